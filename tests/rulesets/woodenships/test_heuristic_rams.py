"""The heuristic player and the rules of this stage: it rams an enemy when the ram deals more
than it takes, keeps off rocks and its own ships, cuts a grapple when its crew is the weaker,
hurls barrels, and re-rolls a GW throw that is no hit."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.dice import SCATTER_ARTILLERY
from grapeshot.rulesets.woodenships import gw, ships
from grapeshot.rulesets.woodenships.actions import Steer
from grapeshot.rulesets.woodenships.players.heuristic import steer
from grapeshot.rulesets.woodenships.prompts import SteerPrompt
from tests.rulesets.woodenships.harness import boat, game, scenario, ship, shore

WIDE: dict[str, Any] = {"type": "wide", "sections": 3}
MEN = [{"kind": "man", "count": 6}]


def choice(sc: Any) -> tuple[Steer, Any]:
    g = game(sc, [])
    p = g.prompt
    assert isinstance(p, SteerPrompt)
    s = shore(g)
    answer = steer(s, "red", p)
    _, contact, _, _ = ships.sail(s, boat(g, "Red"), answer.angle, answer.inches, p.spin)
    return answer, contact


@pytest.mark.rules("WS-RAM-1", "WS-RAM-2")
def test_the_heuristic_rams_a_weaker_hull_even_when_its_crew_would_stand_off() -> None:
    # a wide ship (D6+3) with her bow 5" off a rowboat's side (D6-3): her crew of two is no match
    # for the boat's four, which would keep her 10" off, but the ram pays
    sc = scenario([ship("Red", 20, 20, 0, [{"kind": "man"}], **WIDE)], [ship("Blue", 31, 20, 90, [{"kind": "man", "count": 3}], type="rowboat")])
    _, contact = choice(sc)
    assert contact is not None and (contact.ident, contact.kind) == ("Blue", "ship")


@pytest.mark.rules("WS-RAM-1")
def test_the_heuristic_keeps_off_rocks_and_its_own_ships() -> None:
    rocks = {"kind": "rocks", "name": "Reef", "polygon": [[27, 14], [29, 14], [29, 26], [27, 26]]}
    sc = scenario([ship("Red", 20, 20, 0, MEN, **WIDE), ship("Red2", 20, 30, 0, MEN)], [ship("Blue", 50, 20, 180, MEN)], terrain=[rocks])
    _, contact = choice(sc)
    assert contact is None or contact.kind not in ("rocks", "ship")


@pytest.mark.rules("WS-GUN-10")
def test_the_heuristic_rerolls_a_gw_throw_that_is_no_hit() -> None:
    arrow = SCATTER_ARTILLERY.result([6, 4], 90.0)
    misfire = SCATTER_ARTILLERY.result([1, 0], None)
    hit = SCATTER_ARTILLERY.result([1, 6], None)
    assert gw.wanted("WS-GUN-10", arrow, False) == Reroll(0)
    assert gw.wanted("WS-GUN-10", misfire, False) == Reroll(1)
    assert gw.wanted("WS-GUN-10", arrow, True) == Reroll(whole=True)
    assert gw.wanted("WS-GUN-10", hit, False) == Reroll() and gw.wanted("WS-FIG-5", arrow, False) == Reroll()
