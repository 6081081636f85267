"""The little geometry the auditor measures with, written apart from the game's own (a hull as a
rectangle about its centre, a card's path as arcs and straights, gaps between outlines), so that a
slip in the game's geometry shows up here as a disagreement."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Pose = tuple[float, float, float]


def unit(degrees: float) -> Point:
    r = math.radians(degrees)
    return math.cos(r), math.sin(r)


def advance(pose: Pose, length: float, turn: float) -> Pose:
    """Where a point heading ``pose[2]`` ends after ``length`` inches turning ``turn`` degrees
    evenly on the way (a circular arc; straight when ``turn`` is 0)."""
    x, y, h = pose
    if abs(turn) < 1e-12:
        c, s = unit(h)
        return x + c * length, y + s * length, h
    radius = length / math.radians(turn)  # signed: positive turns to port (counter-clockwise)
    h1 = h + turn
    a0, a1 = math.radians(h), math.radians(h1)
    return x + radius * (math.sin(a1) - math.sin(a0)), y - radius * (math.cos(a1) - math.cos(a0)), h1


def along(start: Pose, legs: Sequence[tuple[float, float]], s: float) -> Pose:
    """The pose after ``s`` inches of a route of (length, turn) legs."""
    pose = start
    for length, turn in legs:
        if s <= length:
            return advance(pose, s, turn * s / length if length else 0.0)
        pose = advance(pose, length, turn)
        s -= length
    return advance(pose, max(0.0, s), 0.0)


@dataclass(frozen=True, slots=True)
class Box:
    """A hull: centre, heading (degrees, counter-clockwise from +x), length along it, width across."""

    x: float
    y: float
    heading: float
    length: float
    width: float

    def local(self, p: Point) -> Point:
        """``p`` in the hull's own frame: ahead of the centre, and to port of it."""
        c, s = unit(self.heading)
        dx, dy = p[0] - self.x, p[1] - self.y
        return dx * c + dy * s, -dx * s + dy * c

    def world(self, ahead: float, port: float) -> Point:
        c, s = unit(self.heading)
        return self.x + ahead * c - port * s, self.y + ahead * s + port * c

    def corners(self) -> list[Point]:
        a, b = self.length / 2.0, self.width / 2.0
        return [self.world(a, b), self.world(-a, b), self.world(-a, -b), self.world(a, -b)]

    def edge_middle(self, facing: str) -> Point:
        """The middle of a facing's edge: where the text's kannons are mounted (ruling)."""
        a, b = self.length / 2.0, self.width / 2.0
        return {"front": self.world(a, 0.0), "rear": self.world(-a, 0.0), "port": self.world(0.0, b), "starboard": self.world(0.0, -b)}[facing]

    def inside(self, p: Point, margin: float = 0.0) -> bool:
        """Within the hull, grown by ``margin`` inches (negative: shrunk)."""
        u, v = self.local(p)
        return abs(u) <= self.length / 2.0 + margin and abs(v) <= self.width / 2.0 + margin

    def facing_of(self, p: Point) -> tuple[str, float]:
        """The facing whose sector (between the diagonals) holds ``p``, and how far it is from
        the nearest diagonal (in the ratio compared: near 0 the facing is a coin toss)."""
        u, v = self.local(p)
        hl, hw = self.length / 2.0, self.width / 2.0
        margin = abs(u) * hw - abs(v) * hl
        if margin >= 0:
            return ("front" if u >= 0 else "rear"), margin / (hl * hw)
        return ("port" if v > 0 else "starboard"), -margin / (hl * hw)


def seg_gap(a: Point, b: Point, c: Point, d: Point) -> float:
    """The least distance between two segments (0 when they cross)."""
    if _cross(a, b, c, d):
        return 0.0
    return min(_point_seg(a, c, d), _point_seg(b, c, d), _point_seg(c, a, b), _point_seg(d, a, b))


def _point_seg(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    n = ax * ax + ay * ay
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / n))
    return math.hypot(p[0] - a[0] - t * ax, p[1] - a[1] - t * ay)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2, d3, d4 = _orient(c, d, a), _orient(c, d, b), _orient(a, b, c), _orient(a, b, d)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0


def inside_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd rule: whether ``p`` lies inside a simple polygon."""
    x, y = p
    hit = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def gap(a: Sequence[Point], b: Sequence[Point]) -> float:
    """The least distance between two simple polygons (0 when they touch or overlap)."""
    if inside_polygon(a[0], b) or inside_polygon(b[0], a):
        return 0.0
    best = math.inf
    for i in range(len(a)):
        p, q = a[i], a[(i + 1) % len(a)]
        for j in range(len(b)):
            best = min(best, seg_gap(p, q, b[j], b[(j + 1) % len(b)]))
            if best == 0.0:
                return 0.0
    return best


def point_gap(p: Point, poly: Sequence[Point]) -> float:
    """How far a point lies outside a polygon (0 inside it)."""
    if inside_polygon(p, poly):
        return 0.0
    return min(_point_seg(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def entry(box: Box, p: Point, q: Point) -> float | None:
    """How far along the segment ``p``-``q`` (as a fraction, 0-1) it first meets the hull; None if
    it never does (clipped against the hull's own frame)."""
    (u0, v0), (u1, v1) = box.local(p), box.local(q)
    lo, hi = 0.0, 1.0
    for start, delta, half in ((u0, u1 - u0, box.length / 2.0), (v0, v1 - v0, box.width / 2.0)):
        if abs(delta) < 1e-12:
            if abs(start) > half:
                return None
            continue
        a, b = (-half - start) / delta, (half - start) / delta
        lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
        if lo > hi:
            return None
    return lo
