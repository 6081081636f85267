"""Web table benchmark: how many live games one server process holds with round trips under 100 ms.

Starts a real server process (as ``grapeshot serve`` runs it) on a free loopback port.  Each
game is a duel between two people's seats played hotseat (no AI thinking), with two websockets
connected, so every action is also pushed to two pages.  Two loads:

* **live games** (the figure that matters): each game's player answers a prompt, waits
  ``--pace`` seconds (a brisk person; with some jitter, so games do not act in step) and answers
  the next one.  The number of games is raised step by step for ``--seconds`` each; the report is
  the most games whose round trip p99 stayed under 100 ms.
* **flat out**: every game answers as fast as the server replies.  This measures the cost of an
  action: the server's own time (``server_ms``: check, store, apply), its CPU time per action
  (from ``/proc``), the round trip and the actions per second.

The client runs on the same machine and shares its cores; on a busy machine the figures drop.
The live table gives the server's and the client's CPU time as a share of one core, to tell
which of them (or the machine) set the limit.

    .venv/bin/python bench/bench_server.py [--live 25,50,100,150,200] [--pace 1.0] [--seconds 20]
                                           [--flat 1,10,25,50,100] [--actions 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(data: Path, port: int) -> subprocess.Popen[bytes]:
    code = (  # as `grapeshot serve` runs it (an older checkout without `run`: as its own serve did)
        "import pathlib, uvicorn; from grapeshot.server import app as web\n"
        f"application = web.create_app(pathlib.Path({str(data)!r}))\n"
        f"run = getattr(web, 'run', lambda a, h, p: uvicorn.run(a, host=h, port=p, log_level='warning'))\n"
        f"run(application, '127.0.0.1', {port})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code])
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def answer(view: dict[str, Any]) -> dict[str, Any]:
    """A quick legal answer to whatever the game asks."""
    p = view["prompt"]
    kind = p["kind"]
    if kind == "OrdersPrompt":
        seat = view["me"]
        return {"kind": "orders", "orders": [{"ship": s, "card": c[0][0], "turn": c[0][1], "card_at": "start"} for s, c in p["choices"][seat].items()]}
    answers = {
        "DistancePrompt": {"kind": "distance", "inches": p.get("low", 0.0)},
        "ShootPrompt": {"kind": "end-shooting"},
        "RerollPrompt": {"kind": "reroll", "die": None},
        "TakeoverPrompt": {"kind": "takeover"},
        "BoardPrompt": {"kind": "board"},
        "LandPrompt": {"kind": "land"},
        "LeavePrompt": {"kind": "stay-or-leave", "choice": "leave"},
        "TradePrompt": {"kind": "trade"},
    }
    return answers[kind]


@dataclass
class Tally:
    trips: list[float] = field(default_factory=list)
    server: list[float] = field(default_factory=list)


async def new_game(client: httpx.AsyncClient, base: str) -> tuple[str, str]:
    r = await client.post(
        f"{base}/api/games",
        json={"scenario": "duel", "seats": {"red": "human", "blue": "human"}, "hotseat": True, "options": {"random_events": False, "turn_limit": 100}},
    )
    g = r.json()
    return g["id"], g["links"]["red"].split("token=")[1]


async def play(
    client: httpx.AsyncClient, base: str, game: tuple[str, str], tally: Tally, *, actions: int | None, pace: float, until: float, rng: random.Random
) -> None:
    """Play a game (then new ones, should it end) with two pages watching it, until ``until`` or
    ``actions`` answers; the first answer comes after a random part of ``pace``, so the games
    of a step do not act in step."""
    first = True
    while time.perf_counter() < until and (actions is None or len(tally.trips) < actions):
        game_id, token = game
        ws_url = base.replace("http", "ws") + f"/ws/games/{game_id}?token={token}"
        async with websockets.connect(ws_url) as w1, websockets.connect(ws_url) as w2:

            async def drain(ws: Any) -> None:
                with contextlib.suppress(Exception):
                    while True:
                        await ws.recv()

            readers = [asyncio.create_task(drain(w1)), asyncio.create_task(drain(w2))]
            view = (await client.get(f"{base}/api/games/{game_id}", params={"token": token})).json()
            if first and pace:
                await asyncio.sleep(pace * rng.random())
            first = False
            while view["prompt"] is not None and time.perf_counter() < until and (actions is None or len(tally.trips) < actions):
                t0 = time.perf_counter()
                r = await client.post(f"{base}/api/games/{game_id}/actions", params={"token": token}, json={"action": answer(view), "since": 10**9})
                tally.trips.append(1000 * (time.perf_counter() - t0))
                view = r.json()
                tally.server.append(view["server_ms"])
                if pace:
                    await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            for t in readers:
                t.cancel()
        game = await new_game(client, base)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start(Path(tmp), port)
        base = f"http://127.0.0.1:{port}"
        rng = random.Random(1)
        try:
            limits = httpx.Limits(max_connections=1000, max_keepalive_connections=1000)
            async with httpx.AsyncClient(timeout=60, limits=limits) as client:
                held = 0
                if args.live:
                    print(f"live games: each answers, waits {args.pace:g} s (x0.5-1.5) and answers again; {args.seconds:g} s a step")
                    print(
                        f"{'games':>6} {'actions':>8} {'server p50':>11} {'server p99':>11} {'round trip p50':>15} {'p99':>8} {'actions/s':>10} {'server cpu':>11} {'client cpu':>11}"
                    )
                    for n in [int(x) for x in args.live.split(",")]:
                        tallies = [Tally() for _ in range(n)]
                        games = [await new_game(client, base) for _ in range(n)]  # set up before the clock starts
                        until = time.perf_counter() + args.seconds
                        started, cpu0, mine0 = time.perf_counter(), cpu_seconds(proc.pid), time.process_time()
                        await asyncio.gather(
                            *(play(client, base, g, t, actions=None, pace=args.pace, until=until, rng=rng) for g, t in zip(games, tallies, strict=True))
                        )
                        wall = time.perf_counter() - started
                        busy, mine = (cpu_seconds(proc.pid) - cpu0) / wall, (time.process_time() - mine0) / wall
                        trips = [x for t in tallies for x in t.trips]
                        server = [x for t in tallies for x in t.server]
                        p99 = pct(trips, 0.99)
                        print(
                            f"{n:>6} {len(trips):>8} {statistics.median(server):>9.2f}ms {pct(server, 0.99):>9.2f}ms "
                            f"{statistics.median(trips):>13.2f}ms {p99:>6.1f}ms {len(trips) / wall:>10.0f} {100 * busy:>10.0f}% {100 * mine:>10.0f}%"
                        )
                        if p99 < 100.0:
                            held = max(held, n)
                    print(f"live games held with round trip p99 < 100 ms: {held} (of {args.live})")
                if args.flat:
                    print(f"flat out: each game answers as soon as the server replies; {args.actions} actions a game")
                    print(
                        f"{'games':>6} {'actions':>8} {'server p50':>11} {'server p99':>11} {'cpu/action':>11} {'round trip p50':>15} {'p99':>8} {'actions/s':>10}"
                    )
                    for n in [int(x) for x in args.flat.split(",")]:
                        tallies = [Tally() for _ in range(n)]
                        games = [await new_game(client, base) for _ in range(n)]
                        cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
                        await asyncio.gather(
                            *(
                                play(client, base, g, t, actions=args.actions, pace=0.0, until=float("inf"), rng=rng)
                                for g, t in zip(games, tallies, strict=True)
                            )
                        )
                        cpu, wall = cpu_seconds(proc.pid) - cpu0, time.perf_counter() - t0
                        trips = [x for t in tallies for x in t.trips]
                        server = [x for t in tallies for x in t.server]
                        print(
                            f"{n:>6} {len(trips):>8} {statistics.median(server):>9.2f}ms {pct(server, 0.99):>9.2f}ms {1000 * cpu / len(trips):>9.2f}ms "
                            f"{statistics.median(trips):>13.2f}ms {pct(trips, 0.99):>6.1f}ms {len(trips) / wall:>10.0f}"
                        )
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--live", default="25,50,100,150,200", help="live games to try, comma separated ('' to skip)")
    ap.add_argument("--pace", type=float, default=1.0, help="live games: seconds a player takes between answers (on average)")
    ap.add_argument("--seconds", type=float, default=20.0, help="live games: how long each step runs")
    ap.add_argument("--flat", default="1,10,25,50,100", help="games played flat out, comma separated ('' to skip)")
    ap.add_argument("--actions", type=int, default=60, help="flat out: actions per game")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
