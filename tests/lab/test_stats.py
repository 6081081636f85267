"""The lab's statistics against values worked out by hand or published."""

from __future__ import annotations

import math

import pytest

from grapeshot.lab.stats import Z95, bradley_terry, holm, mean_interval, two_proportions, welch, wilson


def test_wilson_interval_known_values() -> None:
    # Newcombe (1998), Table I: 81/263 -> 0.2553 to 0.3662; 0/10 -> 0 to 0.2775
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    # one half of 100: centre 0.5, half-width z * sqrt(0.25/100 + z^2/40000) / (1 + z^2/100)
    half = Z95 * math.sqrt(0.25 / 100 + Z95**2 / 40000) / (1 + Z95**2 / 100)
    assert wilson(50, 100) == pytest.approx((0.5 - half, 0.5 + half))
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=5e-5)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_two_proportions_known_case() -> None:
    # Newcombe (1998), method 10, example 56/70 - 48/80: 0.0524 to 0.3339
    d = two_proportions(56, 70, 48, 80)
    assert d.estimate == pytest.approx(0.2)
    assert (d.low, d.high) == pytest.approx((0.0524, 0.3339), abs=5e-5)
    # 60/100 against 40/100: pooled p = 0.5, z = 0.2 / sqrt(0.25 * 0.02) = 2.828, two-sided p = 0.00468
    d = two_proportions(60, 100, 40, 100)
    assert d.z == pytest.approx(2 * math.sqrt(2))
    assert d.p == pytest.approx(0.004678, abs=1e-6)
    assert d.p < 0.05
    # a small difference on few games is not significant
    same = two_proportions(52, 100, 48, 100)
    assert same.p > 0.5 and same.low < 0 < same.high


def test_bradley_terry_two_klans_by_hand() -> None:
    # 75 wins in 100: the odds are 3, so the centred log-strengths are +-ln(3)/2; the Fisher
    # information of the difference is n p (1 - p) = 18.75, and each half of it has se 1/sqrt(4 * 18.75)
    a, b = bradley_terry(["a", "b"], {("a", "b"): 75, ("b", "a"): 25})
    assert a.strength == pytest.approx(math.log(3) / 2, abs=1e-9)
    assert b.strength == pytest.approx(-math.log(3) / 2, abs=1e-9)
    assert a.se == pytest.approx(1 / math.sqrt(4 * 18.75), rel=1e-6)
    assert a.elo - b.elo == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_bradley_terry_recovers_the_strengths_of_expected_results() -> None:
    # results exactly as strengths 1, 2, 4 predict (fractional counts): the fit must give them back
    strengths = {"a": 1.0, "b": 2.0, "c": 4.0}
    wins = {(i, j): 30 * strengths[i] / (strengths[i] + strengths[j]) for i in strengths for j in strengths if i != j}
    fitted = {r.name: r for r in bradley_terry(list(strengths), wins)}
    centre = sum(math.log(s) for s in strengths.values()) / 3
    for name, s in strengths.items():
        assert fitted[name].strength == pytest.approx(math.log(s) - centre, abs=1e-8)
    assert sum(r.strength for r in fitted.values()) == pytest.approx(0.0, abs=1e-9)
    assert fitted["b"].se < fitted["a"].se  # the middle klan is pinned by both others


def test_bradley_terry_prior_keeps_a_clean_sweep_finite() -> None:
    with pytest.raises(ValueError):
        bradley_terry(["a", "b"], {("a", "b"): 10})
    a, b = bradley_terry(["a", "b"], {("a", "b"): 10}, prior=1.0)
    assert math.isfinite(a.strength) and a.strength > 0 > b.strength


def test_means_welch_and_holm() -> None:
    m, _lo, hi = mean_interval([1, 2, 3, 4, 5])
    assert m == 3 and hi - m == pytest.approx(Z95 * math.sqrt(2.5 / 5))
    d = welch([10.0, 11.0, 12.0] * 20, [8.0, 9.0, 10.0] * 20)
    assert d.estimate == pytest.approx(2.0) and d.p < 1e-6
    assert holm([0.01, 0.04, 0.03, 0.5]) == [True, False, False, False]
    assert holm([0.001, 0.012, 0.02]) == [True, True, True]


def test_chi_square_p_known_values() -> None:
    from grapeshot.lab.stats import chi_square_p

    assert chi_square_p(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-12)
    assert chi_square_p(5.991464547107979, 2) == pytest.approx(0.05, abs=1e-12)
    assert chi_square_p(10.0, 2) == pytest.approx(math.exp(-5.0), rel=1e-12)  # two df: exactly exp(-x/2)
    assert chi_square_p(0.5, 3) == pytest.approx(0.918891411654676, abs=1e-12)
    assert chi_square_p(30.0, 10) == pytest.approx(0.000856641210775, rel=1e-9)
    assert chi_square_p(0.0, 4) == 1.0


def test_chi_square_on_a_table_by_hand() -> None:
    """Expected counts all 15; (5^2 / 15) x 4 = 6.67 on one df; empty rows and columns drop out."""
    from grapeshot.lab.stats import chi_square

    t = chi_square([[10, 20, 0], [20, 10, 0], [0, 0, 0]])
    assert (t.statistic, t.df) == (pytest.approx(20 / 3), 1)
    assert t.p == pytest.approx(0.009823274507519, abs=1e-12)
    same = chi_square([[7, 3, 2], [7, 3, 2]])
    assert (same.statistic, same.p) == (0.0, 1.0)
    assert chi_square([[5, 5]]).p == 1.0  # one row: nothing to compare


def test_mann_whitney_by_hand() -> None:
    """[1, 2, 3] against [4, 5, 6]: U = 0, mean 4.5, sd sqrt(5.25), z = (0 - 4.5 + 0.5) / sd."""
    from grapeshot.lab.stats import mann_whitney

    r = mann_whitney([1, 2, 3], [4, 5, 6])
    assert (r.u, r.superiority) == (0.0, 0.0)
    assert r.z == pytest.approx(-4.0 / math.sqrt(5.25))
    assert r.p == pytest.approx(0.080855598370, abs=1e-10)
    # ties: mid-ranks and the tie-corrected variance; equal samples have no difference at all
    tied = mann_whitney([1, 1, 2], [1, 2, 2])  # ranks 2, 2, 5 for the first: U = 3; var 9/12 (7 - 48/30) = 4.05
    assert tied.u == pytest.approx(3.0) and tied.z == pytest.approx(-1.0 / math.sqrt(4.05))
    assert mann_whitney([3, 3], [3, 3]).p == 1.0
    assert mann_whitney(list(range(30, 60)), list(range(30))).p < 1e-9
