"""The web table's server: a lobby, per-seat private links, live views over websockets.

The server is the only authority: pages send actions, the :class:`Table` checks
them against the game, stores them, applies them, lets the AI seats answer, and
pushes each connected page its own view.  Every error a caller can cause is a 4xx
answer ``{"error": "..."}`` saying what was wrong; request bodies are read and
checked whole before anything acts (:mod:`grapeshot.server.requests`).  What each
token may see and download is in ``docs/security.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles

from grapeshot.core.errors import ReplayMismatch, ScenarioError
from grapeshot.core.ruleset import all_rulesets, default_ruleset, get
from grapeshot.core.scenario import Catalogue, Scenario, default_scenario, parse_text
from grapeshot.core.upgrade import carry_on
from grapeshot.report import Words, outcome_words
from grapeshot.server import fleets as builder
from grapeshot.server import paging
from grapeshot.server.editor import add_editor_routes
from grapeshot.server.faults import RETRY_AFTER, JsonErrors
from grapeshot.server.help import add_help_routes
from grapeshot.server.live import IDLE, SWEEP, Tables
from grapeshot.server.params import ERRORS, GameId, RulesetName, Token, ruleset_named
from grapeshot.server.printables import add_print_routes
from grapeshot.server.requests import MAX_BODY, ActionBody, FleetBody, NewGame, OddsBody, ScenarioText, UploadSave, blame, read, schema_of
from grapeshot.server.rulesets import Listing, hosted, offered, preview, scenario_json, switch_modules, words
from grapeshot.server.store import BUSY_TIMEOUT, Busy, open_store
from grapeshot.server.tables import Denied

__all__ = ["MAX_BODY", "create_app", "run"]

log = logging.getLogger("grapeshot.server")
#: the scenario's ``fleets[i]`` a set-up error is about
_FLEET_ENTRY = re.compile(r"fleets\[(\d+)\]")

Since = Annotated[int, Query(ge=0, le=10**9, description="the first event of the log to send")]
PluginName = Annotated[str, PathParam(min_length=1, max_length=40, description="the name of one of the rule set's previews")]


def _said(ruleset: str, outcome: dict[str, Any]) -> str:
    """A finished game's result in its rule set's words (the lobby lists many: no game is built)."""
    try:
        book = get(ruleset).phrasebook()
    except ValueError:  # a rule set no longer installed: its result in plain words
        book = None
    return outcome_words(outcome, Words([book] if book is not None else []))


def create_app(data: Path, scenarios: Path | None = None, *, idle: float = IDLE, busy: float = BUSY_TIMEOUT, store: str | None = None) -> FastAPI:
    """The web table, keeping its games in ``data/grapeshot.sqlite`` (or at ``store``: a
    ``postgresql://`` URL several server processes may share) and offering the built-in
    scenarios and those of the folder ``scenarios`` (read once, now).  A table unused for
    ``idle`` seconds is let go from memory (the store has it); a write that waits ``busy``
    seconds on another process's lock of the store is answered 503 with a Retry-After."""
    store_ = open_store(store or data / "grapeshot.sqlite", busy=busy)
    catalogue = Catalogue(scenarios)
    tables = Tables(store_, idle)
    listing = Listing(catalogue, all_rulesets())

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        running = [asyncio.create_task(tables.resume()), asyncio.create_task(tables.keep_tidy(min(SWEEP, idle)))]
        if store_.shared:  # other processes' actions, followed into the tables held here
            running.append(asyncio.create_task(tables.follow()))
        yield
        for task in running:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        tables.thinkers.close()

    app = FastAPI(title="grapeshot", docs_url="/api/docs", openapi_url="/api/openapi.json", lifespan=lifespan)
    app.add_middleware(JsonErrors)
    app.state.tables = tables
    add_help_routes(app, tables, ERRORS)
    add_editor_routes(app, listing, catalogue, ERRORS)
    add_print_routes(app, tables, ERRORS)
    app.state.catalogue = catalogue  # its folder's files that are no scenario, for the start-up to report
    static = resources.files("grapeshot.server").joinpath("static")
    for rs in listing.rulesets:  # each rule set's web plugin, beside the generic client (mounted first: more particular)
        plugin = rs.web()
        if plugin is not None and plugin.static is not None:
            app.mount(f"/static/rulesets/{rs.name}", StaticFiles(directory=str(plugin.static)), name=f"plugin-{rs.name}")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    @app.exception_handler(Denied)
    async def denied(request: Request, err: Denied) -> JSONResponse:
        body: dict[str, Any] = {"error": err.message}
        if err.field is not None:
            body["field"] = err.field
        return JSONResponse(body, status_code=err.status)

    @app.exception_handler(Busy)
    async def busy_store(request: Request, err: Busy) -> JSONResponse:
        """Another process holds the store's lock: nothing of the request was stored; try again."""
        return JSONResponse({"error": str(err), "retry": RETRY_AFTER}, status_code=503, headers={"Retry-After": str(RETRY_AFTER)})

    @app.exception_handler(ScenarioError)
    async def bad_scenario(request: Request, err: ScenarioError) -> JSONResponse:
        return JSONResponse({"error": str(err)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def no_such(request: Request, err: StarletteHTTPException) -> JSONResponse:
        """What the framework itself refuses (a path no route serves, a method it does not take),
        in the shape of every other refusal."""
        words = {404: f"no such page or API route: {request.url.path[:100]}", 405: f"{request.method} is not allowed at {request.url.path[:100]}"}
        return JSONResponse({"error": words.get(err.status_code, str(err.detail))}, status_code=err.status_code, headers=getattr(err, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, err: RequestValidationError) -> JSONResponse:
        field, line = blame(err.errors())
        return JSONResponse({"error": line} if field is None else {"error": line, "field": field}, status_code=422)

    def page(name: str) -> HTMLResponse:
        return HTMLResponse(static.joinpath(name).read_text(encoding="utf-8"))  # the package's own page: not outside input

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> HTMLResponse:
        return page("lobby.html")

    @app.get("/table/{game_id}", response_class=HTMLResponse)
    async def table_page(game_id: GameId) -> HTMLResponse:
        return page("table.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        """The site's icon, asked for by every page (the printed pages too, which name none)."""
        return Response(static.joinpath("favicon.svg").read_bytes(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Up, the games stored, and the tables in memory now (the others are loaded on demand)."""
        return {"ok": True, "games": store_.count(), "in_memory": len(tables.live)}

    @app.get("/api/rulesets", responses=ERRORS)
    async def rulesets_list() -> dict[str, Any]:
        """Every installed rule set: options, scenarios, the modules it can host, players, web plugin."""
        return {"rulesets": listing.all()}

    @app.get("/api/rulesets/{name}/words", responses=ERRORS)
    async def ruleset_words(name: RulesetName) -> dict[str, Any]:
        """The rule set's words for the values its page shows (its phrasebook's), by category."""
        rs = ruleset_named(name, 404)
        return {"ruleset": rs.name, "words": words(rs)}

    @app.get("/api/scenarios", responses=ERRORS)
    async def scenarios_list(ruleset: Annotated[str | None, Query(max_length=40)] = None) -> dict[str, Any]:
        entry = listing.of(ruleset_named(ruleset) if ruleset is not None else default_ruleset())
        return {"ruleset": entry["name"], **{k: entry[k] for k in ("scenarios", "options", "modules", "players")}}

    @app.post("/api/scenarios/read", openapi_extra=schema_of(ScenarioText), responses=ERRORS)
    async def scenario_read(request: Request) -> dict[str, Any]:
        """A scenario file read as a game would read it: its rule set, seats, options and modules."""
        req = await read(request, ScenarioText)
        sc = _uploaded(req.scenario_yaml)
        hosted(sc, offered(listing.of(ruleset_named(sc.ruleset))), "scenario_yaml")
        return scenario_json(None, sc)

    @app.post("/api/games", openapi_extra=schema_of(NewGame), responses=ERRORS)
    async def create(request: Request) -> dict[str, Any]:
        req = await read(request, NewGame)
        if req.scenario is not None and req.scenario_yaml is not None:
            raise Denied(422, "scenario, scenario_yaml: give a scenario's name or a scenario file's text, not both", "scenario")
        if req.scenario_yaml is not None:
            scenario = _uploaded(req.scenario_yaml)
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

    @app.get("/api/fleets/catalogue", responses=ERRORS)
    async def fleet_catalogue(ruleset: Annotated[str, Query(max_length=40)], kind: Annotated[str, Query(max_length=40)] = "fleet") -> dict[str, Any]:
        """What the lobby's builder offers for the rule set's documents of a kind: its form, with
        points, limits and rules (``Builder.catalogue``)."""
        rs = ruleset_named(ruleset, 404)
        found, made = builder.kind_of(rs, kind)
        return {"ruleset": rs.name, "kind": found.name, "help": found.help, **made.catalogue()}

    @app.post("/api/fleets/check", openapi_extra=schema_of(FleetBody), responses=ERRORS)
    async def fleet_check(request: Request) -> dict[str, Any]:
        """A document checked by its rule set, as ``grapeshot fleet check`` checks a file: every
        problem with its rule, the points part by part, and the document as data and YAML."""
        req = await read(request, FleetBody)
        rs = ruleset_named(req.ruleset)
        return builder.check(rs, req.kind, builder.document(req.fleet, req.fleet_yaml))

    @app.get("/api/fleets/seats", responses=ERRORS)
    async def fleet_seats(
        ruleset: Annotated[str, Query(max_length=40)],
        scenario: Annotated[str, Query(min_length=1, max_length=64)],
        kind: Annotated[str, Query(max_length=40)] = "fleet",
    ) -> dict[str, Any]:
        """The documents a built-in scenario's seats bring, by seat: the seats a built one may take."""
        rs = ruleset_named(ruleset, 404)
        try:
            sc = catalogue.get(scenario, rs.name)
        except ScenarioError as err:
            raise Denied(404, str(err), "scenario") from None
        return {"ruleset": rs.name, "scenario": scenario, "seats": builder.seats(rs, kind, sc)}

    @app.post("/api/saves", openapi_extra=schema_of(UploadSave), responses=ERRORS)
    async def upload_save(request: Request) -> dict[str, Any]:
        """Continue a save as a new game.  A save of a game still running holds the rolls made so
        far but not the seed: the new game replays those rolls and rolls on with a seed of its own."""
        req = await read(request, UploadSave)
        try:  # the whole save must replay to what it records (log, outcome, commitment) before anything is stored
            carried = carry_on(req.save, source="save")  # or, played under earlier rules, go on under the present ones
        except ReplayMismatch as err:
            raise Denied(400, f"save: it does not replay to what it records: {err}") from None
        game = carried.game
        return await tables.create(
            game.ruleset,
            game.scenario,
            options=dict(game.options),
            players=dict(req.seats),
            seed=game.seed,
            companion=game.companion,
            hotseat=req.hotseat,
            given=game.given,
            history=game.actions,
            base=None if game.start is None else game.start.to_json(),
            notice=carried.said() or None,
            blame="save",
        )

    @app.get("/api/games", responses=ERRORS)
    async def games(
        limit: Annotated[int, Query(ge=1, le=paging.MOST, description="games on the page")] = paging.PAGE,
        after: Annotated[str | None, Query(min_length=1, max_length=200, description="the previous page's 'next'")] = None,
    ) -> dict[str, Any]:
        """The games on this server, newest first, a page at a time: what the lobby shows of every
        game (docs/security.md), never a token; ``next`` is the cursor of the page after, or null."""
        listed = store_.listing(limit + 1, None if after is None else paging.read_cursor(after))
        more, listed = len(listed) > limit, listed[:limit]
        out = [{"id": g.id, "title": g.title, "created": g.created, "seats": g.players, "outcome": g.outcome} for g in listed]
        for row, g in zip(out, listed, strict=True):
            if g.outcome is not None:
                row["said"] = _said(g.ruleset, g.outcome)
        return {"games": out, "next": paging.cursor(listed[-1].created, listed[-1].id) if more else None}

    @app.get("/api/games/{game_id}", responses=ERRORS)
    async def view(game_id: GameId, token: Token = None, since: Since = 0) -> dict[str, Any]:
        live = await tables.open(game_id, token)
        return live.table.view(live.table.seat_of(token), since)

    @app.post("/api/games/{game_id}/actions", openapi_extra=schema_of(ActionBody), responses=ERRORS)
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

    @app.post("/api/games/{game_id}/undo", responses=ERRORS)
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

    @app.get("/api/games/{game_id}/save", responses=ERRORS)
    async def save(game_id: GameId, token: Token = None) -> JSONResponse:
        live = await tables.open(game_id, token)
        live.table.seat_of(token)
        return JSONResponse(live.table.save(), headers={"Content-Disposition": f'attachment; filename="grapeshot-{game_id}.save.json"'})

    @app.get("/api/games/{game_id}/replay", responses=ERRORS)
    async def replay_step(game_id: GameId, step: Annotated[int, Query(ge=0, le=10**7)], token: Token = None) -> dict[str, Any]:
        live = await tables.open(game_id, token)
        live.table.seat_of(token)
        return live.table.replay_view(step)

    @app.get("/api/games/{game_id}/preview/{name}", responses=ERRORS)
    async def preview_answer(game_id: GameId, name: PluginName, request: Request, token: Token = None) -> dict[str, Any]:
        """One of the rule set's previews (``/api/rulesets`` lists them with their parameters), its
        parameters in the query beside the token."""
        live = await tables.open(game_id, token)
        seat = live.table.seat_of(token)
        query = {k: v for k, v in request.query_params.items() if k != "token"}
        async with live.lock:
            return preview(live.table.game, seat, name, query)

    @app.post("/api/games/{game_id}/odds", openapi_extra=schema_of(OddsBody), responses=ERRORS)
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

    return app


def run(app: FastAPI, host: str, port: int) -> None:
    """Serve the web table until stopped, as ``grapeshot serve`` does.  Websocket pushes are sent
    uncompressed: deflating every view cost the server more than the rules of the action did.
    What exists once the app is built (the libraries, the rule sets, the scenarios) is moved out
    of the garbage collector's sight: its full collections, which stop every table, then walk
    only the games' own objects."""
    import gc

    import uvicorn

    gc.collect()
    gc.freeze()
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False)


def _uploaded(text: str) -> Scenario:
    """An uploaded scenario file, read; what is wrong with it is blamed on the file."""
    try:
        return parse_text(text, "uploaded scenario")
    except ScenarioError as err:
        raise Denied(400, str(err), "scenario_yaml") from None
