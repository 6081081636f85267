"""The heuristic player's figures: where each moves, and what it does then.

A figure, in order of what comes first:

* in the water: climbs aboard if it is beside a ship, else swims for the nearest ground or
  friendly ship;
* in hand-to-hand with a weapon: stays to strike;
* next to its side's caged beast with enemies within its reach: stays to open the cage;
* with a good shot where it stands (short range or better): stays to shoot;
* beside a gun of its side: stays to load it, or to fire or turn it if it crewed it;
* aboard a sinking ship: across to another ship or ashore (over the side only when those aboard
  would drown with her);
* boards an enemy ship within 2" when its side's figures there and aboard its own ship are the
  match of the enemy's (with a hand-to-hand weapon);
* charges the enemy it would hurt most when it wins the gang-up (as many friends as foes near the
  victim, or the victim already struck this turn), or moves to get a better shot;
* stands still to reload an empty weapon;
* without a weapon, fetches the nearest one lying within reach;
* goes to its side's caged beast when enemies come within its reach and no friend is there;
* makes up a gun's crew (two for a cannon, one for a swivel or mounted rifle);
* else advances on the nearest enemy, to the place fewest loaded enemy guns can see; onto a
  fort's walls where the enemy holds them (through a gate open to it, else scaling them).

Animals go for the nearest prey and attack it (:func:`.animals.chase`, as the wild creatures'
rules do); a person lets a caged beast out when an enemy is within 12" of the cage (its move
and a bit: it goes for them at once).  A sea dragon of its side takes the attack worth most: its
claws and teeth, or its breath, a fire weighed by what it may burn in the turns left (a 6 each
turn does a point, a 1 puts it out), or its breath at a loaded enemy gun to set it off.
A shaman weighs its spells as it would shots: lightning by the cannon's chance and 1D6 (at a
ship weighed by its cost a point), repelling the figures by the enemies it drives off its
friends or out of reach of them, repelling a ship by how close she lies to its own.

Its action: the blow or shot with the most expected harm (a kill counts half again; a gun's
damage to a ship weighed by the ship's cost a point), climbing aboard, loading a gun, turning a
cannon, a grapple when its side is the stronger (cutting one when it is the weaker), reloading,
or nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import cast

from grapeshot.core.errors import IllegalAction
from grapeshot.geometry import EYE_HEIGHT, Obstruction, Point3, Surface, Vec, base_gap, blockings, hull_distance, hull_gap, hull_polygon_distance
from grapeshot.rulesets.woodenships import animals
from grapeshot.rulesets.woodenships.actions import Act, Move, SurfaceName
from grapeshot.rulesets.woodenships.checks import hero, need
from grapeshot.rulesets.woodenships.data import (
    BARREL_ROLL,
    BOARD_REACH,
    CLIMB_REACH,
    CONTACT,
    GUN_RADIUS,
    MOVE,
    NEXT_TO,
    SMALL_ARMS,
    SWIM,
    WILD,
    SmallArm,
    melee_of,
)
from grapeshot.rulesets.woodenships.figures import WORDS, pickups, stay_plan
from grapeshot.rulesets.woodenships.forts import open_gates
from grapeshot.rulesets.woodenships.guns import guns_near, lay, next_to, target_of
from grapeshot.rulesets.woodenships.magic import POWERS, bolt, repelled
from grapeshot.rulesets.woodenships.melee import foes_in_contact, second_weapon
from grapeshot.rulesets.woodenships.pieces import Figure, Fort, Gun, Ship, Weapon
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.players.creatures import chance, dragon_attack, worth
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt
from grapeshot.rulesets.woodenships.shooting import aim, band_of
from grapeshot.rulesets.woodenships.state import Shore

#: a shot at least this likely to hit is taken from where the figure stands
GOOD_SHOT = 1.0 / 3.0
#: a caged beast is let out when an enemy is this near it (inches: its 8" move and a little)
CAGE_REACH = 12.0


def _try(prompt: MovePrompt, m: Move) -> bool:
    try:
        prompt.plan_for(m)
    except IllegalAction:
        return False
    return True


def move(shore: Shore, prompt: MovePrompt) -> Move:
    fig = shore.figures[prompt.figure]
    if fig.animal:  # an animal (its side's or, for the referee, a wild one) goes for its prey
        m = animals.chase(shore, prompt.spaces(), fig, animals.prey_of(shore, obstructions(shore), fig))
        return m if _try(prompt, m) else Move()
    for m in _choices(shore, prompt, fig):
        if _try(prompt, m):
            return m
    return Move()


def _stay(shore: Shore, fig: Figure) -> Move:
    return Move(pick_up=pickups(shore, fig, stay_plan(shore, fig)))


def _to(shore: Shore, prompt: MovePrompt, fig: Figure, surface: Surface, ident: str, p: Vec, take: Sequence[str] = ()) -> Move | None:
    """A move to the free spot of a surface nearest ``p``, picking up ``take`` and whatever else
    lies on its way."""
    if surface not in WORDS:
        return None  # below decks or aloft (the collisions module's places): no move goes there
    goal = prompt.spaces().get(surface, ident).nearest(p)
    if goal is None:
        return None
    m = Move((goal.x, goal.y), cast(SurfaceName, WORDS[surface]), ident)
    try:
        made = prompt.plan_for(m)
    except IllegalAction:
        return None
    return Move(m.to, m.surface, m.of, tuple(dict.fromkeys([*take, *pickups(shore, fig, made)])))


def _towards(shore: Shore, prompt: MovePrompt, fig: Figure, target: Vec, most: float) -> Move | None:
    """Towards ``target`` on its own surface: to the free spot nearest the point ``most`` inches
    along the straight line (or two thirds of that, where the way there bends round too much)."""
    assert fig.spot is not None
    here = fig.spot
    start = shore.world(here)
    d = math.hypot(target.x - start.x, target.y - start.y)
    if d < 0.05:
        return None
    for share in (1.0, 2.0 / 3.0):
        k = min(1.0, most * share / d)
        m = _to(shore, prompt, fig, here.surface, here.ident, Vec(start.x + (target.x - start.x) * k, start.y + (target.y - start.y) * k))
        if m is not None and m.to is not None and math.hypot(m.to[0] - start.x, m.to[1] - start.y) >= 0.05:
            return m
    return None


def _choices(shore: Shore, prompt: MovePrompt, fig: Figure) -> Iterator[Move]:
    """The moves worth making, best first, each worked out only when the ones before it would
    not do (the first that checks is made)."""
    assert fig.spot is not None
    start = shore.world(fig.spot)
    stay = _stay(shore, fig)
    if fig.swimming:
        yield from _swim(shore, prompt, fig, start, stay)
        return
    if fig.spot.surface is Surface.DECK and shore.ships[fig.spot.ident].band == "sinking":
        yield from _abandon(shore, prompt, fig, start)
    weapons = shore.carried(fig.name)
    hand = [w for w in weapons if melee_of(w.kind) is not None]
    loaded = [w for w in weapons if w.kind in SMALL_ARMS and w.loaded and w.picked != shore.serial]
    empty = [w for w in weapons if w.kind in SMALL_ARMS and not w.loaded and not SMALL_ARMS[w.kind].thrown]
    # (with the collisions module, prisoners and those below decks or aloft are out of reach)
    foes = [f for f in shore.living() if f.side != fig.side and f.name not in shore.prisoners and f.spot is not None and f.spot.surface in WORDS]
    if hand and foes_in_contact(shore, fig):
        yield stay
        return
    if any(_cage_wanted(shore, fig, b) and _next_to_cage(shore, fig, b) for b in shore.living(fig.side)):
        yield stay
        return
    obs = obstructions(shore)
    shot_here = max((_shot_value(shore, obs, fig, start, shore.height(fig.spot), w, f) for w in loaded for f in foes), default=0.0)
    if shot_here >= GOOD_SHOT:
        yield stay
        return
    duty = _gun_duty(shore, fig, obs)
    if duty:
        yield stay
        return
    if hand:
        yield from _boarding(shore, prompt, fig, start)
        yield from _charges(shore, prompt, fig, start, hand[0], foes, shot_here)
    if loaded:
        better = _better_shot(shore, prompt, fig, start, loaded, foes, obs, shot_here)
        if better is not None:
            yield better
    if shot_here > 0.0 or empty:
        yield stay
        return
    if not hand and not loaded:
        yield from _fetch(shore, prompt, fig, start)
    yield from _to_cage(shore, prompt, fig)
    yield from _man_guns(shore, prompt, fig)
    yield from _advance(shore, prompt, fig, start, foes, obs)
    yield stay


def _abandon(shore: Shore, prompt: MovePrompt, fig: Figure, start: Vec) -> Iterator[Move]:
    """Off a sinking ship: across to another ship or ashore within reach; over the side only if
    those still aboard will go down with her (else the sea takes them off her anyway)."""
    assert fig.spot is not None
    own = shore.ships[fig.spot.ident]
    for s in sorted(shore.afloat(), key=lambda s: (s.side != fig.side, s.name)):
        if s is not own and s.band != "sinking" and hull_distance(own.hull, s.hull) <= BOARD_REACH:
            m = _to(shore, prompt, fig, Surface.DECK, s.name, start)
            if m is not None:
                yield m
    for lv in shore.lands:
        if not lv.solid and hull_polygon_distance(own.hull, lv.area) <= BOARD_REACH:
            m = _to(shore, prompt, fig, Surface.LAND, lv.ident, start)
            if m is not None:
                yield m
    if shore.option("sinking_aboard") == "drown":
        m = _to(shore, prompt, fig, Surface.WATER, "", start)
        if m is not None:
            yield m


def _cage_wanted(shore: Shore, fig: Figure, beast: Figure) -> bool:
    """Whether a caged beast of the figure's side is worth letting out: an enemy person is within
    its reach (WS-ANIMAL-2: it goes for the first it sees)."""
    if not beast.caged or beast.spot is None or fig.animal:
        return False
    b = shore.base(beast)
    return any(not f.animal and _near(shore, f, b.centre, CAGE_REACH) for f in shore.living() if f.side not in (fig.side, WILD))


def _next_to_cage(shore: Shore, fig: Figure, beast: Figure) -> bool:
    return base_gap(shore.base(fig), shore.base(beast)) <= NEXT_TO + 1e-9


def _to_cage(shore: Shore, prompt: MovePrompt, fig: Figure) -> Iterator[Move]:
    """Next to a caged beast of its side worth letting out, where no friend stands next to it."""
    assert fig.spot is not None
    for beast in shore.living(fig.side):
        if not _cage_wanted(shore, fig, beast) or beast.spot is None:
            continue
        if any(f is not fig and not f.animal and _next_to_cage(shore, f, beast) for f in shore.living(fig.side)):
            continue
        b = shore.base(beast)
        if not _near(shore, fig, b.centre, MOVE + NEXT_TO + b.radius + fig.radius):
            continue
        m = _to(shore, prompt, fig, beast.spot.surface, beast.spot.ident, b.centre)
        if m is not None and m.to is not None and math.hypot(m.to[0] - b.x, m.to[1] - b.y) - b.radius - fig.radius <= NEXT_TO:
            yield m


def _gun_duty(shore: Shore, fig: Figure, obs: Sequence[Obstruction]) -> bool:
    """Whether the figure should stay by a gun: to fire it (it began the turn beside it, and it
    has a target), turn it, or load it."""
    for gun in guns_near(shore, fig):
        if shore.mount(gun).side != fig.side:
            continue
        if not gun.loaded:
            return True
        if fig.name in gun.crew and gun.fired != shore.serial and (_targets(shore, fig, gun, obs) or (gun.kind == "cannon" and gun.wheels)):
            return True
    return False


def _targets(shore: Shore, fig: Figure, gun: Gun, obs: Sequence[Obstruction]) -> list[str]:
    names = [f.name for f in shore.living() if f.side != fig.side] + [s.name for s in shore.afloat() if s.side != fig.side]
    names += [x.name for x in shore.standing() if x.side != fig.side] + [g.name for x in shore.standing() if x.side != fig.side for g in x.gates]
    return [n for n in names if not isinstance(lay(shore, obs, fig, gun.name, n), str)]


def _man_guns(shore: Shore, prompt: MovePrompt, fig: Figure) -> Iterator[Move]:
    """Next to a gun of its ship or fort that has fewer than two of its side beside it (one to
    load, one to fire)."""
    assert fig.spot is not None
    here = fig.spot
    if here.surface is Surface.DECK:
        mine = shore.ships[here.ident].side == fig.side
    else:
        fort = shore.forts.get(here.ident) if here.surface is Surface.WALL_TOP else None
        mine = fort is not None and fort.side == fig.side
    if not mine:
        return
    mates = [f for f in shore.living(fig.side) if f is not fig]
    for gun in shore.guns_on(fig.spot.ident):
        if next_to(shore, fig, gun):
            return
        if sum(1 for f in mates if next_to(shore, f, gun)) < (2 if gun.kind == "cannon" else 1):
            m = _to(shore, prompt, fig, here.surface, gun.ship, shore.gun_point(gun))
            if m is not None and m.to is not None:
                p = shore.gun_point(gun)
                if math.hypot(m.to[0] - p.x, m.to[1] - p.y) - fig.radius - GUN_RADIUS <= NEXT_TO:
                    yield m


def _swim(shore: Shore, prompt: MovePrompt, fig: Figure, start: Vec, stay: Move) -> list[Move]:
    base = shore.base(fig)
    if any(hull_gap(base, s.hull) <= CLIMB_REACH for s in shore.afloat()):
        return [stay]
    places: list[tuple[float, Surface, str, Vec]] = []
    for s in shore.afloat():
        d = hull_gap(base, s.hull) + (4.0 if s.side != fig.side else 0.0)
        places.append((d, Surface.DECK, s.name, s.hull.centre))
    for lv in shore.lands:
        if not lv.solid:
            places.append((lv.area.distance_to(start), Surface.LAND, lv.ident, lv.area.closest_point(start)))
    out: list[Move] = []
    for _, surface, ident, p in sorted(places, key=lambda t: (t[0], t[2])):
        if surface is Surface.LAND:
            m = _to(shore, prompt, fig, Surface.LAND, ident, p)
            if m is not None:
                out.append(m)
        m2 = _towards(shore, prompt, fig, p, SWIM)
        if m2 is not None:
            out.append(m2)
        if out:
            break
    return [*out, stay]


def _side_strength(shore: Shore, side: str, figures: Sequence[Figure]) -> float:
    return sum(2.0 if f.hero else 1.0 for f in figures if f.side == side)


def _boarding(shore: Shore, prompt: MovePrompt, fig: Figure, start: Vec) -> Iterator[Move]:
    """Across onto an enemy ship within 2", when the side is the match of the enemy there."""
    assert fig.spot is not None
    if fig.spot.surface is not Surface.DECK:
        return
    own = shore.ships[fig.spot.ident]
    for s in shore.afloat():
        if s.side == fig.side or hull_distance(own.hull, s.hull) > BOARD_REACH:
            continue
        there = shore.aboard(s.name)
        ours = _side_strength(shore, fig.side, [*there, *shore.aboard(own.name)])
        theirs = sum(2.0 if f.hero else 1.0 for f in there if f.side != fig.side)
        if ours >= theirs:
            m = _to(shore, prompt, fig, Surface.DECK, s.name, start)
            if m is not None:
                yield m


