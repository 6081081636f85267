"""The lobby's fleet builder in chromium: a legal Naval Warhammer fleet built from the catalogue,
an illegal change refused with the rule it breaks, and a game started with the fleet in a seat;
Wooden Ships' builder (fleets by cost) through the same generic form."""

from __future__ import annotations

from pathlib import Path

import yaml
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server


def _lobby(page: Page, server: Server, ruleset: str) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/?ruleset={ruleset}")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#builder-panel")).to_be_visible()
    return errors


def _status(page: Page, legal: str) -> None:
    expect(page.locator("#builder-status")).to_have_attribute("data-legal", legal, timeout=15_000)


def _add(page: Page, at: str, label: str) -> None:
    pick = page.locator(f"select[data-add='{at}']")
    value = pick.locator("option", has_text=label).first.get_attribute("value")
    assert value is not None, label
    pick.select_option(value)
    page.locator(f"button[data-add-button='{at}']").click()


def test_a_legal_fleet_is_built_an_illegal_change_refused_and_a_game_started_with_it(page: Page, server: Server) -> None:
    errors = _lobby(page, server, "navalwarhammer")
    page.select_option("#scenario", "duel")
    # a new fleet of the Empire: a medium ship with a captain, halberdiers and a great cannon
    page.locator("#builder-form [data-field='army']").first.select_option(label="The Empire")
    page.locator("#builder-form [data-field='name']").first.fill("Built Patrol")
    _add(page, "ships", "medium ship")
    _add(page, "ships[0].crew", "Captain of the Empire")
    _add(page, "ships[0].crew", "Halberdiers")
    _add(page, "ships[0].crew", "Great Cannon")
    page.locator("[data-entry='ships[0].crew[1]'] [data-field='models']").fill("20")
    _status(page, "yes")
    expect(page.locator("#builder-status")).to_contain_text("points")
    expect(page.locator("[data-points='ships[0]']")).to_contain_text("points")
    # a ram is allowed on a medium ship; the small ship added next may not carry one (NW-UPG-5)
    _add(page, "ships", "small ship")
    _add(page, "ships[1].crew", "Swordsmen")
    _status(page, "yes")
    assert page.locator("[data-entry='ships[1]'] input[data-count='ram']").count() == 0  # not offered on a small ship
    # too many models for the small ship's places: refused with NW-SHIP-3, the ship marked
    page.locator("[data-entry='ships[1].crew[0]'] [data-field='models']").fill("40")
    _status(page, "no")
    expect(page.locator("#builder-problems li[data-rule='NW-SHIP-3']")).to_be_visible()
    expect(page.locator("[data-entry='ships[1]']")).to_have_class("bentry has-problem")
    expect(page.locator("#builder-assign")).to_be_disabled()
    page.locator("[data-entry='ships[1].crew[0]'] [data-field='models']").fill("10")
    _status(page, "yes")
    # in the red seat, then the game
    page.select_option("#builder-seat", "red")
    page.click("#builder-assign")
    expect(page.locator("[data-seat-fleet='red']")).to_contain_text("Built Patrol")
    page.click("#start")
    link = page.locator("[data-link='red']")
    expect(link).to_be_visible(timeout=30_000)
    url = link.input_value()
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.plugin !== undefined", timeout=30_000)
    game = page.request.get(url.replace("/table/", "/api/games/")).json()
    mine = {name for name, s in game["state"]["ships"].items() if s["owner"] == "red"}
    assert mine == {"Medium ship 1", "Small ship 1"}, mine
    assert errors == []


def test_a_fleet_downloads_as_yaml_and_an_illegal_file_uploaded_is_refused_with_its_rule(page: Page, server: Server, tmp_path: Path) -> None:
    errors = _lobby(page, server, "navalwarhammer")
    page.select_option("#scenario", "duel")
    page.select_option("#builder-start", "red")
    page.click("#builder-load")
    _status(page, "yes")
    expect(page.locator("#builder-status")).to_contain_text("975 of 1000 points")  # the crow's nest, given as a list, kept
    with page.expect_download() as got:
        page.click("#builder-download")
    fleet = yaml.safe_load(Path(got.value.path()).read_text(encoding="utf-8"))
    assert fleet["name"] == "Imperial Patrol" and [s["name"] for s in fleet["ships"]] == ["Sea Hawk", "Kestrel"]
    fleet["points"] = 500
    (tmp_path / "small.yaml").write_text(yaml.safe_dump(fleet), encoding="utf-8")
    page.set_input_files("#builder-file", str(tmp_path / "small.yaml"))
    _status(page, "no")
    expect(page.locator("#builder-problems li[data-rule='NW-SHIP-2']")).to_contain_text("over its limit of 500")
    expect(page.locator("#builder-assign")).to_be_disabled()
    (tmp_path / "broken.yaml").write_text("ships: [", encoding="utf-8")
    page.set_input_files("#builder-file", str(tmp_path / "broken.yaml"))
    expect(page.locator("#builder-error")).to_contain_text("valid YAML")
    assert errors == []


