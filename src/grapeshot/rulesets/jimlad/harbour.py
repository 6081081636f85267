"""Landing on islands, treasure, and the harbour (JL-LAND-*, JL-PORT-*).

* Landing (JL-LAND-1): after its ordered move, a krewed ship whose hull lies
  within 6" of an island or a dock may try to land there; only a 1 on a D6
  fails.  The ship is slid straight towards the point of the land nearest
  it, without turning, until it lies alongside (swept like any move, so it
  never overlaps anything) and it stays there: each turn it stays it is
  ``held``.  When it leaves, it first swings round to face directly away
  from the land, then takes an ordinary order.
* Treasure (JL-LAND-2): landing on an island marked ``treasure`` rolls for
  a find; option ``treasure_once`` says whether an island gives up its
  secret only once.
* The harbour (JL-PORT-*): a ship docked at a dock is *in harbour*
  (:func:`in_harbour`).  Nothing may shoot it or from it, and nothing may
  board it or from it (the shooting code and the boarding code ask
  :func:`in_harbour`).  It stays at least one whole turn, then leaves only
  on a 3+ rolled at the start of a movement phase.  At the end of each
  boarding phase it may spend its gold (:func:`trades`).

Landing is a choice made after a move; running into an island or a dock
during a move is a crash and the ship runs aground (:mod:`.collisions`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, cast

from grapeshot.core.actions import Action, action
from grapeshot.core.choices import Choice, Choices
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import Terrain
from grapeshot.dice import D6, DiceExpr, RollRequest
from grapeshot.geometry import (
    CLEARANCE,
    Hull,
    Obstacle,
    Polygon,
    Sweep,
    Vec,
    bearing,
    distance,
    hull_hits_polygon,
    hulls_overlap,
    polygon_within,
    sweep,
    translate_path,
    unit,
)
from grapeshot.rulesets.jimlad.data import GUNS, HULL_POINTS, NS, PROFILES, Role
from grapeshot.rulesets.jimlad.state import KrewModel, Sea, Ship

Proc = Generator[Prompt, Any, Any]

LAND_REACH = 6.0  # JL-LAND-1: inches, hull to land
LAND_FAILS_ON = 1  # JL-LAND-1: only a 1 fails
TREASURE_ON = 6  # JL-LAND-2: the D6 that finds something
TREASURE_GOLD = DiceExpr(1, 3, 1)  # JL-LAND-2: D3+1 gold
GOLD_FINDS = (1, 2, 3, 4)  # JL-LAND-2: the second roll that is a gold stash
SQUIG_BREW = 5  # JL-LAND-2: the second roll that gets the krew drunk
MIN_STAY = 1  # JL-PORT-2: whole turns in harbour before the roll to leave
LEAVE_ON = 3  # JL-PORT-2: the D6 needed to leave
MOOR_SLACK = 1.0  # inches the mooring slide may run past the gap (it stops at the touch)
SWING_STEPS = 40  # bisection steps when easing a swinging ship clear of the land
TIE = 1e-9  # inches: closest points this close to the closest are the same distance

#: JL-PORT-3: what gold buys.  Repairs are ``hull``, ``rudder``, ``engine`` or ``gun:<name>``.
REPAIR_ITEMS: tuple[str, ...] = ("hull", "rudder", "engine", *(f"gun:{g}" for g in GUNS))
HIRE_COSTS: dict[Role, int] = {"krew": 1, "doc": 2, "kaptin": 3}
REPAIR_COST = 1
ITEMS: tuple[str, ...] = (*REPAIR_ITEMS, "krew", "doc", "kaptin")


def cost_of(item: str) -> int:
    """JL-PORT-3: 1 gold a point of damage or a boy, 2 a Mad Doc, 3 a Kaptin."""
    return REPAIR_COST if item in REPAIR_ITEMS else HIRE_COSTS[cast(Role, item)]


# --------------------------------------------------------------------------- actions and prompts


@action("land", NS)
@dataclass(frozen=True, slots=True)
class Land(Action):
    """Try to land at one of the places offered (JL-LAND-1); ``None`` sails on."""

    place: str | None = None


@action("stay-or-leave", NS)
@dataclass(frozen=True, slots=True)
class StayOrLeave(Action):
    """A landed ship (or a ship free to leave harbour) stays another turn or leaves (JL-LAND-1, JL-PORT-2)."""

    choice: Literal["stay", "leave"]


@action("trade", NS)
@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Buy one thing in harbour (JL-PORT-3): a repair (``hull``, ``rudder``, ``engine``,
    ``gun:<fore|port|starboard|aft>``) or a hire (``krew``, ``doc``, ``kaptin``); ``None`` is done."""

    item: str | None = None


