"""From the dice to the casualties, with scripted dice: to hit, to wound, saves, wards, multiple
wounds, killing blows, poison, hatred, missiles, and the immunities of ships."""

from __future__ import annotations

import pytest

from grapeshot.dice import D3, D6
from grapeshot.rulesets.navalwarhammer.fantasy.charts import LONG_RANGE, SOFT_COVER
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import HAND_WEAPON, Missile, Profile, ProfileError, Special, Troop, Weapon
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, melee_strike, resolve_hits, ship_immunity, shoot, ward_of
from grapeshot.rulesets.navalwarhammer.fantasy.units import ship_part
from tests.rulesets.navalwarhammer.harness import events, run, table, unit

BOW = Missile("bow", 24, 3)


@pytest.mark.rules("FB-HIT-1", "FB-WOUND-1", "FB-SAVE-1", "FB-WOUND-2")
def test_a_round_of_attacks_from_hits_to_casualties() -> None:
    boyz, elves = unit("Boyz", ws=3), unit("Elves", "blue", ws=4, sv=5)
    # to hit 4+: 3 4 5 -> 2 hits; to wound 4+: 1 6 -> 1 wound; armour 5+: 4 -> unsaved
    g = table([3, 4, 5, 1, 6, 4])
    d = run(g, melee_strike(g, boyz, elves, 3))
    assert (d.hits, d.wounds, d.wound_ones, d.saved, d.warded, d.inflicted, d.slain) == (2, 1, 1, 0, 0, 1, 1)
    assert elves.models == 9
    (hit,) = events(g, "to-hit")
    assert (hit.rule, hit.data["ws"], hit.data["enemy_ws"], hit.data["needed"], hit.data["dice"], hit.data["hits"]) == ("FB-HIT-1", 3, 4, 4, 3, 2)
    (wound,) = events(g, "to-wound")
    assert (wound.data["strength"], wound.data["toughness"], wound.data["needed"], wound.data["wounds"]) == (3, 3, 4, 1)
    (save,) = events(g, "armour-save")
    assert (save.rule, save.data["needed"], save.data["saved"]) == ("FB-SAVE-1", 5, 0)
    (w,) = events(g, "wounds")
    assert (w.rule, w.data["inflicted"], w.data["slain"], w.data["models_left"]) == ("FB-WOUND-2", 1, 1, 9)
    # every die was asked for under the rule it belongs to, by the right seat
    rolls = events(g, "roll")
    assert [(r.rule, r.data["seat"], r.data["faces"]) for r in rolls] == [
        ("FB-HIT-1", "red", [3, 4, 5]),
        ("FB-WOUND-1", "red", [1, 6]),
        ("FB-SAVE-1", "blue", [4]),
    ]


@pytest.mark.rules("FB-SAVE-1")
def test_strength_worsens_the_armour_save_and_takes_it_away() -> None:
    target = unit("Knights", "blue", t=3, sv=3, models=5)
    g = table([5, 4])  # S5 wounds T3 on 2+ and makes a 3+ save 5+: the 4 fails it
    d = run(g, resolve_hits(g, "red", target, 1, Attack("S5", 5)))
    assert d.wounds == 1 and d.saved == 0 and d.slain == 1
    g = table([5, 5])
    d = run(g, resolve_hits(g, "red", unit("K", "blue", sv=3, models=5), 1, Attack("S5", 5)))
    assert d.saved == 1 and d.slain == 0
    # S7 leaves a 3+ save nothing: no save is rolled
    g = table([2])
    d = run(g, resolve_hits(g, "red", unit("K", "blue", sv=3, models=5), 1, Attack("S7", 7)))
    assert d.slain == 1 and events(g, "armour-save") == []
    # armour piercing and "no armour"
    g = table([6])
    run(g, resolve_hits(g, "red", unit("K", "blue", sv=2, models=5), 1, Attack("cannonball", 10, no_armour=True)))
    assert events(g, "armour-save") == []


