"""Who may shoot at what, from where, and what a shot's line or template lies over: the
legality behind the shooting prompt (one function, :func:`refusal`, for its check and its list).

* Small arms (NW-CREW-3) shoot at an exposed unit of a ship's crew (one unit type), or at the
  ship's rigging or oars; never at the hull.  Only units not working, not in combat and not busy
  shoot; a war machine's crew fire their own weapons or the piece (NW-CREW-3).  Range and sight
  are measured to and from the hull (NW-SHIP-4): the shooter's ship's hull to the target's, and
  the target's hull (its rigging, for the rigging) must be in sight.  A unit in combat with a
  friend is no target, save for Skaven (NW-SHOOT-1).
* A naval gun (NW-CANNON-2) aims within 45 degrees of the side it is mounted on.  A cannon aims
  at a point up to 48" away (its guessed range, NW-CANNON-1; within 12" of a ship the point is
  placed, NW-CANNON-3), a stone thrower 12" to 60", a bolt thrower at a unit or a part within 48".
  At a ship grappled with one of the shooter's own, a straight-line shot must name its one target,
  a part or a unit not in combat (NW-SHOOT-1); a stone thrower is aimed at a ship along a line that
  passes within 12" of her, whatever the range guessed, and may not be dropped on a ship locked
  in combat unless the option ``template_into_combat`` is ``allowed`` (the default).
* A flame template (a breath) is laid from the model at a point within its range.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from grapeshot.geometry import (
    EYE_HEIGHT,
    Level,
    Point3,
    Polygon,
    Surface,
    Vec,
    Vessel,
    angle_diff,
    bearing,
    distance,
    hull_distance,
    line_of_sight,
    obstructions_for,
    point_hull_distance,
    segment_hull_span,
    segment_polygon_distance,
)
from grapeshot.rulesets.navalwarhammer.aboard import engaged
from grapeshot.rulesets.navalwarhammer.data import GUN_ARC, MOUNTS
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import ENGINES, POINT_BLANK, EngineKind
from grapeshot.rulesets.navalwarhammer.fantasy.templates import LARGE_ROUND
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops

#: parts small arms may shoot at (NW-CREW-3: oars and sails); war machines may shoot at any part
SMALL_ARMS_PARTS = ("rigging", "oars")
#: the height (inches) of land for sight
LAND_HEIGHT = 4.0


@dataclass(frozen=True)
class Shooter:
    """Something that may shoot now: a unit with missiles, a war machine, a flame template."""

    unit: str
    kind: str  # "missiles", "cannon", "bolt thrower", "stone thrower", "flame"


def ship_of(sea: Sea, u: Troops) -> Ship | None:
    """The ship the unit's first model stands on (None in the water or the air)."""
    for f in u.figs:
        if f.aboard:
            return sea.ships.get(f.on)
    return None


def point_of(sea: Sea, u: Troops) -> Vec:
    return sea.where(u.figs[0])


def exposed(sea: Sea, u: Troops, ship: str) -> int:
    """NW-CREW-3: the unit's models a missile can reach aboard ``ship``: on deck or aloft."""
    return sum(1 for f in u.figs if f.on == ship and f.level in ("deck", "aloft"))


def shooters(sea: Sea, seat: str) -> list[Shooter]:
    """Everything of ``seat`` that may still shoot this phase."""
    out: list[Shooter] = []
    for u in sea.alive():
        if u.seat != seat or u.acted == sea.turn or u.busy(sea.turn) or u.swimming or not u.figs:
            continue
        if u.is_machine:
            crew = crew_of(sea, u)
            if crew is None or not crew.alive or crew.acted == sea.turn or crew.busy(sea.turn) or engaged(sea, crew) or u.squabble_turn > sea.turn:
                continue
            out.append(Shooter(u.name, str(u.engine)))
        elif u.missile is not None:
            if u.working or engaged(sea, u) or ship_of(sea, u) is None:
                continue
            if u.crew_of is not None and sea.units[u.crew_of].acted == sea.turn:
                continue
            out.append(Shooter(u.name, "flame" if u.missile.flame else "missiles"))
    return out


