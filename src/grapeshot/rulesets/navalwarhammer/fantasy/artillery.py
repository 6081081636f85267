"""War machines: cannons, bolt throwers and stone throwers, guessed ranges and misfires.

The three generic war machines of the naval supplement, as :class:`Engine` data:

* a **cannon** (FB-CANNON-1) fires along a line.  At sea its crew guesses the range before
  rolling (NW-CANNON-1); within 12" of a ship they place the aim point instead (point blank,
  NW-CANNON-3).  The artillery die says how far beyond the aim point the ball first lands (a
  misfire: the black-powder misfire chart), a second artillery die how far it then bounces (a
  misfire: it stops dead).  Every figure at the landing point and under the bounce takes an
  S10 hit that causes D6 wounds and allows no armour save.  A model that survives its hit
  stops the ball; a ship part stops it only when its to-wound roll is a 1 (NW-CANNON-1).
  Balls bounce on water and land alike.
* a **bolt thrower** (FB-BOLT-1) hits by its crew's BS; the bolt strikes one figure after
  another along its line at S6, one less for each figure after the first, D3 wounds, no armour
  save, and stops at the first it fails to slay, or at a ship part (it lodges in the timber).
* a **stone thrower** (FB-STONE-1) guesses its range, then throws the scatter and artillery dice
  together: a hit lands on the guessed point, an arrow moves it the artillery die's inches that
  way, a misfire goes to the torsion misfire chart.  The large template hits everything it
  touches at S3; the figure under the hole takes S9 and D6 wounds instead.

Which figures lie on a line or under a template is the table's (:mod:`.templates`); the
procedures here take them as spans of distance along the line (:class:`InPath`) or as units
with how many of their models the template touches.
"""

from __future__ import annotations

import copy
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import ARTILLERY, D3, D6, SCATTER_ARTILLERY, DiceExpr, RollRequest
from grapeshot.geometry import Blast, Vec
from grapeshot.rulesets.navalwarhammer.fantasy.charts import Modifier, shooting_needed, split_needed
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, Damage, resolve_hits
from grapeshot.rulesets.navalwarhammer.fantasy.templates import LARGE_ROUND, scatter_point
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit

EngineKind = Literal["cannon", "bolt thrower", "stone thrower"]


class Misfire(str, Enum):
    """FB-ART-2: what a misfire does to a war machine."""

    DESTROYED = "destroyed"
    DISABLED = "disabled"  # no shot this turn nor the next
    NO_SHOT = "no shot"  # no shot this turn
    CREW_SLAIN = "crewman slain"  # one of its crew is slain, and no shot this turn


#: FB-ART-2: the misfire charts (D6): black powder (cannons), torsion (stone throwers)
MISFIRE_CHARTS: dict[str, dict[int, Misfire]] = {
    "black powder": {1: Misfire.DESTROYED, 2: Misfire.DESTROYED, 3: Misfire.DISABLED, 4: Misfire.DISABLED, 5: Misfire.NO_SHOT, 6: Misfire.NO_SHOT},
    "torsion": {1: Misfire.DESTROYED, 2: Misfire.CREW_SLAIN, 3: Misfire.CREW_SLAIN, 4: Misfire.NO_SHOT, 5: Misfire.NO_SHOT, 6: Misfire.NO_SHOT},
}

#: NW-CANNON-3: within this range of a ship a cannon places its shot instead of guessing
POINT_BLANK = 12.0


@dataclass(frozen=True, slots=True)
class Engine:
    """A war machine's shooting profile: its range (inches), the strength and wounds of a hit,
    for a stone thrower the strength and wounds under the template's hole, and its misfire chart."""

    name: str
    kind: EngineKind
    min_range: int
    max_range: int
    strength: int
    wounds: DiceExpr | int
    centre_strength: int = 0
    centre_wounds: DiceExpr | int = 1
    misfires: str | None = None


CANNON = Engine("cannon", "cannon", 0, 48, 10, D6, misfires="black powder")
BOLT_THROWER = Engine("bolt thrower", "bolt thrower", 0, 48, 6, D3)
STONE_THROWER = Engine("stone thrower", "stone thrower", 12, 60, 3, 1, centre_strength=9, centre_wounds=D6, misfires="torsion")
ENGINES: dict[EngineKind, Engine] = {e.kind: e for e in (CANNON, BOLT_THROWER, STONE_THROWER)}


def point_blank(range_to_ship: float) -> bool:
    """NW-CANNON-3: a cannon shooting at a ship (or any part of one) within 12" places its shot
    instead of guessing; it still rolls the artillery die for a misfire and the overshoot."""
    return range_to_ship <= POINT_BLANK


def check_guess(engine: Engine, guess: float) -> None:
    """FB-ART-1: a guessed range must lie within the engine's range; raises ValueError naming it."""
    if not engine.min_range <= guess <= engine.max_range:
        raise ValueError(f'a {engine.name} may aim from {engine.min_range}" to {engine.max_range}", not {guess:g}"')


