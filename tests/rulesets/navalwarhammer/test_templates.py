"""The geometry the core needs: round and flame templates, lines of flight, scatter."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from grapeshot.geometry import Base, Vec
from grapeshot.rulesets.navalwarhammer.fantasy.templates import (
    LARGE_ROUND,
    SMALL_ROUND,
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
    figures = [Base(10, 10, 0.5, "on"), Base(12.0, 10, 0.5, "edge"), Base(11.99, 10, 0.5, "touching"), Base(12.01, 10, 0.5, "off")]
    small = round_template(Vec(10, 10))
    # the small template's edge is 1.5" out; a 0.5" base centred 2" away just touches it
    assert [f.ident for f in under_round(small, figures)] == ["on", "touching", "edge"]
    large = round_template(Vec(10, 10), large=True)
    assert {f.ident for f in under_round(large, figures)} == {"on", "edge", "touching", "off"}


def test_the_hole_lies_over_one_figure_at_most() -> None:
    t = round_template(Vec(0, 0))
    assert under_hole(t, [Base(0.3, 0, 0.5, "a"), Base(-0.4, 0, 0.5, "b")]) == Base(0.3, 0, 0.5, "a")
    assert under_hole(t, [Base(1.0, 0, 0.5, "far")]) is None


def test_the_flame_template_is_the_8_inch_teardrop() -> None:
    flame = flame_template(Vec(0, 0), 0.0)
    figures = [
        Base(1, 0, 0.1, "near"),
        Base(8.3, 0, 0.5, "end"),
        Base(8.6, 0, 0.5, "beyond"),
        Base(6.75, 1.6, 0.5, "wide"),
        Base(-0.7, 0, 0.5, "behind"),
    ]
    assert [f.ident for f in under_flame(flame, figures)] == ["near", "end", "wide"]
    turned = flame_template(Vec(0, 0), 90.0)
    assert [f.ident for f in under_flame(turned, [Base(0, 5, 0.5, "up"), Base(5, 0, 0.5, "right")])] == ["up"]


@pytest.mark.rules("FB-ART-1")
def test_points_along_a_line_and_scatter() -> None:
    assert point_along(Vec(1, 1), 90.0, 10).y == pytest.approx(11.0)
    assert scatter_point(Vec(5, 5), None, 6) == Vec(5, 5)
    moved = scatter_point(Vec(5, 5), 180.0, 4)
    assert (moved.x, moved.y) == (pytest.approx(1.0), pytest.approx(5.0))
    t = round_template(Vec(0, 0)).scattered(0.0, 3)
    assert t.centre.x == pytest.approx(3.0) and t.radius == SMALL_ROUND


def test_spans_on_a_line_nearest_first_and_what_a_stretch_crosses() -> None:
    figures = [Base(20, 0.2, 0.5, "far"), Base(5, 0, 0.5, "near"), Base(10, 0.6, 0.5, "aside"), Base(-3, 0, 0.5, "behind")]
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
    figures = [Base(x, y, r, str(k)) for k, (x, y, r) in enumerate(bases)]
    spans = {s.key: s for s in spans_on_line(Vec(0, 0), direction, figures)}
    far = point_along(Vec(0, 0), direction, 100.0)
    ray = LineString([(0, 0), (far.x, far.y)])
    for f in figures:
        disc = Point(f.x, f.y).buffer(f.radius, 256)
        crossing = ray.intersection(disc)
        if crossing.length > 0.02:
            assert f.ident in spans
            s = spans[f.ident]
            assert s.end - s.start == pytest.approx(crossing.length, abs=0.01)
        elif crossing.is_empty:  # (shapely's disc is a polygon: a graze may differ)
            assert f.ident not in spans or spans[f.ident].end - spans[f.ident].start < 0.02
    flame = flame_template(Vec(0, 0), direction)
    poly = Polygon(flame.points)
    for f in figures:
        d = poly.distance(Point(f.x, f.y))
        if abs(d - f.radius) > 1e-6:
            assert (f in under_flame(flame, [f])) == (d <= f.radius)
