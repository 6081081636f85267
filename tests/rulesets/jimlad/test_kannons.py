"""Kannons, krak, grapeshot and sluggas (JL-SHIP-2, JL-SHIP-3, JL-SHOOT-1..5, JL-SHOOT-8, JL-KLAN-3/5/6, JL-QA-1).

Geometry used throughout (``support.duel``): Red's hull is 10" x 4" centred on
(30, 36) heading east, so its fore kannon sits at the bow (35, 36), the port
kannon at (30, 38), the starboard kannon at (30, 34) and the aft kannon at the
stern (25, 36).  Blue sits at (60, 36) heading west: its hull covers x 55..65,
y 34..38, bow towards Red.
"""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Facing, Vec
from grapeshot.rulesets.jimlad import damage, data, kannon
from grapeshot.rulesets.jimlad.actions import EndShooting, Fire, Sluggas
from grapeshot.rulesets.jimlad.data import KANNONS, Klan, armour_of
from grapeshot.rulesets.jimlad.prompts import shoot_prompt
from tests.support import drive, duel, game, scenario, sea, ship


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) | {"rule": e.rule} for e in g.events if e.kind == kind]


def requests(g: Game) -> list[tuple[str, str]]:
    """(rule, expression) of every roll made since the dice were scripted."""
    assert isinstance(g.dice, ScriptedDice)
    return [(r.rule, str(r.expr)) for r in g.dice.requests]


def shoot(g: Game, name: str, action: Fire) -> None:
    """Fire one kannon as a seat would: checked by the shooting prompt, then resolved."""
    s = sea(g)
    sh = ship(g, name)
    shoot_prompt(s, sh).check(sh.commander, action)
    drive(kannon.fire(g, s, sh, action))
    assert isinstance(g.dice, ScriptedDice)
    assert g.dice.remaining == 0, "the scripted dice were not all used"


def check(g: Game, name: str, action: Fire | Sluggas) -> None:
    sh = ship(g, name)
    shoot_prompt(sea(g), sh).check(sh.commander, action)


# --------------------------------------------------------------------------- JL-SHIP-2


@pytest.mark.rules("JL-SHIP-2")
def test_every_ship_counts_as_carrying_four_kannons_one_per_facing() -> None:
    assert tuple(KANNONS) == ("fore", "port", "starboard", "aft")
    assert {g: k.facing for g, k in KANNONS.items()} == {
        "fore": Facing.FRONT,
        "port": Facing.PORT,
        "starboard": Facing.STARBOARD,
        "aft": Facing.REAR,
    }
    g = game(duel(red={"length": 12.0, "width": 5.0}))
    s, red = sea(g), ship(g, "Red")
    # mounted at the middle of each facing's edge (ruling), arcs centred on the facing
    assert kannon.mount(red, "fore") == pytest.approx(Vec(36.0, 36.0))
    assert kannon.mount(red, "port") == pytest.approx(Vec(30.0, 38.5))
    assert kannon.mount(red, "starboard") == pytest.approx(Vec(30.0, 33.5))
    assert kannon.mount(red, "aft") == pytest.approx(Vec(24.0, 36.0))
    assert {gun: kannon.gun_arc(s, red, gun).centre for gun in KANNONS} == {"fore": 0.0, "port": 90.0, "starboard": 270.0, "aft": 180.0}
    # the shooting prompt offers exactly those four guns
    assert sorted(shoot_prompt(s, red).guns()) == ["aft", "fore", "port", "starboard"]


# --------------------------------------------------------------------------- JL-SHOOT-2


@pytest.mark.rules("JL-SHOOT-2")
def test_each_kannon_fires_only_its_own_shells_at_its_own_range() -> None:
    assert (KANNONS["fore"].range, KANNONS["fore"].krak, KANNONS["fore"].grapeshot) == (36.0, 9, None)
    assert (KANNONS["port"].range, KANNONS["port"].krak, KANNONS["port"].grapeshot) == (24.0, 8, 4)
    assert (KANNONS["starboard"].range, KANNONS["starboard"].krak, KANNONS["starboard"].grapeshot) == (24.0, 8, 4)
    assert (KANNONS["aft"].krak, KANNONS["aft"].grapeshot) == (None, 4)
    g = game(duel())
    assert shoot_prompt(sea(g), ship(g, "Red")).guns() == {
        "fore": ["krak"],
        "port": ["krak", "grapeshot"],
        "starboard": ["krak", "grapeshot"],
        "aft": ["grapeshot"],
    }
    with pytest.raises(IllegalAction, match="aft kannon cannot fire krak"):
        check(g, "Red", Fire("aft", "krak", aim=(15.0, 36.0)))
    with pytest.raises(IllegalAction, match="fore kannon cannot fire grapeshot"):
        check(g, "Red", Fire("fore", "grapeshot", aim=(40.0, 36.0)))


