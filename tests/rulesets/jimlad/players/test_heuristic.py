"""Behaviour of Jim Lad's heuristic player (shooting, repairs, steering, re-rolls, whole games,
against the random player), on small scenarios built in code; the random player's own tests are
in ``tests/agents/test_random_player.py``.

Geometry (``support.duel``): Red's 10" x 4" hull is centred on (30, 36) heading east (0
degrees), so its fore kannon sits at the bow (35, 36), the port kannon at (30, 38), the
starboard kannon at (30, 34) and the aft kannon at the stern (25, 36).  Heading 90 is +y;
port is to the left of the bow.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from grapeshot.agents import Agent, make, play_out, play_until
from grapeshot.agents.random_player import RandomPlayer
from grapeshot.core.actions import Action, EnterDice, Reroll
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.core.ruleset import Outcome
from grapeshot.core.scenario import Scenario, load_scenario
from grapeshot.dice import D3, SCATTER, RollRequest, nd6
from grapeshot.geometry import Vec, first_contact
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.data import CARDS, Card
from grapeshot.rulesets.jimlad.movement import card_path
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, shoot_prompt
from tests.support import duel, game, scenario, sea, ship

FORE = Vec(35.0, 36.0)  # Red's fore kannon in the default duel


def polar(origin: Vec, bearing: float, reach: float) -> tuple[float, float]:
    r = math.radians(bearing)
    return (origin.x + reach * math.cos(r), origin.y + reach * math.sin(r))


def decide_shot(g: Game, name: str = "Red", seed: int = 0) -> tuple[ShootPrompt, Action]:
    """The heuristic's answer to a fresh shooting prompt for one ship; the prompt must accept it."""
    s, sh = sea(g), ship(g, name)
    prompt = shoot_prompt(s, sh)
    action = HeuristicPlayer(seed).act(g, sh.commander, prompt)
    prompt.check(sh.commander, action)
    return prompt, action


def on_hull(g: Game, name: str, point: tuple[float, float] | None) -> bool:
    assert point is not None
    return ship(g, name).hull.contains(Vec(*point), margin=1e-6)


def answer(g: Game, players: Mapping[str, Agent], until: Callable[[Game], bool], max_steps: int = 500) -> None:
    """Let ``players`` answer through ``Game.submit`` (which rejects illegal actions) until ``until``."""
    play_until(g, players, until, max_steps=max_steps)


def moved(name: str) -> Callable[[Game], bool]:
    return lambda g: any(e.kind == "move" and e.data["ship"] == name for e in g.events)


def move_of(g: Game, name: str) -> dict[str, Any]:
    [m] = [dict(e.data) for e in g.events if e.kind == "move" and e.data["ship"] == name]
    return m


def gap(g: Game, a: str, b: str) -> float:
    ha, hb = ship(g, a).hull, ship(g, b).hull
    return math.hypot(ha.x - hb.x, ha.y - hb.y)


def heuristics(*seats: str, seed: int = 0) -> dict[str, Agent]:
    return {seat: HeuristicPlayer(seed + k) for k, seat in enumerate(seats)}


# --------------------------------------------------------------------------- shooting: the best shot


def test_an_enemy_in_the_fore_arc_at_20_inches_gets_krak_from_the_fore_kannon_on_its_hull() -> None:
    # 25 degrees off the bow: in the fore arc, clear of both broadside arcs and of the torpedo tracks
    x, y = polar(FORE, 25.0, 20.0)
    g = game(duel(blue={"x": x, "y": y, "heading": 90.0}))
    prompt, action = decide_shot(g)
    assert {"fore", "port", "starboard"} <= set(prompt.guns()) and prompt.torpedoes()
    assert isinstance(action, Fire)
    assert (action.gun, action.shell, action.target) == ("fore", "krak", None)
    assert on_hull(g, "Blue", action.aim)
    assert math.dist(FORE, action.aim or (0.0, 0.0)) <= 36.0


def test_dead_ahead_with_the_torpedoes_spent_it_is_still_the_fore_kannon() -> None:
    g = game(duel(blue={"x": 60.0, "y": 36.0, "heading": 90.0}))
    ship(g, "Red").salvos_left = 0
    _, action = decide_shot(g)
    assert isinstance(action, Fire) and (action.gun, action.shell) == ("fore", "krak")
    assert on_hull(g, "Blue", action.aim)


