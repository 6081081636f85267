"""Naval Warhammer's table as a player reads it (issue 25, items 8-14), in chromium: the move's
ghost follows the chosen distance and turn (the server's move preview), a guessed range is never
measured for the player, only legal shooters are offered; screenshots kept in the run's output
folder (``test-results/`` by default)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import Server
from tests.browser.test_navalwarhammer import view, watch
from tests.browser.test_rulesets import DESKTOP, answer, answered, api, dataset


@pytest.fixture
def server(module_server: Server) -> Iterator[Server]:
    yield module_server


def shot(page: Page, pytestconfig: pytest.Config, name: str) -> None:
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / name))


def open_game(browser: Browser, server: Server, seed: int = 11) -> tuple[Page, list[str]]:
    game = api(server, "/api/games", {"ruleset": "navalwarhammer", "scenario": "duel", "seed": seed, "seats": {"red": "human", "blue": "heuristic"}})
    context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = context.new_page()
    errors = watch(page)
    page.goto(server.url + game["links"]["red"])
    page.wait_for_selector("body[data-ready='1'][data-conn='live'][data-plugin='1']")
    return page, errors


def until(page: Page, kind: str) -> dict[str, Any]:
    """Answer the generic prompts with their first answer until ``kind`` waits on the page."""
    for _ in range(60):
        page.wait_for_function("document.body.dataset.busy !== '1' && document.body.dataset.prompt !== 'none'", timeout=60_000)
        if page.get_attribute("#decision", "data-kind") == kind:
            return view(page)
        before = dataset(page, "actions")
        answer(page)
        answered(page, before)
    raise AssertionError(f"no {kind} came")


def set_inches(page: Page, inches: float) -> None:
    page.eval_on_selector("#nw-inches", "(el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); }", inches)


def ghost(page: Page, **want: float) -> dict[str, float]:
    """The drawn ghost's pose and travel, once it shows what ``want`` asks."""
    checks = " && ".join(f"Math.abs(Number(g.dataset.{k}) - {v}) < 1e-3" for k, v in want.items())
    page.wait_for_function(f"(() => {{ const g = document.querySelector('#board g.move-reach'); return g && {checks or 'true'}; }})()")
    got = page.eval_on_selector(
        "#board g.move-reach", "g => ({x: +g.dataset.x, y: +g.dataset.y, heading: +g.dataset.heading, travelled: +g.dataset.travelled})"
    )
    return dict(got)


def test_the_move_ghost_follows_the_chosen_distance_and_turn(browser: Browser, server: Server, pytestconfig: pytest.Config) -> None:
    """Item 8: at 0" the ghost stays where she lies (a turn takes inches of the move, so no turn is
    offered there); at the least move that fits her sharpest turn to port, the ghost is turned by
    it and has not run the allowance ahead; the ghost is the server's preview, and the move made
    ends where it was drawn."""
    page, errors = open_game(browser, server)
    v = until(page, "SteerPrompt")
    p = v["prompt"]
    ship = v["state"]["ships"][p["ship"]]
    x, y, hd = ship["pose"]
    assert p["least"] == 0.0 and p["most"] >= 6.0
    token = page.url.split("token=")[1].split("&")[0]
    game_id = page.url.split("/table/")[1].split("?")[0]
    # the sharpest turn to port her way of moving allows (NW-MOVE-1: 90 degrees, or 45 under sail
    # for all but the small), and the inches it takes (a right angle takes half her length)
    turn = max(api(server, f"/api/games/{game_id}/preview/move?token={token}&inches={p['most']}")["turns"])
    assert turn > 0
    arc = ship["length"] * turn / 180
    ghost(page, travelled=p["most"])  # the form opens at the most, straight on
    set_inches(page, 0.0)
    g = ghost(page, travelled=0.0)
    assert (g["x"], g["y"], g["heading"]) == pytest.approx((x, y, hd % 360), abs=1e-3)
    assert page.eval_on_selector(f"#nw-turn option[value='{turn:g}']", "o => o.disabled")
    set_inches(page, arc)
    ghost(page, travelled=arc)
    page.wait_for_selector(f"#nw-turn option[value='{turn:g}']:not([disabled])", state="attached")
    page.select_option("#nw-turn", f"{turn:g}")
    g = ghost(page, heading=(hd + turn) % 360, travelled=arc)
    ahead = (x + p["most"] * math.cos(math.radians(hd)), y + p["most"] * math.sin(math.radians(hd)))
    assert math.dist((g["x"], g["y"]), ahead) > arc
    pv = api(server, f"/api/games/{game_id}/preview/move?token={token}&inches={arc}&turn={turn}&at=start")
    assert pv["end"] == pytest.approx([g["x"], g["y"], g["heading"]], abs=1e-3)
    shot(page, pytestconfig, "navalwarhammer-move-ghost-turned.png")
    # the move made is the move previewed
    before = dataset(page, "actions")
    page.click("#nw-move")
    answered(page, before)
    after = view(page)["state"]["ships"][p["ship"]]["pose"]
    assert after == pytest.approx(pv["end"], abs=1e-3)
    page.context.close()
    assert errors == [], errors
