"""Games a study needs for its answer: a fixed design against the lab's sequential one
(``--sequential``: a confidence sequence looked at every two rounds, a question left once
answered, :mod:`grapeshot.lab.sequential`).

The *fixed design* is the one that can give every answer the sequential one gives, at the same
error rate: a fixed number of games a question, enough to call a score even within ``--within``
with 80% power at Holm's strictest level over the study's questions (``verdicts.games_to_show``),
times the questions.  The sequential design plays the same plan with that number as its cap and
stops when every question is answered; the bench prints both counts, their ratio and the answers.

    .venv/bin/python bench/sequential_vs_fixed.py coins            # simulated, known chances
    .venv/bin/python bench/sequential_vs_fixed.py jimlad --factions evil-sunz,freebooterz
    .venv/bin/python bench/sequential_vs_fixed.py woodenships --pieces canoe,raft --cap 200
    .venv/bin/python bench/sequential_vs_fixed.py navalwarhammer --pieces ram,castle --cap 100
    .venv/bin/python bench/sequential_vs_fixed.py search           # the fair cost search, simulated
    .venv/bin/python bench/sequential_vs_fixed.py woodenships --search --pieces canoe --budgets 12,60 --cap 200

``search`` compares the fair cost search (``grapeshot calibrate --search``: bisection over the
fleets a range of budgets buys, each step stopped by the confidence sequence) with a fixed grid
of those fleets, each played the fixed design's games: on simulated pieces whose score is a
logistic of the fleet's cost, it prints the games each takes and how often the search's interval
holds the true fair budget.  ``--search`` on a real rule set runs the search itself.

``--cap`` lowers the cap below the fixed design's (for a quick look at the real rule sets'
slower games): questions still open at it are listed as such.
"""

from __future__ import annotations

import argparse
import math
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from grapeshot.lab.calibration import plan_calibration
from grapeshot.lab.results import Store
from grapeshot.lab.runner import run_study
from grapeshot.lab.search import Bracket, most_steps, plan_search, run_search
from grapeshot.lab.sequential import ALPHA, Looker, read
from grapeshot.lab.study import plan
from grapeshot.lab.verdicts import games_to_show


def fixed_games(questions: int, within: float) -> int:
    """Games a question of the fixed design (see the module docstring)."""
    need = games_to_show(within, family=questions, alpha=ALPHA)
    assert need is not None
    return need + need % 2  # seats swapped: an even number


def coins(within: float, streams: int) -> None:
    """Mean games to an answer of one question on coins of known chance, and how often wrong."""
    n_fixed = fixed_games(1, within)
    print(f"one question, fixed design {n_fixed} games; sequential (cap {n_fixed}) over {streams} streams:")
    rng = random.Random(1)
    for p in (0.5, 0.55, 0.6, 0.65, 0.7, 0.8):
        used, answers = 0, {"above": 0, "below": 0, "even": 0, "open": 0}
        for _ in range(streams):
            points, side, n = 0.0, "open", 0
            for n in range(1, n_fixed + 1):
                points += rng.random() < p
                if n % 2 == 0 and (side := read("q", points, n, within).side) != "open":
                    break
            used += n
            answers[side] += 1
        mean = used / streams
        print(f"  p={p:.2f}: {mean:7.1f} games on average ({n_fixed / mean:4.1f}x fewer); answers {answers}")


def real(args: argparse.Namespace) -> None:
    if args.case in ("jimlad",):
        probe = plan(kind="tournament", ruleset=args.case, factions=args.factions, games_per_pair=2, seed=args.seed, player=args.player)
        n_fixed = fixed_games(len(probe.pairs), args.within)
        study: Any = plan(kind="tournament", ruleset=args.case, factions=args.factions, games_per_pair=min(n_fixed, args.cap or n_fixed), seed=args.seed)
        questions = len(probe.pairs)
    else:
        probe = plan_calibration(ruleset=args.case, pieces=args.pieces, budgets=args.budgets, games=2, seed=args.seed, player=args.player)
        n_fixed = fixed_games(len(probe.points), args.within)
        study = plan_calibration(
            ruleset=args.case, pieces=args.pieces, budgets=args.budgets, games=min(n_fixed, args.cap or n_fixed), seed=args.seed, player=args.player
        )
        questions = len(probe.points)
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "results.sqlite") as store:
        store.bind(study)
        looker = Looker(study, args.within)
        t0 = time.perf_counter()
        info = run_study(study, store, workers=args.workers, stop=looker)
        seconds = time.perf_counter() - t0
    stop = info.stopping
    assert stop is not None
    fixed = n_fixed * questions
    print(f"{args.case}: {questions} questions; fixed design {n_fixed} games each = {fixed} games; cap {study.total}")
    ratio = f"{fixed / max(1, stop.played):.1f}x fewer than fixed" if stop.answered else "not all answered under the cap: no ratio"
    print(f"sequential: {stop.played} games counted ({info.played} played, {seconds:.0f} s): {ratio}")
    print(f"  {stop.reason()}")
    for a in stop.answers:
        print(f"  {a.name}: {a.side} (score {a.score:.3f}, sequence [{a.low:.3f}, {a.high:.3f}] after {a.games} games)")


