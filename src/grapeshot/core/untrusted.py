"""Text from outside the program (saves, logs, scenarios, web requests), read within limits.

Python's own readers trust their input: ``json.loads`` turns a 5,000-digit number into an
error the caller did not expect, recurses until the interpreter gives up on deeply nested
lists, and accepts ``NaN``; ``yaml.safe_load`` expands nested aliases into gigabytes (a
"billion laughs" file of 600 bytes), builds dates, sets and bytes that JSON cannot hold; and
reading a path blocks for ever on a FIFO or fills memory from ``/dev/zero``.  Everything
grapeshot reads from a file or a request goes through here instead, so each of those ends as
one :class:`Unreadable` error (a :class:`ScenarioError`) that says where and what was wrong.

The limits are far beyond any real game: a scenario or a save is a few hundred kilobytes,
nests a handful of levels, and its numbers have a few digits (a seed at most 20).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from grapeshot.core.errors import ScenarioError

MAX_DEPTH = 64  # lists and mappings within each other
MAX_DIGITS = 40  # digits of a whole number (a 64-bit seed has 20)
MAX_SCENARIO_BYTES = 1024 * 1024
MAX_SAVE_BYTES = 32 * 1024 * 1024  # a save or an event log of a long brawl is a few MB
_TOO_BIG = 10**MAX_DIGITS
_INT, _FLOAT, _MERGE = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:merge"
_PLAIN = "text, numbers, true or false, null, lists and mappings (quote a date or the like to keep it as text)"


class Unreadable(ScenarioError):
    """Text that cannot be read as data within the limits: names the text, where, and why."""


def _short(text: str) -> str:
    return text if len(text) <= 60 else "..." + text[-57:]


def _size(n: int) -> str:
    return f"{n // 1024} KB" if n >= 1024 else f"{n} bytes"


def _deep(what: str, where: str = "(file)") -> Unreadable:
    return Unreadable(what, where, f"data nested at most {MAX_DEPTH} levels deep")


# --------------------------------------------------------------------------- JSON


class _TooLong(ValueError):
    pass


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _TooLong(f"a whole number of at most {MAX_DIGITS} digits", f"{digits} digits")
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _TooLong("a number small enough to hold", text[:30])
    return value


def _constant(text: str) -> float:
    raise _TooLong("a JSON number", text)


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys each come once: a key given twice would silently lose one value."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _TooLong("each key once in an object", f"{k!r} twice")
        out[k] = v
    return out


def loads_json(text: str | bytes, what: str) -> Any:
    """Parse JSON within the limits above into plain data; raise :class:`Unreadable` otherwise."""
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_decimal, parse_constant=_constant, object_pairs_hook=_once)
    except json.JSONDecodeError as err:
        raise Unreadable(what, f"line {err.lineno}, column {err.colno}", "JSON", err.msg) from None
    except UnicodeDecodeError as err:
        raise Unreadable(what, "(file)", "UTF-8 text", f"a byte that is not UTF-8 at {err.start}") from None
    except RecursionError:
        raise _deep(what) from None
    except _TooLong as err:
        raise Unreadable(what, "(file)", err.args[0], err.args[1]) from None
    check_tree(data, what)
    return data


def check_tree(data: object, what: str) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` or holding anything but JSON's own types
    (text keys; text, whole numbers of at most :data:`MAX_DIGITS` digits, finite numbers, true,
    false, null).  Walks without recursion, so no depth can overflow the stack."""
    stack: list[tuple[object, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, path = stack.pop()
        if depth > MAX_DEPTH:
            raise _deep(what, _short(path))
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise Unreadable(what, _short(path) or "(top level)", "keys that are text (quote the key)", k)
                stack.append((v, depth + 1, f"{path}.{k}" if path else k))
        elif isinstance(value, list):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(value))
        elif isinstance(value, bool | str) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) >= _TOO_BIG:
                raise Unreadable(what, _short(path), f"a whole number of at most {MAX_DIGITS} digits", "more digits")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise Unreadable(what, _short(path), "a finite number", value)
        else:
            raise Unreadable(what, _short(path) or "(top level)", _PLAIN, f"a value of type {type(value).__name__}")