@pytest.mark.rules("FB-SAVE-2", "FB-SPEC-3")
def test_the_best_ward_is_rolled_and_flames_deny_regeneration() -> None:
    trolls = unit("Trolls", "blue", t=4, w=3, models=3, ward=6, specials=[Special.REGENERATION], troop=Troop.MONSTROUS_INFANTRY)
    assert ward_of(trolls, Attack("sword", 4)) == 4
    assert ward_of(trolls, Attack("torch", 4, flaming=True)) == 6
    # two wounds (S4 v T4: 4+), no armour, ward 4+: 3 fails, 4 saves; one wound taken of three
    g = table([4, 5, 3, 4])
    d = run(g, resolve_hits(g, "red", trolls, 2, Attack("sword", 4)))
    assert (d.wounds, d.warded, d.inflicted, d.slain) == (2, 1, 1, 0)
    assert trolls.wounded == 1 and trolls.models == 3
    (ward,) = events(g, "ward-save")
    assert (ward.rule, ward.data["needed"], ward.data["saved"]) == ("FB-SAVE-2", 4, 1)


@pytest.mark.rules("FB-SAVE-2")
def test_missile_and_template_wards_apply_only_to_their_kind() -> None:
    hull = ship_part("Hull", "blue", 9, 20, missile_ward=5)
    assert ward_of(hull, Attack("bolt", 6, missile=True)) == 5
    assert ward_of(hull, Attack("axe", 6)) is None
    crew = unit("Crew", "blue")
    crew.template_ward = 5
    assert ward_of(crew, Attack("stone", 3, missile=True, template=True)) == 5
    assert ward_of(crew, Attack("arrow", 3, missile=True)) is None


@pytest.mark.rules("FB-WOUND-2")
def test_multiple_wounds_stay_on_one_model_and_the_next_hit_starts_on_the_next() -> None:
    ogres = unit("Ogres", "blue", t=4, w=3, models=2, troop=Troop.MONSTROUS_INFANTRY)
    # two hits at S10 wound on 2+ (no save); D6 wounds each: 5 (kills the first, 2 lost), 2 on the second
    g = table([3, 4, 5, 2])
    d = run(g, resolve_hits(g, "red", ogres, 2, Attack("cannonball", 10, no_armour=True, wounds=D6)))
    assert (d.inflicted, d.slain) == (5, 1)
    assert ogres.models == 1 and ogres.wounded == 2
    rolls = [e for e in events(g, "roll") if e.rule == "FB-WOUND-2"]
    assert [r.data["total"] for r in rolls] == [5, 2]
    # once the unit is gone no more wounds are rolled
    g = table([6, 6, 3])
    lone = unit("Ogre", "blue", t=4, w=3, models=1, troop=Troop.MONSTROUS_INFANTRY)
    d = run(g, resolve_hits(g, "red", lone, 2, Attack("bolt", 10, no_armour=True, wounds=D3)))
    assert d.slain == 1 and d.inflicted == 3 and lone.models == 0


@pytest.mark.rules("FB-SPEC-1")
def test_a_killing_blow_slays_a_man_sized_model_outright_without_armour() -> None:
    hero = unit("Captain", "blue", t=4, w=3, sv=2, models=1)
    # to hit 4+ (WS4 v WS4): 6; to wound S4 v T4: 6 -> a killing blow, no armour save
    g = table([6, 6])
    d = run(g, melee_strike(g, unit("Executioner", ws=4, s=4, weapon=Weapon("draich", flags=frozenset({Special.KILLING_BLOW}))), hero, 1))
    assert (d.killing_blows, d.inflicted, d.slain) == (1, 3, 1) and hero.models == 0
    assert events(g, "armour-save") == []
    # a ward still saves it
    hero = unit("Captain", "blue", t=4, w=3, sv=2, ward=4, models=1)
    g = table([6, 6, 4])
    d = run(g, melee_strike(g, unit("Executioner", ws=4, s=4, specials=[Special.KILLING_BLOW]), hero, 1))
    assert d.killing_blows == 1 and d.warded == 1 and hero.models == 1
    # against a monster a 6 is just a wound (then its armour save, D1 wound)
    giant = unit("Giant", "blue", t=5, w=6, models=1, sv=5, troop=Troop.MONSTER)
    g = table([6, 6, 1])
    d = run(g, melee_strike(g, unit("Executioner", ws=4, s=4, specials=[Special.KILLING_BLOW]), giant, 1))
    assert d.killing_blows == 0 and d.inflicted == 1 and giant.wounded == 1