def search(within: float, streams: int) -> None:
    """The search against a fixed grid on simulated pieces (see the module docstring)."""
    costs = tuple(range(2, 32, 2))  # 15 fleets, as a range of budgets buys them
    each = ALPHA / most_steps(len(costs))
    n_fixed = fixed_games(len(costs), within)
    grid = n_fixed * len(costs)
    print(f"{len(costs)} fleets from {costs[0]} to {costs[-1]}; a fixed grid plays {n_fixed} games each = {grid} games")
    rng = random.Random(1)
    for true, slope in ((9.3, 2.0), (17.0, 4.0), (26.5, 1.0), (40.0, 2.0)):
        used = held = 0
        for _ in range(streams):
            b = Bracket(costs)
            while (r := b.next()) is not None:
                p = 1 / (1 + math.exp(-(costs[r] - true) / slope))
                points, answer = 0.0, read("q", 0, 0)
                for n in range(1, n_fixed + 1):
                    points += rng.random() < p
                    if n % 2 == 0 and (answer := read("q", points, n, within, each)).known:
                        break
                b.told(r, answer if answer.known else read("q", points, n_fixed, within, each))
                used += answer.games if answer.known else n_fixed
            low, high = b.interval
            held += (low is None or low <= true) and (high is None or high >= true)
        mean = used / streams
        print(f"  fair budget {true:5.1f} (slope {slope}): search {mean:7.1f} games on average ({grid / mean:4.1f}x fewer), interval held it {held}/{streams}")


def real_search(args: argparse.Namespace) -> None:
    found = plan_search(
        ruleset=args.case, pieces=args.pieces, budgets=args.budgets, games=args.cap or 400, seed=args.seed, player=args.player, within=args.within
    )
    rungs = {p: len(found.rungs(p)) for p in found.base.pieces}
    grid = sum(n * fixed_games(n, args.within) for n in rungs.values())
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        result = run_search(found, Path(tmp), lambda c, s, lk: run_study(c, s, workers=args.workers, stop=lk))
        seconds = time.perf_counter() - t0
    told = all(b.ended is None or b.seen[b.ended].side == "even" for b in result.brackets.values())
    ratio = f"{grid / max(1, result.games):.1f}x fewer" if told else "a piece left open at the cap: no ratio"
    print(f"{args.case}: fleets {rungs}; a fixed grid plays {grid} games; the search {result.games} counted ({seconds:.0f} s, {ratio})")
    for row in result.to_json()["pieces"]:
        print(f"  {row['piece']}: even budget {row['even']} [{row['even_low']}, {row['even_high']}], {row['games']} games: {row['why']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("case", choices=("coins", "search", "jimlad", "woodenships", "navalwarhammer"))
    ap.add_argument("--search", action="store_true", help="a rule set's fair cost search against its fixed grid")
    ap.add_argument("--within", type=float, default=0.05)
    ap.add_argument("--streams", type=int, default=400)
    ap.add_argument("--factions", default="all")
    ap.add_argument("--pieces", default=None)
    ap.add_argument("--budgets", default=None)
    ap.add_argument("--cap", type=int, default=None, help="games a question at most (default: the fixed design's)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--player", default=None)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    if args.case == "coins":
        coins(args.within, args.streams)
    elif args.case == "search":
        search(args.within, args.streams)
    elif args.search:
        real_search(args)
    else:
        real(args)


if __name__ == "__main__":
    main()
