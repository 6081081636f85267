"""Sink or swim (CG-SWIM-1..4; ``collisions.sunk``, ``collisions.swimmers``,
``collisions.overboard``, ``collisions.shoot_swimmer``).

* **Going down** (CG-SWIM-1).  When a vessel sinks, everyone aboard rolls a D6: on a 1 he is
  lost (bashed, trapped, unlucky); the rest go into the water round where it was.  A figure in
  irons or armour cannot swim (CG-SWIM-4): option ``heavy_swimmers`` has him go down at once
  (``sink``, the default) or struggle where he is, unable to swim and rolling to stay afloat
  every turn, as a wounded swimmer does (``struggle``).  With option ``wreckage`` (default on)
  a sunk vessel leaves a piece of flotsam where it went down.
* **Keeping afloat** (CG-SWIM-2).  A swimmer still in the water after three turns, counting the
  turn he went in, rolls a D6 at the start of each turn: 1 sinks (1 or 2 if wounded).  Option
  ``third_turn``: ``after-third`` (the default) makes the first roll at the start of his fourth
  turn in the water, ``on-third`` already at the start of the third.  A swimmer clinging to
  flotsam, a boat or a canoe, or lying against a friendly vessel, rolls nothing (CG-SWIM-3).
* **Swimming** (CG-SWIM-1).  Each turn, seat by seat in the host's initiative order, every
  swimmer treads water, swims up to 2" (the shortest way round hulls, flotsam and other
  swimmers) for a vessel or a piece of flotsam, or swims to an enemy vessel to surrender.
  Reaching a friendly vessel he is taken aboard (CG-SWIM-3); an enemy one, he boards with the
  mishap table (CG-BOARD-5: when his party is outnumbered, or always with option
  ``swimmer_boarding: always``) or, surrendering to an enemy ship, is taken aboard as a prisoner
  below decks.
* **Shooting at swimmers** (CG-SWIM-4): only with small arms, and the sea is light cover.
"""

from __future__ import annotations

import math

from grapeshot.core.game import Game
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Base, FreeSpace, Polygon, Surface, Vec, free_move, hull_gap, polygon_gap
from grapeshot.rulesets.collisions.boarding import near_point, swarm
from grapeshot.rulesets.collisions.prompts import Swim, SwimOrder, SwimPrompt
from grapeshot.rulesets.collisions.protocol import SHIPS, Proc, ShotResult
from grapeshot.rulesets.collisions.state import WATER, Flotsam, Prisoner, Swimmer, afloat, emit, host_of, lose, option, point_json, state_of
from grapeshot.rulesets.collisions.water import REACH, clear_water, clinging_to, into_water, obstacles, swimmer_bases, take_aboard_friends

#: inches a swimmer swims in a turn (CG-SWIM-1)
SWIM_SPEED = 2.0
#: the most a piece of wreckage measures across its middle (inches from its centre)
WRECK_RADIUS = 1.0


def heavy_of(game: Game, figure: str) -> str | None:
    return host_of(game).encumbrance(game, figure)


def goes_down_heavy(game: Game, figure: str, heavy: str | None) -> bool:
    """CG-SWIM-4 with ``heavy_swimmers: sink``: a figure in irons or armour goes straight down."""
    if heavy is None or option(game, "heavy_swimmers") != "sink":
        return False
    lose(game, figure, rule="CG-SWIM-4", cause=f"in {heavy}, cannot swim")
    emit(game, "heavy", "CG-SWIM-4", figure=figure, heavy=heavy)
    return True


def sunk(game: Game, vessel: str) -> Proc[None]:
    """``collisions.sunk``: ``vessel`` is going down (the host takes it off the table after)."""
    h, st = host_of(game), state_of(game)
    hull = h.hull(game, vessel)
    figures = list(h.figures_on(game, vessel))
    st.forget_vessel(vessel)
    emit(game, "sinking", "CG-SWIM-1", vessel=vessel, aboard=figures)
    if option(game, "wreckage"):
        size = min(WRECK_RADIUS, hull.hw)
        piece = Flotsam(f"wreck of {vessel}", Polygon.circle(hull.centre, size, 12).points, "wreckage")
        st.flotsam.append(piece)
        emit(game, "wreckage", "CG-SWIM-3", ident=piece.ident, at=point_json(hull.centre), radius=round(size, 4))
    for f in figures:
        base = h.base(game, f)
        heavy = heavy_of(game, f)
        if goes_down_heavy(game, f, heavy):
            continue
        r = yield from game.roll(RollRequest(D6, f"sink or swim: {f}", "CG-SWIM-1", h.figure_side(game, f), f, "high", 2))
        drowned = r.total == 1
        emit(game, "sink-or-swim", "CG-SWIM-1", figure=f, vessel=vessel, roll=r.total, drowned=drowned)
        if drowned:
            lose(game, f, rule="CG-SWIM-1", cause=f"went down with {vessel}")
            continue
        into_water(game, f, base.centre, base.radius, wounded=h.wounded(game, f), heavy=heavy, rule="CG-SWIM-1", exclude={vessel})


