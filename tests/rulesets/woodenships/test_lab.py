"""The balance lab for Wooden Ships: fleets of one ship type at equal cost (and weapon mixes) as
factions, laid out on a scenario and set up as fair fleets; changes of the ship table in force
for one game; a tournament through the generic lab; and the points calibration's arithmetic."""

from __future__ import annotations

from itertools import combinations

import pytest

from grapeshot.core.capabilities import TableChange
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, parse_scenario
from grapeshot.lab.play import play_batch
from grapeshot.lab.study import plan
from grapeshot.rulesets.woodenships.calibration import Point, Row, calibrate, crossing, wilson
from grapeshot.rulesets.woodenships.data import SHIP_TYPES
from grapeshot.rulesets.woodenships.fleets import costs
from grapeshot.rulesets.woodenships.lab import BUDGET, CREW, FACTIONS, LAB, fleet_for, ship_changes, with_fleets


@pytest.mark.rules("WS-SHIP-1", "WS-SHIP-2", "WS-FIG-1")
def test_every_faction_is_a_fleet_of_the_same_cost_and_crew_and_sets_up_fair() -> None:
    assert set(SHIP_TYPES) <= set(FACTIONS) and {"narrow-rifles", "narrow-blades"} <= set(FACTIONS)
    base = load_scenario("ship-duel", "woodenships").raw
    for a, b in [*combinations(FACTIONS, 2), ("canoe", "canoe")]:
        data = with_fleets(base, {"red": a, "blue": b})
        g = Game("woodenships", parse_scenario(data, f"{a} v {b}"), seed=1)  # cost_margin 0, equal figures: refused if unfair
        assert {seat: c["total"] for seat, c in costs(g.state).items()} == {"red": BUDGET, "blue": BUDGET}
        assert sum(1 for _ in g.state.living("red")) == CREW == sum(1 for _ in g.state.living("blue"))
        assert LAB.faction_of(g, "red") == a and LAB.faction_of(g, "blue") == b


def test_the_weapon_mixes_arm_the_crews() -> None:
    base = load_scenario("ship-duel", "woodenships").raw
    g = Game("woodenships", parse_scenario(with_fleets(base, {"red": "narrow-rifles", "blue": "narrow-blades"}), "mixes"), seed=1)
    red = {w.kind for f in g.state.living("red") for w in g.state.carried(f.name)}
    blue = {w.kind for f in g.state.living("blue") for w in g.state.carried(f.name)}
    assert red == {"rifle"} and blue == {"sword", "axe"}


def test_a_budget_buys_the_most_of_a_type_it_can() -> None:
    assert (fleet_for("wide", 36).sections, fleet_for("wide", 24).sections, fleet_for("wide", 60).sections) == (3, 2, 5)
    assert (fleet_for("canoe", 24).ships, fleet_for("raft", 36).ships, fleet_for("raft", 36).hit_points) == (8, 4, 9)
    assert all(fleet_for(t, b).cost() <= max(b, fleet_for(t, b).cost()) for t in SHIP_TYPES for b in (24, 36, 48))


def test_changes_of_the_ship_table_are_checked_and_undone() -> None:
    with pytest.raises(ValueError, match="unknown ship type"):
        LAB.change("ship.galleon.ram", 2)
    with pytest.raises(ValueError, match="changeable fields are ram, per_section"):
        LAB.change("ship.wide.cost", 2)
    with pytest.raises(ValueError, match="only wide and narrow ships"):
        LAB.change("ship.canoe.per_section", 4)
    before = SHIP_TYPES["wide"]
    with ship_changes([LAB.change("ship.wide.ram", 6), TableChange("ship.wide.per_section", 12)]):
        assert (SHIP_TYPES["wide"].ram, SHIP_TYPES["wide"].ram_sheet, SHIP_TYPES["wide"].per_section) == (6, 8, 12)
    assert SHIP_TYPES["wide"] is before


def test_a_tournament_pairs_wooden_ships_fleets() -> None:
    study = plan(ruleset="woodenships", factions="narrow,canoe", games_per_pair=2, seed=3)
    assert study.scenario == "ship-duel" and study.factions == ("narrow", "canoe")
    records = play_batch(study, list(study.games()))
    assert records and all(set(r.factions) == {"narrow", "canoe"} for r in records)
    assert all(r.objective in ("last-side-standing", "points", "draw") for r in records)


def test_the_calibration_finds_where_the_score_crosses_one_half() -> None:
    assert crossing([24.0, 36.0, 48.0], [0.2, 0.4, 0.8]) == pytest.approx(36.0 + 0.1 / 0.4 * 12.0)
    assert crossing([24.0, 36.0], [0.6, 0.9]) is None
    assert crossing([24.0, 36.0], [0.9, 0.3]) == pytest.approx(24.0 + 0.4 / 0.6 * 12.0)
    lo, hi = wilson(10.0, 20)
    z = 1.959964
    assert lo < 0.5 < hi and hi - lo == pytest.approx(2 * z * (0.25 / 20 + z * z / 1600) ** 0.5 / (1 + z * z / 20))
    row = Row("narrow", 6, (Point(24, 1, 20, 4.0), Point(36, 1, 20, 10.0), Point(48, 1, 20, 16.0)), 36.0, 30.0, 42.0)
    assert row.fair_cost == pytest.approx(6.0) and row.off == pytest.approx(0.0)
    assert row.fair(30.0) == pytest.approx(7.2) and row.fair(42.0) == pytest.approx(6 * 36 / 42)


def test_a_small_calibration_runs_end_to_end() -> None:
    (row,) = calibrate(["rowboat"], [24, 36], games=2, seed=2, players=("random", "random"), turn_limit=2)
    assert row.type == "rowboat" and row.text_cost == 3 and [p.cost for p in row.points] == [24, 36]
    assert all(p.games == 2 and 0.0 <= p.score <= 2.0 for p in row.points)
