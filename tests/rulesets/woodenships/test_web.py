"""Wooden Ships' web plugin, its server half: the script and styles served from the rule set's
package, the ``tables`` preview (the page's numbers, read from the rule set's data) and the
``move`` preview (what a click on the table makes of a figure's move), checked against the move
prompt's own listed answers and its check, through the real server."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grapeshot.rulesets.woodenships.data import GUN_ARC, GUNS, SMALL_ARMS
from grapeshot.server.app import create_app


def start(c: TestClient) -> tuple[str, str, dict[str, Any]]:
    """A ship duel played by picks to red's first figure move; the game, red's token and the view."""
    g = c.post("/api/games", json={"ruleset": "woodenships", "scenario": "ship-duel", "seed": 7, "seats": {"red": "human", "blue": "heuristic"}}).json()
    tok = g["links"]["red"].split("token=")[1]
    v: dict[str, Any] = c.get(f"/api/games/{g['id']}", params={"token": tok}).json()
    for _ in range(80):
        p = v["prompt"]
        if p["kind"] == "MovePrompt":
            return g["id"], tok, v
        pick = 1 if p["kind"] == "NextPrompt" and len(p["legal"]["parts"][0]["options"]) > 1 else 0
        v = c.post(
            f"/api/games/{g['id']}/actions", params={"token": tok}, json={"picks": [pick] * len(p["legal"]["parts"]), "digest": p["legal"]["digest"]}
        ).json()
    raise AssertionError("no figure's move came")


def test_the_script_its_rooms_and_styles_are_served(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "data")) as c:
        _, _, v = start(c)
        web = v["web"]
        assert web["script"].endswith("/woodenships.js")
        for room in ("woodenships.js", "pieces.js", "rings.js", "forms.js", "helm.js", "woodenships.css"):
            r = c.get(f"/static/rulesets/woodenships/{room}")
            assert r.status_code == 200 and len(r.text) > 500, room
        assert "Wooden Ships" not in c.get("/static/table.js").text  # the generic client names no rule set


def test_the_tables_preview_is_the_rule_sets_own_data(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "data")) as c:
        game, tok, _ = start(c)
        t = c.get(f"/api/games/{game}/preview/tables", params={"token": tok}).json()
    assert t["gun_arc"] == GUN_ARC
    for kind, arm in SMALL_ARMS.items():
        assert [b["inches"] for b in t["small_arms"][kind]["bands"]] == list(arm.bands)
        assert [b["need"] for b in t["small_arms"][kind]["bands"]] == list(arm.to_hit)
    for kind, gun in GUNS.items():
        assert [(b["inches"], b["need"]) for b in t["guns"][kind]["bands"]] == list(gun.bands)
    assert t["animals"]["shark"]["gait"] == {"water": 16.0}


def test_a_clicked_point_becomes_the_move_the_prompt_accepts(tmp_path: Path) -> None:
    """Each listed move's point, asked of the preview, comes back as a move to the same surface
    that the game then takes; a point beyond the figure's reach is refused with the reason."""
    with TestClient(create_app(tmp_path / "data")) as c:
        game, tok, v = start(c)
        fig = v["prompt"]["figure"]
        listed = [o["value"] for o in v["prompt"]["legal"]["parts"][0]["options"] if o["value"]["to"] is not None]
        assert listed
        for want in listed:
            pv = c.get(f"/api/games/{game}/preview/move", params={"token": tok, "figure": fig, "x": want["to"][0], "y": want["to"][1]}).json()
            assert pv["ok"], pv
            assert (pv["move"]["surface"], pv["move"]["of"]) == (want["surface"], want["of"])
            assert math.dist(pv["move"]["to"], want["to"]) < 0.01
            assert pv["cost"] <= pv["allowance"] + 1e-9
            assert pv["legs"][0]["path"][0] == pv["from"]
        here = pv["from"]
        far = c.get(f"/api/games/{game}/preview/move", params={"token": tok, "figure": fig, "x": here[0] + 30, "y": here[1]}).json()
        assert not far["ok"] and "cannot get" in far["why"]
        before = v["actions"]
        r = c.post(f"/api/games/{game}/actions", params={"token": tok}, json={"action": {**pv["move"], "pick_up": pv["weapons"]}})
        assert r.status_code == 200, r.text
        assert r.json()["actions"] == before + 1
        moved = next(e for e in reversed(r.json()["log"]) if e["kind"] == "move" and e["figure"] == fig)
        assert math.dist(moved["to"], pv["move"]["to"]) < 0.01


@pytest.mark.parametrize(
    ("query", "status"),
    [({"figure": "nobody", "x": 1, "y": 1}, 404), ({"figure": "Captain Flint", "x": "east", "y": 1}, 422), ({"figure": "Captain Flint"}, 422)],
)
def test_a_bad_move_preview_is_refused_by_name(tmp_path: Path, query: dict[str, Any], status: int) -> None:
    with TestClient(create_app(tmp_path / "data")) as c:
        game, tok, _ = start(c)
        r = c.get(f"/api/games/{game}/preview/move", params={"token": tok, **query})
    assert r.status_code == status, r.text
    assert r.json()["error"]


