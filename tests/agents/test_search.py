"""The search player: legal, repeatable, blind to sealed orders, and its search keeps the best.

Budgets here are tiny (a few rollouts, a one-turn horizon) so that whole games stay quick; how
strong the player is at its default budget is measured by ``bench/search_vs_heuristic.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from grapeshot.agents import Agent, make, play_out
from grapeshot.agents.search import SearchPlayer
from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt
from grapeshot.core.scenario import load_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.rulesets.jimlad.actions import ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.placing import Place, PlacePrompt
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.jimlad.prompts import OrdersPrompt
from tests import support
from tests.rulesets.jimlad.test_placing import typed


def small(seed: int = 3, **kw: int) -> SearchPlayer:
    return SearchPlayer(seed, rollouts=kw.get("rollouts", 6), candidates=kw.get("candidates", 3), horizon=kw.get("horizon", 1))


def until_orders(g: Game, players: dict[str, Agent], turn: int) -> None:
    """Play on until every seat is asked for its orders, in ``turn`` or later."""
    while not (isinstance(g.prompt, OrdersPrompt) and g.turn >= turn and len(g.prompt.choices) == len(g.state.seats)):
        assert g.prompt is not None, "the game ended first"
        seat = g.waiting_for()[0]
        g.submit(seat, players[seat].act(g, seat, g.prompt))


def test_the_search_player_is_selectable_by_name() -> None:
    assert isinstance(make("search", 1, "jimlad"), SearchPlayer)


def test_a_whole_duel_is_legal_and_repeats_exactly() -> None:
    """Every answer passes the rules (``Game.submit`` refuses anything else); the same seeds give the same game."""

    def one() -> tuple[Sequence[tuple[str, Action]], SearchPlayer]:
        g = Game("jimlad", load_scenario("duel", "jimlad"), seed=21, log=False)
        searcher = small(5)
        play_out(g, {"red": searcher, "blue": HeuristicPlayer(8)})
        return g.actions, searcher

    first, s1 = one()
    second, s2 = one()
    assert s1.searched > 0 and s1.rollouts_done > 0
    assert first == second
    assert (s1.searched, s1.rollouts_done) == (s2.searched, s2.rollouts_done)


def test_in_a_brawl_every_answer_is_one_the_prompt_accepts() -> None:
    g = Game("jimlad", load_scenario("brawl", "jimlad"), seed=4, log=False)
    seats = list(g.state.seats)
    searcher = small(9, rollouts=4, candidates=3)
    players: dict[str, Agent] = {s: HeuristicPlayer(i) for i, s in enumerate(seats)}
    players[seats[0]] = searcher
    while g.prompt is not None and g.turn <= 3:
        prompt = g.prompt
        seat = g.waiting_for()[0]
        action = players[seat].act(g, seat, prompt)
        prompt.check(seat, action)
        g.submit(seat, action)
    assert searcher.searched > 0


def test_sealed_orders_of_the_other_seat_are_never_read() -> None:
    """Whatever blue has sealed, red's search sees the same game and chooses the same orders."""
    answers = []
    for card in (1, 4):
        g = Game("jimlad", load_scenario("duel", "jimlad"), seed=33, log=False)
        players: dict[str, Agent] = {"red": HeuristicPlayer(1), "blue": HeuristicPlayer(2)}
        until_orders(g, players, 2)
        prompt = g.prompt
        assert isinstance(prompt, OrdersPrompt)
        ship = next(iter(prompt.choices["blue"]))
        g.submit("blue", Orders((ManoeuvreOrder(ship, card),)))
        assert g.sealed_by("blue") is not None and "red" in g.waiting_for()
        searcher = small(7)
        copy = searcher.fork(g, 99)
        assert copy.sealed_by("blue") is None and len(copy.actions) == len(g.actions) - 1
        answers.append(searcher.act(g, "red", prompt))
        assert searcher.searched == 1
    assert answers[0] == answers[1]


def test_a_copy_is_the_same_game_with_new_dice() -> None:
    g = Game("jimlad", load_scenario("brawl", "jimlad"), seed=12, log=False)
    players: dict[str, Agent] = {s: HeuristicPlayer(i) for i, s in enumerate(g.state.seats)}
    until_orders(g, players, 3)
    copy = SearchPlayer(1).fork(g, 5)
    assert copy.view(None)["state"] == g.view(None)["state"]
    assert copy.dice is not g.dice and copy.turn == g.turn and copy.prompt is not None


def test_scripted_dice_cannot_be_copied_so_it_answers_as_the_heuristic() -> None:
    g = Game("jimlad", support.duel(), seed=1, dice=ScriptedDice([90.0]), log=False)
    prompt = g.prompt
    assert isinstance(prompt, OrdersPrompt)
    searcher = small()
    assert searcher.act(g, "red", prompt) == HeuristicPlayer(3).act(g, "red", prompt)
    assert searcher.searched == 0


