"""The full-throttle chart and the engineer's re-roll (NW-MOVE-4); swimming and drowning
(NW-SWIM-1) and aquatic creatures."""

from __future__ import annotations

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special
from grapeshot.rulesets.navalwarhammer.fantasy.rerolls import CrewOfficers
from grapeshot.rulesets.navalwarhammer.fantasy.swimming import armour_penalty, swim
from grapeshot.rulesets.navalwarhammer.fantasy.throttle import CHART, full_throttle
from tests.rulesets.navalwarhammer.harness import events, run, table, unit

# the full-throttle chart as written down: D6 -> (extra steam points, boiler bursts)
WRITTEN = {1: (0, True), 2: (0, False), 3: (0, False), 4: (1, False), 5: (1, False), 6: (2, False)}


@pytest.mark.rules("FB-THROTTLE-1")
@pytest.mark.parametrize(("face", "result"), sorted(WRITTEN.items()))
def test_the_full_throttle_chart(face: int, result: tuple[int, bool]) -> None:
    assert CHART[face] == result
    g = table([face])
    t = run(g, full_throttle(g, "red", "Iron Duke"))
    assert (t.extra, t.burst) == result
    assert events(g, "full-throttle")[0].data["extra_steam"] == result[0]


def _take(p: Prompt) -> Reroll:
    assert isinstance(p, RerollPrompt) and p.rule == "NW-MOVE-4" and p.whole and p.grant is not None and not p.grant.on_failure
    return Reroll(whole=True)


@pytest.mark.rules("NW-MOVE-4", "FB-THROTTLE-1")
def test_an_engineer_may_re_roll_the_chart_once_whatever_it_shows() -> None:
    crews = {"Iron Duke": CrewOfficers("red", engineer=True)}
    g = table([1, 6], crews)
    t = run(g, full_throttle(g, "red", "Iron Duke"), [_take])
    assert (t.roll, t.extra, t.burst) == (6, 2, False)
    (rr,) = events(g, "reroll")
    assert (rr.data["granted_by"], rr.rule) == ("NW-MOVE-4", "FB-THROTTLE-1")
    # offered even on a good roll; once only: the second roll stands
    g = table([4, 1], crews)
    assert run(g, full_throttle(g, "red", "Iron Duke"), [_take]).burst
    g = table([6], crews)
    assert run(g, full_throttle(g, "red", "Iron Duke"), [Reroll(None)]).extra == 2
    # no engineer, no offer; a First Mate does not re-roll the chart
    for officers in (CrewOfficers("red"), CrewOfficers("red", first_mate=True)):
        g = table([1], {"Iron Duke": officers})
        assert run(g, full_throttle(g, "red", "Iron Duke")).burst


@pytest.mark.rules("NW-SWIM-1")
@pytest.mark.parametrize(
    ("sv", "shield", "penalty"),
    [(None, False, 0), (6, False, 0), (5, False, 0), (4, False, 1), (3, False, 2), (2, False, 3), (1, False, 4), (4, True, 0), (2, True, 2), (6, True, 0)],
)
def test_armour_better_than_5_plus_slows_a_swimmer_and_shields_are_dropped(sv: int | None, shield: bool, penalty: int) -> None:
    assert armour_penalty(unit("Swimmer", sv=sv, shield=shield)) == penalty


@pytest.mark.rules("NW-SWIM-1")
@pytest.mark.parametrize(("face", "sv", "distance"), [(2, None, 1), (6, None, 5), (6, 3, 3), (3, 2, 0), (4, 4, 2)])
def test_swimming_d6_less_one_less_armour(face: int, sv: int | None, distance: float) -> None:
    u = unit("Men", models=3, sv=sv)
    g = table([face])
    s = run(g, swim(g, u))
    assert (s.distance, s.drowned, u.models) == (distance, False, 3)


@pytest.mark.rules("NW-SWIM-1")
def test_a_one_drowns_the_swimmer_whatever_its_armour() -> None:
    for sv in (None, 6, 2):
        u = unit("Men", models=3, sv=sv)
        g = table([1])
        s = run(g, swim(g, u))
        assert s.drowned and s.distance == 0 and u.models == 2
        (ev,) = events(g, "swim")
        assert (ev.rule, ev.data["drowned"]) == ("NW-SWIM-1", True)


def test_aquatic_creatures_swim_their_move_and_never_drown() -> None:
    trolls = unit("River Trolls", m=6, models=3, specials=[Special.AQUATIC])
    g = table([])
    s = run(g, swim(g, trolls))
    assert (s.distance, s.drowned, s.roll) == (6.0, False, None)
    assert events(g, "swim")[0].rule == "NW-SWIM-2"
