"""Every file argument of every command, fed every bad file of the corpus, for every rule set.

The commands' file parameters are found from the Typer application itself, so a new command or
a new file option is not forgotten: each must be listed below as a file the command reads (a
scenario, a save, an event log, a fleet, a folder of scenarios) or writes (a file, a folder),
and is then fed :data:`tests.hostile.corpus.BAD_FILES` (binary, 20,000 levels deep, 40 MB, a
FIFO, a device, a folder, nothing, keys given twice, aliases) or the bad output paths.  Each
must end in one line on stderr starting ``error:`` and naming the problem, exit 2, no traceback,
within a few seconds (a FIFO or ``/dev/zero`` read naively never ends: a timer stops the test),
and write nothing.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import re
import signal
import typing
from collections.abc import Callable, Iterator
from importlib.metadata import entry_points
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
import typer
import yaml
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.contract import DOCUMENTS
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import load_scenario
from tests.hostile.corpus import BAD_FILES, BadFile

runner = CliRunner()
FLEET = Path(__file__).parents[2] / "src/grapeshot/rulesets/navalwarhammer/fleets/empire-1000.yaml"
SECONDS = 20  # far beyond a refusal's few milliseconds; a read that blocks or streams never ends


def installed() -> list[Ruleset]:
    """The installed rule sets (the test-only ones other tests register are no command's)."""
    return sorted({get(ep.name) for ep in entry_points(group="grapeshot.rulesets")}, key=lambda r: r.name)


class Hung(Exception):
    """The command was still running when the timer rang."""


@contextlib.contextmanager
def deadline(seconds: float = SECONDS) -> Iterator[None]:
    """Interrupt whatever runs (a blocking open of a FIFO, an endless read) after ``seconds``."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def refused(args: list[str], words: str) -> str:
    """The command must end at once with exit 2 and one line on stderr naming ``words``."""
    with deadline():
        result = runner.invoke(app, args)
    assert not isinstance(result.exception, Hung), f"{args}: hung (a FIFO or a device read as a file)"
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    message = result.stderr.strip()
    assert "Traceback" not in result.output, (args, message[-800:])
    assert result.exit_code == 2, (args, result.exit_code, message[-800:])
    assert len(message.splitlines()) == 1, (args, message[-800:])
    assert message.startswith("error:") and words in message, (args, words, message[-800:])
    return message


# --------------------------------------------------------------------------- the commands' file parameters


def parameters(group: typer.Typer = app, prefix: str = "") -> Iterator[tuple[str, str, Any, Any]]:
    """Every parameter of every command (groups' too): (command, name, type, Typer's info)."""
    for command in group.registered_commands:
        assert command.callback is not None
        name = command.name or command.callback.__name__.replace("_", "-")
        for pname, hint in typing.get_type_hints(command.callback, include_extras=True).items():
            if pname == "return":
                continue
            base, info = (typing.get_args(hint)[0], typing.get_args(hint)[1]) if typing.get_origin(hint) is typing.Annotated else (hint, None)
            yield f"{prefix}{name}", pname, base, info
    for sub in group.registered_groups:
        assert sub.typer_instance is not None
        yield from parameters(sub.typer_instance, f"{prefix}{sub.name} ")


def file_parameters() -> set[tuple[str, str]]:
    """The parameters that name a path: typed ``Path``, named for a scenario (a name or a file),
    or whose help speaks of a file."""
    found = set()
    for command, name, base, info in parameters():
        kinds = typing.get_args(base) or (base,)
        paths = any(k is Path or Path in typing.get_args(k) for k in kinds)  # a path, or a list of them
        if paths or "scenario" in name or re.search(r"\bfiles?\b", getattr(info, "help", "") or ""):
            found.add((command, name))
    return found


#: parameters whose help speaks of a file without naming one
NOT_FILES = {("fleet check", "ruleset")}
#: what each file parameter reads
READS = {
    ("simulate", "scenario"): "scenario",
    ("print", "source"): "scenario",  # or a fleet, or a save: what the page is of (RUNS feeds each rule set's own)
    ("tournament", "scenario"): "scenario",
    ("sweep", "scenario"): "scenario",
    ("calibrate", "scenario"): "scenario",
    ("replay", "file"): "save",
    ("simulate", "from_save"): "save",
    ("odds", "save"): "save",
    ("replay", "log"): "log",
    ("audit", "files"): "save",
    ("fleet check", "file"): "fleet",
    ("serve", "scenarios_dir"): "folder",
    ("rules", "tests_folder"): "folder",
}
#: what each output parameter writes
WRITES = {
    ("simulate", "out_dir"): "folder",
    ("tournament", "out_dir"): "folder",
    ("sweep", "out_dir"): "folder",
    ("calibrate", "out_dir"): "folder",
    ("serve", "data"): "folder",
    ("print", "out_file"): "file",
    ("replay", "carry_on_to"): "save",
    ("new-ruleset", "into"): "folder",
}


def test_every_file_parameter_of_every_command_is_fed_the_corpus() -> None:
    """A new command, or a new file option, must be added to READS or WRITES (and so to the runs
    below): the list is checked against the application itself."""
    assert file_parameters() - NOT_FILES == set(READS) | set(WRITES)


def lab_run(work: Path) -> list[str]:
    return ["--max-games", "0", "--quiet", "--out", str(work / "lab")]


#: how to run each command with one path in the parameter, for one rule set (None: the rule set has no such command)
Run = Callable[[Path, Ruleset, Path, Path], "list[str] | None"]
RUNS: dict[tuple[str, str], Run] = {
    ("simulate", "scenario"): lambda p, rs, work, save: ["simulate", "--ruleset", rs.name, "--scenario", str(p), "--games", "1"],
    ("print", "source"): lambda p, rs, work, save: _print_run(p, rs),
    ("tournament", "scenario"): lambda p, rs, work, save: (
        ["tournament", "--ruleset", rs.name, "--scenario", str(p), "--games-per-pair", "1", *lab_run(work)] if rs.lab() else None
    ),
    ("sweep", "scenario"): lambda p, rs, work, save: (
        ["sweep", "--ruleset", rs.name, "--scenario", str(p), "--variant", "turn_limit=5", "--games-per-pair", "1", *lab_run(work)] if rs.lab() else None
    ),
    ("calibrate", "scenario"): lambda p, rs, work, save: (
        ["calibrate", "--ruleset", rs.name, "--scenario", str(p), "--games", "1", *lab_run(work)] if rs.pricing() else None
    ),
    ("replay", "file"): lambda p, rs, work, save: ["replay", str(p)],
    ("simulate", "from_save"): lambda p, rs, work, save: ["simulate", "--from-save", str(p)],
    ("odds", "save"): lambda p, rs, work, save: ["odds", "--save", str(p), "--seat", "red", "--action", '{"kind": "end-shooting"}'],
    ("replay", "log"): lambda p, rs, work, save: ["replay", str(save), "--log", str(p)],
    ("audit", "files"): lambda p, rs, work, save: ["audit", str(p)],
    ("fleet check", "file"): lambda p, rs, work, save: ["fleet", "check", "--ruleset", rs.name, str(p)] if _kind(rs, "fleet") else None,
    ("serve", "scenarios_dir"): lambda p, rs, work, save: ["serve", "--data", str(work / "data"), "--scenarios", str(p)],
    ("rules", "tests_folder"): lambda p, rs, work, save: ["rules", "--ruleset", rs.name, "--coverage", "--tests", str(p)],
}


def _print_run(p: Path, rs: Ruleset) -> list[str] | None:
    """``grapeshot print`` of the rule set's first page, of the file at ``p`` (a scenario, or a document)."""
    printables = rs.printables()
    if printables is None:
        return None
    page = printables.pages[0]
    return ["print", page.name, str(p), "--ruleset", rs.name, *(["--piece", "a ship"] if page.subject == "piece" else [])]


def _kind(rs: Ruleset, name: str) -> Any:
    return next((d for d in rs.offer(DOCUMENTS) or () if d.name == name), None)


def test_each_file_parameter_has_a_run() -> None:
    assert set(RUNS) == set(READS)


@pytest.fixture(autouse=True)
def no_listening(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """``serve`` must never get as far as listening here: it would never return."""
    started: list[Any] = []
    monkeypatch.setattr("grapeshot.server.app.run", lambda app_, host, port: started.append(app_))
    return started


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A good save (and its log beside it), for ``replay --log``."""
    out = tmp_path_factory.mktemp("played")
    result = runner.invoke(app, ["simulate", "--scenario", "duel", "--games", "1", "--seed", "5", "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "game-00000.save.json"


def cases() -> Iterator[Any]:
    for (command, param), kind in sorted(READS.items()):
        if kind == "folder":
            continue  # a folder of scenarios: below
        for rs in installed():
            for bad in BAD_FILES:
                yield pytest.param(command, param, kind, rs.name, bad, id=f"{command}-{param}-{rs.name}-{bad.name}")


@pytest.mark.parametrize(("command", "param", "kind", "ruleset", "bad"), list(cases()))
def test_a_bad_file_is_one_line_for_every_command_and_rule_set(
    tmp_path: Path, save: Path, command: str, param: str, kind: str, ruleset: str, bad: BadFile
) -> None:
    rs = get(ruleset)
    path = bad.make(tmp_path / ("bad.save.json" if kind == "save" else "bad.events.jsonl" if kind == "log" else "bad.yaml"))
    args = RUNS[(command, param)](path, rs, tmp_path, save)
    if args is None:
        pytest.skip(f"{ruleset} has no {command}")
    refused(args, bad.words(kind))
    assert not (tmp_path / "lab").exists(), "the lab wrote its folder for a scenario it could not read"


@pytest.mark.parametrize("bad", [b for b in BAD_FILES if b.name != "a directory"], ids=lambda b: b.name)
def test_serve_refuses_a_scenarios_folder_that_is_no_folder(tmp_path: Path, bad: BadFile, no_listening: list[Any]) -> None:
    refused(RUNS[("serve", "scenarios_dir")](bad.make(tmp_path / "tables"), installed()[0], tmp_path, tmp_path) or [], "a folder of scenario files")
    assert no_listening == []


@pytest.mark.parametrize("bad", [b for b in BAD_FILES if b.name != "missing"], ids=lambda b: b.name)
def test_serve_refuses_a_bad_file_in_its_scenarios_folder_before_it_listens(tmp_path: Path, bad: BadFile, no_listening: list[Any]) -> None:
    """A YAML file of the folder that cannot be read as data stops the start (what it was meant
    to be cannot be told), in one line naming it."""
    (tmp_path / "tables").mkdir()
    bad.make(tmp_path / "tables" / "table.yaml")
    message = refused(RUNS[("serve", "scenarios_dir")](tmp_path / "tables", installed()[0], tmp_path, tmp_path) or [], bad.yaml_words)
    assert "table.yaml" in message
    assert no_listening == []


# --------------------------------------------------------------------------- a scenario naming a bad fleet file


def named_fleet_cases() -> Iterator[Any]:
    """Every rule set whose scenarios name each seat's fleet (by a built-in name or a file's
    path), with its lab scenario, and every bad file."""
    for rs in installed():
        lab = rs.lab()
        if lab is not None and all(isinstance(f.get("fleet"), str) for f in load_scenario(lab.scenario, rs.name).fleets):
            for bad in BAD_FILES:
                yield pytest.param(rs.name, lab.scenario, bad, id=f"{rs.name}-{bad.name}")


def beside(tmp_path: Path, ruleset: str, ref: str, name: str = "duel") -> Path:
    """A copy of a built-in scenario whose first seat names the fleet file ``ref``."""
    data = copy.deepcopy(dict(load_scenario(name, ruleset).raw))
    data["fleets"][0]["fleet"] = ref
    path = tmp_path / "tables" / f"{name}-here.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("ruleset", "name", "bad"), list(named_fleet_cases()))
def test_a_scenario_naming_a_bad_fleet_file_is_one_line(tmp_path: Path, ruleset: str, name: str, bad: BadFile, no_listening: list[Any]) -> None:
    """The fleet file a scenario names is read as carefully as the scenario itself: from the
    command line and from a server's folder of scenarios alike."""
    scenario = beside(tmp_path, ruleset, "fleet.yaml", name)
    bad.make(scenario.parent / "fleet.yaml")
    words = bad.named or bad.yaml_words
    message = refused(["simulate", "--ruleset", ruleset, "--scenario", str(scenario), "--games", "1"], words)
    assert "fleets[0].fleet" in message
    refused(["serve", "--data", str(tmp_path / "data"), "--scenarios", str(scenario.parent)], words)
    assert no_listening == []


# --------------------------------------------------------------------------- where a command writes


def writes(kind: str) -> list[tuple[str, str]]:
    return sorted(k for k, v in WRITES.items() if v == kind)


#: how to run each command with its output at a path (quick runs: one game, no games, or a refusal first)
OUT_RUNS: dict[tuple[str, str], Callable[[Path], list[str]]] = {
    ("simulate", "out_dir"): lambda p: ["simulate", "--scenario", "duel", "--games", "1", "--json", "--out", str(p)],
    ("tournament", "out_dir"): lambda p: ["tournament", "--games-per-pair", "1", "--max-games", "0", "--quiet", "--out", str(p)],
    ("sweep", "out_dir"): lambda p: ["sweep", "--variant", "turn_limit=5", "--games-per-pair", "1", "--max-games", "0", "--quiet", "--out", str(p)],
    ("calibrate", "out_dir"): lambda p: ["calibrate", "--ruleset", "woodenships", "--games", "1", "--max-games", "0", "--quiet", "--out", str(p)],
    ("serve", "data"): lambda p: ["serve", "--data", str(p)],
    ("print", "out_file"): lambda p: ["print", "roster", str(FLEET), "--out", str(p)],
    ("replay", "carry_on_to"): lambda p: ["replay", str(OLD_SAVE), "--carry-on", str(p)],
    ("new-ruleset", "into"): lambda p: ["new-ruleset", "scaffolded", "--into", str(p)],
}
#: a save of an earlier commit that the present rules play differently (what --carry-on writes from)
OLD_SAVE = Path(__file__).parents[1] / "data/old_saves/0193d68/woodenships-ship-duel-random-whole.save.json"


def test_each_output_parameter_has_a_run() -> None:
    assert set(OUT_RUNS) == set(WRITES)


def _file(path: Path) -> Path:
    path.write_text("kept\n", encoding="utf-8")
    return path


def _through_a_file(path: Path) -> Path:
    _file(path.parent / "a-file")
    return path.parent / "a-file" / "inside"


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _null(path: Path) -> Path:
    path.symlink_to("/dev/null")
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    (path / "kept.txt").write_text("kept\n", encoding="utf-8")
    return path


#: output paths a folder (--out DIR, --data DIR) cannot be
NOT_FOLDERS: list[tuple[str, Callable[[Path], Path], str]] = [
    ("an existing file", _file, "is a file, not a folder"),
    ("a path through a file", _through_a_file, "cannot make the folder"),
    ("a FIFO", _fifo, "is a file, not a folder"),
    ("a device", _null, "is a file, not a folder"),
]
#: output paths a file (--out FILE) cannot be
NOT_FILES_TO_WRITE: list[tuple[str, Callable[[Path], Path], str]] = [
    ("a folder", _folder, "a file to write, not a folder, device or pipe"),
    ("a FIFO", _fifo, "a file to write, not a folder, device or pipe"),
    ("a device", _null, "a file to write, not a folder, device or pipe"),
    ("a path through a file", _through_a_file, "a-file is a file, not a folder"),
]


def listing(root: Path) -> dict[str, str]:
    """Every path under ``root`` and what it holds (a file's text, else its kind), to see that a
    refusal wrote nothing."""
    out = {}
    for p in sorted(root.rglob("*")):
        out[str(p.relative_to(root))] = p.read_text() if p.is_file() and not p.is_symlink() else "fifo" if p.is_fifo() else "link" if p.is_symlink() else "dir"
    return out


@pytest.mark.parametrize(("what", "make", "words"), NOT_FOLDERS, ids=[c[0] for c in NOT_FOLDERS])
@pytest.mark.parametrize("where", writes("folder"), ids=" ".join)
def test_an_output_folder_that_cannot_be_one_is_one_line_and_nothing_written(
    tmp_path: Path, where: tuple[str, str], what: str, make: Callable[[Path], Path], words: str, no_listening: list[Any]
) -> None:
    path = make(tmp_path / "out")
    before = listing(tmp_path)
    message = refused(OUT_RUNS[where](path), words)
    assert str(path) in message
    assert listing(tmp_path) == before
    assert no_listening == []


@pytest.mark.parametrize(("what", "make", "words"), NOT_FILES_TO_WRITE, ids=[c[0] for c in NOT_FILES_TO_WRITE])
@pytest.mark.parametrize("where", writes("file") + writes("save"), ids=" ".join)
def test_an_output_file_that_cannot_be_one_is_one_line_and_nothing_written(
    tmp_path: Path, where: tuple[str, str], what: str, make: Callable[[Path], Path], words: str
) -> None:
    path = make(tmp_path / "page.html")
    before = listing(tmp_path)
    refused(OUT_RUNS[where](path), words)
    assert listing(tmp_path) == before


@pytest.mark.parametrize("where", writes("file"), ids=" ".join)
def test_an_output_file_replaces_a_file_whole_and_makes_its_missing_folders(tmp_path: Path, where: tuple[str, str]) -> None:
    """The rule for an output file: an existing file is replaced (by a complete page: it is
    written beside it and renamed over it, so nothing is ever half-written), and folders missing
    on the way are made."""
    old = _file(tmp_path / "page.html")
    result = runner.invoke(app, OUT_RUNS[where](old))
    assert result.exit_code == 0, result.output
    assert old.read_text(encoding="utf-8").startswith("<!doctype html>")
    deep = tmp_path / "not" / "yet" / "page.html"
    result = runner.invoke(app, OUT_RUNS[where](deep))
    assert result.exit_code == 0, result.output
    assert deep.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["page.html", "page.html"], "a temporary file was left behind"


def test_a_carried_on_save_replaces_a_file_whole_and_makes_its_missing_folders(tmp_path: Path) -> None:
    old = _file(tmp_path / "page.html")
    for path in (old, tmp_path / "not" / "yet" / "carried.save.json"):
        result = runner.invoke(app, OUT_RUNS[("replay", "carry_on_to")](path))
        assert result.exit_code == 0, result.output
        assert json.loads(path.read_text(encoding="utf-8"))["format"] == "grapeshot-save"
    assert not list(tmp_path.rglob("*.part"))


@pytest.mark.parametrize("where", [("simulate", "out_dir"), ("serve", "data"), ("tournament", "out_dir")], ids=" ".join)
def test_an_output_folder_is_made_with_its_missing_folders(tmp_path: Path, where: tuple[str, str], no_listening: list[Any]) -> None:
    deep = tmp_path / "not" / "yet" / "there"
    result = runner.invoke(app, OUT_RUNS[where](deep))
    assert result.exit_code == 0, result.output
    assert deep.is_dir() and any(deep.iterdir())
    assert not list(tmp_path.rglob("*.part"))


def test_a_failed_write_leaves_the_old_file_and_no_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page is renamed over the old file only once it is complete: a write that fails on the
    way (a full disk) leaves the old file as it was and no temporary file, in one line."""
    old = _file(tmp_path / "page.html")

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    refused(OUT_RUNS[("print", "out_file")](old), "No space left on device")
    assert old.read_text(encoding="utf-8") == "kept\n" and [p.name for p in tmp_path.iterdir()] == ["page.html"]


def test_a_lab_folder_whose_results_are_no_database_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "results.sqlite").write_bytes(b"this is not a database, but a user's file" * 100)
    refused(OUT_RUNS[("tournament", "out_dir")](tmp_path / "out"), "is not a results database")


def test_serve_with_a_games_database_that_is_none_is_one_line(tmp_path: Path, no_listening: list[Any]) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "grapeshot.sqlite").write_bytes(b"this is not a database, but a user's file" * 100)
    refused(OUT_RUNS[("serve", "data")](tmp_path / "data"), "is not a games database")
    assert no_listening == []


def test_simulate_writes_whole_saves_a_replay_reads(tmp_path: Path) -> None:
    """What ``simulate --out`` writes is read back by ``replay`` (and no temporary file stays)."""
    result = runner.invoke(app, OUT_RUNS[("simulate", "out_dir")](tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["game-00000.events.jsonl", "game-00000.save.json"]
    assert json.loads((tmp_path / "out" / "game-00000.save.json").read_text())["format"] == "grapeshot-save"
    done = runner.invoke(app, ["replay", str(tmp_path / "out" / "game-00000.save.json")])
    assert done.exit_code == 0, done.output


# --------------------------------------------------------------------------- the fleet files a scenario file names


def own_fleet(path: Path, ruleset: str, name: str = "duel") -> Path:
    """A legal fleet of its own at ``path`` (the first seat's, its first ship renamed "Hawk of Mine")."""
    fleet = yaml.safe_load((FLEET.parent / f"{load_scenario(name, ruleset).fleets[0]['fleet']}.yaml").read_text(encoding="utf-8"))
    fleet["name"], fleet["ships"][0]["name"] = "Mine", "Hawk of Mine"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(fleet), encoding="utf-8")
    return path


@pytest.mark.parametrize("how", ["an absolute path", "a way up and out", "a link out"])
def test_a_scenario_file_reads_no_fleet_file_outside_its_folder(tmp_path: Path, how: str, no_listening: list[Any]) -> None:
    """``fleet: /abs/path.yaml``, ``../elsewhere/x.yaml`` or a link beside the scenario whose
    target is elsewhere: refused, naming the field, the fleet never read (nor its name shown)."""
    outside = own_fleet(tmp_path / "elsewhere" / "x.yaml", "navalwarhammer")
    ref = {"an absolute path": str(outside), "a way up and out": "../elsewhere/x.yaml", "a link out": "x.yaml"}[how]
    scenario = beside(tmp_path, "navalwarhammer", ref)
    if how == "a link out":
        (scenario.parent / "x.yaml").symlink_to(outside)
    for args in (
        ["simulate", "--ruleset", "navalwarhammer", "--scenario", str(scenario), "--games", "1"],
        ["serve", "--data", str(tmp_path / "data"), "--scenarios", str(scenario.parent)],
    ):
        message = refused(args, "fleets[0].fleet: expected a file in the scenario's folder")
        assert "Hawk of Mine" not in message
    assert no_listening == []


@pytest.mark.parametrize("where", ["mine.yaml", "fleets/mine.yaml", "a link inside"])
def test_a_scenario_file_reads_its_fleet_files_from_its_folder_once_and_its_save_needs_them_no_more(tmp_path: Path, where: str) -> None:
    """A fleet file beside the scenario or under its folder (a link to one there too) is read
    into the scenario as it is read: the game's save holds the fleet, and replays when the file
    is gone."""
    target = own_fleet(tmp_path / "tables" / ("fleets/real.yaml" if where == "a link inside" else where), "navalwarhammer")
    if where == "a link inside":
        (tmp_path / "tables" / "mine.yaml").symlink_to(target)
    scenario = beside(tmp_path, "navalwarhammer", "mine.yaml" if where == "a link inside" else where)
    sc = load_scenario(str(scenario))
    assert isinstance(sc.raw["fleets"][0]["fleet"], dict) and sc.raw["fleets"][0]["fleet"]["name"] == "Mine"
    assert sc.origins == {"fleets[0].fleet": str(target.resolve())}
    result = runner.invoke(app, ["simulate", "--ruleset", "navalwarhammer", "--scenario", str(scenario), "--games", "1", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "Hawk of Mine" in result.output
    for p in (tmp_path / "tables").rglob("*"):
        if not p.is_dir():
            p.unlink()
    done = runner.invoke(app, ["replay", str(tmp_path / "out" / "game-00000.save.json")])
    assert done.exit_code == 0, done.output


def test_a_problem_in_a_named_fleet_file_names_the_file(tmp_path: Path) -> None:
    """A fleet file read into a scenario that breaks a rule is named in the refusal, as before it
    was read in place."""
    fleet = own_fleet(tmp_path / "tables" / "mine.yaml", "navalwarhammer")
    data = yaml.safe_load(fleet.read_text(encoding="utf-8"))
    data["points"] = 10
    fleet.write_text(yaml.safe_dump(data), encoding="utf-8")
    message = refused(
        ["simulate", "--ruleset", "navalwarhammer", "--scenario", str(beside(tmp_path, "navalwarhammer", "mine.yaml")), "--games", "1"], "NW-SHIP-2"
    )
    assert f"fleets[0].fleet ({fleet.resolve()}: points)" in message and "got 'mine.yaml'" in message


def test_serve_reports_the_yaml_files_of_its_folder_that_are_no_scenario(tmp_path: Path, no_listening: list[Any]) -> None:
    """A fleet file a scenario of the folder names is its fleet, said nothing of; another YAML
    file that is no scenario is reported as skipped; neither stops the start."""
    own_fleet(tmp_path / "tables" / "mine.yaml", "navalwarhammer")
    beside(tmp_path, "navalwarhammer", "mine.yaml")
    (tmp_path / "tables" / "spare.yaml").write_text("name: a spare fleet\narmy: empire\nships: []\n", encoding="utf-8")
    result = runner.invoke(app, ["serve", "--data", str(tmp_path / "data"), "--scenarios", str(tmp_path / "tables")])
    assert result.exit_code == 0, result.output
    assert len(no_listening) == 1
    said = " ".join(result.stderr.split())
    assert "spare.yaml: not a scenario (no 'ruleset' at its top level)" in said and "mine.yaml" not in said


# --------------------------------------------------------------------------- text from outside on the command line


@pytest.mark.parametrize(
    "value", ["[" * 20_000 + "]" * 20_000, "&a 5", "!!python/object/apply:os.system ['true']", "9" * 5000], ids=["deep", "an anchor", "a tag", "5000 digits"]
)
@pytest.mark.parametrize("option", ["--option", "--variant"])
def test_a_lab_setting_is_read_within_the_limits(tmp_path: Path, option: str, value: str) -> None:
    """``KEY=VALUE`` of ``--option`` and ``--variant`` is read as YAML with the same limits as a
    file: a value it cannot take as a number or a flag is text, refused by the option it sets
    (before, 20,000 brackets were a RecursionError and 5,000 digits a ValueError, both tracebacks)."""
    args = ["tournament" if option == "--option" else "sweep", option, f"turn_limit={value}", "--games-per-pair", "1", *lab_run(tmp_path)]
    refused(args, "turn_limit")
    assert not (tmp_path / "lab").exists()
