"""The web table at scale in one process: the game list a page at a time, AI seats resumed lazily
and a few at a time after a restart, finished tables let go."""

from __future__ import annotations

import dataclasses
import gc
import json
import time
import weakref
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grapeshot.core import setups
from grapeshot.server import live as live_module
from grapeshot.server import paging
from grapeshot.server.app import create_app
from grapeshot.server.live import Tables
from grapeshot.server.quick import quick_answer
from grapeshot.server.store import GameRecord, Store
from grapeshot.server.tables import Table
from tests.server.test_restart import stopped_with_the_ai_due, stored


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def duel(client: TestClient, **seats: str) -> dict[str, Any]:
    r = client.post("/api/games", json={"scenario": "duel", "seed": 3, "seats": seats or {"red": "human", "blue": "human"}})
    assert r.status_code == 200, r.text
    return dict(r.json())


def copies(data: Path, rec_id: str, created: list[float]) -> list[str]:
    """Store copies of a game with other ids made at the times given (a busy server makes some at once)."""
    store = Store(data / "grapeshot.sqlite")
    rec = store.game(rec_id)
    assert rec is not None
    ids = [f"copy{i:02d}" for i in range(len(created))]
    for game_id, when in zip(ids, created, strict=True):
        store.create(dataclasses.replace(rec, id=game_id, created=when))
    store.close()
    return ids


def pages(client: TestClient, limit: int) -> list[list[str]]:
    out: list[list[str]] = []
    after: str | None = None
    while True:
        body = client.get("/api/games", params={"limit": limit, **({"after": after} if after else {})}).json()
        out.append([g["id"] for g in body["games"]])
        after = body["next"]
        if after is None:
            return out


def test_the_game_list_pages_newest_first_through_every_game_once_ties_included(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path))
    first = duel(client)["id"]
    made = copies(tmp_path, first, [10.0, 20.0, 20.0, 20.0, 30.0, 40.0])  # three made in the same instant
    got = pages(client, 2)
    assert [len(p) for p in got] == [2, 2, 2, 1]
    flat = [g for p in got for g in p]
    assert flat == [first, "copy05", "copy04", "copy03", "copy02", "copy01", "copy00"] and sorted(flat) == sorted([first, *made])
    # the default page and its bounds; a list that fits one page says there is no next
    whole = client.get("/api/games").json()
    assert len(whole["games"]) == 7 and whole["next"] is None and paging.PAGE == 50
    assert client.get("/api/games", params={"limit": paging.MOST + 1}).status_code == 422


@pytest.mark.parametrize("after", ["%%%", "bm90IGpzb24", paging.cursor(1.0, "x")[:-3], "WzEsMl0", "WyJ4IiwieSJd", "W251bGwsInkiXQ"])
def test_a_cursor_that_is_none_of_the_lists_is_refused_naming_after(tmp_path: Path, after: str) -> None:
    client = TestClient(create_app(tmp_path))
    r = client.get("/api/games", params={"after": after})
    assert r.status_code == 422 and r.json()["field"] == "after" and "cursor" in r.json()["error"], r.text


def test_a_page_holds_no_token_nor_any_secret_of_a_game(tmp_path: Path) -> None:
    """What the list shows of a game is what the lobby always showed (docs/security.md): id, title,
    time, who plays each seat, outcome; never a token, its hash, the scenario or the seed."""
    client = TestClient(create_app(tmp_path))
    g = duel(client)
    body = client.get("/api/games", params={"limit": 1}).json()
    assert set(body["games"][0]) == {"id", "title", "created", "seats", "outcome"}
    text = str(body)
    for secret in [token(link) for link in g["links"].values()] + [token(g["spectator"])]:
        assert secret not in text
    assert "seed" not in text and "token" not in text


