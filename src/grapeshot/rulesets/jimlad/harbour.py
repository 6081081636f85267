"""Landing on islands, treasure, and the harbour (JL-LAND-*, JL-PORT-*)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.jimlad.state import Sea, Ship

Proc = Generator[Prompt, Any, Any]


def start_of_movement(g: Game, sea: Sea) -> Proc:
    """JL-PORT-2: ships in harbour roll to leave; landed ships may sail off."""
    yield from ()


def after_move(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-LAND-1: a ship that ends its move within 6" of land may try to land or dock."""
    yield from ()


def trades(g: Game, sea: Sea) -> Proc:
    """JL-PORT-3: ships in harbour spend gold."""
    yield from ()
