"""The state of a Jim Lad game at sea: ships, their krews, the wind, the turn.

Plain mutable dataclasses: the rules (and only the rules, through
``Game.submit``) change them.  :meth:`Sea.describe` is the public JSON view.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from grapeshot.core.scenario import Terrain
from grapeshot.geometry import Hull, Obstacle, Polygon, Pose, Table, Vec
from grapeshot.rulesets.jimlad.data import (
    HULL_POINTS,
    KRAKEN_RADIUS,
    KRAKEN_WOUNDS,
    MIN_WORKING_KREW,
    MINE_RADIUS,
    PROFILES,
    Card,
    CardAt,
    GunName,
    Klan,
    Profile,
    Role,
    Turn,
)


@dataclass(slots=True, eq=False)
class KrewModel:
    """One Ork of a ship's krew (grots are assumed and not modelled).

    Models compare by identity: two boyz with the same wounds are still two Orks.
    """

    role: Role
    wounds: int

    @property
    def profile(self) -> Profile:
        return PROFILES[self.role]


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """A ship's last manoeuvre, repeated while its engine is damaged (JL-DMG-8)."""

    card: Card
    turn: Turn
    card_at: CardAt
    distance: float  # the chosen distance beyond the card and the ship's length


@dataclass(slots=True)
class Ship:
    """A ship: its hull on the table, its damage, its krew and gold, and who commands it."""

    name: str
    owner: str  # the seat whose ship it was at the start
    commander: str  # the seat it serves now (changes on capture)
    klan: Klan
    hull: Hull
    hull_points: int = HULL_POINTS
    krew: list[KrewModel] = field(default_factory=list)
    gold: int = 0
    afloat: bool = True
    sunk_by: str | None = None  # seat credited with the sinking
    damaged_guns: set[GunName] = field(default_factory=set)
    rudder_damaged: bool = False
    engine_damaged: bool = False
    #: temporary effects (damage-table results, events, squig brew) and the last turn each is in force
    effects: dict[str, int] = field(default_factory=dict)
    #: the first turn of that run, where an effect was set again while in force (missing: the last turn only)
    effects_from: dict[str, int] = field(default_factory=dict)
    last_move: MoveRecord | None = None
    standstill: bool = False
    salvos_left: int = 1
    reroll_turn: int = -1  # the turn in which the Freebooterz re-roll was spent
    fired: set[str] = field(default_factory=set)  # weapons used this shooting phase
    repaired: bool = False  # riggers used this turn
    engaged: str | None = None  # the ship it is locked in a boarding action with
    moved_turn: int = 0  # the turn in which its turn to move last came (JL-RAM-1: "already moved")
    sailed_turn: int = 0  # the turn in which it last moved under a manoeuvre card (JL-BOARD-1)
    grounded_turn: int | None = None  # the turn it ran aground (JL-RAM-7)
    grounded_on: str | None = None  # the terrain it is aground on
    docked_at: str | None = None  # the island or dock it has landed at (JL-LAND-1)
    docked_turn: int = 0  # the turn it landed or docked
    #: this turn the ship takes no orders and does not move: (turn, why) (events, harbour, squig brew)
    held: tuple[int, str] | None = None
    #: this turn the ship must take this card and side (JL-EVT-15, mermorks): (turn, card, side)
    forced: tuple[int, Card, Turn] | None = None

    @property
    def pose(self) -> Pose:
        return self.hull.pose

    @property
    def centre(self) -> Vec:
        return self.hull.centre

    @property
    def length(self) -> float:
        return self.hull.length

    @property
    def width(self) -> float:
        return self.hull.width

    @property
    def kaptin(self) -> KrewModel | None:
        return next((k for k in self.krew if k.role == "kaptin"), None)

    @property
    def has_doc(self) -> bool:
        return any(k.role == "doc" for k in self.krew)

    @property
    def krewed(self) -> bool:
        """JL-KREW-5: at least two Orks keep the grots at work."""
        return len(self.krew) >= MIN_WORKING_KREW

    @property
    def hulk(self) -> bool:
        return self.afloat and not self.krewed

    @property
    def becalmed(self) -> bool:
        """JL-SHIP-4: one hull point left and the ship cannot move."""
        return self.hull_points == 1

    @property
    def manoeuvrable(self) -> bool:
        """Can still move under its own power (JL-WIN-1)."""
        return self.afloat and self.hull_points >= 2 and self.krewed

    def in_force(self, effect: str, turn: int) -> bool:
        last = self.effects.get(effect)
        return last is not None and self.effects_from.get(effect, last) <= turn <= last

    def add_effect(self, effect: str, turn: int, now: int) -> None:
        """Put an effect in force on ``turn`` (during turn ``now``).  One still in force, now or
        later, goes on with it: an effect for a later turn never ends one already in force
        (JL-DMG-10 ruling).  Effects are set for this turn or the next, so the turns form a run."""
        last = self.effects.get(effect)
        if last is not None and last >= now:
            self.effects_from[effect] = min(self.effects_from.get(effect, last), turn)
            self.effects[effect] = max(last, turn)
        else:
            self.effects[effect] = turn
            self.effects_from.pop(effect, None)

    def held_this(self, turn: int) -> str | None:
        """Why the ship may not move this turn, if it may not (an event, the harbour, a hangover)."""
        return self.held[1] if self.held is not None and self.held[0] == turn else None

    def describe(self, turn: int) -> dict[str, Any]:
        return {
            "name": self.name,
            "owner": self.owner,
            "commander": self.commander,
            "klan": self.klan.value,
            "x": round(self.hull.x, 4),
            "y": round(self.hull.y, 4),
            "heading": round(self.hull.heading, 4),
            "length": self.hull.length,
            "width": self.hull.width,
            "hull_points": self.hull_points,
            "krew": [{"role": k.role, "wounds": k.wounds} for k in self.krew],
            "gold": self.gold,
            "afloat": self.afloat,
            "hulk": self.hulk,
            "damaged_guns": sorted(self.damaged_guns),
            "rudder_damaged": self.rudder_damaged,
            "engine_damaged": self.engine_damaged,
            "effects": sorted(e for e, t in self.effects.items() if t >= turn),
            "standstill": self.standstill,
            "salvos_left": self.salvos_left,
            "engaged": self.engaged,
            "docked_at": self.docked_at,
        }


