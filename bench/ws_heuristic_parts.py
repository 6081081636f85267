"""The Wooden Ships heuristic where cages, fire and the wind matter: how often it opens cages,
sets things alight and steals the wind, and how it scores, against the random player and
against itself.

    .venv/bin/python bench/ws_heuristic_parts.py [--games N] [--seed S] [--case NAME ...]

Cases: ``island-raid`` (a caged beast and a sea dragon for the islanders), ``ship-duel-wind``
and ``free-for-all-wind`` (option ``wind: on``, sailing ships that may steal each other's wind).
For each case, ``--games`` games with the heuristic in each seat against the random player (draws
and shared wins count as shares), then ``--games`` games of heuristic against heuristic; it
prints the heuristic's score with a 95% Wilson interval, the seats' shares in self-play, and per
game the cages opened, fires lit (and the points they burnt), breaths, wind stolen, drifts.
Run it on two versions of the player (a checkout of each) to compare them.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.lab.stats import wilson

CASES = {"island-raid": ("island-raid", {}), "ship-duel-wind": ("ship-duel", {"wind": "on"}), "free-for-all-wind": ("free-for-all", {"wind": "on"})}


def tally(g: Game, counts: Counter[str], side: str | None) -> None:
    """The parts' use in a game (``side``: only that side's, where an event names one)."""
    mine = {s.name for s in g.state.ships.values() if side is None or s.side == side}
    for e in g.events:
        d = e.data
        if e.kind == "release" and (side is None or d["side"] == side):
            counts["cages opened"] += 1
        elif e.kind == "bite" and d["attack"] == "breath" and (side is None or d["side"] == side):
            counts["breaths"] += 1
        elif e.kind == "fire" and (side is None or d["by"] == side):
            counts["fires lit"] += 1
        elif e.kind == "burn" and d.get("damage"):
            counts["points burnt"] += int(d["damage"])
        elif e.kind == "wind-stolen" and d["by"] in mine:
            counts["wind stolen"] += 1
        elif e.kind == "drift":
            counts["drifts"] += 1


def case(name: str, games: int, seed: int) -> None:
    scenario, options = CASES[name]
    sc = load_scenario(scenario, "woodenships")
    seats = [s.id for s in sc.seats if s.id != "referee"]
    score, n = 0.0, 0
    used: Counter[str] = Counter()
    t0 = time.perf_counter()
    for i in range(games):
        for me in seats:
            g = Game("woodenships", sc, seed=seed + i, options=options, log=True)
            agents = {s.id: make("heuristic" if s.id == me else "random", (seed + i) * 31 + j, "woodenships") for j, s in enumerate(sc.seats)}
            play_out(g, agents)
            assert g.outcome is not None
            winners = g.outcome.winners
            score += (1.0 / len(winners)) if me in winners else 0.0
            n += 1
            tally(g, used, me)
    lo, hi = wilson(score, n)
    print(f"{name}: heuristic against random, {n} games ({games} a seat), {time.perf_counter() - t0:.0f} s")
    print(f"  score {score / n:.3f}, 95% Wilson [{lo:.3f}, {hi:.3f}]")
    print("  the heuristic's side, per game: " + ", ".join(f"{k} {v / n:.2f}" for k, v in sorted(used.items())))
    shares = dict.fromkeys(seats, 0.0)
    both: Counter[str] = Counter()
    t1 = time.perf_counter()
    for i in range(games):
        g = Game("woodenships", sc, seed=seed + 10_000 + i, options=options, log=True)
        agents = {s.id: make("heuristic", (seed + i) * 31 + j, "woodenships") for j, s in enumerate(sc.seats)}
        play_out(g, agents)
        assert g.outcome is not None
        for w in g.outcome.winners:
            if w in shares:
                shares[w] += 1.0 / len(g.outcome.winners)
        tally(g, both, None)
    print(
        f"  heuristic against heuristic, {games} games, {time.perf_counter() - t1:.0f} s: wins by seat "
        + ", ".join(f"{s} {v / games:.3f}" for s, v in shares.items())
    )
    print("  both sides, per game: " + ", ".join(f"{k} {v / games:.2f}" for k, v in sorted(both.items())))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--case", nargs="*", default=list(CASES), choices=list(CASES))
    args = ap.parse_args()
    for name in args.case:
        case(name, args.games, args.seed)


if __name__ == "__main__":
    main()
