"""The balance lab from the command line: ``grapeshot tournament``, ``grapeshot sweep`` (with
``--module``, a module's trial) and ``grapeshot calibrate`` (the points calibration), and what
they share: playing a plan's missing games into ``OUT/results.sqlite`` with a progress bar (a
run stopped by Ctrl-C still writes the report of what is stored), and the line that says what a
run did."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from grapeshot.cli.common import (
    BackendOpt,
    FactionsOpt,
    FreshOpt,
    LabScenarioOpt,
    MaxGamesOpt,
    OutDirOpt,
    PlayerOpt,
    QuietOpt,
    SchedulerOpt,
    StudySeedOpt,
    WorkersOpt,
    app,
    err,
    fail,
    out,
    out_folder,
    ruleset_named,
    writing_into,
)
from grapeshot.core.ruleset import default_ruleset

LabRulesetOpt = Annotated[
    str | None, typer.Option(help="the rule set whose factions are paired (default: the first installed; one without lab factions is refused)")
]


def _settings(pairs: list[str] | None) -> dict[str, Any]:
    from grapeshot.lab.study import StudyError, parse_setting

    try:
        return dict(parse_setting(p) for p in pairs or [])
    except StudyError as e:
        raise fail(str(e)) from None


class Played(NamedTuple):
    """What :func:`_play_lab` did: the games stored, what the run did, whether it was stopped."""

    records: list[Any]
    info: Any
    stopped: bool


class _Rate(ProgressColumn):
    """The progress bar's games a second: the games this run played over the time it has run,
    the measure the closing line gives (not rich's recent-window speed, which read 4 where the
    run's 2.3 was the truth)."""

    def render(self, task: Task) -> Text:
        played = task.completed - float(task.fields.get("already", 0))
        elapsed = task.elapsed or 0.0
        return Text(f"{played / elapsed:,.1f} games/s" if played > 0 and elapsed > 0 else "- games/s", style="progress.data.speed")


def _play_lab(
    study: Any, out_dir: Path, backend: str, workers: int, scheduler: str | None, fresh: bool, max_games: int | None, quiet: bool, stop: Any = None
) -> Played:
    """Play a plan's (a study's, a trial's, a calibration's) missing games into OUT/results.sqlite
    with a progress bar; return the stored records and what the run did.  Stopped (Ctrl-C), it
    returns what is stored so far: the caller writes the partial report, then :func:`_finish`
    exits 130.  ``--out`` is checked (and made) before anything is played, and a results file
    there that is no database the lab can open is one line, not a traceback."""
    from grapeshot.lab.report import MissingExtra, require_plotting

    try:
        require_plotting()
    except MissingExtra as e:
        raise fail(str(e)) from None
    out_folder(out_dir)
    try:
        return _play_into(study, out_dir, backend, workers, scheduler, fresh, max_games, quiet, stop)
    except sqlite3.DatabaseError as e:
        raise fail(f"--out {out_dir}: {out_dir / 'results.sqlite'} is not a results database the lab can use ({e}); choose another --out") from None


def _play_into(
    study: Any, out_dir: Path, backend: str, workers: int, scheduler: str | None, fresh: bool, max_games: int | None, quiet: bool, stop: Any
) -> Played:
    from grapeshot.lab.results import Store, StoreMismatch
    from grapeshot.lab.runner import BackendError, Interrupted, run_study

    with Store(out_dir / "results.sqlite") as store:
        try:
            store.bind(study, fresh=fresh)
        except StoreMismatch as e:
            raise fail(f"{e} (--fresh discards them)") from None
        already = store.count(below=study.total)
        if already:
            rest = "writing the report" if already >= study.total else "playing the rest"
            err.print(f"{out_dir}: {already} of {study.total} games already stored; {rest}")
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            _Rate(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=err,
            disable=quiet,
        ) as progress:
            task = progress.add_task(f"{study.kind} ({backend})", total=study.total, completed=already, already=already)
            try:
                info = run_study(
                    study,
                    store,
                    backend=backend,
                    workers=workers,
                    scheduler=scheduler,
                    limit=max_games,
                    progress=lambda n: progress.advance(task, n),
                    stop=stop,
                )
            except BackendError as e:
                raise fail(str(e)) from None
            except Interrupted as halt:
                progress.stop()
                err.print(
                    f"[yellow]stopped[/yellow]: {halt.info.already + halt.info.played} of {study.total} games stored in {out_dir}, "
                    "the report made of them; run the same command again to resume"
                )
                return Played(_counted(store, study, stop), halt.info, True)
        # a study that stopped when known is read from the games up to its stop, not those in flight past it
        return Played(_counted(store, study, stop), info, False)


def _counted(store: Any, study: Any, stop: Any) -> list[Any]:
    """The stored games a report is made of: all of the plan's, or, for a study that stops when
    known, those its answer counts (none past the look where its question was answered)."""
    records: list[Any] = store.records(below=study.total)
    return [r for r in records if stop.counts(r)] if stop is not None else records


def _finish(played: Played) -> None:
    """A stopped run ends with 130 (interrupted), its partial report written."""
    if played.stopped:
        raise typer.Exit(130)


def _played_line(study: Any, info: Any, backend: str, report: Path) -> None:
    stored = info.already + info.played
    played = (
        f"[bold]{info.played} games[/bold] played in {info.seconds:.1f} s ({info.rate:.1f} games/s, backend {backend})" if info.played else "nothing to play"
    )
    out.print(f"{played}; {stored} of {study.total} stored. Report: {report}", highlight=False, soft_wrap=True)
    if info.stopping is not None:
        out.print(f"The study {info.stopping.reason()}.", highlight=False, soft_wrap=True, markup=False)


def _stopping(info: Any) -> dict[str, Any]:
    """What a summary says of why the study stopped (nothing for a fixed one)."""
    return {"stopping": info.stopping.to_json()} if info.stopping is not None else {}


def _stop_rule(study: Any, sequential: bool, within: float) -> Any:
    """The rule that stops a study when its answer is known, for ``--sequential``; ``None`` without
    it.  Only ``tournament`` and ``calibrate`` take it: a sweep's question (a variant against its
    baseline) is not one of a score against one half, and it plays its fixed games."""
    if not sequential:
        return None
    from grapeshot.lab.sequential import Looker

    return Looker(study, within)


SequentialOpt = Annotated[
    bool,
    typer.Option(help="stop as soon as every question is answered (95% confidence sequence, looked at every two rounds), the games asked for being the cap"),
]
WithinOpt = Annotated[
    float, typer.Option(min=0.001, max=0.5, help="a score within this of one half is called even (fair); with --sequential, shown to be within it")
]


def _run_lab(
    study: Any, out_dir: Path, backend: str, workers: int, scheduler: str | None, fresh: bool, max_games: int | None, quiet: bool, stop: Any = None
) -> dict[str, Any]:
    """Play a study's missing games, write the report and print its ratings and verdicts."""
    from grapeshot.lab.report import write_report
    from grapeshot.lab.summary import summarise

    played = _play_lab(study, out_dir, backend, workers, scheduler, fresh, max_games, quiet, stop)
    summary = summarise(study, played.records) | _stopping(played.info)
    with writing_into(out_dir):
        files = write_report(out_dir, summary, played.info)
    _played_line(study, played.info, backend, files["report.html"])
    for label, v in summary["variants"].items():
        name = f"{label}: " if len(summary["variants"]) > 1 else ""
        t = Table(title=f"ratings ({name}{v['games']} games, mean {v['mean_turns']:.2f} turns, {100 * (v['draw_rate'] or 0):.1f}% drawn)", title_justify="left")
        word = summary["words"]["faction"]
        for col in ("", word, "rating (95%)", "score (95%)", "won", "drawn", "lost"):
            t.add_column(col, justify="left" if col == word else "right")
        for rank, r in enumerate(v["ratings"], 1):
            k = v["factions"][r["name"]]
            t.add_row(
                str(rank),
                r["name"],
                f"{r['elo']:.0f} ({r['elo_low']:.0f}-{r['elo_high']:.0f})",
                f"{100 * (k['score'] or 0):.1f}% ({100 * k['low']:.1f}-{100 * k['high']:.1f})",
                str(k["wins"]),
                str(k["draws"]),
                str(k["losses"]),
            )
        out.print(t)
        for sentence in v["verdicts"]["sentences"]:
            out.print(sentence, highlight=False, soft_wrap=True)
    for c in summary["comparisons"]:
        out.print(c["verdict"], highlight=False, soft_wrap=True)
    _finish(played)
    result: dict[str, Any] = summary
    return result


@app.command()
def options(
    ruleset: Annotated[str | None, typer.Option(help="the rule set whose settings are listed (default: the first installed)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the list as JSON")] = False,
) -> None:
    """List every KEY=VALUE a study of the rule set may set with --option or --variant: its
    options, the rule modules it can host (switched on or off) and their options, and the
    patterns of its lab's table changes."""
    from grapeshot.lab.settable import settable

    try:
        rs = ruleset_named(ruleset)  # one without lab factions still has options (a module trial's)
    except ValueError as e:
        raise fail(str(e)) from None
    found = settable(rs)
    if as_json:
        out.print_json(data=[x.to_json() for x in found])
        return
    t = Table(title=f"what a study of {rs.title} may set (KEY=VALUE)", title_justify="left")
    for col in ("key", "kind", "default", "allowed", "rule", "what it decides"):
        t.add_column(col)
    for x in found:
        t.add_row(*(Text(c) for c in (x.key, x.kind, x.default, x.allowed, x.rule, x.doc)))
    out.print(t)


@app.command()
def tournament(
    ruleset: LabRulesetOpt = None,
    scenario: LabScenarioOpt = None,
    factions: FactionsOpt = "all",
    games_per_pair: Annotated[int, typer.Option(min=1, help="games of each pairing of factions, seats swapped every game")] = 100,
    workers: WorkersOpt = 2,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    seed: StudySeedOpt = 1,
    out_dir: OutDirOpt = Path("tournament"),
    players: PlayerOpt = None,
    option: Annotated[
        list[str] | None, typer.Option(help="a setting for every game, KEY=VALUE (repeatable): a rule or module option, a module switch, a table change")
    ] = None,
    fresh: FreshOpt = False,
    max_games: MaxGamesOpt = None,
    quiet: QuietOpt = False,
    sequential: SequentialOpt = False,
    within: WithinOpt = 0.05,
) -> None:
    """Play every pairing of the rule set's factions and report win rates,
    ratings, game lengths, causes of victory and what happened in the games.

    Results are stored as they arrive (OUT/results.sqlite): an interrupted run resumes where it
    stopped, and the same seed reproduces every game.
    """
    from grapeshot.lab.study import StudyError, plan

    try:
        study = plan(
            kind="tournament",
            ruleset=ruleset or default_ruleset().name,
            scenario=scenario,
            factions=factions,
            games_per_pair=games_per_pair,
            seed=seed,
            player=players,
            options=_settings(option),
        )
    except StudyError as e:
        raise fail(str(e)) from None
    _run_lab(study, out_dir, backend, workers, scheduler, fresh, max_games, quiet, _stop_rule(study, sequential, within))


@app.command()
def sweep(
    variant: Annotated[
        list[str] | None,
        typer.Option(
            help="a rule variant to compare with the baseline, [LABEL:]KEY=VALUE[,...]: a rule option (OPTION=VALUE), a module switched on or off "
            "(MODULE=on), a module's option (MODULE.OPTION=VALUE), or a change to the rule set's tables that its lab accepts"
        ),
    ] = None,
    ruleset: LabRulesetOpt = None,
    scenario: LabScenarioOpt = None,
    factions: FactionsOpt = "all",
    games_per_pair: Annotated[int, typer.Option(min=1, help="games of each pairing under each variant, seats swapped every game")] = 100,
    module: Annotated[
        str | None,
        typer.Option(
            help="instead of variants: the scenario as written (any rule set that can carry the module) played --games times with this rule module "
            "off and as often on, the same seeds and players in both"
        ),
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="with --module: seeded games an arm")] = 100,
    workers: WorkersOpt = 2,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    seed: StudySeedOpt = 1,
    out_dir: OutDirOpt = Path("sweep"),
    players: PlayerOpt = None,
    option: Annotated[list[str] | None, typer.Option(help="a setting for every game, baseline included, KEY=VALUE (repeatable), as in --variant")] = None,
    fresh: FreshOpt = False,
    max_games: MaxGamesOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Compare house rules: the same tournament under each variant and the baseline, with tests of the differences.

    With --module, what a rule module changes: the same seeded games of the scenario with the
    module off and on, their wins by seat, game lengths and endings compared, each difference
    tested (chi-square, Welch, Mann-Whitney) and said in a sentence.
    """
    from grapeshot.lab.study import StudyError, plan

    if module is not None:
        if variant or factions != "all":
            raise fail("--module compares the module off and on over the scenario as written: give no --variant or --factions with it")
        _run_trial(module, ruleset, scenario, games, seed, players, option, out_dir, backend, workers, scheduler, fresh, max_games, quiet)
        return
    if not variant:
        raise fail("a sweep needs --variant (one or more), or --module NAME to switch a rule module off and on")
    try:
        study = plan(
            kind="sweep",
            ruleset=ruleset or default_ruleset().name,
            scenario=scenario,
            factions=factions,
            games_per_pair=games_per_pair,
            seed=seed,
            player=players,
            options=_settings(option),
            variants=variant,
        )
    except StudyError as e:
        raise fail(str(e)) from None
    _run_lab(study, out_dir, backend, workers, scheduler, fresh, max_games, quiet)


def _run_trial(
    module: str,
    ruleset: str | None,
    scenario: str | None,
    games: int,
    seed: int,
    players: str | None,
    option: list[str] | None,
    out_dir: Path,
    backend: str,
    workers: int,
    scheduler: str | None,
    fresh: bool,
    max_games: int | None,
    quiet: bool,
) -> dict[str, Any]:
    """``grapeshot sweep --module``: plan the trial, play it, write its report, print the verdict."""
    from grapeshot.lab.contrast import summarise_trial, write_trial_report
    from grapeshot.lab.study import StudyError
    from grapeshot.lab.trial import plan_trial

    try:
        trial = plan_trial(
            ruleset=ruleset or default_ruleset().name, module=module, scenario=scenario, games=games, seed=seed, player=players, options=_settings(option)
        )
    except StudyError as e:
        raise fail(str(e)) from None
    played = _play_lab(trial, out_dir, backend, workers, scheduler, fresh, max_games, quiet)
    summary = summarise_trial(trial, played.records)
    with writing_into(out_dir):
        files = write_trial_report(out_dir, summary, played.info)
    _played_line(trial, played.info, backend, files["report.html"])
    for sentence in summary["verdict"]:
        out.print(sentence, highlight=False, soft_wrap=True)
    _finish(played)
    result: dict[str, Any] = summary
    return result


@app.command()
def calibrate(
    ruleset: Annotated[
        str | None,
        typer.Option(help="the rule set whose pieces are priced (default: the first installed; one without a points calibration is refused)"),
    ] = None,
    pieces: Annotated[str | None, typer.Option(help="a comma list of the pieces to price (default: all the rule set's; a wrong name lists them)")] = None,
    budgets: Annotated[
        str | None, typer.Option(help="a comma list of budgets, in points, each piece's fleets are bought for (default: the rule set's)")
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="games of each piece's fleet at each budget against the reference, seats swapped every other game (default 20; with --search 400, a step's cap)",
        ),
    ] = None,
    workers: WorkersOpt = 2,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    seed: StudySeedOpt = 1,
    out_dir: OutDirOpt = Path("calibration"),
    players: PlayerOpt = None,
    scenario: LabScenarioOpt = None,
    fresh: FreshOpt = False,
    max_games: MaxGamesOpt = None,
    quiet: QuietOpt = False,
    sequential: SequentialOpt = False,
    within: WithinOpt = 0.05,
    search: Annotated[
        bool,
        typer.Option(
            help="search each piece's fair cost by bisection over the range of --budgets (LOW,HIGH), each step stopped when its answer is known "
            "(as --sequential), --games a step's cap; findings in OUT/search.json"
        ),
    ] = False,
) -> None:
    """Points calibration: what each of the rule set's pieces should cost for an even game against
    its reference fleet, with 95% intervals, and how far the text's cost is from it.

    Each piece's fleets at each budget play the reference; the score (wins and half the draws)
    where it crosses one half gives the even budget, and the fair cost is the text's cost scaled
    by the reference's cost over it. Results are stored as they arrive (OUT/results.sqlite), so
    an interrupted run resumes, and the report goes beside them (OUT/report.html).
    """
    from grapeshot.lab.calibration import CalibrationError, plan_calibration, summarise_calibration
    from grapeshot.lab.calibration_report import cells, headings, verdict, write_calibration_report

    if search:
        _search(ruleset, pieces, budgets, games or 400, seed, players, scenario, within, out_dir, backend, workers, scheduler, fresh, max_games, quiet)
        return
    try:
        plan = plan_calibration(
            ruleset=ruleset or default_ruleset().name, pieces=pieces, budgets=budgets, games=games or 20, seed=seed, player=players, scenario=scenario
        )
    except CalibrationError as e:
        raise fail(str(e)) from None
    played = _play_lab(plan, out_dir, backend, workers, scheduler, fresh, max_games, quiet, _stop_rule(plan, sequential, within))
    summary = summarise_calibration(plan, played.records, within) | _stopping(played.info)
    with writing_into(out_dir):
        files = write_calibration_report(out_dir, summary, played.info)
    _played_line(plan, played.info, backend, files["report.html"])
    t = Table(title=f"points calibration of {plan.ruleset} against {plan.reference} ({plan.reference_cost} points)", title_justify="left")
    for k, col in enumerate(headings(summary)):
        t.add_column(Text(col), justify="left" if k in (0, 2) else "right")
    for row in summary["pieces"]:
        t.add_row(*(Text(c) for c in cells(row)))  # plain text: "[0.3, 0.9]" is no markup
    out.print(t)
    for row in summary["pieces"]:
        out.print(verdict(row, plan.reference_cost), highlight=False, soft_wrap=True, markup=False)
    _finish(played)


def _search(
    ruleset: str | None,
    pieces: str | None,
    budgets: str | None,
    games: int,
    seed: int,
    players: str | None,
    scenario: str | None,
    within: float,
    out_dir: Path,
    backend: str,
    workers: int,
    scheduler: str | None,
    fresh: bool,
    max_games: int | None,
    quiet: bool,
) -> None:
    """``grapeshot calibrate --search``: plan the search, then play and print it (:mod:`.search`)."""
    from grapeshot.cli.search import run_fair_search
    from grapeshot.lab.calibration import CalibrationError
    from grapeshot.lab.search import plan_search

    try:
        found = plan_search(
            ruleset=ruleset or default_ruleset().name, pieces=pieces, budgets=budgets, games=games, seed=seed, player=players, scenario=scenario, within=within
        )
    except CalibrationError as e:
        raise fail(str(e)) from None
    run_fair_search(found, out_dir, backend, workers, scheduler, fresh, max_games, quiet)
