"""The hostile-input corpus: what a hostile user sent the web table and the command line.

Each example is named, with words its refusal must contain.  The server tests send every one
and expect a 4xx naming the problem and nothing stored; the command-line tests feed the same
texts as files and expect a one-line error and a non-zero exit, never a traceback.
:data:`BAD_FILES` are paths no command may read (binary, too deep, too big, a FIFO, a device, a
folder, nothing, keys given twice, aliases), fed to every file argument of every command.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DUEL = (Path(__file__).parents[2] / "src/grapeshot/rulesets/jimlad/scenarios/duel.yaml").read_text()


def laughs(levels: int = 9) -> str:
    """A "billion laughs" YAML bomb: each level repeats the last nine times (about 600 bytes)."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def seats(n: int) -> str:
    listed = ", ".join(f"{{id: s{i}}}" for i in range(n))
    return f"name: crowd\nruleset: jimlad\ntable: {{width: 120, height: 72}}\nseats: [{listed}]\nfleets: [{{seat: s0}}]\n"


#: scenario texts, and words their refusal names
SCENARIO_TEXTS: list[tuple[str, str, str]] = [
    ("billion laughs", laughs(), "without anchors or aliases"),
    ("one anchor", DUEL.replace("table:", "table: &t", 1), "without anchors or aliases"),
    ("merge key", DUEL + "extra: {<<: *t}\n", "without anchors or aliases"),
    ("nested 20k deep", "[" * 20_000 + "]" * 20_000, "nested at most 64 levels"),
    ("nested mappings 100k deep", "{a: " * 100_000 + "}" * 100_000, "nested at most 64 levels"),
    ("a number of 5000 digits", DUEL.replace("width: 120", "width: " + "9" * 5000), "at most 40 digits"),
    ("a date", DUEL.replace("name: duel", "name: 2024-01-01"), "a value of type date"),
    ("binary", DUEL + "blob: !!binary aGVsbG8=\n", "a value of type bytes"),
    ("a set", DUEL + "things: !!set {a, b}\n", "a value of type set"),
    ("a Python object", "!!python/object/apply:os.system ['echo pwned']\n", "valid YAML"),
    ("infinity", DUEL.replace("width: 120", "width: .inf"), "a finite number"),
    ("not a number", DUEL.replace("width: 120", "width: .nan"), "a finite number"),
    ("a key that is not text", DUEL + "7: seven\n", "keys that are text"),
    ("a control character", "\x1f", "valid YAML"),
    ("over a megabyte", "# " + "x" * (1024 * 1024 + 10) + "\n", "at most 1024 KB"),
    ("thirteen seats", seats(13), "at most 12 seats"),
    ("a list", "- a\n- b\n", "a mapping of fields"),
    ("nothing", "", "a mapping of fields"),
    ("syntax", "name: [unclosed", "valid YAML"),
    ("options twice", DUEL + "options:\n  turn_limit: 6\n", "each key once in a mapping"),
    ("a seat's field twice", DUEL.replace("- {id: red,", "- {id: red, id: blue,", 1), "each key once in a mapping"),
]

#: names a request may give for a scenario: only the catalogue's names are ever used; none reads a file
SCENARIO_NAMES: list[str] = [
    "/etc/passwd",
    "../../../../../../etc/passwd",
    "../duel",
    "duel.yaml",
    "/dev/zero",
    "/dev/stdin",
    "src/grapeshot/rulesets/jimlad/scenarios/duel.yaml",
    "brawl/../duel",
    "DUEL",
    " duel",
    "duel\x00",
    "%2e%2e%2fetc%2fpasswd",
]

