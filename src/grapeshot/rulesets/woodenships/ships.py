"""Ships: the ruler move, movement phases, damage bands, sinking and ships taken
(WS-MOVE-1, WS-MOVE-2, WS-DMG-1..3).

**The ruler move** (WS-MOVE-1). The ruler's origin is the bow where it meets the water; the
ruler is swung up to 90 degrees either way, a mark on it chosen at most the phase's movement
value from the bow; the ship turns to point at the mark and then moves until its bow touches it.
Which point the ship turns about is option ``ruler_pivot``: ``centre`` (the default: it spins
about its middle until it points at the mark, then slides forward, so a short mark allows only a
small turn) or ``bow`` (it turns at the ruler's origin to lie along the ruler, then its bow runs
out along it).  A *spin* turns the ship the same way without moving it forward: a rowboat's first
phase (WS-MOVE-2), or all a ship dead in the water may do (WS-DMG-2).  Every turn and slide is
swept (``geometry.pivot``, ``geometry.sweep``): a ship stops just short of another ship, land,
rocks or the table's edge (ramming, WS-RAM-*, comes with the next part of the rules); swimmers in
the way are pushed aside to the nearest free water.  Figures and weapons aboard keep their place
in the ship's frame and go with it.

**Phases and damage** (WS-MOVE-2, WS-DMG-1/2/3). Ships take one phase, boats and rafts two. A
third or more of its points lost, a ship moves at half its value and a boat loses a phase (the
rowboat its spin); two thirds or more, it is dead in the water and may only spin, at half its
value; all lost, it sinks at the end of the same side's turn a whole turn later, and its crew may
abandon ship and swim meanwhile.  A ship moves only with a figure of its side aboard to sail it,
and not while grappled (WS-BOARD-1).
"""

from __future__ import annotations

import math

from grapeshot.core.game import Game
from grapeshot.geometry import (
    CLEARANCE,
    Contact,
    Hull,
    Obstacle,
    Path,
    Pose,
    Segment,
    Surface,
    Sweep,
    Vec,
    bearing,
    hull_gap,
    hull_hits_polygon,
    hulls_overlap,
    pivot,
    sweep,
    translate_path,
    unit,
)
from grapeshot.rulesets.woodenships.pieces import ABOARD, Ship
from grapeshot.rulesets.woodenships.places import space_for, spot_at
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import kill

#: the most the ruler swings either way from the bow's heading (degrees, WS-MOVE-1)
SWING = 90.0


def cannot_move(shore: Shore, ship: Ship) -> str | None:
    """Why a ship takes no movement this turn (None: it moves)."""
    if ship.band == "sinking":
        return "sinking (WS-DMG-3)"
    if ship.grappled:
        return f"grappled to {', '.join(sorted(ship.grappled))} (WS-BOARD-1)"
    if ship.stuck:
        return f"stuck fast to {', '.join(sorted(ship.stuck))} (WS-RAM-2)"
    if not any(f.side == ship.side and not f.animal for f in shore.aboard(ship.name)):
        return f"no one of {ship.side} aboard to sail her"
    return None


def phases(ship: Ship) -> list[tuple[float, bool, str]]:
    """The ship's movement phases this turn: the movement value, whether it only spins, and the
    rule that sets it (WS-MOVE-2 at full strength, WS-DMG-1 at half, WS-DMG-2 dead in the water)."""
    kind = ship.kind
    band = ship.band
    if band == "full":
        return [(m, kind.spin_first and i == 0, "WS-MOVE-2" if i or kind.spin_first else "WS-MOVE-1") for i, m in enumerate(kind.moves)]
    if band == "half":
        if len(kind.moves) == 1:
            return [(kind.moves[0] / 2.0, False, "WS-DMG-1")]
        return [(kind.moves[1] if kind.spin_first else kind.moves[0], False, "WS-DMG-1")]
    if band == "dead":
        return [(kind.moves[0] / 2.0, True, "WS-DMG-2")]
    return []


def course(shore: Shore, ship: Ship, angle: float, inches: float, spin: bool) -> tuple[Vec, float, float]:
    """Where the ruler move of ``angle`` and ``inches`` takes the ship: the point it turns about,
    the degrees it turns, and how far its bow then runs straight ahead."""
    hull = ship.hull
    bow = hull.bow
    if shore.option("ruler_pivot") == "bow":
        return bow, angle, 0.0 if spin else inches
    if inches <= 1e-9:
        return hull.centre, 0.0, 0.0
    d = unit(hull.heading + angle)
    mark = Vec(bow.x + d.x * inches, bow.y + d.y * inches)
    new = bearing(hull.centre, mark)
    turn = (new - hull.heading + 180.0) % 360.0 - 180.0
    ahead = 0.0 if spin else max(0.0, math.hypot(mark.x - hull.x, mark.y - hull.y) - hull.hl)
    return hull.centre, turn, ahead