@pytest.mark.rules("FB-SPEC-2")
def test_poisoned_attacks_wound_on_a_natural_six_to_hit() -> None:
    target = unit("Dwarfs", "blue", ws=4, t=4, models=10)
    # 4 attacks at 4+: 6 6 4 1 -> 3 hits, two of them poisoned; one roll to wound (S3 v T4, 5+): 2
    g = table([6, 6, 4, 1, 2])
    d = run(g, melee_strike(g, unit("Witch Elves", ws=4, specials=[Special.POISONED]), target, 4))
    assert (d.hits, d.wounds, d.slain) == (3, 2, 2)
    (hit,) = events(g, "to-hit")
    assert hit.data["automatic"] == 2
    (wound,) = events(g, "to-wound")
    assert wound.data["automatic"] == 2 and wound.data["needed"] == 5
    # poison wounds even what the strength could not
    g = table([6, 6])
    d = run(
        g, melee_strike(g, unit("Snotlings", ws=4, s=1, specials=[Special.POISONED]), unit("Giant", "blue", ws=3, t=5, w=6, models=1, troop=Troop.MONSTER), 2)
    )
    assert d.wounds == 2 and d.inflicted == 2


@pytest.mark.rules("NW-SHIP-1")
def test_ships_are_immune_to_poison_and_killing_blows() -> None:
    hull = ship_part("Hull", "blue", 7, 11)
    # parts are hit automatically in close combat; poison and killing blows do nothing to them:
    # every hit rolls to wound (S4 v T7: 6+), and a 6 is a plain wound, not a slain ship
    g = table([6, 6, 3])
    d = run(g, melee_strike(g, unit("Assassins", s=4, specials=[Special.POISONED, Special.KILLING_BLOW]), hull, 3))
    assert (d.hits, d.wounds, d.killing_blows, d.inflicted) == (3, 2, 0, 2)
    assert hull.models == 1 and hull.wounded == 2
    (hit,) = events(g, "to-hit")
    assert hit.data["automatic"] == 3 and hit.data["dice"] == 0
    assert [e.data["faces"] for e in events(g, "roll")] == [[6, 6, 3]]


@pytest.mark.rules("NW-SHIP-1")
@pytest.mark.parametrize(
    ("strength", "toughness", "flaming", "immune"),
    [
        (4, 8, False, True),
        (4, 9, False, True),
        (3, 8, False, True),
        (5, 8, False, False),
        (3, 7, False, True),
        (4, 7, False, False),
        (4, 8, True, False),
        (4, 6, False, False),
    ],
)
def test_weak_non_flaming_missiles_cannot_harm_tough_ship_parts(strength: int, toughness: int, flaming: bool, immune: bool) -> None:
    part = ship_part("Hull", "blue", toughness, 16)
    attack = Attack("arrows", strength, missile=True, flaming=flaming)
    assert (ship_immunity(part, attack) is not None) == immune
    # the same blow in close combat is never covered by the naval immunity
    assert ship_immunity(part, Attack("axe", strength)) is None
    if immune:
        g = table([])
        d = run(g, resolve_hits(g, "red", part, 3, attack))
        assert d.wounds == 0
        (w,) = events(g, "to-wound")
        assert (w.rule, w.data["verdict"]) == ("NW-SHIP-1", "immune")


@pytest.mark.rules("FB-WOUND-1")
def test_what_the_chart_cannot_wound_rolls_no_dice() -> None:
    g = table([])
    d = run(g, resolve_hits(g, "red", unit("Giant", "blue", t=7, w=6, models=1, troop=Troop.MONSTER), 4, Attack("sling", 3)))
    assert d.wounds == 0
    (w,) = events(g, "to-wound")
    assert (w.rule, w.data["verdict"], w.data["needed"]) == ("FB-WOUND-1", "cannot wound", None)


@pytest.mark.rules("FB-SPEC-4")
def test_hatred_re_rolls_misses_in_the_first_round_only() -> None:
    target = unit("Elves", "blue", ws=4)
    # 3 attacks at 4+: 1 2 5 -> 1 hit; hatred re-rolls the 2 misses: 4 1 -> 1 more; to wound: 4 4
    g = table([1, 2, 5, 4, 1, 4, 4])
    d = run(g, melee_strike(g, unit("Dwarfs", ws=4, specials=[Special.HATRED]), target, 3, first_round=True))
    assert d.hits == 2 and d.slain == 2
    assert [e.rule for e in events(g, "roll")] == ["FB-HIT-1", "FB-SPEC-4", "FB-WOUND-1"]
    g = table([1, 2, 5, 4])
    d = run(g, melee_strike(g, unit("Dwarfs", ws=4, specials=[Special.HATRED]), unit("Elves", "blue", ws=4), 3))
    assert d.hits == 1 and d.slain == 1


