"""Off the decks: swimmers (NW-SWIM-1, NW-SWIM-2), sharks, and flyers (NW-FLY-1, NW-FLY-2).

Models in the water form a unit of swimmers apart from their unit aboard (their weapons and
shields dropped, their body armour kept, NW-SWIM-1).  At the start of their side's turn each
swims: D6-1", one less for each point of armour better than 5+, a 1 drowning it (aquatic models
swim their move and never drown, NW-SWIM-2; the fantasy core's :func:`~.fantasy.swimming.swim`).
A swimmer makes for the nearest friendly ship and climbs aboard once it touches her hull, where
there is room; aquatic swimmers and monsters make for the nearest enemy ship instead, to attack
it.  Ships pass through swimmers and flyers, moving them aside the least distance (NW-SWIM-1,
NW-FLY-2); a swimming monster stops a ship that meets it (it is in the sweep).

The sharks (a stand-in for the naval supplement's shark rolls): at the start of each game turn
after the first, each swimming unit rolls a D6; a 6 (+1 for each ship that started the game
overcrowded, with the option ``overcrowded_sharks``, NW-CROWD-1) loses a model.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Base, FreeSpace, Hull, Polygon, Vec, bearing, distance, point_hull_distance, push
from grapeshot.rulesets.navalwarhammer.aboard import base_of, figures, place_on, water_space
from grapeshot.rulesets.navalwarhammer.data import CLIMB_REACH, SHARK_ROLL
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAPACITY, Profile, Special, Troop, Weapon
from grapeshot.rulesets.navalwarhammer.fantasy.swimming import swim
from grapeshot.rulesets.navalwarhammer.state import Fig, Sea, Ship, Troops

#: NW-SWIM-1: what a swimmer fights with, its weapons dropped
BARE_HANDS = Weapon("fists, teeth and horns")

Proc = Generator[Prompt, Any, Any]


def swimmers_of(sea: Sea, u: Troops) -> Troops:
    """The unit of ``u``'s models in the water (made the first time one goes in)."""
    if u.swimming and u.alive and not u.boat:
        return u
    base = f"{u.kind} (swimming, from {u.home})"
    found = sea.living(base)
    if found is not None and found.swimming:
        return found
    # a unit wiped out stays dead: later swimmers form a new unit under a new name
    name = sea.new_name(base)
    p = u.profile
    body = u.body_armour
    swimmers = Troops(
        name=name,
        seat=u.seat,
        profile=Profile(p.m, p.ws, p.bs, p.s, p.t, p.w, p.i, p.a, p.ld, body, p.ward),
        models=0,
        troop=u.troop,
        specials=u.specials,
        weapon=BARE_HANDS,
        mount=u.mount,
        boat=None,
        shield=False,
        kind=u.kind,
        army=u.army,
        home=u.home,
        radius=u.radius,
        points=u.points,
        swimming=True,
        works=False,
    )
    sea.units[name] = swimmers
    return swimmers


def rescued_unit(sea: Sea, u: Troops, ship: Ship) -> Troops:
    """The unit a swimmer joins when it climbs aboard a friendly ship: weaponless still, but crew
    of that ship (it may work her if its kind may)."""
    base = f"{u.kind} ({ship.name}, rescued)"
    found = sea.living(base)
    if found is not None:
        return found
    name = sea.new_name(base)
    r = Troops(
        name=name,
        seat=u.seat,
        profile=u.profile,
        models=0,
        troop=u.troop,
        specials=u.specials,
        weapon=u.weapon,
        mount=u.mount,
        boat=ship.name,
        shield=False,
        kind=u.kind,
        army=u.army,
        home=ship.name,
        radius=u.radius,
        points=u.points,
        swimming=True,
        works=u.troop in (Troop.INFANTRY, Troop.MONSTROUS_INFANTRY) and not u.has(Special.STUPIDITY),
    )
    sea.units[name] = r
    return r


def in_water(u: Troops) -> list[int]:
    return [i for i, f in enumerate(u.figs) if f.level == "water"]


