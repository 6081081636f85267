"""Where the round models go and where they fit: the geometry of discs on the table (JL-NPC-*).

The mines and the Kraken are discs, not hulls, so the table's sweeps (built for rectangles) do not
move them: a disc's path is met against ships, terrain, the other models and the table's edge
here, and a model entering at the edge is walked in along its line until it has room.  It is a
room of its own because every model's rules (:mod:`.mines`, :mod:`.kraken`, :mod:`.submarine`,
:mod:`.chinork`) use it, and it holds no rule of its own: only shapes, distances and paths.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from grapeshot.geometry import (
    CLEARANCE,
    EPS,
    Hull,
    Polygon,
    Vec,
    bearing,
    distance,
    point_hull_distance,
    segment_hull_entry,
    unit,
)
from grapeshot.rulesets.jimlad.state import Sea

ENTRY_STEP = 0.25  # inches an entering model is moved in from the edge until it has room
PROBE = 0.01  # inches looked ahead to tell whether a model moves towards something it touches


class Disc(NamedTuple):
    """A circle: the Kraken as an obstacle for moving discs."""

    centre: Vec
    radius: float


Shape = Hull | Polygon | Disc


def shape_gap(p: Vec, shape: Shape) -> float:
    """Distance from a point to a shape (0 inside)."""
    if isinstance(shape, Hull):
        return point_hull_distance(p, shape)
    if isinstance(shape, Polygon):
        return shape.distance_to(p)
    return max(0.0, distance(p, shape.centre) - shape.radius)


def circle_entry(p0: Vec, p1: Vec, c: Vec, r: float) -> float | None:
    """Fraction along p0 -> p1 where the segment first comes within ``r`` of ``c``."""
    dx, dy = p1.x - p0.x, p1.y - p0.y
    fx, fy = p0.x - c.x, p0.y - c.y
    cc = fx * fx + fy * fy - r * r
    if cc <= 0.0:
        return 0.0
    a = dx * dx + dy * dy
    if a < EPS * EPS:
        return None
    b = 2.0 * (fx * dx + fy * dy)
    disc = b * b - 4.0 * a * cc
    if disc < 0.0:
        return None
    t = (-b - math.sqrt(disc)) / (2.0 * a)
    return t if 0.0 <= t <= 1.0 else None


def _grown_entry(p0: Vec, p1: Vec, shape: Shape, rho: float) -> float | None:
    """Fraction along p0 -> p1 where a point first comes within ``rho`` of a shape: the shape
    grown by ``rho`` is the union of thickened edges (rectangles) and corner circles."""
    hits: list[float] = []
    corners: Sequence[tuple[float, float]]
    if isinstance(shape, Disc):
        t = circle_entry(p0, p1, shape.centre, shape.radius + rho)
        return t
    if isinstance(shape, Hull):
        h = shape
        for piece in (Hull(h.x, h.y, h.heading, h.length + 2 * rho, h.width), Hull(h.x, h.y, h.heading, h.length, h.width + 2 * rho)):
            t = segment_hull_entry(p0, p1, piece)
            if t is not None:
                hits.append(t)
        corners = h.corners
    else:
        if shape.contains(p0):
            return 0.0
        pts = shape.points
        for i, (ax, ay) in enumerate(pts):
            bx, by = pts[(i + 1) % len(pts)]
            a, b = Vec(ax, ay), Vec(bx, by)
            length = distance(a, b)
            if length > EPS:
                mid = Vec((ax + bx) / 2.0, (ay + by) / 2.0)
                t = segment_hull_entry(p0, p1, Hull(mid.x, mid.y, bearing(a, b), length, 2 * rho))
                if t is not None:
                    hits.append(t)
        corners = pts
    for cx, cy in corners:
        t = circle_entry(p0, p1, Vec(cx, cy), rho)
        if t is not None:
            hits.append(t)
    return min(hits) if hits else None


def _edge_entry(p0: Vec, p1: Vec, sea: Sea, margin: float) -> float | None:
    """Fraction along p0 -> p1 where a point comes within ``margin`` of the table's edge."""
    t = math.inf
    for a, b, lo, hi in ((p0.x, p1.x, margin, sea.table.width - margin), (p0.y, p1.y, margin, sea.table.height - margin)):
        d = b - a
        if d > EPS:
            t = min(t, (hi - a) / d)
        elif d < -EPS:
            t = min(t, (lo - a) / d)
    if t > 1.0:
        return None
    return max(0.0, t)


Track = tuple[str, str, Shape]  # (ident, kind, shape)


