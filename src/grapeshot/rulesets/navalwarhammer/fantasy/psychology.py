"""Psychology: panic, fear, terror, stupidity and animosity, the tests and what a failure does.

At sea every such test is taken once per boat and unit type (NW-PSY-1): :func:`by_type`
groups the units aboard one boat, :func:`take_aboard` tests each group once and the verdict
holds for every model of the type.  When a test is due (a unit destroyed nearby, a
fear-causing enemy in contact, the start of a turn) is the rule set's to say; this module rolls
it and says what follows, as :class:`Effect` data the rule set acts on:

============  ==========================  ===========================================
test          roll (FB-PSY-*)             a failure
============  ==========================  ===========================================
panic         2D6 at most Ld              the unit flees (``flees``)
fear          2D6 at most Ld              WS 1 for this round of combat (``ws-one``)
terror        2D6 at most Ld              flees, and takes no charge reaction (NW-BOARD-2)
stupidity     2D6 at most Ld              does not work the ship and wanders D6" forward
                                          (NW-PSY-3); not tested while in combat
animosity     D6, a 1 fails               the animosity chart: 1 brawl (D6 S3 hits on
                                          itself), 2-5 squabble, 6 surge at the enemy
============  ==========================  ===========================================

A fleeing unit's rally (FB-RALLY-1, :func:`rally_test`: 2D6 at most Ld) is a Leadership test of
the flight rules and not one of these: no First Mate re-rolls it.

Immunities: immune to psychology (also frenzy, unbreakable and stupid models) skips panic,
fear and terror; fear-causers are immune to fear, terror-causers to fear and terror.  Stupidity
and animosity are tested whatever the unit's immunities.  A First Mate may re-roll a failed
test (NW-UPG-7), through the roll's grant.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, TWO_D6, RollRequest
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAUSES, Special
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, Damage, resolve_hits
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit


class Psychology(str, Enum):
    PANIC = "panic"
    FEAR = "fear"
    TERROR = "terror"
    STUPIDITY = "stupidity"
    ANIMOSITY = "animosity"


#: the rule each test's roll is made under
RULES: dict[Psychology, str] = {
    Psychology.PANIC: "FB-PSY-1",
    Psychology.FEAR: "FB-PSY-2",
    Psychology.TERROR: "FB-PSY-3",
    Psychology.STUPIDITY: "FB-PSY-4",
    Psychology.ANIMOSITY: "FB-PSY-5",
}


class Effect(str, Enum):
    """What a failed test does, for the rule set to act on."""

    FLEES = "flees"
    WS_ONE = "ws-one"
    NO_CHARGE_REACTION = "no-charge-reaction"
    NOT_WORKING = "not-working"
    WANDERS = "wanders"
    BRAWL = "brawl"
    SQUABBLE = "squabble"
    SURGE = "surge"


#: what failing each test does (animosity's effect comes from its chart)
FAILURE: dict[Psychology, tuple[Effect, ...]] = {
    Psychology.PANIC: (Effect.FLEES,),
    Psychology.FEAR: (Effect.WS_ONE,),
    Psychology.TERROR: (Effect.FLEES, Effect.NO_CHARGE_REACTION),
    Psychology.STUPIDITY: (Effect.NOT_WORKING, Effect.WANDERS),
}

#: FB-PSY-5: the animosity chart (D6) for a type that failed its animosity test.  A brawl
#: keeps the type busy as a squabble does, and costs it D6 S3 hits from its own fists.
ANIMOSITY_CHART: dict[int, tuple[Effect, ...]] = {
    1: (Effect.BRAWL, Effect.SQUABBLE),
    2: (Effect.SQUABBLE,),
    3: (Effect.SQUABBLE,),
    4: (Effect.SQUABBLE,),
    5: (Effect.SQUABBLE,),
    6: (Effect.SURGE,),
}
#: the strength of the blows a brawling type deals itself
BRAWL_STRENGTH = 3
#: a type needs this many models aboard to squabble (fewer are too few to start a row)
ANIMOSITY_MODELS = 5

#: the special rules that make a unit immune to panic, fear and terror
IMMUNE = frozenset({Special.IMMUNE_PSYCHOLOGY, Special.UNBREAKABLE, Special.FRENZY, Special.STUPIDITY})


@dataclass(frozen=True, slots=True)
class Verdict:
    """A test of one unit type aboard one boat (NW-PSY-1): the Ld used, the roll, whether it
    passed, why it was not taken (``immune``), and the effects of a failure."""

    test: Psychology
    unit_type: str
    boat: str | None
    ld: int | None
    roll: int | None
    passed: bool
    effects: tuple[Effect, ...] = ()
    immune: str | None = None
    #: the inches a stupid type wanders (NW-PSY-3)
    wander: int | None = None
    #: the chart result of a failed animosity test
    chart: int | None = None
    brawl: Damage | None = None


def by_type(units: Iterable[Unit]) -> list[list[Unit]]:
    """NW-PSY-1: the units aboard one boat grouped by unit type (their name), in order."""
    groups: dict[str, list[Unit]] = {}
    for u in units:
        if u.alive and not u.part:
            groups.setdefault(u.name, []).append(u)
    return list(groups.values())


def immunity(test: Psychology, units: Sequence[Unit]) -> str | None:
    """Why ``units`` need not take ``test``, or None."""
    if test in (Psychology.STUPIDITY, Psychology.ANIMOSITY):
        return None
    for rule in IMMUNE:
        if any(u.has(rule) for u in units):
            return rule.value
    feared = {Psychology.FEAR: Special.FEAR, Psychology.TERROR: Special.TERROR}.get(test)
    for cause, immune_to in CAUSES.items():
        if feared in immune_to and any(u.has(cause) for u in units):
            return f"causes {cause.value}"
    return None


def subject(test: Psychology, units: Sequence[Unit]) -> bool:
    """Whether a type must take ``test`` at all: stupidity only stupid types, animosity only
    types with animosity and enough models aboard."""
    if test is Psychology.STUPIDITY:
        return any(u.has(Special.STUPIDITY) for u in units)
    if test is Psychology.ANIMOSITY:
        return any(u.has(Special.ANIMOSITY) for u in units) and sum(u.models for u in units) >= ANIMOSITY_MODELS
    return True


def take_test(g: Game, test: Psychology, units: Sequence[Unit], *, ld: int | None = None, boat: str | None = None) -> Generator[Prompt, Any, Verdict]:
    """Take ``test`` once for one unit type aboard one boat (``units``: that type's units there).
    ``ld`` is the Ld tested (by default the highest among them; the rule set may lend a higher
    one).  The roll names the boat as its actor, so a First Mate aboard may re-roll it."""
    if not units:
        raise ValueError(f"a {test.value} test needs the units that take it")
    name = units[0].name
    seat = units[0].seat
    where = boat if boat is not None else units[0].boat
    actor = where if where is not None else name
    rule = RULES[test]
    why = immunity(test, units)
    if why is not None:
        g.emit("psychology", rule, test=test.value, unit_type=name, boat=where, passed=True, immune=why)
        return Verdict(test, name, where, None, None, True, immune=why)
    if test is Psychology.ANIMOSITY:
        return (yield from _animosity(g, units, name, seat, where, actor))
    tested = ld if ld is not None else max(u.profile.ld for u in units)
    r = yield from g.roll(RollRequest(TWO_D6, f"{name}{_aboard(where)}: {test.value} test on Ld {tested}", rule, seat, actor, "low", tested))
    passed = r.total <= tested
    effects = () if passed else FAILURE[test]
    wander = None
    if not passed and test is Psychology.STUPIDITY:
        w = yield from g.roll(RollRequest(D6, f"{name}{_aboard(where)}: stupid, wanders forward", "NW-PSY-3", seat, actor, None))
        wander = w.total
    g.emit(
        "psychology",
        rule,
        test=test.value,
        unit_type=name,
        boat=where,
        ld=tested,
        roll=r.total,
        passed=passed,
        effects=[e.value for e in effects],
        wander=wander,
    )
    return Verdict(test, name, where, tested, r.total, passed, effects, wander=wander)


def _aboard(boat: str | None) -> str:
    return "" if boat is None else f" aboard {boat}"


def _animosity(g: Game, units: Sequence[Unit], name: str, seat: str, where: str | None, actor: str) -> Generator[Prompt, Any, Verdict]:
    """FB-PSY-5: a D6 per type; a 1 fails and is looked up on the animosity chart."""
    r = yield from g.roll(RollRequest(D6, f"{name}{_aboard(where)}: animosity (a 1 fails)", "FB-PSY-5", seat, actor, "high", 2))
    if r.total >= 2:
        g.emit("psychology", "FB-PSY-5", test="animosity", unit_type=name, boat=where, roll=r.total, passed=True, effects=[])
        return Verdict(Psychology.ANIMOSITY, name, where, None, r.total, True)
    c = yield from g.roll(RollRequest(D6, f"{name}{_aboard(where)}: the animosity chart", "FB-PSY-5", seat, actor, None))
    chart = int(c.total)
    effects = ANIMOSITY_CHART[chart]
    brawl = None
    if Effect.BRAWL in effects:
        n = yield from g.roll(RollRequest(D6, f"{name}{_aboard(where)}: blows traded in the brawl", "FB-PSY-5", seat, actor, None))
        target = max(units, key=lambda u: u.models)
        brawl = yield from resolve_hits(g, seat, target, int(n.total), Attack(f"{name} brawling", BRAWL_STRENGTH))
    g.emit("psychology", "FB-PSY-5", test="animosity", unit_type=name, boat=where, roll=r.total, passed=False, chart=chart, effects=[e.value for e in effects])
    return Verdict(Psychology.ANIMOSITY, name, where, None, r.total, False, effects, chart=chart, brawl=brawl)


def take_aboard(g: Game, test: Psychology, units: Iterable[Unit], *, boat: str | None = None, ld: int | None = None) -> Generator[Prompt, Any, list[Verdict]]:
    """NW-PSY-1: ``test`` once for each unit type aboard one boat that is subject to it; each
    verdict holds for all the models of its type."""
    out: list[Verdict] = []
    for group in by_type(units):
        if subject(test, group):
            out.append((yield from take_test(g, test, group, ld=ld, boat=boat)))
    return out


#: FB-RALLY-1: a fleeing unit's rally (a Leadership test of the flight rules, not a psychology test)
RALLY_RULE = "FB-RALLY-1"


def rally_test(g: Game, name: str, seat: str, actor: str, ld: int) -> Generator[Prompt, Any, bool]:
    """FB-RALLY-1: a fleeing unit rallies on 2D6 at most its Ld, else flees on.  Rolled under its
    own rule, not a psychology test's: a First Mate's re-roll (NW-UPG-7) is not offered for it."""
    r = yield from g.roll(RollRequest(TWO_D6, f"{name}: rally on Ld {ld}", RALLY_RULE, seat, actor, "low", ld))
    rallied = r.total <= ld
    g.emit("rally", RALLY_RULE, unit=name, ld=ld, roll=r.total, rallied=rallied)
    return rallied


def panic_from_casualties(lost: int, at_start: int) -> bool:
    """FB-PSY-1: a unit that loses a quarter or more of the models it had at the start of a
    phase to shooting takes a panic test."""
    return at_start > 0 and 4 * lost >= at_start
