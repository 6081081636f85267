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

* **every rule set at human pace** (``--mixed``): games of each case of :data:`CASES` (Jim Lad,
  Wooden Ships, Naval Warhammer, the galley fight with the collisions module), a person's seat
  against the rule set's heuristic AI, played at ``--pace``; a round trip includes the AI's
  answers.  Meanwhile a new game is created every ``--create-every`` seconds: the creations'
  times are the figure of a set-up while others play.  Printed: round trip p50, p99, max.
* **memory over finished games** (``--finished N``): N short games played to their end one
  after another, the server's resident memory printed every so often, with idle tables let go
  after ``--idle`` seconds: flat if finished games are released.
* **restart** (``--restart N``): N unfinished games with AI seats stored, the server stopped and
  started again: the seconds until ``/api/health`` answers, against an empty store's.

The client runs on the same machine and shares its cores; on a busy machine the figures drop.
The live table gives the server's and the client's CPU time as a share of one core, to tell
which of them (or the machine) set the limit.

    .venv/bin/python bench/bench_server.py [--live 50,100,200,300,400] [--pace 1.0] [--seconds 15]
                                           [--flat 1,10,25,50,100] [--actions 60]
                                           [--mixed 50,200] [--create-every 1.0]
                                           [--finished 200] [--idle SECONDS] [--restart 50]
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


def start(data: Path, port: int, idle: float | None = None) -> subprocess.Popen[bytes]:
    """A server process as ``grapeshot serve`` runs it, once it answers ``/api/health`` (``idle``:
    the seconds a table may lie unused before it is let go, the server's default if None)."""
    kw = "" if idle is None else f", idle={idle!r}"
    code = (  # as `grapeshot serve` runs it (an older checkout without `run`: as its own serve did)
        "import pathlib, uvicorn; from grapeshot.server import app as web\n"
        f"application = web.create_app(pathlib.Path({str(data)!r}){kw})\n"
        f"run = getattr(web, 'run', lambda a, h, p: uvicorn.run(a, host=h, port=p, log_level='warning'))\n"
        f"run(application, '127.0.0.1', {port})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1):
                return proc
        except OSError:
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("server did not start")


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


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
            if args.mixed:
                await mixed(port, proc, setup, args, rng)
        finally:
            setup.close()
            proc.terminate()
            proc.wait(timeout=10)
    if args.finished:
        await finished(args)
    if args.restart:
        await restart(args)


#: every rule set's games at human pace: (rule set, scenario); the first seat a person's, the others the heuristic AI's
CASES = [("jimlad", "duel"), ("woodenships", "ship-duel"), ("navalwarhammer", "duel"), ("woodenships", "galley-fight")]


@dataclass
class Case:
    ruleset: str
    scenario: str
    seats: list[str]

    def body(self, ai: str = "heuristic") -> dict[str, Any]:
        return {"ruleset": self.ruleset, "scenario": self.scenario, "seats": {s: "human" if i == 0 else ai for i, s in enumerate(self.seats)}}


async def cases(http: Http) -> list[Case]:
    out = []
    for ruleset, scenario in CASES:
        listed = await http.call("GET", f"/api/scenarios?ruleset={ruleset}")
        seats = next(s["seats"] for s in listed["scenarios"] if s["name"] == scenario)
        out.append(Case(ruleset, scenario, [s["id"] for s in seats]))
    return out


async def create(http: Http, case: Case, made: list[float], ai: str = "heuristic") -> tuple[str, str]:
    """A new game of ``case`` (its person's link), its creation's time added to ``made`` (ms)."""
    t0 = time.perf_counter()
    g = await http.call("POST", "/api/games", case.body(ai))
    made.append(1000 * (time.perf_counter() - t0))
    return g["id"], g["links"][case.seats[0]].split("token=")[1]


async def play_case(port: int, case: Case, game: tuple[str, str], tally: Tally, made: list[float], *, pace: float, until: float, rng: random.Random) -> None:
    """Play ``game`` of ``case`` at ``pace`` with two pages watching, a new one when one ends, until ``until``."""
    http = Http(port)
    first = True
    while time.perf_counter() < until:
        game_id, tok = game
        ws_url = f"ws://127.0.0.1:{port}/ws/games/{game_id}?token={tok}"
        async with websockets.connect(ws_url, compression=None, max_size=None) as w1, websockets.connect(ws_url, compression=None, max_size=None) as w2:

            async def drain(ws: Any) -> None:
                with contextlib.suppress(Exception):
                    while True:
                        await ws.recv()

            readers = [asyncio.create_task(drain(w1)), asyncio.create_task(drain(w2))]
            view = await http.call("GET", f"/api/games/{game_id}?token={tok}")
            await asyncio.sleep(pace * rng.random() if first else pace * rng.uniform(0.5, 1.5))
            first = False
            while view.get("prompt") is not None and time.perf_counter() < until:
                t0 = time.perf_counter()
                view = await http.call("POST", f"/api/games/{game_id}/actions?token={tok}", {**quick_answer(view), "since": 10**9})
                tally.trips.append(1000 * (time.perf_counter() - t0))
                if "error" in view:
                    raise RuntimeError(f"{case.ruleset} {case.scenario}: {view['error']}")
                tally.server.append(view["server_ms"])
                await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            for t in readers:
                t.cancel()
        if time.perf_counter() < until:
            game = await create(http, case, made)
    http.close()


async def keep_creating(port: int, kinds: list[Case], made: list[float], every: float, until: float) -> None:
    """A new game every ``every`` seconds, the cases in turn, while the others play."""
    http = Http(port)
    i = 0
    while time.perf_counter() < until:
        await create(http, kinds[i % len(kinds)], made)
        i += 1
        await asyncio.sleep(every)
    http.close()


def spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):>8.1f} {pct(xs, 0.99):>8.1f} {max(xs):>8.1f}" if xs else f"{'-':>8} {'-':>8} {'-':>8}"