def test_an_enemy_across_the_torpedo_tracks_gets_the_salvo() -> None:
    # 40" dead ahead: beyond the fore kannon's 36" but on the 48" torpedo run
    g = game(duel(blue={"x": 80.0, "y": 36.0, "heading": 90.0}))
    _, action = decide_shot(g)
    assert action == Torpedoes()


def test_blood_axes_aim_their_manned_torpedoes_at_an_enemy_in_reach() -> None:
    g = game(duel(red={"klan": "blood-axes"}, blue={"x": 50.0, "y": 40.0, "heading": 90.0}))
    _, action = decide_shot(g)
    assert isinstance(action, Torpedoes) and len(action.aims) == 2
    assert all(on_hull(g, "Blue", a) for a in action.aims)


@pytest.mark.parametrize(("side", "y"), [("port", 54.0), ("starboard", 18.0)])
def test_an_enemy_abeam_within_24_inches_gets_a_broadside(side: str, y: float) -> None:
    g = game(duel(blue={"x": 30.0, "y": y, "heading": 0.0}))  # 16" from the broadside kannon
    _, action = decide_shot(g)
    assert isinstance(action, Fire)
    assert (action.gun, action.shell) == (side, "krak")
    assert on_hull(g, "Blue", action.aim)


def test_an_enemy_close_off_the_beam_gets_its_deck_swept_with_grapeshot() -> None:
    # Blue's stern is 3" off Red's port side, its keel (and krew) along the template's line
    g = game(duel(blue={"x": 30.0, "y": 46.0, "heading": 90.0}))
    _, action = decide_shot(g)
    assert isinstance(action, Fire) and (action.gun, action.shell) == ("port", "grapeshot")
    assert on_hull(g, "Blue", action.aim)


@pytest.mark.parametrize(
    "blue",
    [
        {"x": 110.0, "y": 66.0, "heading": 0.0},  # out of every range
        {"x": 10.0, "y": 36.0, "heading": 0.0},  # astern, in the aft arc but beyond grapeshot reach
        {"x": 48.0, "y": 52.5, "heading": 45.0},  # in the wedge between the fore and port arcs
    ],
)
def test_with_no_enemy_in_arc_and_range_it_fires_no_kannon(blue: dict[str, Any]) -> None:
    g = game(duel(blue=blue))
    prompt, action = decide_shot(g)
    assert prompt.guns()  # it could fire
    assert action == EndShooting()
    # and with something to mend, it mends instead
    ship(g, "Red").hull_points = 4
    _, action = decide_shot(g)
    assert action == Repair("hull")


@pytest.mark.parametrize("rear_side", [25.0, -25.0])
def test_it_prefers_the_target_showing_thinner_armour(rear_side: float) -> None:
    # two Bad Moons ships 20" from Red's fore kannon, 25 degrees either side of the bow: one bow-on
    # (front armour 13), one stern-on (rear armour 11); the stern-on one is the better target
    ax, ay = polar(FORE, -rear_side, 20.0)
    bx, by = polar(FORE, rear_side, 20.0)
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
            {"seat": "blue", "name": "Bows", "klan": "bad-moons", "x": ax, "y": ay, "heading": -rear_side + 180.0},
            {"seat": "blue", "name": "Stern", "x": bx, "y": by, "heading": rear_side},
        ]
    )
    g = game(sc)
    assert math.dist(FORE, (ax, ay)) == pytest.approx(math.dist(FORE, (bx, by)))
    _, action = decide_shot(g)
    assert isinstance(action, Fire) and (action.gun, action.shell) == ("fore", "krak")
    assert on_hull(g, "Stern", action.aim)


def test_it_prefers_the_target_one_hull_point_from_sinking() -> None:
    ax, ay = polar(FORE, 25.0, 20.0)
    bx, by = polar(FORE, -25.0, 20.0)
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
            {"seat": "blue", "name": "Whole", "x": ax, "y": ay, "heading": 90.0},
            {"seat": "blue", "name": "Sinking", "x": bx, "y": by, "heading": 90.0, "hull_points": 1},
        ]
    )
    g = game(sc)
    _, action = decide_shot(g)
    assert isinstance(action, Fire) and on_hull(g, "Sinking", action.aim)


