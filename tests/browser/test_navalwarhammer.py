"""Naval Warhammer's table script in chromium: the two-fleet duel played to a result through the
script's own forms (a shot aimed by clicking the enemy ship, the guess on a slider; a ship's move
on a slider) with the generic forms for the rest; what it draws checked against the view (every
model on its ship's deck, a stone's template where the dice put it, a gun's 45-degree arc the way
its mount points); and the table at desktop, tablet and phone sizes with no JavaScript error,
screenshots kept in the run's output folder (``test-results/`` by default)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, PHONE, TABLET, Server
from tests.browser.test_rulesets import answer, answered, api, dataset, replay_to, replayed_from

MOST_DECISIONS = 400


def watch(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    return errors


def view(page: Page) -> dict[str, Any]:
    url = page.url.replace("/table/", "/api/games/").replace("&forms=generic", "")
    return dict(page.request.get(url).json())


def on_deck(ship: dict[str, Any], x: float, y: float) -> bool:
    sx, sy, hd = ship["pose"]
    c, s = math.cos(math.radians(hd)), math.sin(math.radians(hd))
    u, v = (x - sx) * c + (y - sy) * s, -(x - sx) * s + (y - sy) * c
    return abs(u) <= ship["length"] / 2 + 1e-3 and abs(v) <= ship["width"] / 2 + 1e-3


def flat(points: Any) -> list[float]:
    return [c for p in sorted(points) for c in p]


def check_drawing(page: Page, v: dict[str, Any]) -> int:
    """Every model drawn on its ship's deck where the view puts it, and each stone's template and
    cannonball of the last two shooting phases at the point the dice put it; how many were checked."""
    state = v["state"]
    models = page.eval_on_selector_all(
        "#board g.nw-unit .model", "ms => ms.map(m => [m.closest('g.nw-unit').dataset.unit, m.dataset.on, Number(m.dataset.x), Number(m.dataset.y)])"
    )
    for unit, on, x, y in models:
        assert unit in state["units"]
        if on:
            assert on_deck(state["ships"][on], x, y), (unit, on, x, y)
    assert len(models) == sum(len(u["figures"]) for u in state["units"].values())
    drawn = page.eval_on_selector_all("#board g.template.round", "ts => ts.map(t => [Number(t.dataset.x), Number(t.dataset.y)])")
    log = v["log"]
    shooting = [i for i, e in enumerate(log) if e["kind"] == "phase" and e.get("name") == "shooting"][-2:]
    landed = [e["at"] for e in log[shooting[0] :] if e["kind"] == "stone-lands" and not e.get("misfire")] if shooting else []
    assert flat(drawn) == pytest.approx(flat(landed), abs=1e-3)
    # each cannonball where the artillery die put it: the landing's inches along the gun's line
    balls = []
    aims: dict[str, list[float]] = {}
    for e in log[shooting[0] :] if shooting else []:
        if e["kind"] == "guns":
            aims[e["gun"]] = e["aim"]
        elif e["kind"] == "cannonball" and not e.get("misfire") and e["gun"] in aims and e["gun"] in state["units"]:
            fig = state["units"][e["gun"]]["figures"][0]
            ship = state["ships"][fig[0]]
            sx, sy, hd = ship["pose"]
            c, s = math.cos(math.radians(hd)), math.sin(math.radians(hd))
            gx, gy = sx + fig[1] * c - fig[2] * s, sy + fig[1] * s + fig[2] * c
            ax, ay = aims[e["gun"]]
            d = math.hypot(ax - gx, ay - gy)
            balls.append([gx + (ax - gx) / d * e["landing"], gy + (ay - gy) / d * e["landing"]])
    dots = page.eval_on_selector_all("#layer-shots circle.shot-lands", "ds => ds.map(d => [Number(d.getAttribute('cx')), Number(d.getAttribute('cy'))])")
    height = state["table"]["height"]
    assert flat([x, height - y] for x, y in dots) == pytest.approx(flat(balls), abs=1e-3)
    return len(landed) + len(balls)


def click_ship(page: Page, name: str) -> None:
    box = page.locator(f'#board g.nw-ship[data-ship="{name}"] rect.hull').bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def shoot_or_end(page: Page, v: dict[str, Any]) -> bool:
    """Aim each shooter in turn at the first enemy ship by clicking it (the guess where the click
    falls) until one is let shoot; end the shooting if none is.  Whether one shot."""
    state, me = v["state"], v["me"]
    enemy = next(n for n, s in state["ships"].items() if s["afloat"] and s["commander"] != me)
    before = dataset(page, "actions")
    for shooter in page.eval_on_selector_all("#nw-shooter option", "os => os.map(o => o.value)"):
        page.select_option("#nw-shooter", shooter)
        click_ship(page, enemy)
        page.click("#nw-shoot")
        page.wait_for_function(
            "(n) => document.body.dataset.busy !== '1' && (document.body.dataset.actions !== n || document.querySelector('#error').textContent !== '')",
            arg=before,
        )
        if not page.inner_text("#error"):
            return True
    page.click("#nw-end-shooting")
    return False


def steer(page: Page, v: dict[str, Any]) -> None:
    """Move as far as allowed, turning (where the rules let it) to bring the nearest enemy abeam to
    port, where the flagship's great cannon points."""
    state, ship = v["state"], v["prompt"]["ship"]
    x, y, hd = state["ships"][ship]["pose"]
    enemies = [s["pose"] for s in state["ships"].values() if s["afloat"] and s["commander"] != v["me"]]
    want = hd
    if enemies:
        ex, ey, _ = min(enemies, key=lambda p: math.hypot(p[0] - x, p[1] - y))
        want = math.degrees(math.atan2(ey - y, ex - x)) - 90
    turns = sorted((-90, -45, 0, 45, 90), key=lambda t: abs((hd + t - want + 180) % 360 - 180))
    before = dataset(page, "actions")
    page.wait_for_selector("#board g.move-reach")  # the preview has come, and with it the turns this distance allows
    offered = page.eval_on_selector_all("#nw-turn option:not([disabled])", "os => os.map(o => Number(o.value))")
    for t in [t for t in turns if t in offered]:
        page.select_option("#nw-turn", str(t))
        page.click("#nw-move")
        page.wait_for_function(
            "(n) => document.body.dataset.busy !== '1' && (document.body.dataset.actions !== n || document.querySelector('#error').textContent !== '')",
            arg=before,
        )
        if not page.inner_text("#error"):
            return


