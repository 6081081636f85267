"""Naval Warhammer's fleets in the lobby's builder (``core.capabilities.Builder``).

The lobby builds a fleet file in a generic form the catalogue describes: the fleet's name, army
and the points limit it is built to (a game takes it only at that limit or more: option
``points_limit``, NW-SHIP-2); its ships by size (NW-SHIP-2), each with its way of moving, boats, upgrades
(NW-UPG-*, by count, only those its size may carry) and crew (the army list's choices, NW-SLOT-*,
each with the options its entry allows).  Every number the form shows comes from the tables the
checks use (``data.SIZES``, ``data.UPGRADES``, ``armies``), and the check is the one
``grapeshot fleet check`` runs (:func:`fleets.read_fleet`), with the points of each ship and
crew choice by its path, so the page can show them as the fleet grows.

A scenario's seats each bring a fleet (``fleets[i].fleet``: a built-in name, a file or a fleet in
place); a built fleet replaces it in place, on the seat's placements, with more between them
when the built fleet has more ships than the scenario placed (``core.scenario.more_places``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from grapeshot.core.capabilities import Builder, Checked, DocumentPage, Printables
from grapeshot.core.names import MAX_NAME
from grapeshot.core.scenario import Scenario, more_places
from grapeshot.rulesets.navalwarhammer.armies import ARMIES, UnitEntry
from grapeshot.rulesets.navalwarhammer.data import BELOW_DECKS, MAX_POINTS, MOUNTS, POINTS_LIMIT, SIZE_ORDER, SIZES, UPGRADES, Propulsion, Size
from grapeshot.rulesets.navalwarhammer.fleets import BOAT_SIZE, FleetSpec, builtin_fleet, read_fleet, summary


def _field(name: str, label: str, kind: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "label": label, "kind": kind, **{k: v for k, v in more.items() if v is not None}}


def _crew_item(u: UnitEntry) -> dict[str, Any]:
    """One choice of an army list as a ship's crew list offers it: what it costs, its slot, the
    places it takes, and the options its entry allows (a lower deck where its troop type may go
    below; a ship without one refuses it, NW-CREW-2)."""
    low, high = u.size
    value: dict[str, Any] = {"unit": u.name}
    fields: list[dict[str, Any]] = []
    if (low, high) != (1, 1):
        value["models"] = low
        fields.append(_field("models", "models", "int", min=low, max=high, default=low))
    for key, price, words in (("champion", u.champion, "champion"), ("musician", u.musician, "musician"), ("standard", u.standard, "standard bearer")):
        if price is not None:
            fields.append(_field(key, f"{words} (+{price})", "bool"))
    if u.first_mate:
        fields.append(_field("first_mate", "First Mate", "bool", rule="NW-UPG-7"))
    if u.is_character:
        fields.append(_field("admiral", "admiral", "bool", rule="NW-SHIP-4"))
    if u.wizard is not None:
        fields.append(_field("level", f"wizard level (+{u.level_points} a level)", "int", min=u.wizard[0], max=u.wizard[1], default=u.wizard[0]))
    if u.machine is not None:
        value["mount"] = "bow"
        fields.append(_field("mount", "mounted at", "choice", choices=[{"value": m, "label": m} for m in MOUNTS], default="bow", rule="NW-CANNON-2"))
    elif u.troop in BELOW_DECKS:
        fields.append(_field("deck", "deck", "choice", choices=[{"value": d, "label": d} for d in ("upper", "lower")], default="upper", rule="NW-CREW-2"))
    each = "" if (low, high) == (1, 1) else " a model"
    return {
        "label": u.name,
        "group": u.army,
        "points": f"{u.points}{each}",
        "note": f"{u.slot.value}, {u.troop.value}, {u.capacity} place(s) each" + (f", {low} to {high or 'any'} models" if each else ""),
        "rule": "NW-SLOT-1" if u.slot.value in ("special", "rare") else None,
        "value": value,
        "form": {"fields": fields, "lists": []},
    }


def _ship_item(size: Size) -> dict[str, Any]:
    """A ship of one size: its cost, capacity and slots, and the form of its fields, upgrades and crew."""
    spec = SIZES[size]
    upgrades = [
        {"key": u.key, "label": u.title, "points": str(u.cost[size]), "max": u.per_ship[size], "rule": u.rule}
        for u in UPGRADES.values()
        if u.cost[size] is not None and u.per_ship[size] > 0
    ]
    fields = [
        _field("name", "name", "text", required=True, max=MAX_NAME),
        _field(
            "propulsion",
            "moves by",
            "choice",
            choices=[{"value": p.value, "label": p.value} for p in Propulsion if p is not Propulsion.STEAM],
            default="sail",
            rule="NW-MOVE-1",
        ),
        _field("overcrowded", "overcrowded (twice the places of a normal ship of her size; castles once)", "bool", rule="NW-CROWD-1"),
    ]
    if spec.boats:
        fields.append(_field("boats", f"boats ({SIZES[BOAT_SIZE].points} each)", "int", min=0, max=spec.boats, default=0, rule="NW-LAUNCH-1"))
    return {
        "label": f"{size.value} ship",
        "points": str(spec.points),
        "note": f"{spec.capacity} places, minimum crew {spec.minimum_crew}, {spec.specials} special and {spec.rares} rare choice(s)",
        "rule": "NW-SHIP-2",
        "value": {"size": size.value},
        "form": {
            "fields": fields,
            "lists": [
                {"name": "upgrades", "label": "upgrades", "style": "counts", "items": upgrades},
                {"name": "crew", "label": "crew", "style": "entries", "match": "unit", "group_by": "army", "items": "crew"},
            ],
        },
    }


def catalogue() -> dict[str, Any]:
    """The builder's form of a fleet file: every ship size, upgrade and army-list choice."""
    return {
        "kind": "fleet",
        "title": "fleet",
        "items": {"crew": [_crew_item(u) for army in ARMIES.values() for u in army.units]},
        "blank": {"name": "My fleet", "army": next(iter(ARMIES)), "points": POINTS_LIMIT, "ships": []},
        "form": {
            "fields": [
                _field("name", "name", "text", max=MAX_NAME),
                _field("army", "army", "choice", choices=[{"value": a.key, "label": a.name} for a in ARMIES.values()]),
                _field("points", "points limit", "int", min=1, max=MAX_POINTS, default=POINTS_LIMIT, rule="NW-SHIP-2"),
            ],
            "lists": [{"name": "ships", "label": "ships", "style": "entries", "match": "size", "items": [_ship_item(s) for s in SIZE_ORDER]}],
        },
    }


