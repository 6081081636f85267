"""The rules' revisions are kept honest: every rule set's and module's changelog runs up to its
revision, and games saved at the present revisions replay exactly (their traces, logs, dice and
outcomes), so a rule whose behaviour changes without its revision being raised is caught here,
before saves people made under it are read as corrupt (docs/architecture.md (d), "Saves across
releases").

When a test here fails because a rule was changed on purpose: raise the ``revision`` of its rule
set (or module), add a ``RuleChange`` naming the rules and what changed, and write the saves
anew (a change to what the events say, and not to what the rules decide, raises the rule set's
``events_version`` instead: its saves are then checked by their dice and outcome alone)::

    .venv/bin/python -m tests.core.test_revisions --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from grapeshot.agents import make, play_out, rollout_player
from grapeshot.core.errors import ReplayMismatch
from grapeshot.core.game import Game, replay
from grapeshot.core.module import all_modules
from grapeshot.core.revisions import check_changes
from grapeshot.core.ruleset import all_rulesets
from grapeshot.core.saves import rules_of
from tests.test_conformance import CASES, load

HERE = Path(__file__).parents[1] / "data" / "revisions"
#: the built-in cases (not the toy's or the harbour's: they are the tests' own)
BUILT_IN = [(rs, sc) for rs, sc in CASES if rs not in ("toy", "harbour")]
SEED = 3


def _path(ruleset: str, scenario: str) -> Path:
    return HERE / f"{ruleset}-{scenario}.save.json"


def _played(ruleset: str, scenario: str) -> Game:
    sc = load(scenario, ruleset)
    g = Game(ruleset, sc, seed=SEED)
    play_out(g, {s.id: make(rollout_player(ruleset), SEED + k, ruleset) for k, s in enumerate(sc.seats)})
    return g


@pytest.mark.parametrize("plugin", [*all_rulesets(), *all_modules()], ids=lambda p: p.name)
def test_every_changelog_runs_up_to_its_revision(plugin: object) -> None:
    check_changes(plugin.name, plugin.revision, plugin.changes)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("ruleset", "scenario"), BUILT_IN)
def test_a_game_saved_at_the_present_revisions_replays_exactly(ruleset: str, scenario: str) -> None:
    path = _path(ruleset, scenario)
    assert path.exists(), f"no save of {ruleset} {scenario} at its revision: write them (see the module's docstring)"
    data = json.loads(path.read_text())
    now = rules_of(Game(ruleset, load(scenario, ruleset), seed=SEED))
    assert data["rules"] == now, f"{path.name} was written at {data['rules']}, the rules are now at {now}: write the saves anew (see the module's docstring)"
    try:
        replay(data, source=path.name)
    except ReplayMismatch as err:
        pytest.fail(
            f"{ruleset} {scenario} plays its saved game differently at the same revisions {now}: a rule changed without its revision. "
            f"Raise the revision and add a RuleChange, then write the saves anew (see the module's docstring). {err}"
        )


def write() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    for old in HERE.glob("*.save.json"):
        old.unlink()
    for ruleset, scenario in BUILT_IN:
        g = _played(ruleset, scenario)
        _path(ruleset, scenario).write_text(json.dumps(g.save(), separators=(",", ":")))
        print(f"{ruleset} {scenario}: {len(g.actions)} actions at {rules_of(g)}")


if __name__ == "__main__" and "--write" in sys.argv:
    write()
