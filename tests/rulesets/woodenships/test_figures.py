"""Figures on the move: 8" round what is in the way then one action; swimming 4" and the sharks;
crossing between surfaces; weapons picked up on the way."""

from __future__ import annotations

import math

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships.actions import Act, Move, Next
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt
from grapeshot.rulesets.woodenships.shooting import aim
from tests.rulesets.woodenships.harness import ashore, boat, fig, game, kinds, put, scenario, ship, shore, to_figure

HUT = {"kind": "building", "name": "Hut", "polygon": [[28, 16], [32, 16], [32, 24], [28, 24]]}


@pytest.mark.rules("WS-FIG-3")
def test_a_figure_moves_up_to_8_inches_then_acts() -> None:
    g = game(ashore([{"name": "Walker", "kind": "man", "at": [10, 20], "weapons": ["pistol"]}], [{"name": "Target", "kind": "man", "at": [28, 26]}]))
    p = to_figure(g, "Walker")
    assert isinstance(p, MovePrompt)
    p.check("red", Move((18.0, 20.0), "land", "Isle"))  # 8" exactly
    with pytest.raises(IllegalAction, match=r"cannot get to \(18.10, 20.00\) within 8"):
        p.check("red", Move((18.1, 20.0), "land", "Isle"))
    g.submit("red", Move((18.0, 20.0), "land", "Isle"))
    assert shore(g).base(fig(g, "Walker")).centre == (18.0, 20.0)
    assert kinds(g, "move")[-1]["inches"] == pytest.approx(8.0)
    # then its one action: the pistol at the target 10.7" away (long range: a 6)
    act = g.prompt
    assert isinstance(act, ActPrompt) and act.figure == "Walker"
    assert Act("shoot", "pistol 1", "Target") in act.options() and Act() in act.options()


@pytest.mark.rules("WS-FIG-3")
def test_a_move_goes_round_what_is_in_the_way_within_the_8_inches() -> None:
    g = game(ashore([{"name": "Walker", "kind": "man", "at": [25, 20]}], [{"name": "Target", "kind": "man", "at": [50, 30]}], terrain=[HUT]))
    p = to_figure(g, "Walker")
    assert isinstance(p, MovePrompt)
    # straight through the hut would be 8"; round it is longer
    with pytest.raises(IllegalAction, match="cannot get to"):
        p.check("red", Move((33.0, 20.0), "land", "Isle"))
    with pytest.raises(IllegalAction, match="not a free place"):
        p.check("red", Move((30.0, 20.0), "land", "Isle"))
    plan = p.plan_for(Move((27.0, 26.0), "land", "Isle"))
    assert plan.cost == pytest.approx(math.hypot(2.0, 6.0), abs=1e-6)
    way = p.plan_for(Move((30.0, 25.2), "land", "Isle"))
    assert 8.0 >= way.cost > math.hypot(5.0, 5.2) and len(way.legs[0].path) > 2  # it bends round the hut's corner


@pytest.mark.rules("WS-FIG-5")
def test_swimming_is_4_inches_and_the_water_counts_double_after_a_walk() -> None:
    g = game(scenario([ship("Red", 20, 20, 0, [{"name": "Diver", "kind": "man", "at": [0, 1.4]}])], [ship("Blue", 50, 34, 180)]))
    p = to_figure(g, "Diver")
    assert isinstance(p, MovePrompt)
    # over the port side (the gunwale at y = 22): a walk of 0.1" to the side, the jump of 1" from
    # base to base over it and the swim of 2.5" on, in the water at double: 0.1 + 2 + 5
    made = p.plan_for(Move((20.0, 25.0), "water", ""))
    assert made.crossing == "jump" and made.cost == pytest.approx(7.1, abs=1e-6)
    assert (made.legs[0].length, made.legs[1].length) == (pytest.approx(0.1), pytest.approx(2.5))
    with pytest.raises(IllegalAction, match="within 8"):
        p.check("red", Move((20.0, 26.0), "water", ""))  # 0.1 + 2 + 7
    g.submit("red", Move((20.0, 25.0), "water", ""))
    assert fig(g, "Diver").swimming and kinds(g, "move")[-1]["crossing"] == "jump"
    assert [e.rule for e in g.events if e.kind == "move"][-1] == "WS-FIG-5"


