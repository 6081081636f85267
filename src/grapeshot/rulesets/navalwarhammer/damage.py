"""What damage does to ships and who scores for it: blows against the hull, a ship sinking, a
ship running aground (NW-AGROUND-1), lost parts, and the victory points of models slain.

Every blow goes through the fantasy core's :func:`~grapeshot.rulesets.navalwarhammer.fantasy.strikes.resolve_hits`,
so a ship's immunities (NW-SHIP-1) and wards (NW-UPG-4) always apply.  After any damage the rule
set calls :func:`aftermath`: a hull with no structure left sinks (everyone aboard goes into the
water, NW-SWIM-1); a lost mast takes the crow's nest with it (NW-UPG-8); victory points go to the
seat that dealt the blow.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D3, D6, RollRequest
from grapeshot.geometry import Vec
from grapeshot.rulesets.navalwarhammer.aboard import to_water
from grapeshot.rulesets.navalwarhammer.data import AGROUND_FAST, AGROUND_SIZE, AGROUND_SOFT, AGROUND_SOLID, REFLOAT
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, Damage, resolve_hits
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops

Proc = Generator[Prompt, Any, Any]


def credit(sea: Sea, seat: str | None, unit: Unit, slain: int) -> None:
    """Victory points for models slain: their points, to the seat whose blow it was (none for a
    friend's blow, or for nature's).

    A war machine and its crew score once, as one unit (the machine's points pay for its crew,
    whose models cost nothing): when the machine is destroyed while it still has crew, or when
    the last of its crew is slain while it stands, whoever does either scores the machine's
    points (docs/rulings.md)."""
    if seat is None or slain <= 0 or not isinstance(unit, Troops) or unit.seat == seat:
        return
    value = unit.points * slain
    if unit.crew_of is not None and not unit.alive:
        machine = sea.units.get(unit.crew_of)
        value = machine.points if machine is not None and machine.alive else 0
    elif unit.is_machine:
        crews = [c for c in sea.units.values() if c.crew_of == unit.name]
        if crews and not any(c.alive for c in crews):
            value = 0
    sea.vp[seat] = sea.vp.get(seat, 0) + value


def strike(g: Game, sea: Sea, seat: str | None, target: Unit, hits: int, attack: Attack, *, near: Vec | None = None) -> Generator[Prompt, Any, Damage]:
    """Hits on a unit or a ship part, then the figures of the fallen removed, the points scored
    and whatever the damage leads to (:func:`aftermath`)."""
    dmg = yield from resolve_hits(g, seat, target, hits, attack)
    sea.sync(target, near)
    credit(sea, seat, target, dmg.slain)
    yield from aftermath(g, sea, seat)
    return dmg


def hull_blow(g: Game, sea: Sea, ship: Ship, hits: int, strength: int, source: str, seat: str | None, rule: str) -> Generator[Prompt, Any, Damage]:
    """A ram, a collision or a grounding: ``hits`` at ``strength`` on the hull, D3 wounds each."""
    hull = ship.parts["hull"]
    g.emit("hull-blow", rule, ship=ship.name, source=source, hits=hits, strength=strength)
    return (yield from strike(g, sea, seat, hull, hits, Attack(source, min(10, max(1, strength)), wounds=D3)))


def aftermath(g: Game, sea: Sea, seat: str | None) -> Proc:
    """Ships whose hull has no structure left sink; masts lost take the crow's nest down."""
    for ship in list(sea.afloat()):
        if not ship.parts["hull"].alive:
            yield from sink(g, sea, ship, seat)
        elif ship.lookout_up and ship.lookout is not None and "mast 1" in ship.parts and not ship.part_alive("mast 1"):
            lookout_falls(g, sea, ship)


def lookout_falls(g: Game, sea: Sea, ship: Ship) -> None:
    """NW-UPG-8: the crow's nest goes with its mast; its lookout falls into the sea."""
    from grapeshot.rulesets.navalwarhammer.setup import set_crows_nest

    ship.lookout_up = False
    set_crows_nest(sea, ship)
    look = sea.units.get(ship.lookout or "")
    fell = None
    if look is not None:
        for i, f in enumerate(look.figs):
            if f.level == "aloft" and f.on == ship.name:
                fell = look.name
                overboard(g, sea, look, [i])
                break
    g.emit("crows-nest-lost", "NW-UPG-8", ship=ship.name, lookout=fell)


