"""Actions: what a seat submits.  Typed, frozen dataclasses with a JSON form.

Each action class is registered under a ``kind`` name so a saved game's
action list (and a web request) decodes back to the same objects.  Decoding
checks every field against its type and names the field that was wrong.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeVar, Union, get_args, get_origin

from grapeshot.core.errors import IllegalAction

A = TypeVar("A", bound="Action")

_REGISTRY: dict[str, type[Action]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses are registered with :func:`action`."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out


def action(kind: str) -> typing.Callable[[type[A]], type[A]]:
    """Register an action class under ``kind``."""

    def register(cls: type[A]) -> type[A]:
        if kind in _REGISTRY and _REGISTRY[kind] is not cls:
            raise ValueError(f"action kind {kind!r} registered twice")
        cls.kind = kind
        _REGISTRY[kind] = cls
        return cls

    return register


def _encode(v: object) -> object:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _encode(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, tuple):
        return [_encode(x) for x in v]
    return v


def decode(data: object) -> Action:
    """Rebuild an action from its JSON form, or raise :class:`IllegalAction` naming the bad field."""
    if not isinstance(data, Mapping):
        raise IllegalAction(f"an action must be a JSON object with a 'kind', got {type(data).__name__}")
    kind = data.get("kind")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(f"unknown action kind {kind!r}; known kinds: {', '.join(sorted(_REGISTRY))}")
    value = _decode_dataclass(cls, data, str(kind))
    assert isinstance(value, Action)
    return value


_SHAPES: dict[type[Any], tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]] = {}


def _shape(cls: type[Any]) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """A dataclass's field types and fields, worked out once (``get_type_hints`` is slow, and the
    web table decodes an action on every request)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = (typing.get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls)})
    return shape


def _decode_dataclass(cls: type[Any], data: object, path: str) -> Any:
    if not isinstance(data, Mapping):
        raise IllegalAction(f"{path}: expected an object")
    hints, fields = _shape(cls)
    unknown = set(data) - set(fields) - {"kind"}
    if unknown:
        raise IllegalAction(f"{path}: unknown field(s) {sorted(unknown)}; fields are {sorted(fields)}")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name in data:
            kwargs[name] = _decode_value(hints[name], data[name], f"{path}.{name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise IllegalAction(f"{path}: missing field {name!r}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as err:
        raise IllegalAction(f"{path}: {err}") from None


def _decode_value(tp: Any, v: object, path: str) -> Any:
    origin = get_origin(tp)
    if tp is Any:
        return v
    if origin in (Union, types.UnionType):
        errors = []
        for alt in get_args(tp):
            try:
                return _decode_value(alt, v, path)
            except IllegalAction as err:
                errors.append(str(err))
        raise IllegalAction(f"{path}: {v!r} fits none of {tp}: " + "; ".join(dict.fromkeys(e.split(": ", 1)[-1] for e in errors)))
    if tp is type(None):
        if v is None:
            return None
        raise IllegalAction(f"{path}: expected null, got {v!r}")
    if origin is Literal:
        if v in get_args(tp) and not isinstance(v, bool):
            return v
        raise IllegalAction(f"{path}: expected one of {list(get_args(tp))}, got {v!r}")
    if origin is tuple:
        if not isinstance(v, (list, tuple)):
            raise IllegalAction(f"{path}: expected a list, got {v!r}")
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode_value(args[0], x, f"{path}[{i}]") for i, x in enumerate(v))
        if len(args) != len(v):
            raise IllegalAction(f"{path}: expected {len(args)} items, got {len(v)}")
        return tuple(_decode_value(a, x, f"{path}[{i}]") for i, (a, x) in enumerate(zip(args, v, strict=True)))
    if tp is bool:
        if isinstance(v, bool):
            return v
        raise IllegalAction(f"{path}: expected true or false, got {v!r}")
    if tp is int:
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        raise IllegalAction(f"{path}: expected a whole number, got {v!r}")
    if tp is float:
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf"):
            return float(v)
        raise IllegalAction(f"{path}: expected a finite number, got {v!r}")
    if tp is str:
        if isinstance(v, str):
            return v
        raise IllegalAction(f"{path}: expected text, got {v!r}")
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, v, path)
    raise IllegalAction(f"{path}: cannot decode a value of type {tp}")


# --------------------------------------------------------------------------- actions every ruleset knows


@action("enter-dice")
@dataclass(frozen=True, slots=True)
class EnterDice(Action):
    """The faces of physical dice, typed by a person (companion play)."""

    text: str


@action("reroll")
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Use a re-roll on one die of the roll just made (``die`` is its index), or decline (``None``)."""

    die: int | None = None
