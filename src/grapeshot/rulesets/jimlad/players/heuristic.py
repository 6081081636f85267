"""A player that plays Jim Lad sensibly, fast enough for thousands of games.

* Orders: every legal card (each side, card at start or end) gets a quick look
  at where it would end; the best few get a closer one: poses along the way,
  and an exact check that even the card's shortest move runs into nothing.
  A pose scores for open water ahead (to the edge or the next rock), keeping
  off islands, ships and the edge, and guns brought to bear on enemies at a
  good range, and boarding (JL-BOARD-1): it keeps well clear of an enemy that
  could board it this turn, and closes on one it would board first with the odds.
* Distance: the same score over the allowed range, stopping short of contacts.
* Shooting: each usable gun, shell and target is valued by its expected
  effect (hull points for krak, krew for grapeshot); the best is fired first.
  Torpedoes go when an enemy lies across their tracks.  A shaken or badly
  damaged ship sends its riggers to repair instead.
* Boarding: it boards when its Orks (a Kaptin counting one more) at least
  match the defenders'; the charge gives it the rest.
* Land and harbour: a badly damaged ship with gold aboard makes for the
  harbour and docks; it spends its gold on repairs first, then on krew, and
  leaves when there is nothing more to buy.  A ship that ends a move near a
  treasure island with no enemy about lands to dig.  Ships in harbour are
  never shot at.
"""

# grapeshot: compile with mypyc

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from grapeshot.core.actions import Action, Reroll
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.dice import worst_die
from grapeshot.geometry import Hull, Polygon, Vec, bearing, distance, first_contact, first_hull_on_segment, flamer_template, unit
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Sluggas, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.aims import passes
from grapeshot.rulesets.jimlad.boarding import BOARDING_RANGE, Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import (
    CARDS,
    KANNONS,
    KLANS,
    KRAKEN_RADIUS,
    MANNED_TORPEDO_RANGE,
    MINE_RADIUS,
    RAMSHACKLE_SAVE,
    SPEED_LOSS_DICE,
    TORPEDO_RUN,
    Card,
    CardAt,
    Turn,
    armour_of,
)
from grapeshot.rulesets.jimlad.harbour import Land, LandPrompt, LeavePrompt, StayOrLeave, Trade, TradePrompt, in_harbour, offers, place_of
from grapeshot.rulesets.jimlad.kannon import ARC_OFFSET, check_fire, grapeshot_targets
from grapeshot.rulesets.jimlad.krew import deck_positions, takeover_options
from grapeshot.rulesets.jimlad.movement import card_path
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Sea, Ship
from grapeshot.rulesets.jimlad.torpedoes import manned_arc

EDGE_MARGIN = 2.0
ROOM_WANTED = 36.0  # inches of open water ahead that keep next turn's options open
IDEAL_RANGE = 16.0
GRAPESHOT_REACH = 8.0  # the template's length; also the D3 grapeshot range
BOARD_MARGIN = 30.0  # inches beyond boarding reach (centre to centre) worth minding: the other ship moves too
BOARD_FEAR = 4.0  # what lying within an enemy's boarding reach costs a manoeuvre's score
BOARD_GREED = 1.0  # what lying within reach of a ship it can board first is worth
KRAKEN_NEAR = 30.0  # inches: a Kraken this close is worth a spare krak shell
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
KRAKEN_BERTH = 10.0  # inches kept between a ship and the Kraken's reach (it swims 3D6" a turn)
TORPEDO_THRIFT = 0.7  # the salvo is once a game: it must beat a kannon shot by a margin
HARBOUR_PULL = 0.25  # score lost per inch from the harbour, for a ship that wants to dock
TREASURE_QUIET = 24.0  # no enemy within this many inches: time to dig for treasure
#: what gold is spent on in harbour, most wanted first: repairs, then hires
TRADE_ORDER = ("engine", "rudder", "hull", "gun:fore", "gun:port", "gun:starboard", "gun:aft", "kaptin", "doc", "krew")


def wants_port(ship: Ship) -> bool:
    """Badly damaged (or short of krew) with gold aboard to pay for repairs."""
    return ship.gold > 0 and (ship.hull_points <= 3 or ship.rudder_damaged or ship.engine_damaged or len(ship.krew) <= 3)