def big(u: Troops) -> bool:
    """A swimmer big enough to reach up to a deck, or to stop a ship: a monster (NW-SWIM-1, NW-SWIM-2)."""
    return u.troop in (Troop.MONSTER, Troop.MONSTROUS_BEAST, Troop.MONSTROUS_INFANTRY, Troop.MONSTROUS_CAVALRY)


def swim_phase(g: Game, sea: Sea, seat: str) -> Proc:
    """NW-SWIM-1, NW-SWIM-2: each of the seat's swimmers climbs aboard a friendly ship it touches,
    else swims (and may drown)."""
    for u in [u for u in sea.alive() if u.seat == seat and in_water(u)]:
        for i in sorted(in_water(u), reverse=True):
            if i >= len(u.figs) or u.figs[i].level != "water":
                continue
            if climb(g, sea, u, i):
                continue
            yield from swim_one(g, sea, u, i)


def friendly_ships(sea: Sea, seat: str) -> list[Ship]:
    return [s for s in sea.afloat() if s.commander == seat]


def climb(g: Game, sea: Sea, u: Troops, i: int) -> bool:
    """A swimmer touching a friendly hull climbs aboard where there is room."""
    if u.has(Special.AQUATIC) or u.troop is Troop.MONSTER:
        return False
    p = sea.where(u.figs[i])
    for ship in sorted(friendly_ships(sea, u.seat), key=lambda s: point_hull_distance(p, s.hull)):
        if point_hull_distance(p, ship.hull) - u.radius > CLIMB_REACH:
            break
        from grapeshot.rulesets.navalwarhammer.harbour import crew_places

        if crew_places(sea, ship) + CAPACITY[u.troop] > ship.capacity:
            continue
        joined = rescued_unit(sea, u, ship)
        joined.figs.append(u.figs[i])
        joined.models += 1
        if place_on(sea, joined, len(joined.figs) - 1, ship, p, reach=u.radius + CLIMB_REACH + ship.hull.width):
            u.figs.pop(i)
            u.models -= 1
            g.emit("climbs-aboard", "NW-SWIM-1", unit=u.name, ship=ship.name, joins=joined.name)
            return True
        joined.figs.pop()
        joined.models -= 1
    return False


def swim_one(g: Game, sea: Sea, u: Troops, i: int) -> Proc:
    """One model swims (the core's roll) towards where it makes for; a 1 drowns it."""
    p = sea.where(u.figs[i])
    result = yield from swim(g, u)
    if result.drowned:
        if len(u.figs) > u.models:
            u.figs.pop(i)
        return
    goal = goal_for(sea, u, p)
    if goal is None or result.distance <= 0:
        return
    me = base_of(sea, u, i)
    others = [base_of(sea, v, j) for v, j in figures(sea, levels=("water", "air")) if not (v is u and j == i)]
    obstacles: list[Hull | Polygon] = [s.hull for s in sea.afloat()] + [t.shape for t in sea.terrain if t.shape is not None and t.is_obstacle]
    moved = push(me, bearing(p, goal), min(result.distance, max(0.0, distance(p, goal))), [sea.table], others, obstacles)
    u.figs[i] = Fig("", moved.base.x, moved.base.y, "water")
    g.emit("swims", "NW-SWIM-1", unit=u.name, to=[round(moved.base.x, 4), round(moved.base.y, 4)], inches=round(moved.travelled, 4))


def goal_for(sea: Sea, u: Troops, p: Vec) -> Vec | None:
    """Where a swimmer makes for: the nearest point of the nearest friendly hull (an aquatic
    swimmer or a monster: of the nearest enemy hull)."""
    hunt = u.has(Special.AQUATIC) or u.troop is Troop.MONSTER
    ships = [s for s in sea.afloat() if (s.commander != u.seat) == hunt]
    if not ships:
        return None
    ship = min(ships, key=lambda s: (point_hull_distance(p, s.hull), s.name))
    h = ship.hull
    lu, lv = h.local(p)
    return h.world(max(-h.hl, min(h.hl, lu)), max(-h.hw, min(h.hw, lv)))


