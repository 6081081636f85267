"""The wind (option ``wind: on``, WS-WIND-1..3): no sailing within 30 degrees of the wind's eye,
half speed tacking, stopped ships drifting 1D6" downwind, and the wind stolen by a ship passing
between another and the wind (or lost in another's lee); the wind's direction and shifts."""

from __future__ import annotations

import math
from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.rulesets.woodenships import wind
from grapeshot.rulesets.woodenships.actions import Steer
from grapeshot.rulesets.woodenships.prompts import SteerPrompt
from tests.rulesets.woodenships.harness import boat, game, kinds, scenario, ship, shore
from tests.support import accepts, drive

#: the wind blows from the east (0 degrees) towards the west
EASTERLY: dict[str, Any] = {"wind": "on", "wind_from": 0, "ruler_pivot": "bow"}


def sea(red: list[dict[str, Any]], blue: list[dict[str, Any]] | None = None, **options: Any) -> Game:
    return game(scenario(red, blue or [ship("Blue", 50, 35, 180)], options={**EASTERLY, **options}, table=(80.0, 60.0)))


def steer(g: Game, name: str, value: float = 12.0, spin: bool = False) -> SteerPrompt:
    return SteerPrompt(("red",), "WS-MOVE-1", "steer", (Steer,), name, 0, value, spin, shore(g))


@pytest.mark.rules("WS-WIND-1")
def test_no_sailing_within_30_degrees_of_the_wind_and_half_speed_tacking() -> None:
    g = sea([ship("Red", 20, 20, 0)])  # heading east, straight into the wind's eye
    assert shore(g).wind == 180.0 and kinds(g, "wind")[0]["blows_from"] == 0.0
    p = steer(g, "Red")
    assert not accepts(p, "red", Steer(20.0, 6.0))
    assert "tacking" in (p.refused(Steer(45.0, 12.0)) or "") and accepts(p, "red", Steer(45.0, 6.0))
    assert accepts(p, "red", Steer(90.0, 12.0)) and accepts(p, "red", Steer())  # a beam reach; holding still
    assert all(p.refused(c.value) is None for c in p.legal("red").parts[0].options)  # type: ignore[arg-type]
    assert not any(c.value == Steer(0.0, 12.0) for c in p.legal("red").parts[0].options)
    row = sea([ship("Red", 20, 20, 0, type="rowboat", sections=2)])  # no masts: rowed, the wind no matter
    assert accepts(steer(row, "Red", 4.0), "red", Steer(0.0, 4.0))
    calm = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 50, 35, 180)]))
    assert accepts(steer(calm, "Red"), "red", Steer(0.0, 12.0))


@pytest.mark.rules("WS-WIND-1")
def test_the_wind_is_rolled_and_shifts_60_degrees_on_a_6() -> None:
    g = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 50, 35, 180)], options={"wind": "on"}, table=(80.0, 60.0)), seed=3)
    s = shore(g)
    first = kinds(g, "wind")[0]
    assert first["blows_from"] == (first["roll"] - 1) * 60.0
    s.turn = 2
    g.dice = ScriptedDice([5])
    before = s.wind
    drive(wind.shift(g, s))
    assert s.wind == before
    g.dice = ScriptedDice([6, 2])
    drive(wind.shift(g, s))
    assert before is not None and s.wind == (before + 60.0) % 360.0 and kinds(g, "wind")[-1]["shift"] == 60.0


@pytest.mark.rules("WS-WIND-2")
def test_a_stopped_ship_drifts_downwind_at_the_start_of_its_turn() -> None:
    g = sea([ship("Red", 40, 20, 90)])
    s = shore(g)
    red = boat(g, "Red")
    g.dice = ScriptedDice([])
    drive(wind.drift(g, s, "red"))
    assert not kinds(g, "drift")  # under way at the start
    red.stopped = True
    g.dice = ScriptedDice([4])
    drive(wind.drift(g, s, "red"))
    assert math.isclose(red.hull.x, 36.0, abs_tol=0.02) and math.isclose(red.hull.heading, 90.0) and kinds(g, "drift")[-1]["inches"] == 4
    red.grappled.add("Blue")
    drive(wind.drift(g, s, "red"))
    assert len(kinds(g, "drift")) == 1  # held by a grapple


@pytest.mark.rules("WS-WIND-3")
def test_passing_between_a_ship_and_the_wind_stops_her_or_halves_her() -> None:
    # Blue lies at (40, 20); the water upwind of her (east) is her shadow
    g = sea([ship("Red", 46, 30, -90)], [ship("Blue", 40, 20, 90)])
    s = shore(g)
    red, blue = boat(g, "Red"), boat(g, "Blue")
    before = red.hull
    red.hull = red.hull.__class__(46.0, 20.0, 270.0, red.hull.length, red.hull.width)
    wind.after_phase(g, s, red, before)
    assert blue.becalmed == "stopped" and kinds(g, "wind-stolen")[-1] == {"ship": "Blue", "by": "Red", "effect": "stopped"}
    s.serial += 1
    assert wind.stolen(s, blue) is not None
    wind.moved(s, blue)
    assert blue.becalmed is None and wind.stolen(s, blue) is None
    # a shorter thief only halves a longer victim's next movement
    g = sea([ship("Red", 46, 30, -90, type="small", hit_points=6)], [ship("Blue", 40, 20, 90, sections=3)])
    s = shore(g)
    red, blue = boat(g, "Red"), boat(g, "Blue")
    before = red.hull
    red.hull = red.hull.__class__(47.0, 20.0, 270.0, red.hull.length, red.hull.width)
    wind.after_phase(g, s, red, before)
    assert blue.becalmed == "half"
    s.serial += 1
    assert [v for v, _, _ in wind.phases(s, blue, [(12.0, False, "WS-MOVE-1")])] == [6.0]


@pytest.mark.rules("WS-WIND-3")
def test_a_ship_that_passes_into_anothers_lee_loses_her_own_wind() -> None:
    g = sea([ship("Red", 30, 30, -90)], [ship("Blue", 40, 20, 90)])
    s = shore(g)
    red, blue = boat(g, "Red"), boat(g, "Blue")
    before = red.hull
    red.hull = red.hull.__class__(34.0, 20.0, 270.0, red.hull.length, red.hull.width)  # downwind of Blue: Blue in her shadow
    wind.after_phase(g, s, red, before)
    assert red.becalmed == "stopped" and blue.becalmed is None
