"""The host-conformance harness: what any host of the collisions module must pass, whatever
rule set it is.  The module trusts its ports' answers (a figure it puts aboard is where the host
then says, a vessel's size is one of its classes); these checks hold a host to that.

A host enters with a :class:`HostCase`: a name and a way to make a fresh game of it with the
module in play.  :data:`CHECKS` are the contracts, each ``(game) -> problems``, run on a fresh
game at its start and again part way through (:func:`advance`: random legal answers), so a host's
answers are checked in the states its own play reaches.  ``test_conformance_hosts.py``
parametrises them over the harbour (the module's test host) and Wooden Ships; a new host adds
its :class:`HostCase` to :data:`HOSTS` there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grapeshot.agents import make
from grapeshot.core.game import Game
from grapeshot.geometry import Pose, Surface, Vec, base_within, distance
from grapeshot.rulesets.collisions.ports import SIZE_CLASSES, CollisionsHost
from grapeshot.rulesets.collisions.state import host_of, room_aboard

#: a contract: the problems found in a game (empty: it holds)
Check = Callable[[Game], list[str]]
#: where a figure stands aboard: the host's stations on a vessel
ABOARD = (Surface.DECK, Surface.BELOW, Surface.ALOFT)
#: how far a place may be off where it was put (inches)
NEAR = 1e-6


@dataclass(frozen=True)
class HostCase:
    """A host under test: its name, and a fresh game of it with the module in play."""

    name: str
    make: Callable[[], Game]


def advance(game: Game, answers: int, seed: int = 3) -> Game:
    """Play ``answers`` random legal answers (fewer if the game ends): a state the host's own play reaches."""
    players = {s.id: make("random", seed + i, game.ruleset.name) for i, s in enumerate(game.scenario.seats)}
    for _ in range(answers):
        if game.prompt is None:
            break
        seat = game.prompt.seats[0]
        game.submit(seat, players[seat].act(game, seat, game.prompt))
    return game


def _host(game: Game) -> CollisionsHost:
    return host_of(game)


def _seats(game: Game) -> set[str]:
    return {s.id for s in game.scenario.seats}


def _deck_figures(game: Game) -> list[tuple[str, str]]:
    """``(vessel, figure)`` for every figure standing on a deck, in the host's order."""
    h = _host(game)
    return [(v, f) for v in h.vessels(game) for f in h.figures_on(game, v) if h.station(game, f) is Surface.DECK]


def vessels_are_known(game: Game) -> list[str]:
    """Vessels are listed once each, in the same order when asked twice; each has a size class
    of the module's, a side that is a seat, a whole movement allowance with no more left than it
    has, and yes-or-no answers for oars and a ram."""
    h, seats = _host(game), _seats(game)
    vessels = list(h.vessels(game))
    out = [] if vessels == list(h.vessels(game)) else ["vessels() answered two orders"]
    out += [f"vessel {v} listed twice" for i, v in enumerate(vessels) if v in vessels[:i]]
    for v in vessels:
        size, left, whole = h.size_class(game, v), h.allowance_left(game, v), h.allowance(game, v)
        if size not in SIZE_CLASSES:
            out.append(f"{v}: size class {size!r} is none of {SIZE_CLASSES}")
        if h.side(game, v) not in seats:
            out.append(f"{v}: side {h.side(game, v)!r} is no seat")
        if not (isinstance(whole, int) and isinstance(left, int) and 0 <= left <= whole):
            out.append(f"{v}: movement left {left!r} of {whole!r}")
        out += [
            f"{v}: {name} is not a bool"
            for name, got in (("oared", h.oared(game, v)), ("purpose_built_ram", h.purpose_built_ram(game, v)))
            if not isinstance(got, bool)
        ]
    return out


def figures_stand_aboard_once(game: Game) -> list[str]:
    """Every figure aboard is aboard one vessel only, fights for a seat, and stands at a station
    aboard; one on a deck stands on that deck (its base within the standing room)."""
    h, seats = _host(game), _seats(game)
    seen: dict[str, str] = {}
    out = []
    for v in h.vessels(game):
        room = h.standing_room(game, v)
        for f in h.figures_on(game, v):
            if f in seen:
                out.append(f"{f} is aboard {seen[f]} and {v}")
            seen[f] = v
            if h.figure_side(game, f) not in seats:
                out.append(f"{f}: side {h.figure_side(game, f)!r} is no seat")
            station = h.station(game, f)
            if station not in ABOARD:
                out.append(f"{f} aboard {v} is at {station}")
            elif station is Surface.DECK and not all(base_within(h.base(game, f), r) for r in room.within):
                out.append(f"{f} on {v}'s deck stands outside its standing room at {h.base(game, f)}")
    return out