# --------------------------------------------------------------------------- repairs


def test_a_shaken_ship_repairs_what_it_can() -> None:
    x, y = polar(FORE, 25.0, 20.0)
    g = game(duel(blue={"x": x, "y": y, "heading": 90.0}))
    s, red = sea(g), ship(g, "Red")
    red.effects["shaken"] = s.turn
    red.rudder_damaged = True
    prompt, action = decide_shot(g)
    assert not prompt.may_shoot() and prompt.repairs() == ["rudder"]
    assert action == Repair("rudder")


def test_a_shaken_ship_with_nothing_to_mend_ends_its_shooting() -> None:
    x, y = polar(FORE, 25.0, 20.0)
    g = game(duel(blue={"x": x, "y": y, "heading": 90.0}))
    ship(g, "Red").effects["shaken"] = sea(g).turn
    _, action = decide_shot(g)
    assert action == EndShooting()


@pytest.mark.parametrize("hull_points", [1, 2])
def test_a_badly_holed_ship_repairs_its_hull_rather_than_take_a_modest_shot(hull_points: int) -> None:
    x, y = polar(FORE, 25.0, 20.0)
    g = game(duel(blue={"x": x, "y": y, "heading": 90.0}))
    ship(g, "Red").hull_points = hull_points
    _, action = decide_shot(g)
    assert action == Repair("hull")


def test_a_lightly_holed_ship_takes_the_same_shot_instead() -> None:
    x, y = polar(FORE, 25.0, 20.0)
    g = game(duel(blue={"x": x, "y": y, "heading": 90.0}))
    ship(g, "Red").hull_points = 4
    _, action = decide_shot(g)
    assert isinstance(action, Fire) and action.gun == "fore"


def test_a_badly_holed_ship_still_takes_a_strong_shot() -> None:
    # a Deff Skulls broadside (D3 shots) at a ship one hull point from sinking
    g = game(duel(red={"klan": "deff-skulls", "hull_points": 2}, blue={"x": 30.0, "y": 54.0, "heading": 0.0, "hull_points": 1}))
    prompt, action = decide_shot(g)
    assert "hull" in prompt.repairs()
    assert isinstance(action, Fire) and (action.gun, action.shell) == ("port", "krak")


# --------------------------------------------------------------------------- steering


def edge_duel() -> Scenario:
    # Red's bow is at x 110, 10" from the east edge, pointing at it; Blue is far to the west
    return duel(red={"x": 105.0}, blue={"x": 30.0, "y": 20.0, "heading": 0.0})


def island_duel() -> Scenario:
    # a round island of radius 5 centred 15" ahead of Red's bow: its shore is 10" ahead
    rock = {"kind": "island", "name": "Rock", "circle": {"center": [50, 36], "radius": 5}}
    return duel(blue={"x": 100.0, "y": 60.0, "heading": 180.0}, terrain=[rock])


def red_order(g: Game, seed: int) -> ManoeuvreOrder:
    assert isinstance(g.prompt, OrdersPrompt)
    [order] = HeuristicPlayer(seed).orders(sea(g), "red", g.prompt).orders
    return order


def test_a_ship_pointed_at_the_table_edge_does_not_order_full_ahead() -> None:
    cards = {red_order(Game("jimlad", edge_duel(), seed=0), seed).card for seed in range(20)}
    assert int(Card.FULL_AHEAD) not in cards


def test_a_ship_pointed_at_the_table_edge_does_not_sail_into_it() -> None:
    hits = []
    for seed in range(12):
        g = Game("jimlad", edge_duel(), seed=seed)
        answer(g, heuristics("red", "blue", seed=seed), moved("Red"))
        contact = move_of(g, "Red")["contact"]
        if contact is not None:
            hits.append((seed, contact))
    assert hits == []


def test_a_ship_pointed_at_an_island_close_ahead_steers_clear_of_it() -> None:
    hits = []
    for seed in range(12):
        g = Game("jimlad", island_duel(), seed=0)
        red = ship(g, "Red")
        order = red_order(g, seed)
        card = Card(order.card)
        # the shortest move the card allows already meets the island?
        path = card_path(red.hull, card, order.turn, order.card_at, CARDS[card].minimum)
        contact = first_contact(path, red.length, red.width, sea(g).ship_obstacles(red), sea(g).table)
        if contact is not None and contact.kind == "island":
            hits.append((seed, order))
    assert hits == []


