"""The web table against the hostile-input corpus: every refusal a 4xx naming the problem, never a
500, and nothing stored, played or read from the server's disk."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grapeshot.core.game import Game
from grapeshot.core.scenario import builtin_scenarios, load_scenario
from grapeshot.server.app import MAX_BODY, create_app
from tests.hostile.corpus import (
    BAD_SINCE,
    DUEL,
    FIELD_REFUSALS,
    FLEET_FILES,
    GOOD_SEEDS,
    NEW_GAME_BODIES,
    READ_TEXTS,
    SCENARIO_NAMES,
    SCENARIO_TEXTS,
    nested,
)


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "data"))


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def count(client: TestClient) -> int:
    return int(client.get("/api/health").json()["games"])


def refused(r: Any, status: int, words: str) -> None:
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert words in r.json()["error"], r.json()["error"][:300]


def duel(client: TestClient, **req: Any) -> tuple[str, str]:
    r = client.post("/api/games", json={"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "heuristic"}, **req})
    assert r.status_code == 200, r.text
    g = r.json()
    return g["id"], token(g["links"]["red"])


def orders(client: TestClient, game: str, tok: str) -> dict[str, Any]:
    v = client.get(f"/api/games/{game}", params={"token": tok}).json()
    return {"kind": "orders", "orders": [{"ship": s, "card": 4, "turn": "none", "card_at": "start"} for s in v["prompt"]["choices"][v["me"]]]}


# --------------------------------------------------------------------------- scenarios


@pytest.mark.parametrize(("name", "text", "words"), SCENARIO_TEXTS, ids=[c[0] for c in SCENARIO_TEXTS])
def test_an_uploaded_scenario_that_is_hostile_is_refused_quickly_and_nothing_is_kept(client: TestClient, name: str, text: str, words: str) -> None:
    body = json.dumps({"scenario_yaml": text}).encode()
    r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    if len(body) > MAX_BODY:
        refused(r, 413, "too large")
    else:
        refused(r, 400, words)
        # the file is blamed, in its own name: never the id of a game that was not stored
        assert r.json().get("field") == "scenario_yaml", r.text[:300]
        assert not re.search(r"\bgame [\w-]{12}\b", r.json()["error"]), r.json()["error"][:300]
    assert count(client) == 0


@pytest.mark.parametrize(("name", "text", "words"), READ_TEXTS, ids=[c[0] for c in READ_TEXTS])
def test_reading_a_scenario_refuses_what_no_game_could_play(client: TestClient, name: str, text: str, words: str) -> None:
    """The lobby reads an uploaded file to show its seats, options and modules: what a game would
    refuse as it is read (a module not installed, or not hosted) is refused by the reading too."""
    refused(client.post("/api/scenarios/read", json={"scenario_yaml": text}), 400, words)


@pytest.mark.parametrize(("name", "body", "status", "field", "words"), FIELD_REFUSALS, ids=[c[0] for c in FIELD_REFUSALS])
def test_a_new_game_is_refused_naming_the_field_at_fault(client: TestClient, name: str, body: dict[str, Any], status: int, field: str, words: str) -> None:
    r = client.post("/api/games", json={"seats": {"red": "human", "blue": "heuristic"}, **body})
    refused(r, status, words)
    assert r.json().get("field") == field, r.text[:300]
    assert not re.search(r"\bgame [\w-]{12}\b", r.json()["error"]), r.json()["error"][:300]
    assert count(client) == 0


@pytest.mark.parametrize(("name", "ruleset", "text", "words"), FLEET_FILES, ids=[c[0] for c in FLEET_FILES])
def test_the_builder_finds_the_problem_of_a_hostile_fleet_file(client: TestClient, name: str, ruleset: str, text: str, words: str) -> None:
    r = client.post("/api/fleets/check", json={"ruleset": ruleset, "fleet_yaml": text})
    assert r.status_code == 200, r.text[:300]
    answer = r.json()
    assert not answer["legal"] and any(words in p["message"] for p in answer["problems"]), answer["problems"]
    roster = client.post("/api/print/roster", json={"ruleset": ruleset, "document_yaml": text})
    assert roster.status_code in (400, 404) and roster.json()["error"], roster.text[:300]


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_a_scenario_name_is_only_ever_one_of_the_servers(client: TestClient, name: str) -> None:
    r = client.post("/api/games", json={"scenario": name})
    assert r.status_code in (400, 422), r.text
    error = r.json()["error"]
    assert "root:" not in error and "/bin/" not in error  # nothing of /etc/passwd comes back
    if r.status_code == 400:
        assert f"one of the scenarios of this server ({', '.join(builtin_scenarios('jimlad'))})" in error
    assert count(client) == 0


def test_a_fifo_named_as_the_scenario_does_not_block_the_server(client: TestClient, tmp_path: Path) -> None:
    fifo = tmp_path / "trap.yaml"
    os.mkfifo(fifo)
    for name in (str(fifo), os.path.relpath(fifo)):
        r = client.post("/api/games", json={"scenario": name})
        assert r.status_code in (400, 422) and "scenario" in r.json()["error"], r.text
    assert client.get("/api/health").json()["ok"] is True


def test_an_operators_folder_adds_scenarios_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "skirmish.yaml").write_text(DUEL.replace("name: duel", "name: skirmish").replace("Duel on da Oshun", "Skirmish"))
    (folder / "notes.txt").write_text("not a scenario: ignored")
    c = TestClient(create_app(tmp_path / "data", folder))
    names = [s["name"] for s in c.get("/api/scenarios").json()["scenarios"]]
    assert names == [*builtin_scenarios("jimlad"), "skirmish"]
    r = c.post("/api/games", json={"scenario": "skirmish", "seats": {"red": "human", "blue": "random"}})
    assert r.status_code == 200, r.text
    g = r.json()
    assert c.get(f"/api/games/{g['id']}", params={"token": token(g["links"]["red"])}).json()["title"] == "Skirmish"
    # the folder was read once: a file added later is not offered, nor read
    (folder / "later.yaml").write_text(DUEL)
    refused(
        c.post("/api/games", json={"scenario": "later"}), 400, f"one of the scenarios of this server ({', '.join([*builtin_scenarios('jimlad'), 'skirmish'])})"
    )


@pytest.mark.parametrize(
    ("file", "text", "words"),
    [
        ("duel.yaml", DUEL, "a name no other jimlad scenario has"),
        ("bomb.yaml", "a: &a [1]\nb: *a\n", "without anchors or aliases"),
        ("bad name!.yaml", DUEL, "a scenario name of letters"),
    ],
)
def test_a_bad_operators_folder_stops_the_start(tmp_path: Path, file: str, text: str, words: str) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / file).write_text(text)
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        create_app(tmp_path / "data", folder)


def operators_folder(tmp_path: Path, ref: str, fleet_at: str | None = "mine.yaml") -> Path:
    """A folder of one Naval Warhammer scenario, ``skirmish``, whose red seat names the fleet file
    ``ref``; a legal fleet of its own (named "Mine", its first ship "Hawk of Mine") is written at
    ``fleet_at`` under the folder's parent (``None``: nowhere)."""
    import copy

    import yaml

    folder = tmp_path / "tables"
    folder.mkdir(exist_ok=True)
    data = copy.deepcopy(dict(load_scenario("duel", "navalwarhammer").raw))
    fleets = Path(__file__).parents[2] / "src/grapeshot/rulesets/navalwarhammer/fleets"
    fleet = yaml.safe_load((fleets / f"{data['fleets'][0]['fleet']}.yaml").read_text(encoding="utf-8"))
    fleet["name"] = "Mine"
    fleet["ships"][0]["name"] = "Hawk of Mine"
    if fleet_at is not None:
        (tmp_path / fleet_at).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / fleet_at).write_text(yaml.safe_dump(fleet), encoding="utf-8")
    data["name"], data["fleets"][0]["fleet"] = "skirmish", ref
    (folder / "skirmish.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("ref", "fleet_at"), [("/ABS", "elsewhere/x.yaml"), ("../elsewhere/x.yaml", "elsewhere/x.yaml"), ("x.yaml", "elsewhere/x.yaml")])
def test_an_operators_scenario_reads_no_fleet_file_outside_its_folder(tmp_path: Path, ref: str, fleet_at: str) -> None:
    """A scenario of the folder may name a fleet file only in that folder or under it: an absolute
    path, a way out with ``..`` or a link whose target lies outside stops the start, naming the
    field, and the lobby never lists (``GET /api/fleets/seats``) a fleet read from elsewhere."""
    folder = operators_folder(tmp_path, str(tmp_path / fleet_at) if ref == "/ABS" else ref, fleet_at)
    if ref == "x.yaml":
        (folder / "x.yaml").symlink_to(tmp_path / fleet_at)
    with pytest.raises(ValueError, match=r"fleets\[0\]\.fleet: expected a file in the scenario's folder") as refused_start:
        c = TestClient(create_app(tmp_path / "data", folder))
        seats = c.get("/api/fleets/seats", params={"ruleset": "navalwarhammer", "scenario": "skirmish"}).json()
        assert "Hawk of Mine" not in json.dumps(seats)  # (only reached before the fix: it listed the fleet from outside)
    assert "Hawk of Mine" not in str(refused_start.value)


@pytest.mark.parametrize("fleet_at", ["tables/mine.yaml", "tables/fleets/mine.yaml"])
def test_an_operators_scenario_naming_a_fleet_file_is_played_and_its_game_keeps_the_fleet(tmp_path: Path, fleet_at: str) -> None:
    """A scenario of the folder that names a fleet file beside it (or under it) is offered and
    played: its fleet file was read into it at start-up, so the game stored holds the fleet and
    plays on when the file is gone and the server starts again without the folder.  The fleet
    file in the folder is not read as a scenario (it stopped the start), nor reported as one the
    folder could not use; a YAML file no scenario names and that is none is reported."""
    folder = operators_folder(tmp_path, fleet_at.removeprefix("tables/"), fleet_at)
    (folder / "notes.yaml").write_text("what: notes of the club's tables\n", encoding="utf-8")
    made = create_app(tmp_path / "data", folder)
    assert [p.name for p, _ in made.state.catalogue.skipped] == ["notes.yaml"]
    c = TestClient(made)
    assert "skirmish" in [s["name"] for s in c.get("/api/scenarios", params={"ruleset": "navalwarhammer"}).json()["scenarios"]]
    seats = c.get("/api/fleets/seats", params={"ruleset": "navalwarhammer", "scenario": "skirmish"}).json()["seats"]
    assert seats["red"]["name"] == "Mine"
    r = c.post("/api/games", json={"ruleset": "navalwarhammer", "scenario": "skirmish", "seats": {"red": "human", "blue": "random"}})
    assert r.status_code == 200, r.text
    g = r.json()
    (tmp_path / fleet_at).unlink()
    again = TestClient(create_app(tmp_path / "data"))
    view = again.get(f"/api/games/{g['id']}", params={"token": token(g["links"]["red"])})
    assert view.status_code == 200, view.text
    assert "Hawk of Mine" in view.text


# --------------------------------------------------------------------------- new games


@pytest.mark.parametrize(("name", "body", "status", "words"), NEW_GAME_BODIES, ids=[c[0] for c in NEW_GAME_BODIES])
def test_a_malformed_new_game_is_refused_naming_the_field(client: TestClient, name: str, body: bytes, status: int, words: str) -> None:
    refused(client.post("/api/games", content=body, headers={"content-type": "application/json"}), status, words)
    assert count(client) == 0
    assert client.get("/api/games").json()["games"] == []


def test_a_body_over_the_limit_is_refused_whatever_its_headers_say(client: TestClient) -> None:
    big = b'{"scenario_yaml": "' + b"x" * MAX_BODY + b'"}'
    refused(client.post("/api/games", content=big, headers={"content-type": "application/json"}), 413, "too large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
        yield b'{"scenario_yaml": "'
        for _ in range(MAX_BODY // 1024 + 2):
            yield b"x" * 1024
        yield b'"}'

    refused(client.post("/api/games", content=chunks(), headers={"content-type": "application/json"}), 413, "too large")
    refused(client.post("/api/games", content=b"{}", headers={"content-type": "application/json", "content-length": "-5"}), 413, "too large")
    assert count(client) == 0


@pytest.mark.parametrize("seed", GOOD_SEEDS, ids=[str(s) for s in GOOD_SEEDS])
def test_any_seed_of_up_to_40_digits_is_kept_exactly_and_revealed_at_the_end(client: TestClient, seed: Any) -> None:
    r = client.post("/api/games", json={"scenario": "duel", "seed": seed, "seats": {"red": "heuristic", "blue": "random"}, "options": {"turn_limit": 2}})
    assert r.status_code == 200, r.text
    g = r.json()
    v = client.get(f"/api/games/{g['id']}", params={"token": token(g["spectator"])}).json()
    assert v["outcome"] is not None and v["seed"]["seed"] == str(int(seed))
    restarted = TestClient(create_app(Path(client.app.state.tables.store.path).parent))  # type: ignore[attr-defined]
    assert restarted.get(f"/api/games/{g['id']}", params={"token": token(g["spectator"])}).json()["seed"]["seed"] == str(int(seed))


def test_the_saves_simulate_writes_upload_whatever_their_seed(client: TestClient, tmp_path: Path) -> None:
    """simulate derives 64-bit seeds: half of them are 2^63 or more, beyond SQLite's integers."""
    for seed in (2**64 - 1, 2**63, 16577446745318380659):
        g = Game("jimlad", load_scenario("duel", "jimlad"), {"turn_limit": 2}, seed)
        from grapeshot.agents import make, play_out

        play_out(g, {s: make("heuristic", i, "jimlad") for i, s in enumerate(("red", "blue"))})
        save = json.loads(json.dumps(g.save()))
        r = client.post("/api/saves", json={"save": save})
        assert r.status_code == 200, r.text
        c = r.json()
        v = client.get(f"/api/games/{c['id']}", params={"token": token(c["spectator"])}).json()
        assert v["outcome"] == save["outcome"] and v["seed"]["seed"] == str(seed)


# --------------------------------------------------------------------------- actions


@pytest.mark.parametrize(("since", "status", "words"), BAD_SINCE, ids=[s[0].decode() for s in BAD_SINCE])
def test_a_legal_action_with_a_bad_since_is_refused_before_it_is_stored_so_the_retry_works(client: TestClient, since: bytes, status: int, words: str) -> None:
    game, tok = duel(client)
    mine = orders(client, game, tok)
    before = client.get(f"/api/games/{game}", params={"token": tok}).json()["actions"]
    body = b'{"action": ' + json.dumps(mine).encode() + b', "since": ' + since + b"}"
    refused(client.post(f"/api/games/{game}/actions", params={"token": tok}, content=body, headers={"content-type": "application/json"}), status, words)
    assert client.get(f"/api/games/{game}", params={"token": tok}).json()["actions"] == before
    retry = client.post(f"/api/games/{game}/actions", params={"token": tok}, json={"action": mine, "since": 0})
    assert retry.status_code == 200, retry.text


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"action": "orders"}, 422, "action: Input should be a valid dictionary"),
        ({}, 422, "give the action, or picks with their digest"),
        ({"picks": [0]}, 422, "picks need the digest"),
        ({"picks": [0], "digest": "x" * 32}, 409, "digest: the choices have changed"),
        ({"picks": [-1], "digest": "x"}, 422, "picks.0: Input should be greater than or equal to 0"),
        ({"action": {"kind": "orders", "orders": []}, "picks": [0], "digest": "x"}, 422, "not both or neither"),
        ({"action": {"kind": "orders", "orders": []}, "colour": 1}, 422, "colour: Extra inputs are not permitted"),
        ({"action": {"kind": "orders", "orders": [{"ship": "Da Big Smasha", "card": 10**30}]}}, 422, "card must be 1-5"),
        ({"action": {"kind": "orders", "orders": nested(60)}}, 422, "orders"),
        ({"action": {"kind": "orders", "orders": nested(70)}}, 400, "nested at most 64 levels"),
        ({"action": {"kind": "fire", "gun": "fore", "shell": "krak", "aim": [1e308, 1e308]}}, 422, "expected orders"),
        ({"action": {"kind": "nosuch"}}, 422, "unknown action kind"),
    ],
)
def test_malformed_actions_are_refused_and_nothing_is_stored(client: TestClient, body: dict[str, Any], status: int, words: str) -> None:
    game, tok = duel(client)
    before = client.get(f"/api/games/{game}", params={"token": tok}).json()["actions"]
    refused(client.post(f"/api/games/{game}/actions", params={"token": tok}, json=body), status, words)
    assert client.get(f"/api/games/{game}", params={"token": tok}).json()["actions"] == before


