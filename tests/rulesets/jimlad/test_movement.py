"""Movement rule tests: manoeuvre cards, their geometry, the distance allowance, klans, wind, damage.

Geometry reminders (see docs/rulings.md): headings are degrees counter-clockwise from +x; port
turns are counter-clockwise.  A move carries the lead point (bow, or stern going astern) the
chosen distance plus the card's 8" plus the ship's own length; a turning card turns evenly over
its 8" of path, so its arc has radius 8 / (turn in radians): 16/pi for 90 degrees, 32/pi for 45.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import CLEARANCE, hull_distance, hull_hits_polygon
from grapeshot.rulesets.jimlad import compass, flow, movement
from grapeshot.rulesets.jimlad.actions import Distance, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.data import CARD_LENGTH, Card
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt
from grapeshot.rulesets.jimlad.state import MoveRecord, Ship
from tests import support

R90 = 16.0 / math.pi  # radius of the Hard a-port/starboard arc: 8" of path turning 90 degrees
R45 = 32.0 / math.pi  # radius of the Veer arc: 8" of path turning 45 degrees
TOL = 1e-6
# a stopped move ends CLEARANCE short of the contact, pinned down by bisection to 0.01"
SWEEP_TOL = 0.011


def solo(red: dict[str, Any] | None = None, *, options: dict[str, Any] | None = None, table: tuple[float, float] = (200.0, 72.0), script: Any = ()) -> Game:
    """A game whose red ship sails alone: blue is parked far away in a corner."""
    r = {"klan": "deff-skulls", **(red or {})}
    sc = support.duel(red=r, blue={"x": table[0] - 10.0, "y": 6.0, "heading": 0.0}, table=table, options=options)
    return support.game(sc, script=script)


def events(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def rolls(g: Game, rule: str | None = None) -> list[Event]:
    """Rolls made by the rules under test (the set-up's seeded wind roll left out)."""
    return [e for e in events(g, "roll") if e.rule != "JL-TURN-1" and (rule is None or e.rule == rule)]


def assert_at(ship: Ship, x: float, y: float, heading: float, tol: float = TOL) -> None:
    assert ship.hull.x == pytest.approx(x, abs=tol), ship.hull
    assert ship.hull.y == pytest.approx(y, abs=tol), ship.hull
    assert (ship.hull.heading - heading + 180.0) % 360.0 - 180.0 == pytest.approx(0.0, abs=1e-6), ship.hull


def move(g: Game, card: Card, turn: str = "none", card_at: str = "start", distance: float = 0.0, name: str = "Red") -> Any:
    sea = support.sea(g)
    return support.drive(movement.move_ship(g, sea, sea.ships[name], card, turn, card_at, distance))  # type: ignore[arg-type]


def allowance(g: Game, card: Card, turn: str = "none", name: str = "Red") -> movement.Allowance:
    sea = support.sea(g)
    result = support.drive(movement.roll_allowance(g, sea, sea.ships[name], card, turn))  # type: ignore[arg-type]
    assert isinstance(result, movement.Allowance)
    return result


# --------------------------------------------------------------------------- the cards' numbers


@pytest.mark.rules("JL-MOVE-1", "JL-MOVE-9")
def test_full_ahead_rolls_24_plus_2d6_with_minimum_9() -> None:
    g = solo(script=[3, 5])
    a = allowance(g, Card.FULL_AHEAD)
    assert (a.low, a.high) == (9.0, 32.0)
    (r,) = rolls(g)
    assert (r.rule, r.data["expr"], r.data["faces"], r.data["total"]) == ("JL-MOVE-1", "2D6", [3, 5], 8)
    (ev,) = events(g, "allowance")
    assert ev.rule == "JL-MOVE-9" and ev.data["minimum"] == 9.0 and ev.data["high"] == 32.0


@pytest.mark.rules("JL-MOVE-2", "JL-MOVE-3", "JL-MOVE-4", "JL-MOVE-5")
@pytest.mark.parametrize(
    ("card", "turn", "script", "low", "high", "rule", "expr"),
    [
        (Card.VEER, "port", [4], 6.0, 28.0, "JL-MOVE-2", "D6"),
        (Card.HARD, "starboard", [2], 4.0, 20.0, "JL-MOVE-3", "D6"),
        (Card.ALL_STOP, "none", [1, 2, 6], 3.0, 9.0, "JL-MOVE-4", "3D6"),
        (Card.FULL_ASTERN, "none", [1, 1, 2, 6], 3.0, 10.0, "JL-MOVE-5", "4D6"),
    ],
)
def test_each_card_rolls_its_dice_and_offers_its_minimum(card: Card, turn: str, script: list[int], low: float, high: float, rule: str, expr: str) -> None:
    g = solo({"standstill": True}, script=script)
    a = allowance(g, card, turn)
    assert (a.low, a.high) == (low, high)
    (r,) = rolls(g)
    assert (r.rule, r.data["expr"]) == (rule, expr)


# --------------------------------------------------------------------------- geometry


@pytest.mark.rules("JL-MOVE-1", "JL-MOVE-6")
@pytest.mark.parametrize(("length", "distance"), [(6.0, 9.0), (10.0, 20.0), (12.0, 36.0)])
def test_full_ahead_moves_the_centre_distance_plus_card_plus_ship_length(length: float, distance: float) -> None:
    g = solo({"x": 20.0, "y": 36.0, "heading": 0.0, "length": length})
    sweep = move(g, Card.FULL_AHEAD, distance=distance)
    red = support.ship(g, "Red")
    assert_at(red, 20.0 + distance + CARD_LENGTH + length, 36.0, 0.0)
    assert sweep.contact is None
    (ev,) = events(g, "move")
    assert ev.rule == "JL-MOVE-1"
    assert ev.data["planned"] == pytest.approx(distance + 8.0 + length)
    assert ev.data["travelled"] == pytest.approx(distance + 8.0 + length)
    assert ev.data["contact"] is None


@pytest.mark.rules("JL-MOVE-1", "JL-MOVE-6")
def test_full_ahead_follows_the_heading() -> None:
    g = solo({"x": 30.0, "y": 10.0, "heading": 30.0})
    move(g, Card.FULL_AHEAD, distance=12.0)
    step = 12.0 + 8.0 + 10.0
    assert_at(support.ship(g, "Red"), 30.0 + step * math.cos(math.radians(30)), 10.0 + step * math.sin(math.radians(30)), 30.0)


@pytest.mark.rules("JL-MOVE-3", "JL-MOVE-6", "JL-MOVE-7")
@pytest.mark.parametrize("distance", [4.0, 11.5])
def test_hard_a_port_card_at_start_turns_then_runs_straight(distance: float) -> None:
    # bow starts at (35, 36); the 8" quarter circle of radius 16/pi ends at (35+R, 36+R) facing 90;
    # then the distance and the ship's length straight on; the centre is half a length behind the bow
    g = solo()
    move(g, Card.HARD, "port", "start", distance)
    assert_at(support.ship(g, "Red"), 35.0 + R90, 36.0 + R90 + distance + 5.0, 90.0)


@pytest.mark.rules("JL-MOVE-3", "JL-MOVE-6", "JL-MOVE-7")
@pytest.mark.parametrize("distance", [4.0, 11.5])
def test_hard_a_port_card_at_end_runs_straight_then_turns_then_a_ship_length(distance: float) -> None:
    g = solo()
    move(g, Card.HARD, "port", "end", distance)
    assert_at(support.ship(g, "Red"), 35.0 + distance + R90, 36.0 + R90 + 5.0, 90.0)


@pytest.mark.rules("JL-MOVE-3", "JL-MOVE-7")
def test_hard_a_starboard_turns_clockwise() -> None:
    g = solo()
    move(g, Card.HARD, "starboard", "start", 6.0)
    assert_at(support.ship(g, "Red"), 35.0 + R90, 36.0 - R90 - 6.0 - 5.0, 270.0)


@pytest.mark.rules("JL-MOVE-2", "JL-MOVE-6", "JL-MOVE-7")
def test_veer_to_starboard_turns_45_degrees_over_the_card() -> None:
    g = solo()
    d = 7.0
    move(g, Card.VEER, "starboard", "start", d)
    s = math.sqrt(0.5)
    # end of the 45 degree arc (centre of the circle at (35, 36 - R45))
    bx, by = 35.0 + R45 * s, 36.0 - R45 + R45 * s
    # then d + length along heading 315; the hull centre is 5" back from the bow
    leg = d + 10.0 - 5.0
    assert_at(support.ship(g, "Red"), bx + leg * s, by - leg * s, 315.0)


@pytest.mark.rules("JL-MOVE-2", "JL-MOVE-7")
def test_veer_to_port_card_at_end() -> None:
    g = solo()
    d = 10.0
    move(g, Card.VEER, "port", "end", d)
    s = math.sqrt(0.5)
    bx, by = 35.0 + d + R45 * s, 36.0 + R45 - R45 * s
    leg = 10.0 - 5.0
    assert_at(support.ship(g, "Red"), bx + leg * s, by + leg * s, 45.0)


@pytest.mark.rules("JL-MOVE-4", "JL-MOVE-6")
def test_all_stop_is_straight_and_leaves_the_ship_at_a_standstill() -> None:
    g = solo()
    red = support.ship(g, "Red")
    assert not red.standstill
    move(g, Card.ALL_STOP, distance=3.0)
    assert_at(red, 30.0 + 3.0 + 8.0 + 10.0, 36.0, 0.0)
    assert red.standstill
    assert red.last_move == MoveRecord(Card.ALL_STOP, "none", "start", 3.0)


@pytest.mark.rules("JL-MOVE-5", "JL-MOVE-6")
def test_full_astern_straight_moves_backwards_keeping_the_heading() -> None:
    g = solo({"x": 100.0, "standstill": True})
    move(g, Card.FULL_ASTERN, distance=5.0)
    assert_at(support.ship(g, "Red"), 100.0 - (5.0 + 8.0 + 10.0), 36.0, 0.0)
    (ev,) = events(g, "move")
    assert ev.rule == "JL-MOVE-5"


@pytest.mark.rules("JL-MOVE-5", "JL-MOVE-7")
def test_full_astern_to_port_swings_the_bow_to_port() -> None:
    # lead point is the stern (95, 36) travelling towards 180; a port turn swings the bow
    # counter-clockwise, so the direction of travel turns from 180 to 225 and the bow ends at 45
    g = solo({"x": 100.0, "standstill": True})
    d = 4.0
    move(g, Card.FULL_ASTERN, "port", "start", d)
    s = math.sqrt(0.5)
    lx, ly = 95.0 - R45 * s, 36.0 - R45 + R45 * s  # stern at the end of the arc
    leg = d + 10.0 - 5.0  # the centre trails the stern by half a length
    assert_at(support.ship(g, "Red"), lx - leg * s, ly - leg * s, 45.0)


@pytest.mark.rules("JL-MOVE-5")
def test_full_astern_is_offered_only_from_a_standstill() -> None:
    g = solo()
    red = support.ship(g, "Red")
    moving = movement.legal_cards(red)
    assert moving == [
        (Card.FULL_AHEAD, "none"),
        (Card.VEER, "port"),
        (Card.VEER, "starboard"),
        (Card.HARD, "port"),
        (Card.HARD, "starboard"),
        (Card.ALL_STOP, "none"),
    ]
    move(g, Card.ALL_STOP, distance=3.0)  # an All Stop brings her to a standstill
    assert movement.legal_cards(red) == [*moving, (Card.FULL_ASTERN, "none"), (Card.FULL_ASTERN, "port"), (Card.FULL_ASTERN, "starboard")]
    move(g, Card.FULL_AHEAD, distance=9.0)  # a full move without contact: moving again
    assert not red.standstill
    assert movement.legal_cards(red) == moving


@pytest.mark.rules("JL-MOVE-5", "JL-TURN-3")
def test_orders_prompt_rejects_full_astern_when_under_way_and_allows_it_from_scenario_standstill() -> None:
    g = support.game(support.duel(red={"klan": "deff-skulls", "standstill": True}, blue={"klan": "deff-skulls"}))
    p = g.prompt
    assert isinstance(p, OrdersPrompt)
    assert (Card.FULL_ASTERN, "none") in p.choices["red"]["Red"]
    assert all(c is not Card.FULL_ASTERN for c, _ in p.choices["blue"]["Blue"])
    with pytest.raises(IllegalAction, match="not allowed"):
        g.submit("blue", Orders((ManoeuvreOrder("Blue", 5),)))
    g.submit("red", Orders((ManoeuvreOrder("Red", 5),)))  # accepted (sealed)
    assert g.waiting_for() == ("blue",)


@pytest.mark.rules("JL-MOVE-5", "JL-SHIP-4")
def test_becalmed_ship_does_not_move_and_is_at_a_standstill() -> None:
    sc = support.duel(red={"klan": "deff-skulls", "hull_points": 1}, blue={"klan": "deff-skulls", "x": 90.0})
    g = support.game(sc, script=[1, 1, 1, 90.0])  # blue's All Stop, then turn 2's wind
    p = g.prompt
    assert isinstance(p, OrdersPrompt) and p.seats == ("blue",), "a becalmed ship is given no orders"
    g.submit("blue", Orders((ManoeuvreOrder("Blue", 4),)))
    red = support.ship(g, "Red")
    assert_at(red, 30.0, 36.0, 0.0)
    assert red.standstill
    (nm,) = events(g, "no-move")
    assert nm.rule == "JL-SHIP-4" and nm.data["ship"] == "Red"
    assert [e.data["ship"] for e in events(g, "move")] == ["Blue"]
    assert not [r for r in rolls(g) if r.data.get("seat") == "red"]
    # and next turn she may go astern
    assert (Card.FULL_ASTERN, "none") in movement.legal_cards(red)


# --------------------------------------------------------------------------- contacts


@pytest.mark.rules("JL-MOVE-1")
def test_move_stops_just_short_of_another_ship() -> None:
    # the crash that follows (JL-RAM-*): blue fails to evade (12), neither hull is hurt (1s)
    g = support.game(support.duel(red={"klan": "deff-skulls"}), script=[6, 6, 1, 1])
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    sweep = move(g, Card.FULL_AHEAD, distance=20.0)
    # red's bow at 35 meets blue's stern at 55 after 20", less the clearance
    assert 20.0 - CLEARANCE - SWEEP_TOL <= sweep.travelled <= 20.0 - CLEARANCE
    assert red.hull.x == pytest.approx(30.0 + sweep.travelled)
    assert CLEARANCE - 1e-9 <= hull_distance(red.hull, blue.hull) <= CLEARANCE + SWEEP_TOL
    (ev,) = events(g, "move")
    assert ev.data["contact"]["with"] == "Blue" and ev.data["contact"]["kind"] == "ship"
    assert ev.data["contact"]["at"] == pytest.approx(20.0, abs=SWEEP_TOL)
    assert ev.data["planned"] == pytest.approx(38.0)
    assert red.standstill, "a move cut short by a contact leaves the ship at a standstill"
    assert blue.hull.x == 60.0


@pytest.mark.rules("JL-MOVE-3")
def test_move_stops_just_short_of_an_island() -> None:
    island = {"kind": "island", "name": "Skull Rock", "polygon": [[50, 30], [60, 30], [60, 42], [50, 42]]}
    sc = support.duel(red={"klan": "deff-skulls"}, blue={"x": 100.0, "y": 10.0}, terrain=[island])
    g = support.game(sc, script=[1])  # running aground (JL-RAM-6): S6 + 1 does not hurt the bow
    red = support.ship(g, "Red")
    sweep = move(g, Card.FULL_AHEAD, distance=9.0)
    assert sweep.contact is not None and (sweep.contact.ident, sweep.contact.kind) == ("Skull Rock", "island")
    assert 15.0 - CLEARANCE - SWEEP_TOL <= sweep.travelled <= 15.0 - CLEARANCE + 1e-9  # the edge test allows 1e-9
    obstacle = support.sea(g).obstacles[0]
    assert not hull_hits_polygon(red.hull, obstacle.shape)  # type: ignore[arg-type]
    (ev,) = events(g, "move")
    assert ev.data["contact"]["with"] == "Skull Rock"


@pytest.mark.rules("JL-MOVE-1")
def test_move_stops_at_the_table_edge() -> None:
    g = support.game(support.duel(red={"klan": "deff-skulls", "x": 100.0, "y": 20.0}, blue={"x": 60.0, "y": 50.0}))
    red = support.ship(g, "Red")
    sweep = move(g, Card.FULL_AHEAD, distance=9.0)
    assert sweep.contact is not None and sweep.contact.kind == "edge"
    assert 15.0 - CLEARANCE - SWEEP_TOL <= sweep.travelled <= 15.0 - CLEARANCE + 1e-9  # the edge test allows 1e-9
    assert support.sea(g).table.holds(red.hull)
    assert red.hull.bow.x == pytest.approx(120.0 - CLEARANCE, abs=SWEEP_TOL)
    (ev,) = events(g, "move")
    assert ev.data["contact"]["kind"] == "edge" and ev.data["contact"]["with"] == "edge"


# --------------------------------------------------------------------------- JL-MOVE-9: the distance chosen


def _ordered(g: Game, order: ManoeuvreOrder, answers: list[Any]) -> list[Prompt]:
    seen: list[Prompt] = []

    def wrap(a: Any) -> Any:
        def answer(p: Prompt) -> Any:
            seen.append(p)
            return a(p) if callable(a) else a

        return answer

    sea = support.sea(g)
    support.drive(flow.ordered_move(g, sea, sea.ships[order.ship], order), [wrap(a) for a in answers])
    return seen


@pytest.mark.rules("JL-MOVE-9", "JL-MOVE-1", "JL-MOVE-6")
def test_roll_is_the_most_and_the_captain_picks_from_the_minimum_up() -> None:
    g = solo({"x": 20.0}, script=[6, 5])

    def check(p: Prompt) -> Distance:
        assert isinstance(p, DistancePrompt)
        assert (p.low, p.high) == (9.0, 35.0)
        assert p.seats == ("red",) and p.rule == "JL-MOVE-9"
        for bad in (8.9, 35.1, 0.0):
            with pytest.raises(IllegalAction):
                p.check("red", Distance(bad))
        for good in (9.0, 20.0, 35.0):
            p.check("red", Distance(good))
        return Distance(12.5)

    seen = _ordered(g, ManoeuvreOrder("Red", 1), [check])
    assert len(seen) == 1
    assert_at(support.ship(g, "Red"), 20.0 + 12.5 + 8.0 + 10.0, 36.0, 0.0)
    (ev,) = events(g, "move")
    assert ev.data["distance"] == 12.5


@pytest.mark.rules("JL-MOVE-9", "JL-MOVE-4")
def test_no_distance_prompt_when_the_roll_equals_the_minimum() -> None:
    g = solo(script=[1, 1, 1])
    assert _ordered(g, ManoeuvreOrder("Red", 4), []) == []
    assert_at(support.ship(g, "Red"), 30.0 + 3.0 + 18.0, 36.0, 0.0)


@pytest.mark.rules("JL-MOVE-9", "JL-SHIP-4", "JL-KLAN-4")
@pytest.mark.parametrize(("option", "inches"), [("rolled", 2.0), ("minimum", 4.0)])
def test_short_move_option_when_the_roll_falls_below_the_minimum(option: str, inches: float) -> None:
    # Goffs at 2 hull points, Hard a-port: 18 + 1 - 6 (Goffs) - 11 (3D6 damage) = 2 < minimum 4
    g = solo({"klan": "goffs", "hull_points": 2}, options={"short_move": option}, script=[1, 6, 5, 5, 1])
    a = allowance(g, Card.HARD, "port")
    assert (a.low, a.high) == (inches, inches)
    (ev,) = events(g, "allowance")
    assert [p["inches"] for p in ev.data["parts"]] == [19, -6, -11]
    g2 = solo({"klan": "goffs", "hull_points": 2}, options={"short_move": option}, script=[1, 6, 5, 5, 1])
    assert _ordered(g2, ManoeuvreOrder("Red", 3, "port", "end"), []) == []
    assert_at(support.ship(g2, "Red"), 35.0 + inches + R90, 36.0 + R90 + 5.0, 90.0)


@pytest.mark.rules("JL-MOVE-9")
def test_short_move_never_goes_below_zero() -> None:
    g = solo({"klan": "goffs", "hull_points": 2}, script=[1, 6, 6, 6, 6])  # 19 - 6 - 18 = -5
    a = allowance(g, Card.HARD, "port")
    assert (a.low, a.high) == (0.0, 0.0)


# --------------------------------------------------------------------------- JL-SHIP-4: damage slows


@pytest.mark.rules("JL-SHIP-4")
@pytest.mark.parametrize(("hp", "loss", "high", "expr"), [(5, [], 31.0, None), (4, [5], 26.0, "D6"), (3, [1, 2], 28.0, "2D6"), (2, [6, 6, 6], 13.0, "3D6")])
def test_each_missing_hull_point_costs_a_d6(hp: int, loss: list[int], high: float, expr: str | None) -> None:
    g = solo({"hull_points": hp}, script=[3, 4, *loss])
    a = allowance(g, Card.FULL_AHEAD)
    assert a.high == high and a.low == 9.0
    ship_rolls = rolls(g, "JL-SHIP-4")
    if expr is None:
        assert ship_rolls == []
    else:
        (r,) = ship_rolls
        assert r.data["expr"] == expr and r.data["faces"] == loss


# --------------------------------------------------------------------------- klans


@pytest.mark.rules("JL-KLAN-4", "JL-KLAN-5", "JL-KLAN-6")
@pytest.mark.parametrize(("klan", "rule", "high"), [("goffs", "JL-KLAN-4", 29.0), ("evil-sunz", "JL-KLAN-5", 33.0), ("bad-moons", "JL-KLAN-6", 29.0)])
def test_klan_movement_dice(klan: str, rule: str, high: float) -> None:
    g = solo({"klan": klan}, script=[3, 4, 2])
    a = allowance(g, Card.FULL_AHEAD)
    assert a.high == high
    (r,) = rolls(g, rule)
    assert r.data["expr"] == "D6" and r.data["faces"] == [2]


@pytest.mark.rules("JL-KLAN-4", "JL-KLAN-5", "JL-KLAN-6")
@pytest.mark.parametrize("klan", ["deff-skulls", "blood-axes", "snake-bites"])
def test_other_klans_roll_no_movement_die(klan: str) -> None:
    g = solo({"klan": klan, "heading": 90.0}, script=[3, 4])
    support.sea(g).wind = 0.0  # abeam for the snake bites, who drift afterwards rather than roll here
    a = allowance(g, Card.FULL_AHEAD)
    assert a.high == 31.0
    assert len(rolls(g)) == 1


@pytest.mark.rules("JL-KLAN-2", "JL-KLAN-8")
def test_snake_bites_with_the_wind_add_2d6() -> None:
    g = solo({"klan": "snake-bites", "heading": 10.0}, script=[2, 3, 4, 5])
    support.sea(g).wind = 0.0
    a = allowance(g, Card.FULL_AHEAD)
    assert (a.high, a.side_drift) == (24.0 + 5 + 9, False)
    (r,) = rolls(g, "JL-KLAN-2")
    assert r.data["expr"] == "2D6"
    (ev,) = events(g, "allowance")
    assert ev.data["wind_sector"] == "with"


@pytest.mark.rules("JL-KLAN-2", "JL-KLAN-8")
def test_snake_bites_against_the_wind_lose_1d6() -> None:
    g = solo({"klan": "snake-bites", "heading": 180.0}, script=[2, 3, 4])
    support.sea(g).wind = 0.0
    a = allowance(g, Card.FULL_AHEAD)
    assert (a.high, a.side_drift) == (24.0 + 5 - 4, False)
    (r,) = rolls(g, "JL-KLAN-2")
    assert r.data["expr"] == "D6"
    assert events(g, "allowance")[0].data["wind_sector"] == "against"


@pytest.mark.rules("JL-KLAN-2", "JL-KLAN-8", "JL-MOVE-5")
def test_snake_bites_going_astern_judge_the_wind_by_the_direction_of_travel() -> None:
    # facing into the wind but going astern: she runs before it
    g = solo({"klan": "snake-bites", "heading": 180.0, "x": 100.0, "standstill": True}, script=[1, 1, 1, 1, 6, 6])
    support.sea(g).wind = 0.0
    a = allowance(g, Card.FULL_ASTERN)
    assert a.high == 4.0 + 12.0
    assert events(g, "allowance")[0].data["wind_sector"] == "with"


@pytest.mark.rules("JL-KLAN-2", "JL-KLAN-8")
def test_snake_bites_wind_abeam_drift_d3_downwind_after_the_move() -> None:
    g = solo({"klan": "snake-bites", "x": 30.0, "y": 12.0, "heading": 90.0}, script=[3, 4, 2])
    support.sea(g).wind = 0.0
    seen = _ordered(g, ManoeuvreOrder("Red", 1), [Distance(5.0)])
    assert isinstance(seen[0], DistancePrompt) and seen[0].high == 31.0  # no D3 in the allowance
    red = support.ship(g, "Red")
    assert_at(red, 30.0 + 2.0, 12.0 + 5.0 + 18.0, 90.0)
    (d,) = events(g, "drift")
    assert d.rule == "JL-KLAN-2" and d.data["inches"] == 2.0 and d.data["direction"] == 0.0
    (r,) = rolls(g, "JL-KLAN-2")
    assert r.data["expr"] == "D3"
    assert [e.kind for e in g.events if e.kind in ("move", "drift")] == ["move", "drift"]


@pytest.mark.rules("JL-KLAN-2", "JL-KLAN-8")
def test_snake_bites_wind_abeam_option_distance_adds_d3_to_the_move() -> None:
    g = solo({"klan": "snake-bites", "x": 30.0, "y": 60.0, "heading": 270.0}, options={"snakebite_side_wind": "distance"}, script=[3, 4, 3])
    red = support.ship(g, "Red")
    support.sea(g).wind = 0.0
    seen = _ordered(g, ManoeuvreOrder("Red", 1), [Distance(34.0)])
    assert isinstance(seen[0], DistancePrompt) and (seen[0].low, seen[0].high) == (9.0, 34.0)
    assert events(g, "drift") == []
    assert_at(red, 30.0, 60.0 - 34.0 - 18.0, 270.0)


@pytest.mark.rules("JL-KLAN-8")
@pytest.mark.parametrize(
    ("course", "sector"),
    [
        (0.0, "with"),
        (45.0, "with"),
        (-45.0, "with"),
        (46.0, "side"),
        (90.0, "side"),
        (134.0, "side"),
        (135.0, "against"),
        (180.0, "against"),
        (225.0, "against"),
    ],
)
def test_wind_sectors_default_45_degrees(course: float, sector: str) -> None:
    assert compass.wind_sector(0.0, course, 45.0) == sector
    # the same relative angles with the wind blowing elsewhere
    assert compass.wind_sector(200.0, course + 200.0, 45.0) == sector


@pytest.mark.rules("JL-KLAN-8", "JL-KLAN-2")
def test_wind_sector_option_widens_the_with_and_against_sectors() -> None:
    assert compass.wind_sector(0.0, 50.0, 45.0) == "side"
    assert compass.wind_sector(0.0, 50.0, 60.0) == "with"
    assert compass.wind_sector(0.0, 125.0, 60.0) == "against"
    g = solo({"klan": "snake-bites", "heading": 50.0}, options={"wind_sector": 60.0}, script=[1, 1, 6, 6])
    support.sea(g).wind = 0.0
    assert allowance(g, Card.FULL_AHEAD).high == 24.0 + 2 + 12
    g = solo({"klan": "snake-bites", "heading": 50.0}, script=[1, 1])
    support.sea(g).wind = 0.0
    a = allowance(g, Card.FULL_AHEAD)
    assert (a.high, a.side_drift) == (26.0, True)


# --------------------------------------------------------------------------- JL-MOVE-10: rudder and engine


@pytest.mark.rules("JL-MOVE-10", "JL-DMG-7")
def test_rudder_damage_removes_the_turning_cards() -> None:
    g = support.game(support.duel(red={"klan": "deff-skulls"}, blue={"klan": "deff-skulls"}))
    red = support.ship(g, "Red")
    red.rudder_damaged = True
    assert movement.legal_cards(red) == [(Card.FULL_AHEAD, "none"), (Card.ALL_STOP, "none")]
    red.standstill = True
    assert movement.legal_cards(red) == [(Card.FULL_AHEAD, "none"), (Card.ALL_STOP, "none"), (Card.FULL_ASTERN, "none")]
    sea = support.sea(g)
    from grapeshot.rulesets.jimlad.prompts import orders_prompt

    p = orders_prompt(sea, [red])
    with pytest.raises(IllegalAction, match="not allowed"):
        p.check("red", Orders((ManoeuvreOrder("Red", 3, "port"),)))
    p.check("red", Orders((ManoeuvreOrder("Red", 1),)))


@pytest.mark.rules("JL-MOVE-10", "JL-DMG-8")
def test_engine_damage_repeats_the_last_manoeuvre_at_the_same_distance() -> None:
    g = solo()
    sea = support.sea(g)
    red = support.ship(g, "Red")
    red.engine_damaged = True
    red.last_move = MoveRecord(Card.HARD, "port", "end", 5.0)
    support.drive(flow.repeat_move(g, sea, red))
    assert_at(red, 35.0 + 5.0 + R90, 36.0 + R90 + 5.0, 90.0)
    assert rolls(g) == [], "option engine_repeat=distance: no new roll"
    (ev,) = events(g, "engine-repeat")
    assert ev.rule == "JL-DMG-8" and ev.data["distance"] == 5.0 and ev.data["card"] == 3
    assert red.last_move == MoveRecord(Card.HARD, "port", "end", 5.0)


@pytest.mark.rules("JL-MOVE-10", "JL-DMG-8", "JL-DMG-7")
def test_engine_and_rudder_damaged_sails_the_repeated_card_straight() -> None:
    g = solo()
    red = support.ship(g, "Red")
    red.engine_damaged = red.rudder_damaged = True
    red.last_move = MoveRecord(Card.HARD, "port", "end", 5.0)
    support.drive(flow.repeat_move(g, support.sea(g), red))
    assert_at(red, 30.0 + 5.0 + 8.0 + 10.0, 36.0, 0.0)


@pytest.mark.rules("JL-MOVE-10", "JL-DMG-8")
def test_engine_repeat_reroll_goes_as_far_as_rolled() -> None:
    g = solo(options={"engine_repeat": "reroll"}, script=[6, 2])
    red = support.ship(g, "Red")
    red.engine_damaged = True
    red.last_move = MoveRecord(Card.FULL_AHEAD, "none", "start", 9.0)
    support.drive(flow.repeat_move(g, support.sea(g), red))
    assert_at(red, 30.0 + 32.0 + 18.0, 36.0, 0.0)
    assert events(g, "engine-repeat")[0].data["distance"] == 32.0


@pytest.mark.rules("JL-MOVE-10", "JL-DMG-8")
def test_engine_damaged_ship_gets_no_orders_and_repeats_in_the_movement_phase() -> None:
    sc = support.duel(red={"klan": "deff-skulls"}, blue={"klan": "deff-skulls", "x": 90.0, "y": 60.0})
    g = support.game(sc, script=[1, 1, 1])
    red = support.ship(g, "Red")
    red.engine_damaged = True
    red.last_move = MoveRecord(Card.FULL_AHEAD, "none", "start", 11.0)
    # the prompt was built at set-up; rebuild the phase with the damage in place
    sea = support.sea(g)
    seen: list[Prompt] = []

    def orders(p: Prompt) -> Any:
        seen.append(p)
        assert isinstance(p, OrdersPrompt) and list(p.choices) == ["blue"]
        return Orders((ManoeuvreOrder("Blue", 4),))

    support.drive(flow.movement_phase(g, sea), [orders])
    assert_at(red, 30.0 + 11.0 + 18.0, 36.0, 0.0)
    assert [e.data["ship"] for e in events(g, "move")] == ["Red", "Blue"]


@pytest.mark.rules("JL-MOVE-10", "JL-DMG-8")
def test_engine_damage_without_a_previous_move_goes_full_ahead_at_the_minimum() -> None:
    g = solo()
    red = support.ship(g, "Red")
    red.engine_damaged = True
    support.drive(flow.repeat_move(g, support.sea(g), red))
    assert_at(red, 30.0 + 9.0 + 18.0, 36.0, 0.0)


@pytest.mark.rules("JL-MOVE-10", "JL-DMG-8", "JL-KLAN-2")
def test_engine_repeat_reroll_keeps_the_snake_bites_side_drift() -> None:
    # with a fresh roll (option engine_repeat=reroll) the wind counts as for any move: abeam, she drifts D3"
    g = solo({"klan": "snake-bites", "heading": 90.0, "y": 10.0}, options={"engine_repeat": "reroll"}, script=[3, 4, 2])
    sea = support.sea(g)
    sea.wind = 0.0
    red = support.ship(g, "Red")
    red.engine_damaged = True
    red.last_move = MoveRecord(Card.FULL_AHEAD, "none", "start", 9.0)
    support.drive(flow.repeat_move(g, sea, red))
    assert_at(red, 30.0 + 2.0, 10.0 + 31.0 + 18.0, 90.0)
    (d,) = events(g, "drift")
    assert d.rule == "JL-KLAN-2" and d.data["inches"] == 2.0
