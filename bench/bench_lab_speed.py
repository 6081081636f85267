"""The lab's speed: complete heuristic games a second a core, scenario by scenario, with each
speed-up off and on in the same run (issue #27's table).

Each scenario plays ``--games`` seeded games each way, the ways interleaved game by game so the
machine's drift falls on all alike; the time is the process's CPU time, the games are played
with logging off as the lab's studies play them.  Printed for each scenario: games a second a
core before, with kept set-ups (``core.setups``), and with no checkpoints as well (a study whose
players copy no game takes none, ``lab.records.play_seeded``), and the ratio of the last to the
first; the games' outcomes are checked equal every way (a speed-up must not change a game).

    .venv/bin/python bench/bench_lab_speed.py [--games N] [--only RULESET/SCENARIO]
"""

from __future__ import annotations

import argparse
import time

from grapeshot.agents import make, play_out
from grapeshot.core import setups
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario

TABLE = (
    ("jimlad", "brawl"),
    ("jimlad", "duel"),
    ("woodenships", "ship-duel"),
    ("woodenships", "boat-swarm"),
    ("woodenships", "galley-fight"),
    ("navalwarhammer", "duel"),
    ("navalwarhammer", "freeforall"),
    ("navalwarhammer", "raid"),
)


def one(ruleset: str, scenario: str, seed: int, kept: bool, checkpoints: bool) -> tuple[float, object]:
    """The CPU seconds of one heuristic game (set-up included) and its outcome."""
    setups.enabled = kept
    sc = load_scenario(scenario, ruleset)  # parsed afresh each game, as the lab's processes do
    start = time.process_time()
    g = Game(ruleset, sc, seed=seed, log=False)
    g.checkpointing = checkpoints
    agents = {s.id: make("heuristic", seed * 7 + k, ruleset) for k, s in enumerate(sc.seats)}
    outcome = play_out(g, agents)
    return time.process_time() - start, outcome


WAYS = ((False, True), (True, True), (True, False))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--only", default=None, help="one ruleset/scenario of the table")
    args = ap.parse_args()
    print(f"{'rule set':<16}{'scenario':<14}{'before g/s':>11}{'kept g/s':>10}{'+no cp g/s':>11}{'ratio':>7}")
    for ruleset, scenario in TABLE:
        if args.only and args.only != f"{ruleset}/{scenario}":
            continue
        setups.forget()
        one(ruleset, scenario, 0, True, True)  # warm the interpreter and keep this scenario's set-up
        spent = [0.0] * len(WAYS)
        for seed in range(1, args.games + 1):
            seen = []
            for i, (kept, checkpoints) in enumerate(WAYS):
                t, outcome = one(ruleset, scenario, seed, kept, checkpoints)
                spent[i] += t
                seen.append(outcome)
            if any(o != seen[0] for o in seen):
                raise SystemExit(f"{ruleset}/{scenario} seed {seed}: {seen}: a speed-up changed the game")
        n = args.games
        rates = "".join(f"{n / t:>{w}.2f}" for t, w in zip(spent, (11, 10, 11), strict=True))
        print(f"{ruleset:<16}{scenario:<14}{rates}{spent[0] / spent[-1]:>7.2f}")
    setups.enabled = True


if __name__ == "__main__":
    main()
