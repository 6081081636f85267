"""Wooden Ships at the web table in chromium, through its own script and forms.

* Every built-in scenario plays to a result: the first seat is the page's person, who answers
  through the rule set's own forms (the draft's pick list, the sharing-out table, the next figure
  clicked on the table, its move to a point clicked on the table, its action at a target clicked
  there, a ship's ruler move chosen from its previewed options), taking one figure's turn a side's turn (the
  others stand fast) so that a whole game stays within the suite's budget; every other seat is a
  heuristic AI on the server.
* The drawing, measured in the SVG: a damaged ship's band and hit-point track, a figure on a
  fort's wall, each gun's barrel pointing along its heading, the move ring and range bands of a
  selected figure at their true size in inches.
* The ship duel at desktop, tablet and phone sizes with no JavaScript error (screenshots in the
  run's output folder); companion play with real dice at a hotseat, a spectator and the replay.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from grapeshot.core.scenario import Catalogue
from tests.browser.conftest import DESKTOP, PHONE, TABLET, Server
from tests.browser.test_rulesets import api, dataset, over_or_waiting

#: the most decisions the page makes in one game before the test gives up on it
MOST_DECISIONS = 400
#: figures the page's person moves in each of its side's turns (the others stand fast)
FIGURES_A_TURN = 1


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's games: each test starts games of its own on it."""
    return module_server


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def new_game(server: Server, scenario: str, **extra: Any) -> tuple[dict[str, Any], str]:
    """A game of ``scenario`` with its first seat a person and the rest heuristic AIs; the game and the person's seat."""
    listed = next(r for r in api(server, "/api/rulesets")["rulesets"] if r["name"] == "woodenships")
    seats = next(s for s in listed["scenarios"] if s["name"] == scenario)["seats"]
    body = {
        "ruleset": "woodenships",
        "scenario": scenario,
        "seed": 7,
        "seats": {s["id"]: ("human" if i == 0 else "heuristic") for i, s in enumerate(seats)},
        **extra,
    }
    return api(server, "/api/games", body), seats[0]["id"]


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    # a refusal the page shows in words (a 4xx) is logged by chromium as a failed load: not a script error
    page.on(
        "console",
        lambda msg: errors.append(f"console {msg.type}: {msg.text}") if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None,
    )
    return errors


def open_table(page: Page, server: Server, link: str) -> None:
    page.goto(link if link.startswith("http") else server.url + link)
    page.wait_for_selector("body[data-ready='1'][data-conn='live']")


def click_piece(page: Page, selector: str) -> None:
    """Click the middle of a piece drawn on the table (a click on the board, not on a form)."""
    page.locator("#board").scroll_into_view_if_needed()  # on a narrow screen the forms lie below the board
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def settle(page: Page, before: str) -> None:
    page.wait_for_function(
        "(n) => document.body.dataset.busy !== '1' && (document.body.dataset.actions !== n || document.body.dataset.over === '1' || document.querySelector('#error').textContent !== '')",
        arg=before,
        timeout=60_000,
    )
    assert page.inner_text("#error") == "", page.inner_text("#error")


