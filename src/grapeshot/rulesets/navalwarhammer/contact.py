"""When a moving ship meets another: a compact stand-in for the naval supplement's Headlong,
Alongside and Grappling, behind one procedure name so a collisions module can take it over.

The flow asks for the collisions module's contact (``game.procedure(CONTACT)``, the module's
typed handle: ``(game, mover, other, motion)`` -> a ``Verdict``, read as a :class:`Met` by
:func:`module_met`) and, when no module in play answers (always, so far: Naval Warhammer does
not host the module), runs :func:`ship_contact` here, ``(game, mover, target, ram=...,
moved=...)`` (ship names; ``moved`` the inches the mover's hull had come, NW-SHIP-4's ramming
length), answering a :class:`Met`.  What the stand-in does (docs/rulings.md):

* **Headlong** or not: the mover's bow meets the other's hull (its front faces it).
* **A declared ram** (NW-BOARD-1) strikes the target's hull: D6 hits, 2D6 with a ram (NW-UPG-5),
  at S3 + the rammer's size (dinghy 0 to large 3) + 1 for every full 6" it came, D3 wounds each;
  a rammer without a ram takes D3 hits at 2 less on its own hull.  A ram that sinks the target
  lets a ship of the same size or larger sail on (NW-RAM-1, in the movement).
* **Ships that meet without a ram** suffer nothing.  Enemies come **alongside**: the mover swings
  parallel to the target, on the side it met, its hull along the target's as far as the two
  overlap (NW-BOARD-1: contact maximised), where that pose is clear; then the mover's crew throw
  **grapnels**: D6, 3+ and the two are grappled.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D3, D6, RollRequest, nd6
from grapeshot.geometry import Facing, Hull, Vec, angle_diff, hull_hits_polygon, hulls_overlap
from grapeshot.rulesets.collisions.ports import Verdict
from grapeshot.rulesets.navalwarhammer.damage import hull_blow
from grapeshot.rulesets.navalwarhammer.data import GRAPPLE, RAM_BASE_STRENGTH, RAM_INCHES_PER_STRENGTH
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship

#: the gap left between two hulls brought alongside (they touch, to within the sweep's clearance)
ALONGSIDE_GAP = 0.01
#: the spacing of the places along a target tried when the nearest is blocked (NW-BOARD-1)
ALONGSIDE_STEP = 0.25


@dataclass(frozen=True)
class Met:
    """What came of a contact: the target, headlong or not, rammed, sunk, grappled."""

    target: str
    headlong: bool
    rammed: bool
    sunk: bool
    grappled: bool


def module_met(sea: Sea, mover: Ship, target: str, verdict: Verdict) -> Met:
    """The collisions module's verdict on a contact as the movement reads a contact: rammed when
    it rammed or ran the other down (then sunk); never grappled here, since the module grapples
    and boards through steps of its own, not NW-BOARD-2's boarded crew."""
    rammed = verdict.what in ("rammed", "ran down")
    return Met(target, headlong(mover, sea.ships[target]), rammed, verdict.what == "ran down", False)


def headlong(mover: Ship, target: Ship) -> bool:
    """The mover's bow meets the target: the target's nearest point lies in front of the bow."""
    near = min(target.hull.corners, key=lambda c: (mover.hull.bow.x - c[0]) ** 2 + (mover.hull.bow.y - c[1]) ** 2)
    return mover.hull.facing_towards(Vec(*near)) is Facing.FRONT or target.hull.contains(mover.hull.bow, 0.05)


