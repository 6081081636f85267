"""Shapes on the table and their distance and overlap tests: hulls (oriented rectangles with a
bow), facings, arcs, polygons (terrain and templates) and the table itself.

These are the hot paths of a game (every swept move and every range check lands here), so they
are written on floats, with each hull's sine, cosine and corners computed once.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from grapeshot.geometry.vectors import _DEG, EPS, Pose, Vec, angle_diff, bearing, distance, unit


class Facing(str, Enum):
    """Which armour facing of a hull a blow lands on."""

    FRONT = "front"
    PORT = "port"
    STARBOARD = "starboard"
    REAR = "rear"

    @property
    def is_side(self) -> bool:
        return self in (Facing.PORT, Facing.STARBOARD)


class Hull:
    """An oriented rectangle: a ship's footprint with a bow and a stern.

    ``pose`` is the centre of the rectangle and the bow's heading.
    """

    __slots__ = ("c", "corners", "heading", "hl", "hw", "length", "radius", "s", "width", "x", "y")

    def __deepcopy__(self, memo: object) -> Hull:
        # never changed once made, so a copy may be this very hull; the compiled build
        # (grapeshot.compiled) could not rebuild it the way copy.deepcopy does otherwise
        return self

    def __init__(self, x: float, y: float, heading: float, length: float, width: float) -> None:
        self.x = x
        self.y = y
        self.heading = heading
        self.length = length
        self.width = width
        r = heading * _DEG
        c = self.c = math.cos(r)
        s = self.s = math.sin(r)
        hl = self.hl = length / 2.0
        hw = self.hw = width / 2.0
        ax, ay = c * hl, s * hl  # half-length along the keel
        bx, by = -s * hw, c * hw  # half-width to port
        # bow-port, stern-port, stern-starboard, bow-starboard (counter-clockwise order)
        self.corners = (
            (x + ax + bx, y + ay + by),
            (x - ax + bx, y - ay + by),
            (x - ax - bx, y - ay - by),
            (x + ax - bx, y + ay - by),
        )
        self.radius = math.hypot(hl, hw)

    @classmethod
    def at(cls, pose: Pose, length: float, width: float) -> Hull:
        return cls(pose.x, pose.y, pose.heading, length, width)

    @property
    def pose(self) -> Pose:
        return Pose(self.x, self.y, self.heading)

    @property
    def centre(self) -> Vec:
        return Vec(self.x, self.y)

    @property
    def bow(self) -> Vec:
        return Vec(self.x + self.c * self.hl, self.y + self.s * self.hl)

    @property
    def stern(self) -> Vec:
        return Vec(self.x - self.c * self.hl, self.y - self.s * self.hl)

    def side_point(self, facing: Facing) -> Vec:
        """Midpoint of a facing's edge (where a broadside kannon is mounted)."""
        if facing is Facing.FRONT:
            return self.bow
        if facing is Facing.REAR:
            return self.stern
        k = 1.0 if facing is Facing.PORT else -1.0
        return Vec(self.x - self.s * self.hw * k, self.y + self.c * self.hw * k)

    def local(self, p: Vec) -> tuple[float, float]:
        """Coordinates of a point in the hull's frame: (along the keel, to port)."""
        dx, dy = p.x - self.x, p.y - self.y
        return dx * self.c + dy * self.s, -dx * self.s + dy * self.c

    def world(self, along: float, port: float) -> Vec:
        return Vec(self.x + along * self.c - port * self.s, self.y + along * self.s + port * self.c)

    def contains(self, p: Vec, margin: float = 0.0) -> bool:
        u, v = self.local(p)
        return abs(u) <= self.hl + margin and abs(v) <= self.hw + margin

    def facing_towards(self, p: Vec) -> Facing:
        """The facing that a point lies in front of.

        The sectors are bounded by the hull's diagonals (lines from the centre
        through the corners), as vehicle facings are judged on the tabletop.
        """
        u, v = self.local(p)
        # compare |u|/hl with |v|/hw: which edge does the ray from the centre meet first
        if abs(u) * self.hw >= abs(v) * self.hl:
            return Facing.FRONT if u >= 0 else Facing.REAR
        return Facing.PORT if v > 0 else Facing.STARBOARD

    def moved(self, pose: Pose) -> Hull:
        return Hull(pose.x, pose.y, pose.heading, self.length, self.width)

    def __repr__(self) -> str:
        return f"Hull({self.x:.3f}, {self.y:.3f}, {self.heading:.1f}, {self.length}, {self.width})"


