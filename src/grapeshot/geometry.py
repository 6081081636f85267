"""Geometry of a continuous tabletop.

Units and axes, stated once for the whole project:

* lengths are **inches**, angles are **degrees**;
* the table's origin is its lower-left corner, ``x`` runs right, ``y`` runs up;
* a heading of 0 points along ``+x`` and headings grow **counter-clockwise**
  (90 = ``+y``); port is to the left of a heading (+90), starboard to the right (-90).

Ships are oriented rectangles (:class:`Hull`) whose pose is the centre of the
hull and the direction the bow points.  The hot paths (overlap tests, swept
moves) are hand-written on floats: shapely and numpy pay off only for batches
and are kept for tests.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

EPS = 1e-9
#: A moving hull stops this far short of whatever it runs into, so that a
#: stopped hull never touches another by a rounding error.
CLEARANCE = 0.005
_DEG = math.pi / 180.0


class Vec(NamedTuple):
    """A point or displacement on the table, in inches."""

    x: float
    y: float

    def __add__(self, o: object) -> Vec:
        assert isinstance(o, Vec)
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o: Vec) -> Vec:
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k: object) -> Vec:
        assert isinstance(k, (int, float))
        return Vec(self.x * k, self.y * k)

    def dot(self, o: Vec) -> float:
        return self.x * o.x + self.y * o.y

    def cross(self, o: Vec) -> float:
        return self.x * o.y - self.y * o.x

    def length(self) -> float:
        return math.hypot(self.x, self.y)

    def rotated(self, degrees: float, about: Vec | None = None) -> Vec:
        c, s = math.cos(degrees * _DEG), math.sin(degrees * _DEG)
        ox, oy = (about.x, about.y) if about is not None else (0.0, 0.0)
        dx, dy = self.x - ox, self.y - oy
        return Vec(ox + dx * c - dy * s, oy + dx * s + dy * c)


def unit(degrees: float) -> Vec:
    """The unit vector pointing along a heading."""
    r = degrees * _DEG
    return Vec(math.cos(r), math.sin(r))


def norm_deg(a: float) -> float:
    """An angle in [0, 360)."""
    a %= 360.0
    return 0.0 if a >= 360.0 else a


def angle_diff(a: float, b: float) -> float:
    """Signed smallest difference ``a - b`` in (-180, 180]."""
    d = (a - b) % 360.0
    return d - 360.0 if d > 180.0 else d


def bearing(frm: Vec, to: Vec) -> float:
    """Heading from one point to another, in [0, 360)."""
    return norm_deg(math.degrees(math.atan2(to.y - frm.y, to.x - frm.x)))


def distance(a: Vec, b: Vec) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


class Pose(NamedTuple):
    """Where a model stands: a point and the heading it faces."""

    x: float
    y: float
    heading: float

    @property
    def pos(self) -> Vec:
        return Vec(self.x, self.y)

    def rotated(self, degrees: float, about: Vec) -> Pose:
        p = Vec(self.x, self.y).rotated(degrees, about)
        return Pose(p.x, p.y, norm_deg(self.heading + degrees))


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


# --------------------------------------------------------------------------- paths


class Segment(NamedTuple):
    """One piece of a path for a lead point: straight (``turn == 0``) or a circular arc.

    ``length`` is the distance travelled along the piece; ``turn`` the signed
    change of direction over it in degrees (positive = counter-clockwise).
    """

    length: float
    turn: float = 0.0


class Path:
    """The route of a ship's lead point (its bow, or its stern going astern).

    A path starts at a pose and is a chain of :class:`Segment`.  ``reverse``
    says the hull travels stern first, so its heading is opposite to the
    direction of travel.
    """

    __slots__ = ("_starts", "length", "reverse", "segments", "start")

    def __init__(self, start: Pose, segments: Sequence[Segment], reverse: bool = False) -> None:
        self.start = start
        self.segments = tuple(s for s in segments if s.length > EPS)
        self.reverse = reverse
        self.length = sum(s.length for s in self.segments)
        starts = []
        x, y, h = start
        for seg in self.segments:
            starts.append((x, y, h))
            x, y, h = _advance(x, y, h, seg.length, seg.turn, seg.length)
        starts.append((x, y, h))
        self._starts = tuple(starts)

    def at(self, s: float) -> Pose:
        """Pose of the lead point after travelling ``s`` inches (direction of travel as heading)."""
        s = max(0.0, min(s, self.length))
        for seg, (x, y, h) in zip(self.segments, self._starts, strict=False):
            if s <= seg.length + EPS:
                nx, ny, nh = _advance(x, y, h, min(s, seg.length), seg.turn, seg.length)
                return Pose(nx, ny, nh)
            s -= seg.length
        x, y, h = self._starts[-1]
        return Pose(x, y, h)

    @property
    def end(self) -> Pose:
        x, y, h = self._starts[-1]
        return Pose(x, y, h)

    def point_speed(self, reach: float) -> float:
        """The most any point within ``reach`` of the lead point moves per inch of path
        (turning swings the hull around the lead point)."""
        k = max((abs(seg.turn) * _DEG / seg.length for seg in self.segments), default=0.0)
        return 1.0 + k * reach

    def hull_at(self, s: float, length: float, width: float) -> Hull:
        """The hull whose lead point stands at ``s`` along the path."""
        p = self.at(s)
        r = p.heading * _DEG
        c, sn = math.cos(r), math.sin(r)
        hl = length / 2.0
        heading = norm_deg(p.heading + 180.0) if self.reverse else p.heading
        return Hull(p.x - c * hl, p.y - sn * hl, heading, length, width)

    def bounds(self, pad: float) -> tuple[float, float, float, float]:
        """An axis-aligned box holding every point of the path, grown by ``pad``.

        Arcs are sampled every 15 degrees; the box is grown by the largest
        sagitta of such a step so the arc between samples stays inside.
        """
        xs: list[float] = []
        ys: list[float] = []
        extra = 0.0
        for seg, (x, y, h) in zip(self.segments, self._starts, strict=False):
            xs.append(x)
            ys.append(y)
            if seg.turn:
                steps = max(1, math.ceil(abs(seg.turn) / 15.0))
                for i in range(1, steps):
                    px, py, _ = _advance(x, y, h, seg.length * i / steps, seg.turn, seg.length)
                    xs.append(px)
                    ys.append(py)
                # sagitta of one step of angle a on radius r = length / turn:
                # r (1 - cos(a / 2)) <= r a^2 / 8, written without dividing by the turn
                step_angle = abs(seg.turn) * _DEG / steps
                extra = max(extra, seg.length / steps * step_angle / 8.0)
        x, y, _ = self._starts[-1]
        xs.append(x)
        ys.append(y)
        pad += extra
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _advance(x: float, y: float, h: float, s: float, turn: float, seg_len: float) -> tuple[float, float, float]:
    """Move ``s`` along a segment of ``seg_len`` that turns ``turn`` degrees over its length."""
    r = h * _DEG
    if turn == 0.0:
        return x + math.cos(r) * s, y + math.sin(r) * s, h
    k = turn * _DEG / seg_len  # curvature (radians per inch), signed
    half = k * s / 2.0
    # the chord of the arc, along the mean of the start and end directions; unlike
    # going through the turning circle's centre this stays exact for huge radii
    chord = s if abs(half) < 1e-8 else s * math.sin(half) / half
    mid = r + half
    return x + math.cos(mid) * chord, y + math.sin(mid) * chord, norm_deg(h + turn * s / seg_len)


# --------------------------------------------------------------------------- swept movement


class Obstacle(NamedTuple):
    """Something a moving hull can run into: another hull or a terrain polygon."""

    ident: str
    kind: str  # "ship", "island", "dock", ...
    shape: Hull | Polygon


@dataclass(frozen=True, slots=True)
class Contact:
    """The first thing a swept move touched, and where along the path."""

    ident: str
    kind: str  # obstacle kind, or "edge" for the table's edge
    at: float  # inches travelled when contact happened


@dataclass(frozen=True, slots=True)
class Sweep:
    """The result of sweeping a hull along a path: how far it got and what stopped it."""

    travelled: float
    hull: Hull
    contact: Contact | None


def _touches(h: Hull, ob: Obstacle) -> bool:
    shape = ob.shape
    if isinstance(shape, Hull):
        return hulls_overlap(h, shape)
    return hull_hits_polygon(h, shape)


#: On turning legs the hull advances at least this far per test (the most a corner
#: could clip unseen is this times the path's point speed: thousandths of an inch).
MIN_ADVANCE = 1e-3


def sweep(
    path: Path,
    length: float,
    width: float,
    obstacles: Sequence[Obstacle],
    table: Table | None,
    upto: float | None = None,
    tolerance: float = 0.01,
    start: float = 0.0,
) -> Sweep:
    """Move a hull along ``path`` from ``start`` to ``upto`` inches and stop at the first contact.

    The first touch is found as in :func:`first_contact`; the ship then stops at
    the last pose within ``tolerance`` of the touch that keeps
    :data:`CLEARANCE` from everything, and the contact names what was met.
    """
    total = path.length if upto is None else max(0.0, min(upto, path.length))
    near, edges = _near(path, length, width, obstacles, table)
    touch = _first_touch(path, length, width, near, edges, total, start)
    if touch is None:
        return Sweep(total, path.hull_at(total, length, width), None)
    at, ident, kind = touch

    def clear(s: float) -> bool:
        # the hull grown by the clearance it must keep from everything
        p = path.hull_at(s, length, width)
        h = Hull(p.x, p.y, p.heading, length + 2 * CLEARANCE, width + 2 * CLEARANCE)
        return not any(_touches(h, ob) for ob in near) and (edges is None or edges.holds(h))

    # back off from the touch until clear, then bisect to the clear pose nearest it
    hi, back = at, tolerance
    lo = max(start, at - back)
    while lo > start and not clear(lo):
        hi, back = lo, back * 2.0
        lo = max(start, at - back)
    if lo > start:
        while hi - lo > tolerance / 4.0:
            mid = (lo + hi) / 2.0
            if clear(mid):
                lo = mid
            else:
                hi = mid
    return Sweep(lo, path.hull_at(lo, length, width), Contact(ident, kind, at))


def first_contact(
    path: Path, length: float, width: float, obstacles: Sequence[Obstacle], table: Table | None, upto: float | None = None, start: float = 0.0
) -> Contact | None:
    """Where a hull moving along ``path`` (from ``start``) would first touch something, without stopping it short."""
    total = path.length if upto is None else max(0.0, min(upto, path.length))
    near, edges = _near(path, length, width, obstacles, table)
    touch = _first_touch(path, length, width, near, edges, total, start)
    return None if touch is None else Contact(touch[1], touch[2], touch[0])


def _near(path: Path, length: float, width: float, obstacles: Sequence[Obstacle], table: Table | None) -> tuple[list[Obstacle], Table | None]:
    """Broad phase: the obstacles near the path's box, and the table if its edges are within reach."""
    minx, miny, maxx, maxy = path.bounds(math.hypot(length, width / 2.0) + EPS)
    near: list[Obstacle] = []
    for ob in obstacles:
        shape = ob.shape
        if isinstance(shape, Hull):
            r, ox, oy = shape.radius, shape.x, shape.y
        else:
            r, ox, oy = shape.radius, shape.cx, shape.cy
        if ox + r >= minx and ox - r <= maxx and oy + r >= miny and oy - r <= maxy:
            near.append(ob)
    edges = table if table is not None and (minx < 0 or miny < 0 or maxx > table.width or maxy > table.height) else None
    return near, edges


