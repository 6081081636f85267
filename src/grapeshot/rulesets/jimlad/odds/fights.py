"""The odds of a boarding action: the grapnels and the melee that follows (JL-BOARD-1..8),
through :func:`boarding.attempt` and :func:`melee.fight_round`.  The first round is exact
when it is small enough to enumerate; the whole fight, round after round, is always Monte Carlo."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.geometry import hull_distance
from grapeshot.odds import BUDGET, SAMPLES, Heard, OddsError, Proc, simulate
from grapeshot.rulesets.jimlad import boarding, melee
from grapeshot.rulesets.jimlad.odds.runs import ShipOdds, ShipRunner, Tagger, sea_of, ship_of
from grapeshot.rulesets.jimlad.state import Sea

#: rounds after which a simulated boarding fight is called undecided
MAX_ROUNDS = 30


def boarding_tags(boarder: str) -> Tagger:
    def tags(heard: Heard, value: Any) -> tuple[str, ...]:
        last: tuple[str, ...] = ()
        for kind, data in heard:
            if kind == "boarding" and not data.get("success"):
                return ("grapnels missed",)
            if kind == "combat-result":
                if data.get("result") == "both-wiped-out":
                    last = ("both wiped out",)
                elif data.get("winner") == boarder:
                    last = ("won",)
                elif data.get("winner") is not None:
                    last = ("lost",)
                else:
                    last = ("undecided",)
        return last

    return tags


@dataclass
class BoardingOdds:
    """A boarding action: its first round (grapnels included; exact if enumerable within the
    budget, else Monte Carlo) and the whole fight, round after round until it is decided
    (always Monte Carlo: a fight can go on for many rounds)."""

    first_round: ShipOdds
    whole_fight: ShipOdds

    def to_json(self) -> dict[str, Any]:
        return {"first_round": self.first_round.to_json(), "whole_fight": self.whole_fight.to_json()}

    def render(self, console: Any) -> None:
        self.first_round.render(console)
        self.whole_fight.render(console)


def boarding_odds(
    game: Game,
    boarder: str,
    target: str,
    *,
    sea: Sea | None = None,
    budget: int = BUDGET,
    samples: int = SAMPLES,
    seed: int = 1,
    need: int | None = None,
) -> BoardingOdds:
    """The odds of ``boarder`` throwing its grapnels onto ``target`` (JL-BOARD-1) and the melee
    that follows (JL-BOARD-2..8), through :func:`boarding.attempt` and :func:`melee.fight_round`.
    ``need`` is the grapnels' score (default: from the distance between the hulls)."""
    base = sea_of(game, sea)
    if samples <= 0:
        raise OddsError("a whole boarding fight is simulated: it needs Monte Carlo runs (samples)")
    b, t = ship_of(base, boarder), ship_of(base, target)
    gap = hull_distance(b.hull, t.hull)
    score = need if need is not None else boarding.boarding_need(gap)
    if score is None:
        raise OddsError(f'{boarder} is {gap:.1f}" from {target}: grapnels reach {boarding.BOARDING_RANGE:g}"')
    option = boarding.BoardingOption(boarder, target, gap, score)

    def first(g: Game, sea: Sea) -> Proc:
        return (yield from boarding.attempt(g, sea, option, set()))

    def whole(g: Game, sea: Sea) -> Proc:
        outcome = yield from boarding.attempt(g, sea, option, set())
        rounds = 1
        while outcome is None and rounds < MAX_ROUNDS:
            fight = next((f for f in sea.fights if f.attacker == boarder and f.defender == target), None)
            if fight is None:
                break
            sea.turn += 1
            outcome = yield from melee.fight_round(g, sea, fight)
            rounds += 1
        return outcome

    watch = [boarder, target]
    tags = boarding_tags(boarder)
    title = f"{boarder} boards {target} (grapnels {score}+)"
    one = ShipOdds.solve(ShipRunner(game, base, first, watch, tags), f"{title}: the first round", budget=budget, samples=samples, seed=seed)
    all_rounds = ShipOdds(
        f"{title}: the whole fight",
        "monte-carlo",
        simulate(ShipRunner(game, base, whole, watch, tags), samples, seed),
        samples=samples,
        note=f"Monte Carlo over whole fights (rounds fought one after another, up to {MAX_ROUNDS}; 'undecided' after that)",
    )
    return BoardingOdds(one, all_rounds)
