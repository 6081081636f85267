"""The Empire: state troops, knights and engineers (stand-in profiles and points)."""

from __future__ import annotations

from grapeshot.rulesets.navalwarhammer.armies.kit import CROSSBOW, FLAIL, GREAT_WEAPON, HALBERD, HANDGUN, LONGBOW, PISTOLS, SPEAR, TWO_WEAPONS, war_machines
from grapeshot.rulesets.navalwarhammer.armies.units import Slot, UnitEntry
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile as P
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special as S
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Troop as T

ARMY = "empire"
NAME = "The Empire"

STATE_TROOP = P(4, 3, 3, 3, 3, 1, 3, 1, 7)
WARHORSE = P(8, 3, 0, 3, 3, 1, 3, 1, 5)

UNITS: tuple[UnitEntry, ...] = (
    UnitEntry(ARMY, "General of the Empire", Slot.LORD, T.INFANTRY, P(4, 5, 5, 4, 4, 3, 5, 3, 9, sv=4), 90),
    UnitEntry(ARMY, "Wizard Lord", Slot.LORD, T.INFANTRY, P(4, 3, 3, 3, 4, 3, 3, 1, 8), 165, wizard=(3, 4), level_points=35),
    UnitEntry(ARMY, "Captain of the Empire", Slot.HERO, T.INFANTRY, P(4, 5, 5, 4, 4, 2, 5, 3, 8, sv=5), 50),
    UnitEntry(ARMY, "Battle Wizard", Slot.HERO, T.INFANTRY, P(4, 3, 3, 3, 3, 2, 3, 1, 7), 65, wizard=(1, 2), level_points=35),
    UnitEntry(ARMY, "Warrior Priest", Slot.HERO, T.INFANTRY, P(4, 4, 3, 4, 4, 2, 4, 2, 8, sv=5), 90, specials=frozenset({S.HATRED})),
    # NW-MOVE-4 names the Empire's Master Engineer
    UnitEntry(ARMY, "Master Engineer", Slot.HERO, T.INFANTRY, P(4, 3, 4, 3, 3, 2, 3, 1, 7), 65, missile=HANDGUN, engineer=True),
    UnitEntry(
        ARMY, "Halberdiers", Slot.CORE, T.INFANTRY, P(4, 3, 3, 3, 3, 1, 3, 1, 7, sv=6), 6, (10, None), weapon=HALBERD, champion=10, musician=5, standard=10
    ),
    UnitEntry(ARMY, "Swordsmen", Slot.CORE, T.INFANTRY, P(4, 4, 3, 3, 3, 1, 4, 1, 7, sv=5), 7, (10, None), shield=True, champion=10, musician=5, standard=10),
    UnitEntry(
        ARMY,
        "Spearmen",
        Slot.CORE,
        T.INFANTRY,
        P(4, 3, 3, 3, 3, 1, 3, 1, 7, sv=5),
        5,
        (10, None),
        weapon=SPEAR,
        shield=True,
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(ARMY, "Handgunners", Slot.CORE, T.INFANTRY, STATE_TROOP, 8, (10, None), missile=HANDGUN, champion=10, musician=5, standard=10),
    UnitEntry(ARMY, "Crossbowmen", Slot.CORE, T.INFANTRY, STATE_TROOP, 8, (10, None), missile=CROSSBOW, champion=10, musician=5, standard=10),
    UnitEntry(ARMY, "Free Company", Slot.CORE, T.INFANTRY, STATE_TROOP, 5, (10, None), weapon=TWO_WEAPONS, champion=10, musician=5, standard=10),
    UnitEntry(
        ARMY,
        "Knights of the Blazing Sun",
        Slot.CORE,
        T.CAVALRY,
        P(8, 4, 3, 3, 3, 1, 3, 1, 8, sv=1),
        22,
        (5, None),
        mount=WARHORSE,
        shield=True,
        champion=16,
        musician=8,
        standard=16,
    ),
    UnitEntry(
        ARMY,
        "Greatswords",
        Slot.SPECIAL,
        T.INFANTRY,
        P(4, 4, 3, 3, 3, 1, 3, 1, 8, sv=4),
        10,
        (10, None),
        weapon=GREAT_WEAPON,
        specials=frozenset({S.STUBBORN}),
        champion=10,
        musician=5,
        standard=10,
    ),
    UnitEntry(
        ARMY,
        "Huntsmen",
        Slot.SPECIAL,
        T.INFANTRY,
        P(4, 3, 4, 3, 3, 1, 3, 1, 7),
        10,
        (5, 20),
        missile=LONGBOW,
        specials=frozenset({S.SCOUTS, S.SKIRMISHERS}),
        champion=10,
    ),
    UnitEntry(
        ARMY,
        "Flagellants",
        Slot.SPECIAL,
        T.INFANTRY,
        P(4, 2, 2, 3, 3, 1, 3, 1, 10),
        10,
        (10, None),
        weapon=FLAIL,
        specials=frozenset({S.UNBREAKABLE, S.FRENZY}),
        champion=10,
    ),
    UnitEntry(
        ARMY,
        "Pistoliers",
        Slot.SPECIAL,
        T.CAVALRY,
        P(8, 3, 3, 3, 3, 1, 3, 1, 7, sv=5),
        18,
        (5, 10),
        mount=WARHORSE,
        missile=PISTOLS,
        specials=frozenset({S.FAST_CAVALRY}),
        champion=10,
        musician=7,
    ),
    UnitEntry(
        ARMY,
        "Demigryph Knights",
        Slot.SPECIAL,
        T.MONSTROUS_CAVALRY,
        P(8, 4, 3, 4, 4, 3, 3, 1, 8, sv=2),
        55,
        (3, None),
        mount=P(8, 4, 0, 5, 4, 3, 4, 3, 7),
        shield=True,
        champion=20,
        musician=10,
        standard=20,
    ),
    *war_machines(ARMY, "State Gunner", P(4, 3, 3, 3, 3, 1, 3, 1, 7), {"cannon": "Great Cannon"}),
)
