"""The command line against the hostile-input corpus: each malformed file or argument ends in one
clear line on stderr and a non-zero exit, never a traceback; out-of-range odds arguments are
refused with the range allowed; a save whose recorded outcome was forged does not replay "ok"."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from tests.hostile.corpus import FLEET_FILES, SCENARIO_TEXTS, nested

runner = CliRunner()


def fails(args: list[str], words: str, code: int = 2) -> str:
    """Run the command; it must exit with ``code`` and one line on stderr naming ``words``."""
    result = runner.invoke(app, args)
    assert result.exit_code == code, (result.exit_code, result.output[-500:])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    message = result.stderr.strip()
    assert "Traceback" not in result.output, message[:500]
    assert len(message.splitlines()) == 1 or code == 1, message[:500]  # a replay mismatch shows the two versions, one per line
    assert message.startswith("error:") and words in message, message[:500]
    return message


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("played")
    result = runner.invoke(app, ["simulate", "--scenario", "duel", "--games", "1", "--seed", "5", "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def save_of(played: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((played / "game-00000.save.json").read_text())
    return data


def written(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return path


# --------------------------------------------------------------------------- replay


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe\x00{", "expected UTF-8 text"),
        ('{"format": "grapeshot-save", "version": ' + "9" * 5000 + "}", "at most 40 digits"),
        ("[" * 100_000 + "]" * 100_000, "nested at most 64 levels"),
        (json.dumps({"format": "grapeshot-save", "deep": nested(80)}), "nested at most 64 levels"),
        ('{"format": "grapeshot-save", "version": NaN}', "a JSON number"),
        ("[]", "a grapeshot save file"),
        ("this is no save {", "expected JSON"),
    ],
)
def test_replay_of_an_unreadable_save_is_one_clean_line(tmp_path: Path, content: str | bytes, words: str) -> None:
    fails(["replay", str(written(tmp_path, "x.save.json", content))], words)


@pytest.mark.parametrize(
    ("event_count", "words"),
    [("abc", "event_count: expected a whole number of events"), (-1, "event_count"), (1.5, "event_count"), ({"n": 1}, "event_count"), ([1], "event_count")],
)
def test_replay_of_a_malformed_event_count_names_it(played: Path, tmp_path: Path, event_count: Any, words: str) -> None:
    save = dict(save_of(played), event_count=event_count)
    fails(["replay", str(written(tmp_path, "g.save.json", json.dumps(save)))], words)


def test_replay_of_a_forged_outcome_is_a_mismatch(played: Path, tmp_path: Path) -> None:
    save = save_of(played)
    forged = {"winners": ["blue" if save["outcome"]["winners"] != ["blue"] else "red"], "objective": "sunk", "turn": 1, "detail": "forged"}
    path = written(tmp_path, "g.save.json", json.dumps(dict(save, outcome=forged)))
    fails(["replay", str(path)], "outcome", code=1)
    shutil.copy(played / "game-00000.events.jsonl", tmp_path / "g.events.jsonl")  # with its log too
    fails(["replay", str(path)], "outcome", code=1)


@pytest.mark.parametrize(
    ("log", "words"),
    [
        (b"\xff\xff\n", "expected UTF-8 text"),
        (b'{"seq": ' + b"1" * 5000 + b"}\n", "at most 40 digits"),
        (b"[" * 5000 + b"]" * 5000 + b"\n", "nested at most 64 levels"),
        (b"not json\n", "line 1"),
    ],
)
def test_replay_with_an_unreadable_event_log_is_one_clean_line(played: Path, tmp_path: Path, log: bytes, words: str) -> None:
    shutil.copy(played / "game-00000.save.json", tmp_path / "g.save.json")
    written(tmp_path, "g.events.jsonl", log)
    fails(["replay", str(tmp_path / "g.save.json")], words)


def test_replay_refuses_paths_that_are_no_files(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.save.json"
    os.mkfifo(fifo)
    fails(["replay", str(fifo)], "a regular file")
    fails(["replay", "/dev/zero"], "a regular file")
    fails(["replay", str(tmp_path)], "a regular file")
    fails(["replay", str(tmp_path / "missing.save.json")], "a file that can be opened")


def test_replay_prints_brackets_in_a_message_as_they_are(tmp_path: Path) -> None:
    message = fails(["replay", str(written(tmp_path, "[red]x[bold].save.json", "{"))], "expected JSON")
    assert "[red]x[bold]" in message


# --------------------------------------------------------------------------- scenario files


@pytest.mark.parametrize(("name", "text", "words"), SCENARIO_TEXTS, ids=[c[0] for c in SCENARIO_TEXTS])
def test_simulate_of_a_hostile_scenario_file_is_one_clean_line(tmp_path: Path, name: str, text: str, words: str) -> None:
    # simulate plays the rule set it is given (the first installed by default): the file's, where it names one
    named = re.search(r"^ruleset: (\w+)$", text[:5000], re.M)
    ruleset = ["--ruleset", named.group(1)] if named else []
    fails(["simulate", *ruleset, "--scenario", str(written(tmp_path, "hostile.yaml", text))], words)


@pytest.mark.parametrize(("name", "ruleset", "text", "words"), FLEET_FILES, ids=[c[0] for c in FLEET_FILES])
def test_fleet_check_of_a_hostile_fleet_file_names_its_problem(tmp_path: Path, name: str, ruleset: str, text: str, words: str) -> None:
    result = runner.invoke(app, ["fleet", "check", "--ruleset", ruleset, str(written(tmp_path, "fleet.yaml", text))])
    assert result.exit_code == 1, (result.exit_code, result.output[-500:])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and words in " ".join(result.output.split()), result.output[-500:]


def test_simulate_refuses_scenario_paths_that_are_no_files(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    fails(["simulate", "--scenario", str(fifo)], "a regular file")
    fails(["simulate", "--scenario", "/dev/zero"], "a regular file")


def test_serve_refuses_a_bad_scenario_folder_before_it_listens(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "bomb.yaml").write_text("a: &a [1]\nb: *a\n")
    fails(["serve", "--data", str(tmp_path / "data"), "--scenarios", str(tmp_path / "tables")], "without anchors or aliases")
    fails(["serve", "--data", str(tmp_path / "data"), "--scenarios", str(tmp_path / "nowhere")], "a folder of scenario files")


# --------------------------------------------------------------------------- odds


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--ram-strength", "-5"], "--ram-strength must be a whole number from 4 to 10, not -5"),
        (["--ram-strength", "0"], "--ram-strength must be a whole number from 4 to 10"),
        (["--ram-strength", str(10**30)], "--ram-strength must be a whole number from 4 to 10"),
        (["--target-krew", "1000"], "--target-krew must be a whole number from 0 to 7"),
        (["--shooter-krew", "-3"], "--shooter-krew must be a whole number from 0 to 7"),
        (["--target-hull-points", "0"], "--target-hull-points must be a whole number from 1 to 5"),
        (["--sluggas", "--gap", "100"], "--gap must be a number from 0 to 48"),
        (["--sluggas", "--gap", "20"], 'not a slugga target for Shooter (within 6.0"'),
        (["--sluggas", "--gap", "-1"], "--gap"),
        (["--sluggas", "--gap", "nan"], "(a finite number)"),
        (["--board", "--gap", "inf"], "(a finite number)"),
        (["--board", "--gap", "7"], "beyond the grapnels' 6\""),
        (["--range", "nan"], "--range must be a number from 0 to 100 (a finite number)"),
        (["--range", "-4"], "--range"),
        (["--range", "1e308"], "--range must be a number from 0 to 100"),
        (["--torpedo", "--hits", "3"], "--hits must be a whole number from 1 to 2"),
    ],
)
def test_odds_refuses_values_outside_the_rules_with_the_range_allowed(args: list[str], words: str) -> None:
    fails(["odds", *args], words)


@pytest.mark.parametrize(
    ("args", "words"), [(["--samples", str(10**9)], "less than or equal to 1000000"), (["--budget", str(10**12)], "less than or equal to 10000000")]
)
def test_odds_refuses_more_effort_than_it_allows(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2 and words in " ".join(result.output.split()), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_odds_in_range_still_answers() -> None:
    result = runner.invoke(app, ["odds", "--ram-strength", "7", "--json"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["odds", "--sluggas", "--gap", "6", "--json", "--samples", "20", "--budget", "1"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("content", "action", "words"),
    [
        ('{"format": "grapeshot-save", "version": ' + "9" * 5000 + "}", '{"kind": "end-shooting"}', "at most 40 digits"),
        ("[" * 100_000 + "]" * 100_000, '{"kind": "end-shooting"}', "nested at most 64 levels"),
        (None, '{"kind": "fire", "gun": "fore", "shell": "krak", "aim": [' + "9" * 5000 + ", 1]}", "at most 40 digits"),
        (None, "[" * 100_000 + "]" * 100_000, "nested at most 64 levels"),
        (None, '{"kind": "fire", "gun": "fore", "shell": "krak", "aim": [NaN, 1]}', "a JSON number"),
        (None, "not json", "--action"),
    ],
)
def test_odds_of_a_saved_game_with_hostile_input_is_one_clean_line(played: Path, tmp_path: Path, content: str | None, action: str, words: str) -> None:
    save = played / "game-00000.save.json" if content is None else written(tmp_path, "s.save.json", content)
    fails(["odds", "--save", str(save), "--seat", "red", "--action", action], words)


# --------------------------------------------------------------------------- the installed command: no traceback, ever


def test_the_real_command_prints_no_traceback(played: Path, tmp_path: Path) -> None:
    exe = shutil.which("grapeshot", path=str(Path(sys.executable).parent))
    assert exe is not None
    cases = [
        ["replay", str(written(tmp_path, "u.save.json", b"\xff\xfe"))],
        ["simulate", "--scenario", str(written(tmp_path, "bomb.yaml", SCENARIO_TEXTS[0][1]))],
        ["odds", "--save", str(played / "game-00000.save.json"), "--seat", "red", "--action", '{"kind": "reroll", "die": ' + "9" * 5000 + "}"],
    ]
    for args in cases:
        done = subprocess.run([exe, *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (args, done.stderr)
        assert "Traceback" not in done.stderr and done.stderr.startswith("error:") and len(done.stderr.strip().splitlines()) == 1, done.stderr
