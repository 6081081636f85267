"""The close combat phase: grapnels thrown again, a round of deck fighting, its results, cutting
loose and consolidation (NW-BOARD-3 to NW-BOARD-10)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import hull_distance
from grapeshot.rulesets.navalwarhammer.aftermath import consolidation, cut_loose_phase, results
from grapeshot.rulesets.navalwarhammer.contact import grapple
from grapeshot.rulesets.navalwarhammer.data import GRAPPLE
from grapeshot.rulesets.navalwarhammer.deckfight import fight
from grapeshot.rulesets.navalwarhammer.state import Sea

Proc = Generator[Prompt, Any, Any]
#: hulls this close are touching (a swept move stops a hair short)
TOUCHING = 0.05


def combat_phase(g: Game, sea: Sea, seat: str) -> Proc:
    g.begin_phase("combat", "NW-BOARD-3")
    yield from grapnels(g, sea, seat)
    fought = yield from fight(g, sea)
    yield from results(g, sea, fought)
    yield from cut_loose_phase(g, sea, seat)
    yield from consolidation(g, sea, fought)


def grapnels(g: Game, sea: Sea, seat: str) -> Proc:
    """Enemy ships touching but not grappled: the side whose turn it is throws grapnels again (D6, 3+)."""
    for ship in sea.fleet(seat):
        for other in list(sea.afloat()):
            if other.commander == seat or other.name in ship.grappled or hull_distance(ship.hull, other.hull) > TOUCHING:
                continue
            r = yield from g.roll(RollRequest(D6, f"{ship.name}: grapnels at {other.name}", "NW-BOARD-1", seat, ship.name, "high", GRAPPLE))
            held = r.total >= GRAPPLE
            if held:
                grapple(sea, ship, other)
            g.emit("alongside", "NW-BOARD-1", ship=ship.name, target=other.name, headlong=False, swung=False, roll=r.total, needed=GRAPPLE, grappled=held)
