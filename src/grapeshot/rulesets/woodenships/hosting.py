"""Wooden Ships as the collisions module's host: its answers to ``CollisionsHost`` over a
:class:`~.state.Shore` (docs/rulings.md, "Collisions on a Wooden Ships host").

The mapping, in short (each point a ruling):

* **Sizes** (:data:`SIZES`): a wide ship is large, a narrow ship middling, a small ship and a
  catamaran small; a raft, a sailboat and a rowboat are boats; a canoe is a canoe.
* **MA** (:func:`allowance`): WS moves by the inch, the module by MA: one MA is option
  ``ma_inches`` inches (3 by default) of a turn's movement phases (the spins do not count), and
  the MA left at a contact is what the phases not yet sailed and the rest of the phase in hand
  still hold, in whole MA; a ram or a grapple spends it (``Ship.spent``).
* **Initiative** is the turn's order of the sides (WS-RULING-1, option ``initiative``).
* **Spare crew** are the ship's side's people on its deck who have not acted in the figures'
  turn of this side's turn and are not busy with the module's work this game turn.  The boarding
  step is a step of its own, so any man may join a boarding party there; but hacking at a
  grapple is an attack, and a man who took his figures' turn this game turn has had his one
  (WS-FIG-3: one action a turn, whoever asks).
* **Stations**: a WS figure stands on a deck; below decks and aloft are spots of their own
  (``Surface.BELOW``, ``Surface.ALOFT``) in the ship's frame, where prisoners are held.  Those
  there take no part in the figures' turn (``Shore.idle``).
* **Swimmers**: a person who goes into the water is the module's (its ``Swimmer``); WS keeps
  his figure at a spot of the water named :data:`~.state.KEPT`, moved to where the module says
  after every step of the module (:func:`sync`).  WS's own water rules leave such swimmers to
  the module (they neither move, climb nor are run down in WS's way), but the sharks still roll
  for them (option ``collisions_sharks``) and the crocodiles and sea dragons still hunt them.
  Every man WS kills (``wounds.kill``: a swimmer to the sharks, a boarder in hand to hand, a
  prisoner) is struck from the module's lists at once (``collisions.fallen``).  Animals are no
  part of the module: they stay WS's own, aboard and in the water.
* **The mêlée** (:func:`melee`): every figure of each group with a hand-to-hand weapon strikes
  once at the nearest of the other group, by WS-MELEE-1 with the hero's +1 and the gang-up
  (WS-FIG-4); both groups' blows land together; the group that did more damage wins.
* **Cutting loose** (:func:`cut_loose`) is WS-BOARD-2's way: spare figures at the gunwale hack
  with edged weapons; the second hit (counted over turns) frees the ships.
* **Prisoners** cannot act; one held below decks is in irons (he cannot swim, CG-SWIM-4).  A
  prisoner turns his coat on a 6 (a hero never does): WS has no prisoners rule of its own.
* **Damage** is WS's ship damage (WS has no saves); a ship with no points left sinks a whole
  turn later by WS-DMG-3, and when it goes down the module's sink or swim comes first
  (:func:`go_down`).  A boat rammed by a ship sinks at once.
* **Rowers**: a ship with sweeps (``sweeps: true``) or a galley is oared; its rowers are the
  men of its side aboard, and a rower lost is incapacitated (he sits out the figures' turn).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from grapeshot.core.game import Game
from grapeshot.core.module import Procedure
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Base, DeckPoint, Hull, Polygon, Pose, Surface, Vec, distance, hull_gap
from grapeshot.rulesets.collisions.ports import (
    CONTACT,
    DISPLACED,
    FALLEN,
    GRAPPLED,
    IN_WATER,
    SUNK,
    Cover,
    Crews,
    Melee,
    MeleeWinner,
    Motion,
    Proc,
    Shooting,
    ShotResult,
    SizeClass,
    Standing,
    Vessels,
    Water,
)
from grapeshot.rulesets.woodenships import grapples, ships
from grapeshot.rulesets.woodenships.checks import Mod, attempt, hero, reachable
from grapeshot.rulesets.woodenships.data import BOARD_REACH, SMALL_ARMS, melee_of
from grapeshot.rulesets.woodenships.pieces import ABOARD, KEPT, Figure, Ship, Spot
from grapeshot.rulesets.woodenships.places import footings, space_for
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import kill, wound

P = ParamSpec("P")
R = TypeVar("R")

#: the module's size class of each WS ship type
SIZES: dict[str, SizeClass] = {
    "wide": "large",
    "narrow": "middling",
    "small": "small",
    "catamaran": "small",
    "raft": "boat",
    "sailboat": "boat",
    "rowboat": "boat",
    "canoe": "canoe",
}
#: the roll a prisoner turns his coat on (the host's prisoners rule)
TURNCOAT = 6
#: the light cover of the sea round a swimmer: -1 to hit (CG-SWIM-4)
COVER = {"none": 0, "light": 1, "heavy": 2}


def shore_of(game: Game) -> Shore:
    return cast(Shore, game.state)


def ship_of(game: Game, vessel: str) -> Ship:
    return shore_of(game).ships[vessel]


def person(f: Figure) -> bool:
    return not f.animal


def ma_inches(shore: Shore) -> float:
    return float(shore.option("ma_inches"))


def allowance_inches(ship: Ship) -> float:
    """The inches of the ship's movement phases this turn (its spins do not count)."""
    return sum(value for value, spin, _ in ships.phases(ship) if not spin)


