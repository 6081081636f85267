"""Engine benchmark: complete games per second per core, time per step, and the floor.

Plays N complete games of a scenario (default ``brawl``) with heuristic
players and logging off, in one process (one core).  It then times, in the
same run, as many bare dice rolls and hull-intersection tests as those games
made (the floor: work no engine can avoid) and prints engine time / floor.

    .venv/bin/python bench/bench_engine.py [--games N] [--scenario brawl] [--seed S]

It runs whichever build is in place: pure Python, or compiled by ``scripts/compile.sh``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grapeshot import compiled, geometry
from grapeshot.agents import make, play_out
from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.dice import D6, RollRequest, SeededDice

COUNTED = ("hulls_overlap", "hull_hits_polygon", "separation")


Played = list[tuple[str, Action]]


def play(scenario: str, games: int, seed: int) -> tuple[float, int, int, int, list[Played]]:
    """Play the games; return (seconds, steps, rolls, turns, each game's actions)."""
    sc = load_scenario(scenario, "jimlad")
    steps = rolls = turns = 0
    actions: list[Played] = []
    t0 = time.perf_counter()
    for i in range(games):
        g = Game("jimlad", sc, seed=seed + i, log=False)
        agents = {s.id: make("heuristic", (seed + i) * 31 + k, "jimlad") for k, s in enumerate(sc.seats)}
        outcome = play_out(g, agents)
        steps += g.steps
        rolls += g.rolls
        turns += outcome.turn
        actions.append(g.actions)
    return time.perf_counter() - t0, steps, rolls, turns, actions


def rules_alone(scenario: str, played: list[Played], seed: int) -> float:
    """Seconds for the rules to run the same games again from their recorded actions, with no
    players to ask: what the engine costs by itself (the rest of a game's time is the players')."""
    sc = load_scenario(scenario, "jimlad")
    t0 = time.perf_counter()
    for i, actions in enumerate(played):
        g = Game("jimlad", sc, seed=seed + i, log=False)
        for seat, action in actions:
            g.submit(seat, action)
        if not g.over:
            raise RuntimeError(f"game {i} did not end the same way when replayed")
    return time.perf_counter() - t0


def count_tests(scenario: str, games: int, seed: int) -> int:
    """Replay the same games with the hull tests wrapped in counters (not timed)."""
    counts = {"n": 0}
    originals = {name: getattr(geometry, name) for name in COUNTED}

    def counting(fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any) -> Any:
            counts["n"] += 1
            return fn(*args)

        return wrapper

    patched = {name: counting(fn) for name, fn in originals.items()}
    modules = [m for name, m in sys.modules.items() if name.startswith("grapeshot") and m is not None]
    saved: list[tuple[Any, str, Any]] = []
    for m in modules:
        for name, fn in originals.items():
            if getattr(m, name, None) is fn:
                saved.append((m, name, fn))
                setattr(m, name, patched[name])
    try:
        play(scenario, games, seed)
    finally:
        for m, name, fn in saved:
            setattr(m, name, fn)
    return counts["n"]


def count_tests_pure(scenario: str, games: int, seed: int) -> int:
    """:func:`count_tests` in a pure-Python copy of the package: compiled code calls the hull
    tests directly, past the counters, so under the compiled build they are counted there."""
    with tempfile.TemporaryDirectory() as tmp:
        src = compiled.copy_sources(Path(tmp))
        args = [sys.executable, __file__, "--count-only", "--scenario", scenario, "--games", str(games), "--seed", str(seed)]
        out = subprocess.run(args, env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def floor(rolls: int, tests: int) -> tuple[float, float]:
    """Seconds for ``rolls`` bare D6 rolls and ``tests`` bare hull-overlap tests."""
    dice = SeededDice(1)
    req = RollRequest(D6, "floor", "bench")
    t0 = time.perf_counter()
    for _ in range(rolls):
        dice.roll(req)
    t_rolls = time.perf_counter() - t0
    a = geometry.Hull(10.0, 10.0, 30.0, 10.0, 4.0)
    b = geometry.Hull(16.0, 13.0, 100.0, 10.0, 4.0)
    overlap = geometry.hulls_overlap
    t0 = time.perf_counter()
    for _ in range(tests):
        overlap(a, b)
    return t_rolls, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--scenario", default="brawl")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--count-only", action="store_true", help=argparse.SUPPRESS)  # see count_tests_pure
    args = ap.parse_args()
    if args.count_only:
        print(count_tests(args.scenario, args.games, args.seed))
        return
    play(args.scenario, 5, args.seed)  # warm caches
    seconds, steps, rolls, turns, played = play(args.scenario, args.games, args.seed)
    alone = rules_alone(args.scenario, played, args.seed)
    build = compiled.status()
    tests = count_tests(args.scenario, args.games, args.seed) if build == "pure Python" else count_tests_pure(args.scenario, args.games, args.seed)
    t_rolls, t_tests = floor(rolls, tests)
    floor_s = t_rolls + t_tests
    print(f"scenario {args.scenario}: {args.games} complete games, heuristic players, logging off, 1 process, {build} build")
    print(f"  games per second per core : {args.games / seconds:8.1f}")
    print(
        f"  ms per game               : {1000 * seconds / args.games:8.2f}   ({turns / args.games:.1f} turns, {steps / args.games:.0f} steps, {rolls / args.games:.0f} rolls, {tests / args.games:.0f} hull tests a game)"
    )
    print(f"  us per engine step        : {1e6 * seconds / steps:8.1f}   (a step = one prompt answered)")
    print(
        f"  rules alone               : {1000 * alone / args.games:8.2f} ms a game ({args.games / alone:.1f} games/s: the same actions replayed, no players);"
        f" players {1000 * (seconds - alone) / args.games:.2f} ms a game"
    )
    print(f"  floor: {rolls} dice rolls {1000 * t_rolls:.1f} ms + {tests} hull tests {1000 * t_tests:.1f} ms = {1000 * floor_s:.1f} ms")
    print(f"  engine / floor            : {seconds / floor_s:8.1f}x")


if __name__ == "__main__":
    main()
