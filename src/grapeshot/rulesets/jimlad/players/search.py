"""What Jim Lad tells the generic search player (:mod:`grapeshot.agents.search`): which answers
are worth trying, how much each decision deserves, and what a future is worth.

* **Candidates** (:func:`candidates`), the heuristic's own answer first: for the orders, the
  heuristic's next-best cards for each ship by its own score of the pose they reach (the other
  ships keeping theirs); for the distance, the most, the least, the middle and the quarters of
  the allowed range, rammed where a ram is possible and not; each boarding action or none; each
  takeover or none; for shooting, each gun's best shot on its own, the repairs and holding fire.
* **Shares** (:data:`SHARES`): a boarding decides a duel more often than anything else and comes
  rarely, so it gets the most rollouts; the distance, chosen once the dice are known, decides who
  ends within boarding reach of whom; a shot matters less.  Landing, harbour trades, re-rolls and
  placing models are left to the heuristic (:data:`UNSEARCHED`).
* **The worth of a future** (:func:`score`): a finished game 1, 0 or a draw's share, plus a small
  material term that breaks ties between futures with the same result; an unfinished one the
  learned chance to win (:mod:`.value`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import first_contact
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, ManoeuvreOrder, Orders, Repair, Takeover
from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import CARDS, Card, CardAt, Turn
from grapeshot.rulesets.jimlad.movement import card_path
from grapeshot.rulesets.jimlad.players.heuristic import CONTACT_PENALTY, HeuristicPlayer, _samples
from grapeshot.rulesets.jimlad.players.value import win_chance
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Sea, Ship, victory_points

#: the decisions searched, by prompt kind, with each one's share of the rollout budget
SHARES = {"OrdersPrompt": 1.0, "BoardPrompt": 4.0, "TakeoverPrompt": 1.0, "DistancePrompt": 1.0, "ShootPrompt": 0.25}
#: decisions between answers of the same standing (to board or not): no margin for the heuristic's
EVEN = frozenset({"BoardPrompt", "TakeoverPrompt"})
#: the prompts left to the heuristic: its answer is all but always right, or it hardly matters
UNSEARCHED = frozenset({"LandPrompt", "LeavePrompt", "TradePrompt", "PlacePrompt", "RerollPrompt", "DicePrompt"})
#: the distance candidates, as shares of the allowed range, in the order they are tried
DISTANCE_TRIES = (1.0, 0.0, 0.5, 0.25, 0.75)
MATERIAL_WEIGHT = 0.05  # how much the material term of a finished rollout counts next to its result
KREW_WEIGHT = 1.0  # an Ork aboard, against a hull point (boarding fights are won by numbers)
KAPTIN_WEIGHT = 2.0  # the Kaptin, on top of his place in the krew (his rumble and leadership)

#: the heuristic's eye for poses and shots (these judgements draw nothing from its generator)
_EYE = HeuristicPlayer(0)


def candidates(game: Game, seat: str, prompt: Prompt, base: Action) -> Sequence[Action]:
    """The answers worth trying at this prompt, the heuristic's (``base``) first; the search drops
    those the rules refuse and keeps the first few."""
    sea = game.state
    assert isinstance(sea, Sea)
    if isinstance(prompt, OrdersPrompt):
        assert isinstance(base, Orders)
        return order_candidates(sea, seat, prompt, base)
    if isinstance(prompt, DistancePrompt):
        return distance_candidates(prompt, base)
    if isinstance(prompt, BoardPrompt):
        return [base, Board(), *(Board(o.boarder, o.target) for o in prompt.options)]
    if isinstance(prompt, TakeoverPrompt):
        return [base, Takeover(), *(Takeover(h, c) for h, c in prompt.options)]
    if isinstance(prompt, ShootPrompt):
        return shoot_candidates(prompt, base)
    return [base]


def order_candidates(sea: Sea, seat: str, prompt: OrdersPrompt, base: Orders) -> list[Action]:
    """The heuristic's orders, then each ship's next-best cards (the other ships keeping theirs),
    ship by ship at each depth of the ranking; the search keeps as many as its budget allows."""
    ranked = {name: ranked_orders(sea, sea.ships[name], options) for name, options in prompt.choices[seat].items()}
    out: list[Action] = [base]
    depth = 0
    while any(depth < len(r) for r in ranked.values()):
        for name, orders in ranked.items():
            if depth < len(orders):
                swapped = tuple(orders[depth] if o.ship == name else o for o in base.orders)
                cand = Orders(swapped)
                if cand not in out:
                    out.append(cand)
        depth += 1
    return out


def ranked_orders(sea: Sea, ship: Ship, options: list[tuple[Card, Turn]]) -> list[ManoeuvreOrder]:
    """Every legal order for a ship, best first by the heuristic's score of the pose it reaches."""
    h = _EYE
    looks = h.looks(sea, ship)
    obstacles = sea.ship_obstacles(ship)
    scored: list[tuple[float, int, ManoeuvreOrder]] = []
    for card, turn in options:
        spec = CARDS[card]
        d = (spec.minimum + max(spec.minimum, h.expected_high(sea, ship, card))) / 2.0
        ats: tuple[CardAt, ...] = ("start", "end") if turn != "none" else ("start",)
        for at in ats:
            value = h.score_pose(sea, ship, _samples(ship.hull, card, turn, at, d), looks)
            hit = first_contact(card_path(ship.hull, card, turn, at, spec.minimum), ship.length, ship.width, obstacles, sea.table)
            if hit is not None:
                value -= CONTACT_PENALTY.get(hit.kind, 8.0)
            scored.append((-value, len(scored), ManoeuvreOrder(ship.name, int(card), turn, at)))
    scored.sort()
    return [o for _, _, o in scored]


