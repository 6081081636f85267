"""What a study may set for a rule set (``grapeshot options``): every ``KEY=VALUE`` that
``--option`` and ``--variant`` take, listed before anyone has to guess one wrong to see them.

Four kinds, as :func:`grapeshot.lab.study.classify` tells them apart:

- the rule set's own options (``grapeshot=d3``);
- the rule modules it can **host** (asked of a game of its default scenario, as the web lobby
  asks), each switched on or off (``collisions=on``), and their options (``collisions.<name>``);
  an installed module the rule set cannot host is not offered;
- its lab's table changes, as the key patterns its lab accepts (Jim Lad's
  ``klan.<klan>.<field>``), in the lab's own words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from grapeshot.core.contract import HOST
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.module import Module, all_modules
from grapeshot.core.ruleset import Option, Ruleset, get
from grapeshot.core.scenario import default_scenario, load_scenario

_KIND_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


@dataclass(frozen=True, slots=True)
class Settable:
    """One key a study may set: its kind (``option``, ``module``, ``module option``, ``table``),
    its default, what it allows, the rule it reads and what it decides."""

    kind: str
    key: str
    default: str
    allowed: str
    rule: str
    doc: str

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "key": self.key, "default": self.default, "allowed": self.allowed, "rule": self.rule, "doc": self.doc}


def allowed(o: Option) -> str:
    """What an option takes, in words."""
    if o.choices:
        return ", ".join(map(str, o.choices))
    if o.bounds:
        return f"{o.bounds[0]:g} to {o.bounds[1]:g}"
    return _KIND_NAMES.get(o.kind, o.kind.__name__)


@lru_cache(maxsize=16)
def _hostable(name: str, installed: tuple[str, ...]) -> tuple[str, ...]:
    """The names of the ``installed`` modules the rule set ``name`` hosts (cached for the set of
    modules installed, which a test may change)."""
    rs = get(name)
    try:
        scenario = load_scenario(default_scenario(rs.name), rs.name)
        game = Game(rs, scenario, seed=0, log=False)
    except (ScenarioError, ValueError):
        return ()
    found = []
    for m in sorted((m for m in all_modules() if m.name in installed), key=lambda m: m.name):
        host = rs.offer(HOST, m.name, game)
        if host is not None and m.refusal(host) is None:
            found.append(m.name)
    return tuple(found)


def hostable(ruleset: str | Ruleset) -> list[Module]:
    """The installed rule modules the rule set can host."""
    rs = get(ruleset) if isinstance(ruleset, str) else ruleset
    names = _hostable(rs.name, tuple(sorted(m.name for m in all_modules())))
    return [m for m in sorted(all_modules(), key=lambda m: m.name) if m.name in names]


def settable(ruleset: str | Ruleset) -> list[Settable]:
    """Every key a study of the rule set may set, its own options first."""
    rs = get(ruleset) if isinstance(ruleset, str) else ruleset
    found = [Settable("option", o.name, str(o.default), allowed(o), o.rule, o.doc) for o in rs.options]
    for m in hostable(rs):
        found.append(Settable("module", m.name, "as the scenario has it", "on, off", "", f"the {m.title} module"))
        found += [Settable("module option", f"{m.name}.{o.name}", str(o.default), allowed(o), o.rule, o.doc) for o in m.options]
    lab = rs.lab()
    if lab is not None and lab.tables:
        said = lab.changes_help()
        # the lab's words start with the key's pattern (``klan.<klan>.<field>=<value> with ...``)
        first = said.split("=", 1)[0].strip()
        key = first if any(first.startswith(f"{t}.") for t in lab.tables) else " ".join(f"{t}.<...>" for t in lab.tables)
        found.append(Settable("table", key, "the text's tables", said, "", "a change to the rule set's tables"))
    return found
