"""The Dask backend: a local cluster of two worker processes on loopback plays a study game by
game exactly as the local backend does (each game's seed comes from the study, not the worker)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from grapeshot.lab.results import Store
from grapeshot.lab.runner import run_study
from grapeshot.lab.study import plan

distributed = pytest.importorskip("distributed")


def test_a_dask_cluster_gives_the_local_backends_results_game_by_game(tmp_path: Path) -> None:
    study = plan(ruleset="jimlad", kind="sweep", factions="snake-bites,deff-skulls,blood-axes", games_per_pair=4, seed=21, variants=["grapeshot=d3"])
    with Store(tmp_path / "local.sqlite") as store:
        store.bind(study)
        run_study(study, store, backend="local", workers=1)
        local = store.records()
    assert len(local) == study.total == 24
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None, host="127.0.0.1", silence_logs=logging.ERROR
        ) as cluster,
        Store(tmp_path / "dask.sqlite") as store,
    ):
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        store.bind(study)
        info = run_study(study, store, backend="dask", scheduler=cluster.scheduler_address, batch=3)
        assert info.finished and info.played == study.total
        remote = store.records()
    assert remote == local


def test_a_dask_cluster_plays_a_points_calibration_as_the_local_backend_does(tmp_path: Path) -> None:
    """The calibration's plan travels to the workers as a study's does (its points and
    reference inside it), and its games come back the same, game by game."""
    from grapeshot.lab.calibration import plan_calibration

    calibration = plan_calibration(ruleset="woodenships", pieces="canoe", budgets=[24, 36], games=2, seed=4, player="random")
    with Store(tmp_path / "local.sqlite") as store:
        store.bind(calibration)
        run_study(calibration, store, backend="local", workers=1)
        local = store.records()
    with Store(tmp_path / "dask.sqlite") as store:
        store.bind(calibration)
        info = run_study(calibration, store, backend="dask", workers=2)
        assert info.finished and info.played == calibration.total == 4
        remote = store.records()
    assert remote == local and [r.variant for r in remote] == ["canoe@24", "canoe@36", "canoe@24", "canoe@36"]
