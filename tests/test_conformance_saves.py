"""The conformance suite's part for saves across releases, over every case of the suite: every
state a game passes through can be written as a snapshot and read back, and a game started from
a snapshot goes on exactly as the game it was taken from; a save records its rules' revisions, a
trace that a replay follows action by action, and the snapshot a later release goes on from."""

from __future__ import annotations

import json

import pytest

from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.ruleset import get
from grapeshot.core.saves import rules_of
from grapeshot.core.snapshot import Start, decode, encode
from tests.test_conformance import CASES, _play, load


def _json(value: object) -> object:
    return json.loads(json.dumps(value))


def _kept(ruleset: str, scenario: str, seed: int) -> tuple[Game, Game]:
    """A game played to its end, and the same game replayed keeping every checkpoint."""
    whole = _play(ruleset, scenario, seed, players="mixed")
    kept = Game(ruleset, load(scenario, ruleset), seed=seed)
    kept.keep_checkpoints = True
    for seat, action in whole.actions:
        kept.submit(seat, action)
    return whole, kept


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_snapshots_and_what_a_save_keeps_for_a_later_release(ruleset: str, scenario: str) -> None:
    """One game a case (they are many): every checkpoint's state reads back as written; a game
    started from the middle one goes on as the game did; a save of the game half played records
    its rules, its trace and its latest snapshot (a public one, without the dice's state)."""
    rs = get(ruleset)
    whole, kept = _kept(ruleset, scenario, 43)
    assert kept._checkpoints, "a game passes checkpoints"
    for cp in kept._checkpoints:
        for state in (cp.state, *(s for _, s in cp.modules)):
            written = _json(encode(state))
            assert _json(encode(decode(written))) == written

    middle = kept._checkpoints[len(kept._checkpoints) // 2]
    at, start = kept.latest_start(middle.actions) or (0, None)
    assert start is not None and at == middle.actions
    cp = [c for c in kept._checkpoints if c.actions <= at][-1]  # the one it was taken at: the latest there
    start = Start.from_json(_json(start.to_json()), "snapshot")
    resumed = Game(ruleset, load(scenario, ruleset), seed=43, start=start)
    first = resumed.events[0]
    assert first.kind == "resumed" and (first.turn, first.phase) == (cp.turn, cp.phase)
    assert json.loads(first.line())["played"] == 0
    for seat, action in whole.actions[at:]:
        resumed.submit(seat, action)
    assert json.dumps(rs.describe(resumed.state), sort_keys=True) == json.dumps(rs.describe(whole.state), sort_keys=True)
    assert resumed.outcome == whole.outcome and resumed.rolls == whole.rolls

    def said(events: list[Event]) -> list[object]:  # the events without their numbers in the log
        return [{k: v for k, v in json.loads(e.line()).items() if k != "seq"} for e in events]

    assert said(resumed.events[1:]) == said(whole.events[cp.events :])
    assert not resumed.broken()

    half = kept.copy(upto=len(whole.actions) // 2)
    data = _json(half.save())
    assert data["rules"] == rules_of(half) and data["rules"][ruleset] == rs.revision
    assert len(data["trace"]) == len(data["actions"]) and all(":" in t for t in data["trace"])
    snap = data["snapshot"]
    assert snap is not None and 0 <= snap["at"] <= len(data["actions"]) and snap["start"]["dice"] is not None
    public = _json(half.public_save())
    if rs.open_state and all(run.module.open_state for run in half.modules.values()):
        assert public["snapshot"] is not None and public["snapshot"]["start"]["dice"] is None  # no secret dice in it
    else:
        assert public["snapshot"] is None
    assert _json(whole.save()).get("snapshot") is None  # a finished game needs none
