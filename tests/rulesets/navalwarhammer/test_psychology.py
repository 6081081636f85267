"""Psychology with scripted dice: once per boat and unit type (NW-PSY-1), each test and what a
failure does, immunities, stupidity at sea (NW-PSY-3), animosity and its chart, and the First
Mate's re-roll (NW-UPG-7)."""

from __future__ import annotations

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special
from grapeshot.rulesets.navalwarhammer.fantasy.psychology import (
    ANIMOSITY_CHART,
    Effect,
    Psychology,
    by_type,
    immunity,
    panic_from_casualties,
    take_aboard,
    take_test,
)
from grapeshot.rulesets.navalwarhammer.fantasy.rerolls import CrewOfficers
from grapeshot.rulesets.navalwarhammer.fantasy.units import ship_part
from tests.rulesets.navalwarhammer.harness import events, run, table, unit


@pytest.mark.rules("NW-PSY-1", "FB-PSY-1")
def test_one_test_per_boat_and_unit_type_and_the_verdict_holds_for_the_type() -> None:
    gobbos_fore = unit("Night Goblins", models=12, ld=5, boat="Barge")
    savages = unit("Savage Orcs", models=10, ld=7, boat="Barge", specials=[Special.FRENZY])
    gobbos_aft = unit("Night Goblins", models=8, ld=6, boat="Barge")
    boss = unit("Night Goblin Big Boss", models=1, ld=6, boat="Barge")
    crew = [gobbos_fore, savages, gobbos_aft, boss, ship_part("Hull", "red", 8, 16, boat="Barge")]
    assert [[u.name for u in group] for group in by_type(crew)] == [["Night Goblins", "Night Goblins"], ["Savage Orcs"], ["Night Goblin Big Boss"]]
    # one panic roll for both Night Goblin units (their best Ld, 6), none for the frenzied Savage
    # Orcs, one for the Big Boss
    g = table([4, 4, 1, 2])
    verdicts = run(g, take_aboard(g, Psychology.PANIC, crew, boat="Barge"))
    assert [(v.unit_type, v.ld, v.roll, v.passed, v.effects, v.immune) for v in verdicts] == [
        ("Night Goblins", 6, 8, False, (Effect.FLEES,), None),
        ("Savage Orcs", None, None, True, (), "frenzy"),
        ("Night Goblin Big Boss", 6, 3, True, (), None),
    ]
    rolls = events(g, "roll")
    assert [(r.rule, r.data["purpose"]) for r in rolls] == [
        ("FB-PSY-1", "Night Goblins aboard Barge: panic test on Ld 6"),
        ("FB-PSY-1", "Night Goblin Big Boss aboard Barge: panic test on Ld 6"),
    ]
    # a borrowed Ld replaces the type's own
    g = table([4, 4])
    (v,) = run(g, take_aboard(g, Psychology.PANIC, [gobbos_fore], boat="Barge", ld=9))
    assert v.passed and v.ld == 9


@pytest.mark.rules("FB-PSY-2", "FB-PSY-3")
def test_fear_and_terror_and_who_is_immune() -> None:
    trolls = unit("Trolls", specials=[Special.FEAR, Special.STUPIDITY])
    ghosts = unit("Wraiths", specials=[Special.FEAR])
    giant = unit("Giant", specials=[Special.TERROR])
    assert immunity(Psychology.FEAR, [ghosts]) == "causes fear"
    assert immunity(Psychology.TERROR, [ghosts]) is None
    assert immunity(Psychology.FEAR, [giant]) == "causes terror" and immunity(Psychology.TERROR, [giant]) == "causes terror"
    assert immunity(Psychology.FEAR, [trolls]) is not None  # stupid models are immune to psychology
    assert immunity(Psychology.PANIC, [unit("Slayers", specials=[Special.UNBREAKABLE])]) == "unbreakable"
    assert (
        immunity(Psychology.STUPIDITY, [trolls]) is None
        and immunity(Psychology.ANIMOSITY, [unit("Orcs", specials=[Special.ANIMOSITY, Special.IMMUNE_PSYCHOLOGY])]) is None
    )
    g = table([5, 4])
    v = run(g, take_test(g, Psychology.FEAR, [unit("Men", ld=7)]))
    assert (v.passed, v.effects) == (False, (Effect.WS_ONE,))
    g = table([6, 4])
    v = run(g, take_test(g, Psychology.TERROR, [unit("Men", ld=7)]))
    assert (v.passed, v.effects) == (False, (Effect.FLEES, Effect.NO_CHARGE_REACTION))
    (ev,) = events(g, "psychology")
    assert (ev.rule, ev.data["test"], ev.data["effects"]) == ("FB-PSY-3", "terror", ["flees", "no-charge-reaction"])
    g = table([3, 4])
    assert run(g, take_test(g, Psychology.TERROR, [unit("Men", ld=7)])).passed


