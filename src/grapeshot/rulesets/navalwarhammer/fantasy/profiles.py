"""Profiles, troop types, weapons and special rules: the data every rule procedure reads.

A profile is the fantasy game's line of characteristics, M WS BS S T W I A Ld, with the
armour save (Sv, the number to roll on a D6, after the model's usual kit) and a ward save
beside it.  Special rules are data (:class:`Special`): a procedure reads the ones it knows,
and the rule set reads the rest.  Naval Warhammer sorts models by troop type for what a ship
carries (NW-SHIP-3) and who may work it (NW-CREW-1); both tables are here, next to the types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from grapeshot.dice import DiceExpr

#: characteristics a profile has, in the order the game prints them
CHARACTERISTICS = ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld")
#: the range each characteristic may take (a 0 means the model has none: a beast's BS)
LIMITS: dict[str, tuple[int, int]] = {
    "m": (0, 10),
    "ws": (0, 10),
    "bs": (0, 10),
    "s": (0, 10),
    "t": (1, 10),
    "w": (1, 30),
    "i": (0, 10),
    "a": (0, 10),
    "ld": (0, 10),
}


class ProfileError(ValueError):
    """A profile, weapon or unit with a value outside what the game allows."""


@dataclass(frozen=True, slots=True)
class Profile:
    """M WS BS S T W I A Ld, the armour save ``sv`` and the ward save ``ward``.

    ``sv`` and ``ward`` are the D6 score that saves (4 means 4+), or None for no save.  A
    ship part's wounds are its structure points (``w`` up to 30: a large ship with heavy timbers has 23)."""

    m: int
    ws: int
    bs: int
    s: int
    t: int
    w: int
    i: int
    a: int
    ld: int
    sv: int | None = None
    ward: int | None = None

    def __post_init__(self) -> None:
        for name in CHARACTERISTICS:
            low, high = LIMITS[name]
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise ProfileError(f"{name.upper()} must be a whole number from {low} to {high}, got {value!r}")
        if self.sv is not None and not 1 <= self.sv <= 6:
            raise ProfileError(f"an armour save must be 1+ to 6+ (or none), got {self.sv!r}")
        if self.ward is not None and not 2 <= self.ward <= 6:
            raise ProfileError(f"a ward save must be 2+ to 6+ (or none), got {self.ward!r}")

    def line(self) -> str:
        """The profile as the game prints it: ``M4 WS3 BS3 S3 T3 W1 I3 A1 Ld7 Sv5+``."""
        parts = [f"{n.upper() if n != 'ld' else 'Ld'}{getattr(self, n)}" for n in CHARACTERISTICS]
        if self.sv is not None:
            parts.append(f"Sv{self.sv}+")
        if self.ward is not None:
            parts.append(f"ward {self.ward}+")
        return " ".join(parts)


