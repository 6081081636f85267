"""Hypothesis strategies, sample shapes and shapely helpers shared by the geometry tests."""

from __future__ import annotations

import shapely  # type: ignore[import-untyped]
from hypothesis import strategies as st

from grapeshot.geometry import Hull, Polygon, Vec

coord = st.floats(-20.0, 20.0, allow_nan=False, allow_infinity=False)
angle = st.floats(0.0, 360.0, exclude_max=True, allow_nan=False)
hull_length = st.floats(1.0, 12.0)
hull_width = st.floats(0.5, 6.0)
points = st.builds(Vec, coord, coord)

SQUARE = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
# a "C" open to the east: the notch (4..10, 4..6) is outside
C_SHAPE = Polygon([(0, 0), (10, 0), (10, 4), (4, 4), (4, 6), (10, 6), (10, 10), (0, 10)])


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
