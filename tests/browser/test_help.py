"""The table's help in chromium: every choice explained where it is made (in the rule set's words,
with rule IDs that open the rules panel), the rules panel found by ID or word, and an undo that
says what it will take back, the AI's turn included, before it is confirmed (issue 25, items 15
and 18).  Screenshots in test-results/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table import api, data, open_table, play_one

OUT = Path("test-results")


@pytest.fixture
def server(module_server: Server) -> Server:
    return module_server


def test_crew_orders_say_that_a_working_unit_cannot_shoot_and_the_rule_opens(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    g = api(server, "/api/games", {"ruleset": "navalwarhammer", "scenario": "duel", "seed": 11, "seats": {"red": "human", "blue": "heuristic"}})
    open_table(page, server, g["links"]["red"])
    page.wait_for_selector("#decision[data-kind=CrewPrompt]")
    block = page.locator("#explain")
    expect(block).to_be_visible()
    if block.get_attribute("open") is None:
        page.click("#explain summary")
    work = page.locator("#explain li", has=page.locator("b.choice-names", has_text="work")).first
    expect(page.locator(".order .why").first).to_contain_text("Works the ship")
    expect(page.locator("#explain")).to_contain_text("does not shoot")
    assert work.locator(".rule-chip").count() >= 1
    # every option the listing carries has its words and rules, as the page was sent them
    listing = page.evaluate("fetch(location.pathname.replace('/table/', '/api/games/') + location.search).then(r => r.json()).then(v => v.prompt.legal)")
    for part in listing["parts"]:
        for o in part["options"]:
            assert o["explain"] and o["rules"], o
    page.click("#explain .rule-chip[data-rule='NW-CREW-1']")
    expect(page.locator("#rules-panel")).to_have_attribute("open", "")
    expect(page.locator("#rules-found li[data-rule='NW-CREW-1']")).to_be_visible()
    expect(page.locator("#rules-found")).not_to_contain_text("null")
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "explain-nw-crew-orders.png"))
    page.fill("#rules-find", "")
    page.click("#decision .prompt-text .rule[data-rule='NW-CREW-1']")  # the prompt's own rule opens it too
    expect(page.locator("#rules-find")).to_have_value("NW-CREW-1")
    page.fill("#rules-find", "cutting")
    expect(page.locator("#rules-found li[data-rule='NW-BOARD-8']")).to_be_visible()
    page.fill("#rules-find", "zzzz no such rule")
    expect(page.locator("#rules-found")).to_contain_text("no rule has")


def test_jim_lad_s_orders_are_explained_and_undo_names_the_ai_s_turn_before_it_is_confirmed(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    g = api(
        server,
        "/api/games",
        {"scenario": "duel", "seed": 5, "options": {"turn_limit": 3, "random_events": False}, "seats": {"red": "human", "blue": "heuristic"}},
    )
    open_table(page, server, g["links"]["red"])
    page.wait_for_selector("#decision[data-kind=OrdersPrompt]")
    expect(page.locator("#explain")).to_contain_text("Full Ahead")
    expect(page.locator("#explain .rule-chip[data-rule='JL-MOVE-1']").first).to_be_attached()
    plan_js = "fetch(location.pathname.replace('/table/', '/api/games/') + '/undo' + location.search).then(r => r.json())"
    tried: set[str] = set()
    for _ in range(12):  # on until the AI has acted after red's last decision
        play_one(page, "Red Wunz Go Fasta", tried)
        plan = page.evaluate(plan_js)
        if any(s["ai"] for s in plan["seats"]):
            break
    assert any(s["ai"] for s in plan["seats"]), plan
    before = data(page, "actions")
    page.click("#undo")
    box = page.locator("#undo-confirm")
    expect(box).to_be_visible()
    expect(box).to_contain_text(f"Undo {plan['count']} action")
    for s in plan["seats"]:
        expect(box).to_contain_text(f"{s['count']} of {s['seat']}{' (the AI)' if s['ai'] else ''}")
    page.screenshot(path=str(OUT / "undo-confirm.png"))
    page.click("#undo-no")
    expect(box).to_be_hidden()
    assert data(page, "actions") == before
    page.click("#undo")
    page.click("#undo-yes")
    page.wait_for_function("(n) => document.body.dataset.actions !== n", arg=before)
    assert int(data(page, "actions")) == int(before) - plan["count"] or data(page, "prompt") != "none"


def test_continuing_a_save_keeps_its_seats_the_ai_s_included(page: Page, server: Server) -> None:
    """Issue 25, item 17: the save says who played each seat; the lobby offers the same again."""
    g = api(server, "/api/games", {"scenario": "duel", "seed": 5, "seats": {"red": "heuristic", "blue": "human"}})
    save = api(server, f"/api/games/{g['id']}/save?token={g['links']['blue'].split('token=')[1]}")
    assert save["players"] == {"red": "heuristic", "blue": "human"}
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#save-file", files=[{"name": "game.save.json", "mimeType": "application/json", "buffer": json.dumps(save).encode()}])
    expect(page.locator("#save-seats select.player[data-seat=red]")).to_have_value("heuristic")
    expect(page.locator("#save-seats select.player[data-seat=blue]")).to_have_value("human")
    page.click("#upload-save")
    page.wait_for_selector("#links a[data-open=blue]")
    assert page.locator("#links a[data-open=red]").count() == 0  # the AI seat has no link: it is played by the AI


def test_a_bow_against_the_table_s_edge_is_told_why_every_card_ahead_goes_nowhere(page: Page, server: Server) -> None:
    """Issue 25, item 20: the edge stops a ship (a ruling); the orders say so and name the way off."""
    yaml = (Path(__file__).parents[2] / "src/grapeshot/rulesets/jimlad/scenarios/duel.yaml").read_text()
    yaml = yaml.replace("{name: Da Big Smasha, x: 16, y: 30, heading: 0,", "{name: Da Big Smasha, x: 5.01, y: 30, heading: 180, standstill: true,")
    g = api(server, "/api/games", {"scenario_yaml": yaml, "seed": 5, "options": {"random_events": False}, "seats": {"red": "human", "blue": "heuristic"}})
    page.set_viewport_size({"width": 1280, "height": 900})
    open_table(page, server, g["links"]["red"])
    page.wait_for_selector("#decision[data-kind=OrdersPrompt]")
    expect(page.locator("#decision .edge-note")).to_contain_text("The table's edge stops a ship")
    expect(page.locator("#explain")).to_contain_text("the way off the table's edge")
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "jimlad-bow-against-the-edge.png"))


def test_the_rules_panel_shows_what_a_rule_does_and_finds_it_by_a_word_of_that_text(page: Page, server: Server) -> None:
    g = api(server, "/api/games", {"scenario": "duel", "seed": 5, "options": {"turn_limit": 3}, "seats": {"red": "human", "blue": "heuristic"}})
    open_table(page, server, g["links"]["red"])
    page.click("#rules-panel summary")
    page.fill("#rules-find", "scrubbing")  # only in JL-EVT-8's text, not in any rule's ID or title
    hit = page.locator("#rules-found li[data-rule='JL-EVT-8']")
    expect(hit).to_be_visible()
    expect(hit.locator(".rule-says")).to_contain_text("scrubbing the deck")
    expect(page.locator("#rules-found li.rule-entry")).to_have_count(1)
    page.fill("#rules-find", "JL-MOVE-1")  # by ID, the text shows under the title
    expect(page.locator("#rules-found li[data-rule='JL-MOVE-1'] .rule-says")).to_contain_text('24"+2D6"')
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "rules-panel-says.png"))