def _first_touch(
    path: Path, length: float, width: float, near: Sequence[Obstacle], edges: Table | None, total: float, start: float = 0.0
) -> tuple[float, str, str] | None:
    """The first distance along the path at which the hull touches something, and what.

    On a straight leg the hull only translates, so the touch is found exactly,
    from the separating axes of the moving hull and each obstacle (and the
    corners against the table's edges).  On a turning leg the hull advances by
    a lower bound of its distance to everything (separating axes) divided by
    the fastest any of its points moves, so no pose in between can touch.
    """
    if total - start <= EPS or (not near and edges is None):
        return None
    hr = math.hypot(length, width) / 2.0
    speed = path.point_speed(math.hypot(length, width / 2.0))
    seg_start = 0.0
    for seg in path.segments:
        s0 = max(seg_start, start)
        seg_start += seg.length
        if s0 >= total:
            break
        s1 = min(total, seg_start)
        if s1 <= s0:
            continue
        span = s1 - s0
        if span <= EPS:
            s0 = s1
            continue
        if seg.turn == 0.0:
            h0 = path.hull_at(s0, length, width)
            h1 = path.hull_at(s1, length, width)
            vx, vy = (h1.x - h0.x) / span, (h1.y - h0.y) / span
            first, who = math.inf, ("", "")
            for ob in near:
                shape = ob.shape
                if isinstance(shape, Hull):
                    t = _toi_hull(h0, vx, vy, span, shape)
                elif shape.convex:
                    t = _toi_polygon(h0, vx, vy, span, shape)
                else:
                    t = _toi_advancing(path, s0, s1, length, width, speed, shape)
                if t is not None and t < first:
                    first, who = t, (ob.ident, ob.kind)
            if edges is not None:
                t = _toi_edge(h0, vx, vy, span, edges)
                if t is not None and t < first:
                    first, who = t, ("edge", "edge")
            if first <= span:
                return s0 + first, who[0], who[1]
        else:
            # each obstacle is looked at again only once the hull could have closed the gap it had
            due = [s0] * len(near)
            edge_due = s0
            s = s0
            while True:
                h = path.hull_at(s, length, width)
                step = math.inf
                for i, ob in enumerate(near):
                    if due[i] <= s:
                        g = _gap_to(h, hr, ob.shape)
                        if g <= 0.0 and s > start:
                            return s, ob.ident, ob.kind
                        due[i] = s + max(g / speed, MIN_ADVANCE)
                    step = min(step, due[i])
                if edges is not None:
                    if edge_due <= s:
                        g = min(min(cx, cy, edges.width - cx, edges.height - cy) for cx, cy in h.corners)
                        if g < -EPS and s > start:
                            return s, "edge", "edge"
                        edge_due = s + max(g / speed, MIN_ADVANCE)
                    step = min(step, edge_due)
                if s >= s1:
                    break
                s = min(s1, max(step, s + MIN_ADVANCE))
    return None


