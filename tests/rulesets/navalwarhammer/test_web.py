"""Naval Warhammer's generic shapes at the web table: every ship afloat a hull where it lies, every
model a base where the rules have it (on its deck, carried by its ship), read from a seat's view."""

from __future__ import annotations

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
