"""Setting a Wooden Ships game up from a scenario: terrain, ships by type, crews on their decks,
landing parties ashore, weapons carried, stowed or in the pile, and the checks of a fair game.

The checks (each refused with the field and the rule it breaks): every ship has between two and
``max_sections`` sections (WS-SHIP-1) and a boat's hit points lie in the table's range
(WS-SHIP-2); everything stands on the table, clear of everything else; then the fair fleets of
:mod:`.fleets` (a captain a ship, a commander a fort, equal cost, equal figures).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any, cast

from grapeshot.core.scenario import Fields, Scenario
from grapeshot.geometry import Hull, Obstacle, Polygon, Section, ShipPlan, Surface, Vec, hull_hits_polygon, hulls_overlap, sections
from grapeshot.rulesets.woodenships import mounts
from grapeshot.rulesets.woodenships.data import (
    ANIMALS,
    DRAFT_KINDS,
    FIGURE_KINDS,
    FIGURE_RADIUS,
    GATE_POINTS,
    GATE_WIDTH,
    GUN_RADIUS,
    GUNS,
    LEVEL_RISE,
    MIN_SECTIONS,
    PILE_KINDS,
    RAM_COST,
    RAM_TYPES,
    SHIP_TYPES,
    SMALL_ARMS,
    SWEEP_TYPES,
    SWEEPS_COST,
    WALL_HEIGHT,
    WILD,
    ShipType,
    default_masts,
    fort_cost,
    life_of,
)
from grapeshot.rulesets.woodenships.fleets import check as fleets_check
from grapeshot.rulesets.woodenships.mounts import GUN_PLACES
from grapeshot.rulesets.woodenships.pieces import Draft, Figure, Fort, Gate, Keep, Land, Ship, Spot, Weapon
from grapeshot.rulesets.woodenships.places import space_for, spot_at
from grapeshot.rulesets.woodenships.state import Shore

FLEET_FIELDS = ("seat", "name", "ships", "ashore", "pile", "forts", "water", "wild")
SHIP_FIELDS = ("name", "type", "x", "y", "heading", "sections", "length", "width", "hit_points", "damage", "masts", "crew", "stores", "guns", "sweeps", "ram")
GUN_FIELDS = ("kind", "place", "section", "at", "facing", "wheels", "loaded")
CREW_FIELDS = ("name", "kind", "count", "weapons", "at", "caged")
ASHORE_FIELDS = ("name", "kind", "count", "weapons", "land", "at", "of", "caged")
#: a side's creatures in the water (a ridden sea dragon) and the wild creatures (no side's)
WATER_FIELDS = ("name", "kind", "count", "at", "ridden")
WILD_FIELDS = ("name", "kind", "count", "at", "land")
#: the seat that referees the wild creatures (option wild_animals: referee): it has no fleet
REFEREE = "referee"
STORE_FIELDS = ("kind", "section")

#: each kind of terrain: whether figures may stand on it (not solid), and its height above the water by default
LAND_KINDS = {"island": (False, 0.0), "harbour": (False, 0.5), "rocks": (True, 1.0), "sea_wall": (True, 1.5), "building": (True, 2.0)}


def build(scenario: Scenario, options: Mapping[str, object]) -> Shore:
    """The initial state; a :class:`ScenarioError` names the first thing wrong."""
    f = scenario.reader
    lands = _lands(scenario, f)
    obstacles = tuple(Obstacle(t.name, t.kind, t.shape) for t in scenario.terrain if t.is_obstacle and t.shape is not None)
    fleet_seats = {str(fl.get("seat")) for fl in scenario.fleets}
    referee = REFEREE if any(s.id == REFEREE for s in scenario.seats) and REFEREE not in fleet_seats else None
    shore = Shore(
        table=scenario.table,
        terrain=scenario.terrain,
        seats=tuple(s.id for s in scenario.seats if s.id != referee),
        ships={},
        figures={},
        weapons={},
        lands=lands,
        options=dict(options),
        obstacles=obstacles,
        referee=referee,
    )
    pile: list[str] = []
    fleets = []
    for i, raw in enumerate(scenario.fleets):
        path = f"fleets[{i}]"
        fleet = f.mapping(raw, path, FLEET_FIELDS)
        seat = f.text(fleet, "seat", path)
        if "name" in fleet:
            f.name(fleet, "name", path)
        for j, ship_raw in enumerate(f.seq(fleet.get("ships", []), f"{path}.ships")):
            pile += _ship(shore, f, seat, ship_raw, f"{path}.ships[{j}]", options)
        fleets.append((seat, fleet, path))
        pile += _pile(f, fleet.get("pile", {}), f"{path}.pile")
    for seat, fleet, path in fleets:
        for j, fort_raw in enumerate(f.seq(fleet.get("forts", []), f"{path}.forts")):
            build_fort(shore, f, seat, fort_raw, f"{path}.forts[{j}]")
    for seat, fleet, path in fleets:
        for j, ship_raw in enumerate(f.seq(fleet.get("ships", []), f"{path}.ships")):
            _crew(shore, f, seat, ship_raw, f"{path}.ships[{j}]")
        for j, fort_raw in enumerate(f.seq(fleet.get("forts", []), f"{path}.forts")):
            garrison(shore, f, seat, fort_raw, f"{path}.forts[{j}]")
        for j, item in enumerate(f.seq(fleet.get("ashore", []), f"{path}.ashore")):
            _ashore(shore, f, seat, item, f"{path}.ashore[{j}]")
        for j, item in enumerate(f.seq(fleet.get("water", []), f"{path}.water")):
            _creatures(shore, f, seat, item, f"{path}.water[{j}]", WATER_FIELDS)
        for j, item in enumerate(f.seq(fleet.get("wild", []), f"{path}.wild")):
            _creatures(shore, f, WILD, item, f"{path}.wild[{j}]", WILD_FIELDS)
    fleets_check(shore, f, options)
    wild = any(x.side == WILD or x.caged for x in shore.figures.values())
    if wild and options["wild_animals"] == "referee" and referee is None:
        raise f.fail("seats", f"a seat {REFEREE!r} with no fleet to referee the wild creatures (option wild_animals: referee)", [s.id for s in scenario.seats])
    if pile:
        shore.draft = Draft(pile=sorted(pile, key=DRAFT_KINDS.index), order=shore.seats, taken={s: [] for s in shore.seats})
    return shore


def _lands(scenario: Scenario, f: Fields) -> tuple[Land, ...]:
    out = []
    for i, t in enumerate(scenario.terrain):
        if t.kind not in LAND_KINDS:
            continue  # the collisions module's flotsam floats: no land
        solid, height = LAND_KINDS[t.kind]
        if "height" in t.props:
            height = f.number(t.props, "height", f"terrain[{i}]", lo=0.0, hi=50.0, what="a height above the water in inches")
        assert t.shape is not None
        out.append(Land(t.name, t.kind, t.shape, height, solid))
    return tuple(out)


def _pile(f: Fields, raw: object, path: str) -> list[str]:
    """A fleet's share of the weapons pile (WS-SETUP-1): a mapping of kinds to how many."""
    items = f.mapping(raw, path)
    out: list[str] = []
    for kind in items:
        if kind not in DRAFT_KINDS:
            raise f.fail(f"{path}.{kind}", f"a weapon or gun of the pile ({', '.join(DRAFT_KINDS)}; animals are not drafted)", kind)
        n = f.integer(items, kind, path, lo=0, hi=200)
        out += [str(kind)] * n
    return out


