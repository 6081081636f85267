"""The web table in a real browser: the lobby, a whole game, sealed orders, watching, replay,
a server restart, refusals, saves and undo. Every action goes through the page's own controls."""

from __future__ import annotations

import hashlib
import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import Server

QUICK = {"turn_limit": 3, "random_events": False}


def api(server: Server, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.loads(r.read())


def new_game(server: Server, **req: Any) -> dict[str, Any]:
    req.setdefault("scenario", "duel")
    req.setdefault("seed", 5)
    req.setdefault("options", QUICK)
    if req["seed"] is None:  # the server draws the seed (a 64-bit number no page may round)
        del req["seed"]
    return dict(api(server, "/api/games", req))


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def open_table(page: Page, server: Server, link: str) -> Page:
    page.goto(link if link.startswith("http") else server.url + link)
    page.wait_for_selector("body[data-ready='1'][data-conn='live']")
    return page


def data(page: Page, name: str) -> str:
    return str(page.evaluate(f"document.body.dataset[{name!r}] ?? ''"))


def settle(page: Page, before: str) -> None:
    """Wait until the action just sent is answered: the game moved on, or the page shows a refusal."""
    page.wait_for_function(
        "(n) => document.body.dataset.busy !== '1' && (document.body.dataset.actions !== n || document.body.dataset.over === '1'"
        " || document.querySelector('#error').textContent !== '')",
        arg=before,
    )
    assert page.inner_text("#error") == "", page.inner_text("#error")


def aim_at(page: Page, ship: str) -> None:
    box = page.locator(f"g.ship[data-name={ship!r}] rect.hull").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def shoot(page: Page, enemy: str) -> bool:
    """Try each krak kannon on the enemy; fire the first that has it in arc and range."""
    for gun in ("fore", "port", "starboard"):
        button = page.locator(f"[data-gun={gun}][data-shell=krak]")
        if not button.count():
            continue
        button.click()
        aim_at(page, enemy)
        if page.is_enabled("#fire"):
            expect(page.locator("#odds")).to_contain_text("Misses every hull")
            page.click("#fire")
            return True
        page.click("#cancel-aim")
    return False


def play_one(page: Page, enemy: str, tried: set[str], slow: bool = False) -> str:
    """Answer the prompt on the page with its own controls; returns the prompt's kind.

    Orders: the first card offered (the last when ``slow``). Distances: the most offered (the
    least when ``slow``: the slider pushed to its start). Shooting: krak at the enemy from the
    first kannon that has it in arc and range, once a step; then end shooting. Anything else:
    pass."""
    kind = data(page, "prompt")
    before = data(page, "actions")
    if kind == "OrdersPrompt":
        if slow:
            for card in page.locator("#decision select.card").all():
                card.select_option(index=card.evaluate("s => s.options.length") - 1)
        page.click("#submit-orders")
    elif kind == "DistancePrompt":
        if slow:
            page.focus("#distance")
            page.keyboard.press("Home")
        page.click("#submit-distance")
    elif kind == "ShootPrompt":
        if before in tried or not shoot(page, enemy):
            page.click("#end-shooting")
        tried.add(before)
    else:
        page.click("#pass")
    settle(page, before)
    return kind


# ---------------------------------------------------------------------- (a) a whole game


def start_in_lobby(page: Page, server: Server, scenario: str, seats: dict[str, str], *, turn_limit: int, seed: int, events: bool = True) -> str | None:
    """Start a game with the lobby's own controls; the link of the red seat."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#scenario", scenario)
    for seat, player in seats.items():
        page.select_option(f"select.player[data-seat={seat}]", player)
    page.fill("#opt-turn_limit", str(turn_limit))
    if not events:
        page.uncheck("#opt-random_events")
    page.fill("#seed", str(seed))
    page.click("#start")
    return page.get_attribute("#links a[data-open=red]", "href")


def test_a_whole_game_against_the_ai_from_the_lobby_to_the_result(page: Page, server: Server) -> None:
    link = start_in_lobby(page, server, "duel", {"red": "human", "blue": "heuristic"}, turn_limit=3, seed=5, events=False)
    assert link is not None and "token=" in link
    expect(page.locator("#links input[data-link=spectator]")).to_have_value(re.compile(r"/table/.+\?token="))

    open_table(page, server, link)
    expect(page.locator("#turn")).to_have_text("1")
    expect(page.locator("#waiting")).to_contain_text("choose a manoeuvre card")
    kinds: list[str] = []
    tried: set[str] = set()
    for _ in range(60):
        if data(page, "over") == "1":
            break
        kinds.append(play_one(page, "Red Wunz Go Fasta", tried, slow=True))
    assert data(page, "over") == "1", kinds
    assert {"OrdersPrompt", "DistancePrompt", "ShootPrompt"} <= set(kinds)
    expect(page.locator("#outcome")).to_contain_text("Game over on turn 3")
    expect(page.locator("#outcome")).not_to_contain_text("-")  # "Da Best Of Da Rest", not best-of-the-rest
    expect(page.locator("#log")).to_contain_text("Turn 3")
    expect(page.locator("#log li[data-kind=victory] .rule")).to_have_text("JL-WIN-3")
    expect(page.locator("#seed-status")).to_have_text("✔ verified")
    assert page.locator("#log li[data-kind=krak]").count() >= 1  # a shot was aimed on the table and fired
    # a krak entry highlights its geometry: mount, arc, aim, range line and landing point
    page.locator("#log li[data-kind=krak]").first.click()
    assert page.locator("#layer-highlight .arc").count() == 1
    assert page.locator("#layer-highlight .hl-point").count() == 1
    page.locator("#log li[data-kind=move]").first.click()
    assert page.locator("#layer-highlight .hl-hull").count() == 2


def test_brawl_against_three_ai_seats_one_of_them_the_search_player(page: Page, server: Server) -> None:
    """The README's promise: start brawl against three AI seats in the lobby and play it to a result."""
    seats = {"red": "human", "blue": "search", "yellow": "heuristic", "green": "heuristic"}
    link = start_in_lobby(page, server, "brawl", seats, turn_limit=2, seed=8)
    assert link is not None
    open_table(page, server, link)
    kinds: list[str] = []
    tried: set[str] = set()
    for _ in range(80):
        if data(page, "over") == "1":
            break
        kinds.append(play_one(page, "Red Wunz Go Fasta", tried))
    assert data(page, "over") == "1", kinds
    expect(page.locator("#outcome")).to_contain_text("Game over on turn 2")
    expect(page.locator("#seed-status")).to_have_text("✔ verified")
    # the search seat moved its ship by its own orders, revealed with everyone's
    expect(page.locator("#log")).to_contain_text("blue: Red Wunz Go Fasta card")


# ---------------------------------------------------------------------- (b) sealed orders


def test_sealed_orders_stay_hidden_then_are_revealed_and_verified(browser: Browser, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "human"})
    red_ctx, blue_ctx = browser.new_context(), browser.new_context()
    red, blue = red_ctx.new_page(), blue_ctx.new_page()
    seen: list[str] = []  # everything blue's page is sent: socket frames and API answers
    blue.on("websocket", lambda ws: ws.on("framereceived", lambda payload: seen.append(str(payload))))
    responses: list[Any] = []
    blue.on("response", lambda r: responses.append(r) if "/api/" in r.url else None)
    open_table(red, server, g["links"]["red"])
    open_table(blue, server, g["links"]["blue"])

    red.select_option("#decision select.card", index=1)  # a card other than the first, to look for
    red.click("#submit-orders")
    expect(red.locator("#sealed")).to_contain_text("Your orders are sealed")
    sealed = api(server, f"/api/games/{g['id']}?token={token(g['links']['red'])}")["sealed"]
    text = json.dumps(sealed, sort_keys=True, separators=(",", ":"))
    commitment = blue.locator("li.commit[data-seat=red]")
    expect(commitment.locator(".status")).to_have_text("sealed")
    published = api(server, f"/api/games/{g['id']}?token={token(g['spectator'])}")["commitments"][0]["hash"]
    expect(commitment.locator(".hash")).to_have_text(published)
    order = json.dumps(sealed["orders"][0], sort_keys=True, separators=(",", ":"))
    page_text = blue.content()
    assert text not in page_text and order not in page_text and "Orders revealed" not in page_text
    blue.wait_for_timeout(200)
    wire = seen + [r.text() for r in responses]
    assert wire and not any(order in w or text in w for w in wire)
    assert any(published in w for w in wire)  # the hash did reach blue's page

    blue.click("#submit-orders")
    for p in (red, blue):
        expect(p.locator("li.commit[data-revealed='1'] .status.verified")).to_have_count(2)
        expect(p.locator(".mismatch")).to_have_count(0)
        expect(p.locator("#log")).to_contain_text("Orders revealed")
    expect(blue.locator("li.commit[data-seat=red] .text")).to_have_text(text)
    for ctx in (red_ctx, blue_ctx):
        ctx.close()

    # the page checks the hashes itself: a reveal altered on the way shows MISMATCH
    spy = browser.new_page()

    def tamper(route: Route) -> None:
        view = route.fetch().json()
        view["commitments"][0]["text"] = view["commitments"][0]["text"].replace('"card":', '"card": ')
        route.fulfill(json=view)

    spy.route(re.compile(r".*/api/games/[^/?]+\?.*"), tamper)
    spy.route_web_socket(re.compile(r".*/ws/.*"), lambda ws: None)  # no live updates to undo the tampering
    spy.goto(server.url + g["spectator"])
    expect(spy.locator("li.commit .mismatch")).to_have_count(1)
    expect(spy.locator("li.commit .verified")).to_have_count(1)
    spy.close()


