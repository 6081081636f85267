"""The score sheets render in chromium: linked from the table page, one sheet per ship and fort,
each track's circles in its bands, and each sheet on a page of its own in print."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table import new_game


@pytest.mark.rules("WS-SHEET-1")
def test_the_table_links_the_score_sheets_and_chromium_renders_them(page: Page, server: Server) -> None:
    g = new_game(server, ruleset="woodenships", scenario="fort-assault", seats={"red": "human", "blue": "human"}, options={})
    page.goto(server.url + g["spectator"])
    link = page.locator("#prints a[data-page=sheets][href]")
    expect(link).to_be_visible()
    expect(link).to_have_text("print the score sheets")
    href = link.get_attribute("href")
    assert href is not None and f"/api/print/sheets?game={g['id']}" in href
    page.goto(href)
    assert page.title() == "Score sheets: The Assault on Fort Defiance"
    expect(page.locator("section.sheet")).to_have_count(4)
    revenge = page.locator('section.sheet[data-name="Revenge"]')
    expect(revenge.locator("h1")).to_have_text("Revenge")
    expect(revenge.locator('tr[data-row="full"] .pt')).to_have_count(9)
    expect(revenge.locator('tr[data-row="dead"] .pt')).to_have_count(9)
    expect(revenge).to_contain_text("Sink!")
    fort = page.locator('section.sheet[data-name="Fort Defiance"]')
    expect(fort.locator(".track .pt[data-band]")).to_have_count(41)
    expect(fort.locator("tr[data-gate] .pt")).to_have_count(3)
    expect(fort).to_contain_text("Collapse!")
    expect(fort.locator("table.ref-guns tr")).to_have_count(4)  # a header and three guns
    # circles are drawn (a box of their own), and each sheet breaks to a new page in print
    box = revenge.locator(".pt").first.bounding_box()
    assert box is not None and box["width"] > 8 and abs(box["width"] - box["height"]) < 1
    page.emulate_media(media="print")
    breaks = page.evaluate("[...document.querySelectorAll('section.sheet')].map(s => getComputedStyle(s).breakAfter)")
    assert breaks[:-1] == ["page"] * 3 and breaks[-1] == "auto"


def test_a_rule_set_without_score_sheets_shows_no_link(page: Page, server: Server) -> None:
    from tests.browser.test_table import open_table

    g = new_game(server, seats={"red": "human", "blue": "heuristic"})
    open_table(page, server, g["spectator"])
    expect(page.locator("#save")).to_be_visible()
    expect(page.locator("#prints a")).to_have_count(0)
