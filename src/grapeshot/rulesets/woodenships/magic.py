"""The shaman's powers (WS-MAGIC-1): lightning, repelling figures, repelling a ship.

A shaman is a hero (3 life points, +1 on its rolls, WS-FIG-2) whose one action of the turn may
be a spell instead of an attack; each power is an action of its own in the figure's action
prompt, every target it could be cast at listed.  Rulings (docs/rulings.md, WS-MAGIC-1):

* **Lightning** strikes any figure, ship or gun the shaman sees (the geometry package's sight
  module, as for small arms and guns), rolled as a cannon for range and damage: the cannon's
  number for the range from the shaman's base to the nearest point of the target, then 1D6
  damage (to a gun as a cannon's shot would, WS-GUN-7/8).  The cannon's -1 against men, guns and
  boats is a rule of aiming a gun and does not apply; the shaman's hero +1 does (it fires no
  cannon).
* **Repelling figures**: one 1D6 for the spell, and every enemy figure on land or in the water
  (not aboard a ship: the text names land and water) is pushed that far straight away from the
  shaman, the farthest first, on its own surface.  One stopped short by something immovable
  (rocks, a building, a hull, the table's edge, the shore's edge for a figure ashore) rolls a D6
  and takes a wound on a 6; one stopped by another figure does not (figures give way).
* **Repelling a ship**: one enemy ship or boat the shaman sees is driven 2D6" straight away from
  the shaman without turning, swept, stopping short of whatever it meets (it rams nothing);
  a ship grappled to another is held fast and cannot be repelled.
* A shaman in the water casts nothing (its hands are full, as for shooting).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest, parse
from grapeshot.geometry import (
    Hull,
    Obstruction,
    Point3,
    Polygon,
    Region,
    Surface,
    base_gap,
    bearing,
    blockings,
    point_hull_distance,
    push,
    view_of_hull,
)
from grapeshot.rulesets.woodenships.checks import Mod, attempt, hero, need, reachable
from grapeshot.rulesets.woodenships.data import GUN_RADIUS, GUNS, REPEL_BUMP, REPEL_FIGURES, REPEL_SHIP
from grapeshot.rulesets.woodenships.guns import MUZZLE, band_need, harm_target, standing
from grapeshot.rulesets.woodenships.hosting import displace
from grapeshot.rulesets.woodenships.pieces import KEPT, Figure, Gun, Ship
from grapeshot.rulesets.woodenships.places import eye, sees, spot_at
from grapeshot.rulesets.woodenships.reach import within
from grapeshot.rulesets.woodenships.ships import shove_swimmers, slide
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import wound

Target = Figure | Ship | Gun

#: the rule of every power
RULE = "WS-MAGIC-1"
Power = Literal["lightning", "repel", "repel-ship"]
#: the spells, as the figure's action kinds
POWERS: tuple[Power, ...] = ("lightning", "repel", "repel-ship")


def is_shaman(figure: Figure) -> bool:
    return figure.kind == "shaman"


def _side_of(shore: Shore, t: Target) -> str:
    return shore.mount(t).side if isinstance(t, Gun) else t.side


def _target(shore: Shore, name: str | None) -> Target | None:
    if name is None:
        return None
    return shore.figures.get(name) or shore.guns.get(name) or shore.ships.get(name)


def gap_to(shore: Shore, shaman: Figure, t: Target) -> float:
    """Range, inches: from the shaman's base to the nearest point of the target."""
    me = shore.base(shaman)
    if isinstance(t, Figure):
        return max(0.0, base_gap(me, shore.base(t)))
    if isinstance(t, Ship):
        return max(0.0, point_hull_distance(me.centre, t.hull) - me.radius)
    p = shore.gun_point(t)
    return max(0.0, math.hypot(p.x - me.x, p.y - me.y) - me.radius - GUN_RADIUS)


def _own_ship(shaman: Figure) -> set[str]:
    spot = shaman.spot
    return {spot.ident} if spot is not None and spot.surface is Surface.DECK else set()


def blocked(shore: Shore, obs: Sequence[Obstruction], shaman: Figure, t: Target) -> str | None:
    """What stops the shaman seeing a target (None: it sees it): a figure's head, a ship's hull
    above the water, a gun's muzzle.  The deck it stands on never blocks its sight."""
    if isinstance(t, Figure):
        return sees(shore, obs, shaman, t)
    me = eye(shore, shaman)
    own = _own_ship(shaman)
    if isinstance(t, Ship):
        sight = view_of_hull(me, t.name, t.hull, t.plan.deck, obs, own)
        return None if sight.clear else (sight.blocked.ident if sight.blocked else "something")
    p = shore.gun_point(t)
    z = shore.ships[t.ship].plan.deck_height(t.along) + MUZZLE
    found = blockings(me, Point3(p.x, p.y, z), obs, own | {t.ship})
    return None if not found else found[0].ident


@dataclass(frozen=True, slots=True)
class Bolt:
    """A lightning strike that may be called: its target, range, the cannon's number there, mods."""

    target: Target
    gap: float
    base: int
    mods: tuple[Mod, ...]


