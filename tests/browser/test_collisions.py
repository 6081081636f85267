"""The collisions module at the web table: the galley fight, the wreck and the boat swarm with
its Cunning Plans (Wooden Ships with the module on) played to a result in chromium, a person's
seat against the heuristic, with the module's shapes checked against the game at every decision.

The person's page answers through the generic forms (``?forms=generic``): in the galley fight the
boldest answer to the module's prompts (the most grapplers, the largest boarding party) and the
first legal answer to the rest, in the wreck the first legal answer to everything; in the swarm
the person is the swarm, its boats steered straight on at their full move, boarding with all they
carry, and each Cunning Plan it is offered played through the plan prompt's form. Whenever the
game holds a grapple or a swimmer, the board must draw it: one line a grapple (dashed for a ram's
entanglement) and one base a swimmer, on the layer above the pieces, each tagged with the module.
The galley fight's rams entangle its galleys; in the wreck the merchantman goes down and her
crew swim among the flotsam, which is drawn too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import Server
from tests.browser.test_rulesets import answer as first_answer
from tests.browser.test_rulesets import api, dataset

#: the most decisions the page makes before the test gives up on the game
MOST_DECISIONS = 400
#: the module's prompts a bold player answers with their last (boldest) option
MODULE_PROMPTS = ("GrapplePrompt", "BoardPrompt")


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's games: each test starts games of its own on it."""
    return module_server


def answer(page: Page, bold: bool, ahead: bool) -> None:
    """The first legal answer, or (``bold``) for the module's prompts the last of every part's
    options and every Cunning Plan played, or (``ahead``) a ship's steering straight on as far as
    the prompt lists."""
    kind = dataset(page, "prompt")
    if bold and kind == "PlanPrompt":
        page.select_option("#decision select.part", label="play the Cunning Plan")
        page.click("#submit-picks")
        return
    if ahead and kind == "SteerPrompt":
        page.eval_on_selector_all(
            "#decision select.part",
            "ss => ss.forEach(s => { const o = [...s.options].filter(x => x.text.includes('ahead')).pop(); if (o) s.value = o.value; })",
        )
        page.click("#submit-picks")
        return
    if bold and kind in MODULE_PROMPTS:
        page.evaluate("document.querySelectorAll('#decision select.part').forEach(s => { s.selectedIndex = s.options.length - 1; })")
        buttons = page.locator("#decision button.choice")
        if buttons.count():
            buttons.last.click()
            return
    first_answer(page)


@pytest.mark.parametrize(
    ("scenario", "seed", "me", "bold", "ahead"),
    [("galley-fight", 2, "red", True, False), ("wreck", 2, "red", False, False), ("boat-swarm-plan", 2, "blue", True, True)],
)
def test_a_game_with_the_module_plays_to_a_result_with_grapples_and_swimmers_drawn(
    browser: Browser, server: Server, pytestconfig: pytest.Config, scenario: str, seed: int, me: str, bold: bool, ahead: bool
) -> None:
    seats = {"red": "heuristic", "blue": "heuristic", me: "human"}
    game = api(server, "/api/games", {"ruleset": "woodenships", "scenario": scenario, "seed": seed, "seats": seats})
    link = game["links"][me]
    token = link.split("token=", 1)[1]
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    page.on(
        "console",
        lambda msg: errors.append(f"console {msg.type}: {msg.text}") if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None,
    )
    page.goto(f"{server.url}{link}&forms=generic")
    page.wait_for_selector("body[data-ready='1'][data-conn='live']")

    seen = {"grappled": 0, "entangled": 0, "swimmer": 0}
    decisions = 0
    while True:
        page.wait_for_function(
            "document.body.dataset.busy !== '1' && (document.body.dataset.over === '1' || document.body.dataset.prompt !== 'none')", timeout=60_000
        )
        # the game stands still while it waits on the person: what the module holds must be drawn
        state = api(server, f"/api/games/{game['id']}?token={token}")["state"]["modules"]["collisions"]
        want = {
            "grappled": sum(g["how"] == "grappled" for g in state["grapples"]),
            "entangled": sum(g["how"] == "entangled" for g in state["grapples"]),
            "swimmer": len(state["swimmers"]),
        }
        page.wait_for_function(
            "(w) => Object.entries(w).every(([c, n]) => document.querySelectorAll(`#layer-modules g[data-module='collisions'].collisions-${c}`).length === n)",
            arg=want,
            timeout=10_000,
        )
        for cls, n in want.items():
            seen[cls] = max(seen[cls], n)
        if want["entangled"]:
            assert page.locator("#layer-modules g.collisions-entangled.shape-dash line").count() == want["entangled"]
        if dataset(page, "over") == "1":
            break
        before = dataset(page, "actions")
        answer(page, bold, ahead)
        page.wait_for_function(
            "(n) => document.body.dataset.busy !== '1' && (document.body.dataset.actions !== n || document.body.dataset.over === '1' || document.querySelector('#error').textContent !== '')",
            arg=before,
        )
        assert page.inner_text("#error") == "", page.inner_text("#error")
        decisions += 1
        assert decisions < MOST_DECISIONS, f"no result after {decisions} decisions"

    assert "Game over" in page.inner_text("#outcome")
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    flotsam = page.locator("#layer-modules g.collisions-scenario, #layer-modules g.collisions-wreckage").count()
    page.screenshot(path=str(out / f"table-woodenships-{scenario}-collisions.png"))
    context.close()
    assert errors == [], errors
    if scenario == "galley-fight":  # its rams entangle the galleys: the lines were drawn
        assert seen["grappled"] + seen["entangled"] > 0, seen
    elif scenario == "wreck":  # the wreck goes down: her swimmers were drawn, and the flotsam with her wreckage
        assert seen["swimmer"] > 0 and flotsam >= 3, (seen, flotsam)
    else:  # the swarm played both its plans through the form: the Beggar saw through the first, the second worked
        log = api(server, f"/api/games/{game['id']}?token={token}&since=0")["log"]
        plans = [e for e in log if e["kind"] == "collisions.cunning-plan"]
        assert [(e["seat"], e["thwarted"]) for e in plans] == [("blue", True), ("blue", False)], plans
        assert seen["swimmer"] > 0, seen  # the mishaps' boarders in the water
