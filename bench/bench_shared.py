"""Server processes sharing one PostgreSQL store: what an action costs there, against SQLite.

Starts ``grapeshot serve`` processes (as deployed: ``--store postgresql://...``) on a throwaway
PostgreSQL cluster (the tests' ``tests/pg_cluster.py``; or ``--store URL``), and one on SQLite
for comparison, then plays hotseat duels flat out (each game answers as soon as the server
replies, one page watching it) in three ways:

* **sqlite**: one process on SQLite (the default deployment);
* **pg, sticky**: the games spread over the processes, every request of a game to its own
  process (a load balancer that hashes the game's id): the cost of the shared store itself;
* **pg, crossed**: each action sent to the process that did not make the last one, the page
  watching on the other: every action is then caught up with by the other process (the worst a
  balancer that ignores the game can do).

For each it prints actions a second, the round trip's p50 and p99, the servers' CPU time an
action (all processes together: what two processes on twice the cores would each spend) and
PostgreSQL's (every ``postgres`` process on the machine).

    .venv/bin/python bench/bench_shared.py [--games 20] [--actions 40] [--processes 2] [--store URL]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' throwaway cluster
from bench_server import Http, cpu_seconds, free_port, pct  # type: ignore[import-not-found]
from grapeshot.server.quick import quick_answer


def serve(port: int, store: str | None, data: Path) -> subprocess.Popen[bytes]:
    where = ["--store", store] if store else ["--data", str(data)]
    proc = subprocess.Popen([sys.executable, "-c", "from grapeshot.cli import app; app()", "serve", *where, "--port", str(port)], stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("a server did not start")


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    from tests.pg_cluster import cluster, why_not

    reason = why_not()
    if reason:
        raise SystemExit(f"no throwaway PostgreSQL: {reason} (or give --store URL)")
    with cluster() as running:
        yield running.database()


async def game(ports: list[int], i: int, actions: int, crossed: bool, trips: list[float]) -> None:
    """One hotseat duel from ``ports[i % n]``, played ``actions`` answers flat out, a page watching."""
    n = len(ports)
    https = [Http(p) for p in ports]
    home = i % n
    g = await https[home].call(
        "POST",
        "/api/games",
        {"scenario": "duel", "seats": {"red": "human", "blue": "human"}, "hotseat": True, "options": {"random_events": False, "turn_limit": 100}},
    )
    game_id, token = g["id"], g["links"]["red"].split("token=")[1]
    watch = ports[(home + 1) % n] if crossed else ports[home]
    async with websockets.connect(f"ws://127.0.0.1:{watch}/ws/games/{game_id}?token={token}", compression=None) as ws:

        async def drain() -> None:
            with contextlib.suppress(Exception):
                while True:
                    await ws.recv()

        reader = asyncio.create_task(drain())
        view = await https[home].call("GET", f"/api/games/{game_id}?token={token}")
        for k in range(actions):
            if view["prompt"] is None:
                break
            via = https[(home + k) % n] if crossed else https[home]
            t0 = time.perf_counter()
            view = await via.call("POST", f"/api/games/{game_id}/actions?token={token}", {**quick_answer(view), "since": 10**9})
            trips.append(1000 * (time.perf_counter() - t0))
            if "error" in view:
                raise RuntimeError(f"refused: {view}")
        reader.cancel()
    for h in https:
        h.close()


def database_cpu() -> dict[int, float]:
    """CPU seconds so far of every PostgreSQL process on the machine (the postmaster and its backends)."""
    out = {}
    for proc in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError):
            if proc.name.isdigit() and (proc / "comm").read_text().strip() == "postgres":
                out[int(proc.name)] = cpu_seconds(int(proc.name))
    return out


async def measure(ports: list[int], pids: list[int], games: int, actions: int, crossed: bool) -> str:
    trips: list[float] = []
    cpu0, db0, t0 = sum(cpu_seconds(p) for p in pids), database_cpu(), time.perf_counter()
    await asyncio.gather(*(game(ports, i, actions, crossed, trips) for i in range(games)))
    cpu, wall = sum(cpu_seconds(p) for p in pids) - cpu0, time.perf_counter() - t0
    db = sum(v - db0.get(pid, 0.0) for pid, v in database_cpu().items())  # a backend begun meanwhile: all of its time
    return (
        f"{len(trips):>8} {len(trips) / wall:>10.0f} {statistics.median(trips):>10.2f}ms {pct(trips, 0.99):>8.1f}ms "
        f"{1000 * cpu / len(trips):>11.2f}ms {1000 * db / len(trips):>11.2f}ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games played at once")
    ap.add_argument("--actions", type=int, default=40, help="actions a game")
    ap.add_argument("--processes", type=int, default=2, help="server processes on the PostgreSQL store")
    ap.add_argument("--store", default=None, help="a PostgreSQL database to use (its games are kept) instead of a throwaway cluster")
    args = ap.parse_args()
    print(f"{args.games} hotseat duels flat out, {args.actions} actions each, one page watching each; {os.cpu_count()} cores")
    print(f"{'how':<22} {'actions':>8} {'actions/s':>10} {'trip p50':>12} {'p99':>10} {'cpu/action':>12} {'db cpu':>12}")
    with tempfile.TemporaryDirectory() as tmp, database(args.store) as url:
        procs: list[subprocess.Popen[bytes]] = []
        try:
            port = free_port()
            procs.append(serve(port, None, Path(tmp)))
            print(f"{'sqlite, 1 process':<22} {asyncio.run(measure([port], [procs[0].pid], args.games, args.actions, False))}")
            procs[0].terminate()
            ports = [free_port() for _ in range(args.processes)]
            shared = [serve(p, url, Path(tmp)) for p in ports]
            procs += shared
            pids = [p.pid for p in shared]
            print(f"{'pg, 1 process':<22} {asyncio.run(measure(ports[:1], pids, args.games, args.actions, False))}")
            print(f"{f'pg, {args.processes} sticky':<22} {asyncio.run(measure(ports, pids, args.games, args.actions, False))}")
            print(f"{f'pg, {args.processes} crossed':<22} {asyncio.run(measure(ports, pids, args.games, args.actions, True))}")
        finally:
            for p in procs:
                p.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    p.wait(timeout=10)


if __name__ == "__main__":
    main()
