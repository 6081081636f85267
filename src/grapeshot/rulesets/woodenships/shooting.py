"""Small arms: shooting by range band, and reloading (WS-ARMS-1..4).

Range is measured from base edge to base edge and falls in a band of the weapon's row: within
2" the table's last column (a pistol hits on 3+, the others not at all), then short (4+),
medium (5+), long (6) and extreme ("7": out of reach unless a hero's +1 brings it to a 6, or with
option ``to_hit_seven: six_then_four`` a 6 and then a 4+, WS-ARMS-2).  The shooter must see its
target's head (:func:`~.places.sees`), carry the weapon loaded (WS-ARMS-4) and not have picked
it up this turn.  A shot spends the load: a thrown spear lands at the target's feet (and sinks if
the target swims).  Reloading is a figure's action when it has not moved this turn and is not in
hand-to-hand (WS-ARMS-3); with option ``reload_and_fire`` it may then fire another weapon that
was loaded already.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Obstruction, Surface, base_gap
from grapeshot.rulesets.woodenships.checks import Mod, attempt, hero, reachable
from grapeshot.rulesets.woodenships.data import BANDS, CLOSE, SMALL_ARMS, SmallArm
from grapeshot.rulesets.woodenships.melee import engaged, harried_by
from grapeshot.rulesets.woodenships.pieces import Figure, Weapon
from grapeshot.rulesets.woodenships.places import sees
from grapeshot.rulesets.woodenships.reach import under_close, within
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import wound


def rule_of(arm: SmallArm) -> str:
    """The rule of a weapon's row: rifles, crossbows and bows (WS-ARMS-1), pistols and spears (WS-ARMS-2)."""
    return "WS-ARMS-2" if arm.name in ("pistol", "spear") else "WS-ARMS-1"


def band_of(arm: SmallArm, gap: float) -> tuple[str, int | None] | None:
    """The band a range falls in and the roll it needs there (None: no hit so close); None
    beyond extreme range."""
    if under_close(gap):
        return "close", arm.close
    for name, edge, need in zip(reversed(BANDS), reversed(arm.bands), reversed(arm.to_hit), strict=True):
        if within(gap, edge):
            return name, need
    return None


@dataclass(frozen=True, slots=True)
class Shot:
    """A shot that may be taken: the weapon, its row, the target, the range, the band and roll."""

    weapon: Weapon
    arm: SmallArm
    target: Figure
    gap: float
    band: str
    base: int
    mods: tuple[Mod, ...]


def aim(shore: Shore, obs: Sequence[Obstruction], figure: Figure, weapon: str | None, target: str | None) -> Shot | str:
    """The shot ``figure`` would take with ``weapon`` at ``target``, or why it may not."""
    if figure.swimming:
        return f"{figure.name} is in the water: its powder is wet and its hands are full"
    w = shore.weapons.get(weapon or "")
    if w is None or w.holder != figure.name:
        return f"{figure.name} does not carry {weapon!r} (WS-ARMS-4)"
    arm = SMALL_ARMS.get(w.kind)
    if arm is None:
        return f"a {w.kind} shoots nothing"
    if not w.loaded:
        return f"{w.name} is not loaded (WS-ARMS-3)"
    if w.picked == shore.serial:
        return f"{w.name} was picked up this turn and cannot be fired until the next (WS-ARMS-4)"
    foe = shore.figures.get(target or "")
    if foe is None or not foe.alive or foe.side == figure.side:
        return f"{target!r} is no living enemy"
    gap = max(0.0, base_gap(shore.base(figure), shore.base(foe)))
    band = band_of(arm, gap)
    if band is None:
        return f'{foe.name} is {gap:.2f}" away, beyond a {arm.name}\'s {arm.bands[0]:g}"'
    name, need = band
    if need is None:
        return f'{foe.name} is {gap:.2f}" away: a {arm.name} cannot hit within {CLOSE:g}"'
    mods = tuple(hero(figure))
    if not reachable(need, mods, str(shore.option("to_hit_seven"))):
        return f'{foe.name} is at {name} range ({gap:.2f}"): a {need} is needed, out of reach (WS-ARMS-2)'
    blocked = sees(shore, obs, figure, foe)
    if blocked is not None:
        return f"{figure.name} cannot see {foe.name}: {blocked} is in the way"
    return Shot(w, arm, foe, gap, name, need, mods)


def covered(shot: Shot, steps: int) -> Shot:
    """The shot with its target in cover: ``steps`` harder to hit (the sea round a swimmer is
    light cover, one step, CG-SWIM-4 on the collisions module's host)."""
    if not steps:
        return shot
    return replace(shot, mods=(*shot.mods, Mod("CG-SWIM-4", "the target is in cover", -steps)))


def shoot(g: Game, shore: Shore, figure: Figure, shot: Shot) -> Generator[Prompt, Any, None]:
    """Fire: a D6 against the band's number (the "7" as option ``to_hit_seven`` says), 1 point
    of damage on a hit; the weapon is empty after (a spear is gone, to the target's feet)."""
    rule = rule_of(shot.arm)
    foe = shot.target
    out = yield from attempt(g, figure, f"{figure.name} fires the {shot.arm.name} at {foe.name}", rule, shot.base, shot.mods, str(shore.option("to_hit_seven")))
    w = shot.weapon
    landed = None
    if shot.arm.thrown:
        assert foe.spot is not None
        w.holder = None
        w.spot = None if foe.spot.surface is Surface.WATER else foe.spot
        landed = "lost" if w.spot is None else foe.spot.ident
    else:
        w.loaded = False
    g.emit(
        "shot",
        rule,
        figure=figure.name,
        side=figure.side,
        target=foe.name,
        weapon=w.name,
        arm=shot.arm.name,
        range=round(shot.gap, 4),
        band=shot.band,
        base=shot.base,
        need=out.need,
        mods=[m.to_json() for m in shot.mods],
        faces=list(out.faces),
        hit=out.passed,
        thrown_to=landed,
    )
    if out.passed:
        wound(g, shore, foe, shot.arm.damage, figure.side, f"shot by {figure.name} with the {shot.arm.name}", rule)


def reload_refused(shore: Shore, figure: Figure, weapon: str | None) -> str | None:
    """Why ``figure`` may not reload ``weapon`` now (WS-ARMS-3)."""
    w = shore.weapons.get(weapon or "")
    if w is None or w.holder != figure.name:
        return f"{figure.name} does not carry {weapon!r}"
    arm = SMALL_ARMS.get(w.kind)
    if arm is None or arm.thrown:
        return f"a {w.kind} is not reloaded"
    if w.loaded:
        return f"{w.name} is loaded already"
    if figure.moved == shore.serial:
        return f"{figure.name} moved this turn: only a figure that stands still reloads (WS-ARMS-3)"
    if figure.swimming:
        return f"{figure.name} cannot reload in the water"
    holder = harried_by(shore, figure)
    if holder is not None:
        return f"{figure.name} is held by {holder.name} and cannot load (WS-ANIMAL-3)"
    if engaged(shore, figure):
        return f"{figure.name} is in hand-to-hand combat and cannot reload (WS-ARMS-3)"
    return None


def reload(g: Game, shore: Shore, figure: Figure, weapon: str) -> None:
    """WS-ARMS-3: the weapon is loaded again."""
    shore.weapons[weapon].loaded = True
    g.emit("reload", "WS-ARMS-3", figure=figure.name, side=figure.side, weapon=weapon)
