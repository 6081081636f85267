"""Sideswipes and stern shunts (CG-SIDE-1..4), through a real harbour game with scripted dice,
and the placing geometry on its own (formations, knock-on chains as a hypothesis property)."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from grapeshot.core.game import Game
from grapeshot.geometry import Facing, Hull, Table, hull_distance, hulls_overlap
from grapeshot.rulesets.collisions.placement import POINT_BLANK, SIDESWIPE_ANGLES, Room, knock_on_chain, pose_off, snap
from grapeshot.rulesets.collisions.prompts import Grapple, GrapplePrompt
from tests.rulesets.collisions.support import craft, events, game, helm, say, scenario

HULK = {"seat": "blue", "name": "Hulk", "size": "large", "x": 30, "y": 24, "heading": 0}
CUTTER = {"seat": "red", "name": "Cutter", "size": "small", "x": 30, "y": 27.6, "heading": 0}


def swing(g: Game) -> None:
    """The Cutter turns hard to starboard and its side swings into the Hulk's port side."""
    helm(g, "Cutter", -90.0, 3.0)


def decline_grapples(g: Game) -> None:
    while isinstance(g.prompt, GrapplePrompt):
        say(g, Grapple(g.prompt.vessel, g.prompt.target, 0))


def pose(g: Game, name: str) -> tuple[float, float, float]:
    c = craft(g, name)
    return (round(c.x, 4), round(c.y, 4), round(c.heading, 3))


def clear_of_each_other(g: Game) -> None:
    hulls = [c.hull for c in g.state.crafts.values()]
    assert not any(hulls_overlap(a, b) for i, a in enumerate(hulls) for b in hulls[i + 1 :])


@pytest.mark.rules("CG-SIDE-1", "CG-RAM-1", "HB-MOVE-1")
def test_contact_while_turning_is_a_sideswipe_and_the_smaller_conforms_point_blank() -> None:
    g = game(scenario([CUTTER, HULK]))
    swing(g)
    (side,) = events(g, "sideswipe")
    assert events(g, "ram") == []
    assert (side["motion"], side["contact"], side["larger"], side["conforming"], side["roll_off"]) == ("turning", "sideswipe", "Hulk", "Cutter", False)
    assert (side["placed"], side["formation"], side["facing"]) == (True, "V", "port")
    assert pose(g, "Hulk") == (30.0, 24.0, 0.0)
    assert pose(g, "Cutter")[2] == 315.0 and side["at"] == list(pose(g, "Cutter"))
    assert hull_distance(craft(g, "Cutter").hull, craft(g, "Hulk").hull) == pytest.approx(POINT_BLANK, abs=1e-9)
    decline_grapples(g)
    assert g.prompt is not None and getattr(g.prompt, "vessel", None) == "Hulk"  # on to the Hulk's helm


@pytest.mark.rules("CG-SIDE-1")
@pytest.mark.parametrize(
    ("hull", "facing", "expected"),
    [
        (Hull(2.0, 5.0, 10.0, 6.0, 2.0), Facing.PORT, (2.0, 5.0, 0.0)),  # parallel beside it
        (Hull(2.0, 6.0, 80.0, 6.0, 2.0), Facing.PORT, (2.0, 7.0, 90.0)),  # a T: its end towards the side
        (Hull(2.0, 6.0, 40.0, 6.0, 2.0), Facing.PORT, (2.0, 4.0 + 3.0 * math.sqrt(0.5) + math.sqrt(0.5), 45.0)),  # a V
        (Hull(-12.0, 0.5, 170.0, 6.0, 2.0), Facing.REAR, (-11.0, 0.5, 0.0)),  # nearly opposite: turns to conform, in line astern
        (Hull(1.0, -5.0, -100.0, 6.0, 2.0), Facing.STARBOARD, (1.0, -7.0, 270.0)),  # a T off the starboard side
    ],
)
def test_the_formations_follow_how_the_smaller_lay(hull: Hull, facing: Facing, expected: tuple[float, float, float]) -> None:
    anchor = Hull(0.0, 0.0, 0.0, 12.0, 4.0)
    assert anchor.facing_towards(hull.centre) is facing
    theta = snap(hull.heading - anchor.heading, SIDESWIPE_ANGLES)
    p = pose_off(anchor, hull, facing, theta, POINT_BLANK)
    assert (p.x, p.y, p.heading) == pytest.approx(expected)
    assert hull_distance(anchor, hull.moved(p)) == pytest.approx(POINT_BLANK, abs=1e-9)


