"""Geometry: hulls, facings, arcs, polygons, paths, swept moves and templates.

The hand-written float code is checked against shapely on random shapes and
for invariance under rotating the whole table.
"""

from __future__ import annotations

import itertools
import math

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, example, given
from hypothesis import strategies as st

from grapeshot.geometry import (
    CLEARANCE,
    Arc,
    Facing,
    Hull,
    Obstacle,
    Path,
    Polygon,
    Pose,
    Segment,
    Sweep,
    Table,
    Vec,
    angle_diff,
    bearing,
    distance,
    first_contact,
    first_hull_on_segment,
    flamer_template,
    hull_distance,
    hull_hits_polygon,
    hull_polygon_distance,
    hulls_overlap,
    norm_deg,
    point_hull_distance,
    scatter,
    segment_hull_entry,
    separation,
    sweep,
    translate_path,
    unit,
)

# --------------------------------------------------------------------------- strategies and helpers

coord = st.floats(-20.0, 20.0, allow_nan=False, allow_infinity=False)
angle = st.floats(0.0, 360.0, exclude_max=True, allow_nan=False)
hull_length = st.floats(1.0, 12.0)
hull_width = st.floats(0.5, 6.0)


@st.composite
def hulls(draw: st.DrawFn, spread: float = 10.0) -> Hull:
    x = draw(st.floats(-spread, spread))
    y = draw(st.floats(-spread, spread))
    return Hull(x, y, draw(angle), draw(hull_length), draw(hull_width))


def shape(h: Hull) -> shapely.Polygon:
    return shapely.Polygon(h.corners)


def rotate_hull(h: Hull, degrees: float, about: Vec) -> Hull:
    c = Vec(h.x, h.y).rotated(degrees, about)
    return Hull(c.x, c.y, h.heading + degrees, h.length, h.width)


def clear_verdict(a: shapely.Geometry, b: shapely.Geometry) -> bool:
    """Whether two shapes are either clearly apart or clearly overlapping (not grazing)."""
    d = a.distance(b)
    return bool(d > 1e-6 or a.intersection(b).area > 1e-6)


def approx_vec(v: Vec | tuple[float, float], x: float, y: float, tol: float = 1e-9) -> bool:
    return abs(v[0] - x) <= tol and abs(v[1] - y) <= tol


# --------------------------------------------------------------------------- small things


def test_angles() -> None:
    assert norm_deg(-90.0) == 270.0
    assert norm_deg(720.0) == 0.0
    assert 0.0 <= norm_deg(-1e-18) < 360.0
    assert angle_diff(10.0, 350.0) == pytest.approx(20.0)
    assert angle_diff(350.0, 10.0) == pytest.approx(-20.0)
    assert angle_diff(0.0, 180.0) == 180.0
    assert bearing(Vec(0, 0), Vec(0, 5)) == pytest.approx(90.0)
    assert bearing(Vec(0, 0), Vec(0, -5)) == pytest.approx(270.0)
    assert unit(90.0).x == pytest.approx(0.0, abs=1e-12) and unit(90.0).y == pytest.approx(1.0)
    assert Vec(1, 0).rotated(90.0, Vec(1, 1)) == pytest.approx(Vec(2, 1))


# --------------------------------------------------------------------------- hulls


def test_hull_corners_bow_stern_sides_heading_east() -> None:
    h = Hull(10.0, 5.0, 0.0, 4.0, 2.0)
    assert {(round(x, 9), round(y, 9)) for x, y in h.corners} == {(12.0, 6.0), (8.0, 6.0), (8.0, 4.0), (12.0, 4.0)}
    assert approx_vec(h.bow, 12.0, 5.0)
    assert approx_vec(h.stern, 8.0, 5.0)
    # port is to the left of the heading: +y when heading east
    assert approx_vec(h.side_point(Facing.PORT), 10.0, 6.0)
    assert approx_vec(h.side_point(Facing.STARBOARD), 10.0, 4.0)
    assert h.side_point(Facing.FRONT) == h.bow
    assert h.side_point(Facing.REAR) == h.stern
    assert h.radius == pytest.approx(math.hypot(2.0, 1.0))


def test_hull_heading_north() -> None:
    h = Hull(0.0, 0.0, 90.0, 10.0, 4.0)
    assert approx_vec(h.bow, 0.0, 5.0)
    assert approx_vec(h.stern, 0.0, -5.0)
    assert approx_vec(h.side_point(Facing.PORT), -2.0, 0.0)  # port of north is west
    assert approx_vec(h.side_point(Facing.STARBOARD), 2.0, 0.0)
    xs = sorted(round(x, 9) for x, _ in h.corners)
    ys = sorted(round(y, 9) for _, y in h.corners)
    assert xs == [-2.0, -2.0, 2.0, 2.0] and ys == [-5.0, -5.0, 5.0, 5.0]


@given(hulls())
def test_hull_corners_form_the_rectangle(h: Hull) -> None:
    poly = shape(h)
    assert poly.is_valid
    assert poly.area == pytest.approx(h.length * h.width, rel=1e-9)
    # counter-clockwise, the first corner at the bow on the port side
    assert shapely.Polygon(h.corners).exterior.is_ccw
    u, v = h.local(Vec(*h.corners[0]))
    assert u == pytest.approx(h.length / 2) and v == pytest.approx(h.width / 2)
    assert distance(h.bow, h.stern) == pytest.approx(h.length)
    assert distance(h.side_point(Facing.PORT), h.side_point(Facing.STARBOARD)) == pytest.approx(h.width)
    assert abs(angle_diff(bearing(h.stern, h.bow), h.heading)) < 1e-6
    assert angle_diff(bearing(h.centre, h.side_point(Facing.PORT)), h.heading + 90.0) == pytest.approx(0.0, abs=1e-6)
    # world() inverts local()
    p = h.world(1.5, -0.25)
    assert h.local(p) == pytest.approx((1.5, -0.25))