def sharks(g: Game, sea: Sea) -> Proc:
    """The shark roll (a stand-in), with NW-CROWD-1's option: +1 for each ship that started overcrowded."""
    bonus = sum(1 for s in sea.ships.values() if s.started_overcrowded) if sea.option("overcrowded_sharks") else 0
    for u in [u for u in sea.alive() if in_water(u)]:
        r = yield from g.roll(RollRequest(D6, f"{u.name}: sharks", "NW-SWIM-1", None, u.name, None))
        bitten = r.total + bonus >= SHARK_ROLL
        if bitten:
            idx = in_water(u)[0]
            u.slay_one()
            u.figs.pop(idx)
        g.emit("sharks", "NW-SWIM-1", unit=u.name, roll=r.total, bonus=bonus, bonus_rule="NW-CROWD-1" if bonus else None, bitten=bitten, models_left=u.models)


def move_aside(g: Game, sea: Sea, ship: Ship) -> None:
    """NW-FLY-2, NW-SWIM-1: swimmers and flyers under a ship's new hull are moved the least
    distance to let her past (a swimming monster is never passed over: it stops ships)."""
    for u in list(sea.alive()):
        for i, f in enumerate(u.figs):
            if f.level not in ("water", "air"):
                continue
            b = base_of(sea, u, i)
            if point_hull_distance(b.centre, ship.hull) >= b.radius:
                continue
            others = [base_of(sea, v, j) for v, j in figures(sea, levels=("water", "air")) if not (v is u and j == i)]
            obstacles: list[Hull | Polygon] = [s.hull for s in sea.afloat()] + [t.shape for t in sea.terrain if t.shape is not None and t.is_obstacle]
            spot = FreeSpace(b.radius, [sea.table], others, obstacles).nearest(b.centre)
            if spot is None:
                continue
            u.figs[i] = Fig("", spot.x, spot.y, f.level)
            g.emit("moved-aside", "NW-FLY-2" if f.level == "air" else "NW-SWIM-1", unit=u.name, ship=ship.name, to=[round(spot.x, 4), round(spot.y, 4)])


def monster_obstacles(sea: Sea) -> list[tuple[str, Polygon]]:
    """Swimming monsters, which a ship may not pass (NW-SWIM-1): their bases as obstacles."""
    out = []
    for u in sea.alive():
        if not big(u):
            continue
        for f in u.figs:
            if f.level == "water":
                p = sea.where(f)
                out.append((u.name, Polygon.circle(p, u.radius, 12)))
    return out


def fly_to_deck(sea: Sea, u: Troops, ship: Ship, near: Vec) -> bool:
    """NW-FLY-1: every model lands on the ship's deck at the free spots nearest ``near`` (all or
    none: a unit lands only where there is room for it)."""
    saved = list(u.figs)
    for i in range(len(u.figs)):
        if not place_on(sea, u, i, ship, near):
            u.figs = saved
            return False
    return True


def fly_over_water(sea: Sea, u: Troops, near: Vec) -> bool:
    """NW-FLY-1: flyers circle over the water at the free spots nearest ``near``."""
    saved = list(u.figs)
    for i in range(len(u.figs)):
        spot = water_space(sea, u.radius, [(u, i)]).nearest(near)
        if spot is None:
            u.figs = saved
            return False
        u.figs[i] = Fig("", spot.x, spot.y, "air")
    return True


def centre_of(sea: Sea, u: Troops) -> Vec:
    pts = [sea.where(f) for f in u.figs]
    return Vec(sum(p.x for p in pts) / len(pts), sum(p.y for p in pts) / len(pts))


def touching_hull(sea: Sea, u: Troops, i: int, ship: Ship, reach: float = 0.05) -> bool:
    b: Base = base_of(sea, u, i)
    return point_hull_distance(b.centre, ship.hull) - b.radius <= reach
