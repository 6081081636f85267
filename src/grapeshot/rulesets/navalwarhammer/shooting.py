"""The shooting phase: small arms, naval guns and templates against crews, parts and hulls
(NW-CREW-3, NW-CANNON-1/2/3, NW-TMPL-1/2, NW-SHOOT-1/2, NW-UPG-4/8).

The seat picks a shooter and a target at a time (:class:`~.prompts.ShootPrompt`) until it ends its
shooting; what may shoot at what is :mod:`.targets`'s.  A shot:

* **small arms**: the fantasy core's :func:`~.fantasy.strikes.shoot` with the naval modifiers (the
  target crew in cover, -1, unless overcrowded; no penalty for shooting from a moving ship;
  NW-CREW-3), at a unit or at the rigging or the oars (where a part of T7 or T8+ shrugs off weak
  missiles, NW-SHIP-1, and a magical figurehead wards the ship, NW-UPG-4);
* **a cannon**: the core's :func:`~.fantasy.artillery.cannon_shot` along the line of fire, through
  every model and part its line crosses from where it lands to where its bounce ends: models on
  deck, aloft, in the water or in the air; the masts and the rigging round each; the hull, the
  rudder and the oars where the line crosses the hull's edge (a ball that lands on the deck and
  stops there only holes the deck, NW-TMPL-1).  A part stops the ball only on a 1 to wound
  (NW-CANNON-1); a part struck twice by one ball counts only the worse (NW-SHOOT-2).  A named
  target is the only thing hit (NW-SHOOT-1);
* **a bolt thrower**: the core's :func:`~.fantasy.artillery.bolt_shot` along the line to its target;
* **a stone thrower**: the core's :func:`~.fantasy.artillery.stone_shot`; with the template's
  centre over a hull, everything under it is hit (the crew on deck and aloft, and below decks of
  that ship), one specialty target at most (a war machine or a part, the nearest the centre;
  NW-TMPL-2), and the hull at the centre's strength; with the centre in the water, nothing at all
  (NW-TMPL-1).  A crow's nest wards the crew against templates (NW-UPG-8);
* **a flame template** (a breath): every model under it, one specialty target, and the hull only
  where the template touches its edge (NW-TMPL-1); the centre in the water changes nothing.

Afterwards each unit that lost a quarter of its models takes a panic test (:mod:`.minds`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import (
    Blast,
    Polygon,
    Vec,
    bearing,
    centre_over,
    distance,
    edges_touched,
    segment_disc_span,
    segment_hull_span,
    teardrop,
    touches_base,
)
from grapeshot.rulesets.navalwarhammer.aboard import base_of, figures
from grapeshot.rulesets.navalwarhammer.actions import Shoot
from grapeshot.rulesets.navalwarhammer.damage import aftermath, credit, strike
from grapeshot.rulesets.navalwarhammer.data import ENGINE_RADIUS, MAST_RADIUS, OAR_BAND, RIGGING_SHARE
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import ENGINES, InPath, Misfire, bolt_shot, cannon_shot, stone_attacks, stone_shot, template_hits
from grapeshot.rulesets.navalwarhammer.fantasy.charts import Modifier, shooting_modifiers
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, Damage, shoot
from grapeshot.rulesets.navalwarhammer.fantasy.templates import LARGE_ROUND
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit
from grapeshot.rulesets.navalwarhammer.misses import ball_missed, true_range
from grapeshot.rulesets.navalwarhammer.prompts import ShootPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops
from grapeshot.rulesets.navalwarhammer.targets import crew_of, gun_point, hull_range, must_name, point_blank_at, ship_of

Proc = Generator[Prompt, Any, Any]
#: how far a line of fire is followed
LINE = 120.0


def shooting_phase(g: Game, sea: Sea, seat: str) -> Proc:
    from grapeshot.rulesets.navalwarhammer.minds import panic

    g.begin_phase("shooting", "NW-CREW-3")
    for u in sea.units.values():
        u.phase_start = u.models
    prompt = ShootPrompt((seat,), "NW-CREW-3", "shoot: pick a shooter and its target, or end the shooting", (Shoot,), seat=seat, sea=sea)
    while prompt.refresh():
        a = cast(Shoot, (yield prompt))
        if a.shooter is None:
            break
        yield from fire(g, sea, a)
        prompt = ShootPrompt((seat,), "NW-CREW-3", "shoot: pick a shooter and its target, or end the shooting", (Shoot,), seat=seat, sea=sea)
    yield from panic(g, sea)


def target_unit(sea: Sea, ship: Ship, target: str) -> Unit:
    return ship.parts[target] if target in ship.parts else sea.units[target]


def fire(g: Game, sea: Sea, a: Shoot) -> Proc:
    """A shot (:func:`shot`) and its aftermath (panic, sinking, abandoning ship)."""
    u = yield from shot(g, sea, a)
    yield from aftermath(g, sea, u.seat)


def shot(g: Game, sea: Sea, a: Shoot) -> Generator[Prompt, Any, Troops]:
    """The shot itself, by the kind of shooter; returns the shooter.  The odds before a shot
    (:mod:`.odds`) run this alone."""
    u = sea.units[cast(str, a.shooter)]
    u.acted = sea.turn
    if u.crew_of is not None:
        sea.units[u.crew_of].acted = sea.turn
    if u.is_machine:
        crew = crew_of(sea, u)
        if crew is not None:
            crew.acted = sea.turn
        assert a.x is not None and a.y is not None
        kind = u.engine
        if kind == "cannon":
            yield from cannon(g, sea, u, a.ship, a.target, Vec(a.x, a.y))
        elif kind == "bolt thrower":
            yield from bolt(g, sea, u, a.ship, a.target, Vec(a.x, a.y))
        else:
            yield from stone(g, sea, u, a.ship, Vec(a.x, a.y))
    elif u.missile is not None and u.missile.flame:
        assert a.x is not None and a.y is not None
        yield from flame(g, sea, u, Vec(a.x, a.y))
    else:
        yield from small_arms(g, sea, u, a.ship, a.target)
    return u


def modifiers(sea: Sea, u: Troops, dst: Ship, target: Unit, reach: float, *, crew_target: bool) -> tuple[Modifier, ...]:
    """FB-HIT-2 with NW-CREW-3: cover for the crew aboard (not an overcrowded ship's, NW-CROWD-1),
    no penalty for a moving ship, long range beyond half the weapon's."""
    own = ship_of(sea, u)
    long = own is not None and hull_range(own, dst) > reach / 2.0
    mods = shooting_modifiers(
        long_range=long,
        moved=True,
        shooter_aboard=True,
        target_aboard=crew_target,
        target_overcrowded=dst.overcrowded,
        multiple_shots=bool(u.missile and u.missile.multiple_shots),
        large_target=isinstance(target, Troops) and target.has(Special.LARGE_TARGET),
    )
    return mods


def small_arms(g: Game, sea: Sea, u: Troops, ship: str, target: str) -> Proc:
    """NW-CREW-3: small arms at a unit of the crew, or at the rigging or the oars."""
    assert u.missile is not None
    dst = sea.ships[ship]
    t = target_unit(sea, dst, target)
    firing = sum(1 for f in u.figs if f.level in ("deck", "aloft"))
    mods = modifiers(sea, u, dst, t, float(u.missile.range), crew_target=not t.part)
    g.emit("shoots", "NW-CREW-3", shooter=u.name, ship=ship, target=t.name, models=firing, modifiers=[m.name for m in mods])
    dmg = yield from shoot(g, u, t, u.missile, models=firing, modifiers=mods)
    sea.sync(t, u.world(sea, 0))
    credit(sea, u.seat, t, dmg.slain)


# --------------------------------------------------------------------------- what a line of fire crosses


def line_path(sea: Sea, origin: Vec, direction: float, own: str, only: tuple[str, str] | None) -> list[InPath]:
    """Everything a line of fire from ``origin`` crosses (see the module docstring), as spans of
    distance along it; ``only`` (ship, target) keeps the named target alone (NW-SHOOT-1)."""
    import math

    far = Vec(origin.x + math.cos(math.radians(direction)) * LINE, origin.y + math.sin(math.radians(direction)) * LINE)
    out: list[InPath] = []

    def span(t0: float, t1: float, unit: Unit) -> None:
        out.append(InPath(t0 * LINE, t1 * LINE, unit))

    for u, i in figures(sea, levels=("deck", "aloft", "water", "air")):
        f = u.figs[i]
        if f.on == own:
            continue
        s = segment_disc_span(origin, far, sea.where(f), u.radius)
        if s is not None:
            span(s[0], s[1], u)
    for ship in sea.afloat():
        if ship.name == own:
            continue
        h = ship.hull
        for key, dp in ship.mast_points().items():
            if not ship.part_alive(key):
                continue
            c = dp.world(h)
            s = segment_disc_span(origin, far, c, MAST_RADIUS)
            if s is not None:
                span(s[0], s[1], ship.parts[key])
            if ship.part_alive("rigging"):
                s = segment_disc_span(origin, far, c, h.width * RIGGING_SHARE)
                if s is not None:
                    span(s[0], s[1], ship.parts["rigging"])
        crossing = segment_hull_span(origin, far, h)
        if crossing is not None:
            for t in crossing:
                if 0.0 < t < 1.0:
                    p = Vec(origin.x + (far.x - origin.x) * t, origin.y + (far.y - origin.y) * t)
                    span(t, t, ship.parts[edge_part(ship, p)])
    if only is not None:
        ship = sea.ships[only[0]]
        keep = ship.parts[only[1]] if only[1] in ship.parts else sea.units.get(only[1])
        if only[1] == "engine" and ship.part_alive("engine"):
            s = segment_disc_span(origin, far, ship.hull.centre, ENGINE_RADIUS)
            if s is not None:
                span(s[0], s[1], ship.parts["engine"])
        out = [p for p in out if p.unit is keep]
    return out


def edge_part(ship: Ship, p: Vec) -> str:
    """Which part a line crossing the hull's edge at ``p`` strikes there: the rudder at the stern,
    a rowed ship's oars along its side, else the hull."""
    h = ship.hull
    u, v = h.local(p)
    if u <= -h.hl + 1e-6 and ship.part_alive("rudder"):
        return "rudder"
    if ship.part_alive("oars") and abs(abs(v) - h.hw) < 1e-6 and abs(u) <= h.hl * OAR_BAND:
        return "oars"
    return "hull"


def after_shot(g: Game, sea: Sea, seat: str, hits: tuple[Damage, ...], path: list[InPath], near: Vec) -> None:
    """Take away the fallen's figures and score them."""
    by_name = {p.unit.name: p.unit for p in path}
    for d in hits:
        u = by_name.get(d.target)
        if u is not None:
            sea.sync(u, near)
            credit(sea, seat, u, d.slain)


def misfired(g: Game, sea: Sea, gun: Troops, result: Misfire) -> None:
    """FB-ART-2 aboard: destroyed, disabled (no shot next turn either), a crewman slain."""
    if result is Misfire.DESTROYED:
        gun.models = 0
        gun.figs = []
    elif result is Misfire.DISABLED:
        gun.squabble_turn = sea.turn + 1
    elif result is Misfire.CREW_SLAIN:
        crew = crew_of(sea, gun)
        if crew is not None and crew.alive:
            crew.slay_one()
            sea.sync(crew)


def cannon(g: Game, sea: Sea, gun: Troops, ship: str, target: str, aim: Vec) -> Proc:
    """NW-CANNON-1/2/3, NW-SHOOT-1/2 (see the module docstring)."""
    origin = gun_point(sea, gun)
    dst = sea.ships[ship]
    direction = bearing(origin, aim)
    only = (ship, target) if target else None
    path = line_path(sea, origin, direction, gun.figs[0].on, only)
    blank = point_blank_at(sea, gun, dst)
    g.emit(
        "guns",
        "NW-CANNON-2",
        gun=gun.name,
        ship=ship,
        target=target or None,
        aim=[round(aim.x, 4), round(aim.y, 4)],
        point_blank=blank,
        named_only=only is not None,
        guess=round(distance(origin, aim), 2),
        range=true_range(origin, direction, dst.hull, LINE),
    )
    shot = yield from cannon_shot(g, gun.name, gun.seat, distance(origin, aim), path, point_blank=blank, stops_on_survivor=bool(sea.option("cannon_stops")))
    if shot.misfire is not None:
        misfired(g, sea, gun, shot.misfire)
        return
    if not shot.hits and shot.landing is not None and shot.end is not None:
        why = ball_missed(sea, origin, direction, gun.figs[0].on or "", path, shot.landing, shot.end, LINE)
        g.emit("ball-misses", "NW-CANNON-1", gun=gun.name, named=target if only is not None else None, **why)
    after_shot(g, sea, gun.seat, shot.hits, path, origin)


def bolt(g: Game, sea: Sea, gun: Troops, ship: str, target: str, aim: Vec) -> Proc:
    """FB-BOLT-1 at a named target along its line (NW-SHOOT-1 when the target ship is grappled)."""
    origin = gun_point(sea, gun)
    dst = sea.ships[ship]
    t = target_unit(sea, dst, target)
    only = (ship, target) if must_name(sea, gun.seat, dst) else None
    path = [p for p in line_path(sea, origin, bearing(origin, aim), gun.figs[0].on, only) if p.end >= 0]
    crew = crew_of(sea, gun)
    assert crew is not None
    mods = shooting_modifiers(
        long_range=distance(origin, aim) > ENGINES["bolt thrower"].max_range / 2.0,
        moved=True,
        shooter_aboard=True,
        target_aboard=not t.part,
        target_overcrowded=dst.overcrowded,
        large_target=isinstance(t, Troops) and t.has(Special.LARGE_TARGET),
    )
    g.emit(
        "guns", "NW-CANNON-2", gun=gun.name, ship=ship, target=target, aim=[round(aim.x, 4), round(aim.y, 4)], point_blank=False, named_only=only is not None
    )
    shot = yield from bolt_shot(g, gun.name, crew, path, modifiers=mods)
    after_shot(g, sea, gun.seat, shot.hits, path, origin)


def specialty(sea: Sea, template: Blast | Polygon, centre: Vec) -> tuple[Unit, Vec] | None:
    """NW-TMPL-2: the one specialty target a template hits: of the war machines and ship parts
    under it (masts, rigging, rudder, engine), the nearest its centre."""
    found: list[tuple[float, str, Unit, Vec]] = []
    from grapeshot.geometry import Base

    for u, i in figures(sea, levels=("deck",)):
        if u.is_machine and touches_base(template, base_of(sea, u, i)):
            p = sea.where(u.figs[i])
            found.append((distance(centre, p), u.name, u, p))
    for ship in sea.afloat():
        h = ship.hull
        spots: list[tuple[str, Vec, float]] = [(k, dp.world(h), MAST_RADIUS) for k, dp in ship.mast_points().items() if ship.part_alive(k)]
        if ship.part_alive("rigging"):
            spots += [("rigging", dp.world(h), h.width * RIGGING_SHARE) for k, dp in ship.mast_points().items() if ship.part_alive(k)]
        if ship.part_alive("rudder"):
            spots.append(("rudder", h.stern, 0.3))
        if ship.part_alive("engine"):
            spots.append(("engine", h.centre, ENGINE_RADIUS))
        for key, p, r in spots:
            if touches_base(template, Base(p.x, p.y, r, key)):
                found.append((distance(centre, p), f"{ship.name} {key}", ship.parts[key], p))
    if not found:
        return None
    best = min(found, key=lambda x: (x[0], x[1]))
    return best[2], best[3]


def template_figures(sea: Sea, template: Blast | Polygon, below_on: str | None, spare: Troops | None = None) -> list[tuple[Troops, int]]:
    """The crew under a template (war machines aside: they are specialty targets; ``spare``, the
    model laying a flame): on deck, aloft, in the water or the air, and below decks of
    ``below_on`` (a shot from above, NW-TMPL-1)."""
    out = []
    for u, i in figures(sea, levels=("deck", "aloft", "water", "air", "below")):
        f = u.figs[i]
        if u.is_machine or u is spare or (f.level == "below" and f.on != below_on):
            continue
        if touches_base(template, base_of(sea, u, i)):
            out.append((u, i))
    return out


def template_volley(
    g: Game, sea: Sea, seat: str, template: Blast | Polygon, centre: Vec, below_on: str | None, attack: Attack, hole: Attack | None, spare: Troops | None = None
) -> Proc:
    """FB-TMPL-1 at sea: one hit for each model under the template; the one under the hole (a
    stone's) takes the hole's attack; then the one specialty target (NW-TMPL-2)."""
    under = template_figures(sea, template, below_on, spare)
    counts: dict[str, int] = {}
    for u, _ in under:
        counts[u.name] = counts.get(u.name, 0) + 1
    centre_unit = None
    if hole is not None and isinstance(template, Blast):
        holed = [(u, i) for u, i in under if distance(sea.where(u.figs[i]), centre) <= u.radius]
        if holed:
            centre_unit = min(holed, key=lambda m: distance(sea.where(m[0].figs[m[1]]), centre))[0]
    units = [(sea.units[n], c) for n, c in sorted(counts.items())]
    hits = yield from template_hits(g, seat, units, attack, centre=centre_unit, centre_attack=hole)
    for d in hits:
        hit = sea.units.get(d.target)
        if hit is not None:
            sea.sync(hit, centre)
            credit(sea, seat, hit, d.slain)
    extra = specialty(sea, template, centre)
    if extra is not None:
        part, p = extra
        use = hole if hole is not None and distance(p, centre) <= 0.5 else attack
        g.emit("specialty", "NW-TMPL-2", target=part.name, source=attack.source)
        yield from strike(g, sea, seat, part, 1, use, near=centre)


def stone(g: Game, sea: Sea, gun: Troops, ship: str, aim: Vec) -> Proc:
    """FB-STONE-1 with NW-TMPL-1/2 (see the module docstring)."""
    origin = gun_point(sea, gun)
    g.emit(
        "guns",
        "NW-CANNON-2",
        gun=gun.name,
        ship=ship,
        target=None,
        aim=[round(aim.x, 4), round(aim.y, 4)],
        point_blank=False,
        named_only=False,
        guess=round(distance(origin, aim), 2),
        range=true_range(origin, bearing(origin, aim), sea.ships[ship].hull, LINE),
    )
    landing = yield from stone_shot(g, gun.name, gun.seat, aim, distance(origin, aim))
    if landing.misfire is not None:
        misfired(g, sea, gun, landing.misfire)
        return
    assert landing.point is not None
    blast = Blast(landing.point.x, landing.point.y, LARGE_ROUND)
    under = next((s for s in sea.afloat() if centre_over(blast, s.hull)), None)
    if under is None:
        g.emit("no-effect", "NW-TMPL-1", gun=gun.name, why="the stone's centre fell in the water: an exploding shot does nothing")
        return
    attack, hole = stone_attacks(gun.name)
    yield from template_volley(g, sea, gun.seat, blast, landing.point, under.name, attack, hole)
    if under.afloat:
        g.emit("hull-hit", "NW-TMPL-2", ship=under.name, source=gun.name, why="the template's centre lies over the hull: it is hit at the higher strength")
        yield from strike(g, sea, gun.seat, under.parts["hull"], 1, hole, near=landing.point)


def flame(g: Game, sea: Sea, u: Troops, aim: Vec) -> Proc:
    """A flame template (a breath): every model under it, one specialty target, the hull only
    where it touches the edge (NW-TMPL-1)."""
    assert u.missile is not None
    origin = u.world(sea, 0)
    direction = bearing(origin, aim)
    template = teardrop(origin, direction, length=float(u.missile.range))
    attack = Attack(
        f"{u.name}'s {u.missile.name}", u.missile.strength, wounds=u.missile.wounds, flaming=Special.FLAMING in u.missile.flags, missile=True, template=True
    )
    g.emit("flame", "NW-TMPL-1", unit=u.name, direction=round(direction, 3))
    yield from template_volley(g, sea, u.seat, template, aim, None, attack, None, spare=u)
    for ship in sea.afloat():
        if ship.commander == u.seat:
            continue
        edges = edges_touched(template, ship.hull)
        if edges:
            g.emit("hull-hit", "NW-TMPL-1", ship=ship.name, source=attack.source, why=f"the flame touches its edge ({', '.join(e.value for e in edges)})")
            yield from strike(g, sea, u.seat, ship.parts["hull"], 1, attack, near=origin)