def misfire(g: Game, machine: str, seat: str | None, chart: str) -> Generator[Prompt, Any, Misfire]:
    """FB-ART-2: a D6 on the machine's misfire chart."""
    r = yield from g.roll(RollRequest(D6, f"{machine}: {chart} misfire chart", "FB-ART-2", seat, machine, "high"))
    result = MISFIRE_CHARTS[chart][int(r.total)]
    g.emit("misfire", "FB-ART-2", machine=machine, chart=chart, roll=r.total, result=result.value)
    return result


@dataclass(frozen=True)
class InPath:
    """A figure a shot may pass over: the stretch of the line over it (inches from the gun)
    and the unit it belongs to (one model of it)."""

    start: float
    end: float
    unit: Unit


@dataclass(frozen=True)
class CannonShot:
    """What a cannon shot did: where the ball landed and bounced to, what stopped it, the hits."""

    gun: str
    aim: float
    point_blank: bool
    misfire: Misfire | None = None
    landing: float | None = None
    bounce: int | None = None
    end: float | None = None
    stopped_by: str | None = None
    hits: tuple[Damage, ...] = ()


def cannon_shot(
    g: Game,
    gun: str,
    seat: str | None,
    aim: float,
    path: Sequence[InPath],
    *,
    point_blank: bool = False,
    engine: Engine = CANNON,
    stops_on_survivor: bool = True,
) -> Generator[Prompt, Any, CannonShot]:
    """FB-CANNON-1, NW-CANNON-1, NW-CANNON-3: one cannon shot aimed ``aim`` inches along its line
    (a guess, or with ``point_blank`` the placed point), through the figures of ``path``.
    ``stops_on_survivor`` False lets the ball run on past a model it fails to slay (the
    ``cannon_stops`` option of docs/rulings.md)."""
    check_guess(engine, aim)
    how = "placed" if point_blank else "guessed"
    r = yield from g.roll(RollRequest(ARTILLERY, f'{gun}: where the ball lands beyond the {how} {aim:.1f}"', "FB-CANNON-1", seat, gun, None))
    if r.misfire:
        m = yield from misfire(g, gun, seat, engine.misfires or "black powder")
        g.emit("cannonball", "NW-CANNON-1", gun=gun, aim=aim, point_blank=point_blank, misfire=m.value)
        return CannonShot(gun, aim, point_blank, misfire=m)
    landing = aim + r.total
    b = yield from g.roll(RollRequest(ARTILLERY, f"{gun}: how far the ball bounces", "FB-CANNON-1", seat, gun, None))
    bounce = 0 if b.misfire else b.total
    end = landing + bounce
    hits: list[Damage] = []
    stopped: str | None = None
    attack = Attack(gun, engine.strength, no_armour=True, wounds=engine.wounds, missile=True)
    struck: dict[int, tuple[int, int]] = {}
    for p in sorted(path, key=lambda p: p.start):
        if p.end < landing or p.start > end or not p.unit.alive:
            continue
        before = struck.get(id(p.unit)) if p.unit.part else None
        if before is None:
            struck[id(p.unit)] = (p.unit.models, p.unit.wounded)
            dmg = yield from resolve_hits(g, seat, p.unit, 1, attack)
        else:
            dmg = yield from hit_again(g, seat, p.unit, before, attack)
        hits.append(dmg)
        if p.unit.part:
            if dmg.wound_ones:  # NW-CANNON-1: only a 1 to wound stops the ball in a ship part
                stopped = p.unit.name
                end = min(end, p.end)
                break
        elif dmg.slain == 0 and stops_on_survivor:
            stopped = p.unit.name
            end = min(end, p.end)
            break
    g.emit(
        "cannonball",
        "NW-CANNON-1",
        gun=gun,
        aim=aim,
        point_blank=point_blank,
        landing=landing,
        bounce=bounce,
        bounce_misfire=bool(b.misfire),
        end=end,
        stopped_by=stopped,
        hit=[d.target for d in hits],
    )
    return CannonShot(gun, aim, point_blank, None, landing, bounce, end, stopped, tuple(hits))


def hit_again(g: Game, seat: str | None, target: Unit, before: tuple[int, int], attack: Attack) -> Generator[Prompt, Any, Damage]:
    """NW-SHOOT-2: a specialty target (a ship part) struck a second time by the same missile: the
    second hit is resolved on the part as it stood before the first, and only the result that did
    the most damage counts."""
    twin = copy.copy(target)
    twin.models, twin.wounded = before
    dmg = yield from resolve_hits(g, seat, twin, 1, attack)
    second = twin.wounds_left < target.wounds_left
    if second:
        target.models, target.wounded = twin.models, twin.wounded
    g.emit("hit-twice", "NW-SHOOT-2", target=target.name, source=attack.source, kept="second" if second else "first", wounds_left=target.wounds_left)
    return dmg


@dataclass(frozen=True)
class BoltShot:
    """What a bolt did: whether it hit, and the figures it struck, in order."""

    gun: str
    needed: int
    hit: bool
    hits: tuple[Damage, ...] = ()
    stopped_by: str | None = None


