"""The lab serves any rule set with lab factions, and switches rule modules on and off.

The rule set and the module here are the test-only ones of ``toy.py`` (a toss-up whose sides
add a bonus to one die, and a module giving the first seat an edge); the real rule set is
checked the same way where it can be (Jim Lad has no modules to switch yet).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.capabilities import TableChange
from grapeshot.core.scenario import load_scenario
from grapeshot.lab.play import play_batch
from grapeshot.lab.study import StudyError, parse_variant, plan
from grapeshot.lab.summary import summarise
from tests.lab.toy import SIDES
from tests.toy import race

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("toy")


def toss_win(a: int, b: int) -> tuple[Fraction, Fraction]:
    """Exactly: the chance that a die plus ``a`` beats a die plus ``b``, and that they tie."""
    wins = sum(1 for x in range(1, 7) for y in range(1, 7) if x + a > y + b)
    ties = sum(1 for x in range(1, 7) for y in range(1, 7) if x + a == y + b)
    return Fraction(wins, 36), Fraction(ties, 36)


def test_a_rule_set_without_lab_factions_is_refused_before_any_work(tmp_path: Path) -> None:
    """The conformance suite's toy race offers no capabilities at all."""
    with pytest.raises(StudyError, match="the rule set 'toy' has no lab factions"):
        plan(ruleset="toy", scenario=race())
    for command in (["tournament"], ["sweep", "--variant", "turns=2"]):
        result = runner.invoke(app, [*command, "--ruleset", "toy", "--out", str(tmp_path / "out"), "--quiet"])
        assert result.exit_code == 2
        assert "the rule set 'toy' has no lab factions" in " ".join(result.output.split())
        assert not (tmp_path / "out").exists()


def test_a_tournament_of_another_rule_set_pairs_its_factions_and_matches_the_exact_odds() -> None:
    """Plus (+1) against minus (-1) on one die: the plus side scores 26/36 + half of 4/36 = 7/9;
    over 600 games the score's standard error is 0.017, so 0.07 is a four-sigma band."""
    study = plan(ruleset="tossup", factions="plus,minus", games_per_pair=600, seed=4)
    assert study.scenario == "toss" and study.factions == ("plus", "minus")
    records = play_batch(study, list(study.games()))
    for r in records:
        assert r.objective in ("higher-roll", "draw")
        assert set(r.factions) == {"plus", "minus"}
        assert r.winner_faction == (None if r.winner is None else dict(zip(study.seats, r.factions, strict=True))[r.winner])
        assert dict(r.tallies)["sixes"] in (0, 1, 2)
    summary = summarise(study, records)
    v = summary["variants"]["baseline"]
    wins, ties = toss_win(1, -1)
    assert v["matrix"]["plus"]["minus"]["score"] == pytest.approx(float(wins + ties / 2), abs=0.07)
    assert v["draws"] / v["games"] == pytest.approx(float(ties), abs=0.04)
    # a die shows six a sixth of the time: two dice a game
    assert v["tallies"]["sixes"]["mean"] == pytest.approx(2 / 6, abs=0.08)
    assert summary["words"] == {
        "faction": "side",
        "factions": "sides",
        "objectives": {"higher-roll": "the higher roll", "draw": "a draw"},
        "tallies": {"sixes": "sixes"},
    }
    assert list(v["objectives"]) == ["higher-roll", "draw"]
    assert set(v["factions"]["plus"]["wins_by"]) == {"higher-roll"}


def test_module_switches_and_options_in_a_sweep() -> None:
    study = plan(
        ruleset="tossup",
        kind="sweep",
        factions="level,minus",
        games_per_pair=200,
        seed=2,
        variants=["edge=on", "big:edge=on,edge.bonus=6"],
    )
    assert [v.modules for v in study.variants] == [(), (("edge", True),), (("edge", True),)]
    assert study.variants[1].label == "edge=on"
    assert study.variants[2].options == (("edge.bonus", 6),)
    assert [study.modules_for(i) for i in range(3)] == [[], ["edge"], ["edge"]]
    records = play_batch(study, list(study.games()))
    by = {label: [r for r in records if r.variant == label] for label in ("baseline", "edge=on", "big")}
    assert all("edge.edges given" not in dict(r.tallies) for r in by["baseline"])
    assert all(dict(r.tallies)["edge.edges given"] == 1 for r in by["edge=on"] + by["big"])
    summary = summarise(study, records)
    seat = {label: summary["variants"][label]["first_seat"]["score"] for label in by}
    # level (0) against minus (-1), seats swapped every round: without the edge the first seat
    # scores 0.5; an edge of 1 makes it 7/9 when level sits first and 1/2 when minus does
    # (0.64 in all); an edge of 6 loses nothing and ties only a minus 1 against a level 6
    # (1 - 1/144 in all). 200 games a variant: standard errors of 0.035 at most
    wins, ties = toss_win(1, -1)
    assert seat["baseline"] == pytest.approx(0.5, abs=0.12)
    assert seat["edge=on"] == pytest.approx(float((wins + ties / 2 + Fraction(1, 2)) / 2), abs=0.12)
    assert seat["big"] == pytest.approx(1 - 1 / 144, abs=0.03)
    assert summary["comparisons"][1]["first_seat"]["p"] < 0.05


