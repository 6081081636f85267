"""Grappling (``collisions.grapple``, CG-GRAP-1..3).

A ship that collides with an enemy ship without ramming, or closes within 2" of one (hull to
hull), may try at once to grapple: the moving ship's seat is asked first, then the other's, each
at most once a turn against that ship.  Boats and canoes do not grapple and are not grappled:
they board on contact (CG-BOARD-5).  It takes at least two spare crew, who have done nothing
else this turn; they are busy for the rest of it, but may still join a boarding party.

The roll is a D6 plus 1 for each grappler beyond the two required (option ``grapple_extra``:
``beyond-one`` counts from the first instead): 3 or more grapples, 1 or 2 stands off at 1",
and a natural 1 always fails.  A grapple uses up both ships' remaining movement, brings them
together (the smaller conforming, side to side or in a T) and, if the grappler's ship had used
less than half of its MA, lets it board at once (CG-BOARD-1).
"""

from __future__ import annotations

from grapeshot.core.game import Game
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Surface, hull_distance
from grapeshot.rulesets.collisions.boarding import board_at_once
from grapeshot.rulesets.collisions.placement import GRAPPLE_REACH, STAND_OFF, stand_off
from grapeshot.rulesets.collisions.prompts import Grapple as GrappleAction
from grapeshot.rulesets.collisions.prompts import GrapplePrompt
from grapeshot.rulesets.collisions.protocol import SHIPS, Proc, Verdict
from grapeshot.rulesets.collisions.ships import bring_together, hulls_of, room_of
from grapeshot.rulesets.collisions.state import Grapple, afloat, emit, host_of, option, pose_json, state_of
from grapeshot.rulesets.collisions.water import clear_water, take_aboard_friends

#: a grapple holds on this or more (CG-GRAP-2)
GRAPPLE_NEED = 3


def grapple(game: Game, vessel: str, target: str) -> Proc[Verdict]:
    """``collisions.grapple``: ``vessel`` has collided with or closed within 2" of ``target``;
    its seat may try to grapple, then (if it did not try) the target's."""
    for a, b in ((vessel, target), (target, vessel)):
        tried = yield from attempt(game, a, b)
        if tried is not None:
            return Verdict(tried, "grappled" if tried else "stood off")
    return Verdict(False, "no grapple")


def may_grapple(game: Game, vessel: str, target: str) -> bool:
    """Whether ``vessel`` may try to grapple ``target`` now (before counting its spare crew)."""
    h, st = host_of(game), state_of(game)
    if not (afloat(game, vessel) and afloat(game, target)) or vessel == target:
        return False
    if h.size_class(game, vessel) not in SHIPS or h.size_class(game, target) not in SHIPS:
        return False
    if h.side(game, vessel) == h.side(game, target) or st.grapple_of(vessel, target) is not None:
        return False
    if (game.turn, vessel, target) in st.offered:
        return False
    return hull_distance(h.hull(game, vessel), h.hull(game, target)) <= GRAPPLE_REACH + 1e-6


def spare_grapplers(game: Game, vessel: str) -> list[str]:
    """The spare crew who may grapple: not held prisoner, not below decks, not grappling already."""
    h, st = host_of(game), state_of(game)
    seat = h.side(game, vessel)
    return [
        f
        for f in h.spare_crew(game, vessel)
        if f not in st.prisoners and h.figure_side(game, f) == seat and h.station(game, f) is not Surface.BELOW and st.grapplers.get(f) != game.turn
    ]


def attempt(game: Game, vessel: str, target: str) -> Proc[bool | None]:
    """One seat's grapple chance: None if it could not or would not try, else whether it held."""
    if not may_grapple(game, vessel, target):
        return None
    h, st = host_of(game), state_of(game)
    st.offered.add((game.turn, vessel, target))
    spare = spare_grapplers(game, vessel)
    if len(spare) < 2:
        return None
    seat = h.side(game, vessel)
    answer = yield GrapplePrompt((seat,), "CG-GRAP-1", f"{vessel} may try to grapple {target}", (GrappleAction,), vessel, target, len(spare))
    assert isinstance(answer, GrappleAction)
    if answer.grapplers == 0:
        return None
    crew = spare[: answer.grapplers]
    for f in crew:
        h.engage(game, f, "grapple")
        st.grapplers[f] = game.turn
    extra = answer.grapplers - (2 if option(game, "grapple_extra") == "beyond-two" else 1)
    r = yield from game.roll(RollRequest(D6, f"{vessel} grapples {target}", "CG-GRAP-2", seat, vessel, "high"))
    total = r.total + extra
    held = r.total != 1 and total >= GRAPPLE_NEED
    emit(
        game,
        "grapple",
        "CG-GRAP-2",
        vessel=vessel,
        target=target,
        grapplers=crew,
        roll=r.total,
        bonus=extra,
        total=total,
        held=held,
        basis={
            "total": [
                {"rule": "CG-GRAP-2", "what": "the D6", "value": r.total},
                {"rule": "CG-GRAP-2", "what": f"{answer.grapplers} grapplers, +1 each {option(game, 'grapple_extra')}", "value": extra},
            ]
        },
    )
    if not held:
        hulls = hulls_of(game)
        others = [hl for v, hl in hulls.items() if v not in (vessel, target)]
        pose = stand_off(hulls[vessel], hulls[target], others, room_of(game))
        if pose is not None:
            h.place(game, vessel, pose)
            clear_water(game)
        emit(
            game,
            "stand-off",
            "CG-GRAP-2",
            vessel=vessel,
            target=target,
            placed=pose is not None,
            at=pose_json(*(pose if pose is not None else hulls[vessel].pose)),
            gap=round(hull_distance(h.hull(game, vessel), h.hull(game, target)), 4),
            wanted=STAND_OFF,
        )
        return False
    used = h.allowance(game, vessel) - h.allowance_left(game, vessel)
    h.spend_allowance(game, vessel)
    h.spend_allowance(game, target)
    st.grapples.append(Grapple(vessel, target, game.turn, "grappled"))
    emit(game, "momentum-spent", "CG-GRAP-3", vessels=[vessel, target])
    yield from bring_together(game, vessel, target)
    yield from board_at_once(game, vessel, target, used)
    return True


def moved(game: Game, vessel: str) -> Proc[None]:
    """``collisions.moved``: ``vessel``'s move is over.  Swimmers it came to lie over are pushed
    aside, friendly swimmers it lies against are taken aboard (CG-SWIM-3), and it may grapple,
    or be grappled by, any enemy ship now within 2" that was not tried this turn (CG-GRAP-1)."""
    h = host_of(game)
    clear_water(game)
    take_aboard_friends(game, [vessel])
    for other in list(h.vessels(game)):
        if other != vessel and afloat(game, vessel) and (may_grapple(game, vessel, other) or may_grapple(game, other, vessel)):
            yield from grapple(game, vessel, other)


def movement_end(game: Game) -> Proc[None]:
    """``collisions.movement_end``: the end of a movement phase, ``moved`` for every vessel (for
    a host that does not call it after each vessel's move)."""
    h = host_of(game)
    for seat in h.initiative(game):
        for v in [v for v in h.vessels(game) if h.side(game, v) == seat]:
            if afloat(game, v):
                yield from moved(game, v)
