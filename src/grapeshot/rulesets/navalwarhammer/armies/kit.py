"""Kit shared by the army lists: weapons, missile weapons, and the generic war machines with
the slot each army takes them in (NW-SLOT-2)."""

from __future__ import annotations

from grapeshot.dice import D3
from grapeshot.rulesets.navalwarhammer.armies.units import Crew, Slot, UnitEntry
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import EngineKind
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Missile, Profile, Special, Troop, Weapon

HALBERD = Weapon("halberd", strength=1)
GREAT_WEAPON = Weapon("great weapon", strength=2, strikes_last=True)
SPEAR = Weapon("spear")
TWO_WEAPONS = Weapon("two hand weapons", extra_attacks=1)
FLAIL = Weapon("flail", strength=1)
POISONED_BLADES = Weapon("poisoned blades", extra_attacks=1, flags=frozenset({Special.POISONED}))
EXECUTIONER_DRAICH = Weapon("great draich", strength=2, strikes_last=True, flags=frozenset({Special.KILLING_BLOW}))

BOW = Missile("bow", 24, 3)
SHORT_BOW = Missile("short bow", 18, 3)
LONGBOW = Missile("longbow", 30, 3)
CROSSBOW = Missile("crossbow", 30, 4)
HANDGUN = Missile("handgun", 24, 4, armour_piercing=1)
PISTOLS = Missile("brace of pistols", 12, 4, shots=2, armour_piercing=1)
REPEATER_CROSSBOW = Missile("repeater crossbow", 24, 3, shots=2, multiple_shots=True)
THROWING_STARS = Missile("throwing stars", 12, 3, shots=2, multiple_shots=True, flags=frozenset({Special.POISONED}))
FIRE_BREATH = Missile("breath", 8, 4, flags=frozenset({Special.FLAMING}), wounds=D3, flame=True)

#: NW-SLOT-2: the armies that take cannons as special choices (and bolt and stone throwers as
#: rare); every other army the other way round
CANNON_SPECIAL = frozenset({"dwarfs", "chaos-dwarfs", "empire", "skaven"})

#: a war machine's own profile: it does not move, fight or test; T7 W3
MACHINE = Profile(0, 0, 0, 0, 7, 3, 0, 0, 0)
#: the generic war machines: (entry name, kind, points, crew count, two for one)
GENERIC_MACHINES: tuple[tuple[str, EngineKind, int, int, bool], ...] = (
    ("Cannon", "cannon", 100, 3, False),
    ("Bolt Thrower", "bolt thrower", 50, 2, True),
    ("Stone Thrower", "stone thrower", 80, 3, False),
)


def war_machine_slot(army: str, kind: EngineKind) -> Slot:
    """NW-SLOT-2: cannons are special for Dwarfs, Chaos Dwarfs, Empire and Skaven and rare for
    the rest; bolt throwers and stone throwers the other way round."""
    cannon_special = army in CANNON_SPECIAL
    if kind == "cannon":
        return Slot.SPECIAL if cannon_special else Slot.RARE
    return Slot.RARE if cannon_special else Slot.SPECIAL


def war_machines(army: str, crewman: str, crew: Profile, names: dict[EngineKind, str] | None = None, missile: Missile | None = None) -> tuple[UnitEntry, ...]:
    """The generic cannon, bolt thrower (two for one choice) and stone thrower for ``army``,
    crewed by its ``crewman`` (with ``missile``, the crew's own weapon: they fire it or the
    piece, NW-CREW-3), each in the slot NW-SLOT-2 gives it."""
    out = []
    for name, kind, points, count, pair in GENERIC_MACHINES:
        out.append(
            UnitEntry(
                army,
                (names or {}).get(kind, name),
                war_machine_slot(army, kind),
                Troop.WAR_MACHINE,
                MACHINE,
                points,
                machine=kind,
                crew=Crew(crewman, crew, count, missile),
                two_for_one=pair,
            )
        )
    return tuple(out)
