"""What a Naval Warhammer game asks its seats, each prompt with its legal answers (``legal``) from
the same code as its check.

Continuous answers come as documented grids with a draw over the whole range: a ship's move (the
least, the quarters and the most of its allowance, each turn it may make there, at the start or
the end, rammed where the course meets an enemy), a war machine's aim (points a few inches short
of each enemy hull in its arc and at its centre; the draw anywhere in the arc and range), a flame
(at each enemy model in reach), shoving off (the eight points of the compass at 0", 2" and 4";
the draw any direction and distance).  Every answer with parts (a ship's crew, a boarded crew's
reactions, the deck moves) has one part per unit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices, Part, Rng
from grapeshot.core.errors import IllegalAction
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Contact, Obstacle, Vec, first_contact
from grapeshot.rulesets.navalwarhammer.actions import (
    Across,
    Cast,
    Consolidate,
    CrewOrders,
    CutLoose,
    DeckMoves,
    Fly,
    Launch,
    Propel,
    Reactions,
    Shoot,
    ShoveOff,
    Steer,
)
from grapeshot.rulesets.navalwarhammer.courses import course, turns
from grapeshot.rulesets.navalwarhammer.data import GUN_ARC, NS, SHOVE_OFF, Propulsion
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import ENGINES, EngineKind
from grapeshot.rulesets.navalwarhammer.measures import GUESSING, premeasured, seen
from grapeshot.rulesets.navalwarhammer.state import Sea
from grapeshot.rulesets.navalwarhammer.targets import (
    SMALL_ARMS_PARTS,
    Shooter,
    arc_points,
    eye_points,
    flame_refusal,
    gun_facing,
    gun_point,
    machine_refusal,
    missile_refusal,
    must_name,
    point_blank_at,
    point_of,
    shooters,
    unit_targets,
)


def _obstacles(sea: Sea, ship: str) -> list[Obstacle]:
    from grapeshot.rulesets.navalwarhammer.moving import obstacles_for

    return obstacles_for(sea, sea.ships[ship])


@dataclass(eq=False)
class PartsPrompt(Prompt):
    """A prompt answered one part per unit: ``options`` maps each unit to its choices."""

    namespace: ClassVar[str] = NS
    ship: str = ""
    options: dict[str, list[str]] = field(default_factory=dict)

    def check_picks(self, picks: tuple[tuple[str, str], ...]) -> None:
        seen = set()
        for unit, pick in picks:
            if unit not in self.options:
                raise IllegalAction(f"{unit!r} is not asked here; the units are {sorted(self.options)}")
            if unit in seen:
                raise IllegalAction(f"{unit!r} is named twice")
            seen.add(unit)
            if pick not in self.options[unit]:
                raise IllegalAction(f"{unit}: {pick!r} is not allowed; allowed: {self.options[unit]}")

    def parts(self) -> tuple[Part, ...]:
        return tuple(Part(u, u, tuple(Choice((u, o), o) for o in opts)) for u, opts in self.options.items())

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(ship=self.ship, options=self.options)
        return d


@dataclass(eq=False)
class CrewPrompt(PartsPrompt):
    """NW-CREW-1, NW-CREW-2: which units work the ship this turn, and which stand below decks."""

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, CrewOrders)
        if action.ship != self.ship:
            raise IllegalAction(f"this asks about {self.ship}, not {action.ship}")
        for name, units in (("working", action.working), ("below", action.below)):
            twice = sorted({u for u in units if units.count(u) > 1})
            if twice:
                raise IllegalAction(f"{name}: {', '.join(twice)} named twice")
        picks = tuple((u, ("work" if u in action.working else "free") + (" below" if u in action.below else "")) for u in {*action.working, *action.below})
        self.check_picks(picks)

    def legal(self, seat: str) -> Choices:
        ship = self.ship

        def build(picks: Any) -> Action:
            return CrewOrders(ship, tuple(u for u, p in picks if p.startswith("work")), tuple(u for u, p in picks if p.endswith("below")))

        return Choices(self.parts(), build)


@dataclass(eq=False)
class ReactionsPrompt(PartsPrompt):
    """NW-BOARD-2: the boarded crew's charge reactions, unit by unit."""

    attacker: str = ""

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Reactions)
        if action.ship != self.ship:
            raise IllegalAction(f"this asks about {self.ship}, not {action.ship}")
        self.check_picks(action.picks)

    def legal(self, seat: str) -> Choices:
        ship = self.ship
        return Choices(self.parts(), lambda picks: Reactions(ship, tuple(picks)))


