"""Shooting: the four kannons (krak and grapeshot), the krew's sluggas.

Each kannon is mounted at the middle of its facing's edge and covers an arc
(``kannon_arc`` degrees, 90 by default) centred on that facing.  Ranges are
measured from the mount: to the aim point for krak, to the target's hull
for sluggas and D3 grapeshot.  Every shot's event carries the geometry it
used: mount, arc, aim, measured range, scatter vector, landing point, facing.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D3, SCATTER, RollRequest, nd6
from grapeshot.geometry import (
    Arc,
    Facing,
    Hull,
    Vec,
    bearing,
    distance,
    flamer_template,
    hull_distance,
    hulls_within,
    norm_deg,
    point_hull_distance,
    scatter,
    segment_hull_entry,
    unit,
)
from grapeshot.rulesets.jimlad import npc
from grapeshot.rulesets.jimlad.actions import Fire, Sluggas
from grapeshot.rulesets.jimlad.basis import Basis, Term, explained, single, term
from grapeshot.rulesets.jimlad.damage import strike
from grapeshot.rulesets.jimlad.data import (
    GRAPESHOT_D3_RANGE,
    GUNNER_BS,
    GUNS,
    KANNONS,
    KLANS,
    KRAK_SCATTER_DICE,
    PROFILE_RULE,
    SLUGGA_AP,
    SLUGGA_STRENGTH,
    GunName,
    Shell,
)
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.krew import closest_first, deck_positions, wound
from grapeshot.rulesets.jimlad.state import KrewModel, Sea, Ship

Proc = Generator[Prompt, Any, Any]

ARC_OFFSET = {Facing.FRONT: 0.0, Facing.PORT: 90.0, Facing.STARBOARD: -90.0, Facing.REAR: 180.0}


def mount(ship: Ship, gun: GunName) -> Vec:
    """Where a kannon sits: the middle of its facing's edge."""
    return ship.hull.side_point(KANNONS[gun].facing)


def gun_arc(sea: Sea, ship: Ship, gun: GunName) -> Arc:
    """The arc a kannon covers (JL-SHOOT-3 ruling: ``kannon_arc`` degrees centred on its facing)."""
    return Arc(norm_deg(ship.hull.heading + ARC_OFFSET[KANNONS[gun].facing]), float(sea.option("kannon_arc")))


def arc_meets_hull(origin: Vec, arc: Arc, hull: Hull, reach: float) -> bool:
    """Whether some point of a hull lies inside an arc and within ``reach`` of its origin."""
    if hull.contains(origin):
        return True
    pts = [Vec(x, y) for x, y in hull.corners]
    pts.append(hull.centre)
    # the hull's closest point to the origin
    u, v = hull.local(origin)
    pts.append(hull.world(max(-hull.hl, min(hull.hl, u)), max(-hull.hw, min(hull.hw, v))))
    for p in pts:
        if distance(origin, p) <= reach + 1e-9 and arc.contains(origin, p):
            return True
    for edge in (arc.centre - arc.width / 2.0, arc.centre + arc.width / 2.0):
        d = unit(edge)
        if segment_hull_entry(origin, Vec(origin.x + d.x * reach, origin.y + d.y * reach), hull) is not None:
            return True
    return False


def can_shoot(sea: Sea, ship: Ship) -> str | None:
    """Why a ship cannot shoot this phase, or None if it can (JL-TURN-4, JL-DMG-5)."""
    if not ship.afloat:
        return "sunk"
    if not ship.krewed:
        return "a drifting hulk has no krew to drive the gunners"
    if ship.in_force("shaken", sea.turn):
        return "krew shaken (JL-DMG-5)"
    if ship.engaged is not None:
        return "locked in a boarding action"
    if ship.in_force("snakes", sea.turn):
        return "fighting off the snakes (JL-EVT-6)"
    if in_harbour(sea, ship):
        return "in harbour (JL-PORT-1)"
    if ship.in_force("drunk", sea.turn):
        return "krew drunk on squig brew (JL-LAND-2)"
    return None


