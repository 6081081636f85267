"""The odds of a blow and of a ram or crash: penetration, the ramshackle save, hull points and
sinking, the damage table, and the evasion before a ram (JL-SHOOT-3/6/8, JL-SHIP-3, JL-DMG-1/2/10,
JL-RAM-1..6), through the rules' own procedures (:func:`damage.strike`, :func:`damage.damage_table`,
:func:`collisions.evade`, :func:`damage.blow`).  All exact."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from grapeshot.core.clone import clone
from grapeshot.core.game import Game
from grapeshot.geometry import Contact, Facing, Hull, Path, Pose, Segment, Vec, norm_deg, sweep
from grapeshot.odds import Heard, OddsError, Proc
from grapeshot.rulesets.jimlad import collisions, damage
from grapeshot.rulesets.jimlad.data import armour_of
from grapeshot.rulesets.jimlad.odds.runs import CACHE, Procedure, Result, ShipOdds, ShipRunner, fingerprint, scope, sea_of, ship_of
from grapeshot.rulesets.jimlad.state import Sea


def blow_proc(target: str, strength: int, facing: Facing, by_seat: str | None, by_actor: str | None, cause: str, rule: str) -> Procedure:
    """A blow outside the shooting phase through :func:`damage.blow` (a penetrating one rolls
    on the damage table at once, JL-DMG-10)."""

    def proc(g: Game, sea: Sea) -> Proc:
        yield from damage.blow(g, sea, sea.ships[target], strength, facing, by_seat=by_seat, by_actor=by_actor, cause=cause, rule=rule)

    return proc


def strike_odds(
    game: Game,
    target: str,
    strength: int,
    facing: Facing | str,
    *,
    by: str | None = None,
    sea: Sea | None = None,
    cause: str = "krak",
    hits: int = 1,
    cache: bool = True,
) -> ShipOdds:
    """Exact odds of ``hits`` blows of ``strength`` landing on ``target``'s ``facing``: the
    penetration rolls, the 6+ ramshackle saves, the hull points lost (and sinking), and one roll
    on the damage table if any went through (JL-SHOOT-8, JL-SHIP-3, JL-DMG-1/2).  ``by`` names the
    shooting ship (its seat is credited with a sinking)."""
    base = sea_of(game, sea)
    ship = ship_of(base, target)
    face = Facing(facing)
    shooter = ship_of(base, by) if by is not None else None
    by_seat = shooter.commander if shooter else None
    by_actor = shooter.name if shooter else None
    rule = "JL-SHOOT-6" if cause == "torpedo" else "JL-SHOOT-3"

    def proc(g: Game, sea: Sea) -> Proc:
        ship = sea.ships[target]
        already = ship.name in sea.penetrated
        for _ in range(hits):
            if ship.afloat:
                yield from damage.strike(g, sea, ship, strength, face, by_seat=by_seat, by_actor=by_actor, cause=cause, rule=rule)
        if ship.afloat and not already and ship.name in sea.penetrated:
            sea.penetrated.remove(ship.name)
            yield from damage.damage_table(g, sea, ship, by_seat)

    armour = armour_of(ship.klan, face)
    plural = "" if hits == 1 else f"{hits} x "
    title = f"{plural}S{strength} {cause} on {target}'s {face.value} (armour {armour})"
    given = f"the {cause} {'lands on' if cause == 'krak' else 'strikes'} {target}"

    def make() -> ShipOdds:
        # only the struck ship is copied for each run: the shooter matters to nobody but its own
        # re-roll of the penetration die, which the policy declines
        return ShipOdds.solve(ShipRunner(game, scope(base, [target]), proc, [target]), title, given=given)

    if not cache:
        return make()
    return CACHE.get(("strike", target, strength, face, by_seat, cause, hits, fingerprint(base, [target])), make)


def ram_stage(
    sea: Sea, mover: str, target: str, target_facing: Facing, *, moved: float = 12.0, astern: bool = False, centre: Vec | None = None
) -> tuple[Path, Contact]:
    """Put ``mover`` on a straight course into ``target``'s ``target_facing`` in open water (both
    ships moved on this copy of the state) and sweep it to the contact, as a move would.  Returns
    the path and the contact, for :func:`collisions.evade` and :func:`collisions.ship_contact`."""
    t, m = sea.ships[target], sea.ships[mover]
    c = centre if centre is not None else Vec(sea.table.width / 2, sea.table.height / 2)
    offset = {Facing.FRONT: 0.0, Facing.PORT: 90.0, Facing.STARBOARD: -90.0, Facing.REAR: 180.0}[target_facing]
    t_heading = 0.0
    t.hull = Hull(c.x, c.y, t_heading, t.hull.length, t.hull.width)
    normal = norm_deg(t_heading + offset)  # outwards from the struck facing
    course = norm_deg(normal + 180.0)
    reach = t.hull.hl if target_facing in (Facing.FRONT, Facing.REAR) else t.hull.hw
    lead = reach + moved  # the mover's lead point starts this far from the target's centre
    lx, ly = c.x + lead * math.cos(math.radians(normal)), c.y + lead * math.sin(math.radians(normal))
    heading = norm_deg(course + 180.0) if astern else course
    # the hull trails its lead point (the bow, or the stern going astern) along the course
    cx, cy = lx - m.hull.hl * math.cos(math.radians(course)), ly - m.hull.hl * math.sin(math.radians(course))
    m.hull = Hull(cx, cy, heading, m.hull.length, m.hull.width)
    for other in sea.ships.values():  # open water: no other ship, no terrain, no models
        if other is not t and other is not m:
            other.afloat = False
    sea.obstacles, sea.terrain, sea.mines, sea.kraken, sea.sub = (), (), [], None, None
    path = Path(Pose(lx, ly, course), [Segment(moved + 10.0)], reverse=astern)
    result = sweep(path, m.length, m.width, sea.ship_obstacles(m), None)  # the course may start off a small table
    if result.contact is None or result.contact.ident != target:
        raise OddsError(f"could not set {mover} on a course into {target}'s {target_facing.value}")
    m.hull = result.hull
    return path, result.contact


def ram_tags(heard: Heard, value: Any) -> tuple[str, ...]:
    for kind, data in heard:
        if kind == "evade":
            if not data.get("able"):
                return ("no evasion",)
            if data.get("to") is not None:
                return ("evaded",)
            return ("evasion failed",) if not data.get("passed") else ("evasion passed, no room",)
    return ()


def ram_odds(
    game: Game,
    mover: str,
    target: str,
    strength: int,
    *,
    planned: bool = True,
    target_facing: Facing | str = Facing.FRONT,
    mover_facing: Facing | str = Facing.FRONT,
    sea: Sea | None = None,
    stage: tuple[Path, Contact] | None = None,
    sequential: bool = False,
) -> ShipOdds:
    """Exact odds of ``mover`` ramming (``planned``) or crashing into ``target`` at ``strength``
    (JL-RAM-1..6): the target's leadership test to evade (:func:`collisions.evade`), then the
    blow on the target's facing at ``strength`` and on the mover's at one less for a planned ram
    (both through :func:`damage.blow`: the damage table at once if penetrating).

    The evasion needs room: on ``stage`` (a path and contact on ``sea``) if given, else in open
    water (:func:`ram_stage`).  The two blows roll independent dice and touch different ships, so
    they are enumerated apart and multiplied (``sequential=True`` enumerates the whole sequence,
    as :func:`collisions.ship_contact` runs it; the tests check they agree)."""
    base = sea_of(game, sea)
    m = ship_of(base, mover)
    t = ship_of(base, target)
    tf, mf = Facing(target_facing), Facing(mover_facing)
    own = strength - 1 if planned else strength
    cause = f"{mover}'s ram" if planned else f"{mover} crashing"
    by_seat, by_actor = m.commander, m.name
    rule_own = "JL-RAM-4" if planned else "JL-RAM-6"
    on_target = blow_proc(target, strength, tf, by_seat, by_actor, cause, "JL-RAM-4")
    on_mover = blow_proc(mover, own, mf, None, None, "the impact", rule_own)
    kind = "ram" if planned else "crash"
    title = f"{mover}'s {kind} into {target}'s {tf.value} at S{strength} (its own {mf.value} takes S{own})"
    watch = [target, mover]
    scoped = scope(base, watch)

    def evasion_on(staged: Sea, where: tuple[Path, Contact]) -> Procedure:
        path, contact = where

        def evasion(g: Game, sea: Sea) -> Proc:
            return (yield from collisions.evade(g, sea, sea.ships[mover], sea.ships[target], path, contact, planned))

        return evasion

    if sequential:
        staged = base if stage is not None else clone(scoped)
        where = stage if stage is not None else ram_stage(staged, mover, target, tf)
        evade_here = evasion_on(staged, where)

        def whole(g: Game, sea: Sea) -> Proc:
            if (yield from evade_here(g, sea)):
                return
            yield from on_target(g, sea)
            if sea.ships[mover].afloat:
                yield from on_mover(g, sea)

        return ShipOdds.solve(ShipRunner(game, staged, whole, watch, ram_tags), title)

    # three parts, each kept per situation: the evasion (the target's leadership and the room
    # to slip aside), the blow on the target, the blow on the mover
    def evasion_part() -> ShipOdds:
        if stage is not None:
            return ShipOdds.solve(ShipRunner(game, base, evasion_on(base, stage), watch, ram_tags), "evasion")
        staged = clone(scoped)
        return ShipOdds.solve(ShipRunner(game, staged, evasion_on(staged, ram_stage(staged, mover, target, tf)), watch, ram_tags), "evasion")

    dims = tuple((s.hull.length, s.hull.width) for s in (m, t))
    evade_key = ("evade", mover, target, tf, planned, dims, fingerprint(base, [target]))
    evade = evasion_part() if stage is not None else CACHE.get(evade_key, evasion_part)
    first = CACHE.get(
        ("blow", target, strength, tf, by_seat, fingerprint(base, [target])), lambda: ShipOdds.solve(ShipRunner(game, scoped, on_target, [target]), "target")
    )
    second = CACHE.get(("blow", mover, own, mf, None, fingerprint(base, [mover])), lambda: ShipOdds.solve(ShipRunner(game, scoped, on_mover, [mover]), "mover"))
    if not (evade.exact and first.exact and second.exact):
        raise OddsError("a ram should always be enumerable")
    # evasion, then (unless it slipped aside) both blows: multiplied out in integers over one
    # denominator, made Fractions once at the end
    d0, d1, d2 = (math.lcm(*(p.denominator for p in o.dist.values())) for o in (evade, first, second))
    nums: dict[Result, int] = {}
    for r, p in evade.dist.items():
        n0 = p.numerator * (d0 // p.denominator)
        if "evaded" in r.tags:
            nums[r] = nums.get(r, 0) + n0 * d1 * d2
            continue
        for a, pa in first.dist.items():
            na = n0 * pa.numerator * (d1 // pa.denominator)
            for b, pb in second.dist.items():
                key = Result((*a.ships, *b.ships), r.tags)
                nums[key] = nums.get(key, 0) + na * pb.numerator * (d2 // pb.denominator)
    den = d0 * d1 * d2
    return ShipOdds(title, "exact", {k: Fraction(n, den) for k, n in nums.items()}, runs=evade.runs + first.runs + second.runs)