def _charges(shore: Shore, prompt: MovePrompt, fig: Figure, start: Vec, weapon: Weapon, foes: Sequence[Figure], shot_here: float) -> Iterator[Move]:
    """Into contact with the enemy it would hurt most, where it wins the gang-up."""
    best: list[tuple[float, str, Figure, Vec]] = []
    for foe in foes:
        if foe.swimming or foe.spot is None:
            continue
        p = shore.world(foe.spot)
        d = math.hypot(p.x - start.x, p.y - start.y)
        if d > MOVE + 2.0 or d < 1e-9:
            continue
        if foe.spot.surface is Surface.DECK and shore.ships[foe.spot.ident].side != fig.side and (fig.spot is None or fig.spot.ident != foe.spot.ident):
            continue  # across onto an enemy ship is boarding, which has no blow this turn
        gang = shore.attacks.get(foe.name, 0)
        friends = sum(1 for f in shore.living(fig.side) if f is not fig and not f.swimming and _near(shore, f, p, 4.0))
        enemies = sum(1 for f in shore.living(foe.side) if not f.swimming and _near(shore, f, p, 4.0))
        if gang == 0 and friends + 1 < enemies:
            continue
        profile = melee_of(weapon.kind)
        assert profile is not None
        mods = hero(fig)
        value = chance(need(profile.to_hit, mods) - gang, "bonus_only") * profile.damage * worth(foe, profile.damage)
        if value <= shot_here:
            continue
        gap = foe.radius + fig.radius + CONTACT / 2.0
        best.append((value, foe.name, foe, Vec(p.x + (start.x - p.x) * gap / d, p.y + (start.y - p.y) * gap / d)))
    for _, _, foe, touch in sorted(best, key=lambda t: (-t[0], t[1])):
        assert foe.spot is not None
        m = _to(shore, prompt, fig, foe.spot.surface, foe.spot.ident, touch)
        if m is not None:
            yield m


