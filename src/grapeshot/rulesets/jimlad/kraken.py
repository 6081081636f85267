"""Da Kraken (JL-NPC-2, JL-EVT-16): how it rises at the table's edge, picks and pursues the
nearest ship, attacks what it touches, and is wounded and slain.

The Kraken is a disc 4" across with armour 11 and two wounds.  It enters at the table's edge on a
scatter line from the centre.  At the start of each movement phase it goes 3D6" straight at the
nearest ship (ties: each tied ship rolls a D6, the lowest is the target) and stops on contact; in
contact it makes three S8 attacks, each hitting on a 4+, on the facing it touches.  Krak,
torpedoes and ships running into it wound it on a glancing or penetrating hit.  It is a room of
its own because it is the one model that hunts: its turn is a pursuit the others do not have.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest, nd6
from grapeshot.geometry import (
    Vec,
    bearing,
    point_hull_distance,
)
from grapeshot.rulesets.jimlad.basis import Term, explained, single
from grapeshot.rulesets.jimlad.compass import roll_direction
from grapeshot.rulesets.jimlad.damage import model_blows, penetration
from grapeshot.rulesets.jimlad.data import (
    KRAKEN_ARMOUR,
    KRAKEN_ATTACKS,
    KRAKEN_HIT,
    KRAKEN_MOVE_DICE,
    KRAKEN_RADIUS,
    KRAKEN_STRENGTH,
    SUB,
)
from grapeshot.rulesets.jimlad.discs import Shape, Track, circle_entry, closest_on_hull, edge_spot, move_disc, pt, terrain_shapes
from grapeshot.rulesets.jimlad.state import Kraken, Sea, Ship

Proc = Generator[Prompt, Any, Any]

KRAKEN_CONTACT = 0.1  # within this gap the Kraken touches a ship (sweeps stop a hair short)


def kraken_enters(g: Game, sea: Sea) -> Proc:
    """JL-NPC-2: the Kraken enters at the table's edge where a scatter line from the centre meets
    it (moved in along the line until it is wholly on the table and clear of ships, terrain and
    the sub).  The events table re-rolls a second Kraken, so there is only ever one."""
    direction = yield from roll_direction(g, sea, "where the Kraken rises", "JL-NPC-2")
    shapes: list[Shape] = [s.hull for s in sea.afloat()]
    shapes.extend(shape for _, _, shape in terrain_shapes(sea))
    if sea.sub is not None:
        shapes.append(sea.sub.hull)
    spot = edge_spot(sea, direction, KRAKEN_RADIUS, shapes)
    if spot is None:
        g.emit("no-effect", "JL-NPC-2", ship=None, why="no room for the Kraken on that line")
        return
    sea.kraken = Kraken(spot.x, spot.y)
    g.emit("kraken-enters", "JL-NPC-2", at=pt(spot), direction=round(direction, 3), wounds=sea.kraken.wounds)


def kraken_target(g: Game, sea: Sea) -> Generator[Prompt, Any, Ship | None]:
    """JL-NPC-2: the nearest ship (hull to the Kraken's edge); ships equally near each roll a
    D6 and the lowest is the target (ties roll again)."""
    kr = sea.kraken
    ships = list(sea.afloat())
    if kr is None or not ships:
        return None
    c = Vec(kr.x, kr.y)
    gaps = {s.name: point_hull_distance(c, s.hull) - KRAKEN_RADIUS for s in ships}
    best = min(gaps.values())
    tied = [s for s in ships if gaps[s.name] - best <= 1e-6]
    first_tie = [s.name for s in tied] if len(tied) > 1 else []
    rolls: list[dict[str, Any]] = []
    while len(tied) > 1:
        scores: dict[str, int] = {}
        for s in tied:
            r = yield from g.roll(RollRequest(D6, f"{s.name}: roll off - the lowest draws the Kraken", "JL-NPC-2", s.commander, s.name, "high"))
            scores[s.name] = r.total
        rolls.append(dict(scores))
        low = min(scores.values())
        tied = [s for s in tied if scores[s.name] == low]
    target = tied[0]
    g.emit("kraken-target", "JL-NPC-2", ship=target.name, gap=round(gaps[target.name], 4), tied=first_tie, tie_rolls=rolls)
    return target


def kraken_moves(g: Game, sea: Sea) -> Proc:
    """JL-NPC-2 (ruling: at the start of the movement phase, before the ships): the Kraken goes
    3D6" straight at the nearest ship, stopping on contact with anything, and attacks a ship it
    touches."""
    kr = sea.kraken
    if kr is None:
        return
    target = yield from kraken_target(g, sea)
    if target is None:
        return
    c = Vec(kr.x, kr.y)
    victim: Ship | None = target
    if point_hull_distance(c, target.hull) - KRAKEN_RADIUS > KRAKEN_CONTACT:
        r = yield from g.roll(RollRequest(nd6(KRAKEN_MOVE_DICE), "the Kraken's move", "JL-NPC-2"))
        direction = bearing(c, closest_on_hull(c, target.hull))
        obstacles: list[Track] = [(s.name, "ship", s.hull) for s in sea.afloat()]
        obstacles.extend(terrain_shapes(sea))
        if sea.sub is not None:
            obstacles.append((SUB, "sub", sea.sub.hull))
        moved = move_disc(sea, c, direction, float(r.total), KRAKEN_RADIUS, obstacles, r.total)
        kr.x, kr.y = moved.end.x, moved.end.y
        g.emit("kraken-move", "JL-NPC-2", target=target.name, **moved.fields)
        met = moved.met
        victim = sea.ships[met[0]] if met is not None and met[1] == "ship" else None
    if victim is not None:
        yield from kraken_attacks(g, sea, victim)


def kraken_attacks(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-NPC-2: three S8 attacks on the facing the Kraken touches; each hits on a 4+ (ruling) and
    is struck like a ram: ramshackle save, and a penetrating hit rolls on the damage table at once."""
    kr = sea.kraken
    if kr is None or not ship.afloat:
        return
    facing = ship.hull.facing_towards(Vec(kr.x, kr.y))
    r = yield from g.roll(RollRequest(nd6(KRAKEN_ATTACKS), f"the Kraken's attacks on {ship.name}", "JL-NPC-2"))
    hits = sum(1 for f in r.faces if f >= KRAKEN_HIT)
    need = single("JL-NPC-2", "each attack hits on a 4+ (ruling)", KRAKEN_HIT)
    g.emit("kraken-attack", "JL-NPC-2", ship=ship.name, facing=facing.value, faces=list(r.faces), need=KRAKEN_HIT, hits=hits, **explained(g, {"need": need}))
    yield from model_blows(g, sea, ship, hits, KRAKEN_STRENGTH, facing, cause="the Kraken", rule="JL-NPC-2", what="the Kraken's attack")


def wound_kraken(
    g: Game, sea: Sea, strength: int, *, cause: str, by_seat: str | None, by_actor: str | None, rule: str, strength_basis: list[Term] | None = None
) -> Proc:
    """JL-NPC-2: S + D6 against the Kraken's armour 11; glancing or penetrating costs it a wound,
    and at none left it is slain (removed; a later event may bring another)."""
    kr = sea.kraken
    if kr is None:
        return
    r = yield from g.roll(RollRequest(D6, f"{cause} against the Kraken's hide", "JL-NPC-2", by_seat, by_actor, "high"))
    verdict = penetration(strength, r.total, KRAKEN_ARMOUR)
    if verdict != "none":
        kr.wounds -= 1
    g.emit(
        "kraken-hit",
        "JL-NPC-2",
        cause=cause,
        by=by_seat,
        strength=strength,
        roll=r.total,
        total=strength + r.total,
        armour=KRAKEN_ARMOUR,
        verdict=verdict,
        wounds=kr.wounds,
        weapon_rule=rule,
        **explained(g, {"strength": strength_basis or single(rule, cause, strength), "armour": single("JL-NPC-2", "the Kraken's hide", KRAKEN_ARMOUR)}),
    )
    if kr.wounds <= 0:
        sea.kraken = None
        g.emit("kraken-slain", "JL-NPC-2", cause=cause, by=by_seat)


def kraken_on_track(sea: Sea, start: Vec, end: Vec) -> Vec | None:
    """Where a torpedo track first meets the Kraken, if it does."""
    kr = sea.kraken
    if kr is None:
        return None
    t = circle_entry(start, end, Vec(kr.x, kr.y), KRAKEN_RADIUS)
    if t is None:
        return None
    return Vec(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t)
