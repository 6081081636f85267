"""Cutting grapples: two successful edged attacks at the grappled side free the ships; only
edged weapons, only at the gunwale; heroes +1; the count kept over turns and both sides."""

from __future__ import annotations

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.rulesets.woodenships import grapples, ships
from grapeshot.rulesets.woodenships.actions import Act, Move
from grapeshot.rulesets.woodenships.prompts import ActPrompt
from tests.rulesets.woodenships.harness import boat, duel, fig, game, kinds, shore, to_figure
from tests.support import drive

CREW = [
    {"name": "Jack", "kind": "man", "at": [0, 1.4], "weapons": ["sword", "club"]},
    {"name": "Ned", "kind": "hero", "at": [2, 1.4], "weapons": ["axe"]},
    {"name": "Tom", "kind": "man", "at": [0, -1.4], "weapons": ["sword"]},
]


def grappled() -> Game:
    g = game(duel(CREW, [{"name": "Bosun", "kind": "man", "at": [1, -1.4], "weapons": ["halberd"]}], gap=1.5))
    red, blue = boat(g, "Red"), boat(g, "Blue")
    red.grappled.add("Blue")
    blue.grappled.add("Red")
    return g


@pytest.mark.rules("WS-BOARD-2", "WS-RULING-1")
def test_only_edged_weapons_at_the_grappled_side_may_cut() -> None:
    g = grappled()
    s = shore(g)
    jack, tom = fig(g, "Jack"), fig(g, "Tom")
    sword, club = (w.name for w in s.carried("Jack"))
    assert grapples.cut_refused(s, jack, sword, "Blue") is None
    assert grapples.cut_refused(s, jack, club, "Blue") == "a club has no edge to cut a grapple with (WS-BOARD-2, WS-RULING-1)"
    assert grapples.cut_refused(s, tom, s.carried("Tom")[0].name, "Blue") == "Tom stands more than 2\" from Blue's side: go to the gunwale"
    boat(g, "Red").grappled.clear()
    boat(g, "Blue").grappled.clear()
    assert grapples.cut_refused(s, jack, sword, "Blue") == "Red is not grappled to 'Blue'"


@pytest.mark.rules("WS-BOARD-2")
def test_two_hits_cut_the_grapple_and_the_ships_sail_again() -> None:
    g = grappled()
    to_figure(g, "Jack")
    g.submit("red", Move())
    act = g.prompt
    assert isinstance(act, ActPrompt)
    sword = shore(g).carried("Jack")[0].name
    assert Act("cut", sword, "Blue") in act.options()
    g.dice = ScriptedDice([5])  # a sword hits on 5-6
    g.submit("red", Act("cut", sword, "Blue"))
    first = kinds(g, "cut")[-1]
    assert (first["hit"], first["hits"], first["freed"]) == (True, 1, False) and "Blue" in boat(g, "Red").grappled
    assert ships.cannot_move(shore(g), boat(g, "Red")) == "grappled to Blue (WS-BOARD-1)"
    # blue's bosun hacks from the other side with his halberd: 4 misses, and the count stands
    s = shore(g)
    g.dice = ScriptedDice([4])
    drive(grapples.cut(g, s, fig(g, "Bosun"), s.carried("Bosun")[0].name, "Red"))
    assert kinds(g, "cut")[-1]["hits"] == 1
    # the axe needs a 6, but Ned is a hero: 5 will do, and the second hit frees the ships
    g.dice = ScriptedDice([5])
    drive(grapples.cut(g, s, fig(g, "Ned"), s.carried("Ned")[0].name, "Blue"))
    last = kinds(g, "cut")[-1]
    assert (last["need"], last["hit"], last["hits"], last["freed"]) == (5, True, 2, True)
    assert not boat(g, "Red").grappled and not boat(g, "Blue").grappled and not s.grapple_cuts
    assert ships.cannot_move(s, boat(g, "Red")) is None
    assert not g.ruleset.invariants(g)
