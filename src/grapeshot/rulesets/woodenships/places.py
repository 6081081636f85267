"""Where figures may stand, and what they see: the game's surfaces on the geometry package.

A figure stands on one surface at a time (:class:`~.state.Spot`): a ship's deck, in the hull's
frame, among the other figures aboard and round the masts; a piece of land, round rocks,
buildings and standing forts; the top of a fort's walls, round its guns and raised levels; a
raised level of a fort; or the open water, round every hull, island and rock.  :func:`space_for` builds the
free space of one surface for one figure (``geometry.FreeSpace``: linear in the figures on that
surface, looked up in a grid of cells when they are many), which its moves, the nearest free
spot and placing all ask.  Sight (:func:`obstructions`, :func:`sees`) runs over hulls with their
gunwales, raised ground, rocks, buildings and forts' walls and levels; figures do not block it (a ruling: on a crowded
deck they would hide everything).
"""

from __future__ import annotations

from collections.abc import Sequence

from grapeshot.geometry import (
    EYE_HEIGHT,
    Base,
    DeckPoint,
    FreeSpace,
    Hull,
    Level,
    Obstruction,
    Point3,
    Polygon,
    Surface,
    Vec,
    Vessel,
    base_over,
    blockings,
    hull_gap,
    hull_over,
    obstructions_for,
    polygon_gap,
)
from grapeshot.rulesets.woodenships.data import GUN_RADIUS, MAST_RADIUS
from grapeshot.rulesets.woodenships.pieces import KEPT, Figure, Fort, Ship, Spot
from grapeshot.rulesets.woodenships.state import Shore


def vessel(ship: Ship) -> Vessel:
    return Vessel(ship.name, ship.hull, ship.plan)


def masts(ship: Ship) -> list[Base]:
    """The ship's masts where they stand on the table now, as round footings figures walk round
    (round, so they are the same whichever way the ship has turned)."""
    out = []
    for i, m in enumerate(ship.masts):
        p = ship.hull.world(m, 0.0)
        out.append(Base(p.x, p.y, MAST_RADIUS, f"{ship.name} mast {i + 1}"))
    return out


def footings(shore: Shore, ship: Ship) -> list[Base]:
    """What stands on a ship's deck besides the figures: its masts and its guns."""
    guns = [Base(p.x, p.y, GUN_RADIUS, g.name) for g in shore.guns_on(ship.name) for p in [shore.gun_point(g)]]
    return [*masts(ship), *guns]


def fort_footings(shore: Shore, fort: Fort) -> list[Base]:
    """What stands on a fort's walls besides the figures: its guns."""
    return [Base(p.x, p.y, GUN_RADIUS, g.name) for g in shore.guns.values() if g.ship == fort.name and g.working for p in [shore.gun_point(g)]]


def outline(hull: Hull) -> Polygon:
    return Polygon(hull.corners)


def space_for(shore: Shore, surface: Surface, ident: str, radius: float, without: str = "") -> FreeSpace:
    """Where a base of ``radius`` may stand on one surface, clear of the figures on it (but the
    one named ``without``, the figure that moves) and of what stands in the way there."""
    bases = [shore.base(f) for f in shore.on(surface, ident) if f.name != without]
    if surface is Surface.DECK:
        ship = shore.ships[ident]
        return FreeSpace(radius, [ship.hull], [*bases, *footings(shore, ship)])
    if surface is Surface.WALL_TOP:
        fort = shore.forts[ident]
        return FreeSpace(radius, [fort.hull], [*bases, *fort_footings(shore, fort)], [k.hull for k in fort.keeps])
    if surface is Surface.FORT_LEVEL:
        return FreeSpace(radius, [shore.keep(ident).hull], bases)
    if surface is Surface.LAND:
        land = shore.land(ident)
        solids: list[Hull | Polygon] = [lv.area for lv in shore.lands if lv.solid and _boxes_meet(lv.area, land.area)]
        solids += [f.hull for f in shore.standing() if f.ground == ident]
        return FreeSpace(radius, [land.area], bases, solids)
    obstacles: list[Hull | Polygon] = [s.hull for s in shore.afloat()]
    obstacles += [lv.area for lv in shore.lands]
    return FreeSpace(radius, [shore.table], bases, obstacles)


def _boxes_meet(a: Polygon, b: Polygon) -> bool:
    return a.minx <= b.maxx and b.minx <= a.maxx and a.miny <= b.maxy and b.miny <= a.maxy


def spot_at(shore: Shore, surface: Surface, ident: str, p: Vec) -> Spot:
    """The spot of a point on the table on a given surface (a deck's in its ship's frame; the
    water the collisions module keeps is only ever its swimmers', so a WS move there is to WS's
    own water)."""
    if surface is Surface.WATER and ident == KEPT:
        ident = ""
    if surface is Surface.DECK:
        d = DeckPoint.of(shore.ships[ident].hull, p)
        return Spot(surface, ident, d.along, d.port)
    return Spot(surface, ident, p.x, p.y)