def ship_contact(g: Game, mover_name: str, target_name: str, *, ram: bool, moved: float) -> Generator[Prompt, Any, Met]:
    """The stand-in for Headlong, Alongside and Grappling (see the module docstring)."""
    sea: Sea = g.state
    mover, target = sea.ships[mover_name], sea.ships[target_name]
    head = headlong(mover, target)
    rammed = False
    if ram:
        rammed = True
        has_ram = bool(mover.upgrades.get("ram"))
        n = yield from g.roll(
            RollRequest(nd6(2 if has_ram else 1), f"{mover.name} rams {target.name}: hits", "NW-BOARD-1", mover.commander, mover.name, "high")
        )
        strength = RAM_BASE_STRENGTH + mover.rank + int(moved // RAM_INCHES_PER_STRENGTH)
        g.emit(
            "ram",
            "NW-BOARD-1",
            ship=mover.name,
            target=target.name,
            moved=round(moved, 4),
            hits=n.total,
            strength=min(10, strength),
            ram=has_ram,
            headlong=head,
        )
        yield from hull_blow(g, sea, target, n.total, strength, f"{mover.name}'s ram", mover.commander, "NW-UPG-5" if has_ram else "NW-BOARD-1")
        if not has_ram and mover.afloat:
            back = yield from g.roll(RollRequest(D3, f"{mover.name}: the shock of its own ram", "NW-BOARD-1", None, mover.name, None))
            yield from hull_blow(g, sea, mover, back.total, strength - 2, f"{mover.name} ramming without a ram", target.commander, "NW-UPG-5")
    if not target.afloat or not mover.afloat:
        return Met(target.name, head, rammed, not target.afloat, False)
    if mover.commander == target.commander:
        g.emit("meets", "NW-BOARD-1", ship=mover.name, target=target.name, headlong=head, friends=True)
        return Met(target.name, head, rammed, False, False)
    swung = alongside(sea, mover, target)
    r = yield from g.roll(RollRequest(D6, f"{mover.name}: grapnels at {target.name}", "NW-BOARD-1", mover.commander, mover.name, "high", GRAPPLE))
    held = r.total >= GRAPPLE
    if held:
        grapple(sea, mover, target)
    g.emit("alongside", "NW-BOARD-1", ship=mover.name, target=target.name, headlong=head, swung=swung, roll=r.total, needed=GRAPPLE, grappled=held)
    return Met(target.name, head, rammed, False, held)


def grapple(sea: Sea, a: Ship, b: Ship) -> None:
    if b.name not in a.grappled:
        a.grappled.append(b.name)
    if a.name not in b.grappled:
        b.grappled.append(a.name)


def stations(u: float, slack: float) -> list[float]:
    """The places along a target's keel (its centre's offset, inches) where a mover lying at ``u``
    may be swung so that the shorter hull's whole length lies against the longer (every one
    maximises the contact, NW-BOARD-1): nearest to where the mover lies first, so a blocked first
    place moves it the least further (docs/rulings.md), each ALONGSIDE_STEP apart and both ends."""
    first = max(-slack, min(slack, u))
    grid = [first + k * ALONGSIDE_STEP for k in range(-int(2 * slack / ALONGSIDE_STEP) - 1, int(2 * slack / ALONGSIDE_STEP) + 2)]
    places = {round(a, 6) for a in (*grid, -slack, slack) if -slack - 1e-9 <= a <= slack + 1e-9}
    return sorted(places, key=lambda a: (abs(a - first), a))


def alongside(sea: Sea, mover: Ship, target: Ship) -> bool:
    """NW-BOARD-1: swing the mover parallel to the target on the side it lies, hull to hull, along
    as much of the target as the two lengths allow, at the clear station nearest where it lies;
    False when no such pose is clear (it stays)."""
    t = target.hull
    u, v = t.local(mover.hull.centre)
    side = 1.0 if v >= 0 else -1.0
    heading = t.heading if abs(angle_diff(mover.hull.heading, t.heading)) <= 90.0 else (t.heading + 180.0) % 360.0
    slack = abs(t.hl - mover.hull.hl)
    for along in stations(u, slack):
        c = t.world(along, side * (t.hw + mover.hull.hw + ALONGSIDE_GAP))
        pose = Hull(c.x, c.y, heading, mover.hull.length, mover.hull.width)
        if clear(sea, pose, mover.name):
            mover.hull = pose
            return True
    return False


def clear(sea: Sea, hull: Hull, own: str) -> bool:
    """A hull standing here touches no other ship, no obstacle and stays on the table."""
    if not sea.table.holds(hull):
        return False
    for s in sea.afloat():
        if s.name != own and hulls_overlap(hull, s.hull):
            return False
    return not any(not isinstance(ob.shape, Hull) and hull_hits_polygon(hull, ob.shape) for ob in sea.obstacles)
