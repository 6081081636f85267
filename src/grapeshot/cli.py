"""The ``grapeshot`` command: simulate games, replay saves, list rules and their coverage."""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from grapeshot.agents import make, play_out
from grapeshot.core.errors import ReplayMismatch, ScenarioError
from grapeshot.core.events import to_jsonl
from grapeshot.core.game import Game, replay
from grapeshot.core.registry import scan_tests, tests_dir
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.core.scenario import builtin_scenarios, load_scenario
from grapeshot.report import narrate

app = typer.Typer(add_completion=False, no_args_is_help=True, help="grapeshot: a digital table for pirate-ship wargames.")
out = Console()
err = Console(stderr=True)


def game_seed(study_seed: int, index: int) -> int:
    """Each game's seed comes from the study's seed and the game's index alone."""
    digest = hashlib.sha256(f"grapeshot:{study_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[red]error:[/red] {message}")
    return typer.Exit(code)


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Option(help="ruleset name")] = "jimlad",
    scenario: Annotated[str, typer.Option(help="built-in scenario name or a scenario file")] = "duel",
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1,
    seed: Annotated[int, typer.Option(help="study seed; each game's seed derives from it and the game index")] = 1,
    players: Annotated[
        str | None, typer.Option(help="player for every seat, or a comma list in seat order (heuristic, random); default: the scenario's")
    ] = None,
    out_dir: Annotated[Path | None, typer.Option("--out", help="write each game's save and event log here")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    check: Annotated[bool, typer.Option(help="check the ruleset's invariants after every action")] = True,
    report: Annotated[bool | None, typer.Option(help="print the battle report of each game (default: when playing one game)")] = None,
    rolls: Annotated[bool, typer.Option(help="show every dice roll in the battle report")] = False,
) -> None:
    """Play complete AI games and summarise the results (one game: with its battle report)."""
    try:
        rs = get(ruleset)
        sc = load_scenario(scenario, rs.name)
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
    summary = Summary(rs.name, sc.name, seed, seat_ids)
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
            gseed = game_seed(seed, i)
            try:
                game = Game(rs, sc, seed=gseed)
                agents = {seat: make(kind, game_seed(gseed, k)) for k, (seat, kind) in enumerate(zip(seat_ids, kinds, strict=True))}
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
                for line in narrate(game.events, rolls=rolls):
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
    """Counts over many games: wins by seat, by klan (or faction), by objective; turns; ships sunk."""

    def __init__(self, ruleset: str, scenario: str, seed: int, seats: list[str]) -> None:
        self.ruleset, self.scenario, self.seed, self.seats = ruleset, scenario, seed, seats
        self.games = 0
        self.wins: Counter[str] = Counter()
        self.klan_wins: Counter[str] = Counter()
        self.objectives: Counter[str] = Counter()
        self.draws = 0
        self.turns = 0
        self.sunk = 0
        self.happenings: Counter[str] = Counter()

    def add(self, game: Game, outcome: Any) -> None:
        self.games += 1
        self.turns += outcome.turn
        self.objectives[outcome.objective] += 1
        state = game.ruleset.describe(game.state)
        ships = state.get("ships", [])
        self.sunk += sum(1 for s in ships if not s.get("afloat", True))
        self.happenings.update(game.ruleset.tallies(game.events))
        if not outcome.winners or outcome.objective == "draw":
            self.draws += 1
        for seat in outcome.winners if outcome.objective != "draw" else ():
            self.wins[seat] += 1
            for klan in sorted({s.get("klan") for s in ships if s.get("owner") == seat}):
                self.klan_wins[str(klan)] += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "scenario": self.scenario,
            "seed": self.seed,
            "games": self.games,
            "wins_by_seat": {s: self.wins.get(s, 0) for s in self.seats},
            "wins_by_klan": dict(sorted(self.klan_wins.items())),
            "by_objective": dict(sorted(self.objectives.items())),
            "draws": self.draws,
            "mean_turns": round(self.turns / self.games, 3) if self.games else 0.0,
            "ships_sunk": self.sunk,
            "mean_ships_sunk": round(self.sunk / self.games, 3) if self.games else 0.0,
            "happenings": dict(sorted(self.happenings.items())),
        }

    def print(self, console: Console) -> None:
        r = self.to_json()
        console.print(
            f"[bold]{r['games']} games[/bold] of {r['ruleset']} / {r['scenario']} (seed {r['seed']}): mean {r['mean_turns']} turns, {r['ships_sunk']} ships sunk ({r['mean_ships_sunk']} a game), {r['draws']} draws"
        )
        for title, data in (("wins by seat", r["wins_by_seat"]), ("wins by klan", r["wins_by_klan"]), ("results by objective", r["by_objective"])):
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
                t.add_row(k, str(v), f"{v / max(1, r['games']):.2f}")
            console.print(t)


