"""What a Wooden Ships game asks in play, each prompt with its legal answers from the same code
as its check: a ship's steering for one movement phase, the next figure to act, its move and its
action.  (The draft's prompts are in :mod:`.draft`.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices, Part, Rng
from grapeshot.core.errors import IllegalAction
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Obstruction
from grapeshot.rulesets.woodenships import acts, figures, wind
from grapeshot.rulesets.woodenships.actions import Act, Move, Next, Steer
from grapeshot.rulesets.woodenships.data import NS
from grapeshot.rulesets.woodenships.pieces import Figure
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.ships import SWING
from grapeshot.rulesets.woodenships.state import Shore

#: the ruler's listed swings (degrees to port; negative to starboard) and marks (shares of the movement value)
SWINGS = (-90.0, -60.0, -30.0, 0.0, 30.0, 60.0, 90.0)
MARKS = (0.5, 1.0)


@dataclass(eq=False)
class SteerPrompt(Prompt):
    """WS-MOVE-1: one movement phase of a ship: where to swing the ruler and which mark to take."""

    namespace: ClassVar[str] = NS

    ship: str = ""
    phase: int = 0
    value: float = 0.0
    spin: bool = False
    #: the table, for the wind's say (WS-WIND-1); None in play without it
    shore: Shore | None = None

    def refused(self, action: Steer) -> str | None:
        if not -SWING - 1e-9 <= action.angle <= SWING + 1e-9:
            return f"the ruler swings at most {SWING:g} degrees either way from the bow, not {action.angle:g} (WS-MOVE-1)"
        if not -1e-9 <= action.inches <= self.value + 1e-9:
            return f'{self.ship} may take a mark from 0" to {self.value:g}" along the ruler this phase, not {action.inches:g}"'
        if self.shore is not None:
            return wind.steer_refused(self.shore, self.shore.ships[self.ship], self.value, self.spin, action.angle, action.inches)
        return None

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Steer)
        why = self.refused(action)
        if why is not None:
            raise IllegalAction(why)

    def legal(self, seat: str) -> Choices:
        """Holding her course first, then the ruler at every 30 degrees from hard to port to hard
        to starboard, at half and all of the movement value; the draw is uniform over the swing
        and the marks."""
        grid = [Choice(Steer(), "hold her course" if not self.spin else "stay as she lies")]
        for angle in SWINGS:
            for share in MARKS:
                if angle == 0.0 and self.spin:
                    continue
                a = Steer(angle, self.value * share)
                if self.refused(a) is None:
                    grid.append(Choice(a, _steer_words(a, self.spin)))

        def draw(rng: Rng) -> Choice:
            for _ in range(8):
                a = Steer(rng.uniform(-SWING, SWING), rng.uniform(0.0, self.value))
                if self.refused(a) is None:
                    return Choice(a, _steer_words(a, self.spin))
            return Choice(Steer(), _steer_words(Steer(), self.spin))

        return Choices(
            (Part(self.ship, f"{self.ship}'s phase {self.phase + 1}", tuple(grid), draw, "the ruler every 30 degrees, at half and the whole value"),)
        )

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(ship=self.ship, phase=self.phase + 1, value=self.value, spin=self.spin, swing=SWING)
        return d


def _steer_words(a: Steer, spin: bool) -> str:
    side = "ahead" if abs(a.angle) < 1e-9 else f"{abs(a.angle):.0f} degrees to {'port' if a.angle > 0 else 'starboard'}"
    return f'{"spin" if spin else "sail"} {side}, mark at {a.inches:.1f}"'


@dataclass(eq=False)
class NextPrompt(Prompt):
    """WS-FIG-3: which of the side's figures moves and acts next (or none: the side is done)."""

    namespace: ClassVar[str] = NS

    ready: tuple[str, ...] = ()

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Next)
        if action.figure is not None and action.figure not in self.ready:
            raise IllegalAction(f"{action.figure!r} has no turn to take now; ready: {list(self.ready)}")

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(Next(), "end the figures' turn"), *(Choice(Next(f), f) for f in self.ready)], "next figure")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["ready"] = list(self.ready)
        return d


@dataclass(eq=False)
class MovePrompt(Prompt):
    """WS-FIG-3: where a figure moves (up to 8", 4" swimming) and what it picks up on the way."""

    namespace: ClassVar[str] = NS

    shore: Shore | None = None
    figure: str = ""
    _spaces: figures.Spaces | None = field(default=None, repr=False)
    #: moves already worked out: nothing moves while the prompt is open
    _plans: dict[Move, figures.Plan] = field(default_factory=dict, repr=False)

    def _figure(self) -> Figure:
        assert self.shore is not None
        return self.shore.figures[self.figure]

    def spaces(self) -> figures.Spaces:
        if self._spaces is None:
            assert self.shore is not None
            self._spaces = figures.Spaces(self.shore, self._figure())
        return self._spaces

    def plan_for(self, move: Move) -> figures.Plan:
        known = self._plans.get(move)
        if known is None:
            assert self.shore is not None
            known = self._plans[move] = figures.check(self.shore, self._figure(), move, self.spaces())
        return known

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Move)
        self.plan_for(action)

    def legal(self, seat: str) -> Choices:
        """Standing still, then the lattice every 2" within reach and the useful places
        (:func:`.figures.goals`), worked out when first read; the draw goes anywhere within reach."""
        assert self.shore is not None
        shore = self.shore

        def grid() -> list[Choice]:
            out = []
            for move, made, words in figures.legal_moves(shore, self._figure(), self.spaces()):
                self._plans.setdefault(move, made)
                out.append(Choice(move, words))
            return out

        def draw(rng: Rng) -> Choice:
            move, made = figures.sample(shore, self._figure(), self.spaces(), rng)
            self._plans.setdefault(move, made)
            return Choice(move, "a move drawn at random")

        return Choices.of(
            grid, f"{self.figure}'s move", sample=draw, note='a lattice every 2" within reach, and beside weapons, enemies, ships, water and land'
        )

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["figure"] = self.figure
        return d


@dataclass(eq=False)
class ActPrompt(Prompt):
    """WS-FIG-3: the figure's one action after moving."""

    namespace: ClassVar[str] = NS

    shore: Shore | None = None
    figure: str = ""
    #: the weapon just reloaded, when option reload_and_fire lets the figure fire another
    after_reload: str | None = None
    _obs: list[Obstruction] | None = field(default=None, repr=False)
    _legal: list[Act] | None = field(default=None, repr=False)

    def obstructions(self) -> list[Obstruction]:
        if self._obs is None:
            assert self.shore is not None
            self._obs = obstructions(self.shore)
        return self._obs

    def options(self) -> list[Act]:
        if self._legal is None:
            assert self.shore is not None
            self._legal = acts.legal(self.shore, self.shore.figures[self.figure], self.obstructions(), self.after_reload)
        return self._legal

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Act) and self.shore is not None
        why = acts.refused(self.shore, self.shore.figures[self.figure], action, self.obstructions(), self.after_reload)
        if why is not None:
            raise IllegalAction(why)

    def legal(self, seat: str) -> Choices:
        assert self.shore is not None
        shore = self.shore
        return Choices.of([Choice(a, acts.words(shore, a)) for a in self.options()], f"{self.figure}'s action")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(figure=self.figure, after_reload=self.after_reload)
        return d
