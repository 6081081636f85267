"""Combat results and break tests at sea (NW-BOARD-5), the First Mate's re-roll (NW-UPG-7) and
ranks aboard (NW-RANK-1), with scripted dice through a real game."""

from __future__ import annotations

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.rulesets.navalwarhammer.fantasy.combat import Side, break_test, combat_result, size_bonus
from grapeshot.rulesets.navalwarhammer.fantasy.rerolls import CrewOfficers
from grapeshot.rulesets.navalwarhammer.fantasy.units import crew_size, highest_leadership, ranks_aboard, ship_part
from tests.rulesets.navalwarhammer.harness import events, run, table, unit


@pytest.mark.rules("NW-BOARD-5", "FB-COMBAT-1")
@pytest.mark.parametrize(
    ("size", "enemy", "replace", "add"),
    [(10, 10, 0, 0), (11, 10, 1, 1), (19, 10, 1, 1), (20, 10, 2, 3), (25, 10, 2, 3), (9, 10, 0, 0), (1, 0, 2, 3)],
)
def test_the_larger_crew_bonus(size: int, enemy: int, replace: int, add: int) -> None:
    assert size_bonus(size, enemy) == replace
    assert size_bonus(size, enemy, "add") == add


@pytest.mark.rules("NW-BOARD-5", "FB-COMBAT-1")
def test_combat_result_sums_wounds_the_size_bonus_and_other_bonuses() -> None:
    g = table()
    # Greatswords inflicted 1 wound, the goblin ship 3; the goblins are twice as many: +2
    r = combat_result(g, Side("Sea Wolf", "red", 1, 10, (("standard", 1),)), Side("Gobbo Barge", "blue", 3, 22))
    assert (r.score("Sea Wolf"), r.score("Gobbo Barge"), r.winner, r.loser, r.difference) == (2, 5, "Gobbo Barge", "Sea Wolf", 3)
    (ev,) = events(g, "combat-result")
    assert ev.rule == "NW-BOARD-5"
    assert ev.data["crews"]["Gobbo Barge"] == {"score": 5, "wounds": 3, "larger crew": 2}
    assert ev.data["crews"]["Sea Wolf"] == {"score": 2, "wounds": 1, "larger crew": 0, "standard": 1}
    assert combat_result(g, Side("A", "red", 1, 10), Side("B", "blue", 3, 22), outnumber="add").difference == 5
    with pytest.raises(ValueError, match="outnumber must be one of"):
        combat_result(g, Side("A", "red", 1, 10), Side("B", "blue", 3, 22), outnumber="double")


@pytest.mark.rules("FB-COMBAT-1")
def test_a_drawn_round_goes_to_the_side_with_a_musician() -> None:
    g = table()
    draw = combat_result(g, Side("A", "red", 2, 10), Side("B", "blue", 2, 10))
    assert (draw.winner, draw.loser, draw.difference) == (None, None, 0)
    won = combat_result(g, Side("A", "red", 2, 10), Side("B", "blue", 2, 10, musician=True))
    assert (won.winner, won.difference) == ("B", 1)
    both = combat_result(g, Side("A", "red", 2, 10, musician=True), Side("B", "blue", 2, 10, musician=True))
    assert both.winner is None


@pytest.mark.rules("NW-RANK-1")
@pytest.mark.parametrize(("models", "ranks"), [(0, 0), (5, 0), (6, 1), (11, 1), (12, 2), (17, 2), (18, 3), (60, 10)])
def test_ranks_aboard_are_models_over_six(models: int, ranks: int) -> None:
    assert ranks_aboard(models) == ranks


@pytest.mark.rules("NW-RANK-1", "NW-BOARD-5")
def test_ranks_never_add_to_the_combat_result() -> None:
    g = table()
    # 18 models are three ranks, but the score is wounds and the size bonus alone
    r = combat_result(g, Side("Big", "red", 0, 18), Side("Small", "blue", 1, 12))
    assert r.score("Big") == 1 and r.score("Small") == 1 and r.winner is None


def test_crew_size_and_the_highest_leadership_aboard() -> None:
    crew = [unit("Goblins", models=20, ld=6), unit("Boss", models=1, ld=8), unit("Trolls", models=0, ld=9), ship_part("Hull", "red", 8, 16)]
    assert crew_size(crew) == 21
    assert highest_leadership(crew) == 8


