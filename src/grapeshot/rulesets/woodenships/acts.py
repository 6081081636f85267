"""A figure's one action after moving (WS-FIG-3): what it may do, checked by one function that
both the prompt's check and its list of legal answers use, and carrying it out.

The actions: shoot a small arm (:mod:`.shooting`), reload one (WS-ARMS-3), strike in
hand-to-hand (:mod:`.melee`), throw a grapple at a ship within 2" (WS-BOARD-1) or hack at one
with an edged weapon (WS-BOARD-2, :mod:`.grapples`), hurl a barrel of powder (:mod:`.barrels`),
climb aboard a
ship from the water (WS-BOARD-3, :mod:`.boarding`), load, fire or turn a gun (:mod:`.guns`),
a shaman's spell (:mod:`.magic`, WS-MAGIC-1), or nothing.  A boarding party has no action (WS-BOARD-1); a figure in the water may only climb.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Obstruction, base_gap, hull_distance, hull_gap
from grapeshot.rulesets.collisions.ports import SHOOT_SWIMMER
from grapeshot.rulesets.woodenships import animals, barrels, boarding, grapples, guns, hosting, magic, melee, shooting
from grapeshot.rulesets.woodenships.actions import Act
from grapeshot.rulesets.woodenships.checks import reachable
from grapeshot.rulesets.woodenships.data import BOARD_REACH, CLIMB_REACH, SMALL_ARMS, melee_of
from grapeshot.rulesets.woodenships.pieces import Figure
from grapeshot.rulesets.woodenships.reach import within
from grapeshot.rulesets.woodenships.state import Shore


def refused(shore: Shore, figure: Figure, act: Act, obs: Sequence[Obstruction], after_reload: str | None = None) -> str | None:
    """Why ``figure`` may not take this action now (None: it may).  ``after_reload`` names the
    weapon just reloaded, when option ``reload_and_fire`` lets the figure fire another."""
    if act.what == "none":
        return None
    beast = animals.act_refused(shore, figure, act)
    if beast is not None:
        return beast
    if act.what in animals.ANIMAL_ACTS or act.what == "release":
        return None
    if after_reload is not None and (act.what != "shoot" or act.weapon == after_reload):
        return f"having reloaded {after_reload}, {figure.name} may only fire another weapon already loaded (option reload_and_fire)"
    if act.what == "shoot":
        shot = shooting.aim(shore, obs, figure, act.weapon, act.target)
        if isinstance(shot, str):
            return shot
        if shot.target.kept:  # a swimmer the collisions module keeps: the sea is light cover (CG-SWIM-4)
            covered = shooting.covered(shot, hosting.COVER["light"])
            if not reachable(covered.base, covered.mods, str(shore.option("to_hit_seven"))):
                return f"{shot.target.name} swims in the sea's light cover: out of reach at {shot.band} range (CG-SWIM-4)"
        return None
    if act.what == "reload":
        return shooting.reload_refused(shore, figure, act.weapon)
    if act.what == "strike":
        return melee.strike_refused(shore, figure, act.weapon, act.target)
    if act.what == "grapple":
        return boarding.grapple_refused(shore, figure, act.target)
    if act.what == "climb":
        return boarding.climb_refused(shore, figure, act.target)
    if act.what == "cut":
        return grapples.cut_refused(shore, figure, act.weapon, act.target)
    if act.what == "hurl":
        return barrels.refused(shore, obs, figure, act.weapon, act.target)
    if act.what == "load":
        return guns.load_refused(shore, figure, act.weapon)
    if act.what == "turn":
        return guns.turn_refused(shore, figure, act.weapon, act.target)
    if act.what in magic.POWERS:
        return magic.refused(shore, obs, figure, act.what, act.target)
    laid = guns.lay(shore, obs, figure, act.weapon, act.target)
    return laid if isinstance(laid, str) else None


def candidates(shore: Shore, figure: Figure) -> list[Act]:
    """Every action worth asking :func:`refused` about: each loaded small arm at each enemy within
    its range, each empty one reloaded, each hand-to-hand weapon at each enemy it touches, each
    ship within reach to grapple or climb."""
    out = [Act()]
    me = shore.base(figure)
    weapons = shore.carried(figure.name)
    foes = [f for f in shore.living() if f.side != figure.side]
    for w in weapons:
        arm = SMALL_ARMS.get(w.kind)
        if arm is None:
            continue
        if w.loaded:
            out += [Act("shoot", w.name, f.name) for f in foes if within(base_gap(me, shore.base(f)), arm.bands[0])]
        elif not arm.thrown:
            out.append(Act("reload", w.name))
    touching = melee.foes_in_contact(shore, figure)
    for w in weapons:
        if melee_of(w.kind) is not None:
            out += [Act("strike", w.name, f.name) for f in touching]
    own = boarding.ship_under(shore, figure)
    for ship in shore.afloat():
        if own is not None and ship is not own and hull_distance(own.hull, ship.hull) <= BOARD_REACH:
            out.append(Act("grapple", None, ship.name))
        if figure.swimming and hull_gap(me, ship.hull) <= CLIMB_REACH:
            out.append(Act("climb", None, ship.name))
    kegs = barrels.carried(shore, figure)
    if kegs and not figure.swimming:
        out += [Act("hurl", w, t) for t in barrels.targets(shore, figure) for w in kegs]
    if own is not None:
        out += [Act("cut", w, other) for other in sorted(own.grappled) for w in grapples.edged(shore, figure)]
    for gun in guns.guns_near(shore, figure):
        if not gun.loaded:
            out.append(Act("load", gun.name))
        if figure.name in gun.crew:
            near = [t.name for t in guns.targets(shore, gun, figure.side)]
            out += [Act("fire", gun.name, t) for t in near]
            if gun.kind == "cannon" and gun.wheels:
                out += [Act("turn", gun.name, t) for t in near]
    out += [Act(power, None, target) for power, target in magic.candidates(shore, figure)]
    out += animals.candidates(shore, figure)
    return out


def legal(shore: Shore, figure: Figure, obs: Sequence[Obstruction], after_reload: str | None = None) -> list[Act]:
    return [a for a in candidates(shore, figure) if refused(shore, figure, a, obs, after_reload) is None]


def words(shore: Shore, act: Act) -> str:
    """An action as people say it."""
    if act.what == "none":
        return "do nothing"
    if act.what == "shoot":
        return f"shoot {act.target} with {act.weapon}"
    if act.what == "reload":
        return f"reload {act.weapon}"
    if act.what == "strike":
        return f"strike {act.target} with {act.weapon}"
    if act.what == "grapple":
        return f"grapple {act.target}"
    if act.what == "climb":
        return f"climb aboard {act.target}"
    if act.what == "cut":
        return f"cut the grapple to {act.target} with {act.weapon}"
    if act.what == "hurl":
        return f"hurl {act.weapon} at {act.target}"
    if act.what == "load":
        return f"load {act.weapon}"
    if act.what == "turn":
        return f"turn {act.weapon} on {act.target}"
    if act.what == "lightning":
        return f"call lightning down on {act.target}"
    if act.what == "repel":
        return "repel the enemy's figures"
    if act.what == "repel-ship":
        return f"repel {act.target}"
    if act.what in ("bite", "breath", "harry"):
        return f"{act.what} {act.target}"
    if act.what == "release":
        return f"let {act.target} out of its cage"
    return f"fire {act.weapon} at {act.target}"


def resolve(g: Game, shore: Shore, figure: Figure, act: Act, obs: Sequence[Obstruction]) -> Generator[Prompt, Any, None]:
    """Carry out a checked action."""
    if act.what == "none":
        return
    assert act.target is not None or act.what in ("reload", "load", "repel")
    if act.what == "shoot":
        shot = shooting.aim(shore, obs, figure, act.weapon, act.target)
        assert not isinstance(shot, str)
        if shot.target.kept:
            yield from hosting.call(g, SHOOT_SWIMMER, figure.name, shot.target.name, shot.weapon.name)
        else:
            yield from shooting.shoot(g, shore, figure, shot)
    elif act.what == "reload":
        assert act.weapon is not None
        shooting.reload(g, shore, figure, act.weapon)
    elif act.what == "strike":
        assert act.weapon is not None and act.target is not None
        yield from melee.strike(g, shore, figure, act.weapon, act.target)
    elif act.what == "grapple":
        assert act.target is not None
        yield from boarding.grapple(g, shore, figure, act.target)
    elif act.what == "climb":
        assert act.target is not None
        yield from boarding.climb(g, shore, figure, act.target)
    elif act.what == "cut":
        assert act.weapon is not None and act.target is not None
        yield from grapples.cut(g, shore, figure, act.weapon, act.target)
    elif act.what == "hurl":
        assert act.weapon is not None and act.target is not None
        yield from barrels.hurl(g, shore, figure, act.weapon, act.target)
    elif act.what == "load":
        assert act.weapon is not None
        guns.load(g, shore, figure, act.weapon)
    elif act.what == "turn":
        assert act.weapon is not None and act.target is not None
        guns.turn(g, shore, figure, act.weapon, act.target)
    elif act.what in magic.POWERS:
        yield from magic.cast(g, shore, obs, figure, act.what, act.target)
    elif act.what in animals.ANIMAL_ACTS:
        assert act.target is not None
        yield from animals.attack(g, shore, figure, act.what, act.target)
    elif act.what == "release":
        assert act.target is not None
        animals.release(g, shore, figure, act.target)
    else:
        laid = guns.lay(shore, obs, figure, act.weapon, act.target)
        assert not isinstance(laid, str)
        yield from guns.fire(g, shore, figure, laid)
