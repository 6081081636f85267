"""The points calibration (``grapeshot calibrate``): its arithmetic with exact values (the
crossing, the band's interval and its open ends, falling curves, the fair cost), its plan (seats
swapped every other game of a point, budgets that buy the same fleet played once), its summary
of stored games counted by hand, a real small run with its report, its refusals, the same
numbers from one worker and from two, and a run stopped by Ctrl-C leaving a partial report."""

from __future__ import annotations

import csv
import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.lab.calibration import (
    Calibration,
    CalibrationError,
    Even,
    band,
    crossing,
    even_budget,
    fair_cost,
    parse_budgets,
    plan_calibration,
    summarise_calibration,
    text_vs_fair,
)
from grapeshot.lab.calibration_report import cells, verdict
from grapeshot.lab.records import GameRecord
from grapeshot.lab.results import Store
from grapeshot.lab.runner import run_study
from grapeshot.lab.stats import wilson

runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- the arithmetic


def test_the_score_crosses_one_half_linearly_between_the_budgets() -> None:
    assert crossing([24.0, 36.0, 48.0], [0.2, 0.4, 0.8]) == pytest.approx(39.0)
    assert crossing([24.0, 36.0, 48.0], [0.8, 0.4, 0.2]) == pytest.approx(33.0)  # a falling curve
    assert crossing([24.0, 36.0], [0.6, 0.9]) is None
    assert crossing([24.0, 36.0, 48.0], [0.3, 0.5, 0.7]) == 36.0
    assert crossing([24.0], [0.5]) == 24.0 and crossing([24.0], [0.6]) is None


def test_the_even_budget_s_interval_runs_where_the_band_holds_one_half() -> None:
    xs = [24.0, 36.0, 48.0]
    # rising: the upper curve reaches 1/2 at 24 + 0.15/0.2 * 12 = 33, the lower at 36 + 0.2/0.3 * 12 = 44
    rising = even_budget(xs, [0.2, 0.4, 0.8], [0.1, 0.3, 0.6], [0.35, 0.55, 0.9])
    assert rising.budget == pytest.approx(39.0) and rising.low == pytest.approx(33.0) and rising.high == pytest.approx(44.0)
    # falling: the lower curve leaves 1/2 at 24 + 0.1/0.3 * 12 = 28, the upper at 36 + 0.05/0.2 * 12 = 39
    falling = even_budget(xs, [0.8, 0.4, 0.2], [0.6, 0.3, 0.1], [0.9, 0.55, 0.35])
    assert falling.budget == pytest.approx(33.0) and falling.low == pytest.approx(28.0) and falling.high == pytest.approx(39.0)
    assert band(xs, [0.6, 0.3, 0.1], [0.9, 0.55, 0.35]) == pytest.approx((28.0, 39.0))


def test_an_interval_is_open_where_the_band_still_holds_one_half_at_the_last_budget_tried() -> None:
    xs = [24.0, 36.0]
    # the band holds 1/2 at 24 already: open below; the lower curve reaches it at 24 + 0.2/0.3 * 12 = 32
    assert even_budget(xs, [0.45, 0.75], [0.3, 0.6], [0.6, 0.9]) == Even(26.0, None, 32.0)
    # and at both ends: open both ways
    assert even_budget(xs, [0.4, 0.6], [0.1, 0.2], [0.8, 0.9]) == Even(30.0, None, None)
    # strong at every budget, rising: the even budget lies below the smallest tried
    assert even_budget(xs, [0.8, 0.9], [0.6, 0.7], [0.9, 0.95]) == Even(None, None, 24.0)
    # weak at every budget, rising: above the largest
    assert even_budget(xs, [0.1, 0.2], [0.05, 0.1], [0.3, 0.4]) == Even(None, 36.0, None)
    # strong everywhere but falling: above the largest; weak everywhere and falling: below the smallest
    assert even_budget(xs, [0.9, 0.8], [0.7, 0.6], [0.95, 0.9]) == Even(None, 36.0, None)
    assert even_budget(xs, [0.2, 0.1], [0.1, 0.05], [0.4, 0.3]) == Even(None, None, 24.0)


