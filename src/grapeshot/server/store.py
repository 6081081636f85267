"""Saved games in SQLite: every game's set-up and every action, written before it is acknowledged.

A game is rebuilt by replaying its actions, so the store holds only what cannot
be recomputed: the scenario, options, seed, seats (with hashed tokens), the
actions in order (with the salt of each sealed action), and the outcome.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    ruleset TEXT NOT NULL,
    title TEXT NOT NULL,
    scenario TEXT NOT NULL,          -- the scenario as JSON
    options TEXT NOT NULL,           -- JSON
    seed INTEGER NOT NULL,
    seed_salt TEXT NOT NULL,
    companion INTEGER NOT NULL,
    seats TEXT NOT NULL,             -- JSON: seat -> {"player": ..., "token": sha256 of the seat's token}
    spectator TEXT NOT NULL,         -- sha256 of the spectator token
    outcome TEXT                     -- JSON once the game is over
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat TEXT NOT NULL,
    action TEXT NOT NULL,            -- JSON
    salt TEXT,                       -- for a sealed action: the salt of its published hash
    created REAL NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    """One stored game's set-up."""

    id: str
    created: float
    ruleset: str
    title: str
    scenario: dict[str, Any]
    options: dict[str, Any]
    seed: int
    seed_salt: str
    companion: bool
    seats: dict[str, dict[str, str]]
    spectator: str
    outcome: dict[str, Any] | None


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: str
    action: dict[str, Any]
    salt: str | None


class Store:
    """A SQLite file; one connection, guarded by a lock (the server is a single process)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, rec: GameRecord) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    rec.id,
                    rec.created,
                    rec.ruleset,
                    rec.title,
                    json.dumps(rec.scenario),
                    json.dumps(rec.options),
                    rec.seed,
                    rec.seed_salt,
                    int(rec.companion),
                    json.dumps(rec.seats),
                    rec.spectator,
                    None if rec.outcome is None else json.dumps(rec.outcome),
                ),
            )

    def game(self, game_id: str) -> GameRecord | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _record(row)

    def games(self) -> list[GameRecord]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM games ORDER BY created DESC").fetchall()
        return [_record(r) for r in rows]

    def actions(self, game_id: str) -> list[ActionRecord]:
        with self._lock:
            rows = self._db.execute("SELECT seq, seat, action, salt FROM actions WHERE game = ? ORDER BY seq", (game_id,)).fetchall()
        return [ActionRecord(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]

    def append(self, game_id: str, seq: int, seat: str, action: dict[str, Any], salt: str | None) -> None:
        """Store one action (durably: the caller acknowledges it only after this returns)."""
        with self._tx() as db:
            db.execute("INSERT INTO actions VALUES (?,?,?,?,?,?)", (game_id, seq, seat, json.dumps(action), salt, time.time()))

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget the actions after the first ``keep`` (undo)."""
        with self._tx() as db:
            db.execute("DELETE FROM actions WHERE game = ? AND seq >= ?", (game_id, keep))
            db.execute("UPDATE games SET outcome = NULL WHERE id = ?", (game_id,))

    def finish(self, game_id: str, outcome: dict[str, Any]) -> None:
        with self._tx() as db:
            db.execute("UPDATE games SET outcome = ? WHERE id = ?", (json.dumps(outcome), game_id))

    def close(self) -> None:
        self._db.close()


def _record(row: tuple[Any, ...]) -> GameRecord:
    return GameRecord(
        id=row[0],
        created=row[1],
        ruleset=row[2],
        title=row[3],
        scenario=json.loads(row[4]),
        options=json.loads(row[5]),
        seed=row[6],
        seed_salt=row[7],
        companion=bool(row[8]),
        seats=json.loads(row[9]),
        spectator=row[10],
        outcome=None if row[11] is None else json.loads(row[11]),
    )
