"""Exact odds: what one action can do, worked out from the rules' own code.

A rule never draws a random number; it asks the game for a roll (see
:mod:`grapeshot.dice`).  So the chances of an action can be had by running the
rule procedure that resolves it once for every way the dice can fall, on a
private copy of the game's state, and adding up what happened on each path.
The probabilities are exact :class:`~fractions.Fraction` values, and they are
the odds of the code the game runs, not of a second model of the rules.

How a run works
    :class:`Sandbox` is a :class:`~grapeshot.core.game.Game` built once from
    the real one (no ``Game.__init__`` per path): for each run it gets a fresh
    copy of the state (:func:`clone_state`, a deep copy of everything mutable),
    a dice source, and logging off.  The few events an outcome is read from
    (damage-table results, krew lost, the evasion, the melee's result) are
    heard as they are emitted.  Re-roll offers that come up inside a procedure
    are answered by the sandbox's :class:`RerollPolicy`: by default
    (:data:`DECLINE`) **every re-roll offer is declined** (so a Freebooterz
    ship's odds are those without its re-roll); :data:`TAKE_ON_FAILURE` takes
    every re-roll granted on a failed test (a First Mate's).  Any other prompt
    stops the calculation with :class:`OddsError`.

Enumeration, with equal faces merged
    :func:`enumerate_outcomes` walks the dice paths depth first like
    :func:`grapeshot.dice.enumerate_paths`, but hands the rules dice whose
    values remember how they were read (compared with 4, added to 9, looked
    up in a table).  After a face's subtree has been run, every other face of
    that roll that the rules read the same way on every path of the subtree
    would have run identically, so it joins the subtree with its weight
    instead of being run again.  A D6 against a 4+ costs two runs instead of
    six; 2D6 against leadership two instead of 36.  The result is the same
    exact distribution as visiting every path (the tests check both against
    brute force).  Two assumptions, both true of the rules as written: a roll
    of three or more dice is read through its total or by counting its faces,
    never by their order (such rolls are enumerated as sorted multisets with
    multinomial weights), and text made from a value (a prompt's wording, an
    event) never decides anything.  A budget caps the number of runs; past it,
    or where a path needs a scatter arrow's continuous direction
    (:class:`~grapeshot.dice.NotEnumerable`), the caller falls back to a Monte
    Carlo estimate with seeded dice and says so.

What is exact and what is not
    * a blow that has landed (krak on a hull, a torpedo that reached one):
      penetration, the ramshackle save, the damage table (:func:`strike_odds`);
    * grapeshot as D3 hits, sluggas (when within the budget), repairs;
    * a ram or crash at a given strength and facings, evasion roll included
      (:func:`ram_odds`);
    * a boarding action's first round when within the budget.

    Not exact: where a krak shell lands (the scatter arrow's direction is
    continuous; :func:`landing_odds` integrates it numerically, exact in the
    dice and accurate to floating point in the angle), where a standard
    torpedo runs, whole boarding fights, and anything over the budget: those
    are Monte Carlo estimates with 95% (Wilson) intervals.
"""

from __future__ import annotations

import copy
import math
import operator
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, pairwise
from typing import Any, Literal, TypeVar, cast

from grapeshot.core.actions import Action, Reroll
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.core.scenario import parse_scenario
from grapeshot.dice import SCATTER_DIE, SCATTER_HIT_FACES, DiceExpr, DiceSource, NotEnumerable, Roll, RollRequest, SeededDice, nd6, worst_die
from grapeshot.geometry import Contact, Facing, Hull, Path, Pose, Segment, Table, Vec, distance, hull_distance, norm_deg, sweep
from grapeshot.rulesets.jimlad import boarding, collisions, damage, kannon, npc, shooting
from grapeshot.rulesets.jimlad.actions import Fire, Repair, Sluggas, Torpedoes
from grapeshot.rulesets.jimlad.data import (
    KANNONS,
    KLANS,
    KRAK_SCATTER_DICE,
    KRAKEN_RADIUS,
    MINE_RADIUS,
    TORPEDO_STRENGTH,
    GunName,
    Klan,
    armour_of,
)
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.state import Sea, Ship

Proc = Generator[Prompt, Any, Any]
Method = Literal["exact", "monte-carlo"]
T = TypeVar("T")

#: rule runs an exact enumeration may make before it gives way to Monte Carlo
BUDGET = 4000
#: outcomes one roll may have in an exact enumeration (7D6 has 792 as multisets; 8D6 1287)
MAX_OUTCOMES = 1000
#: Monte Carlo samples when a calculation is not enumerable
SAMPLES = 2000
#: rounds after which a simulated boarding fight is called undecided
MAX_ROUNDS = 30
Z95 = 1.959963984540054

POLICY = "Freebooterz re-roll offers are declined"


class OddsError(ValueError):
    """The odds asked for cannot be worked out (an unknown ship, an illegal action, a prompt with no policy)."""


class OverBudget(Exception):
    """An exact enumeration needed more runs than its budget."""


# =========================================================================== copying the state


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def clone_state(state: T) -> T:
    """A deep copy of a game state for a private run: lists, dicts, sets and the state's mutable
    dataclasses are copied; immutable values (numbers, strings, enums, hulls, polygons, frozen
    dataclasses, and tuples, which the state only fills with such values) are shared.
    Equivalent to :func:`copy.deepcopy` for the rules' purposes, and about ten times faster."""
    return cast(T, _copy(state))


def _copy(obj: Any) -> Any:
    kind = type(obj)
    if kind in _ATOMIC:
        return obj
    fn = _COPIERS.get(kind)
    if fn is None:
        fn = _COPIERS[kind] = _copier(kind)
    return fn(obj)


#: values shared as they are (never changed in place)
_ATOMIC: set[type] = {str, int, float, bool, type(None), tuple, Hull, Facing, Klan, Vec, Pose, Table}


def _copier(kind: type) -> Callable[[Any], Any]:
    atomic = _ATOMIC
    if kind is list:
        return lambda o: [x if type(x) in atomic else _copy(x) for x in o]
    if kind is dict:
        return lambda o: {k: v if type(v) in atomic else _copy(v) for k, v in o.items()}
    if kind is set:
        return set
    if is_dataclass(kind) and not kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        # one straight-line function per class: a field at a time, shared if atomic, else copied
        lines = ["def copy_dataclass(o):", "    n = new(kind)"]
        for f in fields(kind):
            lines.append(f"    v = o.{f.name}")
            lines.append(f"    put(n, {f.name!r}, v if type(v) in atomic else copy(v))")
        lines.append("    return n")
        scope: dict[str, Any] = {"new": kind.__new__, "kind": kind, "put": object.__setattr__, "atomic": atomic, "copy": _copy}
        exec("\n".join(lines), scope)
        return cast(Callable[[Any], Any], scope["copy_dataclass"])
    return _same


def _same(o: Any) -> Any:
    return o


# =========================================================================== dice that remember how they were read

Faces = tuple[int, ...]
Reader = Callable[[Faces], Any]
Candidate = tuple[Faces, int]


