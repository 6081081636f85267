"""The lobby's fleet builder: what a rule set's documents offer the page, judged by the server,
and its routes (``/api/fleets/catalogue``, ``/check``, ``/seats``: :func:`add_fleet_routes`).

A rule set whose kind of document (``Ruleset.documents()``: Naval Warhammer's and Wooden Ships'
fleet files) has a :class:`~grapeshot.core.capabilities.Builder` gets a builder in the lobby.
The page edits the document as plain data in the generic form the catalogue describes; every
judgement is the rule set's own check (the one ``grapeshot <kind> check FILE`` runs), asked here
as the document changes: its problems each with the rule it breaks, its points part by part, the
document as YAML to download.  Starting a game with built documents in a scenario's seats checks
each again, refusing an illegal one with 400 naming its rule before anything is stored, and the
game made of the scenario checks them once more as it sets up.  Nothing here names a rule set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import yaml
from fastapi import FastAPI, Query, Request

from grapeshot.core.capabilities import Builder, Checked, DocumentKind
from grapeshot.core.contract import DOCUMENTS
from grapeshot.core.errors import ScenarioError
from grapeshot.core.ruleset import Ruleset
from grapeshot.core.scenario import Catalogue, Scenario, parse_scenario
from grapeshot.core.untrusted import loads_yaml
from grapeshot.server.params import Errors, ruleset_named
from grapeshot.server.requests import FleetBody, read, schema_of
from grapeshot.server.tables import Denied

#: the most values (mappings, lists and scalars) a document sent to the builder may hold; a real
#: fleet holds a few hundred
MOST_VALUES = 5000


def documents_of(rs: Ruleset) -> list[dict[str, Any]]:
    """The kinds of document the lobby may build for a rule set (the listing's ``documents``)."""
    return [{"name": d.name, "help": d.help, "builder": d.builder is not None} for d in rs.offer(DOCUMENTS) or ()]


def kind_of(rs: Ruleset, kind: str) -> tuple[DocumentKind, Builder]:
    """The rule set's document kind ``kind`` and its builder; 404 where it has none."""
    for d in rs.offer(DOCUMENTS) or ():
        if d.name == kind and d.builder is not None:
            return d, d.builder
    offered = [d.name for d in rs.offer(DOCUMENTS) or () if d.builder is not None]
    raise Denied(404, f"kind: the rule set {rs.name!r} builds no {kind[:40]!r} documents; it builds {offered or 'none'}", "kind")


def _count(data: object, budget: int) -> int:
    """How many values ``data`` holds, counting down from ``budget`` (stops below zero)."""
    budget -= 1
    if isinstance(data, Mapping):
        for v in data.values():
            if budget < 0:
                break
            budget = _count(v, budget)
    elif isinstance(data, list):
        for v in data:
            if budget < 0:
                break
            budget = _count(v, budget)
    return budget


def document(given: object | None, text: str | None, field: str = "fleet") -> object:
    """The document a request holds: its data, or its YAML text read within limits (a YAML error
    is a 400 naming its line), no larger than :data:`MOST_VALUES`."""
    if (given is None) == (text is None):
        raise Denied(422, f"{field}, {field}_yaml: give the document as data or as YAML text, one of them", field)
    if text is not None:
        try:
            given = loads_yaml(text, f"the {field} file")
        except ScenarioError as err:
            raise Denied(
                400, f"{field}_yaml: {err.field}: expected {err.expected}" + ("" if err.got is None else f", got {err.got}"), f"{field}_yaml"
            ) from None
    if _count(given, MOST_VALUES) < 0:
        raise Denied(413, f"{field}: a document of at most {MOST_VALUES} values (a fleet holds a few hundred)", field)
    return given


def checked_json(c: Checked, data: object) -> dict[str, Any]:
    """A check as the page shows it, with the document as data and as YAML to download."""
    return {
        "legal": c.legal,
        "summary": c.summary,
        "points": dict(c.points),
        "problems": [p.to_json() for p in c.problems],
        "document": data,
        "yaml": yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100),
    }


def check(rs: Ruleset, kind: str, data: object) -> dict[str, Any]:
    _, builder = kind_of(rs, kind)
    return checked_json(builder.check(data), data)


def seats(rs: Ruleset, kind: str, scenario: Scenario) -> dict[str, object]:
    _, builder = kind_of(rs, kind)
    return dict(builder.seats(scenario))


def with_documents(rs: Ruleset, kind: str, scenario: Scenario, by_seat: Mapping[str, object]) -> Scenario:
    """The scenario with built documents in its seats, each checked first: a seat that takes none,
    or a document its rule set refuses, is a 400 naming the seat and the rule it breaks."""
    if not by_seat:
        return scenario
    _, builder = kind_of(rs, kind)
    open_seats = builder.seats(scenario)
    for seat, data in by_seat.items():
        if seat not in open_seats:
            raise Denied(400, f"fleets.{seat[:40]}: this scenario's seats that take a built {kind} are {sorted(open_seats)}", f"fleets.{seat[:40]}")
        document(data, None, f"fleets.{seat}")
        c = builder.check(data)
        if not c.legal:
            raise Denied(400, f"fleets.{seat}: an illegal {kind}: {c.said()}", f"fleets.{seat}")
    return parse_scenario(builder.place(scenario, by_seat), scenario.source)


def add_fleet_routes(app: FastAPI, catalogue: Catalogue, errors: Errors) -> None:
    """The builder's routes on ``app``: the catalogue of a kind, a document checked, a scenario's seats' documents."""

    @app.get("/api/fleets/catalogue", responses=errors)
    async def fleet_catalogue(ruleset: Annotated[str, Query(max_length=40)], kind: Annotated[str, Query(max_length=40)] = "fleet") -> dict[str, Any]:
        """What the lobby's builder offers for the rule set's documents of a kind: its form, with
        points, limits and rules (``Builder.catalogue``)."""
        rs = ruleset_named(ruleset, 404)
        found, made = kind_of(rs, kind)
        return {"ruleset": rs.name, "kind": found.name, "help": found.help, **made.catalogue()}

    @app.post("/api/fleets/check", openapi_extra=schema_of(FleetBody), responses=errors)
    async def fleet_check(request: Request) -> dict[str, Any]:
        """A document checked by its rule set, as ``grapeshot fleet check`` checks a file: every
        problem with its rule, the points part by part, and the document as data and YAML."""
        req = await read(request, FleetBody)
        rs = ruleset_named(req.ruleset)
        return check(rs, req.kind, document(req.fleet, req.fleet_yaml))

    @app.get("/api/fleets/seats", responses=errors)
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
        return {"ruleset": rs.name, "scenario": scenario, "seats": seats(rs, kind, sc)}