def test_a_module_the_scenario_has_switched_off(tmp_path: Path) -> None:
    data = json.loads(json.dumps(dict(load_scenario("toss", "tossup").raw)))
    data["modules"] = ["edge"]
    path = tmp_path / "edged.yaml"
    path.write_text(json.dumps(data))
    study = plan(ruleset="tossup", scenario=str(path), factions="plus,minus", games_per_pair=2, variants=["plain:edge=off"])
    assert [study.modules_for(i) for i in range(2)] == [["edge"], []]
    records = play_batch(study, list(study.games()))
    assert [dict(r.tallies).get("edge.edges given", 0) for r in records] == [1, 0, 1, 0]


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ("edge.bonus=2", "an option of tossup or of a module in play"),
        ("edge=on,edge.bonus=9", "a value from 0 to 6"),
        ("edge=on,edge.colour=2", "one of the edge options"),
        ("edge=maybe", "switched on or off"),
        ("edge=off", "changes nothing"),
        ("dicey=2", "neither an option of tossup"),
        ("side.plus.bonus=1.5", "a whole number"),
        ("side.plus.colour=1", "side.<side>.bonus"),
        ("sides.plus.bonus=1", "'sides' is neither a rule module (edge)"),
        ("sides.plus.bonus=1", "nor a table of tossup (side.<side>.bonus=<whole number>)"),
    ],
)
def test_variants_are_checked_against_the_rule_sets_and_the_modules_options(variant: str, message: str) -> None:
    with pytest.raises(StudyError, match=re.escape(message)):
        plan(ruleset="tossup", kind="sweep", factions="plus,minus", games_per_pair=1, variants=[variant])


def test_table_changes_are_in_force_for_the_game_only() -> None:
    before = dict(SIDES)
    v = parse_variant("even:side.plus.bonus=-1", "tossup")
    assert v.changes == (TableChange("side.plus.bonus", -1),)
    study = plan(ruleset="tossup", kind="sweep", factions="plus,minus", games_per_pair=400, seed=8, variants=[v])
    records = play_batch(study, list(study.games()))
    assert before == SIDES
    summary = summarise(study, records)
    # with plus at -1 the two sides are alike: a score of 0.5 (0.025 standard error over 400 games)
    assert summary["variants"]["even"]["matrix"]["plus"]["minus"]["score"] == pytest.approx(0.5, abs=0.1)
    assert summary["variants"]["baseline"]["matrix"]["plus"]["minus"]["score"] > 0.65
    assert summary["comparisons"][0]["factions"][0]["significant"]


def test_the_report_and_the_commands_use_the_rule_sets_words(tmp_path: Path) -> None:
    args = ["sweep", "--ruleset", "tossup", "--factions", "plus,level,minus", "--games-per-pair", "6", "--workers", "1", "--quiet"]
    result = runner.invoke(app, [*args, "--variant", "edge=on,edge.bonus=2", "--variant", "side.minus.bonus=0", "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    assert "side" in result.output and "klan" not in result.output
    html = (tmp_path / "s" / "report.html").read_text()
    assert "won by the higher roll" in html and "score of the row side against the column side" in html
    assert "sixes" in html and "edge.edges given" in html and "klan" not in html
    summary = json.loads((tmp_path / "s" / "summary.json").read_text())
    assert summary["study"]["factions"] == ["plus", "level", "minus"]
    assert summary["study"]["variants"][1]["modules"] == {"edge": True}
    assert summary["study"]["variants"][2]["changes"] == [{"key": "side.minus.bonus", "value": 0}]
    rows = (tmp_path / "s" / "ratings.csv").read_text().splitlines()
    assert rows[0].startswith("variant,rank,faction,") and rows[0].endswith(",wins_higher-roll")
    wrong = runner.invoke(app, ["tournament", "--ruleset", "tossup", "--factions", "plus,heads", "--out", str(tmp_path / "t"), "--quiet"])
    assert wrong.exit_code == 2
    assert "unknown side(s) heads; the sides of tossup: plus, level, minus" in " ".join(wrong.output.split())
