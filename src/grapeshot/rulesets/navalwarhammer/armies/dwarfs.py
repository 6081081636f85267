"""The Dwarfs: warriors in gromril, runesmiths and engineers (stand-in profiles and points)."""

from __future__ import annotations

from grapeshot.rulesets.navalwarhammer.armies.kit import CROSSBOW, GREAT_WEAPON, HANDGUN, war_machines
from grapeshot.rulesets.navalwarhammer.armies.units import Slot, UnitEntry
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile as P
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special as S
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Troop as T

ARMY = "dwarfs"
NAME = "Dwarfs"

UNITS: tuple[UnitEntry, ...] = (
    UnitEntry(ARMY, "Dwarf Lord", Slot.LORD, T.INFANTRY, P(3, 7, 4, 4, 5, 3, 4, 4, 10, sv=3), 140, shield=True),
    # NW-MOVE-4 names the Dwarf Runesmith and Runelord as engineers
    UnitEntry(ARMY, "Runelord", Slot.LORD, T.INFANTRY, P(3, 6, 4, 4, 5, 3, 3, 2, 9, sv=4), 125, engineer=True),
    UnitEntry(ARMY, "Thane", Slot.HERO, T.INFANTRY, P(3, 6, 4, 4, 5, 2, 3, 3, 9, sv=4), 65),
    UnitEntry(ARMY, "Runesmith", Slot.HERO, T.INFANTRY, P(3, 5, 4, 4, 5, 2, 2, 2, 9, sv=4), 70, engineer=True),
    # the Dwarf Master Engineer is not among the engineers NW-MOVE-4 names
    UnitEntry(ARMY, "Master Engineer", Slot.HERO, T.INFANTRY, P(3, 4, 5, 4, 4, 2, 2, 2, 9, sv=4), 70, missile=HANDGUN),
    UnitEntry(
        ARMY, "Dwarf Warriors", Slot.CORE, T.INFANTRY, P(3, 4, 3, 3, 4, 1, 2, 1, 9, sv=4), 8, (10, None), shield=True, champion=10, musician=5, standard=10
    ),
    UnitEntry(
        ARMY,
        "Longbeards",
        Slot.CORE,
        T.INFANTRY,
        P(3, 5, 3, 4, 4, 1, 2, 1, 9, sv=4),
        12,
        (10, None),
        shield=True,
        specials=frozenset({S.IMMUNE_PSYCHOLOGY}),
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY, "Quarrellers", Slot.CORE, T.INFANTRY, P(3, 4, 3, 3, 4, 1, 2, 1, 9, sv=5), 11, (10, None), missile=CROSSBOW, champion=10, musician=5, standard=10
    ),
    UnitEntry(
        ARMY, "Thunderers", Slot.CORE, T.INFANTRY, P(3, 4, 3, 3, 4, 1, 2, 1, 9, sv=5), 12, (10, None), missile=HANDGUN, champion=10, musician=5, standard=10
    ),
    UnitEntry(
        ARMY,
        "Hammerers",
        Slot.SPECIAL,
        T.INFANTRY,
        P(3, 5, 3, 4, 4, 1, 2, 1, 9, sv=5),
        14,
        (10, None),
        weapon=GREAT_WEAPON,
        specials=frozenset({S.STUBBORN}),
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY, "Ironbreakers", Slot.SPECIAL, T.INFANTRY, P(3, 5, 3, 4, 4, 1, 2, 1, 9, sv=2), 13, (10, None), shield=True, champion=10, musician=5, standard=10
    ),
    UnitEntry(
        ARMY, "Miners", Slot.SPECIAL, T.INFANTRY, P(3, 4, 3, 3, 4, 1, 2, 1, 9, sv=5), 11, (10, None), weapon=GREAT_WEAPON, champion=10, musician=5, standard=10
    ),
    UnitEntry(
        ARMY,
        "Troll Slayers",
        Slot.SPECIAL,
        T.INFANTRY,
        P(3, 4, 3, 3, 4, 1, 2, 1, 10),
        11,
        (5, None),
        weapon=GREAT_WEAPON,
        specials=frozenset({S.UNBREAKABLE}),
        champion=10,
        musician=5,
    ),
    *war_machines(ARMY, "Dwarf Gunner", P(3, 4, 3, 3, 4, 1, 2, 1, 9, sv=5), {"stone thrower": "Grudge Thrower"}, missile=HANDGUN),
)