def _points(fleet: FleetSpec, data: object) -> dict[str, int]:
    """Each part's points by its path, where the parts read match the file's one for one."""
    out = {"": fleet.points}
    raw_ships = data.get("ships") if isinstance(data, Mapping) else None
    if not isinstance(raw_ships, list) or len(raw_ships) != len(fleet.ships):
        return out
    for i, (ship, raw) in enumerate(zip(fleet.ships, raw_ships, strict=True)):
        out[f"ships[{i}]"] = ship.points
        crew = raw.get("crew") if isinstance(raw, Mapping) else None
        if isinstance(crew, list) and len(crew) == len(ship.crew):
            for j, c in enumerate(ship.crew):
                out[f"ships[{i}].crew[{j}]"] = c.points
    return out


def check(data: object) -> Checked:
    """The check of ``grapeshot fleet check`` on a fleet's data, with its points part by part."""
    fleet, problems = read_fleet(data, "fleet")
    if fleet is None:
        return Checked(tuple(problems))
    return Checked(tuple(problems), summary(fleet), _points(fleet, data))


def seats(scenario: Scenario) -> dict[str, object]:
    """The fleet each seat of a scenario brings, as data (a built-in one by its name; a fleet file
    the scenario file named was read into it when the scenario was read)."""
    out: dict[str, object] = {}
    for entry in scenario.fleets:
        seat, ref = entry.get("seat"), entry.get("fleet")
        if not isinstance(seat, str):
            continue
        if isinstance(ref, Mapping):
            out[seat] = copy.deepcopy(dict(ref))
        elif isinstance(ref, str):
            try:
                out[seat] = builtin_fleet(ref)
            except ValueError:
                continue
    return out


def place(scenario: Scenario, by_seat: Mapping[str, object]) -> dict[str, Any]:
    """The scenario's data with the built fleets in their seats, in place, on the seat's placements."""
    data = copy.deepcopy(dict(scenario.raw))
    for entry in data.get("fleets", []):
        fleet = by_seat.get(entry.get("seat"))
        if fleet is None:
            continue
        entry["fleet"] = copy.deepcopy(fleet)
        ships = fleet.get("ships") if isinstance(fleet, Mapping) else None
        given = entry.get("placement")
        if isinstance(ships, list) and isinstance(given, list) and given and all(isinstance(p, Mapping) for p in given):
            entry["placement"] = more_places(given, len(ships))
    return data


def render(data: object) -> str:
    """The printable roster of a legal fleet's data."""
    from grapeshot.rulesets.navalwarhammer.roster import roster_page

    fleet, problems = read_fleet(data, "fleet")
    if problems or fleet is None:
        raise ValueError(f"not a legal fleet ({len(problems)} problem(s)); first: {problems[0].text()}")
    return roster_page(fleet)


BUILDER = Builder(catalogue=catalogue, check=check, seats=seats, place=place)
#: Naval Warhammer's printable pages (the ``printables()`` capability): a fleet's roster
PRINTABLES = Printables((DocumentPage("roster", "roster", "fleet", render),))
