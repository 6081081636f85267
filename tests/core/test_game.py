"""The game: whole games with agents, reproducibility, saves and replays, sealed orders,
illegal actions, companion (typed) dice, and the JSON form of actions."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable

import pytest

from grapeshot.agents import Agent, make, play_out
from grapeshot.core import actions as core_actions
from grapeshot.core.actions import Action, EnterDice, Reroll, decode
from grapeshot.core.errors import IllegalAction, ReplayMismatch, ScenarioError
from grapeshot.core.game import Game, replay
from grapeshot.core.prompts import DicePrompt, Prompt
from grapeshot.core.ruleset import Outcome, get
from grapeshot.core.scenario import Scenario, load_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.rulesets.jimlad.actions import (
    Distance,
    EndShooting,
    Fire,
    ManoeuvreOrder,
    Orders,
    Repair,
    Sluggas,
    Takeover,
    Torpedoes,
)
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt

RED_SHIP = "Da Big Smasha"
#: without the random events and non-player models, the wind is the first roll of a game
QUIET = {"random_events": False}
BLUE_SHIP = "Red Wunz Go Fasta"


@pytest.fixture(scope="module")
def duel() -> Scenario:
    return load_scenario("duel", "jimlad")


def agents(kind: str, seed: int) -> dict[str, Agent]:
    return {"red": make(kind, seed, "jimlad"), "blue": make(kind, seed + 1, "jimlad")}


def lines(g: Game) -> list[str]:
    return [e.line() for e in g.events]


def played(duel: Scenario, seed: int, kind: str = "heuristic", agent_seed: int = 7) -> Game:
    g = Game("jimlad", duel, seed=seed)
    play_out(g, agents(kind, agent_seed))
    return g


def run_until(g: Game, players: dict[str, Agent], stop: Callable[[Game], bool], limit: int = 10_000) -> None:
    """Let the agents answer prompts until ``stop`` holds (checked before each answer)."""
    for _ in range(limit):
        if stop(g):
            return
        assert g.prompt is not None, "the game ended first"
        seat = g.waiting_for()[0]
        g.submit(seat, players[seat].act(g, seat, g.prompt))
    raise AssertionError("stop condition never met")


def first_difference(a: list[str], b: list[str]) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


# --------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_a_full_game_ends_with_an_outcome(duel: Scenario, kind: str) -> None:
    g = Game("jimlad", duel, seed=11)
    broken: list[str] = []

    def check(game: Game) -> None:
        broken.extend(game.ruleset.invariants(game))

    outcome = play_out(g, agents(kind, 3), check=check)
    assert broken == []
    assert isinstance(outcome, Outcome) and g.outcome == outcome and g.over
    assert g.prompt is None and g.waiting_for() == ()
    assert set(outcome.winners) <= {"red", "blue"}
    limit = g.options["turn_limit"]
    assert isinstance(limit, int) and 1 <= outcome.turn <= limit
    assert outcome.objective
    last = g.events[-1]
    assert last.kind == "game-over" and last.data["objective"] == outcome.objective and last.data["winners"] == list(outcome.winners)
    assert [e.seq for e in g.events] == list(range(len(g.events)))
    with pytest.raises(IllegalAction, match="over"):
        g.submit("red", Orders((ManoeuvreOrder(RED_SHIP, 1),)))


def test_same_seeds_give_the_same_log(duel: Scenario) -> None:
    a = played(duel, seed=21, agent_seed=5)
    b = played(duel, seed=21, agent_seed=5)
    assert lines(a) == lines(b)
    assert a.outcome == b.outcome
    assert a.actions == b.actions
    # another dice seed gives another game
    c = played(duel, seed=22, agent_seed=5)
    assert lines(c) != lines(a)


def test_random_players_are_reproducible_too(duel: Scenario) -> None:
    a = played(duel, seed=4, kind="random", agent_seed=9)
    b = played(duel, seed=4, kind="random", agent_seed=9)
    assert lines(a) == lines(b)
    assert lines(played(duel, seed=4, kind="random", agent_seed=10)) != lines(a)


# --------------------------------------------------------------------------- saves and replays


def test_save_and_load_reproduce_the_game(duel: Scenario) -> None:
    g = played(duel, seed=31)
    data = json.loads(json.dumps(g.save()))
    assert data["format"] == "grapeshot-save" and data["dice"]["seed"] == 31
    assert len(data["actions"]) == len(g.actions)
    loaded = Game.load(data)
    assert lines(loaded) == lines(g)
    assert loaded.outcome == g.outcome
    assert loaded.actions == g.actions
    # saved again, only the scenario's source differs: it now comes from the save
    resaved, saved = loaded.save(), g.save()
    assert resaved.pop("scenario_source") == "save (scenario)" and saved.pop("scenario_source") == "jimlad:duel"
    assert resaved == saved


def test_a_game_saved_half_way_carries_on_the_same(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=41)
    run_until(g, agents("heuristic", 1), lambda game: game.turn >= 4)
    loaded = Game.load(json.loads(json.dumps(g.save())))
    assert lines(loaded) == lines(g)
    assert loaded.waiting_for() == g.waiting_for()
    assert loaded.prompt is not None and g.prompt is not None and loaded.prompt.describe() == g.prompt.describe()
    # both carry on with fresh, identically seeded players
    play_out(g, agents("heuristic", 2))
    play_out(loaded, agents("heuristic", 2))
    assert lines(loaded) == lines(g)


def test_replay_of_a_save_passes(duel: Scenario) -> None:
    g = played(duel, seed=51)
    data = json.loads(json.dumps(g.save()))
    again = replay(data)
    assert lines(again) == lines(g)
    recorded = [json.loads(e.line()) for e in g.events]
    assert lines(replay(data, recorded)) == lines(g)


def _distance_actions(g: Game) -> list[tuple[int, float, float]]:
    """(action index, low, high) of every Distance the game accepted, from a replay of its prompts."""
    found: list[tuple[int, float, float]] = []
    probe = Game("jimlad", g.scenario, g.options, g.seed)
    for i, (seat, action) in enumerate(g.actions):
        prompt = probe.prompt
        if isinstance(action, Distance):
            assert isinstance(prompt, DistancePrompt)
            found.append((i, prompt.low, prompt.high))
        probe.submit(seat, action)
    return found


def test_a_changed_distance_is_caught_at_its_move(duel: Scenario) -> None:
    g = played(duel, seed=61)
    i, low, high = next((i, lo, hi) for i, lo, hi in _distance_actions(g) if hi - lo > 1.0)
    data = json.loads(json.dumps(g.save()))
    recorded = [json.loads(e.line()) for e in g.events]
    original = data["actions"][i]["action"]["inches"]
    tampered = copy.deepcopy(data)
    tampered["actions"][i]["action"]["inches"] = low if abs(original - low) > 0.5 else high
    # where the tampered game first departs from the record, worked out by playing its
    # actions for as long as the game accepts them (later ones may no longer fit)
    other = Game("jimlad", g.scenario, g.options, g.seed)
    for seat, action in [(a["seat"], decode(a["action"])) for a in tampered["actions"]]:
        try:
            other.submit(seat, action)
        except IllegalAction:
            break
    index = first_difference(lines(g), lines(other))
    assert g.events[index].kind == "move"
    with pytest.raises(ReplayMismatch) as err:
        replay(tampered, recorded)
    assert err.value.index == index
    assert f"event #{index} " in str(err.value)
    # without the recorded log, the saved digest catches it
    with pytest.raises(ReplayMismatch):
        replay(tampered)


def test_an_illegal_distance_in_a_save_is_rejected(duel: Scenario) -> None:
    g = played(duel, seed=61)
    i, _, high = _distance_actions(g)[0]
    data = json.loads(json.dumps(g.save()))
    data["actions"][i]["action"]["inches"] = high + 5.0
    with pytest.raises(ScenarioError) as err:
        Game.load(data, "my.save")
    assert err.value.field == f"actions[{i}]" and str(err.value).startswith("my.save: ")
    assert "may move between" in str(err.value)
    # replaying it stops at that action, naming the event reached and the action
    probe = Game.load({**data, "actions": data["actions"][:i]})
    with pytest.raises(ReplayMismatch) as mismatch:
        replay(data)
    assert mismatch.value.index == len(probe.events)
    assert f"actions[{i}]" in str(mismatch.value)


def test_a_changed_seed_is_caught_at_the_first_roll(duel: Scenario) -> None:
    g = played(duel, seed=71)
    data = json.loads(json.dumps(g.save()))
    recorded = [json.loads(e.line()) for e in g.events]
    tampered = copy.deepcopy(data)
    tampered["dice"]["seed"] = 72
    # the game set up with seed 72 (before any action) departs from the record here
    index = first_difference(lines(g), lines(Game("jimlad", duel, seed=72)))
    assert g.events[index].kind in ("roll", "wind")
    with pytest.raises(ReplayMismatch) as err:
        replay(tampered, recorded)
    assert err.value.index == index
    with pytest.raises(ReplayMismatch):
        replay(tampered)


def test_a_save_that_is_not_a_save(duel: Scenario) -> None:
    with pytest.raises(ScenarioError, match="format"):
        Game.load({"format": "something else"})
    good = played(duel, seed=3).save()
    with pytest.raises(ScenarioError, match="version"):
        Game.load({**good, "version": 99})
    with pytest.raises(ScenarioError, match=r"actions\[0\]\.action"):
        Game.load({**good, "actions": [{"seat": "red", "action": {"kind": "teleport"}}]})


# --------------------------------------------------------------------------- sealed orders

SECRET = Orders((ManoeuvreOrder(RED_SHIP, 3, "port", "end"),))


def test_orders_are_sealed_until_every_seat_has_given_them(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=5)
    assert isinstance(g.prompt, OrdersPrompt) and g.prompt.simultaneous
    assert g.waiting_for() == ("red", "blue")
    g.submit("red", SECRET)
    assert g.waiting_for() == ("blue",)
    secret_json = json.dumps(SECRET.to_json()["orders"][0])
    for seat in ("blue", None):
        text = json.dumps(g.view(seat))
        assert secret_json not in text
        assert "card_at" not in text
        assert "card 3 port" not in text
        assert g.view(seat)["sealed"] is None
    # the log tells everyone that red has sealed its orders, and nothing more
    sealed = [e for e in g.events if e.kind == "sealed"]
    assert [dict(e.data) for e in sealed] == [{"seat": "red", "prompt": "OrdersPrompt"}]
    # red sees its own sealed orders, and is not asked again
    mine = g.view("red")
    assert mine["sealed"] == SECRET.to_json()
    assert mine["prompt"] is None
    assert g.view("blue")["prompt"]["kind"] == "OrdersPrompt"
    # once blue has given its orders, both are revealed together
    g.submit("blue", Orders((ManoeuvreOrder(BLUE_SHIP, 1),)))
    revealed = [e for e in g.events if e.kind == "orders"]
    assert len(revealed) == 1
    red_order = {"ship": RED_SHIP, "card": 3, "side": "port", "card_at": "end"}
    assert revealed[0].data["orders"] == {"red": [red_order], "blue": [{"ship": BLUE_SHIP, "card": 1, "side": "none", "card_at": "start"}]}
    assert json.dumps(red_order) in json.dumps(g.view("blue"))
    assert g.view("red")["sealed"] is None


def test_a_seat_cannot_give_orders_twice_or_out_of_turn(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=5)
    with pytest.raises(IllegalAction, match="waiting for red, blue, not green"):
        g.submit("green", SECRET)
    g.submit("red", SECRET)
    with pytest.raises(IllegalAction) as err:
        g.submit("red", Orders((ManoeuvreOrder(RED_SHIP, 1),)))
    assert "already submitted" in str(err.value) and "waiting for blue" in str(err.value)
    assert isinstance(err.value, ValueError)
    # the first sealed orders stand
    assert g.view("red")["sealed"] == SECRET.to_json()


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Distance(10.0), "expected orders"),
        (Reroll(0), "expected orders"),
        (Orders((ManoeuvreOrder(RED_SHIP, 9),)), "card must be 1-5"),
        (Orders((ManoeuvreOrder(RED_SHIP, 0),)), "card must be 1-5"),
        (Orders(()), f"exactly one order to each of ['{RED_SHIP}']"),
        (Orders((ManoeuvreOrder(BLUE_SHIP, 1),)), f"exactly one order to each of ['{RED_SHIP}']"),
        (Orders((ManoeuvreOrder(RED_SHIP, 1), ManoeuvreOrder(RED_SHIP, 4))), "exactly one order"),
        (Orders((ManoeuvreOrder(RED_SHIP, 2, "none"),)), "allowed: 1, 2 port, 2 starboard, 3 port, 3 starboard, 4"),
        (Orders((ManoeuvreOrder(RED_SHIP, 5),)), "allowed:"),  # Full Astern only from a standstill
    ],
)
def test_illegal_orders_say_what_is_allowed(duel: Scenario, action: Action, words: str) -> None:
    g = Game("jimlad", duel, seed=5)
    before = lines(g)
    with pytest.raises(IllegalAction) as err:
        g.submit("red", action)
    assert words in str(err.value)
    # nothing was recorded or sealed
    assert lines(g) == before and g.actions == [] and g.waiting_for() == ("red", "blue")


def test_a_ship_with_a_damaged_rudder_may_not_turn(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=5)
    g.state.ships[RED_SHIP].rudder_damaged = True
    run_until(g, agents("heuristic", 1), lambda game: game.turn == 2 and isinstance(game.prompt, OrdersPrompt))
    prompt = g.prompt
    assert isinstance(prompt, OrdersPrompt)
    assert {turn for _, turn in prompt.choices["red"][RED_SHIP]} == {"none"}
    with pytest.raises(IllegalAction) as err:
        g.submit("red", Orders((ManoeuvreOrder(RED_SHIP, 2, "port"),)))
    message = str(err.value)
    assert "not allowed now" in message and "allowed: 1" in message
    assert "port" not in message.split("allowed:")[1]
    g.submit("red", Orders((ManoeuvreOrder(RED_SHIP, 1),)))
    assert g.waiting_for() == ("blue",)


def _at_distance_prompt(duel: Scenario) -> tuple[Game, DistancePrompt]:
    # the wind: a hit (rolled again), then an arrow to the north; red's Full Ahead
    # rolls 6 and 6 on 2D6, and its Goffs lose a D6 showing 1: 24 + 12 - 1 = 35"
    dice = ScriptedDice(["hit", 90.0, 6, 6, 1])
    g = Game("jimlad", duel, QUIET, dice=dice)
    assert g.state.wind == 90.0
    g.submit("red", Orders((ManoeuvreOrder(RED_SHIP, 1),)))
    g.submit("blue", Orders((ManoeuvreOrder(BLUE_SHIP, 1),)))
    prompt = g.prompt
    assert isinstance(prompt, DistancePrompt) and prompt.seats == ("red",)
    assert (prompt.low, prompt.high) == (9.0, 35.0)
    assert dice.remaining == 0
    return g, prompt


@pytest.mark.parametrize("inches", [8.5, 0.0, -3.0, 35.01, 135.0])
def test_a_distance_outside_the_allowance_is_refused(duel: Scenario, inches: float) -> None:
    g, _ = _at_distance_prompt(duel)
    with pytest.raises(IllegalAction) as err:
        g.submit("red", Distance(inches))
    assert 'between 9" and 35"' in str(err.value)
    assert not any(isinstance(a, Distance) for _, a in g.actions)


@pytest.mark.parametrize("inches", [9.0, 20.25, 35.0])
def test_a_distance_within_the_allowance_is_accepted(duel: Scenario, inches: float) -> None:
    g, _ = _at_distance_prompt(duel)
    with pytest.raises(IllegalAction):
        g.submit("red", Distance(math.nan))
    with pytest.raises(IllegalAction, match="waiting for red"):
        g.submit("blue", Distance(inches))
    g.dice = ScriptedDice([6, 6, 6, 6])  # blue's move next: Full Ahead 2D6 and its Evil Sunz D6
    g.submit("red", Distance(inches))
    move = next(e for e in g.events if e.kind == "move")
    assert move.data["ship"] == RED_SHIP and move.data["distance"] == inches
    # the bow travels the distance, the card's 8" and the ship's 10" (open sea, no contact)
    assert move.data["travelled"] == pytest.approx(inches + 8.0 + 10.0)
    assert g.state.ships[RED_SHIP].hull.x == pytest.approx(16.0 + inches + 18.0)


def test_games_with_scripted_dice_cannot_be_saved(duel: Scenario) -> None:
    g, _ = _at_distance_prompt(duel)
    with pytest.raises(ValueError, match="seeded or entered"):
        g.save()


# --------------------------------------------------------------------------- companion play


def test_companion_mode_asks_for_the_wind(duel: Scenario) -> None:
    g = Game("jimlad", duel, QUIET, seed=1, companion=True)
    prompt = g.prompt
    assert isinstance(prompt, DicePrompt)
    assert prompt.seats == ("red",)
    assert prompt.request is not None and str(prompt.request.expr) == "scatter"
    described = prompt.describe()
    assert described["expr"] == "scatter" and "wind" in described["purpose"]
    assert not any(e.kind == "roll" for e in g.events)

    with pytest.raises(IllegalAction) as err:
        g.submit("red", EnterDice("7"))
    assert "'hit' or 'arrow DEGREES'" in str(err.value) and "wind" in str(err.value)
    with pytest.raises(IllegalAction, match="outside 0-360"):
        g.submit("red", EnterDice("arrow 400"))
    with pytest.raises(IllegalAction, match="expected enter-dice"):
        g.submit("red", Distance(3.0))
    with pytest.raises(IllegalAction, match="waiting for red"):
        g.submit("blue", EnterDice("arrow 90"))
    assert g.actions == []

    g.submit("red", EnterDice("arrow 90"))
    roll = next(e for e in g.events if e.kind == "roll")
    assert roll.data["hit"] is False and roll.data["direction"] == 90.0
    wind = next(e for e in g.events if e.kind == "wind")
    assert wind.data["direction"] == 90.0
    assert g.state.wind == 90.0
    assert isinstance(g.prompt, OrdersPrompt)


def test_companion_wind_hit_is_rolled_again(duel: Scenario) -> None:
    g = Game("jimlad", duel, QUIET, seed=1, companion=True)
    g.submit("red", EnterDice("hit"))
    assert isinstance(g.prompt, DicePrompt)  # a hit gives no direction: roll again
    g.submit("red", EnterDice("arrow 200.5"))
    assert g.state.wind == 200.5
    rolls = [e for e in g.events if e.kind == "roll"]
    assert [r.data["hit"] for r in rolls] == [True, False]


def test_companion_game_saves_and_loads(duel: Scenario) -> None:
    g = Game("jimlad", duel, QUIET, seed=1, companion=True)
    g.submit("red", EnterDice("arrow 45"))
    g.submit("red", Orders((ManoeuvreOrder(RED_SHIP, 4),)))
    g.submit("blue", Orders((ManoeuvreOrder(BLUE_SHIP, 4),)))
    assert isinstance(g.prompt, DicePrompt) and g.prompt.request is not None
    assert str(g.prompt.request.expr) == "3D6"
    g.submit("red", EnterDice("1 2 3"))
    data = json.loads(json.dumps(g.save()))
    assert data["dice"] == {"kind": "entered"}
    loaded = Game.load(data)
    assert lines(loaded) == lines(g)
    assert loaded.prompt is not None and loaded.prompt.describe() == g.prompt.describe()


# --------------------------------------------------------------------------- actions as JSON


def samples() -> list[Action]:
    return [
        EnterDice("3 5"),
        Reroll(),
        Reroll(1),
        Orders((ManoeuvreOrder(RED_SHIP, 2, "port", "end"), ManoeuvreOrder("Other", 5))),
        Distance(12.5),
        Fire("port", "krak", (10.0, 20.5)),
        Fire("aft", "grapeshot", None, BLUE_SHIP),
        Torpedoes(),
        Torpedoes(((1.0, 2.0), (3.0, 4.0))),
        Sluggas(BLUE_SHIP),
        Repair("gun:fore"),
        EndShooting(),
        Takeover(),
        Takeover("Hulk", RED_SHIP),
    ]


def test_every_registered_action_round_trips() -> None:
    get("jimlad")  # registers the ruleset's actions
    kinds = {a.kind for a in samples()}
    ours = ("grapeshot.core.actions", "grapeshot.rulesets.jimlad.actions")
    registered = {cls.kind for cls in core_actions.registered().values() if cls.__module__ in ours}
    assert kinds == registered, "add a sample for each new action kind"
    for a in samples():
        text = json.dumps(a.to_json())
        back = decode(json.loads(text))
        assert back == a and type(back) is type(a)
        assert back.to_json() == a.to_json()


def test_decoded_numbers_and_points_take_their_types() -> None:
    d = decode({"kind": "distance", "inches": 7})
    assert d == Distance(7.0) and isinstance(d, Distance) and isinstance(d.inches, float)
    f = decode({"kind": "fire", "gun": "fore", "shell": "krak", "aim": [3, 4]})
    assert isinstance(f, Fire) and f.aim == (3.0, 4.0)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "teleport"}, "unknown action kind 'teleport'"),
        ({"inches": 3.0}, "unknown action kind None"),
        ({"kind": 3}, "unknown action kind 3"),
        ([1, 2], "must be a JSON object"),
        ("distance", "must be a JSON object"),
        ({"kind": "distance"}, "missing field 'inches'"),
        ({"kind": "sluggas"}, "missing field 'target'"),
        ({"kind": "distance", "inches": "far"}, "distance.inches: expected a finite number"),
        ({"kind": "distance", "inches": None}, "distance.inches: expected a finite number"),
        ({"kind": "distance", "inches": True}, "distance.inches: expected a finite number"),
        ({"kind": "distance", "inches": math.nan}, "expected a finite number"),
        ({"kind": "distance", "inches": math.inf}, "expected a finite number"),
        ({"kind": "distance", "inches": -math.inf}, "expected a finite number"),
        ({"kind": "distance", "inches": 3.0, "speed": 2}, "unknown field(s) ['speed']"),
        ({"kind": "reroll", "die": "one"}, "reroll.die"),
        ({"kind": "reroll", "die": True}, "reroll.die"),
        ({"kind": "reroll", "die": 1.0}, "reroll.die"),
        ({"kind": "enter-dice", "text": 35}, "enter-dice.text: expected text"),
        ({"kind": "fire", "gun": "bow", "shell": "krak"}, "fire.gun: expected one of ['fore', 'port', 'starboard', 'aft']"),
        ({"kind": "fire", "gun": "fore", "shell": "grape"}, "fire.shell"),
        ({"kind": "fire", "gun": "fore", "shell": "krak", "aim": [1.0]}, "fire.aim"),
        ({"kind": "fire", "gun": "fore", "shell": "krak", "aim": [1.0, "x"]}, "fire.aim"),
        ({"kind": "orders", "orders": "all ahead"}, "orders.orders: expected a list"),
        ({"kind": "orders", "orders": [{"ship": RED_SHIP, "card": "one"}]}, "orders.orders[0].card: expected a whole number"),
        ({"kind": "orders", "orders": [{"card": 1}]}, "orders.orders[0]: missing field 'ship'"),
        ({"kind": "orders", "orders": [{"ship": RED_SHIP, "card": 1, "turn": "up"}]}, "orders.orders[0].turn"),
        ({"kind": "orders", "orders": [{"ship": RED_SHIP, "card": 1, "card_at": "middle"}]}, "orders.orders[0].card_at"),
        ({"kind": "orders", "orders": [7]}, "orders.orders[0]: expected an object"),
        ({"kind": "torpedoes", "aims": [[1.0, 2.0], [3.0]]}, "torpedoes.aims[1]"),
    ],
)
def test_decode_rejects_bad_actions(data: object, words: str) -> None:
    get("jimlad")
    with pytest.raises(IllegalAction) as err:
        decode(data)
    assert words in str(err.value)


def test_decode_names_the_known_kinds() -> None:
    get("jimlad")
    with pytest.raises(IllegalAction) as err:
        decode({"kind": "teleport"})
    for kind in ("orders", "distance", "fire", "enter-dice", "reroll"):
        assert kind in str(err.value)


def test_nan_from_json_text_is_rejected() -> None:
    get("jimlad")
    with pytest.raises(IllegalAction, match="finite"):
        decode(json.loads('{"kind": "distance", "inches": NaN}'))
    with pytest.raises(IllegalAction, match=r"fire\.aim.*expected a finite number"):
        decode(json.loads('{"kind": "fire", "gun": "port", "shell": "krak", "aim": [Infinity, 1]}'))


def test_prompts_check_the_seat_before_the_action() -> None:
    p = Prompt(seats=("red",), rule=None, text="say something", accepts=(Reroll,))
    with pytest.raises(IllegalAction, match="waiting for red, not blue"):
        p.check("blue", Reroll())
    with pytest.raises(IllegalAction, match="expected reroll"):
        p.check("red", Distance(1.0))
    p.check("red", Reroll(0))
    assert not p.simultaneous
    assert p.describe()["accepts"] == ["reroll"]