def test_the_duel_plays_to_a_result_through_the_scripts_forms(browser: Browser, server: Server, pytestconfig: pytest.Config) -> None:
    game = api(server, "/api/games", {"ruleset": "navalwarhammer", "scenario": "duel", "seed": 11, "seats": {"red": "human", "blue": "heuristic"}})
    context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = context.new_page()
    errors = watch(page)
    page.goto(server.url + game["links"]["red"])
    page.wait_for_selector("body[data-ready='1'][data-conn='live'][data-plugin='1']")
    # selecting the flagship shows its great cannon's 45-degree arc, pointing out of its port side
    page.click("button[data-select='Sea Hawk']")
    arc = page.locator("#board g.gun-arc")
    assert arc.count() == 1
    v = view(page)
    assert float(arc.get_attribute("data-facing") or "nan") == pytest.approx(v["state"]["ships"]["Sea Hawk"]["pose"][2] + 90)
    decisions, shots, fired, steered = 0, 0, 0, 0
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    phases: set[str] = set()  # a screenshot of each phase the first time it asks the person
    while dataset(page, "over") != "1":
        page.wait_for_function(
            "document.body.dataset.busy !== '1' && (document.body.dataset.over === '1' || document.body.dataset.prompt !== 'none')", timeout=60_000
        )
        if dataset(page, "over") == "1":
            break
        v = view(page)
        check_drawing(page, v)
        kind = page.get_attribute("#decision", "data-kind")
        before = dataset(page, "actions")
        if f"{v['phase']}-{kind}" not in phases:
            phases.add(f"{v['phase']}-{kind}")
            page.screenshot(path=str(out / f"navalwarhammer-duel-{v['phase']}-{kind}.png"))
        if kind == "ShootPrompt":
            if page.locator("#nw-no-shooters").count():  # nothing to shoot: only the end is asked
                assert page.locator("#nw-target, #nw-guess-row, #nw-aim-note").count() == 0
            fired += shoot_or_end(page, v)
            shots += 1
        elif kind == "SteerPrompt":
            page.wait_for_selector("#board g.move-reach")  # the ship to move is selected, its move previewed
            steer(page, v)
            steered += 1
        else:
            answer(page)
        answered(page, before)
        decisions += 1
        assert decisions < MOST_DECISIONS
    assert "Game over" in page.inner_text("#outcome")
    assert shots > 0 and steered > 0 and fired > 0
    # issue 25 item 12: the banner's score and the panel's are the one score
    final = view(page)
    banner = page.inner_text("#outcome")
    for seat, points in final["state"]["score"].items():
        assert f"{seat} {points} VP" in banner
        assert f" · {points} VP" in page.inner_text(f"#seats-list .seat-chip[data-seat='{seat}']")
    page.screenshot(path=str(out / "navalwarhammer-duel-played.png"))
    assert len({p.split("-")[0] for p in phases}) >= 3  # the duel asked the person in several phases
    context.close()
    assert errors == [], errors


