"""The results store: one SQLite file a study, one row a finished game, keyed by game index.

Rows are written as they arrive and committed batch by batch, so a study stopped at any
moment (Ctrl-C, a crash, a killed process) keeps every game it finished; run again, it plays
only the indices the store lacks. The store also keeps the study's identity (everything that
fixes the games' content: scenario, factions, seed, players, options, variants) and refuses to
mix in games of another study. The number of games a pairing is not part of the identity:
a longer study of the same identity extends a shorter one.

A store written before the lab served every rule set (its games had ``klans`` columns and no
tallies) is refused as outdated: its games cannot be told apart from this version's nor
summed up with them, so it must be started afresh (``fresh``) or another folder chosen.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from grapeshot.lab.records import GameRecord
from grapeshot.lab.study import Plan

SCHEMA = """
CREATE TABLE IF NOT EXISTS study (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    idx INTEGER PRIMARY KEY,
    seed TEXT NOT NULL,            -- 64-bit unsigned: more than SQLite's signed INTEGER holds
    variant TEXT NOT NULL,
    factions TEXT NOT NULL,        -- JSON list, in seat order
    winner TEXT,                   -- NULL for a draw
    winner_faction TEXT,
    objective TEXT NOT NULL,
    turns INTEGER NOT NULL,
    tallies TEXT NOT NULL          -- JSON object: what happened in the game, by name
);
"""
COLUMNS = "idx, seed, variant, factions, winner, winner_faction, objective, turns, tallies"


class StoreMismatch(ValueError):
    """The store holds games of a different study."""


class StoreOutdated(StoreMismatch):
    """The store was written by an earlier version of the lab, whose games this one cannot resume."""


class Store:
    """Finished games of one study, in ``path`` (created if missing)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self.db.commit()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    def identity(self) -> dict[str, Any] | None:
        row = self.db.execute("SELECT value FROM study WHERE key = 'identity'").fetchone()
        return None if row is None else dict(json.loads(row[0]))  # the lab's own rows, in the user's own --out: not outside input

    def bind(self, study: Plan, *, fresh: bool = False) -> None:
        """Tie the store to a study; with ``fresh``, forget whatever it held before."""
        want = json.loads(json.dumps(study.identity(), sort_keys=True))
        outdated = self._outdated()
        if outdated and not fresh:
            raise StoreOutdated(
                f"{self.path} was written by an earlier version of the lab ({outdated}) and cannot be resumed; start afresh or choose another folder"
            )
        if fresh:
            self.db.execute("DROP TABLE games")
            self.db.execute("DELETE FROM study")
            self.db.executescript(SCHEMA)
        have = self.identity()
        if have is None:
            self.db.execute("INSERT INTO study (key, value) VALUES ('identity', ?)", (json.dumps(want, sort_keys=True),))
        elif have != want:
            diff = sorted(k for k in set(have) | set(want) if have.get(k) != want.get(k))
            raise StoreMismatch(f"{self.path} holds games of a different study (it differs in: {', '.join(diff)}); choose another folder or start afresh")
        self.db.commit()

    def _outdated(self) -> str | None:
        """What marks the store as written by an earlier version, or ``None``."""
        columns = [row[1] for row in self.db.execute("PRAGMA table_info(games)")]
        if columns != [c.strip() for c in COLUMNS.split(",")]:
            return f"its games have the columns {', '.join(columns)}"
        return None

    def done(self) -> set[int]:
        return {row[0] for row in self.db.execute("SELECT idx FROM games")}

    def count(self, below: int | None = None) -> int:
        """Stored games (with an index below ``below``, if given)."""
        if below is None:
            return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        return int(self.db.execute("SELECT COUNT(*) FROM games WHERE idx < ?", (below,)).fetchone()[0])

    def add(self, records: Iterable[GameRecord]) -> int:
        """Store finished games (a game already stored is kept as it was); return how many were new."""
        rows = [
            (r.index, str(r.seed), r.variant, json.dumps(list(r.factions)), r.winner, r.winner_faction, r.objective, r.turns, json.dumps(dict(r.tallies)))
            for r in records
        ]
        before = self.db.total_changes
        self.db.executemany("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        self.db.commit()
        return self.db.total_changes - before

    def records(self, below: int | None = None, since: int = 0) -> list[GameRecord]:
        """Stored games in index order (only those with an index from ``since`` and below
        ``below``, if given)."""
        sql = f"SELECT {COLUMNS} FROM games WHERE idx >= ?"
        args: tuple[int, ...] = (since,)
        if below is not None:
            sql += " AND idx < ?"
            args = (since, below)
        return [
            GameRecord(
                idx, int(seed), variant, tuple(json.loads(factions)), winner, winner_faction, objective, turns, tuple(sorted(json.loads(tallies).items()))
            )
            for idx, seed, variant, factions, winner, winner_faction, objective, turns, tallies in self.db.execute(sql + " ORDER BY idx", args)
        ]