def test_hull_contains_and_point_distance() -> None:
    h = Hull(0.0, 0.0, 30.0, 10.0, 4.0)
    assert h.contains(h.world(4.9, 1.9))
    assert not h.contains(h.world(5.1, 0.0))
    assert h.contains(h.world(5.1, 0.0), margin=0.2)
    assert point_hull_distance(h.world(8.0, 6.0), h) == pytest.approx(5.0)
    assert point_hull_distance(h.world(1.0, 1.0), h) == 0.0


def test_facing_towards_points_ahead_behind_and_abeam() -> None:
    h = Hull(20.0, 10.0, 30.0, 10.0, 4.0)
    assert h.facing_towards(h.world(20.0, 0.0)) is Facing.FRONT
    assert h.facing_towards(h.world(-20.0, 0.0)) is Facing.REAR
    assert h.facing_towards(h.world(0.0, 20.0)) is Facing.PORT
    assert h.facing_towards(h.world(0.0, -20.0)) is Facing.STARBOARD
    # the sectors are bounded by the diagonals (5 along, 2 across for this hull)
    assert h.facing_towards(h.world(10.0, 3.9)) is Facing.FRONT
    assert h.facing_towards(h.world(10.0, 4.1)) is Facing.PORT
    assert h.facing_towards(h.world(-10.0, -4.1)) is Facing.STARBOARD
    assert h.facing_towards(h.world(-10.0, -3.9)) is Facing.REAR
    assert Facing.PORT.is_side and not Facing.FRONT.is_side


# --------------------------------------------------------------------------- hull against hull


def test_overlap_and_distance_examples() -> None:
    a = Hull(0.0, 0.0, 0.0, 10.0, 4.0)
    assert hulls_overlap(a, Hull(9.0, 0.0, 0.0, 10.0, 4.0))
    assert hulls_overlap(a, Hull(10.0, 0.0, 0.0, 10.0, 4.0))  # end to end: touching counts
    assert not hulls_overlap(a, Hull(10.5, 0.0, 0.0, 10.0, 4.0))
    assert hull_distance(a, Hull(10.5, 0.0, 0.0, 10.0, 4.0)) == pytest.approx(0.5)
    # a diamond whose tip points at the side: the radii pass but the axes separate them
    b = Hull(0.0, 2.0 + math.sqrt(2.0) + 0.1, 45.0, 2.0, 2.0)
    assert not hulls_overlap(a, b)
    assert hull_distance(a, b) == pytest.approx(0.1)
    assert separation(a, b) > 0.0


@given(hulls(), hulls())
def test_overlap_agrees_with_shapely(a: Hull, b: Hull) -> None:
    sa, sb = shape(a), shape(b)
    assume(clear_verdict(sa, sb))
    assert hulls_overlap(a, b) == sa.intersects(sb)
    assert hulls_overlap(b, a) == hulls_overlap(a, b)


@given(hulls(), hulls())
def test_hull_distance_is_symmetric_and_agrees_with_shapely(a: Hull, b: Hull) -> None:
    d = hull_distance(a, b)
    assert d == pytest.approx(hull_distance(b, a), abs=1e-12)
    assert d == pytest.approx(shape(a).distance(shape(b)), abs=1e-6)


@given(hulls(), hulls())
def test_separation_is_a_lower_bound(a: Hull, b: Hull) -> None:
    g = separation(a, b)
    if g > 0.0:
        assert g <= hull_distance(a, b) + 1e-9
        assert not hulls_overlap(a, b)
    else:
        # no separating axis among the four: the rectangles overlap
        assert hulls_overlap(a, b)


@given(hulls(), st.floats(0.0, 30.0))
def test_hulls_at_a_known_gap(a: Hull, gap: float) -> None:
    # the same hull moved straight ahead by its length plus ``gap``
    ahead = unit(a.heading)
    b = Hull(a.x + ahead.x * (a.length + gap), a.y + ahead.y * (a.length + gap), a.heading, a.length, a.width)
    assert hull_distance(a, b) == pytest.approx(gap, abs=1e-9)
    assert separation(a, b) == pytest.approx(gap, abs=1e-9)


# --------------------------------------------------------------------------- rotating the whole table


@given(hulls(), hulls(), angle, st.tuples(coord, coord))
def test_rotation_keeps_overlap_and_distance(a: Hull, b: Hull, theta: float, about: tuple[float, float]) -> None:
    q = Vec(*about)
    ra, rb = rotate_hull(a, theta, q), rotate_hull(b, theta, q)
    assume(clear_verdict(shape(a), shape(b)))
    assert hulls_overlap(ra, rb) == hulls_overlap(a, b)
    assert hull_distance(ra, rb) == pytest.approx(hull_distance(a, b), abs=1e-6)


@given(hulls(), st.tuples(coord, coord), angle, st.tuples(coord, coord))
def test_rotation_keeps_the_facing_of_a_point(h: Hull, point: tuple[float, float], theta: float, about: tuple[float, float]) -> None:
    p, q = Vec(*point), Vec(*about)
    u, v = h.local(p)
    # keep away from the diagonals and the keel, where the verdict is a tie
    assume(abs(abs(u) * h.hw - abs(v) * h.hl) > 1e-6 and abs(u) > 1e-6 and abs(v) > 1e-6)
    rh = rotate_hull(h, theta, q)
    assert rh.facing_towards(p.rotated(theta, q)) is h.facing_towards(p)


@given(
    st.tuples(coord, coord),
    st.tuples(coord, coord),
    angle,
    st.floats(1.0, 359.0),
    angle,
    st.tuples(coord, coord),
)
def test_rotation_keeps_arc_containment(
    origin: tuple[float, float], point: tuple[float, float], centre: float, width: float, theta: float, about: tuple[float, float]
) -> None:
    o, p, q = Vec(*origin), Vec(*point), Vec(*about)
    assume(distance(o, p) > 1e-3)
    off = abs(angle_diff(bearing(o, p), centre))
    assume(abs(off - width / 2.0) > 1e-6)
    arc = Arc(centre, width)
    turned = Arc(norm_deg(centre + theta), width)
    assert turned.contains(o.rotated(theta, q), p.rotated(theta, q)) == arc.contains(o, p)
    assert arc.contains(o, p) == (off < width / 2.0)


