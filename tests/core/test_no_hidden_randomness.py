"""Chance comes only from the injected dice: no rule module may use the random module."""

from __future__ import annotations

import ast
from pathlib import Path

import grapeshot

PACKAGE = Path(grapeshot.__file__).parent
# modules whose randomness is their job: the dice sources, players' own choices (the generic
# players, and each rule set's own), and the views' fuzz, which draws near misses to put to the rules
ALLOWED = {
    PACKAGE / "dice" / "sources.py",
    PACKAGE / "server" / "probe.py",
    *(PACKAGE / "agents").glob("*.py"),
    *(PACKAGE / "rulesets").glob("*/players/*.py"),
}


def imports_random(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "random" or a.name.startswith("random.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module is not None and (node.module == "random" or node.module.startswith("random.")):
            return True
    return False


def test_no_rule_or_core_module_imports_random() -> None:
    modules = sorted(p for p in PACKAGE.rglob("*.py") if p not in ALLOWED)
    assert len(modules) > 15
    offenders = [str(p.relative_to(PACKAGE)) for p in modules if imports_random(p)]
    assert offenders == []


def test_the_scan_would_see_an_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from random import randint\n")
    assert imports_random(bad)
    bad.write_text("import os\n")
    assert not imports_random(bad)
