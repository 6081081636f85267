"""Answers kept per situation, so asking again costs a lookup.

The web table asks the same odds again and again while a player moves the aim point about; a
rule set keys each answer by everything about the situation its procedure may read (the pieces
concerned, the options, the strength and facing: the key is the rule set's business) and keeps
it in a :class:`Cache`.  Every cache made here is emptied by :func:`clear_cache`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

#: the default number of answers a cache holds before it starts afresh
CACHE_SIZE = 4096

_ALL: weakref.WeakSet[Cache[object]] = weakref.WeakSet()


class Cache(Generic[V]):
    """Answers by situation key, at most ``size`` of them (when full it is emptied: situations
    come and go with the game, and a lookup must stay cheaper than any bookkeeping)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: dict[Hashable, V] = {}
        _ALL.add(self)  # type: ignore[arg-type]

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The answer kept for ``key``, made by ``make`` the first time it is asked for."""
        hit = self._items.get(key)
        if hit is None:
            if len(self._items) >= self.size:
                self._items.clear()
            hit = self._items[key] = make()
        return hit

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


def clear_cache() -> None:
    """Forget every answer kept so far, in every rule set's caches."""
    for cache in list(_ALL):
        cache.clear()
