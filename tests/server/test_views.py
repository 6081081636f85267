"""Every view renders: the listing a page is shown is what ``check`` accepts now, and a part of a
view that a rule set's or a module's code cannot build is left out, said and logged, while the
game plays on (``server/views.py``, issue 23)."""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grapeshot.agents import make
from grapeshot.core.module import get_module
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad.prompts import OrdersPrompt, ShootPrompt
from grapeshot.server.app import create_app
from grapeshot.server.store import GameRecord, Store
from grapeshot.server.tables import Denied, Table
from tests.server.test_api import act, new_game, orders_for, token, view

PEOPLE = {"red": {"player": "human", "token": "a" * 64}, "blue": {"player": "human", "token": "b" * 64}}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path))


def table_of(tmp_path: Path, scenario: str, ruleset: str, seed: int) -> Table:
    store = Store(tmp_path / "grapeshot.sqlite")
    rec = GameRecord("g", 1.0, ruleset, "t", dict(load_scenario(scenario, ruleset).raw), {}, seed, "ab" * 16, False, PEOPLE, "c" * 64, None)
    store.create(rec)
    return Table(rec, store)


def fires(listed: dict[str, Any]) -> list[int]:
    return [i for i, o in enumerate(listed["parts"][0]["options"]) if o["value"]["kind"] == "fire"]


@pytest.mark.rules("JL-TURN-4")
def test_after_a_shot_the_listing_offers_only_what_check_accepts_and_a_stale_pick_is_refused(tmp_path: Path) -> None:
    """Jim Lad yields the same ShootPrompt object again after each shot: the listing the page is
    shown then must no longer offer the kannon that fired, and picks made from the listing shown
    before the shot are refused (409, the choices changed), never taken as another answer."""
    table = table_of(tmp_path, "duel", "jimlad", 1)
    players = {s: make("heuristic", 3, "jimlad") for s in ("red", "blue")}
    while not (isinstance(table.game.prompt, ShootPrompt) and len({g for g in table.game.prompt.guns()}) >= 2):
        prompt = table.game.prompt
        assert prompt is not None, "the duel ended before a ship could fire two kannons"
        seat = table.game.waiting_for()[0]
        table.submit(seat, players[seat].act(table.game, seat, prompt).to_json())
    shooting = table.game.prompt
    seat = table.game.waiting_for()[0]
    before = table.view(seat)["prompt"]["legal"]
    first = fires(before)[0]
    fired = before["parts"][0]["options"][first]["value"]["gun"]
    table.submit(seat, {"picks": [first], "digest": before["digest"]})
    assert table.game.prompt is shooting, "the same prompt asks for the next shot"
    after = table.view(seat)["prompt"]["legal"]
    assert after["digest"] != before["digest"]
    offered = after["parts"][0]["options"]
    assert fired not in {o["value"]["gun"] for o in offered if o["value"]["kind"] == "fire"}
    for o in offered:  # every answer listed is one check takes now
        shooting.check(seat, table.game.decode(o["value"]))
    stored = len(table.store.actions("g"))
    with pytest.raises(Denied) as stale:
        table.choose(seat, [first], before["digest"])
    assert stale.value.status == 409 and "changed" in stale.value.message
    assert len(table.store.actions("g")) == stored


def boom(*args: object) -> Any:
    raise RuntimeError("the drawing broke")


def test_a_module_whose_shapes_break_is_left_out_said_and_logged_and_the_game_plays_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    g = new_game(client, ruleset="woodenships", scenario="galley-fight", seats={"red": "human", "blue": "random"})
    red, spectator = token(g["links"]["red"]), token(g["spectator"])
    fine = view(client, g["id"], red)
    assert fine["degraded"] == [] and fine["shapes"]
    monkeypatch.setattr(type(get_module("collisions")), "shapes", boom)
    with caplog.at_level(logging.ERROR, logger="grapeshot.server"):
        for tok in (red, spectator):
            v = view(client, g["id"], tok)  # a 200, not a 500
            assert v["degraded"] == [{"part": "shapes", "source": "the collisions module"}]
            assert v["shapes"] and not any(sh.get("module") for sh in v["shapes"])  # the host's own shapes are still there
    (logged,) = [r for r in caplog.records if "collisions module" in r.getMessage()]  # once, not once a view
    assert g["id"] in logged.getMessage() and logged.exc_info is not None and "the drawing broke" in str(logged.exc_info[1])
    prompt = view(client, g["id"], red)["prompt"]
    r = client.post(
        f"/api/games/{g['id']}/actions", params={"token": red}, json={"picks": [0] * len(prompt["legal"]["parts"]), "digest": prompt["legal"]["digest"]}
    )
    assert r.status_code == 200, r.text
    assert r.json()["actions"] > fine["actions"] and r.json()["degraded"]


