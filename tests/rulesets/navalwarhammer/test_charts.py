"""The charts cell by cell against the published tables, written down here as the game prints them."""

from __future__ import annotations

import pytest

from grapeshot.rulesets.navalwarhammer.fantasy.charts import (
    ABOARD,
    HARD_COVER,
    LARGE_TARGET,
    LONG_RANGE,
    MOVED,
    MULTIPLE_SHOTS,
    SOFT_COVER,
    armour_needed,
    best_ward,
    melee_to_hit,
    shooting_modifiers,
    shooting_needed,
    split_needed,
    to_wound,
)

# the close-combat to-hit chart: a row per attacker's WS 1-10, a column per defender's WS 1-10
TO_HIT = """
4 4 5 5 5 5 5 5 5 5
3 4 4 4 5 5 5 5 5 5
3 3 4 4 4 4 5 5 5 5
3 3 3 4 4 4 4 4 5 5
3 3 3 3 4 4 4 4 4 4
3 3 3 3 3 4 4 4 4 4
3 3 3 3 3 3 4 4 4 4
3 3 3 3 3 3 3 4 4 4
3 3 3 3 3 3 3 3 4 4
3 3 3 3 3 3 3 3 3 4
"""

# the to-wound chart: a row per strength 1-10, a column per toughness 1-10; "-" cannot wound
TO_WOUND = """
4 5 6 6 - - - - - -
3 4 5 6 6 - - - - -
2 3 4 5 6 6 - - - -
2 2 3 4 5 6 6 - - -
2 2 2 3 4 5 6 6 - -
2 2 2 2 3 4 5 6 6 -
2 2 2 2 2 3 4 5 6 6
2 2 2 2 2 2 3 4 5 6
2 2 2 2 2 2 2 3 4 5
2 2 2 2 2 2 2 2 3 4
"""

# the armour save left: a row per save 1+ to 6+, a column per strength 1-10; "-" no save
SAVES = """
2 2 2 2 3 4 5 6 - -
2 2 2 3 4 5 6 - - -
3 3 3 4 5 6 - - - -
4 4 4 5 6 - - - - -
5 5 5 6 - - - - - -
6 6 6 - - - - - - -
"""

# missiles: a row per BS 1-6, a column per total modifier 0, -1, -2, -3, -4, +1; "6/4" is a 6 then 4+
SHOOTING = """
6   6/4 6/5 6/6 -   5
5   6   6/4 6/5 6/6 4
4   5   6   6/4 6/5 3
3   4   5   6   6/4 2
2   3   4   5   6   2
2   2   3   4   5   2
"""
SHOOTING_MODIFIERS = (0, -1, -2, -3, -4, 1)


def table(text: str) -> list[list[int | None]]:
    return [[None if c == "-" else int(c) for c in row.split()] for row in text.strip().splitlines()]


@pytest.mark.rules("FB-HIT-1")
def test_the_close_combat_to_hit_chart_cell_by_cell() -> None:
    for ws, row in enumerate(table(TO_HIT), start=1):
        for enemy, need in enumerate(row, start=1):
            assert melee_to_hit(ws, enemy) == need, f"WS{ws} against WS{enemy}"


@pytest.mark.rules("FB-HIT-1")
def test_close_combat_modifiers_move_the_score_within_2_to_6() -> None:
    assert melee_to_hit(3, 3, +1) == 3  # a higher deck (NW-BOARD-4)
    assert melee_to_hit(5, 3, +1) == 2 and melee_to_hit(5, 3, +2) == 2
    assert melee_to_hit(1, 5, -2) == 6


@pytest.mark.rules("FB-WOUND-1")
def test_the_to_wound_chart_cell_by_cell() -> None:
    for s, row in enumerate(table(TO_WOUND), start=1):
        for t, need in enumerate(row, start=1):
            assert to_wound(s, t) == need, f"S{s} against T{t}"


@pytest.mark.rules("FB-SAVE-1")
def test_armour_saves_by_strength_cell_by_cell() -> None:
    for sv, row in enumerate(table(SAVES), start=1):
        for s, need in enumerate(row, start=1):
            assert armour_needed(sv, s) == need, f"{sv}+ against S{s}"
    assert armour_needed(None, 1) is None
    assert armour_needed(4, 4, armour_piercing=1) == 6 and armour_needed(5, 4, armour_piercing=1) is None


@pytest.mark.rules("FB-SAVE-2")
def test_only_the_best_ward_counts_and_a_1_always_fails() -> None:
    assert best_ward([None, 5, 4, 6]) == 4
    assert best_ward([None, None]) is None
    assert best_ward([1]) == 2


@pytest.mark.rules("FB-HIT-2")
def test_the_missile_chart_by_bs_and_modifier_cell_by_cell() -> None:
    mods = {0: (), -1: (SOFT_COVER,), -2: (SOFT_COVER, LONG_RANGE), -3: (HARD_COVER, LONG_RANGE), -4: (HARD_COVER, LONG_RANGE, MOVED), 1: (LARGE_TARGET,)}
    rows = [row.split() for row in SHOOTING.strip().splitlines()]
    for bs, row in enumerate(rows, start=1):
        for total, cell in zip(SHOOTING_MODIFIERS, row, strict=True):
            split = split_needed(shooting_needed(bs, mods[total]))
            expected = None if cell == "-" else (int(cell), None) if "/" not in cell else (6, int(cell.split("/")[1]))
            assert split == expected, f"BS{bs} with {total:+d}"


@pytest.mark.rules("FB-HIT-2", "NW-CREW-3")
def test_naval_shooting_modifiers() -> None:
    # crew aboard a ship always count as in cover; a shooter aboard a moving ship takes no penalty
    assert shooting_modifiers(target_aboard=True) == (ABOARD,)
    assert shooting_modifiers(moved=True, shooter_aboard=True) == ()
    assert shooting_modifiers(moved=True) == (MOVED,)
    # cover does not stack with being aboard: the better cover counts
    assert shooting_modifiers(target_aboard=True, cover=SOFT_COVER) in ((SOFT_COVER,), (ABOARD,))
    assert shooting_modifiers(target_aboard=True, cover=HARD_COVER) == (HARD_COVER,)
    assert shooting_modifiers(long_range=True, multiple_shots=True, target_aboard=True) == (LONG_RANGE, ABOARD, MULTIPLE_SHOTS)
    assert shooting_needed(3, shooting_modifiers(target_aboard=True)) == 5


@pytest.mark.rules("FB-HIT-2")
def test_an_overcrowded_crew_has_no_cover_from_being_aboard() -> None:
    assert shooting_modifiers(target_aboard=True, target_overcrowded=True) == ()
    assert shooting_needed(3, shooting_modifiers(target_aboard=True, target_overcrowded=True)) == 4
