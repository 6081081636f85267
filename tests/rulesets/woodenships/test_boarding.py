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
    assert not g.ruleset.invariants(g)


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
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-BOARD-3")
def test_a_swimmer_far_from_the_side_cannot_climb() -> None:
    g = game(duel([{"name": "Jack", "kind": "man"}], gap=6.0))
    jack = put(g, "Jack", Surface.WATER, "", 20.0, 34.0)
    assert boarding.climb_refused(shore(g), jack, "Blue") == "Jack is more than 0.5\" from Blue's side"


def _stern_man() -> Game:
    """Red (8" x 4" at (20, 20)) and Blue beside her 1.5" across, 2" further ahead; Red's man
    stands at her stern, her captain out of his way."""
    from tests.rulesets.woodenships.harness import scenario, ship

    g = game(scenario([ship("Red", 20, 20, 0, [{"name": "Jack", "kind": "man"}])], [ship("Blue", 22, 25.5, 0)]))
    put(g, "Red captain", Surface.DECK, "Red", 22.5, 19.0)
    put(g, "Jack", Surface.DECK, "Red", 17.0, 20.0)
    return g


@pytest.mark.rules("WS-FIG-3", "WS-BOARD-1")
def test_a_crossing_may_slant_across_the_gap_when_the_square_one_is_too_long() -> None:
    """From Red's stern to (23, 24.5) on Blue is 7.5" straight; the square crossing at the rail
    nearest the goal makes it 9.2", but a slanting one (no more than 2" base to base) is under
    8" (about 7.8" at best).  Before, the move was refused ("cannot get across within 8")."""
    from grapeshot.geometry import Vec
    from grapeshot.rulesets.woodenships import figures

    g = _stern_man()
    s, jack = shore(g), fig(g, "Jack")
    spaces = figures.Spaces(s, jack)
    made = figures.plan(s, jack, Surface.DECK, "Blue", Vec(23.0, 24.5), spaces)
    assert not isinstance(made, str), made
    assert made.crossing == "board" and 7.78 - 1e-6 <= made.cost <= 8.0
    first, second = made.legs
    edge, landing = first.path[-1], second.path[0]
    assert (first.ident, second.ident) == ("Red", "Blue")
    assert ((landing.x - edge.x) ** 2 + (landing.y - edge.y) ** 2) ** 0.5 - 2 * jack.radius <= 2.0 + 1e-9  # WS-BOARD-1's 2"


@pytest.mark.rules("WS-FIG-3", "WS-BOARD-1")
def test_a_man_shut_in_by_his_crewmates_is_told_who_stands_round_him() -> None:
    """Jack at Red's stern with three men and the captain round him closer than a base's width:
    the refusal names them (before, only "cannot get to the edge of its deck")."""
    from grapeshot.geometry import Vec
    from tests.rulesets.woodenships.harness import scenario, ship

    crew = [{"name": n, "kind": "man"} for n in ("Jack", "Tom", "Dick", "Harry")]
    g = game(scenario([ship("Red", 20, 20, 0, crew)], [ship("Blue", 22, 25.5, 0)]))
    put(g, "Jack", Surface.DECK, "Red", 17.0, 20.0)
    for name, (x, y) in {"Tom": (17.0, 21.02), "Dick": (17.0, 18.98), "Harry": (18.02, 20.0), "Red captain": (16.45, 21.5)}.items():
        put(g, name, Surface.DECK, "Red", x, y)
    from grapeshot.rulesets.woodenships import figures

    s, jack = shore(g), fig(g, "Jack")
    why = figures.plan(s, jack, Surface.DECK, "Blue", Vec(21.0, 24.5), figures.Spaces(s, jack))
    assert isinstance(why, str) and "cannot get to the edge of its deck" in why
    assert "Harry" in why and "Tom" in why and "Dick" in why
