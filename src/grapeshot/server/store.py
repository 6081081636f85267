"""Saved games: every game's set-up and every action, written before it is acknowledged.

:class:`GameStore` is what every backend does alike; :class:`Store` is the embedded default, a
SQLite file, and ``server/pgstore.py`` a PostgreSQL database several server processes share
(:func:`open_store` picks one by where the games are kept).

Writes are durable (``synchronous=FULL``: each commit waits for the disk), and a server must
not make every table wait on the disk in turn: :meth:`Store.write` hands a write to one writer
thread, which commits whatever has queued meanwhile in a single transaction (one disk flush for
the actions of many games: group commit) while the event loop goes on.  Reads use a connection
of their own, which WAL lets read while a commit is under way.

A game is rebuilt by replaying its actions, so the store holds only what cannot
be recomputed: the scenario, options, seed (with the salt of its published commitment),
the rolls a continued game began with, the seats (with hashed tokens), the actions in
order (with the salt of each sealed action), and the outcome.  What the lobby's list
and the health check need (title, time, seats, outcome) are columns of their own, so
neither ever parses a stored scenario.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import queue
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

#: seconds a write waits on another process's lock of the file before it gives up (Busy)
BUSY_TIMEOUT = 5.0
VERSION = 3  # PRAGMA user_version; 0 is the first layout (seeds as SQLite integers), 2 had no rules' revisions, traces or snapshots

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
    seed_chosen INTEGER NOT NULL,    -- 1: the seed was given by whoever created the game (who then knows the dice)
    companion INTEGER NOT NULL,
    seats TEXT NOT NULL,             -- JSON: seat -> {"player": ..., "token": sha256 of the seat's token}
    spectator TEXT NOT NULL,         -- sha256 of the spectator token
    outcome TEXT,                    -- JSON once the game is over
    rules TEXT,                      -- JSON: the rules' revisions it is played under (NULL: from before they were recorded)
    base TEXT,                       -- JSON: the snapshot it goes on from, when carried on under newer rules
    notice TEXT                      -- what became of it when it was carried on, in words
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat TEXT NOT NULL,
    action TEXT NOT NULL,            -- JSON
    salt TEXT,                       -- for a sealed action: the salt of its published hash
    created REAL NOT NULL,
    trace TEXT,                      -- the log's trace before the action ("events:digest", as a save's): a replay under other rules is caught there
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game TEXT PRIMARY KEY REFERENCES games(id),
    at INTEGER NOT NULL,             -- the actions before it
    start TEXT NOT NULL              -- JSON: the game's latest snapshot at the start of a turn (core/snapshot.py)
);
"""
V2_COLUMNS = "id, created, ruleset, title, scenario, options, seed, seed_salt, rolls, seed_chosen, companion, seats, spectator, outcome"
COLUMNS = V2_COLUMNS + ", rules, base, notice"
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
    seed_chosen: bool = False  # given by the game's creator (or a save's), not drawn by the server
    rules: dict[str, int] | None = None  # the rules' revisions it is played under (None: recorded before they were)
    base: dict[str, Any] | None = None  # the snapshot it goes on from (a game carried on under newer rules)
    notice: str | None = None  # what became of it when it was carried on under newer rules


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: str
    action: dict[str, Any]
    salt: str | None
    trace: str | None = None  # the log's trace before it was applied


@dataclass(frozen=True)
class Listed:
    """A game as the lobby lists it."""

    id: str
    created: float
    title: str
    players: dict[str, str]
    outcome: dict[str, Any] | None
    ruleset: str = ""


class Busy(Exception):
    """Another process held the store's write lock for longer than the store waits: nothing of
    the write was stored (the server answers 503 with a Retry-After)."""


def _locked(err: sqlite3.OperationalError) -> bool:
    words = str(err).lower()
    return "locked" in words or "busy" in words


