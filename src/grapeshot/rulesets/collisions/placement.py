"""Where ships end up after they meet: the geometry of conforming, point blank, knock-ons and
standing off.  Pure functions of hulls; the procedures decide who conforms and apply the result.

**Conforming** (CG-SIDE-1, CG-GRAP-3).  The smaller ship takes a heading set by the larger's,
in a formation that fits how it lay: its heading relative to the larger's is snapped to the
nearest of the formation's angles (a sideswipe: 0, ±45, ±90, ±135 degrees, a full turn about
counting as 0, so a ship lying nearly opposite turns to the larger's heading; a grapple: 0 or
±90, side to side or a T).  0 is *parallel* beside the larger (or *in line* off its bow or
stern), ±90 a *T*, ±45 and ±135 a *V*.

**Where.**  The smaller goes off the facing of the larger that its centre lies in front of
(port, starboard, bow or stern, as facings are judged by the diagonals), at exactly ``gap``
inches hull to hull: 2" (point blank) after a sideswipe, :data:`TOGETHER` after a grapple.  It
keeps its place along that facing (its centre's projection on the larger's keel, or across its
beam off an end), held so that the nearest part of it lies within the facing's span, which is
what makes the gap exact.  If that place is off the table, on terrain, or on a ship that may
not be moved, the other facings are tried, nearest first.

**Knock-ons** (CG-SIDE-3).  A ship placed where it touches a third ship knocks it on: that ship
conforms to the one placed, in the same way, and so on.  Only a ship smaller than the one that
strikes it is knocked on; a larger or equal one stands like a wall, and the placing looks for
another facing.  Every ship is placed at most once, so a chain ends after at most as many steps
as there are ships; if any ship in it finds no room, nothing moves (the ships stay where their
moves left them, which is always clear).

**Standing off** (CG-GRAP-2): the ship that failed to grapple slides straight along the line
between the two centres, without turning, until the hulls are exactly 1" apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from grapeshot.geometry import CLEARANCE, Facing, Hull, Polygon, Pose, Table, angle_diff, hull_distance, hull_hits_polygon, hulls_overlap, norm_deg

#: hull to hull after a sideswipe (CG-SIDE-1): point blank
POINT_BLANK = 2.0
#: hull to hull after a failed grapple (CG-GRAP-2)
STAND_OFF = 1.0
#: hull to hull of grappled ships brought together (CG-GRAP-3): the sweeps' clearance, so
#: they lie side by side without touching by a rounding error
TOGETHER = CLEARANCE
#: a grapple may be tried within this (CG-GRAP-1)
GRAPPLE_REACH = 2.0

#: the formations' relative headings (the first of equally near ones wins)
SIDESWIPE_ANGLES = (0.0, 45.0, -45.0, 90.0, -90.0, 135.0, -135.0, 180.0)
GRAPPLE_ANGLES = (0.0, 90.0, -90.0, 180.0)

_FACINGS = (Facing.PORT, Facing.STARBOARD, Facing.FRONT, Facing.REAR)


def snap(relative: float, angles: Sequence[float]) -> float:
    """The formation angle nearest a relative heading (a full turn about is 0: conforming)."""
    best = min(angles, key=lambda a: abs(angle_diff(relative, a)))
    return 0.0 if best == 180.0 else best


def formation(facing: Facing, theta: float) -> str:
    if theta == 0.0:
        return "parallel" if facing.is_side else "in line"
    return "T" if abs(theta) == 90.0 else "V"


def _corners(hull: Hull, theta: float) -> list[tuple[float, float]]:
    """The hull's corners about its centre in a frame turned ``theta`` from its own."""
    c, s = math.cos(math.radians(theta)), math.sin(math.radians(theta))
    return [(c * a - s * b, s * a + c * b) for a, b in ((hull.hl, hull.hw), (-hull.hl, hull.hw), (-hull.hl, -hull.hw), (hull.hl, -hull.hw))]


def pose_off(anchor: Hull, hull: Hull, facing: Facing, theta: float, gap: float) -> Pose:
    """Where ``hull`` stands off ``anchor``'s ``facing`` at ``theta`` to its heading, ``gap``
    inches hull to hull (see the module docstring)."""
    offs = _corners(hull, theta)
    u0, v0 = anchor.local(hull.centre)
    if facing.is_side:
        sgn = 1.0 if facing is Facing.PORT else -1.0
        near = min(sgn * ov for _, ov in offs)
        v = sgn * (anchor.hw + gap - near)
        along = [ou for ou, ov in offs if sgn * ov <= near + 1e-9]
        u = _within(max(-anchor.hl, min(anchor.hl, u0)), min(along), max(along), anchor.hl)
    else:
        sgn = 1.0 if facing is Facing.FRONT else -1.0
        near = min(sgn * ou for ou, _ in offs)
        u = sgn * (anchor.hl + gap - near)
        across = [ov for ou, ov in offs if sgn * ou <= near + 1e-9]
        v = _within(max(-anchor.hw, min(anchor.hw, v0)), min(across), max(across), anchor.hw)
    p = anchor.world(u, v)
    return Pose(p.x, p.y, norm_deg(anchor.heading + theta))


def _within(c: float, lo: float, hi: float, half: float) -> float:
    """Shift ``c`` so that the interval ``c + [lo, hi]`` meets ``[-half, half]``."""
    if c + hi < -half:
        return -half - hi
    if c + lo > half:
        return half - lo
    return c