def to_mounting(c: TestClient) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A free-for-all whose red person drafts a gun whenever the pile has one, played by picks to
    the mounting of the drafted guns; the game, its links' tokens and red's view."""
    seats = {"red": "human", "blue": "heuristic", "green": "heuristic", "gold": "heuristic"}
    g = c.post("/api/games", json={"ruleset": "woodenships", "scenario": "free-for-all", "seed": 7, "seats": seats}).json()
    toks = {"red": g["links"]["red"].split("token=")[1], "spectator": g["spectator"].split("token=")[1]}
    v: dict[str, Any] = c.get(f"/api/games/{g['id']}", params={"token": toks["red"]}).json()
    while v["prompt"]["kind"] == "PickPrompt":
        p = v["prompt"]
        options = p["legal"]["parts"][0]["options"]
        pick = next((i for i, o in enumerate(options) if o["value"]["weapon"] in GUNS), 0)
        v = c.post(f"/api/games/{g['id']}/actions", params={"token": toks["red"]}, json={"picks": [pick], "digest": p["legal"]["digest"]}).json()
    assert v["prompt"]["kind"] == "MountPrompt", v["prompt"]["kind"]
    return g["id"], toks, v


@pytest.mark.rules("WS-SETUP-1")
def test_the_mount_preview_places_the_prompts_own_free_places_where_the_gun_then_stands(tmp_path: Path) -> None:
    """The preview's places are the mount prompt's listed answers, by name and words; the gun
    mounted at one (the other sides' too, the round being sealed) stands at its point, pointing
    the way the preview said."""
    with TestClient(create_app(tmp_path / "data")) as c:
        game, toks, v = to_mounting(c)
        p = v["prompt"]
        kind = p["guns"]["red"]
        pv = c.get(f"/api/games/{game}/preview/mount", params={"token": toks["red"]}).json()
        assert (pv["side"], pv["kind"]) == ("red", kind)
        listed = p["legal"]["parts"][0]["options"]
        assert [(x["name"], x["words"]) for x in pv["places"]] == [(o["value"]["place"], o["label"]) for o in listed]
        assert {x["on"] for x in pv["places"]} == {s["name"] for s in v["state"]["ships"] if s["side"] == "red"}
        # a lighter gun may go where a cannon may not; named, the kind is the one asked about
        swivel = c.get(f"/api/games/{game}/preview/mount", params={"token": toks["red"], "kind": "swivel", "side": "blue"}).json()
        assert swivel["side"] == "blue" and swivel["kind"] == "swivel" and {x["on"] for x in swivel["places"]} == {"Sea Hawk"}
        chosen = pv["places"][-1]
        pick = next(i for i, o in enumerate(listed) if o["value"]["place"] == chosen["name"])
        v = c.post(f"/api/games/{game}/actions", params={"token": toks["red"]}, json={"picks": [pick], "digest": p["legal"]["digest"]}).json()
        mounted = next(e for e in v["log"] if e["kind"] == "gun-mount" and e["seat"] == "red")
        assert mounted["place"] == chosen["name"]
        gun = next(x for x in v["state"]["guns"] if x["name"] == mounted["gun"])
        assert math.dist((gun["x"], gun["y"]), (chosen["x"], chosen["y"])) < 1e-3
        assert abs((gun["heading"] - chosen["heading"] + 180) % 360 - 180) < 1e-3 and gun["mount"] == chosen["mount"]


@pytest.mark.parametrize(
    ("who", "query", "status", "named"),
    [
        ("red", {"kind": "catapult"}, 422, "kind"),
        ("red", {"side": "purple"}, 404, "purple"),
        ("red", {"colour": "red"}, 422, "colour"),
        ("spectator", {}, 422, "side"),
    ],
)
def test_a_bad_mount_preview_is_refused_by_name(tmp_path: Path, who: str, query: dict[str, Any], status: int, named: str) -> None:
    with TestClient(create_app(tmp_path / "data")) as c:
        game, toks, _ = to_mounting(c)
        r = c.get(f"/api/games/{game}/preview/mount", params={"token": toks[who], **query})
    assert r.status_code == status, r.text
    assert named in r.json()["error"]


def test_the_mount_preview_asks_the_kind_when_no_gun_is_being_mounted(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "data")) as c:
        game, tok, _ = start(c)
        r = c.get(f"/api/games/{game}/preview/mount", params={"token": tok})
        named = c.get(f"/api/games/{game}/preview/mount", params={"token": tok, "kind": "swivel"})
    assert r.status_code == 422 and r.json()["error"].startswith("kind:"), r.text
    assert named.status_code == 200 and named.json()["places"]


def test_the_range_preview_measures_edge_to_edge_and_refuses_unknown_pieces_by_name(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "data")) as c:
        game, tok, v = start(c)
        me = v["prompt"]["figure"]
        fig = next(f for f in v["state"]["figures"] if f["name"] == me)
        foe = next(f for f in v["state"]["figures"] if f["side"] != fig["side"] and f["life"] > 0 and f.get("x") is not None)
        r = c.get(f"/api/games/{game}/preview/range", params={"token": tok, "figure": me, "target": foe["name"]})
        assert r.status_code == 200
        centres = math.hypot(foe["x"] - fig["x"], foe["y"] - fig["y"])
        assert r.json()["range"] < centres and r.json()["measured"] == "base edge to base edge"
        bad = c.get(f"/api/games/{game}/preview/range", params={"token": tok, "figure": me, "target": "Nobody"})
        assert bad.status_code == 404 and "Nobody" in bad.text
        steering = c.get(f"/api/games/{game}/preview/steer", params={"token": tok, "angle": 0, "inches": 3})
        assert steering.status_code == 422 and "no ship is steering" in steering.text
        wide = c.get(f"/api/games/{game}/preview/steer", params={"token": tok, "angle": 120, "inches": 3})
        assert wide.status_code == 422 and "angle" in wide.text
