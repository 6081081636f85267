"""The PettingZoo environments: masks checked against the engine, whole episodes, observations
inside their spaces, the orders of a squadron asked ship by ship, and the generic parts seen with
a second rule set (the coded toy race).  PettingZoo's own API and seed tests run for every rule
set with an encoding in the conformance suite (tests/test_conformance.py)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # type: ignore[import-untyped]

from grapeshot.adapters.pettingzoo import GrapeshotEnv, GrapeshotParallelEnv, Session, env, parallel_env
from grapeshot.core.errors import IllegalAction
from tests.adapters.episodes import assert_mask_is_the_engines, squadron
from tests.toy import CHEER, Course
from tests.toy.coded import CodedEncoder, coded_race

# PettingZoo's style advice that does not fit here: seats keep their scenario names ("red", not
# "player_0"), and the observation is a Dict holding the action mask, PettingZoo's own convention.
pytestmark = pytest.mark.filterwarnings(
    "ignore:We recommend agents to be named",
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


# --------------------------------------------------------------------------- PettingZoo's own tests, with options


def test_api_against_the_heuristic_with_delegated_prompts() -> None:
    api_test(env(opponents={"blue": "heuristic"}, delegate=["RerollPrompt"]), num_cycles=150)


def test_parallel_api_orders_only() -> None:
    parallel_api_test(parallel_env(delegate="sequential"), num_cycles=50)


def test_seed_with_shaped_rewards_in_a_brawl() -> None:
    seed_test(lambda: env("brawl", reward="hull"), num_cycles=100)
    parallel_seed_test(lambda: parallel_env("brawl", reward="material", delegate="sequential"), num_cycles=30)


# --------------------------------------------------------------------------- masks against the engine


def random_legal(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize(
    ("where", "options"),
    [("duel", {}), ("squadron", {"grapeshot": "d3"}), ("brawl", {})],
)
def test_masks_mark_exactly_what_the_engine_accepts(where: str, options: dict[str, Any]) -> None:
    """At each decision: every masked-in template is accepted by a copy of the game (some are
    submitted outright), every masked-out one has no action or is refused."""
    e = env(squadron() if where == "squadron" else where, options=options)
    rng = np.random.default_rng(5)
    e.reset(seed=11)
    s = e.session
    seen: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    decisions = 0
    for agent in e.agent_iter(70):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        mask = obs["action_mask"]
        kind = info["prompt"]
        seen[kind] += 1
        kinds.update(s.templates[int(j)].kind for j in np.flatnonzero(mask))
        assert mask[0] == 0, "wait is not an answer for the seat being asked"
        assert mask.sum() >= 1
        copy = e.game.copy()
        assert copy.prompt is not None and copy.prompt.kind == kind and agent in copy.waiting_for()
        legal = [int(i) for i in np.flatnonzero(mask)]
        assert_mask_is_the_engines(e, agent, mask, copy)
        for pick in rng.choice(legal, size=min(2, len(legal)), replace=False):
            fresh = e.game.copy()
            action = e.action_for(agent, int(pick))
            assert action is not None
            fresh.submit(agent, action)  # and submit takes it
        decisions += 1
        e.step(random_legal(mask, rng))
    assert decisions > 20
    assert {"OrdersPrompt", "DistancePrompt", "ShootPrompt"} <= set(seen)
    if where == "squadron":  # a Freebooterz ship offers its re-roll; the ships close to kannon range
        assert seen["RerollPrompt"] > 0 and kinds["fire"] > 0


def test_wait_is_the_only_legal_action_of_a_seat_not_asked() -> None:
    p = parallel_env()
    obs, infos = p.reset(seed=3)
    rng = np.random.default_rng(3)
    checked = 0
    while p.agents:
        for agent in p.agents:
            mask = obs[agent]["action_mask"]
            if infos[agent]["prompt"] is None:
                assert mask.tolist() == [1] + [0] * (len(mask) - 1)
                checked += 1
            else:
                assert mask[0] == 0 and mask.sum() >= 1
        obs, _, _, _, infos = p.step({a: random_legal(obs[a]["action_mask"], rng) for a in p.agents})
    assert checked > 10


# --------------------------------------------------------------------------- whole episodes


def play_aec(e: GrapeshotEnv, seed: int) -> dict[str, float]:
    """A random-legal episode; the total reward of each agent; observations checked on the way."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(5000):
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        for other in e.agents:
            seen = e.observe(other)
            assert e.observation_space(other).contains(seen)
            assert seen["observation"].dtype == np.float32
        if term or trunc:
            e.step(None)
            continue
        e.step(random_legal(obs["action_mask"], rng))
    assert not e.agents, "the episode ended"
    return totals


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_episode_ends_with_a_result_and_zero_sum_rewards(seed: int) -> None:
    e = env()
    totals = play_aec(e, seed)
    outcome = e.game.outcome
    assert outcome is not None
    assert sum(totals.values()) == 0.0
    for seat, total in totals.items():
        if outcome.objective == "draw":
            assert total == (0.0 if seat in outcome.winners or not outcome.winners else -1.0)
        else:
            assert total == (1.0 if seat in outcome.winners else -1.0)


