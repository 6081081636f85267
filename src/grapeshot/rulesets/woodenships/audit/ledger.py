"""The Wooden Ships auditor's own account of a game, kept from the records alone: who is dead,
which ships have sunk, each ship's movement values from its muster, what each figure has done this
turn, each ship's last ruler move, the cuts made on each grapple and the dice rolled since the
last verdict.  The rooms (:mod:`.figures`, :mod:`.fire`, :mod:`.ships`) register their handlers
with :func:`on` and check each record against the account before they bring it up to date.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from grapeshot.core.audit import Account, Finding, Record, registrar

Handler = Callable[["Ledger", Record], None]
#: record kind to the handlers that check it (registered by the rooms)
ON: dict[str, list[Handler]] = {}


#: ``@on(kind, ...)``: a room's handler of those kinds of record
on = registrar(ON)


def face(r: Record, key: str = "faces") -> int | None:
    """The one die a record shows (``faces: [4]`` or ``roll: 4``)."""
    v = r.get(key)
    if isinstance(v, list) and len(v) == 1 and isinstance(v[0], int):
        return int(v[0])
    return int(v) if isinstance(v, int) and not isinstance(v, bool) else None


def mods_total(r: Record) -> int:
    mods = r.get("mods") or []
    return sum(int(m.get("value", 0)) for m in mods if isinstance(m, dict))


class Ledger(Account):
    """The account, this turn's doings, and the findings so far."""

    def __init__(self) -> None:
        self.found: list[Finding] = []
        self.options: dict[str, Any] = {}
        self.turn = 0
        self.rolls: list[Record] = []
        self.dead: dict[str, int] = {}  # figure to the record that killed it
        self.sunk: dict[str, int] = {}  # ship to the record that sank it
        self.moves: dict[str, list[float]] = {}  # ship to its movement phases' values (muster)
        self.life: dict[str, int] = {}  # figure to the life points the last wound left
        self.kinds: dict[str, str] = {}  # figure to its kind in the set-up (man, hero, shark...)
        self.rams: dict[str, str] = {}  # ship to its ram value (muster)
        self.points: dict[str, int] = {}  # ship to its hit points at full strength (set-up)
        self.aboard: dict[str, int] = {}  # vessel to the guns mounted on it
        #: figure to where it stands and on what, while the records say so (a move put it there and
        #: nothing since could have moved it: no ruler move of its ship, no shove, no module's doing)
        self.at: dict[str, tuple[list[float], str]] = {}
        self.guns: dict[str, str] = {}  # gun to its kind (cannon, swivel...), from the set-up and mounts
        #: this turn's doings, by figure: its moves and its actions (kind, seq)
        self.moved: defaultdict[str, int] = defaultdict(int)
        self.acted: defaultdict[str, list[tuple[str, int]]] = defaultdict(list)
        #: figures whose move this turn was not a move record: a module's swimmers' move, or
        #: standing idle through the figures phase (a module's step may still ask their one action)
        self.stood: set[str] = set()
        self.steers: dict[str, Record] = {}  # ship to its last ruler move this turn
        self.cuts: dict[frozenset[str], int] = {}  # grapple (the two ships) to the cuts made on it

    def new_turn(self, turn: int) -> None:
        if turn != self.turn:
            self.turn = turn
            self.moved.clear()
            self.acted.clear()
            self.steers.clear()
            self.stood.clear()

    def rolled(self, rule: str | None = None) -> Sequence[Record]:
        return [r for r in self.rolls if rule is None or r.get("rule") == rule]

    def last_die(self, rule: str) -> int | None:
        """The face of the last single die of that rule since the last verdict."""
        got = [r for r in self.rolled(rule) if isinstance(r.get("faces"), list) and len(r["faces"]) == 1]
        return face(got[-1]) if got else None