#: raw request bodies for POST /api/games: (name, body, status, words)
NEW_GAME_BODIES: list[tuple[str, bytes, int, str]] = [
    ("JSON nested 100k deep", b"[" * 100_000 + b"]" * 100_000, 400, "nested at most 64 levels"),
    ("a seed of 5000 digits", b'{"seed": ' + b"9" * 5000 + b"}", 400, "at most 40 digits"),
    ("a seed of 1e400", b'{"seed": 1e400}', 400, "small enough to hold"),
    ("NaN", b'{"seed": NaN}', 400, "a JSON number"),
    ("Infinity in options", b'{"options": {"kannon_arc": Infinity}}', 400, "a JSON number"),
    ("not UTF-8", b'\xff\xfe{"seed": 1}', 400, "UTF-8"),
    ("not JSON", b"{not json", 400, "expected JSON"),
    ("a list", b"[]", 422, "must be a JSON object"),
    ("a string", b'"duel"', 422, "must be a JSON object"),
    ("a ruleset that is a number", b'{"ruleset": 5}', 422, "ruleset: Input should be a valid string"),
    ("a scenario file that is a number", b'{"scenario_yaml": 5}', 422, "scenario_yaml: Input should be a valid string"),
    ("both a name and a file", b'{"scenario": "duel", "scenario_yaml": "name: x"}', 422, "not both"),
    ("a scenario name that is a number", b'{"scenario": 5}', 422, "scenario: Input should be a valid string"),
    ("a scenario name of 1000 characters", json.dumps({"scenario": "d" * 1000}).encode(), 422, "scenario: String should have at most 64 characters"),
    ("a seed that is true", b'{"seed": true}', 422, "seed: expected a whole number"),
    ("a seed of 1.5", b'{"seed": 1.5}', 422, "seed: expected a whole number"),
    ("a seed written 1e5", b'{"seed": "1e5"}', 422, "seed: expected a whole number"),
    ("a seed of 41 digits", json.dumps({"seed": 10**40}).encode(), 400, "at most 40 digits"),
    ("a seed of 41 digits as text", json.dumps({"seed": str(10**40)}).encode(), 422, "seed: expected a whole number of at most 40 digits"),
    ("an option that is an object", b'{"options": {"turn_limit": {"a": 1}}}', 422, "options.turn_limit"),
    ("options that are a list", b'{"options": []}', 422, "options: Input should be a valid dictionary"),
    ("a seat's player that is a number", b'{"seats": {"red": 5}}', 422, "seats.red"),
    ("hotseat as text", b'{"hotseat": "yes"}', 422, "hotseat: Input should be a valid boolean"),
    ("companion as a number", b'{"companion": 1}', 422, "companion: Input should be a valid boolean"),
    ("a field nobody asked for", b'{"colour": "red"}', 422, "colour: Extra inputs are not permitted"),
    ("an unknown ruleset", b'{"ruleset": "chess"}', 400, "unknown ruleset"),
    ("a companion game of AI seats only", b'{"companion": true, "seats": {"red": "heuristic", "blue": "random"}}', 422, "needs a person at the table"),
    ("a bad option value", b'{"options": {"turn_limit": 0}}', 400, "options.turn_limit"),
    ("a key given twice", b'{"seed": 1, "seed": 2}', 400, "each key once in an object"),
]

#: seeds the table takes and keeps exactly (SQLite's integers stop at 2^63 - 1; seeds are kept as text)
GOOD_SEEDS: list[Any] = [2**63, 2**64 - 1, -(2**63) - 1, "18446744073709551615", "-5", 0]

#: {"since": ...} values that are refused before the action is looked at
BAD_SINCE: list[tuple[bytes, int, str]] = [
    (b'"abc"', 422, "since: Input should be a valid integer"),
    (b"1e400", 400, "small enough to hold"),
    (b'{"a": 1}', 422, "since: Input should be a valid integer"),
    (b"-1", 422, "since: Input should be greater than or equal to 0"),
    (b"10000000000", 422, "since: Input should be less than or equal to"),
    (b"true", 422, "since: Input should be a valid integer"),
    (b"1.5", 422, "since: Input should be a valid integer"),
    (b"NaN", 400, "a JSON number"),
]


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


# --------------------------------------------------------------------------- bad files


@dataclass(frozen=True)
class BadFile:
    """A path no command may read as its input: how to make it (at the path given), and words its
    refusal names, read as YAML (scenarios, fleets) and as JSON (saves, event logs).  ``named``:
    the words where a scenario names it as a file beside itself, if they differ."""

    name: str
    make: Callable[[Path], Path]
    yaml_words: str
    json_words: str
    named: str | None = None

    def words(self, kind: str) -> str:
        return self.json_words if kind in ("save", "log") else self.yaml_words


def _holding(content: str | bytes) -> Callable[[Path], Path]:
    def make(path: Path) -> Path:
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return make


def _sparse(size: int) -> Callable[[Path], Path]:
    """A file of ``size`` bytes that takes no room on the disk (a hole): over every limit."""

    def make(path: Path) -> Path:
        with path.open("wb") as f:
            f.truncate(size)
        return path

    return make


def _fifo(path: Path) -> Path:
    os.mkfifo(path)  # no writer: opening it to read blocks for ever
    return path


def _device(path: Path) -> Path:
    path.symlink_to("/dev/zero")  # endless: reading it fills memory
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


def _missing(path: Path) -> Path:
    return path


#: every way a file argument goes wrong, for every command that reads one (tests/hostile/test_cli_files.py)
BAD_FILES: list[BadFile] = [
    BadFile("binary", _holding(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe"), "UTF-8 text", "UTF-8 text"),
    BadFile("nested 20k deep", _holding("[" * 20_000 + "]" * 20_000), "nested at most 64 levels", "nested at most 64 levels"),
    BadFile("huge", _sparse(40 * 1024 * 1024), "a file of at most", "a file of at most"),
    BadFile("a FIFO", _fifo, "a regular file", "a regular file"),
    BadFile("a device", _device, "a regular file", "a regular file", named="a file in the scenario's folder"),
    BadFile("a directory", _folder, "a regular file", "a regular file"),
    BadFile("missing", _missing, "a file that can be opened", "a file that can be opened"),
    BadFile("duplicate keys", _holding('{"name": "a", "name": "b"}\n'), "each key once", "each key once"),
    BadFile("aliases", _holding("name: &n a\ntitle: *n\n"), "without anchors or aliases", "expected JSON"),
]