@given(hulls(), st.tuples(coord, coord), st.tuples(coord, coord), angle, st.tuples(coord, coord))
def test_rotation_keeps_segment_hits(h: Hull, p0: tuple[float, float], p1: tuple[float, float], theta: float, about: tuple[float, float]) -> None:
    a, b, q = Vec(*p0), Vec(*p1), Vec(*about)
    line = shapely.LineString([a, b])
    assume(distance(a, b) > 1e-3)
    d = line.distance(shape(h))
    assume(d > 1e-6 or line.intersection(shape(h)).length > 1e-6)
    t = segment_hull_entry(a, b, h)
    assert (t is not None) == (d == 0.0)
    rt = segment_hull_entry(a.rotated(theta, q), b.rotated(theta, q), rotate_hull(h, theta, q))
    assert (rt is not None) == (t is not None)
    if t is not None and rt is not None:
        assert rt == pytest.approx(t, abs=1e-6)
        # the entry point lies on the hull's boundary (or is the start, inside it)
        entry = Vec(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        assert shape(h).exterior.distance(shapely.Point(entry)) < 1e-6 or (t == 0.0 and h.contains(a, 1e-9))


# --------------------------------------------------------------------------- arcs


def test_arc_wraps_around_north_east() -> None:
    arc = Arc(0.0, 90.0)
    for b in (0.0, 10.0, 350.0, 315.0, 45.0, 359.999):
        assert arc.contains_bearing(b), b
    for b in (46.0, 314.0, 180.0, 90.0, 270.0):
        assert not arc.contains_bearing(b), b
    arc = Arc(350.0, 40.0)
    assert arc.contains_bearing(5.0) and arc.contains_bearing(10.0) and arc.contains_bearing(330.0)
    assert not arc.contains_bearing(11.0) and not arc.contains_bearing(329.0)
    assert Arc(180.0, 360.0).contains_bearing(0.0)


def test_arc_contains_points() -> None:
    o = Vec(10.0, 10.0)
    arc = Arc(90.0, 90.0)  # northwards
    assert arc.contains(o, Vec(10.0, 20.0))
    assert arc.contains(o, Vec(14.0, 20.0))
    assert not arc.contains(o, Vec(20.0, 14.0))
    assert not arc.contains(o, Vec(10.0, 0.0))
    assert arc.contains(o, o)


# --------------------------------------------------------------------------- polygons

SQUARE = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
# a "C" open to the east: the notch (4..10, 4..6) is outside
C_SHAPE = Polygon([(0, 0), (10, 0), (10, 4), (4, 4), (4, 6), (10, 6), (10, 10), (0, 10)])


def test_polygon_basics() -> None:
    assert SQUARE.convex and not C_SHAPE.convex
    assert SQUARE.area == pytest.approx(100.0)
    assert C_SHAPE.area == pytest.approx(100.0 - 12.0)
    clockwise = Polygon([(0, 0), (0, 10), (10, 10), (10, 0), (0, 0)])  # closed ring, clockwise
    assert len(clockwise.points) == 4
    assert clockwise.area == pytest.approx(100.0)
    with pytest.raises(ValueError, match="3"):
        Polygon([(0, 0), (1, 1)])
    with pytest.raises(ValueError, match="3"):
        Polygon([(0, 0), (1, 1), (0, 0)])


def test_polygon_contains() -> None:
    assert SQUARE.contains(Vec(5, 5))
    assert SQUARE.contains(Vec(10, 5))  # the boundary of a convex polygon counts
    assert not SQUARE.contains(Vec(10.1, 5))
    assert not SQUARE.contains(Vec(-1, -1))
    assert C_SHAPE.contains(Vec(2, 5))
    assert C_SHAPE.contains(Vec(8, 2))
    assert C_SHAPE.contains(Vec(8, 8))
    assert not C_SHAPE.contains(Vec(8, 5))  # in the notch
    assert not C_SHAPE.contains(Vec(5, 5))
    assert not C_SHAPE.contains(Vec(12, 5))


@given(st.floats(-2, 12), st.floats(-2, 12))
def test_concave_contains_agrees_with_shapely(x: float, y: float) -> None:
    ref = shapely.Polygon(C_SHAPE.points)
    p = shapely.Point(x, y)
    assume(ref.exterior.distance(p) > 1e-6)
    assert C_SHAPE.contains(Vec(x, y)) == ref.contains(p)
    assert C_SHAPE.distance_to(Vec(x, y)) == pytest.approx(ref.distance(p), abs=1e-9)


def test_closest_point() -> None:
    assert SQUARE.closest_point(Vec(15, 5)) == pytest.approx(Vec(10, 5))
    assert SQUARE.closest_point(Vec(-3, -4)) == pytest.approx(Vec(0, 0))
    assert SQUARE.closest_point(Vec(5, 4)) == pytest.approx(Vec(5, 0))  # from inside: the nearest edge
    assert C_SHAPE.closest_point(Vec(8, 5)) == pytest.approx(Vec(8, 4)) or C_SHAPE.closest_point(Vec(8, 5)) == pytest.approx(Vec(8, 6))
    assert C_SHAPE.closest_point(Vec(4.5, 5)) == pytest.approx(Vec(4, 5))
    assert SQUARE.distance_to(Vec(13, 14)) == pytest.approx(5.0)
    assert SQUARE.distance_to(Vec(3, 3)) == 0.0


def test_circle() -> None:
    c = Vec(20.0, 30.0)
    circle = Polygon.circle(c, 5.0)
    assert len(circle.points) == 16
    assert all(distance(Vec(*p), c) == pytest.approx(5.0) for p in circle.points)
    assert circle.convex
    assert circle.contains(c)
    assert circle.contains(Vec(24.5, 30.0))
    assert not circle.contains(Vec(25.1, 30.0))
    # the inscribed 16-gon: a little less than the disc
    assert 0.95 * math.pi * 25 < circle.area < math.pi * 25
    assert circle.radius == pytest.approx(5.0, abs=1e-9)


def test_polygon_rotated() -> None:
    turned = SQUARE.rotated(90.0, Vec(0, 0))
    assert turned.contains(Vec(-5, 5))
    assert not turned.contains(Vec(5, 5))
    assert turned.area == pytest.approx(100.0)


POLYGONS = [SQUARE, C_SHAPE, Polygon([(0, 0), (12, 3), (2, 9)]), Polygon.circle(Vec(3, 4), 4.0)]


@given(st.sampled_from(range(len(POLYGONS))), hulls(spread=14.0))
def test_hull_hits_polygon_agrees_with_shapely(which: int, h: Hull) -> None:
    poly = POLYGONS[which]
    ref = shapely.Polygon(poly.points)
    assume(clear_verdict(shape(h), ref))
    assert hull_hits_polygon(h, poly) == shape(h).intersects(ref)
    assert hull_polygon_distance(h, poly) == pytest.approx(shape(h).distance(ref), abs=1e-6)


def test_hull_hits_polygon_inside_either_way() -> None:
    big = Polygon([(-50, -50), (50, -50), (50, 50), (-50, 50)])
    assert hull_hits_polygon(Hull(0, 0, 20, 10, 4), big)  # the hull wholly inside the polygon
    small = Polygon([(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5)])
    assert hull_hits_polygon(Hull(0, 0, 20, 10, 4), small)  # the polygon wholly inside the hull
    # inside the notch of the C, touching nothing
    assert not hull_hits_polygon(Hull(7.0, 5.0, 0.0, 4.0, 1.5), C_SHAPE)
    assert hull_hits_polygon(Hull(6.0, 5.0, 0.0, 4.0, 1.5), C_SHAPE)


def test_hull_beside_a_collinear_edge_does_not_hit_it() -> None:
    # The hull's lower side (y = 0, x 0..2) and the polygon's top edge (y = 0, x 3..6)
    # lie on one line, 1" apart along it; the nearest part of the polygon is its
    # slanted west edge, ~0.077" below the hull's corner.
    h = Hull(1.0, 0.5, 0.0, 2.0, 1.0)
    poly = Polygon([(3, 0), (6, 0), (6, -1), (-10, -1)])
    expected = shape(h).distance(shapely.Polygon(poly.points))
    assert expected > 0.05
    assert not hull_hits_polygon(h, poly)
    assert hull_polygon_distance(h, poly) == pytest.approx(expected)


def test_ship_alongside_a_dock_edge_line() -> None:
    # a ship heading east whose port side lies on the line of a dock's south edge,
    # 0.2" short of the dock: apart, not touching
    dock = Polygon([(60, 92), (84, 92), (84, 96), (60, 96)])
    ship = Hull(54.8, 94.0, 0.0, 10.0, 4.0)
    assert not hull_hits_polygon(ship, dock)
    assert hull_polygon_distance(ship, dock) == pytest.approx(0.2)


# --------------------------------------------------------------------------- paths


@given(st.tuples(coord, coord), angle, st.floats(0.1, 40.0))
def test_straight_path_moves_along_the_heading(xy: tuple[float, float], heading: float, length: float) -> None:
    start = Pose(xy[0], xy[1], heading)
    path = Path(start, [Segment(length)])
    end = path.end
    assert path.length == pytest.approx(length)
    assert end.x == pytest.approx(xy[0] + length * math.cos(math.radians(heading)), abs=1e-9)
    assert end.y == pytest.approx(xy[1] + length * math.sin(math.radians(heading)), abs=1e-9)
    assert end.heading == pytest.approx(heading)
    assert path.at(length) == pytest.approx(end)
    assert path.at(length / 2) == pytest.approx(
        Pose(xy[0] + length / 2 * math.cos(math.radians(heading)), xy[1] + length / 2 * math.sin(math.radians(heading)), heading)
    )


def test_quarter_turn_of_8_inches() -> None:
    r = 8.0 / (math.pi / 2.0)
    port = Path(Pose(0.0, 0.0, 0.0), [Segment(8.0, 90.0)])
    assert port.end.x == pytest.approx(r) and port.end.y == pytest.approx(r)
    assert port.end.heading == pytest.approx(90.0)
    # half way round: 45 degrees turned, on the circle about (0, r)
    mid = port.at(4.0)
    assert mid.heading == pytest.approx(45.0)
    assert distance(mid.pos, Vec(0.0, r)) == pytest.approx(r)
    starboard = Path(Pose(0.0, 0.0, 0.0), [Segment(8.0, -90.0)])
    assert starboard.end.x == pytest.approx(r) and starboard.end.y == pytest.approx(-r)
    assert starboard.end.heading == pytest.approx(270.0)
    # the same turn from a ship heading north ends heading west
    north = Path(Pose(10.0, 10.0, 90.0), [Segment(8.0, 90.0)])
    assert north.end.x == pytest.approx(10.0 - r) and north.end.y == pytest.approx(10.0 + r)
    assert north.end.heading == pytest.approx(180.0)


def test_card_then_straight() -> None:
    r = 8.0 / (math.pi / 2.0)
    path = Path(Pose(0.0, 0.0, 0.0), [Segment(8.0, 90.0), Segment(5.0)])
    assert path.length == pytest.approx(13.0)
    assert path.end == pytest.approx(Pose(r, r + 5.0, 90.0))
    assert path.at(100.0) == pytest.approx(path.end)  # clamped
    assert path.at(-3.0) == pytest.approx(Pose(0.0, 0.0, 0.0))
    assert Path(Pose(1, 2, 3), [Segment(0.0), Segment(1e-12, 90)]).length == 0.0


@pytest.mark.parametrize("turn", [1e-3, 1e-9, 3.2750007320970797e-191, 5e-324, -1e-300])
def test_an_almost_straight_arc_is_almost_straight(turn: float) -> None:
    # a vanishing turn must not lose the position to rounding (a radius of 1e190 inches)
    path = Path(Pose(0.0, 0.0, 1.0), [Segment(1.0), Segment(1.0, turn)])
    straight = Path(Pose(0.0, 0.0, 1.0), [Segment(2.0)])
    # the arc leaves the straight line by at most (distance along it)^2 * curvature / 2
    drift = abs(turn) * math.pi / 180.0 / 2.0
    for s in (1.0, 1.5, 2.0):
        assert tuple(path.at(s).pos) == pytest.approx(tuple(straight.at(s).pos), abs=1e-9 + drift)
    # and a sweep along it measures its bounds without dividing by the vanishing turn
    beside = Obstacle("beside", "ship", Hull(1.0, 3.0, 0.0, 4.0, 2.0))
    result = sweep(Path(Pose(10.0, 30.0, 0.0), [Segment(5.0, turn)]), 10.0, 4.0, [beside], TABLE)
    assert result.contact is None and result.travelled == pytest.approx(5.0)


segments = st.lists(
    st.tuples(st.floats(0.1, 15.0), st.one_of(st.just(0.0), st.floats(-180.0, 180.0))),
    min_size=1,
    max_size=4,
)


@given(st.tuples(coord, coord), angle, segments, st.floats(0.0, 1.0))
def test_path_at_is_continuous(xy: tuple[float, float], heading: float, segs: list[tuple[float, float]], frac: float) -> None:
    path = Path(Pose(xy[0], xy[1], heading), [Segment(n, t) for n, t in segs])
    cuts = [0.0]
    for n, _ in segs:
        cuts.append(cuts[-1] + n)
    # around every joint and at a random point, a tiny step moves the point a tiny bit
    for s in [*cuts, frac * path.length]:
        for ds in (1e-6, 1e-3):
            a, b = path.at(s - ds), path.at(s + ds)
            assert distance(a.pos, b.pos) <= 2 * ds + 1e-9
            assert abs(angle_diff(a.heading, b.heading)) <= 2 * ds * 180.0 / math.pi * max(abs(t) * math.pi / 180.0 / n for n, t in segs) + 1e-6
    # the lead point travels at unit speed: chords are never longer than the arc
    samples = [path.at(path.length * i / 50) for i in range(51)]
    step = path.length / 50
    for p, q in itertools.pairwise(samples):
        assert distance(p.pos, q.pos) <= step + 1e-9


def test_hull_at_forward_and_astern() -> None:
    path = Path(Pose(15.0, 0.0, 0.0), [Segment(10.0)])
    h = path.hull_at(0.0, 10.0, 4.0)
    assert (h.x, h.y, h.heading) == pytest.approx((10.0, 0.0, 0.0))
    assert approx_vec(h.bow, 15.0, 0.0)
    # going astern: the lead point is the stern and the bow points back
    astern = Path(Pose(5.0, 0.0, 180.0), [Segment(3.0)], reverse=True)
    h = astern.hull_at(3.0, 10.0, 4.0)
    assert h.x == pytest.approx(7.0) and h.heading == pytest.approx(0.0)
    assert approx_vec(h.stern, 2.0, 0.0)


# --------------------------------------------------------------------------- sweeps

TABLE = Table(60.0, 60.0)


def test_sweep_without_obstacles_travels_the_whole_path() -> None:
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(8.0, 90.0), Segment(12.0)])
    result = sweep(path, 10.0, 4.0, [], None)
    assert result.contact is None
    assert result.travelled == pytest.approx(path.length)
    end = path.hull_at(path.length, 10.0, 4.0)
    assert (result.hull.x, result.hull.y, result.hull.heading) == pytest.approx((end.x, end.y, end.heading))
    far = Obstacle("far", "ship", Hull(55.0, 5.0, 0.0, 5.0, 2.0))
    result = sweep(path, 10.0, 4.0, [far], Table(120.0, 120.0))
    assert result.contact is None and result.travelled == pytest.approx(path.length)


