"""The soak: many seeded games of each built-in scenario of a rule set (with rule modules on, if
asked), with the rule set's and the modules' invariants checked after every action.

With ``--views`` it also probes every game as the web table shows it, after every action
(``grapeshot.server.probe``): every seat's and the spectator's view built as the server builds
it, and each waiting seat's listing of legal answers checked against ``check`` (listed answers
accepted, near misses outside an enumerated listing refused, no check that breaks).  With
``--each-module`` each scenario is played as it is and with each rule module its rule set can
host switched the other way (on where the scenario has it off, off where it has it on).  Without
``--ruleset`` every installed rule set is soaked.  The long soak of the views, a thousand seeded
games of every scenario of every rule set with and without each module:

    .venv/bin/python bench/soak.py --views --each-module --players random --jobs 2

The players: ``random`` (every seat random), ``heuristic`` (every seat heuristic), ``mixed`` (the
heuristic in one seat, chosen by the seed in turn, the random player in the others).  A game that
raises, or breaks an invariant, or does not end within the step limit, is reported with its
scenario, players and seed (enough to play it again); the script exits non-zero if any did.  For
each scenario and kind of player it prints games a second, the results (wins by seat, draws) and
how games ended (objective, and the turn they ended on); with ``--views``, the actions probed,
views built, listings checked, answers checked and the faults found by kind, with examples.  ``--twice N`` plays the first N seeds
of each again and checks that the same seed gives the same game (winners, ending, turn and the
whole list of event kinds).  With ``--audit`` every game keeps its log and is read afterwards by the
auditors of its rule set and modules (``grapeshot.core.audit.audit_game``): the games, records and
findings by rule are reported, and each finding is printed with its game's seed and the record.

    .venv/bin/python bench/soak.py --ruleset navalwarhammer --games 1000 --jobs 2
    .venv/bin/python bench/soak.py --ruleset woodenships --module collisions --scenario galley-fight --players mixed
    .venv/bin/python bench/soak.py --audit --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from grapeshot.agents import make, play_out
from grapeshot.core.audit import audit_game
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.module import all_modules
from grapeshot.core.ruleset import all_rulesets
from grapeshot.core.scenario import Scenario, builtin_scenarios, load_scenario, with_modules
from grapeshot.odds import wilson
from grapeshot.server.probe import Probe
from grapeshot.server.probe import Tally as Probed

PLAYERS = ("random", "heuristic", "mixed")


class Broken(AssertionError):
    """An invariant broken after an action."""


def check(g: Game) -> None:
    problems = g.broken()
    if problems:
        raise Broken(f"after action {len(g.actions)}: {problems}")


@dataclass(frozen=True)
class Key:
    """What a batch plays: a rule set's scenario with exactly these modules in play, by a kind of
    player, probed as the web table shows it or not."""

    ruleset: str
    modules: tuple[str, ...]
    scenario: str
    players: str
    views: bool = False
    audit: bool = False

    def label(self) -> str:
        own = tuple(load_scenario(self.scenario, self.ruleset).modules)
        extra = "".join(f" +{m}" for m in self.modules if m not in own) + "".join(f" -{m}" for m in own if m not in self.modules)
        return f"{self.ruleset} {self.scenario}{extra}, {self.players} players"

    def scenario_data(self) -> Scenario:
        sc = load_scenario(self.scenario, self.ruleset)
        return sc if tuple(sc.modules) == self.modules else with_modules(sc, list(self.modules))


def variants(ruleset: str, scenario: str, extra: Sequence[str], each_module: bool) -> list[tuple[str, ...]]:
    """The modules to play a scenario with: its own and ``extra``; with ``each_module`` also each
    module the rule set can host switched the other way, one at a time."""
    sc = load_scenario(scenario, ruleset)
    base = tuple(dict.fromkeys([*sc.modules, *extra]))
    out = [base]
    if each_module:
        for m in sorted(mod.name for mod in all_modules()):
            switched = tuple(x for x in base if x != m) if m in base else (*base, m)
            try:
                Game(ruleset, with_modules(sc, list(switched)), seed=0, log=False)
            except ScenarioError:
                continue  # a module this rule set cannot host
            out.append(switched)
    return out


def seat_players(players: str, seed: int, seats: int) -> list[str]:
    """Each seat's kind of player for a seed."""
    if players != "mixed":
        return [players] * seats
    return ["heuristic" if k == seed % seats else "random" for k in range(seats)]


