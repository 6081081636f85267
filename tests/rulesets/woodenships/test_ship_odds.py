"""Wooden Ships' odds of ship against ship, from the rules' own code: a ram (WS-RAM-1/2), a
grapple and a boarding party's crossing (WS-BOARD-1), asked on the command line's questions and
before a steer in a game without the collisions module."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from grapeshot.core.capabilities import Effort
from grapeshot.odds import before
from grapeshot.rulesets.woodenships.actions import Steer
from grapeshot.rulesets.woodenships.odds import ODDS, QUESTIONS, WsOdds
from grapeshot.rulesets.woodenships.prompts import SteerPrompt
from tests.rulesets.woodenships.harness import game, scenario, ship

EXACT = Effort(budget=4000, samples=0)


def ask(question: str, **given: Any) -> WsOdds:
    q = next(x for x in QUESTIONS if x.name == question)
    answer = ODDS.ask(question, q.values({k.replace("_", "-"): v for k, v in given.items()}), EXACT)
    assert answer.exact and sum(answer.dist.values()) == 1
    return answer


def p(answer: WsOdds, words: str) -> Fraction:
    return answer.p(lambda outcome: words in outcome)


@pytest.mark.rules("WS-RAM-1")
def test_a_bow_first_ram_deals_one_more_than_a_sideswipe() -> None:
    """Two narrow ships (ram value 2, 12 points): bow first Blue takes D6+3, Red D6+2 back."""
    bow = ask("ram")
    assert all(p(bow, f"Blue loses {k} ") == Fraction(1, 6) for k in range(4, 10))
    assert all(p(bow, f"Red loses {k} ") == Fraction(1, 6) for k in range(3, 9))
    side = ask("ram", sideswipe=True)
    assert all(p(side, f"Blue loses {k} ") == Fraction(1, 6) for k in range(3, 9))
    assert p(bow, "stuck") == 0  # 12 points against 12 left: not bigger


@pytest.mark.rules("WS-RAM-1", "WS-RAM-2")
def test_a_bigger_rammer_sticks_fast_and_fixed_objects_take_no_harm() -> None:
    big = ask("ram", rammer="wide", rammed="small")
    assert p(big, "Blue stuck fast to Red") == 1
    rocks = ask("ram", rammed="rocks")  # D6+7 against a narrow ship's 12
    assert p(rocks, "Red loses 12 (0 left)") == Fraction(1, 3) and p(rocks, "Blue") == 0


@pytest.mark.rules("WS-SHIP-3", "WS-RAM-1")
def test_the_ram_takes_the_copy_of_the_ship_table_in_force() -> None:
    main, sheet = ask("ram"), ask("ram", ship_table="score_sheet")
    assert main.dist != sheet.dist


@pytest.mark.rules("WS-BOARD-1", "WS-FIG-2")
@pytest.mark.parametrize(("hero", "bonus", "odds"), [(False, True, Fraction(5, 6)), (True, True, Fraction(1)), (True, False, Fraction(5, 6))])
def test_a_grapple_and_a_boarding_party_need_two_to_six(hero: bool, bonus: bool, odds: Fraction) -> None:
    assert p(ask("grapple", hero=hero, hero_boarding=bonus), "Blue grappled to Red") == odds
    assert p(ask("board", hero=hero, hero_boarding=bonus), "across") == odds


@pytest.mark.rules("WS-RAM-1", "WS-RAM-2")
def test_before_a_steer_that_rams_without_the_module_are_ws_s_own_ram_odds() -> None:
    """Red's narrow ship heads east at Blue's, lying across her course 4" ahead: the odds before
    the steer are WS's own ram (the same as the ``ram`` question), and the game is untouched."""
    g = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 30.5, 20, 90)]), [])
    assert isinstance(g.prompt, SteerPrompt) and g.prompt.ship == "Red"
    answer = before(g, "red", Steer(0.0, 12.0), EXACT)
    assert isinstance(answer, WsOdds) and answer.exact
    assert all(p(answer, f"Blue loses {k} ") == Fraction(1, 6) for k in range(4, 10))
    assert g.state.ships["Red"].hull.x == 20  # type: ignore[attr-defined]


@pytest.mark.rules("CG-SWIM-1", "WS-DMG-3")
@pytest.mark.parametrize("aboard", [0, 3])
def test_sink_or_swim_loses_each_aboard_on_a_one(aboard: int) -> None:
    """A ship going down with the collisions module in play: her captain and each man roll a D6,
    a 1 goes down with her: the number lost is binomial over six."""
    answer = ask("sink-or-swim", aboard=aboard)
    n = aboard + 1
    assert answer.dist["none lost"] == Fraction(5, 6) ** n
    assert answer.dist[f"{n} lost"] == Fraction(1, 6) ** n


@pytest.mark.rules("WS-RAM-1", "WS-BOARD-1", "NW-CREW-3")
def test_grapeshot_odds_asks_the_new_questions_on_the_command_line() -> None:
    """The questions are picked by their own parameters, as the other questions are."""
    from typer.testing import CliRunner

    from grapeshot.cli import app

    r = CliRunner().invoke(app, ["odds", "--ruleset", "woodenships", "--rammer", "wide", "--rammed", "rocks", "--json"])
    assert r.exit_code == 0 and '"exact": true' in r.stdout and "Red loses" in r.stdout
    r = CliRunner().invoke(app, ["odds", "--ruleset", "woodenships", "--question", "grapple", "--hero"])
    assert r.exit_code == 0 and "Blue grappled to Red" in r.stdout
    r = CliRunner().invoke(app, ["odds", "--ruleset", "navalwarhammer", "--part", "oars", "--models", "6", "--json"])
    assert r.exit_code == 0 and '"exact": true' in r.stdout and "oars" in r.stdout
    r = CliRunner().invoke(app, ["odds", "--ruleset", "navalwarhammer", "--template", "flame", "--under", "2"])
    assert r.exit_code == 0 and "slain" in r.stdout