def crew_of(sea: Sea, gun: Troops) -> Troops | None:
    """The crew that serves a war machine."""
    return next((c for c in sea.units.values() if c.crew_of == gun.name), None)


def obstructions(sea: Sea, skip: tuple[str, ...]) -> list[object]:
    vessels = [Vessel(s.name, s.hull, s.plan()) for s in sea.afloat() if s.name not in skip]
    land = [Level(t.name, Surface.LAND, t.shape, LAND_HEIGHT) for t in sea.terrain if t.kind == "island" and t.shape is not None]
    return list(obstructions_for(vessels, land))


def sees(sea: Sea, src: Ship, dst: Ship, height: float) -> bool:
    """NW-SHIP-4: sight from the shooter's hull to the target's (its deck, or ``height`` above the
    water), past the other ships and the land: any of the target hull's points seen will do."""
    obs = obstructions(sea, (src.name, dst.name))
    eye = Point3(src.hull.x, src.hull.y, src.deck + EYE_HEIGHT)
    pts = [dst.hull.centre, *(Vec(x, y) for x, y in dst.hull.corners)]
    inset = [Vec(dst.hull.x + (p.x - dst.hull.x) * 0.98, dst.hull.y + (p.y - dst.hull.y) * 0.98) for p in pts]
    return any(line_of_sight(eye, Point3(p.x, p.y, height), obs).clear for p in inset)  # type: ignore[arg-type]


def hull_range(a: Ship, b: Ship) -> float:
    return hull_distance(a.hull, b.hull)


def grappled_to_seat(sea: Sea, ship: Ship, seat: str) -> bool:
    return any(sea.ships[o].commander == seat for o in ship.grappled if o in sea.ships)


def unit_targets(sea: Sea, shooter: Troops, ship: Ship) -> list[str]:
    """Enemy units with exposed models aboard ``ship`` (NW-CREW-3)."""
    return sorted(v.name for v in sea.alive() if v.seat != shooter.seat and exposed(sea, v, ship.name))


def missile_refusal(sea: Sea, u: Troops, ship: str, target: str) -> str | None:
    """Why small arms (or a flame template) of ``u`` may not shoot at ``target`` aboard ``ship``."""
    assert u.missile is not None
    own = ship_of(sea, u)
    dst = sea.ships.get(ship)
    if own is None:
        return f"{u.name} is not aboard a ship"
    if dst is None or not dst.afloat:
        return f"there is no ship {ship!r} afloat"
    if dst.commander == u.seat and target not in sea.units:
        return f"{ship} is a friendly ship"
    reach = u.missile.range
    if hull_range(own, dst) > reach:
        return f'{ship} is {hull_range(own, dst):.1f}" away, beyond the {u.missile.name}\'s {reach}" (measured hull to hull, NW-SHIP-4)'
    if target in SMALL_ARMS_PARTS:
        if not dst.part_alive(target):
            return f"{ship} has no {target} left"
        if not sees(sea, own, dst, dst.deck + 3.0):
            return f"{ship}'s rigging is out of sight"
        return None
    if target in dst.parts:
        return f"small arms cannot harm a ship's {target} (NW-CREW-3: only crew, oars and sails)"
    v = sea.units.get(target)
    if v is None or not v.alive or v.seat == u.seat:
        return f"no enemy unit {target!r}"
    if not exposed(sea, v, ship):
        return f"{target} has no model exposed aboard {ship} (NW-CREW-3)"
    if engaged(sea, v) and u.army != "skaven":
        return f"{target} is in combat: no missiles into it for fear of hitting friends (NW-SHOOT-1; Skaven excepted)"
    if not sees(sea, own, dst, dst.deck):
        return f"{ship}'s hull is out of sight (NW-SHIP-4)"
    return None


# --------------------------------------------------------------------------- war machines


