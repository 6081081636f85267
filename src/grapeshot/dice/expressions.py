"""Dice expressions and rolls: what a rule asks to be rolled, and what came up.

An expression is a row of dice of known kinds (:class:`Die`) read in one of a few ways
(its ``kind``).  Each die records one integer face; a face that shows a symbol instead of
a number (the artillery die's misfire, the sustained-fire die's jam) is recorded as ``0``,
so it adds nothing to a total.  The scatter die is the exception: it records the side that
came up (1-6, the "hit" symbol on sides 1 and 2), because what a rule reads off it is "hit"
or an arrow's direction, never a number.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import product
from typing import Literal

ExprKind = Literal["sum", "tens", "scatter", "artillery", "sustained", "scatter+artillery"]
KINDS: tuple[ExprKind, ...] = ("sum", "tens", "scatter", "artillery", "sustained", "scatter+artillery")

#: Sides 1 and 2 of the scatter die show the "hit" symbol; 3-6 show an arrow.
SCATTER_HIT_FACES = 2
#: The face recorded for the artillery die's misfire symbol (it has no number).
MISFIRE = 0
#: The face recorded for the sustained-fire die's jam symbol (it has no number).
JAM = 0


class DiceError(ValueError):
    """A roll could not be made: bad expression, impossible faces, no dice left."""


class NotEnumerable(DiceError):
    """The roll has a continuous outcome (a scatter direction) and cannot be enumerated."""


@dataclass(frozen=True, slots=True)
class Die:
    """One kind of physical die: the face recorded for each of its sides.

    ``symbol`` names the side recorded as ``0`` (what a person types for it); ``counts``
    says whether its face adds to a roll's total (the scatter die's does not)."""

    name: str
    sides: tuple[int, ...]
    symbol: str | None = None
    counts: bool = True

    @property
    def faces(self) -> frozenset[int]:
        """The faces that may be recorded for this die."""
        return frozenset(self.sides)

    @property
    def outcomes(self) -> tuple[tuple[int, int], ...]:
        """Each distinct face with the number of sides that show it (its integer weight).

        The scatter die enumerates to its two readings: "hit" (side 1, weight 2) and an arrow
        (side 6, weight 4); which hit or arrow side came up is never read."""
        if self is SCATTER_DIE:
            return ((1, SCATTER_HIT_FACES), (6, len(self.sides) - SCATTER_HIT_FACES))
        return tuple(Counter(self.sides).items())

    def describe_faces(self) -> str:
        """The faces in words, for error messages."""
        numbers = ", ".join(str(f) for f in sorted(set(self.sides)) if f != 0 or self.symbol is None)
        return f"{numbers}, or 0 for {self.symbol}" if self.symbol else f"sides {min(self.sides)}-{max(self.sides)}"


D6_DIE = Die("D6", (1, 2, 3, 4, 5, 6))
#: A D3 is a D6 read 1-2 -> 1, 3-4 -> 2, 5-6 -> 3; its face is recorded as the D3 value.
D3_DIE = Die("D3", (1, 2, 3))
SCATTER_DIE = Die("scatter die", (1, 2, 3, 4, 5, 6), counts=False)
#: The artillery die: 2, 4, 6, 8, 10 and the misfire symbol.
ARTILLERY_DIE = Die("artillery die", (2, 4, 6, 8, 10, MISFIRE), "misfire")
#: The sustained-fire die: 1, 1, 2, 2, 3 and the jam symbol.
SUSTAINED_DIE = Die("sustained-fire die", (1, 1, 2, 2, 3, JAM), "jam")

_HINTS = {
    "scatter": "enter the scatter die as 'hit' or 'arrow DEGREES' (0 = +x, counter-clockwise)",
    "artillery": "enter the artillery die as 2, 4, 6, 8, 10 or 'misfire'",
    "sustained": "enter each sustained-fire die as 1, 2, 3 or 'jam' (for example '2 jam')",
    "scatter+artillery": "enter the scatter die, then the artillery die: 'hit 6', 'hit misfire', 'arrow 135 4'",
}


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A dice expression: ``count`` dice plus ``plus``, read as its ``kind`` says.

    ``sum``
        ``count`` D6 or D3 (``sides``) plus a constant: ``D6``, ``3D6``, ``24+2D6``, ``D3+1``.
    ``tens``
        Two D6, the lower read as tens and the higher as units (11, 12, ..., 66).
    ``scatter``
        The scatter die: "hit" (no scatter) or an arrow pointing in a direction; total 0.
    ``artillery``
        The artillery die: its number (2-10), or 0 and :attr:`Roll.misfire` on a misfire.
    ``sustained``
        ``count`` sustained-fire dice (``2sf``): the total is the sum of the numbers shown;
        each die is read alone, so a jam adds nothing and the other dice still count, and
        :attr:`Roll.jams` says how many jammed.  What a jam means (the weapon jams, or in
        Wooden Ships a critical hit) is the rule's business.
    ``scatter+artillery``
        The scatter die and the artillery die thrown together (faces: the scatter side, then
        the artillery face): direction from the arrow, total from the artillery die.
    """

    count: int
    sides: int = 6
    plus: int = 0
    kind: ExprKind = "sum"

    def __post_init__(self) -> None:
        kind = self.kind
        if kind == "sum":
            if self.count < 1 or self.sides not in (3, 6):
                raise DiceError(f"unsupported dice expression {self.count}D{self.sides}")
        elif kind not in KINDS:
            raise DiceError(f"unknown kind of dice expression {kind!r} ({', '.join(KINDS)})")
        elif kind == "tens":
            if (self.count, self.sides, self.plus) != (2, 6, 0):
                raise DiceError("'tens' rolls are always two D6")
        elif kind == "sustained":
            if self.count < 1 or (self.sides, self.plus) != (6, 0):
                raise DiceError("a sustained-fire roll is one or more sustained-fire dice, with nothing added")
        elif (self.count, self.sides, self.plus) != (2 if kind == "scatter+artillery" else 1, 6, 0):
            raise DiceError(
                f"the {kind} die is a single die" if kind != "scatter+artillery" else "'scatter+artillery' is one scatter die and one artillery die"
            )

    def __str__(self) -> str:
        kind = self.kind
        if kind == "tens":
            return "2D6 tens"
        if kind in ("scatter", "artillery", "scatter+artillery"):
            return kind
        if kind == "sustained":
            return f"{'' if self.count == 1 else self.count}sf"
        dice = f"{'' if self.count == 1 else self.count}D{self.sides}"
        if self.plus > 0:
            return f"{dice}+{self.plus}"
        if self.plus < 0:
            return f"{dice}{self.plus}"
        return dice

    def dice(self) -> tuple[Die, ...]:
        """The die at each position of the faces."""
        return _dice(self)

    @property
    def minimum(self) -> int:
        if self.kind == "tens":
            return 11
        if self.kind == "sum":
            return self.count + self.plus
        return 0

    @property
    def maximum(self) -> int:
        kind = self.kind
        if kind == "tens":
            return 66
        if kind == "sum":
            return self.count * self.sides + self.plus
        return sum(max(d.sides) for d in self.dice() if d.counts)

    def read_total(self, faces: Sequence[int]) -> int:
        """The value read off these faces (not checked: see :meth:`total`)."""
        kind = self.kind
        if kind == "tens":
            low, high = sorted(faces)
            return 10 * low + high
        if kind == "sum" or kind == "sustained":
            return sum(faces) + self.plus
        if kind == "artillery":
            return faces[0]
        if kind == "scatter+artillery":
            return faces[1]
        return 0

    def total(self, faces: Sequence[int]) -> int:
        """The value of the roll with these faces (validated)."""
        self.check_faces(faces)
        return self.read_total(faces)

    def check_faces(self, faces: Sequence[int]) -> None:
        """Raise :class:`DiceError` unless ``faces`` can come up on these dice."""
        if len(faces) != self.count:
            raise DiceError(f"{self} needs {self.count} face(s), got {len(faces)}")
        for die, face in zip(self.dice(), faces, strict=True):
            try:
                # operator.index also takes the odds engine's stand-ins for ints; floats and text fail
                value = None if isinstance(face, bool) else operator.index(face)
            except TypeError:
                value = None
            if value is None or value not in die.faces:
                if die is D6_DIE or die is D3_DIE:
                    raise DiceError(f"{face!r} cannot come up on a D{self.sides} (faces 1-{self.sides})")
                raise DiceError(f"{face!r} cannot come up on the {die.name} ({die.describe_faces()})")

    def arrow(self, faces: Sequence[int]) -> bool:
        """These faces include a scatter die showing an arrow (whose direction is continuous)."""
        return any(d is SCATTER_DIE and f > SCATTER_HIT_FACES for d, f in zip(self.dice(), faces, strict=True))

    def result(self, faces: Sequence[int], direction: float | None = None) -> Roll:
        """Build the :class:`Roll` for these faces (and the arrow's direction, if a scatter die shows one)."""
        faces = tuple(faces)
        total = self.total(faces)
        if SCATTER_DIE in self.dice():
            arrow = self.arrow(faces)
            if not arrow and direction is not None:
                raise DiceError("a scatter 'hit' has no direction")
            if arrow and direction is None:
                raise DiceError("a scatter arrow needs a direction")
            if direction is not None:
                direction = direction % 360.0
            return Roll(str(self), faces, total, direction)
        return Roll(str(self), faces, total, None)

    def one_die(self, index: int = 0) -> DiceExpr:
        """The expression for re-rolling the die at ``index`` of this one on its own."""
        return _ONE_DIE[self.dice()[index].name]

    def outcomes(self) -> list[tuple[tuple[int, ...], int]]:
        """Every face tuple with its integer weight, for exact enumeration.

        A scatter die enumerates to its two readings ("hit" weight 2, arrow weight 4), but an
        arrow's direction is continuous: callers that need the direction get
        :class:`NotEnumerable` from :class:`~grapeshot.dice.EnumeratedDice`.
        """
        return list(_outcomes(self))

    @property
    def weight(self) -> int:
        """The total weight of :meth:`outcomes` (the number of ways the dice can fall)."""
        n = 1
        for d in self.dice():
            n *= len(d.sides)
        return n

    @property
    def hint(self) -> str:
        """How a person types what these dice show (for the prompt that asks)."""
        return _HINTS.get(self.kind, "enter each die's face, separated by spaces (for example 3 5)")

    def parse_faces(self, text: str) -> Roll:
        """Read faces typed by a person: "3 5", "3,5", "hit", "arrow 135", "misfire",
        "2 jam", "arrow 90 6"."""
        words = [w for w in re.split(r"[\s,;]+", text.strip().lower()) if w]
        if self.kind in ("sum", "tens"):
            try:
                faces = tuple(int(w) for w in words)
            except ValueError:
                raise DiceError(f"faces must be whole numbers, got {text!r}") from None
            return self.result(faces)
        hint = _HINTS[self.kind]
        faces_read: list[int] = []
        direction: float | None = None
        pos = 0
        for die in self.dice():
            word = words[pos] if pos < len(words) else None
            pos += 1
            if die is SCATTER_DIE:
                if word == "hit":
                    faces_read.append(1)
                elif word == "arrow" and pos < len(words):
                    direction = _angle(words[pos])
                    pos += 1
                    faces_read.append(6)
                else:
                    raise DiceError(hint)
            elif word is not None and word == die.symbol:
                faces_read.append(0)
            else:
                try:
                    faces_read.append(int(word or ""))
                except ValueError:
                    raise DiceError(f"{hint}; got {text!r}") from None
        if pos != len(words):
            raise DiceError(f"{hint}; got {text!r}")
        return self.result(faces_read, direction)


