"""Odds before acting, exact by enumeration of the rules' own procedures: a shot at a range band,
a gun at a ship, a boat, a man or a gun (what spills over, the crew's wounds), a blow with the
gang-up and two weapons, climbing aboard from the water, and a proposed action in a game; each
checked against the table's numbers and, statistically, against seeded rolls."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.capabilities import Effort
from grapeshot.core.game import Game
from grapeshot.odds import OddsError, before
from grapeshot.rulesets.woodenships.actions import Act, Move
from grapeshot.rulesets.woodenships.odds import ODDS, QUESTIONS, WsOdds
from tests.rulesets.woodenships.harness import duel, fig, game, shore, to_figure

EXACT = Effort(budget=4000, samples=0)


def ask(question: str, **given: Any) -> WsOdds:
    q = next(x for x in QUESTIONS if x.name == question)
    values = q.values({k.replace("_", "-"): v for k, v in given.items()})
    answer = ODDS.ask(question, values, EXACT)
    assert answer.exact and sum(answer.dist.values()) == 1
    return answer


def p(answer: WsOdds, words: str) -> Fraction:
    return answer.p(lambda outcome: words in outcome)


@pytest.mark.rules("WS-ARMS-1", "WS-ARMS-2", "WS-FIG-2")
@pytest.mark.parametrize(
    ("weapon", "gap", "hero", "seven", "hit"),
    [
        ("rifle", 30.0, False, "bonus_only", Fraction(0)),  # extreme: the "7", out of reach
        ("rifle", 30.0, True, "bonus_only", Fraction(1, 6)),  # a hero's +1 brings it to a 6
        ("rifle", 30.0, False, "six_then_four", Fraction(1, 12)),  # a 6, then a 4+
        ("rifle", 15.0, False, "bonus_only", Fraction(1, 6)),  # long: 6
        ("crossbow", 10.0, False, "bonus_only", Fraction(1, 3)),  # medium: 5+
        ("bow", 4.0, True, "bonus_only", Fraction(2, 3)),  # short: 4+, a hero 3+
        ("pistol", 1.0, False, "bonus_only", Fraction(2, 3)),  # within 2": 3+
    ],
)
def test_a_shot_s_odds_are_its_band_s_number(weapon: str, gap: float, hero: bool, seven: str, hit: Fraction) -> None:
    if hit == 0:
        with pytest.raises(OddsError, match="out of reach"):
            ask("shot", weapon=weapon, range=gap, hero=hero, to_hit_seven=seven)
        return
    answer = ask("shot", weapon=weapon, range=gap, hero=hero, to_hit_seven=seven)
    assert p(answer, "Target killed") == hit


@pytest.mark.rules("WS-ARMS-1")
def test_a_rifle_cannot_hit_within_two_inches_and_a_hero_takes_a_wound() -> None:
    with pytest.raises(OddsError, match='cannot hit within 2"'):
        ask("shot", weapon="rifle", range=1.0)
    answer = ask("shot", weapon="rifle", range=5.0, victim="hero")
    assert p(answer, "Target wounded (2 of 3 left)") == Fraction(1, 2)


@pytest.mark.rules("WS-GUN-3", "WS-GUN-6")
def test_a_cannon_at_a_ship_and_at_a_boat() -> None:
    ship = ask("gun", gun="cannon", at="ship", range=10.0)  # 12" band: 2+; then 1D6
    assert p(ship, "no effect") == Fraction(1, 6)
    assert all(p(ship, f"Blue loses {k} ") == Fraction(5, 36) for k in range(1, 7))
    boat = ask("gun", gun="cannon", at="boat", range=30.0)  # 36": 5+, -1 against a boat: 6; a rowboat has 3 points
    assert p(boat, "Blue loses 3") == Fraction(1, 6) * Fraction(4, 6)


@pytest.mark.rules("WS-GUN-7", "WS-GUN-9", "WS-GUN-6")
def test_a_cannon_at_a_cannon_spills_on_five_or_six_and_wounds_its_crew() -> None:
    answer = ask("gun", gun="cannon", at="cannon", range=10.0)  # 2+, -1 against a cannon: 3+
    destroyed = p(answer, "Blue cannon 1 destroyed")
    assert destroyed == Fraction(4, 6) * Fraction(4, 6)  # a blow of 3 or more
    assert p(answer, "Blue loses 1") == Fraction(4, 6) * Fraction(2, 6)
    assert p(answer, "Crewman killed") == destroyed


@pytest.mark.rules("WS-GUN-8", "WS-GUN-4", "WS-FIG-2")
def test_a_swivel_at_a_swivel_takes_two_off_its_ship_on_three_to_six() -> None:
    answer = ask("gun", gun="swivel", at="swivel", range=10.0, hero=True)  # 12": 3+, a hero 2+; 1D3
    assert p(answer, "Blue swivel 1 destroyed") == Fraction(5, 6)
    assert p(answer, "Blue loses 2") == Fraction(5, 6) * Fraction(1, 3)


@pytest.mark.rules("WS-MELEE-1", "WS-FIG-4", "WS-MELEE-2")
def test_a_blow_s_odds_with_the_gang_up_and_two_weapons() -> None:
    assert p(ask("melee", melee_weapon="axe"), "Victim killed") == Fraction(1, 6)
    assert p(ask("melee", melee_weapon="sword", gang=2), "Victim killed") == Fraction(2, 3)  # 5-6, +2
    assert p(ask("melee", melee_weapon="halberd", gang=1, hero=True), "Victim killed") == Fraction(2, 3)  # 5-6, +1, +1: 3+
    assert p(ask("melee", melee_weapon="club", second="sword"), "Victim killed") == Fraction(1, 3)  # +1 to hit
    two = ask("melee", melee_weapon="axe", second="sword", two_weapons="attacks", victim="hero")
    assert p(two, "Victim killed") == Fraction(1, 6) * Fraction(1, 3)  # the axe's 2, then the sword's 1
    assert p(two, "no effect") == Fraction(5, 6) * Fraction(2, 3)


@pytest.mark.rules("WS-BOARD-3", "WS-RULING-1")
@pytest.mark.parametrize(
    ("pace", "hero", "bonus", "aboard"),
    [
        ("stationary", False, True, Fraction(2, 3)),
        ("half", False, True, Fraction(1, 2)),
        ("full", False, True, Fraction(1, 3)),
        ("full", True, True, Fraction(1, 2)),
        ("full", True, False, Fraction(1, 3)),
    ],
)
def test_climbing_aboard_from_the_water_by_the_ship_s_pace(pace: str, hero: bool, bonus: bool, aboard: Fraction) -> None:
    assert p(ask("climb", pace=pace, hero=hero, hero_boarding=bonus), "Swimmer onto Blue") == aboard


@pytest.mark.rules("WS-GUN-3", "WS-MELEE-1", "WS-ARMS-1")
@pytest.mark.parametrize(
    ("question", "given"),
    [
        ("gun", {"gun": "cannon", "at": "cannon", "range": 10.0}),
        ("melee", {"melee_weapon": "axe", "second": "sword", "two_weapons": "attacks", "victim": "hero"}),
        ("shot", {"weapon": "bow", "range": 5.0}),
    ],
)
def test_the_exact_odds_agree_with_seeded_rolls(question: str, given: dict[str, Any]) -> None:
    """Seeded runs of the same procedure: each outcome's frequency within 4 standard errors of
    its exact chance (a false alarm about once in 16,000 outcomes)."""
    exact = ask(question, **given)
    q = next(x for x in QUESTIONS if x.name == question)
    n = 3000
    seeded = ODDS.ask(question, q.values({k.replace("_", "-"): v for k, v in given.items()}), Effort(budget=0, samples=n, seed=11))
    assert not seeded.exact and seeded.samples == n
    for outcome, chance in exact.dist.items():
        freq = float(seeded.dist.get(outcome, Fraction(0)))
        sigma = math.sqrt(float(chance) * (1 - float(chance)) / n)
        assert abs(freq - float(chance)) <= 4 * sigma + 1e-9, (outcome, freq, float(chance))
    assert set(seeded.dist) <= set(exact.dist)


@pytest.mark.rules("WS-ARMS-1", "WS-FIG-3")
def test_the_odds_of_an_action_proposed_in_a_game_leave_the_game_as_it_was() -> None:
    g: Game = game(duel([{"name": "Marksman", "kind": "man", "weapons": ["rifle"]}], [{"name": "Bosun", "kind": "man"}], gap=8.0))
    prompt = to_figure(g, "Marksman")
    stay = Move()
    with pytest.raises(OddsError, match="no odds to tell"):  # nothing to roll for standing still
        before(g, "red", stay)
    g.submit("red", stay)
    rifle = next(w.name for w in shore(g).carried("Marksman"))
    act = Act("shoot", rifle, "Bosun")
    seen = [e.line() for e in g.events]
    answer = before(g, "red", act)
    assert answer.exact and "Bosun killed" in answer.dist
    gap = answer.title
    assert "Marksman: shoot Bosun" in gap
    assert answer.p(lambda o: "Bosun killed" in o) in (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2))
    assert [e.line() for e in g.events] == seen and fig(g, "Bosun").alive and prompt is not None
    with pytest.raises(OddsError, match="not legal"):
        before(g, "red", Act("shoot", rifle, "Nobody"))


def test_grapeshot_odds_asks_wooden_ships_questions() -> None:
    r = CliRunner().invoke(app, ["odds", "--ruleset", "woodenships", "--questions"])
    assert r.exit_code == 0 and all(q.name in r.stdout for q in QUESTIONS)
    r = CliRunner().invoke(app, ["odds", "--ruleset", "woodenships", "--gun", "cannon", "--at", "ship", "--range", "10", "--json"])
    assert r.exit_code == 0 and '"exact": true' in r.stdout and "5/36" in r.stdout
    r = CliRunner().invoke(app, ["odds", "--ruleset", "woodenships", "--weapon", "rifle", "--range", "70"])
    assert r.exit_code == 2 and "range" in " ".join(r.stderr.split())


@pytest.mark.rules("WS-FORT-2")
def test_the_odds_of_a_move_that_scales_a_fort_s_walls() -> None:
    from tests.rulesets.woodenships.test_forts import fort_game

    g = fort_game(blue_ashore=[{"name": "Jack", "at": [35, 30.5]}, {"name": "Hero", "kind": "hero", "at": [33, 30.5]}])
    to_figure(g, "Jack")
    onto = Move((35.0, 28.0), "wall", "Keep")
    answer = before(g, "blue", onto)
    assert answer.exact and answer.p(lambda o: "Jack onto Keep" in o) == Fraction(1, 6)


def test_the_web_table_gives_a_wooden_ships_action_s_odds(tmp_path: Any) -> None:
    """The table's "odds before you act" for this rule set: the game's own check, then the exact odds."""
    from fastapi.testclient import TestClient

    from grapeshot.server.app import create_app

    local = Game("woodenships", duel([{"name": "Marksman", "kind": "man", "weapons": ["rifle"]}], [{"name": "Bosun", "kind": "man"}], gap=8.0), seed=2)
    to_figure(local, "Marksman")
    local.submit("red", Move())
    rifle = next(w.name for w in shore(local).carried("Marksman"))
    client = TestClient(create_app(tmp_path))
    made = client.post("/api/saves", json={"save": local.save(), "seats": {"red": "human", "blue": "human"}})
    assert made.status_code == 200, made.text
    g = made.json()
    tok = g["links"]["red"].split("token=", 1)[1]
    r = client.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"action": Act("shoot", rifle, "Bosun").to_json()})
    assert r.status_code == 200 and r.json()["exact"] is True and "Bosun killed" in r.json()["outcomes"], r.text
    bad = client.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"action": Act("shoot", rifle, "Nobody").to_json()})
    assert bad.status_code == 422 and "not legal" in bad.json()["error"], bad.text


@pytest.mark.rules("WS-GUN-3", "WS-GUN-4")
@pytest.mark.parametrize(
    ("gun", "at", "gap", "hit"),
    [
        ("cannon", "ship", 54.0, Fraction(1, 6)),
        ("cannon", "ship", 36.0, Fraction(1, 3)),
        ("cannon", "swivel", 45.0, Fraction(1, 6)),
        ("swivel", "man", 36.0, Fraction(1, 6)),
    ],
)
def test_every_range_the_gun_question_offers_is_staged(gun: str, at: str, gap: float, hit: Fraction) -> None:
    """WS-GUN-3/4: the longest bands (36" to 54" for a cannon) are staged on a table deep enough
    for both ships; the chance of any effect is the band's number."""
    answer = ask("gun", gun=gun, at=at, range=gap)
    assert 1 - p(answer, "no effect") == hit


@pytest.mark.rules("WS-MELEE-1")
def test_a_bayonet_blow_is_struck_with_a_rifle_s_bayonet() -> None:
    """WS-MELEE-1: a bayonet (6, 1 damage) comes on a rifle; the question stages a rifleman."""
    assert p(ask("melee", melee_weapon="bayonet"), "Victim killed") == Fraction(1, 6)
    assert p(ask("melee", melee_weapon="bayonet", hero=True), "Victim killed") == Fraction(1, 3)
