"""The generic table's server half: a rule set is served whole without its own script.

Its views carry the generic shapes of its pieces (``WebPlugin.shapes``) and every prompt's legal
answers with their digest, and a game is played to its end by picks alone (what the generic
forms send), each checked against the choices the page was shown.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from grapeshot.server.app import create_app


def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "data"))


def test_wooden_ships_views_carry_shapes_of_every_ship_and_figure(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        g = c.post("/api/games", json={"ruleset": "woodenships", "scenario": "ship-duel", "seed": 3, "seats": {"red": "human", "blue": "heuristic"}}).json()
        v = c.get(f"/api/games/{g['id']}", params={"token": g["links"]["red"].split("token=")[1]}).json()
    # the shapes the generic client draws where the rule set's script is missing or fails to load
    state = v["state"]
    hulls = {s["name"]: s for s in v["shapes"] if s["kind"] == "hull"}
    assert set(hulls) == {s["name"] for s in state["ships"]}
    for ship in state["ships"]:
        corners = hulls[ship["name"]]["corners"]
        centre = [sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4]
        assert math.dist(centre, [ship["x"], ship["y"]]) < 1e-6
        assert math.dist(corners[0], corners[1]) == ship["length"]  # the hull is drawn to scale
        assert hulls[ship["name"]]["seat"] == ship["owner"]
    bases = {s["name"]: s for s in v["shapes"] if s["kind"] == "base" and "seat" in s}
    standing = [f for f in state["figures"] if f["x"] is not None and f["life"] > 0]
    assert standing and {f["name"] for f in standing} == set(bases)
    assert all(bases[f["name"]]["at"] == [f["x"], f["y"]] for f in standing)


def test_a_game_plays_to_its_end_by_picks_alone(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        g = c.post("/api/games", json={"ruleset": "woodenships", "scenario": "ship-duel", "seed": 4, "seats": {"red": "human", "blue": "random"}}).json()
        tok = g["links"]["red"].split("token=")[1]
        v: dict[str, Any] = c.get(f"/api/games/{g['id']}", params={"token": tok}).json()
        refused = 0
        for _ in range(500):
            if v["outcome"] is not None:
                break
            legal = v["prompt"]["legal"]
            r = c.post(
                f"/api/games/{g['id']}/actions",
                params={"token": tok},
                json={"picks": [len(p["options"]) - 1 for p in legal["parts"]], "digest": legal["digest"]},
            )
            assert r.status_code == 200, r.text
            v = r.json()
            following = (v["prompt"] or {}).get("legal")
            if following is not None and following["digest"] != legal["digest"]:
                # picks read against choices no longer open are refused, never read against the new ones
                old = c.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json={"picks": [0] * len(legal["parts"]), "digest": legal["digest"]})
                assert old.status_code == 409 and old.json()["field"] == "digest", old.text
                refused += 1
        assert refused > 0
        assert v["outcome"] is not None and v["outcome_text"]


def test_the_odds_of_picks_are_the_odds_of_the_action_they_build(tmp_path: Path) -> None:
    """The generic forms ask "odds before you act" by picks: the answer is the one the action
    itself gets, and picks against choices no longer open are refused."""
    with client(tmp_path) as c:
        g = c.post("/api/games", json={"scenario": "duel", "seed": 5, "seats": {"red": "human", "blue": "heuristic"}}).json()
        tok = g["links"]["red"].split("token=")[1]
        v = c.get(f"/api/games/{g['id']}", params={"token": tok}).json()
        assert v["web"]["odds"] is True
        for _ in range(60):
            p = v["prompt"]
            if p["kind"] == "ShootPrompt":
                break
            v = c.post(
                f"/api/games/{g['id']}/actions", params={"token": tok}, json={"picks": [0] * len(p["legal"]["parts"]), "digest": p["legal"]["digest"]}
            ).json()
        options = p["legal"]["parts"][0]["options"]
        k = next(i for i, o in enumerate(options) if o["value"].get("shell") == "krak")
        by_picks = c.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"picks": [k], "digest": p["legal"]["digest"], "samples": 0})
        by_action = c.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"action": options[k]["value"], "samples": 0})
        assert by_picks.status_code == 200 and by_picks.json() == by_action.json()
        assert by_picks.json()["action"] == options[k]["value"]
        stale = c.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"picks": [k], "digest": "0" * 32})
        assert stale.status_code == 409 and stale.json()["field"] == "digest"
        both = c.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"picks": [k], "digest": p["legal"]["digest"], "action": options[k]["value"]})
        assert both.status_code == 422 and "not both" in both.json()["error"]
