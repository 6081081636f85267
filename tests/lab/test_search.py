"""The search for the fair cost (:mod:`grapeshot.lab.search`): on simulated pieces whose score is
a known function of the budget the search's interval holds the true fair budget at least as
often as it states; on the toss-up (whose pips toss level at 6 points) it finds 6, the same
whatever the batches or a real process pool, resumes a stopped search to the same answer, and
speaks from the command line."""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import multiprocessing
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.lab.calibration import Calibration
from grapeshot.lab.records import GameRecord
from grapeshot.lab.results import Store
from grapeshot.lab.runner import ProcessPool, run_study
from grapeshot.lab.search import Bracket, Found, Search, most_steps, plan_search, run_search
from grapeshot.lab.sequential import ALPHA, Answer, Looker

#: the simulated piece's fair budget, between the toss-up's rungs (its pips cost 2 points each)
TRUE = 9.3


def _simulated(calibration: Calibration, store: Store, looker: Looker, rng: random.Random) -> object:
    """A step played by simulation: the piece's side wins with a chance that is a logistic of the
    fleet's cost, one half at :data:`TRUE`; stored and looked at as the runner does."""
    have: set[int] = set()
    batch: list[GameRecord] = []
    for spec in calibration.games():
        if looker.stopping is not None:
            break
        if not looker.wanted(spec.index):
            continue
        point = calibration.points[spec.variant]
        win = rng.random() < 1 / (1 + math.exp(-(point.cost - TRUE) / 2))
        piece_seat = calibration.seat_of_piece(spec.index)
        other = next(s for s in calibration.seats if s != piece_seat)
        batch.append(GameRecord(spec.index, spec.seed, point.label, spec.factions, piece_seat if win else other, None, "higher-roll", 1, ()))
        have.add(spec.index)
        if spec.index + 1 >= looker.next:  # a look's games are all in: store them and take it
            store.add(batch)
            batch.clear()
            looker.advance(have, lambda lo, n: store.records(below=n, since=lo))
    return looker.stopping


def _found(search: Search, folder: Path, rng: random.Random) -> Found:
    return run_search(search, folder, lambda c, s, lk: _simulated(c, s, lk, rng))


@pytest.mark.usefixtures("toy")
def test_the_interval_holds_the_true_fair_budget_at_the_stated_rate(tmp_path: Path) -> None:
    search = plan_search(ruleset="tossup", budgets="2,30", games=300, within=0.1)
    runs, held = 20, 0
    for k in range(runs):
        row = _found(search, tmp_path / str(k), random.Random(k)).to_json()["pieces"][0]
        low, high = row["even_low"], row["even_high"]
        held += (low is None or low <= TRUE) and (high is None or high >= TRUE)
    # at most alpha wrong, and with the answers' rate shared out, far fewer in practice
    assert held >= runs * (1 - ALPHA)


def test_a_bracket_halves_and_tests_an_end_only_when_it_shrinks_to_it() -> None:
    b = Bracket((2, 4, 6, 8, 10))
    assert b.next() == 2
    b.told(2, Answer("q", 10, 0.9, 0.8, 1.0, "above"))
    assert b.next() == 1
    b.told(1, Answer("q", 10, 0.9, 0.8, 1.0, "above"))
    assert b.next() == 0  # shrunk to the cheapest fleet, never seen: test it
    b.told(0, Answer("q", 10, 0.9, 0.8, 1.0, "above"))
    assert b.next() is None and b.interval == (None, 2) and b.estimate is None
    assert "below the range" in b.why(0.05, 10)
    assert most_steps(5) == 4 and most_steps(1) == 1


def _run_toy(search: Search, path: Path, **kw: Any) -> Found:
    return run_search(search, path, lambda c, s, lk: run_study(c, s, stop=lk, **kw))


def _register() -> None:
    import tests.lab.toy_preload  # noqa: F401  (puts the toss-up in the worker's registry)


@pytest.mark.usefixtures("toy")
def test_the_toss_up_search_finds_six_the_same_on_any_pool_and_resumed(tmp_path: Path) -> None:
    search = plan_search(ruleset="tossup", budgets="2,16", games=400, seed=1, within=0.1)
    one = _run_toy(search, tmp_path / "one", workers=1, batch=1).to_json()
    row = one["pieces"][0]
    assert row["even_low"] <= 6 <= row["even_high"] and one["finished"]
    assert row["games"] < 400 * len(row["steps"])  # clear-cut steps stopped early
    seven = _run_toy(search, tmp_path / "seven", workers=1, batch=7).to_json()
    # the same steps, each stopped at the same look (games in flight past it aside)
    assert seven["pieces"] == one["pieces"] and [s["played"] for s in seven["steps"]] == [s["played"] for s in one["steps"]]
    executor = cf.ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"), initializer=_register)
    try:
        pooled = _run_toy(search, tmp_path / "pool", pool=ProcessPool(executor, 2), batch=3).to_json()
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    assert pooled["pieces"] == one["pieces"]
    # stopped part way (a step left unstopped by a limit), then run again: the same answer
    part = _run_toy(search, tmp_path / "resumed", workers=1, batch=5, limit=30)
    assert not part.finished
    again = _run_toy(search, tmp_path / "resumed", workers=1, batch=5).to_json()
    assert again["pieces"] == one["pieces"]


@pytest.mark.usefixtures("toy")
def test_calibrate_search_prints_the_fair_cost_and_why_and_refuses_one_budget(tmp_path: Path) -> None:
    out = tmp_path / "s"
    args = ["calibrate", "--ruleset", "tossup", "--search", "--budgets", "2,16", "--games", "200", "--within", "0.1", "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--quiet"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "The search stopped when every piece's fair budget was found" in said and "pip: " in said
    summary = json.loads((out / "search.json").read_text())
    assert summary["pieces"][0]["why"] in said and len(list((out / "search").glob("step-*.sqlite"))) == len(summary["steps"])
    assert CliRunner().invoke(app, [*args, "--quiet"]).exit_code == 0
    assert json.loads((out / "search.json").read_text())["pieces"] == summary["pieces"]
    refused = CliRunner().invoke(app, ["calibrate", "--ruleset", "tossup", "--search", "--budgets", "6", "--out", str(tmp_path / "r")])
    assert refused.exit_code == 2 and "a search needs a range of budgets" in refused.output
