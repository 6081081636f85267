"""Saves that keep secrets: the seed's commitment, the public save of a running game (no seed, no
sealed orders not yet revealed; the rolls so far instead), continuing it with new dice, and the
checks replay makes (outcome, commitment, rolls on record)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grapeshot.agents import Agent, make, play_out
from grapeshot.agents.search import SearchPlayer
from grapeshot.core.commitment import commit, seed_commitment, verify
from grapeshot.core.errors import ReplayMismatch, ScenarioError
from grapeshot.core.game import Game, replay
from grapeshot.core.scenario import Scenario, load_scenario
from grapeshot.dice import D6, ContinuedDice, DiceError, RollRequest, SeededDice
from grapeshot.rulesets.jimlad.prompts import OrdersPrompt

SALT = "00112233445566778899aabbccddeeff"


@pytest.fixture(scope="module")
def duel() -> Scenario:
    return load_scenario("duel", "jimlad")


def players(seed: int = 1) -> dict[str, Agent]:
    return {"red": make("heuristic", seed, "jimlad"), "blue": make("heuristic", seed + 1, "jimlad")}


def at_orders(g: Game, turn: int, agents: dict[str, Agent]) -> None:
    """Play on until the orders of ``turn`` are asked, then seal red's only."""
    while not (isinstance(g.prompt, OrdersPrompt) and g.turn == turn):
        assert g.prompt is not None
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    g.submit("red", agents["red"].act(g, "red", g.prompt))
    assert g.waiting_for() == ("blue",)


def roundtrip(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(data))
    return out


def test_the_commitment_is_the_hash_of_seed_and_salt_and_a_small_seed_cannot_be_guessed_from_it() -> None:
    assert seed_commitment(7, SALT) == commit("7", SALT)
    assert verify(seed_commitment(7, SALT), "7", SALT) and not verify(seed_commitment(7, SALT), "8", SALT)
    published = seed_commitment(7, SALT)
    assert all(commit(str(s), "") != published and seed_commitment(s, "0" * 32) != published for s in range(1000))


def test_a_running_games_public_save_holds_no_seed_and_no_sealed_orders(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=99, salt=SALT)
    agents = players()
    at_orders(g, 2, agents)
    sealed = g.sealed_by("red")
    assert sealed is not None
    public = g.public_save()
    text = json.dumps(public)
    assert "seed" not in public["dice"] and "salt" not in public["dice"] and "state" not in public["dice"]
    assert SALT not in text
    assert public["dice"]["commitment"] == seed_commitment(99, SALT)
    assert len(public["actions"]) == len(g.actions) - 1  # red's sealed orders are left out
    assert public["event_count"] == len(g.events) - 1  # and so is the `sealed` event that said red had answered
    assert len(public["dice"]["rolls"]) == len(g.rolled) > 0
    full = g.save()
    assert full["dice"]["seed"] == 99 and full["dice"]["salt"] == SALT and len(full["actions"]) == len(g.actions)


def test_the_public_save_replays_what_was_revealed_and_goes_no_further(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=99, salt=SALT)
    at_orders(g, 2, players())
    public = roundtrip(g.public_save())
    again = replay(public, source="public")
    assert again.seed is None and again.commitment == g.commitment and set(again.waiting_for()) == {"red", "blue"}
    assert again.view(None)["state"] == g.view(None)["state"]
    resaved = roundtrip(again.public_save())
    assert {k: v for k, v in resaved.items() if k != "scenario_source"} == {k: v for k, v in public.items() if k != "scenario_source"}  # saved again alike
    loaded = Game.load(public, "public")
    loaded.submit("red", players()["red"].act(loaded, "red", loaded.prompt))  # type: ignore[arg-type]
    with pytest.raises(DiceError, match="secret until it ends"):
        loaded.submit("blue", players()["blue"].act(loaded, "blue", loaded.prompt))  # type: ignore[arg-type]


def test_a_continued_game_replays_the_rolls_on_record_then_rolls_its_own_seed(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=99, salt=SALT)
    at_orders(g, 2, players())
    public = roundtrip(g.public_save())
    past = Game.load(public, "public")
    cont = Game("jimlad", duel, past.options, 5, given=past.given, salt=SALT)
    for seat, action in past.actions:
        cont.submit(seat, action)
    assert cont.view(None)["state"] == g.view(None)["state"]
    play_out(cont, players(3))
    assert cont.over
    final = roundtrip(cont.save())
    assert final["dice"]["seed"] == 5 and len(final["dice"]["rolls"]) == len(past.given)
    assert replay(final, source="final").outcome == cont.outcome
    # a copy for the search player's rollouts replays the same past
    copy = SearchPlayer(1).fork(past, 3)
    assert copy.view(None)["state"] == past.view(None)["state"]


