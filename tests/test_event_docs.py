"""docs/events.md agrees with the logs: every event kind seeded games log has its section, every
field an event carries is named there, and the example lines are valid and say what the code
logs (a krak strike's ``weapon_rule`` is the krak rule, JL-SHOOT-3)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grapeshot.core.events import RESERVED
from tests.rulesets.jimlad.test_basis import played

DOC = Path(__file__).resolve().parents[1] / "docs" / "events.md"
COMMON = {"seq", "turn", "phase", "kind", "rule", "visible_to", *RESERVED}


def sections() -> dict[str, str]:
    """Each documented event kind and the text of its section."""
    out: dict[str, str] = {}
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^### (.*)$", text, flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
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


def test_the_example_lines_parse_and_name_real_kinds() -> None:
    docs = sections()
    seen = 0
    for body in docs.values():
        for line in examples(body):
            data = json.loads(line)
            assert data["kind"] in docs, line
            seen += 1
    assert seen > 40


@pytest.mark.rules("JL-SHOOT-3", "JL-SHOOT-8")
def test_the_docs_say_a_krak_strike_carries_the_krak_rule_as_the_logs_do() -> None:
    body = sections()["strike"]
    krak = [json.loads(ln) for ln in examples(body) if "krak" in json.loads(ln)["cause"]]
    assert krak and all(s["weapon_rule"] == "JL-SHOOT-3" for s in krak)
    assert "a krak strike carries `JL-SHOOT-3`" in body
    logged = {e.data["weapon_rule"] for g in played() for e in g.events if e.kind == "strike" and "krak" in e.data["cause"]}
    assert logged == {"JL-SHOOT-3"}
