"""Round bases: contact, adjacency, the free space a base may stand in, and placing figures where
there is room (boarders on a deck, CG-BOARD-2; shoving defenders aside, NW-BOARD-3), checked
against shapely and against a brute-force search over a fine grid."""

from __future__ import annotations

import itertools
import math

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from grapeshot.geometry import (
    BASE_25MM,
    BASE_40MM,
    TOUCH,
    Base,
    FreeSpace,
    Hull,
    Polygon,
    Table,
    Vec,
    adjacent,
    base_gap,
    base_over,
    base_within,
    bases_overlap,
    distance,
    hull_gap,
    hull_over,
    in_base_contact,
    nearest_free_spot,
    overlapping,
    place_bases,
    point_gap,
    polygon_gap,
    shove_aside,
    touching,
)
from tests.geometry.strategies import C_SHAPE, SQUARE, coord, hulls, shape

DECK = Hull(10.0, 10.0, 0.0, 10.0, 4.0)  # x 5..15, y 8..12
MAST = Polygon.circle(Vec(10.0, 10.0), 0.3, 8)


def test_base_sizes_are_their_millimetres_in_inches() -> None:
    assert pytest.approx(25 / 25.4, abs=0.02) == BASE_25MM * 2
    assert pytest.approx(40 / 25.4, abs=0.03) == BASE_40MM * 2


def test_contact_and_adjacency() -> None:
    a = Base(0.0, 0.0, 0.5, "a")
    b = Base(1.0, 0.0, 0.5, "b")  # edges touch
    c = Base(2.5, 0.0, 0.5, "c")  # half an inch from b
    assert base_gap(a, b) == pytest.approx(0.0)
    assert in_base_contact(a, b) and not bases_overlap(a, b)
    assert not in_base_contact(b, c) and adjacent(b, c, 0.5) and not adjacent(b, c, 0.49)
    assert bases_overlap(a, Base(0.9, 0.0, 0.5))
    assert in_base_contact(a, Base(1.0 + TOUCH / 2, 0.0, 0.5))  # within the float slack
    assert not in_base_contact(a, Base(1.0 + 2 * TOUCH, 0.0, 0.5))
    assert touching(b, [a, b, c]) == [a]
    assert point_gap(a, Vec(2.0, 0.0)) == pytest.approx(1.5)  # a gun's mounting 1.5" from the edge
    assert a.moved_to(Vec(3, 4)) == Base(3.0, 4.0, 0.5, "a")


@given(hulls(), st.floats(-20, 20), st.floats(-20, 20), st.floats(0.1, 2.0))
def test_hull_and_polygon_gaps_agree_with_shapely(h: Hull, x: float, y: float, r: float) -> None:
    base = Base(x, y, r)
    for ours, ref in ((hull_gap(base, h), shape(h)), (polygon_gap(base, C_SHAPE), shapely.Polygon(C_SHAPE.points))):
        p = shapely.Point(x, y)
        signed = -ref.exterior.distance(p) if ref.contains(p) else ref.distance(p)
        assert ours == pytest.approx(signed - r, abs=1e-9)


def test_a_base_within_a_region() -> None:
    assert base_within(Base(10.0, 10.0, 0.5), DECK)
    assert base_within(Base(14.5, 11.5, 0.5), DECK)  # touching two sides
    assert not base_within(Base(14.6, 10.0, 0.5), DECK)
    assert base_within(Base(1.0, 1.0, 1.0), Table(10, 10)) and not base_within(Base(0.5, 5.0, 1.0), Table(10, 10))
    assert not base_within(Base(8.0, 5.0, 0.5), C_SHAPE)  # in the notch


# --------------------------------------------------------------------------- the free space

SPACE_BASES = [Base(3.0, 3.0, 1.0, "rock"), Base(7.0, 6.0, 0.5, "man")]
OBSTACLE = Hull(6.0, 2.0, 30.0, 2.0, 1.0)


