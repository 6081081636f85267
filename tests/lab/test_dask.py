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


def test_a_cluster_of_real_processes_stops_a_study_where_the_local_run_does(tmp_path: Path, toy: None) -> None:
    """A scheduler and two workers started as processes of their own (``dask scheduler``, ``dask
    worker``), as on a real cluster: a study that stops when known stops at the same look, with the
    same games counted and the same answers, as the local run of the same seed."""
    import os
    import socket
    import subprocess
    import sys
    import time

    from grapeshot.lab.sequential import Looker

    study = plan(kind="tournament", ruleset="tossup", factions="all", games_per_pair=300, seed=3)
    with Store(tmp_path / "local.sqlite") as store:
        store.bind(study)
        local_stop = Looker(study)
        local = run_study(study, store, workers=1, stop=local_stop)
        local_counted = [r for r in store.records() if local_stop.counts(r)]
    assert local.stopping is not None and local.stopping.answered

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    dask = [str(Path(sys.executable).with_name("dask"))]
    # the workers import the test's toy rule set: they run from the repository, with it on their path
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[2]), *filter(None, [os.environ.get("PYTHONPATH")])])}
    procs = [subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], env=env, stderr=subprocess.DEVNULL)]
    try:
        time.sleep(1.0)
        procs += [
            subprocess.Popen(
                [*dask, "worker", address, "--nthreads", "1", "--no-dashboard", "--preload", "tests.lab.toy_preload"], env=env, stderr=subprocess.DEVNULL
            )
            for _ in range(2)
        ]
        client = distributed.Client(address, timeout="30s")
        try:
            client.wait_for_workers(2, timeout=60)
        finally:
            client.close()
        with Store(tmp_path / "cluster.sqlite") as store:
            store.bind(study)
            remote_stop = Looker(study)
            remote = run_study(study, store, backend="dask", scheduler=address, batch=4, stop=remote_stop)
            remote_counted = [r for r in store.records() if remote_stop.counts(r)]
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(timeout=30)
    assert remote.backend == "dask" and remote.played >= local.stopping.played
    assert remote.stopping == local.stopping and remote_counted == local_counted
