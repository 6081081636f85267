"""Naval Warhammer's odds of small arms at a ship part (NW-CREW-3, NW-SHIP-5): a unit's volley
at a ship's rigging, oars, rudder, a mast or the hull; and of a template over a crew (FB-TMPL-1,
NW-TMPL-1/2: a stone thrower's or a flame, with its one specialty target and the hull), exact
over the dice.

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
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import stone_attacks, template_hits
from grapeshot.rulesets.navalwarhammer.fantasy.charts import shooting_modifiers
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Missile, Profile
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, resolve_hits, shoot
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
    return solve(proc, title, effort, own_pieces=True)


# --------------------------------------------------------------------------- templates

TEMPLATE = Question(
    "template",
    "a stone thrower's template or a flame over a crew: the models slain, the one specialty target (NW-TMPL-2) and the hull",
    (
        Param("template", "a stone thrower's large round template, or a flame", str, "stone", ("stone", "flame")),
        Param("under", "models of the crew under the template", int, 5, bounds=(0, 30)),
        Param("hole", "one of them is under the stone's hole (struck at its higher strength)", bool, True),
        Param("flame-strength", "a flame's strength", int, 4, bounds=(1, 10)),
        Param("t", "the crew's toughness", int, 3, bounds=(1, 10)),
        Param("w", "the crew's wounds a model", int, 1, bounds=(1, 10)),
        Param("sv", "the crew's armour save (7: none)", int, 7, bounds=(1, 7)),
        Param("specialty", "the one specialty target under the template (NW-TMPL-2)", str, "none", ("none", *PARTS[:-1])),
        Param("size", "the target ship's size (its parts' wounds)", str, "medium", tuple(s.value for s in Size)),
        Param("hull", "the hull is hit: a stone's centre over it (at the hole's strength), a flame touching its edge", bool, True),
    ),
    picked_by=("template", "under", "hole", "flame-strength", "specialty"),
)


def template_odds(values: Mapping[str, object], effort: Effort, solve: Callable[..., Odds[str]], ships: Callable[[], tuple[str, str]]) -> Odds[str]:
    """The template's hits as :func:`.shooting.template_volley` makes them (the fantasy rules'
    :func:`template_hits`), then the specialty target's hit and the hull's, each through
    :func:`resolve_hits`; the crew's models are those under the template."""
    kind, under = str(values["template"]), int(cast(int, values["under"]))
    t, w, sv = (int(cast(int, values[k])) for k in ("t", "w", "sv"))
    special, size, hull = str(values["specialty"]), Size(str(values["size"])), bool(values["hull"])
    if kind == "stone":
        attack, hole = stone_attacks("Stone thrower")
        hole_used = bool(values["hole"]) and under > 0
        hull_attack = hole
    else:
        attack = Attack("Flame", int(cast(int, values["flame-strength"])), flaming=True, missile=True, template=True)
        hole, hole_used, hull_attack = attack, False, attack
    _, foe = ships()
    st, sw = toughness_and_wounds("hull", size)

    def proc(g: Game, sea: Sea) -> Proc:
        seat = sea.ships[foe].owner
        crew = Unit("Crew", seat, Profile(4, 3, 3, 3, t, w, 3, 1, 7, None if sv >= 7 else sv), max(1, under), boat=foe)
        out: list[str] = []
        if under:
            yield from template_hits(g, None, [(crew, under)], attack, centre=crew if hole_used else None, centre_attack=hole if hole_used else None)
            slain = int(under - crew.models)  # pinned: the outcome's text is made from it
            out.append(f"{slain} slain" if slain else "none slain")
        if special != "none":
            pt, pw = toughness_and_wounds(special, size)
            part = ship_part(f"{foe} {special}", seat, pt, pw, boat=foe)
            yield from resolve_hits(g, None, part, 1, attack)
            lost = int(pw - part.wounds_left)
            out.append(f"{special} -{lost}" if lost else f"{special} unharmed")
        if hull:
            part = ship_part(f"{foe} hull", seat, st, sw, boat=foe)
            yield from resolve_hits(g, None, part, 1, hull_attack)
            lost = int(sw - part.wounds_left)
            out.append(f"hull -{lost}" if lost else "hull unharmed")
        return ", ".join(out) or "nothing under it"

    what = "a stone thrower's template" if kind == "stone" else f"a S{attack.strength} flame"
    return solve(proc, f"{what} over {under} of a crew (T{t}, W{w})", effort, own_pieces=True)