def test_sweep_upto_stops_early() -> None:
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(20.0)])
    result = sweep(path, 10.0, 4.0, [], TABLE, upto=5.0)
    assert result.travelled == pytest.approx(5.0) and result.contact is None
    assert result.hull.x == pytest.approx(20.0)
    assert sweep(path, 10.0, 4.0, [], TABLE, upto=0.0).travelled == 0.0


def test_sweep_stops_short_of_a_ship_ahead() -> None:
    # bow at x = 20 heading east; a ship across the course whose near side is at x = 30
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(30.0)])
    other = Obstacle("Blocker", "ship", Hull(32.0, 30.0, 90.0, 10.0, 4.0))
    result = sweep(path, 10.0, 4.0, [other], TABLE)
    assert result.contact is not None
    assert (result.contact.ident, result.contact.kind) == ("Blocker", "ship")
    assert result.travelled == pytest.approx(10.0 - CLEARANCE, abs=0.011)
    assert not hulls_overlap(result.hull, other.shape)  # type: ignore[arg-type]
    assert hull_distance(result.hull, other.shape) < 0.02  # type: ignore[arg-type]


def test_sweep_stops_at_an_island_and_at_the_edge() -> None:
    island = Obstacle("Skull Rock", "island", Polygon.circle(Vec(45.0, 30.0), 5.0))
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(30.0)])
    result = sweep(path, 10.0, 4.0, [island], TABLE)
    assert result.contact is not None and result.contact.ident == "Skull Rock" and result.contact.kind == "island"
    assert not hull_hits_polygon(result.hull, island.shape)  # type: ignore[arg-type]
    assert result.travelled == pytest.approx(20.0 - CLEARANCE, abs=0.011)

    to_edge = Path(Pose(50.0, 30.0, 0.0), [Segment(30.0)])
    result = sweep(to_edge, 10.0, 4.0, [], TABLE)
    assert result.contact is not None and result.contact.kind == "edge"
    assert TABLE.holds(result.hull)
    assert result.hull.bow.x == pytest.approx(60.0 - CLEARANCE, abs=0.011)


