"""Dice: expressions, results, and the sources that produce them.

Every random number in a game comes from one injected :class:`DiceSource`.
Rule modules never import :mod:`random`; they describe a roll with a
:class:`DiceExpr` and ask the game for it, so the same rule code can be
*sampled* (seeded dice), *scripted* (tests), *entered* by a person rolling
physical dice (companion play) or *enumerated* with exact weights (odds).

Expressions (parse/format pairs, see :func:`parse`):

``D3``, ``D6``, ``3D6``, ``24+2D6``, ``D3+1``
    Sums of dice plus a constant.  A D3 is a D6 read as 1-2 -> 1, 3-4 -> 2,
    5-6 -> 3; its face is recorded as the D3 value.
``2D6 tens``
    Two D6; the lower die is read as tens and the higher as units
    (11, 12, ..., 66: 21 results).
``scatter``
    The scatter die: two "hit" faces (no scatter) and four arrow faces; an
    arrow points in a direction uniformly at random over the table.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Literal, Protocol

ExprKind = Literal["sum", "tens", "scatter"]

#: Faces 1 and 2 of the scatter die show the "hit" symbol.
SCATTER_HIT_FACES = 2


class DiceError(ValueError):
    """A roll could not be made: bad expression, impossible faces, no dice left."""


class NotEnumerable(DiceError):
    """The roll has a continuous outcome (a scatter direction) and cannot be enumerated."""


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A dice expression: ``count`` dice of ``sides`` (3 or 6) plus ``plus``."""

    count: int
    sides: int = 6
    plus: int = 0
    kind: ExprKind = "sum"

    def __post_init__(self) -> None:
        if self.kind == "sum":
            if self.count < 1 or self.sides not in (3, 6):
                raise DiceError(f"unsupported dice expression {self.count}D{self.sides}")
        elif self.kind == "tens":
            if (self.count, self.sides, self.plus) != (2, 6, 0):
                raise DiceError("'tens' rolls are always two D6")
        elif self.kind != "scatter":
            raise DiceError(f"unknown kind of dice expression {self.kind!r} (sum, tens or scatter)")
        elif (self.count, self.sides, self.plus) != (1, 6, 0):
            raise DiceError("the scatter die is a single die")

    def __str__(self) -> str:
        if self.kind == "tens":
            return "2D6 tens"
        if self.kind == "scatter":
            return "scatter"
        dice = f"{'' if self.count == 1 else self.count}D{self.sides}"
        if self.plus > 0:
            return f"{dice}+{self.plus}"
        if self.plus < 0:
            return f"{dice}{self.plus}"
        return dice

    @property
    def minimum(self) -> int:
        return 11 if self.kind == "tens" else (0 if self.kind == "scatter" else self.count + self.plus)

    @property
    def maximum(self) -> int:
        if self.kind == "tens":
            return 66
        if self.kind == "scatter":
            return 0
        return self.count * self.sides + self.plus

    def total(self, faces: Sequence[int]) -> int:
        """The value of the roll with these faces (validated)."""
        self.check_faces(faces)
        if self.kind == "tens":
            low, high = sorted(faces)
            return 10 * low + high
        if self.kind == "scatter":
            return 0
        return sum(faces) + self.plus

    def check_faces(self, faces: Sequence[int]) -> None:
        """Raise :class:`DiceError` unless ``faces`` can come up on these dice."""
        if len(faces) != self.count:
            raise DiceError(f"{self} needs {self.count} face(s), got {len(faces)}")
        for face in faces:
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= self.sides:
                raise DiceError(f"{face!r} cannot come up on a D{self.sides} (faces 1-{self.sides})")

    def result(self, faces: Sequence[int], direction: float | None = None) -> Roll:
        """Build the :class:`Roll` for these faces (and arrow direction for scatter)."""
        faces = tuple(faces)
        total = self.total(faces)
        if self.kind == "scatter":
            hit = faces[0] <= SCATTER_HIT_FACES
            if hit and direction is not None:
                raise DiceError("a scatter 'hit' has no direction")
            if not hit and direction is None:
                raise DiceError("a scatter arrow needs a direction")
            if direction is not None:
                direction = direction % 360.0
            return Roll(str(self), faces, total, direction)
        return Roll(str(self), faces, total, None)

    def one_die(self) -> DiceExpr:
        """The expression for re-rolling a single die of this one."""
        if self.kind == "sum":
            return DiceExpr(1, self.sides)
        return SCATTER if self.kind == "scatter" else D6

    def outcomes(self) -> list[tuple[tuple[int, ...], int]]:
        """Every face tuple with its integer weight, for exact enumeration.

        A scatter die enumerates to its two kinds ("hit" weight 2, arrow weight 4)
        but an arrow's direction is continuous: callers that need the direction
        get :class:`NotEnumerable` from :class:`EnumeratedDice`.
        """
        if self.kind == "scatter":
            return [((1,), SCATTER_HIT_FACES), ((6,), 6 - SCATTER_HIT_FACES)]
        return [(faces, 1) for faces in product(range(1, self.sides + 1), repeat=self.count)]

    def parse_faces(self, text: str) -> Roll:
        """Read faces typed by a person ("3 5", "3,5", "hit", "arrow 135")."""
        words = [w for w in re.split(r"[\s,;]+", text.strip().lower()) if w]
        if self.kind == "scatter":
            if words == ["hit"]:
                return self.result((1,))
            if len(words) == 2 and words[0] == "arrow":
                try:
                    angle = float(words[1])
                except ValueError:
                    raise DiceError(f"arrow direction {words[1]!r} is not a number of degrees") from None
                if not 0.0 <= angle < 360.0:
                    raise DiceError(f"arrow direction {angle} is outside 0-360 degrees")
                return self.result((6,), angle)
            raise DiceError("enter the scatter die as 'hit' or 'arrow DEGREES' (0 = +x, counter-clockwise)")
        try:
            faces = tuple(int(w) for w in words)
        except ValueError:
            raise DiceError(f"faces must be whole numbers, got {text!r}") from None
        return self.result(faces)