def _ship(shore: Shore, f: Fields, seat: str, raw: object, path: str, options: Mapping[str, object]) -> list[str]:
    """A ship; with option ``gun_draft: pile`` the kinds of the guns it would mount, for the pile."""
    s = f.mapping(raw, path, SHIP_FIELDS)
    name = f.name(s, "name", path)
    if name in shore.ships:
        raise f.fail(f"{path}.name", "a ship name used once", name)
    kind = SHIP_TYPES[f.text(s, "type", path, choices=list(SHIP_TYPES))]
    most = int(cast(int, options["max_sections"]))
    count = f.integer(s, "sections", path, default=MIN_SECTIONS)
    if not MIN_SECTIONS <= count <= most:
        raise f.fail(f"{path}.sections", f"a ship of {MIN_SECTIONS} to {most} sections (WS-SHIP-1; option max_sections)", count)
    default_length = kind.length * count if kind.per_section is not None else kind.length
    length = f.number(s, "length", path, default=default_length, lo=2.0, hi=60.0, what="a hull length in inches")
    width = f.number(s, "width", path, default=kind.width, lo=1.0, hi=20.0, what="a hull width in inches")
    chosen = None
    if kind.points is not None:
        lo, hi = kind.points
        chosen = f.integer(s, "hit_points", path, default=lo)
        if not lo <= chosen <= hi:
            raise f.fail(f"{path}.hit_points", f"a {kind.title}'s hit points, {lo if lo == hi else f'{lo} to {hi}'} (WS-SHIP-2)", chosen)
    elif "hit_points" in s:
        raise f.fail(f"{path}.hit_points", f"no hit points: a {kind.title} has {kind.per_section} a section (WS-SHIP-2)", s["hit_points"])
    points = kind.hit_points(count, chosen)
    hull = Hull(
        f.number(s, "x", path, what="an x position in inches"),
        f.number(s, "y", path, what="a y position in inches"),
        f.number(s, "heading", path, lo=-360, hi=360, what="a heading in degrees") % 360.0,
        length,
        width,
    )
    if not shore.table.holds(hull):
        raise f.fail(path, "a ship wholly on the table", name)
    for other in shore.ships.values():
        if hulls_overlap(hull, other.hull):
            raise f.fail(path, f"a ship clear of {other.name}", name)
    for ob in shore.obstacles:
        assert isinstance(ob.shape, Polygon)
        if hull_hits_polygon(hull, ob.shape):
            raise f.fail(path, f"a ship clear of {ob.ident}", name)
    masts = _masts(f, s, path, kind, length, count)
    sweeps = f.boolean(s, "sweeps", path, default=False)
    ram = f.boolean(s, "ram", path, default=False)
    if sweeps and kind.name not in SWEEP_TYPES:
        raise f.fail(f"{path}.sweeps", f"sweeps only on a {', '.join(sorted(SWEEP_TYPES))} ship (collisions module)", sweeps)
    if ram and kind.name not in RAM_TYPES:
        raise f.fail(f"{path}.ram", f"a purpose-built ram only on a {', '.join(sorted(RAM_TYPES))} ship (collisions module)", ram)
    ship = shore.ships[name] = Ship(
        name=name,
        side=seat,
        owner=seat,
        type=kind.name,
        hull=hull,
        plan=ShipPlan(_sections(length, count, points)),
        points=points,
        cost=kind.cost(count, points) + (SWEEPS_COST if sweeps else 0) + (RAM_COST if ram else 0),
        masts=masts,
        sweeps=sweeps,
        ram=ram,
        lost=f.integer(s, "damage", path, default=0, lo=0, hi=points - 1),
    )
    raw_guns = f.seq(s.get("guns", []), f"{path}.guns")
    if options.get("gun_draft") == "pile":  # WS-SETUP-1: the scenario's guns go into the pile instead
        return [
            f.text(f.mapping(raw_gun, f"{path}.guns[{j}]", GUN_FIELDS), "kind", f"{path}.guns[{j}]", choices=list(GUNS)) for j, raw_gun in enumerate(raw_guns)
        ]
    for j, raw_gun in enumerate(raw_guns):
        gun(shore, f, ship, raw_gun, f"{path}.guns[{j}]")
    return []


