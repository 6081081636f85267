"""Naval Warhammer's odds of small arms at a ship part (NW-CREW-3, NW-SHIP-5): a unit's volley
at a ship's rigging, oars, rudder, a mast or the hull, exact over the dice.

The volley is the one :func:`.shooting.small_arms` fires in play: the naval to-hit modifiers
(:func:`.fantasy.charts.shooting_modifiers`: no penalty for shooting from a moving ship, long
range beyond half the weapon's, a part is never in the crew's cover) and the fantasy rules' own
missile fire (:func:`.fantasy.strikes.shoot`: BS, then the part's toughness, no armour save, a
magical figurehead's 5+ ward, NW-UPG-4), on a ship part made as the game makes one
(:func:`.fantasy.units.ship_part`, the toughness of :mod:`.data`).  Pools of identical dice are
enumerated by what the rules count off them, so a volley of sixty is as exact as one of five.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from grapeshot.core.capabilities import Effort, Param, Question
from grapeshot.core.game import Game
from grapeshot.odds import Odds, Proc
from grapeshot.rulesets.navalwarhammer.data import ENGINE_T, ENGINE_W, FIGUREHEAD_WARD, MAST_T, MAST_W, OARS_T, RIGGING_T, RUDDER_T, SIZES, Size
from grapeshot.rulesets.navalwarhammer.fantasy.charts import shooting_modifiers
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Missile, Profile
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import shoot
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit, ship_part
from grapeshot.rulesets.navalwarhammer.state import Sea

PARTS = ("rigging", "oars", "rudder", "mast", "hull", "engine")


def toughness_and_wounds(part: str, size: Size) -> tuple[int, int]:
    """A part's toughness and its wounds at full strength on a ship of that size (NW-SHIP-5 and
    the stand-ins of :mod:`.data`)."""
    s = SIZES[size]
    return {
        "rigging": (RIGGING_T, s.rigging),
        "oars": (OARS_T, s.oars),
        "rudder": (RUDDER_T, s.rudder),
        "mast": (MAST_T, MAST_W if size is not Size.DINGHY else 2),
        "hull": (s.toughness, s.structure),
        "engine": (ENGINE_T, ENGINE_W),
    }[part]


QUESTION = Question(
    "small-arms",
    "a unit's small arms at a ship part (its rigging, oars, rudder, a mast, the hull): the wounds it loses, whether it is destroyed (NW-CREW-3)",
    (
        Param("part", "the part shot at", str, "rigging", PARTS),
        Param("size", "the target ship's size (the part's wounds at full strength)", str, "medium", tuple(s.value for s in Size)),
        Param("part-wounds", "the part's wounds left (0: at full strength)", int, 0, bounds=(0, 30)),
        Param("models", "models of the unit that shoot (on deck or aloft)", int, 10, bounds=(1, 60)),
        Param("bs", "the shooters' ballistic skill", int, 3, bounds=(1, 10)),
        Param("strength", "the weapon's strength", int, 3, bounds=(1, 10)),
        Param("shots", "shots a model", int, 1, bounds=(1, 4)),
        Param("long-range", "the ships are more than half the weapon's range apart (-1)", bool, False),
        Param("multiple-shots", "a multiple-shots weapon (-1)", bool, False),
        Param("figurehead", "the target ship has a magical figurehead (a 5+ ward against missiles, NW-UPG-4)", bool, False),
    ),
    picked_by=("part", "part-wounds", "models", "bs", "strength", "shots", "long-range", "multiple-shots", "figurehead"),
)


def small_arms_odds(values: Mapping[str, object], effort: Effort, solve: Callable[..., Odds[str]], ships: Callable[[], tuple[str, str]]) -> Odds[str]:
    part, size = str(values["part"]), Size(str(values["size"]))
    toughness, full = toughness_and_wounds(part, size)
    left = int(cast(int, values["part-wounds"])) or full
    models, bs, strength, shots = (int(cast(int, values[k])) for k in ("models", "bs", "strength", "shots"))
    multiple = bool(values["multiple-shots"])
    ward = FIGUREHEAD_WARD if values["figurehead"] else None
    home, foe = ships()
    missile = Missile("small arms", 24, strength, shots, multiple_shots=multiple)
    mods = shooting_modifiers(long_range=bool(values["long-range"]), moved=True, shooter_aboard=True, target_aboard=False, multiple_shots=multiple)

    def proc(g: Game, sea: Sea) -> Proc:
        shooter = Unit("Shooters", sea.ships[home].owner, Profile(4, 3, bs, 3, 3, 1, 3, 1, 7, None), models, boat=home)
        target = ship_part(f"{foe} {part}", sea.ships[foe].owner, toughness, left, boat=foe, missile_ward=ward)
        yield from shoot(g, shooter, target, missile, models=models, modifiers=mods)
        lost = int(left - target.wounds_left)  # pinned: the outcome's text is made from it
        if not target.alive:
            return f"{part} destroyed"
        return f"{part} -{lost}" if lost else "no damage"

    title = f"{models} models of BS{bs} shooting S{strength} at the {part} (T{toughness}, {left} wounds)"
    return solve(proc, title, effort)
