"""Dice expressions, the four dice sources, and exact enumeration of roll outcomes."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from grapeshot.dice import (
    ARTILLERY,
    D3,
    D6,
    SCATTER,
    SCATTER_ARTILLERY,
    TENS,
    TWO_D6,
    DiceError,
    DiceExpr,
    EnteredDice,
    EnumeratedDice,
    NotEnumerable,
    Roll,
    RollRequest,
    ScriptedDice,
    SeededDice,
    enumerate_paths,
    nd6,
    parse,
    sustained,
)
from tests.dice import req

# --------------------------------------------------------------------------- expressions


@pytest.mark.parametrize(
    ("text", "count", "sides", "plus", "kind", "canonical"),
    [
        ("D3", 1, 3, 0, "sum", "D3"),
        ("D6", 1, 6, 0, "sum", "D6"),
        ("3D6", 3, 6, 0, "sum", "3D6"),
        ("24+2D6", 2, 6, 24, "sum", "2D6+24"),
        ("D3+1", 1, 3, 1, "sum", "D3+1"),
        ("2D6-3", 2, 6, -3, "sum", "2D6-3"),
        ("2d6", 2, 6, 0, "sum", "2D6"),
        ("2D6 tens", 2, 6, 0, "tens", "2D6 tens"),
        ("D66", 2, 6, 0, "tens", "2D6 tens"),
        ("scatter", 1, 6, 0, "scatter", "scatter"),
        (" Scatter ", 1, 6, 0, "scatter", "scatter"),
    ],
)
def test_parse_and_format_round_trip(text: str, count: int, sides: int, plus: int, kind: str, canonical: str) -> None:
    expr = parse(text)
    assert (expr.count, expr.sides, expr.plus, expr.kind) == (count, sides, plus, kind)
    assert str(expr) == canonical
    # the written form reads back to the same expression
    assert parse(str(expr)) == expr


def test_named_expressions_match_their_text() -> None:
    assert parse("D3") == D3
    assert parse("D6") == D6
    assert parse("2D6") == TWO_D6 == nd6(2)
    assert parse("2D6 tens") == TENS
    assert parse("scatter") == SCATTER
    assert nd6(2, 24) == parse("24+2D6")


@pytest.mark.parametrize("text", ["", "D", "D4", "2D", "D6+", "0D6", "2D6*2", "1.5D6", "D6+x", "two D6", "2D6 tens+1", "-D6", "scatter 2"])
def test_bad_expressions_raise(text: str) -> None:
    with pytest.raises(DiceError):
        parse(text)


def test_bad_constructions_raise() -> None:
    with pytest.raises(DiceError):
        DiceExpr(0)
    with pytest.raises(DiceError):
        DiceExpr(1, 4)
    with pytest.raises(DiceError, match="tens"):
        DiceExpr(3, 6, 0, "tens")
    with pytest.raises(DiceError, match="scatter"):
        DiceExpr(2, 6, 0, "scatter")


def test_minimum_and_maximum() -> None:
    assert (parse("24+2D6").minimum, parse("24+2D6").maximum) == (26, 36)
    assert (D3.minimum, D3.maximum) == (1, 3)
    assert (parse("3D6").minimum, parse("3D6").maximum) == (3, 18)
    assert (TENS.minimum, TENS.maximum) == (11, 66)


@pytest.mark.parametrize(
    ("expr", "faces"),
    [
        (D6, (7,)),
        (D6, (0,)),
        (D6, (-1,)),
        (D6, (1, 2)),
        (D6, ()),
        (D3, (4,)),
        (TWO_D6, (3,)),
        (TWO_D6, (3, 7)),
        (TENS, (1, 2, 3)),
        (TENS, (0, 6)),
        (SCATTER, (7,)),
        (D6, (2.0,)),
    ],
)
def test_impossible_faces_are_rejected(expr: DiceExpr, faces: tuple[int, ...]) -> None:
    with pytest.raises(DiceError):
        expr.check_faces(faces)
    with pytest.raises(DiceError):
        expr.total(faces)


def test_totals() -> None:
    assert D6.total((4,)) == 4
    assert D3.total((3,)) == 3
    assert parse("D3+1").total((3,)) == 4
    assert parse("24+2D6").total((6, 5)) == 35
    assert parse("2D6-3").total((1, 1)) == -1
    assert parse("3D6").total((1, 2, 6)) == 9


def test_tens_reads_the_lower_die_as_tens() -> None:
    assert TENS.total((5, 2)) == 25
    assert TENS.total((2, 5)) == 25
    assert TENS.total((6, 6)) == 66
    assert TENS.total((1, 6)) == 16
    assert TENS.result((6, 3)).total == 36


def test_tens_has_21_values_with_the_right_weights() -> None:
    outcomes = TENS.outcomes()
    assert len(outcomes) == 36
    odds: Counter[int] = Counter()
    total_weight = sum(w for _, w in outcomes)
    for faces, weight in outcomes:
        odds[TENS.total(faces)] += weight
    assert len(odds) == 21
    assert set(odds) == {10 * lo + hi for lo in range(1, 7) for hi in range(lo, 7)}
    for value, weight in odds.items():
        p = Fraction(weight, total_weight)
        doubles = value // 10 == value % 10
        assert p == (Fraction(1, 36) if doubles else Fraction(2, 36)), value


def test_sum_outcomes_enumerate_every_face_tuple() -> None:
    outcomes = parse("3D6").outcomes()
    assert len(outcomes) == 216
    assert {f for f, _ in outcomes} == set(product(range(1, 7), repeat=3))
    assert all(w == 1 for _, w in outcomes)
    assert [f for f, _ in D3.outcomes()] == [(1,), (2,), (3,)]


def test_scatter_outcomes_weigh_hits_against_arrows() -> None:
    outcomes = SCATTER.outcomes()
    weights = {SCATTER.result(f, None if f[0] <= 2 else 0.0).is_hit: w for f, w in outcomes}
    assert weights == {True: 2, False: 4}


def test_scatter_results_need_a_direction_exactly_for_arrows() -> None:
    hit = SCATTER.result((2,))
    assert hit.is_hit and hit.direction is None and hit.total == 0
    arrow = SCATTER.result((3,), 450.0)
    assert not arrow.is_hit and arrow.direction == pytest.approx(90.0)
    with pytest.raises(DiceError, match="direction"):
        SCATTER.result((5,))
    with pytest.raises(DiceError, match="hit"):
        SCATTER.result((1,), 45.0)


# --------------------------------------------------------------------------- rolls


def test_with_face_recomputes_the_total() -> None:
    r = TWO_D6.result((3, 4))
    again = r.with_face(0, 6)
    assert again.faces == (6, 4) and again.total == 10
    assert r.total == 7  # the original is untouched

    r = parse("24+2D6").result((1, 1))
    assert r.with_face(1, 6).total == 31

    r = TENS.result((5, 2))
    assert r.total == 25
    assert r.with_face(1, 6).total == 56
    assert r.with_face(0, 1).total == 12

    r = parse("D3+1").result((1,))
    assert r.with_face(0, 3).total == 4


def test_with_face_on_the_scatter_die() -> None:
    hit = SCATTER.result((1,))
    arrow = hit.with_face(0, 5, 90.0)
    assert not arrow.is_hit and arrow.direction == 90.0
    back = arrow.with_face(0, 2)
    assert back.is_hit and back.direction is None


def test_with_face_rejects_an_impossible_face() -> None:
    with pytest.raises(DiceError):
        D3.result((2,)).with_face(0, 4)
    with pytest.raises(DiceError):
        SCATTER.result((1,)).with_face(0, 5)  # an arrow with no direction


# --------------------------------------------------------------------------- scripted dice


def test_scripted_dice_consume_one_item_per_die() -> None:
    dice = ScriptedDice([3, 4, 6, 1, 2, 5])
    r = dice.roll(req(TWO_D6))
    assert r.faces == (3, 4) and r.total == 7
    assert dice.remaining == 4
    r = dice.roll(req(parse("24+D6")))
    assert r.faces == (6,) and r.total == 30
    r = dice.roll(req(parse("3D6")))
    assert r.faces == (1, 2, 5) and r.total == 8
    assert dice.remaining == 0
    assert [q.expr for q in dice.requests] == [TWO_D6, parse("24+D6"), parse("3D6")]


def test_scripted_tens_and_d3() -> None:
    dice = ScriptedDice([5, 2, 3])
    assert dice.roll(req(TENS)).total == 25
    r = dice.roll(req(D3))
    assert r.total == 3 and r.expr == "D3"


def test_scripted_scatter_accepts_hit_and_float_angles() -> None:
    dice = ScriptedDice(["hit", 135.0, 720.5])
    assert dice.roll(req(SCATTER)).is_hit
    r = dice.roll(req(SCATTER))
    assert not r.is_hit and r.direction == 135.0
    assert dice.roll(req(SCATTER)).direction == pytest.approx(0.5)


@pytest.mark.parametrize("item", [3, "arrow", None])
def test_scripted_scatter_rejects_other_items(item: object) -> None:
    dice = ScriptedDice([item])  # type: ignore[list-item]
    with pytest.raises(DiceError, match="wind"):
        dice.roll(req(SCATTER, "wind"))


def test_scripted_faces_must_be_possible_ints() -> None:
    with pytest.raises(DiceError, match="must be an int"):
        ScriptedDice(["hit"]).roll(req(D6, "to wound"))
    with pytest.raises(DiceError, match="must be an int"):
        ScriptedDice([4.0]).roll(req(D6, "to wound"))
    with pytest.raises(DiceError, match="to wound") as err:
        ScriptedDice([7]).roll(req(D6, "to wound", "JL-X-9"))
    assert "JL-X-9" in str(err.value)


def test_scripted_dice_running_out_names_the_roll() -> None:
    dice = ScriptedDice([4])
    dice.roll(req(D6, "first"))
    with pytest.raises(DiceError) as err:
        dice.roll(req(TWO_D6, "Da Big Smasha: Full Ahead! distance", "JL-MOVE-1"))
    msg = str(err.value)
    assert "Da Big Smasha: Full Ahead! distance" in msg
    assert "JL-MOVE-1" in msg
    assert "2D6" in msg


def test_scripted_dice_running_out_mid_roll() -> None:
    dice = ScriptedDice([4])  # one face for a two-dice roll
    with pytest.raises(DiceError, match="penetration"):
        dice.roll(req(TWO_D6, "penetration", "JL-SHOOT-8"))


# --------------------------------------------------------------------------- entered dice


def test_entered_dice_ask_again_with_the_reason() -> None:
    typed = iter(["7", "hello", "3 5"])
    seen: list[tuple[RollRequest, str | None]] = []

    def ask(request: RollRequest, problem: str | None) -> str:
        seen.append((request, problem))
        return next(typed)

    request = req(TWO_D6, "sluggas to hit", "JL-SHOOT-5")
    r = EnteredDice(ask).roll(request)
    assert r.faces == (3, 5) and r.total == 8
    assert len(seen) == 3
    assert seen[0] == (request, None)
    # the first entry is one face for two dice; the second is not numbers
    assert seen[1][1] is not None and "2 face" in seen[1][1]
    assert seen[2][1] is not None and "whole numbers" in seen[2][1]


def test_entered_dice_reason_for_an_impossible_face() -> None:
    problems: list[str | None] = []
    answers = iter(["9", "4"])

    def ask(request: RollRequest, problem: str | None) -> str:
        problems.append(problem)
        return next(answers)

    assert EnteredDice(ask).roll(req(D6)).total == 4
    assert problems[0] is None
    assert problems[1] is not None and "9" in problems[1] and "D6" in problems[1]


def test_entered_dice_give_up_after_n_tries() -> None:
    calls: list[str | None] = []

    def ask(request: RollRequest, problem: str | None) -> str:
        calls.append(problem)
        return "arrow 400"

    with pytest.raises(DiceError) as err:
        EnteredDice(ask, attempts=3).roll(req(SCATTER, "wind direction", "JL-TURN-1"))
    assert len(calls) == 3
    msg = str(err.value)
    assert "3 tries" in msg and "wind direction" in msg and "outside 0-360" in msg


def test_entered_scatter() -> None:
    answers = iter(["hit", "arrow 90"])
    dice = EnteredDice(lambda request, problem: next(answers))
    assert dice.roll(req(SCATTER)).is_hit
    assert dice.roll(req(SCATTER)).direction == 90.0


# --------------------------------------------------------------------------- typed faces


@pytest.mark.parametrize(
    ("expr", "text", "faces", "total"),
    [
        (TWO_D6, "3 5", (3, 5), 8),
        (TWO_D6, "3,5", (3, 5), 8),
        (TWO_D6, " 3 , 5 ", (3, 5), 8),
        (TWO_D6, "3;5", (3, 5), 8),
        (D6, "6", (6,), 6),
        (parse("24+2D6"), "6 6", (6, 6), 36),
        (TENS, "5 2", (5, 2), 25),
        (D3, "2", (2,), 2),
    ],
)
def test_parse_faces(expr: DiceExpr, text: str, faces: tuple[int, ...], total: int) -> None:
    r = expr.parse_faces(text)
    assert r.faces == faces and r.total == total and r.expr == str(expr)


def test_parse_faces_scatter() -> None:
    assert SCATTER.parse_faces("hit").is_hit
    assert SCATTER.parse_faces("  HIT ").is_hit
    r = SCATTER.parse_faces("arrow 135")
    assert not r.is_hit and r.direction == 135.0
    assert SCATTER.parse_faces("Arrow 0").direction == 0.0
    assert SCATTER.parse_faces("arrow 359.5").direction == 359.5


@pytest.mark.parametrize(
    ("expr", "text", "words"),
    [
        (TWO_D6, "3", "2 face"),
        (TWO_D6, "3 5 6", "2 face"),
        (TWO_D6, "", "2 face"),
        (D6, "7", "cannot come up"),
        (D6, "0", "cannot come up"),
        (D3, "4", "D3"),
        (D6, "three", "whole numbers"),
        (D6, "3.5", "whole numbers"),
        (D6, "hit", "whole numbers"),
        (SCATTER, "7", "'hit' or 'arrow DEGREES'"),
        (SCATTER, "arrow", "'hit' or 'arrow DEGREES'"),
        (SCATTER, "arrow north", "not a number"),
        (SCATTER, "arrow 360", "outside"),
        (SCATTER, "arrow -5", "outside"),
        (SCATTER, "arrow nan", "outside"),
        (SCATTER, "arrow inf", "outside"),
        (SCATTER, "hit 90", "'hit' or 'arrow DEGREES'"),
        # the dice the other rule sets roll
        (ARTILLERY, "5", "cannot come up on the artillery die"),
        (ARTILLERY, "boom", "2, 4, 6, 8, 10 or 'misfire'"),
        (ARTILLERY, "", "'misfire'"),
        (ARTILLERY, "6 6", "'misfire'"),
        (sustained(2), "2", "'jam'"),
        (sustained(2), "1 2 3", "'jam'"),
        (sustained(2), "1 4", "cannot come up on the sustained-fire die"),
        (SCATTER_ARTILLERY, "6", "the scatter die, then the artillery die"),
        (SCATTER_ARTILLERY, "hit", "the scatter die, then the artillery die"),
        (SCATTER_ARTILLERY, "arrow 400 6", "outside 0-360"),
        (SCATTER_ARTILLERY, "arrow west 6", "not a number"),
        (SCATTER_ARTILLERY, "hit 6 6", "the scatter die, then the artillery die"),
    ],
)
def test_parse_faces_errors(expr: DiceExpr, text: str, words: str) -> None:
    with pytest.raises(DiceError) as err:
        expr.parse_faces(text)
    assert words in str(err.value)


# --------------------------------------------------------------------------- seeded dice


MIXED = [D6, TWO_D6, D3, SCATTER, TENS, parse("24+2D6"), parse("D3+1"), parse("3D6")]


def _rolls(dice: SeededDice, n: int) -> list[Roll]:
    return [dice.roll(req(MIXED[i % len(MIXED)])) for i in range(n)]


def test_seeded_dice_are_reproducible() -> None:
    a, b = SeededDice(1234), SeededDice(1234)
    assert _rolls(a, 200) == _rolls(b, 200)
    assert a.state_digest() == b.state_digest()
    assert a.count == b.count == 200


def test_seeded_dice_differ_between_seeds() -> None:
    a, b = SeededDice(1), SeededDice(2)
    assert _rolls(a, 200) != _rolls(b, 200)
    assert a.state_digest() != b.state_digest()


def test_seeded_rolls_are_valid_results() -> None:
    dice = SeededDice(99)
    for r, expr in zip(_rolls(dice, 400), MIXED * 50, strict=True):
        assert r.expr == str(expr)
        expr.check_faces(r.faces)
        if expr.kind == "scatter":
            assert (r.direction is None) == (r.faces[0] <= 2)
            assert r.direction is None or 0.0 <= r.direction < 360.0
        else:
            assert r.total == expr.total(r.faces)
            assert expr.minimum <= r.total <= expr.maximum


def _chi_square(counts: Counter[int], faces: range, n: int) -> float:
    expected = n / len(faces)
    return sum((counts[f] - expected) ** 2 / expected for f in faces)


def test_seeded_d6_is_fair() -> None:
    # 60,000 rolls from a fixed seed.  Chi-square with 5 degrees of freedom stays
    # below 20.52 with probability 0.999 for a fair die; each face also lies within
    # 1% (absolute, about 6.5 standard deviations) of 1/6.
    n = 60_000
    dice = SeededDice(20240601)
    request = req(D6)
    counts = Counter(dice.roll(request).total for _ in range(n))
    assert set(counts) == set(range(1, 7))
    assert _chi_square(counts, range(1, 7), n) < 20.52
    for face in range(1, 7):
        assert abs(counts[face] / n - 1 / 6) < 0.01, (face, counts[face])


def test_seeded_d3_is_fair() -> None:
    # 30,000 rolls; chi-square with 2 degrees of freedom: 13.82 at p = 0.999.
    n = 30_000
    dice = SeededDice(7)
    request = req(D3)
    counts = Counter(dice.roll(request).total for _ in range(n))
    assert set(counts) == {1, 2, 3}
    assert _chi_square(counts, range(1, 4), n) < 13.82


def test_seeded_scatter_hits_a_third_and_points_everywhere() -> None:
    # 30,000 rolls: the hit rate has a standard deviation of about 0.0027, the share
    # of each quadrant among ~20,000 arrows about 0.003; the bounds are 5 of those.
    n = 30_000
    dice = SeededDice(31337)
    request = req(SCATTER)
    hits = 0
    quadrants: Counter[int] = Counter()
    for _ in range(n):
        r = dice.roll(request)
        if r.is_hit:
            hits += 1
        else:
            assert r.direction is not None
            quadrants[int(r.direction // 90.0)] += 1
    assert abs(hits / n - 1 / 3) < 0.015
    arrows = n - hits
    assert set(quadrants) == {0, 1, 2, 3}
    for q in range(4):
        assert abs(quadrants[q] / arrows - 0.25) < 0.015, quadrants


# --------------------------------------------------------------------------- exact enumeration


def _two_d6_then_bonus(dice: EnumeratedDice) -> tuple[int, int | None]:
    first = dice.roll(req(TWO_D6, "base")).total
    bonus = dice.roll(req(D6, "bonus")).total if first >= 10 else None
    return first, bonus


def test_enumerate_paths_gives_exact_odds() -> None:
    odds: dict[object, Fraction] = {}
    paths = 0
    for result, weight, total in enumerate_paths(_two_d6_then_bonus):
        paths += 1
        odds[result] = odds.get(result, Fraction(0)) + Fraction(weight, total)
    assert sum(odds.values()) == 1
    # brute force: every pair of faces, and a third die only after 10+
    brute: dict[object, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        if a + b >= 10:
            for c in range(1, 7):
                key: tuple[int, int | None] = (a + b, c)
                brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 36 * 6)
        else:
            key = (a + b, None)
            brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 36)
    assert odds == brute
    # 30 face pairs below 10 end there; the 6 pairs of 10+ each branch six ways
    assert paths == 30 + 6 * 6
    assert odds[(7, None)] == Fraction(1, 6)
    assert odds[(12, 6)] == Fraction(1, 216)


def test_enumerate_paths_over_scatter_hits_only() -> None:
    # Even a rule that only asks "hit or not?" cannot be enumerated: the arrow
    # outcome is built with a direction, and directions are continuous.
    def run(dice: EnumeratedDice) -> bool:
        return dice.roll(req(SCATTER, "torpedo scatter")).is_hit

    with pytest.raises(NotEnumerable, match="torpedo scatter"):
        list(enumerate_paths(run))


def test_enumerated_dice_follow_the_path() -> None:
    dice = EnumeratedDice([5, 2])
    assert dice.roll(req(D6)).total == 6
    assert dice.roll(req(D3)).total == 3
    assert dice.roll(req(D6)).total == 1  # beyond the path: the first outcome
    assert [c for c, _, _ in dice.taken] == [5, 2, 0]
    assert dice.totals == [6, 3, 6]


def test_enumerated_scatter_hit_and_arrow() -> None:
    hit = EnumeratedDice([0]).roll(req(SCATTER))
    assert hit.is_hit
    with pytest.raises(NotEnumerable, match="direction"):
        EnumeratedDice([1]).roll(req(SCATTER, "wind direction"))
    assert issubclass(NotEnumerable, DiceError)


def test_unknown_expression_kinds_and_boolean_faces_are_refused() -> None:
    with pytest.raises(DiceError, match="unknown kind"):
        DiceExpr(1, 6, 0, "bogus")  # type: ignore[arg-type]
    with pytest.raises(DiceError, match="cannot come up"):
        D6.check_faces([True])
