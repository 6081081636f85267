"""Score sheets (WS-SHEET-1): a sheet per ship and fort with its hit-point track in its bands,
sink or collapse, the gates' tracks and the reference tables; from the rule set's capability,
the generic ``grapeshot print`` command and the printable pages' route."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.game import Game
from grapeshot.core.printing import page_of, print_game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.woodenships.sheets import band_after
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.server.app import create_app


def sheet_of(html: str, name: str) -> str:
    m = re.search(rf'<section class="sheet" data-piece="\w+" data-name="{re.escape(name)}".*?</section>', html)
    assert m is not None, name
    return m.group(0)


def points_in(section: str, row: str) -> int:
    m = re.search(rf'<tr data-row="{row}">(.*?)</tr>', section)
    assert m is not None, row
    return m.group(1).count('class="pt')


def fort_assault() -> Game:
    return Game("woodenships", load_scenario("fort-assault", "woodenships"), seed=0)


@pytest.mark.rules("WS-SHEET-1", "WS-DMG-1", "WS-DMG-2")
def test_a_ship_s_track_falls_into_its_bands_and_ends_in_sink() -> None:
    g = fort_assault()
    html = print_game(page_of(g.ruleset, "sheets"), g, None, None)
    revenge = sheet_of(html, "Revenge")  # a wide ship of three sections: 27 points
    assert [points_in(revenge, r) for r in ("full", "half", "dead")] == [9, 9, 9]
    assert "Full move" in revenge and "No move" in revenge and "Sink!" in revenge
    longboat = sheet_of(html, "Longboat")  # a rowboat of 3 points: a boat's strength rows
    assert [points_in(longboat, r) for r in ("full", "half", "dead")] == [1, 1, 1] and "1/3 strength" in longboat
    for table in ("ref-ships", "ref-arms", "ref-melee", "ref-guns", "ref-forts"):
        assert f'class="{table}"' in revenge
    assert "D6+3" in revenge and "@media print" in html and "break-after: page" in html


@pytest.mark.rules("WS-SHEET-1", "WS-FORT-1", "WS-FORT-2", "WS-FORT-3")
def test_a_fort_s_track_shows_its_scaling_bands_its_gates_and_collapse() -> None:
    g = fort_assault()
    s = g.state
    assert isinstance(s, Shore)
    fort = s.forts["Fort Defiance"]
    fort.lost = 5
    fort.gates[0].life = 1
    html = print_game(page_of(g.ruleset, "sheets"), g, "red", None)
    sheet = sheet_of(html, "Fort Defiance")
    assert [points_in(sheet, r) for r in ("full", "third", "two-thirds")] == [14, 14, 13]  # 41 points
    assert sheet.count('class="pt lost"') == 5 + 2  # five off the fort, two off its gate
    assert "Collapse!" in sheet and "Scaled on 4-6" in sheet and "commander Colonel Hawkes" in sheet
    assert re.search(r'data-gate="Fort Defiance gate 1">.*?</tr>', sheet) is not None


@pytest.mark.rules("WS-SHEET-1")
@pytest.mark.parametrize("points", [3, 9, 12, 18, 27, 41])
def test_a_track_s_bands_are_the_damage_bands(points: int) -> None:
    for lost in range(points):
        assert band_after(points, lost, False) == {"full": "full", "third": "half", "two-thirds": "dead"}[band_after(points, lost, True)]
        assert (band_after(points, lost, False) == "full") == (3 * lost < points)


def test_grapeshot_print_writes_the_sheets_of_a_built_in_scenario_or_a_file(tmp_path: Path) -> None:
    out = tmp_path / "sheets.html"
    r = CliRunner().invoke(app, ["print", "sheets", "ship-duel", "--out", str(out)])
    assert r.exit_code == 0, r.output
    html = out.read_text()
    assert html.count('<section class="sheet"') == 2 and "Black Swan" in html and "Sea Hawk" in html
    r = CliRunner().invoke(app, ["print", "sheets", "duel", "--ruleset", "jimlad"])  # a rule set without sheets says so
    assert r.exit_code == 2 and "prints no page 'sheets'; it prints roster (of a piece)" in " ".join(r.stderr.split())
    r = CliRunner().invoke(app, ["print", "sheets", "nosuch"])
    assert r.exit_code == 2 and "neither a scenario or save file nor a built-in scenario" in " ".join(r.stderr.split())


def test_the_web_table_serves_a_game_s_sheets_and_links_them(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path))
    made = client.post("/api/games", json={"ruleset": "woodenships", "scenario": "fort-assault", "seats": {"red": "human", "blue": "human"}, "seed": 3})
    assert made.status_code == 200, made.text
    g = made.json()
    spectator = g["spectator"].split("token=", 1)[1]
    assert client.get(f"/api/games/{g['id']}", params={"token": spectator}).json()["prints"] == {
        "game": [{"name": "sheets", "title": "score sheets"}],
        "piece": [],
    }
    r = client.get("/api/print/sheets", params={"game": g["id"], "token": spectator})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html") and r.text.count('<section class="sheet"') == 4
    assert client.get("/api/print/sheets", params={"game": g["id"], "token": "nope"}).status_code == 403
    duel = client.post("/api/games", json={"scenario": "duel", "seed": 3}).json()
    tok = duel["spectator"].split("token=", 1)[1]
    assert client.get(f"/api/games/{duel['id']}", params={"token": tok}).json()["prints"]["game"] == []
    r = client.get("/api/print/sheets", params={"game": duel["id"], "token": tok})
    assert r.status_code == 404 and "prints no page 'sheets'" in r.json()["error"]
