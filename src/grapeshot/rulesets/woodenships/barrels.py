"""Barrels of powder (a ruling: WS-RULING-1 names barrels among the drafted weapons and gives them
no rule).

A barrel is drafted from the pile like any weapon (WS-SETUP-1), carried by a figure or stowed
aboard and picked up on the way (WS-ARMS-4).  It is a powder keg with a short fuse: as its
action a figure out of the water may hurl one it carries (not one picked up this turn) at an
enemy figure it sees, or at an enemy ship, within :data:`~.data.BARREL_RANGE` (6", base to base or
base to hull).  The throw needs :data:`~.data.BARREL_ROLL` (4+, the short-range column of the
small arms), a hero's +1 counting (WS-FIG-2).  A hit bursts on the target for a D6, as a
cannon's damage (WS-GUN-3): wounds to a figure, points off a ship.  Either way the barrel is
spent: a miss goes over the side and is lost.  A barrel is no hand-to-hand weapon.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Obstruction, base_gap, hull_gap
from grapeshot.rulesets.woodenships.checks import attempt, hero
from grapeshot.rulesets.woodenships.data import BARREL, BARREL_RANGE, BARREL_ROLL
from grapeshot.rulesets.woodenships.guns import harm_target
from grapeshot.rulesets.woodenships.pieces import Figure, Ship
from grapeshot.rulesets.woodenships.places import sees
from grapeshot.rulesets.woodenships.reach import within
from grapeshot.rulesets.woodenships.state import Shore

RULE = "WS-RULING-1"


def carried(shore: Shore, figure: Figure) -> list[str]:
    """The barrels a figure carries (by name)."""
    return [w.name for w in shore.carried(figure.name) if w.kind == BARREL]


def reach(shore: Shore, figure: Figure, target: Figure | Ship) -> float:
    """How far a target is from the thrower: base to base, or base to hull."""
    me = shore.base(figure)
    if isinstance(target, Ship):
        return max(0.0, hull_gap(me, target.hull))
    return max(0.0, base_gap(me, shore.base(target)))


def targets(shore: Shore, figure: Figure) -> list[str]:
    """The enemy figures and ships within a throw of a figure (whether it may throw is :func:`refused`'s to say)."""
    out: list[str] = [f.name for f in shore.living() if f.side != figure.side and within(reach(shore, figure, f), BARREL_RANGE)]
    out += [s.name for s in shore.afloat() if s.side != figure.side and within(reach(shore, figure, s), BARREL_RANGE)]
    return out


def _target(shore: Shore, name: str | None) -> Figure | Ship | None:
    if name in shore.figures:
        return shore.figures[name]
    return shore.ships.get(name or "")


def refused(shore: Shore, obs: Sequence[Obstruction], figure: Figure, weapon: str | None, target: str | None) -> str | None:
    """Why ``figure`` may not hurl the barrel ``weapon`` at ``target`` (None: it may)."""
    if figure.swimming:
        return f"{figure.name} is in the water: no barrels thrown from there"
    w = shore.weapons.get(weapon or "")
    if w is None or w.holder != figure.name or w.kind != BARREL:
        return f"{figure.name} carries no barrel {weapon!r}"
    if w.picked == shore.serial:
        return f"{w.name} was picked up this turn and cannot be thrown until the next (WS-ARMS-4)"
    foe = _target(shore, target)
    if foe is None or (isinstance(foe, Figure) and not foe.alive) or (isinstance(foe, Ship) and not foe.afloat) or foe.side == figure.side:
        return f"{target!r} is no enemy figure or ship"
    gap = reach(shore, figure, foe)
    if not within(gap, BARREL_RANGE):
        return f'{foe.name} is {gap:.2f}" away: a barrel is thrown at most {BARREL_RANGE:g}"'
    if isinstance(foe, Figure):
        blocked = sees(shore, obs, figure, foe)
        if blocked is not None:
            return f"{figure.name} cannot see {foe.name}: {blocked} is in the way"
    return None


def hurl(g: Game, shore: Shore, figure: Figure, weapon: str, target: str) -> Generator[Prompt, Any, None]:
    """The barrel is thrown: 4+ (a hero 3+) and it bursts on the target for a D6; it is spent."""
    foe = _target(shore, target)
    assert foe is not None
    w = shore.weapons[weapon]
    mods = hero(figure)
    out = yield from attempt(g, figure, f"{figure.name} hurls {w.name} at {foe.name}", RULE, BARREL_ROLL, mods)
    harm = 0
    if out.passed:
        r = yield from g.roll(RollRequest(D6, f"{w.name} bursts on {foe.name}", RULE, figure.side, figure.name, "high"))
        harm = r.total
    w.holder, w.spot, w.loaded = None, None, False
    g.emit(
        "hurl",
        RULE,
        figure=figure.name,
        side=figure.side,
        weapon=w.name,
        target=foe.name,
        aimed_at="ship" if isinstance(foe, Ship) else "figure",
        range=round(reach(shore, figure, foe), 4),
        need=out.need,
        mods=[m.to_json() for m in mods],
        hit=out.passed,
        damage=harm,
    )
    if not out.passed:
        return
    yield from harm_target(g, shore, foe, harm, figure.side, f"{w.name}, hurled by {figure.name}", RULE)