def test_wooden_ships_fleets_are_built_by_cost_in_the_same_form(page: Page, server: Server) -> None:
    errors = _lobby(page, server, "woodenships")
    page.select_option("#scenario", "ship-duel")
    _add(page, "ships", "narrow ship")
    _status(page, "no")  # no captain yet
    expect(page.locator("#builder-problems li[data-rule='WS-FIG-1']")).to_be_visible()
    _add(page, "ships[0].crew", "captain")
    _add(page, "ships[0].crew", "man")
    _status(page, "yes")
    expect(page.locator("#builder-status")).to_contain_text("costs 24")
    # the other side costs 24 too: a fleet of 4 sections (30) is refused at the start (WS-SHIP-1)
    page.locator("[data-entry='ships[0]'] [data-field='sections']").fill("4")
    _status(page, "yes")
    page.select_option("#builder-seat", "red")
    page.click("#builder-assign")
    page.click("#start")
    expect(page.locator("#create-error")).to_contain_text("WS-SHIP-1", timeout=30_000)
    assert errors == []


def test_a_blank_fleet_untouched_says_what_is_left_to_add_not_a_problem(page: Page, server: Server) -> None:
    errors = _lobby(page, server, "woodenships")
    _status(page, "no")
    expect(page.locator("#builder-status")).to_have_attribute("data-fresh", "1")
    expect(page.locator("#builder-status")).to_contain_text("nothing added yet")
    expect(page.locator("#builder-status")).not_to_contain_text("problem")
    expect(page.locator("#builder-problems")).to_be_hidden()
    _add(page, "ships", "narrow ship")  # touched: now what is wrong is said as problems
    expect(page.locator("#builder-status")).to_have_attribute("data-fresh", "0")
    expect(page.locator("#builder-status")).to_contain_text("problem")
    expect(page.locator("#builder-problems li[data-rule='WS-FIG-1']")).to_be_visible()
    assert errors == []


def test_a_problems_place_and_a_half_choice_are_said_in_peoples_words(page: Page, server: Server, tmp_path: Path) -> None:
    """Issue 25, item 13: a problem names its place by the ship's number and name, not a path
    (``ships[0].crew``), and a bolt thrower's half a choice is said where a total of 1.5 comes from."""
    errors = _lobby(page, server, "navalwarhammer")
    fleet = {
        "name": "Halves",
        "army": "dark-elves",
        "points": 1000,
        "ships": [
            {
                "name": "Skiff",
                "size": "small",
                "propulsion": "sail",
                "crew": [{"unit": "Corsairs", "models": 10}, *({"unit": "Reaper Bolt Thrower", "mount": m} for m in ("port", "starboard", "bow"))],
            }
        ],
    }
    (tmp_path / "halves.yaml").write_text(yaml.safe_dump(fleet), encoding="utf-8")
    page.set_input_files("#builder-file", str(tmp_path / "halves.yaml"))
    _status(page, "no")
    slot = page.locator("#builder-problems li[data-rule='NW-SLOT-1']")
    expect(slot).to_contain_text("ship 1 (Skiff), crew: a small ship carries at most 1 special choice in all, and this crew fills 1.5")
    expect(slot).to_contain_text("3 × Reaper Bolt Thrower (two to a choice, so 1.5)")
    assert "ships[" not in page.inner_text("#builder-problems")
    assert errors == []


def test_a_legal_fleet_s_printable_roster_opens_from_the_builder_and_none_is_offered_where_none_is_printed(page: Page, server: Server) -> None:
    """The builder's roster button is the rule set's printable page of a fleet (the listing's
    ``printables``), posted to ``/api/print/{page}`` and opened in a tab of its own."""
    errors = _lobby(page, server, "navalwarhammer")
    page.select_option("#scenario", "duel")
    page.select_option("#builder-start", "red")
    page.click("#builder-load")
    _status(page, "yes")
    roster = page.locator("#builder-roster")
    expect(roster).to_be_enabled()
    expect(roster).to_have_text("printable roster")
    with page.expect_popup() as popup:
        roster.click()
    expect(popup.value.locator("h1").first).to_contain_text("Imperial Patrol")
    popup.value.close()
    _lobby(page, server, "woodenships")  # Wooden Ships prints no page of a fleet
    page.select_option("#scenario", "ship-duel")
    expect(page.locator("#builder-roster")).to_be_disabled()
    assert errors == []
