"""The movement phase (a stand-in for the naval supplement's turn, docs/navalwarhammer.md): the
crew set to work, boats launched, flyers first (NW-FLY-1), then each ship in turn, then the units
aboard grappled ships.

A ship's move: moored ships may cast off (NW-DOCK-1); a ship aground tries to come off; grappled
ships stay; an overcrowded ship tests its Ld or goes Out of Control (NW-CROWD-1); a ship in the
shallows rolls (NW-SHALLOW-1); a ship that cannot be worked (too few working crew, too few on the
upper deck, all stupid, the rudder lost) goes Out of Control if it sails (NW-MOVE-2: half the
wind's roll, the D6 chart's turn at half its move) and is Adrift after, drifting D6" downwind; a
magic ship (not a sailing one, NW-MOVE-2) and one whose masts or engine are gone, or whose
wizard is lost, is Adrift at once.  Otherwise it chooses
how it moves (NW-UPG-1), rolls its allowance (NW-MOVE-1/3/4/5) and its captain steers, declaring a
ram if he means one (NW-BOARD-1).

Moves are swept: the ship stops at the first thing it meets.  Another ship is the collisions
stand-in's (:mod:`.contact`, or a collisions module's ``collisions.contact``); a ship rammed and
sunk lets a rammer of its size or larger sail on (NW-RAM-1); a dock is docking or a collision
(NW-DOCK-1); land, rocks and sandbanks are groundings (NW-AGROUND-1); a swimming monster stops
the ship; swimmers and flyers are moved aside (NW-SWIM-1, NW-FLY-2).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, TWO_D6, RollRequest
from grapeshot.geometry import Obstacle, Path, Pose, Segment, sweep, translate_path
from grapeshot.rulesets.collisions.ports import CONTACT
from grapeshot.rulesets.navalwarhammer import boarding, harbour
from grapeshot.rulesets.navalwarhammer.actions import CrewOrders, Fly, Launch, Propel, Steer
from grapeshot.rulesets.navalwarhammer.contact import Met, module_met, ship_contact
from grapeshot.rulesets.navalwarhammer.courses import (
    Allowance,
    arc_length,
    cannot_move,
    course,
    crew_models,
    lacking,
    modes,
    out_of_control_distance,
    out_of_control_mode,
    roll_allowance,
)
from grapeshot.rulesets.navalwarhammer.crew import apply_crew, crew_choices
from grapeshot.rulesets.navalwarhammer.damage import hull_blow, refloat
from grapeshot.rulesets.navalwarhammer.data import FLY_MOVE, SIZE_ORDER, Propulsion, capacity
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special
from grapeshot.rulesets.navalwarhammer.fantasy.throttle import BURST_STRENGTH, full_throttle
from grapeshot.rulesets.navalwarhammer.fantasy.units import highest_leadership
from grapeshot.rulesets.navalwarhammer.prompts import CrewPrompt, FlyPrompt, LaunchPrompt, PropelPrompt, SteerPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops
from grapeshot.rulesets.navalwarhammer.water import centre_of, fly_over_water, fly_to_deck, monster_obstacles, move_aside

Proc = Generator[Prompt, Any, Any]


def movement_phase(g: Game, sea: Sea, seat: str) -> Proc:
    g.begin_phase("movement", "NW-CREW-1")
    for ship in sea.fleet(seat):
        yield from crew_orders(g, sea, ship)
    for ship in sea.fleet(seat):
        yield from offer_launch(g, sea, ship)
    for u in [u for u in sea.alive() if u.seat == seat and u.has(Special.FLY) and not u.swimming]:
        yield from fly(g, sea, u)
    from grapeshot.rulesets.navalwarhammer.minds import wild_moves

    yield from wild_moves(g, sea, seat)
    for ship in sea.fleet(seat):
        if ship.afloat:
            yield from ship_move(g, sea, ship)
    yield from boarding.deck_moves(g, sea, seat)


def crew_orders(g: Game, sea: Sea, ship: Ship) -> Proc:
    """NW-CREW-1, NW-CREW-2: the ship's commander sets its crew to work."""
    options = crew_choices(sea, ship)
    working: tuple[str, ...] = ()
    below: tuple[str, ...] = ()
    if options:
        a = cast(
            CrewOrders,
            (
                yield CrewPrompt(
                    (ship.commander,),
                    "NW-CREW-1",
                    f"{ship.name}: which units work the ship, and which stand below decks?",
                    (CrewOrders,),
                    ship=ship.name,
                    options=options,
                )
            ),
        )
        working, below = a.working, a.below
    stuck = apply_crew(sea, ship, working, below)
    g.emit("crew", "NW-CREW-1", ship=ship.name, working=sorted(working), below=sorted(below), no_room=stuck)


