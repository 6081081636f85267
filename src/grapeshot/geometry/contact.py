"""Round bases: figures standing on the table, touching each other and next to things.

A figure stands on a round :class:`Base` (its centre and radius, in inches).  Two bases are *in
base contact* when the gap between their edges is at most :data:`TOUCH` (a millionth of an inch,
the float slack of placing one against another); "next to a gun" or "within 3 inches of a
handler" is the same gap against a rule's own reach (:func:`adjacent`, :func:`point_gap`).  The
gaps to hulls and polygons are signed: negative when the base stands over them.

Where a base may stand, and placing figures where there is room, is ``placing``'s.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from grapeshot.geometry.shapes import Hull, Polygon, Table, _point_segment_dist2
from grapeshot.geometry.vectors import Vec

#: Radii (inches) of the usual round bases, named by their diameter in millimetres
#: (25.4 mm = 1", rounded to tidy fractions of an inch): a man on foot stands on 25 mm.
BASE_20MM = 0.4
BASE_25MM = 0.5
BASE_32MM = 0.625
BASE_40MM = 0.8
BASE_50MM = 1.0
BASE_60MM = 1.2

#: Bases whose edges are this close count as touching, and as not overlapping.
TOUCH = 1e-6

#: Where the free space is bounded: inside a polygon, a hull (a deck) or the table.
Region = Polygon | Hull | Table


class Base(NamedTuple):
    """A round base on the table: its centre and radius (inches), and what stands on it."""

    x: float
    y: float
    radius: float
    ident: str = ""

    @property
    def centre(self) -> Vec:
        return Vec(self.x, self.y)

    def moved_to(self, p: Vec) -> Base:
        """The same base standing at ``p``."""
        return Base(p.x, p.y, self.radius, self.ident)


def base_gap(a: Base, b: Base) -> float:
    """The gap between two bases' edges (negative when they overlap)."""
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def in_base_contact(a: Base, b: Base, tolerance: float = TOUCH) -> bool:
    """Whether two bases touch (their edges within ``tolerance``, or overlapping)."""
    return base_gap(a, b) <= tolerance


def bases_overlap(a: Base, b: Base, tolerance: float = TOUCH) -> bool:
    """Whether two bases overlap by more than ``tolerance`` (touching is not overlapping)."""
    return base_gap(a, b) < -tolerance


def overlapping(bases: Sequence[Base], tolerance: float = TOUCH) -> list[tuple[Base, Base]]:
    """Every pair of bases that overlap by more than ``tolerance``, in the order of
    ``itertools.combinations(bases, 2)``; swept along x, so a crowd costs about its size rather
    than its square (the invariants ask it of every surface after every action)."""
    order = sorted(range(len(bases)), key=lambda i: bases[i].x - bases[i].radius)
    active: list[int] = []
    found: list[tuple[int, int]] = []
    for i in order:
        b = bases[i]
        lo = b.x - b.radius
        active = [j for j in active if bases[j].x + bases[j].radius > lo]
        found += [(min(i, j), max(i, j)) for j in active if bases_overlap(bases[j], b, tolerance)]
        active.append(i)
    return [(bases[i], bases[j]) for i, j in sorted(found)]


def hull_over(base: Base, hull: Hull, by: float = 1e-6) -> bool:
    """Whether a base lies over a hull by more than ``by`` (``hull_gap < -by``), with a circle
    round the hull first."""
    dx, dy, reach = base.x - hull.x, base.y - hull.y, hull.hl + hull.hw + base.radius
    if dx * dx + dy * dy > reach * reach:
        return False
    return hull_gap(base, hull) < -by


def adjacent(a: Base, b: Base, within: float) -> bool:
    """Whether two bases are within ``within`` inches of each other, edge to edge (a rule's
    "next to", "within 3 inches of")."""
    return base_gap(a, b) <= within


def touching(base: Base, others: Sequence[Base], tolerance: float = TOUCH) -> list[Base]:
    """The bases among ``others`` in contact with ``base`` (itself left out), in their order."""
    return [o for o in others if o != base and in_base_contact(base, o, tolerance)]


def point_gap(base: Base, p: Vec) -> float:
    """How far a point (a gun's mounting, a dropped weapon) is from the base's edge (negative:
    under the base)."""
    return math.hypot(base.x - p.x, base.y - p.y) - base.radius


def hull_gap(base: Base, hull: Hull) -> float:
    """The gap between a base's edge and a hull (negative when the base is over the hull: by how
    much it would have to move to be clear)."""
    u, v = hull.local(base.centre)
    du, dv = abs(u) - hull.hl, abs(v) - hull.hw
    if du <= 0.0 and dv <= 0.0:
        return max(du, dv) - base.radius
    return math.hypot(max(du, 0.0), max(dv, 0.0)) - base.radius


def polygon_gap(base: Base, poly: Polygon) -> float:
    """The gap between a base's edge and a polygon (negative when the base is over it)."""
    edge = _boundary_distance(poly.points, base.x, base.y)
    return (-edge if poly.contains(base.centre) else edge) - base.radius


def base_over(base: Base, poly: Polygon, by: float = 1e-6) -> bool:
    """Whether a base lies over a polygon by more than ``by`` (``polygon_gap < -by``), with the
    bounding boxes first: most bases are nowhere near most islands."""
    r = base.radius
    if base.x + r < poly.minx or base.x - r > poly.maxx or base.y + r < poly.miny or base.y - r > poly.maxy:
        return False
    return polygon_gap(base, poly) < -by


def base_within(base: Base, region: Region, tolerance: float = TOUCH) -> bool:
    """Whether the whole base is inside a region (on a deck, a fort level, the table)."""
    ring = _region_ring(region)
    return _ring_contains(ring, base.x, base.y) and _boundary_distance(ring, base.x, base.y) >= base.radius - tolerance


# --------------------------------------------------------------------------- regions


def _region_ring(region: Region) -> tuple[tuple[float, float], ...]:
    """A region's outline, counter-clockwise."""
    if isinstance(region, Polygon):
        return region.points
    if isinstance(region, Hull):
        return region.corners
    return ((0.0, 0.0), (region.width, 0.0), (region.width, region.height), (0.0, region.height))


def _ring_contains(ring: Sequence[tuple[float, float]], x: float, y: float) -> bool:
    return Polygon(ring).contains(Vec(x, y))


def _near_outline(ring: Sequence[tuple[float, float]], x: float, y: float, rr: float) -> bool:
    """Whether a point is nearer than ``sqrt(rr)`` to an outline's edges."""
    n = len(ring)
    for i in range(n):
        ax, ay = ring[i]
        bx, by = ring[(i + 1) % n]
        if _point_segment_dist2(x, y, ax, ay, bx, by) < rr:
            return True
    return False


def _boundary_distance(ring: Sequence[tuple[float, float]], x: float, y: float) -> float:
    """The distance from a point to an outline (the same sum as :func:`_point_segment_dist2`
    edge by edge, written out in one loop: the invariants ask it of every figure after every
    action)."""
    best = math.inf
    ax, ay = ring[-1]
    for bx, by in ring:
        ex, ey = bx - ax, by - ay
        ll = ex * ex + ey * ey
        t = 0.0 if ll <= 0.0 else max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / ll))
        qx, qy = ax + t * ex - x, ay + t * ey - y
        d = qx * qx + qy * qy
        if d < best:
            best = d
        ax, ay = bx, by
    return math.sqrt(best)