def gun_point(sea: Sea, gun: Troops) -> Vec:
    return sea.where(gun.figs[0])


def gun_facing(sea: Sea, gun: Troops) -> float:
    ship = sea.ships[gun.figs[0].on]
    return (ship.hull.heading + MOUNTS[gun.facing or "bow"]) % 360.0


def in_arc(sea: Sea, gun: Troops, p: Vec) -> bool:
    """NW-CANNON-2: within 45 degrees (22.5 either side) of the side the gun is mounted on."""
    return abs(angle_diff(bearing(gun_point(sea, gun), p), gun_facing(sea, gun))) <= GUN_ARC / 2.0 + 1e-9


def ship_under(sea: Sea, p: Vec) -> Ship | None:
    return next((s for s in sea.afloat() if s.hull.contains(p)), None)


def named_point(sea: Sea, ship: Ship, target: str) -> Vec | None:
    """Where a named target aboard a ship is: a part's place or a unit's nearest exposed model."""
    from grapeshot.rulesets.navalwarhammer.state import rigging_zones

    if target == "hull" or target == "engine":
        return ship.hull.centre
    if target.startswith("mast"):
        dp = ship.mast_points().get(target)
        return None if dp is None else dp.world(ship.hull)
    if target == "rigging":
        zones = rigging_zones(ship)
        return zones[0][1] if zones else None
    if target == "rudder":
        return ship.hull.stern
    if target == "oars":
        return ship.hull.world(0.0, ship.hull.hw)
    v = sea.units.get(target)
    if v is None:
        return None
    pts = [sea.where(f) for f in v.figs if f.on == ship.name and f.level in ("deck", "aloft")]
    return pts[0] if pts else None


def must_name(sea: Sea, seat: str, ship: Ship) -> bool:
    """NW-SHOOT-1: a straight-line shot at a ship grappled with the shooter's side names one target."""
    return grappled_to_seat(sea, ship, seat)


def machine_refusal(sea: Sea, gun: Troops, ship: str, target: str, aim: Vec | None) -> str | None:
    """Why the war machine may not fire so (arc, range, the target, NW-SHOOT-1)."""
    kind: EngineKind = gun.engine  # type: ignore[assignment]
    engine = ENGINES[kind]
    dst = sea.ships.get(ship)
    if dst is None or not dst.afloat:
        return f"there is no ship {ship!r} afloat"
    if dst.commander == gun.seat:
        return f"{ship} is a friendly ship"
    if aim is None:
        return "a war machine needs an aim point"
    origin = gun_point(sea, gun)
    if not in_arc(sea, gun, aim):
        return f"the aim point lies outside {gun.name}'s 45-degree arc (NW-CANNON-2: a naval gun does not pivot)"
    d = distance(origin, aim)
    if not engine.min_range <= d <= engine.max_range:
        return f'a {engine.name} aims from {engine.min_range}" to {engine.max_range}", not {d:.1f}"'
    own = sea.ships.get(gun.figs[0].on)
    if own is not None and own.hull.contains(aim):
        return f"{gun.name} may not aim at its own deck"
    if target:
        if target in dst.parts:
            if not dst.part_alive(target):
                return f"{ship}'s {target} is destroyed"
        else:
            v = sea.units.get(target)
            if v is None or v.seat == gun.seat or not exposed(sea, v, ship):
                return f"no enemy unit {target!r} exposed aboard {ship}"
            if engaged(sea, v) and gun.army != "skaven" and kind != "stone thrower":
                return f"{target} is in combat (NW-SHOOT-1)"
        if kind == "stone thrower":
            return "a stone thrower's template hits all beneath it: it names no single target"
    elif kind == "bolt thrower":
        return "a bolt thrower shoots at a named unit or part"
    elif kind == "cannon" and must_name(sea, gun.seat, dst):
        return f"{ship} is grappled with a friend: a straight-line shot must name its target, and hits it alone (NW-SHOOT-1)"
    if kind == "stone thrower":
        locked = [s for s in sea.afloat() if s.grappled and point_hull_distance(aim, s.hull) <= LARGE_ROUND]
        if locked and sea.option("template_into_combat") == "refused":
            return f"{locked[0].name} is locked in combat: no template dropped on it (NW-SHOOT-1, option template_into_combat)"
        if ship_under(sea, aim) is not dst and segment_polygon_distance(origin, _far(origin, aim), Polygon(dst.hull.corners)) > WIDE:
            return f"the line of aim passes wide of {ship}"
    elif kind == "cannon" and segment_hull_span(origin, _far(origin, aim), dst.hull) is None:
        return f"the line of fire does not cross {ship}"
    return None


