"""Are the upgrades' costs fair?  What the lab's pricing study prices in Naval Warhammer (the
``pricing()`` capability): its upgrades (NW-UPG-*).

For each upgrade the study's two sides are built from one built-in fleet of 1,000 points (the
Empire's) and differ in one thing only: one ship (the first that may take the upgrade and has
troops aboard to spare, the flagship first) carries the upgrade, and in the other fleet the
same ship carries instead the upgrade's points in more models of one of its crew's units (its
core infantry, rounded to the nearest model).  Everything else, the upgrades the ship had apart
from the one studied included, is the same.  The lab (:mod:`grapeshot.lab.calibration`) plays
the two on the two-fleet scenario, each in each seat in turn, and reads the upgraded fleet's
score against one half: too cheap, too dear, fair within a margin, or can't tell yet.  The
playing and the reading are the lab's; this module only builds the sides::

    grapeshot calibrate --ruleset navalwarhammer [--pieces ram,crows-nest] [--sequential]
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from grapeshot.core.capabilities import PricedFleet
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario
from grapeshot.rulesets.navalwarhammer.armies import ARMIES
from grapeshot.rulesets.navalwarhammer.data import UPGRADES, Size
from grapeshot.rulesets.navalwarhammer.fleets import builtin_fleet, read_fleet

#: the fleet both sides are built from, and its points (the study's one budget)
FLEET = "empire-1000"
BUDGET = 1000
#: how the two sides of an upgrade's games are named on the seats
WITH, INSTEAD = "with-", "instead-of-"


@dataclass(frozen=True)
class Pairing:
    """The two fleets of one upgrade's study, and what the upgrade costs on the ship."""

    upgrade: str
    cost: int
    models: int
    unit: str
    upgraded: dict[str, Any]
    instead: dict[str, Any]


def base_fleet(name: str) -> dict[str, Any]:
    data: dict[str, Any] = builtin_fleet(name)
    return data


def pairing(upgrade: str, fleet: str = "empire-1000", ship: int = 0, unit: int = 1) -> Pairing:
    """The fleets of one upgrade's study (see the module docstring); ``ValueError`` when the
    upgrade is not allowed on that ship, or either fleet is not legal."""
    if upgrade not in UPGRADES:
        raise ValueError(f"no upgrade {upgrade!r}; the upgrades are {', '.join(UPGRADES)}")
    base = base_fleet(fleet)
    spec = base["ships"][ship]
    cost = UPGRADES[upgrade].cost[Size(spec["size"])]
    if cost is None:
        raise ValueError(f"{upgrade} is not allowed on a {spec['size']} ship")
    ups = spec.get("upgrades") or {}
    ups = dict.fromkeys(ups, 1) if isinstance(ups, list) else dict(ups)
    ups.pop(upgrade, None)
    spec["upgrades"] = ups
    upgraded = copy.deepcopy(base)
    upgraded["ships"][ship]["upgrades"] = {**ups, upgrade: 1}
    # both fleets cost the same: the limit rises by the upgrade's cost for both
    upgraded["points"] = int(base.get("points", 1000)) + cost
    _legal(upgraded, f"the upgraded fleet of the {upgrade} study")
    # the points in models of the unit asked for, else (no room aboard) of the first unit of
    # another ship that has room for them
    tried = []
    places = [(ship, unit), *((s, u) for s, sh in enumerate(base["ships"]) if s != ship for u in range(len(sh["crew"])))]
    for s, u in places:
        if u >= len(base["ships"][s]["crew"]):
            continue
        crew = base["ships"][s]["crew"][u]
        entry = ARMIES[base["army"]].unit(str(crew["unit"]))
        if entry.points <= 0 or "models" not in crew:
            continue
        extra = max(1, round(cost / entry.points))
        instead = copy.deepcopy(base)
        instead["points"] = upgraded["points"]
        instead["ships"][s]["crew"][u]["models"] = int(crew["models"]) + extra
        problems = read_fleet(instead, f"{upgrade} study (instead)")[1]
        if not problems:
            return Pairing(upgrade, cost, extra, f"{crew['unit']} ({base['ships'][s]['name']})", upgraded, instead)
        tried.append(problems[0].text())
    raise ValueError(f"the {upgrade} study finds no unit to spend {cost} points on instead: {'; '.join(tried)}")