def answer(page: Page, turn: dict[str, Any], seen: set[str]) -> None:
    """Answer the waiting prompt through the rule set's own forms, as a person would."""
    kind = dataset(page, "prompt")
    seen.add(kind)
    if kind == "PickPrompt":  # a gun first where the pile has one (the free-for-all drafts its guns), else the first weapon
        guns = page.locator("#draft-list tr[data-weapon=cannon] button.take, #draft-list tr[data-weapon=swivel] button.take")
        (guns if guns.count() else page.locator("#draft-list button.take")).first.click()
    elif kind == "MountPrompt":
        turn.setdefault("mounted", []).append(mount(page))
    elif kind == "DistributePrompt":
        page.click("#submit-share")
    elif kind == "NextPrompt":
        ready = page.eval_on_selector_all("button.next-figure", "bs => bs.map(b => b.dataset.figure)")
        standing = [f for f in ready if page.locator(f"#layer-figures g[data-name='{f}']").count()]
        if standing and turn["figures"] < FIGURES_A_TURN:
            click_piece(page, f"#layer-figures g[data-name='{standing[0]}'] .base")  # chosen on the table
            page.wait_for_selector("#next-go")
            turn["figures"] += 1
            page.click("#next-go")
        else:
            turn["figures"] = 0
            page.click("#pass")
    elif kind == "MovePrompt":
        page.wait_for_selector("#layer-select .move-ring")
        dots = page.locator("#layer-select .legal-move")
        if dots.count():
            click_piece(page, f"#layer-select .legal-move >> nth={dots.count() // 2}")  # a point on the table
            page.wait_for_function("!document.querySelector('#move-here').disabled || document.querySelector('#move-note').textContent.startsWith('Not')")
        if dots.count() and not page.locator("#move-here").is_disabled():
            page.click("#move-here")
        else:
            page.click("#pass")
    elif kind == "ActPrompt":
        targets = page.eval_on_selector_all("#act-list option", "os => os.map(o => o.dataset.target).filter(Boolean)")
        drawn = [t for t in targets if page.locator(f"#layer-figures g[data-name='{t}'] .base").count()]
        if drawn:
            click_piece(page, f"#layer-figures g[data-name='{drawn[0]}'] .base")  # the target clicked on the table
            page.wait_for_selector("#act-on-target button.act-choice")
            if "act-odds" not in seen and page.locator("#act-odds").count():
                seen.add("act-odds")
                page.click("#act-odds")
                page.wait_for_function("!document.querySelector('#odds').textContent.startsWith('working')")
                assert page.inner_text("#odds") != ""
            page.click("#act-on-target button.act-choice >> nth=0")
        else:
            page.click("#act-go")
    elif kind == "SteerPrompt":  # the helm's form: the straightest full mark the prompt lists, previewed, then sent
        ahead = page.locator("#steer-options tr[data-swing='0'] button.steer-option")
        (ahead.last if ahead.count() else page.locator("#steer-options button.steer-option").first).click()
        page.wait_for_selector("#layer-preview polygon.steer-ghost")
        if page.locator("#steer-go").is_disabled():  # refused (the wind): hold her course as listed
            page.locator("#steer-options button.steer-option").first.click()
            page.wait_for_function("!document.querySelector('#steer-go').disabled")
        page.click("#steer-go")
    elif page.locator("#submit-picks").count():
        page.click("#submit-picks")
    else:
        page.click("#pass")


def mount(page: Page) -> str:
    """Mount the drafted gun through the form: the free places ringed on the table, one clicked
    (its arc drawn as a gun's), then another (the choice changed), and that one sent; its name."""
    page.wait_for_selector("#layer-preview circle.mount-place")
    places = page.eval_on_selector_all("#layer-preview circle.mount-place", "cs => cs.map(c => c.dataset.place)")
    listed = page.eval_on_selector_all("#mount-list option", "os => os.map(o => o.textContent)")
    assert len(places) == len(listed) > 0, (places, listed)
    for k in dict.fromkeys([0, len(places) - 1]):
        click_piece(page, f"#layer-preview circle.mount-place >> nth={k}")
        page.wait_for_selector(f"#layer-preview circle.mount-place.chosen[data-place='{places[k]}']")
        assert page.locator("#layer-preview circle.mount-place.chosen").count() == 1
        arc = page.locator("#layer-preview .gun-arc")
        assert arc.count() == 1 and arc.get_attribute("data-gun") == places[k]
        assert page.inner_text("#mount-where") == listed[int(page.input_value("#mount-list"))]
    page.click("#mount-go")
    return places[-1]