@dataclass(slots=True)
class Fight:
    """A boarding action not yet decided (JL-BOARD-5): the two ships stay locked until it is."""

    attacker: str  # the ship that boarded
    defender: str  # the ship it boarded
    began: int  # the turn the boarders crossed
    rounds: int = 0  # rounds of close combat fought so far


@lru_cache(maxsize=256)
def _disc(x: float, y: float, radius: float, sides: int) -> Polygon:
    """A model's disc where it stands (kept: models stand still far more often than they move)."""
    return Polygon.circle(Vec(x, y), radius, sides)


@dataclass(slots=True)
class Mine:
    """A floating mine (JL-NPC-1): a small disc that drifts and detonates on contact."""

    name: str
    x: float
    y: float

    def shape(self) -> Polygon:
        return _disc(self.x, self.y, MINE_RADIUS, 8)


@dataclass(slots=True)
class Kraken:
    """Da Kraken (JL-NPC-2): a disc on the table with armour 11 and two wounds."""

    x: float
    y: float
    wounds: int = KRAKEN_WOUNDS

    def shape(self) -> Polygon:
        return _disc(self.x, self.y, KRAKEN_RADIUS, 12)


@dataclass(slots=True)
class Sub:
    """Da Dred NoOrk (JL-EVT-14): the grots' submarine, while it is surfaced."""

    hull: Hull
    surfaced: int = 0  # the turn it surfaced (it acts again from the next events phase)


