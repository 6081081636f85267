"""The ships' guns: crews that began the turn beside them, loading and firing by different
figures, pointing straight (turned on wheels, swivels as they fire), range bands and damage,
the cannon's -1, guns hit and what spills onto their ship, their crews' wounds."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import guns
from grapeshot.rulesets.woodenships.places import obstructions
from tests.rulesets.woodenships.harness import boat, fig, game, kinds, put, scenario, ship, shore
from tests.support import drive


def battery(gun: dict[str, Any], blue_at: tuple[float, float] = (20.0, 44.0), blue_fields: dict[str, Any] | None = None, **options: Any) -> Game:
    """Red's ship heading east at (20, 20) with one gun and two gunners beside it; blue's ship
    heading east at ``blue_at`` with a man aboard."""
    crew = [{"name": "Gunner", "kind": "man", "at": [0.0, 0.6]}, {"name": "Mate", "kind": "hero", "at": [1.1, 0.6]}]
    red = ship("Red", 20, 20, 0, crew, guns=[gun], masts=[])
    blue = ship("Blue", blue_at[0], blue_at[1], 0, [{"name": "Bosun", "kind": "man", "at": [0, -1]}], **(blue_fields or {}))
    g = game(scenario([red], [blue], options=options, table=(80.0, 80.0)))
    guns.muster_crews(g, shore(g), "red")
    return g


def the_gun(g: Game) -> guns.Gun:
    return next(iter(shore(g).guns.values()))


def fire(g: Game, who: str, target: str, faces: list[int]) -> dict[str, Any]:
    s = shore(g)
    laid = guns.lay(s, obstructions(s), fig(g, who), the_gun(g).name, target)
    assert not isinstance(laid, str), laid
    g.dice = ScriptedDice(faces)
    drive(guns.fire(g, s, fig(g, who), laid))
    return kinds(g, "gun-fire")[-1]


def refused(g: Game, who: str, target: str) -> str:
    s = shore(g)
    why = guns.lay(s, obstructions(s), fig(g, who), the_gun(g).name, target)
    assert isinstance(why, str)
    return why


PORT_CANNON = {"kind": "cannon", "place": "port"}  # amidships at the port rail, pointing straight out (north)


@pytest.mark.rules("WS-GUN-1")
def test_only_a_figure_beside_the_gun_since_the_turn_began_fires_it() -> None:
    g = battery(PORT_CANNON)
    gun = the_gun(g)
    assert set(gun.crew) == {"Gunner", "Mate"} and gun.loaded  # guns start loaded
    put(g, "Red captain", Surface.DECK, "Red", 20.0 - 1.1, 20.0 + 0.6)
    assert "did not stand next to Red cannon 1 when the turn began" in refused(g, "Red captain", "Blue")
    shot = fire(g, "Gunner", "Blue", [6, 4])
    assert shot["hit"] and shot["damage"] == 4 and boat(g, "Blue").lost == 4
    assert "is not loaded" in refused(g, "Mate", "Blue")
    # any figure beside it loads it; it fires again only in a later turn
    assert guns.load_refused(shore(g), fig(g, "Red captain"), gun.name) is None
    guns.load(g, shore(g), fig(g, "Red captain"), gun.name)
    assert "has fired this turn" in refused(g, "Mate", "Blue")


@pytest.mark.rules("WS-GUN-2")
def test_a_cannon_fires_straight_along_the_way_it_points() -> None:
    g = battery(PORT_CANNON, blue_at=(50.0, 44.0))
    assert "does not point straight at Blue" in refused(g, "Gunner", "Blue")


@pytest.mark.rules("WS-GUN-2")
def test_a_cannon_on_wheels_is_turned_instead_of_loaded_then_fired_by_another() -> None:
    g = battery({**PORT_CANNON, "wheels": True}, blue_at=(50.0, 44.0))
    s = shore(g)
    gun = the_gun(g)
    assert guns.turn_refused(s, fig(g, "Gunner"), gun.name, "Blue") is None
    guns.turn(g, s, fig(g, "Gunner"), gun.name, "Blue")
    assert kinds(g, "gun-turn")[-1]["target"] == "Blue"
    shot = fire(g, "Mate", "Blue", [6, 1])
    assert shot["hit"] and shot["mods"] == []  # the hero's +1 is not for cannons
    assert guns.load_refused(s, fig(g, "Gunner"), gun.name) == f"{gun.name} has been turned this turn: a cannon is loaded or turned, not both (WS-GUN-2)"
    fixed = battery(PORT_CANNON, blue_at=(50.0, 44.0))
    assert "cannot be turned" in str(guns.turn_refused(shore(fixed), fig(fixed, "Gunner"), the_gun(fixed).name, "Blue"))
    behind = battery({**PORT_CANNON, "wheels": True}, blue_at=(20.0, 5.0))  # off the starboard side
    assert "outside Red cannon 1's arc" in str(guns.turn_refused(shore(behind), fig(behind, "Gunner"), the_gun(behind).name, "Blue"))


@pytest.mark.rules("WS-GUN-3", "WS-GUN-6")
@pytest.mark.parametrize(("y", "need"), [(78.0, 6), (60.0, 5), (44.0, 4), (38.0, 3), (32.0, 2), (26.5, 1)])
def test_cannon_range_bands(y: float, need: int) -> None:
    g = battery(PORT_CANNON, blue_at=(20.0, y))
    gap = guns.gap_to(shore(g), the_gun(g), boat(g, "Blue"))
    shot = fire(g, "Gunner", "Blue", [need, 3])
    assert shot["need"] == need and shot["hit"], gap
    assert boat(g, "Blue").lost == 3


@pytest.mark.rules("WS-GUN-6")
def test_a_cannon_is_one_worse_against_men_cannons_and_boats() -> None:
    g = battery(PORT_CANNON, blue_at=(20.0, 38.0))  # 14.3" off: 3+
    assert fire(g, "Gunner", "Blue", [3, 1])["need"] == 3
    at_man = battery(PORT_CANNON, blue_at=(20.0, 38.0))
    put(at_man, "Bosun", Surface.DECK, "Blue", 20.0, 37.0)
    man = fire(at_man, "Gunner", "Bosun", [4, 6])
    assert man["need"] == 4 and man["mods"] == [{"rule": "WS-GUN-6", "what": "a cannon against a man", "value": -1}] and not fig(at_man, "Bosun").alive
    at_boat = battery(PORT_CANNON, blue_at=(20.0, 38.0), blue_fields={"type": "small", "hit_points": 6})
    assert fire(at_boat, "Gunner", "Blue", [4, 1])["need"] == 4


@pytest.mark.rules("WS-GUN-4", "WS-FIG-2")
def test_the_swivel_gun_spins_as_it_fires_with_the_heros_bonus() -> None:
    g = battery({"kind": "swivel", "place": "port"}, blue_at=(40.0, 40.0))
    shot = fire(g, "Mate", "Blue", [4, 3])  # 22.5" off: 5+ less the hero's 1
    assert (shot["base"], shot["need"], shot["hit"], shot["damage"]) == (5, 4, True, 3)
    assert abs(the_gun(g).facing - 90.0) < 90.0 and the_gun(g).facing != 90.0  # it swung towards the target
    close = battery({"kind": "swivel", "place": "port"}, blue_at=(20.0, 25.8))  # 1" off
    assert fire(close, "Gunner", "Blue", [1, 2])["need"] == 1  # within 2": 1+


@pytest.mark.rules("WS-GUN-5")
def test_the_mounted_rifle_harms_men_only_and_not_within_2_inches() -> None:
    g = battery({"kind": "mounted-rifle", "place": "port"}, blue_at=(20.0, 29.0))
    assert refused(g, "Gunner", "Blue") == "a mounted rifle harms men only (WS-GUN-5)"
    put(g, "Bosun", Surface.DECK, "Blue", 20.0, 27.6)  # 5.1" off: 2+
    shot = fire(g, "Gunner", "Bosun", [2])
    assert (shot["need"], shot["damage"]) == (2, 1) and not fig(g, "Bosun").alive
    near = battery({"kind": "mounted-rifle", "place": "port"}, blue_at=(20.0, 25.8))
    put(near, "Bosun", Surface.DECK, "Blue", 20.0, 24.4)  # 1.9" off
    assert "no hit within 2" in refused(near, "Gunner", "Bosun")


def duel_of_guns(kind: str) -> Game:
    """Red's port cannon and a gun of ``kind`` on Blue's starboard side facing it, 10" apart."""
    crew = [{"name": "Gunner", "kind": "man", "at": [0.0, 0.6]}]
    red = ship("Red", 20, 20, 0, crew, guns=[PORT_CANNON], masts=[])
    blue = ship(
        "Blue",
        20,
        36,
        0,
        [{"name": "Loader", "kind": "man", "at": [0.0, -0.6]}, {"name": "Aft", "kind": "man", "at": [-3.0, -1.0]}],
        guns=[{"kind": kind, "place": "starboard"}],
        masts=[],
    )
    g = game(scenario([red], [blue], table=(80.0, 80.0)))
    guns.muster_crews(g, shore(g), "red")
    return g