def overboard(game: Game, figure: str) -> None:
    """``collisions.overboard``: a figure goes into the water another way (jumps, is thrown,
    abandons ship): no sink-or-swim roll, but irons and armour still drag him down."""
    h = host_of(game)
    heavy = heavy_of(game, figure)
    if goes_down_heavy(game, figure, heavy):
        return
    base = h.base(game, figure)
    into_water(game, figure, base.centre, base.radius, wounded=h.wounded(game, figure), heavy=heavy, rule="CG-SWIM-1")


def keep_afloat(game: Game) -> Proc[None]:
    """CG-SWIM-2 (and CG-SWIM-4 for a figure struggling in irons or armour)."""
    st = state_of(game)
    first = 4 if option(game, "third_turn") == "after-third" else 3
    for s in list(st.swimmers.values()):
        s.clinging = clinging_to(game, s)
        if s.clinging is not None:
            continue
        turns = game.turn - s.entered + 1
        if s.heavy is None and turns < first:
            continue
        need = 3 if (s.wounded or s.heavy is not None) else 2
        rule = "CG-SWIM-4" if s.heavy is not None else "CG-SWIM-2"
        r = yield from game.roll(RollRequest(D6, f"{s.figure} keeps afloat", rule, s.seat, s.figure, "high", need))
        sank = r.total < need
        emit(game, "afloat", rule, figure=s.figure, turns=turns, roll=r.total, need=need, wounded=s.wounded, heavy=s.heavy, sank=sank)
        if sank:
            lose(game, s.figure, rule=rule, cause="sank")


def orders_for(game: Game, s: Swimmer) -> tuple[SwimOrder, ...]:
    """What a swimmer may be told: tread water; swim for any vessel or piece of flotsam; swim to
    an enemy ship and surrender (boats and canoes have nowhere to hold a prisoner).  A figure in
    irons or armour can only stay where he is."""
    h, st = host_of(game), state_of(game)
    out = [SwimOrder(s.figure, "stay")]
    if s.heavy is not None:
        return tuple(out)
    vessels = list(h.vessels(game))
    out += [SwimOrder(s.figure, "swim", v) for v in vessels]
    out += [SwimOrder(s.figure, "swim", f.ident) for f in st.flotsam]
    out += [SwimOrder(s.figure, "surrender", v) for v in vessels if h.side(game, v) != s.seat and h.size_class(game, v) in SHIPS]
    return tuple(out)


