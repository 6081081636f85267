"""Fit the search player's estimate of the chance to win (``grapeshot.rulesets.jimlad.players.value``).

Plays heuristic-player games with random klans, notes each seat's features (the value module's
own :func:`~grapeshot.rulesets.jimlad.players.value.features`) at the start of every turn, and fits a logistic
model of the seat's final result (1 won, 0 lost, a share of a draw).  The features are
differences, so in a duel the intercept comes out as nought and the model stays symmetric; with
more seats it carries the lower chance of any one seat to win.  Prints the weights, ready to paste
into the module, and the log loss on held-out games (the last fifth) of the fitted model, of the
weights in the module now, and of the search player's former hand-made estimate.

    .venv/bin/python bench/fit_value.py [--scenario duel] [--games 12000] [--seed 2] [--processes 2]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from dataclasses import dataclass

import numpy as np

from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, parse_scenario
from grapeshot.lab.records import derive_seed
from grapeshot.rulesets.jimlad.data import Klan
from grapeshot.rulesets.jimlad.lab import with_klans
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.jimlad.players.search import material
from grapeshot.rulesets.jimlad.players.value import FEATURES, features, weights
from grapeshot.rulesets.jimlad.state import Sea


@dataclass(frozen=True)
class Task:
    scenario: str
    seed: int
    index: int


Row = tuple[tuple[float, ...], float, float, int]  # features, the hand-made material edge, result, game index


def hand_edge(sea: Sea, seat: str) -> float:
    """The former hand-made estimate's edge: the seat's material minus the best of the others'."""
    return material(sea, seat) - max((material(sea, s) for s in sea.seats if s != seat), default=0.0)


def play(task: Task) -> list[Row]:
    """One game; a row per seat per turn start."""
    base = load_scenario(task.scenario, "jimlad")
    game_seed = derive_seed(task.seed, task.index)
    rng = random.Random(game_seed)
    klans = [rng.choice([k.value for k in Klan]) for _ in base.seats]
    sc = parse_scenario(with_klans(base.raw, dict(zip([s.id for s in base.seats], klans, strict=True))), f"{task.scenario} with {klans}")
    game = Game("jimlad", sc, seed=game_seed, log=False)
    agents = {s.id: HeuristicPlayer(derive_seed(game_seed, k)) for k, s in enumerate(sc.seats)}
    seen: list[tuple[str, tuple[float, ...], float]] = []
    turn = -1
    while game.prompt is not None:
        if game.turn != turn:
            turn = game.turn
            sea = game.state
            assert isinstance(sea, Sea)
            seen.extend((s, features(sea, s), hand_edge(sea, s)) for s in sea.seats)
        prompt = game.prompt
        for s in game.waiting_for():
            game.submit(s, agents[s].act(game, s, prompt))
            if game.prompt is not prompt:
                break
    out = game.outcome
    assert out is not None
    seats = [s.id for s in sc.seats]

    def result(seat: str) -> float:
        if not out.winners:
            return 1.0 / len(seats)
        return 1.0 / len(out.winners) if seat in out.winners else 0.0

    return [(f, h, result(s), task.index) for s, f, h in seen]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression (fractional targets allowed) by Newton's method with a little ridge."""
    w = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1.0 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1.0 - 1e-9)
    return float(-(y * np.log(p) + (1.0 - y) * np.log(1.0 - p)).mean())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", default="duel")
    ap.add_argument("--games", type=int, default=12_000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    t0 = time.perf_counter()
    tasks = [Task(args.scenario, args.seed, i) for i in range(args.games)]
    rows: list[Row] = []
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        for part in pool.imap(play, tasks, chunksize=20):
            rows.extend(part)
    x = np.array([(1.0, *r[0]) for r in rows], dtype=float)  # a constant first: the intercept
    y = np.array([r[2] for r in rows], dtype=float)
    held = np.array([r[3] >= args.games * 4 // 5 for r in rows])
    w = fit(x[~held], y[~held])
    xv, yv = x[held], y[held]
    sea_like = load_scenario(args.scenario, "jimlad")
    bias, current_weights = weights(len(sea_like.seats))
    current = np.array((bias, *current_weights), dtype=float)
    # the former hand-made estimate: 0.5 + 0.5 tanh(material edge / 10)
    hand = np.array([r[1] for r in rows], dtype=float)[held]
    print(f"{args.scenario}: {args.games} games, {len(rows)} positions ({held.sum()} held out), {time.perf_counter() - t0:.0f} s")
    print(f"  held-out log loss: fitted {log_loss(1.0 / (1.0 + np.exp(-(xv @ w))), yv):.4f}", end="")
    print(f"   module's weights {log_loss(1.0 / (1.0 + np.exp(-(xv @ current))), yv):.4f}", end="")
    print(f"   hand-made {log_loss(0.5 + 0.5 * np.tanh(hand / 10.0), yv):.4f}   coin {math.log(2):.4f}")
    print(f"  intercept {w[0]:.3f}, weights: (" + ", ".join(f"{v:.3f}" for v in w[1:]) + ")")
    for name, v in zip(FEATURES, w[1:], strict=True):
        print(f"    {name:14s} {v:+.3f}")


if __name__ == "__main__":
    main()
