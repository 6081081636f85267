"""The routes of saves: a save continued as a new game, a game's save downloaded, its replay stepped.

Apart from :mod:`.app` as every area's routes are.  The save anyone at a table may download
holds no secret (``Table.save``); a save uploaded must replay to what it records before anything
is stored.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse

from grapeshot.core.errors import ReplayMismatch
from grapeshot.core.upgrade import carry_on
from grapeshot.server.live import Tables
from grapeshot.server.params import Errors, GameId, Token
from grapeshot.server.requests import UploadSave, read, schema_of
from grapeshot.server.tables import Denied


def add_save_routes(app: FastAPI, tables: Tables, errors: Errors) -> None:
    """The routes of saves and replays on ``app``."""

    @app.post("/api/saves", openapi_extra=schema_of(UploadSave), responses=errors)
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

    @app.get("/api/games/{game_id}/save", responses=errors)
    async def save(game_id: GameId, token: Token = None) -> JSONResponse:
        live = await tables.open(game_id, token)
        live.table.seat_of(token)
        return JSONResponse(live.table.save(), headers={"Content-Disposition": f'attachment; filename="grapeshot-{game_id}.save.json"'})

    @app.get("/api/games/{game_id}/replay", responses=errors)
    async def replay_step(game_id: GameId, step: Annotated[int, Query(ge=0, le=10**7)], token: Token = None) -> dict[str, Any]:
        live = await tables.open(game_id, token)
        live.table.seat_of(token)
        return live.table.replay_view(step)