def obstacles_for(shore: Shore, ship: Ship) -> list[Obstacle]:
    """What a moving ship may run into: the other ships afloat and the terrain."""
    return [Obstacle(s.name, "ship", s.hull) for s in shore.afloat() if s is not ship] + list(shore.obstacles)


#: a turn of no more than this many degrees is none (a ship held at once by what she touches)
TURNED = 1e-6


def sail(shore: Shore, ship: Ship, angle: float, inches: float, spin: bool) -> tuple[Hull, Contact | None, float, float]:
    """Where a ruler move would leave the ship, without moving it: its hull, what it would stop
    against, the degrees it would turn and the inches its bow would run ahead."""
    before = ship.hull
    about, turn, ahead = course(shore, ship, angle, inches, spin)
    obstacles = obstacles_for(shore, ship)
    turned = pivot(before, about, turn, obstacles, shore.table)
    hull, contact, ran = turned.hull, turned.contact, 0.0
    if contact is None and ahead > 1e-9:
        bow = hull.bow
        path = Path(Pose(bow.x, bow.y, hull.heading), [Segment(ahead)])
        run = sweep(path, hull.length, hull.width, obstacles, shore.table)
        hull, contact, ran = run.hull, run.contact, run.travelled
        if contact is None and _touching(hull, obstacles) is not None:
            # a run that only grazes something along its whole length (two hulls side by side,
            # edge on edge) stops where it would first come to touch it
            lo, hi, what = 0.0, ran, _touching(hull, obstacles)
            while hi - lo > 1e-3:
                mid = (lo + hi) / 2.0
                if _touching(path.hull_at(mid, hull.length, hull.width), obstacles) is None:
                    lo = mid
                else:
                    hi = mid
            hull, ran = path.hull_at(lo, hull.length, hull.width), lo
            assert what is not None
            contact = Contact(what.ident, what.kind, hi)
    return hull, contact, turned.travelled if turn >= 0 else -turned.travelled, ran


def slide(shore: Shore, ship: Ship, direction: float, inches: float) -> Sweep:
    """Drive a ship straight along ``direction`` without turning it (a shaman's spell, the wind's
    drift), swept: she stops short of what she meets.  Her hull is moved; the sweep is returned."""
    h = ship.hull
    run = sweep(translate_path(Pose(h.x, h.y, h.heading), direction, inches), h.length, h.width, obstacles_for(shore, ship), shore.table)
    ship.hull = run.hull
    return run


def _touching(hull: Hull, obstacles: list[Obstacle]) -> Obstacle | None:
    """The first obstacle a hull grown by the sweeps' clearance touches, if any."""
    grown = Hull(hull.x, hull.y, hull.heading, hull.length + 2.0 * CLEARANCE, hull.width + 2.0 * CLEARANCE)
    for ob in obstacles:
        if hulls_overlap(grown, ob.shape) if isinstance(ob.shape, Hull) else hull_hits_polygon(grown, ob.shape):
            return ob
    return None


def steer(g: Game, shore: Shore, ship: Ship, phase: int, value: float, spin: bool, rule: str, angle: float, inches: float) -> Contact | None:
    """WS-MOVE-1: one phase of the ruler move, swept; the crew and what lies aboard go with it.
    What it came to touch is returned, for the ram (WS-RAM-1, :mod:`.rams`, which also sees to the
    swimmers under the hull); what she touched already and could not move from is logged, not
    returned (:func:`came_to_touch`)."""
    before = ship.hull
    hull, touching, turned, ran = sail(shore, ship, angle, inches, spin)
    contact = came_to_touch(touching, turned, ran)
    ship.hull = hull
    ship.travelled += ran
    ship.moved = shore.serial
    g.emit(
        "steer",
        rule,
        ship=ship.name,
        side=ship.side,
        move_phase=phase + 1,
        value=value,
        spin=spin,
        band=ship.band,
        angle=round(angle, 4),
        inches=round(inches, 4),
        pivot=shore.option("ruler_pivot"),
        frm=[round(before.x, 4), round(before.y, 4), round(before.heading, 4)],
        to=[round(hull.x, 4), round(hull.y, 4), round(hull.heading, 4)],
        turned=round(turned, 4),
        ahead=round(ran, 4),
        stopped_by=None if touching is None else {"with": touching.ident, "kind": touching.kind} | ({"standing": True} if contact is None else {}),
    )
    return contact


def came_to_touch(touching: Contact | None, turned: float, ran: float) -> Contact | None:
    """WS-RAM-1 (and the collisions module's contacts, CG-RAM-1): a ram needs a move that comes
    to touch.  A ship already touching what blocks her, that neither turns nor runs, made no
    contact this phase: she is only held where she lies (None).  A run of no more than the sweep's
    clearance is none: what lies that close is already touching her."""
    if touching is None or (abs(turned) <= TURNED and ran <= CLEARANCE):
        return None
    return touching


