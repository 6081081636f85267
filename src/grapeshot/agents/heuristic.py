"""A player that plays Jim Lad sensibly, fast enough for thousands of games.

* Orders: every legal card (each side, card at start or end) gets a quick look
  at where it would end; the best few get a closer one: poses along the way,
  and an exact check that even the card's shortest move runs into nothing.
  A pose scores for open water ahead (to the edge or the next rock), keeping
  off islands, ships and the edge, and guns brought to bear on enemies at a
  good range.
* Distance: the same score over the allowed range, stopping short of contacts.
* Shooting: each usable gun, shell and target is valued by its expected
  effect (hull points for krak, krew for grapeshot); the best is fired first.
  Torpedoes go when an enemy lies across their tracks.  A shaken or badly
  damaged ship sends its riggers to repair instead.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from grapeshot.core.actions import Action, Reroll
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.geometry import Hull, Polygon, Vec, bearing, distance, first_contact, first_hull_on_segment, flamer_template, unit
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Sluggas, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.data import (
    CARDS,
    KANNONS,
    KLANS,
    MANNED_TORPEDO_RANGE,
    RAMSHACKLE_SAVE,
    SPEED_LOSS_DICE,
    TORPEDO_RUN,
    Card,
    CardAt,
    Turn,
    armour_of,
)
from grapeshot.rulesets.jimlad.kannon import ARC_OFFSET, grapeshot_targets
from grapeshot.rulesets.jimlad.krew import deck_positions
from grapeshot.rulesets.jimlad.movement import card_path
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Sea, Ship
from grapeshot.rulesets.jimlad.torpedoes import manned_arc

EDGE_MARGIN = 2.0
ROOM_WANTED = 36.0  # inches of open water ahead that keep next turn's options open
IDEAL_RANGE = 16.0
GRAPESHOT_REACH = 8.0  # the template's length; also the D3 grapeshot range
SHORTLIST = 3  # manoeuvres looked at closely (more while the best so far runs into something)


@lru_cache(maxsize=64)
def p_land(length: float, width: float, bs: int) -> float:
    """Chance a krak aimed at a hull's centre lands on it (hit face, or a short scatter)."""
    hl, hw = length / 2.0, width / 2.0
    p = 1.0 / 3.0
    for a in range(1, 7):
        for b in range(1, 7):
            d = max(0, a + b - bs)
            if d == 0:
                inside = 1.0
            else:
                n = 72
                inside = sum(1 for k in range(n) if abs(d * math.cos(2 * math.pi * k / n)) <= hl and abs(d * math.sin(2 * math.pi * k / n)) <= hw) / n
            p += (2.0 / 3.0) * inside / 36.0
    return p


def p_damage(strength: int, armour: int, save: bool = True) -> float:
    """Chance a blow of ``strength`` takes a hull point off ``armour`` (penetrate or glance, then the save)."""
    faces = sum(1 for f in range(1, 7) if strength + f >= armour) / 6.0
    return faces * ((RAMSHACKLE_SAVE - 1) / 6.0 if save else 1.0)


_RAD = math.pi / 180.0
#: what running into something costs a manoeuvre's score, by what it runs into
CONTACT_PENALTY = {"island": 8.0, "dock": 8.0, "edge": 6.0, "ship": 4.0}
STOP_SHORT = 0.5  # inches a ship stops short of a contact it can see coming
REPAIR_ORDER = ("engine", "rudder", "gun:fore", "gun:port", "gun:starboard", "gun:aft", "hull")
TORPEDO_THRIFT = 0.7  # the salvo is once a game: it must beat a kannon shot by a margin


_GUN_BEARING = {"fore": 0.0, "port": 90.0, "starboard": -90.0}


@dataclass(frozen=True, slots=True)
class _Looks:
    """What a ship sees when weighing its moves: obstacle and enemy circles, its guns."""

    radius: float
    half_length: float
    half_width: float
    rocks: list[tuple[float, float, float]]
    ships: list[tuple[float, float, float]]
    enemies: list[tuple[float, float]]
    guns: list[tuple[float, float, float]]  # (bearing off the bow, range, value)
    reach: float
    half_arc: float


@lru_cache(maxsize=8192)
def _relative(card: Card, turn: str, at: str, inches: float, length: float, width: float) -> tuple[tuple[float, float, float], ...]:
    """Hull centres along a manoeuvre (at 25%, 50% and the end) in the ship's own frame."""
    h = Hull(0.0, 0.0, 0.0, length, width)
    path = card_path(h, card, turn, at, inches)  # type: ignore[arg-type]
    out = []
    for frac in (0.25, 0.5, 1.0):
        e = path.hull_at(path.length * frac, length, width)
        out.append((e.x, e.y, e.heading))
    return tuple(out)