@pytest.mark.rules("JL-SHOOT-2", "JL-SHOOT-3")
def test_krak_range_is_36_inches_forward_and_24_on_the_broadsides() -> None:
    g = game(duel(blue={"x": 100.0}))
    check(g, "Red", Fire("fore", "krak", aim=(71.0, 36.0)))  # exactly 36" from the bow
    with pytest.raises(IllegalAction, match=r'aim point is 36\.5" from the fore kannon; its range is 36"'):
        check(g, "Red", Fire("fore", "krak", aim=(71.5, 36.0)))
    check(g, "Red", Fire("starboard", "krak", aim=(30.0, 10.0)))  # 24" from (30, 34)
    with pytest.raises(IllegalAction, match='its range is 24"'):
        check(g, "Red", Fire("starboard", "krak", aim=(30.0, 9.5)))
    check(g, "Red", Fire("port", "krak", aim=(30.0, 62.0)))
    with pytest.raises(IllegalAction, match=r'aim point is 24\.5" from the port kannon'):
        check(g, "Red", Fire("port", "krak", aim=(30.0, 62.5)))
    with pytest.raises(IllegalAction, match="needs an aim point"):
        check(g, "Red", Fire("fore", "krak"))


@pytest.mark.rules("JL-SHOOT-2", "JL-SHOOT-8")
def test_fore_krak_strikes_at_s9_and_broadside_krak_at_s8() -> None:
    # the same D6 of 3 against front armour 12: S9 glances (12), S8 does nothing (11)
    g = game(duel(), script=["hit", 3, 1])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 36.0)))
    [fore] = events(g, "strike")
    assert (fore["strength"], fore["roll"], fore["total"], fore["armour"], fore["verdict"]) == (9, 3, 12, 12, "glancing")
    assert fore["weapon_rule"] == "JL-SHOOT-3"
    assert ship(g, "Blue").hull_points == 4

    g = game(duel(blue={"x": 30.0, "y": 24.0, "heading": 180.0}), script=["hit", 4, 1])
    shoot(g, "Red", Fire("starboard", "krak", aim=(30.0, 24.0)))
    [side] = events(g, "strike")
    assert (side["strength"], side["total"], side["facing"], side["verdict"]) == (8, 12, "starboard", "glancing")


# --------------------------------------------------------------------------- JL-SHOOT-1, JL-SHOOT-3: scatter


@pytest.mark.rules("JL-SHOOT-1", "JL-SHOOT-3")
def test_krak_scatter_is_2d6_less_the_grot_gunners_bs3() -> None:
    assert data.GUNNER_BS == 3
    # aimed just inside Blue's south edge; the arrow points north; 2D6 = 6 -> 3" with BS3
    g = game(duel(), script=[90.0, 3, 3, 1])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 34.5)))
    [k] = events(g, "krak")
    assert k["rule"] == "JL-SHOOT-3"
    assert k["scatter"] == {"hit": False, "direction": 90.0, "dice": 6, "bs": 3, "inches": 3}
    assert k["landing"] == [60.0, 37.5]
    assert k["target"] == "Blue"
    assert k["mount"] == [35.0, 36.0] and k["range"] == pytest.approx(25.045, abs=1e-3)
    assert requests(g)[:2] == [("JL-SHOOT-3", "scatter"), ("JL-SHOOT-3", "2D6")]
    assert len(events(g, "strike")) == 1


@pytest.mark.rules("JL-SHOOT-1", "JL-SHOOT-3")
def test_option_krak_scatter_bs_2_takes_off_only_two_inches() -> None:
    # the same dice as above: 4" now carries the shell past Blue's north edge (y 38)
    g = game(duel(options={"krak_scatter_bs": 2}), script=[90.0, 3, 3])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 34.5)))
    [k] = events(g, "krak")
    assert k["scatter"]["bs"] == 2 and k["scatter"]["inches"] == 4
    assert k["landing"] == [60.0, 38.5]
    assert k["target"] is None and k["facing"] is None
    assert events(g, "strike") == []
    assert ship(g, "Blue").hull_points == 5


@pytest.mark.rules("JL-SHOOT-3")
def test_scatter_never_goes_below_nothing() -> None:
    # 2D6 = 2 less BS3 would be -1": the shell lands on the aim point, not behind it
    g = game(duel(), script=[270.0, 1, 1, 1])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 37.5)))
    [k] = events(g, "krak")
    assert k["scatter"]["dice"] == 2 and k["scatter"]["inches"] == 0
    assert k["landing"] == [60.0, 37.5] and k["target"] == "Blue"


