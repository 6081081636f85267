"""Movement: sailing by the wind and the half-move minimum, Out of Control and Adrift, rowing,
steam, magic ships, what leaves a ship unworkable, overcrowding, extra masts and heavy timbers."""

from __future__ import annotations

import pytest

from grapeshot.core.actions import Action
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.navalwarhammer.actions import CrewOrders, Propel, Steer
from grapeshot.rulesets.navalwarhammer.courses import lacking, roll_allowance, sector, turns
from grapeshot.rulesets.navalwarhammer.data import Propulsion
from grapeshot.rulesets.navalwarhammer.moving import ship_move
from grapeshot.rulesets.navalwarhammer.prompts import CrewPrompt, PropelPrompt, SteerPrompt
from grapeshot.rulesets.navalwarhammer.state import Ship
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, events, game, run, script, sea, ship, the_ship, unit
from tests.support import accepts

pytestmark = pytest.mark.rules("NW-MOVE-1")


def set_to_work(g: Game, ship_name: str) -> None:
    for u in sea(g).crew(ship_name):
        u.working = u.works


def most(p: Prompt) -> Action:
    assert isinstance(p, SteerPrompt)
    return Steer(p.ship, p.most)


def one(name: str = "Hawk", size: str = "medium", crew: list[dict[str, object]] | None = None, **kw: object) -> Game:
    g = game(duel([ship(name, size, crew or [HALBERDIERS], **kw)], [ship("Far", "medium", [HALBERDIERS])], blue_places=[{"x": 60, "y": 40, "heading": 90}]))
    set_to_work(g, name)
    return g


@pytest.mark.parametrize(("heading", "wind", "dice", "where"), [(0.0, 0.0, [3, 4], "with"), (0.0, 90.0, [5], "abeam"), (0.0, 180.0, [], "against")])
def test_sailing_moves_9_9_d6_or_9_2d6_by_the_wind(heading: float, wind: float, dice: list[int], where: str) -> None:
    g = one()
    s = sea(g)
    s.wind = wind
    hawk = the_ship(g, "Hawk")
    assert sector(heading, wind) == where
    script(g, dice)
    a = run(g, roll_allowance(g, s, hawk, Propulsion.SAIL))
    assert a.most == 9 + sum(dice)


def test_the_half_move_minimum() -> None:
    """At least half the allowance, unless the ship moved at most half its allowance last time."""
    g = one()
    s = sea(g)
    s.wind = 0.0
    hawk = the_ship(g, "Hawk")
    hawk.last_moved, hawk.last_allowance = 12.0, 14.0
    script(g, [4, 3])
    a = run(g, roll_allowance(g, s, hawk, Propulsion.SAIL))
    assert (a.most, a.least) == (16.0, 8.0)
    hawk.last_moved = 7.0
    script(g, [4, 3])
    assert run(g, roll_allowance(g, s, hawk, Propulsion.SAIL)).least == 0.0


def test_a_ship_moves_as_far_as_her_captain_says_and_turns_within_her_limit() -> None:
    g = one()
    s = sea(g)
    s.wind = 90.0
    script(g, [2])
    seen: list[SteerPrompt] = []

    def steer(p: Prompt) -> Action:
        assert isinstance(p, SteerPrompt)
        seen.append(p)
        assert 45.0 in turns(the_ship(g, "Hawk"), Propulsion.SAIL, 11.0) and 90.0 not in turns(the_ship(g, "Hawk"), Propulsion.SAIL, 11.0)
        return Steer(p.ship, 11.0, 45.0, "start")

    run(g, ship_move(g, s, the_ship(g, "Hawk")), [steer])
    move = events(g, "move")[-1].data
    assert seen[0].most == 11.0 and move["travelled"] == pytest.approx(11.0) and move["end"][2] == pytest.approx(45.0)
    assert the_ship(g, "Hawk").last_moved == 11.0


@pytest.mark.rules("NW-MOVE-2", "NW-CREW-1")
def test_out_of_control_first_then_adrift() -> None:
    """No working crew: a sailing ship keeps sailing at half the wind's roll, turning by the D6
    chart at half its move; next time it is Adrift, D6" downwind."""
    g = one()
    s = sea(g)
    s.wind = 90.0
    for u in s.crew("Hawk"):
        u.working = False
    hawk = the_ship(g, "Hawk")
    assert lacking(s, hawk) is not None
    script(g, [5, 2])  # abeam: 9 + 5, halved; the chart's 2: 45 degrees to port
    run(g, ship_move(g, s, hawk))
    ooc = events(g, "out-of-control")[-1].data
    assert ooc["inches"] == 7.0 and ooc["turning"] == 45.0
    assert events(g, "move")[-1].data["end"][2] == pytest.approx(45.0)
    script(g, [3])
    run(g, ship_move(g, s, hawk))
    drift = events(g, "adrift")[-1].data
    assert drift["inches"] == 3 and events(g, "move")[-1].data["end"][2] == pytest.approx(45.0)


