"""What every command of the ``grapeshot`` command line shares: the application, the consoles,
the options several commands take alike, and the clean one-line error."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from grapeshot.core.ruleset import Ruleset, default_ruleset, get

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
WorkersOpt = Annotated[int, typer.Option("--workers", "--jobs", min=1, help="worker processes (local backend, or a local Dask cluster)")]
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


def ruleset_named(name: str | None) -> Ruleset:
    """The rule set named, else the default (the first installed)."""
    return get(name) if name is not None else default_ruleset()


def fail(message: str, code: int = 2) -> typer.Exit:
    """A clean one-line error (the message is printed as it is: brackets in it are not markup)."""
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
    return typer.Exit(code)
