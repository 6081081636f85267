"""Verdicts in words: what a study can and cannot yet say about each score it measured.

A designer reads a study for a decision ("this klan is too strong", "this house rule changes
nothing"), not for a table of p-values.  This module turns scores into sentences that never
overstate:

- :func:`against_even` reads several scores against one half (each faction against the field,
  each matrix cell, an upgrade's fleet against its twin), with Holm's correction over them so the
  chance of a false "stronger" anywhere in the family stays at 5%;
- a score whose test does not reject is **"can't tell yet"**, never "fair" or "even": the
  sentence says roughly how many more games would show the difference seen, and every reading
  carries the smallest difference the study could have seen (80% power at the family's
  strictest level) so a designer knows what "no difference" rules out;
- :func:`detectable_difference` is the same bound for the difference of two scores (a sweep's
  variant against its baseline).

The z tests treat a draw as half a win and use the variance of a coin (a quarter), which is
the largest a score can have: the sentences err towards "can't tell yet".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from grapeshot.lab.stats import holm, normal_two_sided_p, wilson

ALPHA = 0.05
#: the chance of seeing a real difference of the stated size
POWER = 0.8
_NORMAL = NormalDist()


def _z(alpha: float) -> float:
    """The two-sided critical value at level ``alpha``."""
    return _NORMAL.inv_cdf(1 - alpha / 2)


def _power_z() -> float:
    return _NORMAL.inv_cdf(POWER)


def detectable(n: int, family: int = 1, alpha: float = ALPHA) -> float | None:
    """The smallest departure from one half (as a share) that ``n`` games would show with 80%
    power, testing at Holm's strictest level over ``family`` scores; ``None`` for no games."""
    if n <= 0:
        return None
    return (_z(alpha / max(1, family)) + _power_z()) * 0.5 / math.sqrt(n)


def games_to_show(difference: float, family: int = 1, alpha: float = ALPHA) -> int | None:
    """Games that would show a departure of ``difference`` from one half with 80% power (``None``
    for a departure too small to name)."""
    if abs(difference) < 0.005:
        return None
    return math.ceil(((_z(alpha / max(1, family)) + _power_z()) * 0.5 / abs(difference)) ** 2)


def detectable_difference(n1: int, n2: int, family: int = 1, alpha: float = ALPHA) -> float | None:
    """The smallest difference of two scores (as a share) that ``n1`` and ``n2`` games would show
    with 80% power at Holm's strictest level over ``family`` comparisons."""
    if n1 <= 0 or n2 <= 0:
        return None
    return (_z(alpha / max(1, family)) + _power_z()) * math.sqrt(0.25 / n1 + 0.25 / n2)


@dataclass(frozen=True, slots=True)
class Reading:
    """One score read against one half: ``side`` is ``"above"``, ``"below"`` or ``"unknown"``
    (can't tell yet); ``more`` is about how many more games would show the departure seen
    (``None`` when none is seen or it is already shown); ``smallest`` is the smallest departure
    these games could have shown (80% power, family-wise 5%)."""

    name: str
    games: int
    score: float | None
    low: float
    high: float
    p: float
    side: str
    smallest: float | None
    more: int | None

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "games": self.games,
            "score": self.score,
            "low": self.low,
            "high": self.high,
            "p": self.p,
            "side": self.side,
            "smallest": self.smallest,
            "more": self.more,
        }


def against_even(scores: Sequence[tuple[str, float, int]], alpha: float = ALPHA) -> list[Reading]:
    """Each ``(name, points, games)`` (points: wins plus half the draws) read against one half,
    Holm-corrected over all of them."""
    m = len(scores)
    ps: list[float] = []
    for _, s, n in scores:
        ps.append(normal_two_sided_p((s / n - 0.5) / math.sqrt(0.25 / n)) if n > 0 else 1.0)
    rejected = holm(ps, alpha)
    out = []
    for (name, s, n), p, rej in zip(scores, ps, rejected, strict=True):
        rate = s / n if n else None
        low, high = wilson(s, n)
        side = "unknown" if not rej or rate is None else "above" if rate > 0.5 else "below"
        need = games_to_show(rate - 0.5, m, alpha) if rate is not None and side == "unknown" else None
        out.append(Reading(name, n, rate, low, high, p, side, detectable(n, m, alpha), None if need is None else max(1, need - n)))
    return out


def points(share: float | None) -> str:
    """A share as percentage points, one decimal."""
    return "-" if share is None else f"{100 * share:.1f}"


#: how close to one half a price's score must be shown to be (80% power) before it is called fair
FAIR_WITHIN = 0.05


def price_verdict(score: float, games: int, within: float = FAIR_WITHIN) -> str:
    """A priced side's score (wins plus half the draws over ``games``) read against one half:
    "too cheap" or "too dear" where its 95% Wilson interval leaves one half; "fair" only where
    these games could have shown a departure of ``within`` and showed none; otherwise "can't tell
    yet", with about how many more games would show the departure seen."""
    lo, hi = wilson(score, games)
    if games and lo > 0.5:
        return "too cheap"
    if games and hi < 0.5:
        return "too dear"
    smallest = detectable(games)
    if smallest is not None and smallest <= within:
        return "fair"
    rate = score / games if games else 0.5
    need = games_to_show(rate - 0.5)
    if need is None or need <= games:
        return f"can't tell yet: these games could show only a {100 * (smallest or 1.0):.0f}-point difference"
    return f"can't tell yet: about {need - games} more games would show a {100 * abs(rate - 0.5):.0f}-point difference"
