"""Jim Lad's lab capability: the klans a tournament pairs, how they take their seats, and the
changes of the klans' table a sweep may make (the lab itself is tested in tests/lab/)."""

from __future__ import annotations

import pytest

from grapeshot.core.capabilities import TableChange
from grapeshot.core.game import Game
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import load_scenario, parse_scenario
from grapeshot.geometry import Facing
from grapeshot.rulesets.jimlad.data import KLANS, Klan
from grapeshot.rulesets.jimlad.victory import OBJECTIVES

LAB = get("jimlad").need("lab")


def test_the_factions_are_the_klans_and_the_objectives_the_ways_to_win() -> None:
    assert tuple(LAB.factions()) == tuple(k.value for k in Klan)
    assert (LAB.faction_word, LAB.faction_plural, LAB.tables, LAB.scenario) == ("klan", "klans", ("klan",), "duel")
    assert LAB.objectives == OBJECTIVES == ("last-boat-afloat", "weez-da-only-fleet", "best-of-the-rest")


def test_assign_gives_every_ship_of_a_seat_its_klan() -> None:
    """euromeet's fleets carry ships of their own klans; a seat given a klan has only that one."""
    base = load_scenario("euromeet", "jimlad")
    seats = [s.id for s in base.seats]
    data = LAB.assign(base.raw, {seats[0]: "blood-axes"})
    assert base.raw["fleets"][0]["klan"] == "goffs" and data["fleets"][0]["klan"] == "blood-axes"  # a copy: the scenario is left alone
    game = Game("jimlad", parse_scenario(data, "euromeet with blood axes"), seed=1)
    ships = game.ruleset.describe(game.state)["ships"]
    assert {s["klan"] for s in ships if s["owner"] == seats[0]} == {"blood-axes"}
    assert len({s["klan"] for s in ships if s["owner"] == seats[1]}) == 2  # untouched: the fleet's and a ship's own
    assert LAB.faction_of(game, seats[0]) == "blood-axes" and LAB.faction_of(game, "nobody") is None


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("klan.goffs", 1, "expected klan.<klan>.<field>"),
        ("klan.orks.move_dice", 1, "unknown klan"),
        ("klan.goffs.wings", 1, "changeable fields are move_dice"),
        ("klan.goffs.armour.top", 1, "the armour facings are front, port, starboard, rear"),
        ("klan.goffs.sails", 1, "true or false"),
        ("klan.goffs.move_dice", 1.5, "a whole number"),
    ],
)
def test_changes_are_checked(key: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        LAB.change(key, value)
    assert LAB.change("klan.goffs.sails", True) == TableChange("klan.goffs.sails", True)


def test_changes_are_in_force_only_inside_and_undone_after_an_error() -> None:
    before = dict(KLANS)
    with pytest.raises(RuntimeError), LAB.in_force([TableChange("klan.bad-moons.armour.front", 0), TableChange("klan.goffs.move_dice", 2)]):
        assert dict(KLANS[Klan.BAD_MOONS].armour) == {Facing.PORT: 1, Facing.STARBOARD: 1}  # a delta of 0 is no change from the standard
        assert KLANS[Klan.GOFFS].move_dice == 2
        raise RuntimeError("a game that fails")
    assert before == KLANS