def test_the_fair_cost_scales_the_text_s_cost_by_the_reference_s_over_the_even_budget() -> None:
    assert fair_cost(6, 36, 39.0) == pytest.approx(6 * 36 / 39) and fair_cost(6, 36, 24.0) == pytest.approx(9.0)
    assert fair_cost(6, 36, None) is None
    assert text_vs_fair(6, 9.0) == pytest.approx(-1 / 3) and text_vs_fair(6, 4.0) == pytest.approx(0.5) and text_vs_fair(6, None) is None


def test_budgets_are_positive_whole_numbers() -> None:
    assert parse_budgets("24, 36,48") == (24, 36, 48)
    for text, said in (("24,x", "'x' is not a whole number"), ("24,0", "'0' is not a positive"), ("-3", "'-3' is not a positive"), (" , ", "no budgets")):
        with pytest.raises(CalibrationError, match=said):
            parse_budgets(text)


# --------------------------------------------------------------------------- the plan and its summary


@pytest.fixture(scope="module")
def small() -> Calibration:
    return plan_calibration(ruleset="woodenships", pieces="canoe,wide", budgets=[24, 36, 37], games=4, seed=3)


def test_a_plan_plays_each_point_against_the_reference_seats_swapped_every_other_game(small: Calibration) -> None:
    # 37 points buy no more canoes or wide-ship sections than 36: played once, at 36; the smallest
    # wide ship (two sections) costs 27, more than 24 points
    assert [p.label for p in small.points] == ["canoe@24", "canoe@36", "wide@24", "wide@36"]
    assert [(p.pieces, p.cost) for p in small.points] == [(8, 24), (12, 36), (1, 27), (1, 36)]
    assert small.total == 16 and small.reference == "narrow" and small.reference_cost == 36
    specs = list(small.games())
    assert [s.factions for s in specs[:4]] == [("canoe@24", "narrow"), ("canoe@36", "narrow"), ("wide@24", "narrow"), ("wide@36", "narrow")]
    assert [s.factions for s in specs[4:8]] == [("narrow", "canoe@24"), ("narrow", "canoe@36"), ("narrow", "wide@24"), ("narrow", "wide@36")]
    assert [small.seat_of_piece(i) for i in (0, 3, 4, 7, 8, 12)] == ["red", "red", "blue", "blue", "red", "blue"]
    assert len({s.seed for s in specs}) == 16
    # a point's games are the same whatever is calibrated beside it
    alone = plan_calibration(ruleset="woodenships", pieces="wide", budgets=[36], games=4, seed=3)
    assert [(s.seed, s.factions) for s in alone.games()] == [(s.seed, s.factions) for s in specs if s.variant == 3]
    assert plan_calibration(ruleset="woodenships", pieces="wide", budgets=[36], games=4, seed=4).spec(0).seed != alone.spec(0).seed
    assert dict(small.options) == {"cost_margin": 1000, "equal_figures": False}


def test_the_summary_counts_the_piece_s_wins_and_half_its_draws_by_its_seat(small: Calibration) -> None:
    """Made-up results: canoe@24 wins games 0 and 4 (red, then blue) and loses 8 and 12; canoe@36
    wins all four; wide@24 draws every game; wide@36 has no games yet."""

    def record(index: int, winner: str | None) -> GameRecord:
        spec = small.spec(index)
        return GameRecord(index, spec.seed, small.points[spec.variant].label, spec.factions, winner, None, "draw" if winner is None else "points", 3)

    records = [record(0, "red"), record(4, "blue"), record(8, "blue"), record(12, "red")]
    records += [record(i, small.seat_of_piece(i)) for i in (1, 5, 9, 13)]
    records += [record(i, None) for i in (2, 6, 10, 14)]
    summary = summarise_calibration(small, records)
    canoe, wide = summary["pieces"]
    assert [(p["games"], p["score"]) for p in canoe["points"]] == [(4, 2.0), (4, 4.0)]
    assert (canoe["points"][0]["low"], canoe["points"][0]["high"]) == pytest.approx(wilson(2.0, 4))
    # the score rises from 1/2 at 24 points to 1 at 36, but over 4 games a budget that is no rise
    # beyond chance (p = 0.10): its crossing, at the lowest budget's edge, is not read as the even
    # budget, and no fair cost follows; the band still holds 1/2 at 24 (open below) until the lower
    # curve reaches it between 24 and 36
    low36 = wilson(4.0, 4)[0]
    assert canoe["flat"] and canoe["even"] is None and canoe["even_low"] is None
    assert canoe["even_high"] == pytest.approx(24.0 + (0.5 - wilson(2.0, 4)[0]) / (low36 - wilson(2.0, 4)[0]) * 12.0)
    assert canoe["text_cost"] == 3 and canoe["fair"] is None and canoe["text_vs_fair"] is None
    assert canoe["fair_high"] is None and canoe["fair_low"] == pytest.approx(3 * 36 / canoe["even_high"])
    assert [(p["games"], p["score"]) for p in wide["points"]] == [(4, 2.0), (0, 0.0)] and wide["even"] == 27.0  # its cost, not its budget
    assert summary["games_stored"] == 12 and summary["words"] == {"piece": "ship type", "pieces": "ship types"}
    assert canoe["rising"] is True and wide["rising"] is None  # wide: one budget played
    assert "not priced by cost" not in cells(canoe)[-1]


