"""The search player against the heuristic player (or any player against another, or each level
against the next): mirrored games, the score with its 95% Wilson interval, CPU a decision.

Every rule set (``--ruleset``, default ``jimlad``) plays its lab scenario unless ``--scenario``
says otherwise; ``--modules collisions`` switches rule modules on over the scenario's (Wooden
Ships' ``ship-duel`` with the collisions module, say).  The search player decides what the rule
set's DEFAULTS name (Jim Lad: its shares' decisions; Wooden Ships: steering and figures' actions;
otherwise every decision its ``players()`` does not leave to the heuristic) unless
``--decisions`` says otherwise.

Each seed is played once for each seat on the same scenario with the same klans in the same
seats, the measured player (``--player``, default ``search`` at the budget given here) taking
that seat and the other player (``--against``, default ``heuristic``) the others, so neither a
seat nor a side favours either (in a duel: twice, once from each seat).  A draw or a shared win
counts as a share: half in a duel.  With more seats an equal player would take 1/seats of the
wins, and the script says so.  ``--levels`` plays each level people choose against the one
below it (normal against easy, hard against normal: :mod:`grapeshot.agents.levels`), the same
way.  The search's budget is a rollout count (not the clock), so a run reproduces exactly on
any machine; CPU is the worker processes' own (``time.process_time``).

    .venv/bin/python bench/search_vs_heuristic.py [--seeds 200] [--rollouts 48] [--processes 2]
        [--ruleset jimlad] [--scenario duel] [--modules collisions] [--klans goffs,evil-sunz]
        [--player search] [--against heuristic] [--levels] [--seed 1] [--horizon N] [--candidates 6]
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import time
from dataclasses import dataclass

from grapeshot.agents import Agent, make, play_out
from grapeshot.agents.levels import LEVELS
from grapeshot.agents.search import PRIOR, SearchPlayer
from grapeshot.core.game import Game
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario
from grapeshot.lab.records import derive_seed
from grapeshot.lab.stats import wilson
from grapeshot.rulesets.jimlad.lab import with_klans
from grapeshot.rulesets.jimlad.players.search import SHARES

#: each rule set's searched decisions when none are given ("": every decision the rule set searches)
DECISIONS = {"jimlad": ",".join(SHARES), "woodenships": "SteerPrompt,ActPrompt"}


@dataclass(frozen=True)
class Task:
    index: int  # the seed's index
    seat: int  # the seat the measured player takes (its index)
    scenario: str  # the scenario as JSON
    seed: int  # the run's seed
    rollouts: int
    candidates: int
    horizon: int | None
    decisions: tuple[str, ...]
    prior: float
    ruleset: str = "jimlad"
    player: str = "search"  # the measured player: "search" at the budget above, else a player or level by name
    against: str = "heuristic"


@dataclass(frozen=True)
class Result:
    index: int
    seat: int
    score: float  # 1 won, 0 lost, a share of a draw or a shared win (for the measured player)
    turns: int
    seconds: float  # CPU of the whole game
    mine: float  # CPU of the measured player's answers
    answers: int  # the measured player's answers
    decisions: int  # decisions a search player searched
    rollouts: int


_SCENARIOS: dict[str, Scenario] = {}


def scenario_of(text: str) -> Scenario:
    if text not in _SCENARIOS:
        _SCENARIOS[text] = parse_scenario(json.loads(text), "bench scenario")
    return _SCENARIOS[text]


class Timed:
    """A player whose answers are counted and timed (CPU of this process)."""

    def __init__(self, player: Agent) -> None:
        self.player = player
        self.name = player.name
        self.seconds = 0.0
        self.answers = 0
        self.copies_games = bool(getattr(player, "copies_games", False))

    def act(self, game: Game, seat: str, prompt: object) -> object:
        t0 = time.process_time()
        try:
            return self.player.act(game, seat, prompt)  # type: ignore[arg-type]
        finally:
            self.seconds += time.process_time() - t0
            self.answers += 1


def measured(task: Task, seed: int) -> Agent:
    if task.player == "search":
        return SearchPlayer(seed, rollouts=task.rollouts, candidates=task.candidates, horizon=task.horizon, decisions=task.decisions or None, prior=task.prior)
    return make(task.player, seed, task.ruleset)


def play(task: Task) -> Result:
    sc = scenario_of(task.scenario)
    seats = [s.id for s in sc.seats]
    game_seed = derive_seed(task.seed, task.index)
    game = Game(task.ruleset, sc, seed=game_seed, log=False)
    me = Timed(measured(task, derive_seed(game_seed, 100 + task.seat)))
    agents: dict[str, Agent] = {}
    for k, seat in enumerate(seats):
        agents[seat] = me if k == task.seat else make(task.against, derive_seed(game_seed, k), task.ruleset)  # type: ignore[assignment]
    t0 = time.process_time()
    outcome = play_out(game, agents)
    seconds = time.process_time() - t0
    inner = me.player
    searched = getattr(inner, "searched", 0) if isinstance(inner, SearchPlayer) else 0
    rollouts = getattr(inner, "rollouts_done", 0) if isinstance(inner, SearchPlayer) else 0
    return Result(task.index, task.seat, outcome.share(seats[task.seat], seats), outcome.turn, seconds, me.seconds, me.answers, searched, rollouts)


def match(args: argparse.Namespace, sc: Scenario, text: str, decisions: tuple[str, ...], player: str, against: str) -> None:
    """Play one match of mirrored games and print its score with its interval."""
    tasks = [
        Task(i, seat, text, args.seed, args.rollouts, args.candidates, args.horizon, decisions, args.prior, args.ruleset, player, against)
        for i in range(args.seeds)
        for seat in range(len(sc.seats))
    ]
    if player == "search":
        horizon = "end of game" if args.horizon is None else args.horizon
        who = f"search ({args.rollouts} rollouts, {args.candidates} candidates, prior {args.prior}, horizon {horizon}, decisions {','.join(decisions) or 'the rule set' + chr(39) + 's'})"
    else:
        who = f"{player} (its own budget)"
    modules = f" + {', '.join(sc.modules)}" if sc.modules else ""
    print(
        f"{sc.name} [{args.ruleset}{modules}]: {who} against {against}; {args.seeds} seeds x {len(sc.seats)} seats = {len(tasks)} games; {args.processes} processes",
        flush=True,
    )
    t0 = time.perf_counter()
    results: list[Result] = []
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        for r in pool.imap_unordered(play, tasks):
            results.append(r)
            if len(results) % max(1, min(20, len(tasks) // 4)) == 0:  # a few progress lines however long the run
                done = sum(x.score for x in results)
                print(f"  {len(results)} games: score {done / len(results):.3f}  ({time.perf_counter() - t0:.0f} s)", flush=True)
    wall = time.perf_counter() - t0
    n = len(results)
    wins = sum(1 for r in results if r.score == 1.0)
    losses = sum(1 for r in results if r.score == 0.0)
    draws = n - wins - losses  # drawn or shared
    points = sum(r.score for r in results)
    low, high = wilson(points, n)
    print(f"{player} vs {against}: {wins} won, {draws} drawn, {losses} lost of {n} games")
    print(f"  score (draws as a share): {points / n:.3f}   95% Wilson interval [{low:.3f}, {high:.3f}]   (an equal player: {1 / len(sc.seats):.3f})")
    for seat, name in enumerate(s.id for s in sc.seats):
        mine = [r for r in results if r.seat == seat]
        print(f"  as {name}: {sum(r.score for r in mine) / max(1, len(mine)):.3f} over {len(mine)} games")
    seconds = sum(r.seconds for r in results)
    decided = sum(r.decisions for r in results)
    answers = sum(r.answers for r in results)
    cpu = sum(r.mine for r in results)
    print(f"  CPU per game: {seconds / n:.2f} s; the {player} player's answers: {answers / n:.1f} a game, {cpu / max(1, answers):.4f} s each")
    if decided:
        print(
            f"  searched decisions: {decided / n:.1f} a game, {cpu / decided:.3f} s of CPU each; {sum(r.rollouts for r in results) / decided:.1f} rollouts each"
        )
    print(f"  mean game length {sum(r.turns for r in results) / n:.1f} turns; wall time {wall:.0f} s on {args.processes} processes", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=200, help="seeds; each is played once per seat (a duel: 2 games a seed)")
    ap.add_argument("--rollouts", type=int, default=48, help="the search player's rollouts per decision (the orders' share)")
    ap.add_argument("--candidates", type=int, default=6)
    ap.add_argument("--horizon", type=int, default=0, help="turns a rollout plays on after the decision's turn (-1: to the end of the game)")
    ap.add_argument("--prior", type=float, default=PRIOR, help="the margin another answer needs over the heuristic's")
    ap.add_argument("--decisions", default=None, help="the decisions searched, by prompt kind (comma list; default: the rule set's, DECISIONS)")
    ap.add_argument("--ruleset", default="jimlad", help="the rule set played")
    ap.add_argument("--scenario", default="", help="a scenario (each seed is played once per seat; default: the rule set's lab scenario)")
    ap.add_argument("--modules", default="", help="rule modules switched on over the scenario's (comma list)")
    ap.add_argument("--klans", default="", help="the klan of each seat, comma list in seat order (default: the scenario's)")
    ap.add_argument("--player", default="search", help="the measured player: search (at the budget given here), or any player or level by name")
    ap.add_argument("--against", default="heuristic", help="the player of the other seats")
    ap.add_argument("--levels", action="store_true", help="play each level against the one below it instead (normal vs easy, hard vs normal)")
    ap.add_argument("--seed", type=int, default=1, help="the run's seed; each game's seed derives from it")
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    rs = get(args.ruleset)
    args.ruleset = rs.name
    lab = rs.lab()
    sc = load_scenario(args.scenario or (lab.scenario if lab is not None else ""), rs.name)
    klans = [k.strip() for k in args.klans.split(",") if k.strip()]
    if klans and rs.name != "jimlad":
        ap.error("--klans is for the jimlad rule set")
    data = with_klans(sc.raw, dict(zip([s.id for s in sc.seats], klans, strict=True))) if klans else dict(sc.raw)
    extra = [m.strip() for m in args.modules.split(",") if m.strip()]
    if extra:
        data["modules"] = [*data.get("modules", []), *(m for m in extra if m not in data.get("modules", []))]
    text = json.dumps(data, sort_keys=True)
    sc = scenario_of(text)
    if args.horizon < 0:
        args.horizon = None
    searched = DECISIONS.get(rs.name, "") if args.decisions is None else args.decisions
    decisions = tuple(d.strip() for d in searched.split(",") if d.strip())
    if args.levels:
        for lower, upper in itertools.pairwise(LEVELS):
            match(args, sc, text, decisions, upper, lower)
    else:
        match(args, sc, text, decisions, args.player, args.against)


if __name__ == "__main__":
    main()
