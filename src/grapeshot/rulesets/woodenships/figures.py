"""Figures on the move: up to 8" round what is in the way, across to another surface, weapons
picked up on the way; swimming and sharks (WS-FIG-3, WS-FIG-5, WS-BOARD-1, WS-ARMS-4).

A move goes to a point on a surface.  On the figure's own surface it is a free move of up to 8"
(``geometry.free_move``: the shortest way round the other figures, masts, rocks and buildings,
and along the edge of its deck or ground).  Onto another surface it goes in two legs: to the
point at the edge of its own surface, across (no more than 2" from base to base: a ship's
side, a quay, into the water), then on to the goal; the whole way within the 8" (the crossing
point is chosen in :mod:`.crossings`).  Inches in the
water count double: a figure swims 4" a turn (WS-FIG-5).  Crossing onto a ship another side
holds is a boarding party (its roll and its end of the figure's turn are in :mod:`.boarding`);
a swimmer gets out of the water only onto land (onto a ship it must climb, as its action).
Onto a fort's walls from the ground at their foot or a ship alongside, a figure walks in through
a gate open to it, or scales the walls (a roll, :mod:`.forts`, WS-FORT-2; a failed roll leaves it
at the foot); from the walls' top it climbs one level at a time; coming down is free.

What a move may be is decided by :func:`plan`, which both the prompt's check and its list of
legal answers use; :func:`legal_moves` lists a documented grid of them, :func:`sample` draws one
over the whole reach.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, cast

from grapeshot.core.choices import Rng
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import FreeSpace, Surface, Vec, free_move, hull_distance, hull_polygon_distance, point_hull_distance, segment_point_distance, unit
from grapeshot.rulesets.collisions.ports import FIGURE_MOVED
from grapeshot.rulesets.woodenships import crossings, forts
from grapeshot.rulesets.woodenships.actions import Move, SurfaceName
from grapeshot.rulesets.woodenships.boarding import boarding_roll
from grapeshot.rulesets.woodenships.data import BOARD_REACH, CONTACT, MOVE, PICK_REACH, SHARK_FACE, SMALL_ARMS, melee_of
from grapeshot.rulesets.woodenships.melee import harried_by
from grapeshot.rulesets.woodenships.pieces import Figure, Spot
from grapeshot.rulesets.woodenships.places import space_for, spot_at, surfaces_at
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import kill

#: what each word of a move's ``surface`` names
SURFACES = {"deck": Surface.DECK, "land": Surface.LAND, "water": Surface.WATER, "wall": Surface.WALL_TOP, "level": Surface.FORT_LEVEL}
WORDS = {v: k for k, v in SURFACES.items()}
#: a fort's surfaces
FORTS = (Surface.WALL_TOP, Surface.FORT_LEVEL)
#: the lattice of listed moves: points this far apart round the figure (inches)
GRID_STEP = 2.0


def rate(surface: Surface, figure: Figure | None = None) -> float:
    """Inches of the move an inch on this surface costs: swimming goes at half pace (WS-FIG-5);
    an animal at its own pace there (WS-ANIMAL-*: a crocodile 10" in the water, 6" ashore)."""
    profile = None if figure is None else figure.profile
    if profile is None:
        return 2.0 if surface is Surface.WATER else 1.0
    inches = profile.inches(surface.value)
    return math.inf if inches is None else allowance(figure) / inches


def allowance(figure: Figure | None) -> float:
    """The inches of a figure's move: a person's 8" (WS-FIG-3), an animal's fastest pace."""
    profile = None if figure is None else figure.profile
    return MOVE if profile is None else max(v for _, v in profile.gait)


def reach_of(figure: Figure) -> float:
    """How far the figure goes on the surface it stands on."""
    assert figure.spot is not None
    return allowance(figure) / rate(figure.spot.surface, figure)


@dataclass(frozen=True, slots=True)
class Leg:
    """The part of a move on one surface: the path walked (or swum) and its length."""

    surface: Surface
    ident: str
    path: tuple[Vec, ...]
    length: float


