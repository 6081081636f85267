"""Krew (profiles, Feel No Pain, hulks and takeovers), ship basics, and how the game is won."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import ScenarioError
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.rulesets.jimlad import flow, krew, movement, victory
from grapeshot.rulesets.jimlad.actions import EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Takeover
from grapeshot.rulesets.jimlad.damage import sink
from grapeshot.rulesets.jimlad.data import PROFILES, Profile
from grapeshot.rulesets.jimlad.kannon import can_shoot
from grapeshot.rulesets.jimlad.prompts import ShootPrompt, TakeoverPrompt
from grapeshot.rulesets.jimlad.state import KrewModel, Sea, Ship, victory_points
from tests import support

STOP = [1, 1, 1]


def kinds(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def rolls(g: Game, rule: str) -> list[Event]:
    return [e for e in g.events if e.kind == "roll" and e.rule == rule]


def all_stop(*ships: str) -> Orders:
    return Orders(tuple(ManoeuvreOrder(s, 4) for s in ships))


def model(ship: Ship, role: str) -> KrewModel:
    return next(k for k in ship.krew if k.role == role)


def three(**options: Any) -> Game:
    return support.game(support.three_seats(**options))


# --------------------------------------------------------------------------- ships (JL-SHIP-1, JL-SHIP-5)


@pytest.mark.rules("JL-SHIP-1")
@pytest.mark.parametrize(("field", "value"), [("length", 15.5), ("length", 3.9), ("width", 7.2), ("width", 1.4)])
def test_scenario_rejects_hulls_outside_the_size_limits(field: str, value: float) -> None:
    sc = support.duel(red={field: value})
    with pytest.raises(ScenarioError) as err:
        Game("jimlad", sc)
    assert err.value.field == f"fleets[0].ships[0].{field}"
    assert "JL-SHIP-1" in err.value.expected


@pytest.mark.rules("JL-SHIP-1")
def test_scenario_accepts_hulls_at_the_limits_and_defaults_to_10_by_4() -> None:
    g = support.game(support.duel(red={"length": 15.0, "width": 7.0}, blue={"length": 4.0, "width": 1.5}))
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    assert (red.length, red.width, blue.length, blue.width) == (15.0, 7.0, 4.0, 1.5)
    g = support.game(support.duel())
    assert (support.ship(g, "Red").length, support.ship(g, "Red").width) == (10.0, 4.0)


@pytest.mark.rules("JL-SHIP-5")
def test_each_kaptin_starts_with_5_gold_aboard() -> None:
    g = support.game(support.duel())
    assert [s.gold for s in support.sea(g).ships.values()] == [5, 5]


# --------------------------------------------------------------------------- krew (JL-KREW-1..4)


@pytest.mark.rules("JL-KREW-1")
def test_every_ship_starts_with_a_kaptin_a_doc_and_five_boyz() -> None:
    g = support.game(support.duel())
    for ship in support.sea(g).ships.values():
        assert sorted(k.role for k in ship.krew) == ["doc", "kaptin", "krew", "krew", "krew", "krew", "krew"]
        assert {k.role: k.wounds for k in ship.krew} == {"kaptin": 3, "doc": 1, "krew": 1}
        assert ship.kaptin is not None and ship.has_doc and ship.krewed and not ship.hulk


@pytest.mark.rules("JL-KREW-2", "JL-KREW-3")
def test_profiles() -> None:
    assert PROFILES["kaptin"] == Profile("Kaptin", ws=4, bs=2, s=4, t=4, w=3, i=3, a=3, ld=8, sv=4, weapon_bonus=1)
    boy = Profile("Krew", ws=4, bs=2, s=3, t=4, w=1, i=2, a=2, ld=7, sv=5)
    assert PROFILES["krew"] == boy
    doc = PROFILES["doc"]
    assert (doc.ws, doc.bs, doc.s, doc.t, doc.w, doc.i, doc.a, doc.ld, doc.sv, doc.weapon_bonus) == (4, 2, 3, 4, 1, 2, 2, 7, 5, 0)


def hit(g: Game, ship: Ship, who: KrewModel, strength: int = 4, ap: int | None = None) -> bool:
    result = support.drive(krew.wound(g, support.sea(g), ship, who, strength, ap, by_seat="blue", by_actor="Blue", cause="test", rule="JL-SHOOT-4"))
    assert isinstance(result, bool)
    return result


@pytest.mark.rules("JL-KREW-4", "JL-KREW-3")
def test_feel_no_pain_saves_a_boy_on_5_plus_while_the_doc_lives() -> None:
    g = support.game(support.duel(), script=[4, 2, 5, 4, 2, 4])
    red = support.ship(g, "Red")
    boy = red.krew[2]
    assert not hit(g, red, boy)  # wounded on 4, save 2 fails (5+), FNP 5 holds
    assert boy in red.krew and boy.wounds == 1
    assert hit(g, red, boy)  # wounded, save fails, FNP 4 fails
    assert boy not in red.krew and len(red.krew) == 6
    w = kinds(g, "wound")
    assert [(e.data["fnp_roll"], e.data["wounded"], e.data["killed"]) for e in w] == [(5, False, False), (4, True, True)]
    assert [e.data["faces"] for e in rolls(g, "JL-KREW-4")] == [[5], [4]]


@pytest.mark.rules("JL-KREW-4")
def test_no_feel_no_pain_once_the_doc_is_dead() -> None:
    g = support.game(support.duel(), script=[4, 1, 6])
    red = support.ship(g, "Red")
    doc = model(red, "doc")
    # the doc himself has Feel No Pain while he lives: wounded on 4, save 1 fails, FNP 6
    assert not hit(g, red, doc)
    assert doc in red.krew and red.has_doc
    red.krew.remove(doc)
    assert not red.has_doc
    boy = red.krew[-1]
    g.dice = type(g.dice)([5, 1])  # wounded on 5, save 1 fails; no FNP roll is asked for
    assert hit(g, red, boy)
    assert boy not in red.krew
    last = kinds(g, "wound")[-1]
    assert "fnp_roll" not in last.data and last.data["killed"]
    assert len(rolls(g, "JL-KREW-4")) == 1


@pytest.mark.rules("JL-KREW-4", "JL-KREW-2")
def test_the_kaptin_has_feel_no_pain_and_three_wounds() -> None:
    g = support.game(support.duel(), script=[6, 3, 6, 6, 3, 1, 6, 4])
    red = support.ship(g, "Red")
    kaptin = red.kaptin
    assert kaptin is not None
    assert not hit(g, red, kaptin)  # wounded, 4+ save failed on 3, FNP 6
    assert kaptin.wounds == 3
    assert not hit(g, red, kaptin)  # wounded, save 3 fails, FNP 1 fails: loses a wound
    assert kaptin.wounds == 2
    assert not hit(g, red, kaptin)  # wounded, his 4+ armour save holds on a 4
    assert kaptin.wounds == 2
    assert [e.data.get("save_need") for e in kinds(g, "wound")] == [4, 4, 4]


@pytest.mark.rules("JL-KREW-4", "JL-KREW-3", "JL-SHOOT-5")
def test_ap5_denies_the_boyz_armour_but_not_feel_no_pain() -> None:
    g = support.game(support.duel(), script=[4, 5])
    red = support.ship(g, "Red")
    boy = red.krew[2]
    assert not hit(g, red, boy, 4, 5)  # no 5+ save against AP5; FNP 5 holds
    (w,) = kinds(g, "wound")
    assert w.data["save_need"] is None and "save_roll" not in w.data and w.data["fnp_roll"] == 5


# --------------------------------------------------------------------------- hulks (JL-KREW-5)


@pytest.mark.rules("JL-KREW-5")
def test_a_ship_with_one_ork_is_a_hulk() -> None:
    g = support.game(support.duel())
    sea = support.sea(g)
    red = support.ship(g, "Red")
    for k in list(red.krew)[2:]:
        krew.remove_model(g, sea, red, k, "test")
    assert red.krewed and not red.hulk and kinds(g, "hulk") == []
    krew.remove_model(g, sea, red, red.krew[0], "test")
    assert len(red.krew) == 1 and red.hulk and not red.krewed and not red.manoeuvrable
    (h,) = kinds(g, "hulk")
    assert h.rule == "JL-KREW-5" and h.data == {"ship": "Red", "krew": 1}
    assert can_shoot(sea, red) is not None
    krew.remove_model(g, sea, red, red.krew[0], "test")
    assert red.hulk and len(kinds(g, "hulk")) == 1


@pytest.mark.rules("JL-KREW-5")
def test_a_hulk_drifts_d6_in_a_scatter_direction() -> None:
    g = support.game(support.duel(), script=["hit", 90.0, 4, 225.0, 6])
    sea = support.sea(g)
    red = support.ship(g, "Red")
    del red.krew[1:]
    support.drive(movement.hulk_drift(g, sea, red))
    assert (red.hull.x, red.hull.y, red.hull.heading) == pytest.approx((30.0, 40.0, 0.0))
    support.drive(movement.hulk_drift(g, sea, red))
    s = 6.0 * 0.5**0.5
    assert (red.hull.x, red.hull.y, red.hull.heading) == pytest.approx((30.0 - s, 40.0 - s, 0.0))
    d = kinds(g, "drift")
    assert [(e.rule, e.data["inches"], e.data["direction"]) for e in d] == [("JL-KREW-5", 4.0, 90.0), ("JL-KREW-5", 6.0, 225.0)]
    assert [e.data["hit"] for e in rolls(g, "JL-KREW-5") if e.data["expr"] == "scatter"] == [True, False, False]


@pytest.mark.rules("JL-KREW-5", "JL-TURN-3")
def test_a_hulk_is_not_ordered_and_drifts_in_the_movement_phase() -> None:
    sc = support.duel(red={"klan": "deff-skulls"}, blue={"x": 90.0, "y": 60.0})
    g = support.game(sc, script=[*STOP, 270.0, 2])
    sea = support.sea(g)
    blue = support.ship(g, "Blue")
    del blue.krew[1:]
    seen: list[Any] = []

    def orders(p: Any) -> Orders:
        seen.append(p)
        return all_stop("Red")

    support.drive(flow.movement_phase(g, sea), [orders])
    assert list(seen[0].choices) == ["red"]
    assert (blue.hull.x, blue.hull.y) == pytest.approx((90.0, 58.0))
    assert support.ship(g, "Red").hull.x == pytest.approx(51.0)


# --------------------------------------------------------------------------- takeovers (JL-KREW-6)


def hulk_beside(gap: float, **red: Any) -> Game:
    """Red at (30, 36) heading east; blue's ship lies parallel, ``gap`` inches off red's port side,
    with one Ork left aboard."""
    sc = support.duel(red={"klan": "deff-skulls", **red}, blue={"x": 30.0, "y": 36.0 + 4.0 + gap, "heading": 0.0})
    g = support.game(sc)
    del support.ship(g, "Blue").krew[1:]
    return g


@pytest.mark.rules("JL-KREW-6")
def test_takeover_needs_a_ship_within_6_inches() -> None:
    assert krew.takeover_options(support.sea(hulk_beside(5.9)), "red") == [("Blue", "Red")]
    assert krew.takeover_options(support.sea(hulk_beside(6.0)), "red") == [("Blue", "Red")]
    assert krew.takeover_options(support.sea(hulk_beside(6.2)), "red") == []
    g = support.game(support.duel(red={"klan": "deff-skulls"}, blue={"x": 30.0, "y": 48.0, "heading": 0.0}, options={"takeover_range": 9.0}))
    del support.ship(g, "Blue").krew[1:]
    assert krew.takeover_options(support.sea(g), "red") == [("Blue", "Red")]


@pytest.mark.rules("JL-KREW-6")
def test_takeover_needs_krew_to_spare() -> None:
    g = hulk_beside(2.0)
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    # a krewed ship is no hulk: nothing to take over
    assert krew.takeover_options(sea, "blue") == []
    # the hulk has 1 Ork: one boy must cross, and red must keep two aboard
    red.krew = [KrewModel("kaptin", 3), KrewModel("doc", 1), KrewModel("krew", 1)]
    assert krew.takeover_options(sea, "red") == [("Blue", "Red")]
    red.krew = [KrewModel("kaptin", 3), KrewModel("doc", 1)]  # no boyz to send
    assert krew.takeover_options(sea, "red") == []
    # an empty hulk needs two boyz; red with three Orks cannot spare two and keep two
    blue.krew = []
    red.krew = [KrewModel("kaptin", 3), KrewModel("krew", 1), KrewModel("krew", 1)]
    assert krew.takeover_options(sea, "red") == []
    red.krew.append(KrewModel("krew", 1))
    assert krew.takeover_options(sea, "red") == [("Blue", "Red")]


@pytest.mark.rules("JL-KREW-6")
def test_takeover_needs_a_kaptin_aboard_the_sending_ship() -> None:
    g = hulk_beside(2.0)
    sea = support.sea(g)
    red = support.ship(g, "Red")
    red.krew = [KrewModel("doc", 1), KrewModel("krew", 1), KrewModel("krew", 1), KrewModel("krew", 1)]
    assert krew.takeover_options(sea, "red") == []
    red.krew.append(KrewModel("kaptin", 3))
    assert krew.takeover_options(sea, "red") == [("Blue", "Red")]


@pytest.mark.rules("JL-KREW-6")
def test_take_over_sends_boyz_and_the_hulk_joins_the_fleet_with_its_gold() -> None:
    g = hulk_beside(2.0)
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    krew.take_over(g, sea, blue, red)
    assert blue.commander == "red" and blue.owner == "blue"
    assert sorted(k.role for k in blue.krew) == ["kaptin", "krew"]
    assert len(red.krew) == 6 and sum(k.role == "krew" for k in red.krew) == 4
    assert blue.krewed and not blue.hulk and blue.gold == 5
    (t,) = kinds(g, "takeover")
    assert t.rule == "JL-KREW-6" and (t.data["hulk"], t.data["by"], t.data["seat"], t.data["krew_sent"], t.data["was"]) == ("Blue", "Red", "red", 1, "blue")
    assert victory_points(sea) == {"red": 1, "blue": 0}


@pytest.mark.rules("JL-KREW-6", "JL-TURN-5")
def test_boarding_phase_offers_the_takeover_and_a_pass_changes_nothing() -> None:
    g = hulk_beside(2.0)
    sea = support.sea(g)
    sea.order = ("red", "blue")
    seen: list[Any] = []

    def decline(p: Any) -> Takeover:
        seen.append(p)
        return Takeover()

    assert support.drive(flow.boarding_phase(g, sea), [decline]) is None
    assert isinstance(seen[0], TakeoverPrompt) and seen[0].seats == ("red",) and seen[0].options == [("Blue", "Red")]
    assert support.ship(g, "Blue").commander == "blue"


@pytest.mark.rules("JL-KREW-6", "JL-WIN-2")
def test_boarding_phase_takeover_of_the_last_enemy_ship_wins_weez_da_only_fleet() -> None:
    g = hulk_beside(2.0)
    sea = support.sea(g)
    sea.order = ("red", "blue")
    outcome = support.drive(flow.boarding_phase(g, sea), [Takeover("Blue", "Red")])
    assert outcome is not None and outcome.winners == ("red",) and outcome.objective == "weez-da-only-fleet"
    assert kinds(g, "victory")[-1].rule == "JL-WIN-2"


# --------------------------------------------------------------------------- JL-WIN-1 and JL-WIN-2 on arranged states


def check(g: Game, *, after_repairs: bool = False) -> Any:
    return victory.check(g, support.sea(g), after_repairs=after_repairs)


@pytest.mark.rules("JL-WIN-1")
def test_last_boat_afloat() -> None:
    g = three()
    assert check(g) is None
    support.ship(g, "B").afloat = False
    assert check(g) is None
    support.ship(g, "G").afloat = False
    out = check(g)
    assert (out.winners, out.objective) == (("red",), "last-boat-afloat")
    assert kinds(g, "victory")[-1].rule == "JL-WIN-1"


@pytest.mark.rules("JL-WIN-1")
def test_everything_sunk_is_a_draw() -> None:
    g = three()
    for s in support.sea(g).ships.values():
        s.afloat = False
    out = check(g)
    assert (out.winners, out.objective) == ((), "draw")


@pytest.mark.rules("JL-WIN-1")
def test_only_manoeuvrable_ship_wins_after_the_repair_rolls() -> None:
    g = three()
    b, gr = support.ship(g, "B"), support.ship(g, "G")
    b.hull_points = gr.hull_points = 1
    assert check(g) is None, "only checked once the shooting phase's repairs are made"
    out = check(g, after_repairs=True)
    assert (out.winners, out.objective) == (("red",), "last-boat-afloat")
    gr.hull_points = 2  # a successful repair keeps green in the game
    assert check(g, after_repairs=True) is None


@pytest.mark.rules("JL-WIN-1", "JL-KREW-5")
def test_only_manoeuvrable_needs_every_other_ship_at_one_hull_point() -> None:
    g = three()
    sea = support.sea(g)
    r, b, gr = (support.ship(g, n) for n in "RBG")
    b.hull_points = 1
    del gr.krew[1:]  # green is a hulk: not manoeuvrable, but still 5 hull points
    assert check(g, after_repairs=True) is None
    gr.hull_points = 1
    assert check(g, after_repairs=True).winners == ("red",)
    # nobody can manoeuvre: no winner
    r.hull_points = 1
    assert check(g, after_repairs=True) is None
    # a red hulk at 5 hull points cannot manoeuvre either
    r.hull_points = 5
    del r.krew[1:]
    assert check(g, after_repairs=True) is None
    assert sea.turn == 1


@pytest.mark.rules("JL-WIN-1", "JL-WIN-2")
def test_one_seat_commanding_every_ship_afloat() -> None:
    g = three()
    b, gr = support.ship(g, "B"), support.ship(g, "G")
    gr.afloat = False
    b.commander = "red"
    out = check(g)
    assert (out.winners, out.objective) == (("red",), "weez-da-only-fleet")
    assert kinds(g, "victory")[-1].rule == "JL-WIN-2"
    # the captured ship sunk: red is simply the last boat afloat
    b.afloat = False
    assert check(g).objective == "last-boat-afloat"


# --------------------------------------------------------------------------- JL-WIN-3 on arranged states


def final(g: Game) -> Any:
    return victory.final(g, support.sea(g))


@pytest.mark.rules("JL-WIN-3", "JL-SHIP-4")
def test_sinking_scores_for_the_seat_whose_fire_sank_her() -> None:
    g = three()
    sea = support.sea(g)
    sink(g, sea, support.ship(g, "G"), "blue", "test")
    assert sea.sunk_vp == {"blue": 1}
    assert victory_points(sea) == {"red": 0, "blue": 1, "green": 0}
    (ev,) = kinds(g, "sunk")
    assert ev.data["vp_to"] == "blue"
    out = final(g)
    assert (out.winners, out.objective) == (("blue",), "best-of-the-rest")
    v = kinds(g, "victory")[-1]
    assert v.rule == "JL-WIN-3" and v.data["vp"] == {"red": 0, "blue": 1, "green": 0}


@pytest.mark.rules("JL-WIN-3", "JL-SHIP-4")
def test_sinking_without_an_enemy_to_credit_scores_nothing() -> None:
    g = three()
    sea = support.sea(g)
    sink(g, sea, support.ship(g, "G"), "green", "scuttled")
    sink(g, sea, support.ship(g, "B"), None, "a mine")
    assert victory_points(sea) == {"red": 0, "blue": 0, "green": 0}
    assert support.ship(g, "G").krew == [] and support.ship(g, "G").gold == 0


@pytest.mark.rules("JL-WIN-3")
def test_captured_ship_scores_for_whoever_holds_her() -> None:
    g = three()
    sea = support.sea(g)
    b = support.ship(g, "B")
    # battered ships, so that hull points alone would favour green
    support.ship(g, "R").hull_points = b.hull_points = 1
    b.commander = "red"
    assert victory_points(sea) == {"red": 1, "blue": 0, "green": 0}
    assert final(g).winners == ("red",)
    b.commander = "green"  # recaptured: the point moves with her
    assert victory_points(sea) == {"red": 0, "blue": 0, "green": 1}
    assert final(g).winners == ("green",)
    b.commander = "blue"  # back with her own Kaptin: nobody scores her
    assert victory_points(sea) == {"red": 0, "blue": 0, "green": 0}


def tie_game(tiebreak: str) -> Game:
    sc = support.scenario(
        [
            {"seat": "red", "name": "R1", "x": 20.0, "y": 12.0, "heading": 0.0, "hull_points": 3},
            {"seat": "red", "name": "R2", "x": 20.0, "y": 30.0, "heading": 0.0, "hull_points": 3},
            {"seat": "blue", "name": "B", "x": 60.0, "y": 36.0, "heading": 0.0, "hull_points": 5},
            {"seat": "green", "name": "G", "x": 60.0, "y": 60.0, "heading": 0.0, "hull_points": 5},
        ],
        options={"tiebreak": tiebreak},
    )
    return support.game(sc)


@pytest.mark.rules("JL-WIN-3")
def test_tie_on_points_goes_to_the_most_hull_points_of_the_fleet() -> None:
    g = tie_game("fleet")
    sea = support.sea(g)
    sea.sunk_vp = {"red": 1, "blue": 1}
    out = final(g)
    assert (out.winners, out.objective) == (("red",), "best-of-the-rest")  # 3 + 3 > 5
    assert "fleet" in out.detail and "6" in out.detail


@pytest.mark.rules("JL-WIN-3")
def test_tie_on_points_option_ship_goes_to_the_best_single_ship() -> None:
    g = tie_game("ship")
    support.sea(g).sunk_vp = {"red": 1, "blue": 1}
    out = final(g)
    assert (out.winners, out.objective) == (("blue",), "best-of-the-rest")  # 5 > 3
    assert "best ship" in out.detail


@pytest.mark.rules("JL-WIN-3")
def test_still_tied_is_a_draw_between_the_tied_seats() -> None:
    g = tie_game("fleet")
    sea = support.sea(g)
    sea.sunk_vp = {"blue": 1, "green": 1}
    out = final(g)
    assert (out.winners, out.objective) == (("blue", "green"), "draw")
    # everyone level on points and hull points
    g = three()
    out = final(g)
    assert (out.winners, out.objective) == (("blue", "green", "red"), "draw")


# --------------------------------------------------------------------------- full games to their end


def becalmed_blue(repair_roll: int) -> Game:
    """Blue is down to 1 hull point; red can still manoeuvre.  Turn 2: blue's riggers try a hull repair."""
    sc = support.duel(red={"klan": "deff-skulls"}, blue={"x": 60.0, "y": 60.0, "hull_points": 1})
    g = support.game(sc, script=[*STOP, 0.0, *STOP, repair_roll, 0.0])
    assert g.prompt is not None and g.prompt.seats == ("red",)
    g.submit("red", all_stop("Red"))
    assert g.turn == 2 and g.prompt.seats == ("red",)
    g.submit("red", all_stop("Red"))
    p = g.prompt
    assert isinstance(p, ShootPrompt) and p.ship is not None and p.ship.name == "Blue"
    g.submit("blue", Repair("hull"))
    assert isinstance(g.prompt, ShootPrompt) and g.prompt.ship is not None and g.prompt.ship.name == "Red"
    g.submit("red", EndShooting())
    return g


