"""The store's promise, the same on both backends (SQLite, PostgreSQL): what is written is read
back whole, an action is committed before its write returns (another connection sees it), many
writes share one commit while a failing one fails alone, undo and carry-on rewrite a game, and a
lock held past the store's patience is :class:`Busy` with nothing stored."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest

from grapeshot.server.store import ActionRecord, Busy, GameRecord, open_store
from tests.server.test_store import SEATS

T = TypeVar("T")

REROLL = {"kind": "reroll", "die": None}


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on an event loop of its own thread (as tests/server/test_store.py does),
    raising what it raised."""
    out: list[T] = []
    failed: list[BaseException] = []

    def main() -> None:
        try:
            out.append(asyncio.run(coro))
        except BaseException as err:
            failed.append(err)

    worker = threading.Thread(target=main)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]
    return out[0]


def record(game_id: str, seed: int = 1, created: float = 1.0) -> GameRecord:
    return GameRecord(game_id, created, "jimlad", "t", {"title": "t"}, {"turn_limit": 3}, seed, "ab" * 16, False, SEATS, "c" * 64, None, rules={"jimlad": 1})


def test_a_game_and_its_actions_are_read_back_as_written(store_at: Callable[[], str]) -> None:
    store = open_store(store_at())
    store.create(record("g", 2**64 - 1), [ActionRecord(0, "red", REROLL, "salt", "0:abc")])
    store.create(record("h", created=2.0))
    assert store.game("g") == record("g", 2**64 - 1) and store.game("nope") is None
    assert store.actions("g") == [ActionRecord(0, "red", REROLL, "salt", "0:abc")]
    assert [g.id for g in store.listing(10)] == ["h", "g"] and store.count() == 2
    assert [g.id for g in store.unfinished()] == ["g", "h"]
    store.keep_snapshot("g", 2, '{"turn": 2}')
    store.keep_snapshot("g", 2, '{"turn": 3}')  # one kept a game: the latest
    assert store.snapshot("g") == (2, {"turn": 3})
    store.finish("h", {"winner": "red"})
    assert [g.id for g in store.unfinished()] == ["g"] and store.listing(1)[0].outcome == {"winner": "red"}
    store.append("g", ActionRecord(1, "blue", REROLL, None))
    assert store.mark("g").count == 2
    store.truncate("g", 1)
    assert [a.seq for a in store.actions("g")] == [0] and store.snapshot("g") is None
    store.carried_on(record("g"), [ActionRecord(0, "blue", REROLL, None), ActionRecord(1, "red", REROLL, None)])
    assert [a.seat for a in store.actions("g")] == ["blue", "red"]
    mark, since = store.since("g", 1)
    assert mark.count == 2 and [a.seat for a in since] == ["red"]
    if store.shared:  # two rewrites counted, so a process holding the game in memory builds it anew
        assert mark.rewrites == store.mark("g").rewrites == 2
        # its commits wait for the disk even on a server whose default does not (the test cluster's)
        assert store._db.execute("SHOW synchronous_commit").fetchone() == ("on",)  # type: ignore[attr-defined]
    store.close()


def test_the_writer_commits_many_writes_together_and_a_failing_one_alone(store_at: Callable[[], str]) -> None:
    store = open_store(store_at())
    store.create(record("g"))

    async def main() -> list[BaseException | None]:
        writes = [store.write_action("g", ActionRecord(i, "red", REROLL, None)) for i in range(200)]
        writes.append(store.write_action("g", ActionRecord(5, "red", {}, None)))  # seq 5 twice: refused by the key
        writes.append(store.write_game(record("h", 2**64 - 1), [ActionRecord(0, "blue", REROLL, "s")]))
        return list(await asyncio.gather(*writes, return_exceptions=True))

    results = run(main())
    assert results[:200] == [None] * 200 and isinstance(results[200], Exception) and not isinstance(results[200], Busy) and results[201] is None
    assert [a.seq for a in store.actions("g")] == list(range(200))
    h = store.game("h")
    assert h is not None and h.seed == 2**64 - 1 and store.actions("h")[0].salt == "s"
    store.close()


def test_a_write_is_committed_before_it_returns(store_at: Callable[[], str]) -> None:
    store = open_store(store_at())
    store.create(record("g"))
    run(store.write_action("g", ActionRecord(0, "red", REROLL, None)))
    other = open_store(store_at())  # another process's connection
    assert len(other.actions("g")) == 1
    other.close()
    with pytest.raises(Exception, match=r"(?i)unique|primary key|duplicate"):
        store.create(record("g"))
    store.close()


