"""The core's own rule book (FB) and Naval Warhammer's (NW): every code resolves, every rule in
play has a test that names it, the NW book holds exactly the index's IDs, and the rule set is
registered under its name and aliases."""

from __future__ import annotations

from pathlib import Path

import pytest

from grapeshot.core.registry import RuleBook, index_ids, resolve, scan_tests
from grapeshot.core.registry import tests_dir as find_tests_dir
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.rulesets.navalwarhammer.fantasy.rules import RULEBOOK as CORE
from grapeshot.rulesets.navalwarhammer.rules import RULEBOOK as NW

RULES_MD = Path(__file__).resolve().parents[4] / "shared" / "RULES.md"


def covered() -> dict[str, list[str]]:
    root = find_tests_dir()
    assert root is not None
    return scan_tests(root)


@pytest.mark.parametrize("book", [CORE, NW], ids=["FB", "NW"])
def test_every_named_piece_of_code_resolves(book: RuleBook) -> None:
    for entry in book.entries.values():
        for where in entry.where:
            assert resolve(where) is not None, f"{entry.id}: {where}"


@pytest.mark.parametrize("book", [CORE, NW], ids=["FB", "NW"])
def test_every_rule_in_play_has_a_test_that_names_it(book: RuleBook) -> None:
    tests = covered()
    missing = [e.id for e in book.in_scope() if not tests.get(e.id)]
    assert missing == []


def test_the_core_implements_every_one_of_its_rules() -> None:
    assert all(e.status == "implemented" for e in CORE) and len(CORE.entries) >= 25


@pytest.mark.skipif(not RULES_MD.exists(), reason="../shared/RULES.md is not beside this checkout (a user's own clone); CI has it")
def test_the_nw_book_holds_exactly_the_index_s_ids() -> None:
    ids = index_ids(RULES_MD, "NW")
    assert len(ids) == 54
    assert sorted(ids) == sorted(NW.entries)
    assert all(e.where for e in NW.in_scope())


def test_naval_warhammer_is_registered_under_its_aliases() -> None:
    assert any(r.name == "navalwarhammer" for r in all_rulesets())
    assert get("nw") is get("naval-warhammer") is get("navalwarhammer")
    book = get("nw").rulebook()
    assert set(book.entries) == set(NW.entries) | set(CORE.entries)