@st.composite
def sweep_cases(draw: st.DrawFn) -> tuple[Hull, Path, list[Obstacle]]:
    length = draw(st.floats(2.0, 10.0))
    width = draw(st.floats(1.0, 4.0))
    start = Hull(draw(st.floats(15.0, 45.0)), draw(st.floats(15.0, 45.0)), draw(angle), length, width)
    reverse = draw(st.booleans())
    lead = start.stern if reverse else start.bow
    travel = norm_deg(start.heading + 180.0) if reverse else start.heading
    segs = draw(st.lists(st.tuples(st.floats(0.5, 15.0), st.one_of(st.just(0.0), st.floats(-120.0, 120.0))), min_size=1, max_size=3))
    path = Path(Pose(lead.x, lead.y, travel), [Segment(n, t) for n, t in segs], reverse)
    obstacles = []
    for i, h in enumerate(draw(st.lists(hulls(spread=1.0), max_size=4))):
        moved = Hull(h.x + draw(st.floats(0.0, 60.0)), h.y + draw(st.floats(0.0, 60.0)), h.heading, h.length + 0.5, h.width + 0.5)
        # whatever the moving hull starts beside is no obstacle to its first step
        if hull_distance(moved, start) > 0.02:
            obstacles.append(Obstacle(f"ob{i}", "ship", moved))
    return start, path, obstacles


