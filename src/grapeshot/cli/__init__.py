"""The ``grapeshot`` command: simulate games, replay saves, list rules and their coverage, ask
the odds, print sheets, run the balance lab, check documents.

Each room holds one family of commands and registers them on the one application
(:data:`grapeshot.cli.common.app`): :mod:`.games` (simulate, replay, serve), :mod:`.rules`
(rules, scenarios), :mod:`.odds` (odds), :mod:`.printing` (print), :mod:`.lab` (tournament, sweep, calibrate),
:mod:`.audit` (audit), :mod:`.scaffold` (new-ruleset)
and :mod:`.documents` (a group for each kind of document the rule sets read; Typer lists the
groups after the commands).
"""

from __future__ import annotations

from grapeshot.cli import audit, documents, games, lab, odds, printing, rules, scaffold
from grapeshot.cli.common import app

__all__ = ["app", "audit", "documents", "games", "lab", "main", "odds", "printing", "rules", "scaffold"]


def main() -> None:  # pragma: no cover
    app()
