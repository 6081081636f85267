"""The state of a Wooden Ships game: ships, figures where they stand, weapons, the turn.

Plain mutable dataclasses that only the rules change (through ``Game.submit``).  A figure
stands on a :class:`Spot`: a ship's deck in the ship's own frame (so it moves with the ship),
land, the water, the top of a fort's walls or one of its raised levels (:class:`Fort`).  Weapons
are carried by a figure or lie at a spot (stowed aboard, or dropped where a figure fell).
:meth:`Shore.describe` is the public JSON view: nothing in this game is hidden.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from grapeshot.core.scenario import Terrain
from grapeshot.geometry import Base, DeckPoint, Hull, Obstacle, Polygon, ShipPlan, Surface, Table, Vec
from grapeshot.rulesets.woodenships.data import ANIMALS, FIGURE_RADIUS, HEROES, SHIP_TYPES, WILD, Animal, ShipType

#: the surfaces of a ship: its deck, and (with the collisions module) below decks and aloft
ABOARD = (Surface.DECK, Surface.BELOW, Surface.ALOFT)
#: the ident of the water where the collisions module keeps its swimmers (:mod:`.hosting`)
KEPT = "collisions"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a figure stands or a weapon lies: a surface, what it belongs to (a ship's or a
    land's ident, "" for open water), and the point: on a deck in the hull's frame (inches
    forward of its centre, to port of its keel), elsewhere on the table."""

    surface: Surface
    ident: str
    x: float
    y: float

    @property
    def aboard(self) -> bool:
        return self.surface is Surface.DECK


@dataclass(frozen=True, slots=True)
class Land:
    """A piece of ground figures may stand on (an island, a harbour's quay), or ground they may
    not (rocks, a building: ``solid``), with its height above the water (for sight)."""

    ident: str
    kind: str
    area: Polygon
    height: float
    solid: bool


@dataclass(slots=True, eq=False)
class Figure:
    """One man or hero (WS-FIG-1, WS-FIG-2).  ``acted``, ``moved`` and ``boarded`` hold the
    serial number of the side's turn in which the figure last did so (so nothing needs
    resetting between turns)."""

    name: str
    side: str
    kind: str  # man, hero, captain, shaman, or an animal's kind
    life: int
    max_life: int
    spot: Spot | None  # None once dead
    captain_of: str | None = None
    radius: float = FIGURE_RADIUS
    acted: int = -1
    moved: int = -1
    boarded: int = -1
    killed_by: str | None = None
    #: a carnivorous monkey still in its cage (WS-ANIMAL-2)
    caged: bool = False
    #: the parrot or falcon that last attacked it (it holds it while in contact, WS-ANIMAL-3)
    harried_by: str | None = None
    #: a sea dragon with a rider (part of the model: its side's to direct, WS-ANIMAL-5)
    ridden: bool = False

    @property
    def hero(self) -> bool:
        """Heroes, the captains of ships and shamans (WS-FIG-2, WS-MAGIC-1)."""
        return self.kind in HEROES

    @property
    def profile(self) -> Animal | None:
        """An animal's profile (None for people)."""
        return ANIMALS.get(self.kind)

    @property
    def animal(self) -> bool:
        return self.kind in ANIMALS

    @property
    def flies(self) -> bool:
        p = ANIMALS.get(self.kind)
        return p is not None and p.flies

    @property
    def wild(self) -> bool:
        """A wild creature: no seat's (sharks, crocodiles, an unridden dragon, a monkey let out)."""
        return self.side == WILD

    @property
    def seat(self) -> str | None:
        """The seat whose dice this figure's rolls are (None for a wild creature's)."""
        return None if self.side == WILD else self.side

    @property
    def alive(self) -> bool:
        return self.life > 0 and self.spot is not None

    @property
    def kept(self) -> bool:
        """In the water the collisions module keeps (its swimmer, :mod:`.hosting`)."""
        return self.spot is not None and self.spot.surface is Surface.WATER and self.spot.ident == KEPT

    @property
    def swimming(self) -> bool:
        """In the water (a bird over the water flies, it does not swim)."""
        return self.spot is not None and self.spot.surface is Surface.WATER and not self.flies


@dataclass(slots=True, eq=False)
class Weapon:
    """A hand weapon of the pile: carried by a figure (``holder``) or lying at a spot."""

    name: str
    kind: str
    holder: str | None
    spot: Spot | None
    loaded: bool = False
    #: the serial of the side's turn in which it was last picked up (WS-ARMS-4)
    picked: int = -1


