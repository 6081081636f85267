"""A module's trial (``grapeshot sweep --module``): the same seeded games with the module off and
on, summed up and compared.

On the lab's toy rule set the toy module ``edge`` gives the first seat a bonus: with a bonus of 6
the arms differ as much as they can and the tests must say so; with a bonus of 0 the module
changes nothing, so the two arms play the very same games and no test may find a difference.
The numbers of a small trial are checked against a count made by hand from the same games
played outside the lab, and the harbour host carries the real collisions module through it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot.agents import make, play_out
from grapeshot.cli import app
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, parse_scenario
from grapeshot.lab.contrast import summarise_trial, write_trial_report
from grapeshot.lab.records import GameRecord, derive_seed
from grapeshot.lab.results import Store
from grapeshot.lab.runner import run_study
from grapeshot.lab.study import StudyError
from grapeshot.lab.trial import Trial, plan_trial
from tests.rulesets.collisions.support import brawl


def played(trial: Trial, tmp_path: Path) -> list[GameRecord]:
    with Store(tmp_path / "results.sqlite") as store:
        store.bind(trial)
        run_study(trial, store, workers=1)
        return store.records()


def by_hand(ruleset: str, data: dict[str, Any], games: int, seed: int, options: dict[str, Any], module: str) -> dict[str, dict[str, Any]]:
    """Each arm's wins by seat, endings and turns, counted from the same games played directly."""
    counts: dict[str, dict[str, Any]] = {}
    for arm, modules in (("off", []), ("on", [module])):
        wins: Counter[str | None] = Counter()
        ends: Counter[str] = Counter()
        turns: list[int] = []
        for g in range(games):
            s = derive_seed(seed, g)
            game = Game(ruleset, parse_scenario({**data, "modules": modules}, "by hand"), options if modules else {}, seed=s)
            seats = [x.id for x in game.scenario.seats]
            out = play_out(game, {seat: make("random", derive_seed(s, k), ruleset) for k, seat in enumerate(seats)})
            winner = out.winners[0] if out.objective != "draw" and len(out.winners) == 1 else None
            wins[winner] += 1
            ends[out.objective if winner else "draw"] += 1
            turns.append(out.turn)
        counts[arm] = {"wins": wins, "ends": ends, "turns": turns}
    return counts


@pytest.mark.usefixtures("toy")
def test_a_small_trial_agrees_with_a_count_by_hand_and_finds_the_known_difference(tmp_path: Path) -> None:
    trial = plan_trial(ruleset="tossup", module="edge", scenario="toss", games=30, seed=5, options={"edge.bonus": 6})
    records = played(trial, tmp_path)
    assert [(r.index, r.variant) for r in records[:4]] == [(0, "off"), (1, "on"), (2, "off"), (3, "on")]
    assert records[0].seed == records[1].seed != records[2].seed  # the two plays of a game share its seed
    s = summarise_trial(trial, records)
    hand = by_hand("tossup", dict(load_scenario("toss", "tossup").raw), 30, 5, {"edge.bonus": 6}, "edge")
    for arm in ("off", "on"):
        a = s["arms"][arm]
        assert a["games"] == 30
        assert {seat: a["wins"][seat]["count"] for seat in ("north", "south")} == {seat: hand[arm]["wins"][seat] for seat in ("north", "south")}
        assert a["draws"]["count"] == hand[arm]["wins"][None]
        assert a["endings"] == dict(hand[arm]["ends"])
        assert a["mean_turns"] == sum(hand[arm]["turns"]) / 30
    assert s["arms"]["on"]["tallies"]["edge.edges given"]["total"] == 30 and "edge.edges given" not in s["arms"]["off"]["tallies"]
    c = s["comparison"]
    assert s["arms"]["on"]["wins"]["north"]["count"] == 30  # 6 more on one die always wins
    assert s["arms"]["off"]["wins"]["north"]["count"] < 25  # without the edge, north (+1 against -1) wins only some of them
    assert c["wins"]["significant"] and c["wins"]["p"] < 0.05
    assert c["wins"]["by_seat"]["north"]["p"] < 0.05 and c["wins"]["by_seat"]["north"]["estimate"] > 0
    assert c["tallies"]["edge.edges given"]["significant"]
    assert "the difference is significant" in s["verdict"][0] and "north 100%" in s["verdict"][0]
    assert s["verdict"][-1] == "Verdict: edge changes who wins."