# --------------------------------------------------------------------------- query parameters


@pytest.mark.parametrize(
    ("path", "params", "status", "words"),
    [
        ("", {"since": "abc"}, 422, "since: Input should be a valid integer"),
        ("", {"since": "-1"}, 422, "since"),
        ("", {"since": "9" * 5000}, 422, "since"),
        ("", {"token": "t" * 10_000}, 422, "token: String should have at most 100 characters"),
        ("/replay", {"step": "abc"}, 422, "step"),
        ("/replay", {"step": "-1"}, 422, "step"),
        ("/replay", {"step": str(10**9)}, 422, "step"),
        ("/preview/manoeuvre", {"ship": "Da Big Smasha", "card": "1", "inches": "nan"}, 422, "inches must be a number from 0 to 100"),
        ("/preview/manoeuvre", {"ship": "Da Big Smasha", "card": "1", "inches": "1e308"}, 422, "inches must be a number from 0 to 100, not 1e+308"),
        ("/preview/manoeuvre", {"ship": "Da Big Smasha", "card": "one"}, 422, "card must be one of 1, 2, 3, 4, 5, not 'one'"),
        ("/preview/manoeuvre", {"ship": "x" * 500, "card": "1"}, 422, "ship: at most 200 characters"),
        ("/preview/manoeuvre", {f"p{i}": "1" for i in range(30)}, 422, "at most 20 parameters"),
    ],
)
def test_malformed_query_parameters_are_refused_naming_them(client: TestClient, path: str, params: dict[str, str], status: int, words: str) -> None:
    game, tok = duel(client)
    params = {"token": tok, **params}
    if path == "/replay":
        params.setdefault("step", "0")
    refused(client.get(f"/api/games/{game}{path}", params=params), status, words)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b'{"action": {"kind": "fire", "gun": "fore", "shell": "krak", "aim": [NaN, 30]}}', 400, "a JSON number"),
        (b'{"action": {"kind": "fire", "gun": "fore", "shell": "krak", "aim": [1e400, 30]}}', 400, "small enough to hold"),
        (b'{"action": {"kind": "fire", "gun": "fore", "shell": "krak", "aim": [1e308, 1e308]}}', 422, "that action is not legal now"),
        (b'{"action": {"kind": "fire", "gun": "fore", "shell": "krak", "aim": [-5, 30]}}', 422, "that action is not legal now"),
        (b'{"action": "fire"}', 422, "action: Input should be a valid dictionary"),
        (b'{"action": {"kind": "end-shooting"}, "samples": 10000000}', 422, "samples: Input should be less than or equal to 2000"),
        (b'{"action": {"kind": "end-shooting"}, "colour": 1}', 422, "colour: Extra inputs are not permitted"),
    ],
)
def test_the_odds_of_a_malformed_or_impossible_shot_are_refused(client: TestClient, body: bytes, status: int, words: str) -> None:
    game, tok = duel(client)
    refused(client.post(f"/api/games/{game}/odds", params={"token": tok}, content=body, headers={"content-type": "application/json"}), status, words)


