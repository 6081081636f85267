"""Models on decks and in the water: who touches whom, who stands at the gunwale, and moving
models about (NW-BOARD-2, NW-BOARD-3, NW-BOARD-10, NW-FLY-1, NW-PSY-3, NW-SWIM-1).

Everything is the table's own geometry (``geometry.contact``, ``placing``, ``decks``): a model is a
round base; two models are in contact when their bases touch, or when each stands at its own
gunwale directly across the gap between two ships (``geometry.across``: NW-BOARD-3).  A model's
move is measured straight and it stands at the free spot nearest where it was sent within its
reach (a ruling: decks are open ground, and the nearest free spot never overlaps anyone).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from grapeshot.geometry import (
    TOUCH,
    Base,
    DeckPoint,
    Facing,
    FreeSpace,
    Hull,
    Polygon,
    Vec,
    across,
    at_gunwale,
    base_gap,
    bearing,
    distance,
    point_hull_distance,
    unit,
)
from grapeshot.rulesets.navalwarhammer.data import GUNWALE_STRIP, MAST_RADIUS
from grapeshot.rulesets.navalwarhammer.state import Fig, Sea, Ship, Troops

#: two bases this close count as touching (placing leaves them a hair apart)
CONTACT = 0.01

Model = tuple[Troops, int]


def base_of(sea: Sea, u: Troops, i: int) -> Base:
    p = sea.where(u.figs[i])
    return Base(p.x, p.y, u.radius, f"{u.name}#{i}")


def figures(sea: Sea, *, ships: Iterable[str] | None = None, levels: Sequence[str] = ("deck",)) -> list[Model]:
    """Living models on the given ships' decks (every ship by default), as (unit, index)."""
    wanted = None if ships is None else set(ships)
    return [(u, i) for u in sea.alive() for i, f in enumerate(u.figs) if f.level in levels and (wanted is None or f.on in wanted)]


def touching(sea: Sea, u: Troops, i: int, others: Iterable[Model]) -> list[Model]:
    """NW-BOARD-3: the models among ``others`` that model (u, i) is in contact with: bases that
    touch on the same level (decks with decks, swimmers with swimmers, flyers with flyers; below
    decks and aloft only on the same ship), or models directly across the gap at two ships'
    gunwales."""
    f = u.figs[i]
    me = base_of(sea, u, i)
    out: list[Model] = []
    for v, j in others:
        if v is u and j == i:
            continue
        g = v.figs[j]
        if f.level != g.level or (f.level in ("below", "aloft") and f.on != g.on):
            continue
        other = base_of(sea, v, j)
        if base_gap(me, other) <= CONTACT or (
            f.level == "deck" and f.on != g.on and across(me, sea.ships[f.on].hull, other, sea.ships[g.on].hull, GUNWALE_STRIP)
        ):
            out.append((v, j))
    return out


def enemy_models_near(sea: Sea, u: Troops) -> list[Model]:
    """Enemy models on the decks or in the water near any of ``u``'s models (a broad phase)."""
    ships = {f.on for f in u.figs if f.aboard}
    for s in list(ships):
        ships.update(sea.ships[s].grappled)
    return [
        (v, j)
        for v in sea.alive()
        if v.seat != u.seat
        for j, g in enumerate(v.figs)
        if (g.aboard and g.on in ships and g.level == "deck") or (not g.aboard and any(distance(sea.where(g), sea.where(f)) < 4.0 for f in u.figs))
    ]


def enemy_contacts(sea: Sea, u: Troops, i: int, near: list[Model] | None = None) -> list[Model]:
    """The enemy models (u, i) is in contact with."""
    return touching(sea, u, i, enemy_models_near(sea, u) if near is None else near)


def engaged(sea: Sea, u: Troops) -> bool:
    """A unit with any model in contact with an enemy model is in combat."""
    near = enemy_models_near(sea, u)
    return any(enemy_contacts(sea, u, i, near) for i in range(len(u.figs)))


# --------------------------------------------------------------------------- free space


