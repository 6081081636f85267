"""The ``range`` preview: how far a target is from the figure (or the gun it fires) as the rules
measure it, so the number the page prints beside an aimed action is the one the log then gives.

The rules measure from the nearest edge: a figure's base to a figure's base (a shot, a blow, a
throw, a spell: :func:`grapeshot.geometry.base_gap`), a base to a hull or a fort's walls, and a
gun's footing to the nearest point of what it fires at (:func:`.guns.gap_to`, the gun's own
measure); never centre to centre, which reads an inch or more long.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast

from grapeshot.core.capabilities import Param, Preview, Question
from grapeshot.core.game import Game
from grapeshot.geometry import base_gap, hull_gap
from grapeshot.rulesets.woodenships.data import GATE_WIDTH, GUN_RADIUS
from grapeshot.rulesets.woodenships.guns import gap_to, target_of
from grapeshot.rulesets.woodenships.pieces import Figure, Fort, Gate, Gun, Ship
from grapeshot.rulesets.woodenships.state import Shore


def measure(shore: Shore, figure: Figure, target: Figure | Ship | Gun | Fort | Gate, gun: Gun | None) -> tuple[float, str]:
    """The rules' range to ``target`` (from ``gun``'s footing when the figure fires it) and what
    it is measured between."""
    if gun is not None:
        return gap_to(shore, gun, target), "the gun's footing to the nearest point of the target"
    me = shore.base(figure)
    if isinstance(target, Figure):
        return max(0.0, base_gap(me, shore.base(target))), "base edge to base edge"
    if isinstance(target, (Ship, Fort)):
        return max(0.0, hull_gap(me, target.hull)), "base edge to the nearest point of the hull"
    if isinstance(target, Gun):
        p = shore.gun_point(target)
        return max(0.0, math.hypot(p.x - me.x, p.y - me.y) - me.radius - GUN_RADIUS), "base edge to the gun's footing"
    return max(0.0, math.hypot(target.x - me.x, target.y - me.y) - me.radius - GATE_WIDTH / 2.0), "base edge to the gate"


def range_to(game: Game, seat: str | None, values: Mapping[str, object]) -> dict[str, Any]:
    """How far ``target`` is from ``figure`` (or from the gun ``weapon`` when that names a gun),
    in the rules' measure."""
    shore = cast(Shore, game.state)
    fig = shore.figures.get(str(values["figure"]))
    if fig is None or not fig.alive:
        raise LookupError(f"no figure {values['figure']!r} standing on the table")
    target = target_of(shore, cast(str, values["target"]))
    if target is None:
        raise LookupError(f"no piece {values['target']!r} on the table")
    if isinstance(target, Figure) and not target.alive:
        raise LookupError(f"{target.name} stands on the table no longer")
    weapon = cast(str | None, values["weapon"])
    gun = shore.guns.get(weapon) if weapon else None
    gap, between = measure(shore, fig, target, gun)
    return {"figure": fig.name, "target": values["target"], "weapon": weapon, "range": round(gap, 4), "measured": between}


RANGE_PREVIEW = Preview(
    Question(
        "range",
        "how far a target is from a figure (or the gun it fires), as the rules measure it",
        (
            Param("figure", "the acting figure, by name", required=True),
            Param("target", "the figure, ship, gun, fort or gate aimed at, by name", required=True),
            Param("weapon", "the weapon used (a gun's name: measured from its footing)"),
        ),
    ),
    range_to,
)
