"""The errors a caller can act on: each names what was wrong and what is allowed."""

from __future__ import annotations

SHOWN = 200  # characters of a wrong value quoted in a message: enough to recognise it, never a whole file


class IllegalAction(ValueError):
    """An action that the game cannot accept now: wrong seat, wrong moment or illegal choice."""


class ScenarioError(ValueError):
    """A scenario (or save) that does not describe a game: names the file, the field and what was expected."""

    def __init__(self, source: str, field: str, expected: str, got: object = None) -> None:
        self.source = source
        self.field = field
        self.expected = expected
        self.got = got
        text = repr(got)
        shown = "" if got is None else f", got {text if len(text) <= SHOWN else text[: SHOWN - 5] + ' ...' + text[-1]}"
        super().__init__(f"{source}: {field}: expected {expected}{shown}")


class ReplayMismatch(Exception):
    """Replaying a save did not reproduce its recorded event log."""

    def __init__(self, index: int, expected: object, got: object, what: str | None = None) -> None:
        self.index = index
        self.expected = expected
        self.got = got
        self.what = what  # what differs, when it is not an event (the outcome, the seed's commitment)
        super().__init__(f"{what or f'event #{index}'} differs:\n  recorded: {expected}\n  replayed: {got}")


class RulesChanged(ReplayMismatch):
    """A save made under an earlier revision of the rules that the present rules play differently.

    Not a corrupt save: the game was played by the rules of its day.  ``step`` is the index of the
    first action that differs (``None``: the difference shows only at the end), ``rules`` the rule
    IDs that step used under the present rules, ``changes`` the rule changes (in words) between the
    save's revisions and the present ones.
    """

    def __init__(self, mismatch: ReplayMismatch, step: int | None, where: str, rules: tuple[str, ...], changes: list[str]) -> None:
        self.step = step
        self.where = where
        self.rules = rules
        self.changes = changes
        self.mismatch = mismatch
        ReplayMismatch.__init__(self, mismatch.index, mismatch.expected, mismatch.got, mismatch.what)
        at = f"actions[{step}] ({where})" if step is not None else where
        used = f"; there the present rules use {', '.join(rules)}" if rules else ""
        since = "; ".join(changes) if changes else "none listed (the save predates the record of rule changes)"
        self.args = (f"played under earlier rules: it differs at {at}{used}. Changes since: {since}. What differs: {mismatch}",)

    def __str__(self) -> str:
        return str(self.args[0])
