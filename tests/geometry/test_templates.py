"""Templates and scatter."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grapeshot.geometry import (
    Vec,
    distance,
    flamer_template,
    scatter,
    unit,
)
from tests.geometry.strategies import angle, coord


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
