"""Private copies of game states, fast.

Checkpoints, copies of a game (for the search player and undo) and the odds engine's private
runs all need a state that shares nothing mutable with the original.  :func:`copy.deepcopy`
does that but slowly; :func:`clone` does the same for the shapes game states are made of:
lists, dicts and sets are copied, mutable dataclasses are copied field by field (one
straight-line function per class, built the first time it is met), and immutable values
(numbers, strings, enums, frozen dataclasses, tuples and named tuples, the geometry's hulls, poses, polygons and
tables) are shared.  Tuples are shared whole: states only fill them with immutable values.

A rule set whose state holds another immutable type registers it with :func:`share`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any, TypeVar, cast

from grapeshot.geometry import Facing, Hull, Polygon, Pose, Table, Vec

T = TypeVar("T")

#: values shared as they are (never changed in place)
_ATOMIC: set[type] = {str, int, float, bool, type(None), tuple, frozenset, bytes, Hull, Facing, Vec, Pose, Table, Polygon}
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def share(*kinds: type) -> None:
    """Declare types whose values are never changed in place, so clones share them."""
    _ATOMIC.update(kinds)
    for k in kinds:
        _COPIERS.pop(k, None)


def clone(state: T) -> T:
    """A deep copy of a game state (see the module's docstring for what is shared)."""
    return cast(T, _copy(state))


def _copy(obj: Any) -> Any:
    kind = type(obj)
    if kind in _ATOMIC:
        return obj
    fn = _COPIERS.get(kind)
    if fn is None:
        fn = _COPIERS[kind] = _copier(kind)
    return fn(obj)


def _same(obj: Any) -> Any:
    return obj


def _copier(kind: type) -> Callable[[Any], Any]:
    atomic = _ATOMIC
    if kind is list:
        return lambda o: [x if type(x) in atomic else _copy(x) for x in o]
    if kind is dict:
        return lambda o: {k: v if type(v) in atomic else _copy(v) for k, v in o.items()}
    if kind is set:
        return set
    if issubclass(kind, (Enum, tuple)):  # a named tuple is a tuple: shared whole, like any tuple
        atomic.add(kind)
        return _same
    if is_dataclass(kind):
        if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            atomic.add(kind)
            return _same
        # one straight-line function per class: a field at a time, shared if atomic, else copied
        lines = ["def copy_dataclass(o):", "    n = new(kind)"]
        for f in fields(kind):
            lines.append(f"    v = o.{f.name}")
            lines.append(f"    put(n, {f.name!r}, v if type(v) in atomic else copy(v))")
        lines.append("    return n")
        scope: dict[str, Any] = {"new": kind.__new__, "kind": kind, "put": object.__setattr__, "atomic": atomic, "copy": _copy}
        exec("\n".join(lines), scope)
        return cast(Callable[[Any], Any], scope["copy_dataclass"])
    return copy.deepcopy