@pytest.mark.rules("JL-SHOOT-3")
def test_a_hit_on_the_scatter_die_lands_on_the_aim_point_without_rolling_distance() -> None:
    g = game(duel(), script=["hit", 1])
    shoot(g, "Red", Fire("fore", "krak", aim=(62.0, 35.0)))
    [k] = events(g, "krak")
    assert k["scatter"] == {"hit": True, "direction": None, "dice": None, "bs": 3, "inches": 0}
    assert k["landing"] == k["aim"] == [62.0, 35.0]
    assert k["target"] == "Blue"
    assert [r for r, _ in requests(g)] == ["JL-SHOOT-3", "JL-SHOOT-8"]  # scatter, then penetration; no 2D6


@pytest.mark.rules("JL-SHOOT-3")
def test_krak_in_open_sea_harms_nothing() -> None:
    g = game(duel(), script=[0.0, 6, 6])
    shoot(g, "Red", Fire("fore", "krak", aim=(45.0, 36.0)))
    [k] = events(g, "krak")
    assert k["landing"] == [54.0, 36.0]  # 9" east, just short of Blue's bow at x 55
    assert k["target"] is None
    assert events(g, "strike") == [] and ship(g, "Blue").hull_points == 5


@pytest.mark.rules("JL-SHOOT-3")
def test_aim_points_outside_the_arc_are_rejected_with_the_arc_named() -> None:
    g = game(duel())
    check(g, "Red", Fire("fore", "krak", aim=(40.0, 41.0)))  # 45 degrees off the bow: on the arc's edge
    with pytest.raises(IllegalAction, match=r"outside the fore kannon's arc \(90 degrees centred on 0.0\)"):
        check(g, "Red", Fire("fore", "krak", aim=(40.0, 42.0)))
    with pytest.raises(IllegalAction, match="outside the starboard kannon's arc"):
        check(g, "Red", Fire("starboard", "krak", aim=(45.0, 36.0)))
    with pytest.raises(IllegalAction, match="outside the port kannon's arc"):
        check(g, "Red", Fire("port", "grapeshot", aim=(30.0, 20.0)))


@pytest.mark.rules("JL-SHOOT-3")
def test_option_kannon_arc_narrows_or_widens_every_arc() -> None:
    forty_degrees = (35.0 + 10 * 0.766044, 36.0 + 10 * 0.642788)
    check(game(duel()), "Red", Fire("fore", "krak", aim=forty_degrees))
    g = game(duel(options={"kannon_arc": 60.0}))
    with pytest.raises(IllegalAction, match=r"\(60 degrees centred on 0.0\)"):
        check(g, "Red", Fire("fore", "krak", aim=forty_degrees))
    assert kannon.gun_arc(sea(g), ship(g, "Red"), "port").width == 60.0
    wide = game(duel(options={"kannon_arc": 120.0}))
    check(wide, "Red", Fire("fore", "krak", aim=(40.0, 44.0)))  # about 58 degrees off the bow


@pytest.mark.rules("JL-SHOOT-3")
def test_the_hull_under_the_landing_point_is_struck_even_a_friendly_one() -> None:
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
            {"seat": "red", "name": "Mate", "x": 30.0, "y": 24.0, "heading": 0.0},
            {"seat": "blue", "name": "Blue", "x": 60.0, "y": 36.0, "heading": 180.0},
        ]
    )
    # aimed at open sea; the arrow points south: 7 - 3 = 4" carries it onto Mate at (30, 24)
    g = game(sc, script=[270.0, 4, 3, 4, 1])
    shoot(g, "Red", Fire("starboard", "krak", aim=(30.0, 28.0)))
    [k] = events(g, "krak")
    assert k["landing"] == [30.0, 24.0] and k["target"] == "Mate"
    [st] = events(g, "strike")
    assert (st["target"], st["facing"], st["armour"], st["verdict"]) == ("Mate", "port", 12, "glancing")
    assert ship(g, "Mate").hull_points == 4
    assert ship(g, "Blue").hull_points == 5 and ship(g, "Red").hull_points == 5


@pytest.mark.rules("JL-SHOOT-3")
def test_a_shell_that_scatters_off_its_target_onto_another_ship_strikes_that_one() -> None:
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
            {"seat": "blue", "name": "Blue", "x": 60.0, "y": 36.0, "heading": 180.0},
            {"seat": "blue", "name": "Blue2", "x": 60.0, "y": 44.0, "heading": 0.0},
        ]
    )
    g = game(sc, script=[90.0, 6, 4, 5, 1])  # 10 - 3 = 7" north of (60, 37): (60, 44)
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 37.0)))
    [k] = events(g, "krak")
    assert k["landing"] == [60.0, 44.0] and k["target"] == "Blue2"
    [st] = events(g, "strike")
    assert st["target"] == "Blue2" and st["facing"] == "rear" and st["armour"] == 11
    assert (ship(g, "Blue").hull_points, ship(g, "Blue2").hull_points) == (5, 4)