@pytest.mark.rules("WS-FIG-5")
def test_a_swimmer_swims_4_inches_and_the_sharks_take_it_on_a_1() -> None:
    g = game(scenario([ship("Red", 20, 20, 0, [{"name": "Swimmer", "kind": "man"}, {"name": "Lucky", "kind": "man"}])], [ship("Blue", 50, 34, 180)]), [1, 2])
    put(g, "Swimmer", Surface.WATER, "", 20.0, 30.0)
    put(g, "Lucky", Surface.WATER, "", 30.0, 30.0)
    p = to_figure(g, "Swimmer")
    assert isinstance(p, MovePrompt)
    p.check("red", Move((24.0, 30.0), "water", ""))
    with pytest.raises(IllegalAction, match='within 4"'):
        p.check("red", Move((24.2, 30.0), "water", ""))
    with pytest.raises(IllegalAction, match="only by climbing"):
        p.check("red", Move((20.0, 21.0), "deck", "Red"))
    g.submit("red", Move((24.0, 30.0), "water", ""))
    g.submit("red", Next())  # the end of red's turn: both swimmers roll for the sharks
    sharks = kinds(g, "sharks")
    assert [(e["figure"], e["roll"], e["eaten"]) for e in sharks] == [("Swimmer", 1, True), ("Lucky", 2, False)]
    assert not fig(g, "Swimmer").alive and fig(g, "Lucky").alive
    assert kinds(g, "killed")[0]["cause"] == "sharks"


@pytest.mark.rules("WS-BOARD-1")
def test_figures_cross_only_to_a_ship_within_2_inches() -> None:
    g = game(scenario([ship("Red", 20, 20, 0, [{"name": "Jack", "kind": "man", "at": [0, 1.4]}]), ship("Far", 20, 27, 0)], [ship("Blue", 50, 34, 180)]))
    p = to_figure(g, "Jack")
    assert isinstance(p, MovePrompt)
    with pytest.raises(IllegalAction, match=r'Far is 3.00" away: figures cross only within 2"'):
        p.check("red", Move((20.0, 26.0), "deck", "Far"))
    boat(g, "Far").hull = type(boat(g, "Far").hull)(20.0, 25.5, 0.0, 8.0, 4.0)  # now 1.5" off
    p2 = MovePrompt(p.seats, p.rule, p.text, p.accepts, shore(g), "Jack")
    made = p2.plan_for(Move((20.0, 24.5), "deck", "Far"))
    assert made.crossing == "cross" and made.boards is None  # her own side's ship: no boarding roll


@pytest.mark.rules("WS-ARMS-4")
def test_weapons_are_picked_up_on_the_way_and_not_beyond_reach() -> None:
    sc = ashore([{"name": "Walker", "kind": "man", "at": [10, 20]}], [{"name": "Target", "kind": "man", "at": [50, 30]}])
    g = game(sc)
    s = shore(g)
    from grapeshot.rulesets.woodenships.pieces import Spot
    from grapeshot.rulesets.woodenships.setup import new_weapon

    near = new_weapon(s, "pistol", None, Spot(Surface.LAND, "Isle", 14.0, 20.8))
    far = new_weapon(s, "sword", None, Spot(Surface.LAND, "Isle", 14.0, 23.0))
    p = to_figure(g, "Walker")
    assert isinstance(p, MovePrompt)
    along = Move((18.0, 20.0), "land", "Isle", (near,))
    assert p.plan_for(along).weapons == (near,)
    with pytest.raises(IllegalAction, match=r"\['sword 1'\] do not lie within 1\" of Walker's way"):
        p.check("red", Move((18.0, 20.0), "land", "Isle", (far,)))
    g.submit("red", along)
    assert s.weapons[near].holder == "Walker" and s.weapons[near].picked == s.serial and s.weapons[near].spot is None
    assert kinds(g, "pick-up") == [{"figure": "Walker", "weapons": [near], "missed": []}]
    # a projectile weapon picked up this turn cannot be fired this turn
    why = aim(s, obstructions(s), fig(g, "Walker"), near, "Target")
    assert isinstance(why, str) and "picked up this turn" in why


@pytest.mark.rules("WS-ARMS-4")
def test_the_carry_limit_option_bounds_pick_ups() -> None:
    sc = ashore(
        [{"name": "Walker", "kind": "man", "at": [10, 20], "weapons": ["club"]}],
        [{"name": "Target", "kind": "man", "at": [50, 30]}],
        options={"carry_limit": 1},
    )
    g = game(sc)
    s = shore(g)
    from grapeshot.rulesets.woodenships.pieces import Spot
    from grapeshot.rulesets.woodenships.setup import new_weapon

    w = new_weapon(s, "pistol", None, Spot(Surface.LAND, "Isle", 12.0, 20.0))
    p = to_figure(g, "Walker")
    with pytest.raises(IllegalAction, match="at most 1 weapons"):
        p.check("red", Move((14.0, 20.0), "land", "Isle", (w,)))
