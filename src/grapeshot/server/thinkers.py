"""Where an AI seat thinks: a worker thread, or, for the players that think for long, a worker
process, so that their thinking does not share the interpreter's lock with the event loop.

Measured (``bench/bench_loop_lag.py``): while a search player thinks in a thread the loop lags
ten times as much at its 99th percentile as while it thinks in another process; the heuristic
players' answers and the games' set-ups are short enough that a thread costs the loop no more
than shipping them would.  So the players of :data:`IN_A_PROCESS` answer in a process of their
own, the others in a thread.

A ``Game`` does not pickle (its flow is a generator), so the process keeps its own copy of each
table it answers for: built from the table's record and stored actions the first time, brought
up to date with the actions stored since on each later answer (rebuilt if the game went back:
an undo), the least used let go beyond :data:`KEPT`.  Its AI players are the table's own, made
from the same seeds, and keep their state from one answer to the next as they would in the
server's process; the answer comes back as the action's JSON and goes through the table's
record and ``take`` like any other.  A process that dies (or a pool that breaks) is replaced on
the next answer, which then starts a fresh copy; a worker whose server has gone (killed with -9)
ends within a second.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, cast

from grapeshot.core.actions import Action
from grapeshot.server.store import ActionRecord, GameRecord, Store
from grapeshot.server.tables import Table

__all__ = ["IN_A_PROCESS", "KEPT", "Thinkers"]

#: the players whose answers are thought out in a worker process
IN_A_PROCESS = frozenset({"search"})
#: tables a worker process keeps copies of
KEPT = 32


class Thinkers:
    """The AI seats' answers, each where it costs the event loop least (see the module's text)."""

    def __init__(self, processes: bool = True) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        #: answers thought out in a worker process so far
        self.elsewhere = 0

    async def answer(self, table: Table, seat: str, actions: list[ActionRecord] | None = None) -> Action:
        """The AI seat's answer to the table's open prompt (``actions``: the table's stored
        actions, read from its store if not given)."""
        player = table.rec.seats[seat]["player"]
        if not self.processes or player not in IN_A_PROCESS:
            return await asyncio.to_thread(table.think, seat)
        if actions is None:
            actions = await asyncio.to_thread(table.store.actions, table.rec.id)
        snapshot = await asyncio.to_thread(table.store.snapshot, table.rec.id)
        job = (table.rec, actions, snapshot, seat)
        loop = asyncio.get_running_loop()
        try:
            data = await loop.run_in_executor(self._workers(), _answer, job)
        except BrokenProcessPool:  # the process died: a new one, with a fresh copy of the table
            self._pool = None
            data = await loop.run_in_executor(self._workers(), _answer, job)
        self.elsewhere += 1
        return table.game.decode(data)

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:  # spawned, not forked: the server's threads (the store's writer) must not be copied mid-step
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_watch_parent, initargs=(os.getpid(),))
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)  # an answer under way: at most THINK_SECONDS
            self._pool = None


class _Given:
    """What a worker's copy of a table reads of the store: the actions and snapshot it was sent.
    It writes nothing (the server's own table has stored all there is to store)."""

    def __init__(self, actions: list[ActionRecord], snapshot: tuple[int, dict[str, Any]] | None) -> None:
        self._actions = actions
        self._snapshot = snapshot

    def actions(self, game_id: str) -> list[ActionRecord]:
        return self._actions

    def snapshot(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        return self._snapshot

    def set_rules(self, game_id: str, rules: dict[str, int]) -> None:
        pass

    def finish(self, game_id: str, outcome: dict[str, Any]) -> None:
        pass

    def carried_on(self, rec: GameRecord, actions: list[ActionRecord]) -> None:
        pass


def _watch_parent(parent: int) -> None:
    """In the worker: end when the server's process has gone (a server killed with -9 has no
    chance to stop its pool, and its worker must not live on alone)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="grapeshot-parent-watch", daemon=True).start()


#: in a worker process: its copies of the tables with the record each was made from, the least recently used first
_copies: OrderedDict[str, tuple[GameRecord, Table]] = OrderedDict()


def _answer(job: tuple[GameRecord, list[ActionRecord], tuple[int, dict[str, Any]] | None, str]) -> Any:
    """In the worker: the copy of the table brought up to the stored actions, and its AI's answer (JSON)."""
    rec, actions, snapshot, seat = job
    made, table = _copies.pop(rec.id, (None, None))
    if table is None or made != rec or len(table.game.actions) > len(actions):  # new, carried on anew, or gone back (an undo)
        table = Table(rec, cast(Store, _Given(actions, snapshot)))
    else:
        for a in actions[len(table.game.actions) :]:
            table.take(a, table.game.decode(a.action))
    _copies[rec.id] = (rec, table)
    while len(_copies) > KEPT:
        _copies.popitem(last=False)
    return table.think(seat).to_json()
