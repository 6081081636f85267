"""The lobby's routes: its pages, the rule sets and their scenarios, a scenario file read; and health.

Apart from :mod:`.app` as every area's routes are (:mod:`.play`, :mod:`.saves`, :mod:`.fleets`,
:mod:`.printables`, :mod:`.editor`, :mod:`.help`): these only read what the server was started
with (its catalogue, its rule sets' listing), make no game and hold no table.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, Response

from grapeshot.core.ruleset import default_ruleset
from grapeshot.server.params import Errors, GameId, RulesetName, ruleset_named, uploaded_scenario
from grapeshot.server.requests import ScenarioText, read, schema_of
from grapeshot.server.rulesets import Listing, hosted, offered, scenario_json, words

if TYPE_CHECKING:
    from grapeshot.server.live import Tables
    from grapeshot.server.store import GameStore


def add_lobby_routes(app: FastAPI, listing: Listing, errors: Errors) -> None:
    """The lobby's and the table's pages, the site's icon, and the listing's routes on ``app``."""
    static = resources.files("grapeshot.server").joinpath("static")

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

    @app.get("/api/rulesets", responses=errors)
    async def rulesets_list() -> dict[str, Any]:
        """Every installed rule set: options, scenarios, the modules it can host, players, web plugin."""
        return {"rulesets": listing.all()}

    @app.get("/api/rulesets/{name}/words", responses=errors)
    async def ruleset_words(name: RulesetName) -> dict[str, Any]:
        """The rule set's words for the values its page shows (its phrasebook's), by category."""
        rs = ruleset_named(name, 404)
        return {"ruleset": rs.name, "words": words(rs)}

    @app.get("/api/scenarios", responses=errors)
    async def scenarios_list(ruleset: Annotated[str | None, Query(max_length=40)] = None) -> dict[str, Any]:
        entry = listing.of(ruleset_named(ruleset) if ruleset is not None else default_ruleset())
        return {"ruleset": entry["name"], **{k: entry[k] for k in ("scenarios", "options", "modules", "players")}}

    @app.post("/api/scenarios/read", openapi_extra=schema_of(ScenarioText), responses=errors)
    async def scenario_read(request: Request) -> dict[str, Any]:
        """A scenario file read as a game would read it: its rule set, seats, options and modules."""
        req = await read(request, ScenarioText)
        sc = uploaded_scenario(req.scenario_yaml)
        hosted(sc, offered(listing.of(ruleset_named(sc.ruleset))), "scenario_yaml")
        return scenario_json(None, sc)


def add_health_routes(app: FastAPI, store: GameStore, tables: Tables) -> None:
    """``GET /api/health`` on ``app``: up, and how many games there are."""

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Up, the games stored, and the tables in memory now (the others are loaded on demand)."""
        return {"ok": True, "games": store.count(), "in_memory": len(tables.live)}
