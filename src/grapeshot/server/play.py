"""The routes of playing: a game made, the games listed, a game's view, its actions and undo, its
previews and odds, and its live view over a websocket.

Apart from :mod:`.app` as every area's routes are.  Each route that opens a game checks its
token first (:meth:`~grapeshot.server.live.Tables.open`, ``Table.seat_of``): what each token may
see and do is in ``docs/security.md``.
"""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam

from grapeshot.core.errors import ScenarioError
from grapeshot.core.ruleset import default_ruleset, get
from grapeshot.core.scenario import Catalogue, default_scenario
from grapeshot.report import Words, outcome_words
from grapeshot.server import fleets as builder
from grapeshot.server import paging
from grapeshot.server.live import Tables
from grapeshot.server.params import Errors, GameId, Token, ruleset_named, uploaded_scenario
from grapeshot.server.requests import ActionBody, NewGame, OddsBody, read, schema_of
from grapeshot.server.rulesets import Listing, hosted, offered, preview, switch_modules
from grapeshot.server.store import GameStore
from grapeshot.server.tables import Denied

Since = Annotated[int, Query(ge=0, le=10**9, description="the first event of the log to send")]
PluginName = Annotated[str, PathParam(min_length=1, max_length=40, description="the name of one of the rule set's previews")]


def _said(ruleset: str, outcome: dict[str, Any]) -> str:
    """A finished game's result in its rule set's words (the lobby lists many: no game is built)."""
    try:
        book = get(ruleset).phrasebook()
    except ValueError:  # a rule set no longer installed: its result in plain words
        book = None
    return outcome_words(outcome, Words([book] if book is not None else []))


