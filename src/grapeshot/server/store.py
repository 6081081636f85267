"""Saved games in SQLite: every game's set-up and every action, written before it is acknowledged.

A game is rebuilt by replaying its actions, so the store holds only what cannot
be recomputed: the scenario, options, seed (with the salt of its published commitment),
the rolls a continued game began with, the seats (with hashed tokens), the actions in
order (with the salt of each sealed action), and the outcome.  What the lobby's list
and the health check need (title, time, seats, outcome) are columns of their own, so
neither ever parses a stored scenario.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

VERSION = 2  # PRAGMA user_version; 0 is the first layout (seeds as SQLite integers)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    ruleset TEXT NOT NULL,
    title TEXT NOT NULL,
    scenario TEXT NOT NULL,          -- the scenario as JSON
    options TEXT NOT NULL,           -- JSON
    seed TEXT NOT NULL,              -- in decimal: a seed may be beyond SQLite's 64-bit integers
    seed_salt TEXT NOT NULL,
    rolls TEXT,                      -- JSON: the rolls a continued game began with, before its seed
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
COLUMNS = "id, created, ruleset, title, scenario, options, seed, seed_salt, rolls, companion, seats, spectator, outcome"
SLOTS = ",".join("?" * len(COLUMNS.split(",")))


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
    rolls: list[dict[str, Any]] | None = None  # a continued game's first rolls (as in a save's dice.rolls)


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: str
    action: dict[str, Any]
    salt: str | None


@dataclass(frozen=True)
class Listed:
    """A game as the lobby lists it."""

    id: str
    created: float
    title: str
    players: dict[str, str]
    outcome: dict[str, Any] | None


class Store:
    """A SQLite file; one connection, guarded by a lock (the server is a single process)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._lock = threading.Lock()
        self._migrate()

    def _migrate(self) -> None:
        """Bring an older file up to :data:`VERSION`, in one transaction (nothing is lost if it stops)."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        old = self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone() is not None
        with self._tx() as db:
            if old and version < 2:
                # the first layout kept the seed in an integer column (no room for seeds of 2^63 and
                # more) and had no rolls: copy into the new layout, then swap
                db.execute("ALTER TABLE games RENAME TO games_v1")
                db.execute(SCHEMA.split(";")[0])
                db.execute(
                    f"INSERT INTO games ({COLUMNS}) SELECT id, created, ruleset, title, scenario, options, CAST(seed AS TEXT), seed_salt, NULL,"
                    " companion, seats, spectator, outcome FROM games_v1"
                )
                db.execute("DROP TABLE games_v1")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute("CREATE INDEX IF NOT EXISTS games_created ON games(created)")
            db.execute(f"PRAGMA user_version = {VERSION}")

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

    def create(self, rec: GameRecord, actions: Sequence[ActionRecord] = ()) -> None:
        """Store a new game with the actions it starts with (a continued save's), all or nothing."""
        now = time.time()
        with self._tx() as db:
            db.execute(
                f"INSERT INTO games ({COLUMNS}) VALUES ({SLOTS})",
                (
                    rec.id,
                    rec.created,
                    rec.ruleset,
                    rec.title,
                    json.dumps(rec.scenario),
                    json.dumps(rec.options),
                    str(rec.seed),
                    rec.seed_salt,
                    None if rec.rolls is None else json.dumps(rec.rolls),
                    int(rec.companion),
                    json.dumps(rec.seats),
                    rec.spectator,
                    None if rec.outcome is None else json.dumps(rec.outcome),
                ),
            )
            db.executemany("INSERT INTO actions VALUES (?,?,?,?,?,?)", [(rec.id, a.seq, a.seat, json.dumps(a.action), a.salt, now) for a in actions])

    def game(self, game_id: str) -> GameRecord | None:
        with self._lock:
            row = self._db.execute(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _record(row)

    def listing(self, limit: int) -> list[Listed]:
        """The latest games, newest first, without reading their scenarios."""
        with self._lock:
            rows = self._db.execute("SELECT id, created, title, seats, outcome FROM games ORDER BY created DESC LIMIT ?", (limit,)).fetchall()
        return [Listed(r[0], r[1], r[2], {s: spec["player"] for s, spec in json.loads(r[3]).items()}, None if r[4] is None else json.loads(r[4])) for r in rows]

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def unfinished(self) -> list[Listed]:
        """Every game still going on (oldest first), as listed."""
        with self._lock:
            rows = self._db.execute("SELECT id, created, title, seats FROM games WHERE outcome IS NULL ORDER BY created").fetchall()
        return [Listed(r[0], r[1], r[2], {s: spec["player"] for s, spec in json.loads(r[3]).items()}, None) for r in rows]

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
        seed=int(row[6]),
        seed_salt=row[7],
        rolls=None if row[8] is None else json.loads(row[8]),
        companion=bool(row[9]),
        seats=json.loads(row[10]),
        spectator=row[11],
        outcome=None if row[12] is None else json.loads(row[12]),
    )
