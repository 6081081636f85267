"""A small host rule set that exists only in the tests: the collisions module's proving ground.

**Harbour brawl** (``harbour``).  Each seat has vessels of the five size classes (large, middling
and small ships, boats, canoes) on a table, crewed by figures on 25 mm bases standing on their
decks (a mast in the middle of every ship).  A turn:

1. the swimmers' step (``collisions.swimmers``);
2. movement, seat by seat (the order rotates each turn), vessel by vessel: a helm order turns up
   to 90 degrees over the first inches (3" for a full 90) and goes straight on, as far as the
   vessel's movement allowance (1 MA = 1"); the move is swept, and whatever it touches is
   ``collisions.contact``; after each move ``collisions.moved``, at the end of the phase
   ``collisions.movement_end``.  A grappled vessel does not move;
3. shooting: each seat may fire one figure's weapon (a musket at a swimmer within 12", through
   ``collisions.shoot_swimmer``; a cannon at an enemy vessel within 24": D6 damage, and a 6
   knocks a man on its deck overboard, ``collisions.overboard``);
4. the boarding step (``collisions.board``) and the prisoners step (``collisions.prisoners``).

Its own rules, used by the module through the protocol: damage takes strength points (a large
ship's stout timbers save 1 of any blow that allows saves); a vessel at 0 sinks
(``collisions.sunk`` first); the mêlée is one D6 a figure, a hit on 5+ (an officer's on 4+), each
hit a wound, the side with more hits wins; a grapple is cut loose on a D6 of 4+; a prisoner
(held in irons) turns his coat on a 6; a musket hits on 4+, 5+ in light cover.  The seat with
the most figures still free (aboard or swimming) after ``turns`` turns (option, default 6), or
the last with any, wins.

Without the collisions module the host's own rules are cruder: a contact just stops the move,
there is no boarding, and a sunk vessel's crew drowns.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Concatenate, ParamSpec, cast

from grapeshot.core import contract
from grapeshot.core.actions import Action, action
from grapeshot.core.capabilities import TerrainKind
from grapeshot.core.choices import Choice, Choices, Part, Rng
from grapeshot.core.contract import Capability
from grapeshot.core.errors import IllegalAction, ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.module import Procedure
from grapeshot.core.prompts import Prompt
from grapeshot.core.registry import RuleBook, RuleEntry
from grapeshot.core.ruleset import Option, Outcome, Play, Ruleset, register
from grapeshot.core.scenario import Scenario
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import (
    BASE_25MM,
    Base,
    DeckPoint,
    Obstacle,
    Path,
    Pose,
    Segment,
    Vec,
    distance,
    hulls_overlap,
    place_bases,
    sweep,
)
from grapeshot.rulesets.collisions.ports import (
    BOARD,
    CONTACT,
    FLOTSAM,
    GRAPPLED,
    IN_WATER,
    MOVED,
    MOVEMENT_END,
    NAME,
    OVERBOARD,
    PRISONERS,
    SHOOT_SWIMMER,
    SHOOTABLE,
    SWIMMERS,
    Motion,
    Proc,
)
from tests.rulesets.collisions.harbour_host import CANNON_RANGE, HOST, MUSKET_RANGE, SIZES, Craft, Hand, Harbour, deck_plan, harbour_of

NS = "harbour"

P = ParamSpec("P")


@action("helm", NS)
@dataclass(frozen=True, slots=True)
class Helm(Action):
    vessel: str
    turn: float = 0.0
    distance: float = 0.0


@action("volley", NS)
@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire ``shooter``'s ``weapon`` at ``target`` (a swimmer or a vessel); all empty: hold fire."""

    shooter: str = ""
    target: str = ""
    weapon: str = ""


# --------------------------------------------------------------------------- prompts


@dataclass(eq=False)
class HelmPrompt(Prompt):
    namespace: ClassVar[str] = NS
    vessel: str = ""
    most: float = 0.0

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Helm)
        if action.vessel != self.vessel:
            raise IllegalAction(f"this order is for {self.vessel}, not {action.vessel}")
        if not -90.0 <= action.turn <= 90.0:
            raise IllegalAction(f"turn at most 90 degrees either way, not {action.turn}")
        if not 0.0 <= action.distance <= self.most + 1e-9:
            raise IllegalAction(f'go 0 to {self.most:g}", not {action.distance}')

    def legal(self, seat: str) -> Choices:
        grid = [Choice(Helm(self.vessel, t, d), f"turn {t:g}, go {d:g}") for d in (self.most, self.most / 2, 0.0) for t in (0.0, 45.0, -45.0, 90.0, -90.0)]

        def draw(rng: Rng) -> Choice:
            t, d = rng.uniform(-90.0, 90.0), rng.uniform(0.0, self.most)
            return Choice(Helm(self.vessel, t, d), f"turn {t:.1f}, go {d:.2f}")

        return Choices((Part("helm", self.vessel, grid, draw, "full, half and no way at five turns"),))