def _legal(fleet: Mapping[str, Any], what: str) -> None:
    _, problems = read_fleet(fleet, what)
    if problems:
        raise ValueError(f"{what} is not legal: {problems[0].text()}")


@lru_cache(maxsize=64)
def staged(upgrade: str, fleet: str = FLEET) -> Pairing:
    """The upgrade's study on the first ship of ``fleet`` that can stage it (flagship first);
    ``ValueError`` naming each ship's reason where none can."""
    why = []
    for ship in range(len(base_fleet(fleet)["ships"])):
        try:
            return pairing(upgrade, fleet, ship)
        except ValueError as e:
            if upgrade not in UPGRADES:
                raise
            why.append(f"ship {ship}: {e}")
    raise ValueError(f"{upgrade} cannot be studied on {fleet} ({'; '.join(why)})")


class NavalPricing:
    """The :class:`~grapeshot.core.capabilities.Pricing` of Naval Warhammer: its upgrades, each
    against its own points in troops on the same fleet."""

    piece_word = "upgrade"
    piece_plural = "upgrades"
    reference = "its points in troops instead"
    reference_cost = BUDGET
    reference_piece: str | None = None
    budgets: tuple[int, ...] = (BUDGET,)
    options: Mapping[str, Any] = {}

    def pieces(self) -> tuple[str, ...]:
        """The upgrades some ship of the fleet can stage (the others cannot be priced on it)."""
        out = []
        for name in UPGRADES:
            try:
                staged(name)
            except ValueError:
                continue
            out.append(name)
        return tuple(out)

    def cost(self, piece: str) -> float:
        return staged(piece).cost

    def _budget(self, budget: int) -> None:
        if budget != BUDGET:
            raise ValueError(f"the upgrades are priced on the built-in fleet of {BUDGET} points only, not {budget}")

    def fleet(self, piece: str, budget: int) -> PricedFleet:
        self._budget(budget)
        p = staged(piece)
        return PricedFleet(WITH + piece, 1, int(p.upgraded["points"]))

    def against(self, piece: str, budget: int) -> PricedFleet:
        self._budget(budget)
        p = staged(piece)
        return PricedFleet(INSTEAD + piece, p.models, int(p.instead["points"]))

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        """The two-fleet scenario with an upgrade's two fleets in place of its own."""
        return with_fleets(scenario, {seat: side(name) for seat, name in by_seat.items()})


def with_fleets(scenario: Mapping[str, Any], by_seat: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """A scenario's data with the fleets given on their seats, played at their points where
    these are more than the scenario's limit (the pricing's fleets are built to 1,000 points
    and the upgrade's cost)."""
    raw: dict[str, Any] = copy.deepcopy(dict(scenario))
    limit = int(raw.get("options", {}).get("points_limit", BUDGET))
    for entry in raw["fleets"]:
        fleet = by_seat.get(entry["seat"])
        if fleet is not None:
            entry["fleet"] = json.loads(json.dumps(fleet))
            limit = max(limit, int(fleet.get("points", 0)))
    raw.setdefault("options", {})["points_limit"] = limit
    return raw


def duel_with(red: Mapping[str, Any], blue: Mapping[str, Any]) -> Scenario:
    """The two-fleet scenario with the two fleets given in place of its own (the benches' duels)."""
    return parse_scenario(with_fleets(load_scenario("duel", "navalwarhammer").raw, {"red": red, "blue": blue}), "the duel of two fleets given")


def side(name: str) -> dict[str, Any]:
    """The fleet a side's name stands for (``with-ram``, ``instead-of-ram``); ``KeyError`` for neither."""
    for prefix, part in ((WITH, "upgraded"), (INSTEAD, "instead")):
        if name.startswith(prefix):
            try:
                fleet: dict[str, Any] = getattr(staged(name.removeprefix(prefix)), part)
            except ValueError as e:
                raise KeyError(f"{name}: {e}") from None
            return fleet
    raise KeyError(f"{name!r} is no side of the upgrades' pricing study (with-<upgrade> or instead-of-<upgrade>)")


PRICING = NavalPricing()
