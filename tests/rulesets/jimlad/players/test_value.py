"""The search player's estimate of the chance to win: symmetric in a duel, and it reads the position
the way the game is won (krew for boarding, a working ship, hull points as the turn limit nears)."""

from __future__ import annotations

import pytest

from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.jimlad.players.value import DUEL_WEIGHTS, FEATURES, MELEE_WEIGHTS, features, win_chance
from grapeshot.rulesets.jimlad.state import Sea, Ship


def duel_sea() -> Sea:
    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=4, log=False)
    assert isinstance(g.state, Sea)
    return g.state


def ship_of(sea: Sea, seat: str) -> Ship:
    return next(s for s in sea.ships.values() if s.commander == seat)


def test_an_even_duel_is_even_and_the_two_chances_add_up_to_one() -> None:
    sea = duel_sea()
    assert win_chance(sea, "red") == pytest.approx(0.5)
    ship_of(sea, "blue").krew.pop()
    ship_of(sea, "red").engine_damaged = True
    sea.turn = 7
    assert win_chance(sea, "red") + win_chance(sea, "blue") == pytest.approx(1.0)
    assert features(sea, "red") == tuple(-f for f in features(sea, "blue"))


def test_an_ork_more_aboard_raises_the_chance() -> None:
    sea = duel_sea()
    ship_of(sea, "blue").krew.pop()
    assert win_chance(sea, "red") > 0.55


def test_a_damaged_engine_and_a_dead_kaptin_lower_it() -> None:
    sea = duel_sea()
    ship_of(sea, "red").engine_damaged = True
    assert win_chance(sea, "red") < 0.5
    sea = duel_sea()
    red = ship_of(sea, "red")
    red.krew = [k for k in red.krew if k.role != "kaptin"]
    blue = ship_of(sea, "blue")
    blue.krew.pop()  # the same number of Orks aboard each: only the Kaptin differs
    assert win_chance(sea, "red") < 0.5


def test_a_ship_that_cannot_manoeuvre_is_worth_less() -> None:
    sea = duel_sea()
    ship_of(sea, "red").hull_points = 1  # becalmed (JL-SHIP-4)
    assert win_chance(sea, "red") < 0.35


def test_a_hull_point_ahead_counts_for_more_as_the_turn_limit_nears() -> None:
    """At the turn limit hull points break the tie (JL-WIN-3); in turn 1 a point hardly matters."""
    early, late = duel_sea(), duel_sea()
    for sea in (early, late):
        ship_of(sea, "blue").hull_points -= 1
    early.turn = 1
    late.turn = int(late.option("turn_limit"))
    assert win_chance(late, "red") > win_chance(early, "red") + 0.2
    assert win_chance(late, "red") > 0.75


def test_with_more_seats_the_strongest_rival_is_the_one_measured() -> None:
    g = Game("jimlad", load_scenario("brawl", "jimlad"), seed=4, log=False)
    sea = g.state
    assert isinstance(sea, Sea)
    seats = list(sea.seats)
    weak = ship_of(sea, seats[1])
    weak.krew = weak.krew[:2]
    before = features(sea, seats[0])
    assert before == (0.0,) * len(FEATURES)  # two others are as strong as the seat is
    strong = ship_of(sea, seats[2])
    strong.krew.pop()
    ship_of(sea, seats[3]).krew.pop()
    ahead = features(sea, seats[0])
    assert ahead[FEATURES.index("krew")] == 1.0  # one Ork more than the strongest rival, not six
    assert 0.0 < win_chance(sea, seats[0]) < 0.5  # one seat of four is more likely to lose than win


def test_weights_have_one_per_feature_and_a_duel_has_no_intercept() -> None:
    assert len(DUEL_WEIGHTS[1]) == len(MELEE_WEIGHTS[1]) == len(FEATURES)
    assert DUEL_WEIGHTS[0] == 0.0


def test_positions_from_a_real_game_give_chances_strictly_between_nought_and_one() -> None:
    g = Game("jimlad", load_scenario("brawl", "jimlad"), seed=9, log=False)
    players = {s: HeuristicPlayer(k) for k, s in enumerate(g.state.seats)}
    seen = 0
    while g.prompt is not None and g.turn < 6:
        sea = g.state
        assert isinstance(sea, Sea)
        for s in sea.seats:
            assert 0.0 < win_chance(sea, s) < 1.0
        seen += 1
        seat = g.waiting_for()[0]
        g.submit(seat, players[seat].act(g, seat, g.prompt))
    assert seen > 20