# ---------------------------------------------------------------------- (c) watching


def test_a_spectator_page_follows_the_game_live(browser: Browser, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "heuristic"})
    watcher = open_table(browser.new_page(), server, g["spectator"])
    player = open_table(browser.new_page(), server, g["links"]["red"])
    expect(watcher.locator("#me")).to_have_text("watching")
    expect(watcher.locator("#undo")).to_be_hidden()  # the hidden attribute beats the buttons' display rule
    expect(watcher.locator("#decision")).to_contain_text("You are watching")
    ship = watcher.locator("g.ship[data-name='Da Big Smasha']")
    x0 = float(ship.get_attribute("data-x") or "nan")
    before = int(data(watcher, "actions"))
    for _ in range(2):  # orders, then the distance
        play_one(player, "Red Wunz Go Fasta", set())
    watcher.wait_for_function("(n) => Number(document.body.dataset.actions) >= n", arg=before + 2)
    expect(watcher.locator("#log")).to_contain_text("Da Big Smasha Full Ahead!")
    assert float(ship.get_attribute("data-x") or "nan") > x0 + 20
    assert watcher.locator("#decision button").count() == 0
    assert data(watcher, "turn") == data(player, "turn")


# ---------------------------------------------------------------------- (d) replay


def test_replay_steps_back_and_forth(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "heuristic", "blue": "heuristic"})
    open_table(page, server, g["spectator"])
    total = int(data(page, "actions"))
    assert data(page, "over") == "1" and total > 6
    ship = page.locator("g.ship[data-name='Da Big Smasha']")
    end_x = ship.get_attribute("data-x")
    page.click("#replay-open")
    page.wait_for_function("(n) => document.body.dataset.replay === String(n)", arg=total)
    page.click("#replay-back")
    page.wait_for_function("(n) => document.body.dataset.replay === String(n)", arg=total - 1)
    page.fill("#replay-slider", "0")
    page.wait_for_function("document.body.dataset.replay === '0'")
    expect(page.locator("#replay-banner")).to_contain_text("turn 1")
    assert float(ship.get_attribute("data-x") or "nan") == 16.0  # where the scenario puts her
    assert page.locator("#log li[data-kind=move]").count() == 0
    for step in range(1, 4):
        page.click("#replay-fwd")
        page.wait_for_function("(n) => document.body.dataset.replay === String(n)", arg=step)
    assert float(ship.get_attribute("data-x") or "nan") != 16.0  # orders and distances given: she has moved
    page.fill("#replay-slider", str(total))
    page.wait_for_function("(n) => document.body.dataset.replay === String(n)", arg=total)
    expect(page.locator("#replay-banner")).to_contain_text("turn 3")
    assert ship.get_attribute("data-x") == end_x
    page.click("#replay-live")
    page.wait_for_function("document.body.dataset.replay === ''")
    expect(page.locator("#replay-banner")).to_be_hidden()
    assert page.locator("#log li[data-kind=game-over]").count() == 1