def hulls_overlap(a: Hull, b: Hull) -> bool:
    """Separating-axis test for two oriented rectangles (touching counts as overlap)."""
    dx, dy = b.x - a.x, b.y - a.y
    rr = a.radius + b.radius + EPS  # only clearly apart: touching must reach the exact test
    if dx * dx + dy * dy > rr * rr:
        return False
    for cx, sx in ((a.c, a.s), (b.c, b.s)):
        # axis along keel (cx, sx) and across (-sx, cx)
        for ux, uy in ((cx, sx), (-sx, cx)):
            ra = a.hl * abs(a.c * ux + a.s * uy) + a.hw * abs(-a.s * ux + a.c * uy)
            rb = b.hl * abs(b.c * ux + b.s * uy) + b.hw * abs(-b.s * ux + b.c * uy)
            if abs(dx * ux + dy * uy) > ra + rb:
                return False
    return True


def separation(a: Hull, b: Hull) -> float:
    """A lower bound on the distance between two hulls: their largest gap along
    the four separating axes (positive: apart by at least that; else overlapping)."""
    dx, dy = b.x - a.x, b.y - a.y
    best = -math.inf
    ac, as_, bc, bs = a.c, a.s, b.c, b.s
    for ux, uy in ((ac, as_), (-as_, ac), (bc, bs), (-bs, bc)):
        ra = a.hl * abs(ac * ux + as_ * uy) + a.hw * abs(-as_ * ux + ac * uy)
        rb = b.hl * abs(bc * ux + bs * uy) + b.hw * abs(-bs * ux + bc * uy)
        g = abs(dx * ux + dy * uy) - ra - rb
        if g > best:
            best = g
    return best


def separation_polygon(a: Hull, poly: Polygon) -> float:
    """A lower bound on the distance from a hull to a polygon: the largest gap along the
    hull's axes and the polygon's edge normals (positive: apart by at least that).
    Exact about overlap for a convex polygon; for a concave one it bounds the distance
    to its convex hull, which is never more than the distance to the polygon."""
    ac, as_ = a.c, a.s
    ax, ay = a.x, a.y
    best = -math.inf
    for ux, uy, pmin, pmax in poly.axes:
        ra = a.hl * abs(ac * ux + as_ * uy) + a.hw * abs(-as_ * ux + ac * uy)
        ca = ax * ux + ay * uy
        g = max(pmin - ca - ra, ca - ra - pmax)
        if g > best:
            best = g
    pts = poly.points
    for ux, uy, ra in ((ac, as_, a.hl), (-as_, ac, a.hw)):
        lo = hi = pts[0][0] * ux + pts[0][1] * uy
        for x, y in pts:
            p = x * ux + y * uy
            if p < lo:
                lo = p
            elif p > hi:
                hi = p
        ca = ax * ux + ay * uy
        g = max(lo - ca - ra, ca - ra - hi)
        if g > best:
            best = g
    return best


def _point_segment_dist2(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    t = 0.0 if ll <= 0.0 else max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / ll))
    qx, qy = ax + t * ex - px, ay + t * ey - py
    return qx * qx + qy * qy


def _poly_poly_dist(pa: Sequence[tuple[float, float]], pb: Sequence[tuple[float, float]]) -> float:
    """Distance between the boundaries of two polygons that do not intersect."""
    best = math.inf
    for poly, other in ((pa, pb), (pb, pa)):
        n = len(other)
        for px, py in poly:
            for i in range(n):
                ax, ay = other[i]
                bx, by = other[(i + 1) % n]
                d = _point_segment_dist2(px, py, ax, ay, bx, by)
                if d < best:
                    best = d
    return math.sqrt(best)


def hull_distance(a: Hull, b: Hull) -> float:
    """Closest distance between two hulls (0 when they touch or overlap)."""
    if hulls_overlap(a, b):
        return 0.0
    return _poly_poly_dist(a.corners, b.corners)


