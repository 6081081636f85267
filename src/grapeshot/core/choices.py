"""The legal answers of a prompt, listed in one place.

Every prompt can say what a seat may answer (:meth:`Prompt.choices`).  The random player picks
from it, the search player draws its candidates from it, the web table builds its forms from it
and the PettingZoo adapter's masks agree with it, because the prompt's ``check`` and its
``choices`` are written from the same rule code.

An answer may be made of **parts**: a seat's sealed orders hold one order per ship, so the
choices are one :class:`Part` per ship and :meth:`Choices.build` puts one pick from each into the
action.  Where a part is continuous (a distance, an aim point, a figure's move) its ``options``
are a documented finite discretisation (``note`` says which: "the ends and quarters of the
range"), and ``sample`` draws a legal value from the whole continuum, so random play still
reaches odd corners that a grid would skip.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice, product
from typing import Any, Protocol, TypeVar

from grapeshot.core.actions import Action, encode_value

T = TypeVar("T")


class Rng(Protocol):
    """The player's own generator (a ``random.Random``): the rules never draw from it."""

    def choice(self, seq: Sequence[T]) -> T: ...

    def random(self) -> float: ...

    def uniform(self, a: float, b: float) -> float: ...


@dataclass(frozen=True)
class Choice:
    """One legal value: a whole action, or the value of one part of an action."""

    value: Any
    label: str

    def to_json(self) -> dict[str, Any]:
        v = self.value.to_json() if isinstance(self.value, Action) else encode_value(self.value)
        return {"value": v, "label": self.label}


class Part:
    """One decision inside an answer (one ship's order among a seat's orders).

    ``options`` may be given as a function, worked out the first time they are read: a random
    player that only ``draw``s from a continuous part never pays for building its grid.
    """

    __slots__ = ("_make", "_options", "key", "label", "note", "sample")

    def __init__(
        self,
        key: str,
        label: str,
        options: Sequence[Choice] | Callable[[], Sequence[Choice]],
        sample: Callable[[Rng], Choice] | None = None,
        note: str = "",
    ) -> None:
        self.key = key
        self.label = label
        #: a continuous part's random draw over all its legal values (the options are its grid)
        self.sample = sample
        self.note = note
        self._options: tuple[Choice, ...] | None = None
        self._make: Callable[[], Sequence[Choice]] | None = None
        if callable(options):
            self._make = options
        else:
            self._options = tuple(options)

    @property
    def options(self) -> tuple[Choice, ...]:
        if self._options is None:
            assert self._make is not None
            self._options = tuple(self._make())
        return self._options

    def draw(self, rng: Rng) -> Choice:
        if self.sample is not None:
            return self.sample(rng)
        return rng.choice(self.options)

    def __repr__(self) -> str:
        return f"Part({self.key!r}, {self.label!r}, {len(self.options)} options{', continuous' if self.sample else ''})"


def _whole(picks: Sequence[Any]) -> Action:
    (action,) = picks
    assert isinstance(action, Action)
    return action


@dataclass(frozen=True)
class Choices:
    """A seat's legal answers to one prompt: parts, and how picks from them make the action."""

    parts: tuple[Part, ...]
    build: Callable[[Sequence[Any]], Action] = _whole

    @classmethod
    def of(
        cls, options: Sequence[Choice] | Callable[[], Sequence[Choice]], label: str = "answer", sample: Callable[[Rng], Choice] | None = None, note: str = ""
    ) -> Choices:
        """Choices whose options are whole actions (given, or worked out when first read)."""
        return cls((Part("answer", label, options, sample, note),))

    @classmethod
    def actions_of(cls, actions: Sequence[Action], label: Callable[[Action], str] = lambda a: a.kind) -> Choices:
        return cls.of([Choice(a, label(a)) for a in actions])

    @property
    def count(self) -> int:
        """How many distinct answers the finite options give (the product over the parts)."""
        return math.prod(len(p.options) for p in self.parts)

    @property
    def empty(self) -> bool:
        return any(p.sample is None and not p.options for p in self.parts)

    def actions(self, limit: int | None = None) -> Iterator[Action]:
        """Every answer the finite options give, in order (parts vary last-first); at most ``limit``."""
        combos = product(*(p.options for p in self.parts))
        for combo in islice(combos, limit):
            yield self.build([c.value for c in combo])

    def sample(self, rng: Rng) -> Action:
        """A legal answer drawn at random (continuous parts over their whole range)."""
        return self.build([p.draw(rng).value for p in self.parts])

    def first(self) -> Action:
        """The first listed answer (each part's first option: by convention the decline, where there is one)."""
        return self.build([p.options[0].value for p in self.parts])

    def with_part(self, base: Sequence[Any], index: int, value: Any) -> Action:
        """The answer ``base`` (one value per part) with one part's value replaced."""
        picks = list(base)
        picks[index] = value
        return self.build(picks)

    def describe(self) -> dict[str, Any]:
        """JSON for the web table's forms: each part with its options' values and words."""
        return {
            "parts": [
                {"key": p.key, "label": p.label, "options": [c.to_json() for c in p.options], "continuous": p.sample is not None, "note": p.note}
                for p in self.parts
            ]
        }
