"""Rams: both ships take the other's ram value (bow first +1), fixed objects, the bigger rammer
sticks, a 6 frees them, a ship rammed to nothing sinks after a turn and drags a smaller one
stuck to her down, swimmers run down."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.geometry import Hull, Surface
from grapeshot.rulesets.woodenships import rams, ships
from grapeshot.rulesets.woodenships.actions import Next, Steer
from tests.rulesets.woodenships.harness import boat, fig, game, kinds, put, scenario, ship, shore, until

WIDE: dict[str, Any] = {"type": "wide", "sections": 3}  # 12" x 6", 27 points, ram D6+3


def head_on(red: dict[str, Any] | None = None, blue: dict[str, Any] | None = None, faces: list[int] | None = None, x: float = 20.0, **options: Any) -> Game:
    """Red heading east at (``x``, 20), Blue heading west at (36, 20), her bow 8" off a narrow Red's."""
    sc = scenario([ship("Red", x, 20, 0, [{"kind": "man"}], **(red or {}))], [ship("Blue", 36, 20, 180, [{"kind": "man"}], **(blue or {}))], options=options)
    return game(sc, faces)


@pytest.mark.rules("WS-RAM-1")
def test_both_ships_take_the_others_ram_value_and_a_bow_first_rammer_one_more() -> None:
    g = head_on(faces=[3, 4])
    g.submit("red", Steer(0.0, 12.0))
    e = kinds(g, "ram")[0]
    # Red's bow strikes Blue: 3 + 2 (narrow) + 1 (bow first) = 6 to Blue; Blue gives back 4 + 2 = 6
    assert (e["ship"], e["target"], e["bow_first"], e["dealt"], e["taken"], e["stuck"]) == ("Red", "Blue", True, 6, 6, False)
    assert (boat(g, "Blue").lost, boat(g, "Red").lost) == (6, 6)
    rolls = [r for r in g.events if r.kind == "roll" and r.rule == "WS-RAM-1"]
    assert [r.data["seat"] for r in rolls] == ["red", "blue"]
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-RAM-1", "WS-SHIP-3")
def test_the_score_sheets_ram_column_when_the_option_says() -> None:
    g = head_on(red=WIDE, faces=[1, 1], ship_table="score_sheet")
    g.submit("red", Steer(0.0, 9.0))
    e = kinds(g, "ram")[0]
    # the wide ship's D6+5 (not +3) and the bow's +1; the narrow ship's D6+3 (not +2)
    assert (e["ram"], e["back"], e["dealt"], e["taken"]) == ("D6+6", "D6+3", 7, 4)


@pytest.mark.rules("WS-RAM-1")
@pytest.mark.parametrize(("kind", "bonus"), [("rocks", 7), ("sea_wall", 4), ("harbour", 2)])
def test_fixed_objects_give_their_ram_value_and_take_nothing(kind: str, bonus: int) -> None:
    rock = {"kind": kind, "name": "Hazard", "polygon": [[30, 16], [34, 16], [34, 24], [30, 24]]}
    sc = scenario([ship("Red", 20, 20, 0, [{"kind": "man"}])], [ship("Blue", 50, 34, 180)], terrain=[rock])
    g = game(sc, [2])
    g.submit("red", Steer(0.0, 12.0))
    e = kinds(g, "ram")[0]
    assert (e["target"], e["target_kind"], e["dealt"], e["taken"], e["back"]) == ("Hazard", kind, 0, 2 + bonus, f"D6{bonus:+d}")
    assert boat(g, "Red").lost == 2 + bonus


@pytest.mark.rules("WS-RAM-1")
def test_an_island_beach_stops_a_ship_without_a_ram() -> None:
    isle = {"kind": "island", "name": "Isle", "polygon": [[30, 16], [34, 16], [34, 24], [30, 24]]}
    g = game(scenario([ship("Red", 20, 20, 0, [{"kind": "man"}])], [ship("Blue", 50, 34, 180)], terrain=[isle]), [])
    g.submit("red", Steer(0.0, 12.0))
    assert kinds(g, "steer")[0]["stopped_by"] == {"with": "Isle", "kind": "island"} and not kinds(g, "ram")


