"""Figures in motion: a figure's free move of up to N inches around what is in its way, the
outline of where it may get to, and a straight push that stops at the first thing it meets.

Ships follow paths (``motion``); a figure goes where its player points, the shortest way round
what stands in the way: other bases, obstacles and the edges of the region it stands in (a
deck, a fort level), all grown by its own base's radius (:class:`~grapeshot.geometry.placing.FreeSpace`).

The shortest way is searched on a visibility graph: the start, the goal and waypoints just
clear of every corner of the free space (``FreeSpace.waypoints``: round a base, the corners of
a polygon drawn round its grown circle, a side every 30 degrees), joined where a base can go
straight from one to the other.  Only the waypoints inside an ellipse round the start and the
goal are searched, the ellipse grown until the route found fits in it (a route that fits is the
shortest).  A* looks for the goal, the straight distance its guide; an edge is tested only when
it could improve the best way known to its far end, and only if it meets that end tangentially
(a shortest way bends round a corner, never into it).  Because the waypoints stand outside the
true boundary, a route found never cuts a corner.  It is no longer
than the shortest way round circles 1/cos 15 degrees (3.5%) larger than the grown bases and
corners (the drawn polygons fit inside those), and on the tests' random tables it is within 2.5%
of the true shortest route; where the way is open it is exact.  A gap between two things less
than that 3.5% wider than the base needs may be missed (the waypoints beside it stand inside the
other thing): the route then goes round, or there is none.  A route's start or end in contact
with a base gets two waypoints of its own, so it is not reached round the corner beyond it.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Sequence
from typing import NamedTuple

from grapeshot.geometry.contact import Base, Region
from grapeshot.geometry.placing import FreeSpace
from grapeshot.geometry.shapes import Hull, Polygon
from grapeshot.geometry.vectors import EPS, Vec, unit


class FreeMove(NamedTuple):
    """A figure's free move: the shortest route to where it was sent, and the part walked."""

    route: tuple[Vec, ...]  # start, bends, goal; just (start,) when the goal cannot be reached
    route_length: float  # inf when the goal cannot be reached
    path: tuple[Vec, ...]  # the part of the route within the allowance
    length: float  # its length

    @property
    def end(self) -> Vec:
        """Where the figure stops."""
        return self.path[-1]

    @property
    def reached(self) -> bool:
        """Whether it gets all the way to the goal."""
        return self.route_length <= self.length + EPS


def free_move(start: Vec, goal: Vec, allowance: float, space: FreeSpace, *, within_allowance: bool = False) -> FreeMove:
    """Move a figure from ``start`` towards ``goal`` the shortest way through ``space``, at most
    ``allowance`` inches (a man's 8", a swimmer's 4"; WS-FIG-3, WS-FIG-5).

    The route runs to the goal whatever its length; the path walked stops ``allowance`` along
    it.  A goal where the base cannot stand, or cannot get to, has no route: the figure stays
    (find the nearest free spot first, ``FreeSpace.nearest``, to send it as near as it can go).
    With ``within_allowance`` only routes of at most ``allowance`` are looked for, and a goal
    farther than that counts as one it cannot get to: much quicker where the answer is no (a
    rule asking whether a move is legal).  The start must be free: ``ValueError`` says what it
    overlaps otherwise.
    """
    blocker = space.blocker(start)
    if blocker is not None:
        raise ValueError(f"a base at ({start.x:.3f}, {start.y:.3f}) cannot move: it overlaps {blocker}")
    if allowance < 0.0:
        raise ValueError(f"a move's allowance cannot be negative (got {allowance})")
    route = shortest_route(start, goal, space, allowance if within_allowance else None)
    if route is None:
        return FreeMove((start,), math.inf, (start,), 0.0)
    total = _length(route)
    path = route if total <= allowance else _cut(route, allowance)
    return FreeMove(route, total, path, min(total, allowance))