def _near(shore: Shore, f: Figure, p: Vec, within: float) -> bool:
    b = shore.base(f)
    return math.hypot(b.x - p.x, b.y - p.y) <= within


def _shot_value(shore: Shore, obs: Sequence[Obstruction], fig: Figure, at: Vec, height: float, w: Weapon, foe: Figure) -> float:
    """How much a shot with ``w`` from ``at`` would be worth against ``foe`` (0: none to take)."""
    arm: SmallArm = SMALL_ARMS[w.kind]
    if foe.spot is None:
        return 0.0
    p = shore.world(foe.spot)
    gap = max(0.0, math.hypot(p.x - at.x, p.y - at.y) - fig.radius - foe.radius)
    band = band_of(arm, gap)
    if band is None or band[1] is None:
        return 0.0
    p_hit = chance(need(band[1], hero(fig)), str(shore.option("to_hit_seven")))
    if p_hit <= 0.0:
        return 0.0
    head = Point3(p.x, p.y, shore.height(foe.spot) + EYE_HEIGHT)
    if blockings(Point3(at.x, at.y, height + EYE_HEIGHT), head, obs):
        return 0.0
    return p_hit * worth(foe, arm.damage)


def _better_shot(
    shore: Shore, prompt: MovePrompt, fig: Figure, start: Vec, loaded: Sequence[Weapon], foes: Sequence[Figure], obs: Sequence[Obstruction], here: float
) -> Move | None:
    """Towards the nearest enemy, to where a shot would be better than where it stands."""
    assert fig.spot is not None
    near = [f for f in foes if f.spot is not None]
    if not near:
        return None
    foe = min(near, key=lambda f: (_dist(shore, f, start), f.name))
    assert foe.spot is not None
    m = _towards(shore, prompt, fig, shore.world(foe.spot), MOVE / 2.0)
    if m is None or m.to is None:
        return None
    q = Vec(*m.to)
    v = max(_shot_value(shore, obs, fig, q, shore.height(fig.spot), w, f) for w in loaded for f in foes)
    return m if v > here else None


