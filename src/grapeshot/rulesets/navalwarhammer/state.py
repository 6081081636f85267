"""The state of a Naval Warhammer game: ships with their parts, the units of their crews with
every model's place, swimmers and flyers, the wind, the turn and the victory points.

Plain mutable dataclasses, changed only by the rules.  A unit in play (:class:`Troops`) is the
fantasy core's :class:`~grapeshot.rulesets.navalwarhammer.fantasy.units.Unit` (what the core's
procedures strike, wound and test) with what the sea asks besides: the ship whose crew it is,
where each of its models stands (:class:`Fig`), whether it works the ship this turn (NW-CREW-1),
and its state of mind.  NW-CREW-1's *unit* is all the models of one type aboard a ship, so the
choices of one type in a ship's crew are one unit, named ``"<type> (<ship>)"``.

A model aboard keeps its place in its ship's own frame (inches forward of the hull's centre and
to port), so it moves with the ship; in the water, in the air or ashore it keeps table
coordinates.  The models of a unit are its :attr:`Troops.figs`, as many as it has models; when
the core's procedures slay models, :func:`Sea.sync` removes the figures of the fallen.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from grapeshot.core.scenario import Terrain
from grapeshot.geometry import Base, DeckPoint, Hull, Obstacle, Raised, ShipPlan, Table, Vec, distance, sections
from grapeshot.rulesets.navalwarhammer.data import (
    CASTLE_HEIGHT,
    MAST_PLACES,
    RIGGING_SHARE,
    SIZES,
    Propulsion,
    Size,
)
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Missile
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit

#: where a model is: a ship's upper deck, below decks, aloft; the water, the air (a flyer over
#: the water) or land
ABOARD = ("deck", "below", "aloft")


class Fig(NamedTuple):
    """One model's place: ``on`` the ship it stands on ("" off any ship), ``a``/``b`` its deck
    point (along, to port) aboard or its table point (x, y) off a ship, and its ``level``."""

    on: str
    a: float
    b: float
    level: str

    @property
    def aboard(self) -> bool:
        return self.level in ABOARD


@dataclass(eq=False)
class Troops(Unit):
    """A unit in play (see the module docstring).  ``kind`` is its type (the army list's name),
    ``home`` the ship whose crew it is, ``points`` a model's points (victory points)."""

    kind: str = ""
    army: str = ""
    home: str = ""
    figs: list[Fig] = field(default_factory=list)
    radius: float = 0.5
    points: int = 0
    missile: Missile | None = None
    #: a war machine's kind and the side it is mounted on (NW-CANNON-2), and for its crew the
    #: machine they serve
    engine: str | None = None
    facing: str | None = None
    crew_of: str | None = None
    #: NW-CREW-1: whether the unit may work a ship, and whether it works this turn
    works: bool = False
    working: bool = False
    wizard: int = 0
    engineer: bool = False
    first_mate: bool = False
    musician: bool = False
    standard: bool = False
    champion: bool = False
    admiral: bool = False
    #: NW-PSY-2: the kind of beast these models handle, and a beast's wildness (figure indices)
    handles: str | None = None
    wild: list[int] = field(default_factory=list)
    #: the turn a failed test holds for: fleeing (until rallied), squabbling, stupid
    fleeing: bool = False
    squabble_turn: int = -1
    stupid_turn: int = -1
    #: NW-SWIM-1: swimmers, weaponless
    swimming: bool = False
    #: models it had at the start of the shooting phase (panic, FB-PSY-1)
    phase_start: int = 0
    #: its machine fired, or it shot or cast, this turn
    acted: int = -1

    # units compare by identity: two units of goblins with the same counts are two units
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def world(self, sea: Sea, i: int) -> Vec:
        """Where model ``i`` stands on the table."""
        return sea.where(self.figs[i])

    def bases(self, sea: Sea) -> list[Base]:
        return [Base(*sea.where(f), self.radius, f"{self.name}#{i}") for i, f in enumerate(self.figs)]

    @property
    def is_machine(self) -> bool:
        return self.engine is not None

    def busy(self, turn: int) -> bool:
        """Squabbling, stupid or fleeing this turn: no working, shooting or casting."""
        return self.fleeing or self.squabble_turn == turn or self.stupid_turn == turn


@dataclass
class Ship:
    """A ship on the table: its hull, parts and state; ``owner`` is the seat that brought it,
    ``commander`` the seat that holds it now (a prize changes hands, NW-BOARD-7)."""

    name: str
    owner: str
    commander: str
    size: Size
    hull: Hull
    propulsion: Propulsion
    upgrades: dict[str, int]
    parts: dict[str, Unit]
    overcrowded: bool
    capacity: int
    minimum_crew: int
    boats: int
    value: int
    wizard: str | None = None
    lookout: str | None = None
    afloat: bool = True
    sunk_by: str | None = None
    grappled: list[str] = field(default_factory=list)
    moored: str | None = None
    aground: str | None = None
    aground_turn: int = -1
    in_shallows: bool = False
    #: NW-MOVE-1: how far it moved in its last movement phase, what it was allowed, and the game
    #: turn of that phase
    last_moved: float = 0.0
    last_allowance: float = 0.0
    moved_turn: int = 0
    #: the inches it moved in its current or last movement phase (docking, launching)
    speed: float = 0.0
    #: NW-MOVE-2, NW-MOVE-5, NW-CROWD-1: Out of Control in its next movement phase
    out_of_control: bool = False
    #: it was Out of Control last time for a reason that persists, so it is Adrift now
    lost_control: bool = False
    shaken: bool = False
    won_round: bool = False
    #: the turn a propulsion choice was made (ships with masts and oars or steam, NW-UPG-1)
    sailing: Propulsion | None = None
    lookout_up: bool = False
    started_overcrowded: bool = False

    @property
    def spec(self) -> Any:
        return SIZES[self.size]

    @property
    def deck(self) -> float:
        return float(self.spec.deck)

    def plan(self) -> ShipPlan:
        """The ship's sections and heights (its castles raised above the deck, NW-UPG-6)."""
        hl = self.hull.length / 2.0
        castles = self.upgrades.get("castle", 0)
        raised = []
        bands = [(hl * 0.55, hl), (-hl, -hl * 0.55), (-hl * 0.15, hl * 0.15)]
        for k in range(castles):
            aft, fore = bands[k]
            raised.append(Raised(f"castle {k + 1}", aft, fore, self.deck + CASTLE_HEIGHT))
        return ShipPlan(sections(self.hull.length, 1), deck=self.deck, raised=tuple(raised))

    def deck_height(self, along: float) -> float:
        return self.plan().deck_height(along)

    def masts(self) -> list[str]:
        return sorted(k for k, p in self.parts.items() if k.startswith("mast") and p.alive)

    def mast_points(self) -> dict[str, DeckPoint]:
        """Where each mast stands on the deck, forward first."""
        count = sum(1 for k in self.parts if k.startswith("mast"))
        hl = self.hull.length / 2.0
        return {f"mast {i + 1}": DeckPoint(share * hl, 0.0) for i, share in enumerate(MAST_PLACES.get(count, ()))}

    def part_alive(self, key: str) -> bool:
        p = self.parts.get(key)
        return p is not None and p.alive

    @property
    def rank(self) -> int:
        return int(self.spec.rank)


@dataclass
class Sea:
    """The whole table at play."""

    table: Table
    terrain: tuple[Terrain, ...]
    obstacles: tuple[Obstacle, ...]
    seats: tuple[str, ...]
    ships: dict[str, Ship]
    units: dict[str, Troops]
    options: dict[str, object]
    wind: float = 0.0
    turn: int = 0
    active: str = ""
    #: victory points scored by each seat (NW-BOARD-7 prizes are added at the end)
    vp: dict[str, int] = field(default_factory=dict)
    #: what each seat's fleet is called (the lab's faction)
    fleets: dict[str, str] = field(default_factory=dict)
    #: a running count that names new units (boats' crews, swimmers, prize crews)
    made: int = 0
    #: the units that fought in the last round of deck fighting (hatred strikes in the first round only)
    fighting: set[str] = field(default_factory=set)
    #: the roll each ship's officers last re-rolled (a re-roll is not re-rolled, NW-UPG-7, NW-MOVE-4)
    rerolled: dict[str, Any] = field(default_factory=dict)

    def option(self, name: str) -> Any:
        return self.options[name]

    # ------------------------------------------------------------------ places

    def where(self, f: Fig) -> Vec:
        if f.aboard:
            return DeckPoint(f.a, f.b).world(self.ships[f.on].hull)
        return Vec(f.a, f.b)

    def height(self, f: Fig) -> float:
        """How high a model's feet are above the water."""
        if f.level == "deck":
            return self.ships[f.on].deck_height(f.a)
        if f.level == "below":
            return self.ships[f.on].deck - 0.75
        if f.level == "aloft":
            return self.ships[f.on].deck + 3.0
        return 0.0

    # ------------------------------------------------------------------ who is where

    def afloat(self) -> Iterator[Ship]:
        return (s for s in self.ships.values() if s.afloat)

    def fleet(self, seat: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.afloat and s.commander == seat]

    def alive(self) -> Iterator[Troops]:
        return (u for u in self.units.values() if u.alive)

    def prizes(self) -> dict[str, int]:
        """NW-BOARD-7: twice the value of each enemy ship a seat holds, by seat."""
        out: dict[str, int] = {}
        for s in self.afloat():
            if s.commander != s.owner:
                out[s.commander] = out.get(s.commander, 0) + 2 * s.value
        return out

    def score(self) -> dict[str, int]:
        """Each seat's victory points as the game would end now: those won (``vp``) and the
        prizes held.  The one score: the panel shows it and the outcome is decided by it."""
        held = self.prizes()
        return {seat: self.vp.get(seat, 0) + held.get(seat, 0) for seat in self.seats}

    def crew(self, ship: str) -> list[Troops]:
        """The units whose home is ``ship`` (its crew, NW-CREW-1), alive, wherever they stand."""
        return [u for u in self.units.values() if u.home == ship and u.alive]

    def aboard(self, ship: str, *, levels: Sequence[str] = ABOARD) -> list[tuple[Troops, int]]:
        """Every model standing on ``ship`` (any unit), as (unit, figure index)."""
        return [(u, i) for u in self.alive() for i, f in enumerate(u.figs) if f.on == ship and f.level in levels]

    def models_aboard(self, ship: str, seat: str | None = None) -> int:
        return sum(1 for u, _ in self.aboard(ship) if (seat is None or u.seat == seat) and not u.is_machine)

    def seat_of(self, ship: str) -> str:
        return self.ships[ship].commander

    def enemies(self, a: str, b: str) -> bool:
        return a != b

    def living(self, base: str) -> Troops | None:
        """The unit alive now under the name ``base`` (or a name :meth:`new_name` made from it)."""
        for name, u in self.units.items():
            if u.alive and (name == base or name.startswith(f"{base} [")):
                return u
        return None

    def new_name(self, base: str) -> str:
        """A unit name not yet in use."""
        if base not in self.units:
            return base
        self.made += 1
        return f"{base} [{self.made}]"

    # ------------------------------------------------------------------ sync after damage

    def sync(self, unit: Unit, near: Vec | None = None) -> list[Fig]:
        """After the core's procedures slew models of ``unit``, take away the figures of the
        fallen: those nearest ``near`` (where the blow came from) first, else the farthest from
        any enemy (the owner takes casualties from the rear).  Returns the figures removed."""
        if not isinstance(unit, Troops):
            return []
        gone: list[Fig] = []
        while len(unit.figs) > unit.models:
            if near is not None:
                k = min(range(len(unit.figs)), key=lambda i: (distance(self.where(unit.figs[i]), near), i))
            else:
                k = max(range(len(unit.figs)), key=lambda i: (self.enemy_distance(unit, i), -i))
            gone.append(unit.figs.pop(k))
        return gone

    def enemy_distance(self, unit: Troops, i: int) -> float:
        p = self.where(unit.figs[i])
        best = math.inf
        for other in self.alive():
            if other.seat == unit.seat:
                continue
            for f in other.figs:
                best = min(best, distance(p, self.where(f)))
        return best

    # ------------------------------------------------------------------ the public view

    def describe(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "active": self.active,
            "wind": round(self.wind, 3),
            "table": {"width": self.table.width, "height": self.table.height},
            "terrain": [{"kind": t.kind, "name": t.name, "polygon": [list(p) for p in t.shape.points] if t.shape is not None else None} for t in self.terrain],
            "ships": {s.name: describe_ship(self, s) for s in self.ships.values()},
            "units": {u.name: describe_unit(self, u) for u in self.units.values() if u.alive},
            "vp": dict(sorted(self.vp.items())),
            "score": self.score(),
            "prizes": dict(sorted(self.prizes().items())),
            "fleets": dict(self.fleets),
        }


def describe_ship(sea: Sea, s: Ship) -> dict[str, Any]:
    h = s.hull
    return {
        "owner": s.owner,
        "commander": s.commander,
        "size": s.size.value,
        "pose": [round(h.x, 4), round(h.y, 4), round(h.heading, 3)],
        "length": h.length,
        "width": h.width,
        "propulsion": s.propulsion.value,
        "upgrades": dict(s.upgrades),
        "parts": {k: {"wounds_left": p.wounds_left, "t": p.profile.t, "w": p.profile.w} for k, p in s.parts.items()},
        "masts": [[k, round(dp.along, 4), round(dp.port, 4)] for k, dp in s.mast_points().items()],
        "afloat": s.afloat,
        "grappled": list(s.grappled),
        "moored": s.moored,
        "aground": s.aground,
        "shaken": s.shaken,
        "overcrowded": s.overcrowded,
        "boats": s.boats,
        "value": s.value,
    }


def describe_unit(sea: Sea, u: Troops) -> dict[str, Any]:
    """A unit as every seat sees it; a war machine with its kind, the side it is mounted on and
    its reach (NW-CANNON-2), a shooter with its missile's range, so a page can draw arcs."""
    from grapeshot.rulesets.navalwarhammer.fantasy.artillery import ENGINES

    extra: dict[str, Any] = {}
    if u.engine is not None:
        engine = ENGINES[u.engine]  # type: ignore[index]
        extra = {"engine": u.engine, "mount": u.facing or "bow", "range": [engine.min_range, engine.max_range]}
    elif u.missile is not None:
        extra = {"missile": u.missile.name, "range": [0, u.missile.range], "flame": u.missile.flame}
    return extra | {
        "kind": u.kind,
        "seat": u.seat,
        "home": u.home,
        "models": u.models,
        "wounded": u.wounded,
        "profile": u.profile.line(),
        "working": u.working,
        "radius": u.radius,
        "figures": [[f.on, round(f.a, 4), round(f.b, 4), f.level] for f in u.figs],
    }


def rigging_zones(ship: Ship) -> list[tuple[str, Vec, float]]:
    """The rigging round each standing mast: (mast, its point on the table, the zone's radius)."""
    out = []
    for key, dp in ship.mast_points().items():
        if ship.part_alive(key):
            out.append((key, dp.world(ship.hull), ship.hull.width * RIGGING_SHARE))
    return out