@pytest.mark.rules("JL-WIN-1", "JL-DMG-9")
def test_game_won_by_the_only_manoeuvrable_ship_when_the_repair_fails() -> None:
    g = becalmed_blue(3)
    assert g.over and g.outcome is not None
    assert (g.outcome.winners, g.outcome.objective, g.outcome.turn) == (("red",), "last-boat-afloat", 2)
    v = kinds(g, "victory")[-1]
    assert v.rule == "JL-WIN-1" and v.phase == "shooting"
    assert kinds(g, "game-over")


@pytest.mark.rules("JL-WIN-1", "JL-DMG-9")
def test_game_goes_on_when_the_repair_lifts_the_last_enemy_above_one_hull_point() -> None:
    g = becalmed_blue(4)
    assert not g.over and g.turn == 3
    assert support.ship(g, "Blue").hull_points == 2
    assert kinds(g, "victory") == []


@pytest.mark.rules("JL-WIN-2", "JL-KREW-6", "JL-KREW-5")
def test_full_game_won_by_taking_over_the_last_enemy_ship() -> None:
    # red is becalmed (so gets no orders); blue's ship 2" off red's beam loses its krew and drifts
    sc = support.duel(red={"klan": "deff-skulls", "hull_points": 1}, blue={"x": 30.0, "y": 42.0, "heading": 0.0})
    g = support.game(sc, script=[90.0, 1, 90.0, 90.0, 1])
    blue = support.ship(g, "Blue")
    del blue.krew[1:]
    g.submit("blue", all_stop("Blue"))  # orders given before the krew were lost; the hulk drifts instead
    g.submit("red", EndShooting())
    assert isinstance(g.prompt, TakeoverPrompt) and g.prompt.options == [("Blue", "Red")]
    g.submit("red", Takeover("Blue", "Red"))
    assert g.over and g.outcome is not None
    assert (g.outcome.winners, g.outcome.objective, g.outcome.turn) == (("red",), "weez-da-only-fleet", 2)
    assert blue.commander == "red" and len(blue.krew) == 2
    assert victory_points(support.sea(g)) == {"red": 1, "blue": 0}