def shortest_route(start: Vec, goal: Vec, space: FreeSpace, limit: float | None = None) -> tuple[Vec, ...] | None:
    """The shortest route (start, bends, goal) a base may take from a free ``start`` to ``goal``
    through ``space``, or None when there is none (none of at most ``limit`` inches, if given)."""
    if not space.holds(goal):
        return None
    if limit is not None and math.hypot(goal.x - start.x, goal.y - start.y) > limit + EPS:
        return None
    if space.clear(start, goal):
        return (start,) if start == goal else (start, goal)
    # Only waypoints within an ellipse round the start and goal are searched: a route no longer
    # than ``bound`` stays inside it, so a route found that short is the shortest.  The ellipse
    # starts small and doubles until a route fits in it, or it holds every waypoint there is.
    # Beside the search from the start a flood spreads from the goal: when it runs out the goal
    # is cut off (in a pocket of other bases) within the ellipse, and the search goes straight to
    # every waypoint, where the flood running out proves there is no route.
    minx, miny, maxx, maxy = space.extent()
    corners = ((minx, miny), (minx, maxy), (maxx, miny), (maxx, maxy))
    whole = max(math.hypot(x - start.x, y - start.y) + math.hypot(x - goal.x, y - goal.y) for x, y in corners)
    prune = math.inf
    if limit is not None:  # a route no longer than the limit stays inside the ellipse of that size
        whole = min(whole, limit + EPS)
        prune = limit + EPS
    bound = min(whole, math.hypot(goal.x - start.x, goal.y - start.y) * 1.5 + 4.0 * space.radius + 2.0)
    while True:
        pts, nbrs = _graph(start, goal, space, bound)
        ahead = _Search(space, pts, nbrs, 0, 1, prune)
        back = _Search(space, pts, nbrs, 1, -1, prune)
        cut_off = False
        while ahead.step():
            if not back.finished and not back.step() and not back.done[0]:
                cut_off = True
                break
        full = bound >= whole
        if cut_off:
            if full:
                return None
            bound = whole
            continue
        if ahead.best[1] <= bound or full:
            break
        bound = min(whole, 2.0 * bound if ahead.best[1] == math.inf else max(2.0 * bound, ahead.best[1]))
    if ahead.parent[1] < 0:
        return None
    route = [1]
    while route[-1] != 0:
        route.append(ahead.parent[route[-1]])
    return tuple(Vec(*pts[i]) for i in reversed(route))


def _graph(start: Vec, goal: Vec | None, space: FreeSpace, bound: float) -> tuple[list[tuple[float, float]], list[tuple[float, float, float, float] | None]]:
    """The visibility graph's points (the start first, then the goal if any, then the waypoints
    no further than ``bound`` by way of them) and each waypoint's neighbours on its outline (None
    for the start and goal)."""
    pts: list[tuple[float, float]] = [(start.x, start.y)]
    nbrs: list[tuple[float, float, float, float] | None] = [None]
    if goal is not None:
        pts.append((goal.x, goal.y))
        nbrs.append(None)
    extra = [w for end in (start, goal) if end is not None for w in space.waypoints_towards(end)]
    for x, y, px, py, qx, qy in [*space.waypoints(start, start if goal is None else goal, bound), *extra]:
        pts.append((x, y))
        nbrs.append((px, py, qx, qy))
    return pts, nbrs


