"""The ``steer`` preview (:mod:`grapeshot.rulesets.woodenships.helm`): what it says a ruler move
does is what the move then does, for the prompt's listed answers and for answers between them,
a stop against another ship included; it moves nothing and answers only while a ship steers."""

from __future__ import annotations

import pytest

from grapeshot.core.game import Game
from grapeshot.rulesets.woodenships.actions import Steer
from grapeshot.rulesets.woodenships.helm import steer
from grapeshot.rulesets.woodenships.prompts import SteerPrompt
from tests.rulesets.woodenships.harness import boat, kinds, scenario, ship, until


def steering(red_at: tuple[float, float, float], blue_at: tuple[float, float, float]) -> Game:
    sc = scenario([ship("Red", *red_at)], [ship("Blue", *blue_at)])
    g = Game(sc.ruleset, sc, seed=3)  # seeded dice, so a copy plays the move
    p = until(g, "SteerPrompt")
    assert isinstance(p, SteerPrompt) and p.ship == "Red"
    return g


def made(g: Game, angle: float, inches: float) -> tuple[float, float, float]:
    """Red's pose after the move, played on a copy of the game."""
    c = g.copy()
    c.submit("red", Steer(angle, inches))
    h = boat(c, "Red").hull
    return h.x, h.y, h.heading


@pytest.mark.rules("WS-MOVE-1")
@pytest.mark.parametrize("angle,inches", [(0.0, 12.0), (30.0, 12.0), (-60.0, 6.0), (90.0, 12.0), (17.0, 9.3), (-83.5, 2.25)])
def test_the_preview_ends_where_the_move_ends(angle: float, inches: float) -> None:
    g = steering((20.0, 20.0, 0.0), (50.0, 34.0, 180.0))
    before = boat(g, "Red").hull
    pv = steer(g, "red", {"angle": angle, "inches": inches})
    assert boat(g, "Red").hull == before  # only read
    x, y, heading = made(g, angle, inches)
    assert pv["ok"] and pv["to"]["x"] == pytest.approx(x, abs=1e-3) and pv["to"]["y"] == pytest.approx(y, abs=1e-3)
    assert (pv["to"]["heading"] - heading + 180) % 360 - 180 == pytest.approx(0.0, abs=1e-3)
    # the ruler runs from the bow along the swing; the tracks end at the end pose's bow and stern
    assert pv["ruler"]["from"] == pytest.approx([before.bow.x, before.bow.y], abs=1e-3)
    assert len(pv["to"]["corners"]) == 4 and pv["stopped_by"] is None


@pytest.mark.rules("WS-MOVE-1")
def test_a_stop_against_a_ship_is_previewed_as_the_move_makes_it() -> None:
    g = steering((20.0, 20.0, 0.0), (32.0, 20.0, 90.0))  # Blue lies across Red's bow
    pv = steer(g, "red", {"angle": 0.0, "inches": 12.0})
    assert pv["stopped_by"] == {"with": "Blue", "kind": "ship"} and pv["ahead"] < 12.0
    c = g.copy()
    c.submit("red", Steer(0.0, 12.0))
    logged = kinds(c, "steer")[-1]
    assert logged["stopped_by"]["with"] == "Blue"
    assert [pv["to"]["x"], pv["to"]["y"], pv["to"]["heading"]] == pytest.approx(logged["to"], abs=1e-3)


def test_the_options_draw_different_ghosts_and_a_refusal_is_said() -> None:
    g = steering((20.0, 20.0, 0.0), (50.0, 34.0, 180.0))
    ends = {(steer(g, "red", {"angle": a, "inches": 12.0})["to"]["heading"]) for a in (-60.0, 0.0, 60.0)}
    assert len(ends) == 3
    pv = steer(g, "red", {"angle": 0.0, "inches": 40.0})  # beyond the phase's value
    assert not pv["ok"] and "mark" in pv["why"]


def test_the_preview_answers_only_while_a_ship_steers() -> None:
    g = steering((20.0, 20.0, 0.0), (50.0, 34.0, 180.0))
    until(g, "NextPrompt")
    with pytest.raises(ValueError, match="no ship is steering"):
        steer(g, "red", {"angle": 0.0, "inches": 1.0})
