"""Where a round base may stand, and placing figures where there is room.

:class:`FreeSpace` is the set of points the centre of a base of a given radius may take: inside
every region it must stay in (a deck, a fort level, the table), clear of other bases and of
obstacles (hulls, rocks, masts given as polygons).  It answers whether a point is free, whether a
straight move is, and where the free point nearest a given one is; the figures' free moves
(``figure_motion``) search it.

Placing (all deterministic: no randomness, ties broken by position): the free spot nearest a
point (:func:`nearest_free_spot`), figures placed one at a time as long as there is room
(:func:`place_bases`: boarders, CG-BOARD-2), bases shoved aside to make room for a newcomer
(:func:`shove_aside`: NW-BOARD-3).

The free spot nearest a point is found exactly.  The free space is bounded by pieces of simple
curves: circles round other bases (this base's radius plus theirs) and round the corners of
obstacles and regions (this radius), and the obstacles' and regions' edges moved this radius
outwards or inwards.  The nearest free point is the point itself, or the nearest point of one
such piece, or where two pieces cross; the candidates are tried nearest first and the first
free one is the answer.

Many bases are looked up in a grid of cells (when there are more than a dozen), so a test near
a point reads the few bases near it; a convex region is tested by its edges' lines.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from collections.abc import Sequence

from grapeshot.geometry.contact import TOUCH, Base, Region, _near_outline, _region_ring, base_gap, bases_overlap
from grapeshot.geometry.shapes import Hull, Polygon, _point_segment_dist2, _segments_cross
from grapeshot.geometry.vectors import EPS, Vec

#: A waypoint of a free move: a point just clear of a corner of the free space, and the points
#: of the boundary's outline on either side of it (for the tangent test, ``figure_motion``).
Waypoint = tuple[float, float, float, float, float, float]

#: Waypoints stand this much further out than the boundary, so they are free beyond doubt.
MARGIN = 1e-6
#: A free move bends round a base on a polygon with a side every this many degrees.
STEP = 30.0
#: With more bases than this, they are looked up in a grid.
GRID_FROM = 12

Disc = tuple[float, float, float, str]  # a base grown by the moving base's radius: x, y, reach, ident


class _Ring:
    """A polygon's outline for the free-space tests: its points in the order that keeps the free
    side on the right of every edge, its box grown by the base's radius, and for a convex
    outline each edge's line (normal towards the free side, offset)."""

    __slots__ = ("cx", "cy", "lines", "maxx", "maxy", "minx", "miny", "poly", "pts", "spread")

    def __init__(self, poly: Polygon, pts: tuple[tuple[float, float], ...], grow: float) -> None:
        self.poly = poly
        self.pts = pts
        self.minx, self.maxx = poly.minx - grow, poly.maxx + grow
        self.miny, self.maxy = poly.miny - grow, poly.maxy + grow
        self.cx, self.cy, self.spread = poly.cx, poly.cy, poly.radius + grow
        lines = []
        n = len(pts)
        for i in range(n):
            ax, ay = pts[i]
            bx, by = pts[(i + 1) % n]
            ln = math.hypot(bx - ax, by - ay)
            if ln >= EPS:
                nx, ny = (by - ay) / ln, -(bx - ax) / ln
                lines.append((nx, ny, nx * ax + ny * ay))
        self.lines = tuple(lines) if poly.convex else ()


