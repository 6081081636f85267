"""Movement: manoeuvre cards, how far a ship may go, the swept move, drift and wind (the wind's
sectors and the scatter die's directions are :mod:`.compass`).

A move is measured from the bow (the stern, going astern).  The bow travels
the chosen distance, the card's length (turning over the card if it is a
turning card) and the ship's own length, because ships are placed bow to
stern at the end of a move (JL-MOVE-6).  The card lies at the start or at the
end of the move (JL-MOVE-7).  The whole move is swept for the first contact
with a ship, terrain or the table's edge.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D3, D6, RollRequest, nd6
from grapeshot.geometry import Hull, Path, Pose, Segment, Sweep, norm_deg, sweep, translate_path
from grapeshot.rulesets.jimlad.basis import Basis, explained, single, term
from grapeshot.rulesets.jimlad.compass import WindSector, roll_direction, wind_sector
from grapeshot.rulesets.jimlad.data import (
    CARD_LENGTH,
    CARDS,
    KLANS,
    SAIL_AGAINST_DICE,
    SAIL_WITH_DICE,
    SKURVY_DICE,
    SPEED_LOSS_DICE,
    Card,
    CardAt,
    Turn,
)
from grapeshot.rulesets.jimlad.state import MoveRecord, Sea, Ship

Proc = Generator[Prompt, Any, Any]

TURN_SIGN = {"none": 0.0, "port": 1.0, "starboard": -1.0}
MAX_CONTACTS = 32  # a move that meets more than this many things is a bug


def card_path(hull: Hull, card: Card, turn: Turn, card_at: CardAt, distance: float) -> Path:
    """The route of the lead point for a card, a side and a chosen distance (JL-MOVE-6, JL-MOVE-7)."""
    spec = CARDS[card]
    angle = spec.turn * TURN_SIGN[turn]
    length = hull.length
    if spec.astern:
        lead = hull.stern
        start = Pose(lead.x, lead.y, norm_deg(hull.heading + 180.0))
    else:
        lead = hull.bow
        start = Pose(lead.x, lead.y, hull.heading)
    if angle == 0.0:
        segments = [Segment(distance + CARD_LENGTH + length)]
    elif card_at == "start":
        segments = [Segment(CARD_LENGTH, angle), Segment(distance + length)]
    else:
        segments = [Segment(distance), Segment(CARD_LENGTH, angle), Segment(length)]
    return Path(start, segments, reverse=spec.astern)


def travel_heading(hull: Hull, card: Card) -> float:
    """The direction a ship starts moving in: its heading, or astern for Full Astern."""
    return norm_deg(hull.heading + 180.0) if CARDS[card].astern else hull.heading


@dataclass(frozen=True, slots=True)
class Allowance:
    """How far a ship may move this turn beyond the card and its length: [low, high] inches."""

    low: float
    high: float
    side_drift: bool  # a Snake Bites ship with the wind abeam drifts D3" afterwards


def roll_allowance(g: Game, sea: Sea, ship: Ship, card: Card, turn: Turn) -> Generator[Prompt, Any, Allowance]:
    """Roll how far the ship may go: the card's dice, then klan, sails and damage (JL-MOVE-1..5,
    JL-KLAN-2/4/5/6, JL-SHIP-4).  The rolled total is the most it may move; the card's minimum
    the least (JL-MOVE-9)."""
    spec = CARDS[card]
    seat = ship.commander
    if ship.in_force("sand-banks", sea.turn):  # JL-EVT-7: half the card's minimum, whatever the dice
        half = spec.minimum / 2.0
        emit_allowance(g, sea, ship, card, [{"rule": "JL-EVT-7", "what": "shifting sand banks", "inches": half}], half, half, None, "JL-EVT-7")
        return Allowance(half, half, False)
    parts: list[dict[str, Any]] = []
    r = yield from g.roll(RollRequest(nd6(spec.dice), f"{ship.name}: {spec.title} distance", spec.rule, seat, ship.name, "high"))
    high = float(spec.base + r.total)
    parts.append({"rule": spec.rule, "what": spec.title, "inches": spec.base + r.total})
    klan = KLANS[ship.klan]
    if klan.move_dice:
        r = yield from g.roll(
            RollRequest(nd6(abs(klan.move_dice)), f"{ship.name}: {klan.title} speed", klan.rule, seat, ship.name, "high" if klan.move_dice > 0 else "low")
        )
        delta = r.total if klan.move_dice > 0 else -r.total
        high += delta
        parts.append({"rule": klan.rule, "what": klan.title, "inches": delta})
    side_drift = False
    sector: WindSector | None = None
    if klan.sails:
        sector = wind_sector(sea.wind, travel_heading(ship.hull, card), float(sea.option("wind_sector")))
        if sector == "with":
            r = yield from g.roll(RollRequest(nd6(SAIL_WITH_DICE), f"{ship.name}: sailing with the wind", "JL-KLAN-2", seat, ship.name, "high"))
            high += r.total
            parts.append({"rule": "JL-KLAN-2", "what": "with the wind", "inches": r.total})
        elif sector == "against":
            r = yield from g.roll(RollRequest(nd6(-SAIL_AGAINST_DICE), f"{ship.name}: sailing against the wind", "JL-KLAN-2", seat, ship.name, "low"))
            high -= r.total
            parts.append({"rule": "JL-KLAN-2", "what": "against the wind", "inches": -r.total})
        elif sea.option("snakebite_side_wind") == "distance":
            r = yield from g.roll(RollRequest(D3, f"{ship.name}: wind abeam", "JL-KLAN-2", seat, ship.name, "high"))
            high += r.total
            parts.append({"rule": "JL-KLAN-2", "what": "wind abeam", "inches": r.total})
        else:
            side_drift = True
    loss = SPEED_LOSS_DICE.get(ship.hull_points, 0)
    if loss:
        r = yield from g.roll(RollRequest(nd6(loss), f"{ship.name}: damage slows the ship", "JL-SHIP-4", seat, ship.name, "low"))
        high -= r.total
        parts.append({"rule": "JL-SHIP-4", "what": f"{ship.hull_points} hull points", "inches": -r.total})
    if ship.in_force("skurvy", sea.turn):  # JL-EVT-10: -2D6"
        r = yield from g.roll(RollRequest(nd6(SKURVY_DICE), f"{ship.name}: skurvy slows the ship", "JL-EVT-10", seat, ship.name, "low"))
        high -= r.total
        parts.append({"rule": "JL-EVT-10", "what": "skurvy", "inches": -r.total})
    minimum = spec.minimum
    if high >= minimum:
        low = minimum
    elif sea.option("short_move") == "minimum":
        low = high = minimum
    else:
        low = high = max(0.0, high)
    emit_allowance(g, sea, ship, card, parts, low, high, sector, spec.rule)
    return Allowance(low, high, side_drift)


def emit_allowance(
    g: Game, sea: Sea, ship: Ship, card: Card, parts: list[dict[str, Any]], low: float, high: float, sector: WindSector | None, least_rule: str
) -> None:
    """Log an allowance with the rules behind it: the most (its parts), the least (``least_rule``:
    the card's minimum, or the sand banks' half of it; or option ``short_move``), the wind's
    sector, and the whole move of the bow."""
    if not g.logging:
        return
    minimum = CARDS[card].minimum
    most = [term(p["rule"], p["what"], p["inches"]) for p in parts]
    if sum(p["inches"] for p in parts) != high:
        most.append(term("JL-MOVE-9", "below the card's minimum (option short_move)", high - sum(p["inches"] for p in parts)))
    if low == minimum:
        least = single(least_rule, "the card's minimum", minimum)
    elif least_rule == "JL-EVT-7":
        least = single(least_rule, "half the card's minimum", low)
    else:
        least = single("JL-MOVE-9", "below the card's minimum (option short_move)", low)
    out: Basis = {"high": most, "low": least}
    out["whole"] = [  # added to the least and the most alike
        term("JL-MOVE-6", "the card's length", CARD_LENGTH),
        term("JL-MOVE-6", "the ship's length: placed bow to stern", ship.length),
        term("JL-MOVE-8", 'as the seed\'s table of moves counts them (its 42" for Full Ahead is a slip for 44": ruling)', 0),
    ]
    if sector is not None:
        half = float(sea.option("wind_sector"))
        out["wind_sector"] = single("JL-KLAN-8", f"within {half:g} degrees of downwind is with the wind, of upwind against (option wind_sector)", sector)
    g.emit(
        "allowance",
        "JL-MOVE-9",
        ship=ship.name,
        card=int(card),
        parts=parts,
        low=low,
        high=high,
        minimum=minimum,
        wind_sector=sector,
        whole=[round(low + CARD_LENGTH + ship.length, 4), round(high + CARD_LENGTH + ship.length, 4)],
        **explained(g, out),
    )


def move_ship(
    g: Game, sea: Sea, ship: Ship, card: Card, turn: Turn, card_at: CardAt, distance: float, *, ram: bool = False, compulsory: bool = False
) -> Generator[Prompt, Any, Sweep]:
    """Sail the ship along its manoeuvre, resolving whatever it meets (JL-MOVE-6, JL-MOVE-7, JL-RAM-*)."""
    spec = CARDS[card]
    path = card_path(ship.hull, card, turn, card_at, distance)
    before = ship.hull
    result = yield from travel(g, sea, ship, path, ram=ram, compulsory=compulsory, steer=(card, turn))
    ship.last_move = MoveRecord(card, turn, card_at, distance)
    ship.standstill = card is Card.ALL_STOP or result.contact is not None
    ship.sailed_turn = sea.turn
    if g.logging:
        g.emit(
            "move",
            spec.rule,
            ship=ship.name,
            card=int(card),
            card_title=spec.title,
            side=turn,
            card_at=card_at,
            ram=ram,
            distance=round(distance, 4),
            planned=round(path.length, 4),
            travelled=round(result.travelled, 4),
            start=_pose(before),
            end=_pose(ship.hull),
            contact=None if result.contact is None else {"with": result.contact.ident, "kind": result.contact.kind, "at": round(result.contact.at, 4)},
            **explained(
                g,
                {
                    "planned": [
                        term("JL-MOVE-9", "the distance chosen", round(distance, 4)),
                        term("JL-MOVE-6", "the card's length", CARD_LENGTH),
                        term("JL-MOVE-6", "the ship's length: placed bow to stern", ship.length),
                    ],
                    "card_at": single("JL-MOVE-7", "the card is laid at the start or at the end of the move", card_at),
                },
            ),
        )
    return result


def travel(g: Game, sea: Sea, ship: Ship, path: Path, *, ram: bool, compulsory: bool, steer: tuple[Card, Turn] | None = None) -> Generator[Prompt, Any, Sweep]:
    """Sweep a ship along a path; at each contact resolve what it met and, if the move goes on
    (a mine went off, a rammed ship slipped aside), sweep on from there.  ``steer``: the card and
    side of a manoeuvre, whose turns a rudder wrecked on the way straightens (JL-DMG-7)."""
    from grapeshot.rulesets.jimlad.collisions import collide

    start = 0.0
    steady = ship.rudder_damaged
    for _ in range(MAX_CONTACTS):
        result = sweep(path, ship.length, ship.width, sea.ship_obstacles(ship), sea.table, start=start)
        ship.hull = result.hull
        if result.contact is None:
            return result
        going_on = yield from collide(g, sea, ship, result.contact, path, ram=ram, compulsory=compulsory)
        if not going_on or not ship.afloat:
            return result
        start = result.travelled
        if ship.rudder_damaged and not steady:  # damage takes effect when it happens (JL-DMG-7)
            steady = True
            if steer is not None and turns_after(path, start):
                straight_ahead(g, ship, steer[0], steer[1], start)
                path = straightened(path, start)
    raise RuntimeError(f"{ship.name}'s move met more than {MAX_CONTACTS} things")


def turns_after(path: Path, at: float) -> bool:
    """Whether any of the path beyond ``at`` inches turns."""
    gone = 0.0
    for seg in path.segments:
        if seg.turn and gone + seg.length > at + 1e-9:
            return True
        gone += seg.length
    return False


def straightened(path: Path, at: float) -> Path:
    """The same path up to ``at`` inches, then straight on for the rest of its length: what a
    ship whose rudder is wrecked part way through its move sails (JL-DMG-7 ruling)."""
    segments: list[Segment] = []
    gone = 0.0
    for seg in path.segments:
        if gone + seg.length >= at:
            part = at - gone
            if part > 0:
                segments.append(Segment(part, seg.turn * part / seg.length))
            break
        segments.append(seg)
        gone += seg.length
    segments.append(Segment(path.length - at))
    return Path(path.start, segments, reverse=path.reverse)


def straight_ahead(g: Game, ship: Ship, card: Card, side: Turn, at: float) -> None:
    """JL-DMG-7 (ruling): a ship whose rudder is damaged after its orders were given sails its
    card straight ahead instead of turning, from the moment the damage is done (``at`` inches
    along the move; 0 before it sets off)."""
    g.emit("straight-ahead", "JL-DMG-7", ship=ship.name, card=int(card), side=side, at=round(at, 4), limit_rule="JL-MOVE-10")


def drift(g: Game, sea: Sea, ship: Ship, direction: float, inches: float, rule: str, why: str) -> Proc:
    """Slide a ship without turning it (hulk drift, side wind, squalls): a compulsory move,
    swept like any other, and what it runs into is a crash (JL-RAM-6)."""
    before = ship.hull
    path = translate_path(before.pose, direction, inches)
    result = yield from travel(g, sea, ship, path, ram=False, compulsory=True)
    if result.contact is not None:
        ship.standstill = True
    g.emit(
        "drift",
        rule,
        ship=ship.name,
        why=why,
        direction=round(direction, 3),
        inches=inches,
        travelled=round(result.travelled, 4),
        start=_pose(before),
        end=_pose(ship.hull),
        contact=None if result.contact is None else {"with": result.contact.ident, "kind": result.contact.kind, "at": round(result.contact.at, 4)},
    )


def hulk_drift(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-KREW-5: a ship with one Ork or none drifts D6" in a random direction each movement phase."""
    direction = yield from roll_direction(g, sea, f"{ship.name}: hulk drift direction", "JL-KREW-5")
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: hulk drift distance", "JL-KREW-5"))
    yield from drift(g, sea, ship, direction, float(r.total), "JL-KREW-5", "drifting hulk")


