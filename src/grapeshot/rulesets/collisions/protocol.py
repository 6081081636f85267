"""What the collisions module asks of its host rule set, and where the host calls it.

The module's text is written for a host skirmish game it never names: it speaks of a ship's
size, its movement allowance (MA) and how much is left, initiative, spare crew, the host's
mêlée and a prisoners phase.  That contract is five small ports, ``Protocol`` classes a host
declares by subclassing them and implements method by method: :class:`Vessels` (where they
are, their size and movement, their damage), :class:`Crews` (the figures aboard and where they
stand), :class:`Melee` (the boarding step's order, the mêlée, cutting loose, prizes and
prisoners), :class:`Water` (a figure going into the water) and :class:`Shooting` (small arms
at swimmers).  The host answers ``Ruleset.host("collisions", game)`` with one object of them
all; when the game is made the module checks it and refuses a host lacking any port or any of
a port's methods, naming them (``core.module.lacking``).  :class:`CollisionsHost` is the five
together, as the module's rules hold their host.

The host keeps its own state (vessels, figures, their places and damage); the module keeps
what only it knows (grapples, boarding actions, prisoners, swimmers, flotsam) and changes the
host's state only through these methods.  Vessels and figures are named by the host's own
identifiers (strings that stay the same all game).

Every method takes the game first.  Those that may need a decision or a die are generators
(:data:`Proc`), run with ``yield from``.

Where the host calls the module: each step a typed :class:`~grapeshot.core.module.Procedure`
handle declared below (``CONTACT`` for ``collisions.contact``, and so on), which the host asks
for with ``game.procedure(CONTACT)`` (``None``: the module is not in play, the host's own rule
runs); docs/collisions.md says which host rule each replaces or adds to:

=========================  =====================================================================
``collisions.contact``     a moving vessel touches another (``(game, mover, other, motion)`` ->
                           :class:`Verdict`): ram, sideswipe or stern shunt, a boat alongside
``collisions.grapple``     a ship closes within 2" of an enemy ship (``(game, vessel, target)`` ->
                           :class:`Verdict`), mid-move if the host can tell, else after the move
``collisions.moved``       a vessel's move is over (``(game, vessel)``): grapples within 2",
                           swimmers pushed from under it, friendly swimmers taken aboard
``collisions.movement_end``  the end of a movement phase (``(game)``): ``moved`` for every vessel
``collisions.board``       the host's boarding step (``(game)``): boarding actions go on,
                           grappled ships and boats alongside board, cut loose or wait
``collisions.prisoners``   the host's prisoners step (``(game)``): freed prisoners, turncoats
``collisions.swimmers``    the start of a turn (``(game)``): keeping afloat, swimming, boarding
                           from the water, being taken aboard
``collisions.sunk``        a vessel goes down (``(game, vessel)``), before the host takes it off
                           the table: sink or swim for everyone aboard, wreckage
``collisions.overboard``   a figure goes into the water another way (``(game, figure)``)
``collisions.shoot_swimmer``  a shot at a swimmer (``(game, shooter, swimmer, weapon)`` -> result)
``collisions.shootable``   whether a shot at a swimmer may be taken (``(game, swimmer, weapon)``
                           -> why not, or None)
``collisions.in_water``    the swimmers (``(game)`` -> ``{figure: Base}``), for the host's targets
``collisions.displaced``   the host's own rules moved a swimmer (``(game, figure, x, y)``): the
                           module keeps him there
``collisions.grappled``    the vessels one is grappled with (``(game, vessel)``): they do not move
``collisions.fallen``      the host's own rules killed a figure (``(game, figure)``): he is no
                           longer a swimmer, a prisoner or a boarder
``collisions.figure_moved``  the host's own rules moved a figure (``(game, figure)``): a boarder
                           gone from the vessel he boards leaves its boarding action
=========================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

from grapeshot.core.module import Procedure
from grapeshot.core.prompts import Prompt
from grapeshot.dice import Roll, RollRequest
from grapeshot.geometry import Base, Hull, Polygon, Pose, Region, Surface, Vec

if TYPE_CHECKING:
    from grapeshot.core.game import Game

T = TypeVar("T")

#: a step that may wait for a decision or a die (run with ``yield from``), returning a ``T``
Proc = Generator[Prompt, Any, T]
#: how a rule rolls: the game's ``roll`` (logged, re-rolls offered), or the odds' dice
Roller = Callable[[RollRequest], Generator[Prompt, Any, Roll]]

#: a vessel's size class: the module's chart speaks of large, middling and small ships;
#: boats (rowboats) and canoes are below them
SizeClass = Literal["large", "middling", "small", "boat", "canoe"]
SIZE_CLASSES: tuple[SizeClass, ...] = ("large", "middling", "small", "boat", "canoe")
#: the classes that count as ships (they ram, sideswipe and grapple); the others are boats
SHIPS: frozenset[str] = frozenset({"large", "middling", "small"})
#: larger is higher: the smaller of two vessels conforms to the larger
RANK: dict[str, int] = {"large": 5, "middling": 4, "small": 3, "boat": 2, "canoe": 1}

#: how a vessel was moving when it touched another: ahead in a straight line, turning to a new
#: heading, going astern, or drifting (not navigating)
Motion = Literal["forward", "turning", "astern", "drift"]

#: the side that won a round of the host's mêlée (None: neither)
MeleeWinner = Literal["attackers", "defenders"] | None
#: what a shot at a figure did
ShotResult = Literal["missed", "wounded", "killed"]
#: the cover a shot is taken against (the sea round a swimmer is light cover, CG-SWIM-4)
Cover = Literal["none", "light", "heavy"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the module decided at a contact or a grapple, for the host's move: whether the
    moving vessel's move ends here (it rammed, sideswiped or grappled) or goes on (the vessel it
    met went down, or no grapple was made), and in a word what happened."""

    stop: bool
    what: str


