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
from playwright.sync_api import Browser, Page

from tests.live_server import Server, free_port

__all__ = ["DESKTOP", "PHONE", "TABLET", "Server", "free_port"]

#: the screen sizes the table is tried at (touch below desktop)
DESKTOP = (1400, 900)
TABLET = (820, 1180)
PHONE = (390, 844)

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


@pytest.fixture
def context_at(browser: Browser) -> Iterator[Any]:
    """Pages of a given screen size (touch below desktop), closed after the test."""
    made: list[Any] = []

    def make(size: tuple[int, int]) -> Page:
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size != DESKTOP)
        made.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in made:
        ctx.close()