@pytest.mark.rules("NW-MOVE-2")
def test_the_out_of_control_chart() -> None:
    from grapeshot.rulesets.navalwarhammer.data import OUT_OF_CONTROL

    assert OUT_OF_CONTROL == {1: 90.0, 2: 45.0, 3: 0.0, 4: 0.0, 5: -45.0, 6: -90.0}


@pytest.mark.rules("NW-MOVE-2", "NW-UPG-1")
def test_a_ship_without_masts_is_adrift_at_once_and_a_lost_rudder_sends_it_out_of_control() -> None:
    g = one()
    s = sea(g)
    hawk = the_ship(g, "Hawk")
    hawk.parts["mast 1"].models = 0
    script(g, [4])
    run(g, ship_move(g, s, hawk))
    assert events(g, "adrift") and not events(g, "out-of-control")
    g2 = one()
    s2 = sea(g2)
    s2.wind = 180.0
    hawk2 = the_ship(g2, "Hawk")
    hawk2.parts["rudder"].models = 0
    script(g2, [6])  # against the wind: no dice; the chart
    run(g2, ship_move(g2, s2, hawk2))
    assert events(g2, "out-of-control")[-1].data["inches"] == 4.5


@pytest.mark.rules("NW-MOVE-3")
def test_rowing_is_7_inches_with_every_oar_rowed_by_two() -> None:
    g = one(propulsion="oars", crew=[{"unit": "Halberdiers", "models": 16}])
    s = sea(g)
    row = the_ship(g, "Hawk")
    assert row.parts["oars"].profile.w == 5 and row.minimum_crew == 6
    script(g, [])
    assert run(g, roll_allowance(g, s, row, Propulsion.OARS)).most == 7.0  # 16 working: 10 rowers, 5 oars
    unit(g, "Halberdiers (Hawk)").models = 11
    unit(g, "Halberdiers (Hawk)").figs = unit(g, "Halberdiers (Hawk)").figs[:11]
    assert run(g, roll_allowance(g, s, row, Propulsion.OARS)).most == 2.5  # 5 rowers: 2 oars of 5, 7 x 2/5 down to the half inch


@pytest.mark.rules("NW-MOVE-4", "NW-UPG-2")
def test_steam_moves_3_inches_a_point_and_the_throttle_adds_points_or_bursts() -> None:
    g = one(crew=[HALBERDIERS], upgrades={"steam-engine": 1})
    s = sea(g)
    steamer = the_ship(g, "Hawk")
    script(g, [])
    assert run(g, roll_allowance(g, s, steamer, Propulsion.STEAM, 3)).most == 9.0

    def throttle(p: Prompt) -> Action:
        assert isinstance(p, PropelPrompt)
        return next(a for a in p.answers if isinstance(a, Propel) and a.mode == "steam" and a.throttle)

    script(g, [5])
    run(g, ship_move(g, s, steamer), [throttle, most])
    assert events(g, "allowance")[-1].data["most"] == 12.0
    script(g, [1, 4, 2])  # the boiler bursts: an S5 hit on the hull (a 4 to wound T8 fails), adrift D6"
    run(g, ship_move(g, s, steamer), [throttle])
    assert events(g, "full-throttle")[-1].data["burst"] and events(g, "adrift")[-1].data["why"].startswith("its boiler burst")


@pytest.mark.rules("NW-MOVE-5")
def test_a_magic_ship_moves_9_d6_whatever_the_wind_and_a_miscast_sends_it_out_of_control() -> None:
    crew = [{"unit": "Battle Wizard"}, {"unit": "Spearmen", "models": 10}]
    g = one("Barque", "small", crew, propulsion="magic")
    s = sea(g)
    barque = the_ship(g, "Barque")
    assert barque.propulsion is Propulsion.MAGIC and barque.wizard == "Battle Wizard (Barque)"
    for wind in (0.0, 180.0):
        s.wind = wind
        script(g, [4])
        assert run(g, roll_allowance(g, s, barque, Propulsion.MAGIC)).most == 13.0
    barque.out_of_control = True
    script(g, [3, 3])
    run(g, ship_move(g, s, barque))
    assert events(g, "out-of-control")[-1].data["why"].startswith("its wizard miscast")
    unit(g, "Battle Wizard (Barque)").models = 0
    unit(g, "Battle Wizard (Barque)").figs = []
    script(g, [2])
    run(g, ship_move(g, s, barque))
    assert "no wizard crews it" in events(g, "adrift")[-1].data["why"]