def game_of(key: Key, seed: int, probed: Probed | None = None) -> tuple[Game, Sequence[str]]:
    """A seeded game played out, its invariants checked after every action (and, with ``probed``,
    probed as the web table shows it, into that tally; a probed game keeps its log, which the
    views show)."""
    sc = key.scenario_data()
    g = Game(key.ruleset, sc, seed=seed, log=probed is not None or key.audit)
    kinds = seat_players(key.players, seed, len(sc.seats))
    agents = {s.id: make(kinds[k], seed * 31 + k, key.ruleset) for k, s in enumerate(sc.seats)}
    probe = Probe(seed, f"{key.label()} seed {seed}") if probed is not None else None

    def after(game: Game) -> None:
        check(game)
        if probe is not None:
            probe(game)

    try:
        if probe is not None:
            probe(g)  # the start, before the first action
        play_out(g, agents, after)
    finally:
        if probe is not None and probed is not None:
            probed.add(probe.tally)
    return g, kinds


def summary(g: Game) -> tuple[object, ...]:
    """What must come out the same from the same seed."""
    assert g.outcome is not None
    return (tuple(g.outcome.winners), g.outcome.objective, g.outcome.turn, tuple(e.kind for e in g.events))


@dataclass
class Tally:
    games: int = 0
    seconds: float = 0.0
    winners: Counter[str] = field(default_factory=Counter)
    ended: Counter[str] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    #: with mixed players: the games the heuristic played in each seat, and its score there
    seat_games: Counter[str] = field(default_factory=Counter)
    seat_score: Counter[str] = field(default_factory=Counter)
    #: with --views: what the probe of the web table's views and listings did and found
    probed: Probed = field(default_factory=Probed)
    #: with --audit: the games and records the auditors read, their findings by rule, and each
    #: finding in words (with the game's seed and the record)
    audited: int = 0
    records: int = 0
    findings: Counter[str] = field(default_factory=Counter)
    found: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.seconds += other.seconds
        self.winners.update(other.winners)
        self.ended.update(other.ended)
        self.turns.update(other.turns)
        self.failures += other.failures
        self.seat_games.update(other.seat_games)
        self.seat_score.update(other.seat_score)
        self.probed.add(other.probed)
        self.audited += other.audited
        self.records += other.records
        self.findings.update(other.findings)
        self.found += other.found


def one(key: Key, seed: int, twice: bool) -> Tally:
    """One seeded game, checked (and played again if ``twice``); its tally (a failure names what
    to replay)."""
    t = Tally(games=1)
    start = time.perf_counter()
    try:
        g, kinds = game_of(key, seed, t.probed if key.views else None)
        if twice and summary(game_of(key, seed)[0]) != summary(g):
            raise Broken("the same seed played again gave another game")
    except Exception as e:  # every failure is reported, with its seed
        where = traceback.extract_tb(e.__traceback__)[-1]
        t.failures.append(f"{key.label()} seed {seed}: {type(e).__name__}: {e} ({where.filename}:{where.lineno})")
    else:
        if key.audit:
            referee(key, seed, g, t)
        assert g.outcome is not None
        out = g.outcome
        if key.players == "mixed":
            me = next(s for s, k in zip((s.id for s in g.scenario.seats), kinds, strict=True) if k == "heuristic")
            t.winners["heuristic" if me in out.winners else "random" if out.winners else "draw"] += 1
            t.seat_games[me] += 1
            t.seat_score[me] += 1.0 if tuple(out.winners) == (me,) else 0.5 if me in out.winners or not out.winners else 0.0
        else:
            t.winners["draw" if len(out.winners) != 1 else out.winners[0]] += 1
        t.ended[out.objective] += 1
        t.turns[out.turn] += 1
    if t.probed.faults:  # a game the web table could not show, or whose listings do not hold, failed
        t.failures.append(f"{key.label()} seed {seed}: {sum(t.probed.faults.values())} view or listing faults: {', '.join(sorted(t.probed.faults))}")
    t.seconds = time.perf_counter() - start
    return t


def referee(key: Key, seed: int, g: Game, t: Tally) -> None:
    """The auditors' reading of a played game's whole log, into the tally."""
    t.audited += 1
    t.records += len(g.events)
    lines = [e.line() for e in g.events]
    for f in audit_game(g):
        t.findings[f.rule] += 1
        record = lines[f.seq] if 0 <= f.seq < len(lines) else json.dumps(None)
        t.found.append(f"{key.label()} seed {seed}: {f.said()}\n      {record[:600]}")


