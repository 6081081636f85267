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

``--cap`` lowers the cap below the fixed design's (for a quick look at the real rule sets'
slower games): questions still open at it are listed as such.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from grapeshot.lab.calibration import plan_calibration
from grapeshot.lab.results import Store
from grapeshot.lab.runner import run_study
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("case", choices=("coins", "jimlad", "woodenships", "navalwarhammer"))
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
    else:
        real(args)


if __name__ == "__main__":
    main()
