"""Rulesets are plugins: metadata, options (house rules and rulings), setup, play.

A ruleset registers itself by name and aliases; the CLI, the agents and the
server find it with :func:`get`.  Everything game-specific lives in its
package under :mod:`grapeshot.rulesets`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from grapeshot.core.errors import ScenarioError
from grapeshot.core.events import Event
from grapeshot.core.prompts import Prompt
from grapeshot.dice import RerollGrant, Roll, RollRequest

if TYPE_CHECKING:
    from grapeshot.core.game import Game
    from grapeshot.core.registry import RuleBook
    from grapeshot.core.scenario import Scenario


_KIND_WORDS = {str: "text", int: "a whole number", float: "a number", bool: "true or false"}


@dataclass(frozen=True, slots=True)
class Option:
    """A named rule option: a house rule or one reading of an ambiguous rule."""

    name: str
    default: object
    choices: tuple[object, ...] | None
    rule: str
    doc: str
    kind: type = str
    bounds: tuple[float, float] | None = None

    def check(self, value: object, source: str) -> object:
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, self.kind) or (self.kind is not bool and isinstance(value, bool)):
            raise ScenarioError(source, f"options.{self.name}", f"{_KIND_WORDS.get(self.kind, self.kind.__name__)} ({self.doc})", value)
        if self.choices is not None and value not in self.choices:
            raise ScenarioError(source, f"options.{self.name}", f"one of {list(self.choices)}", value)
        if self.bounds is not None and isinstance(value, (int, float)) and not self.bounds[0] <= value <= self.bounds[1]:
            raise ScenarioError(source, f"options.{self.name}", f"a value from {self.bounds[0]:g} to {self.bounds[1]:g}", value)
        return value


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the objective, the turn, and the winning seats.

    A drawn game has the objective ``"draw"``; its ``winners`` are the seats
    that share the draw (none when every ship went down).
    """

    winners: tuple[str, ...]
    objective: str
    turn: int
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "objective": self.objective, "turn": self.turn, "detail": self.detail}


Play = Generator[Prompt, Any, Outcome]


class Ruleset(ABC):
    """What every ruleset provides."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()

    def resolve_options(self, given: Mapping[str, object], source: str) -> dict[str, object]:
        """Defaults overlaid with the scenario's (or caller's) choices, each checked."""
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        for key, value in given.items():
            if key not in known:
                raise ScenarioError(source, f"options.{key}", f"one of the {self.name} options {sorted(known)}", key)
            out[key] = known[key].check(value, source)
        return out

    @abstractmethod
    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> Any:
        """Build the initial state; raise :class:`ScenarioError` for anything malformed."""

    @abstractmethod
    def play(self, game: Game) -> Play:
        """The game's flow: a generator yielding prompts and returning the outcome."""

    def reroll_grant(self, game: Game, request: RollRequest, roll: Roll) -> RerollGrant | None:
        """The re-roll some seat may make of this roll now, if any.

        ``Game.roll`` asks after every roll and again after every re-roll it makes, so a rule
        set decides how often a grant comes back (keep count in :meth:`spend_reroll`).  The
        default offers the single-die re-roll of :meth:`reroll_seat`, naming no rule."""
        seat = self.reroll_seat(game, request, roll)
        return None if seat is None else RerollGrant(seat)

    def spend_reroll(self, game: Game, request: RollRequest, grant: RerollGrant) -> None:
        """Record that ``grant`` was taken (before its dice are rolled).  The default tells
        :meth:`used_reroll`."""
        self.used_reroll(game, request, grant.seat)

    def reroll_seat(self, game: Game, request: RollRequest, roll: Roll) -> str | None:
        """The older, narrower hook: the seat that may re-roll one die of this roll now, if any
        (used by the default :meth:`reroll_grant`)."""
        return None

    def used_reroll(self, game: Game, request: RollRequest, seat: str) -> None:
        """Record that ``seat`` spent the re-roll :meth:`reroll_seat` offered."""

    @abstractmethod
    def describe(self, state: Any) -> dict[str, Any]:
        """The public state as JSON (for views, the web table and saves)."""

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        """Counts of the things that happened in one game (for study summaries)."""
        return {}

    def invariants(self, state: Any) -> list[str]:
        """Broken invariants of a state (empty when all hold): fuzzing checks these."""
        return []

    def rulebook(self) -> RuleBook:
        raise NotImplementedError

    def seats_of(self, state: Any) -> Sequence[str]:
        raise NotImplementedError


_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    for key in (ruleset.name, *ruleset.aliases):
        _RULESETS[key.lower()] = ruleset
    return ruleset


def get(name: str) -> Ruleset:
    import grapeshot.rulesets  # noqa: F401  (registers the built-in rulesets)

    try:
        return _RULESETS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(sorted({r.name for r in _RULESETS.values()}))}") from None


def all_rulesets() -> list[Ruleset]:
    import grapeshot.rulesets  # noqa: F401

    seen: dict[str, Ruleset] = {}
    for r in _RULESETS.values():
        seen[r.name] = r
    return list(seen.values())
