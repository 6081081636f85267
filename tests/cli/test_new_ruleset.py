"""``grapeshot new-ruleset``'s refusals, in a real process: a name that is no rule set's name, the
name of an installed rule set (or an alias) or of an importable module, a folder already there,
``--into`` a file (and the other paths no folder can be: tests/hostile/test_cli_files.py): exit 2 with one line naming what was wrong, and nothing written.  (What the
package it writes does: tests/test_scaffold.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-c", "from grapeshot.cli import app; app()"]


def new_ruleset(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p), "COLUMNS": "400"}
    return subprocess.run([*CLI, "new-ruleset", *args], env=env, capture_output=True, text=True, timeout=60, check=False)


def everything(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Demo", "'Demo' is not a rule set's name"),
        ("my-rules", "'my-rules' is not a rule set's name"),
        ("1st", "'1st' is not a rule set's name"),
        ("class", "'class' is not a rule set's name"),
        ("jimlad", "'jimlad' is the name of an installed rule set"),
        ("jl", "'jl' is the name of an installed rule set"),
        ("json", "'json' is already the name of an importable module"),
    ],
)
def test_a_name_it_cannot_use_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path, name: str, says: str) -> None:
    into = tmp_path / "new"
    r = new_ruleset(name, "--into", str(into))
    assert r.returncode == 2
    assert r.stderr.startswith(f"error: {says}") and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not into.exists()


def test_a_folder_already_there_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "mine.txt").write_text("keep me")
    before = everything(tmp_path)
    r = new_ruleset("demo", "--into", str(tmp_path))
    assert r.returncode == 2 and r.stderr.startswith(f"error: {tmp_path / 'demo'} already exists"), r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert everything(tmp_path) == before and (tmp_path / "demo" / "mine.txt").read_text() == "keep me"


def test_into_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("")
    r = new_ruleset("demo", "--into", str(tmp_path / "afile"))
    assert r.returncode == 2 and r.stderr.startswith(f"error: --into {tmp_path / 'afile'}: {tmp_path / 'afile'} is a file, not a folder"), r.stderr
    assert everything(tmp_path) == ["afile"]


def test_it_makes_the_into_folder_and_leaves_no_partial_files(tmp_path: Path) -> None:
    into = tmp_path / "a" / "b"
    r = new_ruleset("tiny_fleet", "--into", str(into))
    assert r.returncode == 0, r.stderr
    assert everything(into)[0] == "tiny_fleet" and not [p for p in everything(into) if ".part" in p]
    made = into / "tiny_fleet"
    assert (made / "src" / "tiny_fleet" / "__init__.py").read_text().count("class TinyFleet(Ruleset[Sea])") == 1
    assert 'tiny_fleet = "tiny_fleet:RULESET"' in (made / "pyproject.toml").read_text()
    assert '"TI",' in (made / "src" / "tiny_fleet" / "rules.py").read_text()  # its rule IDs' prefix
    assert not [p for p in everything(made) if p.endswith(".tmpl") or "_name_" in p]
