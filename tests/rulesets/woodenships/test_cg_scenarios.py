"""The collisions module's Wooden Ships scenarios (docs/scenarios.md): the boat swarm with its
Cunning Plans and the wreck with its swimmers and flotsam, set up as described and played to an
end by seeded players with the host's and the module's invariants kept at every step."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.collisions import COLLISIONS, NAME
from grapeshot.rulesets.collisions.state import CollisionsState
from grapeshot.rulesets.woodenships.state import Shore


def new(scenario: str, seed: int) -> Game:
    return Game("woodenships", load_scenario(scenario, "woodenships"), seed=seed)


def cg(g: Game) -> CollisionsState:
    st = g.modules[NAME].state
    assert isinstance(st, CollisionsState)
    return st


def played(g: Game, players: Sequence[str]) -> Game:
    def check(game: Game) -> None:
        problems = game.ruleset.invariants(game) + COLLISIONS.invariants(game)
        assert not problems, f"after action {len(game.actions)}: {problems}"

    seats = [s.id for s in g.scenario.seats]
    play_out(g, {s: make(p, g.seed * 7 + k, "woodenships") for k, (s, p) in enumerate(zip(seats, players, strict=True))}, check)
    return g


def data(g: Game, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in g.events if e.kind == f"{NAME}.{kind}"]


@pytest.mark.rules("CG-BOARD-5")
def test_the_boat_swarm_deals_two_cunning_plans_and_a_beggar_and_the_boats_swarm_aboard() -> None:
    g = new("boat-swarm-plan", 5)  # a seed whose swarm plays both plans
    assert (cg(g).plans, cg(g).beggars) == ({"blue": 2}, {"red": 1})
    shore = g.state
    assert isinstance(shore, Shore)
    boats = [s for s in shore.ships.values() if s.type in ("rowboat", "canoe")]
    assert len(boats) == 12 and all(s.side == "blue" for s in boats)
    played(g, ("random", "random"))
    assert g.outcome is not None and data(g, "swarm")
    plans = data(g, "cunning-plan")
    assert plans and plans[0]["thwarted"] is True and plans[0]["beggar"] == "red"  # the beggar sees through the first
    assert [p["thwarted"] for p in plans] == [True, False]  # the second works: the beggar was spent on the first
    assert cg(g).plans.get("blue", 0) == 0 and cg(g).beggars.get("red", 0) == 0


@pytest.mark.rules("CG-SWIM-1", "CG-SWIM-2", "CG-SWIM-3")
def test_the_wreck_goes_down_and_her_crew_swim_among_the_flotsam() -> None:
    g = new("wreck", 2)
    shore = g.state
    assert isinstance(shore, Shore)
    wreck = shore.ships["Good Intent"]
    assert wreck.points - wreck.lost == 1  # the first hit sinks her
    assert sorted(f.ident for f in cg(g).flotsam) == ["hatch cover", "spars"]
    played(g, ("heuristic", "heuristic"))
    assert g.outcome is not None
    sinking = data(g, "sinking")
    assert "Good Intent" in [s["vessel"] for s in sinking]
    assert data(g, "sink-or-swim") and data(g, "swim")
    assert {"wreck of Good Intent"} <= {str(w["ident"]) for w in data(g, "wreckage")}


def test_the_galleys_fight_off_the_mole_that_names_their_scenario() -> None:
    """ "Galleys off the Mole" has its mole on the table: a sea wall ships run into (WS-RAM-1's
    D6+4), clear of the squadrons' starts, and it is in every seat's view of the table."""
    sc = load_scenario("galley-fight", "woodenships")
    (mole,) = [t for t in sc.terrain if t.name == "the Mole"]
    assert mole.kind == "sea_wall" and mole.is_obstacle
    g = Game("woodenships", sc, seed=1)
    assert any(t["name"] == "the Mole" and t["kind"] == "sea_wall" for t in g.view("red")["state"]["terrain"])
