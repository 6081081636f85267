"""The dice package stands alone: it imports nothing of grapeshot outside itself, and
``grapeshot.dice`` still offers every name the rest of the package imports from it."""

from __future__ import annotations

import ast
from pathlib import Path

import grapeshot
import grapeshot.dice

PACKAGE = Path(grapeshot.__file__).parent


def grapeshot_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None and node.module.split(".")[0] == "grapeshot":
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "grapeshot")
    return found


def test_the_dice_package_imports_nothing_of_grapeshot_outside_it() -> None:
    modules = sorted((PACKAGE / "dice").glob("*.py"))
    assert len(modules) >= 5
    outside = {str(m.relative_to(PACKAGE)): sorted(i for i in grapeshot_imports(m) if not i.startswith("grapeshot.dice")) for m in modules}
    assert {k: v for k, v in outside.items() if v} == {}


def test_the_scan_would_see_an_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from grapeshot.core.game import Game\nimport grapeshot.geometry\n")
    assert grapeshot_imports(bad) == {"grapeshot.core.game", "grapeshot.geometry"}


def imported_names(module: str) -> set[str]:
    """Every name the package, the tests and the benchmarks import ``from <module> import ...``."""
    root = PACKAGE.parent.parent
    wanted: set[str] = set()
    for base in (PACKAGE, root / "tests", root / "bench"):
        for path in base.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if f"{module} import" not in text:
                continue
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.ImportFrom) and node.module == module:
                    wanted.update(a.name for a in node.names)
    return wanted


def test_every_name_imported_from_grapeshot_dice_is_offered() -> None:
    wanted = imported_names("grapeshot.dice")
    assert {"D6", "RollRequest", "ScriptedDice", "SeededDice", "enumerate_paths", "NotEnumerable"} <= wanted
    assert sorted(wanted - set(grapeshot.dice.__all__)) == []
    assert all(hasattr(grapeshot.dice, name) for name in grapeshot.dice.__all__)
