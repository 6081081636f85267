"""How closely the odds' krak landing chances agree with an independent numeric integration.

For many aim points, hull sizes and headings (aims with hull edges a whole number of inches
away among them, where a scatter circle just touches an edge), it compares
``landing_odds`` (Jim Lad's odds) with the integration of ``tests/rulesets/jimlad/test_odds_landing.py`` (2^18 sampled
arrow directions per scatter circle, every change of hull refined by bisection) and prints
the largest and the mean difference over every hull's chance and the open sea's.

    .venv/bin/python bench/landing_accuracy.py [--aims 1000] [--seed 16]

Run from the repository's root (it imports the integration from the tests).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from grapeshot.geometry import Hull
from grapeshot.rulesets.jimlad import odds as jl

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' helpers, from the repository's root
from tests.rulesets.jimlad.test_odds_landing import a_sea, integrated


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--aims", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sizes = [(10.0, 4.0), (12.0, 6.0), (8.0, 3.0), (15.0, 7.0), (4.0, 1.5), (9.5, 2.5)]
    worst = total = 0.0
    values = 0
    whole_inch = 0
    t0 = time.perf_counter()
    for i in range(args.aims):
        sea = a_sea()
        length, width = sizes[i % len(sizes)] if i % 2 == 0 else (rng.uniform(4.0, 15.0), rng.uniform(1.5, 7.0))
        heading = rng.choice([0.0, 90.0, 180.0, 270.0]) if i % 3 else rng.uniform(0.0, 360.0)
        h = sea.ships[jl.TARGET].hull = Hull(120.0, 120.0, heading, length, width)
        if i % 2 == 0:  # an edge a whole number of inches from the aim
            whole_inch += 1
            u = rng.choice([h.hl - rng.randint(0, 9), -h.hl + rng.randint(0, 9), 0.0])
            v = rng.choice([h.hw - rng.randint(0, 9), -h.hw + rng.randint(0, 9), 0.0])
        else:
            u, v = rng.uniform(-length, length), rng.uniform(-width, width)
        sea.options["krak_scatter_bs"] = rng.choice([2, 3])
        aim = h.world(u, v)
        landing = jl.landing_odds(sea, aim)
        want, miss = integrated(sea, aim, int(sea.option("krak_scatter_bs")))
        got = {**landing.hulls, **landing.models}
        diffs = [abs(landing.miss - miss)] + [abs(got.get(name, 0.0) - p) for name, p in want.items()]
        worst = max(worst, *diffs)
        total += sum(diffs)
        values += len(diffs)
    shot = jl.from_description(gun="starboard", facing="port")
    assert isinstance(shot, jl.KrakOdds)
    print(f"{args.aims} aims ({whole_inch} with a hull edge a whole number of inches away), {values} chances compared, {time.perf_counter() - t0:.0f} s")
    print(f"largest difference {worst:.2e}, mean {total / values:.2e}")
    print(f"starboard kannon at a target showing a side, aimed at its centre: {shot.landing.hulls[jl.TARGET]:.6f}")


if __name__ == "__main__":
    main()
