"""Naval Warhammer's table as a player reads it (issue 25, items 8-14), in chromium: the move's
ghost follows the chosen distance and turn (the server's move preview), a guessed range is never
measured for the player, only legal shooters are offered; screenshots kept in the run's output
folder (``test-results/`` by default)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, PHONE, TABLET, Server
from tests.browser.test_navalwarhammer import freeforall_at, view, watch
from tests.browser.test_rulesets import answer, answered, api, dataset, replay_to, replayed_from

T = TypeVar("T")


@pytest.fixture
def server(module_server: Server) -> Iterator[Server]:
    yield module_server


def shot(page: Page, pytestconfig: pytest.Config, name: str) -> None:
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / name))


def open_game(browser: Browser, server: Server, seed: int = 11, size: tuple[int, int] = DESKTOP) -> tuple[Page, list[str]]:
    game = api(server, "/api/games", {"ruleset": "navalwarhammer", "scenario": "duel", "seed": seed, "seats": {"red": "human", "blue": "heuristic"}})
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size != DESKTOP)
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


@pytest.mark.parametrize("size", [DESKTOP, TABLET, PHONE], ids=["desktop", "tablet", "phone"])
def test_the_move_ghost_follows_the_chosen_distance_and_turn(browser: Browser, server: Server, pytestconfig: pytest.Config, size: tuple[int, int]) -> None:
    """Item 8: at 0" the ghost stays where she lies (a turn takes inches of the move, so no turn is
    offered there); at the least move that fits her sharpest turn to port, the ghost is turned by
    it and has not run the allowance ahead; the ghost is the server's preview, and the move made
    ends where it was drawn."""
    page, errors = open_game(browser, server, size=size)
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
    shot(page, pytestconfig, f"navalwarhammer-move-ghost-turned-{size[0]}x{size[1]}.png")
    # the move made is the move previewed
    before = dataset(page, "actions")
    page.click("#nw-move")
    answered(page, before)
    after = view(page)["state"]["ships"][p["ship"]]["pose"]
    assert after == pytest.approx(pv["end"], abs=1e-3)
    page.context.close()
    assert errors == [], errors


def to_shooting(page: Page, wanted: Callable[[dict[str, Any]], T | None], actions: int) -> T | None:
    """Play the page's seat (moving straight on as far as it may, the generic forms' first answer
    for the rest, ending each shooting ``wanted`` finds nothing in) for at most ``actions``
    answers, until ``wanted`` finds what it looks for in a shooting prompt's view; that (None:
    the game ended first)."""
    for _ in range(actions):
        page.wait_for_function(
            "document.body.dataset.busy !== '1' && (document.body.dataset.prompt !== 'none' || document.body.dataset.over === '1')", timeout=60_000
        )
        if dataset(page, "over") == "1":
            return None
        kind = page.get_attribute("#decision", "data-kind")
        before = dataset(page, "actions")
        if kind == "ShootPrompt":
            found = wanted(view(page))
            if found is not None:
                return found
            page.click("#nw-end-shooting")
        elif kind == "SteerPrompt":
            page.wait_for_selector("#board g.move-reach")
            page.click("#nw-move")
        else:
            answer(page)
        answered(page, before)
    return None


def to_a_guessed_shot(page: Page) -> dict[str, Any]:
    """Play on until a cannon or a stone thrower is offered a shot beyond point blank; that view."""

    def guessing(v: dict[str, Any]) -> dict[str, Any] | None:
        offered = page.eval_on_selector_all("#nw-shooter option", "os => os.map(o => o.value)")
        return v if any(v["state"]["units"][u].get("engine") in ("cannon", "stone thrower") for u in offered) else None

    found = to_shooting(page, guessing, 120)
    assert found is not None, "the game ended before a guessed shot"
    return found


def listed_shooters(v: dict[str, Any]) -> list[str]:
    return sorted({o["value"]["shooter"] for o in v["prompt"]["legal"]["parts"][0]["options"] if o["value"].get("shooter")})


@pytest.mark.parametrize(("pre_measure", "size"), [(False, DESKTOP), (True, DESKTOP), (False, PHONE)], ids=["by-eye", "pre-measured", "by-eye-phone"])
def test_a_guessed_range_is_not_measured_for_the_player(
    browser: Browser, server: Server, pytestconfig: pytest.Config, pre_measure: bool, size: tuple[int, int]
) -> None:
    """Items 9 and 11: only the shooters the listing lets shoot are offered; a guessing gun's
    guess starts at the middle of its range and a click on the enemy does not set it to the true
    distance, and nothing on the board or in the form prints a distance (with pre-measuring on,
    the click sets the guess and the aim's distance is shown); the shot's log line then tells the
    guess and the true range."""
    game = api(
        server,
        "/api/games",
        {"ruleset": "navalwarhammer", "scenario": "duel", "seed": 2, "seats": {"red": "heuristic", "blue": "human"}, "options": {"pre_measure": pre_measure}},
    )
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size != DESKTOP)
    page = context.new_page()
    errors = watch(page)
    page.goto(server.url + game["links"]["blue"])
    page.wait_for_selector("body[data-ready='1'][data-conn='live'][data-plugin='1']")
    v = to_a_guessed_shot(page)
    state = v["state"]
    offered = page.eval_on_selector_all("#nw-shooter option", "os => os.map(o => o.value)")
    assert sorted(offered) == listed_shooters(v)  # item 11: a gun with nothing in its arc is not offered
    gun = next(u for u in offered if state["units"][u].get("engine") in ("cannon", "stone thrower"))
    lo, hi = state["units"][gun]["range"]
    page.select_option("#nw-shooter", gun)
    assert float(page.input_value("#nw-guess")) == pytest.approx((lo + hi) / 2)  # a neutral start
    enemy = next(a["value"]["ship"] for a in v["prompt"]["legal"]["parts"][0]["options"] if a["value"].get("shooter") == gun)
    box = page.locator(f'#board g.nw-ship[data-ship="{enemy}"] rect.hull').bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("document.querySelector('#nw-aim-note').textContent.startsWith('aiming at')")
    # the targets offered are the listing's for this gun at this ship
    targets = page.eval_on_selector_all("#nw-target option", "os => os.map(o => o.value)")
    assert sorted(targets) == sorted(
        {a["value"]["target"] or "" for a in v["prompt"]["legal"]["parts"][0]["options"] if a["value"].get("shooter") == gun and a["value"]["ship"] == enemy}
    )
    guess = float(page.input_value("#nw-guess"))
    aim_text = page.eval_on_selector_all("#layer-aim text", "ts => ts.map(t => t.textContent)")
    form_text = page.inner_text("#decision")
    if pre_measure:
        assert guess != pytest.approx((lo + hi) / 2) and aim_text  # the click measured it, and the board says how far
        laid = page.eval_on_selector_all(
            "#layer-labels text, #layer-ships text, #layer-shots text, #layer-reach text, #layer-aim text, #layer-preview text",
            "ts => ts.map(t => { const b = t.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height, text: t.textContent}; })",
        )
        assert boxes_overlap(laid) == [], [(laid[i]["text"], laid[j]["text"]) for i, j in boxes_overlap(laid)]  # the aim's label laid out too
    else:
        assert guess == pytest.approx((lo + hi) / 2)  # the click set the bearing, not the guess
        assert aim_text == []  # no distance on the board
        assert "guess the range by eye" in form_text
        for label in page.eval_on_selector_all("#board text", "ts => ts.map(t => t.textContent)"):
            assert "guessed" not in label or "true range" in label  # only past shots' guesses, told with their result
    shot(page, pytestconfig, f"navalwarhammer-guess-{'premeasured' if pre_measure else 'by-eye'}-{size[0]}x{size[1]}.png")
    log_before = len(view(page)["log"])
    # a guess the rules take (a stone's line must pass near the ship): the quarters of the range,
    # as the listing has them, the nearest first
    for k in (1, 0, 2, 3, 4):
        page.eval_on_selector("#nw-guess", "(el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); }", lo + (hi - lo) * k / 4)
        before = dataset(page, "actions")
        page.click("#nw-shoot")
        answered(page, before)
        if page.inner_text("#error") == "":
            break
    assert page.inner_text("#error") == ""
    told = [e["text"] for e in view(page)["log"][log_before:] if e["kind"] == "guns"]
    assert told and "the true range to her hull" in told[0]
    context.close()
    assert errors == [], errors


def test_a_ball_that_hits_nothing_is_drawn_with_why(browser: Browser, server: Server, pytestconfig: pytest.Config) -> None:
    """Item 10: a computer game with a cannonball that hit nothing, stepped back in the replay to
    just after it: the hulls on its line, where it came down (water or deck) and the nearest
    things short of it and beyond are drawn, and its log line says why."""
    for seed in range(1, 16):
        game = api(server, "/api/games", {"ruleset": "navalwarhammer", "scenario": "duel", "seed": seed, "seats": {"red": "random", "blue": "random"}})
        token = game["spectator"].split("token=")[1]
        final = api(server, f"/api/games/{game['id']}?token={token}")
        misses = [e for e in final["log"] if e["kind"] == "ball-misses"]
        if misses:
            break
    else:
        pytest.fail("no ball hit nothing in fifteen random games")
    miss = misses[0]
    assert "came down" in miss["text"] and ("in the water" in miss["text"] or "deck" in miss["text"])
    page, lo = replayed_from(browser, server, game, miss["seq"], final["actions"])  # the first step whose log holds it
    errors = watch(page)
    replay_to(page, server, game, lo)
    drawn = page.locator(f'#layer-shots g.ball-misses[data-gun="{miss["gun"]}"]')
    drawn.first.wait_for()
    assert drawn.first.get_attribute("data-on") == (miss["on"] or "")
    assert drawn.first.locator("line.shot-deck").count() == len(miss["decks"])
    assert "hits nothing" in drawn.first.inner_html()
    shot(page, pytestconfig, "navalwarhammer-ball-hits-nothing.png")
    page.context.close()
    assert errors == [], errors


def boxes_overlap(boxes: list[dict[str, float]]) -> list[tuple[int, int]]:
    out = []
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[:i]):
            if a["x"] < b["x"] + b["w"] - 1e-3 and b["x"] < a["x"] + a["w"] - 1e-3 and a["y"] < b["y"] + b["h"] - 1e-3 and b["y"] < a["y"] + a["h"] - 1e-3:
                out.append((j, i))
    return out


@pytest.mark.parametrize("size", [DESKTOP, TABLET, PHONE], ids=["desktop", "tablet", "phone"])
def test_ships_show_bow_and_stern_models_keep_to_their_decks_and_labels_do_not_overprint(
    browser: Browser, server: Server, pytestconfig: pytest.Config, size: tuple[int, int]
) -> None:
    """Item 14: every ship is drawn with a pointed bow at her stem and a square stern within the
    rules' footprint; every base aboard lies wholly on its deck; with the ship carrying the most
    war machines selected (their arcs and range labels drawn), no label on the board overprints
    another (their boxes measured)."""
    page, errors = freeforall_at(browser, server, size)
    context = page.context
    v = view(page)
    state = v["state"]
    for name, ship in state["ships"].items():
        g = page.locator(f'#board g.nw-ship[data-ship="{name}"]')
        box = g.locator("path.hull-shape").evaluate("p => { const b = p.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height}; }")
        L, W = ship["length"], ship["width"]
        assert box["x"] == pytest.approx(-L / 2, abs=1e-3) and box["x"] + box["w"] == pytest.approx(L / 2, abs=1e-3)  # stern to stem
        assert box["h"] == pytest.approx(W, abs=1e-3)
        assert g.locator("path.bow").count() == 1 and g.locator("line.stern").count() == 1
    bases = page.eval_on_selector_all(
        "#board g.nw-unit .model",
        "ms => ms.map(m => [m.dataset.on, Number(m.dataset.x), Number(m.dataset.y), Number(m.getAttribute('r') ?? (m.getAttribute('width') / 2)), m.classList.contains('level-water')])",
    )
    aboard = 0
    for on, x, y, r, water in bases:
        if not on or water:
            continue
        ship = state["ships"][on]
        sx, sy, hd = ship["pose"]
        c, s = math.cos(math.radians(hd)), math.sin(math.radians(hd))
        u, w = (x - sx) * c + (y - sy) * s, -(x - sx) * s + (y - sy) * c
        assert abs(u) + r <= ship["length"] / 2 + 1e-3 and abs(w) + r <= ship["width"] / 2 + 1e-3, (on, x, y, r)
        aboard += 1
    assert aboard > 0
    guns: dict[str, int] = {}
    for u in state["units"].values():
        if u.get("engine") and u["figures"] and u["figures"][0][0]:
            guns[u["figures"][0][0]] = guns.get(u["figures"][0][0], 0) + 1
    flagship = max(sorted(guns), key=lambda n: guns[n])
    page.locator(f'button[data-select="{flagship}"]').click()
    page.wait_for_selector("#board g.gun-arc")
    labels = page.eval_on_selector_all(
        "#layer-labels text, #layer-ships text, #layer-shots text, #layer-reach text",
        "ts => ts.map(t => { const b = t.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height, text: t.textContent}; })",
    )
    assert sum(1 for b in labels if '"' in b["text"]) >= guns[flagship]  # each gun's range label
    assert boxes_overlap(labels) == [], [(labels[i]["text"], labels[j]["text"]) for i, j in boxes_overlap(labels)]
    W, H = (float(page.get_attribute("#layer-sea rect.sea", k) or 0) for k in ("width", "height"))
    off = [b["text"] for b in labels if b["x"] < -1e-3 or b["y"] < -1e-3 or b["x"] + b["w"] > W + 1e-3 or b["y"] + b["h"] > H + 1e-3]
    assert off == [], off  # every label on the table, a gun's reach past its edge included
    shot(page, pytestconfig, f"navalwarhammer-ships-and-labels-{size[0]}x{size[1]}.png")
    context.close()
    assert errors == [], errors


def to_a_bolt_shot(page: Page) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """Play on until a bolt thrower has a listed shot: the view and those shots (None: the game
    ended first); every shooting on the way offers only the listed shooters."""

    def bolt_shots(v: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        bolts = [u for u, k in v["prompt"]["shooters"] if k == "bolt thrower"]
        offered = page.eval_on_selector_all("#nw-shooter option", "os => os.map(o => o.value)")
        assert sorted(offered) == listed_shooters(v)
        shots = [o["value"] for o in v["prompt"]["legal"]["parts"][0]["options"] if o["value"].get("shooter") in bolts]
        return (v, shots) if shots else None

    return to_shooting(page, bolt_shots, 200)


def test_a_bolt_thrower_is_offered_only_the_targets_it_may_name(browser: Browser, server: Server, pytestconfig: pytest.Config) -> None:
    """Item 11: the raid's bolt thrower, at the enemy ship clicked, is offered the units and
    parts its listing names (never "whatever the shot meets", which its rules refuse), and the
    shot is taken."""
    context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = context.new_page()
    errors = watch(page)
    for seed in range(1, 7):
        game = api(server, "/api/games", {"ruleset": "navalwarhammer", "scenario": "raid", "seed": seed, "seats": {"red": "human", "blue": "heuristic"}})
        page.goto(server.url + game["links"]["red"])
        page.wait_for_selector("body[data-ready='1'][data-conn='live'][data-plugin='1']")
        found = to_a_bolt_shot(page)
        if found is not None:
            break
    else:
        pytest.fail("no bolt thrower's shot came in six raids")
    _, shots = found
    gun = shots[0]["shooter"]
    ship = shots[0]["ship"]
    page.select_option("#nw-shooter", gun)
    box = page.locator(f'#board g.nw-ship[data-ship="{ship}"] rect.hull').bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("document.querySelector('#nw-aim-note').textContent.startsWith('aiming at')")
    targets = page.eval_on_selector_all("#nw-target option", "os => os.map(o => o.value)")
    assert "" not in targets
    assert sorted(targets) == sorted({a["target"] for a in shots if a["shooter"] == gun and a["ship"] == ship})
    shot(page, pytestconfig, "navalwarhammer-bolt-targets.png")
    before = dataset(page, "actions")
    page.click("#nw-shoot")
    answered(page, before)
    assert page.inner_text("#error") == ""  # the listed default (a named target) is taken: no 422
    context.close()
    assert errors == [], errors
