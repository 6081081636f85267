"""Monte Carlo, where exact enumeration cannot go: seeded runs and 95% Wilson intervals.

A procedure whose enumeration would take more runs than its budget, or whose dice paths need a
continuous value (a scatter arrow's direction), is run ``samples`` times with one seeded dice
source instead; each frequency is reported with its Wilson score interval, which stays inside
[0, 1] and behaves near 0 and 1, where most of the interesting chances are.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from grapeshot.core.capabilities import Effort
from grapeshot.dice import DiceSource, SeededDice

#: Monte Carlo runs when a calculation is not enumerable
SAMPLES = Effort.samples
#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054

H = TypeVar("H", bound=Hashable)


def wilson(p: Fraction | float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a frequency ``p`` over ``n`` trials."""
    q = float(p)
    denom = 1.0 + z * z / n
    centre = (q + z * z / (2 * n)) / denom
    half = z * math.sqrt(q * (1.0 - q) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def simulate(run: Callable[[DiceSource], H], samples: int = SAMPLES, seed: int = 1) -> dict[H, Fraction]:
    """``samples`` runs with one seeded dice source; each outcome's frequency as a fraction."""
    dice = SeededDice(seed)
    counts: Counter[H] = Counter(run(dice) for _ in range(samples))
    return {r: Fraction(n, samples) for r, n in counts.items()}