async def mixed(port: int, proc: subprocess.Popen[bytes], setup: Http, args: argparse.Namespace, rng: random.Random) -> None:
    kinds = await cases(setup)
    print(f"every rule set at human pace ({', '.join(f'{c.ruleset} {c.scenario}' for c in kinds)}), a person against the heuristic AI;")
    print(
        f"each answers every {args.pace:g} s (x0.5-1.5), two pages watching; a game created every {args.create_every:g} s meanwhile; {args.seconds:g} s a step"
    )
    print(
        f"{'games':>6} {'actions':>8} {'trip p50':>8} {'p99':>8} {'max':>8}  {'created':>7} {'make p50':>8} {'p99':>8} {'max':>8} {'server cpu':>11} {'cpu/action':>11} {'client cpu':>11}"
    )
    for n in [int(x) for x in args.mixed.split(",")]:
        tallies = [Tally() for _ in range(n)]
        made: list[float] = []
        games = [await create(setup, kinds[i % len(kinds)], []) for i in range(n)]  # set up before the clock starts
        started, cpu0, mine0 = time.perf_counter(), cpu_seconds(proc.pid), time.process_time()
        until = started + args.seconds
        made_by_players: list[float] = []  # the games the players start (not the figure: those come before the clock's load)
        await asyncio.gather(
            *(play_case(port, kinds[i % len(kinds)], games[i], t, made_by_players, pace=args.pace, until=until, rng=rng) for i, t in enumerate(tallies)),
            keep_creating(port, kinds, made, args.create_every, until),
        )
        wall = time.perf_counter() - started
        cpu = cpu_seconds(proc.pid) - cpu0
        busy, mine = cpu / wall, (time.process_time() - mine0) / wall
        trips = [x for t in tallies for x in t.trips]
        each = 1000 * cpu / max(1, len(trips) + len(made) + len(made_by_players))  # the creations' set-ups included
        print(f"{n:>6} {len(trips):>8} {spread(trips)}  {len(made):>7} {spread(made)} {100 * busy:>10.0f}% {each:>9.1f}ms {100 * mine:>10.0f}%")
        for case in kinds:  # by rule set
            mine_trips = [x for i, t in enumerate(tallies) if kinds[i % len(kinds)] is case for x in t.trips]
            print(f"{'':>6} {len(mine_trips):>8} {spread(mine_trips)}  {case.ruleset} {case.scenario}")