def test_hull_shaping_stays_zero_sum_in_a_duel() -> None:
    totals = play_aec(env(reward="hull"), 4)
    assert abs(sum(totals.values())) < 1e-9


def test_against_the_heuristic_only_the_learner_is_an_agent() -> None:
    e = env(opponents={"blue": "heuristic"})
    assert e.possible_agents == ["red"]
    results = {play_aec(e, seed)["red"] for seed in range(3)}
    assert results <= {-1.0, 0.0, 1.0}


def test_parallel_episode_orders_are_simultaneous() -> None:
    p = parallel_env(log=True)
    obs, infos = p.reset(seed=9)
    assert {a: infos[a]["prompt"] for a in p.agents} == {"red": "OrdersPrompt", "blue": "OrdersPrompt"}
    rng = np.random.default_rng(9)
    totals = Counter[str]()
    while p.agents:
        for a in p.agents:
            assert p.observation_space(a).contains(obs[a])
        obs, rewards, _, _, infos = p.step({a: random_legal(obs[a]["action_mask"], rng) for a in p.agents})
        totals.update(rewards)
    assert p.game.outcome is not None
    assert sum(totals.values()) == 0.0
    orders = [e for e in p.game.events if e.kind == "orders"]
    assert orders and all(set(e.data["orders"]) == {"red", "blue"} for e in orders[:1])


# --------------------------------------------------------------------------- details


def test_a_squadron_is_ordered_ship_by_ship_and_submitted_together() -> None:
    e = env(squadron(), log=True)
    e.reset(seed=1)
    asked = []
    for _ in range(4):
        _, _, _, _, info = e.last()
        assert info["prompt"] == "OrdersPrompt"
        asked.append((e.agent_selection, info["ship"]))
        e.step(1)  # Full Ahead (always legal here)
    assert asked == [("red", "R1"), ("red", "R2"), ("blue", "B1"), ("blue", "B2")]
    orders = next(ev for ev in e.game.events if ev.kind == "orders").data["orders"]
    assert {o["ship"] for o in orders["red"]} == {"R1", "R2"} and {o["ship"] for o in orders["blue"]} == {"B1", "B2"}


def test_illegal_actions_are_substituted_or_refused() -> None:
    e = env()
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.action_mask(agent)
    illegal = int(np.flatnonzero(mask == 0)[0])
    e.step(illegal)
    assert e.infos[agent]["substituted"] is True
    strict = env(illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match="not legal now"):
        strict.step(illegal)


def test_reset_with_a_seed_replays_the_same_game() -> None:
    def run(seed: int) -> list[str]:
        e = env(log=True)
        play_aec(e, seed)
        return [ev.line() for ev in e.game.events]

    assert run(6) == run(6)
    assert run(6) != run(7)


def test_the_observation_is_named_and_bounded() -> None:
    s = Session("brawl")
    space = s.observation_space()
    assert (s.obs_size,) == space["observation"].shape == (len(s.feature_names()),)
    assert len(set(s.feature_names())) == s.obs_size
    assert space["action_mask"].shape == (s.n_actions,)
    assert len({t.label for t in s.templates}) == s.n_actions