def add_game_routes(app: FastAPI, tables: Tables, store: GameStore, listing: Listing, catalogue: Catalogue, errors: Errors) -> None:
    """The routes of making, listing, watching and playing games on ``app``."""

    @app.post("/api/games", openapi_extra=schema_of(NewGame), responses=errors)
    async def create(request: Request) -> dict[str, Any]:
        req = await read(request, NewGame)
        if req.scenario is not None and req.scenario_yaml is not None:
            raise Denied(422, "scenario, scenario_yaml: give a scenario's name or a scenario file's text, not both", "scenario")
        if req.scenario_yaml is not None:
            scenario = uploaded_scenario(req.scenario_yaml)
            rs = ruleset_named(scenario.ruleset)
            if req.ruleset is not None and ruleset_named(req.ruleset) is not rs:
                raise Denied(400, f"ruleset: the file is a scenario of {rs.name}, not of {req.ruleset}", "ruleset")
            hosted(scenario, offered(listing.of(rs)), "scenario_yaml")
        else:
            rs = ruleset_named(req.ruleset) if req.ruleset is not None else default_ruleset()
            try:
                scenario = catalogue.get(req.scenario or default_scenario(rs.name, catalogue.names(rs.name)), rs.name)
            except (ScenarioError, ValueError) as err:
                raise Denied(400, str(err), "scenario") from None
        scenario = switch_modules(scenario, req.modules, offered(listing.of(rs)))
        scenario = builder.with_documents(rs, "fleet", scenario, req.fleets) if req.fleets else scenario
        seed = None if req.seed is None else int(req.seed)
        return await tables.create(
            rs,
            scenario,
            options=req.options,
            players=dict(req.seats),
            seed=seed,
            companion=req.companion,
            hotseat=req.hotseat,
            blame="scenario_yaml" if req.scenario_yaml is not None else "scenario",
            built=list(req.fleets),
        )

    @app.get("/api/games", responses=errors)
    async def games(
        limit: Annotated[int, Query(ge=1, le=paging.MOST, description="games on the page")] = paging.PAGE,
        after: Annotated[str | None, Query(min_length=1, max_length=200, description="the previous page's 'next'")] = None,
    ) -> dict[str, Any]:
        """The games on this server, newest first, a page at a time: what the lobby shows of every
        game (docs/security.md), never a token; ``next`` is the cursor of the page after, or null."""
        listed = store.listing(limit + 1, None if after is None else paging.read_cursor(after))
        more, listed = len(listed) > limit, listed[:limit]
        out = [{"id": g.id, "title": g.title, "created": g.created, "seats": g.players, "outcome": g.outcome} for g in listed]
        for row, g in zip(out, listed, strict=True):
            if g.outcome is not None:
                row["said"] = _said(g.ruleset, g.outcome)
        return {"games": out, "next": paging.cursor(listed[-1].created, listed[-1].id) if more else None}

    @app.get("/api/games/{game_id}", responses=errors)
    async def view(game_id: GameId, token: Token = None, since: Since = 0) -> dict[str, Any]:
        live = await tables.open(game_id, token)
        return live.table.view(live.table.seat_of(token), since)

    @app.post("/api/games/{game_id}/actions", openapi_extra=schema_of(ActionBody), responses=errors)
    async def act(game_id: GameId, request: Request, token: Token = None) -> dict[str, Any]:
        live = await tables.open(game_id, token, current=False)  # its turn brings the table up to the store
        if live.table.seat_of(token) is None:
            raise Denied(403, "spectators watch; they cannot act")
        req = await read(request, ActionBody)
        async with tables.turn(live):  # its lock, and on a shared store its claim (the table brought up to date)
            seat = live.table.seat_of(token)
            assert seat is not None
            started = time.perf_counter()
            if req.picks is not None:
                assert req.digest is not None  # the body's model requires it with picks
                action = live.table.choose(seat, req.picks, req.digest)
            else:
                action = live.table.check(seat, req.action)
            await tables.record(live, seat, action)
            elapsed = time.perf_counter() - started
            await tables.broadcast(live)
        await tables.ai_turns(live)
        out = live.table.view(live.table.seat_of(token), req.since)
        out["server_ms"] = round(1000 * elapsed, 3)
        return out

    @app.post("/api/games/{game_id}/undo", responses=errors)
    async def undo(game_id: GameId, token: Token = None) -> dict[str, Any]:
        live = await tables.open(game_id, token, current=False)
        live.table.undoer(token)
        async with tables.turn(live):
            removed = live.table.undo(live.table.undoer(token))  # the seat waited for now (hotseat)
            for ws in live.watchers:
                live.watchers[ws] = (live.watchers[ws][0], 0)
            await tables.broadcast(live)
        await tables.ai_turns(live)
        out = live.table.view(live.table.seat_of(token))
        out["undone"] = removed
        return out

    @app.get("/api/games/{game_id}/preview/{name}", responses=errors)
    async def preview_answer(game_id: GameId, name: PluginName, request: Request, token: Token = None) -> dict[str, Any]:
        """One of the rule set's previews (``/api/rulesets`` lists them with their parameters), its
        parameters in the query beside the token."""
        live = await tables.open(game_id, token)
        seat = live.table.seat_of(token)
        query = {k: v for k, v in request.query_params.items() if k != "token"}
        async with live.lock:
            return preview(live.table.game, seat, name, query)

    @app.post("/api/games/{game_id}/odds", openapi_extra=schema_of(OddsBody), responses=errors)
    async def odds(game_id: GameId, request: Request, token: Token = None) -> dict[str, Any]:
        from grapeshot.server.odds import odds_before

        live = await tables.open(game_id, token)
        seat = live.table.seat_of(token)
        req = await read(request, OddsBody)
        async with live.lock:
            if req.picks is not None and seat is not None:
                assert req.digest is not None  # the body's model requires it with picks
                return odds_before(live.table.game, seat, live.table.choose(seat, req.picks, req.digest).to_json(), req.samples)
            return odds_before(live.table.game, seat, req.action, req.samples)

    @app.websocket("/ws/games/{game_id}")
    async def watch(ws: WebSocket, game_id: str, token: str | None = None, since: int = 0) -> None:
        try:
            live = await tables.open(game_id, token)
            seat = live.table.seat_of(token)
        except Denied as err:
            await ws.close(code=4000 + err.status, reason=err.message[:120])
            return
        await ws.accept()
        since = max(0, since)
        await ws.send_text(json.dumps(live.table.view(seat, since)))
        live.watchers[ws] = (seat, max(since, len(live.table.game.events)))
        try:
            while True:
                await ws.receive_text()  # pings from the page; actions go through the HTTP API
        except WebSocketDisconnect:
            live.watchers.pop(ws, None)