def allowance(shore: Shore, ship: Ship) -> int:
    """The ship's MA this turn: its phases' inches in whole MA (option ``ma_inches``)."""
    return math.floor(allowance_inches(ship) / ma_inches(shore) + 1e-9)


def allowance_left(shore: Shore, ship: Ship) -> int:
    """Whole MA left: none once spent this side's turn; else the inches not yet sailed."""
    if ship.spent == shore.serial or ship.side != shore.side:
        return 0  # spent, or not her side's turn to move: no momentum
    if ship.moved != shore.serial:
        return allowance(shore, ship)
    left = max(0.0, allowance_inches(ship) - ship.travelled)
    return math.floor(left / ma_inches(shore) + 1e-9)


def aboard(shore: Shore, vessel: str) -> list[Figure]:
    """The people aboard a ship: on its deck, below decks, aloft."""
    return [f for f in shore.living() if person(f) and f.spot is not None and f.spot.surface in ABOARD and f.spot.ident == vessel]


def swimmers(game: Game) -> Mapping[str, Base]:
    proc = game.procedure(IN_WATER)
    return proc(game) if proc is not None else {}


def sync(game: Game) -> None:
    """After a step of the module: WS's figures in the module's water go where the module has
    them (a dead one, which ``collisions.fallen`` has struck off already, is struck off here
    too, and left off the table)."""
    in_water, fallen = game.procedure(IN_WATER), game.procedure(FALLEN)
    if in_water is None or fallen is None:
        return
    shore = shore_of(game)
    for name, b in list(in_water(game).items()):
        f = shore.figures[name]
        if not f.alive:
            fallen(game, name)
            continue
        f.spot = Spot(Surface.WATER, KEPT, b.x, b.y)


def displace(game: Game, figure: Figure, to: Vec) -> None:
    """A rule of WS's own (the shaman's repelling spell) drove one of the module's swimmers
    through the water to ``to``: he stays the module's, and the module keeps him there (or the
    next :func:`sync` would put him back)."""
    figure.spot = Spot(Surface.WATER, KEPT, to.x, to.y)
    proc = game.procedure(DISPLACED)
    if proc is not None:
        proc(game, figure.name, to.x, to.y)


def call(game: Game, handle: Procedure[Concatenate[Game, P], Proc[R]], *args: P.args, **kwargs: P.kwargs) -> Generator[Prompt, Any, R | None]:
    """Run a step of the module if it is in play (then :func:`sync`); None when it is not."""
    proc = game.procedure(handle)
    if proc is None:
        return None
    sync(game)  # WS may have killed swimmers since the module's last step (sharks, crocodiles, shots)
    out = yield from proc(game, *args, **kwargs)
    sync(game)
    return out


