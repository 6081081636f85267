"""The heuristic's answers to the collisions module's prompts on a Wooden Ships table (the
module brings no players of its own, ``Module.players()`` is None).

* a grapple: with every spare hand when the ship's crew is at least the match of the enemy's
  aboard the target (the crews counted as WS people aboard), else not;
* a boarding decision: board with all it may when the party is the match of the target's crew
  on deck, cut loose when weaker and it may, else wait;
* the colours: fight on while the defenders on deck are at least half the boarders;
* a Cunning Plan is always played; prisoners below decks are all freed;
* swimmers: each swims for the nearest friendly vessel, else the nearest flotsam, else the
  nearest vessel to surrender to, else treads water;
* steering (:func:`ram_expectation`, for :func:`.heuristic.steer`): the module's ram, not
  WS-RAM-1's, is what a contact is worth.
"""

from __future__ import annotations

import math

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Contact, Hull, hull_gap, polygon_gap
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
from grapeshot.rulesets.collisions.protocol import SHIPS
from grapeshot.rulesets.collisions.ships import band, part_touches
from grapeshot.rulesets.collisions.state import state_of
from grapeshot.rulesets.woodenships.hosting import SIZES, aboard, allowance_inches, ma_inches, shore_of
from grapeshot.rulesets.woodenships.pieces import Ship
from grapeshot.rulesets.woodenships.state import Shore


def crew(game: Game, vessel: str, side: str | None = None) -> int:
    """The free people of a side (the ship's own by default) on a ship's deck."""
    shore = shore_of(game)
    ship = shore.ships[vessel]
    seat = ship.side if side is None else side
    return sum(1 for f in aboard(shore, vessel) if f.side == seat and f.name not in shore.prisoners and f.spot is not None and f.spot.aboard)


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
    shore, st = shore_of(game), state_of(game)
    s = st.swimmers.get(figure)
    if s is None:
        return orders[0]
    base = s.base

    def gap(o: SwimOrder) -> float:
        if o.toward in shore.ships:
            return hull_gap(base, shore.ships[o.toward].hull)
        piece = next((p for p in st.flotsam if p.ident == o.toward), None)
        return polygon_gap(base, piece.shape) if piece is not None else float("inf")

    friends = [o for o in orders if o.order == "swim" and o.toward in shore.ships and shore.ships[o.toward].side == seat]
    flotsam = [o for o in orders if o.order == "swim" and o.toward not in shore.ships]
    give_up = [o for o in orders if o.order == "surrender"]
    for group in (friends, flotsam, give_up):
        if group:
            return min(group, key=lambda o: (gap(o), o.toward))
    return orders[0]


def ram_expectation(shore: Shore, ship: Ship, hull: Hull, contact: Contact | None, turned: float, ran: float) -> tuple[float, float, Ship | None]:
    """With the collisions module, what a move ending at ``hull`` against ``contact`` would do
    on average: a ram (bow first, moving ahead: CG-RAM-1) deals the chart's dice, the momentum of
    the MA left and a purpose-built ram's 3D6, and takes the chart's dice unless she has the ram;
    a boat or canoe rammed sinks (all its points); a sideswipe deals nothing and costs a galley
    with sweeps out 2D6 (CG-SIDE-4).  (0, 0, None) for anything but a ship."""
    if contact is None or contact.kind != "ship" or contact.ident not in shore.ships:
        return 0.0, 0.0, None
    struck = shore.ships[contact.ident]
    mine, theirs = SIZES[ship.type], SIZES[struck.type]
    if mine not in SHIPS:
        return 0.0, 0.0, struck  # a boat comes alongside
    forward = ran > 1e-9 or abs(turned) < 1e-6
    if not (forward and part_touches(band(hull, FORE_PART, True), hull, struck.hull)):
        return 0.0, (7.0 if ship.sweeps else 0.0), struck
    if theirs not in SHIPS:
        return float(struck.left), 0.0, struck
    to_rammer, to_target = RAM_CHART[(mine, theirs)]
    left = math.floor(max(0.0, allowance_inches(ship) - ship.travelled - ran) / ma_inches(shore) + 1e-9)
    dealt = 3.5 * to_target + left * MOMENTUM[mine] + (10.5 if ship.ram else 0.0)
    return min(dealt, float(struck.left)), (0.0 if ship.ram else 3.5 * to_rammer), struck
