"""Naval Warhammer's own AI: the heuristic player (:mod:`.heuristic`), the player the search plays
its futures with; :func:`players` is the rule set's ``players()`` capability."""

from __future__ import annotations

from grapeshot.core.capabilities import Players
from grapeshot.rulesets.navalwarhammer.players.heuristic import HeuristicPlayer

PLAYERS = Players(factories={"heuristic": HeuristicPlayer}, rollout="heuristic")


def players() -> Players:
    return PLAYERS
