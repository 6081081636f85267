"""The toy race again, with odds questions: a second rule set for the generic odds engine.

``reckoned`` plays exactly as ``toy`` and only adds :meth:`ReckonedRace.odds`, so ``grapeshot
odds``, :func:`grapeshot.odds.before` and the engine (sandbox, runner, merged enumeration, Monte
Carlo fallback, cache) are shown serving a rule set that is not Jim Lad's.  Its questions run
the toy's own rule procedure, :func:`tests.toy.row` (pace + D6 inches; pace 3 on a 1 capsizes):

* ``row`` (the default): one row at ``--pace``;
* ``rows`` (picked by ``--rows``): that many rows in a row at one pace, the inches they make in
  all.  Each row adds its D6 to the boat's inches (a float), which reads the face exactly, so
  the runs grow as 6 to the number of rows: past the budget the answer is a Monte Carlo
  estimate, saying so.

The odds of a seat's sealed pace in a game are those of its row at that pace.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Effort, OddsCase, OddsQuestions, Param, Question
from grapeshot.core.contract import HOST, ODDS, VIEW, Capability
from grapeshot.core.game import Game
from grapeshot.core.ruleset import register
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.odds import EFFORT, Cache, Odds, OddsError, Proc, Runner
from tests.toy import NS, Course, Pace, PacePrompt, ToyRace, race, row


@dataclass(frozen=True, slots=True)
class Rowed:
    """What a boat's rows did: the inches made, and whether it capsized."""

    inches: int
    capsized: bool

    def __str__(self) -> str:
        return f'{self.inches}" rowed' + (", capsized" if self.capsized else "")


PACE = Param("pace", "the pace rowed", int, 2, bounds=(1, 3))
QUESTIONS = (
    Question("row", "one row at a pace: the inches it makes and the chance the boat capsizes", (PACE,)),
    Question(
        "rows", "several rows at one pace, the inches made in all", (PACE, Param("rows", "how many rows", int, None, bounds=(1, 12), required=True)), ("rows",)
    ),
)
#: answers by (pace, rows, budget): the toy's situation is the pace alone
CACHE: Cache[Odds[Rowed]] = Cache()


def rows_odds(game: Game, seat: str, pace: int, rows: int = 1, effort: Effort = EFFORT) -> Odds[Rowed]:
    """The odds of ``seat`` rowing ``rows`` times at ``pace`` from the game's state, by the toy's ``row``."""
    base = cast(Course, game.state)
    if seat not in base.boats:
        raise OddsError(f"no boat for {seat!r}; the boats are {', '.join(base.boats)}")

    def proc(g: Game, course: Course) -> Proc:
        course.paces[seat] = pace
        for _ in range(rows):
            yield from row(g, seat)

    class Rows(Runner[Course, Rowed]):
        def outcome(self, after: Course, heard: Any, value: Any) -> Rowed:
            boat = after.boats[seat]
            return Rowed(int(boat.inches - base.boats[seat].inches), boat.capsized_turn is not None)

    title = f"{seat} rows {rows} time{'s' if rows > 1 else ''} at pace {pace}"
    return CACHE.get(
        (seat, pace, rows, effort), lambda: Odds.solve(Rows(game, base, proc), title, budget=effort.budget, samples=effort.samples, seed=effort.seed)
    )


class ReckonedOdds:
    def questions(self) -> Sequence[Question]:
        return QUESTIONS

    def ask(self, question: str, values: Mapping[str, object], effort: Effort) -> Odds[Rowed]:
        game = Game(RECKONED, reckoned_race(), seed=0, log=False)
        return rows_odds(game, "red", cast(int, values["pace"]), cast(int, values.get("rows") or 1), effort)

    def before(self, game: Game, seat: str, prompt: Any, action: Action, effort: Effort) -> Odds[Rowed] | None:
        if isinstance(prompt, PacePrompt) and isinstance(action, Pace):
            return rows_odds(game, seat, action.pace, 1, effort)
        return None

    def cases(self) -> Sequence[OddsCase]:
        return (OddsCase("row", {"pace": 2}, "one row at pace 2"), OddsCase("rows", {"pace": 3, "rows": 2}, "two rows at pace 3"))


class ReckonedRace(ToyRace):
    name: ClassVar[str] = "reckoned"
    aliases: ClassVar[tuple[str, ...]] = ("toy-odds",)
    title: ClassVar[str] = "Toy race with odds questions (tests only)"
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({VIEW, HOST, ODDS})

    @property
    def namespace(self) -> str:
        return NS  # the toy's own actions and prompts

    def odds(self) -> OddsQuestions:
        return ReckonedOdds()


RECKONED = register(ReckonedRace())


def reckoned_race(seats: Sequence[str] = ("red", "blue")) -> Scenario:
    """A toy race scenario played under the reckoned rule set."""
    return parse_scenario({**race(seats).raw, "ruleset": "reckoned"}, "reckoned race")
