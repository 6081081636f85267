"""The turn sequence: wind, events, sealed orders and moves, shooting and boarding, seat order."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.rulesets.jimlad import flow
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.prompts import OrdersPrompt, ShootPrompt
from tests import support

STOP = [1, 1, 1]  # an All Stop rolled at its minimum: no distance to choose


def fleet_scenario(**options: Any) -> Any:
    """Red has two ships, blue one; all Deff Skulls (no movement dice), well apart."""
    return support.scenario(
        [
            {"seat": "red", "name": "Red1", "klan": "deff-skulls", "x": 10.0, "y": 12.0, "heading": 0.0},
            {"seat": "red", "name": "Red2", "x": 10.0, "y": 30.0, "heading": 0.0},
            {"seat": "blue", "name": "Blue", "klan": "deff-skulls", "x": 10.0, "y": 56.0, "heading": 0.0},
        ],
        options=options,
    )


def all_stop(*ships: str) -> Orders:
    return Orders(tuple(ManoeuvreOrder(s, 4) for s in ships))


def kinds(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def phases(g: Game, turn: int) -> list[str]:
    return [e.data["name"] for e in g.events if e.kind == "phase" and e.turn == turn]


def end_shooting_round(g: Game) -> list[str]:
    """Answer every shooting prompt with EndShooting; the ships asked, in order."""
    asked: list[str] = []
    while isinstance(g.prompt, ShootPrompt):
        assert g.prompt.ship is not None
        asked.append(g.prompt.ship.name)
        g.submit(g.prompt.seats[0], EndShooting())
    return asked


def two_turns() -> tuple[Game, list[str]]:
    g = support.game(fleet_scenario(turn_limit=2), script=[*STOP * 3, 45.0, *STOP * 3])
    g.submit("red", all_stop("Red1", "Red2"))
    g.submit("blue", all_stop("Blue"))
    assert g.turn == 2
    g.submit("blue", all_stop("Blue"))
    g.submit("red", all_stop("Red1", "Red2"))
    asked = end_shooting_round(g)
    assert g.over
    return g, asked


# --------------------------------------------------------------------------- JL-TURN-1: wind


@pytest.mark.rules("JL-TURN-1")
def test_wind_is_rolled_on_the_scatter_die_and_a_hit_is_rolled_again() -> None:
    g = support.game(fleet_scenario(), script=["hit", "hit", 135.0])
    sea = support.sea(g)
    before = len(g.events)
    support.drive(flow.wind_phase(g, sea))
    assert sea.wind == 135.0
    new = g.events[before:]
    assert [e.kind for e in new] == ["phase", "roll", "roll", "roll", "wind"]
    assert [e.data["hit"] for e in new if e.kind == "roll"] == [True, True, False]
    assert all(e.rule == "JL-TURN-1" and e.data["expr"] == "scatter" for e in new if e.kind == "roll")
    assert new[-1].data["direction"] == 135.0


@pytest.mark.rules("JL-TURN-1")
def test_wind_is_rolled_again_every_turn() -> None:
    g, _ = two_turns()
    winds = kinds(g, "wind")
    assert [e.turn for e in winds] == [1, 2]
    assert winds[1].data["direction"] == 45.0
    assert support.sea(g).wind == 45.0


# --------------------------------------------------------------------------- JL-TURN-2..5: the phases


@pytest.mark.rules("JL-TURN-2", "JL-TURN-4", "JL-TURN-5")
def test_first_turn_has_no_events_shooting_or_boarding_later_turns_have_all() -> None:
    g, _ = two_turns()
    assert phases(g, 1) == ["sequence", "wind", "movement"]
    assert phases(g, 2) == ["sequence", "wind", "events", "movement", "shooting", "boarding"]
    # the parts turn 1 goes without are said in the log where they would have come, with their rules
    said = [(e.data["part"], e.rule, e.data["why"]) for e in kinds(g, "phase-skipped")]
    assert said == [
        ("events", "JL-TURN-2", "no random events on turn 1"),
        ("shooting", "JL-TURN-4", "no shooting on turn 1"),
        ("boarding", "JL-TURN-5", "no boarding on turn 1"),
    ]
    assert all(e.turn == 1 for e in kinds(g, "phase-skipped"))
    # and the turn's plan (the web table's phase bar) says the same from the same place
    assert [(p.name, p.skipped) for p in g.ruleset.turn_plan(g.state)] == [
        (n, None) for n in ("sequence", "wind", "events", "movement", "shooting", "boarding")
    ]
    plan = {p.name: p.skipped for p in flow.turn_plan(1)}
    assert plan == {
        "sequence": None,
        "wind": None,
        "events": "no random events on turn 1",
        "movement": None,
        "shooting": "no shooting on turn 1",
        "boarding": "no boarding on turn 1",
    }


@pytest.mark.rules("JL-TURN-4")
def test_shooting_phase_asks_each_ship_in_turn_sequence() -> None:
    _, asked = two_turns()
    # turn 2: the rotation puts blue first, then red's ships in scenario order
    assert asked == ["Blue", "Red1", "Red2"]


@pytest.mark.rules("JL-TURN-2", "JL-TURN-3")
def test_events_phase_comes_before_the_orders() -> None:
    g, _ = two_turns()
    seq = [(e.kind, e.data.get("name")) for e in g.events if e.turn == 2 and e.kind in ("phase", "orders", "move")]
    assert seq[:5] == [("phase", "sequence"), ("phase", "wind"), ("phase", "events"), ("phase", "movement"), ("orders", None)]


@pytest.mark.rules("JL-TURN-5", "JL-KREW-6")
def test_no_boarding_phase_on_turn_one_even_with_a_hulk_alongside() -> None:
    # red is becalmed (no orders); blue's ship lies 2" off red's beam and loses its krew,
    # so it drifts as a hulk (1" north each turn); a takeover is first offered on turn 2
    sc = support.duel(red={"klan": "deff-skulls", "hull_points": 1}, blue={"x": 30.0, "y": 42.0, "heading": 0.0})
    g = support.game(sc, script=["hit", 90.0, 1, 90.0, 90.0, 1])
    blue = support.ship(g, "Blue")
    del blue.krew[1:]
    g.submit("blue", all_stop("Blue"))  # the order given before the krew were lost is not used
    assert g.turn == 2
    assert isinstance(g.prompt, ShootPrompt) and g.prompt.seats == ("red",)
    assert phases(g, 1) == ["sequence", "wind", "movement"]
    assert [e.data["ship"] for e in kinds(g, "drift")] == ["Blue", "Blue"]
    assert blue.hull.y == pytest.approx(44.0)
    g.submit("red", EndShooting())
    p = g.prompt
    assert g.phase == "boarding" and p is not None and p.kind == "TakeoverPrompt" and p.seats == ("red",)
    assert phases(g, 2)[-1] == "boarding"


# --------------------------------------------------------------------------- JL-TURN-3: sealed orders


@pytest.mark.rules("JL-TURN-3")
def test_orders_are_one_simultaneous_sealed_prompt_then_revealed() -> None:
    g = support.game(fleet_scenario(), script=[*STOP, 1, *STOP, 0.0])
    p = g.prompt
    assert isinstance(p, OrdersPrompt)
    assert p.seats == ("red", "blue") and p.simultaneous
    assert set(p.choices["red"]) == {"Red1", "Red2"} and set(p.choices["blue"]) == {"Blue"}
    # a seat must order every one of its ships, and only its own
    with pytest.raises(IllegalAction):
        g.submit("red", all_stop("Red1"))
    with pytest.raises(IllegalAction):
        g.submit("red", all_stop("Red1", "Red2", "Blue"))
    red_orders = Orders((ManoeuvreOrder("Red1", 4), ManoeuvreOrder("Red2", 3, "port", "end")))
    before = len(g.events)
    g.submit("red", red_orders)
    # sealed: nothing revealed, nothing moved, blue cannot see red's choice
    assert g.waiting_for() == ("blue",)
    assert [(e.kind, dict(e.data)) for e in g.events[before:]] == [("sealed", {"seat": "red", "prompt": "OrdersPrompt"})]
    assert kinds(g, "orders") == [] and kinds(g, "move") == []
    assert g.view("blue")["sealed"] is None and g.view("blue")["prompt"]["kind"] == "OrdersPrompt"
    assert g.view("red")["sealed"] == red_orders.to_json() and g.view("red")["prompt"] is None
    with pytest.raises(IllegalAction, match="already submitted"):
        g.submit("red", all_stop("Red1", "Red2"))
    with pytest.raises(IllegalAction):
        g.submit("blue", Orders((ManoeuvreOrder("Blue", 1), ManoeuvreOrder("Blue", 4))))
    # the second seat's orders release both: the reveal comes before the first move
    g.submit("blue", all_stop("Blue"))
    (rev,) = kinds(g, "orders")
    assert rev.rule == "JL-TURN-3"
    assert rev.data["orders"] == {
        "blue": [{"ship": "Blue", "card": 4, "side": "none", "card_at": "start"}],
        "red": [
            {"ship": "Red1", "card": 4, "side": "none", "card_at": "start"},
            {"ship": "Red2", "card": 3, "side": "port", "card_at": "end"},
        ],
    }
    first_move = next(e for e in g.events if e.kind == "move")
    assert rev.seq < first_move.seq
    # Red2's Hard a-port rolled 18+1: her captain now picks the distance, then blue moves
    assert g.prompt is not None and g.prompt.kind == "DistancePrompt" and g.prompt.seats == ("red",)
    g.submit("red", Distance(4.0))
    assert [e.data["ship"] for e in kinds(g, "move")] == ["Red1", "Red2", "Blue"]


@pytest.mark.rules("JL-TURN-3", "JL-TURN-6")
def test_ships_move_in_turn_sequence() -> None:
    g, _ = two_turns()
    moves = [(e.turn, e.data["ship"]) for e in kinds(g, "move")]
    assert moves == [(1, "Red1"), (1, "Red2"), (1, "Blue"), (2, "Blue"), (2, "Red1"), (2, "Red2")]
    # each All Stop moved its ship 3 + 8 + 10 = 21" a turn
    assert support.ship(g, "Red1").hull.x == pytest.approx(52.0)
    assert support.ship(g, "Blue").hull.x == pytest.approx(52.0)


@pytest.mark.rules("JL-TURN-3")
def test_a_lone_seat_to_order_answers_an_ordinary_prompt() -> None:
    sc = support.duel(red={"klan": "deff-skulls"}, blue={"klan": "deff-skulls", "hull_points": 1, "x": 90.0})
    g = support.game(sc, script=[*STOP, 0.0])
    p = g.prompt
    assert isinstance(p, OrdersPrompt) and p.seats == ("red",) and not p.simultaneous
    g.submit("red", all_stop("Red"))
    (rev,) = kinds(g, "orders")
    assert rev.data["orders"] == {"red": [{"ship": "Red", "card": 4, "side": "none", "card_at": "start"}]}
    assert support.ship(g, "Red").hull.x == pytest.approx(51.0)


# --------------------------------------------------------------------------- JL-TURN-6: seat order


def three_seats(**options: Any) -> Game:
    return support.game(support.three_seats(**options))


def order_on(g: Game, turn: int, script: list[Any] | None = None) -> tuple[str, ...]:
    sea = support.sea(g)
    sea.turn = turn
    if script is not None:
        g.dice = type(g.dice)(script)
    result = support.drive(flow.turn_order(g, sea))
    assert isinstance(result, tuple)
    return result


@pytest.mark.rules("JL-TURN-6")
def test_rotate_moves_the_first_seat_to_the_back_each_turn() -> None:
    g = three_seats()
    assert support.sea(g).order == ("red", "blue", "green")
    assert [order_on(g, t) for t in (1, 2, 3, 4)] == [
        ("red", "blue", "green"),
        ("blue", "green", "red"),
        ("green", "red", "blue"),
        ("red", "blue", "green"),
    ]
    # seats without a ship afloat drop out of the rotation
    support.ship(g, "G").afloat = False
    assert [order_on(g, t) for t in (1, 2)] == [("red", "blue"), ("blue", "red")]


@pytest.mark.rules("JL-TURN-6")
def test_fixed_keeps_the_scenario_order() -> None:
    g = three_seats(turn_order="fixed")
    assert [order_on(g, t) for t in (1, 2, 3)] == [("red", "blue", "green")] * 3


@pytest.mark.rules("JL-TURN-6")
def test_roll_highest_first() -> None:
    g = three_seats(turn_order="roll")
    before = len(g.events)
    assert order_on(g, 2, [2, 6, 4]) == ("blue", "green", "red")
    r = [e for e in g.events[before:] if e.kind == "roll"]
    assert [(e.rule, e.data["seat"], e.data["total"]) for e in r] == [("JL-TURN-6", "red", 2), ("JL-TURN-6", "blue", 6), ("JL-TURN-6", "green", 4)]


@pytest.mark.rules("JL-TURN-6")
def test_roll_ties_roll_again_among_themselves() -> None:
    g = three_seats(turn_order="roll")
    # red 3, blue 5, green 3: blue first; red and green roll off: red 2, green 6
    assert order_on(g, 2, [3, 5, 3, 2, 6]) == ("blue", "green", "red")
    # all three tie on 4; then red 2, blue 2, green 5: green first; red and blue again: 1 vs 6
    assert order_on(g, 3, [4, 4, 4, 2, 2, 5, 1, 6]) == ("green", "blue", "red")
    assert g.dice.remaining == 0  # type: ignore[attr-defined]


@pytest.mark.rules("JL-TURN-6")
def test_turn_event_records_the_sequence_each_turn() -> None:
    g, _ = two_turns()
    assert [(e.turn, e.data["order"]) for e in kinds(g, "turn")] == [(1, ["red", "blue"]), (2, ["blue", "red"])]