@dataclass
class Sea:
    """Everything on the table in a Jim Lad game."""

    table: Table
    terrain: tuple[Terrain, ...]
    seats: tuple[str, ...]
    ships: dict[str, Ship]
    options: dict[str, object]
    wind: float = 0.0  # the direction the wind blows towards (degrees)
    turn: int = 0
    order: tuple[str, ...] = ()  # this turn's turn sequence (JL-TURN-6)
    obstacles: tuple[Obstacle, ...] = ()  # terrain a ship can run into
    sunk_vp: dict[str, int] = field(default_factory=dict)
    #: ships that took a penetrating hit in the current shooting player's turn (JL-DMG-2), in order
    penetrated: list[str] = field(default_factory=list)
    #: per seat, the turn its Freebooterz re-roll was spent (option ``freebooterz_reroll: player``)
    reroll_used: dict[str, int] = field(default_factory=dict)
    mines: list[Mine] = field(default_factory=list)  # on the table (JL-NPC-1)
    mines_total: int = 0  # as many as there are players; the rest are "spare" (JL-EVT-12)
    mines_named: int = 0  # mines given a name so far: a new mine never takes the name of one gone before
    kraken: Kraken | None = None
    sub: Sub | None = None
    chinork_pad: str | None = None  # the landing pad Da Chinork sits on (JL-EVT-11)
    treasure_found: set[str] = field(default_factory=set)  # islands whose treasure is gone (JL-LAND-2)
    fights: list[Fight] = field(default_factory=list)  # boarding actions still undecided (JL-BOARD-5)

    def afloat(self) -> Iterator[Ship]:
        return (s for s in self.ships.values() if s.afloat)

    def fleet(self, seat: str) -> list[Ship]:
        """The ships afloat under a seat's command, in scenario order."""
        return [s for s in self.ships.values() if s.afloat and s.commander == seat]

    def enemies(self, ship: Ship) -> list[Ship]:
        return [s for s in self.ships.values() if s.afloat and s.commander != ship.commander]

    def ship_obstacles(self, moving: Ship) -> list[Obstacle]:
        """Everything a moving ship can run into: ships, terrain, mines, the Kraken, the sub."""
        out = [Obstacle(s.name, "ship", s.hull) for s in self.ships.values() if s.afloat and s is not moving]
        out.extend(self.obstacles)
        out.extend(Obstacle(m.name, "mine", m.shape()) for m in self.mines)
        if self.kraken is not None:
            out.append(Obstacle("Kraken", "kraken", self.kraken.shape()))
        if self.sub is not None:
            out.append(Obstacle("Da Dred NoOrk", "sub", self.sub.hull))
        return out

    def option(self, name: str) -> Any:
        return self.options[name]

    def describe(self) -> dict[str, Any]:
        return {
            "table": {"width": self.table.width, "height": self.table.height},
            "terrain": [_terrain(t) for t in self.terrain],
            "wind": round(self.wind, 3),
            "turn": self.turn,
            "order": list(self.order),
            "ships": [s.describe(self.turn) for s in self.ships.values()],
            "victory_points": victory_points(self),
            "mines": [{"name": m.name, "x": round(m.x, 4), "y": round(m.y, 4)} for m in self.mines],
            "spare_mines": self.mines_total - len(self.mines),
            "kraken": None if self.kraken is None else {"x": round(self.kraken.x, 4), "y": round(self.kraken.y, 4), "wounds": self.kraken.wounds},
            "sub": None if self.sub is None else {"x": round(self.sub.hull.x, 4), "y": round(self.sub.hull.y, 4), "heading": round(self.sub.hull.heading, 4)},
            "chinork_pad": self.chinork_pad,
        }


def _terrain(t: Terrain) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": t.kind, "name": t.name}
    if t.shape is not None:
        out["polygon"] = [[x, y] for x, y in t.shape.points]
    if t.point is not None:
        out["point"] = [t.point.x, t.point.y]
    return out


def victory_points(sea: Sea) -> dict[str, int]:
    """JL-WIN-3: a point for each enemy ship sunk, and one for each captured ship still held.

    Captures are counted from who commands each ship now, so a recaptured
    ship's point moves to its new captor by itself.
    """
    vp = {seat: sea.sunk_vp.get(seat, 0) for seat in sea.seats}
    for s in sea.ships.values():
        if s.afloat and s.commander != s.owner:
            vp[s.commander] = vp.get(s.commander, 0) + 1
    return vp
