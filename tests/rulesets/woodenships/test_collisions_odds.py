"""The collisions module's odds at a Wooden Ships table: before a steer that would ram (the
module's ram odds for the contact WS's own sweep finds) and before a grapple (the module's
own prompt), through ``odds.before``, the command line and the server's odds route."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.capabilities import Effort
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, parse_scenario
from grapeshot.geometry import Hull
from grapeshot.odds import EFFORT, OddsError, before
from grapeshot.rulesets.collisions.odds import GrappleOdds, RamOdds, grapple_odds, ram_odds
from grapeshot.rulesets.collisions.prompts import Grapple, GrapplePrompt
from grapeshot.rulesets.woodenships.actions import Steer
from grapeshot.rulesets.woodenships.prompts import SteerPrompt
from tests.rulesets.woodenships.harness import boat, game, kinds, scenario, ship
from tests.rulesets.woodenships.test_collisions_host import MEN, alongside, cg_game, galley

#: a narrow galley of four sections, as the galley fight has them (16" x 4")
LENGTH, WIDTH = 16.0, 4.0


def galley_fight(griffin_x: float, seed: int = 1) -> Game:
    """The galley fight at its first steer (seed 1: blue's Crescent, at (60, 32) heading west
    with 12" to row), Red's Griffin moved to lie across her course at ``griffin_x`` (the test's
    own arrangement): her bow at 52" reaches Griffin's near side after ``52 - griffin_x - 2``"."""
    g = Game("woodenships", load_scenario("galley-fight", "woodenships"), seed=seed)
    assert isinstance(g.prompt, SteerPrompt) and g.prompt.ship == "Crescent" and g.prompt.value == 12.0
    boat(g, "Griffin").hull = Hull(griffin_x, 32.0, 90.0, LENGTH, WIDTH)
    return g


def ram_answer(g: Game, seat: str, steer: Steer, effort: Effort = EFFORT) -> RamOdds:
    answer = before(g, seat, steer, effort)
    assert isinstance(answer, RamOdds), answer
    return answer


def mean_sd(dist: dict[tuple[int, int], Fraction], i: int) -> tuple[float, float]:
    mean = sum(float(p) * r[i] for r, p in dist.items())
    var = sum(float(p) * (r[i] - mean) ** 2 for r, p in dist.items())
    return mean, math.sqrt(var)


@pytest.mark.rules("CG-RAM-1", "CG-RAM-2", "CG-RAM-3", "CG-RAM-4")
@pytest.mark.parametrize(("griffin_x", "left"), [(45.5, 2), (42.5, 1), (39.5, 0)])
def test_the_odds_before_a_steer_that_rams_are_the_modules_ram_odds_for_the_ma_left(griffin_x: float, left: int) -> None:
    """Crescent rows 4.5", 7.5" or 10.5" of her 12" into Griffin: 2, 1 or no MA of 3" left.  The
    odds before the steer are the module's own ``ram`` question for two middling ships, the
    rammer's purpose-built ram and that MA, fraction for fraction; the game is untouched, and
    the steer then played rams with the MA the odds used."""
    g = galley_fight(griffin_x)
    crescent = boat(g, "Crescent").hull
    answer = ram_answer(g, "blue", Steer(0.0, 12.0))
    expected = ram_odds("middling", "middling", left, True, "all")
    assert answer.exact and answer.dist == expected.dist
    assert f"with {left} MA left" in answer.title and "Griffin" in answer.title
    assert answer.mean(0) == Fraction(7, 2) + 3 * Fraction(7, 2) + 2 * left and answer.mean(1) == 0  # the ram spares her
    assert boat(g, "Crescent").hull == crescent and boat(g, "Crescent").travelled == 0.0 and not kinds(g, "collisions.ram")
    g.submit("blue", Steer(0.0, 12.0))
    (ram,) = kinds(g, "collisions.ram")
    assert (ram["rammer"], ram["target"], ram["allowance_left"]) == ("Crescent", "Griffin", left)
    assert answer.dist[(ram["to_target"], ram["to_rammer"])] > 0


@pytest.mark.rules("CG-RAM-2", "CG-RAM-3")
def test_a_ship_without_a_ram_gets_the_chart_both_ways_with_her_momentum() -> None:
    """A narrow ship with no ram (middling) into a galley: 1D6 each way by the chart, her 2 MA
    left x2 to the target; the chart's damage to her is the odds' second part."""
    g = cg_game([ship("Red", 20, 20, 0, MEN)], [galley("Blue", 30.5, 20, 90)], [])
    answer = ram_answer(g, "red", Steer(0.0, 12.0))
    assert answer.dist == ram_odds("middling", "middling", 2, False, "all").dist
    assert answer.p(lambda r: r == (1 + 4, 1)) == Fraction(1, 36) and answer.mean(1) == Fraction(7, 2)


@pytest.mark.rules("CG-RAM-4")
def test_the_odds_take_the_games_ram_stacking() -> None:
    g = cg_game([galley("Red", 20, 20, 0)], [ship("Blue", 30.5, 20, 90, MEN)], [], **{"collisions.ram_stacking": "no-chart"})
    answer = ram_answer(g, "red", Steer(0.0, 12.0))
    assert answer.dist == ram_odds("middling", "middling", 2, True, "no-chart").dist
    assert answer.mean(0) == 3 * Fraction(7, 2) + 4


@pytest.mark.rules("CG-RAM-5")
def test_a_rowboat_in_the_way_is_run_under() -> None:
    rowboat = {"name": "Jolly", "type": "rowboat", "x": 28.0, "y": 20.0, "heading": 90.0, "crew": [{"name": "Cox", "kind": "captain"}]}
    g = cg_game([galley("Red", 20, 20, 0)], [rowboat], [])
    answer = ram_answer(g, "red", Steer(0.0, 12.0))
    assert answer.dist == {(0, 0): Fraction(1)} and "run down and sinks" in answer.given


@pytest.mark.rules("CG-RAM-1", "CG-RAM-3")
def test_a_seeded_monte_carlo_of_the_ram_is_within_four_standard_errors_of_the_exact_odds() -> None:
    """With no exact budget the same ram is sampled (3000 seeded runs of the rules' dice): the
    mean damage to Griffin lies within 4 SE of the exact mean, and so does each chance of the
    commonest totals."""
    g = galley_fight(45.5)
    exact = ram_answer(g, "blue", Steer(0.0, 12.0))
    n = 3000
    sampled = ram_answer(g, "blue", Steer(0.0, 12.0), Effort(budget=1, samples=n, seed=13))
    assert sampled.method == "monte-carlo" and sum(sampled.dist.values()) == 1
    mean, sd = mean_sd(exact.dist, 0)
    assert abs(float(sampled.mean(0)) - mean) <= 4 * sd / math.sqrt(n)
    for total in (17, 18, 19):
        p = float(exact.p(lambda r, t=total: r[0] == t))
        q = float(sampled.p(lambda r, t=total: r[0] == t))
        assert abs(q - p) <= 4 * math.sqrt(p * (1 - p) / n), total


@pytest.mark.rules("CG-RAM-1", "CG-SIDE-1", "CG-SIDE-4")
def test_a_steer_that_touches_nothing_has_no_odds_and_a_sideswipe_costs_the_oars_two_d6() -> None:
    """Turning into Blue is a sideswipe, not a ram: the odds are the module's own contact run on
    copies of the game, the galley's oars taking 2D6 with no saves (Blue has none to lose)."""
    g = galley_fight(45.5)
    with pytest.raises(OddsError, match="steer has no odds"):
        before(g, "blue", Steer(90.0, 6.0))  # swings clear of Griffin
    side = cg_game([galley("Red", 20, 20, 0)], [ship("Blue", 20, 25, 0, MEN)], [])
    answer = before(side, "red", Steer(90.0, 4.0))  # turning into her: a sideswipe, no ram
    assert answer.exact and not isinstance(answer, RamOdds)
    assert answer.p(lambda o: "Red loses 7 " in o) == Fraction(1, 6)  # type: ignore[operator]
    assert answer.p(lambda o: "Red loses 2 " in o) == Fraction(1, 36)  # type: ignore[operator]
    assert answer.p(lambda o: "Blue loses" in o) == 0  # type: ignore[operator]
    assert not kinds(side, "collisions.sideswipe")  # the game is untouched
    with pytest.raises(OddsError, match="not legal"):
        before(g, "blue", Steer(0.0, 13.0))  # beyond her mark: the prompt's own refusal


@pytest.mark.rules("WS-RAM-1")
def test_without_the_module_a_steer_that_rams_nothing_has_no_odds() -> None:
    """Without the module a steer that would ram takes WS's own ram odds (test_ship_odds); one
    that stops short of Blue touches nothing and has none."""
    g = game(scenario([galley("Red", 20, 20, 0)], [ship("Blue", 30.5, 20, 90, MEN)]), [])
    with pytest.raises(OddsError, match="steer has no odds"):
        before(g, "red", Steer(0.0, 3.0))
    assert before(g, "red", Steer(0.0, 12.0)).exact


@pytest.mark.rules("CG-GRAP-1", "CG-GRAP-2")
def test_the_odds_before_a_grapple_at_a_wooden_ships_table() -> None:
    """Red closes within 2" of Blue: the module's grapple prompt; the odds before throwing with
    two or four hands are the module's ``grapple`` question with the game's option (two hold on
    a 3 or more, four on anything but a natural 1)."""
    g = alongside(4, 1, [])
    g.submit("red", Steer(0.0, 3.0))
    assert isinstance(g.prompt, GrapplePrompt)
    for hands, holds in ((2, Fraction(2, 3)), (4, Fraction(5, 6))):
        answer = before(g, "red", Grapple("Red", "Blue", hands))
        assert isinstance(answer, GrappleOdds) and answer.exact
        assert answer.dist == grapple_odds(hands, "beyond-two").dist and answer.p(bool) == holds
    with pytest.raises(OddsError, match="no odds to tell"):
        before(g, "red", Grapple("Red", "Blue", 0))
    with pytest.raises(OddsError, match="not legal"):
        before(g, "red", Grapple("Red", "Blue", 9))


def seeded_ram() -> Game:
    """Red's galley 4.5" short of Blue lying across her course, the module on in the scenario
    itself and the dice seeded (so the game saves and uploads)."""
    staged = scenario([galley("Red", 20, 20, 0)], [ship("Blue", 30.5, 20, 90, MEN)])
    return Game("woodenships", parse_scenario({**staged.raw, "modules": ["collisions"]}, "test scenario"), seed=3)


def test_the_command_line_gives_the_odds_before_a_ramming_steer_from_a_save(tmp_path: Any) -> None:
    path = tmp_path / "ram.save.json"
    path.write_text(json.dumps(seeded_ram().save()))
    action = json.dumps(Steer(0.0, 12.0).to_json())
    result = CliRunner().invoke(app, ["odds", "--save", str(path), "--seat", "red", "--action", action, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] and data["to_target"] == ram_odds("middling", "middling", 2, True, "all").to_json()["to_target"]
    shown = CliRunner().invoke(app, ["odds", "--save", str(path), "--seat", "red", "--action", json.dumps(Steer(90.0, 2.0).to_json())])
    assert shown.exit_code != 0 and "steer has no odds" in " ".join(shown.output.split())


def test_the_server_gives_the_odds_before_a_ramming_steer(tmp_path: Any) -> None:
    """``POST /api/games/{id}/odds``: the ram's exact fractions; a steer beyond the mark is
    refused with the game's reason, stale picks with a 409, a caller without a seat's token with a 401."""
    from fastapi.testclient import TestClient

    from grapeshot.server.app import create_app

    local = seeded_ram()
    client = TestClient(create_app(tmp_path))
    made = client.post("/api/saves", json={"save": local.save(), "seats": {"red": "human", "blue": "human"}})
    assert made.status_code == 200, made.text
    g = made.json()
    url, tok = f"/api/games/{g['id']}/odds", g["links"]["red"].split("token=", 1)[1]
    r = client.post(url, params={"token": tok}, json={"action": Steer(0.0, 12.0).to_json()})
    assert r.status_code == 200, r.text
    body, expected = r.json(), ram_odds("middling", "middling", 2, True, "all").to_json()
    assert body["exact"] and body["to_target"] == expected["to_target"] and body["to_rammer"] == {"0": {"fraction": "1/1", "p": 1.0}}
    assert body["to_target"]["18"]["fraction"] == "73/648" and "Red" in body["title"]
    assert body["outcomes"]["8 damage to the rammed, 0 to the rammer"]["fraction"] == "1/1296"  # what the table lists
    bad = client.post(url, params={"token": tok}, json={"action": Steer(0.0, 13.0).to_json()})
    assert bad.status_code == 422 and "not legal" in bad.json()["error"], bad.text
    stale = client.post(url, params={"token": tok}, json={"picks": [0], "digest": "0" * 16})
    assert stale.status_code == 409 and "digest" in stale.json()["error"], stale.text
    assert client.post(url, json={"action": Steer(0.0, 12.0).to_json()}).status_code == 401
    # the odds left the game as it was: the same steer is still Red's to make
    again = client.post(url, params={"token": tok}, json={"action": Steer(0.0, 12.0).to_json()})
    assert again.status_code == 200 and again.json()["to_target"] == body["to_target"]