# ---------------------------------------------------------------------- (e) a server restart


def test_the_page_reconnects_after_a_server_restart_and_loses_nothing(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "heuristic"})
    open_table(page, server, g["links"]["red"])
    play_one(page, "Red Wunz Go Fasta", set())  # the orders are acknowledged...
    assert data(page, "prompt") == "DistancePrompt"
    acknowledged = data(page, "actions")
    server.stop()  # ...and the server goes down
    page.wait_for_selector("body[data-conn='reconnecting']")
    page.click("#submit-distance")
    expect(page.locator("#error")).to_contain_text("could not reach the server")
    assert data(page, "actions") == acknowledged
    server.start()  # the same data folder and port
    page.wait_for_selector("body[data-conn='live']", timeout=15000)
    assert data(page, "actions") == acknowledged and data(page, "prompt") == "DistancePrompt"
    page.click("#submit-distance")  # sent again, now taken
    settle(page, acknowledged)
    expect(page.locator("#log")).to_contain_text("Da Big Smasha Full Ahead!")
    view = api(server, f"/api/games/{g['id']}?token={token(g['links']['red'])}")
    assert view["actions"] == int(data(page, "actions")) > int(acknowledged)


# ---------------------------------------------------------------------- (f) refusals


def test_a_refused_action_shows_the_servers_reason(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "heuristic"}, companion=True)
    open_table(page, server, g["links"]["red"])
    assert data(page, "prompt") == "DicePrompt"
    expect(page.locator("#decision")).to_contain_text("Roll scatter for wind direction")
    before = data(page, "actions")
    page.fill("#dice-input", "7 7")
    page.click("#submit-dice")
    expect(page.locator("#error")).to_contain_text("scatter for wind direction")
    assert data(page, "actions") == before
    page.fill("#dice-input", "arrow 90")
    page.click("#submit-dice")
    page.wait_for_function("(n) => document.body.dataset.actions !== n", arg=before)
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#log")).to_contain_text("The wind blows towards 90°")


