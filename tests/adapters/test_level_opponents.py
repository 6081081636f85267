"""The PettingZoo environments take a level (easy, normal, hard) as an opponent in every rule set
with an encoding: the seat is played inside the environment by that level's player, and a
seeded episode against it runs to the game's end; a level nobody has is refused naming it."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from grapeshot.adapters.pettingzoo import env
from grapeshot.agents.levels import LEVELS, Blundering
from grapeshot.agents.modules import WithModules
from grapeshot.agents.search import SearchPlayer

SCENARIOS = [("jimlad", "duel"), ("woodenships", "ship-duel"), ("navalwarhammer", "duel")]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS, ids=[r for r, _ in SCENARIOS])
def test_a_level_is_an_opponent_that_plays_an_episode_to_its_end(ruleset: str, scenario: str, level: str) -> None:
    e = env(scenario, ruleset=ruleset, opponents={"blue": level}, options={"turn_limit": 2})
    e.reset(seed=3)
    blue = e.session.players["blue"]
    kind = {"easy": Blundering, "normal": WithModules, "hard": SearchPlayer}[level]
    assert isinstance(blue, kind), type(blue)
    if isinstance(blue, SearchPlayer):  # the level's own player, its budget made small: the test asks that it plays
        blue.budget = dataclasses.replace(blue.budget, rollouts=4, candidates=2)
    assert e.agents == ["red"]
    rng = np.random.default_rng(0)
    steps = 0
    for _agent in e.agent_iter(max_iter=5_000):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert e.session.game.outcome is not None and steps > 0
    if isinstance(blue, SearchPlayer):
        assert blue.searched > 0


def test_an_unknown_level_is_refused_as_an_opponent() -> None:
    with pytest.raises(ValueError, match=r"unknown player 'fiendish'; known: .*easy.*hard.*normal"):
        env("duel", opponents={"blue": "fiendish"})