@dataclass(eq=False)
class DeckMovesPrompt(PartsPrompt):
    """Units aboard a grappled ship move: stay, line up at the rail, charge, go home, man a prize."""

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, DeckMoves)
        if action.ship != self.ship:
            raise IllegalAction(f"this asks about {self.ship}, not {action.ship}")
        self.check_picks(action.picks)

    def legal(self, seat: str) -> Choices:
        ship = self.ship
        return Choices(self.parts(), lambda picks: DeckMoves(ship, tuple(picks)))


@dataclass(eq=False)
class ListPrompt(Prompt):
    """A prompt whose every legal answer is listed (``answers``), the decline first."""

    namespace: ClassVar[str] = NS
    answers: Sequence[Action] = field(default_factory=list)
    words: Sequence[str] = field(default_factory=list)

    def check_choice(self, seat: str, action: Action) -> None:
        if action not in self.answers:
            raise IllegalAction(f"{action.to_json()} is not allowed here; allowed: {[a.to_json() for a in self.answers][:12]}")

    #: what the choice is, in the words its form shows (never the prompt's class name)
    label: ClassVar[str] = "answer"

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(a, w) for a, w in zip(self.answers, self.words, strict=True)], self.label)

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["answers"] = [{"action": a.to_json(), "label": w} for a, w in zip(self.answers, self.words, strict=True)]
        return d


@dataclass(eq=False)
class LaunchPrompt(ListPrompt):
    """NW-LAUNCH-1: launch a boat, or not."""

    label: ClassVar[str] = "launch a boat"


@dataclass(eq=False)
class FlyPrompt(ListPrompt):
    """NW-FLY-1: where a flying unit flies: stay, a deck in reach, over the water."""

    label: ClassVar[str] = "where the flyers go"


@dataclass(eq=False)
class PropelPrompt(ListPrompt):
    """How a ship moves this turn (NW-UPG-1), whether it opens the throttle (NW-MOVE-4), casts off (NW-DOCK-1)."""

    label: ClassVar[str] = "how she moves this turn"


@dataclass(eq=False)
class AcrossPrompt(ListPrompt):
    """NW-BOARD-3: how many models move onto the enemy ship."""

    label: ClassVar[str] = "how many cross onto the enemy deck"


@dataclass(eq=False)
class CutLoosePrompt(ListPrompt):
    """NW-BOARD-8: try to cut loose, or stay grappled."""

    label: ClassVar[str] = "cut loose or stay grappled"


@dataclass(eq=False)
class ConsolidatePrompt(ListPrompt):
    """NW-BOARD-10: consolidate, or not."""

    label: ClassVar[str] = "press on into the enemy ship, or hold"


