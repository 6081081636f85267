"""The ships' guns: cannons, swivel guns and mounted rifles (WS-GUN-1..9).

* **Crew** (WS-GUN-1). Only a figure that stood next to a gun when its side's turn began (its
  base within 1" of the gun) may fire it or turn it; any figure next to it may load it. One
  figure loads, another fires: each figure has one action. A gun fires once a turn and must be
  loaded again before it fires again; guns start the game loaded.
* **Pointing** (WS-GUN-2). A cannon fires straight along the way it points: its target must lie
  on that line. A cannon on a rotating base or wheels may be turned to point straight at a
  target by a crewman, instead of being loaded that turn; one on a fixed mount points where the
  ship points it. A swivel gun or mounted rifle turns as it fires. Every gun points over its own
  side: at most 90 degrees either way from straight out over it.
* **Range and damage** (WS-GUN-3/4/5). By the gun's row, measured from the gun to the nearest
  point of its target; a cannon does 1D6 to men or structures, a swivel 1D3, a mounted rifle 1 to
  men and nothing to ships or guns. The swivel's last column, printed ">2"", is read as within
  2" (the mirror of the small arms' "<2""): there it hits on 1+, and a mounted rifle not at all.
* **Cannons -1** against men, cannons and boats (WS-GUN-6): the boats are the vessels with two
  movement phases. Heroes add their +1 to swivels and mounted rifles, never to cannons (WS-FIG-2).
* **Guns as targets** (WS-GUN-7/8/9). A cannon has 3 hit points, but damage is not cumulative: a
  single blow of 3 or more destroys it, less does nothing, and a damage roll of 5 or 6 also takes
  a point off its ship. A swivel has 1 hit point; a damage roll of 3-6 against it also takes 2
  off its ship. A mounted rifle has 1 hit point. The crew of a cannon or swivel destroyed (the
  figures next to it) take a wound each.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import RollRequest, parse
from grapeshot.geometry import (
    EYE_HEIGHT,
    Obstruction,
    Point3,
    Vec,
    angle_diff,
    bearing,
    blockings,
    point_hull_distance,
    segment_hull_entry,
    segment_point_distance,
    unit,
    view_of_hull,
)
from grapeshot.rulesets.woodenships.checks import Mod, attempt, hero, need, reachable
from grapeshot.rulesets.woodenships.data import GATE_WIDTH, GUN_ARC, GUN_RADIUS, GUNS, NEXT_TO, SHIP_TYPES
from grapeshot.rulesets.woodenships.forts import damage_fort, hit_gate
from grapeshot.rulesets.woodenships.melee import harried_by
from grapeshot.rulesets.woodenships.pieces import Figure, Fort, Gate, Gun, Ship
from grapeshot.rulesets.woodenships.reach import under_close, within
from grapeshot.rulesets.woodenships.ships import damage as damage_ship
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import wound

#: a gun's muzzle stands this high above its deck (sight from it)
MUZZLE = 0.5
#: the rule of each gun's row
ROW_RULES = {"cannon": "WS-GUN-3", "swivel": "WS-GUN-4", "mounted-rifle": "WS-GUN-5"}

Target = Figure | Ship | Gun | Fort | Gate


def next_to(shore: Shore, figure: Figure, gun: Gun) -> bool:
    """Whether a figure out of the water stands next to a gun: its base within 1" of the gun's footing."""
    if not figure.alive or figure.swimming:
        return False
    b = shore.base(figure)
    p = shore.gun_point(gun)
    return math.hypot(b.x - p.x, b.y - p.y) - b.radius - GUN_RADIUS <= NEXT_TO + 1e-9


def muster_crews(g: Game, shore: Shore, side: str) -> None:
    """WS-GUN-1: at the start of a side's turn, who of that side stands next to each gun."""
    figures = [f for f in shore.living(side) if not f.swimming and not f.animal]
    for gun in shore.guns.values():
        if gun.working and shore.mounted(gun):
            gun.crew = tuple(f.name for f in figures if next_to(shore, f, gun))
        else:
            gun.crew = ()


def target_of(shore: Shore, name: str | None) -> Target | None:
    if name is None:
        return None
    if name in shore.figures:
        return shore.figures[name]
    if name in shore.guns:
        return shore.guns[name]
    if name in shore.forts:
        return shore.forts[name]
    gate = next((x for fort in shore.forts.values() for x in fort.gates if x.name == name), None)
    return gate if gate is not None else shore.ships.get(name)