def _angle(word: str) -> float:
    try:
        angle = float(word)
    except ValueError:
        raise DiceError(f"arrow direction {word!r} is not a number of degrees") from None
    if not 0.0 <= angle < 360.0:
        raise DiceError(f"arrow direction {angle} is outside 0-360 degrees")
    return angle


@lru_cache(maxsize=256)
def _dice(expr: DiceExpr) -> tuple[Die, ...]:
    kind = expr.kind
    if kind == "sum":
        return (D6_DIE if expr.sides == 6 else D3_DIE,) * expr.count
    if kind == "tens":
        return (D6_DIE, D6_DIE)
    if kind == "scatter":
        return (SCATTER_DIE,)
    if kind == "artillery":
        return (ARTILLERY_DIE,)
    if kind == "sustained":
        return (SUSTAINED_DIE,) * expr.count
    return (SCATTER_DIE, ARTILLERY_DIE)


@lru_cache(maxsize=256)
def _outcomes(expr: DiceExpr) -> tuple[tuple[tuple[int, ...], int], ...]:
    out: list[tuple[tuple[int, ...], int]] = []
    for combo in product(*(d.outcomes for d in expr.dice())):
        weight = 1
        for _, w in combo:
            weight *= w
        out.append((tuple(f for f, _ in combo), weight))
    return tuple(out)