#: where a move's distances are listed: the least, the quarters and the most of the allowance
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass(eq=False)
class SteerPrompt(Prompt):
    """A ship's move: how far (between the least it must and the most it may), which turn, and
    whether it rams (NW-BOARD-1: a ram is declared; only where the course meets an enemy ship)."""

    namespace: ClassVar[str] = NS
    ship: str = ""
    mode: Propulsion = Propulsion.SAIL
    least: float = 0.0
    most: float = 0.0
    sea: Sea | None = None
    _met: dict[tuple[float, float, str], Contact | None] = field(default_factory=dict, repr=False)
    _in_the_way: list[Obstacle] | None = field(default=None, repr=False)

    def contact(self, inches: float, turn: float, at: str) -> Contact | None:
        """The first thing the course meets, if any: swept once a course while the prompt is open
        (the listing, its check and the players who weigh each course all ask)."""
        key = (inches, turn, at)
        if key not in self._met:
            sea = self.sea
            assert sea is not None
            ship = sea.ships[self.ship]
            if self._in_the_way is None:
                self._in_the_way = _obstacles(sea, ship.name)
            self._met[key] = first_contact(course(ship, inches, turn, at), ship.hull.length, ship.hull.width, self._in_the_way, sea.table)
        return self._met[key]

    def ram_target(self, inches: float, turn: float, at: str) -> str | None:
        """The enemy ship the course meets first, if the first thing it meets is one."""
        assert self.sea is not None
        hit = self.contact(inches, turn, at)
        if hit is not None and hit.kind == "ship" and self.sea.ships[hit.ident].commander != self.sea.ships[self.ship].commander:
            return hit.ident
        return None

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Steer) and self.sea is not None
        if action.ship != self.ship:
            raise IllegalAction(f"this asks about {self.ship}, not {action.ship}")
        if not self.least - 1e-9 <= action.inches <= self.most + 1e-9:
            raise IllegalAction(f'{self.ship} moves between {self.least:g}" and {self.most:g}" this turn, not {action.inches:g}"')
        allowed = turns(self.sea.ships[self.ship], self.mode, action.inches)
        if action.turn not in allowed:
            raise IllegalAction(f'{self.ship} may turn {allowed} degrees on a move of {action.inches:g}", not {action.turn:g}')
        if action.at not in ("start", "end"):
            raise IllegalAction(f"a turn is made at the start or the end of the move, not {action.at!r}")
        if action.ram and self.ram_target(action.inches, action.turn, action.at) is None:
            raise IllegalAction(f"{self.ship} has nothing to ram on that course: a ram needs an enemy ship to be the first thing it meets")

    def option(self, inches: float, turn: float, at: str, ram: bool) -> Choice:
        side = "" if turn == 0 else f", turning {abs(turn):g} to {'port' if turn > 0 else 'starboard'} at the {at}"
        target = self.ram_target(inches, turn, at) if ram else None
        return Choice(Steer(self.ship, inches, turn, at, ram), f'{inches:.2f}"{side}' + (f", ramming {target}" if ram else ""))

    def legal(self, seat: str) -> Choices:
        assert self.sea is not None
        ship = self.sea.ships[self.ship]

        def grid() -> list[Choice]:
            out: list[Choice] = []
            for share in SHARES:
                d = self.least + (self.most - self.least) * share
                for t in turns(ship, self.mode, d):
                    for at in ("start", "end") if t else ("start",):
                        out.append(self.option(d, t, at, False))
                        if self.ram_target(d, t, at) is not None:
                            out.append(self.option(d, t, at, True))
            return list({c.value: c for c in out}.values())

        def draw(rng: Rng) -> Choice:
            d = rng.uniform(self.least, self.most)
            t = rng.choice(turns(ship, self.mode, d))
            at = rng.choice(("start", "end")) if t else "start"
            ram = self.ram_target(d, t, at) is not None and rng.random() < 0.5
            return self.option(d, t, at, ram)

        return Choices.of(grid, f"{self.ship}'s move", sample=draw, note="the least, the quarters and the most of the allowance; the draw covers all of it")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(ship=self.ship, mode=self.mode.value, least=self.least, most=self.most)
        return d