# ---------------------------------------------------------------------- saves, undo, rosters


def test_save_continue_in_the_lobby_undo_and_roster(page: Page, server: Server) -> None:
    """A game started without a typed seed (the server draws a 64-bit one) downloads a save that
    continues on upload (issue 17)."""
    g = new_game(server, seats={"red": "human", "blue": "heuristic"}, seed=None)
    open_table(page, server, g["links"]["red"])
    play_one(page, "Red Wunz Go Fasta", set())
    with page.expect_download() as dl:
        page.click("#save")
    save = json.loads(Path(dl.value.path()).read_text())
    assert save["format"] == "grapeshot-save" and len(save["actions"]) == int(data(page, "actions"))

    with page.expect_popup() as popup:
        page.click("button[data-roster='Da Big Smasha']")
    expect(popup.value.locator("h1")).to_have_text("Da Big Smasha")
    popup.value.close()

    expect(page.locator("#undo")).to_be_visible()
    before = data(page, "actions")
    page.click("#undo")
    page.click("#undo-yes")  # an undo says what it takes back and is confirmed (issue 25, item 18)
    page.wait_for_function("(n) => document.body.dataset.actions !== n", arg=before)
    assert data(page, "prompt") == "OrdersPrompt" and int(data(page, "actions")) < int(before)
    assert page.locator("#log li[data-kind=orders]").count() == 0

    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#save-file", files=[{"name": "game.save.json", "mimeType": "application/json", "buffer": json.dumps(save).encode()}])
    page.select_option("#save-seats select.player[data-seat=blue]", "heuristic")
    page.click("#upload-save")
    link = page.get_attribute("#links a[data-open=red]", "href")
    assert link is not None
    expect(page.locator(f"#games tr[data-game='{link.split('/table/')[1].split('?')[0]}']")).to_contain_text("open")
    open_table(page, server, link)
    assert data(page, "actions") == str(len(save["actions"])) and data(page, "prompt") == "DistancePrompt"