@pytest.mark.rules("JL-WIN-3", "JL-SHIP-4", "JL-TURN-4")
def test_full_game_to_the_turn_limit_scores_the_sinking() -> None:
    # green (1 hull point, becalmed) lies ahead of red; red's fore kannon sinks her on turn 2;
    # at the turn limit red has the only victory point
    sc = support.scenario(
        [
            {"seat": "red", "name": "R", "klan": "blood-axes", "x": 12.0, "y": 36.0, "heading": 0.0},
            {"seat": "blue", "name": "B", "klan": "deff-skulls", "x": 12.0, "y": 62.0, "heading": 0.0},
            {"seat": "green", "name": "G", "x": 75.0, "y": 36.0, "heading": 90.0, "hull_points": 1},
        ],
        options={"turn_limit": 2},
    )
    # turn 1: red, blue stop; turn 2: wind, blue and red stop; red's krak: on target, 6 to penetrate, save 1
    g = support.game(sc, script=[*STOP, *STOP, 0.0, *STOP, *STOP, "hit", 6, 1])
    g.submit("red", all_stop("R"))
    g.submit("blue", all_stop("B"))
    g.submit("blue", all_stop("B"))
    g.submit("red", all_stop("R"))
    sea: Sea = support.sea(g)
    assert sea.order == ("blue", "green", "red")
    g.submit("blue", EndShooting())
    g.submit("green", EndShooting())
    red = support.ship(g, "R")
    assert red.hull.bow.x == pytest.approx(59.0)
    g.submit("red", Fire("fore", "krak", aim=(75.0, 36.0)))
    green = support.ship(g, "G")
    assert not green.afloat and green.sunk_by == "red"
    g.submit("red", EndShooting())
    assert g.over and g.outcome is not None
    assert (g.outcome.winners, g.outcome.objective, g.outcome.turn) == (("red",), "best-of-the-rest", 2)
    v = kinds(g, "victory")[-1]
    assert v.rule == "JL-WIN-3" and v.data["vp"] == {"red": 1, "blue": 0, "green": 0}


@pytest.mark.rules("JL-WIN-3")
def test_full_game_to_the_turn_limit_with_nothing_sunk_is_decided_on_hull_points() -> None:
    sc = support.duel(red={"klan": "deff-skulls", "x": 12.0}, blue={"klan": "deff-skulls", "x": 12.0, "y": 60.0, "heading": 0.0, "hull_points": 4})
    g = support.game(sc, options={"turn_limit": 1}, script=[*STOP, *STOP, 1])
    g.submit("red", all_stop("Red"))
    g.submit("blue", all_stop("Blue"))
    assert g.over and g.outcome is not None
    assert (g.outcome.winners, g.outcome.objective, g.outcome.turn) == (("red",), "best-of-the-rest", 1)
    assert "hull points (fleet): 5" in g.outcome.detail
    # blue's damage cost her a D6 (1): 3 - 1 = 2 is below All Stop's minimum, so she moved 2" (option short_move)
    assert support.ship(g, "Blue").hull.x == pytest.approx(12.0 + 2.0 + 18.0)
