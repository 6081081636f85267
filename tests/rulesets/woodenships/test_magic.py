"""The shaman (WS-MAGIC-1): lightning by a cannon's range and damage with line of sight,
repelling the enemy's figures 1D6" (a wound on a 6 against something immovable), repelling a
ship 2D6"; each power an action of the shaman with its choices listed."""

from __future__ import annotations

import math
from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import magic
from grapeshot.rulesets.woodenships.actions import Act
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.prompts import ActPrompt
from tests.rulesets.woodenships.harness import ashore, boat, fig, game, kinds, put, scenario, ship, shore
from tests.support import drive

SHAMAN = {"name": "Shaman", "kind": "shaman", "at": [10, 20]}


def isle(blue: list[dict[str, Any]], terrain: list[dict[str, Any]] | None = None, **options: Any) -> Game:
    return game(ashore([SHAMAN], blue, terrain=terrain or [], options=options))


def cast(g: Game, power: str, target: str | None, faces: list[int]) -> None:
    s = shore(g)
    why = magic.refused(s, obstructions(s), fig(g, "Shaman"), power, target)
    assert why is None, why
    g.dice = ScriptedDice(faces)
    drive(magic.cast(g, s, obstructions(s), fig(g, "Shaman"), power, target))


def refused(g: Game, power: str, target: str | None, who: str = "Shaman") -> str:
    s = shore(g)
    why = magic.refused(s, obstructions(s), fig(g, who), power, target)
    assert isinstance(why, str)
    return why


@pytest.mark.rules("WS-MAGIC-1")
def test_lightning_rolls_as_a_cannon_for_range_and_damage() -> None:
    g = isle([{"name": "Chief", "kind": "hero", "at": [41, 20]}])  # 30" edge to edge: the cannon's 5+ band
    assert fig(g, "Shaman").hero and fig(g, "Shaman").max_life == 3
    cast(g, "lightning", "Chief", [3])
    bolt = kinds(g, "lightning")[-1]
    assert bolt["base"] == 5 and bolt["need"] == 4 and not bolt["hit"] and fig(g, "Chief").life == 3  # the hero's +1
    cast(g, "lightning", "Chief", [4, 2])
    assert kinds(g, "lightning")[-1]["hit"] and kinds(g, "lightning")[-1]["damage"] == 2 and fig(g, "Chief").life == 1
    cast(g, "lightning", "Chief", [6, 6])
    assert not fig(g, "Chief").alive and kinds(g, "killed")[-1]["cause"] == "lightning called by Shaman"


@pytest.mark.rules("WS-MAGIC-1")
def test_lightning_needs_line_of_sight_and_a_cannons_reach() -> None:
    hut = {"kind": "building", "name": "Hut", "polygon": [[14, 18], [16, 18], [16, 22], [14, 22]]}
    g = isle([{"name": "Hidden", "kind": "man", "at": [20, 20]}, {"name": "Open", "kind": "man", "at": [20, 30]}], [hut])
    assert "cannot see Hidden: Hut is in the way" in refused(g, "lightning", "Hidden")
    assert magic.refused(shore(g), obstructions(shore(g)), fig(g, "Shaman"), "lightning", "Open") is None
    far = game(scenario([ship("Red", 10, 10, 0, [{"name": "Shaman", "kind": "shaman"}])], [ship("Blue", 75, 70, 0)], table=(80.0, 80.0)))
    assert "beyond a cannon's reach" in refused(far, "lightning", "Blue")


@pytest.mark.rules("WS-MAGIC-1")
def test_lightning_damages_a_ship_and_a_gun() -> None:
    red = ship("Red", 20, 20, 0, [{"name": "Shaman", "kind": "shaman", "at": [0, 1]}])
    blue = ship("Blue", 20, 34, 0, guns=[{"kind": "cannon", "place": "starboard"}])
    g = game(scenario([red], [blue]))
    cast(g, "lightning", "Blue", [2, 5])
    assert boat(g, "Blue").lost == 5
    gun = next(iter(shore(g).guns.values()))
    cast(g, "lightning", gun.name, [2, 3])
    assert not gun.working and kinds(g, "gun-hit")[-1]["destroyed"]


@pytest.mark.rules("WS-MAGIC-1")
def test_repel_drives_every_enemy_ashore_and_afloat_away_but_not_those_aboard() -> None:
    red = ship("Red", 15, 3.5, 0)
    blue = ship("Blue", 45, 3.5, 0, [{"name": "Deckhand", "kind": "man", "at": [1.5, 0]}])
    land = {"kind": "island", "name": "Isle", "polygon": [[2, 8], [58, 8], [58, 38], [2, 38]]}
    sc = scenario(
        [red],
        [blue],
        red_ashore=[{"land": "Isle", **SHAMAN}],
        blue_ashore=[
            {"land": "Isle", "name": "Near", "kind": "man", "at": [14, 20]},
            {"land": "Isle", "name": "Far", "kind": "man", "at": [30, 20]},
            {"land": "Isle", "name": "Swimmer", "kind": "man", "at": [30, 30]},
        ],
        terrain=[land],
    )
    g = game(sc)
    put(g, "Swimmer", Surface.WATER, "", 30.0, 5.0)
    deck_before = shore(g).world(fig(g, "Deckhand").spot)  # type: ignore[arg-type]
    cast(g, "repel", None, [4])
    s = shore(g)
    near, far = s.world(fig(g, "Near").spot), s.world(fig(g, "Far").spot)  # type: ignore[arg-type]
    assert math.isclose(near.x, 18.0, abs_tol=1e-6) and math.isclose(near.y, 20.0, abs_tol=1e-6)
    assert math.isclose(far.x, 34.0, abs_tol=1e-6)
    swim = s.world(fig(g, "Swimmer").spot)  # type: ignore[arg-type]
    assert math.isclose(swim.x, 33.2, abs_tol=1e-6) and math.isclose(swim.y, 2.6, abs_tol=1e-6)
    assert s.world(fig(g, "Deckhand").spot) == deck_before  # type: ignore[arg-type]
    assert kinds(g, "repel")[-1]["inches"] == 4 and not kinds(g, "repel-bump")