def shove_swimmers(g: Game, shore: Shore, ship: Ship) -> None:
    """Swimmers under a hull that has moved over them get out of its way, to the nearest free
    water (those run down first take their wounds, WS-RAM-1, :func:`.rams.run_down`)."""
    for f in shore.on(Surface.WATER, ""):
        b = shore.base(f)
        if hull_gap(b, ship.hull) >= -1e-6:
            continue
        spot = space_for(shore, Surface.WATER, "", f.radius, f.name).nearest(b.centre)
        assert spot is not None
        f.spot = spot_at(shore, Surface.WATER, "", spot)
        g.emit("shoved", "WS-FIG-5", figure=f.name, ship=ship.name, frm=[round(b.x, 4), round(b.y, 4)], to=[round(spot.x, 4), round(spot.y, 4)])


# --------------------------------------------------------------------------- damage and sinking


def damage(g: Game, shore: Shore, ship: Ship, points: int, by: str | None, cause: str, rule: str) -> None:
    """Points off a ship (WS-DMG-1/2/3): a new damage band is logged, and a ship with none left
    starts to sink: it goes down at the end of the same side's turn a whole turn later."""
    if not ship.afloat or points <= 0:
        return
    was = ship.band
    ship.lost = min(ship.points, ship.lost + points)
    g.emit("ship-damage", rule, ship=ship.name, points=points, lost=ship.lost, left=ship.left, band=ship.band, was=was, cause=cause, by=by)
    if ship.band == "sinking" and ship.sinks_at is None:
        ship.sinks_at = (shore.turn + 1, shore.side_index)
        g.emit("sinking", "WS-DMG-3", ship=ship.name, sinks_in_turn=shore.turn + 1, after=shore.order[shore.side_index] if shore.order else None, by=by)
        if by is not None:
            shore.sunk_by[ship.name] = by


def sinkings(g: Game, shore: Shore) -> None:
    """WS-DMG-3: the ships whose whole turn of grace ends with this side's turn go down."""
    for ship in shore.ships.values():
        if ship.afloat and ship.sinks_at == (shore.turn, shore.side_index):
            sink(g, shore, ship)


def sink(g: Game, shore: Shore, ship: Ship) -> None:
    """The ship goes down: those still aboard are in the water where they stood (or drown, option
    ``sinking_aboard``), what lay aboard and her guns are lost, grapples part; its cost scores for
    the side that sank it (WS-RULING-1)."""
    ship.afloat = False
    ship.sunk_turn = shore.turn
    for other in shore.ships.values():
        other.grappled.discard(ship.name)
        other.stuck.discard(ship.name)
    ship.grappled.clear()
    dragged = sorted(o for o in ship.stuck if shore.ships[o].afloat and shore.ships[o].points < ship.points)
    ship.stuck.clear()
    swimmers, drowned = [], []
    for f in shore.aboard(ship.name):
        p = shore.world(f.spot) if f.spot is not None else ship.hull.centre
        if shore.option("sinking_aboard") == "drown":
            f.spot = spot_at(shore, Surface.WATER, "", p)  # where it goes down (it falls at once below)
            drowned.append(f)
            continue
        spot = space_for(shore, Surface.WATER, "", f.radius, f.name).nearest(p)
        assert spot is not None
        f.spot = spot_at(shore, Surface.WATER, "", spot)
        swimmers.append(f.name)
    lost = [w.name for w in shore.weapons.values() if w.spot is not None and w.spot.surface in ABOARD and w.spot.ident == ship.name]
    for name in lost:
        shore.weapons[name].spot = None
    for gun in shore.guns_on(ship.name):  # her guns go down with her
        gun.life, gun.loaded, gun.crew = 0, False, ()
        lost.append(gun.name)
    by = shore.sunk_by.get(ship.name)
    scored = ship.cost if by is not None and by != ship.owner else 0
    if by is not None and scored:
        shore.scored[by] = shore.scored.get(by, 0) + scored
    g.emit("sunk", "WS-DMG-3", ship=ship.name, side=ship.side, swimmers=swimmers, drowned=[f.name for f in drowned], lost=lost, by=by, scored=scored)
    for f in drowned:
        kill(g, shore, f, None, f"went down with {ship.name}", "WS-DMG-3")
    for name in dragged:  # WS-RAM-3: a sinking ship takes a smaller one stuck to her down too
        small = shore.ships[name]
        if small.afloat:
            if by is not None:
                shore.sunk_by.setdefault(name, by)
            g.emit("dragged-down", "WS-RAM-3", ship=name, side=small.side, by_ship=ship.name, points=small.points, sinker_points=ship.points)
            sink(g, shore, small)


def takings(g: Game, shore: Shore) -> None:
    """A ship is taken when figures of one other side alone stand aboard: it is theirs to sail."""
    for ship in shore.afloat():
        sides = {f.side for f in shore.aboard(ship.name)}
        if ship.side not in sides and len(sides) == 1:
            (taker,) = sides
            was = ship.side
            ship.side = taker
            g.emit("taken", "WS-RULING-1", ship=ship.name, by=taker, was=was, owner=ship.owner)