@dataclass(frozen=True, slots=True)
class Plan:
    """A legal move worked out: its legs, the inches of the figure's 8" it uses, how it crosses
    to another surface (``board`` onto a ship another side holds, ``cross`` onto one's own side's
    ship or ashore from a deck, ``jump`` into the water, ``wade`` out of it onto land; onto a
    fort: ``gate`` through a gate, ``scale`` its walls or ``climb`` a level with a roll, ``up``
    without one, ``down`` from it), where it ends, and the weapons lying within reach of each
    leg (name, leg)."""

    legs: tuple[Leg, ...]
    cost: float
    crossing: str | None
    end: Spot
    boards: str | None
    reach: tuple[tuple[str, int], ...]

    @property
    def weapons(self) -> tuple[str, ...]:
        return tuple(w for w, _ in self.reach)


class Spaces:
    """The free spaces of the surfaces a figure's move may use, each built once while its prompt
    is open (nothing else moves meanwhile)."""

    __slots__ = ("_made", "figure", "shore")

    def __init__(self, shore: Shore, figure: Figure) -> None:
        self.shore = shore
        self.figure = figure
        self._made: dict[tuple[Surface, str], FreeSpace] = {}

    def get(self, surface: Surface, ident: str) -> FreeSpace:
        key = (surface, ident)
        space = self._made.get(key)
        if space is None:
            space = self._made[key] = space_for(self.shore, surface, ident, self.figure.radius, self.figure.name)
        return space


#: the collisions module's stations aboard, below decks and aloft: no figure moves there, and
#: no one there is gone to and fought (its prisoners are held there)
HELD = (Surface.BELOW, Surface.ALOFT)


def crossing_refused(shore: Shore, figure: Figure, surface: Surface, ident: str) -> str | None:
    """Why a figure may not move from its surface onto this one (None: it may, or it is its own)."""
    here = figure.spot
    assert here is not None
    if (here.surface, here.ident) == (surface, ident):
        return None
    if surface in HELD:
        return f"no figure moves {surface.value} in {ident}: below decks and aloft are where the collisions module holds its prisoners"
    profile = figure.profile
    if profile is not None and profile.inches(surface.value) is None:
        return f"a {profile.title} cannot go onto the {surface.value} (WS-ANIMAL-*)"
    if figure.flies:
        return None
    if here.surface in FORTS or surface in FORTS:
        return _fort_refused(shore, figure, here, surface, ident)
    if here.surface is Surface.WATER:
        if surface is Surface.DECK:
            return "a swimmer gets aboard a ship only by climbing, as its action (WS-BOARD-3)"
        return None
    if surface is Surface.WATER:
        return None
    if here.surface is Surface.LAND and surface is Surface.LAND:
        return "from one piece of ground to another a figure must wade or swim"
    if shore.hosting and surface is Surface.DECK and shore.ships[ident].side != figure.side:
        return f"with the collisions module, {ident} is boarded at the boarding step (CG-BOARD-1), not by a figure's move"
    if here.surface is Surface.DECK:
        hull = shore.ships[here.ident].hull
        gap = hull_distance(hull, shore.ships[ident].hull) if surface is Surface.DECK else hull_polygon_distance(hull, shore.land(ident).area)
    else:
        gap = hull_polygon_distance(shore.ships[ident].hull, shore.land(here.ident).area)
    if gap > BOARD_REACH:
        return f'{ident} is {gap:.2f}" away: figures cross only within {BOARD_REACH:g}" (WS-BOARD-1)'
    return None


def _storey(shore: Shore, surface: Surface, ident: str) -> int:
    """How many levels up a fort's place is: the walls' top 0, a raised level its storey."""
    return 0 if surface is Surface.WALL_TOP else shore.keep(ident).storey


