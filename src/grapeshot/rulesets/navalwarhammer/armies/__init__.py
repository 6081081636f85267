"""The catalogue: the armies that crew ships, each a list of choices with points.

Five armies, a module each (``empire``, ``dwarfs``, ``orcs_and_goblins``, ``skaven``,
``dark_elves``): characters with their First Mate option, infantry, cavalry and beasts,
monstrous units and monsters with their capacity class, handlers and their charges, the
engineers NW-MOVE-4 names, and the generic war machines with their crews in the slot each army
takes them (NW-SLOT-2).  Profiles and points are stand-ins in the spirit of the published army
lists, written as our own data (docs/navalwarhammer.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from grapeshot.rulesets.navalwarhammer.armies import dark_elves, dwarfs, empire, orcs_and_goblins, skaven
from grapeshot.rulesets.navalwarhammer.armies.kit import CANNON_SPECIAL, war_machine_slot
from grapeshot.rulesets.navalwarhammer.armies.units import FIRST_MATE_POINTS, CatalogueError, Crew, Handler, Slot, UnitEntry

__all__ = [
    "ARMIES",
    "CANNON_SPECIAL",
    "FIRST_MATE_POINTS",
    "Army",
    "CatalogueError",
    "Crew",
    "Handler",
    "Slot",
    "UnitEntry",
    "all_units",
    "army",
    "war_machine_slot",
]


@dataclass(frozen=True)
class Army:
    """An army list: its key, its name and its choices."""

    key: str
    name: str
    units: tuple[UnitEntry, ...]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for u in self.units:
            if u.army != self.key:
                raise CatalogueError(f"{u.key} is listed in {self.key}")
            if u.name in seen:
                raise CatalogueError(f"{self.key}: {u.name!r} listed twice")
            seen.add(u.name)

    def unit(self, name: str) -> UnitEntry:
        for u in self.units:
            if u.name.lower() == name.lower():
                return u
        raise CatalogueError(f"{self.name} has no {name!r}; it has {', '.join(u.name for u in self.units)}")

    def choices(self, slot: Slot) -> tuple[UnitEntry, ...]:
        return tuple(u for u in self.units if u.slot is slot)


ARMIES: dict[str, Army] = {m.ARMY: Army(m.ARMY, m.NAME, m.UNITS) for m in (empire, dwarfs, orcs_and_goblins, skaven, dark_elves)}


def army(key: str) -> Army:
    try:
        return ARMIES[key.lower()]
    except KeyError:
        raise CatalogueError(f"no army {key!r}; the catalogue has {', '.join(ARMIES)}") from None


def all_units() -> list[UnitEntry]:
    return [u for a in ARMIES.values() for u in a.units]