@pytest.mark.rules("CG-SIDE-1")
def test_the_near_corner_is_kept_within_the_facing_so_the_gap_is_exact() -> None:
    """A V placed off the very end of a side slides back until its near corner is level with
    the side: 2" exactly, not more."""
    anchor = Hull(0.0, 0.0, 0.0, 12.0, 4.0)
    hull = Hull(9.0, 5.0, 40.0, 6.0, 2.0)
    p = pose_off(anchor, hull, Facing.PORT, 45.0, POINT_BLANK)
    assert hull_distance(anchor, hull.moved(p)) == pytest.approx(POINT_BLANK, abs=1e-9)
    assert p.x < 9.0


@pytest.mark.rules("CG-SIDE-2")
@pytest.mark.parametrize(("die", "conforming"), [(2, "Cutter"), (5, "Sloop")])
def test_equal_sizes_roll_off_to_see_who_conforms(die: int, conforming: str) -> None:
    sloop = {**HULK, "name": "Sloop", "size": "small", "x": 32.0}
    g = game(scenario([{**CUTTER, "y": 26.9}, sloop]), [die])
    swing(g)
    (side,) = events(g, "sideswipe")
    assert side["roll_off"] and side["conforming"] == conforming
    roll = next(e for e in g.events if e.kind == "roll")
    assert roll.rule == "CG-SIDE-2" and roll.data["seat"] == "red"
    still = "Sloop" if conforming == "Cutter" else "Cutter"
    moved_to = [e.data["to"] for e in g.events if e.kind == "move"][-1]
    assert list(pose(g, still)) == ([32.0, 24.0, 0.0] if still == "Sloop" else moved_to)
    assert hull_distance(craft(g, "Cutter").hull, craft(g, "Sloop").hull) == pytest.approx(POINT_BLANK, abs=1e-9)


@pytest.mark.rules("CG-SIDE-3", "CG-SIDE-4")
def test_a_smaller_ship_in_the_way_is_knocked_on() -> None:
    """The Cutter's place off the Hulk lies over the Gig: the Gig is knocked on and conforms to the
    Cutter in turn.  The Gig has oars, but boats take no oar damage."""
    gig = {"seat": "blue", "name": "Gig", "size": "boat", "x": 35.2, "y": 32.8, "heading": 0, "crew": 1, "oared": True, "rowers": 2}
    g = game(scenario([CUTTER, HULK, gig]))
    swing(g)
    (knock,) = events(g, "knock-on")
    assert (knock["struck_by"], knock["vessel"], knock["depth"], knock["formation"]) == ("Cutter", "Gig", 1, "V")
    assert knock["before"] == [35.2, 32.8, 0.0] and knock["at"] == list(pose(g, "Gig"))
    assert hull_distance(craft(g, "Gig").hull, craft(g, "Cutter").hull) == pytest.approx(POINT_BLANK, abs=1e-9)
    assert events(g, "oars") == [] and craft(g, "Gig").rowers == 2
    clear_of_each_other(g)


@pytest.mark.rules("CG-SIDE-3")
def test_a_ship_as_large_stands_like_a_wall_and_another_facing_is_found() -> None:
    sloop = {"seat": "blue", "name": "Sloop", "size": "small", "x": 36.6, "y": 33.2, "heading": 0}
    g = game(scenario([CUTTER, HULK, sloop]))
    swing(g)
    (side,) = events(g, "sideswipe")
    assert events(g, "knock-on") == [] and pose(g, "Sloop") == (36.6, 33.2, 0.0)
    assert side["facing"] == "front" and side["placed"]
    assert hull_distance(craft(g, "Cutter").hull, craft(g, "Hulk").hull) == pytest.approx(POINT_BLANK, abs=1e-9)
    clear_of_each_other(g)


@pytest.mark.rules("CG-SIDE-1")
def test_with_no_room_anywhere_both_stay_where_the_move_left_them() -> None:
    """On a table too small for any placing (the Hulk fills it), nothing moves."""
    g = game(scenario([{**CUTTER, "x": 10, "y": 9.6}, {**HULK, "x": 10, "y": 6}], table=(20.0, 15.0)))
    swing(g)
    (side,) = events(g, "sideswipe")
    moved_to = [e.data["to"] for e in g.events if e.kind == "move"][-1]
    assert not side["placed"] and side["at"] == moved_to == list(pose(g, "Cutter"))
    assert pose(g, "Hulk") == (10.0, 6.0, 0.0)
    clear_of_each_other(g)


