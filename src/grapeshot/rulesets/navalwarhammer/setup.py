"""Setting a game up: the scenario's fleets read from fleet files, ships placed on the table with
their parts, and every model of every crew placed on its deck.

A scenario's fleet names a fleet file (a built-in one or a path, or gives the fleet inline) and
places its ships in order (``placement``: x, y, heading; a ship may start moored at a dock).  The
fleet is checked as ``grapeshot fleet check`` checks it, and the first problem refuses the
scenario, naming the rule it breaks; then against the game's points limit (option
``points_limit``, NW-SHIP-2): a fleet built to more, or costing more, is refused naming both.

Models are placed on deck by the table's own placing (``geometry.place_bases``): war machines at
their mounts (NW-CANNON-2) with their crews beside them, then each unit round the middle of the
deck it starts on (the lower deck of a medium or large ship for units the fleet puts there), the
crow's nest's lookout aloft at the first mast (NW-UPG-8).  A ship whose crew does not fit its
deck is refused (NW-SHIP-3).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from grapeshot.core.capabilities import TerrainKind
from grapeshot.core.scenario import Fields, Scenario
from grapeshot.geometry import Base, DeckPoint, Hull, Obstacle, Polygon, Vec, hull_hits_polygon, hulls_overlap, place_bases
from grapeshot.rulesets.navalwarhammer.armies import UnitEntry
from grapeshot.rulesets.navalwarhammer.data import (
    BASE_RADIUS,
    BELOW_DECKS,
    CROWS_NEST_WARD,
    ENGINE_T,
    ENGINE_W,
    FIGUREHEAD_WARD,
    MAST_RADIUS,
    MAST_T,
    MAST_W,
    OARS_T,
    RIGGING_PER_MAST,
    RIGGING_T,
    RUDDER_T,
    SIZES,
    TIMBER_STRUCTURE,
    Propulsion,
)
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import HAND_WEAPON, Troop
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit, ship_part
from grapeshot.rulesets.navalwarhammer.fleets import CrewSpec, FleetSpec, ShipSpec, beyond, builtin_fleet, read_fleet
from grapeshot.rulesets.navalwarhammer.state import Fig, Sea, Ship, Troops

#: the terrain of a Naval Warhammer table: land and obstacles a ship runs into (solid or soft,
#: NW-AGROUND-1), quays to dock at (NW-DOCK-1), and the water agreed to be shallow (NW-SHALLOW-1)
TERRAIN: tuple[TerrainKind, ...] = (
    TerrainKind("island", obstacle=True, doc="land: a shore for NW-SHALLOW-1; running into it is a solid obstacle (NW-AGROUND-1)"),
    TerrainKind("rocks", obstacle=True, doc="rocks or a wreck: a solid obstacle (NW-AGROUND-1)"),
    TerrainKind("sandbank", obstacle=True, doc="a sandbank or mudflat: a ship runs aground on it (NW-AGROUND-1, +1)"),
    TerrainKind("dock", obstacle=True, doc="a dock or quayside: ships dock at it and cast off (NW-DOCK-1)"),
    TerrainKind("shallows", doc="water agreed to be shallow: medium and large ships near a shore there risk running aground (NW-SHALLOW-1)"),
)
SOLID = ("island", "rocks", "dock")
SOFT = ("sandbank",)
PLACEMENT_FIELDS = ("x", "y", "heading", "moored")
FLEET_ENTRY_FIELDS = ("seat", "fleet", "placement")


def build_sea(scenario: Scenario, options: Mapping[str, object]) -> Sea:
    """The initial state of a scenario, or a :class:`ScenarioError` naming what is wrong."""
    f = scenario.reader
    obstacles = tuple(Obstacle(t.name, t.kind, t.shape) for t in scenario.terrain if t.is_obstacle and t.shape is not None)
    seats = tuple(s.id for s in scenario.seats)
    sea = Sea(scenario.table, scenario.terrain, obstacles, seats, {}, {}, dict(options), wind=float(str(options["wind"])))
    sea.vp = {s: 0 for s in seats}
    for i, raw in enumerate(scenario.fleets):
        path = f"fleets[{i}]"
        entry = f.mapping(raw, path, FLEET_ENTRY_FIELDS)
        seat = f.text(entry, "seat", path)
        fleet = _fleet(f, entry, path, scenario.origins.get(f"{path}.fleet"), str(options["slot_limits"]), str(options["overcrowded_capacity"]))
        if (wrong := beyond(fleet, int(str(options["points_limit"])))) is not None:
            raise f.fail(f"{path}.fleet", wrong)
        if seat in sea.fleets:
            raise f.fail(f"{path}.seat", "one fleet a seat", seat)
        sea.fleets[seat] = fleet.name
        places = f.seq(f.get(entry, "placement", path), f"{path}.placement", 1)
        if len(places) < len(fleet.ships):
            raise f.fail(f"{path}.placement", f"a place for each of the fleet's {len(fleet.ships)} ships, in order (extra places are left empty)", len(places))
        for j, (spec, place) in enumerate(zip(fleet.ships, places[: len(fleet.ships)], strict=True)):
            _launch_ship(sea, f, seat, fleet, spec, f.mapping(place, f"{path}.placement[{j}]", PLACEMENT_FIELDS), f"{path}.placement[{j}]")
    for seat in seats:
        if seat not in sea.fleets:
            raise f.fail("fleets", f"a fleet for seat {seat!r}", None)
    return sea


def _fleet(f: Fields, entry: Mapping[str, Any], path: str, origin: str | None, slot_limits: str, crowding: str) -> FleetSpec:
    """A fleet entry's fleet: given in place (a fleet file the scenario file named is in place
    already, read when the scenario was: ``origin`` is that file) or a built-in fleet's name."""
    ref = f.get(entry, "fleet", path)
    if isinstance(ref, Mapping):
        source = origin or f"{path}.fleet"
        fleet, problems = read_fleet(ref, source, slot_limits=slot_limits, overcrowded_capacity=crowding)
    elif isinstance(ref, str):
        try:
            data, source = builtin_fleet(ref), f"navalwarhammer:{ref}"
        except ValueError as e:
            raise f.fail(f"{path}.fleet", "a fleet: a built-in fleet's name, or a fleet given in place (or a fleet file, in a scenario file)", str(e)) from None
        fleet, problems = read_fleet(data, source, slot_limits=slot_limits, overcrowded_capacity=crowding)
    else:
        raise f.fail(f"{path}.fleet", "a fleet: a built-in fleet's name, a fleet file or a fleet given in place", ref)
    if problems or fleet is None:
        p = problems[0]
        got = ref if isinstance(ref, str) else Path(origin).name if origin else "(inline)"
        raise f.fail(f"{path}.fleet ({source}: {p.where})", f"a legal fleet ({p.rule or 'format'}: {p.message})", got)
    return fleet


