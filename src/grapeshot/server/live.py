"""The tables in memory: each game loaded from the store on first use, its lock, the pages
watching it and its AI seats' turn; dropped again when nobody has used it for a while.

A table is only ever a cache of the store (every action is stored before it is applied), so a
table idle for :data:`IDLE` seconds with no page watching, no AI thinking and nobody holding its
lock is let go (:meth:`Tables.sweep`, run by the server every :data:`SWEEP` seconds) and loaded
again on its next request: memory follows the games being played, not every game ever opened.
A request's token is checked against the stored game before the game is loaded
(:func:`~grapeshot.server.tables.admitted`), so a wrong token loads nothing.

On a store several processes share (PostgreSQL), a table is also a cache another process may
have moved past: every change is made under the game's claim in the store, with the table first
brought up to the store's actions (:meth:`Tables.claimed`), a request's table is brought up to
them before it is read, and other processes' commits are followed into the tables held here and
pushed to their pages (:meth:`Tables.follow`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from grapeshot.agents.levels import LEVELS
from grapeshot.core.actions import Action
from grapeshot.core.commitment import new_salt
from grapeshot.core.errors import IllegalAction, ScenarioError
from grapeshot.core.rolls import roll_json
from grapeshot.core.ruleset import Ruleset
from grapeshot.core.scenario import Scenario
from grapeshot.dice import Roll
from grapeshot.server.store import GameRecord, GameStore, Mark, token_hash
from grapeshot.server.tables import PEOPLE, Denied, Table, admitted, players_of
from grapeshot.server.thinkers import Thinkers

log = logging.getLogger("grapeshot.server")
#: the scenario's ``fleets[i]`` a set-up error is about
_FLEET_ENTRY = re.compile(r"fleets\[(\d+)\]")
#: seconds a table may lie unused in memory before it is let go (the store keeps it)
IDLE = 600.0
#: seconds between the server's looks for idle tables
SWEEP = 20.0
#: seconds a finished game's table may lie unused in memory (nothing in it changes any more)
FINISHED_IDLE = 20.0
#: games whose AI seats are resumed together at start-up (:meth:`Tables.resume`)
RESUME_AT_ONCE = 2


@dataclass
class Live:
    """A table in memory, its lock, the pages watching it, and its AI seats' turn if one is under way."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[WebSocket, tuple[str | None, int]] = field(default_factory=dict)
    ai: asyncio.Task[None] | None = None
    #: when a request last opened it (the event loop's clock); never, for a table the server
    #: loaded for itself (an AI seat resumed at start-up), which the next sweep may let go
    used: float = float("-inf")
    #: a shared store's count of the game's rewrites the table was built at (see :meth:`Tables.claimed`)
    rewrites: int = 0
    #: bringing the table up to what another process stored (a shared store), if under way
    following: asyncio.Task[None] | None = None
    #: another process stored more since the follow under way began reading
    behind: bool = False

    def idle(self, since: float, finished_since: float | None = None) -> bool:
        """Nobody needs it in memory: unused since ``since`` (a finished game: since
        ``finished_since``, if given), no page watching, no AI thinking, unlocked."""
        before = since if finished_since is None or self.table.game.outcome is None else max(since, finished_since)
        return self.used < before and not self.watchers and (self.ai is None or self.ai.done()) and not self.lock.locked()


