"""A player that looks ahead: it tries its candidate answers in sampled futures and keeps the best.

The heuristic player (:mod:`.heuristic`) judges a move by where the ship ends up.  The search
player asks instead what *happens* after it: for each of a few candidate answers it copies the
game, gives the answer, and lets heuristic players play on with freshly sampled dice, then
scores the result.  The answer with the best average wins.

* **Which decisions.** The manoeuvre orders (the heuristic's best few cards for each ship, by its
  own score), the distance (the ends and quarters of the allowed range, rammed or not), boarding
  (each possible boarding action, or passing), takeovers of hulks, and the shooting (the
  heuristic's shot, each gun's best shot, repairs, holding fire).  Everything else (landing,
  harbour trades, re-rolls) is answered as the heuristic answers it.
* **Copies.** A game is its scenario, options, seed and actions, so a copy is a fresh
  :class:`~grapeshot.core.game.Game` with logging off that replays the actions.  Sealed orders
  of other seats not yet revealed are left out of the copy (the player never reads them); in
  the copy those seats order like the heuristic.  After the replay the copy's dice are swapped
  for the search's own (:class:`KeyedDice`), so the future is sampled, never read from the real
  game's dice.  A game whose dice cannot be replayed (scripted dice in tests) is
  answered like the heuristic.
* **Rollouts.** Every candidate is played out with the same dice seeds (common random numbers,
  so a difference between candidates is the candidates' and not the dice's) for ``horizon``
  turns after the decision's own (default 0: to the end of the decision's turn; ``None``: to the
  end of the game).  A finished game scores 1 for a win, 0 for a loss and a share for a draw,
  plus a small material term that breaks ties between futures with the same result; an
  unfinished one scores the learned chance to win from its position (:mod:`.value`).  Short
  rollouts measured best: a future played far on by heuristic players on both sides is mostly
  the dice's, and its result says little about the decision.
* **Budget.** ``rollouts`` is the number of rollouts per decision (times the decision's share),
  spread by successive halving: every candidate gets a few, the better half gets as many again,
  and so on for about log2(candidates) rounds or until the budget is spent.  The heuristic's own answer stays in to
  the end as the yardstick, and another answer is chosen only when its mean beats the
  heuristic's by ``prior``: early in a game most futures score about the same, and picking the
  luckiest of them would be picking noise.  ``time_budget`` (seconds, optional) also stops a
  decision when the clock runs out; results then depend on the machine, so tests and
  measurements use the rollout count alone.
* **Determinism.** Rollout seeds are derived (SHA-256) from the player's seed, the seat, the
  number of actions taken in the game and the rollout's index, never from the clock: the same
  seed and game give the same choices.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from grapeshot.agents import play_until
from grapeshot.agents.heuristic import CONTACT_PENALTY, HeuristicPlayer, _samples
from grapeshot.agents.value import win_chance
from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import SCATTER_HIT_FACES, Roll, RollRequest
from grapeshot.geometry import first_contact
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, ManoeuvreOrder, Orders, Repair, Takeover
from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import CARDS, Card, CardAt, Turn
from grapeshot.rulesets.jimlad.movement import card_path
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Sea, Ship, victory_points

#: the decisions the player searches by default, with each one's share of the rollout budget
#: (a boarding decides a duel more often than anything else and comes rarely, so it gets the
#: most; the distance, chosen once the dice are known, decides who ends within boarding reach of
#: whom; a shot matters less)
SHARES = {"orders": 1.0, "board": 4.0, "takeover": 1.0, "distance": 1.0, "shoot": 0.25}
#: decisions between answers of the same standing (to board or not): no margin for the heuristic's
EVEN_CHOICES = frozenset({"board", "takeover"})
DECISIONS = tuple(SHARES)
MATERIAL_WEIGHT = 0.05  # how much the material term of a finished rollout counts next to its result
KREW_WEIGHT = 1.0  # an Ork aboard, against a hull point (boarding fights are won by numbers)
KAPTIN_WEIGHT = 2.0  # the Kaptin, on top of his place in the krew (his rumble and leadership)
MAX_ROLLOUT_STEPS = 5_000
PRIOR = 0.03  # how much better than the heuristic's answer (mean score) another must be to be chosen


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the search player thinks about each decision."""

    rollouts: int = 48  # rollouts per decision, over all its candidates
    candidates: int = 6  # at most this many candidate answers per decision
    horizon: int | None = 0  # turns to play on after the decision's turn; None: to the end
    time_budget: float | None = None  # seconds per decision (optional; not reproducible)


_MASK = (1 << 64) - 1


