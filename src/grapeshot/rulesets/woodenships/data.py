"""The tables of "Wooden Ships and Plastic Men", in the project's own words and numbers.

* :data:`SHIP_TYPES`: movement, ram value, hit points and cost of each kind of vessel, with the
  score sheet's second copy of the ram column (WS-SHIP-2, WS-SHIP-3);
* :data:`SMALL_ARMS`: range bands and to-hit numbers of the projectile weapons (WS-ARMS-1/2);
* :data:`MELEE`: to-hit and damage of the hand-to-hand weapons, which are one-handed (by either
  reading of the text, WS-MELEE-2) and which are edged (a ruling, WS-RULING-1);
* :data:`GUNS`: cannons, swivel guns and mounted rifles by range band, with the rows for the
  artillery and sustained-fire dice kept for the optional variant (WS-GUN-3..10);
* :data:`FIXED_RAMS`: the ram value of rocks, walls and a harbour (WS-SHIP-2);
* :data:`BARREL`: the barrel of powder's throw and burst (a ruling, WS-RULING-1).

Everything here is plain immutable data; the rules read it and never change it.
"""

from __future__ import annotations

from dataclasses import dataclass

NS = "woodenships"

#: how far a figure moves in a turn (WS-FIG-3) and swims (WS-FIG-5), in inches
MOVE = 8.0
SWIM = 4.0
#: ships this close (hull to hull) may be boarded and grappled (WS-BOARD-1)
BOARD_REACH = 2.0
#: the roll a boarding party and a grapple need (WS-BOARD-1)
BOARD_ROLL = 2
#: the life points of a man and of a hero (WS-FIG-1, WS-FIG-2)
MAN_LIFE = 1
HERO_LIFE = 3
#: what a hero adds to every action but firing a cannon (WS-FIG-2)
HERO_BONUS = 1
#: the face of the D6 on which sharks take a swimmer (WS-FIG-5)
SHARK_FACE = 1
#: the radius of a figure's base: 25 mm (inches)
FIGURE_RADIUS = 0.5
#: how near a weapon must lie to a figure's path to be picked up on the way (WS-ARMS-4), inches
PICK_REACH = 1.0
#: bases whose edges are this close are in hand-to-hand contact (inches; placing leaves a hair between)
CONTACT = 0.1
#: a swimmer this close to a hull (edge to side) may try to climb aboard (WS-BOARD-3)
CLIMB_REACH = 0.5
#: the radius of a mast, an obstacle figures walk round on deck
MAST_RADIUS = 0.3
#: the radius of a gun's footing on deck (figures walk round it too)
GUN_RADIUS = 0.4
#: a figure whose base is this close to a gun's footing stands next to it (WS-GUN-1), inches
NEXT_TO = 1.0
#: a gun points at most this far either way from the middle of its arc (its side), degrees
GUN_ARC = 90.0
#: the kinds of figure that are people: men, heroes, the captain of a ship and the commander of
#: a fort (both always heroes, WS-FIG-2), and the shaman (a hero who casts spells, WS-MAGIC-1);
#: the animals follow
PEOPLE = ("man", "hero", "captain", "commander", "shaman")
#: the people who are heroes (WS-FIG-2)
HEROES = ("hero", "captain", "commander", "shaman")
#: the side wild creatures belong to: no seat's, moved by the rules or a referee (WS-ANIMAL-7)
WILD = "wild"
#: the shaman's spells (WS-MAGIC-1): how far enemy figures and a ship are repelled (dice), and
#: the roll on which a figure dashed against something immovable takes a wound
REPEL_FIGURES = "D6"
REPEL_SHIP = "2D6"
REPEL_BUMP = 6