def _clear(h: Hull, shapes: dict[str, Hull]) -> bool:
    return TABLE.holds(h) and not any(hulls_overlap(h, o) for o in shapes.values())


def _grown(h: Hull) -> Hull:
    return Hull(h.x, h.y, h.heading, h.length + 2 * CLEARANCE, h.width + 2 * CLEARANCE)


def _run_sweep(case: tuple[Hull, Path, list[Obstacle]]) -> tuple[Hull, Path, dict[str, Hull], Sweep]:
    start, path, obstacles = case
    first = path.hull_at(0.0, start.length, start.width)
    assert (first.x, first.y) == pytest.approx((start.x, start.y))
    assert abs(angle_diff(first.heading, start.heading)) < 1e-9
    shapes: dict[str, Hull] = {}
    for ob in obstacles:
        assert isinstance(ob.shape, Hull)
        shapes[ob.ident] = ob.shape
    return start, path, shapes, sweep(path, start.length, start.width, obstacles, TABLE)


@given(sweep_cases())
def test_sweep_stops_clear_and_names_a_real_contact(case: tuple[Hull, Path, list[Obstacle]]) -> None:
    start, path, shapes, result = _run_sweep(case)
    length, width = start.length, start.width
    assert 0.0 <= result.travelled <= path.length + 1e-9
    assert _clear(result.hull, shapes)
    at_stop = path.hull_at(result.travelled, length, width)
    assert (result.hull.x, result.hull.y) == pytest.approx((at_stop.x, at_stop.y))
    if result.contact is None:
        assert result.travelled == pytest.approx(path.length)
        return
    contact = result.contact
    # the contact is where the hull itself first touches what is named
    assert result.travelled <= contact.at + 1e-9
    touching = path.hull_at(contact.at, length, width)
    if contact.kind == "edge":
        assert contact.ident == "edge"
        assert min(min(x, y, TABLE.width - x, TABLE.height - y) for x, y in touching.corners) <= 1e-6
    else:
        assert contact.kind == "ship"
        assert hull_distance(touching, shapes[contact.ident]) <= 1e-6
    # the stop is the clear pose nearest the touch: 0.01" further on (if short of the
    # touch) the hull grown by the clearance is no longer clear
    further = result.travelled + 0.01
    if further < contact.at:
        assert not _clear(_grown(path.hull_at(further, length, width)), shapes)


def test_sweep_shallow_approach_touches_a_little_later() -> None:
    # heading 3 degrees towards a long hull: stopped 0.005" short, touching ~0.1" further on
    start = Hull(20.0, 28.0, 3.0, 10.0, 4.0)
    wall = Hull(45.0, 32.0, 0.0, 60.0, 2.0)
    path = Path(Pose(start.bow.x, start.bow.y, 3.0), [Segment(40.0)])
    result = sweep(path, 10.0, 4.0, [Obstacle("wall", "ship", wall)], TABLE)
    assert result.contact is not None and result.contact.ident == "wall"
    # the grown hull's corner reaches CLEARANCE * (cos 3 + sin 3) towards the wall; the
    # bisection leaves the hull up to 0.01" of path (0.01 * sin 3 across) further back
    tilt = math.radians(3.0)
    assert CLEARANCE < hull_distance(result.hull, wall) <= CLEARANCE * (math.cos(tilt) + math.sin(tilt)) + 0.01 * math.sin(tilt)
    assert hull_distance(path.hull_at(result.travelled + 0.05, 10.0, 4.0), wall) <= CLEARANCE
    assert hulls_overlap(path.hull_at(result.travelled + 0.2, 10.0, 4.0), wall)
    # the touch itself is exact: the hull meets the wall where the contact says
    assert hull_distance(path.hull_at(result.contact.at, 10.0, 4.0), wall) <= 1e-6
    assert hull_distance(path.hull_at(result.contact.at - 0.001, 10.0, 4.0), wall) > 0.0


