"""The collisions module's decisions: its actions and the prompts that ask for them, in the
module's own namespace (written ``collisions.<kind>`` on the wire).

Each prompt lists its legal answers from the same facts its check reads (the decline first, by
the project's convention), so the random and search players, the web table's forms and the
checks agree:

* :class:`GrapplePrompt`: try to grapple with two or more spare crew, or not (CG-GRAP-1);
* :class:`BoardPrompt`: send a boarding party of so many, cut loose (at the boarding step), or
  wait (CG-BOARD-1, CG-BOARD-5);
* :class:`StrikePrompt`: strike the colours after a lost round of a boarding action (CG-BOARD-3);
* :class:`PlanPrompt`: play a Cunning Plan for boats or swimmers going aboard (CG-BOARD-5);
* :class:`FreePrompt`: free so many prisoners held below decks to join the prize crew
  (CG-BOARD-4);
* :class:`SwimPrompt`: for each of a seat's swimmers, tread water, swim for a vessel or a piece
  of flotsam, or swim to an enemy vessel to surrender (CG-SWIM-1, CG-SWIM-3), one part a
  swimmer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from grapeshot.core.actions import Action, action, qualify_namespace
from grapeshot.core.choices import Choice, Choices, Part
from grapeshot.core.errors import IllegalAction
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.collisions.state import NAME

qualify_namespace(NAME)


@action("grapple", NAME)
@dataclass(frozen=True, slots=True)
class Grapple(Action):
    """Try to grapple ``target`` from ``vessel`` with this many spare crew (0: do not try)."""

    vessel: str
    target: str
    grapplers: int


@action("board", NAME)
@dataclass(frozen=True, slots=True)
class Board(Action):
    """Send ``party`` figures from ``vessel`` aboard ``target``, or try to cut loose (``cut``),
    or neither (wait)."""

    vessel: str
    target: str
    party: int = 0
    cut: bool = False


@action("strike", NAME)
@dataclass(frozen=True, slots=True)
class Strike(Action):
    strike: bool


@action("plan", NAME)
@dataclass(frozen=True, slots=True)
class PlayPlan(Action):
    play: bool


@action("free", NAME)
@dataclass(frozen=True, slots=True)
class Free(Action):
    count: int


SwimKind = Literal["stay", "swim", "surrender"]


@dataclass(frozen=True, slots=True)
class SwimOrder:
    """One swimmer's order: tread water, swim for ``toward`` (a vessel or a piece of flotsam),
    or swim to the enemy vessel ``toward`` and surrender."""

    figure: str
    order: SwimKind
    toward: str = ""


@action("swim", NAME)
@dataclass(frozen=True, slots=True)
class Swim(Action):
    orders: tuple[SwimOrder, ...]


@dataclass(eq=False)
class ModulePrompt(Prompt):
    namespace: ClassVar[str] = NAME


def _yes_no(no: Action, yes: Action, no_words: str, yes_words: str, label: str) -> Choices:
    return Choices.of([Choice(no, no_words), Choice(yes, yes_words)], label)


@dataclass(eq=False)
class GrapplePrompt(ModulePrompt):
    vessel: str = ""
    target: str = ""
    spare: int = 0

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Grapple)
        if (action.vessel, action.target) != (self.vessel, self.target):
            raise IllegalAction(f"this grapple is {self.vessel} against {self.target}, not {action.vessel} against {action.target}")
        if action.grapplers != 0 and not 2 <= action.grapplers <= self.spare:
            raise IllegalAction(f"a grapple needs 2 to {self.spare} spare crew (or 0 not to try), not {action.grapplers}")

    def legal(self, seat: str) -> Choices:
        counts = [0, *range(2, self.spare + 1)]
        return Choices.of([Choice(Grapple(self.vessel, self.target, n), "do not grapple" if n == 0 else f"grapple with {n}") for n in counts], "grapple")

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "vessel": self.vessel, "target": self.target, "spare": self.spare}


@dataclass(eq=False)
class BoardPrompt(ModulePrompt):
    vessel: str = ""
    target: str = ""
    most: int = 0
    may_cut: bool = False
    immediate: bool = False

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Board)
        if (action.vessel, action.target) != (self.vessel, self.target):
            raise IllegalAction(f"this is {self.vessel} against {self.target}, not {action.vessel} against {action.target}")
        if action.cut and not self.may_cut:
            raise IllegalAction("cutting loose is for the boarding step, between grappled ships")
        if action.cut and action.party:
            raise IllegalAction("either board or cut loose, not both")
        if not 0 <= action.party <= self.most:
            raise IllegalAction(f"a boarding party of 1 to {self.most} (0: none), not {action.party}")

    def legal(self, seat: str) -> Choices:
        out = [Choice(Board(self.vessel, self.target), "wait")]
        if self.may_cut:
            out.append(Choice(Board(self.vessel, self.target, cut=True), "cut loose"))
        out += [Choice(Board(self.vessel, self.target, n), f"board with {n}") for n in range(1, self.most + 1)]
        return Choices.of(out, "boarding")

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "vessel": self.vessel, "target": self.target, "most": self.most, "may_cut": self.may_cut, "immediate": self.immediate}


@dataclass(eq=False)
class StrikePrompt(ModulePrompt):
    vessel: str = ""

    def legal(self, seat: str) -> Choices:
        return _yes_no(Strike(False), Strike(True), "fight on", "strike the colours", "colours")


@dataclass(eq=False)
class PlanPrompt(ModulePrompt):
    target: str = ""

    def legal(self, seat: str) -> Choices:
        return _yes_no(PlayPlan(False), PlayPlan(True), "keep the Cunning Plan", "play the Cunning Plan", "cunning plan")


@dataclass(eq=False)
class FreePrompt(ModulePrompt):
    vessel: str = ""
    most: int = 0

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Free)
        if not 0 <= action.count <= self.most:
            raise IllegalAction(f"free 0 to {self.most} prisoners, not {action.count}")

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(Free(n), "free none" if n == 0 else f"free {n}") for n in range(self.most + 1)], "prisoners")


@dataclass(eq=False)
class SwimPrompt(ModulePrompt):
    #: each swimmer with the orders it may be given (the first: tread water)
    swimmers: tuple[tuple[str, tuple[SwimOrder, ...]], ...] = ()

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Swim)
        allowed = dict(self.swimmers)
        given = [o.figure for o in action.orders]
        if sorted(given) != sorted(allowed):
            raise IllegalAction(f"give one order to each of {', '.join(allowed)}, got {', '.join(given) or 'none'}")
        for o in action.orders:
            if o not in allowed[o.figure]:
                raise IllegalAction(f"{o.figure} cannot {o.order} {o.toward}".strip() + f"; it may: {', '.join(_words(x) for x in allowed[o.figure])}")

    def legal(self, seat: str) -> Choices:
        parts = tuple(Part(figure, f"{figure} in the water", [Choice(o, _words(o)) for o in orders]) for figure, orders in self.swimmers)

        def build(picks: Sequence[Any]) -> Action:
            return Swim(tuple(picks))

        return Choices(parts, build)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "swimmers": [f for f, _ in self.swimmers]}


def _words(o: SwimOrder) -> str:
    if o.order == "stay":
        return "tread water"
    return f"swim for {o.toward}" if o.order == "swim" else f"swim to {o.toward} and surrender"