def test_against_a_person_at_a_physical_table_the_copies_replay_the_typed_dice() -> None:
    """Companion play: the person types every die and places every model, the AI still searches."""
    g = Game("jimlad", support.duel(), seed=1, companion=True, hands=("red",), log=False)
    searcher = small(2)
    red = HeuristicPlayer(4)
    while g.prompt is not None and g.turn <= 2:
        p, seat = g.prompt, g.waiting_for()[0]
        if isinstance(p, DicePrompt):
            g.submit(seat, typed(p))
        elif isinstance(p, PlacePrompt):
            g.submit(seat, Place())
        elif seat == "blue":
            g.submit(seat, searcher.act(g, seat, p))
        else:
            g.submit(seat, red.act(g, seat, p))
    assert searcher.searched > 0


class Scripted(SearchPlayer):
    """A search player whose rollouts score from a table: candidate -> score per rollout seed."""

    def __init__(self, table: dict[int, list[float]]) -> None:
        super().__init__(0, rollouts=64, candidates=8)
        self.table = table
        self.calls: list[int] = []
        self.n: dict[int, int] = {}

    def rollout(self, game: Game, seat: str, action: Action, dice_seed: int) -> float:
        assert isinstance(action, Orders)
        i = action.orders[0].card
        self.calls.append(i)
        k = self.n.get(i, 0)
        self.n[i] = k + 1
        return self.table[i][k % len(self.table[i])]


def test_successive_halving_keeps_the_best_mean_and_drops_the_worst_early() -> None:
    g = Game("jimlad", support.duel(), seed=1, log=False)
    cands: list[Action] = [Orders((ManoeuvreOrder("Red", c),)) for c in (1, 2, 3, 4)]
    player = Scripted({1: [0.5], 2: [0.0, 1.0], 3: [0.9, 0.8], 4: [0.1]})
    best = player.search(g, "red", cands, 32)
    assert best == cands[2]  # card 3: mean 0.85
    assert player.calls.count(4) < player.calls.count(3)  # the worst stopped early
    assert player.rollouts_done <= 32


def test_ties_go_to_the_earlier_candidate_which_is_the_heuristics() -> None:
    g = Game("jimlad", support.duel(), seed=1, log=False)
    cands: list[Action] = [Orders((ManoeuvreOrder("Red", c),)) for c in (2, 1)]
    assert Scripted({1: [0.5], 2: [0.5]}).search(g, "red", cands, 8) == cands[0]


def test_a_time_budget_stops_after_the_seed_that_runs_out_of_time() -> None:
    """With no time at all, each candidate gets exactly one rollout (the same seed), and the best still wins."""
    g = Game("jimlad", support.duel(), seed=1, log=False)
    cands: list[Action] = [Orders((ManoeuvreOrder("Red", c),)) for c in (1, 2, 3)]
    player = Scripted({1: [0.2], 2: [0.9], 3: [0.5]})
    player.budget = dataclasses.replace(player.budget, time_budget=0.0)
    assert player.search(g, "red", cands, 64) == cands[1]
    assert sorted(player.calls) == [1, 2, 3] and player.rollouts_done == 3


def test_keyed_dice_are_fair_and_the_same_question_gets_the_same_answer() -> None:
    """Common random numbers: a roll depends on (seed, turn, purpose, how often asked), nothing else.

    Fairness: 6,000 D6 faces, each face expected 1,000 times; the chi-square statistic with 5
    degrees of freedom stays under 20.5 (p = 0.001)."""
    from grapeshot.agents.search import KeyedDice
    from grapeshot.dice import D6, RollRequest, nd6

    g = Game("jimlad", support.duel(), seed=1, log=False)
    one, two = KeyedDice(5, g), KeyedDice(5, g)
    assert one.roll(RollRequest(nd6(2), "Red movement", "JL-MOVE-1")).faces == two.roll(RollRequest(nd6(2), "Red movement", "JL-MOVE-1")).faces
    # asking something else first does not shift the answer to the same question
    two.roll(RollRequest(D6, "Blue movement", "JL-MOVE-1"))
    assert one.roll(RollRequest(D6, "Red leadership", "JL-RAM-2")).faces == two.roll(RollRequest(D6, "Red leadership", "JL-RAM-2")).faces
    counts = [0] * 6
    dice = KeyedDice(11, g)
    for k in range(6000):
        counts[dice.roll(RollRequest(D6, f"purpose {k % 7}", "JL-TURN-1")).total - 1] += 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 20.5, counts
    assert KeyedDice(12, g).roll(RollRequest(nd6(3), "x", "JL-TURN-1")).faces != KeyedDice(13, g).roll(RollRequest(nd6(3), "x", "JL-TURN-1")).faces