@pytest.mark.rules("NW-BOARD-5", "FB-BREAK-1")
def test_break_tests_on_the_unmodified_ld_then_shaken_then_abandon_ship() -> None:
    # not Shaken: Ld 8 unmodified although the round was lost by 3; 9 fails: Shaken
    g = table([4, 5])
    b = run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=3))
    assert (b.needed, b.roll, b.verdict) == (8, 9, "shaken")
    (ev,) = events(g, "break-test")
    assert (ev.rule, ev.data["penalised"], ev.data["needed"], ev.data["verdict"]) == ("NW-BOARD-5", False, 8, "shaken")
    # Shaken: the usual penalty, Ld 8 - 3 = 5; a 5 holds, a 6 abandons ship
    g = table([2, 3])
    assert run(g, break_test(g, "Sea Wolf", "red", 8, shaken=True, difference=3)).verdict == "holds"
    g = table([3, 3])
    b = run(g, break_test(g, "Sea Wolf", "red", 8, shaken=True, difference=3))
    assert (b.needed, b.verdict) == (5, "abandon")
    # the other reading: every break test takes the penalty
    g = table([3, 3])
    assert run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=3, shaken_penalty="always")).verdict == "shaken"


@pytest.mark.rules("FB-BREAK-1")
def test_double_one_stubborn_and_unbreakable() -> None:
    # Shaken and lost by 7: Ld 1, yet a double 1 passes
    g = table([1, 1])
    b = run(g, break_test(g, "Hulk", "red", 8, shaken=True, difference=7))
    assert (b.needed, b.verdict) == (2, "holds")
    assert events(g, "break-test")[0].data["insane_courage"] is True
    g = table([1, 2])
    assert run(g, break_test(g, "Hulk", "red", 8, shaken=True, difference=7)).verdict == "abandon"
    # stubborn crews ignore the penalty; unbreakable ones do not roll
    g = table([4, 4])
    assert run(g, break_test(g, "Hammers", "red", 9, shaken=True, difference=4, stubborn=True)).verdict == "holds"
    g = table([])
    assert run(g, break_test(g, "Slayers", "red", 10, shaken=True, difference=9, unbreakable=True)).verdict == "holds"
    with pytest.raises(ValueError, match="shaken_penalty must be one of"):
        run(g, break_test(g, "Slayers", "red", 10, shaken=True, difference=9, shaken_penalty="never"))


def _take(p: Prompt) -> Reroll:
    assert isinstance(p, RerollPrompt) and p.rule == "NW-UPG-7" and p.whole and p.grant is not None and p.grant.on_failure
    return Reroll(whole=True)


@pytest.mark.rules("NW-UPG-7", "NW-BOARD-5")
def test_a_first_mate_re_rolls_a_failed_break_test_once() -> None:
    crews = {"Sea Wolf": CrewOfficers("red", first_mate=True)}
    # 6 5 fails Ld 8; the First Mate re-rolls the whole test: 3 4 holds
    g = table([6, 5, 3, 4], crews)
    b = run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=2), [_take])
    assert (b.roll, b.verdict) == (7, "holds")
    (rr,) = events(g, "reroll")
    assert (rr.rule, rr.data["granted_by"], rr.data["faces"], rr.data["seat"]) == ("NW-BOARD-5", "NW-UPG-7", [3, 4], "red")
    # the re-roll stands, and is not offered again when it fails too
    g = table([6, 5, 6, 6], crews)
    assert run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=2), [_take]).verdict == "shaken"
    # declined: the failure stands
    g = table([6, 5], crews)
    assert run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=2), [Reroll(None)]).verdict == "shaken"


@pytest.mark.rules("NW-UPG-7")
def test_no_first_mate_re_roll_for_a_pass_without_a_first_mate_or_when_overcrowded() -> None:
    # a passed test is not offered a re-roll
    g = table([3, 4], {"Sea Wolf": CrewOfficers("red", first_mate=True)})
    assert run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=1)).verdict == "holds"
    for officers in (CrewOfficers("red"), CrewOfficers("red", first_mate=True, overcrowded=True)):
        g = table([6, 6], {"Sea Wolf": officers})
        assert run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=1)).verdict == "shaken"
    # a First Mate aboard another ship does nothing for this one
    g = table([6, 6], {"Other": CrewOfficers("red", first_mate=True)})
    assert run(g, break_test(g, "Sea Wolf", "red", 8, shaken=False, difference=1)).verdict == "shaken"