def side_wind_drift(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-KLAN-2 (option ``snakebite_side_wind: drift``): with the wind abeam a sailing ship
    is carried D3" downwind after its move."""
    r = yield from g.roll(RollRequest(D3, f"{ship.name}: drift with the wind abeam", "JL-KLAN-2", ship.commander, ship.name, None))
    yield from drift(g, sea, ship, sea.wind, float(r.total), "JL-KLAN-2", "wind abeam")


def legal_cards(ship: Ship, turn: int | None = None) -> list[tuple[Card, Turn]]:
    """The cards (and sides) a ship may be ordered to take (JL-MOVE-5, JL-MOVE-10); an event
    may force one card on it this turn (JL-EVT-15), unless damage since has made that card illegal."""
    out: list[tuple[Card, Turn]] = []
    for card, spec in CARDS.items():
        if spec.astern and not ship.standstill:
            continue
        turns: list[Turn] = ["none"] if spec.turn == 0.0 else (["none", "port", "starboard"] if spec.may_turn else ["port", "starboard"])
        for t in turns:
            if t != "none" and ship.rudder_damaged:
                continue
            out.append((card, t))
    if turn is not None and ship.forced is not None and ship.forced[0] == turn and (ship.forced[1], ship.forced[2]) in out:
        return [(ship.forced[1], ship.forced[2])]
    return out


def _pose(h: Hull) -> list[float]:
    return [round(h.x, 4), round(h.y, 4), round(h.heading, 4)]
