"""The balance lab for Wooden Ships: fleets of one ship type at equal cost (and weapon mixes) as
factions, laid out on a scenario and set up as fair fleets; changes of the ship table in force
for one game; a tournament through the generic lab; and what the points calibration prices."""

from __future__ import annotations

from itertools import combinations

import pytest

from grapeshot.core.capabilities import PricedFleet, TableChange
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, parse_scenario
from grapeshot.lab.play import play_batch
from grapeshot.lab.study import plan
from grapeshot.rulesets.woodenships.calibration import PRICING
from grapeshot.rulesets.woodenships.data import SHIP_TYPES
from grapeshot.rulesets.woodenships.fleets import costs
from grapeshot.rulesets.woodenships.lab import BUDGET, CREW, FACTIONS, LAB, fleet_for, fleet_named, ship_changes, with_fleets


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


def test_the_pricing_buys_a_fleet_of_one_type_for_a_budget_and_the_lab_lays_it_out() -> None:
    """The points calibration's fleets (``canoe@24``): bought by the cost column for a budget,
    named so that the lab puts them on a seat and credits them a win, and played uneven (the
    figures and the costs may differ from the reference's)."""
    assert (PRICING.reference, PRICING.reference_cost, PRICING.budgets) == ("narrow", 36, (24, 36, 48))
    assert [PRICING.cost(t) for t in ("wide", "narrow", "canoe", "raft")] == [36, 36, 3, 9]
    assert PRICING.fleet("canoe", 24) == PricedFleet("canoe@24", 8, 24)
    assert PRICING.fleet("wide", 48) == PricedFleet("wide@48", 1, fleet_for("wide", 48).cost())
    assert fleet_named("canoe@24") == fleet_for("canoe", 24) and fleet_named("narrow") == FACTIONS["narrow"]
    assert fleet_named("canoe@0") is None and fleet_named("galleon@24") is None and fleet_named("canoe") == FACTIONS["canoe"]
    data = with_fleets(load_scenario("ship-duel", "woodenships").raw, {"red": "canoe@24", "blue": "narrow"})
    g = Game("woodenships", parse_scenario(data, "priced"), dict(PRICING.options), seed=1)
    assert {seat: c["total"] for seat, c in costs(g.state).items()} == {"red": 24, "blue": 36}
    assert LAB.faction_of(g, "red") == "canoe@24" and LAB.faction_of(g, "blue") == "narrow"
    with pytest.raises(KeyError, match="no fleet"):
        with_fleets(load_scenario("ship-duel", "woodenships").raw, {"red": "galleon@24"})