@pytest.mark.rules("WS-RAM-1")
def test_a_weak_ram_does_no_harm_rather_than_less_than_none() -> None:
    g = head_on(red={"type": "canoe"}, faces=[1, 1], x=27.0)  # her bow 2" off Blue's
    g.submit("red", Steer(0.0, 3.0))
    e = kinds(g, "ram")[0]
    assert e["dealt"] == 0 and e["taken"] == 3 and boat(g, "Blue").lost == 0


@pytest.mark.rules("WS-RAM-2")
@pytest.mark.parametrize(("red", "stuck"), [(WIDE, True), (None, False)])
def test_a_rammer_with_more_points_than_the_rammed_has_left_sticks_and_a_6_frees_them(red: dict[str, Any] | None, stuck: bool) -> None:
    # a wide ship of 27 points sticks fast to the narrow one of 12 it rams; a narrow one of 12 does not
    g = head_on(red=red, faces=[1, 1, 5, 6])
    g.submit("red", Steer(0.0, 9.0))
    e = kinds(g, "ram")[0]
    assert e["stuck"] is stuck
    red_ship, blue = boat(g, "Red"), boat(g, "Blue")
    assert (("Blue" in red_ship.stuck), ("Red" in blue.stuck)) == (stuck, stuck)
    if not stuck:
        return
    assert kinds(g, "stuck")[0] == {"ships": ["Red", "Blue"], "rammer_points": 27, "target_left": 12}
    assert ships.cannot_move(shore(g), red_ship) == "stuck fast to Blue (WS-RAM-2)"
    until(g, "NextPrompt")
    g.submit("red", Next())
    # blue's turn begins: it rolls (5) and they stay stuck; Blue does not move
    assert kinds(g, "dislodge")[-1] == {"side": "blue", "ships": ["Blue", "Red"], "face": 5, "freed": False}
    assert kinds(g, "no-move")[-1]["ship"] == "Blue"
    until(g, "NextPrompt")
    g.submit("blue", Next())
    # turn 2, red's turn: a 6 frees them and Red sails again
    assert kinds(g, "dislodge")[-1]["freed"] is True and not red_ship.stuck and not blue.stuck
    assert g.prompt is not None and g.prompt.kind == "SteerPrompt" and getattr(g.prompt, "ship", "") == "Red"
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-RAM-3", "WS-RAM-1")
def test_a_ship_rammed_to_nothing_sinks_after_a_turn_and_drags_a_smaller_ship_stuck_to_her_down() -> None:
    # the wide Red (6 points left) rams the narrow Blue and sticks fast; Blue's blow back sinks her
    g = head_on(red=WIDE, faces=[1, 6, 5, 5, 5, 5])
    boat(g, "Red").lost = 21  # 6 left: Blue's 6 + 2 = 8 takes them all
    g.submit("red", Steer(0.0, 9.0))
    red, blue = boat(g, "Red"), boat(g, "Blue")
    e = kinds(g, "ram")[0]
    assert e["stuck"] and e["taken"] == 8 and red.band == "sinking" and red.sinks_at == (2, 0)
    until(g, "NextPrompt")
    g.submit("red", Next())
    until(g, "NextPrompt")
    g.submit("blue", Next())
    assert red.afloat and blue.afloat  # a whole turn first
    until(g, "NextPrompt")
    g.submit("red", Next())
    assert not red.afloat and not blue.afloat
    dragged = kinds(g, "dragged-down")[0]
    assert (dragged["ship"], dragged["by_ship"]) == ("Blue", "Red")
    assert fig(g, "Blue man 1").swimming and fig(g, "Blue captain").swimming
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-RAM-3")
def test_a_sinking_ship_stuck_to_a_bigger_one_goes_down_alone() -> None:
    g = head_on(red=WIDE, faces=[6, 1] + [5] * 6)
    g.submit("red", Steer(0.0, 9.0))  # Blue takes 6 + 3 + 1 = 10 of 12 and is stuck to Red
    red, blue = boat(g, "Red"), boat(g, "Blue")
    assert "Red" in blue.stuck and blue.left == 2
    ships.damage(g, shore(g), blue, 2, "red", "test", "WS-DMG-3")
    assert blue.sinks_at == (2, 0)
    until(g, "NextPrompt")
    g.submit("red", Next())
    until(g, "NextPrompt")
    g.submit("blue", Next())
    until(g, "NextPrompt")
    g.submit("red", Next())
    assert not blue.afloat and red.afloat and not red.stuck and not kinds(g, "dragged-down")
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-RAM-1")
@pytest.mark.parametrize("run_down", [True, False])
def test_a_swimmer_under_a_moving_hull_is_run_down(run_down: bool) -> None:
    g = head_on(faces=[2, 3, 3], run_down=run_down)
    put(g, "Blue man 1", Surface.WATER, "", 27.0, 20.0)
    g.submit("red", Steer(0.0, 12.0))
    man = fig(g, "Blue man 1")
    if run_down:
        assert kinds(g, "run-down")[0]["damage"] == 4 and not man.alive
    else:
        assert not kinds(g, "run-down") and man.alive and kinds(g, "shoved")
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-RAM-1")
def test_bow_first_reads_the_bow_section() -> None:
    g = head_on(faces=[])
    red, blue = boat(g, "Red"), boat(g, "Blue")
    assert rams.bow_first(red, blue.hull)  # bow to bow across the 8" gap
    assert not rams.bow_first(red, Hull(16.0, 15.0, 0.0, 4.0, 4.0))  # a hull off her starboard quarter
    assert rams.bow_first(red, Hull(20.0, 15.0, 0.0, 16.0, 4.0))  # one all along her side: the bow is as near as any part


