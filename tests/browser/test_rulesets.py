"""The browser conformance test: every installed rule set plays a whole game at the web table.

For each rule set (parametrised over the installed ones, so a new rule set joins by being
installed) a game of each of its built-in scenarios (its default one, the lab's, whole; the
others two turns long) is started with its first seat a person and the others
AI players, and the person's page answers every prompt through the generic forms (built from the
prompt's legal answers; ``?forms=generic``), so the rule set's ``Prompt.legal``, the server's
picks and digest, and the client's drawing of the rule set (its plugin script, or the generic
shapes) are all used. The game must reach a result with no JavaScript error on the page.
A rule set with a script of its own plays its default scenario at desktop, tablet and phone sizes; a screenshot of each finished table is kept in
the test run's output folder (pytest-playwright's ``--output``, ``test-results/`` by default).
"""

from __future__ import annotations

import json
import urllib.request
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import Catalogue, default_scenario
from tests.browser.conftest import DESKTOP, PHONE, TABLET, Server

#: the most decisions the page makes in one game before the test gives up on it
MOST_DECISIONS = 400


def installed() -> list[Ruleset]:
    """The installed rule sets (the entry points the server lists), not the test-only ones."""
    return sorted((get(ep.name) for ep in entry_points(group="grapeshot.rulesets")), key=lambda r: r.name)


def scripted(rs: Ruleset) -> bool:
    plugin = rs.web()
    return plugin is not None and plugin.script is not None


def cases() -> list[Any]:
    """The default scenario of each rule set (its lab's, else its first) played whole (at three
    sizes where the rule set has a script of its own); every other built-in scenario at desktop
    size, two turns long."""
    out = []
    for rs in installed():
        names = Catalogue(None).names(rs.name)
        whole = default_scenario(rs.name)
        sizes = [DESKTOP, TABLET, PHONE] if scripted(rs) else [DESKTOP]
        out += [pytest.param(rs.name, whole, size, id=f"{rs.name}-{whole}-{size[0]}x{size[1]}") for size in sizes]
        out += [pytest.param(rs.name, other, DESKTOP, id=f"{rs.name}-{other}-short") for other in names if other != whole]
    return out


def api(server: Server, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def dataset(page: Page, name: str) -> str:
    return str(page.evaluate(f"document.body.dataset[{name!r}] ?? ''"))


def over_or_waiting(page: Page) -> bool:
    """Wait until the page has a decision to make or the game is over; whether it is over."""
    page.wait_for_function(
        "document.body.dataset.busy !== '1' && (document.body.dataset.over === '1' || document.body.dataset.prompt !== 'none')", timeout=60_000
    )
    return dataset(page, "over") == "1"


def answer(page: Page) -> None:
    """Answer the waiting prompt with its first legal answer, through the page's generic form."""
    for selector in ("#submit-picks", "#decision button.choice", "#pass"):
        button = page.locator(selector)
        if button.count():
            button.first.click()
            return
    raise AssertionError(f"no form to answer the {dataset(page, 'prompt')}: {page.inner_html('#decision')}")


def answered(page: Page, before: str) -> None:
    """Wait until the page's answer is taken (the game moved on past ``before`` actions, or ended),
    and check that nothing was refused."""
    page.wait_for_function(
        "(n) => document.body.dataset.busy !== '1' && (document.body.dataset.actions !== n || document.body.dataset.over === '1' || document.querySelector('#error').textContent !== '')",
        arg=before,
    )
    assert page.inner_text("#error") == "", page.inner_text("#error")


@pytest.mark.parametrize(("name", "scenario", "size"), cases())
def test_every_rule_set_plays_a_game_to_its_end_in_the_browser(
    browser: Browser, server: Server, name: str, scenario: str, size: tuple[int, int], pytestconfig: pytest.Config
) -> None:
    rs = get(name)
    listed = next(r for r in api(server, "/api/rulesets")["rulesets"] if r["name"] == name)
    assert listed["scenarios"][0]["name"] == Catalogue(None).names(name)[0]
    first = next(s for s in listed["scenarios"] if s["name"] == scenario)
    ai = "heuristic" if "heuristic" in listed["players"] else "random"
    # a referee seat (no side) is a person's too: the page answers its prompts like any other's
    seats = {s["id"]: ("human" if i == 0 else ai) for i, s in enumerate(first["seats"])}
    short = scenario != default_scenario(name)
    body: dict[str, Any] = {"ruleset": name, "scenario": scenario, "seed": 7, "seats": seats}
    if short:
        body["options"] = {"turn_limit": 2}
    game = api(server, "/api/games", body)
    me = first["seats"][0]["id"]

    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size != DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    # a refusal the page shows in words (a 4xx) is logged by chromium as a failed load: not a script error
    page.on(
        "console",
        lambda msg: errors.append(f"console {msg.type}: {msg.text}") if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None,
    )
    page.goto(f"{server.url}{game['links'][me]}&forms=generic")
    page.wait_for_selector("body[data-ready='1'][data-conn='live']")
    assert dataset(page, "plugin") == ("1" if scripted(rs) else "0")
    # the board shows the rule set's pieces: its plugin's drawing, or the generic shapes
    assert page.locator("#board g[data-name], #board g.shape").count() > 0

    decisions = 0
    asked_odds = False
    while not over_or_waiting(page):
        before = dataset(page, "actions")
        if not asked_odds and page.locator("#odds-picks").count():  # the odds of the answer picked, asked once a game
            page.click("#odds-picks")
            page.wait_for_function("!document.querySelector('#odds').textContent.startsWith('working')")
            assert page.inner_text("#odds") != ""
            asked_odds = True
        answer(page)
        answered(page, before)
        decisions += 1
        assert decisions < MOST_DECISIONS, f"{name}: no result after {decisions} decisions"

    assert page.locator("#outcome").is_visible() and "Game over" in page.inner_text("#outcome")
    # the board still fits the screen: nothing wider than the viewport; on a narrow screen the
    # board takes its whole width, the panels below it (issue 17, item 5)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 1
    if size[0] < 900:
        board = page.locator("#board").bounding_box()
        assert board is not None and board["width"] >= 0.95 * size[0]
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"table-{name}-{scenario}-{size[0]}x{size[1]}.png"))
    context.close()
    assert errors == [], errors
    assert decisions > 0
    assert asked_odds == (rs.odds() is not None)