def nearest_on_polygon(poly: Polygon, p: Vec) -> Vec:
    best, out = math.inf, p
    pts = poly.points
    for i in range(len(pts)):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % len(pts)]
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((p.x - ax) * dx + (p.y - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        q = Vec(ax + dx * t, ay + dy * t)
        d = math.hypot(q.x - p.x, q.y - p.y)
        if d < best:
            best, out = d, q
    return out


def gap_to(game: Game, base: Base, toward: str) -> float:
    """How far a swimmer's base is from a vessel or a piece of flotsam."""
    h = host_of(game)
    if toward in h.vessels(game):
        return hull_gap(base, h.hull(game, toward))
    piece = next(f for f in state_of(game).flotsam if f.ident == toward)
    return polygon_gap(base, piece.shape)


def swim(game: Game, s: Swimmer, toward: str) -> bool:
    """Swim up to 2" for a vessel or a piece of flotsam; whether it is reached."""
    h = host_of(game)
    if toward in h.vessels(game):
        goal = near_point(h.hull(game, toward), s.base.centre)
    else:
        goal = nearest_on_polygon(next(f for f in state_of(game).flotsam if f.ident == toward).shape, s.base.centre)
    space = FreeSpace(s.radius, [game.scenario.table], swimmer_bases(game, s.figure), obstacles(game))
    spot = space.nearest(goal)
    start = s.base.centre
    if spot is not None and space.holds(start):
        move = free_move(start, spot, SWIM_SPEED, space)
        s.move_to(move.end)
    reached = gap_to(game, s.base, toward) <= REACH
    emit(game, "swim", "CG-SWIM-1", figure=s.figure, toward=toward, before=point_json(start), at=point_json(s.base.centre), reached=reached)
    return reached


def surrender(game: Game, s: Swimmer, vessel: str) -> None:
    """A swimmer surrenders to an enemy vessel: taken aboard, held below decks (CG-SWIM-3)."""
    h, st = host_of(game), state_of(game)
    seat = h.side(game, vessel)
    del st.swimmers[s.figure]
    h.put_aboard(game, s.figure, vessel, h.hull(game, vessel).centre, Surface.BELOW)
    h.make_prisoner(game, s.figure, seat)
    st.prisoners[s.figure] = Prisoner(s.figure, vessel, seat, Surface.BELOW.value)
    emit(game, "aboard", "CG-SWIM-3", figure=s.figure, vessel=vessel, at=point_json(h.hull(game, vessel).centre), prisoner=True)


def swimmers_step(game: Game) -> Proc[None]:
    """``collisions.swimmers``: keeping afloat, then every seat's swimmers swim (see the module
    docstring); boarding from the water comes last, party by party."""
    h, st = host_of(game), state_of(game)
    st.forget_turns_before(game.turn)
    clear_water(game)
    take_aboard_friends(game)
    yield from keep_afloat(game)
    parties: dict[tuple[str, str], list[str]] = {}
    for seat in h.initiative(game):
        mine = [s for s in st.swimmers.values() if s.seat == seat and s.heavy is None]
        if not mine:
            continue
        prompt = SwimPrompt((seat,), "CG-SWIM-1", "your men in the water: swim for it", (Swim,), tuple((s.figure, orders_for(game, s)) for s in mine))
        answer = yield prompt
        assert isinstance(answer, Swim)
        for order in answer.orders:
            s = st.swimmers.get(order.figure)
            if s is None or order.order == "stay":
                continue
            if not swim(game, s, order.toward) or order.toward not in h.vessels(game):
                continue
            if h.side(game, order.toward) == s.seat:
                continue  # taken aboard below, with the rest
            if order.order == "surrender":
                surrender(game, s, order.toward)
            else:
                parties.setdefault((seat, order.toward), []).append(s.figure)
    for (seat, target), figures in parties.items():
        party = [(f, WATER) for f in figures if f in st.swimmers]
        if party and afloat(game, target):
            yield from swarm(game, seat, party, target, from_water=True)
    take_aboard_friends(game)
    for s in st.swimmers.values():
        s.clinging = clinging_to(game, s)


def shootable(game: Game, target: str, weapon: str) -> str | None:
    """``collisions.shootable``: why ``weapon`` may not fire at the swimmer ``target`` (None: it may)."""
    if target not in state_of(game).swimmers:
        return f"{target} is not in the water"
    if not host_of(game).small_arms(game, weapon):
        return f"only small arms may fire at a swimmer (CG-SWIM-4), not a {weapon}"
    return None


def shoot_swimmer(game: Game, shooter: str, target: str, weapon: str) -> Proc[ShotResult]:
    """``collisions.shoot_swimmer``: a small-arms shot at a swimmer, the sea his light cover."""
    refused = shootable(game, target, weapon)
    if refused is not None:
        raise ValueError(refused)
    st = state_of(game)
    result = yield from host_of(game).shoot(game, shooter, target, weapon, "light")
    emit(game, "swimmer-shot", "CG-SWIM-4", shooter=shooter, target=target, weapon=weapon, cover="light", result=result)
    if result == "killed":
        st.swimmers.pop(target, None)
    elif result == "wounded" and target in st.swimmers:
        st.swimmers[target].wounded = True
    return result


def in_water(game: Game) -> dict[str, Base]:
    """``collisions.in_water``: every swimmer's base, for the host's targets and views."""
    return {f: s.base for f, s in state_of(game).swimmers.items()}


def displaced(game: Game, figure: str, x: float, y: float) -> bool:
    """``collisions.displaced``: the host's own rules moved a swimmer through the water (a spell
    that drives him off, a current): the module keeps him where he now is.  The host answers for
    the place (on the table, clear of other bases); False when the module keeps no such swimmer."""
    s = state_of(game).swimmers.get(figure)
    if s is None:
        return False
    s.x, s.y = x, y
    return True
