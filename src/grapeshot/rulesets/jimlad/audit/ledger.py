"""The auditor's own account of a Jim Lad game, kept from the records alone: every ship's pose,
hull points, krew, gold, damage, effects, who commands it and whether it is afloat, locked,
landed or aground, and what each has done this phase.  The handlers of :mod:`.moves`,
:mod:`.fire` and :mod:`.krew` check each record against it, then bring it up to date.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from grapeshot.core.audit import Account, Finding, Record, close, distance, registrar
from grapeshot.rulesets.jimlad.audit.shapes import Box, Point, gap
from grapeshot.rulesets.jimlad.audit.text import ARMOUR, KLAN_ARMOUR, WORKING_KREW

#: positions are logged to 4 decimals: poses agree within this (inches)
NEAR = 2e-3


@dataclass
class Book:
    """One ship as the auditor knows it."""

    name: str
    klan: str
    owner: str
    commander: str
    x: float
    y: float
    heading: float
    length: float
    width: float
    hull: int
    krew: list[str]
    kaptin_wounds: int
    gold: int
    standstill: bool
    salvos: int
    afloat: bool = True
    guns: set[str] = field(default_factory=set)
    rudder: bool = False
    engine: bool = False
    #: effect to the turns it is in force on (damage results, events, squig brew)
    effects: dict[str, set[int]] = field(default_factory=dict)
    held: set[int] = field(default_factory=set)  # turns an event holds it (no order, no move)
    engaged: str | None = None
    docked: str | None = None
    docked_turn: int = -1
    aground: int | None = None  # the turn it ran aground
    last_move: Record | None = None
    sailed: int = -1  # the last turn it moved under a card
    hulk_due: int | None = None  # the record that left it with fewer than two Orks

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.heading, self.length, self.width)

    @property
    def pose(self) -> tuple[float, float, float]:
        return self.x, self.y, self.heading

    @property
    def hulk(self) -> bool:
        return len(self.krew) < WORKING_KREW

    def armour(self, facing: str) -> int:
        return ARMOUR[facing] + KLAN_ARMOUR.get(self.klan, {}).get(facing, 0)

    def has(self, effect: str, turn: int) -> bool:
        return turn in self.effects.get(effect, set())

    def place(self, pose: Any) -> None:
        self.x, self.y, self.heading = float(pose[0]), float(pose[1]), float(pose[2]) % 360.0


Handler = Callable[["Ledger", Record], None]
#: record kind to the handlers that check it and keep the account (registered by the rooms)
ON: dict[str, list[Handler]] = {}


def is_hit(roll: Record) -> bool:
    """A scatter die's hit (a re-roll logs only the direction, None on a hit)."""
    return bool(roll.get("hit", roll.get("direction") is None))


#: ``@on(kind, ...)``: a room's handler of those kinds of record
on = registrar(ON)


