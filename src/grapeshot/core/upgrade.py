"""Going on with a game saved (or stored) under earlier rules.

A rule fixed since a game was saved may make its replay differ: an action refused, a roll asked
for that was not, a different result.  Such a game is not lost.  :func:`carry_on` goes on with it:

1. If the save replays as it records, nothing changed that matters: that game.
2. Else, if it keeps a snapshot (the state at its latest checkpoint, written by every save of a
   running game since revisions were recorded), the game goes on from that state, as it was
   played, and the actions saved after it are applied under the present rules for as long as
   they accept them.
3. Else (a save older than snapshots) its actions are replayed under the present rules for as
   long as they accept them.

Whatever the present rules refuse, and every action after it, is dropped and reported; the game
then waits for a new answer there.  The report (:class:`Carried`) names the step that differs,
the rules the present rules used there and the rule changes between the save's revisions and
the present ones (docs/architecture.md (d), "Saves across releases").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from grapeshot.core.actions import Action
from grapeshot.core.errors import IllegalAction, ReplayMismatch, RulesChanged, ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.rolls import read_roll
from grapeshot.core.saves import _replay, changed, from_save, read_start
from grapeshot.dice import DiceError, Roll


@dataclass
class Carried:
    """A save carried on under the present rules: the game, and what differed and was dropped."""

    game: Game
    #: what differs under the present rules (``None``: the save replays as it records)
    changed: RulesChanged | None = None
    #: the save's actions the present rules refused, with every one after it: not carried on
    dropped: list[tuple[str, Action]] = field(default_factory=list)
    #: whether the game goes on from the save's snapshot (else from its replay under the present rules)
    from_snapshot: bool = False
    #: why a snapshot the save keeps could not be used, if so
    unusable: str | None = None

    def said(self) -> str:
        """In a sentence or two, what became of the save (empty when nothing changed)."""
        if self.changed is None:
            return ""
        how = (
            f"it goes on from its snapshot at turn {self.game.start.turn}, {self.game.start.phase}, as it was played"
            if self.from_snapshot and self.game.start is not None
            else "it goes on from its actions replayed under the present rules"
        )
        lost = f"; {len(self.dropped)} saved action(s) from there on were refused and dropped" if self.dropped else ""
        why = f" (its snapshot was not used: {self.unusable})" if self.unusable else ""
        return f"{self.changed}\n{how}{why}{lost}."


def carry_on(data: object, source: str = "save", recorded: list[dict[str, Any]] | None = None) -> Carried:
    """The game a save holds, carried on under the present rules where they differ (see the
    module's docstring).  A save that differs from what it records under its own rules is
    corrupt or forged: its :class:`ReplayMismatch` is raised."""
    read = from_save(data, source)
    assert isinstance(data, Mapping)
    try:
        return Carried(_replay(read, data, recorded, source))
    except ReplayMismatch as err:
        if not read.played_under_other_rules:
            raise
        difference = err if isinstance(err, RulesChanged) else changed(read, err, data)
    unusable = None
    snap = data.get("snapshot")
    if snap is not None:
        try:
            game, at = _from_snapshot(data, snap, source, read.rules, difference)
        except ScenarioError as problem:
            unusable = str(problem)
        else:
            game, dropped = _go_on(game, read.actions[at:])
            return Carried(game, difference, dropped, True)
    game, dropped = _go_on(from_save(data, source).game, read.actions)
    return Carried(game, difference, dropped, False, unusable)


def _from_snapshot(data: Mapping[str, Any], snap: object, source: str, rules: Mapping[str, int], difference: RulesChanged) -> tuple[Game, int]:
    """The game standing at the save's snapshot, and how many of the save's actions lie before it."""
    actions = data.get("actions")
    assert isinstance(actions, list)
    if not isinstance(snap, Mapping) or type(snap.get("at")) is not int or not 0 <= snap["at"] <= len(actions):
        raise ScenarioError(source, "snapshot", f"{{'at': 0 to {len(actions)}, 'start': ...}}", snap)
    at: int = snap["at"]
    start = read_start(snap.get("start"), source, "snapshot.start")
    base = data.get("base")
    earlier: Sequence[Any] = base.get("history", []) if isinstance(base, Mapping) and isinstance(base.get("history"), list) else []
    note = f"played under {_revisions(rules)}; the present rules differ at {difference.where}"
    start = replace(start, history=(*earlier, *actions[:at]), rules=dict(rules), note=note)
    dice = data.get("dice")
    given = None
    if start.dice is None and isinstance(dice, Mapping) and "rolls" in dice:  # a public save's: the rolls on record after it
        given = _rolls_after(dice["rolls"], source, start.rolled)
    game = from_save(data, source, start=start, given=given).game
    return game, at


def _rolls_after(raw: object, source: str, rolled: int) -> list[Roll]:
    if not isinstance(raw, list) or rolled > len(raw):
        raise ScenarioError(source, "snapshot.start.rolled", f"at most the {len(raw) if isinstance(raw, list) else 0} rolls on record", rolled)
    return [read_roll(r, source, f"dice.rolls[{rolled + i}]") for i, r in enumerate(raw[rolled:])]


def _go_on(game: Game, actions: Sequence[tuple[str, Action]]) -> tuple[Game, list[tuple[str, Action]]]:
    """Apply the actions while the game accepts them; the rest, from the first refused, are
    dropped.  A roll the record lacks stops the game's flow mid-way: it is then taken back to
    just before that action (a copy from its checkpoints)."""
    done = len(game.actions)
    for i, (seat, action) in enumerate(actions):
        try:
            game.submit(seat, action)
        except IllegalAction:
            return game, list(actions[i:])
        except DiceError:
            return game.copy(upto=done + i), list(actions[i:])
    return game, []


def _revisions(rules: Mapping[str, int]) -> str:
    return ", ".join(f"{k} revision {v}" for k, v in rules.items()) if rules else "rules from before revisions were recorded"
