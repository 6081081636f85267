"""``grapeshot audit``: games' event logs read against what their rules forbid, by each rule set's
own referee (:mod:`grapeshot.core.audit`), without the code that played them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from grapeshot.cli.common import RulesetOpt, app, fail, out
from grapeshot.core.audit import GENERIC, Auditor, Finding, audit, auditors_of, game_log
from grapeshot.core.errors import ReplayMismatch, ScenarioError
from grapeshot.core.game import replay
from grapeshot.core.module import get_module
from grapeshot.core.ruleset import get
from grapeshot.core.untrusted import read_event_log, read_json

SAVE = ".save.json"
LOG = ".events.jsonl"


def _names(text: str | None) -> list[str]:
    return [m.strip() for m in (text or "").split(",") if m.strip()]


def _auditors(ruleset: str, modules: list[str], source: str) -> list[Auditor]:
    try:
        return auditors_of(get(ruleset), [get_module(m) for m in modules])
    except ValueError as e:
        raise fail(f"{source}: {e}") from None


def _from_save(path: Path) -> tuple[list[dict[str, Any]], list[Auditor]]:
    """A save replayed to its log (the log as the present rules write it)."""
    try:
        data = read_json(path)
        if not isinstance(data, dict):
            raise ScenarioError(str(path), "(file)", "a grapeshot save file (a JSON object)", type(data).__name__)
        game = replay(data, None, source=str(path))
    except (ScenarioError, ReplayMismatch) as e:
        raise fail(f"{path}: {e}") from None
    return game_log(game)


def _from_log(path: Path, ruleset: str | None, modules: str | None) -> tuple[list[dict[str, Any]], list[Auditor]]:
    """A log as written (``simulate --out``); its rule set and modules from the save beside it, else the options."""
    try:
        records = read_event_log(path)
    except ScenarioError as e:
        raise fail(str(e)) from None
    if not all(isinstance(r, dict) for r in records):
        raise fail(f"{path}: every line must be one event (a JSON object)")
    sibling = Path(str(path).removesuffix(LOG) + SAVE)
    if ruleset is None and sibling.is_file():
        try:
            data = read_json(sibling)
        except ScenarioError as e:
            raise fail(str(e)) from None
        if isinstance(data, dict) and isinstance(data.get("ruleset"), str):
            mods = data.get("modules", [])
            named = [m for m in mods if isinstance(m, str)] if isinstance(mods, list) else []
            return records, _auditors(data["ruleset"], named, str(sibling))
    if ruleset is None:
        raise fail(f"{path}: no save beside it to say its rule set; give --ruleset (and --modules)")
    return records, _auditors(ruleset, _names(modules), str(path))


@app.command("audit")
def audit_cmd(
    files: Annotated[list[Path] | None, typer.Argument(help="saves (.save.json, replayed) or event logs (.events.jsonl)")] = None,
    ruleset: RulesetOpt = None,
    modules: Annotated[str | None, typer.Option(help="comma list of the modules in play (for a log without its save)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the findings as JSON")] = False,
    list_checks: Annotated[bool, typer.Option("--list", help="list what each auditor checks, by rule")] = False,
) -> None:
    """Read games' logs record by record against what the rules forbid (each rule set's own referee).

    Exit 1 when anything is found; each finding names the rule, the record (its seq) and what."""
    if list_checks:
        rs = get(ruleset) if ruleset else None
        auditors = _auditors(rs.name, _names(modules), "--ruleset") if rs else []
        for rule, what in {**GENERIC, **{k: v for a in auditors for k, v in a.checks.items()}}.items():
            out.print(f"{escape(rule)}: {escape(what)}", highlight=False, soft_wrap=True)
        return
    if not files:
        raise fail("give saves or event logs to audit (or --list with --ruleset)")
    report: dict[str, list[Finding]] = {}
    for path in files:
        records, auditors = _from_save(path) if path.name.endswith(SAVE) else _from_log(path, ruleset, modules)
        report[str(path)] = audit(records, auditors)
        if not as_json:
            found = report[str(path)]
            out.print(
                f"{escape(str(path))}: {len(records)} records, " + (f"[red]{len(found)} found[/red]" if found else "[green]clean[/green]"), highlight=False
            )
            for f in found:
                out.print(f"  {escape(f.said())}", highlight=False, soft_wrap=True)
    if as_json:
        print(json.dumps({p: [f.to_json() for f in fs] for p, fs in report.items()}, indent=1))
    if any(report.values()):
        raise typer.Exit(1)
