"""Latency of exact odds at the table: single krak shots and rams, median and p99 over many calls.

Targets (issue #5): median under 5 ms, p99 under 50 ms.  Each kind is timed twice:

* cold: the per-situation cache is emptied before every call, so every call enumerates;
* warm: calls cycle through many situations with the cache kept, as the web table asks again
  and again while a player moves the aim point about.

Kinds: a krak shot from a short description (landing integrated numerically, the blow on the
hull enumerated exactly), a krak shot in a played game (the brawl scenario, four ships), the
blow alone given that the shell lands, and a ram at every strength band and facing.

    .venv/bin/python bench/bench_odds_krak.py [--calls N] [--seed S]   (or bench/bench_odds.py --krak)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import cast

from grapeshot import odds
from grapeshot.agents import make
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad import kannon
from grapeshot.rulesets.jimlad import odds as jl
from grapeshot.rulesets.jimlad.data import KANNONS, Klan
from grapeshot.rulesets.jimlad.data import KLANS as KLAN_SPECS
from grapeshot.rulesets.jimlad.prompts import ShootPrompt
from grapeshot.rulesets.jimlad.state import Sea

MEDIAN_MS = 5.0
P99_MS = 50.0
KLANS = [k.value for k in Klan]
FACINGS = ["front", "port", "starboard", "rear"]


def brawl_at_shooting(seed: int) -> Game:
    """A brawl played by heuristic players up to its first shooting prompt."""
    g = Game("jimlad", load_scenario("brawl", "jimlad"), seed=seed, log=False)
    agents = {s.id: make("heuristic", seed * 7 + i, "jimlad") for i, s in enumerate(g.scenario.seats)}
    while g.prompt is not None and not isinstance(g.prompt, ShootPrompt):
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    return g


def game_shots(g: Game, rng: random.Random, n: int) -> list[Callable[[], object]]:
    """Krak shots in the game: from each ship's krak kannons at points around each enemy hull."""
    sea = cast(Sea, g.state)
    calls: list[Callable[[], object]] = []
    ships = [s for s in sea.afloat()]
    while len(calls) < n:
        ship = rng.choice(ships)
        gun = rng.choice([k for k, v in KANNONS.items() if v.krak is not None and kannon.carried(ship, k, "krak") is None])
        enemy = rng.choice([s for s in ships if s is not ship])
        x, y = enemy.hull.x + rng.uniform(-4, 4), enemy.hull.y + rng.uniform(-4, 4)  # in arc or not: the odds do not ask
        calls.append(lambda s=ship.name, gn=gun, a=(x, y): jl.krak_odds(g, s, gn, a))
    return calls


def described_shots(rng: random.Random, n: int) -> list[Callable[[], object]]:
    calls: list[Callable[[], object]] = []
    for _ in range(n):
        shooter = rng.choice(KLANS)
        desc = jl.Description(shooter_klan=shooter, target_klan=rng.choice(KLANS), target_hull_points=rng.choice([5, 5, 4, 3, 2, 1]))
        # the kannons that fire krak for that klan (the Deff Skulls' fore kannon fires grapeshot only, JL-KLAN-3)
        gun = rng.choice(["port", "starboard"] if KLAN_SPECS[Klan(shooter)].fore_grapeshot_only else ["fore", "port", "starboard"])
        facing = rng.choice(FACINGS)
        rng_in = rng.uniform(14.0, 24.0)
        calls.append(lambda d=desc, gn=gun, f=facing, r=rng_in: jl.describe_krak(d, gn, f, r))
    return calls


def described_blows(rng: random.Random, n: int) -> list[Callable[[], object]]:
    calls: list[Callable[[], object]] = []
    for _ in range(n):
        desc = jl.Description(target_klan=rng.choice(KLANS), target_hull_points=rng.choice([5, 4, 3, 2, 1]))
        strength, facing = rng.choice([8, 9]), rng.choice(FACINGS)
        calls.append(lambda d=desc, s=strength, f=facing: jl.describe_strike(d, s, f))
    return calls


def described_rams(rng: random.Random, n: int) -> list[Callable[[], object]]:
    calls: list[Callable[[], object]] = []
    for _ in range(n):
        desc = jl.Description(shooter_klan=rng.choice(KLANS), target_klan=rng.choice(KLANS))
        strength = rng.choice([5, 6, 7, 8, 9, 10])
        facing = rng.choice(FACINGS)
        planned = rng.random() < 0.7
        calls.append(lambda d=desc, s=strength, f=facing, p=planned: jl.describe_ram(d, s, f, planned=p))
    return calls


def time_calls(calls: list[Callable[[], object]], cold: bool) -> list[float]:
    out: list[float] = []
    odds.clear_cache()
    for call in calls:
        if cold:
            odds.clear_cache()
        t0 = time.perf_counter()
        call()
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def p99(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.99 * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=400, help="calls per kind and temperature")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    g = brawl_at_shooting(args.seed)
    kinds = {
        "krak shot, described": described_shots(rng, args.calls),
        "krak shot, in a brawl": game_shots(g, rng, args.calls),
        "krak blow, given landing": described_blows(rng, args.calls),
        "ram or crash, described": described_rams(rng, args.calls),
    }
    for calls in kinds.values():  # warm the interpreter and the module-level caches (scenario, dice tables)
        for call in calls[:5]:
            call()
    ok = True
    print(f"exact odds latency over {args.calls} calls per row (targets: median < {MEDIAN_MS:g} ms, p99 < {P99_MS:g} ms)")
    print(f"{'kind':28} {'cache':6} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}  verdict")
    for name, calls in kinds.items():
        for cold in (True, False):
            ms = time_calls(calls, cold)
            med, tail = statistics.median(ms), p99(ms)
            good = med < MEDIAN_MS and tail < P99_MS
            ok = ok and good
            print(f"{name:28} {'cold' if cold else 'warm':6} {med:10.3f} {tail:9.3f} {max(ms):9.3f}  {'ok' if good else 'MISSED'}")
    print("all targets met" if ok else "some targets missed")


if __name__ == "__main__":
    main()
