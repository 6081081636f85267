"""The non-player models: floating mines, Da Kraken, Da Dred NoOrk and Da Chinork (JL-NPC-*).

* Mines (JL-NPC-1) are discs 1" across.  As many as there are seats are laid
  before turn 1 at random points (two D6 pick the column, two the row, of a
  36 x 36 grid over the part of the table at least 18" from the edges), clear
  of the docks by 18" and of ships, terrain and each other by 1".  From turn 2
  each drifts D6" in a scatter direction after the random events; one that
  drifts into a ship detonates against it (S8 on the facing towards it); one
  that meets terrain or the table's edge stops there.  A ship that sails into
  a mine sets it off and sails on.  Krak landing on a mine strikes it: S + D6
  against armour 11, glancing or penetrating destroys it harmlessly.  A mine
  no longer on the table is "spare" and may come back with a mines event.
* Da Kraken (JL-NPC-2) is a disc 4" across with armour 11 and two wounds.  It
  enters at the table's edge on a scatter line from the centre.  At the start
  of each movement phase it goes 3D6" straight at the nearest ship (ties: each
  tied ship rolls a D6, the lowest is the target) and stops on contact; in
  contact it makes three S8 attacks, each hitting on a 4+, on the facing it
  touches.  Krak, torpedoes and ships running into it wound it on a glancing
  or penetrating hit.
* Da Dred NoOrk (JL-EVT-14) is a 6" x 2" hull that surfaces near the ship that
  rolled it, fires two standard torpedoes at the closest ship in its 90-degree
  forward arc (turning to face it first) and dives; with no target it stays
  and, each events phase, closes 4D6" on the closest ship.
* Da Chinork (JL-EVT-11) sits on a landing pad and flies to the next one,
  shooting 4 x S7 at every ship that was, at some moment of the flight, within
  48" and 45 degrees of its nose.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from typing import Any, NamedTuple

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, TWO_D6, RollRequest, nd6
from grapeshot.geometry import (
    CLEARANCE,
    EPS,
    Arc,
    Contact,
    Hull,
    Obstacle,
    Polygon,
    Vec,
    bearing,
    distance,
    hull_hits_polygon,
    hulls_overlap,
    point_hull_distance,
    segment_hull_entry,
    sweep,
    translate_path,
    unit,
)
from grapeshot.rulesets.jimlad.basis import Term, explained, single
from grapeshot.rulesets.jimlad.damage import damage_table, penetration
from grapeshot.rulesets.jimlad.data import (
    CHINORK_ARC,
    CHINORK_HIT,
    CHINORK_RANGE,
    CHINORK_SHOTS,
    CHINORK_STRENGTH,
    KRAKEN_ARMOUR,
    KRAKEN_ATTACKS,
    KRAKEN_HIT,
    KRAKEN_MOVE_DICE,
    KRAKEN_RADIUS,
    KRAKEN_STRENGTH,
    MINE_ARMOUR,
    MINE_EDGE_DISTANCE,
    MINE_RADIUS,
    MINE_STRENGTH,
    SUB_ARC,
    SUB_LENGTH,
    SUB_MOVE_DICE,
    SUB_PLACE_DICE,
    SUB_WIDTH,
    TORPEDO_RUN,
)
from grapeshot.rulesets.jimlad.movement import roll_direction
from grapeshot.rulesets.jimlad.state import Kraken, Mine, Sea, Ship, Sub

Proc = Generator[Prompt, Any, Any]

KRAKEN = "Kraken"  # the Kraken's name in contacts and events
SUB = "Da Dred NoOrk"
CHINORK = "Da Chinork"

PLACEMENT_GAP = 1.0  # inches a mine is laid clear of ships, terrain and other mines
PLACEMENT_TRIES = 20  # a mine that finds no place in this many tries stays spare
KRAKEN_CONTACT = 0.1  # within this gap the Kraken touches a ship (sweeps stop a hair short)
ENTRY_STEP = 0.25  # inches an entering model is moved in from the edge until it has room
PROBE = 0.01  # inches looked ahead to tell whether a model moves towards something it touches


# --------------------------------------------------------------------------- geometry of discs


class Disc(NamedTuple):
    """A circle: the Kraken as an obstacle for moving discs."""

    centre: Vec
    radius: float


Shape = Hull | Polygon | Disc


def _gap(p: Vec, shape: Shape) -> float:
    """Distance from a point to a shape (0 inside)."""
    if isinstance(shape, Hull):
        return point_hull_distance(p, shape)
    if isinstance(shape, Polygon):
        return shape.distance_to(p)
    return max(0.0, distance(p, shape.centre) - shape.radius)


def _circle_entry(p0: Vec, p1: Vec, c: Vec, r: float) -> float | None:
    """Fraction along p0 -> p1 where the segment first comes within ``r`` of ``c``."""
    dx, dy = p1.x - p0.x, p1.y - p0.y
    fx, fy = p0.x - c.x, p0.y - c.y
    cc = fx * fx + fy * fy - r * r
    if cc <= 0.0:
        return 0.0
    a = dx * dx + dy * dy
    if a < EPS * EPS:
        return None
    b = 2.0 * (fx * dx + fy * dy)
    disc = b * b - 4.0 * a * cc
    if disc < 0.0:
        return None
    t = (-b - math.sqrt(disc)) / (2.0 * a)
    return t if 0.0 <= t <= 1.0 else None


def _grown_entry(p0: Vec, p1: Vec, shape: Shape, rho: float) -> float | None:
    """Fraction along p0 -> p1 where a point first comes within ``rho`` of a shape: the shape
    grown by ``rho`` is the union of thickened edges (rectangles) and corner circles."""
    hits: list[float] = []
    corners: Sequence[tuple[float, float]]
    if isinstance(shape, Disc):
        t = _circle_entry(p0, p1, shape.centre, shape.radius + rho)
        return t
    if isinstance(shape, Hull):
        h = shape
        for piece in (Hull(h.x, h.y, h.heading, h.length + 2 * rho, h.width), Hull(h.x, h.y, h.heading, h.length, h.width + 2 * rho)):
            t = segment_hull_entry(p0, p1, piece)
            if t is not None:
                hits.append(t)
        corners = h.corners
    else:
        if shape.contains(p0):
            return 0.0
        pts = shape.points
        for i, (ax, ay) in enumerate(pts):
            bx, by = pts[(i + 1) % len(pts)]
            a, b = Vec(ax, ay), Vec(bx, by)
            length = distance(a, b)
            if length > EPS:
                mid = Vec((ax + bx) / 2.0, (ay + by) / 2.0)
                t = segment_hull_entry(p0, p1, Hull(mid.x, mid.y, bearing(a, b), length, 2 * rho))
                if t is not None:
                    hits.append(t)
        corners = pts
    for cx, cy in corners:
        t = _circle_entry(p0, p1, Vec(cx, cy), rho)
        if t is not None:
            hits.append(t)
    return min(hits) if hits else None


def _edge_entry(p0: Vec, p1: Vec, sea: Sea, margin: float) -> float | None:
    """Fraction along p0 -> p1 where a point comes within ``margin`` of the table's edge."""
    t = math.inf
    for a, b, lo, hi in ((p0.x, p1.x, margin, sea.table.width - margin), (p0.y, p1.y, margin, sea.table.height - margin)):
        d = b - a
        if d > EPS:
            t = min(t, (hi - a) / d)
        elif d < -EPS:
            t = min(t, (lo - a) / d)
    if t > 1.0:
        return None
    return max(0.0, t)


