"""Rams (CG-RAM-1..5) through a real harbour game with scripted dice: the bow contact moving
ahead, the size-class chart, momentum, purpose-built rams, boats run down, entanglement."""

from __future__ import annotations

import pytest

from grapeshot.geometry import hull_gap
from grapeshot.rulesets.collisions.contact import MOMENTUM, RAM_CHART
from grapeshot.rulesets.collisions.prompts import BoardPrompt
from tests.rulesets.collisions.harbour_host import SIZES
from tests.rulesets.collisions.support import cg, craft, events, game, hb, helm, scenario

RAM = {"seat": "red", "name": "Ram", "size": "large", "x": 20, "y": 24, "heading": 0}
TARGET = {"seat": "blue", "name": "Target", "size": "middling", "x": 32, "y": 24, "heading": 90}


def broadside(size: str, gap: float, rammer: str = "large") -> dict[str, object]:
    """A target lying across the rammer's course, its side ``gap`` inches ahead of the bow."""
    bow = 20 + SIZES[rammer][0] / 2
    return {**TARGET, "size": size, "x": bow + gap + SIZES[size][1] / 2}


@pytest.mark.rules("CG-RAM-1", "CG-RAM-2", "CG-RAM-3")
def test_a_bow_contact_moving_ahead_is_a_ram_with_chart_damage_and_momentum() -> None:
    """A large ship rams a middling one after 4.5" of its 8: 3 MA left, x3 momentum."""
    g = game(scenario([RAM, TARGET]), [3, 4, 2])
    helm(g, "Ram", 0.0, 8.0)
    (ram,) = events(g, "ram")
    assert (ram["rammer"], ram["target"], ram["sunk"], ram["allowance_left"]) == ("Ram", "Target", False, 3)
    assert (ram["chart"], ram["chart_to_target"], ram["chart_to_rammer"], ram["momentum"]) == ([1, 2], 7, 2, 9)
    assert (ram["to_target"], ram["to_rammer"]) == (16, 2)
    assert [t["value"] for t in ram["basis"]["to_target"]] == [7, 9] and sum(t["value"] for t in ram["basis"]["to_target"]) == ram["to_target"]
    assert craft(g, "Target").strength == 20 - 16 and craft(g, "Ram").strength == 30 - (2 - 1)  # the large Ram's timbers save 1
    (grapple,) = cg(g).grapples
    assert {grapple.a, grapple.b} == {"Ram", "Target"} and grapple.how == "entangled"
    assert craft(g, "Ram").left() == 0  # the ram spent its momentum
    # entangled, the Target does not move: the next decision is the boarding step's
    assert isinstance(g.prompt, BoardPrompt) and g.phase == "boarding" and g.prompt.may_cut


@pytest.mark.rules("CG-RAM-2", "CG-RAM-3")
@pytest.mark.parametrize("rammer", ["large", "middling", "small"])
@pytest.mark.parametrize("rammed", ["large", "middling", "small"])
def test_the_damage_chart_by_size_and_the_momentum_by_the_rammers_class(rammer: str, rammed: str) -> None:
    dice_rammer, dice_rammed = RAM_CHART[(rammer, rammed)]
    g = game(scenario([{**RAM, "size": rammer}, broadside(rammed, 4.5, rammer)]), [1] * (dice_rammer + dice_rammed))
    helm(g, "Ram", 0.0, float(SIZES[rammer][2]))
    (ram,) = events(g, "ram")
    left = SIZES[rammer][2] - 5  # 4.5" of the allowance used: whole MA left
    assert ram["allowance_left"] == left and ram["momentum"] == left * MOMENTUM[rammer] == left * {"large": 3, "middling": 2, "small": 1}[rammer]
    assert ram["chart"] == [dice_rammer, dice_rammed] and ram["chart_to_target"] == dice_rammed and ram["chart_to_rammer"] == dice_rammer
    assert ram["to_target"] == dice_rammed + ram["momentum"]
    expected = {("large", "large"): (1, 1), ("large", "middling"): (1, 2), ("large", "small"): (0, 2)}
    expected |= {("middling", "large"): (2, 1), ("middling", "middling"): (1, 1), ("middling", "small"): (1, 2)}
    expected |= {("small", "large"): (2, 0), ("small", "middling"): (2, 1), ("small", "small"): (1, 1)}
    assert (dice_rammer, dice_rammed) == expected[(rammer, rammed)]


@pytest.mark.rules("CG-RAM-3")
def test_a_large_ship_with_six_ma_left_does_eighteen_more() -> None:
    g = game(scenario([RAM, broadside("large", 1.5)]), [2, 2])
    helm(g, "Ram", 0.0, 8.0)
    (ram,) = events(g, "ram")
    assert ram["allowance_left"] == 6 and ram["momentum"] == 18 and ram["to_target"] == 2 + 18


@pytest.mark.rules("CG-RAM-4")
@pytest.mark.parametrize(("stacking", "dice", "to_target", "chart"), [("all", [3, 1, 2, 3], 3 + 9 + 6, [0, 1]), ("no-chart", [1, 2, 3], 9 + 6, [0, 0])])
def test_a_purpose_built_ram_adds_3d6_and_spares_the_rammer(stacking: str, dice: list[int], to_target: int, chart: list[int]) -> None:
    g = game(scenario([{**RAM, "ram": True}, broadside("large", 4.5)], options={"collisions.ram_stacking": stacking}), dice)
    helm(g, "Ram", 0.0, 8.0)
    (ram,) = events(g, "ram")
    assert ram["ram"] and ram["ram_damage"] == 6 and ram["to_target"] == to_target and ram["chart"] == chart
    assert ram["to_rammer"] == 0 and craft(g, "Ram").strength == 30
    assert ram["basis"]["to_rammer"] == [{"rule": "CG-RAM-4", "what": "a purpose-built ram spares the rammer", "value": 0}]
    assert craft(g, "Target").strength == 30 - (to_target - 1)
    assert [e.rule for e in g.events if e.kind == "roll"] == (["CG-RAM-2"] if stacking == "all" else []) + ["CG-RAM-4"]


@pytest.mark.rules("CG-RAM-5", "CG-SWIM-1")
@pytest.mark.parametrize("size", ["boat", "canoe"])
def test_a_boat_or_canoe_rammed_by_a_ship_sinks_and_the_ship_sails_on(size: str) -> None:
    g = game(scenario([RAM, {**broadside(size, 3.0), "crew": 2}]), [4, 5])
    helm(g, "Ram", 0.0, 8.0)
    (ram,) = events(g, "ram")
    assert ram["sunk"] and ram["target_class"] == size
    assert "Target" not in hb(g).crafts and craft(g, "Ram").x == pytest.approx(28.0)  # the whole 8" (the game is on to turn 2)
    assert craft(g, "Ram").strength == 30  # no chart for running down a boat
    assert [e.rule for e in g.events if e.kind == "collisions.ram"] == ["CG-RAM-5"]
    swimmers = cg(g).swimmers
    assert sorted(swimmers) == ["Target/1", "Target/2"]
    assert all(hull_gap(s.base, craft(g, "Ram").hull) >= -1e-6 for s in swimmers.values())  # pushed clear of the hull that ran them down
    assert [f.ident for f in cg(g).flotsam] == ["wreck of Target"]