def offer_launch(g: Game, sea: Sea, ship: Ship) -> Proc:
    """NW-LAUNCH-1."""
    options = harbour.launch_options(sea, ship)
    if len(options) <= 1:
        return
    words = ["launch no boat", *(f"launch a boat to {o.side} with {o.models} of {o.unit}" for o in options[1:])]
    a = cast(Launch, (yield LaunchPrompt((ship.commander,), "NW-LAUNCH-1", f"{ship.name}: launch a boat?", (Launch,), answers=options, words=words)))
    if a.side is not None and a.unit is not None:
        harbour.launch(g, sea, ship, a.side, a.unit, a.models)


def fly_options(sea: Sea, u: Troops) -> tuple[list[Fly], list[str]]:
    """NW-FLY-1: where a flying unit may fly: stay; a friendly deck in reach with room for it; an
    enemy deck in reach (a charge: it lands there); over the water, 10" towards each of the eight
    points of the compass (where it can hover)."""
    from grapeshot.geometry import Vec, distance, point_hull_distance
    from grapeshot.rulesets.navalwarhammer.aboard import engaged

    out, words = [Fly(u.name)], ["stay"]
    if engaged(sea, u) or u.busy(sea.turn) or not u.figs:
        return out, words
    here = centre_of(sea, u)
    for s in sorted(sea.afloat(), key=lambda s: s.name):
        if point_hull_distance(here, s.hull) > FLY_MOVE or all(f.on == s.name for f in u.figs):
            continue
        out.append(Fly(u.name, s.name))
        words.append(("charge onto " if s.commander != u.seat else "land on ") + s.name)
    for k in range(8):
        import math

        d = math.radians(45.0 * k)
        p = Vec(here.x + math.cos(d) * FLY_MOVE, here.y + math.sin(d) * FLY_MOVE)
        if sea.table.holds_point(p, 1.0) and distance(here, p) <= FLY_MOVE + 1e-9:
            out.append(Fly(u.name, None, round(p.x, 4), round(p.y, 4)))
            words.append(f"fly over the water to ({p.x:.1f}, {p.y:.1f})")
    return out, words


def fly(g: Game, sea: Sea, u: Troops) -> Proc:
    """NW-FLY-1: flyers move before any ship; they land on a deck where there is room for them
    (charging an enemy's), or circle over the water."""
    options, words = fly_options(sea, u)
    if len(options) <= 1:
        return
    a = cast(Fly, (yield FlyPrompt((u.seat,), "NW-FLY-1", f"{u.name}: fly where?", (Fly,), answers=options, words=words)))
    from grapeshot.geometry import Vec

    if a.to is not None:
        ship = sea.ships[a.to]
        enemies = [sea.where(f) for v in sea.alive() if v.seat != u.seat for f in v.figs if f.on == ship.name and f.level == "deck"]
        near = enemies[0] if enemies and ship.commander != u.seat else ship.hull.centre
        landed = fly_to_deck(sea, u, ship, near)
        g.emit("flies", "NW-FLY-1", unit=u.name, to=ship.name, landed=landed, charge=ship.commander != u.seat)
    elif a.x is not None and a.y is not None:
        done = fly_over_water(sea, u, Vec(a.x, a.y))
        g.emit("flies", "NW-FLY-1", unit=u.name, to=None, at=[a.x, a.y], landed=done, charge=False)


# --------------------------------------------------------------------------- a ship's move


def obstacles_for(sea: Sea, ship: Ship) -> list[Obstacle]:
    """What a moving ship may run into: other ships, terrain, swimming monsters (not swimmers
    and flyers, which are moved aside)."""
    out = [Obstacle(s.name, "ship", s.hull) for s in sea.afloat() if s.name != ship.name]
    out += list(sea.obstacles)
    out += [Obstacle(name, "monster", poly) for name, poly in monster_obstacles(sea)]
    return out