Track = tuple[str, str, Shape]  # (ident, kind, shape)


def _out_of_reach(start: Vec, d: Vec, dist: float, shape: Shape, rho: float) -> bool:
    """Whether a disc moving ``dist`` from ``start`` along unit ``d`` stays clear of a shape's
    bounding circle grown by ``rho`` (and so of the shape): the cheap test that spares the exact
    one for everything far away, which is nearly everything a drifting mine passes."""
    if isinstance(shape, Hull):
        cx, cy, r = shape.x, shape.y, shape.radius
    elif isinstance(shape, Polygon):
        cx, cy, r = shape.cx, shape.cy, shape.radius
    else:
        cx, cy, r = shape.centre.x, shape.centre.y, shape.radius
    fx, fy = cx - start.x, cy - start.y
    along = max(0.0, min(dist, fx * d.x + fy * d.y))
    gx, gy = fx - d.x * along, fy - d.y * along
    reach = r + rho + 1e-6
    return gx * gx + gy * gy > reach * reach


def disc_travel(sea: Sea, start: Vec, direction: float, dist: float, radius: float, obstacles: Sequence[Track]) -> tuple[float, tuple[str, str] | None]:
    """Move a disc of ``radius`` from ``start`` up to ``dist`` inches along ``direction``; it stops
    :data:`CLEARANCE` short of the first thing it meets (ident, kind), or of the table's edge.
    Something it already touches stops it only if it moves towards it."""
    if dist <= 0.0:
        return 0.0, None
    d = unit(direction)
    end = Vec(start.x + d.x * dist, start.y + d.y * dist)
    ahead = Vec(start.x + d.x * PROBE, start.y + d.y * PROBE)
    rho = radius + CLEARANCE
    best: tuple[float, tuple[str, str] | None] = (math.inf, None)
    for ident, kind, shape in obstacles:
        if _out_of_reach(start, d, dist, shape, rho):
            continue
        now = _gap(start, shape)
        if now <= rho + 1e-7:
            t: float | None = 0.0 if _gap(ahead, shape) < now else None
        else:
            t = _grown_entry(start, end, shape, rho)
        if t is not None and t < best[0]:
            best = (t, (ident, kind))
    t_edge = _edge_entry(start, end, sea, radius + CLEARANCE)
    if t_edge is not None and t_edge < best[0]:
        best = (t_edge, ("edge", "edge"))
    if best[1] is None:
        return dist, None
    return max(0.0, best[0]) * dist, best[1]