@pytest.mark.rules("CG-SIDE-4")
@pytest.mark.parametrize(("faces", "lost"), [((3, 3), 3), ((2, 5), 0), ((5, 5), 4)])
def test_oars_caught_in_a_sideswipe_take_2d6_and_a_double_loses_rowers(faces: tuple[int, int], lost: int) -> None:
    g = game(scenario([{**CUTTER, "oared": True, "rowers": 4}, HULK]), list(faces))
    swing(g)
    (oars,) = events(g, "oars")
    assert (oars["vessel"], oars["damage"], oars["double"], oars["rowers_lost"]) == ("Cutter", sum(faces), faces[0] == faces[1], lost)
    assert craft(g, "Cutter").strength == 12 - sum(faces) and craft(g, "Cutter").rowers == 4 - lost
    assert craft(g, "Cutter").oared == (lost < 4)


@pytest.mark.rules("CG-SIDE-4")
def test_no_saves_against_the_oars_damage() -> None:
    """The Hulk (large, whose timbers save a point of any blow that allows saves) has its sweeps
    out: it takes the whole 2D6."""
    g = game(scenario([CUTTER, {**HULK, "oared": True, "rowers": 10}]), [4, 1])
    swing(g)
    (oars,) = events(g, "oars")
    assert oars["vessel"] == "Hulk" and craft(g, "Hulk").strength == 30 - 5
    (dmg,) = [e.data for e in g.events if e.kind == "damage"]
    assert dmg["saved"] == 0 and dmg["points"] == 5


# --------------------------------------------------------------------------- the chain as a property

#: (length, width, rank) of the size classes
SIZES = {"large": (12.0, 4.0, 5), "middling": (9.0, 3.0, 4), "small": (6.0, 2.5, 3), "boat": (3.0, 1.5, 2), "canoe": (3.0, 1.1, 1)}
side = st.sampled_from([-1.0, 1.0])
#: the ship that conforms, just off a side of a large ship at (36, 24) heading 0
mover_strategy = st.tuples(
    st.sampled_from(["middling", "small"]), st.floats(-6.0, 6.0), side, st.floats(0.05, 1.5), st.sampled_from([0.0, 10.0, -20.0, 160.0, 180.0])
)
#: boats and canoes crowded along both sides, where the placing lands
crowd_strategy = st.lists(
    st.tuples(
        st.sampled_from(["boat", "canoe"]),
        st.floats(28.0, 44.0),
        side,
        st.floats(4.0, 9.0),
        st.sampled_from([0.0, 30.0, 45.0, 90.0, 135.0, 200.0, 270.0, 315.0]),
    ),
    max_size=10,
)


@pytest.mark.rules("CG-SIDE-1", "CG-SIDE-3")
@settings(max_examples=200, deadline=None)
@given(mover_strategy, crowd_strategy)
def test_a_chain_of_knock_ons_ends_and_never_leaves_hulls_overlapping(
    mover: tuple[str, float, float, float, float], crowd: list[tuple[str, float, float, float, float]]
) -> None:
    hulls = {"anchor": Hull(36.0, 24.0, 0.0, 12.0, 4.0)}
    rank = {"anchor": 5}
    size, dx, sgn, off, heading = mover
    length, width, rank["mover"] = SIZES[size]
    hulls["mover"] = Hull(36.0 + dx, 24.0 + sgn * (2.0 + width / 2.0 + off), heading, length, width)
    assume(not hulls_overlap(hulls["mover"], hulls["anchor"]))
    for i, (size, x, sgn, off, heading) in enumerate(crowd):
        length, width, r = SIZES[size]
        h = Hull(x, 24.0 + sgn * off, heading, length, width)
        if not any(hulls_overlap(h, o) for o in hulls.values()):
            hulls[f"v{i}"], rank[f"v{i}"] = h, r
    names = list(hulls)
    room = Room(Table(72.0, 48.0))
    chain = knock_on_chain("anchor", "mover", hulls, rank, room)
    if chain is None:
        return  # no room for some ship of the chain: nothing moves
    assert 1 <= len(chain) <= len(names) - 1 and len({s.vessel for s in chain}) == len(chain) and "anchor" not in {s.vessel for s in chain}
    after = dict(hulls)
    for step in chain:
        after[step.vessel] = step.offer.hull
        assert step.depth == 0 or rank[step.vessel] < rank[step.anchor]
    for step in chain:
        assert hull_distance(after[step.anchor], after[step.vessel]) == pytest.approx(POINT_BLANK, abs=1e-6)
        assert room.holds(after[step.vessel])
    assert not any(hulls_overlap(after[a], after[b]) for i, a in enumerate(names) for b in names[i + 1 :])
