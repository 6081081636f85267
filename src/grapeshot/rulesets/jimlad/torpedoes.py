"""Torpedoes (JL-SHOOT-6) and the Blood Axes' manned torpedoes (JL-SHOOT-7, JL-KLAN-7).

A salvo is two S9 torpedoes.  Standard ones run straight ahead in parallel,
2" apart, for 48"; each end point scatters 2D6" and the track is redrawn to
it; the first hull under a track is struck (one ship may take both).
Manned torpedoes go where they are aimed, within 90 degrees of the bow and
18", without scatter.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import SCATTER, RollRequest, nd6
from grapeshot.geometry import Arc, Vec, distance, first_hull_on_segment, scatter, unit
from grapeshot.rulesets.jimlad.actions import Torpedoes
from grapeshot.rulesets.jimlad.damage import strike
from grapeshot.rulesets.jimlad.data import (
    KLANS,
    MANNED_TORPEDO_ARC,
    MANNED_TORPEDO_RANGE,
    TORPEDO_RUN,
    TORPEDO_SCATTER_DICE,
    TORPEDO_SPACING,
    TORPEDO_STRENGTH,
)
from grapeshot.rulesets.jimlad.state import Sea, Ship

Proc = Generator[Prompt, Any, Any]


def can_launch(ship: Ship) -> bool:
    return ship.salvos_left > 0 and "torpedoes" not in ship.fired and not ship.repaired


def manned_arc(ship: Ship) -> Arc:
    return Arc(ship.hull.heading, MANNED_TORPEDO_ARC)


def check_torpedoes(sea: Sea, ship: Ship, action: Torpedoes) -> None:
    if not can_launch(ship):
        raise IllegalAction(f"{ship.name} has no torpedo salvo to launch this turn (salvos left: {ship.salvos_left})")
    if KLANS[ship.klan].manned_torpedoes:
        if len(action.aims) != 2:
            raise IllegalAction("Blood Axe manned torpedoes need two aim points [[x, y], [x, y]]")
        bow = ship.hull.bow
        for a in action.aims:
            p = Vec(*a)
            if distance(bow, p) > MANNED_TORPEDO_RANGE + 1e-9 or not manned_arc(ship).contains(bow, p):
                raise IllegalAction(
                    f'manned torpedo aim {list(a)} must be within {MANNED_TORPEDO_RANGE:g}" of the bow and {MANNED_TORPEDO_ARC:g} degrees of dead ahead'
                )
    elif action.aims:
        raise IllegalAction("standard torpedoes run straight ahead: give no aim points")


def launch(g: Game, sea: Sea, ship: Ship, action: Torpedoes) -> Proc:
    """Launch the salvo and resolve both torpedoes."""
    ship.fired.add("torpedoes")
    ship.salvos_left -= 1
    hull = ship.hull
    manned = KLANS[ship.klan].manned_torpedoes
    tracks: list[tuple[Vec, Vec, dict[str, Any]]] = []
    if manned:
        bow = hull.bow
        for a in action.aims:
            tracks.append((bow, Vec(*a), {"manned": True}))
    else:
        ahead = unit(hull.heading)
        for side in (0.5, -0.5):
            start = hull.world(hull.hl, side * TORPEDO_SPACING)
            intended = Vec(start.x + ahead.x * TORPEDO_RUN, start.y + ahead.y * TORPEDO_RUN)
            sc = yield from g.roll(RollRequest(SCATTER, f"{ship.name}: torpedo scatter", "JL-SHOOT-6", ship.commander, ship.name, "hit"))
            inches = 0
            if sc.direction is not None:
                d = yield from g.roll(
                    RollRequest(nd6(TORPEDO_SCATTER_DICE), f"{ship.name}: torpedo scatter distance", "JL-SHOOT-6", ship.commander, ship.name, None)
                )
                inches = d.total
            end = scatter(intended, sc.direction, float(inches))
            tracks.append(
                (
                    start,
                    end,
                    {
                        "intended": [round(intended.x, 4), round(intended.y, 4)],
                        "scatter": {"hit": sc.direction is None, "direction": None if sc.direction is None else round(sc.direction, 3), "inches": inches},
                    },
                )
            )
    rule = "JL-SHOOT-7" if manned else "JL-SHOOT-6"
    for i, (start, end, info) in enumerate(tracks):
        others = [(s.name, s.hull) for s in sea.afloat() if s is not ship]
        found = first_hull_on_segment(start, end, others)
        g.emit(
            "torpedo",
            rule,
            ship=ship.name,
            torpedo=i + 1,
            start=[round(start.x, 4), round(start.y, 4)],
            end=[round(end.x, 4), round(end.y, 4)],
            hit=None if found is None else found[0],
            at=None if found is None else [round(found[1].x, 4), round(found[1].y, 4)],
            **info,
        )
        if found is None:
            continue
        target = sea.ships[found[0]]
        facing = target.hull.facing_towards(start if target.hull.contains(start) else found[1] - (end - start) * 1e-6)
        yield from strike(g, sea, target, TORPEDO_STRENGTH, facing, by_seat=ship.commander, by_actor=ship.name, cause=f"{ship.name}'s torpedo", rule=rule)
