"""The geometry the core needs: round and flame templates, lines of flight, scatter."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from grapeshot.geometry import Vec
from grapeshot.rulesets.navalwarhammer.fantasy.templates import (
    LARGE_ROUND,
    SMALL_ROUND,
    Figure,
    flame_template,
    point_along,
    round_template,
    scatter_point,
    spans_on_line,
    under_flame,
    under_hole,
    under_round,
    within,
)

pytestmark = pytest.mark.rules("FB-TMPL-1")


def test_round_templates_are_3_and_5_inches_across_and_hit_every_base_they_touch() -> None:
    assert (2 * SMALL_ROUND, 2 * LARGE_ROUND) == (3.0, 5.0)
    figures = [Figure("on", Vec(10, 10)), Figure("edge", Vec(12.0, 10)), Figure("touching", Vec(11.99, 10)), Figure("off", Vec(12.01, 10), 0.5)]
    small = round_template(Vec(10, 10))
    # the small template's edge is 1.5" out; a 0.5" base centred 2" away just touches it
    assert [f.key for f in under_round(small, figures)] == ["on", "touching", "edge"]
    large = round_template(Vec(10, 10), large=True)
    assert {f.key for f in under_round(large, figures)} == {"on", "edge", "touching", "off"}


def test_the_hole_lies_over_one_figure_at_most() -> None:
    t = round_template(Vec(0, 0))
    assert under_hole(t, [Figure("a", Vec(0.3, 0)), Figure("b", Vec(-0.4, 0))]) == Figure("a", Vec(0.3, 0))
    assert under_hole(t, [Figure("far", Vec(1.0, 0))]) is None


def test_the_flame_template_is_the_8_inch_teardrop() -> None:
    flame = flame_template(Vec(0, 0), 0.0)
    figures = [
        Figure("near", Vec(1, 0), 0.1),
        Figure("end", Vec(8.3, 0)),
        Figure("beyond", Vec(8.6, 0)),
        Figure("wide", Vec(6.75, 1.6)),
        Figure("behind", Vec(-0.7, 0)),
    ]
    assert [f.key for f in under_flame(flame, figures)] == ["near", "end", "wide"]
    turned = flame_template(Vec(0, 0), 90.0)
    assert [f.key for f in under_flame(turned, [Figure("up", Vec(0, 5)), Figure("right", Vec(5, 0))])] == ["up"]


@pytest.mark.rules("FB-ART-1")
def test_points_along_a_line_and_scatter() -> None:
    assert point_along(Vec(1, 1), 90.0, 10).y == pytest.approx(11.0)
    assert scatter_point(Vec(5, 5), None, 6) == Vec(5, 5)
    moved = scatter_point(Vec(5, 5), 180.0, 4)
    assert (moved.x, moved.y) == (pytest.approx(1.0), pytest.approx(5.0))
    t = round_template(Vec(0, 0)).scattered(0.0, 3)
    assert t.centre.x == pytest.approx(3.0) and t.radius == SMALL_ROUND


def test_spans_on_a_line_nearest_first_and_what_a_stretch_crosses() -> None:
    figures = [Figure("far", Vec(20, 0.2)), Figure("near", Vec(5, 0)), Figure("aside", Vec(10, 0.6)), Figure("behind", Vec(-3, 0))]
    spans = spans_on_line(Vec(0, 0), 0.0, figures)
    assert [s.key for s in spans] == ["near", "far"]
    assert spans[0].start == pytest.approx(4.5) and spans[0].end == pytest.approx(5.5)
    half = math.sqrt(0.25 - 0.04)
    assert spans[1].start == pytest.approx(20 - half)
    assert [s.key for s in within(spans, 5.5, 19.0)] == ["near"]
    assert [s.key for s in within(spans, 6.0, 19.0)] == []


@given(
    st.floats(0, 359.9),
    st.lists(st.tuples(st.floats(-20, 20), st.floats(-20, 20), st.floats(0.3, 1.5)), max_size=8),
)
def test_spans_agree_with_shapely(direction: float, bases: list[tuple[float, float, float]]) -> None:
    figures = [Figure(str(k), Vec(x, y), r) for k, (x, y, r) in enumerate(bases)]
    spans = {s.key: s for s in spans_on_line(Vec(0, 0), direction, figures)}
    far = point_along(Vec(0, 0), direction, 100.0)
    ray = LineString([(0, 0), (far.x, far.y)])
    for f in figures:
        disc = Point(f.at.x, f.at.y).buffer(f.radius, 256)
        crossing = ray.intersection(disc)
        if crossing.length > 0.02:
            assert f.key in spans
            s = spans[f.key]
            assert s.end - s.start == pytest.approx(crossing.length, abs=0.01)
        elif crossing.is_empty:  # (shapely's disc is a polygon: a graze may differ)
            assert f.key not in spans or spans[f.key].end - spans[f.key].start < 0.02
    flame = flame_template(Vec(0, 0), direction)
    poly = Polygon(flame.points)
    for f in figures:
        d = poly.distance(Point(f.at.x, f.at.y))
        if abs(d - f.radius) > 1e-6:
            assert (f in under_flame(flame, [f])) == (d <= f.radius)
