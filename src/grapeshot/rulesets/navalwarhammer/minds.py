"""Psychology at sea, at the start of a side's turn and after shooting (NW-PSY-1, NW-PSY-2,
NW-PSY-3, FB-PSY-*).

Every test is taken once per boat and unit type (NW-PSY-1): a unit in play *is* one type aboard one
ship, so each is tested on its own, with the best Ld its crew may use (the admiral's within 12",
NW-SHIP-4), and a First Mate's re-roll where it has one (NW-UPG-7, the roll's grant).

* Fleeing units rally on 2D6 at most their Ld (FB-RALLY-1, a stand-in), else stay fleeing; a rally
  is not a psychology test, so no First Mate re-rolls it (NW-UPG-7).
* Stupidity (NW-PSY-3): a stupid unit not in combat tests; failing, it works nothing this turn and
  its models wander D6" forward, the way they face: aboard, towards the bow of the ship each
  stands on; one carried overboard swims (NW-SWIM-1).  A crew all stupid leaves its ship
  Adrift (``courses.lacking``).
* Animosity (FB-PSY-5): a type with animosity, five or more models and not in combat tests; a
  squabble or a brawl keeps it from working, shooting or casting; a surge sends it charging into
  the enemy of a grappled ship.
* Monsters and handlers (NW-PSY-2): each beast model is its own unit for this: starting the
  movement phase within 3" of one of its handlers it acts normally; out of their reach it goes
  wild (none of the catalogue's beasts tests on a monster reaction chart for any other reason),
  until it starts a movement phase within reach again.  A wild beast charges the nearest model it
  can see, not of its own kind, an enemy rather than a friend at equal distance (otherwise it moves
  towards it); it strikes whatever it touches.  A squig herd that breaks or flees is removed.
* Panic (FB-PSY-1): a unit that lost a quarter of its models to shooting in a phase tests; failing,
  it flees across its deck, away from the enemy.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Vec, distance, push
from grapeshot.rulesets.navalwarhammer.aboard import base_of, charge, engaged, figures, place_on, step_back
from grapeshot.rulesets.navalwarhammer.boarding import crew_ld
from grapeshot.rulesets.navalwarhammer.damage import overboard
from grapeshot.rulesets.navalwarhammer.data import HANDLER_REACH
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special
from grapeshot.rulesets.navalwarhammer.fantasy.psychology import Effect, Psychology, panic_from_casualties, rally_test, subject, take_test
from grapeshot.rulesets.navalwarhammer.state import Sea, Troops

Proc = Generator[Prompt, Any, Any]


def ld_for(sea: Sea, u: Troops) -> int:
    ship = sea.ships.get(u.home)
    return crew_ld(sea, ship, [u]) if ship is not None else u.profile.ld


def rally(g: Game, sea: Sea, seat: str) -> Proc:
    """FB-RALLY-1: each fleeing unit of the seat tries to rally on its crew's Ld (no First Mate's
    re-roll: a rally is not a psychology test, NW-UPG-7)."""
    for u in [u for u in sea.alive() if u.seat == seat and u.fleeing]:
        u.fleeing = not (yield from rally_test(g, u.name, seat, u.boat or u.name, ld_for(sea, u)))


def stupidity(g: Game, sea: Sea, seat: str) -> Proc:
    """NW-PSY-3 (FB-PSY-4's test): stupid units wander and work nothing."""
    for u in [u for u in sea.alive() if u.seat == seat and u.has(Special.STUPIDITY) and not u.swimming]:
        if engaged(sea, u) or not subject(Psychology.STUPIDITY, [u]):
            continue
        v = yield from take_test(g, Psychology.STUPIDITY, [u], ld=ld_for(sea, u), boat=u.boat)
        if v.passed:
            continue
        u.stupid_turn = sea.turn
        u.working = False
        yield from wander(g, sea, u, float(v.wander or 0))


def wander(g: Game, sea: Sea, u: Troops, inches: float) -> Proc:
    """NW-PSY-3: the unit's models wander ``inches`` forward, the way they face: a model aboard
    faces its deck's bow, so each goes the way the ship it stands on is heading (no die picks the
    way); those carried off the deck go overboard."""
    if inches <= 0:
        return
    over: list[int] = []
    facing: float | None = None
    for i, f in enumerate(u.figs):
        if f.level != "deck":
            continue
        ship = sea.ships[f.on]
        direction = ship.hull.heading
        facing = direction if facing is None else facing
        me = base_of(sea, u, i)
        others = [base_of(sea, v, j) for v, j in figures(sea, ships=[ship.name]) if not (v is u and j == i)]
        moved = push(me, direction, inches, [], others, [])
        end = moved.base.centre
        if ship.hull.contains(end):
            place_on(sea, u, i, ship, end, inches + 0.01)
        else:
            over.append(i)
    g.emit("wanders", "NW-PSY-3", unit=u.name, inches=inches, direction=None if facing is None else round(facing, 3), overboard=len(over))
    if over:
        overboard(g, sea, u, over, why="wandered overboard (NW-PSY-3)")
    yield from ()


def animosity(g: Game, sea: Sea, seat: str) -> Proc:
    """FB-PSY-5 per boat and unit type (NW-PSY-1)."""
    for u in [u for u in sea.alive() if u.seat == seat and u.has(Special.ANIMOSITY) and not u.swimming]:
        if engaged(sea, u) or not subject(Psychology.ANIMOSITY, [u]):
            continue
        v = yield from take_test(g, Psychology.ANIMOSITY, [u], boat=u.boat)
        sea.sync(u)
        if v.passed:
            continue
        if Effect.SQUABBLE in v.effects:
            u.squabble_turn = sea.turn
            u.working = False
        if Effect.SURGE in v.effects:
            made = charge(sea, u, 2.0 * max(1, u.profile.m))
            g.emit("surge", "FB-PSY-5", unit=u.name, in_contact=made)


def handlers(g: Game, sea: Sea, seat: str) -> None:
    """NW-PSY-2: each beast out of its handlers' 3" goes wild; within it, it is under control."""
    for u in [u for u in sea.alive() if u.seat == seat and not u.swimming]:
        keepers = [h for h in sea.alive() if h.handles == u.kind and h.home == u.home and h.seat == u.seat]
        if not keepers and not any(h.handles == u.kind for h in sea.units.values()):
            continue
        near = [base_of(sea, h, j) for h in keepers for j in range(len(h.figs))]
        wild = []
        for i in range(len(u.figs)):
            me = base_of(sea, u, i)
            if not any(distance(me.centre, b.centre) - me.radius - b.radius <= HANDLER_REACH for b in near):
                wild.append(i)
        if wild != u.wild:
            g.emit("handlers", "NW-PSY-2", unit=u.name, wild=len(wild), in_hand=len(u.figs) - len(wild))
        u.wild = wild


def wild_moves(g: Game, sea: Sea, seat: str) -> Proc:
    """NW-PSY-2: wild beasts charge the nearest model they see (not their own kind; an enemy
    before a friend at equal distance), or move towards it."""
    for u in [u for u in sea.alive() if u.seat == seat and u.wild]:
        for i in list(u.wild):
            if i >= len(u.figs) or u.figs[i].level != "deck":
                continue
            f = u.figs[i]
            here = sea.where(f)
            decks = {f.on, *sea.ships[f.on].grappled}
            others = [(v, j) for v, j in figures(sea, ships=decks) if v.kind != u.kind]
            if not others:
                continue
            v, j = min(others, key=lambda m: (distance(here, sea.where(m[0].figs[m[1]])), m[0].seat == u.seat, m[0].name, m[1]))
            target = sea.where(v.figs[j])
            reach = 2.0 * max(1, u.profile.m)
            d = distance(here, target)
            touch = u.radius + v.radius
            share = max(0.0, min(1.0, (d - touch) / d)) if d > 0 else 0.0
            goal = Vec(here.x + (target.x - here.x) * share, here.y + (target.y - here.y) * share)
            ship = sea.ships[v.figs[j].on]
            moved = place_on(sea, u, i, ship, goal, reach) or place_on(sea, u, i, sea.ships[f.on], goal, reach)
            g.emit("wild", "NW-PSY-2", unit=u.name, model=i, towards=v.name, friend=v.seat == u.seat, moved=moved)
    yield from ()


def panic(g: Game, sea: Sea) -> Proc:
    """FB-PSY-1 after a shooting phase: each unit that lost a quarter of its models tests."""
    for u in list(sea.alive()):
        if u.fleeing or u.is_machine or u.swimming or not panic_from_casualties(u.phase_start - u.models, u.phase_start):
            continue
        v = yield from take_test(g, Psychology.PANIC, [u], ld=ld_for(sea, u), boat=u.boat)
        if not v.passed and v.immune is None:
            flee(g, sea, u)


def flee(g: Game, sea: Sea, u: Troops) -> None:
    """A unit that flees aboard runs from the enemy across its deck (a squig herd is lost, NW-PSY-2)."""
    if u.kind == "Squig Herd":
        lost = u.models
        u.models = 0
        u.figs = []
        g.emit("flees", "NW-PSY-2", unit=u.name, removed=lost)
        return
    u.fleeing = True
    u.working = False
    enemies = [s for s in sea.afloat() if s.commander != u.seat]
    if enemies and u.figs and u.figs[0].aboard:
        here = sea.where(u.figs[0])
        near = min(enemies, key=lambda s: distance(here, s.hull.centre))
        step_back(sea, u, near, 2.0 * max(1, u.profile.m))
    g.emit("flees", "FB-PSY-1", unit=u.name, removed=0)


def start_phase(g: Game, sea: Sea, seat: str) -> Proc:
    """The start of a side's turn: rallying, stupidity, animosity, handlers, swimmers."""
    from grapeshot.rulesets.navalwarhammer.water import swim_phase

    g.begin_phase("start", "NW-PSY-1")
    yield from rally(g, sea, seat)
    yield from stupidity(g, sea, seat)
    yield from animosity(g, sea, seat)
    handlers(g, sea, seat)
    yield from swim_phase(g, sea, seat)
