"""The web table's server: a lobby, per-seat private links, live views over websockets.

The server is the only authority: pages send actions, the :class:`Table` checks
them against the game, stores them, applies them, lets the AI seats answer, and
pushes each connected page its own view.  Every error a caller can cause is a 4xx
answer ``{"error": "..."}`` saying what was wrong.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.staticfiles import StaticFiles

from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import builtin_scenarios, load_scenario, parse_scenario, parse_text
from grapeshot.server.roster import roster_page
from grapeshot.server.store import GameRecord, Store, token_hash
from grapeshot.server.tables import AI_PLAYERS, PEOPLE, Denied, Table

MAX_BODY = 512 * 1024  # bytes: a scenario or a save is far smaller


@dataclass
class Live:
    """A table in memory, its lock, and the pages watching it."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[WebSocket, tuple[str | None, int]] = field(default_factory=dict)


class Tables:
    """Tables loaded from the store on first use (so a restarted server loses nothing)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, Live] = {}

    def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is None:
            rec = self.store.game(game_id)
            if rec is None:
                raise Denied(404, f"no game {game_id!r}")
            live = self.live[game_id] = Live(Table(rec, self.store))
        return live

    async def play_ai(self, live: Live) -> None:
        """Let the AI seats answer what waits on them, each answer thought out in a worker thread
        (other tables go on meanwhile) and pushed to the watching pages as it is made.  The
        caller holds the table's lock, so nothing changes the game while an AI reads it."""
        while (seat := live.table.ai_to_act()) is not None:
            action = await asyncio.to_thread(live.table.think, seat)
            live.table.record_ai(seat, action)
            await self.broadcast(live)

    async def broadcast(self, live: Live) -> None:
        """Send every watching page what changed for its seat."""
        for ws, (seat, since) in list(live.watchers.items()):
            view = live.table.view(seat, since)
            try:
                await ws.send_text(json.dumps(view))
            except Exception:
                live.watchers.pop(ws, None)
                continue
            live.watchers[ws] = (seat, since + len(view["log"]))


