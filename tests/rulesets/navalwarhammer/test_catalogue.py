"""The catalogue of armies: properties over every entry (hypothesis), and what Naval Warhammer
asks of it: capacity classes (NW-SHIP-3), war machine slots (NW-SLOT-2), the First Mate
(NW-UPG-7), engineers (NW-MOVE-4), handlers (NW-PSY-2), stupid units (NW-PSY-3), aquatics."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grapeshot.rulesets.navalwarhammer.armies import (
    ARMIES,
    CANNON_SPECIAL,
    FIRST_MATE_POINTS,
    CatalogueError,
    Slot,
    UnitEntry,
    all_units,
    army,
    war_machine_slot,
)
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAPACITY, CHARACTERISTICS, LIMITS, Troop

UNITS = all_units()
units = st.sampled_from(UNITS)

#: NW-SHIP-3 as the text gives it
WRITTEN_CAPACITY = {
    Troop.INFANTRY: 1,
    Troop.CAVALRY: 2,
    Troop.WAR_BEAST: 2,
    Troop.MONSTROUS_INFANTRY: 3,
    Troop.MONSTROUS_BEAST: 3,
    Troop.MONSTROUS_CAVALRY: 4,
    Troop.MONSTER: 6,
}


@given(units)
def test_every_profile_is_within_the_game_and_points_are_positive(u: UnitEntry) -> None:
    for p in (u.profile, u.mount, *(() if u.handlers is None else (u.handlers.profile,)), *(() if u.crew is None else (u.crew.profile,))):
        if p is None:
            continue
        for name in CHARACTERISTICS:
            low, high = LIMITS[name]
            assert low <= getattr(p, name) <= high, f"{u.key}: {name}"
        assert p.sv is None or 1 <= p.sv <= 6
        assert p.ward is None or 2 <= p.ward <= 6
    assert u.points > 0 and u.cost() > 0
    assert u.slot in Slot


@pytest.mark.rules("NW-SHIP-3")
@given(units)
def test_every_unit_has_its_capacity_class(u: UnitEntry) -> None:
    assert u.capacity == CAPACITY[u.troop]
    assert u.capacity in (0, 1, 2, 3, 4, 6)
    if u.troop in WRITTEN_CAPACITY:
        assert u.capacity == WRITTEN_CAPACITY[u.troop]
    if u.troop is Troop.WAR_MACHINE:
        # war machines are in their own category: neither they nor their crews count
        assert u.capacity == 0 and u.crew_capacity == 0 and u.crew is not None


@pytest.mark.rules("NW-SHIP-3")
def test_the_capacity_table_is_the_texts() -> None:
    assert {t: CAPACITY[t] for t in WRITTEN_CAPACITY} == WRITTEN_CAPACITY
    # every class the text names has a unit in the catalogue
    assert {u.troop for u in UNITS} >= set(WRITTEN_CAPACITY) | {Troop.WAR_MACHINE}


@pytest.mark.rules("NW-CREW-1")
@given(units)
def test_who_may_work_a_ship(u: UnitEntry) -> None:
    if u.troop in (Troop.CAVALRY, Troop.MONSTROUS_CAVALRY, Troop.MONSTER, Troop.WAR_BEAST, Troop.MONSTROUS_BEAST, Troop.SWARM, Troop.WAR_MACHINE):
        assert not u.can_work_ship
    if u.troop is Troop.INFANTRY:
        assert u.can_work_ship


@pytest.mark.rules("NW-SLOT-2")
@given(units)
def test_war_machines_sit_in_the_slot_their_army_takes_them(u: UnitEntry) -> None:
    if u.machine is None:
        return
    assert u.slot is war_machine_slot(u.army, u.machine)
    assert u.two_for_one == (u.machine == "bolt thrower")


@pytest.mark.rules("NW-SLOT-2")
def test_which_armies_take_cannons_as_special() -> None:
    assert {"dwarfs", "chaos-dwarfs", "empire", "skaven"} == CANNON_SPECIAL
    for key in ("dwarfs", "chaos-dwarfs", "empire", "skaven"):
        assert (war_machine_slot(key, "cannon"), war_machine_slot(key, "bolt thrower"), war_machine_slot(key, "stone thrower")) == (
            Slot.SPECIAL,
            Slot.RARE,
            Slot.RARE,
        )
    for key in ("orcs-and-goblins", "dark-elves", "high-elves"):
        assert (war_machine_slot(key, "cannon"), war_machine_slot(key, "bolt thrower"), war_machine_slot(key, "stone thrower")) == (
            Slot.RARE,
            Slot.SPECIAL,
            Slot.SPECIAL,
        )
    for a in ARMIES.values():
        kinds = {u.machine for u in a.units if u.machine is not None}
        assert kinds == {"cannon", "bolt thrower", "stone thrower"}, a.key
    assert army("orcs-and-goblins").unit("Spear Chukka").slot is Slot.SPECIAL and army("empire").unit("Great Cannon").slot is Slot.SPECIAL


def test_each_army_has_characters_core_special_and_rare_choices() -> None:
    assert len(ARMIES) >= 4
    for a in ARMIES.values():
        for slot in Slot:
            assert a.choices(slot), f"{a.name} has no {slot.value} choice"


@pytest.mark.rules("NW-UPG-7")
@given(units)
def test_characters_and_units_with_a_champion_may_take_a_first_mate(u: UnitEntry) -> None:
    assert u.first_mate == (u.is_character or u.champion is not None)
    if u.first_mate and u.is_character:
        assert u.cost(first_mate=True) == u.cost() + FIRST_MATE_POINTS
    elif u.first_mate:
        # the champion is upgraded: his points and the First Mate's, once
        assert u.cost(first_mate=True) == u.cost(champion=True) + FIRST_MATE_POINTS
        assert u.cost(first_mate=True, champion=True) == u.cost(first_mate=True)
    else:
        with pytest.raises(CatalogueError, match="NW-UPG-7"):
            u.cost(first_mate=True)


@pytest.mark.rules("NW-UPG-7")
def test_the_first_mate_replaces_the_standard_bearer() -> None:
    halberds = army("empire").unit("Halberdiers")
    assert halberds.cost(10, champion=True, musician=True, standard=True) == 60 + 10 + 5 + 10
    assert halberds.cost(10, champion=True, musician=True, first_mate=True) == 60 + 10 + 5 + FIRST_MATE_POINTS
    with pytest.raises(CatalogueError, match="replaces the standard bearer"):
        halberds.cost(10, standard=True, first_mate=True)
    assert army("dwarfs").unit("Thane").cost(first_mate=True) == 65 + FIRST_MATE_POINTS


@pytest.mark.rules("NW-MOVE-4")
def test_the_engineers_are_the_ones_the_text_names() -> None:
    engineers = {(u.army, u.name) for u in UNITS if u.engineer}
    assert engineers == {("empire", "Master Engineer"), ("skaven", "Warlock Engineer"), ("dwarfs", "Runesmith"), ("dwarfs", "Runelord")}
    assert not army("dwarfs").unit("Master Engineer").engineer


@pytest.mark.rules("NW-PSY-2")
def test_monsters_and_beasts_come_with_their_handlers() -> None:
    handled = {u.name: u.handlers for u in UNITS if u.handlers is not None}
    assert set(handled) >= {"Squig Herd", "Giant Rats", "Rat Ogres", "War Hydra", "Kharibdyss"}
    rats = army("skaven").unit("Giant Rats")
    assert rats.handlers is not None and rats.handlers.needed(5) == 1 and rats.handlers.needed(13) == 3
    assert rats.cost(13) == 13 * 3 + 3 * 6
    hydra = army("dark-elves").unit("War Hydra")
    assert hydra.handlers is not None and hydra.handlers.needed(1) == 2 and hydra.cost() == 175


@pytest.mark.rules("NW-PSY-3")
def test_the_stupid_units() -> None:
    stupid = {u.name for u in UNITS if u.stupid}
    assert stupid == {"Trolls", "River Trolls", "Stone Trolls", "Cold One Knights"}


@pytest.mark.rules("NW-SWIM-2")
def test_the_aquatic_units() -> None:
    assert {u.name for u in UNITS if u.aquatic} == {"River Trolls", "Kharibdyss"}
    assert {u.name for u in UNITS if u.flies} == {"Harpies"}


@given(units, st.integers(0, 40), st.booleans(), st.booleans())
def test_costs_grow_with_models_and_upgrades(u: UnitEntry, extra: int, musician: bool, champion: bool) -> None:
    low, high = u.size
    n = low + extra if high is None else min(high, low + extra)
    musician = musician and u.musician is not None
    champion = champion and u.champion is not None
    cost = u.cost(n, musician=musician, champion=champion)
    assert cost >= u.cost(low) > 0
    if high is None or n + 1 <= high:
        assert u.cost(n + 1, musician=musician, champion=champion) > cost


def test_bad_entries_and_bad_loadouts_are_refused_by_name() -> None:
    good = army("empire").unit("Halberdiers")
    for change, words in (
        (dict(points=0), "points must be positive"),
        (dict(size=(0, None)), "size"),
        (dict(slot=Slot.HERO), "a character is a single model"),
        (dict(troop=Troop.WAR_MACHINE), "a war machine has a kind and a crew"),
        (dict(two_for_one=True), "only war machines are taken two for one"),
        (dict(wizard=(3, 2)), "wizard levels"),
        (dict(troop=Troop.CAVALRY), "cavalry need a mount"),
        (dict(champion=0), "an upgrade costs points"),
    ):
        with pytest.raises(CatalogueError, match=f"empire: Halberdiers: {words}"):
            replace(good, **change)  # type: ignore[arg-type]
    with pytest.raises(CatalogueError, match="allows 10 to any number"):
        good.cost(5)
    with pytest.raises(CatalogueError, match="wizard level 3 is not allowed"):
        army("empire").unit("Battle Wizard").cost(level=3)
    assert army("empire").unit("Battle Wizard").cost(level=2) == 100
    with pytest.raises(CatalogueError, match="no standard bearer allowed"):
        army("skaven").unit("Skavenslaves").cost(20, standard=True)
    with pytest.raises(CatalogueError, match="no army 'lizardmen'"):
        army("lizardmen")
    with pytest.raises(CatalogueError, match="has no 'Steam Tank'"):
        army("empire").unit("Steam Tank")
