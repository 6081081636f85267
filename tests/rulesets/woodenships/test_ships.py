"""Ships: the ruler move about the centre or the bow, spins, movement phases, swept moves that
stop short, damage bands, sinking after a whole turn, abandoning ship, ships taken."""

from __future__ import annotations

import math

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.geometry import Surface, hulls_overlap
from grapeshot.rulesets.woodenships import ships
from grapeshot.rulesets.woodenships.actions import Next, Steer
from grapeshot.rulesets.woodenships.prompts import SteerPrompt
from tests.rulesets.woodenships.harness import boat, fig, game, kinds, put, scenario, ship, shore, until


def lone(heading: float = 0.0, **fields: object) -> Game:
    """Red's ship at (20, 20) and blue's far off in the corner."""
    return game(scenario([ship("Red", 20, 20, heading, [{"kind": "man"}], **fields)], [ship("Blue", 50, 34, 180)]))


def steer_prompt(g: Game) -> SteerPrompt:
    assert isinstance(g.prompt, SteerPrompt), g.prompt
    return g.prompt


@pytest.mark.rules("WS-MOVE-1")
def test_the_ruler_move_about_the_centre() -> None:
    g = lone()
    p = steer_prompt(g)
    assert (p.ship, p.value, p.spin) == ("Red", 12.0, False)
    g.submit("red", Steer(90.0, 12.0))
    red = boat(g, "Red")
    # the ruler from the bow (24, 20) swung hard to port, the mark 12" up it at (24, 32): the ship
    # spins about its centre to point at the mark, then slides on until its bow touches it
    assert red.hull.heading == pytest.approx(math.degrees(math.atan2(12.0, 4.0)))
    assert (red.hull.bow.x, red.hull.bow.y) == (pytest.approx(24.0), pytest.approx(32.0))
    e = kinds(g, "steer")[0]
    assert e["ahead"] == pytest.approx(math.hypot(4.0, 12.0) - 4.0, abs=1e-3) and e["stopped_by"] is None
    # the crew go with her, keeping their place in her frame
    man = fig(g, "Red man 1")
    assert man.spot is not None and man.spot.surface is Surface.DECK and red.hull.contains(shore(g).world(man.spot))


@pytest.mark.rules("WS-MOVE-1")
def test_the_ruler_move_about_the_bow_and_its_limits() -> None:
    g = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 50, 34, 180)], options={"ruler_pivot": "bow"}))
    p = steer_prompt(g)
    with pytest.raises(IllegalAction, match="at most 90 degrees"):
        p.check("red", Steer(95.0, 5.0))
    with pytest.raises(IllegalAction, match=r'from 0" to 12"'):
        p.check("red", Steer(10.0, 12.5))
    g.submit("red", Steer(90.0, 12.0))
    red = boat(g, "Red")
    assert red.hull.heading == pytest.approx(90.0)  # along the ruler
    assert (red.hull.bow.x, red.hull.bow.y) == (pytest.approx(24.0), pytest.approx(32.0))


@pytest.mark.rules("WS-MOVE-1", "WS-MOVE-2")
def test_a_rowboat_spins_then_moves_and_boats_take_two_phases() -> None:
    g = game(scenario([ship("Red", 20, 20, 0, type="rowboat")], [ship("Blue", 50, 34, 180, type="small", hit_points=6)]))
    first = steer_prompt(g)
    assert (first.phase, first.value, first.spin, first.rule) == (0, 4.0, True, "WS-MOVE-2")
    g.submit("red", Steer(90.0, 4.0))
    red = boat(g, "Red")
    assert (red.hull.x, red.hull.y) == (pytest.approx(20.0), pytest.approx(20.0))  # a spin: turned, not moved
    assert red.hull.heading == pytest.approx(math.degrees(math.atan2(4.0, 2.75)))
    second = steer_prompt(g)
    assert (second.phase, second.value, second.spin) == (1, 4.0, False)
    g.submit("red", Steer(0.0, 4.0))
    assert math.hypot(red.hull.x - 20.0, red.hull.y - 20.0) == pytest.approx(4.0)
    # all ships move before any figure acts: the next prompt is a figure's
    assert g.prompt is not None and g.prompt.kind == "NextPrompt"
    g.submit("red", Next())
    assert [p for p in (steer_prompt(g).phase,)] == [0]  # blue's small ship: two phases of 6"
    assert (steer_prompt(g).value, steer_prompt(g).spin) == (6.0, False)
    g.submit("blue", Steer())
    assert (steer_prompt(g).phase, steer_prompt(g).value) == (1, 6.0)


@pytest.mark.rules("WS-MOVE-1")
def test_a_ship_stops_short_of_what_it_would_run_into_and_swimmers_get_out_of_the_way() -> None:
    g = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 36, 20, 180)], options={"run_down": False}), [3, 3])  # the ram's dice (WS-RAM-1)
    blue_captain = put(g, "Blue captain", Surface.WATER, "", 28.0, 20.0)
    assert blue_captain.swimming
    g.submit("red", Steer(0.0, 12.0))
    red, blue = boat(g, "Red"), boat(g, "Blue")
    assert not hulls_overlap(red.hull, blue.hull)
    e = kinds(g, "steer")[0]
    # bow to bow the gap was 8": she stops just short of the touch
    assert e["stopped_by"] == {"with": "Blue", "kind": "ship"} and e["ahead"] == pytest.approx(8.0, abs=0.02) and e["ahead"] < 8.0
    assert kinds(g, "shoved") and not g.ruleset.invariants(g)