def create_app(data: Path) -> FastAPI:
    """The web table, keeping its games in ``data/grapeshot.sqlite``."""
    store = Store(data / "grapeshot.sqlite")
    tables = Tables(store)
    app = FastAPI(title="grapeshot", docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.tables = tables
    static = resources.files("grapeshot.server").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    @app.middleware("http")
    async def limit_size(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"error": f"request too large: at most {MAX_BODY // 1024} KB"}, status_code=413)
        return await call_next(request)

    @app.exception_handler(Denied)
    async def denied(request: Request, err: Denied) -> JSONResponse:
        return JSONResponse({"error": err.message}, status_code=err.status)

    @app.exception_handler(ScenarioError)
    async def bad_scenario(request: Request, err: ScenarioError) -> JSONResponse:
        return JSONResponse({"error": str(err)}, status_code=400)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise Denied(413, f"request too large: at most {MAX_BODY // 1024} KB")
        try:
            data = json.loads(raw or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise Denied(400, f"the body is not JSON: {err}") from None
        if not isinstance(data, dict):
            raise Denied(400, "the body must be a JSON object")
        return data

    def page(name: str) -> HTMLResponse:
        return HTMLResponse(static.joinpath(name).read_text(encoding="utf-8"))

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> HTMLResponse:
        return page("lobby.html")

    @app.get("/table/{game_id}", response_class=HTMLResponse)
    async def table_page(game_id: str) -> HTMLResponse:
        return page("table.html")

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "games": len(store.games())}

    @app.get("/api/scenarios")
    async def scenarios(ruleset: str = "jimlad") -> dict[str, Any]:
        rs = _ruleset(ruleset)
        out = []
        for name in builtin_scenarios(rs.name):
            sc = load_scenario(name, rs.name)
            out.append(
                {"name": name, "title": sc.title, "description": sc.description, "seats": [{"id": s.id, "name": s.name, "player": s.player} for s in sc.seats]}
            )
        options = [{"name": o.name, "default": o.default, "choices": o.choices, "rule": o.rule, "doc": o.doc, "kind": o.kind.__name__} for o in rs.options]
        return {"ruleset": rs.name, "scenarios": out, "options": options, "players": [PEOPLE, *AI_PLAYERS]}

    @app.post("/api/games")
    async def create(request: Request) -> dict[str, Any]:
        req = await body(request)
        return await _create(tables, req)

    @app.post("/api/saves")
    async def upload_save(request: Request) -> dict[str, Any]:
        req = await body(request)
        save = req.get("save")
        try:
            Game.load(save, "uploaded save")  # the whole save must replay before anything is stored
        except ScenarioError as err:
            raise Denied(400, str(err)) from None
        assert isinstance(save, dict)
        dice: dict[str, Any] = save["dice"] if isinstance(save.get("dice"), dict) else {}
        return await _create(
            tables,
            {
                "ruleset": save.get("ruleset"),
                "scenario_json": save.get("scenario"),
                "options": save.get("options", {}),
                "seed": dice.get("seed", 0),
                "companion": dice.get("kind") == "entered",
                "seats": req.get("seats", {}),
                "hotseat": req.get("hotseat", False),
            },
            actions=save.get("actions", []),
        )

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        out = []
        for rec in store.games():
            out.append(
                {
                    "id": rec.id,
                    "title": rec.title,
                    "created": rec.created,
                    "seats": {s: spec["player"] for s, spec in rec.seats.items()},
                    "outcome": rec.outcome,
                }
            )
        return {"games": out}

    @app.get("/api/games/{game_id}")
    async def view(game_id: str, token: str | None = None, since: int = 0) -> dict[str, Any]:
        live = tables.get(game_id)
        return live.table.view(live.table.seat_of(token), since)

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, request: Request, token: str | None = None) -> dict[str, Any]:
        live = tables.get(game_id)
        req = await body(request)
        async with live.lock:
            seat = live.table.seat_of(token)
            if seat is None:
                raise Denied(403, "spectators watch; they cannot act")
            started = time.perf_counter()
            live.table.submit(seat, req.get("action"), ai=False)
            elapsed = time.perf_counter() - started
            await tables.broadcast(live)
            await tables.play_ai(live)
            seat = live.table.seat_of(token)
            out = live.table.view(seat, int(req.get("since", 0) or 0))
        out["server_ms"] = round(1000 * elapsed, 3)
        return out

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, token: str | None = None) -> dict[str, Any]:
        live = tables.get(game_id)
        async with live.lock:
            seat = live.table.seat_of(token)
            if seat is None:
                raise Denied(403, "spectators cannot undo")
            removed = live.table.undo(seat)
            await tables.play_ai(live)
            for ws in live.watchers:
                live.watchers[ws] = (live.watchers[ws][0], 0)
            await tables.broadcast(live)
            out = live.table.view(live.table.seat_of(token))
        out["undone"] = removed
        return out

    @app.get("/api/games/{game_id}/save")
    async def save(game_id: str, token: str | None = None) -> JSONResponse:
        live = tables.get(game_id)
        live.table.seat_of(token)
        return JSONResponse(live.table.game.save(), headers={"Content-Disposition": f'attachment; filename="grapeshot-{game_id}.save.json"'})

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, step: int, token: str | None = None) -> dict[str, Any]:
        live = tables.get(game_id)
        live.table.seat_of(token)
        return live.table.replay_view(step)

    @app.get("/api/games/{game_id}/preview")
    async def preview(
        game_id: str, ship: str, card: int, side: str = "none", card_at: str = "start", inches: float = 0.0, token: str | None = None
    ) -> dict[str, Any]:
        from grapeshot.server.preview import manoeuvre_preview

        live = tables.get(game_id)
        live.table.seat_of(token)
        return manoeuvre_preview(live.table.game, ship, card, side, card_at, inches)

    @app.post("/api/games/{game_id}/odds")
    async def odds(game_id: str, request: Request, token: str | None = None) -> dict[str, Any]:
        from grapeshot.server.odds import odds_before

        live = tables.get(game_id)
        req = await body(request)
        async with live.lock:
            return odds_before(live.table.game, live.table.seat_of(token), req.get("action"), req.get("samples"))

    @app.get("/api/games/{game_id}/roster/{ship}", response_class=HTMLResponse)
    async def roster(game_id: str, ship: str, token: str | None = None) -> HTMLResponse:
        live = tables.get(game_id)
        live.table.seat_of(token)
        return HTMLResponse(roster_page(live.table, ship))

    @app.websocket("/ws/games/{game_id}")
    async def watch(ws: WebSocket, game_id: str, token: str | None = None, since: int = 0) -> None:
        try:
            live = tables.get(game_id)
            seat = live.table.seat_of(token)
        except Denied as err:
            await ws.close(code=4000 + err.status, reason=err.message[:120])
            return
        await ws.accept()
        view = live.table.view(seat, since)
        await ws.send_text(json.dumps(view))
        live.watchers[ws] = (seat, since + len(view["log"]))
        try:
            while True:
                await ws.receive_text()  # pings from the page; actions go through the HTTP API
        except WebSocketDisconnect:
            live.watchers.pop(ws, None)

    return app


