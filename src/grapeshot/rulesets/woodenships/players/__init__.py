"""Wooden Ships' own AI: the heuristic player (:mod:`.heuristic`), the ``players()`` capability."""

from __future__ import annotations

from grapeshot.core.capabilities import Players
from grapeshot.rulesets.woodenships.players.heuristic import HeuristicPlayer

PLAYERS = Players(factories={"heuristic": HeuristicPlayer}, rollout="heuristic")


def players() -> Players:
    return PLAYERS
