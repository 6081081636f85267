"""A small rule set and a rule module that exist only in the tests.

They prove that the generic parts serve a rule set they have never heard of, one that offers
none of the optional capabilities (no players of its own, no phrasebook, no odds, no web plugin,
no lab, no encoding), and that a module joins a host through its protocol.

**Toy race** (``toy``): each seat has a boat on a straight course.  Every turn each seat first
seals a *pace* (1 to 3, answered by all at once), then in seat order rolls a D6 and rows
``pace + roll`` inches; rowing at pace 3 on a roll of 1 capsizes the boat for the next turn.
Each seat also holds a *secret* dealt at the start (a D6 rolled for it alone; its roll event is
visible to that seat only); at the end the secret breaks ties.  A boat may also *drift* a
distance of its choosing (0 to 2 inches, a continuous answer) after rowing.  Most inches after
``turns`` turns (option, default 3) wins.

**Toy cheer** (module ``toy-cheer``): takes over the host's ``row`` procedure: a seat that
rows a 6 is cheered on and rows ``cheer.bonus`` (option, default 1) more; it asks the rowing
seat whether to cheer at all (a module prompt and action in its own namespace).
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, cast, runtime_checkable

from grapeshot.core.actions import Action, action, qualify_namespace
from grapeshot.core.capabilities import Phrasebook
from grapeshot.core.choices import Choice, Choices, Part, Rng
from grapeshot.core.contract import HOST, PHRASEBOOK, VIEW, Capability
from grapeshot.core.errors import IllegalAction
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.module import Module, Procedure, register_module
from grapeshot.core.prompts import Prompt
from grapeshot.core.registry import RuleBook, RuleEntry
from grapeshot.core.ruleset import Option, Outcome, Play, Ruleset, register
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import D6, RollRequest

NS = "toy"
CHEER = "toy-cheer"


@action("pace", NS)
@dataclass(frozen=True, slots=True)
class Pace(Action):
    pace: int


@action("drift", NS)
@dataclass(frozen=True, slots=True)
class Drift(Action):
    inches: float


@action("cheer", CHEER)
@dataclass(frozen=True, slots=True)
class Cheer(Action):
    cheer: bool


qualify_namespace(CHEER)


@dataclass
class Boat:
    seat: str
    inches: float = 0.0
    secret: int = 0
    capsized_turn: int | None = None


@dataclass
class Course:
    seats: tuple[str, ...]
    boats: dict[str, Boat]
    turns: int
    turn: int = 0
    paces: dict[str, int] = field(default_factory=dict)

    def public(self) -> dict[str, Any]:
        return {"turn": self.turn, "boats": {s: {"inches": round(b.inches, 3), "capsized_turn": b.capsized_turn} for s, b in self.boats.items()}}


@dataclass(eq=False)
class PacePrompt(Prompt):
    namespace: ClassVar[str] = NS

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Pace)
        if action.pace not in (1, 2, 3):
            raise IllegalAction(f"pace must be 1, 2 or 3, not {action.pace}")

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(Pace(p), f"pace {p}") for p in (1, 2, 3)], "pace")


@dataclass(eq=False)
class DriftPrompt(Prompt):
    namespace: ClassVar[str] = NS
    most: float = 2.0

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Drift)
        if not 0.0 <= action.inches <= self.most:
            raise IllegalAction(f'drift between 0" and {self.most:g}", not {action.inches:g}"')

    def legal(self, seat: str) -> Choices:
        def draw(rng: Rng) -> Choice:
            d = rng.uniform(0.0, self.most)
            return Choice(Drift(d), f'drift {d:.2f}"')

        grid = [Choice(Drift(self.most * k / 4), f'drift {self.most * k / 4:g}"') for k in range(5)]
        return Choices((Part("drift", "drift", tuple(grid), draw, "the ends and quarters of the range"),))


@dataclass(eq=False)
class CheerPrompt(Prompt):
    namespace: ClassVar[str] = CHEER

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(Cheer(False), "no cheer"), Choice(Cheer(True), "cheer")], "cheer")


#: the step the cheer module takes over: a seat's row (TY-ROW-1), the inches of its die
ROW: Procedure[[Game, str], Generator[Prompt, Any, int]] = Procedure("row")


@runtime_checkable
class CheerHost(Protocol):
    """What the cheer module needs of its host: who rows, and how to add to a row."""

    def rower_of(self, game: Game, seat: str) -> str: ...

    def add_inches(self, game: Game, seat: str, inches: float) -> None: ...


class ToyHost:
    def rower_of(self, game: Game, seat: str) -> str:
        return seat

    def add_inches(self, game: Game, seat: str, inches: float) -> None:
        cast(Course, game.state).boats[seat].inches += inches


RULES = RuleBook(
    "toy",
    "TY",
    [
        RuleEntry("TY-PACE-1", "paces sealed by every seat at once", ("tests.toy.rowing_turn",)),
        RuleEntry("TY-ROW-1", "row pace + D6; pace 3 on a 1 capsizes", ("tests.toy.row",)),
        RuleEntry("TY-WIN-1", "most inches wins; the secret breaks ties", ("tests.toy.finish",)),
    ],
)


class ToyRace(Ruleset):
    name: ClassVar[str] = "toy"
    aliases: ClassVar[tuple[str, ...]] = ("toy-race",)
    title: ClassVar[str] = "Toy race (tests only)"
    options: ClassVar[tuple[Option, ...]] = (Option("turns", 3, None, "TY-WIN-1", "turns in a race", int, (1, 20)),)
    #: a seat sees its own secret (its view), and it hosts the cheer module
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({VIEW, HOST})

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> Course:
        seats = tuple(s.id for s in scenario.seats)
        return Course(seats, {s: Boat(s) for s in seats}, int(cast(int, options["turns"])))

    def play(self, game: Game) -> Play:
        return flow(game, None)

    def resume(self, game: Game, point: Hashable) -> Play:
        return flow(game, cast(int, point))

    def describe(self, state: Any) -> dict[str, Any]:
        return cast(Course, state).public()

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        course = cast(Course, state)
        out = course.public()
        if seat in course.boats:
            out["secret"] = course.boats[seat].secret
        return out

    def seats_of(self, state: Any) -> Sequence[str]:
        return cast(Course, state).seats

    def invariants(self, game: Game) -> list[str]:
        return [f"{b.seat} went backwards" for b in cast(Course, game.state).boats.values() if b.inches < 0]

    def rulebook(self) -> RuleBook:
        return RULES

    def host(self, module: str, game: Game) -> object | None:
        return ToyHost() if module == CHEER else None


def flow(g: Game, start: int | None) -> Generator[Prompt, Any, Outcome]:
    course = cast(Course, g.state)
    if start is None:
        g.emit("setup", None, options=g.options, state=course.public())
        for seat in course.seats:
            r = yield from g.roll(RollRequest(D6, f"{seat}'s secret", "TY-WIN-1", seat, private=True))
            course.boats[seat].secret = r.total
        start = 1
    for turn in range(start, course.turns + 1):
        course.turn = g.turn = turn
        g.checkpoint(turn)
        yield from rowing_turn(g, course)
    return finish(g, course)


def rowing_turn(g: Game, course: Course) -> Generator[Prompt, Any, None]:
    """TY-PACE-1, then each seat rows and drifts."""
    g.begin_phase("rowing", "TY-PACE-1")
    afloat = tuple(s for s in course.seats if course.boats[s].capsized_turn != course.turn)
    if afloat:
        answers = yield PacePrompt(afloat, "TY-PACE-1", "choose your pace", (Pace,))
        if not isinstance(answers, dict):
            answers = {afloat[0]: answers}
        course.paces = {s: cast(Pace, a).pace for s, a in answers.items()}
        g.emit("paces", "TY-PACE-1", paces=dict(sorted(course.paces.items())))
    for seat in afloat:
        proc = g.procedure(ROW)
        yield from (proc(g, seat) if proc is not None else row(g, seat))
        drift = yield DriftPrompt((seat,), "TY-ROW-1", "drift how far?", (Drift,))
        course.boats[seat].inches += cast(Drift, drift).inches
        g.emit("drift", "TY-ROW-1", seat=seat, inches=round(cast(Drift, drift).inches, 3))


def row(g: Game, seat: str) -> Generator[Prompt, Any, int]:
    """TY-ROW-1: pace + D6; a pace of 3 on a 1 capsizes the boat for the next turn."""
    course = cast(Course, g.state)
    pace = course.paces[seat]
    r = yield from g.roll(RollRequest(D6, f"{seat} rows", "TY-ROW-1", seat, None, "high"))
    course.boats[seat].inches += pace + r.total
    if pace == 3 and r.total == 1:
        course.boats[seat].capsized_turn = course.turn + 1
    g.emit("row", "TY-ROW-1", seat=seat, pace=pace, roll=r.total, capsized=pace == 3 and r.total == 1)
    return r.total


def finish(g: Game, course: Course) -> Outcome:
    """TY-WIN-1."""
    best = max((b.inches, b.secret) for b in course.boats.values())
    winners = tuple(s for s, b in course.boats.items() if (b.inches, b.secret) == best)
    return Outcome(winners, "distance" if len(winners) == 1 else "draw", course.turn)


class ToyCheer(Module):
    name: ClassVar[str] = CHEER
    title: ClassVar[str] = "Toy cheer (tests only)"
    options: ClassVar[tuple[Option, ...]] = (Option("bonus", 1, None, "TC-ROW-1", "inches a cheered six adds", int, (0, 6)),)
    ports: ClassVar[tuple[type, ...]] = (CheerHost,)
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({VIEW, PHRASEBOOK})

    def setup(self, game: Game, host: object) -> dict[str, int]:
        return {"cheers": 0}

    def procedures(self) -> Mapping[str, Any]:
        return dict((ROW.given(cheered_row),))

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        return dict(state)

    def rulebook(self) -> RuleBook:
        return RuleBook(CHEER, "TC", [RuleEntry("TC-ROW-1", "a six rowed may be cheered for more", ("tests.toy.cheered_row",))])

    def phrasebook(self) -> Phrasebook:
        return CheerWords()


class CheerWords:
    kinds = frozenset({f"{CHEER}.cheer"})

    def sentence(self, event: Event) -> str | None:
        return f"The crowd cheers {event.data['seat']} on: {event.data['bonus']} inches more."

    def label(self, category: str, value: str) -> str:
        return value


def cheered_row(g: Game, seat: str) -> Generator[Prompt, Any, int]:
    """TC-ROW-1: the host's row; on a six the rower may be cheered on for ``bonus`` inches more."""
    run = g.modules[CHEER]
    rolled = yield from row(g, seat)
    if rolled == 6:
        host = cast(CheerHost, run.host)
        answer = yield CheerPrompt((host.rower_of(g, seat),), "TC-ROW-1", "cheer the rower on?", (Cheer,))
        if cast(Cheer, answer).cheer:
            bonus = int(cast(int, run.options["bonus"]))
            host.add_inches(g, seat, bonus)
            run.state["cheers"] += 1
            g.emit(f"{CHEER}.cheer", "TC-ROW-1", seat=seat, bonus=bonus)
    return rolled


TOY = register(ToyRace())
TOY_CHEER = register_module(ToyCheer())


def race(seats: Sequence[str] = ("red", "blue"), *, modules: Sequence[str] = (), options: Mapping[str, Any] | None = None) -> Scenario:
    data: dict[str, Any] = {
        "name": "race",
        "ruleset": "toy",
        "table": {"width": 48, "height": 24},
        "seats": [{"id": s} for s in seats],
        "fleets": [{"seat": s} for s in seats],
        "options": dict(options or {}),
    }
    if modules:
        data["modules"] = list(modules)
    return parse_scenario(data, "toy race")
