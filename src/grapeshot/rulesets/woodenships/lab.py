"""What the balance lab pairs and varies in Wooden Ships: fleets of one ship type at equal cost,
with a mix of weapons, and changes of the ship table.

**Factions** (:data:`FACTIONS`). Each is a fleet of :data:`BUDGET` points by the cost column
(WS-SHIP-2) and :data:`CREW` figures (WS-FIG-1): one wide ship of three sections, one narrow ship
of five, three small ships or catamarans of 12 points, four rafts of 9, nine sailboats, twelve
canoes or twelve rowboats; a captain on each, the rest men shared out over the decks.  Each
comes with the ``mixed`` weapons (every other figure a rifle, the rest a pistol and a sword);
the narrow fleet also comes ``-rifles`` (a rifle each, fighting with its bayonet) and
``-blades`` (a sword and an axe each).  :meth:`WoodenShipsLab.assign` rewrites a seat's fleet
of a scenario into one of these, in a block of columns round where its first ship lay, facing
the way it faced.  Guns are left out: the cost column does not price them.  It also takes the
fleet of one type a budget buys, named ``<type>@<points>`` (``canoe@24``), which the points
calibration plays (:mod:`.calibration`).

**Changes** a sweep may make: ``ship.<type>.ram=<n>`` (what its ram adds to the D6) and
``ship.<type>.per_section=<n>`` (a wide or narrow ship's hit points a section), put in force in
:data:`~grapeshot.rulesets.woodenships.data.SHIP_TYPES` for one game (:meth:`in_force`).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from grapeshot.core.capabilities import TableChange
from grapeshot.rulesets.woodenships.data import SHIP_TYPES, ShipType

if TYPE_CHECKING:
    from grapeshot.core.game import Game

#: the points and the figures of every faction's fleet
BUDGET = 36
CREW = 12
#: the weapons of each mix, for the figures in turn
MIXES: dict[str, tuple[tuple[str, ...], ...]] = {
    "mixed": (("rifle",), ("pistol", "sword")),
    "rifles": (("rifle",),),
    "blades": (("sword", "axe"),),
}
#: ship fields a sweep may change, with their types
SHIP_FIELDS: dict[str, type] = {"ram": int, "per_section": int}


@dataclasses.dataclass(frozen=True, slots=True)
class Fleet:
    """A faction's fleet: so many ships of one type (of ``sections``, or ``hit_points`` for a
    boat whose points are chosen), and its weapons."""

    type: str
    ships: int
    sections: int = 2
    hit_points: int | None = None
    mix: str = "mixed"

    def cost(self) -> int:
        kind = SHIP_TYPES[self.type]
        return self.ships * kind.cost(self.sections, kind.hit_points(self.sections, self.hit_points))


def fleet_for(type_: str, budget: int, mix: str = "mixed") -> Fleet:
    """The fleet of one ship type that spends ``budget`` points (as near as its costs allow, not
    over): one big ship of as many sections as the budget buys (2 to 5), else as many boats of
    the most points their type allows as the budget buys."""
    kind = SHIP_TYPES[type_]
    if kind.per_section is not None:
        sections = max(2, min(5, (budget - kind.cost_base) // kind.cost_per_section))
        return Fleet(type_, 1, sections, None, mix)
    assert kind.points is not None
    points = kind.points[1]
    each = kind.cost(2, points)
    return Fleet(type_, max(1, budget // each), 2, points if kind.points[0] != kind.points[1] else None, mix)


def _factions() -> dict[str, Fleet]:
    out = {t: fleet_for(t, BUDGET) for t in SHIP_TYPES}
    out["narrow-rifles"] = dataclasses.replace(out["narrow"], mix="rifles")
    out["narrow-blades"] = dataclasses.replace(out["narrow"], mix="blades")
    return out


FACTIONS: dict[str, Fleet] = _factions()


def bought_name(type_: str, budget: int) -> str:
    """The faction name of the fleet of one type that ``budget`` points buy (:func:`fleet_for`),
    as the points calibration puts it on a seat: ``canoe@24``."""
    return f"{type_}@{budget}"


def fleet_named(name: str) -> Fleet | None:
    """The fleet a faction name stands for: one of :data:`FACTIONS`, or a fleet bought for a
    budget (``canoe@24``); ``None`` for a name that is neither."""
    if name in FACTIONS:
        return FACTIONS[name]
    type_, at, budget = name.partition("@")
    if at and type_ in SHIP_TYPES and budget.isdigit() and int(budget) > 0:
        return fleet_for(type_, int(budget))
    return None


def ships_of(fleet: Fleet, name: str, x: float, y: float, heading: float, crew: int = CREW) -> list[dict[str, Any]]:
    """The scenario entries of a fleet laid out round (x, y) facing ``heading``: columns of up to
    six abreast, one behind another; a captain aboard each, the other figures shared round."""
    kind: ShipType = SHIP_TYPES[fleet.type]
    length = kind.length * fleet.sections if kind.per_section is not None else kind.length
    per_column = 6
    columns = math.ceil(fleet.ships / per_column)
    across, behind = kind.width + 1.5, length + 2.0
    r = math.radians(heading)
    fwd, port = (math.cos(r), math.sin(r)), (-math.sin(r), math.cos(r))
    mix = MIXES[fleet.mix]
    men = max(0, crew - fleet.ships)
    out: list[dict[str, Any]] = []
    k = 0  # the figures armed so far, for the mix
    for i in range(fleet.ships):
        col, row = divmod(i, per_column)
        in_col = min(per_column, fleet.ships - col * per_column)
        a = -(col - (columns - 1) / 2.0) * behind
        b = (row - (in_col - 1) / 2.0) * across
        aboard = men // fleet.ships + (1 if i < men % fleet.ships else 0)
        called = f"{name} {i + 1}" if fleet.ships > 1 else name
        figures = [{"name": f"{called} captain", "kind": "captain", "weapons": list(mix[k % len(mix)])}]
        k += 1
        for j in range(aboard):
            figures.append({"name": f"{called} man {j + 1}", "kind": "man", "weapons": list(mix[k % len(mix)])})
            k += 1
        ship: dict[str, Any] = {
            "name": called,
            "type": fleet.type,
            "x": round(x + fwd[0] * a + port[0] * b, 3),
            "y": round(y + fwd[1] * a + port[1] * b, 3),
            "heading": heading,
            "crew": figures,
        }
        if kind.per_section is not None:
            ship["sections"] = fleet.sections
        elif fleet.hit_points is not None:
            ship["hit_points"] = fleet.hit_points
        out.append(ship)
    return out


def with_fleets(data: Mapping[str, Any], by_seat: Mapping[str, Fleet | str]) -> dict[str, Any]:
    """A copy of a scenario's data with each listed seat's fleet replaced by the one given (a
    faction's name, or a :class:`Fleet`), laid round where the seat's first ship lay; the fleet
    takes the faction's name, and its pile and forts go."""
    out: dict[str, Any] = json.loads(json.dumps(dict(data)))
    for fleet in out["fleets"]:
        seat = fleet["seat"]
        if seat not in by_seat:
            continue
        given = by_seat[seat]
        spec = fleet_named(given) if isinstance(given, str) else given
        if spec is None:
            raise KeyError(f"{given!r} is no fleet: one of {', '.join(FACTIONS)}, or <type>@<points>")
        first = fleet["ships"][0]
        name = given if isinstance(given, str) else f"{spec.type} x{spec.ships}"
        fleet.clear()
        fleet.update(seat=seat, name=name, ships=ships_of(spec, f"{seat} {spec.type}", float(first["x"]), float(first["y"]), float(first["heading"])))
    return out


class WoodenShipsLab:
    """The :class:`~grapeshot.core.capabilities.Lab` of Wooden Ships."""

    faction_word = "fleet"
    faction_plural = "fleets"
    objectives: tuple[str, ...] = ("last-side-standing", "points")
    tables: tuple[str, ...] = ("ship",)
    scenario = "ship-duel"

    def factions(self) -> tuple[str, ...]:
        return tuple(FACTIONS)

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        return with_fleets(scenario, by_seat)

    def faction_of(self, game: Game, seat: str) -> str | None:
        for fleet in game.scenario.fleets:
            if fleet.get("seat") == seat and fleet_named(str(fleet.get("name"))) is not None:
                return str(fleet["name"])
        return None

    def changes_help(self) -> str:
        return f"ship.<type>.<field>=<whole number> with a type of {', '.join(SHIP_TYPES)} and a field of {', '.join(SHIP_FIELDS)}"

    def change(self, key: str, value: object) -> TableChange:
        """A checked change of the ship table; ``ValueError`` says what is allowed."""
        bits = key.split(".")
        if len(bits) != 3 or bits[0] != "ship":
            raise ValueError(f"{key!r}: expected ship.<type>.<field>")
        _, type_, field = bits
        if type_ not in SHIP_TYPES:
            raise ValueError(f"ship.{type_}: unknown ship type; known: {', '.join(SHIP_TYPES)}")
        if field not in SHIP_FIELDS:
            raise ValueError(f"{key}: a ship type's changeable fields are {', '.join(SHIP_FIELDS)}")
        if type(value) is not int:
            raise ValueError(f"{key}={value!r}: expected a whole number")
        if field == "per_section" and (SHIP_TYPES[type_].per_section is None or not 1 <= value <= 30):
            raise ValueError(f"{key}: only wide and narrow ships have hit points a section, 1 to 30")
        return TableChange(key, value)

    def in_force(self, changes: Sequence[TableChange]) -> AbstractContextManager[None]:
        return ship_changes(changes)


@contextmanager
def ship_changes(changes: Sequence[TableChange]) -> Iterator[None]:
    """The ship table with changes in force, restored on the way out."""
    saved = dict(SHIP_TYPES)
    try:
        for c in changes:
            _, type_, field = c.key.split(".")
            setting: dict[str, Any] = {field: int(c.value)}
            if field == "ram":
                setting["ram_sheet"] = SHIP_TYPES[type_].ram_sheet + int(c.value) - SHIP_TYPES[type_].ram
            SHIP_TYPES[type_] = dataclasses.replace(SHIP_TYPES[type_], **setting)
        yield
    finally:
        SHIP_TYPES.clear()
        SHIP_TYPES.update(saved)


LAB = WoodenShipsLab()
