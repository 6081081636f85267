"""Playing study games: the function every backend's workers run.

:func:`play_batch` takes the study (small: the scenario travels as JSON) and a few of its
games, plays each with logging off and the study's players, and returns one small
:class:`GameRecord` a game. A game depends only on the study and its :class:`GameSpec`;
nothing a worker holds from an earlier game (the parsed scenarios it keeps) changes a result.

A variant's klan changes are applied to the klans' table (``rulesets.jimlad.data.KLANS``) for
the length of one game and then restored; a lock keeps two games of one process from
overlapping while the table is changed (Dask workers may run several threads).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import Scenario
from grapeshot.lab.study import GameSpec, KlanChange, Study, derive_seed, scenario_for

_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a study keeps of one game."""

    index: int
    seed: int
    variant: str  # the variant's label
    klans: tuple[str, ...]  # the klan of each seat, in seat order
    winner: str | None  # the winning seat; None for a draw
    winner_klan: str | None
    objective: str  # how it ended: last-boat-afloat, weez-da-only-fleet, best-of-the-rest, draw
    turns: int
    sunk: tuple[int, ...]  # ships each seat lost, in seat order

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "variant": self.variant,
            "klans": list(self.klans),
            "winner": self.winner,
            "winner_klan": self.winner_klan,
            "objective": self.objective,
            "turns": self.turns,
            "sunk": list(self.sunk),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameRecord:
        return cls(
            int(d["index"]),
            int(d["seed"]),
            str(d["variant"]),
            tuple(d["klans"]),
            d["winner"],
            d["winner_klan"],
            str(d["objective"]),
            int(d["turns"]),
            tuple(int(x) for x in d["sunk"]),
        )


@lru_cache(maxsize=128)
def _scenario(study: Study, klans: tuple[str, ...]) -> Scenario:
    return scenario_for(study, klans)


@contextmanager
def klan_changes(changes: Sequence[KlanChange]) -> Iterator[None]:
    """The klans' table with a variant's changes in force, restored on the way out."""
    if not changes:
        yield
        return
    from grapeshot.geometry import Facing
    from grapeshot.rulesets.jimlad.data import KLANS, Klan

    saved = dict(KLANS)
    try:
        for c in changes:
            klan = Klan(c.klan)
            spec = KLANS[klan]
            if c.field.startswith("armour."):
                facing = Facing(c.field.removeprefix("armour."))
                armour = {f: d for f, d in spec.armour if f is not facing}
                armour[facing] = int(c.value)
                KLANS[klan] = dataclasses.replace(spec, armour=tuple((f, d) for f, d in armour.items() if d != 0))
            else:
                setting: dict[str, Any] = {c.field: c.value}
                KLANS[klan] = dataclasses.replace(spec, **setting)
        yield
    finally:
        KLANS.clear()
        KLANS.update(saved)


def play_game(study: Study, spec: GameSpec) -> GameRecord:
    """Play one game of a study and keep its record."""
    rs = get(study.ruleset)
    scenario = _scenario(study, spec.klans)
    variant = study.variants[spec.variant]
    options = {**dict(study.options), **dict(variant.options)}
    with _LOCK, klan_changes(variant.klan_changes):
        game = Game(rs, scenario, options, seed=spec.seed, log=False)
        agents = {seat: make(study.player, derive_seed(spec.seed, k), rs) for k, seat in enumerate(study.seats)}
        outcome = play_out(game, agents)
        ships = rs.describe(game.state).get("ships", [])
    winner = outcome.winners[0] if outcome.objective != "draw" and len(outcome.winners) == 1 else None
    by_seat = dict(zip(study.seats, spec.klans, strict=True))
    return GameRecord(
        index=spec.index,
        seed=spec.seed,
        variant=variant.label,
        klans=spec.klans,
        winner=winner,
        winner_klan=by_seat.get(winner) if winner is not None else None,
        objective="draw" if winner is None else outcome.objective,
        turns=outcome.turn,
        sunk=tuple(sum(1 for s in ships if s.get("owner") == seat and not s.get("afloat", True)) for seat in study.seats),
    )


def play_batch(study: Study, specs: Sequence[GameSpec]) -> list[GameRecord]:
    """Play some games of a study (the unit of work a backend hands a worker)."""
    return [play_game(study, spec) for spec in specs]