def _spot_clear(sea: Sea, p: Vec, radius: float, shapes: Sequence[Shape], gap: float) -> bool:
    return sea.table.holds_point(p, radius + gap) and all(_gap(p, s) >= radius + gap for s in shapes)


def _edge_spot(sea: Sea, direction: float, radius: float, shapes: Sequence[Shape]) -> Vec | None:
    """Where a model enters on a line from the centre along ``direction``: at the table's edge,
    moved in along the line until it is wholly on the table and clear of ``shapes``."""
    centre = sea.table.centre
    edge = sea.table.edge_point(direction)
    reach = distance(centre, edge)
    back = unit(direction + 180.0)
    k = 0
    while k * ENTRY_STEP <= reach:
        p = Vec(edge.x + back.x * k * ENTRY_STEP, edge.y + back.y * k * ENTRY_STEP)
        if _spot_clear(sea, p, radius, shapes, 2 * CLEARANCE):
            return p
        k += 1
    return None


def _closest_on_hull(p: Vec, h: Hull) -> Vec:
    u, v = h.local(p)
    return h.world(max(-h.hl, min(h.hl, u)), max(-h.hw, min(h.hw, v)))


def _pt(p: Vec) -> list[float]:
    return [round(p.x, 4), round(p.y, 4)]


def _pose(h: Hull) -> list[float]:
    return [round(h.x, 4), round(h.y, 4), round(h.heading, 4)]


def _terrain_shapes(sea: Sea) -> list[Track]:
    return [(ob.ident, ob.kind, ob.shape) for ob in sea.obstacles]


def _sheltered(sea: Sea, ship: Ship) -> bool:
    """A ship in harbour is never shot at (JL-PORT-1)."""
    from grapeshot.rulesets.jimlad.harbour import in_harbour

    return in_harbour(sea, ship)


# --------------------------------------------------------------------------- setting up


def setup_models(g: Game, sea: Sea) -> Proc:
    """Before the first turn: the mines (JL-NPC-1) and Da Chinork on a landing pad (JL-EVT-11);
    none of them with option ``random_events: false``."""
    if not sea.option("random_events"):
        return
    sea.mines_total = len(sea.seats)
    pads = [t for t in sea.terrain if t.kind == "landing_pad" and t.point is not None]
    sea.chinork_pad = pads[0].name if pads else None
    g.emit("models", "JL-NPC-3", mines=sea.mines_total, chinork_pad=sea.chinork_pad, landing_pads=[t.name for t in pads])
    for _ in range(sea.mines_total):
        yield from lay_mine(g, sea)


def _mine_name(sea: Sea) -> str:
    """A name no mine of this game has had: a mine laid after another went off is not taken for it."""
    used = {m.name for m in sea.mines}
    k = sea.mines_named + 1
    while f"Mine {k}" in used:
        k += 1
    sea.mines_named = k
    return f"Mine {k}"


def _mine_spot_ok(sea: Sea, p: Vec) -> bool:
    """JL-NPC-1: at least 18" from the docks (and harbours), clear of ships, terrain and mines."""
    for t in sea.terrain:
        if t.kind in ("dock", "harbour") and t.shape is not None and t.shape.distance_to(p) < MINE_EDGE_DISTANCE + MINE_RADIUS:
            return False
    shapes: list[Shape] = [s.hull for s in sea.afloat()]
    shapes.extend(shape for _, _, shape in _terrain_shapes(sea))
    shapes.extend(Disc(Vec(m.x, m.y), MINE_RADIUS) for m in sea.mines)
    if sea.kraken is not None:
        shapes.append(Disc(Vec(sea.kraken.x, sea.kraken.y), KRAKEN_RADIUS))
    if sea.sub is not None:
        shapes.append(sea.sub.hull)
    return all(_gap(p, s) >= MINE_RADIUS + PLACEMENT_GAP for s in shapes)


