"""The generic players serve a rule set they have never heard of (the toy race of ``tests/toy``,
which offers no players of its own), a rule set's own players come from its ``players()``
capability, and a rule module's prompts go to the module's players."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from grapeshot.agents import Agent, factories, make, play_out, rollout_player
from grapeshot.agents.modules import WithModules
from grapeshot.agents.random_player import RandomPlayer
from grapeshot.agents.search import SearchPlayer, spread
from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Players
from grapeshot.core.choices import Choice, Choices, Part
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt
from grapeshot.rulesets.jimlad.players import search as jimlad_search
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from tests.toy import CHEER, Cheer, CheerPrompt, Pace, PacePrompt, ToyCheer, ToyRace, race


def test_a_rule_set_without_players_of_its_own_has_the_random_and_search_players() -> None:
    assert set(factories("toy")) == {"random", "search", "easy", "normal", "hard"}
    assert rollout_player("toy") == "random"
    assert isinstance(make("random", 1, "toy"), RandomPlayer) and isinstance(make("search", 1, "toy"), SearchPlayer)
    with pytest.raises(
        ValueError,
        match=r"unknown player 'heuristic'; known: easy, hard, normal, random, search \(the players of the rule set 'toy', which has no players of its own\)",
    ):
        make("heuristic", 1, "toy")


def test_jim_lad_offers_its_heuristic_and_tells_the_search_what_to_search() -> None:
    assert set(factories("jimlad")) == {"heuristic", "random", "search", "easy", "normal", "hard"}
    assert rollout_player("jimlad") == "heuristic"
    told = make("heuristic", 1, "jimlad")
    assert isinstance(told, WithModules) and isinstance(told.host, HeuristicPlayer)
    from grapeshot.core.ruleset import get

    own = get("jimlad").players()
    assert own is not None and own.evaluate is jimlad_search.score and own.candidates is jimlad_search.candidates
    assert set(own.shares) == {"OrdersPrompt", "DistancePrompt", "ShootPrompt", "BoardPrompt", "TakeoverPrompt"}
    assert not set(own.shares) & own.unsearched and own.even == {"BoardPrompt", "TakeoverPrompt"}


# --------------------------------------------------------------------------- the search on the toy race


def toy_game(seed: int, modules: tuple[str, ...] = ()) -> Game:
    return Game("toy", race(modules=list(modules)), seed=seed, log=False)


def played(seed: int, searcher: SearchPlayer, modules: tuple[str, ...] = ()) -> Game:
    g = toy_game(seed, modules)
    play_out(g, {"red": searcher, "blue": RandomPlayer(seed + 1)})
    return g


def test_the_search_player_plays_a_rule_set_that_tells_it_nothing_and_repeats_itself() -> None:
    one, two = SearchPlayer(4, rollouts=8), SearchPlayer(4, rollouts=8)
    a, b = played(3, one, (CHEER,)), played(3, two, (CHEER,))
    assert a.outcome is not None and one.searched > 0 and one.rollouts_done > 0
    assert a.actions == b.actions and (one.searched, one.rollouts_done) == (two.searched, two.rollouts_done)


def test_without_candidates_of_its_own_it_tries_the_legal_answers() -> None:
    g = toy_game(1)
    prompt = g.prompt
    assert isinstance(prompt, PacePrompt)
    player = SearchPlayer(2, rollouts=8)
    base = player.own(g).act(g, "red", prompt)
    found = player.candidates(g, "red", prompt, base)
    assert found[0] == base and sorted(found, key=lambda a: a.pace) == [Pace(1), Pace(2), Pace(3)]  # type: ignore[attr-defined]


def test_without_an_estimate_a_rollout_plays_to_the_end_and_scores_the_result() -> None:
    g = toy_game(5)
    player = SearchPlayer(2, rollouts=8)
    assert g.prompt is not None
    values = {player.rollout(g, "red", Pace(p), seed) for p in (1, 3) for seed in range(6)}
    assert values <= {0.0, 0.5, 1.0} and len(values) > 1  # finished games: a win, a loss or a shared result


def test_a_spread_lists_few_answers_whole_spaces_many_and_draws_over_many_parts() -> None:
    rng = random.Random(0)
    few = Choices.of([Choice(Pace(p), str(p)) for p in (1, 2, 3)])
    assert spread(few, 6, rng) == [Pace(1), Pace(2), Pace(3)]
    many = Choices.of([Choice(Pace(p), str(p)) for p in range(20)])
    assert spread(many, 5, rng) == [Pace(p) for p in (0, 4, 8, 12, 16)]
    ships = tuple(Part(f"ship {k}", "", tuple(Choice(p, str(p)) for p in range(1, 7))) for k in range(30))
    orders = Choices(ships, lambda picks: Pace(sum(picks)))  # thirty figures' moves, each one of six
    out = spread(orders, 6, rng)
    assert out[0] == orders.first() and len(out) == 6 and len(set(out)) == 6
    drift = Choices((Part("d", "", (Choice(Pace(0), "0"),), lambda r: Choice(Pace(r.choice(range(1, 99))), "x")),))
    assert len(spread(drift, 4, rng)) == 4  # a continuous answer is drawn beyond its grid


# --------------------------------------------------------------------------- a module's prompts go to the module's players


class Steady:
    """The toy's own player (only in these tests): the first legal answer; it knows no module's prompts."""

    name = "steady"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        if prompt.namespace != "toy":
            raise ValueError(f"the toy's own player cannot answer {prompt.namespace} prompt {prompt.kind}")
        return prompt.legal(seat).first()


class Eager:
    """The cheer module's own player (only in these tests): it always cheers."""

    name = "eager"

    def __init__(self, seed: int) -> None:
        pass

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        assert isinstance(prompt, CheerPrompt)
        return Cheer(True)