def _ruleset(name: str | None) -> Any:
    try:
        return get(name or "jimlad")
    except ValueError as err:
        raise Denied(400, str(err)) from None


async def _create(tables: Tables, req: dict[str, Any], actions: list[Any] | None = None) -> dict[str, Any]:
    """Check a new game completely (scenario, options, seats), then store it and seat the AIs."""
    rs = _ruleset(req.get("ruleset"))
    if isinstance(req.get("scenario_yaml"), str):
        scenario = parse_text(req["scenario_yaml"], "uploaded scenario")
    elif isinstance(req.get("scenario_json"), dict):
        scenario = parse_scenario(req["scenario_json"], "uploaded scenario")
    else:
        name = req.get("scenario", "duel")
        if not isinstance(name, str):
            raise Denied(400, "scenario: expected the name of a built-in scenario")
        scenario = load_scenario(name, rs.name)
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise Denied(400, "options: expected an object of option names to values")
    players = req.get("seats") or {}
    if not isinstance(players, dict):
        raise Denied(400, "seats: expected an object of seat ids to players")
    for seat, player in players.items():
        if seat not in {s.id for s in scenario.seats}:
            raise Denied(400, f"seats.{seat}: no such seat; the seats are {[s.id for s in scenario.seats]}")
        if player not in (PEOPLE, *AI_PLAYERS):
            raise Denied(400, f"seats.{seat}: expected one of {[PEOPLE, *AI_PLAYERS]}, got {player!r}")
    seed = req.get("seed")
    if seed is None:
        seed = secrets.randbits(62)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise Denied(400, "seed: expected a whole number")
    companion = bool(req.get("companion", False))
    hotseat = bool(req.get("hotseat", False))
    Game(rs, scenario, options, seed, companion=companion)  # raises ScenarioError for bad options or fleets
    game_id = secrets.token_urlsafe(9)
    tokens: dict[str, str] = {}
    shared = secrets.token_urlsafe(24)
    seats: dict[str, dict[str, str]] = {}
    for s in scenario.seats:
        player = players.get(s.id, PEOPLE if not s.player or s.player == PEOPLE else s.player)
        token = shared if hotseat and player == PEOPLE else secrets.token_urlsafe(24)
        tokens[s.id] = token
        seats[s.id] = {"player": player, "token": token_hash(token)}
    spectator = secrets.token_urlsafe(24)
    rec = GameRecord(
        id=game_id,
        created=time.time(),
        ruleset=rs.name,
        title=scenario.title,
        scenario=dict(scenario.raw),
        options=dict(options),
        seed=seed,
        seed_salt=secrets.token_hex(16),
        companion=companion,
        seats=seats,
        spectator=token_hash(spectator),
        outcome=None,
    )
    tables.store.create(rec)
    live = tables.get(game_id)
    async with live.lock:
        for item in actions or []:
            live.table.submit_replayed(item["seat"], item["action"])
        await tables.play_ai(live)
    links = {seat: f"/table/{game_id}?token={tok}" for seat, tok in tokens.items() if seats[seat]["player"] == PEOPLE}
    return {"id": game_id, "links": links, "spectator": f"/table/{game_id}?token={spectator}", "hotseat": hotseat}
