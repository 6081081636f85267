"""The levels in chromium: the lobby's seat choice offers easy, normal and hard in each rule set's
words (an AI seat starts at normal), the table names a level seat in those words, and while an
AI seat decides the header shows it thinking, on a desktop and a phone, until its answer comes.

The server here runs with an AI that takes :data:`THINK` seconds over each answer (a stand-in
patched into its process), so the indicator is on screen long enough to measure: a real search
seat thinks for under a second in a duel.  Screenshots in test-results/."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import DESKTOP, PHONE, Server, free_port
from tests.browser.test_table import api, open_table
from tests.server.test_api import orders_for

OUT = Path("test-results")
THINK = 1.5  # seconds the server's AI waits before each answer
SLOW = f"""
import time
import grapeshot.server.tables as _tables
_think = _tables.Table.think
def _slow(self, seat):
    time.sleep({THINK})
    return _think(self, seat)
_tables.Table.think = _slow
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("slow") / "data", free_port(), prelude=SLOW).start()
    try:
        yield s
    finally:
        s.stop()


def test_the_lobby_offers_each_rule_sets_levels_in_its_words(page: Page, server: Server) -> None:
    listing = {r["name"]: r for r in api(server, "/api/rulesets")["rulesets"]}
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    for name, rs in listing.items():
        page.select_option("#ruleset", name)
        offered = page.eval_on_selector_all(
            "select.player[data-seat] >> nth=0 >> option[data-level]", "os => os.map(o => [o.value, o.textContent, o.title, o.parentElement.label])"
        )
        assert offered == [[lv["name"], lv["label"], lv["about"], "AI, by level"] for lv in rs["levels"]], name
        ai_seats = page.eval_on_selector_all("select.player[data-seat]", "ss => ss.slice(1).map(s => s.value)")
        assert ai_seats and all(v == "normal" for v in ai_seats), (name, ai_seats)  # the scenario's heuristic seat, offered as the normal level
    page.select_option("#ruleset", "jimlad")
    page.select_option("#scenario", "duel")
    page.select_option("select.player[data-seat=blue]", "hard")
    OUT.mkdir(exist_ok=True)
    page.locator("#seats").screenshot(path=str(OUT / "lobby-levels.png"))
    page.click("#start")
    link = page.get_attribute("#links a[data-open=red]", "href")
    assert link is not None
    open_table(page, server, link)
    assert "Warboss (hard) AI" in page.inner_text("#seats-list .seat-chip[data-seat=blue]")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_header_shows_an_ai_seat_thinking_until_it_answers(context_at: Any, server: Server, size: tuple[int, int]) -> None:
    g = api(server, "/api/games", {"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "hard"}})
    link = g["links"]["red"]
    red = link.split("token=", 1)[1]
    view = api(server, f"/api/games/{g['id']}?token={red}")
    api(server, f"/api/games/{g['id']}/actions?token={red}", {"action": orders_for(view)})  # red's ship moves first: its distance is asked next
    page: Page = context_at(size)
    open_table(page, server, link)
    assert page.locator("#thinking").is_hidden()
    legal = api(server, f"/api/games/{g['id']}?token={red}")["prompt"]["legal"]
    answer = threading.Thread(
        target=api, args=(server, f"/api/games/{g['id']}/actions?token={red}", {"picks": [0] * len(legal["parts"]), "digest": legal["digest"]})
    )
    answer.start()  # red's distance: then blue decides its own, and the page is told while it does
    try:
        chip = page.locator("#thinking .thinker[data-seat=blue]")
        chip.wait_for(state="visible", timeout=10_000)
        box, header = chip.bounding_box(), page.locator("#status").bounding_box()
        assert box is not None and header is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, box  # wholly on screen
        assert header["y"] <= box["y"] and box["y"] + box["height"] <= header["y"] + header["height"] + 0.5, (box, header)
        assert box["height"] >= 10 and box["width"] >= 60, box
        said = chip.inner_text()
        assert said.startswith("blue") and said.endswith("is thinking…"), said
        assert ("Warboss (hard)" in said) == (size == DESKTOP)  # the phone's chip leaves out the level, for room
        pulse = chip.locator(".pulse").bounding_box()
        assert pulse is not None and pulse["width"] > 4
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"thinking-{size[0]}x{size[1]}.png"))
        page.locator("#thinking").wait_for(state="hidden", timeout=30_000)  # blue has answered
    finally:
        answer.join(timeout=60)
    assert page.locator("#thinking .thinker").count() == 0
