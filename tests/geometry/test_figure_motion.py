"""A figure's free move round what stands in its way, its reach, and straight pushes.

Routes are checked against shapely (every leg keeps the base clear of everything) and against an
independent shortest route: a visibility graph over the corners of shapely's own grown shapes,
whose circles are drawn inside the true ones, so it can only be a little shorter than the truth.
"""

from __future__ import annotations

import heapq
import itertools
import math

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from grapeshot.geometry import (
    Base,
    FreeMove,
    FreeSpace,
    Hull,
    Polygon,
    Table,
    Vec,
    base_gap,
    distance,
    free_move,
    push,
    reach_outline,
    shortest_route,
)
from tests.geometry.strategies import C_SHAPE, SQUARE


def length(route: tuple[Vec, ...]) -> float:
    return sum(distance(a, b) for a, b in itertools.pairwise(route))


def keeps_clear(route: tuple[Vec, ...], radius: float, region: Polygon | None, bases: list[Base], rocks: list[Polygon]) -> bool:
    """Whether a base of ``radius`` following the route stays inside the region and clear of all."""
    line = shapely.LineString(route) if len(route) > 1 else shapely.Point(route[0])
    if region is not None:
        area = shapely.Polygon(region.points)
        if not area.buffer(1e-9).covers(line) or area.exterior.distance(line) < radius - 1e-6:
            return False
    if any(line.distance(shapely.Point(b.x, b.y)) < b.radius + radius - 1e-6 for b in bases):
        return False
    return all(line.distance(shapely.Polygon(r.points)) >= radius - 1e-6 for r in rocks)


def reference_length(start: Vec, goal: Vec, radius: float, region: Polygon | None, bases: list[Base], rocks: list[Polygon], grow: float = 1.0) -> float:
    """The shortest route through shapely's free space (circles drawn with 32 sides inside the
    true ones; everything kept ``grow`` times as far off), by Dijkstra over its outline's corners."""
    grown = [shapely.Point(b.x, b.y).buffer((b.radius + radius) * grow, quad_segs=8) for b in bases]
    grown += [shapely.Polygon(r.points).buffer(radius * grow, quad_segs=8) for r in rocks]
    free = shapely.Polygon(region.points).buffer(-radius * grow, quad_segs=8) if region is not None else shapely.box(-100, -100, 100, 100)
    if grown:
        free = free.difference(shapely.union_all(grown))
    room = free.buffer(1e-7)
    nodes = [start, goal]
    for poly in getattr(free, "geoms", [free]):
        for ring in [poly.exterior, *poly.interiors]:
            nodes += [Vec(x, y) for x, y in ring.coords[:-1]]
    best = {0: 0.0}
    heap = [(0.0, 0)]
    done: set[int] = set()
    while heap:
        g, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if i == 1:
            return g
        for j, q in enumerate(nodes):
            if j in done:
                continue
            ng = g + distance(nodes[i], q)
            if ng < best.get(j, math.inf) and room.covers(shapely.LineString([nodes[i], q])):
                best[j] = ng
                heapq.heappush(heap, (ng, j))
    return math.inf


# --------------------------------------------------------------------------- by hand


def test_an_open_way_is_straight() -> None:
    space = FreeSpace(0.5, [Table(30, 30)])
    move = free_move(Vec(5, 5), Vec(10, 9), 8.0, space)
    assert move.route == (Vec(5, 5), Vec(10, 9)) and move.path == move.route
    assert move.length == pytest.approx(math.hypot(5, 4)) and move.reached and move.end == Vec(10, 9)
    stay = free_move(Vec(5, 5), Vec(5, 5), 8.0, space)
    assert stay.route == (Vec(5, 5),) and stay.length == 0.0 and stay.reached


def test_round_a_base_the_way_is_almost_the_true_shortest() -> None:
    # a 0.5" base goes round another 0.5" base standing midway: grown, a circle of radius 1
    space = FreeSpace(0.5, [], [Base(0.0, 0.0, 0.5, "mate")])
    move = free_move(Vec(-5, 0), Vec(5, 0), 20.0, space)

    def round_circle(r: float, d: float = 5.0) -> float:  # two tangents and the arc between them
        return 2 * math.sqrt(d * d - r * r) + r * (math.pi - 2 * math.acos(r / d))

    # no shorter than the true way, no longer than the way round a circle through the drawn
    # polygon's corners (1 / cos 15 degrees as far out)
    assert round_circle(1.0) <= move.route_length <= round_circle(1.0 / math.cos(math.radians(15))) + 1e-6
    assert keeps_clear(move.route, 0.5, None, [Base(0.0, 0.0, 0.5)], [])
    assert len(move.route) > 2


def test_the_walk_stops_at_the_allowance_along_the_route() -> None:
    space = FreeSpace(0.5, [], [Base(0.0, 0.0, 0.5, "mate")])
    move = free_move(Vec(-5, 0), Vec(5, 0), 8.0, space)
    assert not move.reached and move.length == 8.0
    assert length(move.path) == pytest.approx(8.0)
    assert move.path[:-1] == move.route[: len(move.path) - 1]  # a prefix of the route
    assert shapely.LineString(move.route).distance(shapely.Point(move.end)) < 1e-9
    assert free_move(Vec(-5, 0), Vec(5, 0), 0.0, space).path == (Vec(-5, 0),)