def _side_of(shore: Shore, target: Target) -> str:
    if isinstance(target, Gun):
        return shore.mount(target).side
    if isinstance(target, Gate):
        return shore.forts[target.fort].side
    return target.side


def aim_point(shore: Shore, gun: Gun, target: Target) -> Vec:
    """The point a gun is pointed at to point straight at a target: a figure's centre, a gun's
    footing, the middle of a ship's hull."""
    if isinstance(target, Figure):
        assert target.spot is not None
        return shore.world(target.spot)
    if isinstance(target, Gun):
        return shore.gun_point(target)
    if isinstance(target, Gate):
        return Vec(target.x, target.y)
    return target.hull.centre


def in_arc(shore: Shore, gun: Gun, heading: float) -> bool:
    """Whether a gun may point this way: within 90 degrees of straight out over its side."""
    return abs(angle_diff(heading, shore.mount(gun).hull.heading + gun.mount)) <= GUN_ARC + 1e-9


def gap_to(shore: Shore, gun: Gun, target: Target) -> float:
    """Range, inches: from the gun's footing to the nearest point of the target."""
    p = shore.gun_point(gun)
    if isinstance(target, (Ship, Fort)):
        return max(0.0, point_hull_distance(p, target.hull) - GUN_RADIUS)
    q = aim_point(shore, gun, target)
    r = _radius(target)
    return max(0.0, math.hypot(q.x - p.x, q.y - p.y) - r - GUN_RADIUS)


def on_line(shore: Shore, gun: Gun, heading: float, target: Target) -> bool:
    """Whether the line a gun fires along (from its footing, the way it points) runs through the
    target: a figure's base, a gun's footing, a ship's hull."""
    p = shore.gun_point(gun)
    d = unit(heading)
    far = Vec(p.x + d.x * 200.0, p.y + d.y * 200.0)
    if isinstance(target, (Ship, Fort)):
        return segment_hull_entry(p, far, target.hull) is not None
    q = aim_point(shore, gun, target)
    r = _radius(target)
    return (q.x - p.x) * d.x + (q.y - p.y) * d.y > 0.0 and segment_point_distance(p, far, q) <= r + 1e-9


def _radius(target: Figure | Gun | Gate) -> float:
    """How far from its aim point a shot may pass and still meet a figure, a gun or a gate."""
    if isinstance(target, Figure):
        return target.radius
    return GATE_WIDTH / 2.0 if isinstance(target, Gate) else GUN_RADIUS


def band_need(kind: str, gap: float) -> int | None:
    """The roll a gun's row needs at this range (None: out of range, or no hit so close)."""
    row = GUNS[kind]
    if under_close(gap) and kind != "cannon":
        return row.close
    for edge, n in reversed(row.bands):
        if within(gap, edge):
            return n
    return None


def gw_dice(shore: Shore, gun: Gun) -> bool:
    """Whether this gun fires with the GW dice in this game (option ``gun_dice``, WS-GUN-10;
    never the mounted rifle, which keeps its D6 row)."""
    return shore.option("gun_dice") == "gw" and GUNS[gun.kind].gw_damage is not None


def is_boat(ship: Ship) -> bool:
    """The vessels with two movement phases (WS-GUN-6's boats)."""
    return len(SHIP_TYPES[ship.type].moves) == 2


def mods_for(shore: Shore, figure: Figure, gun: Gun, target: Target) -> list[Mod]:
    """A hero's +1 (not for cannons, WS-FIG-2); a cannon's -1 against men, cannons and boats (WS-GUN-6)."""
    if gun.kind != "cannon":
        return hero(figure)
    if isinstance(target, Figure):
        return [Mod("WS-GUN-6", "a cannon against a man", -1)]
    if isinstance(target, Gun) and target.kind == "cannon":
        return [Mod("WS-GUN-6", "a cannon against a cannon", -1)]
    if isinstance(target, Ship) and is_boat(target):
        return [Mod("WS-GUN-6", "a cannon against a boat", -1)]
    if isinstance(target, Gate):
        return [Mod("WS-GUN-6", "a cannon against a gate", -1)]
    return []


@dataclass(frozen=True, slots=True)
class Laid:
    """A shot a gun may fire: the gun, its target, the way it will point, range, number, mods."""

    gun: Gun
    target: Target
    heading: float
    gap: float
    base: int
    mods: tuple[Mod, ...]


