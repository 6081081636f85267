"""Points calibration: what each ship type should cost for an even game, from simulated games,
and how far the text's cost column (WS-SHIP-2) is from it.

For each ship type, fleets of that type at several budgets by the cost column (:func:`lab.fleet_for`)
meet the reference fleet (a narrow ship of five sections, 36 points) in the ship duel's waters,
each in both seats in turn, with the same players on both sides.  The type's score at a budget
is its wins plus half its draws over the games, with a 95% Wilson interval.  The budget at which
the score crosses one half (linear between the budgets tried) is what the type's fleet must cost
by the text's column to be the reference's match: the *even budget*.  Its interval runs from
where the interval's upper curve crosses one half to where the lower one does (open-ended where
a curve does not cross within the budgets tried).  The type's fair cost is then its cost in the
text scaled by 36 over the even budget: a ship type whose fleets win at 36 points is worth more
than its cost, and its fair cost is higher.

Fleets keep 12 figures, or one captain a ship where there are more ships (the text's one captain
a ship, WS-FIG-1); so the calibration lets the figures differ (``equal_figures`` off) and the
costs too (``cost_margin`` wide), as it must to try uneven fleets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, parse_scenario
from grapeshot.odds import wilson as odds_wilson
from grapeshot.rulesets.woodenships.data import SHIP_TYPES
from grapeshot.rulesets.woodenships.lab import BUDGET, FACTIONS, Fleet, fleet_for, with_fleets

REFERENCE = "narrow"
BUDGETS = (24, 36, 48)


def wilson(score: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a score (wins and half draws) over ``n`` games."""
    return (0.0, 1.0) if n == 0 else odds_wilson(score / n, n)


def crossing(xs: Sequence[float], ys: Sequence[float], level: float = 0.5) -> float | None:
    """Where a curve through (xs, ys), xs rising, first crosses ``level`` (linear between points);
    None where it stays on one side.  A score falling as the budget rises is read the same way."""
    for (x0, y0), (x1, y1) in zip(zip(xs, ys, strict=True), zip(xs[1:], ys[1:], strict=True), strict=False):
        if (y0 - level) * (y1 - level) <= 0.0 and y0 != y1:
            return x0 + (level - y0) * (x1 - x0) / (y1 - y0)
        if y0 == level:
            return x0
    return None


@dataclass(frozen=True, slots=True)
class Point:
    """A type's fleet at one budget against the reference: its cost, games, score and interval."""

    cost: int
    ships: int
    games: int
    score: float

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)


@dataclass(frozen=True, slots=True)
class Row:
    """A ship type's calibration: its text cost a ship, the points tried, the even budget with its
    interval, and the fair cost a ship with its interval (None: beyond the budgets tried)."""

    type: str
    text_cost: int
    points: tuple[Point, ...]
    even: float | None
    even_low: float | None
    even_high: float | None

    def fair(self, budget: float | None) -> float | None:
        return None if budget is None or budget <= 0 else self.text_cost * BUDGET / budget

    @property
    def fair_cost(self) -> float | None:
        return self.fair(self.even)

    @property
    def off(self) -> float | None:
        """How far the text's cost is from the fair cost, as a share of the fair cost."""
        f = self.fair_cost
        return None if f is None else (self.text_cost - f) / f


def text_cost(fleet: Fleet) -> int:
    """What one ship of a fleet costs by the text's column."""
    return fleet.cost() // fleet.ships


def play(fleet: Fleet, reference: Fleet, games: int, seed: int, players: tuple[str, str], turn_limit: int) -> float:
    """``games`` games of ``fleet`` against ``reference``, the seats swapped every other game: the
    fleet's wins plus half its draws."""
    base = load_scenario("ship-duel", "woodenships").raw
    score = 0.0
    for i in range(games):
        mine = "red" if i % 2 == 0 else "blue"
        theirs = "blue" if mine == "red" else "red"
        data = with_fleets(base, {mine: fleet, theirs: reference})
        data["options"] = {**data.get("options", {}), "equal_figures": False, "cost_margin": 1000, "turn_limit": turn_limit}
        g = Game("woodenships", parse_scenario(data, "calibration"), seed=seed * 7919 + i)
        agents = {s: make(players[k], seed * 31 + i * 2 + k, "woodenships") for k, s in enumerate(("red", "blue"))}
        outcome = play_out(g, agents)
        winners = tuple(outcome.winners) if outcome is not None else ()
        score += 1.0 if winners == (mine,) else 0.5 if (not winners or len(winners) > 1) else 0.0
    return score


def calibrate(
    types: Sequence[str] = tuple(SHIP_TYPES),
    budgets: Sequence[int] = BUDGETS,
    games: int = 20,
    seed: int = 1,
    players: tuple[str, str] = ("heuristic", "heuristic"),
    turn_limit: int = 10,
    progress: Callable[[str], Any] | None = None,
) -> list[Row]:
    """Each type's row (the reference type's own row plays it against itself)."""
    reference = FACTIONS[REFERENCE]
    rows = []
    for t in types:
        points: list[Point] = []
        for b in budgets:
            fleet = fleet_for(t, b)
            if any(p.cost == fleet.cost() for p in points):
                continue  # the budget buys no more of this type than a smaller one did
            s = play(fleet, reference, games, seed, players, turn_limit)
            points.append(Point(fleet.cost(), fleet.ships, games, s))
            if progress is not None:
                progress(f"{t} at {fleet.cost()} points ({fleet.ships} ships): {s:g} of {games}")
        costs = [float(p.cost) for p in points]
        even = crossing(costs, [p.rate for p in points])
        low = crossing(costs, [p.interval[1] for p in points])
        high = crossing(costs, [p.interval[0] for p in points])
        rows.append(Row(t, text_cost(fleet_for(t, BUDGET)), tuple(points), even, low, high))
    return rows