@pytest.mark.usefixtures("toy")
def test_identical_arms_are_not_found_different(tmp_path: Path) -> None:
    """A bonus of 0: the module on changes no game, and nothing is significant."""
    trial = plan_trial(ruleset="tossup", module="edge", scenario="toss", games=30, seed=5, options={"edge.bonus": 0})
    records = played(trial, tmp_path)
    off = [(r.seed, r.winner, r.objective, r.turns) for r in records if r.variant == "off"]
    on = [(r.seed, r.winner, r.objective, r.turns) for r in records if r.variant == "on"]
    assert off == on
    c = summarise_trial(trial, records)["comparison"]
    assert (c["wins"]["p"], c["endings"]["p"], c["length"]["welch"]["p"], c["length"]["mann_whitney"]["p"]) == (1.0, 1.0, 1.0, 1.0)
    assert not c["wins"]["significant"] and not c["endings"]["significant"] and not c["length"]["significant"]
    assert not any(t["significant"] for k, t in c["tallies"].items() if k != "edge.edges given")
    said = summarise_trial(trial, records)["verdict"]
    assert "the difference is not significant" in said[0] and "the same on average: not significant" in said[1]
    # never "no effect": the trial can't tell yet, and says how big a change 30 games could show
    assert said[-1].startswith("Verdict: can't tell yet whether edge changes who wins") and "could have shown a change of" in said[-1]


def test_the_collisions_module_on_the_harbour_host_off_against_on(tmp_path: Path) -> None:
    """The scenario sets one of the module's options: its arm off plays without it."""
    sc = brawl(options={"collisions.wreckage": False})
    data = dict(sc.raw)
    trial = plan_trial(ruleset="harbour", module="collisions", scenario=sc, games=2, seed=3)
    assert trial.modules_for(0) == [] and trial.modules_for(1) == ["collisions"]
    assert trial.new_game(1, 0).modules["collisions"].options["wreckage"] is False and not trial.new_game(0, 0).modules
    records = played(trial, tmp_path)
    s = summarise_trial(trial, records)
    hand = by_hand("harbour", {k: v for k, v in data.items() if k not in ("modules", "options")}, 2, 3, {"collisions.wreckage": False}, "collisions")
    for arm in ("off", "on"):
        assert {seat: s["arms"][arm]["wins"][seat]["count"] for seat in ("red", "blue")} == {seat: hand[arm]["wins"][seat] for seat in ("red", "blue")}
        assert s["arms"][arm]["turns_histogram"] == {str(t): c for t, c in sorted(Counter(hand[arm]["turns"]).items())}
    assert not any(k.startswith("collisions.") for k in s["arms"]["off"]["tallies"])
    files = write_trial_report(tmp_path / "report", s)
    assert "Mann-Whitney" in files["report.html"].read_text() and files["arms.csv"].read_text().startswith("arm,measure")


@pytest.mark.usefixtures("toy")
def test_the_command_line_runs_a_trial_and_refuses_what_does_not_fit(tmp_path: Path) -> None:
    run = CliRunner().invoke(
        app, ["sweep", "--module", "edge", "--ruleset", "tossup", "--scenario", "toss", "--games", "6", "--workers", "1", "--out", str(tmp_path), "--quiet"]
    )
    assert run.exit_code == 0, run.output
    assert "12 of 12 stored" in run.output and "Wins with edge on against off" in run.output
    assert (tmp_path / "report.html").exists() and (tmp_path / "summary.json").exists()
    mixed = CliRunner().invoke(app, ["sweep", "--module", "edge", "--ruleset", "tossup", "--scenario", "toss", "--variant", "dice=2"])
    assert mixed.exit_code != 0 and "give no --variant" in mixed.output
    with pytest.raises(StudyError, match=r"module collisions on: .*can host"):
        plan_trial(ruleset="jimlad", module="collisions", scenario="duel", games=2)
    assert plan_trial(ruleset="tossup", module="edge", games=2).scenario == "toss"  # the rule set's own scenario where none is named
    with pytest.raises(StudyError, match="at least 1 game"):
        plan_trial(ruleset="tossup", module="edge", games=0)


@pytest.mark.usefixtures("toy")
def test_a_trial_leaves_out_tallies_that_stayed_at_zero_and_names_the_rest() -> None:
    trial = plan_trial(ruleset="tossup", module="edge", scenario="toss", games=4, seed=5)
    records = [
        GameRecord(spec.index, spec.seed, ("off", "on")[spec.variant], spec.factions, "north", None, "higher-roll", 1, (("sixes", spec.index % 2), ("rams", 0)))
        for spec in trial.games()
    ]
    s = summarise_trial(trial, records)
    assert set(s["comparison"]["tallies"]) == {"sixes"} and "rams" not in s["arms"]["on"]["tallies"]
    assert s["words"]["tallies"] == {"sixes": "sixes"}