def harbour_goal(sea: Sea, ship: Ship) -> tuple[float, float] | None:
    """Where a ship that wants to dock steers for: the harbour water in front of the nearest
    dock (or a point 5" off the dock, towards the middle of the table); None if it does not."""
    if not wants_port(ship):
        return None
    docks = [t.shape for t in sea.terrain if t.kind == "dock" and t.shape is not None]
    if not docks:
        return None
    dock = min(docks, key=lambda d: d.distance_to(ship.centre))
    for t in sea.terrain:
        w = t.shape
        if (
            t.kind == "harbour"
            and w is not None
            and w.minx <= dock.maxx + 1
            and w.maxx >= dock.minx - 1
            and w.miny <= dock.maxy + 1
            and w.maxy >= dock.miny - 1
        ):
            return (w.cx, w.cy)
    p = dock.closest_point(sea.table.centre)
    d = unit(bearing(p, sea.table.centre))
    return (p.x + d.x * 5.0, p.y + d.y * 5.0)


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
    goal: tuple[float, float] | None = None  # the harbour, for a ship that wants to dock
    #: enemies that could board this ship this turn, and enemies it could board first with the odds: (x, y, reach)
    threats: tuple[tuple[float, float, float], ...] = ()
    prey: tuple[tuple[float, float, float], ...] = ()


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


