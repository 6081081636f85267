"""What the balance lab pairs in Naval Warhammer: fleets built to points, from the built-in fleet
files (a faction is a fleet).  A tournament puts a fleet on each seat of a two-seat scenario in
place of the scenario's own; the ships take the scenario's places in order.  There are no tables
a sweep may change yet."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from grapeshot.core.capabilities import TableChange
from grapeshot.rulesets.navalwarhammer.fleets import builtin_fleets
from grapeshot.rulesets.navalwarhammer.victory import OBJECTIVES

if TYPE_CHECKING:
    from grapeshot.core.game import Game

#: the fleets a tournament pairs: the built-in fleets of 1,000 points
THOUSAND = "-1000"


class NavalLab:
    """The :class:`~grapeshot.core.capabilities.Lab` of Naval Warhammer."""

    faction_word = "fleet"
    faction_plural = "fleets"
    objectives: tuple[str, ...] = OBJECTIVES
    tables: tuple[str, ...] = ()
    scenario = "duel"

    def factions(self) -> tuple[str, ...]:
        return tuple(f for f in builtin_fleets() if f.endswith(THOUSAND))

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(json.dumps(dict(scenario)))
        for fleet in out["fleets"]:
            if fleet["seat"] in by_seat:
                fleet["fleet"] = by_seat[fleet["seat"]]
        return out

    def faction_of(self, game: Game, seat: str) -> str | None:
        for fleet in game.scenario.fleets:
            if fleet.get("seat") == seat and isinstance(fleet.get("fleet"), str):
                return str(fleet["fleet"])
        return None

    def change(self, key: str, value: object) -> TableChange:
        raise ValueError(f"{key!r}: Naval Warhammer has no tables a sweep may change yet")

    def changes_help(self) -> str:
        return "none yet"

    def in_force(self, changes: Sequence[TableChange]) -> AbstractContextManager[None]:
        return _nothing()


@contextmanager
def _nothing() -> Iterator[None]:
    yield


LAB = NavalLab()
