"""The levels at the web table: the lobby's listing offers easy, normal and hard in each rule
set's words, a seat asked for at a level nobody has is refused naming it (422), a level seat
plays and its save keeps the level, and the pages are told while an AI seat decides."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grapeshot.agents.levels import LEVELS
from grapeshot.agents.search import SearchPlayer
from grapeshot.server.app import create_app
from grapeshot.server.tables import Table
from tests.server.test_api import act, new_game, orders_for, token, view


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path))


WORDS = {"jimlad": "Warboss (hard)", "woodenships": "Commodore (hard)", "navalwarhammer": "Admiral (hard)"}


def test_the_listing_offers_the_levels_in_each_rule_sets_words(client: TestClient) -> None:
    listed = {r["name"]: r for r in client.get("/api/rulesets").json()["rulesets"]}
    for name, hard in WORDS.items():
        rs = listed[name]
        assert [lv["name"] for lv in rs["levels"]] == list(LEVELS)
        assert rs["players"][: 1 + len(LEVELS)] == ["human", *LEVELS]  # a person, then the levels, then the players by name
        by = {lv["name"]: lv for lv in rs["levels"]}
        assert by["hard"]["label"] == hard and by["hard"]["player"] == "search" and "sampled futures" in by["hard"]["about"]
        assert by["easy"]["player"] == by["normal"]["player"] == "heuristic" and "at random" in by["easy"]["about"]


@pytest.mark.parametrize("ruleset", sorted(WORDS))
def test_an_unknown_level_is_refused_naming_it(client: TestClient, ruleset: str) -> None:
    r = client.post("/api/games", json={"ruleset": ruleset, "seats": {"blue": "fiendish"}})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "seats.blue" and "'fiendish' is no level or player" in r.json()["error"] and "easy, normal, hard" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_a_hard_seat_plays_and_its_save_keeps_the_level(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "hard"})
    red = token(g["links"]["red"])
    v = view(client, g["id"], red)
    assert v["seats"]["blue"] == {"player": "hard", "label": "Warboss (hard)"}
    assert act(client, g["id"], red, orders_for(v)).status_code == 200
    save = client.get(f"/api/games/{g['id']}/save", params={"token": red}).json()
    assert save["players"] == {"red": "human", "blue": "hard"}
    again = client.post("/api/saves", json={"save": save, "seats": save["players"]})
    assert again.status_code == 200, again.text


def test_the_hard_seat_is_the_search_player_with_the_tables_time_budget(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    think = Table.think

    def spying(self: Table, seat: str) -> Any:
        seen.append(self.agents[seat])
        return think(self, seat)

    monkeypatch.setattr(Table, "think", spying)
    new_game(client, seats={"red": "human", "blue": "hard"})
    assert seen and isinstance(seen[0], SearchPlayer) and seen[0].budget.time_budget is not None


def test_the_pages_are_told_while_an_ai_seat_decides(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """While an AI thinks, the view (and so every page watching) names it; once it has answered, not."""
    during: list[list[dict[str, str]]] = []
    think = Table.think

    def spying(self: Table, seat: str) -> Any:
        during.append(self.view(None)["thinking"])
        return think(self, seat)

    monkeypatch.setattr(Table, "think", spying)
    g = new_game(client, seats={"red": "human", "blue": "hard"})
    red = token(g["links"]["red"])
    assert during[0] == [{"seat": "blue", "player": "hard", "label": "Warboss (hard)"}]
    assert view(client, g["id"], red)["thinking"] == []  # blue has sealed its orders: only red is waited on
    assert act(client, g["id"], red, orders_for(view(client, g["id"], red))).status_code == 200  # red moves first: its distance
    with client.websocket_connect(f"/ws/games/{g['id']}?token={red}") as ws:
        json.loads(ws.receive_text())
        during.clear()
        legal = view(client, g["id"], red)["prompt"]["legal"]
        picks = {"picks": [0] * len(legal["parts"]), "digest": legal["digest"]}
        assert client.post(f"/api/games/{g['id']}/actions", params={"token": red}, json=picks).status_code == 200
        # the first page update after red's distance, sent before the AI answers, says who is thinking
        update = json.loads(ws.receive_text())
        assert during, "blue's distance follows red's: the test needs an AI decision after red's answer"
        assert [t["seat"] for t in update["thinking"]] == ["blue"]
    assert all(t == [{"seat": "blue", "player": "hard", "label": "Warboss (hard)"}] for t in during)