class FreeSpace:
    """Where the centre of a round base of ``radius`` may stand: inside every region in
    ``within`` (a deck, a fort level, the table), clear of every base in ``bases`` and every
    obstacle in ``obstacles`` (hulls and polygons: rocks, masts, a ship when swimming).

    A base exactly touching another, or an edge, is free (within :data:`TOUCH`).
    """

    __slots__ = ("_cell", "_grid", "_reach", "bases", "discs", "obstacles", "radius", "regions")

    def __init__(self, radius: float, within: Sequence[Region] = (), bases: Sequence[Base] = (), obstacles: Sequence[Hull | Polygon] = ()) -> None:
        if radius < 0.0:
            raise ValueError(f"a base's radius cannot be negative (got {radius})")
        self.radius = radius
        self.bases = tuple(bases)
        #: the other bases grown by this one's radius: (x, y, reach, ident)
        self.discs: tuple[Disc, ...] = tuple((b.x, b.y, b.radius + radius, b.ident) for b in bases)
        self.regions = tuple(_Ring(Polygon(ring), tuple(reversed(ring)), 0.0) for ring in map(_region_ring, within))
        self.obstacles = tuple(_Ring(p, p.points, radius) for p in (ob if isinstance(ob, Polygon) else Polygon(ob.corners) for ob in obstacles))
        self._reach = max((d[2] for d in self.discs), default=0.0)
        self._cell = max(1.0, 2.0 * self._reach)
        self._grid: dict[tuple[int, int], list[Disc]] | None = None
        if len(self.discs) > GRID_FROM:
            grid: dict[tuple[int, int], list[Disc]] = {}
            for d in self.discs:
                grid.setdefault((math.floor(d[0] / self._cell), math.floor(d[1] / self._cell)), []).append(d)
            self._grid = grid

    def _discs_near(self, lox: float, loy: float, hix: float, hiy: float) -> Sequence[Disc]:
        """The bases that could come within their reach of the box."""
        grid = self._grid
        if grid is None:
            return self.discs
        c, r = self._cell, self._reach
        i0, i1 = math.floor((lox - r) / c), math.floor((hix + r) / c)
        j0, j1 = math.floor((loy - r) / c), math.floor((hiy + r) / c)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > len(grid):
            return self.discs
        return [d for i in range(i0, i1 + 1) for j in range(j0, j1 + 1) for d in grid.get((i, j), ())]

    # ------------------------------------------------------------------ tests

    def holds(self, p: Vec) -> bool:
        """Whether a base of this radius may stand with its centre at ``p``."""
        x, y = p.x, p.y
        for bx, by, reach, _ in self._discs_near(x, y, x, y):
            dx, dy = x - bx, y - by
            if dx * dx + dy * dy < (reach - TOUCH) ** 2:
                return False
        r = self.radius - TOUCH
        rr = r * r if r > 0.0 else -1.0
        for ob in self.obstacles:
            if ob.minx <= x <= ob.maxx and ob.miny <= y <= ob.maxy:
                if ob.lines and any(nx * x + ny * y - c >= r for nx, ny, c in ob.lines):
                    continue  # clear of a convex obstacle along one of its edges' lines
                if ob.poly.contains(p) or _near_outline(ob.pts, x, y, rr):
                    return False
        for reg in self.regions:
            if reg.lines:
                if any(nx * x + ny * y - c < r for nx, ny, c in reg.lines):
                    return False
            elif not reg.poly.contains(p) or _near_outline(reg.pts, x, y, rr):
                return False
        return True

    def blocker(self, p: Vec) -> str | None:
        """What stops a base standing at ``p`` (None when nothing does), for messages."""
        if self.holds(p):
            return None
        for bx, by, reach, ident in self.discs:
            if (p.x - bx) ** 2 + (p.y - by) ** 2 < (reach - TOUCH) ** 2:
                return f"base {ident or (bx, by)}"
        for i, ob in enumerate(self.obstacles):
            if not FreeSpace(self.radius, obstacles=[ob.poly]).holds(p):
                return f"obstacle {i}"
        return "the edge of the region it must stay in"

    def hemming(self, p: Vec) -> list[str]:
        """The bases standing closer round a base at ``p`` than a base's width (no base of this
        radius passes between them and it), nearest first: what may shut it in, for a refusal
        to say why a move found no way."""
        near = []
        for bx, by, reach, ident in self._discs_near(p.x - 2.0 * self.radius, p.y - 2.0 * self.radius, p.x + 2.0 * self.radius, p.y + 2.0 * self.radius):
            gap = math.hypot(p.x - bx, p.y - by) - reach
            if gap < 2.0 * self.radius:
                near.append((gap, ident or f"({bx:.2f}, {by:.2f})"))
        return [ident for _, ident in sorted(near)]

    def clear(self, a: Vec, b: Vec) -> bool:
        """Whether a base at ``a`` (which must be free) may move straight to ``b``: every point
        of the way free."""
        ax, ay, bx, by = a.x, a.y, b.x, b.y
        if ax == bx and ay == by:
            return self.holds(a)
        r = self.radius - TOUCH
        rr = r * r if r > 0.0 else 0.0
        lox, hix = min(ax, bx), max(ax, bx)
        loy, hiy = min(ay, by), max(ay, by)
        for cx, cy, reach, _ in self._discs_near(lox, loy, hix, hiy):
            if cx + reach < lox or cx - reach > hix or cy + reach < loy or cy - reach > hiy:
                continue
            if _point_segment_dist2(cx, cy, ax, ay, bx, by) < (reach - TOUCH) ** 2:
                return False
        for ob in self.obstacles:
            if ob.maxx < lox or ob.minx > hix or ob.maxy < loy or ob.miny > hiy:
                continue
            if not _edges_clear(ob.pts, ax, ay, bx, by, rr, r, lox, hix, loy, hiy):
                return False
        for reg in self.regions:
            if reg.lines:
                # a convex region shrunk by the radius is convex: both ends inside, all inside
                if any(nx * bx + ny * by - c < r for nx, ny, c in reg.lines):
                    return False
            elif not _edges_clear(reg.pts, ax, ay, bx, by, rr, r, lox, hix, loy, hiy):
                return False
        return True

    # ------------------------------------------------------------------ the boundary's pieces

    def _outlines(self) -> list[_Ring]:
        return [*self.obstacles, *self.regions]

    def pieces(self) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float, float]]]:
        """The curves that bound the free space: circles ``(x, y, radius)`` round bases and round
        the corners that bulge into the free space, and the edges moved ``radius`` into the free
        space, as segments ``(x1, y1, x2, y2)``."""
        circles = [(x, y, reach) for x, y, reach, _ in self.discs]
        segments = []
        r = self.radius
        for ring in self._outlines():
            pts = ring.pts
            n = len(pts)
            for i in range(n):
                ax, ay = pts[i]
                bx, by = pts[(i + 1) % n]
                ln = math.hypot(bx - ax, by - ay)
                if ln < EPS:
                    continue
                nx, ny = (by - ay) / ln, -(bx - ax) / ln  # to the right: the free side
                segments.append((ax + nx * r, ay + ny * r, bx + nx * r, by + ny * r))
                cx, cy = pts[(i + 2) % n]
                if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0.0 and r > 0.0:
                    circles.append((bx, by, r))  # a left turn: the corner bulges into the free space
        return circles, segments

    def waypoints(self, a: Vec, b: Vec, bound: float = math.inf) -> list[Waypoint]:
        """Points just clear of the free space's corners, where a shortest move from ``a`` to
        ``b`` may bend: those no further than ``bound`` by way of them (within the ellipse
        round ``a`` and ``b`` that a route of that length stays in).

        Round a base the boundary is a circle: the waypoints are the corners of a polygon with a
        side every :data:`STEP` degrees drawn round it (so a move between them never cuts into
        the circle).  Round an obstacle's corner (or a region's inward corner) the boundary is an
        arc of this radius: the waypoints are the corners of such a polygon round the arc (one
        mitre point for a gentle corner).  Each comes with its neighbours on that outline.
        """

        def far(x: float, y: float, spread: float) -> bool:
            return math.hypot(x - a.x, y - a.y) + math.hypot(x - b.x, y - b.y) - 2.0 * spread > bound

        out: list[Waypoint] = []
        k = max(3, math.ceil(360.0 / STEP))
        half = math.pi / k
        for x, y, reach, _ in self.discs:
            rho = reach / math.cos(half) + MARGIN
            if far(x, y, rho):
                continue
            ring = [(x + rho * math.cos(2.0 * half * j), y + rho * math.sin(2.0 * half * j)) for j in range(k)]
            for j in range(k):
                px, py = ring[j - 1]
                qx, qy = ring[(j + 1) % k]
                out.append((ring[j][0], ring[j][1], px, py, qx, qy))
        r = self.radius
        for outline in self._outlines():
            if far(outline.cx, outline.cy, outline.spread + r):
                continue
            out += _corner_waypoints(outline.pts, r)
        return [w for w in out if not far(w[0], w[1], 0.0) and self.holds(Vec(w[0], w[1]))]

    def waypoints_towards(self, p: Vec) -> list[Waypoint]:
        """Two more waypoints for each base whose drawn polygon ``p`` stands inside (a route's
        start or end in contact with that base): the ends of the polygon's side turned to touch
        the base's circle right under ``p``, so a route may come along that side to ``p``
        without a detour round the corner beyond it."""
        k = max(3, math.ceil(360.0 / STEP))
        half = math.pi / k
        out: list[Waypoint] = []
        for x, y, reach, _ in self._discs_near(p.x, p.y, p.x, p.y):
            rho = reach / math.cos(half) + MARGIN
            d = math.hypot(p.x - x, p.y - y)
            if not reach - TOUCH <= d < rho or d < EPS:
                continue
            a = math.atan2(p.y - y, p.x - x)
            ring = [(x + rho * math.cos(a + half * j), y + rho * math.sin(a + half * j)) for j in (-3, -1, 1, 3)]
            out.append((*ring[1], *ring[0], *ring[2]))
            out.append((*ring[2], *ring[1], *ring[3]))
        return [w for w in out if self.holds(Vec(w[0], w[1]))]

    def extent(self) -> tuple[float, float, float, float]:
        """A box holding every waypoint there could be."""
        xs, ys = [0.0], [0.0]
        for x, y, reach, _ in self.discs:
            xs += [x - 2 * reach, x + 2 * reach]
            ys += [y - 2 * reach, y + 2 * reach]
        for ring in self._outlines():
            xs += [ring.minx - 2 * self.radius, ring.maxx + 2 * self.radius]
            ys += [ring.miny - 2 * self.radius, ring.maxy + 2 * self.radius]
        return min(xs), min(ys), max(xs), max(ys)

    # ------------------------------------------------------------------ the nearest free spot

    def nearest(self, target: Vec) -> Vec | None:
        """The free point nearest ``target`` (``target`` itself when it is free), or None when no
        point is free.  Ties go to the lower ``x``, then the lower ``y``."""
        if self.holds(target):
            return target
        circles, segments = self.pieces()
        tx, ty = target.x, target.y
        found = self._first_free(_projections(tx, ty, circles, segments), tx, ty)
        # a spot where two pieces cross is only worth trying if it is nearer than the nearest
        # free projection: only pieces that come that near the target can make one
        bound = math.inf if found is None else math.hypot(found.x - tx, found.y - ty) + TOUCH
        near_c = [c for c in circles if abs(math.hypot(c[0] - tx, c[1] - ty) - c[2]) <= bound]
        near_s = [s for s in segments if _point_segment_dist2(tx, ty, *s) <= bound * bound]
        crossing = self._first_free(_crossings(near_c, near_s), tx, ty)
        if crossing is None:
            return found
        if found is None:
            return crossing
        return min(found, crossing, key=lambda p: (math.hypot(p.x - tx, p.y - ty), p.x, p.y))

    def _first_free(self, candidates: list[tuple[float, float]], tx: float, ty: float) -> Vec | None:
        for x, y in sorted(candidates, key=lambda c: ((c[0] - tx) ** 2 + (c[1] - ty) ** 2, c[0], c[1])):
            p = Vec(x, y)
            if self.holds(p):
                return p
        return None


