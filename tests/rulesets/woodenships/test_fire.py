"""Fire (WS-ANIMAL-6): the dragon's breath sets a ship's section or a figure alight; each later
turn a D6: 1 out, 6 a point more (and a ship's fire spreads to the next section); a loaded gun
struck by fire goes off, harmlessly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import acts, fire
from grapeshot.rulesets.woodenships.actions import Act
from grapeshot.rulesets.woodenships.places import obstructions
from tests.rulesets.woodenships.harness import boat, fig, game, kinds, put, scenario, ship, shore
from tests.support import drive


def dragon_by_the_bow(**blue: object) -> Game:
    """Red's ridden dragon in the water just off the bow of Blue's ship (a narrow ship of three
    sections heading east from (30, 20))."""
    red = {"seat": "red", "ships": [ship("Red", 10, 10, 0)], "water": [{"name": "Smaug", "kind": "sea-dragon", "ridden": True, "at": [40, 30]}]}
    sc = scenario([], [ship("Blue", 30, 20, 0, sections=3, **blue)])
    g = game(replace(sc, fleets=(red, *sc.fleets[1:])))
    put(g, "Smaug", Surface.WATER, "", 30.0 + 6.0 + 1.5 + 0.05, 20.0)
    return g


def breathe(g: Game, target: str, faces: list[int]) -> None:
    s = shore(g)
    act = Act("breath", None, target)
    assert acts.refused(s, fig(g, "Smaug"), act, obstructions(s)) is None
    g.dice = ScriptedDice(faces)
    drive(acts.resolve(g, s, fig(g, "Smaug"), act, obstructions(s)))


def burn(g: Game, turn: int, faces: list[int]) -> None:
    s = shore(g)
    s.turn = turn
    g.dice = ScriptedDice(faces)
    drive(fire.burn(g, s))


@pytest.mark.rules("WS-ANIMAL-6", "WS-ANIMAL-5")
def test_the_breath_sets_the_nearest_section_alight_and_it_burns_on_later_turns() -> None:
    g = dragon_by_the_bow()
    s = shore(g)
    s.turn = 1
    breathe(g, "Blue", [5, 5, 6])  # the claws, then the breath instead of the teeth
    bow = boat(g, "Blue").plan.sections[0].name
    assert boat(g, "Blue").lost == 3 and kinds(g, "fire")[-1] == {"what": "ship", "target": "Blue", "section": bow, "by": "red"}
    burn(g, 1, [])  # lit this turn: it first rolls the next
    assert not kinds(g, "burn")
    burn(g, 2, [3])
    assert kinds(g, "burn")[-1]["damage"] == 0 and boat(g, "Blue").lost == 3
    burn(g, 3, [6])
    middle = boat(g, "Blue").plan.sections[1].name
    assert kinds(g, "burn")[-1]["spread_to"] == middle and boat(g, "Blue").lost == 4
    assert {(f.section, f.lit) for f in s.fires} == {(bow, 1), (middle, 3)}
    burn(g, 4, [1, 2])
    assert kinds(g, "fire-out")[-1]["roll"] == 1 and [f.section for f in s.fires] == [middle]


@pytest.mark.rules("WS-ANIMAL-6")
def test_a_burning_figure_is_wounded_on_a_6_and_put_out_in_the_water() -> None:
    g = dragon_by_the_bow()
    s = shore(g)
    put(g, "Blue captain", Surface.DECK, "Blue", 35.0, 20.0)
    s.turn = 1
    breathe(g, "Blue captain", [6])  # not in contact: the breath alone
    assert fig(g, "Blue captain").life == 2 and any(f.name == "Blue captain" for f in s.fires)
    burn(g, 2, [6])
    assert fig(g, "Blue captain").life == 1
    put(g, "Blue captain", Surface.WATER, "", 30.0, 24.0)
    burn(g, 3, [])
    assert not s.fires and kinds(g, "fire-out")[-1]["roll"] is None


@pytest.mark.rules("WS-ANIMAL-6")
def test_fire_on_a_loaded_cannon_fires_it_without_harm() -> None:
    g = dragon_by_the_bow(guns=[{"kind": "cannon", "place": "bow"}])
    s = shore(g)
    gun = next(iter(s.guns.values()))
    assert gun.loaded
    breathe(g, gun.name, [6])
    assert not gun.loaded and gun.working and kinds(g, "gun-cookoff")[-1]["fired"] and boat(g, "Blue").lost == 0
    assert not s.fires
