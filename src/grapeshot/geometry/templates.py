"""Templates laid on the table, what they touch, and scatter.

Three shapes of template:

* round blasts (:class:`Blast`): the fantasy game's small 3" and large 5" templates
  (:data:`SMALL_BLAST`, :data:`LARGE_BLAST`), dropped from above by stone throwers and mortars;
* the flame template, a teardrop laid from its narrow end (:func:`teardrop`; Jim Lad's 8"
  flamer is :func:`flamer_template`);
* straight lines (:class:`Line`): a cannonball's flight and bounce, a bolt thrower's shot.

What a template touches: figures' bases (:func:`bases_under`; along a line, nearest its start
first), a hull anywhere (:func:`over_hull`: what a shot from above needs, NW-TMPL-1), a hull's
edge (:func:`edges_touched`: what straight and flame templates need to hurt the hull), and for
a blast whether its centre is over the hull (:func:`centre_over`, NW-TMPL-2).  A blast's centre
scatters with :meth:`Blast.scattered`, a point with :func:`scatter`.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from grapeshot.geometry.contact import Base
from grapeshot.geometry.lines import segment_disc_span, segment_point_distance, segment_polygon_distance, segments_meet
from grapeshot.geometry.shapes import Facing, Hull, Polygon, hull_hits_polygon, point_hull_distance
from grapeshot.geometry.vectors import _DEG, Vec, distance, unit

#: The flamer template: 8" long, 0.5" wide at the narrow end, its far end a
#: half-disc of radius 1.25" (the tabletop teardrop, as a convex polygon).
TEMPLATE_LENGTH = 8.0
TEMPLATE_NARROW = 0.25
TEMPLATE_WIDE = 1.25

#: The radii of the round blast templates: 3" and 5" across.
SMALL_BLAST = 1.5
LARGE_BLAST = 2.5


def teardrop(origin: Vec, direction: float, length: float = TEMPLATE_LENGTH, narrow: float = TEMPLATE_NARROW, wide: float = TEMPLATE_WIDE) -> Polygon:
    """A teardrop template ``length`` long laid with its narrow end (``narrow`` to either side)
    at ``origin`` pointing along ``direction``; its far end is a half-disc of radius ``wide``."""
    axis = length - wide
    pts: list[tuple[float, float]] = [(0.0, -narrow), (axis, -wide)]
    for i in range(1, 12):
        a = -90.0 + 180.0 * i / 12
        pts.append((axis + wide * math.cos(a * _DEG), wide * math.sin(a * _DEG)))
    pts += [(axis, wide), (0.0, narrow)]
    c, s = math.cos(direction * _DEG), math.sin(direction * _DEG)
    return Polygon((origin.x + x * c - y * s, origin.y + x * s + y * c) for x, y in pts)


def flamer_template(origin: Vec, direction: float) -> Polygon:
    """The teardrop template laid with its narrow end at ``origin`` pointing along ``direction``."""
    return teardrop(origin, direction)


def scatter(p: Vec, direction: float | None, dist: float) -> Vec:
    """A point moved ``dist`` inches along a scatter direction (``None`` = a hit: stays put)."""
    if direction is None or dist <= 0:
        return p
    d = unit(direction)
    return Vec(p.x + d.x * dist, p.y + d.y * dist)


class Blast(NamedTuple):
    """A round template: its centre (the hole in the middle) and radius, inches."""

    x: float
    y: float
    radius: float

    @property
    def centre(self) -> Vec:
        return Vec(self.x, self.y)

    def scattered(self, direction: float | None, dist: float) -> Blast:
        """The template moved as its centre scatters (``None``: a hit, it stays)."""
        p = scatter(self.centre, direction, dist)
        return Blast(p.x, p.y, self.radius)


class Line(NamedTuple):
    """A straight template from ``start`` to ``end`` (no width)."""

    start: Vec
    end: Vec

    @property
    def length(self) -> float:
        return distance(self.start, self.end)


def line_template(start: Vec, direction: float, length: float) -> Line:
    """A line ``length`` inches from ``start`` along ``direction``: a bolt's flight, or a
    cannonball's bounce from where it lands."""
    d = unit(direction)
    return Line(start, Vec(start.x + d.x * length, start.y + d.y * length))


Template = Blast | Polygon | Line


def touches_base(template: Template, base: Base) -> bool:
    """Whether any part of a base lies under the template (touching counts)."""
    if isinstance(template, Blast):
        return math.hypot(template.x - base.x, template.y - base.y) <= template.radius + base.radius
    if isinstance(template, Line):
        return segment_point_distance(template.start, template.end, base.centre) <= base.radius
    return template.contains(base.centre) or template.distance_to(base.centre) <= base.radius


def bases_under(template: Template, bases: Sequence[Base]) -> list[Base]:
    """The bases a template touches: along a line nearest its start first (the order a
    cannonball meets them), else in the order given."""
    hit = [b for b in bases if touches_base(template, b)]
    if isinstance(template, Line):
        a, e = template.start, template.end

        def entry(b: Base) -> float:
            span = segment_disc_span(a, e, b.centre, b.radius)
            return 0.0 if span is None else span[0]

        hit.sort(key=entry)
    return hit


def over_hull(template: Template, hull: Hull) -> bool:
    """Whether the template lies over any part of a hull (a shot from above hits the ship)."""
    if isinstance(template, Blast):
        return point_hull_distance(template.centre, hull) <= template.radius
    if isinstance(template, Line):
        return any(segments_meet(template.start, template.end, a, b) for a, b in _edges(hull).values()) or hull.contains(template.start)
    return hull_hits_polygon(hull, template)


def centre_over(template: Blast, hull: Hull) -> bool:
    """Whether a blast's centre is over a hull (NW-TMPL-2: then the hull is hit; an exploding
    shot whose centre is in the water does nothing, NW-TMPL-1)."""
    return hull.contains(template.centre)


def _edges(hull: Hull) -> dict[Facing, tuple[Vec, Vec]]:
    """A hull's four edges by the facing they bound (the corners run bow-port, stern-port,
    stern-starboard, bow-starboard)."""
    c = [Vec(x, y) for x, y in hull.corners]
    return {Facing.PORT: (c[0], c[1]), Facing.REAR: (c[1], c[2]), Facing.STARBOARD: (c[2], c[3]), Facing.FRONT: (c[3], c[0])}


def edges_touched(template: Template, hull: Hull) -> tuple[Facing, ...]:
    """The edges of a hull the template touches, front, port, starboard, rear (NW-TMPL-1: a
    straight or flame template hurts the hull only if it touches its edge; one wholly on the
    deck touches none)."""
    edges = _edges(hull)
    out = []
    for facing in (Facing.FRONT, Facing.PORT, Facing.STARBOARD, Facing.REAR):
        a, b = edges[facing]
        if isinstance(template, Blast):
            touched = segment_point_distance(a, b, template.centre) <= template.radius
        elif isinstance(template, Line):
            touched = segments_meet(template.start, template.end, a, b)
        else:
            touched = segment_polygon_distance(a, b, template) == 0.0
        if touched:
            out.append(facing)
    return tuple(out)


def touches_edge(template: Template, hull: Hull) -> bool:
    """Whether the template touches the hull's edge anywhere."""
    return bool(edges_touched(template, hull))