@dataclass(eq=False)
class ShootPrompt(Prompt):
    """NW-CREW-3: the seat's shooting, one shooter at a time, or an end to it."""

    namespace: ClassVar[str] = NS
    seat: str = ""
    sea: Sea | None = None
    _open: list[Shooter] | None = None

    def refresh(self) -> bool:
        assert self.sea is not None
        self._open = shooters(self.sea, self.seat)
        return bool(self._open)

    def open(self) -> list[Shooter]:
        if self._open is None:
            self.refresh()
        assert self._open is not None
        return self._open

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Shoot) and self.sea is not None
        if action.shooter is None:
            return
        found = next((s for s in self.open() if s.unit == action.shooter), None)
        if found is None:
            raise IllegalAction(f"{action.shooter!r} cannot shoot now; those that can: {[s.unit for s in self.open()]}")
        why = refusal(self.sea, found, action)
        if why is not None:
            raise IllegalAction(why)

    def legal(self, seat: str) -> Choices:
        assert self.sea is not None
        sea = self.sea

        by_eye = not premeasured(sea)

        def grid() -> list[Choice]:
            out = [Choice(Shoot(), "end the shooting")]
            for s in self.open():
                out += [Choice(a, words(a)) for a in shots(sea, s, by_eye=by_eye) if refusal(sea, s, a) is None]
            return out

        def draw(rng: Rng) -> Choice:
            if rng.random() < 0.1 or not self.open():
                return Choice(Shoot(), "end the shooting")
            s = rng.choice(self.open())
            if s.kind in ("cannon", "stone thrower"):
                for _ in range(12):
                    a = random_aim(sea, s, rng)
                    if a is not None and refusal(sea, s, a) is None:
                        return Choice(a, words(a))
            found = [a for a in shots(sea, s) if refusal(sea, s, a) is None]
            if not found:
                return Choice(Shoot(), "end the shooting")
            a = rng.choice(found)
            return Choice(a, words(a))

        note = "each shooter at each target; war machines at points a few inches short of each hull and at its centre"
        if by_eye:
            note += " (a cannon beyond point blank and a stone thrower at the quarters of its range: their crews guess by eye)"
        return Choices.of(grid, "shot", sample=draw, note=note)

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["shooters"] = [[s.unit, s.kind] for s in self.open()]
        assert self.sea is not None
        d["measures"] = seen(self.sea)
        return d


def words(a: Shoot) -> str:
    if a.shooter is None:
        return "end the shooting"
    at = f" at ({a.x:.1f}, {a.y:.1f})" if a.x is not None and a.y is not None else ""
    return f"{a.shooter} shoots at {a.target or a.ship}{at}"


def refusal(sea: Sea, s: Shooter, a: Shoot) -> str | None:
    """Why the shot is not allowed (None: it is): the shooting prompt's check and its list."""
    u = sea.units[s.unit]
    aim = Vec(a.x, a.y) if a.x is not None and a.y is not None else None
    if s.kind == "missiles":
        if aim is not None:
            return "small arms take no aim point"
        return missile_refusal(sea, u, a.ship, a.target)
    if s.kind == "flame":
        return flame_refusal(sea, u, aim)
    return machine_refusal(sea, u, a.ship, a.target, aim)


def shots(sea: Sea, s: Shooter, *, by_eye: bool = False) -> list[Shoot]:
    """The listed shots of one shooter (the grid).  ``by_eye``: a guessing war machine's aims
    beyond point blank are the quarters of its range along each bearing (:func:`eye_points`; at
    a named part, the middle of its range), not points measured off the target (what a seat is listed when its players may not
    pre-measure, :mod:`.measures`)."""
    u = sea.units[s.unit]
    out: list[Shoot] = []
    enemies = [sh for sh in sea.afloat() if sh.commander != u.seat]
    if s.kind == "missiles":
        for sh in enemies:
            for t in [*unit_targets(sea, u, sh), *(p for p in SMALL_ARMS_PARTS if sh.part_alive(p))]:
                out.append(Shoot(u.name, sh.name, t))
        return out
    if s.kind == "flame":
        origin = point_of(sea, u)
        for v in sea.alive():
            if v.seat == u.seat:
                continue
            for f in v.figs[:1]:
                p = sea.where(f)
                if math.dist(origin, p) <= (u.missile.range if u.missile else 0):
                    out.append(Shoot(u.name, f.on, v.name, p.x, p.y))
        return out
    kind: EngineKind = u.engine  # type: ignore[assignment]
    engine = ENGINES[kind]
    near, far = float(engine.min_range), float(engine.max_range)
    for sh in enemies:
        named = [p for p in sh.parts if sh.part_alive(p)] if kind != "stone thrower" else []
        named += [t for t in unit_targets(sea, u, sh)] if kind == "bolt thrower" else []
        eye = by_eye and kind in GUESSING and not (kind == "cannon" and point_blank_at(sea, u, sh))
        for p in eye_points(sea, u, sh.hull.centre, near, far) if eye else arc_points(sea, u, sh, near, far):
            if kind == "cannon" and not must_name(sea, u.seat, sh):
                out.append(Shoot(u.name, sh.name, "", p.x, p.y))
            if kind == "stone thrower":
                out.append(Shoot(u.name, sh.name, "", p.x, p.y))
        if kind != "stone thrower":
            from grapeshot.rulesets.navalwarhammer.targets import named_point

            for t in named:
                p2 = named_point(sea, sh, t)
                if p2 is not None and eye:  # one guess at a named part: the middle of the range
                    q = eye_points(sea, u, p2, near, far)[1]
                    out.append(Shoot(u.name, sh.name, t, q.x, q.y))
                elif p2 is not None:
                    out.append(Shoot(u.name, sh.name, t, p2.x, p2.y))
    return out