def play(page: Page, mounted: list[str] | None = None, phases: Path | None = None) -> tuple[int, set[str]]:
    """Play the page's seat to the end of the game; the decisions made and the prompts seen
    (and, into ``mounted``, the places its drafted guns were sent to; into the folder
    ``phases``, a screenshot of the first decision in each phase of the game)."""
    decisions, seen = 0, set()
    turn: dict[str, Any] = {"figures": 0}
    shot_phases: set[str] = set()
    while not over_or_waiting(page):
        phase = page.inner_text("#phase")
        if phases is not None and phase not in shot_phases:
            shot_phases.add(phase)
            phases.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(phases / f"woodenships-duel-phase-{len(shot_phases)}-{phase.replace(' ', '-')}.png"))
        before = dataset(page, "actions")
        answer(page, turn, seen)
        settle(page, before)
        decisions += 1
        assert decisions < MOST_DECISIONS, f"no result after {decisions} decisions"
    if mounted is not None:
        mounted += turn.get("mounted", [])
    return decisions, seen


def shot(page: Page, config: pytest.Config, name: str) -> None:
    out = Path(str(config.getoption("--output")))
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / name))


# ---------------------------------------------------------------------- every scenario, whole


@pytest.mark.parametrize("scenario", Catalogue(None).names("woodenships"))
def test_every_scenario_plays_to_a_result_through_the_tables_own_forms(context_at: Any, server: Server, scenario: str, pytestconfig: pytest.Config) -> None:
    # the boat swarms are played to 4 turns (a house rule): a thousand decisions of the AI are no more test of the page
    g, me = new_game(server, scenario, **({"options": {"turn_limit": 4}} if scenario.startswith("boat-swarm") else {}))
    page = context_at(DESKTOP)
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    assert dataset(page, "plugin") == "1"
    mounted: list[str] = []
    decisions, seen = play(page, mounted)
    assert "Game over" in page.inner_text("#outcome")
    assert {"NextPrompt", "MovePrompt"} <= seen, seen
    # the guns drafted are mounted where the person's clicks on the table sent them
    log = api(server, f"/api/games/{g['id']}?token={token(g['links'][me])}&since=0")["log"]
    assert mounted == [e["place"] for e in log if e["kind"] == "gun-mount" and e["seat"] == me]
    if scenario == "free-for-all":
        assert mounted, "the person drafted no gun to mount"
    shot(page, pytestconfig, f"woodenships-{scenario}.png")
    if scenario == "galley-fight":  # the module's words on the table (a prize's name) overprint no label of the ships'
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('#layer-ships .ws-name, #layer-ships .hp-track, #layer-ships .ws-marks, #layer-modules g[data-shape=label] > text')]
                 .map(el => { const b = el.getBoundingClientRect(); return [el.textContent, b.left, b.top, b.right, b.bottom]; })"""
        )
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not (a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5 and a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5), (a, b)
    # a ship reads "yours" while the person's side holds her; one taken from it says by whom
    final = api(server, f"/api/games/{g['id']}?token={token(g['links'][me])}")["state"]["ships"]
    for sh in final:
        name = page.locator(f"#layer-ships g.ws-ship[data-name='{sh['name']}'] .ws-name").text_content() or ""
        assert name.endswith("(yours)") == (sh["side"] == me) and name.endswith(f"(taken by {sh['side']})") == (sh["owner"] == me != sh["side"]), (name, sh)
    assert errors == [], errors
    assert decisions > 0


# ---------------------------------------------------------------------- the drawing, measured


def by_picks(server: Server, game: str, tok: str, v: dict[str, Any], choose: Any) -> dict[str, Any]:
    p = v["prompt"]
    picks = choose(p)
    return dict(api(server, f"/api/games/{game}/actions?token={tok}", {"picks": picks, "digest": p["legal"]["digest"]}))


def share_round(p: dict[str, Any]) -> list[int]:
    """The draft's first pick, or each weapon to a different figure (as the page's table starts)."""
    parts = p["legal"]["parts"]
    if p["kind"] != "DistributePrompt":
        return [0] * len(parts)
    out = []
    for k, part in enumerate(parts):
        hands = [i for i, o in enumerate(part["options"]) if "/" not in o["value"]["holder"]]
        out.append(hands[k % len(hands)])
    return out


def test_the_drawing_measured_in_the_svg(page: Page, server: Server) -> None:
    """Red's figures stand fast while blue's guns fire until red's ship is out of its full band;
    then red's page draws that band and hit-point track, each gun's barrel along its heading,
    and a selected figure's move ring and its rifle's range bands at their size in inches."""
    g, me = new_game(server, "ship-duel")
    tok = token(g["links"][me])
    v = api(server, f"/api/games/{g['id']}?token={tok}")
    for _ in range(200):
        red = next(s for s in v["state"]["ships"] if s["side"] == "red")
        if red["band"] != "full" or v["outcome"] is not None:
            break
        v = by_picks(server, g["id"], tok, v, share_round)
    red = next(s for s in v["state"]["ships"] if s["side"] == "red")
    assert red["band"] != "full", "blue's guns never hurt red's ship"
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    ship = page.locator(f"#layer-ships g.ws-ship[data-name='{red['name']}']")
    assert ship.get_attribute("data-band") == red["band"] and f"band-{red['band']}" in (ship.get_attribute("class") or "")
    left = red["points"] - red["lost"]
    assert ship.locator(".hp-track .pip.on").count() == round(left * min(red["points"], 18) / red["points"])
    assert ship.locator(".hp-track .pip").count() == min(red["points"], 18)
    assert ship.locator(".section").count() == len(red["sections"])
    fills = page.evaluate(
        "[...document.querySelectorAll('#layer-ships g.ws-ship')].map(g => [g.dataset.band, getComputedStyle(g.querySelector('.deck')).fill])"
    )
    assert len({f for b, f in fills if b != "full"} & {f for b, f in fills if b == "full"}) == 0  # a band's deck is tinted its own way

    # each gun's barrel points along its heading on the screen (y up on the table, down on the screen)
    guns = page.evaluate(
        """[...document.querySelectorAll('#layer-guns g.ws-gun')].map(g => {
             const line = g.querySelector('.barrel'); const m = line.getScreenCTM();
             const a = new DOMPoint(0, 0).matrixTransform(m); const b = new DOMPoint(line.x2.baseVal.value, 0).matrixTransform(m);
             return [Number(g.dataset.heading), Math.atan2(-(b.y - a.y), b.x - a.x) * 180 / Math.PI]; })"""
    )
    assert len(guns) == len([x for x in v["state"]["guns"] if x["life"] > 0])
    for heading, drawn in guns:
        assert abs((drawn - heading + 540) % 360 - 180) < 0.5, (heading, drawn)
    for gun in v["state"]["guns"]:  # a dot at the muzzle while it is loaded
        node = page.locator(f"#layer-guns g.ws-gun[data-name='{gun['name']}']")
        if gun["life"] > 0:
            assert node.get_attribute("data-loaded") == ("1" if gun["loaded"] else "0") and node.locator(".load").count() == int(gun["loaded"])

    # select a red figure standing on deck with a rifle: its move ring and the rifle's bands
    rifles = {w["name"] for w in v["state"]["weapons"] if w["kind"] == "rifle"}
    fig = next(f for f in v["state"]["figures"] if f["side"] == "red" and f["life"] > 0 and f.get("on") == "deck" and rifles & set(f["weapons"]))
    click_piece(page, f"#layer-figures g[data-name='{fig['name']}'] .base")
    page.wait_for_selector(f"#layer-select .move-ring[data-figure='{fig['name']}']")
    inch = (
        page.evaluate("(() => { const r = document.querySelector('#layer-sea rect.sea').getBoundingClientRect(); return r.width; })()")
        / v["state"]["table"]["width"]
    )
    ring = page.locator("#layer-select .move-ring circle.reach")
    assert float(ring.get_attribute("r") or 0) == 8.0
    box = ring.bounding_box()
    assert box is not None and abs(box["width"] - 16 * inch) <= 0.2 * inch + 0.5  # its stroke, 0.15", round it
    centre = page.locator(f"#layer-figures g[data-name='{fig['name']}'] .base").bounding_box()
    assert centre is not None and abs(box["x"] + box["width"] / 2 - (centre["x"] + centre["width"] / 2)) < 1.0
    bands = sorted(
        float(r) for r in page.eval_on_selector_all("#layer-select .range-bands[data-weapon=rifle] circle", "cs => cs.map(c => c.getAttribute('r'))")
    )
    assert bands == [6.0, 12.0, 18.0, 36.0]
    assert errors == [], errors


def test_a_figure_on_a_forts_wall_is_drawn_there_and_the_wind_dial(page: Page, server: Server) -> None:
    g, me = new_game(server, "fort-assault", options={"wind": "on"})
    v = api(server, f"/api/games/{g['id']}?token={token(g['links'][me])}")
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    on_wall = [f for f in v["state"]["figures"] if f.get("on") == "wall top"]
    assert on_wall
    for f in on_wall:
        node = page.locator(f"#layer-figures g[data-name='{f['name']}']")
        assert node.get_attribute("data-on") == "wall" and node.locator(".rampart").count() == 1
        walls = page.locator(f"#layer-forts g.ws-fort[data-name='{f['of']}'] .walls").bounding_box()
        base = node.locator(".base").bounding_box()
        assert walls is not None and base is not None
        cx, cy = base["x"] + base["width"] / 2, base["y"] + base["height"] / 2
        assert walls["x"] <= cx <= walls["x"] + walls["width"] and walls["y"] <= cy <= walls["y"] + walls["height"]
    gates = {gt["name"]: gt for fort in v["state"]["forts"] for gt in fort["gates"]}
    assert page.locator("#layer-forts g.gate").count() == len(gates)
    dial = page.locator("#ws-wind")
    assert dial.is_visible() and float(dial.get_attribute("data-wind") or "nan") == v["state"]["wind"]
    assert page.locator("#layer-figures g.ws-figure[data-on=level] .rampart").count() == len([f for f in v["state"]["figures"] if f.get("on") == "fort level"])
    assert errors == [], errors


def test_the_island_raids_creatures_are_drawn_as_what_they_are(page: Page, server: Server) -> None:
    g, me = new_game(server, "island-raid")
    v = api(server, f"/api/games/{g['id']}?token={token(g['links'][me])}")
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    animals = [f for f in v["state"]["figures"] if "caged" in f and f["life"] > 0]
    assert {"shark", "sea-dragon", "carnivorous-monkey"} <= {f["kind"] for f in animals}
    for f in animals:
        node = page.locator(f"#layer-figures g.ws-figure[data-name='{f['name']}']")
        assert node.get_attribute("data-kind") == f["kind"] and "animal" in (node.get_attribute("class") or "")
        assert node.locator(".cage").count() == int(f["caged"]) and node.locator(".rider").count() == int(f["ridden"])
        assert (node.locator("title").text_content() or "").startswith(f["name"])
    wild = page.locator("#layer-figures g.ws-figure[data-side=wild] .base").first.evaluate("c => getComputedStyle(c).fill")
    assert wild not in {
        page.evaluate(f"getComputedStyle(document.querySelector('#layer-figures g.ws-figure[data-side={side}] .base')).fill") for side in ("red", "blue")
    }
    assert errors == [], errors


def test_the_guns_mounting_still_plays_through_the_generic_form(page: Page, server: Server) -> None:
    """With ``?forms=generic`` the mounting is the generic list of the prompt's places (the
    plugin still drawing the pieces, not the form's rings), and the place chosen there is where
    the gun goes."""
    g, me = new_game(server, "free-for-all")
    tok = token(g["links"][me])
    v = api(server, f"/api/games/{g['id']}?token={tok}")
    while v["prompt"]["kind"] == "PickPrompt":  # the person drafts a gun whenever the pile has one
        p = v["prompt"]
        pick = next((i for i, o in enumerate(p["legal"]["parts"][0]["options"]) if o["value"]["weapon"] in ("cannon", "swivel")), 0)
        v = api(server, f"/api/games/{g['id']}/actions?token={tok}", {"picks": [pick], "digest": p["legal"]["digest"]})
    assert v["prompt"]["kind"] == "MountPrompt"
    listed = v["prompt"]["legal"]["parts"][0]["options"]
    errors = watch_errors(page)
    open_table(page, server, g["links"][me] + "&forms=generic")
    assert page.locator("#layer-ships g.ws-ship").count() == 4 and page.locator(".mount-place, #mount-go").count() == 0
    before = dataset(page, "actions")
    buttons = page.locator("#decision button.choice")
    if buttons.count():
        assert buttons.count() == len(listed)
        buttons.last.click()
    else:
        assert page.locator("#decision select.part option").count() == len(listed)
        page.eval_on_selector("#decision select.part", "s => { s.selectedIndex = s.options.length - 1; }")
        page.click("#submit-picks")
    settle(page, before)
    log = api(server, f"/api/games/{g['id']}?token={tok}&since=0")["log"]
    assert next(e["place"] for e in log if e["kind"] == "gun-mount" and e["seat"] == me) == listed[-1]["value"]["place"]
    assert errors == [], errors


#: a small scenario of the tests' own: a ridden sea dragon alongside a ship dead in the water
DRAGON_FIRE = Path(__file__).parent / "scenarios" / "dragon-fire.yaml"
#: the seeds tried, in turn, until the dragon's breath (a 6 to hit) sets the ship alight
FIRE_SEEDS = range(1, 21)


def breathe_until_alight(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    """Blue's dragon breathes fire at the ship each turn (picks through the API) until something
    burns; the game and blue's view then."""
    text = DRAGON_FIRE.read_text()
    for seed in FIRE_SEEDS:
        g = api(server, "/api/games", {"ruleset": "woodenships", "scenario_yaml": text, "seed": seed, "seats": {"red": "heuristic", "blue": "human"}})
        tok = token(g["links"]["blue"])
        v = api(server, f"/api/games/{g['id']}?token={tok}")
        while v["outcome"] is None and not v["state"]["fires"]:
            p = v["prompt"]
            options = [o["value"] for o in p["legal"]["parts"][0]["options"]]
            pick = 0  # the dragon stays where it lies
            if p["kind"] == "NextPrompt":
                pick = next((i for i, o in enumerate(options) if o["figure"] == "Leviathan"), 0)
            elif p["kind"] == "ActPrompt":
                pick = next((i for i, o in enumerate(options) if o["what"] == "breath" and o["target"] == "Sea Wolf"), 0)
            v = api(server, f"/api/games/{g['id']}/actions?token={tok}", {"picks": [pick], "digest": p["legal"]["digest"]})
        if v["state"]["fires"]:
            return g, v
    raise AssertionError(f"the dragon's breath set nothing alight in {len(FIRE_SEEDS)} games")


