"""The table's help routes: the rules of the game in play, and what an undo would take back.

Apart from :mod:`.app` and from the routes of playing (:mod:`.play`), as every area's routes
are; these only read a table.

**Rules.**  ``GET /api/games/{id}/rules`` lists every numbered rule of the game's rule set and of
each module in play: its ID, its title in the project's own words (the registry's, never the rule
texts' sentences), what it ``says`` it does at the table (a sentence or three, also ours), its
status and whose book it is.  The table's rules panel searches it by ID or
word, and the explanations beside each choice name these IDs.

**Undo.**  ``GET /api/games/{id}/undo`` says what ``POST`` would take back (whose actions, how
many, the AI's among them) without doing it, so the page can ask the person to confirm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import FastAPI

from grapeshot.core.game import Game
from grapeshot.server.params import Errors, GameId, Token

if TYPE_CHECKING:
    from grapeshot.server.live import Tables


def rules_of(game: Game) -> list[dict[str, Any]]:
    """Every rule of the game's rule set and of the modules in play, book by book."""
    books = [(game.ruleset.title, game.ruleset.rulebook()), *((run.module.title, run.module.rulebook()) for run in game.modules.values())]
    return [{"id": e.id, "title": e.title, "says": e.says, "status": e.status, "book": title} for title, book in books for e in book]


def add_help_routes(app: FastAPI, tables: Tables, errors: Errors) -> None:
    """The two routes on ``app``, answering from ``tables``."""

    @app.get("/api/games/{game_id}/rules", responses=errors)
    async def game_rules(game_id: GameId, token: Token = None) -> dict[str, Any]:
        live = await tables.open(game_id, token)
        live.table.seat_of(token)
        return {"rules": rules_of(live.table.game)}

    @app.get("/api/games/{game_id}/undo", responses=errors)
    async def undo_plan(game_id: GameId, token: Token = None) -> dict[str, Any]:
        live = await tables.open(game_id, token)
        live.table.undoer(token)
        async with live.lock:
            return live.table.undo_plan()
