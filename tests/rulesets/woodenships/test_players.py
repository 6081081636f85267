"""Wooden Ships' own player: the heuristic answers every prompt of the built-in scenarios and
beats the random player in seeded games in either seat (bench/bench_woodenships.py measures
it over many more)."""

from __future__ import annotations

import pytest

from grapeshot.agents import factories, make, play_out, rollout_player
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario

GAMES = 10


def test_the_heuristic_is_the_rule_sets_own_player_and_its_rollout_player() -> None:
    assert set(factories("woodenships")) == {"heuristic", "random", "search", "easy", "normal", "hard"}
    assert rollout_player("woodenships") == "heuristic"


@pytest.mark.parametrize("scenario", ["ship-duel", "skull-island", "fort-assault"])
@pytest.mark.parametrize("seat", [0, 1])
def test_the_heuristic_beats_the_random_player(scenario: str, seat: int) -> None:
    sc = load_scenario(scenario, "woodenships")
    wins = 0
    for seed in range(GAMES):
        g = Game("woodenships", sc, seed=seed)
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        agents = {s.id: make(kinds[k], seed * 5 + k, "woodenships") for k, s in enumerate(sc.seats)}
        outcome = play_out(g, agents)
        wins += outcome.winners == (sc.seats[seat].id,)
    assert wins >= 8, f"the heuristic won {wins} of {GAMES}"


@pytest.mark.rules("WS-FIG-3", "WS-MELEE-1")
def test_the_heuristic_strikes_an_enemy_base_to_base_before_loading_a_gun() -> None:
    """A gunner with a sword beside his empty cannon and a boarder base to base with him: he
    fights (before, loading the gun was worth more to him than the blow)."""
    from grapeshot.geometry import Surface
    from grapeshot.rulesets.woodenships.actions import Act
    from grapeshot.rulesets.woodenships.players import tactics
    from grapeshot.rulesets.woodenships.prompts import ActPrompt
    from tests.rulesets.woodenships.harness import fig, game, put, scenario, ship, shore

    crew = [{"name": "Gunner", "kind": "man", "at": [0.0, 0.6], "weapons": ["sword"]}]
    red = ship("Red", 20, 20, 0, crew, guns=[{"kind": "cannon", "place": "port"}], masts=[])
    blue = ship("Blue", 20, 44, 0, [{"name": "Bosun", "kind": "man", "at": [0, -1], "weapons": ["sword"]}])
    g = game(scenario([red], [blue], table=(80.0, 80.0)))
    s = shore(g)
    gunner = fig(g, "Gunner")
    here = s.world(gunner.spot) if gunner.spot is not None else None
    assert here is not None
    put(g, "Bosun", Surface.DECK, "Red", here.x - 1.02, here.y)
    gun = next(iter(s.guns.values()))
    gun.loaded = False
    ask = ActPrompt(("red",), "WS-FIG-3", "", (Act,), s, "Gunner", None)
    whats = {a.what for a in ask.options()}
    assert {"load", "strike"} <= whats
    assert tactics.act(s, ask).what == "strike"
