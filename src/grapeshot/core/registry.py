"""The rule registry: every numbered rule, the code that implements it, the tests that cover it.

Each ruleset keeps a :class:`RuleBook` of its rule IDs (as numbered in the
project's rules index) with a title in our words, a status, and the dotted
names of the functions or tables that implement it.  Tests name the rules
they cover with ``@pytest.mark.rules("JL-MOVE-1", ...)``; :func:`scan_tests`
reads those marks from the test sources (without running them) so
``grapeshot rules --coverage`` can say which rules no test covers.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

Status = Literal["implemented", "planned"]

RULE_ID = re.compile(r"^[A-Z]{2}-[A-Z]+-\d+$")


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One numbered rule: what it says (in short), where the code is, and whether it is in play yet.

    ``says`` is what the rule makes happen at the table in a sentence or three of the project's
    own words (who rolls what, what a result does, the numbers that matter), so that the table's
    rules panel can tell a newcomer more than the short title; empty where none is written yet."""

    id: str
    title: str
    where: tuple[str, ...]
    status: Status = "implemented"
    says: str = ""


class RuleBook:
    """All rule IDs of one ruleset.  A book may hold the IDs of several prefixes: a rule set that
    stands on a core of stand-in rules of its own lists those beside the text's (Naval Warhammer's
    NW and its fantasy core's FB).  ``says`` maps rule IDs to what each does (the rule set's
    ``said.py``), kept apart from the entries so a book's list of code stays short to read."""

    def __init__(self, ruleset: str, prefix: str | tuple[str, ...], entries: Iterable[RuleEntry], says: Mapping[str, str] | None = None) -> None:
        self.ruleset = ruleset
        self.prefix = prefix
        prefixes = (prefix,) if isinstance(prefix, str) else prefix
        self.entries: dict[str, RuleEntry] = {}
        for e in entries:
            if not RULE_ID.match(e.id) or not any(e.id.startswith(p + "-") for p in prefixes):
                raise ValueError(f"bad rule id {e.id!r} for {ruleset}")
            if e.id in self.entries:
                raise ValueError(f"rule {e.id} registered twice")
            if e.status == "implemented" and not e.where:
                raise ValueError(f"rule {e.id} is implemented but names no code")
            self.entries[e.id] = e
        for rid, text in (says or {}).items():
            if rid not in self.entries:
                raise ValueError(f"{ruleset} says what rule {rid} does, but its book holds no such rule")
            self.entries[rid] = replace(self.entries[rid], says=text)

    def in_scope(self) -> list[RuleEntry]:
        return [e for e in self.entries.values() if e.status == "implemented"]

    def __iter__(self) -> Iterator[RuleEntry]:
        return iter(self.entries.values())


def rules_of(package: str) -> Callable[..., RuleEntry]:
    """The maker of a rule book's implemented entries, ``(rid, title, *where)``, whose code is
    named from ``package`` on (``"flow.play"`` for ``<package>.flow.play``), so that a book lists
    its code short and every book makes its entries the same way."""

    def implemented(rid: str, title: str, *where: str) -> RuleEntry:
        return RuleEntry(rid, title, tuple(f"{package}.{w}" for w in where))

    return implemented


def planned(rid: str, title: str) -> RuleEntry:
    """An entry for a rule still to come: no code yet, so the coverage check does not ask a test of it."""
    return RuleEntry(rid, title, (), "planned")


#: a rule ID anywhere in a text (an event's line names them in ``rule``, ``weapon_rule``, ``basis``...)
NAMED_ID = re.compile(r"\b[A-Z]{2}-[A-Z]+-\d+\b")


def rules_named(text: str, book: RuleBook) -> set[str]:
    """The rules of ``book`` that a text (such as an event log's line) names anywhere in it."""
    return {rid for rid in NAMED_ID.findall(text) if rid in book.entries}


def resolve(dotted: str) -> object:
    """Import the longest module prefix of a dotted name and walk the rest as attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(dotted)


def _mark_ids(node: ast.expr) -> list[str]:
    """Rule IDs named by a ``pytest.mark.rules(...)`` call."""
    if isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "rules":
            return [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return []


def scan_tests(root: Path) -> dict[str, list[str]]:
    """Map each rule ID to the tests marked as covering it (``file::name``)."""
    out: dict[str, list[str]] = {}
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))  # the checkout's own tests (a developer's tool): not outside input
        rel = path.relative_to(root.parent).as_posix()
        module_ids: list[str] = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
                values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
                for v in values:
                    module_ids += _mark_ids(v)

        def visit(body: list[ast.stmt], prefix: str, inherited: list[str], rel: str = rel) -> None:
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    ids = list(inherited)
                    for d in node.decorator_list:
                        ids += _mark_ids(d)
                    name = f"{prefix}{node.name}"
                    if isinstance(node, ast.ClassDef):
                        visit(node.body, f"{name}::", ids, rel)
                    elif node.name.startswith("test"):
                        for rid in ids:
                            out.setdefault(rid, []).append(f"{rel}::{name}")

        visit(tree.body, "", module_ids)
    return out


def tests_dir() -> Path | None:
    """The repository's ``tests`` folder, when grapeshot runs from a checkout."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent / "tests"
        if candidate.is_dir() and (parent / "pyproject.toml").exists():
            return candidate
    return None


def index_ids(rules_md: Path, prefix: str) -> list[str]:
    """The rule IDs with a given prefix listed in the rules index (``RULES.md``)."""
    # the project's own rules index (a developer's tool): not outside input
    ids = re.findall(rf"^- ({prefix}-[A-Z]+-\d+)\b", rules_md.read_text(encoding="utf-8"), flags=re.M)
    return list(dict.fromkeys(ids))
