"""The server answers a real browser."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import Server


def test_the_lobby_opens_in_chromium(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    assert "grapeshot" in page.title().lower()
    health = page.request.get(server.url + "/api/health")
    assert health.ok and health.json()["ok"] is True


def test_the_lobby_lists_the_games_a_page_at_a_time(page: Page, server: Server) -> None:
    """26 games: the lobby shows the newest 25, and its "older games" button the one before them
    (the server's ``next`` cursor); then there are no older ones and the button goes."""
    made = []
    for i in range(26):
        r = page.request.post(server.url + "/api/games", data={"scenario": "duel", "seed": i, "seats": {"red": "human", "blue": "human"}})
        assert r.ok, r.text()
        made.append(r.json()["id"])
    page.goto(server.url + "/")
    rows = page.locator("#games tbody tr[data-game]")
    rows.nth(24).wait_for()
    assert rows.count() == 25 and page.locator("#older-games").is_visible()
    assert [rows.nth(i).get_attribute("data-game") for i in range(25)] == made[::-1][:25]
    page.click("#older-games")
    rows.nth(25).wait_for()
    assert rows.count() == 26 and rows.nth(25).get_attribute("data-game") == made[0]
    page.locator("#older-games").wait_for(state="hidden")
    page.screenshot(path="test-results/lobby-paged.png", full_page=True)