def thirds(lost: int, points: int) -> int:
    """How many thirds of its points a ship or fort has lost, as its bands count them: 0 (under a
    third), 1 (a third or more), 2 (two thirds or more), 3 (all) (WS-DMG-1/2/3, WS-FORT-2/3)."""
    if lost >= points:
        return 3
    if 3 * lost >= 2 * points:
        return 2
    return 1 if 3 * lost >= points else 0


@dataclass(slots=True, eq=False)
class Ship:
    """A ship or boat: its type, its hull on the table, its sections and the points it has lost,
    who holds it, and whether it is sinking (WS-SHIP-*, WS-DMG-*)."""

    name: str
    side: str  # who holds it now
    owner: str  # whose it was at the start
    type: str
    hull: Hull
    plan: ShipPlan
    points: int  # hit points at full strength
    cost: int
    masts: tuple[float, ...]
    lost: int = 0
    afloat: bool = True
    #: the turn and the place in that turn's order at whose end it goes down (WS-DMG-3)
    sinks_at: tuple[int, int] | None = None
    grappled: set[str] = field(default_factory=set)
    #: the serial of the side's turn it last moved in, and how far its bow went then (WS-BOARD-3)
    moved: int = -1
    travelled: float = 0.0
    sunk_turn: int | None = None
    #: the ships it is stuck fast to after a ram (WS-RAM-2)
    stuck: set[str] = field(default_factory=set)
    #: sweeps (oars) out, and a purpose-built ram (a scenario's ``sweeps``/``ram`` keys: only
    #: the collisions module reads them, CG-SIDE-4, CG-RAM-4; their cost is in :mod:`.fleets`)
    sweeps: bool = False
    ram: bool = False
    #: the serial of the side's turn whose movement a ram or a grapple used up (CG-RAM-3, CG-GRAP-3)
    spent: int = -1
    #: her bow went nowhere in her side's last movement: she drifts (WS-WIND-2)
    stopped: bool = False
    #: her wind stolen for her next movement ("stopped" or "half"), and the serial it was done in (WS-WIND-3)
    becalmed: str | None = None
    becalmed_at: int = -1

    @property
    def kind(self) -> ShipType:
        return SHIP_TYPES[self.type]

    @property
    def left(self) -> int:
        return self.points - self.lost

    @property
    def band(self) -> str:
        """Its damage band (WS-DMG-1/2/3): full, half (a third or more lost), dead in the water
        (two thirds or more), or sinking (all lost)."""
        return ("full", "half", "dead", "sinking")[thirds(self.lost, self.points)]


@dataclass(slots=True, eq=False)
class Gun:
    """A cannon, swivel gun or mounted rifle on a ship (WS-GUN-*): where it stands in the ship's
    frame, the way it points (degrees from the ship's heading, port positive) and the middle of
    the arc it may point over (its side), whether it turns (a swivel or mounted rifle as it fires,
    a cannon on a rotating base or wheels when a crewman turns it), its load and hit points, and
    the figures that stood next to it when its side's turn began (WS-GUN-1)."""

    name: str
    kind: str
    ship: str
    along: float
    port: float
    facing: float
    mount: float
    wheels: bool = False
    loaded: bool = True
    life: int = 1
    crew: tuple[str, ...] = ()
    #: the serial of the side's turn it was last fired in, loaded in, turned in
    fired: int = -1
    served: int = -1

    @property
    def working(self) -> bool:
        return self.life > 0


@dataclass(slots=True, eq=False)
class Fire:
    """Something alight (WS-ANIMAL-6): a ship's section or a figure, the turn it was lit (it
    first rolls the turn after), and the side whose attack lit it (None: a wild creature's)."""

    what: str  # ship or figure
    name: str
    section: str | None
    lit: int
    by: str | None = None


@dataclass(slots=True, eq=False)
class Gate:
    """A gate in a fort's wall (WS-FORT-1): its own 3 hit points, damage to it cumulative; where
    it stands on the table (the middle of its piece of the wall's outside)."""

    name: str
    fort: str
    x: float
    y: float
    life: int
    max_life: int

    @property
    def broken(self) -> bool:
        return self.life <= 0


@dataclass(slots=True, eq=False)
class Keep:
    """A raised level of a fort: a tower or platform standing on its walls' top, ``storey``
    levels above it (WS-FORT-2: climbing to it needs the scaling roll)."""

    name: str
    fort: str
    hull: Hull
    storey: int
    height: float


