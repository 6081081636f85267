"""No game is left stuck: a server that stops while an AI seat is due (a person's action stored, the
AI's answer not yet) has the AI play on when it starts again, at start-up and when the table is
loaded; checked in-process and with a real server killed with SIGKILL while a search seat thinks."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from grapeshot.server.app import create_app
from grapeshot.server.quick import quick_answer
from grapeshot.server.store import Store
from grapeshot.server.tables import Table
from tests.live_server import Server, free_port


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def stored(data: Path, game: str) -> int:
    """The actions in the store, read as another process would (the server may be writing)."""
    with sqlite3.connect(data / "grapeshot.sqlite", timeout=5) as db:
        return int(db.execute("SELECT COUNT(*) FROM actions WHERE game = ?", (game,)).fetchone()[0])


def stopped_with_the_ai_due(data: Path, game: str, seat: str) -> int:
    """Play the person's seat straight into the store (no server, no AI) until the game waits on
    the AI: the state a server leaves when it dies between storing an action and the AI's answer."""
    store = Store(data / "grapeshot.sqlite")
    rec = store.game(game)
    assert rec is not None
    table = Table(rec, store)
    while table.ai_to_act() is None:
        table.submit(seat, quick_answer(table.view(seat)))
    n = len(table.game.actions)
    store.close()
    return n


def test_loading_a_table_that_waits_on_an_ai_seat_lets_the_ai_play_on(tmp_path: Path) -> None:
    first = TestClient(create_app(tmp_path))
    g = first.post(
        "/api/games", json={"scenario": "duel", "seed": 4, "seats": {"red": "human", "blue": "heuristic"}, "options": {"random_events": False}}
    ).json()
    red = token(g["links"]["red"])
    for _ in range(2):  # the AI is due after red's orders, and again later on
        n = stopped_with_the_ai_due(tmp_path, g["id"], "red")
        again = TestClient(create_app(tmp_path))  # a new process on the same data
        v = again.get(f"/api/games/{g['id']}", params={"token": red}).json()
        assert "blue" not in v["waiting_for"] and v["actions"] > n and v["waiting_for"] == ["red"]
        assert again.post(f"/api/games/{g['id']}/actions", params={"token": red}, json=quick_answer(v)).status_code == 200
        assert again.post(f"/api/games/{g['id']}/undo", params={"token": red}).status_code == 200


def test_at_start_up_every_game_waiting_on_an_ai_seat_plays_on_unasked(tmp_path: Path) -> None:
    first = TestClient(create_app(tmp_path))
    ids = []
    for seed in (4, 5):
        g = first.post("/api/games", json={"scenario": "duel", "seed": seed, "seats": {"red": "human", "blue": "heuristic"}}).json()
        ids.append((g["id"], stopped_with_the_ai_due(tmp_path, g["id"], "red")))
    with TestClient(create_app(tmp_path)):  # runs the start-up; no request names either game
        deadline = time.time() + 30
        while time.time() < deadline and not all(stored(tmp_path, game) > n for game, n in ids):
            time.sleep(0.05)
    assert all(stored(tmp_path, game) > n for game, n in ids)


def call(server: Server, method: str, path: str, body: dict[str, Any] | None = None, **params: str) -> Any:
    url = f"{server.url}{path}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def test_a_server_killed_while_an_ai_seat_thinks_lets_it_play_on_after_the_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = Server(data, free_port()).start()
    try:
        g = call(
            server, "POST", "/api/games", {"scenario": "duel", "seed": 8, "seats": {"red": "human", "blue": "search"}, "options": {"random_events": False}}
        )
        red, game = token(g["links"]["red"]), g["id"]
        due = None
        for _ in range(40):  # until a kill lands while the search seat is thinking (it often takes a few tenths of a second)
            v = call(server, "GET", f"/api/games/{game}", token=red)
            assert v["outcome"] is None, "the game ended before a kill landed while the AI was due"
            sent = threading.Thread(target=_post_quietly, args=(server, game, red, quick_answer(v)), daemon=True)
            before = v["actions"]
            sent.start()
            while sent.is_alive():
                now = call(server, "GET", f"/api/games/{game}", token=red)
                if now["actions"] > before and "blue" in now["waiting_for"]:
                    server.kill()
                    break
                time.sleep(0.005)
            sent.join(timeout=60)
            if server.proc is None:  # killed: was the AI's answer still to come?
                store = Store(data / "grapeshot.sqlite")
                rec = store.game(game)
                assert rec is not None
                if Table(rec, store).ai_to_act() == "blue":
                    due = len(store.actions(game))
                    store.close()
                    break
                store.close()
                server.start()
        assert due is not None, "no kill landed while the AI seat was due"
        server.start()  # the same data; no request names the game until the AI has moved
        deadline = time.time() + 30
        while time.time() < deadline and stored(data, game) <= due:
            time.sleep(0.05)
        assert stored(data, game) > due, "the AI seat never moved after the restart"
        v = call(server, "GET", f"/api/games/{game}", token=red)
        while time.time() < deadline and "blue" in v["waiting_for"]:  # it may have more to answer (its next orders)
            time.sleep(0.05)
            v = call(server, "GET", f"/api/games/{game}", token=red)
        assert v["waiting_for"] == ["red"] or v["outcome"] is not None
        if v["outcome"] is None:
            after = call(server, "POST", f"/api/games/{game}/actions", quick_answer(v), token=red)
            assert after["actions"] > v["actions"]
    finally:
        server.stop()


def _post_quietly(server: Server, game: str, tok: str, body: dict[str, Any]) -> None:
    with contextlib.suppress(urllib.error.URLError, ConnectionError, OSError):  # the server was killed under the request
        call(server, "POST", f"/api/games/{game}/actions", body, token=tok)
