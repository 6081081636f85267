"""Web table benchmark: server time per action, and how many live games one process carries.

Starts a real server process on a free loopback port.  Each game is a duel between two
people's seats played hotseat (no AI thinking), with a websocket connected per seat, so
every action is also pushed to two pages.  Clients answer every prompt as fast as they
can; the server reports its own time per action (``server_ms``: check, store, apply,
excluding any AI), and the clients measure the round trip.

    .venv/bin/python bench/bench_server.py [--games 1,10,50,100] [--actions 60]
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(data: Path, port: int) -> subprocess.Popen[bytes]:
    code = (
        f"from grapeshot.server.app import create_app; import uvicorn, pathlib; "
        f"uvicorn.run(create_app(pathlib.Path({str(data)!r})), host='127.0.0.1', port={port}, log_level='warning')"
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


def answer(view: dict[str, Any]) -> dict[str, Any]:
    """A quick legal answer to whatever the game asks."""
    p = view["prompt"]
    kind = p["kind"]
    if kind == "OrdersPrompt":
        seat = view["me"]
        return {"kind": "orders", "orders": [{"ship": s, "card": c[0][0], "turn": c[0][1], "card_at": "start"} for s, c in p["choices"][seat].items()]}
    if kind == "DistancePrompt":
        return {"kind": "distance", "inches": p["low"]}
    if kind == "ShootPrompt":
        return {"kind": "end-shooting"}
    if kind == "RerollPrompt":
        return {"kind": "reroll", "die": None}
    if kind == "TakeoverPrompt":
        return {"kind": "takeover"}
    if kind == "BoardPrompt":
        return {"kind": "board"}
    if kind == "LandPrompt":
        return {"kind": "land"}
    if kind == "LeavePrompt":
        return {"kind": "stay-or-leave", "choice": "leave"}
    if kind == "TradePrompt":
        return {"kind": "trade"}
    raise ValueError(f"no quick answer for {kind}")


async def play(client: httpx.AsyncClient, base: str, actions: int, server_ms: list[float], trip_ms: list[float]) -> None:
    r = await client.post(
        f"{base}/api/games",
        json={"scenario": "duel", "seats": {"red": "human", "blue": "human"}, "hotseat": True, "options": {"random_events": False, "turn_limit": 100}},
    )
    g = r.json()
    token = g["links"]["red"].split("token=")[1]
    ws_url = base.replace("http", "ws") + f"/ws/games/{g['id']}?token={token}"
    async with websockets.connect(ws_url) as w1, websockets.connect(ws_url) as w2:

        async def drain(ws: Any) -> None:
            try:
                while True:
                    await ws.recv()
            except Exception:
                return

        readers = [asyncio.create_task(drain(w1)), asyncio.create_task(drain(w2))]
        view = (await client.get(f"{base}/api/games/{g['id']}", params={"token": token})).json()
        for _ in range(actions):
            if view["prompt"] is None:
                break
            t0 = time.perf_counter()
            r = await client.post(f"{base}/api/games/{g['id']}/actions", params={"token": token}, json={"action": answer(view), "since": 10**9})
            trip_ms.append(1000 * (time.perf_counter() - t0))
            out = r.json()
            server_ms.append(out["server_ms"])
            view = out
        for t in readers:
            t.cancel()


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


async def run(levels: list[int], actions: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start(Path(tmp), port)
        base = f"http://127.0.0.1:{port}"
        try:
            async with httpx.AsyncClient(timeout=60) as client:
                print(f"{'games':>6} {'actions':>8} {'server p50':>11} {'server p99':>11} {'round trip p50':>15} {'p99':>8} {'actions/s':>10}")
                for n in levels:
                    server_ms: list[float] = []
                    trip_ms: list[float] = []
                    t0 = time.perf_counter()
                    await asyncio.gather(*(play(client, base, actions, server_ms, trip_ms) for _ in range(n)))
                    wall = time.perf_counter() - t0
                    print(
                        f"{n:>6} {len(server_ms):>8} {statistics.median(server_ms):>9.2f}ms {pct(server_ms, 0.99):>9.2f}ms "
                        f"{statistics.median(trip_ms):>13.2f}ms {pct(trip_ms, 0.99):>6.1f}ms {len(server_ms) / wall:>10.0f}"
                    )
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="1,10,50,100", help="concurrent games to try, comma separated")
    ap.add_argument("--actions", type=int, default=60, help="actions per game")
    args = ap.parse_args()
    asyncio.run(run([int(x) for x in args.games.split(",")], args.actions))


if __name__ == "__main__":
    main()
