"""Straight lines against hulls (torpedo tracks, shots), checked against shapely."""

from __future__ import annotations

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, given
from hypothesis import strategies as st

from grapeshot.geometry import (
    Hull,
    Vec,
    distance,
    first_hull_on_segment,
    point_hull_distance,
    segment_hull_entry,
)
from tests.geometry.strategies import angle, coord, hulls, rotate_hull, shape


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
