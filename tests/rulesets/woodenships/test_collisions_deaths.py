"""The dead leave the collisions module's lists on a Wooden Ships host (issue 23): a figure a rule
of WS's own kills (a shot, hand to hand) is no longer a boarder, a prisoner or a swimmer of the
module (``collisions.fallen``), so the table still draws; the module's invariants see a host that
leaves one listed; and a prisoner held below decks is no one a figure's move goes to fight."""

from __future__ import annotations

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario, with_modules
from grapeshot.geometry import Surface
from grapeshot.rulesets.collisions import COLLISIONS
from grapeshot.rulesets.collisions.prompts import Board, Grapple, Strike, StrikePrompt
from grapeshot.rulesets.collisions.state import state_of
from grapeshot.rulesets.woodenships import figures
from grapeshot.rulesets.woodenships.actions import Steer
from grapeshot.rulesets.woodenships.hosting import HOST
from grapeshot.rulesets.woodenships.prompts import MovePrompt
from grapeshot.rulesets.woodenships.wounds import wound
from grapeshot.server.probe import Probe
from tests.rulesets.woodenships.harness import fig, shore
from tests.rulesets.woodenships.test_collisions_host import alongside


def boarded() -> Game:
    """Red grapples Blue and boards her at once; the round of hand to hand goes Red's way and Blue
    is asked whether to strike (as in test_collisions_host's grapple-and-board test)."""
    g = alongside(4, 1, [3, 2] + [5] * 6 + [1] * 20)
    g.submit("red", Steer(0.0, 3.0))
    g.submit("red", Grapple("Red", "Blue", 2))
    g.submit("red", Board("Red", "Blue", 3))
    assert isinstance(g.prompt, StrikePrompt)
    return g


@pytest.mark.rules("CG-BOARD-3", "WS-FIG-2")
def test_a_boarder_killed_by_a_rule_of_wss_own_leaves_the_boarding_and_the_table_draws() -> None:
    g = boarded()
    (action,) = state_of(g).boardings
    victim = next(f for f in action.boarders if f != action.leader)
    wound(g, shore(g), fig(g, victim), 3, "blue", "a pistol shot", "WS-ARMS-1")
    assert not fig(g, victim).alive
    assert victim not in action.boarders and action.boarders
    drawn = {sh.get("name") for sh in COLLISIONS.shapes(g, None)}
    assert victim not in drawn and set(action.boarders) <= drawn
    assert g.broken() == []


@pytest.mark.rules("CG-BOARD-4", "WS-FIG-2")
def test_a_prisoner_killed_is_no_longer_held_and_the_prize_draws() -> None:
    g = boarded()
    g.submit("blue", Strike(True))
    assert set(state_of(g).prisoners) == {"Blue captain"} and shore(g).prisoners == {"Blue captain": "red"}
    wound(g, shore(g), fig(g, "Blue captain"), 3, None, "the sharks", "WS-FIG-5")
    assert state_of(g).prisoners == {} and shore(g).prisoners == {}
    assert "Blue captain" not in {sh.get("name") for sh in COLLISIONS.shapes(g, None)}
    assert g.broken() == []


@pytest.mark.rules("CG-BOARD-3", "CG-BOARD-4")
def test_the_invariants_see_a_dead_man_left_a_boarder_or_a_prisoner() -> None:
    """A host that kills without telling the module (``collisions.fallen``) leaves it listing the
    dead: the invariants say so, where before they found nothing wrong."""
    g = boarded()
    (action,) = state_of(g).boardings
    victim = next(f for f in action.boarders if f != action.leader)
    f = fig(g, victim)
    f.life, f.spot = 0, None  # killed behind the module's back
    assert any(f"boarder {victim}" in p for p in g.broken())
    g = boarded()
    g.submit("blue", Strike(True))
    captain = fig(g, "Blue captain")
    captain.life, captain.spot = 0, None
    assert any("prisoner Blue captain" in p and "aboard no vessel" in p for p in g.broken())


