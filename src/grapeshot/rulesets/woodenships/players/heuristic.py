"""A player that plays Wooden Ships sensibly, fast enough for many games.

* The draft: the weapon worth most to a side that still lacks it: a ranged weapon while some of
  its figures have none, a hand-to-hand weapon while some have none (rifles and pistols, then the
  halberd, swords and axes, clubs last); a gun above all while the side has room to mount it and
  crew to serve it (two for a cannon, one for a swivel or mounted rifle, of every three figures
  no more than two at the guns).  Its guns go where they are fewest: cannons to the broadsides
  of the ship with the most crew a gun, middle sections first, swivels and mounted rifles to the
  bow and stern first, a fort's to the wall facing the nearest enemy.  The sharing out: heroes first, each figure one
  hand-to-hand and one ranged weapon, heroes a second one-handed weapon, the rest stowed amidships.
* Ships: each closes on the nearest enemy ship (or the ground its enemies hold) when its crew is
  the match of theirs, else keeps at about 10" (pistol and rifle range, out of a boarding party's
  reach); it waits at anchor while more of its crew are ashore than aboard.  With the wind on, a
  sailing ship goes out of its way (up to 4") to pass between an enemy and the wind and steal it,
  and keeps out of an enemy's lee (and off its friends' wind).
* Figures (:mod:`.tactics`): the engaged strike first, the men before the heroes, so that the
  heroes' blows get the gang-up; then the rest, nearest the enemy first; gun crews serve their
  guns.
"""

from __future__ import annotations

import math
import random
from typing import cast

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.geometry import Contact, Hull, Surface, Vec, angle_diff, bearing, hull_distance, hull_polygon_distance
from grapeshot.rulesets.woodenships import gw, wind
from grapeshot.rulesets.woodenships.actions import Distribute, Hold, Mount, Next, Pick, Steer
from grapeshot.rulesets.woodenships.data import DRAFT_KINDS, GUNS, MELEE, SMALL_ARMS, melee_of
from grapeshot.rulesets.woodenships.draft import DistributePrompt, PickPrompt
from grapeshot.rulesets.woodenships.melee import engaged
from grapeshot.rulesets.woodenships.mounts import CANNON_POINTS, MountPrompt, capacity, places, vessels
from grapeshot.rulesets.woodenships.pieces import Figure, Ship
from grapeshot.rulesets.woodenships.players import tactics
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt, NextPrompt, SteerPrompt
from grapeshot.rulesets.woodenships.rams import TERRAIN_RAMS, expected
from grapeshot.rulesets.woodenships.ships import came_to_touch, sail
from grapeshot.rulesets.woodenships.state import Shore

#: what a weapon is worth to a side, before what it lacks is counted
VALUE = {
    "rifle": 5.0,
    "pistol": 4.5,
    "halberd": 4.0,
    "crossbow": 3.5,
    "bow": 3.5,
    "sword": 3.2,
    "axe": 3.0,
    "spear": 2.5,
    "club": 1.5,
    "bottle": 1.2,
    "frying-pan": 1.2,
    "oar": 1.0,
    "barrel": 2.8,
    "cannon": 6.5,
    "swivel": 6.0,
    "mounted-rifle": 4.0,
}
#: how many of a side's figures serve each kind of gun (one loads, another fires)
CREW = {"cannon": 2, "swivel": 1, "mounted-rifle": 1}
#: a ship standing off keeps about this far from its enemy (inches, hull to hull)
STAND_OFF = 10.0