class _Die:
    """One roll on one path: its possible faces (with weights), the one chosen, and which of the
    others the rules could not have told apart from it so far (a bit mask)."""

    __slots__ = ("cands", "mask", "total")

    def __init__(self, cands: tuple[Candidate, ...], total: int) -> None:
        self.cands = cands
        self.total = total
        self.mask = (1 << len(cands)) - 1

    def read(self, fn: Reader, value: object) -> None:
        """The rules read ``fn(faces)`` and saw ``value``: faces that read otherwise are told apart."""
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
    """

    __slots__ = ("_die", "_fn", "_v")

    def __init__(self, v: int, die: _Die, fn: Reader) -> None:
        self._v = v
        self._die = die
        self._fn = fn

    def _pin(self) -> int:
        self._die.read(self._fn, self._v)
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
        self._die.read(lambda t: f(t) != 0, result)
        return result

    # text (a prompt's wording, a log line) never feeds a decision: printing does not pin
    def __str__(self) -> str:
        return str(self._v)

    def __repr__(self) -> str:
        return repr(self._v)

    def __format__(self, spec: str) -> str:
        return format(self._v, spec)


_PLAIN = (int, bool)
_COMPARABLE = (int, bool, float)


def _compare(op: Callable[[Any, Any], Any]) -> Callable[[_Value, object], Any]:
    def compare(self: _Value, other: object) -> Any:
        if isinstance(other, _Value):
            if other._die is self._die:
                f, g = self._fn, other._fn
                result = op(self._v, other._v)
                self._die.read(lambda t: op(f(t), g(t)), result)
                return result
            return op(self._pin(), other._pin())
        if type(other) in _COMPARABLE:
            f = self._fn
            result = op(self._v, other)
            self._die.read(lambda t: op(f(t), other), result)
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
                return _Value(op(other, self._v), self._die, lambda t: op(other, f(t)))
            return _Value(op(self._v, other), self._die, lambda t: op(f(t), other))
        v = self._pin()
        return op(other, v) if reflected else op(v, other)

    return arith


def _unary(op: Callable[[Any], Any]) -> Callable[[_Value], Any]:
    def unary(self: _Value) -> Any:
        f = self._fn
        return _Value(op(self._v), self._die, lambda t: op(f(t)))

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

    def __init__(self, path: Sequence[int] = ()) -> None:
        self.path = path
        self.dice: list[_Die] = []

    def roll(self, request: RollRequest) -> Roll:
        expr = request.expr
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
        return Roll(text, cast(tuple[int, ...], values), cast(int, _Value(reader(faces), die, reader)))


_FACE = [operator.itemgetter(i) for i in range(64)]


@lru_cache(maxsize=64)
def _plan(expr: DiceExpr) -> tuple[tuple[Candidate, ...], int, str, Reader, int | None]:
    """What :class:`LazyDice` needs of an expression: its outcomes (none if there are more than
    :data:`MAX_OUTCOMES`), their total weight, its text, how its total is read off the faces,
    and, for a roll with a scatter die, the mask of the outcomes that are hits."""
    dice = expr.dice()
    if len(dice) > 2 and math.comb(len(dice) + len(dice[0].outcomes) - 1, len(dice)) > MAX_OUTCOMES:
        return (), 0, str(expr), _total_reader(expr), None
    cands, total = candidates(expr)
    hits = None
    if SCATTER_DIE in dice:
        hits = sum(1 << i for i, (faces, _) in enumerate(cands) if not expr.arrow(faces))
    return cands, total, str(expr), _total_reader(expr), hits


R = TypeVar("R")


def enumerate_outcomes(run: Callable[[LazyDice], R], budget: int = BUDGET) -> tuple[dict[R, Fraction], int]:
    """Every outcome of ``run`` with its exact probability, and the number of runs it took.

    ``run`` is called once per class of dice paths the rules cannot tell apart (see the module
    notes).  Raises :class:`OverBudget` past ``budget`` runs; lets
    :class:`~grapeshot.dice.NotEnumerable` through."""
    runs = 0

    def go(path: list[int]) -> tuple[R, list[_Die]]:
        nonlocal runs
        runs += 1
        if runs > budget:
            raise OverBudget(f"more than {budget} dice paths")
        dice = LazyDice(path)
        return run(dice), dice.dice

    # a subtree's distribution is kept as integer numerators over one denominator (much cheaper
    # than adding Fractions); it becomes Fractions once, at the end
    def explore(path: list[int], first: tuple[R, list[_Die]] | None) -> tuple[dict[R, int], int, list[int]]:
        if first is None:
            first = go(path)
        result, dice = first
        depth = len(path)
        if len(dice) == depth:
            return {result: 1}, 1, [d.mask for d in dice]
        die = dice[depth]
        cands = die.cands
        remaining = (1 << len(cands)) - 1
        parts: list[tuple[dict[R, int], int, int]] = []  # (numerators, denominator, class weight)
        up = [-1] * depth
        current: tuple[R, list[_Die]] | None = first
        while remaining:
            c = (remaining & -remaining).bit_length() - 1
            sub, den, masks = explore([*path, c], current)
            current = None
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
            for key, n in sub.items():
                out[key] = out.get(key, 0) + n * factor
        return out, common * die.total, up

    nums, den, _ = explore([], None)
    return {key: Fraction(n, den) for key, n in nums.items()}, runs


# =========================================================================== running a procedure


HEARD = frozenset({"damage", "krew-lost", "evade", "boarding", "combat-result", "strike", "boarding-ends"})


@dataclass(frozen=True, slots=True)
class RerollPolicy:
    """How a sandbox answers re-roll offers, with the sentence an answer states it under."""

    name: str
    text: str
    answer: Callable[[RerollPrompt], Reroll]


def _decline(prompt: RerollPrompt) -> Reroll:
    return Reroll(None)


def _take_on_failure(prompt: RerollPrompt) -> Reroll:
    roll, request = prompt.roll, prompt.request
    assert roll is not None and request is not None
    if prompt.grant is None or not prompt.grant.on_failure:
        return Reroll(None)
    return Reroll(whole=True) if prompt.whole else Reroll(worst_die(request, roll))


#: the default, as the odds always were: no re-roll is taken
DECLINE = RerollPolicy("decline", "re-roll offers are declined", _decline)
#: a re-roll granted on a failed test is always taken: the whole roll, or its worst die
TAKE_ON_FAILURE = RerollPolicy("take-on-failure", "every re-roll granted on a failed test is taken", _take_on_failure)
POLICIES = {p.name: p for p in (DECLINE, TAKE_ON_FAILURE)}


class Sandbox(Game):
    """A game for private runs of rule procedures: shares the real game's ruleset and options,
    takes a state and a dice source per run, logs nothing, and hears the few events an outcome
    is read from.  Built without ``Game.__init__`` (no setup, no flow).  Re-roll offers inside
    a run are answered by its ``policy``."""

    def __init__(self, base: Game, policy: RerollPolicy = DECLINE) -> None:  # deliberately not calling Game.__init__
        self.__dict__.update(base.__dict__)
        self.logging = False
        self.companion = False
        self.events = []
        self.actions = []
        self.prompt = None
        self._sealed = {}
        self.heard: list[tuple[str, dict[str, Any]]] = []
        self.policy = policy

    def emit(self, kind: str, rule: str | None = None, visible_to: tuple[str, ...] | None = None, **data: Any) -> None:
        if kind in HEARD:
            self.heard.append((kind, data))


def drive(proc: Proc, policy: RerollPolicy = DECLINE) -> Any:
    """Run a procedure to its end, answering its re-roll offers by ``policy`` (see :data:`POLICY`
    for the questions' own); any other prompt is an :class:`OddsError`."""
    try:
        prompt = next(proc)
        while True:
            if isinstance(prompt, RerollPrompt):
                answer: Action = policy.answer(prompt)
            else:
                raise OddsError(f"the procedure asked {prompt.kind} ({prompt.text!r}); the odds have no policy for it")
            prompt = proc.send(answer)
    except StopIteration as stop:
        return stop.value


@dataclass(frozen=True, slots=True)
class ShipResult:
    """What one run did to one ship."""

    ship: str
    hull_lost: int = 0
    sunk: bool = False
    damage: tuple[str, ...] = ()  # damage-table results ("shaken", "gun-damaged:port", ...)
    krew_killed: int = 0
    captured: bool = False  # it serves another seat afterwards
    blows: tuple[str, ...] = ()  # the verdicts of the blows it took (penetrating, glancing, none, saved)


@dataclass(frozen=True, slots=True)
class Result:
    """What one run did: to each watched ship, and tags for the action as a whole."""

    ships: tuple[ShipResult, ...]
    tags: tuple[str, ...] = ()


Tagger = Callable[[list[tuple[str, dict[str, Any]]], Any], tuple[str, ...]]
Procedure = Callable[[Game, Sea], Proc]


def _no_tags(heard: list[tuple[str, dict[str, Any]]], value: Any) -> tuple[str, ...]:
    return ()


class Runner:
    """Runs one procedure on fresh copies of a base state and sums up each run as a :class:`Result`."""

    def __init__(self, game: Game, base: Sea, proc: Procedure, watch: Sequence[str], tags: Tagger = _no_tags, policy: RerollPolicy = DECLINE) -> None:
        self.sandbox = Sandbox(game, policy)
        self.base = base
        self.proc = proc
        self.watch = tuple(watch)
        self.tags = tags

    def __call__(self, dice: DiceSource) -> Result:
        sea = clone_state(self.base)
        g = self.sandbox
        g.state = sea
        g.dice = dice
        heard: list[tuple[str, dict[str, Any]]] = []
        g.heard = heard
        value = drive(self.proc(g, sea), g.policy)
        return Result(tuple(_ship_result(self.base.ships[n], sea.ships[n], heard) for n in self.watch), self.tags(heard, value))


def _ship_result(before: Ship, after: Ship, heard: list[tuple[str, dict[str, Any]]]) -> ShipResult:
    name = before.name
    results: list[str] = []
    blows: list[str] = []
    killed = 0
    for kind, data in heard:
        if kind == "damage" and data["ship"] == name:
            results.append(f"{data['result']}:{data['gun']}" if "gun" in data else str(data["result"]))
        elif kind == "krew-lost" and data["ship"] == name:
            killed += 1
        elif kind == "strike" and data["target"] == name:
            blows.append(str(data["verdict"]))
    return ShipResult(
        name,
        hull_lost=int(before.hull_points) - int(after.hull_points),
        sunk=before.afloat and not after.afloat,
        damage=tuple(results),
        krew_killed=killed,
        captured=after.commander != before.commander,
        blows=tuple(blows),
    )


# =========================================================================== distributions


@dataclass
class Odds:
    """The distribution of a procedure's outcomes.

    ``method`` says how it was had: ``exact`` (probabilities are exact fractions over the dice)
    or ``monte-carlo`` (frequencies over ``samples`` seeded runs; every probability reported with
    a 95% Wilson interval).  ``given`` states a condition the odds assume (``the shell lands on
    Blue``), ``note`` anything else worth saying (why it is not exact)."""

    title: str
    method: Method
    dist: dict[Result, Fraction]
    runs: int = 0
    samples: int = 0
    given: str = ""
    note: str = ""

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    @property
    def ships(self) -> list[str]:
        seen: dict[str, None] = {}
        for r in self.dist:
            for s in r.ships:
                seen.setdefault(s.ship, None)
        return list(seen)

    def p(self, pred: Callable[[Result], bool]) -> Fraction:
        return sum((p for r, p in self.dist.items() if pred(r)), Fraction(0))

    def ship(self, name: str, r: Result) -> ShipResult:
        return next((s for s in r.ships if s.ship == name), ShipResult(name))

    def marginal(self, key: Callable[[Result], T]) -> dict[T, Fraction]:
        out: dict[T, Fraction] = {}
        for r, p in self.dist.items():
            k = key(r)
            out[k] = out.get(k, Fraction(0)) + p
        return dict(sorted(out.items(), key=lambda kv: cast(Any, kv[0])))

    def hull_points_lost(self, name: str) -> dict[int, Fraction]:
        return self.marginal(lambda r: self.ship(name, r).hull_lost)

    def krew_killed(self, name: str) -> dict[int, Fraction]:
        return self.marginal(lambda r: self.ship(name, r).krew_killed)

    def damage_results(self, name: str) -> dict[str, Fraction]:
        """For each damage-table result, the chance the ship suffers it."""
        return self._chance_of_each(name, "damage")

    def blows(self, name: str) -> dict[str, Fraction]:
        """For each verdict, the chance that some blow on the ship ends with it."""
        return self._chance_of_each(name, "blows")

    def _chance_of_each(self, name: str, what: Literal["damage", "blows"]) -> dict[str, Fraction]:
        """For each value in a ship's list ``what``, the chance that it appears there at least once."""
        out: dict[str, Fraction] = {}
        for r, p in self.dist.items():
            for v in set(getattr(self.ship(name, r), what)):
                out[v] = out.get(v, Fraction(0)) + p
        return dict(sorted(out.items()))

    def sunk(self, name: str) -> Fraction:
        return self.p(lambda r: self.ship(name, r).sunk)

    def captured(self, name: str) -> Fraction:
        return self.p(lambda r: self.ship(name, r).captured)

    def tags(self) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for r, p in self.dist.items():
            for t in r.tags:
                out[t] = out.get(t, Fraction(0)) + p
        return dict(sorted(out.items()))

    def interval(self, p: Fraction) -> tuple[float, float] | None:
        """The 95% Wilson interval of a Monte Carlo frequency (None when exact)."""
        if self.exact or self.samples <= 0:
            return None
        return wilson(p, self.samples)

    def prob(self, p: Fraction) -> dict[str, Any]:
        """One probability as JSON: exact as ``{"fraction": "n/d", "p": 0.25}``, estimated as
        ``{"p": 0.25, "ci95": [lo, hi]}``."""
        if self.exact:
            return {"fraction": f"{p.numerator}/{p.denominator}", "p": round(float(p), 6)}
        ci = self.interval(p)
        assert ci is not None
        return {"p": round(float(p), 6), "ci95": [round(ci[0], 6), round(ci[1], 6)]}

    def to_json(self) -> dict[str, Any]:
        ships: dict[str, Any] = {}
        for name in self.ships:
            ships[name] = {
                "hull_points_lost": {str(k): self.prob(v) for k, v in self.hull_points_lost(name).items()},
                "sunk": self.prob(self.sunk(name)),
                "blows": {k: self.prob(v) for k, v in self.blows(name).items()},
                "damage": {k: self.prob(v) for k, v in self.damage_results(name).items()},
                "krew_killed": {str(k): self.prob(v) for k, v in self.krew_killed(name).items()},
                "captured": self.prob(self.captured(name)),
            }
        out: dict[str, Any] = {"title": self.title, "method": self.method, "exact": self.exact}
        if self.given:
            out["given"] = self.given
        if self.note:
            out["note"] = self.note
        out["policy"] = POLICY
        if self.exact:
            out["runs"] = self.runs
        else:
            out["samples"] = self.samples
        out["ships"] = ships
        out["results"] = {k: self.prob(v) for k, v in self.tags().items()}
        return out


def wilson(p: Fraction | float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a frequency ``p`` over ``n`` trials."""
    q = float(p)
    denom = 1.0 + z * z / n
    centre = (q + z * z / (2 * n)) / denom
    half = z * math.sqrt(q * (1.0 - q) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def simulate(run: Callable[[DiceSource], Result], samples: int = SAMPLES, seed: int = 1) -> dict[Result, Fraction]:
    """Monte Carlo: ``samples`` runs with one seeded dice source; frequencies as fractions."""
    dice = SeededDice(seed)
    counts: Counter[Result] = Counter(run(dice) for _ in range(samples))
    return {r: Fraction(n, samples) for r, n in counts.items()}


def solve(
    runner: Runner,
    title: str,
    *,
    budget: int = BUDGET,
    samples: int = SAMPLES,
    seed: int = 1,
    given: str = "",
    exact: bool = True,
) -> Odds:
    """Exact odds if the procedure is enumerable within the budget, else a Monte Carlo estimate."""
    why = "exact enumeration not asked for"
    if exact:
        try:
            dist, runs = enumerate_outcomes(runner, budget)
            return Odds(title, "exact", dist, runs=runs, given=given)
        except NotEnumerable as err:
            why = f"not enumerable: {err}"
        except OverBudget as err:
            why = f"over the exact budget ({err})"
    return Odds(title, "monte-carlo", simulate(runner, samples, seed), samples=samples, given=given, note=f"not enumerated exactly: {why}")


# =========================================================================== the procedures


def _sea(game: Game, sea: Sea | None) -> Sea:
    state = sea if sea is not None else game.state
    if not isinstance(state, Sea):
        raise OddsError(f"odds are worked out for Waagh! Jim Lad! games, not {game.ruleset.name}")
    return state


def _ship(sea: Sea, name: str) -> Ship:
    ship = sea.ships.get(name)
    if ship is None:
        raise OddsError(f"no ship {name!r}; ships: {', '.join(sea.ships)}")
    return ship


def _fingerprint(sea: Sea, names: Iterable[str]) -> tuple[Any, ...]:
    """Everything about the ships (and the sea) that a blow's resolution may read."""
    ships = []
    for n in names:
        s = sea.ships[n]
        ships.append(
            (
                n,
                s.klan,
                s.hull_points,
                s.afloat,
                s.owner,
                s.commander,
                tuple((k.role, k.wounds) for k in s.krew),
                s.gold,
                tuple(sorted(s.damaged_guns)),
                s.rudder_damaged,
                s.engine_damaged,
                tuple(sorted(s.effects.items())),
                s.engaged,
                s.reroll_turn,
                s.docked_at,
                s.grounded_on,
            )
        )
    return (tuple(ships), sea.turn, tuple(sea.penetrated), tuple(sorted(sea.reroll_used.items())), tuple(sorted((k, str(v)) for k, v in sea.options.items())))


_CACHE: dict[tuple[Any, ...], Odds] = {}
CACHE_SIZE = 4096


def _cached(key: tuple[Any, ...], make: Callable[[], Odds]) -> Odds:
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) >= CACHE_SIZE:
            _CACHE.clear()
        hit = _CACHE[key] = make()
    return hit


def clear_cache() -> None:
    """Forget the odds worked out so far (they are kept per situation)."""
    _CACHE.clear()


def _blow_proc(target: str, strength: int, facing: Facing, by_seat: str | None, by_actor: str | None, cause: str, rule: str) -> Procedure:
    """A blow outside the shooting phase through :func:`collisions.blow` (a penetrating one rolls
    on the damage table at once, JL-DMG-10)."""

    def proc(g: Game, sea: Sea) -> Proc:
        yield from collisions.blow(g, sea, sea.ships[target], strength, facing, by_seat=by_seat, by_actor=by_actor, cause=cause, rule=rule)

    return proc


def strike_odds(
    game: Game,
    target: str,
    strength: int,
    facing: Facing | str,
    *,
    by: str | None = None,
    sea: Sea | None = None,
    cause: str = "krak",
    hits: int = 1,
    cache: bool = True,
) -> Odds:
    """Exact odds of ``hits`` blows of ``strength`` landing on ``target``'s ``facing``: the
    penetration rolls, the 6+ ramshackle saves, the hull points lost (and sinking), and one roll
    on the damage table if any went through (JL-SHOOT-8, JL-SHIP-3, JL-DMG-1/2).  ``by`` names the
    shooting ship (its seat is credited with a sinking)."""
    base = _sea(game, sea)
    ship = _ship(base, target)
    face = Facing(facing)
    shooter = _ship(base, by) if by is not None else None
    by_seat = shooter.commander if shooter else None
    by_actor = shooter.name if shooter else None
    rule = "JL-SHOOT-6" if cause == "torpedo" else "JL-SHOOT-3"

    def proc(g: Game, sea: Sea) -> Proc:
        ship = sea.ships[target]
        already = ship.name in sea.penetrated
        for _ in range(hits):
            if ship.afloat:
                yield from damage.strike(g, sea, ship, strength, face, by_seat=by_seat, by_actor=by_actor, cause=cause, rule=rule)
        if ship.afloat and not already and ship.name in sea.penetrated:
            sea.penetrated.remove(ship.name)
            yield from damage.damage_table(g, sea, ship, by_seat)

    armour = armour_of(ship.klan, face)
    plural = "" if hits == 1 else f"{hits} x "
    title = f"{plural}S{strength} {cause} on {target}'s {face.value} (armour {armour})"
    given = f"the {cause} {'lands on' if cause == 'krak' else 'strikes'} {target}"

    def make() -> Odds:
        # only the struck ship is copied for each run: the shooter matters to nobody but its own
        # re-roll of the penetration die, which the policy declines
        return solve(Runner(game, _scope(base, [target]), proc, [target]), title, given=given)

    if not cache:
        return make()
    return _cached(("strike", target, strength, face, by_seat, cause, hits, _fingerprint(base, [target])), make)


# --------------------------------------------------------------------------- krak: where it lands


@dataclass
class Landing:
    """Where a krak shell aimed at a point comes down: the chance of each hull, each non-player
    model (a mine, the Kraken) and the open sea.  The dice part is exact; the arrow's direction
    is integrated numerically (the arcs of each scatter circle over each hull), so these are
    floating-point numbers, labelled ``numeric``."""

    hulls: dict[str, float]
    models: dict[str, float]
    miss: float
    method: str = "numeric: exact over the scatter dice, the arrow's direction integrated over the arcs each hull covers (floating point, not a fraction)"


def scatter_distances(bs: int) -> dict[int, Fraction]:
    """The krak scatter distance (2D6 less BS, at least 0) given an arrow, exactly."""
    out: dict[int, Fraction] = {}
    expr = nd6(KRAK_SCATTER_DICE)
    cands, total = candidates(expr)
    for faces, w in cands:
        d = max(0, sum(faces) - bs)
        out[d] = out.get(d, Fraction(0)) + Fraction(w, total)
    return out


def _circle_cuts(c: Vec, r: float, sea: Sea) -> list[float]:
    """Angles where the circle about ``c`` of radius ``r`` crosses a hull edge or a model's rim."""
    cuts: list[float] = []
    for s in sea.afloat():
        pts = s.hull.corners
        for i in range(4):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % 4]
            dx, dy = bx - ax, by - ay
            fx, fy = ax - c.x, ay - c.y
            a = dx * dx + dy * dy
            b = 2 * (fx * dx + fy * dy)
            k = fx * fx + fy * fy - r * r
            disc = b * b - 4 * a * k
            if a <= 0 or disc < 0:
                continue
            root = math.sqrt(disc)
            for t in ((-b - root) / (2 * a), (-b + root) / (2 * a)):
                if -1e-12 <= t <= 1 + 1e-12:
                    cuts.append(math.atan2(fy + t * dy, fx + t * dx) % (2 * math.pi))
    discs = [(Vec(m.x, m.y), MINE_RADIUS) for m in sea.mines]
    if sea.kraken is not None:
        discs.append((Vec(sea.kraken.x, sea.kraken.y), KRAKEN_RADIUS))
    for centre, radius in discs:
        d = distance(c, centre)
        if d <= 0 or d > r + radius or d < abs(r - radius):
            continue
        base = math.atan2(centre.y - c.y, centre.x - c.x)
        half = math.acos(max(-1.0, min(1.0, (r * r + d * d - radius * radius) / (2 * r * d))))
        cuts.extend(((base - half) % (2 * math.pi), (base + half) % (2 * math.pi)))
    return sorted(cuts)


