"""``grapeshot odds`` for any rule set: ``--ruleset``, the rule set's own questions and parameters
(``--questions``), ``--save/--seat/--action`` through the game's own check, and clean refusals
(a message naming what was wrong and what is allowed, exit code 2, no traceback)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.game import Game
from tests.toy import Pace
from tests.toy.odds import RECKONED, reckoned_race

run = CliRunner()


def odds(*args: str) -> tuple[int, str]:
    r = run.invoke(app, ["odds", *args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, " ".join(r.output.split())


def test_a_rule_sets_own_question_with_its_parameters() -> None:
    code, text = odds("--ruleset", "reckoned", "--pace", "3", "--json")
    assert code == 0, text
    data = json.loads(text)
    assert data["method"] == "exact" and data["outcomes"]['4" rowed, capsized']["fraction"] == "1/6"
    code, text = odds("--ruleset", "toy-odds", "--rows", "2", "--pace=1")  # an alias of the rule set; --rows picks its question
    assert code == 0 and "red rows 2 times at pace 1" in text and "1/36" in text
    code, text = odds("--ruleset", "reckoned", "--question", "rows", "--rows", "6", "--samples", "500", "--json")
    assert code == 0 and json.loads(text)["method"] == "monte-carlo" and json.loads(text)["samples"] == 500


def test_the_questions_are_the_rule_sets_own_help() -> None:
    code, text = odds("--ruleset", "reckoned", "--questions")
    assert code == 0
    assert "row (the default)" in text and "rows:" in text and "asked by --question rows or --rows" in text
    assert "--pace: the pace rowed (a whole number from 1 to 3; default 2)" in text and "--rows: how many rows (a whole number from 1 to 12; required)" in text
    code, text = odds("--ruleset", "reckoned", "--questions", "--json")
    listed = json.loads(text)
    assert listed["ruleset"] == "reckoned" and [q["name"] for q in listed["questions"]] == ["row", "rows"]
    assert listed["questions"][1]["params"][1] == {
        "name": "rows",
        "help": "how many rows",
        "kind": "int",
        "allowed": "a whole number from 1 to 12",
        "bounds": [1, 12],
        "required": True,
    }
    code, text = odds("--questions")  # jimlad by default
    assert code == 0 and "kannon (the default)" in text and "--ram-strength" in text


def test_refusals_name_what_was_wrong() -> None:
    for args, words in (
        (["--ruleset", "toy", "--pace", "2"], "the rule set 'toy' has no odds questions"),
        (["--ruleset", "toy", "--questions"], "the rule set 'toy' has no odds questions"),
        (["--ruleset", "nowhere"], "unknown ruleset 'nowhere'"),
        (["--ruleset", "reckoned", "--pace", "4"], "--pace must be a whole number from 1 to 3, not 4"),
        (["--ruleset", "reckoned", "--pace", "two"], "--pace must be a whole number from 1 to 3, not 'two'"),
        (["--ruleset", "reckoned", "--rows", "0"], "--rows must be a whole number from 1 to 12, not 0"),
        (["--ruleset", "reckoned", "--oars", "2"], "--oars is not a parameter of any of reckoned's odds questions"),
        (["--ruleset", "reckoned", "--question", "swim"], "no odds question 'swim'"),
        (["--ruleset", "reckoned", "--seat", "red"], "--seat and --action go with --save"),
    ):
        code, text = odds(*args)
        assert code == 2 and words in text and "Traceback" not in text, (args, text)


def test_an_action_in_a_saved_game_of_any_rule_set(tmp_path: Path) -> None:
    g = Game(RECKONED, reckoned_race(), seed=3)
    save = tmp_path / "race.save.json"
    save.write_text(json.dumps(g.save()))
    code, text = odds("--save", str(save), "--seat", "blue", "--action", json.dumps(Pace(3).to_json()), "--json")
    assert code == 0, text
    outcomes = json.loads(text)["outcomes"]
    assert sum(Fraction(p["fraction"]) for p in outcomes.values()) == 1 and outcomes['4" rowed, capsized']["fraction"] == "1/6"
    for args, words in (
        (["--seat", "blue", "--action", '{"kind": "pace", "pace": 4}'], "that action is not legal now: pace must be 1, 2 or 3, not 4"),
        (["--seat", "green", "--action", '{"kind": "pace", "pace": 2}'], "the game is not waiting for green"),
        (["--seat", "blue", "--action", '{"kind": "fire"}'], "--action:"),
        (["--seat", "blue", "--action", "{not json"], "--action:"),
        (["--seat", "blue"], "--save needs --seat and --action"),
        (["--seat", "blue", "--action", '{"kind": "pace", "pace": 2}', "--pace", "2"], "--save asks about its --action"),
        (["--seat", "blue", "--action", '{"kind": "pace", "pace": 2}', "--ruleset", "jimlad"], "is a game of 'reckoned', not of 'jimlad'"),
    ):
        code, text = odds("--save", str(save), *args)
        assert code == 2 and words in text and "Traceback" not in text, (args, text)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    code, text = odds("--save", str(broken), "--seat", "red", "--action", "{}")
    assert code == 2 and "line 1, column 2: expected JSON" in text