@dataclass(frozen=True, slots=True)
class ShipType:
    """One row of the ship table (WS-SHIP-2).

    ``moves`` are its movement phases in inches (one for ships, two for boats and rafts);
    ``spin_first`` says the first phase only turns the boat (the rowboat's "spin 4""). The ram
    value is a D6 plus ``ram`` (``ram_sheet`` in the score sheet's copy, WS-SHIP-3). Hit points
    are ``per_section`` for each section, or a number in ``points`` chosen by the scenario; the
    cost is ``cost_base`` plus ``cost_per_section`` a section, or equal to the hit points
    (``cost_is_points``)."""

    name: str
    title: str
    moves: tuple[float, ...]
    spin_first: bool
    ram: int
    ram_sheet: int
    per_section: int | None
    points: tuple[int, int] | None
    cost_base: int
    cost_per_section: int
    cost_is_points: bool
    #: default size: inches of hull per section (one-phase ships) or the whole hull, and its beam
    length: float
    width: float
    #: masts by default: one in each middle section, or these, as fractions of the half-length forward of the centre
    masts: tuple[float, ...] | None

    def hit_points(self, sections: int, chosen: int | None) -> int:
        if self.per_section is not None:
            return self.per_section * sections
        assert self.points is not None
        return chosen if chosen is not None else self.points[0]

    def cost(self, sections: int, points: int) -> int:
        if self.cost_is_points:
            return points
        return self.cost_base + self.cost_per_section * sections

    def ram_value(self, table: str) -> int:
        """What the ram adds to its D6 in the chosen copy of the table (WS-SHIP-3)."""
        return self.ram_sheet if table == "score_sheet" else self.ram


SHIP_TYPES: dict[str, ShipType] = {
    t.name: t
    for t in (
        ShipType("wide", "wide ship", (9.0,), False, 3, 5, 9, None, 9, 9, False, 4.0, 6.0, None),
        ShipType("narrow", "narrow ship", (12.0,), False, 2, 3, 6, None, 6, 6, False, 4.0, 4.0, None),
        ShipType("small", "small ship", (6.0, 6.0), False, 1, 1, None, (6, 12), 0, 0, True, 8.0, 4.0, (0.0,)),
        ShipType("catamaran", "catamaran", (6.0, 6.0), False, 0, 0, None, (6, 12), 0, 0, True, 8.0, 5.0, (0.0,)),
        ShipType("raft", "raft", (3.0, 3.0), False, 1, -1, None, (3, 9), 0, 0, True, 5.0, 4.0, ()),
        ShipType("sailboat", "sailboat", (4.0, 4.0), False, -3, -3, None, (3, 3), 4, 0, False, 6.0, 2.5, (0.3,)),
        ShipType("canoe", "canoe", (3.0, 3.0), False, -4, -4, None, (3, 3), 3, 0, False, 6.0, 1.5, ()),
        ShipType("rowboat", "rowboat", (4.0, 4.0), True, -3, -3, None, (3, 3), 3, 0, False, 5.5, 2.5, ()),
    )
}

#: the ship types that may carry a purpose-built ram, and sweeps (boats row already: never
#: sweeps), with what each adds to the ship's cost (WS-SHIP-1's cost check); only the
#: collisions module reads them (CG-RAM-4, CG-SIDE-4)
RAM_TYPES = frozenset({"wide", "narrow", "small"})
SWEEP_TYPES = frozenset({"wide", "narrow", "small", "catamaran"})
RAM_COST = 4
SWEEPS_COST = 2

#: a ship has at least a bow and a stern, and typically no more than five sections (WS-SHIP-1)
MIN_SECTIONS = 2
MAX_SECTIONS = 5

#: the ram value of fixed objects: a D6 plus this (WS-SHIP-2)
FIXED_RAMS = {"rocks": 7, "walls": 4, "harbour": 2}


@dataclass(frozen=True, slots=True)
class SmallArm:
    """A projectile weapon (WS-ARMS-1/2): the outer edge of each range band in inches (extreme,
    long, medium, short), the roll each needs (7: out of reach but for a bonus, the "7" ruling),
    and within 2" the roll it needs (None: it cannot hit so close)."""

    name: str
    bands: tuple[float, float, float, float]
    to_hit: tuple[int, int, int, int]
    close: int | None
    damage: int
    #: a thrown weapon leaves the thrower's hand (the spear)
    thrown: bool = False
    #: the hand-to-hand weapon it carries too (every rifle has a bayonet), or the weapon itself (a spear)
    melee: str | None = None


