"""A player that answers at random from a prompt's legal answers: the fuzzer's opponent.

It knows no rule set: it draws from ``prompt.legal(seat)``, where continuous answers are drawn
over their whole range (a krak shell aimed anywhere in the arc and range, not only at ships; a
distance anywhere between the least and the most), so a game between random players visits odd
corners of the rules that sensible play never reaches.
"""

from __future__ import annotations

import random

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt


class RandomPlayer:
    """Random legal play, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        if isinstance(prompt, DicePrompt):
            raise ValueError("a random player cannot roll physical dice: a person at the table rolls them")
        choices = prompt.legal(seat)
        if choices.empty:
            raise ValueError(f"{prompt.namespace} prompt {prompt.kind} lists no legal answer for {seat}: {prompt.text}")
        return choices.sample(self.rng)