def _caster_refused(shore: Shore, figure: Figure) -> str | None:
    if not is_shaman(figure):
        return f"{figure.name} is no shaman: only a shaman casts spells (WS-MAGIC-1)"
    if figure.swimming:
        return f"{figure.name} is in the water and cannot cast"
    return None


def bolt(shore: Shore, obs: Sequence[Obstruction], figure: Figure, target: str | None) -> Bolt | str:
    """The lightning ``figure`` would call down on ``target``, or why it may not."""
    why = _caster_refused(shore, figure)
    if why is not None:
        return why
    t = _target(shore, target)
    if t is None or not standing(shore, t) or _side_of(shore, t) == figure.side:
        return f"{target!r} is no enemy figure, ship or gun standing"
    gap = gap_to(shore, figure, t)
    base = band_need("cannon", gap)
    if base is None:
        return f"{t.name} is {gap:.2f}\" away, beyond a cannon's reach (WS-MAGIC-1: lightning rolls as a cannon)"
    mods = tuple(hero(figure))
    if not reachable(base, mods, "bonus_only"):
        return f"{t.name} needs a {need(base, mods)}: out of reach"
    sight = blocked(shore, obs, figure, t)
    if sight is not None:
        return f"{figure.name} cannot see {t.name}: {sight} is in the way (WS-MAGIC-1: line of sight)"
    return Bolt(t, gap, base, mods)


def repelled(shore: Shore, figure: Figure) -> list[Figure]:
    """The enemy figures a repelling spell of ``figure`` drives off: on land or in the water."""
    return [f for f in shore.living() if f.side != figure.side and f.spot is not None and f.spot.surface is not Surface.DECK]


def repel_refused(shore: Shore, figure: Figure) -> str | None:
    why = _caster_refused(shore, figure)
    if why is not None:
        return why
    if not repelled(shore, figure):
        return "no enemy figure stands on land or swims to be repelled"
    return None


def repel_ship_refused(shore: Shore, obs: Sequence[Obstruction], figure: Figure, target: str | None) -> str | None:
    why = _caster_refused(shore, figure)
    if why is not None:
        return why
    ship = shore.ships.get(target or "")
    if ship is None or not ship.afloat or ship.side == figure.side:
        return f"{target!r} is no enemy ship afloat"
    if ship.name in _own_ship(figure):
        return f"{figure.name} stands aboard {ship.name}"
    if ship.grappled:
        return f"{ship.name} is held fast by grapples to {', '.join(sorted(ship.grappled))}"
    sight = blocked(shore, obs, figure, ship)
    if sight is not None:
        return f"{figure.name} cannot see {ship.name}: {sight} is in the way"
    return None


def candidates(shore: Shore, figure: Figure) -> list[tuple[Power, str | None]]:
    """Every spell worth asking about: lightning at each enemy figure, ship and gun within a
    cannon's reach, repelling the figures, repelling each enemy ship (``(power, target)``)."""
    if _caster_refused(shore, figure) is not None:
        return []
    reach = GUNS["cannon"].bands[0][0]
    out: list[tuple[Power, str | None]] = []
    targets: list[Target] = [*shore.living(), *shore.afloat(), *(g for g in shore.guns.values() if g.working)]
    for t in targets:
        if standing(shore, t) and _side_of(shore, t) != figure.side and within(gap_to(shore, figure, t), reach):
            out.append(("lightning", t.name))
    out.append(("repel", None))
    out += [("repel-ship", s.name) for s in shore.afloat() if s.side != figure.side]
    return out


def refused(shore: Shore, obs: Sequence[Obstruction], figure: Figure, power: str, target: str | None) -> str | None:
    if power == "lightning":
        b = bolt(shore, obs, figure, target)
        return b if isinstance(b, str) else None
    if power == "repel":
        return repel_refused(shore, figure)
    return repel_ship_refused(shore, obs, figure, target)


def cast(g: Game, shore: Shore, obs: Sequence[Obstruction], figure: Figure, power: str, target: str | None) -> Generator[Prompt, Any, None]:
    """Carry out a checked spell."""
    if power == "lightning":
        b = bolt(shore, obs, figure, target)
        assert not isinstance(b, str)
        yield from lightning(g, shore, figure, b)
    elif power == "repel":
        yield from repel(g, shore, figure)
    else:
        assert target is not None
        yield from repel_ship(g, shore, figure, shore.ships[target])


def lightning(g: Game, shore: Shore, figure: Figure, b: Bolt) -> Generator[Prompt, Any, None]:
    """WS-MAGIC-1: the cannon's roll for the range, then 1D6 damage to what it strikes."""
    t = b.target
    out = yield from attempt(g, figure, f"{figure.name} calls lightning down on {t.name}", RULE, b.base, b.mods)
    harm = 0
    if out.passed:
        r = yield from g.roll(RollRequest(parse(GUNS["cannon"].men), f"the lightning's damage to {t.name}", RULE, figure.side, figure.name, "high"))
        harm = r.total
    what = "figure" if isinstance(t, Figure) else "ship" if isinstance(t, Ship) else "gun"
    g.emit(
        "lightning",
        RULE,
        figure=figure.name,
        side=figure.side,
        target=t.name,
        aimed_at=what,
        range=round(b.gap, 4),
        base=b.base,
        need=out.need,
        mods=[m.to_json() for m in b.mods],
        faces=list(out.faces),
        hit=out.passed,
        damage=harm,
    )
    if out.passed:
        yield from harm_target(g, shore, t, harm, figure.side, f"lightning called by {figure.name}", RULE)


