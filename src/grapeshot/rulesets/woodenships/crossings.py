"""A figure's move from one surface to another: which point of its own surface it crosses
from and which point of the other it lands on (WS-FIG-3, WS-BOARD-1).

The crossing is where the move's two legs meet: to a point at the edge of the figure's own
surface (a ship's side, a quay, the water's edge), across no more than 2" from base to base, then
on to the goal; the whole way within the figure's move.  The way a person at the table would go
is nearly straight: the plain crossing (:func:`square`, square to the goal) is tried first; where
it leaves the goal out of reach though the straight way is not, crossings slanting across the
gap are taken off the straight way (:func:`slants`), and the cheapest walkable one is taken
(each walked the shortest way round what stands on each surface), so a move that could go is
not refused because the plain crossing was a dog-leg.  When none can be walked the refusal names the first thing that stopped the cheapest (and who
stands closer than a base's width round the figure and round its goal: :func:`shut`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from grapeshot.geometry import FreeMove, FreeSpace, Vec, free_move
from grapeshot.rulesets.woodenships.data import BOARD_REACH

#: the straight way from the start to the goal is sampled at this many equal steps for the
#: slanting crossings' edge and landing points
SAMPLES = 10
#: at most this many crossings are walked before the move is refused (the cheapest first)
TRIES = 3


@dataclass(frozen=True, slots=True)
class Across:
    """A crossing walked: the leg on the figure's own surface, the jump's inches, the leg on."""

    first: FreeMove
    jump: float
    second: FreeMove
    cost: float


@dataclass(frozen=True, slots=True)
class Way:
    """What a crossing needs: who moves (for the words), from where, to where, through which
    free spaces, at what pace on each, with how much of its move."""

    name: str
    radius: float
    flies: bool
    start: Vec
    goal: Vec
    own: FreeSpace
    target: FreeSpace
    here_rate: float
    there_rate: float
    allow: float
    surface_word: str
    target_word: str


def shut(space: FreeSpace, start: Vec, goal: Vec) -> str:
    """Words for a move that found no way: who stands closer round its start, and round its
    goal, than a base's width (no base passes between them and it), where any do."""
    round_start, round_goal = space.hemming(start), space.hemming(goal)
    parts = [
        f"{what} stand {', '.join(names)}" for what, names in (("round it closer than a base's width", round_start), ("round the goal", round_goal)) if names
    ]
    return f" (no way round what stands between: {'; '.join(parts)})" if parts else " (no way round what stands between)"


def _dist(a: Vec, b: Vec) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def square(w: Way, toward: Vec, gate: bool) -> tuple[float, Vec, Vec] | None:
    """The plain crossing: from the figure's surface nearest the goal (or the gate) to the other
    surface nearest that, with the inches of the straight way by them."""
    e = w.own.nearest(toward)
    o = None if e is None else w.target.nearest(toward if gate else e)
    if e is None or o is None:
        return None
    return (_dist(w.start, e) * w.here_rate + (_dist(e, o) + _dist(o, w.goal)) * w.there_rate, e, o)


def slants(w: Way) -> list[tuple[float, Vec, Vec]]:
    """The crossings off the straight way, for a goal the plain crossing leaves out of reach
    though the straight way is not: where the straight way lies off the figure's surface, that
    surface's nearest point is an edge to cross from; where it lies off the other, the other's
    nearest is a landing; every edge with every landing no more than a crossing's reach from it
    (a slanting jump across a gap), cheapest first."""
    aims = [Vec(w.start.x + k / SAMPLES * (w.goal.x - w.start.x), w.start.y + k / SAMPLES * (w.goal.y - w.start.y)) for k in range(SAMPLES + 1)]
    edges = _unique(w.own.nearest(a) for a in aims if not w.own.holds(a))
    overs = _unique([*(w.target.nearest(a) for a in aims if not w.target.holds(a)), w.goal])
    out = []
    for e in edges:
        for o in overs:
            jump = _dist(e, o)
            if jump - 2.0 * w.radius <= BOARD_REACH + 1e-9 or w.flies:
                out.append((_dist(w.start, e) * w.here_rate + (jump + _dist(o, w.goal)) * w.there_rate, e, o))
    return sorted(out, key=lambda t: (t[0], t[1].x, t[1].y, t[2].x, t[2].y))


