"""Companion play at the web table: the model's place dragged and turned on the board (issue 17,
item 8), by mouse at desktop size and by touch on a phone, with the typed fields following the
outline and the outline the fields; what is posted is the typed place the server checks."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table import api, data, new_game, open_table, settle, to_place_prompt, token

#: how far (inches) the place the server records may be from the point the pointer was let go:
#: the fields hold a tenth of an inch, and one screen pixel is about a tenth of an inch at desktop
#: size and a sixth at phone size
WITHIN = 0.25
#: the same for the heading, in degrees (the field holds whole degrees)
WITHIN_DEG = 2.0

PHONE = (390, 844)


def screen(page: Page, pt: tuple[float, float]) -> tuple[float, float]:
    """Where a point of the table (inches, y up) is on the screen, through the board's own transform."""
    xy = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector('#board');
            const H = Number(document.querySelector('#layer-sea rect.sea').getAttribute('height'));
            const p = svg.createSVGPoint();
            p.x = x; p.y = H - y;
            const q = p.matrixTransform(svg.getScreenCTM());
            return [q.x, q.y];
        }""",
        list(pt),
    )
    return float(xy[0]), float(xy[1])


def outline_centre(page: Page) -> tuple[float, float]:
    """The centre of the dragged outline, in table inches (the mean of its corners)."""
    xy = page.evaluate(
        """() => {
            const H = Number(document.querySelector('#layer-sea rect.sea').getAttribute('height'));
            const pts = document.querySelector('.drag-shape .drag-body').getAttribute('points').trim().split(/\\s+/).map((p) => p.split(',').map(Number));
            return [pts.reduce((a, p) => a + p[0], 0) / pts.length, H - pts.reduce((a, p) => a + p[1], 0) / pts.length];
        }"""
    )
    return float(xy[0]), float(xy[1])


def fields(page: Page) -> tuple[float, float, float]:
    return (float(page.input_value("#place-x")), float(page.input_value("#place-y")), float(page.input_value("#place-heading")))


def at(centre: tuple[float, float], heading: float, reach: float) -> tuple[float, float]:
    return centre[0] + reach * math.cos(math.radians(heading)), centre[1] + reach * math.sin(math.radians(heading))


def heading_off(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def start(page: Page, server: Server, errors: list[str]) -> tuple[dict[str, Any], dict[str, Any], str]:
    page.on("pageerror", lambda e: errors.append(str(e)))
    g = new_game(server, seats={"red": "human", "blue": "heuristic"}, companion=True)
    open_table(page, server, g["links"]["red"])
    to_place_prompt(page, server, g)
    red = token(g["links"]["red"])
    prompt = api(server, f"/api/games/{g['id']}?token={red}")["prompt"]
    ship = next(s for s in api(server, f"/api/games/{g['id']}?token={red}")["state"]["ships"] if s["name"] == prompt["ship"])
    expect(page.locator(".drag-shape .drag-handle")).to_have_count(1)
    return g, {**prompt, "length": ship["length"]}, red


def placed(server: Server, g: dict[str, Any], red: str, name: str) -> dict[str, Any]:
    return dict(next(s for s in api(server, f"/api/games/{g['id']}?token={red}")["state"]["ships"] if s["name"] == name))


# the nudge and the turn the tests give the model: small enough to stay clear of the duel's other
# pieces after red's first move, large enough that a slip would show
NUDGE = (-2.0, 1.5)
TURN = 25.0


def test_the_model_is_dragged_and_turned_with_the_mouse_and_the_fields_follow(page: Page, server: Server, pytestconfig: pytest.Config) -> None:
    errors: list[str] = []
    g, p, red = start(page, server, errors)
    centre = (p["x"], p["y"])
    # beyond the reach: the outline says so, and the server refuses the place with its reason
    page.mouse.move(*screen(page, centre))
    page.mouse.down()
    far = (centre[0] + 8.0, centre[1])
    for i in range(1, 9):
        page.mouse.move(*screen(page, (centre[0] + i, centre[1])))
    page.mouse.up()
    assert fields(page)[0] == pytest.approx(far[0], abs=WITHIN)
    expect(page.locator("#place-note")).to_contain_text('beyond the 6" reach')
    expect(page.locator(".drag-shape")).to_have_class(re.compile(r"\bwrong\b"))
    before = data(page, "actions")
    page.click("#place-here")
    expect(page.locator("#error")).to_contain_text('more than 6" from where the move left it')
    assert data(page, "actions") == before
    # typed back: the outline follows the fields
    page.fill("#place-x", str(round(centre[0], 1)))
    assert outline_centre(page)[0] == pytest.approx(centre[0], abs=0.06)
    expect(page.locator(".drag-shape")).not_to_have_class(re.compile(r"\bwrong\b"))
    # dragged by the hull to the new spot (pressed off its centre: the grip is kept)
    grip = (centre[0] + 0.5, centre[1] + 0.3)
    to = (centre[0] + NUDGE[0], centre[1] + NUDGE[1])
    page.mouse.move(*screen(page, grip))
    page.mouse.down()
    for i in range(1, 11):
        f = i / 10
        page.mouse.move(*screen(page, (grip[0] + NUDGE[0] * f, grip[1] + NUDGE[1] * f)))
    page.mouse.up()
    x, y, heading = fields(page)
    assert (x, y) == (pytest.approx(to[0], abs=WITHIN), pytest.approx(to[1], abs=WITHIN))
    assert heading_off(heading, p["heading"]) <= 0.5  # a drag by the hull does not turn it
    assert outline_centre(page) == (pytest.approx(x, abs=0.06), pytest.approx(y, abs=0.06))
    # turned by the handle at its bow: dragged round the model's centre
    bow = at((x, y), heading, p["length"] / 2 + 2)
    page.mouse.move(*screen(page, bow))
    page.mouse.down()
    for i in range(1, 6):
        page.mouse.move(*screen(page, at((x, y), heading + TURN * i / 5, p["length"] / 2 + 2)))
    page.mouse.up()
    x2, y2, turned = fields(page)
    assert (x2, y2) == (x, y)
    assert heading_off(turned, p["heading"] + TURN) <= WITHIN_DEG
    # the wheel over the outline turns it by 5 degrees a notch; the board does not zoom
    box = page.evaluate("document.querySelector('#board').getAttribute('viewBox')")
    page.mouse.move(*screen(page, (x, y)))
    page.mouse.wheel(0, -100)
    expect(page.locator("#place-heading")).to_have_value(str(round((turned + 5) % 360)))
    page.mouse.wheel(0, 100)
    expect(page.locator("#place-heading")).to_have_value(str(round(turned)))
    assert page.evaluate("document.querySelector('#board').getAttribute('viewBox')") == box
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / "placing-dragged-1280x720.png"))
    before = data(page, "actions")
    page.click("#place-here")
    settle(page, before)
    ship = placed(server, g, red, p["ship"])
    assert (ship["x"], ship["y"]) == (pytest.approx(to[0], abs=WITHIN), pytest.approx(to[1], abs=WITHIN))
    assert heading_off(ship["heading"], p["heading"] + TURN) <= WITHIN_DEG
    expect(page.locator("#log")).to_contain_text("is placed by hand")
    expect(page.locator(".drag-shape")).to_have_count(0)
    assert errors == [], errors


def touch(cdp: CDPSession, kind: str, *points: tuple[float, float]) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def test_on_a_phone_a_finger_drags_the_model_and_a_second_finger_turns_it(browser: Browser, server: Server, pytestconfig: pytest.Config) -> None:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    g, p, red = start(page, server, errors)
    page.locator("#board").scroll_into_view_if_needed()
    cdp = context.new_cdp_session(page)
    centre = (p["x"], p["y"])
    to = (centre[0] + NUDGE[0], centre[1] + NUDGE[1])
    finger = screen(page, centre)
    touch(cdp, "touchStart", finger)
    for i in range(1, 11):
        f = i / 10
        finger = screen(page, (centre[0] + NUDGE[0] * f, centre[1] + NUDGE[1] * f))
        touch(cdp, "touchMove", finger)
    x, y, heading = fields(page)
    assert (x, y) == (pytest.approx(to[0], abs=WITHIN), pytest.approx(to[1], abs=WITHIN))
    assert heading_off(heading, p["heading"]) <= 0.5  # one finger moves it without turning it
    # a second finger 6" off the first, swung round it by TURN degrees, turns the model as much
    held = (x, y)
    swing = p["heading"] + 90.0
    touch(cdp, "touchStart", finger, screen(page, at(held, swing, 6.0)))
    for i in range(1, 6):
        touch(cdp, "touchMove", finger, screen(page, at(held, swing + TURN * i / 5, 6.0)))
    touch(cdp, "touchEnd", finger)
    touch(cdp, "touchEnd")
    x2, y2, turned = fields(page)
    assert (x2, y2) == (pytest.approx(x, abs=WITHIN), pytest.approx(y, abs=WITHIN))
    assert heading_off(turned, p["heading"] + TURN) <= WITHIN_DEG
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / "placing-dragged-390x844.png"))
    before = data(page, "actions")
    page.locator("#place-here").tap()
    settle(page, before)
    ship = placed(server, g, red, p["ship"])
    assert (ship["x"], ship["y"]) == (pytest.approx(to[0], abs=WITHIN), pytest.approx(to[1], abs=WITHIN))
    assert heading_off(ship["heading"], p["heading"] + TURN) <= WITHIN_DEG
    context.close()
    assert errors == [], errors
