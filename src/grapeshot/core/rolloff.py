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
    """The seats from the highest D6 to the lowest; tied seats roll again among themselves.
    ``purpose`` words each seat's roll for the log."""
    if len(seats) <= 1:
        return list(seats)
    scores: dict[str, int] = {}
    for seat in seats:
        r = yield from g.roll(RollRequest(D6, purpose(seat), rule, seat, None, "high"))
        scores[seat] = r.total
    out: list[str] = []
    for value in sorted(set(scores.values()), reverse=True):
        tied = [s for s in seats if scores[s] == value]
        out.extend((yield from roll_off(g, tied, rule, purpose)) if len(tied) > 1 else tied)
    return out