def _fort_refused(shore: Shore, figure: Figure, here: Spot, surface: Surface, ident: str) -> str | None:
    """Why a figure may not cross between these surfaces, one of them a fort's (WS-FORT-2)."""
    if here.surface in FORTS and surface in FORTS:
        a, b = shore.fort_of(here), shore.fort_of(Spot(surface, ident, 0.0, 0.0))
        if a is not b:
            return "from one fort to another a figure goes by the ground"
        if abs(_storey(shore, here.surface, here.ident) - _storey(shore, surface, ident)) != 1:
            return "a figure climbs up or down one level of a fort at a time (WS-FORT-2)"
        return None
    if here.surface is Surface.FORT_LEVEL or surface is Surface.FORT_LEVEL:
        return "a fort's raised levels are reached from the top of its walls"
    fort = shore.forts[ident if surface is Surface.WALL_TOP else here.ident]
    other, oident = (here.surface, here.ident) if surface is Surface.WALL_TOP else (surface, ident)
    if other is Surface.WATER:
        return None if surface is Surface.WATER else "a swimmer gets ashore before scaling a fort's walls"
    if other is Surface.LAND:
        gap = 0.0 if oident == fort.ground else hull_polygon_distance(fort.hull, shore.land(oident).area)
    else:
        gap = hull_distance(fort.hull, shore.ships[oident].hull)
    if gap > BOARD_REACH:
        return f'{fort.name} is {gap:.2f}" from {oident}: figures cross only within {BOARD_REACH:g}"'
    return None


def _fort_crossing(shore: Shore, figure: Figure, here: Spot, surface: Surface, ident: str) -> str:
    """How a figure gets onto or off a fort's walls or levels (WS-FORT-2)."""
    if surface not in FORTS:
        return "jump" if surface is Surface.WATER else "down"
    if here.surface in FORTS and _storey(shore, surface, ident) < _storey(shore, here.surface, here.ident):
        return "down"
    fort = shore.fort_of(Spot(surface, ident, 0.0, 0.0))
    assert fort is not None
    if here.surface is Surface.LAND and forts.open_gates(fort, figure):
        return "gate"
    if forts.climbs_free(shore, figure, fort):
        return "up"
    return "scale" if surface is Surface.WALL_TOP else "climb"


def _crossing(shore: Shore, figure: Figure, surface: Surface, ident: str) -> tuple[str | None, str | None]:
    here = figure.spot
    assert here is not None
    if (here.surface, here.ident) == (surface, ident):
        return None, None
    if here.surface in FORTS or surface in FORTS:
        return _fort_crossing(shore, figure, here, surface, ident), None
    if surface is Surface.WATER:
        return "jump", None
    if here.surface is Surface.WATER:
        return "wade", None
    if surface is Surface.DECK and shore.ships[ident].side != figure.side and not figure.flies:
        return "board", ident
    return "cross", None


def plan(shore: Shore, figure: Figure, surface: Surface, ident: str, goal: Vec, spaces: Spaces) -> Plan | str:
    """The move of ``figure`` to ``goal`` on a surface, or why it cannot be made."""
    here = figure.spot
    assert here is not None
    refused = crossing_refused(shore, figure, surface, ident)
    if refused is not None:
        return refused
    holder = harried_by(shore, figure)
    if holder is not None:
        return f"{figure.name} is held by {holder.name} and cannot move until it leaves or dies (WS-ANIMAL-3)"
    allow = allowance(figure)
    target = spaces.get(surface, ident)
    if not target.holds(goal):
        return f"({goal.x:.2f}, {goal.y:.2f}) is not a free place for {figure.name} on {ident or 'the water'}"
    start = shore.world(here)
    own = spaces.get(here.surface, here.ident)
    crossing, boards = _crossing(shore, figure, surface, ident)
    if crossing is None:
        if math.hypot(goal.x - start.x, goal.y - start.y) > allow / rate(surface, figure) + 1e-9:
            return f'{figure.name} cannot get to ({goal.x:.2f}, {goal.y:.2f}) within {allow / rate(surface, figure):g}"'  # not even straight there
        fm = free_move(start, goal, allow / rate(surface, figure), own, within_allowance=True)
        if not fm.reached:
            return f'{figure.name} cannot get to ({goal.x:.2f}, {goal.y:.2f}) within {allow / rate(surface, figure):g}"' + crossings.shut(own, start, goal)
        legs: tuple[Leg, ...] = (Leg(surface, ident, fm.route, fm.route_length),)
        cost = fm.route_length * rate(surface, figure)
    else:
        toward = goal
        if crossing == "gate":  # to the nearest gate open to the figure, and in through it
            fort = shore.forts[ident]
            toward = min((Vec(x.x, x.y) for x in forts.open_gates(fort, figure)), key=lambda q: math.hypot(q.x - start.x, q.y - start.y))
        way = crossings.Way(
            figure.name,
            figure.radius,
            figure.flies,
            start,
            goal,
            own,
            target,
            rate(here.surface, figure),
            rate(surface, figure),
            allow,
            here.surface.value,
            ident or "the water",
        )
        made = crossings.across(way, toward, crossing == "gate", crossing in ("board", "cross"))
        if isinstance(made, str):
            return made
        first, second = made.first, made.second
        legs = (Leg(here.surface, here.ident, first.route, first.route_length), Leg(surface, ident, second.route, second.route_length))
        cost = made.cost
    end = spot_at(shore, surface, ident, goal)
    return Plan(legs, cost, crossing, end, boards, _reach(shore, legs))