SHELLS: tuple[Shell, ...] = ("krak", "grapeshot")


def carried(ship: Ship, gun: GunName, shell: Shell) -> str | None:
    """Why this kannon of this ship never fires the shell (JL-SHOOT-2, JL-KLAN-3), or None."""
    k = KANNONS[gun]
    klan = KLANS[ship.klan]
    fore_grape = klan.fore_grapeshot_only and gun == "fore"
    if shell == "krak":
        if k.krak is None:
            return f"the {gun} kannon fires no krak (JL-SHOOT-2)"
        if fore_grape:
            return f"the {klan.title}' fore kannon fires grapeshot only (JL-KLAN-3)"
    elif k.grapeshot is None and not fore_grape:
        return f"the {gun} kannon fires no grapeshot (JL-SHOOT-2)"
    return None


def shell_refused(sea: Sea, ship: Ship, gun: GunName, shell: Shell) -> str | None:
    """Why a kannon may not fire this shell now, or None if it may (JL-SHOOT-2, JL-KLAN-3,
    JL-DMG-3/4/6, JL-DMG-9, JL-EVT-10)."""
    if gun in ship.damaged_guns:
        return f"the {gun} kannon is damaged (JL-DMG-6)"
    if gun in ship.fired:
        return f"the {gun} kannon has fired this turn"
    if ship.repaired:
        return "its gun krews are repairing instead (JL-DMG-9)"
    if ship.in_force("skurvy", sea.turn) and sum(1 for g in GUNS if g in ship.fired) >= skurvy_guns(ship):
        return "with skurvy aboard only half its kannons fire this turn (JL-EVT-10)"
    why = carried(ship, gun, shell)
    if why is not None:
        return why
    if shell == "krak" and ship.in_force("no-krak", sea.turn):
        return "no krak this turn (JL-DMG-4)"
    if shell == "grapeshot" and ship.in_force("no-grapeshot", sea.turn):
        return "no grapeshot this turn (JL-DMG-3)"
    return None


def shells(sea: Sea, ship: Ship, gun: GunName) -> list[Shell]:
    """The shells a kannon may fire now (JL-SHOOT-2, JL-KLAN-3, JL-DMG-3/4/6)."""
    return [shell for shell in SHELLS if shell_refused(sea, ship, gun, shell) is None]


