"""The search for the fair cost (``grapeshot calibrate --search``): for each priced piece, the
budget at which its fleet wins half its games against the side it meets, found by bisection
over a range of budgets, each step's games stopped by the confidence sequence
(:mod:`.sequential`), so that a step whose answer is clear-cut takes few games.

**The ladder.** Within the range asked for, the budgets that buy different fleets of the piece
(:func:`~.calibration.plan_calibration` keeps each fleet once, at the smallest budget that buys
it) are the rungs, in order of the fleet's cost.  Bisection supposes what the fair cost
supposes: more of the piece does no worse.

**A step** plays, for every piece still searching, its fleet at one rung against the side it
meets, as a calibration of those points (the same seeds a calibration gives them: a point's
games depend on the seed, the point and the game's number alone; seats swapped every other
game), stopped by a :class:`~.sequential.Looker` with the games asked for as each point's cap.
The answer at the rung moves the bracket (:class:`Bracket`): "above" (the piece's side wins
more than half) puts the fair budget at or below the rung, "below" at or above it, "even" (within
``within`` of one half) ends the piece's search there, and "open" at the cap ends it too, with
the rung's score said.  The first step tests the middle rung; the ends of the range are tested
only when the bracket has shrunk to one of them unseen (so a fair budget beyond the range is
said to be beyond it, not read at its edge).

**Error rate.** Every answer a search may take is read at ``alpha`` shared (Bonferroni) over
the most steps any of its pieces can take (:func:`most_steps`, for each piece) so the chance that
*any* step of the whole search answers wrongly, and so that any interval misses its fair budget,
is at most ``alpha``.  ``tests/lab/test_search.py`` checks it on simulated pieces whose fair
budget is known.

**Same answer whatever ran it.** A step's stop is the :class:`~.sequential.Looker`'s, the same
for any backend and worker count; the next step's rungs follow from the answers alone.  Each
step's games go to a store of their own (``OUT/search/step-NN.sqlite``), so a search stopped at
any moment, run again, replays the steps it has stored (playing nothing) and goes on where it
stopped.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grapeshot.lab.calibration import Calibration, CalibrationError, Point, crossing, fair_cost, plan_calibration, ruleset_and_pricing, text_vs_fair
from grapeshot.lab.results import Store
from grapeshot.lab.sequential import ALPHA, WITHIN, Answer, Looker

#: a step's store in a search's folder
STEP_FILE = "step-{:02d}.sqlite"


def most_steps(rungs: int) -> int:
    """The most steps a bisection over ``rungs`` rungs can take: halving the bracket down to two
    neighbouring rungs, then at most the two ends."""
    return math.ceil(math.log2(max(1, rungs - 1))) + 2 if rungs > 1 else 1


@dataclass
class Bracket:
    """One piece's bisection over its rungs' costs (rising): the rungs ``lo`` and ``hi`` between
    which the fair cost is still to be found, each end's answer once it has been read there, and
    the step that ended the search (``even`` or ``open`` at a rung, or the bracket closed)."""

    costs: tuple[int, ...]
    lo: int = 0
    hi: int = -1
    seen: dict[int, Answer] = field(default_factory=dict)
    ended: int | None = None  # the rung whose "even" or "open" answer ended the search

    def __post_init__(self) -> None:
        if self.hi < 0:
            self.hi = len(self.costs) - 1

    def next(self) -> int | None:
        """The rung the next step tests, or ``None`` when the search is over."""
        if self.ended is not None:
            return None
        if self.hi - self.lo >= 2:
            return (self.lo + self.hi) // 2
        for end, side in ((self.lo, "below"), (self.hi, "above")):
            if end not in self.seen:
                return end
            if self.seen[end].side != side:  # an end read the other way: the fair cost is beyond the range
                return None
        return None

    def told(self, rung: int, answer: Answer) -> None:
        """Take a step's answer at ``rung``."""
        self.seen[rung] = answer
        if answer.side == "above":
            self.hi = rung
        elif answer.side == "below":
            self.lo = rung
        else:
            self.ended = rung

    @property
    def interval(self) -> tuple[int | None, int | None]:
        """The costs between which the fair cost lies, as far as the answers show; ``None`` at an
        end beyond the range (the cheapest fleet already wins more than half, or the dearest
        still loses)."""
        lo, hi = self.costs[self.lo], self.costs[self.hi]
        low = None if self.lo == 0 and self.seen.get(0, None) is not None and self.seen[0].side == "above" else lo
        last = len(self.costs) - 1
        high = None if self.hi == last and self.seen.get(last, None) is not None and self.seen[last].side == "below" else hi
        return low, high

    @property
    def estimate(self) -> float | None:
        """The fair cost's best guess: the rung found even (or left open at the cap), else where
        the score crosses one half between the bracket's two ends, else ``None`` (beyond the range)."""
        if self.ended is not None:
            return float(self.costs[self.ended])
        low, high = self.interval
        if low is None or high is None:
            return None
        a, b = self.seen.get(self.lo), self.seen.get(self.hi)
        if a is None or b is None:
            return None
        if self.lo == self.hi:
            return float(low)
        return crossing([float(low), float(high)], [a.score, b.score])

    def why(self, within: float, cap: int) -> str:
        """Why the search of this piece stopped, in words."""
        low, high = self.interval
        if self.ended is not None:
            a = self.seen[self.ended]
            at = f"at {self.costs[self.ended]} the score {a.score:.3f} [{a.low:.3f}, {a.high:.3f}] after {a.games} games"
            if a.side == "even":
                return f"even within {within:.2f} of one half {at}"
            return f"can't tell yet: {at} (the cap) holds one half but is not shown within {within:.2f}; more games a step, or a wider --within, would"
        if low is None:
            return f"the piece's side wins more than half even at the cheapest fleet ({self.costs[0]}): its fair budget is below the range"
        if high is None:
            return f"the piece's side loses more than half even at the dearest fleet ({self.costs[-1]}): its fair budget is above the range"
        return f"bracketed between neighbouring fleets: below one half at {low}, above at {high}"


