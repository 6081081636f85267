"""Points, headings and poses: the vocabulary every other part of the geometry speaks.

Units and axes are those of :mod:`grapeshot.geometry` (inches, degrees, heading 0 along ``+x``,
counter-clockwise).
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from typing import Literal, NamedTuple

#: The tolerance of the hand-written float tests (inches, or degrees for arcs).
EPS = 1e-9
#: Degrees to radians.
_DEG = math.pi / 180.0


class Vec(NamedTuple):
    """A point or displacement on the table, in inches."""

    x: float
    y: float

    def __add__(self, o: object) -> Vec:
        assert isinstance(o, Vec)
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o: Vec) -> Vec:
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k: object) -> Vec:
        assert isinstance(k, (int, float))
        return Vec(self.x * k, self.y * k)

    def dot(self, o: Vec) -> float:
        return self.x * o.x + self.y * o.y

    def cross(self, o: Vec) -> float:
        return self.x * o.y - self.y * o.x

    def length(self) -> float:
        return math.hypot(self.x, self.y)

    def rotated(self, degrees: float, about: Vec | None = None) -> Vec:
        c, s = math.cos(degrees * _DEG), math.sin(degrees * _DEG)
        ox, oy = (about.x, about.y) if about is not None else (0.0, 0.0)
        dx, dy = self.x - ox, self.y - oy
        return Vec(ox + dx * c - dy * s, oy + dx * s + dy * c)


def unit(degrees: float) -> Vec:
    """The unit vector pointing along a heading."""
    r = degrees * _DEG
    return Vec(math.cos(r), math.sin(r))


def norm_deg(a: float) -> float:
    """An angle in [0, 360)."""
    a %= 360.0
    return 0.0 if a >= 360.0 else a


def angle_diff(a: float, b: float) -> float:
    """Signed smallest difference ``a - b`` in (-180, 180]."""
    d = (a - b) % 360.0
    return d - 360.0 if d > 180.0 else d


def wind_quarter(course: float, wind: float, width: float) -> Literal["with", "against", "across"]:
    """How a course lies to a wind blowing towards ``wind``: ``with`` it within ``width`` degrees,
    ``against`` it within ``width`` of straight into it, else ``across`` it (the sectors the rule
    sets' sailing rules are given by; each names the last in its own words)."""
    off = abs(angle_diff(course, wind))
    if off <= width:
        return "with"
    if off >= 180.0 - width:
        return "against"
    return "across"


def bearing(frm: Vec, to: Vec) -> float:
    """Heading from one point to another, in [0, 360)."""
    return norm_deg(math.degrees(math.atan2(to.y - frm.y, to.x - frm.x)))


def distance(a: Vec, b: Vec) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


class Pose(NamedTuple):
    """Where a model stands: a point and the heading it faces."""

    x: float
    y: float
    heading: float

    @property
    def pos(self) -> Vec:
        return Vec(self.x, self.y)

    def rotated(self, degrees: float, about: Vec) -> Pose:
        p = Vec(self.x, self.y).rotated(degrees, about)
        return Pose(p.x, p.y, norm_deg(self.heading + degrees))