@pytest.mark.rules("JL-SHOOT-3", "JL-SHIP-3")
@pytest.mark.parametrize(
    ("blue_heading", "facing", "armour", "verdict", "hull"),
    [
        (180.0, "front", 12, "none", 5),
        (0.0, "rear", 11, "glancing", 4),
        (90.0, "port", 12, "none", 5),
        (270.0, "starboard", 12, "none", 5),
    ],
)
def test_the_facing_struck_is_the_one_that_looks_towards_the_firing_kannon(blue_heading: float, facing: str, armour: int, verdict: str, hull: int) -> None:
    # S9 + 2 = 11: nothing against 12, a glance against the rear's 11
    g = game(duel(blue={"heading": blue_heading}), script=["hit", 2, 1] if verdict != "none" else ["hit", 2])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 36.0)))
    [k] = events(g, "krak")
    assert k["facing"] == facing
    [st] = events(g, "strike")
    assert (st["facing"], st["armour"], st["total"], st["verdict"]) == (facing, armour, 11, verdict)
    assert ship(g, "Blue").hull_points == hull


@pytest.mark.rules("JL-SHOOT-3")
def test_the_facing_comes_from_the_kannon_not_from_where_the_shell_lands() -> None:
    # the shell lands in Blue's stern half, but the kannon is ahead of Blue: front armour 12
    g = game(duel(), script=["hit", 2])
    shoot(g, "Red", Fire("fore", "krak", aim=(64.0, 36.0)))
    [st] = events(g, "strike")
    assert (st["facing"], st["armour"], st["verdict"]) == ("front", 12, "none")
    assert ship(g, "Blue").hull.facing_towards(Vec(64.0, 36.0)) is Facing.REAR
    # a broadside kannon abeam of Blue's bow still hits the side it looks at
    g = game(duel(blue={"x": 30.0, "y": 24.0, "heading": 0.0}), script=["hit", 4, 1])
    shoot(g, "Red", Fire("starboard", "krak", aim=(34.5, 24.0)))
    [st] = events(g, "strike")
    assert (st["facing"], st["armour"], st["verdict"]) == ("port", 12, "glancing")
    assert ship(g, "Blue").hull.facing_towards(Vec(34.5, 24.0)) is Facing.FRONT


# --------------------------------------------------------------------------- JL-SHOOT-8, JL-SHIP-3


@pytest.mark.rules("JL-SHOOT-8")
@pytest.mark.parametrize(
    ("roll", "verdict", "hull", "penetrated"),
    [(2, "none", 5, []), (3, "glancing", 4, []), (4, "penetrating", 4, ["Blue"])],
)
def test_strength_plus_d6_against_armour_decides_the_hit(roll: int, verdict: str, hull: int, penetrated: list[str]) -> None:
    script: list[int | str | float] = ["hit", roll] + ([1] if verdict != "none" else [])
    g = game(duel(), script=script)
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 36.0)))
    [st] = events(g, "strike")
    assert st["rule"] == "JL-SHOOT-8"
    assert (st["strength"], st["roll"], st["total"], st["armour"], st["verdict"]) == (9, roll, 9 + roll, 12, verdict)
    assert st["save"] == (None if verdict == "none" else 1)
    assert ship(g, "Blue").hull_points == hull
    assert sea(g).penetrated == penetrated
    assert damage.penetration(9, roll, 12) == verdict


@pytest.mark.rules("JL-SHIP-3")
def test_ship_profile_five_hull_points_and_armour_12_12_11() -> None:
    g = game(duel())
    assert ship(g, "Blue").hull_points == data.HULL_POINTS == 5
    assert {f: armour_of(Klan.GOFFS, f) for f in Facing} == {Facing.FRONT: 12, Facing.PORT: 12, Facing.STARBOARD: 12, Facing.REAR: 11}


@pytest.mark.rules("JL-SHIP-3")
@pytest.mark.parametrize(("save", "verdict", "hull"), [(6, "saved", 5), (5, "penetrating", 4)])
def test_ramshackle_hulls_save_on_a_6(save: int, verdict: str, hull: int) -> None:
    g = game(duel(), script=["hit", 6, save])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 36.0)))
    [st] = events(g, "strike")
    assert (st["total"], st["save"], st["verdict"]) == (15, save, verdict)
    assert ship(g, "Blue").hull_points == hull
    assert sea(g).penetrated == ([] if verdict == "saved" else ["Blue"])
    assert isinstance(g.dice, ScriptedDice)
    save_req = g.dice.requests[-1]
    assert (save_req.rule, save_req.seat, save_req.actor) == ("JL-SHIP-3", "blue", "Blue")