def stay_plan(shore: Shore, figure: Figure) -> Plan:
    """Standing still: the weapons at the figure's feet may still be picked up."""
    here = figure.spot
    assert here is not None
    p = shore.world(here)
    legs = (Leg(here.surface, here.ident, (p,), 0.0),)
    return Plan(legs, 0.0, None, here, None, _reach(shore, legs))


def _reach(shore: Shore, legs: Sequence[Leg]) -> tuple[tuple[str, int], ...]:
    """The weapons lying within reach of the path of each leg (WS-ARMS-4), each once."""
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    for i, leg in enumerate(legs):
        for w in shore.weapons.values():
            if w.holder is not None or w.spot is None or w.name in seen or (w.spot.surface, w.spot.ident) != (leg.surface, leg.ident):
                continue
            p = shore.world(w.spot)
            pts = leg.path
            near = math.hypot(p.x - pts[0].x, p.y - pts[0].y) <= PICK_REACH or any(segment_point_distance(a, b, p) <= PICK_REACH for a, b in pairwise(pts))
            if near:
                out.append((w.name, i))
                seen.add(w.name)
    return tuple(out)


def check(shore: Shore, figure: Figure, move: Move, spaces: Spaces) -> Plan:
    """The plan of a move a seat gave, or :class:`IllegalAction` saying what is wrong with it."""
    if move.to is None:
        p = stay_plan(shore, figure)
    else:
        surface = SURFACES[move.surface]
        if surface is Surface.DECK and (move.of not in shore.ships or not shore.ships[move.of].afloat):
            raise IllegalAction(f"{move.of!r} is not a ship afloat; ships: {sorted(s.name for s in shore.afloat())}")
        if surface is Surface.LAND and move.of not in [lv.ident for lv in shore.lands if not lv.solid]:
            raise IllegalAction(f"{move.of!r} is not ground a figure may stand on; ground: {sorted(lv.ident for lv in shore.lands if not lv.solid)}")
        if surface is Surface.WATER and move.of:
            raise IllegalAction(f"the water has no name: give of '' (got {move.of!r})")
        if surface is Surface.WALL_TOP and move.of not in [x.name for x in shore.standing()]:
            raise IllegalAction(f"{move.of!r} is not a fort standing; forts: {sorted(x.name for x in shore.standing())}")
        if surface is Surface.FORT_LEVEL and move.of not in [k.name for x in shore.standing() for k in x.keeps]:
            raise IllegalAction(f"{move.of!r} is not a level of a fort standing; levels: {sorted(k.name for x in shore.standing() for k in x.keeps)}")
        made = plan(shore, figure, surface, move.of, Vec(*move.to), spaces)
        if isinstance(made, str):
            raise IllegalAction(made)
        p = made
    refused = pickups_refused(shore, figure, p, move.pick_up)
    if refused is not None:
        raise IllegalAction(refused)
    return p


