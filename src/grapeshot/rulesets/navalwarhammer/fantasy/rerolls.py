"""Re-rolls a crew's officers grant: the First Mate's (NW-UPG-7) and the engineer's (NW-MOVE-4).

The rule procedures never ask for re-rolls; they ask for rolls, naming the crew (the boat) as
the roll's actor.  The rule set's ``reroll_grant`` hook hands each roll to :func:`crew_grant`
with what it knows of that crew (:class:`CrewOfficers`), and records a re-roll taken with
:func:`spend`.  So:

* a **First Mate** aboard lets the crew's commander re-roll any failed psychology test
  (FB-PSY-1..5) or break test (NW-BOARD-5) once, the whole roll; not aboard an overcrowded ship
  (NW-CROWD-1).  A fleeing unit's rally (FB-RALLY-1) is neither, and is not re-rolled.
* an **engineer** in the working crew lets him re-roll the full-throttle chart (FB-THROTTLE-1)
  once, whatever it showed.

Once per test: a roll that has been re-rolled is not offered again (the re-roll stands).
"""

from __future__ import annotations

from dataclasses import dataclass

from grapeshot.dice import RerollGrant, Roll, RollRequest
from grapeshot.rulesets.navalwarhammer.fantasy import throttle
from grapeshot.rulesets.navalwarhammer.fantasy.psychology import RULES as PSYCHOLOGY_RULES

#: the rules whose failed tests a First Mate re-rolls: psychology and the break test
FIRST_MATE_TESTS = frozenset({*PSYCHOLOGY_RULES.values(), "NW-BOARD-5"})
FIRST_MATE_RULE = "NW-UPG-7"
ENGINEER_RULE = "NW-MOVE-4"


@dataclass
class CrewOfficers:
    """What the re-rolls need of one crew: its commander, whether a First Mate is aboard (and
    alive), whether the ship is overcrowded, whether an engineer is in the working crew, and the
    roll last re-rolled."""

    seat: str
    first_mate: bool = False
    overcrowded: bool = False
    engineer: bool = False
    rerolled: RollRequest | None = None


def crew_grant(crew: CrewOfficers | None, request: RollRequest, roll: Roll) -> RerollGrant | None:
    """The re-roll the crew's officers grant on this roll, if any."""
    if crew is None or crew.rerolled is request:
        return None
    if request.rule in FIRST_MATE_TESTS and crew.first_mate and not crew.overcrowded and request.target is not None:
        return RerollGrant(crew.seat, FIRST_MATE_RULE, whole=True, on_failure=True)
    if request.rule == throttle.RULE and crew.engineer:
        return RerollGrant(crew.seat, ENGINEER_RULE, whole=True)
    return None


def spend(crew: CrewOfficers, request: RollRequest) -> None:
    """A re-roll of ``request`` was taken: it is not offered again."""
    crew.rerolled = request
