"""Pools of identical dice, enumerated by what the rules read off them rather than die by die.

Twenty-four D6 thrown to hit have 6^24 ordered outcomes and 118,755 sorted multisets, but a rule
that counts the 4s and better tells only 25 of them apart.  A pool (three or more dice of one
kind in one roll) is therefore enumerated as *histograms over classes of faces*: the faces are
split into classes the rules have never been seen to tell apart (at first one class, every
face), and each outcome is how many dice fall in each class, weighted by the multinomial count
of its ways.  The rules are handed one face of each class for each die in it, as lazy values
(:mod:`.lazy`) that know their class.

Reading a value checks that every face of its class would have read the same (a comparison
with 4 on the class {1..6} would not): if not, the class is split by what the read saw
(:class:`Refine`), the split is remembered for that roll's *site* (its rule, purpose and kind
of die) and the enumeration starts again.  A value read through the faces together (a total,
one face against another) needs every class a single face: the pool is then enumerated as
sorted multisets, as any roll of three or more dice of one kind always was.  So the classes
are learned, never assumed: a rule that reads a pool in a way no class can answer gets the
finest classes and the exact odds, or, past :data:`MAX_OUTCOMES`, the Monte Carlo estimate.

The classes learned are kept per site for the life of the process (a finer split than a later
question needs costs a little time, never exactness).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import lru_cache
from itertools import combinations_with_replacement

from grapeshot.dice import Die

Faces = tuple[int, ...]
#: the faces of a die split into classes, each class its faces in order, the classes by their first face
Classes = tuple[Faces, ...]
#: where a pool is rolled: its rule, its purpose and its kind of die
Site = tuple[str, str, str]

#: outcomes one pool may have, as histograms over its classes (24 dice in 4 classes have 2,925)
MAX_OUTCOMES = 4096
#: sites whose classes are kept before the table starts afresh
MAX_SITES = 20_000

_LEARNED: dict[Site, Classes] = {}


class Refine(BaseException):  # a signal to the enumerator, not an error: it passes any `except Exception` in rule code
    """A pool's value was read in a way its classes cannot answer: split them and start again."""

    def __init__(self, site: Site, classes: Classes) -> None:
        super().__init__(site, classes)
        self.site = site
        self.classes = classes


def is_pool(dice: tuple[Die, ...]) -> bool:
    """Three or more dice of one kind: a roll read by counting or totalling its faces."""
    return len(dice) > 2 and len(set(dice)) == 1


def site_of(rule: str, purpose: str, die: Die) -> Site:
    return (rule, purpose, die.name)


def classes_at(site: Site, die: Die) -> Classes:
    """The classes learned for a site so far (at first: every face in one class)."""
    known = _LEARNED.get(site)
    if known is not None:
        return known
    return (tuple(sorted(f for f, _ in die.outcomes)),)


def learn(site: Site, classes: Classes) -> None:
    if len(_LEARNED) >= MAX_SITES:
        _LEARNED.clear()
    _LEARNED[site] = classes


def forget() -> None:
    """Forget every class learned (tests: to see a pool learned from nothing)."""
    _LEARNED.clear()


def split(classes: Classes, check: Callable[[int], Hashable] | None) -> Classes | None:
    """The classes a read needs (None: the ones there are will do): each class split by what
    ``check`` says of its faces, or every face alone when the read cannot be checked face by face."""
    if check is None:
        if all(len(c) == 1 for c in classes):
            return None
        return tuple((f,) for c in classes for f in c)
    out: list[Faces] = []
    changed = False
    for c in classes:
        if len(c) == 1:
            out.append(c)
            continue
        groups: dict[Hashable, list[int]] = {}
        for f in c:
            groups.setdefault(check(f), []).append(f)
        if len(groups) > 1:
            changed = True
        out.extend(tuple(g) for g in groups.values())
    if not changed:
        return None
    return tuple(sorted(out))


@lru_cache(maxsize=256)
def histograms(die: Die, count: int, classes: Classes) -> tuple[tuple[Faces, int], ...]:
    """Every outcome of ``count`` such dice as one face of its class per die (the classes in
    order), with its weight: the multinomial count of its arrangements times each class's sides
    (a sustained-fire die's {1, 2} class has four).  Empty when there are more than
    :data:`MAX_OUTCOMES`."""
    k = len(classes)
    if math.comb(count + k - 1, k - 1) > MAX_OUTCOMES:
        return ()
    sides = dict(die.outcomes)
    weights = [sum(sides[f] for f in c) for c in classes]
    firsts = [c[0] for c in classes]
    fact = math.factorial
    out: list[tuple[Faces, int]] = []
    for picks in combinations_with_replacement(range(k), count):
        n = [0] * k
        for i in picks:
            n[i] += 1
        weight = fact(count)
        for i, m in enumerate(n):
            if m:
                weight = weight // fact(m) * weights[i] ** m
        out.append((tuple(firsts[i] for i in picks), weight))
    return tuple(out)
