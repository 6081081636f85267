"""The scenario editor's routes: its page, each rule set's description of a scenario, the check.

Apart from :mod:`.app` as every area's routes are: these make no game that is kept, they only read.

**The page** (``/editor``, ``static/editor.js``) edits a scenario's own data: the mapping a
scenario file holds, as the loader reads it.  Opening a file or a built-in scenario gives the
page that data; saving gives it back as YAML (:func:`yaml_of`), so a scenario opened and saved
unchanged loads to the same scenario.

**The description** (``GET /api/rulesets/{name}/editor``) is the rule set's
:meth:`~grapeshot.core.ruleset.Ruleset.scenario_form`, with the options, the modules it can
host and who may play a seat, as the lobby lists them.

**Built fleets** (``POST /api/scenarios/place``) go into a seat as the lobby puts them there when
it starts a game: checked by the rule set, then placed by its builder, so the editor shows the
scenario the game would be played from.

**The check** (``POST /api/scenarios/check``) reads the data with the code that loads a scenario
and sets a game up (``parse_scenario``, the modules' hosting as the lobby refuses it, the rule
set's ``setup`` through :class:`~grapeshot.core.game.Game`), and answers each problem with the
path of the field it is about (``fleets[1].ships[0]``), in the loader's own words.  The loader
stops at the first problem; where that one is about one item of a list (a piece of terrain, a
ship), the item is set aside and the rest read again, so the page can mark several pieces at
once.  A body that is no scenario data at all (not a mapping, YAML that cannot be read) is
refused with 400 and the reader's message.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import json
import logging
import re
from collections.abc import Mapping
from importlib import resources
from typing import Annotated, Any

import yaml
from fastapi import FastAPI, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse
from pydantic import Field, model_validator

from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import Catalogue, Scenario, parse_scenario
from grapeshot.core.untrusted import loads_yaml
from grapeshot.server import fleets as builder
from grapeshot.server.params import Errors, RulesetName, ruleset_named
from grapeshot.server.requests import MAX_BODY, Body, read, schema_of
from grapeshot.server.rulesets import Listing, offered
from grapeshot.server.tables import Denied

log = logging.getLogger("grapeshot.server")

#: the most problems one check reports (each found by reading again without the items before)
MOST_PROBLEMS = 12
#: a problem about one item of a list: ``terrain[3]...`` or ``fleets[0].ships[2]...``
_ITEM = re.compile(r"^(terrain|fleets\[\d+\]\.[A-Za-z_]+)\[(\d+)\]")
ScenarioName = Annotated[str, PathParam(min_length=1, max_length=64, description="one of the server's scenarios of that rule set")]


class PlaceBody(Body):
    """Built documents (the lobby's builder's fleets) to put in a scenario's seats."""

    scenario: dict[str, Any] = Field(description="the scenario as data")
    kind: str = Field("fleet", min_length=1, max_length=40, description="the kind of the rule set's document built")
    fleets: dict[str, dict[str, Any]] = Field(max_length=20, description="the built documents, by seat")


class CheckBody(Body):
    """A scenario to check: its data (the editor's), or a file's text."""

    scenario: dict[str, Any] | None = Field(None, description="the scenario as data, as a scenario file holds it")
    scenario_yaml: str | None = Field(None, max_length=MAX_BODY, description="the scenario file's text, instead")

    @model_validator(mode="after")
    def _one(self) -> CheckBody:
        if (self.scenario is None) == (self.scenario_yaml is None):
            raise ValueError("give the scenario as data or as a file's text (scenario_yaml), one of them")
        return self


def model_of(sc: Scenario) -> dict[str, Any]:
    """The editor's model of a scenario: its data as plain JSON (what the file holds)."""
    out: dict[str, Any] = json.loads(json.dumps(sc.raw))
    return out


def yaml_of(data: Mapping[str, Any]) -> str:
    """A scenario's data as the text of a scenario file, its fields in the order given."""
    return yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)


def data_of(body: CheckBody) -> dict[str, Any]:
    """The scenario data of a check's body; 400 with the reader's message for text that is none."""
    if body.scenario is not None:
        return body.scenario
    assert body.scenario_yaml is not None
    try:
        data = loads_yaml(body.scenario_yaml, "scenario")
    except ScenarioError as err:
        raise Denied(400, f"scenario_yaml: {err}", "scenario_yaml") from None
    if not isinstance(data, dict):
        raise Denied(400, f"scenario_yaml: expected a mapping of the scenario's fields, got {type(data).__name__}", "scenario_yaml")
    return data


def _problem(err: ScenarioError, field: str) -> dict[str, Any]:
    got = "" if err.got is None else f", got {err.got!r}"[:240]
    return {"path": field, "expected": err.expected, "message": f"{field}: expected {err.expected}{got}"}


def first_problem(data: Mapping[str, Any], listing: Listing) -> ScenarioError | None:
    """The first thing the loader and the set-up refuse in the data, or ``None`` when a game sets up."""
    try:
        sc = parse_scenario(data, "scenario")
        rs = get(sc.ruleset)
        hostable = offered(listing.of(rs))
        for i, m in enumerate(sc.modules):
            if m not in hostable:
                return ScenarioError("scenario", f"modules[{i}]", f"a module {rs.name} can host ({', '.join(hostable) or 'none'})", m)
        Game(rs, sc, seed=0, log=False)
    except ScenarioError as err:
        return err
    except Exception as err:  # a set-up that fails otherwise is a fault of ours: said, and logged, never a 500
        log.exception("the editor's check could not set the scenario up")
        return ScenarioError("scenario", "(set-up)", "a scenario the rule set can set up", f"{type(err).__name__}: {err}")
    return None