def _launch_ship(sea: Sea, f: Fields, seat: str, fleet: FleetSpec, spec: ShipSpec, place: Mapping[str, Any], path: str) -> Ship:
    name = spec.name if spec.name not in sea.ships else f"{spec.name} ({seat})"
    size = SIZES[spec.size]
    hull = Hull(
        f.number(place, "x", path, what="an x position in inches"),
        f.number(place, "y", path, what="a y position in inches"),
        f.number(place, "heading", path, lo=-360, hi=360, what="a heading in degrees") % 360.0,
        size.length,
        size.width,
    )
    if not sea.table.holds(hull):
        raise f.fail(path, "a ship wholly on the table", name)
    for other in sea.ships.values():
        if hulls_overlap(hull, other.hull):
            raise f.fail(path, f"a ship clear of {other.name}", name)
    for ob in sea.obstacles:
        assert not isinstance(ob.shape, Hull)
        if hull_hits_polygon(hull, ob.shape):
            raise f.fail(path, f"a ship clear of {ob.ident}", name)
    moored = place.get("moored")
    if moored is not None and not any(t.name == moored and t.kind == "dock" for t in sea.terrain):
        raise f.fail(f"{path}.moored", "the name of a dock", moored)
    ship = Ship(
        name=name,
        owner=seat,
        commander=seat,
        size=spec.size,
        hull=hull,
        propulsion=spec.propulsion,
        upgrades=dict(spec.upgrades),
        parts=ship_parts(name, seat, spec),
        overcrowded=spec.overcrowded,
        capacity=spec.capacity,
        minimum_crew=spec.minimum_crew,
        boats=spec.boats,
        value=spec.points - sum(c.points for c in spec.crew),
        moored=str(moored) if moored is not None else None,
        started_overcrowded=spec.overcrowded,
    )
    sea.ships[name] = ship
    crew_units(sea, ship, fleet.army, spec)
    try:
        deploy(sea, ship, spec)
    except ValueError as e:
        raise f.fail(path, f"a crew that fits its deck (NW-SHIP-3: {e})", name) from None
    return ship