def spare_crew_is_crew_on_deck(game: Game) -> list[str]:
    """A vessel's spare crew are figures aboard it, of its side, on its deck."""
    h = _host(game)
    out = []
    for v in h.vessels(game):
        aboard, side = set(h.figures_on(game, v)), h.side(game, v)
        for f in h.spare_crew(game, v):
            if f not in aboard or h.figure_side(game, f) != side or h.station(game, f) is not Surface.DECK:
                out.append(f"{v}: spare hand {f} is not its own crew on its deck")
    return out


def initiative_orders_the_seats(game: Game) -> list[str]:
    """The boarding step's order names seats, each once, and at least one."""
    order = list(_host(game).initiative(game))
    ok = order and len(order) == len(set(order)) and set(order) <= _seats(game)
    return [] if ok else [f"initiative {order} is not an order of the seats"]


def a_figure_put_aboard_is_there(game: Game) -> list[str]:
    """A deck figure put aboard another vessel, at a free spot of its deck, is then aboard that
    vessel only, on its deck, where it was put."""
    h = _host(game)
    for v, f in _deck_figures(game):
        for w in h.vessels(game):
            if w == v:
                continue
            spots = room_aboard(game, [h.base(game, f)], w, h.hull(game, w).centre)
            if not spots:
                continue
            at = spots[0].centre
            h.put_aboard(game, f, w, at, Surface.DECK)
            out = [] if f in h.figures_on(game, w) and f not in h.figures_on(game, v) else [f"{f} put aboard {w} is not aboard it alone"]
            if h.station(game, f) is not Surface.DECK:
                out.append(f"{f} put on {w}'s deck is at {h.station(game, f)}")
            if distance(h.base(game, f).centre, at) > NEAR:
                out.append(f"{f} put aboard {w} at {at} stands at {h.base(game, f).centre}")
            return out
    return []


def a_vessel_placed_carries_its_figures(game: Game) -> list[str]:
    """A vessel placed elsewhere (a sideswipe's placing) is there, with everyone on its deck moved
    with it, each the same way."""
    h = _host(game)
    for v in h.vessels(game):
        deck = [f for f in h.figures_on(game, v) if h.station(game, f) is Surface.DECK]
        if not deck:
            continue
        hull = h.hull(game, v)
        before = {f: h.base(game, f).centre for f in deck}
        step = Vec(0.5, -0.25)
        h.place(game, v, Pose(hull.x + step.x, hull.y + step.y, hull.heading))
        after = h.hull(game, v)
        out = [] if distance(Vec(after.x, after.y), Vec(hull.x + step.x, hull.y + step.y)) <= NEAR else [f"{v} placed is at {after}"]
        for f in deck:
            now = h.base(game, f).centre
            if f not in h.figures_on(game, v) or distance(now, before[f] + step) > NEAR:
                out.append(f"{f} did not go with {v}: {before[f]} -> {now}")
        return out
    return []


def a_figure_in_the_water_has_left_its_vessel(game: Game) -> list[str]:
    """A figure put into the water is aboard no vessel, and not at a station aboard."""
    h = _host(game)
    for _, f in _deck_figures(game)[:1]:
        h.put_in_water(game, f)
        out = [f"{f} in the water is still aboard {v}" for v in h.vessels(game) if f in h.figures_on(game, v)]
        return out + ([f"{f} in the water is at {h.station(game, f)}"] if h.station(game, f) in ABOARD else [])
    return []


def a_figure_killed_is_gone(game: Game) -> list[str]:
    """A figure killed is aboard no vessel any more."""
    h = _host(game)
    for _, f in _deck_figures(game)[-1:]:
        h.kill(game, f, rule="CG-SWIM-2", cause="the harness")
        return [f"{f} killed is still aboard {v}" for v in h.vessels(game) if f in h.figures_on(game, v)]
    return []


#: the contracts, in the order they are reported
CHECKS: Sequence[Check] = (
    vessels_are_known,
    figures_stand_aboard_once,
    spare_crew_is_crew_on_deck,
    initiative_orders_the_seats,
    a_figure_put_aboard_is_there,
    a_vessel_placed_carries_its_figures,
    a_figure_in_the_water_has_left_its_vessel,
    a_figure_killed_is_gone,
)
