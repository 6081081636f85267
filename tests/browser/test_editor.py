"""The scenario editor (``/editor``) in chromium: a two-seat scenario built from nothing for each
rule set by mouse or finger (seats, pieces dragged and turned, terrain added, the objective set),
a problem shown on the piece it is about and undone, and a game started from it and played to its result; built-in
scenarios opened, downloaded, and read back by the loader as they were; on a desktop, a tablet and a phone,
with no JavaScript error and no request answered 5xx."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Page, expect

from grapeshot.core.scenario import Catalogue, read_scenario_file
from tests.browser.conftest import DESKTOP, PHONE, TABLET, Server
from tests.browser.test_rulesets import answer, answered, dataset, over_or_waiting

RULESETS = sorted(ep.name for ep in entry_points(group="grapeshot.rulesets"))
SHOTS = Path("test-results")
FLEETS = Path(__file__).resolve().parents[2] / "src" / "grapeshot" / "rulesets" / "navalwarhammer" / "fleets"


@pytest.fixture(scope="module")
def server(module_server: Server) -> Iterator[Server]:
    yield module_server


def _open(page: Page, server: Server, query: str) -> list[str]:
    """The editor at ``query``, with the page's errors and the server's 5xx answers collected."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.goto(f"{server.url}/editor?{query}")
    page.wait_for_selector("body[data-ready='1']")
    return errors


def _settled(page: Page, state: str) -> None:
    """The latest check answered, with that state (waited on as the page changes, not by polling)."""
    page.wait_for_selector(f"#status[data-check='{state}']", timeout=10_000)


def _centre(page: Page, selector: str) -> tuple[float, float]:
    """The middle of the thing on the screen (asked again if a check's answer redrew it meanwhile)."""
    for _ in range(20):
        box = page.locator(selector).first.bounding_box()
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} is not on the screen")


def _drag(page: Page, selector: str, to: tuple[float, float]) -> None:
    """A press on the thing, a move in steps, a release: pointer events as a mouse or a finger gives them."""
    x, y = _centre(page, selector)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(to[0], to[1], steps=6)
    page.mouse.up()


def _model(page: Page) -> dict[str, Any]:
    """The scenario as the page would save it (the check's YAML, read back)."""
    text = page.evaluate(
        "async () => (await (await fetch('/api/scenarios/check', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({scenario: window.grapeshotEditor.model()})})).json()).yaml"
    )
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def _touch(page: Page, paths: list[list[tuple[float, float]]]) -> None:
    """Fingers on the screen (chromium's touch input): each finger's path, step by step, then lifted."""
    cdp = page.context.new_cdp_session(page)
    for step in range(len(paths[0])):
        kind = "touchStart" if step == 0 else "touchMove"
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": p[step][0], "y": p[step][1], "id": i} for i, p in enumerate(paths)]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _build(page: Page) -> None:
    """Two seats, and a piece for each where the rule set's seats add their pieces one by one."""
    _settled(page, "problems")  # nothing yet: no seat
    page.click("#add-seat")
    page.click("#add-seat")
    for f in (0, 1):
        adder = page.locator(f"[data-add-piece^='{f}:']")
        if adder.count():
            adder.first.click()
    _settled(page, "ok")
    assert page.locator("#board .piece").count() >= 2


#: every rule set on a phone and a desktop (Wooden Ships' desktop build is the test of dragging
#: below), and one on a tablet
BUILDS = [(r, s) for r in RULESETS for s in (DESKTOP, PHONE) if (r, s) != ("woodenships", DESKTOP)] + [(RULESETS[0], TABLET)]
#: the most decisions a person makes in a game of a scenario built from nothing (a seat or two)
MOST_DECISIONS = 400


def _play(page: Page) -> None:
    """Play it now: a game of it, the first seat a person's (the rest the rule set's AI), at its
    table; then played to its result there, each decision answered through the table's form."""
    page.click("#play")
    page.wait_for_url("**/table/**", timeout=15_000)
    page.wait_for_selector("body[data-ready='1']", timeout=15_000)
    page.goto(page.url + "&forms=generic")
    page.wait_for_selector("body[data-ready='1'][data-conn='live']", timeout=15_000)
    decisions = 0
    while not over_or_waiting(page):
        before = dataset(page, "actions")
        answer(page)
        answered(page, before)
        decisions += 1
        assert decisions < MOST_DECISIONS, f"no result after {decisions} decisions"
    assert "Game over" in page.inner_text("#outcome")


