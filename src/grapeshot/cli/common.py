"""What every command of the ``grapeshot`` command line shares: the application, the consoles,
the options several commands take alike, the clean one-line error, and the one rule for the
paths a command writes to (:func:`out_folder`, :func:`write_out`)."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from collections.abc import Iterator
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
PlayerOpt = Annotated[
    str | None, typer.Option(help="the player in every seat (heuristic, random, search, or a level: easy, normal, hard); default: the rule set's quick player")
]
FreshOpt = Annotated[bool, typer.Option(help="discard the results already stored in --out")]
MaxGamesOpt = Annotated[int | None, typer.Option(min=0, help="stop after about this many new games (a trial; run again to go on)")]
QuietOpt = Annotated[bool, typer.Option(help="no progress bar")]
BackendOpt = Annotated[str, typer.Option(help="where the games run: local (a process pool), dask (a Dask cluster), ray (not included)")]
SchedulerOpt = Annotated[str | None, typer.Option(help="dask: the scheduler's address (tcp://HOST:PORT); default: a local cluster of --workers processes")]
#: piped or redirected, rich would cut its tables at 80 columns; a file or a pager has room
PIPED_WIDTH = 200
out = Console(width=None if sys.stdout.isatty() or os.environ.get("COLUMNS") else PIPED_WIDTH)
err = Console(stderr=True, width=None if sys.stderr.isatty() or os.environ.get("COLUMNS") else PIPED_WIDTH)


def ruleset_named(name: str | None) -> Ruleset:
    """The rule set named, else the default (the first installed)."""
    return get(name) if name is not None else default_ruleset()


def fail(message: str, code: int = 2) -> typer.Exit:
    """A clean one-line error (the message is printed as it is: brackets in it are not markup)."""
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
    return typer.Exit(code)


# --------------------------------------------------------------------------- where a command writes
#
# One rule for every command's output paths (``--out``, ``serve --data``): folders missing on the
# way are made; a file is written whole or not at all (into a temporary file beside it, renamed
# over the path once complete), so an existing file is replaced only by a complete new one; a
# path of the wrong kind (a file where a folder is wanted, a folder, device or pipe where a file
# is) is refused with one line before anything is written.


def _made(folder: Path, option: str, named: Path) -> Path:
    if folder.exists() and not folder.is_dir():
        raise fail(f"{option} {named}: {folder} is a file, not a folder (choose another path, or move the file)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise fail(f"{option} {named}: cannot make the folder {folder} ({e.strerror or e})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise fail(f"{option} {named}: cannot write into the folder {folder} (permission denied)")
    return folder


def out_folder(path: Path, option: str = "--out") -> Path:
    """The folder a command writes its files into, made now (with any folders missing on the way)
    if it is not there; refused with one line (:func:`fail`) where it is a file, leads through one,
    or cannot be made or written into.  Call it before the work whose results go there."""
    return _made(path, option, path)


def write_out(path: Path, text: str, option: str = "--out") -> None:
    """Write a command's output file whole or not at all: into a temporary file beside it, then
    renamed over ``path`` (atomically), so a reader never sees half a page and a failure leaves
    what was there.  An existing file is replaced; folders missing on the way are made; a folder,
    a device or a pipe at ``path`` is refused (a pipe would block, a device is no page)."""
    if path.exists() and not path.is_file():
        raise fail(f"{option} {path}: a file to write, not a folder, device or pipe")
    folder = _made(path.parent, option, path)
    part = folder / f".{path.name[:100]}.{secrets.token_hex(4)}.part"
    try:
        with os.fdopen(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(part, path)
    except OSError as e:
        part.unlink(missing_ok=True)
        raise fail(f"{option} {path}: cannot write the file ({e.strerror or e})") from None


@contextlib.contextmanager
def writing_into(folder: Path, option: str = "--out") -> Iterator[None]:
    """Where a library writes many files into a folder (the lab's report), a failure to write
    one ends as one line naming the folder, not a traceback."""
    try:
        yield
    except OSError as e:
        where = f" ({e.filename})" if getattr(e, "filename", None) else ""
        raise fail(f"{option} {folder}: cannot write the files{where}: {e.strerror or e}") from None
