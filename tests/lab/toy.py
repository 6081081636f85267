"""A rule set and a rule module that exist only for the lab's tests.

The lab must serve any rule set through its ``lab()`` capability; Jim Lad is the only real one,
so these two stand in for the others: a toss-up whose *sides* are the factions (each side adds
its bonus, from a module-level table a sweep may change, to one die; the higher total wins; its
points calibration prices *pips*, a fleet of ``n`` of them adding ``n - 3``), and
a module, ``edge``, that gives the first seat a bonus (an option) through a procedure of its
host's flow, with a tally of its own. (The conformance suite's toy race, ``tests/toy``, is the
rule set with no capabilities at all: the lab's tests use it for the refusal.)

They are registered only for the tests that ask for the ``toy`` fixture (``conftest.py``), so
that the other tests, the conformance suite among them, see only what they expect.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from grapeshot.core.capabilities import Lab, Phrasebook, PricedFleet, Pricing, TableChange
from grapeshot.core.contract import HOST, LAB, PHRASEBOOK, PRICING, Capability
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.module import Module, Procedure
from grapeshot.core.ruleset import Option, Outcome, Play, Ruleset
from grapeshot.core.scenario import Scenario
from grapeshot.dice import RollRequest, parse


@dataclass(frozen=True)
class Side:
    bonus: int


SIDES: dict[str, Side] = {"plus": Side(1), "level": Side(0), "minus": Side(-1)}

#: what a pip costs, and the pips that toss level with the side ``level``
PIP_COST, LEVEL_PIPS = 2, 3


def bonus_of(side: str) -> int | None:
    """A side's bonus: one of :data:`SIDES`, or a fleet of pips bought for a budget (``pip@8``:
    four pips, a bonus of one), as the points calibration puts it on a seat; ``None`` for neither."""
    if side in SIDES:
        return SIDES[side].bonus
    piece, at, budget = side.partition("@")
    return budget_pips(int(budget)) - LEVEL_PIPS if piece == "pip" and at and budget.isdigit() else None


def budget_pips(budget: int) -> int:
    return max(1, budget // PIP_COST)


class Words:
    """The toss-up's phrasebook (only what the lab reads of it)."""

    kinds = frozenset({"toss"})

    def sentence(self, event: Event) -> str | None:
        return f"{event.data['seat']} tosses {event.data['total']}"

    def label(self, category: str, value: str) -> str:
        return {"higher-roll": "the higher roll", "draw": "a draw"}.get(value, value) if category == "objective" else value


class TossLab:
    faction_word = "side"
    faction_plural = "sides"
    objectives: tuple[str, ...] = ("higher-roll",)
    tables: tuple[str, ...] = ("side",)
    scenario = "toss"

    def factions(self) -> Sequence[str]:
        return tuple(SIDES)

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        data = dict(scenario)
        data["fleets"] = [{**f, "side": by_seat.get(f["seat"], f["side"])} for f in scenario["fleets"]]
        return data

    def faction_of(self, game: Game, seat: str) -> str | None:
        return str(game.state["sides"][seat])

    def changes_help(self) -> str:
        return "side.<side>.bonus=<whole number>"

    def change(self, key: str, value: object) -> TableChange:
        bits = key.split(".")
        if len(bits) != 3 or bits[1] not in SIDES or bits[2] != "bonus":
            raise ValueError(f"{key}: expected {self.changes_help()} with a side of {', '.join(SIDES)}")
        if type(value) is not int:
            raise ValueError(f"{key}: expected a whole number")
        return TableChange(key, value)

    def in_force(self, changes: Sequence[TableChange]) -> AbstractContextManager[None]:
        return _changed(changes)


