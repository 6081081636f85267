"""Fleets balanced by cost: a corpus of illegal fleets, each refused naming the rule it breaks,
by the rules, by the command line (a clean message and exit 2, from the real ``grapeshot``
command too) and by the web table (400, nothing stored); and a fair one, within its stated
margin, accepted."""

from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.scenario import parse_scenario
from grapeshot.rulesets.woodenships.fleets import costs
from grapeshot.server.app import create_app


def crew(n: int = 2) -> list[dict[str, Any]]:
    return [{"kind": "captain"}, {"kind": "man", "count": n}]


#: two narrow ships of two sections (cost 18 each, 3 figures a side) off an island
FAIR: dict[str, Any] = {
    "name": "fair",
    "ruleset": "woodenships",
    "table": {"width": 48, "height": 36},
    "terrain": [{"kind": "island", "name": "Isle", "polygon": [[4, 20], [44, 20], [44, 34], [4, 34]]}],
    "seats": [{"id": "red"}, {"id": "blue"}],
    "fleets": [
        {"seat": "red", "ships": [{"name": "Gull", "type": "narrow", "x": 10, "y": 8, "heading": 0, "crew": crew()}]},
        {"seat": "blue", "ships": [{"name": "Tern", "type": "narrow", "x": 38, "y": 8, "heading": 180, "crew": crew()}]},
    ],
}

FORT = {"name": "Tower", "land": "Isle", "x": 24, "y": 27, "length": 6, "width": 6, "garrison": [{"kind": "commander"}]}


def red(d: dict[str, Any]) -> dict[str, Any]:
    return dict(d["fleets"][0])


def blue_ship(d: dict[str, Any]) -> dict[str, Any]:
    return dict(d["fleets"][1]["ships"][0])


def variant(**change: Any) -> dict[str, Any]:
    """FAIR with red's ship (``red_ship``), blue's ship (``blue_ship``), red's fleet (``red``),
    blue's fleet (``blue``) or the options (``options``) changed."""
    d = copy.deepcopy(FAIR)
    if "red_ship" in change:
        d["fleets"][0]["ships"][0].update(change["red_ship"])
    if "blue_ship" in change:
        d["fleets"][1]["ships"][0].update(change["blue_ship"])
    if "red" in change:
        d["fleets"][0].update(change["red"])
    if "blue" in change:
        d["fleets"][1].update(change["blue"])
    if "options" in change:
        d["options"] = change["options"]
    return d


#: each illegal fleet, and the words (with its rule) its refusal must hold
ILLEGAL: list[tuple[str, dict[str, Any], str]] = [
    (
        "dearer",
        variant(blue_ship={"sections": 3}),
        "fleets of the same cost to within 0 points (WS-SHIP-1; option cost_margin), forts counted, got {'red': 18, 'blue': 24}",
    ),
    ("past-margin", variant(blue_ship={"sections": 3}, options={"cost_margin": 5}), "within 5 points (WS-SHIP-1; option cost_margin)"),
    ("uncosted-fort", variant(red={"forts": [FORT]}, blue_ship={"crew": crew(3)}), "forts counted, got {'red': 30, 'blue': 18}"),
    ("no-captain", variant(red_ship={"crew": [{"kind": "man", "count": 3}]}), "fleets (ship Gull): expected exactly one captain for each ship (WS-FIG-1)"),
    ("two-captains", variant(red_ship={"crew": [{"kind": "captain", "count": 2}, {"kind": "man"}]}), "exactly one captain for each ship (WS-FIG-1)"),
    ("captain-ashore-of-nothing", variant(red={"ashore": [{"kind": "captain", "land": "Isle"}]}), "the ship a captain ashore commands (WS-FIG-1)"),
    (
        "one-section",
        variant(red_ship={"sections": 1}),
        "fleets[0].ships[0].sections: expected a ship of 2 to 5 sections (WS-SHIP-1; option max_sections), got 1",
    ),
    ("six-sections", variant(red_ship={"sections": 6}), "a ship of 2 to 5 sections (WS-SHIP-1; option max_sections), got 6"),
    ("boat-points", variant(red_ship={"type": "small", "hit_points": 13}), "a small ship's hit points, 6 to 12 (WS-SHIP-2), got 13"),
    ("ship-points", variant(red_ship={"hit_points": 14}), "no hit points: a narrow ship has 6 a section (WS-SHIP-2)"),
    (
        "more-figures",
        variant(red_ship={"crew": crew(3)}),
        "the same number of figures on every side (WS-FIG-1; option equal_figures), got {'red': 4, 'blue': 3}",
    ),
    (
        "no-commander",
        variant(red={"forts": [{**FORT, "garrison": [{"kind": "hero"}]}]}),
        "fleets (fort Tower): expected exactly one commander for each fort (WS-FIG-2)",
    ),
    ("commander-afloat", variant(red_ship={"crew": [{"kind": "captain"}, {"kind": "commander"}, {"kind": "man"}]}), "a commander in a fort's garrison"),
    ("fort-afloat", variant(red={"forts": [{**FORT, "y": 12}]}), "fleets[0].forts[0]: expected a fort wholly on Isle"),
    ("empty-seat", variant(blue={"ships": []}), "expected figures for seat 'blue'"),
]


