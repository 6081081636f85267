"""Actions: what a seat submits.  Typed, frozen dataclasses with a JSON form.

Each action class is registered under a ``kind`` in a **namespace**: ``core`` for the actions
every game knows (typed dice, re-rolls), a rule set's name for its own (``jimlad``: ``fire``,
``orders``), a module's name for a module's.  Two rule sets may therefore both have a ``board``.
On the wire a rule set's own kinds and the core's are written bare (``{"kind": "fire"}``: they
are the game's), a module's are qualified (``{"kind": "collisions.grapple"}``), so the saves and
requests of a game without modules read as they always have.  :func:`decode` resolves a bare
kind against the core first and then the namespace of the game's rule set, and checks every
field against its type, naming the field that was wrong.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeVar, Union, get_args, get_origin

from grapeshot.core.errors import IllegalAction

A = TypeVar("A", bound="Action")

CORE = "core"

#: qualified kind (``namespace.kind``) -> class
_REGISTRY: dict[str, type[Action]] = {}
#: namespaces whose kinds are written qualified on the wire (the modules')
_QUALIFIED: set[str] = set()


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses are registered with :func:`action`."""

    kind: ClassVar[str] = ""
    namespace: ClassVar[str] = CORE

    @classmethod
    def qualified(cls) -> str:
        """The kind with its namespace, unique across every rule set and module."""
        return f"{cls.namespace}.{cls.kind}"

    @classmethod
    def wire_kind(cls) -> str:
        """The kind as written in saves and requests: bare for the core and rule sets, qualified for modules."""
        return cls.qualified() if cls.namespace in _QUALIFIED else cls.kind

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.wire_kind()}
        for f in dataclasses.fields(self):
            out[f.name] = encode_value(getattr(self, f.name))
        return out


def action(kind: str, namespace: str = CORE) -> typing.Callable[[type[A]], type[A]]:
    """Register an action class under ``kind`` in ``namespace`` (a rule set's or module's name)."""
    if "." in kind or not kind:
        raise ValueError(f"action kind {kind!r}: a plain name without dots (the namespace is given apart)")

    def register(cls: type[A]) -> type[A]:
        key = f"{namespace}.{kind}"
        if key in _REGISTRY and _REGISTRY[key] is not cls:
            raise ValueError(f"action kind {key!r} registered twice")
        if namespace != CORE and f"{CORE}.{kind}" in _REGISTRY:
            raise ValueError(f"action kind {kind!r} of {namespace} would hide the core's {kind!r}")
        cls.kind = kind
        cls.namespace = namespace
        _REGISTRY[key] = cls
        return cls

    return register


def qualify_namespace(namespace: str) -> None:
    """Write this namespace's kinds qualified on the wire (a module's, which joins a host's game)."""
    _QUALIFIED.add(namespace)


def registered(namespace: str | None = None) -> dict[str, type[Action]]:
    """The registered action classes by qualified kind (of one namespace, or all)."""
    return {k: c for k, c in _REGISTRY.items() if namespace is None or c.namespace == namespace}


def resolve_kind(kind: str, namespaces: Sequence[str] = ()) -> type[Action] | None:
    """The class of a wire ``kind`` in a game whose namespaces are ``namespaces`` (its rule set
    first, then its modules).  A bare kind is the core's, else the first of ``namespaces`` that has it;
    with no namespaces given, a bare kind that only one rule set has is taken from it (a module's
    kinds are written qualified, so they never make a bare kind ambiguous)."""
    if "." in kind:
        ns = kind.split(".", 1)[0]
        if namespaces and ns not in namespaces and ns != CORE:
            return None
        return _REGISTRY.get(kind)
    core = _REGISTRY.get(f"{CORE}.{kind}")
    if core is not None:
        return core
    for ns in namespaces:
        cls = _REGISTRY.get(f"{ns}.{kind}")
        if cls is not None:
            return cls
    if namespaces:
        return None
    found = [c for k, c in _REGISTRY.items() if k.split(".", 1)[1] == kind and c.namespace not in _QUALIFIED]
    return found[0] if len(found) == 1 else None


def encode_value(v: object) -> object:
    """A field's value as JSON data: dataclasses as objects, tuples as lists (an action's parts,
    a choice's value)."""
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: encode_value(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, tuple):
        return [encode_value(x) for x in v]
    return v


def decode(data: object, namespaces: Sequence[str] = ()) -> Action:
    """Rebuild an action from its JSON form, or raise :class:`IllegalAction` naming the bad field.

    ``namespaces`` are the game's (its rule set's name first, then its modules'); see :func:`resolve_kind`.
    """
    if not isinstance(data, Mapping):
        raise IllegalAction(f"an action must be a JSON object with a 'kind', got {type(data).__name__}")
    kind = data.get("kind")
    cls = resolve_kind(kind, namespaces) if isinstance(kind, str) else None
    if cls is None:
        known = sorted({c.wire_kind() for c in _REGISTRY.values() if not namespaces or c.namespace in (CORE, *namespaces)})
        if isinstance(kind, str) and not namespaces and "." not in kind:
            both = sorted(k for k, c in _REGISTRY.items() if k.split(".", 1)[1] == kind and c.namespace not in _QUALIFIED)
            if len(both) > 1:
                raise IllegalAction(f"action kind {kind!r} is ambiguous without a game: {', '.join(both)}")
        raise IllegalAction(f"unknown action kind {kind!r}; known kinds: {', '.join(known)}")
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


@action("enter-dice", CORE)
@dataclass(frozen=True, slots=True)
class EnterDice(Action):
    """The faces of physical dice, typed by a person (companion play)."""

    text: str


@action("reroll", CORE)
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Answer a re-roll offer: re-roll one die of the roll just made (``die`` is its index),
    the whole roll (``whole``, where the grant is of the whole roll), or decline (neither)."""

    die: int | None = None
    whole: bool = False

    def __post_init__(self) -> None:
        if self.whole and self.die is not None:
            raise ValueError("re-roll either one die or the whole roll, not both")

    @property
    def takes(self) -> bool:
        """The offer is taken (not declined)."""
        return self.whole or self.die is not None

    def to_json(self) -> dict[str, Any]:
        # ``whole`` is written only when set, so a die re-roll is saved exactly as before it existed
        out: dict[str, Any] = {"kind": self.kind, "die": self.die}
        if self.whole:
            out["whole"] = True
        return out
