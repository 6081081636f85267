"""The GW-dice variant of the ships' guns (WS-GUN-10; option ``gun_dice: gw``).

Cannons and swivel guns are fired with the artillery die and the scatter ("arrow") die thrown
together, and do their damage with sustained-fire dice; the mounted rifle keeps its D6 row.

* **To hit.** The throw is a hit when the scatter die shows its hit symbol and the artillery die
  a number; hit and misfire: the load explodes in the gun, and the damage is rolled against the
  firing gun itself; a misfire with an arrow: a dud; an arrow with a number: a miss, which lands
  that many inches from the target the way the arrow points (logged for the table; it falls in
  the water and harms nothing).
* **"rr"** (the ruling the text leaves open). Each row gives the firer a number of re-rolls of
  the throw by range (cannon 54"/0, 36"/1, 18"/2, 9"/3, 6"/4; swivel 36"/0, 18"/1, 12"/2, 6"/3,
  within 2"/4).  Option ``gw_reroll``: ``die`` (the default) re-rolls one die of the firer's
  choice each time (the arrow die to find the hit, the artillery die off a misfire), ``whole``
  throws both again; the last throw stands, and the firer may stop at any time.  The D6 rows'
  modifiers become re-rolls: a cannon's -1 against men, cannons and boats (WS-GUN-6) one fewer,
  a hero's +1 on a swivel (WS-FIG-2) one more, never fewer than none.
* **Damage.** A cannon rolls two sustained-fire dice, a swivel one, against men and structures
  alike; the numbers shown are the damage, dealt as the D6 row's would be (wounds, a ship's
  points, a gun's hit points by WS-GUN-7/8).  Each die that shows its symbol face (the jam face
  of :mod:`grapeshot.dice`, read as the lightning bolt) is a critical hit: one D6 more, against
  one location of the target.  Against a ship the location is option ``gw_critical``: ``hull``
  (the default: a row of its damage track, its points) or ``gun`` (the working gun aboard her
  nearest the firing gun, the hull if she has none); against a figure or a gun, that target.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from grapeshot.core.actions import Reroll
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, SCATTER_ARTILLERY, RerollGrant, Roll, RollRequest, sustained
from grapeshot.rulesets.woodenships.data import GUNS
from grapeshot.rulesets.woodenships.guns import Laid, aim_point, harm_target, hit_gun, standing
from grapeshot.rulesets.woodenships.pieces import Figure, Gun, Ship
from grapeshot.rulesets.woodenships.reach import within
from grapeshot.rulesets.woodenships.state import Shore

RULE = "WS-GUN-10"


def rerolls(kind: str, gap: float, mods: int) -> int | None:
    """The re-rolls ("rr") a gun's GW row gives at this range, less what the D6 row's modifiers
    take (their sum: -1 one fewer, +1 one more); None: out of the row's range."""
    row = GUNS[kind].gw_bands
    for edge, rr in reversed(row):
        if within(gap, edge):
            return max(0, rr + mods)
    return None


def _sf(kind: str) -> int:
    text = GUNS[kind].gw_damage
    assert text is not None
    return int(text[:-2] or "1")


def grant(shore: Shore, request: RollRequest, roll: Roll) -> RerollGrant | None:
    """The firer's next re-roll of a GW throw that is not a clean hit, while he has any left
    (the ruleset's hook)."""
    if request.rule != RULE or request.expr != SCATTER_ARTILLERY or shore.gw_rerolls <= 0 or request.seat is None or outcome(roll) == "hit":
        return None
    return RerollGrant(request.seat, RULE, whole=shore.option("gw_reroll") == "whole")


def spend(shore: Shore, request: RollRequest) -> None:
    """A re-roll of the throw was taken."""
    if request.rule == RULE:
        shore.gw_rerolls -= 1


def outcome(roll: Roll) -> str:
    """What a throw came to: ``hit``, ``explodes``, ``dud`` or ``miss``."""
    if roll.misfire:
        return "explodes" if roll.is_hit else "dud"
    return "hit" if roll.is_hit else "miss"