def reference(radius: float, region: Polygon) -> tuple[shapely.Geometry, list[tuple[shapely.Geometry, float]]]:
    """The region and what must be kept clear (with how far), as shapely shapes."""
    keep = [(shapely.Point(b.x, b.y), b.radius + radius) for b in SPACE_BASES] + [(shape(OBSTACLE), radius)]
    return shapely.Polygon(region.points), keep


@given(st.floats(-1, 11), st.floats(-1, 11), st.floats(0.0, 1.0), st.sampled_from([SQUARE, C_SHAPE]))
def test_holds_agrees_with_shapely(x: float, y: float, radius: float, region: Polygon) -> None:
    space = FreeSpace(radius, [region], SPACE_BASES, [OBSTACLE])
    area, keep = reference(radius, region)
    p = shapely.Point(x, y)
    margins = [area.exterior.distance(p) - radius] + [g.distance(p) - d for g, d in keep]
    # within a few TOUCH (1e-6) of an edge a base counts as touching, either way: not a disagreement
    assume(all(abs(m) > 1e-5 for m in margins))
    expected = area.contains(p) and all(g.distance(p) > d for g, d in keep) and area.exterior.distance(p) > radius
    assert space.holds(Vec(x, y)) == expected
    assert (space.blocker(Vec(x, y)) is None) == expected


@settings(suppress_health_check=[HealthCheck.filter_too_much])  # a start that is free is wanted: about half are
@given(st.floats(0, 10), st.floats(0, 10), st.floats(0, 10), st.floats(0, 10), st.floats(0.0, 1.0), st.sampled_from([SQUARE, C_SHAPE]))
def test_clear_agrees_with_shapely(x0: float, y0: float, x1: float, y1: float, radius: float, region: Polygon) -> None:
    space = FreeSpace(radius, [region], SPACE_BASES, [OBSTACLE])
    a, b = Vec(x0, y0), Vec(x1, y1)
    assume(space.holds(a) and distance(a, b) > 1e-3)
    area, keep = reference(radius, region)
    line = shapely.LineString([a, b])
    margins = [area.exterior.distance(line) - radius] + [g.distance(line) - d for g, d in keep]
    assume(all(abs(m) > 1e-5 for m in margins))
    expected = area.contains(line) and all(m > 0 for m in margins)
    assert space.clear(a, b) == expected


def test_a_negative_radius_is_refused() -> None:
    with pytest.raises(ValueError, match="radius"):
        FreeSpace(-0.1)


# --------------------------------------------------------------------------- the nearest free spot


def test_nearest_free_spot_examples() -> None:
    space = FreeSpace(0.5, [DECK])
    assert space.nearest(Vec(10.0, 10.0)) == Vec(10.0, 10.0)  # free already
    assert space.nearest(Vec(20.0, 10.0)) == pytest.approx(Vec(14.5, 10.0))  # off the bow: just aboard
    assert space.nearest(Vec(20.0, 20.0)) == pytest.approx(Vec(14.5, 11.5))  # off a corner: the shrunk corner
    crowded = FreeSpace(0.5, [DECK], [Base(10.0, 10.0, 0.5, "mate")])
    # from the very centre of another base every way is as near: +x is taken
    assert crowded.nearest(Vec(10.0, 10.0)) == pytest.approx(Vec(11.0, 10.0))
    # between two bases 1.5" apart there is no room for a 1" base: it goes beside them both
    pair = FreeSpace(0.5, [], [Base(0.0, 0.0, 0.5), Base(1.5, 0.0, 0.5)])
    spot = pair.nearest(Vec(0.75, 0.0))
    assert spot is not None and spot.x == pytest.approx(0.75) and abs(spot.y) == pytest.approx(math.sqrt(1.0 - 0.75**2))
    assert FreeSpace(3.0, [DECK]).nearest(Vec(10, 10)) is None  # a 6" base does not fit a 4" deck
    assert nearest_free_spot(Vec(20.0, 10.0), 0.5, [DECK], [], [MAST]) == pytest.approx(Vec(14.5, 10.0))


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Vec, float, list[Base], list[Polygon]]:
    radius = draw(st.sampled_from([0.4, 0.5, 0.8]))
    bases = [Base(draw(st.floats(0, 10)), draw(st.floats(0, 10)), draw(st.sampled_from([0.4, 0.5, 1.0])), f"b{i}") for i in range(draw(st.integers(0, 6)))]
    rocks = [Polygon.circle(Vec(draw(st.floats(0, 10)), draw(st.floats(0, 10))), draw(st.floats(0.3, 1.5)), 5) for _ in range(draw(st.integers(0, 2)))]
    return Vec(draw(st.floats(0, 10)), draw(st.floats(0, 10))), radius, bases, rocks