def can_carry(figure: Figure, kind: str) -> bool:
    """Whether a figure may take up a weapon of this kind: people any, monkeys hand-to-hand
    weapons only (WS-ANIMAL-1), other animals none."""
    profile = figure.profile
    if profile is None:
        return True
    return profile.hand_weapons and melee_of(kind) is not None and (kind not in SMALL_ARMS or kind == "spear")


def pickups_refused(shore: Shore, figure: Figure, p: Plan, pick_up: Sequence[str]) -> str | None:
    barred = [w for w in pick_up if w in shore.weapons and not can_carry(figure, shore.weapons[w].kind)]
    if barred:
        return f"{figure.name} cannot take up {barred}: a {figure.kind} carries hand-to-hand weapons only, if any (WS-ANIMAL-1)"
    if len(set(pick_up)) != len(pick_up):
        return f"each weapon is picked up once: {list(pick_up)}"
    far = [w for w in pick_up if w not in p.weapons]
    if far:
        return f"{far} do not lie within {PICK_REACH:g}\" of {figure.name}'s way; in reach: {list(p.weapons)} (WS-ARMS-4)"
    limit = int(shore.option("carry_limit"))
    if limit and len(shore.carried(figure.name)) + len(pick_up) > limit:
        return f"{figure.name} may carry at most {limit} weapons (option carry_limit)"
    return None


def pickups(shore: Shore, figure: Figure, p: Plan) -> tuple[str, ...]:
    """Everything in reach, as much as the carry limit allows."""
    limit = int(shore.option("carry_limit"))
    room = len(p.weapons) if not limit else max(0, limit - len(shore.carried(figure.name)))
    return tuple(w for w in p.weapons if can_carry(figure, shore.weapons[w].kind))[:room]


def _words(move: Move, p: Plan, why: str = "") -> str:
    if move.to is None:
        head = "stay"
    else:
        where = "the water" if move.surface == "water" else f"the walls of {move.of}" if move.surface == "wall" else move.of
        head = f"to ({move.to[0]:.1f}, {move.to[1]:.1f}) on {where}" + (f" ({p.crossing})" if p.crossing else "")
    extra = f", picking up {', '.join(move.pick_up)}" if move.pick_up else ""
    return f"{head}{extra}{': ' + why if why else ''}"


def _move_of(surface: Surface, ident: str, goal: Vec, pick_up: tuple[str, ...]) -> Move:
    return Move((goal.x, goal.y), cast(SurfaceName, WORDS[surface]), ident, pick_up)


