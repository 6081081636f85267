"""The lab's answers in words, and the report's faults a designer met: verdicts that never say
"even" for "can't tell yet", the smallest difference a study could see, the tallies by name,
the matrix strongest first, the game lengths by whole turns with the limit, the widths."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from rich.progress import Progress

from grapeshot.cli.lab import _Rate
from grapeshot.lab.records import GameRecord
from grapeshot.lab.report import lengths_figure, matrix_figure, ranked, write_report
from grapeshot.lab.summary import compare, summarise
from grapeshot.lab.verdicts import against_even, detectable, games_to_show
from tests.lab.test_report import plan, synthetic


def test_a_clear_score_is_stronger_and_a_thin_one_cannot_tell_yet() -> None:
    strong, thin = against_even([("goffs", 130.0, 200), ("bad-moons", 4.0, 12)])
    assert strong.side == "above" and strong.more is None
    # the NW study's 0.333 [0.138, 0.609] over 12 games: not "fair", can't tell yet
    assert thin.side == "unknown" and thin.score == pytest.approx(1 / 3)
    assert thin.more is not None and thin.more > 12
    # the smallest difference 12 games could show is large, and it shrinks as the square root
    assert detectable(12, 2) == pytest.approx(2 * detectable(48, 2))  # type: ignore[operator]
    assert games_to_show(0.0) is None


def test_holm_over_the_family_makes_a_lone_borderline_score_unknown() -> None:
    # 58% over 200 games: p = 0.023, significant alone, not when it is one of four
    (alone,) = against_even([("a", 116.0, 200)])
    assert alone.side == "above"
    four = against_even([("a", 116.0, 200), ("b", 100.0, 200), ("c", 100.0, 200), ("d", 100.0, 200)])
    assert four[0].side == "unknown"


def test_the_tournament_says_its_verdicts_and_the_smallest_effect() -> None:
    study = plan(factions="goffs,bad-moons", games_per_pair=200)
    s = summarise(study, synthetic(study, 0, a_wins=130, games=200))["variants"]["baseline"]["verdicts"]
    text = " ".join(s["sentences"])
    assert "goffs is stronger than the field" in text and "bad-moons is weaker than the field" in text
    assert "goffs beats bad-moons" in text
    assert "smallest difference from even these games could have shown" in text and "5% error rate" in text
    thin = plan(factions="goffs,bad-moons", games_per_pair=12)
    s = summarise(thin, synthetic(thin, 0, a_wins=4, games=12))["variants"]["baseline"]["verdicts"]
    text = " ".join(s["sentences"])
    assert "Can't tell yet whether goffs" in text and "more games of each pairing" in text
    assert "fair" not in text and "even." not in text


def test_a_sweep_without_a_difference_cannot_tell_yet_and_says_what_it_could_see() -> None:
    study = plan(kind="sweep", factions="goffs,bad-moons", games_per_pair=50, variants=["grapeshot=d3"])
    c = compare(study, synthetic(study, 0, a_wins=25, games=50), synthetic(study, 1, a_wins=25, games=50, start=50), "d3")
    assert "can't tell yet" in c["verdict"] and "could have shown a change of" in c["verdict"]
    assert 0.2 < c["smallest"] < 0.4


def _with_tallies(records: list[GameRecord]) -> list[GameRecord]:
    return [dataclasses.replace(r, tallies=(("event 11", 1), ("rams", 0), ("ships sunk", 2))) for r in records]


def test_the_report_names_the_tallies_drops_zero_rows_and_has_no_baseline_label(tmp_path: Path) -> None:
    study = plan(factions="goffs,bad-moons,evil-sunz", games_per_pair=4)
    records = _with_tallies(synthetic(study, 0, a_wins=1, games=4))
    summary = summarise(study, records)
    v = summary["variants"]["baseline"]
    assert set(v["tallies"]) == {"event 11", "ships sunk"}  # "rams" stayed at zero
    assert summary["words"]["tallies"]["event 11"] == "random event 11: sudden squalls"
    page = write_report(tmp_path, summary)["report.html"].read_text(encoding="utf-8")
    assert "random event 11: sudden squalls" in page and ">event 11<" not in page
    assert "(baseline" not in page
    assert "{_e(" not in page and "1500 is the average klan" in page
    assert "Verdicts" in page and "Can&#x27;t tell yet" in page and "each family Holm-corrected" in page


def test_the_matrix_runs_strongest_first() -> None:
    study = plan(factions="goffs,bad-moons,evil-sunz", games_per_pair=10)
    a, b = study.pairs[2]  # bad-moons v evil-sunz: the last faction wins most
    records = [dataclasses.replace(r, variant="baseline") for r in synthetic(study, 0, a_wins=0, games=10)]
    summary = summarise(study, records)
    order = ranked(summary, "baseline")
    assert order[0] == "bad-moons" and order[-1] == "goffs", (order, a, b)


def test_a_two_fleet_matrix_shows_its_whole_title() -> None:
    study = plan(factions="goffs,bad-moons", games_per_pair=4)
    summary = summarise(study, synthetic(study, 0, a_wins=3, games=4))
    fig = matrix_figure(summary, "baseline")
    canvas = FigureCanvasAgg(fig)
    canvas.draw()  # type: ignore[no-untyped-call]
    renderer = canvas.get_renderer()  # type: ignore[no-untyped-call]
    box = fig.axes[0].title.get_window_extent(renderer)
    frame = fig.bbox
    assert box.x0 >= frame.x0 and box.x1 <= frame.x1 and box.y1 <= frame.y1


def test_game_lengths_are_bars_of_whole_turns_with_the_turn_limit() -> None:
    study = plan(factions="goffs,bad-moons", games_per_pair=4)
    summary = summarise(study, synthetic(study, 0, a_wins=3, games=4))
    assert summary["variants"]["baseline"]["turn_limit"] == 12  # Jim Lad's default
    fig = lengths_figure(summary)
    ax = fig.axes[0]
    bars = [p for p in ax.patches]
    assert bars and all(abs(p.get_x() + p.get_width() / 2 - round(p.get_x() + p.get_width() / 2)) < 1e-9 for p in bars)
    assert all(float(t) == int(t) for t in ax.get_xticks())
    assert any(list(line.get_xdata()) == [12.5, 12.5] for line in ax.get_lines())


def test_tables_are_not_cut_at_80_columns_when_piped() -> None:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    got = subprocess.run([sys.executable, "-c", "from grapeshot.cli.common import out; print(out.width)"], capture_output=True, text=True, env=env, check=True)
    assert int(got.stdout) >= 160


def test_the_progress_bar_rate_is_the_runs_own() -> None:
    clock = [0.0]
    progress = Progress(get_time=lambda: clock[0])
    task = progress.add_task("x", total=100, completed=40, already=40)
    clock[0] = 10.0
    progress.advance(task, 23)
    # 23 games in 10 s: 2.3, not counting the 40 stored before the run
    assert str(_Rate().render(progress.tasks[0])) == "2.3 games/s"
