"""What a seat answers in a Wooden Ships game: draft picks, the weapons shared out, a ship's
steering, the next figure, its move and its action.  Typed, frozen, with a JSON form (the
``woodenships`` namespace; written bare on the wire, as every rule set's own kinds are)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from grapeshot.core.actions import Action, action
from grapeshot.rulesets.woodenships.data import NS

ActKind = Literal[
    "none",
    "shoot",
    "reload",
    "strike",
    "grapple",
    "climb",
    "load",
    "fire",
    "turn",
    "cut",
    "hurl",
    "lightning",
    "repel",
    "repel-ship",
    "bite",
    "breath",
    "harry",
    "release",
]
SurfaceName = Literal["deck", "land", "water", "wall", "level"]


@action("pick", NS)
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Take one weapon of this kind from the pile (WS-SETUP-1)."""

    weapon: str


@dataclass(frozen=True, slots=True)
class Hold:
    """Who gets one drafted weapon: a figure's name, or ``<ship>/<section>`` to stow it there."""

    weapon: str
    holder: str


@action("distribute", NS)
@dataclass(frozen=True, slots=True)
class Distribute(Action):
    """A side's drafted weapons shared among its crews or stowed aboard (WS-SETUP-1)."""

    holds: tuple[Hold, ...] = ()


@action("mount", NS)
@dataclass(frozen=True, slots=True)
class Mount(Action):
    """Where a side mounts its drafted gun (WS-SETUP-1): a place of one of its ships or forts
    (``<ship>/<section>/port`` or ``starboard``, ``<ship>/bow``, ``<ship>/stern``, ``<fort>/<wall> <n>``)."""

    place: str


@action("steer", NS)
@dataclass(frozen=True, slots=True)
class Steer(Action):
    """One movement phase of a ship (WS-MOVE-1): the ruler swung ``angle`` degrees from the
    bow's heading (positive to port, at most 90 either way) and the mark on it ``inches`` from
    the bow (at most the phase's movement value) that the ship turns to and sails to; in a
    spin the ship only turns."""

    angle: float = 0.0
    inches: float = 0.0


@action("next", NS)
@dataclass(frozen=True, slots=True)
class Next(Action):
    """The figure to move and act next, or none: the side's figures are done this turn."""

    figure: str | None = None


@action("move", NS)
@dataclass(frozen=True, slots=True)
class Move(Action):
    """A figure's move (WS-FIG-3): to a point on a surface (``surface`` ``deck`` of the ship
    ``of``, ``land`` of the piece of ground ``of``, the ``water``, the ``wall`` top of the fort
    ``of`` or its raised ``level`` ``of``), or ``to`` none to stay;
    and the weapons it picks up on the way (WS-ARMS-4)."""

    to: tuple[float, float] | None = None
    surface: SurfaceName = "deck"
    of: str = ""
    pick_up: tuple[str, ...] = ()


@action("act", NS)
@dataclass(frozen=True, slots=True)
class Act(Action):
    """A figure's one action after moving (WS-FIG-3): shoot a small arm at a figure, reload
    one, strike a figure in hand-to-hand, grapple a ship, climb aboard a ship from the water,
    load a gun, fire a gun, turn a cannon, hack at a grapple with an edged weapon (``cut``, the
    ``target`` the ship grappled to), hurl a barrel of powder at a figure or a ship (``hurl``),
    a shaman's spell (``lightning`` at a figure, ship or gun; ``repel`` the enemy's figures;
    ``repel-ship`` a ship, WS-MAGIC-1), an animal's attack (``bite``, a dragon's ``breath``, a
    bird's ``harry``: WS-ANIMAL-*), a person's ``release`` of a caged beast (WS-ANIMAL-2), or
    nothing (``what``).  ``weapon`` names the weapon or gun used, ``target`` the figure, ship or gun."""

    what: ActKind = "none"
    weapon: str | None = None
    target: str | None = None