def test_the_lobby_picks_a_rule_set_with_its_own_scenarios_and_players(page: Page, server: Server) -> None:
    listing = {r["name"]: r for r in api(server, "/api/rulesets")["rulesets"]}
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.input_value("#ruleset") == "jimlad"  # a rule set with a table of its own comes first
    for name, rs in listing.items():
        page.select_option("#ruleset", name)
        offered = page.eval_on_selector_all("#scenario option", "os => os.map(o => o.value)")
        assert offered == [s["name"] for s in rs["scenarios"]]
        players = page.eval_on_selector_all("select.player[data-seat] >> nth=0 >> option", "os => os.map(o => o.value)")
        assert players == rs["players"]
        assert page.locator("[data-option]").count() == len(rs["options"])
        hosted = [m for m in rs["modules"] if m["hosted"] is not False]
        assert page.locator("#modules-box").is_visible() == bool(hosted)
    page.select_option("#ruleset", "woodenships")
    page.select_option("#scenario", "skull-island")
    page.click("#start")
    link = page.get_attribute("#links a[data-open=red]", "href")
    assert link is not None
    page.goto(link if link.startswith("http") else server.url + link)
    page.wait_for_selector("body[data-ready='1'][data-conn='live']")
    assert dataset(page, "plugin") == "1"
    assert page.locator("#board g.ws-ship").count() > 0


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_lobby_fits_a_narrow_screen(browser: Browser, server: Server, size: tuple[int, int]) -> None:
    """Issue 17, item 5: the lobby does not scroll sideways on a phone or an upright tablet."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True)
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    box = page.locator("#start").bounding_box()
    assert box is not None and box["height"] >= 44  # big enough for a finger
    context.close()


def replayed_from(browser: Browser, server: Server, game: dict[str, Any], seq: int, upto: int) -> tuple[Page, int]:
    """A desktop spectator's page of ``game`` (``upto`` actions long) on the replay's first step
    whose log holds event ``seq`` (found by halving), and that step."""
    token = game["spectator"].split("token=")[1]
    lo, hi = 0, upto
    while lo < hi:
        mid = (lo + hi) // 2
        if len(api(server, f"/api/games/{game['id']}/replay?step={mid}&token={token}")["log"]) > seq:
            hi = mid
        else:
            lo = mid + 1
    page = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]}).new_page()
    return page, lo


def replay_to(page: Page, server: Server, game: dict[str, Any], step: int) -> None:
    """Open the spectator's table and step its replay slider to ``step``."""
    page.goto(server.url + game["spectator"])
    page.wait_for_selector("body[data-ready='1'][data-plugin='1']")
    page.click("#replay-open")
    page.fill("#replay-slider", str(step))
    page.wait_for_function("(n) => document.body.dataset.replay === String(n)", arg=step)
