"""What the lab's pricing study prices in Wooden Ships (the ``pricing()`` capability): the
ship types, by the text's cost column (WS-SHIP-2).

For each ship type the calibration buys fleets of that type at several budgets
(:func:`~grapeshot.rulesets.woodenships.lab.fleet_for`: one big ship of as many sections as the
budget buys, else as many boats as it buys) and plays them against the reference fleet, a narrow
ship of five sections (36 points), in the ship duel's waters (the lab's scenario).  A type's
cost by the text is one ship's cost in the fleet 36 points buy.  The measuring itself (scores,
intervals, the even budget, the fair cost) is the lab's: :mod:`grapeshot.lab.calibration`.

Fleets keep 12 figures, or one captain a ship where there are more ships (the text's one captain
a ship, WS-FIG-1); so the calibration's games let the figures differ (``equal_figures`` off) and
the costs too (``cost_margin`` wide), as they must to try uneven fleets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grapeshot.core.capabilities import PricedFleet
from grapeshot.rulesets.woodenships.data import SHIP_TYPES
from grapeshot.rulesets.woodenships.lab import BUDGET, FACTIONS, bought_name, fleet_for, with_fleets

#: the fleet every calibration fleet meets
REFERENCE = "narrow"
#: the budgets tried unless told otherwise
BUDGETS = (24, 36, 48)


class WoodenShipsPricing:
    """The :class:`~grapeshot.core.capabilities.Pricing` of Wooden Ships: its ship types."""

    piece_word = "ship type"
    piece_plural = "ship types"
    reference = REFERENCE
    reference_cost = FACTIONS[REFERENCE].cost()
    reference_piece: str | None = FACTIONS[REFERENCE].type
    budgets: tuple[int, ...] = BUDGETS
    options: Mapping[str, Any] = {"equal_figures": False, "cost_margin": 1000}

    def pieces(self) -> tuple[str, ...]:
        return tuple(SHIP_TYPES)

    def cost(self, piece: str) -> float:
        """One ship's cost in the fleet of its type that the reference's 36 points buy."""
        fleet = fleet_for(piece, BUDGET)
        return fleet.cost() // fleet.ships

    def fleet(self, piece: str, budget: int) -> PricedFleet:
        fleet = fleet_for(piece, budget)
        return PricedFleet(bought_name(piece, budget), fleet.ships, fleet.cost())

    def against(self, piece: str, budget: int) -> PricedFleet:
        """Every ship type's fleet, at every budget, meets the same narrow ship."""
        return PricedFleet(REFERENCE, FACTIONS[REFERENCE].ships, self.reference_cost)

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        """The lab's own fleets: the reference is one of its factions, a bought fleet a name it reads."""
        return with_fleets(scenario, by_seat)


PRICING = WoodenShipsPricing()
