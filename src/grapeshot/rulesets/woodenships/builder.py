"""Wooden Ships' fleets in the lobby's builder (``core.capabilities.Builder``) and as files
(``grapeshot fleet check --ruleset woodenships FILE``).

A fleet here is what a scenario's ``fleets[i]`` entry gives one seat, without the seat and the
ships' places: a name, ships by type (WS-SHIP-2) with their sections (WS-SHIP-1) or hit points,
guns (WS-GUN-*) and crews (a captain each, WS-FIG-1), and the side's share of the weapons pile
(WS-SETUP-1).  It is checked by setting it up as the game would (:func:`setup.build`, on a table
of its own with the ships side by side), so every refusal is the game's own, with the rule it
names; its cost is the cost column's (WS-SHIP-1, :func:`fleets.costs`).  Whether two fleets are
balanced is a question of the game they meet in: starting one refuses sides of unequal cost or
unequal numbers (:func:`fleets.check`), naming WS-SHIP-1 or WS-FIG-1.

A scenario's seat may take a built fleet when its entry holds only ships and a pile (no forts,
landing parties or creatures, which belong to the scenario's land and water); the built ships
take the places of the seat's ships in order, more of them placed between.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from grapeshot.core.capabilities import Builder, Checked, Problem
from grapeshot.core.errors import ScenarioError
from grapeshot.core.names import MAX_NAME
from grapeshot.core.scenario import Scenario, more_places, parse_scenario
from grapeshot.rulesets.woodenships.data import GUNS, MAX_SECTIONS, MIN_SECTIONS, PILE_KINDS, SHIP_TYPES, ShipType
from grapeshot.rulesets.woodenships.fleets import costs
from grapeshot.rulesets.woodenships.mounts import GUN_PLACES
from grapeshot.rulesets.woodenships.setup import FLEET_FIELDS, build

#: the fields a built fleet holds (a scenario's entry less its seat, forts, landing parties and creatures)
BUILT_FIELDS = ("name", "ships", "pile")
#: where a ship stands is the scenario's business, not the fleet's
PLACE_FIELDS = ("x", "y", "heading")
#: the most ships a fleet is checked with (each is set up on a table of its own size)
MOST_SHIPS = 40
RULE = re.compile(r"\bWS-[A-Z]+-\d+\b")
SEAT = "fleet"
PEOPLE = ("captain", "hero", "man", "shaman")


def _cost_words(t: ShipType) -> str:
    if t.cost_is_points:
        return "its hit points"
    return f"{t.cost_base} + {t.cost_per_section} a section" if t.cost_per_section else str(t.cost_base)


def _ship_item(t: ShipType) -> dict[str, Any]:
    fields: list[dict[str, Any]] = [{"name": "name", "label": "name", "kind": "text", "required": True, "max": MAX_NAME}]
    value: dict[str, Any] = {"type": t.name}
    if t.per_section is not None:
        value["sections"] = 3
        fields.append({"name": "sections", "label": "sections", "kind": "int", "min": MIN_SECTIONS, "max": MAX_SECTIONS, "default": 3, "rule": "WS-SHIP-1"})
    elif t.points is not None and t.points[0] != t.points[1]:
        value["hit_points"] = t.points[0]
        fields.append(
            {"name": "hit_points", "label": "hit points", "kind": "int", "min": t.points[0], "max": t.points[1], "default": t.points[0], "rule": "WS-SHIP-2"}
        )
    hp = f"{t.per_section} hit points a section" if t.per_section is not None else f"{t.points[0]} to {t.points[1]} hit points" if t.points else ""
    guns = [
        {
            "label": g,
            "value": {"kind": g, "place": "port"},
            "form": {
                "fields": [{"name": "place", "label": "at", "kind": "choice", "choices": [{"value": p, "label": p} for p in GUN_PLACES], "default": "port"}]
            },
        }
        for g in GUNS
    ]
    crew = [
        {
            "label": k,
            "value": {"kind": k} if k != "man" else {"kind": k, "count": 4},
            "note": "one a ship (WS-FIG-1)" if k == "captain" else None,
            "form": {
                "fields": [{"name": "count", "label": "how many", "kind": "int", "min": 1, "max": 50, "default": 4}]
                if k == "man"
                else [{"name": "name", "label": "name", "kind": "text", "max": MAX_NAME}]
            },
        }
        for k in PEOPLE
    ]
    return {
        "label": t.title,
        "points": _cost_words(t),
        "note": hp,
        "rule": "WS-SHIP-2",
        "value": value,
        "form": {
            "fields": fields,
            "lists": [
                {"name": "guns", "label": "guns", "style": "entries", "match": "kind", "items": guns, "rule": "WS-GUN-1"},
                {"name": "crew", "label": "crew", "style": "entries", "match": "kind", "items": crew, "rule": "WS-FIG-1"},
            ],
        },
    }


def catalogue() -> dict[str, Any]:
    """The builder's form of a fleet: ships by type with their cost, guns, crews, the pile."""
    return {
        "kind": "fleet",
        "title": "fleet",
        "items": {},
        "blank": {"name": "My fleet", "ships": [], "pile": {}},
        "form": {
            "fields": [{"name": "name", "label": "name", "kind": "text", "max": MAX_NAME}],
            "lists": [
                {"name": "ships", "label": "ships", "style": "entries", "match": "type", "items": [_ship_item(t) for t in SHIP_TYPES.values()]},
                {
                    "name": "pile",
                    "label": "weapons for the pile",
                    "style": "counts",
                    "items": [{"key": k, "label": k, "max": 50} for k in PILE_KINDS],
                    "rule": "WS-SETUP-1",
                },
            ],
        },
    }


