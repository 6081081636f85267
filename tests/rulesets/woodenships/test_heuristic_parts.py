"""The heuristic player uses the cages, the dragon's fire and the wind when they pay: it steers
to steal an enemy's wind and out of its lee, walks to its side's cage and opens it when enemies
come within the beast's reach, and weighs the dragon's breath by the fire it may light."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.core.scenario import parse_scenario
from grapeshot.geometry import hull_gap
from grapeshot.rulesets.woodenships import wind
from grapeshot.rulesets.woodenships.actions import Act, Move, Steer
from grapeshot.rulesets.woodenships.players import tactics
from grapeshot.rulesets.woodenships.players.creatures import dragon_attack, fire_worth
from grapeshot.rulesets.woodenships.players.heuristic import steer
from grapeshot.rulesets.woodenships.prompts import ActPrompt, SteerPrompt
from grapeshot.rulesets.woodenships.ships import sail
from tests.rulesets.woodenships.harness import ashore, boat, game, scenario, ship, shore, to_figure

#: the wind blows from the east (0 degrees) towards the west
EASTERLY: dict[str, Any] = {"wind": "on", "wind_from": 0, "ruler_pivot": "bow"}


@pytest.mark.rules("WS-WIND-3")
def test_the_heuristic_steers_into_an_enemy_s_wind_shadow_to_steal_it() -> None:
    # Blue lies at (40, 20) heading north; her shadow is the water just east of her
    g = game(scenario([ship("Red", 46, 30, -90)], [ship("Blue", 40, 20, 90)], options=EASTERLY, table=(80.0, 60.0)))
    s = shore(g)
    red, blue = boat(g, "Red"), boat(g, "Blue")
    prompt = SteerPrompt(("red",), "WS-MOVE-1", "steer", (Steer,), "Red", 0, 12.0, False, s)
    order = steer(s, "red", prompt)
    hull, _, _, _ = sail(s, red, order.angle, order.inches, False)
    assert wind.in_shadow(s, blue.hull, hull.centre)  # she passes between Blue and the wind
    before = red.hull
    red.hull = hull
    wind.after_phase(g, s, red, before)
    assert blue.becalmed == "stopped"
    # with no wind, the same ship only closes on her
    calm = game(scenario([ship("Red", 46, 30, -90)], [ship("Blue", 40, 20, 90)], table=(80.0, 60.0)))
    p2 = SteerPrompt(("red",), "WS-MOVE-1", "steer", (Steer,), "Red", 0, 12.0, False, shore(calm))
    o2 = steer(shore(calm), "red", p2)
    assert (o2.angle, o2.inches) != (order.angle, order.inches)


@pytest.mark.rules("WS-WIND-3")
def test_the_heuristic_keeps_out_of_an_enemy_s_lee() -> None:
    from grapeshot.rulesets.woodenships.players.heuristic import _wind_cost

    g = game(scenario([ship("Red", 34, 20, 90)], [ship("Blue", 40, 20, 90)], options=EASTERLY, table=(80.0, 60.0)))
    s = shore(g)
    red, blue = boat(g, "Red"), boat(g, "Blue")
    # Red west of Blue lies in her lee (Blue is in Red's shadow): a cost; east of her, a gain
    assert _wind_cost(s, red, red.hull) > 0.0
    east = red.hull.__class__(46.0, 20.0, 90.0, red.hull.length, red.hull.width)
    assert _wind_cost(s, red, east) < 0.0 and wind.in_shadow(s, blue.hull, east.centre)


CAGE: dict[str, Any] = {"name": "Beast", "kind": "carnivorous-monkey", "caged": True, "at": [20, 20]}


@pytest.mark.rules("WS-ANIMAL-2")
def test_the_heuristic_opens_its_cage_when_enemies_come_within_the_beast_s_reach() -> None:
    g = game(ashore([CAGE, {"name": "Keeper", "at": [21.2, 20]}], [{"name": "Raider", "at": [20, 12]}]))
    to_figure(g, "Keeper")
    move = g.prompt
    assert move is not None and tactics.move(shore(g), move) == Move(pick_up=())  # it stays by the cage
    g.submit("red", Move())
    act = g.prompt
    assert isinstance(act, ActPrompt)
    assert tactics.act(shore(g), act) == Act("release", None, "Beast")
    # no enemy within 12": the cage stays shut
    far = game(ashore([CAGE, {"name": "Keeper", "at": [21.2, 20]}], [{"name": "Raider", "at": [50, 30]}]))
    to_figure(far, "Keeper")
    far.submit("red", Move())
    assert isinstance(far.prompt, ActPrompt) and tactics.act(shore(far), far.prompt).what != "release"


@pytest.mark.rules("WS-ANIMAL-2")
def test_the_heuristic_walks_to_its_cage_when_no_friend_is_by_it() -> None:
    g = game(ashore([CAGE, {"name": "Keeper", "at": [26, 24]}], [{"name": "Raider", "at": [20, 12]}]))
    prompt = to_figure(g, "Keeper")
    m = tactics.move(shore(g), prompt)
    assert m.to is not None
    beast = shore(g).base(shore(g).figures["Beast"])
    assert ((m.to[0] - beast.x) ** 2 + (m.to[1] - beast.y) ** 2) ** 0.5 - beast.radius - 0.5 <= 1.0


@pytest.mark.rules("WS-ANIMAL-5", "WS-ANIMAL-6")
def test_the_heuristic_s_dragon_weighs_its_breath_by_the_fire_it_may_light() -> None:
    data = {
        "name": "test",
        "ruleset": "woodenships",
        "table": {"width": 60, "height": 40},
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [
            {"seat": "red", "ships": [ship("Red", 15, 10, 0)]},
            {"seat": "blue", "ships": [ship("Blue", 45, 30, 0)], "water": [{"name": "Leviathan", "kind": "sea-dragon", "ridden": True, "at": [21.5, 10]}]},
        ],
        "options": {"initiative": "fixed", "equal_figures": False, "cost_margin": 1000, "turn_limit": 10},
    }
    g = Game("woodenships", parse_scenario(data, "test"), seed=1)
    s = shore(g)
    dragon, red = s.figures["Leviathan"], s.ships["Red"]
    assert 0.05 < hull_gap(s.base(dragon), red.hull) <= 4.0  # within the breath's 4", not against her side
    options = [Act(), Act("breath", None, "Red")]
    assert dragon_attack(s, dragon, options) == Act("breath", None, "Red")
    s.turn = 1
    early = fire_worth(s)
    s.turn = 10
    assert early > 1.0 and fire_worth(s) == 0.0  # no turns left for a fire to burn