class KeyedDice:
    """Dice for rollouts, each roll drawn from a hash of (seed, turn, purpose, how many times that
    purpose has been rolled this turn).

    Every roll is still a fair, independent draw; but two rollouts of different candidates with
    the same seed see the same wind, the same movement dice for the same ship in the same turn,
    and so on, wherever they ask for the same thing.  That makes their scores differ mostly by
    what the candidates did, not by the luck of the dice (common random numbers).
    """

    __slots__ = ("count", "game", "seed", "seen")

    def __init__(self, seed: int, game: Game) -> None:
        self.seed = seed & _MASK
        self.game = game
        self.seen: dict[tuple[int, str], int] = {}
        self.count = 0

    def roll(self, request: RollRequest) -> Roll:
        self.count += 1
        key = (self.game.turn, request.purpose)
        n = self.seen.get(key, 0)
        self.seen[key] = n + 1
        state = (self.seed ^ zlib.crc32(f"{key[0]}|{key[1]}|{n}".encode()) * 0x9E3779B97F4A7C15) & _MASK
        expr = request.expr
        faces: list[int] = []
        for _ in range(expr.count):
            state, value = _splitmix(state)
            faces.append(value % expr.sides + 1)
        if expr.kind == "scatter":
            if faces[0] <= SCATTER_HIT_FACES:
                return Roll("scatter", (faces[0],), 0, None)
            _, value = _splitmix(state)
            return Roll("scatter", (faces[0],), 0, (value >> 11) * (360.0 / (1 << 53)))
        if expr.kind == "tens":
            low, high = sorted(faces)
            return Roll("2D6 tens", tuple(faces), 10 * low + high)
        return Roll(str(expr), tuple(faces), sum(faces) + expr.plus)


