"""A command group for each kind of document the rule sets read beside their scenarios
(``grapeshot fleet check FILE``; a document's printable pages are ``grapeshot print``'s).  The file is read here, for
every rule set alike, through the one reader of files from outside
(:mod:`grapeshot.core.untrusted`: a regular file, UTF-8, at most 1 MB, plain YAML without
aliases or keys given twice, nested at most 64 levels); a file it cannot use is one line and
exit 2, and the rule set checks only the data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from grapeshot.cli.common import app, err, fail, out
from grapeshot.core.capabilities import DocumentKind
from grapeshot.core.contract import DOCUMENTS
from grapeshot.core.errors import ScenarioError
from grapeshot.core.ruleset import Ruleset, all_rulesets, default_ruleset, get
from grapeshot.core.untrusted import read_yaml


def read_document(file: Path) -> object:
    """A document file's data, or the one-line error that says why it cannot be read."""
    try:
        return read_yaml(file)
    except ScenarioError as e:
        raise fail(str(e)) from None


def group_help(name: str, offers: list[tuple[Ruleset, DocumentKind]]) -> str:
    """A group's help: the one rule set's own words where one offers the kind; where several do,
    words of none of them (a rule set's help names its game), and the rule sets listed."""
    if len(offers) == 1:
        return offers[0][1].help
    return f"{name.capitalize()} files (YAML), checked by a rule set's rules: {', '.join(sorted(rs.name for rs, _ in offers))}"


def default_for(offers: list[tuple[Ruleset, DocumentKind]]) -> str:
    """The rule set ``--ruleset`` means when not given: the default rule set where it offers the
    kind (so the commands agree with the rest of the command line), else the first that does."""
    first = default_ruleset().name
    return first if any(rs.name == first for rs, _ in offers) else offers[0][0].name


def _document_group(name: str, offers: list[tuple[Ruleset, DocumentKind]]) -> typer.Typer:
    """``grapeshot <kind> check FILE``: one group per kind of
    document a rule set reads (``fleet``), whose rule sets offer its checker (``--ruleset`` picks
    one where several do)."""
    group = typer.Typer(no_args_is_help=True, help=group_help(name, offers))
    default = default_for(offers)
    by_name = {rs.name: kind for rs, kind in offers}

    def kind_of(ruleset: str) -> DocumentKind:
        try:
            rs = get(ruleset)
        except ValueError as e:
            raise fail(str(e)) from None
        if rs.name not in by_name:
            raise fail(f"the rule set {rs.name!r} reads no {name} files; those that do: {', '.join(sorted(by_name))}")
        return by_name[rs.name]

    @group.command("check")
    def check(
        file: Annotated[Path, typer.Argument(help="the file (YAML)")],
        ruleset: Annotated[str, typer.Option(help="the rule set whose rules the file is checked by")] = default,
        as_json: Annotated[bool, typer.Option("--json", help="print the problems as JSON")] = False,
    ) -> None:
        """Check a file against the rules: every problem is printed with the rule it breaks."""
        kind = kind_of(ruleset)
        checked = kind.check(read_document(file))
        if as_json:
            out.print_json(
                json.dumps({"file": str(file), "legal": checked.legal, "summary": checked.summary, "problems": [p.to_json() for p in checked.problems]})
            )
        elif checked.legal:
            out.print(f"[green]ok[/green]: {escape(str(file))}: {escape(checked.summary)}", highlight=False, soft_wrap=True)
        else:
            for p in checked.problems:
                err.print(f"[red]{p.rule or 'format'}[/red] {escape(p.where)}: {escape(p.message)}", highlight=False, soft_wrap=True, markup=True)
            err.print(f"{file}: {len(checked.problems)} problem(s)", highlight=False, markup=False)
        if not checked.legal:
            raise typer.Exit(1)

    return group


def _document_groups() -> None:
    offers: dict[str, list[tuple[Ruleset, DocumentKind]]] = {}
    for rs in sorted(all_rulesets(), key=lambda r: r.name):
        for kind in rs.offer(DOCUMENTS) or ():
            offers.setdefault(kind.name, []).append((rs, kind))
    for name, found in sorted(offers.items()):
        app.add_typer(_document_group(name, found), name=name)


_document_groups()