def _lands_on(sea: Sea, p: Vec) -> tuple[str, str]:
    """What a krak shell landing at ``p`` strikes, as :func:`kannon.krak` decides it."""
    target = next((t for t in sea.afloat() if t.hull.contains(p) and not in_harbour(sea, t)), None)
    if target is not None:
        return "hull", target.name
    model = npc.model_at(sea, p)
    if model is not None:
        return "model", model
    return "miss", ""


def landing_odds(sea: Sea, aim: Vec) -> Landing:
    """The chance a krak shell aimed at ``aim`` lands on each hull (see :class:`Landing`)."""
    bs = int(sea.option("krak_scatter_bs"))
    hit = Fraction(SCATTER_HIT_FACES, 6)
    spots: dict[int, Fraction] = {0: hit}
    for d, p in scatter_distances(bs).items():
        spots[d] = spots.get(d, Fraction(0)) + (1 - hit) * p
    tally: dict[tuple[str, str], float] = {}
    for d, weight in spots.items():
        if d == 0:
            where = _lands_on(sea, aim)
            tally[where] = tally.get(where, 0.0) + float(weight)
            continue
        cuts = _circle_cuts(aim, float(d), sea)
        bounds = [*cuts, cuts[0] + 2 * math.pi] if cuts else [0.0, 2 * math.pi]
        for a, b in pairwise(bounds):
            if b - a <= 0:
                continue
            mid = (a + b) / 2
            where = _lands_on(sea, Vec(aim.x + d * math.cos(mid), aim.y + d * math.sin(mid)))
            tally[where] = tally.get(where, 0.0) + float(weight) * (b - a) / (2 * math.pi)
    hulls = {name: p for (kind, name), p in tally.items() if kind == "hull"}
    models = {name: p for (kind, name), p in tally.items() if kind == "model"}
    return Landing(hulls, models, tally.get(("miss", ""), 0.0))


