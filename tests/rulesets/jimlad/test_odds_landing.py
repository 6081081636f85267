"""Where a krak shell comes down (``jl.landing_odds``), against a numeric integration written
here independently of it: the scatter dice counted by hand, and for each scatter distance the
share of arrow directions that land on each hull found by sampling 2^18 directions and refining
every change from one hull (or the sea) to another by bisection, with the hull's own point test.

The cases include aims with hull edges a whole number of inches away (where a scatter circle
just touches an edge), hulls of many sizes and headings, a second hull, a mine and the Kraken.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from grapeshot.geometry import Hull, Vec, circle_circle_angles, circle_segment_angles, hulls_overlap, point_hull_distance
from grapeshot.rulesets.jimlad import odds as jl
from grapeshot.rulesets.jimlad.data import KRAKEN_RADIUS, MINE_RADIUS
from grapeshot.rulesets.jimlad.state import Kraken, Mine, Sea

SAMPLES = 1 << 18
TOLERANCE = 1e-6
STEP = 2 * math.pi / SAMPLES
THETA = (np.arange(SAMPLES) + 0.5) * STEP  # the middle of each of the sampled arcs
COS, SIN = np.cos(THETA), np.sin(THETA)


def distances(bs: int) -> dict[float, float]:
    """Scatter distance -> chance, by hand: a hit (2 faces in 6) stays put; an arrow moves the
    shell 2D6 less the BS, never below 0 (JL-SHOOT-3)."""
    out: dict[float, Fraction] = {0.0: Fraction(2, 6)}
    for a in range(1, 7):
        for b in range(1, 7):
            d = float(max(0, a + b - bs))
            out[d] = out.get(d, Fraction(0)) + Fraction(4, 6) / 36
    return {d: float(p) for d, p in out.items()}


Shape = tuple[str, Hull | tuple[Vec, float]]


def shapes(sea: Sea) -> list[Shape]:
    out: list[Shape] = [(s.name, s.hull) for s in sea.afloat()]
    out += [(m.name, (Vec(m.x, m.y), MINE_RADIUS)) for m in sea.mines]
    if sea.kraken is not None:
        out.append(("Kraken", (Vec(sea.kraken.x, sea.kraken.y), KRAKEN_RADIUS)))
    return out


def inside_many(shape: Hull | tuple[Vec, float], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    if isinstance(shape, Hull):
        dx, dy = xs - shape.x, ys - shape.y
        u, v = dx * shape.c + dy * shape.s, -dx * shape.s + dy * shape.c
        return (np.abs(u) <= shape.hl) & (np.abs(v) <= shape.hw)
    centre, radius = shape
    return (xs - centre.x) ** 2 + (ys - centre.y) ** 2 <= radius * radius


def inside_one(shape: Hull | tuple[Vec, float], p: Vec) -> bool:
    if isinstance(shape, Hull):
        return shape.contains(p)
    centre, radius = shape
    return (p.x - centre.x) ** 2 + (p.y - centre.y) ** 2 <= radius * radius


def reach(shape: Hull | tuple[Vec, float]) -> tuple[Vec, float]:
    """A circle holding the shape."""
    return (Vec(shape.x, shape.y), shape.radius) if isinstance(shape, Hull) else shape


def share_on(shape: Hull | tuple[Vec, float], aim: Vec, d: float) -> float:
    """The share of directions in which a point ``d`` from ``aim`` lies on ``shape``."""
    centre, radius = reach(shape)
    if abs(math.dist(aim, centre) - d) > radius:  # the scatter circle passes the shape by
        return 0.0
    theta, step = THETA, STEP
    on = inside_many(shape, aim.x + d * COS, aim.y + d * SIN)
    changes = np.nonzero(on != np.roll(on, -1))[0]
    if len(changes) == 0:
        return 1.0 if on[0] else 0.0

    def at(a: float) -> bool:
        return inside_one(shape, Vec(aim.x + d * math.cos(a), aim.y + d * math.sin(a)))

    edges: list[tuple[float, bool]] = []  # (angle, entering)
    for i in changes:
        lo, hi = float(theta[i]), float(theta[i]) + step
        first = bool(on[i])
        for _ in range(60):
            mid = (lo + hi) / 2
            if at(mid) == first:
                lo = mid
            else:
                hi = mid
        edges.append(((lo + hi) / 2, not first))
    edges.sort()
    total = 0.0
    for k, (a, entering) in enumerate(edges):
        if entering:
            b = edges[(k + 1) % len(edges)][0]
            total += (b - a) % (2 * math.pi)
    return total / (2 * math.pi)


def integrated(sea: Sea, aim: Vec, bs: int) -> tuple[dict[str, float], float]:
    """Each hull's and model's chance, and the open sea's, by the integration above."""
    chance: dict[str, float] = {}
    for d, w in distances(bs).items():
        for name, shape in shapes(sea):
            share = (1.0 if inside_one(shape, aim) else 0.0) if d == 0 else share_on(shape, aim, d)
            chance[name] = chance.get(name, 0.0) + w * share
    return chance, 1.0 - sum(chance.values())


