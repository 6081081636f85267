"""Naval Warhammer's generic shapes at the web table: every ship afloat a hull where it lies, every
model a base where the rules have it (on its deck, carried by its ship), read from a seat's view."""

from __future__ import annotations

import pytest

from grapeshot.agents import make, play_until
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.navalwarhammer.state import Sea
from grapeshot.rulesets.navalwarhammer.web import shapes


def check(g: Game) -> None:
    sea = g.state
    assert isinstance(sea, Sea)
    drawn = shapes(g.view("red")["state"])
    hulls = {s["name"]: s for s in drawn if s["kind"] == "hull"}
    assert set(hulls) == {n for n, ship in sea.ships.items() if ship.afloat}
    bases = [s for s in drawn if s["kind"] == "base"]
    expected = [(name, sea.where(f)) for name, u in sea.units.items() if u.alive for f in u.figs]
    assert len(bases) == len(expected)
    for base, (name, p) in zip(bases, expected, strict=True):
        assert base["name"] == name and abs(base["at"][0] - p.x) < 1e-2 and abs(base["at"][1] - p.y) < 1e-2


def test_the_shapes_put_ships_and_models_where_the_rules_have_them() -> None:
    g = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=3)
    check(g)
    agents = {s: make("random", i, g.ruleset) for i, s in enumerate(("red", "blue"))}
    play_until(g, agents, until=lambda game: len(game.actions) >= 150, check=check)
    assert len(g.actions) >= 150 or g.outcome is not None


def test_the_move_preview_ends_where_the_move_ends() -> None:
    """Issue 25, item 8: the page's move preview is the move's own course and sweep: every move
    a random player makes in a duel with no contact ends where the preview put the hull, and one
    that meets something stops where the preview says it stops."""
    from grapeshot.rulesets.navalwarhammer.previews import move
    from grapeshot.rulesets.navalwarhammer.prompts import SteerPrompt

    g = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=5)
    agents = {s: make("random", i, g.ruleset) for i, s in enumerate(("red", "blue"))}
    checked = 0
    while g.prompt is not None and checked < 12:
        prompt = g.prompt
        seat = g.waiting_for()[0]
        action = agents[seat].act(g, seat, prompt)
        pv = None
        if isinstance(prompt, SteerPrompt) and not action.ram:  # type: ignore[attr-defined]
            pv = move(g, seat, {"ship": None, "inches": action.inches, "turn": action.turn, "at": action.at})  # type: ignore[attr-defined]
            assert pv["ok"] and action.turn in pv["turns"]  # type: ignore[attr-defined]
        ship = getattr(prompt, "ship", "")
        g.submit(seat, action)
        if pv is not None:
            moved = next(e for e in reversed(g.events) if e.kind == "move" and e.data["ship"] == ship)
            assert moved.data["travelled"] == pytest.approx(pv["travelled"], abs=0.02)
            if pv["stop"] is None:
                assert moved.data["end"] == pytest.approx(pv["end"], abs=1e-3)
            checked += 1
    assert checked >= 4
