"""The full-throttle chart: a stand-in for the naval supplement's, kept with the core so the
engineer's re-roll of it (NW-MOVE-4, :mod:`.rerolls`) has its roll.

A steam ship may push its engine past its rating in a movement phase.  It rolls a D6 on the
chart (FB-THROTTLE-1): 1 the boiler bursts (no steam at all this turn, and the ship takes one
S5 hit on its hull, which the rule set resolves), 2-3 the engine coughs (no extra steam), 4-5
one extra steam point, 6 two.  An Empire Master Engineer, a Skaven Warplock Engineer or a
Dwarf Runesmith or Runelord in the working crew may have the roll made again, once, whatever
it showed; the second roll stands.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest

#: FB-THROTTLE-1: the chart, by the D6: (extra steam points, the boiler bursts)
CHART: dict[int, tuple[int, bool]] = {1: (0, True), 2: (0, False), 3: (0, False), 4: (1, False), 5: (1, False), 6: (2, False)}
#: the strength of the hit a burst boiler deals its own hull
BURST_STRENGTH = 5
#: the rule the chart's roll is made under (what the engineer's grant looks for)
RULE = "FB-THROTTLE-1"


@dataclass(frozen=True, slots=True)
class Throttle:
    ship: str
    roll: int
    extra: int
    burst: bool


def full_throttle(g: Game, seat: str, ship: str) -> Generator[Prompt, Any, Throttle]:
    """FB-THROTTLE-1: one roll on the full-throttle chart for ``ship`` (its actor, so the
    engineer's grant finds the crew)."""
    r = yield from g.roll(RollRequest(D6, f"{ship}: the full-throttle chart", RULE, seat, ship, "high"))
    extra, burst = CHART[int(r.total)]
    g.emit("full-throttle", RULE, ship=ship, roll=r.total, extra_steam=extra, burst=burst, burst_strength=BURST_STRENGTH if burst else None)
    return Throttle(ship, r.total, extra, burst)
