"""The search player against the heuristic player: mirrored games, win rate with its 95% interval.

Any rule set with a heuristic player (``--ruleset``, default ``jimlad``; ``woodenships`` plays
its ``ship-duel`` by default, the search deciding its ships' steering and its figures' actions
unless ``--decisions`` says otherwise, the rest left to the heuristic).

Each seed is played once for each seat on the same scenario with the same klans in the same
seats, the search player taking that seat and heuristic players the others, so neither a seat
nor a klan favours either player (in a duel: twice, once from each seat).  A draw or a shared
win counts as a share: half in a duel.  With more seats (``--scenario brawl``) an equal player
would take 1/seats of the wins, and the script says so.  The
search player's budget is a rollout count (not the clock), so a run reproduces exactly on any
machine; the games are shared among ``--processes`` worker processes.

    .venv/bin/python bench/search_vs_heuristic.py [--seeds 200] [--rollouts 48] [--processes 2]
        [--ruleset jimlad] [--scenario duel] [--klans goffs,evil-sunz] [--seed 1] [--horizon N] [--candidates 6]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from dataclasses import dataclass

from grapeshot.agents import Agent, make, play_out
from grapeshot.agents.search import PRIOR, SearchPlayer
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario
from grapeshot.lab.records import derive_seed
from grapeshot.lab.stats import wilson
from grapeshot.rulesets.jimlad.lab import with_klans
from grapeshot.rulesets.jimlad.players.search import SHARES

#: each rule set's scenario and searched decisions when none are given
DEFAULTS = {"jimlad": ("duel", ",".join(SHARES)), "woodenships": ("ship-duel", "SteerPrompt,ActPrompt")}


@dataclass(frozen=True)
class Task:
    index: int  # the seed's index
    seat: int  # the seat the search player takes (its index)
    scenario: str  # the scenario as JSON
    seed: int  # the run's seed
    rollouts: int
    candidates: int
    horizon: int | None
    decisions: tuple[str, ...]
    prior: float
    ruleset: str = "jimlad"


@dataclass(frozen=True)
class Result:
    index: int
    seat: int
    score: float  # 1 won, 0 lost, a share of a draw or a shared win (for the search player)
    turns: int
    seconds: float
    decisions: int  # decisions the search player searched
    rollouts: int


_SCENARIOS: dict[str, Scenario] = {}


def scenario_of(text: str) -> Scenario:
    if text not in _SCENARIOS:
        _SCENARIOS[text] = parse_scenario(json.loads(text), "bench scenario")
    return _SCENARIOS[text]


def play(task: Task) -> Result:
    sc = scenario_of(task.scenario)
    seats = [s.id for s in sc.seats]
    game_seed = derive_seed(task.seed, task.index)
    game = Game(task.ruleset, sc, seed=game_seed, log=False)
    searcher = SearchPlayer(
        derive_seed(game_seed, 100 + task.seat),
        rollouts=task.rollouts,
        candidates=task.candidates,
        horizon=task.horizon,
        decisions=task.decisions,
        prior=task.prior,
    )
    agents: dict[str, Agent] = {}
    for k, seat in enumerate(seats):
        agents[seat] = searcher if k == task.seat else make("heuristic", derive_seed(game_seed, k), task.ruleset)
    t0 = time.perf_counter()
    outcome = play_out(game, agents)
    seconds = time.perf_counter() - t0
    return Result(task.index, task.seat, outcome.share(seats[task.seat], seats), outcome.turn, seconds, searcher.searched, searcher.rollouts_done)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=200, help="seeds; each is played once per seat (a duel: 2 games a seed)")
    ap.add_argument("--rollouts", type=int, default=48, help="the search player's rollouts per decision (the orders' share)")
    ap.add_argument("--candidates", type=int, default=6)
    ap.add_argument("--horizon", type=int, default=0, help="turns a rollout plays on after the decision's turn (-1: to the end of the game)")
    ap.add_argument("--prior", type=float, default=PRIOR, help="the margin another answer needs over the heuristic's")
    ap.add_argument("--decisions", default="", help="the decisions searched, by prompt kind (comma list; default: the rule set's, DEFAULTS)")
    ap.add_argument("--ruleset", default="jimlad", choices=list(DEFAULTS), help="the rule set played")
    ap.add_argument("--scenario", default="", help="a scenario (each seed is played once per seat; default: the rule set's duel)")
    ap.add_argument("--klans", default="", help="the klan of each seat, comma list in seat order (default: the scenario's)")
    ap.add_argument("--seed", type=int, default=1, help="the run's seed; each game's seed derives from it")
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    scenario, searched = DEFAULTS[args.ruleset]
    sc = load_scenario(args.scenario or scenario, args.ruleset)
    klans = [k.strip() for k in args.klans.split(",") if k.strip()]
    if klans and args.ruleset != "jimlad":
        ap.error("--klans is for the jimlad rule set")
    data = with_klans(sc.raw, dict(zip([s.id for s in sc.seats], klans, strict=True))) if klans else dict(sc.raw)
    text = json.dumps(data, sort_keys=True)
    if args.horizon < 0:
        args.horizon = None
    decisions = tuple(d.strip() for d in (args.decisions or searched).split(",") if d.strip())
    tasks = [
        Task(i, seat, text, args.seed, args.rollouts, args.candidates, args.horizon, decisions, args.prior, args.ruleset)
        for i in range(args.seeds)
        for seat in range(len(sc.seats))
    ]
    fleets = ", ".join(f"{f['seat']}: {f.get('klan') or ', '.join(x['name'] for x in f.get('ships', []))}" for f in data["fleets"])
    print(
        f"{sc.name} ({fleets}); {args.seeds} seeds x {len(sc.seats)} seats = {len(tasks)} games; search: {args.rollouts} rollouts, {args.candidates} candidates, prior {args.prior}, ",
        end="",
    )
    print(f"horizon {'end of game' if args.horizon is None else args.horizon}, decisions {','.join(decisions)}; {args.processes} processes", flush=True)
    t0 = time.perf_counter()
    results: list[Result] = []
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        for r in pool.imap_unordered(play, tasks):
            results.append(r)
            if len(results) % 50 == 0:
                done = sum(x.score for x in results)
                print(f"  {len(results)} games: win rate {done / len(results):.3f}  ({time.perf_counter() - t0:.0f} s)", flush=True)
    wall = time.perf_counter() - t0
    n = len(results)
    wins = sum(1 for r in results if r.score == 1.0)
    losses = sum(1 for r in results if r.score == 0.0)
    draws = n - wins - losses  # drawn or shared
    points = sum(r.score for r in results)
    low, high = wilson(points, n)
    seconds = sum(r.seconds for r in results)
    decided = sum(r.decisions for r in results)
    print(f"search vs heuristic: {wins} won, {draws} drawn, {losses} lost of {n} games")
    print(f"  win rate (draws as a share): {points / n:.3f}   95% Wilson interval [{low:.3f}, {high:.3f}]   (an equal player: {1 / len(sc.seats):.3f})")
    for seat, name in enumerate(s.id for s in sc.seats):
        mine = [r for r in results if r.seat == seat]
        print(f"  as {name}: {sum(r.score for r in mine) / max(1, len(mine)):.3f} over {len(mine)} games")
    print(f"  time per game: {seconds / n:.2f} s of CPU in the game loop; {decided / n:.1f} searched decisions a game, {seconds / max(1, decided):.3f} s each")
    print(
        f"  rollouts per searched decision: {sum(r.rollouts for r in results) / max(1, decided):.1f}; mean game length {sum(r.turns for r in results) / n:.1f} turns"
    )
    print(f"  wall time: {wall:.0f} s on {args.processes} processes")


if __name__ == "__main__":
    main()