def _dist(shore: Shore, f: Figure, p: Vec) -> float:
    b = shore.base(f)
    return math.hypot(b.x - p.x, b.y - p.y)


def _fetch(shore: Shore, prompt: MovePrompt, fig: Figure, start: Vec) -> list[Move]:
    """To the nearest weapon lying within reach."""
    lying = [
        (math.hypot(p.x - start.x, p.y - start.y), w.name, w)
        for w in shore.weapons.values()
        if w.holder is None and w.spot is not None
        for p in [shore.world(w.spot)]
    ]
    out = []
    for d, _, w in sorted(lying)[:3]:
        if d > MOVE + 1.0 or w.spot is None:
            continue
        m = _to(shore, prompt, fig, w.spot.surface, w.spot.ident, shore.world(w.spot), (w.name,))
        if m is not None:
            out.append(m)
    return out


def _advance(shore: Shore, prompt: MovePrompt, fig: Figure, start: Vec, foes: Sequence[Figure], obs: Sequence[Obstruction]) -> list[Move]:
    """Towards the nearest enemy, to the place the fewest loaded enemy guns can see (within 8",
    or half way), or ashore where the enemy holds the ground."""
    assert fig.spot is not None
    on_foot = [f for f in foes if f.spot is not None and not f.swimming]
    if not on_foot:
        return []
    nearest = min(on_foot, key=lambda f: (_dist(shore, f, start), f.name))
    assert nearest.spot is not None
    goal = shore.world(nearest.spot)
    out: list[Move] = []
    if nearest.spot.surface is Surface.LAND and fig.spot.surface is Surface.DECK:
        land = shore.land(nearest.spot.ident)
        if hull_polygon_distance(shore.ships[fig.spot.ident].hull, land.area) <= BOARD_REACH:
            m = _to(shore, prompt, fig, Surface.LAND, land.ident, goal)
            if m is not None:
                out.append(m)
    fort = shore.fort_of(nearest.spot)
    if fort is not None and shore.fort_of(fig.spot) is None:  # onto its walls: by a gate open to it, else scaling them
        for p in [*(Vec(x.x, x.y) for x in open_gates(fort, fig)), goal]:
            m = _to(shore, prompt, fig, Surface.WALL_TOP, fort.name, p)
            if m is not None:
                out.append(m)
                break
    reach = {f.name: max((SMALL_ARMS[w.kind].bands[0] for w in shore.carried(f.name) if w.loaded and w.kind in SMALL_ARMS), default=0.0) for f in foes}
    shooters = [
        (f, _eye(shore, f), reach[f.name]) for f in foes if reach[f.name] > 0.0 and f.spot is not None and _dist(shore, f, start) <= reach[f.name] + MOVE + 1.0
    ]
    far = _towards(shore, prompt, fig, goal, MOVE)
    options = [m for m in (far, _towards(shore, prompt, fig, goal, MOVE / 3.0) if far is not None else None) if m is not None]

    def seen(m: Move) -> int:
        """How many loaded enemy guns within their reach would see the figure there."""
        assert m.to is not None and fig.spot is not None
        q = Point3(m.to[0], m.to[1], shore.height(fig.spot) + EYE_HEIGHT)
        return sum(1 for _, e, r in shooters if math.hypot(e.x - q.x, e.y - q.y) <= r + 1.0 and not blockings(e, q, obs))

    out += sorted(options, key=lambda m: (seen(m), _to_dist(m, goal)))
    return out


