"""The ``grapeshot`` command line: simulate, replay, rules, scenarios, and their error messages."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.core.ruleset import get

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def flat(text: str) -> str:
    """Messages as one line: the console wraps long ones at its width."""
    return " ".join(text.split())


def squashed(text: str) -> str:
    """Without any whitespace: the console may even break a long path to wrap it."""
    return "".join(text.split())


def summary(*extra: str, seed: int = 5, games: int = 3) -> dict[str, Any]:
    result = run("simulate", "--scenario", "duel", "--games", str(games), "--seed", str(seed), "--json", *extra)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two duel games written with ``--out`` (read-only for the tests: copy before altering)."""
    out = tmp_path_factory.mktemp("saves")
    result = run("simulate", "--scenario", "duel", "--games", "2", "--seed", "5", "--json", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def copy_game(saves: Path, dest: Path, index: int = 0) -> tuple[Path, Path]:
    save = dest / f"game-{index:05d}.save.json"
    events = dest / f"game-{index:05d}.events.jsonl"
    shutil.copy(saves / save.name, save)
    shutil.copy(saves / events.name, events)
    return save, events


# --------------------------------------------------------------------------- simulate


def test_simulate_json_summarises_the_games() -> None:
    data = summary()
    assert {"wins_by_seat", "wins_by_faction", "by_objective", "mean_turns", "happenings", "draws", "games"} <= set(data)
    assert (data["ruleset"], data["scenario"], data["seed"], data["games"]) == ("jimlad", "duel", 5, 3)
    assert set(data["wins_by_seat"]) == {"red", "blue"}
    assert sum(data["wins_by_seat"].values()) + data["draws"] == 3
    assert sum(data["by_objective"].values()) == 3
    assert set(data["wins_by_faction"]) <= {"goffs", "evil-sunz"}  # the duel's two klans
    assert sum(data["wins_by_faction"].values()) == sum(data["wins_by_seat"].values())
    assert 1.0 <= data["mean_turns"] <= 12.0
    assert 0 <= data["happenings"].get("ships sunk", 0) <= 2 * 3


def test_simulate_is_repeatable_for_a_seed_and_the_seed_matters(tmp_path: Path) -> None:
    assert summary() == summary()
    for seed in (5, 6):
        result = run("simulate", "--scenario", "duel", "--games", "1", "--seed", str(seed), "--json", "--out", str(tmp_path / str(seed)))
        assert result.exit_code == 0, result.output
    logs = [(tmp_path / str(seed) / "game-00000.events.jsonl").read_text() for seed in (5, 6)]
    assert logs[0] != logs[1]
    again = run("simulate", "--scenario", "duel", "--games", "1", "--seed", "5", "--json", "--out", str(tmp_path / "again"))
    assert again.exit_code == 0
    assert (tmp_path / "again" / "game-00000.events.jsonl").read_text() == logs[0]


def test_simulate_out_writes_a_save_and_an_event_log_per_game(saves: Path) -> None:
    assert sorted(p.name for p in saves.iterdir()) == [
        "game-00000.events.jsonl",
        "game-00000.save.json",
        "game-00001.events.jsonl",
        "game-00001.save.json",
    ]
    for i in range(2):
        save = json.loads((saves / f"game-{i:05d}.save.json").read_text())
        assert save["format"] == "grapeshot-save" and save["ruleset"] == "jimlad" and save["actions"]
        events = [json.loads(line) for line in (saves / f"game-{i:05d}.events.jsonl").read_text().splitlines()]
        assert len(events) == save["event_count"]
        assert [e["seq"] for e in events] == list(range(len(events)))
        assert events[0]["kind"] == "setup" and events[-1]["kind"] == "game-over"


def test_simulate_one_game_prints_a_battle_report_with_rule_ids() -> None:
    result = run("simulate", "--scenario", "duel", "--games", "1", "--seed", "5")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Battle report"))
    end = lines.index("", start)
    report = lines[start + 1 : end]
    assert len(report) > 10
    for line in report:
        assert re.search(r"  \[JL-[A-Z]+-\d+\]$", line), line
    assert any(line.endswith("[JL-MOVE-1]") for line in report)  # both ships open with Full Ahead
    assert any("[JL-TURN-6]" in line and "Turn 1" in line for line in report)
    assert "1 games of Waagh! Jim Lad! / duel (seed 5)" in flat(result.stdout)


def test_simulate_rejects_an_unknown_scenario_listing_the_built_in_ones() -> None:
    result = run("simulate", "--scenario", "nosuch")
    assert result.exit_code == 2
    message = flat(result.stderr)
    assert "nosuch" in message and "brawl, duel" in message


def test_simulate_says_how_many_player_names_the_scenario_needs() -> None:
    result = run("simulate", "--scenario", "duel", "--players", "heuristic,random,heuristic")
    assert result.exit_code == 2
    assert "--players needs 1 or 2 names (seats: red, blue)" in flat(result.stderr)
    result = run("simulate", "--scenario", "duel", "--players", "a,b,c")
    assert result.exit_code == 2 and "needs 1 or 2 names" in flat(result.stderr)


def test_simulate_rejects_an_unknown_player() -> None:
    result = run("simulate", "--scenario", "duel", "--players", "captain-hook")
    assert result.exit_code == 2
    assert "unknown player 'captain-hook'; known: easy, hard, heuristic, normal, random, search" in flat(result.stderr)


def test_simulate_accepts_a_player_per_seat() -> None:
    data = summary("--players", "random,heuristic", games=2)
    assert data["games"] == 2


def test_simulate_plays_the_search_player() -> None:
    data = summary("--players", "search,heuristic", "--no-check", games=1)
    assert data["games"] == 1 and sum(data["wins_by_seat"].values()) + data["draws"] == 1


MALFORMED = """\
name: broken
ruleset: jimlad
table: {width: 120, height: 72}
seats: [{id: red}, {id: blue}]
fleets:
  - seat: red
    klan: goffs
    ships: [{name: Longboat, x: 20, y: 30, heading: 0, length: 40}]
  - seat: blue
    klan: goffs
    ships: [{name: Tub, x: 100, y: 40, heading: 180}]
"""


def test_simulate_names_the_field_of_a_malformed_scenario_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(MALFORMED)
    result = run("simulate", "--scenario", str(path))
    assert result.exit_code == 2
    message = flat(result.stderr)
    assert str(path) in squashed(result.stderr)
    assert "fleets[0].ships[0].length" in message and "got 40" in message
    path.write_text(MALFORMED.replace("length: 40", "length: 10").replace("seats:", "seatz:"))
    result = run("simulate", "--scenario", str(path))
    assert result.exit_code == 2 and "seatz" in flat(result.stderr)


def test_a_good_scenario_file_plays(tmp_path: Path) -> None:
    path = tmp_path / "fine.yaml"
    path.write_text(MALFORMED.replace("length: 40", "length: 10"))
    result = run("simulate", "--scenario", str(path), "--games", "1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["scenario"] == "broken"


# --------------------------------------------------------------------------- replay


def test_replay_of_a_save_says_ok(saves: Path) -> None:
    save = saves / "game-00000.save.json"
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    message = flat(result.stdout)
    n = len(json.loads(save.read_text())["actions"])
    assert message.startswith("ok:") and f"{n} actions replayed" in message and "events match" in message


def test_replay_without_the_event_log_checks_the_digest(saves: Path, tmp_path: Path) -> None:
    save, events = copy_game(saves, tmp_path, 1)
    events.unlink()
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    assert "digest matches" in flat(result.stdout)


def test_replay_names_the_event_where_an_altered_log_diverges(saves: Path, tmp_path: Path) -> None:
    save, events = copy_game(saves, tmp_path)
    lines = events.read_text().splitlines()
    index = [i for i, line in enumerate(lines) if json.loads(line)["kind"] == "wind"][1]  # turn 2's wind
    event = json.loads(lines[index])
    event["direction"] = round((event["direction"] + 90.0) % 360.0, 3)
    lines[index] = json.dumps(event)
    events.write_text("\n".join(lines) + "\n")
    result = run("replay", str(save))
    assert result.exit_code == 1
    message = flat(result.stderr)
    assert f"diverged at event #{index} differs" in message
    assert str(event["direction"]) in message


def test_replay_rejects_a_tampered_action(saves: Path, tmp_path: Path) -> None:
    save, _ = copy_game(saves, tmp_path)
    data = json.loads(save.read_text())
    first = data["actions"][0]["action"]
    assert first["kind"] == "orders"
    first["orders"][0]["card"] = 7
    save.write_text(json.dumps(data))
    result = run("replay", str(save))
    assert result.exit_code != 0
    message = flat(result.stderr)
    assert "actions[0]" in message and "rejected" in message and "card must be 1-5" in message


def test_replay_of_a_save_with_a_legal_but_different_action_diverges(saves: Path, tmp_path: Path) -> None:
    save, _ = copy_game(saves, tmp_path)
    data = json.loads(save.read_text())
    i = next(k for k, item in enumerate(data["actions"]) if item["action"]["kind"] == "distance" and item["action"]["inches"] > 12.0)
    data["actions"][i]["action"]["inches"] -= 1.0
    save.write_text(json.dumps(data))
    result = run("replay", str(save))
    assert result.exit_code == 1
    assert re.search(r"diverged at event #\d+ differs", flat(result.stderr))


def test_replay_of_a_save_with_an_unknown_action_kind_names_it(saves: Path, tmp_path: Path) -> None:
    save, _ = copy_game(saves, tmp_path)
    data = json.loads(save.read_text())
    data["actions"][1]["action"] = {"kind": "mutiny"}
    save.write_text(json.dumps(data))
    result = run("replay", str(save))
    assert result.exit_code == 2
    message = flat(result.stderr)
    assert "actions[1].action" in message and "mutiny" in message


def test_replay_of_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "junk.save.json"
    path.write_text("this is no save {")
    result = run("replay", str(path))
    assert result.exit_code == 2
    message = flat(result.stderr)
    assert message.startswith("error:") and "line 1, column 1: expected JSON" in message
    assert str(path) in squashed(result.stderr)


def test_replay_of_json_that_is_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "other.save.json"
    path.write_text(json.dumps({"format": "something-else"}))
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "grapeshot save file" in flat(result.stderr)


# --------------------------------------------------------------------------- rules and scenarios


def test_rules_lists_the_jimlad_rules_and_their_counts() -> None:
    result = run("rules", "--ruleset", "jimlad")
    assert result.exit_code == 0, result.output
    assert "JL-MOVE-1" in result.stdout and "JL-DMG-9" in result.stdout
    m = re.search(r"jimlad: (\d+) rules registered, (\d+) in play, (\d+) covered by tests, (\d+) planned", flat(result.stdout))
    assert m is not None
    registered, in_play, covered, planned = map(int, m.groups())
    book = get("jimlad").rulebook()
    assert (registered, in_play) == (len(book.entries), len(book.in_scope()))
    assert registered == in_play + planned and 0 < covered <= in_play


def test_rules_coverage_passes_in_this_checkout() -> None:
    result = run("rules", "--coverage")
    assert result.exit_code == 0, result.output
    assert "coverage ok" in result.stdout


def test_rules_rejects_an_unknown_ruleset() -> None:
    result = run("rules", "--ruleset", "chess")
    assert result.exit_code == 2 and "chess" in flat(result.stderr)


def test_scenarios_lists_duel_and_brawl() -> None:
    result = run("scenarios")
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert 'duel: Duel on da Oshun: 2 seats, table 120" x 72"' in text
    assert 'brawl: Brawl at Skull Rock: 4 seats, table 144" x 96"' in text


def test_scenarios_rejects_an_unknown_ruleset_with_a_message() -> None:
    result = run("scenarios", "--ruleset", "chess")
    assert result.exit_code == 2 and "unknown ruleset 'chess'" in flat(result.stderr)


def test_scenarios_accepts_a_ruleset_alias() -> None:
    result = run("scenarios", "--ruleset", "jl")
    assert result.exit_code == 0 and "duel: Duel on da Oshun" in flat(result.stdout)


# --------------------------------------------------------------------------- the installed command


def test_the_installed_grapeshot_command_runs() -> None:
    exe = shutil.which("grapeshot", path=str(Path(sys.executable).parent))
    assert exe is not None, "the grapeshot entry point is not installed next to this Python"
    done = subprocess.run([exe, "simulate", "--scenario", "duel", "--games", "1", "--seed", "5", "--json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 1
    assert json.loads(done.stdout) == summary(games=1)  # the same game as in-process


def test_rules_lists_a_rule_set_s_options_and_its_modules() -> None:
    r = run("rules", "--ruleset", "jimlad", "--options")
    assert r.exit_code == 0, r.output
    assert "krak_scatter_bs" in r.output and "JL-SHOOT-3" in r.output and "template, d3" in r.output
    r = run("rules", "--ruleset", "toy", "--modules", "toy-cheer", "--options")
    assert r.exit_code == 0, r.output
    assert "toy-cheer.bonus" in r.output and "turns" in r.output
    r = run("rules", "--ruleset", "toy", "--modules", "toy-cheer")
    assert r.exit_code == 0, r.output
    assert "TC-ROW-1" in r.output and "TY-ROW-1" in r.output and "JL-" not in r.output
    r = run("rules", "--ruleset", "toy", "--modules", "no-such")
    assert r.exit_code != 0 and "unknown rule module 'no-such'" in r.output


def test_a_command_naming_no_rule_set_plays_the_declared_default_and_its_lab_scenario() -> None:
    """No generic part names a rule set: the default is the one installed rule set that declares
    itself so, and its scenario the rule set's lab scenario (else its first built-in)."""
    from grapeshot.core.ruleset import all_rulesets, default_ruleset
    from grapeshot.core.scenario import builtin_scenarios, default_scenario

    (first,) = [rs for rs in all_rulesets() if rs.default]
    assert default_ruleset() is first
    lab = first.lab()
    assert default_scenario(first.name) == (lab.scenario if lab is not None else builtin_scenarios(first.name)[0])
    result = runner.invoke(app, ["simulate", "--games", "1", "--players", "random", "--json", "--no-report"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["ruleset"], data["scenario"]) == (first.name, default_scenario(first.name))
    listed = runner.invoke(app, ["scenarios"])
    assert listed.exit_code == 0 and all(name in listed.stdout for name in builtin_scenarios(first.name))


def test_a_modules_coverage_on_one_host_counts_only_the_tests_played_on_it() -> None:
    """The collisions module's 21 rules are covered on a Wooden Ships host by its own tests
    there; on Jim Lad, which cannot host it, none of its tests count."""
    r = run("rules", "--ruleset", "woodenships", "--modules", "collisions", "--coverage")
    assert r.exit_code == 0, r.output
    assert "collisions on a woodenships host: 21 rules registered, 21 in play, 21 covered" in " ".join(r.output.split())
    r = run("rules", "--ruleset", "jimlad", "--modules", "collisions", "--coverage")
    assert r.exit_code != 0 and "CG-RAM-1" in r.output


def test_a_document_group_offered_by_several_rule_sets_speaks_for_none_of_them() -> None:
    """``grapeshot fleet``: several rule sets read fleet files, so the group's help names them all
    and the words of none; ``--ruleset`` defaults to the first that reads them (the default rule
    set reads none)."""
    result = run("fleet", "--help")
    assert result.exit_code == 0, result.output
    said = flat(result.output)
    assert "Fleet files (YAML), checked by a rule set's rules: navalwarhammer, woodenships" in said
    assert "Naval Warhammer" not in said and "Wooden Ships" not in said
    assert "[default: navalwarhammer]" in flat(run("fleet", "check", "--help").output)


def test_a_document_group_defaults_to_the_default_rule_set_where_it_reads_the_kind(tmp_path: Path) -> None:
    """Where the default rule set reads the kind, ``--ruleset`` means it when not given (a group
    made of the default rule set and another, each with a checker of its own)."""
    from grapeshot.cli.documents import _document_group
    from grapeshot.core.capabilities import Checked, DocumentKind, Problem
    from grapeshot.core.ruleset import default_ruleset

    first, other = default_ruleset(), get("woodenships")
    assert first.name != other.name

    def refuse(data: object) -> Checked:
        return Checked((Problem(None, "(file)", f"read by {first.name}"),))

    offers = [(other, DocumentKind("chart", "Wooden Ships charts", lambda data: Checked(()))), (first, DocumentKind("chart", "their charts", refuse))]
    top = typer.Typer()
    top.add_typer(_document_group("chart", offers), name="chart")
    chart = tmp_path / "c.yaml"
    chart.write_text("{}\n")
    assert "[default: " + first.name + "]" in flat(runner.invoke(top, ["chart", "check", "--help"]).output)
    assert f"Chart files (YAML), checked by a rule set's rules: {', '.join(sorted((first.name, other.name)))}" in flat(
        runner.invoke(top, ["chart", "--help"]).output
    )
    refused = runner.invoke(top, ["chart", "check", str(chart)])
    assert refused.exit_code == 1 and f"read by {first.name}" in flat(refused.output)
    passed = runner.invoke(top, ["chart", "check", "--ruleset", other.name, str(chart)])
    assert passed.exit_code == 0, passed.output


def test_simulate_modules_switch_a_rule_module_on_and_off_for_the_games() -> None:
    """``--modules`` puts exactly those modules in play: on, the module's own happenings are
    counted (its invariants checked after every action); ``none`` takes the scenario's away."""
    on = run("simulate", "--ruleset", "woodenships", "--scenario", "galley-fight", "--games", "1", "--json")
    assert on.exit_code == 0, on.output
    data = json.loads(on.output)
    assert data["modules"] == ["collisions"] and any(k.startswith("collisions: ") for k in data["happenings"])
    off = run("simulate", "--ruleset", "woodenships", "--scenario", "galley-fight", "--games", "1", "--json", "--modules", "none")
    assert off.exit_code == 0, off.output
    data = json.loads(off.output)
    assert data["modules"] == [] and not any(k.startswith("collisions: ") for k in data["happenings"])
    bad = run("simulate", "--ruleset", "woodenships", "--scenario", "ship-duel", "--modules", "nonesuch")
    assert (
        bad.exit_code != 0
        and "expected an installed rule module (collisions" in flat(bad.output)
        and "'nonesuch'" in flat(bad.output)
        and "Traceback" not in bad.output
    )


def test_options_lists_a_rule_set_s_own_its_hostable_modules_and_its_table_patterns() -> None:
    import json as json_

    from typer.testing import CliRunner

    from grapeshot.cli import app as cli_app

    got = CliRunner().invoke(cli_app, ["options", "--ruleset", "jimlad", "--json"])
    assert got.exit_code == 0, got.output
    keys = {x["key"]: x for x in json_.loads(got.output)}
    assert keys["grapeshot"]["kind"] == "option" and "d3" in keys["grapeshot"]["allowed"]
    assert "klan.<klan>.<field>" in keys and keys["klan.<klan>.<field>"]["kind"] == "table"
    # Jim Lad cannot host the collisions module: it is not offered, nor its options
    assert not any(k.startswith("collisions") for k in keys)
    got = CliRunner().invoke(cli_app, ["options", "--ruleset", "woodenships", "--json"])
    keys = {x["key"]: x for x in json_.loads(got.output)}
    assert keys["collisions"]["kind"] == "module" and "collisions.grapple_extra" in keys and "ship.<type>.<field>" in keys
    bad = CliRunner().invoke(cli_app, ["options", "--ruleset", "nosuch"])
    assert bad.exit_code == 2
