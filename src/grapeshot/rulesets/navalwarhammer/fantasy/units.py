"""Units in play: models of one type with their profile, and the ship parts they may strike.

A :class:`Unit` is what the rule procedures strike, wound and test: one type of model aboard
one boat (NW-CREW-1's "unit"), with how many models are left and the wounds the front model
has taken.  Wounds are taken model by model; the wounds of one hit never pass to the next
model (FB-WOUND-2).  A ship part (hull, mast, rigging, oars) is a one-model unit whose wounds
are its structure points and which is immune to poison and killing blows (NW-SHIP-1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from grapeshot.rulesets.navalwarhammer.fantasy.profiles import HAND_WEAPON, Profile, Special, Troop, Weapon


@dataclass
class Unit:
    """Models of one type in play.  ``boat`` names the ship they are aboard (None: ashore or
    in the water).  ``missile_ward`` and ``template_ward`` are wards against missiles only and
    templates only (a magical figurehead, NW-UPG-4; a crow's nest, NW-UPG-8)."""

    name: str
    seat: str
    profile: Profile
    models: int
    troop: Troop = Troop.INFANTRY
    specials: frozenset[Special] = field(default_factory=frozenset)
    weapon: Weapon = HAND_WEAPON
    mount: Profile | None = None
    boat: str | None = None
    part: bool = False
    missile_ward: int | None = None
    template_ward: int | None = None
    #: the armour save ``profile.sv`` includes a shield's +1 (dropped when swimming, NW-SWIM-1)
    shield: bool = False
    #: wounds taken by the front model (fewer than its W)
    wounded: int = 0

    def __post_init__(self) -> None:
        if self.models < 0:
            raise ValueError(f"{self.name}: a unit cannot have {self.models} models")

    @property
    def alive(self) -> bool:
        return self.models > 0

    @property
    def wounds_left(self) -> int:
        """Wounds the unit has left, all models together."""
        return 0 if self.models == 0 else self.models * self.profile.w - self.wounded

    @property
    def body_armour(self) -> int | None:
        """The armour save without a shield: what a swimmer keeps (NW-SWIM-1)."""
        sv = self.profile.sv
        if sv is None:
            return None
        body = sv + 1 if self.shield else sv
        return body if body <= 6 else None

    def has(self, rule: Special) -> bool:
        """The unit (or its weapon) has this special rule."""
        return rule in self.specials or rule in self.weapon.flags

    def take_wound(self, wounds: int) -> tuple[int, int]:
        """FB-WOUND-2: ``wounds`` from one hit on the front model.  Returns (wounds inflicted,
        models slain): what the model had left is the most one hit can take."""
        if self.models == 0 or wounds <= 0:
            return 0, 0
        left = self.profile.w - self.wounded
        if wounds >= left:
            self.models -= 1
            self.wounded = 0
            return left, 1
        self.wounded += wounds
        return wounds, 0

    def slay_one(self) -> tuple[int, int]:
        """FB-SPEC-1: the front model is slain outright; counts the wounds it had left."""
        if self.models == 0:
            return 0, 0
        return self.take_wound(self.profile.w - self.wounded)


def ship_part(name: str, seat: str, toughness: int, structure: int, *, boat: str | None = None, missile_ward: int | None = None) -> Unit:
    """A ship part as a target: toughness and structure points, no armour save, never fleeing
    nor testing (NW-SHIP-1's immunities come with ``part``)."""
    return Unit(
        name,
        seat,
        Profile(0, 0, 0, 0, toughness, structure, 0, 0, 0),
        1,
        Troop.WAR_MACHINE,
        frozenset({Special.UNBREAKABLE}),
        boat=boat if boat is not None else name,
        part=True,
        missile_ward=missile_ward,
    )


def crew_size(units: Iterable[Unit]) -> int:
    """The size of a crew for the combat result (NW-BOARD-5): its models, ship parts aside."""
    return sum(u.models for u in units if not u.part)


def ranks_aboard(models: int) -> int:
    """NW-RANK-1: the ranks a crew counts as having, for strength in numbers and the like:
    its models divided by six, rounded down.  Ranks never add to a combat result."""
    return models // 6


def highest_leadership(units: Iterable[Unit]) -> int:
    """The highest unmodified Ld among living models (NW-BOARD-5's break test)."""
    return max((u.profile.ld for u in units if u.alive and not u.part), default=0)