# --------------------------------------------------------------------------- YAML


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader without anchors, aliases or merge keys, with limits on nesting and on
    numbers, and with numbers only as a person writes them (:func:`_plain_numbers`).

    An alias is the only way a small YAML text becomes a huge value, and a scenario has no use
    for one.  The composer is recursive, so the depth is counted before each nested node."""

    what = "YAML"
    depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        line = f"line {event.start_mark.line + 1}"
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise Unreadable(self.what, line, "YAML without anchors or aliases (& and *): write each value out")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _deep(self.what, line)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        """A mapping whose keys each come once (PyYAML keeps the last of a key given twice, so a
        second ``options:`` would silently replace the first)."""
        first: dict[Any, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == _MERGE:  # it would bring in keys the check below never sees
                raise Unreadable(self.what, f"line {key_node.start_mark.line + 1}", "YAML without merge keys (<<): write each key out once")
            if not isinstance(key_node, yaml.ScalarNode):
                continue  # a key that is not text is refused with the rest (check_tree)
            key = self.construct_scalar(key_node)
            line = key_node.start_mark.line + 1
            if key in first:
                raise Unreadable(self.what, f"line {line}", "each key once in a mapping", f"{key!r} again (first on line {first[key]})")
            first[key] = line
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = len(str(self.construct_scalar(node)).replace("_", "").lstrip("+-"))
        if digits > MAX_DIGITS + 2:  # room for a 0x or 0o prefix
            raise Unreadable(self.what, f"line {node.start_mark.line + 1}", f"a whole number of at most {MAX_DIGITS} digits", f"{digits} digits")
        return super().construct_yaml_int(node)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def _plain_numbers() -> None:
    """Numbers as a person means them.  YAML 1.1, which PyYAML follows, reads ``1:00`` as 60 (base
    60, for times) and ``010`` as 8 (octal); neither is a number anyone types into a scenario, so
    here both stay text (which a number field then refuses, quoting them), as YAML 1.2 and JSON
    have it.  The resolvers are PyYAML's own less those forms (``0x`` and ``0b`` keep their
    prefixes' meaning)."""
    kept = {first: [(tag, rx) for tag, rx in resolvers if tag not in (_INT, _FLOAT)] for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    _Loader.yaml_implicit_resolvers = kept
    whole = r"[-+]?0b[0-1_]+|[-+]?0|[-+]?[1-9][0-9_]*|[-+]?0x[0-9a-fA-F_]+"
    decimal = r"[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
    _Loader.add_implicit_resolver(_INT, re.compile(f"^(?:{whole})$"), list("-+0123456789"))
    _Loader.add_implicit_resolver(_FLOAT, re.compile(f"^(?:{decimal})$"), list("-+0123456789."))


_plain_numbers()


def loads_yaml(text: str, what: str) -> Any:
    """Parse YAML (JSON too) within the limits above into plain data; raise :class:`Unreadable`."""
    if len(text) > MAX_SCENARIO_BYTES:
        raise Unreadable(what, "(file)", f"YAML of at most {_size(MAX_SCENARIO_BYTES)}", f"{len(text)} characters")
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # the reader refuses control characters here already
        loader.what = what
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "(file)"
        raise Unreadable(what, where, "valid YAML", err.problem or err.context) from None
    except yaml.YAMLError as err:
        raise Unreadable(what, "(file)", "valid YAML", str(err).splitlines()[0] if str(err) else type(err).__name__) from None
    except RecursionError:
        raise _deep(what) from None
    finally:
        if loader is not None:
            loader.dispose()
    check_tree(data, what)
    return data


# --------------------------------------------------------------------------- files


def read_text(path: Path | str, what: str, limit: int) -> str:
    """A regular file's text (UTF-8), at most ``limit`` bytes.  Devices, FIFOs and folders are
    refused unread, so reading a path can neither block nor stream for ever."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise Unreadable(what, "(file)", "a file that can be opened", err.strerror) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(what, "(file)", "a regular file (not a folder, device or pipe)")
        if info.st_size > limit:
            raise Unreadable(what, "(file)", f"a file of at most {_size(limit)}", f"{info.st_size} bytes")
        with os.fdopen(os.dup(fd), "rb") as f:
            raw = f.read(limit + 1)
    except OSError as err:
        raise Unreadable(what, "(file)", "a readable file", err.strerror) from None
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise Unreadable(what, "(file)", f"a file of at most {_size(limit)}", "more")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Unreadable(what, "(file)", "UTF-8 text", f"a byte that is not UTF-8 at {err.start}") from None


def read_yaml(path: Path | str, what: str | None = None, limit: int = MAX_SCENARIO_BYTES) -> Any:
    """A YAML file (a scenario, a fleet) read as plain data within the limits: the one way
    grapeshot reads a YAML file, whoever wrote it."""
    name = str(path) if what is None else what
    return loads_yaml(read_text(path, name, limit), name)


def read_json(path: Path | str, what: str | None = None, limit: int = MAX_SAVE_BYTES) -> Any:
    """A JSON file (a save) read as plain data within the limits."""
    name = str(path) if what is None else what
    return loads_json(read_text(path, name, limit), name)


def read_event_log(path: Path | str, what: str | None = None, limit: int = MAX_SAVE_BYTES) -> list[Any]:
    """An event log (JSON Lines, as ``simulate --out`` writes it) read within the limits: one
    value a line, blank lines skipped, a bad line named by its number."""
    name = str(path) if what is None else what
    lines = read_text(path, name, limit).splitlines()
    return [loads_json(line, f"{name} line {i + 1}") for i, line in enumerate(lines) if line.strip()]


def inside(folder: Path, ref: str) -> Path | None:
    """The file ``ref`` names under ``folder`` (a path relative to it, at any depth), resolved,
    or ``None`` where it leads out: an absolute path, ``..`` past the folder, or a symbolic link
    whose target lies outside.  A scenario names only files of its own folder, so a scenario
    someone else wrote cannot make grapeshot read (and show) a file of theirs elsewhere."""
    if not ref or "\x00" in ref or Path(ref).is_absolute():
        return None
    base = folder.resolve()
    target = (base / ref).resolve()  # follows every link on the way
    return target if target.is_relative_to(base) and target != base else None
