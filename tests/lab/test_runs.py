"""Playing studies: records, reproducibility, the results store, interrupted runs that resume."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.capabilities import TableChange
from grapeshot.core.ruleset import get
from grapeshot.geometry import Facing
from grapeshot.lab.play import play_batch
from grapeshot.lab.records import GameRecord
from grapeshot.lab.results import Store, StoreMismatch, StoreOutdated
from grapeshot.lab.runner import BackendError, Interrupted, open_pool, run_study
from grapeshot.lab.study import Study
from grapeshot.lab.study import plan as plan_study
from grapeshot.rulesets.jimlad.data import KLANS, Klan

OBJECTIVES = {"last-boat-afloat", "weez-da-only-fleet", "best-of-the-rest", "draw"}


def plan(**kwargs: Any) -> Study:
    """A study of Jim Lad (the lab's subject in these tests)."""
    return plan_study(ruleset="jimlad", **kwargs)


@pytest.fixture(scope="module")
def study() -> Study:
    """Four klans, six pairings, four games each (24 games): small but with every seating."""
    return plan(factions="freebooterz,goffs,evil-sunz,bad-moons", games_per_pair=4, seed=11)


def play_all(study: Study, path: Path, **kwargs: object) -> list[GameRecord]:
    with Store(path) as store:
        store.bind(study)
        info = run_study(study, store, **kwargs)  # type: ignore[arg-type]
        assert info.finished
        return store.records()


@pytest.fixture(scope="module")
def reference(study: Study, tmp_path_factory: pytest.TempPathFactory) -> list[GameRecord]:
    """The study played in this process, uninterrupted."""
    return play_all(study, tmp_path_factory.mktemp("ref") / "results.sqlite", workers=1)


def test_records_are_small_and_consistent(study: Study, reference: list[GameRecord]) -> None:
    assert [r.index for r in reference] == list(range(study.total))
    for r in reference:
        spec = study.spec(r.index)
        assert (r.seed, r.factions, r.variant) == (spec.seed, spec.factions, "baseline")
        assert r.objective in OBJECTIVES
        assert 1 <= r.turns <= 12
        tallies = dict(r.tallies)
        assert tallies.get("ships sunk", 0) in (0, 1, 2) and tallies["harbour visits with gold spent"] >= 0
        if r.winner is None:
            assert r.objective == "draw" and r.winner_faction is None
        else:
            assert r.winner_faction == dict(zip(study.seats, r.factions, strict=True))[r.winner]
        assert GameRecord.from_json(r.to_json()) == r


def test_a_game_depends_on_its_spec_alone(study: Study, reference: list[GameRecord]) -> None:
    # played alone, backwards, or in other batches: the same records
    specs = list(study.games())
    assert [study.play(specs[5])] == [reference[5]]
    assert list(reversed(play_batch(study, list(reversed(specs[:6]))))) == reference[:6]


def test_the_same_seed_reproduces_the_study_with_a_process_pool(study: Study, reference: list[GameRecord], tmp_path: Path) -> None:
    assert play_all(study, tmp_path / "pool.sqlite", workers=2, batch=2) == reference
    other = plan(factions="freebooterz,goffs,evil-sunz,bad-moons", games_per_pair=4, seed=12)
    assert play_all(other, tmp_path / "other.sqlite", workers=1) != reference


def test_an_interrupted_run_resumes_to_the_same_results(study: Study, reference: list[GameRecord], tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    with Store(path) as store:
        store.bind(study)
        first = run_study(study, store, workers=1, batch=3, limit=7)
        assert not first.finished and first.played == 7
        assert store.records() == reference[:7]
    calls = []

    def stop_after_two_batches(n: int) -> None:
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with Store(path) as store:
        store.bind(study)
        with pytest.raises(Interrupted) as stopped:
            run_study(study, store, workers=1, batch=3, progress=stop_after_two_batches)
        assert stopped.value.info.already == 7 and stopped.value.info.played == 6
        assert store.count() == 13
    with Store(path) as store:  # a new process would see the same file
        store.bind(study)
        last = run_study(study, store, workers=2, batch=2)
        assert last.finished and (last.already, last.played) == (13, study.total - 13)
        assert store.records() == reference
        again = run_study(study, store, workers=1)
        assert again.finished and again.played == 0


def test_the_store_refuses_another_study_unless_fresh(study: Study, tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    with Store(path) as store:
        store.bind(study)
        run_study(study, store, workers=1, limit=2)
    other = plan(factions="freebooterz,goffs,evil-sunz,bad-moons", games_per_pair=4, seed=99)
    with Store(path) as store:
        with pytest.raises(StoreMismatch, match="seed"):
            store.bind(other)
        store.bind(other, fresh=True)
        assert store.count() == 0
    longer = plan(factions="freebooterz,goffs,evil-sunz,bad-moons", games_per_pair=8, seed=99)
    with Store(path) as store:
        store.bind(longer)  # a longer study of the same identity extends it


def test_variant_klan_changes_apply_for_the_game_and_are_undone() -> None:
    before = dict(KLANS)
    study = plan(
        kind="sweep",
        factions="goffs,evil-sunz",
        games_per_pair=2,
        seed=5,
        variants=["klan.goffs.move_dice=2,klan.evil-sunz.armour.port=3,klan.evil-sunz.manned_torpedoes=true"],
    )
    records = play_batch(study, list(study.games()))
    assert before == KLANS
    assert [r.variant for r in records] == ["baseline", "klan.goffs.move_dice=2, klan.evil-sunz.armour.port=3, klan.evil-sunz.manned_torpedoes=true"] * 2
    with get("jimlad").need("lab").in_force([TableChange("klan.evil-sunz.armour.port", 3), TableChange("klan.goffs.ram_bonus", 0)]):
        assert dict(KLANS[Klan.EVIL_SUNZ].armour)[Facing.PORT] == 3
        assert KLANS[Klan.GOFFS].ram_bonus == 0
    assert before == KLANS


def test_backend_errors() -> None:
    with pytest.raises(BackendError, match="not included"), open_pool("ray", 2):
        pass
    with pytest.raises(BackendError, match="unknown backend"), open_pool("mpi", 2):
        pass
    with pytest.raises(BackendError, match="dask"), open_pool("local", 2, "tcp://127.0.0.1:1"):
        pass


def test_a_study_of_search_players_plays_and_repeats() -> None:
    """The search player is selectable in a tournament; its choices depend on the game's seed alone."""
    study = plan(factions="goffs,evil-sunz", games_per_pair=2, seed=3, player="search")
    specs = list(study.games())
    first = play_batch(study, specs[:1])
    assert first == play_batch(study, specs[:1])
    assert first[0].objective in OBJECTIVES and first[0].factions in {("goffs", "evil-sunz"), ("evil-sunz", "goffs")}


#: the games table of the stores written before the lab served every rule set
OLD_SCHEMA = """
CREATE TABLE study (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (idx INTEGER PRIMARY KEY, seed TEXT NOT NULL, variant TEXT NOT NULL, klans TEXT NOT NULL, winner TEXT,
    winner_klan TEXT, objective TEXT NOT NULL, turns INTEGER NOT NULL, sunk TEXT NOT NULL);
"""


def test_a_store_of_the_earlier_layout_is_refused_until_started_afresh(study: Study, reference: list[GameRecord], tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    old = study.identity() | {"klans": list(study.factions)}
    del old["factions"]
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO study VALUES ('identity', ?)", (json.dumps(old, sort_keys=True),))
    db.execute("INSERT INTO games VALUES (0, '1', 'baseline', '[\"freebooterz\", \"goffs\"]', 'red', 'freebooterz', 'last-boat-afloat', 5, '[0, 1]')")
    db.commit()
    db.close()
    with Store(path) as store:
        with pytest.raises(StoreOutdated, match=r"earlier version of the lab .*klans.*cannot be resumed"):
            store.bind(study)
        assert store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1  # nothing lost by refusing
    args = ["tournament", "--factions", ",".join(study.factions), "--games-per-pair", "4", "--seed", "11", "--workers", "1", "--quiet", "--out", str(tmp_path)]
    refused = CliRunner().invoke(app, args)
    assert refused.exit_code == 2 and "--fresh" in refused.output and "earlier version" in " ".join(refused.output.split())
    with Store(path) as store:
        store.bind(study, fresh=True)
        assert store.count() == 0 and store.identity() == json.loads(json.dumps(study.identity(), sort_keys=True))
        run_study(study, store, workers=1)
        assert store.records() == reference


BLOCK_MATPLOTLIB = '''
import sys


class _NoMatplotlib:
    """As if the lab extra were not installed: matplotlib cannot be imported."""

    def find_spec(self, name, path=None, target=None):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None


sys.meta_path.insert(0, _NoMatplotlib())
'''


def test_a_tournament_without_the_lab_extra_says_so_before_playing(tmp_path: Path) -> None:
    """Issue 17: without matplotlib the command names the extra to install and plays nothing,
    instead of failing after the last game."""
    import subprocess
    import sys

    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(BLOCK_MATPLOTLIB)
    out = tmp_path / "out"
    env = {"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    args = [str(Path(sys.executable).parent / "grapeshot"), "tournament", "--games-per-pair", "2", "--workers", "1", "--quiet", "--out", str(out)]
    r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "grapeshot[lab]" in r.stderr and "matplotlib" in r.stderr
    assert "Traceback" not in r.stderr
    assert not (out / "results.sqlite").exists()


def test_run_sh_installs_what_the_readmes_commands_use() -> None:
    """The run command sets up the lab extra (the README's tour runs a tournament)."""
    text = (Path(__file__).parents[2] / "scripts" / "run.sh").read_text()
    install = [line for line in text.splitlines() if "pip install" in line]
    assert install and all('".[lab]"' in line for line in install), install