#: the range bands' names, outermost first
BANDS = ("extreme", "long", "medium", "short")
#: within this many inches the last column of the small-arms table applies ("<2"")
CLOSE = 2.0

SMALL_ARMS: dict[str, SmallArm] = {
    a.name: a
    for a in (
        SmallArm("rifle", (36.0, 18.0, 12.0, 6.0), (7, 6, 5, 4), None, 1, melee="bayonet"),
        SmallArm("crossbow", (36.0, 18.0, 12.0, 6.0), (7, 6, 5, 4), None, 1),
        SmallArm("bow", (36.0, 18.0, 12.0, 6.0), (7, 6, 5, 4), None, 1),
        SmallArm("pistol", (18.0, 12.0, 9.0, 6.0), (7, 6, 5, 4), 3, 1),
        SmallArm("spear", (18.0, 12.0, 9.0, 6.0), (7, 6, 5, 4), None, 1, thrown=True, melee="spear"),
    )
}


@dataclass(frozen=True, slots=True)
class MeleeWeapon:
    """A hand-to-hand weapon (WS-MELEE-1): the roll it needs, the damage it does, whether it is
    one-handed in the score sheet's reading and in the main text's (WS-MELEE-2), and whether it
    has an edge (a ruling: what can cut a grapple, WS-BOARD-2)."""

    name: str
    to_hit: int
    damage: int
    one_handed_sheet: bool
    one_handed_main: bool
    edged: bool

    def one_handed(self, reading: str) -> bool:
        return self.one_handed_main if reading == "main" else self.one_handed_sheet


MELEE: dict[str, MeleeWeapon] = {
    w.name: w
    for w in (
        MeleeWeapon("sword", 5, 1, True, False, True),
        MeleeWeapon("axe", 6, 2, True, True, True),
        MeleeWeapon("club", 6, 1, True, True, False),
        MeleeWeapon("halberd", 5, 2, False, True, True),
        MeleeWeapon("bayonet", 6, 1, False, False, True),
        MeleeWeapon("spear", 6, 1, False, False, False),
        MeleeWeapon("oar", 6, 1, False, False, False),
    )
}

#: improvised weapons fight as clubs (WS-MELEE-1: bottles, frying pans...)
IMPROVISED = {"bottle": "club", "frying-pan": "club"}


@dataclass(frozen=True, slots=True)
class Gun:
    """A ship's or fort's gun (WS-GUN-3..5): ``bands`` are (range in inches, roll needed), the
    longest first; ``close`` the roll at the shortest column (None: no hit so close); the damage
    against men and against structures as dice text (None: it does no harm to structures); its
    own hit points (WS-GUN-7/8); and the artillery-die rows of the variant (WS-GUN-10: range,
    re-rolls), with its sustained-fire damage dice."""

    name: str
    bands: tuple[tuple[float, int], ...]
    close: int | None
    men: str
    structures: str | None
    hit_points: int
    gw_bands: tuple[tuple[float, int], ...] = ()
    gw_damage: str | None = None


GUNS: dict[str, Gun] = {
    g.name: g
    for g in (
        Gun(
            "cannon",
            ((54.0, 6), (36.0, 5), (24.0, 4), (18.0, 3), (12.0, 2), (6.0, 1)),
            1,
            "D6",
            "D6",
            3,
            ((54.0, 0), (36.0, 1), (18.0, 2), (9.0, 3), (6.0, 4)),
            "2sf",
        ),
        Gun("swivel", ((36.0, 6), (24.0, 5), (18.0, 4), (12.0, 3), (6.0, 2)), 1, "D3", "D3", 1, ((36.0, 0), (18.0, 1), (12.0, 2), (6.0, 3), (2.0, 4)), "sf"),
        Gun("mounted-rifle", ((36.0, 6), (24.0, 5), (18.0, 4), (12.0, 3), (6.0, 2)), None, "1", None, 1),
    )
}