@pytest.mark.rules("WS-GUN-7", "WS-GUN-9", "WS-GUN-6")
@pytest.mark.parametrize(("harm", "destroyed", "spill"), [(2, False, 0), (3, True, 0), (5, True, 1), (6, True, 1)])
def test_a_cannon_takes_no_harm_below_3_and_a_5_or_6_hits_its_ship(harm: int, destroyed: bool, spill: int) -> None:
    g = duel_of_guns("cannon")
    s = shore(g)
    target = next(x for x in s.guns.values() if x.ship == "Blue")
    laid = guns.lay(s, obstructions(s), fig(g, "Gunner"), "Red cannon 1", target.name)
    assert not isinstance(laid, str) and laid.mods == (guns.Mod("WS-GUN-6", "a cannon against a cannon", -1),)
    g.dice = ScriptedDice([6, harm])
    drive(guns.fire(g, s, fig(g, "Gunner"), laid))
    hit = kinds(g, "gun-hit")[-1]
    assert (hit["destroyed"], hit["spill"], target.working) == (destroyed, spill, not destroyed)
    assert boat(g, "Blue").lost == spill
    assert fig(g, "Loader").alive is (not destroyed)  # the crew beside a destroyed gun take a wound
    assert fig(g, "Aft").alive


@pytest.mark.rules("WS-GUN-8", "WS-GUN-9")
@pytest.mark.parametrize(("harm", "spill"), [(2, 0), (3, 2)])
def test_a_swivel_dies_to_any_hit_and_a_3_or_more_takes_2_off_its_ship(harm: int, spill: int) -> None:
    g = duel_of_guns("swivel")
    s = shore(g)
    target = next(x for x in s.guns.values() if x.ship == "Blue")
    laid = guns.lay(s, obstructions(s), fig(g, "Gunner"), "Red cannon 1", target.name)
    assert not isinstance(laid, str)
    g.dice = ScriptedDice([6, harm])
    drive(guns.fire(g, s, fig(g, "Gunner"), laid))
    assert not target.working and boat(g, "Blue").lost == spill and not fig(g, "Loader").alive
