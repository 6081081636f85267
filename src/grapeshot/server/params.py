"""What the routes of every area share: the parameters of their paths and queries, the refusals
they document, and the one lookup of a rule set a request names and the one reader of an uploaded scenario file.

Apart from :mod:`.app` so that each area's routes (:mod:`.lobby`, :mod:`.play`, :mod:`.saves`,
:mod:`.fleets`, :mod:`.printables`, :mod:`.editor`, :mod:`.help`) read them from one place
instead of each declaring its own.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path as PathParam
from fastapi import Query

from grapeshot.core.errors import ScenarioError
from grapeshot.core.names import MAX_NAME
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import Scenario, parse_text
from grapeshot.server.requests import ErrorBody
from grapeshot.server.tables import Denied

GameId = Annotated[str, PathParam(min_length=1, max_length=40)]
Token = Annotated[str | None, Query(max_length=100, description="the private link's token")]
RulesetName = Annotated[str, PathParam(min_length=1, max_length=40, description="a rule set, by name or alias")]
PageName = Annotated[str, PathParam(min_length=1, max_length=40, description="one of the rule set's printable pages, by name")]
GameQuery = Annotated[str, Query(min_length=1, max_length=40, description="the game the page is of")]
PieceQuery = Annotated[str | None, Query(min_length=1, max_length=MAX_NAME, description="the piece (a ship, a unit) a page of a piece is of")]

#: the refusals a route documents, by status (its ``responses``)
Errors = dict[int | str, dict[str, Any]]

ERRORS: Errors = {  # every refusal is JSON, from HTML routes too
    code: {"description": what, "content": {"application/json": {"schema": ErrorBody.model_json_schema()}}}
    for code, what in (
        (400, "malformed or refused content (scenario, save, options)"),
        (401, "no token"),
        (403, "a token of another game, or a spectator acting"),
        (404, "no such game, rule set, preview, page or piece"),
        (409, "not possible now (undo with other people at the table or after the end, an AI's seat, choices that have changed)"),
        (413, "body too large"),
        (422, "a request that does not fit its schema, or an illegal action"),
        (503, "the game store is locked by another process: nothing was stored; try again after Retry-After seconds"),
    )
}


def ruleset_named(name: str, status: int = 400) -> Ruleset:
    """The rule set a request names, or a refusal (``status``) listing those there are."""
    try:
        return get(name)
    except ValueError as err:
        raise Denied(status, f"ruleset: {err}", "ruleset") from None


def uploaded_scenario(text: str) -> Scenario:
    """An uploaded scenario file, read; what is wrong with it is blamed on the file."""
    try:
        return parse_text(text, "uploaded scenario")
    except ScenarioError as err:
        raise Denied(400, str(err), "scenario_yaml") from None
