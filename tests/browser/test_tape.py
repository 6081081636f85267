"""The tape measure in chromium (issue 25, item 16): dragged with a mouse or a finger from one
point to another it reads the straight distance in table inches, the same as the server's
geometry between those points; it measures instead of panning while it is on; touch screens are
told to pinch and tap, not to use the wheel (item 19).  Screenshots in test-results/."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table import api, open_table

OUT = Path("test-results")

#: table inches to the page's pixels, through the board's own transform
TO_SCREEN = """([x, y]) => { const svg = document.querySelector('#board'); const m = svg.getScreenCTM();
  const H = Number(svg.querySelector('rect.sea').getAttribute('height'));
  const p = svg.createSVGPoint(); p.x = x; p.y = H - y; const q = p.matrixTransform(m); return [q.x, q.y]; }"""


@pytest.fixture
def server(module_server: Server) -> Server:
    return module_server


def test_the_tape_reads_the_distance_between_two_points_with_a_mouse(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    g = api(server, "/api/games", {"scenario": "duel", "seed": 5, "seats": {"red": "human", "blue": "heuristic"}})
    open_table(page, server, g["links"]["red"])
    expect(page.locator("#board-hint")).to_contain_text("wheel")
    a, b = [20.0, 20.0], [50.0, 60.0]
    sa, sb = page.evaluate(TO_SCREEN, a), page.evaluate(TO_SCREEN, b)
    vb = page.get_attribute("#board", "viewBox")
    page.click("#tape")
    expect(page.locator("#tape")).to_have_attribute("aria-pressed", "true")
    page.mouse.move(*sa)
    page.mouse.down()
    page.mouse.move((sa[0] + sb[0]) / 2, (sa[1] + sb[1]) / 2)
    page.mouse.move(*sb)
    page.mouse.up()
    inches = float(page.get_attribute("#tape-line", "data-inches") or "nan")
    assert abs(inches - math.dist(a, b)) < 0.15, inches
    expect(page.locator("#tape-line text")).to_have_text(f'{math.dist(a, b):.1f}"')
    assert page.get_attribute("#board", "viewBox") == vb  # the drag measured, it did not pan
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "tape-measure-desktop.png"))
    page.click("#tape")
    expect(page.locator("#tape-line")).to_have_count(0)


def test_the_tape_follows_a_finger_and_a_phone_is_told_to_pinch(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    g = api(server, "/api/games", {"scenario": "duel", "seed": 6, "seats": {"red": "human", "blue": "heuristic"}})
    open_table(page, server, g["links"]["red"])
    expect(page.locator("#board-hint")).to_contain_text("pinch")
    expect(page.locator("#board-hint")).not_to_contain_text("wheel")
    a, b = [30.0, 30.0], [70.0, 30.0]
    sa, sb = page.evaluate(TO_SCREEN, a), page.evaluate(TO_SCREEN, b)
    page.tap("#tape")
    page.evaluate(
        """([sa, sb]) => { const svg = document.querySelector('#board');
        const ev = (type, [x, y]) => svg.dispatchEvent(new PointerEvent(type, { pointerType: 'touch', pointerId: 9, isPrimary: true, clientX: x, clientY: y, bubbles: true, cancelable: true }));
        ev('pointerdown', sa); ev('pointermove', [(sa[0] + sb[0]) / 2, sa[1]]); ev('pointermove', sb); ev('pointerup', sb); }""",
        [sa, sb],
    )
    inches = float(page.get_attribute("#tape-line", "data-inches") or "nan")
    assert abs(inches - 40.0) < 0.3, inches
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "tape-measure-phone.png"))
    ctx.close()


def test_companion_play_points_the_scatter_arrow_on_the_board(page: Page, server: Server) -> None:
    """Issue 25, item 19: the scatter die's arrow is laid on the table by a drag, not typed."""
    from tests.browser.test_table import data, play_one, settle

    page.set_viewport_size({"width": 1280, "height": 900})
    g = api(server, "/api/games", {"scenario": "duel", "seed": 5, "companion": True, "seats": {"red": "human", "blue": "heuristic"}})
    red = g["links"]["red"].split("token=")[1]
    open_table(page, server, g["links"]["red"])
    for _ in range(80):  # the duel's set-up rolls some forty dice before the wind's scatter die
        prompt = api(server, f"/api/games/{g['id']}?token={red}")["prompt"]
        if prompt and prompt["kind"] == "DicePrompt" and prompt["expr"] == "scatter":
            break
        before = data(page, "actions")
        if prompt and prompt["kind"] == "DicePrompt":
            expr = prompt["expr"]
            page.fill("#dice-input", "3 4" if expr == "2D6 tens" else " ".join(["3"] * int(expr.split("D")[0] or 1)))
            page.click("#submit-dice")
            settle(page, before)
        else:
            play_one(page, "Red Wunz Go Fasta", set())
    page.wait_for_selector("#point-arrow")
    page.click("#point-arrow")
    tail, head = page.evaluate(TO_SCREEN, [60.0, 40.0]), page.evaluate(TO_SCREEN, [50.0, 50.0])
    page.mouse.move(*tail)
    page.mouse.down()
    page.mouse.move((tail[0] + head[0]) / 2, (tail[1] + head[1]) / 2)
    page.mouse.move(*head)
    page.mouse.up()
    expect(page.locator("#dice-input")).to_have_value("arrow 135")
    expect(page.locator("#scatter-arrow")).to_have_attribute("data-degrees", "135.0")
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "companion-scatter-arrow.png"))
    before = data(page, "actions")
    page.click("#submit-dice")
    settle(page, before)
    expect(page.locator("#log")).to_contain_text("135")
