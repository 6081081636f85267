"""Setting a Wooden Ships game up from a scenario: terrain, ships by type, crews on their decks,
landing parties ashore, weapons carried, stowed or in the pile, and the checks of a fair game.

The checks (each refused with the field and the rule it breaks): every ship has between two and
``max_sections`` sections (WS-SHIP-1) and exactly one captain (WS-FIG-1); the sides' fleets cost
the same to within ``cost_margin`` (WS-SHIP-1) and, with ``equal_figures``, the sides field the
same number of figures (WS-FIG-1); everything stands on the table, clear of everything else.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast

from grapeshot.core.scenario import Fields, Scenario
from grapeshot.geometry import Base, Hull, Obstacle, Polygon, Section, ShipPlan, Surface, Vec, hull_hits_polygon, hulls_overlap, sections
from grapeshot.rulesets.woodenships.data import (
    FIGURE_KINDS,
    FIGURE_RADIUS,
    GUN_RADIUS,
    GUNS,
    HERO_LIFE,
    MAN_LIFE,
    MIN_SECTIONS,
    PILE_KINDS,
    SHIP_TYPES,
    SMALL_ARMS,
    ShipType,
    default_masts,
)
from grapeshot.rulesets.woodenships.places import masts, space_for, spot_at
from grapeshot.rulesets.woodenships.state import Draft, Figure, Gun, Land, Ship, Shore, Spot, Weapon

FLEET_FIELDS = ("seat", "name", "ships", "ashore", "pile")
SHIP_FIELDS = ("name", "type", "x", "y", "heading", "sections", "length", "width", "hit_points", "damage", "masts", "crew", "stores", "guns")
GUN_FIELDS = ("kind", "place", "section", "at", "facing", "wheels", "loaded")
#: where a gun may be mounted by name: the middle of the arc it points over (degrees from the bow)
GUN_PLACES = {"port": 90.0, "starboard": -90.0, "bow": 0.0, "stern": 180.0}
CREW_FIELDS = ("name", "kind", "count", "weapons", "at")
ASHORE_FIELDS = ("name", "kind", "count", "weapons", "land", "at", "of")
STORE_FIELDS = ("kind", "section")

#: each kind of terrain: whether figures may stand on it (not solid), and its height above the water by default
LAND_KINDS = {"island": (False, 0.0), "harbour": (False, 0.5), "rocks": (True, 1.0), "building": (True, 2.0)}


def build(scenario: Scenario, options: Mapping[str, object]) -> Shore:
    """The initial state; a :class:`ScenarioError` names the first thing wrong."""
    f = scenario.reader
    lands = _lands(scenario, f)
    obstacles = tuple(Obstacle(t.name, t.kind, t.shape) for t in scenario.terrain if t.is_obstacle and t.shape is not None)
    shore = Shore(
        table=scenario.table,
        terrain=scenario.terrain,
        seats=tuple(s.id for s in scenario.seats),
        ships={},
        figures={},
        weapons={},
        lands=lands,
        options=dict(options),
        obstacles=obstacles,
    )
    pile: list[str] = []
    fleets = []
    for i, raw in enumerate(scenario.fleets):
        path = f"fleets[{i}]"
        fleet = f.mapping(raw, path, FLEET_FIELDS)
        seat = f.text(fleet, "seat", path)
        for j, ship_raw in enumerate(f.seq(fleet.get("ships", []), f"{path}.ships")):
            _ship(shore, f, seat, ship_raw, f"{path}.ships[{j}]", options)
        fleets.append((seat, fleet, path))
        pile += _pile(f, fleet.get("pile", {}), f"{path}.pile")
    for seat, fleet, path in fleets:
        for j, ship_raw in enumerate(f.seq(fleet.get("ships", []), f"{path}.ships")):
            _crew(shore, f, seat, ship_raw, f"{path}.ships[{j}]")
        for j, item in enumerate(f.seq(fleet.get("ashore", []), f"{path}.ashore")):
            _ashore(shore, f, seat, item, f"{path}.ashore[{j}]")
    _check_fleets(shore, f, options)
    if pile:
        shore.draft = Draft(pile=sorted(pile, key=PILE_KINDS.index), order=shore.seats, taken={s: [] for s in shore.seats})
    return shore


def _lands(scenario: Scenario, f: Fields) -> tuple[Land, ...]:
    out = []
    for i, t in enumerate(scenario.terrain):
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
        if kind not in PILE_KINDS:
            raise f.fail(f"{path}.{kind}", f"a hand weapon of the pile ({', '.join(PILE_KINDS)}; guns, barrels and animals are not yet in play)", kind)
        n = f.integer(items, kind, path, lo=0, hi=200)
        out += [str(kind)] * n
    return out


def _ship(shore: Shore, f: Fields, seat: str, raw: object, path: str, options: Mapping[str, object]) -> None:
    s = f.mapping(raw, path, SHIP_FIELDS)
    name = f.text(s, "name", path)
    if name in shore.ships:
        raise f.fail(f"{path}.name", "a ship name used once", name)
    kind = SHIP_TYPES[f.text(s, "type", path, choices=list(SHIP_TYPES))]
    most = int(cast(int, options["max_sections"]))
    count = f.integer(s, "sections", path, default=MIN_SECTIONS, lo=MIN_SECTIONS, hi=most)
    default_length = kind.length * count if kind.per_section is not None else kind.length
    length = f.number(s, "length", path, default=default_length, lo=2.0, hi=60.0, what="a hull length in inches")
    width = f.number(s, "width", path, default=kind.width, lo=1.0, hi=20.0, what="a hull width in inches")
    chosen = None
    if kind.points is not None:
        lo, hi = kind.points
        chosen = f.integer(s, "hit_points", path, default=lo, lo=lo, hi=hi)
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
    ship = shore.ships[name] = Ship(
        name=name,
        side=seat,
        owner=seat,
        type=kind.name,
        hull=hull,
        plan=ShipPlan(_sections(length, count, points)),
        points=points,
        cost=kind.cost(count, points),
        masts=masts,
        lost=f.integer(s, "damage", path, default=0, lo=0, hi=points - 1),
    )
    for j, raw_gun in enumerate(f.seq(s.get("guns", []), f"{path}.guns")):
        _gun(shore, f, ship, raw_gun, f"{path}.guns[{j}]")


def _gun(shore: Shore, f: Fields, ship: Ship, raw: object, path: str) -> None:
    """A gun mounted on a ship (WS-GUN-*): at one of the ship's places (its port or starboard
    gunwale amidships or in the middle of a section, at the bow or the stern, pointing out over
    that side), or at a point of the deck pointing a given way."""
    g = f.mapping(raw, path, GUN_FIELDS)
    kind = f.text(g, "kind", path, choices=list(GUNS))
    hull = ship.hull
    if "at" in g:
        if "place" in g:
            raise f.fail(f"{path}.place", "either a place or a point 'at' for a gun, not both", g["place"])
        p = f.point(g["at"], f"{path}.at")
        along, port = p.x, p.y
        mount = f.number(g, "facing", path, default=0.0, lo=-360.0, hi=360.0, what="a direction from the bow, degrees (port positive)")
    else:
        place = f.text(g, "place", path, choices=list(GUN_PLACES))
        mount = GUN_PLACES[place]
        names = [c.name for c in ship.plan.sections]
        if place in ("port", "starboard"):
            along = 0.0  # amidships, unless a section is named
            if "section" in g:
                sec = next(c for c in ship.plan.sections if c.name == f.text(g, "section", path, choices=names))
                along = (sec.aft + sec.fore) / 2.0
            port = (hull.hw - GUN_RADIUS) * (1.0 if place == "port" else -1.0)
        else:
            along, port = (hull.hl - GUN_RADIUS) * (1.0 if place == "bow" else -1.0), 0.0
    if abs(along) > hull.hl - GUN_RADIUS + 1e-9 or abs(port) > hull.hw - GUN_RADIUS + 1e-9:
        raise f.fail(f"{path}.at", f"a point on {ship.name}'s deck for a gun, {GUN_RADIUS:g}\" in from the side", [along, port])
    where = hull.world(along, port)
    for other in [*masts(ship), *(Base(q.x, q.y, GUN_RADIUS, o.name) for o in shore.guns_on(ship.name) for q in [shore.gun_point(o)])]:
        if math.hypot(other.x - where.x, other.y - where.y) < other.radius + GUN_RADIUS - 1e-9:
            raise f.fail(path, f"a gun clear of {other.ident}", [round(along, 3), round(port, 3)])
    facing = f.number(g, "facing", path, default=mount, lo=-360.0, hi=360.0, what="a direction from the bow, degrees (port positive)")
    n = 1 + sum(1 for x in shore.guns.values() if x.ship == ship.name and x.kind == kind)
    name = f"{ship.name} {kind} {n}"
    shore.guns[name] = Gun(
        name=name,
        kind=kind,
        ship=ship.name,
        along=along,
        port=port,
        facing=facing,
        mount=mount,
        wheels=f.boolean(g, "wheels", path, default=False),
        loaded=f.boolean(g, "loaded", path, default=True),
        life=GUNS[kind].hit_points,
    )


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


def _figures(f: Fields, item: Mapping[str, Any], path: str, default_name: str, seat: str) -> list[tuple[str, str, list[str]]]:
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
        return [(f.text(item, "name", path), kind, weapons)]
    return [(f"{default_name} {kind} {n}", kind, list(weapons)) for n in range(1, count + 1)]


def _add_figure(shore: Shore, f: Fields, path: str, name: str, kind: str, weapons: list[str], seat: str, spot: Spot, captain_of: str | None) -> None:
    if name in shore.figures:
        raise f.fail(path, "figure names used once (numbered entries take their ship's or land's name)", name)
    life = MAN_LIFE if kind == "man" else HERO_LIFE
    shore.figures[name] = Figure(name, seat, kind, life, life, spot, captain_of)
    for w in weapons:
        new_weapon(shore, w, name, None)


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
        for name, kind, weapons in group:
            spot = _place(shore, f, ipath, Surface.DECK, ship.name, at, len(group) == 1, stern_first=kind == "captain")
            _add_figure(shore, f, ipath, name, kind, weapons, seat, spot, ship.name if kind == "captain" else None)
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
    for name, kind, weapons in group:
        if kind == "captain" and of is None:
            raise f.fail(f"{path}.of", "the ship a captain ashore commands (WS-FIG-1)", None)
        spot = _place(shore, f, path, Surface.LAND, land, at, len(group) == 1, stern_first=False)
        _add_figure(shore, f, path, name, kind, weapons, seat, spot, of if kind == "captain" else None)


def _place(shore: Shore, f: Fields, path: str, surface: Surface, ident: str, at: Vec | None, exact: bool, stern_first: bool) -> Spot:
    """The spot a new figure stands on: exactly ``at`` for a single figure placed there (it must
    be free), else the first free point of a lattice over the surface nearest ``at`` (without it:
    on a deck from amidships outwards, a captain from the stern; ashore from the middle)."""
    space = space_for(shore, surface, ident, FIGURE_RADIUS)
    if at is not None and exact:
        if not space.holds(at):
            raise f.fail(
                f"{path}.at", f"a free place on {ident} for a figure (clear of the edge, masts, rocks and other figures)", [round(at.x, 3), round(at.y, 3)]
            )
        return spot_at(shore, surface, ident, at)
    for p in _lattice(shore, surface, ident, at, stern_first):
        if space.holds(p):
            return spot_at(shore, surface, ident, p)
    raise f.fail(path, f"room for every figure on {ident}", "no room left")


def _lattice(shore: Shore, surface: Surface, ident: str, near: Vec | None, stern_first: bool) -> list[Vec]:
    step = 2.0 * FIGURE_RADIUS + 0.02
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


# --------------------------------------------------------------------------- fair fleets


def _check_fleets(shore: Shore, f: Fields, options: Mapping[str, object]) -> None:
    for ship in shore.ships.values():
        captains = [x.name for x in shore.figures.values() if x.captain_of == ship.name]
        if len(captains) != 1:
            raise f.fail(f"fleets (ship {ship.name})", "exactly one captain for each ship (WS-FIG-1)", captains)
    for seat in shore.seats:
        if not any(x.side == seat for x in shore.figures.values()):
            raise f.fail("fleets", f"figures for seat {seat!r}", None)
    costs = {seat: sum(s.cost for s in shore.ships.values() if s.owner == seat) for seat in shore.seats}
    margin = int(cast(int, options["cost_margin"]))
    if max(costs.values()) - min(costs.values()) > margin:
        raise f.fail("fleets", f"fleets of the same cost to within {margin} points (WS-SHIP-1; option cost_margin)", costs)
    if options["equal_figures"]:
        counts = {seat: sum(1 for x in shore.figures.values() if x.side == seat) for seat in shore.seats}
        if len(set(counts.values())) > 1:
            raise f.fail("fleets", "the same number of figures on every side (WS-FIG-1; option equal_figures)", counts)
