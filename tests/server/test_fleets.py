"""The lobby's fleet builder, server half: the catalogue, the check of ``grapeshot fleet check``
over the wire, rosters, seats, and games started with built fleets.  Every fleet of Naval
Warhammer's corpus of illegal fleets is refused with its rule (and no game is stored); hostile
documents (broken YAML, huge fleets, unknown units, wrong types anywhere) are a 4xx or a
problem, never a 500."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grapeshot.rulesets.navalwarhammer.armies import ARMIES
from grapeshot.rulesets.navalwarhammer.data import SIZES, UPGRADES
from grapeshot.rulesets.woodenships.data import SHIP_TYPES
from grapeshot.server.app import create_app
from grapeshot.server.fleets import MOST_VALUES
from tests.rulesets.navalwarhammer.test_fleets import CORPUS, Mutation, base


@pytest.fixture(scope="module")
def c(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with TestClient(create_app(tmp_path_factory.mktemp("fleets") / "data")) as client:
        yield client


def _check(c: TestClient, fleet: object, ruleset: str = "navalwarhammer") -> dict[str, Any]:
    r = c.post("/api/fleets/check", json={"ruleset": ruleset, "fleet": fleet})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _games(c: TestClient) -> int:
    return len(c.get("/api/games").json()["games"])


def _start(c: TestClient, fleets: dict[str, Any], ruleset: str = "navalwarhammer", scenario: str = "duel") -> Any:
    return c.post("/api/games", json={"ruleset": ruleset, "scenario": scenario, "seats": {"red": "human", "blue": "heuristic"}, "fleets": fleets})


def test_the_catalogue_offers_every_size_upgrade_and_army_choice_at_the_tables_points(c: TestClient) -> None:
    cat = c.get("/api/fleets/catalogue", params={"ruleset": "nw"}).json()
    assert cat["ruleset"] == "navalwarhammer" and "roster" not in cat  # its printable page is the listing's printables
    ships = cat["form"]["lists"][0]
    assert {i["value"]["size"]: int(i["points"]) for i in ships["items"]} == {s.value: spec.points for s, spec in SIZES.items()}
    for item in ships["items"]:
        size = next(s for s in SIZES if s.value == item["value"]["size"])
        upgrades = {u["key"]: int(u["points"]) for u in item["form"]["lists"][0]["items"]}
        assert upgrades == {k: u.cost[size] for k, u in UPGRADES.items() if u.cost[size] is not None and u.per_ship[size] > 0}
    crew = cat["items"]["crew"]
    assert {(i["group"], i["label"]) for i in crew} == {(a.key, u.name) for a in ARMIES.values() for u in a.units}
    ws = c.get("/api/fleets/catalogue", params={"ruleset": "woodenships"}).json()
    assert {i["value"]["type"] for i in ws["form"]["lists"][0]["items"]} == set(SHIP_TYPES)


def test_a_legal_fleet_is_checked_with_its_points_part_by_part_and_as_yaml(c: TestClient) -> None:
    answer = _check(c, base())
    assert answer["legal"] and answer["problems"] == []
    points = answer["points"]
    assert points[""] == points["ships[0]"] + points["ships[1]"]
    assert points["ships[0]"] == SIZES[next(s for s in SIZES if s.value == "medium")].points + 40 + 15 + sum(points[f"ships[0].crew[{j}]"] for j in range(4))
    assert "Sea Hawk" in answer["yaml"] and answer["document"] == base()


@pytest.mark.rules("NW-SHIP-2", "NW-SHIP-3", "NW-SLOT-1", "NW-UPG-5", "NW-CREW-1", "NW-UPG-7")
@pytest.mark.parametrize(("what", "change", "rule"), CORPUS, ids=[x[0] for x in CORPUS])
def test_every_illegal_fleet_of_the_corpus_is_refused_with_its_rule_and_no_game_is_stored(c: TestClient, what: str, change: Mutation, rule: str | None) -> None:
    fleet = base()
    change(fleet)
    answer = _check(c, fleet)
    assert not answer["legal"], what
    assert rule in [p["rule"] for p in answer["problems"]], f"{what}: {answer['problems']}"
    before = _games(c)
    r = _start(c, {"red": fleet})
    assert r.status_code == 400, r.text
    assert r.json()["field"] == "fleets.red"
    assert f"{rule or 'format'}:" in r.json()["error"]
    assert _games(c) == before


def test_a_legal_built_fleet_starts_a_game_in_its_seat(c: TestClient) -> None:
    fleet = base()
    fleet["name"] = "Built Patrol"
    r = _start(c, {"red": fleet})
    assert r.status_code == 200, r.text
    g = r.json()
    view = c.get(f"/api/games/{g['id']}", params={"token": g["links"]["red"].split("token=")[1]}).json()
    assert {n for n, s in view["state"]["ships"].items() if s["owner"] == "red"} == {"Sea Hawk", "Kestrel"}
    # a fleet of more ships than the scenario placed (four to its three) is placed on along the
    # seat's line of ships, within the duel's 1,000 points
    more = copy.deepcopy(fleet)
    more["ships"] = [dict(copy.deepcopy(fleet["ships"][1]), name=f"Kestrel {n}") for n in range(1, 5)]
    r = _start(c, {"red": more})
    assert r.status_code == 200, r.text
    view = c.get(f"/api/games/{r.json()['id']}", params={"token": r.json()["links"]["red"].split("token=")[1]}).json()
    assert sum(1 for s in view["state"]["ships"].values() if s["owner"] == "red") == 4


def test_seats_list_each_seats_fleet_and_refuse_what_a_scenario_does_not_seat(c: TestClient) -> None:
    seats = c.get("/api/fleets/seats", params={"ruleset": "navalwarhammer", "scenario": "duel"}).json()["seats"]
    assert set(seats) == {"red", "blue"} and seats["red"]["name"] == "Imperial Patrol"
    r = _start(c, {"green": base()})
    assert r.status_code == 400 and r.json()["field"] == "fleets.green"
    assert c.get("/api/fleets/seats", params={"ruleset": "navalwarhammer", "scenario": "nowhere"}).status_code == 404


def test_the_roster_prints_a_legal_fleet_and_refuses_an_illegal_one_naming_its_rule(c: TestClient) -> None:
    r = c.post("/api/print/roster", json={"ruleset": "navalwarhammer", "document": base()})
    assert r.status_code == 200 and "Sea Hawk" in r.text and r.headers["content-type"].startswith("text/html")
    fleet = base()
    fleet["points"] = 100
    r = c.post("/api/print/roster", json={"ruleset": "navalwarhammer", "document": fleet})
    assert r.status_code == 400 and "NW-SHIP-2" in r.json()["error"] and r.json()["field"] == "document"
    assert c.post("/api/print/roster", json={"ruleset": "woodenships", "document": {}}).status_code == 404


@pytest.mark.rules("WS-SHIP-1", "WS-FIG-1")
def test_wooden_ships_fleets_are_checked_by_setting_them_up_and_balanced_by_cost_at_the_start(c: TestClient) -> None:
    seats = c.get("/api/fleets/seats", params={"ruleset": "woodenships", "scenario": "ship-duel"}).json()["seats"]
    red = seats["red"]
    assert all("x" not in s for s in red["ships"])  # places are the scenario's
    answer = _check(c, red, "woodenships")
    assert answer["legal"] and answer["points"][""] == 24
    captainless = copy.deepcopy(red)
    captainless["ships"][0]["crew"] = captainless["ships"][0]["crew"][1:]
    assert [p["rule"] for p in _check(c, captainless, "woodenships")["problems"]] == ["WS-FIG-1"]
    longer = copy.deepcopy(red)
    longer["ships"][0]["sections"] = 4
    assert _check(c, longer, "woodenships")["points"][""] == 30
    before = _games(c)
    r = _start(c, {"red": longer}, "woodenships", "ship-duel")
    assert r.status_code == 400 and "WS-SHIP-1" in r.json()["error"], r.text
    assert _games(c) == before
    r = _start(c, {"red": seats["blue"], "blue": red}, "woodenships", "ship-duel")
    assert r.status_code == 200, r.text
    placed = {
        s["name"]: (s["x"], s["y"])
        for s in c.get(f"/api/games/{r.json()['id']}", params={"token": r.json()["spectator"].split("token=")[1]}).json()["state"]["ships"]
    }
    assert placed["Sea Hawk"] == (14, 21)  # blue's ship in red's place


HOSTILE: list[tuple[str, Any]] = [
    ("a list", [1, 2]),
    ("a ship that is a number", {"name": "x", "army": "empire", "points": 1000, "ships": [7]}),
    ("a size that is a list", {"name": "x", "army": "empire", "points": 1000, "ships": [{"name": "a", "size": [1], "crew": []}]}),
    ("crew as text", {"name": "x", "army": "empire", "points": 1000, "ships": [{"name": "a", "size": "small", "crew": "many"}]}),
    ("upgrades as a number", {"name": "x", "army": "empire", "points": 1000, "ships": [{"name": "a", "size": "small", "upgrades": 5, "crew": []}]}),
    (
        "models as text, a level of a billion",
        {"army": "empire", "points": 1000, "ships": [{"name": "a", "size": "small", "crew": [{"unit": "Battle Wizard", "models": "ten", "level": 10**9}]}]},
    ),
    (
        "unknown units",
        {"name": "x", "army": "empire", "points": 1000, "ships": [{"name": "a", "size": "small", "crew": [{"unit": "Space Marines", "models": 10}]}]},
    ),
    ("an unknown army", {"name": "x", "army": "martians", "points": 1000, "ships": []}),
    ("a name that is a mapping", {"name": {"a": 1}, "army": "empire", "points": 1e300, "ships": [{"name": ["x"], "size": "small", "crew": [{"unit": 5}]}]}),
    (
        "a huge number of models",
        {"name": "x", "army": "empire", "points": 1000, "ships": [{"name": "a", "size": "large", "crew": [{"unit": "Spearmen", "models": 10**30}]}]},
    ),
]


@pytest.mark.parametrize(("what", "fleet"), HOSTILE, ids=[h[0] for h in HOSTILE])
@pytest.mark.parametrize("ruleset", ["navalwarhammer", "woodenships"])
def test_hostile_fleets_are_refused_cleanly(c: TestClient, what: str, fleet: Any, ruleset: str) -> None:
    r = c.post("/api/fleets/check", json={"ruleset": ruleset, "fleet": fleet})
    assert r.status_code < 500, r.text
    if r.status_code == 200:
        assert not r.json()["legal"] and all(p["message"] for p in r.json()["problems"])
    scenario = "duel" if ruleset == "navalwarhammer" else "ship-duel"
    r = _start(c, {"red": fleet}, ruleset, scenario)
    assert 400 <= r.status_code < 500, r.text
    assert c.post("/api/print/roster", json={"ruleset": ruleset, "document": fleet}).status_code < 500


def test_broken_yaml_huge_fleets_and_unknown_kinds_are_4xx(c: TestClient) -> None:
    r = c.post("/api/fleets/check", json={"ruleset": "navalwarhammer", "fleet_yaml": "ships: [\n  - {name: a"})
    assert r.status_code == 400 and r.json()["field"] == "fleet_yaml" and "line" in r.json()["error"]
    r = c.post("/api/fleets/check", json={"ruleset": "navalwarhammer", "fleet_yaml": "a: &x [1]\nb: *x\n"})
    assert r.status_code == 400
    huge = base()
    huge["ships"] = [copy.deepcopy(huge["ships"][1]) for _ in range(MOST_VALUES // 4)]
    r = c.post("/api/fleets/check", json={"ruleset": "navalwarhammer", "fleet": huge})
    assert r.status_code == 413, r.text
    assert _start(c, {"red": huge}).status_code == 413
    many = base()
    many["ships"] = [dict(copy.deepcopy(many["ships"][1]), name=f"K{i}") for i in range(300)]
    answer = _check(c, many)
    assert "NW-SHIP-2" in [p["rule"] for p in answer["problems"]]  # 300 small ships cost far more than 1000 points
    assert c.post("/api/fleets/check", json={"ruleset": "navalwarhammer", "fleet": base(), "fleet_yaml": "a: 1"}).status_code == 422
    assert c.post("/api/fleets/check", json={"ruleset": "navalwarhammer"}).status_code == 422
    assert c.post("/api/fleets/check", json={"ruleset": "jimlad", "fleet": {}}).status_code == 404
    assert c.post("/api/fleets/check", json={"ruleset": "navalwarhammer", "kind": "army", "fleet": {}}).status_code == 404
    assert c.post("/api/fleets/check", json={"ruleset": "nobody", "fleet": {}}).status_code == 400
    assert c.get("/api/fleets/catalogue", params={"ruleset": "jimlad"}).status_code == 404


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.text(max_size=12)
    | st.sampled_from(["small", "medium", "Spearmen", "captain", "narrow", "ram"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["name", "size", "type", "crew", "unit", "models", "upgrades", "kind", "sections", "ships", "army"]), inner, max_size=5
        )
    ),
    max_leaves=30,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ships=st.lists(JSON, max_size=3), ruleset=st.sampled_from(["navalwarhammer", "woodenships"]))
def test_random_documents_never_break_the_server(c: TestClient, ships: list[Any], ruleset: str) -> None:
    fleet = {"name": "x", "army": "empire", "points": 1000, "ships": ships} if ruleset == "navalwarhammer" else {"name": "x", "ships": ships}
    r = c.post("/api/fleets/check", json={"ruleset": ruleset, "fleet": fleet})
    assert r.status_code < 500, r.text


def test_an_uploaded_scenario_naming_a_fleet_by_path_reads_no_file_of_the_server(c: TestClient, tmp_path: Any) -> None:
    """A scenario uploaded to the table may name only a built-in fleet or give one in place: a
    path to a file on the server (a save of another game, say) is refused with the reason, the
    file is never read, and nothing is stored."""
    import yaml

    from grapeshot.core.scenario import load_scenario

    secret = tmp_path / "secret.yaml"
    secret.write_text("name: a-secret-fleet-name\narmy: empire\nships: []\n", encoding="utf-8")
    duel = copy.deepcopy(dict(load_scenario("duel", "navalwarhammer").raw))
    duel["fleets"][0]["fleet"] = str(secret)
    before = _games(c)
    r = c.post("/api/games", json={"scenario_yaml": yaml.safe_dump(duel)})
    assert r.status_code == 400, r.text
    assert "fleets[0].fleet" in r.text and "a built-in fleet" in r.text and "a-secret-fleet-name" not in r.text
    assert _games(c) == before


def test_a_local_scenario_file_names_a_fleet_file_beside_it(tmp_path: Any) -> None:
    """On the command line a scenario file may name a fleet file, found beside it."""
    import yaml

    from grapeshot.core.game import Game
    from grapeshot.core.scenario import load_scenario
    from grapeshot.rulesets.navalwarhammer.fleets import builtin_fleet

    duel = copy.deepcopy(dict(load_scenario("duel", "navalwarhammer").raw))
    name = duel["fleets"][0]["fleet"]
    (tmp_path / "mine.yaml").write_text(yaml.safe_dump(builtin_fleet(name)), encoding="utf-8")
    duel["fleets"][0]["fleet"] = "mine.yaml"
    (tmp_path / "duel.yaml").write_text(yaml.safe_dump(duel), encoding="utf-8")
    sc = load_scenario(str(tmp_path / "duel.yaml"))
    assert sc.raw["fleets"][0]["fleet"] == builtin_fleet(name)  # read in place: the scenario names no file now
    assert sc.origins == {"fleets[0].fleet": str((tmp_path / "mine.yaml").resolve())}
    assert Game("navalwarhammer", sc, seed=1).state is not None