# --------------------------------------------------------------------------- JL-KLAN-5, JL-KLAN-6


@pytest.mark.rules("JL-KLAN-5")
def test_evil_sunz_sides_are_armour_11() -> None:
    assert {f: armour_of(Klan.EVIL_SUNZ, f) for f in Facing} == {Facing.FRONT: 12, Facing.PORT: 11, Facing.STARBOARD: 11, Facing.REAR: 11}
    # S9 + 2 = 11 glances off an Evil Sunz port side (a Goff's 12 shrugs it off: see the facing test)
    g = game(duel(blue={"heading": 90.0, "klan": "evil-sunz"}), script=["hit", 2, 1])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 36.0)))
    [st] = events(g, "strike")
    assert (st["facing"], st["armour"], st["verdict"]) == ("port", 11, "glancing")
    assert ship(g, "Blue").hull_points == 4
    # the front is untouched: 11 does nothing there
    g = game(duel(blue={"klan": "evil-sunz"}), script=["hit", 2])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 36.0)))
    [st] = events(g, "strike")
    assert (st["facing"], st["armour"], st["verdict"]) == ("front", 12, "none")


@pytest.mark.rules("JL-KLAN-6")
@pytest.mark.parametrize(("heading", "facing", "armour"), [(180.0, "front", 13), (90.0, "port", 13), (270.0, "starboard", 13), (0.0, "rear", 11)])
def test_bad_moons_front_and_sides_are_armour_13(heading: float, facing: str, armour: int) -> None:
    # S9 + 4 = 13: penetrating against 12 or 11, only a glance against 13
    g = game(duel(blue={"heading": heading, "klan": "bad-moons"}), script=["hit", 4, 1])
    shoot(g, "Red", Fire("fore", "krak", aim=(60.0, 36.0)))
    [st] = events(g, "strike")
    assert (st["facing"], st["armour"], st["total"]) == (facing, armour, 13)
    assert st["verdict"] == ("glancing" if armour == 13 else "penetrating")
    assert armour_of(Klan.BAD_MOONS, Facing(facing)) == armour


# --------------------------------------------------------------------------- JL-KLAN-3


@pytest.mark.rules("JL-KLAN-3")
def test_deff_skulls_fire_d3_krak_shots_from_a_broadside_each_scattering_on_its_own() -> None:
    blue_south = {"x": 30.0, "y": 24.0, "heading": 0.0}
    # D3 = 3 shots: a hit that does nothing, an arrow that carries the shell off Blue, a hit that glances
    g = game(duel(red={"klan": "deff-skulls"}, blue=blue_south), script=[3, "hit", 1, 90.0, 4, 4, "hit", 4, 1])
    shoot(g, "Red", Fire("starboard", "krak", aim=(30.0, 24.0)))
    assert requests(g)[0] == ("JL-KLAN-3", "D3")
    shots = events(g, "krak")
    assert [k["shot"] for k in shots] == [1, 2, 3]
    assert [k["landing"] for k in shots] == [[30.0, 24.0], [30.0, 29.0], [30.0, 24.0]]
    assert [k["target"] for k in shots] == ["Blue", None, "Blue"]
    assert [st["verdict"] for st in events(g, "strike")] == ["none", "glancing"]
    assert ship(g, "Blue").hull_points == 4
    # a D3 of 1 is a single shot
    g = game(duel(red={"klan": "deff-skulls"}, blue=blue_south), script=[1, "hit"])
    shoot(g, "Red", Fire("port", "krak", aim=(30.0, 48.0)))
    assert len(events(g, "krak")) == 1
    # other klans fire one shot and roll no D3
    g = game(duel(blue=blue_south), script=["hit", 1])
    shoot(g, "Red", Fire("starboard", "krak", aim=(30.0, 24.0)))
    assert len(events(g, "krak")) == 1 and ("JL-KLAN-3", "D3") not in requests(g)


@pytest.mark.rules("JL-KLAN-3", "JL-SHOOT-4")
def test_deff_skulls_fore_kannon_fires_grapeshot_only_at_s4() -> None:
    # Blue bow-on ahead of Red: its three foremost boyz are within the template's 8"
    g = game(duel(red={"klan": "deff-skulls"}, blue={"x": 44.0}), script=[1, 1, 1])
    assert shoot_prompt(sea(g), ship(g, "Red")).guns()["fore"] == ["grapeshot"]
    with pytest.raises(IllegalAction, match="fore kannon cannot fire krak"):
        check(g, "Red", Fire("fore", "krak", aim=(44.0, 36.0)))
    assert requests(g) == []
    shoot(g, "Red", Fire("fore", "grapeshot", aim=(44.0, 36.0)))
    [gs] = events(g, "grapeshot")
    assert gs["gun"] == "fore" and len(gs["hits"]) == 3
    assert [(w["strength"], w["need"]) for w in events(g, "wound")] == [(4, 4)] * 3
    assert all(r == "JL-SHOOT-4" for r, _ in requests(g))