def gun(shore: Shore, f: Fields, ship: Ship | Fort, raw: object, path: str) -> None:
    """A gun mounted on a ship or a fort's walls (WS-GUN-*): at one of its places (its port or
    starboard side amidships or in the middle of a section, at the bow or the stern, pointing out
    over that side; a fort's bow is its front, the way its heading points), or at a point of its
    deck or wall top pointing a given way."""
    g = f.mapping(raw, path, GUN_FIELDS)
    kind = f.text(g, "kind", path, choices=list(GUNS))
    hull = ship.hull
    plan_sections = ship.plan.sections if isinstance(ship, Ship) else ()
    if "at" in g:
        if "place" in g:
            raise f.fail(f"{path}.place", "either a place or a point 'at' for a gun, not both", g["place"])
        p = f.point(g["at"], f"{path}.at")
        along, port = p.x, p.y
        mount = f.number(g, "facing", path, default=0.0, lo=-360.0, hi=360.0, what="a direction from the bow, degrees (port positive)")
    else:
        place = f.text(g, "place", path, choices=list(GUN_PLACES))
        mount = GUN_PLACES[place]
        names = [c.name for c in plan_sections]
        if place in ("port", "starboard"):
            along = 0.0  # amidships, unless a section is named
            if "section" in g:
                sec = next(c for c in plan_sections if c.name == f.text(g, "section", path, choices=names))
                along = (sec.aft + sec.fore) / 2.0
            port = (hull.hw - GUN_RADIUS) * (1.0 if place == "port" else -1.0)
        else:
            along, port = (hull.hl - GUN_RADIUS) * (1.0 if place == "bow" else -1.0), 0.0
    full = mounts.refused(shore, ship, kind)
    if full is not None:
        raise f.fail(path, "no more guns than the vessel may carry (WS-SETUP-1, a ruling)", full)
    clash = mounts.footing_refused(shore, ship, along, port)
    if clash is not None:
        where = f"[{along:.3g}, {port:.3g}]"
        raise f.fail(
            path, f"a gun on {ship.name}'s deck or walls, {GUN_RADIUS:g}\" in from the side, clear of masts, raised levels and other guns", f"{where}: {clash}"
        )
    facing = f.number(g, "facing", path, default=mount, lo=-360.0, hi=360.0, what="a direction from the bow, degrees (port positive)")
    wheels = f.boolean(g, "wheels", path, default=False)
    mounts.add_gun(shore, ship, kind, along, port, mount, facing, wheels, f.boolean(g, "loaded", path, default=True))


