"""Directions on the table that several rules need: a random one from the scatter die (a hulk's
drift, where the models enter and drift, JL-NPC-3) and how a course lies to the wind (JL-KLAN-8).

It is a room of its own, below the movement rules, because the rules that a move runs into
(:mod:`.collisions`, and through it the models: :mod:`.mines`, :mod:`.kraken`) need these too,
and would otherwise import the movement rules that call them.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import SCATTER, RollRequest
from grapeshot.geometry import wind_quarter
from grapeshot.rulesets.jimlad.state import Sea

WindSector = Literal["with", "against", "side"]


def wind_sector(wind: float, course: float, half_width: float) -> WindSector:
    """JL-KLAN-8: sailing with the wind (within ``half_width`` of downwind), against it, or across it."""
    quarter = wind_quarter(course, wind, half_width)
    return "side" if quarter == "across" else quarter


def roll_direction(g: Game, sea: Sea, purpose: str, rule: str) -> Generator[Prompt, Any, float]:
    """A random direction from the scatter die; a "hit" has no direction and is rolled again (JL-NPC-3)."""
    while True:
        r = yield from g.roll(RollRequest(SCATTER, purpose, rule))
        if r.direction is not None:
            return r.direction