def test_a_web_plugin_whose_shapes_break_leaves_shapes_null(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = get("woodenships")
    broken = dataclasses.replace(ws.web(), shapes=boom)
    monkeypatch.setattr(type(ws), "web", lambda self: broken)
    g = new_game(client, ruleset="woodenships", scenario="ship-duel", seats={"red": "human", "blue": "random"})
    v = view(client, g["id"], token(g["links"]["red"]))
    assert v["shapes"] is None and v["degraded"] == [{"part": "shapes", "source": "the woodenships web plugin"}]


def test_a_listing_that_breaks_is_left_out_and_the_action_itself_is_still_taken(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(OrdersPrompt, "legal", boom)
    g = new_game(client, seats={"red": "human", "blue": "human"})
    red = token(g["links"]["red"])
    with caplog.at_level(logging.ERROR, logger="grapeshot.server"):
        v = view(client, g["id"], red)
    assert "legal" not in v["prompt"] and v["degraded"] == [{"part": "legal", "source": "the jimlad prompt OrdersPrompt"}]
    assert any(g["id"] in r.getMessage() and r.exc_info is not None for r in caplog.records)
    picked = client.post(f"/api/games/{g['id']}/actions", params={"token": red}, json={"picks": [0], "digest": "0" * 32})
    assert picked.status_code == 422 and "could not be listed" in picked.json()["error"]
    assert act(client, g["id"], red, orders_for(v)).status_code == 200  # the page's typed answer still plays


def test_a_check_that_breaks_refuses_the_answer_and_stores_nothing(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    g = new_game(client, seats={"red": "human", "blue": "human"})
    red = token(g["links"]["red"])
    v = view(client, g["id"], red)

    def broken(self: OrdersPrompt, seat: str, action: object) -> None:
        raise KeyError("no such ship")

    monkeypatch.setattr(OrdersPrompt, "check_choice", broken)
    r = act(client, g["id"], red, orders_for(v))
    assert r.status_code == 422 and "could not check" in r.json()["error"]
    assert view(client, g["id"], red)["actions"] == v["actions"]
    monkeypatch.undo()
    assert act(client, g["id"], red, orders_for(v)).status_code == 200


def test_the_table_sends_the_view_the_shared_builder_builds(tmp_path: Path) -> None:
    """The server's view is :func:`views.build`'s, with the table's own fields added: the probe
    (conformance suite, soak) checks the very view a page is sent."""
    from grapeshot.server.views import build

    table = table_of(tmp_path, "galley-fight", "woodenships", 2)
    for seat in ("red", "blue", None):
        built, faults = build(table.game, seat)
        sent = table.view(seat)
        assert not faults and {k: sent[k] for k in built} == built


def test_a_view_that_cannot_be_built_at_all_keeps_no_other_page_from_its_push(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The spectator's view breaks outright (not a part of it): red's action is still taken and
    answered, and blue's page is still sent the change."""
    g = new_game(client, seats={"red": "human", "blue": "human"})
    red, blue, spectator = token(g["links"]["red"]), token(g["links"]["blue"]), token(g["spectator"])
    with client.websocket_connect(f"/ws/games/{g['id']}?token={spectator}") as watching, client.websocket_connect(f"/ws/games/{g['id']}?token={blue}") as ws:
        watching.receive_text()
        ws.receive_text()
        real = Table.view

        def view_of(self: Table, seat: str | None, since: int = 0) -> dict[str, Any]:
            if seat is None:
                raise RuntimeError("the spectator's view broke")
            return real(self, seat, since)

        monkeypatch.setattr(Table, "view", view_of)
        assert act(client, g["id"], red, orders_for(view(client, g["id"], red))).status_code == 200
        assert json.loads(ws.receive_text())["commitments"][0]["seat"] == "red"


def test_a_view_names_the_rule_modules_in_play(tmp_path: Path) -> None:
    from grapeshot.server.app import create_app

    with TestClient(create_app(tmp_path / "data")) as c:
        g = c.post("/api/games", json={"ruleset": "woodenships", "scenario": "galley-fight", "seed": 1, "seats": {"red": "human", "blue": "human"}}).json()
        v = c.get(f"/api/games/{g['id']}", params={"token": g["links"]["red"].split("token=")[1]}).json()
        assert v["modules"] == [{"name": "collisions", "title": "Collisions, grappling and boarding"}]
        plain = c.post("/api/games", json={"ruleset": "woodenships", "scenario": "ship-duel", "seed": 1, "seats": {"red": "human", "blue": "human"}}).json()
        assert c.get(f"/api/games/{plain['id']}", params={"token": plain["links"]["red"].split("token=")[1]}).json()["modules"] == []


def test_a_phrase_that_breaks_tells_its_event_by_kind_and_rule_and_the_view_is_still_sent(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from grapeshot.report import Words

    g = new_game(client, seats={"red": "human", "blue": "human"})
    red = token(g["links"]["red"])
    assert view(client, g["id"], red)["degraded"] == []
    monkeypatch.setattr(Words, "describe", boom)
    v = view(client, g["id"], red)  # a 200, not a 500
    assert v["log"] and all(e["text"] == (f"{e['kind']} ({e['rule']})" if e.get("rule") else e["kind"]) for e in v["log"])
    assert {"part": "log", "source": f"the words for a {v['log'][0]['kind']} event"} in v["degraded"]
