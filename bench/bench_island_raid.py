"""The island raid benchmark: ``--games`` games of the built-in ``island-raid`` (raiders against
islanders with a shaman and animals, sharks and a crocodile), spread evenly over the four pairings
of random and heuristic players (raiders first), log off, the wild creatures moved by the rules.

    .venv/bin/python bench/bench_island_raid.py [--games N] [--seed S] [--workers W]

Prints the games a second (on ``--workers`` processes) and per game and core, the steps
(answers) a game and the time a step, the turns played, how each pairing ends (raiders'
wins, islanders' wins, draws; the heuristic's score against the random player in each seat with
a 95% Wilson interval, draws counting half), and how often the shaman's spells, the animals'
attacks and the wild creatures' turns came up.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.lab.stats import wilson

PAIRS = (("random", "random"), ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))
COUNTED = ("lightning", "repel", "repel-ship", "bite", "harry", "release", "wild", "fire", "killed", "sunk")


def one(args: tuple[int, int]) -> dict[str, Any]:
    """One game: its pairing, winners, steps, turns, seconds and the counted events."""
    i, seed = args
    pair = PAIRS[i % len(PAIRS)]
    sc = load_scenario("island-raid", "woodenships")
    g = Game("woodenships", sc, seed=seed + i)
    agents = {"red": make(pair[0], (seed + i) * 7, "woodenships"), "blue": make(pair[1], (seed + i) * 7 + 1, "woodenships")}
    agents["referee"] = make("heuristic", (seed + i) * 7 + 2, "woodenships")
    t0 = time.perf_counter()
    play_out(g, agents)
    took = time.perf_counter() - t0
    assert g.outcome is not None
    counts = Counter(e.kind for e in g.events if e.kind in COUNTED)
    return {"pair": pair, "winners": tuple(g.outcome.winners), "steps": len(g.actions), "turns": g.outcome.turn, "seconds": took, "counts": dict(counts)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.workers) as pool:
        results = list(pool.map(one, [(i, a.seed) for i in range(a.games)], chunksize=8))
    wall = time.perf_counter() - t0
    cpu = sum(r["seconds"] for r in results)
    steps = sum(r["steps"] for r in results)
    print(f"island-raid: {a.games} games in {wall:.1f} s on {a.workers} processes ({a.games / wall:.2f} games/s)")
    print(f"  per game on one core: {cpu / a.games * 1000:.0f} ms, {steps / a.games:.0f} steps, {cpu / steps * 1e6:.0f} us a step")
    print(f"  turns played: mean {sum(r['turns'] for r in results) / a.games:.2f} of 8")
    for pair in PAIRS:
        rs = [r for r in results if r["pair"] == pair]
        red = sum(1 for r in rs if r["winners"] == ("red",))
        blue = sum(1 for r in rs if r["winners"] == ("blue",))
        draws = len(rs) - red - blue
        line = f"  raiders {pair[0]:9} v islanders {pair[1]:9}: {len(rs)} games, raiders win {red}, islanders {blue}, draws {draws}"
        if pair[0] != pair[1]:
            seat_of_h = "red" if pair[0] == "heuristic" else "blue"
            won = red if seat_of_h == "red" else blue
            score = won + 0.5 * draws
            lo, hi = wilson(score, len(rs))
            line += f"; the heuristic scores {score / max(1, len(rs)):.3f} [{lo:.3f}, {hi:.3f}]"
        print(line)
    total: Counter[str] = Counter()
    for r in results:
        total.update(r["counts"])
    print("  a game on average: " + ", ".join(f"{k} {total[k] / a.games:.2f}" for k in COUNTED))


if __name__ == "__main__":
    main()
