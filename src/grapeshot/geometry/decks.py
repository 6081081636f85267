"""Ships as places to stand: deck positions that move with the ship, sections along the keel,
the surfaces a figure may be on and how high each one is.

* A figure aboard keeps a :class:`DeckPoint`, its place in the hull's own frame (inches forward
  of the hull's centre, inches to port of the keel).  The ship moves and turns; the figure's
  place on the table follows (:meth:`DeckPoint.world`), with nothing to update.
* A ship is made of :class:`Section` bands along the keel, bow first (WS-SHIP-1: at least a bow
  and a stern, typically up to five), each with its own hit points (WS-SHIP-2).
  :func:`section_at` says which section a point is over, :func:`section_hit` where a shot from
  outside strikes.
* Surfaces (:class:`Surface`): open water, land, a ship's deck, aloft in its rigging, below its
  decks, the top of a fort's wall, a fort's level.  Every surface has a height above the water
  (inches): a ship's :class:`ShipPlan` holds its deck, gunwale, rigging and hold heights and its
  raised decks (castles), a :class:`Level` the height of a wall top or a fort level.  Climbing
  (WS-FORT-2), a deck higher than the enemy's (NW-BOARD-4) and line of sight (``sight``) read them.
* :func:`surface_at` answers "what is underfoot here" for ships, forts and terrain together.

The default heights suit the usual models (about 28 mm figures on 25 mm bases): scenarios give
their own where their models differ.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from grapeshot.geometry.contact import Base, base_gap
from grapeshot.geometry.lines import segment_hull_entry
from grapeshot.geometry.shapes import Hull, Polygon, hull_distance
from grapeshot.geometry.vectors import EPS, Vec

#: A ship's deck stands this high above the water (inches).
DECK_HEIGHT = 1.0
#: Its gunwale (rail, bulwark) rises this far above the deck.
GUNWALE = 0.5
#: Figures aloft stand this far above the deck, in the rigging or a fighting top.
ALOFT = 3.0
#: The floor below decks lies this far below the deck.
HOLD = 0.75
#: A standing figure is this tall (to the top of its head)...
FIGURE_HEIGHT = 1.0
#: ...and its eyes are this high: where it looks from, and where it is looked at.
EYE_HEIGHT = 0.875
#: A swimmer's feet are this far below the surface (only head and shoulders show).
SWIM_DEPTH = 0.5


class Surface(str, Enum):
    """What a figure stands on (or swims in)."""

    WATER = "water"
    LAND = "land"
    DECK = "deck"
    ALOFT = "aloft"
    BELOW = "below"
    WALL_TOP = "wall top"
    FORT_LEVEL = "fort level"


class DeckPoint(NamedTuple):
    """A place aboard, in the hull's own frame: inches forward of the hull's centre (``along``;
    negative is aft) and to port of the keel (``port``; negative is starboard)."""

    along: float
    port: float

    @classmethod
    def of(cls, hull: Hull, p: Vec) -> DeckPoint:
        """The deck point under a place on the table."""
        u, v = hull.local(p)
        return cls(u, v)

    def world(self, hull: Hull) -> Vec:
        """Where this deck point is on the table, wherever the hull now stands."""
        return hull.world(self.along, self.port)

    def aboard(self, hull: Hull, margin: float = EPS) -> bool:
        """Whether the point is on the hull (within ``margin`` of its outline)."""
        return abs(self.along) <= hull.hl + margin and abs(self.port) <= hull.hw + margin


def carried(p: Vec, before: Hull, after: Hull) -> Vec:
    """Where a point aboard ends up when its ship moves from ``before`` to ``after``."""
    return DeckPoint.of(before, p).world(after)


# --------------------------------------------------------------------------- sections


@dataclass(frozen=True, slots=True)
class Section:
    """A band of a hull across the keel: from ``aft`` to ``fore`` (inches forward of the hull's
    centre), with the hit points it starts with."""

    name: str
    aft: float
    fore: float
    hit_points: int = 0

    def __post_init__(self) -> None:
        if not self.fore > self.aft:
            raise ValueError(f"section {self.name!r}: its fore end ({self.fore}) must lie forward of its aft end ({self.aft})")

    def holds(self, along: float) -> bool:
        return self.aft - EPS <= along <= self.fore + EPS

    def band(self, hull: Hull) -> Hull:
        """The section's part of the hull, as a hull of its own (for template and contact tests)."""
        mid = (self.aft + self.fore) / 2.0
        c = hull.world(mid, 0.0)
        return Hull(c.x, c.y, hull.heading, self.fore - self.aft, hull.width)


def sections(length: float, count: int, hit_points: int = 0) -> tuple[Section, ...]:
    """A hull of ``length`` cut into ``count`` equal sections, bow first: "bow", then "middle"
    (or "middle 1", "middle 2", ...), then "stern"; a single section is the "hull"."""
    if count < 1:
        raise ValueError(f"a ship needs at least one section (got {count})")
    if length <= 0.0:
        raise ValueError(f"a hull's length must be positive (got {length})")
    if count == 1:
        names = ["hull"]
    else:
        middles = count - 2
        names = ["bow", *(["middle"] if middles == 1 else [f"middle {i}" for i in range(1, middles + 1)]), "stern"]
    step = length / count
    half = length / 2.0
    return tuple(Section(name, half - step * (i + 1), half - step * i, hit_points) for i, name in enumerate(names))


def section_at(hull: Hull, secs: Sequence[Section], p: Vec, margin: float = EPS) -> Section | None:
    """The section a point on the table is over (the first in order on a boundary), or None when
    the point is off the hull."""
    u, v = hull.local(p)
    if abs(u) > hull.hl + margin or abs(v) > hull.hw + margin:
        return None
    return _band(secs, u)


