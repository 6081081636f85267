"""Line of sight and cover past hulls, walls, terrain and figures, with heights: walls block from
below, higher decks see over lower gunwales, the sea covers a swimmer (CG-SWIM-4)."""

from __future__ import annotations

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, given
from hypothesis import strategies as st

from grapeshot.geometry import (
    EYE_HEIGHT,
    SEA,
    Base,
    Hull,
    Level,
    Obstruction,
    Point3,
    Polygon,
    Raised,
    ShipPlan,
    Surface,
    Vec,
    Vessel,
    blockings,
    eye_of,
    line_of_sight,
    obstructions_for,
    sections,
    view_of,
    view_of_hull,
)
from tests.geometry.strategies import C_SHAPE, hulls, shape

WALL = Level("wall", Surface.WALL_TOP, Polygon([(10, 0), (11, 0), (11, 20), (10, 20)]), 3.0)
LOW = Vessel("Cutter", Hull(30.0, 10.0, 90.0, 10.0, 4.0), ShipPlan(sections(10.0, 2)))  # deck 1", gunwale to 1.5"
HIGH = Vessel("Galleon", Hull(40.0, 10.0, 90.0, 14.0, 5.0), ShipPlan(sections(14.0, 3), deck=3.0, raised=(Raised("poop", -7.0, -4.0, 4.0),)))
TABLE_THINGS = obstructions_for([LOW, HIGH], [WALL])


def test_a_wall_blocks_sight_from_below_but_not_from_its_top() -> None:
    west, east = Point3(5.0, 10.0, 1.0), Point3(15.0, 10.0, 1.0)  # two men on the ground either side
    sight = line_of_sight(west, east, TABLE_THINGS)
    assert not sight.clear and sight.blocked is not None
    assert (sight.blocked.ident, sight.blocked.kind) == ("wall", "wall top")
    assert sight.blocked.at == pytest.approx(Vec(10.0, 10.0)) and sight.blocked.along == pytest.approx(5.0)
    on_top = Point3(10.5, 10.0, 3.0 + 1.0)  # a man standing on the wall
    assert line_of_sight(on_top, east, TABLE_THINGS).clear
    assert line_of_sight(on_top, west, TABLE_THINGS).clear
    # but a man right under the wall's far side is hidden from the top by the wall itself
    assert not line_of_sight(Point3(10.5, 10.0, 4.0), Point3(11.2, 10.0, 1.0), TABLE_THINGS).clear


def test_a_higher_deck_sees_over_a_lower_gunwale_and_not_the_other_way() -> None:
    # a figure at the galleon's rail (deck 3", rail to 3.5") looks at the cutter's deck (1", rail 1.5")
    high_eye = Point3(38.0, 10.0, 3.0 + EYE_HEIGHT)
    target = Vec(30.0, 10.0)
    seen = view_of(high_eye, target, 1.0, TABLE_THINGS)
    assert seen.visible and not seen.in_cover  # looking down over both rails
    # from the middle of the galleon's deck his own rail hides the cutter's deck
    assert not view_of(Point3(40.0, 10.0, 3.0 + EYE_HEIGHT), target, 1.0, TABLE_THINGS).visible
    # from the cutter's deck the man at the galleon's rail shows over it, his feet behind it
    low_eye = Point3(30.0, 10.0, 1.0 + EYE_HEIGHT)
    up = view_of(low_eye, Vec(38.0, 10.0), 3.0, TABLE_THINGS)
    assert up.visible and up.in_cover
    assert up.cover[0].ident == "Galleon" and up.cover[0].kind == "hull"
    assert up.cover[0].at == pytest.approx(Vec(37.5, 10.0))  # where the line meets the galleon's side
    # a man standing in the open on his own deck is in no cover from his shipmates
    assert view_of(Point3(30.0, 8.0, 2.0), Vec(30.0, 12.0), 1.0, TABLE_THINGS) == (True, None, ())


def test_below_decks_no_one_sees_out_or_in() -> None:
    below = Point3(30.0, 10.0, 0.25 + 1.0)  # the cutter's hold: floor 0.25", the deck at 1"
    outside = Point3(20.0, 10.0, 1.0)
    sight = line_of_sight(below, outside, TABLE_THINGS)
    assert not sight.clear and sight.blocked is not None and sight.blocked.ident == "Cutter"
    assert not line_of_sight(outside, below, TABLE_THINGS).clear


def test_the_sea_covers_a_swimmer() -> None:
    """CG-SWIM-4: the sea counts as light cover for a swimmer."""
    swimmer = Vec(20.0, 10.0)
    view = view_of(Point3(30.0, 10.0, 2.0), swimmer, -0.5, TABLE_THINGS)
    assert view.visible and view.in_cover
    assert [b.ident for b in view.cover] == ["Cutter", SEA] or [b.ident for b in view.cover] == [SEA]
    sea = next(b for b in view.cover if b.ident == SEA)
    assert sea.kind == SEA and sea.height == pytest.approx(0.0, abs=1e-5)
    assert 20.0 < sea.at.x < 30.0
    # a man on the beach is in no cover from the sea
    assert not view_of(Point3(5.0, 15.0, 1.0), Vec(5.0, 10.0), 0.0, TABLE_THINGS).in_cover