@pytest.mark.rules("CG-BOARD-3", "CG-BOARD-4")
def test_the_free_for_all_with_collisions_draws_every_view_of_seed_0() -> None:
    """The hostile tester's finding, seeded: random players, seed 0 (their own seeds 0-3); a man
    killed in hand to hand after action 215 stayed a boarder, and every view of the table failed."""
    sc = with_modules(load_scenario("free-for-all", "woodenships"), ["collisions"])
    g = Game("woodenships", sc, seed=0, log=False)
    probe = Probe(0, "free-for-all +collisions seed 0")

    def check(game: Game) -> None:
        assert game.broken() == [], f"after action {len(game.actions)}"
        probe(game)

    probe(g)
    play_out(g, {s.id: make("random", k, "woodenships") for k, s in enumerate(sc.seats)}, check)
    assert probe.tally.actions > 215 and not probe.tally.faults, "\n".join(probe.tally.lines())


@pytest.mark.rules("WS-FIG-3", "CG-BOARD-4")
def test_a_prisoner_held_below_decks_is_no_one_a_move_goes_to_fight() -> None:
    """A figure's listed moves go to fight the enemies near him, but not one the collisions
    module holds below decks (there is no going there): the listing used to fail on him."""
    g = boarded()
    g.submit("blue", Strike(True))
    s = shore(g)
    HOST.put_aboard(g, "Blue captain", "Blue", s.ships["Blue"].hull.centre, Surface.BELOW)  # in irons below decks
    assert fig(g, "Blue captain").spot is not None and fig(g, "Blue captain").spot.surface is Surface.BELOW  # type: ignore[union-attr]
    mover = fig(g, "Red captain")
    assert mover.spot is not None
    spaces = figures.Spaces(s, mover)
    assert all(surface is not Surface.BELOW for surface, *_ in figures.goals(s, mover, spaces))
    assert figures.crossing_refused(s, mover, Surface.BELOW, "Blue") is not None
    moves = figures.legal_moves(s, mover, spaces)
    assert moves and all(m.surface != "below" for m, _, _ in moves)


@pytest.mark.rules("WS-FIG-3", "CG-BOARD-5")
def test_the_boat_swarm_with_cunning_plans_lists_every_move_of_seed_0() -> None:
    """The hostile tester's finding: the boat swarm with its Cunning Plans, random players, seed 0;
    after 273 actions a MovePrompt's listing (legal) raised StopIteration, looking for a piece of
    land named after the ship whose prisoner, held below decks, was a goal of the move."""
    sc = load_scenario("boat-swarm-plan", "woodenships")
    g = Game("woodenships", sc, seed=0, log=False)
    players = {s.id: make("random", k, "woodenships") for k, s in enumerate(sc.seats)}
    listed = 0
    while g.prompt is not None and len(g.actions) < 300:
        prompt = g.prompt
        seat = g.waiting_for()[0]
        if isinstance(prompt, MovePrompt):
            assert prompt.legal(seat).parts[0].options, f"after action {len(g.actions)}"
            listed += 1
        g.submit(seat, players[seat].act(g, seat, prompt))
    assert listed > 20 and (len(g.actions) > 273 or g.prompt is None)


@pytest.mark.rules("CG-BOARD-3", "WS-FIG-3")
def test_a_boarder_who_goes_ashore_leaves_the_boarding() -> None:
    """Skull Island with the module, random play, seed 256: at action 146 one of red's boarders on
    Jolly walks off her deck onto the island.  He is no longer one of that boarding's boarders
    (``collisions.figure_moved``), so the module's invariants hold after every action."""
    sc = with_modules(load_scenario("skull-island", "woodenships"), ["collisions"])
    g = Game("woodenships", sc, seed=256)
    agents = {s.id: make("random", 256 * 7 + k, "woodenships") for k, s in enumerate(sc.seats)}
    walker = "Skull Island man 1"
    went: list[int] = []

    def check(game: Game) -> None:
        assert game.broken() == [], f"after action {len(game.actions)}"
        e = game.events[-1] if game.events else None
        aboard_jolly = any(walker in b.boarders for b in state_of(game).boardings if b.target == "Jolly")
        if len(game.actions) == 145:
            assert aboard_jolly, "the case this test is about: he boards Jolly before he walks off"
        if len(game.actions) == 146:
            went.append(len(game.actions))
            assert not aboard_jolly and fig(game, walker).spot is not None and fig(game, walker).spot.surface is Surface.LAND, e

    play_out(g, agents, check)
    assert went == [146]
