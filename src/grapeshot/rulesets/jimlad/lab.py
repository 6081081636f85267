"""What the balance lab pairs and varies in Jim Lad: the klans, and changes of the klans' table.

A tournament pairs klans: :meth:`JimLadLab.assign` makes every ship of a seat's fleet one of
the klan given (:func:`with_klans`).  A sweep may change a klan's entry of the table
(``klan.<klan>.<field>=<value>``, or ``klan.<klan>.armour.<facing>=<delta>`` where the delta is
the change from the standard armour, 0 for none); :meth:`JimLadLab.in_force` writes the changes
into :data:`~grapeshot.rulesets.jimlad.data.KLANS` for one game and restores the table after.
The lab holds a per-process lock around it, so no two games of a process see each other's table.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from grapeshot.core.capabilities import TableChange
from grapeshot.geometry import Facing
from grapeshot.rulesets.jimlad.data import KLANS, Klan
from grapeshot.rulesets.jimlad.victory import OBJECTIVES

if TYPE_CHECKING:
    from grapeshot.core.game import Game

#: klan fields a sweep may change (``klan.<klan>.<field>=<value>``), with their types
KLAN_FIELDS: dict[str, type] = {
    "move_dice": int,
    "ram_bonus": int,
    "sails": bool,
    "reroll": bool,
    "broadside_d3": bool,
    "fore_grapeshot_only": bool,
    "manned_torpedoes": bool,
}
#: armour facings a sweep may change (``klan.<klan>.armour.<facing>=<delta>``)
ARMOUR_FACINGS = tuple(f.value for f in Facing)


def with_klans(data: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
    """A copy of a scenario's data with each listed seat's fleet (every ship of it) of the klan given.

    A ship's own klan (which would win over the fleet's) is dropped.  Raises ``KeyError`` or
    ``TypeError`` when the data has no fleets of that shape; parse the result to check it.
    """
    out: dict[str, Any] = json.loads(json.dumps(dict(data)))
    for fleet in out["fleets"]:
        if fleet["seat"] in by_seat:
            fleet["klan"] = by_seat[fleet["seat"]]
            for ship in fleet.get("ships", []):
                ship.pop("klan", None)
    return out


class JimLadLab:
    """The :class:`~grapeshot.core.capabilities.Lab` of Jim Lad."""

    faction_word = "klan"
    faction_plural = "klans"
    objectives: tuple[str, ...] = OBJECTIVES
    tables: tuple[str, ...] = ("klan",)
    scenario = "duel"

    def factions(self) -> tuple[str, ...]:
        return tuple(k.value for k in Klan)

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        return with_klans(scenario, by_seat)

    def faction_of(self, game: Game, seat: str) -> str | None:
        """The klan of the seat's fleet (a captured ship does not change what a seat brought)."""
        for fleet in game.scenario.fleets:
            if fleet.get("seat") == seat:
                return str(fleet["klan"])
        return None

    def changes_help(self) -> str:
        return f"klan.<klan>.<field>=<value> with a field of {', '.join(KLAN_FIELDS)}, or klan.<klan>.armour.<facing>=<change from the standard armour>"

    def change(self, key: str, value: object) -> TableChange:
        """A checked change of the klans' table; ``ValueError`` says what is allowed."""
        bits = key.split(".")
        if bits[0] != "klan" or len(bits) not in (3, 4):
            raise ValueError(f"{key!r}: expected klan.<klan>.<field> or klan.<klan>.armour.<facing>")
        klan, field = bits[1], ".".join(bits[2:])
        shown = TableChange(key, value).text() if isinstance(value, (int, float, bool, str)) else f"{key}={value!r}"
        if klan not in self.factions():
            raise ValueError(f"klan.{klan}: unknown klan; known: {', '.join(self.factions())}")
        if field.startswith("armour."):
            facing = field.removeprefix("armour.")
            if facing not in ARMOUR_FACINGS:
                raise ValueError(f"{shown}: the armour facings are {', '.join(ARMOUR_FACINGS)}")
            kind: type = int
        elif field in KLAN_FIELDS:
            kind = KLAN_FIELDS[field]
        else:
            raise ValueError(f"{shown}: a klan's changeable fields are {', '.join([*KLAN_FIELDS, 'armour.<facing>'])}")
        if type(value) is not kind:
            raise ValueError(f"{shown}: expected {'true or false' if kind is bool else 'a whole number'}")
        assert isinstance(value, (int, bool))
        return TableChange(key, value)

    def in_force(self, changes: Sequence[TableChange]) -> AbstractContextManager[None]:
        return klan_changes(changes)


@contextmanager
def klan_changes(changes: Sequence[TableChange]) -> Iterator[None]:
    """The klans' table with changes in force, restored on the way out."""
    if not changes:
        yield
        return
    saved = dict(KLANS)
    try:
        for c in changes:
            _, name, *field = c.key.split(".")
            klan = Klan(name)
            spec = KLANS[klan]
            if field[0] == "armour":
                facing = Facing(field[1])
                armour = {f: d for f, d in spec.armour if f is not facing}
                armour[facing] = int(c.value)
                KLANS[klan] = dataclasses.replace(spec, armour=tuple((f, d) for f, d in armour.items() if d != 0))
            else:
                setting: dict[str, Any] = {field[0]: c.value}
                KLANS[klan] = dataclasses.replace(spec, **setting)
        yield
    finally:
        KLANS.clear()
        KLANS.update(saved)


LAB = JimLadLab()
