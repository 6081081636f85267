"""Levels for people: every AI seat can be played easy, normal or hard, in every rule set.

A person choosing an opponent wants to know how hard it plays, not which algorithm it runs.  A
level (:class:`~grapeshot.core.capabilities.Level`) names one of the rule set's players, the
budget its factory is given, and a chance of answering at random instead.  The generic levels
below exist for every rule set, built from what its ``players()`` already names:

* **easy**: the rule set's rollout player (its heuristic) with :data:`BLUNDER` of its answers
  replaced by one drawn at random from the prompt's legal answers (never a roll of physical
  dice): it still plays every rule, but now and then it sails the wrong way or holds its fire;
* **normal**: the rule set's rollout player as it is;
* **hard**: the search player (:mod:`.search`) with :data:`HARD_ROLLOUTS` rollouts a decision,
  played out by that same heuristic.

A rule set's ``Players.levels`` may put its own record in place of any of them (a search budget
it has measured, the decisions worth searching).  :func:`grapeshot.agents.factories` lists the
levels beside the players, so a level is a player name everywhere one is taken: a seat's player
at the web table (and so in its saves), an opponent of the PettingZoo environments, the benches.
The measured strength of each level against the next is in ``docs/agents.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Level, Player, PlayerFactory
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt
from grapeshot.core.ruleset import Ruleset, get

#: the levels people choose from, easiest first
LEVELS = ("easy", "normal", "hard")
#: the share of the easy level's answers drawn at random from the legal answers
BLUNDER = 0.5
#: the hard level's rollouts a decision, where the rule set names no budget of its own
HARD_ROLLOUTS = 48


def generic(rollout: str) -> dict[str, Level]:
    """The levels of a rule set whose rollout player is ``rollout``, before its own changes."""
    return {
        "easy": Level(rollout, blunder=BLUNDER, about=f"the {rollout} player, with {BLUNDER:.0%} of its answers drawn at random from the legal answers"),
        "normal": Level(rollout, about=f"the {rollout} player"),
        "hard": Level(
            "search",
            {"rollouts": HARD_ROLLOUTS},
            about=f"the search player: {HARD_ROLLOUTS} sampled futures a decision, played out by the {rollout} player",
        ),
    }


def levels(ruleset: Ruleset | str) -> dict[str, Level]:
    """The levels of a rule set, easiest first: the generic ones with the rule set's own in their place."""
    rs = get(ruleset) if isinstance(ruleset, str) else ruleset
    own = rs.players()
    out = generic(own.rollout if own is not None else "random")
    if own is not None:
        unknown = sorted(set(own.levels) - set(LEVELS))
        if unknown:
            raise ValueError(f"the rule set {rs.name!r} names levels {unknown}; the levels are {', '.join(LEVELS)}")
        out.update(own.levels)
    return {name: out[name] for name in LEVELS}


def level_factory(name: str, level: Level, players: Mapping[str, PlayerFactory]) -> PlayerFactory:
    """The maker of a level's player, from the rule set's players by name (``players``)."""
    if level.player not in players:
        raise ValueError(f"the level {name!r} plays {level.player!r}, which is none of the players {', '.join(sorted(players))}")
    if not 0.0 <= level.blunder <= 1.0:
        raise ValueError(f"the level {name!r} answers at random with a chance of {level.blunder}: it must be between 0 and 1")
    make = cast(Callable[..., Player], players[level.player])
    params = dict(level.params)

    def factory(seed: int) -> Player:
        player = make(seed, **params)
        return Blundering(player, level.blunder, seed, name) if level.blunder > 0 else player

    return factory


class Blundering:
    """A player that, with a fixed chance, gives a random legal answer in place of its own.

    Its own player is still asked every time (a player may keep plans from one answer to the
    next), and the random answer comes from the prompt's legal listing, as the random player's
    does, so the rules are never broken; a prompt for physical dice, or one that lists nothing,
    keeps the player's own answer.  The draws come from a generator seeded by the level's seed."""

    def __init__(self, base: Player, chance: float, seed: int, name: str) -> None:
        self.base = base
        self.chance = chance
        self.name = name
        self.rng = random.Random(f"grapeshot-blunder:{seed}")
        self.blunders = 0  # answers drawn at random (for the benches)

    @property
    def copies_games(self) -> bool:
        return bool(getattr(self.base, "copies_games", False))

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        own = self.base.act(game, seat, prompt)
        if isinstance(prompt, DicePrompt) or self.rng.random() >= self.chance:
            return own
        choices = prompt.legal(seat)
        if choices.empty:
            return own
        self.blunders += 1
        return choices.sample(self.rng)