def space_on(sea: Sea, ship: Ship, level: str, radius: float, moving: Iterable[Model] = ()) -> FreeSpace:
    """Where a base of ``radius`` may stand on a ship's deck (or below, or aloft): inside the hull,
    clear of the other models there and of the masts (on the upper deck)."""
    skip = {(id(u), i) for u, i in moving}
    bases = [base_of(sea, v, j) for v, j in figures(sea, ships=[ship.name], levels=(level,)) if (id(v), j) not in skip]
    masts = [Polygon.circle(dp.world(ship.hull), MAST_RADIUS, 8) for k, dp in ship.mast_points().items() if ship.part_alive(k)] if level == "deck" else []
    return FreeSpace(radius, [ship.hull], bases, masts)


def water_space(sea: Sea, radius: float, moving: Iterable[Model] = ()) -> FreeSpace:
    """Where a base may float: on the table, off every hull and piece of terrain, clear of the
    other swimmers and flyers."""
    skip = {(id(u), i) for u, i in moving}
    bases = [base_of(sea, v, j) for v, j in figures(sea, levels=("water", "air")) if (id(v), j) not in skip]
    obstacles: list[Hull | Polygon] = [s.hull for s in sea.afloat()]
    obstacles += [t.shape for t in sea.terrain if t.shape is not None and t.is_obstacle]
    return FreeSpace(radius, [sea.table], bases, obstacles)


def set_on(sea: Sea, u: Troops, i: int, ship: Ship, level: str, p: Vec) -> None:
    dp = DeckPoint.of(ship.hull, p)
    u.figs[i] = Fig(ship.name, dp.along, dp.port, level)


def place_on(sea: Sea, u: Troops, i: int, ship: Ship, goal: Vec, reach: float | None = None, level: str = "deck") -> bool:
    """Move model (u, i) to the free spot on ``ship`` nearest ``goal``, if that spot lies within
    ``reach`` of where it stands (None: anywhere).  Returns whether it moved."""
    start = sea.where(u.figs[i])
    spot = space_on(sea, ship, level, u.radius, [(u, i)]).nearest(goal)
    if spot is None or (reach is not None and distance(start, spot) > reach + TOUCH):
        return False
    set_on(sea, u, i, ship, level, spot)
    return True


def to_water(sea: Sea, u: Troops, i: int, near: Vec | None = None, level: str = "water") -> bool:
    """NW-SWIM-1: model (u, i) goes into the water (or, a flyer, up over it) at the free spot
    nearest ``near`` (where it stands by default).  False if there is no room anywhere."""
    p = sea.where(u.figs[i]) if near is None else near
    spot = water_space(sea, u.radius, [(u, i)]).nearest(p)
    if spot is None:
        return False
    u.figs[i] = Fig("", spot.x, spot.y, level)
    return True


# --------------------------------------------------------------------------- the gunwale


def facing_side(ship: Ship, enemy: Ship) -> Facing:
    """The side of ``ship`` that faces ``enemy`` (the facing the enemy's nearest point lies in front of)."""
    h = enemy.hull
    nearest = min((Vec(x, y) for x, y in h.corners), key=lambda p: point_hull_distance(p, ship.hull))
    mid = Vec((nearest.x + h.x) / 2.0, (nearest.y + h.y) / 2.0)
    return ship.hull.facing_towards(mid if point_hull_distance(mid, ship.hull) < point_hull_distance(h.centre, ship.hull) else h.centre)


