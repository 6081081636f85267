"""The floating mines (JL-NPC-1, JL-EVT-12): laid before turn 1, drifting each turn, going off
against the ships they meet, and coming back to the table with a mines event.

As many mines as there are seats are laid before turn 1 at random points (two D6 pick the column,
two the row, of a 36 x 36 grid over the part of the table at least 18" from the edges), clear of
the docks by 18" and of ships, terrain and each other by 1"; one within 18" of a ship is then
moved, with no more dice, to the nearest grid point 18" clear of every ship (a ruling: a mine laid
before a bow would be met on turn 1 whatever card was played).  From turn 2 each drifts D6" in a
scatter direction after the random events; one that drifts into a ship detonates against it (S8
on the facing towards it); one that meets terrain or the table's edge stops there.  A mine no
longer on the table is "spare" and may come back with a mines event.  The mines are a room of
their own: their life on the table is one story, told apart from the other models'.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, TWO_D6, RollRequest
from grapeshot.geometry import (
    Vec,
)
from grapeshot.rulesets.jimlad.basis import single
from grapeshot.rulesets.jimlad.compass import roll_direction
from grapeshot.rulesets.jimlad.damage import blow
from grapeshot.rulesets.jimlad.data import (
    KRAKEN_RADIUS,
    MINE_EDGE_DISTANCE,
    MINE_RADIUS,
    MINE_STRENGTH,
)
from grapeshot.rulesets.jimlad.discs import Disc, Shape, Track, edge_spot, move_disc, pt, shape_gap, terrain_shapes
from grapeshot.rulesets.jimlad.state import Mine, Sea, Ship

Proc = Generator[Prompt, Any, Any]

PLACEMENT_GAP = 1.0  # inches a mine is laid clear of terrain and other mines
#: inches a mine is laid clear of every ship at set-up (JL-NPC-1 ruling): the text's 18" from the
#: edges and docks, where fleets start, kept from the ships themselves, so no card is forced onto one
SHIP_GAP = MINE_EDGE_DISTANCE
PLACEMENT_TRIES = 20  # a mine that finds no place in this many tries stays spare
GRID = 36  # the laying grid's columns and rows: two D6 pick each


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
    shapes.extend(shape for _, _, shape in terrain_shapes(sea))
    shapes.extend(Disc(Vec(m.x, m.y), MINE_RADIUS) for m in sea.mines)
    if sea.kraken is not None:
        shapes.append(Disc(Vec(sea.kraken.x, sea.kraken.y), KRAKEN_RADIUS))
    if sea.sub is not None:
        shapes.append(sea.sub.hull)
    return all(shape_gap(p, s) >= MINE_RADIUS + PLACEMENT_GAP for s in shapes)


def _clear_of_ships(sea: Sea, p: Vec) -> bool:
    """JL-NPC-1 ruling: at least 18" from every ship afloat."""
    return all(shape_gap(p, s.hull) >= MINE_RADIUS + SHIP_GAP for s in sea.afloat())


def _nearest_clear(sea: Sea, p: Vec, lo: float, w: float, h: float) -> Vec | None:
    """The point of the laying grid nearest ``p`` that is a good spot and 18" clear of every ship
    (the nearer column first on a tie), or None: no dice are rolled for it, so a game rolls the same
    dice for its mines as it did before the ruling."""
    cells = [Vec(lo + w * (i + 0.5) / GRID, lo + h * (j + 0.5) / GRID) for i in range(GRID) for j in range(GRID)]
    cells.sort(key=lambda c: ((c.x - p.x) ** 2 + (c.y - p.y) ** 2, abs(c.x - p.x)))
    return next((c for c in cells if _clear_of_ships(sea, c) and _mine_spot_ok(sea, c)), None)