class Tables:
    """Tables loaded from the store on first use (so a restarted server loses nothing)."""

    def __init__(self, store: GameStore, idle: float = IDLE, thinkers: Thinkers | None = None) -> None:
        self.store = store
        self.idle = idle
        #: where the AI seats think (a long thinker in a worker process, the others in a thread)
        self.thinkers = Thinkers() if thinkers is None else thinkers
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Future[Live]] = {}

    async def open(self, game_id: str, token: str | None = None, *, wait: bool = True, trusted: bool = False, current: bool = True) -> Live:
        """The live table of a game, loaded from the store if need be, for a request holding
        ``token`` (refused before anything is loaded if it is none of the game's; ``trusted``:
        the server's own start-up).  A game that waits on an AI seat (the server stopped while
        one was due) has it play on at once.  On a shared store the table is first brought up to
        the store's actions, unless the request changes it (``current=False``: its turn does that
        under the game's claim)."""
        live = self.live.get(game_id)
        if live is None:
            rec = self.store.game(game_id)
            if rec is None:
                raise Denied(404, f"no game {game_id!r}")
            if not trusted:
                admitted(rec, token)
            live = await self._load(rec)
        elif not trusted:
            admitted(live.table.rec, token)
        if self.store.shared and current:
            await self._current(live)
        if not trusted:
            live.used = time.monotonic()
        started = self.kick(live)
        if started is not None and wait:
            await asyncio.shield(started)
        return live

    async def _load(self, rec: GameRecord) -> Live:
        """Build a stored game's table in a worker thread (a long game's replay must not stall the
        other tables), once however many requests ask for it meanwhile."""
        pending = self._loading.get(rec.id)
        if pending is None:

            async def load() -> Live:
                try:
                    mark = self.store.mark(rec.id) if self.store.shared else None  # before the actions are read: never ahead of them
                    table = await asyncio.to_thread(Table, rec, self.store)
                    live = self.live.get(rec.id)
                    if live is None:
                        live = self.live[rec.id] = Live(table, rewrites=0 if mark is None else mark.rewrites)
                    return live
                finally:
                    del self._loading[rec.id]

            pending = self._loading[rec.id] = asyncio.ensure_future(load())
        return await asyncio.shield(pending)

    def kick(self, live: Live) -> asyncio.Task[None] | None:
        """Start the AI seats' turn if the game waits on one and none is under way; the new task.

        The turn is a task of its own, not part of the request that asked: a request that is
        cancelled (its page closed) leaves the AI to finish, so no game is left waiting on it."""
        if (live.ai is None or live.ai.done()) and live.table.ai_to_act() is not None:
            live.ai = asyncio.create_task(self._play_ai(live))
            return live.ai
        return None

    async def ai_turns(self, live: Live) -> None:
        """Let the AI seats answer what waits on them and wait until they have."""
        self.kick(live)
        if live.ai is not None and not live.ai.done():
            await asyncio.shield(live.ai)

    async def _play_ai(self, live: Live) -> None:
        """Each answer is thought out off the event loop (:mod:`~grapeshot.server.thinkers`: a worker
        thread, or a worker process for a long thinker; other tables go on meanwhile), then stored,
        applied and pushed to the watching pages.  The table's lock is held, so nothing changes
        the game while an AI reads it."""
        async with live.lock:
            while True:
                async with self.claimed(live):  # each answer under the game's claim (a shared store: another process may have moved meanwhile)
                    if (seat := live.table.ai_to_act()) is None:
                        return
                    action = await self.thinkers.answer(live.table, seat)
                    await self.record(live, seat, action)
                    await self.broadcast(live)

    @contextlib.asynccontextmanager
    async def turn(self, live: Live) -> AsyncIterator[None]:
        """Hold a table to change it (an action, an undo): its lock, and its claim on a shared store."""
        async with live.lock, self.claimed(live):
            yield

    @contextlib.asynccontextmanager
    async def claimed(self, live: Live) -> AsyncIterator[None]:
        """With the table's lock held: claim the game in the store for this process, and bring the
        table up to what the store holds before anything is checked (a shared store, where another
        process may have stored actions since).  Nothing to do where this process owns the store."""
        async with self.store.claim(live.table.rec.id) as held:
            if held is not None:
                await self._catch_up(live, held.before)
            yield
        if held is not None and held.after is not None:
            live.rewrites = held.after.rewrites

    async def _catch_up(self, live: Live, mark: Mark) -> None:
        """Bring a table to ``mark``: the actions it lacks applied, or built anew from the store
        when its actions were rewritten meanwhile (an undo, a carry-on) or it is ahead."""
        have = len(live.table.game.actions)
        if mark.rewrites == live.rewrites and mark.count == have:
            return
        if mark.rewrites == live.rewrites and mark.count > have:
            got, records = self.store.since(live.table.rec.id, have)
            if got.rewrites == live.rewrites and live.table.catch_up(records):
                return
        await self._rebuild(live)

    async def _rebuild(self, live: Live) -> None:
        rec = self.store.game(live.table.rec.id)
        if rec is None:
            return
        mark = self.store.mark(rec.id)  # read before the actions: never ahead of them
        live.table = await asyncio.to_thread(Table, rec, self.store)
        live.rewrites = mark.rewrites
        for ws, (seat, _) in live.watchers.items():  # the log may have been rewound: each page is sent it whole
            live.watchers[ws] = (seat, 0)

    async def follow(self) -> None:
        """For as long as the server runs on a shared store: bring each table held here up to what
        other processes store, and push it to the pages watching it here."""
        async for game_id in self.store.changes():
            for live in [self.live[game_id]] if game_id in self.live else (list(self.live.values()) if game_id == "" else []):
                if live.following is not None and not live.following.done():
                    live.behind = True
                else:
                    live.following = asyncio.create_task(self._follow(live))

    async def _current(self, live: Live) -> None:
        """On a shared store: a table behind what the store holds (another process stored more, and
        its announcement may not be here yet) is brought up to it before the request reads it, so a
        page that acted through one process and looks through another sees its action.  Not while
        this process changes the table itself: it is then as current as the change."""
        if live.following is None or live.following.done():
            if live.lock.locked():
                return
            mark = self.store.mark(live.table.rec.id)
            if (mark.rewrites, mark.count) == (live.rewrites, len(live.table.game.actions)):
                return
            live.following = asyncio.create_task(self._follow(live))
        await asyncio.shield(live.following)

    async def _follow(self, live: Live) -> None:
        try:
            async with live.lock:
                live.behind = True
                while live.behind:
                    live.behind = False
                    before = (live.rewrites, len(live.table.game.actions))
                    got, records = self.store.since(live.table.rec.id, len(live.table.game.actions))
                    if got.rewrites != live.rewrites or not live.table.catch_up(records):
                        await self._rebuild(live)
                    if (live.rewrites, len(live.table.game.actions)) != before:
                        await self.broadcast(live)
        except Exception:  # a fault here must not end the following of other games
            log.exception("game %s: could not follow another process's change", live.table.rec.id)

    async def record(self, live: Live, seat: str, action: Action) -> None:
        """Store an action (the writer thread commits it with whatever else is waiting), then apply
        it; the caller holds the table's lock, so nothing comes in between."""
        table = live.table
        entry = table.entry(seat, action)
        await self.store.write_action(table.rec.id, entry)
        table.take(entry, action)
        if (outcome := table.outcome_to_store()) is not None:
            await self.store.write_outcome(table.rec.id, outcome)
        if (due := table.snapshot_due()) is not None:  # once a turn: what a later release goes on from
            await self.store.write_snapshot(table.rec.id, *due)

    async def resume(self, at_once: int = RESUME_AT_ONCE) -> None:
        """At start-up, in the background: every unfinished game with an AI seat is loaded, and
        those waiting on one play on (a restart must not leave a game stuck on an AI that never
        moves).  Lazily and a few at a time: ``at_once`` games are loaded and their AI turns
        played out together, the next once one is done, so the server answers its requests
        meanwhile and the CPU the AIs take is bounded; a game asked for before its turn here is
        loaded (and its AI played) by that request, as any table is.  A table loaded only for
        this stays unused (:attr:`Live.used`), so the next sweep lets it go unless someone opens it."""
        slots = asyncio.Semaphore(at_once)

        async def one(game_id: str) -> None:
            async with slots:
                if game_id in self.live:  # a request got there first: its AI is under way already
                    return
                try:
                    await self.open(game_id, wait=True, trusted=True)
                except Exception:  # one game that cannot load must not keep the others waiting
                    log.exception("game %s could not be resumed", game_id)

        await asyncio.gather(*(one(listed.id) for listed in self.store.unfinished() if any(p != PEOPLE for p in listed.players.values())))

    def sweep(self, now: float | None = None) -> list[str]:
        """Let go of every table idle for :attr:`idle` seconds, a finished game's for
        :data:`FINISHED_IDLE` (see :meth:`Live.idle`); their ids.  A finished game changes no
        more (no action, no undo), so once its pages have gone it need not wait in memory: at
        a person's pace a server finishes a game every few seconds, and held for the whole
        :attr:`idle` they would be most of what it holds."""
        at = time.monotonic() if now is None else now
        since, finished_since = at - self.idle, at - min(self.idle, FINISHED_IDLE)
        gone = [game_id for game_id, live in self.live.items() if live.idle(since, finished_since)]
        for game_id in gone:
            del self.live[game_id]
        return gone

    async def keep_tidy(self, every: float = SWEEP) -> None:
        """Sweep for idle tables every ``every`` seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(every)
            self.sweep()

    async def broadcast(self, live: Live) -> None:
        """Send every watching page what changed for its seat: one view and one encoding for
        the pages that share a seat and a place in the log, the sends all at once."""
        texts: dict[tuple[str | None, int], str] = {}
        sends = []
        upto = len(live.table.game.events)
        for ws, (seat, since) in list(live.watchers.items()):
            if (seat, since) not in texts:
                try:
                    texts[seat, since] = json.dumps(live.table.view(seat, since))
                except Exception:  # a view that cannot be built at all must not keep the others from their pages
                    log.exception("game %s: the view of %s could not be built", live.table.rec.id, seat or "the spectator")
                    continue
            live.watchers[ws] = (seat, max(since, upto))
            sends.append(_send(live, ws, texts[seat, since]))
        await asyncio.gather(*sends)

    async def create(
        self,
        rs: Ruleset,
        scenario: Scenario,
        *,
        options: dict[str, Any],
        players: dict[str, str],
        seed: int | None,
        companion: bool,
        hotseat: bool,
        given: Sequence[Roll] = (),
        history: Sequence[tuple[str, Action]] = (),
        base: dict[str, Any] | None = None,
        notice: str | None = None,
        blame: str = "scenario",
        built: Collection[str] = (),
    ) -> dict[str, Any]:
        """Check a new game completely (scenario, options, seats, the actions it starts with), then
        store it in one transaction and seat the AIs.  A refusal leaves nothing behind, and names
        the part of the request at fault: ``blame`` (the field that gave the scenario) or a seat's
        built fleet (``built``: the seats given one)."""
        seat_ids = [s.id for s in scenario.seats]
        for seat in players:
            if seat not in seat_ids:
                raise Denied(400, f"seats.{seat}: no such seat; the seats are {seat_ids}", f"seats.{seat}")
        chosen = {s.id: players.get(s.id, PEOPLE if not s.player or s.player == PEOPLE else s.player) for s in scenario.seats}
        allowed = players_of(rs)
        for seat, player in chosen.items():
            if player not in allowed:
                if seat in players:  # what the request asked for: a level or player it does not have (422, as any invalid field)
                    lv = ", ".join(LEVELS)
                    raise Denied(
                        422, f"seats.{seat}: {player!r} is no level or player of {rs.name}: the levels are {lv}; the players {allowed}", f"seats.{seat}"
                    )
                raise Denied(400, f"seats.{seat}: the scenario's player {player!r} is none of {allowed}; choose one", f"seats.{seat}")
        if companion and PEOPLE not in chosen.values():
            raise Denied(422, "companion: a companion game needs a person at the table to roll the dice and move the models; make a seat 'human'", "companion")
        game_id = secrets.token_urlsafe(9)
        shared = secrets.token_urlsafe(24)
        tokens = {s: shared if hotseat and p == PEOPLE else secrets.token_urlsafe(24) for s, p in chosen.items()}
        spectator = secrets.token_urlsafe(24)
        rec = GameRecord(
            id=game_id,
            created=time.time(),
            ruleset=rs.name,
            title=scenario.title,
            scenario=dict(scenario.raw),
            options=dict(options),
            seed=secrets.randbits(63) if seed is None else seed,
            seed_chosen=seed is not None,
            seed_salt=new_salt(),
            companion=companion,
            seats={s: {"player": p, "token": token_hash(tokens[s])} for s, p in chosen.items()},
            spectator=token_hash(spectator),
            outcome=None,
            rolls=[roll_json(r) for r in given] or None,
            base=base,
            notice=notice,
        )
        try:  # builds the game (a ScenarioError for bad options or fleets), off the event loop: a set-up may take a while
            table = await asyncio.to_thread(Table, rec, self.store)
        except ScenarioError as err:
            raise set_up_refusal(err, scenario, options, blame, built) from None
        try:
            records = await asyncio.to_thread(table.adopt, list(history))
        except IllegalAction as err:
            raise Denied(400, f"save: actions[{len(table.game.actions)}]: {err} (were the seats given other players than in the saved game?)") from None
        await self.store.write_game(table.rec, records)
        live = self.live[game_id] = Live(table, used=time.monotonic())
        await self.ai_turns(live)
        links = {seat: f"/table/{game_id}?token={tok}" for seat, tok in tokens.items() if chosen[seat] == PEOPLE}
        return {"id": game_id, "title": scenario.title, "links": links, "spectator": f"/table/{game_id}?token={spectator}", "hotseat": hotseat}


def set_up_refusal(err: ScenarioError, scenario: Scenario, options: Mapping[str, Any], blame: str, built: Collection[str]) -> Denied:
    """A new game its rule set cannot set up, refused naming the part of the request at fault: an
    option the person typed, a seat's built fleet, else the scenario (``blame``), in the words of
    the scenario's own source, never the id of a game that was not stored."""
    if err.field.startswith("options.") and err.field[len("options.") :] in options:  # a value the person typed: blame that field
        return Denied(400, str(err).removeprefix(f"{err.source}: "), err.field)
    field = blame
    entry = _FLEET_ENTRY.match(err.field)
    if entry is not None and int(entry.group(1)) < len(scenario.fleets):
        seat = scenario.fleets[int(entry.group(1))].get("seat")
        if isinstance(seat, str) and seat in built:
            field = f"fleets.{seat}"
    return Denied(400, f"{field}: {ScenarioError(scenario.source, err.field, err.expected, err.got)}", field)


async def _send(live: Live, ws: WebSocket, text: str) -> None:
    try:
        await ws.send_text(text)
    except Exception:  # a page that went away stops watching
        live.watchers.pop(ws, None)