@pytest.mark.parametrize(("ruleset", "size"), BUILDS, ids=lambda v: v if isinstance(v, str) else f"{v[0]}px")
def test_a_two_seat_scenario_is_built_from_nothing_and_started(context_at: Any, server: Server, ruleset: str, size: tuple[int, int]) -> None:
    page = context_at(size)
    errors = _open(page, server, f"ruleset={ruleset}")
    _build(page)
    if size == PHONE:  # a finger drags the first piece along the table, two fingers zoom
        page.evaluate("window.scrollTo(0, 0)")
        x, y = _centre(page, "#board .piece")
        before = page.locator("#board .piece").first.get_attribute("points")
        _touch(page, [[(x + 4 * k, y) for k in range(6)]])
        _settled(page, "ok")
        assert page.locator("#board .piece").first.get_attribute("points") != before
        expect(page.locator("#selected [data-sel='x']")).to_be_visible()
        view = page.locator("#board").get_attribute("viewBox")
        _touch(page, [[(150 - 10 * k, 300) for k in range(6)], [(240 + 10 * k, 300) for k in range(6)]])
        assert page.locator("#board").get_attribute("viewBox") != view
        page.click("#zoom-fit")
    if ruleset == "navalwarhammer" and size == DESKTOP:  # the lobby's builder: a fleet file put in blue's seat
        page.set_input_files("#builder-file", str(FLEETS / "empire-1000.yaml"))  # two ships: a place more than the first fleet's
        expect(page.locator("#builder-status")).to_have_attribute("data-legal", "yes", timeout=10_000)
        page.select_option("#builder-seat", "blue")
        page.click("#builder-assign")
        expect(page.locator("[data-seat='blue'] .piece-row")).to_have_count(2)  # placed by the server: a place for each ship
        _settled(page, "ok")
        built = _model(page)["fleets"][1]
        assert isinstance(built["fleet"], dict) and len(built["placement"]) == len(built["fleet"]["ships"])
        page.evaluate("window.scrollTo(0, 0)")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"editor-{ruleset}-{size[0]}.png"))
    _play(page)
    page.screenshot(path=str(SHOTS / f"editor-{ruleset}-{size[0]}-played.png"))
    assert not errors, errors


def test_pieces_and_terrain_are_dragged_turned_and_scaled_checked_as_they_go_and_undone(context_at: Any, server: Server) -> None:
    page = context_at(DESKTOP)
    errors = _open(page, server, "ruleset=woodenships")
    _build(page)
    board = page.locator("#board").bounding_box()
    assert board is not None
    # the first piece dragged off the table: the problem is shown on it, and undone
    _drag(page, "#board .piece", (board["x"] + 2, board["y"] + 2))
    _settled(page, "problems")
    expect(page.locator("#board .piece.has-problem")).to_have_count(1)
    expect(page.locator("#board .labels text.problem")).to_have_count(1)  # said on the table too
    expect(page.locator("#problems li").first).to_contain_text("fleets[0].ships[0]")
    expect(page.locator("#selected .problem-text")).to_contain_text("a ship wholly on the table")
    page.click("#undo")
    _settled(page, "ok")
    expect(page.locator("#board .has-problem")).to_have_count(0)
    # turned by its handle: the heading's knob dragged round to point down the table
    page.locator("#board .piece").first.click()
    x, y = _centre(page, "#board .piece.selected")
    _drag(page, "#board .handle-heading", (x, y + 60))
    _settled(page, "ok")
    heading = page.locator("#selected [data-sel='heading']").input_value()
    assert 240 <= float(heading) <= 300, heading
    # terrain in the middle of the table, made bigger by its handle; the objective set
    page.locator("[data-add-terrain$=':circle']").first.click()
    _settled(page, "ok")
    radius = float(page.locator("#selected [data-sel='radius']").input_value())
    cx, cy = _centre(page, "#board .handle-scale")
    _drag(page, "#board .handle-scale", (cx + 8, cy))
    assert float(page.locator("#selected [data-sel='radius']").input_value()) > radius
    page.locator("[data-add-terrain$=':polygon']").first.click()
    _settled(page, "ok")
    corners = page.locator("#board .terrain.selected").get_attribute("points")
    cx, cy = _centre(page, "#board .handle-rotate")
    _drag(page, "#board .handle-rotate", (cx + 30, cy + 10))
    assert page.locator("#board .terrain.selected").get_attribute("points") != corners
    page.click("#selected [data-sel='add-corner']")
    _settled(page, "ok")
    expect(page.locator("#board .handle-vertex")).to_have_count(7)
    corners = page.locator("#board .terrain.selected").get_attribute("points")
    vx, vy = _centre(page, "#board .handle-vertex >> nth=3")
    _drag(page, "#board .handle-vertex >> nth=3", (vx - 25, vy + 25))  # a corner pulled out
    _settled(page, "ok")
    assert page.locator("#board .terrain.selected").get_attribute("points") != corners
    page.locator("[data-draw-terrain]").first.click()  # an island drawn corner by corner, by taps
    page.evaluate("window.scrollTo(0, 0)")
    board = page.locator("#board").bounding_box()
    assert board is not None
    for fx, fy in ((0.45, 0.15), (0.55, 0.15), (0.5, 0.25)):
        page.mouse.click(board["x"] + board["width"] * fx, board["y"] + board["height"] * fy)
    expect(page.locator("[data-corners='3']")).to_be_visible()
    page.click("[data-sketch='finish']")
    _settled(page, "ok")
    expect(page.locator("#selected")).to_contain_text("3 corners")
    page.locator("#objective [data-option='turn_limit']").fill("3")
    page.locator("#objective [data-option='turn_limit']").blur()
    _settled(page, "ok")
    page.screenshot(path=str(SHOTS / "editor-dragged.png"))
    data = _model(page)
    assert [s["id"] for s in data["seats"]] == ["red", "blue"] and data["options"]["turn_limit"] == 3 and len(data["terrain"]) == 3
    # undo and redo walk the steps back and forth
    page.click("#undo")
    _settled(page, "ok")
    assert "options" not in _model(page)
    page.locator("#board .piece").first.click()  # a tap that moves nothing keeps what can be redone
    expect(page.locator("#redo")).to_be_enabled()
    page.click("#redo")
    _settled(page, "ok")
    assert _model(page)["options"] == {"turn_limit": 3}
    _play(page)
    assert not errors, errors


