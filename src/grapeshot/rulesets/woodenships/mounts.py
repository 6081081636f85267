"""Where guns go on a ship or a fort: the places a gun may be mounted, how many a vessel may
carry, and drafted guns mounted at the sharing out (WS-SETUP-1, rulings).

* **Places.** A ship (or boat) has a place for a gun on each side of each section (port and
  starboard, in the middle of the section, at its rail), one at the bow and one at the stern
  (on the keel, at the ends). Each gun points out over its place's side: its arc is the 90
  degrees either way from there (WS-GUN-2). A fort has places along the inside of each of its
  four walls, 3" apart from the wall's middle, none within reach of a gate (the way in stays
  clear) nor on a raised level.
* **How many.** A vessel carries at most one gun for every 3 of its hit points at full strength
  (a rowboat, canoe or sailboat one, a raft up to three, a narrow ship of three sections six, a
  wide one of three sections all eight of its places); a cannon needs a vessel of 6 hit points
  or more (the three-point boats and the smallest rafts take a swivel or a mounted rifle); a
  fort, one gun for every started 6" of its walls. A place holds one gun, and a gun's footing
  must stand clear of masts, raised levels and the other guns. The scenario's own guns count
  too (:func:`refused`, asked by :mod:`.setup` of every gun it mounts).
* **Drafted guns** (WS-SETUP-1). A cannon, swivel or mounted rifle taken from the pile is
  mounted when the sides share out: round by round, every side that still has a drafted gun
  mounts its next one at the same time (cannons first), sealed, at a free place of one of its
  ships or forts (:class:`MountPrompt`). A drafted cannon is on wheels, every drafted gun is
  loaded. Figures standing where the footing goes step aside to the nearest free spot. A gun
  for which its side has no place left stays ashore, out of the game. A fort's hit points stay
  what its cost was before the draft (the pile is no side's cost, WS-FORT-1).
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Base, Surface, hull_gap
from grapeshot.rulesets.woodenships.actions import Mount
from grapeshot.rulesets.woodenships.data import FORT_WALL_RUN, GATE_WIDTH, GUN_RADIUS, GUNS, NS
from grapeshot.rulesets.woodenships.pieces import Draft, Fort, Gun, Ship
from grapeshot.rulesets.woodenships.places import masts, space_for, spot_at
from grapeshot.rulesets.woodenships.state import Shore

Proc = Generator[Prompt, Any, Any]

#: the places a gun may be named at: the middle of the arc it points over (degrees from the bow, port positive)
GUN_PLACES = {"port": 90.0, "starboard": -90.0, "bow": 0.0, "stern": 180.0}
#: a vessel carries one gun for every this many hit points at full strength
POINTS_A_GUN = 3
#: the fewest hit points a vessel needs to carry a cannon
CANNON_POINTS = 6
#: a fort's places along a wall are this far apart (inches)
WALL_STEP = 3.0
#: a fort's walls, as (along, port) of the wall's outside from the fort's centre, with their guns' facing
WALLS = {"front": (1.0, 0.0, 0.0), "back": (-1.0, 0.0, 180.0), "left": (0.0, 1.0, 90.0), "right": (0.0, -1.0, -90.0)}


@dataclass(frozen=True, slots=True)
class Place:
    """One place for a gun: its name (``<ship>/<section>/port``, ``<ship>/bow``,
    ``<fort>/<wall> <n>``), what it is on, the point in that frame and the arc's middle."""

    name: str
    vessel: str
    along: float
    port: float
    mount: float
    words: str