def _gap_to(h: Hull, hr: float, shape: Hull | Polygon) -> float:
    """A lower bound on the distance from a hull to an obstacle (at most 0 when they touch)."""
    if isinstance(shape, Hull):
        return separation(h, shape)
    g = math.hypot(h.x - shape.cx, h.y - shape.cy) - hr - shape.radius
    if g < 1.0:
        g = separation_polygon(h, shape)
        if g <= 0.0 and not shape.convex:
            g = hull_polygon_distance(h, shape)
    return g


def _interval(lo: float, hi: float, d_lo: float, d_hi: float, vu: float) -> tuple[float, float] | None:
    """Narrow [lo, hi] to the distances t at which ``d_lo <= vu * t <= d_hi``."""
    if -1e-12 < vu < 1e-12:
        return (lo, hi) if d_lo <= 0.0 <= d_hi else None
    t1, t2 = d_lo / vu, d_hi / vu
    if t1 > t2:
        t1, t2 = t2, t1
    lo, hi = max(lo, t1), min(hi, t2)
    return (lo, hi) if lo <= hi else None


def _entering(lo: float, hi: float) -> float | None:
    """The touch of a motion whose overlap with something spans [lo, hi]: none if the hull only
    touches it at the start and moves away (a ship placed flush against something may leave it)."""
    if lo <= EPS and hi <= EPS:
        return None
    return lo