def lay_mine(g: Game, sea: Sea) -> Proc:
    """JL-NPC-1: lay one mine at a random point: two D6 pick the column (the first die the sixth
    of the table's width, the second the step within it), two more the row, of the part of the
    table at least 18" from every edge; a point too near a dock, ship, terrain or mine is
    rolled again (at most 20 times; then the mine stays spare)."""
    lo = MINE_EDGE_DISTANCE + MINE_RADIUS
    w, h = sea.table.width - 2 * lo, sea.table.height - 2 * lo
    name = _mine_name(sea)
    if w < 0 or h < 0:
        g.emit("mine-placed", "JL-NPC-1", mine=name, at=None, how="setup", tries=0)
        return
    for attempt in range(1, PLACEMENT_TRIES + 1):
        cx = yield from g.roll(RollRequest(TWO_D6, f"{name}: column", "JL-NPC-1"))
        cy = yield from g.roll(RollRequest(TWO_D6, f"{name}: row", "JL-NPC-1"))
        fx = (6 * (cx.faces[0] - 1) + cx.faces[1] - 1 + 0.5) / 36.0
        fy = (6 * (cy.faces[0] - 1) + cy.faces[1] - 1 + 0.5) / 36.0
        p = Vec(lo + w * fx, lo + h * fy)
        if _mine_spot_ok(sea, p):
            sea.mines.append(Mine(name, p.x, p.y))
            g.emit("mine-placed", "JL-NPC-1", mine=name, at=_pt(p), how="setup", tries=attempt)
            return
    g.emit("mine-placed", "JL-NPC-1", mine=name, at=None, how="setup", tries=PLACEMENT_TRIES)


# --------------------------------------------------------------------------- mines


def mine_enters(g: Game, sea: Sea) -> Proc:
    """JL-EVT-12: a spare mine, if there is one, enters at the table's edge on a scatter line
    from the centre (moved in along the line until it is clear of ships and terrain)."""
    spare = sea.mines_total - len(sea.mines)
    if spare <= 0:
        g.emit("no-effect", "JL-EVT-12", ship=None, why="no spare mine: every mine is on the table")
        return
    direction = yield from roll_direction(g, sea, "where the new mine enters", "JL-EVT-12")
    shapes: list[Shape] = [s.hull for s in sea.afloat()]
    shapes.extend(shape for _, _, shape in _terrain_shapes(sea))
    spot = _edge_spot(sea, direction, MINE_RADIUS, shapes)
    name = _mine_name(sea)
    if spot is None:
        g.emit("mine-placed", "JL-EVT-12", mine=name, at=None, how="event", direction=round(direction, 3))
        return
    sea.mines.append(Mine(name, spot.x, spot.y))
    g.emit("mine-placed", "JL-EVT-12", mine=name, at=_pt(spot), how="event", direction=round(direction, 3))


def mines_drift(g: Game, sea: Sea) -> Proc:
    """JL-NPC-1: each mine on the table drifts D6" in a scatter direction."""
    for mine in list(sea.mines):
        if mine not in sea.mines:
            continue
        direction = yield from roll_direction(g, sea, f"{mine.name}: drift direction", "JL-NPC-1")
        r = yield from g.roll(RollRequest(D6, f"{mine.name}: drift distance", "JL-NPC-1"))
        yield from drift_mine(g, sea, mine, direction, float(r.total))


def drift_mine(g: Game, sea: Sea, mine: Mine, direction: float, inches: float) -> Proc:
    """Move a mine; it stops at terrain or the edge, and detonates against the first ship it meets."""
    start = Vec(mine.x, mine.y)
    obstacles: list[Track] = [(s.name, "ship", s.hull) for s in sea.afloat()]
    obstacles.extend(_terrain_shapes(sea))
    travelled, met = disc_travel(sea, start, direction, inches, MINE_RADIUS, obstacles)
    d = unit(direction)
    mine.x, mine.y = start.x + d.x * travelled, start.y + d.y * travelled
    g.emit(
        "mine-drift",
        "JL-NPC-1",
        mine=mine.name,
        direction=round(direction, 3),
        inches=inches,
        travelled=round(travelled, 4),
        start=_pt(start),
        end=[round(mine.x, 4), round(mine.y, 4)],
        contact=None if met is None else {"with": met[0], "kind": met[1]},
    )
    if met is not None and met[1] == "ship":
        yield from detonate(g, sea, mine, sea.ships[met[0]])