class Troop(str, Enum):
    """The troop types of the fantasy game that matter aboard ship."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    WAR_BEAST = "war beast"
    MONSTROUS_INFANTRY = "monstrous infantry"
    MONSTROUS_BEAST = "monstrous beast"
    MONSTROUS_CAVALRY = "monstrous cavalry"
    MONSTER = "monster"
    SWARM = "swarm"
    WAR_MACHINE = "war machine"


#: NW-SHIP-3: how many places of a ship's capacity (and how many rowers) one model counts as.
#: Swarms are not named by the text: they count as monstrous infantry, whose base they share
#: (docs/rulings.md).  War machines and their crews are outside the count.
CAPACITY: dict[Troop, int] = {
    Troop.INFANTRY: 1,
    Troop.CAVALRY: 2,
    Troop.WAR_BEAST: 2,
    Troop.MONSTROUS_INFANTRY: 3,
    Troop.MONSTROUS_BEAST: 3,
    Troop.MONSTROUS_CAVALRY: 4,
    Troop.MONSTER: 6,
    Troop.SWARM: 3,
    Troop.WAR_MACHINE: 0,
}

#: NW-CREW-1: the troop types that may work a ship (monsters, cavalry, beasts and swarms may
#: not; gun crews are not ship crew).  A unit's own entry may still forbid it (stupid trolls).
WORKS_SHIP: dict[Troop, bool] = {
    Troop.INFANTRY: True,
    Troop.MONSTROUS_INFANTRY: True,
    Troop.CAVALRY: False,
    Troop.WAR_BEAST: False,
    Troop.MONSTROUS_BEAST: False,
    Troop.MONSTROUS_CAVALRY: False,
    Troop.MONSTER: False,
    Troop.SWARM: False,
    Troop.WAR_MACHINE: False,
}

#: FB-SPEC-1: the troop types a killing blow slays outright (man-sized models)
KILLING_BLOW_TROOPS = frozenset({Troop.INFANTRY, Troop.CAVALRY, Troop.WAR_BEAST})


class Special(str, Enum):
    """Special rules as data.  The core acts on those marked (core); the rest are read by the
    rule set (who works the ship, who flies, who needs a handler)."""

    FEAR = "fear"  # (core) others test for fear; immune to fear itself
    TERROR = "terror"  # (core) causes fear and terror; immune to both
    STUPIDITY = "stupidity"  # (core) tests for stupidity; immune to other psychology
    ANIMOSITY = "animosity"  # (core) tests for animosity at the start of its turn
    FRENZY = "frenzy"  # (core) +1 attack; immune to psychology
    HATRED = "hatred"  # (core) re-rolls misses in the first round of a combat
    IMMUNE_PSYCHOLOGY = "immune to psychology"  # (core)
    UNBREAKABLE = "unbreakable"  # (core) never breaks; immune to psychology
    STUBBORN = "stubborn"  # (core) ignores the combat result in a break test
    REGENERATION = "regeneration"  # (core) a 4+ ward that flaming attacks deny
    POISONED = "poisoned attacks"  # (core) a natural 6 to hit wounds automatically
    KILLING_BLOW = "killing blow"  # (core) a natural 6 to wound slays a man-sized model outright
    FLAMING = "flaming attacks"  # (core) denies regeneration; harms ships (NW-SHIP-1)
    ALWAYS_STRIKES_FIRST = "always strikes first"  # (core)
    ALWAYS_STRIKES_LAST = "always strikes last"  # (core)
    LARGE_TARGET = "large target"  # (core) +1 to be hit by shooting
    FLY = "fly"  # NW-FLY-1
    AQUATIC = "aquatic"  # NW-SWIM-2: swims its full move, never drowns
    SKIRMISHERS = "skirmishers"
    FAST_CAVALRY = "fast cavalry"
    SCOUTS = "scouts"


#: what each psychology-causing rule makes its bearer immune to (FB-PSY-2, FB-PSY-3)
CAUSES = {Special.FEAR: frozenset({Special.FEAR}), Special.TERROR: frozenset({Special.FEAR, Special.TERROR})}


@dataclass(frozen=True, slots=True)
class Weapon:
    """A close-combat weapon: a strength bonus, armour piercing (extra save modifier), extra
    attacks (a second hand weapon), striking last (great weapons) and the flags it lends."""

    name: str
    strength: int = 0
    armour_piercing: int = 0
    extra_attacks: int = 0
    strikes_last: bool = False
    flags: frozenset[Special] = field(default_factory=frozenset)


HAND_WEAPON = Weapon("hand weapon")


@dataclass(frozen=True, slots=True)
class Missile:
    """A missile weapon: range, strength, shots per model, armour piercing, flags; ``wounds``
    are the wounds each unsaved hit causes (1, or a dice expression); ``flame`` for a weapon
    that lays the flame template instead of rolling to hit (a breath, FB-TMPL-1)."""

    name: str
    range: int
    strength: int
    shots: int = 1
    armour_piercing: int = 0
    multiple_shots: bool = False
    flags: frozenset[Special] = field(default_factory=frozenset)
    wounds: DiceExpr | int = 1
    flame: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.strength <= 10 or self.range < 1 or self.shots < 1:
            raise ProfileError(f"{self.name}: strength 1-10, range and shots at least 1")


def strength_of(profile: Profile, weapon: Weapon) -> int:
    """A model's strength with its weapon, at most 10."""
    return min(10, profile.s + weapon.strength)
