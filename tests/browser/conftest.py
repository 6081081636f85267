"""Browser tests: Debian's chromium driven by Playwright, against a real server on a free port.

The server runs as a subprocess (``python -m uvicorn``) with its own data folder; tests
that restart it use :class:`tests.live_server.Server` directly.  Chromium missing is a failure, not a skip:
CI installs it (``.ci/run``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import Server, free_port

__all__ = ["Server", "free_port"]

CHROMIUM = os.environ.get("GRAPESHOT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.fail(f"chromium not found at {CHROMIUM}: install Debian's chromium (apt-get install chromium), as .ci/run does")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "data", free_port()).start()
    yield s
    s.stop()
