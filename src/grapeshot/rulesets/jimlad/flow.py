"""The Jim Lad turn (JL-TURN-*): wind, events, movement, shooting, boarding, then victory.

This generator is the game's resolution stack: it resolves the rules in
order and yields a prompt whenever a seat must choose.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Hull, Pose, bearing, hull_hits_polygon, hulls_overlap
from grapeshot.rulesets.jimlad import boarding, events, harbour, npc, victory
from grapeshot.rulesets.jimlad.actions import Distance, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.data import CARDS, Card
from grapeshot.rulesets.jimlad.movement import hulk_drift, move_ship, roll_allowance, roll_direction, side_wind_drift
from grapeshot.rulesets.jimlad.placing import confirm_position
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, orders_prompt
from grapeshot.rulesets.jimlad.shooting import shooting_round
from grapeshot.rulesets.jimlad.state import MoveRecord, Sea, Ship

Proc = Generator[Prompt, Any, Any]


def play(g: Game, start: tuple[int, int] | None = None) -> Generator[Prompt, Any, Outcome]:
    """The whole game; from ``start`` (a turn and the index of one of its :data:`PHASES`) it
    resumes at a checkpoint, where the state holds everything the rest of the game needs."""
    sea = cast(Sea, g.state)
    if start is None:
        if g.logging:
            g.emit("setup", None, scenario=g.scenario.name, options=g.options, state=sea.describe())
        yield from npc.setup_models(g, sea)
        start = (1, 0)
    limit = int(sea.option("turn_limit"))
    first_turn, first_phase = start
    for turn in range(first_turn, limit + 1):
        sea.turn = g.turn = turn
        for index in range(first_phase if turn == first_turn else 0, len(PHASES)):
            g.checkpoint((turn, index))
            outcome = yield from PHASES[index](g, sea)
            if outcome is not None:
                return outcome
    return victory.final(g, sea)


def sequence_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    g.begin_phase("sequence", "JL-TURN-6")
    sea.order = yield from turn_order(g, sea)
    g.emit("turn", "JL-TURN-6", order=list(sea.order))
    return None


def wind_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    yield from wind_phase(g, sea)
    return None


def events_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """From turn 2 (JL-TURN-2); a mine, the sub or the Chinork may have sunk ships."""
    if sea.turn == 1:
        return None
    yield from events_phase(g, sea)
    return victory.check(g, sea)


def movement_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    yield from movement_phase(g, sea)
    return victory.check(g, sea)


def shooting_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    return (yield from shooting_phase(g, sea)) if sea.turn > 1 else None


def boarding_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    return (yield from boarding_phase(g, sea)) if sea.turn > 1 else None


#: the parts of a turn, in order; the flow can resume at the start of any of them
PHASES: tuple[Callable[[Game, Sea], Generator[Prompt, Any, Outcome | None]], ...] = (
    sequence_step,
    wind_step,
    events_step,
    movement_step,
    shooting_step,
    boarding_step,
)


def turn_order(g: Game, sea: Sea) -> Generator[Prompt, Any, tuple[str, ...]]:
    """JL-TURN-6: the order seats act in this turn: fixed, rotating (default) or rolled."""
    seats = [s for s in sea.seats if sea.fleet(s)]
    mode = sea.option("turn_order")
    if mode == "fixed":
        return tuple(seats)
    if mode == "rotate":
        k = (sea.turn - 1) % len(seats) if seats else 0
        return tuple(seats[k:] + seats[:k])
    return tuple((yield from _roll_off(g, seats)))


def _roll_off(g: Game, seats: list[str]) -> Generator[Prompt, Any, list[str]]:
    """Highest D6 goes first; tied seats roll again among themselves."""
    if len(seats) <= 1:
        return list(seats)
    scores: dict[str, int] = {}
    for seat in seats:
        r = yield from g.roll(RollRequest(D6, f"{seat}: roll for the turn sequence", "JL-TURN-6", seat, None, "high"))
        scores[seat] = r.total
    out: list[str] = []
    for value in sorted(set(scores.values()), reverse=True):
        tied = [s for s in seats if scores[s] == value]
        out.extend((yield from _roll_off(g, tied)) if len(tied) > 1 else tied)
    return out


def wind_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-1: the scatter die sets the wind for the turn."""
    g.begin_phase("wind", "JL-TURN-1")
    sea.wind = yield from roll_direction(g, sea, "wind direction", "JL-TURN-1")
    g.emit("wind", "JL-TURN-1", direction=round(sea.wind, 3))


