"""Models in the water: how far they swim and whether they drown (NW-SWIM-1), and aquatic
creatures, which swim their full move and never drown (NW-SWIM-2).

Each model swims on its own: a D6 less one, and one less again for every point of armour
better than 5+ it still wears (shields and weapons are dropped, armour is kept); a 1 on the
die drowns it whatever its armour.  A swimmer weighed down to nothing stays afloat where it is.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit

#: NW-SWIM-1: armour up to this save costs a swimmer nothing
FREE_ARMOUR = 5
DROWNS_ON = 1


@dataclass(frozen=True, slots=True)
class Swim:
    unit: str
    roll: int | None
    penalty: int
    distance: float
    drowned: bool


def armour_penalty(unit: Unit) -> int:
    """NW-SWIM-1: one inch for every point of body armour better than 5+."""
    body = unit.body_armour
    return 0 if body is None else max(0, FREE_ARMOUR - body)


def swim(g: Game, unit: Unit) -> Generator[Prompt, Any, Swim]:
    """One model of ``unit`` swims: D6-1" less its armour (a 1 drowns it, NW-SWIM-1), or its
    move if it is aquatic (NW-SWIM-2)."""
    if unit.has(Special.AQUATIC):
        g.emit("swim", "NW-SWIM-2", unit=unit.name, roll=None, penalty=0, distance=unit.profile.m, drowned=False, aquatic=True)
        return Swim(unit.name, None, 0, float(unit.profile.m), False)
    penalty = armour_penalty(unit)
    r = yield from g.roll(RollRequest(D6, f'{unit.name}: swims (D6-1", a 1 drowns)', "NW-SWIM-1", unit.seat, unit.name, "high", DROWNS_ON + 1))
    drowned = bool(r.total == DROWNS_ON)
    distance = 0.0 if drowned else float(max(0, r.total - 1 - penalty))
    if drowned:
        unit.slay_one()
    g.emit("swim", "NW-SWIM-1", unit=unit.name, roll=r.total, penalty=penalty, distance=distance, drowned=drowned, models_left=unit.models)
    return Swim(unit.name, r.total, penalty, distance, drowned)
