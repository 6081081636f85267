"""The chances of a shot, shown before a player commits to it.

For krak at an aim point: the chance the shell lands on each hull (a hit face, or
each scatter distance of 2D6 less BS in a uniformly random direction, integrated
over the arrow's direction), and for each hull the chance that the blow goes
through (S + D6 against the facing's armour, then the 6+ ramshackle save).  Every
probability is built from the same tables the rules use.
"""

from __future__ import annotations

import math
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.dice import SCATTER_HIT_FACES
from grapeshot.geometry import Vec, distance
from grapeshot.rulesets.jimlad.damage import penetration
from grapeshot.rulesets.jimlad.data import KANNONS, RAMSHACKLE_SAVE, armour_of
from grapeshot.rulesets.jimlad.kannon import mount
from grapeshot.rulesets.jimlad.state import Sea
from grapeshot.server.tables import Denied

DIRECTIONS = 180  # arrow directions integrated over for each scatter distance
HIT = SCATTER_HIT_FACES / 6.0  # the scatter die shows "hit"


def krak_odds(game: Game, ship_name: str, gun: str, x: float, y: float) -> dict[str, Any]:
    """Where a krak shell aimed at (x, y) may land, and what each hull it may land on stands to lose."""
    sea = cast(Sea, game.state)
    ship = sea.ships.get(ship_name)
    if ship is None or gun not in KANNONS:
        raise Denied(404, f"no ship {ship_name!r} or kannon {gun!r}")
    k = KANNONS[gun]
    if k.krak is None:
        raise Denied(400, f"the {gun} kannon fires no krak")
    m = mount(ship, gun)
    aim = Vec(x, y)
    bs = int(sea.option("krak_scatter_bs"))
    hulls = [s for s in sea.afloat()]
    land: dict[str, float] = {s.name: 0.0 for s in hulls}
    miss = 0.0

    def settle(p: Vec, weight: float) -> None:
        nonlocal miss
        for s in hulls:
            if s.hull.contains(p):
                land[s.name] += weight
                return
        miss += weight

    settle(aim, HIT)
    arrow = 1.0 - HIT
    for a in range(1, 7):
        for b in range(1, 7):
            inches = max(0, a + b - bs)
            w = arrow / 36.0
            if inches == 0:
                settle(aim, w)
                continue
            for i in range(DIRECTIONS):
                t = 2 * math.pi * (i + 0.5) / DIRECTIONS
                settle(Vec(aim.x + inches * math.cos(t), aim.y + inches * math.sin(t)), w / DIRECTIONS)
    targets: list[dict[str, Any]] = []
    for s in hulls:
        p = land[s.name]
        if p <= 0.0:
            continue
        facing = s.hull.facing_towards(m)
        armour = armour_of(s.klan, facing)
        pen = sum(1 for f in range(1, 7) if penetration(k.krak, f, armour) == "penetrating") / 6.0
        glance = sum(1 for f in range(1, 7) if penetration(k.krak, f, armour) == "glancing") / 6.0
        through = (RAMSHACKLE_SAVE - 1) / 6.0
        targets.append(
            {
                "ship": s.name,
                "land": round(p, 4),
                "facing": facing.value,
                "armour": armour,
                "penetrating": round(pen, 4),
                "glancing": round(glance, 4),
                "hull_point": round(p * (pen + glance) * through, 4),
            }
        )
    targets.sort(key=lambda t: -float(t["land"]))
    return {"ship": ship.name, "gun": gun, "aim": [x, y], "range": round(distance(m, aim), 3), "strength": k.krak, "miss": round(miss, 4), "targets": targets}
