"""What the auditors' tests share: played logs, a log copied only where it is altered, and a case
(a kind of record, which of them qualify, how to alter one, the finding expected) tried on the
qualifying records of a pool of played games until one yields exactly the expected findings.  If
the auditor's check were gone, no record would yield it, and the case fails.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.audit import Auditor, audit
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, with_modules

Rec = dict[str, Any]


def played(ruleset: str, scenario: str, players: str, seed: int, modules: Iterable[str] | None = None) -> Game:
    """A seeded game played out; the same game is played once a test process (the pools and the
    clean-log tests of one auditor ask for the same ones, and nothing alters a played game)."""
    return _played(ruleset, scenario, players, seed, None if modules is None else tuple(modules))


@functools.cache
def _played(ruleset: str, scenario: str, players: str, seed: int, modules: tuple[str, ...] | None) -> Game:
    sc = load_scenario(scenario, ruleset)
    if modules is not None and list(modules) != list(sc.modules):
        sc = with_modules(sc, list(modules))
    g = Game(ruleset, sc, seed=seed)
    play_out(g, {s.id: make(players, seed * 31 + k, ruleset) for k, s in enumerate(sc.seats)})
    return g


def records(g: Game) -> list[Rec]:
    return [json.loads(e.line()) for e in g.events]


class Log:
    """A played log, copied only where it is altered."""

    def __init__(self, recs: list[Rec]) -> None:
        self.recs = list(recs)

    def __getitem__(self, i: int) -> Rec:
        return self.recs[i]

    def __len__(self) -> int:
        return len(self.recs)

    def edit(self, i: int) -> Rec:
        self.recs[i] = copy.deepcopy(self.recs[i])
        return self.recs[i]

    def later(self, i: int, **match: Any) -> Iterator[int]:
        for j in range(i + 1, len(self.recs)):
            if all(self.recs[j].get(k) == v for k, v in match.items()):
                yield j

    def earlier(self, i: int, **match: Any) -> Iterator[int]:
        for j in range(i - 1, -1, -1):
            if all(self.recs[j].get(k) == v for k, v in match.items()):
                yield j


Where = Callable[[Log, int], bool]
Change = Callable[[Log, int], "int | set[int] | None"]


@dataclass(frozen=True)
class Case:
    rule: str
    kind: str
    change: Change
    where: Where = field(default=lambda log, i: True)
    tries: int = 12


def findings(log: Log, auditors: list[Auditor]) -> set[tuple[str, int]]:
    return {(f.rule, f.seq) for f in audit(log.recs, auditors)}


def run(case: Case, logs: list[list[Rec]], auditors: list[Auditor]) -> None:
    tried: list[str] = []
    for recs in logs:
        clean = Log(recs)
        for i, r in enumerate(recs):
            if r["kind"] != case.kind or not case.where(clean, i):
                continue
            log = Log(recs)
            at = case.change(log, i)
            seqs = {i} if at is None else {at} if isinstance(at, int) else at
            want = {(case.rule, s) for s in seqs}
            got = findings(log, auditors)
            if got == want:
                return
            tried.append(f"record {i}: got {sorted(got)[:4]}, wanted {sorted(want)[:4]}")
            if len(tried) >= case.tries:
                break
        if len(tried) >= case.tries:
            break
    raise AssertionError(f"no {case.kind} altered gave exactly {case.rule}: " + "; ".join(tried[:4]) if tried else f"no {case.kind} qualified")


def put(**fields: Any) -> Change:
    def change(log: Log, i: int) -> None:
        log.edit(i).update(fields)

    return change


def bump(*keys: str, by: float = 1) -> Change:
    def change(log: Log, i: int) -> None:
        r = log.edit(i)
        for key in keys:
            r[key] = r[key] + by

    return change


def flip(key: str) -> Change:
    def change(log: Log, i: int) -> None:
        r = log.edit(i)
        r[key] = not r[key]

    return change


def has(**fields: Any) -> Where:
    return lambda log, i: all(log[i].get(k) == v for k, v in fields.items())


def standstill(name_key: str, steer_kind: str = "steer", ship_key: str = "ship") -> Change:
    """The ruler move before a ram leaves the rammer where it was (``to`` = ``frm``)."""

    def change(log: Log, i: int) -> None:
        name = log[i][name_key]
        j = next(log.earlier(i, kind=steer_kind, **{ship_key: name}))
        r = log.edit(j)
        r["to"] = list(r["frm"])

    return change


def games_with(ruleset: str, scenario: str, kind: str, modules: Iterable[str] | None, want: int = 2, seeds: int = 60) -> list[list[Rec]]:
    """The first ``want`` random games of the scenario (by seed) whose logs hold a record of that
    kind: for checks whose records the players make only now and then."""
    out: list[list[Rec]] = []
    for seed in range(seeds):
        recs = records(played(ruleset, scenario, "random", seed, modules))
        if any(r["kind"] == kind for r in recs):
            out.append(recs)
            if len(out) >= want:
                break
    assert out, f"no {scenario} game of the first {seeds} seeds has a {kind} record"
    return out
