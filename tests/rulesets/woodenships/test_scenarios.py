"""The boat swarm and the four-sided free-for-all: seeded games with random and heuristic
players end within the turn limit with the invariants kept after every action, and the rules
these scenarios are for come into play (rams, boarding from boats, barrels, four sides)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from tests.rulesets.woodenships.test_invariants import played, readings

PAIRS = [("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"), ("random", "random")]


def games(name: str, seeds: range) -> list[Game]:
    sc = load_scenario(name, "woodenships")
    out = []
    for seed in seeds:
        kinds = PAIRS[seed % len(PAIRS)]
        g = Game("woodenships", sc, seed=seed)
        agents = {s.id: make(kinds[k % 2], seed * 7 + k, "woodenships") for k, s in enumerate(sc.seats)}

        def check(game: Game) -> None:
            problems = game.ruleset.invariants(game)
            assert not problems, f"after action {len(game.actions)}: {problems}"

        play_out(g, agents, check)
        out.append(g)
    return out


def tally(gs: list[Game]) -> Counter[str]:
    return Counter(e.kind for g in gs for e in g.events)


@pytest.mark.rules("WS-RAM-1", "WS-BOARD-1", "WS-MOVE-2")
def test_the_boat_swarm_plays_out() -> None:
    gs = games("boat-swarm", range(8))
    assert all(g.outcome is not None and 1 <= g.outcome.turn <= 10 for g in gs)
    seen = tally(gs)
    assert seen["ram"] and seen["boarding"] and seen["sunk"]


@pytest.mark.rules("WS-RAM-1", "WS-RULING-1", "WS-BOARD-2")
def test_the_four_sided_free_for_all_plays_out() -> None:
    gs = games("free-for-all", range(16))
    assert all(g.outcome is not None and 1 <= g.outcome.turn <= 10 for g in gs)
    assert {len(g.state.order) for g in gs} == {4}
    seen = tally(gs)
    assert seen["ram"] and seen["hurl"] and seen["grapple"]
    assert len({w for g in gs for w in g.outcome.winners}) >= 3  # no seat is favoured by its corner alone


@pytest.mark.rules("WS-RAM-1", "WS-RAM-2", "WS-GUN-10", "WS-RULING-1")
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=readings())
def test_the_free_for_all_keeps_the_invariants_under_every_reading(seed: int, options: dict[str, Any]) -> None:
    g = played("free-for-all", seed, options, ("heuristic", "random", "random", "heuristic"))
    assert g.outcome is not None and 1 <= g.outcome.turn <= 10