def _problem(err: ScenarioError) -> Problem:
    found = RULE.search(err.expected)
    got = "" if err.got is None else f", got {str(err.got)[:80]}"
    return Problem(found.group(0) if found else None, err.field.removeprefix("fleets[0]."), f"expected {err.expected}{got}")


def _game_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """A scenario of one seat whose fleet is ``data``, its ships side by side on a table that holds them."""
    from grapeshot.rulesets.woodenships import WOODENSHIPS

    entry: dict[str, Any] = {"seat": SEAT, **copy.deepcopy(dict(data))}
    ships = entry.get("ships")
    y, width = 2.0, 10.0
    if isinstance(ships, list):
        for s in ships:
            if isinstance(s, dict):
                t = SHIP_TYPES.get(str(s.get("type")))
                sections = s.get("sections", MIN_SECTIONS)
                long = t.length * (sections if isinstance(sections, int) and t.per_section is not None else 1) if t else 10.0
                beam = t.width if t else 6.0
                s.update(x=long / 2 + 2, y=y + beam / 2, heading=0)
                y += beam + 2
                width = max(width, long + 4)
    return {
        "name": "fleet",
        "ruleset": WOODENSHIPS.name,
        "table": {"width": round(min(max(width, 12.0), 600.0), 3), "height": round(min(max(y, 12.0), 600.0), 3)},
        "seats": [{"id": SEAT}],
        "fleets": [entry],
    }


def check(data: object) -> Checked:
    """Set the fleet up as a game would, alone on a table: the first thing refused, with its rule,
    or its cost by the cost column, ship by ship."""
    from grapeshot.rulesets.woodenships import WOODENSHIPS

    if not isinstance(data, Mapping):
        return Checked((Problem(None, "(top level)", f"a fleet is a mapping of fields {list(BUILT_FIELDS)}"),))
    for key in data:
        if key not in BUILT_FIELDS:
            return Checked((Problem(None, str(key), f"unknown field; a fleet has {list(BUILT_FIELDS)}"),))
    ships = data.get("ships")
    if not isinstance(ships, list) or not ships:
        return Checked((Problem(None, "ships", "a list of at least one ship"),))
    if len(ships) > MOST_SHIPS:
        return Checked((Problem(None, "ships", f"at most {MOST_SHIPS} ships, not {len(ships)}"),))
    for i, s in enumerate(ships):
        placed = [k for k in PLACE_FIELDS if isinstance(s, Mapping) and k in s]
        if placed:
            return Checked((Problem(None, f"ships[{i}].{placed[0]}", "a fleet's ship has no place: the scenario places it"),))
    try:
        options = WOODENSHIPS.resolve_options({}, "the fleet builder")
        shore = build(parse_scenario(_game_of(data), "fleet"), options)
    except ScenarioError as err:
        return Checked((_problem(err),))
    points = {"": costs(shore)[SEAT]["total"]}
    for i, ship in enumerate(shore.ships.values()):
        points[f"ships[{i}]"] = ship.cost
    men = sum(1 for x in shore.figures.values() if not x.animal)
    name = data.get("name") or "the fleet"
    return Checked((), f"{name}: costs {points['']} (WS-SHIP-1); {len(shore.ships)} ship(s), {men} figure(s)", points)


def _replaceable(entry: Mapping[str, Any]) -> bool:
    return all(k in (*BUILT_FIELDS, "seat") for k in entry)


def seats(scenario: Scenario) -> dict[str, object]:
    """Each seat's fleet that a built one may replace (ships and pile only), without its places."""
    out: dict[str, object] = {}
    for entry in scenario.fleets:
        seat = entry.get("seat")
        if not isinstance(seat, str) or not _replaceable(entry):
            continue
        fleet = {k: copy.deepcopy(v) for k, v in entry.items() if k in BUILT_FIELDS}
        for s in fleet.get("ships", []):
            if isinstance(s, dict):
                for k in PLACE_FIELDS:
                    s.pop(k, None)
        out[seat] = fleet
    return out


def place(scenario: Scenario, by_seat: Mapping[str, object]) -> dict[str, Any]:
    """The scenario's data with the built fleets in their seats, each ship where the seat's ship of
    the same place in order stood (more ships between them, ``core.scenario.more_places``)."""
    data = copy.deepcopy(dict(scenario.raw))
    for entry in data.get("fleets", []):
        fleet = by_seat.get(entry.get("seat"))
        if not isinstance(fleet, Mapping) or not _replaceable(entry):
            continue
        poses = [{k: s.get(k, 0) for k in PLACE_FIELDS} for s in entry.get("ships", []) if isinstance(s, Mapping)] or [{"x": 10, "y": 10, "heading": 0}]
        ships = fleet.get("ships")
        poses = more_places(poses, len(ships) if isinstance(ships, list) else 0)
        for k in BUILT_FIELDS:
            entry.pop(k, None)
        entry.update(copy.deepcopy(dict(fleet)))
        for s, pose in zip(entry.get("ships", []), poses, strict=False):
            if isinstance(s, dict):
                s.update(pose)
    return data


BUILDER = Builder(catalogue=catalogue, check=check, seats=seats, place=place)
assert set(BUILT_FIELDS) <= set(FLEET_FIELDS)
