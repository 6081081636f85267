"""What the lab keeps of a game, and how it plays one: the record of a game (:class:`GameRecord`),
its tallies, the seeding of every game and player from a study's seed, and playing a seeded game
to its end.  Studies, trials and the workers all use these; this room imports none of them."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.ruleset import Outcome


def derive_seed(seed: int, index: int) -> int:
    """A 64-bit seed from a parent seed and an index (SHA-256; the scheme ``grapeshot simulate`` uses)."""
    digest = hashlib.sha256(f"grapeshot:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a study keeps of one game."""

    index: int
    seed: int
    variant: str  # the variant's label
    factions: tuple[str, ...]  # the faction of each seat, in seat order
    winner: str | None  # the winning seat; None for a draw
    winner_faction: str | None
    objective: str  # how it ended: one of the rule set's objectives, or draw
    turns: int
    tallies: tuple[tuple[str, int], ...] = ()  # what happened in the game (the rule set's and modules' tallies), by name

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "variant": self.variant,
            "factions": list(self.factions),
            "winner": self.winner,
            "winner_faction": self.winner_faction,
            "objective": self.objective,
            "turns": self.turns,
            "tallies": dict(self.tallies),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameRecord:
        return cls(
            int(d["index"]),
            int(d["seed"]),
            str(d["variant"]),
            tuple(d["factions"]),
            d["winner"],
            d["winner_faction"],
            str(d["objective"]),
            int(d["turns"]),
            tuple(sorted((str(k), int(v)) for k, v in d["tallies"].items())),
        )


def tallies_of(game: Game) -> tuple[tuple[str, int], ...]:
    """The game's tallies: the rule set's, and each module's under its name (``collisions.grapples held``)."""
    counts = dict(game.ruleset.tallies(game.events))
    for name, run in game.modules.items():
        counts.update({f"{name}.{k}": v for k, v in run.module.tallies(game.events).items()})
    return tuple(sorted(counts.items()))


def play_seeded(game: Game, player: str, seed: int, seats: Sequence[str]) -> Outcome:
    """Play a game to its end with ``player`` on every seat, each seeded from the game's seed and
    the seat's place (so the same seed gives the same players whatever else differs); its
    checkpoints are kept only for a player that copies the game (the search player)."""
    agents = {seat: make(player, derive_seed(seed, k), game.ruleset) for k, seat in enumerate(seats)}
    # a checkpoint (a copy of the state at every phase) serves copies and undo: a study's game
    # that no player copies needs none, and taking them is an eighth of a game's time
    game.checkpointing = any(getattr(a, "copies_games", False) for a in agents.values())
    return play_out(game, agents)


def sole_winner(outcome: Outcome) -> str | None:
    """The one winning seat, or ``None`` for a draw (a win shared by several seats counts as one)."""
    return outcome.winners[0] if outcome.objective != "draw" and len(outcome.winners) == 1 else None


def record_of(
    index: int, seed: int, variant: str, factions: tuple[str, ...], game: Game, outcome: Outcome, faction_of: Callable[[str], str | None]
) -> GameRecord:
    """The record of a game played to ``outcome``: its one winner (``None``, a draw), the faction
    ``faction_of`` credits with the win, how it ended, its length and its tallies."""
    winner = sole_winner(outcome)
    return GameRecord(
        index=index,
        seed=seed,
        variant=variant,
        factions=factions,
        winner=winner,
        winner_faction=faction_of(winner) if winner is not None else None,
        objective="draw" if winner is None else outcome.objective,
        turns=outcome.turn,
        tallies=tallies_of(game),
    )