_SUM = re.compile(r"^(?:(?P<k1>\d+)\+)?(?P<n>\d*)D(?P<s>[36])(?:(?P<sign>[+-])(?P<k2>\d+))?$")
_SUSTAINED = re.compile(r"^(?P<n>\d*)SF$")


def parse(text: str) -> DiceExpr:
    """Parse an expression written as in the rules: ``D3``, ``2D6``, ``24+2D6``, ``D3+1``,
    ``2D6 tens``, ``scatter``, ``artillery``, ``2sf`` or ``scatter+artillery``."""
    return _parse(text.strip().upper().replace(" ", ""), text)


@lru_cache(maxsize=256)
def _parse(t: str, text: str) -> DiceExpr:
    named = _NAMED.get(t)
    if named is not None:
        return named
    m = _SUSTAINED.match(t)
    if m:
        return DiceExpr(int(m["n"] or 1), kind="sustained")
    m = _SUM.match(t)
    if not m:
        raise DiceError(f"not a dice expression: {text!r} (try D6, 2D6+3, D3, '2D6 tens', 'scatter', 'artillery', '2sf', 'scatter+artillery')")
    plus = int(m["k1"] or 0) + (int(m["k2"]) if m["k2"] else 0) * (-1 if m["sign"] == "-" else 1)
    return DiceExpr(int(m["n"] or 1), int(m["s"]), plus)


