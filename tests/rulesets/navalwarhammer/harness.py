"""A test-only rule set that runs the fantasy core's procedures through a real Game.

Its flow does nothing; a test builds a :func:`table` (a finished game with scripted dice and
the crews' officers) and drives a procedure with :func:`run`.  Its ``reroll_grant`` is the one
the Naval Warhammer rule set will have: the crew named by a roll's actor offers its First
Mate's and engineer's re-rolls (:mod:`grapeshot.rulesets.navalwarhammer.fantasy.rerolls`).  It
is registered only while a game is being made, so the conformance suite never sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from grapeshot import odds
from grapeshot.core import ruleset as registry
from grapeshot.core.actions import Action
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome, Play, Ruleset
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import RerollGrant, Roll, RollRequest, ScriptedDice, ScriptItem
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile, Special, Troop, Weapon
from grapeshot.rulesets.navalwarhammer.fantasy.rerolls import CrewOfficers, crew_grant, spend
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit
from tests.support import drive

NAME = "nw-fantasy-harness"
R = TypeVar("R")


@dataclass
class Deck:
    seats: tuple[str, ...]
    crews: dict[str, CrewOfficers] = field(default_factory=dict)


class Harness(Ruleset):
    name = NAME
    title = "Naval Warhammer fantasy core (tests only)"

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> Deck:
        return Deck(tuple(s.id for s in scenario.seats))

    def play(self, game: Game) -> Play:
        return Outcome((), "harness", 0)
        yield  # a generator that ends at once

    def reroll_grant(self, game: Game, request: RollRequest, roll: Roll) -> RerollGrant | None:
        return crew_grant(game.state.crews.get(request.actor or ""), request, roll)

    def spend_reroll(self, game: Game, request: RollRequest, grant: RerollGrant) -> None:
        spend(game.state.crews[request.actor or ""], request)

    def describe(self, state: Any) -> dict[str, Any]:
        return {"crews": sorted(state.crews)}

    def seats_of(self, state: Any) -> tuple[str, ...]:
        return state.seats


HARNESS = Harness()


def table(script: Iterable[ScriptItem] = (), crews: Mapping[str, CrewOfficers] | None = None) -> Game:
    """A game of the harness with scripted dice (seats red and blue) and the given crews."""
    registry.get("jimlad")  # the built-in rule sets first, so removing the harness leaves them be
    registry.register(HARNESS)
    try:
        sc = parse_scenario(
            {
                "name": "deck",
                "ruleset": NAME,
                "table": {"width": 24, "height": 24},
                "seats": [{"id": "red"}, {"id": "blue"}],
                "fleets": [{"seat": "red"}, {"seat": "blue"}],
            },
            "harness scenario",
        )
        g = Game(NAME, sc, dice=ScriptedDice(script))
    finally:
        registry._RULESETS.pop(NAME, None)
    g.state.crews.update(crews or {})
    return g


def run(g: Game, proc: Generator[Prompt, Any, R], answers: Iterable[Action | Callable[[Prompt], Action]] = ()) -> R:
    """Drive ``proc`` on ``g`` to its end (answering re-roll offers with ``answers``); the
    scripted dice must be used up exactly."""
    result: R = drive(proc, answers)
    dice = g.dice
    assert isinstance(dice, ScriptedDice), dice
    assert dice.remaining == 0, f"{dice.remaining} scripted dice left over"
    return result


def events(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def exact(g: Game, make: Callable[[Game], Generator[Prompt, Any, Any]], key: Callable[[Any], R], policy: odds.RerollPolicy = odds.DECLINE) -> dict[R, Fraction]:
    """The exact distribution of ``key(result)`` of a procedure, by the odds engine's enumerator.
    ``make`` builds the procedure (with fresh units) for each run."""
    g.logging = False

    def one(dice: Any) -> R:
        g.dice = dice
        return key(odds.drive(make(g), policy))

    dist, _ = odds.enumerate_outcomes(one)
    return dist


def unit(
    name: str = "Boyz",
    seat: str = "red",
    *,
    m: int = 4,
    ws: int = 3,
    bs: int = 3,
    s: int = 3,
    t: int = 3,
    w: int = 1,
    i: int = 3,
    a: int = 1,
    ld: int = 7,
    sv: int | None = None,
    ward: int | None = None,
    models: int = 10,
    troop: Troop = Troop.INFANTRY,
    specials: Iterable[Special] = (),
    weapon: Weapon | None = None,
    mount: Profile | None = None,
    boat: str | None = None,
    shield: bool = False,
) -> Unit:
    """A unit for a test, by characteristics."""
    return Unit(
        name,
        seat,
        Profile(m, ws, bs, s, t, w, i, a, ld, sv, ward),
        models,
        troop,
        frozenset(specials),
        **({"weapon": weapon} if weapon is not None else {}),
        mount=mount,
        boat=boat,
        shield=shield,
    )
