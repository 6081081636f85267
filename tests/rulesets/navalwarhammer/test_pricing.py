"""The pricing of the upgrades (``grapeshot calibrate --ruleset navalwarhammer``): its two fleets
differ only in the upgrade and its points in troops, both are legal and cost the same within a
model, and the lab's pricing study plays them in both seats and reads the score with an interval."""

from __future__ import annotations

import pytest

from grapeshot.lab.calibration import CalibrationError, plan_calibration, summarise_calibration
from grapeshot.lab.verdicts import price_verdict
from grapeshot.rulesets.navalwarhammer.armies import ARMIES
from grapeshot.rulesets.navalwarhammer.data import UPGRADES
from grapeshot.rulesets.navalwarhammer.fleets import read_fleet
from grapeshot.rulesets.navalwarhammer.pricing import PRICING, pairing, staged


@pytest.mark.rules("NW-UPG-5", "NW-SHIP-2")
def test_the_two_fleets_of_a_study_differ_only_in_the_upgrade_and_its_points_in_troops() -> None:
    p = pairing("ram")
    a, b = read_fleet(p.upgraded)[0], read_fleet(p.instead)[0]
    assert a is not None and b is not None
    per = ARMIES["empire"].unit("Halberdiers").points
    assert p.cost == 40 and p.models == round(40 / per)
    assert abs(a.points - b.points) <= per
    assert p.upgraded["ships"][0]["upgrades"]["ram"] == 1 and "ram" not in p.instead["ships"][0]["upgrades"]
    assert p.instead["ships"][0]["crew"][1]["models"] == p.upgraded["ships"][0]["crew"][1]["models"] + p.models
    assert [s for s in p.upgraded["ships"][1:]] == [s for s in p.instead["ships"][1:]]


def test_an_upgrade_the_ship_may_not_take_or_an_unknown_one_is_refused() -> None:
    with pytest.raises(ValueError, match="not allowed on a small ship"):
        pairing("ram", ship=1)
    with pytest.raises(ValueError, match="no upgrade 'sails'"):
        pairing("sails")


def test_the_lab_plays_each_upgrade_against_its_troops_in_both_seats() -> None:
    plan = plan_calibration(ruleset="navalwarhammer", pieces="crows-nest", games=2, player="random")
    specs = list(plan.games())
    assert [s.factions for s in specs] == [("with-crows-nest", "instead-of-crows-nest"), ("instead-of-crows-nest", "with-crows-nest")]
    records = [plan.play(s) for s in specs]
    assert [r.factions for r in records] == [s.factions for s in specs]
    game = plan.new_game(specs[0].factions, 0, log=False)
    assert game.scenario.options["points_limit"] == 1025  # played at the fleets' points
    (row,) = summarise_calibration(plan, records)["pieces"]
    (point,) = row["points"]
    assert point["games"] == 2 and point["score"] in (0.0, 0.5, 1.0, 1.5, 2.0) and point["verdict"].startswith("can't tell yet")


def test_the_pricing_stages_an_upgrade_on_the_first_ship_that_can_take_it_and_one_budget_only() -> None:
    assert staged("ram").cost == 40 and set(PRICING.pieces()) <= set(UPGRADES)
    with pytest.raises(CalibrationError, match="fleet of 1000 points only, not 900"):
        plan_calibration(ruleset="navalwarhammer", pieces="ram", budgets="900")
    with pytest.raises(CalibrationError, match="unknown upgrade"):
        plan_calibration(ruleset="navalwarhammer", pieces="sails")


def test_a_price_is_too_cheap_too_dear_fair_or_not_known_yet() -> None:
    assert price_verdict(30.0, 40) == "too cheap"
    assert price_verdict(8.0, 40) == "too dear"
    # even over 40 games is no sign of a fair price: 40 games could show only a 22-point difference
    assert price_verdict(20.0, 40).startswith("can't tell yet: these games could show only a 22-point")
    assert price_verdict(500.0, 1000) == "fair"
    # the NW study's 0.333 [0.138, 0.609] at 12 games, once printed "fair"
    thin = price_verdict(4.0, 12)
    assert thin.startswith("can't tell yet: about") and "17-point difference" in thin
