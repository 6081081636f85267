"""Pools of identical dice in the exact enumeration (``grapeshot.odds.pools``): enumerated by the
classes of faces the rules read, learned as they read them, against brute force over every die
and against binomials worked out by hand; a pool read by its total, one die of a pool re-rolled,
the whole pool re-rolled; the dice the game records untouched by private runs."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product
from math import comb
from typing import Any, TypeVar

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.core.clone import clone
from grapeshot.core.game import Game
from grapeshot.core.prompts import RerollPrompt
from grapeshot.dice import D6, DiceSource, EnumeratedDice, RollRequest, SeededDice, enumerate_paths, nd6, sustained
from grapeshot.odds import RerollPolicy, Runner, Sandbox, drive, enumerate_outcomes
from grapeshot.odds.pools import forget
from tests.dice import drill, req
from tests.dice.conftest import drill as drill_fixture  # noqa: F401 - the fixture, for usefixtures

R = TypeVar("R")


def brute(run: Callable[[EnumeratedDice], R]) -> dict[R, Fraction]:
    """Every path of every die (``dice.enumerate_paths``)."""
    out: dict[R, Fraction] = {}
    for result, weight, total in enumerate_paths(run):  # type: ignore[arg-type]
        out[result] = out.get(result, Fraction(0)) + Fraction(weight, total)  # type: ignore[index]
    return out


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


@pytest.fixture(autouse=True)
def fresh() -> None:
    forget()  # every test learns its classes from nothing


def test_a_big_pool_counted_at_one_threshold_takes_a_run_for_each_count() -> None:
    """24D6 counting the 4s and better: Binomial(24, 1/2), one run per count (the multisets
    alone would be 118,755 outcomes)."""
    dist, runs = enumerate_outcomes(lambda d: int(d.roll(req(nd6(24))).count(4)))
    assert dist == binomial(24, Fraction(1, 2))
    assert runs <= 25 + 2  # a count each, and the runs before the classes were split


def test_a_pool_counted_two_ways_at_once_is_a_trinomial() -> None:
    """20D6: the hits on 3+ and, of those, the 6s (as a poisoned or killing blow reads them)."""
    dist, _ = enumerate_outcomes(lambda d: (lambda r: (int(r.count(3)), int(r.count(6))))(d.roll(req(nd6(20)))))
    expect: dict[tuple[int, int], Fraction] = {}
    for low, mid, six in ((a, b, 20 - a - b) for a in range(21) for b in range(21 - a)):
        ways = comb(20, low) * comb(20 - low, mid)
        expect[(mid + six, six)] = Fraction(ways * 2**low * 3**mid, 6**20)
    assert dist == expect


def test_a_count_never_used_is_never_read() -> None:
    """The 6s are counted but only the hits are used: the 6s do not split the runs."""

    def run(d: DiceSource) -> int:
        r = d.roll(req(nd6(12)))
        hits, sixes = r.count(4), r.count(6)
        del sixes
        return int(hits)

    dist, runs = enumerate_outcomes(run)
    assert dist == binomial(12, Fraction(1, 2)) and runs <= 13 + 2


@pytest.mark.parametrize("n", [3, 4])
def test_pools_read_face_by_face_or_by_their_total_agree_with_every_path(n: int) -> None:
    """Read die by die (a 1 fails, a 5 or 6 scores two), and by the total: both against brute force."""

    def faces(d: DiceSource) -> tuple[int, int]:
        r = d.roll(req(nd6(n)))
        ones = sum(1 for f in r.faces if f == 1)
        score = sum(2 if f >= 5 else 1 if f >= 3 else 0 for f in r.faces)
        return ones, score

    def total(d: DiceSource) -> int:
        r = d.roll(req(nd6(n)))
        return int(r.total) if r.total > 10 else 0

    for run in (faces, total):
        assert enumerate_outcomes(run)[0] == brute(run)


def test_a_pool_after_another_and_one_found_late_agree_with_every_path() -> None:
    """A D6 decides how many dice the next pool has and what it reads; a pool met only on some
    paths splits its classes late (the enumeration starts again, keeping what it may)."""

    def run(d: DiceSource) -> tuple[int, int]:
        first = d.roll(req(D6, "how many")).total
        if first <= 2:
            return 0, 0
        r = d.roll(req(nd6(int(first) - 2), "the pool"))
        hits = r.count(5) if first == 6 else r.count(3)
        if hits >= 3:
            extra = d.roll(req(nd6(3), "late pool"))
            return int(hits), int(extra.count(6))
        return int(hits), -1

    assert enumerate_outcomes(run)[0] == brute(run)


def test_sustained_fire_dice_pool_their_weighted_faces() -> None:
    """Four sustained-fire dice (1, 1, 2, 2, 3, jam): the jams counted, then the 2s and better."""

    def run(d: DiceSource) -> tuple[int, int]:
        r = d.roll(req(sustained(4)))
        return int(r.jams), int(r.count(2))

    assert enumerate_outcomes(run)[0] == brute(run)


def test_the_signal_to_split_passes_any_except_in_rule_code() -> None:
    def run(d: DiceSource) -> int:
        r = d.roll(req(nd6(5)))
        try:
            return sum(1 for f in r.faces if f >= 4)
        except Exception:  # a broad except in rule code must not swallow the signal
            return -1

    dist, _ = enumerate_outcomes(run)
    assert dist == binomial(5, Fraction(1, 2))


def test_a_pool_too_fine_to_list_is_over_the_budget_not_wrong() -> None:
    from grapeshot.odds import OverBudget

    with pytest.raises(OverBudget, match="too many outcomes"):
        enumerate_outcomes(lambda d: int(d.roll(req(nd6(30))).total))


# --------------------------------------------------------------------------- re-rolls of pool dice


def drill_run(policy: RerollPolicy, proc: Callable[[Game], Any]) -> Callable[[DiceSource], Any]:
    game = Game(drill.NAME, drill.scenario(), seed=0)
    sb = Sandbox(game, policy)
    base = game.state

    def run(dice: DiceSource) -> Any:
        sb.state = clone(base)
        sb.dice = dice
        return drive(proc(sb), sb.policy)

    return run


@pytest.mark.usefixtures("drill_fixture")
def test_one_die_of_a_pool_re_rolled_agrees_with_every_path() -> None:
    """4D6 needing 15 or more; on a miss the gunner's grant re-rolls the lowest die (DRILL-GUNNER)."""

    def proc(g: Game) -> Any:
        r = yield from g.roll(RollRequest(nd6(4), "pool to-hit", "DRILL-HIT", "red", "red", "high", 15))
        return int(r.total) >= 15

    run = drill_run(RerollPolicy("worst", "the lowest die of a miss", _lowest), proc)
    exact = enumerate_outcomes(run)[0]
    by_hand = Fraction(0)
    for faces in product(range(1, 7), repeat=4):
        if sum(faces) >= 15:
            by_hand += Fraction(1, 6**4)
        else:
            rest = sum(faces) - min(faces)
            by_hand += Fraction(sum(1 for c in range(1, 7) if rest + c >= 15), 6**5)
    assert exact[True] == by_hand == brute(run)[True]