def _eye(shore: Shore, f: Figure) -> Point3:
    assert f.spot is not None
    p = shore.world(f.spot)
    return Point3(p.x, p.y, shore.height(f.spot) + EYE_HEIGHT)


def _to_dist(m: Move, goal: Vec) -> float:
    assert m.to is not None
    return math.hypot(m.to[0] - goal.x, m.to[1] - goal.y)


# --------------------------------------------------------------------------- the action


#: the gunner's work that a man with an enemy base to base leaves for later (he fights first)
BUSYWORK = ("load", "reload", "turn")
#: what such work is worth to him then, as a share of its worth at leisure
PRESSED = 0.1


def act(shore: Shore, prompt: ActPrompt) -> Act:
    """The action with the most expected harm; climbing aboard; a grapple when stronger, cutting
    one when weaker; reloading; with an enemy base to base, the blow before the gunner's work."""
    fig = shore.figures[prompt.figure]
    if fig.kind == "sea-dragon" and not fig.wild:
        return dragon_attack(shore, fig, prompt.options())
    if fig.animal:
        return animals.choose_attack(shore, fig, prompt.options(), animals.prey_of(shore, prompt.obstructions(), fig))
    best: tuple[float, Act] = (0.0, Act())
    pressed = bool(foes_in_contact(shore, fig))
    for a in prompt.options():
        v = _value(shore, prompt, fig, a)
        if pressed and a.what in BUSYWORK:
            v *= PRESSED
        if v > best[0] + 1e-12:
            best = (v, a)
    return best[1]


