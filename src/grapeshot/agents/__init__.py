"""Players that answer a game's prompts: random-legal (for fuzzing), heuristic and search.

An agent sees the game and the prompt addressed to its seat and returns an
action; it never reads another seat's sealed orders (they are held outside
the state until revealed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome


class Agent(Protocol):
    """Anything that can answer a prompt for a seat."""

    name: str

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action: ...


AgentFactory = Callable[[int], Agent]


def factories() -> dict[str, AgentFactory]:
    """Agents by name; each factory takes a seed for the agent's own choices."""
    from grapeshot.agents.heuristic import HeuristicPlayer
    from grapeshot.agents.random_player import RandomPlayer
    from grapeshot.agents.search import SearchPlayer

    return {"heuristic": HeuristicPlayer, "random": RandomPlayer, "search": SearchPlayer}


def make(name: str, seed: int) -> Agent:
    try:
        return factories()[name](seed)
    except KeyError:
        raise ValueError(f"unknown player {name!r}; known: {', '.join(sorted(factories()))}") from None


def play_until(
    game: Game,
    agents: Mapping[str, Agent],
    until: Callable[[Game], bool] | None = None,
    check: Callable[[Game], None] | None = None,
    max_steps: int = 100_000,
) -> None:
    """Let agents answer every prompt until the game ends or ``until(game)`` holds.

    ``check`` runs after each action; more than ``max_steps`` prompts raise ``RuntimeError``
    (a game that never ends is a bug, not a result).
    """
    steps = 0
    while game.prompt is not None and (until is None or not until(game)):
        prompt = game.prompt
        for seat in game.waiting_for():
            game.submit(seat, agents[seat].act(game, seat, prompt))
            if check is not None:
                check(game)
            if game.prompt is not prompt:
                break
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game did not get there in {max_steps} steps")


def play_out(game: Game, agents: Mapping[str, Agent], check: Callable[[Game], None] | None = None, max_steps: int = 100_000) -> Outcome:
    """Let agents answer every prompt until the game ends; ``check`` runs after each action."""
    play_until(game, agents, check=check, max_steps=max_steps)
    assert game.outcome is not None
    return game.outcome