class Standing(NamedTuple):
    """Where a figure may stand aboard a vessel (the host's deck plan): inside every region of
    ``within`` (the deck's outline, a castle) and clear of every obstacle (masts, hatches, guns)."""

    within: tuple[Region, ...]
    obstacles: tuple[Hull | Polygon, ...] = ()


NAME = "collisions"

# ---------------------------------------------------------------------- the procedures' handles
# Each declares its step's signature and answer once; the module binds its step to it
# (``Procedure.given``), a host calls it through ``game.procedure(...)``, both type-checked.

CONTACT: Procedure[[Game, str, str, Motion], Proc[Verdict]] = Procedure(f"{NAME}.contact")
GRAPPLE: Procedure[[Game, str, str], Proc[Verdict]] = Procedure(f"{NAME}.grapple")
MOVED: Procedure[[Game, str], Proc[None]] = Procedure(f"{NAME}.moved")
MOVEMENT_END: Procedure[[Game], Proc[None]] = Procedure(f"{NAME}.movement_end")
BOARD: Procedure[[Game], Proc[None]] = Procedure(f"{NAME}.board")
PRISONERS: Procedure[[Game], Proc[None]] = Procedure(f"{NAME}.prisoners")
SWIMMERS: Procedure[[Game], Proc[None]] = Procedure(f"{NAME}.swimmers")
SUNK: Procedure[[Game, str], Proc[None]] = Procedure(f"{NAME}.sunk")
OVERBOARD: Procedure[[Game, str], None] = Procedure(f"{NAME}.overboard")
#: ``(game, shooter, swimmer, weapon)``
SHOOT_SWIMMER: Procedure[[Game, str, str, str], Proc[ShotResult]] = Procedure(f"{NAME}.shoot_swimmer")
#: ``(game, swimmer, weapon)``: why that shot may not be taken, or None
SHOOTABLE: Procedure[[Game, str, str], str | None] = Procedure(f"{NAME}.shootable")
IN_WATER: Procedure[[Game], Mapping[str, Base]] = Procedure(f"{NAME}.in_water")
#: ``(game, figure, x, y)``: whether the figure is the module's swimmer (kept there)
DISPLACED: Procedure[[Game, str, float, float], bool] = Procedure(f"{NAME}.displaced")
FALLEN: Procedure[[Game, str], None] = Procedure(f"{NAME}.fallen")
FIGURE_MOVED: Procedure[[Game, str], None] = Procedure(f"{NAME}.figure_moved")
GRAPPLED: Procedure[[Game, str], tuple[str, ...]] = Procedure(f"{NAME}.grappled")


# ---------------------------------------------------------------------- the ports


@runtime_checkable
class Vessels(Protocol):
    """The vessels on the table: where they are, what they are, their movement, and the harm done to them."""

    def vessels(self, game: Game) -> Sequence[str]:
        """The vessels afloat on the table, in a fixed order."""
        ...

    def size_class(self, game: Game, vessel: str) -> SizeClass:
        """Large, middling or small ship, boat or canoe (the host's mapping of its ship types)."""
        ...

    def side(self, game: Game, vessel: str) -> str:
        """The seat whose vessel it is now (a prize is its captor's)."""
        ...

    def hull(self, game: Game, vessel: str) -> Hull:
        """Where the vessel is: its footprint and heading."""
        ...

    def place(self, game: Game, vessel: str, pose: Pose) -> None:
        """Move the vessel to ``pose`` (a sideswipe's or a grapple's placing), its figures aboard
        going with it."""
        ...

    def allowance(self, game: Game, vessel: str) -> int:
        """The vessel's movement allowance this turn, in the host's MA."""
        ...

    def allowance_left(self, game: Game, vessel: str) -> int:
        """How much of it is left now, whole MA (at a contact: what it had left at the impact)."""
        ...

    def spend_allowance(self, game: Game, vessel: str) -> None:
        """Use up whatever movement it has left this turn (a ram's or a grapple's momentum)."""
        ...

    def oared(self, game: Game, vessel: str) -> bool:
        """Whether it is an oared galley or has its sweeps out now."""
        ...

    def purpose_built_ram(self, game: Game, vessel: str) -> bool:
        """Whether it carries a purpose-built ram (a war galley's, a drop-down ram)."""
        ...

    def damage(self, game: Game, vessel: str, points: int, *, rule: str, cause: str, saves: bool) -> Proc[None]:
        """Inflict ``points`` of the host's ship damage (strength points), with the host's saves
        only if ``saves``; a vessel it sinks goes down through the host's sinking (which calls
        ``collisions.sunk``)."""
        ...

    def sink(self, game: Game, vessel: str, *, rule: str, cause: str) -> Proc[None]:
        """Sink the vessel outright (a boat rammed by a ship), through the host's sinking."""
        ...

    def lose_rowers(self, game: Game, vessel: str, count: int, *, rule: str) -> int:
        """Incapacitate up to ``count`` of its rowers for the rest of the game; how many were."""
        ...


