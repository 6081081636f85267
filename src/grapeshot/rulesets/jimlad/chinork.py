"""Da Chinork (JL-EVT-11): the gunship that flies from one landing pad to the next and shoots
at every ship its front arc sweeps on the way.

It sits on a landing pad and, when the event comes up, flies to the next pad, shooting 4 x S7 at
every ship that was, at some moment of the flight, within 48" and 45 degrees of its nose.  It is a
room of its own because it never stands on the water: its only geometry is the region its flight
sweeps, and its only rule that one strafing run.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import RollRequest, nd6
from grapeshot.geometry import (
    EPS,
    Polygon,
    Vec,
    bearing,
    distance,
    hull_hits_polygon,
    unit,
)
from grapeshot.rulesets.jimlad.basis import explained, single
from grapeshot.rulesets.jimlad.damage import model_blows
from grapeshot.rulesets.jimlad.data import (
    CHINORK,
    CHINORK_ARC,
    CHINORK_HIT,
    CHINORK_RANGE,
    CHINORK_SHOTS,
    CHINORK_STRENGTH,
)
from grapeshot.rulesets.jimlad.discs import pt
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.state import Sea

Proc = Generator[Prompt, Any, Any]


def _convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def chinork_region(start: Vec, end: Vec) -> Polygon:
    """Everything that lies, at some moment of a flight from ``start`` to ``end``, within 48" and
    45 degrees of the Chinork's nose: its 90-degree, 48" front sector swept along the flight
    line (a convex region; the sector's arc drawn as 12 chords)."""
    course = bearing(start, end) if distance(start, end) > EPS else 0.0
    sector = [(start.x, start.y)]
    for i in range(13):
        a = course - CHINORK_ARC / 2.0 + CHINORK_ARC * i / 12
        u = unit(a)
        sector.append((start.x + u.x * CHINORK_RANGE, start.y + u.y * CHINORK_RANGE))
    dx, dy = end.x - start.x, end.y - start.y
    return Polygon(_convex_hull(sector + [(x + dx, y + dy) for x, y in sector]))


def _closest_on_segment(p: Vec, a: Vec, b: Vec) -> Vec:
    ex, ey = b.x - a.x, b.y - a.y
    ll = ex * ex + ey * ey
    t = 0.0 if ll <= EPS else max(0.0, min(1.0, ((p.x - a.x) * ex + (p.y - a.y) * ey) / ll))
    return Vec(a.x + t * ex, a.y + t * ey)


def chinork_flies(g: Game, sea: Sea) -> Proc:
    """JL-EVT-11: Da Chinork flies straight from its pad to the next landing pad (scenario order,
    round to the first) and shoots 4 x S7, each hitting on a 4+, at every ship afloat (not in
    harbour) that its front arc swept within 48" during the flight.  Hits strike the facing
    towards the closest point of the flight line and are resolved like rams (save, damage table
    at once).  With fewer than two pads the Chinork stays on the ground."""
    pads = [t for t in sea.terrain if t.kind == "landing_pad" and t.point is not None]
    names = [t.name for t in pads]
    if len(pads) < 2 or sea.chinork_pad not in names:
        g.emit("no-effect", "JL-EVT-11", ship=None, why="fewer than two landing pads: Da Chinork stays on the ground")
        return
    i = names.index(sea.chinork_pad)
    origin, dest = pads[i], pads[(i + 1) % len(pads)]
    assert origin.point is not None and dest.point is not None
    a, b = origin.point, dest.point
    region = chinork_region(a, b)
    targets = [s for s in sea.afloat() if not in_harbour(sea, s) and hull_hits_polygon(s.hull, region)]
    g.emit("chinork", "JL-EVT-11", start=origin.name, end=dest.name, path=[pt(a), pt(b)], targets=[s.name for s in targets])
    sea.chinork_pad = dest.name
    for ship in targets:
        if not ship.afloat:
            continue
        source = _closest_on_segment(ship.centre, a, b)
        if ship.hull.contains(source):
            source = a
        facing = ship.hull.facing_towards(source)
        r = yield from g.roll(RollRequest(nd6(CHINORK_SHOTS), f"{CHINORK} shooting at {ship.name}", "JL-EVT-11"))
        hits = sum(1 for f in r.faces if f >= CHINORK_HIT)
        need = single("JL-EVT-11", "each shot hits on a 4+, as the grot gunners do (ruling)", CHINORK_HIT)
        g.emit(
            "chinork-shots",
            "JL-EVT-11",
            ship=ship.name,
            facing=facing.value,
            source=pt(source),
            faces=list(r.faces),
            need=CHINORK_HIT,
            hits=hits,
            **explained(g, {"need": need}),
        )
        yield from model_blows(g, sea, ship, hits, CHINORK_STRENGTH, facing, cause=f"{CHINORK}'s kannons", rule="JL-EVT-11", what=f"{CHINORK}'s kannons")