# A turning hull (a 3" starboard arc of 17 degrees) whose corner swings through the
# corner of another hull for about 0.06" of path, between two of the sweep's 0.25"
# steps: found by the property below.
CLIPPED_CORNER = (
    Hull(15.0, 44.5, 310.0, 2.0, 3.5),
    Path(Pose(15.64278760968654, 43.73395555688102, 310.0), [Segment(1.0), Segment(7.5), Segment(3.0, -17.0)]),
    [Obstacle("ob1", "ship", Hull(25.0, 39.125, 0.0, 3.25, 3.5))],
)


@example(case=CLIPPED_CORNER)
@given(sweep_cases())
def test_sweep_touches_nothing_on_the_way(case: tuple[Hull, Path, list[Obstacle]]) -> None:
    start, path, shapes, result = _run_sweep(case)
    # every pose on the way, sampled every 0.05", touches nothing (the sweep keeps 0.005" clear)
    for i in range(int(result.travelled / 0.05) + 1):
        assert _clear(path.hull_at(i * 0.05, start.length, start.width), shapes), i * 0.05


def test_translate_path_moves_without_turning() -> None:
    path = translate_path(Pose(30.0, 30.0, 45.0), 270.0, 6.0)
    assert path.length == pytest.approx(6.0)
    h = path.hull_at(6.0, 10.0, 4.0)
    assert (h.x, h.y) == pytest.approx((30.0, 24.0))
    assert h.heading == pytest.approx(45.0)
    mid = path.hull_at(2.5, 10.0, 4.0)
    assert (mid.x, mid.y, mid.heading) == pytest.approx((30.0, 27.5, 45.0))
    # swept: it stops at a hull lying 3" downwind
    below = Obstacle("Wreck", "ship", Hull(30.0, 30.0 - 5.0 - 3.0 - 1.0, 0.0, 20.0, 2.0))
    start = Hull(30.0, 30.0, 0.0, 10.0, 10.0)
    result = sweep(translate_path(start.pose, 270.0, 6.0), 10.0, 10.0, [below], TABLE)
    assert result.contact is not None and result.contact.ident == "Wreck"
    assert result.travelled == pytest.approx(3.0 - CLEARANCE, abs=0.011)
    assert result.hull.heading == 0.0


# --------------------------------------------------------------------------- lines and templates


def test_segment_hull_entry() -> None:
    h = Hull(10.0, 0.0, 0.0, 4.0, 2.0)  # x 8..12, y -1..1
    assert segment_hull_entry(Vec(0, 0), Vec(20, 0), h) == pytest.approx(8.0 / 20.0)
    assert segment_hull_entry(Vec(20, 0), Vec(0, 0), h) == pytest.approx(8.0 / 20.0)
    assert segment_hull_entry(Vec(0, 2), Vec(20, 2), h) is None  # passes above
    assert segment_hull_entry(Vec(0, 0), Vec(7, 0), h) is None  # stops short
    assert segment_hull_entry(Vec(10, 0), Vec(30, 0), h) == 0.0  # starts inside
    assert segment_hull_entry(Vec(10, 10), Vec(10, -10), h) == pytest.approx(9.0 / 20.0)


def test_first_hull_on_segment_is_the_nearest() -> None:
    far = Hull(15.0, 0.0, 0.0, 2.0, 2.0)
    near = Hull(6.0, 0.5, 45.0, 2.0, 2.0)
    aside = Hull(3.0, 5.0, 0.0, 2.0, 2.0)
    hit = first_hull_on_segment(Vec(0, 0), Vec(20, 0), [("far", far), ("aside", aside), ("near", near)])
    assert hit is not None
    ident, point = hit
    assert ident == "near"
    assert point.y == pytest.approx(0.0)
    assert near.contains(point, 1e-9) and point_hull_distance(point, near) == 0.0
    assert point.x < 6.0
    assert shape(near).exterior.distance(shapely.Point(point)) < 1e-9
    hit = first_hull_on_segment(Vec(0, 0), Vec(20, 0), [("far", far), ("aside", aside)])
    assert hit is not None and hit[0] == "far" and hit[1] == pytest.approx(Vec(14.0, 0.0))
    assert first_hull_on_segment(Vec(0, 0), Vec(20, 0), [("aside", aside)]) is None
    assert first_hull_on_segment(Vec(0, 0), Vec(20, 0), []) is None


@given(st.tuples(coord, coord), angle)
def test_flamer_template(xy: tuple[float, float], direction: float) -> None:
    o = Vec(*xy)
    t = flamer_template(o, direction)
    along = unit(direction)
    side = unit(direction + 90.0)

    def at(a: float, b: float) -> Vec:
        return Vec(o.x + along.x * a + side.x * b, o.y + along.y * a + side.y * b)

    # 8" long from the narrow end
    reach = max(distance(o, Vec(*p)) for p in t.points)
    assert reach == pytest.approx(8.0, abs=1e-9)
    assert t.contains(at(7.0, 0.0))
    assert t.contains(at(7.9, 0.0))
    assert not t.contains(at(8.1, 0.0))
    assert not t.contains(at(1.0, 1.0))
    assert not t.contains(at(1.0, -1.0))
    assert t.contains(at(0.1, 0.0))
    assert not t.contains(at(-0.1, 0.0))
    # narrow at the origin: 0.5" across
    assert t.contains(at(0.0, 0.24)) and not t.contains(at(0.0, 0.3))
    # 2.5" across at the wide end
    assert t.contains(at(6.75, 1.2)) and not t.contains(at(6.75, 1.3))
    assert t.convex


def test_scatter() -> None:
    p = Vec(10.0, 10.0)
    assert scatter(p, None, 5.0) == p
    assert scatter(p, 90.0, 0.0) == p
    assert scatter(p, 90.0, -2.0) == p
    assert scatter(p, 90.0, 3.0) == pytest.approx(Vec(10.0, 13.0))
    assert scatter(p, 225.0, math.sqrt(2.0)) == pytest.approx(Vec(9.0, 9.0))


@given(angle)
def test_edge_point_lands_on_the_edge(direction: float) -> None:
    table = Table(120.0, 72.0)
    p = table.edge_point(direction)
    assert table.holds_point(p, margin=-1e-9)
    assert table.edge_distance(p) == pytest.approx(0.0, abs=1e-9)
    assert abs(angle_diff(bearing(table.centre, p), direction)) < 1e-6


