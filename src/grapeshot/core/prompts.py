"""Prompts: what the game is waiting for, and from whom.

The rules run as a generator that yields a :class:`Prompt` whenever a seat
must decide (or a person must type dice).  A prompt names the seats that
must answer (several seats = simultaneous, sealed orders), the rule it
serves, a sentence for people, and checks an answer with :meth:`check`,
which raises :class:`~grapeshot.core.errors.IllegalAction` saying what is
allowed, and lists its legal answers with :meth:`legal` (the random and search
players, the web table's forms and the PettingZoo masks all start there).
Rule sets subclass it to carry the legal choices their players need; a
prompt's ``namespace`` says whose it is (the core's, a rule set's, a module's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from grapeshot.core.actions import CORE, Action, EnterDice, Reroll
from grapeshot.core.choices import Choice, Choices, Part
from grapeshot.core.errors import IllegalAction
from grapeshot.dice import DiceError, RerollGrant, Roll, RollRequest


@dataclass(eq=False)
class Prompt:
    """A decision the game needs."""

    seats: tuple[str, ...]
    rule: str | None
    text: str
    accepts: tuple[type[Action], ...]

    namespace: ClassVar[str] = CORE

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def simultaneous(self) -> bool:
        return len(self.seats) > 1

    def check(self, seat: str, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may answer with ``action``."""
        if seat not in self.seats:
            raise IllegalAction(f"the game is waiting for {', '.join(self.seats)}, not {seat}: {self.text}")
        if not isinstance(action, self.accepts):
            names = ", ".join(a.kind for a in self.accepts)
            raise IllegalAction(f"expected {names} for {self.text!r}, got {action.kind}")
        self.check_choice(seat, action)

    def check_choice(self, seat: str, action: Action) -> None:
        """Ruleset-specific legality; the default accepts any action of an accepted kind."""

    def legal(self, seat: str) -> Choices:
        """The answers ``seat`` may give, from the same code as :meth:`check_choice`.

        Every answer the choices build passes :meth:`check`; continuous answers come as a
        documented finite grid with a random draw over the whole range (see :mod:`.choices`).
        """
        raise NotImplementedError(f"{self.namespace} prompt {self.kind} does not list its legal answers")

    def describe(self) -> dict[str, Any]:
        """A JSON description for views and the web table."""
        return {
            "kind": self.kind,
            "ns": self.namespace,
            "seats": list(self.seats),
            "rule": self.rule,
            "text": self.text,
            "accepts": [a.kind for a in self.accepts],
        }


@dataclass(eq=False)
class DicePrompt(Prompt):
    """Companion play: a person rolls physical dice and types the faces."""

    request: RollRequest | None = None
    parsed: dict[int, Roll] = field(default_factory=dict)

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, EnterDice) and self.request is not None
        try:
            self.parsed[id(action)] = self.request.expr.parse_faces(action.text)
        except DiceError as err:
            raise IllegalAction(f"{self.request.expr} for {self.request.purpose}: {err}") from None

    def legal(self, seat: str) -> Choices:
        """Each die's faces, one part a die (a scatter arrow at the eight compass points)."""
        assert self.request is not None
        expr = self.request.expr
        if expr.kind == "scatter":
            texts = ["hit", *(f"arrow {d}" for d in range(0, 360, 45))]
            return Choices.of([Choice(EnterDice(t), t) for t in texts], "scatter die", note="arrows at the eight compass points")
        faces = tuple(Choice(str(f), str(f)) for f in range(1, expr.sides + 1))
        parts = tuple(Part(f"die {i + 1}", f"die {i + 1} of {expr}", faces) for i in range(expr.count))
        return Choices(parts, lambda picks: EnterDice(" ".join(picks)))

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        assert self.request is not None
        d.update(expr=str(self.request.expr), purpose=self.request.purpose, hint=self.request.expr.hint)
        return d


@dataclass(eq=False)
class RerollPrompt(Prompt):
    """Offer a seat the re-roll its ``grant`` gives: of one die of the roll just made, or of
    the whole roll."""

    roll: Roll | None = None
    request: RollRequest | None = None
    grant: RerollGrant | None = None

    @property
    def whole(self) -> bool:
        return self.grant is not None and self.grant.whole

    def choices(self) -> list[Reroll]:
        """Every legal answer: keep the roll first, then each die (or the whole roll)."""
        assert self.roll is not None
        if self.whole:
            return [Reroll(None), Reroll(whole=True)]
        return [Reroll(None), *(Reroll(i) for i in range(len(self.roll.faces)))]

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Reroll) and self.roll is not None
        if self.whole:
            if action.die is not None:
                raise IllegalAction(f"this re-roll is of the whole roll: answer whole=true, or keep the roll (die null), not die {action.die}")
            return
        if action.whole:
            raise IllegalAction("this re-roll is of one die: give its index as die, or null to keep the roll")
        if action.die is not None and not 0 <= action.die < len(self.roll.faces):
            raise IllegalAction(f"die index must be 0..{len(self.roll.faces) - 1} or null (keep the roll), got {action.die}")

    def legal(self, seat: str) -> Choices:
        assert self.roll is not None
        faces = self.roll.faces

        def words(a: Reroll) -> str:
            if a.whole:
                return f"re-roll the whole roll ({self.roll.expr if self.roll else ''})"
            return "keep the roll" if a.die is None else f"re-roll die {a.die + 1} (a {faces[a.die]})"

        return Choices.of([Choice(a, words(a)) for a in self.choices()], "re-roll")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        assert self.roll is not None and self.request is not None
        d.update(expr=self.roll.expr, faces=list(self.roll.faces), total=self.roll.total, purpose=self.request.purpose, whole=self.whole)
        if self.grant is not None and self.grant.rule is not None:
            d.update(granted_by=self.grant.rule, on_failure=self.grant.on_failure)
        return d
