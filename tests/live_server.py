"""A real grapeshot server in a subprocess on a free loopback port, for the tests that need one
(the browser tests, a kill -9 in the middle of a game)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A grapeshot server process on loopback."""

    data: Path
    port: int
    proc: subprocess.Popen[bytes] | None = None
    #: a PostgreSQL store's URL: the server is then ``grapeshot serve --store URL``, as deployed
    store: str | None = None
    #: Python run in the server's process before it starts (a test's stand-in, such as an AI that takes its time)
    prelude: str = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        code = f"{self.prelude}\nfrom grapeshot.server.app import create_app, run; run(create_app(__import__('pathlib').Path({str(self.data)!r})), '127.0.0.1', {self.port})"
        command = [sys.executable, "-c", code]
        if self.store is not None:
            command = [sys.executable, "-c", "from grapeshot.cli import app; app()", "serve", "--store", self.store, "--port", str(self.port)]
        self.proc = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/api/health", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode() if self.proc.stderr else ''}")
        raise RuntimeError("server did not come up in 60 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def kill(self) -> None:
        """SIGKILL, as a crash would: no shutdown, nothing flushed but what the store already wrote."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None