@dataclass(frozen=True)
class Search:
    """A planned search: the calibration every step is a part of (its points are every rung of
    every piece), the games a step at most (each point's cap) and the stop's margin and rate."""

    base: Calibration
    cap: int
    within: float = WITHIN
    alpha: float = ALPHA

    def rungs(self, piece: str) -> tuple[Point, ...]:
        return tuple(p for p in self.base.points if p.piece == piece)

    @property
    def family(self) -> int:
        """How many answers the search's error rate is shared over (see the module docstring)."""
        return sum(most_steps(len(self.rungs(piece))) for piece in self.base.pieces)

    def step(self, points: Sequence[Point]) -> Calibration:
        """The calibration of one step: these points, each capped at :attr:`cap` games."""
        return dataclasses.replace(self.base, points=tuple(points), games_per_point=self.cap)


def plan_search(
    *,
    ruleset: str,
    pieces: Sequence[str] | str | None = None,
    budgets: Sequence[int] | str | None = None,
    games: int = 400,
    seed: int = 1,
    player: str | None = None,
    scenario: str | None = None,
    within: float = WITHIN,
) -> Search:
    """Check a search's parts and plan it; :class:`CalibrationError` naming what is wrong.

    ``budgets`` gives the range's ends (a comma list: its smallest and largest; default the rule
    set's budgets'); every whole budget between them is tried for a new fleet."""
    from grapeshot.lab.calibration import parse_budgets

    _, pricing = ruleset_and_pricing(ruleset)
    given = parse_budgets(budgets) if isinstance(budgets, str) else tuple(budgets or pricing.budgets)
    low, high = min(given), max(given)
    if low == high:
        raise CalibrationError(
            f"a search needs a range of budgets, and only {low} points is given (the rule set's own, or --budgets): give --budgets LOW,HIGH "
            "where the rule set prices at more than one"
        )
    base = plan_calibration(ruleset=ruleset, pieces=pieces, budgets=range(low, high + 1), games=games, seed=seed, player=player, scenario=scenario)
    return Search(base, games, within)


