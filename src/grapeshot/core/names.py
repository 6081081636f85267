"""Names people give things: one limit and one cleaning rule for every one of them.

A person's text becomes a name in many places: a scenario's name and title, its seats, its
terrain, the ships, figures and forts of its fleets, a fleet file's name and its ships' (the
lobby's builders send the same).  A name is shown on the table, in the log, in links and on
printed sheets, and other fields refer to it, so every one of them is checked here, the same
way: text of 1 to :data:`MAX_NAME` characters, without control characters (a bell, a newline,
a right-to-left override, a zero-width joiner that makes two names look the same) and without
spaces at either end (``"Kestrel "`` would be a ship that looks like ``"Kestrel"`` and is not).
A name is refused, never quietly changed: a changed name would no longer match the fields that
refer to it.
"""

from __future__ import annotations

import unicodedata

#: the most characters of a name (the longest built-in title has 83)
MAX_NAME = 100
#: what a name is, in the words every refusal uses
NAME_RULE = f"a name: text of 1 to {MAX_NAME} characters, without control characters or spaces at either end"
#: Unicode's categories of characters that are not seen as themselves: controls, format
#: characters (direction overrides, zero-width joiners), surrogates, private use, unassigned,
#: and the line and paragraph separators
_UNSEEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def name_problem(value: object) -> str | None:
    """What is wrong with ``value`` as a name (the words follow "expected a name ..., "), or
    ``None`` for a good one."""
    if isinstance(value, bool | int | float):
        return f"not {value!r}, which is read as {'true or false' if isinstance(value, bool) else 'a number'} (quote it to make it a name)"
    if value is None:
        return "none given"
    if not isinstance(value, str):
        return f"not a value of type {type(value).__name__}"
    if not value:
        return "not empty text"
    if len(value) > MAX_NAME:
        return f"not text of {len(value)} characters"
    for i, ch in enumerate(value):
        if unicodedata.category(ch) in _UNSEEN:
            return f"not text with the control character U+{ord(ch):04X} at position {i + 1}"
    if value != value.strip():
        return "not text with spaces at its start or end"
    return None


def refusal(problem: str) -> str:
    """The whole of what a name's refusal expects: the rule, and what this one is instead."""
    return f"{NAME_RULE}; {problem}"
