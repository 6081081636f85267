"""Barrels of powder (the WS-RULING-1 ruling): drafted and carried, hurled 6" at an enemy figure
or ship, 4+ (heroes 3+), a D6 where it bursts, spent either way; not when picked up this turn."""

from __future__ import annotations

import pytest

from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import acts, barrels
from grapeshot.rulesets.woodenships.actions import Act, Move
from grapeshot.rulesets.woodenships.data import PILE_KINDS
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.prompts import ActPrompt
from tests.rulesets.woodenships.harness import boat, duel, fig, game, kinds, put, shore, to_figure
from tests.support import drive

CREW = [{"name": "Jack", "kind": "man", "at": [0, 1.4], "weapons": ["barrel"]}, {"name": "Ned", "kind": "hero", "at": [2, 1.4], "weapons": ["barrel"]}]
BLUE = [{"name": "Bosun", "kind": "man", "at": [0, -1.4]}]


@pytest.mark.rules("WS-RULING-1", "WS-SETUP-1")
def test_a_barrel_is_in_the_pile_and_no_hand_weapon() -> None:
    assert "barrel" in PILE_KINDS
    g = game(duel(CREW, BLUE, gap=1.5))
    s = shore(g)
    jack = fig(g, "Jack")
    keg = barrels.carried(s, jack)[0]
    assert all(a.what != "strike" for a in acts.candidates(s, jack))
    assert acts.refused(s, jack, Act("shoot", keg, "Bosun"), obstructions(s)) == "a barrel shoots nothing"


@pytest.mark.rules("WS-RULING-1")
@pytest.mark.parametrize(("target", "face", "burst"), [("Blue", 4, 5), ("Bosun", 3, None), ("Bosun", 4, 1)])
def test_a_hurled_barrel_bursts_for_a_d6_on_4_or_more_and_is_spent(target: str, face: int, burst: int | None) -> None:
    g = game(duel(CREW, BLUE, gap=1.5))
    to_figure(g, "Jack")
    g.submit("red", Move())
    p = g.prompt
    assert isinstance(p, ActPrompt)
    keg = barrels.carried(shore(g), fig(g, "Jack"))[0]
    assert Act("hurl", keg, target) in p.options()
    g.dice = ScriptedDice([face] + ([burst] if burst is not None else []))
    g.submit("red", Act("hurl", keg, target))
    e = kinds(g, "hurl")[-1]
    assert (e["need"], e["hit"], e["damage"]) == (4, burst is not None, burst or 0)
    assert shore(g).weapons[keg].holder is None and shore(g).weapons[keg].spot is None
    if target == "Blue":
        assert boat(g, "Blue").lost == 5
    else:
        assert fig(g, "Bosun").alive is (burst is None)
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-RULING-1", "WS-FIG-2", "WS-ARMS-4")
def test_range_sight_a_heros_bonus_and_no_throw_the_turn_it_is_picked_up() -> None:
    g = game(duel(CREW, BLUE, gap=10.0))
    s = shore(g)
    ned = fig(g, "Ned")
    keg = barrels.carried(s, ned)[0]
    assert 'a barrel is thrown at most 6"' in str(barrels.refused(s, obstructions(s), ned, keg, "Blue"))
    put(g, "Bosun", Surface.WATER, "", 22.0, 26.0)
    assert barrels.refused(s, obstructions(s), ned, keg, "Bosun") is None
    g.dice = ScriptedDice([3, 2])
    drive(barrels.hurl(g, s, ned, keg, "Bosun"))
    e = kinds(g, "hurl")[-1]
    assert (e["need"], e["hit"], e["damage"]) == (3, True, 2)
    other = barrels.carried(s, fig(g, "Jack"))[0]
    s.weapons[other].picked = s.serial
    assert "picked up this turn" in str(barrels.refused(s, obstructions(s), fig(g, "Jack"), other, "Bosun"))