def lay_mine(g: Game, sea: Sea) -> Proc:
    """JL-NPC-1: lay one mine at a random point: two D6 pick the column (the first die the sixth
    of the table's width, the second the step within it), two more the row, of the part of the
    table at least 18" from every edge; a point too near a dock, ship, terrain or mine is rolled
    again (at most 20 times; then the mine stays spare), and a good point within 18" of a ship is
    moved to the nearest grid point 18" clear of every ship (none: the mine stays spare)."""
    lo = MINE_EDGE_DISTANCE + MINE_RADIUS
    w, h = sea.table.width - 2 * lo, sea.table.height - 2 * lo
    name = _mine_name(sea)
    if w < 0 or h < 0:
        g.emit("mine-placed", "JL-NPC-1", mine=name, at=None, how="setup", tries=0)
        return
    for attempt in range(1, PLACEMENT_TRIES + 1):
        cx = yield from g.roll(RollRequest(TWO_D6, f"{name}: column", "JL-NPC-1"))
        cy = yield from g.roll(RollRequest(TWO_D6, f"{name}: row", "JL-NPC-1"))
        fx = (6 * (cx.faces[0] - 1) + cx.faces[1] - 1 + 0.5) / GRID
        fy = (6 * (cy.faces[0] - 1) + cy.faces[1] - 1 + 0.5) / GRID
        p = Vec(lo + w * fx, lo + h * fy)
        if _mine_spot_ok(sea, p):
            if _clear_of_ships(sea, p):
                sea.mines.append(Mine(name, p.x, p.y))
                g.emit("mine-placed", "JL-NPC-1", mine=name, at=pt(p), how="setup", tries=attempt)
                return
            # within 18" of a ship: to the nearest grid point clear of them all (or it stays spare)
            q = _nearest_clear(sea, p, lo, w, h)
            if q is not None:
                sea.mines.append(Mine(name, q.x, q.y))
            g.emit("mine-placed", "JL-NPC-1", mine=name, at=None if q is None else pt(q), how="setup", tries=attempt, moved_from=pt(p))
            return
    g.emit("mine-placed", "JL-NPC-1", mine=name, at=None, how="setup", tries=PLACEMENT_TRIES)


def mine_enters(g: Game, sea: Sea) -> Proc:
    """JL-EVT-12: a spare mine, if there is one, enters at the table's edge on a scatter line
    from the centre (moved in along the line until it is clear of ships and terrain)."""
    spare = sea.mines_total - len(sea.mines)
    if spare <= 0:
        g.emit("no-effect", "JL-EVT-12", ship=None, why="no spare mine: every mine is on the table")
        return
    direction = yield from roll_direction(g, sea, "where the new mine enters", "JL-EVT-12")
    shapes: list[Shape] = [s.hull for s in sea.afloat()]
    shapes.extend(shape for _, _, shape in terrain_shapes(sea))
    spot = edge_spot(sea, direction, MINE_RADIUS, shapes)
    name = _mine_name(sea)
    if spot is None:
        g.emit("mine-placed", "JL-EVT-12", mine=name, at=None, how="event", direction=round(direction, 3))
        return
    sea.mines.append(Mine(name, spot.x, spot.y))
    g.emit("mine-placed", "JL-EVT-12", mine=name, at=pt(spot), how="event", direction=round(direction, 3))


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
    obstacles.extend(terrain_shapes(sea))
    moved = move_disc(sea, start, direction, inches, MINE_RADIUS, obstacles, inches)
    mine.x, mine.y = moved.end.x, moved.end.y
    g.emit("mine-drift", "JL-NPC-1", mine=mine.name, **moved.fields)
    met = moved.met
    if met is not None and met[1] == "ship":
        yield from detonate(g, sea, mine, sea.ships[met[0]])


def detonate(g: Game, sea: Sea, mine: Mine, ship: Ship) -> Proc:
    """JL-NPC-1: a mine that meets a ship detonates: it is removed and strikes the ship at S8
    on the facing towards it (ruling: a ship sailing into a mine sets it off too, and sails on)."""
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