def detonate(g: Game, sea: Sea, mine: Mine, ship: Ship) -> Proc:
    """JL-NPC-1: a mine that meets a ship detonates: it is removed and strikes the ship at S8
    on the facing towards it (ruling: a ship sailing into a mine sets it off too, and sails on)."""
    from grapeshot.rulesets.jimlad.collisions import blow

    sea.mines.remove(mine)
    g.emit("mine", "JL-NPC-1", mine=mine.name, ship=ship.name, at=[round(mine.x, 4), round(mine.y, 4)])
    yield from blow(
        g,
        sea,
        ship,
        MINE_STRENGTH,
        ship.hull.facing_towards(Vec(mine.x, mine.y)),
        by_seat=None,
        by_actor=None,
        cause=f"{mine.name} detonating",
        rule="JL-NPC-1",
        strength_basis=single("JL-NPC-1", "a mine", MINE_STRENGTH),
    )


def model_at(sea: Sea, p: Vec) -> str | None:
    """The mine or Kraken under a point (a krak shell's landing point), if any."""
    for m in sea.mines:
        if distance(p, Vec(m.x, m.y)) <= MINE_RADIUS:
            return m.name
    if sea.kraken is not None and distance(p, Vec(sea.kraken.x, sea.kraken.y)) <= KRAKEN_RADIUS:
        return KRAKEN
    return None


def krak_hits_model(g: Game, sea: Sea, model: str, strength: int, *, by: Ship, cause: str) -> Proc:
    """JL-NPC-1, JL-NPC-2: krak landing on a mine or the Kraken strikes it against armour 11.
    A mine hit glancing or penetrating is destroyed without harm to anyone (ruling)."""
    if model == KRAKEN:
        yield from wound_kraken(
            g, sea, strength, cause=cause, by_seat=by.commander, by_actor=by.name, rule="JL-SHOOT-3", strength_basis=single("JL-SHOOT-2", "krak", strength)
        )
        return
    mine = next((m for m in sea.mines if m.name == model), None)
    if mine is None:
        return
    r = yield from g.roll(RollRequest(D6, f"{cause} against {mine.name}", "JL-NPC-1", by.commander, by.name, "high"))
    verdict = penetration(strength, r.total, MINE_ARMOUR)
    destroyed = verdict != "none"
    if destroyed:
        sea.mines.remove(mine)
    g.emit(
        "mine-shot",
        "JL-NPC-1",
        mine=mine.name,
        cause=cause,
        by=by.commander,
        strength=strength,
        roll=r.total,
        total=strength + r.total,
        armour=MINE_ARMOUR,
        verdict=verdict,
        destroyed=destroyed,
        **explained(g, {"strength": single("JL-SHOOT-2", "krak", strength), "armour": single("JL-NPC-1", "a mine's armour", MINE_ARMOUR)}),
    )


# --------------------------------------------------------------------------- the Kraken


def kraken_enters(g: Game, sea: Sea) -> Proc:
    """JL-NPC-2: the Kraken enters at the table's edge where a scatter line from the centre meets
    it (moved in along the line until it is wholly on the table and clear of ships, terrain and
    the sub).  The events table re-rolls a second Kraken, so there is only ever one."""
    direction = yield from roll_direction(g, sea, "where the Kraken rises", "JL-NPC-2")
    shapes: list[Shape] = [s.hull for s in sea.afloat()]
    shapes.extend(shape for _, _, shape in _terrain_shapes(sea))
    if sea.sub is not None:
        shapes.append(sea.sub.hull)
    spot = _edge_spot(sea, direction, KRAKEN_RADIUS, shapes)
    if spot is None:
        g.emit("no-effect", "JL-NPC-2", ship=None, why="no room for the Kraken on that line")
        return
    sea.kraken = Kraken(spot.x, spot.y)
    g.emit("kraken-enters", "JL-NPC-2", at=_pt(spot), direction=round(direction, 3), wounds=sea.kraken.wounds)


def kraken_target(g: Game, sea: Sea) -> Generator[Prompt, Any, Ship | None]:
    """JL-NPC-2: the nearest ship (hull to the Kraken's edge); ships equally near each roll a
    D6 and the lowest is the target (ties roll again)."""
    kr = sea.kraken
    ships = list(sea.afloat())
    if kr is None or not ships:
        return None
    c = Vec(kr.x, kr.y)
    gaps = {s.name: point_hull_distance(c, s.hull) - KRAKEN_RADIUS for s in ships}
    best = min(gaps.values())
    tied = [s for s in ships if gaps[s.name] - best <= 1e-6]
    first_tie = [s.name for s in tied] if len(tied) > 1 else []
    rolls: list[dict[str, Any]] = []
    while len(tied) > 1:
        scores: dict[str, int] = {}
        for s in tied:
            r = yield from g.roll(RollRequest(D6, f"{s.name}: roll off - the lowest draws the Kraken", "JL-NPC-2", s.commander, s.name, "high"))
            scores[s.name] = r.total
        rolls.append(dict(scores))
        low = min(scores.values())
        tied = [s for s in tied if scores[s.name] == low]
    target = tied[0]
    g.emit("kraken-target", "JL-NPC-2", ship=target.name, gap=round(gaps[target.name], 4), tied=first_tie, tie_rolls=rolls)
    return target


