"""What a Naval Warhammer seat answers with: typed actions in the rule set's namespace.

Each is checked by the prompt that asked for it (:mod:`.prompts`), from the same code that lists
the legal answers.  Units and ships are named by their names in the game (``"Halberdiers (Sea
Hawk)"``), ship parts by their key on the ship (``hull``, ``mast 1``, ``rigging``, ``oars``,
``rudder``, ``engine``).
"""

from __future__ import annotations

from dataclasses import dataclass

from grapeshot.core.actions import Action, action
from grapeshot.rulesets.navalwarhammer.data import NS


@action("crew", NS)
@dataclass(frozen=True, slots=True)
class CrewOrders(Action):
    """NW-CREW-1, NW-CREW-2: which units of a ship's crew work it this turn, and which stand below
    decks (each unit named once in each list at most)."""

    ship: str
    working: tuple[str, ...] = ()
    below: tuple[str, ...] = ()


@action("launch", NS)
@dataclass(frozen=True, slots=True)
class Launch(Action):
    """NW-LAUNCH-1: launch one of the ship's boats on ``side`` (port or starboard) with ``models``
    of ``unit`` as its crew; ``side`` None launches nothing."""

    ship: str
    side: str | None = None
    unit: str | None = None
    models: int = 0


@action("fly", NS)
@dataclass(frozen=True, slots=True)
class Fly(Action):
    """NW-FLY-1: a flying unit's move: ``to`` a ship (its deck: landing on a friend, charging onto
    an enemy), or over the water to the point (``x``, ``y``); ``to`` None with no point stays."""

    unit: str
    to: str | None = None
    x: float | None = None
    y: float | None = None


@action("propel", NS)
@dataclass(frozen=True, slots=True)
class Propel(Action):
    """How a ship moves this turn: ``mode`` sail, oars, steam or magic (NW-UPG-1: a ship with masts
    and oars or an engine chooses each turn), ``stay`` moored or ``cast-off`` (NW-DOCK-1);
    ``throttle`` opens a steam engine's throttle (the full-throttle chart, NW-MOVE-4)."""

    ship: str
    mode: str
    throttle: bool = False


@action("steer", NS)
@dataclass(frozen=True, slots=True)
class Steer(Action):
    """A ship's move: ``inches`` along its course, a turn of ``turn`` degrees (positive to port)
    at the ``start`` or the ``end`` of the move, and whether it declares a ram (NW-BOARD-1)."""

    ship: str
    inches: float
    turn: float = 0.0
    at: str = "start"
    ram: bool = False


@action("reactions", NS)
@dataclass(frozen=True, slots=True)
class Reactions(Action):
    """NW-BOARD-2: the charge reaction of each unit of a boarded ship: (unit, ``hold``,
    ``stand-and-shoot`` or ``prepare``) and for Prepare for Action the way it moves, ``to-rail`` or
    ``back``: ``prepare-to-rail``, ``prepare-back``."""

    ship: str
    picks: tuple[tuple[str, str], ...] = ()


@action("deck-moves", NS)
@dataclass(frozen=True, slots=True)
class DeckMoves(Action):
    """Units aboard grappled ships: each (unit, move): ``stay``, ``rail`` (line up at the gunwale
    facing the enemy, NW-BOARD-2), ``charge`` (into contact with the enemy, across onto his deck
    where there is room), ``home`` (back aboard its own ship)."""

    ship: str
    picks: tuple[tuple[str, str], ...] = ()


@action("shoot", NS)
@dataclass(frozen=True, slots=True)
class Shoot(Action):
    """A unit or war machine shoots (NW-CREW-3, NW-CANNON-*): at ``target`` aboard ``ship`` (a unit's
    name, or a part's key; ``""`` for whatever a war machine's shot meets), a war machine aimed at
    the point (``x``, ``y``).  ``shooter`` None ends the seat's shooting."""

    shooter: str | None = None
    ship: str = ""
    target: str = ""
    x: float | None = None
    y: float | None = None


@action("cast", NS)
@dataclass(frozen=True, slots=True)
class Cast(Action):
    """A wizard casts the spell at ``target`` aboard ``ship``; ``wizard`` None ends the magic phase."""

    wizard: str | None = None
    ship: str = ""
    target: str = ""


@action("across", NS)
@dataclass(frozen=True, slots=True)
class Across(Action):
    """NW-BOARD-3: how many models of ``unit`` move onto the enemy ship, replacing models it slew."""

    unit: str
    models: int = 0


@action("cut-loose", NS)
@dataclass(frozen=True, slots=True)
class CutLoose(Action):
    """NW-BOARD-8: whether ``ship`` tries to cut loose from the ships it is grappled with."""

    ship: str
    attempt: bool = False


@action("shove-off", NS)
@dataclass(frozen=True, slots=True)
class ShoveOff(Action):
    """NW-BOARD-9: a ship cut loose moves ``inches`` (up to 4") towards ``direction`` (degrees,
    absolute) without turning."""

    ship: str
    direction: float = 0.0
    inches: float = 0.0


@action("consolidate", NS)
@dataclass(frozen=True, slots=True)
class Consolidate(Action):
    """NW-BOARD-10: whether a seat's engaged models aboard a fight consolidate (move up to 2" into
    contact with more enemies)."""

    ship: str
    consolidate: bool = False