@dataclass
class Found:
    """What a search found: each piece's bracket, the games each step counted, and the steps."""

    search: Search
    brackets: dict[str, Bracket]
    steps: list[dict[str, Any]]
    finished: bool

    @property
    def games(self) -> int:
        return sum(int(s["played"]) for s in self.steps)

    def to_json(self) -> dict[str, Any]:
        """Everything the command prints and ``search.json`` keeps."""
        base = self.search.base
        _, pricing = ruleset_and_pricing(base.ruleset)
        rows = []
        for piece, b in self.brackets.items():
            low, high = b.interval
            text = pricing.cost(piece)
            est = b.estimate
            fair = fair_cost(text, base.reference_cost, est)
            # a search left open at its cap is "can't tell yet": no text-vs-fair reading of it
            told = b.ended is None or b.seen[b.ended].side == "even"
            rows.append(
                {
                    "piece": piece,
                    "text_cost": text,
                    "even": est,
                    "even_low": low,
                    "even_high": high,
                    "fair": fair,
                    # the fair cost falls as the even budget rises
                    "fair_low": fair_cost(text, base.reference_cost, high),
                    "fair_high": fair_cost(text, base.reference_cost, low),
                    "text_vs_fair": text_vs_fair(text, fair) if told else None,
                    "games": sum(a.games for a in b.seen.values()),
                    "steps": [{"cost": b.costs[r], **a.to_json()} for r, a in b.seen.items()],
                    "why": b.why(self.search.within, self.search.cap),
                }
            )
        return {
            "search": base.to_json() | {"cap": self.search.cap, "within": self.search.within, "alpha": self.search.alpha, "family": self.search.family},
            "reference": base.reference,
            "reference_cost": base.reference_cost,
            "games": self.games,
            "finished": self.finished,
            "steps": self.steps,
            "pieces": rows,
        }


#: how a step's games are played: the step's calibration, its store and its stop -> the run's info
Runner = Callable[[Calibration, Store, Looker], Any]


def run_search(search: Search, folder: Path, play: Runner, *, fresh: bool = False) -> Found:
    """Play the search step by step into ``folder`` (a store a step), each step's games by
    ``play`` (the lab's runner with its backend); a step ``play`` leaves unstopped (a limit, an
    interruption) ends the search unfinished, to be resumed by running it again."""
    folder.mkdir(parents=True, exist_ok=True)
    if fresh:
        for old in folder.glob("step-*.sqlite*"):
            old.unlink()
    brackets = {piece: Bracket(tuple(p.cost for p in search.rungs(piece))) for piece in search.base.pieces}
    steps: list[dict[str, Any]] = []
    while True:
        todo = {piece: r for piece, b in brackets.items() if (r := b.next()) is not None}
        if not todo:
            return Found(search, brackets, steps, True)
        calibration = search.step([search.rungs(piece)[r] for piece, r in todo.items()])
        with Store(folder / STEP_FILE.format(len(steps) + 1)) as store:
            store.bind(calibration)
            looker = Looker(calibration, search.within, search.alpha, family=search.family)
            info = play(calibration, store, looker)
        stop = looker.stopping
        if stop is None:
            return Found(search, brackets, steps, False)
        by_name = {a.name: a for a in stop.answers}
        for piece, r in todo.items():
            brackets[piece].told(r, by_name[search.rungs(piece)[r].label])
        steps.append({"step": len(steps) + 1, "points": [p.label for p in calibration.points], "played": stop.played, "games_played": info.played})
