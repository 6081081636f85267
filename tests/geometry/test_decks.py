"""Ships as places to stand: deck points that move with the ship, sections along the keel
(WS-SHIP-1, WS-SHIP-2), surfaces and their heights, gunwales."""

from __future__ import annotations

import itertools
import math

import pytest
import shapely  # type: ignore[import-untyped]
from hypothesis import assume, given
from hypothesis import strategies as st

from grapeshot.geometry import (
    DECK_HEIGHT,
    SWIM_DEPTH,
    Base,
    DeckPoint,
    Hull,
    Level,
    Place,
    Polygon,
    Raised,
    Section,
    ShipPlan,
    Surface,
    Vec,
    aboard,
    across,
    at_gunwale,
    carried,
    distance,
    feet,
    gunwale_gap,
    section_at,
    section_hit,
    sections,
    segment_hull_entry,
    surface_at,
)
from grapeshot.geometry.decks import Vessel
from tests.geometry.strategies import angle, hulls, points, shape


@given(hulls(), hulls(), st.floats(-0.5, 0.5), st.floats(-0.5, 0.5), st.floats(-0.5, 0.5), st.floats(-0.5, 0.5))
def test_deck_points_move_with_the_ship(before: Hull, after: Hull, a1: float, p1: float, a2: float, p2: float) -> None:
    after = Hull(after.x, after.y, after.heading, before.length, before.width)  # the same ship, moved and turned
    one = DeckPoint(a1 * before.length, p1 * before.width)
    two = DeckPoint(a2 * before.length, p2 * before.width)
    # to the table and back
    assert DeckPoint.of(before, one.world(before)) == pytest.approx(one)
    assert one.aboard(before) and one.aboard(after)
    # the figures keep their distance apart and their place aboard as the ship moves
    w1, w2 = one.world(after), two.world(after)
    assert distance(w1, w2) == pytest.approx(distance(one.world(before), two.world(before)), abs=1e-9)
    assert carried(one.world(before), before, after) == pytest.approx(w1)
    assert after.contains(w1, 1e-9)
    assert shape(after).buffer(1e-9).contains(shapely.Point(w1))


def test_deck_point_by_hand() -> None:
    hull = Hull(10.0, 10.0, 90.0, 8.0, 3.0)  # bow pointing up the table
    bow_port = DeckPoint(4.0, 1.5)
    assert bow_port.world(hull) == pytest.approx(Vec(8.5, 14.0))  # port is to the left: west, heading north
    assert DeckPoint(5.0, 0.0).aboard(hull) is False
    assert DeckPoint.of(hull, Vec(10.0, 12.0)) == pytest.approx(DeckPoint(2.0, 0.0))
    turned = Hull(20.0, 5.0, 180.0, 8.0, 3.0)
    assert carried(Vec(8.5, 14.0), hull, turned) == pytest.approx(Vec(16.0, 3.5))


# --------------------------------------------------------------------------- sections


def test_sections_are_equal_bands_bow_first() -> None:
    three = sections(12.0, 3, hit_points=9)
    assert [s.name for s in three] == ["bow", "middle", "stern"]
    assert [e for s in three for e in (s.aft, s.fore)] == pytest.approx([2.0, 6.0, -2.0, 2.0, -6.0, -2.0])
    assert all(s.hit_points == 9 for s in three)
    assert [s.name for s in sections(10.0, 5)] == ["bow", "middle 1", "middle 2", "middle 3", "stern"]
    assert [s.name for s in sections(10.0, 2)] == ["bow", "stern"]
    assert [s.name for s in sections(10.0, 1)] == ["hull"]
    with pytest.raises(ValueError, match="at least one section"):
        sections(10.0, 0)
    with pytest.raises(ValueError, match="length"):
        sections(0.0, 2)
    with pytest.raises(ValueError, match="fore end"):
        Section("bad", 1.0, 1.0)


@given(hulls(), st.integers(1, 5), points)
def test_every_point_on_a_hull_is_over_one_section(hull: Hull, count: int, p: Vec) -> None:
    secs = sections(hull.length, count, 6)
    sec = section_at(hull, secs, p)
    assert (sec is not None) == hull.contains(p, 1e-9)
    if sec is not None:
        u, _ = hull.local(p)
        assert sec.aft - 1e-9 <= u <= sec.fore + 1e-9
        assert sec.band(hull).contains(p, 1e-6)
        # the bands tile the hull: away from a boundary, one band holds the point
        on_edge = any(min(abs(u - s.aft), abs(u - s.fore)) < 1e-6 for s in secs)
        assume(not on_edge)
        assert sum(s.band(hull).contains(p) for s in secs) == 1
    # the bands tile the hull: inside it, not overlapping, as big as it together
    bands = [shape(s.band(hull)) for s in secs]
    assert all(shape(hull).buffer(1e-6).contains(b) for b in bands)
    assert all(a.intersection(b).area < 1e-6 for a, b in itertools.combinations(bands, 2))
    assert sum(b.area for b in bands) == pytest.approx(shape(hull).area)