def test_figures_in_the_way_hide_what_stands_behind_them_and_are_left_out_on_request() -> None:
    mate = Base(5.0, 5.0, 0.5, "mate")
    things = obstructions_for(figures=[(mate, 0.0)])
    eye = Point3(0.0, 5.0, EYE_HEIGHT)
    behind = view_of(eye, Vec(10.0, 5.0), 0.0, things)
    assert not behind.visible and behind.blocked is not None and behind.blocked.ident == "mate"
    assert behind.blocked.at == pytest.approx(Vec(4.5, 5.0))
    assert view_of(eye, Vec(10.0, 5.0), 0.0, things, ignore={"mate"}).visible
    # a man aloft (his base 4" up) does not stand in the way of a line passing under him
    aloft = obstructions_for(figures=[(mate, 4.0)])
    assert view_of(eye, Vec(10.0, 5.0), 0.0, aloft) == (True, None, ())
    assert eye_of(mate, 4.0) == Point3(5.0, 5.0, 4.0 + EYE_HEIGHT)


def test_a_raised_deck_blocks_like_a_block_of_its_own() -> None:
    poop = next(o for o in TABLE_THINGS if o.ident == "Galleon/poop")
    assert poop.kind == "raised deck" and poop.top == 4.0
    eye = Point3(40.0, 9.0, 4.0)  # on the galleon's main deck, looking aft along the keel
    sight = line_of_sight(eye, Point3(40.0, -5.0, 1.0), TABLE_THINGS)
    assert not sight.clear and sight.blocked is not None and sight.blocked.ident == "Galleon/poop"


def test_seeing_a_hull() -> None:
    """NW-SHIP-4: sight is measured to the hull; a ship behind a wall is seen while any of it shows."""
    cutter = LOW.hull
    eye = Point3(0.0, 10.0, 1.0)
    assert not view_of_hull(eye, "Cutter", cutter, 1.0, TABLE_THINGS).clear  # the wall hides all of it
    over = view_of_hull(Point3(0.0, 10.0, 20.0), "Cutter", cutter, 1.0, TABLE_THINGS)
    assert over.clear  # from high above the wall
    # part of the hull showing past the wall's end is enough
    short = obstructions_for(levels=[Level("wall", Surface.WALL_TOP, Polygon([(10, 0), (11, 0), (11, 9), (10, 9)]), 3.0)])
    part = view_of_hull(Point3(0.0, 7.0, 1.0), "Cutter", cutter, 1.0, short)
    assert part.clear and part.target.y > 9.0


# --------------------------------------------------------------------------- properties


@given(
    st.tuples(st.floats(-15, 15), st.floats(-15, 15), st.floats(0.0, 5.0)),
    st.tuples(st.floats(-15, 15), st.floats(-15, 15), st.floats(0.0, 5.0)),
    hulls(spread=5.0),
)
def test_sight_is_the_same_both_ways(a: tuple[float, float, float], b: tuple[float, float, float], h: Hull) -> None:
    things = [
        Obstruction("ship", "hull", h, 1.0, 0.5),
        Obstruction("rock", "land", C_SHAPE, 2.0),
        Obstruction("man", "figure", Base(0, 0, 0.5), 2.0, bottom=1.0),
    ]
    one, two = Point3(*a), Point3(*b)
    outlines = [shape(h).exterior, shapely.Polygon(C_SHAPE.points).exterior, shapely.Point(0, 0).buffer(0.5, quad_segs=256).exterior]
    assume(all(g.distance(shapely.Point(p.x, p.y)) > 1e-6 for g in outlines for p in (one, two)))  # no end on an outline
    there = line_of_sight(one, two, things)
    back = line_of_sight(two, one, things)
    assume(all(abs(x.height - o.top) > 1e-3 and abs(x.height - o.top - o.rim) > 1e-3 for x in blockings(one, two, things) for o in things))
    assert there.clear == back.clear
    assert {x.ident for x in blockings(one, two, things)} == {x.ident for x in blockings(two, one, things)}


@given(st.tuples(st.floats(-15, 15), st.floats(-15, 15)), st.tuples(st.floats(-15, 15), st.floats(-15, 15)), hulls(spread=5.0))
def test_at_one_height_under_the_tops_sight_is_blocked_where_shapely_says_the_line_crosses(a: tuple[float, float], b: tuple[float, float], h: Hull) -> None:
    things = [Obstruction("ship", "hull", h, 5.0), Obstruction("rock", "land", C_SHAPE, 5.0), Obstruction("man", "figure", Base(-5, 5, 1.0), 5.0)]
    line = shapely.LineString([a, b])
    assume(line.length > 1e-3)
    refs = {"ship": shape(h), "rock": shapely.Polygon(C_SHAPE.points), "man": shapely.Point(-5, 5).buffer(1.0, quad_segs=256)}
    crossed = {k for k, g in refs.items() if line.intersection(g).length > 1e-3}
    assume(all(line.intersection(g).length > 1e-3 or line.distance(g) > 1e-3 for g in refs.values()))
    assume(all(line.intersection(g.exterior.buffer(1e-9)).length < 1e-7 for g in refs.values()))  # not along an outline
    found = blockings(Point3(*a, 1.0), Point3(*b, 1.0), things)
    assert {x.ident for x in found} == crossed
    for x in found:  # each is met on its outline, or at the eye when the eye stands over it
        g = refs[x.ident]
        assert g.exterior.distance(shapely.Point(x.at)) < 1e-3 or x.along == 0.0
    assert [x.along for x in found] == sorted(x.along for x in found)
