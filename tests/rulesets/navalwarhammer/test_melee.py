"""A round of close combat in initiative order, with scripted dice."""

from __future__ import annotations

import pytest

from grapeshot.rulesets.navalwarhammer.fantasy.melee import Engagement, attacks_of, fight_round, initiative_steps, strike_key, strikers
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile, Special, Weapon
from grapeshot.rulesets.navalwarhammer.fantasy.units import ship_part
from tests.rulesets.navalwarhammer.harness import events, run, table, unit

GREAT_WEAPON = Weapon("great weapon", strength=2, strikes_last=True)

pytestmark = pytest.mark.rules("FB-INIT-1")


def test_strikes_go_by_initiative_with_always_first_and_always_last_bands() -> None:
    elves = unit("Elves", i=5)
    men = unit("Men", "blue", i=3)
    fanatics = unit("Zealots", "blue", i=2, specials=[Special.ALWAYS_STRIKES_FIRST])
    sword = unit("Greatswords", i=6, weapon=GREAT_WEAPON)
    both = unit("Odd", i=4, specials=[Special.ALWAYS_STRIKES_FIRST], weapon=GREAT_WEAPON)
    assert strike_key(fanatics, fanatics.profile) == (2, 2)
    assert strike_key(sword, sword.profile) == (0, 6)
    assert strike_key(both, both.profile) == (1, 4)
    steps = initiative_steps([Engagement(elves, men), Engagement(men, elves), Engagement(fanatics, elves), Engagement(sword, men), Engagement(both, men)])
    order = [[s.engagement.attacker.name for s in step] for step in steps]
    assert order == [["Zealots"], ["Elves"], ["Odd"], ["Men"], ["Greatswords"]]


def test_a_mount_strikes_at_its_own_initiative() -> None:
    knights = unit("Knights", i=3, mount=Profile(8, 3, 0, 4, 3, 1, 5, 1, 5))
    listed = strikers([Engagement(knights, unit("Men", "blue"))])
    assert [(s.mount, s.key) for s in listed] == [(False, (1, 3)), (True, (1, 5))]
    # the mount (I5) strikes before its rider (I3), at its own strength
    g = table([5, 4, 5, 4])
    r = run(g, fight_round(g, [Engagement(knights, unit("Men", "blue", models=5), models=1)]))
    hits = events(g, "to-hit")
    assert [e.data["source"] for e in hits] == ["Knights (mount)", "Knights"]
    assert events(g, "to-wound")[0].data["strength"] == 4
    assert r.wounds == {"red": 2}


def test_equal_initiative_strikes_at_the_same_time() -> None:
    red = unit("Orcs", "red", i=3, models=1, a=2)
    blue = unit("Men", "blue", i=3, models=1, a=1)
    # red's 2 attacks: 4 4 hit, 4 wound (1 is enough), blue's: 4 hits, 4 wounds; both die
    g = table([4, 4, 4, 1, 4, 4])
    r = run(g, fight_round(g, [Engagement(red, blue), Engagement(blue, red)]))
    assert red.models == 0 and blue.models == 0
    assert r.wounds == {"red": 1, "blue": 1}
    assert len(r.steps) == 1 and r.steps[0].slain_by("Orcs") == 1 and r.steps[0].slain_by("Men") == 1
    (step,) = events(g, "strike-step")
    assert (step.rule, step.data["initiative"], [s["attacks"] for s in step.data["strikers"]]) == ("FB-INIT-1", 3, [2, 1])


def test_a_unit_wiped_out_before_its_step_does_not_strike() -> None:
    elves = unit("Elves", "red", i=5, models=2)
    men = unit("Men", "blue", i=3, models=2)
    g = table([4, 4, 5, 5])
    r = run(g, fight_round(g, [Engagement(elves, men), Engagement(men, elves)]))
    assert men.models == 0 and elves.models == 2
    assert r.wounds == {"red": 2, "blue": 0}
    assert [e.data["source"] for e in events(g, "to-hit")] == ["Elves"]
    assert r.slain_by("Elves") == 2


def test_attacks_count_fighting_models_frenzy_and_extra_weapons() -> None:
    savages = unit("Savages", a=1, models=10, specials=[Special.FRENZY], weapon=Weapon("two choppas", extra_attacks=1))
    assert attacks_of(strikers([Engagement(savages, unit("Men", "blue"), models=4)])[0]) == 12
    assert attacks_of(strikers([Engagement(savages, unit("Men", "blue"))])[0]) == 30


@pytest.mark.rules("FB-HIT-1")
def test_the_to_hit_modifier_of_an_engagement_and_ship_parts_in_combat() -> None:
    crew = unit("Corsairs", ws=4, models=1)
    g = table([3, 4])  # WS4 v WS4 needs 4+, 3+ with the +1 of a higher deck
    run(g, fight_round(g, [Engagement(crew, unit("Men", "blue", ws=4), modifier=1)]))
    assert events(g, "to-hit")[0].data["needed"] == 3
    # blows on a ship part do not count towards the combat result
    mast = ship_part("Mast", "blue", 6, 5)
    g = table([6])
    r = run(g, fight_round(g, [Engagement(unit("Axes", s=4, models=1), mast)]))
    assert mast.wounded == 1 and r.wounds == {"red": 0}
