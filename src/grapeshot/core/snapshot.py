"""Snapshots: a game state written as JSON data and read back, by this release or a later one.

A game is normally given by its scenario, seed and actions, and rebuilt by replaying them.  That
stops working when the rules change under a game: the replay decides something differently and
the game people were playing is not the one rebuilt.  A snapshot keeps the state itself (the one
at a checkpoint, where the flow can start again), so a later release can go on from what was
played instead of from what its own rules would have made of the same actions
(docs/architecture.md (d), "Saves across releases").

States are trees of the shapes :mod:`grapeshot.core.clone` copies: numbers, text, lists, tuples,
dicts, sets, enums, dataclasses, named tuples and the geometry's immutable shapes.  Each value is
written with a tag saying its type where JSON alone would lose it:

* ``{"@tuple": [...]}``, ``{"@set": [...]}``, ``{"@frozenset": [...]}``, a dict with text keys as
  ``{"@map": {...}}`` and with other keys as ``{"@dict": [[k, v], ...]}``, a float that JSON has
  no number for as ``{"@float": "inf"}``;
* an enum, a named tuple, a dataclass or a registered shape as ``{"@": "module:Class", ...}``
  (``"v"`` its value, ``"f"`` its fields).

Reading one back is reading outside input (a save may come from anyone): only classes of
grapeshot's own packages are built, every dataclass field is checked against its type annotation,
a field the snapshot lacks takes its default (a field added since), a field this release no longer
has is dropped (one removed since), and anything else that does not fit is a
:class:`SnapshotError` naming where.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

from grapeshot.geometry import Hull, Polygon

#: the packages whose classes a snapshot may name
OURS = "grapeshot."


class SnapshotError(ValueError):
    """A snapshot that cannot be written or read back, with where in it the problem lies."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


#: immutable shapes that are not dataclasses: their name, their value as plain data, and back
_SHAPES: dict[type, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    Hull: (lambda h: [h.x, h.y, h.heading, h.length, h.width], lambda v: Hull(*(float(x) for x in v))),
    Polygon: (lambda p: [list(pt) for pt in p.points], lambda v: Polygon(tuple((float(x), float(y)) for x, y in v))),
}


def name_of(kind: type) -> str:
    return f"{kind.__module__}:{kind.__qualname__}"


# ---------------------------------------------------------------------------------------- writing


def encode(value: Any, where: str = "state") -> Any:
    """``value`` as JSON data (tagged where JSON would lose its type); a type no snapshot can hold
    is a :class:`SnapshotError` naming where it lies."""
    try:
        return _enc(value)
    except _Unheld:
        raise SnapshotError(*_find_unheld(value, where)) from None


class _Unheld(Exception):
    pass


