"""Who won a round of deck fighting, and whether the losers hold: NW-BOARD-5 on the core's
combat resolution (FB-COMBAT-1) and break test (FB-BREAK-1).

At sea a combat is fought crew against crew.  The result is the wounds each crew inflicted,
+1 for the larger crew and +2 for one twice the size of the enemy or more (option
``outnumber``: the +2 replaces the +1, or adds to it), plus any bonus the rule set grants
(a standard; the crew's ranks never count, NW-RANK-1).  A drawn round goes to the side with
a musician, by one.  The losing crew tests on 2D6 against the unmodified highest Ld aboard; a
crew that fails becomes Shaken, and a Shaken crew that fails again abandons ship.  A Shaken
crew's later tests take the usual penalty, Ld less the difference (option ``shaken_penalty``:
only a Shaken crew's tests, or every test).  A double 1 always passes.  A First Mate's re-roll
of a failed test (NW-UPG-7) is a grant on the roll (:mod:`.rerolls`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import TWO_D6, RollRequest

#: the ways NW-BOARD-5's size bonus may be read: +2 for twice the size instead of +1, or as well
OUTNUMBER = ("replace", "add")
#: when a break test takes the combat result off Ld: only once the crew is Shaken, or always
SHAKEN_PENALTY = ("shaken", "always")
#: the roll of two 1s, which passes any break test (FB-BREAK-1)
INSANE_COURAGE = 2

Verdict = Literal["holds", "shaken", "abandon"]


@dataclass(frozen=True, slots=True)
class Side:
    """One crew's part in a round: wounds inflicted, its size (models aboard, see
    :func:`~.units.crew_size`), named bonuses, and whether it has a musician."""

    crew: str
    seat: str
    wounds: int
    size: int
    bonuses: tuple[tuple[str, int], ...] = ()
    musician: bool = False


@dataclass(frozen=True, slots=True)
class CombatResult:
    """Each crew's score, the winner and loser (None for a draw) and the difference."""

    scores: tuple[tuple[str, int], ...]
    winner: str | None
    loser: str | None
    difference: int

    def score(self, crew: str) -> int:
        return dict(self.scores)[crew]


def size_bonus(size: int, enemy: int, outnumber: str = "replace") -> int:
    """NW-BOARD-5: +1 for the larger crew, +2 when twice the enemy's size or more (``add``:
    +3 then, the +1 and the +2)."""
    if outnumber not in OUTNUMBER:
        raise ValueError(f"outnumber must be one of {OUTNUMBER}, got {outnumber!r}")
    if size <= enemy:
        return 0
    if size >= 2 * enemy:
        return 3 if outnumber == "add" else 2
    return 1


def combat_result(g: Game, a: Side, b: Side, *, outnumber: str = "replace") -> CombatResult:
    """NW-BOARD-5 and FB-COMBAT-1: score a round between two crews."""
    parts: dict[str, dict[str, int]] = {}
    for side, other in ((a, b), (b, a)):
        p = {"wounds": side.wounds, "larger crew": size_bonus(side.size, other.size, outnumber)}
        for name, value in side.bonuses:
            p[name] = p.get(name, 0) + value
        parts[side.crew] = p
    score = {crew: sum(p.values()) for crew, p in parts.items()}
    if score[a.crew] == score[b.crew] and a.musician != b.musician:
        parts[(a if a.musician else b).crew]["musician"] = 1
        score = {crew: sum(p.values()) for crew, p in parts.items()}
    sa, sb = score[a.crew], score[b.crew]
    winner = a.crew if sa > sb else b.crew if sb > sa else None
    loser = None if winner is None else (b.crew if winner == a.crew else a.crew)
    result = CombatResult(((a.crew, sa), (b.crew, sb)), winner, loser, abs(sa - sb))
    g.emit(
        "combat-result",
        "NW-BOARD-5",
        crews={crew: {"score": score[crew], **p} for crew, p in parts.items()},
        winner=winner,
        loser=loser,
        difference=result.difference,
        sizes={a.crew: a.size, b.crew: b.size},
        outnumber=outnumber,
    )
    return result


@dataclass(frozen=True, slots=True)
class BreakResult:
    """A break test: the Ld tested, the score needed (2D6 at most), the roll and the verdict."""

    crew: str
    ld: int
    needed: int
    roll: int
    verdict: Verdict

    @property
    def passed(self) -> bool:
        return self.verdict == "holds"


def break_test(
    g: Game,
    crew: str,
    seat: str,
    ld: int,
    *,
    shaken: bool,
    difference: int,
    stubborn: bool = False,
    unbreakable: bool = False,
    shaken_penalty: str = "shaken",
) -> Generator[Prompt, Any, BreakResult]:
    """NW-BOARD-5, FB-BREAK-1: the losing crew's break test on 2D6 against ``ld`` (the highest
    unmodified Ld aboard).  Penalised tests (a Shaken crew's, or every one with
    ``shaken_penalty="always"``) take ``difference`` off Ld unless the crew is stubborn.  An
    unbreakable crew holds without a roll.  Failing makes the crew Shaken; failing when Shaken
    makes it abandon ship (NW-BOARD-6)."""
    if shaken_penalty not in SHAKEN_PENALTY:
        raise ValueError(f"shaken_penalty must be one of {SHAKEN_PENALTY}, got {shaken_penalty!r}")
    if unbreakable:
        g.emit("break-test", "NW-BOARD-5", crew=crew, ld=ld, difference=difference, penalised=False, needed=None, roll=None, verdict="holds", unbreakable=True)
        return BreakResult(crew, ld, 12, 0, "holds")
    penalised = (shaken or shaken_penalty == "always") and not stubborn
    effective = ld - difference if penalised else ld
    needed = max(INSANE_COURAGE, effective)
    r = yield from g.roll(RollRequest(TWO_D6, f"{crew}: break test on Ld {effective}", "NW-BOARD-5", seat, crew, "low", needed))
    passed = r.total <= needed
    verdict: Verdict = "holds" if passed else ("abandon" if shaken else "shaken")
    g.emit(
        "break-test",
        "NW-BOARD-5",
        crew=crew,
        ld=ld,
        difference=difference,
        penalised=penalised,
        needed=needed,
        roll=r.total,
        insane_courage=bool(r.total == INSANE_COURAGE and effective < INSANE_COURAGE),
        was_shaken=shaken,
        verdict=verdict,
    )
    return BreakResult(crew, ld, needed, r.total, verdict)
