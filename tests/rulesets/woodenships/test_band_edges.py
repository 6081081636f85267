"""Band edges (WS-ARMS-1/2, WS-GUN-3/4/5, WS-GUN-10, the barrel's throw): one rule for every
edge of every band table, in the game and in the odds alike.  A range measured within the
tolerance of an edge is at the edge: in the band the edge closes, and out of the "under 2""
column.  Each table is walked edge by edge, a hair either side of the number."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grapeshot.core.capabilities import Effort
from grapeshot.odds import OddsError
from grapeshot.rulesets.woodenships import gw
from grapeshot.rulesets.woodenships.data import BANDS, BARREL_RANGE, CLOSE, GUNS, SMALL_ARMS
from grapeshot.rulesets.woodenships.guns import band_need
from grapeshot.rulesets.woodenships.odds import ODDS, QUESTIONS
from grapeshot.rulesets.woodenships.reach import EPS, under_close, within
from grapeshot.rulesets.woodenships.shooting import band_of

#: a measuring error well inside the tolerance, either side of an edge
HAIR = EPS / 10


def jitter(edge: float) -> tuple[float, float, float]:
    return edge - HAIR, edge, edge + HAIR


@pytest.mark.rules("WS-ARMS-1", "WS-ARMS-2")
@pytest.mark.parametrize("weapon", sorted(SMALL_ARMS))
def test_small_arms_every_band_edge_belongs_to_its_band(weapon: str) -> None:
    arm = SMALL_ARMS[weapon]
    for name, edge, need in zip(BANDS, arm.bands, arm.to_hit, strict=True):
        for gap in jitter(edge):
            assert band_of(arm, gap) == (name, need), (weapon, gap)
    for gap in jitter(CLOSE):  # 2" is the short band, not the "under 2"" column
        assert band_of(arm, gap) == ("short", arm.to_hit[-1]), (weapon, gap)
    assert band_of(arm, CLOSE - 10 * EPS) == ("close", arm.close)
    assert band_of(arm, arm.bands[0] + 10 * EPS) is None


@pytest.mark.rules("WS-GUN-3", "WS-GUN-4", "WS-GUN-5")
@pytest.mark.parametrize("kind", sorted(GUNS))
def test_gun_rows_every_band_edge_belongs_to_its_band(kind: str) -> None:
    row = GUNS[kind]
    for edge, need in row.bands:
        for gap in jitter(edge):
            assert band_need(kind, gap) == need, (kind, gap)
    innermost = row.bands[-1][1]
    for gap in jitter(CLOSE):  # exactly 2": the innermost band, never the ">2"" column
        assert band_need(kind, gap) == innermost, (kind, gap)
    assert band_need(kind, CLOSE - 10 * EPS) == (innermost if kind == "cannon" else row.close)
    assert band_need(kind, row.bands[0][0] + 10 * EPS) is None


@pytest.mark.rules("WS-GUN-10")
@pytest.mark.parametrize("kind", [k for k, g in GUNS.items() if g.gw_bands])
def test_artillery_dice_rows_every_band_edge_belongs_to_its_band(kind: str) -> None:
    for edge, rr in GUNS[kind].gw_bands:
        for gap in jitter(edge):
            assert gw.rerolls(kind, gap, 0) == rr, (kind, gap)
    assert gw.rerolls(kind, GUNS[kind].gw_bands[0][0] + 10 * EPS, 0) is None


@pytest.mark.rules("WS-RULING-1")
def test_a_barrel_s_throw_includes_its_edge() -> None:
    assert all(within(gap, BARREL_RANGE) for gap in jitter(BARREL_RANGE))
    assert not within(BARREL_RANGE + 10 * EPS, BARREL_RANGE)
    assert not any(under_close(gap) for gap in jitter(CLOSE))


def _ask(question: str, **given: object) -> Fraction:
    q = next(x for x in QUESTIONS if x.name == question)
    answer = ODDS.ask(question, q.values({k.replace("_", "-"): v for k, v in given.items()}), Effort(budget=4000, samples=0))
    assert answer.exact
    return answer.p(lambda outcome: "Target killed" in outcome)


@pytest.mark.rules("WS-GUN-4", "WS-GUN-5")
def test_guns_at_exactly_two_inches_in_the_odds_are_in_the_six_inch_band() -> None:
    """The odds staging measures a hair under 2": a swivel there needs its 6" band's 2+, and a
    mounted rifle may fire (its "no hit within 2"" column is not reached)."""
    assert _ask("gun", gun="swivel", at="man", range=2.0) == Fraction(5, 6)
    assert _ask("gun", gun="mounted-rifle", at="man", range=2.0) == Fraction(5, 6)
    assert _ask("gun", gun="swivel", at="man", range=1.9) == 1  # inside 2": 1+
    with pytest.raises(OddsError, match="no hit within"):
        _ask("gun", gun="mounted-rifle", at="man", range=1.9)


@pytest.mark.rules("WS-ARMS-1", "WS-ARMS-2")
@pytest.mark.parametrize(
    ("weapon", "gap", "hit"),
    [("rifle", 6.0, Fraction(1, 2)), ("rifle", 18.0, Fraction(1, 6)), ("pistol", 2.0, Fraction(1, 2)), ("pistol", 9.0, Fraction(1, 3))],
)
def test_small_arms_at_a_band_s_edge_in_the_odds(weapon: str, gap: float, hit: Fraction) -> None:
    assert _ask("shot", weapon=weapon, range=gap) == hit
