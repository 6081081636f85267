"""What Jim Lad tells the generic search player: the worth of a future (a finished game's result
with a material tie-break, the learned chance to win of one cut short), and its players() capability."""

from __future__ import annotations

import pytest

from grapeshot.agents import Agent, play_out
from grapeshot.agents.search import SearchPlayer
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.jimlad.players.search import score
from grapeshot.rulesets.jimlad.players.value import win_chance
from grapeshot.rulesets.jimlad.state import Sea
from tests.agents.test_search import until_orders


def test_a_won_game_scores_one_a_lost_game_zero() -> None:
    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=2, log=False)
    out = play_out(g, {"red": HeuristicPlayer(1), "blue": HeuristicPlayer(2)})
    assert isinstance(g.state, Sea)
    for seat in ("red", "blue"):
        s = score(g, seat)
        if seat in out.winners and len(out.winners) == 1:
            assert s > 0.9
        elif out.winners and seat not in out.winners:
            assert s < 0.1
        else:
            assert 0.0 < s < 1.0


@pytest.mark.parametrize("horizon", [0, 1])
def test_an_unfinished_future_is_scored_between_a_loss_and_a_win(horizon: int) -> None:
    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=6, log=False)
    players: dict[str, Agent] = {"red": HeuristicPlayer(1), "blue": HeuristicPlayer(2)}
    until_orders(g, players, 2)
    p = SearchPlayer(1, horizon=horizon)
    prompt = g.prompt
    assert prompt is not None
    value = p.rollout(g, "red", HeuristicPlayer(1).act(g, "red", prompt), 77)
    assert 0.0 < value < 1.0


def test_an_unfinished_future_scores_the_learned_chance_to_win_and_an_ork_lost_lowers_it() -> None:
    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=6, log=False)
    until_orders(g, {"red": HeuristicPlayer(1), "blue": HeuristicPlayer(2)}, 3)
    sea = g.state
    assert isinstance(sea, Sea) and g.outcome is None
    before = score(g, "red")
    assert before == win_chance(sea, "red")
    next(s for s in sea.ships.values() if s.commander == "red").krew.pop()
    assert score(g, "red") < before