@dataclass(eq=False)
class FirePrompt(Prompt):
    namespace: ClassVar[str] = NS
    shots: tuple[Fire, ...] = ()

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Fire)
        if action != Fire() and action not in self.shots:
            raise IllegalAction(f"not a shot you may take: {action}")

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(Fire(), "hold fire"), *(Choice(s, f"{s.shooter} fires at {s.target}") for s in self.shots)], "fire")


# --------------------------------------------------------------------------- the rule set


RULES = RuleBook(
    "harbour",
    "HB",
    [
        RuleEntry("HB-MOVE-1", "turn up to 90 then go straight, swept; contacts go to the module", ("tests.rulesets.collisions.harbour.move",)),
        RuleEntry("HB-MELEE-1", "one D6 a figure, 5+ hits (officers 4+); more hits wins", ("tests.rulesets.collisions.harbour_host.HarbourHost.melee",)),
        RuleEntry("HB-BOARD-1", "cut loose on 4+", ("tests.rulesets.collisions.harbour_host.HarbourHost.cut_loose",)),
        RuleEntry("HB-PRISON-1", "a prisoner turns his coat on a 6", ("tests.rulesets.collisions.harbour_host.HarbourHost.turns_coat",)),
        RuleEntry("HB-SHOOT-1", "a musket hits on 4+ (5+ light cover); a cannon does D6 to a vessel", ("tests.rulesets.collisions.harbour.shooting",)),
        RuleEntry("HB-WIN-1", "most figures free after the last turn wins", ("tests.rulesets.collisions.harbour.finish",)),
    ],
)


class HarbourBrawl(Ruleset):
    name: ClassVar[str] = NS
    title: ClassVar[str] = "Harbour brawl (tests only)"
    options: ClassVar[tuple[Option, ...]] = (Option("turns", 6, None, "HB-WIN-1", "turns in a game", int, (1, 30)),)
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({contract.HOST})

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> Harbour:
        f = scenario.reader
        seats = tuple(s.id for s in scenario.seats)
        crafts: dict[str, Craft] = {}
        hands: dict[str, Hand] = {}
        for i, fleet in enumerate(scenario.fleets):
            seat = fleet["seat"]
            for j, raw in enumerate(f.seq(fleet.get("vessels", []), f"fleets[{i}].vessels")):
                path = f"fleets[{i}].vessels[{j}]"
                v = f.mapping(
                    raw, path, ("name", "size", "x", "y", "heading", "crew", "officers", "oared", "ram", "rowers", "hatch", "muskets", "cannons", "armoured")
                )
                name = f.text(v, "name", path)
                size = f.text(v, "size", path, choices=list(SIZES))
                c = Craft(name, seat, size, f.number(v, "x", path), f.number(v, "y", path), f.number(v, "heading", path), SIZES[size][3])
                c.hatch = f.boolean(v, "hatch", path, default=False)
                c.oared, c.ram, c.rowers = (
                    f.boolean(v, "oared", path, default=False),
                    f.boolean(v, "ram", path, default=False),
                    f.integer(v, "rowers", path, default=0, lo=0, hi=99),
                )
                if not scenario.table.holds(c.hull) or any(hulls_overlap(c.hull, o.hull) for o in crafts.values()):
                    raise ScenarioError(scenario.source, path, "a vessel on the table, clear of the others", name)
                crafts[name] = c
                crew = f.integer(v, "crew", path, default=2, lo=0, hi=60)
                officers = f.integer(v, "officers", path, default=1 if size not in ("boat", "canoe") else 0, lo=0, hi=crew)
                muskets = f.integer(v, "muskets", path, default=0, lo=0, hi=crew)
                cannons = f.integer(v, "cannons", path, default=0, lo=0, hi=crew)
                armoured = f.integer(v, "armoured", path, default=0, lo=0, hi=crew)
                room = deck_plan(c)
                placed = place_bases([Base(c.x, c.y, BASE_25MM, f"{name}/{k + 1}") for k in range(crew)], room.within, (), room.obstacles, Vec(c.x, c.y))
                if len(placed) < crew:
                    raise ScenarioError(scenario.source, f"{path}.crew", f"a crew of at most {len(placed)} (the deck's room)", crew)
                for k, b in enumerate(placed):
                    along, port = DeckPoint.of(c.hull, b.centre)
                    weapon = "musket" if k < muskets else "cannon" if k < muskets + cannons else "cutlass"
                    hands[b.ident] = Hand(
                        b.ident, seat, name, along, port, officer=k < officers, life=2 if k < officers else 1, weapon=weapon, armour=k >= crew - armoured
                    )
        return Harbour(seats, crafts, hands, int(cast(int, options["turns"])))

    def play(self, game: Game) -> Play:
        return flow(game, None)

    def resume(self, game: Game, point: Hashable) -> Play:
        return flow(game, cast(int, point))

    def describe(self, state: Any) -> dict[str, Any]:
        return cast(Harbour, state).describe()

    def seats_of(self, state: Any) -> Sequence[str]:
        return cast(Harbour, state).seats

    def invariants(self, game: Game) -> list[str]:
        hb = cast(Harbour, game.state)
        out = [f"{h.ident} is aboard {h.vessel}, which is gone" for h in hb.hands.values() if h.vessel is not None and h.vessel not in hb.crafts]
        out += [f"{h.ident} is dead but aboard" for h in hb.hands.values() if h.life <= 0 and h.vessel is not None]
        return out

    def rulebook(self) -> RuleBook:
        return RULES

    def terrain_kinds(self) -> tuple[TerrainKind, ...]:
        return (FLOTSAM, TerrainKind("rock", ("polygon", "circle"), True))

    def host(self, module: str, game: Game) -> object | None:
        return HOST if module == NAME else None


