"""Torpedoes (JL-SHOOT-6) and the Blood Axes' manned torpedoes (JL-SHOOT-7, JL-KLAN-7).

Red is 10" x 4" at (30, 36) heading east: its bow edge is x = 35, so the two
tracks start at (35, 37) and (35, 35) and, unscattered, end 48" on at x = 83.
"""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.rulesets.jimlad import data, torpedoes
from grapeshot.rulesets.jimlad.actions import Torpedoes
from grapeshot.rulesets.jimlad.prompts import shoot_prompt
from tests.support import drive, duel, game, scenario, sea, ship


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) | {"rule": e.rule} for e in g.events if e.kind == kind]


def launch(g: Game, name: str, action: Torpedoes | None = None) -> None:
    """Launch a salvo as a seat would: checked by the shooting prompt, then resolved."""
    action = action or Torpedoes()
    s, sh = sea(g), ship(g, name)
    shoot_prompt(s, sh).check(sh.commander, action)
    drive(torpedoes.launch(g, s, sh, action))
    assert isinstance(g.dice, ScriptedDice)
    assert g.dice.remaining == 0, "the scripted dice were not all used"


def rolled(g: Game) -> list[tuple[str, str]]:
    assert isinstance(g.dice, ScriptedDice)
    return [(r.rule, str(r.expr)) for r in g.dice.requests]


# --------------------------------------------------------------------------- JL-SHOOT-6


@pytest.mark.rules("JL-SHOOT-6")
def test_two_parallel_torpedoes_run_48_inches_from_the_bow_2_inches_apart() -> None:
    assert (data.TORPEDO_STRENGTH, data.TORPEDO_RUN, data.TORPEDO_SPACING) == (9, 48.0, 2.0)
    # both scatter dice show a hit (no scatter); Blue, bow-on at x 55, takes both at S9 on the front:
    # the first penetrates (9 + 4 = 13), the second glances (9 + 3 = 12); no save either time
    g = game(duel(), script=["hit", "hit", 4, 1, 3, 1])
    launch(g, "Red")
    runs = events(g, "torpedo")
    assert [t["rule"] for t in runs] == ["JL-SHOOT-6", "JL-SHOOT-6"]
    assert [t["start"] for t in runs] == [[35.0, 37.0], [35.0, 35.0]]
    assert [t["intended"] for t in runs] == [[83.0, 37.0], [83.0, 35.0]]
    assert [t["end"] for t in runs] == [[83.0, 37.0], [83.0, 35.0]]
    assert [t["scatter"] for t in runs] == [{"hit": True, "direction": None, "inches": 0}] * 2
    assert [(t["hit"], t["at"]) for t in runs] == [("Blue", [55.0, 37.0]), ("Blue", [55.0, 35.0])]
    strikes = events(g, "strike")
    assert [(st["target"], st["strength"], st["facing"], st["armour"], st["verdict"]) for st in strikes] == [
        ("Blue", 9, "front", 12, "penetrating"),
        ("Blue", 9, "front", 12, "glancing"),
    ]
    assert ship(g, "Blue").hull_points == 3
    assert rolled(g) == [
        ("JL-SHOOT-6", "scatter"),
        ("JL-SHOOT-6", "scatter"),
        ("JL-SHOOT-8", "D6"),
        ("JL-SHIP-3", "D6"),
        ("JL-SHOOT-8", "D6"),
        ("JL-SHIP-3", "D6"),
    ]


@pytest.mark.rules("JL-SHOOT-6")
def test_an_end_point_scatters_the_full_2d6_and_the_track_is_redrawn_to_it() -> None:
    # Blue lies north of the tracks (x 55..65, y 42..46).  Torpedo 1 scatters 10" north to (83, 47):
    # its new track climbs into Blue's starboard side at (59, 42).  Torpedo 2 runs true, under Blue.
    g = game(duel(blue={"x": 60.0, "y": 44.0, "heading": 0.0}), script=[90.0, 5, 5, "hit", 2])
    launch(g, "Red")
    one, two = events(g, "torpedo")
    assert one["scatter"] == {"hit": False, "direction": 90.0, "inches": 10}  # no BS taken off torpedoes
    assert one["intended"] == [83.0, 37.0] and one["end"] == [83.0, 47.0]
    assert (one["hit"], one["at"]) == ("Blue", [59.0, 42.0])
    assert (two["hit"], two["at"], two["end"]) == (None, None, [83.0, 35.0])
    # the facing is where the track enters (starboard, 12), not where it came from (Blue's rear, 11):
    # 9 + 2 = 11 does nothing
    [st] = events(g, "strike")
    assert (st["facing"], st["armour"], st["total"], st["verdict"]) == ("starboard", 12, 11, "none")
    assert st["weapon_rule"] == "JL-SHOOT-6"
    assert ship(g, "Blue").hull_points == 5
    assert ship(g, "Blue").hull.facing_towards(ship(g, "Red").hull.bow).value == "rear"


