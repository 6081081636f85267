"""The Dark Elves: corsairs and repeater crossbows, cold ones, hydras and the Kharibdyss with
their beastmasters (stand-in profiles and points)."""

from __future__ import annotations

from grapeshot.rulesets.navalwarhammer.armies.kit import (
    EXECUTIONER_DRAICH,
    FIRE_BREATH,
    HALBERD,
    POISONED_BLADES,
    REPEATER_CROSSBOW,
    SPEAR,
    TWO_WEAPONS,
    war_machines,
)
from grapeshot.rulesets.navalwarhammer.armies.units import Handler, Slot, UnitEntry
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile as P
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special as S
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Troop as T

ARMY = "dark-elves"
NAME = "Dark Elves"

ELF = P(5, 4, 4, 3, 3, 1, 5, 1, 8)
BEASTMASTERS = Handler("Beastmaster", P(5, 5, 4, 3, 3, 1, 5, 1, 8, sv=6), 0, per=1, minimum=2)

UNITS: tuple[UnitEntry, ...] = (
    UnitEntry(ARMY, "Dreadlord", Slot.LORD, T.INFANTRY, P(5, 7, 6, 4, 3, 3, 8, 4, 10, sv=5), 140),
    UnitEntry(ARMY, "Supreme Sorceress", Slot.LORD, T.INFANTRY, P(5, 4, 4, 3, 3, 3, 5, 1, 9), 215, wizard=(3, 4), level_points=35),
    UnitEntry(ARMY, "Master", Slot.HERO, T.INFANTRY, P(5, 6, 6, 4, 3, 2, 7, 3, 9, sv=5), 70),
    UnitEntry(ARMY, "Sorceress", Slot.HERO, T.INFANTRY, P(5, 4, 4, 3, 3, 2, 5, 1, 8), 90, wizard=(1, 2), level_points=35),
    UnitEntry(
        ARMY,
        "Dark Elf Warriors",
        Slot.CORE,
        T.INFANTRY,
        P(5, 4, 4, 3, 3, 1, 5, 1, 8, sv=5),
        6,
        (10, None),
        weapon=SPEAR,
        shield=True,
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY,
        "Repeater Crossbowmen",
        Slot.CORE,
        T.INFANTRY,
        P(5, 4, 4, 3, 3, 1, 5, 1, 8, sv=6),
        10,
        (10, None),
        missile=REPEATER_CROSSBOW,
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY, "Corsairs", Slot.CORE, T.INFANTRY, P(5, 4, 4, 3, 3, 1, 5, 1, 8, sv=5), 11, (10, None), weapon=TWO_WEAPONS, champion=10, musician=5, standard=10
    ),
    UnitEntry(
        ARMY,
        "Dark Riders",
        Slot.CORE,
        T.CAVALRY,
        P(9, 4, 4, 3, 3, 1, 5, 1, 8, sv=5),
        17,
        (5, None),
        mount=P(9, 3, 0, 3, 3, 1, 4, 1, 5),
        weapon=SPEAR,
        missile=REPEATER_CROSSBOW,
        specials=frozenset({S.FAST_CAVALRY}),
        champion=10,
        musician=7,
        standard=14,
    ),
    UnitEntry(ARMY, "Harpies", Slot.CORE, T.WAR_BEAST, P(4, 3, 0, 3, 3, 1, 6, 1, 6), 11, (5, 10), specials=frozenset({S.FLY})),
    UnitEntry(
        ARMY,
        "Cold One Knights",
        Slot.SPECIAL,
        T.CAVALRY,
        P(7, 5, 4, 4, 3, 1, 6, 1, 9, sv=2),
        30,
        (5, None),
        mount=P(7, 3, 0, 4, 4, 1, 3, 1, 3),
        shield=True,
        specials=frozenset({S.FEAR, S.STUPIDITY}),
        champion=16,
        musician=8,
        standard=16,
    ),
    UnitEntry(
        ARMY,
        "Executioners",
        Slot.SPECIAL,
        T.INFANTRY,
        P(5, 5, 4, 4, 3, 1, 5, 1, 8, sv=5),
        12,
        (10, None),
        weapon=EXECUTIONER_DRAICH,
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY,
        "Witch Elves",
        Slot.SPECIAL,
        T.INFANTRY,
        P(5, 4, 4, 3, 3, 1, 6, 1, 8),
        10,
        (10, None),
        weapon=POISONED_BLADES,
        specials=frozenset({S.FRENZY}),
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY,
        "Black Guard",
        Slot.SPECIAL,
        T.INFANTRY,
        P(5, 5, 4, 4, 3, 1, 6, 1, 9, sv=5),
        15,
        (10, None),
        weapon=HALBERD,
        specials=frozenset({S.STUBBORN, S.IMMUNE_PSYCHOLOGY}),
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY, "Shades", Slot.SPECIAL, T.INFANTRY, ELF, 16, (5, 20), missile=REPEATER_CROSSBOW, specials=frozenset({S.SCOUTS, S.SKIRMISHERS}), champion=10
    ),
    UnitEntry(
        ARMY,
        "War Hydra",
        Slot.RARE,
        T.MONSTER,
        P(6, 4, 0, 5, 5, 5, 2, 5, 6, sv=4),
        175,
        missile=FIRE_BREATH,
        specials=frozenset({S.TERROR, S.LARGE_TARGET}),
        handlers=BEASTMASTERS,
    ),
    # the Kharibdyss is a sea monster: aquatic (NW-SWIM-2)
    UnitEntry(
        ARMY,
        "Kharibdyss",
        Slot.RARE,
        T.MONSTER,
        P(6, 5, 0, 7, 5, 5, 3, 5, 5, sv=4),
        160,
        specials=frozenset({S.TERROR, S.LARGE_TARGET, S.AQUATIC}),
        handlers=BEASTMASTERS,
    ),
    *war_machines(ARMY, "Dark Elf Gunner", P(5, 4, 4, 3, 3, 1, 5, 1, 8, sv=6), {"bolt thrower": "Reaper Bolt Thrower"}, missile=REPEATER_CROSSBOW),
)
