"""The rule registry against the project's rules index, and the coverage scan."""

from __future__ import annotations

from pathlib import Path

import pytest

from grapeshot.core.registry import index_ids, resolve, scan_tests
from grapeshot.core.registry import tests_dir as find_tests_dir
from grapeshot.core.ruleset import all_rulesets, get

RULES_MD = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"


def test_every_registered_location_resolves() -> None:
    for rs in all_rulesets():
        for entry in rs.rulebook().entries.values():
            for where in entry.where:
                assert resolve(where) is not None, f"{entry.id}: {where} does not resolve"


@pytest.mark.skipif(not RULES_MD.exists(), reason="../shared/RULES.md is not beside this checkout (a user's own clone); CI has it")
def test_every_jimlad_rule_of_the_index_is_registered() -> None:
    ids = index_ids(RULES_MD, "JL")
    assert len(ids) > 90, "the index parser found too few JL rules"
    book = get("jimlad").rulebook()
    missing = [i for i in ids if i not in book.entries]
    extra = [i for i in book.entries if i not in ids]
    assert not missing, f"rules of RULES.md missing from the registry: {missing}"
    assert not extra, f"registry IDs not in RULES.md: {extra}"


def test_coverage_scan_reads_marks(tmp_path: Path) -> None:
    t = tmp_path / "tests"
    t.mkdir()
    (t / "test_x.py").write_text(
        "import pytest\n"
        "pytestmark = pytest.mark.rules('JL-A-1')\n"
        "@pytest.mark.rules('JL-B-2', 'JL-C-3')\n"
        "def test_one():\n    pass\n"
        "class TestGroup:\n"
        "    @pytest.mark.rules('JL-D-4')\n"
        "    def test_two(self):\n        pass\n"
        "def helper():\n    pass\n"
    )
    found = scan_tests(t)
    assert found["JL-A-1"] == ["tests/test_x.py::test_one", "tests/test_x.py::TestGroup::test_two"]
    assert found["JL-B-2"] == ["tests/test_x.py::test_one"]
    assert found["JL-D-4"] == ["tests/test_x.py::TestGroup::test_two"]
    assert "JL-E-5" not in found


def test_tests_dir_is_found_from_a_checkout() -> None:
    d = find_tests_dir()
    assert d is not None and (d / "core" / "test_registry.py").exists()
