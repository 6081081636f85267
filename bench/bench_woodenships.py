"""Wooden Ships benchmark: speed of the ship duel, the heuristic against the random player, and
what one figure's turn costs in a game of 100 figures against one of 20.

    .venv/bin/python bench/bench_woodenships.py [--games N] [--matches N] [--seed S] [--turns T]

1. ``--games`` ship duels (built-in ``ship-duel``) with heuristic players, log off, one core:
   games a second, actions (steps) a game and microseconds a step; then the same games replayed
   from their actions with no players to ask (what the rules cost by themselves).
2. ``--matches`` games of each built-in scenario with the heuristic in each seat against the
   random player: the heuristic's win rate with a 95% Wilson interval.
3. A game of 100 figures against one of 20, ``--turns`` turns with heuristic players: the mean
   time of a figure's turn (choosing it, its move and its action: the players' thinking and the
   rules together) and the ratio of the two.  Once with the figures spread over ships of ten
   (one ship a side against five), once crowded onto one deck a side (ten against fifty), where
   each move's search round the others grows with the crowd on that deck.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario

FIGURE_PROMPTS = ("NextPrompt", "MovePrompt", "ActPrompt")


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def duels(games: int, seed: int) -> None:
    sc = load_scenario("ship-duel", "woodenships")
    played: list[list[tuple[str, Action]]] = []
    steps = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = Game("woodenships", sc, seed=seed + i, log=False)
        agents = {s.id: make("heuristic", (seed + i) * 31 + k, "woodenships") for k, s in enumerate(sc.seats)}
        play_out(g, agents)
        steps += len(g.actions)
        played.append(g.actions)
    took = time.perf_counter() - t0
    t1 = time.perf_counter()
    for i, actions in enumerate(played):
        g = Game("woodenships", sc, seed=seed + i, log=False)
        for seat, a in actions:
            g.submit(seat, a)
    alone = time.perf_counter() - t1
    print(f"ship-duel, heuristic players, {games} games: {games / took:.1f} games/s, {steps / games:.0f} steps a game, {1e6 * took / steps:.0f} µs a step")
    print(f"  the rules alone (replayed from the actions): {1e6 * alone / steps:.0f} µs a step; the players the rest")


def matches(games: int, seed: int) -> None:
    for name in ("ship-duel", "skull-island"):
        sc = load_scenario(name, "woodenships")
        wins = 0.0
        n = 0
        for seat in range(len(sc.seats)):
            for i in range(games):
                g = Game("woodenships", sc, seed=seed + i, log=False)
                kinds = ["random"] * len(sc.seats)
                kinds[seat] = "heuristic"
                agents = {s.id: make(kinds[k], (seed + i) * 7 + k, "woodenships") for k, s in enumerate(sc.seats)}
                out = play_out(g, agents)
                me = sc.seats[seat].id
                wins += 1.0 if out.winners == (me,) else (0.5 if me in out.winners and out.objective == "draw" else 0.0)
                n += 1
        lo, hi = wilson(wins, n)
        print(f"{name}: the heuristic against the random player, {n} games ({games} a seat): won {wins / n:.3f} [95% {lo:.3f}, {hi:.3f}] (draws count half)")


def table_of(name: str, fleet: list[dict[str, Any]], width: float, height: float) -> Scenario:
    data = {
        "name": name,
        "ruleset": "woodenships",
        "table": {"width": width, "height": height},
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": fleet,
        "options": {"turn_limit": 10, "initiative": "fixed"},
    }
    return parse_scenario(data, name)


def crew(name: str, count: int, mate: bool) -> list[dict[str, Any]]:
    """A ship's captain, a mate (a hero) if asked for, and men to make ``count``, every one with a pistol and a sword."""
    kit = ["pistol", "sword"]
    heroes = [{"name": f"{name} captain", "kind": "captain", "weapons": kit}, *([{"name": f"{name} mate", "kind": "hero", "weapons": kit}] if mate else [])]
    return [*heroes, {"kind": "man", "count": count - len(heroes), "weapons": kit}]