class HeuristicPlayer:
    """Sensible, quick play of every prompt of the rule set."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._order: tuple[tuple[int, int], list[str]] | None = None

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        shore = cast(Shore, game.state)
        if isinstance(prompt, MovePrompt):
            return tactics.move(shore, prompt)
        if isinstance(prompt, ActPrompt):
            return tactics.act(shore, prompt)
        if isinstance(prompt, NextPrompt):
            return self.next(shore, seat, prompt)
        if isinstance(prompt, SteerPrompt):
            return steer(shore, seat, prompt)
        if isinstance(prompt, PickPrompt):
            return pick(shore, seat, prompt)
        if isinstance(prompt, DistributePrompt):
            return distribute(shore, seat, prompt)
        if isinstance(prompt, MountPrompt):
            return mount(shore, seat, prompt)
        if isinstance(prompt, RerollPrompt):
            return gw.wanted(prompt.rule, prompt.roll, prompt.whole)  # the GW dice's "rr" (WS-GUN-10)
        raise ValueError(f"the heuristic player cannot answer a {prompt.kind}")

    def next(self, shore: Shore, seat: str, prompt: NextPrompt) -> Next:
        """The engaged first (men before heroes), then the rest nearest the enemy first; the order
        is worked out once a side's turn and followed as figures come ready."""
        key = (id(shore), shore.serial)
        if self._order is None or self._order[0] != key:
            self._order = (key, order_of(shore, seat, prompt.ready))
        ready = set(prompt.ready)
        for name in self._order[1]:
            if name in ready:
                return Next(name)
        return Next(prompt.ready[0])


def order_of(shore: Shore, seat: str, ready: tuple[str, ...]) -> list[str]:
    foes = [shore.base(f) for f in shore.living() if f.side != seat and not f.swimming]

    def key(name: str) -> tuple[int, int, float, str]:
        f = shore.figures[name]
        b = shore.base(f)
        near = min((math.hypot(b.x - o.x, b.y - o.y) for o in foes), default=math.inf)
        fighting = engaged(shore, f)
        return (0 if fighting else 1, int(f.hero) if fighting else 0, near, name)

    return sorted(ready, key=key)


# --------------------------------------------------------------------------- the draft


def pick(shore: Shore, seat: str, prompt: PickPrompt) -> Pick:
    """The weapon worth most to the side now: what it lacks counts double."""
    d = shore.draft
    mine = [shore.weapons[w].kind for w in (d.taken.get(seat, []) if d is not None else [])]
    mine += [w.kind for f in shore.living(seat) for w in shore.carried(f.name)]
    crew = sum(1 for _ in shore.living(seat))
    ranged = sum(1 for k in mine if k in SMALL_ARMS)
    hand = sum(1 for k in mine if k not in SMALL_ARMS and melee_of(k) is not None)

    def worth(kind: str) -> tuple[float, int]:
        v = VALUE.get(kind, 1.0)
        if kind in GUNS:
            return _gun_worth(shore, seat, kind, v), -DRAFT_KINDS.index(kind)
        if kind in SMALL_ARMS and ranged >= crew:
            v -= 2.5
        if kind not in SMALL_ARMS and hand >= crew:
            v -= 2.5
        return v, -DRAFT_KINDS.index(kind)

    return Pick(max(prompt.kinds(), key=worth))


def _gun_worth(shore: Shore, seat: str, kind: str, value: float) -> float:
    """A gun is worth its value while the side has a place for it and the crew to serve it."""
    d = shore.draft
    pending = list(d.guns.get(seat, [])) if d is not None else []
    mine = vessels(shore, seat)
    fits = [v for v in mine if kind != "cannon" or not isinstance(v, Ship) or v.points >= CANNON_POINTS]
    room = sum(max(0, capacity(v) - len(shore.guns_on(v.name))) for v in fits) - len(pending)
    if room <= 0:
        return 0.0
    mounted = [g.kind for v in mine for g in shore.guns_on(v.name)]
    served = sum(CREW[k] for k in [*mounted, *pending, kind])
    people = sum(1 for f in shore.living(seat) if not f.animal)
    return value if 3 * served <= 2 * people else value - 4.0