@pytest.mark.rules("WS-MAGIC-1")
def test_a_figure_dashed_against_something_immovable_is_wounded_on_a_6() -> None:
    rock = {"kind": "rocks", "name": "Rock", "polygon": [[16, 17], [18, 17], [18, 23], [16, 23]]}
    blue = [{"name": "Struck", "kind": "man", "at": [13, 20]}, {"name": "Lucky", "kind": "hero", "at": [13, 30]}]
    g = isle(blue, [rock, {"kind": "rocks", "name": "Reef", "polygon": [[10, 32], [16, 32], [16, 34], [10, 34]]}])
    cast(g, "repel", None, [6, 5, 6])  # 6" away; Lucky (the farther) against the Reef rolls 5, Struck against the Rock 6
    bumps = {b["figure"]: b for b in kinds(g, "repel-bump")}
    assert bumps["Lucky"]["roll"] == 5 and not bumps["Lucky"]["wounded"] and fig(g, "Lucky").life == 3
    assert bumps["Struck"]["wounded"] and not fig(g, "Struck").alive
    pushed = {p["figure"]: p for p in kinds(g, "repel")[-1]["pushed"]}
    assert pushed["Struck"]["immovable"] and pushed["Struck"]["travelled"] < 6.0


@pytest.mark.rules("WS-MAGIC-1")
def test_a_figure_stopped_by_another_figure_is_not_wounded() -> None:
    blue = [{"name": "Front", "kind": "man", "at": [13, 20]}, {"name": "Back", "kind": "man", "at": [15.5, 20]}]
    g = game(ashore([SHAMAN], blue))
    # Back, the farther, goes first and clear; Front follows it as far as the dice say
    cast(g, "repel", None, [3])
    pushed = {p["figure"]: p for p in kinds(g, "repel")[-1]["pushed"]}
    assert pushed["Back"]["travelled"] == 3.0 and pushed["Front"]["stopped"] is False
    assert not kinds(g, "repel-bump")


@pytest.mark.rules("WS-MAGIC-1")
def test_repel_a_ship_drives_it_away_without_turning_it() -> None:
    red = ship("Red", 20, 10, 0, [{"name": "Shaman", "kind": "shaman", "at": [0, 1]}])
    blue = ship("Blue", 20, 20, 90)
    g = game(scenario([red], [blue]))
    cast(g, "repel-ship", "Blue", [3, 4])
    hull = boat(g, "Blue").hull
    assert math.isclose(hull.heading, 90.0) and hull.y > 26.5 and math.isclose(hull.x, 20.0, abs_tol=0.05)
    assert kinds(g, "repel-ship")[-1]["inches"] == 7


@pytest.mark.rules("WS-MAGIC-1")
def test_a_repelled_ship_stops_short_of_rocks_and_a_grappled_one_holds() -> None:
    rock = {"kind": "rocks", "name": "Reef", "polygon": [[10, 26], [30, 26], [30, 28], [10, 28]]}
    red = ship("Red", 20, 10, 0, [{"name": "Shaman", "kind": "shaman", "at": [0, 1]}])
    g = game(scenario([red], [ship("Blue", 20, 20, 0)], terrain=[rock]))
    cast(g, "repel-ship", "Blue", [6, 6])
    assert kinds(g, "repel-ship")[-1]["stopped_by"]["with"] == "Reef" and boat(g, "Blue").hull.y < 24.0 + 1e-6
    boat(g, "Blue").grappled.add("Red")
    boat(g, "Red").grappled.add("Blue")
    assert "held fast" in refused(g, "repel-ship", "Blue")


@pytest.mark.rules("WS-MAGIC-1")
def test_the_powers_are_the_shamans_actions_with_their_choices_listed() -> None:
    g = isle([{"name": "Chief", "kind": "hero", "at": [20, 20]}])
    s = shore(g)
    ask = ActPrompt(("red",), "WS-FIG-3", "act", (Act,), s, "Shaman")
    listed = {(a.what, a.target) for a in ask.options()}
    assert {("lightning", "Chief"), ("lightning", "Blue"), ("repel", None), ("repel-ship", "Blue")} <= listed
    assert "no shaman" in refused(g, "lightning", "Chief", who="Red captain")
    mate = ActPrompt(("red",), "WS-FIG-3", "act", (Act,), s, "Red captain")
    assert not any(a.what in magic.POWERS for a in mate.options())
    s.figures["Shaman"].spot = s.figures["Shaman"].spot.__class__(Surface.WATER, "", 30.0, 4.5)
    assert "in the water" in refused(g, "repel", None)


@pytest.mark.rules("WS-MAGIC-1")
def test_the_heuristic_shaman_calls_lightning_on_an_enemy_in_sight() -> None:
    from grapeshot.rulesets.woodenships.players import tactics

    g = isle([{"name": "Chief", "kind": "hero", "at": [20, 20]}])
    ask = ActPrompt(("red",), "WS-FIG-3", "act", (Act,), shore(g), "Shaman")
    chosen = tactics.act(shore(g), ask)
    assert chosen.what == "lightning" and chosen in ask.options()
