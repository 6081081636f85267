"""Seeded random play under every reading of the rules keeps the invariants: life and hit
points in range, figures only where they may stand and never inside a hull or rocks they are
not on, bases apart, ships clear of each other and the land, every weapon with one keeper, and
the dead never acting; and the same seed plays the same game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.woodenships import OPTIONS

#: the readings to draw from: every option with a list of choices
CHOICES = {o.name: o.choices for o in OPTIONS if o.choices is not None}
BOOLEANS = [o.name for o in OPTIONS if o.kind is bool and o.name != "equal_figures"]


@st.composite
def readings(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = {name: draw(st.sampled_from(list(choices))) for name, choices in CHOICES.items()}
    out.update({name: draw(st.booleans()) for name in BOOLEANS})
    out["carry_limit"] = draw(st.sampled_from([0, 2, 4]))
    return out


def played(scenario: str, seed: int, options: dict[str, Any], players: tuple[str, ...]) -> Game:
    sc = load_scenario(scenario, "woodenships")
    g = Game("woodenships", sc, options=options, seed=seed)
    agents = {s.id: make(players[k], seed * 3 + k, "woodenships") for k, s in enumerate(sc.seats)}

    def check(game: Game) -> None:
        problems = game.ruleset.invariants(game)
        assert not problems, f"after action {len(game.actions)} ({game.actions[-1]}): {problems}"

    play_out(g, agents, check)
    return g


@pytest.mark.rules("WS-FIG-1", "WS-FIG-5", "WS-MOVE-1", "WS-DMG-3", "WS-BOARD-1")
@pytest.mark.parametrize("scenario", ["ship-duel", "skull-island", "fort-assault"])
@pytest.mark.parametrize("players", [("random", "random"), ("heuristic", "random"), ("heuristic", "heuristic")])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=readings())
def test_random_play_under_every_reading_keeps_the_invariants(scenario: str, players: tuple[str, str], seed: int, options: dict[str, Any]) -> None:
    g = played(scenario, seed, options, players)
    assert g.outcome is not None and 1 <= g.outcome.turn <= 10


def test_the_same_seed_gives_the_same_game() -> None:
    a = played("ship-duel", 7, {}, ("heuristic", "random"))
    b = played("ship-duel", 7, {}, ("heuristic", "random"))
    assert [e.line() for e in a.events] == [e.line() for e in b.events]
