"""The harbour's vessels and figures (its state) and its answers to the collisions module's host
protocol: the test host of ``harbour.py`` (see its docstring for the rules)."""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, DiceExpr, RollRequest
from grapeshot.geometry import BASE_25MM, Base, DeckPoint, Hull, Polygon, Pose, Surface, Vec
from grapeshot.rulesets.collisions.ports import FALLEN, SUNK, Cover, Crews, Melee, MeleeWinner, Shooting, ShotResult, SizeClass, Standing, Vessels, Water

#: length, width, movement allowance (MA, inches), strength points of each size class
SIZES: dict[str, tuple[float, float, int, int]] = {
    "large": (12.0, 4.0, 8, 30),
    "middling": (9.0, 3.0, 9, 20),
    "small": (6.0, 2.5, 10, 12),
    "boat": (3.0, 1.5, 4, 3),
    "canoe": (3.0, 1.1, 5, 2),
}
MUSKET_RANGE = 12.0
CANNON_RANGE = 24.0


@dataclass
class Craft:
    name: str
    seat: str
    size: str
    x: float
    y: float
    heading: float
    strength: int
    oared: bool = False
    ram: bool = False
    rowers: int = 0
    hatch: bool = False
    travelled: float = 0.0
    spent: bool = False

    @property
    def hull(self) -> Hull:
        length, width, _, _ = SIZES[self.size]
        return Hull(self.x, self.y, self.heading, length, width)

    @property
    def ma(self) -> int:
        return SIZES[self.size][2]

    def left(self) -> int:
        return 0 if self.spent else max(0, math.floor(self.ma - self.travelled + 1e-9))


@dataclass
class Hand:
    ident: str
    seat: str
    vessel: str | None
    along: float = 0.0
    port: float = 0.0
    station: str = "deck"
    officer: bool = False
    life: int = 1
    weapon: str = "cutlass"
    armour: bool = False
    irons: bool = False
    acted: bool = False
    prisoner_of: str | None = None

    @property
    def most(self) -> int:
        return 2 if self.officer else 1


@dataclass
class Harbour:
    seats: tuple[str, ...]
    crafts: dict[str, Craft]
    hands: dict[str, Hand]
    turns: int
    turn: int = 0
    order: tuple[str, ...] = field(default_factory=tuple)

    def afloat(self) -> list[Craft]:
        return list(self.crafts.values())

    def describe(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "crafts": {
                c.name: {
                    "seat": c.seat,
                    "size": c.size,
                    "pose": [round(c.x, 4), round(c.y, 4), round(c.heading, 3)],
                    "strength": c.strength,
                    "rowers": c.rowers,
                }
                for c in self.crafts.values()
            },
            "hands": {
                h.ident: {"seat": h.seat, "vessel": h.vessel, "station": h.station, "life": h.life, "prisoner_of": h.prisoner_of} for h in self.hands.values()
            },
        }


def harbour_of(game: Game) -> Harbour:
    return cast(Harbour, game.state)


def deck_plan(c: Craft) -> Standing:
    """Where figures stand aboard: the whole hull but a mast in the middle of a ship (and a
    hatch, 2.5" by 1.5", abaft it where the scenario gives one)."""
    hull = c.hull
    if c.size in ("boat", "canoe"):
        return Standing((hull,))
    fittings = [Polygon.circle(hull.centre, 0.3, 8)]
    if c.hatch:
        fittings.append(Polygon([(p.x, p.y) for p in (hull.world(-0.5, 0.75), hull.world(-3.0, 0.75), hull.world(-3.0, -0.75), hull.world(-0.5, -0.75))]))
    return Standing((hull,), tuple(fittings))


# --------------------------------------------------------------------------- the host protocol


