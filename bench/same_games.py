"""Do two source trees play the same games?  Seeded games (Jim Lad's brawls and duels, or the
``--scenario`` named), heuristic players, and each save's ``events_digest`` compared game by game.

A change that must not alter play (moving code between modules, a faster path that does the
same floating-point operations in the same order) is checked by running this against the tree
before it, for instance main's sources exported with ``git archive``:

    mkdir -p /tmp/before && git archive main src | tar -x -C /tmp/before
    .venv/bin/python bench/same_games.py --against /tmp/before/src [--games 30]

Without ``--against`` it prints this tree's digests (one line a game, then one over them all).
The other tree runs in a subprocess with ``PYTHONPATH`` set to it and writes no bytecode there.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SCENARIOS = ("jimlad/brawl", "jimlad/duel")


def digests(games: int, seed: int, scenarios: tuple[str, ...] = SCENARIOS) -> list[str]:
    """``scenario seed events_digest`` for each game played here."""
    from grapeshot.agents import make, play_out
    from grapeshot.core.game import Game
    from grapeshot.core.scenario import load_scenario

    def player(seed: int, ruleset: str) -> Any:
        """The rule set's heuristic player (the trees compared may predate rule sets naming their players)."""
        try:
            return make("heuristic", seed, ruleset)  # type: ignore[call-arg, unused-ignore]
        except TypeError:
            return make("heuristic", seed)  # type: ignore[call-arg, unused-ignore]

    out = []
    for both in scenarios:
        ruleset, name = both.split("/", 1)
        sc = load_scenario(name, ruleset)
        for i in range(games):
            game = Game(ruleset, sc, seed=seed + i, log=True)
            play_out(game, {s.id: player(7 * (seed + i) + k, ruleset) for k, s in enumerate(sc.seats)})
            out.append(f"{both} {seed + i} {game.save()['events_digest']}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=30, help="games of each scenario (default 30)")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--against", type=Path, help="another tree's src directory to compare with")
    ap.add_argument("--scenario", action="append", help="RULESET/SCENARIO to play (repeatable; default: Jim Lad's brawl and duel)")
    args = ap.parse_args()
    scenarios = tuple(args.scenario or SCENARIOS)
    here = digests(args.games, args.seed, scenarios)
    if args.against is None:
        import grapeshot

        print("tree", Path(grapeshot.__file__).parent.parent)
        print("\n".join(here))
        print("all", hashlib.sha256("\n".join(here).encode()).hexdigest())
        return 0
    env = {**os.environ, "PYTHONPATH": str(args.against.resolve()), "PYTHONDONTWRITEBYTECODE": "1"}
    run = [sys.executable, __file__, "--games", str(args.games), "--seed", str(args.seed), *(f"--scenario={sc}" for sc in scenarios)]
    lines = subprocess.run(run, env=env, capture_output=True, text=True, check=True).stdout.split("\n")
    if lines[0] != f"tree {args.against.resolve()}":
        print(f"the other run imported grapeshot from {lines[0].removeprefix('tree ')}, not {args.against}", file=sys.stderr)
        return 2
    other = lines[1 : 1 + len(here)]
    differ = [f"  {a}\n  {b}" for a, b in zip(here, other, strict=True) if a != b]
    print(
        f"{len(here)} games ({args.games} each of {', '.join(scenarios)}, seeds from {args.seed}): {len(here) - len(differ)} identical event logs, {len(differ)} differ"
    )
    for d in differ:
        print(d)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