def fire(g: Game, shore: Shore, figure: Figure, laid: Laid) -> Generator[Prompt, Any, None]:
    """A cannon or swivel fired with the GW dice: the throw and its re-rolls, then the
    sustained-fire damage and its critical hits, or the load exploding in the gun."""
    gun, target = laid.gun, laid.target
    name = target.name
    mods = sum(m.value for m in laid.mods)
    roll, result, rr = yield from throw(g, shore, figure, gun, name, laid.gap, mods)
    gun.loaded = False
    gun.fired = shore.serial
    harm, crits = 0, 0
    if result in ("hit", "explodes"):
        harm, crits = yield from damage(g, figure, gun, gun.name if result == "explodes" else name)
    at = aim_point(shore, gun, target)
    g.emit(
        "gw-fire",
        RULE,
        figure=figure.name,
        side=figure.side,
        gun=gun.name,
        arm=gun.kind,
        target=name,
        range=round(laid.gap, 4),
        rerolls=rr,
        mods=[m.to_json() for m in laid.mods],
        faces=list(roll.faces),
        outcome=result,
        landed=miss_point(shore, roll, (at.x, at.y)) if result == "miss" else None,
        damage=harm,
        criticals=crits,
    )
    cause = f"{gun.name}, fired by {figure.name}"
    if result == "explodes":
        yield from hit_gun(g, shore, gun, harm, None, f"{gun.name}'s load exploded")
        return
    if result != "hit":
        return
    if harm:
        yield from harm_target(g, shore, target, harm, figure.side, cause, RULE)
    for n in range(1, crits + 1):
        extra = yield from critical_roll(g, figure, gun, n)
        where = target
        if isinstance(target, Ship):
            where = critical_gun(shore, gun, target) or target
        alive = standing(shore, where)
        g.emit("gw-critical", RULE, gun=gun.name, target=name, at=where.name, damage=extra, n=n)
        if alive:
            yield from harm_target(g, shore, where, extra, figure.side, f"{cause}: a critical hit", RULE)


def throw(g: Game, shore: Shore, figure: Figure, gun: Gun, target: str, gap: float, mods: int) -> Generator[Prompt, Any, tuple[Roll, str, int]]:
    """The to-hit throw with its re-rolls: the roll that stands, what it came to, the rr given."""
    rr = rerolls(gun.kind, gap, mods)
    assert rr is not None
    shore.gw_rerolls = rr
    try:
        roll = yield from g.roll(
            RollRequest(SCATTER_ARTILLERY, f"{figure.name} fires {gun.name} at {target} (GW dice, {rr}rr)", RULE, figure.side, figure.name, "hit")
        )
    finally:
        shore.gw_rerolls = 0
    return roll, outcome(roll), rr


def damage(g: Game, figure: Figure, gun: Gun, against: str) -> Generator[Prompt, Any, tuple[int, int]]:
    """The sustained-fire dice's damage and the number of critical hits."""
    r = yield from g.roll(RollRequest(sustained(_sf(gun.kind)), f"{gun.name}'s damage to {against}", RULE, figure.side, figure.name, "high"))
    return r.total, r.jams


def critical_roll(g: Game, figure: Figure, gun: Gun, n: int) -> Generator[Prompt, Any, int]:
    r = yield from g.roll(RollRequest(D6, f"{gun.name}'s critical hit {n}", RULE, figure.side, figure.name, "high"))
    return int(r.total)


def critical_gun(shore: Shore, firing: Gun, ship: Ship) -> Gun | None:
    """Where a critical hit on a ship falls with option ``gw_critical: gun``: her working gun
    nearest the firing gun (None: the hull)."""
    if shore.option("gw_critical") != "gun":
        return None
    p = shore.gun_point(firing)
    aboard = shore.guns_on(ship.name)
    return min(aboard, key=lambda x: (math.dist(shore.gun_point(x), p), x.name), default=None)


def wanted(prompt_rule: str | None, roll: Roll | None, whole: bool) -> Reroll:
    """A player's answer to a GW throw's re-roll: again until it is a clean hit (the arrow die
    while it shows an arrow, then the artillery die off a misfire); keep anything else."""
    if prompt_rule != RULE or roll is None or outcome(roll) == "hit":
        return Reroll()
    if whole:
        return Reroll(whole=True)
    return Reroll(0 if not roll.is_hit else 1)


def miss_point(shore: Shore, roll: Roll, at: tuple[float, float]) -> list[float] | None:
    """Where a missed shot lands: the artillery die's inches along the arrow from the target."""
    if roll.direction is None:
        return None
    d = math.radians(roll.direction)
    return [round(at[0] + roll.total * math.cos(d), 4), round(at[1] + roll.total * math.sin(d), 4)]