def test_a_ship_pointed_at_an_island_moves_clear_of_it_when_it_turns() -> None:
    # whatever the heuristic picked, a turning order it gives here must not touch the island when sailed
    turned = 0
    for seed in range(12):
        g = Game("jimlad", island_duel(), seed=seed)
        order = red_order(g, seed)
        answer(g, heuristics("red", "blue", seed=seed), moved("Red"))
        m = move_of(g, "Red")
        if order.turn != "none":
            turned += 1
            assert m["contact"] is None, (seed, order, m)
    assert turned >= 6  # it mostly turns away


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_it_closes_on_a_distant_enemy(seed: int) -> None:
    # 80" apart, bows towards each other; Blue is becalmed (1 hull point), so only Red's move counts
    g = Game("jimlad", duel(red={"x": 20.0}, blue={"x": 100.0, "hull_points": 1}), seed=seed)
    assert gap(g, "Red", "Blue") == pytest.approx(80.0)
    answer(g, heuristics("red", "blue", seed=seed), moved("Red"))
    assert ship(g, "Blue").hull.x == 100.0
    assert move_of(g, "Red")["contact"] is None
    assert gap(g, "Red", "Blue") < 60.0


def test_its_distance_is_within_what_the_dice_allow_and_prefers_room() -> None:
    def full_ahead(g: Game) -> DistancePrompt:
        return DistancePrompt(seats=("red",), rule="JL-MOVE-9", text="", accepts=(Distance,), ship="Red", card=Card.FULL_AHEAD, low=9.0, high=30.0, sea=sea(g))

    g = game(duel())
    prompt = full_ahead(g)
    d = HeuristicPlayer(0).act(g, "red", prompt)
    prompt.check("red", d)
    assert isinstance(d, Distance) and 9.0 <= d.inches <= 30.0
    # heading for the east edge with 55" of water ahead of the bow: it stops short rather than run 30"
    g = game(duel(red={"x": 60.0}, blue={"x": 20.0, "y": 60.0}))
    d = HeuristicPlayer(0).act(g, "red", full_ahead(g))
    assert isinstance(d, Distance) and d.inches < 30.0


# --------------------------------------------------------------------------- legal orders


class Watch:
    """A heuristic player that records the prompts of one kind it answers, with its answers."""

    name = "watch"

    def __init__(self, seed: int, kind: type[Prompt], seen: list[tuple[Prompt, str, Action]]) -> None:
        self.inner = HeuristicPlayer(seed)
        self.kind = kind
        self.seen = seen

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        a = self.inner.act(game, seat, prompt)
        if isinstance(prompt, self.kind):
            self.seen.append((prompt, seat, a))
        return a