def places(vessel: Ship | Fort) -> list[Place]:
    """Every place a gun may go on a ship or a fort, taken or not."""
    hull = vessel.hull
    if isinstance(vessel, Ship):
        rail = hull.hw - GUN_RADIUS
        out = []
        for c in vessel.plan.sections:
            mid = (c.aft + c.fore) / 2.0
            out.append(Place(f"{vessel.name}/{c.name}/port", vessel.name, mid, rail, 90.0, f"{vessel.name}'s {c.name}, to port"))
            out.append(Place(f"{vessel.name}/{c.name}/starboard", vessel.name, mid, -rail, -90.0, f"{vessel.name}'s {c.name}, to starboard"))
        end = hull.hl - GUN_RADIUS
        out.append(Place(f"{vessel.name}/bow", vessel.name, end, 0.0, 0.0, f"{vessel.name}'s bow"))
        out.append(Place(f"{vessel.name}/stern", vessel.name, -end, 0.0, 180.0, f"{vessel.name}'s stern"))
        return out
    out = []
    for wall, (u, v, facing) in WALLS.items():
        run = (hull.hw if u else hull.hl) - GUN_RADIUS  # half the wall's length, less the footing
        steps = int(run // WALL_STEP)
        for n, k in enumerate(sorted(range(-steps, steps + 1), key=lambda k: (abs(k), k)), start=1):
            off = k * WALL_STEP
            along = u * (hull.hl - GUN_RADIUS) + off * abs(v)
            port = v * (hull.hw - GUN_RADIUS) + off * abs(u)
            out.append(Place(f"{vessel.name}/{wall} {n}", vessel.name, along, port, facing, f"{vessel.name}'s {wall} wall ({off:+g}\" from its middle)"))
    return out


def capacity(vessel: Ship | Fort) -> int:
    """How many guns a vessel may carry: one for every 3 hit points of a ship at full strength,
    one for every started 6" of a fort's walls."""
    if isinstance(vessel, Ship):
        return max(1, vessel.points // POINTS_A_GUN)
    return max(1, -int(-2.0 * (vessel.hull.length + vessel.hull.width) // FORT_WALL_RUN))


def footing_refused(shore: Shore, vessel: Ship | Fort, along: float, port: float) -> str | None:
    """Why a gun's footing may not stand at this point of a deck or a wall top: off it, on a
    raised level, on a mast or another gun."""
    hull = vessel.hull
    if abs(along) > hull.hl - GUN_RADIUS + 1e-9 or abs(port) > hull.hw - GUN_RADIUS + 1e-9:
        return f"off {vessel.name}'s deck: a gun stands {GUN_RADIUS:g}\" in from the side"
    where = hull.world(along, port)
    for k in vessel.keeps if isinstance(vessel, Fort) else ():
        if hull_gap(Base(where.x, where.y, GUN_RADIUS), k.hull) < -1e-9:
            return f"on {k.name}"
    others = [
        *(masts(vessel) if isinstance(vessel, Ship) else []),
        *(Base(q.x, q.y, GUN_RADIUS, o.name) for o in shore.guns_on(vessel.name) for q in [shore.gun_point(o)]),
    ]
    for other in others:
        if math.hypot(other.x - where.x, other.y - where.y) < other.radius + GUN_RADIUS - 1e-9:
            return f"on {other.ident}"
    return None


def refused(shore: Shore, vessel: Ship | Fort, kind: str) -> str | None:
    """Why a vessel may carry no more of this kind of gun (its count, or a cannon too heavy for it)."""
    if kind == "cannon" and isinstance(vessel, Ship) and vessel.points < CANNON_POINTS:
        return f"{vessel.name} has {vessel.points} hit points: a cannon needs a vessel of {CANNON_POINTS} or more"
    have = len(shore.guns_on(vessel.name))
    if have >= capacity(vessel):
        return f"{vessel.name} carries {have} guns already, its most ({'one for every 3 hit points' if isinstance(vessel, Ship) else 'one for every 6 inches of wall'})"
    return None


def _gate_clear(vessel: Ship | Fort, p: Place) -> bool:
    if not isinstance(vessel, Fort):
        return True
    w = vessel.hull.world(p.along, p.port)
    return all(math.hypot(g.x - w.x, g.y - w.y) >= GATE_WIDTH / 2.0 + 2.0 * GUN_RADIUS for g in vessel.gates)


def vessels(shore: Shore, side: str) -> list[Ship | Fort]:
    """What a side may mount guns on: its ships afloat and its forts standing."""
    out: list[Ship | Fort] = [*shore.fleet(side)]
    return out + [x for x in shore.standing() if x.side == side]


def free_places(shore: Shore, side: str, kind: str) -> list[Place]:
    """The places a side may mount a gun of this kind now: on its ships afloat and its forts
    standing, within their counts, clear of what stands there and of the gates."""
    out = []
    for vessel in vessels(shore, side):
        if refused(shore, vessel, kind) is not None:
            continue
        out += [p for p in places(vessel) if _gate_clear(vessel, p) and footing_refused(shore, vessel, p.along, p.port) is None]
    return out


def add_gun(
    shore: Shore, vessel: Ship | Fort, kind: str, along: float, port: float, mount: float, facing: float, wheels: bool, loaded: bool, drafted: bool = False
) -> Gun:
    """A gun put on a deck or a wall top, named for its vessel and its kind in order."""
    n = 1 + sum(1 for x in shore.guns.values() if x.ship == vessel.name and x.kind == kind)
    name = f"{vessel.name} {kind} {n}"
    gun = shore.guns[name] = Gun(name, kind, vessel.name, along, port, facing, mount, wheels, loaded, GUNS[kind].hit_points, drafted=drafted)
    return gun


@dataclass(eq=False)
class MountPrompt(Prompt):
    """WS-SETUP-1: every side with a drafted gun left mounts its next one (all at once, sealed)."""

    namespace: ClassVar[str] = NS

    shore: Shore | None = None
    #: seat -> the kind of gun it mounts now
    guns: dict[str, str] = field(default_factory=dict)

    def _free(self, seat: str) -> dict[str, Place]:
        assert self.shore is not None
        return {p.name: p for p in free_places(self.shore, seat, self.guns[seat])}

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Mount)
        free = self._free(seat)
        if action.place not in free:
            raise IllegalAction(f"{seat} cannot mount its {self.guns[seat]} at {action.place!r}: free places are {sorted(free)}")

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(Mount(p.name), p.words) for p in self._free(seat).values()], f"where {seat}'s {self.guns[seat]} goes")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["guns"] = dict(self.guns)
        return d


def _queue(d: Draft, seat: str) -> list[str]:
    """A side's drafted guns in the order it mounts them: cannons first (they need the room)."""
    order = list(GUNS)
    return sorted(d.guns.get(seat, []), key=order.index)


def mount_all(g: Game, shore: Shore, d: Draft, start: int = 0) -> Proc:
    """WS-SETUP-1: the drafted guns mounted round by round (a checkpoint before each round)."""
    rounds = max((len(v) for v in d.guns.values()), default=0)
    for k in range(start, rounds):
        g.checkpoint(("mount", k))
        due = {seat: _queue(d, seat)[k] for seat in shore.seats if len(d.guns.get(seat, [])) > k}
        for seat in [s for s in due if not free_places(shore, s, due[s])]:
            g.emit("gun-mount", "WS-SETUP-1", seat=seat, arm=due.pop(seat), gun=None, place=None, moved={})
        if not due:
            continue
        seats = tuple(due)
        answers = yield MountPrompt(seats, "WS-SETUP-1", "mount your drafted gun on one of your ships or forts", (Mount,), shore, due)
        if not isinstance(answers, dict):
            answers = {seats[0]: answers}
        for seat in sorted(answers):
            put(g, shore, seat, due[seat], cast(Mount, answers[seat]).place)


def put(g: Game, shore: Shore, seat: str, kind: str, place: str) -> Gun:
    """Mount a drafted gun at a free place; figures on the footing step aside."""
    p = next(x for x in free_places(shore, seat, kind) if x.name == place)
    vessel: Ship | Fort = shore.ships[p.vessel] if p.vessel in shore.ships else shore.forts[p.vessel]
    gun = add_gun(shore, vessel, kind, p.along, p.port, p.mount, p.mount, kind == "cannon", True, drafted=True)
    surface = Surface.DECK if isinstance(vessel, Ship) else Surface.WALL_TOP
    where = shore.gun_point(gun)
    moved = {}
    for f in shore.on(surface, vessel.name):
        b = shore.base(f)
        if math.hypot(b.x - where.x, b.y - where.y) < b.radius + GUN_RADIUS - 1e-9:
            free = space_for(shore, surface, vessel.name, f.radius, without=f.name).nearest(b.centre)
            if free is not None:
                f.spot = spot_at(shore, surface, vessel.name, free)
                moved[f.name] = [round(free.x, 4), round(free.y, 4)]
    g.emit(
        "gun-mount",
        "WS-SETUP-1",
        seat=seat,
        arm=kind,
        gun=gun.name,
        place=place,
        on=vessel.name,
        at=[round(where.x, 4), round(where.y, 4)],
        facing=p.mount,
        wheels=gun.wheels,
        moved=moved,
    )
    return gun
