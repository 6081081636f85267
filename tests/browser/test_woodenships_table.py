"""Wooden Ships at the web table, what issue 25 asked to see, measured in chromium: a ship's
ruler move previewed on the board from the server's ``steer`` preview (the ghost moving with the
option under the pointer and standing where the move then leaves her), the hull drawn as the
outline the rules measure, selection rings only while something is selected, and each section's
state in the panel and on the board.  Screenshots of the fixed states go to the run's output
folder (``test-results/``)."""

from __future__ import annotations

import json
import math
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import DESKTOP, PHONE, TABLET, Server
from tests.browser.test_rulesets import api, dataset
from tests.browser.test_woodenships import by_picks, click_piece, new_game, open_table, settle, share_round, shot, token, watch_errors


@pytest.fixture
def server(module_server: Server) -> Server:
    return module_server


def to_prompt(server: Server, kind: str, scenario: str = "ship-duel") -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """A game of ``scenario`` answered by picks to the person's first prompt of ``kind``."""
    g, me = new_game(server, scenario)
    tok = token(g["links"][me])
    v = api(server, f"/api/games/{g['id']}?token={tok}")
    for _ in range(300):
        if v["prompt"] and v["prompt"]["kind"] == kind:
            return g, me, tok, v
        v = by_picks(server, g["id"], tok, v, share_round)
    raise AssertionError(f"no {kind} came")


def preview(server: Server, game: str, tok: str, angle: float, inches: float) -> dict[str, Any]:
    return dict(api(server, f"/api/games/{game}/preview/steer?{urlencode({'token': tok, 'angle': angle, 'inches': inches})}"))


def flat(points: list[list[float]]) -> list[float]:
    return [c for p in points for c in p]


def ghost(page: Page) -> tuple[float, float, float]:
    g = page.locator("#layer-preview polygon.steer-ghost")
    return float(g.get_attribute("data-x") or "nan"), float(g.get_attribute("data-y") or "nan"), float(g.get_attribute("data-heading") or "nan")