@dataclass
class KrakOdds:
    """A krak shot: where it lands (numeric) and, for each hull it may land on, the exact odds of
    what it does there.  ``hull_point`` combines the two: the chance the shot costs that ship a
    hull point (numeric, since the landing is)."""

    ship: str
    gun: str
    aim: tuple[float, float]
    range: float
    strength: int
    shots: str  # "1", or "D3" for a Deff Skulls broadside (each shell lands on its own)
    landing: Landing
    hulls: dict[str, tuple[Facing, int, Odds]]  # facing, armour, exact odds given the landing

    def hull_point(self, name: str) -> float:
        odds = self.hulls[name][2]
        return self.landing.hulls.get(name, 0.0) * float(1 - odds.hull_points_lost(name).get(0, Fraction(0)))

    def to_json(self) -> dict[str, Any]:
        return {
            "ship": self.ship,
            "gun": self.gun,
            "aim": list(self.aim),
            "range": round(self.range, 3),
            "strength": self.strength,
            "shots": self.shots,
            "policy": POLICY,
            "landing": {
                "method": self.landing.method,
                "exact": False,
                "miss": round(self.landing.miss, 6),
                "hulls": {k: round(v, 6) for k, v in self.landing.hulls.items()},
                "models": {k: round(v, 6) for k, v in self.landing.models.items()},
            },
            "targets": [
                {
                    "ship": name,
                    "facing": facing.value,
                    "armour": armour,
                    "land": round(self.landing.hulls.get(name, 0.0), 6),
                    "hull_point": round(self.hull_point(name), 6),
                    "given_landing": odds.to_json(),
                }
                for name, (facing, armour, odds) in self.hulls.items()
            ],
        }


