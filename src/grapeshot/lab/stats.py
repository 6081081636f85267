"""The statistics of the balance lab, in plain Python (no numpy: the numbers are few).

- :func:`wilson`: the Wilson score interval of a proportion;
- :func:`two_proportions`: the difference of two proportions, with Newcombe's interval (built
  from the two Wilson intervals) and the pooled two-sided z test;
- :func:`mean_interval` and :func:`welch`: a mean with its normal interval, and the difference
  of two means (Welch's standard error, normal reference: the samples are large);
- :func:`bradley_terry`: strengths from pairwise results, fitted by Hunter's MM algorithm,
  with standard errors from the Fisher information;
- :func:`holm`: which of several p-values stay significant after Holm's step-down correction;
- :func:`chi_square`: Pearson's test of independence on a table of counts (the p-value from
  the regularised incomplete gamma function, :func:`chi_square_p`);
- :func:`mann_whitney`: the Mann-Whitney U test of two samples (mid-ranks, the normal
  reference with the tie correction and a continuity correction).

A draw counts as half a win wherever these are fed game results (see ``summary.py``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% point of the standard normal


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (``(0, 1)`` when ``n`` is 0).

    ``successes`` may be fractional (draws as half a win); the interval is then a little
    conservative, since a draw varies less than a coin.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Difference:
    """A difference between two groups: the estimate, its 95% interval, the test's z and p."""

    estimate: float
    low: float
    high: float
    z: float
    p: float

    def to_json(self) -> dict[str, float]:
        return {"estimate": self.estimate, "low": self.low, "high": self.high, "z": self.z, "p": self.p}


