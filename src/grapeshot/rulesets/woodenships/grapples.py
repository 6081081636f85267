"""Cutting grapples (WS-BOARD-2): grappled ships stay together until figures have made two
successful attacks with edged weapons on the grappled side.

* A figure of either ship, carrying an edged weapon (sword, axe, halberd, a rifle's bayonet: the
  ruling of WS-RULING-1, ``data.MeleeWeapon.edged``), standing at its gunwale facing a ship its
  own is grappled to (its base within 2" of that hull, as for throwing a grapple), may hack at
  the grapple lines as its action.
* The attack is rolled as a blow of that weapon (sword and halberd 5-6, axe and bayonet 6), a
  hero's +1 counting (WS-FIG-2); the gang-up does not, for a rope fights no one.
* The hits are counted for the pair of ships, over turns and by figures of either side; the
  second cuts the grapple free and the count starts again.  A grapple thrown again later needs
  two hits of its own.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import hull_gap
from grapeshot.rulesets.woodenships.checks import attempt, hero
from grapeshot.rulesets.woodenships.data import BOARD_REACH, melee_of
from grapeshot.rulesets.woodenships.pieces import Figure, Ship
from grapeshot.rulesets.woodenships.state import Shore

#: successful edged attacks that cut a grapple (WS-BOARD-2)
CUTS_NEEDED = 2


def pair(a: str, b: str) -> str:
    """The key a grapple between two ships is counted under, whichever way round."""
    return "|".join(sorted((a, b)))


def edged(shore: Shore, figure: Figure) -> list[str]:
    """The edged weapons a figure carries (by name)."""
    out = []
    for w in shore.carried(figure.name):
        profile = melee_of(w.kind)
        if profile is not None and profile.edged:
            out.append(w.name)
    return out


def cut_refused(shore: Shore, figure: Figure, weapon: str | None, target: str | None) -> str | None:
    """Why ``figure`` may not hack at the grapple holding its ship to ``target`` with ``weapon``."""
    if figure.spot is None or not figure.spot.aboard:
        return f"{figure.name} is not aboard a ship"
    own = shore.ships[figure.spot.ident]
    if target not in own.grappled:
        return f"{own.name} is not grappled to {target!r}"
    w = shore.weapons.get(weapon or "")
    if w is None or w.holder != figure.name:
        return f"{figure.name} does not carry {weapon!r} (WS-ARMS-4)"
    profile = melee_of(w.kind)
    if profile is None or not profile.edged:
        return f"a {w.kind} has no edge to cut a grapple with (WS-BOARD-2, WS-RULING-1)"
    other = shore.ships[target]
    if hull_gap(shore.base(figure), other.hull) > BOARD_REACH:
        return f"{figure.name} stands more than {BOARD_REACH:g}\" from {other.name}'s side: go to the gunwale"
    return None


def cut(g: Game, shore: Shore, figure: Figure, weapon: str, target: str) -> Generator[Prompt, Any, None]:
    """WS-BOARD-2: an edged attack on the grapple lines; the second success frees the ships."""
    assert figure.spot is not None
    own: Ship = shore.ships[figure.spot.ident]
    other = shore.ships[target]
    w = shore.weapons[weapon]
    profile = melee_of(w.kind)
    assert profile is not None
    mods = hero(figure)
    out = yield from attempt(g, figure, f"{figure.name} hacks at the grapple to {other.name} with the {w.kind}", "WS-BOARD-2", profile.to_hit, mods)
    key = pair(own.name, other.name)
    hits = shore.grapple_cuts.get(key, 0) + (1 if out.passed else 0)
    freed = hits >= CUTS_NEEDED
    if freed:
        own.grappled.discard(other.name)
        other.grappled.discard(own.name)
        shore.grapple_cuts.pop(key, None)
    else:
        shore.grapple_cuts[key] = hits
    g.emit(
        "cut",
        "WS-BOARD-2",
        figure=figure.name,
        side=figure.side,
        weapon=w.name,
        ships=[own.name, other.name],
        hit=out.passed,
        need=out.need,
        mods=[m.to_json() for m in mods],
        hits=hits,
        freed=freed,
    )
