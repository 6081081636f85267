"""Fingerprints of seeded PettingZoo episodes with fixed action choices, for checking that Jim
Lad's environments do not change: observations, masks, rewards, infos and the game itself.

``python -m tests.adapters.episodes > tests/adapters/data/jimlad_episodes.json`` records them;
the file in the repository was recorded before the environments became generic (when they
were Jim Lad's alone), and ``test_jimlad_episodes.py`` compares every case with it.  Each
episode picks among the legal actions by a fixed rule of the step number (now and then an
illegal one, which is substituted), so the same environment gives the same fingerprint.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from grapeshot.adapters.pettingzoo import GrapeshotEnv, env, parallel_env
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario
from tests.support import scenario


def assert_mask_is_the_engines(e: GrapeshotEnv, agent: str, mask: Any, copy: Game) -> None:
    """Every masked-in template of ``agent``'s mask is accepted by the prompt of ``copy`` (a copy
    of the environment's game), every masked-out one has no action or is refused by it."""
    prompt = copy.prompt
    assert prompt is not None
    for i in range(e.session.n_actions):
        action = e.action_for(agent, i)
        if mask[i]:
            assert action is not None
            prompt.check(agent, action)  # the rebuilt game's own prompt accepts it
        elif action is not None:
            with pytest.raises(IllegalAction):
                prompt.check(agent, action)


def squadron(**options: Any) -> Scenario:
    """Two ships a side: Freebooterz (a re-roll) against Blood Axes (manned torpedoes)."""
    return scenario(
        [
            {"seat": "red", "name": "R1", "x": 20.0, "y": 26.0, "heading": 0.0, "klan": "freebooterz"},
            {"seat": "red", "name": "R2", "x": 20.0, "y": 46.0, "heading": 0.0},
            {"seat": "blue", "name": "B1", "x": 60.0, "y": 30.0, "heading": 180.0, "klan": "blood-axes"},
            {"seat": "blue", "name": "B2", "x": 60.0, "y": 42.0, "heading": 180.0},
        ],
        options=options,
    )


Where = str | Callable[[], Scenario]


def _pick(mask: np.ndarray[Any, Any], k: int) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[(k * 2654435761) % len(legal)])


def _ended(game: Any, h: Any, steps: int) -> dict[str, Any]:
    save = game.save()
    return {"steps": steps, "trace": h.hexdigest(), "events": save["events_digest"], "outcome": save["outcome"]}


def aec(where: Where, seed: int, **kw: Any) -> dict[str, Any]:
    e = env(where if isinstance(where, str) else where(), log=True, **kw)
    e.reset(seed=seed)
    h = hashlib.sha256()
    agents = e.possible_agents
    h.update(json.dumps([e.observation_space(a)["observation"].shape for a in agents]).encode())
    n = int(e.action_space(agents[0]).n)
    h.update(json.dumps([n, *(e.action_label(i) for i in range(n))]).encode())
    k, steps = seed, 0
    for agent in e.agent_iter(3000):
        obs, reward, term, trunc, info = e.last()
        for other in e.agents:
            o = e.observe(other)
            h.update(other.encode() + o["observation"].tobytes() + o["action_mask"].tobytes())
        h.update(json.dumps([agent, float(reward), term, trunc, info], sort_keys=True, default=str).encode())
        steps += 1
        if term or trunc:
            e.step(None)
            continue
        k += 1
        e.step(0 if k % 17 == 0 else _pick(obs["action_mask"], k))
    return _ended(e.game, h, steps)


def parallel(where: Where, seed: int, **kw: Any) -> dict[str, Any]:
    p = parallel_env(where if isinstance(where, str) else where(), log=True, **kw)
    obs, infos = p.reset(seed=seed)
    h = hashlib.sha256()
    k, steps = seed, 0
    while p.agents:
        for a in sorted(obs):
            h.update(a.encode() + obs[a]["observation"].tobytes() + obs[a]["action_mask"].tobytes())
        h.update(json.dumps(infos, sort_keys=True, default=str).encode())
        k += 1
        obs, rewards, terms, truncs, infos = p.step({a: _pick(obs[a]["action_mask"], k + j) for j, a in enumerate(p.agents)})
        h.update(json.dumps([rewards, terms, truncs], sort_keys=True).encode())
        steps += 1
    return _ended(p.game, h, steps)


#: the episodes: name -> (AEC or Parallel, scenario, seed, environment arguments)
CASES: dict[str, tuple[Callable[..., dict[str, Any]], Where, int, dict[str, Any]]] = {
    **{f"aec duel {s}": (aec, "duel", s, {}) for s in (1, 2, 3)},
    **{f"aec duel hull {s}": (aec, "duel", s, {"reward": "hull"}) for s in (1, 2)},
    **{f"parallel duel {s}": (parallel, "duel", s, {}) for s in (1, 2, 3)},
    "aec brawl 4": (aec, "brawl", 4, {}),
    "aec brawl hull 5": (aec, "brawl", 5, {"reward": "hull", "max_steps": 400}),
    "parallel brawl 6": (parallel, "brawl", 6, {}),
    "aec squadron d3 7": (aec, lambda: squadron(grapeshot="d3"), 7, {}),
    "aec squadron 8": (aec, squadron, 8, {}),
    "parallel squadron 9": (parallel, squadron, 9, {}),
    "aec euromeet 10": (aec, "euromeet", 10, {"max_steps": 300}),
    "aec duel against the heuristic 11": (aec, "duel", 11, {"opponents": {"blue": "heuristic"}, "delegate": ["RerollPrompt", "ShootPrompt"]}),
    "parallel duel sequential 13": (parallel, "duel", 13, {"delegate": "sequential"}),
    "parallel brawl sequential 14": (parallel, "brawl", 14, {"delegate": "sequential", "reward": "hull"}),
}


def fingerprint(name: str) -> dict[str, Any]:
    run, where, seed, kw = CASES[name]
    return run(where, seed, **kw)


if __name__ == "__main__":
    print(json.dumps({name: fingerprint(name) for name in CASES}, indent=1, sort_keys=True))
