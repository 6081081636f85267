"""Waagh! Jim Lad! data tables: ships, kannons, manoeuvre cards, klans, krew profiles.

Numbers are the rules' (see ``RULES.md`` IDs beside each table); the words
are ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Literal

from grapeshot.geometry import Facing
from grapeshot.rulesets.jimlad.basis import Term, term, total

#: the namespace of Jim Lad's action, prompt and event kinds
NS = "jimlad"

# --------------------------------------------------------------------------- ships (JL-SHIP-*)

#: Hull limits (JL-SHIP-1): about 12" long including a bowsprit, ~2" more for a
#: kannon barrel and ~1" leeway; about 6" wide.
MAX_LENGTH = 15.0
MAX_WIDTH = 7.0
DEFAULT_LENGTH = 10.0
DEFAULT_WIDTH = 4.0

HULL_POINTS = 5  # JL-SHIP-3
ARMOUR = {Facing.FRONT: 12, Facing.PORT: 12, Facing.STARBOARD: 12, Facing.REAR: 11}  # JL-SHIP-3
RAMSHACKLE_SAVE = 6  # JL-SHIP-3: 6+ invulnerable, not against grapeshot
STARTING_GOLD = 5  # JL-SHIP-5

#: JL-SHIP-4: D6 lost from every move for each hull point below 5; 1 = becalmed.
SPEED_LOSS_DICE = {5: 0, 4: 1, 3: 2, 2: 3}


# --------------------------------------------------------------------------- kannons (JL-SHIP-2, JL-SHOOT-*)

GunName = Literal["fore", "port", "starboard", "aft"]
Shell = Literal["krak", "grapeshot"]
GUNS: tuple[GunName, ...] = ("fore", "port", "starboard", "aft")


@dataclass(frozen=True, slots=True)
class Kannon:
    """One of the four kannons every ship counts as carrying (JL-SHIP-2)."""

    name: GunName
    facing: Facing  # where it is mounted and which way its arc points
    range: float  # krak range in inches
    krak: int | None  # krak strength, None if it cannot fire krak
    grapeshot: int | None  # grapeshot strength, None if it cannot fire grapeshot


KANNONS: dict[GunName, Kannon] = {
    "fore": Kannon("fore", Facing.FRONT, 36.0, 9, None),
    "port": Kannon("port", Facing.PORT, 24.0, 8, 4),
    "starboard": Kannon("starboard", Facing.STARBOARD, 24.0, 8, 4),
    "aft": Kannon("aft", Facing.REAR, 24.0, None, 4),
}

GUNNER_BS = 3  # JL-SHOOT-1: grot gun krews

# --------------------------------------------------------------------------- non-player models (JL-NPC-*)

KRAKEN = "Kraken"  # the models' names in contacts and events
SUB = "Da Dred NoOrk"
CHINORK = "Da Chinork"
MINE_RADIUS = 0.5  # ruling: a mine is a disc 1" across
MINE_STRENGTH = 8  # JL-NPC-1
MINE_ARMOUR = 11
KRAKEN_RADIUS = 2.0  # ruling: the Kraken is a disc 4" across
KRAKEN_WOUNDS = 2  # JL-NPC-2
KRAKEN_ARMOUR = 11
KRAKEN_ATTACKS = 3
KRAKEN_STRENGTH = 8
SUB_LENGTH = 6.0  # ruling: Da Dred NoOrk is a hull 6" x 2"
SUB_WIDTH = 2.0
MINE_EDGE_DISTANCE = 18.0  # JL-NPC-1: mines start at least 18" from the table's edges and the docks
KRAKEN_MOVE_DICE = 3  # JL-NPC-2: 3D6" a movement phase
KRAKEN_HIT = 4  # ruling: each Kraken attack hits on a 4+
SUB_PLACE_DICE = 4  # JL-EVT-14: 4D6" from the rolling ship
SUB_MOVE_DICE = 4  # JL-EVT-14: 4D6" a turn towards the closest ship
SUB_ARC = 90.0  # ruling: the sub's forward arc
CHINORK_RANGE = 48.0  # JL-EVT-11
CHINORK_ARC = 90.0  # ruling: its front arc, centred on its course
CHINORK_SHOTS = 4  # JL-EVT-11: 4 x S7 kannons, at every ship in range
CHINORK_STRENGTH = 7
SKURVY_DICE = 2  # JL-EVT-10: movement -2D6"
CHINORK_HIT = 4  # ruling: the Chinork's gunners hit on a 4+ (BS3, like the ships' grot gunners)
KRAK_SCATTER_DICE = 2  # JL-SHOOT-3: 2D6 minus BS
GRAPESHOT_D3_RANGE = 8.0  # JL-SHOOT-4 alternative method
TORPEDO_STRENGTH = 9  # JL-SHOOT-6
TORPEDO_RUN = 48.0
TORPEDO_SCATTER_DICE = 2
TORPEDO_SPACING = 2.0  # ruling: the two tracks run 2" apart, either side of the keel
MANNED_TORPEDO_RANGE = 18.0  # JL-SHOOT-7 / JL-KLAN-7
MANNED_TORPEDO_ARC = 90.0
SLUGGA_STRENGTH = 4  # JL-SHOOT-5
SLUGGA_AP = 5
SLUGGA_RANGE = 12.0  # the pistols' own range: the most option ``slugga_range`` allows

#: JL-DMG-6: the D6 that picks the damaged gun.
GUN_DAMAGE_ROLL: dict[int, GunName] = {1: "fore", 2: "starboard", 3: "starboard", 4: "port", 5: "port", 6: "aft"}


# --------------------------------------------------------------------------- manoeuvre cards (JL-MOVE-*)

CARD_LENGTH = 8.0  # JL-MOVE-6: cards are about 8" x 6"


class Card(IntEnum):
    FULL_AHEAD = 1
    VEER = 2
    HARD = 3
    ALL_STOP = 4
    FULL_ASTERN = 5


@dataclass(frozen=True, slots=True)
class CardSpec:
    """How far a card lets a ship go: ``base + dice``D6 at most, ``minimum`` at least
    (plus the card's length and the ship's own length), turning ``turn`` degrees."""

    card: Card
    title: str
    base: int
    dice: int
    minimum: float
    turn: float
    rule: str
    astern: bool = False
    may_turn: bool = False  # Full Astern may be straight or a shallow turn


CARDS: dict[Card, CardSpec] = {
    Card.FULL_AHEAD: CardSpec(Card.FULL_AHEAD, "Full Ahead!", 24, 2, 9.0, 0.0, "JL-MOVE-1"),
    Card.VEER: CardSpec(Card.VEER, "Veer to port/starboard!", 24, 1, 6.0, 45.0, "JL-MOVE-2"),
    Card.HARD: CardSpec(Card.HARD, "Hard a-port/starboard!", 18, 1, 4.0, 90.0, "JL-MOVE-3"),
    Card.ALL_STOP: CardSpec(Card.ALL_STOP, "All Stop!", 0, 3, 3.0, 0.0, "JL-MOVE-4"),
    Card.FULL_ASTERN: CardSpec(Card.FULL_ASTERN, "Full Astern!", 0, 4, 3.0, 45.0, "JL-MOVE-5", astern=True, may_turn=True),
}

Turn = Literal["none", "port", "starboard"]
CardAt = Literal["start", "end"]


# --------------------------------------------------------------------------- klans (JL-KLAN-*)


class Klan(str, Enum):
    FREEBOOTERZ = "freebooterz"
    SNAKE_BITES = "snake-bites"
    DEFF_SKULLS = "deff-skulls"
    GOFFS = "goffs"
    EVIL_SUNZ = "evil-sunz"
    BAD_MOONS = "bad-moons"
    BLOOD_AXES = "blood-axes"


@dataclass(frozen=True, slots=True)
class KlanSpec:
    """What a klan changes; each field names the rule it comes from."""

    klan: Klan
    title: str
    rule: str
    move_dice: int = 0  # D6 added to (or taken from) every move: Goffs, Evil Sunz, Bad Moons
    armour: tuple[tuple[Facing, int], ...] = ()  # armour changes: Evil Sunz, Bad Moons
    ram_bonus: int = 0  # Goffs (used by ramming)
    sails: bool = False  # Snake Bites
    reroll: bool = False  # Freebooterz
    broadside_d3: bool = False  # Deff Skulls
    fore_grapeshot_only: bool = False  # Deff Skulls
    manned_torpedoes: bool = False  # Blood Axes


KLANS: dict[Klan, KlanSpec] = {
    Klan.FREEBOOTERZ: KlanSpec(Klan.FREEBOOTERZ, "Freebooterz", "JL-KLAN-1", reroll=True),
    Klan.SNAKE_BITES: KlanSpec(Klan.SNAKE_BITES, "Snake Bites", "JL-KLAN-2", sails=True),
    Klan.DEFF_SKULLS: KlanSpec(Klan.DEFF_SKULLS, "Deff Skulls", "JL-KLAN-3", broadside_d3=True, fore_grapeshot_only=True),
    Klan.GOFFS: KlanSpec(Klan.GOFFS, "Goffs", "JL-KLAN-4", move_dice=-1, ram_bonus=1),
    Klan.EVIL_SUNZ: KlanSpec(Klan.EVIL_SUNZ, "Evil Sunz", "JL-KLAN-5", move_dice=1, armour=((Facing.PORT, -1), (Facing.STARBOARD, -1))),
    Klan.BAD_MOONS: KlanSpec(Klan.BAD_MOONS, "Bad Moons", "JL-KLAN-6", move_dice=-1, armour=((Facing.FRONT, 1), (Facing.PORT, 1), (Facing.STARBOARD, 1))),
    Klan.BLOOD_AXES: KlanSpec(Klan.BLOOD_AXES, "Blood Axes", "JL-KLAN-7", manned_torpedoes=True),
}

#: JL-KLAN-2 sail power by the wind's angle to the ship's course.
SAIL_WITH_DICE = 2  # +2D6"
SAIL_AGAINST_DICE = -1  # -1D6"


def armour_terms(klan: Klan, facing: Facing) -> list[Term]:
    """The armour of a facing for a ship of this klan, term by term: the ship's (JL-SHIP-3) and
    the klan's change (JL-KLAN-5, JL-KLAN-6)."""
    terms = [term("JL-SHIP-3", f"{facing.value} armour", ARMOUR[facing])]
    spec = KLANS[klan]
    for f, delta in spec.armour:
        if f is facing:
            terms.append(term(spec.rule, spec.title, delta))
    return terms


