"""The table on a phone (390x844) in chromium (issue 25, item 19): the header and the phase chips
take under 15% of the screen's height, sealing orders does not leave the board off screen, and
Wooden Ships' figures are drawn a legible size however far the table is zoomed out.
Screenshots in test-results/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import Server
from tests.browser.test_table import api, open_table, settle

OUT = Path("test-results")
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(module_server: Server) -> Server:
    return module_server


@pytest.mark.parametrize(("ruleset", "scenario"), [("jimlad", "duel"), ("woodenships", "ship-duel"), ("navalwarhammer", "duel")])
def test_the_header_is_compact_and_sealing_orders_keeps_the_board_on_screen(browser: Browser, server: Server, ruleset: str, scenario: str) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    g = api(server, "/api/games", {"ruleset": ruleset, "scenario": scenario, "seed": 5, "seats": {"red": "human", "blue": "heuristic"}})
    open_table(page, server, g["links"]["red"])
    header = page.locator("#status").bounding_box()
    assert header is not None and header["height"] < 0.15 * PHONE["height"], header
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / f"phone-{ruleset}-header.png"))
    if ruleset == "jimlad":
        before = page.evaluate("document.body.dataset.actions")
        page.locator("#submit-orders").scroll_into_view_if_needed()
        page.tap("#submit-orders")
        settle(page, before)
        board = page.locator("#board-wrap").bounding_box()
        assert board is not None and board["y"] >= -1 and board["y"] + board["height"] <= PHONE["height"] + 1, board
        page.screenshot(path=str(OUT / "phone-jimlad-after-sealing.png"))
    ctx.close()


def test_wooden_ships_figures_are_not_pin_sized_on_a_phone(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    g = api(server, "/api/games", {"ruleset": "woodenships", "scenario": "ship-duel", "seed": 5, "seats": {"red": "human", "blue": "heuristic"}})
    open_table(page, server, g["links"]["red"])
    page.wait_for_selector("g.ws-figure .base")
    sizes = page.evaluate("[...document.querySelectorAll('g.ws-figure .base')].map(c => c.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 6.5, sorted(sizes)[:5]
    page.screenshot(path=str(OUT / "phone-woodenships-figures.png"))
    ctx.close()
