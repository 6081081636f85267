"""Docks, shallow water and boats: docking and casting off (NW-DOCK-1), the shallows
(NW-SHALLOW-1) and launching boats (NW-LAUNCH-1).

* A ship that meets a dock during a move docks there (moored) if the move was 6" or less and its
  working crew is at least its minimum crew; otherwise it is a collision with the quayside (a
  solid obstacle, NW-AGROUND-1).  A moored ship casts off in its movement phase: with its minimum
  crew it leaves at speed 0 (it moves next turn, free of the half-move minimum); without, it is
  cast adrift D6" downwind.
* Medium and large ships in shallow water (the scenario's ``shallows``, agreed before the game)
  within 4" of a shore (not a dock) run aground on a D6 of 4+: rolled the moment a move brings
  them within 4" and at the start of each of their movement phases there.
* A medium or large ship moving 12" or less may launch one of its boats at the start of its
  movement phase: a dinghy put in the water alongside, rowed, with at least two of the crew aboard
  her (a unit of the crew that may work a ship; the boat holds five places).  She starts at
  speed 0.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Hull, Path, Polygon, hull_hits_polygon, hull_polygon_distance, translate_path
from grapeshot.rulesets.navalwarhammer.actions import Launch
from grapeshot.rulesets.navalwarhammer.contact import clear
from grapeshot.rulesets.navalwarhammer.courses import places, working_places
from grapeshot.rulesets.navalwarhammer.crew import on_own_deck
from grapeshot.rulesets.navalwarhammer.damage import ground
from grapeshot.rulesets.navalwarhammer.data import (
    DOCK_SPEED,
    LAUNCH_CREW,
    LAUNCH_SPEED,
    SHALLOW_AGROUND,
    SHALLOW_REACH,
    SHALLOW_SIZES,
    SIZES,
    Propulsion,
    Size,
)
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAPACITY
from grapeshot.rulesets.navalwarhammer.fleets import ShipSpec
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops

Proc = Generator[Prompt, Any, Any]


# --------------------------------------------------------------------------- docks (NW-DOCK-1)


def dock_or_crash(g: Game, sea: Sea, ship: Ship, dock: str, speed: float) -> Proc:
    """NW-DOCK-1: the ship meets a dock at ``speed`` (its move's inches)."""
    crewed = working_places(sea, ship) >= ship.minimum_crew
    if speed <= DOCK_SPEED + 1e-9 and crewed:
        ship.moored = dock
        ship.speed = 0.0
        g.emit("docks", "NW-DOCK-1", ship=ship.name, dock=dock, speed=round(speed, 4))
        return
    why = f'docking at {speed:g}" (over {DOCK_SPEED:g}")' if crewed else "docking without its minimum crew"
    yield from ground(g, sea, ship, dock, True, speed, why)


def cast_off(g: Game, sea: Sea, ship: Ship) -> Proc:
    """NW-DOCK-1: with the minimum crew working the ship leaves at speed 0; without, it is cast
    adrift D6" in the direction of the wind."""
    dock = ship.moored
    ship.moored = None
    ship.speed = 0.0
    if working_places(sea, ship) >= ship.minimum_crew:
        g.emit("casts-off", "NW-DOCK-1", ship=ship.name, dock=dock, adrift=False)
        return
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: cast adrift without its minimum crew", "NW-DOCK-1", None, ship.name, None))
    g.emit("casts-off", "NW-DOCK-1", ship=ship.name, dock=dock, adrift=True, inches=r.total)
    from grapeshot.rulesets.navalwarhammer.moving import travel

    path = translate_path(ship.hull.pose, sea.wind, float(r.total))
    yield from travel(g, sea, ship, path, float(r.total), why="cast adrift")


# --------------------------------------------------------------------------- shallows (NW-SHALLOW-1)


def shores(sea: Sea) -> list[Polygon]:
    return [t.shape for t in sea.terrain if t.kind == "island" and t.shape is not None]


def shallows(sea: Sea) -> list[Polygon]:
    return [t.shape for t in sea.terrain if t.kind == "shallows" and t.shape is not None]


def in_shallows(sea: Sea, ship: Ship, hull: Hull | None = None) -> bool:
    """A medium or large ship in shallow water within 4" of a shore (docks are no shore)."""
    h = ship.hull if hull is None else hull
    if ship.size not in SHALLOW_SIZES:
        return False
    water = shallows(sea)
    if not water or not any(hull_hits_polygon(h, w) for w in water):
        return False
    return any(hull_polygon_distance(h, s) <= SHALLOW_REACH for s in shores(sea))


def shallow_roll(g: Game, sea: Sea, ship: Ship, when: str) -> Generator[Prompt, Any, bool]:
    """NW-SHALLOW-1: a D6; 4+ and the ship runs aground where she is."""
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: shallow water ({when})", "NW-SHALLOW-1", None, ship.name, None))
    aground = r.total >= SHALLOW_AGROUND
    g.emit("shallows", "NW-SHALLOW-1", ship=ship.name, when=when, roll=r.total, needed=SHALLOW_AGROUND, aground=aground)
    if aground:
        yield from ground(g, sea, ship, "the shallows", False, ship.speed, f"shallow water ({when})")
    return aground


def shallow_point(sea: Sea, ship: Ship, path: Path, start: float, upto: float) -> float | None:
    """How far along ``path`` (from ``start``) the ship first comes within 4" of a shore in
    shallow water (None: it does not, or it was there already at ``start``)."""
    L, W = ship.hull.length, ship.hull.width
    if upto <= start or in_shallows(sea, ship, path.hull_at(start, L, W)):
        return None
    step = 0.5
    last = start
    at = start
    while at < upto:
        at = min(upto, at + step)
        if in_shallows(sea, ship, path.hull_at(at, L, W)):
            lo, hi = last, at
            while hi - lo > 0.01:
                mid = (lo + hi) / 2.0
                if in_shallows(sea, ship, path.hull_at(mid, L, W)):
                    hi = mid
                else:
                    lo = mid
            return hi
        last = at
    return None


# --------------------------------------------------------------------------- boats (NW-LAUNCH-1)


def boat_places() -> int:
    return int(SIZES[Size.DINGHY].capacity)


def boat_hull(ship: Ship, side: str) -> Hull:
    """Where a boat goes in the water: alongside the ship, amidships, on ``side``."""
    spec = SIZES[Size.DINGHY]
    k = 1.0 if side == "port" else -1.0
    c = ship.hull.world(0.0, k * (ship.hull.hw + spec.width / 2.0 + 0.05))
    return Hull(c.x, c.y, ship.hull.heading, spec.length, spec.width)


def launch_options(sea: Sea, ship: Ship) -> list[Launch]:
    """NW-LAUNCH-1: the launches a ship may make now (none first)."""
    out = [Launch(ship.name)]
    if ship.boats <= 0 or ship.speed > LAUNCH_SPEED or ship.moored is not None or ship.aground is not None or ship.grappled or not ship.afloat:
        return out
    crews = [u for u in sea.crew(ship.name) if u.works and not u.busy(sea.turn) and on_own_deck(u, ship) and not u.is_machine and u.crew_of is None]
    for side in ("port", "starboard"):
        if not clear(sea, boat_hull(ship, side), ship.name):
            continue
        for u in crews:
            most = min(aboard_count(u, ship), boat_places() // max(1, CAPACITY[u.troop]))
            for n in range(LAUNCH_CREW, most + 1):
                out.append(Launch(ship.name, side, u.name, n))
    return out


def aboard_count(u: Troops, ship: Ship) -> int:
    return sum(1 for f in u.figs if f.on == ship.name and f.level == "deck")


def launch(g: Game, sea: Sea, ship: Ship, side: str, unit: str, models: int) -> Ship:
    """Put a boat in the water with its crew (a unit of ``models`` split from ``unit``)."""
    from grapeshot.rulesets.navalwarhammer.setup import place_unit, ship_parts

    ship.boats -= 1
    k = sum(1 for s in sea.ships.values() if s.name.startswith(f"{ship.name}'s boat")) + 1
    name = f"{ship.name}'s boat {k}"
    spec = ShipSpec(name, Size.DINGHY, Propulsion.OARS, {}, False, 0, (), None, None, SIZES[Size.DINGHY].points)
    hull = boat_hull(ship, side)
    boat = Ship(
        name=name,
        owner=ship.owner,
        commander=ship.commander,
        size=Size.DINGHY,
        hull=hull,
        propulsion=Propulsion.OARS,
        upgrades={},
        parts=ship_parts(name, ship.commander, spec),
        overcrowded=False,
        capacity=spec.capacity,
        minimum_crew=spec.minimum_crew,
        boats=0,
        value=SIZES[Size.DINGHY].points,
    )
    sea.ships[name] = boat
    src = sea.units[unit]
    crew = split(sea, src, boat, models)
    place_unit(sea, crew, boat, "deck", hull.centre)
    crew.working = True
    g.emit(
        "launch",
        "NW-LAUNCH-1",
        ship=ship.name,
        boat=name,
        side=side,
        unit=unit,
        crew=crew.name,
        models=models,
        pose=[round(hull.x, 4), round(hull.y, 4), round(hull.heading, 3)],
    )
    return boat


def split(sea: Sea, src: Troops, dest: Ship, models: int) -> Troops:
    """``models`` of a unit leave it to form a unit of ``dest``'s crew (its last models go: the
    front model, with any wounds it has taken, stays)."""
    import copy

    new = copy.copy(src)
    new.name = sea.new_name(f"{src.kind} ({dest.name})")
    new.home = dest.name
    new.boat = dest.name
    new.models = models
    new.wounded = 0
    new.wild = []
    new.figs = src.figs[len(src.figs) - models :]
    src.figs = src.figs[: len(src.figs) - models]
    src.models -= models
    new.first_mate = new.standard = new.musician = new.champion = new.admiral = False
    sea.units[new.name] = new
    return new


def crew_places(sea: Sea, ship: Ship) -> int:
    return sum(places(u) for u in sea.crew(ship.name))