def ship_parts(name: str, seat: str, spec: ShipSpec) -> dict[str, Unit]:
    """The ship's parts as targets (NW-SHIP-5's hull; the masts, rigging, oars, rudder and engine
    are stand-ins).  A magical figurehead gives each part a 5+ ward against missiles (NW-UPG-4)."""
    size = SIZES[spec.size]
    ward = FIGUREHEAD_WARD if spec.has("magical-figurehead") else None
    structure = size.structure + (TIMBER_STRUCTURE.get(spec.size, 0) if spec.has("heavy-timbers") else 0)

    def part(key: str, t: int, w: int) -> Unit:
        return ship_part(f"{name} {key}", seat, t, w, boat=name, missile_ward=ward)

    parts = {"hull": part("hull", size.toughness, structure)}
    masts = (1 if spec.propulsion in (Propulsion.SAIL, Propulsion.MAGIC) else 0) + spec.has("extra-mast")
    for k in range(masts):
        parts[f"mast {k + 1}"] = part(f"mast {k + 1}", MAST_T, MAST_W if spec.size.value != "dinghy" else 2)
    if masts:
        parts["rigging"] = part("rigging", RIGGING_T, size.rigging + RIGGING_PER_MAST * spec.has("extra-mast"))
    if spec.propulsion is Propulsion.OARS or (spec.propulsion is Propulsion.STEAM and masts == 0 and not spec.has("steam-engine")):
        parts["oars"] = part("oars", OARS_T, size.oars)
    parts["rudder"] = part("rudder", RUDDER_T, size.rudder)
    if spec.has("steam-engine"):
        parts["engine"] = part("engine", ENGINE_T, ENGINE_W)
    return parts


def _troops(sea: Sea, ship: Ship, army: str, entry: UnitEntry, name: str, models: int, **kw: Any) -> Troops:
    t = Troops(
        name=name,
        seat=ship.owner,
        profile=kw.pop("profile", entry.profile),
        models=models,
        troop=kw.pop("troop", entry.troop),
        specials=kw.pop("specials", entry.specials),
        weapon=kw.pop("weapon", entry.weapon),
        mount=kw.pop("mount_profile", entry.mount),
        boat=ship.name,
        shield=kw.pop("shield", entry.shield),
        kind=kw.pop("kind", entry.name),
        army=army,
        home=ship.name,
        radius=BASE_RADIUS[kw.pop("base", entry.troop)],
        **kw,
    )
    sea.units[t.name] = t
    return t