def bolt_shot(
    g: Game,
    gun: str,
    crew: Unit,
    path: Sequence[InPath],
    *,
    modifiers: Sequence[Modifier] = (),
    engine: Engine = BOLT_THROWER,
) -> Generator[Prompt, Any, BoltShot]:
    """FB-BOLT-1: a bolt thrower fired by ``crew`` (its BS, with ``modifiers``) along ``path``,
    whose first figure is the target."""
    bs = crew.profile.bs
    need = shooting_needed(bs, modifiers)
    split = split_needed(need)
    hit = False
    if split is not None:
        first, then = split
        r = yield from g.roll(RollRequest(D6, f"{gun}: to hit (BS{bs}, {need}+)", "FB-BOLT-1", crew.seat, gun, "high", first))
        hit = r.total >= first
        if hit and then is not None:
            r2 = yield from g.roll(RollRequest(D6, f"{gun}: the 6 rolls again ({then}+) to hit", "FB-BOLT-1", crew.seat, gun, "high", then))
            hit = r2.total >= then
    hits: list[Damage] = []
    stopped: str | None = None
    if hit:
        for k, p in enumerate(q for q in sorted(path, key=lambda p: p.start) if q.unit.alive):
            strength = engine.strength - k
            if strength < 1:
                break
            dmg = yield from resolve_hits(g, crew.seat, p.unit, 1, Attack(gun, strength, no_armour=True, wounds=engine.wounds, missile=True))
            hits.append(dmg)
            if p.unit.part or dmg.slain == 0:
                stopped = p.unit.name
                break
    g.emit(
        "bolt", "FB-BOLT-1", gun=gun, bs=bs, modifiers=[m.name for m in modifiers], needed=need, hit=hit, struck=[d.target for d in hits], stopped_by=stopped
    )
    return BoltShot(gun, need, hit, tuple(hits), stopped)


@dataclass(frozen=True)
class StoneLanding:
    """Where a stone came down (None after a misfire), how far it scattered, the template."""

    gun: str
    aim: Vec
    point: Vec | None
    scattered: int
    template: Blast | None
    misfire: Misfire | None = None


def stone_shot(g: Game, gun: str, seat: str | None, aim: Vec, guess: float, *, engine: Engine = STONE_THROWER) -> Generator[Prompt, Any, StoneLanding]:
    """FB-STONE-1: a stone thrower aimed at ``aim``, ``guess`` inches from it (the range it
    guessed): the scatter and artillery dice together say where it lands, or that it misfired."""
    check_guess(engine, guess)
    r = yield from g.roll(RollRequest(SCATTER_ARTILLERY, f"{gun}: where the stone lands", "FB-STONE-1", seat, gun, "hit"))
    if r.misfire:
        m = yield from misfire(g, gun, seat, engine.misfires or "torsion")
        g.emit("stone-lands", "FB-STONE-1", gun=gun, aim=[aim.x, aim.y], guess=guess, misfire=m.value)
        return StoneLanding(gun, aim, None, 0, None, m)
    moved = 0 if r.is_hit else int(r.total)
    point = scatter_point(aim, r.direction, moved)
    g.emit("stone-lands", "FB-STONE-1", gun=gun, aim=[aim.x, aim.y], guess=guess, hit=r.is_hit, direction=r.direction, scattered=moved, at=[point.x, point.y])
    return StoneLanding(gun, aim, point, moved, Blast(point.x, point.y, LARGE_ROUND))


def template_hits(
    g: Game,
    seat: str | None,
    under: Sequence[tuple[Unit, int]],
    attack: Attack,
    *,
    centre: Unit | None = None,
    centre_attack: Attack | None = None,
) -> Generator[Prompt, Any, list[Damage]]:
    """FB-TMPL-1: a template's hits: each unit in ``under`` takes one hit per model the
    template touches; the model under the hole (one of ``centre``'s) takes ``centre_attack``
    instead.  Template wards (a crew's crow's nest, NW-UPG-8) apply."""
    out: list[Damage] = []
    for u, count in under:
        n = count - (1 if centre is u and centre_attack is not None else 0)
        if n > 0 and u.alive:
            out.append((yield from resolve_hits(g, seat, u, n, attack)))
    if centre is not None and centre_attack is not None and centre.alive:
        out.append((yield from resolve_hits(g, seat, centre, 1, centre_attack)))
    g.emit("template", "FB-TMPL-1", source=attack.source, units=[[u.name, n] for u, n in under], centre=None if centre is None else centre.name)
    return out


def stone_attacks(gun: str, engine: Engine = STONE_THROWER) -> tuple[Attack, Attack]:
    """The attacks of a stone under its template and under its hole (FB-STONE-1)."""
    return (
        Attack(gun, engine.strength, wounds=engine.wounds, missile=True, template=True),
        Attack(gun, engine.centre_strength, wounds=engine.centre_wounds, missile=True, template=True),
    )
