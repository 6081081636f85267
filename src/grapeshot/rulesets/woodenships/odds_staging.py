"""The staging of Wooden Ships' odds questions: a small game on an open table, the runs of a
rule procedure on copies of it, and what each run did, in words (:func:`changes`).

Shared by the questions of :mod:`.odds` (shots, blows, guns, climbing) and :mod:`.odds_ships`
(rams, grapples, boarding parties).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from grapeshot.core.capabilities import Effort
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.scenario import parse_scenario
from grapeshot.odds import Odds, OddsError, Runner
from grapeshot.rulesets.woodenships.state import Shore

Proc = Callable[[Game, Shore], Any]


class WsOdds(Odds[str]):
    """An answer: the distribution of what the action did, each outcome in words."""


# --------------------------------------------------------------------------- what a run did


def changes(before: Shore, after: Shore) -> str:
    """What changed between two states, in words, in a fixed order ("no effect" for nothing).
    Every number is read with ``int()``: the odds engine then knows the outcome tells those
    values apart (a point of damage more is another outcome)."""
    out: list[str] = []
    for name, a in after.figures.items():
        b = before.figures[name]
        if b.alive and not a.alive:
            out.append(f"{name} killed")
        elif int(a.life) < int(b.life):
            out.append(f"{name} wounded ({int(a.life)} of {a.max_life} left)")
        if a.alive and b.spot is not None and a.spot is not None and (a.spot.surface, a.spot.ident) != (b.spot.surface, b.spot.ident):
            out.append(f"{name} onto {a.spot.ident or a.spot.surface.value}")
    for name, s in after.ships.items():
        lost = int(s.lost) - int(before.ships[name].lost)
        if lost:
            out.append(f"{name} loses {lost} ({int(s.left)} left)")
    for name, x in after.forts.items():
        lost = int(x.lost) - int(before.forts[name].lost)
        if lost:
            out.append(f"{name} loses {lost} ({int(x.left)} left)" + (", collapses" if x.collapsed else ""))
        for g0, g1 in zip(before.forts[name].gates, x.gates, strict=True):
            if int(g1.life) < int(g0.life):
                out.append(f"{g1.name} " + ("broken" if g1.broken else f"takes {int(g0.life) - int(g1.life)}"))
    for name, gun in after.guns.items():
        if before.guns[name].working and not gun.working:
            out.append(f"{name} destroyed")
    for name, ship in after.ships.items():
        was = before.ships[name]
        out += [f"{name} stuck fast to {o}" for o in sorted(ship.stuck - was.stuck) if name < o]
        out += [f"{name} grappled to {o}" for o in sorted(ship.grappled - was.grappled) if name < o]
    return "; ".join(out) or "no effect"


class _Run(Runner[Shore, str]):
    """A run's outcome is what changed (or what ``read`` makes of the states); a procedure that
    returns words (a boarding party's crossing, which moves nobody by itself) puts them first."""

    read: Callable[[Shore, Shore], str] = staticmethod(changes)

    def outcome(self, after: Shore, heard: Any, value: Any) -> str:
        text = self.read(self.base, after)
        if isinstance(value, str):
            return value if text == "no effect" else f"{value}; {text}"
        return text


def solve(game: Game, proc: Proc, title: str, effort: Effort, given: str = "", read: Callable[[Shore, Shore], str] | None = None) -> WsOdds:
    runner = _Run(game, cast(Shore, game.state), proc)
    if read is not None:
        runner.read = read
    return WsOdds.solve(runner, title, budget=effort.budget, samples=effort.samples, seed=effort.seed, given=given)


# --------------------------------------------------------------------------- staging


def stage(
    fleets: list[dict[str, Any]],
    options: Mapping[str, object],
    land: bool = False,
    height: float = 60.0,
    terrain: Sequence[Mapping[str, Any]] = (),
    modules: Sequence[str] = (),
) -> Game:
    """A game on an open 100" table, 60" deep unless ``height`` says more (a gun's longest ranges
    need room for both ships), with one big island when ``land``, set up from these fleets under
    these readings of the rules, sides in seat order; ``terrain`` adds pieces of it (rocks to ram),
    ``modules`` the rule modules in play (the collisions module's sink or swim)."""
    data = {
        "name": "odds",
        "ruleset": "woodenships",
        "table": {"width": 100, "height": height},
        "terrain": [*([{"kind": "island", "name": "the island", "polygon": [[2, 2], [98, 2], [98, 58], [2, 58]]}] if land else []), *terrain],
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": fleets,
        "options": {"initiative": "fixed", "equal_figures": False, "cost_margin": 1000, "turn_limit": 100, **options},
    }
    try:
        return Game("woodenships", parse_scenario(data, "odds"), seed=0, modules=modules)
    except ScenarioError as err:
        raise OddsError(f"that situation cannot be set up: {err}") from None
