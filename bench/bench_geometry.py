"""The figures' geometry: how long a free move, a reach outline, placing boarders and a look take.

Figures stand on 1" bases (0.5" radius) scattered over a 30" x 30" table; each free move sends
one of them (its own base taken out of the free space, which is built anew for every move, as
the rules will) towards a random point up to 10" away with an 8" allowance, the goal first moved
to the nearest free spot.  The obstacles are the other bases, and as many again of polygon rocks
for the "rocks" rows.  Moves whose straight way is open cost a straight-move test; the others
search the visibility graph (the share of those is printed).

    .venv/bin/python bench/bench_geometry.py [--moves N] [--seed S]

It runs whichever build is in place: pure Python, or compiled by ``scripts/compile.sh``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from grapeshot import compiled
from grapeshot.geometry import (
    Base,
    FreeSpace,
    Hull,
    Obstruction,
    Point3,
    Polygon,
    Table,
    Vec,
    base_gap,
    free_move,
    place_bases,
    reach_outline,
    view_of,
)

TABLE = Table(30.0, 30.0)
RADIUS = 0.5


def scene(rng: random.Random, bases: int, rocks: int) -> tuple[list[Base], list[Polygon]]:
    """``bases`` figures and ``rocks`` small polygon rocks, none overlapping."""
    out: list[Base] = []
    while len(out) < bases + 1:  # one more: the figure that moves
        b = Base(rng.uniform(1, 29), rng.uniform(1, 29), RADIUS, f"f{len(out)}")
        if all(base_gap(b, o) > 0.05 for o in out):
            out.append(b)
    stones = [Polygon.circle(Vec(rng.uniform(2, 28), rng.uniform(2, 28)), rng.uniform(0.4, 1.2), rng.randint(4, 7)) for _ in range(rocks)]
    return out, stones


def time_moves(rng: random.Random, moves: int, bases: int, rocks: int) -> tuple[list[float], float]:
    """Microseconds per free move (free space built, goal placed, route searched), and the share
    of moves that had to go round something."""
    figures, stones = scene(rng, bases, rocks)
    times, detours = [], 0
    for i in range(moves):
        mover = figures[i % len(figures)]
        others = [b for b in figures if b is not mover]
        target = Vec(mover.x + rng.uniform(-10, 10), mover.y + rng.uniform(-10, 10))
        t0 = time.perf_counter()
        space = FreeSpace(RADIUS, [TABLE], others, stones)
        if not space.holds(mover.centre):
            continue
        goal = space.nearest(target)
        if goal is None:
            continue
        move = free_move(mover.centre, goal, 8.0, space)
        times.append((time.perf_counter() - t0) * 1e6)
        detours += len(move.route) > 2
    return times, detours / max(1, len(times))


def time_reach(rng: random.Random, bases: int, calls: int) -> float:
    figures, _ = scene(rng, bases, 0)
    mover = figures[0]
    space = FreeSpace(RADIUS, [TABLE], figures[1:])
    t0 = time.perf_counter()
    for _ in range(calls):
        reach_outline(mover.centre, 8.0, space)
    return (time.perf_counter() - t0) / calls * 1e3


def time_boarding(calls: int) -> tuple[float, int]:
    """Milliseconds to place 30 boarders one at a time on a 12" x 4" deck already holding 6
    defenders and a mast (as many as fit), and how many fit."""
    deck = Hull(15.0, 15.0, 0.0, 12.0, 4.0)
    mast = Polygon.circle(Vec(15.0, 15.0), 0.3, 8)
    defenders = [Base(10.0 + 2.0 * i, 14.0 + (i % 2) * 2.0, RADIUS, f"d{i}") for i in range(6)]
    boarders = [Base(0.0, 0.0, RADIUS, f"b{i}") for i in range(30)]
    t0 = time.perf_counter()
    placed: list[Base] = []
    for _ in range(calls):
        placed = place_bases(boarders, [deck], defenders, [mast], near=Vec(21.0, 17.0))
    return (time.perf_counter() - t0) / calls * 1e3, len(placed)


def time_sight(rng: random.Random, bases: int, calls: int) -> float:
    figures, _ = scene(rng, bases, 0)
    things = [Obstruction(b.ident, "figure", b, 1.0, bottom=0.0) for b in figures]
    things.append(Obstruction("ship", "hull", Hull(15.0, 15.0, 30.0, 12.0, 4.0), 1.0, 0.5))
    pairs = [(figures[rng.randrange(len(figures))], figures[rng.randrange(len(figures))]) for _ in range(calls)]
    t0 = time.perf_counter()
    for a, b in pairs:
        view_of(Point3(a.x, a.y, 0.875), b.centre, 0.0, things, ignore={a.ident, b.ident})
    return (time.perf_counter() - t0) / calls * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"figures' geometry, {compiled.status()} build, 1 process")
    print('  free move of up to 8" (free space built, goal placed, route searched), microseconds:')
    print(f"    {'obstacles':<22}{'mean':>8}{'median':>9}{'p99':>9}   went round something")
    for bases, rocks in ((0, 0), (10, 0), (50, 0), (150, 0), (5, 5), (25, 25)):
        times, detours = time_moves(rng, args.moves, bases, rocks)
        times.sort()
        label = f"{bases} bases" + (f" + {rocks} rocks" if rocks else "")
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"    {label:<22}{statistics.fmean(times):8.0f}{statistics.median(times):9.0f}{p99:9.0f}   {100 * detours:.0f}%")
    for bases in (10, 50):
        print(f'  reach outline (72 rays, 8"), {bases} bases: {time_reach(rng, bases, 5):.1f} ms')
    ms, fit = time_boarding(5)
    print(f'  30 boarders placed one at a time on a 12" x 4" deck: {ms:.1f} ms ({fit} fit)')
    print(f"  a look (view of a figure: eyes and feet) past 50 figures and a hull: {time_sight(rng, 50, 2000):.0f} us")


if __name__ == "__main__":
    main()