def armour_of(klan: Klan, facing: Facing) -> int:
    """The armour value of a facing for a ship of this klan (JL-SHIP-3, JL-KLAN-5, JL-KLAN-6)."""
    return total(armour_terms(klan, facing))


# --------------------------------------------------------------------------- krew (JL-KREW-*)

Role = Literal["kaptin", "doc", "krew"]


@dataclass(frozen=True, slots=True)
class Profile:
    """A 40k-style profile (JL-KREW-2, JL-KREW-3)."""

    title: str
    ws: int
    bs: int
    s: int
    t: int
    w: int
    i: int
    a: int
    ld: int
    sv: int
    weapon_bonus: int = 0  # 'Uge Choppa: +1 S in close combat, two-handed


PROFILES: dict[Role, Profile] = {
    "kaptin": Profile("Kaptin", ws=4, bs=2, s=4, t=4, w=3, i=3, a=3, ld=8, sv=4, weapon_bonus=1),
    "doc": Profile("Mad Doc", ws=4, bs=2, s=3, t=4, w=1, i=2, a=2, ld=7, sv=5),
    "krew": Profile("Krew", ws=4, bs=2, s=3, t=4, w=1, i=2, a=2, ld=7, sv=5),
}

#: the rule that gives each role its profile
PROFILE_RULE: dict[Role, str] = {"kaptin": "JL-KREW-2", "doc": "JL-KREW-3", "krew": "JL-KREW-3"}

#: JL-KREW-1: the krew every ship starts with.
STARTING_KREW: tuple[Role, ...] = ("kaptin", "doc", "krew", "krew", "krew", "krew", "krew")
MIN_WORKING_KREW = 2  # JL-KREW-5
FEEL_NO_PAIN = 5  # JL-KREW-4


def wound_target(strength: int, toughness: int) -> int | None:
    """The D6 score to wound (the 40k strength-against-toughness chart); None if impossible."""
    diff = strength - toughness
    if diff >= 2:
        return 2
    if diff <= -4:
        return None
    return {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}[diff]


def save_target(sv: int, ap: int | None) -> int | None:
    """The armour save a model gets against a weapon's AP (None: no save)."""
    if ap is not None and ap <= sv:
        return None
    return sv