def _edges_clear(
    pts: Sequence[tuple[float, float]], ax: float, ay: float, bx: float, by: float, rr: float, r: float, lox: float, hix: float, loy: float, hiy: float
) -> bool:
    """Whether the segment keeps ``r`` from every edge of an outline without crossing one."""
    n = len(pts)
    for i in range(n):
        cx, cy = pts[i]
        dx, dy = pts[(i + 1) % n]
        if max(cx, dx) < lox - r or min(cx, dx) > hix + r or max(cy, dy) < loy - r or min(cy, dy) > hiy + r:
            continue
        if _segments_cross(ax, ay, bx, by, cx, cy, dx, dy):
            return False
        if rr > 0.0 and (
            _point_segment_dist2(ax, ay, cx, cy, dx, dy) < rr
            or _point_segment_dist2(bx, by, cx, cy, dx, dy) < rr
            or _point_segment_dist2(cx, cy, ax, ay, bx, by) < rr
            or _point_segment_dist2(dx, dy, ax, ay, bx, by) < rr
        ):
            return False
    return True


def _corner_waypoints(pts: Sequence[tuple[float, float]], r: float) -> list[Waypoint]:
    """Waypoints round the corners of an outline (free side on the right) that bulge into the
    free space."""
    out: list[Waypoint] = []
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i - 1]
        vx, vy = pts[i]
        bx, by = pts[(i + 1) % n]
        e1x, e1y, e2x, e2y = vx - ax, vy - ay, bx - vx, by - vy
        turn = math.atan2(e1x * e2y - e1y * e2x, e1x * e2x + e1y * e2y)
        if turn <= 1e-9 or math.hypot(e1x, e1y) < EPS or math.hypot(e2x, e2y) < EPS:
            continue  # a straight run or a right turn: nothing to go round
        a1 = math.atan2(-e1x, e1y)  # the free side's normal of the edge coming in
        parts = max(1, math.ceil(math.degrees(turn) / STEP))
        piece = turn / parts
        rho = r / math.cos(piece / 2.0) + MARGIN
        ring = [(vx + rho * math.cos(a1 + piece * (j + 0.5)), vy + rho * math.sin(a1 + piece * (j + 0.5))) for j in range(parts)]
        before = (vx + r * math.cos(a1), vy + r * math.sin(a1))
        after = (vx + r * math.cos(a1 + turn), vy + r * math.sin(a1 + turn))
        for j in range(parts):
            px, py = ring[j - 1] if j > 0 else before
            qx, qy = ring[j + 1] if j + 1 < parts else after
            out.append((ring[j][0], ring[j][1], px, py, qx, qy))
    return out