@pytest.mark.rules("NW-PSY-3", "FB-PSY-4")
def test_stupid_types_test_and_a_failure_stops_work_and_wanders_d6() -> None:
    trolls = unit("River Trolls", models=3, ld=4, boat="Barge", specials=[Special.STUPIDITY, Special.FEAR])
    gobbos = unit("Goblins", models=20, ld=6, boat="Barge")
    # only the trolls test; 3 3 fails Ld 4; they wander 5"
    g = table([3, 3, 5])
    (v,) = run(g, take_aboard(g, Psychology.STUPIDITY, [gobbos, trolls], boat="Barge"))
    assert (v.unit_type, v.passed, v.effects, v.wander) == ("River Trolls", False, (Effect.NOT_WORKING, Effect.WANDERS), 5)
    assert [e.rule for e in events(g, "roll")] == ["FB-PSY-4", "NW-PSY-3"]
    g = table([1, 3])
    (v,) = run(g, take_aboard(g, Psychology.STUPIDITY, [gobbos, trolls], boat="Barge"))
    assert v.passed and v.wander is None and v.effects == ()


@pytest.mark.rules("FB-PSY-5")
@pytest.mark.parametrize(("chart", "effects"), sorted(ANIMOSITY_CHART.items()))
def test_animosity_fails_on_a_one_and_reads_the_chart(chart: int, effects: tuple[Effect, ...]) -> None:
    orcs = unit("Orc Boyz", models=10, t=4, boat="Barge", specials=[Special.ANIMOSITY])
    # brawl: D6 blows (2), S3 against T4 (5+): 5 1
    script = [1, chart] + ([2, 5, 1] if chart == 1 else [])
    g = table(script)
    (v,) = run(g, take_aboard(g, Psychology.ANIMOSITY, [orcs], boat="Barge"))
    assert (v.passed, v.chart, v.effects) == (False, chart, effects)
    if chart == 1:
        assert v.brawl is not None and v.brawl.hits == 2 and v.brawl.slain == 1 and orcs.models == 9
    else:
        assert v.brawl is None and orcs.models == 10


@pytest.mark.rules("FB-PSY-5")
def test_animosity_passes_on_two_or_more_and_needs_five_models() -> None:
    g = table([2])
    (v,) = run(g, take_aboard(g, Psychology.ANIMOSITY, [unit("Orc Boyz", models=5, specials=[Special.ANIMOSITY])]))
    assert v.passed and v.effects == ()
    g = table([])
    assert run(g, take_aboard(g, Psychology.ANIMOSITY, [unit("Orc Boyz", models=4, specials=[Special.ANIMOSITY]), unit("Black Orcs", models=10)])) == []


@pytest.mark.rules("NW-UPG-7", "FB-PSY-1", "FB-PSY-5")
def test_a_first_mate_re_rolls_failed_psychology_tests() -> None:
    crews = {"Barge": CrewOfficers("red", first_mate=True)}
    g = table([6, 6, 2, 2], crews)
    (v,) = run(g, take_aboard(g, Psychology.PANIC, [unit("Goblins", ld=6, boat="Barge")], boat="Barge"), [Reroll(whole=True)])
    assert v.passed and v.roll == 4
    assert events(g, "reroll")[0].data["granted_by"] == "NW-UPG-7"
    # a failed animosity test is a psychology test too: its D6 is re-rolled, the chart is not
    g = table([1, 4], crews)
    (v,) = run(
        g, take_aboard(g, Psychology.ANIMOSITY, [unit("Goblins", models=20, boat="Barge", specials=[Special.ANIMOSITY])], boat="Barge"), [Reroll(whole=True)]
    )
    assert v.passed
    g = table([1, 1, 3], crews)
    (v,) = run(
        g, take_aboard(g, Psychology.ANIMOSITY, [unit("Goblins", models=20, boat="Barge", specials=[Special.ANIMOSITY])], boat="Barge"), [Reroll(whole=True)]
    )
    assert not v.passed and v.chart == 3


@pytest.mark.rules("FB-PSY-1")
@pytest.mark.parametrize(("lost", "start", "panics"), [(0, 10, False), (2, 10, False), (3, 10, True), (1, 4, True), (1, 5, False), (0, 0, False)])
def test_a_quarter_lost_to_shooting_causes_panic(lost: int, start: int, panics: bool) -> None:
    assert panic_from_casualties(lost, start) is panics


def test_a_test_needs_its_units() -> None:
    g = table([])
    with pytest.raises(ValueError, match="needs the units"):
        run(g, take_test(g, Psychology.PANIC, []))
