"""Hand to hand: each weapon's roll and damage, the gang-up, the hero's +1, two one-handed
weapons in both readings, and no blows without a weapon or in the water."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import melee
from grapeshot.rulesets.woodenships.pieces import Spot
from tests.rulesets.woodenships.harness import ashore, fig, game, kinds, shore
from tests.support import drive

#: three places in base contact with a figure at (20, 20)
AROUND = ([18.98, 20.0], [21.02, 20.0], [20.0, 21.02])


def brawl(attackers: list[tuple[str, str, list[str]]], victim_kind: str = "hero", **options: Any) -> Game:
    """Attackers (name, kind, weapons) round a victim at (20, 20)."""
    red = [{"name": n, "kind": k, "weapons": w, "at": at} for (n, k, w), at in zip(attackers, AROUND, strict=False)]
    return game(ashore(red, [{"name": "Victim", "kind": victim_kind, "at": [20, 20]}], options=options))


def strike(g: Game, who: str, weapon: str, faces: list[int]) -> list[dict[str, Any]]:
    g.dice = ScriptedDice(faces)
    assert melee.strike_refused(shore(g), fig(g, who), weapon, "Victim") is None
    drive(melee.strike(g, shore(g), fig(g, who), weapon, "Victim"))
    return kinds(g, "strike")


@pytest.mark.rules("WS-MELEE-1")
@pytest.mark.parametrize(
    ("weapon", "need", "damage"),
    [("sword", 5, 1), ("axe", 6, 2), ("club", 6, 1), ("halberd", 5, 2), ("rifle", 6, 1), ("spear", 6, 1), ("oar", 6, 1), ("frying-pan", 6, 1)],
)
def test_each_weapon_hits_on_its_number_for_its_damage(weapon: str, need: int, damage: int) -> None:
    g = brawl([("Jack", "man", [weapon])])
    name = f"{weapon} 1"
    missed = strike(g, "Jack", name, [need - 1])[-1]
    assert (missed["need"], missed["hit"]) == (need, False) and fig(g, "Victim").life == 3
    shore(g).attacks.clear()
    hit = strike(g, "Jack", name, [need])[-1]
    assert hit["hit"] and hit["damage"] == damage and fig(g, "Victim").life == 3 - damage
    assert hit["fights_as"] == {"rifle": "bayonet", "frying-pan": "club"}.get(weapon, weapon)


@pytest.mark.rules("WS-MELEE-1", "WS-ARMS-4")
def test_no_blow_without_a_hand_weapon_nor_in_the_water() -> None:
    g = brawl([("Jack", "man", ["pistol"]), ("Jill", "man", ["sword"])])
    s = shore(g)
    assert melee.strike_refused(s, fig(g, "Jack"), "pistol 1", "Victim") == "a pistol is no hand-to-hand weapon"
    assert "does not carry" in str(melee.strike_refused(s, fig(g, "Jack"), "sword 1", "Victim"))
    fig(g, "Jill").spot = Spot(Surface.WATER, "", 30.0, 6.0)
    assert melee.strike_refused(s, fig(g, "Jill"), "sword 1", "Victim") == "Jill is in the water: no hand-to-hand there"


@pytest.mark.rules("WS-FIG-4")
def test_the_gang_up_adds_one_for_each_figure_that_struck_before() -> None:
    g = brawl([("A", "man", ["club"]), ("B", "man", ["club"]), ("C", "man", ["club"])])
    strike(g, "A", "club 1", [5])
    strike(g, "B", "club 2", [5])
    third = strike(g, "C", "club 3", [4])
    assert [(e["attacker"], e["need"], e["hit"]) for e in third] == [(1, 6, False), (2, 5, True), (3, 4, True)]
    assert third[2]["mods"] == [{"rule": "WS-FIG-4", "what": "gang-up: attacker 3 on Victim", "value": 2}]
    assert fig(g, "Victim").life == 1


@pytest.mark.rules("WS-FIG-2", "WS-FIG-4")
def test_a_hero_strikes_at_one_better_and_the_gang_up_stacks() -> None:
    g = brawl([("Cap", "hero", ["sword"]), ("B", "man", ["club"])], victim_kind="man")
    strike(g, "B", "club 1", [2])
    blow = strike(g, "Cap", "sword 1", [3])[-1]
    assert (blow["need"], blow["hit"]) == (3, True)  # 5 less the hero's 1 and the gang-up's 1
    assert not fig(g, "Victim").alive


@pytest.mark.rules("WS-MELEE-2")
def test_two_one_handed_weapons_give_one_to_hit() -> None:
    g = brawl([("Jack", "man", ["sword", "axe"])])
    blow = strike(g, "Jack", "sword 1", [4])[-1]
    assert (blow["need"], blow["hit"]) == (4, True)
    assert blow["mods"] == [{"rule": "WS-MELEE-2", "what": "two one-handed weapons (sword and axe)", "value": 1}]


@pytest.mark.rules("WS-MELEE-2")
def test_two_one_handed_weapons_give_a_second_blow_with_the_option() -> None:
    g = brawl([("Jack", "man", ["sword", "axe"])], two_weapons="attacks")
    blows = strike(g, "Jack", "sword 1", [5, 6])
    assert [(b["weapon"], b["need"], b["hit"], b["damage"]) for b in blows] == [("sword 1", 5, True, 1), ("axe 1", 6, True, 2)]
    assert fig(g, "Victim").life == 0 and shore(g).attacks == {"Victim": 1}  # the figure counted once for the gang-up


@pytest.mark.rules("WS-MELEE-2")
def test_which_weapons_are_one_handed_follows_the_option() -> None:
    sheet = brawl([("Jack", "man", ["halberd", "axe"])])
    assert strike(sheet, "Jack", "halberd 1", [4])[-1]["need"] == 5  # a halberd is two-handed on the sheet
    main = brawl([("Jack", "man", ["halberd", "axe"]), ("Jill", "man", ["sword", "sword"])], one_handed="main")
    assert strike(main, "Jack", "halberd 1", [4])[-1]["need"] == 4
    shore(main).attacks.clear()
    assert strike(main, "Jill", "sword 1", [5])[-1]["need"] == 5  # swords are not one-handed in that reading