class _Search:
    """A* over the visibility graph from point ``source`` towards point ``goal`` (with ``goal``
    -1, Dijkstra to every point within ``bound``), one expansion at a time (:meth:`step`): the
    best distance to each point and the point it is reached from (-1: not reached)."""

    __slots__ = ("best", "bound", "done", "ends", "finished", "goal", "gx", "gy", "heap", "nbrs", "near", "parent", "pts", "space")

    def __init__(
        self, space: FreeSpace, pts: list[tuple[float, float]], nbrs: list[tuple[float, float, float, float] | None], source: int, goal: int, bound: float
    ) -> None:
        self.space, self.pts, self.nbrs, self.goal, self.bound = space, pts, nbrs, goal, bound
        n = len(pts)
        self.gx, self.gy = pts[goal] if goal >= 0 else (0.0, 0.0)
        #: the route's ends (the points without outline neighbours) may stand just off a base,
        #: inside the polygon drawn round it, where the ways to and from the nearest waypoints
        #: are not tangents: those are not pruned
        self.ends = sum(nb is None for nb in nbrs)
        self.near = 2.0 * max(
            (math.hypot(nb[i] - pts[k][0], nb[i + 1] - pts[k][1]) for k, nb in enumerate(nbrs) if nb is not None for i in (0, 2)), default=0.0
        )
        self.best = [math.inf] * n
        self.parent = [-1] * n
        self.done = [False] * n
        self.best[source] = 0.0
        self.heap: list[tuple[float, int]] = [(0.0, source)]
        self.finished = False

    def step(self) -> bool:
        """Expand the next point; False once the goal is reached or nothing is left to expand."""
        if self.finished:
            return False
        best, parent, done, pts, nbrs = self.best, self.parent, self.done, self.pts, self.nbrs
        while self.heap:
            _, w = heapq.heappop(self.heap)
            if not done[w]:
                break
        else:
            self.finished = True
            return False
        done[w] = True
        if w == self.goal:
            self.finished = True
            return False
        wx, wy = pts[w]
        gw = best[w]
        ends, near, bound, gx, gy = self.ends, self.near, self.bound, self.gx, self.gy
        # a shortest route bends at a waypoint only round its corner: it leaves along a tangent
        # (unless to an end, which may stand closer in than the waypoints), turning towards the
        # corner when it came in along a tangent from another waypoint
        here = nbrs[w]
        side = inx = iny = 0.0
        if here is not None and nbrs[parent[w]] is not None:
            inx, iny = wx - pts[parent[w]][0], wy - pts[parent[w]][1]
            side = inx * (here[1] - wy) - iny * (here[0] - wx)
            if -1e-12 < side < 1e-12:
                side = inx * (here[3] - wy) - iny * (here[2] - wx)
        for x in range(len(pts)):
            if done[x]:
                continue
            xx, xy = pts[x]
            dx, dy = xx - wx, xy - wy
            d = math.hypot(dx, dy)
            g = gw + d
            if g >= best[x] or g > bound:
                continue
            if here is not None and x >= ends:
                t1 = dx * (here[1] - wy) - dy * (here[0] - wx)
                t2 = dx * (here[3] - wy) - dy * (here[2] - wx)
                if (t1 > 1e-12 and t2 < -1e-12) or (t1 < -1e-12 and t2 > 1e-12):
                    continue  # not a tangent at w
                turn = inx * dy - iny * dx
                if (side > 1e-12 and turn < -1e-12) or (side < -1e-12 and turn > 1e-12):
                    continue  # turning away from w's corner
            nb = nbrs[x]
            if nb is not None and (w >= ends or d > near):
                # arriving at a waypoint along a tangent: its outline lies on one side of the line
                s1 = dx * (nb[1] - xy) - dy * (nb[0] - xx)
                s2 = dx * (nb[3] - xy) - dy * (nb[2] - xx)
                if (s1 > 1e-12 and s2 < -1e-12) or (s1 < -1e-12 and s2 > 1e-12):
                    continue
            if not self.space.clear(Vec(wx, wy), Vec(xx, xy)):
                continue
            best[x] = g
            parent[x] = w
            h = math.hypot(gx - xx, gy - xy) if self.goal >= 0 else 0.0
            heapq.heappush(self.heap, (g + h, x))
        return True

    def run(self) -> _Search:
        while self.step():
            pass
        return self


def _length(route: Sequence[Vec]) -> float:
    return sum(math.hypot(b.x - a.x, b.y - a.y) for a, b in itertools.pairwise(route))


