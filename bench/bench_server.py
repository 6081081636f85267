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

    .venv/bin/python bench/bench_server.py [--live 50,100,200,300,400] [--pace 1.0] [--seconds 15]
                                           [--flat 1,10,25,50,100] [--actions 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
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

import websockets

from grapeshot.server.quick import quick_answer


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


@dataclass
class Tally:
    trips: list[float] = field(default_factory=list)
    server: list[float] = field(default_factory=list)


class Http:
    """One keep-alive HTTP/1.1 connection, written by hand: a general client costs more CPU a
    request than the server spends on it, and the client shares this machine's cores."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        try:
            return await self._call(method, path, body)
        except (asyncio.IncompleteReadError, ConnectionError):  # the server closed it, idle: open another
            self.writer = None
            return await self._call(method, path, body)

    async def _call(self, method: str, path: str, body: dict[str, Any] | None) -> Any:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: {len(data)}\r\n\r\n"
        self.writer.write(head.encode() + data)
        length = 0
        for line in (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        return json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def new_game(http: Http) -> tuple[str, str]:
    g = await http.call(
        "POST",
        "/api/games",
        {"scenario": "duel", "seats": {"red": "human", "blue": "human"}, "hotseat": True, "options": {"random_events": False, "turn_limit": 100}},
    )
    return g["id"], g["links"]["red"].split("token=")[1]


async def play(port: int, game: tuple[str, str], tally: Tally, *, actions: int | None, pace: float, until: float, rng: random.Random) -> None:
    """Play a game (then new ones, should it end) with two pages watching it, until ``until`` or
    ``actions`` answers; the first answer comes after a random part of ``pace``, so the games
    of a step do not act in step."""
    first = True
    http = Http(port)
    while time.perf_counter() < until and (actions is None or len(tally.trips) < actions):
        game_id, token = game
        ws_url = f"ws://127.0.0.1:{port}/ws/games/{game_id}?token={token}"
        async with websockets.connect(ws_url, compression=None) as w1, websockets.connect(ws_url, compression=None) as w2:

            async def drain(ws: Any) -> None:
                with contextlib.suppress(Exception):
                    while True:
                        await ws.recv()

            readers = [asyncio.create_task(drain(w1)), asyncio.create_task(drain(w2))]
            view = await http.call("GET", f"/api/games/{game_id}?token={token}")
            if first and pace:
                await asyncio.sleep(pace * rng.random())
            first = False
            while view["prompt"] is not None and time.perf_counter() < until and (actions is None or len(tally.trips) < actions):
                t0 = time.perf_counter()
                view = await http.call("POST", f"/api/games/{game_id}/actions?token={token}", {**quick_answer(view), "since": 10**9})
                tally.trips.append(1000 * (time.perf_counter() - t0))
                tally.server.append(view["server_ms"])
                if pace:
                    await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            for t in readers:
                t.cancel()
        game = await new_game(http)
    http.close()


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


async def step(port: int, setup: Http, n: int, *, actions: int | None, pace: float, seconds: float, rng: random.Random) -> list[Tally]:
    """``n`` games played at once (set up before the clock starts), one tally each."""
    tallies = [Tally() for _ in range(n)]
    games = [await new_game(setup) for _ in range(n)]
    until = time.perf_counter() + seconds
    await asyncio.gather(*(play(port, g, t, actions=actions, pace=pace, until=until, rng=rng) for g, t in zip(games, tallies, strict=True)))
    return tallies


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start(Path(tmp), port)
        rng = random.Random(1)
        setup = Http(port)
        try:
            if args.live:
                print(f"live games: each answers, waits {args.pace:g} s (x0.5-1.5) and answers again; {args.seconds:g} s a step")
                print(
                    f"{'games':>6} {'actions':>8} {'server p50':>11} {'server p99':>11} {'round trip p50':>15} {'p99':>8} {'actions/s':>10} {'server cpu':>11} {'client cpu':>11}"
                )
                held = 0
                for n in [int(x) for x in args.live.split(",")]:
                    started, cpu0, mine0 = time.perf_counter(), cpu_seconds(proc.pid), time.process_time()
                    tallies = await step(port, setup, n, actions=None, pace=args.pace, seconds=args.seconds, rng=rng)
                    wall = time.perf_counter() - started
                    busy, mine = (cpu_seconds(proc.pid) - cpu0) / wall, (time.process_time() - mine0) / wall
                    trips = [x for t in tallies for x in t.trips]
                    server = [x for t in tallies for x in t.server]
                    p99 = pct(trips, 0.99)
                    print(
                        f"{n:>6} {len(trips):>8} {statistics.median(server):>9.2f}ms {pct(server, 0.99):>9.2f}ms "
                        f"{statistics.median(trips):>13.2f}ms {p99:>6.1f}ms {len(trips) / args.seconds:>10.0f} {100 * busy:>10.0f}% {100 * mine:>10.0f}%"
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
                    cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
                    tallies = await step(port, setup, n, actions=args.actions, pace=0.0, seconds=float("inf"), rng=rng)
                    cpu, wall = cpu_seconds(proc.pid) - cpu0, time.perf_counter() - t0
                    trips = [x for t in tallies for x in t.trips]
                    server = [x for t in tallies for x in t.server]
                    print(
                        f"{n:>6} {len(trips):>8} {statistics.median(server):>9.2f}ms {pct(server, 0.99):>9.2f}ms {1000 * cpu / len(trips):>9.2f}ms "
                        f"{statistics.median(trips):>13.2f}ms {pct(trips, 0.99):>6.1f}ms {len(trips) / wall:>10.0f}"
                    )
        finally:
            setup.close()
            proc.terminate()
            proc.wait(timeout=10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--live", default="50,100,200,300,400", help="live games to try, comma separated ('' to skip)")
    ap.add_argument("--pace", type=float, default=1.0, help="live games: seconds a player takes between answers (on average)")
    ap.add_argument("--seconds", type=float, default=15.0, help="live games: how long each step runs")
    ap.add_argument("--flat", default="1,10,25,50,100", help="games played flat out, comma separated ('' to skip)")
    ap.add_argument("--actions", type=int, default=60, help="flat out: actions per game")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
