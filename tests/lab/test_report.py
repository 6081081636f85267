"""Summaries, the sweep's verdicts, the report files, and the two commands."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.lab.records import GameRecord
from grapeshot.lab.study import Study
from grapeshot.lab.study import plan as plan_study
from grapeshot.lab.summary import compare, summarise

runner = CliRunner()


def plan(**kwargs: Any) -> Study:
    """A study of Jim Lad (the lab's subject in these tests)."""
    return plan_study(ruleset="jimlad", **kwargs)


def synthetic(study: Study, variant: int, a_wins: int, games: int, draws: int = 0, start: int = 0) -> list[GameRecord]:
    """``games`` games of the study's first pairing: the first faction wins ``a_wins``, ``draws`` are drawn."""
    a, b = study.pairs[0]
    out = []
    for i in range(games):
        factions = (a, b) if i % 2 == 0 else (b, a)
        winner_faction = None if i < draws else a if i - draws < a_wins else b
        winner = None if winner_faction is None else study.seats[factions.index(winner_faction)]
        out.append(
            GameRecord(
                start + i,
                i,
                study.variants[variant].label,
                factions,
                winner,
                winner_faction,
                "draw" if winner is None else "last-boat-afloat",
                6,
                (("ships sunk", 1),),
            )
        )
    return out


def test_matrix_scores_count_a_draw_as_half_a_win() -> None:
    study = plan(factions="goffs,bad-moons", games_per_pair=10)
    s = summarise(study, synthetic(study, 0, a_wins=5, games=10, draws=2))["variants"]["baseline"]
    cell = s["matrix"]["goffs"]["bad-moons"]
    assert (cell["games"], cell["wins"], cell["draws"], cell["losses"]) == (10, 5, 2, 3)
    assert cell["score"] == pytest.approx(0.6)
    assert s["matrix"]["bad-moons"]["goffs"]["score"] == pytest.approx(0.4)
    assert cell["low"] < 0.6 < cell["high"]
    assert s["draws"] == 2 and s["draw_rate"] == pytest.approx(0.2)
    assert [r["name"] for r in s["ratings"]] == ["goffs", "bad-moons"]
    assert s["factions"]["goffs"]["wins_by"]["last-boat-afloat"] == 5
    assert s["tallies"] == {"ships sunk": {"total": 10, "mean": 1.0}}


def test_sweep_significance_known_cases() -> None:
    study = plan(kind="sweep", factions="goffs,bad-moons", games_per_pair=200, variants=["grapeshot=d3"])
    base = synthetic(study, 0, a_wins=100, games=200)
    # 60% against 50% on 200 games each: z = 0.1 / sqrt(0.55 * 0.45 * 0.01) = 2.01, p = 0.044; Holm
    # over the two klans needs p <= 0.025 for the first: not significant. 65% (p = 0.0025) is.
    c = compare(study, base, synthetic(study, 1, a_wins=120, games=200, start=200), "d3")
    goffs = next(r for r in c["factions"] if r["faction"] == "goffs")
    assert goffs["estimate"] == pytest.approx(0.1)
    assert goffs["p"] == pytest.approx(0.0442, abs=5e-4)
    assert not goffs["significant"]
    c = compare(study, base, synthetic(study, 1, a_wins=130, games=200, start=200), "d3")
    assert all(r["significant"] for r in c["factions"])
    assert c["significant"] and "goffs score +0.150" in c["verdict"]
    same = compare(study, base, synthetic(study, 1, a_wins=100, games=200, start=200), "d3")
    assert not same["significant"] and "no significant difference" in same["verdict"]


@pytest.fixture(scope="module")
def sweep_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sweep")
    result = runner.invoke(
        app,
        [
            "sweep",
            "--factions",
            "goffs,evil-sunz,blood-axes",
            "--games-per-pair",
            "4",
            "--workers",
            "1",
            "--seed",
            "3",
            "--variant",
            "d3:grapeshot=d3",
            "--variant",
            "klan.goffs.move_dice=0",
            "--out",
            str(out),
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "d3 vs baseline" in result.output
    return out


def test_report_files_hold_the_matrix(sweep_dir: Path) -> None:
    for name in ("report.html", "summary.json", "matrix.csv", "pairs.csv", "ratings.csv", "comparisons.csv", "ratings.png", "lengths.png", "sweep.png"):
        assert (sweep_dir / name).stat().st_size > 0, name
    for label in ("baseline", "d3", "klan-goffs-move-dice-0"):
        assert (sweep_dir / f"matrix-{label}.png").exists()
        assert (sweep_dir / f"causes-{label}.png").exists()
    summary: dict[str, Any] = json.loads((sweep_dir / "summary.json").read_text())
    assert summary["study"]["games"] == 36 and summary["games_stored"] == 36
    matrix = summary["variants"]["baseline"]["matrix"]
    assert set(matrix) == {"goffs", "evil-sunz", "blood-axes"}
    for a in matrix:
        for b in matrix[a]:
            assert matrix[a][b]["games"] == 4
            assert matrix[a][b]["score"] + matrix[b][a]["score"] == pytest.approx(1.0)
    rows = list(csv.reader((sweep_dir / "matrix.csv").open()))
    assert rows[0] == ["variant", "faction", "goffs", "evil-sunz", "blood-axes"]
    assert len(rows) == 1 + 3 * 3
    goffs = next(r for r in rows if r[:2] == ["baseline", "goffs"])
    assert goffs[2] == "" and float(goffs[3]) == pytest.approx(matrix["goffs"]["evil-sunz"]["score"])
    html = (sweep_dir / "report.html").read_text()
    assert "Win-rate matrix" in html and "a draw counts as half a win" in html
    # the rule set's words: its name for a faction, and its phrasebook's for the objectives
    assert summary["words"]["faction"] == "klan" and summary["words"]["objectives"]["best-of-the-rest"] == "Da Best Of Da Rest"
    assert "<th>klan</th>" in html and "won by Last Boat Afloat" in html and "<td>Weez Da Only Fleet</td>" in html
    assert "matrix-baseline.png" in html and "vs baseline" in html
    pct = f"{100 * matrix['goffs']['evil-sunz']['score']:.1f}%"
    assert pct in html


def test_the_tournament_command_resumes_and_reproduces(tmp_path: Path) -> None:
    args = ["tournament", "--factions", "freebooterz,snake-bites,deff-skulls", "--games-per-pair", "4", "--workers", "1", "--seed", "5", "--quiet"]
    first = runner.invoke(app, [*args, "--out", str(tmp_path / "a"), "--max-games", "5"])
    assert first.exit_code == 0, first.output
    assert "5 of 12 stored" in " ".join(first.output.split())
    rest = runner.invoke(app, [*args, "--out", str(tmp_path / "a")])
    assert rest.exit_code == 0, rest.output
    assert "7 games played" in rest.output and "12 of 12 stored" in " ".join(rest.output.split())
    whole = runner.invoke(app, [*args, "--out", str(tmp_path / "b")])
    assert whole.exit_code == 0, whole.output
    assert (tmp_path / "a" / "summary.json").read_text() == (tmp_path / "b" / "summary.json").read_text()
    other = runner.invoke(app, [*(a if a != "5" else "6" for a in args), "--out", str(tmp_path / "a")])
    assert other.exit_code == 2 and "different study" in " ".join(other.output.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tournament", "--factions", "goffs,grots"], "unknown klan"),
        (["tournament", "--backend", "ray"], "not included"),
        (["tournament", "--option", "grapeshot"], "KEY=VALUE"),
        (["sweep", "--variant", "klan.goffs.wings=1"], "changeable fields"),
        (["sweep", "--variant", "kraken=on"], "'kraken' is neither an option of jimlad (engine_repeat, "),
        (["sweep", "--variant", "kraken.grapple_bonus=2"], "'kraken' is neither a rule module (none that jimlad can host)"),
        (["sweep", "--variant", "kraken.grapple_bonus=2"], "nor a table of jimlad (klan.<klan>.<field>=<value>"),
        (["tournament", "--option", "kraken=off"], "nor a rule module ("),
        (["sweep", "--variant", "collisions=on"], "a module jimlad can host (collisions: jimlad offers no host for it), got 'collisions'"),
        (["sweep", "--variant", "collisions.grapple_extra=beyond-one"], "an option of jimlad or of a module in play []"),
    ],
)
def test_command_errors(args: list[str], message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, [*args, "--games-per-pair", "1", "--workers", "1", "--quiet", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_switching_on_a_module_the_rule_set_cannot_host_says_so(tmp_path: Path) -> None:
    """In a process of its own, as a user runs it: the collisions module is installed, but Jim
    Lad cannot host it; nothing is played or written."""
    command = [sys.executable, "-c", "from grapeshot.cli import app; app()", "sweep", "--variant", "cg:collisions=on,collisions.grapple_extra=beyond-one"]
    done = subprocess.run([*command, "--quiet", "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert "variant cg" in said and "a module jimlad can host (collisions: jimlad offers no host for it), got 'collisions'" in said
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()
