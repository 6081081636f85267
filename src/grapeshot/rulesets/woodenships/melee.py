"""Hand to hand (WS-MELEE-1, WS-MELEE-2, WS-FIG-4): a figure strikes one enemy it touches.

The blow needs the weapon's number on a D6 (sword and halberd 5-6, the rest 6) and does its
damage (axe and halberd 2, the rest 1).  Only a carried weapon can strike (WS-ARMS-4): a rifle
with its bayonet, a spear held, a bottle or a frying pan as a club; a figure with none cannot
strike.  What helps: a hero's +1 (WS-FIG-2); the gang-up, +1 for the second figure to strike the
same victim in a side's turn, +2 for the third and so on (WS-FIG-4); and wielding two one-handed
weapons, +1 to hit or one more blow with the second (option ``two_weapons``; which weapons are
one-handed: option ``one_handed``, WS-MELEE-2).  Figures in the water neither strike nor are
struck.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Surface, base_gap
from grapeshot.rulesets.woodenships.checks import Mod, attempt, hero, need, reachable
from grapeshot.rulesets.woodenships.data import CONTACT, MeleeWeapon, melee_of
from grapeshot.rulesets.woodenships.pieces import Figure, Weapon
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import wound


def in_contact(shore: Shore, a: Figure, b: Figure) -> bool:
    """Whether two figures out of the water stand base to base (whatever each stands on)."""
    if not (a.alive and b.alive) or a.swimming or b.swimming:
        return False
    return base_gap(shore.base(a), shore.base(b)) <= CONTACT


def _apart(a: Figure, b: Figure) -> bool:
    """Whether a wall or a level's side stands between two figures: one on a fort's place, the
    other not on that same place."""
    assert a.spot is not None and b.spot is not None
    fort = (Surface.WALL_TOP, Surface.FORT_LEVEL)
    return (a.spot.surface in fort or b.spot.surface in fort) and (a.spot.surface, a.spot.ident) != (b.spot.surface, b.spot.ident)


def foes_in_contact(shore: Shore, figure: Figure) -> list[Figure]:
    """The enemies base to base with a figure out of the water (none for a swimmer); a fort's
    walls and levels stand apart: those on one fight only those on the same (WS-FORT-2)."""
    if not figure.alive or figure.swimming:
        return []
    me = shore.base(figure)
    reach = 2.0 * me.radius + CONTACT + 2.0  # a cheap bound first: no base is wider than 2" more than this one
    out = []
    for o in shore.living():
        if o.side == figure.side or o.swimming or _apart(figure, o) or o.name in shore.prisoners:
            continue
        b = shore.base(o)
        if abs(b.x - me.x) <= reach and abs(b.y - me.y) <= reach and base_gap(me, b) <= CONTACT:
            out.append(o)
    return out


def harried_by(shore: Shore, figure: Figure) -> Figure | None:
    """The parrot or falcon holding a figure it attacked while it stays in contact (WS-ANIMAL-3):
    the figure may neither move nor load until the bird leaves or is killed."""
    name = figure.harried_by
    if name is None:
        return None
    bird = shore.figures.get(name)
    if bird is None or not bird.alive or not figure.alive or base_gap(shore.base(bird), shore.base(figure)) > CONTACT:
        return None
    return bird


def engaged(shore: Shore, figure: Figure) -> bool:
    """In hand-to-hand combat: base to base with an enemy (WS-ARMS-3)."""
    return bool(foes_in_contact(shore, figure))


def one_handed(shore: Shore, weapon: Weapon) -> bool:
    profile = melee_of(weapon.kind)
    return profile is not None and profile.one_handed(str(shore.option("one_handed")))


def second_weapon(shore: Shore, figure: Figure, weapon: Weapon) -> Weapon | None:
    """The other one-handed weapon a figure wields beside ``weapon`` (the best of them), if it
    strikes with a one-handed weapon and carries another (WS-MELEE-2)."""
    if not one_handed(shore, weapon):
        return None
    others = [w for w in shore.carried(figure.name) if w is not weapon and one_handed(shore, w)]
    return max(others, key=lambda w: _worth(melee_of(w.kind)), default=None)


def _worth(p: MeleeWeapon | None) -> float:
    return 0.0 if p is None else (7 - p.to_hit) * p.damage


def strike_refused(shore: Shore, figure: Figure, weapon: str | None, target: str | None) -> str | None:
    """Why ``figure`` may not strike ``target`` with ``weapon`` (None: it may)."""
    if figure.swimming:
        return f"{figure.name} is in the water: no hand-to-hand there"
    w = shore.weapons.get(weapon or "")
    if w is None or w.holder != figure.name:
        return f"{figure.name} does not carry {weapon!r}; it carries {[x.name for x in shore.carried(figure.name)]} (WS-ARMS-4)"
    if melee_of(w.kind) is None:
        return f"a {w.kind} is no hand-to-hand weapon"
    foe = shore.figures.get(target or "")
    if foe is None or not foe.alive or foe.side == figure.side:
        return f"{target!r} is no living enemy"
    if not in_contact(shore, figure, foe):
        return f"{figure.name} is not base to base with {foe.name}"
    profile = melee_of(w.kind)
    assert profile is not None
    mods, _ = blow_mods(shore, figure, w, foe.name)
    if not reachable(profile.to_hit, mods, "bonus_only"):
        return f"a {w.kind} in {figure.name}'s hands needs a {need(profile.to_hit, mods)}: out of reach"
    return None


def blow_mods(shore: Shore, figure: Figure, w: Weapon, target: str) -> tuple[list[Mod], Weapon | None]:
    """What helps (or hinders) a blow now: a hero's +1, a monkey's -1 (WS-ANIMAL-1), the gang-up,
    a second one-handed weapon; and that weapon, if any."""
    gang = shore.attacks.get(target, 0)
    mods = hero(figure)
    profile = figure.profile
    if profile is not None and profile.to_hit:
        mods.append(Mod("WS-ANIMAL-1", f"a {profile.title}", profile.to_hit))
    if gang:
        mods.append(Mod("WS-FIG-4", f"gang-up: attacker {gang + 1} on {target}", gang))
    other = second_weapon(shore, figure, w)
    if other is not None and shore.option("two_weapons") == "hit":
        mods.append(Mod("WS-MELEE-2", f"two one-handed weapons ({w.kind} and {other.kind})", 1))
    return mods, other


def strike(g: Game, shore: Shore, figure: Figure, weapon: str, target: str) -> Generator[Prompt, Any, None]:
    """WS-MELEE-1: a figure's blow (or two, with two one-handed weapons and option
    ``two_weapons: attacks``), the gang-up counted once for the figure (WS-FIG-4)."""
    foe = shore.figures[target]
    w = shore.weapons[weapon]
    gang = shore.attacks.get(target, 0)
    mods, other = blow_mods(shore, figure, w, target)
    shore.attacks[target] = gang + 1
    yield from _blow(g, shore, figure, w, foe, mods, gang + 1)
    if other is not None and shore.option("two_weapons") == "attacks" and foe.alive:
        extra = [*mods, Mod("WS-MELEE-2", f"a second blow, with the {other.kind}", 0)]
        yield from _blow(g, shore, figure, other, foe, extra, gang + 1)


def _blow(g: Game, shore: Shore, figure: Figure, w: Weapon, foe: Figure, mods: list[Mod], attacker: int) -> Generator[Prompt, Any, None]:
    profile = melee_of(w.kind)
    assert profile is not None
    out = yield from attempt(g, figure, f"{figure.name} strikes {foe.name} with the {w.kind}", "WS-MELEE-1", profile.to_hit, mods)
    g.emit(
        "strike",
        "WS-MELEE-1",
        figure=figure.name,
        side=figure.side,
        target=foe.name,
        weapon=w.name,
        fights_as=profile.name,
        hit=out.passed,
        need=out.need,
        base=profile.to_hit,
        mods=[m.to_json() for m in mods],
        attacker=attacker,
        damage=profile.damage if out.passed else 0,
    )
    if out.passed:
        wound(g, shore, foe, profile.damage, figure.side, f"struck by {figure.name} with the {w.kind}", "WS-MELEE-1")
