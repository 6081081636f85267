"""What stands and lies on a Wooden Ships table, as records: the spots figures stand on, the
lands, figures, weapons, ships, guns, fires, forts with their gates and raised levels, and the
weapons draft.

Plain mutable dataclasses that only the rules change (through ``Game.submit``).  A figure
stands on a :class:`Spot`: a ship's deck in the ship's own frame (so it moves with the ship),
land, the water, the top of a fort's walls or one of its raised levels (:class:`Fort`).  Weapons
are carried by a figure or lie at a spot (stowed aboard, or dropped where a figure fell).  Each
record answers only about itself (a figure's kind, a ship's damage band); what needs the whole
table (where a spot is now, who stands where) is asked of :class:`.state.Shore`, which holds them
all, so the records are a room of their own below it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from grapeshot.geometry import Hull, Polygon, ShipPlan, Surface
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
    resetting between turns); ``acted_turn`` the game turn it last took its turn in, for work
    asked of it outside its side's turn (WS-FIG-3: one action a turn, whoever asks)."""

    name: str
    side: str
    kind: str  # man, hero, captain, shaman, or an animal's kind
    life: int
    max_life: int
    spot: Spot | None  # None once dead
    captain_of: str | None = None
    radius: float = FIGURE_RADIUS
    acted: int = -1
    acted_turn: int = -1
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
    #: taken from the weapons pile and mounted at the sharing out (WS-SETUP-1), not the scenario's
    drafted: bool = False

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
    #: each seat's drafted guns (their kinds), mounted before the other weapons are shared out
    guns: dict[str, list[str]] = field(default_factory=dict)

    @property
    def next_seat(self) -> str:
        return self.order[self.picks % len(self.order)]