def _gun_of(shore: Shore, name: str | None) -> Gun | str:
    gun = shore.guns.get(name or "")
    if gun is None or not gun.working or not shore.mounted(gun):
        return f"{name!r} is no working gun afloat"
    return gun


def lay(shore: Shore, obs: Sequence[Obstruction], figure: Figure, gun_name: str | None, target_name: str | None) -> Laid | str:
    """The shot ``figure`` would fire with a gun at a target, or why it may not."""
    gun = _gun_of(shore, gun_name)
    if isinstance(gun, str):
        return gun
    if figure.name not in gun.crew or not next_to(shore, figure, gun):
        return f"{figure.name} did not stand next to {gun.name} when the turn began (WS-GUN-1)"
    if not gun.loaded:
        return f"{gun.name} is not loaded"
    if gun.fired == shore.serial:
        return f"{gun.name} has fired this turn"
    target = target_of(shore, target_name)
    if target is None or not standing(shore, target):
        return f"{target_name!r} is nothing a gun can fire at"
    if isinstance(target, Gun) and target is gun:
        return f"{gun.name} cannot fire at itself"
    if _side_of(shore, target) == figure.side:
        return f"{target_name} is of {figure.side}'s own side"
    if isinstance(target, Figure) and target.kept:
        return f"only small arms may fire at a swimmer (CG-SWIM-4), not a {gun.kind}"
    if gun.kind == "mounted-rifle" and not isinstance(target, Figure):
        return "a mounted rifle harms men only (WS-GUN-5)"
    if gun.kind == "cannon":
        heading = shore.gun_heading(gun)
        if not on_line(shore, gun, heading, target):
            return f"{gun.name} does not point straight at {target_name}: turn it, or the ship (WS-GUN-2)"
    else:
        p = shore.gun_point(gun)
        heading = bearing(p, aim_point(shore, gun, target))
        if not in_arc(shore, gun, heading):
            return f"{target_name} lies outside {gun.name}'s arc over its side"
    gap = gap_to(shore, gun, target)
    base = band_need(gun.kind, gap)
    if base is None:
        return f'{target_name} is {gap:.2f}" from {gun.name}: out of its range' + (' (no hit within 2")' if under_close(gap) else "")
    mods = tuple(mods_for(shore, figure, gun, target))
    if not reachable(base, mods, "bonus_only") and not gw_dice(shore, gun):
        return f"{target_name} needs a {need(base, mods)}: out of reach"
    blocked = _blocked(shore, obs, gun, target)
    if blocked is not None:
        return f"{gun.name} cannot see {target_name}: {blocked} is in the way"
    return Laid(gun, target, heading, gap, base, mods)


def _muzzle(shore: Shore, gun: Gun) -> Point3:
    p = shore.gun_point(gun)
    return Point3(p.x, p.y, shore.gun_height(gun) + MUZZLE)


def _blocked(shore: Shore, obs: Sequence[Obstruction], gun: Gun, target: Target) -> str | None:
    """What stops a gun seeing its target (its own ship never does)."""
    eye = _muzzle(shore, gun)
    own = {gun.ship}
    if isinstance(target, (Ship, Fort)):
        deck = target.plan.deck if isinstance(target, Ship) else target.height
        sight = view_of_hull(eye, target.name, target.hull, deck, obs, own)
        return None if sight.clear else (sight.blocked.ident if sight.blocked else "something")
    q = aim_point(shore, gun, target)
    if isinstance(target, Figure):
        assert target.spot is not None
        z = shore.height(target.spot) + EYE_HEIGHT
        skip = own
    elif isinstance(target, Gate):
        z = shore.forts[target.fort].height / 2.0  # the gate's middle, in its own wall
        skip = own | {target.fort}
    else:
        z = shore.gun_height(target) + MUZZLE
        skip = own | {target.ship}
    found = blockings(eye, Point3(q.x, q.y, z), obs, skip)
    return None if not found else found[0].ident


