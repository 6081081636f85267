"""Wooden Ships' fleet files: ``grapeshot fleet check --ruleset woodenships FILE`` sets a fleet up
as a game would and names the rule of what it refuses; built fleets take a scenario's places."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.scenario import load_scenario, more_places
from grapeshot.rulesets.woodenships.builder import place, seats

runner = CliRunner()


@pytest.mark.rules("WS-SHIP-1", "WS-FIG-1")
def test_fleet_check_sets_a_fleet_up_and_names_the_rule_it_breaks(tmp_path: Path) -> None:
    fleet = seats(load_scenario("ship-duel", "woodenships"))["red"]
    good = tmp_path / "good.yaml"
    good.write_text(yaml.safe_dump(fleet), encoding="utf-8")
    r = runner.invoke(app, ["fleet", "check", "--ruleset", "woodenships", str(good)])
    assert r.exit_code == 0 and "costs 24" in r.output, r.output
    assert isinstance(fleet, dict)
    fleet["ships"][0]["sections"] = 9
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(fleet), encoding="utf-8")
    r = runner.invoke(app, ["fleet", "check", "--ruleset", "woodenships", "--json", str(bad)])
    assert r.exit_code == 1
    assert [p["rule"] for p in json.loads(r.output)["problems"]] == ["WS-SHIP-1"]
    fleet["ships"][0]["sections"] = 3
    fleet["ships"][0]["crew"] = [c for c in fleet["ships"][0]["crew"] if c.get("kind") != "captain"]
    bad.write_text(yaml.safe_dump(fleet), encoding="utf-8")
    r = runner.invoke(app, ["fleet", "check", "--ruleset", "woodenships", "--json", str(bad)])
    assert [p["rule"] for p in json.loads(r.output)["problems"]] == ["WS-FIG-1"]
    r = runner.invoke(app, ["fleet", "check", "--ruleset", "woodenships", str(tmp_path / "none.yaml")])
    assert r.exit_code == 2 and "expected a file that can be opened" in " ".join(r.output.split())  # a file it cannot read: input it cannot use


def test_built_ships_take_the_seats_places_and_more_go_between_them() -> None:
    sc = load_scenario("ship-duel", "woodenships")
    blue = seats(sc)["blue"]
    assert isinstance(blue, dict)
    two = {**blue, "ships": [blue["ships"][0], {**blue["ships"][0], "name": "Second"}]}
    data = place(sc, {"red": two})
    ships = data["fleets"][0]["ships"]
    assert (ships[0]["name"], ships[0]["x"], ships[0]["y"]) == ("Sea Hawk", 14, 21)
    assert (ships[1]["x"], ships[1]["y"]) == (14, 29)  # 8" on from a single place
    line = more_places([{"x": 10, "y": 10, "heading": 0}, {"x": 10, "y": 30, "heading": 0}, {"x": 10, "y": 40, "heading": 0}], 5)
    assert [(p["x"], p["y"]) for p in line[3:]] == [(10, 20), (10, 15)]  # the widest gap first
    assert all(p["heading"] == 0 for p in line)