def _toi_hull(a: Hull, vx: float, vy: float, dist: float, b: Hull) -> float | None:
    """The first distance in [0, dist] at which hull ``a``, carried along the unit vector
    (vx, vy), touches hull ``b`` (separating axes over the motion); None if it never does."""
    dx, dy = b.x - a.x, b.y - a.y
    ac, as_, bc, bs = a.c, a.s, b.c, b.s
    lo, hi = 0.0, dist
    for ux, uy in ((ac, as_), (-as_, ac), (bc, bs), (-bs, bc)):
        r = a.hl * abs(ac * ux + as_ * uy) + a.hw * abs(-as_ * ux + ac * uy) + b.hl * abs(bc * ux + bs * uy) + b.hw * abs(-bs * ux + bc * uy)
        d = dx * ux + dy * uy
        span = _interval(lo, hi, d - r, d + r, vx * ux + vy * uy)
        if span is None:
            return None
        lo, hi = span
    return _entering(lo, hi)


def _toi_polygon(a: Hull, vx: float, vy: float, dist: float, poly: Polygon) -> float | None:
    """As :func:`_toi_hull`, against a convex polygon."""
    ac, as_ = a.c, a.s
    lo, hi = 0.0, dist
    pts = poly.points
    hull_axes = []
    for ux, uy in ((ac, as_), (-as_, ac)):
        projs = [x * ux + y * uy for x, y in pts]
        hull_axes.append((ux, uy, min(projs), max(projs)))
    for ux, uy, pmin, pmax in (*hull_axes, *poly.axes):
        ra = a.hl * abs(ac * ux + as_ * uy) + a.hw * abs(-as_ * ux + ac * uy)
        ca = a.x * ux + a.y * uy
        span = _interval(lo, hi, pmin - ra - ca, pmax + ra - ca, vx * ux + vy * uy)
        if span is None:
            return None
        lo, hi = span
    return _entering(lo, hi)