def hulls_within(a: Hull, b: Hull, reach: float) -> bool:
    """Whether two hulls are within ``reach`` of each other (cheap rejection first)."""
    dx, dy = a.x - b.x, a.y - b.y
    rr = a.radius + b.radius + reach
    if dx * dx + dy * dy > rr * rr or separation(a, b) > reach:
        return False
    return hull_distance(a, b) <= reach


def polygon_within(h: Hull, poly: Polygon, reach: float) -> float | None:
    """The distance from a hull to a polygon if it is within ``reach``, else None (cheap rejections first)."""
    if math.hypot(h.x - poly.cx, h.y - poly.cy) - h.radius - poly.radius > reach or separation_polygon(h, poly) > reach:
        return None
    d = hull_polygon_distance(h, poly)
    return d if d <= reach else None


def point_hull_distance(p: Vec, h: Hull) -> float:
    """Distance from a point to a hull (0 inside)."""
    u, v = h.local(p)
    du = max(0.0, abs(u) - h.hl)
    dv = max(0.0, abs(v) - h.hw)
    return math.hypot(du, dv)


# --------------------------------------------------------------------------- arcs


@dataclass(frozen=True, slots=True)
class Arc:
    """An angular interval: ``width`` degrees centred on ``centre`` (both in degrees)."""

    centre: float
    width: float

    def contains_bearing(self, b: float) -> bool:
        return abs(angle_diff(b, self.centre)) <= self.width / 2.0 + EPS

    def contains(self, origin: Vec, p: Vec) -> bool:
        if p.x == origin.x and p.y == origin.y:
            return True
        return self.contains_bearing(bearing(origin, p))


# --------------------------------------------------------------------------- polygons


class Polygon:
    """A simple polygon (terrain: an island, a dock, a template)."""

    __slots__ = ("axes", "convex", "cx", "cy", "maxx", "maxy", "minx", "miny", "points", "radius")

    def __init__(self, points: Iterable[tuple[float, float]]) -> None:
        pts = [(float(x), float(y)) for x, y in points]
        if len(pts) >= 2 and pts[0] == pts[-1]:
            pts.pop()
        if len(pts) < 3:
            raise ValueError("a polygon needs at least 3 distinct points")
        if _signed_area(pts) < 0:
            pts.reverse()
        self.points: tuple[tuple[float, float], ...] = tuple(pts)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        self.minx, self.maxx, self.miny, self.maxy = min(xs), max(xs), min(ys), max(ys)
        self.cx = (self.minx + self.maxx) / 2.0
        self.cy = (self.miny + self.maxy) / 2.0
        self.radius = max(math.hypot(x - self.cx, y - self.cy) for x, y in pts)
        self.convex = _is_convex(pts)
        #: each edge's unit normal with the polygon's extent along it (for separating-axis tests)
        self.axes = _edge_axes(self.points)

    @classmethod
    def circle(cls, centre: Vec, radius: float, sides: int = 16) -> Polygon:
        return cls((centre.x + radius * math.cos(2 * math.pi * i / sides), centre.y + radius * math.sin(2 * math.pi * i / sides)) for i in range(sides))

    @property
    def area(self) -> float:
        return _signed_area(self.points)

    def contains(self, p: Vec) -> bool:
        """Point in polygon (even-odd rule; boundary points count as inside for convex shapes)."""
        x, y = p.x, p.y
        if x < self.minx - EPS or x > self.maxx + EPS or y < self.miny - EPS or y > self.maxy + EPS:
            return False
        pts = self.points
        if self.convex:
            n = len(pts)
            for i in range(n):
                ax, ay = pts[i]
                bx, by = pts[(i + 1) % n]
                if (bx - ax) * (y - ay) - (by - ay) * (x - ax) < -EPS:
                    return False
            return True
        inside = False
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside

    def distance_to(self, p: Vec) -> float:
        if self.contains(p):
            return 0.0
        pts = self.points
        n = len(pts)
        return math.sqrt(min(_point_segment_dist2(p.x, p.y, *pts[i], *pts[(i + 1) % n]) for i in range(n)))

    def closest_point(self, p: Vec) -> Vec:
        """The point of the polygon's boundary nearest to ``p``."""
        pts = self.points
        n = len(pts)
        best, bq = math.inf, Vec(*pts[0])
        for i in range(n):
            ax, ay = pts[i]
            bx, by = pts[(i + 1) % n]
            ex, ey = bx - ax, by - ay
            ll = ex * ex + ey * ey
            t = 0.0 if ll <= 0 else max(0.0, min(1.0, ((p.x - ax) * ex + (p.y - ay) * ey) / ll))
            q = Vec(ax + t * ex, ay + t * ey)
            d = distance(p, q)
            if d < best:
                best, bq = d, q
        return bq

    def rotated(self, degrees: float, about: Vec) -> Polygon:
        return Polygon((q.x, q.y) for q in (Vec(x, y).rotated(degrees, about) for x, y in self.points))


