"""Figures in the water: going in, what keeps them afloat, being pushed clear of hulls and taken
aboard friendly vessels.  The module keeps every swimmer's base (the host only knows the figure
left its vessel); swimmers stand clear of hulls, flotsam, terrain and each other.

* A figure goes in at the free spot of open water nearest where it was (:func:`into_water`); a
  prisoner who ends up in the water is no longer held.
* A swimmer whose base is within :data:`REACH` of a piece of flotsam, a boat or canoe (of any
  side), or a friendly vessel it could not be taken aboard for lack of room, clings to it and is
  kept afloat (CG-SWIM-3).
* A swimmer touching a friendly vessel is taken aboard at once if its deck has room (CG-SWIM-3).
* A vessel that comes to lie over swimmers pushes them aside to the nearest open water.
"""

from __future__ import annotations

from collections.abc import Collection

from grapeshot.core.game import Game
from grapeshot.geometry import Base, Hull, Polygon, Surface, Vec, hull_gap, nearest_free_spot, polygon_gap
from grapeshot.rulesets.collisions.protocol import SHIPS
from grapeshot.rulesets.collisions.state import Swimmer, afloat, emit, host_of, lose, point_json, room_aboard, state_of

#: a swimmer's base this near a hull or a piece of flotsam touches it
REACH = 0.1


def obstacles(game: Game, exclude: Collection[str] = ()) -> list[Hull | Polygon]:
    """What a swimmer cannot swim through: the hulls afloat (but ``exclude``d ones, such as a
    ship going down), the flotsam and the terrain."""
    h = host_of(game)
    out: list[Hull | Polygon] = [h.hull(game, v) for v in h.vessels(game) if v not in exclude]
    out += [f.shape for f in state_of(game).flotsam]
    out += [t.shape for t in game.scenario.terrain if t.obstacle and t.shape is not None]
    return out


def swimmer_bases(game: Game, but: str = "") -> list[Base]:
    return [s.base for s in state_of(game).swimmers.values() if s.figure != but]


def into_water(
    game: Game, figure: str, near: Vec, radius: float, *, wounded: bool, heavy: str | None, rule: str, exclude: Collection[str] = ()
) -> Swimmer | None:
    """Put a figure in the water at the open spot nearest ``near``; None (and the figure lost)
    when there is no open water anywhere."""
    h, st = host_of(game), state_of(game)
    spot = nearest_free_spot(near, radius, [game.scenario.table], swimmer_bases(game, figure), obstacles(game, exclude))
    if spot is None:
        lose(game, figure, rule=rule, cause="no open water to swim in")
        emit(game, "drowned", rule, figure=figure, cause="no open water")
        return None
    seat = h.figure_side(game, figure)
    h.put_in_water(game, figure)
    if st.prisoners.pop(figure, None) is not None:
        h.join_crew(game, figure, seat)
    s = Swimmer(figure, seat, spot.x, spot.y, radius, game.turn, wounded, heavy)
    st.swimmers[figure] = s
    s.clinging = clinging_to(game, s, exclude)
    emit(game, "in-water", rule, figure=figure, seat=seat, at=point_json(spot), wounded=wounded, heavy=heavy, clinging=s.clinging)
    return s


def clinging_to(game: Game, s: Swimmer, exclude: Collection[str] = ()) -> str | None:
    """What keeps a swimmer afloat now (CG-SWIM-3): flotsam, a boat or canoe, or a friendly
    vessel it lies against; None when nothing does."""
    h = host_of(game)
    base = s.base
    for f in state_of(game).flotsam:
        if polygon_gap(base, f.shape) <= REACH:
            return f.ident
    for v in h.vessels(game):
        if v in exclude:
            continue
        if hull_gap(base, h.hull(game, v)) <= REACH and (h.size_class(game, v) not in SHIPS or h.side(game, v) == s.seat):
            return v
    return None


def clear_water(game: Game) -> None:
    """Push every swimmer a hull or another swimmer now covers to the nearest open water."""
    h, st = host_of(game), state_of(game)
    for s in list(st.swimmers.values()):
        hulls = [h.hull(game, v) for v in h.vessels(game)]
        if not any(hull_gap(s.base, hl) < -1e-6 for hl in hulls):
            continue
        spot = nearest_free_spot(s.base.centre, s.radius, [game.scenario.table], swimmer_bases(game, s.figure), obstacles(game))
        if spot is None:
            continue
        before = s.base.centre
        s.move_to(spot)
        s.clinging = clinging_to(game, s)
        emit(game, "pushed-aside", "CG-SWIM-1", figure=s.figure, before=point_json(before), at=point_json(spot))


def take_aboard_friends(game: Game, vessels: Collection[str] | None = None) -> None:
    """CG-SWIM-3: swimmers touching a friendly vessel are taken aboard, as deck room allows."""
    h, st = host_of(game), state_of(game)
    for v in list(h.vessels(game)) if vessels is None else [v for v in vessels if afloat(game, v)]:
        seat = h.side(game, v)
        hull = h.hull(game, v)
        touching = [s for s in st.swimmers.values() if s.seat == seat and hull_gap(s.base, hull) <= REACH]
        if not touching:
            continue
        for s in touching:
            placed = room_aboard(game, [s.base], v)
            if not placed:
                s.clinging = v
                continue
            spot = placed[0].centre
            del st.swimmers[s.figure]
            h.put_aboard(game, s.figure, v, spot, Surface.DECK)
            emit(game, "aboard", "CG-SWIM-3", figure=s.figure, vessel=v, at=point_json(spot), prisoner=False)
