"""The odds engine names no rule set: ``grapeshot/odds/`` imports only the core, the dice and
itself, the command line's and the server's odds ask the rule set's capability alone, and
``grapeshot.odds`` offers every name the rest of the project imports from it."""

from __future__ import annotations

import grapeshot.odds
from tests.dice.test_package import PACKAGE, grapeshot_imports, imported_names


def test_the_odds_package_imports_only_the_core_the_dice_and_itself() -> None:
    modules = sorted((PACKAGE / "odds").glob("*.py"))
    assert len(modules) >= 7
    allowed = ("grapeshot.core", "grapeshot.dice", "grapeshot.odds")
    outside = {str(m.relative_to(PACKAGE)): sorted(i for i in grapeshot_imports(m) if not i.startswith(allowed)) for m in modules}
    assert {k: v for k, v in outside.items() if v} == {}


def test_the_command_line_and_the_servers_odds_import_no_rule_set() -> None:
    rooms = sorted((PACKAGE / "cli").glob("*.py"))
    assert len(rooms) >= 6
    for path in (*rooms, PACKAGE / "server" / "odds.py"):
        assert [i for i in grapeshot_imports(path) if i.startswith("grapeshot.rulesets")] == [], path


def test_every_name_imported_from_grapeshot_odds_is_offered() -> None:
    wanted = imported_names("grapeshot.odds")
    assert {"DECLINE", "TAKE_ON_FAILURE", "Sandbox", "enumerate_outcomes", "Odds", "Runner"} <= wanted
    assert sorted(wanted - set(grapeshot.odds.__all__)) == []
    assert all(hasattr(grapeshot.odds, name) for name in grapeshot.odds.__all__)
