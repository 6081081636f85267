"""The random player: it answers every prompt of a game legally from the prompts' own legal
answers, for any klan and any options, and repeats itself for a seed (played on Jim Lad, the
rule set with the most prompts today; its aims are tested in ``tests/rulesets/jimlad/test_legal.py``)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from grapeshot.agents import play_out
from grapeshot.agents.random_player import RandomPlayer
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad.prompts import OrdersPrompt
from tests.rulesets.jimlad.players.test_heuristic import actions_of, full_game
from tests.support import duel


@pytest.mark.parametrize(
    ("name", "seed", "options"),
    [
        ("duel", 1, None),
        ("duel", 2, {"grapeshot": "d3", "torpedo_salvos": 3}),
        ("brawl", 3, None),
        ("brawl", 4, {"grapeshot": "d3", "turn_order": "roll", "kannon_arc": 120.0}),
    ],
)
def test_every_action_of_the_random_player_is_accepted(name: str, seed: int, options: Mapping[str, object] | None) -> None:
    g = full_game(name, seed=seed, players="random", agent_seed=seed, options=options)  # Game.submit raises on an illegal one
    assert g.outcome is not None and len(g.actions) > 20
    kinds = {a.kind for _, a in g.actions}
    assert {"orders", "fire"} <= kinds


def test_the_random_player_with_every_klan_plays_legally() -> None:
    klans = ["freebooterz", "snake-bites", "deff-skulls", "goffs", "evil-sunz", "bad-moons", "blood-axes"]
    for k, klan in enumerate(klans):
        g = Game("jimlad", duel(red={"klan": klan}, blue={"klan": klans[(k + 3) % len(klans)], "y": 44.0}), seed=k)
        play_out(g, {"red": RandomPlayer(k), "blue": RandomPlayer(k + 100)})
        assert g.outcome is not None


def test_the_random_player_is_repeatable_for_a_seed() -> None:
    first = actions_of(full_game("duel", seed=8, players="random", agent_seed=1))
    assert first == actions_of(full_game("duel", seed=8, players="random", agent_seed=1))
    assert first != actions_of(full_game("duel", seed=8, players="random", agent_seed=2))
    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=0)
    assert isinstance(g.prompt, OrdersPrompt)
    picks = {RandomPlayer(s).act(g, "red", g.prompt) for s in range(12)}
    assert len(picks) > 1  # it does pick at random
    assert RandomPlayer(3).act(g, "red", g.prompt) == RandomPlayer(3).act(g, "red", g.prompt)
