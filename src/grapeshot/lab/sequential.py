"""Studies that stop when the answer is known: an anytime-valid confidence sequence for each
score a study asks about, looked at between batches, and the rule that stops the study.

**Why a confidence sequence.** A fixed design plays N games and reads one interval; peeking at
a 95% interval after every batch and stopping when it leaves one half would be wrong far more
often than 5% of the time (the test in ``tests/lab/test_sequential.py`` shows it).  A confidence
sequence is an interval that holds the true score at *every* number of games at once, with the
stated chance, so a study may look as often as it likes and stop whenever it reads an answer.
This one is Robbins' normal mixture for a score in [0, 1] (sub-Gaussian with variance at most a
quarter, by Hoeffding's lemma): after ``n`` games with ``S`` points, the true score lies within

    S / n  +-  sqrt((n/4 + rho) * log((n/4 + rho) / (rho * alpha**2))) / n

for every ``n`` together, except with chance at most ``alpha`` (Ville's inequality on the
mixture martingale).  ``rho`` (:data:`RHO`) tunes where it is narrowest; it is fixed, not
chosen from the data.  A study asking ``m`` questions spends ``alpha / m`` on each (Bonferroni),
so the chance that *any* answer it states is wrong stays at most ``alpha``.

**The answers.** A question is a score against one half (a tournament's pairing: is its first
faction stronger; a calibration's point: is the piece's side even with the side it meets):
"above" when the sequence lies above one half, "below" when below, "even" when it lies within
``within`` of one half; otherwise it is still open.  A question answered is left: its later
games are not played, so the games go to the questions still open.  A study stops at the first
look where every question is answered, or at its cap (the plan's length) with the open ones said.

**Same answer whatever ran it.** The rule (:class:`Looker`) looks only at the games by index
(the plan's order, the seeds' order), every two rounds (each question has had each side in
each seat equally often), and only once every game it still wants below the look is stored: so
where each question is answered, where the study stops, and the answers, are the same for any
backend, any number of workers, and a resumed run.  Games played past a question's look (in
flight when it was answered) stay in the store but are left out of the answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from grapeshot.lab.records import GameRecord

ALPHA = 0.05
#: the mixture's spread, in units of a score's variance (a quarter a game): narrowest near 100 to 300 games
RHO = 10.0
#: the margin within which a score is called even, unless told otherwise
WITHIN = 0.05


def half_width(n: int, alpha: float = ALPHA, rho: float = RHO) -> float:
    """How far the confidence sequence reaches either side of the mean score after ``n`` games."""
    if n <= 0:
        return math.inf
    v = n / 4 + rho
    return math.sqrt(v * math.log(v / (rho * alpha * alpha))) / n


@dataclass(frozen=True, slots=True)
class Answer:
    """One question read after ``games`` games: the mean score, the sequence's ends and what it says."""

    name: str
    games: int
    score: float
    low: float
    high: float
    side: str  # "above", "below", "even" or "open"

    @property
    def known(self) -> bool:
        return self.side != "open"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games, "score": self.score, "low": self.low, "high": self.high, "side": self.side}


def read(name: str, points: float, games: int, within: float = WITHIN, alpha: float = ALPHA) -> Answer:
    """A score of ``points`` over ``games`` read against one half with the sequence at ``alpha``."""
    mean = points / games if games else 0.5
    h = half_width(games, alpha)
    low, high = max(0.0, mean - h), min(1.0, mean + h)
    side = "above" if low > 0.5 else "below" if high < 0.5 else "even" if 0.5 - within <= low and high <= 0.5 + within else "open"
    return Answer(name, games, mean, low, high, side)


class Asks(Protocol):
    """A plan that can stop when known: its length, the games of a round (one of every question),
    which question each game serves, and every question's name in order."""

    @property
    def total(self) -> int: ...

    @property
    def per_round(self) -> int: ...

    def question_of(self, index: int) -> str: ...

    def asked(self) -> list[str]: ...

    def credit(self, record: GameRecord) -> float: ...