def distance_candidates(prompt: DistancePrompt, base: Action) -> list[Action]:
    """The heuristic's distance, then the ends and the quarters of the range (rammed where a ram is possible)."""
    out: list[Action] = [base]
    for d, target in prompt.marks(DISTANCE_TRIES):
        out.append(Distance(d, ram=target is not None))
        if target is not None:
            out.append(Distance(d, ram=False))
    return out


def shoot_candidates(prompt: ShootPrompt, base: Action) -> list[Action]:
    """The heuristic's choice, each gun's best shot on its own, the repairs, and holding fire."""
    sea, ship = prompt.sea, prompt.ship
    assert sea is not None and ship is not None
    out: list[Action] = [base]
    if prompt.may_shoot():
        for gun in prompt.guns():
            only = dataclasses.replace(prompt, _open=(True, {gun: prompt.guns()[gun]}, False, [], []))
            value, action = _EYE.best_shot(sea, ship, only)
            if action is not None and value > 0.0:
                out.append(action)
    out.extend(Repair(what) for what in prompt.repairs())
    out.append(EndShooting())
    return out


def material(sea: Sea, seat: str) -> float:
    """What a seat has left: hull points and krew of the ships it commands, victory points weighing most."""
    vp = victory_points(sea).get(seat, 0)
    worth = 0.0
    for s in sea.ships.values():
        if s.afloat and s.commander == seat:
            worth += s.hull_points + KREW_WEIGHT * len(s.krew) + (KAPTIN_WEIGHT if s.kaptin is not None else 0.0)
    return worth + 6.0 * vp


def score(game: Game, seat: str) -> float:
    """A rollout's worth to ``seat``: 1 a win, 0 a loss, a share of a draw; estimated when unfinished."""
    sea = game.state
    assert isinstance(sea, Sea)
    out = game.outcome
    if out is None:
        return win_chance(sea, seat)
    mine = material(sea, seat)
    others = max((material(sea, s) for s in sea.seats if s != seat), default=0.0)
    edge = math.tanh((mine - others) / 10.0)
    return out.share(seat, sea.seats) + MATERIAL_WEIGHT * edge