def random_aim(sea: Sea, s: Shooter, rng: Rng) -> Shoot | None:
    """A war machine's aim drawn anywhere in its arc and range, at the ship it falls nearest."""
    u = sea.units[s.unit]
    engine = ENGINES[u.engine]  # type: ignore[index]
    origin = gun_point(sea, u)
    b = gun_facing(sea, u) + rng.uniform(-GUN_ARC / 2.0, GUN_ARC / 2.0)
    d = rng.uniform(float(engine.min_range), float(engine.max_range))
    p = Vec(origin.x + math.cos(math.radians(b)) * d, origin.y + math.sin(math.radians(b)) * d)
    enemies = [sh for sh in sea.afloat() if sh.commander != u.seat]
    if not enemies:
        return None
    from grapeshot.geometry import point_hull_distance

    sh = min(enemies, key=lambda x: (point_hull_distance(p, x.hull), x.name))
    return Shoot(u.name, sh.name, "", p.x, p.y)


@dataclass(eq=False)
class CastPrompt(ListPrompt):
    """The magic phase: a wizard casts, or the seat is done."""

    label: ClassVar[str] = "the spell to cast"


#: the shares of the most a ship may shove off that the grids offer (4": 2" and 4")
SHOVE_SHARES = (0.5, 1.0)


def shoves(most: float) -> list[float]:
    """The distances the shove-off grids offer (the prompt's, the catalogue's)."""
    return [round(most * k, 4) for k in SHOVE_SHARES]


@dataclass(eq=False)
class ShoveOffPrompt(Prompt):
    """NW-BOARD-9: a ship cut loose from every enemy moves up to 4" in any direction, no turns
    (``most``: 4", less what her upgrades take off, NW-UPG-3)."""

    namespace: ClassVar[str] = NS
    ship: str = ""
    heading: float = 0.0
    most: float = SHOVE_OFF

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, ShoveOff)
        if action.ship != self.ship:
            raise IllegalAction(f"this asks about {self.ship}, not {action.ship}")
        if not 0.0 <= action.inches <= self.most + 1e-9:
            raise IllegalAction(f'{self.ship} shoves off up to {self.most:g}", not {action.inches:g}"')
        if not 0.0 <= action.direction < 360.0:
            raise IllegalAction(f"a direction in degrees from 0 to 360, not {action.direction:g}")

    def legal(self, seat: str) -> Choices:
        ship = self.ship
        grid = [Choice(ShoveOff(ship, 0.0, 0.0), "stay")]
        for k in range(8):
            d = (self.heading + 45.0 * k) % 360.0
            for inches in shoves(self.most):
                grid.append(Choice(ShoveOff(ship, d, inches), f'{inches:g}" towards {d:.0f} degrees'))

        def draw(rng: Rng) -> Choice:
            d, inches = rng.uniform(0.0, 359.999), rng.uniform(0.0, self.most)
            return Choice(ShoveOff(ship, d, inches), f'{inches:.2f}" towards {d:.0f} degrees')

        return Choices.of(
            grid, "shove off", sample=draw, note="the eight points of the compass from the bow at half and all of the most; the draw any direction and distance"
        )


__all__ = [
    "Across",
    "AcrossPrompt",
    "Cast",
    "CastPrompt",
    "Consolidate",
    "ConsolidatePrompt",
    "CrewPrompt",
    "CutLoose",
    "CutLoosePrompt",
    "DeckMovesPrompt",
    "Fly",
    "FlyPrompt",
    "Launch",
    "LaunchPrompt",
    "Propel",
    "PropelPrompt",
    "ReactionsPrompt",
    "ShootPrompt",
    "ShoveOffPrompt",
    "SteerPrompt",
]
