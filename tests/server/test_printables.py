"""Every printable page of every rule set through the one route (``/api/print/{page}``) and the
one command (``grapeshot print``): Jim Lad's roster of a ship, Wooden Ships' score sheets of a
game, Naval Warhammer's roster of a fleet file; names escaped; the lobby's ``printables`` and the
view's ``prints``; a 4xx (or exit 2) for an unknown page, the wrong subject, a missing or stray
piece, a forged token."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.server.app import create_app
from tests.hostile.corpus import DUEL

FLEET = Path(__file__).parents[2] / "src/grapeshot/rulesets/navalwarhammer/fleets/empire-1000.yaml"
HOSTILE_NAME = '<script>alert("x")</script> & Co'


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path))


def game(client: TestClient, **req: Any) -> tuple[str, str, str]:
    """A game made, with its red seat's token and its spectator's."""
    r = client.post("/api/games", json={"seed": 3, **req})
    assert r.status_code == 200, r.text
    g = r.json()
    red = g["links"].get("red", "token=")  # a game of AI seats alone has no seat links
    return g["id"], red.split("token=", 1)[1], g["spectator"].split("token=", 1)[1]


def fleet() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(FLEET.read_text(encoding="utf-8"))
    return data


def test_the_lobby_lists_what_each_rule_set_prints_and_the_view_what_its_table_links(client: TestClient) -> None:
    listed = {rs["name"]: rs for rs in client.get("/api/rulesets").json()["rulesets"]}
    assert listed["jimlad"]["printables"] == {"game": [], "piece": [{"name": "roster", "title": "roster"}], "document": []}
    assert listed["woodenships"]["printables"] == {"game": [{"name": "sheets", "title": "score sheets"}], "piece": [], "document": []}
    assert listed["navalwarhammer"]["printables"] == {"game": [], "piece": [], "document": [{"name": "roster", "title": "roster", "kind": "fleet"}]}
    assert all("sheets" not in rs and all("roster" not in d for d in rs["documents"]) for rs in listed.values())
    gid, red, _ = game(client, ruleset="jimlad", scenario="duel", seats={"red": "human", "blue": "heuristic"})
    view = client.get(f"/api/games/{gid}", params={"token": red}).json()
    assert view["prints"] == {"game": [], "piece": [{"name": "roster", "title": "roster"}]} and "sheets" not in view


def test_each_rule_set_s_page_through_the_one_route(client: TestClient) -> None:
    gid, red, spectator = game(client, ruleset="jimlad", scenario="duel", seats={"red": "human", "blue": "heuristic"})
    r = client.get("/api/print/roster", params={"game": gid, "token": red, "piece": "Da Big Smasha"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html") and "<title>Roster: Da Big Smasha</title>" in r.text
    assert client.get("/api/print/roster", params={"game": gid, "token": spectator, "piece": "Da Big Smasha"}).status_code == 200
    gid, _, spectator = game(client, ruleset="woodenships", scenario="ship-duel")
    r = client.get("/api/print/sheets", params={"game": gid, "token": spectator})
    assert r.status_code == 200 and r.text.count('<section class="sheet"') == 2
    for body in ({"document": fleet()}, {"document_yaml": FLEET.read_text(encoding="utf-8")}):
        r = client.post("/api/print/roster", json={"ruleset": "nw", **body})
        assert r.status_code == 200 and "Imperial Patrol" in r.text and "Sea Hawk" in r.text, r.text[:300]


def test_names_on_a_page_are_escaped(client: TestClient) -> None:
    gid, red, _ = game(client, scenario_yaml=DUEL.replace("Da Big Smasha", json.dumps(HOSTILE_NAME)), seats={"red": "human", "blue": "heuristic"})
    r = client.get("/api/print/roster", params={"game": gid, "token": red, "piece": HOSTILE_NAME})
    assert r.status_code == 200 and "<script>alert" not in r.text and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" in r.text
    doc = fleet()
    doc["name"] = HOSTILE_NAME
    r = client.post("/api/print/roster", json={"ruleset": "navalwarhammer", "document": doc})
    assert r.status_code == 200 and "<script>alert" not in r.text and "&lt;script&gt;" in r.text


@pytest.mark.parametrize(
    ("ask", "status", "words"),
    [
        (("GET", "nosuch", {}), 404, "page: the rule set 'jimlad' prints no page 'nosuch'; it prints roster (of a piece)"),
        (("GET", "roster", {}), 422, "piece: the page 'roster' is of one piece: name it"),
        (("GET", "roster", {"piece": "Nobody"}), 404, "piece: no ship 'Nobody'"),
        (("GET", "roster", {"token": "forged"}), 403, "does not belong"),
        (("GET", "roster", {"game": "nosuch"}), 404, "no game"),
        (("POST", "roster", {"ruleset": "jimlad", "document": {}}), 400, "'roster' is a page of a piece: GET it with the game's id and token"),
        (("POST", "sheets", {"ruleset": "woodenships", "document": {}}), 400, "'sheets' is a page of a game"),
        (("POST", "roster", {"ruleset": "woodenships", "document": {}}), 404, "prints no page 'roster'; it prints sheets (of a game)"),
        (("POST", "roster", {"ruleset": "nosuch", "document": {}}), 400, "ruleset: unknown ruleset 'nosuch'"),
        (("POST", "roster", {"ruleset": "navalwarhammer"}), 422, "give the document as data or as YAML text"),
        (("POST", "roster", {"ruleset": "navalwarhammer", "document": {"name": "x"}}), 400, "document: not a legal fleet, so no roster:"),
    ],
)
def test_a_bad_request_for_a_page_is_a_4xx_saying_what_is_wrong(client: TestClient, ask: tuple[str, str, dict[str, Any]], status: int, words: str) -> None:
    method, page, given = ask
    gid, red, _ = game(client, ruleset="jimlad", scenario="duel", seats={"red": "human", "blue": "heuristic"})
    asked = client.get(f"/api/print/{page}", params={"game": gid, "token": red, **given}) if method == "GET" else None
    r = asked if asked is not None else client.post(f"/api/print/{page}", json=given)
    assert r.status_code == status and words in r.json()["error"], r.text[:300]


def test_a_page_of_a_game_is_refused_to_a_token_of_another_game(client: TestClient) -> None:
    first, _, _ = game(client, ruleset="woodenships", scenario="ship-duel")
    _, _, other = game(client, ruleset="woodenships", scenario="ship-duel")
    r = client.get("/api/print/sheets", params={"game": first, "token": other})
    assert r.status_code == 403 and "error" in r.json()
    gid, _, spectator = game(client, ruleset="woodenships", scenario="ship-duel")
    r = client.get("/api/print/sheets", params={"game": gid, "token": spectator, "piece": "Black Swan"})
    assert r.status_code == 422 and "is of the whole game, not of a piece" in r.json()["error"]


def run(*args: str) -> Any:
    return CliRunner().invoke(app, ["print", *args])


def test_grapeshot_print_prints_each_rule_set_s_pages(tmp_path: Path) -> None:
    r = run("roster", "duel", "--piece", "Da Big Smasha")  # of a piece: the rule set printing it of a piece, whose duel it is
    assert r.exit_code == 0 and "<title>Roster: Da Big Smasha</title>" in r.stdout, r.output
    r = run("roster", str(FLEET))  # of a document: the rule set printing it of a document
    assert r.exit_code == 0 and "Imperial Patrol" in r.stdout, r.output
    out = tmp_path / "sheets.html"
    assert run("sheets", "ship-duel", "--out", str(out)).exit_code == 0 and out.read_text().count('<section class="sheet"') == 2
    played = tmp_path / "played"
    made = CliRunner().invoke(
        app, ["simulate", "--ruleset", "woodenships", "--scenario", "ship-duel", "--games", "1", "--seed", "2", "--json", "--out", str(played)]
    )
    assert made.exit_code == 0, made.output
    r = run("sheets", str(played / "game-00000.save.json"))  # a save: the game as it stands, its points lost filled in
    assert r.exit_code == 0 and 'class="pt lost"' in r.stdout, r.output[-300:]


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (("nosuch", "duel"), 2, "no rule set prints a page 'nosuch'; they print jimlad: roster (of a piece); navalwarhammer: roster (of a document)"),
        (("sheets", "duel", "--ruleset", "jimlad"), 2, "the rule set 'jimlad' prints no page 'sheets'"),
        (("roster", "duel", "--piece", "Nobody"), 2, "no ship 'Nobody'"),
        (("roster", "duel", "--ruleset", "jimlad"), 2, "the page 'roster' is of one piece: name it"),
        (("sheets", "ship-duel", "--piece", "Black Swan"), 2, "is of the whole game, not of a piece"),
        (("roster", "nowhere.yaml"), 2, "nowhere.yaml"),
    ],
)
def test_grapeshot_print_refuses_in_one_line(args: tuple[str, ...], code: int, words: str) -> None:
    r = run(*args)
    assert r.exit_code == code and words in " ".join(r.stderr.split()) and "Traceback" not in r.output, r.output


def test_grapeshot_print_of_an_illegal_document_names_its_rules_and_exits_1(tmp_path: Path) -> None:
    bad = fleet()
    bad["points"] = 10
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    r = run("roster", str(path))
    assert r.exit_code == 1 and "not a legal fleet, so no roster" in " ".join(r.stderr.split())


def test_a_page_of_a_game_shows_only_what_the_link_s_seat_may_know(client: TestClient) -> None:
    """The toy race with pages (tests/toy/printed.py) hides each seat's secret from the others:
    red's link prints red's secret, blue's blue's, the spectator's none, of the game and of a boat."""
    scenario = yaml.safe_dump(
        {
            "name": "race",
            "ruleset": "printed",
            "table": {"width": 48, "height": 24},
            "seats": [{"id": "red"}, {"id": "blue"}],
            "fleets": [{"seat": "red"}, {"seat": "blue"}],
        }
    )
    r = client.post("/api/games", json={"scenario_yaml": scenario, "seats": {"red": "human", "blue": "human"}, "seed": 4})
    assert r.status_code == 200, r.text
    g = r.json()
    tokens = {seat: link.split("token=", 1)[1] for seat, link in g["links"].items()} | {None: g["spectator"].split("token=", 1)[1]}
    secrets = {seat: client.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json()["state"].get("secret") for seat in ("red", "blue")}
    assert all(isinstance(v, int) for v in secrets.values())
    for seat, tok in tokens.items():
        page = client.get("/api/print/card", params={"game": g["id"], "token": tok}).text
        assert f"seen by {seat or 'a spectator'}" in page
        assert page.count('class="secret"') == (seat is not None) and (seat is None or f"secret {secrets[seat]}<" in page)
        for boat in ("red", "blue"):
            page = client.get("/api/print/boat", params={"game": g["id"], "token": tok, "piece": boat}).text
            assert ('class="secret"' in page) == (boat == seat), (seat, boat, page)
    assert client.get(f"/api/games/{g['id']}", params={"token": tokens[None]}).json()["prints"]["piece"] == [{"name": "boat", "title": "boat card"}]


def test_grapeshot_print_prints_a_game_as_a_spectator_sees_it(tmp_path: Path) -> None:
    path = tmp_path / "race.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "name": "race",
                "ruleset": "printed",
                "table": {"width": 48, "height": 24},
                "seats": [{"id": "red"}, {"id": "blue"}],
                "fleets": [{"seat": "red"}, {"seat": "blue"}],
            }
        ),
        encoding="utf-8",
    )
    r = run("card", str(path))
    assert r.exit_code == 0 and "seen by a spectator" in r.stdout and 'class="secret"' not in r.stdout, r.output