HOLD_SQLITE = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
"""
HOLD_PG = """
import psycopg, sys
db = psycopg.connect(sys.argv[1])
db.execute("LOCK TABLE actions IN ACCESS EXCLUSIVE MODE")
print("locked", flush=True)
sys.stdin.readline()
"""


def test_a_lock_held_by_another_process_is_busy_and_nothing_is_stored(store_at: Callable[[], str]) -> None:
    where = store_at()
    store = open_store(where, busy=0.3)
    store.create(record("g"))
    hold = HOLD_PG if store.shared else HOLD_SQLITE
    proc = subprocess.Popen([sys.executable, "-c", hold, where], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        started = time.monotonic()
        with pytest.raises(Busy):
            run(store.write_action("g", ActionRecord(0, "red", REROLL, None)))
        assert time.monotonic() - started < 3
    finally:
        proc.kill()
        proc.wait()
    assert store.actions("g") == []  # nothing half-stored, and the store goes on once the lock is gone
    run(store.write_action("g", ActionRecord(0, "red", REROLL, None)))
    assert len(store.actions("g")) == 1
    store.close()


def test_on_postgresql_a_game_held_by_another_process_or_a_locked_table_answers_503_and_stores_nothing(pg_url: str, tmp_path: Path) -> None:
    import psycopg
    from fastapi.testclient import TestClient

    from grapeshot.server.app import create_app
    from grapeshot.server.pgstore import key
    from grapeshot.server.quick import quick_answer

    with TestClient(create_app(tmp_path, busy=0.3, store=pg_url)) as client:
        g = client.post("/api/games", json={"scenario": "duel", "seed": 3, "seats": {"red": "human", "blue": "human"}}).json()
        game, red = g["id"], g["links"]["red"].split("token=")[1]
        body = quick_answer(client.get(f"/api/games/{game}", params={"token": red}).json())
        for hold in (f"SELECT pg_advisory_lock({key(game)})", "BEGIN; LOCK TABLE actions IN ACCESS EXCLUSIVE MODE"):  # its claim, then the table
            with psycopg.connect(pg_url, autocommit=True) as other:
                other.execute(hold)
                r = client.post(f"/api/games/{game}/actions", params={"token": red}, json=body)
                assert r.status_code == 503 and r.headers["retry-after"] == "2" and "nothing was stored" in r.json()["error"], r.text
            assert client.get(f"/api/games/{game}", params={"token": red}).json()["actions"] == 0
        assert client.post(f"/api/games/{game}/actions", params={"token": red}, json=body).status_code == 200  # let go: it goes on


def test_serve_refuses_a_store_it_cannot_use_in_words(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from grapeshot.cli import app

    runner = CliRunner()
    wrong = runner.invoke(app, ["serve", "--store", str(tmp_path / "games.sqlite")])
    assert wrong.exit_code != 0 and "give a postgresql:// URL" in wrong.output
    port = __import__("tests.live_server", fromlist=["free_port"]).free_port()  # nothing listens there
    away = runner.invoke(app, ["serve", "--store", f"postgresql://nobody:secret@127.0.0.1:{port}/games"])
    assert away.exit_code != 0 and "cannot reach the game store" in away.output and "secret" not in away.output, away.output


def test_on_postgresql_other_processes_commits_are_announced_and_listened_to_again_after_a_loss(pg_url: str) -> None:
    import psycopg

    mine, theirs = open_store(pg_url), open_store(pg_url)  # two processes' stores
    mine.create(record("g"))
    seq = iter(range(1000))

    async def main() -> list[str]:
        heard: asyncio.Queue[str] = asyncio.Queue()

        async def listen() -> None:
            async for game_id in mine.changes():
                heard.put_nowait(game_id)

        listening = asyncio.create_task(listen())
        got: list[str] = []

        async def until_heard() -> None:  # what is sent before it listens is heard by nobody: send until heard
            for _ in range(50):
                await theirs.write_action("g", ActionRecord(next(seq), "red", REROLL, None))
                try:
                    got.append(await asyncio.wait_for(heard.get(), 0.2))
                    return
                except TimeoutError:
                    continue

        await until_heard()
        await mine.write_action("g", ActionRecord(next(seq), "red", REROLL, None))  # its own: not announced to itself
        with psycopg.connect(pg_url, autocommit=True) as admin:  # the listening connection is lost
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%%' AND pid <> pg_backend_pid()")
        got.append(await asyncio.wait_for(heard.get(), 10))  # "": listening again, anything may have changed meanwhile
        await until_heard()
        listening.cancel()
        return got

    assert run(main()) == ["g", "", "g"]
    mine.close()
    theirs.close()