#: what a ship's movement phase came to (NW-MOVE-1): the inches it moved and the allowance it had
Made = tuple[float, float]
#: a movement phase in which the ship made no move of its own (moored, aground, grappled, adrift)
STILL: Made = (0.0, 0.0)


def ship_move(g: Game, sea: Sea, ship: Ship) -> Proc:
    """One ship's move in its commander's movement phase (see the module docstring).

    NW-MOVE-1's half-move minimum looks back at this phase next time: what is remembered is the
    move the ship *made* (the inches it travelled before whatever stopped it) against the allowance
    it had, never the move it planned; a phase in which it made no move of its own, or a game turn
    in which it had no movement phase, leaves it free to move slower or stop."""
    made = yield from underway(g, sea, ship)
    ship.last_moved, ship.last_allowance = made
    ship.moved_turn = sea.turn


def underway(g: Game, sea: Sea, ship: Ship) -> Generator[Prompt, Any, Made]:
    """The body of :func:`ship_move`: what the ship does this phase, and what it came to."""
    ship.won_round = False
    if ship.moored is not None:
        opts = [Propel(ship.name, "stay"), Propel(ship.name, "cast-off")]
        a = cast(
            Propel,
            (
                yield PropelPrompt(
                    (ship.commander,), "NW-DOCK-1", f"{ship.name}: stay moored or cast off?", (Propel,), answers=opts, words=["stay moored", "cast off"]
                )
            ),
        )
        if a.mode == "cast-off":
            yield from harbour.cast_off(g, sea, ship)
        else:
            g.emit("no-move", "NW-DOCK-1", ship=ship.name, why=f"moored at {ship.moored}")
        return STILL
    if ship.aground is not None and (ship.aground_turn == sea.turn or not (yield from refloat(g, sea, ship))):
        g.emit("no-move", "NW-AGROUND-1", ship=ship.name, why=f"aground on {ship.aground}")
        return STILL
    if ship.grappled:
        g.emit("no-move", "NW-BOARD-8", ship=ship.name, why=f"grappled with {', '.join(ship.grappled)}")
        ship.speed = 0.0
        return STILL
    if harbour.in_shallows(sea, ship):
        ship.in_shallows = True
        if (yield from harbour.shallow_roll(g, sea, ship, "the start of its movement phase")):
            return STILL
    else:
        ship.in_shallows = False
    if crew_models(sea, ship) == 0:
        return (yield from adrift(g, sea, ship, "no crew aboard"))
    out_of_control = ship.out_of_control
    ship.out_of_control = False
    why = "its wizard miscast (NW-MOVE-5)" if out_of_control else ""
    if ship.overcrowded:
        yield from overcrowding(g, sea, ship)
        if ship.overcrowded and ship.out_of_control:
            out_of_control, why = True, "overcrowded, its Ld test failed (NW-CROWD-1)"
            ship.out_of_control = False
    options = modes(sea, ship)
    short = lacking(sea, ship)
    # NW-MOVE-2 is for a ship able to sail, "not a magical one": a magic ship short of crew or
    # rudder is Adrift at once, as with her vital parts lost (NW-MOVE-5)
    sails = Propulsion.SAIL in options and cannot_move(sea, ship, Propulsion.SAIL) is None
    if short is not None:
        if sails and not ship.lost_control:
            ship.lost_control = True
            return (yield from loose(g, sea, ship, f"it cannot be worked: {short}"))
        return (yield from adrift(g, sea, ship, f"it cannot be worked: {short}"))
    ship.lost_control = False
    if out_of_control:
        return (yield from loose(g, sea, ship, why))
    usable = [m for m in options if cannot_move(sea, ship, m) is None]
    if not usable:
        return (yield from adrift(g, sea, ship, "; ".join(str(cannot_move(sea, ship, m)) for m in options)))
    mode, throttle = usable[0], False
    choices = [Propel(ship.name, m.value) for m in usable] + [Propel(ship.name, Propulsion.STEAM.value, True) for m in usable if m is Propulsion.STEAM]
    if len(choices) > 1:
        words = [f"{c.mode}{' at full throttle' if c.throttle else ''}" for c in choices]
        a = cast(
            Propel, (yield PropelPrompt((ship.commander,), "NW-UPG-1", f"{ship.name}: how does she move this turn?", (Propel,), answers=choices, words=words))
        )
        mode, throttle = Propulsion(a.mode), a.throttle
    steam = 0
    if mode is Propulsion.STEAM:
        steam = int(ship.spec.steam_points)
        if throttle:
            t = yield from full_throttle(g, ship.commander, ship.name)
            if t.burst:
                yield from hull_blow(g, sea, ship, 1, BURST_STRENGTH, f"{ship.name}'s boiler bursting", None, "FB-THROTTLE-1")
                if ship.afloat:
                    return (yield from adrift(g, sea, ship, "its boiler burst: no steam this turn (FB-THROTTLE-1)"))
                return STILL
            steam += t.extra
    allowance = yield from roll_allowance(g, sea, ship, mode, steam)
    return (yield from steer(g, sea, ship, allowance))


