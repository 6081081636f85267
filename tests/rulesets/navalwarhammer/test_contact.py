"""Ships meeting ships and land: declared rams and rams that carry on, coming alongside and
grappling, groundings, docking and casting off, shallow water, launching boats."""

from __future__ import annotations

import pytest

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import angle_diff, hull_distance
from grapeshot.rulesets.navalwarhammer.actions import DeckMoves, Launch, Propel, Reactions, Steer
from grapeshot.rulesets.navalwarhammer.harbour import launch, launch_options
from grapeshot.rulesets.navalwarhammer.moving import ship_move
from grapeshot.rulesets.navalwarhammer.prompts import DeckMovesPrompt, PropelPrompt, ReactionsPrompt, SteerPrompt
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, events, game, run, script, sea, ship, the_ship


def work(g: Game) -> None:
    for u in sea(g).units.values():
        u.working = u.works


def steer(inches: float, ram: bool = False) -> object:
    def answer(p: Prompt) -> Action:
        assert isinstance(p, SteerPrompt)
        if ram:
            assert p.ram_target(inches, 0.0, "start") is not None
        return Steer(p.ship, inches, 0.0, "start", ram)

    return answer


def hold(p: Prompt) -> Action:
    if isinstance(p, ReactionsPrompt):
        return Reactions(p.ship, tuple((u, "hold") for u in p.options))
    assert isinstance(p, DeckMovesPrompt)
    return DeckMoves(p.ship, tuple((u, "rail") for u in p.options))


def crossing(red: dict[str, object], blue: dict[str, object], x: float = 40.0) -> Game:
    """Red at (20, 24) heading east; blue broadside across its course at (``x``, 24)."""
    g = game(duel([red], [blue], red_places=[{"x": 20, "y": 24, "heading": 0}], blue_places=[{"x": x, "y": 24, "heading": 90}], options={"wind": 0.0}))
    work(g)
    return g