def goals(shore: Shore, figure: Figure, spaces: Spaces) -> list[tuple[Surface, str, Vec, str]]:
    """The points a figure's listed moves go to (before checking): a lattice every 2" within its
    reach, on whatever surface lies under each point, and the useful places: beside each weapon
    lying near, in contact with each enemy near, next to each gun of its ship, aboard each ship
    within 2" of its own, at its gunwale facing each such ship, over the side into the water, and
    ashore."""
    here = figure.spot
    assert here is not None
    start = shore.world(here)
    reach = reach_of(figure)
    step = max(GRID_STEP, reach / 4.0)  # no more points for the far-ranging animals
    out: list[tuple[Surface, str, Vec, str]] = []
    n = math.floor(reach / step)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if (i, j) == (0, 0) or math.hypot(i, j) * step > reach:
                continue
            p = Vec(start.x + i * step, start.y + j * step)
            for surface, ident in surfaces_at(shore, p):
                out.append((surface, ident, p, ""))
    for w in shore.weapons.values():
        if w.holder is None and w.spot is not None:
            p = shore.world(w.spot)
            if math.hypot(p.x - start.x, p.y - start.y) <= reach + PICK_REACH:
                out.append((w.spot.surface, w.spot.ident, p, f"to pick up {w.name}"))
    for other in shore.living():
        if other.side == figure.side or (other.swimming and not figure.animal) or other.spot is None or other.spot.surface in HELD:
            continue  # a prisoner below decks (or a man aloft) is no one to go and fight
        p = shore.world(other.spot)
        d = math.hypot(p.x - start.x, p.y - start.y)
        if 1e-9 < d <= reach + 2.0:
            gap = other.radius + figure.radius + CONTACT / 2.0
            touch = Vec(p.x + (start.x - p.x) * gap / d, p.y + (start.y - p.y) * gap / d)
            out.append((other.spot.surface, other.spot.ident, touch, f"to fight {other.name}"))
    if here.surface is Surface.DECK:
        own = shore.ships[here.ident]
        for gun in shore.guns_on(own.name):
            out.append((Surface.DECK, own.name, shore.gun_point(gun), f"next to {gun.name}"))
        for ship in shore.afloat():
            if ship is not own and hull_distance(own.hull, ship.hull) <= BOARD_REACH:
                out.append((Surface.DECK, ship.name, start, f"aboard {ship.name}"))
                out.append((Surface.DECK, own.name, ship.hull.centre, f"at the side facing {ship.name}"))
    for fort in shore.standing():
        if point_hull_distance(start, fort.hull) <= reach + BOARD_REACH:
            out += [(Surface.WALL_TOP, fort.name, Vec(gate.x, gate.y), f"in through {gate.name}") for gate in forts.open_gates(fort, figure)]
            out.append((Surface.WALL_TOP, fort.name, start, f"onto the walls of {fort.name}"))
            out += [(Surface.FORT_LEVEL, k.name, start, f"up to {k.name}") for k in fort.keeps]
            out.append((Surface.LAND, fort.ground, start, f"down from {fort.name}"))
    if not figure.swimming:
        out.append((Surface.WATER, "", start, "into the water"))
    for lv in shore.lands:
        if not lv.solid and (here.surface, here.ident) != (Surface.LAND, lv.ident) and lv.area.distance_to(start) <= reach:
            out.append((Surface.LAND, lv.ident, start, f"ashore on {lv.ident}"))
    return out


def legal_moves(shore: Shore, figure: Figure, spaces: Spaces) -> list[tuple[Move, Plan, str]]:
    """The listed moves: standing still first (with and without what lies at its feet), then
    each point of :func:`goals` moved to its surface's nearest free spot, checked by :func:`plan`,
    each picking up everything within reach of its way (and, where something is, once without)."""
    stay = stay_plan(shore, figure)
    out = [(Move(), stay, "stay")]
    if stay.weapons:
        m = Move(pick_up=pickups(shore, figure, stay))
        out.append((m, stay, _words(m, stay)))
    seen: set[tuple[Surface, str, float, float]] = set()
    for surface, ident, p, why in goals(shore, figure, spaces):
        goal = spaces.get(surface, ident).nearest(p)
        if goal is None:
            continue
        key = (surface, ident, round(goal.x, 3), round(goal.y, 3))
        if key in seen:
            continue
        seen.add(key)
        made = plan(shore, figure, surface, ident, goal, spaces)
        if isinstance(made, str):
            continue
        picks = pickups(shore, figure, made)
        for take in (picks, ()) if picks else ((),):
            m = _move_of(surface, ident, goal, take)
            out.append((m, made, _words(m, made, why)))
    return out


def sample(shore: Shore, figure: Figure, spaces: Spaces, rng: Rng) -> tuple[Move, Plan]:
    """A move drawn anywhere within reach: a point uniform over the disc the figure can cover,
    taken to the nearest free spot of the surface under it; a few tries, else standing still.
    Half the time it picks up everything within reach of its way."""
    here = figure.spot
    assert here is not None
    start = shore.world(here)
    reach = reach_of(figure)
    for _ in range(6):
        d = unit(rng.uniform(0.0, 360.0))
        r = reach * math.sqrt(rng.random())
        p = Vec(start.x + d.x * r, start.y + d.y * r)
        for surface, ident in surfaces_at(shore, p):
            goal = spaces.get(surface, ident).nearest(p)
            if goal is None:
                continue
            made = plan(shore, figure, surface, ident, goal, spaces)
            if not isinstance(made, str):
                take = pickups(shore, figure, made) if rng.random() < 0.5 else ()
                return _move_of(surface, ident, goal, take), made
    stay = stay_plan(shore, figure)
    return Move(pick_up=pickups(shore, figure, stay) if rng.random() < 0.5 else ()), stay


