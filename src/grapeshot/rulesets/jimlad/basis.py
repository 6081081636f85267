"""Why each number in a verdict is what it is: the terms it is made of, each with its rule.

A verdict's event carries a ``basis``: for each of its numbers (a strength, an armour value,
a score needed, a leadership, a distance) the list of terms it was made from, each naming the
rule that gave it (``{"rule": "JL-RAM-5", "what": "Goffs", "value": 1}``).  The values of a
number's terms add up to it; a term whose value is 0 names a rule that applied without
changing the number (the wind abeam), and a term may give a word instead of a number where
the field is not a number (the facing struck, when the damage table is rolled).  So the log
explains every number it records, rule by rule (docs/events.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grapeshot.core.game import Game

Term = dict[str, Any]
Basis = dict[str, list[Term]]


def term(rule: str, what: str, value: Any) -> Term:
    """One term of a number: the rule that gave it, in words, and its value."""
    return {"rule": rule, "what": what, "value": value}


def total(terms: Sequence[Term]) -> int:
    """The number the terms make (their values added up)."""
    return int(sum(t["value"] for t in terms if isinstance(t["value"], (int, float)) and not isinstance(t["value"], bool)))


def single(rule: str, what: str, value: Any) -> list[Term]:
    """A number that one rule gives by itself."""
    return [term(rule, what, value)]


def explained(g: Game, basis: Basis) -> dict[str, Any]:
    """The ``basis`` field for an event's data, when the game keeps a log (else nothing)."""
    return {"basis": basis} if g.logging and basis else {}