def test_edge_point_examples() -> None:
    table = Table(120.0, 72.0)
    assert table.edge_point(0.0) == pytest.approx(Vec(120.0, 36.0))
    assert table.edge_point(90.0) == pytest.approx(Vec(60.0, 72.0))
    assert table.edge_point(180.0) == pytest.approx(Vec(0.0, 36.0))
    assert table.edge_point(270.0) == pytest.approx(Vec(60.0, 0.0))
    assert table.edge_point(45.0) == pytest.approx(Vec(96.0, 72.0))


def test_table_holds() -> None:
    table = Table(120.0, 72.0)
    assert table.holds(Hull(5.0, 2.0, 0.0, 10.0, 4.0))  # touching two edges
    assert not table.holds(Hull(4.9, 2.0, 0.0, 10.0, 4.0))
    assert not table.holds(Hull(60.0, 71.0, 90.0, 10.0, 4.0))
    assert table.centre == Vec(60.0, 36.0)


def test_first_contact_finds_the_exact_touch_without_stopping_short() -> None:
    # a 10x4 hull heading +x, its bow at x=15, meets a wall whose face is at x=40
    start = Hull(10.0, 20.0, 0.0, 10.0, 4.0)
    wall = Obstacle("wall", "ship", Hull(45.0, 20.0, 0.0, 10.0, 30.0))
    path = Path(Pose(15.0, 20.0, 0.0), [Segment(40.0)])
    contact = first_contact(path, 10.0, 4.0, [wall], TABLE)
    assert contact is not None and contact.ident == "wall"
    assert contact.at == pytest.approx(25.0, abs=1e-9)
    assert first_contact(path, 10.0, 4.0, [wall], TABLE, upto=24.0) is None
    stopped = sweep(path, 10.0, 4.0, [wall], TABLE)
    assert stopped.contact is not None and stopped.contact.at == pytest.approx(25.0, abs=1e-9)
    assert 25.0 - CLEARANCE - 0.01 <= stopped.travelled <= 25.0 - CLEARANCE + 1e-9
    assert start.length == 10.0


@pytest.mark.parametrize("heading", [0.0, 180.0])
def test_a_hull_flush_with_the_edge_may_leave_it_but_not_cross_it(heading: float) -> None:
    # the hull's bow end lies exactly on the east edge (x = 60)
    start = Hull(55.0, 30.0, 0.0, 10.0, 4.0)
    assert TABLE.holds(start)
    ahead = Path(Pose(60.0, 30.0, 0.0), [Segment(20.0)])
    astern = Path(Pose(50.0, 30.0, 180.0), [Segment(20.0)], reverse=True)  # away from the edge
    path = ahead if heading == 0.0 else astern
    result = sweep(path, 10.0, 4.0, [], TABLE)
    assert TABLE.holds(result.hull)
    if heading == 0.0:
        assert result.contact is not None and result.contact.kind == "edge" and result.travelled == 0.0
    else:
        assert result.contact is None and result.travelled == pytest.approx(20.0)


def test_a_hull_touching_a_ship_at_the_start_still_stops_for_what_lies_ahead() -> None:
    # a hull (centre (20, 30), 10 x 4, heading east) alongside another, touching its side,
    # sails on into an island ahead
    neighbour = Hull(20.0, 34.0, 0.0, 10.0, 4.0)  # sides touch along y = 32
    rock = Polygon([(40.0, 25.0), (45.0, 25.0), (45.0, 35.0), (40.0, 35.0)])
    path = Path(Pose(25.0, 30.0, 0.0), [Segment(30.0)])
    result = sweep(path, 10.0, 4.0, [Obstacle("mate", "ship", neighbour), Obstacle("rock", "island", rock)], TABLE)
    assert result.contact is not None
    assert result.contact.ident in ("mate", "rock")
    assert not hull_hits_polygon(result.hull, rock)
    assert result.hull.bow.x <= 40.0


def test_a_sweep_can_resume_from_part_way_along_its_path() -> None:
    # two walls across a straight path: resuming after the first (removed) finds the second
    near = Obstacle("near", "mine", Hull(30.0, 20.0, 0.0, 2.0, 10.0))
    far = Obstacle("far", "ship", Hull(45.0, 20.0, 0.0, 2.0, 10.0))
    path = Path(Pose(15.0, 20.0, 0.0), [Segment(50.0)])
    first = sweep(path, 10.0, 4.0, [near, far], TABLE)
    assert first.contact is not None and first.contact.ident == "near" and first.contact.at == pytest.approx(14.0)
    again = sweep(path, 10.0, 4.0, [far], TABLE, start=first.travelled)
    assert again.contact is not None and again.contact.ident == "far" and again.contact.at == pytest.approx(29.0)
    assert again.travelled >= first.travelled
    assert first_contact(path, 10.0, 4.0, [far], TABLE, start=20.0) == again.contact


def test_hulls_touching_corner_to_corner_count_as_overlapping() -> None:
    # found by hypothesis: the bounding circles touch to within rounding
    a, b = Hull(0.0, 3.0, 0.0, 3.0, 3.0), Hull(3.0, 0.0, 0.0, 3.0, 3.0)
    assert separation(a, b) == 0.0 and hulls_overlap(a, b)


@given(hulls(), st.floats(0.0, 20.0))
def test_polygon_within_agrees_with_the_exact_distance(h: Hull, reach: float) -> None:
    from grapeshot.geometry import polygon_within

    rock = Polygon([(20.0, 20.0), (30.0, 18.0), (34.0, 28.0), (24.0, 33.0)])
    exact = hull_polygon_distance(h, rock)
    got = polygon_within(h, rock, reach)
    if exact <= reach:
        assert got == pytest.approx(exact)
    else:
        assert got is None