def _toi_edge(a: Hull, vx: float, vy: float, dist: float, table: Table) -> float | None:
    """The first distance at which a corner of the hull, carried along (vx, vy), reaches the table's edge."""
    first = math.inf
    for x, y in a.corners:
        if vx > 1e-12:
            first = min(first, (table.width - x) / vx)
        elif vx < -1e-12:
            first = min(first, -x / vx)
        if vy > 1e-12:
            first = min(first, (table.height - y) / vy)
        elif vy < -1e-12:
            first = min(first, -y / vy)
    return max(0.0, first) if first <= dist else None


def _toi_advancing(path: Path, s0: float, s1: float, length: float, width: float, speed: float, poly: Polygon) -> float | None:
    """The first touch of a concave polygon along [s0, s1], by conservative advancement."""
    s = s0
    while True:
        g = hull_polygon_distance(path.hull_at(s, length, width), poly)
        if g <= 0.0:
            return s - s0
        if s >= s1:
            return None
        s = min(s1, s + max(g / speed, MIN_ADVANCE))


def translate_path(start: Pose, direction: float, dist: float) -> Path:
    """A straight drift of a hull (not along its heading): bow-independent translation.

    The lead point is the hull's centre carried along ``direction``; used for
    drifting hulks and wind-driven slides.  ``start`` is the hull's centre pose.
    """
    return _Translation(start, direction, dist)


class _Translation(Path):
    """A path that moves a hull sideways or backwards without turning it."""

    __slots__ = ("hull_heading",)

    def __init__(self, centre: Pose, direction: float, dist: float) -> None:
        super().__init__(Pose(centre.x, centre.y, direction), [Segment(dist)])
        self.hull_heading = centre.heading

    def hull_at(self, s: float, length: float, width: float) -> Hull:
        p = self.at(s)
        return Hull(p.x, p.y, self.hull_heading, length, width)

    def point_speed(self, reach: float) -> float:
        return 1.0

    def bounds(self, pad: float) -> tuple[float, float, float, float]:
        a, b = self.start, self.end
        return min(a.x, b.x) - pad, min(a.y, b.y) - pad, max(a.x, b.x) + pad, max(a.y, b.y) + pad


# --------------------------------------------------------------------------- lines and templates


def segment_hull_entry(p0: Vec, p1: Vec, h: Hull) -> float | None:
    """Fraction along ``p0 -> p1`` where the segment first meets the hull, or ``None``.

    Slab clipping in the hull's frame (Liang-Barsky).
    """
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
            if t > t1:
                return None
            t0 = max(t0, t)
        else:
            if t < t0:
                return None
            t1 = min(t1, t)
    return t0


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


#: The flamer template: 8" long, 0.5" wide at the narrow end, its far end a
#: half-disc of radius 1.25" (the tabletop teardrop, as a convex polygon).
TEMPLATE_LENGTH = 8.0
TEMPLATE_NARROW = 0.25
TEMPLATE_WIDE = 1.25


def flamer_template(origin: Vec, direction: float) -> Polygon:
    """The teardrop template laid with its narrow end at ``origin`` pointing along ``direction``."""
    axis = TEMPLATE_LENGTH - TEMPLATE_WIDE
    pts: list[tuple[float, float]] = [(0.0, -TEMPLATE_NARROW), (axis, -TEMPLATE_WIDE)]
    for i in range(1, 12):
        a = -90.0 + 180.0 * i / 12
        pts.append((axis + TEMPLATE_WIDE * math.cos(a * _DEG), TEMPLATE_WIDE * math.sin(a * _DEG)))
    pts += [(axis, TEMPLATE_WIDE), (0.0, TEMPLATE_NARROW)]
    c, s = math.cos(direction * _DEG), math.sin(direction * _DEG)
    return Polygon((origin.x + x * c - y * s, origin.y + x * s + y * c) for x, y in pts)


def scatter(p: Vec, direction: float | None, dist: float) -> Vec:
    """A point moved ``dist`` inches along a scatter direction (``None`` = a hit: stays put)."""
    if direction is None or dist <= 0:
        return p
    d = unit(direction)
    return Vec(p.x + d.x * dist, p.y + d.y * dist)


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
