"""Straight lines across the table: where a line (a torpedo's track, a shot, a line of sight, a
figure's step) meets a hull, a round base, a polygon or another line; and where a circle (a
scatter's reach) meets an edge or another circle."""

# grapeshot: compile with mypyc

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from grapeshot.geometry.shapes import Hull, Polygon, _point_segment_dist2, _segments_cross
from grapeshot.geometry.vectors import _DEG, EPS, Vec, distance


def segment_hull_entry(p0: Vec, p1: Vec, h: Hull) -> float | None:
    """Fraction along ``p0 -> p1`` where the segment first meets the hull, or ``None``.

    Slab clipping in the hull's frame (Liang-Barsky): the start of :func:`segment_hull_span`.
    """
    span = segment_hull_span(p0, p1, h)
    return None if span is None else span[0]


def first_hull_on_segment(p0: Vec, p1: Vec, hulls: Sequence[tuple[str, Hull]]) -> tuple[str, Vec] | None:
    """The first hull a line (a torpedo's track) runs into, and the entry point."""
    best: tuple[float, str] | None = None
    for ident, h in hulls:
        t = segment_hull_entry(p0, p1, h)
        if t is not None and (best is None or t < best[0]):
            best = (t, ident)
    if best is None:
        return None
    t, ident = best
    return ident, Vec(p0.x + (p1.x - p0.x) * t, p0.y + (p1.y - p0.y) * t)


# --------------------------------------------------------------------------- segments against points, segments, discs and polygons
# The figures' geometry (bases, sight, templates, free moves) asks these of lines; the ships' hot
# paths above and in ``motion`` keep their own hand-made loops.


def segment_point_distance(a: Vec, b: Vec, p: Vec) -> float:
    """The distance from a point to the segment ``a``-``b``."""
    return math.sqrt(_point_segment_dist2(p.x, p.y, a.x, a.y, b.x, b.y))


def segments_meet(a: Vec, b: Vec, c: Vec, d: Vec) -> bool:
    """Whether the segments ``a``-``b`` and ``c``-``d`` meet (touching counts)."""
    return _segments_cross(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y)


def segment_segment_distance(a: Vec, b: Vec, c: Vec, d: Vec) -> float:
    """The distance between two segments (0 when they meet)."""
    if _segments_cross(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y):
        return 0.0
    return math.sqrt(_seg_seg_dist2(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y))


def _seg_seg_dist2(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float) -> float:
    """The squared distance between two segments that do not cross: the nearest pair of points has
    an end of one of them."""
    return min(
        _point_segment_dist2(ax, ay, cx, cy, dx, dy),
        _point_segment_dist2(bx, by, cx, cy, dx, dy),
        _point_segment_dist2(cx, cy, ax, ay, bx, by),
        _point_segment_dist2(dx, dy, ax, ay, bx, by),
    )


def segment_polygon_distance(a: Vec, b: Vec, poly: Polygon) -> float:
    """The distance from a segment to a polygon (0 when it crosses or lies inside it)."""
    if poly.contains(a):
        return 0.0
    pts = poly.points
    n = len(pts)
    best = math.inf
    for i in range(n):
        cx, cy = pts[i]
        dx, dy = pts[(i + 1) % n]
        if _segments_cross(a.x, a.y, b.x, b.y, cx, cy, dx, dy):
            return 0.0
        best = min(best, _seg_seg_dist2(a.x, a.y, b.x, b.y, cx, cy, dx, dy))
    return math.sqrt(best)


def segment_hull_span(p0: Vec, p1: Vec, h: Hull) -> tuple[float, float] | None:
    """The fractions ``(t0, t1)`` along ``p0 -> p1`` between which the segment is over the hull,
    or ``None``: slab clipping in the hull's frame (Liang-Barsky), the interval narrowed by each
    pair of the hull's sides in turn."""
    u0, v0 = h.local(p0)
    u1, v1 = h.local(p1)
    du, dv = u1 - u0, v1 - v0
    t0, t1 = 0.0, 1.0
    for p, q in ((-du, u0 + h.hl), (du, h.hl - u0), (-dv, v0 + h.hw), (dv, h.hw - v0)):
        if abs(p) < EPS:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1


def segment_disc_span(p0: Vec, p1: Vec, centre: Vec, radius: float) -> tuple[float, float] | None:
    """The fractions ``(t0, t1)`` along ``p0 -> p1`` between which the segment is within
    ``radius`` of ``centre`` (over a round base or a blast), or ``None``."""
    dx, dy = p1.x - p0.x, p1.y - p0.y
    fx, fy = p0.x - centre.x, p0.y - centre.y
    a = dx * dx + dy * dy
    c = fx * fx + fy * fy - radius * radius
    if a < EPS * EPS:
        return (0.0, 1.0) if c <= 0.0 else None
    b = fx * dx + fy * dy
    disc = b * b - a * c
    if disc < 0.0:
        return None
    root = math.sqrt(disc)
    t0, t1 = max(0.0, (-b - root) / a), min(1.0, (-b + root) / a)
    return (t0, t1) if t0 <= t1 else None


