"""The ships on the table as the collisions module sees them: their hulls, sizes and the room
they may be placed in; which part of a hull touched; who conforms to whom (CG-SIDE-2,
CG-GRAP-3); bringing grappled ships together (CG-GRAP-3); the terms of an event's ``basis``."""

from __future__ import annotations

from grapeshot.core.game import Game
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Hull, hull_distance
from grapeshot.rulesets.collisions.placement import Room, together
from grapeshot.rulesets.collisions.protocol import RANK, Proc
from grapeshot.rulesets.collisions.state import emit, host_of, pose_json
from grapeshot.rulesets.collisions.water import clear_water


def term(rule: str, what: str, value: int | str) -> dict[str, object]:
    """One term of an event's ``basis`` (docs/events.md): the rule, in words, its value."""
    return {"rule": rule, "what": what, "value": value}


def hulls_of(game: Game) -> dict[str, Hull]:
    h = host_of(game)
    return {v: h.hull(game, v) for v in h.vessels(game)}


def ranks_of(game: Game) -> dict[str, int]:
    h = host_of(game)
    return {v: RANK[h.size_class(game, v)] for v in h.vessels(game)}


def room_of(game: Game) -> Room:
    """The table's edge and the terrain ships may not stand on."""
    sc = game.scenario
    return Room(sc.table, tuple(t.shape for t in sc.terrain if t.obstacle and t.shape is not None))


def band(hull: Hull, fraction: float, fore: bool) -> Hull:
    """The fore (or aft) ``fraction`` of a hull's length, as a hull of its own."""
    length = hull.length * fraction
    c = hull.world((hull.hl - length / 2.0) * (1.0 if fore else -1.0), 0.0)
    return Hull(c.x, c.y, hull.heading, length, hull.width)


def part_touches(part: Hull, whole: Hull, other: Hull) -> bool:
    """Whether ``part`` of a hull is (one of) its nearest parts to ``other``: what touched."""
    return hull_distance(part, other) <= hull_distance(whole, other) + 1e-6


def who_conforms(game: Game, a: str, b: str, rule: str) -> Proc[tuple[str, str]]:
    """(the larger, the one that conforms): by size, else a roll-off (CG-SIDE-2, CG-GRAP-3):
    one D6 for ``a``'s seat, 1-3 ``a`` conforms, 4-6 ``b`` does."""
    h = host_of(game)
    ra, rb = RANK[h.size_class(game, a)], RANK[h.size_class(game, b)]
    if ra != rb:
        return (a, b) if ra > rb else (b, a)
    r = yield from game.roll(RollRequest(D6, f"roll-off: {a} conforms to {b} on 1-3", rule, h.side(game, a), a))
    return (b, a) if r.total <= 3 else (a, b)


def bring_together(game: Game, a: str, b: str) -> Proc[None]:
    """CG-GRAP-3: the smaller of two grappled ships conforms to the larger (a roll-off if equal)
    and lies against it, side to side or in a T; with no room they stay where they are."""
    h = host_of(game)
    anchor, conforming = yield from who_conforms(game, a, b, "CG-GRAP-3")
    hulls = hulls_of(game)
    others = [hl for v, hl in hulls.items() if v not in (a, b)]
    offer = together(hulls[anchor], hulls[conforming], others, room_of(game))
    if offer is None:
        emit(game, "together", "CG-GRAP-3", larger=anchor, conforming=conforming, placed=False, at=pose_json(*hulls[conforming].pose))
        return
    h.place(game, conforming, offer.pose)
    clear_water(game)
    emit(
        game,
        "together",
        "CG-GRAP-3",
        larger=anchor,
        conforming=conforming,
        placed=True,
        formation=offer.formation,
        facing=offer.facing.value,
        before=pose_json(*hulls[conforming].pose),
        at=pose_json(*offer.pose),
        gap=round(hull_distance(h.hull(game, anchor), h.hull(game, conforming)), 4),
    )