def steer(g: Game, sea: Sea, ship: Ship, allowance: Allowance) -> Generator[Prompt, Any, Made]:
    prompt = SteerPrompt(
        (ship.commander,),
        "NW-MOVE-1",
        f'{ship.name}: move {allowance.least:g}" to {allowance.most:g}"',
        (Steer,),
        ship=ship.name,
        mode=allowance.mode,
        least=allowance.least,
        most=allowance.most,
        sea=sea,
    )
    a = Steer(ship.name, allowance.most)
    if allowance.most > 0:
        a = cast(Steer, (yield prompt))
    path = course(ship, a.inches, a.turn, a.at)
    target = prompt.ram_target(a.inches, a.turn, a.at) if a.ram else None
    if a.ram:
        g.emit("declares-ram", "NW-BOARD-1", ship=ship.name, target=target)
    moved = yield from travel(g, sea, ship, path, a.inches, ram=target, why=allowance.mode.value)
    return moved, allowance.most


def adrift(g: Game, sea: Sea, ship: Ship, why: str) -> Generator[Prompt, Any, Made]:
    """Adrift (a stand-in for the naval supplement's): D6" in the direction the wind blows, no
    turn.  The wind moves her, not her crew: no move of her own (NW-MOVE-1)."""
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: drifts", "NW-CREW-2", None, ship.name, None))
    g.emit("adrift", "NW-CREW-2", ship=ship.name, why=why, inches=r.total, direction=round(sea.wind, 3))
    yield from travel(g, sea, ship, translate_path(ship.hull.pose, sea.wind, float(r.total)), float(r.total), why="adrift")
    return STILL


def loose(g: Game, sea: Sea, ship: Ship, why: str) -> Generator[Prompt, Any, Made]:
    """NW-MOVE-2: Out of Control: half the roll for her move (the wind's under sail), turning by
    the D6 chart at half its move; collisions as usual.  A ship with no way left to move is Adrift."""
    mode = out_of_control_mode(sea, ship)
    if mode is None:
        return (yield from adrift(g, sea, ship, f"{why}; she has no way left to move"))
    inches, turn, roll, terms = yield from out_of_control_distance(g, sea, ship, mode)
    g.emit("out-of-control", "NW-MOVE-2", ship=ship.name, why=why, mode=mode.value, inches=inches, chart=roll, turning=turn, terms=[[t, v] for t, v in terms])
    bow = ship.hull.bow
    arc = min(inches, arc_length(ship, turn)) if turn else 0.0
    first = max(0.0, inches / 2.0 - arc / 2.0)
    rest = max(0.0, inches - first - arc)
    path = Path(Pose(bow.x, bow.y, ship.hull.heading), [Segment(first), Segment(arc, turn), Segment(rest)])
    moved = yield from travel(g, sea, ship, path, inches, why="out of control")
    return moved, inches * 2


def overcrowding(g: Game, sea: Sea, ship: Ship) -> Proc:
    """NW-CROWD-1: an overcrowded ship back to its normal capacity is not overcrowded any more;
    else it tests its Ld (2D6, the highest aboard) to move as normal."""
    from grapeshot.rulesets.navalwarhammer.harbour import crew_places

    normal = capacity(ship.size, ship.upgrades.get("castle", 0))
    if crew_places(sea, ship) <= normal:
        ship.overcrowded = False
        ship.capacity = normal
        g.emit("overcrowded", "NW-CROWD-1", ship=ship.name, still=False)
        return
    ld = highest_leadership(sea.crew(ship.name))
    r = yield from g.roll(RollRequest(TWO_D6, f"{ship.name}: overcrowded, Ld {ld} to move as normal", "NW-CROWD-1", ship.commander, ship.name, "low", ld))
    failed = r.total > ld
    ship.out_of_control = failed
    g.emit("overcrowded", "NW-CROWD-1", ship=ship.name, still=True, ld=ld, roll=r.total, out_of_control=failed)