#: how far off a ship the line a stone thrower is aimed along may pass and still be a shot at her
#: (NW-CANNON-1): judged across the line, by its bearing, which the crew can see, never along it,
#: which is the range they must guess
WIDE = 12.0


def _far(origin: Vec, aim: Vec, reach: float = 70.0) -> Vec:
    d = distance(origin, aim) or 1.0
    return Vec(origin.x + (aim.x - origin.x) / d * reach, origin.y + (aim.y - origin.y) / d * reach)


def point_blank_at(sea: Sea, gun: Troops, ship: Ship) -> bool:
    """NW-CANNON-3: a ship (or any part of one) within 12" of the gun."""
    return point_hull_distance(gun_point(sea, gun), ship.hull) <= POINT_BLANK


def flame_refusal(sea: Sea, u: Troops, aim: Vec | None) -> str | None:
    assert u.missile is not None
    if aim is None:
        return "a flame template is laid at a point"
    d = distance(point_of(sea, u), aim)
    if d > u.missile.range + 1e-9 or d < 0.5:
        return f'the flame is laid at a point up to {u.missile.range}" away, not {d:.1f}"'
    return None


def arc_points(sea: Sea, gun: Troops, ship: Ship, near: float, far: float) -> list[Vec]:
    """The grid of aim points at a ship: along the line to its centre (or the nearest bearing in
    the arc), a few inches short of its hull and at its centre."""
    origin = gun_point(sea, gun)
    facing = gun_facing(sea, gun)
    b = bearing(origin, ship.hull.centre)
    off = angle_diff(b, facing)
    b = facing + max(-GUN_ARC / 2.0, min(GUN_ARC / 2.0, off))
    d_centre = distance(origin, ship.hull.centre)
    span = segment_hull_span(origin, _far(origin, Vec(origin.x + math.cos(math.radians(b)), origin.y + math.sin(math.radians(b)))), ship.hull)
    out: list[Vec] = []
    entry = None if span is None else span[0] * 70.0
    dists = [d_centre] if entry is None else [max(near, entry - 4.0), max(near, entry - 2.0), entry, d_centre]
    for d in dists:
        d = max(near, min(far, d))
        p = Vec(origin.x + math.cos(math.radians(b)) * d, origin.y + math.sin(math.radians(b)) * d)
        if p not in out:
            out.append(p)
    return out


def eye_points(sea: Sea, gun: Troops, toward: Vec, near: float, far: float) -> list[Vec]:
    """Aim points guessed by eye (NW-CANNON-1 with no pre-measuring): along the bearing to
    ``toward`` (or the nearest bearing in the arc) at a quarter, a half, three quarters and all of
    the engine's range beyond its least, the same whatever the true distance, so a listing of them
    measures nothing for the player."""
    origin = gun_point(sea, gun)
    facing = gun_facing(sea, gun)
    off = angle_diff(bearing(origin, toward), facing)
    b = facing + max(-GUN_ARC / 2.0, min(GUN_ARC / 2.0, off))
    out: list[Vec] = []
    for k in range(1, 5):
        d = near + (far - near) * k / 4.0
        out.append(Vec(origin.x + math.cos(math.radians(b)) * d, origin.y + math.sin(math.radians(b)) * d))
    return out