def now(game: Game, handle: Procedure[Concatenate[Game, P], R], *args: P.args, **kwargs: P.kwargs) -> R | None:
    """:func:`call` for a step that asks no decision and rolls no die (``collisions.overboard``)."""
    proc = game.procedure(handle)
    if proc is None:
        return None
    sync(game)
    out = proc(game, *args, **kwargs)
    sync(game)
    return out


def go_down(g: Game, shore: Shore, ship: Ship) -> Generator[Prompt, Any, None]:
    """A ship goes down (WS-DMG-3): with the module, its sink or swim comes first
    (``collisions.sunk``: the people aboard roll, swim or drown); then WS's own sinking takes
    her off the table with her guns and stores (and her animals into the water)."""
    if not ship.afloat:
        return
    yield from call(g, SUNK, ship.name)
    ships.sink(g, shore, ship)


def sinkings(g: Game, shore: Shore) -> Generator[Prompt, Any, None]:
    """WS-DMG-3 with the module: the ships whose turn of grace ends now go down through :func:`go_down`."""
    for ship in list(shore.ships.values()):
        if ship.afloat and ship.sinks_at == (shore.turn, shore.side_index):
            yield from go_down(g, shore, ship)


def blamed(shore: Shore, ship: Ship) -> str | None:
    """The side a collision's harm to ``ship`` scores for (WS-RULING-1's points): the side whose
    turn it is, unless the ship is its own (a rammer hurting herself scores for no one)."""
    by = shore.side if shore.order else None
    return by if by != ship.side else None


def held(g: Game, ship: Ship) -> str | None:
    """Why a ship may not move with the module in play: grappled or entangled (CG-GRAP-2, CG-RAM-1)."""
    proc = g.procedure(GRAPPLED)
    others = proc(g, ship.name) if proc is not None else ()
    return f"grappled to {', '.join(sorted(others))} (CG-GRAP-2)" if others else None


def motion(ship: Ship, before: Hull, ran: float) -> Motion:
    """How a ruler move that ended touching another ship was made, for the module: moving ahead
    if the bow ran on or the ship did not turn, else turning (a spin always turns)."""
    turned = abs((ship.hull.heading - before.heading + 180.0) % 360.0 - 180.0) > 1e-6
    return "forward" if ran > 1e-9 or not turned else "turning"


def contact(g: Game, ship: Ship, other: str, before: Hull, ran: float) -> Generator[Prompt, Any, bool]:
    """A ruler move that touched another ship, for the module (``collisions.contact``, which
    replaces WS-RAM-1..3 between ships), made as :func:`motion` says; whether her move ends here."""
    verdict = yield from call(g, CONTACT, ship.name, other, motion(ship, before, ran))
    return True if verdict is None else verdict.stop


