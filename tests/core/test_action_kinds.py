"""A rule set's (and a module's) action kinds are known as soon as it is asked for by name, in a
fresh process, before any game of it is made: a save or a request names them first.  (Naval
Warhammer's were registered only once a game was built, so `grapeshot replay` of its saves failed
with "unknown action kind 'crew'", and so did a server's first request.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from grapeshot.core.module import all_modules
from grapeshot.core.ruleset import all_rulesets

PROBE = """
import importlib, json, pkgutil, sys
from grapeshot.core import actions
from grapeshot.core.module import get_module
from grapeshot.core.ruleset import get
kind, name = sys.argv[1], sys.argv[2]
plugin = get(name) if kind == "ruleset" else get_module(name)
def known():
    return sorted(k for k in actions._REGISTRY if k.startswith(plugin.namespace + "."))
first = known()
package = importlib.import_module(type(plugin).__module__.rpartition(".")[0] if not hasattr(importlib.import_module(type(plugin).__module__), "__path__") else type(plugin).__module__)
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
print(json.dumps({"first": first, "all": known()}))
"""


def _plugins() -> list[tuple[str, str]]:
    return [("ruleset", r.name) for r in all_rulesets() if r.__module__.startswith("grapeshot.")] + [
        ("module", m.name) for m in all_modules() if type(m).__module__.startswith("grapeshot.")
    ]


@pytest.mark.parametrize(("kind", "name"), _plugins())
def test_every_action_kind_is_known_once_the_rule_set_is_got(kind: str, name: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, kind, name], capture_output=True, text=True, timeout=120, check=True)
    seen = json.loads(done.stdout)
    assert seen["all"], f"{name} has action kinds"
    assert seen["first"] == seen["all"], f"registered only when a part of {name} is imported: {sorted(set(seen['all']) - set(seen['first']))}"