@pytest.mark.rules("WS-DMG-1", "WS-DMG-2", "WS-MOVE-2")
@pytest.mark.parametrize(
    ("fields", "lost", "band", "expected"),
    [
        ({}, 3, "full", [(12.0, False)]),
        ({}, 4, "half", [(6.0, False)]),  # a third of 12 lost: half speed
        ({}, 8, "dead", [(6.0, True)]),  # two thirds: spin only, at half value
        ({"type": "small", "hit_points": 6}, 2, "half", [(6.0, False)]),  # a boat loses a phase
        ({"type": "rowboat"}, 1, "half", [(4.0, False)]),  # the rowboat loses its spin
        ({"type": "rowboat"}, 2, "dead", [(2.0, True)]),
        ({"type": "raft", "hit_points": 9}, 6, "dead", [(1.5, True)]),
    ],
)
def test_damage_bands_set_the_phases(fields: dict[str, object], lost: int, band: str, expected: list[tuple[float, bool]]) -> None:
    g = game(scenario([ship("Red", 20, 20, 0, damage=lost, **fields)], [ship("Blue", 50, 34, 180)]))
    red = boat(g, "Red")
    assert red.band == band
    assert [(v, spin) for v, spin, _ in ships.phases(red)] == expected
    p = steer_prompt(g)
    assert (p.value, p.spin) == expected[0]


@pytest.mark.rules("WS-DMG-3")
@pytest.mark.parametrize("aboard", ["swim", "drown"])
def test_a_ship_with_no_points_left_sinks_after_a_whole_turn(aboard: str) -> None:
    g = game(
        scenario([ship("Red", 20, 20, 0, [{"kind": "man"}])], [ship("Blue", 50, 34, 180, [{"kind": "man"}])], options={"sinking_aboard": aboard}), [2] * 20
    )
    red = boat(g, "Red")
    ships.damage(g, shore(g), red, 12, "blue", "test broadside", "WS-DMG-3")
    assert red.band == "sinking" and red.sinks_at == (2, 0)  # the end of red's turn in turn 2
    g.submit("red", Steer())  # red's own turn goes on: she is not yet down...
    until(g, "NextPrompt")
    g.submit("red", Next())
    assert red.afloat  # ...and not at the end of it
    until(g, "NextPrompt")
    g.submit("blue", Next())
    assert red.afloat  # nor at the end of blue's: a whole turn must pass
    p = until(g, "NextPrompt")
    assert p.seats == ("red",) and g.turn == 2  # a sinking ship takes no movement
    assert kinds(g, "no-move")[-1]["why"] == "sinking (WS-DMG-3)"
    g.submit("red", Next())
    assert not red.afloat
    sunk = kinds(g, "sunk")[0]
    assert sunk["by"] == "blue" and sunk["scored"] == red.cost
    crew = [fig(g, "Red captain"), fig(g, "Red man 1")]
    if aboard == "swim":
        assert all(f.alive and f.swimming for f in crew) and sunk["swimmers"] == ["Red captain", "Red man 1"]
    else:
        assert not any(f.alive for f in crew) and sunk["drowned"] == ["Red captain", "Red man 1"]
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-DMG-3", "WS-FIG-5")
def test_the_crew_may_abandon_a_sinking_ship() -> None:
    g = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 50, 34, 180)]), [3])
    ships.damage(g, shore(g), boat(g, "Red"), 12, None, "test", "WS-DMG-3")
    g.submit("red", Steer())
    g.submit("red", Next("Red captain"))
    p = g.prompt
    assert p is not None and p.kind == "MovePrompt"
    over = [c.value for c in p.legal("red").parts[0].options if c.value.surface == "water"]
    assert over
    g.submit("red", over[0])
    assert fig(g, "Red captain").swimming


@pytest.mark.rules("WS-MOVE-2", "WS-BOARD-1")
def test_ships_without_crew_or_grappled_do_not_move() -> None:
    sc = scenario([ship("Red", 20, 20, 0), ship("Red2", 20, 30, 0)], [ship("Blue", 20, 10, 0), ship("Blue2", 50, 34, 180)])
    g = game(sc, [4] * 10)
    g.submit("red", Steer())
    g.submit("red", Steer())
    # before blue's turn: Blue's captain goes for a swim, Blue2 is grappled to Red
    put(g, "Blue captain", Surface.WATER, "", 40.0, 4.0)
    boat(g, "Blue2").grappled.add("Red")
    boat(g, "Red").grappled.add("Blue2")
    g.submit("red", Next())
    whys = {e["ship"]: e["why"] for e in kinds(g, "no-move")}
    assert whys == {"Blue": "no one of blue aboard to sail her", "Blue2": "grappled to Red (WS-BOARD-1)"}
    assert not [e for e in kinds(g, "steer") if e["side"] == "blue"]


@pytest.mark.rules("WS-RULING-1")
def test_a_ship_held_by_another_side_alone_is_taken() -> None:
    g = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 50, 34, 180, [{"kind": "man"}])]))
    put(g, "Red captain", Surface.WATER, "", 35.0, 10.0)
    put(g, "Blue man 1", Surface.DECK, "Red", 21.0, 20.0)
    ships.takings(g, shore(g))
    assert boat(g, "Red").side == "blue" and kinds(g, "taken") == [{"ship": "Red", "by": "blue", "was": "red", "owner": "red"}]