# --------------------------------------------------------------------------- JL-SHOOT-4, JL-QA-1: grapeshot


BOW_ON_NORTH = {"x": 30.0, "y": 47.0, "heading": 270.0}  # Blue's bow 4" off Red's port kannon
STERN_ON_NORTH = {"x": 30.0, "y": 47.0, "heading": 90.0}  # Blue's stern (Kaptin, then Doc) 4" off it


@pytest.mark.rules("JL-SHOOT-4", "JL-QA-1")
def test_grapeshot_template_hits_every_model_under_it_and_never_the_hull() -> None:
    # template from (30, 38) pointing north reaches y 46: the three foremost boyz (y 42.7, 44.1, 45.6)
    # boy 1: fails to wound; boy 2: wounded but saves on 5+; boy 3: wounded, fails save and Feel No Pain
    g = game(duel(blue=BOW_ON_NORTH), script=[3, 4, 5, 6, 4, 4])
    shoot(g, "Red", Fire("port", "grapeshot", aim=(30.0, 44.0)))
    [gs] = events(g, "grapeshot")
    assert gs["rule"] == "JL-SHOOT-4" and gs["mode"] == "template"
    assert gs["mount"] == [30.0, 38.0] and gs["direction"] == 90.0
    assert gs["hits"] == [{"ship": "Blue", "model": "krew"}] * 3
    wounds = events(g, "wound")
    assert [(w["rule"], w["strength"], w["toughness"], w["need"]) for w in wounds] == [("JL-SHOOT-4", 4, 4, 4)] * 3
    assert [w.get("save_need") for w in wounds] == [None, 5, 5]
    assert [(w["wounded"], w["killed"]) for w in wounds] == [(False, False), (False, False), (True, True)]
    assert wounds[2]["fnp_roll"] == 4
    blue = ship(g, "Blue")
    assert len(blue.krew) == 6
    assert blue.hull_points == 5
    assert events(g, "strike") == []
    rules = [r for r, _ in requests(g)]
    assert "JL-SHIP-3" not in rules and "JL-SHOOT-8" not in rules  # no penetration, no ramshackle save


@pytest.mark.rules("JL-SHOOT-4", "JL-QA-1")
def test_grapeshot_wounds_take_armour_saves_and_feel_no_pain() -> None:
    # stern-on: a boy, the Doc and the Kaptin (4+ save) are under the template
    # boy: not wounded; Doc: wounded, fails his 5+ save, Feel No Pain 6 saves him; Kaptin: wounded, saves on 4
    g = game(duel(blue=STERN_ON_NORTH), script=[1, 4, 2, 6, 5, 4])
    shoot(g, "Red", Fire("port", "grapeshot", aim=(30.0, 44.0)))
    wounds = events(g, "wound")
    assert [w["model"] for w in wounds] == ["krew", "doc", "kaptin"]
    assert wounds[0]["wounded"] is False
    assert (wounds[1]["save_need"], wounds[1]["save_roll"], wounds[1]["fnp_roll"], wounds[1]["wounded"]) == (5, 2, 6, False)
    assert (wounds[2]["save_need"], wounds[2]["save_roll"], wounds[2]["wounded"]) == (4, 4, False)
    assert len(ship(g, "Blue").krew) == 7 and ship(g, "Blue").kaptin is not None and ship(g, "Blue").kaptin.wounds == 3
    # without the Doc there is no Feel No Pain roll: the same boy dies at once
    g = game(duel(blue=BOW_ON_NORTH), script=[6, 1, 1])  # six models now: two boyz under the template
    doc = next(k for k in ship(g, "Blue").krew if k.role == "doc")
    ship(g, "Blue").krew.remove(doc)
    shoot(g, "Red", Fire("port", "grapeshot", aim=(30.0, 44.0)))
    first = events(g, "wound")[0]
    assert first["killed"] is True and "fnp_roll" not in first
    assert ("JL-KREW-4", "D6") not in requests(g)


