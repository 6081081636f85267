"""Browser tests: Debian's chromium driven by Playwright, against a real server on a free port.

The server runs as a subprocess (``python -m uvicorn``) with its own data folder, one a test,
or one a module where the module takes ``module_server`` for its ``server``; tests that restart
it use :class:`tests.live_server.Server` directly.  Chromium missing is a failure, not a skip:
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


def serving(data: Path) -> Iterator[Server]:
    """A server over the data folder ``data`` for as long as its fixture lasts."""
    s = Server(data, free_port()).start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path / "data")


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a whole test module (a module makes it its ``server``): starting one takes
    seconds, and tests that each start games of their own need no fresh one."""
    yield from serving(tmp_path_factory.mktemp("server") / "data")