def freeforall_at(browser: Browser, server: Server, size: tuple[int, int]) -> tuple[Page, list[str]]:
    """Red's page (a person; blue and green computer players) of a free-for-all at this screen
    size (touch below desktop), live and drawn by the plugin; its errors, watched."""
    game = api(
        server,
        "/api/games",
        {"ruleset": "navalwarhammer", "scenario": "freeforall", "seed": 3, "seats": {"red": "human", "blue": "heuristic", "green": "heuristic"}},
    )
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size != DESKTOP).new_page()
    errors = watch(page)
    page.goto(server.url + game["links"]["red"])
    page.wait_for_selector("body[data-ready='1'][data-conn='live'][data-plugin='1']")
    return page, errors


@pytest.mark.parametrize("size", [DESKTOP, TABLET, PHONE], ids=["desktop", "tablet", "phone"])
def test_the_table_draws_at_every_size_with_no_javascript_error(browser: Browser, server: Server, size: tuple[int, int], pytestconfig: pytest.Config) -> None:
    page, errors = freeforall_at(browser, server, size)
    context = page.context
    v = view(page)
    assert page.locator("#board g.nw-ship").count() == len(v["state"]["ships"])
    kinds = {t["kind"] for t in v["state"]["terrain"]}
    for kind in {"shallows", "dock"} & kinds:
        assert page.locator(f"#board polygon.nw-{kind}").count() > 0
    assert float(page.get_attribute("#board g.nw-wind", "data-wind") or "nan") == pytest.approx(v["state"]["wind"])
    check_drawing(page, v)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 1
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"navalwarhammer-table-{size[0]}x{size[1]}.png"))
    context.close()
    assert errors == [], errors


def test_a_stone_and_a_ball_are_drawn_where_the_dice_put_them(browser: Browser, server: Server, pytestconfig: pytest.Config) -> None:
    """An AI game with a stone thrower's or a cannon's shot, stepped back to just after the shot
    in the replay: the template and the ball drawn where the view's events say."""
    for seed in range(1, 13):
        game = api(server, "/api/games", {"ruleset": "navalwarhammer", "scenario": "duel", "seed": seed, "seats": {"red": "heuristic", "blue": "heuristic"}})
        token = game["spectator"].split("token=")[1]
        final = api(server, f"/api/games/{game['id']}?token={token}")
        landed = [e for e in final["log"] if e["kind"] in ("stone-lands", "cannonball") and not e.get("misfire")]
        if any(e["kind"] == "stone-lands" for e in landed):
            break
    else:
        pytest.fail("no stone thrower's shot landed in a dozen AI games")
    seq = next(e["seq"] for e in landed if e["kind"] == "stone-lands")
    page, lo = replayed_from(browser, server, game, seq, final["actions"])  # the first step whose log holds it
    errors = watch(page)
    replay_to(page, server, game, lo)
    page.wait_for_selector("#board g.template.round")
    replayed = api(server, f"/api/games/{game['id']}/replay?step={lo}&token={token}")
    assert check_drawing(page, replayed) >= 1
    out = Path(str(pytestconfig.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / "navalwarhammer-stone-landed.png"))
    page.context.close()
    assert errors == [], errors
