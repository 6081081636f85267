"""The module's heuristic answers to its own prompts, and the forecast of a ram a host's player
may ask before it steers: the module's player logic, asked only through its ports.

Why here and not in a host: what makes a grapple or a boarding worth it is the module's rule
(crews matched aboard, boarders against defenders), not the host's, so every host's player
gives the same answers (a host's ``Players.module_answer`` hands the module's prompts to
:func:`answer`).  What it counts it asks the host through the ports (:mod:`.protocol`): the
figures aboard, their side and station, the vessels' sides and hulls.

* a grapple: with every spare hand when the ship's crew is at least the match of the enemy's
  aboard the target, else not;
* a boarding decision: board with all it may when the party is the match of the target's crew
  on deck, cut loose when weaker and it may, else wait;
* the colours: fight on while the defenders on deck are at least half the boarders;
* a Cunning Plan is always played; prisoners below decks are all freed;
* swimmers: each swims for the nearest friendly vessel, else the nearest flotsam, else the
  nearest vessel to surrender to, else treads water;
* steering (:func:`ram_forecast`): what a contact from a given pose is worth by the module's
  ram (CG-RAM-1..5), not by the host's own ramming rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Hull, Surface, hull_gap, polygon_gap
from grapeshot.rulesets.collisions.contact import FORE_PART, MOMENTUM, RAM_CHART
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
from grapeshot.rulesets.collisions.protocol import SHIPS, SizeClass
from grapeshot.rulesets.collisions.ships import band, part_touches
from grapeshot.rulesets.collisions.state import host_of, state_of


def crew(game: Game, vessel: str, side: str | None = None) -> int:
    """The free figures of a side (the vessel's own by default) on a vessel's deck."""
    h, st = host_of(game), state_of(game)
    seat = h.side(game, vessel) if side is None else side
    return sum(1 for f in h.figures_on(game, vessel) if h.figure_side(game, f) == seat and f not in st.prisoners and h.station(game, f) is Surface.DECK)


def answer(game: Game, seat: str, prompt: Prompt) -> Action | None:
    """The heuristic's answer to one of the module's prompts (None: not one of them)."""
    if isinstance(prompt, GrapplePrompt):
        strong = crew(game, prompt.vessel) >= crew(game, prompt.target)
        return Grapple(prompt.vessel, prompt.target, prompt.spare if strong and prompt.spare >= 2 else 0)
    if isinstance(prompt, BoardPrompt):
        if prompt.most and prompt.most >= crew(game, prompt.target):
            return Board(prompt.vessel, prompt.target, prompt.most)
        if prompt.may_cut and crew(game, prompt.vessel) < crew(game, prompt.target):
            return Board(prompt.vessel, prompt.target, cut=True)
        return Board(prompt.vessel, prompt.target)
    if isinstance(prompt, StrikePrompt):
        boarders = sum(len(b.boarders) for b in state_of(game).boardings if b.target == prompt.vessel)
        return Strike(2 * crew(game, prompt.vessel, seat) < boarders)
    if isinstance(prompt, PlanPrompt):
        return PlayPlan(True)
    if isinstance(prompt, FreePrompt):
        return Free(prompt.most)
    if isinstance(prompt, SwimPrompt):
        return Swim(tuple(_swim(game, seat, figure, orders) for figure, orders in prompt.swimmers))
    return None


def _swim(game: Game, seat: str, figure: str, orders: tuple[SwimOrder, ...]) -> SwimOrder:
    h, st = host_of(game), state_of(game)
    s = st.swimmers.get(figure)
    if s is None:
        return orders[0]
    base = s.base
    vessels = set(h.vessels(game))

    def gap(o: SwimOrder) -> float:
        if o.toward in vessels:
            return hull_gap(base, h.hull(game, o.toward))
        piece = next((p for p in st.flotsam if p.ident == o.toward), None)
        return polygon_gap(base, piece.shape) if piece is not None else float("inf")

    friends = [o for o in orders if o.order == "swim" and o.toward in vessels and h.side(game, o.toward) == seat]
    flotsam = [o for o in orders if o.order == "swim" and o.toward not in vessels]
    give_up = [o for o in orders if o.order == "surrender"]
    for group in (friends, flotsam, give_up):
        if group:
            return min(group, key=lambda o: (gap(o), o.toward))
    return orders[0]


@dataclass(frozen=True, slots=True)
class RamForecast:
    """What a contact would do on average by the module's rules: the strength points ``dealt``
    to the vessel met (``math.inf``: it goes down whatever it has left, a boat run under) and
    ``taken`` by the mover; the host caps ``dealt`` at what the other has left."""

    dealt: float
    taken: float


#: nothing happens (a boat comes alongside)
NOTHING = RamForecast(0.0, 0.0)


def ram_forecast(mine: SizeClass, theirs: SizeClass, hull: Hull, target: Hull, *, forward: bool, ma_left: int, ram: bool, oared: bool) -> RamForecast:
    """A contact of a ``mine`` vessel ending at ``hull`` against a ``theirs`` one at ``target``,
    on average: a ram (bow first, moving ahead: CG-RAM-1) deals the chart's dice, the momentum of
    ``ma_left`` and a purpose-built ram's 3D6 (``ram``), and takes the chart's dice unless she has
    the ram; a boat or canoe rammed sinks; a sideswipe deals nothing and costs a galley with
    sweeps out (``oared``) 2D6 (CG-SIDE-4).  A read-only query on the host's own figures (no
    game), for a player weighing moves it has not made."""
    if mine not in SHIPS:
        return NOTHING  # a boat comes alongside
    if not (forward and part_touches(band(hull, FORE_PART, True), hull, target)):
        return RamForecast(0.0, 7.0 if oared else 0.0)
    if theirs not in SHIPS:
        return RamForecast(math.inf, 0.0)
    to_rammer, to_target = RAM_CHART[(mine, theirs)]
    dealt = 3.5 * to_target + ma_left * MOMENTUM[mine] + (10.5 if ram else 0.0)
    return RamForecast(dealt, 0.0 if ram else 3.5 * to_rammer)
