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