@dataclass(eq=False)
class LandPrompt(Prompt):
    """JL-LAND-1: the ship may try to land at a place within 6" of its hull."""

    namespace: ClassVar[str] = NS

    ship: str = ""
    #: (terrain name, kind, inches from the hull), nearest first
    places: list[tuple[str, str, float]] = field(default_factory=list)

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Land)
        if action.place is None:
            return
        names = [p[0] for p in self.places]
        if action.place not in names:
            raise IllegalAction(f'{self.ship} cannot land at {action.place!r}; places within {LAND_REACH:g}": {names}, or null to sail on')

    def legal(self, seat: str) -> Choices:
        places = [Choice(Land(name), f'land at {name} ({kind}, {inches:.1f}" away)') for name, kind, inches in self.places]
        return Choices.of([Choice(Land(), "sail on"), *places], "landing")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(ship=self.ship, places=[{"name": n, "what": k, "inches": round(i, 4)} for n, k, i in self.places])
        return d


@dataclass(eq=False)
class LeavePrompt(Prompt):
    """JL-LAND-1, JL-PORT-2: a ship lying alongside may stay this turn or leave (turning away first)."""

    namespace: ClassVar[str] = NS

    ship: str = ""
    place: str = ""

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, StayOrLeave)
        if action.choice not in ("stay", "leave"):
            raise IllegalAction(f"{self.ship} must 'stay' at {self.place} or 'leave', not {action.choice!r}")

    def legal(self, seat: str) -> Choices:
        return Choices.of(
            [Choice(StayOrLeave("stay"), f"stay at {self.place} this turn"), Choice(StayOrLeave("leave"), f"leave {self.place}")], "stay or leave"
        )

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(ship=self.ship, place=self.place, choices=["stay", "leave"])
        return d


@dataclass(eq=False)
class TradePrompt(Prompt):
    """JL-PORT-3: a ship in harbour buys one thing at a time, or is done."""

    namespace: ClassVar[str] = NS

    sea: Sea | None = None
    ship: Ship | None = None
    #: what it can buy now, with the gold aboard: (item, cost)
    offers: list[tuple[str, int]] = field(default_factory=list)

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Trade) and self.sea is not None and self.ship is not None
        if action.item is not None:
            check_trade(self.sea, self.ship, action.item)

    def legal(self, seat: str) -> Choices:
        """Being done, or each thing on offer (the offers are what :func:`check_trade` accepts)."""
        return Choices.of([Choice(Trade(), "done trading"), *(Choice(Trade(item), f"buy {item} for {cost} gold") for item, cost in self.offers)], "trade")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        assert self.ship is not None
        d.update(ship=self.ship.name, gold=self.ship.gold, offers=[{"item": i, "cost": c} for i, c in self.offers])
        return d


# --------------------------------------------------------------------------- where ships lie


def place_of(sea: Sea, name: str | None) -> Terrain | None:
    """The island or dock of that name."""
    return next((t for t in sea.terrain if t.name == name), None) if name is not None else None


def in_harbour(sea: Sea, ship: Ship) -> bool:
    """JL-PORT-1: the ship is afloat and docked at a dock: nothing shoots it or from it, and
    nothing boards it or from it."""
    if not ship.afloat or ship.docked_at is None:
        return False
    place = place_of(sea, ship.docked_at)
    return place is not None and place.kind == "dock"


