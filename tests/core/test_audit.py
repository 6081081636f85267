"""The generic part of the auditors (core/audit.py): the log's own form and plain dice, checked on
a played game's log and on copies of it with one record altered; ``grapeshot audit`` on files."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.agents import make, play_out
from grapeshot.cli import app
from grapeshot.core.audit import LOG, against, audit, audit_game, plain_dice
from grapeshot.core.game import Game
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import load_scenario


@pytest.fixture(scope="module")
def played() -> Game:
    rs = get("jimlad")
    game = Game(rs, load_scenario("duel", "jimlad"), None, 5)
    play_out(game, {s: make("random", i, rs.name) for i, s in enumerate(rs.seats_of(game.state))})
    return game


def _records(game: Game) -> list[dict[str, Any]]:
    return [json.loads(e.line()) for e in game.events]


def test_a_played_log_is_clean(played: Game) -> None:
    assert audit_game(played) == []


def test_plain_dice_are_read() -> None:
    assert plain_dice("3D6+1") == (3, 6, 1)
    assert plain_dice("D6") == (1, 6, 0)
    assert plain_dice("2d10-2") == (2, 10, -2)
    assert plain_dice("scatter") is None


def test_the_log_form_is_checked(played: Game) -> None:
    records = _records(played)
    gap = records[:3] + records[4:]
    assert any(f.rule == LOG and "numbered" in f.what for f in audit(gap, []))
    late = [*copy.deepcopy(records), dict(records[-2], seq=len(records))]
    assert any("after the game ended" in f.what for f in audit(late, []))
    back = copy.deepcopy(records)
    back[-1]["turn"] = 0
    assert any("turn 0 after" in f.what for f in audit(back, []))


def test_plain_rolls_are_checked(played: Game) -> None:
    records = _records(played)
    rolled = [i for i, r in enumerate(records) if r["kind"] == "roll" and plain_dice(r["expr"])]
    assert rolled, "a duel rolls plain dice"
    i = rolled[0]
    sides = plain_dice(records[i]["expr"])
    assert sides is not None
    bad = copy.deepcopy(records)
    bad[i]["faces"] = [sides[1] + 1] * len(bad[i]["faces"])
    assert [f.seq for f in audit(bad, [])] == [i]
    wrong = copy.deepcopy(records)
    wrong[i]["total"] += 1
    assert [f.seq for f in audit(wrong, [])] == [i]


def test_a_roll_against_its_need() -> None:
    r = {"seq": 4, "kind": "shot"}
    assert list(against("X-1", r, 4, 4, True)) == []
    assert list(against("X-1", r, 3, 4, False)) == []
    assert [f.rule for f in against("X-1", r, 3, 4, True)] == ["X-1"]
    assert [f.rule for f in against("X-1", r, 5, 4, False)] == ["X-1"]


def test_the_command_audits_saves_and_logs(tmp_path: Path, played: Game) -> None:
    save = tmp_path / "g.save.json"
    save.write_text(json.dumps(played.save()))
    log = tmp_path / "g.events.jsonl"
    log.write_text("".join(e.line() + "\n" for e in played.events))
    result = CliRunner().invoke(app, ["audit", str(save), str(log)])
    assert result.exit_code == 0, result.output
    assert result.output.count("clean") == 2
    lines = log.read_text().splitlines()
    del lines[2]
    log.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(app, ["audit", str(log)])
    assert result.exit_code == 1
    assert "numbered" in result.output
    alone = tmp_path / "alone.events.jsonl"
    alone.write_text(log.read_text())
    result = CliRunner().invoke(app, ["audit", str(alone)])
    assert result.exit_code == 2 and "--ruleset" in result.output
