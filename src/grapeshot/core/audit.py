"""The referee's second opinion: a game's event log read record by record against what the rules forbid.

The rules' code writes the log as it plays; an auditor reads the log back *without* that code and
asks what the text forbids: a move longer than its allowance, a shot out of range or arc, a figure
acting twice in a turn, the dead or the broken acting, a roll read against the wrong need.  It
keeps its own account of the game from the records alone (positions from the logged poses, who is
alive from the logged deaths), so a bug in the rules' code and a bug in the bookkeeping are not
the same bug twice.  Each rule set (and module) brings its own :class:`Auditor`
(``Ruleset.auditor()``); this room holds what every log shares (the log's own form, plain dice
rolls, a roll against its stated need) and runs them all (:func:`audit`).

A :class:`Finding` names the rule broken and the record (its ``seq``) that broke it.  The soak
(``bench/soak.py --audit``), ``grapeshot audit`` and the conformance suite run the auditors; each
auditor's own tests feed it a log with one record altered and expect the finding.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from grapeshot.geometry import vectors
from grapeshot.geometry.vectors import Vec

Record = Mapping[str, Any]
#: an auditor's handler of one kind of record (its ledger and the record)
H = TypeVar("H", bound=Callable[..., None])

#: the rule a finding about the log's own form names (no rule set's rule: the log itself)
LOG = "LOG"


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the log shows that the rules forbid: the rule, the record, and what, in words."""

    rule: str
    seq: int
    kind: str
    what: str

    def said(self) -> str:
        return f"record {self.seq} ({self.kind}): {self.rule}: {self.what}"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "seq": self.seq, "kind": self.kind, "what": self.what}


class Auditor(ABC):
    """A rule set's or module's referee of its logs: reads the whole log, yields what it forbids.

    It is given every record of the game (the host's, its modules' and the core's), in order, and
    must not call the rules' code that wrote them: it keeps its own account from the records."""

    #: the rules it checks, for the docs and ``grapeshot audit --list`` (rule ID to what is checked)
    checks: Mapping[str, str] = {}

    @abstractmethod
    def audit(self, records: Sequence[Record]) -> Iterator[Finding]:
        """Every finding in the log, in the order of the records that show it."""


class Account:
    """What every auditor's ledger does with what it finds: keeps each finding, in order
    (``found``, which the ledger sets up), and says whether a check held."""

    found: list[Finding]

    def flag(self, rule: str, record: Record, what: str) -> None:
        self.found.append(finding(rule, record, what))

    def expect(self, rule: str, record: Record, ok: bool, what: str) -> bool:
        """``ok``, and a finding of ``rule`` at ``record`` when it is not."""
        if not ok:
            self.flag(rule, record, what)
        return ok


def registrar(table: dict[str, list[H]]) -> Callable[..., Callable[[H], H]]:
    """The ``@on(kind, ...)`` decorator an auditor's rooms register their handlers with, filling
    ``table`` (record kind to its handlers, in the order registered) for the auditor to run."""

    def on(*kinds: str) -> Callable[[H], H]:
        def register(fn: H) -> H:
            for k in kinds:
                table.setdefault(k, []).append(fn)
            return fn

        return register

    return on


def finding(rule: str, record: Record, what: str) -> Finding:
    return Finding(rule, int(record.get("seq", -1)), str(record.get("kind", "?")), what)


# ------------------------------------------------------------------ what every log shares

_PLAIN = re.compile(r"^(\d*)[dD](\d+)\s*(?:([+-])\s*(\d+))?$")


def plain_dice(expr: str) -> tuple[int, int, int] | None:
    """``3D6+1`` as (3, 6, +1); None for an expression that is not a plain sum of like dice."""
    m = _PLAIN.match(expr.strip())
    if m is None:
        return None
    count = int(m.group(1) or 1)
    bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    return count, int(m.group(2)), bonus


