"""The module's odds (CG-RAM-2..5, CG-GRAP-2): exact against the chart worked by hand, against
seeded rolls within a stated tolerance, from the command line, and before a grapple in a game."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from grapeshot import odds
from grapeshot.cli import app
from grapeshot.dice import SeededDice
from grapeshot.rulesets.collisions.contact import MOMENTUM, RAM_CHART, ram_rolls
from grapeshot.rulesets.collisions.odds import _roller, grapple_odds, ram_odds
from grapeshot.rulesets.collisions.prompts import Grapple, GrapplePrompt
from tests.rulesets.collisions.support import game, scenario
from tests.rulesets.collisions.test_sideswipes import CUTTER, HULK, swing


def sums(n: int) -> Counter[int]:
    """The totals of ``n`` D6 by brute force: how many of the 6**n ways give each."""
    return Counter(sum(faces) for faces in itertools.product(range(1, 7), repeat=n))


@pytest.mark.rules("CG-RAM-2", "CG-RAM-3", "CG-RAM-4")
@pytest.mark.parametrize(("rammer", "target"), list(RAM_CHART))
@pytest.mark.parametrize(("purpose", "stacking"), [(False, "all"), (True, "all"), (True, "no-chart")])
def test_a_rams_damage_is_the_chart_the_momentum_and_the_ram(rammer: str, target: str, purpose: bool, stacking: str) -> None:
    left = 2
    to_rammer_dice, to_target_dice = RAM_CHART[(rammer, target)]
    if purpose and stacking == "no-chart":
        to_target_dice = 0
    target_dice = to_target_dice + (3 if purpose else 0)
    expected = {n + left * MOMENTUM[rammer]: Fraction(k, 6**target_dice) for n, k in sums(target_dice).items()}
    answer = ram_odds(rammer, target, left, purpose, stacking)
    assert answer.exact
    assert answer.marginal(lambda r: r[0]) == expected
    rammer_dice = 0 if purpose else to_rammer_dice
    assert answer.marginal(lambda r: r[1]) == {n: Fraction(k, 6**rammer_dice) for n, k in sums(rammer_dice).items()}


@pytest.mark.rules("CG-RAM-5")
def test_a_boat_rammed_by_a_ship_sinks_outright_and_a_boat_never_rams() -> None:
    sunk = ram_odds("large", "boat", 3, False, "all")
    assert sunk.dist == {(0, 0): Fraction(1)} and "sinks" in sunk.given
    with pytest.raises(odds.OddsError, match="does not ram"):
        ram_odds("canoe", "large", 1, False, "all")


@pytest.mark.rules("CG-RAM-2", "CG-RAM-4")
def test_the_exact_ram_odds_agree_with_seeded_rolls() -> None:
    """20,000 seeded rams of the same code: every total's frequency within 4.5 standard errors of
    the exact chance (a false alarm about once in 10^5 per total)."""
    exact = ram_odds("middling", "small", 1, True, "all").marginal(lambda r: r[0])
    rng = random.Random(7)
    n = 20_000
    seen: Counter[int] = Counter()
    for _ in range(n):
        dmg = odds.drive(ram_rolls(_roller(SeededDice(rng.getrandbits(48))), "a", "b", "middling", "small", 1, True, "all", None, None))
        seen[dmg.to_target] += 1
    assert set(seen) <= set(exact)
    for total, p in exact.items():
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[total] / n - float(p)) <= 4.5 * se + 1e-9, (total, seen[total] / n, float(p))


@pytest.mark.rules("CG-GRAP-2")
@pytest.mark.parametrize("extra_rule", ["beyond-two", "beyond-one"])
@pytest.mark.parametrize("grapplers", [2, 3, 4, 6])
def test_a_grapple_holds_on_a_d6_with_its_bonus_but_never_on_a_1(grapplers: int, extra_rule: str) -> None:
    extra = grapplers - (2 if extra_rule == "beyond-two" else 1)
    holds = sum(1 for d in range(1, 7) if d != 1 and d + extra >= 3)
    answer = grapple_odds(grapplers, extra_rule)
    assert answer.exact and answer.p(bool) == Fraction(holds, 6)
    assert answer.to_json()["holds"]["fraction"] == f"{Fraction(holds, 6).numerator}/{Fraction(holds, 6).denominator}"


@pytest.mark.rules("CG-GRAP-2")
def test_odds_before_a_grapple_in_a_game_use_its_option_and_its_prompt() -> None:
    g = game(scenario([{**CUTTER, "crew": 4}, HULK], options={"collisions.grapple_extra": "beyond-one"}), [3])
    swing(g)
    assert isinstance(g.prompt, GrapplePrompt)
    answer = odds.before(g, "red", Grapple("Cutter", "Hulk", 2))
    assert answer.to_json()["holds"]["fraction"] == "5/6"  # +1 for the second grappler: 2 or more
    with pytest.raises(odds.OddsError, match="not legal now"):
        odds.before(g, "red", Grapple("Cutter", "Hulk", 9))  # more than the four spare crew
    with pytest.raises(odds.OddsError, match="no odds to tell"):
        odds.before(g, "red", Grapple("Cutter", "Hulk", 0))  # not throwing at all


@pytest.mark.rules("CG-RAM-3")
def test_the_command_line_asks_the_modules_questions() -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["odds", "--module", "collisions", "--rammer", "large", "--target", "small", "--ma-left", "2", "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    assert got["exact"] and got["to_rammer"] == {"0": {"fraction": "1/1", "p": 1.0}}
    assert min(int(k) for k in got["to_target"]) == 2 + 2 * 3  # 2D6 and 2 MA x 3 for a large rammer
    assert runner.invoke(app, ["odds", "--module", "collisions", "--grapplers", "1"]).exit_code == 2
    listed = runner.invoke(app, ["odds", "--module", "collisions", "--questions", "--json"])
    assert [q["name"] for q in json.loads(listed.output)["questions"]] == ["ram", "grapple"]
    nothing = runner.invoke(app, ["odds", "--module", "nosuch", "--questions"])
    assert nothing.exit_code == 2 and "unknown rule module 'nosuch'" in nothing.output
