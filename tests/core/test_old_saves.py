"""Saves and a server store written by earlier commits of grapeshot load, carry on and play on.

The corpus (``tests/data/old_saves/<commit>/``, made by ``tests/data/old_saves/make.py`` under
each commit's own code) holds, for every rule set and module each commit had, saves of games half
played and played out, by random and by heuristic players, the public saves of the running
ones, the logs of the heuristic games played out, and a server store with games in progress.
Some were played by rules fixed since: those must be told for what they are (the rules changed,
not a corrupt file), go on under the present rules, and play to an end.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from grapeshot.agents import make, play_out, rollout_player
from grapeshot.cli import app
from grapeshot.core.errors import RulesChanged
from grapeshot.core.game import Game, replay
from grapeshot.core.upgrade import carry_on
from grapeshot.server.app import create_app
from grapeshot.server.store import Store

CORPUS = Path(__file__).parents[1] / "data" / "old_saves"
SAVES = sorted(CORPUS.glob("*/*.save.json"))
#: the running games played on to their end, and continued at the web table: the heuristic's (the
#: random players' saves are only carried on and replayed, above: they are many)
RUNNING = [p for p in SAVES if "-heuristic-half" in p.name]
LOGGED = [p for p in SAVES if (p.parent / p.name.replace(".save.json", ".events.jsonl.gz")).exists()]
STORES = sorted(CORPUS.glob("*/store/grapeshot.sqlite"))
#: the commits whose saves the web table continues: the oldest and the newest of the corpus (the
#: others' saves are carried on, replayed and played on to their end above, and their stores opened)
AT_THE_TABLE = ("878a1df", "268885d")


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name.removesuffix('.save.json')}"


def _log(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path.parent / path.name.replace(".save.json", ".events.jsonl.gz"), "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


def _on_to_the_end(game: Game) -> None:
    """Play a game on with the rule set's fast players, its invariants checked after every action."""
    agents = {s: make(rollout_player(game.ruleset), k, game.ruleset) for k, s in enumerate(game.ruleset.seats_of(game.state))}

    def check(g: Game) -> None:
        assert not g.broken(), g.broken()

    play_out(game, agents, check)


def test_there_is_a_corpus_of_every_rule_set_and_the_module() -> None:
    names = {p.name.split("-")[0] for p in SAVES}
    assert names == {"jimlad", "woodenships", "navalwarhammer"} and any("+collisions" in p.name for p in SAVES)
    assert len({p.parent.name for p in SAVES}) >= 5 and STORES


@pytest.mark.parametrize("path", SAVES, ids=_id)
def test_an_old_save_carries_on_and_its_own_save_replays(path: Path) -> None:
    data = json.loads(path.read_text())
    carried = carry_on(data, str(path))
    game = carried.game
    assert not game.broken()
    if carried.changed is not None:  # played by rules fixed since: said so, with the changes between
        assert carried.changed.changes and carried.said()
    again = replay(json.loads(json.dumps(game.save())))
    assert [e.line() for e in again.events] == [e.line() for e in game.events]


@pytest.mark.parametrize("path", RUNNING, ids=_id)
def test_an_old_save_of_a_running_game_plays_on_to_its_end(path: Path) -> None:
    game = carry_on(json.loads(path.read_text()), str(path)).game
    if game.seed is None:  # a public save: the rolls on record, then dice of its own (as the web table gives it)
        game = carry_on({**json.loads(json.dumps(game.save())), "dice": {**game.save()["dice"], "seed": 99}}, str(path)).game
    _on_to_the_end(game)
    assert game.outcome is not None


@pytest.mark.parametrize("path", LOGGED, ids=_id)
def test_the_command_line_says_what_changed_where_and_carries_it_on(path: Path, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in _log(path)))
    runner = CliRunner()
    result = runner.invoke(app, ["replay", str(path), "--log", str(log)])
    try:
        replay(json.loads(path.read_text()), _log(path))
    except RulesChanged as changed:
        assert result.exit_code == 3, result.output
        said = result.output.replace("\n", "")
        assert "played under earlier rules" in said and (f"actions[{changed.step}]" if changed.step is not None else changed.where) in said
        out = tmp_path / "carried.save.json"
        again = runner.invoke(app, ["replay", str(path), "--log", str(log), "--carry-on", str(out)])
        assert again.exit_code == 0 and "carried on" in again.output
        assert runner.invoke(app, ["replay", str(out)]).exit_code == 0
        if not json.loads(out.read_text())["outcome"]:
            on = runner.invoke(app, ["simulate", "--from-save", str(out), "--players", rollout_player(json.loads(out.read_text())["ruleset"])])
            assert on.exit_code == 0, on.output
    else:
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize("path", [p for p in RUNNING if ".public." in p.name and p.parent.name in AT_THE_TABLE], ids=_id)
def test_the_web_table_continues_an_old_save(path: Path, tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path))
    data = json.loads(path.read_text())
    seats = {s["id"]: rollout_player(data["ruleset"]) for s in data["scenario"]["seats"]}
    r = client.post("/api/saves", json={"save": data, "seats": seats})
    assert r.status_code == 200, r.text
    g = r.json()
    v = client.get(f"/api/games/{g['id']}", params={"token": g["spectator"].split("token=")[1]}).json()
    assert v["outcome"] is not None, "the AI seats played it on to its end"
    game = carry_on(data, str(path))
    if game.changed is not None:
        assert v["notice"] and "earlier rules" in v["notice"]


@pytest.mark.parametrize("store", STORES, ids=lambda p: p.parent.parent.name)
def test_a_store_of_an_earlier_commit_opens_and_its_games_play_on(store: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(store, data / "grapeshot.sqlite")
    client = TestClient(create_app(data))
    listed = client.get("/api/games", params={"limit": 100}).json()["games"]
    assert listed
    assert client.get(f"/api/games/{listed[0]['id']}", params={"token": "not-a-token"}).status_code == 403
    for row in listed:
        game_id = row["id"]
        tokens = {seat: _token(game_id, seat) for seat in row["seats"]}
        v = client.get(f"/api/games/{game_id}", params={"token": next(iter(tokens.values()))})
        assert v.status_code == 200, v.text
        body = v.json()
        assert body["outcome"] is None and body["waiting_for"], "still going on"
        if (store.parent.parent.name, game_id) == ("878a1df", "jimlad-brawl"):  # one the present rules refuse part of
            assert "actions[49] is refused" in body["notice"] and "dropped" in body["notice"]
        # the person waited for answers with the first listed answer; the game takes it
        seat = body["waiting_for"][0]
        mine = client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()
        legal = mine["prompt"]["legal"]
        r = client.post(f"/api/games/{game_id}/actions", params={"token": tokens[seat]}, json={"picks": [0] * len(legal["parts"]), "digest": legal["digest"]})
        assert r.status_code == 200, r.text
    # the store now records the rules they are played under, so it loads at once next time
    kept = Store(data / "grapeshot.sqlite")
    assert all(kept.game(row["id"]).rules for row in listed)  # type: ignore[union-attr]
    kept.close()


def _token(game_id: str, seat: str) -> str:
    """The token make.py gave a seat: its rule set, its scenario (with "+collisions") and the seat."""
    return f"{game_id.replace('-collisions', '+collisions')}-{seat}"
