"""The collisions module's published surface: all a host rule set (its flow, its players, its
odds) may import of the module.  The rest of the package is the module's own and may change.

Why one surface: a host that reaches into the module's rooms (its state, its charts) breaks when
the module is rearranged, and a second host would copy the first one's reaching.  Here are:

* the **ports** a host implements (:class:`Vessels`, :class:`Crews`, :class:`Melee`,
  :class:`Water`, :class:`Shooting`; :data:`PORTS`), and the words they speak (sizes, motions,
  the mêlée's winner, a shot's result, cover, a deck's standing room, a step's :data:`Proc`);
* the **procedure handles** a host's flow calls (``game.procedure(CONTACT)``), typed;
* the module's **prompts and actions**, which a host's player answers or declines;
* **read-only queries** for a host's players and odds: the module's heuristic :func:`answer` to
  its prompts, :func:`ram_forecast` of a contact from a pose, :func:`contact_odds` of a contact
  just made; and :data:`FLOTSAM`, the scenario terrain a host lists to carry flotsam.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grapeshot.core.capabilities import Effort
from grapeshot.core.game import Game
from grapeshot.rulesets.collisions import FLOTSAM, NAME
from grapeshot.rulesets.collisions.players import RamForecast, answer, ram_forecast
from grapeshot.rulesets.collisions.prompts import (
    Board,
    BoardPrompt,
    Free,
    FreePrompt,
    Grapple,
    GrapplePrompt,
    PlanPrompt,
    PlayPlan,
    Strike,
    StrikePrompt,
    Swim,
    SwimOrder,
    SwimPrompt,
)
from grapeshot.rulesets.collisions.protocol import (
    BOARD,
    CONTACT,
    DISPLACED,
    FALLEN,
    FIGURE_MOVED,
    GRAPPLE,
    GRAPPLED,
    IN_WATER,
    MOVED,
    MOVEMENT_END,
    OVERBOARD,
    PORTS,
    PRISONERS,
    SHIPS,
    SHOOT_SWIMMER,
    SHOOTABLE,
    SIZE_CLASSES,
    SUNK,
    SWIMMERS,
    CollisionsHost,
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
    Verdict,
    Vessels,
    Water,
)

if TYPE_CHECKING:
    from grapeshot.rulesets.collisions.odds import RamOdds

__all__ = [
    "BOARD",
    "CONTACT",
    "DISPLACED",
    "FALLEN",
    "FIGURE_MOVED",
    "FLOTSAM",
    "GRAPPLE",
    "GRAPPLED",
    "IN_WATER",
    "MOVED",
    "MOVEMENT_END",
    "NAME",
    "OVERBOARD",
    "PORTS",
    "PRISONERS",
    "SHIPS",
    "SHOOTABLE",
    "SHOOT_SWIMMER",
    "SIZE_CLASSES",
    "SUNK",
    "SWIMMERS",
    "Board",
    "BoardPrompt",
    "CollisionsHost",
    "Cover",
    "Crews",
    "Free",
    "FreePrompt",
    "Grapple",
    "GrapplePrompt",
    "Melee",
    "MeleeWinner",
    "Motion",
    "PlanPrompt",
    "PlayPlan",
    "Proc",
    "RamForecast",
    "Shooting",
    "ShotResult",
    "SizeClass",
    "Standing",
    "Strike",
    "StrikePrompt",
    "Swim",
    "SwimOrder",
    "SwimPrompt",
    "Verdict",
    "Vessels",
    "Water",
    "answer",
    "contact_odds",
    "ram_forecast",
]


def contact_odds(game: Game, mover: str, other: str, motion: Motion, effort: Effort) -> RamOdds | None:
    """The module's odds of a contact just made (:func:`.odds.contact_odds`: a ram's; None for
    anything else), loading the odds engine only when asked."""
    from grapeshot.rulesets.collisions import odds

    return odds.contact_odds(game, mover, other, motion, effort)
