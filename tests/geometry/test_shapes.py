"""Hulls, facings, arcs, polygons and the table: the hand-written float tests checked against
shapely on random shapes and for invariance under rotating the whole table."""

from __future__ import annotations

import math

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, given
from hypothesis import strategies as st

from grapeshot.geometry import (
    Arc,
    Facing,
    Hull,
    Polygon,
    Table,
    Vec,
    angle_diff,
    bearing,
    distance,
    hull_distance,
    hull_hits_polygon,
    hull_polygon_distance,
    hulls_overlap,
    norm_deg,
    point_hull_distance,
    separation,
    unit,
)
from tests.geometry.strategies import C_SHAPE, SQUARE, angle, approx_vec, clear_verdict, coord, hulls, rotate_hull, shape


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
