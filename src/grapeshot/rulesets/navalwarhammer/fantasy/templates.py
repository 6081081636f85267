"""The table geometry the core needs, and nothing more: round and flame templates, lines of
flight, points along them, and what lies under each.

Models stand on round bases (:class:`Figure`: a centre and a radius).  A template hits every
figure whose base it touches (FB-TMPL-1); the figure under the centre of a round template is
the one its hole lies over.  A cannonball or a bolt flies along a line from the gun; the
figures it passes over are found as spans of distance along that line, nearest first, which
the artillery procedures walk (:mod:`.artillery`).  The flame template is the table's
teardrop (the same 8" shape as Jim Lad's grapeshot template) and scatter is the table's;
the rest is a few lines of arithmetic kept here, so that this one module is all the core
asks of the geometry.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from grapeshot.geometry import Polygon, Vec, distance, flamer_template, scatter, unit

#: FB-TMPL-1: the radii of the small (3" across) and large (5" across) round templates
SMALL_ROUND = 1.5
LARGE_ROUND = 2.5


@dataclass(frozen=True, slots=True)
class Figure:
    """A model on the table: what it is (``key``), where its base's centre is, its radius."""

    key: str
    at: Vec
    radius: float = 0.5


@dataclass(frozen=True, slots=True)
class Round:
    """A round template: its centre (the hole) and radius."""

    centre: Vec
    radius: float

    def touches(self, f: Figure) -> bool:
        return distance(self.centre, f.at) <= self.radius + f.radius

    def scattered(self, direction: float | None, dist: float) -> Round:
        """The template after its centre scatters (``direction`` None: a hit, it stays)."""
        return Round(scatter_point(self.centre, direction, dist), self.radius)


def round_template(centre: Vec, large: bool = False) -> Round:
    return Round(centre, LARGE_ROUND if large else SMALL_ROUND)


def under_round(t: Round, figures: Iterable[Figure]) -> list[Figure]:
    """FB-TMPL-1: every figure the template touches, nearest the hole first."""
    return sorted((f for f in figures if t.touches(f)), key=lambda f: distance(t.centre, f.at))


def under_hole(t: Round, figures: Iterable[Figure]) -> Figure | None:
    """The figure whose base lies under the template's hole (the nearest, if bases overlap)."""
    over = [f for f in figures if distance(t.centre, f.at) <= f.radius]
    return min(over, key=lambda f: distance(t.centre, f.at)) if over else None


def flame_template(origin: Vec, direction: float) -> Polygon:
    """FB-TMPL-1: the flame teardrop laid with its narrow end at ``origin``."""
    return flamer_template(origin, direction)


def under_flame(template: Polygon, figures: Iterable[Figure]) -> list[Figure]:
    """FB-TMPL-1: every figure the flame template touches."""
    return [f for f in figures if template.distance_to(f.at) <= f.radius]


def scatter_point(p: Vec, direction: float | None, dist: float) -> Vec:
    """FB-ART-1: a point moved ``dist`` inches along a scatter arrow (``direction`` None: a hit)."""
    return scatter(p, direction, dist)


def point_along(origin: Vec, direction: float, dist: float) -> Vec:
    """The point ``dist`` inches from ``origin`` along ``direction`` (a guessed range, a bounce)."""
    d = unit(direction)
    return Vec(origin.x + d.x * dist, origin.y + d.y * dist)


@dataclass(frozen=True, slots=True)
class Span:
    """The stretch of a line of flight (inches from its origin) that passes over a figure."""

    start: float
    end: float
    key: str


def spans_on_line(origin: Vec, direction: float, figures: Iterable[Figure]) -> list[Span]:
    """Every figure a straight line from ``origin`` along ``direction`` passes over, as the
    distances along the line where it enters and leaves the figure's base, nearest first.
    Figures behind the origin are not on the line."""
    d = unit(direction)
    out: list[Span] = []
    for f in figures:
        rx, ry = f.at.x - origin.x, f.at.y - origin.y
        along = rx * d.x + ry * d.y
        off = abs(rx * d.y - ry * d.x)
        if off > f.radius:
            continue
        half = math.sqrt(f.radius * f.radius - off * off)
        if along + half < 0:
            continue
        out.append(Span(max(0.0, along - half), along + half, f.key))
    return sorted(out, key=lambda s: (s.start, s.key))


def within(spans: Sequence[Span], start: float, end: float) -> list[Span]:
    """The spans a stretch ``start``-``end`` of the line passes over (touching counts)."""
    return [s for s in spans if s.end >= start and s.start <= end]
