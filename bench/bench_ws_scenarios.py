"""Wooden Ships scenarios benchmark: seeded games of the boat swarm and the four-sided
free-for-all with random and heuristic players.

    .venv/bin/python bench/bench_ws_scenarios.py [--games N] [--seed S] [--scenario NAME ...]

For each scenario, ``--games`` games (1,000 by default), the players by seed in turn: the
heuristic in one seat and the random player in the others (each seat in turn), all heuristic,
all random.  It prints the games a second, the mean turns, the heuristic's win rate against the
random player (draws count half, a shared win among the winners) with a 95% Wilson interval,
each seat's share of the wins in all-heuristic games, and the rules the scenario is about per
game: rams, ships stuck fast, boarding rolls, grapples, grapples cut, barrels hurled, ships sunk.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.lab.stats import wilson

COUNTED = ("ram", "stuck", "boarding", "grapple", "cut", "hurl", "sunk", "run-down")


def bench(name: str, games: int, seed: int) -> None:
    sc = load_scenario(name, "woodenships")
    seats = [s.id for s in sc.seats]
    mixes = [*(("one", i) for i in range(len(seats))), ("all", -1), ("none", -1)]
    counts: Counter[str] = Counter()
    heuristic_score, heuristic_games = 0.0, 0
    h_wins: dict[str, float] = dict.fromkeys(seats, 0.0)
    h_all = 0
    turns = 0
    t0 = time.perf_counter()
    for i in range(games):
        mix, who = mixes[i % len(mixes)]
        kinds = {s: ("heuristic" if mix == "all" or (mix == "one" and k == who) else "random") for k, s in enumerate(seats)}
        g = Game("woodenships", sc, seed=seed + i)
        agents = {s: make(kinds[s], (seed + i) * 31 + k, "woodenships") for k, s in enumerate(seats)}
        play_out(g, agents)
        assert g.outcome is not None
        turns += g.outcome.turn
        counts.update(e.kind for e in g.events if e.kind in COUNTED)
        winners = g.outcome.winners
        if mix == "one":
            heuristic_games += 1
            me = seats[who]
            heuristic_score += (1.0 / len(winners)) if me in winners else 0.0
        elif mix == "all":
            h_all += 1
            for w in winners:
                h_wins[w] += 1.0 / len(winners)
    took = time.perf_counter() - t0
    lo, hi = wilson(heuristic_score, heuristic_games)
    print(f"{name}: {games} games in {took:.1f} s, {games / took:.2f} games/s, {turns / games:.2f} turns a game")
    print(f"  heuristic against random: {heuristic_score / max(1, heuristic_games):.3f} of {heuristic_games}, 95% Wilson [{lo:.3f}, {hi:.3f}]")
    if h_all:
        shares = ", ".join(f"{s} {h_wins[s] / h_all:.3f}" for s in seats)
        print(f"  all-heuristic games ({h_all}): wins by seat {shares}")
    print("  per game: " + ", ".join(f"{k} {counts[k] / games:.2f}" for k in COUNTED))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scenario", nargs="*", default=["boat-swarm", "free-for-all"])
    args = ap.parse_args()
    for name in args.scenario:
        bench(name, args.games, args.seed)


if __name__ == "__main__":
    main()
