"""Naval Warhammer's guessed ranges are not measured for a seat (issue 25, item 9): with the
``pre_measure`` house rule off (the default), the view a seat is sent lists a cannon's or a stone
thrower's aims at the quarters of its range along each bearing, never at the target's measured
distance, and says which measures it shows; with the option on, the measured aims come back."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grapeshot.agents import make
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.geometry import Vec, point_hull_distance
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import ENGINES, POINT_BLANK
from grapeshot.rulesets.navalwarhammer.measures import GUESSING, MEASURES
from grapeshot.rulesets.navalwarhammer.prompts import ShootPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea
from grapeshot.rulesets.navalwarhammer.targets import gun_point
from grapeshot.server.app import create_app
from grapeshot.server.views import build
from tests.server.test_api import act, new_game, token, view


def guessed_aims(v: dict[str, Any], sea: Sea) -> list[dict[str, Any]]:
    opts = v["prompt"]["legal"]["parts"][0]["options"]
    return [o["value"] for o in opts if o["value"].get("x") is not None and sea.units[o["value"]["shooter"]].engine in GUESSING]


def first_guess(pre_measure: bool, seed: int = 1) -> tuple[Game, dict[str, Any], list[dict[str, Any]]]:
    """The duel played by the heuristic player to the first shooting whose seat's view lists a
    guessed shot beyond point blank."""
    g = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=seed, options={"pre_measure": pre_measure})
    agents = {s: make("heuristic", i, g.ruleset) for i, s in enumerate(("red", "blue"))}
    for _ in range(3000):
        p = g.prompt
        assert p is not None, "the game ended before a guessed shot"
        for seat in g.waiting_for():
            if isinstance(g.prompt_for(seat), ShootPrompt):
                v, faults = build(g, seat)
                assert faults == []
                sea = g.state
                assert isinstance(sea, Sea)
                aims = [
                    a for a in guessed_aims(v, sea) if point_hull_distance(gun_point(sea, sea.units[a["shooter"]]), sea.ships[a["ship"]].hull) > POINT_BLANK
                ]
                if aims:
                    return g, v, aims
            g.submit(seat, agents[seat].act(g, seat, p))
            if g.prompt is not p:
                break
    raise AssertionError("no guessed shot in 3,000 steps")


def ranges(sea: Sea, aims: list[dict[str, Any]]) -> list[tuple[float, float, list[float]]]:
    """Each aim's distance from its gun, the true range to its ship's hull, and the quarters of
    the gun's range."""
    out = []
    for a in aims:
        u = sea.units[a["shooter"]]
        engine = ENGINES[u.engine]  # type: ignore[index]
        origin = gun_point(sea, u)
        lo, hi = float(engine.min_range), float(engine.max_range)
        out.append((math.dist(origin, Vec(a["x"], a["y"])), point_hull_distance(origin, sea.ships[a["ship"]].hull), [lo + (hi - lo) * k / 4 for k in range(5)]))
    return out


def test_the_measures_are_declared_and_the_house_rule_is_off_by_default() -> None:
    g = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=1)
    assert g.state.option("pre_measure") is False  # type: ignore[attr-defined]
    assert [m.name for m in MEASURES if m.option] == ["guessed-range"]


@pytest.mark.parametrize("seed", [1, 3])
def test_a_seats_view_lists_guessed_aims_by_eye_not_at_the_true_range(seed: int) -> None:
    g, v, aims = first_guess(False, seed)
    sea = g.state
    assert isinstance(sea, Sea)
    assert "guessed-range" not in v["prompt"]["measures"] and "move" in v["prompt"]["measures"]
    for d, _, quarters in ranges(sea, aims):
        assert min(abs(d - q) for q in quarters) < 1e-2, (d, quarters)  # the quarters of its range, whatever the target's distance
    # nothing in what the seat is told of the shooting gives the true range
    told = json.dumps(v["prompt"])
    for _, true, _ in ranges(sea, aims):
        assert f"{true:.1f}" not in told and f"{true:.2f}" not in told


def test_with_pre_measuring_the_view_lists_aims_at_the_measured_hull() -> None:
    g, v, aims = first_guess(True)
    sea = g.state
    assert isinstance(sea, Sea)
    assert "guessed-range" in v["prompt"]["measures"]
    measured = []
    for a, (d, _, quarters) in zip(aims, ranges(sea, aims), strict=True):
        hull = sea.ships[a["ship"]].hull
        centre = math.dist(gun_point(sea, sea.units[a["shooter"]]), hull.centre)
        on_hull = point_hull_distance(Vec(a["x"], a["y"]), hull) < 0.05
        if min(abs(d - q) for q in quarters) > 1e-2 and (on_hull or abs(d - centre) < 0.05):
            measured.append(a)
    assert measured  # aims measured off the hull: at its edge, at its centre's distance


def test_a_bolt_thrower_is_offered_only_named_targets_and_its_listed_answer_is_taken(tmp_path: Path) -> None:
    """Item 11: the page offered a bolt thrower "whatever the shot meets" (no target), which its
    check refuses (a bolt names its unit or part): the listing a seat is sent names a target in
    every bolt shot, the listed answer is taken, and the unnamed one is refused with a 422 that
    says why."""
    client = TestClient(create_app(tmp_path))
    for seed in range(1, 7):
        game = new_game(client, ruleset="navalwarhammer", scenario="raid", seed=seed, seats={"red": "human", "blue": "heuristic"})
        gid, tok = game["id"], token(game["links"]["red"])
        for _ in range(200):
            v = view(client, gid, tok)
            if v["outcome"] is not None or v["prompt"] is None:
                break
            options = [o["value"] for o in v["prompt"]["legal"]["parts"][0]["options"]] if v["prompt"].get("legal") else []
            if v["prompt"]["kind"] == "ShootPrompt":
                engines = {u for u, kind in v["prompt"]["shooters"] if kind == "bolt thrower"}
                bolts = [a for a in options if a.get("shooter") in engines]
                if bolts:
                    assert all(a["target"] for a in bolts)
                    r = act(client, gid, tok, {**bolts[0], "target": ""})
                    assert r.status_code == 422 and "named unit or part" in r.text, r.text
                    r = act(client, gid, tok, bolts[0])
                    assert r.status_code == 200, r.text
                    return
                r = act(client, gid, tok, {"kind": "shoot", "shooter": None})
            elif v["prompt"]["kind"] == "SteerPrompt":
                r = act(client, gid, tok, {"kind": "steer", "ship": v["prompt"]["ship"], "inches": v["prompt"]["most"], "turn": 0, "at": "start", "ram": False})
            else:
                picks = {"picks": [0 for _ in v["prompt"]["legal"]["parts"]], "digest": v["prompt"]["legal"]["digest"]}
                r = client.post(f"/api/games/{gid}/actions", params={"token": tok}, json=picks)
            assert r.status_code == 200, r.text
    pytest.fail("no bolt thrower's shot came to the seat in six raids")


@pytest.mark.rules("NW-CANNON-1")
def test_the_tape_measure_is_offered_only_where_the_players_may_pre_measure() -> None:
    """A free tape run from a gun to its target would tell a guessing crew its range: the view
    offers the table's tape (``measure``) only with the house rule on."""
    for on in (False, True):
        g = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=2, options={"pre_measure": on})
        assert build(g, "red")[0]["measure"] is on
    jl = Game("jimlad", load_scenario("duel", "jimlad"), seed=2)
    assert build(jl, "red")[0]["measure"] is True  # a rule set that says nothing lets anyone measure