def may_land(ship: Ship) -> bool:
    """Whether a ship could try to land after its move: krewed, afloat, not aground, not landed,
    not locked in a boarding action."""
    return ship.afloat and ship.krewed and ship.grounded_on is None and ship.docked_at is None and ship.engaged is None


def _nearest_on_hull(h: Hull, p: Vec) -> Vec:
    u, v = h.local(p)
    return h.world(max(-h.hl, min(h.hl, u)), max(-h.hw, min(h.hw, v)))


def closest_points(h: Hull, poly: Polygon) -> tuple[Vec, Vec]:
    """The point of a hull and the point of a polygon nearest each other (the two apart).

    Where a whole stretch is nearest (an edge lying parallel to the hull's side), the middle
    of that stretch is taken."""
    pairs: list[tuple[float, Vec, Vec]] = []
    for x, y in h.corners:
        c = Vec(x, y)
        q = poly.closest_point(c)
        pairs.append((distance(c, q), c, q))
    for x, y in poly.points:
        q = Vec(x, y)
        c = _nearest_on_hull(h, q)
        pairs.append((distance(c, q), c, q))
    best = min(d for d, _, _ in pairs)
    ties = [(c, q) for d, c, q in pairs if d <= best + TIE]
    n = len(ties)
    return (
        Vec(sum(c.x for c, _ in ties) / n, sum(c.y for c, _ in ties) / n),
        Vec(sum(q.x for _, q in ties) / n, sum(q.y for _, q in ties) / n),
    )


def mooring(sea: Sea, ship: Ship, place: Terrain) -> Sweep | None:
    """Where the ship would lie alongside ``place``: its hull slid straight (heading kept) from
    its point nearest the land towards the land's point nearest it, stopping clear of the touch
    as every move does.  None if something else is in the way."""
    assert place.shape is not None
    p, q = closest_points(ship.hull, place.shape)
    path = translate_path(ship.hull.pose, bearing(p, q), distance(p, q) + MOOR_SLACK)
    result = sweep(path, ship.length, ship.width, sea.ship_obstacles(ship), sea.table)
    if result.contact is None or result.contact.ident != place.name:
        return None
    return result


def places_in_reach(sea: Sea, ship: Ship) -> list[tuple[Terrain, float]]:
    """JL-LAND-1: islands and docks within 6" of the hull that the ship can come alongside, nearest first."""
    out: list[tuple[Terrain, float]] = []
    for t in sea.terrain:
        if t.kind not in ("island", "dock") or t.shape is None:
            continue
        gap = polygon_within(ship.hull, t.shape, LAND_REACH + 1e-9)
        if gap is not None and mooring(sea, ship, t) is not None:
            out.append((t, gap))
    out.sort(key=lambda tg: tg[1])
    return out


def _pose(h: Hull) -> list[float]:
    return [round(h.x, 4), round(h.y, 4), round(h.heading, 4)]


# --------------------------------------------------------------------------- landing (JL-LAND-1)