def segment_polygon_spans(p0: Vec, p1: Vec, poly: Polygon) -> list[tuple[float, float]]:
    """The pieces ``(t0, t1)`` of ``p0 -> p1`` that lie over a polygon, in order along it (one
    piece for a convex polygon, maybe several for a concave one)."""
    dx, dy = p1.x - p0.x, p1.y - p0.y
    cuts = [0.0, 1.0]
    pts = poly.points
    n = len(pts)
    for i in range(n):
        cx, cy = pts[i]
        ex, ey = pts[(i + 1) % n][0] - cx, pts[(i + 1) % n][1] - cy
        denom = dx * ey - dy * ex
        if abs(denom) < EPS * EPS:
            continue  # parallel: the pieces' middles below decide whether it runs over the polygon
        wx, wy = cx - p0.x, cy - p0.y
        t = (wx * ey - wy * ex) / denom
        u = (wx * dy - wy * dx) / denom
        if 0.0 < t < 1.0 and -EPS <= u <= 1.0 + EPS:
            cuts.append(t)
    cuts.sort()
    spans: list[tuple[float, float]] = []
    for t0, t1 in itertools.pairwise(cuts):
        if t1 - t0 <= EPS:
            continue
        m = (t0 + t1) / 2.0
        if poly.contains(Vec(p0.x + dx * m, p0.y + dy * m)):
            if spans and spans[-1][1] >= t0 - EPS:
                spans[-1] = (spans[-1][0], t1)
            else:
                spans.append((t0, t1))
    if not spans and (poly.contains(p0) or poly.contains(p1)):
        t = 0.0 if poly.contains(p0) else 1.0
        spans.append((t, t))  # the segment only touches the polygon at an end
    return spans


# --------------------------------------------------------------------------- circles meeting edges


def circle_segment_angles(centre: Vec, radius: float, a: Vec, b: Vec, tol: float = EPS) -> list[float]:
    """Directions (degrees from ``centre``, in [0, 360)) of the points where the circle of
    ``radius`` about ``centre`` meets the segment ``a``-``b``.

    A tangent point is included, once: the distance from the centre to the segment's line is
    compared with the radius within ``tol`` (scaled by the radius), so a circle that just touches
    an edge, as one does whenever an edge lies a whole number of inches from the centre, is not
    lost to a rounding error.  End points within ``tol`` of the segment count as on it."""
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy)
    if length <= 0.0 or radius <= 0.0:
        return []
    ux, uy = dx / length, dy / length
    # the foot of the perpendicular from the centre, and the signed distance to the line
    along = (centre.x - a.x) * ux + (centre.y - a.y) * uy
    fx, fy = a.x + ux * along, a.y + uy * along
    off = math.hypot(fx - centre.x, fy - centre.y)
    slack = tol * max(1.0, radius)
    if off > radius + slack:
        return []
    half = math.sqrt(max(0.0, radius * radius - off * off))  # half the chord
    ts = [along] if half <= slack else [along - half, along + half]
    out: list[float] = []
    for t in ts:
        if -slack <= t <= length + slack:
            px, py = a.x + ux * t, a.y + uy * t
            out.append(math.degrees(math.atan2(py - centre.y, px - centre.x)) % 360.0)
    return out


def circle_circle_angles(centre: Vec, radius: float, other: Vec, other_radius: float, tol: float = EPS) -> list[float]:
    """Directions (degrees from ``centre``, in [0, 360)) of the points where the circle of
    ``radius`` about ``centre`` meets the circle of ``other_radius`` about ``other``; a tangent
    point once (within ``tol``, scaled by the radii); none for concentric circles."""
    d = distance(centre, other)
    slack = tol * max(1.0, radius, other_radius)
    if d <= 0.0 or radius <= 0.0 or d > radius + other_radius + slack or d < abs(radius - other_radius) - slack:
        return []
    base = math.degrees(math.atan2(other.y - centre.y, other.x - centre.x))
    cos_half = (radius * radius + d * d - other_radius * other_radius) / (2.0 * radius * d)
    half = math.degrees(math.acos(max(-1.0, min(1.0, cos_half))))
    if half * _DEG * radius <= slack:
        return [base % 360.0]
    return [(base - half) % 360.0, (base + half) % 360.0]
