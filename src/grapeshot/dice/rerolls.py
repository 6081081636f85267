"""Re-rolls granted by a rule: who may re-roll, one die or the whole roll, and when.

A rule set grants re-rolls through one hook (``Ruleset.reroll_grant``), which the game asks
after every roll and after every re-roll; the game offers the grant to its seat and, when it
is taken, draws the new dice with :func:`reroll_request` and reads the result with
:func:`apply_reroll`.  How often a grant comes back (once a turn, once a test, N times by
range) is the rule set's to decide: it is told each time one is spent.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from grapeshot.dice.expressions import DiceError, Roll
from grapeshot.dice.requests import RollRequest


@dataclass(frozen=True, slots=True)
class RerollGrant:
    """A seat's right to re-roll the roll just made.

    ``whole``: the whole roll is rolled again (a test re-rolled), else one die of the seat's
    choosing and the new face stands.  ``on_failure``: offered only when the roll failed its
    request's test (see :meth:`RollRequest.passed`).  ``rule`` names the granting rule; it may be
    None only for a single-die re-roll whose ``reroll`` events have never named one (the saves
    of a rule set that grants such a re-roll keep that form).
    """

    seat: str
    rule: str | None = None
    whole: bool = False
    on_failure: bool = False

    def __post_init__(self) -> None:
        if self.rule is None and (self.whole or self.on_failure):
            raise DiceError(f"a re-roll of the whole roll or on failure must name the rule that grants it (seat {self.seat!r})")

    def applies(self, request: RollRequest, roll: Roll) -> bool:
        """Whether the grant may be offered for this roll now."""
        if not self.on_failure:
            return True
        passed = request.passed(roll)
        if passed is None:
            raise DiceError(f"{self.rule} grants a re-roll on failure, but {request.purpose!r} ({request.rule}) has no target to fail")
        return not passed


def reroll_request(request: RollRequest, grant: RerollGrant, die: int | None) -> RollRequest:
    """The roll to make for a re-roll: the whole expression again, or the one die ``die``."""
    purpose = f"re-roll for {request.purpose}"
    if die is None:
        return replace(request, purpose=purpose, seat=grant.seat)
    return RollRequest(request.expr.one_die(die), purpose, request.rule, grant.seat, private=request.private)


def apply_reroll(roll: Roll, die: int | None, again: Roll) -> Roll:
    """The roll that stands after a re-roll: ``again`` for the whole roll, else ``roll`` with
    its die ``die`` replaced by the face (and any arrow) that came up."""
    if die is None:
        return again
    return roll.with_face(die, again.faces[0], again.direction)


def worst_die(request: RollRequest, roll: Roll) -> int | None:
    """The die a seat would re-roll to improve the roll: the lowest when high is better, the
    highest when low is better, the scatter die when it missed; None when no way is better."""
    faces = roll.faces
    if request.better == "hit":
        return None if roll.is_hit else 0
    if request.better == "high":
        return min(range(len(faces)), key=lambda k: faces[k])
    if request.better == "low":
        return max(range(len(faces)), key=lambda k: faces[k])
    return None