D3 = DiceExpr(1, 3)
D6 = DiceExpr(1, 6)
TWO_D6 = DiceExpr(2, 6)
TENS = DiceExpr(2, 6, 0, "tens")
SCATTER = DiceExpr(1, 6, 0, "scatter")
ARTILLERY = DiceExpr(1, 6, 0, "artillery")
SUSTAINED = DiceExpr(1, 6, 0, "sustained")
SCATTER_ARTILLERY = DiceExpr(2, 6, 0, "scatter+artillery")

_NAMED = {
    "SCATTER": SCATTER,
    "2D6TENS": TENS,
    "D66": TENS,
    "ARTILLERY": ARTILLERY,
    "SCATTER+ARTILLERY": SCATTER_ARTILLERY,
    "ARTILLERY+SCATTER": SCATTER_ARTILLERY,
}
_ONE_DIE = {D6_DIE.name: D6, D3_DIE.name: D3, SCATTER_DIE.name: SCATTER, ARTILLERY_DIE.name: ARTILLERY, SUSTAINED_DIE.name: SUSTAINED}


def nd6(n: int, plus: int = 0) -> DiceExpr:
    return DiceExpr(n, 6, plus)


def sustained(n: int) -> DiceExpr:
    """``n`` sustained-fire dice (``2sf``)."""
    return DiceExpr(n, kind="sustained")


@dataclass(frozen=True, slots=True)
class Roll:
    """The outcome of one roll: the faces as they came up and the value read from them.

    ``direction`` is set only when a scatter die shows an arrow (degrees, 0 = +x,
    counter-clockwise).
    """

    expr: str
    faces: tuple[int, ...]
    total: int
    direction: float | None = None

    def count(self, low: int, high: int | None = None) -> int:
        """How many of the dice show ``low`` or more (and at most ``high``): a pool read by its
        successes (``r.count(4)``: the 4s and better; ``r.count(1, 1)``: the 1s).

        Rules read a pool of dice through this rather than face by face: the odds engine then
        tells apart only the counts that are used (a count never used is never read)."""
        return sum(1 for f in self.faces if f >= low and (high is None or f <= high))

    @property
    def is_hit(self) -> bool:
        """For a roll with the scatter die: the "hit" symbol came up (no scatter)."""
        return self.direction is None

    @property
    def misfire(self) -> bool:
        """For a roll with the artillery die: it showed the misfire symbol."""
        return any(f == MISFIRE for d, f in zip(parse(self.expr).dice(), self.faces, strict=True) if d is ARTILLERY_DIE)

    @property
    def jams(self) -> int:
        """For sustained-fire dice: how many showed the jam symbol."""
        return sum(1 for d, f in zip(parse(self.expr).dice(), self.faces, strict=True) if d is SUSTAINED_DIE and f == JAM)

    def with_face(self, index: int, face: int, direction: float | None = None) -> Roll:
        """This roll with the die at ``index`` rolled again (``direction``: the new arrow's, when
        that die is a scatter die; any other die keeps the roll's direction)."""
        expr = parse(self.expr)
        faces = list(self.faces)
        faces[index] = face
        if expr.dice()[index] is not SCATTER_DIE:
            direction = self.direction
        new = expr.result(faces, direction)
        return replace(self, faces=new.faces, total=new.total, direction=new.direction)
