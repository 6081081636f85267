"""A phrasebook made of parts: the one implementation of the ``Phrasebook`` capability.

Every rule set and module words its events with a function of its own and its values with a
table of labels; what is left (listing the kinds, falling back to a readable form of a value no
table holds) is the same for all of them, so it is written here once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from grapeshot.core.events import Event


def readable(value: str) -> str:
    """A machine value made readable where no label words it (``no-grapeshot``: "no grapeshot")."""
    return value.replace("-", " ").replace("_", " ")


@dataclass(eq=False)
class Phrases:
    """A phrasebook (:class:`~grapeshot.core.capabilities.Phrasebook`): ``kinds``, every event kind
    it words (machine-only kinds too, whose sentence is ``None``); ``words``, the sentence of an
    event; ``labels``, the words of a value by category; ``special``, words for values a table
    cannot hold (worked out from the value), or ``None`` to look in ``labels``."""

    kinds: frozenset[str]
    words: Callable[[Event], str | None]
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    special: Callable[[str, str], str | None] | None = None

    def sentence(self, event: Event) -> str | None:
        return self.words(event)

    def label(self, category: str, value: str) -> str:
        if self.special is not None:
            found = self.special(category, value)
            if found is not None:
                return found
        return self.labels.get(category, {}).get(value, readable(value))
