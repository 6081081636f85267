"""Exact odds of the new dice and of granted re-rolls, against brute force written out by hand:
both enumerators (``dice.enumerate_paths`` and ``odds.enumerate_outcomes``), and the odds
sandbox answering re-roll offers by a policy."""

from __future__ import annotations

from collections.abc import Callable, Generator
from fractions import Fraction
from itertools import product
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grapeshot.core.clone import clone
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import (
    ARTILLERY,
    ARTILLERY_DIE,
    D3,
    D6,
    JAM,
    MISFIRE,
    SCATTER,
    SCATTER_ARTILLERY,
    SUSTAINED_DIE,
    TENS,
    DiceExpr,
    DiceSource,
    EnumeratedDice,
    NotEnumerable,
    RollRequest,
    SeededDice,
    enumerate_paths,
    nd6,
    sustained,
)
from grapeshot.odds import DECLINE, TAKE_ON_FAILURE, LazyDice, RerollPolicy, Sandbox, candidates, drive, enumerate_outcomes
from tests.dice import drill, req

R = TypeVar("R")
SF_SIDES = SUSTAINED_DIE.sides  # 1, 1, 2, 2, 3, jam
ART_SIDES = ARTILLERY_DIE.sides  # 2, 4, 6, 8, 10, misfire


def paths(run: Callable[[EnumeratedDice], R]) -> dict[R, Fraction]:
    """Exact odds by walking every dice path (``dice.enumerate_paths``)."""
    out: dict[R, Fraction] = {}
    for result, weight, total in enumerate_paths(run):  # type: ignore[arg-type]
        out[result] = out.get(result, Fraction(0)) + Fraction(weight, total)  # type: ignore[index]
    return out


def both(run: Callable[[DiceSource], R]) -> dict[R, Fraction]:
    """Exact odds by both enumerators; they must agree."""
    lazy, _ = enumerate_outcomes(run)
    assert lazy == paths(run)
    return lazy


def roll(dice: DiceSource, expr: DiceExpr, purpose: str = "test") -> Any:
    return dice.roll(req(expr, purpose))


# --------------------------------------------------------------------------- the new dice alone


def test_an_artillery_die_misfires_one_time_in_six() -> None:
    dist = both(lambda d: roll(d, ARTILLERY).misfire)
    assert dist == {True: Fraction(1, 6), False: Fraction(5, 6)}
    numbers = both(lambda d: roll(d, ARTILLERY).total)
    assert numbers == {n: Fraction(1, 6) for n in (2, 4, 6, 8, 10, 0)}


def test_a_sustained_fire_damage_roll_against_brute_force() -> None:
    """2sf: the damage (sum of the numbers) and the jams, each of the 36 ways two dice fall."""
    brute: dict[tuple[int, int], Fraction] = {}
    for a, b in product(SF_SIDES, repeat=2):
        key = (sum(f for f in (a, b) if f != JAM), [a, b].count(JAM))
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 36)
    dist = both(lambda d: (lambda r: (r.total, r.jams))(roll(d, sustained(2))))
    assert dist == brute
    assert dist[(0, 2)] == Fraction(1, 36)  # both jammed
    assert dist[(6, 0)] == Fraction(1, 36)  # two 3s
    assert dist[(2, 0)] == Fraction(4, 36)  # 1 and 1: two sides each
    assert dist[(2, 1)] == Fraction(4, 36)  # a 2 and a jam, either way round


def test_three_sustained_fire_dice_enumerate_as_weighted_multisets() -> None:
    brute: dict[int, Fraction] = {}
    for faces in product(SF_SIDES, repeat=3):
        brute[sum(faces)] = brute.get(sum(faces), Fraction(0)) + Fraction(1, 216)
    cands, total = candidates(sustained(3))
    assert total == 216 and sum(w for _, w in cands) == 216 and len(cands) == 20
    assert both(lambda d: roll(d, sustained(3)).total) == brute


def test_a_cannon_shot_hits_and_does_damage_exactly() -> None:
    """Artillery die to hit (6+; a misfire misses), then 2sf damage: a combination of the two."""

    def shot(d: DiceSource) -> int:
        r = roll(d, ARTILLERY, "to hit")
        return roll(d, sustained(2), "damage").total if not r.misfire and r.total >= 6 else -1

    brute: dict[int, Fraction] = {-1: Fraction(0)}
    for a in ART_SIDES:
        if a < 6:
            brute[-1] += Fraction(1, 6)
            continue
        for x, y in product(SF_SIDES, repeat=2):
            brute[x + y] = brute.get(x + y, Fraction(0)) + Fraction(1, 6 * 36)
    dist = both(shot)
    assert dist == brute and dist[-1] == Fraction(1, 2)


