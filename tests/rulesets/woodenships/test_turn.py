"""The turn (a ruling, WS-RULING-1): the sides' order by each option, ships before figures, the
figures one at a time in the player's order, the dead never acting, and how a game is won."""

from __future__ import annotations

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.rulesets.woodenships import invariants, ships
from grapeshot.rulesets.woodenships.actions import Next, Steer
from grapeshot.rulesets.woodenships.prompts import NextPrompt
from grapeshot.rulesets.woodenships.wounds import wound
from tests.rulesets.woodenships.harness import boat, duel, fig, game, kinds, scenario, ship, shore, until

pytestmark = pytest.mark.rules("WS-RULING-1")


def pass_turn(g: Game) -> None:
    """The side whose turn it is holds its ships' course and ends its figures' turn."""
    while g.prompt is not None and g.prompt.kind == "SteerPrompt":
        g.submit(g.waiting_for()[0], Steer())
    assert isinstance(g.prompt, NextPrompt)
    g.submit(g.waiting_for()[0], Next())


def test_the_initiative_is_rolled_each_turn_ties_again() -> None:
    sc = duel(options={"initiative": "roll"})
    g = Game("woodenships", sc, dice=ScriptedDice([3, 5, 4, 4, 6, 1]))
    assert kinds(g, "initiative")[0] == {"order": ["blue", "red"], "mode": "roll"}
    pass_turn(g)
    pass_turn(g)
    assert kinds(g, "initiative")[1] == {"order": ["red", "blue"], "mode": "roll"}  # 4-4, then 6-1
    assert g.turn == 2 and g.waiting_for() == ("red",)


@pytest.mark.parametrize(("mode", "second"), [("alternate", ["blue", "red"]), ("fixed", ["red", "blue"])])
def test_taking_the_lead_in_turn_or_the_scenarios_order(mode: str, second: list[str]) -> None:
    g = game(duel(options={"initiative": mode}))
    pass_turn(g)
    pass_turn(g)
    assert [e["order"] for e in kinds(g, "initiative")] == [["red", "blue"], second]


@pytest.mark.rules("WS-FIG-3", "WS-MOVE-2")
def test_ships_first_then_each_figure_once_in_the_players_order() -> None:
    g = game(duel([{"name": "A", "kind": "man"}, {"name": "B", "kind": "man"}]))
    assert g.prompt is not None and g.prompt.kind == "SteerPrompt"
    g.submit("red", Steer())
    p = g.prompt
    assert isinstance(p, NextPrompt) and p.ready == ("Red captain", "A", "B")
    with pytest.raises(IllegalAction, match="'Blue captain' has no turn to take now"):
        p.check("red", Next("Blue captain"))
    g.submit("red", Next("B"))
    g.submit("red", g.prompt.legal("red").first() if g.prompt is not None else Next())  # B stays put
    p2 = g.prompt
    assert isinstance(p2, NextPrompt) and p2.ready == ("Red captain", "A")
    g.submit("red", Next())
    assert kinds(g, "figures-done")[-1] == {"side": "red", "idle": ["Red captain", "A"]}
    assert g.waiting_for() == ("blue",)


def test_the_dead_never_act() -> None:
    g = game(duel([{"name": "A", "kind": "man"}]))
    g.submit("red", Steer())
    wound(g, shore(g), fig(g, "A"), 1, "blue", "a test", "WS-FIG-1")
    assert not fig(g, "A").alive
    g.submit("red", Next("Red captain"))
    p = g.prompt
    assert p is not None
    assert fig(g, "A").name not in getattr(p, "ready", ())
    shore(g).acting = "A"
    assert invariants(shore(g)) == ["A acts though dead"]


@pytest.mark.rules("WS-FIG-1", "WS-FIG-2")
def test_the_last_side_standing_wins_at_once() -> None:
    g = game(duel([], [{"name": "Bosun", "kind": "man"}]))
    s = shore(g)
    wound(g, s, fig(g, "Bosun"), 1, "red", "a test", "WS-FIG-1")
    wound(g, s, fig(g, "Blue captain"), 2, "red", "a test", "WS-FIG-2")
    assert fig(g, "Blue captain").life == 1  # a hero has three
    wound(g, s, fig(g, "Blue captain"), 1, "red", "a test", "WS-FIG-2")
    assert s.scored == {"red": 4}  # a man 1, a hero 3
    g.submit("red", Steer())
    g.submit("red", Next())
    assert g.outcome is not None and (g.outcome.winners, g.outcome.objective) == (("red",), "last-side-standing")


def test_at_the_turn_limit_points_decide_or_the_standing_share_a_draw() -> None:
    sc = scenario(
        [ship("Red", 20, 20, 0), ship("Prize", 20, 30, 0)], [ship("Blue", 50, 34, 180, [{"name": "Bosun", "kind": "man"}])], options={"turn_limit": 1}
    )
    g = game(sc)
    s = shore(g)
    wound(g, s, fig(g, "Bosun"), 1, "red", "a test", "WS-FIG-1")
    wound(g, s, fig(g, "Prize captain"), 3, "blue", "a test", "WS-FIG-2")
    boat(g, "Prize").side = "blue"  # blue holds red's prize at the end: its cost, 18
    until_over(g)
    assert g.outcome is not None and (g.outcome.winners, g.outcome.objective) == (("blue",), "points")
    assert kinds(g, "victory")[-1]["points"] == {"red": 1, "blue": 21}
    g2 = game(scenario([ship("Red", 20, 20, 0)], [ship("Blue", 50, 34, 180)], options={"turn_limit": 1, "victory": "last_side"}))
    until_over(g2)
    assert g2.outcome is not None and (g2.outcome.winners, g2.outcome.objective) == (("red", "blue"), "draw")


def until_over(g: Game) -> None:
    while g.prompt is not None:
        seat = g.waiting_for()[0]
        g.submit(seat, Steer() if g.prompt.kind == "SteerPrompt" else Next() if g.prompt.kind == "NextPrompt" else g.prompt.legal(seat).first())


@pytest.mark.rules("WS-DMG-3")
def test_a_sunk_ship_scores_its_cost_to_the_side_that_sank_it() -> None:
    g = game(scenario([ship("Red", 20, 20, 0), ship("Red2", 20, 30, 0)], [ship("Blue", 50, 34, 180)], options={"turn_limit": 3}), [4] * 6)
    ships.damage(g, shore(g), boat(g, "Red2"), 12, "blue", "a test", "WS-DMG-3")
    until_over(g)
    assert not boat(g, "Red2").afloat and shore(g).scored.get("blue") == 18


def test_copies_start_from_the_checkpoint_before_each_figure() -> None:
    sc = duel([{"name": "A", "kind": "man"}, {"name": "B", "kind": "man"}])
    g = Game("woodenships", sc, seed=5)
    until(g, "NextPrompt")
    g.submit("red", Next("A"))
    g.submit("red", g.prompt.legal("red").first() if g.prompt is not None else Next())
    c = g.copy()
    assert c.resumed_at == len(g.actions)  # the checkpoint just before the next figure is chosen
    assert c.waiting_for() == g.waiting_for() and c.ruleset.describe(c.state) == g.ruleset.describe(g.state)
