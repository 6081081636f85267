"""Ships' paths and swept moves: a moving hull stops clear of what it meets and names it."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from grapeshot.geometry import (
    CLEARANCE,
    Hull,
    Obstacle,
    Path,
    Polygon,
    Pose,
    Segment,
    Sweep,
    Table,
    Vec,
    angle_diff,
    distance,
    first_contact,
    hull_distance,
    hull_hits_polygon,
    hulls_overlap,
    norm_deg,
    sweep,
    translate_path,
)
from tests.geometry.strategies import angle, approx_vec, coord, hulls


@given(st.tuples(coord, coord), angle, st.floats(0.1, 40.0))
def test_straight_path_moves_along_the_heading(xy: tuple[float, float], heading: float, length: float) -> None:
    start = Pose(xy[0], xy[1], heading)
    path = Path(start, [Segment(length)])
    end = path.end
    assert path.length == pytest.approx(length)
    assert end.x == pytest.approx(xy[0] + length * math.cos(math.radians(heading)), abs=1e-9)
    assert end.y == pytest.approx(xy[1] + length * math.sin(math.radians(heading)), abs=1e-9)
    assert end.heading == pytest.approx(heading)
    assert path.at(length) == pytest.approx(end)
    assert path.at(length / 2) == pytest.approx(
        Pose(xy[0] + length / 2 * math.cos(math.radians(heading)), xy[1] + length / 2 * math.sin(math.radians(heading)), heading)
    )


def test_quarter_turn_of_8_inches() -> None:
    r = 8.0 / (math.pi / 2.0)
    port = Path(Pose(0.0, 0.0, 0.0), [Segment(8.0, 90.0)])
    assert port.end.x == pytest.approx(r) and port.end.y == pytest.approx(r)
    assert port.end.heading == pytest.approx(90.0)
    # half way round: 45 degrees turned, on the circle about (0, r)
    mid = port.at(4.0)
    assert mid.heading == pytest.approx(45.0)
    assert distance(mid.pos, Vec(0.0, r)) == pytest.approx(r)
    starboard = Path(Pose(0.0, 0.0, 0.0), [Segment(8.0, -90.0)])
    assert starboard.end.x == pytest.approx(r) and starboard.end.y == pytest.approx(-r)
    assert starboard.end.heading == pytest.approx(270.0)
    # the same turn from a ship heading north ends heading west
    north = Path(Pose(10.0, 10.0, 90.0), [Segment(8.0, 90.0)])
    assert north.end.x == pytest.approx(10.0 - r) and north.end.y == pytest.approx(10.0 + r)
    assert north.end.heading == pytest.approx(180.0)


def test_card_then_straight() -> None:
    r = 8.0 / (math.pi / 2.0)
    path = Path(Pose(0.0, 0.0, 0.0), [Segment(8.0, 90.0), Segment(5.0)])
    assert path.length == pytest.approx(13.0)
    assert path.end == pytest.approx(Pose(r, r + 5.0, 90.0))
    assert path.at(100.0) == pytest.approx(path.end)  # clamped
    assert path.at(-3.0) == pytest.approx(Pose(0.0, 0.0, 0.0))
    assert Path(Pose(1, 2, 3), [Segment(0.0), Segment(1e-12, 90)]).length == 0.0


@pytest.mark.parametrize("turn", [1e-3, 1e-9, 3.2750007320970797e-191, 5e-324, -1e-300])
def test_an_almost_straight_arc_is_almost_straight(turn: float) -> None:
    # a vanishing turn must not lose the position to rounding (a radius of 1e190 inches)
    path = Path(Pose(0.0, 0.0, 1.0), [Segment(1.0), Segment(1.0, turn)])
    straight = Path(Pose(0.0, 0.0, 1.0), [Segment(2.0)])
    # the arc leaves the straight line by at most (distance along it)^2 * curvature / 2
    drift = abs(turn) * math.pi / 180.0 / 2.0
    for s in (1.0, 1.5, 2.0):
        assert tuple(path.at(s).pos) == pytest.approx(tuple(straight.at(s).pos), abs=1e-9 + drift)
    # and a sweep along it measures its bounds without dividing by the vanishing turn
    beside = Obstacle("beside", "ship", Hull(1.0, 3.0, 0.0, 4.0, 2.0))
    result = sweep(Path(Pose(10.0, 30.0, 0.0), [Segment(5.0, turn)]), 10.0, 4.0, [beside], TABLE)
    assert result.contact is None and result.travelled == pytest.approx(5.0)


segments = st.lists(
    st.tuples(st.floats(0.1, 15.0), st.one_of(st.just(0.0), st.floats(-180.0, 180.0))),
    min_size=1,
    max_size=4,
)


@given(st.tuples(coord, coord), angle, segments, st.floats(0.0, 1.0))
def test_path_at_is_continuous(xy: tuple[float, float], heading: float, segs: list[tuple[float, float]], frac: float) -> None:
    path = Path(Pose(xy[0], xy[1], heading), [Segment(n, t) for n, t in segs])
    cuts = [0.0]
    for n, _ in segs:
        cuts.append(cuts[-1] + n)
    # around every joint and at a random point, a tiny step moves the point a tiny bit
    for s in [*cuts, frac * path.length]:
        for ds in (1e-6, 1e-3):
            a, b = path.at(s - ds), path.at(s + ds)
            assert distance(a.pos, b.pos) <= 2 * ds + 1e-9
            assert abs(angle_diff(a.heading, b.heading)) <= 2 * ds * 180.0 / math.pi * max(abs(t) * math.pi / 180.0 / n for n, t in segs) + 1e-6
    # the lead point travels at unit speed: chords are never longer than the arc
    samples = [path.at(path.length * i / 50) for i in range(51)]
    step = path.length / 50
    for p, q in itertools.pairwise(samples):
        assert distance(p.pos, q.pos) <= step + 1e-9


def test_hull_at_forward_and_astern() -> None:
    path = Path(Pose(15.0, 0.0, 0.0), [Segment(10.0)])
    h = path.hull_at(0.0, 10.0, 4.0)
    assert (h.x, h.y, h.heading) == pytest.approx((10.0, 0.0, 0.0))
    assert approx_vec(h.bow, 15.0, 0.0)
    # going astern: the lead point is the stern and the bow points back
    astern = Path(Pose(5.0, 0.0, 180.0), [Segment(3.0)], reverse=True)
    h = astern.hull_at(3.0, 10.0, 4.0)
    assert h.x == pytest.approx(7.0) and h.heading == pytest.approx(0.0)
    assert approx_vec(h.stern, 2.0, 0.0)


TABLE = Table(60.0, 60.0)


def test_sweep_without_obstacles_travels_the_whole_path() -> None:
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(8.0, 90.0), Segment(12.0)])
    result = sweep(path, 10.0, 4.0, [], None)
    assert result.contact is None
    assert result.travelled == pytest.approx(path.length)
    end = path.hull_at(path.length, 10.0, 4.0)
    assert (result.hull.x, result.hull.y, result.hull.heading) == pytest.approx((end.x, end.y, end.heading))
    far = Obstacle("far", "ship", Hull(55.0, 5.0, 0.0, 5.0, 2.0))
    result = sweep(path, 10.0, 4.0, [far], Table(120.0, 120.0))
    assert result.contact is None and result.travelled == pytest.approx(path.length)


def test_sweep_upto_stops_early() -> None:
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(20.0)])
    result = sweep(path, 10.0, 4.0, [], TABLE, upto=5.0)
    assert result.travelled == pytest.approx(5.0) and result.contact is None
    assert result.hull.x == pytest.approx(20.0)
    assert sweep(path, 10.0, 4.0, [], TABLE, upto=0.0).travelled == 0.0


def test_sweep_stops_short_of_a_ship_ahead() -> None:
    # bow at x = 20 heading east; a ship across the course whose near side is at x = 30
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(30.0)])
    other = Obstacle("Blocker", "ship", Hull(32.0, 30.0, 90.0, 10.0, 4.0))
    result = sweep(path, 10.0, 4.0, [other], TABLE)
    assert result.contact is not None
    assert (result.contact.ident, result.contact.kind) == ("Blocker", "ship")
    assert result.travelled == pytest.approx(10.0 - CLEARANCE, abs=0.011)
    assert not hulls_overlap(result.hull, other.shape)  # type: ignore[arg-type]
    assert hull_distance(result.hull, other.shape) < 0.02  # type: ignore[arg-type]


def test_sweep_stops_at_an_island_and_at_the_edge() -> None:
    island = Obstacle("Skull Rock", "island", Polygon.circle(Vec(45.0, 30.0), 5.0))
    path = Path(Pose(20.0, 30.0, 0.0), [Segment(30.0)])
    result = sweep(path, 10.0, 4.0, [island], TABLE)
    assert result.contact is not None and result.contact.ident == "Skull Rock" and result.contact.kind == "island"
    assert not hull_hits_polygon(result.hull, island.shape)  # type: ignore[arg-type]
    assert result.travelled == pytest.approx(20.0 - CLEARANCE, abs=0.011)

    to_edge = Path(Pose(50.0, 30.0, 0.0), [Segment(30.0)])
    result = sweep(to_edge, 10.0, 4.0, [], TABLE)
    assert result.contact is not None and result.contact.kind == "edge"
    assert TABLE.holds(result.hull)
    assert result.hull.bow.x == pytest.approx(60.0 - CLEARANCE, abs=0.011)


@st.composite
def sweep_cases(draw: st.DrawFn) -> tuple[Hull, Path, list[Obstacle]]:
    length = draw(st.floats(2.0, 10.0))
    width = draw(st.floats(1.0, 4.0))
    start = Hull(draw(st.floats(15.0, 45.0)), draw(st.floats(15.0, 45.0)), draw(angle), length, width)
    reverse = draw(st.booleans())
    lead = start.stern if reverse else start.bow
    travel = norm_deg(start.heading + 180.0) if reverse else start.heading
    segs = draw(st.lists(st.tuples(st.floats(0.5, 15.0), st.one_of(st.just(0.0), st.floats(-120.0, 120.0))), min_size=1, max_size=3))
    path = Path(Pose(lead.x, lead.y, travel), [Segment(n, t) for n, t in segs], reverse)
    obstacles = []
    for i, h in enumerate(draw(st.lists(hulls(spread=1.0), max_size=4))):
        moved = Hull(h.x + draw(st.floats(0.0, 60.0)), h.y + draw(st.floats(0.0, 60.0)), h.heading, h.length + 0.5, h.width + 0.5)
        # whatever the moving hull starts beside is no obstacle to its first step
        if hull_distance(moved, start) > 0.02:
            obstacles.append(Obstacle(f"ob{i}", "ship", moved))
    return start, path, obstacles


def _clear(h: Hull, shapes: dict[str, Hull]) -> bool:
    return TABLE.holds(h) and not any(hulls_overlap(h, o) for o in shapes.values())


def _grown(h: Hull) -> Hull:
    return Hull(h.x, h.y, h.heading, h.length + 2 * CLEARANCE, h.width + 2 * CLEARANCE)


def _run_sweep(case: tuple[Hull, Path, list[Obstacle]]) -> tuple[Hull, Path, dict[str, Hull], Sweep]:
    start, path, obstacles = case
    first = path.hull_at(0.0, start.length, start.width)
    assert (first.x, first.y) == pytest.approx((start.x, start.y))
    assert abs(angle_diff(first.heading, start.heading)) < 1e-9
    shapes: dict[str, Hull] = {}
    for ob in obstacles:
        assert isinstance(ob.shape, Hull)
        shapes[ob.ident] = ob.shape
    return start, path, shapes, sweep(path, start.length, start.width, obstacles, TABLE)


@given(sweep_cases())
def test_sweep_stops_clear_and_names_a_real_contact(case: tuple[Hull, Path, list[Obstacle]]) -> None:
    start, path, shapes, result = _run_sweep(case)
    length, width = start.length, start.width
    assert 0.0 <= result.travelled <= path.length + 1e-9
    assert _clear(result.hull, shapes)
    at_stop = path.hull_at(result.travelled, length, width)
    assert (result.hull.x, result.hull.y) == pytest.approx((at_stop.x, at_stop.y))
    if result.contact is None:
        assert result.travelled == pytest.approx(path.length)
        return
    contact = result.contact
    # the contact is where the hull itself first touches what is named
    assert result.travelled <= contact.at + 1e-9
    touching = path.hull_at(contact.at, length, width)
    if contact.kind == "edge":
        assert contact.ident == "edge"
        assert min(min(x, y, TABLE.width - x, TABLE.height - y) for x, y in touching.corners) <= 1e-6
    else:
        assert contact.kind == "ship"
        assert hull_distance(touching, shapes[contact.ident]) <= 1e-6
    # the stop is the clear pose nearest the touch: 0.01" further on (if short of the
    # touch) the hull grown by the clearance is no longer clear
    further = result.travelled + 0.01
    if further < contact.at:
        assert not _clear(_grown(path.hull_at(further, length, width)), shapes)


def test_sweep_shallow_approach_touches_a_little_later() -> None:
    # heading 3 degrees towards a long hull: stopped 0.005" short, touching ~0.1" further on
    start = Hull(20.0, 28.0, 3.0, 10.0, 4.0)
    wall = Hull(45.0, 32.0, 0.0, 60.0, 2.0)
    path = Path(Pose(start.bow.x, start.bow.y, 3.0), [Segment(40.0)])
    result = sweep(path, 10.0, 4.0, [Obstacle("wall", "ship", wall)], TABLE)
    assert result.contact is not None and result.contact.ident == "wall"
    # the grown hull's corner reaches CLEARANCE * (cos 3 + sin 3) towards the wall; the
    # bisection leaves the hull up to 0.01" of path (0.01 * sin 3 across) further back
    tilt = math.radians(3.0)
    assert CLEARANCE < hull_distance(result.hull, wall) <= CLEARANCE * (math.cos(tilt) + math.sin(tilt)) + 0.01 * math.sin(tilt)
    assert hull_distance(path.hull_at(result.travelled + 0.05, 10.0, 4.0), wall) <= CLEARANCE
    assert hulls_overlap(path.hull_at(result.travelled + 0.2, 10.0, 4.0), wall)
    # the touch itself is exact: the hull meets the wall where the contact says
    assert hull_distance(path.hull_at(result.contact.at, 10.0, 4.0), wall) <= 1e-6
    assert hull_distance(path.hull_at(result.contact.at - 0.001, 10.0, 4.0), wall) > 0.0


# A turning hull (a 3" starboard arc of 17 degrees) whose corner swings through the
# corner of another hull for about 0.06" of path, between two of the sweep's 0.25"
# steps: found by the property below.
CLIPPED_CORNER = (
    Hull(15.0, 44.5, 310.0, 2.0, 3.5),
    Path(Pose(15.64278760968654, 43.73395555688102, 310.0), [Segment(1.0), Segment(7.5), Segment(3.0, -17.0)]),
    [Obstacle("ob1", "ship", Hull(25.0, 39.125, 0.0, 3.25, 3.5))],
)


@example(case=CLIPPED_CORNER)
@given(sweep_cases())
def test_sweep_touches_nothing_on_the_way(case: tuple[Hull, Path, list[Obstacle]]) -> None:
    start, path, shapes, result = _run_sweep(case)
    # every pose on the way, sampled every 0.05", touches nothing (the sweep keeps 0.005" clear)
    for i in range(int(result.travelled / 0.05) + 1):
        assert _clear(path.hull_at(i * 0.05, start.length, start.width), shapes), i * 0.05


def test_translate_path_moves_without_turning() -> None:
    path = translate_path(Pose(30.0, 30.0, 45.0), 270.0, 6.0)
    assert path.length == pytest.approx(6.0)
    h = path.hull_at(6.0, 10.0, 4.0)
    assert (h.x, h.y) == pytest.approx((30.0, 24.0))
    assert h.heading == pytest.approx(45.0)
    mid = path.hull_at(2.5, 10.0, 4.0)
    assert (mid.x, mid.y, mid.heading) == pytest.approx((30.0, 27.5, 45.0))
    # swept: it stops at a hull lying 3" downwind
    below = Obstacle("Wreck", "ship", Hull(30.0, 30.0 - 5.0 - 3.0 - 1.0, 0.0, 20.0, 2.0))
    start = Hull(30.0, 30.0, 0.0, 10.0, 10.0)
    result = sweep(translate_path(start.pose, 270.0, 6.0), 10.0, 10.0, [below], TABLE)
    assert result.contact is not None and result.contact.ident == "Wreck"
    assert result.travelled == pytest.approx(3.0 - CLEARANCE, abs=0.011)
    assert result.hull.heading == 0.0


def test_first_contact_finds_the_exact_touch_without_stopping_short() -> None:
    # a 10x4 hull heading +x, its bow at x=15, meets a wall whose face is at x=40
    start = Hull(10.0, 20.0, 0.0, 10.0, 4.0)
    wall = Obstacle("wall", "ship", Hull(45.0, 20.0, 0.0, 10.0, 30.0))
    path = Path(Pose(15.0, 20.0, 0.0), [Segment(40.0)])
    contact = first_contact(path, 10.0, 4.0, [wall], TABLE)
    assert contact is not None and contact.ident == "wall"
    assert contact.at == pytest.approx(25.0, abs=1e-9)
    assert first_contact(path, 10.0, 4.0, [wall], TABLE, upto=24.0) is None
    stopped = sweep(path, 10.0, 4.0, [wall], TABLE)
    assert stopped.contact is not None and stopped.contact.at == pytest.approx(25.0, abs=1e-9)
    assert 25.0 - CLEARANCE - 0.01 <= stopped.travelled <= 25.0 - CLEARANCE + 1e-9
    assert start.length == 10.0


@pytest.mark.parametrize("heading", [0.0, 180.0])
def test_a_hull_flush_with_the_edge_may_leave_it_but_not_cross_it(heading: float) -> None:
    # the hull's bow end lies exactly on the east edge (x = 60)
    start = Hull(55.0, 30.0, 0.0, 10.0, 4.0)
    assert TABLE.holds(start)
    ahead = Path(Pose(60.0, 30.0, 0.0), [Segment(20.0)])
    astern = Path(Pose(50.0, 30.0, 180.0), [Segment(20.0)], reverse=True)  # away from the edge
    path = ahead if heading == 0.0 else astern
    result = sweep(path, 10.0, 4.0, [], TABLE)
    assert TABLE.holds(result.hull)
    if heading == 0.0:
        assert result.contact is not None and result.contact.kind == "edge" and result.travelled == 0.0
    else:
        assert result.contact is None and result.travelled == pytest.approx(20.0)


def test_a_hull_touching_a_ship_at_the_start_still_stops_for_what_lies_ahead() -> None:
    # a hull (centre (20, 30), 10 x 4, heading east) alongside another, touching its side,
    # sails on into an island ahead
    neighbour = Hull(20.0, 34.0, 0.0, 10.0, 4.0)  # sides touch along y = 32
    rock = Polygon([(40.0, 25.0), (45.0, 25.0), (45.0, 35.0), (40.0, 35.0)])
    path = Path(Pose(25.0, 30.0, 0.0), [Segment(30.0)])
    result = sweep(path, 10.0, 4.0, [Obstacle("mate", "ship", neighbour), Obstacle("rock", "island", rock)], TABLE)
    assert result.contact is not None
    assert result.contact.ident in ("mate", "rock")
    assert not hull_hits_polygon(result.hull, rock)
    assert result.hull.bow.x <= 40.0


def test_a_sweep_can_resume_from_part_way_along_its_path() -> None:
    # two walls across a straight path: resuming after the first (removed) finds the second
    near = Obstacle("near", "mine", Hull(30.0, 20.0, 0.0, 2.0, 10.0))
    far = Obstacle("far", "ship", Hull(45.0, 20.0, 0.0, 2.0, 10.0))
    path = Path(Pose(15.0, 20.0, 0.0), [Segment(50.0)])
    first = sweep(path, 10.0, 4.0, [near, far], TABLE)
    assert first.contact is not None and first.contact.ident == "near" and first.contact.at == pytest.approx(14.0)
    again = sweep(path, 10.0, 4.0, [far], TABLE, start=first.travelled)
    assert again.contact is not None and again.contact.ident == "far" and again.contact.at == pytest.approx(29.0)
    assert again.travelled >= first.travelled
    assert first_contact(path, 10.0, 4.0, [far], TABLE, start=20.0) == again.contact


# --------------------------------------------------------------------------- turning in place


def test_a_hull_turned_in_place_about_a_point() -> None:
    from grapeshot.geometry import pivot

    h = Hull(20.0, 20.0, 0.0, 8.0, 4.0)
    about_centre = pivot(h, h.centre, 90.0, [], Table(60.0, 40.0))
    assert about_centre.contact is None and about_centre.travelled == pytest.approx(90.0)
    assert (about_centre.hull.x, about_centre.hull.y, about_centre.hull.heading) == (pytest.approx(20.0), pytest.approx(20.0), pytest.approx(90.0))
    about_bow = pivot(h, h.bow, -90.0, [], None)
    assert (about_bow.hull.bow.x, about_bow.hull.bow.y) == (pytest.approx(24.0), pytest.approx(20.0))
    assert about_bow.hull.heading == pytest.approx(270.0)
    assert pivot(h, h.centre, 0.0, [Obstacle("x", "ship", Hull(20.0, 22.0, 0.0, 8.0, 1.0))], None).contact is None  # no turn, nothing met


@given(st.floats(min_value=-150.0, max_value=150.0), st.floats(min_value=2.6, max_value=6.0))
def test_a_hull_turning_in_place_stops_clear_of_what_it_would_touch(turn: float, off: float) -> None:
    from grapeshot.geometry import pivot

    h = Hull(20.0, 20.0, 0.0, 8.0, 4.0)
    rock = Polygon.circle(Vec(20.0, 20.0 + off), 0.5)
    out = pivot(h, h.centre, turn, [Obstacle("rock", "rocks", rock)], Table(60.0, 40.0))
    assert not hull_hits_polygon(out.hull, rock)
    if out.contact is not None:
        assert out.contact.ident == "rock" and out.travelled < abs(turn) and out.contact.at <= abs(turn) + 1e-9
        # a corner reaches the rock: it stops within one test step of touching it
        grown = Hull(out.hull.x, out.hull.y, out.hull.heading, out.hull.length + 0.2, out.hull.width + 0.2)
        assert hull_hits_polygon(grown, rock)
    else:
        assert out.travelled == pytest.approx(abs(turn))


def test_a_touch_in_the_last_thousandth_of_a_turning_leg_is_found() -> None:
    """Seeded Naval Warhammer play found it (raid, random players, seed 25): a ship turning hard at
    the end of its move came to touch another within the least advance of the leg's end, where
    the next look at that obstacle was due only past the end; the end pose is now looked at
    against everything, so the sweep stops short of the other hull."""
    mover = Hull(46.46803777979979, 17.94447833167924, 167.0619138511437, 8.0, 3.5)
    other = Hull(24.905219815571726, 24.759000791387297, 359.77092082002713, 15.0, 6.0)
    bow = mover.bow
    inches = 10.556131134999685
    path = Path(Pose(bow.x, bow.y, mover.heading), [Segment(inches - 2.0), Segment(2.0, -45.0)])
    assert hulls_overlap(path.hull_at(inches, 8.0, 3.5), other)
    hit = first_contact(path, 8.0, 3.5, [Obstacle("other", "ship", other)], None)
    assert hit is not None and hit.ident == "other"
    sw = sweep(path, 8.0, 3.5, [Obstacle("other", "ship", other)], None)
    assert sw.contact is not None and sw.travelled < inches and not hulls_overlap(sw.hull, other)


def test_hulls_misplaced_names_each_hull_off_the_table_or_overlapping() -> None:
    from grapeshot.geometry import Obstacle, Polygon, Table, hulls_misplaced

    table = Table(60.0, 40.0)
    rock = Obstacle("the Teeth", "rocks", Polygon(((30.0, 30.0), (34.0, 30.0), (34.0, 34.0), (30.0, 34.0))))
    fine = [("A", Hull(10.0, 10.0, 0.0, 8.0, 3.0)), ("B", Hull(30.0, 10.0, 90.0, 8.0, 3.0))]
    assert hulls_misplaced(fine, table, [rock]) == []
    bad = [
        ("A", Hull(10.0, 10.0, 0.0, 8.0, 3.0)),
        ("B", Hull(12.0, 10.0, 0.0, 8.0, 3.0)),
        ("C", Hull(32.0, 32.0, 0.0, 6.0, 2.0)),
        ("D", Hull(59.0, 20.0, 0.0, 8.0, 3.0)),
    ]
    assert hulls_misplaced(bad, table, [rock]) == ["A overlaps B", "C overlaps the Teeth", f"D is off the table at {bad[3][1]!r}"]


@settings(max_examples=200, deadline=None)
@given(st.lists(hulls(spread=25.0), min_size=0, max_size=24))
def test_the_swept_pairs_find_exactly_the_overlaps_all_pairs_do_in_the_same_order(crowd: list[Hull]) -> None:
    """hulls_misplaced tests only the pairs near_pairs finds: the same verdicts, in the same
    order, as testing every pair (a crowd of hulls tangled at random, touching ones included)."""
    from itertools import combinations

    from grapeshot.geometry import Table, hulls_misplaced
    from grapeshot.geometry.motion import near_pairs

    named = [(f"h{i}", h) for i, h in enumerate(crowd)]
    every = [f"{a} overlaps {b}" for (a, ha), (b, hb) in combinations(named, 2) if hulls_overlap(ha, hb)]
    table = Table(1000.0, 1000.0)
    assert [p for p in hulls_misplaced(named, table, []) if "overlaps" in p] == every
    near = near_pairs(crowd)
    assert all(j in near.get(i, []) for i, j in combinations(range(len(crowd)), 2) if hulls_overlap(crowd[i], crowd[j]))
