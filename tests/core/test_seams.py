"""The seams between the core and the rule sets, exercised with a rule set and a module that
exist only in the tests (tests/toy): capabilities, modules, namespaces, per-seat views, saves."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from grapeshot.agents.random_player import RandomPlayer
from grapeshot.core import actions as core_actions
from grapeshot.core.actions import Action, action, decode
from grapeshot.core.capabilities import Lacking
from grapeshot.core.errors import IllegalAction, ScenarioError
from grapeshot.core.game import SAVE_VERSION, Game, replay
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.core.scenario import load_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.report import Words
from tests.toy import CHEER, Cheer, CheerPrompt, Drift, DriftPrompt, Pace, PacePrompt, race


def play(game: Game, seed: int = 0) -> Game:
    agents = {s: RandomPlayer(seed + k) for k, s in enumerate(game.ruleset.seats_of(game.state))}
    while game.prompt is not None:
        seat = game.waiting_for()[0]
        a = agents[seat].act(game, seat, game.prompt)
        game.prompt.check(seat, a)
        game.submit(seat, a)
    return game


def test_a_rule_set_found_only_at_run_time_plays_through_the_core() -> None:
    assert get("toy-race").name == "toy" and any(r.name == "jimlad" for r in all_rulesets())
    g = play(Game("toy", race(("red", "blue", "green")), seed=4))
    assert g.outcome is not None and g.outcome.turn == 3
    assert not g.ruleset.invariants(g)


def test_a_rule_set_without_capabilities_says_so() -> None:
    toy = get("toy")
    for capability, words in (
        ("players", "AI players"),
        ("odds", "odds questions"),
        ("web", "web table plugin"),
        ("lab", "lab factions"),
        ("printables", "printable pages"),
    ):
        with pytest.raises(Lacking, match=f"'toy' has no {words}"):
            toy.need(capability)
    with pytest.raises(ValueError, match="unknown capability"):
        toy.need("telepathy")


def test_each_seat_sees_only_its_own_secret_in_views_and_logs() -> None:
    g = Game("toy", race(), seed=9)
    red, blue, spectator = g.view("red"), g.view("blue"), g.view(None)
    assert red["state"]["secret"] == g.state.boats["red"].secret
    assert blue["state"]["secret"] == g.state.boats["blue"].secret
    assert "secret" not in spectator["state"]
    secret_rolls = [e for e in g.events if e.kind == "roll" and "secret" in e.data["purpose"]]
    assert len(secret_rolls) == 2
    for seat, view in (("red", red), ("blue", blue), (None, spectator)):
        seen = [e for e in view["log"] if e["kind"] == "roll" and "secret" in e["purpose"]]
        assert [e["seat"] for e in seen] == ([seat] if seat else [])


@pytest.mark.rules("TY-PACE-1")
def test_sealed_paces_stay_sealed_in_other_seats_views() -> None:
    g = Game("toy", race(), seed=1)
    assert isinstance(g.prompt, PacePrompt) and g.prompt.simultaneous
    g.submit("red", Pace(3))
    assert g.view("red")["sealed"] == {"kind": "pace", "pace": 3}
    assert g.view("blue")["sealed"] is None and g.view(None)["sealed"] is None
    assert "3" not in json.dumps([e for e in g.view("blue")["log"] if e["kind"] == "sealed"])


@pytest.mark.rules("TY-ROW-1", "TC-ROW-1")
def test_a_module_takes_over_a_host_procedure_with_its_own_options_prompts_and_events() -> None:
    sc = race(modules=[CHEER], options={f"{CHEER}.bonus": 2})
    # secrets 3 and 4; red rows a 6 at pace 2 and is cheered on; blue rows a 2
    g = Game("toy", sc, seed=0, dice=ScriptedDice([3, 4, 6, 2]))
    assert g.options[f"{CHEER}.bonus"] == 2 and g.namespaces == ("toy", CHEER)
    g.submit("red", Pace(2))
    g.submit("blue", Pace(1))
    assert isinstance(g.prompt, CheerPrompt) and g.prompt.namespace == CHEER
    assert g.prompt.describe()["ns"] == CHEER
    g.submit("red", Cheer(True))
    assert g.state.boats["red"].inches == 2 + 6 + 2
    cheer = [e for e in g.events if e.kind == f"{CHEER}.cheer"]
    assert len(cheer) == 1 and cheer[0].data == {"seat": "red", "bonus": 2}
    assert g.view(None)["state"]["modules"] == {CHEER: {"cheers": 1}}
    words = Words.of(g)
    assert words.describe(cheer[0]) == "The crowd cheers red on: 2 inches more."
    assert words.describe(next(e for e in g.events if e.kind == "paces")).startswith("[paces]")  # the toy has no phrasebook


@pytest.mark.rules("TY-ROW-1")
def test_without_the_module_the_host_rows_its_own_way() -> None:
    g = Game("toy", race(), seed=0, dice=ScriptedDice([3, 4, 6, 2]))
    g.submit("red", Pace(2))
    g.submit("blue", Pace(1))
    assert isinstance(g.prompt, DriftPrompt) and g.state.boats["red"].inches == 8


def test_a_module_game_saves_its_modules_and_qualified_kinds_and_replays() -> None:
    g = play(Game("toy", race(modules=[CHEER]), seed=12), seed=3)
    data = json.loads(json.dumps(g.save()))
    assert data["version"] == SAVE_VERSION and data["modules"] == [CHEER] and data["scenario"]["modules"] == [CHEER]
    kinds = {a["action"]["kind"] for a in data["actions"]}
    assert kinds <= {"pace", "drift", f"{CHEER}.cheer"}
    again = replay(data)
    assert again.outcome == g.outcome
    assert [e.line() for e in Game.load(data).events] == [e.line() for e in g.events]


def test_modules_are_checked_when_the_game_is_made() -> None:
    with pytest.raises(ScenarioError, match="an installed rule module"):
        Game("toy", race(modules=["no-such-module"]))
    with pytest.raises(ScenarioError, match=f"options.{CHEER}.bonus"):
        Game("toy", race(modules=[CHEER], options={f"{CHEER}.bonus": 9}))
    with pytest.raises(ScenarioError, match=f"options.{CHEER}.bonus"):
        Game("toy", race(options={f"{CHEER}.bonus": 2}))  # the module is not switched on
    with pytest.raises(ScenarioError, match=f"options.{CHEER}.loudness"):
        Game("toy", race(modules=[CHEER], options={f"{CHEER}.loudness": 2}))
    duel = load_scenario("duel", "jimlad")
    with pytest.raises(ScenarioError, match="a module jimlad can host"):
        Game("jimlad", duel, modules=[CHEER])


def test_kinds_are_namespaced_and_read_in_the_game_s_namespaces() -> None:
    assert decode({"kind": "pace", "pace": 2}, ("toy",)) == Pace(2)
    with pytest.raises(IllegalAction, match="unknown action kind 'pace'"):
        decode({"kind": "pace", "pace": 2}, ("jimlad",))
    assert decode({"kind": f"{CHEER}.cheer", "cheer": True}, ("toy", CHEER)) == Cheer(True)
    with pytest.raises(IllegalAction, match="unknown action kind"):
        decode({"kind": f"{CHEER}.cheer", "cheer": True}, ("toy",))
    assert Cheer(True).to_json()["kind"] == f"{CHEER}.cheer" and Pace(1).to_json()["kind"] == "pace"
    # two namespaces may each have a kind of the same name; without a game the bare name is ambiguous
    namespace = "toy-rival"

    @action("drift", namespace)
    @dataclass(frozen=True, slots=True)
    class RivalDrift(Action):
        inches: float

    try:
        assert decode({"kind": "drift", "inches": 1.0}, ("toy",)) == Drift(1.0)
        assert type(decode({"kind": "drift", "inches": 1.0}, (namespace,))) is RivalDrift
        with pytest.raises(IllegalAction, match="ambiguous"):
            decode({"kind": "drift", "inches": 1.0})
        with pytest.raises(ValueError, match="registered twice"):
            action("drift", namespace)(Drift)
        with pytest.raises(ValueError, match="hide the core"):
            action("reroll", namespace)(RivalDrift)
    finally:
        core_actions._REGISTRY.pop(f"{namespace}.drift")


def test_a_version_one_save_loads_and_replays() -> None:
    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=2)
    from grapeshot.agents import make, play_out

    play_out(g, {s.id: make("heuristic", k, "jimlad") for k, s in enumerate(g.scenario.seats)})
    data = json.loads(json.dumps(g.save()))
    data["version"] = 1
    del data["modules"]
    again = replay(data)
    assert again.outcome == g.outcome


def test_a_copy_of_a_module_game_is_the_game() -> None:
    whole = play(Game("toy", race(("a", "b", "c"), modules=[CHEER]), seed=5), seed=8)
    g = Game("toy", race(("a", "b", "c"), modules=[CHEER]), seed=5)
    for i, (seat, a) in enumerate(whole.actions):
        if i % 3 == 0:
            c = g.copy()
            assert c.resumed_at is not None
            assert c.view(None) == g.view(None)
        g.submit(seat, a)
    c = g.copy()
    assert c.view("a") == g.view("a") and c.outcome == whole.outcome


def test_dice_and_reroll_prompts_list_their_answers() -> None:
    g = Game("toy", race(), seed=0, companion=True)
    p = g.prompt
    assert p is not None and p.kind == "DicePrompt"
    choices = p.legal(p.seats[0])
    assert choices.count == 6 and [a.text for a in choices.actions()] == ["1", "2", "3", "4", "5", "6"]
    for a in choices.actions():
        p.check(p.seats[0], a)


@pytest.mark.rules("TY-WIN-1", "TY-ROW-1")
def test_the_most_inches_win_and_the_secret_breaks_ties() -> None:
    # secrets 2 and 5; one turn; both row pace 3 + 3, drift 0: a tie on inches, blue's secret wins
    g = Game("toy", race(options={"turns": 1}), seed=0, dice=ScriptedDice([2, 5, 3, 3]))
    g.submit("red", Pace(3))
    g.submit("blue", Pace(3))
    g.submit("red", Drift(0.0))
    g.submit("blue", Drift(0.0))
    assert g.outcome is not None and g.outcome.winners == ("blue",) and g.outcome.objective == "distance"
    # pace 3 on a 1 capsizes the boat for the next turn: it neither paces nor rows then
    g = Game("toy", race(options={"turns": 2}), seed=0, dice=ScriptedDice([2, 5, 1, 4, 6]))
    g.submit("red", Pace(3))
    g.submit("blue", Pace(1))
    g.submit("red", Drift(0.0))
    g.submit("blue", Drift(0.0))
    assert g.state.boats["red"].capsized_turn == 2
    assert isinstance(g.prompt, PacePrompt) and g.prompt.seats == ("blue",)


def test_a_save_from_an_older_event_schema_replays_by_its_dice_and_outcome() -> None:
    from grapeshot.agents import make, play_out
    from grapeshot.core.errors import ReplayMismatch

    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=4)
    play_out(g, {s.id: make("heuristic", k, "jimlad") for k, s in enumerate(g.scenario.seats)})
    data = json.loads(json.dumps(g.save()))
    assert data["events_version"] == g.ruleset.events_version
    old = {**data, "events_version": g.ruleset.events_version - 1, "events_digest": "0" * 64, "event_count": 1}
    assert replay(old, [{"kind": "an older log"}]).outcome == g.outcome  # the log is not compared, the game is
    forged = {**old, "outcome": {"winners": ["nobody"], "objective": "draw", "turn": 1, "detail": ""}}
    with pytest.raises(ReplayMismatch, match="outcome"):
        replay(forged)
    with pytest.raises(ReplayMismatch, match="dice state"):
        replay({**old, "dice": {**old["dice"], "state": "0" * 16}})
    with pytest.raises(ReplayMismatch, match="digest"):
        replay({**data, "events_digest": "0" * 64})  # the present schema: the log is compared
