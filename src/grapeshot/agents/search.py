"""A player that looks ahead: it tries its candidate answers in sampled futures and keeps the best.

A rule set's own fast player (Jim Lad's heuristic) judges a move by where it leaves things.  The
search player asks instead what *happens* after it: for each of a few candidate answers it
copies the game, gives the answer, and lets fast players play on with freshly sampled dice, then
scores the result.  The answer with the best average wins.  It knows no rule set: everything
particular comes from the rule set's ``players()`` capability
(:class:`~grapeshot.core.capabilities.Players`; a module's for the module's prompts), and where
the rule set says nothing, from what every prompt offers:

* **Which decisions.** Every prompt kind the rule set does not leave to its rollout player
  (``Players.unsearched``), each with its share of the budget (``Players.shares``, 1 where not
  given); ``decisions`` narrows that to the kinds named.  The search player's own answer where it
  does not search is the rollout player's.
* **Candidates.** The rollout player's own answer first, then the rule set's candidates
  (``Players.candidates``) or, where it has none, a spread of the prompt's legal answers
  (``prompt.legal(seat)``, :func:`spread`): all of them when they are few; else, for an answer of
  one part, options evenly spaced along its list (the first, by convention the decline, among
  them); for an answer of several parts (a seat's orders to many ships or figures), the answer of
  each part's first option and random draws from the legal answers, from a generator seeded by
  the decision.  Answers the rules refuse are dropped; at most ``candidates`` are tried.
* **Copies.** :meth:`Game.copy` starts from the game's latest checkpoint and replays only the
  actions since, leaving out other seats' sealed, unrevealed orders (the player never reads
  them; in the copy those seats order like the rollout player).  The copy's dice are then
  swapped for the search's own (:class:`KeyedDice`), so the future is sampled, never read from
  the real game's dice.  A game whose dice cannot be replayed (scripted dice in tests) is
  answered like the rollout player.
* **Rollouts.** Every candidate is played out with the same dice seeds (common random numbers,
  so a difference between candidates is the candidates' and not the dice's) by the rule set's
  rollout player (``Players.rollout``; the random player where it names none) for ``horizon``
  turns after the decision's own (0: to the end of the decision's turn; ``None``: to the end of
  the game; the default, ``"auto"``, is 0 for a rule set that can estimate an unfinished game and
  the end of the game for one that cannot; any future is cut short after
  :data:`MAX_ROLLOUT_STEPS` answers).  The end of a rollout is scored by the rule set's
  ``Players.evaluate`` (Jim Lad: the result with a small material tie-break, or the learned
  chance to win of a future cut short); without it a finished game scores its result
  (:meth:`Outcome.share`: 1 a win, 0 a loss, a share of a draw) and an unfinished one an even
  share.
* **Budget.** ``rollouts`` is the number of rollouts per decision (times the decision's share),
  spread by successive halving: every candidate gets a few, the better half gets as many again,
  and so on for about log2(candidates) rounds or until the budget is spent.  The rollout
  player's own answer stays in to the end as the yardstick, and another answer is chosen only
  when its mean beats it by ``prior`` (except at prompts the rule set calls even,
  ``Players.even``): early in a game most futures score about the same, and picking the
  luckiest of them would be picking noise.  ``time_budget`` (seconds, optional) also stops a
  decision when the clock runs out; results then depend on the machine, so tests and
  measurements use the rollout count alone.
* **Determinism.** Rollout seeds are derived (SHA-256) from the player's seed, the seat, the
  number of actions taken in the game and the rollout's index, never from the clock: the same
  seed and game give the same choices.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
import zlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from grapeshot.agents import Agent, AgentFactory, factories, play_until, rollout_player
from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Players
from grapeshot.core.choices import Choices
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import SCATTER_HIT_FACES, Roll, RollRequest

MAX_ROLLOUT_STEPS = 5_000  # answers a rollout gives at most before it is scored where it stands
PRIOR = 0.03  # how much better than the rollout player's answer (mean score) another must be to be chosen
Horizon = int | Literal["auto"] | None


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the search player thinks about each decision."""

    rollouts: int = 48  # rollouts per decision, over all its candidates
    candidates: int = 6  # at most this many candidate answers per decision
    horizon: Horizon = "auto"  # turns to play on after the decision's turn; None: to the end; "auto": see the module
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
    """Tries candidate answers in sampled futures played out by the rule set's rollout player; keeps the best."""

    name = "search"
    #: it plays its futures on copies of the game: the game keeps its checkpoints for it
    #: (a copy starts from the latest instead of replaying the game; see lab.records.play_seeded)
    copies_games = True

    def __init__(
        self,
        seed: int = 0,
        *,
        rollouts: int = 48,
        candidates: int = 6,
        horizon: Horizon = "auto",
        time_budget: float | None = None,
        decisions: Collection[str] | None = None,
        prior: float = PRIOR,
    ) -> None:
        self.seed = seed
        self.budget = Budget(rollouts, candidates, horizon, time_budget)
        #: the prompt kinds searched (``None``: every kind the rule set does not leave to its rollout player)
        self.decisions = None if decisions is None else frozenset(decisions)
        self.prior = prior
        self.searched = 0  # decisions searched (for the benchmarks)
        self.rollouts_done = 0
        self._players: dict[tuple[str, str], Players | None] = {}
        self._rollout: dict[str, AgentFactory] = {}
        self._own: dict[str, Agent] = {}

    # ------------------------------------------------------------------ what the rule set says

    def players_for(self, game: Game, prompt: Prompt | None) -> Players | None:
        """What the owner of a prompt tells the search: its module's ``players()`` for a module's
        prompt, else (and with no prompt) the rule set's; ``None``: it says nothing."""
        run = game.modules.get(prompt.namespace) if game.modules and prompt is not None else None
        key = ("module", run.module.name) if run is not None else ("ruleset", game.ruleset.name)
        if key not in self._players:
            self._players[key] = run.module.players() if run is not None else game.ruleset.players()
        return self._players[key]

    def rollout_factory(self, game: Game) -> AgentFactory:
        """The player the rule set plays its futures with (the random player where it names none)."""
        name = game.ruleset.name
        if name not in self._rollout:
            wanted = rollout_player(game.ruleset)
            known = factories(game.ruleset)
            if wanted not in known or wanted == self.name:
                raise ValueError(f"the rule set {name!r} names {wanted!r} as its rollout player; its players: {', '.join(sorted(known))}")
            self._rollout[name] = known[wanted]
        return self._rollout[name]

    def own(self, game: Game) -> Agent:
        """The search player's own rollout player, seeded like it: its answer is the yardstick."""
        name = game.ruleset.name
        if name not in self._own:
            self._own[name] = self.rollout_factory(game)(self.seed)
        return self._own[name]

    # ------------------------------------------------------------------ dispatch

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        base = self.own(game).act(game, seat, prompt)
        if self.budget.rollouts <= 0 or not self._replayable(game):
            return base
        kind = prompt.kind
        told = self.players_for(game, prompt)
        if (self.decisions is not None and kind not in self.decisions) or (told is not None and kind in told.unsearched):
            return base
        candidates = self.candidates(game, seat, prompt, base)
        if len(candidates) <= 1:
            return base
        prior = 0.0 if told is not None and kind in told.even else self.prior
        share = told.shares.get(kind, 1.0) if told is not None else 1.0
        return self.search(game, seat, candidates, max(1, round(self.budget.rollouts * share)), prior)

    def candidates(self, game: Game, seat: str, prompt: Prompt, base: Action) -> list[Action]:
        """The answers worth trying, the rollout player's first (it wins ties); at most ``budget.candidates``."""
        told = self.players_for(game, prompt)
        limit = max(1, self.budget.candidates)
        found: Sequence[Action]
        if told is not None and told.candidates is not None:
            found = told.candidates(game, seat, prompt, base)
        else:
            found = [base, *spread(prompt.legal(seat), limit, random.Random(derive(*self._tag(game, seat), "spread")))]
        out: list[Action] = []
        for a in found:
            if a not in out:
                try:
                    prompt.check(seat, a)
                except Exception:  # a candidate the rules refuse is simply not tried
                    continue
                out.append(a)
                if len(out) >= limit:
                    break
        return out

    # ------------------------------------------------------------------ search

    def _tag(self, game: Game, seat: str) -> tuple[object, ...]:
        return (self.seed, seat, len(game.actions) - self._sealed_count(game), game.prompt.kind if game.prompt else "")

    def search(self, game: Game, seat: str, candidates: list[Action], rollouts: int, prior: float = 0.0) -> Action:
        """Successive halving over the candidates; the best mean score wins (ties: the earlier)."""
        b = self.budget
        start = time.perf_counter()
        self.searched += 1
        tag = self._tag(game, seat)
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
            # the rollout player's own answer (candidate 0) stays in to the end: it is the yardstick
            alive = sorted({0, *alive[: (len(alive) + 1) // 2]})
        best = min(alive, key=lambda i: (-totals[i] / max(1, counts[i]), i))
        if totals[best] / counts[best] < totals[0] / counts[0] + prior:
            best = 0  # not clearly better than the rollout player's answer: keep that
        self.rollouts_done += spent
        return candidates[best]

    def rollout(self, game: Game, seat: str, action: Action, dice_seed: int) -> float:
        """Copy the game, give ``action`` for ``seat``, play on with rollout players and new dice."""
        copy = self.fork(game, dice_seed)
        copy.submit(seat, action)
        make = self.rollout_factory(copy)
        players = {s: make(derive(dice_seed, s)) for s in copy.ruleset.seats_of(copy.state)}
        told = self.players_for(copy, None)
        horizon = self.budget.horizon
        if horizon == "auto":
            horizon = 0 if told is not None and told.evaluate is not None else None
        last = None if horizon is None else copy.turn + horizon
        cap = len(copy.actions) + MAX_ROLLOUT_STEPS  # a long future is cut short and scored where it stands

        def far_enough(g: Game) -> bool:
            return len(g.actions) >= cap or (last is not None and g.turn > last)

        play_until(copy, players, far_enough, max_steps=MAX_ROLLOUT_STEPS + 1)
        return score(copy, seat, told)

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
        """A copy of the game at its open prompt (others' sealed orders left out) with new dice.

        The copy starts from the game's latest checkpoint and replays only the actions since
        (:meth:`Game.copy`), so forking costs the same at turn 10 as at turn 1."""
        sealed = [s for s in game.prompt.seats if game.sealed_by(s) is not None] if game.prompt is not None else []
        copy = game.copy(log=False, without_sealed_of=sealed)
        copy.companion = False
        copy.dice = KeyedDice(dice_seed, copy)
        return copy


def spread(choices: Choices, n: int, rng: random.Random) -> list[Action]:
    """Up to ``n`` answers spread over a prompt's legal answers (see the module's docstring)."""
    listed = choices.count
    if listed <= n:
        out = list(choices.actions())
    elif len(choices.parts) == 1:
        options = choices.parts[0].options
        out = [choices.build([options[i * len(options) // n].value]) for i in range(n)]
    else:
        out = [choices.first()]
    if len(out) < n and (any(p.sample is not None for p in choices.parts) or listed > len(out)):
        for _ in range(4 * n):
            a = choices.sample(rng)
            if a not in out:
                out.append(a)
                if len(out) >= n:
                    break
    return out


def score(game: Game, seat: str, told: Players | None) -> float:
    """A rollout's worth to ``seat``: the rule set's own score of it, else the result (an even share
    while the game is unfinished)."""
    if told is not None and told.evaluate is not None:
        return told.evaluate(game, seat)
    seats = game.ruleset.seats_of(game.state)
    if game.outcome is None:
        return 1.0 / max(1, len(seats))
    return game.outcome.share(seat, seats)
