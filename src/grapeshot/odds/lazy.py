"""Dice that remember how they were read, and the exact enumeration that merges equal faces.

:func:`enumerate_outcomes` walks the dice paths of a run depth first like
:func:`grapeshot.dice.enumerate_paths`, but hands the rules dice whose values remember how they
were read (compared with 4, added to 9, looked up in a table).  After a face's subtree has been
run, every other face of that roll that the rules read the same way on every path of the
subtree would have run identically, so it joins the subtree with its weight instead of being
run again.  A D6 against a 4+ costs two runs instead of six; 2D6 against leadership two instead
of 36.  The result is the same exact distribution as visiting every path (the tests check both
against brute force).  A pool (three or more dice of one kind) is enumerated by histograms over
classes of faces that are learned from how the rules read it (:mod:`.pools`): 24D6 counted at
4+ is 25 outcomes, not 118,755 multisets.  Two assumptions, both true of every rule written so
far: a pool is read through its total or by counting its faces (:meth:`~grapeshot.dice.Roll.count`,
or face by face), never by their order, and text made from a value (a prompt's wording, an
event) never decides anything.  A budget caps the number
of runs (:class:`~grapeshot.odds.errors.OverBudget` past it), and a path that needs a scatter
arrow's continuous direction raises :class:`~grapeshot.dice.NotEnumerable`: the caller falls
back to Monte Carlo and says so (:mod:`grapeshot.odds.montecarlo`).
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, TypeVar, cast

from grapeshot.core.capabilities import Effort
from grapeshot.dice import SCATTER_DIE, SCATTER_HIT_FACES, DiceExpr, Die, NotEnumerable, Roll, RollRequest
from grapeshot.odds.errors import OverBudget
from grapeshot.odds.pools import Classes, Refine, Site, classes_at, histograms, is_pool, learn, site_of, split

#: rule runs an exact enumeration may make before it gives way to Monte Carlo
BUDGET = Effort.budget

Faces = tuple[int, ...]
Reader = Callable[[Faces], Any]
Candidate = tuple[Faces, int]
#: what a read of a pool's value makes of one face (None: the faces are read together)
Check = Callable[[int], Hashable] | None


class _Die:
    """One roll on one path: its possible faces (with weights), the one chosen, and which of the
    others the rules could not have told apart from it so far (a bit mask).

    A pool enumerated by classes of faces (:mod:`.pools`) also has its ``classes`` and ``site``:
    every read is first checked against the classes (see :meth:`read`)."""

    __slots__ = ("cands", "classes", "mask", "site", "total")

    def __init__(self, cands: tuple[Candidate, ...], total: int, classes: Classes | None = None, site: Site | None = None) -> None:
        self.cands = cands
        self.total = total
        self.mask = (1 << len(cands)) - 1
        self.classes = classes
        self.site = site

    def read(self, fn: Reader, value: object, check: Check = None) -> None:
        """The rules read ``fn(faces)`` and saw ``value``: faces that read otherwise are told apart.

        On a pool of classes, ``check`` says what the read makes of one face (None: the read
        takes the faces together); a class whose faces it would tell apart is split first
        (:class:`~.pools.Refine`, the enumeration starts again with the finer classes)."""
        if self.classes is not None:
            finer = split(self.classes, check)
            if finer is not None:
                assert self.site is not None
                raise Refine(self.site, finer)
        m = self.mask
        if m & (m - 1) == 0:
            return
        cands = self.cands
        keep = 0
        while m:
            low = m & -m
            i = low.bit_length() - 1
            if fn(cands[i][0]) == value:
                keep |= low
            m ^= low
        self.mask = keep


class _Value:
    """A number read off the dice on one path: acts as its int, and tells its roll how it is read.

    Comparisons and sums with plain numbers stay symbolic (``lambda faces: faces[0] + 9 > 12``);
    anything else pins the exact value: hashing (a table lookup), ``int()``, ``float()``,
    ``range()`` and indexing (through ``__index__``), any other attribute of an int.  It is not an
    ``int`` subclass on purpose: C code reads an int subclass's value directly (``range(n)``),
    without asking, so every use of a value here has to come through one of these methods.

    On a pool of classes (:mod:`.pools`) a value also carries ``chk``, what it makes of a single
    face: for a face, the face itself (and what is done to it); for a count of faces
    (:meth:`Roll.count`), whether a face is counted (whatever is done to the count); None for a
    value of the faces together (a total).
    """

    __slots__ = ("_chk", "_die", "_face", "_fn", "_v")

    def __init__(self, v: int, die: _Die, fn: Reader, chk: Check = None, face: bool = True) -> None:
        self._v = v
        self._die = die
        self._fn = fn
        self._chk = chk
        self._face = face

    def _then(self, op1: Callable[[Any], Any]) -> Check:
        """The check of ``op1`` applied to this value (only a face's check follows what is done)."""
        c = self._chk
        if c is None or not self._face:
            return c
        return lambda x: op1(c(x))

    def _derived(self, v: Any, fn: Reader, op1: Callable[[Any], Any]) -> _Value:
        if self._die.classes is None:
            return _Value(v, self._die, fn)
        return _Value(v, self._die, fn, self._then(op1), self._face)

    def _pin(self) -> int:
        self._die.read(self._fn, self._v, self._chk)
        return self._v

    def __getattr__(self, name: str) -> Any:  # .real, .bit_length(), ...: the plain int's, pinned
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._pin(), name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (int, (self._pin(),))

    def __copy__(self) -> int:
        return self._pin()

    def __deepcopy__(self, memo: Any) -> int:
        return self._pin()

    def __index__(self) -> int:
        return self._pin()

    def __int__(self) -> int:
        return self._pin()

    def __float__(self) -> float:
        return float(self._pin())

    def __hash__(self) -> int:
        return hash(self._pin())

    def __bool__(self) -> bool:
        f = self._fn
        result = self._v != 0
        self._die.read(lambda t: f(t) != 0, result, self._then(_NONZERO))
        return result

    # text (a prompt's wording, a log line) never feeds a decision: printing does not pin
    def __str__(self) -> str:
        return str(self._v)

    def __repr__(self) -> str:
        return repr(self._v)

    def __format__(self, spec: str) -> str:
        return format(self._v, spec)


def _nonzero(v: Any) -> bool:
    return bool(v != 0)


_NONZERO = _nonzero
_PLAIN = (int, bool)
_COMPARABLE = (int, bool, float)


def _compare(op: Callable[[Any, Any], Any]) -> Callable[[_Value, object], Any]:
    def compare(self: _Value, other: object) -> Any:
        if isinstance(other, _Value):
            if other._die is self._die:
                f, g = self._fn, other._fn
                result = op(self._v, other._v)
                self._die.read(lambda t: op(f(t), g(t)), result)  # two faces together: no single-face check
                return result
            return op(self._pin(), other._pin())
        if type(other) in _COMPARABLE:
            f = self._fn
            result = op(self._v, other)
            self._die.read(lambda t: op(f(t), other), result, self._then(lambda v: op(v, other)))
            return result
        return op(self._pin(), other)

    return compare


def _arith(op: Callable[[Any, Any], Any], reflected: bool) -> Callable[[_Value, object], Any]:
    def arith(self: _Value, other: object) -> Any:
        if isinstance(other, _Value):
            if other._die is self._die:
                f, g = self._fn, other._fn
                if reflected:
                    return _Value(op(other._v, self._v), self._die, lambda t: op(g(t), f(t)))
                return _Value(op(self._v, other._v), self._die, lambda t: op(f(t), g(t)))
            a, b = self._pin(), other._pin()
            return op(b, a) if reflected else op(a, b)
        if type(other) in _PLAIN:
            f = self._fn
            if reflected:
                return self._derived(op(other, self._v), lambda t: op(other, f(t)), lambda v: op(other, v))
            return self._derived(op(self._v, other), lambda t: op(f(t), other), lambda v: op(v, other))
        v = self._pin()
        return op(other, v) if reflected else op(v, other)

    return arith


def _unary(op: Callable[[Any], Any]) -> Callable[[_Value], Any]:
    def unary(self: _Value) -> Any:
        f = self._fn
        return self._derived(op(self._v), lambda t: op(f(t)), op)

    return unary


def _pinned(op: Callable[..., Any], reflected: bool = False) -> Callable[..., Any]:
    def pinned(self: _Value, *args: Any) -> Any:
        v = self._pin()
        rest = [a._pin() if isinstance(a, _Value) else a for a in args]
        return op(rest[0], v) if reflected else op(v, *rest)

    return pinned


Binary = Callable[[Any, Any], Any]
Unary = Callable[[Any], Any]
_COMPARISONS: tuple[tuple[str, Binary], ...] = (
    ("lt", operator.lt),
    ("le", operator.le),
    ("gt", operator.gt),
    ("ge", operator.ge),
    ("eq", operator.eq),
    ("ne", operator.ne),
)
_SUMS: tuple[tuple[str, Binary], ...] = (
    ("add", operator.add),
    ("sub", operator.sub),
    ("mul", operator.mul),
    ("floordiv", operator.floordiv),
    ("mod", operator.mod),
)
_SIGNS: tuple[tuple[str, Unary], ...] = (("neg", operator.neg), ("pos", operator.pos), ("abs", operator.abs))
_OTHERS: tuple[tuple[str, Binary], ...] = (
    ("truediv", operator.truediv),
    ("pow", pow),
    ("divmod", divmod),
    ("and", operator.and_),
    ("or", operator.or_),
    ("xor", operator.xor),
    ("lshift", operator.lshift),
    ("rshift", operator.rshift),
)
_ROUNDING: tuple[tuple[str, Unary], ...] = (("invert", operator.invert), ("round", round), ("trunc", math.trunc), ("floor", math.floor), ("ceil", math.ceil))
for _name, _op in _COMPARISONS:
    setattr(_Value, f"__{_name}__", _compare(_op))
for _name, _op in _SUMS:
    setattr(_Value, f"__{_name}__", _arith(_op, False))
    setattr(_Value, f"__r{_name}__", _arith(_op, True))
for _name, _op1 in _SIGNS:
    setattr(_Value, f"__{_name}__", _unary(_op1))
for _name, _op in _OTHERS:
    setattr(_Value, f"__{_name}__", _pinned(_op))
    setattr(_Value, f"__r{_name}__", _pinned(_op, reflected=True))
for _name, _op1 in _ROUNDING:
    setattr(_Value, f"__{_name}__", _pinned(_op1))


@lru_cache(maxsize=64)
def candidates(expr: DiceExpr) -> tuple[tuple[Candidate, ...], int]:
    """Every outcome of a roll with its integer weight, and the total weight.

    One or two dice, or dice of different kinds: every ordered tuple of faces (a mine's place
    reads 2D6 as a grid square).  Three or more of one kind: sorted multisets with their
    multinomial weights (the rules read such rolls by their total or by counting faces).  Each
    face weighs as many sides as show it: the scatter die "hit" 2 and arrow 4, a sustained-fire
    die's 1 and 2 two each."""
    if expr.kind == "scatter":
        return (((1,), SCATTER_HIT_FACES), ((6,), 6 - SCATTER_HIT_FACES)), 6
    dice = expr.dice()
    if len(dice) <= 2 or len(set(dice)) > 1:
        return tuple((faces, weight) for faces, weight in expr.outcomes()), expr.weight
    count = len(dice)
    weights = dict(dice[0].outcomes)
    out: list[Candidate] = []
    for faces in combinations_with_replacement(weights, count):
        weight = math.factorial(count)
        for face, n in Counter(faces).items():
            weight = weight // math.factorial(n) * weights[face] ** n
        out.append((faces, weight))
    return tuple(out), expr.weight


def _total_reader(expr: DiceExpr) -> Reader:
    if expr.kind == "tens":
        return lambda t: 10 * min(t) + max(t)
    plus = expr.plus
    if expr.kind == "sum":
        return lambda t: sum(t) + plus
    return expr.read_total


class LazyDice:
    """The dice source of one enumerated run: follows ``path`` (a candidate index per roll, then
    the first candidate) and hands out values that record how they are read."""

    def __init__(self, path: Sequence[int] = (), *, learning: bool = False) -> None:
        self.path = path
        self.dice: list[_Die] = []
        #: pools by the classes of faces learned so far (:func:`enumerate_outcomes` starts again
        #: when they are split); else every face of a pool apart, as sorted multisets
        self.learning = learning

    def roll(self, request: RollRequest) -> Roll:
        expr = request.expr
        dice = expr.dice()
        if is_pool(dice):
            return self._pool(request, dice[0])
        cands, total, text, reader, hits = _plan(expr)
        if not cands:
            raise OverBudget(f"{expr} for {request.purpose!r} has too many outcomes to enumerate")
        depth = len(self.dice)
        choice = self.path[depth] if depth < len(self.path) else 0
        die = _Die(cands, total)
        self.dice.append(die)
        faces = cands[choice][0]
        if hits is not None:
            # a hit and an arrow are always told apart (the arrow needs a direction)
            die.mask = hits if hits >> choice & 1 else 1 << choice
            if not hits >> choice & 1:
                raise NotEnumerable(f"{request.purpose!r} needs a scatter direction, which is continuous")
            if expr.kind == "scatter":
                return Roll("scatter", faces, 0, None)
        values = tuple(_Value(f, die, _FACE[i]) for i, f in enumerate(faces))
        # the values stand in for ints (see _Value): the rules read them only through int methods
        return _lazy_roll(text, values, _Value(reader(faces), die, reader), die)

    def _pool(self, request: RollRequest, kind: Die) -> Roll:
        """A pool of identical dice: one outcome per histogram over its classes (:mod:`.pools`)."""
        expr = request.expr
        site = site_of(request.rule, request.purpose, kind)
        classes = classes_at(site, kind) if self.learning else tuple((f,) for f, _ in sorted(kind.outcomes))
        cands = histograms(kind, expr.count, classes)
        if not cands:
            raise OverBudget(f"{expr} for {request.purpose!r} has too many outcomes to enumerate ({len(classes)} classes of faces read)")
        depth = len(self.dice)
        choice = self.path[depth] if depth < len(self.path) else 0
        coarse = None if all(len(c) == 1 for c in classes) else classes
        die = _Die(cands, expr.weight, coarse, site)
        self.dice.append(die)
        faces = cands[choice][0]
        reader = _total_reader(expr)
        if coarse is None:
            values = tuple(_Value(f, die, _FACE[i]) for i, f in enumerate(faces))
        else:
            values = tuple(_Value(f, die, _FACE[i], _same) for i, f in enumerate(faces))
        return _lazy_roll(str(expr), values, _Value(reader(faces), die, reader), die)


def _same(face: int) -> int:
    return face


def _lazy_roll(text: str, faces: tuple[_Value, ...], total: _Value, die: _Die) -> Roll:
    roll = _LazyRoll(text, cast(tuple[int, ...], faces), cast(int, total))
    object.__setattr__(roll, "_die", die)
    return roll


class _LazyRoll(Roll):
    """A roll in an enumerated run: its counts (:meth:`Roll.count`) are lazy values, read only
    when they are used."""

    __slots__ = ("_die",)

    def count(self, low: int, high: int | None = None) -> int:
        die: _Die | None = getattr(self, "_die", None)
        if die is None:  # a copy made by a re-roll of one die: counted face by face
            return Roll.count(self, low, high)
        top = math.inf if high is None else high

        def fn(t: Faces) -> int:
            return sum(1 for f in t if low <= f <= top)

        def counted(f: int) -> bool:
            return low <= f <= top

        shown = sum(1 for f in self.faces if low <= cast(_Value, f)._v <= top)
        return cast(int, _Value(shown, die, fn, counted if die.classes is not None else None, face=False))


_FACE = [operator.itemgetter(i) for i in range(64)]


@lru_cache(maxsize=64)
def _plan(expr: DiceExpr) -> tuple[tuple[Candidate, ...], int, str, Reader, int | None]:
    """What :class:`LazyDice` needs of an expression that is not a pool: its outcomes, their total weight, its text, how its total is read off the faces,
    and, for a roll with a scatter die, the mask of the outcomes that are hits."""
    dice = expr.dice()
    cands, total = candidates(expr)
    hits = None
    if SCATTER_DIE in dice:
        hits = sum(1 << i for i, (faces, _) in enumerate(cands) if not expr.arrow(faces))
    return cands, total, str(expr), _total_reader(expr), hits


R = TypeVar("R")
#: an explored subtree: numerators over one denominator, the masks of the dice on its path, the pool sites it met
Subtree = tuple[dict[R, int], int, list[int], frozenset[Site]]


def enumerate_outcomes(run: Callable[[LazyDice], R], budget: int = BUDGET) -> tuple[dict[R, Fraction], int]:
    """Every outcome of ``run`` with its exact probability, and the number of runs it took.

    ``run`` is called once per class of dice paths the rules cannot tell apart (see the module
    notes); a run that reads a pool finer than its classes are split starts the enumeration
    again with the finer classes (:mod:`.pools`; the runs so far count).  Raises :class:`OverBudget` past ``budget`` runs; lets
    :class:`~grapeshot.dice.NotEnumerable` through."""
    runs = 0

    def go(path: list[int]) -> tuple[R, list[_Die]]:
        nonlocal runs
        runs += 1
        if runs > budget:
            raise OverBudget(f"more than {budget} dice paths")
        dice = LazyDice(path, learning=True)
        return run(dice), dice.dice

    # a subtree's distribution is kept as integer numerators over one denominator (much cheaper
    # than adding Fractions); it becomes Fractions once, at the end.  Subtrees done are kept by
    # their path with the pool sites they met, so that a start again (a pool's classes split)
    # runs again only the subtrees that met that pool
    done: dict[tuple[int, ...], Subtree[R]] = {}

    def explore(path: list[int], first: tuple[R, list[_Die]] | None) -> Subtree[R]:
        key = tuple(path)
        kept = done.get(key)
        if kept is not None:
            return kept
        if first is None:
            first = go(path)
        result, dice = first
        depth = len(path)
        if len(dice) == depth:
            leaf = ({result: 1}, 1, [d.mask for d in dice], frozenset(d.site for d in dice if d.site is not None))
            done[key] = leaf
            return leaf
        die = dice[depth]
        cands = die.cands
        remaining = (1 << len(cands)) - 1
        parts: list[tuple[dict[R, int], int, int]] = []  # (numerators, denominator, class weight)
        up = [-1] * depth
        met: frozenset[Site] = frozenset()
        current: tuple[R, list[_Die]] | None = first
        while remaining:
            c = (remaining & -remaining).bit_length() - 1
            sub, den, masks, sites = explore([*path, c], current)
            current = None
            met |= sites
            same = masks[depth] & remaining
            weight = 0
            m = same
            while m:
                low = m & -m
                weight += cands[low.bit_length() - 1][1]
                m ^= low
            parts.append((sub, den, weight))
            remaining &= ~same
            for i in range(depth):
                up[i] &= masks[i]
        common = math.lcm(*(den for _, den, _ in parts))
        out: dict[R, int] = {}
        for sub, den, weight in parts:
            factor = weight * (common // den)
            for k, n in sub.items():
                out[k] = out.get(k, 0) + n * factor
        tree = (out, common * die.total, up, met)
        done[key] = tree
        return tree

    while True:
        try:
            nums, den, _, _ = explore([], None)
            break
        except Refine as finer:  # a pool's classes were read finer than they were split: again with the finer ones
            learn(finer.site, finer.classes)
            done = {k: t for k, t in done.items() if finer.site not in t[3]}
    return {key: Fraction(n, den) for key, n in nums.items()}, runs
