"""Naval Warhammer's soak: many seeded games of each built-in scenario, every seat random and
then every seat heuristic, with the rule set's invariants checked after every action.

A game that raises, or breaks an invariant, or does not end within the step limit, is reported
with its scenario, players and seed (enough to play it again); the script exits non-zero if any
did.  For each scenario and kind of player it prints games a second, the results (wins by seat,
draws) and how games ended (objective, and the turn they ended on).

    .venv/bin/python bench/nw_soak.py --games 1000 [--scenario duel] [--players random] [--first 0] [--jobs 1]
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import builtin_scenarios, load_scenario

RULESET = "navalwarhammer"


class Broken(AssertionError):
    """An invariant broken after an action."""


def check(g: Game) -> None:
    problems = g.ruleset.invariants(g.state)
    if problems:
        raise Broken(f"after action {len(g.actions)}: {problems}")


@dataclass
class Tally:
    games: int = 0
    seconds: float = 0.0
    winners: Counter[str] = field(default_factory=Counter)
    ended: Counter[str] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.seconds += other.seconds
        self.winners.update(other.winners)
        self.ended.update(other.ended)
        self.turns.update(other.turns)
        self.failures += other.failures


def one(scenario: str, players: str, seed: int) -> Tally:
    """One seeded game, checked; its tally (a failure names what to replay)."""
    t = Tally(games=1)
    sc = load_scenario(scenario, RULESET)
    start = time.perf_counter()
    try:
        g = Game(RULESET, sc, seed=seed, log=False)
        out = play_out(g, {s.id: make(players, seed * 31 + k, RULESET) for k, s in enumerate(sc.seats)}, check)
    except Exception as e:  # every failure is reported, with its seed
        where = traceback.extract_tb(e.__traceback__)[-1]
        t.failures.append(f"{scenario} {players} seed {seed}: {type(e).__name__}: {e} ({where.filename}:{where.lineno})")
    else:
        t.winners["draw" if len(out.winners) != 1 else out.winners[0]] += 1
        t.ended[out.objective] += 1
        t.turns[out.turn] += 1
    t.seconds = time.perf_counter() - start
    return t


def batch(args: tuple[str, str, int, int]) -> Tally:
    scenario, players, first, count = args
    t = Tally()
    for seed in range(first, first + count):
        t.add(one(scenario, players, seed))
    return t


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def report(key: tuple[str, str], t: Tally, wall: float) -> None:
    scenario, players = key
    results = ", ".join(f"{k} {v}" for k, v in sorted(t.winners.items()))
    ended = ", ".join(f"{k} {v}" for k, v in sorted(t.ended.items()))
    turns = ", ".join(f"turn {k}: {v}" for k, v in sorted(t.turns.items()))
    print(f"{scenario}, {players} players: {t.games} games, {t.games / wall:.3f} games/s of the wall clock ({t.seconds / max(1, t.games):.2f} s a game)")
    print(f"  results: {results}")
    print(f"  ended by: {ended}; {turns}")
    print(f"  failures: {len(t.failures)}")
    for f in t.failures[:20]:
        print(f"    {f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000, help="games of each scenario and kind of player")
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--scenario", action="append", help="a built-in scenario (repeatable; default: all)")
    ap.add_argument("--players", action="append", choices=("random", "heuristic"), help="default: both")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--batch", type=int, default=10, help="seeds a worker plays at a time")
    args = ap.parse_args()
    keys = [(s, p) for s in args.scenario or builtin_scenarios(RULESET) for p in args.players or ("random", "heuristic")]
    # the work interleaves the scenarios and players, a batch of seeds at a time, so a soak cut
    # short (Ctrl-C) still reports on every one of them
    work = [
        (s, p, first, min(args.batch, args.first + args.games - first)) for first in range(args.first, args.first + args.games, args.batch) for s, p in keys
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
            totals[(w[0], w[1])].add(t)
            print(f"batch {w[0]} {w[1]} seeds {w[2]}..{w[2] + w[3] - 1}: {t.games} games, {len(t.failures)} failures", flush=True)
            for f in t.failures:
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
    sys.exit(1 if any(t.failures for t in totals.values()) else 0)


if __name__ == "__main__":
    main()