def _value(shore: Shore, prompt: ActPrompt, fig: Figure, a: Act) -> float:
    seven = str(shore.option("to_hit_seven"))
    if a.what == "strike" and a.weapon is not None and a.target is not None:
        w = shore.weapons[a.weapon]
        foe = shore.figures[a.target]
        profile = melee_of(w.kind)
        assert profile is not None
        bonus = shore.attacks.get(foe.name, 0) + (1 if second_weapon(shore, fig, w) is not None and shore.option("two_weapons") == "hit" else 0)
        return chance(need(profile.to_hit, hero(fig)) - bonus, seven) * profile.damage * worth(foe, profile.damage) + 0.01
    if a.what == "shoot":
        shot = aim(shore, prompt.obstructions(), fig, a.weapon, a.target)
        if isinstance(shot, str):
            return 0.0
        return chance(need(shot.base, shot.mods), seven) * worth(shot.target, shot.arm.damage)
    if a.what == "climb":
        target = shore.ships[a.target or ""]
        return 5.0 if target.side == fig.side else 3.0
    if a.what == "grapple":
        own = shore.ships[fig.spot.ident] if fig.spot is not None else None
        other = shore.ships[a.target or ""]
        ours = sum(1 for f in shore.aboard(own.name) if f.side == fig.side) if own is not None else 0
        theirs = sum(1 for f in shore.aboard(other.name) if f.side != fig.side)
        return 0.25 if ours >= theirs else 0.0
    if a.what == "hurl":
        man = shore.figures.get(a.target or "")
        hit = chance(need(BARREL_ROLL, hero(fig)), seven)
        if man is not None:
            return hit * min(3.5, man.life) * worth(man, 3)
        ship = shore.ships[a.target or ""]
        return hit * 3.5 * ship.cost / ship.points
    if a.what == "cut":
        # the weaker crew cuts itself free of a stronger enemy's grapple (WS-BOARD-2)
        mine = shore.ships[fig.spot.ident] if fig.spot is not None else None
        other = shore.ships[a.target or ""]
        ours = sum(1 for f in shore.aboard(mine.name) if f.side == fig.side) if mine is not None else 0
        theirs = sum(1 for f in shore.aboard(other.name) if f.side != fig.side)
        return 0.3 if other.side != fig.side and ours < theirs else 0.0
    if a.what == "reload":
        return 0.2
    if a.what == "load":
        return 1.0
    if a.what == "turn":
        return 0.6 if isinstance(target_of(shore, a.target), Ship) else 0.3
    if a.what in POWERS:
        return _spell_value(shore, prompt, fig, a)
    if a.what == "release":
        return _release_value(shore, fig, shore.figures[a.target or ""])
    if a.what == "fire":
        laid = lay(shore, prompt.obstructions(), fig, a.weapon, a.target)
        if isinstance(laid, str):
            return 0.0
        p = chance(need(laid.base, laid.mods), "bonus_only")
        hurt = 3.5 if laid.gun.kind == "cannon" else 2.0 if laid.gun.kind == "swivel" else 1.0
        aimed = laid.target
        if isinstance(aimed, Figure):
            return p * worth(aimed, int(hurt))
        if isinstance(aimed, (Ship, Fort)):
            return p * hurt * aimed.cost / aimed.points
        return p * 2.0
    return 0.0


