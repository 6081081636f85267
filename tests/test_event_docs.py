"""docs/events.md agrees with the logs: every event kind seeded games log has its section, every
field an event carries is named there, and the example lines are valid and say what the code
logs (a krak strike's ``weapon_rule`` is the krak rule, JL-SHOOT-3).  The page has a part for
each rule set: the core's and Jim Lad's kinds first, then Naval Warhammer's, whose kinds may share
a name with Jim Lad's and mean something else; the core's kinds are documented once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.events import RESERVED
from grapeshot.core.game import Game
from grapeshot.core.scenario import builtin_scenarios, load_scenario
from tests.rulesets.jimlad.test_basis import played

DOC = Path(__file__).resolve().parents[1] / "docs" / "events.md"
COMMON = {"seq", "turn", "phase", "kind", "rule", "visible_to", *RESERVED}
NW_PART = "\n# Naval Warhammer events\n"
#: the core's own kinds, documented in the first part for every rule set
CORE_KINDS = {"roll", "reroll", "phase", "sealed", "game-over"}
NW = Path(__file__).resolve().parents[1] / "src" / "grapeshot" / "rulesets" / "navalwarhammer"


def parts() -> tuple[str, str]:
    """The page's first part (the format, the core's and Jim Lad's kinds) and Naval Warhammer's."""
    text = DOC.read_text(encoding="utf-8")
    assert NW_PART in text
    first, nw = text.split(NW_PART)
    return first, nw


def sections(text: str | None = None) -> dict[str, str]:
    """Each documented event kind of a part (the first by default) and the text of its section."""
    out: dict[str, str] = {}
    text = parts()[0] if text is None else text
    split = re.split(r"^### (.*)$", text, flags=re.M)
    for heading, body in zip(split[1::2], split[2::2], strict=True):
        for kind in re.findall(r"`([a-z-]+)`", heading):
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


def nw_played() -> list[Game]:
    """Seeded Naval Warhammer games on every built-in scenario: the heuristic against random play."""
    games = []
    for name in builtin_scenarios("navalwarhammer"):
        sc = load_scenario(name, "navalwarhammer")
        for seed in (1, 2, 3):
            g = Game("navalwarhammer", sc, seed=seed)
            play_out(g, {s.id: make("heuristic" if (k + seed) % 2 else "random", seed + k, "navalwarhammer") for k, s in enumerate(sc.seats)})
            games.append(g)
    return games


def nw_docs() -> dict[str, str]:
    """Naval Warhammer's sections, with the core's kinds from the first part."""
    first = sections()
    return {**{k: first[k] for k in CORE_KINDS}, **sections(parts()[1])}


def test_every_naval_warhammer_kind_and_field_is_documented_in_its_own_part() -> None:
    docs = nw_docs()
    missing: dict[str, set[str]] = {}
    for g in nw_played():
        for e in g.events:
            assert e.kind in docs, f"Naval Warhammer event kind {e.kind!r} has no section in docs/events.md"
            unknown = set(e.data) - named(docs[e.kind]) - COMMON
            if unknown:
                missing.setdefault(e.kind, set()).update(unknown)
    assert not missing, f"fields logged but not in docs/events.md: {missing}"


def test_every_kind_the_naval_warhammer_code_can_emit_has_a_section() -> None:
    """Some kinds are rare in seeded play (a hydra's flame, beasts without handlers): the source says
    which kinds exist, and each has its section."""
    emitted = {k for p in NW.rglob("*.py") for k in re.findall(r'emit\(\s*"([a-z-]+)"', p.read_text(encoding="utf-8"))}
    assert len(emitted) > 60
    assert emitted - set(nw_docs()) == set()


def test_the_example_lines_parse_and_name_real_kinds() -> None:
    for docs, least in ((sections(), 40), (sections(parts()[1]), 70)):
        seen = 0
        for body in docs.values():
            for line in examples(body):
                data = json.loads(line)
                assert data["kind"] in docs or data["kind"] in CORE_KINDS, line
                seen += 1
        assert seen > least


@pytest.mark.rules("JL-SHOOT-3", "JL-SHOOT-8")
def test_the_docs_say_a_krak_strike_carries_the_krak_rule_as_the_logs_do() -> None:
    body = sections()["strike"]
    krak = [json.loads(ln) for ln in examples(body) if "krak" in json.loads(ln)["cause"]]
    assert krak and all(s["weapon_rule"] == "JL-SHOOT-3" for s in krak)
    assert "a krak strike carries `JL-SHOOT-3`" in body
    logged = {e.data["weapon_rule"] for g in played() for e in g.events if e.kind == "strike" and "krak" in e.data["cause"]}
    assert logged == {"JL-SHOOT-3"}