@pytest.mark.rules("NW-MOVE-5")
def test_a_miscast_by_the_magic_ships_wizard_marks_her_out_of_control() -> None:
    from grapeshot.rulesets.navalwarhammer.actions import Cast
    from grapeshot.rulesets.navalwarhammer.spells import cast_one

    crew = [{"unit": "Battle Wizard"}, {"unit": "Spearmen", "models": 10}]
    g = game(duel([ship("Barque", "small", crew, propulsion="magic")], [ship("Foe", "medium", [HALBERDIERS])]))
    s = sea(g)
    script(g, [1, 1, 5])  # a double 1: miscast; the chart's 5: stunned
    run(g, cast_one(g, s, "red", Cast("Battle Wizard (Barque)", "Foe", "Halberdiers (Foe)")))
    assert the_ship(g, "Barque").out_of_control and events(g, "miscast")[-1].data["out_of_control"] == "Barque"


@pytest.mark.rules("NW-UPG-3", "NW-UPG-1")
def test_heavy_timbers_cost_an_inch_and_extra_masts_add_one_each() -> None:
    g = one(upgrades={"heavy-timbers": 1, "extra-mast": 2})
    s = sea(g)
    s.wind = 180.0
    script(g, [])
    assert run(g, roll_allowance(g, s, the_ship(g, "Hawk"), Propulsion.SAIL)).most == 9 + 2 - 1


@pytest.mark.rules("NW-CREW-2")
def test_fewer_than_half_the_crew_on_the_upper_deck_cannot_work_the_ship() -> None:
    g = one(crew=[{"unit": "Halberdiers", "models": 10}, {"unit": "Spearmen", "models": 12, "deck": "lower"}])
    s = sea(g)
    hawk = the_ship(g, "Hawk")
    assert "upper deck" in str(lacking(s, hawk))
    s.options["upper_deck_rule"] = False
    assert lacking(s, hawk) is None


@pytest.mark.rules("NW-PSY-3")
def test_a_crew_all_stupid_leaves_its_ship_adrift() -> None:
    g = game(duel([ship("Raft", "small", [{"unit": "Orc Boyz", "models": 10}])], [ship("Far", "medium", [HALBERDIERS])], red_army="orcs-and-goblins"))
    s = sea(g)
    boyz = unit(g, "Orc Boyz (Raft)")
    boyz.working = True
    raft: Ship = the_ship(g, "Raft")
    assert lacking(s, raft) is None
    boyz.stupid_turn = s.turn
    assert "stupid" in str(lacking(s, raft))


@pytest.mark.rules("NW-CROWD-1")
def test_an_overcrowded_ship_tests_leadership_to_move_and_is_not_overcrowded_at_normal_capacity() -> None:
    g = one("Crowd", "small", [{"unit": "Halberdiers", "models": 20}], overcrowded=True)
    s = sea(g)
    s.wind = 180.0
    crowd = the_ship(g, "Crowd")
    assert crowd.capacity == 24
    script(g, [6, 5, 4])  # Ld 7 failed: out of control (no dice against the wind; the chart's 4)
    run(g, ship_move(g, s, crowd))
    assert events(g, "overcrowded")[-1].data["out_of_control"] and events(g, "out-of-control")
    u = unit(g, "Halberdiers (Crowd)")
    u.models = 12
    u.figs = u.figs[:12]
    script(g, [])
    run(g, ship_move(g, s, crowd), [most])
    assert not crowd.overcrowded and crowd.capacity == 12 and not events(g, "overcrowded")[-1].data["still"]


@pytest.mark.rules("NW-CREW-1", "NW-CREW-2")
def test_crew_orders_naming_a_unit_twice_are_refused_in_any_order_they_are_taken() -> None:
    """The views' fuzz found crew orders with a unit named twice among those at work (or below)
    taken as if named once: an answer none of the listed ones is."""
    p = CrewPrompt(("red",), "NW-CREW-1", "crew?", (CrewOrders,), ship="Hawk", options={"A": ["work", "free", "work below"], "B": ["work", "free"]})
    assert accepts(p, "red", CrewOrders("Hawk", ("B", "A"), ("A",)))  # the listing's order or another: the same answer
    for twice in (CrewOrders("Hawk", ("A", "A"), ()), CrewOrders("Hawk", ("A",), ("A", "A"))):
        with pytest.raises(IllegalAction, match="named twice"):
            p.check("red", twice)


