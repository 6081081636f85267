"""How much better than random play is Naval Warhammer's heuristic player?

Mirrored games: each seed is played twice, the heuristic player in one seat and then the other
(every other seat random), on each built-in scenario given; draws count half.  Prints each
scenario's games won, drawn and lost by the heuristic seat, its win rate with a 95% Wilson
interval, and the time a game took.

    .venv/bin/python bench/nw_heuristic_vs_random.py --seeds 50 [--scenario duel --scenario raid]
"""

from __future__ import annotations

import argparse
import time

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import builtin_scenarios, load_scenario
from grapeshot.lab.stats import wilson

RULESET = "navalwarhammer"


def match(scenario: str, seeds: int, first: int) -> tuple[int, int, int, float]:
    """(won, drawn, lost) by the heuristic seat over ``seeds`` seeds, every seat in turn; seconds a game."""
    sc = load_scenario(scenario, RULESET)
    seats = [s.id for s in sc.seats]
    won = drawn = lost = 0
    start = time.perf_counter()
    games = 0
    for seed in range(first, first + seeds):
        for hero in seats:
            g = Game(RULESET, sc, seed=seed)
            agents = {s: make("heuristic" if s == hero else "random", seed * 31 + k, RULESET) for k, s in enumerate(seats)}
            out = play_out(g, agents)
            games += 1
            if hero in out.winners and len(out.winners) == 1:
                won += 1
            elif hero in out.winners:
                drawn += 1
            else:
                lost += 1
    return won, drawn, lost, (time.perf_counter() - start) / max(1, games)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--scenario", action="append", help="a built-in scenario (repeatable; default: all)")
    args = ap.parse_args()
    for name in args.scenario or builtin_scenarios(RULESET):
        won, drawn, lost, secs = match(name, args.seeds, args.first)
        n = won + drawn + lost
        score = won + drawn / 2.0
        lo, hi = wilson(score, n)
        print(f"{name}: {n} games, heuristic won {won}, drew {drawn}, lost {lost}: {score / n:.3f} [{lo:.3f}, {hi:.3f}] ({secs:.2f} s a game)")


if __name__ == "__main__":
    main()