def fire(g: Game, shore: Shore, figure: Figure, laid: Laid) -> Generator[Prompt, Any, None]:
    """Fire a gun (WS-GUN-3/4/5): the row's roll, then its damage against what it hit (with the
    GW dice, option ``gun_dice``: :func:`.gw.fire`)."""
    gun, target = laid.gun, laid.target
    if gun.kind != "cannon":
        gun.facing = (laid.heading - shore.mount(gun).hull.heading + 180.0) % 360.0 - 180.0
    if gw_dice(shore, gun):
        from grapeshot.rulesets.woodenships import gw  # the variant builds on this module

        yield from gw.fire(g, shore, figure, laid)
        return
    rule = ROW_RULES[gun.kind]
    name = _name(target)
    out = yield from attempt(g, figure, f"{figure.name} fires {gun.name} at {name}", rule, laid.base, laid.mods)
    gun.loaded = False
    gun.fired = shore.serial
    harm = 0
    if out.passed:
        expr = GUNS[gun.kind].men if isinstance(target, Figure) else GUNS[gun.kind].structures
        assert expr is not None
        if expr.isdigit():
            harm = int(expr)
        else:
            r = yield from g.roll(RollRequest(parse(expr), f"{gun.name}'s damage to {name}", rule, figure.side, figure.name, "high"))
            harm = r.total
    g.emit(
        "gun-fire",
        rule,
        figure=figure.name,
        side=figure.side,
        gun=gun.name,
        arm=gun.kind,
        target=name,
        aimed_at=_what(target),
        range=round(laid.gap, 4),
        heading=round(laid.heading, 4),
        base=laid.base,
        need=out.need,
        mods=[m.to_json() for m in laid.mods],
        faces=list(out.faces),
        hit=out.passed,
        damage=harm,
    )
    if out.passed:
        yield from harm_target(g, shore, target, harm, figure.side, f"{gun.name}, fired by {figure.name}", rule)


def harm_target(g: Game, shore: Shore, target: Target, harm: int, by: str | None, cause: str, rule: str) -> Generator[Prompt, Any, None]:
    """A cannon's blow (or what strikes as one: the shaman's lightning, a barrel, the GW dice)
    lands: a wound to a figure, points off a ship or a fort, a blow to a gate or a gun
    (WS-GUN-7/8, WS-FORT-1); a fort's collapse rolls for those it crushes, hence a procedure."""
    if isinstance(target, Figure):
        wound(g, shore, target, harm, by, cause, rule)
    elif isinstance(target, Ship):
        damage_ship(g, shore, target, harm, by, cause, rule)
    elif isinstance(target, Fort):
        yield from damage_fort(g, shore, target, harm, by, cause, rule)
    elif isinstance(target, Gate):
        yield from hit_gate(g, shore, target, harm, by, cause)
    else:
        yield from hit_gun(g, shore, target, harm, by, cause)


def _name(target: Target) -> str:
    return target.name


def _what(target: Target) -> str:
    if isinstance(target, Figure):
        return "figure"
    return "gun" if isinstance(target, Gun) else "ship" if isinstance(target, Ship) else "fort" if isinstance(target, Fort) else "gate"


def standing(shore: Shore, target: Target) -> bool:
    """Whether a target is still there to fire at: a living figure, a ship afloat, a fort not
    collapsed, a working gun on either, a gate not broken in a fort still standing."""
    if isinstance(target, Figure):
        return target.alive
    if isinstance(target, Ship):
        return target.afloat
    if isinstance(target, Fort):
        return not target.collapsed
    if isinstance(target, Gate):
        return not target.broken and not shore.forts[target.fort].collapsed
    return target.working and shore.mounted(target)


def hit_gun(g: Game, shore: Shore, gun: Gun, harm: int, by: str | None, cause: str) -> Generator[Prompt, Any, None]:
    """WS-GUN-7/8/9: damage to a gun, what spills onto its ship or fort, its crew's wounds."""
    ship = shore.mount(gun)
    if gun.kind == "cannon":
        destroyed, spill, rule = harm >= 3, 1 if harm >= 5 else 0, "WS-GUN-7"
    elif gun.kind == "swivel":
        destroyed, spill, rule = harm >= 1, 2 if harm >= 3 else 0, "WS-GUN-8"
    else:
        destroyed, spill, rule = harm >= 1, 0, "WS-GUN-5"
    crew = [f for f in shore.living() if next_to(shore, f, gun)] if destroyed else []
    if destroyed:
        gun.life = 0
        gun.loaded = False
    g.emit("gun-hit", rule, gun=gun.name, ship=ship.name, damage=harm, destroyed=destroyed, spill=spill, crew=[f.name for f in crew], by=by)
    if spill and isinstance(ship, Ship):
        damage_ship(g, shore, ship, spill, by, f"{cause}: the blow to {gun.name}", rule)
    elif spill and isinstance(ship, Fort):
        yield from damage_fort(g, shore, ship, spill, by, f"{cause}: the blow to {gun.name}", rule)
    if destroyed and gun.kind in ("cannon", "swivel"):
        for f in crew:
            wound(g, shore, f, 1, by, f"the wreck of {gun.name}", "WS-GUN-9")


