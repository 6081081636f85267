"""The state of a Wooden Ships game: :class:`Shore`, everything on the table and the turn, and
the questions the rules ask of it (who stands where, where a spot is now, how high, what a gun is
mounted on), with :meth:`Shore.describe`, the public JSON view: nothing in this game is hidden.

The records it holds (figures, weapons, ships, guns, forts, the draft) are :mod:`.pieces`; this
room is the table as a whole, the one place that answers across them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from grapeshot.core.scenario import Terrain
from grapeshot.geometry import Base, DeckPoint, Hull, Obstacle, Surface, Table, Vec
from grapeshot.rulesets.woodenships.pieces import ABOARD, Draft, Figure, Fire, Fort, Gun, Keep, Land, Ship, Spot, Weapon


@dataclass
class Shore:
    """Everything on the table in a Wooden Ships game."""

    table: Table
    terrain: tuple[Terrain, ...]
    seats: tuple[str, ...]
    ships: dict[str, Ship]
    figures: dict[str, Figure]
    weapons: dict[str, Weapon]
    lands: tuple[Land, ...]
    options: dict[str, object]
    guns: dict[str, Gun] = field(default_factory=dict)
    #: terrain a moving ship runs into (islands, quays, rocks)
    obstacles: tuple[Obstacle, ...] = ()
    turn: int = 0
    order: tuple[str, ...] = ()  # this turn's order of the sides (WS-RULING-1)
    side_index: int = 0  # whose turn of that order it is
    serial: int = 0  # sides' turns begun so far in the game
    draft: Draft | None = None
    #: victims and how many figures have struck at each in this side's turn (WS-FIG-4)
    attacks: dict[str, int] = field(default_factory=dict)
    #: boarding parties' rolls this side's turn, by crossing (option boarding_roll: party)
    crossings: dict[str, bool] = field(default_factory=dict)
    #: the figure whose move or action is being resolved (the dead never act)
    acting: str | None = None
    #: points scored by each side: enemy figures killed, enemy ships sunk (WS-RULING-1)
    scored: dict[str, int] = field(default_factory=dict)
    #: the side that took each sinking ship's last point
    sunk_by: dict[str, str] = field(default_factory=dict)
    #: successful edged attacks on each grapple so far, by the pair of ships (WS-BOARD-2)
    grapple_cuts: dict[str, int] = field(default_factory=dict)
    #: the re-rolls left of the GW-dice throw being made (WS-GUN-10)
    gw_rerolls: int = 0
    #: the referee's seat, who moves the wild creatures (option wild_animals: referee)
    referee: str | None = None
    #: what is alight (WS-ANIMAL-6), in the order lit
    fires: list[Fire] = field(default_factory=list)
    #: where the wind blows to (degrees; None without option wind, WS-WIND-1)
    wind: float | None = None
    #: the forts on the table (WS-FORT-*), by name
    forts: dict[str, Fort] = field(default_factory=dict)
    #: the rule modules in play (set by the rule set when the game starts; ``collisions`` makes
    #: Wooden Ships its host, :mod:`.hosting`)
    modules: tuple[str, ...] = ()
    #: figures held prisoner, by the seat holding them (collisions module, CG-BOARD-4)
    prisoners: dict[str, str] = field(default_factory=dict)
    #: figures busy with the module's work (grappling, boarding), by the game turn (CG-GRAP-1)
    engaged: dict[str, int] = field(default_factory=dict)
    #: rowers incapacitated for the rest of the game by a sideswipe (CG-SIDE-4)
    incapacitated: set[str] = field(default_factory=set)

    def option(self, name: str) -> Any:
        return self.options[name]

    @property
    def hosting(self) -> bool:
        """Whether the collisions module is in play (Wooden Ships is its host, :mod:`.hosting`)."""
        return "collisions" in self.modules

    def idle(self, figure: Figure) -> bool:
        """Whether a figure sits out the figures' turn: held prisoner, below decks or aloft, an
        incapacitated rower, busy with the module's grappling or boarding this turn, or a
        swimmer the module keeps (it swims at the module's swimmers step)."""
        spot = figure.spot
        return (
            figure.name in self.prisoners
            or figure.name in self.incapacitated
            or self.engaged.get(figure.name) == self.turn
            or figure.kept
            or (spot is not None and spot.surface in (Surface.BELOW, Surface.ALOFT))
        )

    @property
    def side(self) -> str:
        """The side whose turn it is."""
        return self.order[self.side_index] if self.order else self.seats[0]

    def living(self, side: str | None = None) -> Iterator[Figure]:
        return (f for f in self.figures.values() if f.alive and (side is None or f.side == side))

    def afloat(self) -> Iterator[Ship]:
        return (s for s in self.ships.values() if s.afloat)

    def fleet(self, side: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.afloat and s.side == side]

    def carried(self, figure: str) -> list[Weapon]:
        return [w for w in self.weapons.values() if w.holder == figure]

    def aboard(self, ship: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.alive and f.spot is not None and f.spot.surface is Surface.DECK and f.spot.ident == ship]

    def on(self, surface: Surface, ident: str) -> list[Figure]:
        """The living figures standing on one surface (a ship's deck, a piece of land, the water)."""
        return [f for f in self.figures.values() if f.spot is not None and f.life > 0 and f.spot.surface is surface and f.spot.ident == ident]

    def land(self, ident: str) -> Land:
        return next(lv for lv in self.lands if lv.ident == ident)

    def standing(self) -> Iterator[Fort]:
        """The forts not yet collapsed."""
        return (f for f in self.forts.values() if not f.collapsed)

    def keep(self, ident: str) -> Keep:
        return next(k for f in self.forts.values() for k in f.keeps if k.name == ident)

    def fort_of(self, spot: Spot) -> Fort | None:
        """The fort whose walls or levels a spot is on (None elsewhere)."""
        if spot.surface is Surface.WALL_TOP:
            return self.forts[spot.ident]
        if spot.surface is Surface.FORT_LEVEL:
            return self.forts[self.keep(spot.ident).fort]
        return None

    def mount(self, gun: Gun) -> Ship | Fort:
        """What a gun is mounted on: a ship, or a fort (its ``ship`` names either)."""
        return self.ships[gun.ship] if gun.ship in self.ships else self.forts[gun.ship]

    def mounted(self, gun: Gun) -> bool:
        """Whether a gun's ship is afloat or its fort still stands."""
        m = self.mount(gun)
        return m.afloat if isinstance(m, Ship) else not m.collapsed

    def world(self, spot: Spot) -> Vec:
        """Where a spot is on the table (a deck's point follows its ship, as do below decks and aloft)."""
        if spot.surface in ABOARD:
            return DeckPoint(spot.x, spot.y).world(self.ships[spot.ident].hull)
        return Vec(spot.x, spot.y)

    def base(self, figure: Figure) -> Base:
        assert figure.spot is not None
        p = self.world(figure.spot)
        return Base(p.x, p.y, figure.radius, figure.name)

    def height(self, spot: Spot) -> float:
        """How high a figure's feet are at a spot (a swimmer's are under the water)."""
        if spot.surface in ABOARD:
            return self.ships[spot.ident].plan.deck_height(spot.x)
        if spot.surface is Surface.WATER:
            return -0.5
        if spot.surface is Surface.WALL_TOP:
            return self.forts[spot.ident].height
        if spot.surface is Surface.FORT_LEVEL:
            return self.keep(spot.ident).height
        return self.land(spot.ident).height

    def describe(self) -> dict[str, Any]:
        return {
            "table": {"width": self.table.width, "height": self.table.height},
            "terrain": [_terrain(t) for t in self.terrain],
            "turn": self.turn,
            "order": list(self.order),
            "side": self.side if self.order else None,
            "ships": [self._ship(s) for s in self.ships.values()],
            "figures": [self._figure(f) for f in self.figures.values()],
            "weapons": [self._weapon(w) for w in self.weapons.values()],
            "guns": [self._gun(g) for g in self.guns.values()],
            "draft": None if self.draft is None else _draft(self.draft),
            "scored": {s: self.scored.get(s, 0) for s in self.seats},
            "fires": [{"what": f.what, "target": f.name, "section": f.section, "lit": f.lit} for f in self.fires],
            "wind": None if self.wind is None else round(self.wind, 4),
            "forts": [self._fort(f) for f in self.forts.values()],
        }

    def _fort(self, f: Fort) -> dict[str, Any]:
        def box(h: Hull) -> dict[str, float]:
            return {"x": round(h.x, 4), "y": round(h.y, 4), "heading": round(h.heading, 4), "length": h.length, "width": h.width}

        return {
            "name": f.name,
            "side": f.side,
            "owner": f.owner,
            **box(f.hull),
            "ground": f.ground,
            "height": f.height,
            "levels": [{"name": k.name, "storey": k.storey, "height": k.height, **box(k.hull)} for k in f.keeps],
            "gates": [{"name": g.name, "x": round(g.x, 4), "y": round(g.y, 4), "life": g.life, "max_life": g.max_life} for g in f.gates],
            "points": f.points,
            "lost": f.lost,
            "band": f.band,
            "cost": f.cost,
            "costs": dict(f.costs),
            "collapsed": f.collapsed,
        }

    def _ship(self, s: Ship) -> dict[str, Any]:
        fitted = {k: True for k, v in (("sweeps", s.sweeps), ("ram", s.ram)) if v}
        return {
            "name": s.name,
            "side": s.side,
            "owner": s.owner,
            "type": s.type,
            "x": round(s.hull.x, 4),
            "y": round(s.hull.y, 4),
            "heading": round(s.hull.heading, 4),
            "length": s.hull.length,
            "width": s.hull.width,
            "sections": [{"name": c.name, "aft": round(c.aft, 4), "fore": round(c.fore, 4), "hit_points": c.hit_points} for c in s.plan.sections],
            "masts": list(s.masts),
            "points": s.points,
            "lost": s.lost,
            "band": s.band,
            "cost": s.cost,
            "afloat": s.afloat,
            "sinks_at": None if s.sinks_at is None else list(s.sinks_at),
            "grappled": sorted(s.grappled),
            "stuck": sorted(s.stuck),
            **fitted,
        }

    def _figure(self, f: Figure) -> dict[str, Any]:
        out: dict[str, Any] = {"name": f.name, "side": f.side, "kind": f.kind, "life": f.life, "max_life": f.max_life, "captain_of": f.captain_of}
        if f.animal:
            out.update(caged=f.caged, ridden=f.ridden)
        if f.harried_by is not None:
            out["harried_by"] = f.harried_by
        if f.spot is not None:
            p = self.world(f.spot)
            out.update(on=f.spot.surface.value, of=f.spot.ident, x=round(p.x, 4), y=round(p.y, 4))
            if f.spot.aboard:
                out["local"] = [round(f.spot.x, 4), round(f.spot.y, 4)]
        out["weapons"] = [w.name for w in self.carried(f.name)]
        if f.name in self.prisoners:
            out["prisoner_of"] = self.prisoners[f.name]
        return out

    def guns_on(self, ship: str) -> list[Gun]:
        return [g for g in self.guns.values() if g.ship == ship and g.working]

    def gun_point(self, gun: Gun) -> Vec:
        """Where a gun stands on the table now (it goes with its ship)."""
        return DeckPoint(gun.along, gun.port).world(self.mount(gun).hull)

    def gun_heading(self, gun: Gun) -> float:
        """The direction a gun points on the table now."""
        return (self.mount(gun).hull.heading + gun.facing) % 360.0

    def gun_height(self, gun: Gun) -> float:
        """How high the deck or wall top a gun stands on is."""
        m = self.mount(gun)
        return m.plan.deck_height(gun.along) if isinstance(m, Ship) else m.height

    def _gun(self, g: Gun) -> dict[str, Any]:
        p = self.gun_point(g)
        return {
            "name": g.name,
            "kind": g.kind,
            "ship": g.ship,
            "x": round(p.x, 4),
            "y": round(p.y, 4),
            "local": [round(g.along, 4), round(g.port, 4)],
            "facing": round(g.facing, 4),
            "heading": round(self.gun_heading(g), 4),
            "mount": g.mount,
            "wheels": g.wheels,
            "loaded": g.loaded,
            "life": g.life,
            "crew": list(g.crew),
            "drafted": g.drafted,
        }

    def _weapon(self, w: Weapon) -> dict[str, Any]:
        out: dict[str, Any] = {"name": w.name, "kind": w.kind, "holder": w.holder, "loaded": w.loaded}
        if w.spot is not None:
            p = self.world(w.spot)
            out.update(on=w.spot.surface.value, of=w.spot.ident, x=round(p.x, 4), y=round(p.y, 4))
        return out


def _draft(d: Draft) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for k in d.pile:
        counts[k] = counts.get(k, 0) + 1
    return {
        "pile": counts,
        "order": list(d.order),
        "next": None if d.done or not d.pile else d.next_seat,
        "taken": {s: list(v) for s, v in d.taken.items()},
        "guns": {s: list(v) for s, v in d.guns.items()},
    }


def _terrain(t: Terrain) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": t.kind, "name": t.name}
    if t.shape is not None:
        out["polygon"] = [[x, y] for x, y in t.shape.points]
    if "height" in t.props:
        out["height"] = t.props["height"]
    return out