@pytest.mark.rules("WS-ANIMAL-6")
def test_a_section_alight_shows_its_flame_on_that_section(page: Page, server: Server) -> None:
    g, v = breathe_until_alight(server)
    fire = v["state"]["fires"][0]
    assert fire["what"] == "ship" and fire["target"] == "Sea Wolf", fire
    errors = watch_errors(page)
    open_table(page, server, g["links"]["blue"])
    ship = page.locator("#layer-ships g.ws-ship[data-name='Sea Wolf']")
    alight = ship.locator(f"g.section.burning[data-section='{fire['section']}']")
    assert alight.locator("path.flame").count() == 1
    assert "on fire" in (alight.locator("title").text_content() or "")
    # the flame stands within that section, from its aft end to its fore (in the hull's own frame,
    # inches along the keel), on the keel; and nothing else on the board burns
    sec = next(c for c in next(x for x in v["state"]["ships"] if x["name"] == "Sea Wolf")["sections"] if c["name"] == fire["section"])
    along, across = alight.locator("path.flame").evaluate("p => { const b = p.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; }")
    assert sec["aft"] < along < sec["fore"] and abs(across) < 1e-6, (along, across, sec)
    assert page.locator("#board .flame").count() == len(v["state"]["fires"]) == 1
    assert ship.locator("g.section:not(.burning) .flame").count() == 0 and page.locator("#layer-figures .flame").count() == 0
    assert errors == [], errors