def krak_odds(game: Game, ship: str, gun: str, aim: tuple[float, float], *, sea: Sea | None = None) -> KrakOdds:
    """A krak shell from ``ship``'s ``gun`` aimed at ``aim``: the landing chances (numeric) and the
    exact odds of the blow on each hull it may land on (through :func:`strike_odds`)."""
    base = _sea(game, sea)
    shooter = _ship(base, ship)
    if gun not in KANNONS:
        raise OddsError(f"no kannon {gun!r}; kannons: {', '.join(KANNONS)}")
    gname: GunName = gun
    k = KANNONS[gname]
    if k.krak is None:
        raise OddsError(f"the {gun} kannon fires no krak")
    m = kannon.mount(shooter, gname)
    point = Vec(*aim)
    landing = landing_odds(base, point)
    hulls: dict[str, tuple[Facing, int, Odds]] = {}
    for name in landing.hulls:
        target = base.ships[name]
        facing = target.hull.facing_towards(m)
        hulls[name] = (facing, armour_of(target.klan, facing), strike_odds(game, name, k.krak, facing, by=ship, sea=base))
    deff = KLANS[shooter.klan].broadside_d3 and gname in ("port", "starboard")
    return KrakOdds(shooter.name, gun, (point.x, point.y), distance(m, point), k.krak, "D3" if deff else "1", landing, hulls)


# --------------------------------------------------------------------------- rams and crashes


def ram_stage(
    sea: Sea, mover: str, target: str, target_facing: Facing, *, moved: float = 12.0, astern: bool = False, centre: Vec | None = None
) -> tuple[Path, Contact]:
    """Put ``mover`` on a straight course into ``target``'s ``target_facing`` in open water (both
    ships moved on this copy of the state) and sweep it to the contact, as a move would.  Returns
    the path and the contact, for :func:`collisions.evade` and :func:`collisions.ship_contact`."""
    t, m = sea.ships[target], sea.ships[mover]
    c = centre if centre is not None else Vec(sea.table.width / 2, sea.table.height / 2)
    offset = {Facing.FRONT: 0.0, Facing.PORT: 90.0, Facing.STARBOARD: -90.0, Facing.REAR: 180.0}[target_facing]
    t_heading = 0.0
    t.hull = Hull(c.x, c.y, t_heading, t.hull.length, t.hull.width)
    normal = norm_deg(t_heading + offset)  # outwards from the struck facing
    course = norm_deg(normal + 180.0)
    reach = t.hull.hl if target_facing in (Facing.FRONT, Facing.REAR) else t.hull.hw
    lead = reach + moved  # the mover's lead point starts this far from the target's centre
    lx, ly = c.x + lead * math.cos(math.radians(normal)), c.y + lead * math.sin(math.radians(normal))
    heading = norm_deg(course + 180.0) if astern else course
    # the hull trails its lead point (the bow, or the stern going astern) along the course
    cx, cy = lx - m.hull.hl * math.cos(math.radians(course)), ly - m.hull.hl * math.sin(math.radians(course))
    m.hull = Hull(cx, cy, heading, m.hull.length, m.hull.width)
    for other in sea.ships.values():  # open water: no other ship, no terrain, no models
        if other is not t and other is not m:
            other.afloat = False
    sea.obstacles, sea.terrain, sea.mines, sea.kraken, sea.sub = (), (), [], None, None
    path = Path(Pose(lx, ly, course), [Segment(moved + 10.0)], reverse=astern)
    result = sweep(path, m.length, m.width, sea.ship_obstacles(m), None)  # the course may start off a small table
    if result.contact is None or result.contact.ident != target:
        raise OddsError(f"could not set {mover} on a course into {target}'s {target_facing.value}")
    m.hull = result.hull
    return path, result.contact


def _ram_tags(heard: list[tuple[str, dict[str, Any]]], value: Any) -> tuple[str, ...]:
    for kind, data in heard:
        if kind == "evade":
            if not data.get("able"):
                return ("no evasion",)
            if data.get("to") is not None:
                return ("evaded",)
            return ("evasion failed",) if not data.get("passed") else ("evasion passed, no room",)
    return ()


