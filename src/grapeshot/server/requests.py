"""What the web table accepts: each request body as a model, read whole and checked before anything acts.

A body is read in chunks up to :data:`MAX_BODY` (413 beyond, whatever its headers claim),
parsed by :func:`grapeshot.core.untrusted.loads_json` (bounded nesting and digits, no ``NaN``)
and validated against its model (``extra="forbid"``, strict types).  Every refusal is a 4xx
``{"error": "<field>: <what is wrong>"}``; nothing is stored or played until the whole
request has passed.  The models also give the OpenAPI description its request schemas.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, TypeVar

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from grapeshot.core.errors import ScenarioError
from grapeshot.core.rolls import read_seed
from grapeshot.core.untrusted import loads_json
from grapeshot.server.odds import MOST_SAMPLES
from grapeshot.server.tables import Denied

MAX_BODY = 512 * 1024  # bytes: a scenario or a save is far smaller
MAX_SINCE = 10**9

#: who plays a seat: "human" or one of the rule set's AI players (checked against the rule set's list)
Player = Annotated[str, Field(min_length=1, max_length=40)]
OptionValue = bool | int | float | str
Seats = dict[str, Player]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewGame(Body):
    """A new game: a scenario by name (one the server offers) or as uploaded YAML, and its set-up."""

    ruleset: str | None = Field(None, min_length=1, max_length=40, description="the ruleset, by name or alias (default: the first installed)")
    scenario: str | None = Field(
        None, min_length=1, max_length=64, description="the name of one of the server's scenarios (default: the rule set's lab scenario, else its first)"
    )
    scenario_yaml: str | None = Field(None, max_length=MAX_BODY, description="a scenario file's text, instead of a name")
    options: dict[str, OptionValue] = Field(
        default_factory=dict, description="rule options over the scenario's (a module's written <module>.<option>)", max_length=200
    )
    modules: dict[str, bool] = Field(default_factory=dict, description="rule modules switched on (true) or off (false) over the scenario's", max_length=20)
    seats: Seats = Field(default_factory=dict, description="who plays each seat: human or one of the rule set's AI players (default: the scenario's)")
    seed: int | str | None = Field(None, description="the dice seed (default: a random one), a whole number or its digits as text")
    companion: bool = Field(False, description="people roll real dice and type the faces in")
    hotseat: bool = Field(False, description="one link plays every person's seat")

    @field_validator("seed", mode="before")
    @classmethod
    def _seed(cls, v: object) -> object:
        return None if v is None else _seed(v)


class ActionBody(Body):
    """One action of the seat the link's token sits at: the action itself, or picks among the
    legal answers the view listed (``prompt.legal``: one option index a part, with its digest)."""

    action: dict[str, Any] | None = Field(None, description="the action as JSON, with its 'kind'")
    picks: list[Annotated[int, Field(ge=0, le=100_000)]] | None = Field(
        None, max_length=1000, description="instead of an action: an option's index for each part of prompt.legal"
    )
    digest: str | None = Field(None, max_length=64, description="with picks: prompt.legal.digest of the choices picked from")
    since: int = Field(0, ge=0, le=MAX_SINCE, description="the first event of the log the answer should hold")

    @model_validator(mode="after")
    def _one_answer(self) -> ActionBody:
        one_answer(self)
        return self


def one_answer(body: ActionBody | OddsBody) -> None:
    """A body that names an action one way: the action itself, or picks with their digest."""
    if (body.action is None) == (body.picks is None):
        raise ValueError("give the action, or picks with their digest, not both or neither")
    if body.picks is not None and body.digest is None:
        raise ValueError("picks need the digest of the choices they were picked from (prompt.legal.digest)")


class ScenarioText(Body):
    """A scenario file's text, to read before a game is made of it (the lobby shows its seats and options)."""

    scenario_yaml: str = Field(max_length=MAX_BODY, description="the scenario file's text")


class OddsBody(Body):
    """An action the link's seat is about to take, to learn its odds first: the action itself, or
    picks among the legal answers as an action request gives them (the generic forms ask so)."""

    action: dict[str, Any] | None = Field(None, description="the action as JSON, with its 'kind'")
    picks: list[Annotated[int, Field(ge=0, le=100_000)]] | None = Field(
        None, max_length=1000, description="instead of an action: an option's index for each part of prompt.legal"
    )
    digest: str | None = Field(None, max_length=64, description="with picks: prompt.legal.digest of the choices picked from")
    samples: int | None = Field(
        None, ge=0, le=MOST_SAMPLES, description="Monte Carlo runs at most, where the odds cannot be enumerated (0: only what is exact)"
    )

    @model_validator(mode="after")
    def _one_answer(self) -> OddsBody:
        one_answer(self)
        return self


class UploadSave(Body):
    """A save to continue as a new game, exactly as a download (or ``grapeshot simulate --out``) gave it."""

    save: dict[str, Any] = Field(description="the save file's JSON")
    seats: Seats = Field(default_factory=dict, description="who plays each seat of the continued game")
    hotseat: bool = False


class ErrorBody(BaseModel):
    error: str
    field: str | None = None


def _seed(v: object) -> int:
    try:
        return read_seed(v, "seed", "seed")
    except ScenarioError as err:
        raise ValueError(f"expected {err.expected}") from None


M = TypeVar("M", bound=Body)


def schema_of(model: type[Body]) -> dict[str, Any]:
    """The ``openapi_extra`` of a route whose body is read by :func:`read`."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": model.model_json_schema()}}}}


async def read(request: Request, model: type[M]) -> M:
    """The request's body as ``model``: within :data:`MAX_BODY`, valid JSON within limits, and valid."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise Denied(413, f"request too large: at most {MAX_BODY // 1024} KB")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Denied(413, f"request too large: at most {MAX_BODY // 1024} KB")
        chunks.append(chunk)
    try:
        data = loads_json(b"".join(chunks) or b"{}", "the body")
    except ScenarioError as err:
        where = "" if err.field == "(file)" else f"{err.field}: "
        got = "" if err.got is None else f", got {err.got!r}"
        raise Denied(400, f"the body is not JSON within limits: {where}expected {err.expected}{got}") from None
    if not isinstance(data, dict):
        raise Denied(422, f"the body must be a JSON object, got {type(data).__name__}")
    try:
        return model.model_validate(data)
    except ValidationError as err:
        field, line = blame(err.errors())
        raise Denied(422, line, field) from None


def explain(errors: Sequence[Mapping[str, Any]]) -> str:
    """One line for a list of pydantic errors: the field of the first, what is wrong, how many more."""
    return blame(errors)[1]


def blame(errors: Sequence[Mapping[str, Any]]) -> tuple[str | None, str]:
    """The field the first of pydantic's errors is about (as the request names it, or ``None`` for
    the request as a whole) and :func:`explain`'s line."""
    first = errors[0]
    loc = [str(p) for p in first.get("loc", ())]
    if loc and loc[0] in ("body", "query", "path", "header", "cookie"):
        loc = loc[1:]
    msg = str(first.get("msg", "invalid")).removeprefix("Value error, ")
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    field = ".".join(loc) or None
    return field, f"{field or 'the request'}: {msg}{more}"