def rail_slots(ship: Ship, enemy: Ship, radius: float) -> list[Vec]:
    """Places for bases of ``radius`` along the gunwale of ``ship`` facing ``enemy``, nearest the
    enemy's hull first."""
    hull = ship.hull
    side = facing_side(ship, enemy)
    inset = radius + GUNWALE_STRIP / 4.0
    pts: list[Vec] = []
    if side in (Facing.PORT, Facing.STARBOARD):
        port = (hull.hw - inset) * (1.0 if side is Facing.PORT else -1.0)
        n = max(1, int((hull.length - 2 * radius) // (2 * radius)) + 1)
        for k in range(n):
            along = -hull.hl + radius + k * 2 * radius
            pts.append(hull.world(along, port))
    else:
        along = (hull.hl - inset) * (1.0 if side is Facing.FRONT else -1.0)
        n = max(1, int((hull.width - 2 * radius) // (2 * radius)) + 1)
        for k in range(n):
            pts.append(hull.world(along, -hull.hw + radius + k * 2 * radius))
    return sorted(pts, key=lambda p: (point_hull_distance(p, enemy.hull), p.x, p.y))


def at_rail(sea: Sea, u: Troops, i: int) -> bool:
    f = u.figs[i]
    return f.level == "deck" and at_gunwale(base_of(sea, u, i), sea.ships[f.on].hull, GUNWALE_STRIP)


def line_up(sea: Sea, u: Troops, ship: Ship, enemy: Ship, reach: float) -> int:
    """NW-BOARD-2: the unit's models aboard ``ship`` move up to ``reach`` to line up at the gunwale
    facing ``enemy``, nearest the enemy first.  Returns how many reached the rail."""
    slots = rail_slots(ship, enemy, u.radius)
    moved = 0
    order = sorted(
        (i for i, f in enumerate(u.figs) if f.on == ship.name and f.level == "deck"), key=lambda i: point_hull_distance(sea.where(u.figs[i]), enemy.hull)
    )
    taken: list[Vec] = []
    for i in order:
        if at_rail(sea, u, i) and facing_side(ship, enemy) is ship.hull.facing_towards(sea.where(u.figs[i])):
            moved += 1
            continue
        start = sea.where(u.figs[i])
        for slot in slots:
            if any(distance(slot, t) < 2 * u.radius - TOUCH for t in taken) or distance(start, slot) > reach:
                continue
            if place_on(sea, u, i, ship, slot, reach):
                taken.append(sea.where(u.figs[i]))
                moved += int(at_rail(sea, u, i))
                break
    return moved


def charge(sea: Sea, u: Troops, reach: float) -> int:
    """Models of ``u`` not yet fighting move up to ``reach`` into contact with the nearest enemy
    model aboard a ship their own is grappled with (or on their own deck), onto the enemy's deck
    where there is room.  Returns how many ended in contact."""
    made = 0
    for i in range(len(u.figs)):
        f = u.figs[i]
        if not f.aboard or f.level != "deck" or enemy_contacts(sea, u, i):
            continue
        start = sea.where(f)
        decks = {f.on, *sea.ships[f.on].grappled}
        foes = [(v, j) for v in sea.alive() if v.seat != u.seat for j, g in enumerate(v.figs) if g.level == "deck" and g.on in decks]
        foes.sort(key=lambda m: (distance(start, sea.where(m[0].figs[m[1]])), m[0].name, m[1]))
        for v, j in foes[:6]:
            target = sea.where(v.figs[j])
            if distance(start, target) > reach + u.radius + v.radius:
                break
            ship = sea.ships[v.figs[j].on]
            d = bearing(target, start)
            goal = Vec(target.x + unit(d).x * (u.radius + v.radius), target.y + unit(d).y * (u.radius + v.radius))
            if place_on(sea, u, i, ship, goal, reach) and enemy_contacts(sea, u, i):
                made += 1
                break
            if not (u.figs[i].on == f.on and sea.where(u.figs[i]) == start):
                break
    return made


def go_home(sea: Sea, u: Troops, reach: float | None) -> int:
    """Models of ``u`` aboard other ships go back to their own ship's deck (within ``reach``;
    None: wherever there is room).  Returns how many are still away."""
    home = sea.ships.get(u.home)
    away = 0
    for i, f in enumerate(u.figs):
        if not f.aboard or f.on == u.home:
            continue
        if home is None or not home.afloat or not place_on(sea, u, i, home, sea.where(f), reach):
            away += 1
    return away


def step_back(sea: Sea, u: Troops, enemy: Ship, inches: float) -> None:
    """NW-BOARD-2, Prepare for Action: models move up to ``inches`` away from ``enemy``."""
    for i, f in enumerate(u.figs):
        if f.level != "deck":
            continue
        ship = sea.ships[f.on]
        p = sea.where(f)
        d = unit(bearing(enemy.hull.centre, p))
        place_on(sea, u, i, ship, Vec(p.x + d.x * inches, p.y + d.y * inches), inches)