def after_move(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-LAND-1: a ship that ends its move within 6" of land may try to land or dock."""
    if not may_land(ship):
        return
    reach = places_in_reach(sea, ship)
    if not reach:
        return
    answer = yield LandPrompt(
        seats=(ship.commander,),
        rule="JL-LAND-1",
        text=f"{ship.name}: try to land at {', '.join(t.name for t, _ in reach)}, or sail on?",
        accepts=(Land,),
        ship=ship.name,
        places=[(t.name, t.kind, gap) for t, gap in reach],
    )
    place = place_of(sea, cast(Land, answer).place)
    if place is not None:
        yield from land(g, sea, ship, place)


def land(g: Game, sea: Sea, ship: Ship, place: Terrain) -> Proc:
    """JL-LAND-1: a D6, failing only on a 1; the ship then lies alongside at the land's nearest
    point, heading unchanged.  Landing on a treasure island looks for treasure (JL-LAND-2)."""
    assert place.shape is not None
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: landing at {place.name}", "JL-LAND-1", ship.commander, ship.name, "high"))
    before = ship.hull
    _, point = closest_points(before, place.shape)
    moored = mooring(sea, ship, place) if r.total > LAND_FAILS_ON else None
    if moored is not None:
        ship.hull = moored.hull
        ship.docked_at = place.name
        ship.docked_turn = sea.turn
        ship.standstill = True
    g.emit(
        "landing",
        "JL-LAND-1",
        ship=ship.name,
        place=place.name,
        what=place.kind,
        roll=r.total,
        landed=moored is not None,
        start=_pose(before),
        end=_pose(ship.hull),
        point=[round(point.x, 4), round(point.y, 4)],
        harbour=moored is not None and place.kind == "dock",
    )
    if moored is not None and place.kind == "island" and place.props.get("treasure") is True:
        yield from treasure(g, sea, ship, place)


# --------------------------------------------------------------------------- treasure (JL-LAND-2)


def treasure(g: Game, sea: Sea, ship: Ship, island: Terrain) -> Proc:
    """JL-LAND-2: a 6 finds something; a second D6 says what: 1-4 D3+1 gold aboard, 5 squig
    brew (the ship misses next turn), 6 rocks and sand.  With option ``treasure_once`` an island
    whose secret is out (any 6 rolled there) has nothing more to find."""
    once = bool(sea.option("treasure_once"))
    if once and island.name in sea.treasure_found:
        g.emit("treasure", "JL-LAND-2", ship=ship.name, island=island.name, roll=None, find=None, result="gone", gold=0)
        return
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: searching {island.name} for treasure", "JL-LAND-2", ship.commander, ship.name, "high"))
    if r.total < TREASURE_ON:
        g.emit("treasure", "JL-LAND-2", ship=ship.name, island=island.name, roll=r.total, find=None, result="nothing", gold=0)
        return
    if once:
        sea.treasure_found.add(island.name)
    f = yield from g.roll(RollRequest(D6, f"{ship.name}: what the treasure of {island.name} is", "JL-LAND-2", ship.commander, ship.name, None))
    detail: dict[str, Any] = {}
    gold = 0
    if f.total in GOLD_FINDS:
        result = "gold"
        gr = yield from g.roll(RollRequest(TREASURE_GOLD, f"{ship.name}: gold in the stash on {island.name}", "JL-LAND-2", ship.commander, ship.name, "high"))
        gold = gr.total
        ship.gold += gold
    elif f.total == SQUIG_BREW:
        result = "squig-brew"
        nxt = sea.turn + 1
        ship.add_effect("drunk", nxt, sea.turn)
        ship.held = (nxt, "the krew are drunk on squig brew (JL-LAND-2)")
        detail["in_force_on_turn"] = nxt
    else:
        result = "rocks"
    g.emit("treasure", "JL-LAND-2", ship=ship.name, island=island.name, roll=r.total, find=f.total, result=result, gold=gold, gold_aboard=ship.gold, **detail)


# --------------------------------------------------------------------------- staying and leaving (JL-LAND-1, JL-PORT-2)


def start_of_movement(g: Game, sea: Sea) -> Proc:
    """JL-PORT-2, JL-LAND-1: before orders, in turn sequence, each landed ship stays or leaves.

    A ship already held this turn (squig brew, an event) stays.  One that cannot sail (a
    hulk, becalmed, locked in a boarding action) stays moored.  In harbour: the turn after
    docking it must stay; from then on a D6 of 3+ lets it leave.  A ship free to leave is
    asked whether it does; if it stays, it is held for the turn."""
    for seat in sea.order:
        for ship in sea.fleet(seat):
            if ship.docked_at is not None:
                yield from _moored(g, sea, ship)


def _moored(g: Game, sea: Sea, ship: Ship) -> Proc:
    place = place_of(sea, ship.docked_at)
    assert place is not None and place.shape is not None
    turn = sea.turn
    if ship.held_this(turn) is not None:
        return
    if not ship.krewed or ship.becalmed or ship.engaged is not None:
        ship.held = (turn, f"moored at {place.name} and unable to sail")
        return
    harbour = place.kind == "dock"
    rule = "JL-PORT-2" if harbour else "JL-LAND-1"
    if harbour:
        if turn <= ship.docked_turn + MIN_STAY:
            g.emit("harbour-leave", "JL-PORT-2", ship=ship.name, place=place.name, roll=None, may_leave=False)
            ship.held = (turn, f"in harbour at {place.name}: the minimum stay (JL-PORT-2)")
            return
        r = yield from g.roll(RollRequest(D6, f"{ship.name}: leaving harbour", "JL-PORT-2", ship.commander, ship.name, "high"))
        may = r.total >= LEAVE_ON
        g.emit("harbour-leave", "JL-PORT-2", ship=ship.name, place=place.name, roll=r.total, may_leave=may)
        if not may:
            ship.held = (turn, f"in harbour at {place.name}: not ready to leave (JL-PORT-2)")
            return
    answer = yield LeavePrompt(
        seats=(ship.commander,),
        rule=rule,
        text=f"{ship.name}: stay at {place.name} this turn, or leave?",
        accepts=(StayOrLeave,),
        ship=ship.name,
        place=place.name,
    )
    if cast(StayOrLeave, answer).choice == "stay":
        ship.held = (turn, f"stays at {place.name}")
        return
    depart(g, sea, ship, place, rule)


def _clear(sea: Sea, h: Hull, obstacles: list[Obstacle]) -> bool:
    """Whether a hull keeps the sweep's clearance from everything and lies on the table."""
    grown = Hull(h.x, h.y, h.heading, h.length + 2 * CLEARANCE, h.width + 2 * CLEARANCE)
    if not sea.table.holds(grown):
        return False
    return not any(hulls_overlap(grown, ob.shape) if isinstance(ob.shape, Hull) else hull_hits_polygon(grown, ob.shape) for ob in obstacles)


def swing_away(sea: Sea, ship: Ship, place: Terrain) -> Hull | None:
    """The hull turned to face directly away from the land (from the land's point nearest the
    ship's centre), eased out along that heading just far enough to clear the land; None if
    it would then touch anything else or leave the table."""
    assert place.shape is not None
    h = ship.hull
    away = bearing(place.shape.closest_point(h.centre), h.centre)
    d = unit(away)
    others = sea.ship_obstacles(ship)
    land = place.shape

    def at(k: float) -> Hull:
        return Hull(h.x + d.x * k, h.y + d.y * k, away, h.length, h.width)

    def clear_of_land(k: float) -> bool:
        c = at(k)
        return not hull_hits_polygon(Hull(c.x, c.y, c.heading, c.length + 2 * CLEARANCE, c.width + 2 * CLEARANCE), land)

    lo, hi = 0.0, 0.0
    if not clear_of_land(0.0):
        hi = h.length
        if not clear_of_land(hi):
            return None
        for _ in range(SWING_STEPS):
            mid = (lo + hi) / 2.0
            if clear_of_land(mid):
                hi = mid
            else:
                lo = mid
    turned = at(hi)
    return turned if _clear(sea, turned, others) else None


def depart(g: Game, sea: Sea, ship: Ship, place: Terrain, rule: str) -> None:
    """JL-LAND-1: a ship leaving the land first turns to face directly away from it (if it
    cannot, because something is in the way, it keeps its heading); then it takes an order."""
    before = ship.hull
    turned = swing_away(sea, ship, place)
    if turned is not None:
        ship.hull = turned
    ship.docked_at = None
    ship.standstill = True
    g.emit(
        "depart",
        rule,
        ship=ship.name,
        place=place.name,
        start=_pose(before),
        end=_pose(ship.hull),
        turned=turned is not None,
        eased=round(distance(before.centre, ship.centre), 4),
    )


# --------------------------------------------------------------------------- trades (JL-PORT-3)


def boyz(ship: Ship) -> int:
    return sum(1 for k in ship.krew if k.role == "krew")


def unavailable(sea: Sea, ship: Ship, item: str) -> str | None:
    """Why the item cannot be had at any price now (None if it can)."""
    if item not in ITEMS:
        return f"there is no such thing to buy; the items are {', '.join(ITEMS)}"
    if item == "hull":
        return None if ship.hull_points < HULL_POINTS else f"the hull is whole ({HULL_POINTS} hull points)"
    if item == "rudder":
        return None if ship.rudder_damaged else "the rudder is not damaged"
    if item == "engine":
        return None if ship.engine_damaged else "the engine is not damaged"
    if item.startswith("gun:"):
        return None if item[4:] in ship.damaged_guns else f"the {item[4:]} kannon is not damaged"
    if item == "doc":
        return None if not ship.has_doc else "there is a Mad Doc aboard already, and only ever one"
    if item == "kaptin":
        return None if ship.kaptin is None else "there is a Kaptin aboard already, and only ever one"
    limit = int(sea.option("krew_limit"))
    return None if boyz(ship) < limit else f"{boyz(ship)} boyz are aboard, the most option krew_limit allows ({limit})"


def offers(sea: Sea, ship: Ship) -> list[tuple[str, int]]:
    """JL-PORT-3: what the ship can buy now with the gold aboard, and what each costs."""
    return [(i, cost_of(i)) for i in ITEMS if unavailable(sea, ship, i) is None and cost_of(i) <= ship.gold]


def check_trade(sea: Sea, ship: Ship, item: str) -> None:
    """Raise :class:`IllegalAction` unless the ship may buy ``item`` now."""
    if not in_harbour(sea, ship):
        raise IllegalAction(f"{ship.name} is not in harbour; trades are made only there (JL-PORT-3)")
    why = unavailable(sea, ship, item)
    if why is not None:
        raise IllegalAction(f"{ship.name} cannot buy {item!r}: {why}; it can buy: {_listing(sea, ship)}")
    cost = cost_of(item)
    if cost > ship.gold:
        raise IllegalAction(f"{item!r} costs {cost} gold and {ship.name} has only {ship.gold} aboard; it can buy: {_listing(sea, ship)}")


def _listing(sea: Sea, ship: Ship) -> str:
    return ", ".join(f"{i} ({c} gold)" for i, c in offers(sea, ship)) or "nothing"


def trade_prompt(sea: Sea, ship: Ship) -> TradePrompt:
    return TradePrompt(
        seats=(ship.commander,),
        rule="JL-PORT-3",
        text=f"{ship.name} in harbour with {ship.gold} gold: buy a repair or a hire, or be done",
        accepts=(Trade,),
        sea=sea,
        ship=ship,
        offers=offers(sea, ship),
    )


def trades(g: Game, sea: Sea) -> Proc:
    """JL-PORT-3: at the end of the boarding phase, in turn sequence, each ship in harbour may
    spend its gold, one purchase at a time, until it is done or can afford nothing more."""
    for seat in sea.order:
        for ship in sea.fleet(seat):
            if not in_harbour(sea, ship):
                continue
            while True:
                prompt = trade_prompt(sea, ship)
                if not prompt.offers:
                    break
                answer = yield prompt
                item = cast(Trade, answer).item
                if item is None:
                    break
                buy(g, sea, ship, item)


def buy(g: Game, sea: Sea, ship: Ship, item: str) -> None:
    """Pay for one item (already checked) and get it: a point of damage mended or an Ork hired
    with his full profile."""
    cost = cost_of(item)
    ship.gold -= cost
    if item == "hull":
        ship.hull_points += 1
    elif item == "rudder":
        ship.rudder_damaged = False
    elif item == "engine":
        ship.engine_damaged = False
    elif item.startswith("gun:"):
        ship.damaged_guns.discard(item[4:])
    else:
        role = cast(Role, item)
        ship.krew.append(KrewModel(role, PROFILES[role].w))
    g.emit("trade", "JL-PORT-3", ship=ship.name, item=item, cost=cost, gold_left=ship.gold, hull_points=ship.hull_points, krew=len(ship.krew))
