"""Schema-driven fuzz of the HTTP API from its own OpenAPI description (schemathesis).

Every operation gets requests that fit its schema and requests that break it; none may be
answered with a 5xx, every status must be one the description lists, with the content type and
the body shape it gives.  Paths and tokens are those of a real game (and, now and then, a wrong
token), so the requests reach the game and not only the "no such game" answer.  Bounded: a few
dozen examples an operation, about half a minute in all.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance, status_code_conformance

from grapeshot.server.app import create_app

APP = create_app(Path(tempfile.mkdtemp(prefix="grapeshot-openapi-")))
_client = TestClient(APP)
_game = _client.post("/api/games", json={"scenario": "duel", "seed": 3, "seats": {"red": "human", "blue": "heuristic"}}).json()
GAME = _game["id"]
TOKENS = [_game["links"]["red"].split("token=")[1], _game["spectator"].split("token=")[1], "not-a-token"]

schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_the_schema_allows_or_forbids_gets_a_server_error(case: Any) -> None:
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = GAME
    if any(p.name == "token" for p in case.operation.query):
        case.query = {**(case.query or {}), "token": TOKENS[len(repr(case.query)) % len(TOKENS)]}
    case.call_and_validate(checks=CHECKS)