def _unique(points: Iterable[Vec | None]) -> list[Vec]:
    out: list[Vec] = []
    for p in points:
        if p is not None and all(_dist(p, q) > 1e-6 for q in out):
            out.append(p)
    return out


def across(w: Way, toward: Vec, gate: bool, slant: bool) -> Across | str:
    """The cheapest walkable crossing to the goal (or why there is none, for the cheapest);
    ``slant``: a gap lies between the surfaces (ship and ship, ship and quay), which a slanting
    crossing may cut across (into or out of the water there is none)."""
    plain = square(w, toward, gate)
    if plain is None:
        return f"there is no room for {w.name} on {w.target_word}"
    pairs = [plain]
    if slant and not gate and plain[0] > w.allow + 1e-9 and _dist(w.start, w.goal) * min(w.here_rate, w.there_rate) <= w.allow + 1e-9:
        pairs += slants(w)
    why: str | None = None  # what stopped the cheapest crossing that was in reach
    too_far: str | None = None  # else the cheapest that was too wide a jump
    walked: dict[tuple[float, float], FreeMove] = {}
    tries = 0
    for _, edge, over in pairs:
        jump = _dist(over, edge)
        if jump - 2.0 * w.radius > BOARD_REACH + 1e-9 and not w.flies:
            too_far = too_far or f'the crossing to {w.target_word} would be {jump - 2.0 * w.radius:.2f}" from base to base: at most {BOARD_REACH:g}"'
            continue
        reach_here = w.allow / w.here_rate
        if _dist(edge, w.start) > reach_here + 1e-9:
            why = why or f"{w.name} cannot get to the edge of its {w.surface_word}"
            continue
        if tries >= TRIES:
            break
        tries += 1
        key = (round(edge.x, 6), round(edge.y, 6))
        first = walked.get(key)
        if first is None:
            first = walked[key] = free_move(w.start, edge, reach_here, w.own, within_allowance=True)
        if not first.reached:
            why = why or f'{w.name} cannot get to the edge of its {w.surface_word} at ({edge.x:.2f}, {edge.y:.2f}) within {reach_here:g}"' + shut(
                w.own, w.start, edge
            )
            continue
        used = first.route_length * w.here_rate + jump * w.there_rate
        left = w.allow - used
        if left < -1e-9:
            why = why or f'{w.name} cannot get across within {w.allow:g}"'
            continue
        if _dist(w.goal, over) > max(0.0, left) / w.there_rate + 1e-9:
            why = (
                why
                or f'{w.name} cannot get to ({w.goal.x:.2f}, {w.goal.y:.2f}) within {w.allow:g}" by way of the crossing at ({over.x:.2f}, {over.y:.2f}), {max(0.0, left):.2f}" left after it'
            )
            continue
        second = free_move(over, w.goal, max(0.0, left) / w.there_rate, w.target, within_allowance=True)
        if not second.reached:
            why = why or (
                f'{w.name} cannot get to ({w.goal.x:.2f}, {w.goal.y:.2f}) within {w.allow:g}" by way of the crossing at ({over.x:.2f}, {over.y:.2f}), {max(0.0, left):.2f}" left after it'
                + shut(w.target, over, w.goal)
            )
            continue
        return Across(first, jump, second, used + second.route_length * w.there_rate)
    return why or too_far or f'{w.name} cannot get to ({w.goal.x:.2f}, {w.goal.y:.2f}) within {w.allow:g}" by way of a crossing'