def test_a_shot_strikes_the_section_it_meets_first() -> None:
    hull = Hull(20.0, 10.0, 0.0, 12.0, 4.0)  # x 14..26, bow to the east
    secs = sections(12.0, 3, 9)
    bow = section_hit(hull, secs, Vec(30.0, 10.0), Vec(10.0, 10.0))  # raking fire from ahead
    assert bow is not None and bow[0].name == "bow" and bow[1] == pytest.approx(Vec(26.0, 10.0))
    mid = section_hit(hull, secs, Vec(20.0, 0.0), Vec(20.0, 20.0))  # a broadside amidships
    assert mid is not None and mid[0].name == "middle" and mid[1] == pytest.approx(Vec(20.0, 8.0))
    stern = section_hit(hull, secs, Vec(15.0, 20.0), Vec(15.0, 0.0))
    assert stern is not None and stern[0].name == "stern"
    assert section_hit(hull, secs, Vec(10.0, 20.0), Vec(30.0, 20.0)) is None


@given(hulls(), points, angle)
def test_section_hit_agrees_with_the_line_s_entry(hull: Hull, p0: Vec, direction: float) -> None:
    p1 = Vec(p0.x + 40 * math.cos(math.radians(direction)), p0.y + 40 * math.sin(math.radians(direction)))
    secs = sections(hull.length, 3)
    hit = section_hit(hull, secs, p0, p1)
    t = segment_hull_entry(p0, p1, hull)
    assert (hit is None) == (t is None)
    if hit is not None and t is not None:
        assert hit[1] == pytest.approx(Vec(p0.x + (p1.x - p0.x) * t, p0.y + (p1.y - p0.y) * t))
        assert hit[0] == section_at(hull, secs, hit[1], 1e-6)


# --------------------------------------------------------------------------- surfaces and heights

SLOOP = Vessel("Sloop", Hull(10.0, 10.0, 0.0, 12.0, 4.0), ShipPlan(sections(12.0, 3, 6), raised=(Raised("sterncastle", -6.0, -3.0, 2.0),)))
COURTYARD = Level("fort", Surface.LAND, Polygon([(30, 0), (50, 0), (50, 20), (30, 20)]))
WALL = Level("north wall", Surface.WALL_TOP, Polygon([(30, 18), (50, 18), (50, 20), (30, 20)]), 3.0)
KEEP = Level("keep", Surface.FORT_LEVEL, Polygon([(40, 5), (45, 5), (45, 10), (40, 10)]), 4.5)


def test_what_is_underfoot() -> None:
    vessels, levels = [SLOOP], [COURTYARD, WALL, KEEP]
    assert surface_at(Vec(14.0, 10.0), vessels, levels) == Place(Surface.DECK, DECK_HEIGHT, "Sloop", "bow")
    assert surface_at(Vec(5.0, 10.0), vessels, levels) == Place(Surface.DECK, 2.0, "Sloop", "stern")  # on the sterncastle
    assert surface_at(Vec(10.0, 20.0), vessels, levels) == Place(Surface.WATER, 0.0)
    assert surface_at(Vec(35.0, 5.0), vessels, levels) == Place(Surface.LAND, 0.0, "fort")
    assert surface_at(Vec(35.0, 19.0), vessels, levels) == Place(Surface.WALL_TOP, 3.0, "north wall")  # the highest level there
    assert surface_at(Vec(42.0, 7.0), vessels, levels) == Place(Surface.FORT_LEVEL, 4.5, "keep")
    assert surface_at(Vec(42.0, 7.0), vessels, [KEEP, COURTYARD]).ident == "keep"  # the order given does not matter


def test_heights_aboard_and_in_the_water() -> None:
    plan = SLOOP.plan
    assert plan.height(Surface.DECK) == DECK_HEIGHT and plan.height(Surface.DECK, -5.0) == 2.0
    assert plan.height(Surface.ALOFT) > plan.deck > plan.height(Surface.BELOW)
    with pytest.raises(ValueError, match="wall top"):
        plan.height(Surface.WALL_TOP)
    aloft = aboard(SLOOP, Surface.ALOFT, Vec(10.0, 10.0))
    assert aloft == Place(Surface.ALOFT, plan.aloft, "Sloop", "middle")
    below = aboard(SLOOP, Surface.BELOW, Vec(14.0, 10.0))
    assert below.surface is Surface.BELOW and below.section == "bow" and feet(below) == plan.below
    assert feet(Place(Surface.WATER, 0.0)) == -SWIM_DEPTH
    # NW-BOARD-4 reads the difference of two decks
    galleon = ShipPlan(sections(16.0, 4), deck=3.0)
    assert galleon.deck - plan.deck == 2.0


def test_gunwales_and_figures_across_the_gap() -> None:
    a_hull = Hull(10.0, 10.0, 0.0, 10.0, 4.0)  # port side along y = 12
    b_hull = Hull(10.0, 15.0, 0.0, 10.0, 4.0)  # starboard side along y = 13: a 1" gap
    a = Base(10.0, 11.5, 0.5, "a")  # right at a's port gunwale
    b = Base(10.0, 13.5, 0.5, "b")  # right at b's starboard gunwale
    assert gunwale_gap(a, a_hull) == pytest.approx(0.0) and at_gunwale(a, a_hull, 0.1)
    inboard = Base(10.0, 10.0, 0.5)
    assert gunwale_gap(inboard, a_hull) == pytest.approx(1.5) and not at_gunwale(inboard, a_hull, 0.5)
    assert not at_gunwale(b, a_hull, 5.0)  # not aboard a at all
    assert across(a, a_hull, b, b_hull, 0.1)
    assert not across(a, a_hull, Base(13.0, 13.5, 0.5), b_hull, 0.1)  # 3" along: not directly across
    assert not across(inboard, a_hull, b, b_hull, 0.1)
