"""Saved games in PostgreSQL, for several server processes (on one machine or several) sharing one
database: ``grapeshot serve --store postgresql://...`` (psycopg 3, the ``postgres`` extra).

The promise is the SQLite store's: an action is committed before it is acknowledged (the writer
thread's group commit, over a connection of its own), and a write that cannot be made now (a lock
held past ``busy`` seconds, the server out of reach) raises :class:`~.store.Busy`, answered 503.

What sharing adds:

- **One owner at a time.**  A change to a game (an action, an undo, an AI's turn) is made while
  its process holds the game's advisory lock (:meth:`PostgresStore.claim`, a session lock keyed by
  the game's id, on a pooled connection).  A process killed with -9 loses its connection, and
  PostgreSQL lets go of its locks at once.  Under the lock the claim reads where the game's actions
  stand (:class:`~.store.Mark`: how many, and how often rewritten by an undo or a carry-on), and the
  process brings its table in memory up to that before it checks anything: a table only a few
  actions behind replays those; one rewritten meanwhile is built anew.  An action is therefore never
  checked against a stale game, and the actions table's key (game, seq) refuses a doubled one.
- **Pages fed across processes.**  Each commit that adds or rewrites a game's actions sends
  ``NOTIFY grapeshot`` with the writing process's id and the game's (delivered only once
  committed); every process listens (:meth:`PostgresStore.changes`) and brings the tables it holds
  up to date, pushing the new views to the pages watching them there.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import secrets
import threading
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

import psycopg

from grapeshot.server.store import SCHEMA, VERSION, ActionRecord, Busy, Claim, GameStore, Mark, Rows, Sql, _put

log = logging.getLogger("grapeshot.server")

#: the channel every process's commits are announced on (the payload: "<process> <game id>")
CHANNEL = "grapeshot"
#: idle lock connections a process keeps for its claims (more are opened while many games are held)
POOL = 16
#: the advisory lock that makes two processes starting at once lay out the tables one after the other
LAYOUT_KEY = 0x67726170  # "grap"
#: seconds between tries to listen again after the connection was lost
RELISTEN = 1.0

PG_SCHEMA = SCHEMA.replace(" REAL ", " DOUBLE PRECISION ")
_PLACEHOLDER = re.compile(r"\?")


def key(game_id: str) -> int:
    """The advisory lock's key of a game: its id's hash as a signed 64-bit number."""
    return int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:8], "big", signed=True)


def _q(sql: str) -> str:
    """The store's statements, written with SQLite's ``?``, in psycopg's ``%s``."""
    return _PLACEHOLDER.sub("%s", sql)


class _Statements:
    """A psycopg cursor as the store's :class:`~.store.Sql`."""

    def __init__(self, cursor: psycopg.Cursor[Any]) -> None:
        self.cursor = cursor

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        return self.cursor.execute(_q(sql), parameters)

    def executemany(self, sql: str, parameters: Any, /) -> Any:
        return self.cursor.executemany(_q(sql), parameters)


def _unreachable(err: BaseException) -> Busy:
    return Busy(f"the game store (PostgreSQL) is locked or out of reach ({str(err).strip()[:200]}); nothing was stored: try again")


