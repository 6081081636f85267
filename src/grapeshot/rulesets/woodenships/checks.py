"""The one way a figure's action is rolled: a D6 against a number, with the modifiers named.

Every roll of a figure (a shot, a blow, a boarding party, a grapple, climbing aboard) is a D6
that must reach a number, the table's number less what helps: a hero's +1 (WS-FIG-2), the
gang-up bonus (WS-FIG-4), two one-handed weapons (WS-MELEE-2).  Each modifier is kept with the
rule that gives it, so the log says why the number was what it was.  A number above 6 cannot be
reached unless option ``to_hit_seven`` says a 6 and then a 4+ will do (WS-ARMS-2, the "7").
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.rulesets.woodenships.data import HERO_BONUS
from grapeshot.rulesets.woodenships.pieces import Figure


@dataclass(frozen=True, slots=True)
class Mod:
    """One modifier of a roll: what it is, the rule that gives it, how much it adds."""

    rule: str
    what: str
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "what": self.what, "value": self.value}


def hero(figure: Figure) -> list[Mod]:
    """A hero's +1 on every action but firing a cannon (WS-FIG-2)."""
    return [Mod("WS-FIG-2", figure.kind, HERO_BONUS)] if figure.hero else []


def need(base: int, mods: Sequence[Mod]) -> int:
    """The number the D6 must reach: the table's less the modifiers."""
    return base - sum(m.value for m in mods)


def reachable(base: int, mods: Sequence[Mod], seven: str) -> bool:
    """Whether the roll can succeed at all: a 6 or less, or a 7 read as a 6 and then a 4+."""
    n = need(base, mods)
    return n <= 6 or (n == 7 and seven == "six_then_four")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a roll came to: passed or not, the faces rolled, and the number needed."""

    passed: bool
    faces: tuple[int, ...]
    need: int

    def to_json(self) -> dict[str, Any]:
        return {"passed": self.passed, "faces": list(self.faces), "need": self.need}


def attempt(g: Game, figure: Figure, purpose: str, rule: str, base: int, mods: Sequence[Mod], seven: str = "bonus_only") -> Generator[Prompt, Any, Outcome]:
    """Roll a D6 for ``figure`` against ``base`` less ``mods``; a 7 needs a 6 and then a 4+
    with option ``to_hit_seven: six_then_four`` (the caller offers nothing out of reach)."""
    n = need(base, mods)
    assert reachable(base, mods, seven), f"{purpose}: needs {n}"
    first = yield from g.roll(RollRequest(D6, purpose, rule, figure.seat, figure.name, "high", max(1, min(n, 6))))
    if n <= 6:
        return Outcome(first.total >= n, (first.total,), n)
    if first.total < 6:
        return Outcome(False, (first.total,), n)
    second = yield from g.roll(RollRequest(D6, f"{purpose}: a 6, then 4+", "WS-ARMS-2", figure.seat, figure.name, "high", 4))
    return Outcome(second.total >= 4, (first.total, second.total), n)