def test_the_lobby_starts_a_game_from_a_scenario_file_and_hotseat_plays_both_seats(page: Page, server: Server) -> None:
    text = Path("src/grapeshot/rulesets/jimlad/scenarios/duel.yaml").read_text().replace("Duel on da Oshun", "Duel from a file")
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#scenario-file", files=[{"name": "mine.yaml", "mimeType": "text/yaml", "buffer": text.encode()}])
    expect(page.locator("select.player")).to_have_count(2)  # the seats read from the file
    page.select_option("select.player[data-seat=red]", "human")
    page.select_option("select.player[data-seat=blue]", "human")
    page.check("#hotseat")
    page.click("#start")
    expect(page.locator("#links .link-row")).to_have_count(2)  # one shared link, and the spectators'
    expect(page.locator("#links-title")).to_have_text("Duel from a file")  # the scenario's title, not the file's name
    link = page.get_attribute("#links a[data-open=hotseat]", "href")
    assert link is not None
    open_table(page, server, link)
    expect(page.locator("#game-title")).to_have_text("Duel from a file")
    assert data(page, "me") == "red" and data(page, "prompt") == "OrdersPrompt"
    play_one(page, "Red Wunz Go Fasta", set())
    page.wait_for_function("document.body.dataset.me === 'blue'")  # the same screen, passed to blue
    assert data(page, "prompt") == "OrdersPrompt"
    # the hand-over hides the table and blue's form until blue says it is at the screen (issue 17, item 7)
    expect(page.locator("#handover")).to_contain_text("Pass the screen to blue")
    expect(page.locator("#board")).to_be_hidden()
    expect(page.locator("#submit-orders")).to_have_count(0)
    page.click("#handover-ready")
    expect(page.locator("#board")).to_be_visible()
    play_one(page, "Da Big Smasha", set())
    expect(page.locator("#log")).to_contain_text("Orders revealed")
    expect(page.locator("li.commit .status.verified")).to_have_count(2)
    assert data(page, "prompt") == "DistancePrompt"


def test_house_rules_show_an_uploaded_scenarios_values_and_send_what_was_set(page: Page, server: Server) -> None:
    """Issue 17: the lobby shows the file's turn limit; a person may set it back to the default
    (and that is sent); an error in a typed option names its field, and goes when fixed."""
    text = Path("src/grapeshot/rulesets/jimlad/scenarios/duel.yaml").read_text().replace("turn_limit: 12", "turn_limit: 6")
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#opt-turn_limit")).to_have_value("12")
    page.set_input_files("#scenario-file", files=[{"name": "six.yaml", "mimeType": "text/yaml", "buffer": text.encode()}])
    expect(page.locator("#opt-turn_limit")).to_have_value("6")
    expect(page.locator("#opt-turn_limit + .doc")).to_contain_text("this scenario: 6")

    def start() -> dict[str, Any]:
        with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as req:
            page.click("#start")
        return dict(json.loads(req.value.post_data or "{}"))

    assert start()["options"] == {}  # untouched: the scenario's 6 stands
    expect(page.locator("#links-title")).to_have_text("Duel on da Oshun")  # the scenario's title, not the file's name
    page.fill("#opt-turn_limit", "-3")
    assert start()["options"] == {"turn_limit": -3}
    expect(page.locator("#create-error")).to_contain_text("options.turn_limit: expected a value from 1 to 100")
    page.fill("#opt-turn_limit", "12")
    expect(page.locator("#create-error")).to_have_text("")  # the fixed field takes its error away
    assert start()["options"] == {"turn_limit": 12}  # back to the default, over the scenario's 6
    expect(page.locator("#create-error")).to_have_text("")


def test_commitment_hashes_are_what_the_page_says(server: Server) -> None:
    """The rule the page checks by, stated once in Python: sha256(text + ':' + salt)."""
    g = new_game(server, seats={"red": "heuristic", "blue": "heuristic"})
    v = api(server, f"/api/games/{g['id']}?token={token(g['spectator'])}")
    assert v["commitments"] and all(hashlib.sha256(f"{c['text']}:{c['salt']}".encode()).hexdigest() == c["hash"] for c in v["commitments"])
    assert all(isinstance(e.get("text"), (str, type(None))) for e in v["log"])
    assert any(e["kind"] == "move" and e["text"].startswith("Da Big Smasha") for e in v["log"])


# ---------------------------------------------------------------------- companion play


