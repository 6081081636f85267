"""What CPU work off the event loop costs the loop: in a worker thread or in a worker process.

The web table runs set-ups, replays and AI answers in worker threads (``asyncio.to_thread``),
which share the interpreter's lock with the event loop.  This measures, for each piece of work,
the loop's lag while it runs (how far a 2 ms sleep overshoots: what every other table waits)
with the work in a thread and in a process of a pool.  A ``Game`` does not pickle (its flow is a
generator), so the process rebuilds the game from its actions before it thinks, as a worker
process of the server would have to (or keep a copy in step); that rebuild is in its figures.
Each is run warm (the worker's caches filled, as a running server's are) and six times.

    .venv/bin/python bench/bench_loop_lag.py
"""

from __future__ import annotations

import asyncio
import functools
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.scenario import Catalogue
from grapeshot.server.tables import ai_player

CATALOGUE = Catalogue(None)
#: (rule set, scenario, the AI that answers)
WORK = [("navalwarhammer", "duel", "heuristic"), ("woodenships", "galley-fight", "heuristic"), ("jimlad", "duel", "search")]


def set_up(ruleset: str, scenario: str) -> float:
    """A game's set-up; its CPU seconds."""
    t = time.thread_time()
    Game(ruleset, CATALOGUE.get(scenario, ruleset), {}, 5)
    return time.thread_time() - t


def played(ruleset: str, scenario: str, n: int) -> list[tuple[str, Any]]:
    """The first ``n`` actions of a game of heuristic AIs (seat, action JSON)."""
    g = Game(ruleset, CATALOGUE.get(scenario, ruleset), {}, 5)
    agents = {s.id: ai_player("heuristic", 1, g.ruleset) for s in g.scenario.seats}
    out: list[tuple[str, Any]] = []
    while g.prompt is not None and len(out) < n:
        seat = g.waiting_for()[0]
        action = agents[seat].act(g, seat, g.prompt)
        out.append((seat, action.to_json()))
        g.submit(seat, action)
    return out


def answer(ruleset: str, scenario: str, actions: list[tuple[str, Any]], player: str) -> float:
    """The game rebuilt from its actions, then an AI's answer; the CPU seconds of both."""
    t = time.thread_time()
    g = Game(ruleset, CATALOGUE.get(scenario, ruleset), {}, 5)
    for seat, data in actions:
        g.submit(seat, g.decode(data))
    seat = g.waiting_for()[0]
    assert g.prompt is not None
    ai_player(player, 2, g.ruleset).act(g, seat, g.prompt)
    return time.thread_time() - t


async def lagged(work: Callable[[], Awaitable[float]]) -> tuple[float, list[float]]:
    """The work's CPU seconds and the loop's lags (ms) while it ran."""
    lags: list[float] = []
    done = False

    async def tick() -> None:
        while not done:
            t = time.perf_counter()
            await asyncio.sleep(0.002)
            lags.append(1000 * (time.perf_counter() - t - 0.002))

    ticking = asyncio.create_task(tick())
    cpu = await work()
    done = True
    await ticking
    return cpu, lags


def runner(where: str, pool: ProcessPoolExecutor, fn: Callable[..., float], *args: Any) -> Callable[[], Awaitable[float]]:
    """The work as a thread's or as the pool's process's."""
    if where == "thread":
        return functools.partial(asyncio.to_thread, fn, *args)
    return functools.partial(asyncio.get_running_loop().run_in_executor, pool, fn, *args)


async def main() -> None:
    pool = ProcessPoolExecutor(1)
    print(f"{'work':<44} {'where':<8} {'cpu ms':>7} {'lag p50':>8} {'lag p99':>8} {'worst':>8}")
    for ruleset, scenario, player in WORK:
        actions = played(ruleset, scenario, 12)
        for where in ("thread", "process"):
            jobs = {
                "set-up": runner(where, pool, set_up, ruleset, scenario),
                f"{player} answer": runner(where, pool, answer, ruleset, scenario, actions, player),
            }
            for name, job in jobs.items():
                await job()  # warm
                runs = [await lagged(job) for _ in range(6)]
                p50 = statistics.median(statistics.median(lags) for _, lags in runs)
                p99 = statistics.median(sorted(lags)[int(0.99 * len(lags))] for _, lags in runs)
                worst = max(max(lags) for _, lags in runs)
                cpu = statistics.median(c for c, _ in runs)
                print(f"{ruleset + ' ' + scenario + ' ' + name:<44} {where:<8} {1000 * cpu:>7.1f} {p50:>8.2f} {p99:>8.1f} {worst:>8.1f}", flush=True)
    pool.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
