"""Random events (JL-EVT-1..16): the events phase and each result of the events table.

Geometry (``support.duel``): Red's hull is 10" x 4" centred on (30, 36) heading east (x 25..35,
y 34..38); Blue's on (60, 36) heading west (x 55..65); the table is 120" x 72".  The tests call
``events.apply_event`` for one result with scripted dice, then look at the ship a turn later to
see the effect gone.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.dice import EnumeratedDice, ScriptedDice, SeededDice, enumerate_paths
from grapeshot.geometry import Hull
from grapeshot.rulesets.jimlad import events, flow, kannon, movement
from grapeshot.rulesets.jimlad.actions import EndShooting, Fire, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.data import Card
from grapeshot.rulesets.jimlad.prompts import orders_prompt, shoot_prompt
from grapeshot.rulesets.jimlad.state import KrewModel, Mine, Sub
from tests.support import drive, duel, game, scenario, sea, ship

PADS = [{"kind": "landing_pad", "name": "West Pad", "point": [6, 10]}, {"kind": "landing_pad", "name": "East Pad", "point": [114, 10]}]


def ev(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) | {"rule": e.rule} for e in g.events if e.kind == kind]


def used_up(g: Game) -> None:
    assert isinstance(g.dice, ScriptedDice)
    assert g.dice.remaining == 0, "the scripted dice were not all used"


def apply(g: Game, result: int, name: str = "Red") -> None:
    """Apply one result of the events table, rolled for ``name``."""
    s, sh = sea(g), ship(g, name)
    drive(events.apply_event(g, s, sh.commander, sh, result))
    used_up(g)


def next_turn(g: Game) -> None:
    sea(g).turn += 1
    g.turn = sea(g).turn


def allowance(g: Game, card: Card, name: str = "Red") -> movement.Allowance:
    s = sea(g)
    a = drive(movement.roll_allowance(g, s, s.ships[name], card, "none"))
    assert isinstance(a, movement.Allowance)
    return a


def the_event(g: Game) -> dict[str, Any]:
    (e,) = ev(g, "event")
    return e


# --------------------------------------------------------------------------- JL-EVT-1: who rolls


def fleets(**options: Any) -> Game:
    sc = scenario(
        [
            {"seat": "red", "name": "R1", "x": 30.0, "y": 20.0, "heading": 0.0},
            {"seat": "red", "name": "R2", "x": 30.0, "y": 50.0, "heading": 0.0},
            {"seat": "blue", "name": "B", "x": 90.0, "y": 36.0, "heading": 180.0},
        ],
        options={"random_events": True, **options},
    )
    g = game(sc)
    s = sea(g)
    s.mines.clear()  # laid at random at set-up; these tests want a quiet sea
    s.turn = g.turn = 2
    return g


@pytest.mark.rules("JL-EVT-1", "JL-TURN-2")
def test_each_player_rolls_a_d6_in_turn_sequence_for_its_first_ship() -> None:
    g = fleets()
    g.dice = ScriptedDice([5, 4])
    drive(events.events_phase(g, sea(g)))
    used_up(g)
    assert sea(g).option("event_roll") == "player"
    rolls = ev(g, "event-roll")
    assert [(r["seat"], r["ship"], r["roll"], r["happens"], r["rule"]) for r in rolls] == [
        ("red", "R1", 5, False, "JL-EVT-1"),
        ("blue", "B", 4, False, "JL-EVT-1"),
    ]
    assert ev(g, "event") == []


@pytest.mark.rules("JL-EVT-1")
def test_option_event_roll_ship_has_every_ship_roll() -> None:
    g = fleets(event_roll="ship")
    g.dice = ScriptedDice([5, 3, 4])
    drive(events.events_phase(g, sea(g)))
    used_up(g)
    assert [(r["seat"], r["ship"]) for r in ev(g, "event-roll")] == [("red", "R1"), ("red", "R2"), ("blue", "B")]


@pytest.mark.rules("JL-EVT-1", "JL-EVT-2", "JL-EVT-8")
def test_on_a_six_the_table_is_rolled_and_the_result_falls_on_the_rolling_ship() -> None:
    g = fleets()
    # red rolls a 6; the table's dice come up 6 and 1: the lower die is the tens, so 16
    g.dice = ScriptedDice([6, 6, 1, 2])
    drive(events.events_phase(g, sea(g)))
    used_up(g)
    assert [r["happens"] for r in ev(g, "event-roll")] == [True, False]
    assert the_event(g) == {"seat": "red", "ship": "R1", "result": 16, "title": "flying squidgeons", "rerolled": [], "rule": "JL-EVT-8"}
    table = [e for e in g.events if e.kind == "roll" and e.rule == "JL-EVT-2"]
    assert [(t.data["expr"], t.data["faces"], t.data["total"]) for t in table] == [("2D6 tens", [6, 1], 16)]
    assert ship(g, "R1").held_this(2) is not None and ship(g, "R2").held_this(2) is None


@pytest.mark.rules("JL-EVT-1", "JL-TURN-2", "JL-NPC-1", "JL-EVT-14")
def test_after_the_event_rolls_the_mines_drift_and_then_the_sub_acts() -> None:
    sc = duel(options={"random_events": True})
    g = game(sc)
    s = sea(g)
    s.mines[:] = [Mine("Mine 1", 60.0, 60.0)]
    s.sub = Sub(Hull(80.0, 36.0, 180.0, 6.0, 2.0), surfaced=1)  # out since last turn, Blue dead ahead
    s.turn = g.turn = 2
    g.dice = ScriptedDice([4, 3, 90.0, 2, "hit", "hit", 1, 1])
    drive(events.events_phase(g, s))
    used_up(g)
    kinds = [e.kind for e in g.events if e.turn == 2 and e.kind not in ("roll", "strike")]
    assert kinds == ["event-roll", "event-roll", "mine-drift", "sub-fires", "torpedo", "torpedo", "sub-dives"]
    assert (s.mines[0].x, s.mines[0].y) == (60.0, 62.0)
    assert s.sub is None


@pytest.mark.rules("JL-EVT-1", "JL-TURN-2")
def test_option_random_events_false_rolls_nothing_and_lays_no_mines() -> None:
    g = game(duel())  # the rule tests' default
    s = sea(g)
    assert s.option("random_events") is False and s.mines == [] and s.mines_total == 0
    s.turn = 2
    drive(events.events_phase(g, s))
    assert ev(g, "event-roll") == []


# --------------------------------------------------------------------------- JL-EVT-2: the table


@pytest.mark.rules("JL-EVT-2")
def test_the_lower_die_is_read_as_tens() -> None:
    g = game(duel(), script=[5, 2, 3, 3])
    assert drive(events.roll_table(g, sea(g), "red")) == (25, [])
    assert drive(events.roll_table(g, sea(g), "red")) == (33, [])
    assert sorted(events.EVENTS) == [11, 12, 13, 14, 15, 16, 22, 23, 24, 25, 26, 33, 34, 35, 36, 44, 45, 46, 55, 56, 66]


@pytest.mark.rules("JL-EVT-2")
def test_exact_odds_of_each_result_are_one_or_two_in_36() -> None:
    g = game(duel())
    odds: dict[int, Fraction] = {}

    def run(dice: EnumeratedDice) -> object:
        g.dice = dice
        return drive(events.roll_table(g, sea(g), None))[0]

    for result, weight, total in enumerate_paths(run):
        assert isinstance(result, int)
        odds[result] = odds.get(result, Fraction(0)) + Fraction(weight, total)
    assert set(odds) == set(events.EVENTS)
    for result, p in odds.items():
        assert p == (Fraction(1, 36) if result % 11 == 0 else Fraction(2, 36)), result


@pytest.mark.rules("JL-EVT-2")
def test_seeded_event_rolls_give_each_of_the_21_results_its_share_chi_square() -> None:
    """36 000 seeded rolls of the table: the counts fit 1/36 for doubles and 2/36 for the rest.
    Tolerance: the chi-square statistic (20 degrees of freedom) must stay below 45.31, its
    0.1% critical value."""
    g = game(duel())
    g.logging = False
    g.dice = SeededDice(20131001)
    n = 36_000
    counts = Counter(drive(events.roll_table(g, sea(g), None))[0] for _ in range(n))
    assert set(counts) == set(events.EVENTS)
    chi2 = 0.0
    for result in events.EVENTS:
        expected = n * (1 if result % 11 == 0 else 2) / 36
        chi2 += (counts[result] - expected) ** 2 / expected
    assert chi2 < 45.31, (chi2, counts)


@pytest.mark.rules("JL-EVT-2", "JL-EVT-16", "JL-NPC-2")
def test_a_second_kraken_is_rolled_again() -> None:
    # 55 raises the Kraken (entering due east); then 55 and 66 are rolled again until 12 comes up
    g = game(duel(), script=[5, 5, 0.0, 5, 5, 6, 6, 2, 1])
    s = sea(g)
    drive(events.random_event(g, s, "red", ship(g, "Red")))
    assert s.kraken is not None
    assert drive(events.roll_table(g, s, "red")) == (12, [55, 66])
    used_up(g)
    assert the_event(g)["result"] == 55 and the_event(g)["rerolled"] == []


@pytest.mark.rules("JL-EVT-2", "JL-EVT-14")
def test_the_sub_is_not_rolled_again_while_it_is_out() -> None:
    g = game(duel(), script=[5, 3, 4, 5, 4, 4])
    s = sea(g)
    s.sub = Sub(Hull(60.0, 10.0, 0.0, 6.0, 2.0), surfaced=1)
    assert drive(events.roll_table(g, s, "red")) == (44, [35, 45])
    s.sub = None
    g.dice = ScriptedDice([5, 3])
    assert drive(events.roll_table(g, s, "red")) == (35, [])


# --------------------------------------------------------------------------- JL-EVT-3, JL-EVT-4: the weather


@pytest.mark.rules("JL-EVT-3")
@pytest.mark.parametrize("result", [11, 33])
def test_sudden_squalls_drift_every_ship_d6_in_its_own_direction(result: int) -> None:
    # red: north 3"; blue: a hit is rolled again, then south 2"
    g = game(duel(), script=[90.0, 3, "hit", 270.0, 2])
    apply(g, result)
    assert (the_event(g)["title"], the_event(g)["rule"]) == ("sudden squalls", "JL-EVT-3")
    drifts = ev(g, "drift")
    assert [(d["ship"], d["direction"], d["inches"], d["why"], d["rule"]) for d in drifts] == [
        ("Red", 90.0, 3.0, "sudden squalls", "JL-EVT-3"),
        ("Blue", 270.0, 2.0, "sudden squalls", "JL-EVT-3"),
    ]
    assert ship(g, "Red").hull.y == pytest.approx(39.0) and ship(g, "Red").hull.heading == 0.0
    assert ship(g, "Blue").hull.y == pytest.approx(34.0) and ship(g, "Blue").hull.heading == 180.0


@pytest.mark.rules("JL-EVT-3")
def test_squalls_spare_docked_and_grounded_ships() -> None:
    g = game(duel(), script=[90.0, 3])
    ship(g, "Blue").docked_at = "Port Grotsby Dock"
    apply(g, 11)
    assert [d["ship"] for d in ev(g, "drift")] == ["Red"]
    assert ev(g, "no-effect") == [{"ship": "Blue", "why": "docked at Port Grotsby Dock", "rule": "JL-EVT-3"}]
    g = game(duel(), script=[90.0, 3])
    ship(g, "Red").grounded_on = "Skull Rock"
    apply(g, 33)
    assert [d["ship"] for d in ev(g, "drift")] == ["Blue"]
    assert ship(g, "Red").hull.y == 36.0


@pytest.mark.rules("JL-EVT-4")
@pytest.mark.parametrize(("result", "direction", "order", "xs"), [(12, 0.0, ["Blue", "Red"], (32.0, 64.0)), (34, 180.0, ["Red", "Blue"], (26.0, 58.0))])
def test_storm_warning_drives_every_ship_d6_one_way_furthest_downwind_first(result: int, direction: float, order: list[str], xs: tuple[float, float]) -> None:
    # one direction for all; the first ship to drift rolls 4, the second 2
    g = game(duel(), script=[direction, 4, 2])
    apply(g, result)
    assert ev(g, "storm") == [{"direction": direction, "rule": "JL-EVT-4"}]
    assert [(d["ship"], d["direction"], d["why"]) for d in ev(g, "drift")] == [(n, direction, "storm warning") for n in order]
    assert (ship(g, "Red").hull.x, ship(g, "Blue").hull.x) == pytest.approx(xs)


@pytest.mark.rules("JL-EVT-4")
def test_storm_spares_docked_ships() -> None:
    g = game(duel(), script=[0.0, 4])
    ship(g, "Red").docked_at = "Quay"
    apply(g, 12)
    assert [d["ship"] for d in ev(g, "drift")] == ["Blue"]
    assert [n["ship"] for n in ev(g, "no-effect")] == ["Red"]


# --------------------------------------------------------------------------- JL-EVT-5: becalmed


SAILS = {"klan": "snake-bites"}


@pytest.mark.rules("JL-EVT-5")
def test_becalmed_holds_every_sailing_ship_this_turn_only() -> None:
    g = game(duel(red=SAILS))
    apply(g, 13)
    red, blue = ship(g, "Red"), ship(g, "Blue")
    assert red.held_this(1) == "becalmed, sails hanging slack (JL-EVT-5)" and red.in_force("calm", 1)
    assert blue.held_this(1) is None and not blue.effects
    assert ev(g, "effect") == [{"ship": "Red", "effect": "calm", "in_force_on_turn": 1, "held": True, "rule": "JL-EVT-5"}]
    next_turn(g)
    assert red.held_this(2) is None and not red.in_force("calm", 2)


@pytest.mark.rules("JL-EVT-5")
def test_becalmed_with_no_sailing_ships_does_nothing() -> None:
    g = game(duel())
    apply(g, 13)
    assert ev(g, "no-effect") == [{"ship": None, "why": "no sailing ships", "rule": "JL-EVT-5"}]
    assert all(s.held is None for s in sea(g).ships.values())


@pytest.mark.rules("JL-EVT-5", "JL-TURN-3")
def test_becalmed_ships_shoot_an_extra_round_in_the_movement_phase() -> None:
    # Blue (deff skulls, no movement dice) heads north and moves 3 + 8 + 10 = 21" to (60, 57);
    # becalmed Red stays put and fires its fore krak at her: dead on, 9 + 3 = 12 against her
    # port armour 12 is glancing, and the save fails
    sc = duel(red=SAILS, blue={"klan": "deff-skulls", "heading": 90.0})
    g = game(sc)
    s = sea(g)
    s.turn = g.turn = 2
    apply(g, 13)
    g.dice = ScriptedDice([1, 1, 1, "hit", 3, 1])
    asked: list[str] = []

    def answer(action: Any) -> Any:
        def give(prompt: Any) -> Any:
            asked.append(prompt.kind)
            return action

        return give

    drive(flow.movement_phase(g, s), [answer(Orders((ManoeuvreOrder("Blue", 4),))), answer(Fire("fore", "krak", aim=(60.0, 57.0))), answer(EndShooting())])
    used_up(g)
    assert asked == ["OrdersPrompt", "ShootPrompt", "ShootPrompt"]
    assert [e["why"] for e in ev(g, "no-move")] == ["becalmed, sails hanging slack (JL-EVT-5)"]
    assert ev(g, "becalmed-shooting") == [{"ships": ["Red"], "rule": "JL-EVT-5"}]
    [krak] = ev(g, "krak")
    assert (krak["target"], krak["facing"]) == ("Blue", "port")
    [st] = ev(g, "strike")
    assert (st["verdict"], ship(g, "Blue").hull_points) == ("glancing", 4)
    # the extra round leaves the ship free to shoot again in the shooting phase
    red = ship(g, "Red")
    assert red.fired == set() and shoot_prompt(s, red).guns() != {}
    next_turn(g)
    g.dice = ScriptedDice([])
    drive(events.becalmed_shooting(g, s))
    assert len(ev(g, "becalmed-shooting")) == 1


# --------------------------------------------------------------------------- JL-EVT-6: snakes


@pytest.mark.rules("JL-EVT-6")
def test_snakes_stop_the_ship_doing_anything_this_turn() -> None:
    g = game(duel())
    red = ship(g, "Red")
    red.hull_points = 4  # something the riggers could mend
    apply(g, 14)
    s = sea(g)
    assert red.in_force("snakes", 1) and red.held_this(1) == "fighting off the snakes (JL-EVT-6)"
    assert kannon.can_shoot(s, red) == "fighting off the snakes (JL-EVT-6)"
    prompt = shoot_prompt(s, red)
    assert prompt.refresh() is False and prompt.repairs() == [] and prompt.guns() == {}
    with pytest.raises(IllegalAction, match="snakes"):
        prompt.check("red", Fire("fore", "krak", aim=(60.0, 36.0)))
    next_turn(g)
    assert kannon.can_shoot(s, red) is None and red.held_this(2) is None
    assert shoot_prompt(s, red).repairs() == ["hull"]


@pytest.mark.rules("JL-EVT-6")
def test_snake_bites_are_immune_to_snakes() -> None:
    g = game(duel(red=SAILS))
    apply(g, 14)
    red = ship(g, "Red")
    assert red.effects == {} and red.held is None
    assert ev(g, "no-effect") == [{"ship": "Red", "why": "Snake Bites are immune: extra rations", "rule": "JL-EVT-6"}]


# --------------------------------------------------------------------------- JL-EVT-7: sand banks


@pytest.mark.rules("JL-EVT-7")
def test_sand_banks_cut_the_move_to_half_the_cards_minimum_whatever_the_dice() -> None:
    g = game(duel())
    apply(g, 15)
    assert (allowance(g, Card.FULL_AHEAD).low, allowance(g, Card.FULL_AHEAD).high) == (4.5, 4.5)
    a = allowance(g, Card.HARD)
    assert (a.low, a.high) == (2.0, 2.0)
    assert g.dice.requests == []  # type: ignore[attr-defined]
    al = ev(g, "allowance")[-1]
    assert al["parts"] == [{"rule": "JL-EVT-7", "what": "shifting sand banks", "inches": 2.0}]
    # a ship repeating its move with a damaged engine is held to it too
    assert drive(events.repeat_distance(g, sea(g), ship(g, "Red"), Card.VEER, 20.0)) == 3.0
    next_turn(g)
    g.dice = ScriptedDice([3, 5, 1])  # Full Ahead 2D6 and the Goffs' -D6
    a = allowance(g, Card.FULL_AHEAD)
    assert (a.low, a.high) == (9.0, 31.0)


@pytest.mark.rules("JL-EVT-7")
def test_sand_banks_miss_a_docked_or_grounded_ship() -> None:
    g = game(duel())
    ship(g, "Red").grounded_on = "Grot Teef"
    apply(g, 15)
    assert ship(g, "Red").effects == {}
    assert ev(g, "no-effect")[0]["why"] == "aground on Grot Teef"


# --------------------------------------------------------------------------- JL-EVT-8: squidgeons


@pytest.mark.rules("JL-EVT-8")
def test_squidgeons_keep_the_ship_from_moving_this_turn() -> None:
    sc = duel(blue={"klan": "deff-skulls", "heading": 90.0})
    g = game(sc)
    s = sea(g)
    apply(g, 16)
    red = ship(g, "Red")
    assert red.held_this(1) == "scrubbing off squidgeon guano (JL-EVT-8)"
    g.dice = ScriptedDice([1, 1, 1])
    prompts: list[Any] = []

    def orders(p: Any) -> Any:
        prompts.append(p)
        return Orders((ManoeuvreOrder("Blue", 4),))

    drive(flow.movement_phase(g, s), [orders])
    assert list(prompts[0].choices) == ["blue"]  # Red is given no orders
    assert [(e["ship"], e["why"]) for e in ev(g, "no-move")] == [("Red", "scrubbing off squidgeon guano (JL-EVT-8)")]
    assert red.hull.x == 30.0 and red.standstill
    next_turn(g)
    assert red.held_this(2) is None


# --------------------------------------------------------------------------- JL-EVT-9: whirlpool


@pytest.mark.rules("JL-EVT-9")
def test_the_whirlpool_spins_the_ship_to_face_the_scatter_direction() -> None:
    g = game(duel(), script=["hit", 90.0])
    apply(g, 22)
    red = ship(g, "Red")
    assert (red.hull.x, red.hull.y, red.hull.heading) == (30.0, 36.0, 90.0)
    assert ev(g, "whirlpool") == [{"ship": "Red", "direction": 90.0, "heading_before": 0.0, "turned": True, "rule": "JL-EVT-9"}]


@pytest.mark.rules("JL-EVT-9")
def test_a_whirlpool_with_no_room_to_turn_leaves_the_heading_alone() -> None:
    # Blue lies alongside to port (y 40..44): turned north Red would reach y 41
    g = game(duel(blue={"x": 30.0, "y": 42.0, "heading": 0.0}), script=[90.0])
    apply(g, 22)
    assert ship(g, "Red").hull.heading == 0.0
    assert ev(g, "whirlpool")[0]["turned"] is False


@pytest.mark.rules("JL-EVT-9")
def test_a_docked_ship_is_out_of_the_whirlpool() -> None:
    g = game(duel())
    ship(g, "Red").docked_at = "Port Grotsby Dock"
    apply(g, 22)
    assert ship(g, "Red").hull.heading == 0.0 and ev(g, "whirlpool") == []


# --------------------------------------------------------------------------- JL-EVT-10: skurvy


@pytest.mark.rules("JL-EVT-10")
def test_skurvy_takes_2d6_off_the_move() -> None:
    g = game(duel())
    apply(g, 23)
    g.dice = ScriptedDice([3, 5, 1, 2, 3])
    a = allowance(g, Card.FULL_AHEAD)
    assert (a.low, a.high) == (9.0, 26.0)  # 24 + 8 - 1 (Goffs) - 5 (skurvy)
    assert ev(g, "allowance")[0]["parts"][-1] == {"rule": "JL-EVT-10", "what": "skurvy", "inches": -5}
    g.dice = ScriptedDice([4, 4])
    assert drive(events.repeat_distance(g, sea(g), ship(g, "Red"), Card.VEER, 20.0)) == 12.0
    next_turn(g)
    g.dice = ScriptedDice([3, 5, 1])
    assert allowance(g, Card.FULL_AHEAD).high == 31.0


@pytest.mark.rules("JL-EVT-10")
def test_skurvy_lets_only_half_the_working_guns_fire_rounded_up() -> None:
    g = game(duel())
    apply(g, 23)
    s, red = sea(g), ship(g, "Red")
    assert kannon.skurvy_guns(red) == 2
    red.fired.add("fore")
    assert kannon.shells(s, red, "port") == ["krak", "grapeshot"]
    red.fired.add("port")
    assert [kannon.shells(s, red, gun) for gun in ("starboard", "aft")] == [[], []]
    assert shoot_prompt(s, red).guns() == {} and shoot_prompt(s, red).torpedoes()  # torpedoes are not kannons
    for damaged, limit in (({"aft"}, 2), ({"aft", "port"}, 1), ({"aft", "port", "starboard"}, 1)):
        red.damaged_guns = set(damaged)
        assert kannon.skurvy_guns(red) == limit
    red.damaged_guns = set()
    next_turn(g)
    assert kannon.shells(s, red, "starboard") == ["krak", "grapeshot"]


# --------------------------------------------------------------------------- JL-EVT-11: the Chinork


@pytest.mark.rules("JL-EVT-11")
@pytest.mark.parametrize(("result", "start", "end"), [(24, "West Pad", "East Pad"), (36, "East Pad", "West Pad")])
def test_chinork_target_practice_flies_to_the_other_pad(result: int, start: str, end: str) -> None:
    # both ships lie more than 48" / sqrt 2 from the flight line along y = 10: nobody is shot
    g = game(duel(red={"y": 60.0}, blue={"y": 60.0}, terrain=PADS))
    sea(g).chinork_pad = start
    apply(g, result)
    path = [[6.0, 10.0], [114.0, 10.0]] if start == "West Pad" else [[114.0, 10.0], [6.0, 10.0]]
    assert ev(g, "chinork") == [{"start": start, "end": end, "path": path, "targets": [], "rule": "JL-EVT-11"}]
    assert sea(g).chinork_pad == end


@pytest.mark.rules("JL-EVT-11", "JL-NPC-3")
def test_with_fewer_than_two_pads_the_chinork_stays_down() -> None:
    g = game(duel(terrain=PADS[:1]))
    sea(g).chinork_pad = "West Pad"
    apply(g, 24)
    assert ev(g, "chinork") == [] and sea(g).chinork_pad == "West Pad"
    assert ev(g, "no-effect")[0]["rule"] == "JL-EVT-11"


# --------------------------------------------------------------------------- JL-EVT-12: mines


@pytest.mark.rules("JL-EVT-12")
@pytest.mark.parametrize("result", [25, 46])
def test_a_spare_mine_enters_at_the_edge_on_a_scatter_line_from_the_centre(result: int) -> None:
    g = game(duel(), script=[0.0, 180.0])
    s = sea(g)
    s.mines_total = 2
    drive(events.apply_event(g, s, "red", ship(g, "Red"), result))
    drive(events.apply_event(g, s, "red", ship(g, "Red"), result))
    used_up(g)
    # due east the edge is at (120, 36); the 1" disc is moved in until it lies 0.01" inside
    assert [(m.name, pytest.approx((m.x, m.y))) for m in s.mines] == [("Mine 1", (119.25, 36.0)), ("Mine 2", (0.75, 36.0))]
    placed = ev(g, "mine-placed")
    assert [(p["mine"], p["at"], p["how"], p["rule"]) for p in placed] == [
        ("Mine 1", [119.25, 36.0], "event", "JL-EVT-12"),
        ("Mine 2", [0.75, 36.0], "event", "JL-EVT-12"),
    ]
    g.dice = ScriptedDice([])
    drive(events.apply_event(g, s, "red", ship(g, "Red"), result))  # none spare: nothing, no dice
    assert len(s.mines) == 2 and ev(g, "no-effect")[-1]["why"] == "no spare mine: every mine is on the table"
    s.mines.pop(0)  # one detonated: it is spare again, and comes back under a name of its own
    g.dice = ScriptedDice([90.0])
    drive(events.apply_event(g, s, "red", ship(g, "Red"), result))
    assert [(m.name, pytest.approx((m.x, m.y))) for m in s.mines] == [("Mine 2", (0.75, 36.0)), ("Mine 3", (60.0, 71.25))]


# --------------------------------------------------------------------------- JL-EVT-13: overboard


@pytest.mark.rules("JL-EVT-13")
def test_ork_overboard_is_lost_only_on_a_one_and_a_boy_goes_first() -> None:
    g = game(duel(), script=[2])
    apply(g, 26)
    red = ship(g, "Red")
    assert len(red.krew) == 7 and ev(g, "overboard")[0]["lost"] is None
    g = game(duel(), script=[1])
    apply(g, 26)
    red = ship(g, "Red")
    assert [k.role for k in red.krew].count("krew") == 4 and len(red.krew) == 6
    assert ev(g, "overboard") == [{"ship": "Red", "roll": 1, "lost": "krew", "rule": "JL-EVT-13"}]
    assert ev(g, "krew-lost") == [{"ship": "Red", "model": "krew", "cause": "washed overboard", "left": 6, "rule": "JL-EVT-13"}]


@pytest.mark.rules("JL-EVT-13", "JL-KREW-5")
def test_losing_an_ork_overboard_can_leave_a_hulk() -> None:
    g = game(duel(), script=[1])
    red = ship(g, "Red")
    red.krew[:] = [KrewModel("kaptin", 3), KrewModel("doc", 1)]
    apply(g, 26)
    assert [k.role for k in red.krew] == ["kaptin"] and red.hulk
    assert ev(g, "hulk") == [{"ship": "Red", "krew": 1, "rule": "JL-KREW-5"}]


# --------------------------------------------------------------------------- JL-EVT-15: mermorks


@pytest.mark.rules("JL-EVT-15")
@pytest.mark.parametrize(
    ("direction", "standstill", "rudder", "card", "side"),
    [
        (0.0, False, False, 1, "none"),  # Full Ahead and All Stop both head east: the faster card
        (45.0, False, False, 2, "port"),
        (90.0, False, False, 3, "port"),
        (300.0, False, False, 2, "starboard"),  # 15 degrees from the starboard veer (315)
        (67.5, False, False, 2, "port"),  # halfway between the veer and the hard turn: the lower card
        (180.0, False, False, 3, "port"),  # dead astern, not at a standstill: the hard turns tie
        (200.0, True, False, 5, "none"),  # at a standstill Full Astern heads 180
        (45.0, False, True, 1, "none"),  # a damaged rudder allows only straight cards
    ],
)
def test_mermorks_force_the_card_heading_closest_to_the_scatter_direction(direction: float, standstill: bool, rudder: bool, card: int, side: str) -> None:
    g = game(duel(), script=[direction])
    red = ship(g, "Red")
    red.standstill, red.rudder_damaged = standstill, rudder
    apply(g, 44)
    assert red.forced == (1, Card(card), side)
    assert movement.legal_cards(red, 1) == [(Card(card), side)]
    [m] = ev(g, "mermorks")
    assert (m["card"], m["side"], m["direction"], m["rule"]) == (card, side, direction, "JL-EVT-15")
    prompt = orders_prompt(sea(g), [red])
    other = 4 if card != 4 else 1
    with pytest.raises(IllegalAction, match="not allowed now"):
        prompt.check("red", Orders((ManoeuvreOrder("Red", other),)))
    next_turn(g)
    assert len(movement.legal_cards(red, 2)) > 1


# --------------------------------------------------------------------------- JL-EVT-14, JL-EVT-16


@pytest.mark.rules("JL-EVT-14")
def test_the_grot_rebellion_raises_the_sub_facing_the_way_it_came_on_45() -> None:
    # east 4D6 = 12" from Red's centre: (42, 36), facing east; Blue dead ahead: two torpedoes
    g = game(duel(), script=[0.0, 3, 3, 3, 3, "hit", "hit", 1, 1])
    apply(g, 45)
    [up] = ev(g, "sub-surfaces")
    assert (up["ship"], up["at"], up["rule"]) == ("Red", [42.0, 36.0, 0.0], "JL-EVT-14")
    assert [t["ship"] for t in ev(g, "torpedo")] == ["Da Dred NoOrk", "Da Dred NoOrk"]
    assert sea(g).sub is None


@pytest.mark.rules("JL-EVT-14")
def test_the_grot_rebellion_on_35_faces_a_second_scatter_direction() -> None:
    # north 12" to (30, 48), then facing north: nobody in its arc, so it stays out
    g = game(duel(), script=[90.0, 3, 3, 3, 3, "hit", 90.0])
    apply(g, 35)
    sub = sea(g).sub
    assert sub is not None and (sub.hull.x, sub.hull.y, sub.hull.heading) == (30.0, 48.0, 90.0)
    assert ev(g, "sub-waits")[0]["why"] == "no ship in its forward arc"


@pytest.mark.rules("JL-EVT-16", "JL-NPC-2")
@pytest.mark.parametrize("result", [55, 56, 66])
def test_the_kraken_awakes(result: int) -> None:
    g = game(duel(), script=[0.0])
    apply(g, result)
    assert (the_event(g)["title"], the_event(g)["rule"]) == ("the Kraken awakes", "JL-EVT-16")
    kr = sea(g).kraken
    assert kr is not None and (kr.x, kr.y, kr.wounds) == (117.75, 36.0, 2)


# --------------------------------------------------------------------------- durations


@pytest.mark.rules("JL-EVT-5", "JL-EVT-6", "JL-EVT-7", "JL-EVT-8", "JL-EVT-10", "JL-EVT-15")
@pytest.mark.parametrize("result", [13, 14, 15, 16, 23, 44])
def test_every_lasting_effect_is_gone_the_next_turn(result: int) -> None:
    g = game(duel(red=SAILS if result == 13 else None), script=[90.0] if result == 44 else [])
    apply(g, result)
    red = ship(g, "Red")
    assert red.effects or red.held or red.forced
    next_turn(g)
    assert not any(red.in_force(e, 2) for e in ("calm", "snakes", "sand-banks", "squidgeons", "skurvy"))
    assert red.held_this(2) is None
    assert len(movement.legal_cards(red, 2)) == len(movement.legal_cards(red))
    assert red.describe(2)["effects"] == []