@pytest.mark.rules("JL-SHOOT-6")
def test_torpedoes_that_meet_no_hull_sink_harmlessly() -> None:
    g = game(duel(blue={"x": 60.0, "y": 60.0}), script=["hit", 270.0, 6, 6])
    launch(g, "Red")
    runs = events(g, "torpedo")
    assert [t["hit"] for t in runs] == [None, None]
    assert runs[1]["end"] == [83.0, 23.0]
    assert events(g, "strike") == []
    assert ship(g, "Blue").hull_points == 5 and ship(g, "Red").hull_points == 5
    assert ship(g, "Red").salvos_left == 0  # the salvo is spent all the same


@pytest.mark.rules("JL-SHOOT-6")
def test_the_first_hull_on_each_track_is_struck_friend_or_foe_never_the_launcher() -> None:
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
            {"seat": "red", "name": "Mate", "x": 48.0, "y": 36.0, "heading": 0.0},
            {"seat": "blue", "name": "Blue", "x": 70.0, "y": 36.0, "heading": 180.0},
        ]
    )
    # Mate (x 43..53) lies before Blue on both tracks; the tracks enter its stern: rear armour 11
    g = game(sc, script=["hit", "hit", 2, 1, 1])
    launch(g, "Red")
    assert [(t["hit"], t["at"]) for t in events(g, "torpedo")] == [("Mate", [43.0, 37.0]), ("Mate", [43.0, 35.0])]
    assert [(st["target"], st["facing"], st["armour"], st["verdict"]) for st in events(g, "strike")] == [
        ("Mate", "rear", 11, "glancing"),
        ("Mate", "rear", 11, "none"),
    ]
    assert (ship(g, "Red").hull_points, ship(g, "Mate").hull_points, ship(g, "Blue").hull_points) == (5, 4, 5)


@pytest.mark.rules("JL-SHOOT-6")
def test_one_salvo_per_game_by_default() -> None:
    g = game(duel(), script=["hit", "hit", 1, 1])
    s, red = sea(g), ship(g, "Red")
    assert red.salvos_left == 1 and shoot_prompt(s, red).torpedoes() is True
    launch(g, "Red")
    assert red.salvos_left == 0 and "torpedoes" in red.fired
    red.fired.clear()  # a later shooting phase
    assert shoot_prompt(s, red).torpedoes() is False
    with pytest.raises(IllegalAction, match=r"no torpedo salvo to launch this turn \(salvos left: 0\)"):
        shoot_prompt(s, red).check("red", Torpedoes())


@pytest.mark.rules("JL-SHOOT-6")
def test_option_torpedo_salvos_sets_how_many_salvos_a_ship_carries() -> None:
    g = game(duel(options={"torpedo_salvos": 2}), script=["hit", "hit", 1, 1])
    s, red = sea(g), ship(g, "Red")
    assert red.salvos_left == 2
    launch(g, "Red")
    assert red.salvos_left == 1
    with pytest.raises(IllegalAction, match="no torpedo salvo"):  # one salvo a shooting phase
        shoot_prompt(s, red).check("red", Torpedoes())
    red.fired.clear()
    g.dice = ScriptedDice(["hit", "hit", 1, 1])
    launch(g, "Red")
    assert red.salvos_left == 0
    none = game(duel(options={"torpedo_salvos": 0}))
    assert ship(none, "Red").salvos_left == 0
    assert shoot_prompt(sea(none), ship(none, "Red")).torpedoes() is False


@pytest.mark.rules("JL-SHOOT-6")
def test_ordinary_torpedoes_take_no_aim_points() -> None:
    g = game(duel())
    with pytest.raises(IllegalAction, match="run straight ahead: give no aim points"):
        shoot_prompt(sea(g), ship(g, "Red")).check("red", Torpedoes(aims=((50.0, 36.0), (50.0, 37.0))))