def two_proportions(x1: float, n1: int, x2: float, n2: int, z: float = Z95) -> Difference:
    """Proportion 1 minus proportion 2: Newcombe's hybrid score interval and the pooled z test."""
    if n1 <= 0 or n2 <= 0:
        return Difference(0.0, -1.0, 1.0, 0.0, 1.0)
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    zstat = d / se if se > 0 else 0.0
    return Difference(d, low, high, zstat, normal_two_sided_p(zstat) if se > 0 else 1.0)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean and its normal 95% interval (mean, low, high)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def welch(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Difference:
    """Mean of ``a`` minus mean of ``b``, with Welch's standard error and a normal reference."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        return Difference(0.0, 0.0, 0.0, 0.0, 1.0)
    ma, mb = sum(a) / na, sum(b) / nb
    va = sum((v - ma) ** 2 for v in a) / (na - 1)
    vb = sum((v - mb) ** 2 for v in b) / (nb - 1)
    se = math.sqrt(va / na + vb / nb)
    d = ma - mb
    if se == 0:
        return Difference(d, d, d, 0.0, 1.0 if d == 0 else 0.0)
    return Difference(d, d - z * se, d + z * se, d / se, normal_two_sided_p(d / se))


def holm(pvalues: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down procedure: which hypotheses are rejected at family-wise level ``alpha``."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    rejected = [False] * len(pvalues)
    m = len(pvalues)
    for rank, i in enumerate(order):
        if pvalues[i] <= alpha / (m - rank):
            rejected[i] = True
        else:
            break
    return rejected


def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x): a series below ``a + 1``, a
    continued fraction (modified Lentz) above, as is usual."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom."""
    return 1.0 if df <= 0 else _gamma_q(df / 2, statistic / 2)


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """Pearson's chi-square test of a table: the statistic, its degrees of freedom and p."""

    statistic: float
    df: int
    p: float

    def to_json(self) -> dict[str, float]:
        return {"chi2": self.statistic, "df": self.df, "p": self.p}


def chi_square(table: Sequence[Sequence[float]]) -> ChiSquare:
    """Pearson's test that the rows of a table of counts share one distribution over its columns.

    Rows and columns with no counts at all are left out (they say nothing and would divide by
    zero); a table left with fewer than two of either has nothing to test (p = 1). The expected
    counts should be about five or more for the chi-square reference to hold."""
    rows = [list(r) for r in table if sum(r) > 0]
    keep = [j for j in range(len(rows[0]) if rows else 0) if sum(r[j] for r in rows) > 0]
    rows = [[r[j] for j in keep] for r in rows]
    if len(rows) < 2 or len(keep) < 2:
        return ChiSquare(0.0, 0, 1.0)
    n = sum(map(sum, rows))
    row_sums = [sum(r) for r in rows]
    col_sums = [sum(r[j] for r in rows) for j in range(len(keep))]
    stat = sum((rows[i][j] - row_sums[i] * col_sums[j] / n) ** 2 / (row_sums[i] * col_sums[j] / n) for i in range(len(rows)) for j in range(len(keep)))
    df = (len(rows) - 1) * (len(keep) - 1)
    return ChiSquare(stat, df, chi_square_p(stat, df))


@dataclass(frozen=True, slots=True)
class RankTest:
    """The Mann-Whitney U test: ``u`` (of the first sample), the chance that a value of the first
    beats one of the second (ties counted half: 0.5 means neither tends higher), z and p."""

    u: float
    superiority: float
    z: float
    p: float

    def to_json(self) -> dict[str, float]:
        return {"u": self.u, "superiority": self.superiority, "z": self.z, "p": self.p}


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> RankTest:
    """Whether the values of ``a`` tend to be larger or smaller than those of ``b``: U from the
    mid-ranks of the pooled samples, z against the normal with the variance corrected for ties and
    a continuity correction of one half, two-sided."""
    na, nb = len(a), len(b)
    if na == 0 or nb == 0:
        return RankTest(0.0, 0.5, 0.0, 1.0)
    pooled = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    ranks: list[float] = [0.0] * len(pooled)
    ties = 0.0
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t**3 - t
        i = j + 1
    r1 = sum(r for r, (_, g) in zip(ranks, pooled, strict=True) if g == 0)
    u = r1 - na * (na + 1) / 2
    n = na + nb
    mean = na * nb / 2
    var = na * nb / 12 * ((n + 1) - ties / (n * (n - 1))) if n > 1 else 0.0
    if var <= 0:
        return RankTest(u, u / (na * nb), 0.0, 1.0)
    diff = u - mean
    z = (diff - math.copysign(0.5, diff)) / math.sqrt(var) if abs(diff) >= 0.5 else 0.0
    return RankTest(u, u / (na * nb), z, normal_two_sided_p(z))


@dataclass(frozen=True, slots=True)
class Rating:
    """A Bradley-Terry log-strength (centred: the strengths' logs sum to zero) and its 95% interval."""

    name: str
    strength: float
    se: float

    @property
    def low(self) -> float:
        return self.strength - Z95 * self.se

    @property
    def high(self) -> float:
        return self.strength + Z95 * self.se

    @property
    def elo(self) -> float:
        """The same rating on the Elo scale: 1500 plus 400 points per tenfold odds."""
        return 1500.0 + ELO_PER_NAT * self.strength

    def to_json(self) -> dict[str, float | str]:
        return {
            "name": self.name,
            "strength": self.strength,
            "se": self.se,
            "low": self.low,
            "high": self.high,
            "elo": self.elo,
            "elo_low": 1500.0 + ELO_PER_NAT * self.low,
            "elo_high": 1500.0 + ELO_PER_NAT * self.high,
        }


ELO_PER_NAT = 400.0 / math.log(10.0)


def bradley_terry(
    names: Sequence[str],
    wins: Mapping[tuple[str, str], float],
    *,
    prior: float = 0.0,
    tolerance: float = 1e-12,
    max_iterations: int = 100_000,
) -> list[Rating]:
    """Fit P(i beats j) = pi_i / (pi_i + pi_j) to pairwise results.

    ``wins[(i, j)]`` is how often ``i`` beat ``j`` (fractional counts allowed: a draw is half a
    win to each side). ``prior`` adds that many drawn games to every pairing of the names, which
    keeps every strength finite when someone won or lost everything. Strengths are fitted by
    Hunter's MM iteration and centred so that their logs sum to zero; standard errors come from
    the inverse of the Fisher information under that constraint (its Moore-Penrose inverse).
    """
    k = len(names)
    idx = {n: i for i, n in enumerate(names)}
    w = [[0.0] * k for _ in range(k)]
    for (a, b), x in wins.items():
        if a != b:
            w[idx[a]][idx[b]] += x
    if prior > 0:
        for i in range(k):
            for j in range(k):
                if i != j:
                    w[i][j] += prior / 2
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    total_wins = [sum(w[i]) for i in range(k)]
    pi = [1.0] * k
    for _ in range(max_iterations):
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (pi[i] + pi[j]) for j in range(k) if j != i and games[i][j] > 0)
            new.append(total_wins[i] / denom if denom > 0 else pi[i])
        if any(x <= 0 for x in new):
            raise ValueError("a strength went to zero: some name never won; fit with a prior")
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, pi, strict=True))
        pi = new
        if change < tolerance:
            break
    beta = [math.log(x) for x in pi]
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j] > 0:
                pij = pi[i] / (pi[i] + pi[j])
                v = games[i][j] * pij * (1 - pij)
                info[i][j] -= v
                info[i][i] += v
    cov = _pinv_laplacian(info)
    return [Rating(n, beta[i], math.sqrt(max(0.0, cov[i][i]))) for i, n in enumerate(names)]


def _pinv_laplacian(m: list[list[float]]) -> list[list[float]]:
    """The Moore-Penrose inverse of a connected graph's Laplacian-like matrix (null space: ones).

    pinv(L) = inv(L + J/k) - J/k, where J is the all-ones matrix.
    """
    k = len(m)
    a = [[m[i][j] + 1.0 / k for j in range(k)] for i in range(k)]
    inv = _inverse(a)
    return [[inv[i][j] - 1.0 / k for j in range(k)] for i in range(k)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inversion with partial pivoting (small matrices)."""
    k = len(a)
    aug = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(a)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(aug[r][col]))
        if abs(aug[pivot][col]) < 1e-300:
            raise ValueError("singular matrix: the pairings do not connect every name")
        aug[col], aug[pivot] = aug[pivot], aug[col]
        p = aug[col][col]
        aug[col] = [x / p for x in aug[col]]
        for r in range(k):
            if r != col and aug[r][col] != 0.0:
                f = aug[r][col]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[col], strict=True)]
    return [row[k:] for row in aug]