def _out_of_reach(start: Vec, d: Vec, dist: float, shape: Shape, rho: float) -> bool:
    """Whether a disc moving ``dist`` from ``start`` along unit ``d`` stays clear of a shape's
    bounding circle grown by ``rho`` (and so of the shape): the cheap test that spares the exact
    one for everything far away, which is nearly everything a drifting mine passes."""
    if isinstance(shape, Hull):
        cx, cy, r = shape.x, shape.y, shape.radius
    elif isinstance(shape, Polygon):
        cx, cy, r = shape.cx, shape.cy, shape.radius
    else:
        cx, cy, r = shape.centre.x, shape.centre.y, shape.radius
    fx, fy = cx - start.x, cy - start.y
    along = max(0.0, min(dist, fx * d.x + fy * d.y))
    gx, gy = fx - d.x * along, fy - d.y * along
    reach = r + rho + 1e-6
    return gx * gx + gy * gy > reach * reach


def disc_travel(sea: Sea, start: Vec, direction: float, dist: float, radius: float, obstacles: Sequence[Track]) -> tuple[float, tuple[str, str] | None]:
    """Move a disc of ``radius`` from ``start`` up to ``dist`` inches along ``direction``; it stops
    :data:`CLEARANCE` short of the first thing it meets (ident, kind), or of the table's edge.
    Something it already touches stops it only if it moves towards it."""
    if dist <= 0.0:
        return 0.0, None
    d = unit(direction)
    end = Vec(start.x + d.x * dist, start.y + d.y * dist)
    ahead = Vec(start.x + d.x * PROBE, start.y + d.y * PROBE)
    rho = radius + CLEARANCE
    best: tuple[float, tuple[str, str] | None] = (math.inf, None)
    for ident, kind, shape in obstacles:
        if _out_of_reach(start, d, dist, shape, rho):
            continue
        now = shape_gap(start, shape)
        if now <= rho + 1e-7:
            t: float | None = 0.0 if shape_gap(ahead, shape) < now else None
        else:
            t = _grown_entry(start, end, shape, rho)
        if t is not None and t < best[0]:
            best = (t, (ident, kind))
    t_edge = _edge_entry(start, end, sea, radius + CLEARANCE)
    if t_edge is not None and t_edge < best[0]:
        best = (t_edge, ("edge", "edge"))
    if best[1] is None:
        return dist, None
    return max(0.0, best[0]) * dist, best[1]


class DiscMove(NamedTuple):
    """Where a moved disc ends and what it met (ident, kind), as :func:`move_disc` found."""

    end: Vec
    met: tuple[str, str] | None
    fields: dict[str, Any]


def move_disc(sea: Sea, start: Vec, direction: float, inches: float, radius: float, obstacles: Sequence[Track], told: float) -> DiscMove:
    """Move a disc (a mine drifting, the Kraken closing) by :func:`disc_travel`, and the fields its
    event tells: the direction, the distance rolled (``told``, as rolled), how far it went, where
    it started and ended, and what it met."""
    travelled, met = disc_travel(sea, start, direction, inches, radius, obstacles)
    d = unit(direction)
    end = Vec(start.x + d.x * travelled, start.y + d.y * travelled)
    fields: dict[str, Any] = {
        "direction": round(direction, 3),
        "inches": told,
        "travelled": round(travelled, 4),
        "start": pt(start),
        "end": pt(end),
        "contact": None if met is None else {"with": met[0], "kind": met[1]},
    }
    return DiscMove(end, met, fields)


def _spot_clear(sea: Sea, p: Vec, radius: float, shapes: Sequence[Shape], gap: float) -> bool:
    return sea.table.holds_point(p, radius + gap) and all(shape_gap(p, s) >= radius + gap for s in shapes)


def edge_spot(sea: Sea, direction: float, radius: float, shapes: Sequence[Shape]) -> Vec | None:
    """Where a model enters on a line from the centre along ``direction``: at the table's edge,
    moved in along the line until it is wholly on the table and clear of ``shapes``."""
    centre = sea.table.centre
    edge = sea.table.edge_point(direction)
    reach = distance(centre, edge)
    back = unit(direction + 180.0)
    k = 0
    while k * ENTRY_STEP <= reach:
        p = Vec(edge.x + back.x * k * ENTRY_STEP, edge.y + back.y * k * ENTRY_STEP)
        if _spot_clear(sea, p, radius, shapes, 2 * CLEARANCE):
            return p
        k += 1
    return None


def closest_on_hull(p: Vec, h: Hull) -> Vec:
    u, v = h.local(p)
    return h.world(max(-h.hl, min(h.hl, u)), max(-h.hw, min(h.hw, v)))


def pt(p: Vec) -> list[float]:
    return [round(p.x, 4), round(p.y, 4)]


def pose(h: Hull) -> list[float]:
    return [round(h.x, 4), round(h.y, 4), round(h.heading, 4)]


def terrain_shapes(sea: Sea) -> list[Track]:
    return [(ob.ident, ob.kind, ob.shape) for ob in sea.obstacles]