_SUM = re.compile(r"^(?:(?P<k1>\d+)\+)?(?P<n>\d*)D(?P<s>[36])(?:(?P<sign>[+-])(?P<k2>\d+))?$")


def parse(text: str) -> DiceExpr:
    """Parse an expression written as in the rules: ``D3``, ``2D6``, ``24+2D6``, ``D3+1``,
    ``2D6 tens`` or ``scatter``."""
    t = text.strip().upper().replace(" ", "")
    if t == "SCATTER":
        return SCATTER
    if t in ("2D6TENS", "D66"):
        return TENS
    m = _SUM.match(t)
    if not m:
        raise DiceError(f"not a dice expression: {text!r} (try D6, 2D6+3, D3, '2D6 tens', 'scatter')")
    plus = int(m["k1"] or 0) + (int(m["k2"]) if m["k2"] else 0) * (-1 if m["sign"] == "-" else 1)
    return DiceExpr(int(m["n"] or 1), int(m["s"]), plus)


D3 = DiceExpr(1, 3)
D6 = DiceExpr(1, 6)
TWO_D6 = DiceExpr(2, 6)
TENS = DiceExpr(2, 6, 0, "tens")
SCATTER = DiceExpr(1, 6, 0, "scatter")


def nd6(n: int, plus: int = 0) -> DiceExpr:
    return DiceExpr(n, 6, plus)


@dataclass(frozen=True, slots=True)
class Roll:
    """The outcome of one roll: the faces as they came up and the value read from them.

    ``direction`` is set only for a scatter die showing an arrow (degrees,
    0 = +x, counter-clockwise).
    """

    expr: str
    faces: tuple[int, ...]
    total: int
    direction: float | None = None

    @property
    def is_hit(self) -> bool:
        """For the scatter die: the "hit" symbol came up (no scatter)."""
        return self.direction is None

    def with_face(self, index: int, face: int, direction: float | None = None) -> Roll:
        """This roll with one die re-rolled (the Freebooterz re-roll)."""
        expr = parse(self.expr)
        faces = list(self.faces)
        faces[index] = face
        new = expr.result(faces, direction)
        return replace(self, faces=new.faces, total=new.total, direction=new.direction)