@dataclass(frozen=True, slots=True)
class Room:
    """What a placed hull must keep clear of besides other ships: the table's edge and terrain."""

    table: Table
    terrain: tuple[Polygon, ...] = ()

    def holds(self, hull: Hull) -> bool:
        return self.table.holds(hull) and not any(hull_hits_polygon(hull, t) for t in self.terrain)


def touching(a: Hull, b: Hull) -> bool:
    """Hulls closer than the sweeps' clearance count as touching (or overlapping)."""
    return hulls_overlap(a, b) or hull_distance(a, b) < CLEARANCE * 0.999


@dataclass(frozen=True, slots=True)
class Offer:
    """One way of placing a hull off an anchor: the facing, the angle, the pose and its hull."""

    facing: Facing
    theta: float
    pose: Pose
    hull: Hull

    @property
    def formation(self) -> str:
        return formation(self.facing, self.theta)


def offers(anchor: Hull, hull: Hull, gap: float, angles: Sequence[float]) -> list[Offer]:
    """The placings of ``hull`` off ``anchor`` in the order they are tried: the facing its centre
    lies in front of first, then the others by how far the hull would have to go."""
    theta = snap(angle_diff(hull.heading, anchor.heading), angles)
    first = anchor.facing_towards(hull.centre)
    out = []
    for f in _FACINGS:
        pose = pose_off(anchor, hull, f, theta, gap)
        out.append(Offer(f, theta, pose, hull.moved(pose)))
    out.sort(key=lambda o: (o.facing is not first, math.hypot(o.pose.x - hull.x, o.pose.y - hull.y)))
    return out


@dataclass(frozen=True, slots=True)
class Step:
    """One ship placed in a chain: conforming to ``anchor`` (knocked on, past the first)."""

    anchor: str
    vessel: str
    offer: Offer
    depth: int


def knock_on_chain(
    anchor: str,
    mover: str,
    hulls: Mapping[str, Hull],
    rank: Mapping[str, int],
    room: Room,
    gap: float = POINT_BLANK,
    angles: Sequence[float] = SIDESWIPE_ANGLES,
) -> list[Step] | None:
    """Place ``mover`` off ``anchor`` and every ship it knocks on (see the module docstring);
    None when some ship of the chain has no room (then nothing should move)."""
    placed: dict[str, Hull] = {anchor: hulls[anchor]}
    queue: list[tuple[str, str, int]] = [(anchor, mover, 0)]
    queued = {mover}
    steps: list[Step] = []
    while queue:
        base, vessel, depth = queue.pop(0)
        chosen: tuple[Offer, list[str]] | None = None
        for offer in offers(placed[base], hulls[vessel], gap, angles):
            if not room.holds(offer.hull) or any(touching(offer.hull, h) for h in placed.values()):
                continue
            hit = [v for v, h in hulls.items() if v not in placed and v != vessel and touching(offer.hull, h)]
            if any(rank[v] >= rank[vessel] for v in hit):
                continue  # a ship as big or bigger stands like a wall
            chosen = (offer, hit)
            break
        if chosen is None:
            return None
        offer, hit = chosen
        placed[vessel] = offer.hull
        steps.append(Step(base, vessel, offer, depth))
        for v in hit:
            if v not in queued:
                queued.add(v)
                queue.append((vessel, v, depth + 1))
    return steps


def together(anchor: Hull, hull: Hull, others: Sequence[Hull], room: Room) -> Offer | None:
    """Where a grappled ship goes to lie against the other (CG-GRAP-3), side to side or in a T,
    clear of every other ship; None when there is no room (the two stay where they are)."""
    for offer in offers(anchor, hull, TOGETHER, GRAPPLE_ANGLES):
        if room.holds(offer.hull) and not any(touching(offer.hull, h) for h in others):
            return offer
    return None


def stand_off(mover: Hull, other: Hull, others: Sequence[Hull], room: Room, gap: float = STAND_OFF) -> Pose | None:
    """Slide ``mover`` straight along the line between the centres until it is ``gap`` from
    ``other`` (CG-GRAP-2); None when that place is off the table or on another ship."""
    dx, dy = mover.x - other.x, mover.y - other.y
    d = math.hypot(dx, dy)
    ux, uy = (dx / d, dy / d) if d > 1e-9 else (math.cos(math.radians(other.heading + 90.0)), math.sin(math.radians(other.heading + 90.0)))

    def at(t: float) -> Hull:
        return mover.moved(Pose(mover.x + ux * t, mover.y + uy * t, mover.heading))

    def dist(t: float) -> float:
        return hull_distance(at(t), other)

    now = dist(0.0)
    if abs(now - gap) < 1e-6:
        return mover.pose
    # bracket the gap: one end nearer than ``gap``, the other further
    step = 0.25
    if now < gap:
        lo, hi = 0.0, step
        while dist(hi) < gap and hi < 100.0:
            lo, hi = hi, hi * 2.0
    else:
        hi, lo = 0.0, -step
        while dist(lo) > gap and lo > -100.0:
            hi, lo = lo, lo * 2.0
    for _ in range(60):
        mid = (lo + hi) / 2.0
        if dist(mid) < gap:
            lo = mid
        else:
            hi = mid
    pose = at(hi).pose
    h = mover.moved(pose)
    if not room.holds(h) or hulls_overlap(h, other) or any(touching(h, o) for o in others):
        return None
    return pose
