"""Players for the prompts of rule modules.

A rule module (collisions and boarding, say) joins a host rule set's game and asks its own
questions: its prompts carry the module's namespace.  The host's own player (Jim Lad's heuristic)
knows nothing of them, so :class:`WithModules` wraps it and hands each module prompt to that
module's player: the module's player of the same name (its "heuristic" for a "heuristic" seat),
else the player its ``players()`` names for rollouts, else the random player, which answers any
prompt from its legal answers; but where the host rule set's ``players()`` declares a
``module_answer`` (Wooden Ships' does), that is asked first, and answers the prompts it knows.  The random and search players need no wrapping: the one works
from the legal answers of any prompt, the other rolls out with wrapped players.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Player, PlayerFactory
from grapeshot.core.game import Game
from grapeshot.core.module import Module
from grapeshot.core.prompts import Prompt


def module_seed(seed: int, module: str) -> int:
    """The seed of a seat's player for one module, from the seat player's seed (no clock, no hash salt)."""
    return int.from_bytes(hashlib.sha256(f"grapeshot-module:{seed}:{module}".encode()).digest()[:8], "big")


def module_player(module: Module, name: str) -> PlayerFactory:
    """The factory of the player that answers ``module``'s prompts for a seat played by ``name``."""
    from grapeshot.agents.random_player import RandomPlayer

    own = module.players()
    if own is not None:
        factory = own.factories.get(name) or own.factories.get(own.rollout)
        if factory is not None:
            return factory
    return RandomPlayer


class WithModules:
    """A rule set's own player, with the modules' players for the modules' prompts."""

    def __init__(self, host: Player, name: str, seed: int, answer: Callable[[Game, str, Prompt], Action | None] | None = None) -> None:
        self.host = host
        self.name = name
        self.seed = seed
        self.answer = answer
        self.modules: dict[str, Player] = {}

    @classmethod
    def factory(cls, name: str, host: PlayerFactory, answer: Callable[[Game, str, Prompt], Action | None] | None = None) -> PlayerFactory:
        """``answer``: the host rule set's own answers to module prompts (``Players.module_answer``)."""
        return lambda seed: cls(host(seed), name, seed, answer)

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        run = game.modules.get(prompt.namespace) if game.modules else None
        if run is None:
            return self.host.act(game, seat, prompt)
        if self.answer is not None:  # the host rule set's players may answer a module's prompts themselves
            chosen = self.answer(game, seat, prompt)
            if chosen is not None:
                return chosen
        player = self.modules.get(run.module.name)
        if player is None:
            player = self.modules[run.module.name] = module_player(run.module, self.name)(module_seed(self.seed, run.module.name))
        return player.act(game, seat, prompt)
