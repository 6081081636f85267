"""What a copy of a game costs, early and late, and what the search player spends per decision.

A copy (``Game.copy``) starts from the game's latest checkpoint (the start of a phase) and
replays only the actions since; the alternative is to replay every action from the start,
whose cost grows with the game.  For seeded brawls played by heuristic players this prints,
at the first prompt of turn 1 and of turn 10 (or the latest turn the game reached):

* the time of ``Game.copy()`` and of a replay from the start (median of many);
* the number of actions each had to send through the rules again ("resent").

Then the search player's time per decision on the same brawls with its forks made by
``Game.copy`` and, for comparison, by a replay from the start.

    .venv/bin/python bench/bench_copy.py [--games N] [--repeat R] [--decisions D]
"""

from __future__ import annotations

import argparse
import statistics
import time

from grapeshot.agents import make
from grapeshot.agents.search import KeyedDice, SearchPlayer
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario


def replayed(game: Game) -> Game:
    g = Game(game.ruleset, game.scenario, game.options, game.seed, log=False, companion=game.companion, hands=game.hands)
    for seat, action in game.actions:
        g.submit(seat, action)
    return g


def at_turn(seed: int, turn: int) -> Game:
    """A seeded brawl played by heuristic players up to the first prompt of ``turn`` (or its end)."""
    sc = load_scenario("brawl", "jimlad")
    g = Game("jimlad", sc, seed=seed, log=False)
    agents = {s.id: make("heuristic", seed * 5 + k, "jimlad") for k, s in enumerate(sc.seats)}
    while g.prompt is not None and g.turn < turn:
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    return g


def timed(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def copies(games: int, repeat: int) -> None:
    print("copy of a brawl (heuristic players), median ms:")
    print(f"  {'turn':>4} {'actions':>8} {'copy':>8} {'(resent)':>9} {'replay':>8} {'(resent)':>9} {'ratio':>6}")
    for turn in (1, 10):
        rows = []
        for seed in range(1, games + 1):
            g = at_turn(seed, turn)
            if g.prompt is None:
                continue
            c = g.copy()
            rows.append((len(g.actions), timed(g.copy, repeat), len(g.actions) - (c.resumed_at or 0), timed(lambda g=g: replayed(g), repeat), g.turn))
        n = statistics.mean(r[0] for r in rows)
        cp = statistics.median(r[1] for r in rows)
        since = statistics.mean(r[2] for r in rows)
        rp = statistics.median(r[3] for r in rows)
        reached = min(r[4] for r in rows)
        print(f"  {reached:>4} {n:>8.0f} {1000 * cp:>8.3f} {since:>9.1f} {1000 * rp:>8.3f} {n:>9.0f} {rp / cp:>6.1f}")


def search(decisions: int) -> None:
    print("search player, seconds per decision (brawl, default budget):")
    for label, fork in (("copies", SearchPlayer.fork), ("replays", None)):
        player = SearchPlayer(1)
        if fork is None:

            def by_replay(self: SearchPlayer, game: Game, dice_seed: int) -> Game:
                keep = len(game.actions) - self._sealed_count(game)
                copy = Game(game.ruleset, game.scenario, game.options, game.seed, log=False, companion=game.companion, hands=game.hands)
                for s, a in game.actions[:keep]:
                    copy.submit(s, a)
                copy.companion = False
                copy.dice = KeyedDice(dice_seed, copy)
                return copy

            player.fork = by_replay.__get__(player)  # type: ignore[method-assign]
        by_turn: dict[int, list[float]] = {}
        for seed in (3, 4):
            for turn in (2, 6, 10):
                g = at_turn(seed, turn)
                done = 0
                while g.prompt is not None and done < decisions and g.turn == turn:
                    seat = g.waiting_for()[0]
                    t = time.perf_counter()
                    action = player.act(g, seat, g.prompt)
                    by_turn.setdefault(turn, []).append(time.perf_counter() - t)
                    g.submit(seat, action)
                    done += 1
        cells = "  ".join(f"turn {t}: {statistics.mean(v):.3f} s ({len(v)})" for t, v in sorted(by_turn.items()))
        print(f"  forks by {label:<8} {cells}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--decisions", type=int, default=6, help="searched decisions per game and turn")
    args = ap.parse_args()
    copies(args.games, args.repeat)
    search(args.decisions)


if __name__ == "__main__":
    main()