@pytest.mark.rules("FB-PSY-2", "FB-HIT-1")
def test_a_failed_fear_test_fights_at_ws_1() -> None:
    g = table([4, 4])
    d = run(g, melee_strike(g, unit("Goblins", ws=2), unit("Trolls", "blue", ws=3, t=4, w=3, models=3), 2, fear_failed=True))
    (hit,) = events(g, "to-hit")
    assert (hit.data["ws"], hit.data["needed"], hit.data["fear_failed"]) == (1, 5, True)
    assert d.hits == 0


@pytest.mark.rules("FB-HIT-2")
def test_shooting_with_modifiers_and_the_second_roll_for_7_plus() -> None:
    target = unit("Orcs", "blue", t=4, models=10)
    archers = unit("Archers", bs=3, models=4)
    # BS3 with cover and long range: 6+; 4 arrows: 6 5 6 1 -> 2 hits; S3 v T4 (5+): 5 4
    g = table([6, 5, 6, 1, 5, 4])
    d = run(g, shoot(g, archers, target, BOW, modifiers=(SOFT_COVER, LONG_RANGE)))
    assert (d.hits, d.slain) == (2, 1)
    (hit,) = events(g, "to-hit")
    assert (hit.rule, hit.data["needed"], hit.data["modifiers"], hit.data["dice"]) == ("FB-HIT-2", 6, ["soft cover", "long range"], 4)
    # BS1 with -1 needs 7+: the 6s roll again needing 4+
    g = table([6, 6, 3, 4, 2, 6])
    d = run(g, shoot(g, unit("Slaves", bs=1, models=3), unit("Orcs", "blue", t=4), BOW, modifiers=(SOFT_COVER,)))
    assert d.hits == 1 and d.slain == 1
    assert [e.data["faces"] for e in events(g, "roll")] == [[6, 6, 3], [4, 2], [6]]
    # BS1 with -4 cannot hit: no dice at all
    g = table([])
    d = run(g, shoot(g, unit("Slaves", bs=1, models=3), target, BOW, modifiers=(SOFT_COVER, LONG_RANGE, SOFT_COVER, LONG_RANGE)))
    assert d.hits == 0 and events(g, "to-hit")[0].data["verdict"] == "cannot hit"


@pytest.mark.rules("FB-HIT-2", "FB-SPEC-2")
def test_shots_per_model_multiple_wounds_and_poisoned_shots() -> None:
    stars = Missile("throwing stars", 12, 3, shots=2, flags=frozenset({Special.POISONED}))
    # 2 models x 2 shots at 4+: 6 4 2 1 -> 2 hits, one poisoned; the other rolls to wound (4+): 4
    g = table([6, 4, 2, 1, 4])
    d = run(g, shoot(g, unit("Gutter Runners", bs=3, models=2), unit("Men", "blue"), stars))
    assert (d.hits, d.wounds, d.slain) == (2, 2, 2)
    bolt = Missile("great bow", 36, 5, wounds=D3)
    g = table([5, 3, 2])
    d = run(g, shoot(g, unit("Archer", bs=3, models=1), unit("Troll", "blue", t=4, w=3, models=1), bolt))
    assert (d.inflicted, d.slain) == (2, 0)


@pytest.mark.rules("FB-PROF-1")
def test_profiles_refuse_values_outside_the_game() -> None:
    assert Profile(4, 3, 3, 3, 3, 1, 3, 1, 7, sv=5).line() == "M4 WS3 BS3 S3 T3 W1 I3 A1 Ld7 Sv5+"
    for bad, words in (
        (dict(ws=11), "WS must be a whole number from 0 to 10"),
        (dict(t=0), "T must be"),
        (dict(sv=7), "armour save must be 1\\+ to 6\\+"),
        (dict(ward=1), "ward save must be 2\\+ to 6\\+"),
    ):
        base = dict(m=4, ws=3, bs=3, s=3, t=3, w=1, i=3, a=1, ld=7)
        with pytest.raises(ProfileError, match=words):
            Profile(**{**base, **bad})  # type: ignore[arg-type]


@pytest.mark.rules("FB-PROF-2")
def test_weapons_and_missiles_are_data() -> None:
    assert HAND_WEAPON.strength == 0 and not HAND_WEAPON.strikes_last
    with pytest.raises(ProfileError, match="strength 1-10"):
        Missile("pebble", 12, 0)
    big = unit("Ogre", s=5, weapon=Weapon("club", strength=2))
    g = table([6, 2])
    run(g, melee_strike(g, big, unit("Men", "blue", ws=3), 1))
    assert events(g, "to-wound")[0].data["strength"] == 7
