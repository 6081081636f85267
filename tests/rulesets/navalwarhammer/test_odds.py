"""Exact odds of the core's procedures, by the odds engine's enumerator, against fractions
worked out by hand (and against walking every dice path)."""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from math import comb
from typing import Any

import pytest

from grapeshot import odds
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import enumerate_paths
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import InPath, cannon_shot
from grapeshot.rulesets.navalwarhammer.fantasy.charts import to_wound
from grapeshot.rulesets.navalwarhammer.fantasy.combat import break_test
from grapeshot.rulesets.navalwarhammer.fantasy.rerolls import CrewOfficers
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, melee_strike, resolve_hits
from grapeshot.rulesets.navalwarhammer.fantasy.units import ship_part
from tests.rulesets.navalwarhammer.harness import exact, table, unit

#: the chance one D6 makes a score, by hand: 2+ is 5/6 ... 6+ is 1/6; no score, no chance
BY_HAND = {2: Fraction(5, 6), 3: Fraction(4, 6), 4: Fraction(3, 6), 5: Fraction(2, 6), 6: Fraction(1, 6), None: Fraction(0)}


@pytest.mark.rules("FB-WOUND-1")
def test_the_chance_to_wound_across_the_chart() -> None:
    g = table()
    for s in range(1, 11):
        for t in range(1, 11):

            def make(g: Game, s: int = s, t: int = t) -> Generator[Prompt, Any, Any]:
                return resolve_hits(g, "red", unit("Target", "blue", t=t, models=1), 1, Attack("blow", s))

            dist = exact(g, make, lambda d: d.wounds)
            assert dist.get(1, Fraction(0)) == BY_HAND[to_wound(s, t)], f"S{s} against T{t}"


@pytest.mark.rules("FB-SAVE-1", "FB-SAVE-2")
def test_the_chance_a_wound_gets_through_armour_and_ward() -> None:
    g = table()
    # S4 wounds T4 on 4+ (1/2); a 4+ save becomes 5+ (unsaved 2/3); a 5+ ward (unwarded 2/3)
    dist = exact(g, lambda g: resolve_hits(g, "red", unit("Knight", "blue", t=4, sv=4, ward=5, models=1), 1, Attack("axe", 4)), lambda d: d.slain)
    assert dist[1] == Fraction(1, 2) * Fraction(2, 3) * Fraction(2, 3)


@pytest.mark.rules("FB-HIT-1", "FB-WOUND-1")
def test_three_attacks_slay_by_the_binomial_worked_by_hand() -> None:
    g = table()
    # WS3 against WS3 hits on 4+, S3 against T3 wounds on 4+, no save: each attack slays with 1/4
    dist = exact(g, lambda g: melee_strike(g, unit("Men"), unit("Men", "blue"), 3), lambda d: d.slain)
    p = Fraction(1, 4)
    assert dist == {k: comb(3, k) * p**k * (1 - p) ** (3 - k) for k in range(4)}


@pytest.mark.rules("NW-BOARD-5", "NW-UPG-7")
def test_a_break_test_with_and_without_the_first_mate_re_roll() -> None:
    def make(g: Game) -> Generator[Prompt, Any, Any]:
        return break_test(g, "Sea Wolf", "red", 7, shaken=False, difference=2)

    alone = exact(table(), make, lambda b: b.passed)
    assert alone[True] == Fraction(21, 36)
    mate = table(crews={"Sea Wolf": CrewOfficers("red", first_mate=True)})
    helped = exact(mate, make, lambda b: b.passed, odds.TAKE_ON_FAILURE)
    assert helped[True] == 1 - Fraction(15, 36) ** 2 == Fraction(1071, 1296)
    # declining the offer is the chance alone
    assert exact(mate, make, lambda b: b.passed)[True] == Fraction(21, 36)
    # overcrowded: no First Mate re-roll (NW-CROWD-1)
    crowded = table(crews={"Sea Wolf": CrewOfficers("red", first_mate=True, overcrowded=True)})
    assert exact(crowded, make, lambda b: b.passed, odds.TAKE_ON_FAILURE)[True] == Fraction(21, 36)


@pytest.mark.rules("NW-CANNON-1")
def test_the_chance_a_hull_stops_a_ball_is_one_in_six() -> None:
    def make(g: Game) -> Generator[Prompt, Any, Any]:
        return cannon_shot(g, "Cannon", "red", 20, [InPath(0, 40, ship_part("Hull", "blue", 9, 20))])

    # whatever the artillery dice show, short of a misfire the ball lands on the hull (it spans
    # the whole line); it stops there only on a 1 to wound
    stopped = exact(table(), make, lambda s: (s.misfire is None, s.stopped_by))
    assert stopped == {(False, None): Fraction(1, 6), (True, None): Fraction(5, 6) * Fraction(5, 6), (True, "Hull"): Fraction(5, 6) * Fraction(1, 6)}


def test_the_merged_enumeration_agrees_with_every_dice_path() -> None:
    g = table()

    def make(g: Game) -> Generator[Prompt, Any, Any]:
        return melee_strike(g, unit("Orcs", ws=3, s=4), unit("Elves", "blue", ws=4, sv=5, t=3, models=3), 2)

    merged = exact(g, make, lambda d: d.slain)

    def every_path(dice: Any) -> int:
        g.dice = dice
        return int(odds.drive(make(g)).slain)

    walked: dict[object, Fraction] = {}
    for result, weight, total in enumerate_paths(every_path):
        walked[result] = walked.get(result, Fraction(0)) + Fraction(weight, total)
    assert merged == walked
    assert sum(merged.values()) == 1 and set(merged) == {0, 1, 2}