def test_a_score_that_does_not_rise_with_the_budget_is_said_to_be_no_price(small: Calibration) -> None:
    """Made-up results where more canoes do worse (all four won at 24 points, none at 36): the
    fair cost's scaling does not apply, and the table says so."""

    def record(index: int, won: bool) -> GameRecord:
        spec = small.spec(index)
        seat = small.seat_of_piece(index)
        winner = seat if won else next(s for s in small.seats if s != seat)
        return GameRecord(index, spec.seed, small.points[spec.variant].label, spec.factions, winner, None, "points", 3)

    records = [record(i, True) for i in (0, 4, 8, 12)] + [record(i, False) for i in (1, 5, 9, 13)]
    canoe = summarise_calibration(small, records)["pieces"][0]
    assert canoe["rising"] is False
    assert cells(canoe)[-1].startswith("not priced by cost: its score does not rise with the budget")


# --------------------------------------------------------------------------- the command


def calibrate(out: Path, *extra: str) -> object:
    args = ["calibrate", "--ruleset", "woodenships", "--pieces", "canoe", "--budgets", "24,36", "--games", "2", "--quiet", "--out", str(out), *extra]
    return runner.invoke(app, args)


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("calibration")
    result = calibrate(out, "--jobs", "1")
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    return out


def rows(out: Path) -> list[dict[str, str]]:
    with (out / "calibration.csv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_a_small_calibration_writes_the_lab_report(one_worker: Path) -> None:
    got = rows(one_worker)
    assert [(r["piece"], r["budget"], r["pieces"], r["cost"], r["games"]) for r in got] == [("canoe", "24", "8", "24", "2"), ("canoe", "36", "12", "36", "2")]
    summary = json.loads((one_worker / "summary.json").read_text())
    (canoe,) = summary["pieces"]
    assert [float(r["score"]) for r in got] == [p["score"] for p in canoe["points"]]
    assert all(0.0 <= p["score"] <= 2.0 for p in canoe["points"]) and summary["games_stored"] == 4
    page = (one_worker / "report.html").read_text()
    assert "<h2>Points calibration</h2>" in page and "calibration.png" in page and (one_worker / "calibration.png").stat().st_size > 0
    for p in canoe["points"]:
        assert f"{p['cost']} pts x{p['pieces']}: {p['rate']:.2f} [{p['low']:.2f}, {p['high']:.2f}]" in page
    assert "<td>canoe</td><td>3</td>" in page


def test_two_workers_give_the_same_numbers_as_one(one_worker: Path, tmp_path: Path) -> None:
    result = calibrate(tmp_path, "--jobs", "2")
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert rows(tmp_path) == rows(one_worker)
    mine, theirs = (json.loads((d / "summary.json").read_text())["pieces"] for d in (tmp_path, one_worker))
    assert mine == theirs


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--ruleset", "jimlad"], "the rule set 'jimlad' has no points calibration (rule sets with one: navalwarhammer, woodenships)"),
        (["--ruleset", "woodenships", "--pieces", "canoe,galleon"], "unknown ship type(s) galleon; the ship types of woodenships: wide, narrow"),
        (["--ruleset", "woodenships", "--budgets", "24,lots"], "budget 'lots' is not a whole number of points"),
        (["--ruleset", "woodenships", "--budgets", "24,-6"], "budget '-6' is not a positive number of points"),
        (["--ruleset", "woodenships", "--games", "0"], "Invalid value for '--games'"),
        (["--ruleset", "atlantis"], "atlantis"),
    ],
)
def test_calibrate_refuses_bad_arguments_naming_them(args: list[str], said: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["calibrate", *args, "--quiet", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert said in flat(result.output) and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_ctrl_c_leaves_a_partial_report(tmp_path: Path) -> None:
    """In a process of its own, as a user runs it: stopped once a game is stored, the command
    writes the report of what is stored, says so and exits 130."""
    out = tmp_path / "out"
    # as from a terminal: Ctrl-C raises KeyboardInterrupt (a test runner's worker may ignore SIGINT, and its children would inherit that)
    start = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); from grapeshot.cli import app; app()"
    command = [sys.executable, "-c", start, "calibrate", "--ruleset", "woodenships", "--pieces", "raft"]
    command += ["--budgets", "24,36", "--games", "40", "--players", "random", "--jobs", "1", "--quiet", "--out", str(out)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 90
    stored = 0
    while stored < 1 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
        if (out / "results.sqlite").exists():
            try:
                with sqlite3.connect(out / "results.sqlite") as db:
                    stored = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            except sqlite3.OperationalError:
                stored = 0
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "stopped" in stderr and "Traceback" not in stderr
    summary = json.loads((out / "summary.json").read_text())
    assert 1 <= summary["games_stored"] < 80 and sum(p["games"] for p in summary["pieces"][0]["points"]) == summary["games_stored"]
    assert "stored of 80" in (out / "report.html").read_text()


# --------------------------------------------------------------------------- the toss-up: a calibration with a known answer


def exact_score(bonus: int) -> float:
    """A toss of a D6 plus ``bonus`` against a D6: the wins and half the draws, of 36."""
    faces = range(1, 7)
    return sum(1.0 if a + bonus > b else 0.5 if a + bonus == b else 0.0 for a in faces for b in faces) / 36


@pytest.mark.usefixtures("toy")
def test_on_the_toss_up_the_calibration_finds_the_even_budget_and_the_fair_cost_it_should(tmp_path: Path) -> None:
    """The toy rule set prices pips at 2 points against the level side, as good as three pips
    (6 points): at 4, 6 and 8 points a fleet of pips tosses with -1, 0 and +1, whose exact scores
    are 12.5/36, 1/2 and 23.5/36. With 600 games a budget each score is within 4 standard errors
    (at most 0.5 / sqrt(600) each) of its exact value, the even budget near 6 and the fair cost
    of a pip near its 2 points."""
    plan = plan_calibration(ruleset="tossup", games=600, seed=5)
    assert [p.label for p in plan.points] == ["pip@4", "pip@6", "pip@8"] and plan.reference_cost == 6
    with Store(tmp_path / "results.sqlite") as store:
        store.bind(plan)
        run_study(plan, store, workers=1)
        records = store.records()
    (pip,) = summarise_calibration(plan, records)["pieces"]
    assert [exact_score(b) for b in (-1, 0, 1)] == pytest.approx([12.5 / 36, 0.5, 23.5 / 36])
    for p, bonus in zip(pip["points"], (-1, 0, 1), strict=True):
        assert p["games"] == 600 and abs(p["rate"] - exact_score(bonus)) < 4 * 0.5 / 600**0.5
    # a score off by 4 standard errors at 6 points moves the crossing by at most 0.08 / 0.076 points
    assert abs(pip["even"] - 6.0) < 1.1 and pip["even_low"] < pip["even"] < pip["even_high"]
    assert pip["fair"] == pytest.approx(2 * 6 / pip["even"]) and abs(pip["fair"] - 2.0) < 0.45
    assert pip["fair_low"] < pip["fair"] < pip["fair_high"] and pip["text_cost"] == 2
    # the winners are credited to the fleets the lab put on the seats
    assert {r.winner_faction for r in records} <= {"pip@4", "pip@6", "pip@8", "level", None}


def test_the_calibration_names_no_rule_set() -> None:
    """The lab's calibration, its report and the seam it asks import no rule set: a rule set
    brings its pricing through ``pricing()``."""
    from tests.dice.test_package import PACKAGE, grapeshot_imports

    for path in (PACKAGE / "lab" / "calibration.py", PACKAGE / "lab" / "calibration_report.py", PACKAGE / "core" / "balance.py", PACKAGE / "cli" / "lab.py"):
        assert path.exists() and [i for i in grapeshot_imports(path) if i.startswith("grapeshot.rulesets")] == [], path


def _made_up(plan: Calibration, won: dict[str, list[bool]]) -> list[GameRecord]:
    """Records of ``plan`` where the piece's fleet at each point wins as ``won[label]`` says, game by game."""
    out, seen = [], dict.fromkeys(won, 0)
    for spec in plan.games():
        label = plan.points[spec.variant].label
        k = seen[label]
        seen[label] += 1
        seat = plan.seat_of_piece(spec.index)
        winner = seat if won[label][k] else next(s for s in plan.seats if s != seat)
        out.append(GameRecord(spec.index, spec.seed, label, spec.factions, winner, None, "points", 3))
    return out


def test_the_reference_s_own_piece_is_a_noise_check_not_a_price() -> None:
    plan = plan_calibration(ruleset="woodenships", pieces="narrow", budgets=[24, 36], games=10, seed=3)
    # the mirror (narrow at 36 against narrow) scores 0.4: within noise of one half
    records = _made_up(plan, {"narrow@24": [False] * 8 + [True] * 2, "narrow@36": [True] * 4 + [False] * 6})
    row = summarise_calibration(plan, records)["pieces"][0]
    assert row["mirror"]["rate"] == pytest.approx(0.4) and row["mirror"]["holds_half"]
    said = cells(row)
    assert said[-1].startswith("the reference: against itself it scores 0.40 [") and "within noise" in said[-1]
    assert "%" not in said[-1] and said[4] == "36 (the reference's own)"


def test_a_piece_not_priced_by_cost_prints_no_cost_and_a_flat_score_no_edge(small: Calibration) -> None:
    falling = _made_up(small, {"canoe@24": [True] * 4, "canoe@36": [False] * 4, "wide@24": [True] * 4, "wide@36": [True] * 4})
    canoe = summarise_calibration(small, falling)["pieces"][0]
    said = cells(canoe)
    assert said[3] == "-" and said[4] == "-" and said[-1] == "not priced by cost: its score does not rise with the budget"
    assert canoe["fair"] is None and canoe["text_vs_fair"] is None
    # a score that rises a little, not beyond chance, is not read where it crosses one half (a flat
    # score at one half crosses at the lowest budget)
    flat_rise = _made_up(small, {"canoe@24": [True] * 3 + [False], "canoe@36": [True] * 4, "wide@24": [True] * 4, "wide@36": [True] * 4})
    canoe = summarise_calibration(small, flat_rise)["pieces"][0]
    assert canoe["flat"] and canoe["even"] is None and canoe["fair"] is None
    assert cells(canoe)[3].startswith("not read: the score does not rise beyond chance [")
    assert verdict(canoe, small.reference_cost).startswith("Can't tell yet what canoe should cost: its score does not rise beyond chance")


def test_the_report_says_what_a_negative_text_vs_fair_means(one_worker: Path) -> None:
    page = flat((one_worker / "report.html").read_text(encoding="utf-8"))
    assert "negative text vs fair</b> means the text asks less than the piece is worth" in page
    assert "how many pieces it buys" in page


def test_each_piece_ends_in_a_verdict_that_never_calls_an_open_interval_fair() -> None:
    def row(lo: float | None, hi: float | None, even: float | None = 30.0, **more: object) -> dict[str, object]:
        return {"piece": "canoe", "even": even, "even_low": lo, "even_high": hi, "rising": True, "mirror": None, **more}

    assert verdict(row(20.0, 30.0), 36).startswith("canoe is too cheap")
    assert verdict(row(40.0, 50.0, 45.0), 36).startswith("canoe is too dear")
    assert verdict(row(33.0, 39.0, 36.0), 36).startswith("canoe is priced about right")
    assert verdict(row(24.0, None, 36.0), 36).startswith("Can't tell yet whether canoe is priced right")
    assert verdict(row(None, None, None), 36).startswith("Can't tell yet what canoe should cost")
    assert verdict(row(20.0, 30.0, rising=False), 36).startswith("canoe is not priced by its cost")
