"""Companion play: after each move the model's real position is confirmed or typed in."""

from __future__ import annotations

import math
import random
import re

import pytest

from grapeshot.core.actions import EnterDice
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt
from grapeshot.geometry import EPS
from grapeshot.rulesets.jimlad.actions import Distance, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.placing import Place, PlacePrompt
from tests import support


def typed(p: DicePrompt) -> EnterDice:
    assert p.request is not None
    e = p.request.expr
    if e.kind == "scatter":
        return EnterDice("arrow 90")
    return EnterDice(" ".join(["3"] * e.count))


def until_placing(g: Game) -> PlacePrompt:
    """Answer dice, orders and distances until the game asks where a model stands."""
    while not isinstance(g.prompt, PlacePrompt):
        p = g.prompt
        seat = g.waiting_for()[0]
        if isinstance(p, DicePrompt):
            g.submit(seat, typed(p))
        elif p is not None and p.kind == "OrdersPrompt":
            ships = p.describe()["choices"][seat]
            g.submit(seat, Orders(tuple(ManoeuvreOrder(s, 4) for s in ships)))
        elif p is not None and p.kind == "DistancePrompt":
            g.submit(seat, Distance(p.describe()["low"]))
        else:
            raise AssertionError(f"unexpected prompt {p}")
    return g.prompt


@pytest.mark.rules("JL-TURN-3")
def test_companion_play_asks_where_each_model_stands_after_its_move() -> None:
    g = Game("jimlad", support.duel(), seed=1, companion=True)
    p = until_placing(g)
    ship = support.ship(g, p.ship.name if p.ship else "")
    assert p.seats == (ship.commander,)
    d = p.describe()
    assert (d["ship"], d["x"], d["y"]) == (ship.name, round(ship.hull.x, 4), round(ship.hull.y, 4))
    seat = p.seats[0]
    with pytest.raises(IllegalAction, match="more than 6"):
        g.submit(seat, Place(ship.hull.x + 10.0, ship.hull.y, ship.hull.heading))
    with pytest.raises(IllegalAction, match="x, y and heading together"):
        g.submit(seat, Place(ship.hull.x, None, None))
    x, y = ship.hull.x - 1.5, ship.hull.y - 0.5
    g.submit(seat, Place(x, y, 10.0))
    assert (ship.hull.x, ship.hull.y, ship.hull.heading) == (x, y, 10.0)
    (ev,) = [e for e in g.events if e.kind == "placed"]
    assert ev.rule == "JL-TURN-3" and ev.data["end"] == [round(x, 4), round(y, 4), 10.0]


@pytest.mark.rules("JL-TURN-3")
def test_confirming_keeps_the_position_and_the_other_ship_is_asked_next() -> None:
    g = Game("jimlad", support.duel(), seed=1, companion=True)
    first = until_placing(g)
    assert first.ship is not None
    name, pose = first.ship.name, first.ship.hull.pose
    g.submit(first.seats[0], Place())
    assert support.ship(g, name).hull.pose == pose
    second = until_placing(g)
    assert second.ship is not None and second.ship.name != name
    assert not [e for e in g.events if e.kind == "placed"]


@pytest.mark.rules("JL-TURN-3")
def test_the_reach_is_6_inches_in_a_straight_line_as_the_prompt_says() -> None:
    """The prompt asks for the model's place within 6" of where the move left it: 6" centre to
    centre in any direction (a drag 4.67" along and 4.67" across is 6.6" away), with the
    tolerance every measurement has; the draw keeps to the same disc."""
    g = Game("jimlad", support.duel(), seed=1, companion=True)
    p = until_placing(g)
    assert p.ship is not None and 'within 6"' in p.text
    ship, seat = p.ship, p.seats[0]
    x, y, heading = ship.hull.x, ship.hull.y, ship.hull.heading
    corner = 6.6 / math.sqrt(2.0)
    with pytest.raises(IllegalAction, match=re.escape('6.60" away: more than 6" from where the move left it')):
        g.submit(seat, Place(x + corner, y + corner, heading))
    for _ in range(300):  # the draw: anywhere within 6" (of the disc, not of its square)
        drawn = p.draw(random.Random(_)).value
        assert drawn.x is None or math.hypot(drawn.x - x, drawn.y - y) <= 6.0 + EPS
    edge = 6.0 / math.sqrt(2.0) + EPS / 4  # 6" along the diagonal, a rounding error beyond
    g.submit(seat, Place(x + edge, y - edge, heading))
    assert (ship.hull.x, ship.hull.y) == (x + edge, y - edge)


def test_no_placing_without_companion_play() -> None:
    g = Game("jimlad", support.duel(), seed=1)
    from grapeshot.agents import make, play_out

    play_out(g, {"red": make("heuristic", 1, "jimlad"), "blue": make("heuristic", 2, "jimlad")})
    assert not [e for e in g.events if e.kind == "placed"]


def test_a_model_cannot_be_placed_off_the_table_or_on_another() -> None:
    from grapeshot.geometry import Hull
    from grapeshot.rulesets.jimlad.placing import misplaced

    g = support.game(support.duel(red={"x": 8.0, "y": 36.0}, blue={"x": 12.0, "y": 44.0}))
    s, red = support.sea(g), support.ship(g, "Red")
    assert misplaced(s, red, Hull(4.0, 36.0, 0.0, 10.0, 4.0)) == "off the table"
    assert misplaced(s, red, Hull(10.0, 41.0, 0.0, 10.0, 4.0)) == "it would overlap Blue"
    assert misplaced(s, red, Hull(9.0, 35.0, 5.0, 10.0, 4.0)) is None


@pytest.mark.rules("JL-TURN-3")
def test_against_an_ai_the_person_at_the_table_rolls_and_places_for_it() -> None:
    """An AI seat has no hands: its dice and its models are the person's job, its decisions its own."""
    from grapeshot.agents import make

    g = Game("jimlad", support.duel(), seed=1, companion=True, hands=("red",))
    ai = make("heuristic", 3, "jimlad")
    physical: set[tuple[str, str]] = set()
    for _ in range(300):
        p = g.prompt
        if p is None or g.turn > 2:
            break
        seat = g.waiting_for()[0]
        if isinstance(p, DicePrompt):
            assert p.request is not None
            physical.add(("dice", p.request.seat or ""))
            assert seat == "red"
            g.submit(seat, typed(p))
        elif isinstance(p, PlacePrompt):
            assert p.ship is not None
            physical.add(("place", p.ship.commander))
            assert seat == "red"
            g.submit(seat, Place())
        elif seat == "blue":
            g.submit(seat, ai.act(g, seat, p))
        elif p.kind == "OrdersPrompt":
            g.submit(seat, Orders(tuple(ManoeuvreOrder(s, 4) for s in p.describe()["choices"][seat])))
        else:
            g.submit(seat, ai.act(g, seat, p))
    # the blue ship's own rolls and placing were there, and they were red's to do
    assert ("place", "blue") in physical and ("place", "red") in physical
    assert any(kind == "dice" and who == "blue" for kind, who in physical)
    again = Game.load(g.save())
    assert again.hands == ("red",) and len(again.events) == len(g.events)


def test_a_save_with_bad_hands_is_refused_by_name() -> None:
    from grapeshot.core.errors import ScenarioError

    g = Game("jimlad", support.duel(), seed=1, companion=True, hands=("red",))
    data = g.save()
    data["dice"]["hands"] = "red"
    with pytest.raises(ScenarioError, match=r"dice\.hands"):
        Game.load(data)