class TossPricing:
    """The toss-up's points calibration: pips at 2 points each, priced against the level side
    (as good as three pips, so costing 6): a fleet of ``n`` pips tosses with ``n - 3`` added."""

    piece_word = "pip"
    piece_plural = "pips"
    reference = "level"
    reference_cost = PIP_COST * LEVEL_PIPS
    reference_piece: str | None = None
    budgets: tuple[int, ...] = (4, 6, 8)
    options: Mapping[str, Any] = {"dice": 1}

    def pieces(self) -> tuple[str, ...]:
        return ("pip",)

    def cost(self, piece: str) -> float:
        return PIP_COST

    def fleet(self, piece: str, budget: int) -> PricedFleet:
        pips = budget_pips(budget)
        return PricedFleet(f"pip@{budget}", pips, pips * PIP_COST)

    def against(self, piece: str, budget: int) -> PricedFleet:
        return PricedFleet(self.reference, LEVEL_PIPS, self.reference_cost)

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        return TossLab().assign(scenario, by_seat)


@contextmanager
def _changed(changes: Sequence[TableChange]) -> Iterator[None]:
    saved = dict(SIDES)
    try:
        for c in changes:
            name = c.key.split(".")[1]
            SIDES[name] = dataclasses.replace(SIDES[name], bonus=int(c.value))
        yield
    finally:
        SIDES.clear()
        SIDES.update(saved)


class TossUp(Ruleset):
    name: ClassVar[str] = "tossup"
    title: ClassVar[str] = "Toss-up"
    options: ClassVar[tuple[Option, ...]] = (Option("dice", 1, None, "TOSS-1", "dice each seat rolls", int, (1, 3)),)
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({HOST, PHRASEBOOK, LAB, PRICING})

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> dict[str, Any]:
        sides = {f["seat"]: f["side"] for f in scenario.fleets}
        for seat, side in sides.items():
            if bonus_of(side) is None:
                raise scenario.reader.fail(f"fleets[{seat}].side", f"one of {list(SIDES)}", side)
        return {"seats": [s.id for s in scenario.seats], "sides": sides, "totals": {}}

    def play(self, game: Game) -> Play:
        state = game.state
        game.turn = 1
        for seat in state["seats"]:
            roll = yield from game.roll(RollRequest(parse(f"{game.options['dice']}D6"), "the toss", "TOSS-1", seat))
            edge = game.procedure(EDGE_STEP)
            extra = edge(game, seat) if edge is not None else 0
            state["totals"][seat] = roll.total + (bonus_of(state["sides"][seat]) or 0) + extra
            game.emit("toss", "TOSS-1", seat=seat, total=state["totals"][seat], edge=extra)
        best = max(state["totals"].values())
        top = tuple(s for s in state["seats"] if state["totals"][s] == best)
        return Outcome(top, "higher-roll" if len(top) == 1 else "draw", 1)

    def describe(self, state: Any) -> dict[str, Any]:
        return dict(state)

    def seats_of(self, state: Any) -> Sequence[str]:
        return list(state["seats"])

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        return {"sixes": sum(f == 6 for e in events if e.kind == "roll" for f in e.data["faces"])}

    def host(self, module: str, game: Game) -> object | None:
        return game if module == "edge" else None

    def scenarios(self) -> Path:
        return Path(__file__).parent / "toss"

    def phrasebook(self) -> Phrasebook:
        return Words()

    def lab(self) -> Lab:
        return TossLab()

    def pricing(self) -> Pricing:
        return TossPricing()


#: the edge module's step: what it adds to a seat's toss
EDGE_STEP: Procedure[[Game, str], int] = Procedure("edge")


class Edge(Module):
    name: ClassVar[str] = "edge"
    title: ClassVar[str] = "The first seat's edge"
    options: ClassVar[tuple[Option, ...]] = (Option("bonus", 1, None, "EDGE-1", "added to the first seat's toss", int, (0, 6)),)

    def procedures(self) -> Mapping[str, Any]:
        def edge(game: Game, seat: str) -> int:
            return int(game.options["edge.bonus"]) if seat == game.state["seats"][0] else 0

        return dict((EDGE_STEP.given(edge),))

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        return {"edges given": sum(1 for e in events if e.kind == "toss" and e.data["edge"])}


TOSSUP, EDGE = TossUp(), Edge()