@dataclass(frozen=True, slots=True)
class RollRequest:
    """What a rule asks for: the expression, why, under which rule, and whose die it is."""

    expr: DiceExpr
    purpose: str
    rule: str
    seat: str | None = None
    #: the model or ship whose die this is (who may re-roll it)
    actor: str | None = None
    #: which way is good for the roller: "high", "low", or None when no face is better
    better: str | None = None


class DiceSource(Protocol):
    """Anything that can answer a roll request."""

    def roll(self, request: RollRequest) -> Roll: ...


class SeededDice:
    """Pseudo-random dice from a seed: the default source.

    The generator is private to the game; its state is a function of the seed
    and the rolls made so far, so a saved game (seed + actions) replays exactly.
    """

    __slots__ = ("_bits", "_rand", "_rng", "count", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits
        self._rand = self._rng.random
        self.count = 0

    def face(self, sides: int) -> int:
        bits = self._bits
        if sides == 6:
            v = bits(3)
            while v >= 6:
                v = bits(3)
            return v + 1
        v = bits(2)
        while v >= 3:
            v = bits(2)
        return v + 1

    def roll(self, request: RollRequest) -> Roll:
        expr = request.expr
        self.count += 1
        face = self.face
        if expr.kind == "scatter":
            f = face(6)
            return Roll("scatter", (f,), 0, None if f <= SCATTER_HIT_FACES else self._rand() * 360.0)
        if expr.count == 1:
            f = face(expr.sides)
            return Roll(str(expr), (f,), f + expr.plus)
        faces = tuple(face(expr.sides) for _ in range(expr.count))
        if expr.kind == "tens":
            low, high = sorted(faces)
            return Roll("2D6 tens", faces, 10 * low + high)
        return Roll(str(expr), faces, sum(faces) + expr.plus)

    def state_digest(self) -> str:
        """A short fingerprint of the generator state (saved with a game to check replays)."""
        import hashlib

        return hashlib.sha256(repr(self._rng.getstate()).encode()).hexdigest()[:16]


class ContinuedDice:
    """The dice of a game rebuilt from rolls on record rather than from its seed alone.

    A save taken while a game runs holds the rolls made so far instead of the seed, which stays
    secret until the game ends (else a player could rebuild the game and see every roll to
    come).  Such a save replays from ``given``, each roll checked against the one the rules ask
    for; past them it rolls ``then`` (a continued game's own new seed) or, without one, refuses:
    the rest of that game's dice are not known here.
    """

    __slots__ = ("given", "then", "used")

    def __init__(self, given: Sequence[Roll], then: SeededDice | None) -> None:
        self.given = tuple(given)
        self.then = then
        self.used = 0

    def roll(self, request: RollRequest) -> Roll:
        n = self.used
        if n < len(self.given):
            r = self.given[n]
            if r.expr != str(request.expr):
                raise DiceError(f"roll {n} on record is a {r.expr} roll, but the rules ask for {request.expr} ({request.purpose})")
            self.used = n + 1
            return r
        if self.then is None:
            raise DiceError(
                f"roll {n} ({request.purpose}) is not on record: the dice of this game beyond its {len(self.given)} recorded rolls are secret until it ends"
            )
        self.used = n + 1
        return self.then.roll(request)

    def state_digest(self) -> str | None:
        """The fingerprint of the new seed's generator (None without one)."""
        return None if self.then is None else self.then.state_digest()


ScriptItem = int | str | float


class ScriptedDice:
    """Dice that come up as a test says: a list consumed one die at a time.

    Each item is a face (``int``) or, for the scatter die, ``"hit"`` or an arrow
    direction in degrees given as a ``float`` (``90.0``).  Running out raises
    :class:`DiceError` naming the roll that wanted a value.
    """

    def __init__(self, script: Iterable[ScriptItem]) -> None:
        self._items: list[ScriptItem] = list(script)
        self._pos = 0
        self.requests: list[RollRequest] = []

    @property
    def remaining(self) -> int:
        return len(self._items) - self._pos

    def _next(self, request: RollRequest) -> ScriptItem:
        if self._pos >= len(self._items):
            raise DiceError(f"scripted dice ran out at roll #{len(self.requests)}: {request.expr} for {request.purpose!r} ({request.rule})")
        item = self._items[self._pos]
        self._pos += 1
        return item

    def roll(self, request: RollRequest) -> Roll:
        self.requests.append(request)
        expr = request.expr
        if expr.kind == "scatter":
            item = self._next(request)
            if item == "hit":
                return expr.result((1,))
            if isinstance(item, float):
                return expr.result((6,), item)
            raise DiceError(f"scripted scatter die must be 'hit' or a float angle, got {item!r} for {request.purpose!r}")
        faces: list[int] = []
        for _ in range(expr.count):
            item = self._next(request)
            if not isinstance(item, int):
                raise DiceError(f"scripted face for {expr} ({request.purpose!r}) must be an int, got {item!r}")
            faces.append(item)
        try:
            return expr.result(faces)
        except DiceError as err:
            raise DiceError(f"scripted roll for {request.purpose!r} ({request.rule}): {err}") from None


class EnteredDice:
    """Physical dice: a person rolls and types what came up.

    ``ask`` is shown the request (expression, purpose, rule) and returns the
    text typed; impossible faces are rejected with the reason and asked again,
    up to ``attempts`` times.
    """

    def __init__(self, ask: Callable[[RollRequest, str | None], str], attempts: int = 5) -> None:
        self._ask = ask
        self._attempts = attempts

    def roll(self, request: RollRequest) -> Roll:
        problem: str | None = None
        for _ in range(self._attempts):
            text = self._ask(request, problem)
            try:
                return request.expr.parse_faces(text)
            except DiceError as err:
                problem = str(err)
        raise DiceError(f"no valid entry for {request.expr} ({request.purpose!r}) after {self._attempts} tries: {problem}")


class EnumeratedDice:
    """Dice that follow a chosen path through every roll's outcomes.

    Exact odds run a rule once per path: the first run takes outcome 0 of every
    roll and records how many outcomes each roll had; :func:`enumerate_paths`
    then walks every combination.  A path's probability is the product of its
    outcome weights over each roll's total weight, as an exact fraction.
    """

    def __init__(self, path: Sequence[int] = ()) -> None:
        self.path = list(path)
        self.taken: list[tuple[int, int, int]] = []  # (choice, n_outcomes, weight); total weight separate
        self.totals: list[int] = []

    def roll(self, request: RollRequest) -> Roll:
        outcomes = request.expr.outcomes()
        depth = len(self.taken)
        choice = self.path[depth] if depth < len(self.path) else 0
        faces, weight = outcomes[choice]
        self.taken.append((choice, len(outcomes), weight))
        self.totals.append(sum(w for _, w in outcomes))
        if request.expr.kind == "scatter" and faces[0] > SCATTER_HIT_FACES:
            raise NotEnumerable(f"{request.purpose!r} needs a scatter direction, which is continuous")
        return request.expr.result(faces)


def enumerate_paths(run: Callable[[EnumeratedDice], object]) -> Iterator[tuple[object, int, int]]:
    """Run ``run`` along every dice path; yield ``(result, weight, total_weight)``.

    The probability of each result is ``weight / total_weight`` (integers, so
    callers build exact :class:`fractions.Fraction` values).
    """
    path: list[int] = []
    while True:
        dice = EnumeratedDice(path)
        result = run(dice)
        weight = total = 1
        for (_, _, w), t in zip(dice.taken, dice.totals, strict=True):
            weight *= w
            total *= t
        yield result, weight, total
        # next path in depth-first order: bump the deepest roll that has outcomes left
        taken = dice.taken
        k = len(taken) - 1
        while k >= 0 and taken[k][0] + 1 >= taken[k][1]:
            k -= 1
        if k < 0:
            return
        path = [c for c, _, _ in taken[:k]] + [taken[k][0] + 1]
