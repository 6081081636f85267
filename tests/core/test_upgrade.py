"""Saves across releases: a save made under an earlier revision of the rules is told apart from a
corrupt one, the difference is named by its step and its rules, and the game goes on (from its
snapshot where it has one).  The rule changes are made here to the test-only toy race: its rowing
rule (TY-ROW-1) gives an inch more, or its drift (also TY-ROW-1) is cut to 1 inch."""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

import pytest

import tests.toy as toy
from grapeshot.agents import make, play_out
from grapeshot.core.errors import ReplayMismatch, RulesChanged, ScenarioError
from grapeshot.core.game import Game, replay
from grapeshot.core.prompts import Prompt
from grapeshot.core.revisions import FIRST_REVISION, RuleChange
from grapeshot.core.upgrade import carry_on
from grapeshot.dice import D6, RollRequest

pytestmark = pytest.mark.rules("TY-ROW-1")


def _played(seed: int = 4, upto: int | None = None) -> Game:
    """A toy race played by random players (to its end, or its first ``upto`` actions)."""
    whole = Game("toy", toy.race(options={"turns": 5}), seed=seed)
    play_out(whole, {s: make("random", seed + k, "toy") for k, s in enumerate(("red", "blue"))})
    if upto is None:
        return whole
    g = Game("toy", toy.race(options={"turns": 5}), seed=seed)
    for seat, action in whole.actions[:upto]:
        g.submit(seat, action)
    return g


def _revise(monkeypatch: pytest.MonkeyPatch, summary: str) -> None:
    monkeypatch.setattr(toy.ToyRace, "revision", 2)
    monkeypatch.setattr(toy.ToyRace, "changes", (FIRST_REVISION, RuleChange(2, ("TY-ROW-1",), summary)))


def _an_inch_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Revision 2 of the toy's rowing: pace + D6 + 1."""

    def row(g: Game, seat: str) -> Generator[Prompt, Any, int]:
        course = g.state
        r = yield from g.roll(RollRequest(D6, f"{seat} rows", "TY-ROW-1", seat, None, "high"))
        course.boats[seat].inches += course.paces[seat] + r.total + 1
        g.emit("row", "TY-ROW-1", seat=seat, pace=course.paces[seat], roll=r.total, capsized=False, extra=1)
        return r.total

    monkeypatch.setattr(toy, "row", row)
    _revise(monkeypatch, "a rower makes an inch more")


def _shorter_drift(monkeypatch: pytest.MonkeyPatch) -> None:
    """Revision 2 of the toy's drift: at most 1 inch (so some saved drifts are refused)."""
    monkeypatch.setattr(toy.DriftPrompt, "__init__", _with_most(toy.DriftPrompt.__init__, 1.0))
    _revise(monkeypatch, "a boat drifts at most 1 inch")


def _with_most(init: Any, most: float) -> Any:
    def patched(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.most = most

    return patched


def _first_action_with(g: Game, kind: str) -> int:
    """The first action after which the log holds an event of ``kind``."""
    first = next(e.seq for e in g.events if e.kind == kind)
    return next(i for i, m in enumerate(g.marks) if m > first)


def _json(data: object) -> Any:
    return json.loads(json.dumps(data))


def test_a_save_under_earlier_rules_differs_where_the_changed_rule_first_acts(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _played()
    data = _json(g.save())
    step = _first_action_with(g, "row")
    _an_inch_more(monkeypatch)
    with pytest.raises(RulesChanged) as err:
        replay(data, source="old.save")
    assert err.value.step == step and "TY-ROW-1" in err.value.rules
    assert err.value.changes == ["toy revision 2 (TY-ROW-1): a rower makes an inch more"]
    assert f"actions[{step}]" in str(err.value) and "turn 1" in str(err.value)


def test_the_same_rules_that_differ_make_a_corrupt_save_not_a_rule_change() -> None:
    data = _json(_played().save())
    data["dice"]["seed"] += 1
    with pytest.raises(ReplayMismatch) as err:
        replay(data)
    assert not isinstance(err.value, RulesChanged)


def test_a_save_from_newer_rules_is_refused_naming_them() -> None:
    data = _json(_played().save())
    data["rules"]["toy"] = 9
    with pytest.raises(ScenarioError, match=r"toy revision 9 \(this release plays 1\)"):
        replay(data)


def test_a_game_saved_under_earlier_rules_goes_on_from_its_snapshot_as_it_was_played(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _played()
    half = _played(upto=len(whole.actions) // 2)
    data = _json(half.save())
    at = data["snapshot"]["at"]
    before = _json(toy.TOY.describe(half.copy(upto=at).state))
    _an_inch_more(monkeypatch)
    carried = carry_on(data, "old.save")
    g = carried.game
    assert carried.changed is not None and carried.from_snapshot and not carried.dropped
    assert g.start is not None and len(g.start.history) == at and g.start.rules == {"toy": 1}
    assert g.events[0].kind == "resumed" and g.events[0].data["played"] == at
    fresh = Game("toy", toy.race(options={"turns": 5}), seed=4, start=g.start)
    assert _json(toy.TOY.describe(fresh.state)) == before  # the state as it was played, not as the new rule would make it
    assert len(g.actions) == len(data["actions"]) - at and g.prompt is not None
    play_out(g, {s: make("random", k, "toy") for k, s in enumerate(("red", "blue"))})
    assert g.outcome is not None
    # the carried-on game is a save of its own: its base and the actions since replay exactly
    again = replay(_json(g.save()))
    assert [e.line() for e in again.events] == [e.line() for e in g.events]
    assert "goes on from its snapshot" in carried.said()


def test_what_the_new_rules_refuse_is_dropped_and_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _played(seed=11)
    data = _json(_played(seed=11, upto=len(whole.actions) - 1).save())
    at = data["snapshot"]["at"]
    refused = next(i for i, a in enumerate(data["actions"]) if i >= at and a["action"]["kind"] == "drift" and a["action"]["inches"] > 1.0)
    _shorter_drift(monkeypatch)
    carried = carry_on(data)
    assert carried.from_snapshot and len(carried.dropped) == len(data["actions"]) - refused
    g = carried.game
    assert g.prompt is not None and g.prompt.kind.endswith("DriftPrompt") and len(g.actions) == refused - at
    assert f"{len(carried.dropped)} saved action(s)" in carried.said()


def test_a_save_older_than_snapshots_goes_on_from_its_replay_under_the_present_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _played(seed=11)
    data = _json(_played(seed=11, upto=len(whole.actions) - 1).save())
    for key in ("rules", "trace", "snapshot"):
        del data[key]
    data["version"] = 2
    refused = next(i for i, a in enumerate(data["actions"]) if a["action"]["kind"] == "drift" and a["action"]["inches"] > 1.0)
    _shorter_drift(monkeypatch)
    with pytest.raises(RulesChanged) as err:
        replay(data)
    assert err.value.step == refused and err.value.changes[0].startswith("toy revision 1")
    carried = carry_on(data)
    assert not carried.from_snapshot and carried.game.start is None and len(carried.game.actions) == refused
    assert Game.load(data).actions == carried.game.actions  # loading such a save carries it on too


def test_a_snapshot_that_cannot_be_read_is_passed_over_for_the_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _played()
    data = _json(_played(upto=len(whole.actions) // 2).save())
    data["snapshot"]["start"]["state"] = {"@": "os:system", "v": "echo no"}
    _an_inch_more(monkeypatch)
    carried = carry_on(data)
    assert not carried.from_snapshot and carried.unusable is not None and "grapeshot" in carried.unusable
