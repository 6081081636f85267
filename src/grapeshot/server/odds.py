"""The chances of a shot, shown before a player commits to it.

For krak at an aim point: the chance the shell lands on each hull, and for each hull the
exact odds of what the blow does there.  Both come from :mod:`grapeshot.odds`:

* where the shell lands is an estimate (``landing_method``): exact over the scatter dice, with
  the arrow's continuous direction integrated numerically;
* what it does once on a hull is exact (``given_landing``): the penetration roll, the 6+
  ramshackle save and the damage table, enumerated through the rules' own code, as fractions
  (``"hull_points_lost": {"0": "7/12", "1": "5/12"}``) and as floats (``p_...``).

``hull_point`` puts the two together: the chance the shot costs that ship a hull point.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from grapeshot import odds as exact
from grapeshot.core.game import Game
from grapeshot.rulesets.jimlad.damage import penetration
from grapeshot.rulesets.jimlad.data import KANNONS
from grapeshot.rulesets.jimlad.state import Sea
from grapeshot.server.tables import Denied


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def krak_odds(game: Game, ship_name: str, gun: str, x: float, y: float) -> dict[str, Any]:
    """Where a krak shell aimed at (x, y) may land, and what each hull it may land on stands to lose."""
    sea = cast(Sea, game.state)
    ship = sea.ships.get(ship_name)
    if ship is None or gun not in KANNONS:
        raise Denied(404, f"no ship {ship_name!r} or kannon {gun!r}")
    if not (0.0 <= x <= sea.table.width and 0.0 <= y <= sea.table.height):
        raise Denied(400, f"x, y: an aim point on the table, x from 0 to {sea.table.width:g} and y from 0 to {sea.table.height:g} inches; got ({x:g}, {y:g})")
    k = KANNONS[gun]
    if k.krak is None:
        raise Denied(400, f"the {gun} kannon fires no krak")
    try:
        shot = exact.krak_odds(game, ship.name, gun, (x, y))
    except exact.OddsError as err:
        raise Denied(400, str(err)) from None
    targets: list[dict[str, Any]] = []
    for name, (facing, armour, given) in shot.hulls.items():
        pen = Fraction(sum(1 for f in range(1, 7) if penetration(k.krak, f, armour) == "penetrating"), 6)
        glance = Fraction(sum(1 for f in range(1, 7) if penetration(k.krak, f, armour) == "glancing"), 6)
        lost = given.hull_points_lost(name)
        damage = given.damage_results(name)
        targets.append(
            {
                "ship": name,
                "land": round(shot.landing.hulls.get(name, 0.0), 4),
                "facing": facing.value,
                "armour": armour,
                "penetrating": round(float(pen), 4),
                "glancing": round(float(glance), 4),
                "hull_point": round(shot.hull_point(name), 4),
                "given_landing": {
                    "exact": given.exact,
                    "hull_points_lost": {str(n): _frac(p) for n, p in lost.items()},
                    "p_hull_points_lost": {str(n): round(float(p), 6) for n, p in lost.items()},
                    "sunk": _frac(given.sunk(name)),
                    "damage": {d: _frac(p) for d, p in damage.items()},
                    "p_damage": {d: round(float(p), 6) for d, p in damage.items()},
                },
            }
        )
    targets.sort(key=lambda t: -float(t["land"]))
    # the rounded chances still add up to one: the open sea (and any mine or Kraken) takes the rest
    miss = 1.0 - sum(float(t["land"]) for t in targets)
    return {
        "ship": ship.name,
        "gun": gun,
        "aim": [x, y],
        "range": round(shot.range, 3),
        "strength": k.krak,
        "shots": shot.shots,
        "miss": miss,
        "models": {m: round(p, 4) for m, p in shot.landing.models.items()},
        "landing_method": shot.landing.method,
        "exact_given_landing": True,
        "policy": exact.POLICY,
        "targets": targets,
    }
