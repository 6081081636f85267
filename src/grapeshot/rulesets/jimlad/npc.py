"""The non-player models: floating mines, Da Kraken, Da Dred NoOrk and Da Chinork (JL-NPC-*)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Contact, Vec
from grapeshot.rulesets.jimlad.data import MINE_STRENGTH
from grapeshot.rulesets.jimlad.state import Mine, Sea, Ship

Proc = Generator[Prompt, Any, Any]


def setup_models(g: Game, sea: Sea) -> Proc:
    """Before the first turn: the mines (JL-NPC-1) and Da Chinork on a landing pad (JL-EVT-11)."""
    yield from ()


def ship_meets(g: Game, sea: Sea, ship: Ship, contact: Contact, course: float) -> Generator[Prompt, Any, bool]:
    """A moving ship touches a mine, the Kraken or the sub; True if its move goes on."""
    if contact.kind == "mine":
        mine = next(m for m in sea.mines if m.name == contact.ident)
        yield from detonate(g, sea, mine, ship)
        return True
    return False


def detonate(g: Game, sea: Sea, mine: Mine, ship: Ship) -> Proc:
    """JL-NPC-1: a mine that meets a ship detonates: it is removed and strikes the ship at S8
    on the facing towards it (ruling: a ship sailing into a mine sets it off too, and sails on)."""
    from grapeshot.rulesets.jimlad.collisions import blow

    sea.mines.remove(mine)
    g.emit("mine", "JL-NPC-1", mine=mine.name, ship=ship.name, at=[round(mine.x, 4), round(mine.y, 4)])
    yield from blow(
        g,
        sea,
        ship,
        MINE_STRENGTH,
        ship.hull.facing_towards(Vec(mine.x, mine.y)),
        by_seat=None,
        by_actor=None,
        cause=f"{mine.name} detonating",
        rule="JL-NPC-1",
    )
