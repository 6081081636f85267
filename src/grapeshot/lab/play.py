"""Playing study games: the function every backend's workers run.

:func:`play_batch` takes the study (small: the scenario travels as JSON) and a few of its
games, plays each with the study's players, and returns one small :class:`GameRecord` a game.
A game depends only on the study and its :class:`GameSpec`; nothing a worker holds from an
earlier game (the parsed scenarios it keeps) changes a result.

Games are played with their event log on (it costs little beside the players' thinking), so
that the record keeps the game's tallies (:meth:`Ruleset.tallies` and each module's); no
invariants are checked. A variant's table changes are put in force by the rule set's lab for
the length of one game (:meth:`Lab.in_force`); a lock keeps two games of one process from
overlapping while a table is changed (Dask workers may run several threads).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.ruleset import Outcome
from grapeshot.lab.study import GameSpec, Plan, Study, derive_seed, new_game, ruleset_and_lab


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
    the seat's place (so the same seed gives the same players whatever else differs)."""
    agents = {seat: make(player, derive_seed(seed, k), game.ruleset) for k, seat in enumerate(seats)}
    return play_out(game, agents)


def sole_winner(outcome: Outcome) -> str | None:
    """The one winning seat, or ``None`` for a draw (a win shared by several seats counts as one)."""
    return outcome.winners[0] if outcome.objective != "draw" and len(outcome.winners) == 1 else None


def play_game(study: Study, spec: GameSpec) -> GameRecord:
    """Play one game of a study and keep its record."""
    _, lab = ruleset_and_lab(study.ruleset)
    with new_game(study, spec.factions, spec.variant, spec.seed) as game:
        outcome = play_seeded(game, study.player, spec.seed, study.seats)
    winner = sole_winner(outcome)
    return GameRecord(
        index=spec.index,
        seed=spec.seed,
        variant=study.variants[spec.variant].label,
        factions=spec.factions,
        winner=winner,
        winner_faction=lab.faction_of(game, winner) if winner is not None else None,
        objective="draw" if winner is None else outcome.objective,
        turns=outcome.turn,
        tallies=tallies_of(game),
    )


def play_batch(plan: Plan, specs: Sequence[GameSpec]) -> list[GameRecord]:
    """Play some games of a study or a trial (the unit of work a backend hands a worker)."""
    return [plan.play(spec) for spec in specs]
