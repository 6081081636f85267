"""Helpers for rule tests: small scenarios built in code, scripted dice, driving procedures."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Any

from grapeshot.core.actions import Action
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import ScriptedDice, ScriptItem
from grapeshot.rulesets.jimlad.state import Sea, Ship


def scenario(
    ships: Sequence[Mapping[str, Any]],
    *,
    terrain: Iterable[Mapping[str, Any]] = (),
    table: tuple[float, float] = (120.0, 72.0),
    options: Mapping[str, Any] | None = None,
    seats: Sequence[str] | None = None,
) -> Scenario:
    """A Jim Lad scenario from a list of ships, each a dict with ``seat``, ``name``, ``x``, ``y``,
    ``heading`` and optionally ``klan`` (default goffs), ``length``, ``width``...

    Rule tests play without the random events and the non-player models (option
    ``random_events: false``: no event rolls, no mines laid at random) unless ``options``
    turns them on, so that the dice a test scripts are the dice its rule rolls."""
    seat_ids = list(seats) if seats is not None else list(dict.fromkeys(s["seat"] for s in ships))
    fleets = []
    for seat in seat_ids:
        mine = [dict(s) for s in ships if s["seat"] == seat]
        for m in mine:
            m.pop("seat")
        klan = mine[0].pop("klan", "goffs") if mine else "goffs"
        fleets.append({"seat": seat, "klan": klan, "ships": mine})
    data = {
        "name": "test",
        "ruleset": "jimlad",
        "table": {"width": table[0], "height": table[1]},
        "terrain": list(terrain),
        "seats": [{"id": s} for s in seat_ids],
        "fleets": fleets,
        "options": {"random_events": False, **(options or {})},
    }
    return parse_scenario(data, "test scenario")


def duel(red: Mapping[str, Any] | None = None, blue: Mapping[str, Any] | None = None, **kw: Any) -> Scenario:
    """Two ships: red at (30, 36) heading east, blue at (60, 36) heading west, unless overridden."""
    r = {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0, **(red or {})}
    b = {"seat": "blue", "name": "Blue", "x": 60.0, "y": 36.0, "heading": 180.0, **(blue or {})}
    return scenario([r, b], **kw)


def three_seats(**options: Any) -> Scenario:
    """Three seats, one ship each, in a column up the left of the default table, all heading east."""
    return scenario(
        [
            {"seat": "red", "name": "R", "x": 20.0, "y": 12.0, "heading": 0.0},
            {"seat": "blue", "name": "B", "x": 20.0, "y": 36.0, "heading": 0.0},
            {"seat": "green", "name": "G", "x": 20.0, "y": 60.0, "heading": 0.0},
        ],
        options=options,
    )


def game(sc: Scenario, script: Iterable[ScriptItem] = (), seed: int = 0, **kw: Any) -> Game:
    """A game of the scenario's rule set set up on ``sc`` (its flow run to the first prompt on
    seeded dice), then switched to scripted dice."""
    g = Game(sc.ruleset, sc, seed=seed, **kw)
    g.dice = ScriptedDice(script)
    return g


def accepts(prompt: Prompt, seat: str, action: Action) -> bool:
    """Whether the prompt's check takes the answer."""
    try:
        prompt.check(seat, action)
    except IllegalAction:
        return False
    return True


def sea(g: Game) -> Sea:
    assert isinstance(g.state, Sea)
    return g.state


def ship(g: Game, name: str) -> Ship:
    return sea(g).ships[name]


Answer = Action | Callable[[Prompt], Action]


def drive(proc: Generator[Prompt, Any, Any], answers: Iterable[Answer] = ()) -> Any:
    """Run a rule procedure to its end, answering its prompts in order; return its result.

    Raises if a prompt comes with no answer left, or answers are left over.
    """
    pending = list(answers)
    prompts: list[Prompt] = []
    try:
        prompt = next(proc)
        while True:
            prompts.append(prompt)
            if not pending:
                raise AssertionError(f"unanswered prompt: {prompt.describe()}")
            a = pending.pop(0)
            prompt = proc.send(a(prompt) if callable(a) else a)
    except StopIteration as stop:
        if pending:
            raise AssertionError(f"{len(pending)} answer(s) left over after prompts {[p.kind for p in prompts]}") from None
        return stop.value


def plain(data: Any) -> Any:
    """Event data without the ``basis`` of its numbers (the rules behind them), at any depth."""
    if isinstance(data, dict):
        return {k: plain(v) for k, v in data.items() if k != "basis"}
    if isinstance(data, list):
        return [plain(v) for v in data]
    return data
