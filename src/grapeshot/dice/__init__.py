"""Dice: expressions, results, the sources that produce them, and re-rolls granted by a rule.

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
``artillery``
    The artillery die: 2, 4, 6, 8, 10 or misfire (recorded as 0; :attr:`Roll.misfire`).
``sf``, ``2sf``
    Sustained-fire dice: 1, 1, 2, 2, 3 or jam (recorded as 0; :attr:`Roll.jams`); the total
    is the sum of the numbers shown.
``scatter+artillery``
    Both thrown together: where a shot goes (hit, or an arrow) and how far (or a misfire).

The package has four parts, and imports nothing else of grapeshot: ``expressions`` (the dice,
:class:`DiceExpr`, :func:`parse`, :class:`Roll`), ``requests`` (:class:`RollRequest`: what a
rule asks for and what passing means), ``rerolls`` (:class:`RerollGrant` and how a re-roll is
made) and ``sources``.
"""

from grapeshot.dice.expressions import (
    ARTILLERY,
    ARTILLERY_DIE,
    D3,
    D3_DIE,
    D6,
    D6_DIE,
    JAM,
    KINDS,
    MISFIRE,
    SCATTER,
    SCATTER_ARTILLERY,
    SCATTER_DIE,
    SCATTER_HIT_FACES,
    SUSTAINED,
    SUSTAINED_DIE,
    TENS,
    TWO_D6,
    DiceError,
    DiceExpr,
    Die,
    ExprKind,
    NotEnumerable,
    Roll,
    nd6,
    parse,
    sustained,
)
from grapeshot.dice.requests import Better, RollRequest
from grapeshot.dice.rerolls import RerollGrant, apply_reroll, reroll_request, worst_die
from grapeshot.dice.sources import ContinuedDice, DiceSource, EnteredDice, EnumeratedDice, ScriptedDice, ScriptItem, SeededDice, enumerate_paths

__all__ = [
    "ARTILLERY",
    "ARTILLERY_DIE",
    "D3",
    "D3_DIE",
    "D6",
    "D6_DIE",
    "JAM",
    "KINDS",
    "MISFIRE",
    "SCATTER",
    "SCATTER_ARTILLERY",
    "SCATTER_DIE",
    "SCATTER_HIT_FACES",
    "SUSTAINED",
    "SUSTAINED_DIE",
    "TENS",
    "TWO_D6",
    "Better",
    "ContinuedDice",
    "DiceError",
    "DiceExpr",
    "DiceSource",
    "Die",
    "EnteredDice",
    "EnumeratedDice",
    "ExprKind",
    "NotEnumerable",
    "RerollGrant",
    "Roll",
    "RollRequest",
    "ScriptItem",
    "ScriptedDice",
    "SeededDice",
    "apply_reroll",
    "enumerate_paths",
    "nd6",
    "parse",
    "reroll_request",
    "sustained",
    "worst_die",
]
