"""A player that plays Wooden Ships sensibly, fast enough for many games.

* The draft: the weapon worth most to a side that still lacks it: a ranged weapon while some of
  its figures have none, a hand-to-hand weapon while some have none (rifles and pistols, then the
  halberd, swords and axes, clubs last).  The sharing out: heroes first, each figure one
  hand-to-hand and one ranged weapon, heroes a second one-handed weapon, the rest stowed amidships.
* Ships: each closes on the nearest enemy ship (or the ground its enemies hold) when its crew is
  the match of theirs, else keeps at about 10" (pistol and rifle range, out of a boarding party's
  reach); it waits at anchor while more of its crew are ashore than aboard.
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
from grapeshot.geometry import Contact, Hull, Surface, hull_distance, hull_polygon_distance
from grapeshot.rulesets.woodenships import gw
from grapeshot.rulesets.woodenships.actions import Distribute, Hold, Next, Pick, Steer
from grapeshot.rulesets.woodenships.data import MELEE, PILE_KINDS, SMALL_ARMS, melee_of
from grapeshot.rulesets.woodenships.draft import DistributePrompt, PickPrompt
from grapeshot.rulesets.woodenships.melee import engaged
from grapeshot.rulesets.woodenships.players import tactics
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt, NextPrompt, SteerPrompt
from grapeshot.rulesets.woodenships.rams import TERRAIN_RAMS, expected
from grapeshot.rulesets.woodenships.ships import sail
from grapeshot.rulesets.woodenships.state import Figure, Ship, Shore

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
}
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
        if isinstance(prompt, RerollPrompt):
            return gw.wanted(prompt.rule, prompt.roll, prompt.whole)  # the GW dice's "rr" (WS-GUN-10)
        raise ValueError(f"the heuristic player cannot answer a {prompt.kind}")

    def module_answer(self, game: Game, seat: str, prompt: Prompt) -> Action | None:
        """Its answers to the collisions module's prompts (:mod:`.collisions`; None for another
        module's, which go to that module's player)."""
        if prompt.namespace != "collisions":
            return None
        from grapeshot.rulesets.woodenships.players.collisions import answer

        return answer(game, seat, prompt)

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
        if kind in SMALL_ARMS and ranged >= crew:
            v -= 2.5
        if kind not in SMALL_ARMS and hand >= crew:
            v -= 2.5
        return v, -PILE_KINDS.index(kind)

    return Pick(max(prompt.kinds(), key=worth))


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
        hull, contact, turned, ran = sail(shore, ship, s.angle, s.inches, prompt.spin)
        d = _distance(shore, hull, target)
        score = max(d - 1.0, 0.0) if close else abs(d - STAND_OFF)
        score += _ram_cost(shore, ship, hull, contact, close, turned, ran)
        if contact is not None and contact.ident != target and contact.kind not in ("ship", *TERRAIN_RAMS):
            score += 3.0
        score += abs(turned) / 900.0
        if best is None or score < best[0] - 1e-9:
            best = (score, s)
    assert best is not None
    return best[1]
