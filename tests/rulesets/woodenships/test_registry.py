"""Wooden Ships' rule book against the project's rules index: the same 52 IDs both ways, every
named piece of code resolves, every rule in play has a test that names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from grapeshot.core.registry import index_ids, resolve, scan_tests
from grapeshot.core.registry import tests_dir as find_tests_dir
from grapeshot.core.ruleset import get

RULES_MD = Path(__file__).resolve().parents[4] / "shared" / "RULES.md"
BOOK = get("woodenships").rulebook()


@pytest.mark.skipif(not RULES_MD.exists(), reason="../shared/RULES.md is not beside this checkout (a user's own clone); CI has it")
def test_every_ws_rule_of_the_index_is_registered_and_no_other() -> None:
    ids = index_ids(RULES_MD, "WS")
    assert len(ids) == 52, "the index parser found a different number of WS rules"
    assert sorted(ids) == sorted(BOOK.entries)


def test_every_named_piece_of_code_resolves() -> None:
    for entry in BOOK.entries.values():
        for where in entry.where:
            assert resolve(where) is not None, f"{entry.id}: {where}"


def test_every_rule_in_play_has_a_test_that_names_it() -> None:
    root = find_tests_dir()
    assert root is not None
    tests = scan_tests(root)
    assert [e.id for e in BOOK.in_scope() if not tests.get(e.id)] == []


def test_the_rule_set_is_found_by_its_name_and_aliases() -> None:
    assert {get(n).name for n in ("woodenships", "wspm", "ws", "WSPM")} == {"woodenships"}