class Sql(Protocol):
    """What a store's transaction runs statements on (``?`` placeholders, as SQLite has them)."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Any, /) -> Any: ...


@dataclass(frozen=True)
class Mark:
    """Where a game's stored actions stand: how many, and how often they were rewritten (an undo,
    a carry-on).  A table in memory built from ``count`` actions at the same ``rewrites`` only
    lacks the actions from ``count`` on; one of other rewrites must be built anew."""

    count: int
    rewrites: int


@dataclass
class Claim:
    """A game held by this process (:meth:`GameStore.claim`): where its actions stood when it was
    taken, and where they stood when it was let go (``None`` until then)."""

    before: Mark
    after: Mark | None = None


class GameStore:
    """Where the games are kept: what every backend does alike (the reads, the writes, the writer
    thread's group commit), over the statements of :meth:`_tx` and the rows of :meth:`_rows`.

    Every write is committed before it returns (``write_*``: before its future is settled), and a
    write the backend cannot make now for a lock or a lost connection raises :class:`Busy` with
    nothing of it stored.  A backend several server processes share says so in :attr:`shared`
    and gives :meth:`claim` and :meth:`changes` their meaning (see ``server/pgstore.py``)."""

    #: several processes may write it at once: their tables must be claimed and followed
    shared = False

    def __init__(self, busy: float) -> None:
        self.busy = busy
        self._lock = threading.Lock()
        self._jobs: queue.SimpleQueue[tuple[Rows, asyncio.Future[None]] | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None

    # ------------------------------------------------------------------ what a backend gives

    def _tx(self) -> AbstractContextManager[Sql]:
        """A write transaction, all or nothing (:class:`Busy` when it cannot be had)."""
        raise NotImplementedError

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read (of committed writes only)."""
        raise NotImplementedError

    def _rewritten(self, db: Sql, game_id: str) -> None:
        """A game's actions were replaced or cut short (a shared store counts it: :class:`Mark`)."""

    def _close(self) -> None:
        raise NotImplementedError

    @contextlib.asynccontextmanager
    async def claim(self, game_id: str) -> AsyncIterator[Claim | None]:
        """Hold a game for one process's change (an action, an undo, an AI's turn): no other process
        changes it meanwhile.  Yields where its stored actions stood when it was taken (and, once
        let go, where the change left them); ``None`` where one process owns the store."""
        yield None

    async def changes(self) -> AsyncIterator[str]:
        """The ids of the games other processes change, as they are committed (none here)."""
        return
        yield  # an async generator that ends at once

    def mark(self, game_id: str) -> Mark:
        """Where a game's stored actions stand (a store that does not count rewrites says 0)."""
        return Mark(int(self._rows("SELECT COUNT(*) FROM actions WHERE game = ?", (game_id,))[0][0]), 0)

    def since(self, game_id: str, count: int) -> tuple[Mark, list[ActionRecord]]:
        """Where a game stands and its stored actions from ``count`` on (read together where the
        store is shared)."""
        rows = self._rows("SELECT seq, seat, action, salt, trace FROM actions WHERE game = ? AND seq >= ? ORDER BY seq", (game_id, count))
        return Mark(count + len(rows), 0), [ActionRecord(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    # ------------------------------------------------------------------ reads

    def game(self, game_id: str) -> GameRecord | None:
        rows = self._rows(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if not rows else _record(rows[0])

    def listing(self, limit: int, after: tuple[float, str] | None = None) -> list[Listed]:
        """The latest games, newest first (ties by id), without reading their scenarios; with
        ``after`` (a listed game's ``(created, id)``), those listed after it: the next page."""
        query = "SELECT id, created, title, seats, outcome, ruleset FROM games"
        args: tuple[Any, ...] = (limit,)
        if after is not None:
            query += " WHERE created < ? OR (created = ? AND id < ?)"
            args = (after[0], after[0], after[1], limit)
        rows = self._rows(query + " ORDER BY created DESC, id DESC LIMIT ?", args)
        return [
            Listed(r[0], r[1], r[2], {s: spec["player"] for s, spec in json.loads(r[3]).items()}, None if r[4] is None else json.loads(r[4]), r[5])
            for r in rows
        ]

    def count(self) -> int:
        return int(self._rows("SELECT COUNT(*) FROM games")[0][0])

    def unfinished(self) -> list[Listed]:
        """Every game still going on (oldest first), as listed."""
        rows = self._rows("SELECT id, created, title, seats FROM games WHERE outcome IS NULL ORDER BY created")
        return [Listed(r[0], r[1], r[2], {s: spec["player"] for s, spec in json.loads(r[3]).items()}, None) for r in rows]

    def actions(self, game_id: str) -> list[ActionRecord]:
        rows = self._rows("SELECT seq, seat, action, salt, trace FROM actions WHERE game = ? ORDER BY seq", (game_id,))
        return [ActionRecord(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    def snapshot(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """The game's latest snapshot kept (the actions before it, the snapshot), if any."""
        rows = self._rows("SELECT at, start FROM snapshots WHERE game = ?", (game_id,))
        return None if not rows else (int(rows[0][0]), json.loads(rows[0][1]))

    # ------------------------------------------------------------------ writes, each its own transaction

    def create(self, rec: GameRecord, actions: Sequence[ActionRecord] = ()) -> None:
        """Store a new game with the actions it starts with (a continued save's), all or nothing."""
        with self._tx() as db:
            self._put(db, Rows(games=[_game_row(rec)], actions=[_action_row(rec.id, a) for a in actions]))

    def carried_on(self, rec: GameRecord, actions: Sequence[ActionRecord]) -> None:
        """A game carried on under newer rules: its new record (rules, base, notice) and its
        actions in place of the old ones, its old snapshot gone, all in one transaction."""
        with self._tx() as db:
            row = dict(zip((c.strip() for c in COLUMNS.split(",")), _game_row(rec), strict=True))
            db.execute(
                "UPDATE games SET rules = ?, base = ?, notice = ?, outcome = ? WHERE id = ?", (row["rules"], row["base"], row["notice"], row["outcome"], rec.id)
            )
            db.execute("DELETE FROM actions WHERE game = ?", (rec.id,))
            db.execute("DELETE FROM snapshots WHERE game = ?", (rec.id,))
            self._rewritten(db, rec.id)
            self._put(db, Rows(actions=[_action_row(rec.id, a) for a in actions]))

    def append(self, game_id: str, entry: ActionRecord) -> None:
        """Store one action (durably: the caller acknowledges it only after this returns)."""
        with self._tx() as db:
            self._put(db, Rows(actions=[_action_row(game_id, entry)]))

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget the actions after the first ``keep`` (undo), and a snapshot taken after them."""
        with self._tx() as db:
            db.execute("DELETE FROM actions WHERE game = ? AND seq >= ?", (game_id, keep))
            db.execute("DELETE FROM snapshots WHERE game = ? AND at > ?", (game_id, keep))
            db.execute("UPDATE games SET outcome = NULL WHERE id = ?", (game_id,))
            self._rewritten(db, game_id)

    def set_rules(self, game_id: str, rules: dict[str, int]) -> None:
        with self._tx() as db:
            db.execute("UPDATE games SET rules = ? WHERE id = ?", (json.dumps(rules), game_id))

    def keep_snapshot(self, game_id: str, at: int, start: str) -> None:
        with self._tx() as db:
            self._put(db, Rows(snapshots=[(game_id, at, start)]))

    def finish(self, game_id: str, outcome: dict[str, Any]) -> None:
        with self._tx() as db:
            self._put(db, Rows(outcomes=[(json.dumps(outcome), game_id)]))

    def _put(self, db: Sql, rows: Rows) -> None:
        _put(db, rows)

    # ------------------------------------------------------------------ the writer thread

    async def write(self, job: Rows) -> None:
        """Write ``job``'s rows in a transaction of the writer thread; return once it is committed.

        The jobs that queue while a commit is under way share the next transaction.  The thread
        makes as few calls into the database as it can (one statement per table), because each
        call is a moment it must win the interpreter's lock back from the busy event loop; a
        batch that fails is written again job by job, so one failing job fails alone."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self._writer is None:
            self._writer = threading.Thread(target=self._write_jobs, name="grapeshot-store", daemon=True)
            self._writer.start()
        self._jobs.put((job, done))
        await done

    async def write_action(self, game_id: str, entry: ActionRecord) -> None:
        await self.write(Rows(actions=[_action_row(game_id, entry)]))

    async def write_game(self, rec: GameRecord, actions: Sequence[ActionRecord]) -> None:
        await self.write(Rows(games=[_game_row(rec)], actions=[_action_row(rec.id, a) for a in actions]))

    async def write_snapshot(self, game_id: str, at: int, start: str) -> None:
        await self.write(Rows(snapshots=[(game_id, at, start)]))

    async def write_outcome(self, game_id: str, outcome: dict[str, Any]) -> None:
        await self.write(Rows(outcomes=[(json.dumps(outcome), game_id)]))

    def _write_jobs(self) -> None:
        while (first := self._jobs.get()) is not None:
            batch = [first]
            while True:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._jobs.put(None)  # close() after this batch
                    break
                batch.append(more)
            failed: list[BaseException | None]
            try:
                with self._tx() as db:
                    self._put(db, Rows.joined([job for job, _ in batch]))
                failed = [None] * len(batch)
            except Busy as busy:  # no job of the batch could be stored: each says so at once
                failed = [busy] * len(batch)
            except Exception:
                failed = self._one_by_one([job for job, _ in batch])
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
            for (_, done), err in zip(batch, failed, strict=True):
                by_loop.setdefault(done.get_loop(), []).append((done, err))
            for loop, settled in by_loop.items():
                with suppress(RuntimeError):  # its loop has closed (the server stopped): nobody waits for these any more
                    loop.call_soon_threadsafe(_settle, settled)

    def _one_by_one(self, jobs: list[Rows]) -> list[BaseException | None]:
        failed: list[BaseException | None] = []
        try:
            with self._tx() as db:
                for job in jobs:
                    db.execute("SAVEPOINT job")
                    try:
                        self._put(db, job)
                        failed.append(None)
                    except Exception as err:
                        db.execute("ROLLBACK TO SAVEPOINT job")
                        failed.append(err)
                    db.execute("RELEASE SAVEPOINT job")
        except Exception as err:  # the commit itself failed: nothing of the batch is stored
            failed = [err] * len(jobs)
        return failed

    def close(self) -> None:
        if self._writer is not None:
            self._jobs.put(None)
            self._writer.join(timeout=10)
        self._close()


class Store(GameStore):
    """A SQLite file, the embedded default: one writing connection, guarded by a lock, and one
    reading.  A write waits up to ``busy`` seconds for another process's lock of the file, then
    raises :class:`Busy`."""

    def __init__(self, path: Path, *, busy: float = BUSY_TIMEOUT) -> None:
        super().__init__(busy)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=busy)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._migrate()
        self._reader = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._rlock = threading.Lock()

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
                    f"INSERT INTO games ({V2_COLUMNS}) SELECT id, created, ruleset, title, scenario, options, CAST(seed AS TEXT), seed_salt, NULL, 1,"
                    " companion, seats, spectator, outcome FROM games_v1"  # whether a creator chose the seed was not kept: say it may have been
                )
                db.execute("DROP TABLE games_v1")
            if old and version < 3:
                # revisions, bases, notices, traces and snapshots came later: added, empty (revision 0)
                for table, column in (("games", "rules"), ("games", "base"), ("games", "notice"), ("actions", "trace")):
                    if column not in {r[1] for r in db.execute(f"PRAGMA table_info({table})")}:
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute("CREATE INDEX IF NOT EXISTS games_created ON games(created)")
            db.execute(f"PRAGMA user_version = {VERSION}")

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as err:
                if _locked(err):
                    raise Busy("the game store is locked by another process; nothing was stored: try again") from err
                raise
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._rlock:
            return self._reader.execute(sql, params).fetchall()

    def _close(self) -> None:
        self._reader.close()
        self._db.close()


def open_store(where: str | Path, *, busy: float = BUSY_TIMEOUT) -> GameStore:
    """The store at ``where``: a ``postgresql://`` URL (psycopg, the ``postgres`` extra, imported
    only then) or a SQLite file's path."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        from grapeshot.server.pgstore import PostgresStore

        return PostgresStore(text, busy=busy)
    return Store(Path(where), busy=busy)


@dataclass
class Rows:
    """What one write stores: rows of games, of actions, and outcomes (``(outcome, game id)``)."""

    games: list[tuple[Any, ...]] = field(default_factory=list)
    actions: list[tuple[Any, ...]] = field(default_factory=list)
    outcomes: list[tuple[str, str]] = field(default_factory=list)
    snapshots: list[tuple[str, int, str]] = field(default_factory=list)  # (game id, at, snapshot JSON)

    @staticmethod
    def joined(jobs: Sequence[Rows]) -> Rows:
        return Rows(
            [r for j in jobs for r in j.games],
            [r for j in jobs for r in j.actions],
            [r for j in jobs for r in j.outcomes],
            [r for j in jobs for r in j.snapshots],
        )


ACTIONS_AT_ONCE = 1000  # rows of one INSERT (7 values each: far below SQLite's limit of variables)


def _put(db: Sql, rows: Rows) -> None:
    """Games first (their actions need them), then actions, then outcomes.  The actions go in
    one INSERT of many rows rather than ``executemany``, which lets go of the interpreter's lock
    and takes it back for every row: from a busy server that is a wait each time."""
    if rows.games:
        db.executemany(f"INSERT INTO games ({COLUMNS}) VALUES ({SLOTS})", rows.games)
    for at in range(0, len(rows.actions), ACTIONS_AT_ONCE):
        part = rows.actions[at : at + ACTIONS_AT_ONCE]
        db.execute(
            "INSERT INTO actions (game, seq, seat, action, salt, created, trace) VALUES " + ",".join(["(?,?,?,?,?,?,?)"] * len(part)),
            [v for row in part for v in row],
        )
    if rows.outcomes:
        db.executemany("UPDATE games SET outcome = ? WHERE id = ?", rows.outcomes)
    if rows.snapshots:
        db.executemany(
            "INSERT INTO snapshots (game, at, start) VALUES (?, ?, ?) ON CONFLICT (game) DO UPDATE SET at = excluded.at, start = excluded.start", rows.snapshots
        )


def _settle(settled: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for done, failed in settled:
        if done.cancelled():
            continue
        if failed is None:
            done.set_result(None)
        else:
            done.set_exception(failed)


def _game_row(rec: GameRecord) -> tuple[Any, ...]:
    return (
        rec.id,
        rec.created,
        rec.ruleset,
        rec.title,
        json.dumps(rec.scenario),
        json.dumps(rec.options),
        str(rec.seed),
        rec.seed_salt,
        None if rec.rolls is None else json.dumps(rec.rolls),
        int(rec.seed_chosen),
        int(rec.companion),
        json.dumps(rec.seats),
        rec.spectator,
        None if rec.outcome is None else json.dumps(rec.outcome),
        None if rec.rules is None else json.dumps(rec.rules),
        None if rec.base is None else json.dumps(rec.base),
        rec.notice,
    )


def _action_row(game_id: str, entry: ActionRecord) -> tuple[Any, ...]:
    return (game_id, entry.seq, entry.seat, json.dumps(entry.action), entry.salt, time.time(), entry.trace)


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
        seed_chosen=bool(row[9]),
        companion=bool(row[10]),
        seats=json.loads(row[11]),
        spectator=row[12],
        outcome=None if row[13] is None else json.loads(row[13]),
        rules=None if row[14] is None else json.loads(row[14]),
        base=None if row[15] is None else json.loads(row[15]),
        notice=row[16],
    )
