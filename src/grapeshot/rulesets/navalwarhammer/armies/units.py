"""What a catalogue entry is: one choice of an army list, with its points, profile and slot.

The catalogue's profiles and points are stand-ins in the spirit of the fantasy game's
published army lists, written as our own data (docs/navalwarhammer.md).  Beside the game's
usual facts (slot, troop type, kit, champion, musician, standard, wizard levels) each entry
carries what Naval Warhammer asks of it:

* its capacity class (NW-SHIP-3, from the troop type) and whether it may work a ship
  (NW-CREW-1);
* whether it may take a First Mate (NW-UPG-7: characters, and units with a champion);
* whether it is an engineer whose presence lets a crew re-roll the full-throttle chart
  (NW-MOVE-4), needs handlers (NW-PSY-2), is stupid (NW-PSY-3), aquatic (NW-SWIM-2) or flies
  (NW-FLY-1);
* for a war machine, its kind, its crew and the slot its army takes it in (NW-SLOT-2), and
  whether it is taken two for one choice (a bolt thrower).

An entry checks itself when it is made and refuses anything out of range, naming the entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from grapeshot.rulesets.navalwarhammer.fantasy.artillery import EngineKind
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAPACITY, HAND_WEAPON, WORKS_SHIP, Missile, Profile, Special, Troop, Weapon

#: NW-UPG-7: the cost of a First Mate
FIRST_MATE_POINTS = 25


class Slot(str, Enum):
    LORD = "lord"
    HERO = "hero"
    CORE = "core"
    SPECIAL = "special"
    RARE = "rare"


CHARACTER_SLOTS = frozenset({Slot.LORD, Slot.HERO})


class CatalogueError(ValueError):
    """A catalogue entry that breaks the game's limits."""