@pytest.mark.rules("NW-BOARD-1", "NW-RAM-1", "NW-UPG-5", "NW-SHIP-4")
def test_a_declared_ram_that_sinks_a_smaller_ship_sails_on() -> None:
    g = crossing(ship("Ram", "medium", [HALBERDIERS], upgrades={"ram": 1}), ship("Skiff", "dinghy", [{"unit": "Master Engineer"}]), x=36.0)
    s = sea(g)
    gap = hull_distance(the_ship(g, "Ram").hull, the_ship(g, "Skiff").hull)
    # the sails: 9 + 2D6 = 12 with the wind; the ram: 2D6 hits (it carries a ram); each wounds on 4+; D3 wounds each
    script(g, [2, 1, 3, 3, *([4] * 6), 3, 2])
    run(g, ship_move(g, s, the_ship(g, "Ram")), [steer(12.0, ram=True)])
    ram = events(g, "ram")[-1].data
    assert ram["ram"] and ram["hits"] == 6 and ram["moved"] == pytest.approx(gap, abs=0.02)
    assert ram["strength"] == 3 + 2 + int(gap // 6)
    assert not the_ship(g, "Skiff").afloat and events(g, "sails-on")
    assert events(g, "move")[-1].data["travelled"] == pytest.approx(12.0)


@pytest.mark.rules("NW-RAM-1", "NW-BOARD-1")
def test_a_smaller_ship_that_sinks_its_target_stops_there() -> None:
    g = crossing(ship("Sloop", "small", [{"unit": "Swordsmen", "models": 10}]), ship("Wreck", "medium", [HALBERDIERS]), x=36.0)
    s = sea(g)
    hull = the_ship(g, "Wreck").parts["hull"]
    hull.wounded = hull.profile.w - 1
    # 9 + 2D6 = 12; D6 hits at S3 + 1 + ...; a 6 wounds T8 at S4/S5; D3; the rammer's own shock: D3 hits
    script(g, [2, 1, 1, 6, 1, 1])
    run(g, ship_move(g, s, the_ship(g, "Sloop")), [steer(12.0, ram=True)])
    assert not the_ship(g, "Wreck").afloat and not events(g, "sails-on")
    assert events(g, "move")[-1].data["travelled"] < 12.0


@pytest.mark.rules("NW-BOARD-1")
def test_a_ram_must_be_declared_and_only_at_an_enemy_the_course_meets_first() -> None:
    g = crossing(ship("Ram", "medium", [HALBERDIERS], upgrades={"ram": 1}), ship("Target", "medium", [HALBERDIERS]))
    s = sea(g)
    script(g, [2, 1])
    from grapeshot.core.errors import IllegalAction
    from grapeshot.rulesets.navalwarhammer.courses import Allowance
    from grapeshot.rulesets.navalwarhammer.data import Propulsion

    p = SteerPrompt(("red",), "NW-MOVE-1", "", (Steer,), ship="Ram", mode=Propulsion.SAIL, least=0.0, most=12.0, sea=s)
    assert p.ram_target(12.0, 0.0, "start") == "Target" and p.ram_target(3.0, 0.0, "start") is None
    with pytest.raises(IllegalAction, match="nothing to ram"):
        p.check("red", Steer("Ram", 3.0, 0.0, "start", True))
    rams = [c.value for c in p.legal("red").parts[0].options if isinstance(c.value, Steer) and c.value.ram]
    assert rams and all(p.ram_target(r.inches, r.turn, r.at) == "Target" for r in rams)
    del Allowance


@pytest.mark.rules("NW-BOARD-1", "NW-BOARD-2")
def test_meeting_an_enemy_unrammed_comes_alongside_maximising_contact_and_grapples_on_3() -> None:
    g = crossing(ship("Boarder", "medium", [HALBERDIERS]), ship("Target", "large", [HALBERDIERS]))
    s = sea(g)
    script(g, [2, 1, 3])
    run(g, ship_move(g, s, the_ship(g, "Boarder")), [steer(12.0), hold, hold])
    a = events(g, "alongside")[-1].data
    assert a["grappled"] and a["swung"] and a["roll"] == 3
    boarder, target = the_ship(g, "Boarder"), the_ship(g, "Target")
    assert abs(angle_diff(boarder.hull.heading, target.hull.heading)) in (pytest.approx(0.0, abs=1e-6), pytest.approx(180.0, abs=1e-6))
    assert hull_distance(boarder.hull, target.hull) < 0.05
    assert "Target" in boarder.grappled and "Boarder" in target.grappled
    assert events(g, "reactions") and events(g, "line-up")


@pytest.mark.rules("NW-BOARD-1")
def test_grapnels_that_fail_leave_the_ships_alongside_ungrappled() -> None:
    g = crossing(ship("Boarder", "medium", [HALBERDIERS]), ship("Target", "large", [HALBERDIERS]))
    script(g, [2, 1, 2])
    run(g, ship_move(g, sea(g), the_ship(g, "Boarder")), [steer(12.0)])
    assert not events(g, "alongside")[-1].data["grappled"] and not the_ship(g, "Boarder").grappled


@pytest.mark.rules("NW-BOARD-1")
def test_a_ship_swung_alongside_a_blocked_station_takes_the_clear_one_nearest_where_she_lay() -> None:
    """Every station along the large target's 15" keel where the small mover's 8" lie against it
    maximises the contact; the nearest to where she lay (its stern end) is blocked by a dinghy,
    so she takes the nearest clear one, 1.25" on, not the target's middle 3.5" on."""
    from grapeshot.geometry import Hull, hulls_overlap
    from grapeshot.rulesets.navalwarhammer.contact import alongside, stations

    assert stations(-10.0, 3.5)[:3] == [-3.5, -3.25, -3.0] and stations(0.1, 0.0) == [0.0]
    g = game(
        duel(
            [ship("Mover", "small", [{"unit": "Swordsmen", "models": 10}]), ship("Block", "dinghy", [{"unit": "Master Engineer"}])],
            [ship("Target", "large", [HALBERDIERS])],
            red_places=[{"x": 30, "y": 29, "heading": 0}, {"x": 31.5, "y": 24.1, "heading": 0}],
            blue_places=[{"x": 40, "y": 20, "heading": 0}],
            options={"wind": 0.0},
        )
    )
    s = sea(g)
    mover, target = the_ship(g, "Mover"), the_ship(g, "Target")
    assert alongside(s, mover, target)
    u, v = target.hull.local(mover.hull.centre)
    assert u == pytest.approx(-2.25) and v == pytest.approx(3.0 + 1.75 + 0.01)
    assert not hulls_overlap(mover.hull, the_ship(g, "Block").hull)
    first = target.hull.world(-3.5, v)
    assert hulls_overlap(Hull(first.x, first.y, 0.0, 8.0, 3.5), the_ship(g, "Block").hull)


@pytest.mark.rules("NW-AGROUND-1")
@pytest.mark.parametrize(
    ("kind", "size", "inches", "bonus"), [("rocks", "medium", 12.0, 2 + 1 + 2), ("sandbank", "small", 6.5, 1 + 1 + 0), ("rocks", "dinghy", 9.0, 2 + 1 - 1)]
)
def test_the_strength_of_a_grounding(kind: str, size: str, inches: float, bonus: int) -> None:
    crew = [{"unit": "Master Engineer"}] if size == "dinghy" else [{"unit": "Swordsmen", "models": 10}]
    sc = duel(
        [ship("Lubber", size, crew)],
        [ship("Far", "medium", [HALBERDIERS])],
        red_places=[{"x": 20, "y": 24, "heading": 0}],
        blue_places=[{"x": 60, "y": 40, "heading": 90}],
        terrain=[{"kind": kind, "name": "the shoal", "polygon": [[30, 20], [34, 20], [34, 28], [30, 28]]}],
        options={"wind": 180.0},
    )
    g = game(sc)
    work(g)
    lubber = the_ship(g, "Lubber")
    from grapeshot.rulesets.navalwarhammer.courses import course
    from grapeshot.rulesets.navalwarhammer.moving import travel

    script(g, [3, 1])
    run(g, travel(g, sea(g), lubber, course(lubber, inches), inches))
    a = events(g, "aground")[-1].data
    assert a["strength"] == 3 + bonus and lubber.aground == "the shoal"


@pytest.mark.rules("NW-DOCK-1")
def test_docking_at_six_inches_or_less_with_the_minimum_crew_else_a_collision_with_the_quay() -> None:
    def harbour(inches: float, crewed: bool) -> Game:
        sc = duel(
            [ship("Trader", "medium", [HALBERDIERS])],
            [ship("Far", "medium", [HALBERDIERS])],
            red_places=[{"x": 20, "y": 24, "heading": 0}],
            blue_places=[{"x": 60, "y": 40, "heading": 90}],
            terrain=[{"kind": "dock", "name": "the quay", "polygon": [[30, 20], [33, 20], [33, 28], [30, 28]]}],
        )
        g = game(sc)
        if crewed:
            work(g)
        from grapeshot.rulesets.navalwarhammer.courses import course
        from grapeshot.rulesets.navalwarhammer.moving import travel

        t = the_ship(g, "Trader")
        script(g, [] if crewed and inches <= 6 else [2, 4])
        run(g, travel(g, sea(g), t, course(t, inches), inches))
        return g

    g = harbour(5.0, True)
    assert the_ship(g, "Trader").moored == "the quay" and events(g, "docks")
    g = harbour(8.0, True)
    assert the_ship(g, "Trader").moored is None and events(g, "aground")[-1].data["solid"]
    g = harbour(5.0, False)
    assert "minimum crew" in events(g, "aground")[-1].data["why"]


@pytest.mark.rules("NW-DOCK-1")
def test_casting_off_at_speed_0_or_cast_adrift_without_the_minimum_crew() -> None:
    sc = duel(
        [ship("Moored", "medium", [HALBERDIERS])],
        [ship("Far", "medium", [HALBERDIERS])],
        red_places=[{"x": 20, "y": 25.8, "heading": 0, "moored": "the quay"}],
        blue_places=[{"x": 60, "y": 40, "heading": 90}],
        terrain=[{"kind": "dock", "name": "the quay", "polygon": [[14, 28.1], [26, 28.1], [26, 30], [14, 30]]}],
    )

    def cast(p: Prompt) -> Action:
        assert isinstance(p, PropelPrompt)
        return Propel(p.answers[0].ship, "cast-off")  # type: ignore[attr-defined]

    g = game(sc)
    work(g)
    m = the_ship(g, "Moored")
    assert m.moored == "the quay"
    script(g, [])
    run(g, ship_move(g, sea(g), m), [cast])
    assert m.moored is None and not events(g, "casts-off")[-1].data["adrift"] and m.last_moved == 0.0
    g = game(sc)
    m = the_ship(g, "Moored")
    script(g, [4])
    run(g, ship_move(g, sea(g), m), [cast])
    assert events(g, "casts-off")[-1].data["adrift"] and events(g, "move")[-1].data["why"] == "cast adrift"


@pytest.mark.rules("NW-SHALLOW-1")
def test_shallow_water_grounds_medium_and_large_ships_near_a_shore_on_4_plus() -> None:
    terrain = [
        {"kind": "island", "name": "the isle", "circle": {"center": [40, 24], "radius": 3}},
        {"kind": "shallows", "name": "the flats", "circle": {"center": [40, 24], "radius": 12}},
    ]

    def approach(size: str, dice: list[int]) -> Game:
        crew = [HALBERDIERS] if size != "small" else [{"unit": "Swordsmen", "models": 10}]
        sc = duel(
            [ship("Deep", size, crew)],
            [ship("Far", "medium", [HALBERDIERS])],
            red_places=[{"x": 20, "y": 24, "heading": 0}],
            blue_places=[{"x": 64, "y": 40, "heading": 90}],
            terrain=terrain,
            options={"wind": 0.0},
        )
        g = game(sc)
        work(g)
        script(g, dice)
        run(g, ship_move(g, sea(g), the_ship(g, "Deep")), [steer(9.0)])
        return g

    g = approach("medium", [1, 1, 4, 2, 1])  # 9+2D6 (a 1 and a 1... 11); within 4" of the shore: 4, aground; the hit
    s = events(g, "shallows")[-1].data
    assert s["aground"] and s["when"].startswith("coming within") and the_ship(g, "Deep").aground == "the shallows"
    g = approach("medium", [1, 1, 3])
    assert not events(g, "shallows")[-1].data["aground"] and the_ship(g, "Deep").in_shallows
    script(g, [5, 1, 1])  # at the start of the next movement phase there: 5, aground; the hit's D6 and to-wound
    run(g, ship_move(g, sea(g), the_ship(g, "Deep")))
    assert events(g, "shallows")[-1].data["when"] == "the start of its movement phase"
    g = approach("small", [1, 1])
    assert not events(g, "shallows")


@pytest.mark.rules("NW-LAUNCH-1")
def test_launching_a_boat_with_two_crew_from_a_ship_moving_12_inches_or_less() -> None:
    g = game(duel([ship("Mother", "medium", [{"unit": "Halberdiers", "models": 12}], boats=1)], [ship("Far", "medium", [HALBERDIERS])]))
    s = sea(g)
    mother = the_ship(g, "Mother")
    mother.speed = 14.0
    assert launch_options(s, mother) == [Launch("Mother")]
    mother.speed = 12.0
    options = launch_options(s, mother)
    assert Launch("Mother", "port", "Halberdiers (Mother)", 2) in options and all(o.models >= 2 for o in options[1:])
    assert max(o.models for o in options[1:]) == 5
    boat = launch(g, s, mother, "port", "Halberdiers (Mother)", 3)
    crew = s.crew(boat.name)
    assert boat.size.value == "dinghy" and boat.propulsion.value == "oars" and mother.boats == 0
    assert [u.models for u in crew] == [3] and s.units["Halberdiers (Mother)"].models == 9
    assert boat.last_moved == 0.0 and boat.speed == 0.0 and hull_distance(boat.hull, mother.hull) < 0.1
    assert launch_options(s, mother) == [Launch("Mother")]


def test_built_in_scenarios_place_their_fleets() -> None:
    from grapeshot.core.scenario import builtin_scenarios, load_scenario

    names = builtin_scenarios("navalwarhammer")
    assert set(names) >= {"duel", "freeforall", "raid"}
    for name in names:
        g = game(load_scenario(name, "navalwarhammer"))
        assert len(sea(g).seats) == len(sea(g).fleets)