@app.command(name="replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a save file (.save.json)")],
    log: Annotated[Path | None, typer.Option(help="the recorded event log to compare with (default: the save's sibling .events.jsonl)")] = None,
) -> None:
    """Replay a save and check that it reproduces its event log exactly."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise _fail(f"{file}: cannot read a save: {e}") from None
    if log is None:
        sibling = Path(str(file).removesuffix(".save.json") + ".events.jsonl")
        log = sibling if sibling.exists() else None
    recorded = None
    if log is not None:
        try:
            recorded = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, json.JSONDecodeError) as e:
            raise _fail(f"{log}: cannot read the event log: {e}") from None
    try:
        game = replay(data, recorded, source=str(file))
    except ScenarioError as e:
        raise _fail(str(e)) from None
    except ReplayMismatch as e:
        raise _fail(f"replay of {file} diverged at {e}", 1) from None
    what = f"{len(game.events)} events match {log}" if recorded is not None else f"{len(game.events)} events, digest matches"
    outcome = game.outcome.to_json() if game.outcome else "unfinished"
    out.print(f"[green]ok[/green]: {file}: {len(game.actions)} actions replayed, {what}; outcome: {outcome}")


@app.command()
def rules(
    ruleset: Annotated[str | None, typer.Option(help="one ruleset (default: all)")] = None,
    coverage: Annotated[bool, typer.Option("--coverage", help="exit non-zero if a rule in scope has no covering test")] = False,
) -> None:
    """List the numbered rules, the code that implements each, and the tests that cover it."""
    try:
        books = [get(ruleset).rulebook()] if ruleset else [r.rulebook() for r in all_rulesets()]
    except ValueError as e:
        raise _fail(str(e)) from None
    tdir = tests_dir()
    covered = scan_tests(tdir) if tdir is not None else {}
    missing: list[str] = []
    for book in books:
        t = Table(title=f"{book.ruleset} rules", title_justify="left")
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
        out.print(
            f"{book.ruleset}: {len(book.entries)} rules registered, {len(scope)} in play, {done} covered by tests, {len(book.entries) - len(scope)} planned"
        )
    if coverage:
        if tdir is None:
            raise _fail("no tests folder found (coverage is checked from a source checkout)")
        if missing:
            raise _fail(f"{len(missing)} rule(s) in play have no covering test: {', '.join(missing)}", 1)
        out.print("[green]coverage ok[/green]: every rule in play is covered by at least one test")


@app.command()
def serve(
    data: Annotated[Path, typer.Option(help="folder for the games database")] = Path("grapeshot-data"),
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
) -> None:
    """Open the web table: a lobby at http://HOST:PORT/ to start games and play them in the browser."""
    import uvicorn

    from grapeshot.server.app import create_app

    out.print(f"grapeshot table at [bold]http://{host}:{port}/[/bold] (games kept in {data}/)")
    uvicorn.run(create_app(data), host=host, port=port, log_level="warning")


@app.command()
def scenarios(ruleset: Annotated[str, typer.Option(help="ruleset name")] = "jimlad") -> None:
    """List the built-in scenarios."""
    try:
        rs = get(ruleset)
    except ValueError as e:
        raise _fail(str(e)) from None
    for name in builtin_scenarios(rs.name):
        sc = load_scenario(name, rs.name)
        out.print(f'[bold]{name}[/bold]: {sc.title}: {len(sc.seats)} seats, table {sc.table.width:g}" x {sc.table.height:g}"')


def main() -> None:  # pragma: no cover
    app()