class Ledger(Account):
    """The account, the phase's doings, and the findings so far."""

    def __init__(self) -> None:
        self.found: list[Finding] = []
        self.options: dict[str, Any] = {}
        self.turn = 0
        self.phase = "setup"
        self.ships: dict[str, Book] = {}
        self.terrain: dict[str, tuple[str, list[Point]]] = {}
        self.seats: list[str] = []
        self.order: list[str] = []
        self.vp: Counter[str] = Counter()
        self.wind = 0.0
        #: the dice rolled since the last verdict (a re-roll takes the place of its roll)
        self.rolls: list[Record] = []
        #: what has been done this phase (or this becalmed round): tuples like ("moved", ship)
        self.done: set[tuple[str, ...]] = set()
        self.orders: dict[str, Mapping[str, Any]] = {}  # this turn's orders, by ship
        self.unordered: set[str] = set()  # the ships afloat this turn's orders left out
        self.forced: dict[str, tuple[int, str]] = {}  # this turn's mermorks' cards (JL-EVT-15)
        self.becalmed: set[str] | None = None  # ships shooting the becalmed round
        self.shooter: str | None = None  # the seat whose ships are shooting
        self.penetrated: set[tuple[str, str]] = set()  # (ship, seat) this shooting phase
        self.rolled_for: set[tuple[str, str]] = set()  # damage rolled for (ship, seat)
        self.blows: list[tuple[str, int, str]] = []  # strikes expected: target, strength, from what
        self.losses: list[str] = []  # hull points expected lost, by ship
        self.scratch: dict[str, dict[str, Any]] = {}  # per ship, within its move: allowance, rams...
        self.treasure_found: set[str] = set()
        self.spent: set[tuple[str, str, int]] = set()  # Freebooterz re-rolls: (per, whose, turn)
        self.melee_wounds: Counter[str] = Counter()  # wounds suffered aboard each ship this round
        self.kraken_wounds = 0
        self.volley: tuple[str, str] | None = None  # the last sluggas volley: shooter, target
        self.last: Record = {}

    # -------------------------------------------------------------- findings

    def same(self, rule: str, record: Record, field_: str, logged: Any, wanted: Any) -> bool:
        """A field that must be exactly what the account says."""
        return self.expect(rule, record, logged == wanted, f"{field_} is {logged!r}, the account says {wanted!r}")

    def near(self, rule: str, record: Record, field_: str, logged: Any, wanted: float, tol: float = NEAR) -> bool:
        ok = isinstance(logged, (int, float)) and close(float(logged), wanted, tol)
        return self.expect(rule, record, ok, f"{field_} is {logged!r}, the account says {wanted:.4f}")

    def at_pose(self, rule: str, record: Record, field_: str, pose: Any, ship: Book) -> bool:
        """A logged pose that must be where the account has the ship."""
        ok = (
            isinstance(pose, list)
            and len(pose) == 3
            and distance(pose, (ship.x, ship.y)) <= NEAR
            and abs((float(pose[2]) - ship.heading + 180.0) % 360.0 - 180.0) <= 1e-2
        )
        return self.expect(rule, record, ok, f"{field_} {pose} is not where {ship.name} was ({ship.x:.4f}, {ship.y:.4f}, {ship.heading:.4f})")

    # -------------------------------------------------------------- the account

    def ship(self, record: Record, key: str = "ship") -> Book | None:
        name = record.get(key)
        return self.ships.get(name) if isinstance(name, str) else None

    def begins(self, ship: Book) -> dict[str, Any]:
        """The ship's scratch for the move or drift under way, with how it stood as it set off
        (what happens on the way, a grounding or a blow, does not undo the right to set off)."""
        mine = self.scratch.setdefault(ship.name, {})
        mine.setdefault("before", {"hull": ship.hull, "aground": ship.aground, "afloat": ship.afloat, "engine": ship.engine, "orks": len(ship.krew)})
        return mine

    def rolled(self, rule: str | None = None, expr: str | None = None) -> list[Record]:
        return [r for r in self.rolls if (rule is None or r.get("rule") == rule) and (expr is None or r.get("expr") == expr)]

    def afloat(self) -> Iterable[Book]:
        return (s for s in self.ships.values() if s.afloat)

    def kind_of(self, place: str) -> str | None:
        t = self.terrain.get(place)
        return None if t is None else t[0]

    def in_harbour(self, ship: Book) -> bool:
        return ship.docked is not None and self.kind_of(ship.docked) == "dock"

    def hull_gap(self, a: Book, b: Book) -> float:
        return gap(a.box.corners(), b.box.corners())

    def option(self, name: str, default: Any = None) -> Any:
        return self.options.get(name, default)

    def lose_krew(self, ship: Book, role: str, record: Record) -> None:
        if role in ship.krew:
            was_worked = not ship.hulk
            ship.krew.remove(role)
            if role == "kaptin":
                ship.kaptin_wounds = 0
            if was_worked and ship.hulk:
                ship.hulk_due = int(record.get("seq", -1))