def batch(args: tuple[Key, int, int, int]) -> Tally:
    key, first, count, twice = args
    t = Tally()
    for seed in range(first, first + count):
        t.add(one(key, seed, seed < twice))
    return t


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def report(key: Key, t: Tally, wall: float) -> None:
    results = ", ".join(f"{k} {v}" for k, v in sorted(t.winners.items()))
    ended = ", ".join(f"{k} {v}" for k, v in sorted(t.ended.items()))
    turns = ", ".join(f"turn {k}: {v}" for k, v in sorted(t.turns.items()))
    print(f"{key.label()}: {t.games} games, {t.games / wall:.3f} games/s of the wall clock ({t.seconds / max(1, t.games):.2f} s a game)")
    print(f"  results: {results}")
    if key.players == "mixed":
        # the heuristic's score against random players in each seat it sat in: a win 1, a draw
        # (or a win shared) a half; a seat that is no side (a referee) never wins
        for seat, n in sorted(t.seat_games.items()):
            score = t.seat_score[seat] / n
            low, high = wilson(score, n)
            print(f"  the heuristic's score as {seat}: {score:.3f} of {n} games, 95% Wilson interval [{low:.3f}, {high:.3f}]")
    print(f"  ended by: {ended}; {turns}")
    if key.views:
        for line in t.probed.lines():
            print(f"  {line}")
    if key.audit:
        found = ", ".join(f"{rule} {n}" for rule, n in sorted(t.findings.items())) or "none"
        print(f"  audited: {t.audited} games, {t.records} records; findings by rule: {found}")
        for f in t.found[:20]:
            print(f"    {f}")
    print(f"  failures: {len(t.failures)}")
    for f in t.failures[:20]:
        print(f"    {f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", action="append", help="a rule set (repeatable; default: every one installed)")
    ap.add_argument("--module", action="append", default=[], help="a rule module to switch on (repeatable)")
    ap.add_argument("--each-module", action="store_true", help="each scenario also with each module its rule set can host switched the other way")
    ap.add_argument("--views", action="store_true", help="probe every game's views and listings as the web table shows them, after every action")
    ap.add_argument("--audit", action="store_true", help="read every game's log with its rule set's and modules' auditors afterwards")
    ap.add_argument("--games", type=int, default=1000, help="games of each scenario and kind of player")
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--scenario", action="append", help="a built-in scenario (repeatable; default: all)")
    ap.add_argument("--players", action="append", choices=PLAYERS, help="default: random and heuristic")
    ap.add_argument("--twice", type=int, default=0, help="play the first N seeds twice and compare")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--batch", type=int, default=10, help="seeds a worker plays at a time")
    args = ap.parse_args()
    rulesets = args.ruleset or [rs.name for rs in sorted(all_rulesets(), key=lambda r: r.name)]
    keys = [
        Key(rs, mods, s, p, args.views, args.audit)
        for rs in rulesets
        for s in (builtin_scenarios(rs) if not args.scenario else [s for s in args.scenario if s in builtin_scenarios(rs)])
        for mods in variants(rs, s, args.module, args.each_module)
        for p in args.players or ("random", "heuristic")
    ]
    # the work interleaves the scenarios and players, a batch of seeds at a time, so a soak cut
    # short (Ctrl-C) still reports on every one of them
    twice = args.first + args.twice
    work = [
        (k, first, min(args.batch, args.first + args.games - first), twice) for first in range(args.first, args.first + args.games, args.batch) for k in keys
    ]
    totals = {k: Tally() for k in keys}
    wall = time.perf_counter()
    # a soak run in the background is stopped with SIGTERM (background jobs ignore SIGINT):
    # either way it reports on the batches played so far
    signal.signal(signal.SIGTERM, _stop)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        results = map(batch, work) if pool is None else pool.map(batch, work)
        for w, t in zip(work, results, strict=True):
            totals[w[0]].add(t)
            found = f", {sum(t.findings.values())} findings" if w[0].audit else ""
            print(f"batch {w[0].label()} seeds {w[1]}..{w[1] + w[2] - 1}: {t.games} games, {len(t.failures)} failures{found}", flush=True)
            for f in t.failures + t.found:
                print(f"  {f}", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the batches played so far")
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    wall = time.perf_counter() - wall
    for k in keys:
        report(k, totals[k], wall)
    done = sum(t.games for t in totals.values())
    print(f"all: {done} games in {wall:.0f} s, {done / wall:.3f} games/s", flush=True)
    if args.audit:
        findings: Counter[str] = Counter()
        for t in totals.values():
            findings.update(t.findings)
        audited, records = sum(t.audited for t in totals.values()), sum(t.records for t in totals.values())
        by_rule = ", ".join(f"{rule} {n}" for rule, n in sorted(findings.items())) or "none"
        print(f"all audited: {audited} games, {records} records; findings by rule: {by_rule}", flush=True)
    if args.views:
        probed = Probed()
        for t in totals.values():
            probed.add(t.probed)
        print("all views: " + "\n".join(probed.lines()), flush=True)
    sys.exit(1 if any(t.failures or t.found for t in totals.values()) else 0)


if __name__ == "__main__":
    main()
