"""The package's data files: a built wheel carries only what ``package-data`` in pyproject.toml
names, so every file the package reads at run time (scenarios, fleets, the web table's scripts
and a rule set's own scripts) must match one of its globs."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "grapeshot"


def test_every_data_file_in_the_package_is_named_by_its_package_data() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["grapeshot"]
    carried = {p for g in globs for p in PACKAGE.glob(g) if p.is_file()}
    data = {p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc", ".so", ".c") and "__pycache__" not in p.parts}
    missing = sorted(str(p.relative_to(PACKAGE)) for p in data - carried)
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"
    assert any(p.suffix == ".js" and "rulesets" in p.parts for p in carried)  # a rule set's own script is carried
