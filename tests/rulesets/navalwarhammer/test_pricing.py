"""The pricing study of the upgrades (bench/nw_upgrade_costs.py runs it at length): its two
fleets differ only in the upgrade and its points in troops, both are legal and cost the same
within a model, and the study plays them mirrored and scores them with an interval."""

from __future__ import annotations

import pytest

from grapeshot.rulesets.navalwarhammer.armies import ARMIES
from grapeshot.rulesets.navalwarhammer.fleets import read_fleet
from grapeshot.rulesets.navalwarhammer.pricing import Priced, games, pairing


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


def test_the_study_plays_each_seed_in_both_seats_and_gives_an_interval() -> None:
    scores = list(games(pairing("crows-nest"), range(1), "random"))
    assert len(scores) == 2 and all(s in (0.0, 0.5, 1.0) for s in scores)
    priced = Priced("crows-nest", 25, "4 more Halberdiers", 40, 30.0)
    assert priced.interval[0] > 0.5 and priced.verdict == "too cheap"
    assert Priced("ram", 40, "x", 40, 8.0).verdict == "too dear"
    # even over 40 games is no sign of a fair price: 40 games could show only a 22-point difference
    assert Priced("ram", 40, "x", 40, 20.0).verdict.startswith("can't tell yet: these games could show only a 22-point")
    assert Priced("ram", 40, "x", 1000, 500.0).verdict == "fair"
    # the NW study's 0.333 [0.138, 0.609] at 12 games, once printed "fair"
    thin = Priced("ram", 40, "x", 12, 4.0).verdict
    assert thin.startswith("can't tell yet: about") and "17-point difference" in thin
