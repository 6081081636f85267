"""What goes wrong when odds are asked for."""

from __future__ import annotations


class OddsError(ValueError):
    """The odds asked for cannot be worked out: an unknown piece, a situation or action the game
    refuses (with the game's own reason), a prompt inside a procedure with no policy for it."""


class OverBudget(Exception):
    """An exact enumeration needed more runs than its budget (the caller falls back to Monte Carlo)."""