def test_scatter_and_artillery_are_exact_on_a_hit_and_stop_at_an_arrow() -> None:
    def landing(d: DiceSource) -> tuple[bool, bool]:
        r = roll(d, SCATTER_ARTILLERY, "the shot lands")
        return r.is_hit, r.misfire

    with pytest.raises(NotEnumerable, match="the shot lands"):
        enumerate_outcomes(landing)
    with pytest.raises(NotEnumerable, match="the shot lands"):
        paths(landing)
    # on the paths that hit, the artillery die is merged like any other die
    hits = [(f, w) for f, w in candidates(SCATTER_ARTILLERY)[0] if not SCATTER_ARTILLERY.arrow(f)]
    assert sum(w for _, w in hits) == 12 and sum(w for f, w in hits if f[1] == MISFIRE) == 2


# --------------------------------------------------------------------------- granted re-rolls in the odds sandbox


def sandbox(policy: RerollPolicy, **options: Any) -> tuple[Sandbox, Any]:
    game = Game(drill.NAME, drill.scenario(**options), seed=0)
    return Sandbox(game, policy), game.state


def exact(proc: Callable[[Game], Generator[Prompt, Any, R]], policy: RerollPolicy, **options: Any) -> tuple[dict[R, Fraction], int]:
    """The odds of a drill procedure run in the sandbox under ``policy``, by both enumerators."""
    sb, base = sandbox(policy, **options)

    def run(dice: DiceSource) -> R:
        sb.state = clone(base)
        sb.dice = dice
        return drive(proc(sb), sb.policy)  # type: ignore[no-any-return]

    dist, runs = enumerate_outcomes(run)
    assert dist == paths(run)
    return dist, runs


@pytest.mark.usefixtures("drill")
def test_a_leadership_test_with_a_first_mate_re_roll() -> None:
    """2D6 at most Ld 7, re-rolled whole on a failure: 1 - (1 - 21/36)^2."""
    once = Fraction(21, 36)
    dist, runs = exact(lambda g: drill.leadership(g, "red"), TAKE_ON_FAILURE)
    assert dist[True] == 1 - (1 - once) ** 2 == Fraction(1071, 1296)
    assert runs < 36 * 36  # faces read the same way are run once
    declined, _ = exact(lambda g: drill.leadership(g, "red"), DECLINE)
    assert declined[True] == once
    without, _ = exact(lambda g: drill.leadership(g, "red"), TAKE_ON_FAILURE, first_mate=False)
    assert without[True] == once


@pytest.mark.usefixtures("drill")
def test_a_gunner_re_rolls_the_worst_die_of_a_miss() -> None:
    """2D6 at least 8; on a miss the lower die is rolled again and stands."""
    brute = Fraction(0)
    for a, b in product(range(1, 7), repeat=2):
        if a + b >= drill.TO_HIT:
            brute += Fraction(1, 36)
        else:
            keep = max(a, b)
            brute += Fraction(sum(1 for c in range(1, 7) if keep + c >= drill.TO_HIT), 36 * 6)
    dist, _ = exact(lambda g: drill.to_hit(g, "red"), TAKE_ON_FAILURE)
    assert dist[True] == brute


@pytest.mark.usefixtures("drill")
@pytest.mark.parametrize("rr", [0, 1, 3])
def test_a_cannon_with_rr_re_rolls_of_a_miss(rr: int) -> None:
    """The artillery die at 6+ (half its faces) with up to ``rr`` re-rolls: 1 - (1/2)^(rr+1), and
    the damage after a hit is two sustained-fire dice."""
    dist, _ = exact(lambda g: drill.cannon(g, "red"), TAKE_ON_FAILURE, rr=rr)
    hit = sum((p for (shot, _, _), p in dist.items() if shot == "hit"), Fraction(0))
    assert hit == 1 - Fraction(1, 2) ** (rr + 1)
    misfire = sum((p for (shot, _, _), p in dist.items() if shot == "misfire"), Fraction(0))
    assert misfire == Fraction(1, 6) * Fraction(1, 2) ** rr  # only the last roll's misfire stands
    both_jam = sum((p for (shot, _, jams), p in dist.items() if shot == "hit" and jams == 2), Fraction(0))
    assert both_jam == hit / 36


