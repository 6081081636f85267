"""Which numbered rules seeded play puts into the event log, and how often.

Plays N complete games with heuristic players and logging on, taking the scenarios in turn
(default: ``brawl``, ``euromeet`` and ``kove``, which between them put all seven klans to sea
and play grapeshot both ways), seeds from ``--seed`` up, and counts for each rule ID of the
ruleset in how many games some log record names it (its ``rule``, a ``weapon_rule``, a
``basis`` term, ...).  It prints the rules no game named (none, when seeded play exercises the
whole ruleset), the rarest ones, and a few figures on the rules that issue 16 asked to see in
play: the Freebooterz re-roll, Snake Bites sailing with the wind, the Blood Axes' manned
torpedoes, grapeshot as D3 hits, and the evasions that found no room.

Run from the repository's root (the counting is the tests' own, ``what_happened``).

    .venv/bin/python bench/rules_in_play.py [--games 2000] [--scenarios brawl,euromeet,kove] [--seed 1] [--workers 2]
                                            [--option evade=beam ...]

Exits non-zero if some rule was never named.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad.rules import RULEBOOK

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' helpers, from the repository's root
from tests.rulesets.jimlad.test_rules_in_play import what_happened


def one_game(job: tuple[str, int, dict[str, object]]) -> tuple[str, set[str], Counter[str]]:
    """Play one game; return its scenario, the rules its log names, and the special counts."""
    scenario, seed, options = job
    sc = load_scenario(scenario, "jimlad")
    g = Game("jimlad", sc, seed=seed, options=options)
    play_out(g, {s.id: make("heuristic", seed * 31 + k, "jimlad") for k, s in enumerate(sc.seats)})
    named, seen = what_happened(g)
    return scenario, named, seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--scenarios", default="brawl,euromeet,kove")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], help="a rule option for every game, NAME=VALUE (VALUE read as JSON, else as text)")
    ap.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = ap.parse_args()
    scenarios = args.scenarios.split(",")
    options: dict[str, object] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    jobs = [(scenarios[i % len(scenarios)], args.seed + i, options) for i in range(args.games)]
    games: Counter[str] = Counter()
    named: Counter[str] = Counter()
    special: Counter[str] = Counter()
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for scenario, ids, seen in pool.map(one_game, jobs, chunksize=8):
            games[scenario] += 1
            named.update(ids)
            special.update(seen)
    seconds = time.perf_counter() - t0
    every = [r.id for r in RULEBOOK.in_scope()]
    missing = [rid for rid in every if not named[rid]]
    if args.json:
        print(
            json.dumps(
                {"games": dict(games), "seconds": round(seconds, 1), "named": {r: named[r] for r in every}, "missing": missing, "special": dict(special)}
            )
        )
    else:
        print(f"{sum(games.values())} games ({', '.join(f'{n} {s}' for s, n in games.items())}) in {seconds:.0f} s with {args.workers} workers")
        print(f"rules named in some game's log: {len(every) - len(missing)} of {len(every)}")
        print(f"never named: {', '.join(missing) or 'none'}")
        rarest = sorted(every, key=lambda r: named[r])[:12]
        print("rarest (games naming it): " + ", ".join(f"{r} {named[r]}" for r in rarest))
        for what, n in special.items():
            print(f"{what}: {n}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