@settings(max_examples=40)
@given(crowds(), st.sampled_from([SQUARE, C_SHAPE]))
def test_the_nearest_free_spot_is_free_and_nothing_free_is_nearer(case: tuple[Vec, float, list[Base], list[Polygon]], region: Polygon) -> None:
    target, radius, bases, rocks = case
    space = FreeSpace(radius, [region], bases, rocks)
    spot = space.nearest(target)
    step = 0.1
    grid = [Vec(i * step, j * step) for i in range(101) for j in range(101)]
    free = [g for g in grid if space.holds(g)]
    if spot is None:
        assert not free
        return
    assert space.holds(spot)
    area = shapely.Polygon(region.points)
    assert area.exterior.distance(shapely.Point(spot)) >= radius - 1e-6 and area.buffer(1e-9).contains(shapely.Point(spot))
    for b in bases:
        assert distance(spot, b.centre) >= b.radius + radius - 1e-6
    for rock in rocks:
        assert shapely.Polygon(rock.points).distance(shapely.Point(spot)) >= radius - 1e-6
    # brute force: no free point of a 0.1" grid is nearer
    d = distance(spot, target)
    assert all(distance(g, target) >= d - 1e-9 for g in free)


def test_the_nearest_free_spot_is_deterministic() -> None:
    bases = [Base(5.0 + i * 0.9, 5.0 + (i % 3) * 0.7, 0.45, f"b{i}") for i in range(8)]
    spots = {FreeSpace(0.5, [SQUARE], bases).nearest(Vec(6.0, 5.5)) for _ in range(5)}
    assert len(spots) == 1


# --------------------------------------------------------------------------- placing, shoving


def test_boarders_are_placed_leader_first_as_many_as_there_is_room_for() -> None:
    """CG-BOARD-2: one at a time, leader first, nearest where they come aboard, until the deck is full."""
    defenders = [Base(8.0, 10.0, 0.5, "d1"), Base(12.0, 10.0, 0.5, "d2")]
    boarders = [Base(0.0, 0.0, 0.5, "leader"), *(Base(0.0, 0.0, 0.5, f"b{i}") for i in range(60))]
    placed = place_bases(boarders, [DECK], defenders, [MAST], near=Vec(15.0, 12.0))
    assert placed[0].ident == "leader"
    assert placed[0].centre == pytest.approx(Vec(14.5, 11.5))  # the corner they come aboard at
    assert [b.ident for b in placed] == [b.ident for b in boarders[: len(placed)]]  # in order, no one skipped
    assert 20 < len(placed) < 40  # the deck holds some, not all
    everyone = [*defenders, *placed]
    for a, b in itertools.combinations(everyone, 2):
        assert not bases_overlap(a, b)
    for b in placed:
        assert base_within(b, DECK)
        assert polygon_gap(b, MAST) >= -TOUCH
    # nobody more fits: the next one finds no room
    assert nearest_free_spot(Vec(15.0, 12.0), 0.5, [DECK], everyone, [MAST]) is None
    # the same call places them the same way
    assert place_bases(boarders, [DECK], defenders, [MAST], near=Vec(15.0, 12.0)) == placed


