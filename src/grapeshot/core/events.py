"""The game log: every roll and every rule verdict, as typed, JSON-ready events.

The schema is documented in ``docs/events.md``.  Events are the truth that
replays, the web table's animations and the analysis read; each one that
applies a rule names the rule ID and carries the geometry it used.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: Fields every event has; an event's own data may not reuse these names.
RESERVED = frozenset({"seq", "turn", "phase", "kind", "rule", "visible_to"})


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log.

    ``visible_to`` is ``None`` for public events, or the seats that may see it
    (hidden information stays out of other seats' logs).
    """

    seq: int
    turn: int
    phase: str
    kind: str
    rule: str | None
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq, "turn": self.turn, "phase": self.phase, "kind": self.kind}
        if self.rule is not None:
            out["rule"] = self.rule
        clash = RESERVED.intersection(self.data)
        if clash:
            raise ValueError(f"event {self.kind!r} uses reserved field name(s) {sorted(clash)}")
        out.update(self.data)
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out

    def line(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), default=_default)

    def visible(self, seat: str | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


def _default(o: object) -> object:
    if isinstance(o, (set, frozenset)):
        return sorted(o)
    if hasattr(o, "_asdict"):
        return o._asdict()
    raise TypeError(f"not JSON-serialisable in an event: {o!r}")


def to_jsonl(events: Iterable[Event]) -> str:
    return "".join(e.line() + "\n" for e in events)


def digest(events: Iterable[Event]) -> str:
    """A fingerprint of a whole log (to check that a replay reproduced it)."""
    h = hashlib.sha256()
    for e in events:
        h.update(e.line().encode())
        h.update(b"\n")
    return h.hexdigest()