#: a barrel of powder, hurled to burst on its target (a ruling, WS-RULING-1): how far it is
#: thrown (inches, base to base or hull), the roll it needs, its damage as a cannon's (WS-GUN-3)
BARREL = "barrel"
BARREL_RANGE = 6.0
BARREL_ROLL = 4

#: what a weapon of the pile is: a small arm, a hand-to-hand weapon, an improvised one, a barrel
WEAPON_KINDS: tuple[str, ...] = tuple(dict.fromkeys((*SMALL_ARMS, *MELEE, *IMPROVISED, BARREL)))
#: the kinds a scenario's pile may hold at this stage (guns and animals come with their rules)
PILE_KINDS = tuple(k for k in WEAPON_KINDS if k != "bayonet")


def melee_of(kind: str) -> MeleeWeapon | None:
    """The hand-to-hand profile a carried weapon fights with: its own, a rifle's bayonet, a
    spear held rather than thrown, an improvised weapon as a club; None for one that cannot."""
    if kind in MELEE:
        return MELEE[kind]
    if kind in IMPROVISED:
        return MELEE[IMPROVISED[kind]]
    arm = SMALL_ARMS.get(kind)
    if arm is not None and arm.melee is not None:
        return MELEE[arm.melee]
    return None


def default_masts(type_: ShipType, length: float, sections: int) -> tuple[float, ...]:
    """Where a ship's masts stand along the keel (inches forward of the centre) unless the
    scenario says: the type's own, or one in the middle of each section between bow and stern
    (one amidships for a ship of two sections)."""
    if type_.masts is not None:
        return tuple(m * length / 2.0 for m in type_.masts)
    if sections <= 2:
        return (0.0,)
    step = length / sections
    return tuple(length / 2.0 - step * (i + 0.5) for i in range(1, sections - 1))


# --------------------------------------------------------------------------- animals


@dataclass(frozen=True, slots=True)
class Bite:
    """One natural attack of an animal: its name, the roll it needs (``exact``: only that face
    succeeds, the sharks' 1), its damage, and its reach (inches, base to target: 0 is contact)."""

    name: str
    need: int
    damage: int
    exact: bool = False
    reach: float = 0.0


@dataclass(frozen=True, slots=True)
class Animal:
    """An animal's profile (WS-ANIMAL-1..5, 7; the sea dragon's and the life points the text does
    not give are rulings): its life points, how far it goes on each surface a turn (absent: it
    cannot go there), whether it flies, whether it is wild by nature, its base, whether it fights
    with carried hand weapons (at ``to_hit``), its natural attacks made together as one action,
    and what it does instead of its last attack (the dragon's breath)."""

    kind: str
    title: str
    life: int
    gait: tuple[tuple[str, float], ...]
    flies: bool = False
    wild: bool = False
    radius: float = FIGURE_RADIUS
    hand_weapons: bool = False
    to_hit: int = 0
    bites: tuple[Bite, ...] = ()
    breath: Bite | None = None
    #: it harries a figure it attacks (parrots, falcons: WS-ANIMAL-3/4)
    harries: bool = False
    #: it kills a parrot it attacks on this roll or better (falcons, WS-ANIMAL-4)
    kills_parrot: int | None = None
    #: it harms ships (and forts) too (the sea dragon, WS-ANIMAL-5)
    hits_ships: bool = False
    #: whom it attacks: any figure, or a man in the water only (sharks and crocodiles)
    prey: str = "any"

    def inches(self, surface: str) -> float | None:
        return dict(self.gait).get(surface)


_WALK = (("deck", 8.0), ("land", 8.0), ("water", 4.0))
_FLY = (("deck", 16.0), ("land", 16.0), ("water", 16.0))