@pytest.mark.rules("NW-MOVE-1")
def test_the_half_move_minimum_remembers_the_move_made_not_the_move_planned() -> None:
    """Stopped by the table's edge 0.7" into a planned 13": the ship moved less than half its
    allowance, so next turn it may move slower or stop (issue 24: it was held to its plan)."""
    g = game(duel([ship("Hawk", "medium", [HALBERDIERS])], [ship("Far", "medium", [HALBERDIERS])], red_places=[{"x": 65.25, "y": 10.0, "heading": 0.0}]))
    set_to_work(g, "Hawk")
    s = sea(g)
    s.wind = 0.0
    hawk = the_ship(g, "Hawk")
    script(g, [2, 2])  # with the wind: 9 + 2D6 = 13
    run(g, ship_move(g, s, hawk), [most])
    move = events(g, "move")[-1].data
    assert move["planned"] == 13.0 and 0.5 < move["travelled"] < 1.0
    assert hawk.last_moved == pytest.approx(move["travelled"], abs=1e-4) and hawk.last_allowance == 13.0
    assert hawk.speed == pytest.approx(move["travelled"], abs=1e-4)  # NW-LAUNCH-1 asks the speed it made
    script(g, [2, 2])
    assert run(g, roll_allowance(g, s, hawk, Propulsion.SAIL)).least == 0.0


@pytest.mark.rules("NW-MOVE-1", "NW-AGROUND-1", "NW-BOARD-8")
@pytest.mark.parametrize("held", ["aground", "grappled", "moored"])
def test_a_turn_without_a_move_leaves_the_ship_free_of_the_half_move_minimum(held: str) -> None:
    """A ship that did not move in its last movement phase (aground, grappled, moored) moved at
    most half its move: next time it may move slower or stop, whatever it did before."""
    g = one()
    s = sea(g)
    hawk = the_ship(g, "Hawk")
    hawk.last_moved, hawk.last_allowance = 14.0, 14.0
    if held == "aground":
        hawk.aground, hawk.aground_turn = "the rock", s.turn
    elif held == "grappled":
        hawk.grappled = ["Far"]
        the_ship(g, "Far").grappled = ["Hawk"]
    else:
        hawk.moored = "the quay"
    script(g, [])
    stay = [lambda p: next(a for a in p.answers if isinstance(a, Propel) and a.mode == "stay")] if held == "moored" else []
    run(g, ship_move(g, s, hawk), stay)
    assert hawk.last_moved == 0.0
    s.wind = 0.0
    script(g, [1, 1])
    assert run(g, roll_allowance(g, s, hawk, Propulsion.SAIL)).least == 0.0


@pytest.mark.rules("NW-MOVE-2", "NW-UPG-3", "NW-UPG-1")
@pytest.mark.parametrize(("upgrades", "inches"), [({}, 4.5), ({"heavy-timbers": 1}, 4.0), ({"heavy-timbers": 1, "extra-mast": 2}, 5.0)])
def test_out_of_control_is_half_the_move_her_upgrades_give_her(upgrades: dict[str, int], inches: float) -> None:
    """Out of Control (the rudder lost) against the wind: half of 9", less heavy timbers' inch,
    with the extra masts' inches (issue 24: heavy timbers were left out)."""
    g = one(upgrades=upgrades)
    s = sea(g)
    s.wind = 180.0
    hawk = the_ship(g, "Hawk")
    hawk.parts["rudder"].models = 0
    script(g, [3])  # against the wind: no dice; the chart's 3: straight on
    run(g, ship_move(g, s, hawk))
    ooc = events(g, "out-of-control")[-1].data
    assert ooc["inches"] == inches and ooc["mode"] == "sail"


@pytest.mark.rules("NW-MOVE-2", "NW-CROWD-1", "NW-MOVE-3", "NW-UPG-3")
def test_an_overcrowded_galley_out_of_control_rows_at_half_her_rowing_move() -> None:
    """A rowed ship that fails its overcrowding Ld test moves as Out of Control: half the move her
    oars give her (heavy timbers' inch off it), not a sailing roll she cannot make."""
    g = one("Galley", "medium", [{"unit": "Halberdiers", "models": 40}], propulsion="oars", overcrowded=True, upgrades={"heavy-timbers": 1})
    s = sea(g)
    galley = the_ship(g, "Galley")
    assert not galley.masts()
    script(g, [6, 6, 3])  # Ld 7 failed; the chart's 3
    run(g, ship_move(g, s, galley))
    ooc = events(g, "out-of-control")[-1].data
    assert ooc["mode"] == "oars" and ooc["inches"] == (7.0 - 1.0) / 2.0