def _aim_point(h: Hull, m: Vec, centre: float, half_arc: float, reach: float) -> tuple[float, float] | None:
    """The point of a hull nearest its centre, along the keel, that a gun at ``m`` (arc
    ``centre`` +- ``half_arc`` degrees, range ``reach``) can aim at."""
    c, s = h.c, h.s
    for along in (0.0, 0.5, -0.5, 0.9, -0.9):
        px, py = h.x + along * h.hl * c, h.y + along * h.hl * s
        dx, dy = px - m.x, py - m.y
        if dx * dx + dy * dy > reach * reach:
            continue
        off = (math.degrees(math.atan2(dy, dx)) - centre + 180.0) % 360.0 - 180.0
        if abs(off) <= half_arc:
            return (px, py)
    return None


def _samples(h: Hull, card: Card, turn: str, at: str, inches: float) -> list[tuple[float, float, float]]:
    """The same samples placed on the table for a hull's present pose (distance rounded to 1")."""
    rel = _relative(card, turn, at, float(round(inches)), h.length, h.width)
    c, s = h.c, h.s
    return [(h.x + x * c - y * s, h.y + x * s + y * c, h.heading + th) for x, y, th in rel]


class HeuristicPlayer:
    """Closes to range, brings guns to bear, shoots for the best expected effect, repairs when hurt."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ dispatch

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        if isinstance(prompt, OrdersPrompt):
            return self.orders(game.state, seat, prompt)
        if isinstance(prompt, DistancePrompt):
            return self.distance(game.state, prompt)
        if isinstance(prompt, ShootPrompt):
            return self.shoot(prompt)
        if isinstance(prompt, TakeoverPrompt):
            return Takeover(*prompt.options[0]) if prompt.options else Takeover()
        if isinstance(prompt, RerollPrompt):
            return self.reroll(prompt)
        if isinstance(prompt, DicePrompt):
            raise ValueError("the heuristic player cannot roll physical dice")
        raise ValueError(f"heuristic player cannot answer {prompt.kind}")

    # ------------------------------------------------------------------ movement

    def score_pose(self, sea: Sea, ship: Ship, samples: list[tuple[float, float, float]], looks: _Looks) -> float:
        """How good it is to end a move at the last of ``samples`` (centre x, y, heading),
        having passed the others on the way."""
        score = 0.0
        hr = looks.radius
        w, ht = sea.table.width, sea.table.height
        for x, y, _ in samples:
            for ox, oy, rr in looks.rocks:
                if (x - ox) ** 2 + (y - oy) ** 2 < rr * rr:
                    score -= 6.0
            for ox, oy, rr in looks.ships:
                if (x - ox) ** 2 + (y - oy) ** 2 < rr * rr:
                    score -= 4.0
            edge = min(x, y, w - x, ht - y) - hr
            if edge < EDGE_MARGIN:
                score -= (EDGE_MARGIN - edge) * 2.0
        x, y, heading = samples[-1]
        # open water ahead of the bow
        r = heading * _RAD
        dx, dy = math.cos(r), math.sin(r)
        bx, by = x + dx * looks.half_length, y + dy * looks.half_length
        room = ROOM_WANTED
        if dx > 1e-9:
            room = min(room, (w - bx) / dx)
        elif dx < -1e-9:
            room = min(room, -bx / dx)
        if dy > 1e-9:
            room = min(room, (ht - by) / dy)
        elif dy < -1e-9:
            room = min(room, -by / dy)
        for ox, oy, rr in looks.rocks:
            # a rock across the bow's course (its circle grown by the half width) cuts the room short
            along = (ox - bx) * dx + (oy - by) * dy
            if along > 0.0:
                across2 = (ox - bx) ** 2 + (oy - by) ** 2 - along * along
                reach2 = (rr - looks.radius + looks.half_width) ** 2
                if across2 < reach2:
                    room = min(room, along - math.sqrt(reach2 - across2))
        score += 3.0 * max(0.0, room) / ROOM_WANTED
        nearest = math.inf
        for ex, ey in looks.enemies:
            ddx, ddy = ex - x, ey - y
            gap = math.hypot(ddx, ddy)
            nearest = min(nearest, gap)
            if gap > looks.reach:
                continue
            rel = (math.degrees(math.atan2(ddy, ddx)) - heading + 180.0) % 360.0 - 180.0
            for centre, rng, value in looks.guns:
                if gap <= rng and abs((rel - centre + 180.0) % 360.0 - 180.0) <= looks.half_arc:
                    score += value
        if nearest < math.inf:
            score -= abs(nearest - IDEAL_RANGE) / 24.0
        return score

    def looks(self, sea: Sea, ship: Ship) -> _Looks:
        hr = math.hypot(ship.length, ship.width) / 2.0
        rocks = [(ob.shape.cx, ob.shape.cy, ob.shape.radius + hr) for ob in sea.obstacles if isinstance(ob.shape, Polygon)]
        ships = [(s.hull.x, s.hull.y, s.hull.radius + hr + 1.0) for s in sea.afloat() if s is not ship]
        enemies = [(e.hull.x, e.hull.y) for e in sea.enemies(ship)]
        guns = [(_GUN_BEARING[g], KANNONS[g].range, 1.2 if g == "fore" else 1.0) for g in ("fore", "port", "starboard") if g not in ship.damaged_guns]
        reach = max((g[1] for g in guns), default=0.0)
        return _Looks(hr, ship.length / 2.0, ship.width / 2.0, rocks, ships, enemies, guns, reach, float(sea.option("kannon_arc")) / 2.0)

    def expected_high(self, sea: Sea, ship: Ship, card: Card) -> float:
        spec = CARDS[card]
        klan = KLANS[ship.klan]
        return spec.base + 3.5 * (spec.dice + klan.move_dice - SPEED_LOSS_DICE.get(ship.hull_points, 0))

    def orders(self, sea: Sea, seat: str, prompt: OrdersPrompt) -> Orders:
        out = []
        for name, options in prompt.choices[seat].items():
            ship = sea.ships[name]
            looks = self.looks(sea, ship)
            h = ship.hull
            obstacles = sea.ship_obstacles(ship)
            # a quick look at where every card (and card position) ends, then a closer look at the best few
            quick: list[tuple[float, Card, Turn, CardAt, float]] = []
            for card, turn in options:
                spec = CARDS[card]
                d = (spec.minimum + max(spec.minimum, self.expected_high(sea, ship, card))) / 2.0
                for at in ("start", "end") if turn != "none" else ("start",):
                    end = _samples(h, card, turn, at, d)[-1:]
                    quick.append((self.score_pose(sea, ship, end, looks) + self.rng.random() * 0.05, card, turn, at, d))
            quick.sort(key=lambda q: -q[0])
            best: tuple[float, ManoeuvreOrder] | None = None
            best_clear = False
            for looked, (_, card, turn, at, d) in enumerate(quick):
                if looked >= SHORTLIST and best_clear:
                    break
                value = self.score_pose(sea, ship, _samples(h, card, turn, at, d), looks)
                if best is None or value > best[0]:
                    # even the card's shortest move must be clear, or the ship runs into something
                    shortest = card_path(h, card, turn, at, CARDS[card].minimum)
                    hit = first_contact(shortest, ship.length, ship.width, obstacles, sea.table)
                    if hit is not None:
                        value -= CONTACT_PENALTY.get(hit.kind, 8.0)
                    if best is None or value > best[0]:
                        best, best_clear = (value, ManoeuvreOrder(name, int(card), turn, at)), hit is None
            assert best is not None
            out.append(best[1])
        return Orders(tuple(out))

    def distance(self, sea: Sea, prompt: DistancePrompt) -> Distance:
        """The best place to stop between the least and the most allowed, short of any contact."""
        ship = sea.ships[prompt.ship]
        looks = self.looks(sea, ship)
        path = card_path(ship.hull, prompt.card, prompt.turn, prompt.card_at, prompt.high)  # type: ignore[arg-type]
        fixed = path.length - prompt.high
        hit = first_contact(path, ship.length, ship.width, sea.ship_obstacles(ship), sea.table)
        top = prompt.high if hit is None else min(prompt.high, max(prompt.low, hit.at - fixed - STOP_SHORT))
        best = (-math.inf, prompt.low)
        for i in range(3):
            d = prompt.low + (top - prompt.low) * i / 2.0
            value = self.score_pose(sea, ship, _samples(ship.hull, prompt.card, prompt.turn, prompt.card_at, d), looks)
            if value > best[0]:
                best = (value, d)
        return Distance(best[1])

    # ------------------------------------------------------------------ shooting

    def shoot(self, prompt: ShootPrompt) -> Action:
        sea, ship = prompt.sea, prompt.ship
        assert sea is not None and ship is not None
        repairs = prompt.repairs()
        best_value, best_action = self.best_shot(sea, ship, prompt)
        if repairs:
            hurt = ship.hull_points <= 2 and "hull" in repairs
            crippled = "engine" in repairs or "rudder" in repairs
            if not prompt.may_shoot() or (hurt and best_value < 0.6) or (crippled and best_value < 0.3) or best_value <= 0.0:
                # badly holed: the hull first; otherwise what keeps the ship sailing and shooting
                for what in (("hull",) if hurt else ()) + REPAIR_ORDER:
                    if what in repairs:
                        return Repair(what)
        if best_action is not None and best_value > 0.0:
            return best_action
        return EndShooting()

    def best_shot(self, sea: Sea, ship: Ship, prompt: ShootPrompt) -> tuple[float, Action | None]:
        """The most valuable single thing this ship can fire now, with its expected effect."""
        best: tuple[float, Action | None] = (0.0, None)
        enemies = sea.enemies(ship)
        bs = int(sea.option("krak_scatter_bs"))
        template = sea.option("grapeshot") == "template"
        half_arc = float(sea.option("kannon_arc")) / 2.0
        h = ship.hull
        klan = KLANS[ship.klan]
        for gun, shells in prompt.guns().items():
            k = KANNONS[gun]
            m = h.side_point(k.facing)
            centre = h.heading + ARC_OFFSET[k.facing]
            for e in enemies:
                eh = e.hull
                reach = max(k.range, GRAPESHOT_REACH)
                if math.hypot(eh.x - m.x, eh.y - m.y) - eh.radius > reach:
                    continue
                for shell in shells:
                    action: Action
                    if shell == "krak":
                        aim = _aim_point(eh, m, centre, half_arc, k.range)
                        if aim is None:
                            continue
                        shots = 2.0 if klan.broadside_d3 and gun in ("port", "starboard") else 1.0
                        p = p_land(eh.length, eh.width, bs) * (1.0 if aim == (eh.x, eh.y) else 0.6)
                        value = shots * p * p_damage(k.krak or 0, armour_of(e.klan, eh.facing_towards(m)))
                        value *= 1.5 if e.hull_points == 1 else 1.0
                        action = Fire(gun, "krak", aim=aim)
                    elif template:
                        if _aim_point(eh, m, centre, half_arc, GRAPESHOT_REACH) != (eh.x, eh.y):
                            continue
                        tpl = flamer_template(m, bearing(m, eh.centre))
                        caught = sum(1 for _, spot in deck_positions(e) if tpl.contains(spot))
                        value = caught * 0.15 * (3.0 if len(e.krew) <= 3 else 1.0)
                        action = Fire(gun, "grapeshot", aim=(eh.x, eh.y))
                    else:
                        if e not in grapeshot_targets(sea, ship, gun):
                            continue
                        value = 2.0 * 0.15 * (3.0 if len(e.krew) <= 3 else 1.0)
                        action = Fire(gun, "grapeshot", target=e.name)
                    if value > best[0]:
                        best = (value, action)
        if prompt.torpedoes():
            value, torp = self.torpedo_value(sea, ship, enemies)
            if value > best[0]:
                best = (value, torp)
        targets = prompt.slugga_targets()
        if targets:
            t = min(targets, key=lambda e: len(e.krew))
            if len(ship.krew) >= len(t.krew):
                value = 0.05 * len(ship.krew)
                if value > best[0]:
                    best = (value, Sluggas(t.name))
        return best

    def torpedo_value(self, sea: Sea, ship: Ship, enemies: list[Ship]) -> tuple[float, Torpedoes]:
        h = ship.hull
        if KLANS[ship.klan].manned_torpedoes:
            bow = h.bow
            arc = manned_arc(ship)
            for e in sorted(enemies, key=lambda x: distance(bow, x.centre)):
                if distance(bow, e.centre) <= MANNED_TORPEDO_RANGE and arc.contains(bow, e.centre):
                    p = (e.centre.x, e.centre.y)
                    return TORPEDO_THRIFT * 2.0 * p_damage(9, armour_of(e.klan, e.hull.facing_towards(bow))), Torpedoes((p, p))
            return 0.0, Torpedoes()
        ahead = unit(h.heading)
        value = 0.0
        for side in (0.5, -0.5):
            start = h.world(h.hl, side * 2.0)
            end = Vec(start.x + ahead.x * TORPEDO_RUN, start.y + ahead.y * TORPEDO_RUN)
            found = first_hull_on_segment(start, end, [(s.name, s.hull) for s in sea.afloat() if s is not ship])
            if found is not None and sea.ships[found[0]].commander != ship.commander:
                e = sea.ships[found[0]]
                value += 0.5 * p_damage(9, armour_of(e.klan, e.hull.facing_towards(start)))
        return TORPEDO_THRIFT * value, Torpedoes()

    # ------------------------------------------------------------------ dice

    def reroll(self, prompt: RerollPrompt) -> Reroll:
        roll, request = prompt.roll, prompt.request
        assert roll is not None and request is not None
        faces = roll.faces
        if request.better == "hit":
            return Reroll(0 if roll.direction is not None else None)
        if request.better == "high":
            i = min(range(len(faces)), key=lambda k: faces[k])
            return Reroll(i if faces[i] <= 3 else None)
        if request.better == "low":
            i = max(range(len(faces)), key=lambda k: faces[k])
            return Reroll(i if faces[i] >= 5 else None)
        return Reroll(None)
