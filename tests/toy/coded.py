"""The toy race again, with a PettingZoo encoding: a second rule set for the generic environments.

``coded`` plays exactly as ``toy`` (same prompts, actions, rules and module), and only adds
:meth:`CodedRace.encoding`, so the environments are shown serving a rule set that is not Jim
Lad's: sealed paces answered by every seat at once, a continuous drift offered as a grid of five
distances, a rule module's prompt (``toy-cheer.CheerPrompt``) in the catalogue, and a secret
that each seat may see only of its own (the encoding reads its state as ``ToyRace.view``
shows it to that seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import ActionTemplate, Encoding, SeatView
from grapeshot.core.contract import ENCODING, HOST, VIEW, Capability
from grapeshot.core.game import Game
from grapeshot.core.ruleset import register
from grapeshot.core.scenario import Scenario, parse_scenario
from tests.toy import CHEER, NS, Cheer, CheerPrompt, Course, Drift, DriftPrompt, Pace, PacePrompt, ToyRace, race

COURSE_SCALE = 48.0  # inches: a race is about this long
DRIFTS = (0.0, 0.25, 0.5, 0.75, 1.0)  # fractions of the most a boat may drift


class CodedEncoder:
    """Templates: pace 1-3, drift at the ends and quarters of the range, cheer or not."""

    simultaneous = frozenset({"PacePrompt"})
    helper = "random"

    def __init__(self, game: Game) -> None:
        course = cast(Course, game.state)
        self.seats = course.seats
        self.turns = course.turns
        t = [ActionTemplate("PacePrompt", "pace", f"pace {p}") for p in (1, 2, 3)]
        t += [ActionTemplate("DriftPrompt", "drift", f"drift {f:.0%} of the most") for f in DRIFTS]
        if CHEER in game.modules:
            t += [ActionTemplate(f"{CHEER}.CheerPrompt", "cheer", words) for words in ("no cheer", "cheer")]
        self.templates: tuple[ActionTemplate, ...] = tuple(t)
        self.features: tuple[str, ...] = (
            "turn",
            "my_secret",
            *(f"prompt_{k}" for k in ("pace", "drift", "cheer", "none")),
            *(f"seat_{s}" for s in self.seats),
            *(f"{s}_{f}" for s in self.seats for f in ("inches", "capsized")),
        )

    def steps(self, view: SeatView) -> int:
        return 1

    def action_for(self, view: SeatView, index: int) -> Action | None:
        p = view.prompt
        if isinstance(p, PacePrompt) and index < 3:
            return Pace(index + 1)
        if isinstance(p, DriftPrompt) and 3 <= index < 8:
            return Drift(p.most * DRIFTS[index - 3])
        if isinstance(p, CheerPrompt) and index >= 8:
            return Cheer(index == 9)
        return None

    def observe(self, view: SeatView) -> Sequence[float]:
        course = cast(Course, view.state)
        p = view.prompt
        out = [course.turn / self.turns, course.boats[view.seat].secret / 6.0]  # its own secret only
        out += [float(isinstance(p, k)) for k in (PacePrompt, DriftPrompt, CheerPrompt)] + [float(p is None)]
        out += [float(s == view.seat) for s in self.seats]
        for s in self.seats:
            boat = course.boats[s]
            out += [boat.inches / COURSE_SCALE, float(boat.capsized_turn == course.turn)]
        return out

    def info(self, view: SeatView) -> Mapping[str, Any]:
        return {}

    def material(self, state: Any, seat: str) -> float:
        """Inches ahead of the rest of the field together."""
        boats = cast(Course, state).boats
        return boats[seat].inches - sum(b.inches for s, b in boats.items() if s != seat)


class CodedEncoding:
    def encoder(self, game: Game) -> CodedEncoder:
        return CodedEncoder(game)


class CodedRace(ToyRace):
    name: ClassVar[str] = "coded"
    aliases: ClassVar[tuple[str, ...]] = ("toy-coded",)
    title: ClassVar[str] = "Toy race with a PettingZoo encoding (tests only)"
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({VIEW, HOST, ENCODING})

    @property
    def namespace(self) -> str:
        return NS  # the toy's own actions and prompts

    def encoding(self) -> Encoding:
        return CodedEncoding()


CODED = register(CodedRace())


def coded_race(seats: Sequence[str] = ("red", "blue"), *, modules: Sequence[str] = (), options: Mapping[str, Any] | None = None) -> Scenario:
    """A toy race scenario played under the coded rule set."""
    return parse_scenario({**race(seats, modules=modules, options=options).raw, "ruleset": "coded"}, "coded race")