def flow(g: Game, start: int | None) -> Generator[Prompt, Any, Outcome]:
    hb = harbour_of(g)
    if start is None:
        g.emit("setup", None, options=g.options, state=hb.describe())
        start = 1
    for turn in range(start, hb.turns + 1):
        hb.turn = g.turn = turn
        hb.order = hb.seats[(turn - 1) % len(hb.seats) :] + hb.seats[: (turn - 1) % len(hb.seats)]
        g.checkpoint(turn)
        for h in hb.hands.values():
            h.acted = False
        for c in hb.crafts.values():
            c.travelled, c.spent = 0.0, False
        g.begin_phase("swimming")
        yield from call(g, SWIMMERS)
        g.begin_phase("movement")
        for seat in hb.order:
            for name in [c.name for c in hb.afloat() if c.seat == seat]:
                if name in hb.crafts and hb.crafts[name].seat == seat:
                    yield from move(g, hb, name)
        yield from call(g, MOVEMENT_END)
        g.begin_phase("shooting")
        yield from shooting(g, hb)
        g.begin_phase("boarding")
        yield from call(g, BOARD)
        g.begin_phase("prisoners")
        yield from call(g, PRISONERS)
        if len({s for s in hb.seats if free(hb, s)}) <= 1:
            break
    return finish(g, hb)


def call(g: Game, handle: Procedure[Concatenate[Game, P], Proc[None]], *args: P.args, **kwargs: P.kwargs) -> Generator[Prompt, Any, None]:
    proc = g.procedure(handle)
    if proc is not None:
        yield from proc(g, *args, **kwargs)


def move(g: Game, hb: Harbour, name: str) -> Generator[Prompt, Any, None]:
    """HB-MOVE-1."""
    c = hb.crafts[name]
    held = g.procedure(GRAPPLED)
    if (held is not None and held(g, name)) or c.left() == 0:
        return
    order = yield HelmPrompt((c.seat,), "HB-MOVE-1", f"helm for {name}", (Helm,), name, float(c.left()))
    assert isinstance(order, Helm)
    length, width, _, _ = SIZES[c.size]
    arc = min(order.distance, abs(order.turn) / 30.0)
    bow = c.hull.bow
    path = Path(Pose(bow.x, bow.y, c.heading), [Segment(arc, order.turn), Segment(order.distance - arc)])
    travelled = 0.0
    while name in hb.crafts:
        start = travelled
        obstacles = [Obstacle(o.name, "ship", o.hull) for o in hb.afloat() if o.name != name]
        obstacles += [Obstacle(t.name, "rock", t.shape) for t in g.scenario.terrain if t.obstacle and t.shape is not None]
        sw = sweep(path, length, width, obstacles, g.scenario.table, start=travelled)
        c.x, c.y, c.heading = sw.hull.pose
        c.travelled += sw.travelled - travelled
        travelled = sw.travelled
        g.emit("move", "HB-MOVE-1", vessel=name, to=[round(c.x, 4), round(c.y, 4), round(c.heading, 3)], travelled=round(c.travelled, 4))
        if sw.contact is None or sw.contact.kind != "ship":
            break
        if sw.travelled - start <= 1e-9:
            break  # lying against it already, neither turning nor running: no contact (CG-RAM-1)
        motion: Motion = "turning" if order.turn != 0.0 and sw.contact.at <= arc + 1e-9 else "forward"
        proc = g.procedure(CONTACT)
        if proc is None:
            g.emit("bump", "HB-MOVE-1", vessel=name, other=sw.contact.ident)
            break
        verdict = yield from proc(g, name, sw.contact.ident, motion)
        if verdict.stop:
            break
    if name in hb.crafts:
        yield from call(g, MOVED, name)