@dataclass(slots=True, eq=False)
class Fort:
    """A fort (WS-FORT-*): its footprint (an oriented rectangle on a piece of land), the top of
    its walls where its garrison stands, its raised levels and gates, its hit points (its cost,
    WS-FORT-1) and the points it has lost; a fort with none left has collapsed (WS-FORT-3)."""

    name: str
    side: str
    owner: str
    hull: Hull
    ground: str  # the land it stands on
    height: float  # of its walls' top above the water
    keeps: tuple[Keep, ...]
    gates: tuple[Gate, ...]
    points: int
    cost: int
    costs: dict[str, int]
    lost: int = 0
    collapsed: bool = False

    @property
    def left(self) -> int:
        return self.points - self.lost

    @property
    def band(self) -> str:
        """Its damage band: full, a third or more lost, two thirds or more, collapsed (WS-FORT-2/3)."""
        return "collapsed" if self.collapsed else ("full", "third", "two-thirds", "collapsed")[thirds(self.lost, self.points)]


@dataclass(slots=True)
class Draft:
    """The weapons draft (WS-SETUP-1): the pile left, the order seats pick in, and each seat's
    picks so far."""

    pile: list[str]
    order: tuple[str, ...]
    picks: int = 0
    taken: dict[str, list[str]] = field(default_factory=dict)
    done: bool = False

    @property
    def next_seat(self) -> str:
        return self.order[self.picks % len(self.order)]


