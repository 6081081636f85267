"""Setting a game up from a scenario: ships by type and sections, crews on their decks, landing
parties ashore, weapons and stores, and the fair-fleet checks, each refused naming its rule."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships.data import FIGURE_RADIUS
from tests.rulesets.woodenships.harness import boat, duel, fig, scenario, ship, shore

pytestmark = pytest.mark.rules("WS-FIG-1", "WS-SHIP-1")


def test_a_ship_of_the_table_with_its_sections_and_crew() -> None:
    sc = scenario(
        [ship("Red", 20, 20, 0, [{"kind": "man", "count": 4}, {"name": "Mate", "kind": "hero"}], type="wide", sections=3)], [ship("Blue", 40, 30, 180)]
    )
    g = Game("woodenships", sc, seed=1)
    red = boat(g, "Red")
    assert (red.points, red.cost, red.hull.length, red.hull.width) == (27, 36, 12.0, 6.0)
    assert [c.name for c in red.plan.sections] == ["bow", "middle", "stern"]
    assert [c.hit_points for c in red.plan.sections] == [9, 9, 9]
    assert red.masts == (0.0,)  # one in the middle section
    crew = shore(g).aboard("Red")
    assert {f.name for f in crew} == {"Red captain", "Red man 1", "Red man 2", "Red man 3", "Red man 4", "Mate"}
    assert fig(g, "Red captain").captain_of == "Red" and fig(g, "Red captain").hero
    assert [(f.life, f.max_life) for f in crew if f.kind == "man"] == [(1, 1)] * 4
    assert (fig(g, "Mate").life, fig(g, "Red captain").life) == (3, 3)
    assert not g.ruleset.invariants(g)
    # the captain stands aft of amidships: captains are placed from the stern
    assert fig(g, "Red captain").spot.x < 0  # type: ignore[union-attr]


def test_boats_choose_their_hit_points_in_the_tables_range_and_share_them_over_their_sections() -> None:
    g = Game("woodenships", scenario([ship("Red", 20, 20, 0, type="small", sections=2, hit_points=9)], [ship("Blue", 40, 30, 180, type="rowboat")]), seed=1)
    assert (boat(g, "Red").points, boat(g, "Red").cost) == (9, 9)
    assert [c.hit_points for c in boat(g, "Red").plan.sections] == [5, 4]
    assert (boat(g, "Blue").points, boat(g, "Blue").cost, boat(g, "Blue").kind.spin_first) == (3, 3, True)
    with pytest.raises(ScenarioError, match=r"hit_points: expected a small ship's hit points, 6 to 12 \(WS-SHIP-2\), got 13"):
        Game("woodenships", scenario([ship("Red", 20, 20, 0, type="small", hit_points=13)], [ship("Blue", 40, 30, 180)]))
    with pytest.raises(ScenarioError, match=r"no hit points: a narrow ship has 6 a section \(WS-SHIP-2\)"):
        Game("woodenships", scenario([ship("Red", 20, 20, 0, hit_points=10)], [ship("Blue", 40, 30, 180)]))


@pytest.mark.parametrize("sections", [1, 6])
def test_a_ship_has_two_to_five_sections(sections: int) -> None:
    with pytest.raises(ScenarioError, match=r"sections: expected a ship of 2 to 5 sections \(WS-SHIP-1; option max_sections\)"):
        Game("woodenships", scenario([ship("Red", 20, 20, 0, sections=sections)], [ship("Blue", 40, 30, 180)]))
    if sections == 6:
        g = Game("woodenships", scenario([ship("Red", 30, 20, 0, sections=6)], [ship("Blue", 40, 32, 180)], options={"max_sections": 6}))
        assert len(boat(g, "Red").plan.sections) == 6


def test_every_ship_has_exactly_one_captain() -> None:
    no_captain: dict[str, Any] = {"name": "Red", "type": "narrow", "x": 20, "y": 20, "heading": 0, "crew": [{"kind": "man", "count": 2}]}
    with pytest.raises(ScenarioError, match=r"exactly one captain for each ship \(WS-FIG-1\)"):
        Game("woodenships", scenario([no_captain], [ship("Blue", 40, 30, 180)]))
    two = ship("Red", 20, 20, 0, [{"name": "Second", "kind": "captain"}])
    with pytest.raises(ScenarioError, match=r"exactly one captain"):
        Game("woodenships", scenario([two], [ship("Blue", 40, 30, 180)]))


def test_the_sides_field_equal_figures_and_fleets_of_equal_cost() -> None:
    uneven = scenario([ship("Red", 20, 20, 0, [{"kind": "man"}])], [ship("Blue", 40, 30, 180)], options={"equal_figures": True})
    with pytest.raises(ScenarioError, match=r"the same number of figures on every side \(WS-FIG-1; option equal_figures\).*'red': 2, 'blue': 1"):
        Game("woodenships", uneven)
    dear = scenario([ship("Red", 20, 20, 0, sections=3)], [ship("Blue", 40, 30, 180)], options={"cost_margin": 0})
    with pytest.raises(ScenarioError, match=r"fleets of the same cost to within 0 points \(WS-SHIP-1; option cost_margin\).*'red': 24, 'blue': 18"):
        Game("woodenships", dear)
    Game("woodenships", scenario([ship("Red", 20, 20, 0, sections=3)], [ship("Blue", 40, 30, 180)], options={"cost_margin": 6}))


def test_ships_must_stand_clear_on_the_table_and_names_be_unique() -> None:
    with pytest.raises(ScenarioError, match=r"fleets\[1\].ships\[0\]: expected a ship clear of Red"):
        Game("woodenships", scenario([ship("Red", 20, 20, 0)], [ship("Blue", 22, 21, 0)]))
    with pytest.raises(ScenarioError, match="a ship wholly on the table"):
        Game("woodenships", scenario([ship("Red", 2, 20, 0)], [ship("Blue", 40, 30, 180)]))
    with pytest.raises(ScenarioError, match="a ship clear of Rock"):
        Game(
            "woodenships",
            scenario(
                [ship("Red", 20, 20, 0)], [ship("Blue", 40, 30, 180)], terrain=[{"kind": "rocks", "name": "Rock", "circle": {"center": [22, 20], "radius": 1}}]
            ),
        )
    with pytest.raises(ScenarioError, match=r"crew\[1\]\.lenght: expected one of the fields"):
        Game("woodenships", scenario([ship("Red", 20, 20, 0, [{"kind": "man", "lenght": 2}])], [ship("Blue", 40, 30, 180)]))


def test_a_crew_that_does_not_fit_is_refused() -> None:
    with pytest.raises(ScenarioError, match="room for every figure on Red"):
        Game("woodenships", scenario([ship("Red", 20, 20, 0, [{"kind": "man", "count": 40}])], [ship("Blue", 40, 30, 180)]))


def test_weapons_carried_and_stored_and_figures_ashore() -> None:
    island = {"kind": "island", "name": "Isle", "polygon": [[30, 2], [50, 2], [50, 12], [30, 12]]}
    sc = scenario(
        [ship("Red", 20, 20, 0, [{"kind": "man", "weapons": ["pistol", "sword"]}], stores=["rifle", {"kind": "axe", "section": "bow"}])],
        [ship("Blue", 40, 30, 180)],
        red_ashore=[
            {"kind": "hero", "name": "Scout", "land": "Isle", "at": [40, 7], "weapons": ["bow"]},
            {"kind": "man", "count": 3, "land": "Isle", "at": [34, 5]},
        ],
        terrain=[island],
    )
    g = Game("woodenships", sc, seed=1)
    s = shore(g)
    assert sorted(w.name for w in s.carried("Red man 1")) == ["pistol 1", "sword 1"]
    assert s.weapons["pistol 1"].loaded and not s.weapons["sword 1"].loaded
    rifle, axe = s.weapons["rifle 1"], s.weapons["axe 1"]
    assert (
        rifle.holder is None and rifle.spot is not None and (rifle.spot.ident, rifle.spot.x, rifle.spot.y) == ("Red", -2.0, 0.0)
    )  # on the keel, in the stern: a ship of two sections has no middle
    assert axe.spot is not None and axe.spot.x > 0  # in the bow section
    scout = fig(g, "Scout")
    assert scout.spot is not None and (scout.spot.surface, scout.spot.ident, scout.spot.x, scout.spot.y) == (Surface.LAND, "Isle", 40.0, 7.0)
    men = [fig(g, f"Isle man {i}") for i in (1, 2, 3)]
    assert all(m.spot is not None and m.spot.surface is Surface.LAND for m in men)
    assert all(abs(s.base(m).x - 34) < 3 and abs(s.base(m).y - 5) < 3 for m in men)  # round the point asked for
    assert not g.ruleset.invariants(g)
    with pytest.raises(ScenarioError, match=r"at: expected a free place on Isle"):
        Game(
            "woodenships",
            scenario([ship("Red", 20, 20, 0)], [ship("Blue", 40, 30, 180)], red_ashore=[{"kind": "man", "land": "Isle", "at": [30.2, 7]}], terrain=[island]),
        )
    with pytest.raises(ScenarioError, match=r"of: expected the ship a captain ashore commands"):
        Game("woodenships", scenario([ship("Red", 20, 20, 0)], [ship("Blue", 40, 30, 180)], red_ashore=[{"kind": "captain", "land": "Isle"}], terrain=[island]))


@pytest.mark.rules("WS-SETUP-1")
def test_the_pile_takes_weapons_and_guns_but_no_animals() -> None:
    with pytest.raises(ScenarioError, match=r"pile.monkey: expected a weapon or gun of the pile"):
        Game("woodenships", duel(piles={"red": {"monkey": 1}}))
    s = shore(Game("woodenships", duel(piles={"red": {"cannon": 1, "mounted-rifle": 1}})))
    assert s.draft is not None and s.draft.pile == ["cannon", "mounted-rifle"]


def test_the_built_in_scenarios_set_up_fair() -> None:
    for name in ("ship-duel", "skull-island"):
        g = Game("woodenships", load_scenario(name, "woodenships"), seed=3)
        s = shore(g)
        costs = {seat: sum(sh.cost for sh in s.ships.values() if sh.owner == seat) for seat in s.seats}
        counts = {seat: sum(1 for f in s.figures.values() if f.side == seat) for seat in s.seats}
        assert len(set(costs.values())) == 1 and len(set(counts.values())) == 1, (name, costs, counts)
        assert all(f.radius == FIGURE_RADIUS for f in s.figures.values())
        assert not g.ruleset.invariants(g)
