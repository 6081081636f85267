"""docs/events.md agrees with the logs: every event kind seeded games log has its section, every
field an event carries is named there, and the example lines are valid and say what the code
logs (a krak strike's ``weapon_rule`` is the krak rule, JL-SHOOT-3); the same for the collisions
module's kinds, from seeded games of its test host.  The page documents the core, Jim Lad and the
modules first and each further rule set in a part of its own (a top-level heading): a rule set's
kinds are looked up in its part, the core's and the modules' in the first."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.events import RESERVED
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.collisions.phrases import WORDS
from grapeshot.rulesets.woodenships.ships import damage
from tests.rulesets.collisions.test_play import played as harbour_game
from tests.rulesets.jimlad.test_basis import played

DOC = Path(__file__).resolve().parents[1] / "docs" / "events.md"
COMMON = {"seq", "turn", "phase", "kind", "rule", "visible_to", *RESERVED}


def parts() -> dict[str, str]:
    """The page's parts by their top-level heading: the core's and Jim Lad's ("The event log"),
    then one a rule set."""
    text = DOC.read_text(encoding="utf-8")
    chunks = re.split(r"^# (.*)$", text, flags=re.M)
    return dict(zip(chunks[1::2], chunks[2::2], strict=True))


def sections(part: str = "The event log") -> dict[str, str]:
    """Each documented event kind of one part of the page and the text of its section."""
    out: dict[str, str] = {}
    text = parts()[part]
    parts_ = re.split(r"^### (.*)$", text, flags=re.M)
    for heading, body in zip(parts_[1::2], parts_[2::2], strict=True):
        for kind in re.findall(r"`([a-z.-]+)`", heading):
            out[kind] = body.split("\n## ")[0]
    return out


def named(body: str) -> set[str]:
    """The field names a section mentions (any word in backticks, and the keys of its examples)."""
    words = set(re.findall(r"`([a-z_][a-z0-9_.]*)`", body))
    for line in examples(body):
        words |= set(json.loads(line))
    return words


def examples(body: str) -> list[str]:
    lines = []
    for block in re.findall(r"```json\n(.*?)```", body, flags=re.S):
        lines += [ln for ln in block.splitlines() if ln.strip() and "…" not in ln]
    return lines


def test_every_logged_kind_and_field_is_documented() -> None:
    docs = sections()
    missing: dict[str, set[str]] = {}
    for g in played():
        for e in g.events:
            assert e.kind in docs, f"event kind {e.kind!r} has no section in docs/events.md"
            unknown = set(e.data) - named(docs[e.kind]) - COMMON
            if unknown:
                missing.setdefault(e.kind, set()).update(unknown)
    assert not missing, f"fields logged but not in docs/events.md: {missing}"


def test_the_example_lines_parse_and_name_real_kinds() -> None:
    docs = sections()
    seen = 0
    for body in docs.values():
        for line in examples(body):
            data = json.loads(line)
            assert data["kind"] in docs, line
            seen += 1
    assert seen > 40
    ws = sections(WS)
    for body in ws.values():
        for line in examples(body):
            assert json.loads(line)["kind"] in ws, line


WS = "Wooden Ships and Plastic Men"
#: the core's kinds, documented in the first part for every rule set
CORE_KINDS = ("roll", "reroll", "phase", "sealed", "game-over")


def ws_games() -> list[Game]:
    """Seeded Wooden Ships games of both scenarios, heuristic and random players, one of them
    with a ship sunk by a broadside the test deals it."""
    out = []
    for name in ("ship-duel", "skull-island"):
        sc = load_scenario(name, "woodenships")
        for seed in range(6):
            g = Game("woodenships", sc, seed=seed)
            kinds = [["heuristic", "random"], ["random", "heuristic"], ["heuristic", "heuristic"]][seed % 3]
            agents = {s.id: make(kinds[k], seed + k, "woodenships") for k, s in enumerate(sc.seats)}
            if seed == 5:
                ship = next(iter(g.state.ships.values()))
                damage(g, g.state, ship, ship.points, sc.seats[1].id, "a broadside (the test's)", "WS-DMG-3")
            play_out(g, agents)
            out.append(g)
    return out


def test_every_wooden_ships_kind_and_field_is_documented() -> None:
    docs, core = sections(WS), sections()
    missing: dict[str, set[str]] = {}
    logged = set()
    for g in ws_games():
        for e in g.events:
            logged.add(e.kind)
            body = docs.get(e.kind) or (core.get(e.kind) if e.kind in CORE_KINDS else None)
            assert body is not None, f"Wooden Ships event kind {e.kind!r} has no section in docs/events.md"
            unknown = set(e.data) - named(body) - COMMON
            if unknown:
                missing.setdefault(e.kind, set()).update(unknown)
    assert not missing, f"fields logged but not in docs/events.md: {missing}"
    assert {"steer", "move", "shot", "strike", "boarding", "killed", "sunk"} <= logged


@pytest.mark.rules("JL-SHOOT-3", "JL-SHOOT-8")
def test_the_docs_say_a_krak_strike_carries_the_krak_rule_as_the_logs_do() -> None:
    body = sections()["strike"]
    krak = [json.loads(ln) for ln in examples(body) if "krak" in json.loads(ln)["cause"]]
    assert krak and all(s["weapon_rule"] == "JL-SHOOT-3" for s in krak)
    assert "a krak strike carries `JL-SHOOT-3`" in body
    logged = {e.data["weapon_rule"] for g in played() for e in g.events if e.kind == "strike" and "krak" in e.data["cause"]}
    assert logged == {"JL-SHOOT-3"}


def test_every_kind_of_the_collisions_module_is_documented_with_its_fields() -> None:
    docs = sections()
    assert set(WORDS.kinds) <= set(docs), f"no section for {sorted(set(WORDS.kinds) - set(docs))}"
    missing: dict[str, set[str]] = {}
    for seed in range(6):
        for e in harbour_game(seed, **{"collisions.cunning_plan": "red,blue"}).events:
            if e.kind.startswith("collisions."):
                unknown = set(e.data) - named(docs[e.kind]) - COMMON
                if unknown:
                    missing.setdefault(e.kind, set()).update(unknown)
    assert not missing, f"fields logged but not in docs/events.md: {missing}"