def mount(shore: Shore, seat: str, prompt: MountPrompt) -> Mount:
    """Where a drafted gun goes: on the vessel with the most crew a gun, on the side of it with
    the fewest guns (cannons to the broadsides, middle sections first; swivels and mounted rifles
    to the bow and stern first); on a fort, the wall facing the nearest enemy."""
    kind = prompt.guns[seat]
    free = {cast(Mount, c.value).place for c in prompt.legal(seat).parts[0].options}
    foes = [s.hull.centre for s in shore.afloat() if s.side != seat] + [f.hull.centre for f in shore.standing() if f.side != seat]
    best: tuple[tuple[float, str], str] | None = None
    for vessel in vessels(shore, seat):
        guns = shore.guns_on(vessel.name)
        crew = sum(1 for f in shore.living(seat) if not f.animal and f.spot is not None and f.spot.ident == vessel.name)
        load = 4.0 * sum(CREW[g.kind] for g in guns) / max(1, crew)
        for p in places(vessel):
            if p.name not in free:
                continue
            if isinstance(vessel, Ship):
                same = sum(1 for g in guns if abs(angle_diff(g.mount, p.mount)) < 1.0)
                end = p.mount in (0.0, 180.0)
                fit = (2.0 if end else 0.0) if kind == "cannon" else (0.0 if end else 1.5)
                score = load + 3.0 * same + fit + abs(p.along) / max(vessel.hull.hl, 1.0)
            else:
                w = vessel.hull.world(p.along, p.port)
                aim = min((abs(angle_diff(vessel.hull.heading + p.mount, bearing(w, c))) for c in foes), default=0.0)
                score = load + aim / 30.0
            key = (score, p.name)
            if best is None or key < best[0]:
                best = (key, p.name)
    assert best is not None, "a mount prompt lists a free place"
    return Mount(best[1])


def distribute(shore: Shore, seat: str, prompt: DistributePrompt) -> Distribute:
    """Heroes first: one hand-to-hand and one ranged weapon each, then a second one-handed weapon
    for the heroes; whatever is left is stowed amidships of the side's first ship."""
    crew = sorted(shore.living(seat), key=lambda f: (not f.hero, f.name))
    kit: dict[str, list[str]] = {f.name: [w.kind for w in shore.carried(f.name)] for f in crew}
    fleet = shore.fleet(seat)
    store = None
    if fleet:
        secs = fleet[0].plan.sections
        store = f"{fleet[0].name}/{secs[len(secs) // 2].name}"
    holds = []
    weapons = sorted(prompt.weapons.get(seat, ()), key=lambda w: (-VALUE.get(shore.weapons[w].kind, 1.0), w))
    for name in weapons:
        kind = shore.weapons[name].kind
        holder = _holder(kind, crew, kit, shore)
        if holder is None:
            holder = store if store is not None else crew[0].name
        else:
            kit[holder].append(kind)
        holds.append(Hold(name, holder))
    return Distribute(tuple(holds))


def _holder(kind: str, crew: list[Figure], kit: dict[str, list[str]], shore: Shore) -> str | None:
    ranged = kind in SMALL_ARMS
    for f in crew:
        have = kit[f.name]
        if ranged and not any(k in SMALL_ARMS for k in have):
            return f.name
        if not ranged and not any(k not in SMALL_ARMS and melee_of(k) is not None for k in have):
            return f.name
    profile = MELEE.get(kind)
    if profile is not None and profile.one_handed(str(shore.option("one_handed"))):
        for f in crew:
            pairs = [k for k in kit[f.name] if k in MELEE and MELEE[k].one_handed(str(shore.option("one_handed")))]
            if f.hero and len(pairs) == 1:
                return f.name
    return None


# --------------------------------------------------------------------------- ships


def target_of(shore: Shore, ship: Ship) -> tuple[str, float, int]:
    """What a ship makes for: the nearest enemy ship, or the nearest ground enemies stand on; its
    name, how far it is (hull to hull or hull to ground), and how many enemies are there."""
    best = ("", math.inf, 0)
    for other in shore.afloat():
        if other.side != ship.side:
            d = hull_distance(ship.hull, other.hull)
            foes = sum(1 for f in shore.aboard(other.name) if f.side != ship.side)
            if d < best[1]:
                best = (other.name, d, foes)
    for lv in shore.lands:
        foes = sum(1 for f in shore.on(Surface.LAND, lv.ident) if f.side != ship.side)
        if foes:
            d = hull_polygon_distance(ship.hull, lv.area)
            if d < best[1]:
                best = (lv.ident, d, foes)
    return best


def _distance(shore: Shore, hull: Hull, target: str) -> float:
    if target in shore.ships:
        return hull_distance(hull, shore.ships[target].hull)
    return hull_polygon_distance(hull, shore.land(target).area)


