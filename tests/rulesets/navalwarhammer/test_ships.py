"""Ships set up from fleets: hulls, parts and wards, castles, crews on their decks, and the
officers' re-rolls in a real game."""

from __future__ import annotations

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.core.prompts import RerollPrompt
from grapeshot.geometry import DeckPoint
from grapeshot.rulesets.navalwarhammer.courses import mast_bonus
from grapeshot.rulesets.navalwarhammer.damage import aftermath
from grapeshot.rulesets.navalwarhammer.data import CASTLE_HEIGHT, SIZES, Size
from grapeshot.rulesets.navalwarhammer.fantasy.combat import break_test
from grapeshot.rulesets.navalwarhammer.fantasy.psychology import Psychology, take_test
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, resolve_hits
from grapeshot.rulesets.navalwarhammer.fantasy.throttle import full_throttle
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, events, game, run, script, sea, ship, the_ship, unit


@pytest.mark.rules("NW-SHIP-5", "NW-UPG-3")
@pytest.mark.parametrize(("size", "t", "sp", "timbers"), [("dinghy", 6, 5, 0), ("small", 7, 11, 1), ("medium", 8, 16, 2), ("large", 9, 20, 3)])
def test_hull_toughness_and_structure_by_size_and_heavy_timbers(size: str, t: int, sp: int, timbers: int) -> None:
    crew = [{"unit": "Master Engineer"}] if size == "dinghy" else [HALBERDIERS]
    plain = ship("Plain", size, crew)
    stout = ship("Stout", size, crew, upgrades={"heavy-timbers": 1}) if timbers else ship("Stout", size, crew)
    g = game(duel([plain], [stout]))
    hull = the_ship(g, "Plain").parts["hull"]
    assert (hull.profile.t, hull.profile.w) == (t, sp)
    assert the_ship(g, "Stout").parts["hull"].profile.w == sp + timbers
    assert the_ship(g, "Plain").hull.length == SIZES[Size(size)].length


@pytest.mark.rules("NW-UPG-1")
def test_extra_masts_add_rigging_and_an_inch_each_while_they_stand() -> None:
    g = game(duel([ship("Tall", "medium", [HALBERDIERS], upgrades={"extra-mast": 2})], [ship("Short", "medium", [HALBERDIERS])]))
    tall, short = the_ship(g, "Tall"), the_ship(g, "Short")
    assert tall.masts() == ["mast 1", "mast 2", "mast 3"] and short.masts() == ["mast 1"]
    assert tall.parts["rigging"].profile.w == SIZES[Size.MEDIUM].rigging + 2 * 4
    assert (mast_bonus(tall), mast_bonus(short)) == (2, 0)
    tall.parts["mast 2"].models = 0
    assert mast_bonus(tall) == 1
    tall.parts["mast 1"].models = 0
    tall.parts["mast 3"].models = 0
    assert mast_bonus(tall) == 0 and tall.masts() == []


@pytest.mark.rules("NW-UPG-4")
def test_a_magical_figurehead_wards_the_ship_against_missiles_not_her_crew() -> None:
    g = game(duel([ship("Blessed", "medium", [HALBERDIERS], upgrades={"magical-figurehead": 1})], [ship("Plain", "medium", [HALBERDIERS])]))
    blessed = the_ship(g, "Blessed")
    assert all(p.missile_ward == 5 for p in blessed.parts.values())
    assert all(p.missile_ward is None for p in the_ship(g, "Plain").parts.values())
    assert unit(g, "Halberdiers (Blessed)").missile_ward is None
    script(g, [3, 5])
    d = run(g, resolve_hits(g, "blue", blessed.parts["rigging"], 1, Attack("bolt", 6, missile=True)))
    assert d.warded == 1 and blessed.parts["rigging"].wounds_left == blessed.parts["rigging"].profile.w
    script(g, [6])
    d = run(g, resolve_hits(g, "blue", blessed.parts["rigging"], 1, Attack("an axe", 6)))
    assert d.warded == 0 and d.inflicted == 1  # close combat is no missile: no ward


@pytest.mark.rules("NW-UPG-6", "NW-SHIP-3")
def test_a_castle_holds_ten_more_and_raises_its_deck() -> None:
    g = game(duel([ship("Keep", "medium", [HALBERDIERS], upgrades={"castle": 2})], [ship("Flat", "medium", [HALBERDIERS])]))
    keep, flat = the_ship(g, "Keep"), the_ship(g, "Flat")
    assert (keep.capacity, flat.capacity) == (SIZES[Size.MEDIUM].capacity + 20, SIZES[Size.MEDIUM].capacity)
    fore = keep.hull.hl * 0.8
    assert keep.deck_height(fore) == keep.deck + CASTLE_HEIGHT and keep.deck_height(0.3) == keep.deck
    assert flat.deck_height(fore) == flat.deck


