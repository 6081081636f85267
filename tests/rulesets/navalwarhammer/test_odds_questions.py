"""Naval Warhammer's odds questions (``grapeshot odds --ruleset navalwarhammer``): exact answers
against fractions worked out by hand, a Monte Carlo answer against the exact one within a stated
tolerance, and clean refusals of what cannot be asked."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from grapeshot import odds
from grapeshot.agents import make, play_until
from grapeshot.core import ruleset as registry
from grapeshot.core.capabilities import Effort
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.navalwarhammer.actions import Shoot
from grapeshot.rulesets.navalwarhammer.odds import QUESTIONS
from grapeshot.rulesets.navalwarhammer.prompts import ShootPrompt, refusal, shots
from grapeshot.rulesets.navalwarhammer.state import Sea

NW = registry.get("navalwarhammer")


def ask(question: str, effort: Effort = odds.EFFORT, **given: object) -> odds.Odds[str]:
    q = next(q for q in QUESTIONS if q.name == question)
    answer = NW.need("odds").ask(question, q.values({k.replace("_", "-"): v for k, v in given.items()}), effort)
    assert isinstance(answer, odds.Odds)
    return answer


@pytest.mark.rules("NW-CANNON-1", "FB-CANNON-1")
def test_a_cannon_at_a_ship_part_lands_on_it_wounds_it_and_stops_only_on_a_1() -> None:
    # guessed 20": the artillery die's 2, 4 and 6 land on the part (22" to 26"), 8 and 10 over it,
    # its misfire (1/6) goes to the black-powder chart; S10 wounds T7 on 2+, each hit D6 wounds;
    # a 1 to wound stops the ball in the part and does no wound
    a = ask("cannon", range=20.0, part_from=22.0, part_to=26.0, part_toughness=7, part_structure=10)
    assert a.exact
    assert a.dist["over"] == Fraction(1, 3)
    assert a.dist["hit: 0 wounds, stopped"] == Fraction(1, 2) * Fraction(1, 6)
    for w in range(1, 7):
        assert a.dist[f"hit: {w} wounds, through"] == Fraction(1, 2) * Fraction(5, 6) * Fraction(1, 6)
    assert a.p(lambda o: o.startswith("misfire")) == Fraction(1, 6)
    # a part of 4 wounds is destroyed by a hit of 4 or more
    small = ask("cannon", range=20.0, part_from=22.0, part_to=26.0, part_toughness=7, part_structure=4)
    assert small.dist["hit: 4 wounds, destroyed"] == Fraction(1, 2) * Fraction(5, 6) * Fraction(3, 6)


@pytest.mark.rules("NW-CANNON-1")
def test_a_ball_guessed_short_bounces_onto_the_part() -> None:
    # guessed 14": it lands 16" to 24"; landing short of 22" it bounces on (2" to 10", or not at
    # all on the bounce's misfire) and may reach the part
    a = ask("cannon", range=14.0, part_from=22.0, part_to=26.0)
    assert a.exact
    # landing 16 (2): bounce needs 6+ (6, 8, 10: 1/2); 18: 4+ (2/3); 20: 2+ (5/6); 22 and 24 land on it
    on = Fraction(1, 6) * (Fraction(1, 2) + Fraction(2, 3) + Fraction(5, 6) + 2)
    assert a.p(lambda o: o.startswith("hit")) == on
    assert a.dist.get("over", Fraction(0)) == 0
    assert a.dist["short"] == Fraction(5, 6) - on


@pytest.mark.rules("NW-BOARD-5", "NW-UPG-7")
def test_a_break_test_with_and_without_a_first_mate() -> None:
    fresh = ask("break-test", ld=7, difference=3)
    # not yet Shaken: the difference is not taken off; 2D6 of 7 or less holds
    assert fresh.exact and fresh.dist == {"holds": Fraction(21, 36), "Shaken": Fraction(15, 36)}
    shaken = ask("break-test", ld=7, difference=2, shaken=True)
    assert shaken.dist == {"holds": Fraction(10, 36), "abandons ship": Fraction(26, 36)}
    mate = ask("break-test", ld=7, difference=2, shaken=True, first_mate=True)
    assert mate.dist["holds"] == 1 - Fraction(26, 36) ** 2 == Fraction(155, 324)
    stubborn = ask("break-test", ld=7, difference=2, shaken=True, stubborn=True)
    assert stubborn.dist["holds"] == Fraction(21, 36)
    # a double 1 holds whatever the difference (insane courage)
    assert ask("break-test", ld=5, difference=9, shaken=True).dist["holds"] == Fraction(1, 36)


@pytest.mark.rules("NW-BOARD-3", "NW-BOARD-4", "NW-BOARD-5")
def test_a_round_of_deck_fighting_one_model_against_one() -> None:
    # WS3 against WS3 hits on 4+, S3 against T3 wounds on 4+, no save: 1/4 each; equal initiative
    # strikes at once.  A win is the wound and +1 for the larger crew (10 against 9)
    even = ask("deck-fight", attacker_fighting=1, defender_fighting=1)
    assert even.exact
    assert even.dist == {"attackers win by 2": Fraction(3, 16), "defenders win by 2": Fraction(3, 16), "a draw": Fraction(10, 16)}
    # from the higher deck the attackers hit on 3+: 1/3 a blow
    high = ask("deck-fight", attacker_fighting=1, defender_fighting=1, higher_deck=True)
    assert high.dist["attackers win by 2"] == Fraction(1, 3) * Fraction(3, 4)
    # higher initiative strikes first: a defender slain first does not strike back
    quick = ask("deck-fight", attacker_fighting=1, defender_fighting=1, attacker_i=5, defender_models=1)
    # ten against one: +2 for twice the size, whatever else; the wound first (1/4), else the
    # defender's blow (3/4 of 1/4) or nothing
    assert quick.dist == {"attackers win by 3": Fraction(1, 4), "attackers win by 1": Fraction(3, 16), "attackers win by 2": Fraction(9, 16)}


@pytest.mark.rules("NW-BOARD-3", "NW-BOARD-5")
def test_the_monte_carlo_estimate_of_a_deck_fight_agrees_with_the_exact_odds() -> None:
    """Two against two: exact within a large budget, then estimated over 4,000 seeded runs with
    the budget withheld; every outcome's estimate lies within four standard errors of its exact
    chance (a false alarm about once in 16,000 outcomes)."""
    given = {"attacker_fighting": 2, "defender_fighting": 2, "attacker_sv": 5}
    exact = ask("deck-fight", Effort(budget=200_000), **given)
    assert exact.exact
    samples = 4000
    guess = ask("deck-fight", Effort(budget=1, samples=samples, seed=7), **given)
    assert guess.method == "monte-carlo" and "budget" in guess.note
    for outcome, p in exact.dist.items():
        se = math.sqrt(float(p) * (1 - float(p)) / samples)
        assert abs(float(guess.dist.get(outcome, Fraction(0))) - float(p)) <= 4 * se + 1e-9, outcome
    assert set(guess.dist) <= set(exact.dist)


def test_a_part_whose_far_side_is_nearer_is_refused_cleanly_by_the_command_line() -> None:
    exe = shutil.which("grapeshot", path=str(Path(sys.executable).parent))
    assert exe is not None
    cmd = [exe, "odds", "--ruleset", "navalwarhammer", "--part-from", "30", "--part-to", "20"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode != 0
    assert "--part-to" in out.stdout + out.stderr and "Traceback" not in out.stdout + out.stderr
    ok = subprocess.run([*cmd[:4], "--question", "break-test", "--ld", "8", "--json"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert '"fraction": "13/18"' in ok.stdout  # 2D6 of 8 or less: 26/36


def cannon_ready(pre_measure: bool = True) -> tuple[Game, str, list[Shoot]]:
    """A seeded duel played by random players to the first shooting phase in which a cannon has a
    shot it may take; the game, the seat and those shots (the table pre-measuring, unless told
    not to: a guess by eye has no odds before the shot)."""
    sc = load_scenario("duel", "navalwarhammer")
    g = Game("navalwarhammer", sc, seed=3, options={"pre_measure": pre_measure})

    def legal(p: object) -> list[Shoot]:
        if not isinstance(p, ShootPrompt):
            return []
        assert p.sea is not None
        return [a for s in p.open() if s.kind == "cannon" for a in shots(p.sea, s) if refusal(p.sea, s, a) is None]

    play_until(g, {s.id: make("random", 3 + k, "navalwarhammer") for k, s in enumerate(sc.seats)}, until=lambda g: bool(legal(g.prompt)))
    assert isinstance(g.prompt, ShootPrompt)
    return g, g.prompt.seat, legal(g.prompt)


@pytest.mark.rules("NW-CANNON-1", "NW-CANNON-2")
def test_the_odds_of_a_proposed_cannon_shot_are_exact_and_agree_with_seeded_sampling() -> None:
    g, seat, legal = cannon_ready()
    # aimed at a point a little short of her hull: the ball may land on her and bounce through
    a = next(a for a in legal if not a.target)
    was = json.dumps(g.ruleset.describe(g.state), sort_keys=True)
    exact = odds.before(g, seat, a)
    assert isinstance(exact, odds.Odds) and exact.exact
    assert sum(exact.dist.values()) == 1
    # the artillery die's misfire, then the black-powder chart: 1/6 in all, whatever the aim
    assert exact.p(lambda o: o.startswith("misfire")) == Fraction(1, 6)
    assert exact.p(lambda o: "lost" in o or " -" in o) > 0
    # the game is untouched: the same prompt waits, and the state is as it was
    assert g.prompt is not None and tuple(g.waiting_for()) == (seat,)
    assert json.dumps(g.ruleset.describe(g.state), sort_keys=True) == was
    samples = 3000
    guess = odds.before(g, seat, a, Effort(budget=1, samples=samples, seed=11))
    assert isinstance(guess, odds.Odds) and guess.method == "monte-carlo"
    # each outcome of 2% or more, and the chances that the hull, or her crew, lose anything: the
    # estimate within four standard errors of the exact chance (rarer outcomes are too few in
    # 3,000 runs for the normal bound)
    checks: dict[str, Callable[[str], bool]] = {
        **{o: (lambda x, o=o: x == o) for o, p in exact.dist.items() if p >= Fraction(1, 50)},
        "the hull is wounded": lambda x: "hull -" in x,
        "her crew lose models": lambda x: "lost" in x,
    }
    assert len(checks) >= 5
    for what, pred in checks.items():
        p = float(exact.p(pred))
        se = math.sqrt(p * (1 - p) / samples)
        assert abs(float(guess.p(pred)) - p) <= 4 * se + 1e-9, what


def test_a_shot_the_game_refuses_has_no_odds_and_ending_the_shooting_has_none_to_tell() -> None:
    g, seat, legal = cannon_ready()
    far = replace(legal[0], x=-500.0, y=-500.0)
    with pytest.raises(odds.OddsError, match="not legal now"):
        odds.before(g, seat, far)
    with pytest.raises(odds.OddsError, match="no odds to tell"):
        odds.before(g, seat, Shoot())


def test_a_guess_by_eye_has_no_odds_before_the_shot() -> None:
    """Issue 25, item 9: the odds of a guessed shot would measure the range for the player; with
    the table not pre-measuring (the default) they are refused, saying why, unless the shot is at
    point blank (placed, not guessed)."""
    from grapeshot.rulesets.navalwarhammer.targets import point_blank_at

    g, seat, legal = cannon_ready(pre_measure=False)
    sea = g.state
    assert isinstance(sea, Sea)
    for a in legal:
        assert a.shooter is not None
        if point_blank_at(sea, sea.units[a.shooter], sea.ships[a.ship]):
            assert isinstance(odds.before(g, seat, a, Effort(budget=1, samples=50, seed=1)), odds.Odds)
        else:
            with pytest.raises(odds.OddsError, match="guesses its range by eye"):
                odds.before(g, seat, a)
