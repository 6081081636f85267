"""Ships in motion: paths of straight and turning legs, and swept moves that stop at the first
contact with a ship, terrain or the table's edge (docs/architecture.md, section (e)).

Movement is swept, never teleported: on a straight leg the touch is found exactly as a time of
impact over separating axes; on a turning leg by conservative advancement.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from grapeshot.geometry.shapes import Hull, Polygon, Table, hull_hits_polygon, hull_polygon_distance, hulls_overlap, separation, separation_polygon
from grapeshot.geometry.vectors import _DEG, EPS, Pose, Vec, norm_deg

#: A moving hull stops this far short of whatever it runs into, so that a
#: stopped hull never touches another by a rounding error.
CLEARANCE = 0.005


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


def hulls_misplaced(hulls: Sequence[tuple[str, Hull]], table: Table, obstacles: Sequence[Obstacle]) -> list[str]:
    """What is wrong with where these named hulls stand (the invariant every rule set checks): one
    off the table, two overlapping, or one overlapping a terrain polygon among ``obstacles``."""
    out: list[str] = []
    near = near_pairs([h for _, h in hulls])
    for i, (name, hull) in enumerate(hulls):
        if not table.holds(hull):
            out.append(f"{name} is off the table at {hull!r}")
        out.extend(f"{name} overlaps {hulls[j][0]}" for j in near.get(i, ()) if hulls_overlap(hull, hulls[j][1]))
        out.extend(f"{name} overlaps {ob.ident}" for ob in obstacles if isinstance(ob.shape, Polygon) and hull_hits_polygon(hull, ob.shape))
    return out


def near_pairs(hulls: Sequence[Hull]) -> dict[int, list[int]]:
    """For each hull (by index), the later hulls whose bounding circles meet its own, in order:
    the only pairs that can overlap.  Swept along x, so a crowd of a hundred ships costs about
    its size in pair tests rather than its square (the invariants ask it after every action)."""
    order = sorted(range(len(hulls)), key=lambda i: hulls[i].x - hulls[i].radius)
    active: list[int] = []
    near: dict[int, list[int]] = {}
    for i in order:
        h = hulls[i]
        active = [j for j in active if hulls[j].x + hulls[j].radius + EPS >= h.x - h.radius]
        for j in active:
            o = hulls[j]
            reach = h.radius + o.radius + EPS  # as inclusive as hulls_overlap's own quick test
            if (h.x - o.x) ** 2 + (h.y - o.y) ** 2 <= reach * reach:
                near.setdefault(min(i, j), []).append(max(i, j))
        active.append(i)
    for later in near.values():
        later.sort()
    return near


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
                # the leg's last pose is looked at against everything: a gap closing within the
                # least advance of the leg's end would otherwise be due only past it
                last = s >= s1
                for i, ob in enumerate(near):
                    if due[i] <= s or last:
                        g = _gap_to(h, hr, ob.shape)
                        if g <= 0.0 and s > start:
                            return s, ob.ident, ob.kind
                        due[i] = s + max(g / speed, MIN_ADVANCE)
                    step = min(step, due[i])
                if edges is not None:
                    if edge_due <= s or last:
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


# --------------------------------------------------------------------------- turning in place

#: While a hull turns in place, its farthest corner moves at most this far between the poses tested (inches).
PIVOT_STEP = 0.05


def pivot(hull: Hull, about: Vec, turn: float, obstacles: Sequence[Obstacle], table: Table | None, step: float = PIVOT_STEP) -> Sweep:
    """Turn a hull ``turn`` degrees (positive counter-clockwise) about a point of the table,
    stopping at the last pose that keeps :data:`CLEARANCE` from everything before the first
    that does not (a ship spun to a new heading without sailing: WS-MOVE-1, WS-MOVE-2).

    The poses are tested so that no corner moves more than ``step`` between two of them. The
    sweep's ``travelled`` is the degrees turned, and its contact's ``at`` the degrees at which the
    hull first touched (what it met is named as in :func:`sweep`)."""
    if turn == 0.0:
        return Sweep(0.0, hull, None)
    reach = max(math.hypot(x - about.x, y - about.y) for x, y in hull.corners)
    near = [ob for ob in obstacles if math.hypot(_centre_of(ob.shape)[0] - about.x, _centre_of(ob.shape)[1] - about.y) <= reach + ob.shape.radius + CLEARANCE]
    count = max(1, math.ceil(abs(turn) * _DEG * reach / step))
    last = hull

    def posed(a: float, grow: float) -> Hull:
        c, s = math.cos(a * _DEG), math.sin(a * _DEG)
        dx, dy = hull.x - about.x, hull.y - about.y
        return Hull(about.x + dx * c - dy * s, about.y + dx * s + dy * c, norm_deg(hull.heading + a), hull.length + grow, hull.width + grow)

    for k in range(1, count + 1):
        a = turn * k / count
        grown = posed(a, 2.0 * CLEARANCE)
        hit = next((ob for ob in near if _touches(grown, ob)), None)
        if hit is not None or (table is not None and not table.holds(grown)):
            ident, kind = (hit.ident, hit.kind) if hit is not None else ("edge", "edge")
            return Sweep(abs(turn * (k - 1) / count), last, Contact(ident, kind, abs(a)))
        last = posed(a, 0.0)
    return Sweep(abs(turn), last, None)


def _centre_of(shape: Hull | Polygon) -> tuple[float, float]:
    return (shape.x, shape.y) if isinstance(shape, Hull) else (shape.cx, shape.cy)