def test_placing_without_a_meeting_point_keeps_each_near_its_own_spot() -> None:
    wanted = [Base(9.0, 10.0, 0.5, "a"), Base(9.2, 10.0, 0.5, "b"), Base(30.0, 30.0, 0.5, "c")]
    placed = place_bases(wanted, [DECK])
    assert placed[0].centre == Vec(9.0, 10.0)
    assert base_gap(placed[0], placed[1]) == pytest.approx(0.0, abs=1e-6)  # pushed just clear of a
    assert placed[2].centre == pytest.approx(Vec(14.5, 11.5))  # from far off: the nearest corner of the deck
    assert place_bases([Base(0, 0, 3.0, "giant"), Base(0, 0, 0.5, "man")], [DECK]) == []  # no room for the first: none


def test_shove_aside_makes_room_for_a_newcomer() -> None:
    """NW-BOARD-3: a model moved onto the enemy deck shoves the defenders aside."""
    defenders = [Base(10.0, 10.0, 0.5, "a"), Base(11.0, 10.0, 0.5, "b"), Base(7.0, 10.0, 0.5, "far")]
    troll = Base(10.5, 10.0, 0.8, "troll")
    out = shove_aside(troll, defenders, [DECK])
    assert out is not None
    assert out[2] == defenders[2]  # not in the way: not moved
    for a, b in itertools.combinations([troll, *out], 2):
        assert not bases_overlap(a, b)
    assert all(base_within(b, DECK) for b in out)
    assert [b.ident for b in out] == ["a", "b", "far"]
    # each shoved base went no further than it had to: just clear of the troll or of another
    for b in out[:2]:
        assert min(base_gap(b, o) for o in [troll, *out] if o != b) == pytest.approx(0.0, abs=1e-6)
    assert shove_aside(Base(20.0, 10.0, 0.5, "off"), defenders, [DECK]) is None  # it cannot stand there itself


def test_shove_aside_fails_when_the_deck_is_full() -> None:
    small = Hull(0.0, 0.0, 0.0, 2.0, 1.0)
    assert shove_aside(Base(0.5, 0.0, 0.5, "new"), [Base(-0.5, 0.0, 0.5, "old")], [small]) is not None
    assert shove_aside(Base(0.0, 0.0, 0.5, "new"), [Base(-0.5, 0.0, 0.5, "old")], [small]) is None


bases_st = st.lists(st.builds(Base, st.floats(0.0, 30.0), st.floats(0.0, 30.0), st.floats(0.2, 1.5)), max_size=40)


@given(bases_st, st.sampled_from([0.0, 1e-6, TOUCH, 0.3]))
def test_overlapping_finds_exactly_the_pairs_combinations_would(bases: list[Base], tolerance: float) -> None:
    """The sweep along x gives the same pairs, in the same order, as trying every pair."""
    every = [(a, b) for a, b in itertools.combinations(bases, 2) if bases_overlap(a, b, tolerance)]
    assert overlapping(bases, tolerance) == every


@given(hulls(), st.builds(Base, coord, coord, st.floats(0.2, 2.0)))
def test_hull_over_is_hull_gap_below_minus_by(h: Hull, b: Base) -> None:
    for by in (0.0, 1e-6, 0.25):
        assert hull_over(b, h, by) == (hull_gap(b, h) < -by)


@given(st.builds(Base, coord, coord, st.floats(0.2, 2.0)), st.sampled_from([C_SHAPE, SQUARE, MAST]))
def test_base_over_is_polygon_gap_below_minus_by(b: Base, poly: Polygon) -> None:
    for by in (0.0, 1e-6, 0.25):
        assert base_over(b, poly, by) == (polygon_gap(b, poly) < -by)
