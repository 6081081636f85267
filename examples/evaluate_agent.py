"""Evaluate trivial agents against grapeshot's heuristic player through the PettingZoo API.

The learner sails the red ship of the duel; the heuristic player sails blue inside the
environment (``opponents``), so the AEC loop only ever selects ``red``.  Two trivial
policies are played: "first legal" (the first action the mask allows: the most cautious
answer to every prompt) and "random legal" (uniform over the mask).

    .venv/bin/python examples/evaluate_agent.py --episodes 100 --seed 0
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable

import numpy as np

from grapeshot.adapters.pettingzoo import env

Policy = Callable[[np.ndarray, np.random.Generator], int]


def first_legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(np.flatnonzero(mask)[0])


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def evaluate(policy: Policy, episodes: int, seed: int) -> Counter[str]:
    """Play ``episodes`` duels as red against the heuristic player; count wins, draws, losses."""
    game = env("duel", ruleset="jimlad", opponents={"blue": "heuristic"})
    rng = np.random.default_rng(seed)
    results: Counter[str] = Counter()
    for episode in range(episodes):
        game.reset(seed=seed + episode)
        total = 0.0
        for _agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            total += reward
            if terminated or truncated:
                game.step(None)
                continue
            game.step(policy(observation["action_mask"], rng))
        results["win" if total > 0 else "loss" if total < 0 else "draw"] += 1
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for name, policy in (("first legal", first_legal), ("random legal", random_legal)):
        start = time.perf_counter()
        r = evaluate(policy, args.episodes, args.seed)
        n = args.episodes
        print(
            f"{name:>12} vs heuristic over {n} duels: win rate {r['win'] / n:.0%} "
            f"(won {r['win']}, drawn {r['draw']}, lost {r['loss']}) in {time.perf_counter() - start:.1f} s"
        )


if __name__ == "__main__":
    main()
