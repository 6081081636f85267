"""The web table's HTTP and websocket API: per-seat views, sealed orders, saves, undo, bad input."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grapeshot.server.app import MAX_BODY, create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path))


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def new_game(client: TestClient, **req: Any) -> dict[str, Any]:
    if "scenario_yaml" not in req:
        req.setdefault("scenario", "duel")
    req.setdefault("seed", 7)
    r = client.post("/api/games", json=req)
    assert r.status_code == 200, r.text
    return dict(r.json())


def view(client: TestClient, game: str, tok: str, since: int = 0) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}", params={"token": tok, "since": since})
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(client: TestClient, game: str, tok: str, action: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{game}/actions", params={"token": tok}, json={"action": action})


def orders_for(v: dict[str, Any], card: int = 4) -> dict[str, Any]:
    seat = v["me"]
    ships = v["prompt"]["choices"][seat]
    return {"kind": "orders", "orders": [{"ship": name, "card": card, "turn": "none", "card_at": "start"} for name in ships]}


def test_health_scenarios_and_options(client: TestClient) -> None:
    assert client.get("/api/health").json()["ok"] is True
    info = client.get("/api/scenarios").json()
    assert {s["name"] for s in info["scenarios"]} >= {"duel", "brawl", "euromeet"}
    assert any(o["name"] == "grapeshot" and o["default"] == "template" for o in info["options"])
    # a person, a level, or one of agents.factories("jimlad") by name
    assert info["players"] == ["human", "easy", "normal", "hard", "heuristic", "random", "search"]


def test_each_seat_gets_a_private_link_and_its_own_view(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    assert set(g["links"]) == {"red"}  # the AI seat needs no link
    red = view(client, g["id"], token(g["links"]["red"]))
    assert red["me"] == "red" and red["prompt"]["kind"] == "OrdersPrompt" and red["waiting_for"] == ["red"]
    watcher = view(client, g["id"], token(g["spectator"]))
    assert watcher["me"] is None and watcher["prompt"] is None
    assert watcher["seats"] == {"red": {"player": "human", "label": "human"}, "blue": {"player": "heuristic", "label": "heuristic"}}
    assert watcher["thinking"] == []  # the AI has answered: nobody is deciding but red
    # the AI has already sealed its orders: the commitment is public, its text is not
    (c,) = red["commitments"]
    assert c["seat"] == "blue" and not c["revealed"] and "text" not in c


def test_sealed_orders_stay_hidden_until_every_seat_is_in_then_verify(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "human"})
    red, blue = token(g["links"]["red"]), token(g["links"]["blue"])
    mine = orders_for(view(client, g["id"], red))
    r = act(client, g["id"], red, mine)
    assert r.status_code == 200, r.text
    seen_by_blue = view(client, g["id"], blue)
    canonical = json.dumps(mine, sort_keys=True, separators=(",", ":"))
    assert canonical not in json.dumps(seen_by_blue, sort_keys=True, separators=(",", ":"))
    assert json.dumps(mine["orders"][0], sort_keys=True) not in json.dumps(seen_by_blue, sort_keys=True)
    assert seen_by_blue["sealed"] is None and view(client, g["id"], red)["sealed"]["kind"] == "orders"
    (c,) = seen_by_blue["commitments"]
    assert c["seat"] == "red" and c["revealed"] is False and "salt" not in c
    assert act(client, g["id"], blue, orders_for(view(client, g["id"], blue))).status_code == 200
    after = view(client, g["id"], blue)["commitments"]
    assert [x["revealed"] for x in after] == [True, True]
    for x in after:
        assert hashlib.sha256(f"{x['text']}:{x['salt']}".encode()).hexdigest() == x["hash"]
    assert json.loads(after[0]["text"])["orders"][0]["card"] == 4


def test_an_all_ai_game_plays_out_and_reveals_its_seed(client: TestClient) -> None:
    g = new_game(client, seats={"red": "heuristic", "blue": "random"}, seed=11)
    v = view(client, g["id"], token(g["spectator"]))
    assert v["outcome"] is not None and v["prompt"] is None
    assert v["seed"]["seed"] == "11"
    assert hashlib.sha256(f"{v['seed']['seed']}:{v['seed']['salt']}".encode()).hexdigest() == v["seed"]["hash"]
    listed = client.get("/api/games").json()["games"]
    assert listed[0]["id"] == g["id"] and listed[0]["outcome"] is not None
    # the result in words: the scenario's seat names and the objective's title, no internal names
    objective = v["outcome"]["objective"]
    if objective == "draw":
        assert v["outcome_text"].startswith("a draw") and listed[0]["said"].startswith("a draw")
    else:
        assert objective not in v["outcome_text"] and objective not in listed[0]["said"]
        names = {"red": "Red Kaptin", "blue": "Blue Kaptin"}
        assert v["outcome_text"].startswith(f"won by {names[v['outcome']['winners'][0]]} (")
        assert listed[0]["said"].startswith(f"won by {v['outcome']['winners'][0]} (")


def test_a_search_ai_seat_plays_its_own_part(client: TestClient) -> None:
    """The search player thinks in a worker process (grapeshot.server.thinkers); its answers go through the rules and the store."""
    g = new_game(client, seats={"red": "human", "blue": "search"}, seed=5)
    red = token(g["links"]["red"])
    v = view(client, g["id"], red)
    assert v["seats"]["blue"]["player"] == "search" and v["waiting_for"] == ["red"]
    (c,) = v["commitments"]  # the AI's orders, sealed
    assert c["seat"] == "blue" and not c["revealed"]
    r = act(client, g["id"], red, orders_for(v))
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["commitments"][0]["revealed"] and after["commitments"][0]["seat"] == "blue"
    # whatever the game asks now, it is not waiting on the AI
    assert after["prompt"] is None or "blue" not in after["waiting_for"]
    assert after["actions"] >= 2 and after["waiting_for"] == ["red"]
    # people are waiting on it: at the table a search seat thinks against the clock
    from grapeshot.agents.search import SearchPlayer
    from grapeshot.server.tables import THINK_SECONDS

    agent = client.app.state.tables.live[g["id"]].table.agents["blue"]  # type: ignore[attr-defined]
    assert isinstance(agent, SearchPlayer) and agent.budget.time_budget == THINK_SECONDS


def test_the_seed_stays_secret_while_the_game_goes_on(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"}, seed=None)
    v = view(client, g["id"], token(g["links"]["red"]))
    assert set(v["seed"]) == {"hash"}
    save = client.get(f"/api/games/{g['id']}/save", params={"token": token(g["links"]["red"])}).json()
    assert "seed" not in save["dice"] and "salt" not in save["dice"] and save["dice"]["commitment"] == v["seed"]["hash"]


@pytest.mark.parametrize(
    ("path", "params", "status", "words"),
    [
        ("/api/games/nosuch", {"token": "x"}, 404, "no game"),
        ("/api/games/{id}", {}, 401, "token"),
        ("/api/games/{id}", {"token": "forged"}, 403, "does not belong"),
        ("/api/games/{id}/replay", {"token": "{spectator}", "step": 999}, 400, "step must be"),
        ("/api/games/{id}/preview/manoeuvre", {"token": "{red}", "ship": "Nobody", "card": 1}, 404, "no ship 'Nobody'"),
        ("/api/games/{id}/preview/manoeuvre", {"token": "{red}", "ship": "Da Big Smasha", "card": 9}, 422, "card must be one of 1, 2, 3, 4, 5, not 9"),
        ("/api/games/{id}/preview/manoeuvre", {"token": "{red}", "ship": "Da Big Smasha"}, 422, "needs card"),
        (
            "/api/games/{id}/preview/manoeuvre",
            {"token": "{red}", "ship": "Da Big Smasha", "card": 1, "speed": 3},
            422,
            "speed: the preview 'manoeuvre' takes no such",
        ),
        ("/api/games/{id}/preview/nosuch", {"token": "{red}"}, 404, "no preview 'nosuch'; the jimlad table has manoeuvre"),
        ("/api/print/roster", {"game": "{id}", "token": "{red}", "piece": "Nobody"}, 404, "piece: no ship 'Nobody'"),
        ("/api/rulesets/nosuch/words", {}, 404, "unknown ruleset 'nosuch'"),
    ],
)
def test_bad_requests_get_a_4xx_saying_what_is_wrong(client: TestClient, path: str, params: dict[str, Any], status: int, words: str) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    subs = {"{spectator}": token(g["spectator"]), "{red}": token(g["links"]["red"]), "{id}": g["id"]}
    params = {k: subs.get(v, v) if isinstance(v, str) else v for k, v in params.items()}
    r = client.get(path.replace("{id}", g["id"]), params=params)
    assert r.status_code == status and words in r.json()["error"]


def test_bad_actions_are_refused_and_nothing_is_stored(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    red = token(g["links"]["red"])
    before = view(client, g["id"], red)["actions"]
    cases = [
        (client.post(f"/api/games/{g['id']}/actions", params={"token": red}, content=b"{not json"), 400, "not JSON"),
        (act(client, g["id"], red, {"kind": "nosuch"}), 422, "unknown action kind"),
        (act(client, g["id"], red, {"kind": "orders", "orders": [{"ship": "Da Big Smasha", "card": 9}]}), 422, "card must be 1-5"),
        (act(client, g["id"], red, {"kind": "orders", "orders": []}), 422, "exactly one order"),
        (act(client, g["id"], red, {"kind": "distance", "inches": 5.0}), 422, "expected orders"),
        (act(client, g["id"], token(g["spectator"]), {"kind": "orders", "orders": []}), 403, "spectators"),
        (act(client, g["id"], "forged", {"kind": "orders", "orders": []}), 403, "does not belong"),
        (client.post(f"/api/games/{g['id']}/actions", params={"token": red}, content=b"x" * (MAX_BODY + 1)), 413, "too large"),
    ]
    for r, status, words in cases:
        assert r.status_code == status, r.text
        assert words in r.json()["error"], r.json()
    assert view(client, g["id"], red)["actions"] == before


def test_a_seat_that_has_answered_is_not_asked_again(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "human"})
    red = token(g["links"]["red"])
    assert act(client, g["id"], red, orders_for(view(client, g["id"], red))).status_code == 200
    orders = {"kind": "orders", "orders": [{"ship": "Da Big Smasha", "card": 4}]}
    again = act(client, g["id"], red, orders)
    assert again.status_code == 422 and "not red's turn" in again.json()["error"]
    solo = new_game(client, seats={"red": "human", "blue": "heuristic"})
    blue_view = view(client, solo["id"], token(solo["spectator"]))
    assert blue_view["seats"]["blue"]["player"] == "heuristic"


@pytest.mark.parametrize(
    ("req", "status", "words"),
    [
        ({"scenario": "nosuch"}, 400, "one of the scenarios of this server (brawl, duel, euromeet, kove)"),
        ({"scenario": "duel", "options": {"grapeshot": "cannonball"}}, 400, "options.grapeshot"),
        ({"scenario": "duel", "options": {"nosuch": 1}}, 400, "options.nosuch"),
        ({"scenario": "duel", "seats": {"purple": "human"}}, 400, "no such seat"),
        ({"scenario": "duel", "seats": {"red": "robot"}}, 422, "seats.red: 'robot' is no level or player of jimlad: the levels are easy, normal, hard"),
        ({"scenario": "duel", "seats": {"blue": "impossible"}}, 422, "seats.blue: 'impossible' is no level or player of jimlad"),
        ({"scenario": "duel", "seed": "abc"}, 422, "seed: expected a whole number"),
        ({"scenario_yaml": "name: x\nruleset: jimlad\ntable: {width: 100}"}, 400, "table.height"),
        ({"scenario_yaml": "name: [unclosed"}, 400, "valid YAML"),
    ],
)
def test_bad_new_games_are_refused_and_nothing_is_stored(client: TestClient, req: dict[str, Any], status: int, words: str) -> None:
    r = client.post("/api/games", json=req)
    assert r.status_code == status and words in r.json()["error"], r.text
    assert client.get("/api/games").json()["games"] == []


def test_an_uploaded_scenario_file_starts_a_game(client: TestClient) -> None:
    text = Path("src/grapeshot/rulesets/jimlad/scenarios/duel.yaml").read_text()
    g = new_game(client, scenario_yaml=text.replace("Duel on da Oshun", "Uploaded duel"), seats={"red": "human", "blue": "random"})
    assert view(client, g["id"], token(g["links"]["red"]))["title"] == "Uploaded duel"


def test_undo_takes_back_the_last_decision_of_a_solo_player(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    red = token(g["links"]["red"])
    start = view(client, g["id"], red)
    assert start["can_undo"] is True
    assert act(client, g["id"], red, orders_for(start)).status_code == 200
    moved = view(client, g["id"], red)
    assert moved["actions"] > start["actions"]
    r = client.post(f"/api/games/{g['id']}/undo", params={"token": red})
    assert r.status_code == 200 and r.json()["undone"] >= 1
    back = view(client, g["id"], red)
    assert back["actions"] == start["actions"] and back["prompt"]["kind"] == "OrdersPrompt"


def play_out(client: TestClient, game: str, tok: str) -> dict[str, Any]:
    """Answer every prompt of the seat behind ``tok`` at random (legal answers) until the game ends."""
    from grapeshot.agents.random_player import RandomPlayer

    me = RandomPlayer(3)
    for _ in range(500):
        v = view(client, game, tok)
        if v["outcome"] is not None:
            return v
        g = client.app.state.tables.live[game].table.game  # type: ignore[attr-defined]
        r = act(client, game, tok, me.act(g, v["me"], g.prompt).to_json())
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end in 500 decisions")


def test_a_finished_game_is_final_no_undo(client: TestClient) -> None:
    """Issue 17: once a game has a result, nobody can take it away (nor see the button)."""
    g = new_game(client, seats={"red": "human", "blue": "random"}, options={"turn_limit": 1})
    red = token(g["links"]["red"])
    assert view(client, g["id"], red)["can_undo"] is True
    done = play_out(client, g["id"], red)
    assert done["can_undo"] is False
    r = client.post(f"/api/games/{g['id']}/undo", params={"token": red})
    assert r.status_code == 409 and "the game is over" in r.json()["error"]
    after = view(client, g["id"], red)
    assert after["outcome"] == done["outcome"] and after["actions"] == done["actions"]


def test_spectators_are_never_offered_undo(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    assert view(client, g["id"], token(g["spectator"]))["can_undo"] is False
    r = client.post(f"/api/games/{g['id']}/undo", params={"token": token(g["spectator"])})
    assert r.status_code == 403


def test_no_undo_when_two_people_play(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "human"})
    red = token(g["links"]["red"])
    act(client, g["id"], red, orders_for(view(client, g["id"], red)))
    r = client.post(f"/api/games/{g['id']}/undo", params={"token": red})
    assert r.status_code == 409 and "solo and hotseat" in r.json()["error"]


def test_a_hotseat_link_plays_every_persons_seat(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "human"}, hotseat=True)
    assert token(g["links"]["red"]) == token(g["links"]["blue"])
    t = token(g["links"]["red"])
    assert act(client, g["id"], t, orders_for(view(client, g["id"], t))).status_code == 200
    second = view(client, g["id"], t)
    assert second["me"] == "blue" and second["prompt"]["kind"] == "OrdersPrompt"


def test_a_save_downloads_and_uploads_into_the_same_game(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    red = token(g["links"]["red"])
    act(client, g["id"], red, orders_for(view(client, g["id"], red)))
    save = client.get(f"/api/games/{g['id']}/save", params={"token": red})
    assert save.status_code == 200 and save.json()["format"] == "grapeshot-save"
    copy = client.post("/api/saves", json={"save": save.json(), "seats": {"red": "human", "blue": "heuristic"}})
    assert copy.status_code == 200, copy.text
    c = copy.json()
    a, b = view(client, g["id"], red), view(client, c["id"], token(c["links"]["red"]))
    assert a["state"] == b["state"] and a["actions"] == b["actions"]
    broken = dict(save.json(), actions=[{"seat": "red", "action": {"kind": "distance", "inches": 1.0}}])
    r = client.post("/api/saves", json={"save": broken})
    assert r.status_code == 400 and "actions[0]" in r.json()["error"]


def test_replay_steps_through_the_game(client: TestClient) -> None:
    g = new_game(client, seats={"red": "heuristic", "blue": "heuristic"}, seed=3)
    spectator = token(g["spectator"])
    total = view(client, g["id"], spectator)["actions"]
    first = client.get(f"/api/games/{g['id']}/replay", params={"token": spectator, "step": 0}).json()
    later = client.get(f"/api/games/{g['id']}/replay", params={"token": spectator, "step": total // 2}).json()
    assert first["step"] == 0 and first["steps"] == total and first["turn"] == 1
    assert later["turn"] > first["turn"] and len(later["log"]) > len(first["log"])


def test_preview_and_roster(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    red = token(g["links"]["red"])
    p = client.get(f"/api/games/{g['id']}/preview/manoeuvre", params={"token": red, "ship": "Da Big Smasha", "card": 1, "inches": 20}).json()
    (x0, y0), (x1, y1) = p["path"][0], p["path"][-1]
    assert x1 - x0 == pytest.approx(20 + 8 + 10) and y1 == pytest.approx(y0)
    assert p["contact"] is None and p["beyond"] == []
    sheet = client.get("/api/print/roster", params={"game": g["id"], "piece": "Da Big Smasha", "token": red})
    assert sheet.status_code == 200 and "Da Big Smasha" in sheet.text and "@media print" not in sheet.text and "Kaptin" in sheet.text
    assert "/static/rulesets/jimlad/roster.css" in sheet.text and client.get("/static/rulesets/jimlad/roster.css").status_code == 200


def test_a_previewed_hull_stops_where_the_move_would_stop(client: TestClient) -> None:
    """A course past the table's edge: the hull is drawn where it would stop, short of the edge, with
    the rest of the path beyond it and the contact in words (no "edge (edge)")."""
    g = new_game(client, seats={"red": "human", "blue": "heuristic"})
    red = token(g["links"]["red"])
    v = view(client, g["id"], red)
    ship = next(s for s in v["state"]["ships"] if s["name"] == "Da Big Smasha")
    width = v["state"]["table"]["width"]
    p = client.get(f"/api/games/{g['id']}/preview/manoeuvre", params={"token": red, "ship": "Da Big Smasha", "card": 1, "inches": 100}).json()
    assert p["contact"]["kind"] == "edge" and p["contact"]["words"] == "the table's edge"
    assert all(0.0 <= x <= width + 1e-6 for x, _ in p["end"]), p["end"]  # the stopped hull is on the table
    assert p["beyond"] and p["beyond"][-1][0] > width  # the rest of the course runs on past the edge
    assert p["path"][-1] == p["contact"]["point"] and p["contact"]["at"] < 100 + 8 + ship["length"]


def test_the_websocket_pushes_each_change(client: TestClient) -> None:
    g = new_game(client, seats={"red": "human", "blue": "human"})
    red, blue = token(g["links"]["red"]), token(g["links"]["blue"])
    with client.websocket_connect(f"/ws/games/{g['id']}?token={blue}") as ws:
        first = json.loads(ws.receive_text())
        assert first["me"] == "blue" and first["prompt"]["kind"] == "OrdersPrompt"
        act(client, g["id"], red, orders_for(view(client, g["id"], red)))
        update = json.loads(ws.receive_text())
        assert update["commitments"][0]["seat"] == "red" and update["since"] == len(first["log"])
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(f"/ws/games/{g['id']}?token=forged") as ws:
        ws.receive_text()
    assert closed.value.code == 4403


def test_a_restarted_server_loses_no_game_and_no_acknowledged_action(tmp_path: Path) -> None:
    first = TestClient(create_app(tmp_path))
    g = new_game(first, seats={"red": "human", "blue": "heuristic"})
    red = token(g["links"]["red"])
    assert act(first, g["id"], red, orders_for(view(first, g["id"], red))).status_code == 200
    before = view(first, g["id"], red)
    second = TestClient(create_app(tmp_path))  # a new process on the same data folder
    after = view(second, g["id"], red)
    assert after["actions"] == before["actions"] and after["state"] == before["state"] and after["prompt"] == before["prompt"]


def test_the_odds_of_a_krak_shot_before_it_is_fired_add_up_and_match_simulation(client: TestClient) -> None:
    """The table's "odds before you act": the page proposes the shot, the server asks the game's
    rule set (after the game's own check) and answers in the rule set's words."""
    import random
    from fractions import Fraction

    from grapeshot.core.game import Game
    from grapeshot.geometry import Facing, Hull, Vec
    from grapeshot.rulesets.jimlad.data import Klan, armour_of
    from tests import support
    from tests.rulesets.jimlad.test_odds import to_shooting

    local = Game("jimlad", support.duel(red={"x": 40.0, "y": 8.0, "heading": 90.0}, blue={"x": 60.0, "y": 8.0, "heading": 90.0}), seed=2)
    prompt = to_shooting(local)
    assert prompt.ship is not None
    seat, me = prompt.seats[0], prompt.ship.name
    g = client.post("/api/saves", json={"save": local.save(), "seats": {"red": "human", "blue": "human"}}).json()
    tok = token(g["links"][seat])
    v = view(client, g["id"], tok)
    assert v["prompt"]["kind"] == "ShootPrompt"
    enemy = next(s for s in v["state"]["ships"] if s["owner"] != seat)
    gun = "starboard" if me == "Red" else "port"
    fire = {"kind": "fire", "gun": gun, "shell": "krak", "aim": [enemy["x"], enemy["y"]], "target": None}

    def ask(action: object, tok: str = tok) -> Any:
        return client.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"action": action})

    r = ask(fire)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["ship"] == me and answer["whole"]["method"] == "monte-carlo" and answer["whole"]["samples"] == 200
    shot = answer["krak"]
    landing = shot["landing"]
    total = landing["miss"] + sum(landing["models"].values()) + sum(t["land"] for t in shot["targets"])
    assert total == pytest.approx(1.0, abs=1e-5)
    (t,) = [t for t in shot["targets"] if t["ship"] == enemy["name"]]
    armour = armour_of(Klan(enemy["klan"]), Facing(t["facing"]))
    assert t["armour"] == armour and shot["strength"] == 8
    pen = Fraction(sum(1 for f in range(1, 7) if 8 + f > armour), 6)
    glance = Fraction(sum(1 for f in range(1, 7) if 8 + f == armour), 6)
    assert (Fraction(t["penetrating"]["fraction"]), Fraction(t["glancing"]["fraction"])) == (pen, glance)
    # what lands on the hull costs it a hull point unless saved on a 6
    assert t["hull_point"] == pytest.approx(t["land"] * float(pen + glance) * 5 / 6, abs=1e-4)
    # the landing chance agrees with a seeded simulation of the scatter (within 3 standard errors)
    hull = Hull(enemy["x"], enemy["y"], enemy["heading"], enemy["length"], enemy["width"])
    rng = random.Random(5)
    n, hits = 20000, 0
    for _ in range(n):
        if rng.randrange(6) < 2:
            hits += 1
            continue
        d = max(0, rng.randint(1, 6) + rng.randint(1, 6) - 3)
        a = rng.random() * 2 * math.pi
        hits += hull.contains(Vec(enemy["x"] + d * math.cos(a), enemy["y"] + d * math.sin(a)))
    se = math.sqrt(t["land"] * (1 - t["land"]) / n)
    assert abs(hits / n - t["land"]) < 3 * se + 0.005
    # what the game refuses is refused with the game's reason; a spectator takes no action
    aft = ask({**fire, "gun": "aft"})
    assert aft.status_code == 422 and aft.json()["error"].startswith("that action is not legal now: ") and "krak" in aft.json()["error"]
    bad = ask({"kind": "no-such-thing"})
    assert bad.status_code == 400 and "no-such-thing" in bad.json()["error"]
    # the body's shape: 422 saying what it must hold (an action, or picks with their digest)
    assert ask(None).status_code == 422 and "give the action, or picks with their digest" in ask(None).json()["error"]
    assert ask(fire, token(g["spectator"])).status_code == 403
    # the page asks for no simulation of the whole shot (it shows the landing and the blows)
    quick = client.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"action": fire, "samples": 0})
    assert quick.status_code == 200 and "whole" not in quick.json() and quick.json()["krak"] == shot
    for bad in (-1, 2001, "many", True, 1.5):
        r = client.post(f"/api/games/{g['id']}/odds", params={"token": tok}, json={"action": fire, "samples": bad})
        assert r.status_code == 422 and r.json()["error"].startswith("samples: "), bad
    # asking changes nothing
    after = view(client, g["id"], tok)
    assert after["actions"] == v["actions"] and after["state"] == v["state"]


def test_the_lobby_reads_an_uploaded_scenario_before_a_game_starts(client: TestClient) -> None:
    text = Path("src/grapeshot/rulesets/jimlad/scenarios/duel.yaml").read_text().replace("turn_limit: 12", "turn_limit: 6")
    r = client.post("/api/scenarios/read", json={"scenario_yaml": text})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["title"] == "Duel on da Oshun" and got["options"] == {"turn_limit": 6}
    assert [s["id"] for s in got["seats"]] == ["red", "blue"]
    bad = client.post("/api/scenarios/read", json={"scenario_yaml": "seats: ["})
    assert bad.status_code == 400 and bad.json()["error"].startswith("uploaded scenario: line 1")
    assert got["ruleset"] == "jimlad"  # the file names its rule set: the lobby switches to it
    listed = {s["name"]: s for s in client.get("/api/scenarios").json()["scenarios"]}
    assert listed["duel"]["options"] == {"turn_limit": 12}


def test_a_bad_house_rule_is_blamed_on_its_field_not_the_scenario(client: TestClient) -> None:
    text = Path("src/grapeshot/rulesets/jimlad/scenarios/duel.yaml").read_text()
    r = client.post("/api/games", json={"scenario_yaml": text, "options": {"turn_limit": -3}, "seats": {"red": "human", "blue": "random"}})
    # the field the person typed is named (the lobby marks it), not the scenario file
    assert r.status_code == 400 and r.json()["error"].startswith("options.turn_limit: expected a value from 1 to 100"), r.text
    assert r.json()["field"] == "options.turn_limit" and "scenario" not in r.json()["error"]
    in_file = client.post("/api/games", json={"scenario_yaml": text.replace("turn_limit: 12", "turn_limit: -3")})
    # a value in the file: the file is blamed, in its own name (not the id of a game never stored)
    assert in_file.status_code == 400 and in_file.json()["error"].startswith("scenario_yaml: uploaded scenario: options.turn_limit"), in_file.text
    assert in_file.json()["field"] == "scenario_yaml" and "game " not in in_file.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_a_module_switched_off_in_the_lobby_takes_its_scenario_settings_with_it(client: TestClient) -> None:
    """The boat swarm with a plan deals Cunning Plans, settings of the collisions module: a game
    of it with the module switched off plays without the module and without those settings
    (they would be refused as options of a module not in play), and one with it on keeps both."""
    from grapeshot.core.scenario import load_scenario

    sc = load_scenario("boat-swarm-plan", "woodenships")
    assert "collisions" in sc.modules and any(k.startswith("collisions.") for k in sc.options)
    seats = {s.id: "human" for s in sc.seats}
    games = {
        arm: new_game(client, ruleset="woodenships", scenario="boat-swarm-plan", seats=seats, modules=switch)
        for arm, switch in (("off", {"collisions": False}), ("on", {}))
    }
    saves = {arm: client.get(f"/api/games/{g['id']}/save", params={"token": token(g["links"][sc.seats[0].id])}).json() for arm, g in games.items()}
    off = saves["off"]["scenario"]
    assert "modules" not in off and not any(k.startswith("collisions.") for k in off["options"]) and off["options"]["turn_limit"] == 10
    assert saves["on"]["scenario"]["modules"] == ["collisions"] and "collisions.cunning_plan" in saves["on"]["scenario"]["options"]