def _enc(value: Any) -> Any:
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return value
    if kind is float:
        return value if math.isfinite(value) else {"@float": repr(value)}
    if kind is list:
        return [_enc(v) for v in value]
    if kind is dict:
        if all(type(k) is str for k in value):
            return {"@map": {k: _enc(v) for k, v in value.items()}}
        return {"@dict": [[_enc(k), _enc(v)] for k, v in value.items()]}
    if kind is tuple:
        return {"@tuple": [_enc(v) for v in value]}
    if kind is set or kind is frozenset:
        return {f"@{kind.__name__}": sorted((_enc(v) for v in value), key=_order)}
    fields = _FIELDS.get(kind)
    if fields is not None:
        return {"@": _NAMES[kind], "f": {f: _enc(getattr(value, f)) for f in fields}}
    if isinstance(value, Enum):
        return {"@": name_of(kind), "v": _enc(value.value)}
    if kind in _SHAPES:
        return {"@": name_of(kind), "v": _SHAPES[kind][0](value)}
    if isinstance(value, tuple) and hasattr(kind, "_fields"):  # a named tuple
        return {"@": name_of(kind), "v": [_enc(v) for v in value]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
        _NAMES[kind] = name_of(kind)
        return _enc(value)
    raise _Unheld


#: each dataclass met: its fields' names and its written name
_FIELDS: dict[type, tuple[str, ...]] = {}
_NAMES: dict[type, str] = {}


def _order(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _find_unheld(value: Any, where: str) -> tuple[str, str]:
    """Where in ``value`` lies the first thing no snapshot can hold (the slow walk, for the error)."""
    kind = type(value)
    children: list[tuple[str, Any]] = []
    if kind is list or kind is tuple or (isinstance(value, tuple) and hasattr(kind, "_fields")):
        children = [(f"{where}[{i}]", v) for i, v in enumerate(value)]
    elif kind is set or kind is frozenset:
        children = [(f"{where} (a member)", v) for v in value]
    elif kind is dict:
        children = [(f"{where} (a key)", k) for k in value] + [(f"{where}[{k!r}]", v) for k, v in value.items()]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [(f"{where}.{f.name}", getattr(value, f.name)) for f in dataclasses.fields(value)]
    for path, child in children:
        try:
            _enc(child)
        except _Unheld:
            return _find_unheld(child, path)
    return where, f"a snapshot cannot hold a {kind.__module__}.{kind.__qualname__}"


# ---------------------------------------------------------------------------------------- reading


def decode(data: Any, where: str = "state", hint: Any = Any) -> Any:
    """The value :func:`encode` wrote, checked against ``hint`` (a type annotation) where given."""
    value = _decode(data, where)
    if not _fits(value, hint):
        raise SnapshotError(where, f"expected {_said(hint)}, found {type(value).__name__} {_short(value)}")
    return value


def _decode(data: Any, where: str) -> Any:
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, float):
        return data
    if isinstance(data, list):
        return [_decode(v, f"{where}[{i}]") for i, v in enumerate(data)]
    if not isinstance(data, Mapping):
        raise SnapshotError(where, f"expected a snapshot value, found {type(data).__name__}")
    if len(data) == 1:
        ((tag, body),) = data.items()
        if tag == "@map" and isinstance(body, Mapping):
            return {str(k): _decode(v, f"{where}[{k!r}]") for k, v in body.items()}
        if tag == "@dict" and isinstance(body, list):
            out: dict[Any, Any] = {}
            for i, pair in enumerate(body):
                if not (isinstance(pair, list) and len(pair) == 2):
                    raise SnapshotError(f"{where}[{i}]", "expected a [key, value] pair")
                key = _decode(pair[0], f"{where} (key {i})")
                try:
                    out[key] = _decode(pair[1], f"{where}[{key!r}]")
                except TypeError:
                    raise SnapshotError(f"{where} (key {i})", "a key that cannot be hashed") from None
            return out
        if tag == "@tuple" and isinstance(body, list):
            return tuple(_decode(v, f"{where}[{i}]") for i, v in enumerate(body))
        if tag in ("@set", "@frozenset") and isinstance(body, list):
            try:
                members = [_decode(v, f"{where} (a member)") for v in body]
                return set(members) if tag == "@set" else frozenset(members)
            except TypeError:
                raise SnapshotError(where, "a member that cannot be hashed") from None
        if tag == "@float" and body in ("inf", "-inf", "nan"):
            return float(body)
    if "@" in data:
        return _instance(data, where)
    raise SnapshotError(where, f"an untagged mapping (keys {sorted(map(str, data))[:5]})")


def _packages() -> list[str]:
    """The packages a snapshot's classes may come from: grapeshot's, and each installed rule set's
    and module's (one published as a package of its own included)."""
    from grapeshot.core.module import all_modules
    from grapeshot.core.ruleset import all_rulesets

    out = [OURS]
    for plugin in (*all_rulesets(), *all_modules()):
        home = importlib.import_module(type(plugin).__module__)
        package = home.__name__ if hasattr(home, "__path__") else home.__name__.rpartition(".")[0]
        out.append(package + ".")
    return out


def _class(name: object, where: str) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise SnapshotError(where, f"expected a class as 'module:Class', found {_short(name)}")
    module, _, qual = name.partition(":")
    if not any((module + ".").startswith(p) for p in _packages()):
        raise SnapshotError(where, f"{name}: a snapshot holds only the classes of grapeshot and of its installed rule sets and modules")
    try:
        found: Any = importlib.import_module(module)
        for part in qual.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise SnapshotError(where, f"{name}: no such class in this release") from None
    if not isinstance(found, type):
        raise SnapshotError(where, f"{name}: not a class")
    return found


def _instance(data: Mapping[str, Any], where: str) -> Any:
    kind = _class(data["@"], where)
    if issubclass(kind, Enum):
        raw = _decode(data.get("v"), where)
        try:
            return kind(raw)
        except ValueError:
            raise SnapshotError(where, f"{_short(raw)} is no {kind.__name__} in this release") from None
    if kind in _SHAPES:
        try:
            return _SHAPES[kind][1](data.get("v"))
        except (TypeError, ValueError) as err:
            raise SnapshotError(where, f"not a {kind.__name__}: {err}") from None
    if issubclass(kind, tuple) and hasattr(kind, "_fields"):
        raw_values = data.get("v")
        if not isinstance(raw_values, list) or len(raw_values) != len(kind._fields):
            raise SnapshotError(where, f"expected the {len(kind._fields)} values of a {kind.__name__}")
        hints = _hints(kind)
        values = [decode(v, f"{where}.{f}", hints.get(f, Any)) for f, v in zip(kind._fields, raw_values, strict=True)]
        return kind(*values)
    if dataclasses.is_dataclass(kind):
        return _dataclass(kind, data.get("f"), where)
    raise SnapshotError(where, f"{name_of(kind)}: not a kind of value a snapshot holds")


def _dataclass(kind: type, raw: object, where: str) -> Any:
    if not isinstance(raw, Mapping):
        raise SnapshotError(where, f"expected the fields of a {kind.__name__}")
    hints = _hints(kind)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):
        if f.name in raw:
            values[f.name] = decode(raw[f.name], f"{where}.{f.name}", hints.get(f.name, Any))
        elif f.default is not dataclasses.MISSING:
            values[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            values[f.name] = f.default_factory()
        else:
            raise SnapshotError(where, f"a {kind.__name__} without its {f.name!r}, which this release needs")
    if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        # built as its class builds it: a frozen value may work things out as it is made
        made = kind(**{f.name: values[f.name] for f in dataclasses.fields(kind) if f.init})
        for f in dataclasses.fields(kind):
            if not f.init:
                object.__setattr__(made, f.name, values[f.name])
        return made
    made = object.__new__(kind)  # as clone() copies a state's records: field by field
    for name, value in values.items():
        object.__setattr__(made, name, value)
    return made


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(kind: type) -> dict[str, Any]:
    """A class's field annotations resolved (``Any`` for one that cannot be: the value is still
    built only from grapeshot's own classes, just not checked further)."""
    got = _HINTS.get(kind)
    if got is None:
        try:
            got = typing.get_type_hints(kind)
        except Exception:  # an annotation naming a type imported only for the type checker
            got = {}
            for klass in reversed(kind.__mro__):
                for name in getattr(klass, "__annotations__", {}):
                    try:
                        got[name] = typing.get_type_hints(klass)[name]
                    except Exception:
                        got[name] = Any
        _HINTS[kind] = got
    return got


def _fits(value: Any, hint: Any) -> bool:
    """Whether a decoded value is of the annotated type (as far as a JSON tree can say)."""
    if hint is Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return any(_fits(value, h) for h in get_args(hint))
    if origin is Literal:
        return value in get_args(hint)
    if origin is typing.ClassVar:
        return True
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin is None:
        if isinstance(hint, typing.TypeVar | typing.NewType | str):
            return True
        return isinstance(value, hint) if isinstance(hint, type) else True
    args = get_args(hint)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return not args or (len(args) == len(value) and all(_fits(v, h) for v, h in zip(value, args, strict=True)))
    if origin in (list, set, frozenset) or origin in _ABSTRACT_SEQUENCES:
        wanted = _CONTAINERS.get(origin, (list, tuple, set, frozenset))
        return isinstance(value, wanted) and (not args or all(_fits(v, args[0]) for v in typing.cast(typing.Iterable[Any], value)))
    if origin is dict or origin is Mapping or origin is typing.Mapping or origin is _MutableMapping:
        return isinstance(value, dict) and (not args or all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items()))
    return isinstance(value, origin) if isinstance(origin, type) else True


