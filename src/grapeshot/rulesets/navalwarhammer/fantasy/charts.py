"""The fantasy game's charts as pure functions: to hit in close combat and with missiles, to
wound, and the armour save left after a blow's strength.

Every function returns the D6 score needed (4 means 4+) or None where the chart has no
number.  A natural 1 always fails a to-hit, to-wound or save roll; the procedures that roll
(:mod:`~grapeshot.rulesets.navalwarhammer.fantasy.strikes`) see to that.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def melee_to_hit(ws: int, enemy_ws: int, modifier: int = 0) -> int:
    """FB-HIT-1: to hit in close combat by WS against WS: 3+ against a lower WS, 4+ against an
    equal or higher one up to twice the attacker's, 5+ against more than twice.  ``modifier``
    is added to the roll (+1 from a higher deck, NW-BOARD-4); the result stays within 2+ to 6+."""
    if ws > enemy_ws:
        need = 3
    elif enemy_ws > 2 * ws:
        need = 5
    else:
        need = 4
    return max(2, min(6, need - modifier))


@dataclass(frozen=True, slots=True)
class Modifier:
    """A modifier to a missile to-hit roll, with the rule it comes from."""

    name: str
    value: int
    rule: str


SOFT_COVER = Modifier("soft cover", -1, "FB-HIT-2")
HARD_COVER = Modifier("hard cover", -2, "FB-HIT-2")
LONG_RANGE = Modifier("long range", -1, "FB-HIT-2")
MOVED = Modifier("moved and shot", -1, "FB-HIT-2")
MULTIPLE_SHOTS = Modifier("multiple shots", -1, "FB-HIT-2")
STAND_AND_SHOOT = Modifier("stand and shoot", -1, "FB-HIT-2")
LARGE_TARGET = Modifier("large target", 1, "FB-HIT-2")
#: NW-CREW-3: crew aboard a ship always count as in cover
ABOARD = Modifier("crew aboard a ship: in cover", -1, "NW-CREW-3")


def shooting_modifiers(
    *,
    long_range: bool = False,
    moved: bool = False,
    shooter_aboard: bool = False,
    target_aboard: bool = False,
    target_overcrowded: bool = False,
    cover: Modifier | None = None,
    multiple_shots: bool = False,
    stand_and_shoot: bool = False,
    large_target: bool = False,
) -> tuple[Modifier, ...]:
    """The modifiers of one missile to-hit roll (FB-HIT-2) with the naval ones: crew aboard a
    ship count as in cover, unless the ship is overcrowded (NW-CREW-3, NW-CROWD-1), and a
    shooter aboard a moving ship takes no penalty for moving (NW-CREW-3).  Cover aboard does
    not add to other cover: the better cover counts."""
    out: list[Modifier] = []
    if long_range:
        out.append(LONG_RANGE)
    if moved and not shooter_aboard:
        out.append(MOVED)
    covers = [c for c in (cover, ABOARD if target_aboard and not target_overcrowded else None) if c is not None]
    if covers:
        out.append(min(covers, key=lambda c: c.value))
    if multiple_shots:
        out.append(MULTIPLE_SHOTS)
    if stand_and_shoot:
        out.append(STAND_AND_SHOOT)
    if large_target:
        out.append(LARGE_TARGET)
    return tuple(out)


def shooting_needed(bs: int, modifiers: Iterable[Modifier] = ()) -> int:
    """FB-HIT-2: the score needed with missiles: BS 1 hits on 6+, BS 2 on 5+ ... BS 5 on 2+,
    each point of modifier moving it one step.  The result may be 7 or more (see
    :func:`split_needed`); it is never better than 2+ (a 1 always misses)."""
    total = sum(m.value for m in modifiers)
    return max(2, 7 - bs - total)


def split_needed(needed: int) -> tuple[int, int | None] | None:
    """FB-HIT-2: a score of 7+ is a 6 followed by a second roll: 7+ is 6 then 4+, 8+ is 6 then
    5+, 9+ is 6 then 6+; 10+ cannot hit (None).  Up to 6+: (needed, None)."""
    if needed <= 6:
        return needed, None
    if needed >= 10:
        return None
    return 6, needed - 3


def to_wound(strength: int, toughness: int) -> int | None:
    """FB-WOUND-1: the to-wound chart.  Equal strength and toughness wound on 4+, each point of
    strength above it one better (at best 2+), each point below one worse down to 6+; a
    toughness four or more above the strength cannot be wounded (None)."""
    gap = toughness - strength
    if gap >= 4:
        return None
    return max(2, min(6, 4 + gap))


def armour_needed(save: int | None, strength: int, armour_piercing: int = 0) -> int | None:
    """FB-SAVE-1: the armour save left after a blow: worse by one for each point of strength
    above 3, and by ``armour_piercing``; a save worse than 6+ is none (None).  A 1 always
    fails, so a 1+ save is rolled as 2+."""
    if save is None:
        return None
    need = save + max(0, strength - 3) + armour_piercing
    if need > 6:
        return None
    return max(2, need)


def best_ward(wards: Sequence[int | None]) -> int | None:
    """FB-SAVE-2: of several ward saves only the best is taken; wards are never modified and a
    1 always fails them."""
    usable = [w for w in wards if w is not None]
    return max(2, min(usable)) if usable else None
