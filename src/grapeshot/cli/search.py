"""``grapeshot calibrate --search``: the search for each piece's fair cost by bisection over a
range of budgets, every step stopped by the confidence sequence (:mod:`grapeshot.lab.search`),
played with a progress bar a step, its findings printed and kept in ``OUT/search.json``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from grapeshot.cli.common import err, fail, out, out_folder, writing_into


def _num(x: float | None, missing: str) -> str:
    return missing if x is None else f"{x:.3g}"


def cells(row: dict[str, Any]) -> list[str]:
    """A piece's row of the printed table: the interval's open ends said as beyond the range."""
    fair = "-" if row["fair"] is None else f"{row['fair']:.3g} [{_num(row['fair_low'], '...')}, {_num(row['fair_high'], '...')}]"
    vs = "-" if row["text_vs_fair"] is None else f"{100 * row['text_vs_fair']:+.0f}%"
    even = f"{_num(row['even'], '-')} [{_num(row['even_low'], 'below')}, {_num(row['even_high'], 'above')}]"
    return [row["piece"], f"{row['text_cost']:.3g}", even, fair, vs, str(row["games"]), str(len(row["steps"]))]


def run_fair_search(
    search: Any, out_dir: Path, backend: str, workers: int, scheduler: str | None, fresh: bool, max_games: int | None, quiet: bool
) -> dict[str, Any]:
    """Play the search into ``OUT/search/`` on one pool for all its steps; print and keep what it found."""
    from grapeshot.lab.results import StoreMismatch
    from grapeshot.lab.runner import BackendError, Interrupted, open_pool, run_study
    from grapeshot.lab.search import run_search

    out_folder(out_dir)
    left = [max_games]
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err, disable=quiet) as progress:

        def play(calibration: Any, store: Any, looker: Any) -> Any:
            task = progress.add_task(f"search step ({', '.join(p.label for p in calibration.points)})", total=calibration.total)
            info = run_study(
                calibration, store, backend=backend, workers=workers, pool=pool, limit=left[0], stop=looker, progress=lambda n: progress.advance(task, n)
            )
            progress.update(task, total=info.stopping.games if info.stopping else calibration.total, completed=store.count())
            if left[0] is not None:
                left[0] = max(0, left[0] - info.played)
            return info

        try:
            with open_pool(backend, workers, scheduler) as pool:
                found = run_search(search, out_dir / "search", play, fresh=fresh)
        except BackendError as e:
            raise fail(str(e)) from None
        except StoreMismatch as e:
            raise fail(f"{e} (--fresh discards them)") from None
        except sqlite3.DatabaseError as e:
            raise fail(f"--out {out_dir}: a step's store is not a results database the lab can use ({e}); choose another --out") from None
        except Interrupted:
            progress.stop()
            err.print(f"[yellow]stopped[/yellow]: the steps played are stored in {out_dir / 'search'}; run the same command again to resume")
            raise typer.Exit(130) from None
    summary = found.to_json()
    with writing_into(out_dir):
        (out_dir / "search.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    base = search.base
    t = Table(title=f"fair cost search of {base.ruleset} against {base.reference} ({base.reference_cost} points)", title_justify="left")
    for k, col in enumerate(("piece", "text cost", "even budget [interval]", "fair cost [interval]", "text vs fair", "games", "steps")):
        t.add_column(Text(col), justify="left" if k == 0 else "right")
    for row in summary["pieces"]:
        t.add_row(*(Text(c) for c in cells(row)))
    out.print(t)
    for row in summary["pieces"]:
        out.print(f"{row['piece']}: {row['why']}.", highlight=False, soft_wrap=True, markup=False)
    if not found.finished:
        out.print(f"The search is not finished ({found.games} games counted): run the same command again to go on.", highlight=False, soft_wrap=True)
        raise typer.Exit(0)
    conf = f"{100 * (1 - search.alpha):.0f}%"
    out.print(
        f"The search stopped when every piece's fair budget was found or could not be told, after {found.games} games counted in "
        f"{len(found.steps)} steps: each step's score read against one half by a {conf} confidence sequence shared over the "
        f"{search.family} answers the search may take. Kept in {out_dir / 'search.json'}.",
        highlight=False,
        soft_wrap=True,
    )
    return summary