@dataclass(frozen=True, slots=True)
class Handler:
    """The handlers a unit of beasts or a monster comes with (NW-PSY-2): their profile, the
    points each (0 when included), one per ``per`` beasts and at least ``minimum``."""

    name: str
    profile: Profile
    points: int
    per: int = 1
    minimum: int = 1

    def needed(self, beasts: int) -> int:
        return max(self.minimum, -(-beasts // self.per))


@dataclass(frozen=True, slots=True)
class Crew:
    """A war machine's crew: their profile and how many (NW-SHIP-3: outside the capacity), and
    the missile weapon they carry, if any (NW-CREW-3: they fire it or the piece)."""

    name: str
    profile: Profile
    count: int
    missile: Missile | None = None


@dataclass(frozen=True)
class UnitEntry:
    """One choice of an army list.  ``points`` are per model (a character is one model);
    ``size`` is (fewest, most) models, most None for no limit; ``champion``, ``musician``,
    ``standard`` are the points of each upgrade (None: not allowed); ``wizard`` is (the level
    it comes at, the highest it may buy) with ``level_points`` per extra level."""

    army: str
    name: str
    slot: Slot
    troop: Troop
    profile: Profile
    points: int
    size: tuple[int, int | None] = (1, 1)
    specials: frozenset[Special] = field(default_factory=frozenset)
    weapon: Weapon = HAND_WEAPON
    missile: Missile | None = None
    mount: Profile | None = None
    shield: bool = False
    champion: int | None = None
    musician: int | None = None
    standard: int | None = None
    wizard: tuple[int, int] | None = None
    level_points: int = 0
    engineer: bool = False
    handlers: Handler | None = None
    machine: EngineKind | None = None
    crew: Crew | None = None
    two_for_one: bool = False
    #: overrides the troop type's NW-CREW-1 answer (None: as the type says)
    works: bool | None = None

    def __post_init__(self) -> None:
        where = f"{self.army}: {self.name}"
        if self.points <= 0:
            raise CatalogueError(f"{where}: points must be positive, got {self.points}")
        low, high = self.size
        if low < 1 or (high is not None and high < low):
            raise CatalogueError(f"{where}: size {self.size} must be at least 1, the most no fewer than the fewest")
        if self.is_character and self.size != (1, 1):
            raise CatalogueError(f"{where}: a character is a single model")
        if (self.troop is Troop.WAR_MACHINE) != (self.machine is not None) or (self.machine is not None) != (self.crew is not None):
            raise CatalogueError(f"{where}: a war machine has a kind and a crew, and only a war machine has them")
        if self.two_for_one and self.machine is None:
            raise CatalogueError(f"{where}: only war machines are taken two for one choice here")
        if self.wizard is not None and not 1 <= self.wizard[0] <= self.wizard[1] <= 4:
            raise CatalogueError(f"{where}: wizard levels {self.wizard} must run from 1 to 4")
        if self.handlers is not None and self.troop not in (Troop.WAR_BEAST, Troop.MONSTROUS_BEAST, Troop.MONSTER, Troop.MONSTROUS_INFANTRY):
            raise CatalogueError(f"{where}: only beasts and monsters come with handlers")
        if self.troop in (Troop.CAVALRY, Troop.MONSTROUS_CAVALRY) and self.mount is None:
            raise CatalogueError(f"{where}: cavalry need a mount")
        for upgrade in (self.champion, self.musician, self.standard):
            if upgrade is not None and upgrade <= 0:
                raise CatalogueError(f"{where}: an upgrade costs points")
        if self.crew is not None and self.crew.count < 1:
            raise CatalogueError(f"{where}: a war machine needs at least one crewman")

    @property
    def key(self) -> str:
        return f"{self.army}/{self.name}"

    @property
    def is_character(self) -> bool:
        return self.slot in CHARACTER_SLOTS

    @property
    def capacity(self) -> int:
        """NW-SHIP-3: the places one model takes of a ship's capacity (war machines: none)."""
        return CAPACITY[self.troop]

    @property
    def crew_capacity(self) -> int:
        """NW-SHIP-3: the places a war machine's crew takes: none."""
        return 0

    @property
    def can_work_ship(self) -> bool:
        """NW-CREW-1: whether these models may make up working crew."""
        return WORKS_SHIP[self.troop] if self.works is None else self.works

    @property
    def first_mate(self) -> bool:
        """NW-UPG-7: a character, or a unit whose champion may be upgraded, may field a First Mate."""
        return self.is_character or self.champion is not None

    @property
    def stupid(self) -> bool:
        return Special.STUPIDITY in self.specials

    @property
    def aquatic(self) -> bool:
        return Special.AQUATIC in self.specials

    @property
    def flies(self) -> bool:
        return Special.FLY in self.specials

    def cost(
        self,
        models: int | None = None,
        *,
        champion: bool = False,
        musician: bool = False,
        standard: bool = False,
        first_mate: bool = False,
        level: int | None = None,
    ) -> int:
        """The points of ``models`` of this entry (the fewest by default) with its upgrades and
        the handlers it needs.  A First Mate replaces a unit's standard bearer and is a
        champion upgraded (NW-UPG-7).  Raises :class:`CatalogueError` for what the entry does
        not allow."""
        n = self.size[0] if models is None else models
        low, high = self.size
        where = self.key
        if n < low or (high is not None and n > high):
            raise CatalogueError(f"{where}: {n} models, the entry allows {low} to {high or 'any number'}")
        total = n * self.points
        for wanted, price, what in ((champion, self.champion, "champion"), (musician, self.musician, "musician"), (standard, self.standard, "standard bearer")):
            if wanted:
                if price is None:
                    raise CatalogueError(f"{where}: no {what} allowed")
                total += price
        if first_mate:
            if not self.first_mate:
                raise CatalogueError(f"{where}: no First Mate: only characters and units with a champion (NW-UPG-7)")
            if standard:
                raise CatalogueError(f"{where}: the First Mate replaces the standard bearer (NW-UPG-7)")
            if not self.is_character and not champion:
                total += self.champion or 0
            total += FIRST_MATE_POINTS
        if level is not None:
            if self.wizard is None or not self.wizard[0] <= level <= self.wizard[1]:
                raise CatalogueError(f"{where}: wizard level {level} is not allowed (levels {self.wizard or 'none'})")
            total += (level - self.wizard[0]) * self.level_points
        if self.handlers is not None:
            total += self.handlers.needed(n) * self.handlers.points
        return total
