"""The table's help routes (``server/help.py``): the rules of the game in play for the rules
panel, and what an undo would take back, said before it is done."""

from __future__ import annotations

from fastapi.testclient import TestClient

from grapeshot.core.ruleset import get
from tests.server.test_api import act, client, new_game, orders_for, token, view

__all__ = ["client"]  # the fixture, shared with the API tests


def test_undo_says_what_it_will_take_back_and_does_nothing_until_asked(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    red = token(g["links"]["red"])
    start = view(client, g["id"], red)
    assert act(client, g["id"], red, orders_for(start)).status_code == 200
    moved = view(client, g["id"], red)
    plan = client.get(f"/api/games/{g['id']}/undo", params={"token": red})
    assert plan.status_code == 200, plan.text
    p = plan.json()
    assert p["from"]["seat"] == "red" and p["from"]["kind"] == start["prompt"]["accepts"][0]
    assert p["count"] == moved["actions"] - start["actions"] == sum(s["count"] for s in p["seats"])
    assert {s["seat"]: s["ai"] for s in p["seats"]}.get("red") is False
    assert view(client, g["id"], red)["actions"] == moved["actions"]  # asking changed nothing
    r = client.post(f"/api/games/{g['id']}/undo", params={"token": red})
    assert r.json()["undone"] == p["count"]


def test_nothing_to_undo_and_spectators_are_told_so(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    r = client.get(f"/api/games/{g['id']}/undo", params={"token": token(g["links"]["red"])})
    assert r.status_code == 409 and "no decision" in r.json()["error"]
    assert client.get(f"/api/games/{g['id']}/undo", params={"token": token(g["spectator"])}).status_code == 403


def test_the_rules_of_the_game_in_play_are_listed_with_their_titles(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    r = client.get(f"/api/games/{g['id']}/rules", params={"token": token(g["spectator"])})
    assert r.status_code == 200
    rules = {x["id"]: x for x in r.json()["rules"]}
    assert "JL-MOVE-9" in rules and rules["JL-MOVE-9"]["title"] and rules["JL-MOVE-9"]["book"]
    assert rules["JL-MOVE-9"]["says"] == get("jimlad").rulebook().entries["JL-MOVE-9"].says != ""  # what it does, sent as written
    assert client.get("/api/games/nope/rules").status_code == 404


def test_every_page_finds_the_site_s_icon(client: TestClient) -> None:
    """Issue 25, item 20: the pages (and the score sheets and rosters, which name no icon of their
    own, so the browser asks for /favicon.ico) get an icon, not a 404."""
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and b"<svg" in r.content
    for path in ("/", "/table/x"):
        assert '<link rel="icon" href="/favicon.ico"' in client.get(path).text
