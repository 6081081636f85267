"""Property-based fuzz of every decoder of outside data: JSON and YAML text, scenarios, actions,
saves and event logs.  Whatever the input, each either gives a value or raises its own error
(``ScenarioError``, ``IllegalAction``, ``ReplayMismatch``), which the server turns into a 4xx and
the command line into one line; anything else would be a 500 or a traceback."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grapeshot.agents import make, play_out
from grapeshot.core.actions import decode
from grapeshot.core.errors import IllegalAction, ReplayMismatch, ScenarioError
from grapeshot.core.game import Game, replay
from grapeshot.core.scenario import load_scenario, parse_scenario, parse_text
from grapeshot.core.untrusted import check_tree, loads_json, loads_yaml
from grapeshot.rulesets.jimlad.prompts import OrdersPrompt
from tests.hostile.corpus import DUEL

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([0, 1, -1, 2**63, 2**64 - 1, 6, 7, 12])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["red", "blue", "Da Big Smasha", "orders", "distance", "fire", "krak", "fore", "none", "start", "D6", "2D6", "scatter", ""])
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def paths(tree: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(tree, dict):
        for k, v in tree.items():
            out += paths(v, (*here, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            out += paths(v, (*here, i))
    return out


@st.composite
def mutated(draw: st.DrawFn, tree: Any) -> Any:
    """``tree`` with one node replaced by another value, or removed from its parent."""
    out = copy.deepcopy(tree)
    where = draw(st.sampled_from(paths(out)[1:]))
    parent = out
    for step in where[:-1]:
        parent = parent[step]
    if draw(st.booleans()) and isinstance(parent, dict | list):
        del parent[where[-1]]
    else:
        parent[where[-1]] = draw(values)
    return out


# --------------------------------------------------------------------------- text


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_json_text_gives_plain_data_or_an_unreadable_error(raw: bytes) -> None:
    try:
        data = loads_json(raw, "fuzz")
    except ScenarioError:
        return
    check_tree(data, "fuzz")


@FUZZ
@given(st.text(max_size=300) | st.sampled_from([DUEL, DUEL.replace(":", ": &a", 1), "[" * 200, "a: *b", "!!python/name:os.system"]))
def test_yaml_text_gives_plain_data_or_an_unreadable_error(text: str) -> None:
    try:
        data = loads_yaml(text, "fuzz")
    except ScenarioError:
        return
    check_tree(data, "fuzz")


# --------------------------------------------------------------------------- scenarios

DUEL_DATA = loads_yaml(DUEL, "duel")


@FUZZ
@given(values)
def test_any_data_is_a_scenario_or_a_scenario_error(data: Any) -> None:
    with contextlib.suppress(ScenarioError):
        parse_scenario(data, "fuzz")


@FUZZ
@given(mutated(DUEL_DATA))
def test_a_mutated_scenario_sets_up_a_game_or_is_refused_naming_why(data: Any) -> None:
    with contextlib.suppress(ScenarioError):
        Game("jimlad", parse_scenario(data, "fuzz"), seed=1)


@FUZZ
@given(st.text(max_size=60), st.integers(min_value=0, max_value=len(DUEL)))
def test_a_scenario_file_with_text_spliced_in_parses_or_is_refused(insert: str, at: int) -> None:
    with contextlib.suppress(ScenarioError):
        parse_text(DUEL[:at] + insert + DUEL[at:], "fuzz")


# --------------------------------------------------------------------------- actions


def at_orders() -> Game:
    return Game("jimlad", load_scenario("duel", "jimlad"), seed=3)


ORDERS = {"kind": "orders", "orders": [{"ship": "Da Big Smasha", "card": 4, "turn": "none", "card_at": "start"}]}


@FUZZ
@given(values | mutated(ORDERS) | mutated({"kind": "fire", "gun": "fore", "shell": "krak", "aim": [60.0, 36.0], "target": None}))
def test_any_action_data_decodes_and_is_checked_or_is_an_illegal_action(data: Any) -> None:
    g = at_orders()
    assert isinstance(g.prompt, OrdersPrompt)
    try:
        action = decode(data)
        g.prompt.check("red", action)
    except IllegalAction:
        return
    g.submit("red", action)  # what passed the check is played without error


# --------------------------------------------------------------------------- saves and logs


@pytest.fixture(scope="module")
def finished() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    g = Game("jimlad", load_scenario("duel", "jimlad"), {"turn_limit": 3}, seed=5, salt="ab" * 16)
    play_out(g, {"red": make("heuristic", 1, "jimlad"), "blue": make("random", 2, "jimlad")})
    return json.loads(json.dumps(g.save())), [e.to_json() for e in g.events]


@pytest.fixture(scope="module")
def running() -> dict[str, Any]:
    g = Game("jimlad", load_scenario("duel", "jimlad"), seed=5, salt="ab" * 16)
    players = {"red": make("heuristic", 1, "jimlad"), "blue": make("heuristic", 2, "jimlad")}
    for _ in range(12):
        assert g.prompt is not None
        seat = g.waiting_for()[0]
        g.submit(seat, players[seat].act(g, seat, g.prompt))
    data: dict[str, Any] = json.loads(json.dumps(g.public_save()))
    return data


def refused_or_replayed(save: dict[str, Any]) -> None:
    with contextlib.suppress(ScenarioError, ReplayMismatch):
        replay(save, source="fuzz")
    with contextlib.suppress(ScenarioError):
        Game.load(save, "fuzz")


@settings(FUZZ, max_examples=100)
@given(st.data())
def test_a_mutated_finished_save_replays_or_is_refused_naming_why(finished: tuple[dict[str, Any], list[dict[str, Any]]], data: st.DataObject) -> None:
    save, _ = finished
    refused_or_replayed(data.draw(mutated(save)))


@settings(FUZZ, max_examples=100)
@given(st.data())
def test_a_mutated_public_save_replays_or_is_refused_naming_why(running: dict[str, Any], data: st.DataObject) -> None:
    refused_or_replayed(data.draw(mutated(running)))


@settings(FUZZ, max_examples=60)
@given(st.data())
def test_a_mutated_event_log_is_a_mismatch_or_is_refused(finished: tuple[dict[str, Any], list[dict[str, Any]]], data: st.DataObject) -> None:
    save, log = finished
    index = data.draw(st.integers(min_value=0, max_value=len(log) - 1))
    altered = [*log[:index], data.draw(mutated(log[index]) | values), *log[index + 1 :]]
    try:
        replay(save, altered, source="fuzz")
    except (ScenarioError, ReplayMismatch):
        return
    assert altered == log  # only an unchanged log replays
