"""Wooden Ships' own AI: the heuristic player (:mod:`.heuristic`), the ``players()`` capability,
and the worth of a future cut short (:func:`score`), which lets the search player judge its
sampled futures at the end of the decision's turn instead of playing every one to the end."""

from __future__ import annotations

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Level, Players, by_worth
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.woodenships.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.woodenships.state import Shore

#: how far a future's worth may stray from an even share while the game is unfinished (a won
#: game, 1, always beats the best unfinished one)
REACH = 0.45


def worth(shore: Shore, side: str) -> float:
    """What a side has and has won: the points it scored (what decides a game at its turn limit,
    WS-RULING-1) plus its figures' life, its ships' and its forts' points left."""
    life = sum(f.life for f in shore.living(side))
    ships = sum(s.left for s in shore.afloat() if s.side == side)
    forts = sum(x.left for x in shore.standing() if x.side == side)
    return float(shore.scored.get(side, 0) + life + ships + forts)


#: a future's worth to a seat in [0, 1] (:func:`worth` against the best of the others')
score = by_worth(worth, REACH)


def module_answer(game: Game, seat: str, prompt: Prompt) -> Action | None:
    """Its answers to the collisions module's prompts (:mod:`.collisions`; None for another
    module's, which go to that module's player)."""
    if prompt.namespace != "collisions":
        return None
    from grapeshot.rulesets.woodenships.players.collisions import answer

    return answer(game, seat, prompt)


#: the decisions the hard level searches: a ship's steering and a figure's action (where to go and
#: whom to strike); the draft, the figures' order and the rest are the heuristic's, which keeps a
#: decision within a second of CPU on this machine's kind
SEARCHED = ("SteerPrompt", "ActPrompt")
HARD = Level(
    "search",
    {"rollouts": 48, "decisions": SEARCHED},
    about="the search player: 48 sampled futures a ship's steering or a figure's action, each played out by the heuristic to the end of the turn",
)

#: the easy level blunders half as often as the generic one: a figure-by-figure game asks some 180
#: answers a side, and with half of them at random the heuristic won 0.975 of 100 mirrored duels
#: against it (one in four: 0.850 of 20, docs/agents.md)
EASY = Level("heuristic", blunder=0.25, about="the heuristic player, with 25% of its answers drawn at random from the legal answers")

PLAYERS = Players(
    factories={"heuristic": HeuristicPlayer}, rollout="heuristic", evaluate=score, levels={"easy": EASY, "hard": HARD}, module_answer=module_answer
)


def players() -> Players:
    return PLAYERS