def test_a_goal_that_cannot_be_reached_leaves_the_figure_where_it_is() -> None:
    ring = [Base(10 + 2.0 * math.cos(a), 10 + 2.0 * math.sin(a), 0.7, f"r{i}") for i, a in enumerate(k * math.pi / 5 for k in range(10))]
    space = FreeSpace(0.5, [Table(30, 30)], ring)
    shut_in = free_move(Vec(3, 3), Vec(10, 10), 30.0, space)
    assert shut_in == FreeMove((Vec(3, 3),), math.inf, (Vec(3, 3),), 0.0) and not shut_in.reached
    on_a_base = free_move(Vec(3, 3), ring[0].centre, 30.0, space)
    assert on_a_base.route_length == math.inf and on_a_base.end == Vec(3, 3)
    assert shortest_route(Vec(3, 3), Vec(50, 50), space) is None  # off the table


def test_a_start_that_overlaps_something_is_refused_by_name() -> None:
    space = FreeSpace(0.5, [], [Base(0.0, 0.0, 0.5, "the bosun")])
    with pytest.raises(ValueError, match="the bosun"):
        free_move(Vec(0.5, 0.0), Vec(5, 5), 8.0, space)
    with pytest.raises(ValueError, match="allowance"):
        free_move(Vec(5, 5), Vec(6, 6), -1.0, space)
    # in base contact is not overlapping: it may walk away
    assert free_move(Vec(1.0, 0.0), Vec(5, 0), 8.0, space).reached


def test_on_a_deck_round_the_mast() -> None:
    deck = Hull(10.0, 10.0, 0.0, 10.0, 4.0)
    mast = Polygon.circle(Vec(10.0, 10.0), 0.4, 8)
    crew = [Base(10.0, 11.4, 0.5, "c1")]
    space = FreeSpace(0.5, [deck], crew, [mast])
    move = free_move(Vec(6.0, 10.0), Vec(14.0, 10.0), 12.0, space)
    assert move.reached and len(move.route) > 2
    assert keeps_clear(move.route, 0.5, Polygon(deck.corners), crew, [mast])
    ref = reference_length(Vec(6.0, 10.0), Vec(14.0, 10.0), 0.5, Polygon(deck.corners), crew, [mast])
    assert ref - 1e-6 <= move.route_length <= ref * 1.03


def test_round_the_inside_corners_of_a_concave_region() -> None:
    # inside the C: from its lower arm to its upper arm, round the back of the notch
    space = FreeSpace(0.5, [C_SHAPE])
    move = free_move(Vec(8.0, 2.0), Vec(8.0, 8.0), 30.0, space)
    assert move.reached and keeps_clear(move.route, 0.5, C_SHAPE, [], [])
    ref = reference_length(Vec(8.0, 2.0), Vec(8.0, 8.0), 0.5, C_SHAPE, [], [])
    assert ref - 1e-6 <= move.route_length <= ref * 1.03
    # the bends wrap round the notch's two inner corners, half an inch off (the drawn arc's corners)
    assert all(min(distance(p, Vec(4, 4)), distance(p, Vec(4, 6))) <= 0.5 / math.cos(math.radians(15)) + 1e-5 for p in move.route[1:-1])


# --------------------------------------------------------------------------- properties


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Vec, Vec, float, Polygon | None, list[Base], list[Polygon]]:
    radius = draw(st.sampled_from([0.4, 0.5, 0.8]))
    region = draw(st.sampled_from([SQUARE, C_SHAPE, None]))
    bases = [Base(draw(st.floats(1, 9)), draw(st.floats(1, 9)), draw(st.sampled_from([0.4, 0.5, 1.0])), f"b{i}") for i in range(draw(st.integers(0, 4)))]
    rocks = [
        Polygon.circle(Vec(draw(st.floats(1, 9)), draw(st.floats(1, 9))), draw(st.floats(0.3, 1.2)), draw(st.integers(3, 6)))
        for _ in range(draw(st.integers(0, 2)))
    ]
    start = Vec(draw(st.floats(0.5, 9.5)), draw(st.floats(0.5, 9.5)))
    goal = Vec(draw(st.floats(0.5, 9.5)), draw(st.floats(0.5, 9.5)))
    return start, goal, radius, region, bases, rocks


