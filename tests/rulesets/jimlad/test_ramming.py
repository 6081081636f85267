"""Rams, crashes and groundings (JL-RAM-*): a moving ship meets a ship, an island or a dock."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Facing, hull_distance
from grapeshot.rulesets.jimlad import collisions, flow, movement
from grapeshot.rulesets.jimlad.actions import ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.data import Card
from tests import support


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data, rule=e.rule) for e in g.events if e.kind == kind]


def sail(g: Game, distance: float, *, card: Card = Card.FULL_AHEAD, ram: bool = False, compulsory: bool = False, name: str = "Red") -> Any:
    s = support.sea(g)
    return support.drive(movement.move_ship(g, s, s.ships[name], card, "none", "start", distance, ram=ram, compulsory=compulsory))


NEUTRAL = {"klan": "deff-skulls"}  # a klan with no ramming or movement modifiers


def head_on(blue_x: float, **kw: Any) -> Game:
    """Red at (30, 36) heading east; Blue bow-on to it at ``blue_x`` heading west (its bow at blue_x - 5)."""
    script = kw.pop("script", [])
    return support.game(support.duel(blue={"x": blue_x, **kw.pop("blue", {})}, red={**NEUTRAL, **kw.pop("red", {})}, **kw), script=script)


# --------------------------------------------------------------------------- strength (JL-RAM-3)


@pytest.mark.rules("JL-RAM-3")
@pytest.mark.parametrize(("moved", "band"), [(0.5, 6), (17.99, 6), (18.0, 7), (24.0, 7), (24.01, 8), (40.0, 8)])
def test_impact_strength_comes_from_the_distance_moved(moved: float, band: int) -> None:
    assert collisions.impact_band(moved) == band


@pytest.mark.rules("JL-RAM-3")
@pytest.mark.parametrize(
    ("mover", "other", "change"), [(0.0, 180.0, 1), (0.0, 135.0, 1), (0.0, 134.0, 0), (0.0, 90.0, 0), (0.0, 46.0, 0), (0.0, 45.0, -1), (10.0, 350.0, -1)]
)
def test_heading_towards_adds_one_and_moving_apart_takes_one(mover: float, other: float, change: int) -> None:
    assert collisions.heading_modifier(mover, other) == change


# --------------------------------------------------------------------------- rams (JL-RAM-1, 2, 4)


@pytest.mark.rules("JL-RAM-1", "JL-RAM-3", "JL-RAM-4")
def test_a_planned_ram_strikes_the_target_then_the_rammer_at_one_less() -> None:
    # Blue's bow at 55: Red's bow (35) meets it after 20" (S7, +1 head-on = 8).
    # Blue fails to evade (12); 8+4 = 12 penetrates Blue's front 12? no: equal = glancing; save 1;
    # then Red takes S7: 7+6 = 13 > 12 penetrating, save 2, damage table 3 (shaken).
    g = head_on(60.0, script=[6, 6, 4, 1, 6, 2, 3])
    sea = support.sea(g)
    sea.turn = 2
    support.ship(g, "Blue").moved_turn = 2  # it has already moved
    result = sail(g, 30.0, ram=True)
    assert result.contact is not None and result.contact.ident == "Blue"
    [ram] = events(g, "ram")
    assert ram["rule"] == "JL-RAM-3"
    assert (ram["moved"], ram["band"], ram["heading"], ram["strength"], ram["own_strength"]) == (pytest.approx(20.0, abs=0.01), 7, 1, 8, 7)
    target, rammer = events(g, "strike")
    assert (target["target"], target["strength"], target["facing"], target["total"], target["verdict"]) == ("Blue", 8, "front", 12, "glancing")
    assert target["weapon_rule"] == "JL-RAM-4"
    assert (rammer["target"], rammer["strength"], rammer["facing"], rammer["verdict"]) == ("Red", 7, "front", "penetrating")
    assert support.ship(g, "Blue").hull_points == 4 and support.ship(g, "Red").hull_points == 4
    [dmg] = events(g, "damage")  # a penetrating ram rolls on the damage table at once
    assert (dmg["ship"], dmg["result"]) == ("Red", "shaken")
    assert support.ship(g, "Red").standstill
    assert hull_distance(support.ship(g, "Red").hull, support.ship(g, "Blue").hull) > 0.0


@pytest.mark.rules("JL-RAM-1", "JL-RAM-6")
def test_without_the_order_or_before_the_target_has_moved_it_is_a_crash_at_full_strength() -> None:
    for ram, moved in ((False, 2), (True, 1)):
        g = head_on(60.0, script=[6, 6, 1, 1])
        sea = support.sea(g)
        sea.turn = 2
        support.ship(g, "Blue").moved_turn = moved
        sail(g, 30.0, ram=ram)
        assert events(g, "ram") == []
        [crash] = events(g, "crash")
        assert (crash["strength"], crash["own_strength"]) == (8, 8)
        assert [s["strength"] for s in events(g, "strike")] == [8, 8]


@pytest.mark.rules("JL-RAM-2")
def test_the_target_that_passes_its_leadership_slips_aside_and_the_rammer_sails_on() -> None:
    g = head_on(60.0, script=[3, 4])  # 7 <= Ld 8: evaded
    sea = support.sea(g)
    sea.turn = 2
    blue = support.ship(g, "Blue")
    blue.moved_turn = 2
    y_before = blue.hull.y
    result = sail(g, 30.0, ram=True)
    [ev] = events(g, "evade")
    assert (ev["ld"], ev["roll"], ev["passed"]) == (8, 7, True) and ev["rule"] == "JL-RAM-2"
    assert blue.hull.x == 60.0 and blue.hull.y != y_before  # straight out along its beam
    assert result.contact is None and result.travelled == pytest.approx(30.0 + 8.0 + 10.0)
    assert events(g, "strike") == [] and blue.hull_points == 5
    red = support.ship(g, "Red")
    assert hull_distance(red.hull, blue.hull) > 0.0


@pytest.mark.rules("JL-RAM-2")
def test_leadership_falls_to_the_best_ork_without_a_kaptin_and_an_empty_ship_cannot_evade() -> None:
    g = head_on(60.0, script=[4, 4, 1, 1])  # 8 > Ld 7: failed
    sea = support.sea(g)
    blue = support.ship(g, "Blue")
    blue.krew = [k for k in blue.krew if k.role != "kaptin"]
    sail(g, 30.0)
    [ev] = events(g, "evade")
    assert (ev["ld"], ev["passed"]) == (7, False)
    g = head_on(60.0, script=[1, 1])
    blue = support.ship(g, "Blue")
    blue.krew = []
    sail(g, 30.0)
    [ev] = events(g, "evade")
    assert ev["able"] is False
    assert sea is not None


@pytest.mark.rules("JL-RAM-2")
def test_no_room_to_slip_aside_means_the_ram_goes_home() -> None:
    # Blue is boxed in by two islands along its sides: it passes the test but cannot move
    rocks = [
        {"kind": "island", "name": "North", "polygon": [[50, 38.5], [70, 38.5], [70, 45], [50, 45]]},
        {"kind": "island", "name": "South", "polygon": [[50, 27], [70, 27], [70, 33.5], [50, 33.5]]},
    ]
    g = support.game(support.duel(red={"y": 36.0}, blue={"x": 75.0}, terrain=rocks), script=[1, 1, 1, 1])
    sea = support.sea(g)
    blue = support.ship(g, "Blue")
    blue.hull = blue.hull.moved(blue.hull.pose._replace(x=60.0))
    sail(g, 30.0)
    [ev] = events(g, "evade")
    assert ev["passed"] is True and ev["to"] is None
    assert len(events(g, "crash")) == 1 and blue.hull.x == 60.0
    assert sea.ships["Red"].hull.bow.x < 55.0


# --------------------------------------------------------------------------- modifiers (JL-RAM-5)


@pytest.mark.rules("JL-RAM-5", "JL-KLAN-4")
def test_goffs_ram_one_harder() -> None:
    g = head_on(60.0, red={"klan": "goffs"}, script=[6, 6, 1, 1])
    sail(g, 30.0)
    [crash] = events(g, "crash")
    assert (crash["klan"], crash["strength"]) == (1, 9)


@pytest.mark.rules("JL-RAM-5", "JL-KLAN-2")
@pytest.mark.parametrize(("wind", "change"), [(0.0, 1), (180.0, -1), (90.0, 0)])
def test_snake_bites_ram_harder_with_the_wind_and_softer_against_it(wind: float, change: int) -> None:
    g = head_on(60.0, red={"klan": "snake-bites"}, script=[6, 6, 1, 1])
    support.sea(g).wind = wind
    sail(g, 30.0)
    [crash] = events(g, "crash")
    assert (crash["wind"], crash["strength"]) == (change, 8 + change)


# --------------------------------------------------------------------------- crashes and grounding (JL-RAM-6, 7)


ROCK = {"kind": "island", "name": "Skull Rock", "polygon": [[50, 30], [60, 30], [60, 42], [50, 42]]}


@pytest.mark.rules("JL-RAM-6", "JL-RAM-7")
def test_running_onto_an_island_is_a_crash_at_full_strength_and_the_ship_is_aground() -> None:
    # the bow (35) meets the rock (50) after 15": S6 against Red's own front 12; 6+6 = 12 glancing, save 2
    g = support.game(support.duel(red=NEUTRAL, blue={"x": 100.0, "y": 10.0}, terrain=[ROCK]), script=[6, 2])
    sea = support.sea(g)
    sea.turn = 3
    sail(g, 30.0)
    [aground] = events(g, "aground")
    assert (aground["on"], aground["strength"], aground["band"], aground["rule"]) == ("Skull Rock", 6, 6, "JL-RAM-7")
    [hit] = events(g, "strike")
    assert (hit["target"], hit["facing"], hit["strength"], hit["verdict"], hit["weapon_rule"]) == ("Red", "front", 6, "glancing", "JL-RAM-6")
    red = support.ship(g, "Red")
    assert red.hull_points == 4 and red.grounded_on == "Skull Rock" and red.grounded_turn == 3


@pytest.mark.rules("JL-RAM-6")
def test_a_compulsory_move_into_a_ship_is_a_crash_without_the_rammers_discount() -> None:
    g = head_on(60.0, script=[6, 6, 1, 1])
    sea = support.sea(g)
    sea.turn = 2
    support.ship(g, "Blue").moved_turn = 2
    sail(g, 30.0, ram=True, compulsory=True)  # e.g. a damaged engine repeating its move
    [crash] = events(g, "crash")
    assert crash["own_strength"] == crash["strength"] == 8


@pytest.mark.rules("JL-RAM-6")
def test_a_drifting_ship_crashes_too() -> None:
    # Red drifts 6" east into Blue's stern: a crash after 0.5" of drift: S6, Blue heading 180 vs course 0 = +1
    g = support.game(support.duel(red=NEUTRAL, blue={"x": 45.5, "heading": 0.0}), script=[6, 6, 1, 1])
    sea = support.sea(g)
    support.drive(movement.drift(g, sea, support.ship(g, "Red"), 0.0, 6.0, "JL-EVT-3", "squall"))
    [crash] = events(g, "crash")
    assert crash["band"] == 6 and crash["heading"] == -1 and crash["strength"] == 5
    [d] = events(g, "drift")
    assert d["contact"]["with"] == "Blue"


def _aground(g: Game, turn: int) -> None:
    red = support.ship(g, "Red")
    red.grounded_on, red.grounded_turn = "Skull Rock", turn


@pytest.mark.rules("JL-RAM-7")
def test_a_grounded_ship_spends_the_next_turn_aground_then_comes_off_facing_away() -> None:
    # Red's bow lies 0.5" off Skull Rock's west face; it ran aground on turn 1
    g = support.game(support.duel(red={"x": 44.5}, blue={**NEUTRAL, "x": 100.0, "y": 10.0}, terrain=[ROCK]))
    sea = support.sea(g)
    _aground(g, 1)
    sea.turn = 2
    sea.order = ("red", "blue")
    asked: list[Any] = []

    def orders(p: Any) -> Orders:
        asked.append(p)
        return Orders(tuple(ManoeuvreOrder(s, 4) for s in p.choices["blue"]))

    g.dice = ScriptedDice([1, 1, 1])  # Blue's All Stop: 3D6 = 3, the minimum (no distance to choose)
    support.drive(flow.movement_phase(g, sea), [orders])
    assert asked[0].choices == {"blue": {"Blue": asked[0].choices["blue"]["Blue"]}}  # Red is not asked
    red = support.ship(g, "Red")
    assert red.hull.x == 44.5 and red.grounded_on == "Skull Rock"
    assert [e["why"] for e in events(g, "no-move")] == ["aground on Skull Rock"]
    # turn 3: it comes off, turned to face directly away from the rock (west), and may be ordered
    sea.turn = 3
    flow.refloat(g, sea, red)
    [off] = events(g, "refloat")
    assert off["rule"] == "JL-RAM-7" and off["turned"] is True
    assert red.hull.heading == pytest.approx(180.0) and red.grounded_on is None
    assert red.hull.facing_towards(sea.obstacles[0].shape.closest_point(red.centre)) is Facing.REAR  # type: ignore[union-attr]


@pytest.mark.rules("JL-RAM-7")
def test_refloating_keeps_the_heading_when_turning_would_touch_something() -> None:
    # aground alongside a rock on its port side: facing away (south) would swing the hull into the rock
    alongside = {"kind": "island", "name": "Skull Rock", "polygon": [[20, 38.5], [40, 38.5], [40, 45], [20, 45]]}
    g = support.game(support.duel(red={"x": 30.0, "y": 36.0}, blue={"x": 90.0}, terrain=[alongside]))
    sea = support.sea(g)
    _aground(g, 1)
    red = support.ship(g, "Red")
    flow.refloat(g, sea, red)
    [off] = events(g, "refloat")
    assert off["turned"] is False and red.hull.heading == 0.0 and red.grounded_on is None


@pytest.mark.rules("JL-RAM-3", "JL-RAM-5")
def test_in_played_games_every_impact_follows_the_table() -> None:
    from grapeshot.agents import make, play_out
    from grapeshot.core.scenario import load_scenario

    seen = 0
    for seed in range(6):
        sc = load_scenario("brawl", "jimlad")
        g = Game("jimlad", sc, seed=seed)
        play_out(g, {s.id: make("heuristic", seed * 5 + k, "jimlad") for k, s in enumerate(sc.seats)})
        for e in g.events:
            if e.kind in ("ram", "crash", "aground"):
                d = e.data
                assert d["band"] == collisions.impact_band(d["moved"])
                total = d["band"] + d.get("heading", 0) + d.get("klan", 0) + d.get("wind", 0)
                assert d["strength"] == total
                if e.kind != "aground":
                    assert d["own_strength"] == total - (1 if e.kind == "ram" else 0)
                seen += 1
    assert seen >= 5


@pytest.mark.rules("JL-RAM-1")
def test_ramming_speed_is_declared_with_the_distance_and_only_at_a_ship_that_has_moved() -> None:
    from grapeshot.core.errors import IllegalAction
    from grapeshot.rulesets.jimlad.actions import Distance
    from grapeshot.rulesets.jimlad.prompts import DistancePrompt

    g = head_on(60.0)
    sea = support.sea(g)
    sea.turn = 2

    def prompt() -> DistancePrompt:
        return DistancePrompt(seats=("red",), rule="JL-MOVE-9", text="", accepts=(Distance,), ship="Red", card=Card.FULL_AHEAD, low=9.0, high=30.0, sea=sea)

    # Blue has not moved yet: nothing to ram, a contact would be a crash
    with pytest.raises(IllegalAction, match="nothing to ram"):
        prompt().check("red", Distance(30.0, ram=True))
    support.ship(g, "Blue").moved_turn = 2
    assert prompt().ram_target(30.0) == "Blue"
    prompt().check("red", Distance(30.0, ram=True))
    # stopping short of Blue (the bow meets it after 20" of path: 2" beyond the card and length)
    assert prompt().ram_target(9.0) == "Blue" and prompt().ram_target(1.0) is None
    assert prompt().describe()["ram_at_most"] == "Blue"


# --------------------------------------------------------------------------- where an evading ship goes (JL-RAM-2, option evade)


def t_bone(script: tuple[int, ...] = (3, 4), **options: Any) -> Game:
    """Red at (30, 36) heading east; Blue across its bow at (45, 36) heading north, its port side
    towards Red's bow: sliding along its own beam is sliding along Red's track."""
    return support.game(support.duel(red=NEUTRAL, blue={"x": 45.0, "heading": 90.0}, options=options), script=script)


@pytest.mark.rules("JL-RAM-2")
def test_a_passed_evade_finds_the_nearest_clear_place_to_either_side_of_the_rammer() -> None:
    g = t_bone()
    blue = support.ship(g, "Blue")
    result = sail(g, 30.0)
    [ev] = events(g, "evade")
    assert ev["passed"] is True and ev["how"] == "nearest" and ev["to"] is not None
    # Blue (31" to 41" up the table) must clear Red's 4" beam (34" to 38"): 7" to either side;
    # a tie goes to the side of the track Blue lies on (dead on it: Red's port, up the table)
    assert ev["side"] == "port" and ev["direction"] == pytest.approx(90.0)
    assert 7.0 < ev["slid"] <= 7.0 + 0.01 + 0.05
    assert (blue.hull.x, blue.hull.heading) == (45.0, 90.0) and blue.hull.y == pytest.approx(36.0 + ev["slid"])
    assert result.contact is None and events(g, "strike") == []  # Red sails its whole course
    assert hull_distance(support.ship(g, "Red").hull, blue.hull) > 0.0


@pytest.mark.rules("JL-RAM-2")
def test_the_nearest_clear_place_may_be_across_the_rammers_track() -> None:
    # an island just above Blue: its near side (port of Red) has no room, the far side has
    rock = [{"kind": "island", "name": "Lid", "polygon": [[40, 42.5], [50, 42.5], [50, 50], [40, 50]]}]
    g = support.game(support.duel(red=NEUTRAL, blue={"x": 45.0, "y": 37.0, "heading": 90.0}, terrain=rock), script=[3, 4])
    blue = support.ship(g, "Blue")
    sail(g, 30.0)
    [ev] = events(g, "evade")
    assert ev["side"] == "starboard" and ev["direction"] == pytest.approx(270.0)
    assert 8.0 < ev["slid"] <= 8.0 + 0.06 and blue.hull.y == pytest.approx(37.0 - ev["slid"])


@pytest.mark.rules("JL-RAM-2")
def test_option_evade_beam_keeps_the_slide_along_the_targets_own_beam() -> None:
    g = t_bone((3, 4, 1, 1), evade="beam")  # evaded (7), then both blows fail (1s)
    blue = support.ship(g, "Blue")
    sail(g, 30.0)
    [ev] = events(g, "evade")
    assert ev["passed"] is True and ev["how"] == "beam" and ev["to"] is None  # along Red's track: never clear
    assert len(events(g, "crash")) == 1 and blue.hull.y == 36.0
    g = head_on(60.0, script=[3, 4], options={"evade": "beam"})
    blue = support.ship(g, "Blue")
    sail(g, 30.0)
    [ev] = events(g, "evade")
    assert ev["to"] is not None and ev["slid"] % 0.5 == 0.0 and blue.hull.x == 60.0
