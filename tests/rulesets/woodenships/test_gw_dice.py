"""The GW-dice variant of the guns (WS-GUN-10): the artillery and scatter dice to hit with
re-rolls by range ("rr"), sustained-fire damage and its critical hits, exploding loads, duds,
missed shots placed; the mounted rifle keeps its D6 row."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice, ScriptItem
from grapeshot.rulesets.woodenships import guns, gw
from grapeshot.rulesets.woodenships.places import obstructions
from tests.rulesets.woodenships.harness import boat, fig, kinds, shore
from tests.rulesets.woodenships.test_guns import PORT_CANNON, battery, the_gun
from tests.support import drive

GW: dict[str, Any] = {"gun_dice": "gw"}


def gw_fire(g: Game, who: str, target: str, faces: list[ScriptItem], answers: list[Reroll] | None = None) -> dict[str, Any]:
    s = shore(g)
    laid = guns.lay(s, obstructions(s), fig(g, who), the_gun(g).name, target)
    assert not isinstance(laid, str), laid
    g.dice = ScriptedDice(faces)
    drive(guns.fire(g, s, fig(g, who), laid), answers or [])
    assert not g.dice.remaining  # type: ignore[attr-defined]
    return kinds(g, "gw-fire")[-1]


@pytest.mark.rules("WS-GUN-10")
def test_rerolls_by_range_less_the_cannons_minus_one() -> None:
    assert [gw.rerolls("cannon", r, 0) for r in (60.0, 54.0, 30.0, 18.0, 9.0, 5.0)] == [None, 0, 1, 2, 3, 4]
    assert [gw.rerolls("swivel", r, 0) for r in (30.0, 15.0, 10.0, 4.0, 1.0)] == [0, 1, 2, 3, 4]
    assert gw.rerolls("cannon", 50.0, -1) == 0 and gw.rerolls("swivel", 15.0, 1) == 2


@pytest.mark.rules("WS-GUN-10")
def test_a_hit_does_the_sustained_fire_dice_and_each_lightning_a_d6_more() -> None:
    g = battery(PORT_CANNON, blue_at=(20.0, 34.0), **GW)  # Blue's hull some 9.6" off: the 18" row, 2rr
    e = gw_fire(g, "Gunner", "Blue", ["hit", 6, 3, "jam", 4])
    assert (e["rerolls"], e["outcome"], e["damage"], e["criticals"]) == (2, "hit", 3, 1)
    assert kinds(g, "gw-critical")[-1]["damage"] == 4 and boat(g, "Blue").lost == 7
    assert not the_gun(g).loaded


@pytest.mark.rules("WS-GUN-10")
def test_the_rr_rerolls_the_arrow_die_until_a_hit_and_no_more_than_the_row_gives() -> None:
    g = battery(PORT_CANNON, blue_at=(20.0, 34.0), **GW)
    # an arrow: re-roll the arrow die (a second arrow), again (a hit); then the damage
    e = gw_fire(g, "Gunner", "Blue", [90.0, 4, 45.0, "hit", 1, 2], [Reroll(0), Reroll(0)])
    assert (e["outcome"], e["damage"]) == ("hit", 3) and e["faces"][0] == 1
    assert len([x for x in g.events if x.kind == "reroll"]) == 2
    # two arrows and the row's two re-rolls spent: the third throw stands, a miss placed on the table
    g2 = battery(PORT_CANNON, blue_at=(20.0, 34.0), **GW)
    e2 = gw_fire(g2, "Gunner", "Blue", [90.0, 4, 90.0, 90.0], [Reroll(0), Reroll(0)])
    assert e2["outcome"] == "miss" and e2["landed"] == pytest.approx([20.0, 38.0], abs=1e-6) and boat(g2, "Blue").lost == 0


@pytest.mark.rules("WS-GUN-10", "WS-GUN-7", "WS-GUN-9")
def test_hit_and_misfire_explodes_the_load_in_the_gun_and_an_arrow_with_a_misfire_is_a_dud() -> None:
    g = battery(PORT_CANNON, blue_at=(20.0, 34.0), **GW)
    e = gw_fire(g, "Gunner", "Blue", ["hit", "misfire", 3, 2], [Reroll()])
    assert (e["outcome"], e["damage"]) == ("explodes", 5)
    assert not the_gun(g).working and boat(g, "Red").lost == 1 and boat(g, "Blue").lost == 0
    assert not fig(g, "Gunner").alive  # the crew take a wound each
    g2 = battery(PORT_CANNON, blue_at=(20.0, 34.0), **GW)
    e2 = gw_fire(g2, "Gunner", "Blue", [90.0, "misfire"], [Reroll()])
    assert (e2["outcome"], e2["damage"], e2["landed"]) == ("dud", 0, None) and the_gun(g2).working


@pytest.mark.rules("WS-GUN-10")
def test_whole_rerolls_and_critical_hits_on_a_gun_by_option() -> None:
    g = battery(PORT_CANNON, blue_at=(20.0, 34.0), blue_fields={"guns": [{"kind": "swivel", "place": "bow"}]}, gw_reroll="whole", gw_critical="gun", **GW)
    e = gw_fire(g, "Gunner", "Blue", [90.0, 4, "hit", 2, "jam", "jam", 3, 1], [Reroll(whole=True)])
    assert (e["outcome"], e["damage"], e["criticals"]) == ("hit", 0, 2)
    crits = kinds(g, "gw-critical")
    assert [c["at"] for c in crits] == ["Blue swivel 1", "Blue"]  # the swivel, then (destroyed) the hull
    assert not shore(g).guns["Blue swivel 1"].working and boat(g, "Blue").lost == 2 + 1  # the swivel's 2 and the hull's 1


@pytest.mark.rules("WS-GUN-10", "WS-GUN-6")
def test_a_cannon_may_try_a_man_at_extreme_range_with_no_rerolls() -> None:
    g = battery(PORT_CANNON, blue_at=(20.0, 70.0), **GW)
    e = gw_fire(g, "Gunner", "Bosun", ["hit", 8, 1, 1])
    assert (e["rerolls"], e["outcome"], e["damage"]) == (0, "hit", 2) and not fig(g, "Bosun").alive


@pytest.mark.rules("WS-GUN-10", "WS-GUN-5")
def test_the_mounted_rifle_keeps_its_d6_row() -> None:
    g = battery({"kind": "mounted-rifle", "place": "port"}, blue_at=(20.0, 34.0), **GW)
    s = shore(g)
    laid = guns.lay(s, obstructions(s), fig(g, "Gunner"), the_gun(g).name, "Bosun")
    assert not isinstance(laid, str)
    g.dice = ScriptedDice([6])
    drive(guns.fire(g, s, fig(g, "Gunner"), laid))
    assert kinds(g, "gun-fire")[-1]["hit"] and not kinds(g, "gw-fire")
