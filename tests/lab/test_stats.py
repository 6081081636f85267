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
