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

from grapeshot.lab.records import GameRecord
from grapeshot.lab.study import GameSpec, Plan


def play_batch(plan: Plan, specs: Sequence[GameSpec]) -> list[GameRecord]:
    """Play some games of a study or a trial (the unit of work a backend hands a worker)."""
    return [plan.play(spec) for spec in specs]