@pytest.fixture
def toy_players(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(ToyRace, "players", lambda self: Players(factories={"steady": Steady}, rollout="steady"))
    yield


def cheers(seed: int, players: dict[str, Agent]) -> list[Action]:
    """The answers to the cheer module's prompts in a toy race with the module."""
    g = toy_game(seed, (CHEER,))
    answers: list[Action] = []
    while g.prompt is not None:
        prompt = g.prompt
        for seat in g.waiting_for():
            a = players[seat].act(g, seat, prompt)
            if isinstance(prompt, CheerPrompt):
                answers.append(a)
            g.submit(seat, a)
            if g.prompt is not prompt:
                break
    return answers


def test_a_modules_prompts_go_to_the_modules_own_player(toy_players: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyCheer, "players", lambda self: Players(factories={"eager": Eager}, rollout="eager"))
    assert set(factories("toy")) == {"steady", "random", "search", "easy", "normal", "hard"}
    seen = [a for seed in range(12) for a in cheers(seed, {s: make("steady", seed + k, "toy") for k, s in enumerate(("red", "blue"))})]
    assert seen and set(seen) == {Cheer(True)}  # the module's player answered every cheer; the toy's would have refused


def test_a_module_with_no_players_has_its_prompts_answered_from_their_legal_answers(toy_players: None) -> None:
    seen = [a for seed in range(16) for a in cheers(seed, {s: make("steady", seed + k, "toy") for k, s in enumerate(("red", "blue"))})]
    assert set(seen) == {Cheer(True), Cheer(False)}  # the random player, from the prompt's two answers


def test_the_search_rolls_out_with_the_rule_sets_player_and_the_modules(toy_players: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyCheer, "players", lambda self: Players(factories={"eager": Eager}, rollout="eager", unsearched=frozenset({"CheerPrompt"})))
    player = SearchPlayer(6, rollouts=6)
    g = played(2, player, (CHEER,))
    assert g.outcome is not None and player.searched > 0
    assert isinstance(player.own(g), WithModules) and isinstance(player.own(g).host, Steady)  # type: ignore[attr-defined]
    answered = [a for s, a in g.actions if s == "red" and isinstance(a, Cheer)]
    assert set(answered) <= {Cheer(True)}  # the module leaves its prompt unsearched: its eager player's answer stands


def test_a_person_rolls_the_dice_not_the_random_player() -> None:
    g = Game("toy", race(), seed=0, companion=True)
    assert isinstance(g.prompt, DicePrompt)
    with pytest.raises(ValueError, match="physical dice"):
        RandomPlayer(0).act(g, g.prompt.seats[0], g.prompt)
