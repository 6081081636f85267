"""Where a krak shell comes down, and what it does there (JL-SHOOT-3, JL-SHOOT-8).

The scatter dice are exact; the arrow's direction is continuous, so the chance of each hull is
integrated over the arcs of each scatter circle that fall on it: the arcs end where the circle
meets a hull edge or a model's rim (tangent points included), and the middle of each arc,
tested as :func:`kannon.krak` tests a landing point, decides the whole arc.  Floating point,
labelled ``numeric``; the blow on each hull it may land on is exact (:func:`blows.strike_odds`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from grapeshot.core.game import Game
from grapeshot.dice import SCATTER_HIT_FACES, nd6
from grapeshot.geometry import Facing, Vec, circle_circle_angles, circle_segment_angles, distance, scatter
from grapeshot.odds import OddsError, candidates, percent
from grapeshot.rulesets.jimlad import kannon, npc
from grapeshot.rulesets.jimlad.damage import penetration
from grapeshot.rulesets.jimlad.data import KANNONS, KLANS, KRAK_SCATTER_DICE, KRAKEN_RADIUS, MINE_RADIUS, GunName, armour_of
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.odds.blows import strike_odds
from grapeshot.rulesets.jimlad.odds.runs import POLICY, ShipOdds, sea_of, ship_of
from grapeshot.rulesets.jimlad.state import Sea


@dataclass
class Landing:
    """Where a krak shell aimed at a point comes down: the chance of each hull, each non-player
    model (a mine, the Kraken) and the open sea.  The dice part is exact; the arrow's direction
    is integrated numerically (the arcs of each scatter circle over each hull), so these are
    floating-point numbers, labelled ``numeric``."""

    hulls: dict[str, float]
    models: dict[str, float]
    miss: float
    method: str = "numeric: exact over the scatter dice, the arrow's direction integrated over the arcs each hull covers (floating point, not a fraction)"


def scatter_distances(bs: int) -> dict[int, Fraction]:
    """The krak scatter distance (2D6 less BS, at least 0) given an arrow, exactly."""
    out: dict[int, Fraction] = {}
    expr = nd6(KRAK_SCATTER_DICE)
    cands, total = candidates(expr)
    for faces, w in cands:
        d = max(0, sum(faces) - bs)
        out[d] = out.get(d, Fraction(0)) + Fraction(w, total)
    return out


def circle_cuts(c: Vec, r: float, sea: Sea) -> list[float]:
    """Directions (degrees) where the circle about ``c`` of radius ``r`` meets a hull edge or a
    model's rim, tangent points included: between two neighbouring cuts the circle lies wholly on
    one thing or off it, so the midpoint of each arc decides the whole arc."""
    cuts: list[float] = []
    for s in sea.afloat():
        pts = [Vec(x, y) for x, y in s.hull.corners]
        for i in range(4):
            cuts.extend(circle_segment_angles(c, r, pts[i], pts[(i + 1) % 4]))
    for m in sea.mines:
        cuts.extend(circle_circle_angles(c, r, Vec(m.x, m.y), MINE_RADIUS))
    if sea.kraken is not None:
        cuts.extend(circle_circle_angles(c, r, Vec(sea.kraken.x, sea.kraken.y), KRAKEN_RADIUS))
    return sorted(cuts)


def lands_on(sea: Sea, p: Vec) -> tuple[str, str]:
    """What a krak shell landing at ``p`` strikes, as :func:`kannon.krak` decides it."""
    target = next((t for t in sea.afloat() if t.hull.contains(p) and not in_harbour(sea, t)), None)
    if target is not None:
        return "hull", target.name
    model = npc.model_at(sea, p)
    if model is not None:
        return "model", model
    return "miss", ""


def landing_odds(sea: Sea, aim: Vec) -> Landing:
    """The chance a krak shell aimed at ``aim`` lands on each hull (see :class:`Landing`)."""
    bs = int(sea.option("krak_scatter_bs"))
    hit = Fraction(SCATTER_HIT_FACES, 6)
    spots: dict[int, Fraction] = {0: hit}
    for d, p in scatter_distances(bs).items():
        spots[d] = spots.get(d, Fraction(0)) + (1 - hit) * p
    tally: dict[tuple[str, str], float] = {}
    for d, weight in spots.items():
        if d == 0:
            where = lands_on(sea, aim)
            tally[where] = tally.get(where, 0.0) + float(weight)
            continue
        cuts = circle_cuts(aim, float(d), sea)
        bounds = [*cuts, cuts[0] + 360.0] if cuts else [0.0, 360.0]
        for a, b in pairwise(bounds):
            if b - a <= 0:
                continue
            where = lands_on(sea, scatter(aim, (a + b) / 2, float(d)))  # where kannon.krak puts it
            tally[where] = tally.get(where, 0.0) + float(weight) * (b - a) / 360.0
    hulls = {name: p for (kind, name), p in tally.items() if kind == "hull"}
    models = {name: p for (kind, name), p in tally.items() if kind == "model"}
    return Landing(hulls, models, tally.get(("miss", ""), 0.0))


@dataclass
class KrakOdds:
    """A krak shot: where it lands (numeric) and, for each hull it may land on, the exact odds of
    what it does there.  ``hull_point`` combines the two: the chance the shot costs that ship a
    hull point (numeric, since the landing is)."""

    ship: str
    gun: str
    aim: tuple[float, float]
    range: float
    strength: int
    shots: str  # "1", or "D3" for a Deff Skulls broadside (each shell lands on its own)
    landing: Landing
    hulls: dict[str, tuple[Facing, int, ShipOdds]]  # facing, armour, exact odds given the landing

    def hull_point(self, name: str) -> float:
        odds = self.hulls[name][2]
        return self.landing.hulls.get(name, 0.0) * float(1 - odds.hull_points_lost(name).get(0, Fraction(0)))

    def penetration(self, name: str) -> dict[str, Fraction]:
        """The chance the shell's penetration roll on that hull penetrates and glances, exactly
        (before the ramshackle save; JL-SHOOT-8)."""
        armour = self.hulls[name][1]
        verdicts = [penetration(self.strength, face, armour) for face in range(1, 7)]
        return {v: Fraction(verdicts.count(v), 6) for v in ("penetrating", "glancing")}

    def to_json(self) -> dict[str, Any]:
        return {
            "ship": self.ship,
            "gun": self.gun,
            "aim": list(self.aim),
            "range": round(self.range, 3),
            "strength": self.strength,
            "shots": self.shots,
            "policy": POLICY,
            "landing": {
                "method": self.landing.method,
                "exact": False,
                "miss": round(self.landing.miss, 6),
                "hulls": {k: round(v, 6) for k, v in self.landing.hulls.items()},
                "models": {k: round(v, 6) for k, v in self.landing.models.items()},
            },
            "targets": [
                {
                    "ship": name,
                    "facing": facing.value,
                    "armour": armour,
                    "land": round(self.landing.hulls.get(name, 0.0), 6),
                    **{verdict: odds.prob(p) for verdict, p in self.penetration(name).items()},
                    "hull_point": round(self.hull_point(name), 6),
                    "given_landing": odds.to_json(),
                }
                for name, (facing, armour, odds) in self.hulls.items()
            ],
        }

    def render(self, console: Any) -> None:
        from rich.table import Table

        shots = " (Deff Skulls broadside: D3 shells, each landing on its own; the odds are per shell)" if self.shots == "D3" else ""
        console.print(
            f"[bold]krak, S{self.strength}, from {self.ship}'s {self.gun} kannon at ({self.aim[0]:g}, {self.aim[1]:g}), {self.range:.1f}\"[/bold]{shots}",
            highlight=False,
        )
        console.print(f"  where it lands: {self.landing.method}", highlight=False)
        t = Table(show_header=True, header_style="bold")
        t.add_column("lands on")
        t.add_column("chance (numeric)", justify="right")
        t.add_column("costs a hull point", justify="right")
        for name, p in self.landing.hulls.items():
            t.add_row(name, percent(p), percent(self.hull_point(name)))
        for name, p in self.landing.models.items():
            t.add_row(name, percent(p), "")
        t.add_row("open sea", percent(self.landing.miss), "")
        console.print(t)
        for _facing, _armour, odds in self.hulls.values():
            odds.render(console)


def krak_odds(game: Game, ship: str, gun: str, aim: tuple[float, float], *, sea: Sea | None = None) -> KrakOdds:
    """A krak shell from ``ship``'s ``gun`` aimed at ``aim``: the landing chances (numeric) and the
    exact odds of the blow on each hull it may land on (through :func:`strike_odds`)."""
    base = sea_of(game, sea)
    shooter = ship_of(base, ship)
    if gun not in KANNONS:
        raise OddsError(f"no kannon {gun!r}; kannons: {', '.join(KANNONS)}")
    gname: GunName = gun
    k = KANNONS[gname]
    why = kannon.carried(shooter, gname, "krak")  # the game's own reason (JL-SHOOT-2, JL-KLAN-3)
    if why is not None or k.krak is None:
        raise OddsError(f"{shooter.name}'s {gun} kannon cannot fire krak: {why}")
    m = kannon.mount(shooter, gname)
    point = Vec(*aim)
    landing = landing_odds(base, point)
    hulls: dict[str, tuple[Facing, int, ShipOdds]] = {}
    for name in landing.hulls:
        target = base.ships[name]
        facing = target.hull.facing_towards(m)
        hulls[name] = (facing, armour_of(target.klan, facing), strike_odds(game, name, k.krak, facing, by=ship, sea=base))
    deff = KLANS[shooter.klan].broadside_d3 and gname in ("port", "starboard")
    return KrakOdds(shooter.name, gun, (point.x, point.y), distance(m, point), k.krak, "D3" if deff else "1", landing, hulls)