def load_refused(shore: Shore, figure: Figure, gun_name: str | None) -> str | None:
    """Why a figure may not load a gun now (WS-GUN-1: any one figure next to it loads it)."""
    gun = _gun_of(shore, gun_name)
    if isinstance(gun, str):
        return gun
    if not next_to(shore, figure, gun):
        return f"{figure.name} is not next to {gun.name}"
    if gun.loaded:
        return f"{gun.name} is loaded already"
    holder = harried_by(shore, figure)
    if holder is not None:
        return f"{figure.name} is held by {holder.name} and cannot load (WS-ANIMAL-3)"
    if gun.served == shore.serial:
        return f"{gun.name} has been turned this turn: a cannon is loaded or turned, not both (WS-GUN-2)"
    return None


def load(g: Game, shore: Shore, figure: Figure, gun_name: str) -> None:
    gun = shore.guns[gun_name]
    gun.loaded = True
    gun.served = shore.serial
    g.emit("gun-load", "WS-GUN-1", figure=figure.name, side=figure.side, gun=gun.name)


def turn_refused(shore: Shore, figure: Figure, gun_name: str | None, target_name: str | None) -> str | None:
    """Why a figure may not turn a cannon on wheels to point straight at a target (WS-GUN-2)."""
    gun = _gun_of(shore, gun_name)
    if isinstance(gun, str):
        return gun
    if gun.kind != "cannon" or not gun.wheels:
        return f"{gun.name} is no cannon on a rotating base or wheels: it cannot be turned (WS-GUN-2)"
    if figure.name not in gun.crew or not next_to(shore, figure, gun):
        return f"{figure.name} did not stand next to {gun.name} when the turn began (WS-GUN-1)"
    if gun.served == shore.serial:
        return f"{gun.name} has been loaded or turned this turn already (WS-GUN-2)"
    target = target_of(shore, target_name)
    if target is None or not is_target(shore, gun, figure.side, target):
        return f"{target_name!r} is no enemy within {gun.name}'s range to point it at"
    heading = bearing(shore.gun_point(gun), aim_point(shore, gun, target))
    if not in_arc(shore, gun, heading):
        return f"{target_name} lies outside {gun.name}'s arc over its side"
    return None


def turn(g: Game, shore: Shore, figure: Figure, gun_name: str, target_name: str) -> None:
    """WS-GUN-2: the cannon is turned to point straight at the target."""
    gun = shore.guns[gun_name]
    target = target_of(shore, target_name)
    assert target is not None
    heading = bearing(shore.gun_point(gun), aim_point(shore, gun, target))
    gun.facing = (heading - shore.mount(gun).hull.heading + 180.0) % 360.0 - 180.0
    gun.served = shore.serial
    g.emit(
        "gun-turn", "WS-GUN-2", figure=figure.name, side=figure.side, gun=gun.name, target=target_name, heading=round(heading, 4), facing=round(gun.facing, 4)
    )


def in_reach(shore: Shore, gun: Gun, target: Target) -> bool:
    """Whether a target lies within the longest band of a gun's row."""
    return within(gap_to(shore, gun, target), GUNS[gun.kind].bands[0][0])


def is_target(shore: Shore, gun: Gun, side: str, target: Target) -> bool:
    """Whether a gun of ``side`` might be fired or turned at ``target``: a living enemy figure, an
    enemy ship or an enemy gun, within its range (whether it can hit is :func:`lay`'s to say)."""
    alive = standing(shore, target) and target is not gun and not (isinstance(target, Figure) and target.kept)
    return alive and _side_of(shore, target) != side and in_reach(shore, gun, target)


def targets(shore: Shore, gun: Gun, side: str) -> list[Target]:
    """Everything a gun of ``side`` might be fired or turned at (:func:`is_target`)."""
    out: list[Target] = [*shore.living(), *shore.afloat(), *shore.guns.values(), *shore.standing(), *(t for f in shore.standing() for t in f.gates)]
    return [t for t in out if is_target(shore, gun, side, t)]


def guns_near(shore: Shore, figure: Figure) -> list[Gun]:
    """The working guns a figure stands next to."""
    return [gun for gun in shore.guns.values() if gun.working and shore.mounted(gun) and next_to(shore, figure, gun)]
