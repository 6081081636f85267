"""Small arms by range band, the "7", sight, reloading, thrown spears and the hero's +1."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import shooting
from grapeshot.rulesets.woodenships.actions import Act, Move
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.prompts import ActPrompt
from tests.rulesets.woodenships.harness import ashore, fig, game, kinds, shore, to_figure
from tests.support import drive


def range_game(gap: float, weapon: str = "rifle", kind: str = "man", **options: Any) -> Game:
    """A shooter at (10, 20) and a target (with 3 life points) ``gap`` inches off, edge to edge."""
    red = [{"name": "Shooter", "kind": kind, "at": [10, 20], "weapons": [weapon, "pistol"]}]
    blue = [{"name": "Target", "kind": "hero", "at": [11.0 + gap, 20]}]
    return game(ashore(red, blue, options=options))


def fire(g: Game, weapon: str, faces: list[Any]) -> list[dict[str, Any]]:
    s = shore(g)
    shot = shooting.aim(s, obstructions(s), fig(g, "Shooter"), weapon, "Target")
    assert not isinstance(shot, str), shot
    g.dice = ScriptedDice(faces)
    drive(shooting.shoot(g, s, fig(g, "Shooter"), shot))
    return kinds(g, "shot")


def refused(g: Game, weapon: str = "rifle 1") -> str:
    s = shore(g)
    why = shooting.aim(s, obstructions(s), fig(g, "Shooter"), weapon, "Target")
    assert isinstance(why, str)
    return why


@pytest.mark.rules("WS-ARMS-1")
@pytest.mark.parametrize(
    ("gap", "band", "need"), [(2.0, "short", 4), (6.0, "short", 4), (6.5, "medium", 5), (12.0, "medium", 5), (15.0, "long", 6), (18.0, "long", 6)]
)
def test_rifle_range_bands(gap: float, band: str, need: int) -> None:
    g = range_game(gap)
    miss = fire(g, "rifle 1", [need - 1])[-1]
    assert (miss["band"], miss["need"], miss["hit"]) == (band, need, False)
    assert shore(g).weapons["rifle 1"].loaded is False
    shore(g).weapons["rifle 1"].loaded = True
    hit = fire(g, "rifle 1", [need])[-1]
    assert hit["hit"] and fig(g, "Target").life == 2  # 1 point to men


@pytest.mark.rules("WS-ARMS-1", "WS-ARMS-2")
def test_within_2_inches_only_a_pistol_hits_and_it_needs_3() -> None:
    g = range_game(1.5)
    assert "cannot hit within 2" in refused(g)
    shot = fire(g, "pistol 1", [3])[-1]
    assert (shot["band"], shot["need"], shot["hit"]) == ("close", 3, True)


@pytest.mark.rules("WS-ARMS-2")
@pytest.mark.parametrize(("gap", "band", "need"), [(2.0, "short", 4), (7.0, "medium", 5), (10.0, "long", 6)])
def test_pistol_range_bands(gap: float, band: str, need: int) -> None:
    g = range_game(gap)
    shot = fire(g, "pistol 1", [need])[-1]
    assert (shot["band"], shot["need"], shot["hit"]) == (band, need, True)


@pytest.mark.rules("WS-ARMS-2", "WS-FIG-2")
def test_the_seven_is_out_of_reach_but_for_a_heros_bonus() -> None:
    g = range_game(30.0)
    assert "a 7 is needed, out of reach" in refused(g)
    assert "beyond a rifle's 36" in refused(range_game(36.5))
    hero = range_game(30.0, kind="hero")
    shot = fire(hero, "rifle 1", [6])[-1]
    assert (shot["band"], shot["base"], shot["need"], shot["hit"]) == ("extreme", 7, 6, True)
    assert shot["mods"] == [{"rule": "WS-FIG-2", "what": "hero", "value": 1}]


@pytest.mark.rules("WS-ARMS-2")
def test_the_seven_as_a_six_and_then_a_four_with_the_option() -> None:
    g = range_game(30.0, to_hit_seven="six_then_four")
    assert fire(g, "rifle 1", [6, 4])[-1]["hit"]
    shore(g).weapons["rifle 1"].loaded = True
    assert (fire(g, "rifle 1", [6, 3])[-1]["faces"], kinds(g, "shot")[-1]["hit"]) == ([6, 3], False)
    shore(g).weapons["rifle 1"].loaded = True
    assert fire(g, "rifle 1", [5])[-1]["faces"] == [5]  # no second die without the six


@pytest.mark.rules("WS-ARMS-1")
def test_no_shot_without_sight_of_the_target() -> None:
    hut = {"kind": "building", "name": "Hut", "polygon": [[14, 18], [16, 18], [16, 22], [14, 22]]}
    g = game(
        ashore([{"name": "Shooter", "kind": "man", "at": [10, 20], "weapons": ["rifle"]}], [{"name": "Target", "kind": "man", "at": [20, 20]}], terrain=[hut])
    )
    assert refused(g) == "Shooter cannot see Target: Hut is in the way"


@pytest.mark.rules("WS-ARMS-3")
def test_reloading_needs_a_figure_that_stood_still_and_is_not_in_hand_to_hand() -> None:
    g = range_game(5.0)
    s = shore(g)
    s.weapons["rifle 1"].loaded = False
    p = to_figure(g, "Shooter")
    g.submit("red", Move((10.5, 20.0), "land", "Isle"))  # half an inch is a move
    act = g.prompt
    assert isinstance(act, ActPrompt)
    with pytest.raises(IllegalAction, match="only a figure that stands still reloads"):
        act.check("red", Act("reload", "rifle 1"))
    assert p.figure == "Shooter"
    g2 = range_game(5.0)
    s2 = shore(g2)
    s2.weapons["rifle 1"].loaded = False
    to_figure(g2, "Shooter")
    g2.submit("red", Move())
    act2 = g2.prompt
    assert isinstance(act2, ActPrompt) and Act("reload", "rifle 1") in act2.options()
    g2.submit("red", Act("reload", "rifle 1"))
    assert s2.weapons["rifle 1"].loaded and kinds(g2, "reload") == [{"figure": "Shooter", "side": "red", "weapon": "rifle 1"}]
    # engaged: base to base with an enemy, it cannot reload
    g3 = game(ashore([{"name": "Shooter", "kind": "man", "at": [10, 20], "weapons": ["rifle"]}], [{"name": "Target", "kind": "man", "at": [11.02, 20]}]))
    shore(g3).weapons["rifle 1"].loaded = False
    assert shooting.reload_refused(shore(g3), fig(g3, "Shooter"), "rifle 1") == "Shooter is in hand-to-hand combat and cannot reload (WS-ARMS-3)"


@pytest.mark.rules("WS-ARMS-3")
@pytest.mark.parametrize("both", [False, True])
def test_reload_and_fire_another_weapon_with_the_option(both: bool) -> None:
    g = range_game(5.0, reload_and_fire=both)
    s = shore(g)
    s.weapons["rifle 1"].loaded = False
    to_figure(g, "Shooter")
    g.submit("red", Move())
    g.dice = ScriptedDice([4])
    g.submit("red", Act("reload", "rifle 1"))
    after = g.prompt
    if not both:
        assert not (isinstance(after, ActPrompt) and after.figure == "Shooter")
        return
    assert isinstance(after, ActPrompt) and after.after_reload == "rifle 1"
    assert after.options() == [Act(), Act("shoot", "pistol 1", "Target")]
    with pytest.raises(IllegalAction, match="may only fire another weapon already loaded"):
        after.check("red", Act("shoot", "rifle 1", "Target"))
    g.submit("red", Act("shoot", "pistol 1", "Target"))
    assert kinds(g, "shot")[-1]["weapon"] == "pistol 1"


@pytest.mark.rules("WS-ARMS-2", "WS-ARMS-4")
def test_a_thrown_spear_lands_at_the_targets_feet() -> None:
    g = range_game(5.0, weapon="spear")
    fire(g, "spear 1", [2])
    spear = shore(g).weapons["spear 1"]
    assert spear.holder is None and spear.spot == fig(g, "Target").spot
    assert kinds(g, "shot")[-1]["thrown_to"] == "Isle"


@pytest.mark.rules("WS-ARMS-4")
def test_only_carried_loaded_weapons_fire() -> None:
    g = range_game(5.0)
    assert "does not carry 'club 9'" in refused(g, "club 9")
    shore(g).weapons["rifle 1"].loaded = False
    assert refused(g) == "rifle 1 is not loaded (WS-ARMS-3)"
    swimmer = fig(g, "Shooter")
    from grapeshot.rulesets.woodenships.pieces import Spot

    swimmer.spot = Spot(Surface.WATER, "", 10.0, 6.0)
    assert "in the water" in refused(g, "pistol 1")
