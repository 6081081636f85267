"""What a rule asks for: a roll of an expression, why, under which rule, whose, and what passing means."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from grapeshot.dice.expressions import DiceError, DiceExpr, Roll

Better = Literal["high", "low", "hit"]


@dataclass(frozen=True, slots=True)
class RollRequest:
    """A roll a rule needs: the expression, why, under which rule, and whose die it is.

    ``better`` says which way is good for the roller (``"high"``, ``"low"``, ``"hit"`` for a
    scatter die that should land dead on, or None when no face is better); with a ``target``
    the roll is a test that can fail: ``"high"`` passes at ``target`` or more (a to-hit of
    4+), ``"low"`` at ``target`` or less (leadership: 2D6 at most Ld).  A re-roll granted
    only on a failed test reads this (:meth:`passed`).
    """

    expr: DiceExpr
    purpose: str
    rule: str
    seat: str | None = None
    #: the model or ship whose die this is (who may re-roll it)
    actor: str | None = None
    better: Better | None = None
    #: with ``better`` "high" or "low": the total that just passes
    target: int | None = None
    #: a roll only its seat may see (a secret dealt, a hidden draw): its log entries name that seat alone
    private: bool = False

    def __post_init__(self) -> None:
        if self.target is not None and self.better not in ("high", "low"):
            raise DiceError(f"a roll with a target needs better='high' (at least) or 'low' (at most), got {self.better!r} for {self.purpose!r}")

    def passed(self, roll: Roll) -> bool | None:
        """Whether ``roll`` passes this test: None when the request says nothing of passing.

        A scatter die that should hit (``better="hit"``) passes on the hit symbol."""
        if self.better == "hit":
            return roll.is_hit
        if self.target is None:
            return None
        return roll.total >= self.target if self.better == "high" else roll.total <= self.target