def kraken_moves(g: Game, sea: Sea) -> Proc:
    """JL-NPC-2 (ruling: at the start of the movement phase, before the ships): the Kraken goes
    3D6" straight at the nearest ship, stopping on contact with anything, and attacks a ship it
    touches."""
    kr = sea.kraken
    if kr is None:
        return
    target = yield from kraken_target(g, sea)
    if target is None:
        return
    c = Vec(kr.x, kr.y)
    victim: Ship | None = target
    if point_hull_distance(c, target.hull) - KRAKEN_RADIUS > KRAKEN_CONTACT:
        r = yield from g.roll(RollRequest(nd6(KRAKEN_MOVE_DICE), "the Kraken's move", "JL-NPC-2"))
        direction = bearing(c, _closest_on_hull(c, target.hull))
        obstacles: list[Track] = [(s.name, "ship", s.hull) for s in sea.afloat()]
        obstacles.extend(_terrain_shapes(sea))
        if sea.sub is not None:
            obstacles.append((SUB, "sub", sea.sub.hull))
        travelled, met = disc_travel(sea, c, direction, float(r.total), KRAKEN_RADIUS, obstacles)
        d = unit(direction)
        kr.x, kr.y = c.x + d.x * travelled, c.y + d.y * travelled
        g.emit(
            "kraken-move",
            "JL-NPC-2",
            target=target.name,
            direction=round(direction, 3),
            inches=r.total,
            travelled=round(travelled, 4),
            start=_pt(c),
            end=[round(kr.x, 4), round(kr.y, 4)],
            contact=None if met is None else {"with": met[0], "kind": met[1]},
        )
        victim = sea.ships[met[0]] if met is not None and met[1] == "ship" else None
    if victim is not None:
        yield from kraken_attacks(g, sea, victim)


