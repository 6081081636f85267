"""The points calibration: from played games, what each of a rule set's pieces should cost for an
even game, with 95% intervals, and how far the text's cost is from it.

The rule set says what it prices through its :class:`~grapeshot.core.capabilities.Pricing`
(``ruleset.pricing()``): the pieces (Wooden Ships' ship types), the fleet of one piece a budget
buys, the reference faction every such fleet meets, and the options its games need.

**The games** (:class:`Calibration`, a :class:`~grapeshot.lab.study.Plan`, so the lab's runner,
backends and store play and keep them): each piece's fleet at each budget (a *point*) plays
``games`` games against the reference on the rule set's lab scenario, the same player on both
sides.  The order is round by round: round ``r`` holds one game of every point, so index =
``r * points + p``; the piece's fleet takes the first seat in even rounds and the second in odd
ones (seats swapped every other game of a point); the dice seed is derived from the seed, the
point (its piece and budget) and the game's number in it (:meth:`Point.seed`), so a point's
games are the same whatever else is calibrated beside it (a calibration of one piece repeats
that piece's row of a calibration of all).  A longer calibration extends a shorter one, and any
backend reproduces any game.  A budget that buys the same fleet as a smaller one is played
once, at the smaller.

**The measures** (:func:`summarise_calibration`): a point's *score* is the piece's wins plus half
its draws over its games, with a 95% Wilson interval.  The *even budget* is the fleet cost at
which the score crosses one half, linear between the points (:func:`crossing`); its interval runs
over the costs where the interval's band holds one half (:func:`band`), open-ended at a side
where the band still holds it at the last cost tried on that side.  The *fair cost* of a piece is
its cost by the text scaled by the reference's cost over the even budget (:func:`fair_cost`): a
piece whose fleets match the reference for fewer points than it costs is worth more than the
text says.  *Text vs fair* is the text's cost less the fair cost, as a share of the fair cost.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from grapeshot.agents import factories, rollout_player
from grapeshot.core.capabilities import Lacking, Pricing
from grapeshot.core.contract import PRICING
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.ruleset import Ruleset, all_rulesets
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario
from grapeshot.lab.records import GameRecord, derive_seed, play_seeded, record_of
from grapeshot.lab.stats import two_proportions, wilson
from grapeshot.lab.study import GameSpec, Setting, StudyError, plan_identity, plan_json, ruleset_and_lab
from grapeshot.lab.verdicts import FAIR_WITHIN, price_verdict

HALF = 0.5
ALPHA = 0.05


class CalibrationError(StudyError):
    """A calibration that cannot be planned: a rule set without one, an unknown piece, a bad budget."""


def ruleset_and_pricing(ruleset: str | Ruleset) -> tuple[Ruleset, Pricing]:
    """The rule set and its points calibration, or a :class:`CalibrationError` saying it has none."""
    try:
        rs, _ = ruleset_and_lab(ruleset)
    except StudyError as e:
        raise CalibrationError(str(e)) from None
    try:
        pricing = rs.need(PRICING)
    except Lacking as e:
        having = [r.name for r in all_rulesets() if r.has(PRICING)]
        raise CalibrationError(f"{e} (rule sets with one: {', '.join(having) or 'none installed'})") from None
    return rs, pricing


# --------------------------------------------------------------------------- the games


@dataclass(frozen=True, slots=True)
class Point:
    """One piece's fleet at one budget: the faction that is it, its pieces and its cost by the
    text, and the faction it meets (the reference, or the piece's own counterpart)."""

    piece: str
    budget: int
    faction: str
    pieces: int
    cost: int
    against: str

    @property
    def label(self) -> str:
        """The point as the records name it (their ``variant``)."""
        return f"{self.piece}@{self.budget}"

    def seed(self, seed: int, game: int) -> int:
        """The dice seed of the point's game ``game``: from the calibration's seed, the point's
        label and the game's number alone, so a point's games are the same whatever other
        pieces and budgets are calibrated beside it."""
        return derive_seed(derive_seed(seed, zlib.crc32(self.label.encode())), game)

    def to_json(self, reference: str | None = None) -> dict[str, Any]:
        """The point as data; the side it meets only where it is not the ``reference`` (so a
        calibration against one reference keeps the identity it always had)."""
        out: dict[str, Any] = {"piece": self.piece, "budget": self.budget, "faction": self.faction, "pieces": self.pieces, "cost": self.cost}
        return out if self.against == reference else out | {"against": self.against}


@dataclass(frozen=True)
class Calibration:
    """A planned calibration. Build it with :func:`plan_calibration`, which checks it first."""

    ruleset: str
    scenario: str  # the scenario's name, for people
    scenario_json: str  # the scenario as parsed data (canonical JSON), carried to every worker
    seats: tuple[str, ...]
    reference: str
    reference_cost: int
    points: tuple[Point, ...]
    games_per_point: int
    seed: int
    player: str
    #: the options every game is played with (the rule set's pricing's)
    options: tuple[Setting, ...] = ()
    kind: str = "calibration"

    @property
    def total(self) -> int:
        return self.games_per_point * len(self.points)

    @property
    def pieces(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.piece for p in self.points))

    def spec(self, index: int) -> GameSpec:
        if not 0 <= index < self.total:
            raise IndexError(index)
        rnd, p = divmod(index, len(self.points))
        point = self.points[p]
        sides = (point.faction, point.against)
        return GameSpec(index, point.seed(self.seed, rnd), p, sides if rnd % 2 == 0 else sides[::-1])

    def games(self) -> Iterator[GameSpec]:
        for i in range(self.total):
            yield self.spec(i)

    @property
    def per_round(self) -> int:
        """Games a round: one of every point."""
        return len(self.points)

    def question_of(self, index: int) -> str:
        """What a calibration that stops when known (:mod:`.sequential`) asks of game ``index``:
        is the piece's side at this point even with the side it meets."""
        return self.points[index % len(self.points)].label

    def asked(self) -> list[str]:
        return [p.label for p in self.points]

    def credit(self, record: GameRecord) -> float:
        """The piece's side's score in one game."""
        return score_of(self, [record])

    def seat_of_piece(self, index: int) -> str:
        """The seat the piece's fleet takes in game ``index`` (the reference has the other)."""
        return self.seats[(index // len(self.points)) % 2]

    def new_game(self, factions: tuple[str, ...], seed: int, *, log: bool = True) -> Game:
        return Game(self.ruleset, _scenario(self, factions), dict(self.options), seed=seed, log=log)

    def play(self, spec: GameSpec) -> GameRecord:
        """Play one game of a point against the side it meets and keep its record (each seat
        credited to the side the plan put there)."""
        game = self.new_game(spec.factions, spec.seed)
        outcome = play_seeded(game, self.player, spec.seed, self.seats)
        by_seat = dict(zip(self.seats, spec.factions, strict=True))
        return record_of(spec.index, spec.seed, self.points[spec.variant].label, spec.factions, game, outcome, by_seat.get)

    def identity(self) -> dict[str, Any]:
        return plan_identity(self, {"reference": self.reference, "points": [p.to_json(self.reference) for p in self.points]})

    def to_json(self) -> dict[str, Any]:
        return plan_json(
            self, {"reference_cost": self.reference_cost, "pieces": list(self.pieces), "games_per_point": self.games_per_point, "games": self.total}
        )


@lru_cache(maxsize=128)
def _scenario(plan: Calibration, factions: tuple[str, ...]) -> Scenario:
    _, pricing = ruleset_and_pricing(plan.ruleset)
    try:
        data = pricing.assign(json.loads(plan.scenario_json), dict(zip(plan.seats, factions, strict=True)))
        return parse_scenario(data, f"{plan.scenario} ({' v '.join(factions)})")
    except (KeyError, TypeError, ScenarioError) as e:
        raise CalibrationError(f"scenario {plan.scenario!r} cannot take the fleets {factions}: {e}") from None


def parse_budgets(text: str) -> tuple[int, ...]:
    """``24,36,48``: positive whole numbers of points, each named if it is not one."""
    budgets = []
    for part in text.split(","):
        word = part.strip()
        if not word:
            continue
        try:
            value = int(word)
        except ValueError:
            raise CalibrationError(f"budget {word!r} is not a whole number of points") from None
        if value <= 0:
            raise CalibrationError(f"budget {word!r} is not a positive number of points")
        budgets.append(value)
    if not budgets:
        raise CalibrationError(f"no budgets in {text!r}: give a comma list of points, such as 24,36,48")
    return tuple(budgets)


def plan_calibration(
    *,
    ruleset: str | Ruleset,
    pieces: Sequence[str] | str | None = None,
    budgets: Sequence[int] | str | None = None,
    games: int = 20,
    seed: int = 1,
    player: str | None = None,
    scenario: str | None = None,
) -> Calibration:
    """Check a calibration's parts and plan it; raise :class:`CalibrationError` naming what is wrong.

    ``pieces`` and ``budgets`` default to the rule set's (``Pricing.pieces()``, ``Pricing.budgets``)
    and may be given as comma lists; ``scenario`` to the rule set's lab scenario; ``player`` to
    its quick player.  One game of every point is set up here, so that a fleet the rule set
    refuses is refused before any game is played."""
    rs, pricing = ruleset_and_pricing(ruleset)
    _, lab = ruleset_and_lab(rs)
    known = tuple(pricing.pieces())
    names = [p.strip() for p in (pieces.split(",") if isinstance(pieces, str) else pieces or known) if p.strip()]
    unknown = [p for p in names if p not in known]
    if unknown:
        raise CalibrationError(f"unknown {pricing.piece_word}(s) {', '.join(unknown)}; the {pricing.piece_plural} of {rs.name}: {', '.join(known)}")
    if not names or len(set(names)) != len(names):
        raise CalibrationError(f"name each {pricing.piece_word} to price once (the {pricing.piece_plural} of {rs.name}: {', '.join(known)})")
    tried = parse_budgets(budgets) if isinstance(budgets, str) else tuple(budgets or pricing.budgets)
    bad = [b for b in tried if isinstance(b, bool) or not isinstance(b, int) or b <= 0]
    if bad:
        raise CalibrationError(f"budget(s) {', '.join(map(str, bad))}: a budget is a positive whole number of points")
    if games < 1:
        raise CalibrationError("a calibration needs at least 1 game a budget")
    player = player or rollout_player(rs)
    if player not in factories(rs):
        raise CalibrationError(f"unknown player {player!r}; known: {', '.join(sorted(factories(rs)))}")
    try:
        sc = load_scenario(scenario or lab.scenario, rs.name)
    except (ValueError, ScenarioError) as e:
        raise CalibrationError(str(e)) from None
    if len(sc.seats) != 2:
        raise CalibrationError(f"a calibration needs a scenario with two seats; {sc.name!r} has {len(sc.seats)}")
    points: list[Point] = []
    for piece in names:
        bought: set[tuple[int, int]] = set()
        for budget in sorted(set(tried)):
            try:
                fleet, against = pricing.fleet(piece, budget), pricing.against(piece, budget)
            except ValueError as e:
                raise CalibrationError(f"{piece} at {budget} points: {e}") from None
            if (fleet.pieces, fleet.cost) in bought:
                continue  # the budget buys no more of this piece than a smaller one did
            bought.add((fleet.pieces, fleet.cost))
            points.append(Point(piece, budget, fleet.faction, fleet.pieces, fleet.cost, against.faction))
    plan = Calibration(
        ruleset=rs.name,
        scenario=sc.name,
        scenario_json=json.dumps(json.loads(json.dumps(dict(sc.raw))), sort_keys=True),
        seats=tuple(s.id for s in sc.seats),
        reference=pricing.reference,
        reference_cost=pricing.reference_cost,
        points=tuple(points),
        games_per_point=games,
        seed=seed,
        player=player,
        options=tuple(sorted(pricing.options.items())),
    )
    for point in plan.points:
        try:
            plan.new_game((point.faction, point.against), 0, log=False)
        except (ScenarioError, ValueError) as e:
            raise CalibrationError(f"{point.piece} at {point.budget} points: {e}") from None
    return plan


# --------------------------------------------------------------------------- the measures


def crossing(xs: Sequence[float], ys: Sequence[float], level: float = HALF) -> float | None:
    """Where a curve through (xs, ys), xs rising, first crosses ``level`` (linear between points);
    ``None`` where it stays on one side.  A falling curve is read the same way."""
    for (x0, y0), (x1, y1) in zip(zip(xs, ys, strict=True), zip(xs[1:], ys[1:], strict=True), strict=False):
        if y0 == level:
            return x0
        if (y0 - level) * (y1 - level) <= 0.0 and y0 != y1:
            return x0 + (level - y0) * (x1 - x0) / (y1 - y0)
    return xs[-1] if xs and ys[-1] == level else None


def _at_most(y0: float, y1: float, level: float) -> tuple[float, float] | None:
    """The part of [0, 1] where the line from y0 (at 0) to y1 (at 1) is at most ``level``."""
    if y0 == y1:
        return (0.0, 1.0) if y0 <= level else None
    t = (level - y0) / (y1 - y0)
    if y1 > y0:
        return (0.0, min(1.0, t)) if t >= 0.0 else None
    return (max(0.0, t), 1.0) if t <= 1.0 else None


def band(xs: Sequence[float], lows: Sequence[float], highs: Sequence[float], level: float = HALF) -> tuple[float, float] | None:
    """The span of xs (linear between points) over which the band from ``lows`` to ``highs``
    holds ``level``: from the first such x to the last; ``None`` where it never does."""
    if len(xs) == 1:
        return (xs[0], xs[0]) if lows[0] <= level <= highs[0] else None
    found: list[float] = []
    for k in range(len(xs) - 1):
        below = _at_most(lows[k], lows[k + 1], level)
        above = _at_most(-highs[k], -highs[k + 1], -level)
        if below is None or above is None:
            continue
        t0, t1 = max(below[0], above[0]), min(below[1], above[1])
        if t0 <= t1:
            found += [xs[k] + t0 * (xs[k + 1] - xs[k]), xs[k] + t1 * (xs[k + 1] - xs[k])]
    return (min(found), max(found)) if found else None


@dataclass(frozen=True, slots=True)
class Even:
    """The even budget and its interval; ``None`` for a value beyond the costs tried (the
    budget itself when the score does not cross one half, an end of the interval left open)."""

    budget: float | None
    low: float | None
    high: float | None


def even_budget(xs: Sequence[float], rates: Sequence[float], lows: Sequence[float], highs: Sequence[float]) -> Even:
    """Where the score crosses one half, and the span where its 95% band holds one half,
    open at an end where the band holds it at the last cost tried that way.  Where the band
    never holds one half, the even budget lies beyond the costs tried on the side the score
    says (a score above one half everywhere, rising: below the smallest), and the interval is
    open that way, closed at that end of the costs tried."""
    at = crossing(xs, rates)
    span = band(xs, lows, highs)
    if span is not None:
        return Even(at, None if span[0] <= xs[0] else span[0], None if span[1] >= xs[-1] else span[1])
    rising = rates[-1] >= rates[0]
    above = lows[0] > HALF
    if above == rising:  # strong already at the smallest cost (or, falling, still weak there)
        return Even(at, None, xs[0])
    return Even(at, xs[-1], None)


def fair_cost(text_cost: float, reference_cost: float, budget: float | None) -> float | None:
    """What a piece should cost for its fleet at ``budget`` to be the reference's even match:
    its cost by the text scaled by the reference's cost over the budget (``None`` beyond the
    costs tried)."""
    return None if budget is None or budget <= 0 else text_cost * reference_cost / budget


def text_vs_fair(text_cost: float, fair: float | None) -> float | None:
    """How far the text's cost is from the fair cost, as a share of the fair cost."""
    return None if fair is None or fair == 0 else (text_cost - fair) / fair


def score_of(plan: Calibration, records: Sequence[GameRecord]) -> float:
    """The piece's wins plus half its draws over some games of its points."""
    score = 0.0
    for r in records:
        score += HALF if r.winner is None else 1.0 if r.winner == plan.seat_of_piece(r.index) else 0.0
    return score


def summarise_calibration(plan: Calibration, records: Sequence[GameRecord], within: float = FAIR_WITHIN) -> dict[str, Any]:
    """Everything the report shows, as JSON data: for each piece its points (score, interval and
    verdict against one half, within ``within``, at each budget), the even budget, the fair cost
    and text vs fair."""
    _, pricing = ruleset_and_pricing(plan.ruleset)
    mine = [r for r in records if r.index < plan.total]
    by_point = {p.label: [r for r in mine if r.variant == p.label] for p in plan.points}
    rows = []
    for piece in plan.pieces:
        points = []
        for p in (q for q in plan.points if q.piece == piece):
            got = by_point[p.label]
            n = len(got)
            score = score_of(plan, got)
            low, high = wilson(score, n)
            point = {**p.to_json(plan.reference), "games": n, "score": score, "rate": score / n if n else None, "low": low, "high": high}
            # at every budget: is the piece's side even with the side it meets, within the margin?
            points.append(point | {"verdict": price_verdict(score, n, within)})
        played = [q for q in points if q["games"]]
        xs = [float(q["cost"]) for q in played]
        even = even_budget(xs, [q["rate"] for q in played], [q["low"] for q in played], [q["high"] for q in played]) if played else Even(None, None, None)
        text = pricing.cost(piece)
        fair = fair_cost(text, plan.reference_cost, even.budget)
        rates = [float(q["rate"]) for q in played]
        # the fair cost scales the text's cost by the budget that evens the game, which supposes
        # more of the piece does better: a score that falls or stays flat as the budget grows
        # says the piece is not priced by its cost at all (None: fewer than two budgets played)
        rising = rates[-1] > rates[0] if len(rates) >= 2 else None
        # a score that does not rise beyond chance from the first budget to the last is flat: where
        # it crosses one half is noise (a flat half crosses at the lowest budget), so no even budget
        # is read from it, only the band's span; one that falls is no price at all
        flat = len(played) >= 2 and two_proportions(played[-1]["score"], played[-1]["games"], played[0]["score"], played[0]["games"]).p >= ALPHA
        if rising is False:
            even = Even(None, None, None)
        elif flat:
            even = Even(None, even.low, even.high)
        if rising is False or flat:
            fair = None
        # the reference against itself (its own fleet at its own cost) should score one half:
        # a noise check on the seats and the scenario, not a price
        mirror = next((q for q in played if piece == pricing.reference_piece and q["cost"] == plan.reference_cost), None)
        if mirror is not None:
            mirror = {**mirror, "holds_half": mirror["low"] <= HALF <= mirror["high"]}
        rows.append(
            {
                "piece": piece,
                "reference": plan.reference,
                "text_cost": text,
                "points": points,
                "even": even.budget,
                "even_low": even.low,
                "even_high": even.high,
                "fair": fair,
                # the fair cost falls as the even budget rises: its low end is the budget's high end's
                "fair_low": fair_cost(text, plan.reference_cost, even.high),
                "fair_high": fair_cost(text, plan.reference_cost, even.low),
                "text_vs_fair": text_vs_fair(text, fair),
                "rising": rising,
                "flat": flat,
                "mirror": mirror,
            }
        )
    return {
        "calibration": plan.to_json(),
        "games_stored": len(mine),
        "within": within,
        "words": {"piece": pricing.piece_word, "pieces": pricing.piece_plural},
        "pieces": rows,
    }