def _spell_value(shore: Shore, prompt: ActPrompt, fig: Figure, a: Act) -> float:
    """What a shaman's spell is worth (WS-MAGIC-1), on the scale of shots and blows."""
    if a.what == "lightning":
        b = bolt(shore, prompt.obstructions(), fig, a.target)
        if isinstance(b, str):
            return 0.0
        p = chance(need(b.base, b.mods), "bonus_only")
        aimed = b.target
        if isinstance(aimed, Figure):
            return p * worth(aimed, 3)
        if isinstance(aimed, Ship):
            return p * 3.5 * aimed.cost / aimed.points
        return p * 1.5
    friends = [f for f in shore.living(fig.side) if f.spot is not None]
    if a.what == "repel":
        near = 0
        for foe in repelled(shore, fig):
            if any(_near(shore, foe, shore.world(f.spot), MOVE) for f in friends if f.spot is not None):
                near += 1
        return 0.3 * near
    own = {f.spot.ident for f in friends if f.spot is not None and f.spot.surface is Surface.DECK}
    ship = shore.ships[a.target or ""]
    close = min((hull_distance(ship.hull, shore.ships[o].hull) for o in own if o in shore.ships), default=99.0)
    return 0.4 if close <= 2.0 * BOARD_REACH and ship.side != fig.side else 0.0


def _release_value(shore: Shore, fig: Figure, beast: Figure) -> float:
    """Opening a cage is worth about a good shot when enemies are within the beast's reach: let
    out, it is its side's and goes for them (two bites a turn, and a body they must deal with)."""
    return 0.8 if _cage_wanted(shore, fig, beast) else 0.0
