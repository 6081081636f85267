"""Are the upgrades' costs fair?  The lab's pricing study of Naval Warhammer's upgrades (NW-UPG-*).

For each upgrade the study builds two fleets from one built-in fleet of 1,000 points (by default
the Empire's) that differ in one thing only: one ship (by default the flagship, a medium ship)
carries the upgrade, and in the other fleet the same ship carries instead the upgrade's points
in more models of one of its crew's units (by default its core infantry, rounded to the nearest
model).  Everything else, the upgrades the ship had apart from the one studied included, is
the same.  The two fleets meet on the two-fleet scenario, each in each seat for every seed
(mirrored), with the same player on both sides, and the study counts the upgraded fleet's
score (a win 1, a draw 1/2).  Where the 95% Wilson interval of its fleet's score lies above one half
the upgrade is worth more than its points (too cheap), below it less (too dear); it is called
fair only when the games could have shown a departure of five points and showed none, and
otherwise the study can't tell yet and says about how many more games would.  ``bench/nw_upgrade_costs.py`` runs the study and prints it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario
from grapeshot.lab.stats import wilson
from grapeshot.lab.verdicts import detectable, games_to_show
from grapeshot.rulesets.navalwarhammer.armies import ARMIES
from grapeshot.rulesets.navalwarhammer.data import UPGRADES, Size
from grapeshot.rulesets.navalwarhammer.fleets import builtin_fleet, read_fleet

RULESET = "navalwarhammer"
#: how close to one half a score must be shown to be (80% power) before an upgrade is called fair
FAIR_WITHIN = 0.05


@dataclass(frozen=True)
class Pairing:
    """The two fleets of one upgrade's study, and what the upgrade costs on the ship."""

    upgrade: str
    cost: int
    models: int
    unit: str
    upgraded: dict[str, Any]
    instead: dict[str, Any]


@dataclass(frozen=True)
class Priced:
    """One upgrade's verdict: the upgraded fleet's score over ``games`` and its interval."""

    upgrade: str
    cost: int
    instead: str
    games: int
    score: float

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)

    @property
    def verdict(self) -> str:
        """Too cheap or too dear where the interval leaves one half; "fair" only where these
        games could have shown a departure of :data:`FAIR_WITHIN` and showed none; otherwise
        "can't tell yet", with about how many more games would show the departure seen."""
        lo, hi = self.interval
        if lo > 0.5:
            return "too cheap"
        if hi < 0.5:
            return "too dear"
        smallest = detectable(self.games)
        if smallest is not None and smallest <= FAIR_WITHIN:
            return "fair"
        rate = self.score / self.games if self.games else 0.5
        need = games_to_show(rate - 0.5)
        if need is None or need <= self.games:
            return f"can't tell yet: these games could show only a {100 * (smallest or 1.0):.0f}-point difference"
        return f"can't tell yet: about {need - self.games} more games would show a {100 * abs(rate - 0.5):.0f}-point difference"

    def text(self) -> str:
        lo, hi = self.interval
        rate = self.score / self.games if self.games else 0.0
        return f"{self.upgrade} ({self.cost} points) against {self.instead}: {rate:.3f} [{lo:.3f}, {hi:.3f}] over {self.games} games: {self.verdict}"


def base_fleet(name: str) -> dict[str, Any]:
    data: dict[str, Any] = builtin_fleet(name)
    return data


def pairing(upgrade: str, fleet: str = "empire-1000", ship: int = 0, unit: int = 1) -> Pairing:
    """The fleets of one upgrade's study (see the module docstring); ``ValueError`` when the
    upgrade is not allowed on that ship, or either fleet is not legal."""
    if upgrade not in UPGRADES:
        raise ValueError(f"no upgrade {upgrade!r}; the upgrades are {', '.join(UPGRADES)}")
    base = base_fleet(fleet)
    spec = base["ships"][ship]
    cost = UPGRADES[upgrade].cost[Size(spec["size"])]
    if cost is None:
        raise ValueError(f"{upgrade} is not allowed on a {spec['size']} ship")
    ups = spec.get("upgrades") or {}
    ups = dict.fromkeys(ups, 1) if isinstance(ups, list) else dict(ups)
    ups.pop(upgrade, None)
    spec["upgrades"] = ups
    upgraded = copy.deepcopy(base)
    upgraded["ships"][ship]["upgrades"] = {**ups, upgrade: 1}
    # both fleets cost the same: the limit rises by the upgrade's cost for both
    upgraded["points"] = int(base.get("points", 1000)) + cost
    _legal(upgraded, f"the upgraded fleet of the {upgrade} study")
    # the points in models of the unit asked for, else (no room aboard) of the first unit of
    # another ship that has room for them
    tried = []
    places = [(ship, unit), *((s, u) for s, sh in enumerate(base["ships"]) if s != ship for u in range(len(sh["crew"])))]
    for s, u in places:
        if u >= len(base["ships"][s]["crew"]):
            continue
        crew = base["ships"][s]["crew"][u]
        entry = ARMIES[base["army"]].unit(str(crew["unit"]))
        if entry.points <= 0 or "models" not in crew:
            continue
        extra = max(1, round(cost / entry.points))
        instead = copy.deepcopy(base)
        instead["points"] = upgraded["points"]
        instead["ships"][s]["crew"][u]["models"] = int(crew["models"]) + extra
        problems = read_fleet(instead, f"{upgrade} study (instead)")[1]
        if not problems:
            return Pairing(upgrade, cost, extra, f"{crew['unit']} ({base['ships'][s]['name']})", upgraded, instead)
        tried.append(problems[0].text())
    raise ValueError(f"the {upgrade} study finds no unit to spend {cost} points on instead: {'; '.join(tried)}")


def _legal(fleet: Mapping[str, Any], what: str) -> None:
    _, problems = read_fleet(fleet, what)
    if problems:
        raise ValueError(f"{what} is not legal: {problems[0].text()}")


def duel_with(red: Mapping[str, Any], blue: Mapping[str, Any]) -> Scenario:
    """The two-fleet scenario with the two fleets given in place of its own."""
    raw = copy.deepcopy(dict(load_scenario("duel", RULESET).raw))
    for entry, fleet in zip(raw["fleets"], (red, blue), strict=True):
        entry["fleet"] = json.loads(json.dumps(fleet))
    # the study's fleets are built to more than the duel's 1,000 points: the game is played at theirs
    raw["options"]["points_limit"] = max(int(red.get("points", 0)), int(blue.get("points", 0)), int(raw["options"]["points_limit"]))
    return parse_scenario(raw, "the pricing study's duel")


def games(p: Pairing, seeds: range, player: str = "heuristic") -> Iterator[float]:
    """The upgraded fleet's score in each game: every seed twice, the upgraded fleet red, then blue."""
    for seed in seeds:
        for upgraded_seat, sc in (("red", duel_with(p.upgraded, p.instead)), ("blue", duel_with(p.instead, p.upgraded))):
            g = Game(RULESET, sc, seed=seed, log=False)
            out = play_out(g, {s.id: make(player, seed * 31 + k, RULESET) for k, s in enumerate(sc.seats)})
            yield 1.0 / len(out.winners) if upgraded_seat in out.winners else 0.0


def price(upgrade: str, seeds: range, player: str = "heuristic", **where: Any) -> Priced:
    p = pairing(upgrade, **where)
    scores = list(games(p, seeds, player))
    return Priced(upgrade, p.cost, f"{p.models} more {p.unit}", len(scores), sum(scores))