def _cut(route: Sequence[Vec], allowance: float) -> tuple[Vec, ...]:
    """The first ``allowance`` inches of a route."""
    out = [route[0]]
    left = allowance
    for a, b in itertools.pairwise(route):
        d = math.hypot(b.x - a.x, b.y - a.y)
        if d >= left:
            if left > 0.0:
                out.append(Vec(a.x + (b.x - a.x) * left / d, a.y + (b.y - a.y) * left / d))
            return tuple(out)
        out.append(b)
        left -= d
    return tuple(out)


def reach_outline(start: Vec, allowance: float, space: FreeSpace, rays: int = 72, step: float = 0.25) -> tuple[Vec, ...]:
    """An outline of where a figure at ``start`` may get to within ``allowance`` inches, for the
    web table to draw when a figure is selected: along each of ``rays`` directions, the farthest
    point (tried every ``step`` inches, farthest first) that the figure can reach by its
    shortest route, or the start where it can reach none.

    The outline is star-shaped about the start: obstacles inside it are not cut out (draw them
    over it), and a pocket reached only round a corner shows as far as its farthest point
    along the ray.  Whether one particular point can be reached is :func:`free_move`'s to say.
    """
    blocker = space.blocker(start)
    if blocker is not None:
        raise ValueError(f"a base at ({start.x:.3f}, {start.y:.3f}) cannot move: it overlaps {blocker}")
    pts, nbrs = _graph(start, None, space, 2.0 * allowance)
    best = _Search(space, pts, nbrs, 0, -1, allowance).run().best
    bends = sorted((best[i], pts[i]) for i in range(len(pts)) if best[i] <= allowance)
    samples = max(1, math.ceil(allowance / step))
    outline = []
    for k in range(rays):
        d = unit(360.0 * k / rays)
        far = start
        for j in range(samples, 0, -1):
            rho = allowance * j / samples
            p = Vec(start.x + d.x * rho, start.y + d.y * rho)
            if _reachable(p, bends, allowance, space):
                far = p
                break
        outline.append(far)
    return tuple(outline)


def _reachable(p: Vec, bends: list[tuple[float, tuple[float, float]]], allowance: float, space: FreeSpace) -> bool:
    """Whether ``p`` is free and in straight sight of a point reached (the start, or a bend) with
    enough of the allowance left to cover the rest."""
    if not space.holds(p):
        return False
    return any(g + math.hypot(p.x - x, p.y - y) <= allowance + EPS and space.clear(Vec(x, y), p) for g, (x, y) in bends)


class Push(NamedTuple):
    """A base pushed straight along a direction: how far it went and what stopped it."""

    base: Base  # where it stopped
    travelled: float
    stopped: bool  # True when something stopped it short of the whole distance


def push(
    base: Base, direction: float, dist: float, within: Sequence[Region] = (), bases: Sequence[Base] = (), obstacles: Sequence[Hull | Polygon] = ()
) -> Push:
    """Slide a base straight along ``direction`` up to ``dist`` inches, stopping where it would
    first touch another base, an obstacle or a region's edge (a figure repelled by a shaman,
    WS-MAGIC-1; a stupid unit's wander, NW-PSY-3; a swimmer moved aside, NW-SWIM-1).

    The stop is found to within a thousandth of an inch by bisection on the free space's
    straight-move test, so the base ends free."""
    space = FreeSpace(base.radius, within, [b for b in bases if b != base], obstacles)
    start = base.centre
    d = unit(direction)

    def at(s: float) -> Vec:
        return Vec(start.x + d.x * s, start.y + d.y * s)

    if dist <= 0.0 or not space.holds(start):
        return Push(base, 0.0, dist > 0.0)
    if space.clear(start, at(dist)):
        return Push(base.moved_to(at(dist)), dist, False)
    lo, hi = 0.0, dist
    while hi - lo > 1e-3:
        mid = (lo + hi) / 2.0
        if space.clear(start, at(mid)):
            lo = mid
        else:
            hi = mid
    return Push(base.moved_to(at(lo)), lo, True)
