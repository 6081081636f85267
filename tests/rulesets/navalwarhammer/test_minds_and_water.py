"""Psychology once per boat and unit type, monsters and handlers, stupidity at sea; swimmers,
aquatic creatures, sharks; flyers first and moved aside."""

from __future__ import annotations

import pytest

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Vec, distance, point_hull_distance
from grapeshot.rulesets.navalwarhammer.aboard import charge
from grapeshot.rulesets.navalwarhammer.actions import Fly, Steer
from grapeshot.rulesets.navalwarhammer.damage import overboard
from grapeshot.rulesets.navalwarhammer.minds import flee, handlers, panic, stupidity, wild_moves
from grapeshot.rulesets.navalwarhammer.moving import fly, fly_options, movement_phase, obstacles_for
from grapeshot.rulesets.navalwarhammer.prompts import FlyPrompt, SteerPrompt
from grapeshot.rulesets.navalwarhammer.state import Fig
from grapeshot.rulesets.navalwarhammer.water import move_aside, sharks, swim_phase
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, at, duel, events, game, run, sea, ship, the_ship, unit


@pytest.mark.rules("NW-PSY-1", "FB-PSY-1")
def test_psychology_is_tested_once_per_boat_and_unit_type() -> None:
    g = game(duel([ship("One", "medium", [HALBERDIERS]), ship("Two", "medium", [HALBERDIERS])], [ship("Foe", "medium", [HALBERDIERS])]))
    s = sea(g)
    for name in ("Halberdiers (One)", "Halberdiers (Two)"):
        u = unit(g, name)
        u.phase_start = 10
        u.models = 7
        u.figs = u.figs[:7]
    g.dice = ScriptedDice([3, 3, 6, 6])
    run(g, panic(g, s))
    tests = [e.data for e in events(g, "psychology") if e.data["test"] == "panic"]
    assert [(t["unit_type"], t["boat"], t["passed"]) for t in tests] == [("Halberdiers (One)", "One", True), ("Halberdiers (Two)", "Two", False)]
    assert not unit(g, "Halberdiers (One)").fleeing and unit(g, "Halberdiers (Two)").fleeing