def _sections(length: float, count: int, points: int) -> tuple[Section, ...]:
    """The hull cut into sections bow first, the hit points shared out (the bow first for any odd ones)."""
    base, extra = divmod(points, count)
    return tuple(Section(c.name, c.aft, c.fore, base + (1 if i < extra else 0)) for i, c in enumerate(sections(length, count)))


def _masts(f: Fields, s: Mapping[str, Any], path: str, kind: ShipType, length: float, count: int) -> tuple[float, ...]:
    if "masts" not in s:
        return default_masts(kind, length, count)
    out = []
    for i, m in enumerate(f.seq(s["masts"], f"{path}.masts")):
        if isinstance(m, bool) or not isinstance(m, (int, float)) or abs(m) > length / 2.0:
            raise f.fail(f"{path}.masts[{i}]", f"inches forward of the hull's centre, within {length / 2.0:g}", m)
        out.append(float(m))
    return tuple(out)


# --------------------------------------------------------------------------- figures


def _figures(f: Fields, item: Mapping[str, Any], path: str, default_name: str, seat: str, taken: Collection[str] = ()) -> list[tuple[str, str, list[str]]]:
    """The figures an entry stands for: (name, kind, weapon kinds) for each."""
    kind = f.text(item, "kind", path, default="man", choices=list(FIGURE_KINDS))
    count = f.integer(item, "count", path, default=1, lo=1, hi=200)
    weapons = [str(w) for w in f.seq(item.get("weapons", []), f"{path}.weapons")]
    for k, w in enumerate(weapons):
        if w not in PILE_KINDS:
            raise f.fail(f"{path}.weapons[{k}]", f"a hand weapon ({', '.join(PILE_KINDS)})", w)
    if "name" in item and count > 1:
        raise f.fail(f"{path}.name", "no name for an entry of several figures (they are numbered)", item["name"])
    if "name" in item:
        return [(f.name(item, "name", path), kind, weapons)]
    names: list[str] = []
    n = 0
    while len(names) < count:  # numbered on from those of an earlier entry of the same kind
        n += 1
        if f"{default_name} {kind} {n}" not in taken:
            names.append(f"{default_name} {kind} {n}")
    return [(name, kind, list(weapons)) for name in names]


