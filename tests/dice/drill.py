"""A test-only rule set that rolls the dice the coming rule sets roll, with re-rolls granted by rules.

Each turn every seat's crew takes, in order:

* a leadership test, 2D6 at most Ld (``DRILL-LD``); a First Mate aboard (``DRILL-MATE``, as
  Naval Warhammer's NW-UPG-7) may re-roll the whole test once when it fails;
* a roll on the full-throttle chart, D6 (``DRILL-THROTTLE``); an engineer in the crew
  (``DRILL-ENGINEER``, as NW-MOVE-4) may re-roll it once whatever it shows;
* a to-hit, 2D6 at least 8 (``DRILL-HIT``); a gunner (``DRILL-GUNNER``) may re-roll one die
  of it when it misses;
* a cannon shot with the artillery die to hit, 6 or more (``DRILL-GUN``), re-rolled whole on a
  miss up to ``rr`` times (as the "rr" column of Wooden Ships' WS-GUN-10), then damage on two
  sustained-fire dice (``DRILL-DAMAGE``), and where the shot lands: the scatter die with the
  artillery die (``DRILL-SCATTER``).

It is registered only while a test asks for it (the ``drill`` fixture), so the conformance
suite and the rule registry never see it.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Option, Outcome, Play, Ruleset
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import ARTILLERY, D6, SCATTER_ARTILLERY, TWO_D6, RerollGrant, Roll, RollRequest, sustained

Proc = Generator[Prompt, Any, Any]

NAME = "dice-drill"
LD = 7
TO_HIT = 8
GUN_TARGET = 6


@dataclass
class Crew:
    seat: str
    first_mate: bool
    engineer: bool
    gunner: bool
    rr: int


@dataclass
class DrillState:
    seats: tuple[str, ...]
    crews: dict[str, Crew]
    turns: int
    #: re-rolls spent, by the purpose of the roll they were spent on (each purpose names its turn)
    spent: dict[str, int] = field(default_factory=dict)
    tally: dict[str, int] = field(default_factory=dict)


#: which rule grants a re-roll of which roll, and how: (the crew's flag, granting rule, whole, on failure)
GRANTS = {
    "DRILL-LD": ("first_mate", "DRILL-MATE", True, True),
    "DRILL-THROTTLE": ("engineer", "DRILL-ENGINEER", True, False),
    "DRILL-HIT": ("gunner", "DRILL-GUNNER", False, True),
    "DRILL-GUN": ("rr", "DRILL-GUN", True, True),
}


class Drill(Ruleset):
    name = NAME
    title = "Dice drill (tests only)"
    options = (
        Option("first_mate", True, None, "DRILL-MATE", "a First Mate aboard every crew", bool),
        Option("engineer", True, None, "DRILL-ENGINEER", "an engineer in every working crew", bool),
        Option("gunner", True, None, "DRILL-GUNNER", "a gunner who may re-roll one die of a missed to-hit", bool),
        Option("rr", 2, None, "DRILL-GUN", "re-rolls of a missed cannon shot", int, (0, 4)),
        Option("turns", 2, None, "DRILL-TURN", "turns to play", int, (1, 20)),
    )

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> DrillState:
        flags = {k: options[k] for k in ("first_mate", "engineer", "gunner")}
        rr, turns = options["rr"], options["turns"]
        assert isinstance(rr, int) and isinstance(turns, int)
        crews = {s.id: Crew(s.id, bool(flags["first_mate"]), bool(flags["engineer"]), bool(flags["gunner"]), rr) for s in scenario.seats}
        return DrillState(tuple(crews), crews, turns)

    def play(self, game: Game) -> Play:
        state: DrillState = game.state
        for turn in range(1, state.turns + 1):
            game.turn = turn
            game.begin_phase("drill")
            for seat in state.seats:
                yield from crew_turn(game, state, seat)
        best = max(state.tally.values(), default=0)
        return Outcome(tuple(s for s in state.seats if state.tally.get(s, 0) == best), "drill", game.turn)

    def reroll_grant(self, game: Game, request: RollRequest, roll: Roll) -> RerollGrant | None:
        spec = GRANTS.get(request.rule)
        if spec is None or request.seat is None:
            return None
        attr, rule, whole, on_failure = spec
        state: DrillState = game.state
        allowed = int(getattr(state.crews[request.seat], attr))
        if state.spent.get(request.purpose, 0) >= allowed:
            return None
        return RerollGrant(request.seat, rule, whole=whole, on_failure=on_failure)

    def spend_reroll(self, game: Game, request: RollRequest, grant: RerollGrant) -> None:
        state: DrillState = game.state
        state.spent[request.purpose] = state.spent.get(request.purpose, 0) + 1

    def describe(self, state: Any) -> dict[str, Any]:
        return {"tally": dict(state.tally), "spent": dict(state.spent)}

    def seats_of(self, state: Any) -> tuple[str, ...]:
        return tuple(state.seats)


def leadership(g: Game, seat: str) -> Generator[Prompt, Any, bool]:
    """DRILL-LD: 2D6 at most Ld 7 (a First Mate may re-roll a failure)."""
    r = yield from g.roll(RollRequest(TWO_D6, f"turn {g.turn}: {seat}'s leadership test", "DRILL-LD", seat, seat, "low", LD))
    return r.total <= LD


def throttle(g: Game, seat: str) -> Generator[Prompt, Any, int]:
    """DRILL-THROTTLE: the full-throttle chart, D6 (an engineer may re-roll it)."""
    r = yield from g.roll(RollRequest(D6, f"turn {g.turn}: {seat}'s full-throttle chart", "DRILL-THROTTLE", seat, seat, "high"))
    return r.total


def to_hit(g: Game, seat: str) -> Generator[Prompt, Any, bool]:
    """DRILL-HIT: 2D6 at least 8 (a gunner may re-roll one die of a miss)."""
    r = yield from g.roll(RollRequest(TWO_D6, f"turn {g.turn}: {seat}'s to-hit", "DRILL-HIT", seat, seat, "high", TO_HIT))
    return r.total >= TO_HIT


def cannon(g: Game, seat: str) -> Generator[Prompt, Any, tuple[str, int, int]]:
    """DRILL-GUN, DRILL-DAMAGE: the artillery die to hit (6+, a misfire misses), re-rolled on a
    miss up to ``rr`` times; a hit does two sustained-fire dice of damage, and counts its jams."""
    r = yield from g.roll(RollRequest(ARTILLERY, f"turn {g.turn}: {seat}'s cannon to hit", "DRILL-GUN", seat, seat, "high", GUN_TARGET))
    if r.misfire:
        return "misfire", 0, 0
    if r.total < GUN_TARGET:
        return "miss", 0, 0
    d = yield from g.roll(RollRequest(sustained(2), f"turn {g.turn}: {seat}'s cannon damage", "DRILL-DAMAGE", seat, seat, "high"))
    return "hit", d.total, d.jams


def crew_turn(g: Game, state: DrillState, seat: str) -> Proc:
    passed = yield from leadership(g, seat)
    speed = yield from throttle(g, seat)
    hit = yield from to_hit(g, seat)
    shot, damage, jams = yield from cannon(g, seat)
    where = yield from g.roll(RollRequest(SCATTER_ARTILLERY, f"turn {g.turn}: {seat}'s shot lands", "DRILL-SCATTER", seat, seat, "hit"))
    score = int(passed) + speed + int(hit) + damage + jams + (0 if where.misfire else 1)
    state.tally[seat] = state.tally.get(seat, 0) + score
    g.emit("drill", "DRILL-TURN", seat=seat, passed=passed, speed=speed, hit=hit, shot=shot, damage=damage, jams=jams, lands=where.total, score=score)


def scenario(**options: Any) -> Scenario:
    data = {
        "name": "drill",
        "ruleset": NAME,
        "table": {"width": 24, "height": 24},
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [{"seat": "red"}, {"seat": "blue"}],
        "options": options,
    }
    return parse_scenario(data, "drill scenario")