def kraken_attacks(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-NPC-2: three S8 attacks on the facing the Kraken touches; each hits on a 4+ (ruling) and
    is struck like a ram: ramshackle save, and a penetrating hit rolls on the damage table at once."""
    from grapeshot.rulesets.jimlad.collisions import blow

    kr = sea.kraken
    if kr is None or not ship.afloat:
        return
    facing = ship.hull.facing_towards(Vec(kr.x, kr.y))
    r = yield from g.roll(RollRequest(nd6(KRAKEN_ATTACKS), f"the Kraken's attacks on {ship.name}", "JL-NPC-2"))
    hits = sum(1 for f in r.faces if f >= KRAKEN_HIT)
    need = single("JL-NPC-2", "each attack hits on a 4+ (ruling)", KRAKEN_HIT)
    g.emit("kraken-attack", "JL-NPC-2", ship=ship.name, facing=facing.value, faces=list(r.faces), need=KRAKEN_HIT, hits=hits, **explained(g, {"need": need}))
    for _ in range(hits):
        if not ship.afloat:
            break
        yield from blow(
            g,
            sea,
            ship,
            KRAKEN_STRENGTH,
            facing,
            by_seat=None,
            by_actor=None,
            cause="the Kraken",
            rule="JL-NPC-2",
            strength_basis=single("JL-NPC-2", "the Kraken's attack", KRAKEN_STRENGTH),
        )


def wound_kraken(
    g: Game, sea: Sea, strength: int, *, cause: str, by_seat: str | None, by_actor: str | None, rule: str, strength_basis: list[Term] | None = None
) -> Proc:
    """JL-NPC-2: S + D6 against the Kraken's armour 11; glancing or penetrating costs it a wound,
    and at none left it is slain (removed; a later event may bring another)."""
    kr = sea.kraken
    if kr is None:
        return
    r = yield from g.roll(RollRequest(D6, f"{cause} against the Kraken's hide", "JL-NPC-2", by_seat, by_actor, "high"))
    verdict = penetration(strength, r.total, KRAKEN_ARMOUR)
    if verdict != "none":
        kr.wounds -= 1
    g.emit(
        "kraken-hit",
        "JL-NPC-2",
        cause=cause,
        by=by_seat,
        strength=strength,
        roll=r.total,
        total=strength + r.total,
        armour=KRAKEN_ARMOUR,
        verdict=verdict,
        wounds=kr.wounds,
        weapon_rule=rule,
        **explained(g, {"strength": strength_basis or single(rule, cause, strength), "armour": single("JL-NPC-2", "the Kraken's hide", KRAKEN_ARMOUR)}),
    )
    if kr.wounds <= 0:
        sea.kraken = None
        g.emit("kraken-slain", "JL-NPC-2", cause=cause, by=by_seat)


# --------------------------------------------------------------------------- a ship meets a model


def ship_meets(g: Game, sea: Sea, ship: Ship, contact: Contact, course: float) -> Generator[Prompt, Any, bool]:
    """A moving ship touches a mine, the Kraken or the sub; True if its move goes on.

    * a mine detonates against it, and it sails on (JL-NPC-1);
    * the Kraken: the ship stops and its impact (the ramming strength for the distance it came,
      JL-RAM-3) strikes the Kraken; the Kraken answers in its own movement step (JL-NPC-2 ruling);
    * the sub crash-dives out of its way (removed) and the ship sails on (JL-EVT-14 ruling).
    """
    if contact.kind == "mine":
        mine = next(m for m in sea.mines if m.name == contact.ident)
        yield from detonate(g, sea, mine, ship)
        return True
    if contact.kind == "kraken":
        from grapeshot.rulesets.jimlad.collisions import strength_of

        strength, parts, terms = strength_of(sea, ship, contact.at, course, None)
        g.emit("kraken-rammed", "JL-NPC-2", ship=ship.name, strength=strength, **parts, **explained(g, {"strength": terms}))
        yield from wound_kraken(
            g, sea, strength, cause=f"{ship.name} running into the Kraken", by_seat=ship.commander, by_actor=ship.name, rule="JL-NPC-2", strength_basis=terms
        )
        return False
    if contact.kind == "sub":
        sea.sub = None
        g.emit("sub-dives", "JL-EVT-14", why=f"{ship.name} bore down on it")
        return True
    return False


# --------------------------------------------------------------------------- Da Dred NoOrk


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
    g.emit("sub-surfaces", "JL-EVT-14", ship=ship.name, direction=round(direction, 3), inches=r.total, at=_pose(hull))
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
    seen = [s for s in sea.afloat() if not _sheltered(sea, s) and arc_meets_hull(bow, arc, s.hull, TORPEDO_RUN)]
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
        g.emit("sub-waits", "JL-EVT-14", at=_pose(sub.hull), why="no ship in its forward arc")
        return False
    turned = _turn_sub(sea, bearing(sub.hull.centre, target.centre))
    g.emit("sub-fires", "JL-EVT-14", target=target.name, at=_pose(sub.hull), turned=turned)
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
    ships = [s for s in sea.afloat() if not _sheltered(sea, s)]
    if not ships:
        return
    c = sub.hull.centre
    target = min(ships, key=lambda s: point_hull_distance(c, s.hull))
    direction = bearing(c, _closest_on_hull(c, target.hull))
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
        start=_pose(before),
        end=_pose(sub.hull),
        contact=None if c2 is None else {"with": c2.ident, "kind": c2.kind, "at": round(c2.at, 4)},
    )


# --------------------------------------------------------------------------- Da Chinork


def _convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def chinork_region(start: Vec, end: Vec) -> Polygon:
    """Everything that lies, at some moment of a flight from ``start`` to ``end``, within 48" and
    45 degrees of the Chinork's nose: its 90-degree, 48" front sector swept along the flight
    line (a convex region; the sector's arc drawn as 12 chords)."""
    course = bearing(start, end) if distance(start, end) > EPS else 0.0
    sector = [(start.x, start.y)]
    for i in range(13):
        a = course - CHINORK_ARC / 2.0 + CHINORK_ARC * i / 12
        u = unit(a)
        sector.append((start.x + u.x * CHINORK_RANGE, start.y + u.y * CHINORK_RANGE))
    dx, dy = end.x - start.x, end.y - start.y
    return Polygon(_convex_hull(sector + [(x + dx, y + dy) for x, y in sector]))


def _closest_on_segment(p: Vec, a: Vec, b: Vec) -> Vec:
    ex, ey = b.x - a.x, b.y - a.y
    ll = ex * ex + ey * ey
    t = 0.0 if ll <= EPS else max(0.0, min(1.0, ((p.x - a.x) * ex + (p.y - a.y) * ey) / ll))
    return Vec(a.x + t * ex, a.y + t * ey)


def chinork_flies(g: Game, sea: Sea) -> Proc:
    """JL-EVT-11: Da Chinork flies straight from its pad to the next landing pad (scenario order,
    round to the first) and shoots 4 x S7, each hitting on a 4+, at every ship afloat (not in
    harbour) that its front arc swept within 48" during the flight.  Hits strike the facing
    towards the closest point of the flight line and are resolved like rams (save, damage table
    at once).  With fewer than two pads the Chinork stays on the ground."""
    from grapeshot.rulesets.jimlad.collisions import blow

    pads = [t for t in sea.terrain if t.kind == "landing_pad" and t.point is not None]
    names = [t.name for t in pads]
    if len(pads) < 2 or sea.chinork_pad not in names:
        g.emit("no-effect", "JL-EVT-11", ship=None, why="fewer than two landing pads: Da Chinork stays on the ground")
        return
    i = names.index(sea.chinork_pad)
    origin, dest = pads[i], pads[(i + 1) % len(pads)]
    assert origin.point is not None and dest.point is not None
    a, b = origin.point, dest.point
    region = chinork_region(a, b)
    targets = [s for s in sea.afloat() if not _sheltered(sea, s) and hull_hits_polygon(s.hull, region)]
    g.emit("chinork", "JL-EVT-11", start=origin.name, end=dest.name, path=[_pt(a), _pt(b)], targets=[s.name for s in targets])
    sea.chinork_pad = dest.name
    for ship in targets:
        if not ship.afloat:
            continue
        source = _closest_on_segment(ship.centre, a, b)
        if ship.hull.contains(source):
            source = a
        facing = ship.hull.facing_towards(source)
        r = yield from g.roll(RollRequest(nd6(CHINORK_SHOTS), f"{CHINORK} shooting at {ship.name}", "JL-EVT-11"))
        hits = sum(1 for f in r.faces if f >= CHINORK_HIT)
        need = single("JL-EVT-11", "each shot hits on a 4+, as the grot gunners do (ruling)", CHINORK_HIT)
        g.emit(
            "chinork-shots",
            "JL-EVT-11",
            ship=ship.name,
            facing=facing.value,
            source=_pt(source),
            faces=list(r.faces),
            need=CHINORK_HIT,
            hits=hits,
            **explained(g, {"need": need}),
        )
        for _ in range(hits):
            if not ship.afloat:
                break
            yield from blow(
                g,
                sea,
                ship,
                CHINORK_STRENGTH,
                facing,
                by_seat=None,
                by_actor=None,
                cause=f"{CHINORK}'s kannons",
                rule="JL-EVT-11",
                strength_basis=single("JL-EVT-11", f"{CHINORK}'s kannons", CHINORK_STRENGTH),
            )


# --------------------------------------------------------------------------- invariants


def kraken_on_track(sea: Sea, start: Vec, end: Vec) -> Vec | None:
    """Where a torpedo track first meets the Kraken, if it does."""
    kr = sea.kraken
    if kr is None:
        return None
    t = _circle_entry(start, end, Vec(kr.x, kr.y), KRAKEN_RADIUS)
    if t is None:
        return None
    return Vec(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t)


def invariants(sea: Sea) -> list[str]:
    """The models stay on the table and no ship overlaps them (checked after every action)."""
    problems: list[str] = []
    ships = list(sea.afloat())
    if len(sea.mines) > sea.mines_total:
        problems.append(f"{len(sea.mines)} mines on the table, but only {sea.mines_total} in the game")
    for m in sea.mines:
        if not sea.table.holds_point(Vec(m.x, m.y), MINE_RADIUS - 1e-6):
            problems.append(f"{m.name} is off the table at ({m.x:.3f}, {m.y:.3f})")
        shape = m.shape()
        problems.extend(f"{s.name} overlaps {m.name}" for s in ships if hull_hits_polygon(s.hull, shape))
    if sea.kraken is not None:
        kr = sea.kraken
        if not sea.table.holds_point(Vec(kr.x, kr.y), KRAKEN_RADIUS - 1e-6):
            problems.append(f"the Kraken is off the table at ({kr.x:.3f}, {kr.y:.3f})")
        if kr.wounds <= 0:
            problems.append("the Kraken is on the table with no wounds")
        shape = kr.shape()
        problems.extend(f"{s.name} overlaps the Kraken" for s in ships if hull_hits_polygon(s.hull, shape))
    if sea.sub is not None:
        h = sea.sub.hull
        if not sea.table.holds(h):
            problems.append(f"the sub is off the table at {h!r}")
        problems.extend(f"{s.name} overlaps the sub" for s in ships if hulls_overlap(s.hull, h))
    return problems