def _add_figure(
    shore: Shore, f: Fields, path: str, name: str, kind: str, weapons: list[str], seat: str, spot: Spot, captain_of: str | None, caged: bool = False
) -> None:
    if name in shore.figures:
        raise f.fail(path, "figure names used once (numbered entries take their ship's or land's name)", name)
    animal = ANIMALS.get(kind)
    if animal is not None and weapons and not animal.hand_weapons:
        raise f.fail(f"{path}.weapons", f"no weapons: a {animal.title} carries none (WS-ANIMAL-*)", weapons)
    if animal is not None and animal.hand_weapons and any(w in SMALL_ARMS and w != "spear" for w in weapons):
        raise f.fail(f"{path}.weapons", f"hand-to-hand weapons only for a {animal.title} (WS-ANIMAL-1)", weapons)
    if animal is not None and animal.wild and seat != WILD:
        raise f.fail(f"{path}.kind", f"a side's own creature: a {animal.title} is wild (list it under a fleet's wild creatures, WS-ANIMAL-7)", kind)
    if animal is not None and animal.inches(spot.surface.value) is None:
        raise f.fail(path, f"a place a {animal.title} can be: not on {spot.surface.value}", spot.surface.value)
    if caged and kind != "carnivorous-monkey":
        raise f.fail(f"{path}.caged", "cages for carnivorous monkeys only (WS-ANIMAL-2)", kind)
    life = life_of(kind)
    radius = animal.radius if animal is not None else FIGURE_RADIUS
    shore.figures[name] = Figure(name, seat, kind, life, life, spot, captain_of, radius=radius, caged=caged)
    for w in weapons:
        new_weapon(shore, w, name, None)


def _creatures(shore: Shore, f: Fields, seat: str, raw: object, path: str, fields: tuple[str, ...]) -> None:
    """Creatures in the water (a side's ridden sea dragon, WS-ANIMAL-5) or wild ones, in the water
    or on a piece of ground (sharks, crocodiles, an unridden dragon: WS-ANIMAL-7)."""
    item = f.mapping(raw, path, fields)
    kind = f.text(item, "kind", path, choices=list(ANIMALS))
    land = None
    if "land" in item:
        land = f.text(item, "land", path, choices=[lv.ident for lv in shore.lands if not lv.solid])
    at = f.point(item["at"], f"{path}.at") if "at" in item else None
    ridden = f.boolean(item, "ridden", path, default=False) if "ridden" in fields else False
    if ridden and kind != "sea-dragon":
        raise f.fail(f"{path}.ridden", "a rider for a sea dragon only (WS-ANIMAL-5)", kind)
    if seat != WILD and not ridden:
        raise f.fail(f"{path}.ridden", "a side's creature in the water is a ridden sea dragon; list wild ones under wild (WS-ANIMAL-5)", kind)
    group = _figures(f, item, path, land or "sea", seat)
    surface = Surface.WATER if land is None else Surface.LAND
    for name, k, _ in group:
        radius = ANIMALS[k].radius
        spot = _place(shore, f, path, surface, land or "", at, len(group) == 1, stern_first=False, radius=radius)
        _add_figure(shore, f, path, name, k, [], seat, spot, None)
        shore.figures[name].ridden = ridden


def new_weapon(shore: Shore, kind: str, holder: str | None, spot: Spot | None) -> str:
    n = 1 + sum(1 for w in shore.weapons.values() if w.kind == kind)
    name = f"{kind} {n}"
    shore.weapons[name] = Weapon(name, kind, holder, spot, loaded=kind in SMALL_ARMS)
    return name


