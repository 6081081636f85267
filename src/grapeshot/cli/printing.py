"""``grapeshot print PAGE SOURCE``: the one command for every printable page of every rule set.

A rule set's pages (its ``printables()``, :mod:`grapeshot.core.printing`) are each of a subject,
and the page's name says which, so one command prints them all:

* a page of a game (``grapeshot print sheets fort-assault``) or of one of its pieces
  (``grapeshot print roster duel --piece "Da Big Smasha" --ruleset jimlad``): SOURCE is a
  scenario file or a built-in scenario's name (a new game: blank sheets), or a save file
  (``.json``: the game as it stands, replayed first).  It is printed as a spectator sees it;
* a page of a document (``grapeshot print roster my-fleet.yaml``): SOURCE is the document's file,
  read through the one reader of files from outside and checked by its kind's own check first
  (exit 1 naming the rules an illegal one breaks, as ``grapeshot <kind> check`` exits).

Where several rule sets print a page of that name, ``--ruleset`` picks one; where one of them
prints it of a piece and another of a document, ``--piece`` says it is the piece's.  What cannot
be printed is one line and exit 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from grapeshot.cli.common import app, err, fail, write_out
from grapeshot.cli.documents import read_document
from grapeshot.core.contract import PRINTABLES
from grapeshot.core.errors import ReplayMismatch, RulesChanged, ScenarioError
from grapeshot.core.game import Game, replay
from grapeshot.core.printing import DocumentPage, IllegalDocument, Page, page_of, print_document, print_game
from grapeshot.core.ruleset import Ruleset, all_rulesets, get
from grapeshot.core.scenario import builtin_scenarios, load_scenario
from grapeshot.core.untrusted import read_json


def _printers(page: str, ruleset: str | None) -> list[tuple[Ruleset, Page]]:
    """The rule sets that print a page ``page`` (only ``ruleset``'s where one is named), with it."""
    if ruleset is not None:
        rs = get(ruleset)
        return [(rs, page_of(rs, page))]
    found = [(rs, p) for rs in sorted(all_rulesets(), key=lambda r: r.name) if (ps := rs.offer(PRINTABLES)) is not None for p in ps.pages if p.name == page]
    if not found:
        every = "; ".join(f"{rs.name}: {ps.said()}" for rs in sorted(all_rulesets(), key=lambda r: r.name) if (ps := rs.offer(PRINTABLES)) is not None)
        raise LookupError(f"no rule set prints a page {page!r}; they print {every or 'nothing'}")
    return found


def _one(page: str, found: list[tuple[Ruleset, Page]], piece: str | None) -> list[tuple[Ruleset, Page]]:
    """Among rule sets printing a page of this name of different subjects: a piece's where
    ``--piece`` is given, else a document's."""
    subjects = {p.subject for _, p in found}
    if len(subjects) > 1:
        found = [(rs, p) for rs, p in found if (p.subject == "piece") == (piece is not None) and (piece is not None or p.subject == "document")]
    if not found:
        raise LookupError(f"the page {page!r} is of a piece in some rule sets and of a document in others: name the rule set with --ruleset")
    return found


def _game(source: str, ruleset: str | None, printers: list[str]) -> Game:
    """The game SOURCE stands for: a save replayed, or a new game of a scenario file or built-in scenario."""
    if source.endswith(".json") and Path(source).exists():
        data = read_json(Path(source))
        if not isinstance(data, dict):
            raise ScenarioError(source, "(file)", "a grapeshot save file (a JSON object)", type(data).__name__)
        return replay(data, None, source=source)
    if ruleset is None and not Path(source).exists() and Path(source).suffix not in (".yaml", ".yml"):
        owners = [name for name in printers if source in builtin_scenarios(name)]
        if not owners:
            raise ValueError(
                f"{source!r} is neither a scenario or save file nor a built-in scenario of {', '.join(printers)} (see grapeshot scenarios --ruleset NAME)"
            )
        if len(owners) > 1:
            raise ValueError(f"{source!r} is a built-in scenario of {', '.join(owners)}: name one with --ruleset")
        ruleset = owners[0]
    sc = load_scenario(source, get(ruleset).name if ruleset else None)
    return Game(sc.ruleset, sc, seed=0)


def _printed(page: str, source: str, ruleset: str | None, piece: str | None) -> str:
    found = _one(page, _printers(page, ruleset), piece)
    if all(isinstance(p, DocumentPage) for _, p in found):
        if len(found) > 1:
            raise ValueError(f"{', '.join(rs.name for rs, _ in found)} each print a page {page!r} of a document: name one with --ruleset")
        rs, doc = found[0]
        assert isinstance(doc, DocumentPage)
        return print_document(rs, doc, read_document(Path(source)))
    game = _game(source, ruleset, [rs.name for rs, _ in found])
    for rs, p in found:
        if rs is game.ruleset and not isinstance(p, DocumentPage):
            return print_game(p, game, None, piece)
    raise LookupError(f"{source} is a game of {game.ruleset.name}, which prints no page {page!r} of a game or a piece")


@app.command("print")
def print_page(
    page: Annotated[str, typer.Argument(help="the page, by name (sheets, roster: see the rule set's docs)")],
    source: Annotated[str, typer.Argument(help="what it is of: a scenario file or built-in scenario, a save file (.json), or a document's file")],
    ruleset: Annotated[str | None, typer.Option(help="the rule set whose page it is (default: the one that prints it, or the source's)")] = None,
    piece: Annotated[str | None, typer.Option(help="the piece (a ship) a page of a piece is of")] = None,
    out_file: Annotated[Path | None, typer.Option("--out", help="write the page here (default: standard output)")] = None,
) -> None:
    """Print one of a rule set's printable pages (HTML with print CSS): of a game, of one of its
    pieces, or of a document."""
    try:
        html = _printed(page, source, ruleset, piece)
    except IllegalDocument as e:  # read, but it breaks its rules: exit 1, as its kind's check does
        raise fail(f"{source}: {e}", 1) from None
    except (ValueError, LookupError, ScenarioError, RulesChanged, ReplayMismatch) as e:
        raise fail(str(e.args[0]) if isinstance(e, LookupError) and e.args else str(e)) from None  # a KeyError's own words, unquoted
    if out_file is None:
        sys.stdout.write(html)
    else:
        write_out(out_file, html)
        err.print(f"wrote {escape(str(out_file))}", soft_wrap=True)
