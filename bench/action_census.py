"""Which kinds of action a player takes of those the rules offer it (:mod:`grapeshot.lab.census`):
for every built-in scenario of a rule set (or the ones named), seeded games with every seat the
same player, each kind (the rule its explanation names) counted as offered and as chosen, and the
kinds offered at least five times and never chosen listed as unplayed.

    .venv/bin/python bench/action_census.py [--ruleset woodenships] [--scenario ship-duel ...]
        [--games 10] [--player heuristic] [--modules collisions] [--markdown]
"""

from __future__ import annotations

import argparse
import time

from grapeshot.core.ruleset import get
from grapeshot.core.scenario import Catalogue, load_scenario
from grapeshot.lab.census import OFFERED, take


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="woodenships")
    ap.add_argument("--scenario", nargs="*", default=None, help="scenarios (default: every built-in one)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--player", default="heuristic")
    ap.add_argument("--modules", nargs="*", default=None, help="rule modules switched on over the scenario's")
    ap.add_argument("--markdown", action="store_true", help="a table per scenario for the docs")
    args = ap.parse_args()
    rs = get(args.ruleset)
    names = args.scenario or Catalogue(None).names(rs.name)
    for name in names:
        sc = load_scenario(name, rs.name)
        options = {"modules": {m: True for m in args.modules}} if args.modules else None
        started = time.perf_counter()
        census = take(rs.name, sc, range(args.first, args.first + args.games), args.player, options=options)
        took = time.perf_counter() - started
        print(f"\n{rs.name} {name}: {census.games} games, {census.decisions} decisions of {args.player}, {took:.1f} s")
        if args.markdown:
            print("\n| rule | offered | chosen | at |\n|---|---|---|---|")
            for kind, offered, chosen, where in census.rows():
                print(f"| {kind} | {offered} | {chosen} | {where} |")
        else:
            for kind, offered, chosen, where in census.rows():
                print(f"  {kind:<14} offered {offered:>6}  chosen {chosen:>6}  {where}")
        print(f"  unplayed (offered {OFFERED}+ times, never chosen): {', '.join(census.unplayed()) or 'none'}")


if __name__ == "__main__":
    main()