def a_sea() -> Sea:
    _, sea, _ = jl.stage_krak(jl.Description(), "fore", "front", 30.0)
    return sea


def compare(sea: Sea, aim: Vec) -> float:
    landing = jl.landing_odds(sea, aim)
    want, miss = integrated(sea, aim, int(sea.option("krak_scatter_bs")))
    got = {**landing.hulls, **landing.models}
    worst = abs(landing.miss - miss)
    for name, p in want.items():
        worst = max(worst, abs(got.get(name, 0.0) - p))
    assert worst <= TOLERANCE, (aim, want, got, miss, landing.miss)
    return worst


def test_the_starboard_kannon_at_a_side_aimed_at_the_centre_lands_as_integrated() -> None:
    """The case where the scatter circles of 2" and 5" touch the hull's edges (issue: 0.610699)."""
    shot = jl.from_description(gun="starboard", facing="port")
    assert isinstance(shot, jl.KrakOdds)
    assert shot.landing.hulls[jl.TARGET] == pytest.approx(0.622828, abs=1e-6)
    for gun in ("fore", "port", "starboard"):
        for facing in ("front", "port", "starboard", "rear"):
            _, sea, _ = jl.stage_krak(jl.Description(), gun, facing, 20.0)
            t = sea.ships[jl.TARGET].hull
            compare(sea, Vec(t.x, t.y))


@pytest.mark.parametrize(("length", "width"), [(10.0, 4.0), (12.0, 6.0), (8.0, 3.0), (15.0, 7.0), (4.0, 1.5), (9.5, 2.5)])
@pytest.mark.parametrize("heading", [0.0, 90.0, 270.0, 45.0, 123.4])
def test_aims_with_hull_edges_a_whole_number_of_inches_away(length: float, width: float, heading: float) -> None:
    sea = a_sea()
    target = sea.ships[jl.TARGET]
    target.hull = Hull(120.0, 120.0, heading, length, width)
    h = target.hull
    # aim points in the hull's own frame: the centre, and points whose distance to an edge (or
    # its line) is a whole number of inches, inside and outside the hull
    local = [
        (0.0, 0.0),
        (h.hl - 2.0, 0.0),
        (h.hl - 1.0, h.hw - 1.0),
        (-h.hl - 3.0, 0.0),
        (0.0, h.hw + 4.0),
        (h.hl + 2.0, h.hw + 1.0),
        (h.hl - 5.0, -h.hw + 2.0),
    ]
    for u, v in local:
        compare(sea, h.world(u, v))