_MutableMapping = typing.get_origin(typing.MutableMapping[str, int])
_ABSTRACT_SEQUENCES = {Sequence, typing.get_origin(typing.Iterable[int]), typing.get_origin(typing.Collection[int]), typing.get_origin(typing.AbstractSet[int])}
_CONTAINERS: dict[Any, tuple[type, ...]] = {list: (list,), set: (set,), frozenset: (frozenset,), Sequence: (list, tuple)}


def _said(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------------------------------- a game's start


@dataclasses.dataclass(frozen=True)
class Start:
    """Where a game goes on from a snapshot instead of from its scenario's set-up: a checkpoint
    of the game it was taken from (the flow's point, the counters, the rule set's and the modules'
    states, the dice there), with the revisions it was played under and the actions before it (for
    the record: they are never replayed)."""

    point: Any
    turn: int
    phase: str
    rolls: int
    steps: int
    state: Any
    modules: Mapping[str, Any]
    #: the dice source's own snapshot there; ``None`` where it is not kept (a public save's)
    dice: Any
    #: rolls made before it, in the game it was taken from
    rolled: int
    #: the actions before it, as JSON (``{"seat", "action"}``), in the game it was taken from
    history: tuple[Any, ...] = ()
    #: the rule sets' and modules' revisions it was played under
    rules: Mapping[str, int] = dataclasses.field(default_factory=dict)
    #: why the game goes on from here, in words (the ``resumed`` event says it)
    note: str = ""

    def to_json(self, *, dice: bool = True) -> dict[str, Any]:
        return {
            "point": encode(self.point, "point"),
            "turn": self.turn,
            "phase": self.phase,
            "rolls": self.rolls,
            "steps": self.steps,
            "rolled": self.rolled,
            "state": encode(self.state),
            "modules": {name: encode(s, f"modules.{name}") for name, s in self.modules.items()},
            "dice": encode(self.dice, "dice") if dice and self.dice is not None else None,
            "history": list(self.history),
            "rules": dict(self.rules),
            "note": self.note,
        }

    @classmethod
    def from_json(cls, data: object, where: str) -> Start:
        """A start read back from a save or the store (outside input: every part checked)."""
        if not isinstance(data, Mapping):
            raise SnapshotError(where, "expected a snapshot (a mapping)")
        counts = {}
        for key in ("turn", "rolls", "steps", "rolled"):
            v = data.get(key)
            if type(v) is not int or v < 0:
                raise SnapshotError(f"{where}.{key}", f"expected a whole number, found {_short(v)}")
            counts[key] = v
        phase, note, history, rules = data.get("phase"), data.get("note", ""), data.get("history", []), data.get("rules", {})
        if not isinstance(phase, str) or not isinstance(note, str):
            raise SnapshotError(where, "expected its phase and note as text")
        if not isinstance(history, list) or not isinstance(rules, Mapping) or not all(isinstance(k, str) and type(v) is int for k, v in rules.items()):
            raise SnapshotError(where, "expected its history as a list and its rules as {name: revision}")
        modules = data.get("modules", {})
        if not isinstance(modules, Mapping):
            raise SnapshotError(f"{where}.modules", "expected each module's state by name")
        return cls(
            point=decode(data.get("point"), f"{where}.point"),
            phase=phase,
            state=decode(data.get("state"), f"{where}.state"),
            modules={str(k): decode(v, f"{where}.modules.{k}") for k, v in modules.items()},
            dice=decode(data.get("dice"), f"{where}.dice"),
            history=tuple(history),
            rules=dict(rules),
            note=note,
            **counts,
        )