def _edge_axes(pts: Sequence[tuple[float, float]]) -> tuple[tuple[float, float, float, float], ...]:
    out = []
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        ln = math.hypot(ex, ey)
        if ln < EPS:
            continue
        ux, uy = ey / ln, -ex / ln
        projs = [x * ux + y * uy for x, y in pts]
        out.append((ux, uy, min(projs), max(projs)))
    return tuple(out)


def _signed_area(pts: Sequence[tuple[float, float]]) -> float:
    n = len(pts)
    return 0.5 * sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))


def _is_convex(pts: Sequence[tuple[float, float]]) -> bool:
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        cx, cy = pts[(i + 2) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -EPS:
            return False
    return True


def _segments_cross(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float) -> bool:
    d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0):
        return False
    if d1 == 0.0 and d2 == 0.0:
        # all four points on one line: the segments meet only if their extents overlap
        return max(min(ax, bx), min(cx, dx)) <= min(max(ax, bx), max(cx, dx)) and max(min(ay, by), min(cy, dy)) <= min(max(ay, by), max(cy, dy))
    d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    return not ((d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0))


def hull_hits_polygon(h: Hull, poly: Polygon) -> bool:
    """Whether a hull touches or overlaps a polygon."""
    dx, dy = h.x - poly.cx, h.y - poly.cy
    rr = h.radius + poly.radius + EPS
    if dx * dx + dy * dy > rr * rr:
        return False
    hc = h.corners
    pts = poly.points
    n = len(pts)
    for i in range(4):
        ax, ay = hc[i]
        bx, by = hc[(i + 1) % 4]
        for j in range(n):
            cx, cy = pts[j]
            ex, ey = pts[(j + 1) % n]
            if _segments_cross(ax, ay, bx, by, cx, cy, ex, ey):
                return True
    if poly.contains(Vec(*hc[0])):
        return True
    return h.contains(Vec(*pts[0]))


def hull_polygon_distance(h: Hull, poly: Polygon) -> float:
    if hull_hits_polygon(h, poly):
        return 0.0
    return _poly_poly_dist(h.corners, poly.points)


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class Table:
    """The playing area: a rectangle from (0, 0) to (width, height)."""

    width: float
    height: float

    def __deepcopy__(self, memo: object) -> Table:
        return self  # immutable (see Hull.__deepcopy__)

    @property
    def centre(self) -> Vec:
        return Vec(self.width / 2.0, self.height / 2.0)

    def holds(self, h: Hull) -> bool:
        """Whether the whole hull is on the table."""
        w, ht = self.width, self.height
        return all(-EPS <= x <= w + EPS and -EPS <= y <= ht + EPS for x, y in h.corners)

    def holds_point(self, p: Vec, margin: float = 0.0) -> bool:
        return margin <= p.x <= self.width - margin and margin <= p.y <= self.height - margin

    def edge_distance(self, p: Vec) -> float:
        return min(p.x, p.y, self.width - p.x, self.height - p.y)

    def edge_point(self, direction: float) -> Vec:
        """Where a line from the centre along ``direction`` meets the table's edge."""
        cx, cy = self.centre
        d = unit(direction)
        ts = []
        if d.x > EPS:
            ts.append((self.width - cx) / d.x)
        elif d.x < -EPS:
            ts.append(-cx / d.x)
        if d.y > EPS:
            ts.append((self.height - cy) / d.y)
        elif d.y < -EPS:
            ts.append(-cy / d.y)
        t = min(ts)
        return Vec(cx + d.x * t, cy + d.y * t)
