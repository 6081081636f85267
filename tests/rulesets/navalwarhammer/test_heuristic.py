"""The heuristic player's seamanship: a ship with a fixed gun steers to bring it to bear (without
that pull, the Empire's port-mounted great cannon never fired in the two-fleet duel)."""

from __future__ import annotations

import pytest

from grapeshot.core.game import Game
from grapeshot.rulesets.navalwarhammer.courses import course
from grapeshot.rulesets.navalwarhammer.players import heuristic
from grapeshot.rulesets.navalwarhammer.players.heuristic import HeuristicPlayer, bearing_value
from grapeshot.rulesets.navalwarhammer.prompts import SteerPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, ship


def red_to_steer() -> tuple[Sea, SteerPrompt]:
    """A medium ship with a port cannon, a larger enemy crew (so she keeps off) dead ahead."""
    sc = duel(
        [ship("Red", "medium", [HALBERDIERS, {"unit": "Great Cannon", "mount": "port"}])],
        [ship("Blue", "large", [{"unit": "Halberdiers", "models": 30}])],
        red_places=[{"x": 20, "y": 24, "heading": 0}],
        blue_places=[{"x": 44, "y": 24, "heading": 180}],
    )
    g = Game("navalwarhammer", sc, seed=3)
    player = HeuristicPlayer(1)
    while not (isinstance(g.prompt, SteerPrompt) and g.prompt.ship == "Red"):
        assert g.prompt is not None
        seat = g.waiting_for()[0]
        g.submit(seat, player.act(g, seat, g.prompt))
    assert isinstance(g.state, Sea)
    return g.state, g.prompt


def bears_after(sea: Sea, p: SteerPrompt) -> float:
    a = HeuristicPlayer(1).on_SteerPrompt(sea, "red", p)
    red = sea.ships["Red"]
    end = course(red, a.inches, a.turn, a.at).hull_at(a.inches, red.hull.length, red.hull.width)
    gun = next(u for u in sea.crew("Red") if u.is_machine)
    return bearing_value(end, gun, sea.ships["Blue"])


def test_a_ship_keeping_off_turns_to_bring_its_broadside_gun_to_bear(monkeypatch: pytest.MonkeyPatch) -> None:
    sea, p = red_to_steer()
    assert bears_after(sea, p) > 0.8  # within a few degrees of the cannon's line
    monkeypatch.setattr(heuristic, "GUN_BEARING", 0.0)
    assert bears_after(sea, p) == 0.0  # the old scoring liked either broadside alike, and stood still
