"""Studies that stop when the answer is known (:mod:`grapeshot.lab.sequential`): the confidence
sequence's stated error rate checked on simulated coin streams of known chance (and the same
check catching a naive rule that peeks at a fixed interval), and the lab's runs stopping at the
same games, with the same answer, whatever the batches, on resuming, and from the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.lab.calibration import plan_calibration
from grapeshot.lab.results import Store
from grapeshot.lab.runner import run_study
from grapeshot.lab.sequential import ALPHA, Looker, half_width, read
from grapeshot.lab.stats import wilson
from grapeshot.lab.study import plan

STREAMS, CAP, LOOK = 1000, 600, 2


def _wrong_rate(p: float, within: float, wrong: set[str], interval: str = "sequence") -> float:
    """The share of simulated streams (a win with chance ``p``, looked at every two games up to
    :data:`CAP`) whose first answer is one of ``wrong``; ``interval`` "wilson" peeks at a fixed 95%
    Wilson interval instead of the confidence sequence."""
    rng = random.Random(20261204)
    bad = 0
    for _ in range(STREAMS):
        points = 0.0
        for n in range(1, CAP + 1):
            points += rng.random() < p
            if n % LOOK:
                continue
            if interval == "wilson":
                low, high = wilson(points, n)
                side = "above" if low > 0.5 else "below" if high < 0.5 else "even" if 0.5 - within <= low and high <= 0.5 + within else "open"
            else:
                side = read("q", points, n, within).side
            if side != "open":
                bad += side in wrong
                break
    return bad / STREAMS


def _tolerance(rate: float = ALPHA) -> float:
    return 3 * (rate * (1 - rate) / STREAMS) ** 0.5


@pytest.mark.parametrize(
    ("p", "wrong"),
    [
        (0.5, {"above", "below"}),  # an even pairing called stronger or weaker
        (0.62, {"below", "even"}),  # a stronger one called weaker, or even within 0.05
        (0.44, {"above", "even"}),  # a weaker one just outside the margin called even, or stronger
    ],
)
def test_the_stated_error_rate_holds_on_coins_of_known_chance(p: float, wrong: set[str]) -> None:
    assert _wrong_rate(p, 0.05, wrong) <= ALPHA + _tolerance()


def test_the_same_check_fails_a_rule_that_peeks_at_a_fixed_interval() -> None:
    """Stopping the first time a plain 95% interval leaves one half is wrong far more often than
    5% of the time: the check above would catch a sequence no better than that."""
    assert _wrong_rate(0.5, 0.05, {"above", "below"}, interval="wilson") > ALPHA + _tolerance()


def test_the_sequence_narrows_as_games_come_and_says_even_only_within_the_margin() -> None:
    assert half_width(0) == float("inf") and half_width(100) > half_width(400) > half_width(1600)
    assert half_width(1000) < 0.05 < half_width(900)
    assert read("q", 700, 1000).side == "above" and read("q", 300, 1000).side == "below"
    assert read("q", 500, 1000, within=0.05).side == "even" and read("q", 500, 1000, within=0.04).side == "open"
    assert read("q", 14, 20).side == "open"  # 70% over 20 games is no answer yet


def _run(study: object, path: Path, **kw: object) -> tuple[object, list[object]]:
    with Store(path) as store:
        store.bind(study)  # type: ignore[arg-type]
        looker = Looker(study)  # type: ignore[arg-type]
        info = run_study(study, store, workers=1, stop=looker, **kw)  # type: ignore[arg-type]
        return info, [r for r in store.records() if looker.counts(r)]


@pytest.mark.usefixtures("toy")
def test_a_tournament_stops_at_the_same_games_whatever_the_batches_and_on_resuming(tmp_path: Path) -> None:
    study = plan(kind="tournament", ruleset="tossup", factions="all", games_per_pair=400, seed=3)
    one, counted = _run(study, tmp_path / "one.sqlite", batch=1)
    stop = one.stopping  # type: ignore[attr-defined]
    assert stop is not None and stop.answered and stop.played < study.total // 3
    # plus and minus toss 1D6 two apart: answered long before level against either
    sides = {a.name: a for a in stop.answers}
    assert sides["plus v minus"].side == "above" and sides["plus v minus"].games < sides["plus v level"].games
    seven, counted7 = _run(study, tmp_path / "seven.sqlite", batch=7)
    assert seven.stopping == stop and counted7 == counted  # type: ignore[attr-defined]
    # stopped part way by a limit, then resumed: the same looks, the same stop, the same games counted
    _run(study, tmp_path / "resumed.sqlite", batch=5, limit=37)
    resumed, counted_r = _run(study, tmp_path / "resumed.sqlite", batch=5)
    assert resumed.stopping == stop and counted_r == counted  # type: ignore[attr-defined]
    # resumed once more with everything stored: nothing to play, the same answer
    again, _ = _run(study, tmp_path / "resumed.sqlite")
    assert again.played == 0 and again.stopping == stop  # type: ignore[attr-defined]


@pytest.mark.usefixtures("toy")
def test_a_question_answered_gets_no_more_games(tmp_path: Path) -> None:
    calibration = plan_calibration(ruleset="tossup", budgets=[2, 6, 12], games=300, seed=5)
    info, counted = _run(calibration, tmp_path / "c.sqlite", batch=3)
    stop = info.stopping  # type: ignore[attr-defined]
    assert stop is not None
    by_point = {a.name: a for a in stop.answers}
    # two pips against the level side's three is lost quickly; six against three won quickly
    assert by_point["pip@2"].side == "below" and by_point["pip@12"].side == "above"
    assert {r.variant for r in counted} == {"pip@2", "pip@6", "pip@12"}
    assert sum(r.variant == "pip@2" for r in counted) == by_point["pip@2"].games < 300


@pytest.mark.usefixtures("toy")
def test_calibrate_says_why_it_stopped_in_its_output_and_its_report(tmp_path: Path) -> None:
    out = tmp_path / "cal"
    args = ["calibrate", "--ruleset", "tossup", "--budgets", "2,12", "--games", "200", "--sequential", "--workers", "1", "--out", str(out), "--quiet"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "The study stopped when every one of its 2 questions was answered" in said
    summary = json.loads((out / "summary.json").read_text())
    assert summary["stopping"]["answered"] and summary["stopping"]["played"] < 400
    assert "why it stopped" in (out / "report.html").read_text()
    # the same command again resumes to the same stop and plays nothing
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0 and "nothing to play" in again.output
    assert json.loads((out / "summary.json").read_text())["stopping"] == summary["stopping"]


@pytest.mark.usefixtures("toy")
def test_a_tournament_stops_when_known_and_a_sweep_refuses_to(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ["tournament", "--ruleset", "tossup", "--games-per-pair", "300", "--sequential", "--seed", "3", "--workers", "1", "--out", str(out), "--quiet"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert "The study stopped when every one of its 3 questions was answered" in " ".join(result.output.split())
    # the report is made of the games counted, not of the cap
    assert summary["variants"]["baseline"]["games"] == summary["stopping"]["played"] < 900
    assert "why it stopped" in (out / "report.html").read_text()
    refused = CliRunner().invoke(app, ["sweep", "--ruleset", "tossup", "--variant", "dice=2", "--sequential", "--out", str(tmp_path / "s")])
    assert refused.exit_code == 2 and "--sequential" in refused.output  # a sweep plays its fixed games
