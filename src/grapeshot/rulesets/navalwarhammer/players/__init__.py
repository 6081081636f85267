"""Naval Warhammer's own AI: the heuristic player (:mod:`.heuristic`), the player the search plays
its futures with; :func:`players` is the rule set's ``players()`` capability, and :func:`score`
the worth of a future cut short, which lets the search judge its sampled futures at the end of
the decision's turn instead of playing every one to the end."""

from __future__ import annotations

from grapeshot.core.capabilities import Players, by_worth
from grapeshot.rulesets.navalwarhammer.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.navalwarhammer.state import Sea

#: how far a future's worth may stray from an even share while the game is unfinished (a won
#: game, 1, always beats the best unfinished one)
REACH = 0.45


def worth(sea: Sea, seat: str) -> float:
    """What a seat has and has won: its victory points (what decides a game at its turn limit,
    :meth:`Sea.score`) plus the hull left of its ships afloat and the models of its crews."""
    hull = sum(s.parts["hull"].wounds_left for s in sea.afloat() if s.commander == seat)
    crew = sum(u.models for u in sea.units.values() if u.seat == seat and not u.is_machine)
    return float(sea.score().get(seat, 0) + hull + crew)


#: a future's worth to a seat in [0, 1] (:func:`worth` against the best of the others')
score = by_worth(worth, REACH)


PLAYERS = Players(factories={"heuristic": HeuristicPlayer}, rollout="heuristic", evaluate=score)


def players() -> Players:
    return PLAYERS