def crew_units(sea: Sea, ship: Ship, army: str, spec: ShipSpec) -> None:
    """The crew as units in play: one unit for each type aboard (the choices of one type merged,
    NW-CREW-1's "unit"), each war machine and its crew apart, handlers beside their beasts."""
    merged: dict[str, list[CrewSpec]] = {}
    machines: list[CrewSpec] = []
    for c in spec.crew:
        if c.entry.machine is not None:
            machines.append(c)
        else:
            merged.setdefault(c.entry.name, []).append(c)
    for kind, choices in merged.items():
        entry = choices[0].entry
        models = sum(c.models for c in choices)
        points = round(sum(c.points for c in choices) / max(1, models))
        u = _troops(
            sea,
            ship,
            army,
            entry,
            f"{kind} ({ship.name})",
            models,
            points=points,
            missile=entry.missile,
            works=entry.can_work_ship and not entry.stupid,
            wizard=max((c.level or 0) for c in choices) if entry.wizard else 0,
            engineer=entry.engineer,
            first_mate=any(c.first_mate for c in choices),
            musician=any(c.musician for c in choices),
            standard=any(c.standard for c in choices),
            champion=any(c.champion or c.first_mate for c in choices),
            admiral=any(c.admiral for c in choices),
        )
        u.figs = [Fig(ship.name, 0.0, 0.0, "below" if all(c.deck == "lower" for c in choices) else "deck") for _ in range(models)]
        if entry.handlers is not None:
            h = entry.handlers
            n = h.needed(models)
            hu = _troops(
                sea,
                ship,
                army,
                entry,
                f"{h.name} ({ship.name})",
                n,
                profile=h.profile,
                troop=Troop.INFANTRY,
                specials=frozenset(),
                weapon=HAND_WEAPON,
                mount_profile=None,
                shield=False,
                kind=h.name,
                base=Troop.INFANTRY,
                points=h.points,
                works=True,
                handles=kind,
            )
            hu.figs = [Fig(ship.name, 0.0, 0.0, "deck") for _ in range(n)]
    for k, c in enumerate(machines, 1):
        entry = c.entry
        assert entry.crew is not None
        gun = _troops(sea, ship, army, entry, f"{entry.name} {k} ({ship.name})", 1, points=c.points, engine=entry.machine, facing=c.mount)
        gun.figs = [Fig(ship.name, 0.0, 0.0, "deck")]
        crew = entry.crew
        cu = _troops(
            sea,
            ship,
            army,
            entry,
            f"{crew.name}s of {entry.name} {k} ({ship.name})",
            crew.count,
            profile=crew.profile,
            troop=Troop.INFANTRY,
            specials=frozenset(),
            weapon=HAND_WEAPON,
            mount_profile=None,
            shield=False,
            kind=f"{crew.name}s",
            base=Troop.INFANTRY,
            points=0,
            missile=crew.missile,
            crew_of=gun.name,
        )
        cu.figs = [Fig(ship.name, 0.0, 0.0, "deck") for _ in range(crew.count)]
    ship.wizard = _wizard(sea, ship, spec)
    if spec.has("crows-nest"):
        look = spec.lookout or next((c.entry.name for c in spec.crew if c.entry.troop is Troop.INFANTRY and not c.entry.machine), None)
        ship.lookout = f"{look} ({ship.name})" if look is not None else None


def _wizard(sea: Sea, ship: Ship, spec: ShipSpec) -> str | None:
    """NW-MOVE-5: the magician crewing a magic ship: the one the fleet names, else the highest level."""
    if spec.propulsion is not Propulsion.MAGIC:
        return None
    if spec.wizard is not None:
        return f"{spec.wizard} ({ship.name})"
    wizards = [u for u in sea.crew(ship.name) if u.wizard]
    return max(wizards, key=lambda u: (u.wizard, u.name)).name if wizards else None


def mast_obstacles(ship: Ship) -> list[Polygon]:
    return [Polygon.circle(dp.world(ship.hull), MAST_RADIUS, 8) for key, dp in ship.mast_points().items() if ship.part_alive(key)]


