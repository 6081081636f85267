"""The web table's server: a lobby, per-seat private links, live views over websockets.

The server is the only authority: pages send actions, the :class:`Table` checks
them against the game, stores them, applies them, lets the AI seats answer, and
pushes each connected page its own view.  Every error a caller can cause is a 4xx
answer ``{"error": "..."}`` saying what was wrong; request bodies are read and
checked whole before anything acts (:mod:`grapeshot.server.requests`).  What each
token may see and download is in ``docs/security.md``.

Here the app is put together: the store, the tables, the static files, the refusals' one shape.
The routes are each area's, added by one ``add_*_routes`` function per area: the lobby and
health (:mod:`.lobby`), games and their play (:mod:`.play`), saves and replays (:mod:`.saves`),
the fleet builder (:mod:`.fleets`), printable pages (:mod:`.printables`), the scenario editor
(:mod:`.editor`), the table's help (:mod:`.help`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles

from grapeshot.core.errors import ScenarioError
from grapeshot.core.ruleset import all_rulesets
from grapeshot.core.scenario import Catalogue
from grapeshot.server.editor import add_editor_routes
from grapeshot.server.faults import RETRY_AFTER, JsonErrors
from grapeshot.server.fleets import add_fleet_routes
from grapeshot.server.help import add_help_routes
from grapeshot.server.live import IDLE, SWEEP, Tables
from grapeshot.server.lobby import add_health_routes, add_lobby_routes
from grapeshot.server.params import ERRORS
from grapeshot.server.play import add_game_routes
from grapeshot.server.printables import add_print_routes
from grapeshot.server.requests import MAX_BODY, blame
from grapeshot.server.rulesets import Listing
from grapeshot.server.saves import add_save_routes
from grapeshot.server.store import BUSY_TIMEOUT, Busy, open_store
from grapeshot.server.tables import Denied

__all__ = ["MAX_BODY", "create_app", "run"]


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

    add_lobby_routes(app, listing, ERRORS)
    add_health_routes(app, store_, tables)
    add_game_routes(app, tables, store_, listing, catalogue, ERRORS)
    add_save_routes(app, tables, ERRORS)
    add_fleet_routes(app, catalogue, ERRORS)
    add_print_routes(app, tables, ERRORS)
    add_editor_routes(app, listing, catalogue, ERRORS)
    add_help_routes(app, tables, ERRORS)
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