# ---------------------------------------------------------------------- screens, companion play, watching, replay


@pytest.mark.parametrize("size", [DESKTOP, TABLET, PHONE], ids=["desktop", "tablet", "phone"])
def test_the_ship_duel_at_every_size(context_at: Any, server: Server, size: tuple[int, int], pytestconfig: pytest.Config) -> None:
    g, me = new_game(server, "ship-duel", options={"turn_limit": 3})
    page = context_at(size)
    errors = watch_errors(page)
    open_table(page, server, g["links"][me])
    play(page, phases=Path(str(pytestconfig.getoption("--output"))) if size == DESKTOP else None)
    assert "Game over" in page.inner_text("#outcome")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 1
    if size[0] < 900:
        board = page.locator("#board").bounding_box()
        assert board is not None and board["width"] >= 0.95 * size[0]
    shot(page, pytestconfig, f"woodenships-ship-duel-{size[0]}x{size[1]}.png")
    assert errors == [], errors


#: the faces the people at the table throw, in turn (never the same twice running: a roll-off's tie is thrown again)
THROWS = (5, 2, 3, 1, 4, 2)


def faces(expr: str, k: int) -> str:
    """The faces of the ``k``-th throw of plain dice (``D6``, ``2D6``, ``D3+1``)."""
    count = expr.split("D")[0]
    return " ".join(str(min(THROWS[(k + i) % len(THROWS)], 3 if "D3" in expr else 6)) for i in range(int(count) if count.isdigit() else 1))


