"""How a save writes what its dice did: the seed, and the rolls on record.

A seed is any whole number of up to :data:`SEED_DIGITS` digits, written as a JSON number or as
its digits in a string (pages keep seeds as text: JavaScript rounds whole numbers beyond
2^53).  A roll on record is ``{"expr": "2D6", "faces": [3, 5]}``, with the ``direction`` of a
scatter arrow as it was rolled (not rounded, unlike the event log's): the rolls a save of a
running game holds instead of its secret seed, and those a continued game began with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grapeshot.core.errors import ScenarioError
from grapeshot.dice import DiceError, Roll, parse

SEED_DIGITS = 40  # a seed is any whole number of at most this many digits (a 64-bit one has 20)


def read_seed(value: object, source: str, field: str) -> int:
    """A seed as a save or a request gives it: a whole number, or its decimal digits as text (a web
    page keeps seeds as text, since JavaScript rounds whole numbers beyond 2^53), of at most
    :data:`SEED_DIGITS` digits."""
    expected = f"a whole number of at most {SEED_DIGITS} digits (or those digits as text)"
    if isinstance(value, str) and 0 < len(value.lstrip("-")) <= SEED_DIGITS and value.lstrip("-").isdigit() and value.isascii():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**SEED_DIGITS:
        return value
    raise ScenarioError(source, field, expected, value)


def roll_json(r: Roll) -> dict[str, Any]:
    out: dict[str, Any] = {"expr": r.expr, "faces": list(r.faces)}
    if r.direction is not None:
        out["direction"] = r.direction
    return out


def read_roll(data: object, source: str, field: str) -> Roll:
    """One roll on record: ``{"expr": "2D6", "faces": [3, 5]}``, a scatter arrow with its ``direction``."""
    if (
        not isinstance(data, Mapping)
        or not isinstance(data.get("expr"), str)
        or not isinstance(data.get("faces"), list)
        or set(data) - {"expr", "faces", "direction"}
    ):
        raise ScenarioError(source, field, "a roll {'expr': ..., 'faces': [...]} (and a 'direction' for a scatter arrow)", data)
    direction = data.get("direction")
    if direction is not None and (isinstance(direction, bool) or not isinstance(direction, int | float) or not 0.0 <= direction < 360.0):
        raise ScenarioError(source, f"{field}.direction", "degrees from 0 up to 360", direction)
    try:
        expr = parse(data["expr"])
        roll = expr.result(data["faces"], None if direction is None else float(direction))
    except DiceError as err:
        raise ScenarioError(source, field, "a roll those dice can show", str(err)) from None
    if roll.expr != data["expr"]:
        raise ScenarioError(source, f"{field}.expr", f"the expression written as {roll.expr!r}", data["expr"])
    return roll


def hex_field(dice: Mapping[str, Any], key: str, source: str) -> str | None:
    value = dice.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= 128 or any(c not in "0123456789abcdef" for c in value):
        raise ScenarioError(source, f"dice.{key}", "lower-case hexadecimal digits", value)
    return value
