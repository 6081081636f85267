"""Straight lines against hulls, discs, polygons and other lines, checked against shapely."""

from __future__ import annotations

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, given
from hypothesis import strategies as st

from grapeshot.geometry import (
    Hull,
    Polygon,
    Vec,
    distance,
    first_hull_on_segment,
    point_hull_distance,
    segment_disc_span,
    segment_hull_entry,
    segment_hull_span,
    segment_point_distance,
    segment_polygon_distance,
    segment_polygon_spans,
    segment_segment_distance,
    segments_meet,
)
from tests.geometry.strategies import C_SHAPE, SQUARE, angle, coord, hulls, points, rotate_hull, shape


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


# --------------------------------------------------------------------------- segments against points, segments, discs, polygons


def test_segment_distances_by_hand() -> None:
    a, b = Vec(0, 0), Vec(10, 0)
    assert segment_point_distance(a, b, Vec(5, 3)) == pytest.approx(3.0)
    assert segment_point_distance(a, b, Vec(-3, 4)) == pytest.approx(5.0)  # beyond the end: to the end
    assert segments_meet(a, b, Vec(5, -1), Vec(5, 1))
    assert segments_meet(a, b, Vec(10, 0), Vec(12, 5))  # touching at an end counts
    assert not segments_meet(a, b, Vec(11, 0), Vec(12, 0))  # on one line, apart
    assert segment_segment_distance(a, b, Vec(3, 2), Vec(7, 2)) == pytest.approx(2.0)
    assert segment_segment_distance(a, b, Vec(5, -1), Vec(5, 1)) == 0.0
    assert segment_polygon_distance(Vec(-5, 5), Vec(-1, 5), SQUARE) == pytest.approx(1.0)
    assert segment_polygon_distance(Vec(2, 2), Vec(3, 3), SQUARE) == 0.0  # inside
    assert segment_polygon_distance(Vec(-5, 5), Vec(15, 5), SQUARE) == 0.0  # across


@given(points, points, points, points)
def test_segment_distances_agree_with_shapely(a: Vec, b: Vec, c: Vec, d: Vec) -> None:
    assume(distance(a, b) > 1e-6 and distance(c, d) > 1e-6)  # shapely has no distance to an empty line
    ab, cd = shapely.LineString([a, b]), shapely.LineString([c, d])
    assert segment_point_distance(a, b, c) == pytest.approx(ab.distance(shapely.Point(c)), abs=1e-9)
    assert segment_segment_distance(a, b, c, d) == pytest.approx(ab.distance(cd), abs=1e-9)
    if ab.distance(cd) > 1e-9:
        assert not segments_meet(a, b, c, d)
    elif ab.crosses(cd):
        assert segments_meet(a, b, c, d)


@given(points, points, st.sampled_from([SQUARE, C_SHAPE]))
def test_segment_polygon_distance_and_spans_agree_with_shapely(a: Vec, b: Vec, poly: Polygon) -> None:
    assume(distance(a, b) > 1e-3)
    ref = shapely.Polygon(poly.points)
    line = shapely.LineString([a, b])
    assume(line.intersection(ref.exterior.buffer(1e-9)).length < 1e-7)  # not running along an edge
    assert segment_polygon_distance(a, b, poly) == pytest.approx(line.distance(ref), abs=1e-9)
    spans = segment_polygon_spans(a, b, poly)
    inside = line.intersection(ref)
    assert sum(t1 - t0 for t0, t1 in spans) * line.length == pytest.approx(inside.length, abs=1e-6)
    for t0, t1 in spans:
        assert 0.0 <= t0 <= t1 <= 1.0
        mid = Vec(a.x + (b.x - a.x) * (t0 + t1) / 2, a.y + (b.y - a.y) * (t0 + t1) / 2)
        assert ref.buffer(1e-9).contains(shapely.Point(mid))
    assert spans == sorted(spans)


@given(hulls(), points, points)
def test_segment_hull_span_agrees_with_shapely(h: Hull, a: Vec, b: Vec) -> None:
    assume(distance(a, b) > 1e-3)
    line = shapely.LineString([a, b])
    inside = line.intersection(shape(h))
    assume(line.distance(shape(h)) > 1e-6 or inside.length > 1e-6)
    span = segment_hull_span(a, b, h)
    assert (span is not None) == (inside.length > 0)
    if span is not None:
        t0, t1 = span
        assert (t1 - t0) * line.length == pytest.approx(inside.length, abs=1e-6)
        assert segment_hull_entry(a, b, h) == pytest.approx(t0)


@given(points, points, points, st.floats(0.1, 5.0))
def test_segment_disc_span_agrees_with_the_circle(a: Vec, b: Vec, c: Vec, r: float) -> None:
    assume(distance(a, b) > 1e-3)
    span = segment_disc_span(a, b, c, r)
    d = segment_point_distance(a, b, c)
    assume(abs(d - r) > 1e-6)
    assert (span is not None) == (d < r)
    if span is not None:
        t0, t1 = span
        for t in (t0, t1):
            p = Vec(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            # each end is on the circle, or an end of the segment inside it
            assert distance(p, c) == pytest.approx(r, abs=1e-6) or (t in (0.0, 1.0) and distance(p, c) <= r)
        mid = Vec(a.x + (b.x - a.x) * (t0 + t1) / 2, a.y + (b.y - a.y) * (t0 + t1) / 2)
        assert distance(mid, c) <= r + 1e-9