def test_a_built_in_scenario_is_opened_downloaded_and_read_back_as_it_was(context_at: Any, server: Server, tmp_path: Path) -> None:
    """One with rule modules, their terrain and options (Wooden Ships' wreck): every built-in
    scenario's round trip through the same data is tests/server/test_editor.py's."""
    page = context_at(DESKTOP)
    errors = _open(page, server, "")
    ruleset, name = "woodenships", "wreck"
    builtin = Catalogue().get(name, ruleset)
    page.select_option("#ruleset", ruleset)
    expect(page.locator(f"#builtin option[value='{name}']")).to_have_count(1)
    page.select_option("#builtin", name)
    page.click("#open-builtin")
    _settled(page, "ok")
    expect(page.locator("#scenario [data-field='name']")).to_have_value(builtin.name)
    expect(page.locator("[data-module='collisions']")).to_be_checked()
    with page.expect_download() as got:
        page.click("#download")
    path = tmp_path / f"{name}.yaml"
    got.value.save_as(path)
    assert read_scenario_file(path).raw == builtin.raw
    page.set_input_files("#open-file", str(path))  # and the file opened again is the same scenario
    _settled(page, "ok")
    assert _model(page) == dict(builtin.raw)
    page.screenshot(path=str(SHOTS / "editor-opened.png"))
    assert not errors, errors


def test_figures_ashore_are_drawn_at_their_point_and_dragged_there(context_at: Any, server: Server) -> None:
    """Wooden Ships' fort assault has a landing party ashore (a point, no heading): it is drawn as
    a round base where it stands, dragged by its own ``at``, given no heading handle, and the
    check reads the place it was dragged to."""
    page = context_at(DESKTOP)
    errors = _open(page, server, "")
    page.select_option("#ruleset", "woodenships")
    page.select_option("#builtin", "fort-assault")
    page.click("#open-builtin")
    _settled(page, "ok")
    model = _model(page)
    f, party = next((i, e["ashore"][0]) for i, e in enumerate(model["fleets"]) if e.get("ashore"))
    piece = f"#board .piece[data-path='fleets[{f}].ashore[0]']"
    expect(page.locator(piece)).to_have_count(1)
    x, y = _centre(page, piece)
    _drag(page, piece, (x + 12, y))
    page.wait_for_selector("#status[data-check='ok'], #status[data-check='problems']", timeout=10_000)
    moved = _model(page)["fleets"][f]["ashore"][0]["at"]
    assert moved[0] > party["at"][0] and moved[1] == pytest.approx(party["at"][1], abs=0.5)
    assert page.locator("#board .handle-heading").count() == 0
    expect(page.locator("#selected [data-sel='x']")).to_have_value(str(moved[0]))
    assert not errors, errors