def _band(secs: Sequence[Section], along: float) -> Section | None:
    """The first section whose band holds ``along``."""
    return next((s for s in secs if s.holds(along)), None)


def section_hit(hull: Hull, secs: Sequence[Section], p0: Vec, p1: Vec) -> tuple[Section, Vec] | None:
    """Where a shot travelling from ``p0`` towards ``p1`` first strikes the hull, and the section
    it strikes; None when it misses."""
    t = segment_hull_entry(p0, p1, hull)
    if t is None:
        return None
    at = Vec(p0.x + (p1.x - p0.x) * t, p0.y + (p1.y - p0.y) * t)
    sec = section_at(hull, secs, at, 1e-6)
    return None if sec is None else (sec, at)


# --------------------------------------------------------------------------- heights and surfaces


@dataclass(frozen=True, slots=True)
class Raised:
    """A raised deck (a castle, a quarterdeck): the band ``aft``..``fore`` of the keel where the
    deck stands at ``height`` above the water instead."""

    name: str
    aft: float
    fore: float
    height: float


@dataclass(frozen=True, slots=True)
class ShipPlan:
    """A ship's sections and heights above the water (inches)."""

    sections: tuple[Section, ...]
    deck: float = DECK_HEIGHT
    gunwale: float = GUNWALE
    aloft: float = DECK_HEIGHT + ALOFT
    below: float = DECK_HEIGHT - HOLD
    raised: tuple[Raised, ...] = ()

    def deck_height(self, along: float) -> float:
        """The height of the deck underfoot at ``along`` (a raised deck's where there is one)."""
        return next((r.height for r in self.raised if r.aft - EPS <= along <= r.fore + EPS), self.deck)

    def height(self, surface: Surface, along: float = 0.0) -> float:
        """How high a figure aboard stands on ``surface``: the deck (raised or not), aloft, below."""
        if surface is Surface.DECK:
            return self.deck_height(along)
        if surface is Surface.ALOFT:
            return self.aloft
        if surface is Surface.BELOW:
            return self.below
        raise ValueError(f"no one stands on {surface.value!r} aboard a ship")


class Vessel(NamedTuple):
    """A ship on the table as the figures' geometry sees it: what it is called, where its hull
    is, and its plan."""

    ident: str
    hull: Hull
    plan: ShipPlan


@dataclass(frozen=True, slots=True)
class Level:
    """A fixed place to stand: land, a wall's top, a fort's level (or a quay), ``height`` above
    the water.  A fort is a set of levels: its courtyard (land), its walls, its raised levels;
    a gate is a piece of wall of its own, to be taken away when it falls."""

    ident: str
    surface: Surface
    area: Polygon
    height: float = 0.0


class Place(NamedTuple):
    """What is underfoot at a point: the surface, its height above the water, what it belongs to
    (a ship's or a level's ident, "" for open water) and, aboard, the section."""

    surface: Surface
    height: float
    ident: str = ""
    section: str = ""


def surface_at(p: Vec, vessels: Sequence[Vessel] = (), levels: Sequence[Level] = ()) -> Place:
    """The top surface at a point: a ship's deck if a hull is there (its raised deck where there
    is one), else the highest level whose area holds it (the first listed of equal heights),
    else open water."""
    for v in vessels:
        if DeckPoint.of(v.hull, p).aboard(v.hull):
            return aboard(v, Surface.DECK, p)
    top: Level | None = None
    for lv in levels:
        if lv.area.contains(p) and (top is None or lv.height > top.height):
            top = lv
    if top is not None:
        return Place(top.surface, top.height, top.ident)
    return Place(Surface.WATER, 0.0)


def aboard(vessel: Vessel, surface: Surface, p: Vec) -> Place:
    """The place of a figure aboard ``vessel`` at ``p`` on a given surface (deck, aloft, below)."""
    u, _ = vessel.hull.local(p)
    sec = _band(vessel.plan.sections, u)
    return Place(surface, vessel.plan.height(surface, u), vessel.ident, "" if sec is None else sec.name)


def feet(place: Place) -> float:
    """How high a figure's feet are at a place: on its surface, or under the water for a swimmer."""
    return -SWIM_DEPTH if place.surface is Surface.WATER else place.height


# --------------------------------------------------------------------------- gunwales


def gunwale_gap(base: Base, hull: Hull) -> float:
    """How far inside the hull's side a base's edge stands (0: right at the gunwale; negative:
    overhanging it)."""
    u, v = hull.local(base.centre)
    return min(hull.hl - abs(u), hull.hw - abs(v)) - base.radius


def at_gunwale(base: Base, hull: Hull, within: float) -> bool:
    """Whether a base aboard stands at the gunwale: its edge within ``within`` of the hull's side
    (NW-BOARD-3, NW-BOARD-8)."""
    gap = gunwale_gap(base, hull)
    return gap + base.radius >= -EPS and gap <= within  # aboard, and near the side


def across(a: Base, hull_a: Hull, b: Base, hull_b: Hull, within: float) -> bool:
    """Whether two figures at facing gunwales stand directly across the gap from each other:
    each at its own gunwale (within ``within``) and no further apart, edge to edge, than the gap
    between the hulls and the two gunwale strips (NW-BOARD-3: they fight across it)."""
    if not (at_gunwale(a, hull_a, within) and at_gunwale(b, hull_b, within)):
        return False
    return base_gap(a, b) <= hull_distance(hull_a, hull_b) + 2.0 * within + EPS