@dataclass(frozen=True, slots=True)
class Stopping:
    """Why a study stopped: at the look of ``games`` games by index (of a cap of ``cap``), with
    each question's answer as it stood when it was answered (or at the last look)."""

    games: int
    cap: int
    played: int
    answers: tuple[Answer, ...]
    within: float
    alpha: float

    @property
    def answered(self) -> bool:
        return all(a.known for a in self.answers)

    def reason(self) -> str:
        """The sentence every report and the command line give."""
        conf = f"{100 * (1 - self.alpha):.0f}%"
        if self.answered:
            return (
                f"stopped when every one of its {len(self.answers)} questions was answered, after {self.played} games counted "
                f"(a fixed design would play {self.cap}): each score read against one half by a {conf} confidence sequence that holds "
                f"however often it is looked at, a question left once answered; even means within {self.within:.2f} of one half"
            )
        still = ", ".join(a.name for a in self.answers if not a.known)
        return f"played to its cap of {self.cap} games by index ({self.played} counted) without answering {still}: more games, or a wider --within, would"

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "cap": self.cap,
            "played": self.played,
            "answered": self.answered,
            "within": self.within,
            "alpha": self.alpha,
            "reason": self.reason(),
            "answers": [a.to_json() for a in self.answers],
        }


class Looker:
    """The stopping rule of one run of a plan, looking every ``look`` games by index.

    At each look ``n`` (once every game it still wants below ``n`` is stored) it reads each open
    question over its games below ``n``; a question answered there is *left*: its games from
    ``n`` on are no longer wanted, and are not counted if played anyway (in flight).  The study
    stops when all are answered, or at the cap.  Everything follows from the games by index, so
    the looks, the answers and the stop are the same for any backend and on resuming."""

    def __init__(self, plan: Asks, within: float = WITHIN, alpha: float = ALPHA, family: int | None = None) -> None:
        self.plan = plan
        self.within = within
        self.alpha = alpha
        self.names = plan.asked()
        # ``family``: the answers ``alpha`` is shared over, where the plan is one of several (a
        # search's steps); by default the plan's own questions
        self.each = alpha / max(1, family or len(self.names))
        self.look = 2 * plan.per_round  # two rounds: each question with each side in each seat once more
        self.next = min(self.look, plan.total)
        self.left: dict[str, int] = {}
        self.answers: dict[str, Answer] = {}
        self.stopping: Stopping | None = None
        # each open question's credit and games so far, read up to ``self.read`` (each game is
        # read once, whatever the number of looks)
        self.tally: dict[str, tuple[float, int]] = {q: (0.0, 0) for q in self.names}
        self.read = 0

    def wanted(self, index: int) -> bool:
        """Whether the game ``index`` still counts: below the cap, and its question still open
        when the look before it was taken."""
        return index < self.plan.total and index < self.left.get(self.plan.question_of(index), self.plan.total) and self.stopping is None

    def counts(self, record: GameRecord) -> bool:
        """Whether a stored game is part of the answer."""
        end = self.stopping.games if self.stopping is not None else self.plan.total
        return record.index < min(end, self.left.get(self.plan.question_of(record.index), end))

    def advance(self, have: set[int], records: Callable[[int, int], Sequence[GameRecord]]) -> Stopping | None:
        """Take every look whose games are all stored (``have``: the stored indices;
        ``records(lo, n)``: the stored games from ``lo`` up to below ``n``); the stop, once reached."""
        while self.stopping is None:
            n = self.next
            if any(self.wanted(i) and i not in have for i in range(n - self.look if n > self.look else 0, n)):
                return None
            for r in records(self.read, n):
                q = self.plan.question_of(r.index)
                if q not in self.left:
                    credit, games = self.tally[q]
                    self.tally[q] = (credit + self.plan.credit(r), games + 1)
            self.read = n
            for q in [q for q in self.names if q not in self.left]:
                answer = read(q, *self.tally[q], self.within, self.each)
                self.answers[q] = answer
                if answer.known:
                    self.left[q] = n
            if len(self.left) == len(self.names) or n >= self.plan.total:
                played = sum(self.left.get(self.plan.question_of(i), n) > i for i in range(n))
                self.stopping = Stopping(n, self.plan.total, played, tuple(self.answers[q] for q in self.names), self.within, self.alpha)
            self.next = min(n + self.look, self.plan.total)
        return self.stopping