def free(hb: Harbour, seat: str) -> int:
    """The seat's figures still free: alive, not held, aboard or in the water."""
    return sum(1 for h in hb.hands.values() if h.seat == seat and h.life > 0 and h.prisoner_of is None)


def shots(g: Game, hb: Harbour, seat: str) -> tuple[Fire, ...]:
    """HB-SHOOT-1: the seat's shots: every loaded weapon at every enemy swimmer in its range that
    the module allows (``collisions.shootable``: muskets only), cannons at enemy vessels."""
    out: list[Fire] = []
    in_water = g.procedure(IN_WATER)
    shootable = g.procedure(SHOOTABLE)
    swimmers: Mapping[str, Base] = in_water(g) if in_water is not None else {}
    for h in hb.hands.values():
        if h.seat != seat or h.vessel is None or h.acted or h.prisoner_of is not None or h.station == "below" or h.life <= 0 or h.weapon == "cutlass":
            continue
        at = HOST.base(g, h.ident).centre
        reach = MUSKET_RANGE if h.weapon == "musket" else CANNON_RANGE
        out += [
            Fire(h.ident, t, h.weapon)
            for t, b in swimmers.items()
            if hb.hands[t].seat != seat and distance(at, b.centre) <= reach and shootable is not None and shootable(g, t, h.weapon) is None
        ]
        if h.weapon == "cannon":
            out += [Fire(h.ident, c.name, "cannon") for c in hb.afloat() if c.seat != seat and distance(at, c.hull.centre) <= CANNON_RANGE]
    return tuple(out)


def shooting(g: Game, hb: Harbour) -> Generator[Prompt, Any, None]:
    """HB-SHOOT-1: each seat may fire one shot.  A cannon's 6 also knocks the first man on the
    target's deck overboard (``collisions.overboard``; without the module he drowns)."""
    for seat in hb.order:
        options = shots(g, hb, seat)
        if not options:
            continue
        shot = yield FirePrompt((seat,), "HB-SHOOT-1", "fire?", (Fire,), options)
        assert isinstance(shot, Fire)
        if shot == Fire():
            continue
        hb.hands[shot.shooter].acted = True
        if shot.target in hb.crafts:
            r = yield from g.roll(RollRequest(D6, f"{shot.shooter}'s cannon at {shot.target}", "HB-SHOOT-1", seat, shot.shooter, "high"))
            deck = [f for f in HOST.figures_on(g, shot.target) if hb.hands[f].station == "deck"]
            if r.total == 6 and deck:
                overboard = g.procedure(OVERBOARD)
                if overboard is not None:
                    overboard(g, deck[0])
                else:
                    HOST.kill(g, deck[0], rule="HB-SHOOT-1", cause="knocked overboard")
            yield from HOST.damage(g, shot.target, r.total, rule="HB-SHOOT-1", cause=f"cannon fire from {shot.shooter}", saves=True)
        else:
            proc = g.procedure(SHOOT_SWIMMER)
            assert proc is not None
            yield from proc(g, shot.shooter, shot.target, shot.weapon)


def finish(g: Game, hb: Harbour) -> Outcome:
    """HB-WIN-1."""
    counts = {s: free(hb, s) for s in hb.seats}
    best = max(counts.values())
    winners = tuple(s for s in hb.seats if counts[s] == best and best > 0)
    return Outcome(winners, "most-men" if len(winners) == 1 else "draw", hb.turn)


HARBOUR = register(HarbourBrawl())
