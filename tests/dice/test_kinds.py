"""The dice the other rule sets roll: the artillery die, sustained-fire dice, the scatter die
with the artillery die; their text, faces, totals, typed and scripted faces, seeded rolls."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from grapeshot.dice import (
    ARTILLERY,
    ARTILLERY_DIE,
    D3,
    D6,
    JAM,
    MISFIRE,
    SCATTER,
    SCATTER_ARTILLERY,
    SCATTER_DIE,
    SUSTAINED,
    SUSTAINED_DIE,
    TENS,
    DiceError,
    DiceExpr,
    EnumeratedDice,
    NotEnumerable,
    RollRequest,
    ScriptedDice,
    SeededDice,
    parse,
    sustained,
)
from tests.dice import req

# --------------------------------------------------------------------------- text


@pytest.mark.parametrize(
    ("text", "expr", "canonical"),
    [
        ("artillery", ARTILLERY, "artillery"),
        (" Artillery ", ARTILLERY, "artillery"),
        ("sf", SUSTAINED, "sf"),
        ("1sf", SUSTAINED, "sf"),
        ("2sf", sustained(2), "2sf"),
        ("2SF", sustained(2), "2sf"),
        ("10sf", sustained(10), "10sf"),
        ("scatter+artillery", SCATTER_ARTILLERY, "scatter+artillery"),
        ("artillery + scatter", SCATTER_ARTILLERY, "scatter+artillery"),
    ],
)
def test_the_new_expressions_parse_and_format(text: str, expr: DiceExpr, canonical: str) -> None:
    assert parse(text) == expr
    assert str(expr) == canonical
    assert parse(str(expr)) == expr


@pytest.mark.parametrize("text", ["0sf", "2sf+1", "sf2", "2 artillery", "artillery+1", "2scatter", "scatter+scatter", "s f x"])
def test_bad_new_expressions_raise(text: str) -> None:
    with pytest.raises(DiceError):
        parse(text)


def test_bad_new_constructions_raise() -> None:
    with pytest.raises(DiceError, match="single die"):
        DiceExpr(2, kind="artillery")
    with pytest.raises(DiceError, match="nothing added"):
        DiceExpr(2, 6, 1, "sustained")
    with pytest.raises(DiceError, match="one scatter die and one artillery die"):
        DiceExpr(1, kind="scatter+artillery")


def test_the_dice_of_each_expression() -> None:
    assert ARTILLERY.dice() == (ARTILLERY_DIE,)
    assert sustained(3).dice() == (SUSTAINED_DIE,) * 3
    assert SCATTER_ARTILLERY.dice() == (SCATTER_DIE, ARTILLERY_DIE)
    assert ARTILLERY_DIE.sides == (2, 4, 6, 8, 10, MISFIRE)
    assert SUSTAINED_DIE.sides == (1, 1, 2, 2, 3, JAM)


def test_minimum_and_maximum_of_the_new_dice() -> None:
    assert (ARTILLERY.minimum, ARTILLERY.maximum) == (0, 10)
    assert (sustained(2).minimum, sustained(2).maximum) == (0, 6)
    assert (SCATTER_ARTILLERY.minimum, SCATTER_ARTILLERY.maximum) == (0, 10)
    assert (SCATTER.minimum, SCATTER.maximum) == (0, 0)


# --------------------------------------------------------------------------- faces and totals


def test_the_artillery_die_reads_its_number_or_a_misfire() -> None:
    for n in (2, 4, 6, 8, 10):
        r = ARTILLERY.result((n,))
        assert r.total == n and not r.misfire
    r = ARTILLERY.result((MISFIRE,))
    assert r.total == 0 and r.misfire and r.jams == 0


@pytest.mark.parametrize("face", [1, 3, 5, 7, 9, 11, 12, -2, 2.0, True])
def test_the_artillery_die_refuses_other_faces(face: object) -> None:
    with pytest.raises(DiceError, match="artillery die"):
        ARTILLERY.check_faces([face])  # type: ignore[list-item]


def test_sustained_fire_reads_each_die_alone() -> None:
    """A jam adds nothing and the other die still counts; the roll says how many jammed."""
    two = sustained(2)
    assert two.result((3, 2)).total == 5
    r = two.result((3, JAM))
    assert (r.total, r.jams, r.misfire) == (3, 1, False)
    r = two.result((JAM, JAM))
    assert (r.total, r.jams) == (0, 2)
    with pytest.raises(DiceError, match="sustained-fire die"):
        two.check_faces((4, 1))
    with pytest.raises(DiceError, match="2 face"):
        two.check_faces((1,))


def test_scatter_and_artillery_together() -> None:
    hit = SCATTER_ARTILLERY.result((2, MISFIRE))
    assert hit.is_hit and hit.misfire and hit.total == 0 and hit.direction is None
    arrow = SCATTER_ARTILLERY.result((4, 6), 450.0)
    assert not arrow.is_hit and not arrow.misfire and arrow.total == 6 and arrow.direction == pytest.approx(90.0)
    with pytest.raises(DiceError, match="needs a direction"):
        SCATTER_ARTILLERY.result((4, 6))
    with pytest.raises(DiceError, match="no direction"):
        SCATTER_ARTILLERY.result((1, 6), 10.0)
    with pytest.raises(DiceError, match="artillery die"):
        SCATTER_ARTILLERY.check_faces((1, 5))


def test_the_older_dice_read_no_misfires_or_jams() -> None:
    for r in (D6.result((6,)), TENS.result((1, 2)), SCATTER.result((1,)), D3.result((3,))):
        assert not r.misfire and r.jams == 0


def test_re_rolling_one_die_of_the_new_dice() -> None:
    r = SCATTER_ARTILLERY.result((5, 4), 30.0)
    # the artillery die again: the arrow keeps its direction
    again = r.with_face(1, MISFIRE)
    assert again.misfire and again.direction == 30.0 and again.total == 0
    # the scatter die again: a hit has no direction
    again = r.with_face(0, 1)
    assert again.is_hit and again.total == 4
    assert sustained(2).result((JAM, 1)).with_face(0, 3).total == 4
    assert [SCATTER_ARTILLERY.one_die(i) for i in (0, 1)] == [SCATTER, ARTILLERY]
    assert sustained(3).one_die(2) == SUSTAINED and ARTILLERY.one_die() == ARTILLERY


# --------------------------------------------------------------------------- typed faces


@pytest.mark.parametrize(
    ("expr", "text", "faces", "total", "direction"),
    [
        (ARTILLERY, "6", (6,), 6, None),
        (ARTILLERY, " Misfire ", (MISFIRE,), 0, None),
        (SUSTAINED, "jam", (JAM,), 0, None),
        (sustained(2), "2 jam", (2, JAM), 2, None),
        (sustained(2), "3,1", (3, 1), 4, None),
        (sustained(3), "jam jam 3", (JAM, JAM, 3), 3, None),
        (SCATTER_ARTILLERY, "hit 6", (1, 6), 6, None),
        (SCATTER_ARTILLERY, "hit misfire", (1, MISFIRE), 0, None),
        (SCATTER_ARTILLERY, "arrow 135 4", (6, 4), 4, 135.0),
        (SCATTER_ARTILLERY, "arrow 0, misfire", (6, MISFIRE), 0, 0.0),
    ],
)
def test_typed_faces_of_the_new_dice(expr: DiceExpr, text: str, faces: tuple[int, ...], total: int, direction: float | None) -> None:
    r = expr.parse_faces(text)
    assert (r.faces, r.total, r.direction, r.expr) == (faces, total, direction, str(expr))


# --------------------------------------------------------------------------- scripted


def test_scripted_new_dice() -> None:
    dice = ScriptedDice([8, "misfire", 3, "jam", "hit", 10, 45.0, "misfire"])
    assert dice.roll(req(ARTILLERY)).total == 8
    assert dice.roll(req(ARTILLERY)).misfire
    r = dice.roll(req(sustained(2)))
    assert (r.faces, r.total, r.jams) == ((3, JAM), 3, 1)
    r = dice.roll(req(SCATTER_ARTILLERY))
    assert r.is_hit and r.total == 10
    r = dice.roll(req(SCATTER_ARTILLERY))
    assert r.direction == 45.0 and r.misfire
    assert dice.remaining == 0


@pytest.mark.parametrize(
    ("expr", "item", "words"),
    [(ARTILLERY, "jam", "'misfire'"), (SUSTAINED, "misfire", "'jam'"), (ARTILLERY, 7, "artillery die"), (SCATTER_ARTILLERY, 3, "scatter die")],
)
def test_scripted_new_dice_refuse_wrong_items(expr: DiceExpr, item: int | str, words: str) -> None:
    with pytest.raises(DiceError, match="the gun") as err:
        ScriptedDice([item, 4]).roll(req(expr, "the gun"))
    assert words in str(err.value)


# --------------------------------------------------------------------------- seeded


def test_seeded_new_dice_are_valid_and_reproducible() -> None:
    exprs = [ARTILLERY, sustained(2), SCATTER_ARTILLERY, sustained(5)]
    a, b = SeededDice(5), SeededDice(5)
    for i in range(400):
        expr = exprs[i % len(exprs)]
        r = a.roll(req(expr))
        assert r == b.roll(req(expr))
        expr.check_faces(r.faces)
        assert r.total == expr.total(r.faces) and expr.minimum <= r.total <= expr.maximum
        assert (r.direction is None) == (not expr.arrow(r.faces))


def test_seeded_artillery_die_is_fair() -> None:
    # 60,000 rolls from a fixed seed; chi-square with 5 degrees of freedom stays below 20.52 with
    # probability 0.999 for a fair die; the misfire rate lies within 1% of 1/6 (6.5 standard deviations).
    n = 60_000
    dice = SeededDice(404)
    counts = Counter(dice.roll(req(ARTILLERY)).faces[0] for _ in range(n))
    assert set(counts) == {2, 4, 6, 8, 10, MISFIRE}
    assert sum((c - n / 6) ** 2 / (n / 6) for c in counts.values()) < 20.52
    assert abs(counts[MISFIRE] / n - 1 / 6) < 0.01


def test_seeded_sustained_fire_frequencies_match_the_faces() -> None:
    # 60,000 dice: 1 and 2 come up a third of the time each, 3 and jam a sixth; each within 1%.
    n = 30_000
    dice = SeededDice(77)
    counts: Counter[int] = Counter()
    for _ in range(n):
        counts.update(dice.roll(req(sustained(2))).faces)
    want = {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 6), JAM: Fraction(1, 6)}
    for face, p in want.items():
        assert abs(counts[face] / (2 * n) - float(p)) < 0.01, (face, counts)


def test_seeded_scatter_and_artillery_are_independent() -> None:
    # 36,000 throws: hit and misfire together 1/18 (sd 0.0012), hits 1/3 (sd 0.0025); bounds 5 sd.
    n = 36_000
    dice = SeededDice(2024)
    both = hits = 0
    for _ in range(n):
        r = dice.roll(req(SCATTER_ARTILLERY))
        hits += r.is_hit
        both += r.is_hit and r.misfire
        assert r.direction is None or 0.0 <= r.direction < 360.0
    assert abs(hits / n - 1 / 3) < 0.0125
    assert abs(both / n - 1 / 18) < 0.006


# --------------------------------------------------------------------------- enumerated


def test_enumerated_outcomes_of_the_new_dice() -> None:
    assert ARTILLERY.outcomes() == [((2,), 1), ((4,), 1), ((6,), 1), ((8,), 1), ((10,), 1), ((MISFIRE,), 1)]
    assert SUSTAINED.outcomes() == [((1,), 2), ((2,), 2), ((3,), 1), ((JAM,), 1)]
    assert len(sustained(2).outcomes()) == 16 and sum(w for _, w in sustained(2).outcomes()) == 36 == sustained(2).weight
    combined = SCATTER_ARTILLERY.outcomes()
    assert len(combined) == 12 and sum(w for _, w in combined) == 36
    assert sum(w for f, w in combined if not SCATTER_ARTILLERY.arrow(f)) == 12


def test_enumerated_scatter_and_artillery_stop_at_an_arrow() -> None:
    dice = EnumeratedDice([5])
    assert dice.roll(req(SCATTER_ARTILLERY)).misfire  # a hit and a misfire
    with pytest.raises(NotEnumerable, match="the shot"):
        EnumeratedDice([6]).roll(req(SCATTER_ARTILLERY, "the shot"))


def test_a_request_says_what_passing_means() -> None:
    ld = RollRequest(parse("2D6"), "leadership", "T-LD", better="low", target=7)
    assert ld.passed(parse("2D6").result((3, 4))) is True
    assert ld.passed(parse("2D6").result((4, 4))) is False
    hit = RollRequest(D6, "to hit", "T-HIT", better="high", target=4)
    assert [hit.passed(D6.result((f,))) for f in range(1, 7)] == [False, False, False, True, True, True]
    assert RollRequest(D6, "no test", "T-X", better="high").passed(D6.result((1,))) is None
    aim = RollRequest(SCATTER, "aim", "T-S", better="hit")
    assert aim.passed(SCATTER.result((1,))) is True and aim.passed(SCATTER.result((3,), 1.0)) is False
    with pytest.raises(DiceError, match="needs better"):
        RollRequest(D6, "a target with no direction", "T-X", target=4)
    with pytest.raises(DiceError, match="needs better"):
        RollRequest(SCATTER, "a scatter target", "T-X", better="hit", target=1)


def test_each_expression_says_how_its_faces_are_typed() -> None:
    assert "3 5" in parse("2D6").hint and "'hit'" in SCATTER.hint
    assert "'misfire'" in ARTILLERY.hint and "'jam'" in sustained(2).hint and "'hit 6'" in SCATTER_ARTILLERY.hint
