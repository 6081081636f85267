"""The Skaven: clanrats and slaves, packmasters with their rats and rat ogres, warlock
engineers (stand-in profiles and points)."""

from __future__ import annotations

from grapeshot.rulesets.navalwarhammer.armies.kit import HALBERD, SPEAR, THROWING_STARS, TWO_WEAPONS, war_machines
from grapeshot.rulesets.navalwarhammer.armies.units import Handler, Slot, UnitEntry
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile as P
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special as S
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Troop as T

ARMY = "skaven"
NAME = "Skaven"

PACKMASTER = P(6, 3, 3, 3, 3, 1, 4, 1, 5, sv=6)

UNITS: tuple[UnitEntry, ...] = (
    UnitEntry(ARMY, "Warlord", Slot.LORD, T.INFANTRY, P(5, 6, 4, 4, 4, 3, 7, 4, 7, sv=5), 90, shield=True),
    UnitEntry(ARMY, "Grey Seer", Slot.LORD, T.INFANTRY, P(5, 3, 3, 3, 4, 3, 5, 1, 7), 240, wizard=(4, 4)),
    UnitEntry(ARMY, "Chieftain", Slot.HERO, T.INFANTRY, P(5, 5, 4, 4, 4, 2, 6, 3, 6, sv=5), 45, shield=True),
    # NW-MOVE-4 names the Skaven Warlock Engineer
    UnitEntry(ARMY, "Warlock Engineer", Slot.HERO, T.INFANTRY, P(5, 3, 3, 3, 3, 2, 4, 1, 5), 15, wizard=(1, 2), level_points=50, engineer=True),
    UnitEntry(
        ARMY,
        "Clanrats",
        Slot.CORE,
        T.INFANTRY,
        P(5, 3, 3, 3, 3, 1, 4, 1, 5, sv=5),
        4,
        (20, None),
        weapon=SPEAR,
        shield=True,
        champion=6,
        musician=6,
        standard=12,
    ),
    UnitEntry(
        ARMY, "Stormvermin", Slot.CORE, T.INFANTRY, P(5, 4, 3, 3, 3, 1, 5, 1, 6, sv=5), 7, (10, None), weapon=HALBERD, champion=10, musician=6, standard=12
    ),
    UnitEntry(ARMY, "Skavenslaves", Slot.CORE, T.INFANTRY, P(5, 2, 2, 3, 3, 1, 4, 1, 3, sv=6), 2, (20, None), shield=True, champion=4, musician=4),
    UnitEntry(
        ARMY,
        "Night Runners",
        Slot.CORE,
        T.INFANTRY,
        P(5, 2, 3, 3, 3, 1, 5, 1, 5),
        7,
        (10, 20),
        weapon=TWO_WEAPONS,
        specials=frozenset({S.SKIRMISHERS}),
        champion=6,
    ),
    # NW-PSY-2 names giant rats and rat ogres: their packmasters handle them
    UnitEntry(ARMY, "Giant Rats", Slot.CORE, T.WAR_BEAST, P(6, 3, 0, 3, 3, 1, 4, 1, 2), 3, (5, None), handlers=Handler("Packmaster", PACKMASTER, 6, per=6)),
    UnitEntry(
        ARMY,
        "Rat Ogres",
        Slot.SPECIAL,
        T.MONSTROUS_BEAST,
        P(6, 3, 0, 5, 4, 3, 4, 3, 5),
        40,
        (2, None),
        specials=frozenset({S.FEAR, S.FRENZY}),
        handlers=Handler("Packmaster", PACKMASTER, 6, per=2),
    ),
    UnitEntry(
        ARMY,
        "Gutter Runners",
        Slot.SPECIAL,
        T.INFANTRY,
        P(5, 4, 4, 3, 3, 1, 6, 1, 7),
        12,
        (5, 12),
        weapon=TWO_WEAPONS,
        missile=THROWING_STARS,
        specials=frozenset({S.SCOUTS, S.SKIRMISHERS, S.POISONED}),
        champion=6,
    ),
    UnitEntry(
        ARMY,
        "Plague Monks",
        Slot.SPECIAL,
        T.INFANTRY,
        P(5, 3, 3, 3, 4, 1, 3, 1, 5),
        7,
        (10, None),
        weapon=TWO_WEAPONS,
        specials=frozenset({S.FRENZY}),
        champion=6,
        musician=6,
        standard=12,
    ),
    UnitEntry(
        ARMY,
        "Hell Pit Abomination",
        Slot.RARE,
        T.MONSTER,
        P(6, 3, 1, 6, 5, 6, 4, 6, 8),
        235,
        specials=frozenset({S.TERROR, S.LARGE_TARGET, S.REGENERATION, S.STUBBORN}),
    ),
    *war_machines(ARMY, "Skaven Gunner", P(5, 3, 3, 3, 3, 1, 4, 1, 5)),
)