def _crew(shore: Shore, f: Fields, seat: str, raw: object, path: str) -> None:
    s = f.mapping(raw, path, SHIP_FIELDS)
    ship = shore.ships[f.text(s, "name", path)]
    for i, item_raw in enumerate(f.seq(s.get("crew", []), f"{path}.crew")):
        ipath = f"{path}.crew[{i}]"
        item = f.mapping(item_raw, ipath, CREW_FIELDS)
        at = _deck_point(f, item, ipath, ship) if "at" in item else None
        group = _figures(f, item, ipath, ship.name, seat)
        caged = f.boolean(item, "caged", ipath, default=False)
        for name, kind, weapons in group:
            if kind == "commander":
                raise f.fail(f"{ipath}.kind", "a commander in a fort's garrison (a ship has a captain)", kind)
            spot = _place(shore, f, ipath, Surface.DECK, ship.name, at, len(group) == 1, stern_first=kind == "captain", radius=_radius(kind))
            _add_figure(shore, f, ipath, name, kind, weapons, seat, spot, ship.name if kind == "captain" else None, caged)
    for i, store in enumerate(f.seq(s.get("stores", []), f"{path}.stores")):
        spath = f"{path}.stores[{i}]"
        item = {"kind": store} if isinstance(store, str) else f.mapping(store, spath, STORE_FIELDS)
        kind = f.text(item, "kind", spath, choices=list(PILE_KINDS))
        names = [c.name for c in ship.plan.sections]
        section = f.text(item, "section", spath, default=names[len(names) // 2], choices=names)
        new_weapon(shore, kind, None, stow_spot(ship, section))


def stow_spot(ship: Ship, section: str) -> Spot:
    """Where weapons stored in a section lie: on the keel line in the middle of the section."""
    sec = next(c for c in ship.plan.sections if c.name == section)
    return Spot(Surface.DECK, ship.name, (sec.aft + sec.fore) / 2.0, 0.0)


def _deck_point(f: Fields, item: Mapping[str, Any], path: str, ship: Ship) -> Vec:
    p = f.point(item["at"], f"{path}.at")
    return ship.hull.world(p.x, p.y)


def _ashore(shore: Shore, f: Fields, seat: str, raw: object, path: str) -> None:
    item = f.mapping(raw, path, ASHORE_FIELDS)
    lands = [lv.ident for lv in shore.lands if not lv.solid]
    land = f.text(item, "land", path, choices=lands)
    at = f.point(item["at"], f"{path}.at") if "at" in item else None
    of = f.text(item, "of", path, choices=list(shore.ships)) if "of" in item else None
    group = _figures(f, item, path, land, seat)
    caged = f.boolean(item, "caged", path, default=False)
    for name, kind, weapons in group:
        if kind == "captain" and of is None:
            raise f.fail(f"{path}.of", "the ship a captain ashore commands (WS-FIG-1)", None)
        if kind == "commander":
            raise f.fail(f"{path}.kind", "a commander in a fort's garrison", kind)
        spot = _place(shore, f, path, Surface.LAND, land, at, len(group) == 1, stern_first=False, radius=_radius(kind))
        _add_figure(shore, f, path, name, kind, weapons, seat, spot, of if kind == "captain" else None, caged)


def _radius(kind: str) -> float:
    animal = ANIMALS.get(kind)
    return FIGURE_RADIUS if animal is None else animal.radius


def _place(
    shore: Shore, f: Fields, path: str, surface: Surface, ident: str, at: Vec | None, exact: bool, stern_first: bool, radius: float = FIGURE_RADIUS
) -> Spot:
    """The spot a new figure stands on: exactly ``at`` for a single figure placed there (it must
    be free), else the first free point of a lattice over the surface nearest ``at`` (without it:
    on a deck from amidships outwards, a captain from the stern; ashore from the middle)."""
    space = space_for(shore, surface, ident, radius)
    if at is not None and exact:
        if not space.holds(at):
            raise f.fail(
                f"{path}.at", f"a free place on {ident} for a figure (clear of the edge, masts, rocks and other figures)", [round(at.x, 3), round(at.y, 3)]
            )
        return spot_at(shore, surface, ident, at)
    if surface is Surface.WATER:
        free = space.nearest(at if at is not None else Vec(shore.table.width / 2.0, shore.table.height / 2.0))
        if free is None:
            raise f.fail(path, "room in the water", "no room left")
        return spot_at(shore, surface, ident, free)
    for p in _lattice(shore, surface, ident, at, stern_first):
        if space.holds(p):
            return spot_at(shore, surface, ident, p)
    raise f.fail(path, f"room for every figure on {ident}", "no room left")


def _lattice(shore: Shore, surface: Surface, ident: str, near: Vec | None, stern_first: bool) -> list[Vec]:
    step = 2.0 * FIGURE_RADIUS + 0.02
    if surface is not Surface.DECK and surface is not Surface.LAND:  # a fort's walls or a level: from the middle
        box = shore.forts[ident].hull if surface is Surface.WALL_TOP else shore.keep(ident).hull
        pts = [box.world(u, v) for u, v in _grid(box.hl - FIGURE_RADIUS, box.hw - FIGURE_RADIUS, step)]
        mid = near if near is not None else box.centre
        return sorted(pts, key=lambda q: (math.hypot(q.x - mid.x, q.y - mid.y), q.x, q.y))
    if surface is Surface.DECK:
        hull = shore.ships[ident].hull
        pts = [hull.world(u, v) for u, v in _grid(hull.hl - FIGURE_RADIUS, hull.hw - FIGURE_RADIUS, step)]
    else:
        area = shore.land(ident).area
        half_w, half_h = (area.maxx - area.minx) / 2.0, (area.maxy - area.miny) / 2.0
        pts = [q for q in (Vec(area.cx + u, area.cy + v) for u, v in _grid(half_w, half_h, step)) if area.contains(q)]
    if near is not None:
        return sorted(pts, key=lambda q: (math.hypot(q.x - near.x, q.y - near.y), q.x, q.y))
    if surface is Surface.DECK:
        hull = shore.ships[ident].hull
        local = {q: hull.local(q) for q in pts}
        if stern_first:
            return sorted(pts, key=lambda q: (local[q][0], abs(local[q][1])))
        return sorted(pts, key=lambda q: (abs(local[q][0]) + 0.5 * abs(local[q][1]), local[q][0], local[q][1]))
    area = shore.land(ident).area
    return sorted(pts, key=lambda q: (math.hypot(q.x - area.cx, q.y - area.cy), q.x, q.y))


def _grid(half_u: float, half_v: float, step: float) -> list[tuple[float, float]]:
    nu, nv = max(0, math.floor(half_u / step)), max(0, math.floor(half_v / step))
    return [(i * step, j * step) for i in range(-nu, nu + 1) for j in range(-nv, nv + 1)]


# --------------------------------------------------------------------------- forts

FORT_FIELDS = ("name", "land", "x", "y", "heading", "length", "width", "wall_height", "levels", "gates", "guns", "garrison", "damage")
LEVEL_FIELDS = ("name", "at", "length", "width", "storey")
GATE_FIELDS = ("side", "at")
GARRISON_FIELDS = ("name", "kind", "count", "weapons", "place", "at")
#: the walls a gate may stand in: the direction of the wall's outside from the fort's centre, as (along, port)
GATE_SIDES = {"front": (1.0, 0.0), "back": (-1.0, 0.0), "left": (0.0, 1.0), "right": (0.0, -1.0)}


def build_fort(shore: Shore, f: Fields, seat: str, raw: object, path: str) -> None:
    """A fort (WS-FORT-1): its footprint wholly on one piece of land and clear of everything
    there, its raised levels on its walls' top, its gates, its guns, and its cost and hit points
    from the fort cost table."""
    d = f.mapping(raw, path, FORT_FIELDS)
    name = f.name(d, "name", path)
    if name in shore.forts or name in shore.ships:
        raise f.fail(f"{path}.name", "a fort name not used by another fort or ship", name)
    grounds = [lv.ident for lv in shore.lands if not lv.solid]
    land = shore.land(f.text(d, "land", path, choices=grounds))
    hull = Hull(
        f.number(d, "x", path, what="an x position in inches"),
        f.number(d, "y", path, what="a y position in inches"),
        f.number(d, "heading", path, default=0.0, lo=-360, hi=360, what="a heading in degrees (the way its front faces)") % 360.0,
        f.number(d, "length", path, lo=3.0, hi=60.0, what="a fort's length in inches"),
        f.number(d, "width", path, lo=3.0, hi=60.0, what="a fort's width in inches"),
    )
    if not all(land.area.contains(Vec(x, y)) for x, y in hull.corners):
        raise f.fail(path, f"a fort wholly on {land.ident}", name)
    for lv in shore.lands:
        if lv.solid and hull_hits_polygon(hull, lv.area):
            raise f.fail(path, f"a fort clear of {lv.ident}", name)
    for other in shore.forts.values():
        if hulls_overlap(hull, other.hull):
            raise f.fail(path, f"a fort clear of {other.name}", name)
    height = land.height + f.number(d, "wall_height", path, default=WALL_HEIGHT, lo=0.5, hi=20.0, what="the walls' height in inches")
    keeps = tuple(_keep(f, name, hull, height, item, f"{path}.levels[{i}]", i) for i, item in enumerate(f.seq(d.get("levels", []), f"{path}.levels")))
    if len({k.name for k in keeps}) != len(keeps):
        raise f.fail(f"{path}.levels", "level names used once", [k.name for k in keeps])
    gates = tuple(_gate(f, name, hull, item, f"{path}.gates[{i}]", i) for i, item in enumerate(f.seq(d.get("gates", []), f"{path}.gates")))
    fort = shore.forts[name] = Fort(name, seat, seat, hull, land.ident, height, keeps, gates, 0, 0, {})
    for j, raw_gun in enumerate(f.seq(d.get("guns", []), f"{path}.guns")):
        gun(shore, f, fort, raw_gun, f"{path}.guns[{j}]")
    kinds = [g.kind for g in shore.guns.values() if g.ship == name]
    fort.costs = fort_cost(2.0 * (hull.length + hull.width), len(keeps), len(gates), kinds)
    fort.cost = fort.points = sum(fort.costs.values())
    fort.lost = f.integer(d, "damage", path, default=0, lo=0, hi=fort.points - 1)


def _keep(f: Fields, fort: str, hull: Hull, wall: float, raw: object, path: str, i: int) -> Keep:
    d = f.mapping(raw, path, LEVEL_FIELDS)
    at = f.point(d["at"], f"{path}.at") if "at" in d else Vec(0.0, 0.0)
    length = f.number(d, "length", path, default=4.0, lo=2.0, hi=hull.length, what="a level's length in inches")
    width = f.number(d, "width", path, default=4.0, lo=2.0, hi=hull.width, what="a level's width in inches")
    if abs(at.x) + length / 2.0 > hull.hl + 1e-9 or abs(at.y) + width / 2.0 > hull.hw + 1e-9:
        raise f.fail(f"{path}.at", f"a level wholly within {fort}'s walls (in the fort's frame: forward, to the left)", [at.x, at.y])
    storey = f.integer(d, "storey", path, default=1, lo=1, hi=5)
    c = hull.world(at.x, at.y)
    name = f.name(d, "name", path, default=f"{fort} level {i + 1}")
    return Keep(name, fort, Hull(c.x, c.y, hull.heading, length, width), storey, wall + storey * LEVEL_RISE)


def _gate(f: Fields, fort: str, hull: Hull, raw: object, path: str, i: int) -> Gate:
    d = f.mapping(raw, path, GATE_FIELDS)
    u, v = GATE_SIDES[f.text(d, "side", path, choices=list(GATE_SIDES))]
    run = hull.hw if u else hull.hl  # half the wall's length
    at = f.number(d, "at", path, default=0.0, lo=-run + GATE_WIDTH / 2.0, hi=run - GATE_WIDTH / 2.0, what="inches along the wall from its middle")
    p = hull.world(u * hull.hl + at * abs(v), v * hull.hw + at * abs(u))
    return Gate(f"{fort} gate {i + 1}", fort, p.x, p.y, GATE_POINTS, GATE_POINTS)


def garrison(shore: Shore, f: Fields, seat: str, raw: object, path: str) -> None:
    """The figures on a fort's walls and levels, its commander (a hero, WS-FIG-2) among them."""
    d = f.mapping(raw, path, FORT_FIELDS)
    fort = shore.forts[f.text(d, "name", path)]
    places = {"walls": (Surface.WALL_TOP, fort.name), **{k.name: (Surface.FORT_LEVEL, k.name) for k in fort.keeps}}
    for i, item_raw in enumerate(f.seq(d.get("garrison", []), f"{path}.garrison")):
        ipath = f"{path}.garrison[{i}]"
        item = f.mapping(item_raw, ipath, GARRISON_FIELDS)
        surface, ident = places[f.text(item, "place", ipath, default="walls", choices=list(places))]
        at = f.point(item["at"], f"{ipath}.at") if "at" in item else None
        group = _figures(f, item, ipath, fort.name, seat, shore.figures)
        for name, kind, weapons in group:
            if kind == "captain":
                raise f.fail(f"{ipath}.kind", "a commander for a fort (a captain commands a ship)", kind)
            spot = _place(shore, f, ipath, surface, ident, at, len(group) == 1, stern_first=False, radius=_radius(kind))
            _add_figure(shore, f, ipath, name, kind, weapons, seat, spot, fort.name if kind == "commander" else None)
