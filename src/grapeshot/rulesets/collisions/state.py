"""What the collisions module keeps of a game: grapples, boarding actions, prizes and prisoners,
swimmers and flotsam, the Cunning Plans and Suspicious Beggars, and who tried what this turn.

Everything else (vessels, figures aboard, damage) is the host's, reached through the protocol.
The state is plain data (lists, dicts, sets, mutable dataclasses of immutable values), so the
core's checkpoints copy it (``core.clone``).  The helpers at the end find the module's run in a
game, its host, its options, and write its events in its namespace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from grapeshot.geometry import Base, Polygon, Surface, Vec, place_bases
from grapeshot.rulesets.collisions.protocol import NAME as NAME  # the module's name, declared with its ports
from grapeshot.rulesets.collisions.protocol import SHIPS, CollisionsHost

if TYPE_CHECKING:
    from grapeshot.core.game import Game, ModuleRun

#: a figure's place of origin when it boarded from the water (it has no ship to go back to)
WATER = ""


@dataclass
class Grapple:
    """Two vessels held together: grappled (CG-GRAP-2) or entangled by a ram (CG-RAM-1)."""

    a: str
    b: str
    since: int
    how: str  # "grappled" or "entangled"

    def holds(self, vessel: str) -> bool:
        return vessel in (self.a, self.b)

    def other(self, vessel: str) -> str:
        return self.b if vessel == self.a else self.a


@dataclass
class Boarding:
    """A boarding action under way (CG-BOARD-3): one seat's boarders aboard ``target``, each
    with the vessel it came from (``WATER`` for a swimmer), its leader, and the last turn a round
    of mêlée was fought."""

    seat: str
    target: str
    leader: str
    boarders: dict[str, str]
    started: int
    last_round: int = 0


@dataclass
class Prisoner:
    """A figure held aboard a taken ship (CG-BOARD-4), where it was held and by whom."""

    figure: str
    vessel: str
    captor: str
    station: str  # "below" or "aloft" (or "deck": taken when the colours were struck)


@dataclass
class Swimmer:
    """A figure in the water (CG-SWIM-1..4): where its base is, the turn it went in, whether it is
    wounded or weighed down (irons, armour), and what keeps it afloat this turn, if anything."""

    figure: str
    seat: str
    x: float
    y: float
    radius: float
    entered: int
    wounded: bool = False
    heavy: str | None = None
    clinging: str | None = None

    @property
    def base(self) -> Base:
        return Base(self.x, self.y, self.radius, self.figure)

    def move_to(self, p: Vec) -> None:
        self.x, self.y = p.x, p.y


@dataclass
class Flotsam:
    """A piece of floating wreckage or a scenario's flotsam (CG-SWIM-3), as an outline."""

    ident: str
    points: tuple[tuple[float, float], ...]
    kind: str  # "scenario" or "wreckage"

    @property
    def shape(self) -> Polygon:
        return Polygon(self.points)


@dataclass
class CollisionsState:
    """The module's part of one game."""

    grapples: list[Grapple] = field(default_factory=list)
    boardings: list[Boarding] = field(default_factory=list)
    prisoners: dict[str, Prisoner] = field(default_factory=dict)
    #: vessels taken by boarding: the prize captain of each
    prizes: dict[str, str] = field(default_factory=dict)
    swimmers: dict[str, Swimmer] = field(default_factory=dict)
    flotsam: list[Flotsam] = field(default_factory=list)
    #: Cunning Plan cards and Suspicious Beggars each seat holds (CG-BOARD-5)
    plans: dict[str, int] = field(default_factory=dict)
    beggars: dict[str, int] = field(default_factory=dict)
    #: grapple chances taken this turn: (turn, vessel, target), one each way a turn (CG-GRAP-1)
    offered: set[tuple[int, str, str]] = field(default_factory=set)
    #: boarding-step decisions made: (turn, vessel, target), one each way a turn (CG-BOARD-1)
    decided: set[tuple[int, str, str]] = field(default_factory=set)
    #: figures that grappled, by the turn they did: they may still join a boarding party
    grapplers: dict[str, int] = field(default_factory=dict)

    def grapple_of(self, a: str, b: str) -> Grapple | None:
        return next((g for g in self.grapples if g.holds(a) and g.holds(b) and a != b), None)

    def grappled_with(self, vessel: str) -> tuple[str, ...]:
        return tuple(g.other(vessel) for g in self.grapples if g.holds(vessel))

    def boarding(self, seat: str, target: str) -> Boarding | None:
        return next((b for b in self.boardings if b.seat == seat and b.target == target), None)

    def boarder(self, figure: str) -> Boarding | None:
        return next((b for b in self.boardings if figure in b.boarders), None)

    def forget_turns_before(self, turn: int) -> None:
        """Who tried what in earlier turns no longer matters (kept small for copies)."""
        self.offered = {k for k in self.offered if k[0] >= turn}
        self.decided = {k for k in self.decided if k[0] >= turn}
        self.grapplers = {f: t for f, t in self.grapplers.items() if t >= turn}

    def forget_vessel(self, vessel: str) -> None:
        """A vessel gone from the table: its grapples and the boarding actions against it end."""
        self.grapples = [g for g in self.grapples if not g.holds(vessel)]
        self.boardings = [b for b in self.boardings if b.target != vessel]
        self.prizes.pop(vessel, None)

    def describe(self) -> dict[str, Any]:
        return {
            "grapples": [{"vessels": [g.a, g.b], "since": g.since, "how": g.how} for g in self.grapples],
            "boardings": [
                {"seat": b.seat, "target": b.target, "leader": b.leader, "boarders": dict(sorted(b.boarders.items())), "started": b.started}
                for b in self.boardings
            ],
            "prizes": dict(sorted(self.prizes.items())),
            "prisoners": {p.figure: {"vessel": p.vessel, "captor": p.captor, "station": p.station} for p in self.prisoners.values()},
            "swimmers": {
                s.figure: {
                    "seat": s.seat,
                    "at": [round(s.x, 4), round(s.y, 4)],
                    "radius": s.radius,
                    "entered": s.entered,
                    "wounded": s.wounded,
                    "heavy": s.heavy,
                    "clinging": s.clinging,
                }
                for s in self.swimmers.values()
            },
            "flotsam": [{"ident": f.ident, "kind": f.kind, "outline": [[round(x, 4), round(y, 4)] for x, y in f.points]} for f in self.flotsam],
            "cunning_plans": dict(sorted(self.plans.items())),
            "suspicious_beggars": dict(sorted(self.beggars.items())),
        }


