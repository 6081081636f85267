"""The scenario editor's routes (``server/editor.py``): each rule set's description of what a
scenario holds, the check that answers each problem with its field's path, and the round trip of
every built-in scenario through the editor's model and back to a file the loader reads the same."""

from __future__ import annotations

import json
from importlib.metadata import entry_points
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from grapeshot.cli import app as cli
from grapeshot.core.scenario import Catalogue, Terrain, builtin_scenarios, load_scenario, parse_text, read_scenario_file
from grapeshot.server.app import create_app
from grapeshot.server.editor import model_of, yaml_of

#: the installed rule sets (not the toys some tests register)
RULESETS = sorted(ep.name for ep in entry_points(group="grapeshot.rulesets"))


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("editor")))


def check(client: TestClient, data: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/scenarios/check", json={"scenario": data})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def from_nothing(form: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """A two-seat scenario as the editor builds one from the description alone: one piece of the
    first kind for each seat (or the first fleet's places), at either end of the table."""
    w, h = form["table"]["width"], form["table"]["height"]
    fleets = []
    for i, seat in enumerate(("red", "blue")):
        entry: dict[str, Any] = {"seat": seat}
        for f in form["fleet_fields"]:
            if f["default"] is not None:
                entry[f["name"]] = f["default"]
        x, heading = (w * 0.2, 0) if i == 0 else (w * 0.8, 180)
        pieces = form["pieces"][0]
        if pieces["fixed"]:
            ships = next(c for c in form["fleets"] if c["name"] == entry[form["fleet_field"]])["ships"]
            entry[pieces["key"]] = [{"x": x, "y": h * (k + 1) / (len(ships) + 1), "heading": heading} for k in range(len(ships))]
        else:
            kind = pieces["kinds"][0]
            entry[pieces["key"]] = [{"name": f"{seat} one", **kind["template"], "x": x, "y": h / 2, "heading": heading}]
        fleets.append(entry)
    return {"name": "fresh", "ruleset": ruleset, "table": {"width": w, "height": h}, "seats": [{"id": "red"}, {"id": "blue"}], "fleets": fleets}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_rule_set_describes_its_scenarios_and_a_scenario_built_from_the_description_sets_up(client: TestClient, ruleset: str) -> None:
    r = client.get(f"/api/rulesets/{ruleset}/editor")
    assert r.status_code == 200, r.text
    form = r.json()
    assert form["ruleset"] == ruleset and form["terrain"] and form["pieces"]
    assert all(set(k["shapes"]) <= {"polygon", "circle", "point"} for k in form["terrain"])
    assert form["table"]["min"] == 12 and form["table"]["max"] == 600
    assert {o["name"] for o in form["options"]} >= set(form["objectives"]) and form["objectives"]
    assert form["scenarios"] == builtin_scenarios(ruleset)
    built = from_nothing(form, ruleset)
    answer = check(client, built)
    assert answer["ok"], answer["problems"]
    assert parse_text(answer["yaml"], "answer").raw == built  # the YAML it answers is the data checked


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_scenario_built_from_the_description_is_played_to_a_result_from_its_file(client: TestClient, tmp_path: Path, ruleset: str) -> None:
    """As the editor saves it, read by ``grapeshot simulate --scenario FILE`` and played to the end."""
    built = from_nothing(client.get(f"/api/rulesets/{ruleset}/editor").json(), ruleset)
    built["options"] = {"turn_limit": 2}
    path = tmp_path / "fresh.yaml"
    path.write_text(check(client, built)["yaml"], encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["simulate", "--ruleset", ruleset, "--scenario", str(path), "--games", "1", "--players", "random", "--json", "--no-report"]
    )
    assert result.exit_code == 0, result.output
    said = json.loads(result.stdout)
    assert said["scenario"] == "fresh" and said["games"] == 1 and sum(said["by_objective"].values()) == 1 and said["mean_turns"] <= 2


def test_a_built_fleet_is_put_in_its_seat_as_a_game_would_have_it(client: TestClient) -> None:
    data = client.get("/api/rulesets/navalwarhammer/scenarios/duel").json()["scenario"]
    fleet = yaml.safe_load(files("grapeshot.rulesets.navalwarhammer").joinpath("fleets", "skaven-1000.yaml").read_text(encoding="utf-8"))
    r = client.post("/api/scenarios/place", json={"scenario": data, "fleets": {"blue": fleet}})
    assert r.status_code == 200, r.text
    placed = r.json()["scenario"]
    assert placed["fleets"][1]["fleet"] == fleet and len(placed["fleets"][1]["placement"]) >= len(fleet["ships"])
    assert placed["fleets"][0] == data["fleets"][0]
    assert check(client, placed)["ok"]
    r = client.post("/api/scenarios/place", json={"scenario": data, "fleets": {"blue": {**fleet, "ships": []}}})
    assert r.status_code == 400 and r.json()["field"] == "fleets.blue", r.text
    r = client.post("/api/scenarios/place", json={"scenario": {**data, "table": "big"}, "fleets": {"blue": fleet}})
    assert r.status_code == 400 and "table" in r.json()["error"]
    r = client.post("/api/scenarios/place", json={"scenario": data, "kind": "nosuch", "fleets": {"blue": fleet}})
    assert r.status_code == 404 and "nosuch" in r.json()["error"]


def test_an_alias_finds_its_rule_set_and_an_unknown_one_is_404(client: TestClient) -> None:
    assert client.get("/api/rulesets/jl/editor").json()["ruleset"] == "jimlad"
    r = client.get("/api/rulesets/nosuch/editor")
    assert r.status_code == 404 and "nosuch" in r.json()["error"]
    r = client.get("/api/rulesets/jimlad/scenarios/nosuch")
    assert r.status_code == 404 and "nosuch" in r.json()["error"]


def test_problems_are_answered_with_the_path_of_the_piece_each_is_about(client: TestClient) -> None:
    data = client.get("/api/rulesets/jimlad/scenarios/euromeet").json()["scenario"]
    data["terrain"][1]["circle"] = {"center": [1000, 3], "radius": 2}  # off the table
    data["fleets"][0]["ships"][1]["x"] = -20  # off the table
    data["fleets"][2]["ships"][0]["x"] = data["fleets"][2]["ships"][1]["x"]  # on its neighbour
    data["fleets"][2]["ships"][0]["y"] = data["fleets"][2]["ships"][1]["y"]
    answer = check(client, data)
    assert not answer["ok"]
    paths = [p["path"] for p in answer["problems"]]
    assert paths[:2] == ["terrain[1]", "fleets[0].ships[1]"], paths
    assert any(p.startswith("fleets[2].ships[") for p in paths[2:]), paths
    assert all(p["message"].startswith(p["path"]) and "expected" in p["message"] for p in answer["problems"])


def test_a_problem_of_the_whole_scenario_is_answered_once_with_its_field(client: TestClient) -> None:
    data = client.get("/api/rulesets/jimlad/scenarios/duel").json()["scenario"]
    data["fleets"][1]["seat"] = "green"
    answer = check(client, data)
    assert [p["path"] for p in answer["problems"]] == ["fleets[1].seat"]
    data = client.get("/api/rulesets/navalwarhammer/scenarios/duel").json()["scenario"]
    data["fleets"][0]["placement"] = data["fleets"][0]["placement"][:1]  # fewer places than ships
    assert [p["path"] for p in check(client, data)["problems"]] == ["fleets[0].placement"]
    data = client.get("/api/rulesets/woodenships/scenarios/ship-duel").json()["scenario"]
    data["modules"] = ["collisions"]
    assert check(client, data)["ok"]
    data = client.get("/api/rulesets/jimlad/scenarios/duel").json()["scenario"]
    data["modules"] = ["collisions"]  # installed, but not a module Jim Lad can host
    assert [p["path"] for p in check(client, data)["problems"]] == ["modules[0]"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({}, 422, "one of them"),
        ({"scenario": {"name": "x"}, "scenario_yaml": "name: x"}, 422, "one of them"),
        ({"scenario": [1, 2]}, 422, "scenario"),
        ({"scenario_yaml": "a: [1"}, 400, "YAML"),
        ({"scenario_yaml": "- 1\n- 2"}, 400, "a mapping"),
        ({"scenario_yaml": "a: &x 1\nb: *x"}, 400, "alias"),
        ({"scenario_yaml": "x" * 600_000}, 413, "too large"),
    ],
)
def test_bad_bodies_are_refused_naming_what_was_wrong(client: TestClient, body: dict[str, Any], status: int, words: str) -> None:
    r = client.post("/api/scenarios/check", json=body)
    assert r.status_code == status, r.text
    assert words in r.json()["error"], r.json()


def test_a_body_that_is_not_a_scenario_is_answered_with_its_problems_never_a_500(client: TestClient) -> None:
    for data in ({}, {"name": "x"}, {"name": "x", "ruleset": "nosuch"}, {"name": "x", "ruleset": "jimlad", "table": "big"}):
        answer = check(client, data)
        assert not answer["ok"] and answer["problems"][0]["path"], data
    assert check(client, {"name": "x", "ruleset": "jimlad"})["problems"][0]["path"] == "table"


def terrain(t: Terrain) -> tuple[object, ...]:
    """A piece of terrain as comparable data (a polygon compares by its corners)."""
    return (t.kind, t.name, None if t.shape is None else t.shape.points, t.point, dict(t.props), t.obstacle)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_built_in_scenario_round_trips_through_the_editor_model(tmp_path: Path, ruleset: str) -> None:
    catalogue = Catalogue()
    for name in builtin_scenarios(ruleset):
        sc = catalogue.get(name, ruleset)
        text = yaml_of(model_of(sc))
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        again = read_scenario_file(path)  # as `grapeshot simulate --scenario FILE` reads it
        assert again.raw == sc.raw, name
        assert (again.name, again.title, again.description, again.ruleset, again.modules) == (sc.name, sc.title, sc.description, sc.ruleset, sc.modules)
        assert again.table == sc.table and again.seats == sc.seats
        assert [terrain(t) for t in again.terrain] == [terrain(t) for t in sc.terrain]
        assert again.fleets == sc.fleets and again.options == sc.options
        assert load_scenario(str(path)).raw == sc.raw


def test_the_editor_page_is_served_and_linked_from_the_lobby(client: TestClient) -> None:
    page = client.get("/editor")
    assert page.status_code == 200 and "/static/editor.js" in page.text
    assert 'href="/editor"' in client.get("/").text
    for script in ("editor.js", "editor-board.js", "editor-forms.js", "editor.css"):
        assert client.get(f"/static/{script}").status_code == 200, script


def test_a_file_is_opened_through_the_check_with_its_problems_and_its_data(client: TestClient) -> None:
    """The page opens a file by checking its text: a good one comes back as its data, a bad one
    too, with its problems, so it can be mended in the editor."""
    text = (files("grapeshot.rulesets.jimlad") / "scenarios" / "duel.yaml").read_text(encoding="utf-8")
    r = client.post("/api/scenarios/check", json={"scenario_yaml": text})
    assert r.status_code == 200 and r.json()["ok"]
    assert r.json()["scenario"] == dict(Catalogue().get("duel", "jimlad").raw)
    r = client.post("/api/scenarios/check", json={"scenario_yaml": text.replace("x: 104", "x: 400")})
    answer = r.json()
    assert r.status_code == 200 and not answer["ok"] and answer["scenario"]["fleets"][1]["ships"][0]["x"] == 400
    assert [p["path"] for p in answer["problems"]] == ["fleets[1].ships[0]"]
