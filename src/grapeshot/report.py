"""The battle report: a game's event log told in words, each line with its rule ID.

The report is generic: the words for a rule set's events come from its phrasebook (the
``phrasebook()`` capability, and each module's), the core's own events (rolls, re-rolls) are
worded here.  The same sentences serve the command line's report and the web table's log.
Rolls are folded into the verdicts they feed, unless asked for.  An event kind that no
phrasebook knows is never dropped silently: it is shown by its kind and fields, and
:func:`unworded` lists such kinds (the conformance suite checks that there are none).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grapeshot.core.capabilities import Phrasebook
from grapeshot.core.events import Event

if TYPE_CHECKING:
    from grapeshot.core.game import Game

#: the core's own event kinds, worded here (``None``: for machines only)
CORE_KINDS = frozenset({"roll", "reroll", "phase", "sealed", "game-over", "setup", "resumed"})


def _core(e: Event) -> str | None:
    d = e.data
    if e.kind == "reroll":
        what = "re-rolls a die" if d["die"] is not None else "re-rolls the whole roll"
        by = f" ({d['granted_by']})" if "granted_by" in d else ""
        return f"  {d['seat']} {what}{by} for {d['purpose']}: now {d['faces']}{_reading(d)}."
    if e.kind == "resumed":
        played = f" after {d['played']} actions played" if d.get("played") else ""
        note = f": {d['note']}" if d.get("note") else ""
        return f"=== The game goes on from a snapshot{played}{note} ==="
    if e.kind == "game-over":
        who = ", ".join(d.get("winners", [])) or "nobody"
        return f"=== Game over: {d.get('objective')}, {who} ===" if d.get("objective") != "draw" else f"=== Game over: a draw ({who}) ==="
    return None


def _reading(d: Mapping[str, Any]) -> str:
    """What an artillery or sustained-fire roll showed beside its numbers (empty for other dice)."""
    if d.get("misfire"):
        return " (misfire)"
    if d.get("jams"):
        return f" ({d['jams']} jammed)"
    return ""


def _fallback(e: Event) -> str:
    fields = ", ".join(f"{k}={v}" for k, v in e.data.items())
    return f"[{e.kind}] {fields}"


class Words:
    """The phrasebooks of one game (its rule set's, then its modules'), asked in turn."""

    def __init__(self, books: Sequence[Phrasebook]) -> None:
        self.books = tuple(books)

    @classmethod
    def of(cls, game: Game) -> Words:
        books = [game.ruleset.phrasebook(), *(run.module.phrasebook() for run in game.modules.values())]
        return cls([b for b in books if b is not None])

    def knows(self, kind: str) -> bool:
        return kind in CORE_KINDS or any(kind in b.kinds for b in self.books)

    def describe(self, e: Event) -> str | None:
        """One event in words, or ``None`` for events that only matter to machines."""
        for b in self.books:
            if e.kind in b.kinds:
                return b.sentence(e)
        if e.kind in CORE_KINDS:
            return _core(e)
        return _fallback(e)

    def label(self, category: str, value: str) -> str:
        """The words for a value (an objective, an effect): the first phrasebook's, else the value made readable."""
        if self.books:
            return self.books[0].label(category, value)
        return value.replace("-", " ").replace("_", " ")


def unworded(events: Iterable[Event], words: Words) -> list[str]:
    """The event kinds in ``events`` that no phrasebook knows (each once)."""
    return sorted({e.kind for e in events if not words.knows(e.kind)})


def narrate(events: Iterable[Event], words: Words, *, rolls: bool = False) -> Iterator[str]:
    """Lines of the report, each ending with the rule ID it applies."""
    for e in events:
        if rolls and e.kind == "roll":
            d = e.data
            line = f"    roll {d['expr']} for {d['purpose']}: {d['faces']} = {d['total']}{_reading(d)}"
        else:
            text = words.describe(e)
            if text is None:
                continue
            line = text
        if e.rule:
            line += f"  [{e.rule}]"
        yield line


def outcome_words(outcome: Mapping[str, Any], words: Words, names: Mapping[str, str] | None = None) -> str:
    """How a game ended, in words: "won by red (Weez Da Only Fleet)", "a draw between red and blue";
    with ``names`` (seat id to the scenario's name for it), "won by Red Kaptin (...)"."""
    winners = [(names or {}).get(w) or w for w in outcome.get("winners", [])]
    if outcome.get("objective") == "draw":
        return f"a draw between {' and '.join(winners)}" if winners else "a draw, with nobody left"
    return f"won by {' and '.join(winners)} ({words.label('objective', str(outcome.get('objective')))})"
