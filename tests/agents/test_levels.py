"""The levels people choose (easy, normal, hard) exist for every rule set, each the player and
budget ``grapeshot.agents.levels`` documents, a level unknown to the rule set is refused, and a
seat at each level plays a seeded game to its end in every rule set.  How strong each level is
against the next is measured by ``bench/search_vs_heuristic.py --levels`` (docs/agents.md)."""

from __future__ import annotations

import dataclasses

import pytest

from grapeshot.agents import factories, make, play_out
from grapeshot.agents.levels import BLUNDER, HARD_ROLLOUTS, LEVELS, Blundering, level_factory, levels
from grapeshot.agents.modules import WithModules
from grapeshot.agents.search import SearchPlayer
from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Level, Players
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer as JimLadHeuristic
from grapeshot.rulesets.navalwarhammer.players.heuristic import HeuristicPlayer as NavalHeuristic
from grapeshot.rulesets.woodenships.players import SEARCHED
from grapeshot.rulesets.woodenships.players.heuristic import HeuristicPlayer as WoodenHeuristic

HEURISTICS = {"jimlad": JimLadHeuristic, "woodenships": WoodenHeuristic, "navalwarhammer": NavalHeuristic}
#: a short seeded game of each rule set (and Wooden Ships with the collisions module)
SHORT = [("jimlad", "duel", 3), ("woodenships", "ship-duel", 2), ("woodenships", "galley-fight", 2), ("navalwarhammer", "duel", 2)]


@pytest.mark.parametrize("ruleset", sorted(HEURISTICS))
def test_each_level_is_the_documented_player_and_budget(ruleset: str) -> None:
    assert list(levels(ruleset)) == list(LEVELS)
    assert [n for n in factories(ruleset) if n in LEVELS] == list(LEVELS)
    easy, normal, hard = (make(n, 7, ruleset) for n in LEVELS)
    assert isinstance(easy, Blundering) and easy.chance == (0.25 if ruleset == "woodenships" else BLUNDER) and easy.name == "easy"
    assert isinstance(easy.base, WithModules) and isinstance(easy.base.host, HEURISTICS[ruleset])
    assert isinstance(normal, WithModules) and isinstance(normal.host, HEURISTICS[ruleset])
    assert isinstance(hard, SearchPlayer) and hard.budget.rollouts == HARD_ROLLOUTS
    assert hard.decisions == (frozenset(SEARCHED) if ruleset == "woodenships" else None)
    for level in levels(ruleset).values():
        assert level.about  # each level says what it is


def test_a_rule_set_without_players_has_the_levels_of_the_random_player() -> None:
    easy, normal, hard = (make(n, 1, "toy") for n in LEVELS)
    assert isinstance(easy, Blundering) and type(easy.base).__name__ == "RandomPlayer"
    assert type(normal).__name__ == "RandomPlayer" and isinstance(hard, SearchPlayer)


def test_an_unknown_level_is_refused_naming_it_and_the_levels() -> None:
    with pytest.raises(ValueError, match=r"unknown player 'impossible'; known: easy, hard, heuristic, normal, random, search"):
        make("impossible", 1, "jimlad")
    jimlad = get("jimlad")
    own = jimlad.players()
    assert own is not None
    odd = dataclasses.replace(own, levels={"legendary": Level("heuristic")})
    with pytest.raises(ValueError, match=r"names levels \['legendary'\]; the levels are easy, normal, hard"):
        levels(type("Odd", (), {"name": "odd", "players": lambda self: odd})())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"the level 'hard' plays 'oracle', which is none of the players"):
        level_factory("hard", Level("oracle"), factories("jimlad"))
    with pytest.raises(ValueError, match="between 0 and 1"):
        level_factory("easy", Level("heuristic", blunder=2.0), factories("jimlad"))


def test_a_rule_set_may_put_its_own_level_in_place_of_the_generic_one() -> None:
    own = get("woodenships").players()
    assert isinstance(own, Players) and set(own.levels) == {"easy", "hard"}
    assert levels("woodenships")["hard"].params == {"rollouts": HARD_ROLLOUTS, "decisions": SEARCHED}
    assert levels("woodenships")["easy"].blunder == 0.25 and levels("jimlad")["easy"].blunder == BLUNDER
    assert levels("woodenships")["normal"] == levels("jimlad")["normal"]


class Counting:
    """A player that answers like the heuristic and counts how often it is asked."""

    name = "counting"

    def __init__(self) -> None:
        self.asked = 0
        self.inner = JimLadHeuristic(3)

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        self.asked += 1
        return self.inner.act(game, seat, prompt)


def test_the_easy_level_blunders_at_its_stated_rate_and_only_with_legal_answers() -> None:
    sc = load_scenario("duel", "jimlad")
    base = Counting()
    easy = Blundering(base, 0.25, 11, "easy")
    answers = 0
    for seed in range(12):
        g = Game("jimlad", sc, seed=seed, log=False)
        play_out(g, {"red": easy, "blue": make("normal", seed, "jimlad")})  # submit refuses any illegal answer
        answers += sum(1 for s, _ in g.actions if s == "red")
    assert base.asked == answers  # the player is asked every time, blunder or not
    assert 0.15 < easy.blunders / answers < 0.35, (easy.blunders, answers)


def test_the_easy_level_is_repeatable() -> None:
    sc = load_scenario("duel", "jimlad")

    def one() -> list[tuple[str, Action]]:
        g = Game("jimlad", sc, seed=4, log=False)
        play_out(g, {"red": make("easy", 9, "jimlad"), "blue": make("normal", 2, "jimlad")})
        return list(g.actions)

    assert one() == one()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("ruleset", "scenario", "turns"), SHORT, ids=[f"{r}-{s}" for r, s, _ in SHORT])
def test_a_seat_at_each_level_plays_a_seeded_game_to_its_end(ruleset: str, scenario: str, turns: int, level: str) -> None:
    sc = load_scenario(scenario, ruleset)
    seats = [s.id for s in sc.seats]
    g = Game(ruleset, sc, {"turn_limit": turns}, seed=5, log=False)
    player = make(level, 5, ruleset)
    if isinstance(player, SearchPlayer):  # the hard level's own budget, made small: the test asks that it plays, not how well
        player.budget = dataclasses.replace(player.budget, rollouts=6, candidates=3)
    outcome = play_out(g, {seats[0]: player, **{s: make("normal", 1, ruleset) for s in seats[1:]}})
    assert outcome.turn <= turns and g.prompt is None
    if isinstance(player, SearchPlayer):
        assert player.searched > 0