@pytest.mark.rules("NW-UPG-8")
def test_a_crows_nest_wards_the_crew_against_templates_and_falls_with_its_mast() -> None:
    g = game(duel([ship("Lookout", "medium", [HALBERDIERS], upgrades={"crows-nest": 1})], [ship("Plain", "medium", [HALBERDIERS])]))
    s = sea(g)
    look = the_ship(g, "Lookout")
    halberdiers = unit(g, "Halberdiers (Lookout)")
    assert look.lookout_up and halberdiers.template_ward == 5 and halberdiers.figs[-1].level == "aloft"
    assert unit(g, "Halberdiers (Plain)").template_ward is None
    script(g, [])
    look.parts["mast 1"].models = 0
    run(g, aftermath(g, s, "blue"))
    assert not look.lookout_up and halberdiers.template_ward is None
    assert events(g, "crows-nest-lost")[0].data["lookout"] == halberdiers.name
    assert any(u.swimming for u in s.units.values()), "the lookout fell into the sea"


@pytest.mark.rules("NW-UPG-7")
def test_a_first_mate_lets_the_crew_reroll_a_failed_test_once() -> None:
    mate = {"unit": "Halberdiers", "models": 10, "champion": True, "first_mate": True}
    g = game(duel([ship("Mate", "medium", [mate])], [ship("None", "medium", [HALBERDIERS])]), [6, 6, 2, 2])
    u = unit(g, "Halberdiers (Mate)")
    v = run(g, take_test(g, Psychology.PANIC, [u], boat="Mate"), [lambda p: Reroll(whole=True)])
    assert v.passed and events(g, "reroll")[-1].data["granted_by"] == "NW-UPG-7"
    script(g, [6, 6])
    bt = run(g, break_test(g, "None", "blue", 7, shaken=False, difference=1))
    assert bt.verdict == "shaken"  # no First Mate aboard: no offer


@pytest.mark.rules("NW-UPG-7", "NW-CROWD-1")
def test_no_first_mate_reroll_aboard_an_overcrowded_ship() -> None:
    mate = {"unit": "Halberdiers", "models": 20, "champion": True, "first_mate": True}
    g = game(duel([ship("Crowded", "small", [mate], overcrowded=True)], [ship("None", "medium", [HALBERDIERS])]), [6, 6])
    prompts: list[object] = []

    def keep(p: object) -> Reroll:
        prompts.append(p)
        return Reroll(None)

    bt = run(g, break_test(g, "Crowded", "red", 7, shaken=False, difference=0))
    assert bt.verdict == "shaken" and prompts == []


@pytest.mark.rules("NW-MOVE-4", "NW-UPG-2")
def test_an_engineer_in_the_working_crew_rerolls_the_full_throttle_chart() -> None:
    crew = [{"unit": "Master Engineer"}, HALBERDIERS]
    g = game(duel([ship("Steamer", "medium", crew, upgrades={"steam-engine": 1})], [ship("Other", "medium", [HALBERDIERS])]), [1, 6])
    steamer = the_ship(g, "Steamer")
    assert steamer.minimum_crew == -(-SIZES[Size.MEDIUM].minimum_crew // 2) and steamer.part_alive("engine")
    unit(g, "Master Engineer (Steamer)").working = True
    offers: list[RerollPrompt] = []

    def take(p: object) -> Reroll:
        assert isinstance(p, RerollPrompt)
        offers.append(p)
        return Reroll(whole=True)

    t = run(g, full_throttle(g, "red", "Steamer"), [take])
    assert t.extra == 2 and not t.burst and offers[0].grant is not None and offers[0].grant.rule == "NW-MOVE-4"
    unit(g, "Master Engineer (Steamer)").working = False
    script(g, [1])
    t = run(g, full_throttle(g, "red", "Steamer"))
    assert t.burst  # not working: no engineer's re-roll


@pytest.mark.rules("NW-SHIP-3", "NW-CREW-2")
def test_every_model_stands_on_its_deck_and_the_crew_that_does_not_fit_goes_below() -> None:
    crowd = [{"unit": "Halberdiers", "models": 15}, {"unit": "Spearmen", "models": 10}]
    g = game(duel([ship("Full", "medium", crowd, upgrades={"castle": 1})], [ship("Other", "medium", [HALBERDIERS])]))
    s = sea(g)
    full = the_ship(g, "Full")
    for u in s.crew("Full"):
        assert len(u.figs) == u.models
        for f in u.figs:
            assert f.on == "Full" and DeckPoint(f.a, f.b).aboard(full.hull)
    levels = {f.level for u in s.crew("Full") for f in u.figs}
    assert "deck" in levels
