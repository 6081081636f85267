"""The server under faults and at scale: a store locked by another process answers 503 with a
Retry-After and stores nothing; a request that fails is a JSON 500 and leaves its connection open
for the next; a wrong token loads no game; a table nobody uses is let go from memory and comes
back as it was."""

from __future__ import annotations

import http.client
import json
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from grapeshot.server.app import create_app
from grapeshot.server.faults import RETRY_AFTER
from grapeshot.server.live import Tables
from grapeshot.server.quick import quick_answer

HOLD = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
"""


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def two_people(client: TestClient) -> tuple[str, str]:
    """A Jim Lad duel with a person at each seat: its id and red's token."""
    r = client.post("/api/games", json={"scenario": "duel", "seed": 3, "seats": {"red": "human", "blue": "human"}})
    assert r.status_code == 200, r.text
    g = r.json()
    return g["id"], token(g["links"]["red"])


def stored(data: Path, game: str) -> int:
    with sqlite3.connect(data / "grapeshot.sqlite", timeout=5) as db:
        return int(db.execute("SELECT COUNT(*) FROM actions WHERE game = ?", (game,)).fetchone()[0])


def test_a_store_locked_by_another_process_answers_503_with_retry_after_and_stores_nothing(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path, busy=0.3))
    game, red = two_people(client)
    before = stored(tmp_path, game)
    view = client.get(f"/api/games/{game}", params={"token": red}).json()
    body = quick_answer(view)
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / "grapeshot.sqlite")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        r = client.post(f"/api/games/{game}/actions", params={"token": red}, json=body)
        assert r.status_code == 503
        assert r.headers["retry-after"] == str(RETRY_AFTER)
        assert r.headers["content-type"].startswith("application/json")
        assert "locked by another process" in r.json()["error"] and r.json()["retry"] == RETRY_AFTER
        assert stored(tmp_path, game) == before  # nothing half-stored
        again = client.get(f"/api/games/{game}", params={"token": red}).json()  # reads go on under the lock
        assert again["prompt"] == view["prompt"]  # nor applied
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.flush()
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    r = client.post(f"/api/games/{game}/actions", params={"token": red}, json=body)  # the client's retry
    assert r.status_code == 200, r.text
    assert stored(tmp_path, game) == before + 1


def _serve(app: Any) -> Iterator[int]:
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_a_request_that_fails_is_answered_json_and_its_connection_serves_the_next(tmp_path: Path) -> None:
    app = create_app(tmp_path)

    @app.get("/api/fails")
    async def fails() -> None:  # a request the server cannot answer: a bug anywhere behind a route
        raise RuntimeError("a bug")

    for port in _serve(app):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/fails")
        r = conn.getresponse()
        assert r.status == 500 and r.getheader("content-type") == "application/json"
        assert "failed to answer" in json.loads(r.read())["error"]
        conn.request("GET", "/api/health")  # the same connection
        r = conn.getresponse()
        assert r.status == 200 and json.loads(r.read())
        conn.close()


def test_a_wrong_token_loads_no_game_into_memory(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path))
    game, red = two_people(client)
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    tables.sweep(time.monotonic() + 10 * tables.idle)
    assert game not in tables.live
    for params, status in (({"token": "forged"}, 403), ({}, 401)):
        r = client.get(f"/api/games/{game}", params=params)
        assert r.status_code == status and "token" in r.json()["error"]
        assert game not in tables.live
    assert client.get(f"/api/games/{game}", params={"token": red}).status_code == 200
    assert game in tables.live


def test_a_table_nobody_uses_is_let_go_and_comes_back_as_it_was(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path, idle=30.0))
    game, red = two_people(client)
    view = client.get(f"/api/games/{game}", params={"token": red}).json()
    assert client.post(f"/api/games/{game}/actions", params={"token": red}, json=quick_answer(view)).status_code == 200
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    assert tables.sweep(time.monotonic()) == []  # just used: kept
    before = client.get(f"/api/games/{game}", params={"token": red}).json()
    assert tables.sweep(time.monotonic() + 31.0) == [game]
    assert game not in tables.live
    after = client.get(f"/api/games/{game}", params={"token": red}).json()  # loaded again from the store
    assert after == before


def test_a_stored_game_asked_for_twice_at_once_is_loaded_once_off_the_event_loop(tmp_path: Path) -> None:
    """Loading replays a game (seconds for a long one): it runs in a worker thread, so the other
    tables go on, and two requests that come while it loads share the one table it builds."""
    import asyncio

    from grapeshot.server import tables as tables_module
    from grapeshot.server.store import Store

    client = TestClient(create_app(tmp_path))
    game, red = two_people(client)
    client.close()
    built: list[int] = []

    class Counted(tables_module.Table):
        def __post_init__(self) -> None:
            built.append(threading.get_ident())
            super().__post_init__()

    async def both() -> tuple[Any, Any, int]:
        store = Store(tmp_path / "grapeshot.sqlite")
        t = Tables(store)
        import grapeshot.server.live as live_module

        was = live_module.Table
        live_module.Table = Counted  # type: ignore[misc]
        try:
            a, b = await asyncio.gather(t.open(game, red), t.open(game, red))
        finally:
            live_module.Table = was  # type: ignore[misc]
            store.close()
        return a, b, threading.get_ident()

    a, b, loop_thread = asyncio.run(both())
    assert a is b and len(built) == 1 and built[0] != loop_thread