@pytest.mark.rules("NW-BOARD-9", "NW-UPG-3")
def test_heavy_timbers_shorten_the_shove_off() -> None:
    """Heavy timbers cost an inch of every move of her own: shoving off, she goes at most 3"."""
    from grapeshot.rulesets.navalwarhammer.actions import ShoveOff
    from grapeshot.rulesets.navalwarhammer.aftermath import shove_off
    from grapeshot.rulesets.navalwarhammer.prompts import ShoveOffPrompt

    g = one(upgrades={"heavy-timbers": 1})
    s = sea(g)
    hawk = the_ship(g, "Hawk")
    seen: list[ShoveOffPrompt] = []

    def shove(p: Prompt) -> Action:
        assert isinstance(p, ShoveOffPrompt)
        seen.append(p)
        with pytest.raises(IllegalAction, match='up to 3"'):
            p.check("red", ShoveOff("Hawk", 270.0, 4.0))
        return ShoveOff("Hawk", 270.0, 3.0)

    script(g, [])
    run(g, shove_off(g, s, hawk), [shove])
    assert seen[0].most == 3.0 and events(g, "shove-off")[-1].data["inches"] == 3.0


@pytest.mark.rules("NW-MOVE-2", "NW-MOVE-5", "NW-CREW-1")
def test_a_magic_ship_short_of_crew_is_adrift_not_out_of_control() -> None:
    """NW-MOVE-2 is for sailing ships, "not a magical one": a magic ship without her minimum
    working crew (or her rudder) is Adrift at once, D6" downwind, as NW-MOVE-5's lost vital parts
    leave her; a miscast still sends her Out of Control (issue 24)."""
    crew = [{"unit": "Battle Wizard"}, {"unit": "Spearmen", "models": 10}]
    g = one("Barque", "small", crew, propulsion="magic")
    s = sea(g)
    barque = the_ship(g, "Barque")
    for u in s.crew("Barque"):
        u.working = False
    assert lacking(s, barque) is not None
    script(g, [4])
    run(g, ship_move(g, s, barque))
    assert not events(g, "out-of-control") and events(g, "adrift")[-1].data["inches"] == 4
    assert not barque.lost_control
    set_to_work(g, "Barque")
    barque.parts["rudder"].models = 0
    script(g, [2])
    run(g, ship_move(g, s, barque))
    assert not events(g, "out-of-control") and "rudder" in events(g, "adrift")[-1].data["why"]


@pytest.mark.rules("NW-CROWD-1", "NW-UPG-6")
@pytest.mark.parametrize(("reading", "crowded"), [("size", 60), ("ship", 70)])
def test_an_overcrowded_ship_with_a_castle_is_back_to_normal_at_her_normal_capacity(reading: str, crowded: int) -> None:
    """Her normal capacity is her size's and her castles' places (25 + 10), whichever reading of
    the overcrowded capacity the game plays (option ``overcrowded_capacity``: 2 x 25 + 10, or
    2 x 35)."""
    g = game(
        duel(
            [ship("Crowd", "medium", [{"unit": "Halberdiers", "models": 40}], upgrades={"castle": 1}, overcrowded=True)],
            [ship("Far", "medium", [HALBERDIERS])],
            options={"overcrowded_capacity": reading},
        )
    )
    set_to_work(g, "Crowd")
    s = sea(g)
    s.wind = 180.0
    crowd = the_ship(g, "Crowd")
    assert crowd.capacity == crowded
    u = unit(g, "Halberdiers (Crowd)")
    u.models, u.figs = 35, u.figs[:35]
    script(g, [])
    run(g, ship_move(g, s, crowd), [most])
    assert not crowd.overcrowded and crowd.capacity == 35


@pytest.mark.rules("NW-MOVE-1", "NW-BOARD-7")
def test_a_ship_that_had_no_movement_phase_last_turn_is_free_of_the_half_move_minimum() -> None:
    """A prize taken before her old side moved had no movement phase last game turn: the move
    she made the turn before that binds her no more (bench audit of issue 24, freeforall seed 110)."""
    g = one()
    s = sea(g)
    s.wind, s.turn = 0.0, 5
    hawk = the_ship(g, "Hawk")
    hawk.last_moved, hawk.last_allowance, hawk.moved_turn = 14.0, 14.0, 4
    script(g, [1, 1])
    assert run(g, roll_allowance(g, s, hawk, Propulsion.SAIL)).least == 5.5
    hawk.moved_turn = 3
    script(g, [1, 1])
    assert run(g, roll_allowance(g, s, hawk, Propulsion.SAIL)).least == 0.0