def ram_odds(
    game: Game,
    mover: str,
    target: str,
    strength: int,
    *,
    planned: bool = True,
    target_facing: Facing | str = Facing.FRONT,
    mover_facing: Facing | str = Facing.FRONT,
    sea: Sea | None = None,
    stage: tuple[Path, Contact] | None = None,
    sequential: bool = False,
) -> Odds:
    """Exact odds of ``mover`` ramming (``planned``) or crashing into ``target`` at ``strength``
    (JL-RAM-1..6): the target's leadership test to evade (:func:`collisions.evade`), then the
    blow on the target's facing at ``strength`` and on the mover's at one less for a planned ram
    (both through :func:`collisions.blow`: the damage table at once if penetrating).

    The evasion needs room: on ``stage`` (a path and contact on ``sea``) if given, else in open
    water (:func:`ram_stage`).  The two blows roll independent dice and touch different ships, so
    they are enumerated apart and multiplied (``sequential=True`` enumerates the whole sequence,
    as :func:`collisions.ship_contact` runs it; the tests check they agree)."""
    base = _sea(game, sea)
    m = _ship(base, mover)
    t = _ship(base, target)
    tf, mf = Facing(target_facing), Facing(mover_facing)
    own = strength - 1 if planned else strength
    cause = f"{mover}'s ram" if planned else f"{mover} crashing"
    by_seat, by_actor = m.commander, m.name
    rule_own = "JL-RAM-4" if planned else "JL-RAM-6"
    on_target = _blow_proc(target, strength, tf, by_seat, by_actor, cause, "JL-RAM-4")
    on_mover = _blow_proc(mover, own, mf, None, None, "the impact", rule_own)
    kind = "ram" if planned else "crash"
    title = f"{mover}'s {kind} into {target}'s {tf.value} at S{strength} (its own {mf.value} takes S{own})"
    watch = [target, mover]
    scoped = _scope(base, watch)

    def evasion_on(staged: Sea, where: tuple[Path, Contact]) -> Procedure:
        path, contact = where

        def evasion(g: Game, sea: Sea) -> Proc:
            return (yield from collisions.evade(g, sea, sea.ships[mover], sea.ships[target], path, contact, planned))

        return evasion

    if sequential:
        staged = base if stage is not None else clone_state(scoped)
        where = stage if stage is not None else ram_stage(staged, mover, target, tf)
        evade_here = evasion_on(staged, where)

        def whole(g: Game, sea: Sea) -> Proc:
            if (yield from evade_here(g, sea)):
                return
            yield from on_target(g, sea)
            if sea.ships[mover].afloat:
                yield from on_mover(g, sea)

        return solve(Runner(game, staged, whole, watch, _ram_tags), title)

    # three parts, each kept per situation: the evasion (the target's leadership and the room
    # to slip aside), the blow on the target, the blow on the mover
    def evasion_part() -> Odds:
        if stage is not None:
            return solve(Runner(game, base, evasion_on(base, stage), watch, _ram_tags), "evasion")
        staged = clone_state(scoped)
        return solve(Runner(game, staged, evasion_on(staged, ram_stage(staged, mover, target, tf)), watch, _ram_tags), "evasion")

    dims = tuple((s.hull.length, s.hull.width) for s in (m, t))
    evade_key = ("evade", mover, target, tf, planned, dims, _fingerprint(base, [target]))
    evade = evasion_part() if stage is not None else _cached(evade_key, evasion_part)
    first = _cached(("blow", target, strength, tf, by_seat, _fingerprint(base, [target])), lambda: solve(Runner(game, scoped, on_target, [target]), "target"))
    second = _cached(("blow", mover, own, mf, None, _fingerprint(base, [mover])), lambda: solve(Runner(game, scoped, on_mover, [mover]), "mover"))
    if not (evade.exact and first.exact and second.exact):
        raise OddsError("a ram should always be enumerable")
    # evasion, then (unless it slipped aside) both blows: multiplied out in integers over one
    # denominator, made Fractions once at the end
    d0, d1, d2 = (math.lcm(*(p.denominator for p in o.dist.values())) for o in (evade, first, second))
    nums: dict[Result, int] = {}
    for r, p in evade.dist.items():
        n0 = p.numerator * (d0 // p.denominator)
        if "evaded" in r.tags:
            nums[r] = nums.get(r, 0) + n0 * d1 * d2
            continue
        for a, pa in first.dist.items():
            na = n0 * pa.numerator * (d1 // pa.denominator)
            for b, pb in second.dist.items():
                key = Result((*a.ships, *b.ships), r.tags)
                nums[key] = nums.get(key, 0) + na * pb.numerator * (d2 // pb.denominator)
    den = d0 * d1 * d2
    return Odds(title, "exact", {k: Fraction(n, den) for k, n in nums.items()}, runs=evade.runs + first.runs + second.runs)


def _scope(sea: Sea, names: Iterable[str]) -> Sea:
    """The sea with only these ships (and any ship locked in a fight with one of them): less to
    copy for each run of a procedure that touches nothing else (a blow, the damage table, an
    evasion in open water).  Shares the ships: only ever used as a base that runs copy."""
    keep = set(names)
    keep.update(p for n in list(keep) if (p := sea.ships[n].engaged) is not None)
    out = copy.copy(sea)
    out.ships = {n: s for n, s in sea.ships.items() if n in keep}
    out.fights = [f for f in sea.fights if f.attacker in keep or f.defender in keep]
    return out


# --------------------------------------------------------------------------- boarding


def _boarding_tags(boarder: str) -> Tagger:
    def tags(heard: list[tuple[str, dict[str, Any]]], value: Any) -> tuple[str, ...]:
        last: tuple[str, ...] = ()
        for kind, data in heard:
            if kind == "boarding" and not data.get("success"):
                return ("grapnels missed",)
            if kind == "combat-result":
                if data.get("result") == "both-wiped-out":
                    last = ("both wiped out",)
                elif data.get("winner") == boarder:
                    last = ("won",)
                elif data.get("winner") is not None:
                    last = ("lost",)
                else:
                    last = ("undecided",)
        return last

    return tags


@dataclass
class BoardingOdds:
    """A boarding action: its first round (grapnels included; exact if enumerable within the
    budget, else Monte Carlo) and the whole fight, round after round until it is decided
    (always Monte Carlo: a fight can go on for many rounds)."""

    first_round: Odds
    whole_fight: Odds

    def to_json(self) -> dict[str, Any]:
        return {"first_round": self.first_round.to_json(), "whole_fight": self.whole_fight.to_json()}


def boarding_odds(
    game: Game,
    boarder: str,
    target: str,
    *,
    sea: Sea | None = None,
    budget: int = BUDGET,
    samples: int = SAMPLES,
    seed: int = 1,
    need: int | None = None,
) -> BoardingOdds:
    """The odds of ``boarder`` throwing its grapnels onto ``target`` (JL-BOARD-1) and the melee
    that follows (JL-BOARD-2..8), through :func:`boarding.attempt` and :func:`boarding.fight_round`.
    ``need`` is the grapnels' score (default: from the distance between the hulls)."""
    base = _sea(game, sea)
    b, t = _ship(base, boarder), _ship(base, target)
    gap = hull_distance(b.hull, t.hull)
    score = need if need is not None else boarding.boarding_need(gap)
    if score is None:
        raise OddsError(f'{boarder} is {gap:.1f}" from {target}: grapnels reach {boarding.BOARDING_RANGE:g}"')
    option = boarding.BoardingOption(boarder, target, gap, score)

    def first(g: Game, sea: Sea) -> Proc:
        return (yield from boarding.attempt(g, sea, option, set()))

    def whole(g: Game, sea: Sea) -> Proc:
        outcome = yield from boarding.attempt(g, sea, option, set())
        rounds = 1
        while outcome is None and rounds < MAX_ROUNDS:
            fight = next((f for f in sea.fights if f.attacker == boarder and f.defender == target), None)
            if fight is None:
                break
            sea.turn += 1
            outcome = yield from boarding.fight_round(g, sea, fight)
            rounds += 1
        return outcome

    watch = [boarder, target]
    tags = _boarding_tags(boarder)
    title = f"{boarder} boards {target} (grapnels {score}+)"
    one = solve(Runner(game, base, first, watch, tags), f"{title}: the first round", budget=budget, samples=samples, seed=seed)
    all_rounds = Odds(
        f"{title}: the whole fight",
        "monte-carlo",
        simulate(Runner(game, base, whole, watch, tags), samples, seed),
        samples=samples,
        note=f"Monte Carlo over whole fights (rounds fought one after another, up to {MAX_ROUNDS}; 'undecided' after that)",
    )
    return BoardingOdds(one, all_rounds)


# --------------------------------------------------------------------------- an action in a saved game


@dataclass
class ActionOdds:
    """The odds of a proposed action in a game: the whole action (exact, or Monte Carlo where it
    cannot be enumerated), with the exact parts alongside (a krak shell's blow on each hull it
    may land on; a torpedo's on each hull it was seen to strike)."""

    action: dict[str, Any]
    ship: str
    whole: Odds | None = None
    krak: KrakOdds | None = None
    given_hit: list[Odds] = field(default_factory=list)
    boarding: BoardingOdds | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "ship": self.ship}
        if self.whole is not None:
            out["whole"] = self.whole.to_json()
        if self.krak is not None:
            out["krak"] = self.krak.to_json()
        if self.given_hit:
            out["given_hit"] = [o.to_json() for o in self.given_hit]
        if self.boarding is not None:
            out["boarding"] = self.boarding.to_json()
        return out


def action_odds(game: Game, seat: str, action: Action, *, samples: int = SAMPLES, seed: int = 1, budget: int = BUDGET) -> ActionOdds:
    """The odds of ``seat`` answering the game's current prompt with ``action``.

    The action is checked as :meth:`Game.submit` would check it (and never submitted).  Shooting
    actions run :func:`shooting.take_action`, and every ship the action newly penetrates rolls on
    the damage table, as at the end of the seat's turn; a boarding action runs
    :func:`boarding.attempt`.  Krak always splits into landing (numeric) and blow (exact)."""
    from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
    from grapeshot.rulesets.jimlad.prompts import ShootPrompt

    sea = _sea(game, None)
    prompt = game.prompt_for(seat)
    if prompt is None:
        waiting = ", ".join(game.waiting_for()) or "nobody (the game is over)"
        raise OddsError(f"the game is not waiting for {seat}; it is waiting for {waiting}")
    try:
        prompt.check(seat, action)
    except IllegalAction as err:
        raise OddsError(f"that action is not legal now: {err}") from None
    if isinstance(prompt, BoardPrompt) and isinstance(action, Board):
        if action.boarder is None or action.target is None:
            raise OddsError("passing has no odds")
        option = prompt.option(action.boarder, action.target)
        odds = boarding_odds(game, option.boarder, option.target, need=option.need, samples=samples, seed=seed, budget=budget)
        return ActionOdds(action.to_json(), option.boarder, boarding=odds)
    if not isinstance(prompt, ShootPrompt) or prompt.ship is None:
        raise OddsError(f"odds are worked out for shooting and boarding actions; the game asks {prompt.kind}")
    if not isinstance(action, (Fire, Torpedoes, Sluggas, Repair)):
        raise OddsError(f"{action.kind} has no odds")
    name = prompt.ship.name

    def proc(g: Game, sea: Sea) -> Proc:
        before = set(sea.penetrated)
        yield from shooting.take_action(g, sea, sea.ships[name], action)
        for hit in list(sea.penetrated):
            ship = sea.ships[hit]
            if hit not in before and ship.afloat:
                sea.penetrated.remove(hit)
                yield from damage.damage_table(g, sea, ship, seat)

    watch = [s.name for s in sea.ships.values() if s.afloat]
    title = f"{name}: {action.kind} {action.to_json()}"
    out = ActionOdds(action.to_json(), name)
    if isinstance(action, Fire) and action.shell == "krak":
        assert action.aim is not None
        out.krak = krak_odds(game, name, action.gun, action.aim)
        if samples > 0:
            out.whole = solve(Runner(game, sea, proc, watch), title, exact=False, samples=samples, seed=seed)
        return out
    out.whole = solve(Runner(game, sea, proc, watch), title, budget=budget, samples=samples, seed=seed)
    if isinstance(action, Torpedoes) and not out.whole.exact:
        out.given_hit = _given_hits(game, sea, name, action, samples, seed)
    return out


def _given_hits(game: Game, sea: Sea, name: str, action: Action, samples: int, seed: int) -> list[Odds]:
    """Exact odds of a torpedo on each (ship, facing) a simulation of the salvo saw it strike."""
    seen: dict[tuple[str, str], None] = {}
    g = Sandbox(game)
    dice = SeededDice(seed)
    for _ in range(min(samples, 500)):
        state = clone_state(sea)
        g.state, g.dice, g.heard = state, dice, []
        drive(shooting.take_action(g, state, state.ships[name], action))
        for kind, data in g.heard:
            if kind == "strike":
                seen.setdefault((str(data["target"]), str(data["facing"])), None)
    return [strike_odds(game, t, TORPEDO_STRENGTH, f, by=name, sea=sea, cause="torpedo") for t, f in seen]


# =========================================================================== the short description


KLAN_NAMES = [k.value for k in Klan]


@lru_cache(maxsize=1)
def _stage_game() -> Game:
    """Two ships on a large empty table: the game a short description is staged on."""
    data = {
        "name": "odds",
        "ruleset": "jimlad",
        "table": {"width": 240.0, "height": 240.0},
        "terrain": [],
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [
            {"seat": "red", "klan": "goffs", "ships": [{"name": "Shooter", "x": 60.0, "y": 120.0, "heading": 0.0}]},
            {"seat": "blue", "klan": "goffs", "ships": [{"name": "Target", "x": 180.0, "y": 120.0, "heading": 180.0}]},
        ],
        "options": {"random_events": False},
    }
    return Game("jimlad", parse_scenario(data, "odds stage"), seed=0, log=False)


SHOOTER, TARGET = "Shooter", "Target"


def _trim_krew(ship: Ship, orks: int | None) -> None:
    """Leave ``orks`` Orks aboard: boyz go first, then the Doc; the Kaptin stays to the last."""
    if orks is None:
        return
    order = sorted(ship.krew, key=lambda k: {"krew": 0, "doc": 1, "kaptin": 2}[k.role])
    while len(ship.krew) > max(0, orks) and order:
        ship.krew.remove(order.pop(0))


@dataclass
class Description:
    """A situation in a few words: two ships, their klans and state, and the options in play."""

    shooter_klan: str = "goffs"
    target_klan: str = "goffs"
    target_hull_points: int | None = None
    shooter_hull_points: int | None = None
    shooter_krew: int | None = None
    target_krew: int | None = None
    options: Mapping[str, object] = field(default_factory=dict)

    def stage(self) -> tuple[Game, Sea]:
        game = _stage_game()
        sea = clone_state(cast(Sea, game.state))
        for name, klan, hp, krew in (
            (SHOOTER, self.shooter_klan, self.shooter_hull_points, self.shooter_krew),
            (TARGET, self.target_klan, self.target_hull_points, self.target_krew),
        ):
            ship = sea.ships[name]
            try:
                ship.klan = Klan(klan)
            except ValueError:
                raise OddsError(f"unknown klan {klan!r}; klans: {', '.join(KLAN_NAMES)}") from None
            if hp is not None:
                if not 1 <= hp <= 5:
                    raise OddsError(f"hull points must be 1-5, got {hp}")
                ship.hull_points = hp
            _trim_krew(ship, krew)
        for k, v in self.options.items():
            if k not in sea.options:
                raise OddsError(f"unknown option {k!r}")
            sea.options[k] = v
        return game, sea


def _place_target(sea: Sea, origin: Vec, direction: float, rng: float, facing: Facing) -> Ship:
    """Put the target ``rng`` inches from ``origin`` along ``direction``, turned to show ``facing``."""
    t = sea.ships[TARGET]
    offset = {Facing.FRONT: 0.0, Facing.PORT: 90.0, Facing.STARBOARD: -90.0, Facing.REAR: 180.0}[facing]
    heading = norm_deg(direction + 180.0 - offset)
    rad = math.radians(direction)
    t.hull = Hull(origin.x + rng * math.cos(rad), origin.y + rng * math.sin(rad), heading, t.hull.length, t.hull.width)
    return t


def stage_krak(desc: Description, gun: str, facing: Facing | str, rng: float) -> tuple[Game, Sea, GunName]:
    """The stage of :func:`describe_krak`: the target ``rng`` inches from ``gun``'s mount (to its
    centre, where the shot is aimed), straight out along the kannon's arc, showing ``facing``."""
    game, sea = desc.stage()
    if gun not in KANNONS:
        raise OddsError(f"no kannon {gun!r}; kannons: {', '.join(KANNONS)}")
    gname: GunName = gun
    k = KANNONS[gname]
    if k.krak is None:
        raise OddsError(f"the {gun} kannon fires no krak")
    if not 0 < rng <= k.range:
        raise OddsError(f'the {gun} kannon\'s krak range is {k.range:g}"; got {rng:g}"')
    face = Facing(facing)
    shooter = sea.ships[SHOOTER]
    m = kannon.mount(shooter, gname)
    arc = kannon.gun_arc(sea, shooter, gname)
    target = _place_target(sea, m, arc.centre, rng, face)
    if target.hull.facing_towards(m) is not face or any(shooter.hull.contains(Vec(x, y)) for x, y in target.hull.corners):
        raise OddsError(f'at {rng:g}" the target cannot show its {face.value} to the {gun} kannon without touching the shooter; try a longer range')
    return game, sea, gname


def describe_krak(desc: Description, gun: str, facing: Facing | str, rng: float) -> KrakOdds:
    """A krak shot from ``gun`` at a target ``rng`` inches away (mount to the target's centre,
    where it is aimed) showing ``facing`` to the gun."""
    game, sea, gname = stage_krak(desc, gun, facing, rng)
    target = sea.ships[TARGET]
    return krak_odds(game, SHOOTER, gname, (target.hull.x, target.hull.y), sea=sea)


def describe_strike(desc: Description, strength: int, facing: Facing | str, *, cause: str = "krak", hits: int = 1) -> Odds:
    """A blow of ``strength`` that has landed on the target's ``facing``."""
    game, sea = desc.stage()
    return strike_odds(game, TARGET, strength, facing, by=SHOOTER, sea=sea, cause=cause, hits=hits)


def describe_ram(desc: Description, strength: int, target_facing: Facing | str, *, planned: bool = True, mover_facing: Facing | str = Facing.FRONT) -> Odds:
    """The shooter rams (or crashes into) the target at ``strength``."""
    game, sea = desc.stage()
    return ram_odds(game, SHOOTER, TARGET, strength, planned=planned, target_facing=target_facing, mover_facing=mover_facing, sea=sea)


def _alongside(sea: Sea, gap: float, side: Facing = Facing.PORT) -> None:
    """The target parallel to the shooter, ``gap`` inches off its ``side`` (port or starboard;
    front: dead ahead, rear: astern)."""
    s, t = sea.ships[SHOOTER], sea.ships[TARGET]
    h = s.hull
    if side in (Facing.PORT, Facing.STARBOARD):
        k = 1.0 if side is Facing.PORT else -1.0
        centre = h.world(0.0, k * (h.hw + gap + t.hull.hw))
    else:
        k = 1.0 if side is Facing.FRONT else -1.0
        centre = h.world(k * (h.hl + gap + t.hull.hl), 0.0)
    t.hull = Hull(centre.x, centre.y, h.heading, t.hull.length, t.hull.width)


def describe_grapeshot(desc: Description, gun: str = "port", gap: float = 4.0, *, budget: int = BUDGET, samples: int = SAMPLES, seed: int = 1) -> Odds:
    """Grapeshot as D3 hits (JL-SHOOT-4, option ``grapeshot: d3``) from ``gun`` at the target
    ``gap`` inches off that side, through :func:`kannon.grapeshot_d3`."""
    game, sea = desc.stage()
    sea.options["grapeshot"] = "d3"
    if gun not in KANNONS:
        raise OddsError(f"no kannon {gun!r}; kannons: {', '.join(KANNONS)}")
    gname: GunName = gun
    _alongside(sea, gap, KANNONS[gname].facing)
    shooter = sea.ships[SHOOTER]
    if TARGET not in [t.name for t in kannon.grapeshot_targets(sea, shooter, gname)]:
        raise OddsError(f'the target {gap:g}" away is not a grapeshot target for the {gun} kannon (in arc, within 8")')

    def proc(g: Game, sea: Sea) -> Proc:
        yield from kannon.grapeshot_d3(g, sea, sea.ships[SHOOTER], gname, sea.ships[TARGET])

    return solve(Runner(game, sea, proc, [SHOOTER, TARGET]), f"grapeshot (D3 hits) from the {gun} kannon", budget=budget, samples=samples, seed=seed)


def describe_sluggas(desc: Description, gap: float = 3.0, *, budget: int = BUDGET, samples: int = SAMPLES, seed: int = 1) -> Odds:
    """Sluggas at the target alongside, and its return fire (JL-SHOOT-5), through :func:`kannon.sluggas`."""
    game, sea = desc.stage()
    _alongside(sea, gap)

    def proc(g: Game, sea: Sea) -> Proc:
        yield from kannon.sluggas(g, sea, sea.ships[SHOOTER], sea.ships[TARGET])

    return solve(Runner(game, sea, proc, [SHOOTER, TARGET]), "sluggas, and the return fire", budget=budget, samples=samples, seed=seed)


def describe_boarding(desc: Description, gap: float = 2.0, *, budget: int = BUDGET, samples: int = SAMPLES, seed: int = 1) -> BoardingOdds:
    """The shooter boards the target alongside, ``gap`` inches away."""
    game, sea = desc.stage()
    _alongside(sea, gap)
    return boarding_odds(game, SHOOTER, TARGET, sea=sea, budget=budget, samples=samples, seed=seed)


# =========================================================================== the command line

Answer = Odds | KrakOdds | BoardingOdds | ActionOdds


def from_save(path: str, seat: str, action_json: str, *, samples: int = SAMPLES, seed: int = 1, budget: int = BUDGET) -> ActionOdds:
    """``grapeshot odds --save FILE --seat SEAT --action JSON``: the odds of an action in a saved game."""
    from grapeshot.core.actions import decode
    from grapeshot.core.untrusted import MAX_SAVE_BYTES, loads_json, read_text

    game = Game.load(loads_json(read_text(path, path, MAX_SAVE_BYTES), path), source=path)  # each problem a ScenarioError
    try:
        action = decode(loads_json(action_json, "--action"))
    except IllegalAction as err:
        raise OddsError(f"--action: {err}") from None
    return action_odds(game, seat, action, samples=samples, seed=seed, budget=budget)


def from_description(
    *,
    shooter_klan: str = "goffs",
    target_klan: str = "goffs",
    gun: str = "fore",
    shell: str = "krak",
    facing: str = "front",
    rng: float = 20.0,
    torpedo: bool = False,
    hits: int = 1,
    sluggas: bool = False,
    board: bool = False,
    gap: float | None = None,
    ram_strength: int | None = None,
    crash: bool = False,
    rammer_facing: str = "front",
    target_hull_points: int | None = None,
    shooter_hull_points: int | None = None,
    shooter_krew: int | None = None,
    target_krew: int | None = None,
    samples: int = SAMPLES,
    seed: int = 1,
    budget: int = BUDGET,
) -> Answer:
    """``grapeshot odds`` from a short description: a krak shot (default), grapeshot, a torpedo
    that struck, sluggas, a boarding action or a ram, between a shooter and a target."""
    desc = Description(shooter_klan, target_klan, target_hull_points, shooter_hull_points, shooter_krew, target_krew)
    try:
        face = Facing(facing)
        own = Facing(rammer_facing)
    except ValueError:
        raise OddsError(f"facings are {', '.join(f.value for f in Facing)}") from None
    if ram_strength is not None:
        return describe_ram(desc, ram_strength, face, planned=not crash, mover_facing=own)
    if board:
        return describe_boarding(desc, 2.0 if gap is None else gap, budget=budget, samples=samples, seed=seed)
    if sluggas:
        return describe_sluggas(desc, 3.0 if gap is None else gap, budget=budget, samples=samples, seed=seed)
    if torpedo:
        if hits not in (1, 2):
            raise OddsError("a salvo is two torpedoes: --hits 1 or 2")
        return describe_strike(desc, TORPEDO_STRENGTH, face, cause="torpedo", hits=hits)
    if shell == "grapeshot":
        return describe_grapeshot(desc, gun, 4.0 if gap is None else gap, budget=budget, samples=samples, seed=seed)
    if shell != "krak":
        raise OddsError(f"shells are krak and grapeshot, not {shell!r}")
    return describe_krak(desc, gun, face, rng)


VERDICTS = {"penetrating": "penetrates", "glancing": "glances", "none": "fails to penetrate", "saved": "is saved (ramshackle 6+)"}


def _pct(p: float) -> str:
    return f"{100.0 * p:.2f}%"


def _rows(odds: Odds) -> list[tuple[str, str, Fraction]]:
    rows: list[tuple[str, str, Fraction]] = []
    for name in odds.ships:
        lost = odds.hull_points_lost(name)
        if set(lost) != {0}:
            for n, p in lost.items():
                rows.append((name, f"loses {n} hull point{'' if n == 1 else 's'}", p))
        if (p := odds.sunk(name)) > 0:
            rows.append((name, "sunk", p))
        for verdict, p in odds.blows(name).items():
            rows.append((name, f"a blow {VERDICTS.get(verdict, verdict)}", p))
        for result, p in odds.damage_results(name).items():
            rows.append((name, f"damage table: {result}", p))
        killed = odds.krew_killed(name)
        if set(killed) != {0}:
            for n, p in killed.items():
                rows.append((name, f"{n} krew killed", p))
        if (p := odds.captured(name)) > 0:
            rows.append((name, "captured", p))
    rows.extend(("", tag, p) for tag, p in odds.tags().items())
    return rows


def render_odds(console: Any, odds: Odds) -> None:
    """One distribution as a table: fractions and percentages, or estimates with intervals."""
    from rich.table import Table

    how = f"exact ({odds.runs} rule runs)" if odds.exact else f"Monte Carlo estimate over {odds.samples} seeded runs, 95% intervals"
    console.print(f"[bold]{odds.title}[/bold]", highlight=False)
    console.print(f"  {how}", highlight=False)
    if odds.given:
        console.print(f"  given that {odds.given}", highlight=False)
    if odds.note and not odds.exact:
        console.print(f"  {odds.note}", highlight=False)
    console.print(f"  policy: {POLICY}", highlight=False)
    t = Table(show_header=True, header_style="bold")
    t.add_column("ship")
    t.add_column("outcome")
    if odds.exact:
        t.add_column("chance", justify="right")
        t.add_column("%", justify="right")
    else:
        t.add_column("estimate", justify="right")
        t.add_column("95% interval", justify="right")
    for ship, what, p in _rows(odds):
        if odds.exact:
            t.add_row(ship, what, f"{p.numerator}/{p.denominator}", _pct(float(p)))
        else:
            lo, hi = wilson(p, odds.samples)
            t.add_row(ship, what, _pct(float(p)), f"{_pct(lo)} - {_pct(hi)}")
    console.print(t)


def render(console: Any, answer: Answer) -> None:
    """Print any answer of ``grapeshot odds``."""
    from rich.table import Table

    if isinstance(answer, Odds):
        render_odds(console, answer)
    elif isinstance(answer, BoardingOdds):
        render_odds(console, answer.first_round)
        render_odds(console, answer.whole_fight)
    elif isinstance(answer, KrakOdds):
        shots = " (Deff Skulls broadside: D3 shells, each landing on its own; the odds are per shell)" if answer.shots == "D3" else ""
        console.print(
            f"[bold]krak, S{answer.strength}, from {answer.ship}'s {answer.gun} kannon at ({answer.aim[0]:g}, {answer.aim[1]:g}), {answer.range:.1f}\"[/bold]{shots}",
            highlight=False,
        )
        console.print(f"  where it lands: {answer.landing.method}", highlight=False)
        t = Table(show_header=True, header_style="bold")
        t.add_column("lands on")
        t.add_column("chance (numeric)", justify="right")
        t.add_column("costs a hull point", justify="right")
        for name, p in answer.landing.hulls.items():
            t.add_row(name, _pct(p), _pct(answer.hull_point(name)))
        for name, p in answer.landing.models.items():
            t.add_row(name, _pct(p), "")
        t.add_row("open sea", _pct(answer.landing.miss), "")
        console.print(t)
        for _name, (_facing, _armour, odds) in answer.hulls.items():
            render_odds(console, odds)
    else:
        console.print(f"[bold]{answer.ship}[/bold]: {answer.action}", highlight=False)
        if answer.krak is not None:
            render(console, answer.krak)
        if answer.whole is not None:
            render_odds(console, answer.whole)
        for odds in answer.given_hit:
            render_odds(console, odds)
        if answer.boarding is not None:
            render(console, answer.boarding)


__all__ = [
    "BUDGET",
    "DECLINE",
    "POLICIES",
    "POLICY",
    "SAMPLES",
    "TAKE_ON_FAILURE",
    "ActionOdds",
    "Answer",
    "BoardingOdds",
    "Description",
    "KrakOdds",
    "Landing",
    "LazyDice",
    "Odds",
    "OddsError",
    "OverBudget",
    "RerollPolicy",
    "Result",
    "Runner",
    "Sandbox",
    "ShipResult",
    "action_odds",
    "boarding_odds",
    "candidates",
    "clear_cache",
    "clone_state",
    "describe_boarding",
    "describe_grapeshot",
    "describe_krak",
    "describe_ram",
    "describe_sluggas",
    "describe_strike",
    "drive",
    "enumerate_outcomes",
    "from_description",
    "from_save",
    "krak_odds",
    "landing_odds",
    "ram_odds",
    "ram_stage",
    "render",
    "render_odds",
    "scatter_distances",
    "simulate",
    "solve",
    "stage_krak",
    "strike_odds",
    "wilson",
]