# --------------------------------------------------------------------------- resolving a move


def resolve(g: Game, shore: Shore, figure: Figure, p: Plan, pick_up: Sequence[str]) -> Generator[Prompt, Any, None]:
    """Carry out a checked move: the first leg, the crossing (a boarding party's roll,
    WS-BOARD-1), the rest; the weapons picked up on the legs walked (WS-ARMS-4)."""
    assert figure.spot is not None
    before = figure.spot
    start = shore.world(before)
    first = p.legs[0]
    figure.spot = spot_at(shore, first.surface, first.ident, first.path[-1]) if len(p.legs) > 1 else p.end
    across = True
    if p.crossing is not None and p.boards is not None:
        crossing = f"{before.ident}>{p.boards}"
        across = yield from boarding_roll(g, shore, figure, shore.ships[p.boards], crossing)
    elif p.crossing in ("scale", "climb"):
        fort = shore.fort_of(p.end)
        assert fort is not None
        what = "scale the walls" if p.crossing == "scale" else f"climb to {p.end.ident}"
        across = yield from forts.scale(g, shore, figure, fort, what)
    if across and len(p.legs) > 1:
        figure.spot = p.end
    walked = p.legs if across else p.legs[:1]
    if p.crossing == "board":
        figure.boarded = shore.serial  # a boarding party takes no further action (WS-BOARD-1)
    if walked[-1].path[-1] != start or len(walked) > 1:
        figure.moved = shore.serial
    moved = g.procedure(FIGURE_MOVED)  # the module, if in play: a boarder gone ashore leaves his boarding
    if moved is not None and (figure.spot.surface, figure.spot.ident) != (before.surface, before.ident):
        moved(g, figure.name)
    end = shore.world(figure.spot)
    path = [[round(q.x, 4), round(q.y, 4)] for leg in walked for q in leg.path]
    g.emit(
        "move",
        "WS-FIG-5"
        if p.end.surface is Surface.WATER or before.surface is Surface.WATER
        else "WS-FORT-2"
        if p.crossing in ("gate", "scale", "climb", "up")
        else "WS-FIG-3",
        figure=figure.name,
        side=figure.side,
        frm=[round(start.x, 4), round(start.y, 4)],
        to=[round(end.x, 4), round(end.y, 4)],
        was_on=before.surface.value,
        was_of=before.ident,
        on=figure.spot.surface.value,
        of=figure.spot.ident,
        path=path,
        inches=round(p.cost if across else first.length * rate(first.surface, figure), 4),
        crossing=p.crossing,
        across=across,
    )
    kept = {w for w, leg in p.reach if leg < len(walked)}
    taken = [w for w in pick_up if w in kept]
    for name in taken:
        w = shore.weapons[name]
        w.holder, w.spot, w.picked = figure.name, None, shore.serial
    if taken:
        g.emit("pick-up", "WS-ARMS-4", figure=figure.name, weapons=taken, missed=[w for w in pick_up if w not in kept])


def sharks(g: Game, shore: Shore, side: str) -> Generator[Prompt, Any, None]:
    """WS-FIG-5: at the end of its side's turn every figure of that side in the water rolls a D6;
    on a 1 the sharks take it."""
    spared = shore.hosting and shore.option("collisions_sharks") == "off"
    for figure in [f for f in shore.living(side) if f.swimming and not (spared and f.kept)]:
        r = yield from g.roll(RollRequest(D6, f"sharks round {figure.name}", "WS-FIG-5", side, figure.name, "high", SHARK_FACE + 1))
        eaten = r.total == SHARK_FACE
        g.emit("sharks", "WS-FIG-5", figure=figure.name, side=side, roll=r.total, eaten=eaten)
        if eaten:
            kill(g, shore, figure, None, "sharks", "WS-FIG-5")