def text(d: dict[str, Any]) -> str:
    return yaml.safe_dump(d, sort_keys=False)


@pytest.mark.rules("WS-SHIP-1", "WS-FIG-1")
def test_the_fair_fleet_and_one_within_its_stated_margin_are_accepted() -> None:
    g = Game("woodenships", parse_scenario(FAIR, "fair"), seed=1)
    assert costs(g.state) == {"red": {"ships": 18, "forts": 0, "total": 18}, "blue": {"ships": 18, "forts": 0, "total": 18}}
    wide = Game("woodenships", parse_scenario(variant(blue_ship={"sections": 3}, options={"cost_margin": 6}), "margin"), seed=1)
    assert costs(wide.state)["blue"]["total"] == 24
    fort = variant(red={"forts": [FORT]}, blue_ship={"crew": crew(3), "sections": 3}, options={"cost_margin": 6})
    assert costs(Game("woodenships", parse_scenario(fort, "fort"), seed=1).state)["red"] == {"ships": 18, "forts": 12, "total": 30}


@pytest.mark.rules("WS-SHIP-1", "WS-SHIP-2", "WS-FIG-1", "WS-FIG-2", "WS-FORT-1")
@pytest.mark.parametrize(("case", "data", "words"), ILLEGAL, ids=[c for c, _, _ in ILLEGAL])
def test_an_illegal_fleet_is_refused_naming_the_rule_it_breaks(case: str, data: dict[str, Any], words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        Game("woodenships", parse_scenario(data, case), seed=1)
    assert words in str(err.value)


@pytest.mark.parametrize(("case", "data", "words"), ILLEGAL, ids=[c for c, _, _ in ILLEGAL])
def test_the_command_line_refuses_an_illegal_fleet_cleanly(tmp_path: Path, case: str, data: dict[str, Any], words: str) -> None:
    path = tmp_path / f"{case}.yaml"
    path.write_text(text(data))
    result = CliRunner().invoke(app, ["simulate", "--ruleset", "woodenships", "--scenario", str(path)])
    message = " ".join(result.stderr.split())
    assert result.exit_code == 2 and words in message and "Traceback" not in message, message


def test_the_real_grapeshot_command_refuses_an_unbalanced_fleet(tmp_path: Path) -> None:
    exe = shutil.which("grapeshot", path=str(Path(__file__).resolve().parents[3] / ".venv" / "bin")) or shutil.which("grapeshot")
    assert exe is not None
    path = tmp_path / "dearer.yaml"
    path.write_text(text(ILLEGAL[0][1]))
    done = subprocess.run([exe, "simulate", "--ruleset", "woodenships", "--scenario", str(path)], capture_output=True, text=True, timeout=120, check=False)
    message = " ".join(done.stderr.split())
    assert done.returncode == 2 and "(WS-SHIP-1; option cost_margin)" in message and "Traceback" not in message, message


@pytest.mark.parametrize(("case", "data", "words"), ILLEGAL, ids=[c for c, _, _ in ILLEGAL])
def test_the_web_table_refuses_an_illegal_fleet_with_a_400_and_stores_nothing(tmp_path: Path, case: str, data: dict[str, Any], words: str) -> None:
    client = TestClient(create_app(tmp_path))
    before = client.get("/api/health").json()["games"]
    r = client.post("/api/games", json={"ruleset": "woodenships", "scenario_yaml": text(data), "seed": 1})
    assert r.status_code == 400 and words in r.json()["error"], r.text
    assert client.get("/api/health").json()["games"] == before
    fair = client.post("/api/games", json={"ruleset": "woodenships", "scenario_yaml": text(FAIR), "seed": 1})
    assert fair.status_code == 200, fair.text
