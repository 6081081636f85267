"""The SQLite games database: a file of the first layout is migrated without loss, and a write is
in the file before it is acknowledged (what both backends promise is in test_stores.py)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest

from grapeshot.core.commitment import seed_commitment
from grapeshot.core.scenario import load_scenario
from grapeshot.server.store import VERSION, ActionRecord, GameRecord, Store
from grapeshot.server.tables import Table

FIRST_LAYOUT = """
CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, ruleset TEXT NOT NULL, title TEXT NOT NULL, scenario TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, seed_salt TEXT NOT NULL, companion INTEGER NOT NULL, seats TEXT NOT NULL,
    spectator TEXT NOT NULL, outcome TEXT);
CREATE TABLE actions (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, seat TEXT NOT NULL, action TEXT NOT NULL,
    salt TEXT, created REAL NOT NULL, PRIMARY KEY (game, seq));
"""
T = TypeVar("T")
SEATS = {"red": {"player": "human", "token": "a" * 64}, "blue": {"player": "heuristic", "token": "b" * 64}}


def test_a_database_of_the_first_layout_is_migrated_and_its_games_go_on(tmp_path: Path) -> None:
    path = tmp_path / "grapeshot.sqlite"
    with sqlite3.connect(path) as db:
        db.executescript(FIRST_LAYOUT)
        scenario = json.dumps(dict(load_scenario("duel", "jimlad").raw))
        db.execute(
            "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            ("g1", 1.0, "jimlad", "Duel", scenario, "{}", 2**63 - 1, "ab" * 16, 0, json.dumps(SEATS), "c" * 64, None),
        )
    store = Store(path)
    rec = store.game("g1")
    assert rec is not None and rec.seed == 2**63 - 1 and rec.seed_salt == "ab" * 16 and rec.seed_chosen and rec.rolls is None
    assert [g.id for g in store.listing(10)] == ["g1"] and store.count() == 1
    table = Table(rec, store)
    assert table.game.commitment == seed_commitment(2**63 - 1, "ab" * 16) and table.ai_to_act() == "blue"  # its orders are due
    table.submit("red", {"kind": "orders", "orders": [{"ship": "Da Big Smasha", "card": 4, "turn": "none", "card_at": "start"}]})
    assert [a.seat for a in store.actions("g1")] == ["red"]  # stored (the AI seat answers at a server, not here)
    store.close()
    again = Store(path)  # opening it again changes nothing
    assert again.game("g1") == rec and len(again.actions("g1")) == 1
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == VERSION
    again.close()


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on an event loop of its own thread (the browser tests' Playwright keeps a
    loop running in the test thread, where ``asyncio.run`` refuses to start another)."""
    out: list[T] = []
    worker = threading.Thread(target=lambda: out.append(asyncio.run(coro)))
    worker.start()
    worker.join()
    return out[0]


def record(game_id: str, seed: int = 1) -> GameRecord:
    return GameRecord(game_id, 1.0, "jimlad", "t", {}, {}, seed, "ab" * 16, False, SEATS, "c" * 64, None)


def test_writes_reach_the_file_before_they_are_acknowledged(tmp_path: Path) -> None:
    store = Store(tmp_path / "grapeshot.sqlite")
    store.create(record("g"))
    run(store.write_action("g", ActionRecord(0, "red", {"kind": "reroll", "die": None}, None)))
    with sqlite3.connect(tmp_path / "grapeshot.sqlite") as other:  # another process's view
        assert other.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 1
    with pytest.raises(sqlite3.IntegrityError):
        store.create(record("g"))
    store.close()