@dataclass
class Shore:
    """Everything on the table in a Wooden Ships game."""

    table: Table
    terrain: tuple[Terrain, ...]
    seats: tuple[str, ...]
    ships: dict[str, Ship]
    figures: dict[str, Figure]
    weapons: dict[str, Weapon]
    lands: tuple[Land, ...]
    options: dict[str, object]
    guns: dict[str, Gun] = field(default_factory=dict)
    #: terrain a moving ship runs into (islands, quays, rocks)
    obstacles: tuple[Obstacle, ...] = ()
    turn: int = 0
    order: tuple[str, ...] = ()  # this turn's order of the sides (WS-RULING-1)
    side_index: int = 0  # whose turn of that order it is
    serial: int = 0  # sides' turns begun so far in the game
    draft: Draft | None = None
    #: victims and how many figures have struck at each in this side's turn (WS-FIG-4)
    attacks: dict[str, int] = field(default_factory=dict)
    #: boarding parties' rolls this side's turn, by crossing (option boarding_roll: party)
    crossings: dict[str, bool] = field(default_factory=dict)
    #: the figure whose move or action is being resolved (the dead never act)
    acting: str | None = None
    #: points scored by each side: enemy figures killed, enemy ships sunk (WS-RULING-1)
    scored: dict[str, int] = field(default_factory=dict)
    #: the side that took each sinking ship's last point
    sunk_by: dict[str, str] = field(default_factory=dict)
    #: successful edged attacks on each grapple so far, by the pair of ships (WS-BOARD-2)
    grapple_cuts: dict[str, int] = field(default_factory=dict)
    #: the re-rolls left of the GW-dice throw being made (WS-GUN-10)
    gw_rerolls: int = 0
    #: the referee's seat, who moves the wild creatures (option wild_animals: referee)
    referee: str | None = None
    #: what is alight (WS-ANIMAL-6), in the order lit
    fires: list[Fire] = field(default_factory=list)
    #: where the wind blows to (degrees; None without option wind, WS-WIND-1)
    wind: float | None = None
    #: the forts on the table (WS-FORT-*), by name
    forts: dict[str, Fort] = field(default_factory=dict)
    #: the rule modules in play (set by the rule set when the game starts; ``collisions`` makes
    #: Wooden Ships its host, :mod:`.hosting`)
    modules: tuple[str, ...] = ()
    #: figures held prisoner, by the seat holding them (collisions module, CG-BOARD-4)
    prisoners: dict[str, str] = field(default_factory=dict)
    #: figures busy with the module's work (grappling, boarding), by the game turn (CG-GRAP-1)
    engaged: dict[str, int] = field(default_factory=dict)
    #: rowers incapacitated for the rest of the game by a sideswipe (CG-SIDE-4)
    incapacitated: set[str] = field(default_factory=set)

    def option(self, name: str) -> Any:
        return self.options[name]

    @property
    def hosting(self) -> bool:
        """Whether the collisions module is in play (Wooden Ships is its host, :mod:`.hosting`)."""
        return "collisions" in self.modules

    def idle(self, figure: Figure) -> bool:
        """Whether a figure sits out the figures' turn: held prisoner, below decks or aloft, an
        incapacitated rower, busy with the module's grappling or boarding this turn, or a
        swimmer the module keeps (it swims at the module's swimmers step)."""
        spot = figure.spot
        return (
            figure.name in self.prisoners
            or figure.name in self.incapacitated
            or self.engaged.get(figure.name) == self.turn
            or figure.kept
            or (spot is not None and spot.surface in (Surface.BELOW, Surface.ALOFT))
        )

    @property
    def side(self) -> str:
        """The side whose turn it is."""
        return self.order[self.side_index] if self.order else self.seats[0]

    def living(self, side: str | None = None) -> Iterator[Figure]:
        return (f for f in self.figures.values() if f.alive and (side is None or f.side == side))

    def afloat(self) -> Iterator[Ship]:
        return (s for s in self.ships.values() if s.afloat)

    def fleet(self, side: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.afloat and s.side == side]

    def carried(self, figure: str) -> list[Weapon]:
        return [w for w in self.weapons.values() if w.holder == figure]

    def aboard(self, ship: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.alive and f.spot is not None and f.spot.surface is Surface.DECK and f.spot.ident == ship]

    def on(self, surface: Surface, ident: str) -> list[Figure]:
        """The living figures standing on one surface (a ship's deck, a piece of land, the water)."""
        return [f for f in self.figures.values() if f.spot is not None and f.life > 0 and f.spot.surface is surface and f.spot.ident == ident]

    def land(self, ident: str) -> Land:
        return next(lv for lv in self.lands if lv.ident == ident)

    def standing(self) -> Iterator[Fort]:
        """The forts not yet collapsed."""
        return (f for f in self.forts.values() if not f.collapsed)

    def keep(self, ident: str) -> Keep:
        return next(k for f in self.forts.values() for k in f.keeps if k.name == ident)

    def fort_of(self, spot: Spot) -> Fort | None:
        """The fort whose walls or levels a spot is on (None elsewhere)."""
        if spot.surface is Surface.WALL_TOP:
            return self.forts[spot.ident]
        if spot.surface is Surface.FORT_LEVEL:
            return self.forts[self.keep(spot.ident).fort]
        return None

    def mount(self, gun: Gun) -> Ship | Fort:
        """What a gun is mounted on: a ship, or a fort (its ``ship`` names either)."""
        return self.ships[gun.ship] if gun.ship in self.ships else self.forts[gun.ship]

    def mounted(self, gun: Gun) -> bool:
        """Whether a gun's ship is afloat or its fort still stands."""
        m = self.mount(gun)
        return m.afloat if isinstance(m, Ship) else not m.collapsed

    def world(self, spot: Spot) -> Vec:
        """Where a spot is on the table (a deck's point follows its ship, as do below decks and aloft)."""
        if spot.surface in ABOARD:
            return DeckPoint(spot.x, spot.y).world(self.ships[spot.ident].hull)
        return Vec(spot.x, spot.y)

    def base(self, figure: Figure) -> Base:
        assert figure.spot is not None
        p = self.world(figure.spot)
        return Base(p.x, p.y, figure.radius, figure.name)

    def height(self, spot: Spot) -> float:
        """How high a figure's feet are at a spot (a swimmer's are under the water)."""
        if spot.surface in ABOARD:
            return self.ships[spot.ident].plan.deck_height(spot.x)
        if spot.surface is Surface.WATER:
            return -0.5
        if spot.surface is Surface.WALL_TOP:
            return self.forts[spot.ident].height
        if spot.surface is Surface.FORT_LEVEL:
            return self.keep(spot.ident).height
        return self.land(spot.ident).height

    def describe(self) -> dict[str, Any]:
        return {
            "table": {"width": self.table.width, "height": self.table.height},
            "terrain": [_terrain(t) for t in self.terrain],
            "turn": self.turn,
            "order": list(self.order),
            "side": self.side if self.order else None,
            "ships": [self._ship(s) for s in self.ships.values()],
            "figures": [self._figure(f) for f in self.figures.values()],
            "weapons": [self._weapon(w) for w in self.weapons.values()],
            "guns": [self._gun(g) for g in self.guns.values()],
            "draft": None if self.draft is None else _draft(self.draft),
            "scored": {s: self.scored.get(s, 0) for s in self.seats},
            "fires": [{"what": f.what, "target": f.name, "section": f.section, "lit": f.lit} for f in self.fires],
            "wind": None if self.wind is None else round(self.wind, 4),
            "forts": [self._fort(f) for f in self.forts.values()],
        }

    def _fort(self, f: Fort) -> dict[str, Any]:
        def box(h: Hull) -> dict[str, float]:
            return {"x": round(h.x, 4), "y": round(h.y, 4), "heading": round(h.heading, 4), "length": h.length, "width": h.width}

        return {
            "name": f.name,
            "side": f.side,
            "owner": f.owner,
            **box(f.hull),
            "ground": f.ground,
            "height": f.height,
            "levels": [{"name": k.name, "storey": k.storey, "height": k.height, **box(k.hull)} for k in f.keeps],
            "gates": [{"name": g.name, "x": round(g.x, 4), "y": round(g.y, 4), "life": g.life, "max_life": g.max_life} for g in f.gates],
            "points": f.points,
            "lost": f.lost,
            "band": f.band,
            "cost": f.cost,
            "costs": dict(f.costs),
            "collapsed": f.collapsed,
        }

    def _ship(self, s: Ship) -> dict[str, Any]:
        fitted = {k: True for k, v in (("sweeps", s.sweeps), ("ram", s.ram)) if v}
        return {
            "name": s.name,
            "side": s.side,
            "owner": s.owner,
            "type": s.type,
            "x": round(s.hull.x, 4),
            "y": round(s.hull.y, 4),
            "heading": round(s.hull.heading, 4),
            "length": s.hull.length,
            "width": s.hull.width,
            "sections": [{"name": c.name, "aft": round(c.aft, 4), "fore": round(c.fore, 4), "hit_points": c.hit_points} for c in s.plan.sections],
            "masts": list(s.masts),
            "points": s.points,
            "lost": s.lost,
            "band": s.band,
            "cost": s.cost,
            "afloat": s.afloat,
            "sinks_at": None if s.sinks_at is None else list(s.sinks_at),
            "grappled": sorted(s.grappled),
            "stuck": sorted(s.stuck),
            **fitted,
        }

    def _figure(self, f: Figure) -> dict[str, Any]:
        out: dict[str, Any] = {"name": f.name, "side": f.side, "kind": f.kind, "life": f.life, "max_life": f.max_life, "captain_of": f.captain_of}
        if f.animal:
            out.update(caged=f.caged, ridden=f.ridden)
        if f.harried_by is not None:
            out["harried_by"] = f.harried_by
        if f.spot is not None:
            p = self.world(f.spot)
            out.update(on=f.spot.surface.value, of=f.spot.ident, x=round(p.x, 4), y=round(p.y, 4))
            if f.spot.aboard:
                out["local"] = [round(f.spot.x, 4), round(f.spot.y, 4)]
        out["weapons"] = [w.name for w in self.carried(f.name)]
        if f.name in self.prisoners:
            out["prisoner_of"] = self.prisoners[f.name]
        return out

    def guns_on(self, ship: str) -> list[Gun]:
        return [g for g in self.guns.values() if g.ship == ship and g.working]

    def gun_point(self, gun: Gun) -> Vec:
        """Where a gun stands on the table now (it goes with its ship)."""
        return DeckPoint(gun.along, gun.port).world(self.mount(gun).hull)

    def gun_heading(self, gun: Gun) -> float:
        """The direction a gun points on the table now."""
        return (self.mount(gun).hull.heading + gun.facing) % 360.0

    def gun_height(self, gun: Gun) -> float:
        """How high the deck or wall top a gun stands on is."""
        m = self.mount(gun)
        return m.plan.deck_height(gun.along) if isinstance(m, Ship) else m.height

    def _gun(self, g: Gun) -> dict[str, Any]:
        p = self.gun_point(g)
        return {
            "name": g.name,
            "kind": g.kind,
            "ship": g.ship,
            "x": round(p.x, 4),
            "y": round(p.y, 4),
            "local": [round(g.along, 4), round(g.port, 4)],
            "facing": round(g.facing, 4),
            "heading": round(self.gun_heading(g), 4),
            "mount": g.mount,
            "wheels": g.wheels,
            "loaded": g.loaded,
            "life": g.life,
            "crew": list(g.crew),
        }

    def _weapon(self, w: Weapon) -> dict[str, Any]:
        out: dict[str, Any] = {"name": w.name, "kind": w.kind, "holder": w.holder, "loaded": w.loaded}
        if w.spot is not None:
            p = self.world(w.spot)
            out.update(on=w.spot.surface.value, of=w.spot.ident, x=round(p.x, 4), y=round(p.y, 4))
        return out


def _draft(d: Draft) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for k in d.pile:
        counts[k] = counts.get(k, 0) + 1
    return {"pile": counts, "order": list(d.order), "next": None if d.done or not d.pile else d.next_seat, "taken": {s: list(v) for s, v in d.taken.items()}}


def _terrain(t: Terrain) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": t.kind, "name": t.name}
    if t.shape is not None:
        out["polygon"] = [[x, y] for x, y in t.shape.points]
    if "height" in t.props:
        out["height"] = t.props["height"]
    return out