def overboard(g: Game, sea: Sea, u: Troops, indices: list[int], why: str = "overboard") -> Troops | None:
    """Models of a unit go into the water (NW-SWIM-1): they become a unit of swimmers, weapons and
    shields dropped; those that find no room in the water drown.  Returns the swimmers' unit."""
    from grapeshot.rulesets.navalwarhammer.water import swimmers_of

    if not indices:
        return None
    swim = swimmers_of(sea, u)
    drowned = 0
    for i in sorted(indices, reverse=True):
        spot_fig = u.figs[i]
        p = sea.where(spot_fig)
        u.figs.pop(i)
        u.models -= 1
        if u.models < 0:
            u.models = 0
        swim.figs.append(spot_fig)
        swim.models += 1
        if not to_water(sea, swim, len(swim.figs) - 1, p):
            swim.figs.pop()
            swim.models -= 1
            drowned += 1
    if u.wounded and u.models == 0:
        u.wounded = 0
    g.emit("overboard", "NW-SWIM-1", unit=u.name, swimmers=swim.name, models=len(indices), drowned=drowned, why=why)
    return swim


def sink(g: Game, sea: Sea, ship: Ship, seat: str | None) -> Proc:
    """The hull has no structure left: the ship goes down.  Everyone aboard goes into the water
    (NW-SWIM-1); war machines go down with her; its grapples part.  The seat that struck the last
    blow scores its value (hull, upgrades and boats; the crew's models score as they fall)."""
    ship.afloat = False
    ship.sunk_by = seat
    for other in ship.grappled:
        if other in sea.ships:
            sea.ships[other].grappled = [s for s in sea.ships[other].grappled if s != ship.name]
    ship.grappled = []
    lost_guns = []
    for u in list(sea.alive()):
        idx = [i for i, f in enumerate(u.figs) if f.on == ship.name]
        if not idx:
            continue
        if u.is_machine:
            lost_guns.append(u.name)
            u.models = 0
            u.figs = []
            continue
        overboard(g, sea, u, idx, why=f"{ship.name} sinks")
    if seat is not None and seat != ship.commander:
        sea.vp[seat] = sea.vp.get(seat, 0) + ship.value
    g.emit("sunk", "NW-SHIP-5", ship=ship.name, by=seat, value=ship.value, guns_lost=lost_guns)
    yield from ()


def ground(g: Game, sea: Sea, ship: Ship, terrain: str, solid: bool, speed: float, why: str) -> Proc:
    """NW-AGROUND-1: the ship strikes ``terrain``: a hit of D6, +2 a solid obstacle (wreck, rocks,
    quay) or +1 a soft one (sandbank, mud), +1 moving over 6" or +2 over 12", dinghy -1, small 0,
    medium +2, large +4, on its hull (D3 wounds); it is aground there."""
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: strikes {terrain}", "NW-AGROUND-1", None, ship.name, None))
    terms: list[list[Any]] = [["the D6", r.total]]
    terms.append(["a solid obstacle" if solid else "running aground", AGROUND_SOLID if solid else AGROUND_SOFT])
    fast = next((b for over, b in AGROUND_FAST if speed > over), 0)
    if fast:
        terms.append([f'moving at {speed:g}"', fast])
    terms.append([f"a {ship.size.value} ship", AGROUND_SIZE[ship.size]])
    strength = sum(int(v) for _, v in terms)
    ship.aground = terrain
    ship.aground_turn = sea.turn
    ship.speed = 0.0
    g.emit("aground", "NW-AGROUND-1", ship=ship.name, on=terrain, solid=solid, speed=speed, strength=strength, terms=terms, why=why)
    if strength >= 1:
        yield from hull_blow(g, sea, ship, 1, strength, f"{ship.name} striking {terrain}", None, "NW-AGROUND-1")


def refloat(g: Game, sea: Sea, ship: Ship) -> Proc:
    """A ship aground comes off on a D6 of 4+ at the start of its movement (a stand-in)."""
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: comes off {ship.aground}?", "NW-AGROUND-1", ship.commander, ship.name, "high", REFLOAT))
    off = r.total >= REFLOAT
    g.emit("refloat", "NW-AGROUND-1", ship=ship.name, off=ship.aground, roll=r.total, refloated=off)
    if off:
        # she comes off from rest: free of the half-move minimum whatever she made before she struck (NW-MOVE-1)
        ship.aground = None
        ship.last_moved = ship.last_allowance = 0.0
    return off
