"""The referee's own account of a Naval Warhammer game, kept from the records alone: each ship's
pose, size, upgrades, whether she is afloat and overcrowded, what she moved and was allowed last;
each unit's home, models left, whether it flees or has failed its stupidity this turn."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from grapeshot.core.audit import Account, Finding, Record, close, registrar

#: positions are logged to 4 decimals: poses agree within this (inches, degrees)
NEAR = 2e-3


@dataclass
class Ship:
    """One ship as the referee knows her."""

    name: str
    size: str
    upgrades: dict[str, int]
    x: float
    y: float
    heading: float
    length: float = 0.0
    width: float = 0.0
    afloat: bool = True
    overcrowded: bool = False
    crowd_failed: int = -1  # the turn she failed her overcrowded ship's Ld test (NW-CROWD-1)
    sinking_move: bool = False  # sunk with her move under way: its record comes after the sinking
    #: turn to (inches travelled under her own way, her allowance's most) for each movement phase
    made: dict[int, tuple[float, float]] = field(default_factory=dict)
    #: turn to the inches of her latest move of any kind that turn (a shove-off after her own way
    #: included): the speed she has when a boat is launched (NW-LAUNCH-1)
    latest: dict[int, float] = field(default_factory=dict)
    allowance: Record | None = None  # this phase's allowance
    loose: Record | None = None  # this phase's out-of-control, adrift or shove-off, awaiting its move
    crewed: tuple[int, bool] = (-1, True)  # the turn of her last crew record, and whether anyone worked her
    swung: int = -1  # the turn she was swung alongside an enemy (NW-BOARD-1)
    sure: bool = True  # whether her logged pose is known (a swing alongside is not posed)

    @property
    def castles(self) -> int:
        return int(self.upgrades.get("castle", 0))

    @property
    def reach(self) -> float:
        """Her hull lies within this of her centre (half her diagonal)."""
        return math.hypot(self.length / 2.0, self.width / 2.0)

    def place(self, pose: Any) -> None:
        self.x, self.y, self.heading = float(pose[0]), float(pose[1]), float(pose[2]) % 360.0


@dataclass
class Unit:
    """One unit (or war machine) as the referee knows it."""

    name: str
    home: str
    models: int
    mount: str | None = None
    reach: float | None = None  # a war machine's longest range
    offset: tuple[float, float] = (0.0, 0.0)  # a war machine's place on its deck (ahead, to port)
    drift: float = 0.0  # how far a war machine may have been moved from its set-up place (inches)
    fleeing: bool = False
    stupid_on: int = -1  # the turn it failed its stupidity


Handler = Callable[["Ledger", Record], None]
#: record kind to the handlers that check it and keep the account (registered by the rooms)
ON: dict[str, list[Handler]] = {}


#: ``@on(kind, ...)``: a room's handler of those kinds of record
on = registrar(ON)


class Ledger(Account):
    """The account and the findings so far."""

    def __init__(self) -> None:
        self.found: list[Finding] = []
        self.options: dict[str, Any] = {}
        self.turn = 0
        self.wind = 0.0
        self.ships: dict[str, Ship] = {}
        self.units: dict[str, Unit] = {}
        #: ships that have met (alongside, rammed): models may have crossed between them
        self.met: dict[str, set[str]] = {}
        self.striking: set[str] = set()  # the units with models as the strike step began
        self.pending: dict[str, Record] = {}  # failed stupidity tests awaiting their wander, by unit

    def near(self, rule: str, record: Record, field_: str, logged: Any, wanted: float, tol: float = NEAR) -> bool:
        ok = isinstance(logged, (int, float)) and close(float(logged), wanted, tol)
        return self.expect(rule, record, ok, f"{field_} is {logged!r}, the account says {wanted:.4f}")

    def ship(self, record: Record, key: str = "ship") -> Ship | None:
        name = record.get(key)
        return self.ships.get(name) if isinstance(name, str) else None

    def unit(self, record: Record, key: str = "unit") -> Unit | None:
        name = record.get(key)
        return self.units.get(name) if isinstance(name, str) else None

    def decks(self, home: str) -> set[str]:
        """Every ship a unit from ``home`` may stand on: hers and all those joined to her by meetings."""
        seen, todo = {home}, [home]
        while todo:
            for other in self.met.get(todo.pop(), set()) - seen:
                seen.add(other)
                todo.append(other)
        return seen

    def option(self, name: str, default: Any = None) -> Any:
        return self.options.get(name, default)