@pytest.mark.rules("JL-SHOOT-4")
def test_grapeshot_template_misses_models_outside_it() -> None:
    # aimed 45 degrees off: the template passes west of Blue's keel, where the models stand
    g = game(duel(blue=BOW_ON_NORTH), script=[])
    shoot(g, "Red", Fire("port", "grapeshot", aim=(24.0, 44.0)))
    [gs] = events(g, "grapeshot")
    assert gs["hits"] == [] and len(ship(g, "Blue").krew) == 7


@pytest.mark.rules("JL-SHOOT-4", "JL-QA-1")
def test_no_grapeshot_at_a_ship_whose_krew_are_boarding() -> None:
    g = game(duel(blue=BOW_ON_NORTH), script=[])
    check(g, "Red", Fire("port", "grapeshot", aim=(30.0, 44.0)))
    ship(g, "Blue").engaged = "Someone"
    with pytest.raises(IllegalAction, match="boarding action"):
        check(g, "Red", Fire("port", "grapeshot", aim=(30.0, 44.0)))
    # a template laid clear of the boarding ship's krew is still allowed
    check(g, "Red", Fire("port", "grapeshot", aim=(24.0, 44.0)))
    g = game(duel(blue=BOW_ON_NORTH, options={"grapeshot": "d3"}))
    check(g, "Red", Fire("port", "grapeshot", target="Blue"))
    ship(g, "Blue").engaged = "Someone"
    with pytest.raises(IllegalAction, match="not a grapeshot target"):
        check(g, "Red", Fire("port", "grapeshot", target="Blue"))


@pytest.mark.rules("JL-SHOOT-4")
def test_option_grapeshot_d3_hits_the_models_closest_to_the_gun() -> None:
    # D3 = 2 hits: the Kaptin (aft, closest) then the Doc
    g = game(duel(blue=STERN_ON_NORTH, options={"grapeshot": "d3"}), script=[2, 4, 3, 2, 4, 2, 1])
    shoot(g, "Red", Fire("port", "grapeshot", target="Blue"))
    assert requests(g)[0] == ("JL-SHOOT-4", "D3")
    [gs] = events(g, "grapeshot")
    assert (gs["mode"], gs["target"], gs["range"], gs["count"]) == ("d3", "Blue", 4.0, 2)
    wounds = events(g, "wound")
    assert [(w["model"], w["strength"]) for w in wounds] == [("kaptin", 4), ("doc", 4)]
    blue = ship(g, "Blue")
    assert blue.kaptin is not None and blue.kaptin.wounds == 2
    assert not blue.has_doc and len(blue.krew) == 6
    assert blue.hull_points == 5 and events(g, "strike") == []


@pytest.mark.rules("JL-SHOOT-4")
def test_d3_grapeshot_hits_go_down_the_line_of_closest_models_when_one_dies() -> None:
    # the Kaptin (one wound left) dies to the first hit; the second hit belongs to the next closest, the Doc
    g = game(duel(blue=STERN_ON_NORTH, options={"grapeshot": "d3"}), script=[2, 4, 1, 1, 6, 1, 1])
    blue = ship(g, "Blue")
    assert blue.kaptin is not None
    blue.kaptin.wounds = 1
    shoot(g, "Red", Fire("port", "grapeshot", target="Blue"))
    assert [(w["model"], w["killed"]) for w in events(g, "wound")] == [("kaptin", True), ("doc", True)]
    assert sorted(k.role for k in blue.krew) == ["krew"] * 5


@pytest.mark.rules("JL-SHOOT-4")
def test_d3_grapeshot_reaches_only_8_inches() -> None:
    # Blue's stern exactly 8" from the port kannon: a target; half an inch further: not
    g = game(duel(blue={"x": 30.0, "y": 51.0, "heading": 90.0}, options={"grapeshot": "d3"}))
    check(g, "Red", Fire("port", "grapeshot", target="Blue"))
    g = game(duel(blue={"x": 30.0, "y": 51.5, "heading": 90.0}, options={"grapeshot": "d3"}))
    with pytest.raises(IllegalAction, match=r"not a grapeshot target for the port kannon \(in arc, within 8\""):
        check(g, "Red", Fire("port", "grapeshot", target="Blue"))
    with pytest.raises(IllegalAction, match="needs a target ship"):
        check(g, "Red", Fire("port", "grapeshot"))


# --------------------------------------------------------------------------- JL-SHOOT-5: sluggas


