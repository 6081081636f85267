"""Naval Warhammer's PettingZoo encoding (PettingZoo's own API, seed and parallel tests run on
every scenario in tests/test_conformance.py): learning agents steer and shoot through the
catalogue, the heuristic answers every other prompt, and observations stay in bounds."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from grapeshot.adapters.pettingzoo import env
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.navalwarhammer.actions import Shoot, Steer


@pytest.mark.rules("NW-MOVE-1", "NW-CREW-3")
@pytest.mark.parametrize("scenario", ("duel", "raid"))
def test_agents_steer_and_shoot_through_the_catalogue_to_the_end_of_a_game(scenario: str) -> None:
    e = env(load_scenario(scenario, "navalwarhammer"), ruleset="navalwarhammer")
    e.reset(seed=3)
    enc = e.session.encoder
    rng = np.random.default_rng(3)
    picked: Counter[str] = Counter()
    for _ in range(3000):
        if not e.agents:
            break
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.step(None)
            continue
        obs = e.observe(agent)
        vec = np.asarray(obs["observation"])
        assert vec.shape == (len(enc.features),) and np.all(vec >= -1.0) and np.all(vec <= 1.0)
        mask = e.action_mask(agent)
        legal = np.flatnonzero(mask)
        assert len(legal) >= 1
        pick = int(rng.choice(legal))
        if pick > 0:  # the environments' wait action is 0; the catalogue follows
            t = enc.templates[pick - 1]
            picked[f"{t.prompt}:{t.kind}"] += 1
            prompt = e.session.asked(agent)
            a = enc.action_for(e.session.view(agent), pick - 1) if prompt is not None else None
            assert a is not None and isinstance(a, Steer if t.prompt == "SteerPrompt" else Shoot)
        e.step(pick)
    assert not e.agents or e.game.outcome is not None, "the game did not end"
    assert e.game.outcome is not None
    assert picked["SteerPrompt:steer"] > 0 and picked["ShootPrompt:shoot"] + picked["ShootPrompt:end"] > 0, picked