def events_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-2: random events and the non-player models act before the players (from turn 2).

    The events table, mines, the Kraken and the sub plug in here.
    """
    g.begin_phase("events", "JL-TURN-2")
    yield from events.events_phase(g, sea)


def movement_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-3: sealed orders for every ship, revealed together, then ships move in turn sequence."""
    g.begin_phase("movement", "JL-TURN-3")
    yield from npc.kraken_moves(g, sea)  # JL-NPC-2 ruling: the Kraken moves and attacks before the ships
    ordered = [s for seat in sea.order for s in sea.fleet(seat)]
    for ship in ordered:
        if ship.grounded_on is not None and ship.grounded_turn is not None and sea.turn >= ship.grounded_turn + 2:
            refloat(g, sea, ship)
    yield from harbour.start_of_movement(g, sea)
    need = [s for s in ordered if s.krewed and not s.becalmed and not s.engine_damaged and s.grounded_on is None and s.held_this(sea.turn) is None]
    given: dict[str, ManoeuvreOrder] = {}
    if need:
        answers = yield orders_prompt(sea, need)
        if not isinstance(answers, dict):  # a single seat answers directly
            answers = {need[0].commander: answers}
        for seat in sorted(answers):
            for o in cast(Orders, answers[seat]).orders:
                given[o.ship] = o
        if g.logging:
            g.emit(
                "orders",
                "JL-TURN-3",
                orders={
                    seat: [{"ship": o.ship, "card": o.card, "side": o.turn, "card_at": o.card_at} for o in cast(Orders, a).orders]
                    for seat, a in sorted(answers.items())
                },
            )
    for ship in ordered:
        if not ship.afloat:
            continue
        held = ship.held_this(sea.turn)
        if ship.grounded_on is not None:
            g.emit("no-move", "JL-RAM-7", ship=ship.name, why=f"aground on {ship.grounded_on}")
        elif held is not None:
            ship.standstill = True  # not moving leaves a ship at a standstill (JL-MOVE-5 ruling)
            g.emit("no-move", "JL-TURN-3", ship=ship.name, why=held)
        elif ship.hulk:
            yield from hulk_drift(g, sea, ship)
        elif ship.becalmed:
            ship.standstill = True
            g.emit("no-move", "JL-SHIP-4", ship=ship.name, why="becalmed on one hull point")
        elif ship.engine_damaged:
            yield from repeat_move(g, sea, ship)
        else:
            yield from ordered_move(g, sea, ship, given[ship.name])
            if ship.afloat:
                yield from harbour.after_move(g, sea, ship)
        yield from confirm_position(g, sea, ship)
        ship.moved_turn = sea.turn
    yield from events.becalmed_shooting(g, sea)


def refloat(g: Game, sea: Sea, ship: Ship) -> None:
    """JL-RAM-7: after a turn aground the ship comes off, turned to head directly away from the
    terrain (from its nearest point to the ship's centre); if turning would touch something, it
    keeps its heading."""
    terrain = next(t for t in sea.terrain if t.name == ship.grounded_on)
    assert terrain.shape is not None
    away = bearing(terrain.shape.closest_point(ship.centre), ship.centre)
    turned = ship.hull.moved(Pose(ship.hull.x, ship.hull.y, away))
    clear = sea.table.holds(turned) and not any(
        hulls_overlap(turned, ob.shape) if isinstance(ob.shape, Hull) else hull_hits_polygon(turned, ob.shape) for ob in sea.ship_obstacles(ship)
    )
    if clear:
        ship.hull = turned
    g.emit("refloat", "JL-RAM-7", ship=ship.name, off=ship.grounded_on, heading=round(ship.hull.heading, 3), turned=clear)
    ship.grounded_on = None
    ship.grounded_turn = None


def ordered_move(g: Game, sea: Sea, ship: Ship, order: ManoeuvreOrder) -> Proc:
    card = Card(order.card)
    allowance = yield from roll_allowance(g, sea, ship, card, order.turn)
    inches, ram = allowance.low, False
    prompt = DistancePrompt(
        seats=(ship.commander,),
        rule="JL-MOVE-9",
        text=f'{ship.name}: how far beyond the card ({allowance.low:g}" to {allowance.high:g}")?',
        accepts=(Distance,),
        ship=ship.name,
        card=card,
        turn=order.turn,
        card_at=order.card_at,
        low=allowance.low,
        high=allowance.high,
        sea=sea,
    )
    if allowance.high > allowance.low or prompt.ram_target(allowance.low) is not None:
        answer = cast(Distance, (yield prompt))
        inches, ram = answer.inches, answer.ram
    yield from move_ship(g, sea, ship, card, order.turn, order.card_at, inches, ram=ram)
    if allowance.side_drift and ship.afloat:
        yield from side_wind_drift(g, sea, ship)


def repeat_move(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-DMG-8: with the engine damaged the ship repeats its last manoeuvre (its last distance,
    or a fresh roll taken in full per option ``engine_repeat``); a damaged rudder straightens it."""
    last = ship.last_move or MoveRecord(Card.FULL_AHEAD, "none", "start", CARDS[Card.FULL_AHEAD].minimum)
    turn = "none" if ship.rudder_damaged else last.turn
    inches = last.distance
    side_drift = False
    if sea.option("engine_repeat") == "reroll":
        allowance = yield from roll_allowance(g, sea, ship, last.card, turn)
        inches = allowance.high
        side_drift = allowance.side_drift
    else:
        inches = yield from events.repeat_distance(g, sea, ship, last.card, inches)  # sand banks, skurvy
    g.emit("engine-repeat", "JL-DMG-8", ship=ship.name, card=int(last.card), side=turn, card_at=last.card_at, distance=inches)
    yield from move_ship(g, sea, ship, last.card, turn, last.card_at, inches, compulsory=True)
    if side_drift and ship.afloat:  # JL-KLAN-2: the wind abeam still carries a sailing ship
        yield from side_wind_drift(g, sea, ship)


def shooting_phase(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """JL-TURN-4: seats shoot in turn sequence; each ship fires what bears, or repairs.
    After each seat's turn, ships it penetrated roll once on the damage table (JL-DMG-2)."""
    g.begin_phase("shooting", "JL-TURN-4")
    outcome = yield from shooting_round(g, sea, "JL-TURN-4", who=lambda ship: True, decisive=True)
    if outcome is not None:
        return outcome
    return victory.check(g, sea, after_repairs=True)


def boarding_phase(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """JL-TURN-5: boarding actions and takeovers of hulks, then harbour trades."""
    g.begin_phase("boarding", "JL-TURN-5")
    outcome = yield from boarding.boarding_phase(g, sea)
    if outcome is not None:
        return outcome
    yield from harbour.trades(g, sea)
    return victory.check(g, sea)