@pytest.mark.rules("JL-SHOOT-5")
def test_sluggas_need_the_ships_within_the_slugga_range_option() -> None:
    g = game(duel(blue={"x": 30.0, "y": 46.0, "heading": 0.0}))  # hulls 6" apart
    check(g, "Red", Sluggas("Blue"))
    g = game(duel(blue={"x": 30.0, "y": 46.5, "heading": 0.0}))  # 6.5"
    assert shoot_prompt(sea(g), ship(g, "Red")).slugga_targets() == []
    with pytest.raises(IllegalAction, match=r"not a slugga target for Red \(within 6.0\""):
        check(g, "Red", Sluggas("Blue"))
    g = game(duel(blue={"x": 30.0, "y": 46.5, "heading": 0.0}, options={"slugga_range": 12.0}))
    check(g, "Red", Sluggas("Blue"))
    g = game(duel(blue={"x": 30.0, "y": 52.5, "heading": 0.0}, options={"slugga_range": 12.0}))
    with pytest.raises(IllegalAction, match="not a slugga target"):
        check(g, "Red", Sluggas("Blue"))
    g = game(duel(blue={"x": 30.0, "y": 46.0, "heading": 0.0}))
    ship(g, "Blue").engaged = "Someone"
    with pytest.raises(IllegalAction, match="not a slugga target"):
        check(g, "Red", Sluggas("Blue"))


@pytest.mark.rules("JL-SHOOT-5")
def test_sluggas_hit_on_5_at_s4_ap5_and_the_target_fires_back_at_once() -> None:
    # Red's 7 Orks: two 5+ -> 2 hits on Blue's closest boyz; no armour save against AP5;
    # boy 1 is wounded and fails Feel No Pain, boy 2 is saved by it.
    # Blue's 6 survivors fire back: one hit, the boy wounded, Feel No Pain fails.
    script = [5, 6, 1, 2, 3, 4, 4, 4, 2, 6, 6, 5, 1, 1, 1, 1, 1, 4, 1]
    g = game(duel(blue={"x": 30.0, "y": 46.0, "heading": 0.0}), script=script)
    s, red, blue = sea(g), ship(g, "Red"), ship(g, "Blue")
    check(g, "Red", Sluggas("Blue"))
    drive(kannon.sluggas(g, s, red, blue))
    assert isinstance(g.dice, ScriptedDice) and g.dice.remaining == 0
    volleys = events(g, "sluggas")
    assert [(v["ship"], v["target"], v["shots"], v["need"], v["hits"], v["return_fire"]) for v in volleys] == [
        ("Red", "Blue", 7, 5, 2, False),
        ("Blue", "Red", 6, 5, 1, True),
    ]
    assert all(v["rule"] == "JL-SHOOT-5" for v in volleys)
    wounds = events(g, "wound")
    assert [(w["ship"], w["model"], w["strength"], w["save_need"], w["killed"]) for w in wounds] == [
        ("Blue", "krew", 4, None, True),
        ("Blue", "krew", 4, None, False),
        ("Red", "krew", 4, None, True),
    ]
    assert all("save_roll" not in w for w in wounds)
    # the return volley comes straight after Red's hits are resolved
    kinds = [e.kind for e in g.events if e.kind in ("sluggas", "wound")]
    assert kinds == ["sluggas", "wound", "wound", "sluggas", "wound"]
    assert (len(red.krew), len(blue.krew)) == (6, 6)
    assert (red.hull_points, blue.hull_points) == (5, 5)
    assert "sluggas" in red.fired
    assert shoot_prompt(s, red).slugga_targets() == []  # once a turn


@pytest.mark.rules("JL-SHOOT-5")
@pytest.mark.parametrize(("save", "wounds_left"), [(4, 3), (3, 2)])
def test_the_kaptins_eavy_armour_saves_on_4_against_sluggas(save: int, wounds_left: int) -> None:
    # Blue's stern (Kaptin) is the closest part of it to Red: he takes the one hit
    script = [6, 1, 1, 1, 1, 1, 1, 5, save] + ([1] if save < 4 else []) + [1] * 7
    g = game(duel(blue={"x": 40.0, "y": 42.0, "heading": 0.0}), script=script)
    drive(kannon.sluggas(g, sea(g), ship(g, "Red"), ship(g, "Blue")))
    [w] = events(g, "wound")
    assert (w["model"], w["save_need"], w["save_roll"]) == ("kaptin", 4, save)
    kaptin = ship(g, "Blue").kaptin
    assert kaptin is not None and kaptin.wounds == wounds_left
    assert [v["hits"] for v in events(g, "sluggas")] == [1, 0]


@pytest.mark.rules("JL-SHOOT-5", "JL-SHOOT-2")
def test_sluggas_and_kannons_are_offered_together_in_the_shooting_prompt() -> None:
    g = game(duel(blue={"x": 30.0, "y": 46.0, "heading": 0.0}))
    d = shoot_prompt(sea(g), ship(g, "Red")).describe()
    assert d["slugga_targets"] == ["Blue"]
    assert set(d["guns"]) == {"fore", "port", "starboard", "aft"}
    shoot_prompt(sea(g), ship(g, "Red")).check("red", EndShooting())