async def finished(args: argparse.Namespace) -> None:
    """Games played to their end one after another, the server's memory as they pile up."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start(Path(tmp), port, idle=args.idle)
        http = Http(port)
        kinds = await cases(http)
        idle = "the server's own" if args.idle is None else f"{args.idle:g} s"
        print(f"memory over finished games, played one after another (idle time: {idle}; the cases in turn, a person against the heuristic AI)")
        print(f"{'finished':>8} {'seconds':>8} {'in memory':>10} {'rss MB':>8} {'MB a game since the first 50':>29}")
        base: float | None = None
        t0 = time.perf_counter()
        try:
            for i in range(1, args.finished + 1):
                case = kinds[i % len(kinds)]
                game_id, tok = await create(http, case, [])
                view = await http.call("GET", f"/api/games/{game_id}?token={tok}")
                while view.get("prompt") is not None:
                    view = await http.call("POST", f"/api/games/{game_id}/actions?token={tok}", {**quick_answer(view), "since": 10**9})
                if i % 25 == 0 or i == args.finished:
                    rss, live = rss_mb(proc.pid), (await http.call("GET", "/api/health")).get("in_memory", "-")
                    base = rss if base is None and i >= 50 else base
                    a_game = "" if base is None else f"{(rss - base) / max(1, i - 50):>29.3f}"
                    print(f"{i:>8} {time.perf_counter() - t0:>8.0f} {live!s:>10} {rss:>8.1f} {a_game}", flush=True)
        finally:
            http.close()
            proc.terminate()
            proc.wait(timeout=10)


async def restart(args: argparse.Namespace) -> None:
    """Unfinished games with AI seats in the store; the seconds a restarted server takes to answer."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as empty:
        port = free_port()
        t0 = time.perf_counter()
        proc = start(Path(empty), port)
        bare = time.perf_counter() - t0
        proc.terminate()
        proc.wait(timeout=10)
        proc = start(Path(tmp), port)
        http = Http(port)
        kinds = await cases(http)
        for i in range(args.restart):  # each game some actions in (a replay to load), the AI seats to act or about to
            case = kinds[i % len(kinds)]
            game_id, tok = await create(http, case, [], "search" if i % 10 == 0 else "heuristic")  # some think harder
            view = await http.call("GET", f"/api/games/{game_id}?token={tok}")
            for _ in range(12):
                if view.get("prompt") is None:
                    break
                view = await http.call("POST", f"/api/games/{game_id}/actions?token={tok}", {**quick_answer(view), "since": 10**9})
        http.close()
        proc.terminate()
        proc.wait(timeout=10)
        t0 = time.perf_counter()
        proc = start(Path(tmp), port)
        answered = time.perf_counter() - t0
        cpu0, t1 = cpu_seconds(proc.pid), time.perf_counter()
        trips = []
        while time.perf_counter() - t1 < 10:  # health asked while the AI seats are resumed
            t2 = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=30):
                trips.append(1000 * (time.perf_counter() - t2))
            time.sleep(0.1)
        busy = (cpu_seconds(proc.pid) - cpu0) / (time.perf_counter() - t1)
        proc.terminate()
        proc.wait(timeout=10)
        print(
            f"restart with {args.restart} unfinished games with AI seats (one in ten a search AI's): /api/health answers after {answered:.2f} s (an empty store's: {bare:.2f} s);"
        )
        print(f"health over the next 10 s: p50 {statistics.median(trips):.1f} ms, max {max(trips):.1f} ms; server cpu {100 * busy:.0f}%")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--live", default="50,100,200,300,400", help="live games to try, comma separated ('' to skip)")
    ap.add_argument("--pace", type=float, default=1.0, help="live games: seconds a player takes between answers (on average)")
    ap.add_argument("--seconds", type=float, default=15.0, help="live games: how long each step runs")
    ap.add_argument("--flat", default="1,10,25,50,100", help="games played flat out, comma separated ('' to skip)")
    ap.add_argument("--actions", type=int, default=60, help="flat out: actions per game")
    ap.add_argument("--mixed", default="50,200", help="every rule set's games at human pace, comma separated ('' to skip)")
    ap.add_argument("--create-every", type=float, default=1.0, help="every rule set: seconds between the games created while the others play")
    ap.add_argument("--finished", type=int, default=200, help="games played to their end for the memory's figure (0 to skip)")
    ap.add_argument(
        "--idle", type=float, default=None, help="finished games: seconds a table may lie unused before the server lets it go (its default if not given)"
    )
    ap.add_argument("--restart", type=int, default=50, help="unfinished games with AI seats before a restart (0 to skip)")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
