"""Random events (JL-EVT-*): the events phase, and what the events table does."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.jimlad.state import Sea

Proc = Generator[Prompt, Any, Any]


def events_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-2: from turn 2, random events and the non-player models act before the players."""
    yield from ()


def becalmed_shooting(g: Game, sea: Sea) -> Proc:
    """JL-EVT-5: becalmed sailing ships get a round of shooting in the movement phase."""
    yield from ()