def _fixed(data: Mapping[str, Any]) -> frozenset[str]:
    """The piece lists that follow their fleet (an item of them is never set aside)."""
    try:
        return _fixed_of(get(str(data.get("ruleset"))).name)
    except ValueError:
        return frozenset()


@functools.cache
def _fixed_of(ruleset: str) -> frozenset[str]:
    return frozenset(p.key for p in get(ruleset).scenario_form().pieces if p.fixed)


def problems_of(data: Mapping[str, Any], listing: Listing) -> list[dict[str, Any]]:
    """Every problem :func:`first_problem` finds, setting aside the item each is about (see the
    module's docstring), each with the path of the field in the data as given."""
    work: dict[str, Any] = copy.deepcopy(dict(data))
    kept: dict[str, list[int]] = {}  # a list's path -> the indices in the data of the items still in it
    out: list[dict[str, Any]] = []
    fixed = _fixed(data)
    while len(out) < MOST_PROBLEMS:
        err = first_problem(work, listing)
        if err is None:
            break
        item = _ITEM.match(err.field)
        if item is None:
            if not out:  # a problem of the whole (a missing seat): after an item set aside it may be of our making
                out.append(_problem(err, err.field))
            break
        where, index = item.group(1), int(item.group(2))
        try:
            items = _at(work, where)
        except (KeyError, IndexError, TypeError, AssertionError):  # a path the data does not hold: said as it is
            out.append(_problem(err, err.field))
            break
        indices = kept.setdefault(where, list(range(len(items))))
        field = f"{where}[{indices[index]}]{err.field[item.end() :]}"
        out.append(_problem(err, field))
        if where.rsplit(".", 1)[-1] in fixed or (where != "terrain" and len(items) < 2):
            break  # setting it aside would itself be a problem
        del items[index]
        del indices[index]
    return out


def _at(data: Mapping[str, Any], where: str) -> list[Any]:
    """The list at a path of :data:`_ITEM`'s first group in the data."""
    node: Any = data
    for part in re.findall(r"[A-Za-z_]+|\[\d+\]", where):
        node = node[int(part[1:-1])] if part.startswith("[") else node[part]
    assert isinstance(node, list)
    return node


def form_json(rs: Ruleset, listing: Listing) -> dict[str, Any]:
    """The rule set's description for the editor, with the lobby's options, modules and players."""
    entry = listing.of(rs)
    return {
        "ruleset": rs.name,
        "title": rs.title,
        **rs.scenario_form().to_json(),
        "builder": next((d["name"] for d in entry["documents"] if d["builder"]), None),  # the lobby's builder makes its seats' fleets
        "options": entry["options"],
        "modules": [m for m in entry["modules"] if m["hosted"] is not False],
        "players": entry["players"],
        "scenarios": [s["name"] for s in entry["scenarios"]],
    }


def add_editor_routes(app: FastAPI, listing: Listing, catalogue: Catalogue, errors: Errors) -> None:
    """The editor's page and its three routes on ``app``."""
    static = resources.files("grapeshot.server").joinpath("static")
    forms: dict[str, dict[str, Any]] = {}

    def ruleset(name: str) -> Ruleset:
        return ruleset_named(name, 404)

    @app.get("/editor", response_class=HTMLResponse)
    async def editor_page() -> HTMLResponse:
        return HTMLResponse(static.joinpath("editor.html").read_text(encoding="utf-8"))  # the package's own page

    @app.get("/api/rulesets/{name}/editor", responses=errors)
    async def editor_form(name: RulesetName) -> dict[str, Any]:
        """What the rule set's scenarios hold, for the editor to build one from nothing."""
        rs = ruleset(name)
        if rs.name not in forms:
            forms[rs.name] = await asyncio.to_thread(form_json, rs, listing)
        return forms[rs.name]

    @app.get("/api/rulesets/{name}/scenarios/{scenario}", responses=errors)
    async def scenario_data(name: RulesetName, scenario: ScenarioName) -> dict[str, Any]:
        """One of the server's scenarios as data, to edit a copy of it."""
        rs = ruleset(name)
        try:
            sc = catalogue.get(scenario, rs.name)
        except ScenarioError as err:
            raise Denied(404, str(err), "scenario") from None
        model = model_of(sc)
        return {"ruleset": rs.name, "name": scenario, "scenario": model, "yaml": yaml_of(model)}

    @app.post("/api/scenarios/place", openapi_extra=schema_of(PlaceBody), responses=errors)
    async def scenario_place(request: Request) -> dict[str, Any]:
        """The scenario with built documents in their seats, as the lobby starts a game with them:
        each checked by its rule set, then put in place by its builder (``Builder.place``)."""
        req = await read(request, PlaceBody)
        try:
            sc = parse_scenario(req.scenario, "scenario")
        except ScenarioError as err:
            raise Denied(400, f"scenario: {err}", "scenario") from None
        placed = builder.with_documents(ruleset(sc.ruleset), req.kind, sc, req.fleets)
        return {"scenario": model_of(placed)}

    @app.post("/api/scenarios/check", openapi_extra=schema_of(CheckBody), responses=errors)
    async def scenario_check(request: Request) -> dict[str, Any]:
        """A scenario read and set up as a game would be: each problem with its field's path, the
        data, and the data as a scenario file's YAML."""
        data = data_of(await read(request, CheckBody))
        problems = await asyncio.to_thread(problems_of, data, listing)
        return {"ok": not problems, "problems": problems, "scenario": data, "yaml": yaml_of(data)}