def to_place_prompt(page: Page, server: Server, g: dict[str, Any]) -> None:
    """Companion play from the red seat's page: type the dice and give orders until red is asked
    where a model really stands."""
    red = token(g["links"]["red"])
    for _ in range(40):
        kind = data(page, "prompt")
        if kind == "PlacePrompt":
            break
        before = data(page, "actions")
        if kind == "DicePrompt":
            prompt = api(server, f"/api/games/{g['id']}?token={red}")["prompt"]
            expr = prompt["expr"]
            if expr == "scatter":
                faces = "arrow 90"
            elif expr == "2D6 tens":
                faces = "3 4"
            else:  # nD6, nD6+k, D3: one face per die
                faces = " ".join(["3"] * int(expr.split("D")[0] or 1))
            page.fill("#dice-input", faces)
            page.click("#submit-dice")
            settle(page, before)
        else:
            play_one(page, "Red Wunz Go Fasta", set())
    assert data(page, "prompt") == "PlacePrompt"


def test_companion_play_types_the_dice_and_places_the_model_by_hand(page: Page, server: Server) -> None:
    g = new_game(server, seats={"red": "human", "blue": "heuristic"}, companion=True)
    red = token(g["links"]["red"])
    open_table(page, server, g["links"]["red"])
    to_place_prompt(page, server, g)
    name = api(server, f"/api/games/{g['id']}?token={red}")["prompt"]["ship"]
    expect(page.locator("#decision")).to_contain_text(f"Where does {name} stand on the table?")
    ship = next(s for s in api(server, f"/api/games/{g['id']}?token={red}")["state"]["ships"] if s["name"] == name)
    # too far from where the move left it: the server says so and nothing changes
    before = data(page, "actions")
    page.fill("#place-x", str(round(ship["x"] + 10, 1)))
    page.click("#place-here")
    expect(page.locator("#error")).to_contain_text('more than 6" from where the move left it')
    assert data(page, "actions") == before
    page.fill("#place-x", str(round(ship["x"] - 1.0, 1)))
    page.click("#place-here")
    settle(page, before)
    assert page.inner_text("#error") == "", page.inner_text("#error")
    moved = next(s for s in api(server, f"/api/games/{g['id']}?token={red}")["state"]["ships"] if s["name"] == name)
    assert moved["x"] == pytest.approx(round(ship["x"] - 1.0, 1), abs=0.01)
    expect(page.locator("#log")).to_contain_text("is placed by hand")


def test_the_page_asks_again_when_the_store_is_locked_by_another_process(page: Page, server: Server) -> None:
    """A write that finds the store locked by another process is answered 503 with Retry-After
    (nothing stored); the page's one request function (kit.request) waits and asks again, and
    the action is taken once the lock is let go: here the lock outlasts the server's wait."""
    import sqlite3
    import subprocess
    import sys
    import threading
    import time

    from grapeshot.server.quick import quick_answer

    g = new_game(server, seats={"red": "human", "blue": "human"})
    red = token(g["links"]["red"])
    body = quick_answer(api(server, f"/api/games/{g['id']}?token={red}"))
    db = server.data / "grapeshot.sqlite"

    def stored() -> int:
        with sqlite3.connect(db, timeout=10) as c:
            return int(c.execute("SELECT COUNT(*) FROM actions WHERE game = ?", (g["id"],)).fetchone()[0])

    before = stored()
    page.goto(server.url + "/")
    hold = "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1], isolation_level=None)\ndb.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\nsys.stdin.readline()\ndb.execute('ROLLBACK')\n"
    proc = subprocess.Popen([sys.executable, "-c", hold, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"

        def let_go() -> None:
            time.sleep(6.5)  # longer than the server's 5 s wait: the first answer is a 503
            assert proc.stdin is not None
            proc.stdin.write("\n")
            proc.stdin.flush()

        threading.Thread(target=let_go, daemon=True).start()
        waited, actions = page.evaluate(
            """async ([url, body]) => {
                const kit = await import('/static/kit.js');
                const t0 = performance.now();
                const v = await kit.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
                return [performance.now() - t0, v.actions];
            }""",
            [f"{server.url}/api/games/{g['id']}/actions?token={red}", body],
        )
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert waited > 5000 and actions == before + 1
    assert stored() == before + 1  # taken once, not twice