@pytest.mark.rules("NW-PSY-2")
def test_a_beast_beyond_its_handlers_three_inches_goes_wild_and_charges_the_nearest_model() -> None:
    squigs = {"unit": "Squig Herd", "models": 6}
    g = game(
        duel([ship("Pen", "large", [squigs, {"unit": "Night Goblins", "models": 20}])], [ship("Foe", "medium", [HALBERDIERS])], red_army="orcs-and-goblins")
    )
    s = sea(g)
    herd, herders = unit(g, "Squig Herd (Pen)"), unit(g, "Night Goblin Herder (Pen)")
    assert herders.handles == "Squig Herd" and herders.models == 3
    handlers(g, s, "red")
    pen = the_ship(g, "Pen")
    for i in range(len(herders.figs)):
        herders.figs[i] = Fig("Pen", -pen.hull.hl + 0.6, -1.2 + 1.2 * i, "deck")
    for i in range(len(herd.figs)):
        herd.figs[i] = Fig("Pen", pen.hull.hl - 0.6 - 1.05 * (i // 3), -1.05 + 1.05 * (i % 3), "deck")
    handlers(g, s, "red")
    assert herd.wild == list(range(6)) and events(g, "handlers")[-1].data["wild"] == 6
    herders.figs[0] = Fig("Pen", 3.0, -2.0, "deck")
    handlers(g, s, "red")
    assert 0 < len(herd.wild) < 6
    g.dice = ScriptedDice([])
    run(g, wild_moves(g, s, "red"))
    went = events(g, "wild")
    assert went and all(e.data["towards"] != "Squig Herd (Pen)" for e in went)


@pytest.mark.rules("NW-PSY-2")
def test_a_squig_herd_that_flees_is_lost() -> None:
    g = game(
        duel(
            [ship("Pen", "large", [{"unit": "Squig Herd", "models": 6}, {"unit": "Night Goblins", "models": 20}])],
            [ship("Foe", "medium", [HALBERDIERS])],
            red_army="orcs-and-goblins",
        )
    )
    herd = unit(g, "Squig Herd (Pen)")
    flee(g, sea(g), herd)
    assert herd.models == 0 and herd.figs == [] and events(g, "flees")[-1].data["removed"] == 6


def stupid_hulk(heading: float) -> Game:
    """A large Orc ship heading ``heading`` with Orc Boyz packed at her stern and three Trolls."""
    g = game(
        duel(
            [ship("Hulk", "large", [{"unit": "Orc Boyz", "models": 10}, {"unit": "Trolls", "models": 3}])],
            [ship("Foe", "medium", [HALBERDIERS])],
            red_army="orcs-and-goblins",
            red_places=[{"x": 30.0, "y": 20.0, "heading": heading}],
        )
    )
    boyz = unit(g, "Orc Boyz (Hulk)")
    for i in range(10):
        boyz.figs[i] = Fig("Hulk", -6.9 + 1.1 * (i // 5), -2.4 + 1.2 * (i % 5), "deck")
    return g


@pytest.mark.rules("NW-PSY-3", "FB-PSY-4")
def test_stupid_trolls_work_nothing_and_wander_forward_the_way_they_face() -> None:
    """A failed stupidity test: the type works nothing and wanders D6" forward, towards its
    deck's bow (models aboard face the way their ship does), with no scatter die (issue 24:
    every wander went a scatter die's way)."""
    g = stupid_hulk(90.0)
    s = sea(g)
    trolls = unit(g, "Trolls (Hulk)")
    for i in range(3):
        trolls.figs[i] = Fig("Hulk", 0.0, -2.0 + 2.0 * i, "deck")
    before = [at(g, trolls, i) for i in range(3)]
    g.dice = ScriptedDice([6, 6, 2])  # Ld 4 failed; wander 2"
    run(g, stupidity(g, s, "red"))
    assert trolls.stupid_turn == s.turn and not trolls.working
    assert events(g, "wanders")[-1].data["direction"] == 90.0 and events(g, "wanders")[-1].data["overboard"] == 0
    for i in range(3):
        p = at(g, trolls, i)
        assert (p.x, p.y) == (pytest.approx(before[i].x, abs=0.02), pytest.approx(before[i].y + 2.0, abs=0.02))


@pytest.mark.rules("NW-PSY-3", "FB-PSY-4", "NW-SWIM-1")
def test_stupid_trolls_at_the_bow_wander_over_it_and_swim() -> None:
    g = stupid_hulk(0.0)
    s = sea(g)
    trolls = unit(g, "Trolls (Hulk)")
    hulk = the_ship(g, "Hulk")
    for i in range(3):
        trolls.figs[i] = Fig("Hulk", hulk.hull.hl - trolls.radius - 0.1, -2.0 + 2.0 * i, "deck")
    g.dice = ScriptedDice([6, 6, 4])  # Ld 4 failed; wander 4": over the bow
    run(g, stupidity(g, s, "red"))
    assert events(g, "wanders")[-1].data["overboard"] == 3 and trolls.models == 0
    swimmers = next(u for u in s.units.values() if u.swimming and u.kind == "Trolls")
    assert swimmers.models == 3 and all(f.level == "water" for f in swimmers.figs)
    assert all(s.where(f).x > hulk.hull.x + hulk.hull.hl for f in swimmers.figs)


@pytest.mark.rules("NW-SWIM-1")
def test_swimmers_swim_d6_less_one_towards_a_friend_and_climb_aboard() -> None:
    g = game(duel([ship("Home", "medium", [HALBERDIERS])], [ship("Foe", "medium", [HALBERDIERS])]))
    s = sea(g)
    home = the_ship(g, "Home")
    h = unit(g, "Halberdiers (Home)")
    g.dice = ScriptedDice([])
    swim = overboard(g, s, h, [0, 1], why="test")
    assert swim is not None and swim.weapon.name.startswith("fists") and swim.profile.sv == 6
    swim.figs[0] = Fig("", home.hull.x, home.hull.y - home.hull.hw - 6.0, "water")
    swim.figs[1] = Fig("", home.hull.x + 2.0, home.hull.y - home.hull.hw - swim.radius - 0.1, "water")
    before = point_hull_distance(s.where(swim.figs[0]), home.hull)
    g.dice = ScriptedDice([5])
    run(g, swim_phase(g, s, "red"))
    assert events(g, "climbs-aboard")[-1].data["ship"] == "Home"
    assert point_hull_distance(s.where(swim.figs[0]), home.hull) == pytest.approx(before - 4.0, abs=0.01)
    g.dice = ScriptedDice([1])
    run(g, swim_phase(g, s, "red"))
    assert swim.models == 0 and events(g, "swim")[-1].data["drowned"]


@pytest.mark.rules("NW-SWIM-1")
def test_swimmers_wiped_out_stay_dead_and_later_swimmers_form_a_new_unit() -> None:
    g = game(duel([ship("Home", "medium", [HALBERDIERS])], [ship("Foe", "medium", [HALBERDIERS])]))
    s = sea(g)
    home = the_ship(g, "Home")
    h = unit(g, "Halberdiers (Home)")
    g.dice = ScriptedDice([])
    first = overboard(g, s, h, [0], why="test")
    assert first is not None
    first.figs[0] = Fig("", home.hull.x, home.hull.y - home.hull.hw - 6.0, "water")
    g.dice = ScriptedDice([1])
    run(g, swim_phase(g, s, "red"))
    assert first.models == 0 and first.figs == []
    g.dice = ScriptedDice([])
    second = overboard(g, s, h, [0], why="test")
    assert second is not None and second is not first and second.name != first.name and second.models == 1
    assert first.models == 0 and s.units[first.name] is first
    # and the next to go over join the living swimmers
    assert overboard(g, s, h, [0], why="test") is second and second.models == 2


@pytest.mark.rules("NW-SWIM-1", "NW-FLY-2")
def test_ships_move_swimmers_and_flyers_aside_but_a_swimming_monster_stops_them() -> None:
    g = game(duel([ship("Runner", "medium", [HALBERDIERS])], [ship("Foe", "medium", [HALBERDIERS])]))
    s = sea(g)
    runner = the_ship(g, "Runner")
    h = unit(g, "Halberdiers (Foe)")
    g.dice = ScriptedDice([])
    swim = overboard(g, s, h, [0], why="test")
    assert swim is not None
    swim.figs[0] = Fig("", runner.hull.x, runner.hull.y, "water")  # where the ship now stands
    move_aside(g, s, runner)
    assert point_hull_distance(s.where(swim.figs[0]), runner.hull) >= swim.radius - 1e-6
    assert events(g, "moved-aside")[-1].rule == "NW-SWIM-1"
    swim.troop = swim.troop.__class__("monster")
    assert any(o.kind == "monster" for o in obstacles_for(s, runner))


@pytest.mark.rules("NW-SWIM-2")
def test_aquatic_creatures_swim_their_move_and_hunt_enemy_ships() -> None:
    g = game(
        duel(
            [ship("Raft", "large", [{"unit": "Orc Boyz", "models": 10}, {"unit": "River Trolls", "models": 3}])],
            [ship("Foe", "medium", [HALBERDIERS])],
            red_army="orcs-and-goblins",
        )
    )
    s = sea(g)
    trolls = unit(g, "River Trolls (Raft)")
    g.dice = ScriptedDice([])
    swim = overboard(g, s, trolls, [0], why="test")
    assert swim is not None
    foe = the_ship(g, "Foe")
    swim.figs[0] = Fig("", foe.hull.x - 14.0, foe.hull.y, "water")
    before = point_hull_distance(s.where(swim.figs[0]), foe.hull)
    run(g, swim_phase(g, s, "red"))
    assert events(g, "swim")[-1].data["aquatic"] and point_hull_distance(s.where(swim.figs[0]), foe.hull) == pytest.approx(before - 6.0, abs=0.01)


@pytest.mark.rules("NW-CROWD-1")
def test_the_sharks_option_adds_one_for_each_ship_that_started_overcrowded() -> None:
    crowd = {"unit": "Halberdiers", "models": 20}
    g = game(duel([ship("Crowd", "small", [crowd], overcrowded=True)], [ship("Foe", "medium", [HALBERDIERS])]))
    s = sea(g)
    g.dice = ScriptedDice([])
    swim = overboard(g, s, unit(g, "Halberdiers (Crowd)"), [0], why="test")
    assert swim is not None
    g.dice = ScriptedDice([5])
    run(g, sharks(g, s))
    assert not events(g, "sharks")[-1].data["bitten"]
    s.options["overcrowded_sharks"] = True
    g.dice = ScriptedDice([5])
    run(g, sharks(g, s))
    bite = events(g, "sharks")[-1].data
    assert bite["bonus"] == 1 and bite["bitten"] and swim.models == 0


@pytest.mark.rules("NW-FLY-1")
def test_flyers_start_aboard_fly_first_and_land_or_charge_onto_decks_in_reach() -> None:
    elves = [{"unit": "Corsairs", "models": 10}, {"unit": "Harpies", "models": 5}]
    g = game(
        duel(
            [ship("Ark", "large", elves)],
            [ship("Foe", "medium", [HALBERDIERS])],
            red_army="dark-elves",
            red_places=[{"x": 30, "y": 14, "heading": 0}],
            blue_places=[{"x": 30, "y": 23, "heading": 0}],
        )
    )
    s = sea(g)
    harpies = unit(g, "Harpies (Ark)")
    assert all(f.on == "Ark" for f in harpies.figs)  # they start aboard
    options, _ = fly_options(s, harpies)
    assert Fly(harpies.name, "Foe") in options and any(o.x is not None for o in options)

    def charge_foe(p: Prompt) -> Action:
        assert isinstance(p, FlyPrompt)
        return Fly(harpies.name, "Foe")

    g.dice = ScriptedDice([])
    run(g, fly(g, s, harpies), [charge_foe])
    assert all(f.on == "Foe" for f in harpies.figs) and events(g, "flies")[-1].data["charge"]


@pytest.mark.rules("NW-FLY-1")
def test_in_the_movement_phase_flyers_move_before_any_ship() -> None:
    elves = [{"unit": "Corsairs", "models": 10}, {"unit": "Harpies", "models": 5}]
    g = game(
        duel(
            [ship("Ark", "large", elves)],
            [ship("Foe", "medium", [HALBERDIERS])],
            red_army="dark-elves",
            red_places=[{"x": 30, "y": 14, "heading": 0}],
            blue_places=[{"x": 30, "y": 23, "heading": 0}],
        )
    )
    s = sea(g)

    def answer(p: Prompt) -> Action:
        if isinstance(p, FlyPrompt):
            return Fly("Harpies (Ark)", "Foe")
        if isinstance(p, SteerPrompt):
            return Steer(p.ship, p.most)
        return p.legal(p.seats[0]).first()

    g.dice = ScriptedDice([3, 3])
    proc = movement_phase(g, s, "red")
    p = next(proc)
    with pytest.raises(StopIteration):
        while True:
            p = proc.send(answer(p))
    kinds = [e.kind for e in g.events if e.kind in ("flies", "move")]
    assert kinds == ["flies", "move"]


@pytest.mark.rules("NW-FLY-1")
def test_flyers_over_the_water_cannot_be_charged_from_a_deck() -> None:
    g = game(
        duel(
            [ship("Ark", "large", [{"unit": "Corsairs", "models": 10}, {"unit": "Harpies", "models": 5}])],
            [ship("Foe", "medium", [HALBERDIERS])],
            red_army="dark-elves",
            red_places=[{"x": 30, "y": 14, "heading": 0}],
            blue_places=[{"x": 30, "y": 24, "heading": 0}],
        )
    )
    s = sea(g)
    harpies = unit(g, "Harpies (Ark)")
    foe = the_ship(g, "Foe")
    for i in range(len(harpies.figs)):
        harpies.figs[i] = Fig("", foe.hull.x - 3.0 + 1.1 * i, foe.hull.y - foe.hull.hw - 0.6, "air")
    h = unit(g, "Halberdiers (Foe)")
    assert charge(s, h, 20.0) == 0
    assert all(distance(s.where(f), Vec(0, 0)) > 0 for f in harpies.figs)


@pytest.mark.rules("NW-UPG-7", "FB-RALLY-1", "FB-PSY-1")
def test_a_first_mate_re_rolls_a_failed_panic_test_but_not_a_failed_rally() -> None:
    """A rally is no psychology test for NW-UPG-7: the First Mate re-rolls the crew's failed panic
    test, and leaves a failed rally as it fell (issue 24: rallies were tagged as panic and
    re-rolled)."""
    from grapeshot.core.actions import Reroll
    from grapeshot.rulesets.navalwarhammer.minds import rally

    mate = {"unit": "Halberdiers", "models": 10, "champion": True, "first_mate": True}
    g = game(duel([ship("One", "medium", [mate])], [ship("Foe", "medium", [HALBERDIERS])]))
    s = sea(g)
    u = unit(g, "Halberdiers (One)")
    assert u.first_mate
    u.phase_start, u.models, u.figs = 10, 7, u.figs[:7]
    g.dice = ScriptedDice([6, 6, 2, 2])  # Ld 7 failed; the First Mate's re-roll passes
    run(g, panic(g, s), [Reroll(whole=True)])
    assert not u.fleeing and events(g, "reroll")[-1].data["granted_by"] == "NW-UPG-7"
    u.fleeing = True
    rerolls = len(events(g, "reroll"))
    g.dice = ScriptedDice([6, 6])  # the rally fails, and no re-roll is offered
    run(g, rally(g, s, "red"))
    assert u.fleeing and len(events(g, "reroll")) == rerolls
    assert events(g, "rally")[-1].rule == "FB-RALLY-1" and not events(g, "rally")[-1].data["rallied"]
