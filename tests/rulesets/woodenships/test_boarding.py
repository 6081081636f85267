"""Boarding parties (2-6, a figure or a party, no further action), grapples at 2", climbing
aboard from the water by the ship's pace, and the hero's +1 on those rolls."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import boarding
from grapeshot.rulesets.woodenships.actions import Act, Move, Next
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt
from tests.rulesets.woodenships.harness import boat, duel, fig, game, kinds, put, shore, to_figure
from tests.support import drive

CREW = [{"name": "Jack", "kind": "man", "at": [0, 1.4], "weapons": ["sword"]}, {"name": "Jim", "kind": "man", "at": [1.2, 1.4], "weapons": ["sword"]}]
ACROSS = Move((20.0, 24.1), "deck", "Blue")  # onto Blue's deck, 1.5" across from Red's port side


def close(**options: Any) -> Game:
    return game(duel(CREW, [{"name": "Bosun", "kind": "man", "at": [2, -1]}], gap=1.5, options=options))


@pytest.mark.rules("WS-BOARD-1")
@pytest.mark.parametrize(("face", "across"), [(1, False), (2, True)])
def test_a_boarding_party_rolls_2_6_and_then_does_nothing_more(face: int, across: bool) -> None:
    g = close()
    p = to_figure(g, "Jack")
    assert isinstance(p, MovePrompt) and p.plan_for(ACROSS).crossing == "board"
    g.dice = ScriptedDice([face])
    g.submit("red", ACROSS)
    jack = fig(g, "Jack")
    assert jack.spot is not None and jack.spot.ident == ("Blue" if across else "Red")
    assert kinds(g, "boarding")[-1]["passed"] is across and kinds(g, "move")[-1]["across"] is across
    assert not isinstance(g.prompt, ActPrompt)  # no action after a boarding party, across or not
    assert not g.ruleset.invariants(g.state)


@pytest.mark.rules("WS-BOARD-1", "WS-FIG-2", "WS-RULING-1")
@pytest.mark.parametrize("bonus", [True, False])
def test_a_hero_boards_at_one_better_unless_the_option_says_not(bonus: bool) -> None:
    g = game(duel([{"name": "Jack", "kind": "hero", "at": [0, 1.4]}], gap=1.5, options={"hero_boarding": bonus}))
    to_figure(g, "Jack")
    g.dice = ScriptedDice([1])
    g.submit("red", ACROSS)
    roll = kinds(g, "boarding")[-1]
    assert roll["need"] == (1 if bonus else 2) and roll["passed"] is bonus


@pytest.mark.rules("WS-BOARD-1", "WS-RULING-1")
def test_with_the_party_option_one_roll_takes_the_whole_crossing() -> None:
    g = close(boarding_roll="party")
    to_figure(g, "Jack")
    g.dice = ScriptedDice([4])
    g.submit("red", ACROSS)
    g.submit("red", Next("Jim"))
    g.submit("red", Move((21.2, 24.1), "deck", "Blue"))
    rolls = kinds(g, "boarding")
    assert [(r["figure"], r["rolled"], r["passed"]) for r in rolls] == [("Jack", True, True), ("Jim", False, True)]
    assert len([e for e in g.events if e.kind == "roll" and e.rule == "WS-BOARD-1"]) == 1
    assert fig(g, "Jim").spot is not None and fig(g, "Jim").spot.ident == "Blue"  # type: ignore[union-attr]


@pytest.mark.rules("WS-BOARD-1")
@pytest.mark.parametrize(("face", "held"), [(1, False), (2, True)])
def test_a_grapple_at_2_inches_holds_the_ships_together(face: int, held: bool) -> None:
    g = close()
    to_figure(g, "Jack")
    g.submit("red", Move())  # Jack stands at the port gunwale, 1.5" from Blue
    act = g.prompt
    assert isinstance(act, ActPrompt) and Act("grapple", None, "Blue") in act.options()
    g.dice = ScriptedDice([face])
    g.submit("red", Act("grapple", None, "Blue"))
    assert (("Blue" in boat(g, "Red").grappled), ("Red" in boat(g, "Blue").grappled)) == (held, held)
    assert kinds(g, "grapple")[-1]["passed"] is held


@pytest.mark.rules("WS-BOARD-1")
def test_a_grapple_is_thrown_from_the_side_and_only_within_2_inches() -> None:
    g = game(duel([{"name": "Jack", "kind": "man", "at": [0, -1.4]}], gap=1.5))
    s = shore(g)
    assert boarding.grapple_refused(s, fig(g, "Jack"), "Blue") == "Jack stands more than 2\" from Blue's side: go to the gunwale"
    far = game(duel(CREW, gap=2.5))
    assert boarding.grapple_refused(shore(far), fig(far, "Jack"), "Blue") == 'Red is more than 2" from Blue (WS-BOARD-1)'


@pytest.mark.rules("WS-BOARD-3")
@pytest.mark.parametrize(
    ("travelled", "lost", "pace", "need"), [(0.0, 0, "stationary", 3), (5.0, 4, "half", 4), (5.0, 0, "full", 5), (5.0, 8, "stationary", 3)]
)
def test_climbing_aboard_from_the_water_by_the_ships_pace(travelled: float, lost: int, pace: str, need: int) -> None:
    g = game(duel([{"name": "Jack", "kind": "man"}], gap=6.0))
    s = shore(g)
    blue = boat(g, "Blue")
    blue.travelled, blue.lost = travelled, lost
    jack = put(g, "Jack", Surface.WATER, "", 20.0, 30.0 + 2.0 + 0.6)  # 0.1" off Blue's port side (y = 32)
    assert boarding.pace(s, blue) == pace
    assert boarding.climb_refused(s, jack, "Blue") is None
    g.dice = ScriptedDice([need - 1])
    drive(boarding.climb(g, s, jack, "Blue"))
    assert jack.swimming and kinds(g, "climb")[-1]["need"] == need
    g.dice = ScriptedDice([need])
    drive(boarding.climb(g, s, jack, "Blue"))
    assert jack.spot is not None and (jack.spot.surface, jack.spot.ident) == (Surface.DECK, "Blue")
    assert not g.ruleset.invariants(g.state)


@pytest.mark.rules("WS-BOARD-3")
def test_a_swimmer_far_from_the_side_cannot_climb() -> None:
    g = game(duel([{"name": "Jack", "kind": "man"}], gap=6.0))
    jack = put(g, "Jack", Surface.WATER, "", 20.0, 34.0)
    assert boarding.climb_refused(shore(g), jack, "Blue") == "Jack is more than 0.5\" from Blue's side"