def _projections(
    tx: float, ty: float, circles: list[tuple[float, float, float]], segments: list[tuple[float, float, float, float]]
) -> list[tuple[float, float]]:
    """The nearest point of each piece to the target."""
    out = []
    for cx, cy, rad in circles:
        d = math.hypot(tx - cx, ty - cy)
        if d < EPS:
            out.append((cx + rad, cy))  # from the very centre every direction is as near: take +x
        else:
            out.append((cx + (tx - cx) * rad / d, cy + (ty - cy) * rad / d))
    for ax, ay, bx, by in segments:
        ex, ey = bx - ax, by - ay
        ll = ex * ex + ey * ey
        t = 0.0 if ll <= 0.0 else max(0.0, min(1.0, ((tx - ax) * ex + (ty - ay) * ey) / ll))
        out.append((ax + t * ex, ay + t * ey))
    return out


def _crossings(circles: list[tuple[float, float, float]], segments: list[tuple[float, float, float, float]]) -> list[tuple[float, float]]:
    """Where the pieces cross one another."""
    out: list[tuple[float, float]] = []
    for i, (ax, ay, ar) in enumerate(circles):
        for bx, by, br in circles[i + 1 :]:
            dx, dy = bx - ax, by - ay
            d = math.hypot(dx, dy)
            if d < EPS or d > ar + br or d < abs(ar - br):
                continue
            along = (ar * ar - br * br + d * d) / (2.0 * d)
            h = math.sqrt(max(0.0, ar * ar - along * along))
            mx, my = ax + dx * along / d, ay + dy * along / d
            out += [(mx - dy * h / d, my + dx * h / d), (mx + dy * h / d, my - dx * h / d)]
        for sx, sy, ex, ey in segments:
            out += _circle_segment(ax, ay, ar, sx, sy, ex, ey)
    for i, (ax, ay, bx, by) in enumerate(segments):
        for cx, cy, dx, dy in segments[i + 1 :]:
            ux, uy, vx, vy = bx - ax, by - ay, dx - cx, dy - cy
            denom = ux * vy - uy * vx
            if abs(denom) < EPS * EPS:
                continue
            wx, wy = cx - ax, cy - ay
            t = (wx * vy - wy * vx) / denom
            u = (wx * uy - wy * ux) / denom
            if -EPS <= t <= 1.0 + EPS and -EPS <= u <= 1.0 + EPS:
                out.append((ax + ux * t, ay + uy * t))
    return out


