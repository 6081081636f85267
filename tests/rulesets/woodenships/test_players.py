"""Wooden Ships' own player: the heuristic answers every prompt of both built-in scenarios and
beats the random player in seeded games in either seat (bench/bench_woodenships.py measures
it over many more)."""

from __future__ import annotations

import pytest

from grapeshot.agents import factories, make, play_out, rollout_player
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario

GAMES = 10


def test_the_heuristic_is_the_rule_sets_own_player_and_its_rollout_player() -> None:
    assert set(factories("woodenships")) == {"heuristic", "random", "search"}
    assert rollout_player("woodenships") == "heuristic"


@pytest.mark.parametrize("scenario", ["ship-duel", "skull-island"])
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
