"""Jim Lad's own AI: the heuristic player, and what the generic search player asks of the rule set.

* :mod:`.heuristic`: the fast player that plays sensibly (thousands of games for the lab), and
  the player the search plays its sampled futures with;
* :mod:`.value`: the learned chance to win from a position, which scores a future cut short;
* :mod:`.search`: the candidate answers worth searching, the budget's shares by decision, and
  the score of a finished or unfinished future.

The random and search players are generic (:mod:`grapeshot.agents`); :func:`players` is the
rule set's ``players()`` capability that plugs these in.
"""

from __future__ import annotations

from grapeshot.core.capabilities import Players
from grapeshot.rulesets.jimlad.players import search
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer

PLAYERS = Players(
    factories={"heuristic": HeuristicPlayer},
    rollout="heuristic",
    evaluate=search.score,
    candidates=search.candidates,
    shares=search.SHARES,
    unsearched=search.UNSEARCHED,
    even=search.EVEN,
)


def players() -> Players:
    return PLAYERS