def _circle_segment(cx: float, cy: float, rad: float, ax: float, ay: float, bx: float, by: float) -> list[tuple[float, float]]:
    dx, dy = bx - ax, by - ay
    fx, fy = ax - cx, ay - cy
    a = dx * dx + dy * dy
    if a < EPS * EPS:
        return []
    b = fx * dx + fy * dy
    disc = b * b - a * (fx * fx + fy * fy - rad * rad)
    if disc < 0.0:
        return []
    root = math.sqrt(disc)
    return [(ax + dx * t, ay + dy * t) for t in ((-b - root) / a, (-b + root) / a) if -EPS <= t <= 1.0 + EPS]


def nearest_free_spot(
    target: Vec, radius: float, within: Sequence[Region] = (), bases: Sequence[Base] = (), obstacles: Sequence[Hull | Polygon] = ()
) -> Vec | None:
    """Where a base of ``radius`` may stand nearest ``target``: inside every region in ``within``,
    clear of ``bases`` and ``obstacles``; None when there is no room anywhere."""
    return FreeSpace(radius, within, bases, obstacles).nearest(target)


def place_bases(
    bases: Sequence[Base], within: Sequence[Region], occupied: Sequence[Base] = (), obstacles: Sequence[Hull | Polygon] = (), near: Vec | None = None
) -> list[Base]:
    """Place figures one at a time, in the order given (the leader first), each at the free spot
    nearest ``near`` (or, without it, nearest where the base stands now), among those already
    there and those placed before it; stop at the first for whom there is no room.

    The placed bases are returned in order: as many as there was room for (boarders on an enemy
    deck, CG-BOARD-2; flyers landing on a deck, NW-FLY-1)."""
    placed: list[Base] = []
    for base in bases:
        spot = nearest_free_spot(base.centre if near is None else near, base.radius, within, [*occupied, *placed], obstacles)
        if spot is None:
            break
        placed.append(base.moved_to(spot))
    return placed


def shove_aside(new: Base, bases: Sequence[Base], within: Sequence[Region] = (), obstacles: Sequence[Hull | Polygon] = ()) -> list[Base] | None:
    """Make room for ``new`` where it stands by moving each base it overlaps (the nearest first)
    to the free spot nearest where that base stood; the others stay put.

    Returns every base of ``bases`` in order, moved or not, or None when ``new`` itself cannot
    stand there or a shoved base finds no room (a model moved onto an enemy ship shoving its
    defenders aside, NW-BOARD-3)."""
    if not FreeSpace(new.radius, within, (), obstacles).holds(new.centre):
        return None
    out = list(bases)
    shoved = sorted((i for i, b in enumerate(out) if bases_overlap(new, b)), key=lambda i: (base_gap(new, out[i]), i))
    for i in shoved:
        others = [new, *(b for j, b in enumerate(out) if j != i)]
        spot = nearest_free_spot(out[i].centre, out[i].radius, within, others, obstacles)
        if spot is None:
            return None
        out[i] = out[i].moved_to(spot)
    return out
