"""Casting, dispelling and miscasts with scripted dice."""

from __future__ import annotations

import pytest

from grapeshot.rulesets.navalwarhammer.fantasy.magic import MISCAST_CHART, Casting, MiscastEffect, Spell, cast, dispel, miscast
from tests.rulesets.navalwarhammer.harness import events, run, table, unit

FIREBALL = Spell("Fireball", 8)


@pytest.mark.rules("FB-MAGIC-1")
def test_casting_is_2d6_plus_level_against_the_casting_value() -> None:
    g = table([3, 3])
    c = run(g, cast(g, "red", "Battle Wizard", 2, FIREBALL))
    assert (c.total, c.cast, c.irresistible, c.miscast) == (8, True, False, False)
    (ev,) = events(g, "cast")
    assert (ev.rule, ev.data["roll"], ev.data["total"], ev.data["casting_value"]) == ("FB-MAGIC-1", 6, 8, 8)
    g = table([2, 3])
    assert not run(g, cast(g, "red", "Battle Wizard", 2, FIREBALL)).cast
    # a double 1 always fails and miscasts, even for a spell the level alone would cast
    g = table([1, 1])
    c = run(g, cast(g, "red", "Grey Seer", 4, Spell("Skitterleap", 5)))
    assert (c.cast, c.miscast) == (False, True)
    # a double 6 is irresistible
    g = table([6, 6])
    c = run(g, cast(g, "red", "Shaman", 1, Spell("Gork's Warpath", 16)))
    assert (c.cast, c.irresistible) == (True, True)
    with pytest.raises(ValueError, match="casting value 2 to 20"):
        Spell("Nothing", 1)


@pytest.mark.rules("FB-MAGIC-2")
def test_dispelling_matches_the_casting_total() -> None:
    done = Casting("Battle Wizard", "Fireball", 2, 9, True)
    g = table([4, 3])  # 7 + level 2 = 9: dispelled
    assert run(g, dispel(g, "blue", 2, done, by="Sorceress"))
    (ev,) = events(g, "dispel")
    assert (ev.rule, ev.data["total"], ev.data["needed"], ev.data["dispelled"]) == ("FB-MAGIC-2", 9, 9, True)
    g = table([4, 3])
    assert not run(g, dispel(g, "blue", 0, done))
    g = table([1, 1])
    assert not run(g, dispel(g, "blue", 10, done))
    # nothing to roll against an irresistible spell or one that failed
    g = table([])
    assert not run(g, dispel(g, "blue", 4, Casting("Shaman", "Warpath", 1, 13, True, irresistible=True)))
    assert not run(g, dispel(g, "blue", 4, Casting("Shaman", "Warpath", 1, 5, False)))


@pytest.mark.rules("FB-MAGIC-3")
@pytest.mark.parametrize(("face", "effect"), sorted(MISCAST_CHART.items()))
def test_the_miscast_chart(face: int, effect: MiscastEffect) -> None:
    wizard = unit("Battle Wizard", w=2, t=3, models=1, sv=5)
    script = [face] + ([4] if effect is MiscastEffect.HIT else [])  # an S6 hit wounds T3 on 2+
    g = table(script)
    m = run(g, miscast(g, wizard, magic_ship="Amethyst Star"))
    assert m.effect is effect and m.out_of_control == "Amethyst Star"
    if effect is MiscastEffect.HIT:
        assert m.damage is not None and m.damage.inflicted == 1 and events(g, "armour-save") == []
    if effect in (MiscastEffect.HIT, MiscastEffect.WOUND):
        assert wizard.wounded == 1 and not m.silenced
    else:
        assert wizard.wounded == 0 and m.silenced
    (ev,) = events(g, "miscast")
    assert (ev.rule, ev.data["out_of_control"], ev.data["out_of_control_rule"]) == ("FB-MAGIC-3", "Amethyst Star", "NW-MOVE-5")


@pytest.mark.rules("FB-MAGIC-3")
def test_a_miscast_ashore_sends_no_ship_out_of_control() -> None:
    wizard = unit("Shaman", w=1, models=1)
    g = table([2])
    m = run(g, miscast(g, wizard))
    assert m.out_of_control is None and m.silenced and not wizard.alive