def _bounds_and_obstacles(shore: Shore, f: Figure) -> tuple[list[Region], list[Hull | Polygon]]:
    """The region a figure keeps to and what is solid there (what it may be dashed against)."""
    assert f.spot is not None
    if f.spot.surface is Surface.LAND:
        land = shore.land(f.spot.ident)
        return [land.area], [lv.area for lv in shore.lands if lv.solid]
    solid: list[Hull | Polygon] = [s.hull for s in shore.afloat()]
    solid += [lv.area for lv in shore.lands]
    return [shore.table], solid


def _beside(shore: Shore, f: Figure) -> list[Figure]:
    """Those a repelled figure must not be driven into: the figures on its surface; in the water,
    the collisions module's swimmers and WS's own alike."""
    assert f.spot is not None
    if f.spot.surface is Surface.WATER:
        return [*shore.on(Surface.WATER, ""), *shore.on(Surface.WATER, KEPT)]
    return shore.on(f.spot.surface, f.spot.ident)


def repel(g: Game, shore: Shore, figure: Figure) -> Generator[Prompt, Any, None]:
    """WS-MAGIC-1: every enemy on land or in the water goes 1D6" straight away from the shaman;
    one dashed against something immovable takes a wound on a 6."""
    r = yield from g.roll(RollRequest(parse(REPEL_FIGURES), f"{figure.name} repels the enemy", RULE, figure.side, figure.name, "high"))
    inches = float(r.total)
    me = shore.base(figure).centre
    victims = sorted(repelled(shore, figure), key=lambda f: (-math.hypot(shore.base(f).x - me.x, shore.base(f).y - me.y), f.name))
    moved, dashed = [], []
    for f in victims:
        assert f.spot is not None
        b = shore.base(f)
        away = bearing(me, b.centre) if math.hypot(b.x - me.x, b.y - me.y) > 1e-9 else 0.0
        within, solid = _bounds_and_obstacles(shore, f)
        others = [shore.base(o) for o in _beside(shore, f) if o is not f]
        went = push(b, away, inches, within, others, solid)
        hard = False
        if went.stopped:
            alone = push(b, away, inches, within, (), solid)
            hard = alone.stopped and alone.travelled <= went.travelled + 1e-2
        if f.kept:  # one of the collisions module's swimmers: he stays the module's, where he was driven
            displace(g, f, went.base.centre)
        else:
            f.spot = spot_at(shore, f.spot.surface, f.spot.ident, went.base.centre)
        moved.append(
            {
                "figure": f.name,
                "frm": [round(b.x, 4), round(b.y, 4)],
                "to": [round(went.base.x, 4), round(went.base.y, 4)],
                "travelled": round(went.travelled, 4),
                "stopped": went.stopped,
                "immovable": hard,
            }
        )
        if hard:
            dashed.append(f)
    g.emit("repel", RULE, figure=figure.name, side=figure.side, inches=inches, pushed=moved)
    for f in dashed:
        roll = yield from g.roll(RollRequest(D6, f"{f.name} dashed against something immovable", RULE, f.seat, f.name, "high", REPEL_BUMP))
        hurt = roll.total >= REPEL_BUMP
        g.emit("repel-bump", RULE, figure=f.name, side=f.side, roll=roll.total, wounded=hurt)
        if hurt:
            wound(g, shore, f, 1, figure.side, f"dashed against something immovable by {figure.name}'s spell", RULE)


def repel_ship(g: Game, shore: Shore, figure: Figure, ship: Ship) -> Generator[Prompt, Any, None]:
    """WS-MAGIC-1: the ship is driven 2D6" straight away from the shaman, stopping short of what it meets."""
    r = yield from g.roll(RollRequest(parse(REPEL_SHIP), f"{figure.name} repels {ship.name}", RULE, figure.side, figure.name, "high"))
    before = ship.hull
    away = bearing(shore.base(figure).centre, before.centre)
    run = slide(shore, ship, away, float(r.total))
    g.emit(
        "repel-ship",
        RULE,
        figure=figure.name,
        side=figure.side,
        ship=ship.name,
        inches=r.total,
        direction=round(away, 4),
        frm=[round(before.x, 4), round(before.y, 4)],
        to=[round(run.hull.x, 4), round(run.hull.y, 4)],
        travelled=round(run.travelled, 4),
        stopped_by=None if run.contact is None else {"with": run.contact.ident, "kind": run.contact.kind},
    )
    shove_swimmers(g, shore, ship)