def test_old_saves_with_a_plain_seed_load_and_replay_as_before(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=2**64 - 1)
    play_out(g, players())
    save = roundtrip(g.save())
    assert set(save["dice"]) == {"kind", "seed", "state"}
    assert replay(save).outcome == g.outcome
    assert Game.load(save).view(None) == g.view(None)


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        (lambda s: s.update(outcome={"winners": ["blue"], "objective": "forged", "turn": 1, "detail": ""}), ReplayMismatch, "outcome"),
        (lambda s: s["dice"].update(commitment="0" * 64), ReplayMismatch, "the seed committed to as"),
        (lambda s: s["dice"].update(salt="ab" * 16), ReplayMismatch, "the seed committed to as"),
        (lambda s: s["dice"].update(seed="12x"), ScenarioError, "dice.seed"),
        (lambda s: s["dice"].update(seed=True), ScenarioError, "dice.seed"),
        (lambda s: s.update(event_count="abc"), ScenarioError, "event_count"),
        (lambda s: s.update(event_count={"n": 1}), ScenarioError, "event_count"),
        (lambda s: s.update(events_digest=5), ScenarioError, "events_digest"),
    ],
)
def test_replay_checks_what_a_finished_save_claims(duel: Scenario, change: Any, error: type[Exception], words: str) -> None:
    g = Game("jimlad", duel, seed=4, salt=SALT)
    play_out(g, players())
    save = roundtrip(g.save())
    assert replay(save).outcome == g.outcome
    change(save)
    with pytest.raises(error, match=words):
        replay(save)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.__setitem__(0, {"expr": "2D6", "faces": [1, 1]}), "dice.rolls"),
        (lambda r: r.__setitem__(0, {"expr": "D6", "faces": [7]}), r"dice.rolls\[0\]"),
        (lambda r: r.__setitem__(0, {"expr": "D6", "faces": [3], "colour": "red"}), r"dice.rolls\[0\]"),
        (lambda r: r.append({"expr": "scatter", "faces": [5], "direction": 400.0}), r"dice.rolls\[\d+\].direction"),
        (lambda r: r.append({"expr": "scatter", "faces": [1], "direction": 10.0}), r"dice.rolls\[\d+\]"),
        (lambda r: r.append({"expr": "D6", "faces": [3]}), "rolls"),
        (lambda r: r.pop(), "dice.rolls"),
        (lambda r: r.append({"expr": "D6 + 1", "faces": [3]}), r"dice.rolls\[\d+\]"),
    ],
)
def test_rolls_on_record_that_do_not_fit_are_refused(duel: Scenario, change: Any, words: str) -> None:
    g = Game("jimlad", duel, seed=99, salt=SALT)
    at_orders(g, 2, players())
    public = roundtrip(g.public_save())
    change(public["dice"]["rolls"])
    with pytest.raises((ScenarioError, ReplayMismatch), match=words):
        Game.load(public, "public")
    with pytest.raises((ScenarioError, ReplayMismatch)):
        replay(public, source="public")


def test_continued_dice_check_each_roll_against_the_request() -> None:
    first = SeededDice(1).roll(RollRequest(D6, "a", "R"))
    dice = ContinuedDice([first], None)
    with pytest.raises(DiceError, match="a D6 roll, but the rules ask for 2D6"):
        ContinuedDice([first], None).roll(RollRequest(D6.one_die().__class__(2), "b", "R"))
    assert dice.roll(RollRequest(D6, "a", "R")) == first
    with pytest.raises(DiceError, match="not on record"):
        dice.roll(RollRequest(D6, "b", "R"))
    then = ContinuedDice([first], SeededDice(3))
    then.roll(RollRequest(D6, "a", "R"))
    assert then.roll(RollRequest(D6, "b", "R")) == SeededDice(3).roll(RollRequest(D6, "b", "R"))


def test_a_continued_game_copies_from_a_checkpoint_with_the_same_dice_and_rolls(duel: Scenario) -> None:
    g = Game("jimlad", duel, seed=99, salt=SALT)
    at_orders(g, 2, players())
    past = Game.load(roundtrip(g.public_save()), "public")
    cont = Game("jimlad", duel, past.options, 5, given=past.given, salt=SALT)
    for seat, action in past.actions:
        cont.submit(seat, action)
    agents = players(4)
    start = cont.turn
    while cont.prompt is not None and cont.turn < start + 1:  # into the next turn: past a checkpoint after the continuing
        seat = cont.waiting_for()[0]
        cont.submit(seat, agents[seat].act(cont, seat, cont.prompt))
    assert cont.prompt is not None
    copy = cont.copy()
    assert copy.resumed_at is not None and copy.resumed_at > 0  # from a checkpoint, not replayed whole
    assert copy.rolled == cont.rolled and copy.replays_itself and copy.view(None) == cont.view(None)
    a, b = players(6), players(6)
    for _ in range(40):
        if cont.prompt is None:
            break
        seat = cont.waiting_for()[0]
        cont.submit(seat, a[seat].act(cont, seat, cont.prompt))
        copy.submit(seat, b[seat].act(copy, seat, copy.prompt))  # type: ignore[arg-type]
    assert [e.line() for e in copy.events] == [e.line() for e in cont.events] and copy.rolled == cont.rolled
    assert len(cont.rolled) > len(copy.given)  # the copy did roll on, from the same place of the new seed
