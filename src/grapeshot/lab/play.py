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

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario
from grapeshot.lab.study import GameSpec, Study, StudyError, derive_seed, ruleset_and_lab, scenario_for

_LOCK = threading.Lock()


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


@lru_cache(maxsize=128)
def _scenario(study: Study, factions: tuple[str, ...], variant: int) -> Scenario:
    return scenario_for(study, factions, variant)


@contextmanager
def new_game(study: Study, factions: tuple[str, ...], variant: int, seed: int, *, log: bool = True) -> Iterator[Game]:
    """A game of the study with ``factions`` on its seats under ``variant``, its table changes in
    force (and the lock held) until the caller is done with it."""
    rs, lab = ruleset_and_lab(study.ruleset)
    scenario = _scenario(study, factions, variant)
    with _LOCK, lab.in_force(study.changes_for(variant)):
        yield Game(rs, scenario, study.options_for(variant), seed=seed, log=log)


def check_variants(study: Study) -> None:
    """Set up one game of every variant, so that what a worker would refuse (an option's value,
    a module option with the module not in play, a module the rule set cannot host) is refused
    while planning, with the variant named."""
    pair = (study.factions[0], study.factions[1])
    for v, variant in enumerate(study.variants):
        where = "--option" if v == 0 else f"variant {variant.label}"
        try:
            with new_game(study, pair, v, 0, log=False):
                pass
        except (ScenarioError, ValueError) as e:
            raise StudyError(f"{where}: {e}") from None


def tallies_of(game: Game) -> tuple[tuple[str, int], ...]:
    """The game's tallies: the rule set's, and each module's under its name (``collisions.grapples held``)."""
    counts = dict(game.ruleset.tallies(game.events))
    for name, run in game.modules.items():
        counts.update({f"{name}.{k}": v for k, v in run.module.tallies(game.events).items()})
    return tuple(sorted(counts.items()))


def play_game(study: Study, spec: GameSpec) -> GameRecord:
    """Play one game of a study and keep its record."""
    _, lab = ruleset_and_lab(study.ruleset)
    with new_game(study, spec.factions, spec.variant, spec.seed) as game:
        agents = {seat: make(study.player, derive_seed(spec.seed, k), game.ruleset) for k, seat in enumerate(study.seats)}
        outcome = play_out(game, agents)
    winner = outcome.winners[0] if outcome.objective != "draw" and len(outcome.winners) == 1 else None
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


def play_batch(study: Study, specs: Sequence[GameSpec]) -> list[GameRecord]:
    """Play some games of a study (the unit of work a backend hands a worker)."""
    return [play_game(study, spec) for spec in specs]
