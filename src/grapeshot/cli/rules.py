"""What a rule set holds: ``grapeshot rules`` (the numbered rules, their code and their tests, or
the options) and ``grapeshot scenarios`` (the built-in scenarios)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from grapeshot.cli.common import RulesetOpt, app, fail, out, ruleset_named
from grapeshot.core.module import all_modules, get_module
from grapeshot.core.registry import scan_tests, tests_dir
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.core.scenario import builtin_scenarios, load_scenario


@app.command()
def rules(
    ruleset: Annotated[str | None, typer.Option(help="one rule set (default: all, and every installed module)")] = None,
    modules: Annotated[str | None, typer.Option(help="comma list of rule modules to list with the rule set")] = None,
    coverage: Annotated[bool, typer.Option("--coverage", help="exit non-zero if a rule in scope has no covering test")] = False,
    options: Annotated[bool, typer.Option("--options", help="list the options (house rules and rulings) instead of the rules")] = False,
    tests_folder: Annotated[
        Path | None,
        typer.Option("--tests", help="the tests folder whose rule marks count (default: grapeshot's checkout's; a rule set's own package: its tests)"),
    ] = None,
) -> None:
    """List the numbered rules, the code that implements each, and the tests that cover it."""
    try:
        chosen = [get(ruleset)] if ruleset else all_rulesets()
        mods = [get_module(m.strip()) for m in modules.split(",") if m.strip()] if modules else ([] if ruleset else all_modules())
    except ValueError as e:
        raise fail(str(e)) from None
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
    if tests_folder is not None and not tests_folder.is_dir():
        raise fail(f"--tests {tests_folder}: not a folder")
    tdir = tests_folder if tests_folder is not None else tests_dir()
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
            raise fail("no tests folder found (coverage is checked from a source checkout)")
        if missing:
            raise fail(f"{len(missing)} rule(s) in play have no covering test: {', '.join(missing)}", 1)
        out.print("[green]coverage ok[/green]: every rule in play is covered by at least one test")


_KIND_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


@app.command()
def scenarios(ruleset: RulesetOpt = None) -> None:
    """List the built-in scenarios."""
    try:
        rs = ruleset_named(ruleset)
    except ValueError as e:
        raise fail(str(e)) from None
    for name in builtin_scenarios(rs.name):
        sc = load_scenario(name, rs.name)
        out.print(f'[bold]{name}[/bold]: {sc.title}: {len(sc.seats)} seats, table {sc.table.width:g}" x {sc.table.height:g}"')
