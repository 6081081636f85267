"""The table geometry the core needs, on the geometry package's own shapes: round and flame
templates, lines of flight, points along them, and what lies under each.

Models stand on round bases (:class:`~grapeshot.geometry.Base`: a centre, a radius and an
``ident`` naming the model).  A template hits every base it touches (FB-TMPL-1); the base under
the centre of a round template (a :class:`~grapeshot.geometry.Blast`) is the one its hole lies
over.  A cannonball or a bolt flies along a line from the gun; the bases it passes over are
found as spans of distance along that line, nearest first, which the artillery procedures walk
(:mod:`.artillery`).  The flame template is the table's 8" teardrop and scatter is the table's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from grapeshot.geometry import LARGE_BLAST, SMALL_BLAST, Base, Blast, Polygon, Vec, bases_under, distance, flamer_template, scatter, segment_disc_span, unit

#: FB-TMPL-1: the radii of the small (3" across) and large (5" across) round templates
SMALL_ROUND = SMALL_BLAST
LARGE_ROUND = LARGE_BLAST
#: how far a line of flight is followed when its spans are listed (beyond any table)
REACH = 1000.0


def round_template(centre: Vec, large: bool = False) -> Blast:
    """FB-TMPL-1: a small or large round template with its hole at ``centre``."""
    return Blast(centre.x, centre.y, LARGE_ROUND if large else SMALL_ROUND)


def under_round(t: Blast, bases: Iterable[Base]) -> list[Base]:
    """FB-TMPL-1: every base the template touches, nearest the hole first."""
    return sorted(bases_under(t, list(bases)), key=lambda b: distance(t.centre, b.centre))


def under_hole(t: Blast, bases: Iterable[Base]) -> Base | None:
    """The base under the template's hole (the nearest, if bases overlap)."""
    over = [b for b in bases if distance(t.centre, b.centre) <= b.radius]
    return min(over, key=lambda b: distance(t.centre, b.centre)) if over else None


def flame_template(origin: Vec, direction: float) -> Polygon:
    """FB-TMPL-1: the flame teardrop laid with its narrow end at ``origin``."""
    return flamer_template(origin, direction)


def under_flame(template: Polygon, bases: Iterable[Base]) -> list[Base]:
    """FB-TMPL-1: every base the flame template touches."""
    return bases_under(template, list(bases))


def scatter_point(p: Vec, direction: float | None, dist: float) -> Vec:
    """FB-ART-1: a point moved ``dist`` inches along a scatter arrow (``direction`` None: a hit)."""
    return scatter(p, direction, dist)


def point_along(origin: Vec, direction: float, dist: float) -> Vec:
    """The point ``dist`` inches from ``origin`` along ``direction`` (a guessed range, a bounce)."""
    d = unit(direction)
    return Vec(origin.x + d.x * dist, origin.y + d.y * dist)


@dataclass(frozen=True, slots=True)
class Span:
    """The stretch of a line of flight (inches from its origin) that passes over a base."""

    start: float
    end: float
    key: str


def spans_on_line(origin: Vec, direction: float, bases: Iterable[Base]) -> list[Span]:
    """Every base a straight line from ``origin`` along ``direction`` passes over, as the
    distances along the line where it enters and leaves the base, nearest first.  Bases
    behind the origin are not on the line."""
    far = point_along(origin, direction, REACH)
    out: list[Span] = []
    for b in bases:
        span = segment_disc_span(origin, far, b.centre, b.radius)
        if span is not None:
            out.append(Span(span[0] * REACH, span[1] * REACH, b.ident))
    return sorted(out, key=lambda s: (s.start, s.key))


def within(spans: Sequence[Span], start: float, end: float) -> list[Span]:
    """The spans a stretch ``start``-``end`` of the line passes over (touching counts)."""
    return [s for s in spans if s.end >= start and s.start <= end]
