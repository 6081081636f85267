"""Templates (blasts, teardrops, lines), what they touch, and scatter, checked against shapely."""

from __future__ import annotations

import math

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, given
from hypothesis import strategies as st

from grapeshot.geometry import (
    LARGE_BLAST,
    SMALL_BLAST,
    Base,
    Blast,
    Facing,
    Hull,
    Template,
    Vec,
    bases_under,
    centre_over,
    distance,
    edges_touched,
    flamer_template,
    line_template,
    over_hull,
    scatter,
    teardrop,
    touches_base,
    touches_edge,
    unit,
)
from tests.geometry.strategies import angle, coord, hulls, shape


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


# --------------------------------------------------------------------------- blasts, teardrops, lines and what they touch


def test_the_flamer_is_the_default_teardrop() -> None:
    a = flamer_template(Vec(3.0, 4.0), 33.0)
    b = teardrop(Vec(3.0, 4.0), 33.0)
    assert a.points == b.points  # the same numbers, bit for bit
    long = teardrop(Vec(0.0, 0.0), 0.0, length=10.0, narrow=0.5, wide=2.0)
    assert max(p[0] for p in long.points) == pytest.approx(10.0)
    assert max(p[1] for p in long.points) == pytest.approx(2.0)


def test_blast_sizes_and_scatter() -> None:
    assert 2 * SMALL_BLAST == 3.0 and 2 * LARGE_BLAST == 5.0
    blast = Blast(10.0, 10.0, SMALL_BLAST)
    assert blast.scattered(90.0, 4.0) == pytest.approx(Blast(10.0, 14.0, SMALL_BLAST))
    assert blast.scattered(None, 6.0) == blast  # a hit: it stays on target
    assert blast.centre == Vec(10.0, 10.0)


template_kinds = st.sampled_from(["blast", "teardrop", "line"])


def make_template(kind: str, x: float, y: float, direction: float) -> tuple[Template, shapely.Geometry]:
    """A template and shapely's picture of it (a fine polygon for the blast)."""
    if kind == "blast":
        return Blast(x, y, LARGE_BLAST), shapely.Point(x, y).buffer(LARGE_BLAST, quad_segs=256)
    if kind == "teardrop":
        t = teardrop(Vec(x, y), direction)
        return t, shapely.Polygon(t.points)
    line = line_template(Vec(x, y), direction, 12.0)
    return line, shapely.LineString([line.start, line.end])


@given(template_kinds, coord, coord, angle, st.floats(-20, 20), st.floats(-20, 20), st.floats(0.2, 1.5))
def test_touches_base_agrees_with_shapely(kind: str, x: float, y: float, direction: float, bx: float, by: float, r: float) -> None:
    template, ref = make_template(kind, x, y, direction)
    disc = shapely.Point(bx, by)
    gap = ref.distance(disc) - r
    assume(abs(gap) > 1e-3)
    assert touches_base(template, Base(bx, by, r)) == (gap < 0)


@given(template_kinds, coord, coord, angle, hulls())
def test_over_hull_and_edges_agree_with_shapely(kind: str, x: float, y: float, direction: float, h: Hull) -> None:
    template, ref = make_template(kind, x, y, direction)
    body = shape(h)
    assume(ref.distance(body) > 1e-3 or ref.intersection(body).length + ref.intersection(body).area > 1e-3)
    assert over_hull(template, h) == ref.intersects(body)
    c = [Vec(px, py) for px, py in h.corners]
    sides = {Facing.PORT: (c[0], c[1]), Facing.REAR: (c[1], c[2]), Facing.STARBOARD: (c[2], c[3]), Facing.FRONT: (c[3], c[0])}
    for a, b in sides.values():  # clear verdicts only: nothing merely grazes an edge
        edge = shapely.LineString([a, b])
        assume(ref.distance(edge) > 1e-3 or ref.intersection(edge).length > 1e-3 or ref.crosses(edge))
    expected = tuple(f for f in (Facing.FRONT, Facing.PORT, Facing.STARBOARD, Facing.REAR) if ref.intersects(shapely.LineString(sides[f])))
    assert edges_touched(template, h) == expected
    assert touches_edge(template, h) == bool(expected)


def test_a_flame_on_the_deck_does_not_touch_the_hull_s_edge() -> None:
    """NW-TMPL-1: straight and flame templates must touch the ship's edge to hurt the hull."""
    galleon = Hull(20.0, 20.0, 0.0, 24.0, 8.0)  # x 8..32, y 16..24
    on_deck = teardrop(Vec(10.0, 20.0), 0.0)  # laid along the keel from the stern
    assert over_hull(on_deck, galleon) and not touches_edge(on_deck, galleon)
    from_outside = teardrop(Vec(20.0, 10.0), 90.0)  # from off the starboard side, into the ship
    assert edges_touched(from_outside, galleon) == (Facing.STARBOARD,)
    raking = line_template(Vec(40.0, 20.0), 180.0, 40.0)  # a bolt down the whole length
    assert edges_touched(raking, galleon) == (Facing.FRONT, Facing.REAR)
    inside = line_template(Vec(12.0, 20.0), 0.0, 5.0)
    assert over_hull(inside, galleon) and not touches_edge(inside, galleon)


def test_a_blast_from_above_hits_the_hull_when_its_centre_is_over_it() -> None:
    """NW-TMPL-1, NW-TMPL-2: from above, over the ship hits it; the hull itself when the centre is over it."""
    sloop = Hull(10.0, 10.0, 30.0, 10.0, 4.0)
    on = Blast(10.0, 10.0, SMALL_BLAST)
    near = Blast(10.0, 13.0, SMALL_BLAST)  # its edge over the port side, its centre in the water
    off = Blast(10.0, 16.0, SMALL_BLAST)
    assert centre_over(on, sloop) and over_hull(on, sloop) and not touches_edge(on, sloop)
    assert not centre_over(near, sloop) and over_hull(near, sloop) and edges_touched(near, sloop) == (Facing.PORT,)
    assert not over_hull(off, sloop) and edges_touched(off, sloop) == ()


def test_a_cannonball_meets_figures_in_order_along_its_bounce() -> None:
    landing = Vec(10.0, 10.0)
    bounce = line_template(landing, 0.0, 6.0)
    assert bounce.length == pytest.approx(6.0) and bounce.end == pytest.approx(Vec(16.0, 10.0))
    crew = [
        Base(15.0, 10.2, 0.5, "far"),
        Base(11.0, 9.6, 0.5, "near"),
        Base(13.0, 11.0, 0.5, "aside"),
        Base(9.8, 10.0, 0.5, "under the landing"),
        Base(9.0, 10.0, 0.5, "behind"),
    ]
    assert [b.ident for b in bases_under(bounce, crew)] == ["under the landing", "near", "far"]
    blast = Blast(13.0, 10.0, LARGE_BLAST)
    assert [b.ident for b in bases_under(blast, crew)] == ["far", "near", "aside"]  # the order given