def test_render_tells_the_battle() -> None:
    e = env(render_mode="ansi")
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.action_mask(e.agent_selection))[0]))
    text = e.render()
    assert isinstance(text, str) and "Turn 1" in text


def test_options_and_opponents_are_checked() -> None:
    with pytest.raises(ValueError, match="opponent seat"):
        env(opponents={"green": "heuristic"})
    with pytest.raises(ValueError, match="unknown player"):
        env(opponents={"blue": "kraken"})
    with pytest.raises(ValueError, match="cannot delegate"):
        env(delegate=["SomePrompt"])
    with pytest.raises(ValueError, match="at least one seat"):
        env(opponents={"red": "random", "blue": "heuristic"})
    with pytest.raises(ValueError, match="reward must be"):
        env(reward="gold")
    assert isinstance(parallel_env(), GrapeshotParallelEnv)
    assert env().metadata["name"] == "grapeshot_jimlad_v0" and parallel_env().metadata["name"] == "grapeshot_jimlad_parallel_v0"


# --------------------------------------------------------------------------- another rule set


def test_a_second_rule_set_plays_through_the_same_environments() -> None:
    """The coded toy race: its own catalogue and observation, sealed paces asked of every seat at
    once, a module's prompt answered through the catalogue under its qualified kind."""
    e = env(coded_race(modules=[CHEER]), reward="material", log=True)
    assert e.metadata["name"] == "grapeshot_coded_v0"
    assert [e.action_label(i) for i in range(4)] == ["wait (the game is not waiting for you)", "pace 1", "pace 2", "pace 3"]
    asked: Counter[str] = Counter()
    for seed in range(12):
        totals = play_aec(e, seed)
        assert e.game.outcome is not None and all(math.isfinite(t) for t in totals.values())
        asked.update(str(ev.data.get("prompt")) for ev in e.game.events if ev.kind == "sealed")
        asked["cheers"] += sum(ev.kind == f"{CHEER}.cheer" for ev in e.game.events)
    assert asked["PacePrompt"] > 0 and asked["cheers"] > 0
    p = parallel_env(coded_race(("red", "blue", "green")))
    _, infos = p.reset(seed=2)
    assert {a: infos[a]["prompt"] for a in p.agents} == dict.fromkeys(("red", "blue", "green"), "PacePrompt")


def test_a_module_prompt_is_named_with_its_module() -> None:
    e = env(coded_race(modules=[CHEER]))
    for seed in range(40):
        e.reset(seed=seed)
        for agent in e.agent_iter(200):
            _, _, term, trunc, info = e.last()
            if info["prompt"] == f"{CHEER}.CheerPrompt":
                mask = e.action_mask(agent)
                assert [e.action_label(int(i)) for i in np.flatnonzero(mask)] == ["no cheer", "cheer"]
                return
            e.step(None if term or trunc else int(np.flatnonzero(e.action_mask(agent))[-1]))
    pytest.fail("no seed of 40 rowed a six")


def test_an_observation_shows_the_seats_own_secret_and_no_other() -> None:
    """The toy's secrets are state that only their own seat may see (ToyRace.view)."""
    s = Session(coded_race())
    s.start(3)
    course: Course = s.current.state
    before = {seat: s.vector(seat).copy() for seat in s.learners}
    course.boats["red"].secret = 7 - course.boats["red"].secret  # another face (a D6 has no 3.5)
    s.version += 1  # the state was changed behind the session's back
    assert s.vector("blue").tobytes() == before["blue"].tobytes()
    assert s.vector("red").tobytes() != before["red"].tobytes()


def test_shaped_rewards_need_an_encoding_that_measures_material(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CodedEncoder, "material", lambda self, state, seat: None)
    with pytest.raises(ValueError, match="measures no material"):
        env(coded_race(), reward="material")
    assert env(coded_race()).possible_agents == ["red", "blue"]


def test_delegating_lists_the_rule_sets_own_prompt_kinds() -> None:
    with pytest.raises(ValueError, match=r"prompt kinds from \['PacePrompt', 'DriftPrompt'\]"):
        env(coded_race(), delegate=["OrdersPrompt"])