def travel(g: Game, sea: Sea, ship: Ship, path: Path, planned: float, *, ram: str | None = None, why: str = "") -> Generator[Prompt, Any, float]:
    """Sweep the ship along ``path`` for ``planned`` inches, settling each contact as it comes;
    the inches she made before what stopped her.  Each contact is met at the planned speed (the
    speed she came on at, NW-DOCK-1, NW-AGROUND-1); her speed afterwards is the one she made
    (NW-LAUNCH-1 asks it next time), nothing while moored or aground."""
    start = ship.hull.pose
    at = 0.0
    contacts: list[dict[str, Any]] = []
    L, W = ship.hull.length, ship.hull.width
    while ship.afloat:
        sw = sweep(path, L, W, obstacles_for(sea, ship), sea.table, upto=planned, start=at)
        shallow = None if ship.in_shallows else harbour.shallow_point(sea, ship, path, at, sw.travelled)
        if shallow is not None:
            ship.hull = path.hull_at(shallow, L, W)
            ship.in_shallows = True
            ship.speed = planned
            if (yield from harbour.shallow_roll(g, sea, ship, 'coming within 4" of the shore')):
                at = shallow
                break
            at = shallow
            continue
        ship.hull = sw.hull
        at = sw.travelled
        hit = sw.contact
        if hit is None:
            break
        contacts.append({"with": hit.ident, "kind": hit.kind, "at": round(hit.at, 4)})
        ship.speed = planned
        if hit.kind == "ship":
            met = yield from meet(g, sea, ship, hit.ident, ram=ram == hit.ident, moved=hit.at)
            ram = None
            other = sea.ships[hit.ident]
            if met.sunk and SIZE_ORDER.index(ship.size) >= SIZE_ORDER.index(other.size) and ship.afloat:
                g.emit("sails-on", "NW-RAM-1", ship=ship.name, sunk=other.name)
                continue
            break
        if hit.kind == "dock":
            yield from harbour.dock_or_crash(g, sea, ship, hit.ident, planned)
        elif hit.kind in ("island", "rocks"):
            from grapeshot.rulesets.navalwarhammer.damage import ground

            yield from ground(g, sea, ship, hit.ident, True, planned, f"ran into {hit.ident}")
        elif hit.kind == "sandbank":
            from grapeshot.rulesets.navalwarhammer.damage import ground

            yield from ground(g, sea, ship, hit.ident, False, planned, f"ran onto {hit.ident}")
        elif hit.kind == "monster":
            g.emit("meets-monster", "NW-SWIM-1", ship=ship.name, monster=hit.ident)
        break
    ship.speed = 0.0 if ship.moored is not None or ship.aground is not None else at
    if ship.afloat:
        move_aside(g, sea, ship)
    end = ship.hull.pose
    g.emit(
        "move",
        "NW-MOVE-1",
        ship=ship.name,
        why=why,
        planned=round(planned, 4),
        travelled=round(at, 4),
        start=[round(start.x, 4), round(start.y, 4), round(start.heading, 3)],
        end=[round(end.x, 4), round(end.y, 4), round(end.heading, 3)],
        contacts=contacts,
    )
    return at


def meet(g: Game, sea: Sea, ship: Ship, other: str, *, ram: bool, moved: float) -> Generator[Prompt, Any, Met]:
    """The contact of two ships: a collisions module's, else the stand-in's; then, grappled, the
    boarded crew's charge reactions and the boarders lining up (NW-BOARD-2)."""
    proc = g.procedure(CONTACT)
    if proc is not None:  # never yet: Naval Warhammer does not host the module (docs/collisions.md)
        verdict = yield from proc(g, ship.name, other, "forward")
        met = module_met(sea, ship, other, verdict)
    else:
        met = yield from ship_contact(g, ship.name, other, ram=ram, moved=moved)
    if met.grappled:
        yield from boarding.boarded(g, sea, ship, sea.ships[other])
    return met
