"""The tables in data.py against the text's numbers: the ship table in both copies, the small
arms, the hand-to-hand weapons, the guns kept for the next stage, the fixed objects' rams."""

from __future__ import annotations

import pytest

from grapeshot.rulesets.woodenships.data import FIXED_RAMS, GUNS, MELEE, SHIP_TYPES, SMALL_ARMS, melee_of


@pytest.mark.rules("WS-SHIP-2")
def test_the_ship_table() -> None:
    rows = {
        name: (t.moves, t.spin_first, t.ram, t.hit_points(3, None) if t.per_section else t.points, t.cost(3, t.hit_points(3, None)) if t.per_section else None)
        for name, t in SHIP_TYPES.items()
    }
    assert rows["wide"] == ((9.0,), False, 3, 27, 36)  # 9 a section; 9 + 9 a section
    assert rows["narrow"] == ((12.0,), False, 2, 18, 24)  # 6 a section; 6 + 6 a section
    assert rows["small"][:4] == ((6.0, 6.0), False, 1, (6, 12))
    assert rows["catamaran"][:4] == ((6.0, 6.0), False, 0, (6, 12))
    assert rows["raft"][:4] == ((3.0, 3.0), False, 1, (3, 9))
    assert rows["sailboat"][:4] == ((4.0, 4.0), False, -3, (3, 3))
    assert rows["canoe"][:4] == ((3.0, 3.0), False, -4, (3, 3))
    assert rows["rowboat"][:4] == ((4.0, 4.0), True, -3, (3, 3))  # spin 4", move 4"
    # the boats' costs: as their hit points, but a sailboat costs 4 for its 3 points
    assert SHIP_TYPES["small"].cost(2, 9) == 9 and SHIP_TYPES["raft"].cost(2, 5) == 5
    assert SHIP_TYPES["sailboat"].cost(2, 3) == 4 and SHIP_TYPES["canoe"].cost(2, 3) == 3 and SHIP_TYPES["rowboat"].cost(2, 3) == 3
    assert FIXED_RAMS == {"rocks": 7, "walls": 4, "harbour": 2}


@pytest.mark.rules("WS-SHIP-3")
def test_the_score_sheets_copy_of_the_ram_column() -> None:
    main = {n: t.ram_value("main") for n, t in SHIP_TYPES.items()}
    sheet = {n: t.ram_value("score_sheet") for n, t in SHIP_TYPES.items()}
    assert {n for n in main if main[n] != sheet[n]} == {"wide", "narrow", "raft"}
    assert (sheet["wide"], sheet["narrow"], sheet["raft"]) == (5, 3, -1)
    assert (main["wide"], main["narrow"], main["raft"]) == (3, 2, 1)


@pytest.mark.rules("WS-ARMS-1", "WS-ARMS-2")
def test_the_small_arms() -> None:
    for name in ("rifle", "crossbow", "bow"):
        a = SMALL_ARMS[name]
        assert (a.bands, a.to_hit, a.close, a.damage) == ((36.0, 18.0, 12.0, 6.0), (7, 6, 5, 4), None, 1)
    pistol, spear = SMALL_ARMS["pistol"], SMALL_ARMS["spear"]
    assert (pistol.bands, pistol.to_hit, pistol.close) == ((18.0, 12.0, 9.0, 6.0), (7, 6, 5, 4), 3)
    assert (spear.bands, spear.to_hit, spear.close, spear.thrown) == ((18.0, 12.0, 9.0, 6.0), (7, 6, 5, 4), None, True)


@pytest.mark.rules("WS-MELEE-1", "WS-MELEE-2", "WS-RULING-1")
def test_the_hand_to_hand_weapons() -> None:
    table = {n: (w.to_hit, w.damage) for n, w in MELEE.items()}
    assert table == {"sword": (5, 1), "axe": (6, 2), "club": (6, 1), "halberd": (5, 2), "bayonet": (6, 1), "spear": (6, 1), "oar": (6, 1)}
    assert {n for n, w in MELEE.items() if w.one_handed("sheet")} == {"sword", "axe", "club"}
    assert {n for n, w in MELEE.items() if w.one_handed("main")} == {"axe", "club", "halberd"}
    assert {n for n, w in MELEE.items() if w.edged} == {"sword", "axe", "halberd", "bayonet"}
    # every rifle has a bayonet; a spear is held as well as thrown; bottles and pans are clubs
    assert melee_of("rifle") is MELEE["bayonet"] and melee_of("spear") is MELEE["spear"]
    assert melee_of("bottle") is MELEE["club"] and melee_of("frying-pan") is MELEE["club"]
    assert melee_of("pistol") is None and melee_of("crossbow") is None


def test_the_guns_are_kept_for_the_next_stage() -> None:
    cannon, swivel, rifle = GUNS["cannon"], GUNS["swivel"], GUNS["mounted-rifle"]
    assert [b for b, _ in cannon.bands] == [54.0, 36.0, 24.0, 18.0, 12.0, 6.0] and [n for _, n in cannon.bands] == [6, 5, 4, 3, 2, 1]
    assert (cannon.men, cannon.structures, cannon.hit_points, cannon.gw_damage) == ("D6", "D6", 3, "2sf")
    assert (swivel.men, swivel.hit_points, swivel.gw_damage) == ("D3", 1, "sf") and swivel.gw_bands[-1] == (2.0, 4)
    assert (rifle.men, rifle.structures, rifle.close) == ("1", None, None)
