"""``grapeshot new-ruleset``: the package it writes works as it stands, in real processes.

The package is made by the command (a subprocess), and made known to ``importlib.metadata`` as an
installed distribution would be: a ``.dist-info`` folder on the path holding the entry points its
``pyproject.toml`` declares (``pip install -e`` into a throwaway venv is the heavy way; that
folder is what it would write for the entry points, and it is read from the package's own
``pyproject.toml`` so a wrong entry point there fails here).  Then ``grapeshot simulate --ruleset
demo`` plays it to a result, its own tests (grapeshot's conformance suite over it, its rule tests
and their coverage) pass, so does grapeshot's own conformance suite with it installed, ``grapeshot rules --coverage --tests`` finds its tests, the lobby of a
real server lists it and a game of it is drawn in plain shapes, and it is ruff clean.  And
docs/architecture.md's checklist for a new rule set is held to the package: every file an item
names is there, and what the item says of it is so.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import Server, free_port

ROOT = Path(__file__).resolve().parents[1]
NAME = "demo"
CLI = [sys.executable, "-c", "from grapeshot.cli import app; app()"]


@dataclass(frozen=True)
class Made:
    """The package made, and the environment a process finds it installed in."""

    folder: Path
    env: dict[str, str]

    def run(self, *args: str, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, env=self.env, cwd=cwd or self.folder, capture_output=True, text=True, timeout=timeout, check=False)


def installed(package: Path, site: Path) -> None:
    """Write the ``.dist-info`` an install would, with the entry points of the package's pyproject."""
    project = tomllib.loads((package / "pyproject.toml").read_text())["project"]
    info = site / f"{project['name']}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    groups = project["entry-points"]
    (info / "entry_points.txt").write_text("".join(f"[{g}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) for g, eps in groups.items()))


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Made:
    into = tmp_path_factory.mktemp("scaffold")
    base = os.environ.get("PYTHONPATH", "")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT / "src"), base) if p)}
    r = subprocess.run([*CLI, "new-ruleset", NAME, "--into", str(into)], env=env, capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    folder = into / NAME
    assert str(folder) in " ".join(r.stdout.split())
    installed(folder, into / "site")
    path = [str(into / "site"), str(folder / "src"), str(ROOT / "src"), base]
    return Made(folder, {**env, "PYTHONPATH": os.pathsep.join(p for p in path if p)})


def test_simulate_plays_the_new_rule_set_to_a_result(made: Made) -> None:
    r = made.run(*CLI, "simulate", "--ruleset", NAME, "--games", "3", "--json")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["ruleset"] == NAME and summary["scenario"] == "crossing" and summary["games"] == 3
    assert sum(summary["wins_by_seat"].values()) + summary["draws"] >= 3
    one = made.run(*CLI, "simulate", "--ruleset", NAME)
    assert one.returncode == 0 and "Battle report" in one.stdout, one.stderr


def test_its_own_tests_run_the_conformance_suite_and_pass(made: Made) -> None:
    r = made.run(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "-rA", "tests")
    assert r.returncode == 0, r.stdout[-3000:]
    passed = re.findall(r"^PASSED (\S+)", r.stdout, flags=re.M)
    # every check of the suite ran over its scenario (those about sealed answers skip: it has none)
    for check in ("same_seed_same_game", "views_and_listings", "copies_are_the_game", "save_load_and_replay", "report_words_every_event"):
        assert f"tests/test_conformance.py::test_each_scenario_conforms[crossing-{check}]" in passed
    assert any("test_random_play_keeps_the_invariants" in p for p in passed)
    assert "tests/test_rules.py::test_every_rule_in_play_has_a_test" in passed
    assert "tests/test_conformance.py::test_the_entry_point_is_named_as_the_rule_set_is_and_finds_it" in passed


def test_grapeshot_s_own_conformance_suite_passes_over_it_unchanged(made: Made) -> None:
    """With the package installed, grapeshot's suite finds it among the installed rule sets."""
    suite = [str(ROOT / "tests" / f) for f in ("test_conformance.py", "test_conformance_contract.py", "test_conformance_saves.py")]
    r = made.run(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "-rA", "-k", NAME, *suite, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-3000:]
    passed = re.findall(r"^PASSED (\S+)", r.stdout, flags=re.M)
    assert f"tests/test_conformance.py::test_each_case_conforms[same_seed_same_game-{NAME}-crossing]" in passed, passed
    assert any(p.startswith("tests/test_conformance_saves.py::") for p in passed) and any("test_conformance_contract.py::" in p for p in passed)


def test_rules_coverage_reads_the_package_s_own_tests(made: Made) -> None:
    r = made.run(*CLI, "rules", "--ruleset", NAME, "--coverage", "--tests", "tests")
    assert r.returncode == 0 and "coverage ok" in r.stdout, r.stdout + r.stderr
    missing = made.run(*CLI, "rules", "--ruleset", NAME, "--coverage", "--tests", "no-such-folder")
    assert missing.returncode == 2 and "--tests no-such-folder: not a folder" in missing.stderr


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def test_the_lobby_lists_it_and_the_table_draws_it_in_plain_shapes(made: Made, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", made.env["PYTHONPATH"])  # the server's process inherits it
    server = Server(tmp_path / "data", free_port()).start()
    try:
        listed = {r["name"]: r for r in get(f"{server.url}/api/rulesets")["rulesets"]}
        assert NAME in listed and "jimlad" in listed
        demo = listed[NAME]
        assert [s["name"] for s in demo["scenarios"]] == ["crossing"] and demo["web"]["script"] is None
        assert "random" in demo["players"]
        game = post(f"{server.url}/api/games", {"ruleset": NAME, "scenario": "crossing", "seed": 3, "seats": {"red": "human", "blue": "random"}})
        token = game["links"]["red"].split("token=", 1)[1]
        view = get(f"{server.url}/api/games/{game['id']}?token={token}")
        kinds = sorted(sh["kind"] for sh in view["shapes"])
        assert kinds == ["hull", "hull", "line"] and view["prompt"]["kind"] == "SteerPrompt"
    finally:
        server.stop()


def test_the_package_is_ruff_clean(made: Made) -> None:
    for args in (("check", "src", "tests"), ("format", "--check", "src", "tests")):
        r = made.run(sys.executable, "-m", "ruff", *args, "--no-cache")
        assert r.returncode == 0, r.stdout + r.stderr


# --------------------------------------------------------------------------- the checklist

CHECKLIST = ROOT / "docs" / "architecture.md"


def checklist() -> dict[str, str]:
    """docs/architecture.md's checklist for a new rule set: each item by the file it names first."""
    text = CHECKLIST.read_text()
    part = text[text.index("**Adding a rule set: a checklist.**") :]
    part = part[: part.index("\n### ")]
    items = re.findall(r"^\d+\. \*\*`([^`]+)`\*\*(.*?)(?=^\d+\. |\Z)", part, flags=re.M | re.S)
    return {path: " ".join(body.split()) for path, body in items}


#: what each item must say, and the thing in the generated package that shows it is so
SAID: dict[str, list[tuple[str, str]]] = {
    "pyproject.toml": [
        ('[project.entry-points."grapeshot.rulesets"]', '[project.entry-points."grapeshot.rulesets"]\n<name> = "<name>:RULESET"'),
        ("the entry point's name must be the rule set's `name`", '<name> = "<name>:RULESET"'),
        ("package data", '<name> = ["py.typed", "scenarios/*.yaml"]'),
    ],
    "src/<name>/__init__.py": [
        ("`register(...)`", "RULESET = register("),
        ("`seat_player`", 'seat_player: ClassVar[str] = "random"'),
        ("`scenarios()`", 'resources.files("<name>").joinpath("scenarios")'),
    ],
    "src/<name>/flow.py": [("a `setup` event first", 'g.emit("setup", None, options=g.options'), ("`game.checkpoint(point)`", "g.checkpoint(turn)")],
    "src/<name>/rules.py": [("`RuleBook`", "RuleBook("), ("rules_of", 'rules_of("<name>")')],
    "src/<name>/web.py": [("`WebPlugin(shapes=...)`", "WebPlugin(shapes=drawn)"), ("an empty board", '"kind": "hull"')],
    "src/<name>/scenarios/": [("ruleset: <name>", "ruleset: <name>")],
    "tests/test_conformance.py": [("`grapeshot.conformance`", "from grapeshot import conformance"), ("CHECKS", "conformance.CHECKS")],
    "tests/test_rules.py": [("`@pytest.mark.rules`", "@pytest.mark.rules("), ("conformance.uncovered", "conformance.uncovered(RULES")],
}


def test_the_checklist_names_each_file_of_the_package_and_says_what_it_holds(made: Made) -> None:
    items = checklist()
    assert set(items) == set(SAID), f"the checklist's items name {sorted(items)}; this test knows {sorted(SAID)}"
    for path, said in SAID.items():
        where = made.folder / path.replace("<name>", NAME)
        assert where.exists(), f"the checklist names {path}, which the package does not have"
        text = "\n".join(p.read_text() for p in sorted(where.glob("*.yaml"))) if where.is_dir() else where.read_text()
        for words, shown in said:
            assert words in items[path], f"the checklist's item on {path} does not say {words!r}"
            assert shown.replace("<name>", NAME) in text, f"{path} does not hold {shown!r}"