class WoodenShipsHost(Vessels, Crews, Melee, Water, Shooting):
    """Wooden Ships' answers to the collisions module: all five of its ports (see the module docstring)."""

    # ------------------------------------------------------------------ vessels

    def vessels(self, game: Game) -> Sequence[str]:
        return [s.name for s in shore_of(game).afloat()]

    def size_class(self, game: Game, vessel: str) -> SizeClass:
        return SIZES[ship_of(game, vessel).type]

    def side(self, game: Game, vessel: str) -> str:
        return ship_of(game, vessel).side

    def hull(self, game: Game, vessel: str) -> Hull:
        return ship_of(game, vessel).hull

    def place(self, game: Game, vessel: str, pose: Pose) -> None:
        ship = ship_of(game, vessel)
        h = ship.hull
        ship.hull = Hull(pose.x, pose.y, pose.heading % 360.0, h.length, h.width)

    def allowance(self, game: Game, vessel: str) -> int:
        return allowance(shore_of(game), ship_of(game, vessel))

    def allowance_left(self, game: Game, vessel: str) -> int:
        return allowance_left(shore_of(game), ship_of(game, vessel))

    def spend_allowance(self, game: Game, vessel: str) -> None:
        ship_of(game, vessel).spent = shore_of(game).serial

    def oared(self, game: Game, vessel: str) -> bool:
        ship = ship_of(game, vessel)
        return ship.sweeps and SIZES[ship.type] not in ("boat", "canoe") and bool(self._rowers(game, vessel))

    def purpose_built_ram(self, game: Game, vessel: str) -> bool:
        return ship_of(game, vessel).ram

    def damage(self, game: Game, vessel: str, points: int, *, rule: str, cause: str, saves: bool) -> Generator[Prompt, Any, None]:
        """WS-DMG-1..3 (WS has no saves): a ship with nothing left starts to sink."""
        shore = shore_of(game)
        ship = shore.ships[vessel]
        ships.damage(game, shore, ship, points, blamed(shore, ship), cause, rule)
        return
        yield

    def sink(self, game: Game, vessel: str, *, rule: str, cause: str) -> Generator[Prompt, Any, None]:
        shore = shore_of(game)
        ship = shore.ships[vessel]
        by = blamed(shore, ship)
        if by is not None:
            shore.sunk_by.setdefault(vessel, by)
        game.emit("run-under", rule, ship=vessel, side=ship.side, cause=cause, by=by)
        ship.lost = ship.points
        yield from go_down(game, shore, ship)

    def _rowers(self, game: Game, vessel: str) -> list[Figure]:
        shore = shore_of(game)
        ship = shore.ships[vessel]
        return [f for f in aboard(shore, vessel) if f.side == ship.side and not f.hero and f.name not in shore.prisoners and f.name not in shore.incapacitated]

    def lose_rowers(self, game: Game, vessel: str, count: int, *, rule: str) -> int:
        shore = shore_of(game)
        lost = [f.name for f in self._rowers(game, vessel)[:count]]
        shore.incapacitated.update(lost)
        game.emit("rowers-lost", rule, ship=vessel, figures=lost)
        return len(lost)

    def cut_loose(self, game: Game, vessel: str, other: str) -> Generator[Prompt, Any, bool]:
        """WS-BOARD-2: the spare figures at the gunwale with edged weapons hack at the lines,
        one blow each until the second hit (counted over turns) frees the ships; none who took
        his figures' turn this game turn (WS-FIG-3)."""
        shore = shore_of(game)
        key = grapples.pair(vessel, other)
        far = shore.ships[other].hull
        for name in self.spare_crew(game, vessel):
            f = shore.figures[name]
            blades = grapples.edged(shore, f)
            if f.acted_turn == shore.turn or not blades or hull_gap(shore.base(f), far) > BOARD_REACH:
                continue
            profile = melee_of(shore.weapons[blades[0]].kind)
            assert profile is not None
            mods = hero(f)
            out = yield from attempt(game, f, f"{f.name} hacks at the grapple to {other}", "WS-BOARD-2", profile.to_hit, mods)
            self.engage(game, name, "cut")
            hits = shore.grapple_cuts.get(key, 0) + (1 if out.passed else 0)
            freed = hits >= grapples.CUTS_NEEDED
            game.emit(
                "cut",
                "WS-BOARD-2",
                figure=f.name,
                side=f.side,
                weapon=blades[0],
                ships=[vessel, other],
                hit=out.passed,
                need=out.need,
                mods=[m.to_json() for m in mods],
                hits=hits,
                freed=freed,
            )
            if freed:
                shore.grapple_cuts.pop(key, None)
                return True
            shore.grapple_cuts[key] = hits
        return False

    def initiative(self, game: Game) -> Sequence[str]:
        shore = shore_of(game)
        return shore.order or shore.seats

    # ------------------------------------------------------------------ figures

    def figures_on(self, game: Game, vessel: str) -> Sequence[str]:
        return [f.name for f in aboard(shore_of(game), vessel)]

    def spare_crew(self, game: Game, vessel: str) -> Sequence[str]:
        shore = shore_of(game)
        seat = shore.ships[vessel].side
        return [
            f.name
            for f in aboard(shore, vessel)
            if f.side == seat and f.spot is not None and f.spot.surface is Surface.DECK and f.acted != shore.serial and not shore.idle(f)
        ]

    def engage(self, game: Game, figure: str, task: str) -> None:
        shore = shore_of(game)
        shore.engaged[figure] = shore.turn

    def figure_side(self, game: Game, figure: str) -> str:
        return shore_of(game).figures[figure].side

    def officer(self, game: Game, figure: str) -> bool:
        return shore_of(game).figures[figure].hero

    def station(self, game: Game, figure: str) -> Surface:
        spot = shore_of(game).figures[figure].spot
        return Surface.WATER if spot is None else spot.surface

    def base(self, game: Game, figure: str) -> Base:
        shore = shore_of(game)
        return shore.base(shore.figures[figure])

    def standing_room(self, game: Game, vessel: str) -> Standing:
        """The deck within the hull, clear of its masts, guns and the animals aboard."""
        shore = shore_of(game)
        ship = shore.ships[vessel]
        beasts = [shore.base(f) for f in shore.aboard(vessel) if f.animal]
        # each round footing as the 12-gon about it (a polygon inside the circle would let a base graze it)
        out = 1.0 / math.cos(math.pi / 12) + 1e-6
        return Standing((ship.hull,), tuple(Polygon.circle(b.centre, b.radius * out, 12) for b in [*footings(shore, ship), *beasts]))

    def put_aboard(self, game: Game, figure: str, vessel: str, at: Vec, station: Surface) -> None:
        shore = shore_of(game)
        f = shore.figures[figure]
        if f.life <= 0:
            return  # killed by WS since the module's last step: nothing to put aboard
        ship = shore.ships[vessel]
        # below decks and aloft are places of their own, at the keel's middle
        d = DeckPoint.of(ship.hull, at) if station is Surface.DECK else DeckPoint(0.0, 0.0)
        f.spot = Spot(station if station in ABOARD else Surface.DECK, vessel, d.along, d.port)

    def put_in_water(self, game: Game, figure: str) -> None:
        shore = shore_of(game)
        f = shore.figures[figure]
        if f.spot is None:
            return  # killed by WS since the module's last step
        p = shore.world(f.spot)
        f.spot = Spot(Surface.WATER, KEPT, p.x, p.y)
        shore.prisoners.pop(figure, None)

    def kill(self, game: Game, figure: str, *, rule: str, cause: str) -> None:
        shore = shore_of(game)
        f = shore.figures[figure]
        if f.alive:
            kill(game, shore, f, None, cause, rule)

    def wounded(self, game: Game, figure: str) -> bool:
        f = shore_of(game).figures[figure]
        return f.life < f.max_life

    def encumbrance(self, game: Game, figure: str) -> str | None:
        shore = shore_of(game)
        f = shore.figures[figure]
        held_below = figure in shore.prisoners and f.spot is not None and f.spot.surface is Surface.BELOW
        return "irons" if held_below else None

    def melee(self, game: Game, vessel: str, attackers: Sequence[str], defenders: Sequence[str]) -> Generator[Prompt, Any, MeleeWinner]:
        """One round of WS hand to hand between two groups aboard ``vessel``: each figure with
        a hand-to-hand weapon strikes the nearest of the other group once (WS-MELEE-1, the
        hero's +1, the gang-up of WS-FIG-4); the blows land together; more damage wins."""
        shore = shore_of(game)
        groups = {"attackers": [shore.figures[n] for n in attackers], "defenders": [shore.figures[n] for n in defenders]}
        blows: list[tuple[Figure, Figure, int]] = []
        done: dict[str, int] = {"attackers": 0, "defenders": 0}
        for side, group in groups.items():
            foes = groups["defenders" if side == "attackers" else "attackers"]
            gang: dict[str, int] = {}
            for f in group:
                if not f.alive or not foes:
                    continue
                arms = [p for p in (melee_of(w.kind) for w in shore.carried(f.name)) if p is not None]
                if not arms:
                    continue
                profile = max(arms, key=lambda p: (7 - p.to_hit) * p.damage)
                me = shore.base(f)
                foe = min(foes, key=lambda o: (distance(shore.base(o).centre, me.centre), o.name))
                mods = [*hero(f)]
                if gang.get(foe.name):
                    mods.append(Mod("WS-FIG-4", f"gang-up: attacker {gang[foe.name] + 1} on {foe.name}", gang[foe.name]))
                if not reachable(profile.to_hit, mods, "bonus_only"):
                    continue
                gang[foe.name] = gang.get(foe.name, 0) + 1
                out = yield from attempt(game, f, f"{f.name} strikes {foe.name} aboard {vessel}", "WS-MELEE-1", profile.to_hit, mods)
                if out.passed:
                    blows.append((f, foe, profile.damage))
                    done[side] += profile.damage
        for f, foe, hurt in blows:
            wound(game, shore, foe, hurt, f.side, f"struck by {f.name} in the boarding of {vessel}", "WS-MELEE-1")
        winner: MeleeWinner = "attackers" if done["attackers"] > done["defenders"] else "defenders" if done["defenders"] > done["attackers"] else None
        game.emit("boarding-melee", "WS-MELEE-1", ship=vessel, damage=done, winner=winner)
        return winner

    def capture(self, game: Game, vessel: str, seat: str, captain: str, prize_crew: Sequence[str]) -> None:
        shore = shore_of(game)
        ship = shore.ships[vessel]
        was = ship.side
        ship.side = seat
        game.emit("taken", "CG-BOARD-4", ship=vessel, by=seat, was=was, owner=ship.owner)

    def make_prisoner(self, game: Game, figure: str, seat: str) -> None:
        shore_of(game).prisoners[figure] = seat

    def join_crew(self, game: Game, figure: str, seat: str) -> None:
        """Free, and fighting for ``seat``: one held below decks or aloft comes up on deck if
        there is room (else he stays where he is, free)."""
        shore = shore_of(game)
        f = shore.figures[figure]
        shore.prisoners.pop(figure, None)
        f.side = seat
        spot = f.spot
        if spot is not None and spot.surface in (Surface.BELOW, Surface.ALOFT):
            ship = shore.ships[spot.ident]
            p = space_for(shore, Surface.DECK, ship.name, f.radius, f.name).nearest(ship.hull.centre)
            if p is not None:
                d = DeckPoint.of(ship.hull, p)
                f.spot = Spot(Surface.DECK, ship.name, d.along, d.port)

    def turns_coat(self, game: Game, figure: str) -> Generator[Prompt, Any, bool]:
        shore = shore_of(game)
        f = shore.figures[figure]
        if f.hero:
            return False
        r = yield from game.roll(RollRequest(D6, f"{figure} turns his coat", "CG-BOARD-4", shore.prisoners.get(figure), figure, "high", TURNCOAT))
        return r.total >= TURNCOAT

    def small_arms(self, game: Game, weapon: str) -> bool:
        w = shore_of(game).weapons.get(weapon)
        return (w.kind if w is not None else weapon) in SMALL_ARMS

    def shoot(self, game: Game, shooter: str, target: str, weapon: str, cover: Cover) -> Generator[Prompt, Any, ShotResult]:
        """WS's small-arms shot (WS-ARMS-1/2) with the cover a step harder to hit (-1 for light)."""
        from grapeshot.rulesets.woodenships import shooting
        from grapeshot.rulesets.woodenships.places import obstructions

        shore = shore_of(game)
        f, foe = shore.figures[shooter], shore.figures[target]
        shot = shooting.aim(shore, obstructions(shore), f, weapon, target)
        if isinstance(shot, str):
            raise ValueError(shot)
        shot = shooting.covered(shot, COVER[cover])
        if not reachable(shot.base, shot.mods, str(shore.option("to_hit_seven"))):
            raise ValueError(f"{target} in {cover} cover is out of reach of {shooter}'s {shot.arm.name} at {shot.band} range")
        life = foe.life
        yield from shooting.shoot(game, shore, f, shot)
        if not foe.alive:
            return "killed"
        return "wounded" if foe.life < life else "missed"


HOST = WoodenShipsHost()
