"""The island raid (docs/scenarios.md): seeded games of the raiders against the islanders, their
shaman, monkeys, parrots, caged beast and ridden dragon, with sharks and a crocodile, under both
ways of moving the wild creatures; every step keeps the invariants and every game ends."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario

READINGS: list[dict[str, Any]] = [{}, {"wild_animals": "referee", "wind": "on"}]


def raid(seed: int, options: dict[str, Any], players: tuple[str, str]) -> Game:
    sc = load_scenario("island-raid", "woodenships")
    g = Game("woodenships", sc, options=options, seed=seed)
    agents = {
        "red": make(players[0], seed, "woodenships"),
        "blue": make(players[1], seed + 1, "woodenships"),
        "referee": make("random", seed + 2, "woodenships"),
    }

    def check(game: Game) -> None:
        problems = game.ruleset.invariants(game)
        assert not problems, f"after action {len(game.actions)} ({game.actions[-1]}): {problems}"

    play_out(g, agents, check)
    return g


@pytest.mark.rules("WS-MAGIC-1", "WS-ANIMAL-1", "WS-ANIMAL-3", "WS-ANIMAL-5", "WS-ANIMAL-7", "WS-WIND-2")
def test_seeded_raids_keep_the_invariants_and_use_the_shaman_and_the_animals() -> None:
    seen: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for seed in range(12):
        players = ("heuristic", "random") if seed % 2 else ("random", "heuristic")
        for options in READINGS:
            g = raid(seed, options, players)
            assert g.outcome is not None and 1 <= g.outcome.turn <= 8
            assert "referee" not in g.outcome.winners
            seen.update(e.kind for e in g.events)
            asked.update(seat for seat, _ in g.actions)
    assert seen["lightning"] and seen["repel"] and seen["harry"] and seen["bite"] and seen["wild"] and seen["drift"]
    assert asked["referee"] > 0  # the referee's seat answered the wild creatures' prompts
