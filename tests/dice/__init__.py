"""Tests of the dice package, the re-rolls granted by a rule, and their exact odds."""

from grapeshot.dice import DiceExpr, RollRequest


def req(expr: DiceExpr, purpose: str = "test roll", rule: str = "T-1") -> RollRequest:
    """A roll request with nothing but an expression, a purpose and a rule."""
    return RollRequest(expr, purpose, rule)