def test_the_listing_takes_a_bounded_limit(client: TestClient) -> None:
    duel(client)
    refused(client.get("/api/games", params={"limit": "0"}), 422, "limit")
    refused(client.get("/api/games", params={"limit": "1000000"}), 422, "limit")
    assert len(client.get("/api/games", params={"limit": "1"}).json()["games"]) == 1


# --------------------------------------------------------------------------- uploads


@pytest.fixture
def finished_save(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/games", json={"scenario": "duel", "seed": 3, "seats": {"red": "heuristic", "blue": "heuristic"}, "options": {"turn_limit": 3}})
    g = r.json()
    save = client.get(f"/api/games/{g['id']}/save", params={"token": token(g["spectator"])}).json()
    assert save["outcome"] is not None and "seed" in save["dice"]
    return dict(save)


def altered(save: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(save))
    for path, value in changes.items():
        node = out
        *parents, last = path.split("__")
        for p in parents:
            node = node[int(p)] if p.isdigit() else node[p]
        node[int(last) if last.isdigit() else last] = value
    return out


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"outcome": {"winners": ["blue"], "objective": "sunk", "turn": 1, "detail": "forged"}}, "outcome"),
        ({"dice__seed": str(10**40)}, "dice.seed: expected a whole number of at most 40 digits"),
        ({"dice__seed": "abc"}, "dice.seed"),
        ({"dice__commitment": "0" * 64}, "the seed committed to as"),
        ({"dice__salt": "zz"}, "dice.salt: expected lower-case hexadecimal digits"),
        ({"event_count": "abc"}, "event_count: expected a whole number of events"),
        ({"event_count": -1}, "event_count"),
        ({"event_count": 1.5}, "event_count"),
        ({"event_count": 3}, "3 events"),
        ({"events_digest": {"a": 1}}, "events_digest"),
        ({"version": 4}, "version"),
        ({"actions": "none"}, "actions: expected a list"),
        ({"actions__0": {"action": {}}}, "actions[0]"),
        ({"scenario__table__width": 10**30}, "table.width"),
        ({"dice__rolls": [{"expr": "D6", "faces": [7]}]}, "dice.rolls[0]"),
    ],
)
def test_a_tampered_save_is_refused_and_nothing_is_kept(client: TestClient, finished_save: dict[str, Any], changes: dict[str, Any], words: str) -> None:
    before = count(client)
    refused(client.post("/api/saves", json={"save": altered(finished_save, **changes)}), 400, words)
    assert count(client) == before


