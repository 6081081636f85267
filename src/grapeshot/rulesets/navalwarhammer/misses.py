"""Why a cannonball hit nothing (NW-CANNON-1), in what the log and the board can show.

A ball strikes only what lies on its line between where it comes down and where its bounce ends:
a model whose base the line crosses, a mast or the rigging about it, or a hull's side where the
line crosses it.  So a ball that comes down on a deck between the crew's bases, or in the water
short of a ship, or bounces out before her side, hits nothing; the record says where it came down
(on whose deck, or in the water) and the nearest things on its line short of it and beyond it, so
a player reads why.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from grapeshot.geometry import Hull, Vec, point_hull_distance, segment_hull_span
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import InPath
from grapeshot.rulesets.navalwarhammer.state import Sea


def true_range(origin: Vec, direction: float, hull: Hull, reach: float) -> float:
    """A guessed shot's true range, told with its result: how far along its line of fire it
    meets the hull it was aimed at, or (a line that misses her) how far her hull lies at the
    nearest."""
    far = Vec(origin.x + math.cos(math.radians(direction)) * reach, origin.y + math.sin(math.radians(direction)) * reach)
    span = segment_hull_span(origin, far, hull)
    return round(max(0.0, span[0]) * reach if span is not None else point_hull_distance(origin, hull), 2)


def ball_missed(sea: Sea, origin: Vec, direction: float, own: str, path: Sequence[InPath], landing: float, end: float, reach: float) -> dict[str, Any]:
    """What a ball that hit nothing came down on and passed: ``on`` (the ship whose deck it came
    down on, else ``None``: the water), ``decks`` (each ship's hull along the line, inches from
    the gun), ``short`` and ``beyond`` (the nearest thing on the line before the landing and
    after the bounce's end, with the middle of its span), for the log's words and the board."""
    far = Vec(origin.x + math.cos(math.radians(direction)) * reach, origin.y + math.sin(math.radians(direction)) * reach)
    decks: list[tuple[str, float, float]] = []
    for ship in sea.afloat():
        if ship.name == own:
            continue
        span = segment_hull_span(origin, far, ship.hull)
        if span is not None:
            decks.append((ship.name, round(max(0.0, span[0]) * reach, 2), round(span[1] * reach, 2)))
    decks.sort(key=lambda d: d[1])
    on = next((name for name, a, b in decks if a <= landing <= b), None)
    before = [p for p in path if p.end < landing]
    after = [p for p in path if p.start > end]
    short = max(before, key=lambda p: p.end, default=None)
    beyond = min(after, key=lambda p: p.start, default=None)
    return {
        "landing": round(landing, 2),
        "end": round(end, 2),
        "on": on,
        "decks": [list(d) for d in decks],
        "short": None if short is None else [short.unit.name, round((short.start + short.end) / 2.0, 2)],
        "beyond": None if beyond is None else [beyond.unit.name, round((beyond.start + beyond.end) / 2.0, 2)],
    }


def words(d: Mapping[str, Any]) -> str:
    """The log's sentence for a ball that hit nothing."""
    where = f"on {d['on']}'s deck" if d["on"] else "in the water"
    out = f'  {d["gun"]}\'s ball came down {where} {d["landing"]:.1f}" out and ran on to {d["end"]:.1f}"'
    if d["on"]:
        out += ", between the bases of her crew (a hull is struck only where the ball crosses her side)"
    reasons = []
    if not d["on"]:
        for name, a, b in d["decks"]:
            if d["landing"] > b:
                reasons.append(f'it came down beyond {name} (her hull {a:.1f}" to {b:.1f}" along its line)')
            elif d["end"] < a:
                reasons.append(f'it stopped short of {name} (her hull {a:.1f}" to {b:.1f}" along its line)')
    if d["short"]:
        reasons.append(f'it flew over {d["short"][0]} at {d["short"][1]:.1f}"')
    if d["beyond"]:
        reasons.append(f'{d["beyond"][0]} stood beyond, at {d["beyond"][1]:.1f}"')
    if d.get("named"):
        reasons.append(f"only {d['named']} could be hit (a named target)")
    return out + (": " + "; ".join(reasons) if reasons else ": nothing lay on its line") + "."
