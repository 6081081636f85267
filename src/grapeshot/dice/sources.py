"""The dice sources: seeded (the default), scripted (tests), entered (a person) and enumerated (odds)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol

from grapeshot.dice.expressions import SCATTER_DIE, SCATTER_HIT_FACES, DiceError, DiceExpr, NotEnumerable, Roll
from grapeshot.dice.requests import RollRequest


class DiceSource(Protocol):
    """Anything that can answer a roll request."""

    def roll(self, request: RollRequest) -> Roll: ...


class SeededDice:
    """Pseudo-random dice from a seed: the default source.

    The generator is private to the game; its state is a function of the seed
    and the rolls made so far, so a saved game (seed + actions) replays exactly.
    Every die but the D3 is drawn as a D6 side and read through its :class:`~grapeshot.dice.Die`
    (the artillery die's third side is its 6); a scatter arrow's direction is drawn right after
    its side.
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
        kind = expr.kind
        if kind == "sum":
            if expr.count == 1:
                f = face(expr.sides)
                return Roll(str(expr), (f,), f + expr.plus)
            faces = tuple(face(expr.sides) for _ in range(expr.count))
            return Roll(str(expr), faces, sum(faces) + expr.plus)
        if kind == "tens":
            low, high = sorted(faces := (face(6), face(6)))
            return Roll("2D6 tens", faces, 10 * low + high)
        if kind == "scatter":
            f = face(6)
            return Roll("scatter", (f,), 0, None if f <= SCATTER_HIT_FACES else self._rand() * 360.0)
        read: list[int] = []
        direction: float | None = None
        for die in expr.dice():
            f = face(6)
            if die is SCATTER_DIE:
                read.append(f)
                if f > SCATTER_HIT_FACES:
                    direction = self._rand() * 360.0
            else:
                read.append(die.sides[f - 1])
        return Roll(str(expr), tuple(read), expr.read_total(read), direction)

    def state_digest(self) -> str:
        """A short fingerprint of the generator state (saved with a game to check replays)."""
        return hashlib.sha256(repr(self._rng.getstate()).encode()).hexdigest()[:16]

    def snapshot(self) -> object:
        """The generator's state now, to be given to :meth:`restored` (game checkpoints)."""
        return (self._rng.getstate(), self.count)

    def restored(self, snapshot: object) -> SeededDice:
        """New dice of the same seed whose generator stands where :meth:`snapshot` found it."""
        assert isinstance(snapshot, tuple)
        dice = SeededDice(self.seed)
        dice._rng.setstate(snapshot[0])
        dice.count = int(snapshot[1])
        return dice


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

    def snapshot(self) -> object:
        """Where these dice stand, to be given to :meth:`restored` (game checkpoints)."""
        return (self.used, None if self.then is None else self.then.snapshot())

    def restored(self, snapshot: object) -> ContinuedDice:
        """New dice with the same rolls on record and seed, standing where :meth:`snapshot` found them."""
        assert isinstance(snapshot, tuple)
        used, then = snapshot
        dice = ContinuedDice(self.given, None if self.then is None or then is None else self.then.restored(then))
        dice.used = int(used)
        return dice


ScriptItem = int | str | float


class ScriptedDice:
    """Dice that come up as a test says: a list consumed one die at a time.

    Each item is a face (``int``: the number shown), a symbol's name (``"misfire"`` for the
    artillery die, ``"jam"`` for a sustained-fire die) or, for the scatter die, ``"hit"`` or an
    arrow direction in degrees given as a ``float`` (``90.0``).  Running out raises
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
        faces: list[int] = []
        direction: float | None = None
        for die in expr.dice():
            item = self._next(request)
            if die is SCATTER_DIE:
                if item == "hit":
                    faces.append(1)
                elif isinstance(item, float):
                    faces.append(6)
                    direction = item
                else:
                    raise DiceError(f"scripted scatter die must be 'hit' or a float angle, got {item!r} for {request.purpose!r}")
            elif die.symbol is not None and item == die.symbol:
                faces.append(0)
            elif isinstance(item, int):
                faces.append(item)
            else:
                also = f" or {die.symbol!r}" if die.symbol else ""
                raise DiceError(f"scripted face for {expr} ({request.purpose!r}) must be an int{also}, got {item!r}")
        try:
            return expr.result(faces, direction)
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
        expr: DiceExpr = request.expr
        outcomes = expr.outcomes()
        depth = len(self.taken)
        choice = self.path[depth] if depth < len(self.path) else 0
        faces, weight = outcomes[choice]
        self.taken.append((choice, len(outcomes), weight))
        self.totals.append(expr.weight)
        if expr.arrow(faces):
            raise NotEnumerable(f"{request.purpose!r} needs a scatter direction, which is continuous")
        return expr.result(faces)


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