def legal_setups() -> list[Scenario]:
    return [
        duel(),
        # two ships for one seat, one of them at a standstill (Full Astern allowed) and close to the edge
        scenario(
            [
                {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
                {"seat": "red", "name": "Mate", "x": 8.0, "y": 8.0, "heading": 225.0, "standstill": True},
                {"seat": "blue", "name": "Blue", "x": 60.0, "y": 36.0, "heading": 180.0},
            ]
        ),
        # bows into a corner, hemmed in by the edge and an island
        duel(
            red={"x": 112.0, "y": 64.0, "heading": 45.0},
            terrain=[{"kind": "island", "name": "Rock", "circle": {"center": [100, 66], "radius": 4}}],
        ),
    ]


@pytest.mark.parametrize("index", range(3))
def test_every_order_and_distance_it_gives_is_accepted(index: int) -> None:
    g = Game("jimlad", legal_setups()[index], seed=index)
    seen: list[tuple[Prompt, str, Action]] = []
    answer(g, {"red": Watch(1, OrdersPrompt, seen), "blue": Watch(2, OrdersPrompt, seen)}, lambda g: g.turn > 4)  # Game.submit raises on anything illegal
    assert len(seen) >= 4  # at least one orders prompt a turn
    for prompt, seat, orders in seen:
        assert isinstance(prompt, OrdersPrompt) and isinstance(orders, Orders)
        assert sorted(o.ship for o in orders.orders) == sorted(prompt.choices[seat])


def test_with_the_rudder_shot_away_it_orders_a_straight_card() -> None:
    g = Game("jimlad", duel(blue={"y": 60.0}), seed=3)
    ship(g, "Red").rudder_damaged = True  # the turn-1 prompt is already out; turn 2's knows
    answer(g, heuristics("red", "blue"), lambda g: g.turn == 2 and isinstance(g.prompt, OrdersPrompt))
    assert isinstance(g.prompt, OrdersPrompt)
    allowed = g.prompt.choices["red"]["Red"]
    assert all(turn == "none" for _, turn in allowed)
    order = red_order(g, 0)
    assert (Card(order.card), order.turn) in allowed
    g.submit("red", Orders((order,)))


# --------------------------------------------------------------------------- dice


def reroll_prompt(expr: Any, faces: tuple[int, ...], better: str | None, direction: float | None = None) -> RerollPrompt:
    roll = expr.result(faces, direction)
    request = RollRequest(expr, "test roll", "JL-KLAN-1", "red", "Red", better)
    return RerollPrompt(seats=("red",), rule=None, text="re-roll?", accepts=(Reroll,), roll=roll, request=request)


@pytest.mark.parametrize(
    ("expr", "faces", "better", "direction", "die"),
    [
        (nd6(2), (5, 1), "high", None, 1),  # a 1 on a roll wanted high: re-roll it
        (nd6(2), (2, 6), "high", None, 0),
        (nd6(1), (5,), "high", None, None),  # a 5 is good: keep it
        (nd6(2), (4, 3), "high", None, 1),  # a 3 is below the average: worth another go
        (nd6(2), (4, 5), "high", None, None),
        (nd6(2), (1, 6), "low", None, 1),  # a 6 on a roll wanted low: re-roll it
        (nd6(1), (2,), "low", None, None),
        (D3, (3,), None, None, None),  # no better face: keep
        (SCATTER, (6,), "hit", 90.0, 0),  # an arrow when a hit was wanted: re-roll
        (SCATTER, (1,), "hit", None, None),  # a hit: keep
    ],
)
def test_its_reroll_takes_back_a_bad_die_and_keeps_a_good_one(
    expr: Any, faces: tuple[int, ...], better: str | None, direction: float | None, die: int | None
) -> None:
    g = game(duel())
    prompt = reroll_prompt(expr, faces, better, direction)
    action = HeuristicPlayer(0).act(g, "red", prompt)
    prompt.check("red", action)
    assert action == Reroll(die)


def test_in_a_freebooterz_game_every_reroll_it_takes_is_of_a_low_die() -> None:
    seen: list[tuple[Prompt, str, Action]] = []
    g = Game("jimlad", duel(red={"klan": "freebooterz"}, blue={"klan": "freebooterz", "y": 50.0}), seed=4)
    play_out(g, {"red": Watch(1, RerollPrompt, seen), "blue": Watch(2, RerollPrompt, seen)})
    asked = [(p, a) for p, _, a in seen if isinstance(p, RerollPrompt) and isinstance(a, Reroll)]
    assert len(asked) == len(seen)
    highs = [(p, a) for p, a in asked if p.request is not None and p.request.better == "high" and p.roll is not None and len(p.roll.faces) > 0]
    assert highs and any(a.die is not None for _, a in highs) and any(a.die is None for _, a in highs)
    for p, a in highs:
        assert p.roll is not None
        low = min(p.roll.faces)
        if a.die is None:
            assert low > 3
        else:
            assert p.roll.faces[a.die] == low <= 3
    assert any(e.kind == "reroll" for e in g.events)


def test_neither_player_pretends_to_roll_physical_dice() -> None:
    g = Game("jimlad", duel(), seed=0, companion=True)
    assert g.prompt is not None and g.prompt.accepts == (EnterDice,)
    for player in (HeuristicPlayer(0), RandomPlayer(0)):
        with pytest.raises(ValueError, match="physical dice"):
            player.act(g, g.prompt.seats[0], g.prompt)


# --------------------------------------------------------------------------- whole games


def full_game(name: str, seed: int, players: Mapping[str, str] | str = "heuristic", agent_seed: int = 0, options: Mapping[str, object] | None = None) -> Game:
    sc = load_scenario(name, "jimlad")
    g = Game("jimlad", sc, options, seed=seed)
    kinds = {s.id: (players if isinstance(players, str) else players[s.id]) for s in sc.seats}
    agents = {s.id: make(kinds[s.id], agent_seed + k, "jimlad") for k, s in enumerate(sc.seats)}

    def invariants(game: Game) -> None:
        problems = game.ruleset.invariants(game)
        assert not problems, problems

    play_out(g, agents, invariants)
    return g


def actions_of(g: Game) -> list[tuple[str, dict[str, Any]]]:
    return [(seat, a.to_json()) for seat, a in g.actions]


@pytest.mark.parametrize("name", ["duel", "brawl"])
def test_heuristic_players_finish_a_whole_game(name: str) -> None:
    g = full_game(name, seed=7)
    outcome = g.outcome
    assert isinstance(outcome, Outcome) and g.prompt is None
    assert 1 <= outcome.turn <= 12
    assert set(outcome.winners) <= {s.id for s in g.scenario.seats}
    shots = [e for e in g.events if e.kind in ("krak", "grapeshot", "torpedo")]
    assert shots, "heuristic players that never fire"


@pytest.mark.parametrize("name", ["duel", "brawl"])
def test_a_seeded_heuristic_player_makes_the_same_choices_twice(name: str) -> None:
    first = actions_of(full_game(name, seed=3, agent_seed=10))
    assert first == actions_of(full_game(name, seed=3, agent_seed=10))
    assert first != actions_of(full_game(name, seed=4, agent_seed=10))  # and it answers what the dice do


def test_the_same_prompt_gets_the_same_orders_from_the_same_seed() -> None:
    g = Game("jimlad", load_scenario("brawl", "jimlad"), seed=1)
    assert isinstance(g.prompt, OrdersPrompt)
    for seat in g.prompt.seats:
        assert HeuristicPlayer(5).act(g, seat, g.prompt) == HeuristicPlayer(5).act(g, seat, g.prompt)


def test_the_heuristic_beats_the_random_player() -> None:
    wins = losses = 0
    for seed in range(10):
        seats = {"red": "heuristic", "blue": "random"} if seed % 2 else {"red": "random", "blue": "heuristic"}
        outcome = full_game("duel", seed=seed, players=seats, agent_seed=seed).outcome
        assert outcome is not None
        if outcome.objective != "draw":
            won = [seats[w] for w in outcome.winners]
            wins += won == ["heuristic"]
            losses += won == ["random"]
    assert wins >= 6 and losses <= 1


def test_it_takes_over_a_drifting_hulk_when_it_may() -> None:
    from grapeshot.rulesets.jimlad.prompts import TakeoverPrompt

    prompt = TakeoverPrompt(seats=("red",), rule="JL-KREW-6", text="", accepts=(Takeover,), options=[("Blue", "Red")])
    g = game(duel())
    assert HeuristicPlayer(0).act(g, "red", prompt) == Takeover("Blue", "Red")
    prompt = TakeoverPrompt(seats=("red",), rule="JL-KREW-6", text="", accepts=(Takeover,), options=[])
    assert HeuristicPlayer(0).act(g, "red", prompt) == Takeover()


def test_it_steers_clear_of_a_mine_and_of_the_kraken_ahead() -> None:
    from grapeshot.geometry import first_contact
    from grapeshot.rulesets.jimlad.movement import card_path
    from grapeshot.rulesets.jimlad.state import Kraken, Mine

    for hazard in ("mine", "kraken"):
        for seed in range(4):
            g = Game("jimlad", duel(blue={"x": 100.0, "y": 66.0}), seed=1)
            s = sea(g)
            if hazard == "mine":
                s.mines = [Mine("Mine 1", 62.0, 36.0)]
            else:
                s.kraken = Kraken(70.0, 36.0)
            prompt = g.prompt
            assert isinstance(prompt, OrdersPrompt)
            orders = HeuristicPlayer(seed).act(g, "red", prompt)
            assert isinstance(orders, Orders)
            (o,) = orders.orders
            red = ship(g, "Red")
            path = card_path(red.hull, Card(o.card), o.turn, o.card_at, 20.0)
            hit = first_contact(path, red.length, red.width, s.ship_obstacles(red), None)
            assert hit is None or hit.kind not in ("mine", "kraken"), (hazard, seed, o)
