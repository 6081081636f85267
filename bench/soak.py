"""The soak: many seeded games of each built-in scenario of a rule set (with rule modules on, if
asked), with the rule set's and the modules' invariants checked after every action.

The players: ``random`` (every seat random), ``heuristic`` (every seat heuristic), ``mixed`` (the
heuristic in one seat, chosen by the seed in turn, the random player in the others).  A game that
raises, or breaks an invariant, or does not end within the step limit, is reported with its
scenario, players and seed (enough to play it again); the script exits non-zero if any did.  For
each scenario and kind of player it prints games a second, the results (wins by seat, draws) and
how games ended (objective, and the turn they ended on).  ``--twice N`` plays the first N seeds
of each again and checks that the same seed gives the same game (winners, ending, turn and the
whole list of event kinds).

    .venv/bin/python bench/soak.py --ruleset navalwarhammer --games 1000 --jobs 2
    .venv/bin/python bench/soak.py --ruleset woodenships --module collisions --scenario galley-fight --players mixed
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import builtin_scenarios, load_scenario
from grapeshot.odds import wilson

PLAYERS = ("random", "heuristic", "mixed")


class Broken(AssertionError):
    """An invariant broken after an action."""


def check(g: Game) -> None:
    problems = g.broken()
    if problems:
        raise Broken(f"after action {len(g.actions)}: {problems}")


@dataclass(frozen=True)
class Key:
    """What a batch plays: a rule set's scenario, with modules, by a kind of player."""

    ruleset: str
    modules: tuple[str, ...]
    scenario: str
    players: str

    def label(self) -> str:
        extra = f" +{'+'.join(self.modules)}" if self.modules else ""
        return f"{self.scenario}{extra}, {self.players} players"


def seat_players(players: str, seed: int, seats: int) -> list[str]:
    """Each seat's kind of player for a seed."""
    if players != "mixed":
        return [players] * seats
    return ["heuristic" if k == seed % seats else "random" for k in range(seats)]


def game_of(key: Key, seed: int) -> tuple[Game, Sequence[str]]:
    sc = load_scenario(key.scenario, key.ruleset)
    g = Game(key.ruleset, sc, seed=seed, log=False, modules=key.modules)
    kinds = seat_players(key.players, seed, len(sc.seats))
    agents = {s.id: make(kinds[k], seed * 31 + k, key.ruleset) for k, s in enumerate(sc.seats)}
    play_out(g, agents, check)
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

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.seconds += other.seconds
        self.winners.update(other.winners)
        self.ended.update(other.ended)
        self.turns.update(other.turns)
        self.failures += other.failures
        self.seat_games.update(other.seat_games)
        self.seat_score.update(other.seat_score)


def one(key: Key, seed: int, twice: bool) -> Tally:
    """One seeded game, checked (and played again if ``twice``); its tally (a failure names what
    to replay)."""
    t = Tally(games=1)
    start = time.perf_counter()
    try:
        g, kinds = game_of(key, seed)
        if twice and summary(game_of(key, seed)[0]) != summary(g):
            raise Broken("the same seed played again gave another game")
    except Exception as e:  # every failure is reported, with its seed
        where = traceback.extract_tb(e.__traceback__)[-1]
        t.failures.append(f"{key.label()} seed {seed}: {type(e).__name__}: {e} ({where.filename}:{where.lineno})")
    else:
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
    t.seconds = time.perf_counter() - start
    return t


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
    print(f"  failures: {len(t.failures)}")
    for f in t.failures[:20]:
        print(f"    {f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", required=True, help="the rule set")
    ap.add_argument("--module", action="append", default=[], help="a rule module to switch on (repeatable)")
    ap.add_argument("--games", type=int, default=1000, help="games of each scenario and kind of player")
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--scenario", action="append", help="a built-in scenario (repeatable; default: all)")
    ap.add_argument("--players", action="append", choices=PLAYERS, help="default: random and heuristic")
    ap.add_argument("--twice", type=int, default=0, help="play the first N seeds twice and compare")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--batch", type=int, default=10, help="seeds a worker plays at a time")
    args = ap.parse_args()
    modules = tuple(args.module)
    scenarios = args.scenario or builtin_scenarios(args.ruleset)
    keys = [Key(args.ruleset, modules, s, p) for s in scenarios for p in args.players or ("random", "heuristic")]
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
            print(f"batch {w[0].label()} seeds {w[1]}..{w[1] + w[2] - 1}: {t.games} games, {len(t.failures)} failures", flush=True)
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
