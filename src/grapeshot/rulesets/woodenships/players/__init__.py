"""Wooden Ships' own AI: the heuristic player (:mod:`.heuristic`), the ``players()`` capability."""

from __future__ import annotations

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Players
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.woodenships.players.heuristic import HeuristicPlayer


def module_answer(game: Game, seat: str, prompt: Prompt) -> Action | None:
    """Its answers to the collisions module's prompts (:mod:`.collisions`; None for another
    module's, which go to that module's player)."""
    if prompt.namespace != "collisions":
        return None
    from grapeshot.rulesets.woodenships.players.collisions import answer

    return answer(game, seat, prompt)


PLAYERS = Players(factories={"heuristic": HeuristicPlayer}, rollout="heuristic", module_answer=module_answer)


def players() -> Players:
    return PLAYERS