class HarbourHost(Vessels, Crews, Melee, Water, Shooting):
    """The harbour's answers to the collisions module (``CollisionsHost``)."""

    def vessels(self, game: Game) -> Sequence[str]:
        return list(harbour_of(game).crafts)

    def size_class(self, game: Game, vessel: str) -> SizeClass:
        return cast(SizeClass, harbour_of(game).crafts[vessel].size)

    def side(self, game: Game, vessel: str) -> str:
        return harbour_of(game).crafts[vessel].seat

    def hull(self, game: Game, vessel: str) -> Hull:
        return harbour_of(game).crafts[vessel].hull

    def place(self, game: Game, vessel: str, pose: Pose) -> None:
        c = harbour_of(game).crafts[vessel]
        c.x, c.y, c.heading = pose

    def allowance(self, game: Game, vessel: str) -> int:
        return harbour_of(game).crafts[vessel].ma

    def allowance_left(self, game: Game, vessel: str) -> int:
        return harbour_of(game).crafts[vessel].left()

    def spend_allowance(self, game: Game, vessel: str) -> None:
        harbour_of(game).crafts[vessel].spent = True

    def oared(self, game: Game, vessel: str) -> bool:
        return harbour_of(game).crafts[vessel].oared

    def purpose_built_ram(self, game: Game, vessel: str) -> bool:
        return harbour_of(game).crafts[vessel].ram

    def damage(self, game: Game, vessel: str, points: int, *, rule: str, cause: str, saves: bool) -> Generator[Prompt, Any, None]:
        c = harbour_of(game).crafts[vessel]
        saved = 1 if saves and c.size == "large" and points > 0 else 0
        c.strength -= points - saved
        game.emit("damage", rule, vessel=vessel, points=points, saved=saved, strength=c.strength, cause=cause)
        if c.strength <= 0:
            yield from sink_craft(game, vessel, rule, cause)

    def sink(self, game: Game, vessel: str, *, rule: str, cause: str) -> Generator[Prompt, Any, None]:
        yield from sink_craft(game, vessel, rule, cause)

    def lose_rowers(self, game: Game, vessel: str, count: int, *, rule: str) -> int:
        c = harbour_of(game).crafts[vessel]
        lost = min(count, c.rowers)
        c.rowers -= lost
        c.oared = c.oared and c.rowers > 0
        return lost

    def cut_loose(self, game: Game, vessel: str, other: str) -> Generator[Prompt, Any, bool]:
        r = yield from game.roll(RollRequest(D6, f"{vessel} cuts loose from {other}", "HB-BOARD-1", self.side(game, vessel), vessel, "high", 4))
        return r.total >= 4

    def initiative(self, game: Game) -> Sequence[str]:
        return harbour_of(game).order

    def figures_on(self, game: Game, vessel: str) -> Sequence[str]:
        return [h.ident for h in harbour_of(game).hands.values() if h.vessel == vessel and h.life > 0]

    def spare_crew(self, game: Game, vessel: str) -> Sequence[str]:
        hb = harbour_of(game)
        seat = hb.crafts[vessel].seat
        return [h.ident for h in hb.hands.values() if h.vessel == vessel and h.life > 0 and h.seat == seat and not h.acted and h.prisoner_of is None]

    def engage(self, game: Game, figure: str, task: str) -> None:
        harbour_of(game).hands[figure].acted = True

    def figure_side(self, game: Game, figure: str) -> str:
        return harbour_of(game).hands[figure].seat

    def officer(self, game: Game, figure: str) -> bool:
        return harbour_of(game).hands[figure].officer

    def station(self, game: Game, figure: str) -> Surface:
        return Surface(harbour_of(game).hands[figure].station)

    def base(self, game: Game, figure: str) -> Base:
        hb = harbour_of(game)
        h = hb.hands[figure]
        if h.vessel is None:
            raise ValueError(f"{figure} is not aboard anything")
        p = DeckPoint(h.along, h.port).world(hb.crafts[h.vessel].hull)
        return Base(p.x, p.y, BASE_25MM, figure)

    def standing_room(self, game: Game, vessel: str) -> Standing:
        return deck_plan(harbour_of(game).crafts[vessel])

    def put_aboard(self, game: Game, figure: str, vessel: str, at: Vec, station: Surface) -> None:
        hb = harbour_of(game)
        h = hb.hands[figure]
        h.vessel = vessel
        h.along, h.port = DeckPoint.of(hb.crafts[vessel].hull, at)
        h.station = station.value

    def put_in_water(self, game: Game, figure: str) -> None:
        h = harbour_of(game).hands[figure]
        h.vessel, h.station = None, Surface.WATER.value

    def kill(self, game: Game, figure: str, *, rule: str, cause: str) -> None:
        h = harbour_of(game).hands[figure]
        h.life, h.vessel = 0, None
        game.emit("lost", rule, figure=figure, cause=cause)

    def wounded(self, game: Game, figure: str) -> bool:
        h = harbour_of(game).hands[figure]
        return h.life < h.most

    def encumbrance(self, game: Game, figure: str) -> str | None:
        h = harbour_of(game).hands[figure]
        return "irons" if h.irons else "armour" if h.armour else None

    def melee(self, game: Game, vessel: str, attackers: Sequence[str], defenders: Sequence[str]) -> Generator[Prompt, Any, MeleeWinner]:
        hb = harbour_of(game)
        hits: dict[str, int] = {}
        for side, group in (("attackers", attackers), ("defenders", defenders)):
            r = yield from game.roll(
                RollRequest(DiceExpr(len(group), 6), f"{side} aboard {vessel} strike", "HB-MELEE-1", hb.hands[group[0]].seat, group[0], "high")
            )
            hits[side] = sum(1 for f, face in zip(group, r.faces, strict=True) if face >= (4 if hb.hands[f].officer else 5))
        for side, group in (("defenders", defenders), ("attackers", attackers)):
            foes = hits["attackers" if side == "defenders" else "defenders"]
            for f in sorted(group, key=lambda f: hb.hands[f].officer)[:foes]:
                wound(game, f, "HB-MELEE-1", f"cut down aboard {vessel}")
        winner: MeleeWinner = "attackers" if hits["attackers"] > hits["defenders"] else "defenders" if hits["defenders"] > hits["attackers"] else None
        game.emit("fight", "HB-MELEE-1", vessel=vessel, hits=hits, winner=winner)
        return winner

    def capture(self, game: Game, vessel: str, seat: str, captain: str, prize_crew: Sequence[str]) -> None:
        harbour_of(game).crafts[vessel].seat = seat

    def make_prisoner(self, game: Game, figure: str, seat: str) -> None:
        h = harbour_of(game).hands[figure]
        h.prisoner_of = seat
        h.irons = h.station == Surface.BELOW.value

    def join_crew(self, game: Game, figure: str, seat: str) -> None:
        h = harbour_of(game).hands[figure]
        h.prisoner_of, h.irons, h.seat = None, False, seat

    def turns_coat(self, game: Game, figure: str) -> Generator[Prompt, Any, bool]:
        h = harbour_of(game).hands[figure]
        r = yield from game.roll(RollRequest(D6, f"{figure} turns his coat", "HB-PRISON-1", h.prisoner_of, figure, "high", 6))
        return r.total == 6

    def small_arms(self, game: Game, weapon: str) -> bool:
        return weapon in ("musket", "pistol")

    def shoot(self, game: Game, shooter: str, target: str, weapon: str, cover: Cover) -> Generator[Prompt, Any, ShotResult]:
        need = {"none": 4, "light": 5, "heavy": 6}[cover]
        r = yield from game.roll(RollRequest(D6, f"{shooter} fires at {target}", "HB-SHOOT-1", harbour_of(game).hands[shooter].seat, shooter, "high", need))
        if r.total < need:
            return "missed"
        return "killed" if wound(game, target, "HB-SHOOT-1", f"shot by {shooter}") else "wounded"


def wound(game: Game, figure: str, rule: str, cause: str) -> bool:
    """A wound; whether it killed."""
    h = harbour_of(game).hands[figure]
    h.life -= 1
    if h.life > 0:
        return False
    h.vessel = None
    game.emit("lost", rule, figure=figure, cause=cause)
    fallen = game.procedure(FALLEN)  # the module's boarders and prisoners lose him too
    if fallen is not None:
        fallen(game, figure)
    return True


HOST = HarbourHost()


def sink_craft(game: Game, vessel: str, rule: str, cause: str) -> Generator[Prompt, Any, None]:
    """A vessel goes down: the module's sink or swim first (without it, all aboard drown)."""
    hb = harbour_of(game)
    if vessel not in hb.crafts:
        return
    game.emit("sunk", rule, vessel=vessel, cause=cause)
    proc = game.procedure(SUNK)
    if proc is not None:
        yield from proc(game, vessel)
    for h in hb.hands.values():
        if h.vessel == vessel:
            h.life, h.vessel = 0, None
    del hb.crafts[vessel]