def test_saves_within_limits_only(client: TestClient, finished_save: dict[str, Any]) -> None:
    deep = altered(finished_save, options=nested(70))
    refused(client.post("/api/saves", json={"save": deep}), 400, "nested at most 64 levels")
    body = json.dumps({"save": finished_save}).encode().replace(b'"version": 3', b'"version": ' + b"3" * 50)
    refused(client.post("/api/saves", content=body, headers={"content-type": "application/json"}), 400, "at most 40 digits")
    refused(client.post("/api/saves", json={"save": []}), 422, "save: Input should be a valid dictionary")
    refused(client.post("/api/saves", json={"save": finished_save, "seats": {"purple": "human"}}), 400, "no such seat")


# --------------------------------------------------------------------------- names in paths


@pytest.mark.parametrize("name", ["Da/Big Smasha", "../../etc/passwd", "Da%Big", "Da?Big#1", "/lead"])
def test_a_ship_named_with_a_slash_or_any_path_character_has_its_roster(client: TestClient, name: str) -> None:
    """The printable pages' route takes the piece's name in the query, so a name with a ``/`` or
    any other path character is one piece, and its roster is found."""
    r = client.post("/api/games", json={"scenario_yaml": DUEL.replace("Da Big Smasha", json.dumps(name)), "seats": {"red": "human", "blue": "heuristic"}})
    assert r.status_code == 200, r.text
    g = r.json()
    sheet = client.get("/api/print/roster", params={"game": g["id"], "piece": name, "token": token(g["links"]["red"])})
    assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/html"), sheet.text[:300]
    assert "Roster" in sheet.text
    missing = client.get("/api/print/roster", params={"game": g["id"], "piece": name + "/x", "token": token(g["links"]["red"])})
    refused(missing, 404, "no ship")


@pytest.mark.parametrize(
    ("method", "path", "status", "words"),
    [
        ("GET", "/api/nosuch", 404, "no such page or API route: /api/nosuch"),
        ("GET", "/static/nosuch.js", 404, "no such page or API route"),
        ("DELETE", "/api/games", 405, "DELETE is not allowed at /api/games"),
        ("GET", "/api/print/roster?game=x&piece=", 422, "piece: String should have at least 1 character"),
        ("GET", "/api/print/roster?game=x&piece=" + "a" * 101, 422, "piece: String should have at most 100 characters"),
        ("GET", "/api/print/roster", 422, "game: Field required"),
    ],
)
def test_what_no_route_serves_is_refused_in_the_same_shape(client: TestClient, method: str, path: str, status: int, words: str) -> None:
    r = client.request(method, path)
    assert r.status_code == status, r.text
    assert set(r.json()) <= {"error", "field"} and words in r.json()["error"], r.text