class PostgresStore(GameStore):
    """A PostgreSQL database several server processes share (see the module's doc)."""

    shared = True

    def __init__(self, url: str, *, busy: float) -> None:
        super().__init__(busy)
        self.url = url
        #: this process's name in the announcements, so it does not follow its own commits
        self.instance = secrets.token_hex(6)
        # a commit waits for the database's disk whatever the server's default: acknowledged means stored
        self._options = f"-c lock_timeout={int(busy * 1000)} -c idle_in_transaction_session_timeout={int(max(busy, 1) * 6000)} -c synchronous_commit=on"
        try:
            self._db = self._connect()
            self._reader = self._connect()
        except psycopg.OperationalError as err:
            raise ConnectionError(f"cannot reach the game store at {_safe(url)}: {str(err).strip()}") from None
        self._rlock = threading.Lock()
        self._pool: dict[asyncio.AbstractEventLoop, list[psycopg.AsyncConnection[Any]]] = {}
        self._closing: set[asyncio.Future[None]] = set()
        try:
            self._migrate()
        except (psycopg.Error, Busy) as err:  # no right to lay out the tables, a database of something else...
            raise ConnectionError(f"cannot use the game store at {_safe(url)}: {str(err).strip()}") from None

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, options=self._options, connect_timeout=max(2, int(self.busy)))

    def _migrate(self) -> None:
        """Lay out the tables if they are not there (one process at a time), and refuse a database
        of a later layout than this release knows."""
        with self._tx() as db:
            db.execute("SELECT pg_advisory_xact_lock(?)", (LAYOUT_KEY,))
            db.execute("CREATE TABLE IF NOT EXISTS grapeshot_layout (version INTEGER NOT NULL)")
            row = db.execute("SELECT max(version) FROM grapeshot_layout").fetchone()
            if row[0] is not None and row[0] > VERSION:
                raise ValueError(f"{_safe(self.url)}: the games there are of layout {row[0]}, newer than this release's ({VERSION})")
            for statement in PG_SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS rewrites INTEGER NOT NULL DEFAULT 0")
            db.execute("CREATE INDEX IF NOT EXISTS games_created ON games(created)")
            if row[0] is None:
                db.execute("INSERT INTO grapeshot_layout VALUES (?)", (VERSION,))

    # ------------------------------------------------------------------ transactions and reads

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Sql]:
        with self._lock:
            if self._db.broken or self._db.closed:
                try:
                    self._db = self._connect()
                except psycopg.OperationalError as err:
                    raise _unreachable(err) from None
            db = self._db
            try:
                db.execute("BEGIN")
                with db.cursor() as cursor:
                    yield _Statements(cursor)
                db.execute("COMMIT")
            except psycopg.OperationalError as err:  # a lock waited on too long, the connection lost: nothing stored
                _roll_back(db)
                raise _unreachable(err) from None
            except BaseException:
                _roll_back(db)
                raise

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._rlock:
            try:
                return self._reading().execute(_q(sql), params).fetchall()
            except psycopg.OperationalError as err:
                raise _unreachable(err) from None

    def _reading(self) -> psycopg.Connection[Any]:
        if self._reader.broken or self._reader.closed:
            self._reader = self._connect()
        return self._reader

    def mark(self, game_id: str) -> Mark:
        return _mark(self._rows(f"SELECT {_MARK}", (game_id, game_id))[0])

    def since(self, game_id: str, count: int) -> tuple[Mark, list[ActionRecord]]:
        """One snapshot of the database: the game's rewrites and its actions from ``count`` on."""
        with self._rlock:
            try:
                db = self._reading()
                with db.transaction():
                    db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                    row = db.execute("SELECT rewrites FROM games WHERE id = %s", (game_id,)).fetchone()
                    rows = db.execute(
                        "SELECT seq, seat, action, salt, trace FROM actions WHERE game = %s AND seq >= %s ORDER BY seq", (game_id, count)
                    ).fetchall()
            except psycopg.OperationalError as err:
                raise _unreachable(err) from None
        records = [ActionRecord(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]
        return Mark(count + len(records), 0 if row is None else int(row[0])), records

    # ------------------------------------------------------------------ what the other processes are told

    def _put(self, db: Sql, rows: Rows) -> None:
        _put(db, rows)
        changed = sorted({r[0] for r in rows.actions})
        if changed:
            db.executemany("SELECT pg_notify(?, ?)", [(CHANNEL, f"{self.instance} {g}") for g in changed])

    def _rewritten(self, db: Sql, game_id: str) -> None:
        db.execute("UPDATE games SET rewrites = rewrites + 1 WHERE id = ?", (game_id,))
        db.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{self.instance} {game_id}"))

    async def changes(self) -> AsyncIterator[str]:
        """The ids of the games other processes change, as their commits are announced; after the
        connection was lost and found again, ``""`` (any game may have changed meanwhile)."""
        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True, options=self._options) as db:
                    await db.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        yield ""
                    async for note in db.notifies():
                        who, _, game_id = note.payload.partition(" ")
                        if who != self.instance:
                            yield game_id
            except psycopg.OperationalError as err:
                log.warning("lost the game store's announcements (%s); listening again in %.0f s", str(err).strip(), RELISTEN)
                lost = True
                await asyncio.sleep(RELISTEN)

    # ------------------------------------------------------------------ claims

    @contextlib.asynccontextmanager
    async def claim(self, game_id: str) -> AsyncIterator[Claim | None]:
        """Hold the game's advisory lock (waiting up to ``busy`` seconds for another process to let
        go of it, then :class:`~.store.Busy`), yielding where its actions stand under it."""
        db = await self._lender()
        k = key(game_id)
        try:
            await db.execute("SELECT pg_advisory_lock(%s)", (k,))
            row = await (await db.execute(f"SELECT {_MARK}", (game_id, game_id))).fetchone()  # a statement of its own: read once the lock is held
        except psycopg.OperationalError as err:
            await self._give_back(db, k, locked=False)
            raise _unreachable(err) from None
        except BaseException:  # cancelled while waiting: its session's end lets go of whatever it holds
            await db.close()
            raise
        held = Claim(_mark(row))
        try:
            yield held
        finally:
            try:  # where the change left the game, read as the lock is let go: one statement, its snapshot taken while still held
                after = await (await db.execute(f"SELECT {_MARK}, pg_advisory_unlock(%s)", (game_id, game_id, k))).fetchone()
                held.after = _mark(after)
                self._keep(db)
            except BaseException:
                held.after = None
                await db.close()
                raise

    async def _lender(self) -> psycopg.AsyncConnection[Any]:
        idle = self._pool.setdefault(asyncio.get_running_loop(), [])
        while idle:
            db = idle.pop()
            if not (db.broken or db.closed):
                return db
        try:
            return await psycopg.AsyncConnection.connect(self.url, autocommit=True, options=self._options, connect_timeout=max(2, int(self.busy)))
        except psycopg.OperationalError as err:
            raise _unreachable(err) from None

    async def _give_back(self, db: psycopg.AsyncConnection[Any], k: int, *, locked: bool) -> None:
        """Let go of the lock and keep the connection for the next claim (closed instead if it is
        in doubt: its session ending lets go of whatever it held)."""
        try:
            if locked:
                await db.execute("SELECT pg_advisory_unlock(%s)", (k,))
        except Exception:
            await db.close()
            return
        self._keep(db)

    def _keep(self, db: psycopg.AsyncConnection[Any]) -> None:
        """Keep a lock connection for the next claim (closed if enough are kept)."""
        idle = self._pool.setdefault(asyncio.get_running_loop(), [])
        if len(idle) < POOL and not db.broken:
            idle.append(db)
        else:
            self._closing.add(task := asyncio.ensure_future(db.close()))
            task.add_done_callback(self._closing.discard)

    def _close(self) -> None:
        self._reader.close()
        self._db.close()
        self._pool.clear()  # a loop's connections close with it


#: where a game's actions stand (its parameters: the game's id twice), as a select list
_MARK = "(SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game = %s), (SELECT rewrites FROM games WHERE id = %s)"


def _mark(row: tuple[Any, ...] | None) -> Mark:
    """A :class:`~.store.Mark` from a row of ``_MARK`` (a game not stored: none yet)."""
    return Mark(0, 0) if row is None else Mark(int(row[0]), int(row[1] or 0))


def _roll_back(db: psycopg.Connection[Any]) -> None:
    with contextlib.suppress(psycopg.Error):
        if not db.broken and not db.closed:
            db.execute("ROLLBACK")


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)