# --------------------------------------------------------------------------- JL-SHOOT-7, JL-KLAN-7


BLOOD_AXES = {"klan": "blood-axes"}


@pytest.mark.rules("JL-SHOOT-7", "JL-KLAN-7")
def test_manned_torpedoes_go_straight_to_their_two_aim_points_without_scatter() -> None:
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0, "klan": "blood-axes"},
            {"seat": "blue", "name": "Blue", "x": 50.0, "y": 36.0, "heading": 180.0},
            {"seat": "blue", "name": "Blue2", "x": 46.0, "y": 44.0, "heading": 180.0},
        ]
    )
    # one aimed dead ahead at Blue's far end (18" from the bow), one 36 degrees to port into Blue2's side
    g = game(sc, script=[4, 1, 3, 1])
    launch(g, "Red", Torpedoes(aims=((53.0, 36.0), (46.0, 44.0))))
    assert all(rule != "JL-SHOOT-6" for rule, _ in rolled(g))  # no scatter, no scatter distance
    one, two = events(g, "torpedo")
    assert (one["rule"], one["manned"], one["start"], one["end"]) == ("JL-SHOOT-7", True, [35.0, 36.0], [53.0, 36.0])
    assert (one["hit"], one["at"]) == ("Blue", [45.0, 36.0])
    assert (two["start"], two["end"], two["hit"], two["at"]) == ([35.0, 36.0], [46.0, 44.0], "Blue2", [43.25, 42.0])
    assert "scatter" not in one and "intended" not in one
    assert [(st["target"], st["strength"], st["facing"], st["verdict"]) for st in events(g, "strike")] == [
        ("Blue", 9, "front", "penetrating"),
        ("Blue2", 9, "port", "glancing"),
    ]
    assert (ship(g, "Blue").hull_points, ship(g, "Blue2").hull_points) == (4, 4)
    assert ship(g, "Red").salvos_left == 0


@pytest.mark.rules("JL-SHOOT-7", "JL-KLAN-7")
def test_a_manned_torpedo_aimed_short_of_a_ship_stops_at_its_aim_point() -> None:
    g = game(duel(red=BLOOD_AXES, blue={"x": 50.0}), script=[])
    launch(g, "Red", Torpedoes(aims=((44.0, 36.0), (44.0, 30.0))))
    assert [(t["end"], t["hit"]) for t in events(g, "torpedo")] == [([44.0, 36.0], None), ([44.0, 30.0], None)]
    assert events(g, "strike") == [] and ship(g, "Blue").hull_points == 5


@pytest.mark.rules("JL-SHOOT-7", "JL-KLAN-7")
@pytest.mark.parametrize(
    "aims",
    [
        ((53.5, 36.0), (40.0, 36.0)),  # 18.5" from the bow
        ((40.0, 36.0), (45.0, 47.0)),  # 47.7 degrees off the bow
        ((40.0, 36.0), (30.0, 36.0)),  # astern of the bow
    ],
)
def test_manned_torpedo_aims_beyond_18_inches_or_outside_the_forward_arc_are_rejected(aims: tuple[tuple[float, float], ...]) -> None:
    g = game(duel(red=BLOOD_AXES, blue={"x": 50.0}))
    with pytest.raises(IllegalAction, match=r'within 18" of the bow and 90 degrees of dead ahead'):
        shoot_prompt(sea(g), ship(g, "Red")).check("red", Torpedoes(aims=aims))


@pytest.mark.rules("JL-SHOOT-7", "JL-KLAN-7")
def test_manned_torpedoes_need_exactly_two_aim_points_inside_the_limits() -> None:
    g = game(duel(red=BLOOD_AXES, blue={"x": 50.0}))
    prompt = shoot_prompt(sea(g), ship(g, "Red"))
    assert prompt.describe()["manned_torpedoes"] is True
    prompt.check("red", Torpedoes(aims=((53.0, 36.0), (45.0, 45.0))))  # exactly 18"; 42 degrees off
    for aims in ((), ((45.0, 36.0),), ((45.0, 36.0), (46.0, 36.0), (47.0, 36.0))):
        with pytest.raises(IllegalAction, match="need two aim points"):
            prompt.check("red", Torpedoes(aims=aims))
