"""The rules' revisions: which version of its rules a rule set (or module) plays, and what changed.

A save replays its actions under the rules of the release that reads it.  When a rule is fixed,
an older save may no longer replay to what was played: a shot is refused that was allowed, a ram
is charged that was not.  So every save and every stored game records the revision of each rule
set and module it was played under (``"rules": {"jimlad": 2}``), each rule set lists its changes
(:class:`RuleChange`: the revision that made it, the rule IDs, what changed), and a replay that
differs under newer rules says which changes lie between and which rules the step that differs
used, instead of calling the save corrupt (docs/architecture.md (d), "Saves across releases").

A save without the field was made before revisions were recorded: revision 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RuleChange:
    """One revision of a rule set's rules: the rules it changed and, in a line, how."""

    revision: int
    rules: tuple[str, ...]
    summary: str

    def said(self, owner: str) -> str:
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{owner} revision {self.revision}{rules}: {self.summary}"


#: the revision of a save that records none (written before revisions were)
UNRECORDED = 0
#: every rule set's and module's first recorded revision
FIRST_REVISION = RuleChange(1, (), "the rules as they stood when revisions began to be recorded; a save without a revision was played by earlier rules")


def check_changes(owner: str, revision: int, changes: Sequence[RuleChange]) -> None:
    """A rule set's changelog must run 1, 2, ... up to its revision (a test asks every one)."""
    numbers = [c.revision for c in changes]
    if numbers != list(range(1, revision + 1)):
        raise ValueError(f"{owner}: its changes are revisions {numbers}, but it plays revision {revision}: list one RuleChange per revision from 1")


def read_rules(data: object, source: str) -> dict[str, int]:
    """A save's ``rules`` field: each rule set's and module's revision (empty: not recorded)."""
    from grapeshot.core.errors import ScenarioError

    if data is None:
        return {}
    if not isinstance(data, Mapping) or not all(isinstance(k, str) and type(v) is int and v >= 0 for k, v in data.items()):
        raise ScenarioError(source, "rules", "each rule set's and module's revision, as {name: whole number}", data)
    return dict(data)


@dataclass(frozen=True, slots=True)
class Owner:
    """A rule set or module as its revisions see it."""

    name: str
    revision: int
    changes: tuple[RuleChange, ...]


def between(owners: Iterable[Owner], recorded: Mapping[str, int]) -> list[str]:
    """The changes, in words, from the revisions a save records to the ones played now."""
    out: list[str] = []
    for o in owners:
        was = recorded.get(o.name, UNRECORDED)
        out.extend(c.said(o.name) for c in o.changes if c.revision > was)
    return out


def newer(owners: Iterable[Owner], recorded: Mapping[str, int]) -> list[str]:
    """The rule sets and modules a save was played under a later revision of than this release's."""
    return [f"{o.name} revision {recorded[o.name]} (this release plays {o.revision})" for o in owners if recorded.get(o.name, UNRECORDED) > o.revision]
