"""Da Dred NoOrk, the grots' submarine (JL-EVT-14): it surfaces near the ship that rolled the
rebellion, fires two torpedoes at the closest ship in its forward arc and dives.

The sub is a 6" x 2" hull.  It surfaces 4D6" from the rolling ship and, with a ship in its
90-degree forward arc and the torpedoes' run, turns to face it, fires two standard torpedoes and
dives; with no target it stays and, each events phase, closes 4D6" on the closest ship.  It is a
room of its own because it is a hull, not a disc: it moves by the table's sweeps and shoots
through the torpedo rules, unlike the other models.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import RollRequest, nd6
from grapeshot.geometry import (
    CLEARANCE,
    Arc,
    Hull,
    Obstacle,
    Polygon,
    Vec,
    bearing,
    hull_hits_polygon,
    hulls_overlap,
    point_hull_distance,
    sweep,
    translate_path,
    unit,
)
from grapeshot.rulesets.jimlad.compass import roll_direction
from grapeshot.rulesets.jimlad.damage import damage_table
from grapeshot.rulesets.jimlad.data import (
    KRAKEN,
    SUB,
    SUB_ARC,
    SUB_LENGTH,
    SUB_MOVE_DICE,
    SUB_PLACE_DICE,
    SUB_WIDTH,
    TORPEDO_RUN,
)
from grapeshot.rulesets.jimlad.discs import closest_on_hull, pose
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.state import Sea, Ship, Sub

Proc = Generator[Prompt, Any, Any]


def _hull_clear(sea: Sea, h: Hull) -> bool:
    """A hull wholly on the table and clear of ships, terrain and the Kraken (by the clearance)."""
    grown = Hull(h.x, h.y, h.heading, h.length + 2 * CLEARANCE, h.width + 2 * CLEARANCE)
    if not sea.table.holds(grown):
        return False
    if any(hulls_overlap(grown, s.hull) for s in sea.afloat()):
        return False
    for ob in sea.obstacles:
        assert isinstance(ob.shape, Polygon)
        if hull_hits_polygon(grown, ob.shape):
            return False
    return sea.kraken is None or not hull_hits_polygon(grown, sea.kraken.shape())


def sub_surfaces(g: Game, sea: Sea, ship: Ship, same_facing: bool) -> Proc:
    """JL-EVT-14: the sub surfaces 4D6" from the centre of the rolling ship in a scatter
    direction, facing another scatter direction (result 35) or that same one (45); if that spot
    is not clear it surfaces at the nearest clear spot further out along the line (else nearer
    in).  Then it attacks at once."""
    direction = yield from roll_direction(g, sea, f"{SUB}: where it surfaces", "JL-EVT-14")
    r = yield from g.roll(RollRequest(nd6(SUB_PLACE_DICE), f"{SUB}: how far from {ship.name}", "JL-EVT-14"))
    facing = direction if same_facing else (yield from roll_direction(g, sea, f"{SUB}: which way it faces", "JL-EVT-14"))
    origin = ship.centre
    d = unit(direction)
    reach = math.hypot(sea.table.width, sea.table.height)
    spots = [float(r.total) + k for k in range(int(reach) + 1)] + [float(r.total) - k for k in range(1, r.total + 1)]
    hull: Hull | None = None
    for dist in spots:
        p = Vec(origin.x + d.x * dist, origin.y + d.y * dist)
        if not sea.table.holds_point(p):
            continue
        h = Hull(p.x, p.y, facing, SUB_LENGTH, SUB_WIDTH)
        if _hull_clear(sea, h):
            hull = h
            break
    if hull is None:
        g.emit("no-effect", "JL-EVT-14", ship=ship.name, why="no room for the sub to surface on that line")
        return
    sea.sub = Sub(hull, sea.turn)
    g.emit("sub-surfaces", "JL-EVT-14", ship=ship.name, direction=round(direction, 3), inches=r.total, at=pose(hull))
    yield from sub_attack(g, sea)


def sub_target(sea: Sea) -> Ship | None:
    """The closest ship (to the sub's bow) with some of its hull in the sub's 90-degree forward
    arc and within the torpedoes' 48" run; ships in harbour are left alone."""
    from grapeshot.rulesets.jimlad.kannon import arc_meets_hull

    sub = sea.sub
    if sub is None:
        return None
    bow = sub.hull.bow
    arc = Arc(sub.hull.heading, SUB_ARC)
    seen = [s for s in sea.afloat() if not in_harbour(sea, s) and arc_meets_hull(bow, arc, s.hull, TORPEDO_RUN)]
    return min(seen, key=lambda s: point_hull_distance(bow, s.hull), default=None)


def _turn_sub(sea: Sea, heading: float) -> bool:
    sub = sea.sub
    assert sub is not None
    turned = Hull(sub.hull.x, sub.hull.y, heading, SUB_LENGTH, SUB_WIDTH)
    if _hull_clear(sea, turned):
        sub.hull = turned
        return True
    return False


def sub_attack(g: Game, sea: Sea) -> Generator[Prompt, Any, bool]:
    """JL-EVT-14: with a ship in its forward arc the sub turns to face it (if it has room), fires
    two standard torpedoes (S9, 2D6" scatter, the first hull on each track) and dives (removed);
    with none it waits.  True if it fired."""
    from grapeshot.rulesets.jimlad.torpedoes import run_tracks, standard_tracks

    sub = sea.sub
    if sub is None:
        return False
    target = sub_target(sea)
    if target is None:
        g.emit("sub-waits", "JL-EVT-14", at=pose(sub.hull), why="no ship in its forward arc")
        return False
    turned = _turn_sub(sea, bearing(sub.hull.centre, target.centre))
    g.emit("sub-fires", "JL-EVT-14", target=target.name, at=pose(sub.hull), turned=turned)
    tracks = yield from standard_tracks(g, sub.hull, SUB, None, None)
    shooting, sea.penetrated = sea.penetrated, []
    yield from run_tracks(g, sea, SUB, tracks, "JL-EVT-14", by_seat=None, by_actor=None, launcher=None)
    struck, sea.penetrated = sea.penetrated, shooting
    for name in struck:  # outside the shooting phase the damage table is rolled at once (JL-DMG-10), once for the salvo
        if sea.ships[name].afloat:
            yield from damage_table(g, sea, sea.ships[name], None)
    sea.sub = None
    g.emit("sub-dives", "JL-EVT-14", why="its torpedoes are away")
    return True


def sub_acts(g: Game, sea: Sea) -> Proc:
    """JL-EVT-14: in each events phase after the one it surfaced in, the sub fires if a ship is in
    its arc; otherwise it turns towards the closest ship and closes 4D6" (stopping short of
    anything), then fires if it now has a target."""
    sub = sea.sub
    if sub is None or sub.surfaced >= sea.turn:
        return
    if sub_target(sea) is None:
        yield from sub_moves(g, sea)
    if sea.sub is not None:
        yield from sub_attack(g, sea)


def sub_moves(g: Game, sea: Sea) -> Proc:
    sub = sea.sub
    assert sub is not None
    ships = [s for s in sea.afloat() if not in_harbour(sea, s)]
    if not ships:
        return
    c = sub.hull.centre
    target = min(ships, key=lambda s: point_hull_distance(c, s.hull))
    direction = bearing(c, closest_on_hull(c, target.hull))
    _turn_sub(sea, direction)
    r = yield from g.roll(RollRequest(nd6(SUB_MOVE_DICE), f"{SUB}: closing on {target.name}", "JL-EVT-14"))
    obstacles = [Obstacle(s.name, "ship", s.hull) for s in sea.afloat()]
    obstacles.extend(sea.obstacles)
    if sea.kraken is not None:
        obstacles.append(Obstacle(KRAKEN, "kraken", sea.kraken.shape()))
    before = sub.hull
    result = sweep(translate_path(before.pose, direction, float(r.total)), SUB_LENGTH, SUB_WIDTH, obstacles, sea.table)
    sub.hull = result.hull
    c2 = result.contact
    g.emit(
        "sub-moves",
        "JL-EVT-14",
        target=target.name,
        direction=round(direction, 3),
        inches=r.total,
        travelled=round(result.travelled, 4),
        start=pose(before),
        end=pose(sub.hull),
        contact=None if c2 is None else {"with": c2.ident, "kind": c2.kind, "at": round(c2.at, 4)},
    )
