"""Wounds and deaths: a figure loses life points, and at none it falls (WS-FIG-1, WS-FIG-2).

A fallen figure leaves the table; what it carried lies where it fell (on a deck, in the ship's
frame, or on the ground) for anyone to pick up, or sinks where it fell in the water.  Its death
scores for the side that killed it: a point a life point it had (a man 1, a hero 3; the
victory ruling, WS-RULING-1).  No longer anyone's prisoner, he is struck from the collisions
module's lists too (``collisions.fallen``: its swimmers, prisoners and boarders), whatever rule
killed him.
"""

from __future__ import annotations

from grapeshot.core.game import Game
from grapeshot.geometry import Surface
from grapeshot.rulesets.collisions.ports import FALLEN
from grapeshot.rulesets.woodenships.pieces import Figure
from grapeshot.rulesets.woodenships.state import Shore


def wound(g: Game, shore: Shore, victim: Figure, damage: int, by: str | None, cause: str, rule: str) -> None:
    """Take ``damage`` life points off ``victim`` (``by``: the side that did it, if any)."""
    if not victim.alive:
        return
    before = victim.life
    victim.life = max(0, victim.life - damage)
    g.emit("wound", rule, figure=victim.name, side=victim.side, damage=damage, life=victim.life, was=before, cause=cause, by=by)
    if victim.life == 0:
        kill(g, shore, victim, by, cause, rule)


def kill(g: Game, shore: Shore, victim: Figure, by: str | None, cause: str, rule: str) -> None:
    """The figure falls: its weapons drop where it stood (lost in the water), its death scores."""
    assert victim.spot is not None
    spot = victim.spot
    p = shore.world(spot)
    dropped, lost = [], []
    for w in shore.carried(victim.name):
        w.holder = None
        if spot.surface is Surface.WATER:
            w.spot = None
            lost.append(w.name)
        else:
            w.spot = spot
            dropped.append(w.name)
    victim.life = 0
    victim.spot = None
    victim.killed_by = by
    shore.prisoners.pop(victim.name, None)
    fallen = g.procedure(FALLEN)  # the module, if in play: the dead leave its boardings and prisoners
    if fallen is not None:
        fallen(g, victim.name)
    scores = by is not None and by != victim.side and not victim.wild  # a wild creature is no one's loss
    if scores:
        assert by is not None
        shore.scored[by] = shore.scored.get(by, 0) + victim.max_life
    g.emit(
        "killed",
        rule,
        figure=victim.name,
        side=victim.side,
        figure_kind=victim.kind,
        at=[round(p.x, 4), round(p.y, 4)],
        on=spot.surface.value,
        of=spot.ident,
        cause=cause,
        by=by,
        dropped=dropped,
        lost=lost,
        scored=victim.max_life if scores else 0,
    )
