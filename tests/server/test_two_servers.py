"""Two ``grapeshot serve --store postgresql://...`` processes sharing one database, as deployed
behind a load balancer: a game created on one is played through the other, a page watching on
one sees the actions made through the other, the same answer sent to both at once is taken once,
and one killed with -9 in the middle of a game loses nothing it acknowledged."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from grapeshot.server.quick import quick_answer
from grapeshot.server.store import open_store
from grapeshot.server.tables import Table
from tests.live_server import Server, free_port
from tests.pg_cluster import Cluster


def call(server: Server, method: str, path: str, body: dict[str, Any] | None = None, **params: str) -> tuple[int, Any]:
    url = f"{server.url}{path}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def ok(server: Server, method: str, path: str, body: dict[str, Any] | None = None, **params: str) -> Any:
    status, out = call(server, method, path, body, **params)
    assert status == 200, (status, out)
    return out


def token(link: str) -> str:
    return link.split("token=", 1)[1]


@pytest.fixture(scope="module")
def two(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server, str]]:
    """Two servers on one new database, for the module (each test plays games of its own; the
    last kills one)."""
    pg_url = pg_cluster.database()
    folder = tmp_path_factory.mktemp("two")
    servers = [Server(folder / name, free_port(), store=pg_url) for name in "ab"]
    starting = [threading.Thread(target=s.start) for s in servers]
    for t in starting:
        t.start()
    for t in starting:
        t.join()
    try:
        assert all(s.proc is not None for s in servers), "a server did not start"
        yield servers[0], servers[1], pg_url
    finally:
        for s in servers:
            s.stop()


def new_game(server: Server, seed: int) -> tuple[str, str, str]:
    """A Jim Lad duel, a person (red) against the heuristic AI: its id, red's token, the spectator's."""
    g = ok(
        server, "POST", "/api/games", {"scenario": "duel", "seed": seed, "seats": {"red": "human", "blue": "heuristic"}, "options": {"random_events": False}}
    )
    return g["id"], token(g["links"]["red"]), token(g["spectator"])


def stored_view(url: str, game: str) -> dict[str, Any]:
    """The game as a third process would build it from the store alone."""
    store = open_store(url)
    rec = store.game(game)
    assert rec is not None
    table = Table(rec, store)
    out = {"actions": [[s, a.to_json()] for s, a in table.game.actions], "waiting": list(table.game.waiting_for())}
    store.close()
    return out


def test_a_game_made_on_one_server_is_played_through_the_other_and_watched_on_the_first(two: tuple[Server, Server, str]) -> None:
    a, b, url = two
    game, red, spectator = new_game(a, 11)
    with connect(f"ws://127.0.0.1:{a.port}/ws/games/{game}?token={spectator}", open_timeout=10) as ws:
        first = json.loads(ws.recv(timeout=10))
        v = ok(b, "GET", f"/api/games/{game}", token=red)  # the other process loads it from the store
        assert v["actions"] == first["actions"] and v["waiting_for"] == ["red"]
        played = ok(b, "POST", f"/api/games/{game}/actions", quick_answer(v), token=red)  # red's orders, and blue's AI answer, on b
        assert played["actions"] > v["actions"]
        seen = first["actions"]
        deadline = time.monotonic() + 10
        while seen < played["actions"] and time.monotonic() < deadline:  # a's page is pushed what b stored
            seen = max(seen, json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))["actions"])
        assert seen == played["actions"]
    again = ok(a, "GET", f"/api/games/{game}", token=red)  # a's table followed b's
    assert again["actions"] == played["actions"] and again["prompt"] == played["prompt"]
    moved = ok(a, "POST", f"/api/games/{game}/actions", quick_answer(again), token=red)  # and a may play on from there
    assert moved["actions"] > again["actions"]
    assert ok(b, "GET", f"/api/games/{game}", token=red)["actions"] == moved["actions"]
    assert len(stored_view(url, game)["actions"]) == moved["actions"]
    undone = ok(b, "POST", f"/api/games/{game}/undo", token=red)  # b takes back what a stored: a's table is built anew
    assert undone["undone"] >= 1 and undone["actions"] == again["actions"]
    deadline = time.monotonic() + 10
    while ok(a, "GET", f"/api/games/{game}", token=red)["actions"] != undone["actions"] and time.monotonic() < deadline:
        time.sleep(0.02)
    back = ok(a, "GET", f"/api/games/{game}", token=red)
    assert back["actions"] == undone["actions"] and back["prompt"] == undone["prompt"]
    assert ok(a, "POST", f"/api/games/{game}/actions", quick_answer(back), token=red)["actions"] == moved["actions"]  # the same answer again


def test_one_answer_sent_to_both_at_once_is_taken_once(two: tuple[Server, Server, str]) -> None:
    a, b, url = two
    game, red, _ = new_game(a, 12)
    for _ in range(3):
        v = ok(a, "GET", f"/api/games/{game}", token=red)
        ok(b, "GET", f"/api/games/{game}", token=red)  # both hold the table in memory
        body = quick_answer(v)
        results: list[tuple[int, Any]] = []
        sent = [
            threading.Thread(target=lambda s=s, out=results, body=body: out.append(call(s, "POST", f"/api/games/{game}/actions", body, token=red)))
            for s in (a, b)
        ]
        for t in sent:
            t.start()
        for t in sent:
            t.join()
        taken = [out for status, out in results if status == 200]
        assert len(taken) == 1, results  # the other is refused: the choices changed under it, or it is no longer red's turn
        assert all(status in (409, 422) for status, _ in results if status != 200), results
        stored = stored_view(url, game)
        assert len(stored["actions"]) == taken[0]["actions"]  # red's answer once, and the AI's after it
        assert ok(a, "GET", f"/api/games/{game}", token=red)["actions"] == ok(b, "GET", f"/api/games/{game}", token=red)["actions"] == len(stored["actions"])


def test_a_server_killed_mid_game_loses_nothing_it_acknowledged(two: tuple[Server, Server, str]) -> None:
    a, b, url = two
    game, red, _ = new_game(a, 13)
    acked: list[int] = []
    for i in range(6):  # turns of red's answers, through each server in turn
        server = (a, b)[i % 2]
        v = ok(server, "GET", f"/api/games/{game}", token=red)
        acked.append(ok(server, "POST", f"/api/games/{game}/actions", quick_answer(v), token=red)["actions"])
    v = ok(a, "GET", f"/api/games/{game}", token=red)

    def send() -> None:
        with contextlib.suppress(OSError):  # its answer may never come: the server is killed under it
            call(a, "POST", f"/api/games/{game}/actions", quick_answer(v), token=red)

    inflight = threading.Thread(target=send, daemon=True)
    inflight.start()  # killed while this one may be anywhere on its way
    time.sleep(0.02)
    a.kill()
    inflight.join(timeout=10)
    after = ok(b, "GET", f"/api/games/{game}", token=red)  # b goes on from the store: the AI's due answer too, if a died before it
    assert after["actions"] >= acked[-1]
    deadline = time.monotonic() + 20
    while "red" not in after["waiting_for"] and time.monotonic() < deadline:
        time.sleep(0.05)
        after = ok(b, "GET", f"/api/games/{game}", token=red)
    assert after["waiting_for"] == ["red"]
    last = ok(b, "POST", f"/api/games/{game}/actions", quick_answer(after), token=red)
    stored = stored_view(url, game)
    assert len(stored["actions"]) == last["actions"] > acked[-1] and stored["waiting"] == last["waiting_for"]
    save = ok(b, "GET", f"/api/games/{game}/save", token=red)
    shown = [[h["seat"], h["action"]] for h in save["actions"]]  # all but the sealed orders still hidden
    assert shown and shown == stored["actions"][: len(shown)]  # b's table is the store's, action for action
