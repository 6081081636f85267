"""The ``grapeshot`` command: simulate games, replay saves, list rules and their coverage."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from grapeshot.agents import make, play_out
from grapeshot.core.capabilities import DocumentKind, Lacking
from grapeshot.core.errors import ReplayMismatch, ScenarioError
from grapeshot.core.events import to_jsonl
from grapeshot.core.game import Game, log_comparable, replay
from grapeshot.core.module import all_modules, get_module
from grapeshot.core.registry import scan_tests, tests_dir
from grapeshot.core.ruleset import Ruleset, all_rulesets, default_ruleset, get
from grapeshot.core.scenario import builtin_scenarios, default_scenario, load_scenario
from grapeshot.core.untrusted import MAX_SAVE_BYTES, loads_json, read_text
from grapeshot.lab.records import derive_seed
from grapeshot.report import Words, narrate

app = typer.Typer(add_completion=False, no_args_is_help=True, help="grapeshot: a digital table for pirate-ship wargames.")

# options that several commands take alike
RulesetOpt = Annotated[str | None, typer.Option(help="the rule set, by name or alias (default: the first installed)")]
LabScenarioOpt = Annotated[str | None, typer.Option(help="a two-seat scenario: built-in name or file (default: the rule set's lab scenario)")]
FactionsOpt = Annotated[
    str,
    typer.Option(
        "--factions",
        help="'all', or a comma list of the rule set's factions (see its lab capability); a wrong name lists them",
    ),
]
WorkersOpt = Annotated[int, typer.Option(min=1, help="worker processes (local backend, or a local Dask cluster)")]
StudySeedOpt = Annotated[int, typer.Option(help="study seed; each game's seed derives from it and the game index")]
OutDirOpt = Annotated[Path, typer.Option("--out", help="folder for the results database and the report")]
PlayerOpt = Annotated[str | None, typer.Option(help="the player in every seat (heuristic, random, search); default: the rule set's quick player")]
FreshOpt = Annotated[bool, typer.Option(help="discard the results already stored in --out")]
MaxGamesOpt = Annotated[int | None, typer.Option(min=0, help="stop after about this many new games (a trial; run again to go on)")]
QuietOpt = Annotated[bool, typer.Option(help="no progress bar")]
BackendOpt = Annotated[str, typer.Option(help="where the games run: local (a process pool), dask (a Dask cluster), ray (not included)")]
SchedulerOpt = Annotated[str | None, typer.Option(help="dask: the scheduler's address (tcp://HOST:PORT); default: a local cluster of --workers processes")]
out = Console()
err = Console(stderr=True)


def _rules(name: str | None) -> Ruleset:
    """The rule set named, else the default (the first installed)."""
    return get(name) if name is not None else default_ruleset()


def _fail(message: str, code: int = 2) -> typer.Exit:
    """A clean one-line error (the message is printed as it is: brackets in it are not markup)."""
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
    return typer.Exit(code)


@app.command()
def simulate(
    ruleset: RulesetOpt = None,
    scenario: Annotated[
        str | None, typer.Option(help="built-in scenario name or a scenario file (default: the rule set's lab scenario, else its first)")
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1,
    seed: StudySeedOpt = 1,
    players: Annotated[
        str | None, typer.Option(help="player for every seat, or a comma list in seat order (heuristic, random, search); default: the scenario's")
    ] = None,
    out_dir: Annotated[Path | None, typer.Option("--out", help="write each game's save and event log here")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    check: Annotated[bool, typer.Option(help="check the ruleset's invariants after every action")] = True,
    report: Annotated[bool | None, typer.Option(help="print the battle report of each game (default: when playing one game)")] = None,
    rolls: Annotated[bool, typer.Option(help="show every dice roll in the battle report")] = False,
) -> None:
    """Play complete AI games and summarise the results (one game: with its battle report)."""
    try:
        rs = _rules(ruleset)
        sc = load_scenario(scenario or default_scenario(rs.name), rs.name)
    except (ValueError, ScenarioError) as e:
        raise _fail(str(e)) from None
    seat_ids = [s.id for s in sc.seats]
    kinds = players.split(",") if players else [s.player for s in sc.seats]
    if len(kinds) not in (1, len(seat_ids)):
        raise _fail(f"--players needs 1 or {len(seat_ids)} names (seats: {', '.join(seat_ids)})")
    if len(kinds) == 1:
        kinds = kinds * len(seat_ids)
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    summary = Summary(rs, sc.name, seed, seat_ids)
    tell = (games == 1 and not as_json) if report is None else report
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=as_json and not sys.stderr.isatty(),
        transient=True,
    ) as progress:
        task = progress.add_task(f"{sc.name}", total=games)
        for i in range(games):
            gseed = derive_seed(seed, i)
            try:
                game = Game(rs, sc, seed=gseed)
                agents = {seat: make(kind, derive_seed(gseed, k), rs) for k, (seat, kind) in enumerate(zip(seat_ids, kinds, strict=True))}
            except (ValueError, ScenarioError) as e:
                raise _fail(str(e)) from None

            def invariants(g: Game, index: int = i) -> None:
                problems = g.ruleset.invariants(g.state)
                if problems:
                    raise RuntimeError(f"game {index} (seed {g.seed}), after action {len(g.actions)}: {'; '.join(problems)}")

            outcome = play_out(game, agents, invariants if check else None)
            summary.add(game, outcome)
            if tell:
                progress.stop()
                out.print(f"[bold]Battle report[/bold]: {sc.title}, game {i} (seed {gseed})", highlight=False, soft_wrap=True)
                for line in narrate(game.events, Words.of(game), rolls=rolls):
                    out.print(line, highlight=False, markup=False, soft_wrap=True)
                out.print()
            if out_dir is not None:
                stem = out_dir / f"game-{i:05d}"
                stem.with_suffix(".save.json").write_text(json.dumps(game.save(), indent=1))
                stem.with_suffix(".events.jsonl").write_text(to_jsonl(game.events))
            progress.advance(task)
    result = summary.to_json()
    if as_json:
        out.print_json(json.dumps(result))
    else:
        summary.print(out)


class Summary:
    """Counts over many games: wins by seat, by faction (where the rule set has lab factions), by
    objective; turns; what happened (the rule set's tallies), all in the rule set's words."""

    def __init__(self, ruleset: Ruleset, scenario: str, seed: int, seats: list[str]) -> None:
        self.ruleset, self.scenario, self.seed, self.seats = ruleset, scenario, seed, seats
        self.lab = ruleset.lab()
        self.words = Words([b for b in (ruleset.phrasebook(),) if b is not None])
        self.games = 0
        self.wins: Counter[str] = Counter()
        self.faction_wins: Counter[str] = Counter()
        self.objectives: Counter[str] = Counter()
        self.draws = 0
        self.turns = 0
        self.happenings: Counter[str] = Counter()

    def add(self, game: Game, outcome: Any) -> None:
        self.games += 1
        self.turns += outcome.turn
        self.objectives[outcome.objective] += 1
        self.happenings.update(game.ruleset.tallies(game.events))
        for run in game.modules.values():
            self.happenings.update({f"{run.module.name}: {k}": v for k, v in run.module.tallies(game.events).items()})
        if not outcome.winners or outcome.objective == "draw":
            self.draws += 1
        for seat in outcome.winners if outcome.objective != "draw" else ():
            self.wins[seat] += 1
            faction = self.lab.faction_of(game, seat) if self.lab is not None else None
            if faction is not None:
                self.faction_wins[faction] += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.name,
            "scenario": self.scenario,
            "seed": self.seed,
            "games": self.games,
            "wins_by_seat": {s: self.wins.get(s, 0) for s in self.seats},
            "wins_by_faction": dict(sorted(self.faction_wins.items())),
            "by_objective": dict(sorted(self.objectives.items())),
            "draws": self.draws,
            "mean_turns": round(self.turns / self.games, 3) if self.games else 0.0,
            "happenings": dict(sorted(self.happenings.items())),
        }

    def print(self, console: Console) -> None:
        r = self.to_json()
        console.print(
            f"[bold]{r['games']} games[/bold] of {self.ruleset.title} / {r['scenario']} (seed {r['seed']}): mean {r['mean_turns']} turns, {r['draws']} draws"
        )
        word = self.lab.faction_word if self.lab is not None else "faction"
        objectives = {self.words.label("objective", k): v for k, v in r["by_objective"].items()}
        factions = {self.words.label("faction", k): v for k, v in r["wins_by_faction"].items()}
        for title, data in (("wins by seat", r["wins_by_seat"]), (f"wins by {word}", factions), ("results by objective", objectives)):
            if not data:
                continue
            t = Table(title=title, title_justify="left")
            t.add_column("")
            t.add_column("games", justify="right")
            t.add_column("share", justify="right")
            for k, v in data.items():
                t.add_row(k, str(v), f"{100.0 * v / max(1, r['games']):.1f}%")
            console.print(t)
        if r["happenings"]:
            t = Table(title="what happened", title_justify="left")
            t.add_column("")
            t.add_column("in all", justify="right")
            t.add_column("a game", justify="right")
            for k, v in r["happenings"].items():
                t.add_row(self.words.label("tally", k), str(v), f"{v / max(1, r['games']):.2f}")
            console.print(t)


@app.command(name="replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a save file (.save.json)")],
    log: Annotated[Path | None, typer.Option(help="the recorded event log to compare with (default: the save's sibling .events.jsonl)")] = None,
    commitment: Annotated[
        str | None, typer.Option(help="the seed's hash the table published when the game began: check that the save's seed and salt are what it committed to")
    ] = None,
) -> None:
    """Replay a save and check that it reproduces its event log, its outcome and its seed's commitment exactly."""
    try:
        data = loads_json(read_text(file, str(file), MAX_SAVE_BYTES), str(file))
        if log is None:
            sibling = Path(str(file).removesuffix(".save.json") + ".events.jsonl")
            log = sibling if sibling.exists() else None
        recorded = None
        if log is not None:
            lines = read_text(log, str(log), MAX_SAVE_BYTES).splitlines()
            recorded = [loads_json(line, f"{log} line {i + 1}") for i, line in enumerate(lines) if line.strip()]
        if not isinstance(data, dict):
            raise ScenarioError(str(file), "(file)", "a grapeshot save file (a JSON object)", type(data).__name__)
        game = replay(data, recorded, source=str(file))
    except ScenarioError as e:
        raise _fail(str(e)) from None
    except ReplayMismatch as e:
        raise _fail(f"replay of {file} diverged at {e}" if e.what is None else f"replay of {file}: {e}", 1) from None
    if not log_comparable(data, game.ruleset):
        what = f"the same dice and outcome (its log was written in {game.ruleset.name}'s event schema {data.get('events_version', 1)}, now {game.ruleset.events_version}: not compared)"
    elif recorded is not None:
        what = f"{len(game.events)} events match {log}"
    else:
        what = f"{len(game.events)} events, digest matches"
    outcome = game.outcome.to_json() if game.outcome else "unfinished"
    if game.commitment is None:
        sealed = ""
    elif game.seed is None:
        sealed = f"; the seed is secret until the game ends (committed to as {game.commitment}; {len(game.given)} rolls on record)"
    else:
        sealed = f"; seed {game.seed} and its salt match the commitment {game.commitment}"
    if commitment is not None:
        if game.seed is None or game.salt is None:
            raise _fail(f"{file}: --commitment: this save does not reveal a seed and a salt to check (the game was not over when it was saved)")
        if game.commitment != commitment.strip().lower():
            raise _fail(f"{file}: the seed and salt hash to {game.commitment}, not to the commitment {commitment.strip()} published at the start", 1)
        sealed += ", the one published at the start"
    out.print(f"[green]ok[/green]: {escape(str(file))}: {len(game.actions)} actions replayed, {escape(what)}; outcome: {escape(str(outcome))}{escape(sealed)}")


@app.command()
def rules(
    ruleset: Annotated[str | None, typer.Option(help="one rule set (default: all, and every installed module)")] = None,
    modules: Annotated[str | None, typer.Option(help="comma list of rule modules to list with the rule set")] = None,
    coverage: Annotated[bool, typer.Option("--coverage", help="exit non-zero if a rule in scope has no covering test")] = False,
    options: Annotated[bool, typer.Option("--options", help="list the options (house rules and rulings) instead of the rules")] = False,
) -> None:
    """List the numbered rules, the code that implements each, and the tests that cover it."""
    try:
        chosen = [get(ruleset)] if ruleset else all_rulesets()
        mods = [get_module(m.strip()) for m in modules.split(",") if m.strip()] if modules else ([] if ruleset else all_modules())
    except ValueError as e:
        raise _fail(str(e)) from None
    if options:
        for owner, opts, prefix in [*((r.title, r.options, "") for r in chosen), *((m.title, m.options, f"{m.name}.") for m in mods)]:
            t = Table(title=f"{owner}: options", title_justify="left")
            for col in ("option", "default", "allowed", "rule", "what it decides"):
                t.add_column(col)
            for o in opts:
                allowed = (
                    ", ".join(map(str, o.choices))
                    if o.choices
                    else (f"{o.bounds[0]:g} to {o.bounds[1]:g}" if o.bounds else _KIND_NAMES.get(o.kind, o.kind.__name__))
                )
                t.add_row(prefix + o.name, str(o.default), allowed, o.rule, o.doc)
            out.print(t)
        return
    on = chosen[0].name if ruleset else ""
    books = [(r.rulebook(), "") for r in chosen] + [(m.rulebook(), on) for m in mods]
    tdir = tests_dir()
    everywhere = scan_tests(tdir) if tdir is not None else {}
    missing: list[str] = []
    for book, host in books:
        # a module's rules with one rule set named count only the tests played on that host
        # (under tests/rulesets/<host>/): its own tests on a test host do not cover it there
        covered = everywhere if not host else {rid: [t for t in ts if t.startswith(f"tests/rulesets/{host}/")] for rid, ts in everywhere.items()}
        t = Table(title=f"{book.ruleset} rules" + (f" on a {host} host" if host else ""), title_justify="left")
        for col in ("id", "title", "status", "code", "tests"):
            t.add_column(col)
        for entry in book.entries.values():
            tests = covered.get(entry.id, [])
            status = entry.status if entry.status == "planned" else ("covered" if tests else "UNTESTED")
            if entry.status == "implemented" and not tests:
                missing.append(entry.id)
            t.add_row(entry.id, entry.title, status, "\n".join(w.rsplit(".", 2)[-2] + "." + w.rsplit(".", 1)[-1] for w in entry.where), str(len(tests)))
        out.print(t)
        scope = book.in_scope()
        done = sum(1 for entry in scope if covered.get(entry.id))
        where = f" on a {host} host" if host else ""
        out.print(
            f"{book.ruleset}{where}: {len(book.entries)} rules registered, {len(scope)} in play, {done} covered by tests, {len(book.entries) - len(scope)} planned"
        )
    if coverage:
        if tdir is None:
            raise _fail("no tests folder found (coverage is checked from a source checkout)")
        if missing:
            raise _fail(f"{len(missing)} rule(s) in play have no covering test: {', '.join(missing)}", 1)
        out.print("[green]coverage ok[/green]: every rule in play is covered by at least one test")


_KIND_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


@app.command()
def serve(
    data: Annotated[Path, typer.Option(help="folder for the games database")] = Path("grapeshot-data"),
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    scenarios_dir: Annotated[
        Path | None,
        typer.Option("--scenarios", help="a folder of scenario files (NAME.yaml) to offer by name beside the built-in ones; read once, at start-up"),
    ] = None,
) -> None:
    """Open the web table: a lobby at http://HOST:PORT/ to start games and play them in the browser."""
    from grapeshot.server.app import create_app, run

    try:
        app_ = create_app(data, scenarios_dir)
    except ScenarioError as e:
        raise _fail(str(e)) from None
    offered = f", scenarios from {scenarios_dir}/" if scenarios_dir is not None else ""
    out.print(f"grapeshot table at [bold]http://{escape(host)}:{port}/[/bold] (games kept in {escape(str(data))}/{escape(offered)})")
    run(app_, host, port)


@app.command()
def scenarios(ruleset: RulesetOpt = None) -> None:
    """List the built-in scenarios."""
    try:
        rs = _rules(ruleset)
    except ValueError as e:
        raise _fail(str(e)) from None
    for name in builtin_scenarios(rs.name):
        sc = load_scenario(name, rs.name)
        out.print(f'[bold]{name}[/bold]: {sc.title}: {len(sc.seats)} seats, table {sc.table.width:g}" x {sc.table.height:g}"')


@app.command()
def sheet(
    scenario: Annotated[str, typer.Argument(help="a scenario file, or the name of a built-in scenario")],
    ruleset: Annotated[str | None, typer.Option(help="the rule set whose built-in scenario this is (default: the file's, or the one that has it)")] = None,
    out_file: Annotated[Path | None, typer.Option("--out", help="write the HTML here (default: standard output)")] = None,
) -> None:
    """Printable score sheets for a scenario's pieces, as HTML with print CSS (from the rule set's
    score-sheet capability)."""
    try:
        if ruleset is None and not Path(scenario).exists() and Path(scenario).suffix not in (".yaml", ".yml", ".json"):
            owners = [rs.name for rs in all_rulesets() if scenario in builtin_scenarios(rs.name)]
            if not owners:
                raise _fail(f"{scenario!r} is neither a scenario file nor a built-in scenario of any rule set (see grapeshot scenarios --ruleset NAME)")
            if len(owners) > 1:
                raise _fail(f"{scenario!r} is a built-in scenario of {', '.join(owners)}: name one with --ruleset")
            ruleset = owners[0]
        sc = load_scenario(scenario, get(ruleset).name if ruleset else None)
        rs = get(ruleset or sc.ruleset)
        if rs.name != get(sc.ruleset).name:
            raise _fail(f"{scenario} is a scenario of {sc.ruleset}, not of {rs.name}")
        maker = rs.need("sheets")
        html = maker.sheets(Game(rs, sc, seed=0), None)
    except (ValueError, ScenarioError, Lacking) as e:
        raise _fail(str(e)) from None
    if out_file is None:
        sys.stdout.write(html)
    else:
        out_file.write_text(html, encoding="utf-8")
        err.print(f"wrote {escape(str(out_file))}", soft_wrap=True)


@app.command(name="odds", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def odds_cmd(
    ctx: typer.Context,
    ruleset: Annotated[str | None, typer.Option(help="the rule set asked (default: the first installed; with --save, the save's own)")] = None,
    question: Annotated[str | None, typer.Option(help="the rule set's question to ask (default: the one its parameters pick, else its first)")] = None,
    module: Annotated[str | None, typer.Option(help="ask a rule module's questions instead of the rule set's (see --questions --module NAME)")] = None,
    questions: Annotated[bool, typer.Option("--questions", help="list the rule set's questions and their parameters, and stop")] = False,
    save: Annotated[Path | None, typer.Option(help="a save file: the odds of --action by --seat at the point it was saved")] = None,
    seat: Annotated[str | None, typer.Option(help="with --save: the seat proposing the action")] = None,
    action: Annotated[
        str | None, typer.Option(help='with --save: the action as JSON, e.g. \'{"kind":"fire","gun":"fore","shell":"krak","aim":[60,36]}\'')
    ] = None,
    samples: Annotated[int, typer.Option(min=1, max=1_000_000, help="Monte Carlo runs where the odds cannot be enumerated")] = 2000,
    seed: Annotated[int, typer.Option(help="seed of the Monte Carlo dice")] = 1,
    budget: Annotated[int, typer.Option(min=1, max=10_000_000, help="rule runs an exact enumeration may take before it gives way to Monte Carlo")] = 4000,
    as_json: Annotated[bool, typer.Option("--json", help="print the odds as JSON (fractions as 'n/d' strings, and floats)")] = False,
) -> None:
    """The exact odds of one action: a question of the rule set's own, its parameters given as
    --name value (see --questions for a rule set's questions and their parameters), or an action proposed in a saved game (--save, --seat, --action)."""
    from grapeshot import odds as calc
    from grapeshot.core.capabilities import Effort, Lacking

    effort = Effort(budget, samples, seed)
    try:
        rs = get(ruleset) if ruleset is not None else None
        if questions:
            rules = rs or default_ruleset()
            if as_json:
                asked = calc.odds_of(rules) if module is None else calc.odds_of_module(module)
                out.print_json(json.dumps({"ruleset": rules.name, "module": module, "questions": calc.questions_json(asked)}))
            else:
                calc.render_questions(out, rules, module)
            return
        if save is not None:
            if seat is None or action is None:
                raise calc.OddsError("--save needs --seat and --action")
            if ctx.args or question is not None or module is not None:
                raise calc.OddsError(f"--save asks about its --action; it takes no question or parameters ({' '.join([*ctx.args] or ['--question'])})")
            answer = calc.from_save(save, seat, action, effort, rs)
        else:
            if seat is not None or action is not None:
                raise calc.OddsError("--seat and --action go with --save")
            answer = calc.ask(rs or default_ruleset(), ctx.args, question, effort, module)
    except (calc.OddsError, Lacking, ScenarioError, ValueError) as e:
        raise _fail(str(e)) from None
    if as_json:
        out.print_json(json.dumps(answer.to_json()))
    else:
        answer.render(out)


# --------------------------------------------------------------------------- the balance lab

LabRulesetOpt = Annotated[
    str | None, typer.Option(help="the rule set whose factions are paired (default: the first installed; one without lab factions is refused)")
]


def _settings(pairs: list[str] | None) -> dict[str, Any]:
    from grapeshot.lab.study import StudyError, parse_setting

    try:
        return dict(parse_setting(p) for p in pairs or [])
    except StudyError as e:
        raise _fail(str(e)) from None


def _play_lab(study: Any, out_dir: Path, backend: str, workers: int, scheduler: str | None, fresh: bool, max_games: int | None, quiet: bool) -> tuple[Any, Any]:
    """Play a study's (or a trial's) missing games into OUT/results.sqlite with a progress bar;
    return the stored records and what the run did."""
    from rich.progress import ProgressColumn, Task, TimeElapsedColumn
    from rich.text import Text

    from grapeshot.lab.report import MissingExtra, require_plotting
    from grapeshot.lab.results import Store, StoreMismatch
    from grapeshot.lab.runner import BackendError, Interrupted, run_study

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(f"{task.speed:,.0f} games/s" if task.speed else "- games/s", style="progress.data.speed")

    try:
        require_plotting()
    except MissingExtra as e:
        raise _fail(str(e)) from None
    out_dir.mkdir(parents=True, exist_ok=True)
    with Store(out_dir / "results.sqlite") as store:
        try:
            store.bind(study, fresh=fresh)
        except StoreMismatch as e:
            raise _fail(f"{e} (--fresh discards them)") from None
        already = store.count(below=study.total)
        if already:
            rest = "writing the report" if already >= study.total else "playing the rest"
            err.print(f"{out_dir}: {already} of {study.total} games already stored; {rest}")
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            Rate(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=err,
            disable=quiet,
        ) as progress:
            task = progress.add_task(f"{study.kind} ({backend})", total=study.total, completed=already)
            try:
                info = run_study(
                    study, store, backend=backend, workers=workers, scheduler=scheduler, limit=max_games, progress=lambda n: progress.advance(task, n)
                )
            except BackendError as e:
                raise _fail(str(e)) from None
            except Interrupted as stop:
                progress.stop()
                err.print(
                    f"[yellow]stopped[/yellow]: {stop.info.already + stop.info.played} of {study.total} games stored in {out_dir}; run the same command again to resume"
                )
                raise typer.Exit(130) from None
        return store.records(below=study.total), info


def _played_line(study: Any, info: Any, backend: str, report: Path) -> None:
    stored = info.already + info.played
    played = (
        f"[bold]{info.played} games[/bold] played in {info.seconds:.1f} s ({info.rate:.1f} games/s, backend {backend})" if info.played else "nothing to play"
    )
    out.print(f"{played}; {stored} of {study.total} stored. Report: {report}", highlight=False, soft_wrap=True)


def _run_lab(study: Any, out_dir: Path, backend: str, workers: int, scheduler: str | None, fresh: bool, max_games: int | None, quiet: bool) -> dict[str, Any]:
    """Play a study's missing games, write the report and print its ratings and verdicts."""
    from grapeshot.lab.report import write_report
    from grapeshot.lab.summary import summarise

    records, info = _play_lab(study, out_dir, backend, workers, scheduler, fresh, max_games, quiet)
    summary = summarise(study, records)
    files = write_report(out_dir, summary, info)
    _played_line(study, info, backend, files["report.html"])
    for label, v in summary["variants"].items():
        t = Table(
            title=f"ratings ({label}: {v['games']} games, mean {v['mean_turns']:.2f} turns, {100 * (v['draw_rate'] or 0):.1f}% drawn)", title_justify="left"
        )
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
    for c in summary["comparisons"]:
        out.print(c["verdict"], highlight=False, soft_wrap=True)
    result: dict[str, Any] = summary
    return result


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
        raise _fail(str(e)) from None
    _run_lab(study, out_dir, backend, workers, scheduler, fresh, max_games, quiet)


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
            raise _fail("--module compares the module off and on over the scenario as written: give no --variant or --factions with it")
        _run_trial(module, ruleset, scenario, games, seed, players, option, out_dir, backend, workers, scheduler, fresh, max_games, quiet)
        return
    if not variant:
        raise _fail("a sweep needs --variant (one or more), or --module NAME to switch a rule module off and on")
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
        raise _fail(str(e)) from None
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
        raise _fail(str(e)) from None
    records, info = _play_lab(trial, out_dir, backend, workers, scheduler, fresh, max_games, quiet)
    summary = summarise_trial(trial, records)
    files = write_trial_report(out_dir, summary, info)
    _played_line(trial, info, backend, files["report.html"])
    for sentence in summary["verdict"]:
        out.print(sentence, highlight=False, soft_wrap=True)
    result: dict[str, Any] = summary
    return result


# --------------------------------------------------------------------------- documents (fleet files)


def _document_group(name: str, offers: list[tuple[Ruleset, DocumentKind]]) -> typer.Typer:
    """``grapeshot <kind> check FILE`` and ``grapeshot <kind> roster FILE``: one group per kind of
    document a rule set reads (``fleet``), whose rule sets offer its checker (``--ruleset`` picks
    one where several do)."""
    group = typer.Typer(no_args_is_help=True, help=offers[0][1].help)
    default = offers[0][0].name
    by_name = {rs.name: kind for rs, kind in offers}

    def kind_of(ruleset: str) -> DocumentKind:
        try:
            rs = get(ruleset)
        except ValueError as e:
            raise _fail(str(e)) from None
        if rs.name not in by_name:
            raise _fail(f"the rule set {rs.name!r} reads no {name} files; those that do: {', '.join(sorted(by_name))}")
        return by_name[rs.name]

    @group.command("check")
    def check(
        file: Annotated[Path, typer.Argument(help="the file (YAML)")],
        ruleset: Annotated[str, typer.Option(help="the rule set whose rules the file is checked by")] = default,
        as_json: Annotated[bool, typer.Option("--json", help="print the problems as JSON")] = False,
    ) -> None:
        """Check a file against the rules: every problem is printed with the rule it breaks."""
        checked = kind_of(ruleset).check(str(file))
        if as_json:
            out.print_json(
                json.dumps({"file": str(file), "legal": checked.legal, "summary": checked.summary, "problems": [p.to_json() for p in checked.problems]})
            )
        elif checked.legal:
            out.print(f"[green]ok[/green]: {file}: {checked.summary}", highlight=False, soft_wrap=True)
        else:
            for p in checked.problems:
                err.print(f"[red]{p.rule or 'format'}[/red] {p.where}: {p.message}", highlight=False, soft_wrap=True, markup=True)
            err.print(f"{file}: {len(checked.problems)} problem(s)", highlight=False)
        if not checked.legal:
            raise typer.Exit(1)

    if any(kind.render is not None for _, kind in offers):

        @group.command("roster")
        def roster(
            file: Annotated[Path, typer.Argument(help="the file (YAML)")],
            out_file: Annotated[Path | None, typer.Option("--out", help="write the page here (default: print it)")] = None,
            ruleset: Annotated[str, typer.Option(help="the rule set whose rules the file is read by")] = default,
        ) -> None:
            """A printable page of the file (HTML), for a file that passes its check."""
            kind = kind_of(ruleset)
            if kind.render is None:
                raise _fail(f"the rule set {ruleset!r} prints no {name} page")
            try:
                page = kind.render(str(file))
            except ValueError as e:
                raise _fail(str(e), 1) from None
            if out_file is None:
                sys.stdout.write(page)
            else:
                out_file.write_text(page, encoding="utf-8")
                out.print(f"[green]ok[/green]: {out_file}", highlight=False)

    return group


def _document_groups() -> None:
    offers: dict[str, list[tuple[Ruleset, DocumentKind]]] = {}
    for rs in sorted(all_rulesets(), key=lambda r: r.name):
        for kind in rs.documents():
            offers.setdefault(kind.name, []).append((rs, kind))
    for name, found in sorted(offers.items()):
        app.add_typer(_document_group(name, found), name=name)


_document_groups()


def main() -> None:  # pragma: no cover
    app()
