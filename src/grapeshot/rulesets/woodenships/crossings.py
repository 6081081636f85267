"""A figure's move from one surface to another: which point of its own surface it crosses
from and which point of the other it lands on (WS-FIG-3, WS-BOARD-1).

The crossing is where the move's two legs meet: to a point at the edge of the figure's own
surface (a ship's side, a quay, the water's edge), across no more than 2" from base to base, then
on to the goal; the whole way within the figure's move.  The way a person at the table would go
is nearly straight, so the points tried are taken off the straight way (:func:`candidates`);
the cheapest pair that is walkable is taken.
Only that pair is walked (the shortest way round what stands on each surface), so a move that
could go is not refused because the nearest crossing point was a dog-leg or shut in by others.
When none can be walked the refusal names the first thing that stopped the cheapest (and who
stands closer than a base's width round the figure and round its goal: :func:`shut`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from grapeshot.geometry import FreeMove, FreeSpace, Vec, free_move
from grapeshot.rulesets.woodenships.data import BOARD_REACH

#: the straight way from the start to the goal is sampled at this many equal steps for the
#: crossing's edge and landing points
SAMPLES = 12
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


def candidates(w: Way, toward: Vec, gate: bool) -> list[tuple[float, Vec, Vec]]:
    """The (edge, landing) pairs worth walking, with the inches of the straight way by them,
    cheapest first.  The points are taken off the straight way from the start to the goal: where
    it lies off the figure's surface, that surface's nearest point is an edge to cross from;
    where it lies off the other, the other's nearest is a landing; every edge is tried with
    every landing no more than a crossing's reach from it (so a slanting jump across a gap is
    found as well as the square one).  A gate is gone through at the gate and nowhere else."""
    if gate:
        e, o = w.own.nearest(toward), w.target.nearest(toward)
        if e is None or o is None:
            return []
        return [(_dist(w.start, e) * w.here_rate + (_dist(e, o) + _dist(o, w.goal)) * w.there_rate, e, o)]
    aims = [Vec(w.start.x + k / SAMPLES * (w.goal.x - w.start.x), w.start.y + k / SAMPLES * (w.goal.y - w.start.y)) for k in range(SAMPLES + 1)]
    edges = _unique(w.own.nearest(a) for a in [toward, *aims] if not w.own.holds(a))
    overs = _unique([*(w.target.nearest(a) for a in aims if not w.target.holds(a)), *(w.target.nearest(e) for e in edges), w.goal])
    out = []
    for e in edges:
        for o in overs:
            jump = _dist(e, o)
            if jump - 2.0 * w.radius > BOARD_REACH + 1e-9 and not w.flies and o is not overs[0]:
                continue  # too wide a jump (the first is kept, for the refusal's words)
            out.append((_dist(w.start, e) * w.here_rate + (jump + _dist(o, w.goal)) * w.there_rate, e, o))
    return sorted(out, key=lambda t: (t[0], t[1].x, t[1].y, t[2].x, t[2].y))


def _unique(points: Iterable[Vec | None]) -> list[Vec]:
    out: list[Vec] = []
    for p in points:
        if p is not None and all(_dist(p, q) > 1e-6 for q in out):
            out.append(p)
    return out


def across(w: Way, toward: Vec, gate: bool) -> Across | str:
    """The cheapest walkable crossing to the goal (or why there is none, for the cheapest)."""
    pairs = candidates(w, toward, gate)
    if not pairs:
        return f"there is no room for {w.name} on {w.target_word}"
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