ANIMALS: dict[str, Animal] = {
    a.kind: a
    for a in (
        Animal("monkey", "monkey", 1, _WALK, hand_weapons=True, to_hit=-1),
        Animal("carnivorous-monkey", "carnivorous monkey", 1, _WALK, bites=(Bite("bite", 5, 1), Bite("bite", 5, 1)), to_hit=-1),
        Animal("parrot", "parrot", 1, _FLY, flies=True, radius=0.4, harries=True),
        Animal("falcon", "falcon", 1, _FLY, flies=True, radius=0.4, harries=True, kills_parrot=4),
        Animal(
            "sea-dragon",
            "sea dragon",
            6,
            (("water", 12.0),),
            radius=1.5,
            bites=(Bite("claw", 5, 1), Bite("claw", 5, 1), Bite("teeth", 4, 1)),
            breath=Bite("breath", 6, 1, reach=4.0),
            hits_ships=True,
        ),
        Animal("shark", "shark", 2, (("water", 16.0),), wild=True, radius=0.75, bites=(Bite("bite", 1, 1, exact=True),), prey="swimmer"),
        Animal("crocodile", "crocodile", 2, (("water", 10.0), ("land", 6.0)), wild=True, radius=0.75, bites=(Bite("bite", 1, 1, exact=True),), prey="swimmer"),
    )
}

#: fire (WS-ANIMAL-6): each later turn a D6 at most this puts it out, at least this makes it worse
FIRE_OUT = 1
FIRE_WORSE = 6

#: the wind (WS-WIND-1..3, rulings): its shifts (degrees), the wedge no ship sails into, the
#: headings within which she tacks at half speed (degrees off the wind's eye), a ship's shadow (inches)
WIND_STEP = 60.0
WIND_WEDGE = 30.0
WIND_TACK = 90.0
WIND_SHADOW = 6.0

#: every kind of figure: the people, then the animals
FIGURE_KINDS = (*PEOPLE, *ANIMALS)


def life_of(kind: str) -> int:
    """A figure's life points at full strength: a man 1, a hero 3 (WS-FIG-1/2), an animal its own."""
    if kind in ANIMALS:
        return ANIMALS[kind].life
    return MAN_LIFE if kind == "man" else HERO_LIFE


# --------------------------------------------------------------------------- forts (WS-FORT-*)

#: the fort cost table, a ruling (WS-RULING-1: the text gives forts hit points equal to their cost,
#: WS-FORT-1, but no costs): points for each started 6" of wall round the footprint, for each
#: raised level, for each gate, and for each gun mounted in the fort
FORT_WALL_RUN = 6.0
FORT_COSTS = {"wall": 3, "level": 6, "gate": 3, "cannon": 3, "swivel": 2, "mounted-rifle": 1}
#: a gate's own hit points (WS-FORT-1) and its width along the wall, inches
GATE_POINTS = 3
GATE_WIDTH = 2.0
#: the roll that scales a wall or climbs a level, by the fort's damage band (WS-FORT-2)
SCALE_NEED = {"full": 6, "third": 4, "two-thirds": 3}
#: the roll on which a figure is crushed when its fort collapses: this or less (WS-FORT-3)
CRUSH_HERO = 1
CRUSH_MAN = 2
#: how high a fort's walls stand by default, and how much higher each raised level is, inches
WALL_HEIGHT = 3.0
LEVEL_RISE = 2.0


def fort_cost(perimeter: float, levels: int, gates: int, guns: list[str]) -> dict[str, int]:
    """The cost of a fort by the fort cost table, item by item (its total is its hit points)."""
    runs = max(1, -int(-perimeter // FORT_WALL_RUN))
    out = {"walls": runs * FORT_COSTS["wall"], "levels": levels * FORT_COSTS["level"], "gates": gates * FORT_COSTS["gate"]}
    out["guns"] = sum(FORT_COSTS[k] for k in guns)
    return out