# --------------------------------------------------------------------------- helpers


def run_of(game: Game) -> ModuleRun:
    return game.modules[NAME]


def state_of(game: Game) -> CollisionsState:
    return cast(CollisionsState, run_of(game).state)


def host_of(game: Game) -> CollisionsHost:
    return cast(CollisionsHost, run_of(game).host)


def option(game: Game, name: str) -> object:
    return run_of(game).options[name]


def emit(game: Game, kind: str, rule: str | None, **data: Any) -> None:
    """Write one of the module's events, in its namespace (``collisions.<kind>``)."""
    game.emit(f"{NAME}.{kind}", rule, **data)


def fallen(game: Game, figure: str) -> None:
    """``collisions.fallen``: a figure is dead (the host's rules killed it, or the module's):
    no longer a swimmer, a prisoner or a boarder here.  A boarding action left with no boarders
    ends at its next round (repelled)."""
    st = state_of(game)
    st.swimmers.pop(figure, None)
    st.prisoners.pop(figure, None)
    for b in st.boardings:
        b.boarders.pop(figure, None)


def grappled(game: Game, vessel: str) -> tuple[str, ...]:
    """``collisions.grappled``: the vessels ``vessel`` is grappled or entangled with (it may not move)."""
    return state_of(game).grappled_with(vessel)


def figure_moved(game: Game, figure: str) -> None:
    """``collisions.figure_moved``: the host moved a figure by its own rules (ashore, onto another
    deck).  A boarder who is no longer aboard the vessel he boards, nor in the water beside it, has
    left that boarding action (CG-BOARD-3): he is neither fought with nor drawn as one of its
    boarders.  A boarding left with no boarders ends at its next round (repelled)."""
    h, st = host_of(game), state_of(game)
    for b in st.boardings:
        if figure in b.boarders and figure not in st.swimmers and figure not in h.figures_on(game, b.target):
            del b.boarders[figure]


def lose(game: Game, figure: str, *, rule: str, cause: str) -> None:
    """A figure the module's rules kill (drowned, Davy Jones's locker): struck from the module's
    lists (:func:`fallen`), and lost to the host."""
    fallen(game, figure)
    host_of(game).kill(game, figure, rule=rule, cause=cause)


def afloat(game: Game, vessel: str) -> bool:
    return vessel in host_of(game).vessels(game)


def is_ship(game: Game, vessel: str) -> bool:
    return host_of(game).size_class(game, vessel) in SHIPS


def crew_of(game: Game, vessel: str) -> list[str]:
    """The vessel's whole crew: every figure aboard of its side that is not held prisoner."""
    h, st = host_of(game), state_of(game)
    seat = h.side(game, vessel)
    return [f for f in h.figures_on(game, vessel) if h.figure_side(game, f) == seat and f not in st.prisoners]


def pose_json(x: float, y: float, heading: float) -> list[float]:
    return [round(x, 4), round(y, 4), round(heading, 3)]


def point_json(p: Vec) -> list[float]:
    return [round(p.x, 4), round(p.y, 4)]


def deck_bases(game: Game, vessel: str) -> list[Base]:
    """The bases of everyone standing on a vessel's deck (any side)."""
    h = host_of(game)
    return [h.base(game, f) for f in h.figures_on(game, vessel) if h.station(game, f) is Surface.DECK]


def room_aboard(game: Game, bases: list[Base], vessel: str, near: Vec | None = None, *, template: bool = False) -> list[Base]:
    """Place figures on a vessel's deck one at a time, each at the free spot nearest ``near`` (or
    where it stands), among those already there: as many as there is room for (``place_bases``).
    On a ``template`` the deck's fittings are left out."""
    room = host_of(game).standing_room(game, vessel)
    return place_bases(bases, room.within, deck_bases(game, vessel), () if template else room.obstacles, near)
