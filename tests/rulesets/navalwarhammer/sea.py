"""Helpers for Naval Warhammer's rule tests: fleets and scenarios built in code, a game set up with
seeded dice and then switched to scripted ones, procedures driven to their end."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from grapeshot.core.actions import Action
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import ScriptedDice, ScriptItem
from grapeshot.geometry import DeckPoint, Vec
from grapeshot.rulesets.navalwarhammer.state import Fig, Sea, Ship, Troops
from tests.support import drive

R = TypeVar("R")


def ship(name: str, size: str = "medium", crew: Sequence[Mapping[str, Any]] = (), **kw: Any) -> dict[str, Any]:
    """A ship of a fleet file (by default a medium sailing ship)."""
    return {"name": name, "size": size, "propulsion": kw.pop("propulsion", "sail"), "crew": [dict(c) for c in crew], **kw}


def fleet(*ships: Mapping[str, Any], army: str = "empire", points: int = 5000, name: str = "Test Fleet") -> dict[str, Any]:
    return {"name": name, "army": army, "points": points, "ships": [dict(s) for s in ships]}


HALBERDIERS = {"unit": "Halberdiers", "models": 10}


def scenario(
    fleets: Mapping[str, tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
    *,
    terrain: Iterable[Mapping[str, Any]] = (),
    table: tuple[float, float] = (72.0, 48.0),
    options: Mapping[str, Any] | None = None,
) -> Scenario:
    """A scenario: for each seat its fleet (given in place) and its ships' places, played at the
    points limit of its largest fleet (a rule test's fleets are built to whatever it needs)."""
    limit = max((int(f.get("points", 0)) for f, _ in fleets.values() if isinstance(f.get("points"), int)), default=1000)
    data = {
        "name": "test",
        "ruleset": "navalwarhammer",
        "table": {"width": table[0], "height": table[1]},
        "terrain": list(terrain),
        "seats": [{"id": s} for s in fleets],
        "fleets": [{"seat": s, "fleet": dict(f), "placement": [dict(p) for p in places]} for s, (f, places) in fleets.items()],
        "options": {"points_limit": limit, **(options or {})},
    }
    return parse_scenario(data, "test scenario")


def duel(red: Sequence[Mapping[str, Any]], blue: Sequence[Mapping[str, Any]], *, red_army: str = "empire", blue_army: str = "empire", **kw: Any) -> Scenario:
    """Red's ships from x=20 heading east, blue's from x=52 heading west, one above another."""
    rp = [{"x": 20.0, "y": 10.0 + 14.0 * i, "heading": 0.0} for i in range(len(red))]
    bp = [{"x": 52.0, "y": 10.0 + 14.0 * i, "heading": 180.0} for i in range(len(blue))]
    places_r = kw.pop("red_places", rp)
    places_b = kw.pop("blue_places", bp)
    return scenario({"red": (fleet(*red, army=red_army), places_r), "blue": (fleet(*blue, army=blue_army), places_b)}, **kw)


def game(sc: Scenario, script: Iterable[ScriptItem] = (), seed: int = 0) -> Game:
    """A game set up on ``sc`` (its first prompt reached with seeded dice), then switched to
    scripted dice for the rule under test."""
    g = Game("navalwarhammer", sc, seed=seed)
    g.dice = ScriptedDice(script)
    return g


def sea(g: Game) -> Sea:
    assert isinstance(g.state, Sea)
    return g.state


def script(g: Game, items: Iterable[ScriptItem]) -> None:
    g.dice = ScriptedDice(items)


def run(g: Game, proc: Generator[Prompt, Any, R], answers: Iterable[Action | Callable[[Prompt], Action]] = ()) -> R:
    """Drive a procedure to its end; the scripted dice must be used up."""
    result: R = drive(proc, answers)
    dice = g.dice
    assert isinstance(dice, ScriptedDice)
    assert dice.remaining == 0, f"{dice.remaining} scripted dice left over"
    return result


def events(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def unit(g: Game, name: str) -> Troops:
    return sea(g).units[name]


def the_ship(g: Game, name: str) -> Ship:
    return sea(g).ships[name]


def put(g: Game, u: Troops, i: int, ship: Ship, along: float, port: float, level: str = "deck") -> None:
    """Stand model ``i`` of a unit at a deck point of a ship."""
    u.figs[i] = Fig(ship.name, along, port, level)


def at(g: Game, u: Troops, i: int) -> Vec:
    return sea(g).where(u.figs[i])


def deck_point(ship: Ship, p: Vec) -> DeckPoint:
    return DeckPoint.of(ship.hull, p)