def skurvy_guns(ship: Ship) -> int:
    """JL-EVT-10: with skurvy aboard only half the ship's working kannons (rounded up) fire this turn."""
    return -(-(len(GUNS) - len(ship.damaged_guns)) // 2)


def grapeshot_strength(ship: Ship, gun: GunName) -> int:
    """Grapeshot is S4; the Deff Skulls' forward gun fires it at S4 too (JL-KLAN-3 ruling)."""
    return KANNONS[gun].grapeshot or 4


def grapeshot_targets(sea: Sea, ship: Ship, gun: GunName) -> list[Ship]:
    """Enemy ships a D3-hits grapeshot volley can reach: in arc, within 8", not boarding (JL-SHOOT-4)."""
    m = mount(ship, gun)
    arc = gun_arc(sea, ship, gun)
    return [t for t in sea.enemies(ship) if t.engaged is None and t.krew and not in_harbour(sea, t) and arc_meets_hull(m, arc, t.hull, GRAPESHOT_D3_RANGE)]


def check_fire(sea: Sea, ship: Ship, fire: Fire) -> None:
    """Raise :class:`IllegalAction` unless this shot is allowed now."""
    why = shell_refused(sea, ship, fire.gun, fire.shell)
    if why is not None:
        usable = {g: shells(sea, ship, g) for g in KANNONS}
        listing = ", ".join(f"{g}: {'/'.join(s)}" for g, s in usable.items() if s) or "none"
        raise IllegalAction(f"{ship.name}'s {fire.gun} kannon cannot fire {fire.shell} now ({why}); usable: {listing}")
    m = mount(ship, fire.gun)
    arc = gun_arc(sea, ship, fire.gun)
    if fire.shell == "krak" or sea.option("grapeshot") == "template":
        if fire.aim is None:
            raise IllegalAction(f"{fire.shell} from the {fire.gun} kannon needs an aim point [x, y]")
        aim = Vec(*fire.aim)
        if not arc.contains(m, aim):
            raise IllegalAction(f"aim point {list(fire.aim)} is outside the {fire.gun} kannon's arc ({arc.width:g} degrees centred on {arc.centre:.1f})")
        if fire.shell == "krak":
            rng = distance(m, aim)
            if rng > KANNONS[fire.gun].range:
                raise IllegalAction(f'aim point is {rng:.1f}" from the {fire.gun} kannon; its range is {KANNONS[fire.gun].range:g}"')
            sheltered = next((t for t in sea.afloat() if in_harbour(sea, t) and t.hull.contains(aim)), None)
            if sheltered is not None:
                raise IllegalAction(f"aim point {list(fire.aim)} is on {sheltered.name}, which is in harbour: no shooting at it (JL-PORT-1)")
        else:
            if aim == m:
                raise IllegalAction("the grapeshot template needs an aim point away from the gun")
            locked = [t for t in sea.afloat() if t.engaged is not None and t is not ship]
            tpl = flamer_template(m, bearing(m, aim)) if locked else None  # laid only where it could matter
            for t in locked:
                if tpl is not None and any(tpl.contains(spot) for _, spot in deck_positions(t)):
                    raise IllegalAction(f"the grapeshot template would sweep {t.name}'s deck, and its krew are in a boarding action (JL-SHOOT-4)")
        return
    if fire.target is None:
        raise IllegalAction("grapeshot (D3 hits) needs a target ship")
    names = [t.name for t in grapeshot_targets(sea, ship, fire.gun)]
    if fire.target not in names:
        raise IllegalAction(
            f'{fire.target!r} is not a grapeshot target for the {fire.gun} kannon (in arc, within 8", krew aboard, not boarding); targets: {names}'
        )


def fire(g: Game, sea: Sea, ship: Ship, action: Fire) -> Proc:
    """Resolve one kannon's fire (already checked)."""
    ship.fired.add(action.gun)
    if action.shell == "krak":
        yield from krak(g, sea, ship, action.gun, Vec(*action.aim) if action.aim else ship.centre)
    elif sea.option("grapeshot") == "template":
        assert action.aim is not None
        yield from grapeshot_template(g, sea, ship, action.gun, Vec(*action.aim))
    else:
        assert action.target is not None
        yield from grapeshot_d3(g, sea, ship, action.gun, sea.ships[action.target])


def krak(g: Game, sea: Sea, ship: Ship, gun: GunName, aim: Vec) -> Proc:
    """JL-SHOOT-3: krak lands on the aim point or scatters 2D6" less the gunners' BS; the hull
    under the landing point is struck on the facing that looks towards the gun (JL-SHOOT-8)."""
    m = mount(ship, gun)
    k = KANNONS[gun]
    assert k.krak is not None
    shots = 1
    klan = KLANS[ship.klan]
    if klan.broadside_d3 and gun in ("port", "starboard"):
        r = yield from g.roll(RollRequest(D3, f"{ship.name}: {gun} broadside shots", "JL-KLAN-3", ship.commander, ship.name, "high"))
        shots = r.total
    bs = int(sea.option("krak_scatter_bs"))
    for shot in range(shots):
        sc = yield from g.roll(RollRequest(SCATTER, f"{ship.name}: {gun} krak scatter", "JL-SHOOT-3", ship.commander, ship.name, "hit"))
        inches = 0
        dice_total: int | None = None
        if sc.direction is not None:
            d = yield from g.roll(
                RollRequest(nd6(KRAK_SCATTER_DICE), f"{ship.name}: {gun} krak scatter distance", "JL-SHOOT-3", ship.commander, ship.name, "low")
            )
            dice_total = d.total
            inches = max(0, d.total - bs)
        landing = scatter(aim, sc.direction, float(inches))
        # a ship in harbour is never harmed (JL-PORT-1): krak scattering onto it lands harmlessly
        target = next((t for t in sea.afloat() if t.hull.contains(landing) and not in_harbour(sea, t)), None)
        facing = target.hull.facing_towards(m) if target is not None else None
        model = npc.model_at(sea, landing) if target is None else None  # a mine or the Kraken (JL-NPC-1, JL-NPC-2)
        if g.logging:
            arc = gun_arc(sea, ship, gun)
            g.emit(
                "krak",
                "JL-SHOOT-3",
                ship=ship.name,
                gun=gun,
                shot=shot + 1,
                mount=[round(m.x, 4), round(m.y, 4)],
                arc={"centre": round(arc.centre, 3), "width": arc.width},
                aim=[round(aim.x, 4), round(aim.y, 4)],
                range=round(distance(m, aim), 4),
                scatter={
                    "hit": sc.direction is None,
                    "direction": None if sc.direction is None else round(sc.direction, 3),
                    "dice": dice_total,
                    "bs": bs,
                    "inches": inches,
                },
                landing=[round(landing.x, 4), round(landing.y, 4)],
                target=None if target is None else target.name,
                facing=None if facing is None else facing.value,
                npc=model,
                strength=k.krak,
                max_range=k.range,
                **explained(g, krak_basis(ship, gun, arc.width, bs, dice_total, inches, shots, facing)),
            )
        if model is not None:
            yield from npc.krak_hits_model(g, sea, model, k.krak, by=ship, cause=f"{ship.name}'s {gun} krak")
        if target is not None and facing is not None:
            yield from strike(
                g,
                sea,
                target,
                k.krak,
                facing,
                by_seat=ship.commander,
                by_actor=ship.name,
                cause=f"{ship.name}'s {gun} krak",
                rule="JL-SHOOT-3",
                strength_basis=single("JL-SHOOT-2", f"the {gun} kannon's krak", k.krak),
            )


def krak_basis(ship: Ship, gun: GunName, arc: float, bs: int, dice: int | None, inches: int, shots: int, facing: Facing | None) -> Basis:
    """The rules behind a krak shot's numbers (for the log)."""
    k = KANNONS[gun]
    assert k.krak is not None
    if dice is None:
        scatter_terms = single("JL-SHOOT-3", "a hit on the scatter die: no scatter", 0)
    else:
        scatter_terms = [
            term("JL-SHOOT-3", "2D6 on an arrow", dice),
            term("JL-SHOOT-1" if bs == GUNNER_BS else "JL-SHOOT-3", "less the gunners' BS (option krak_scatter_bs)", -bs),
        ]
        if dice - bs < 0:
            scatter_terms.append(term("JL-SHOOT-3", "never below nothing", bs - dice))
    out: Basis = {
        "strength": single("JL-SHOOT-2", f"the {gun} kannon's krak", k.krak),
        "max_range": single("JL-SHOOT-2", f"the {gun} kannon's range", k.range),
        "arc.width": single("JL-SHOOT-3", "each kannon's arc, centred on its facing (option kannon_arc)", arc),
        "scatter.inches": scatter_terms,
    }
    if facing is not None:
        out["facing"] = single("JL-SHOOT-3", "the facing that looks towards the firing kannon (ruling)", facing.value)
    if KLANS[ship.klan].broadside_d3 and gun in ("port", "starboard"):
        out["shot"] = single("JL-KLAN-3", "Deff Skulls: D3 krak shots from a broadside", shots)
    return out


def grapeshot_template(g: Game, sea: Sea, ship: Ship, gun: GunName, aim: Vec) -> Proc:
    """JL-SHOOT-4 (template): every krew model under the template laid from the gun takes a hit.

    Grapeshot sweeps decks: it never harms hulls (JL-QA-1) and so never meets the ramshackle save.
    """
    m = mount(ship, gun)
    direction = bearing(m, aim)
    tpl = flamer_template(m, direction)
    hits: list[tuple[Ship, Any]] = []
    for t in sea.afloat():
        if t is ship or t.engaged is not None or in_harbour(sea, t):
            continue
        for model, spot in deck_positions(t):
            if tpl.contains(spot):
                hits.append((t, model))
    g.emit(
        "grapeshot",
        "JL-SHOOT-4",
        ship=ship.name,
        gun=gun,
        mode="template",
        mount=[round(m.x, 4), round(m.y, 4)],
        direction=round(direction, 3),
        template=[[round(x, 3), round(y, 3)] for x, y in tpl.points],
        hits=[{"ship": t.name, "model": mdl.role} for t, mdl in hits],
        **explained(g, grapeshot_basis(sea, ship, gun)),
    )
    strength = grapeshot_strength(ship, gun)
    for t, model in hits:
        yield from wound(
            g,
            sea,
            t,
            model,
            strength,
            None,
            by_seat=ship.commander,
            by_actor=ship.name,
            cause=f"{ship.name}'s {gun} grapeshot",
            rule="JL-SHOOT-4",
            strength_basis=grapeshot_strength_terms(ship, gun),
        )


def grapeshot_strength_terms(ship: Ship, gun: GunName) -> list[Term]:
    if KANNONS[gun].grapeshot is None:
        return single("JL-KLAN-3", "the Deff Skulls' fore kannon fires grapeshot at S4, as every other (ruling)", grapeshot_strength(ship, gun))
    return single("JL-SHOOT-2", f"the {gun} kannon's grapeshot", grapeshot_strength(ship, gun))


def grapeshot_basis(sea: Sea, ship: Ship, gun: GunName) -> Basis:
    """The rules behind a grapeshot volley (for the log)."""
    mode = str(sea.option("grapeshot"))
    out: Basis = {
        "mode": single("JL-SHOOT-4", "the flamer template or D3 hits, fixed before the game (option grapeshot)", mode),
        "hits" if mode == "template" else "target": single("JL-QA-1", "krew only: grapeshot sweeps the decks and never harms a hull", "krew"),
    }
    if mode == "d3":
        out["count"] = single("JL-SHOOT-4", "D3 hits", "D3")
        out["range"] = single("JL-SHOOT-4", 'the alternative method: within 8"', GRAPESHOT_D3_RANGE)
    return out


def next_hit(target: Ship, order: list[KrewModel], taken: dict[int, int]) -> KrewModel | None:
    """The model that takes the next hit: hits go to the closest models in turn, one each
    before any takes a second, skipping the dead (JL-SHOOT-4, JL-SHOOT-5).

    ``order`` is closest first; ``taken`` counts the hits already allocated (by model id)."""
    alive = [k for k in order if any(k is m for m in target.krew)]
    if not alive:
        return None
    model = min(alive, key=lambda k: taken.get(id(k), 0))  # the first (closest) of the least hit
    taken[id(model)] = taken.get(id(model), 0) + 1
    return model


def grapeshot_d3(g: Game, sea: Sea, ship: Ship, gun: GunName, target: Ship) -> Proc:
    """JL-SHOOT-4 (alternative): D3 hits within 8", on the target's models closest to the gun."""
    m = mount(ship, gun)
    r = yield from g.roll(RollRequest(D3, f"{ship.name}: {gun} grapeshot hits", "JL-SHOOT-4", ship.commander, ship.name, "high"))
    order = closest_first(target, m)
    g.emit(
        "grapeshot",
        "JL-SHOOT-4",
        ship=ship.name,
        gun=gun,
        mode="d3",
        mount=[round(m.x, 4), round(m.y, 4)],
        target=target.name,
        range=round(point_hull_distance(m, target.hull), 4),
        count=r.total,
        **explained(g, grapeshot_basis(sea, ship, gun)),
    )
    yield from hits_down_the_line(
        g,
        sea,
        target,
        order,
        r.total,
        grapeshot_strength(ship, gun),
        None,
        by=ship,
        cause=f"{ship.name}'s {gun} grapeshot",
        rule="JL-SHOOT-4",
        strength_basis=grapeshot_strength_terms(ship, gun),
    )


def hits_down_the_line(
    g: Game,
    sea: Sea,
    target: Ship,
    order: list[KrewModel],
    hits: int,
    strength: int,
    ap: int | None,
    *,
    by: Ship,
    cause: str,
    rule: str,
    strength_basis: list[Term] | None = None,
) -> Proc:
    """Hits falling on a ship's models closest first (``order``), one each before any takes a second."""
    taken: dict[int, int] = {}
    for _ in range(hits):
        model = next_hit(target, order, taken)
        if model is None:
            break
        yield from wound(g, sea, target, model, strength, ap, by_seat=by.commander, by_actor=by.name, cause=cause, rule=rule, strength_basis=strength_basis)


# --------------------------------------------------------------------------- sluggas


def slugga_targets(sea: Sea, ship: Ship) -> list[Ship]:
    """JL-SHOOT-5: enemy ships close enough for pistols (``slugga_range``), neither side boarding."""
    if not ship.krew or "sluggas" in ship.fired or ship.engaged is not None:
        return []
    reach = float(sea.option("slugga_range"))
    return [t for t in sea.enemies(ship) if t.krew and t.engaged is None and not in_harbour(sea, t) and hulls_within(ship.hull, t.hull, reach)]


def check_sluggas(sea: Sea, ship: Ship, action: Sluggas) -> None:
    names = [t.name for t in slugga_targets(sea, ship)]
    if action.target not in names:
        raise IllegalAction(
            f'{action.target!r} is not a slugga target for {ship.name} (within {sea.option("slugga_range")}", krew aboard, not boarding, once a turn); targets: {names}'
        )


def sluggas(g: Game, sea: Sea, ship: Ship, target: Ship) -> Proc:
    """JL-SHOOT-5: the krew fire, then the target's krew fire back at once."""
    ship.fired.add("sluggas")
    yield from slugga_volley(g, sea, ship, target, return_fire=False)
    if target.afloat and target.krew and not target.in_force("shaken", sea.turn) and ship.afloat and ship.krew:
        yield from slugga_volley(g, sea, target, ship, return_fire=True)


def slugga_volley(g: Game, sea: Sea, shooter: Ship, target: Ship, *, return_fire: bool) -> Proc:
    """Each Ork fires one shot at BS2; hits fall on the target's closest models, S4 AP5."""
    n = len(shooter.krew)
    worst = max(shooter.krew, key=lambda k: (-k.profile.bs, k.role == "krew"))
    bs = worst.profile.bs
    need = 7 - bs
    r = yield from g.roll(RollRequest(nd6(n), f"{shooter.name}: slugga shots at {target.name}", "JL-SHOOT-5", shooter.commander, shooter.name, "high"))
    hits = sum(1 for f in r.faces if f >= need)
    g.emit(
        "sluggas",
        "JL-SHOOT-5",
        ship=shooter.name,
        target=target.name,
        shots=n,
        need=need,
        hits=hits,
        return_fire=return_fire,
        range=round(hull_distance(shooter.hull, target.hull), 4),
        max_range=float(sea.option("slugga_range")),
        **explained(
            g,
            {
                "shots": single("JL-SHOOT-5", "one shot for each Ork aboard", n),
                "need": [term("JL-SHOOT-5", "a D6 score of 7 less the BS", 7), term(PROFILE_RULE[worst.role], f"the {worst.profile.title}'s BS", -bs)],
                "max_range": single("JL-SHOOT-5", 'ships within "say <6"" (option slugga_range)', float(sea.option("slugga_range"))),
                "return_fire": single("JL-SHOOT-5", "the target's krew fire back at once, after the shooter", return_fire),
            },
        ),
    )
    order = closest_first(target, shooter.centre)
    yield from hits_down_the_line(
        g,
        sea,
        target,
        order,
        hits,
        SLUGGA_STRENGTH,
        SLUGGA_AP,
        by=shooter,
        cause=f"{shooter.name}'s sluggas",
        rule="JL-SHOOT-5",
        strength_basis=single("JL-SHOOT-5", "a slugga: S4 AP5", SLUGGA_STRENGTH),
    )