@pytest.mark.rules("WS-MOVE-1")
@pytest.mark.parametrize("size", [DESKTOP, TABLET, PHONE], ids=["desktop", "tablet", "phone"])
def test_the_ruler_move_is_previewed_where_the_server_says_and_the_ship_goes_there(
    context_at: Any, server: Server, size: tuple[int, int], pytestconfig: pytest.Config
) -> None:
    page = context_at(size)
    g, me, tok, v = to_prompt(server, "SteerPrompt")
    p = v["prompt"]
    listed = p["legal"]["parts"][0]["options"]
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    page.wait_for_selector("#steer-options button.steer-option")
    assert page.locator("#steer-options button.steer-option").count() == len(listed)
    seen = []
    for i in (1, len(listed) - 1):  # two different listed moves under the pointer
        want = preview(server, g["id"], tok, listed[i]["value"]["angle"], listed[i]["value"]["inches"])
        page.hover(f"#steer-options button.steer-option[data-pick='{i}']")
        page.wait_for_function(
            "([a, n]) => { const g = document.querySelector('#layer-preview g[data-key=steer]'); return g && g.dataset.angle === String(a) && g.dataset.inches === String(n) && g.querySelector('.steer-ghost'); }",
            arg=[want["angle"], want["inches"]],
        )
        assert ghost(page) == pytest.approx((want["to"]["x"], want["to"]["y"], want["to"]["heading"]), abs=1e-3)
        drawn = page.eval_on_selector("#layer-preview polygon.steer-ghost", "p => [...p.points].map(q => [q.x, q.y])")
        height = v["state"]["table"]["height"]
        assert flat(drawn) == pytest.approx(flat([[x, height - y] for x, y in want["to"]["corners"]]), abs=1e-3)  # the rules' outline, y up
        assert page.locator("#layer-preview .steer-ruler").count() == 1 and page.locator("#layer-preview .steer-track").count() == 2
        seen.append(ghost(page))
    assert seen[0] != seen[1]  # the ghost moved with the option
    shot(page, pytestconfig, f"woodenships-steer-preview-{size[0]}x{size[1]}.png")

    # a click on the table steers: the ruler towards the point, a mark the listing does not have
    sh = next(s for s in v["state"]["ships"] if s["name"] == p["ship"])
    page.locator("#board").scroll_into_view_if_needed()  # on a narrow screen the forms lie below the board
    box = page.locator("#layer-sea rect.sea").bounding_box()
    assert box is not None
    inch = box["width"] / v["state"]["table"]["width"]

    c, s = math.cos(math.radians(sh["heading"] + 20)), math.sin(math.radians(sh["heading"] + 20))
    bow = (sh["x"] + sh["length"] / 2 * math.cos(math.radians(sh["heading"])), sh["y"] + sh["length"] / 2 * math.sin(math.radians(sh["heading"])))
    at = (bow[0] + c * p["value"] * 0.7, bow[1] + s * p["value"] * 0.7)
    # with a mouse, the move under the pointer is previewed before any click
    c2, s2 = math.cos(math.radians(sh["heading"] - 40)), math.sin(math.radians(sh["heading"] - 40))
    over = (bow[0] + c2 * p["value"] * 0.5, bow[1] + s2 * p["value"] * 0.5)
    page.mouse.move(box["x"] + over[0] * inch, box["y"] + (v["state"]["table"]["height"] - over[1]) * inch, steps=3)
    page.wait_for_function("() => Math.abs(Number(document.querySelector('#layer-preview g[data-key=steer]')?.dataset.angle) + 40) <= 1")
    page.mouse.click(box["x"] + at[0] * inch, box["y"] + (v["state"]["table"]["height"] - at[1]) * inch)
    page.wait_for_function("() => !document.querySelector('#steer-go').disabled")
    key = page.locator("#layer-preview g[data-key=steer]")
    angle, inches = float(key.get_attribute("data-angle") or "nan"), float(key.get_attribute("data-inches") or "nan")
    assert angle == pytest.approx(20.0, abs=1.0) and inches == pytest.approx(p["value"] * 0.7, abs=0.2)
    want = preview(server, g["id"], tok, angle, inches)
    assert ghost(page) == pytest.approx((want["to"]["x"], want["to"]["y"], want["to"]["heading"]), abs=1e-3)
    before = dataset(page, "actions")
    page.click("#steer-go")
    settle(page, before)
    after = api(server, f"/api/games/{g['id']}?token={tok}")
    moved = next(s for s in after["state"]["ships"] if s["name"] == p["ship"])
    assert (moved["x"], moved["y"], moved["heading"]) == pytest.approx((want["to"]["x"], want["to"]["y"], want["to"]["heading"]), abs=1e-3)
    assert errors == [], errors


# ---------------------------------------------------------------------- item 2: the rules' outline