def deck_bases(sea: Sea, ship: str, level: str, skip: object = None) -> list[Base]:
    """The bases of every model standing on a ship's deck or below it (``skip``: a unit left out)."""
    out = []
    for u in sea.alive():
        if u is skip:
            continue
        for i, fig in enumerate(u.figs):
            if fig.on == ship and fig.level == level:
                out.append(Base(*sea.where(fig), u.radius, f"{u.name}#{i}"))
    return out


def place_unit(sea: Sea, unit: Troops, ship: Ship, level: str, near: Vec, count: int | None = None) -> int:
    """Place ``count`` models of a unit (all by default) on a ship's deck (or below) at the free
    spots nearest ``near``; returns how many found room.  The others are left where they were."""
    n = len(unit.figs) if count is None else count
    occupied = deck_bases(sea, ship.name, level, skip=None)
    mine = {f"{unit.name}#{i}" for i in range(n)}
    occupied = [b for b in occupied if b.ident not in mine]
    placed = place_bases(
        [Base(near.x, near.y, unit.radius, f"{unit.name}#{i}") for i in range(n)], [ship.hull], occupied, mast_obstacles(ship) if level == "deck" else [], near
    )
    for i, b in enumerate(placed):
        dp = DeckPoint.of(ship.hull, b.centre)
        unit.figs[i] = Fig(ship.name, dp.along, dp.port, level)
    return len(placed)


def deploy(sea: Sea, ship: Ship, spec: ShipSpec) -> None:
    """Every model of the crew onto the deck (see the module docstring); ``ValueError`` when a
    unit finds no room."""
    hull = ship.hull
    crew = sea.crew(ship.name)
    for gun in (u for u in crew if u.is_machine):
        at = _mount_point(hull, gun.facing or "bow", gun.radius)
        if place_unit(sea, gun, ship, "deck", at) < 1:
            raise ValueError(f"no room for {gun.name} at the {gun.facing}")
    for gun_crew in (u for u in crew if u.crew_of is not None):
        gun = sea.units[gun_crew.crew_of or ""]
        if place_unit(sea, gun_crew, ship, "deck", gun.world(sea, 0)) < gun_crew.models:
            raise ValueError(f"no room for {gun_crew.name}")
    for u in crew:
        if u.is_machine or u.crew_of is not None:
            continue
        level = u.figs[0].level
        if place_unit(sea, u, ship, level, hull.centre) == u.models:
            continue
        if level == "deck" and ship.spec.lower_deck and u.troop in BELOW_DECKS and place_unit(sea, u, ship, "below", hull.centre) == u.models:
            continue  # no room on the upper deck: they go below (a ruling)
        raise ValueError(f"no room {'below decks' if level == 'below' else 'on deck'} for {u.name}")
    if ship.lookout is not None:
        look = sea.units.get(ship.lookout)
        masts = ship.mast_points()
        if look is not None and masts:
            dp = next(iter(masts.values()))
            look.figs[-1] = Fig(ship.name, dp.along, dp.port, "aloft")
            ship.lookout_up = True
            set_crows_nest(sea, ship)
        elif look is not None:  # a ship without masts keeps a lookout post on deck (NW-UPG-8, the text cut off)
            ship.lookout_up = True
            set_crows_nest(sea, ship)


def set_crows_nest(sea: Sea, ship: Ship) -> None:
    """NW-UPG-8: while a model keeps the lookout, the crew has a 5+ ward against templates."""
    ward = CROWS_NEST_WARD if ship.lookout_up else None
    for u in sea.crew(ship.name):
        u.template_ward = ward


def _mount_point(hull: Hull, mount: str, r: float) -> Vec:
    hl, hw = hull.hl - r - 0.05, hull.hw - r - 0.05
    return {
        "bow": DeckPoint(hl, 0.0),
        "stern": DeckPoint(-hl, 0.0),
        "port": DeckPoint(-hull.hl * 0.25, hw),
        "starboard": DeckPoint(-hull.hl * 0.25, -hw),
    }[mount].world(hull)