def _lowest(prompt: RerollPrompt) -> Reroll:
    assert prompt.roll is not None
    faces = prompt.roll.faces
    return Reroll(min(range(len(faces)), key=lambda k: faces[k]))


def _again_if_few(prompt: RerollPrompt) -> Reroll:
    assert prompt.roll is not None
    return Reroll(whole=True) if prompt.roll.count(5) < 3 else Reroll(None)


@pytest.mark.usefixtures("drill_fixture")
def test_a_whole_pool_re_rolled_on_few_successes_is_exact() -> None:
    """10D6 counting 5s and 6s, thrown again (once, the engineer's grant) when fewer than 3 came
    up: Binomial(10, 1/3) mixed by hand."""

    def proc(g: Game) -> Any:
        r = yield from g.roll(RollRequest(nd6(10), "pool throttle", "DRILL-THROTTLE", "red", "red", "high"))
        return int(r.count(5))

    dist, runs = enumerate_outcomes(drill_run(RerollPolicy("few", "again on fewer than 3", _again_if_few), proc))
    once = binomial(10, Fraction(1, 3))
    fail = sum(p for k, p in once.items() if k < 3)
    assert dist == {k: (p if k >= 3 else 0) + fail * p for k, p in once.items()}
    assert runs < 11 * 11 + 5


def test_private_runs_leave_the_games_record_of_rolls_alone() -> None:
    """A Sandbox shares the real game's attributes; its rolls must not join the game's record
    (a save taken while a game runs replays from that record)."""
    from grapeshot.core.scenario import load_scenario

    game = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=1, log=False)
    before = list(game.rolled)

    def proc(g: Game, state: Any) -> Any:
        r = yield from g.roll(RollRequest(D6, "a test", "T-1"))
        return int(r.total) >= 4

    enumerate_outcomes(Runner(game, game.state, proc))
    assert game.rolled == before


def test_seeded_pools_match_the_exact_counts() -> None:
    """The live dice are untouched: 20,000 seeded 6D6 counted at 4+ within 0.015 of Binomial(6, 1/2)."""
    exact, _ = enumerate_outcomes(lambda d: int(d.roll(req(nd6(6))).count(4)))
    dice = SeededDice(77)
    n = 20_000
    seen: dict[int, int] = {}
    for _ in range(n):
        k = dice.roll(req(nd6(6))).count(4)
        seen[k] = seen.get(k, 0) + 1
    for k, p in exact.items():
        assert abs(seen.get(k, 0) / n - float(p)) < 0.015
