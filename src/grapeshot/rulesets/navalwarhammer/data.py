"""Naval Warhammer's tables: ship sizes, their parts, the upgrades, and the stand-ins for the
naval supplement the text leans on (docs/rulings.md, "Naval Warhammer").

What the text gives is used as written: the costs (NW-SHIP-2), the hull's toughness and
structure (NW-SHIP-5), the capacity classes (NW-SHIP-3, in the fantasy core), the slots per ship
(NW-SLOT-1), the upgrades' costs and limits (NW-UPG-*), the sailing, rowing and steam speeds
(NW-MOVE-*).  Everything else here is a stand-in in the project's own words: the hulls'
dimensions and deck heights, capacities and minimum crews, the parts other than the hull (masts,
rigging, oars, rudder, engine) with their toughness and wounds, the engines' steam points, the
turns a ship may make, the wind, rams and collisions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Troop

NS = "navalwarhammer"


class Size(str, Enum):
    DINGHY = "dinghy"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


#: sizes in order, smallest first (NW-BOARD-8 and NW-RAM-1 compare them)
SIZE_ORDER = (Size.DINGHY, Size.SMALL, Size.MEDIUM, Size.LARGE)


class Propulsion(str, Enum):
    SAIL = "sail"
    OARS = "oars"
    STEAM = "steam"
    MAGIC = "magic"


@dataclass(frozen=True, slots=True)
class ShipSize:
    """One ship size: the text's cost (NW-SHIP-2), hull toughness and structure (NW-SHIP-5) and
    slots (NW-SLOT-1), and the stand-ins: the hull's length and width (inches), its deck height
    above the water, its capacity (places, NW-SHIP-3's units) and minimum crew (in the same
    units), whether it has a lower deck, its oars (two rowers each, NW-MOVE-3), its rigging and
    rudder wounds, its steam points (NW-MOVE-4), the boats it may carry (NW-LAUNCH-1) and the
    most castles and extra masts it may buy (NW-UPG-6, NW-UPG-1)."""

    size: Size
    points: int
    toughness: int
    structure: int
    specials: int  # NW-SLOT-1: of one special choice (or in all, option slot_limits)
    rares: int  # NW-SLOT-1: of one rare choice
    length: float
    width: float
    deck: float
    capacity: int
    minimum_crew: int
    lower_deck: bool
    oars: int
    rigging: int
    rudder: int
    steam_points: int
    boats: int
    castles: int
    extra_masts: int

    @property
    def rank(self) -> int:
        """0 for a dinghy up to 3 for a large ship."""
        return SIZE_ORDER.index(self.size)


SIZES: dict[Size, ShipSize] = {
    s.size: s
    for s in (
        #         size         pts  T  SP spc rar  len  wid  deck cap min lower oars rig rud stm boats cas mast
        ShipSize(Size.DINGHY, 50, 6, 5, 1, 0, 4.0, 2.0, 0.5, 5, 1, False, 1, 2, 1, 2, 0, 0, 0),
        ShipSize(Size.SMALL, 125, 7, 11, 1, 0, 8.0, 3.5, 1.0, 12, 3, False, 3, 4, 2, 2, 0, 1, 1),
        ShipSize(Size.MEDIUM, 250, 8, 16, 2, 1, 12.0, 4.5, 2.0, 25, 6, True, 5, 6, 2, 3, 1, 2, 2),
        ShipSize(Size.LARGE, 400, 9, 20, 3, 2, 15.0, 6.0, 3.0, 40, 10, True, 8, 8, 3, 4, 2, 3, 2),
    )
}

#: the points limit of a game where its scenario sets none (option points_limit, NW-SHIP-2): the
#: built-in scenarios' and fleets' 1,000
POINTS_LIMIT = 1000
#: the highest points limit a fleet may be built to, or a game played at: far beyond any real
#: game, and small enough for every total to stay an ordinary number
MAX_POINTS = 100_000

# --------------------------------------------------------------------------- ship parts (stand-ins)

#: a mast: toughness and wounds (NW-UPG-1 adds masts; the crow's nest sits on one, NW-UPG-8)
MAST_T, MAST_W = 7, 3
#: the sails and rigging, one part whose wounds are the size's plus 4 for each extra mast
RIGGING_T = 5
RIGGING_PER_MAST = 4
#: the oars of a rowed ship, one part whose wounds are its oars (a wound breaks an oar)
OARS_T = 5
RUDDER_T = 7
ENGINE_T, ENGINE_W = 8, 3
#: where the parts stand, as a share of the half-length forward of the hull's centre
MAST_PLACES = {1: (0.1,), 2: (0.45, -0.3), 3: (0.55, 0.05, -0.45)}
#: radius of a mast's footprint, and of the rigging round it (a share of the beam)
MAST_RADIUS = 0.3
RIGGING_SHARE = 0.5
ENGINE_RADIUS = 0.6
#: the oars run along this share of each side, centred amidships
OAR_BAND = 0.7
#: extra deck height of a castle (NW-UPG-6), over its band of the keel
CASTLE_HEIGHT = 1.5

# --------------------------------------------------------------------------- movement (stand-ins)

#: NW-MOVE-1: the base sailing move, and the dice with, across and against the wind
SAIL_BASE = 9
SAIL_DICE = {"against": 0, "abeam": 1, "with": 2}
#: NW-MOVE-3: the base rowing move; two rowers an oar
ROW_BASE = 7
ROWERS_PER_OAR = 2
#: NW-MOVE-4: inches per steam point spent
STEAM_INCHES = 3
#: NW-MOVE-5: a magic ship's move, whatever the wind
MAGIC_BASE = 9
MAGIC_DICE = 1
#: NW-UPG-1: inches an extra mast adds to a sailing ship's move; NW-UPG-3: heavy timbers' cost
MAST_INCHES = 1
TIMBER_INCHES = 1
#: how far a ship turns in one move, in degrees, by how it moves
TURN_LIMIT = {Propulsion.SAIL: 45.0, Propulsion.MAGIC: 45.0, Propulsion.OARS: 90.0, Propulsion.STEAM: 90.0}
#: small ships and dinghies under sail turn more sharply
SMALL_SAIL_TURN = 90.0
#: the turns a move's answer may take (the grid), in degrees to port (positive) or starboard
TURNS = (-90.0, -45.0, 0.0, 45.0, 90.0)
#: NW-MOVE-2: the out-of-control chart, D6 -> turn (degrees to port; negative: starboard)
OUT_OF_CONTROL = {1: 90.0, 2: 45.0, 3: 0.0, 4: 0.0, 5: -45.0, 6: -90.0}
#: NW-BOARD-9: a ship shoving off moves this far, without turning
SHOVE_OFF = 4.0
#: NW-DOCK-1: the fastest a ship may dock; NW-LAUNCH-1: the fastest a ship may launch a boat
DOCK_SPEED = 6.0
LAUNCH_SPEED = 12.0
LAUNCH_CREW = 2
#: NW-SHALLOW-1: medium and large ships within this distance of a shore risk running aground
SHALLOW_REACH = 4.0
SHALLOW_AGROUND = 4
SHALLOW_SIZES = frozenset({Size.MEDIUM, Size.LARGE})
#: NW-AGROUND-1: the grounding hit's bonuses
AGROUND_SOLID = 2
AGROUND_SOFT = 1
AGROUND_SIZE = {Size.DINGHY: -1, Size.SMALL: 0, Size.MEDIUM: 2, Size.LARGE: 4}
AGROUND_FAST = ((12.0, 2), (6.0, 1))
#: a grounded ship comes off on this D6 at the start of its movement
REFLOAT = 4

# --------------------------------------------------------------------------- rams and collisions (stand-ins)

#: a declared ram's hits (D6, 2D6 with a ram, NW-UPG-5) at S3 + the rammer's size rank + 1 per 6" moved
RAM_BASE_STRENGTH = 3
RAM_INCHES_PER_STRENGTH = 6.0
#: the wounds a ram, collision or grounding hit deals the hull
HULL_BLOW_WOUNDS = "D3"
#: grapnels hold on this D6 or better, thrown by the ship that made contact
GRAPPLE = 3

# --------------------------------------------------------------------------- figures

#: radius of the round base a model stands on aboard (inches), by troop type
BASE_RADIUS: dict[Troop, float] = {
    Troop.INFANTRY: 0.5,
    Troop.CAVALRY: 0.8,
    Troop.WAR_BEAST: 0.5,
    Troop.MONSTROUS_INFANTRY: 0.8,
    Troop.MONSTROUS_BEAST: 0.8,
    Troop.MONSTROUS_CAVALRY: 1.0,
    Troop.MONSTER: 1.2,
    Troop.SWARM: 0.8,
    Troop.WAR_MACHINE: 1.0,
}
#: troop types that may go below decks (the rest stay on the upper deck)
BELOW_DECKS = frozenset({Troop.INFANTRY})
#: a model within this of its deck's edge stands at the gunwale (NW-BOARD-3, NW-BOARD-8)
GUNWALE_STRIP = 0.25
#: a flyer's move (NW-FLY-1); a charge's reach on deck is twice a model's M
FLY_MOVE = 10.0
#: NW-PSY-2: a monster within this of a handler is under control
HANDLER_REACH = 3.0
#: NW-BOARD-2: Prepare for Action moves up to this far; NW-BOARD-10: consolidation
PREPARE_MOVE = 2.0
CONSOLIDATE = 2.0
#: a swimmer this close to a friendly hull climbs aboard instead of swimming
CLIMB_REACH = 0.5
#: the sharks (a stand-in for the naval supplement's shark rolls): a D6 for each swimming unit
SHARK_ROLL = 6

# --------------------------------------------------------------------------- shooting

#: NW-CANNON-2: a naval gun's arc (degrees), centred on the side it is mounted on
GUN_ARC = 45.0
MOUNTS = {"bow": 0.0, "port": 90.0, "starboard": -90.0, "stern": 180.0}
#: NW-SHIP-4 stand-in: the admiral lends his Ld to crews whose hull lies within this of his ship's
ADMIRAL_RANGE = 12.0
#: the stand-in spell every wizard knows (NW-MOVE-5 needs casting and miscasts)
SPELL_NAME = "Fiery Bolt"
SPELL_VALUE = 7
SPELL_RANGE = 24.0
SPELL_STRENGTH = 4

# --------------------------------------------------------------------------- upgrades (NW-UPG-*)


@dataclass(frozen=True, slots=True)
class Upgrade:
    """An upgrade: its key in fleet files, its rule, its cost by size (None: not allowed on that
    size), the most one ship may have, and the most a fleet may have (None: no limit)."""

    key: str
    rule: str
    title: str
    cost: dict[Size, int | None]
    per_ship: dict[Size, int]
    per_fleet: int | None = None


def _by(dinghy: int | None, small: int | None, medium: int | None, large: int | None) -> dict[Size, int | None]:
    return {Size.DINGHY: dinghy, Size.SMALL: small, Size.MEDIUM: medium, Size.LARGE: large}


def _most(dinghy: int, small: int, medium: int, large: int) -> dict[Size, int]:
    return {Size.DINGHY: dinghy, Size.SMALL: small, Size.MEDIUM: medium, Size.LARGE: large}


#: NW-UPG-2: the armies that may put steam engines in small ships and dinghies
SMALL_STEAM_ARMIES = frozenset({"empire", "dwarfs", "skaven"})

UPGRADES: dict[str, Upgrade] = {
    u.key: u
    for u in (
        Upgrade("extra-mast", "NW-UPG-1", "Extra Mast", _by(None, 30, 30, 30), _most(0, 1, 2, 2)),
        Upgrade("steam-engine", "NW-UPG-2", "Steam Engine", _by(25, 50, 75, 100), _most(1, 1, 1, 1)),
        Upgrade("heavy-timbers", "NW-UPG-3", "Heavy Timbers", _by(None, 20, 40, 60), _most(0, 1, 1, 1)),
        Upgrade("magical-figurehead", "NW-UPG-4", "Magical Figurehead", _by(50, 50, 50, 50), _most(1, 1, 1, 1), per_fleet=1),
        Upgrade("ram", "NW-UPG-5", "Ram", _by(None, None, 40, 60), _most(0, 0, 1, 1)),
        Upgrade("castle", "NW-UPG-6", "Castle", _by(None, 15, 15, 15), _most(0, 1, 2, 3)),
        Upgrade("crows-nest", "NW-UPG-8", "Crow's Nest", _by(25, 25, 25, 25), _most(1, 1, 1, 1)),
    )
}
#: NW-UPG-3: structure heavy timbers add, by size
TIMBER_STRUCTURE = {Size.SMALL: 1, Size.MEDIUM: 2, Size.LARGE: 3}
#: NW-UPG-6: places a castle adds
CASTLE_CAPACITY = 10
#: NW-CROWD-1's readings of an overcrowded ship's places (option overcrowded_capacity): twice a
#: normal ship of her size with her castles' places once (the default), or twice her own
CROWDING = ("size", "ship")


def capacity(size: Size, castles: int, overcrowded: bool = False, crowding: str = "size") -> int:
    """The places aboard a ship (NW-SHIP-3): her size's, with each castle's 10 (NW-UPG-6); an
    overcrowded ship (NW-CROWD-1) twice a normal ship of her size and her castles' places once,
    or (``crowding`` ``ship``) twice her own, castles and all.  The one reckoning of capacity:
    the fleet check, the ship at sea and her return to normal capacity all ask it."""
    if crowding not in CROWDING:
        raise ValueError(f"overcrowded capacity: one of {CROWDING}, not {crowding!r}")
    normal = SIZES[size].capacity + CASTLE_CAPACITY * castles
    if not overcrowded:
        return normal
    return 2 * normal if crowding == "ship" else 2 * SIZES[size].capacity + CASTLE_CAPACITY * castles


#: NW-UPG-4, NW-UPG-8: the wards of a magical figurehead (the ship, against missiles) and a
#: crow's nest (the crew, against templates)
FIGUREHEAD_WARD = 5
CROWS_NEST_WARD = 5
#: NW-UPG-7: the first mate (priced in the catalogue: armies.FIRST_MATE_POINTS)
FIRST_MATE_RULE = "NW-UPG-7"