@pytest.mark.rules("WS-RAM-1")
@pytest.mark.parametrize("steer", [Steer(0.0, 6.0), Steer(0.0, 12.0)])
def test_a_ship_already_touching_that_neither_turns_nor_runs_does_not_ram(steer: Steer) -> None:
    """A ram needs a move that comes to touch: Red starts where her ram of Blue would leave her,
    bow against Blue's bow; a move straight on into her goes nowhere and is no ram (it was,
    before: D6 + 2 + 1 bow first, from a standstill)."""
    g = head_on(faces=[1] * 4, x=27.9937)
    g.submit("red", steer)
    assert kinds(g, "ram") == []
    last = kinds(g, "steer")[-1]
    assert (last["turned"], last["ahead"]) == (0.0, 0.0)
    assert last["stopped_by"] == {"with": "Blue", "kind": "ship", "standing": True}
    assert not [r for r in g.events if r.kind == "roll" and r.rule == "WS-RAM-1"]
    assert (boat(g, "Blue").lost, boat(g, "Red").lost) == (0, 0)


@pytest.mark.rules("WS-RAM-1", "CG-RAM-1")
@pytest.mark.parametrize(("turned", "ran", "made"), [(0.0, 0.0, False), (0.008, 0.0, False), (0.0, 0.004, False), (0.1, 0.0, True), (0.0, 0.01, True)])
def test_a_hull_moved_no_further_than_the_sweeps_clearance_came_to_touch_nothing(turned: float, ran: float, made: bool) -> None:
    """A swing of 0.008 degrees moves an 8" hull's far end 0.001": no move (a ship held against
    rocks so was charged the rocks' D6+7); a tenth of a degree (0.014") or 0.01" ahead is one."""
    from grapeshot.geometry import Contact

    touched = Contact("Rocks", "rocks", 0.0)
    assert (ships.came_to_touch(touched, turned, ran, 8.0) is touched) is made
    assert ships.came_to_touch(None, turned, ran, 8.0) is None