def _ram_cost(shore: Shore, ship: Ship, hull: Hull, contact: Contact | None, close: bool, turned: float = 0.0, ran: float = 0.0) -> float:
    """What a move that ends in a ram is worth, as inches of the steering's score (less is
    better): the hull points it would deal an enemy, at their cost, less those it would take;
    ramming a friend or a rock costs what it takes; sticking fast to an enemy is welcome when
    the crew means to board (WS-RAM-1/2; with the collisions module its ram, entangling the two,
    :func:`.collisions.ram_expectation`)."""
    if shore.hosting and contact is not None and contact.kind == "ship":
        from grapeshot.rulesets.woodenships.players.collisions import ram_expectation

        dealt, taken, struck = ram_expectation(shore, ship, hull, contact, turned, ran)
    else:
        dealt, taken, struck = expected(shore, ship, hull, contact)
    if contact is None or (struck is None and taken == 0.0):
        return 0.0
    mine = ship.cost / ship.points
    if struck is None or struck.side == ship.side:
        return 2.0 * (taken * mine + (dealt * struck.cost / struck.points if struck is not None else 0.0))
    net = dealt * struck.cost / struck.points - taken * mine
    stuck = (dealt > 0.0) if shore.hosting else ship.points > struck.left  # entangled by the module's ram
    return -2.0 * net - (2.0 if stuck and close else 0.0)


def _wind_cost(shore: Shore, ship: Ship, hull: Hull) -> float:
    """WS-WIND-3, as inches of the steering's score (less is better): ending a phase (or passing
    half way) in an enemy's wind shadow steals her wind, worth 4" if she is stopped by it, 2" if
    only slowed; ending with an enemy in her own shadow, in its lee, costs the same the other way
    round; taking a friend's wind costs what stealing an enemy's is worth."""
    if not wind.on(shore) or not wind.sails(ship):
        return 0.0
    end = hull.centre
    mid = Vec((ship.hull.x + end.x) / 2.0, (ship.hull.y + end.y) / 2.0)
    cost = 0.0
    for other in shore.afloat():
        if other is ship or not wind.sails(other):
            continue
        foe = other.side != ship.side
        if wind.in_shadow(shore, other.hull, end) or wind.in_shadow(shore, other.hull, mid):
            worth = 4.0 if hull.length >= other.hull.length - 1e-9 else 2.0
            cost += -worth if foe else worth
        elif foe and wind.in_shadow(shore, hull, other.hull.centre):
            cost += 4.0 if other.hull.length >= hull.length - 1e-9 else 2.0
    return cost


def steer(shore: Shore, seat: str, prompt: SteerPrompt) -> Steer:
    """Close on the target when the crew is its match, else stand off at about 10"; ram an enemy
    when the ram deals more than it takes (and stick fast to board), never a friend or a rock;
    wait while more of the crew is ashore than aboard."""
    ship = shore.ships[prompt.ship]
    aboard = sum(1 for f in shore.aboard(ship.name) if f.side == seat)
    ashore = sum(1 for f in shore.living(seat) if f.spot is not None and f.spot.surface is Surface.LAND)
    target, _, foes = target_of(shore, ship)
    if not target or ashore > aboard:
        return Steer()
    close = aboard >= 0.8 * foes
    best: tuple[float, Steer] | None = None
    for c in prompt.legal(seat).parts[0].options:
        s = cast(Steer, c.value)
        hull, touching, turned, ran = sail(shore, ship, s.angle, s.inches, prompt.spin)
        contact = came_to_touch(touching, turned, ran, ship.hull.length)
        d = _distance(shore, hull, target)
        score = max(d - 1.0, 0.0) if close else abs(d - STAND_OFF)
        score += _ram_cost(shore, ship, hull, contact, close, turned, ran)
        if contact is not None and contact.ident != target and contact.kind not in ("ship", *TERRAIN_RAMS):
            score += 3.0
        score += abs(turned) / 900.0
        score += _wind_cost(shore, ship, hull)
        if best is None or score < best[0] - 1e-9:
            best = (score, s)
    assert best is not None
    return best[1]