def _edge(mine: Ship, theirs: Ship) -> int:
    """The boarding odds as the heuristic sees them: Orks aboard, and one more for a Kaptin."""
    return len(mine.krew) + (mine.kaptin is not None) - len(theirs.krew) - (theirs.kaptin is not None)


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
        if isinstance(prompt, BoardPrompt):
            return self.board(game.state, seat, prompt)
        if isinstance(prompt, LandPrompt):
            return self.land(game.state, prompt)
        if isinstance(prompt, LeavePrompt):
            return self.leave(game.state, prompt)
        if isinstance(prompt, TradePrompt):
            return self.trade(prompt)
        if isinstance(prompt, RerollPrompt):
            return self.reroll(prompt)
        if isinstance(prompt, DicePrompt):
            raise ValueError("the heuristic player cannot roll physical dice")
        raise ValueError(f"heuristic player cannot answer {prompt.kind}")

    def board(self, sea: Sea, seat: str, prompt: BoardPrompt) -> Board:
        """Board when the odds favour it: Orks aboard, plus one for a Kaptin, at least the
        defenders' (the charge is worth the rest); the best odds first, then the surer grapnels.
        A hulk that can be taken over without a fight later in the phase is left for that."""
        hulks = {h for h, _ in takeover_options(sea, seat)}
        best: tuple[tuple[int, int], Board] | None = None
        for o in prompt.options:
            mine, theirs = sea.ships[o.boarder], sea.ships[o.target]
            if theirs.name in hulks:
                continue
            edge = _edge(mine, theirs)
            if edge >= 0 and (best is None or (edge, -o.need) > best[0]):
                best = ((edge, -o.need), Board(o.boarder, o.target))
        return best[1] if best is not None else Board()

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
        for ex, ey, near in looks.threats:  # keep out of reach of boarders (JL-BOARD-1)
            gap = math.hypot(ex - x, ey - y)
            if gap < near + BOARD_MARGIN:
                score -= BOARD_FEAR * (near + BOARD_MARGIN - gap) / (near + BOARD_MARGIN)
        for ex, ey, near in looks.prey:  # and close on a ship it can board first, with the odds
            gap = math.hypot(ex - x, ey - y)
            if gap < near + BOARD_MARGIN:
                score += BOARD_GREED * (near + BOARD_MARGIN - gap) / (near + BOARD_MARGIN)
        if looks.goal is not None:
            score -= HARBOUR_PULL * math.hypot(looks.goal[0] - x, looks.goal[1] - y)
        return score

    def looks(self, sea: Sea, ship: Ship) -> _Looks:
        hr = math.hypot(ship.length, ship.width) / 2.0
        rocks = [(ob.shape.cx, ob.shape.cy, ob.shape.radius + hr) for ob in sea.obstacles if isinstance(ob.shape, Polygon)]
        # mines are rocks that blow up; the Kraken is a rock that comes after you: keep well clear
        rocks += [(m.x, m.y, MINE_RADIUS + hr + 1.0) for m in sea.mines]
        if sea.kraken is not None:
            rocks.append((sea.kraken.x, sea.kraken.y, KRAKEN_RADIUS + hr + KRAKEN_BERTH))
        ships = [(s.hull.x, s.hull.y, s.hull.radius + hr + 1.0) for s in sea.afloat() if s is not ship]
        enemies = [(e.hull.x, e.hull.y) for e in sea.enemies(ship) if not in_harbour(sea, e)]
        guns = [(_GUN_BEARING[g], KANNONS[g].range, 1.2 if g == "fore" else 1.0) for g in ("fore", "port", "starboard") if g not in ship.damaged_guns]
        reach = max((g[1] for g in guns), default=0.0)
        threats, prey = self.boarding_looks(sea, ship)
        return _Looks(
            hr,
            ship.length / 2.0,
            ship.width / 2.0,
            rocks,
            ships,
            enemies,
            guns,
            reach,
            float(sea.option("kannon_arc")) / 2.0,
            harbour_goal(sea, ship),
            threats,
            prey,
        )

    def boarding_looks(self, sea: Sea, ship: Ship) -> tuple[tuple[tuple[float, float, float], ...], tuple[tuple[float, float, float], ...]]:
        """Enemies to keep away from (they could board this ship this turn) and enemies to close on
        (this ship boards before them in the turn sequence, with the odds), each as (x, y, centre
        distance within which boarding is in reach)."""
        threats, prey = [], []
        order = list(sea.order)
        able = ship.krewed and not ship.in_force("shaken", sea.turn)
        for e in sea.enemies(ship):
            if in_harbour(sea, e):
                continue
            near = BOARDING_RANGE + ship.length / 2.0 + e.length / 2.0
            first = ship.commander in order and e.commander in order and order.index(ship.commander) < order.index(e.commander)
            if able and first and _edge(ship, e) >= 0:
                prey.append((e.hull.x, e.hull.y, near))
            elif e.krewed and not e.in_force("shaken", sea.turn) and e.engaged is None:
                threats.append((e.hull.x, e.hull.y, near))
        return tuple(threats), tuple(prey)

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
        path, hit = prompt.course(prompt.high)
        fixed = path.length - prompt.high
        if hit is not None and hit.kind == "ship" and self.worth_ramming(sea, ship, sea.ships[hit.ident]) and prompt.ram_target(prompt.high) == hit.ident:
            return Distance(prompt.high, ram=True)  # ramming speed: flat out into it
        top = prompt.high if hit is None else min(prompt.high, max(prompt.low, hit.at - fixed - STOP_SHORT))
        best = (-math.inf, prompt.low)
        for i in range(3):
            d = prompt.low + (top - prompt.low) * i / 2.0
            value = self.score_pose(sea, ship, _samples(ship.hull, prompt.card, prompt.turn, prompt.card_at, d), looks)
            if value > best[0]:
                best = (value, d)
        # a contact it cannot avoid is better declared as a ram where the rules allow it
        return Distance(best[1], ram=prompt.ram_target(best[1]) is not None)

    def worth_ramming(self, sea: Sea, ship: Ship, target: Ship) -> bool:
        """Ram an enemy that will suffer more than we do: weaker in hull points, or we are Goffs."""
        if target.commander == ship.commander:
            return False
        return target.hull_points < ship.hull_points or (KLANS[ship.klan].ram_bonus > 0 and target.hull_points <= ship.hull_points)

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
        return self.clear_the_way(sea, ship, prompt) or EndShooting()

    def clear_the_way(self, sea: Sea, ship: Ship, prompt: ShootPrompt) -> Fire | None:
        """With nothing better to shoot: krak at a mine lying across the ship's course ahead, or at
        the Kraken when it is close (JL-NPC-1, JL-NPC-2)."""
        h = ship.hull
        marks: list[tuple[float, tuple[float, float]]] = []
        for mine in sea.mines:
            along, aside = h.local(Vec(mine.x, mine.y))
            if h.hl < along <= h.hl + ROOM_WANTED and abs(aside) <= h.hw + 2.0:
                marks.append((along, (mine.x, mine.y)))
        kr = sea.kraken
        if kr is not None and distance(h.centre, Vec(kr.x, kr.y)) <= KRAKEN_NEAR:
            marks.append((0.0, (kr.x, kr.y)))
        half_arc = float(sea.option("kannon_arc")) / 2.0 - 0.5
        for _, aim in sorted(marks):
            for gun, shells in prompt.guns().items():
                k = KANNONS[gun]
                gun_at = h.side_point(k.facing)
                off = (bearing(gun_at, Vec(*aim)) - h.heading - ARC_OFFSET[k.facing] + 180.0) % 360.0 - 180.0
                if "krak" in shells and distance(gun_at, Vec(*aim)) <= k.range and abs(off) <= half_arc:
                    return Fire(gun, "krak", aim=aim)
        return None

    def best_shot(self, sea: Sea, ship: Ship, prompt: ShootPrompt) -> tuple[float, Action | None]:
        """The most valuable single thing this ship can fire now, with its expected effect."""
        best: tuple[float, Action | None] = (0.0, None)
        enemies = [e for e in sea.enemies(ship) if not in_harbour(sea, e)]  # JL-PORT-1
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
                    if value > best[0] and passes(check_fire, sea, ship, action):
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
            found = first_hull_on_segment(start, end, [(s.name, s.hull) for s in sea.afloat() if s is not ship and not in_harbour(sea, s)])
            if found is not None and sea.ships[found[0]].commander != ship.commander:
                e = sea.ships[found[0]]
                value += 0.5 * p_damage(9, armour_of(e.klan, e.hull.facing_towards(start)))
        return TORPEDO_THRIFT * value, Torpedoes()

    # ------------------------------------------------------------------ land and harbour

    def land(self, sea: Sea, prompt: LandPrompt) -> Land:
        """Dock when it wants repairs; dig on a treasure island when no enemy is about."""
        ship = sea.ships[prompt.ship]
        for name, what, _ in prompt.places:
            if what == "dock" and wants_port(ship):
                return Land(name)
        if any(distance(e.centre, ship.centre) - e.hull.radius - ship.hull.radius <= TREASURE_QUIET for e in sea.enemies(ship)):
            return Land()
        for name, what, _ in prompt.places:
            t = place_of(sea, name)
            found = sea.option("treasure_once") and name in sea.treasure_found
            if what == "island" and t is not None and t.props.get("treasure") is True and not found:
                return Land(name)
        return Land()

    def leave(self, sea: Sea, prompt: LeavePrompt) -> StayOrLeave:
        """Stay in harbour while there is something worth buying; otherwise sail."""
        ship = sea.ships[prompt.ship]
        place = place_of(sea, prompt.place)
        if place is not None and place.kind == "dock" and any(item in TRADE_ORDER for item, _ in offers(sea, ship)):
            return StayOrLeave("stay")
        return StayOrLeave("leave")

    def trade(self, prompt: TradePrompt) -> Trade:
        """Repairs first, then hires."""
        wanted = {item for item, _ in prompt.offers}
        return Trade(next((item for item in TRADE_ORDER if item in wanted), None))

    # ------------------------------------------------------------------ dice

    def reroll(self, prompt: RerollPrompt) -> Reroll:
        """A failed test is always re-rolled; otherwise the whole roll when it came up below
        (or above) the middle of its range, or the worst die when it is clearly bad."""
        roll, request = prompt.roll, prompt.request
        assert roll is not None and request is not None
        passed = request.passed(roll)
        if prompt.whole:
            if passed is not None:
                return Reroll(whole=not passed)
            middle = (request.expr.minimum + request.expr.maximum) / 2.0
            bad = roll.total < middle if request.better == "high" else roll.total > middle if request.better == "low" else False
            return Reroll(whole=bad)
        i = worst_die(request, roll)
        if i is None:
            return Reroll(None)
        face = roll.faces[i]
        if passed is False or request.better == "hit" or (request.better == "high" and face <= 3) or (request.better == "low" and face >= 5):
            return Reroll(i)
        return Reroll(None)
