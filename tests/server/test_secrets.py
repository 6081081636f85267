"""What a token may take home: the save download holds no secret while the game runs (no seed, no
sealed order not yet revealed, whoever asks), it uploads into a game that goes on with dice of its
own, and once the game is over the seed and salt are revealed and check against the commitment
published at the start, in the page's view, in the save and with ``grapeshot replay``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from grapeshot.cli import app as cli
from grapeshot.core.commitment import verify
from grapeshot.core.game import replay
from grapeshot.server.quick import quick_answer


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    from grapeshot.server.app import create_app

    return TestClient(create_app(tmp_path))


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def view(client: TestClient, game: str, tok: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}", params={"token": tok})
    assert r.status_code == 200, r.text
    return dict(r.json())


def orders(v: dict[str, Any], card: int = 4) -> dict[str, Any]:
    return {"kind": "orders", "orders": [{"ship": s, "card": card, "turn": "none", "card_at": "start"} for s in v["prompt"]["choices"][v["me"]]]}


def canonical(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def download(client: TestClient, game: str, tok: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}/save", params={"token": tok})
    assert r.status_code == 200, r.text
    assert "attachment" in r.headers["content-disposition"]
    return dict(r.json())


def test_no_token_downloads_sealed_orders_or_the_seed_while_the_game_runs(client: TestClient) -> None:
    g = client.post("/api/games", json={"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "human"}}).json()
    red, blue, spectator = token(g["links"]["red"]), token(g["links"]["blue"]), token(g["spectator"])
    mine = orders(view(client, g["id"], red))
    assert client.post(f"/api/games/{g['id']}/actions", params={"token": red}, json={"action": mine}).status_code == 200
    published = view(client, g["id"], blue)["seed"]["hash"]
    saves = [download(client, g["id"], t) for t in (red, blue, spectator)]
    assert saves[0] == saves[1] == saves[2]  # one public record, whoever asks: even red's own sealed orders stay out
    for save in saves:
        assert canonical(mine) not in json.dumps(save, sort_keys=True, separators=(",", ":"))
        assert save["actions"] == [] and save["outcome"] is None
        assert set(save["dice"]) == {"kind", "rolls", "commitment"} and save["dice"]["commitment"] == published
        assert "7" not in [str(v) for v in save["dice"].values()]


def test_an_ai_seats_sealed_orders_stay_out_of_the_persons_save(client: TestClient) -> None:
    g = client.post("/api/games", json={"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "heuristic"}}).json()
    red = token(g["links"]["red"])
    (c,) = view(client, g["id"], red)["commitments"]
    assert c["seat"] == "blue" and not c["revealed"]
    assert download(client, g["id"], red)["actions"] == []


def play_solo(client: TestClient, game: str, tok: str, steps: int) -> dict[str, Any]:
    """Answer red's prompts quickly for a few steps (the AI answers the rest)."""
    v = view(client, game, tok)
    for _ in range(steps):
        if v["prompt"] is None:
            break
        r = client.post(f"/api/games/{game}/actions", params={"token": tok}, json=quick_answer(v))
        assert r.status_code == 200, r.text
        v = r.json()
    return v


def test_a_mid_game_save_continues_on_the_server_with_new_dice_and_replays_what_was_revealed(client: TestClient, tmp_path: Path) -> None:
    g = client.post(
        "/api/games", json={"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "heuristic"}, "options": {"random_events": False}}
    ).json()
    red = token(g["links"]["red"])
    before = play_solo(client, g["id"], red, 6)
    assert before["outcome"] is None
    save = download(client, g["id"], red)
    assert "seed" not in save["dice"] and len(save["dice"]["rolls"]) > 0
    # anyone can replay what was revealed, and the command line says what stays secret
    assert replay(save).view(None)["state"] == before["state"]
    path = tmp_path / "mid.save.json"
    path.write_text(json.dumps(save))
    said = CliRunner().invoke(cli, ["replay", str(path)])
    assert said.exit_code == 0, said.output
    assert "the seed is secret until the game ends" in " ".join(said.stdout.split())
    # the upload takes exactly what the download gave, and goes on with dice of its own
    r = client.post("/api/saves", json={"save": save, "seats": {"red": "human", "blue": "heuristic"}})
    assert r.status_code == 200, r.text
    c = r.json()
    cont = view(client, c["id"], token(c["links"]["red"]))
    assert cont["state"] == before["state"] and cont["actions"] == len(save["actions"])
    assert cont["seed"]["hash"] != before["seed"]["hash"] and cont["seed"]["rolls_given"] == len(save["dice"]["rolls"])
    after = play_solo(client, c["id"], token(c["links"]["red"]), 400)
    assert after["outcome"] is not None
    final = download(client, c["id"], token(c["links"]["red"]))
    assert final["dice"]["seed"] == int(after["seed"]["seed"]) and final["dice"]["rolls"] == save["dice"]["rolls"]
    assert replay(final).outcome is not None


def test_at_the_end_the_seed_is_revealed_and_checks_against_the_hash_published_at_the_start(client: TestClient, tmp_path: Path) -> None:
    g = client.post("/api/games", json={"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "heuristic"}, "options": {"turn_limit": 2}}).json()
    red = token(g["links"]["red"])
    published = view(client, g["id"], red)["seed"]["hash"]
    end = play_solo(client, g["id"], red, 400)
    assert end["outcome"] is not None and end["seed"]["seed"] == "7"
    assert verify(published, end["seed"]["seed"], end["seed"]["salt"])
    save = download(client, g["id"], red)
    assert save["dice"]["seed"] == 7 and save["dice"]["salt"] == end["seed"]["salt"] and save["dice"]["commitment"] == published
    path = tmp_path / "end.save.json"
    path.write_text(json.dumps(save))
    ok = CliRunner().invoke(cli, ["replay", str(path), "--commitment", published])
    assert ok.exit_code == 0, ok.output
    assert "match the commitment" in " ".join(ok.stdout.split()) and "the one published at the start" in " ".join(ok.stdout.split())
    wrong = CliRunner().invoke(cli, ["replay", str(path), "--commitment", "f" * 64])
    assert wrong.exit_code == 1 and "not to the commitment" in " ".join(wrong.stderr.split())


def test_two_games_with_the_same_typed_seed_publish_different_hashes(client: TestClient) -> None:
    hashes = set()
    for _ in range(2):
        g = client.post("/api/games", json={"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "heuristic"}}).json()
        hashes.add(view(client, g["id"], token(g["links"]["red"]))["seed"]["hash"])
    assert len(hashes) == 2  # the salt: a small seed cannot be found by hashing every small number


def test_the_table_says_when_the_games_creator_chose_the_seed(client: TestClient) -> None:
    typed = client.post("/api/games", json={"scenario": "duel", "seed": 7, "seats": {"red": "human", "blue": "human"}}).json()
    drawn = client.post("/api/games", json={"scenario": "duel", "seats": {"red": "human", "blue": "human"}}).json()
    assert view(client, typed["id"], token(typed["links"]["blue"]))["seed"]["chosen"] is True  # whoever typed it knows every roll
    assert "chosen" not in view(client, drawn["id"], token(drawn["links"]["blue"]))["seed"]
