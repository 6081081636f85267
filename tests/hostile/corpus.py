"""The hostile-input corpus: what a hostile user sent the web table and the command line.

Each example is named, with words its refusal must contain.  The server tests send every one
and expect a 4xx naming the problem and nothing stored; the command-line tests feed the same
texts as files and expect a one-line error and a non-zero exit, never a traceback.
:data:`BAD_FILES` are paths no command may read (binary, too deep, too big, a FIFO, a device, a
folder, nothing, keys given twice, aliases), fed to every file argument of every command.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

RULESETS = Path(__file__).parents[2] / "src/grapeshot/rulesets"
DUEL = (RULESETS / "jimlad/scenarios/duel.yaml").read_text()
NW_DUEL = (RULESETS / "navalwarhammer/scenarios/duel.yaml").read_text()
WS_DUEL = (RULESETS / "woodenships/scenarios/ship-duel.yaml").read_text()
EMPIRE = yaml.safe_load((RULESETS / "navalwarhammer/fleets/empire-1000.yaml").read_text())


def armada(points: object = 100_000) -> dict[str, Any]:
    """A legal Naval Warhammer fleet of 3,275 points that says it is built to ``points``: the
    Empire's patrol with ten more escorts.  A fleet that set its own limit would play the
    1,000-point duel with it."""
    escort = EMPIRE["ships"][1]
    ships = [EMPIRE["ships"][0], *(dict(copy.deepcopy(escort), name=f"Kestrel {n}") for n in range(1, 12))]
    return {"name": "Grand Armada", "army": "empire", "points": points, "ships": ships}


#: what the armada costs (NW-SHIP-2): the refusal names it beside the duel's limit
ARMADA_COST = 3275


def nw_duel_with(fleet: dict[str, Any]) -> str:
    """The Naval Warhammer duel with red's fleet written in place, a place on the table for each of
    its ships (so a fleet over the limit is refused for that alone)."""
    data = yaml.safe_load(NW_DUEL)
    ships = fleet.get("ships") if isinstance(fleet.get("ships"), list) else []
    places = [{"x": 12, "y": 28, "heading": 0}, *({"x": 6 + 10 * (i % 3), "y": (4, 9, 14, 19, 37, 42)[i // 3], "heading": 0} for i in range(len(ships) - 1))]
    data["fleets"][0] = {"seat": "red", "fleet": fleet, "placement": places}
    return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000))


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
    # a merge key brings in keys the check of keys given twice never saw: width twice here
    ("a merge key", DUEL.replace("table: {width: 120,", "table: {<<: {width: 60}, width: 120,"), "without merge keys (<<)"),
    # YAML 1.1's numbers no one types: 2:00 is 120 in base 60, 0120 is 80 in octal
    ("a number in base 60", DUEL.replace("width: 120", "width: 2:00"), "table.width: expected a width in inches between 12 and 600, got '2:00'"),
    ("a number with a leading zero", DUEL.replace("width: 120", "width: 0120"), "table.width: expected a width in inches between 12 and 600, got '0120'"),
    # names: one limit and one cleaning rule, wherever a person's text becomes a name
    ("a ship's name of 200,000 characters", DUEL.replace("Da Big Smasha", "x" * 200_000), "not text of 200000 characters"),
    ("a control character in a ship's name", DUEL.replace("name: Da Big Smasha", 'name: "Da\\aBig"'), "the control character U+0007 at position 3"),
    ("a direction override in a seat's name", DUEL.replace("name: Red Kaptin", 'name: "Red \\u202eKaptin"'), "the control character U+202E"),
    ("a seat's name with a space at its end", DUEL.replace("name: Red Kaptin", 'name: "Red Kaptin "'), "spaces at its start or end"),
    ("a scenario's name of 200,000 characters", DUEL.replace("name: duel", "name: " + "d" * 200_000), "name: expected a name: text of 1 to 100 characters"),
    ("a title with a newline in it", DUEL.replace("title: Duel on da Oshun", 'title: "Duel\\non da Oshun"'), "U+000A"),
    (
        "a terrain's name of a bell",
        DUEL.replace("seats:", 'terrain: [{kind: island, name: "\\a", circle: {center: [60, 36], radius: 3}}]\nseats:', 1),
        "U+0007",
    ),
    ("a number for a name", DUEL.replace("name: Da Big Smasha", "name: -5"), "not -5, which is read as a number (quote it to make it a name)"),
    # modules: only those installed, only those its rule set hosts
    ("a module that does not exist", DUEL + "modules: [nosuch]\n", "modules[0]: expected an installed rule module (collisions"),
    ("a module its rule set cannot host", DUEL + "modules: [collisions]\n", "can host"),
    # Naval Warhammer: the scenario sets the points limit, not a seat's fleet
    (
        "a fleet that sets its own points limit",
        nw_duel_with(armada()),
        f"points limit of 1000 (NW-SHIP-2, option points_limit), not one that costs {ARMADA_COST} points",
    ),
    ("a fleet built to a bigger game", nw_duel_with(dict(EMPIRE, points=2000)), "not one built to 2000 points"),
    ("a fleet's points limit of 40 digits", nw_duel_with(armada(10**39)), "a whole number from 1 to 100000, got 1000000000000000000000000000000000000000"),
    (
        "a Naval Warhammer ship's name of 200,000 characters",
        nw_duel_with(dict(EMPIRE, ships=[dict(EMPIRE["ships"][0], name="S" * 200_000)])),
        "not text of 200000 characters",
    ),
    # Wooden Ships: a number where one is wanted is refused without "between None and None"
    ("sections that are no number", WS_DUEL.replace("sections: 3", "sections: three", 1), "sections: expected a whole number, got 'three'"),
    ("a Wooden Ships figure named with a tab", WS_DUEL.replace("name: Captain Flint", 'name: "Captain\\tFlint"'), "U+0009"),
]

#: the scenario texts whose problem is found as the file is read (before any game is set up):
#: the lobby's reading of an uploaded file refuses them too
READ_TEXTS = [
    c
    for c in SCENARIO_TEXTS
    if c[0]
    in (
        "a merge key",
        "a number in base 60",
        "a module that does not exist",
        "a direction override in a seat's name",
        "a scenario's name of 200,000 characters",
    )
]
READ_TEXTS += [
    ("a module its rule set cannot host", DUEL + "modules: [collisions]\n", "the rule set 'jimlad' cannot host the module 'collisions'; it can host none")
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

#: new games refused naming the part of the request at fault: (name, body, status, field, words)
FIELD_REFUSALS: list[tuple[str, dict[str, Any], int, str, str]] = [
    # a module switch must change something, on a module the rule set can host
    ("a switch off of a module not in play", {"scenario": "duel", "modules": {"collisions": False}}, 400, "modules.collisions", "changes nothing"),
    (
        "a switch on of a module already in play",
        {"ruleset": "woodenships", "scenario": "wreck", "modules": {"collisions": True}},
        400,
        "modules.collisions",
        "the scenario already plays 'collisions'",
    ),
    ("a switch of a module the rule set cannot host", {"scenario": "duel", "modules": {"collisions": True}}, 400, "modules.collisions", "cannot host"),
    ("a switch of a module that does not exist", {"scenario": "duel", "modules": {"nosuch": True}}, 400, "modules.nosuch", "unknown rule module 'nosuch'"),
    (
        "one module switched twice",
        {"ruleset": "woodenships", "scenario": "wreck", "modules": {"collisions": False, "Collisions": False}},
        400,
        "modules.Collisions",
        "switched twice",
    ),
    # a built fleet in a seat plays at the scenario's points limit, whatever it says of itself
    (
        "a built fleet that sets its own points limit",
        {"ruleset": "navalwarhammer", "scenario": "duel", "fleets": {"red": armada()}},
        400,
        "fleets.red",
        f"points limit of 1000 (NW-SHIP-2, option points_limit), not one that costs {ARMADA_COST} points",
    ),
    (
        "a built fleet built to a bigger game",
        {"ruleset": "navalwarhammer", "scenario": "duel", "fleets": {"red": dict(EMPIRE, points=2000)}},
        400,
        "fleets.red",
        "not one built to 2000 points",
    ),
    (
        "a built fleet of a 40-digit points limit",
        {"ruleset": "navalwarhammer", "scenario": "duel", "fleets": {"red": armada(10**39)}},
        400,
        "fleets.red",
        "a whole number from 1 to 100000",
    ),
    (
        "a built fleet's name of 200,000 characters",
        {"ruleset": "navalwarhammer", "scenario": "duel", "fleets": {"red": dict(EMPIRE, name="F" * 200_000)}},
        400,
        "fleets.red",
        "not text of 200000 characters",
    ),
    (
        "a built Wooden Ships ship named with a bell",
        {
            "ruleset": "woodenships",
            "scenario": "ship-duel",
            "fleets": {"red": {"name": "x", "ships": [{"name": "Swan\a", "type": "narrow", "crew": [{"kind": "captain"}]}]}},
        },
        400,
        "fleets.red",
        "U+0007",
    ),
    # a set-up error names the scenario it is in, never the id of a game that was never stored
    (
        "a set-up error in an uploaded scenario",
        {"scenario_yaml": DUEL.replace("x: 16,", "x: 500,")},
        400,
        "scenario_yaml",
        "scenario_yaml: uploaded scenario: fleets[0].ships[0]",
    ),
    ("a house rule of the wrong kind", {"options": {"turn_limit": "-5"}}, 400, "options.turn_limit", "expected a whole number"),
]

#: fleet files a person builds or uploads, each refused with words its problems name: (name, rule
#: set, the file's text, words)
FLEET_FILES: list[tuple[str, str, str, str]] = [
    ("a points limit of 40 digits", "navalwarhammer", yaml.safe_dump(armada(10**39)), "a whole number from 1 to 100000"),
    ("a points limit of -5", "navalwarhammer", yaml.safe_dump(dict(EMPIRE, points=-5)), "a whole number from 1 to 100000, got -5"),
    ("a fleet's name of 200,000 characters", "navalwarhammer", yaml.safe_dump(dict(EMPIRE, name="F" * 200_000)), "not text of 200000 characters"),
    ("a ship's name with a bell", "navalwarhammer", yaml.safe_dump(dict(EMPIRE, ships=[dict(EMPIRE["ships"][0], name="Sea\aHawk")])), "U+0007"),
    ("a ship's name of a number", "navalwarhammer", yaml.safe_dump(dict(EMPIRE, ships=[dict(EMPIRE["ships"][0], name=-5)])), "quote it to make it a name"),
    (
        "a Wooden Ships fleet's name with a newline",
        "woodenships",
        yaml.safe_dump({"name": "Swan\nFleet", "ships": [{"name": "Swan", "type": "narrow", "crew": [{"kind": "captain"}]}]}),
        "U+000A",
    ),
    (
        "Wooden Ships sections that are no number",
        "woodenships",
        yaml.safe_dump({"name": "Swans", "ships": [{"name": "Swan", "type": "narrow", "sections": "three", "crew": [{"kind": "captain"}]}]}),
        "expected a whole number, got three",
    ),
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