@settings(max_examples=25)
@given(scenes())
def test_routes_keep_clear_and_are_within_two_and_a_half_percent_of_the_shortest_but_through_the_tightest_gaps(
    scene: tuple[Vec, Vec, float, Polygon | None, list[Base], list[Polygon]],
) -> None:
    start, goal, radius, region, bases, rocks = scene
    space = FreeSpace(radius, [] if region is None else [region], bases, rocks)
    assume(space.holds(start))
    move = free_move(start, goal, 8.0, space)
    ref = reference_length(start, goal, radius, region, bases, rocks)
    if move.route_length == math.inf:
        # no route: none either with a tenth more room round everything (a gap less than that
        # wider than the base may be missed: the waypoints stand 3.5% out)
        assert not space.holds(goal) or reference_length(start, goal, radius, region, bases, rocks, grow=1.1) == math.inf
        return
    assert keeps_clear(move.route, radius, region, bases, rocks)
    assert move.route_length == pytest.approx(length(move.route))
    assert move.route_length >= distance(start, goal) - 1e-9
    assert ref - 1e-6 <= move.route_length
    if move.route_length > ref * 1.025 + 1e-6:
        # the shorter way squeezes through a gap too tight for the waypoints (they stand 3.5%
        # out): with a tenth more room round everything that way is gone, and then the route
        # is as good as the best one left
        roomy = reference_length(start, goal, radius, region, bases, rocks, grow=1.1)
        assert roomy > ref * 1.025 and move.route_length <= roomy * 1.025 + 1e-6
    assert move.length == pytest.approx(min(8.0, move.route_length))
    # the same move shifted across the table
    dx, dy = 3.25, -1.5
    shifted = FreeSpace(
        radius,
        [] if region is None else [Polygon((x + dx, y + dy) for x, y in region.points)],
        [Base(b.x + dx, b.y + dy, b.radius) for b in bases],
        [Polygon((x + dx, y + dy) for x, y in r.points) for r in rocks],
    )
    again = free_move(Vec(start.x + dx, start.y + dy), Vec(goal.x + dx, goal.y + dy), 8.0, shifted)
    # as long, give or take a waypoint that rounding puts a hair on the other side of a tangent
    assert again.route_length == pytest.approx(move.route_length, rel=0.01)


# --------------------------------------------------------------------------- reach


def test_reach_outline_holds_what_can_be_reached_and_no_more() -> None:
    bases = [Base(12.0, 10.0, 1.0, "rock"), Base(9.0, 13.0, 0.5, "mate")]
    space = FreeSpace(0.5, [Table(30, 30)], bases)
    start = Vec(10.0, 10.0)
    outline = reach_outline(start, 6.0, space, rays=24, step=0.5)
    assert len(outline) == 24
    for k, p in enumerate(outline):
        if p != start:
            assert free_move(start, p, 6.0, space).route_length <= 6.0 + 1e-6
        d = Vec(math.cos(2 * math.pi * k / 24), math.sin(2 * math.pi * k / 24))
        rho = distance(start, p)
        for j in range(1, 13):  # every sample tried beyond it along the ray is out of reach
            far = 0.5 * j
            if far > rho + 1e-6:
                q = Vec(start.x + d.x * far, start.y + d.y * far)
                assert free_move(start, q, 6.0, space).route_length > 6.0 - 1e-6
    # straight behind the rock (east): not reachable in a straight line, yet reached round it
    east = outline[0]
    assert distance(start, east) > 3.5
    assert not space.clear(start, east)
    # in the open the outline is the full circle
    open_outline = reach_outline(start, 6.0, FreeSpace(0.5, [Table(30, 30)]), rays=8)
    assert all(distance(start, p) == pytest.approx(6.0) for p in open_outline)
    with pytest.raises(ValueError, match="rock"):
        reach_outline(Vec(12.0, 10.0), 6.0, space)


# --------------------------------------------------------------------------- pushes


def test_a_push_stops_at_the_first_thing_it_meets() -> None:
    victim = Base(10.0, 10.0, 0.5, "victim")
    wall = Hull(15.0, 10.0, 90.0, 10.0, 1.0)  # its face at x = 14.5
    pushed = push(victim, 0.0, 6.0, obstacles=[wall])
    assert pushed.stopped and pushed.base.x == pytest.approx(14.0, abs=1e-3) and pushed.base.x <= 14.0
    assert pushed.travelled == pytest.approx(pushed.base.x - 10.0)
    free = push(victim, 180.0, 3.0, obstacles=[wall])
    assert not free.stopped and free.base.centre == pytest.approx(Vec(7.0, 10.0)) and free.base.ident == "victim"
    other = Base(10.0, 12.5, 0.5, "other")
    up = push(victim, 90.0, 5.0, bases=[victim, other])  # its own base is not in its way
    assert up.stopped and base_gap(up.base, other) == pytest.approx(0.0, abs=1e-3) and base_gap(up.base, other) >= -1e-6
    edge = push(victim, 270.0, 20.0, within=[Table(30, 30)])
    assert edge.stopped and edge.base.y == pytest.approx(0.5, abs=1e-3)
    assert push(victim, 0.0, 0.0) == (victim, 0.0, False)


def test_hemming_names_the_bases_closer_round_a_point_than_a_base_width_nearest_first() -> None:
    """A refusal's words: which bases stand so close round a base that none passes between."""
    space = FreeSpace(0.5, bases=[Base(1.02, 0.0, 0.5, "east"), Base(0.0, 1.6, 0.5, "north"), Base(-2.1, 0.0, 0.5, "far west")])
    assert space.hemming(Vec(0.0, 0.0)) == ["east", "north"]  # gaps 0.02 and 0.6; 1.1 is a base's width and more
    assert FreeSpace(0.5).hemming(Vec(0.0, 0.0)) == []