def _splitmix(state: int) -> tuple[int, int]:
    """One step of SplitMix64: the next state and a well-mixed 64-bit value."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def derive(*parts: object) -> int:
    """A 64-bit seed from its parts (SHA-256), for rollout dice and rollout players."""
    digest = hashlib.sha256(":".join(str(p) for p in ("grapeshot-search", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


class SearchPlayer:
    """Tries candidate answers in sampled futures played out by heuristic players; keeps the best."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        *,
        rollouts: int = 48,
        candidates: int = 6,
        horizon: int | None = 0,
        time_budget: float | None = None,
        decisions: Sequence[str] = DECISIONS,
        prior: float = PRIOR,
    ) -> None:
        self.seed = seed
        self.budget = Budget(rollouts, candidates, horizon, time_budget)
        self.decisions = frozenset(decisions)
        self.prior = prior
        self.heuristic = HeuristicPlayer(seed)
        self.searched = 0  # decisions searched (for the benchmarks)
        self.rollouts_done = 0

    # ------------------------------------------------------------------ dispatch

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        base = self.heuristic.act(game, seat, prompt)
        if self.budget.rollouts <= 0 or not isinstance(game.state, Sea) or not self._replayable(game):
            return base
        kind = _KINDS.get(type(prompt))
        if kind is None or kind not in self.decisions:
            return base
        candidates = self.candidates(game, seat, prompt, base)
        if len(candidates) <= 1:
            return base
        prior = 0.0 if kind in EVEN_CHOICES else self.prior
        return self.search(game, seat, candidates, max(1, round(self.budget.rollouts * SHARES[kind])), prior)

    def candidates(self, game: Game, seat: str, prompt: Prompt, base: Action) -> list[Action]:
        """The answers worth trying, the heuristic's first (it wins ties)."""
        sea = game.state
        assert isinstance(sea, Sea)
        found: list[Action]
        if isinstance(prompt, OrdersPrompt) and "orders" in self.decisions:
            assert isinstance(base, Orders)
            found = self.order_candidates(sea, seat, prompt, base)
        elif isinstance(prompt, DistancePrompt) and "distance" in self.decisions:
            found = self.distance_candidates(prompt, base)
        elif isinstance(prompt, BoardPrompt) and "board" in self.decisions:
            found = [base, Board(), *(Board(o.boarder, o.target) for o in prompt.options)]
        elif isinstance(prompt, TakeoverPrompt) and "takeover" in self.decisions:
            found = [base, Takeover(), *(Takeover(h, c) for h, c in prompt.options)]
        elif isinstance(prompt, ShootPrompt) and "shoot" in self.decisions:
            found = self.shoot_candidates(prompt, base)
        else:
            return [base]
        out: list[Action] = []
        for a in found:
            if a not in out:
                try:
                    prompt.check(seat, a)
                except Exception:  # a candidate the rules refuse is simply not tried
                    continue
                out.append(a)
        return out[: max(1, self.budget.candidates)]

    # ------------------------------------------------------------------ candidates

    def order_candidates(self, sea: Sea, seat: str, prompt: OrdersPrompt, base: Orders) -> list[Action]:
        """The heuristic's orders, then each ship's next-best cards (the other ships keeping theirs)."""
        ranked = {name: self.ranked_orders(sea, sea.ships[name], options) for name, options in prompt.choices[seat].items()}
        out: list[Action] = [base]
        depth = 0
        while len(out) < self.budget.candidates and any(depth < len(r) for r in ranked.values()):
            for name, orders in ranked.items():
                if depth < len(orders):
                    swapped = tuple(orders[depth] if o.ship == name else o for o in base.orders)
                    cand = Orders(swapped)
                    if cand not in out:
                        out.append(cand)
            depth += 1
        return out

    def ranked_orders(self, sea: Sea, ship: Ship, options: list[tuple[Card, Turn]]) -> list[ManoeuvreOrder]:
        """Every legal order for a ship, best first by the heuristic's score of the pose it reaches."""
        h = self.heuristic
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

    def distance_candidates(self, prompt: DistancePrompt, base: Action) -> list[Action]:
        """The heuristic's distance, then the ends and the quarters of the range (rammed where a ram is possible)."""
        out: list[Action] = [base]
        lo, hi = prompt.low, prompt.high
        for frac in (1.0, 0.0, 0.5, 0.25, 0.75):
            d = lo + (hi - lo) * frac
            target = prompt.ram_target(d)
            out.append(Distance(d, ram=target is not None))
            if target is not None:
                out.append(Distance(d, ram=False))
        return out

    def shoot_candidates(self, prompt: ShootPrompt, base: Action) -> list[Action]:
        """The heuristic's choice, each gun's best shot on its own, the repairs, and holding fire."""
        sea, ship = prompt.sea, prompt.ship
        assert sea is not None and ship is not None
        out: list[Action] = [base]
        if prompt.may_shoot():
            for gun in prompt.guns():
                only = dataclasses.replace(prompt, _open=(True, {gun: prompt.guns()[gun]}, False, [], []))
                value, action = self.heuristic.best_shot(sea, ship, only)
                if action is not None and value > 0.0:
                    out.append(action)
        out.extend(Repair(what) for what in prompt.repairs())
        out.append(EndShooting())
        return out

    # ------------------------------------------------------------------ search

    def search(self, game: Game, seat: str, candidates: list[Action], rollouts: int, prior: float = 0.0) -> Action:
        """Successive halving over the candidates; the best mean score wins (ties: the earlier)."""
        b = self.budget
        start = time.perf_counter()
        self.searched += 1
        tag = (self.seed, seat, len(game.actions) - self._sealed_count(game), game.prompt.kind if game.prompt else "")
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        spent = 0
        done = 0  # rollout seeds used so far (every live candidate has had each of them)
        late = False  # the time budget ran out
        for r in range(rounds):
            if len(alive) <= 1 or late:
                break
            # what is left of the budget, spread evenly over the rounds to come
            per = max(1, (rollouts - spent) // (rounds - r) // len(alive))
            for _ in range(per):
                dice_seed = derive(*tag, done)
                for i in alive:
                    totals[i] += self.rollout(game, seat, candidates[i], dice_seed)
                    counts[i] += 1
                    spent += 1
                done += 1
                if b.time_budget is not None and time.perf_counter() - start > b.time_budget:
                    late = True  # every live candidate has had the same seeds: still a fair comparison
                    break
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            # the heuristic's own answer (candidate 0) stays in to the end: it is the yardstick
            alive = sorted({0, *alive[: (len(alive) + 1) // 2]})
        best = min(alive, key=lambda i: (-totals[i] / max(1, counts[i]), i))
        if totals[best] / counts[best] < totals[0] / counts[0] + prior:
            best = 0  # not clearly better than the heuristic's answer: keep that
        self.rollouts_done += spent
        return candidates[best]

    def rollout(self, game: Game, seat: str, action: Action, dice_seed: int) -> float:
        """Copy the game, give ``action`` for ``seat``, play on with heuristic players and new dice."""
        copy = self.fork(game, dice_seed)
        copy.submit(seat, action)
        players = {s: HeuristicPlayer(derive(dice_seed, s)) for s in copy.state.seats}
        last = None if self.budget.horizon is None else copy.turn + self.budget.horizon
        play_until(copy, players, None if last is None else lambda g: g.turn > last, max_steps=MAX_ROLLOUT_STEPS)
        return score(copy, seat)

    # ------------------------------------------------------------------ copies

    @staticmethod
    def _sealed_count(game: Game) -> int:
        p = game.prompt
        if p is None or not p.simultaneous:
            return 0
        return sum(1 for s in p.seats if game.sealed_by(s) is not None)

    def _replayable(self, game: Game) -> bool:
        """Whether replaying the actions rebuilds this game: its dice are its own (seeded or on record), or typed in."""
        return game.replays_itself

    def fork(self, game: Game, dice_seed: int) -> Game:
        """A copy of the game at its open prompt (others' sealed orders left out) with new dice."""
        keep = len(game.actions) - self._sealed_count(game)
        copy = game.restart(log=False)
        for s, a in game.actions[:keep]:
            copy.submit(s, a)
        copy.companion = False
        copy.dice = KeyedDice(dice_seed, copy)
        return copy


_KINDS: dict[type, str] = {OrdersPrompt: "orders", DistancePrompt: "distance", BoardPrompt: "board", TakeoverPrompt: "takeover", ShootPrompt: "shoot"}


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
    if seat in out.winners:
        result = 1.0 / len(out.winners)
    elif not out.winners:
        result = 1.0 / max(1, len(sea.seats))
    else:
        result = 0.0
    return result + MATERIAL_WEIGHT * edge
