"""A round of close combat: who strikes when, and what each strike step did.

The rule set says who fights whom (NW-BOARD-3: models in contact, across the gunwale, spears
from behind) as a list of :class:`Engagement`; this module strikes them in initiative order
(FB-INIT-1).  Higher initiative strikes first; strikers of equal initiative strike at the same
time, so a model slain in a step still strikes in it.  Always-strikes-first goes before
everything else and always-strikes-last (or a great weapon) after, each band in initiative
order; having both cancels out.  A mount strikes at its own initiative.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile, Special, Weapon
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Damage, melee_strike
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit


@dataclass(frozen=True)
class Engagement:
    """One unit striking another in this round: ``models`` of the attacker fight (None: all
    that are left); ``modifier`` is added to their to-hit rolls (NW-BOARD-4's higher deck);
    ``fear_failed``: the attacker failed a fear test this round (FB-PSY-2); ``weapon`` strikes
    instead of the unit's own (crew striking down at swimmers without their weapons' bonuses,
    NW-SWIM-2)."""

    attacker: Unit
    target: Unit
    models: int | None = None
    modifier: int = 0
    fear_failed: bool = False
    weapon: Weapon | None = None


@dataclass(frozen=True)
class Striker:
    """One profile striking in one engagement: the unit's own, or its mount's."""

    engagement: Engagement
    profile: Profile
    weapon: Weapon | None
    mount: bool

    @property
    def key(self) -> tuple[int, int]:
        """(band, initiative): band 2 always strikes first, 1 as normal, 0 strikes last."""
        return strike_key(self.engagement.attacker, self.profile, self.mount)


def strike_key(unit: Unit, profile: Profile, mount: bool = False) -> tuple[int, int]:
    """FB-INIT-1: the order a profile strikes in, larger first: (band, initiative)."""
    if mount:
        return 1, profile.i
    first = unit.has(Special.ALWAYS_STRIKES_FIRST)
    last = unit.has(Special.ALWAYS_STRIKES_LAST) or unit.weapon.strikes_last
    band = 1 if first == last else (2 if first else 0)
    return band, profile.i


def strikers(engagements: Sequence[Engagement]) -> list[Striker]:
    out: list[Striker] = []
    for e in engagements:
        out.append(Striker(e, e.attacker.profile, None, False))
        if e.attacker.mount is not None:
            out.append(Striker(e, e.attacker.mount, None, True))
    return out


def initiative_steps(engagements: Sequence[Engagement]) -> list[list[Striker]]:
    """FB-INIT-1: the strikers grouped into steps, first step first; a step's strikers strike
    at the same time."""
    steps: dict[tuple[int, int], list[Striker]] = {}
    for s in strikers(engagements):
        steps.setdefault(s.key, []).append(s)
    return [steps[k] for k in sorted(steps, reverse=True)]


def attacks_of(striker: Striker) -> int:
    """The attacks a striker makes: each fighting model's A, +1 for frenzy (a rider's),
    + its weapon's extra attacks."""
    e = striker.engagement
    unit = e.attacker
    fighting = unit.models if e.models is None else min(e.models, unit.models)
    per = striker.profile.a
    if not striker.mount:
        arm = unit.weapon if e.weapon is None else e.weapon
        per += arm.extra_attacks + (1 if unit.has(Special.FRENZY) else 0)
    return fighting * per


@dataclass
class StepResult:
    """One initiative step: who struck with how many attacks, and the damage done."""

    band: int
    initiative: int
    strikes: list[tuple[str, str, int, Damage]] = field(default_factory=list)

    def slain_by(self, unit: str) -> int:
        """Models slain by ``unit`` in this step (NW-BOARD-3 moves that many across)."""
        return sum(d.slain for who, _, _, d in self.strikes if who == unit)


@dataclass
class RoundResult:
    """A round of combat: its steps, and the wounds each seat inflicted (FB-COMBAT-1)."""

    steps: list[StepResult] = field(default_factory=list)
    wounds: dict[str, int] = field(default_factory=dict)

    def slain_by(self, unit: str) -> int:
        return sum(s.slain_by(unit) for s in self.steps)


def fight_round(g: Game, engagements: Sequence[Engagement], *, first_round: bool = False) -> Generator[Prompt, Any, RoundResult]:
    """FB-INIT-1: strike every engagement in initiative order.  Each step's attacks are counted
    before any of them is rolled, so strikers of equal initiative strike simultaneously; a unit
    wiped out in an earlier step does not strike."""
    result = RoundResult()
    for seat in dict.fromkeys(e.attacker.seat for e in engagements):
        result.wounds[seat] = 0
    for step in initiative_steps(engagements):
        yield from strike_step(g, step, result, first_round=first_round)
    return result


def strike_step(g: Game, step: Sequence[Striker], result: RoundResult, *, first_round: bool = False) -> Generator[Prompt, Any, StepResult]:
    """FB-INIT-1: one initiative step: the strikers of one (band, initiative), their attacks
    counted before any die is rolled, then struck.  The step is added to ``result`` (its wounds
    to the seats' tallies).  A rule set that moves models between steps (NW-BOARD-3's boarders)
    works out each step's strikers afresh and calls this once a step."""
    band, initiative = step[0].key
    counted = [(s, attacks_of(s)) for s in step]
    g.emit(
        "strike-step",
        "FB-INIT-1",
        band={2: "always strikes first", 1: "initiative", 0: "always strikes last"}[band],
        initiative=initiative,
        strikers=[{"unit": s.engagement.attacker.name, "mount": s.mount, "target": s.engagement.target.name, "attacks": n} for s, n in counted],
    )
    done = StepResult(band, initiative)
    for s, n in counted:
        e = s.engagement
        if n <= 0 or not e.target.alive:
            continue
        dmg = yield from melee_strike(
            g,
            e.attacker,
            e.target,
            n,
            profile=s.profile if s.mount else None,
            weapon=None if s.mount else e.weapon,
            modifier=e.modifier,
            fear_failed=e.fear_failed,
            first_round=first_round,
        )
        done.strikes.append((e.attacker.name, e.target.name, n, dmg))
        if not e.target.part:
            result.wounds[e.attacker.seat] = result.wounds.get(e.attacker.seat, 0) + dmg.inflicted
    result.steps.append(done)
    return done
