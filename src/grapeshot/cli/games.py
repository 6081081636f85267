"""Playing and keeping games: ``grapeshot simulate`` (AI games and their summary), ``grapeshot
replay`` (a save checked against its log and its seed's commitment) and ``grapeshot serve`` (the
web table)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from grapeshot.agents import make, play_out
from grapeshot.cli.common import RulesetOpt, StudySeedOpt, app, err, fail, out, out_folder, ruleset_named, write_out
from grapeshot.core.errors import ReplayMismatch, RulesChanged, ScenarioError
from grapeshot.core.events import to_jsonl
from grapeshot.core.game import Game, log_comparable, replay
from grapeshot.core.ruleset import Ruleset
from grapeshot.core.scenario import default_scenario, load_scenario, with_modules
from grapeshot.core.untrusted import read_event_log, read_json
from grapeshot.core.upgrade import carry_on
from grapeshot.lab.records import derive_seed
from grapeshot.report import Words, narrate

#: the exit code of a replay that differs because the rules changed since the save was made
RULES_CHANGED = 3


@app.command()
def simulate(
    ruleset: RulesetOpt = None,
    scenario: Annotated[
        str | None, typer.Option(help="built-in scenario name or a scenario file (default: the rule set's lab scenario, else its first)")
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1,
    seed: StudySeedOpt = 1,
    players: Annotated[
        str | None,
        typer.Option(
            help="player for every seat, or a comma list in seat order (heuristic, random, search, or a level: easy, normal, hard); default: the scenario's"
        ),
    ] = None,
    out_dir: Annotated[Path | None, typer.Option("--out", help="write each game's save and event log here")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    check: Annotated[bool, typer.Option(help="check the rule set's and the modules' invariants after every action")] = True,
    report: Annotated[bool | None, typer.Option(help="print the battle report of each game (default: when playing one game)")] = None,
    rolls: Annotated[bool, typer.Option(help="show every dice roll in the battle report")] = False,
    modules: Annotated[
        str | None, typer.Option(help="comma list of the rule modules in play, in place of the scenario's own ('none': none); default: the scenario's")
    ] = None,
    from_save: Annotated[
        Path | None,
        typer.Option("--from-save", help="play a saved game on to its end (carried on under the present rules if it was played under earlier ones)"),
    ] = None,
) -> None:
    """Play complete AI games and summarise the results (one game: with its battle report)."""
    saved = None
    try:
        if from_save is not None:
            if games != 1 or scenario is not None or modules is not None or ruleset is not None:
                raise fail("--from-save plays the saved game alone: without --games, --scenario, --modules or --ruleset")
            saved = carry_on(read_json(from_save), str(from_save))
            if saved.changed is not None:
                err.print(escape(f"{from_save}: {saved.said()}"), soft_wrap=True)
            rs, sc = saved.game.ruleset, saved.game.scenario
        else:
            rs = ruleset_named(ruleset)
            sc = load_scenario(scenario or default_scenario(rs.name), rs.name)
        if modules is not None:
            sc = with_modules(sc, [m.strip() for m in modules.split(",") if m.strip() and m.strip() != "none"])
    except (ValueError, ScenarioError) as e:
        raise fail(str(e)) from None
    except ReplayMismatch as e:
        raise fail(f"{from_save}: it does not replay to what it records: {e}", 1) from None
    seat_ids = [s.id for s in sc.seats]
    kinds = players.split(",") if players else [s.player for s in sc.seats]
    if len(kinds) not in (1, len(seat_ids)):
        raise fail(f"--players needs 1 or {len(seat_ids)} names (seats: {', '.join(seat_ids)})")
    if len(kinds) == 1:
        kinds = kinds * len(seat_ids)
    if out_dir is not None:
        out_folder(out_dir)
    summary = Summary(rs, sc.name, seed, seat_ids, sc.modules)
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
                game = saved.game if saved is not None else Game(rs, sc, seed=gseed)
                agents = {seat: make(kind, derive_seed(gseed, k), rs) for k, (seat, kind) in enumerate(zip(seat_ids, kinds, strict=True))}
            except (ValueError, ScenarioError) as e:
                raise fail(str(e)) from None

            def invariants(g: Game, index: int = i) -> None:
                problems = g.broken()
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
                write_out(stem.with_suffix(".save.json"), json.dumps(game.save(), indent=1))
                write_out(stem.with_suffix(".events.jsonl"), to_jsonl(game.events))
            progress.advance(task)
    result = summary.to_json()
    if as_json:
        out.print_json(json.dumps(result))
    else:
        summary.print(out)


class Summary:
    """Counts over many games: wins by seat, by faction (where the rule set has lab factions), by
    objective; turns; what happened (the rule set's tallies), all in the rule set's words."""

    def __init__(self, ruleset: Ruleset, scenario: str, seed: int, seats: list[str], modules: Sequence[str] = ()) -> None:
        self.ruleset, self.scenario, self.seed, self.seats = ruleset, scenario, seed, seats
        self.modules = list(modules)
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
            "modules": self.modules,
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
        extra = "".join(f" +{m}" for m in self.modules)
        console.print(
            f"[bold]{r['games']} games[/bold] of {self.ruleset.title} / {r['scenario']}{extra} (seed {r['seed']}): mean {r['mean_turns']} turns, {r['draws']} draws"
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
    carry_on_to: Annotated[
        Path | None,
        typer.Option(
            "--carry-on",
            help="a save played under earlier rules that the present ones play differently: write the game carried on under them here (from its snapshot where it has one)",
        ),
    ] = None,
) -> None:
    """Replay a save and check that it reproduces its event log, its outcome and its seed's commitment exactly.

    Exit 1: it does not (a corrupt or altered save); exit 3: it was played under earlier rules,
    which the present ones play differently (the step, its rules and the changes since are named;
    --carry-on writes the game carried on under the present rules)."""
    try:
        data = read_json(file)
        if log is None:
            sibling = Path(str(file).removesuffix(".save.json") + ".events.jsonl")
            log = sibling if sibling.exists() else None
        recorded = None
        if log is not None:
            recorded = read_event_log(log)
        if not isinstance(data, dict):
            raise ScenarioError(str(file), "(file)", "a grapeshot save file (a JSON object)", type(data).__name__)
        game = replay(data, recorded, source=str(file))
    except ScenarioError as e:
        raise fail(str(e)) from None
    except RulesChanged as e:
        if carry_on_to is None:
            raise fail(f"{file}: {e} (--carry-on FILE writes the game carried on under the present rules)", RULES_CHANGED) from None
        carried = carry_on(data, str(file), recorded)
        write_out(carry_on_to, json.dumps(carried.game.save(), indent=1), "--carry-on")
        out.print(f"{escape(str(file))}: {escape(carried.said())}", highlight=False, soft_wrap=True)
        out.print(
            f"[green]carried on[/green]: {escape(str(carry_on_to))}: {len(carried.game.actions)} actions under the present rules; waiting for {escape(', '.join(carried.game.waiting_for()) or 'nobody')}"
        )
        return
    except ReplayMismatch as e:
        raise fail(f"replay of {file} diverged at {e}" if e.what is None else f"replay of {file}: {e}", 1) from None
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
            raise fail(f"{file}: --commitment: this save does not reveal a seed and a salt to check (the game was not over when it was saved)")
        if game.commitment != commitment.strip().lower():
            raise fail(f"{file}: the seed and salt hash to {game.commitment}, not to the commitment {commitment.strip()} published at the start", 1)
        sealed += ", the one published at the start"
    out.print(f"[green]ok[/green]: {escape(str(file))}: {len(game.actions)} actions replayed, {escape(what)}; outcome: {escape(str(outcome))}{escape(sealed)}")


@app.command()
def serve(
    data: Annotated[Path, typer.Option(help="folder for the games database")] = Path("grapeshot-data"),
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    scenarios_dir: Annotated[
        Path | None,
        typer.Option("--scenarios", help="a folder of scenario files (NAME.yaml) to offer by name beside the built-in ones; read once, at start-up"),
    ] = None,
    store: Annotated[
        str | None,
        typer.Option(
            help="where the games are kept: a postgresql://USER@HOST:PORT/DB URL that several servers may share (needs the 'postgres' extra); by default DATA/grapeshot.sqlite"
        ),
    ] = None,
) -> None:
    """Open the web table: a lobby at http://HOST:PORT/ to start games and play them in the browser."""
    import sqlite3

    from grapeshot.server.app import create_app, run

    if store is not None and not store.startswith(("postgresql://", "postgres://")):
        raise fail(f"--store {store}: give a postgresql:// URL (the SQLite default is DATA/grapeshot.sqlite: use --data)")
    if store is None:
        out_folder(data, "--data")
    try:
        app_ = create_app(data, scenarios_dir, store=store)
    except ScenarioError as e:
        raise fail(str(e)) from None
    except sqlite3.DatabaseError as e:
        raise fail(f"--data {data}: {data / 'grapeshot.sqlite'} is not a games database grapeshot can open ({e})") from None
    except ImportError as e:
        raise fail(f"--store: PostgreSQL needs psycopg (pip install 'grapeshot[postgres]'): {e}") from None
    except (ConnectionError, ValueError) as e:
        raise fail(f"--store: {e}") from None
    for path, why in app_.state.catalogue.skipped:
        err.print(f"skipped {escape(str(path))}: {escape(why)}", highlight=False, soft_wrap=True)
    offered = f", scenarios from {scenarios_dir}/" if scenarios_dir is not None else ""
    kept = f"{escape(str(data))}/" if store is None else "PostgreSQL"
    out.print(f"grapeshot table at [bold]http://{escape(host)}:{port}/[/bold] (games kept in {kept}{escape(offered)})")
    run(app_, host, port)
