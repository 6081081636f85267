"""The conformance suite every registered ruleset must pass, on each of its built-in scenarios:
determinism, save/load round trip, replay equality, and random-play fuzzing with the
ruleset's invariants checked after every action."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game, replay
from grapeshot.core.ruleset import all_rulesets
from grapeshot.core.scenario import builtin_scenarios, load_scenario

CASES = [(rs.name, sc) for rs in all_rulesets() for sc in builtin_scenarios(rs.name)]


def _play(ruleset: str, scenario: str, seed: int, players: str = "heuristic", check: bool = False) -> Game:
    sc = load_scenario(scenario, ruleset)
    g = Game(ruleset, sc, seed=seed)
    agents = {s.id: make(players if players != "mixed" else ("random" if k % 2 else "heuristic"), seed * 7 + k) for k, s in enumerate(sc.seats)}

    def invariants(game: Game) -> None:
        problems = game.ruleset.invariants(game.state)
        assert not problems, f"after action {len(game.actions)} ({game.actions[-1]}): {problems}"

    play_out(g, agents, invariants if check else None)
    return g


def test_there_is_something_to_check() -> None:
    assert ("jimlad", "duel") in CASES and ("jimlad", "brawl") in CASES


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_same_seed_same_game(ruleset: str, scenario: str) -> None:
    a = _play(ruleset, scenario, 11)
    b = _play(ruleset, scenario, 11)
    c = _play(ruleset, scenario, 12)
    assert [e.line() for e in a.events] == [e.line() for e in b.events]
    assert [e.line() for e in a.events] != [e.line() for e in c.events]


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_save_load_and_replay_reproduce_the_log(ruleset: str, scenario: str) -> None:
    g = _play(ruleset, scenario, 5, players="mixed")
    data = json.loads(json.dumps(g.save()))
    loaded = Game.load(data)
    assert [e.line() for e in loaded.events] == [e.line() for e in g.events]
    assert loaded.outcome == g.outcome
    recorded = [json.loads(e.line()) for e in g.events]
    again = replay(data, recorded)
    assert again.outcome == g.outcome


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_a_game_half_played_saves_and_continues(ruleset: str, scenario: str) -> None:
    """A save taken mid-game loads at the same prompt, and the same answers finish it the same way."""
    whole = _play(ruleset, scenario, 21)
    half = len(whole.actions) // 2
    partial = Game(ruleset, load_scenario(scenario, ruleset), seed=21)
    for seat, action in whole.actions[:half]:
        partial.submit(seat, action)
    resumed = Game.load(json.loads(json.dumps(partial.save())))
    assert resumed.waiting_for() == partial.waiting_for()
    for seat, action in whole.actions[half:]:
        resumed.submit(seat, action)
    assert [e.line() for e in resumed.events] == [e.line() for e in whole.events]


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
@settings(max_examples=8)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_keeps_the_invariants(ruleset: str, scenario: str, seed: int) -> None:
    g = _play(ruleset, scenario, seed, players="random", check=True)
    assert g.outcome is not None
    assert g.outcome.turn >= 1