def surfaces_at(shore: Shore, p: Vec) -> list[tuple[Surface, str]]:
    """What a figure could stand on at a point: the deck of a ship over it, ground that holds
    figures, or else the water (nothing where rocks or a building stand)."""
    for s in shore.afloat():
        if s.hull.contains(p):
            return [(Surface.DECK, s.name)]
    for fort in shore.standing():
        if fort.hull.contains(p):
            keeps = sorted((k for k in fort.keeps if k.hull.contains(p)), key=lambda k: -k.storey)
            return [(Surface.FORT_LEVEL, keeps[0].name)] if keeps else [(Surface.WALL_TOP, fort.name)]
    for lv in shore.lands:
        if lv.area.contains(p):
            return [] if lv.solid else [(Surface.LAND, lv.ident)]
    return [(Surface.WATER, "")] if shore.table.holds_point(p) else []


def holds(shore: Shore, figure: Figure) -> str | None:
    """Why a living figure's base is where it may not be (None when all is well): off its
    surface, over a hull or ground it is not on, or overlapping another figure on its surface."""
    spot = figure.spot
    if spot is None:
        return None
    if spot.surface in (Surface.BELOW, Surface.ALOFT) or figure.kept:
        # the collisions module's places: below decks and aloft go with their ship; its
        # swimmers it keeps itself (its invariants check them)
        held = spot.surface is Surface.WATER or (spot.ident in shore.ships and shore.ships[spot.ident].afloat)
        return None if held else f"is {spot.surface.value} in {spot.ident}, which is not afloat"
    b = shore.base(figure)
    if spot.surface is Surface.DECK:
        ship = shore.ships.get(spot.ident)
        if ship is None or not ship.afloat:
            return f"stands on the deck of {spot.ident}, which is not afloat"
        if not DeckPoint(spot.x, spot.y).aboard(ship.hull, -b.radius + 1e-6):
            return f"overhangs the side of {ship.name}"
    elif spot.surface in (Surface.WALL_TOP, Surface.FORT_LEVEL):
        fort = shore.fort_of(spot)
        assert fort is not None
        if fort.collapsed:
            return f"stands on {spot.ident}, which has collapsed"
        area = fort.hull if spot.surface is Surface.WALL_TOP else shore.keep(spot.ident).hull
        if not DeckPoint.of(area, b.centre).aboard(area, -b.radius + 1e-6):
            return f"overhangs the edge of {spot.ident}"
        if spot.surface is Surface.WALL_TOP:
            for k in fort.keeps:
                if hull_gap(b, k.hull) < -1e-6:
                    return f"stands inside {k.name}"
    elif spot.surface is Surface.LAND:
        land = shore.land(spot.ident)
        if polygon_gap(b, land.area) > -2.0 * b.radius + 1e-6:
            return f"overhangs the edge of {land.ident}"
        for lv in shore.lands:
            if lv.solid and base_over(b, lv.area):
                return f"stands inside {lv.ident}"
        for fort in shore.standing():
            if hull_gap(b, fort.hull) < -1e-6:
                return f"stands inside the walls of {fort.name}"
    else:
        for s in shore.afloat():
            if hull_over(b, s.hull):
                return f"swims inside the hull of {s.name}"
        for lv in shore.lands:
            if base_over(b, lv.area):
                return f"swims inside {lv.ident}"
        if not shore.table.holds_point(b.centre, b.radius - 1e-6):
            return "swims off the table"
    return None


# --------------------------------------------------------------------------- sight


def obstructions(shore: Shore) -> list[Obstruction]:
    """What blocks sight on this table: every hull afloat (solid to its deck, its gunwale a rim
    above), ground above the water, rocks and buildings.  Figures do not block sight."""
    levels = [Level(lv.ident, Surface.LAND, lv.area, lv.height) for lv in shore.lands]
    for fort in shore.standing():
        levels.append(Level(fort.name, Surface.WALL_TOP, outline(fort.hull), fort.height))
        levels += [Level(k.name, Surface.FORT_LEVEL, outline(k.hull), k.height) for k in fort.keeps]
    return obstructions_for([vessel(s) for s in shore.afloat()], levels)


def eye(shore: Shore, figure: Figure) -> Point3:
    assert figure.spot is not None
    p = shore.world(figure.spot)
    return Point3(p.x, p.y, shore.height(figure.spot) + EYE_HEIGHT)


def sees(shore: Shore, obs: Sequence[Obstruction], looker: Figure, target: Figure) -> str | None:
    """None when ``looker`` sees ``target``'s head; otherwise the ident of what is in the way
    first (a gunwale, a hill, rocks, a building; ``sea`` for a line that dips under the water)."""
    assert target.spot is not None
    p = shore.world(target.spot)
    head = Point3(p.x, p.y, shore.height(target.spot) + EYE_HEIGHT)
    found = blockings(eye(shore, looker), head, obs)
    return None if not found else found[0].ident
