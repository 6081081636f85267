"""Line of sight and cover between figures, past hulls, walls, terrain and other figures.

Everything that can stand in the way is an :class:`Obstruction`: a footprint on the table (a
hull, a polygon, a round base) standing as a solid block from its ``bottom`` (by default the
sea bed) up to its ``top``, in inches above the water.  A hull's block reaches its deck, and its
outline rises a ``rim`` higher (the gunwale).  A line of sight runs from an eye to a target, both
with heights (:class:`Point3`); it is blocked where, over a footprint, it passes below the top
(and above the bottom), or where it crosses a rimmed outline below the rim, or where it dips
under the water (the sea itself).

That keeps the common cases simple and, we think, right:

* a wall blocks sight from below it, and not from its top or from higher up;
* a figure on a higher deck sees over a lower ship's gunwale; from below, a gunwale hides what
  stands behind it;
* figures below decks see and are seen by no one outside; figures aloft see over everything
  lower.

:func:`view_of` looks at a figure: it is *seen* if the line to its eyes is clear (figures look
from their eyes, a little below the tops of their heads, so a man of the same height in between
hides one from the other), and *in cover* if the line to its feet is not (the gunwale between, a wall's parapet, the water round a
swimmer: CG-SWIM-4).  Every answer says what blocked or covered, and where, so a log can
explain it.  A line that only grazes something (within a millionth of an inch) passes.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import NamedTuple

from grapeshot.geometry.contact import Base
from grapeshot.geometry.decks import EYE_HEIGHT, FIGURE_HEIGHT, Level, Vessel
from grapeshot.geometry.lines import segment_disc_span, segment_hull_span, segment_polygon_spans
from grapeshot.geometry.shapes import Facing, Hull, Polygon
from grapeshot.geometry.vectors import Vec

#: A line passing within this height of a top (or this far of a rim) only grazes it.
GRAZE = 1e-6

#: The ident and kind a line reports when it dips under the water.
SEA = "sea"


class Point3(NamedTuple):
    """A point on the table (inches) at a height above the water (inches)."""

    x: float
    y: float
    z: float

    @property
    def flat(self) -> Vec:
        return Vec(self.x, self.y)


class Obstruction(NamedTuple):
    """Something a line of sight may not pass through: a footprint standing from ``bottom`` up to
    ``top``, its outline rising ``rim`` higher (a hull's gunwale)."""

    ident: str
    kind: str  # "hull", "wall top", "land", "figure", ...
    shape: Hull | Polygon | Base
    top: float
    rim: float = 0.0
    bottom: float = -math.inf


class Blocking(NamedTuple):
    """Where a line of sight meets something: what, the point on the table, how far along the
    line from the eye (inches, on the table) and how high the line is there."""

    ident: str
    kind: str
    at: Vec
    along: float
    height: float


class Sight(NamedTuple):
    """A line of sight: clear or not, the first thing that blocks it, and the point looked at."""

    clear: bool
    blocked: Blocking | None
    target: Point3


class View(NamedTuple):
    """How a figure is seen: at all (the line to its eyes is clear), what hides it otherwise, and
    what covers it (what the line to its feet meets; empty: in the open)."""

    visible: bool
    blocked: Blocking | None
    cover: tuple[Blocking, ...]

    @property
    def in_cover(self) -> bool:
        return bool(self.cover)


def _spans(a: Vec, b: Vec, shape: Hull | Polygon | Base) -> list[tuple[float, float]]:
    if isinstance(shape, Hull):
        span = segment_hull_span(a, b, shape)
        return [] if span is None else [span]
    if isinstance(shape, Base):
        span = segment_disc_span(a, b, shape.centre, shape.radius)
        return [] if span is None else [span]
    return segment_polygon_spans(a, b, shape)


def _below(z0: float, dz: float, lo: float, hi: float, t0: float, t1: float) -> float | None:
    """The first fraction in [t0, t1] at which the line's height ``z0 + dz t`` is strictly between
    ``lo`` and ``hi`` (by more than :data:`GRAZE`), or None."""
    lo, hi = lo + GRAZE, hi - GRAZE
    if lo >= hi:
        return None
    if dz == 0.0:
        return t0 if lo < z0 < hi and t1 > t0 else None
    ta, tb = (lo - z0) / dz, (hi - z0) / dz
    s0, s1 = max(t0, min(ta, tb)), min(t1, max(ta, tb))
    return s0 if s1 > s0 else None


def blockings(eye: Point3, target: Point3, obstructions: Sequence[Obstruction], ignore: Collection[str] = ()) -> list[Blocking]:
    """Everything the line from ``eye`` to ``target`` meets, nearest the eye first (each
    obstruction once, where the line first meets it; the sea where the line goes under)."""
    a, b = eye.flat, target.flat
    dz = target.z - eye.z
    flat = math.hypot(b.x - a.x, b.y - a.y)
    found: list[tuple[float, str, str]] = []
    for ob in obstructions:
        if ob.ident in ignore:
            continue
        first = math.inf
        for t0, t1 in _spans(a, b, ob.shape):
            hit = _below(eye.z, dz, ob.bottom, ob.top, t0, t1) if t1 > t0 else None
            if hit is not None:
                first = min(first, hit)
            if ob.rim > 0.0:
                # the rim stands on the outline: met where the line crosses it (not at its ends)
                for tc in (t0, t1):
                    z = eye.z + dz * tc
                    if 0.0 < tc < 1.0 and ob.bottom + GRAZE < z < ob.top + ob.rim - GRAZE:
                        first = min(first, tc)
        if first < math.inf:
            found.append((first, ob.ident, ob.kind))
    under = _below(eye.z, dz, -math.inf, 0.0, 0.0, 1.0)
    if under is not None:
        found.append((under, SEA, SEA))
    found.sort(key=lambda f: (f[0], f[1]))
    return [Blocking(ident, kind, Vec(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), flat * t, eye.z + dz * t) for t, ident, kind in found]


def line_of_sight(eye: Point3, target: Point3, obstructions: Sequence[Obstruction], ignore: Collection[str] = ()) -> Sight:
    """Whether ``eye`` sees ``target`` past ``obstructions`` (those named in ``ignore`` left out:
    the looker's and the target's own bases), and what blocks it first."""
    found = blockings(eye, target, obstructions, ignore)
    return Sight(not found, found[0] if found else None, target)


def view_of(eye: Point3, target: Vec, feet: float, obstructions: Sequence[Obstruction], ignore: Collection[str] = (), eyes: float = EYE_HEIGHT) -> View:
    """How ``eye`` sees a figure standing at ``target`` with its feet at height ``feet`` (see
    ``decks.feet``) and its eyes ``eyes`` above them: seen if the line to its eyes is clear; in
    cover by whatever the line to its feet meets."""
    head = blockings(eye, Point3(target.x, target.y, feet + eyes), obstructions, ignore)
    low = blockings(eye, Point3(target.x, target.y, feet), obstructions, ignore)
    return View(not head, head[0] if head else None, tuple(low))


def eye_of(base: Base, feet: float, eyes: float = EYE_HEIGHT) -> Point3:
    """Where a figure looks from: its eyes, over the centre of its base."""
    return Point3(base.x, base.y, feet + eyes)


def view_of_hull(eye: Point3, ident: str, hull: Hull, height: float, obstructions: Sequence[Obstruction], ignore: Collection[str] = ()) -> Sight:
    """Whether ``eye`` sees a ship's hull (NW-SHIP-4: measure sight to the hull only): the lines
    to its centre, its four corners and the middles of its four sides, at ``height`` (its deck),
    are tried in that order and the first clear one is the answer; when none is clear, the
    centre's line says what blocks it."""
    skip = {*ignore, ident}
    inset = 1.0 - 1e-6  # just inside the outline: its own edge is not in the way
    edge = [*(Vec(x, y) for x, y in hull.corners), *(hull.side_point(f) for f in Facing)]
    points = [hull.centre, *(Vec(hull.x + (p.x - hull.x) * inset, hull.y + (p.y - hull.y) * inset) for p in edge)]
    first: Sight | None = None
    for p in points:
        sight = line_of_sight(eye, Point3(p.x, p.y, height), obstructions, skip)
        if sight.clear:
            return sight
        first = first or sight
    assert first is not None
    return first


def obstructions_for(
    vessels: Sequence[Vessel] = (), levels: Sequence[Level] = (), figures: Sequence[tuple[Base, float]] = (), height: float = FIGURE_HEIGHT
) -> list[Obstruction]:
    """What stands in the way on a table: each ship's hull (solid to its deck, its gunwale a rim
    above) and raised decks, each level above the water (walls, fort levels, hills), and each
    figure (a base with its feet's height, standing ``height`` tall)."""
    out: list[Obstruction] = []
    for v in vessels:
        out.append(Obstruction(v.ident, "hull", v.hull, v.plan.deck, v.plan.gunwale))
        for r in v.plan.raised:
            band = Hull(*v.hull.world((r.aft + r.fore) / 2.0, 0.0), v.hull.heading, r.fore - r.aft, v.hull.width)
            out.append(Obstruction(f"{v.ident}/{r.name}", "raised deck", band, r.height))
    out.extend(Obstruction(lv.ident, lv.surface.value, lv.area, lv.height) for lv in levels if lv.height > 0.0)
    out.extend(Obstruction(b.ident, "figure", b, feet + height, bottom=feet) for b, feet in figures)
    return out