def test_companion_dice_at_a_hotseat_a_spectator_and_the_replay(browser: Browser, server: Server) -> None:
    g = api(
        server,
        "/api/games",
        {"ruleset": "woodenships", "scenario": "ship-duel", "seed": 7, "seats": {"red": "human", "blue": "human"}, "hotseat": True, "companion": True},
    )
    page = browser.new_page()
    errors = watch_errors(page)
    open_table(page, server, g["links"]["hotseat"] if "hotseat" in g["links"] else next(iter(g["links"].values())))
    rolled = picked = 0
    while picked < 4:
        assert rolled < 20, "the dice never came to the picks"
        page.wait_for_function("document.body.dataset.busy !== '1' && document.body.dataset.prompt !== 'none'")
        if page.locator("#handover-ready").count():
            page.click("#handover-ready")
        before = dataset(page, "actions")
        if dataset(page, "prompt") == "DicePrompt":
            expr = page.inner_text("#decision").split("Roll ", 1)[1].split(" ", 1)[0]
            page.fill("#dice-input", faces(expr, rolled))
            page.click("#submit-dice")
            rolled += 1
        else:
            assert dataset(page, "prompt") == "PickPrompt"
            page.click("#draft-list button.take >> nth=0")
            picked += 1
        settle(page, before)
    assert rolled >= 2  # the roll-off for the first pick, by the people at the table
    assert page.locator("#log li[data-kind=draft-pick]").count() == 4

    watcher = browser.new_page()
    errors += watch_errors(watcher)
    open_table(watcher, server, g["spectator"])
    assert watcher.locator("#layer-ships g.ws-ship").count() == 2 and watcher.locator("#layer-figures g.ws-figure").count() == 16
    assert "watching" in watcher.inner_text("#me")
    watcher.click("#replay-open")
    watcher.wait_for_function("document.body.dataset.replay !== ''")
    watcher.fill("#replay-slider", "0")
    watcher.wait_for_function("document.body.dataset.replay === '0'")
    assert watcher.locator("#layer-figures g.ws-figure").count() == 16
    watcher.click("#replay-live")
    watcher.wait_for_function("document.body.dataset.replay === ''")
    page.close()
    watcher.close()
    assert errors == [], errors