def test_random_aims_with_a_second_hull_a_mine_and_the_kraken() -> None:
    rng = random.Random(16)
    tried = 0
    for case in range(60):
        sea = a_sea()
        target, other = sea.ships[jl.TARGET], sea.ships[jl.SHOOTER]
        length, width = rng.uniform(4.0, 15.0), rng.uniform(1.5, 7.0)
        target.hull = Hull(120.0, 120.0, rng.uniform(0, 360), length, width)
        other.hull = Hull(120.0 + rng.choice([-1, 1]) * rng.uniform(9.0, 14.0), 120.0 + rng.uniform(-8.0, 8.0), rng.uniform(0, 360), 10.0, 4.0)
        if case % 2:
            sea.mines.append(Mine("Mine 1", 120.0 + rng.uniform(-6.0, 6.0), 120.0 + rng.choice([-1, 1]) * rng.uniform(5.0, 8.0)))
        if case % 3 == 0:
            sea.kraken = Kraken(120.0 + rng.choice([-1, 1]) * rng.uniform(9.0, 12.0), 120.0 + rng.choice([-1, 1]) * rng.uniform(7.0, 10.0))
        if any(clash(a, b) for (_, a), (_, b) in itertools.combinations(shapes(sea), 2)):
            continue  # models never overlap on the table (the rules' invariants)
        tried += 1
        sea.options["krak_scatter_bs"] = rng.choice([2, 3])
        aim = target.hull.world(rng.uniform(-length, length), rng.uniform(-width, width))
        compare(sea, aim)
    assert tried >= 30


def clash(a: Hull | tuple[Vec, float], b: Hull | tuple[Vec, float]) -> bool:
    if isinstance(a, Hull) and isinstance(b, Hull):
        return hulls_overlap(a, b)
    if isinstance(b, Hull):
        a, b = b, a
    if isinstance(a, Hull):
        assert not isinstance(b, Hull)
        return point_hull_distance(b[0], a) <= b[1]
    assert not isinstance(b, Hull)
    return math.dist(a[0], b[0]) <= a[1] + b[1]


def test_circle_segment_angles_keep_tangent_points() -> None:
    c = Vec(0.0, 0.0)
    # a tangent from inside and from outside: one point each, straight towards the edge
    assert circle_segment_angles(c, 2.0, Vec(-5.0, 2.0), Vec(5.0, 2.0)) == pytest.approx([90.0])
    assert circle_segment_angles(c, 2.0, Vec(-5.0, -2.0), Vec(5.0, -2.0)) == pytest.approx([270.0])
    # rounding either way of the exact tangent still gives the point (once, or as two points a hair apart)
    for y in (2.0 - 1e-13, 2.0 + 1e-13):
        angles = circle_segment_angles(c, 2.0, Vec(-5.0, y), Vec(5.0, y))
        assert 1 <= len(angles) <= 2 and all(a == pytest.approx(90.0, abs=1e-4) for a in angles)
    assert sorted(circle_segment_angles(c, 2.0, Vec(-5.0, 1.0), Vec(5.0, 1.0))) == pytest.approx([30.0, 150.0])
    assert circle_segment_angles(c, 2.0, Vec(-5.0, 2.1), Vec(5.0, 2.1)) == []
    assert circle_segment_angles(c, 2.0, Vec(0.0, 1.0), Vec(5.0, 1.0)) == pytest.approx([30.0])  # the segment ends
    assert circle_segment_angles(c, 2.0, Vec(2.0, 0.0), Vec(5.0, 0.0)) == pytest.approx([0.0])  # an end on the circle


def test_circle_circle_angles_keep_tangent_points() -> None:
    c = Vec(0.0, 0.0)
    assert circle_circle_angles(c, 3.0, Vec(5.0, 0.0), 2.0) == pytest.approx([0.0])  # touching from outside
    assert circle_circle_angles(c, 3.0, Vec(0.0, 1.0), 2.0) == pytest.approx([90.0])  # touching from inside
    assert sorted(circle_circle_angles(c, 5.0, Vec(5.0, 0.0), 5.0)) == pytest.approx([60.0, 300.0])
    assert circle_circle_angles(c, 3.0, Vec(6.0, 0.0), 2.0) == [] and circle_circle_angles(c, 3.0, c, 2.0) == []