@pytest.mark.usefixtures("drill")
def test_the_engineer_re_roll_is_not_taken_by_the_failure_policy() -> None:
    """TAKE_ON_FAILURE takes only grants made on a failed test; the engineer's is not one."""
    dist, _ = exact(lambda g: drill.throttle(g, "red"), TAKE_ON_FAILURE)
    assert dist == {n: Fraction(1, 6) for n in range(1, 7)}


# --------------------------------------------------------------------------- properties


SIMPLE = st.one_of(
    st.builds(nd6, st.integers(1, 4), st.integers(-3, 3)),
    st.just(D3),
    st.just(TENS),
    st.just(SCATTER),
    st.just(ARTILLERY),
    st.builds(sustained, st.integers(1, 5)),
    st.just(SCATTER_ARTILLERY),
)


@given(SIMPLE)
def test_outcome_weights_sum_to_the_total(expr: DiceExpr) -> None:
    outcomes = expr.outcomes()
    assert sum(w for _, w in outcomes) == expr.weight
    cands, total = candidates(expr)
    assert total == expr.weight and sum(w for _, w in cands) == total
    for faces, _ in outcomes:
        expr.check_faces(faces)
    # merged multisets and ordered tuples give one distribution of totals
    if expr.kind != "scatter":
        by_tuple: dict[int, int] = {}
        for faces, w in outcomes:
            by_tuple[expr.total(faces)] = by_tuple.get(expr.total(faces), 0) + w
        by_cand: dict[int, int] = {}
        for faces, w in cands:
            by_cand[expr.total(faces)] = by_cand.get(expr.total(faces), 0) + w
        assert by_tuple == by_cand


@given(SIMPLE)
def test_every_expression_reads_back_from_its_text(expr: DiceExpr) -> None:
    from grapeshot.dice import parse

    assert parse(str(expr)) == expr


ENUMERABLE = st.one_of(st.builds(nd6, st.integers(1, 2), st.integers(-2, 2)), st.just(D3), st.just(ARTILLERY), st.builds(sustained, st.integers(1, 3)))


@given(st.lists(ENUMERABLE, min_size=1, max_size=2), st.integers(0, 12))
def test_both_enumerators_agree_on_a_roll_then_a_threshold(exprs: list[DiceExpr], threshold: int) -> None:
    """A little rule: roll each expression in turn and stop at the first total over ``threshold``."""

    def run(dice: DiceSource) -> tuple[int, int]:
        for i, expr in enumerate(exprs):
            total = roll(dice, expr).total
            if total > threshold:
                return i, int(total)
        return -1, 0

    dist = both(run)
    assert sum(dist.values()) == 1


@pytest.mark.parametrize("expr", [ARTILLERY, sustained(2), sustained(3), nd6(2), D3], ids=str)
def test_sampled_frequencies_match_the_exact_odds(expr: DiceExpr) -> None:
    """20,000 seeded rolls: every total's frequency within 0.015 of its exact chance (for a
    chance p the standard deviation is at most 0.0036, so the bound is over 4 of them)."""
    exact_odds, _ = enumerate_outcomes(lambda d: int(roll(d, expr).total))
    n = 20_000
    dice = SeededDice(8128)
    counts: dict[int, int] = {}
    for _ in range(n):
        t = roll(dice, expr).total
        counts[t] = counts.get(t, 0) + 1
    assert set(counts) <= set(exact_odds)
    for total, p in exact_odds.items():
        assert abs(counts.get(total, 0) / n - float(p)) < 0.015, (expr, total)


def test_lazy_dice_read_the_new_faces_through_their_values() -> None:
    """A misfire or a jam read off the lazy values is a read like any other: a rule asking only
    "misfire?" runs twice, not six times."""
    _, runs = enumerate_outcomes(lambda d: roll(d, ARTILLERY).misfire)
    assert runs == 2
    _, runs = enumerate_outcomes(lambda d: roll(d, sustained(2)).jams)
    assert runs <= 4
    r = LazyDice().roll(RollRequest(D6, "a face", "T-1"))
    assert int(r.total) == 1


@pytest.mark.usefixtures("drill")
def test_seeded_leadership_tests_with_a_first_mate_match_the_exact_odds() -> None:
    """20,000 seeded tests in the sandbox, the First Mate's re-roll taken: the pass rate lies within
    0.015 of 1071/1296 (its standard deviation is 0.0027, so the bound is over 5 of them)."""
    sb, base = sandbox(TAKE_ON_FAILURE)
    sb.dice = SeededDice(6174)
    n = 20_000
    passed = 0
    for _ in range(n):
        sb.state = clone(base)
        passed += drive(drill.leadership(sb, "red"), sb.policy)
    assert abs(passed / n - 1071 / 1296) < 0.015