def _form(records: Sequence[Record]) -> Iterator[Finding]:
    """The log's own form: numbered from 0 without gaps, a setup first, turns that never go back,
    one game-over and nothing after it."""
    turn = 0
    over: Record | None = None
    for i, r in enumerate(records):
        if r.get("seq") != i:
            yield Finding(LOG, i, str(r.get("kind", "?")), f"numbered {r.get('seq')!r} at position {i}")
        if i == 0 and r.get("kind") != "setup":
            yield finding(LOG, r, "the log does not begin with its setup")
        t = r.get("turn")
        if not isinstance(t, int) or t < turn:
            yield finding(LOG, r, f"turn {t!r} after turn {turn}")
        else:
            turn = t
        if over is not None:
            yield finding(LOG, r, f"a record after the game ended (record {over.get('seq')})")
        if r.get("kind") == "game-over":
            over = r


def _rolls(records: Sequence[Record]) -> Iterator[Finding]:
    """Plain dice (``2D6``, ``D6+1``): as many faces as dice, each a side of the die, the total their sum."""
    for r in records:
        if r.get("kind") not in ("roll", "reroll"):
            continue
        dice = plain_dice(str(r.get("expr", "")))
        faces = r.get("faces")
        if dice is None or not isinstance(faces, list):
            continue
        count, sides, bonus = dice
        rule = str(r.get("rule", LOG))
        if len(faces) != count:
            yield finding(rule, r, f"{r.get('expr')} came up as {len(faces)} dice")
        elif not all(isinstance(f, int) and 1 <= f <= sides for f in faces):
            yield finding(rule, r, f"{r.get('expr')} came up {faces}: not sides of a D{sides}")
        elif r.get("total") != sum(faces) + bonus:
            yield finding(rule, r, f"{r.get('expr')} came up {faces} but reads {r.get('total')}")


def against(rule: str, record: Record, rolled: int, need: int, verdict: bool, what: str = "") -> Iterator[Finding]:
    """A roll read against its stated need: it passes exactly when it makes the need (``rolled >= need``)."""
    if (rolled >= need) != bool(verdict):
        yield finding(rule, record, f"{what or 'a roll'} of {rolled} against {need}+ was judged {'passed' if verdict else 'failed'}")


def close(a: float, b: float, tolerance: float = 1e-3) -> bool:
    """Equal as the log rounds (positions to 4 decimals): within ``tolerance`` inches or degrees."""
    return abs(a - b) <= tolerance


def distance(p: Sequence[float], q: Sequence[float]) -> float:
    """The distance between two logged points (``[x, y]``, or a pose's first two numbers)."""
    return vectors.distance(Vec(float(p[0]), float(p[1])), Vec(float(q[0]), float(q[1])))


def off(angle: float, centre: float) -> float:
    """How far ``angle`` lies from ``centre``, in degrees, 0-180."""
    return abs(vectors.angle_diff(float(angle), float(centre)))


def bearing(p: Sequence[float], q: Sequence[float]) -> float:
    """The direction from ``p`` to ``q``, degrees counter-clockwise from +x, 0-360."""
    return vectors.bearing(Vec(float(p[0]), float(p[1])), Vec(float(q[0]), float(q[1])))


# ------------------------------------------------------------------ running them

GENERIC = {LOG: "the log numbered without gaps, setup first, turns never going back, nothing after game-over"}


def audit(records: Sequence[Record], auditors: Iterable[Auditor]) -> list[Finding]:
    """Every finding in a game's log: the log's form, its plain dice, and each auditor's own."""
    found = [*_form(records), *_rolls(records)]
    for auditor in auditors:
        found.extend(auditor.audit(records))
    return sorted(found, key=lambda f: (f.seq, f.rule))


def auditors_of(ruleset: Any, modules: Iterable[Any]) -> list[Auditor]:
    """The auditors of a rule set and of the modules in play (those that have one)."""
    found = [ruleset.auditor(), *(m.auditor() for m in modules)]
    return [a for a in found if a is not None]


def game_log(game: Any) -> tuple[list[dict[str, Any]], list[Auditor]]:
    """A played game's whole log, as written to its ``.events.jsonl`` (every seat's records: the
    referee sees all), and the auditors of its rule set and modules."""
    records = [json.loads(e.line()) for e in game.events]
    return records, auditors_of(game.ruleset, [run.module for run in game.modules.values()])


def audit_game(game: Any) -> list[Finding]:
    """Every finding in a played game's whole log."""
    return audit(*game_log(game))
