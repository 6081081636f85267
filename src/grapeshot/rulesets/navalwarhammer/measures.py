"""What a player may measure at a Naval Warhammer table, declared in one list.

The fantasy core does not let a player measure before he commits, and at sea a cannon's crew and
a stone thrower's guess their range by eye (NW-CANNON-1, FB-STONE-1): the skill the rule asks for
is the guess.  So the table shows the measures below and no other: a seat's view, its listing of
legal shots and the page's drawing all ask :func:`seen`.  A measure with an ``option`` is a house
rule, shown only when that option is on (``pre_measure``, off by default: docs/rulings.md).
What the dice then did (where the ball landed, the true range) is revealed with the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grapeshot.rulesets.navalwarhammer.state import Sea

#: the war machines whose crews guess the range before the dice (NW-CANNON-1, FB-STONE-1)
GUESSING = ("cannon", "stone thrower")


@dataclass(frozen=True)
class Measure:
    """One distance or reach the table may show a player, the rule that lets him know it, and the
    option that must be on for it (``None``: always)."""

    name: str
    rule: str
    words: str
    option: str | None = None


MEASURES: tuple[Measure, ...] = (
    Measure("move", "NW-MOVE-1", "how far a ship may move this turn, and where the move chosen would end"),
    Measure("arcs", "NW-CANNON-2", "a war machine's 45-degree arc and the least and most its range reaches"),
    Measure("shooter-range", "NW-CREW-3", "a shooter's range, and the distance to a target of a weapon that does not guess"),
    Measure("point-blank", "NW-CANNON-3", "a cannon's shot placed on a ship within 12 inches, which is not guessed"),
    Measure(
        "guessed-range",
        "NW-CANNON-1",
        "the true distance from a cannon or stone thrower to its target before its crew guesses",
        option="pre_measure",
    ),
)


def shown(options: Mapping[str, object]) -> list[str]:
    """The names of the measures a game under these options shows its players (the house rules decide)."""
    return [m.name for m in MEASURES if m.option is None or bool(options.get(m.option))]


def seen(sea: Sea) -> list[str]:
    """The names of the measures this game shows its players."""
    return shown(sea.options)


def tape_allowed(options: Mapping[str, object]) -> bool:
    """Whether the table's free tape measure may be offered: only where every measure is shown (a
    tape run from a gun to its target would tell a guessing crew its range)."""
    return len(shown(options)) == len(MEASURES)


def premeasured(sea: Sea) -> bool:
    """Whether a guessing war machine's true range may be shown before it guesses."""
    return "guessed-range" in seen(sea)
