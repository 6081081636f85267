"""The server answers a real browser."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import Server


def test_the_lobby_opens_in_chromium(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    assert "grapeshot" in page.title().lower()
    health = page.request.get(server.url + "/api/health")
    assert health.ok and health.json()["ok"] is True