def test_after_a_restart_ai_seats_resume_in_the_background_a_few_at_a_time_and_the_server_answers_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight games stopped with their AI seat due; each table takes 0.3 s to load.  The restarted
    server answers at once while they are resumed two at a time, every AI plays on, and the
    tables loaded only for that are let go at the next sweep (nobody opened them)."""
    first = TestClient(create_app(tmp_path))
    games = []
    for seed in range(8):
        g = first.post(
            "/api/games", json={"scenario": "duel", "seed": seed, "seats": {"red": "human", "blue": "heuristic"}, "options": {"random_events": False}}
        ).json()
        games.append((g["id"], stopped_with_the_ai_due(tmp_path, g["id"], "red")))
    loading, most = 0, 0

    def slow(rec: GameRecord, store: Store) -> Table:
        nonlocal loading, most
        loading += 1
        most = max(most, loading)
        time.sleep(0.3)
        try:
            return Table(rec, store)
        finally:
            loading -= 1

    monkeypatch.setattr(live_module, "Table", slow)
    app = create_app(tmp_path)
    tables: Tables = app.state.tables
    started = time.perf_counter()
    with TestClient(app) as again:
        r = again.get("/api/health")
        answered = time.perf_counter() - started
        assert r.status_code == 200 and answered < 0.25, answered
        assert len(tables.live) < len(games)  # still resuming
        deadline = time.perf_counter() + 30
        while any(stored(tmp_path, game) <= n for game, n in games) and time.perf_counter() < deadline:
            time.sleep(0.05)
        assert all(stored(tmp_path, game) > n for game, n in games)  # every AI played on
        assert most == live_module.RESUME_AT_ONCE
        time.sleep(0.1)
        assert sorted(tables.sweep()) == sorted(game for game, _ in games)  # nobody opened them: let go


def test_finished_games_are_let_go_soon_and_nothing_else_holds_them(tmp_path: Path) -> None:
    """A finished game changes no more: unwatched, it leaves memory after FINISHED_IDLE seconds
    (an unfinished one waits the whole idle time), and once let go nothing keeps its table or
    its game alive, so memory stays flat however many games end."""
    client = TestClient(create_app(tmp_path))
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    made = [
        client.post("/api/games", json={"scenario": "duel", "seed": s, "seats": {"red": "heuristic", "blue": "random"}, "options": {"turn_limit": 2}}).json()[
            "id"
        ]
        for s in range(6)
    ]
    going = duel(client)["id"]
    kept = [weakref.ref(tables.live[g].table) for g in made] + [weakref.ref(tables.live[g].table.game) for g in made]
    assert all(tables.live[g].table.game.outcome is not None for g in made)
    soon = time.monotonic() + live_module.FINISHED_IDLE + 1
    assert tables.sweep(time.monotonic()) == []  # just made
    assert sorted(tables.sweep(soon)) == sorted(made) and going in tables.live
    gc.collect()
    assert [r for r in kept if r() is not None] == []
    assert len(client.get("/api/games").json()["games"]) == len(made) + 1  # the store still has them all


def test_a_search_seat_thinks_in_a_worker_process_and_its_copy_follows_the_game_through_an_undo(tmp_path: Path) -> None:
    """A search AI's answers come from a worker process holding its own copy of the table (the
    heuristic's from a thread); they are stored and applied like any, and after an undo the
    copy is made afresh, so the game goes on from where it went back to."""
    with TestClient(create_app(tmp_path)) as client:
        tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
        g = client.post(
            "/api/games", json={"scenario": "duel", "seed": 5, "seats": {"red": "human", "blue": "search"}, "options": {"random_events": False}}
        ).json()
        red = token(g["links"]["red"])
        assert tables.thinkers.elsewhere == 1  # blue's sealed orders, at the start
        for _ in range(2):
            v = client.get(f"/api/games/{g['id']}", params={"token": red}).json()
            r = client.post(f"/api/games/{g['id']}/actions", params={"token": red}, json=quick_answer(v))
            assert r.status_code == 200, r.text
        thought = tables.thinkers.elsewhere
        assert thought > 1 and stored(tmp_path, g["id"]) == r.json()["actions"]
        undone = client.post(f"/api/games/{g['id']}/undo", params={"token": red})
        assert undone.status_code == 200, undone.text
        v = undone.json()
        while v["prompt"] is not None and tables.thinkers.elsewhere == thought:  # red plays on until blue is asked again
            v = client.post(f"/api/games/{g['id']}/actions", params={"token": red}, json=quick_answer(v)).json()
        assert tables.thinkers.elsewhere > thought and "error" not in v
        before = tables.thinkers.elsewhere
        h = client.post("/api/games", json={"scenario": "duel", "seed": 6, "seats": {"red": "human", "blue": "heuristic"}}).json()
        assert tables.live[h["id"]].table.commitments and tables.thinkers.elsewhere == before  # the heuristic's orders: from a thread


def test_the_servers_games_of_one_scenario_share_its_set_up_and_none_carries_anothers_name(tmp_path: Path) -> None:
    """Each stored game's scenario is read under the game's own name; the kept set-up (core.setups)
    is found all the same, so a second Naval Warhammer duel does not stand its crews again, and
    what it starts from names no other game."""
    setups.forget()
    client = TestClient(create_app(tmp_path))
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    made = []
    for seed in (1, 2):
        r = client.post("/api/games", json={"ruleset": "navalwarhammer", "scenario": "duel", "seed": seed, "seats": {"red": "human", "blue": "human"}})
        assert r.status_code == 200, r.text
        made.append(r.json())
    assert len([key for key in setups._kept if key[0] == "navalwarhammer"]) == 1
    second = tables.live[made[1]["id"]].table
    assert made[0]["id"] not in repr(second.game.state)
    assert made[0]["id"] not in json.dumps(client.get(f"/api/games/{made[1]['id']}/save", params={"token": token(made[1]["spectator"])}).json())