def every_type() -> dict[str, Any]:
    """A scenario of one ship of every type in rows, and two narrow ships lying parallel 0.005"
    apart, hull to hull (as a grapple hauls them in), turned 37 degrees."""
    types = [("wide", {"sections": 3}), ("narrow", {}), ("small", {"hit_points": 6}), ("catamaran", {"hit_points": 6})]
    types += [("raft", {"hit_points": 3}), ("sailboat", {}), ("canoe", {}), ("rowboat", {})]
    ships: dict[str, list[dict[str, Any]]] = {"red": [], "blue": []}
    for i, (kind, extra) in enumerate(types):
        ships["red" if i < 4 else "blue"].append(
            {"name": f"The {kind}", "type": kind, "x": 14 + 22 * (i % 4), "y": 14 + 20 * (i // 4), "heading": 15 * i, "crew": [{"kind": "captain"}], **extra}
        )
    c, s = math.cos(math.radians(37)), math.sin(math.radians(37))
    gap = 4.0 + 0.005  # the widths' halves and the gap between the rails
    ships["blue"].append({"name": "Griffin", "type": "narrow", "x": 60, "y": 60, "heading": 37, "crew": [{"kind": "captain"}]})
    ships["red"].append({"name": "Crescent", "type": "narrow", "x": 60 + s * gap, "y": 60 - c * gap, "heading": 37, "crew": [{"kind": "captain"}]})
    return {
        "name": "every-type",
        "ruleset": "woodenships",
        "table": {"width": 100, "height": 80},
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [{"seat": k, "ships": v} for k, v in ships.items()],
        "options": {"cost_margin": 1000, "equal_figures": False},
    }


def drawn_hulls(page: Page) -> dict[str, list[list[float]]]:
    """Each ship's drawn hull outline in table inches (y up), read from the SVG."""
    return dict(
        page.evaluate(
            """() => { const svg = document.querySelector('#board'); const H = Number(document.querySelector('#layer-sea rect.sea').getAttribute('height'));
               return [...document.querySelectorAll('#layer-ships g.ws-ship')].map(g => { const p = g.querySelector('.hull');
                 const m = svg.getScreenCTM().inverse().multiply(p.getScreenCTM());
                 return [g.dataset.name, [...p.points].map(q => { const w = new DOMPoint(q.x, q.y).matrixTransform(m); return [w.x, H - w.y]; })]; }); }"""
        )
    )


@pytest.mark.parametrize("size", [DESKTOP, TABLET, PHONE], ids=["desktop", "tablet", "phone"])
def test_every_ship_type_is_drawn_as_the_outline_the_rules_measure(context_at: Any, server: Server, size: tuple[int, int], pytestconfig: pytest.Config) -> None:
    from grapeshot.geometry import Hull, hull_distance, hulls_overlap

    page = context_at(size)
    g = api(server, "/api/games", {"ruleset": "woodenships", "scenario_yaml": json.dumps(every_type()), "seed": 1, "seats": {"red": "human", "blue": "human"}})
    v = api(server, f"/api/games/{g['id']}?token={token(g['links']['red'])}")
    errors = watch_errors(page)
    open_table(page, server, g["links"]["red"])
    drawn = drawn_hulls(page)
    hulls = {s["name"]: Hull(s["x"], s["y"], s["heading"], s["length"], s["width"]) for s in v["state"]["ships"]}
    assert {s["type"] for s in v["state"]["ships"]} == {"wide", "narrow", "small", "catamaran", "raft", "sailboat", "canoe", "rowboat"}
    for name, hull in hulls.items():
        assert flat(drawn[name]) == pytest.approx(flat([list(c) for c in hull.corners]), abs=1e-3), name
    # the pair alongside: the rules' gap is 0.005", and the drawn outlines do not overlap either
    assert hull_distance(hulls["Griffin"], hulls["Crescent"]) == pytest.approx(0.005, abs=1e-4)
    a, b = (Hull(*centre_pose(drawn[n]), 8.0, 4.0) for n in ("Griffin", "Crescent"))
    assert not hulls_overlap(a, b) and hull_distance(a, b) == pytest.approx(0.005, abs=1e-3)
    # nothing the ship draws for itself (its rail, decks, bow) reaches beyond its outline
    for name in ("Griffin", "Crescent"):
        inside = page.evaluate(
            """(n) => { const g = document.querySelector(`#layer-ships g.ws-ship[data-name="${n}"] .body`); const b = g.getBBox(); return [b.x, b.y, b.width, b.height]; }""",
            name,
        )
        sh = next(s for s in v["state"]["ships"] if s["name"] == name)
        assert inside[0] >= -sh["length"] / 2 - 1e-6 and inside[1] >= -sh["width"] / 2 - 1e-6
        assert inside[0] + inside[2] <= sh["length"] / 2 + 1e-6 and inside[1] + inside[3] <= sh["width"] / 2 + 1e-6
    # no label overprints another (their boxes measured on the screen), nor another ship's hull
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('#layer-ships .ws-name, #layer-ships .hp-track, #layer-ships .ws-marks')].map(el => {
             const b = el.getBoundingClientRect(); return [el.closest('g.ws-ship').dataset.name, el.getAttribute('class'), b.left, b.top, b.right, b.bottom]; })"""
    )
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5 and a[3] < b[5] - 0.5 and b[3] < a[5] - 0.5), (a, b)
    hull_boxes = page.evaluate(
        "() => [...document.querySelectorAll('#layer-ships g.ws-ship')].map(g => { const b = g.querySelector('.hull').getBoundingClientRect(); return [g.dataset.name, b.left, b.top, b.right, b.bottom]; })"
    )
    for name, left, top, right, bottom in hull_boxes:
        for a in boxes:
            if a[0] != name:
                assert not (a[2] < right - 0.5 and left < a[4] - 0.5 and a[3] < bottom - 0.5 and top < a[5] - 0.5), (a, name)
    shot(page, pytestconfig, f"woodenships-every-ship-type-{size[0]}x{size[1]}.png")
    assert errors == [], errors


def centre_pose(corners: list[list[float]]) -> tuple[float, float, float]:
    """The centre and heading of a drawn rectangle (bow-port, stern-port, stern-starboard, bow-starboard)."""
    x = sum(p[0] for p in corners) / 4
    y = sum(p[1] for p in corners) / 4
    bow = ((corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2)
    return x, y, math.degrees(math.atan2(bow[1] - y, bow[0] - x))


# ---------------------------------------------------------------------- item 3: selections come and go


def test_a_selections_rings_are_drawn_only_while_it_is_selected_live(page: Page, server: Server, pytestconfig: pytest.Config) -> None:
    g, me, _, v = to_prompt(server, "NextPrompt")
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    ready = v["prompt"]["ready"][0]
    click_piece(page, f"#layer-figures g[data-name='{ready}'] .base")
    page.wait_for_selector(f"#layer-select .move-ring[data-figure='{ready}']")
    # a replayed step draws no selection, nor an aim
    page.click("#replay-open")
    page.wait_for_function("document.body.dataset.replay !== ''")
    page.fill("#replay-slider", "0")
    page.wait_for_function("document.body.dataset.replay === '0'")
    assert page.locator("#layer-select *").count() == 0 and page.locator("#layer-aim *").count() == 0
    shot(page, pytestconfig, "woodenships-replay-no-rings.png")
    page.click("#replay-live")
    page.wait_for_function("document.body.dataset.replay === ''")
    # chosen again, then the figures' turn ended: the next decision (the other side's, then the
    # ship phase) shows no rings until something is selected again
    page.click(f"button.next-figure[data-figure='{ready}']")
    page.wait_for_selector(f"#layer-select .move-ring[data-figure='{ready}']")
    before = dataset(page, "actions")
    page.click("#pass")
    settle(page, before)
    page.wait_for_function("document.body.dataset.busy !== '1' && document.body.dataset.prompt !== 'NextPrompt'")
    assert page.locator("#layer-select *").count() == 0
    page.wait_for_function("document.body.dataset.prompt === 'SteerPrompt'", timeout=60_000)
    assert page.locator("#layer-select *").count() == 0
    shot(page, pytestconfig, "woodenships-ship-phase-no-rings.png")
    assert errors == [], errors


# ---------------------------------------------------------------------- item 4: sections and the pool


@pytest.mark.rules("WS-SHIP-2", "WS-DMG-1", "WS-ANIMAL-6")
def test_a_damaged_ships_panel_and_board_say_its_pool_and_each_sections_state(page: Page, server: Server, pytestconfig: pytest.Config) -> None:
    from tests.browser.test_woodenships import breathe_until_alight

    g, v = breathe_until_alight(server)
    sh = next(s for s in v["state"]["ships"] if s["name"] == "Sea Wolf")
    fire = v["state"]["fires"][0]
    left = sh["points"] - sh["lost"]
    assert 0 < left < sh["points"]
    errors = watch_errors(page)
    open_table(page, server, g["links"]["blue"])
    card = page.inner_text("#pieces [data-ship='Sea Wolf'] .facts") if page.locator("#pieces").count() else page.inner_text("[data-ship='Sea Wolf'] .facts")
    assert f"{left}/{sh['points']} hit points" in card
    assert f"{fire['section']} on fire" in card
    for sec in sh["sections"]:  # no section reads as untouched by its starting share
        assert f"{sec['name']} {sec['hit_points']}" not in card
    board = page.locator("#layer-ships g.ws-ship[data-name='Sea Wolf']")
    assert board.locator(".ws-marks").text_content() == f"{left}/{sh['points']} · {'dead in the water' if sh['band'] == 'dead' else 'half speed'}"
    states = dict(board.locator("g.section").evaluate_all("gs => gs.map(g => [g.dataset.section, g.dataset.state])"))
    assert states == {c["name"]: ("burning" if c["name"] == fire["section"] else "intact") for c in sh["sections"]}
    assert all(f"{left} of {sh['points']} left" in (t or "") for t in board.locator("g.section > title").all_text_contents())
    shot(page, pytestconfig, "woodenships-sections-and-pool.png")
    assert errors == [], errors


# ---------------------------------------------------------------------- item 5: one measure


def to_a_shot(server: Server) -> tuple[dict[str, Any], str, str, dict[str, Any], int]:
    """A ship duel played by picks until the person's figure may shoot: the game, seat, token,
    view and the index of the first shot listed."""
    g, me = new_game(server, "ship-duel")
    tok = token(g["links"][me])
    v = api(server, f"/api/games/{g['id']}?token={tok}")
    for _ in range(400):
        p = v["prompt"]
        options = [o["value"] for o in p["legal"]["parts"][0]["options"]] if p else []
        if p and p["kind"] == "ActPrompt":
            shots = [i for i, o in enumerate(options) if o["what"] == "shoot"]
            if shots:
                return g, me, tok, v, shots[0]
        pick = share_round(p)
        if p["kind"] == "NextPrompt" and len(options) > 1:
            pick = [1]
        elif p["kind"] == "ActPrompt":
            pick = [next((i for i, o in enumerate(options) if o["what"] == "none"), 0)]
        v = dict(api(server, f"/api/games/{g['id']}/actions?token={tok}", {"picks": pick, "digest": p["legal"]["digest"]}))
    raise AssertionError("no shot came")


@pytest.mark.rules("WS-ARMS-1")
def test_the_range_printed_before_a_shot_is_the_one_the_log_gives(page: Page, server: Server, pytestconfig: pytest.Config) -> None:
    g, me, tok, v, i = to_a_shot(server)
    option = v["prompt"]["legal"]["parts"][0]["options"][i]["value"]
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    page.select_option("#act-list", str(i))
    page.wait_for_selector("#layer-aim text.target-range[data-range]")
    shown = float(page.get_attribute("#layer-aim text.target-range", "data-range") or "nan")
    label = page.locator("#layer-aim text.target-range").evaluate("t => t.firstChild.textContent")
    fig = next(f for f in v["state"]["figures"] if f["name"] == v["prompt"]["figure"])
    foe = next(f for f in v["state"]["figures"] if f["name"] == option["target"])
    centres = math.hypot(foe["x"] - fig["x"], foe["y"] - fig["y"])
    assert shown < centres - 0.5  # base edge to base edge, not the centres' distance
    shot(page, pytestconfig, "woodenships-shot-range.png")
    before = dataset(page, "actions")
    page.click("#act-go")
    settle(page, before)
    log = api(server, f"/api/games/{g['id']}?token={tok}&since=0")["log"]
    fired = [e for e in log if e["kind"] == "shot" and e.get("figure") == fig["name"]][-1]
    assert fired["range"] == pytest.approx(shown, abs=1e-4)
    assert label.endswith(f': {round(fired["range"], 1):g}"'), label  # the page prints the rules' number
    assert errors == [], errors


# ---------------------------------------------------------------------- item 6: words


def test_the_top_bar_says_the_seat_once_and_the_draft_counts_by_kind(page: Page, server: Server, pytestconfig: pytest.Config) -> None:
    g, me, tok, v = to_prompt(server, "PickPrompt")
    for _ in range(2):  # the person takes two weapons (the AI its own between)
        v = by_picks(server, g["id"], tok, v, share_round)
    assert v["prompt"]["kind"] == "PickPrompt" and v["prompt"]["text"].startswith(f"{me}: ")
    taken = v["state"]["draft"]["taken"][me]
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    top = page.inner_text("#waiting")
    assert top.count(me) == 1, top  # "Your decision (red): take a weapon from the pile"
    words = page.inner_text(f"#draft-taken [data-seat='{me}']")
    assert ", ".join(taken) not in words and not any(name in words for name in taken), words  # no "rifle 1, rifle 3"
    kinds = [n.rsplit(" ", 1)[0] for n in taken]
    assert all(k in words for k in kinds) and words.startswith(f"{me} has taken ")
    shot(page, pytestconfig, "woodenships-draft-words.png")
    assert errors == [], errors


def test_the_game_over_banner_says_the_points_in_words(page: Page, server: Server, pytestconfig: pytest.Config) -> None:
    g, me = new_game(server, "ship-duel", options={"turn_limit": 1})
    tok = token(g["links"][me])
    v = api(server, f"/api/games/{g['id']}?token={tok}")
    for _ in range(300):
        if v["outcome"] is not None:
            break
        v = by_picks(server, g["id"], tok, v, share_round)
    assert v["outcome"] is not None and "{" in v["outcome"]["detail"]  # the rules' detail keeps its record
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    banner = page.inner_text("#outcome")
    assert "Game over" in banner and "{" not in banner and "points" in banner, banner
    shot(page, pytestconfig, "woodenships-game-over.png")
    assert errors == [], errors


# ---------------------------------------------------------------------- item 7: the module, oars, ram odds


def galleys() -> dict[str, Any]:
    """Red's galley heading east straight at the side of Blue's, 10" off, both with sweeps and a
    ram, the collisions module in play."""
    crew = [{"kind": "captain", "weapons": ["sword"]}, {"kind": "man", "count": 4, "weapons": ["sword"]}]
    lion = {"name": "Lion", "type": "narrow", "sections": 4, "x": 20, "y": 24, "heading": 0, "sweeps": True, "ram": True, "crew": crew}
    crescent = {"name": "Crescent", "type": "narrow", "sections": 4, "x": 40, "y": 24, "heading": 90, "sweeps": True, "ram": True, "crew": crew}
    return {
        "name": "galley-ram",
        "ruleset": "woodenships",
        "modules": ["collisions"],
        "table": {"width": 72, "height": 48},
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [{"seat": "red", "ships": [lion]}, {"seat": "blue", "ships": [crescent]}],
        "options": {"initiative": "fixed", "cost_margin": 1000, "equal_figures": False},
    }


@pytest.mark.rules("CG-RAM-2", "CG-SIDE-4")
def test_the_module_is_named_galleys_row_and_a_rams_odds_read_in_a_few_lines(page: Page, server: Server, pytestconfig: pytest.Config) -> None:
    g = api(server, "/api/games", {"ruleset": "woodenships", "scenario_yaml": json.dumps(galleys()), "seed": 2, "seats": {"red": "human", "blue": "heuristic"}})
    tok = token(g["links"]["red"])
    v = api(server, f"/api/games/{g['id']}?token={tok}")
    assert v["prompt"]["kind"] == "SteerPrompt", v["prompt"]["kind"]
    errors = watch_errors(page)
    open_table(page, server, g["links"]["red"])
    assert "Collisions, grappling and boarding" in page.inner_text("#game-modules")  # the module in play, named
    for name in ("Lion", "Crescent"):  # each galley's sweeps drawn, a bank either side
        assert page.locator(f"#layer-ships g.ws-ship[data-name='{name}'] .oars line.oar").count() >= 8
    ahead = page.locator("#steer-options tr[data-swing='0'] button.steer-option").last
    ahead.click()
    page.wait_for_function("() => !document.querySelector('#steer-odds-go').disabled")
    assert "stops against Crescent" in page.inner_text("#steer-note")
    page.click("#steer-odds-go")
    page.wait_for_selector("#steer-odds-mean")
    assert page.inner_text("#steer-odds-mean").startswith("mean damage: ")
    sink = page.locator("#steer-odds-sink")
    assert "sinks" in sink.inner_text() and 0.0 <= float(sink.get_attribute("data-sinks") or "nan") <= 1.0
    details = page.locator("#steer-odds-all")
    assert details.get_attribute("open") is None and page.locator("#steer-odds-all table").is_hidden()  # the list on demand
    page.click("#steer-odds-all summary")
    assert page.locator("#steer-odds-all tr").count() > 3
    shot(page, pytestconfig, "woodenships-galley-ram-odds.png")
    assert errors == [], errors
