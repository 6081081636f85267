"""How the Jim Lad table looks to the people at it (issue 17): whose ship is whose, what the
first turn goes without, and the header during a replay; and a view with a part left out
(issue 23)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Server
from tests.browser.test_table import data, new_game, open_table

RED = "rgb(229, 57, 53)"
BLUE = "rgb(30, 136, 229)"


def test_a_ship_wears_its_seats_colour_and_yours_is_marked(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "heuristic"})
    open_table(page, server, g["links"]["red"])
    mine = page.locator("g.ship[data-name='Da Big Smasha']")
    theirs = page.locator("g.ship[data-name='Red Wunz Go Fasta']")
    assert mine.get_attribute("data-seat") == "red" and theirs.get_attribute("data-seat") == "blue"
    # the hull is the seat's colour whatever the klan (Red Wunz Go Fasta is an Evil Sunz ship, painted red, played by blue)
    assert page.evaluate("(n) => getComputedStyle(n).fill", mine.locator("rect.hull").element_handle()) == RED
    assert page.evaluate("(n) => getComputedStyle(n).fill", theirs.locator("rect.hull").element_handle()) == BLUE
    expect(mine.locator("rect.klan-badge")).to_have_count(1)
    expect(mine.locator("text.name")).to_have_text("Da Big Smasha (yours)")
    expect(theirs.locator("text.name")).to_have_text("Red Wunz Go Fasta")


def test_turn_one_says_what_it_goes_without(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "heuristic"}, options={"turn_limit": 3})
    open_table(page, server, g["links"]["red"])
    assert data(page, "turn") == "1"
    for phase, words in (("events", "no random events on turn 1"), ("shooting", "no shooting on turn 1"), ("boarding", "no boarding on turn 1")):
        step = page.locator(f"#phases .phase-step.skipped[data-phase={phase}]")
        expect(step).to_contain_text(words)
    expect(page.locator("#phases .phase-step.skipped")).to_have_count(3)
    expect(page.locator("#log li[data-kind=phase-skipped]")).to_contain_text(["Turn 1: no random events on turn 1."])


def test_the_header_tells_the_replayed_step_not_the_live_game(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "heuristic", "blue": "heuristic"})  # played to its end at once
    open_table(page, server, g["spectator"])
    expect(page.locator("#outcome")).to_be_visible()
    live_turn = page.inner_text("#turn")
    page.click("#replay-open")
    page.wait_for_function("document.body.dataset.replay !== ''")
    page.fill("#replay-slider", "0")
    page.dispatch_event("#replay-slider", "input")
    page.wait_for_function("document.body.dataset.replay === '0'")
    expect(page.locator("#outcome")).to_be_hidden()  # the game-over banner is the live game's, not step 0's
    assert page.inner_text("#turn") != live_turn


def test_a_label_by_the_table_edge_stays_on_the_table(page: Page, server: Server) -> None:
    """Issue 17: a label drawn by the right or top edge (a facing, a contact) is not cut off."""
    g = new_game(server, seats={"red": "human", "blue": "heuristic"})
    open_table(page, server, g["links"]["red"])
    boxes = page.evaluate(
        """async () => {
          const { makeBoard } = await import('/static/board.js');
          const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          svg.setAttribute('viewBox', '0 0 120 72');
          svg.style.width = '1200px';
          document.body.append(svg);
          const board = makeBoard(svg);
          board.ensure({ table: { width: 120, height: 72 }, terrain: [] });
          const out = [];
          for (const [p, text] of [[[119.5, 36], 'Da Big Smasha: the table edge'], [[60, 71.8], 'edge'], [[10, 30], 'open water']]) {
            const t = board.draw.label(p, text);
            svg.append(t);
            const b = t.getBBox();
            out.push([b.x, b.y, b.x + b.width, b.y + b.height]);
          }
          return out;
        }"""
    )
    for x0, y0, x1, y1 in boxes:
        assert x0 >= 0 and x1 <= 120 and y0 >= 0 and y1 <= 72, boxes
    assert boxes[2][0] > 10  # in open water a label still runs to the right of its point


def test_a_view_with_a_part_left_out_says_so_and_the_table_still_shows(page: Page, server: Server) -> None:
    """The server leaves out a part of a view it could not build and names it in ``degraded``
    (issue 23): the page says which, above the table, and draws the rest."""
    g = new_game(server, seats={"red": "human", "blue": "heuristic"})

    def degrade(route: Route) -> None:
        view = route.fetch().json()
        view["degraded"] = [{"part": "shapes", "source": "the collisions module"}, {"part": "legal", "source": "the jimlad prompt OrdersPrompt"}]
        route.fulfill(json=view)

    page.route(re.compile(r".*/api/games/[^/?]+\?.*"), degrade)
    page.route_web_socket(re.compile(r".*/ws/.*"), lambda ws: None)  # no live view to replace the one altered
    page.goto(server.url + g["links"]["red"])
    page.wait_for_selector("body[data-ready='1']")
    note = page.locator("#degraded")
    expect(note).to_be_visible()
    expect(note).to_contain_text("its drawing from the collisions module")
    expect(note).to_contain_text("the list of answers from the jimlad prompt OrdersPrompt")
    expect(page.locator("g.ship[data-name='Da Big Smasha']")).to_have_count(1)


def test_a_view_with_nothing_left_out_shows_no_note(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "heuristic"})
    open_table(page, server, g["links"]["red"])
    expect(page.locator("#degraded")).to_be_hidden()
