"""A roll-off: who goes first, by the highest D6, ties rolled again among the tied.

Rule sets put seats in order this way for the turn sequence (Jim Lad, JL-TURN-6), the
initiative and the first pick of a weapons draft (Wooden Ships, WS-RULING-1).  Every die is
asked of the game (``Game.roll``), so the roll-off is logged, scripted in tests and typed by
hand in companion play like any other roll.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any

from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest

if TYPE_CHECKING:
    from grapeshot.core.game import Game


def roll_off(g: Game, seats: Sequence[str], rule: str, purpose: Callable[[str], str]) -> Generator[Prompt, Any, list[str]]:
    """The seats from the highest D6 to the lowest; tied seats roll again among themselves
    (at once, before any lower group is settled).  ``purpose`` words each seat's roll for the
    log.  The groups still to settle are kept on a stack rather than in nested calls, so people
    entering tie after tie by hand (companion play) never run the game out of stack."""
    out: list[str] = []
    groups: list[list[str]] = [list(seats)]  # the highest group still to settle on top
    while groups:
        group = groups.pop()
        if len(group) <= 1:
            out.extend(group)
            continue
        scores: dict[str, int] = {}
        for seat in group:
            r = yield from g.roll(RollRequest(D6, purpose(seat), rule, seat, None, "high"))
            scores[seat] = r.total
        for value in sorted(set(scores.values())):  # the lowest pushed first: the highest settles next
            groups.append([s for s in group if scores[s] == value])
    return out