@runtime_checkable
class Crews(Protocol):
    """The figures aboard: who they are, where they stand, how they are moved and lost."""

    def figures_on(self, game: Game, vessel: str) -> Sequence[str]:
        """Every figure aboard, whatever its side (crew, boarders, prisoners), in a fixed order."""
        ...

    def spare_crew(self, game: Game, vessel: str) -> Sequence[str]:
        """The crew aboard who have done nothing else this turn."""
        ...

    def engage(self, game: Game, figure: str, task: str) -> None:
        """Mark the figure as busy this turn (``task``: "grapple", "board")."""
        ...

    def figure_side(self, game: Game, figure: str) -> str:
        """The seat the figure fights for."""
        ...

    def officer(self, game: Game, figure: str) -> bool:
        """Whether it is an officer (a captain, a hero): it leads boarders first."""
        ...

    def station(self, game: Game, figure: str) -> Surface:
        """Where aboard it is: on deck, aloft in the rigging, or below decks."""
        ...

    def base(self, game: Game, figure: str) -> Base:
        """Its base where it stands now (the radius and, aboard, its place on the table)."""
        ...

    def standing_room(self, game: Game, vessel: str) -> Standing:
        """Where figures may stand on the vessel's deck."""
        ...

    def put_aboard(self, game: Game, figure: str, vessel: str, at: Vec, station: Surface) -> None:
        """Move the figure (from another deck or from the water) to ``at`` aboard ``vessel``."""
        ...

    def kill(self, game: Game, figure: str, *, rule: str, cause: str) -> None:
        """The figure is lost (drowned, Davy Jones's locker)."""
        ...


@runtime_checkable
class Melee(Protocol):
    """The host's fighting aboard and its consequences: the boarding step's order, the mêlée, cutting loose, prizes and prisoners."""

    def initiative(self, game: Game) -> Sequence[str]:
        """The seats in the order they act at the host's boarding step (initiative first)."""
        ...

    def melee(self, game: Game, vessel: str, attackers: Sequence[str], defenders: Sequence[str]) -> Proc[MeleeWinner]:
        """One round of the host's mêlée aboard ``vessel``; the host removes its own casualties."""
        ...

    def cut_loose(self, game: Game, vessel: str, other: str) -> Proc[bool]:
        """The host's own way of casting off a grapple (whether it worked)."""
        ...

    def capture(self, game: Game, vessel: str, seat: str, captain: str, prize_crew: Sequence[str]) -> None:
        """The vessel is taken by ``seat``: ``prize_crew`` now crews it under ``captain``."""
        ...

    def make_prisoner(self, game: Game, figure: str, seat: str) -> None:
        """The figure is held by ``seat`` (it may not act)."""
        ...

    def join_crew(self, game: Game, figure: str, seat: str) -> None:
        """The figure is free and fights for ``seat`` (freed, turned coat, or out of captivity)."""
        ...

    def turns_coat(self, game: Game, figure: str) -> Proc[bool]:
        """The host's prisoners rule for one prisoner: whether it turns its coat now."""
        ...


@runtime_checkable
class Water(Protocol):
    """What a figure going into the water asks of the host."""

    def put_in_water(self, game: Game, figure: str) -> None:
        """The figure leaves its vessel for the water (the module keeps where it swims)."""
        ...

    def wounded(self, game: Game, figure: str) -> bool:
        """Whether the figure is wounded (a wounded swimmer sinks more easily)."""
        ...

    def encumbrance(self, game: Game, figure: str) -> str | None:
        """What keeps the figure from swimming, if anything ("irons", "armour")."""
        ...


@runtime_checkable
class Shooting(Protocol):
    """The host's small arms, fired at swimmers."""

    def small_arms(self, game: Game, weapon: str) -> bool:
        """Whether the weapon is a small arm (only those may fire at swimmers)."""
        ...

    def shoot(self, game: Game, shooter: str, target: str, weapon: str, cover: Cover) -> Proc[ShotResult]:
        """The host's shot with a small arm at a figure with the given cover; the host applies
        what it does (a killed figure is the host's to remove)."""
        ...


#: the ports the module needs of its host, every one (``Collisions.ports``, checked when a game is made)
PORTS: tuple[type, ...] = (Vessels, Crews, Melee, Water, Shooting)


@runtime_checkable
class CollisionsHost(Vessels, Crews, Melee, Water, Shooting, Protocol):
    """All the ports together: what the module's rules hold of their host (``host_of``)."""