def fleets(ships: int, per_ship: int) -> Scenario:
    """``ships`` narrow ships of three sections a side, in two columns facing each other across
    the table, ``per_ship`` figures aboard each; no draft."""
    fleet = [
        {
            "seat": seat,
            "ships": [
                {
                    "name": f"{seat} {k + 1}",
                    "type": "narrow",
                    "sections": 3,
                    "x": x,
                    "y": 8.0 + 11.0 * k,
                    "heading": heading,
                    "crew": crew(f"{seat} {k + 1}", per_ship, True),
                }
                for k in range(ships)
            ],
        }
        for seat, x, heading in (("red", 20.0, 0.0), ("blue", 100.0, 180.0))
    ]
    return table_of(f"fleets-{2 * ships * per_ship}", fleet, 120.0, 60.0)


def crowd(per_side: int) -> Scenario:
    """Two wide ships of five sections side by side 6" apart, ``per_side`` figures aboard each."""
    fleet = [
        {
            "seat": seat,
            "ships": [{"name": seat.title(), "type": "wide", "sections": 5, "x": 40.0, "y": y, "heading": heading, "crew": crew(seat, per_side, False)}],
        }
        for seat, y, heading in (("red", 20.0, 0.0), ("blue", 32.0, 180.0))
    ]
    return table_of(f"crowd-{2 * per_side}", fleet, 80.0, 52.0)


def figure_turns(sc: Scenario, turns: int, seed: int) -> tuple[float, int, float]:
    """Over ``turns`` turns with heuristic players: the seconds spent on figures' turns (players
    and rules), how many turns figures took, and the seconds the rules alone take to play the
    whole of those turns again from the actions (ships included)."""
    g = Game("woodenships", sc, seed=seed, log=False, checkpoints=False)
    agents = {s.id: make("heuristic", seed + k, "woodenships") for k, s in enumerate(sc.seats)}
    spent = 0.0
    count = 0
    while g.prompt is not None and g.turn <= turns:
        seat = g.waiting_for()[0]
        prompt = g.prompt
        t = time.perf_counter()
        action = agents[seat].act(g, seat, prompt)
        g.submit(seat, action)
        if prompt.kind in FIGURE_PROMPTS:
            spent += time.perf_counter() - t
            count += prompt.kind == "NextPrompt" and getattr(action, "figure", None) is not None
    again = Game("woodenships", sc, seed=seed, log=False, checkpoints=False)
    t = time.perf_counter()
    for seat, action in g.actions:
        again.submit(seat, action)
    return spent, max(1, count), time.perf_counter() - t


def scaling(turns: int, seed: int) -> None:
    for what, small_sc, large_sc in (
        ("one ship a side against five, ten figures aboard each", fleets(1, 10), fleets(5, 10)),
        ("ten figures on one deck a side against fifty", crowd(10), crowd(50)),
    ):
        small, n_small, rules_small = figure_turns(small_sc, turns, seed)
        large, n_large, rules_large = figure_turns(large_sc, turns, seed)
        a, b = 1e3 * small / n_small, 1e3 * large / n_large
        ra, rb = 1e3 * rules_small / n_small, 1e3 * rules_large / n_large
        print(f"{what}, {turns} turns: a figure's turn {a:.2f} ms among 20 figures ({n_small} turns), {b:.2f} ms among 100 ({n_large}): {b / a:.2f} times;")
        print(
            f"  the rules alone {ra:.2f} and {rb:.2f} ms a figure's turn: {rb / ra:.2f} times; a whole turn {1e3 * rules_small / turns:.0f} and {1e3 * rules_large / turns:.0f} ms"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--turns", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    duels(args.games, args.seed)
    matches(args.matches, args.seed)
    scaling(args.turns, args.seed)


if __name__ == "__main__":
    main()
