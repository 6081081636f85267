"""The conformance suite every registered rule set must pass, on each of its built-in scenarios
(the test-only toy rule set, with and without its module, the harbour with and without the
collisions module, and every Wooden Ships scenario with and without it): determinism, save/load round trip, replay equality, copies, and random-play
fuzzing with the rule set's and its modules' invariants checked after every action, and of the
web table's views and listings (every view renders, every listing is what check accepts); and for
every rule set with a PettingZoo encoding, PettingZoo's own API and seed tests and the secrecy
of each seat's observations (a rule set without one is skipped, saying so); and every rule set
and module the package ships brings its auditor, whose checks the random play runs.

The checks themselves are in :mod:`grapeshot.conformance`, so that a rule set published as its
own package runs the same ones from its own tests; this file gives them the cases."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # type: ignore[import-untyped]

from grapeshot import conformance
from grapeshot.adapters.pettingzoo import GrapeshotEnv, GrapeshotParallelEnv, env, parallel_env
from grapeshot.core.capabilities import Lacking
from grapeshot.core.game import Game
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.core.scenario import Scenario, builtin_scenarios, load_scenario, parse_scenario, with_modules
from tests.rulesets.collisions.support import brawl
from tests.toy import CHEER, race
from tests.toy.coded import coded_race

#: scenarios that are not built in: the toy race alone and with its module, and the harbour
#: brawl (the collisions module's test host) with and without the collisions module
EXTRA: dict[tuple[str, str], Callable[[], Scenario]] = {
    ("toy", "race"): lambda: race(("red", "blue", "green")),
    ("toy", "race+cheer"): lambda: race(modules=[CHEER]),
    ("harbour", "brawl"): lambda: brawl(modules=()),
    ("harbour", "brawl+collisions"): brawl,
}


def _modules(name: str, modules: list[str]) -> Callable[[], Scenario]:
    """A built-in Wooden Ships scenario with the collisions module switched on or off."""

    def make() -> Scenario:
        return with_modules(load_scenario(name, "woodenships"), modules)

    return make


#: every Wooden Ships scenario with the collisions module as well as without it (Wooden Ships is
#: its host), the ones that switch it on without it too
for _name in builtin_scenarios("woodenships"):
    _on = "collisions" in load_scenario(_name, "woodenships").modules
    EXTRA[("woodenships", f"{_name}-collisions" if _on else f"{_name}+collisions")] = _modules(_name, [] if _on else ["collisions"])
CASES = [(rs.name, sc) for rs in all_rulesets() for sc in builtin_scenarios(rs.name)] + list(EXTRA)


#: scenarios the suite plays to fewer turns than they last: their games run to a thousand actions
#: and the suite plays each case a dozen times; bench/soak.py plays them whole, a thousand seeds
SHORTENED = {"boat-swarm": 4, "boat-swarm-plan": 4}


def load(scenario: str, ruleset: str) -> Scenario:
    maker = EXTRA.get((ruleset, scenario))
    sc = maker() if maker is not None else load_scenario(scenario, ruleset)
    turns = SHORTENED.get(sc.name)
    if turns is None:
        return sc
    raw = dict(sc.raw)
    raw["options"] = {**raw.get("options", {}), "turn_limit": turns}
    return parse_scenario(raw, sc.source, sc.origins)


def maker(scenario: str, ruleset: str) -> conformance.Maker:
    """The scenario a case plays, made afresh each time a check asks for it."""
    return lambda: load(scenario, ruleset)


def _play(ruleset: str, scenario: str, seed: int, players: str = "fast", check: bool = False) -> Game:
    """A seeded game of a case (:func:`grapeshot.conformance.play`)."""
    return conformance.play(ruleset, maker(scenario, ruleset), seed, players, check)


def run(check: Callable[[str, conformance.Maker], conformance.Skipped], ruleset: str, scenario: str) -> None:
    """One check of :mod:`grapeshot.conformance` over a case, skipped where it says it does not apply."""
    why = check(ruleset, maker(scenario, ruleset))
    if why is not None:
        pytest.skip(why)


def test_there_is_something_to_check() -> None:
    assert ("jimlad", "duel") in CASES and ("jimlad", "brawl") in CASES


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
@pytest.mark.parametrize("check", conformance.CHECKS)
def test_each_case_conforms(ruleset: str, scenario: str, check: str) -> None:
    """Every check of the suite (grapeshot.conformance.CHECKS, each saying what it checks) over
    every case: determinism, kept set-ups, saves, replays, copies, sealed answers, the web
    table's views and listings, the report."""
    run(conformance.CHECKS[check], ruleset, scenario)


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
@settings(max_examples=8)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_keeps_the_invariants(ruleset: str, scenario: str, seed: int) -> None:
    conformance.random_play_keeps_the_invariants(ruleset, maker(scenario, ruleset), seed)


# --------------------------------------------------------------------------- PettingZoo

#: the toy race again under a rule set that has an encoding (tests/toy/coded.py)
CODED: dict[tuple[str, str], Callable[[], Scenario]] = {
    ("coded", "race"): lambda: coded_race(("red", "blue", "green")),
    ("coded", "race+cheer"): lambda: coded_race(modules=[CHEER]),
}
PZ_CASES = CASES + list(CODED)
#: cycles of PettingZoo's tests: enough for several turns of a duel, few enough for CI
CYCLES = 60

# PettingZoo's style advice that does not fit here: seats keep their scenario names ("red", not
# "player_0"), and the observation is a Dict holding the action mask, PettingZoo's own convention.
quiet = pytest.mark.filterwarnings(
    "ignore:We recommend agents to be named",
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def encoded(ruleset: str, scenario: str) -> Scenario:
    """The scenario to play, or a skip saying that its rule set has no PettingZoo encoding."""
    try:
        get(ruleset).need("encoding")
    except Lacking as err:
        pytest.skip(str(err))
    maker = CODED.get((ruleset, scenario))
    return maker() if maker is not None else load(scenario, ruleset)


#: PettingZoo's own tests, each given the scenario to make its environments of
PETTINGZOO_TESTS: dict[str, Callable[[Scenario], None]] = {
    "api_test": lambda sc: api_test(env(sc), num_cycles=CYCLES),
    "seed_test": lambda sc: seed_test(lambda: env(sc), num_cycles=CYCLES),
    "parallel_api_test": lambda sc: parallel_api_test(parallel_env(sc), num_cycles=CYCLES),
    "parallel_seed_test": lambda sc: parallel_seed_test(lambda: parallel_env(sc), num_cycles=CYCLES),
}


@quiet
@pytest.mark.parametrize("check", PETTINGZOO_TESTS)
@pytest.mark.parametrize(("ruleset", "scenario"), PZ_CASES)
def test_pettingzoo_own_tests(ruleset: str, scenario: str, check: str) -> None:
    PETTINGZOO_TESTS[check](encoded(ruleset, scenario))


def _seal(e: GrapeshotEnv, last: bool) -> str | None:
    """Play first-legal answers up to a prompt that several agents answer at once, then let the
    first of them seal its answer (its first or its last legal pick at every step); the seat that
    sealed, or None if the game never came to such a prompt."""
    s = e.session
    e.reset(seed=5)
    for _ in range(400):
        if not e.agents or e.terminations[e.agent_selection]:
            return None
        agent = e.agent_selection
        prompt = s.asked(agent)
        assert prompt is not None
        legal = [int(i) for i in np.flatnonzero(e.action_mask(agent))]
        if prompt.kind in s.encoder.simultaneous and len(s.asked_seats()) >= 2 and len(legal) >= 2:
            while e.agent_selection == agent and agent in e.game.waiting_for():
                legal = [int(i) for i in np.flatnonzero(e.action_mask(agent))]
                e.step(legal[-1] if last else legal[0])
            return agent
        e.step(legal[0])
    return None


@quiet
@pytest.mark.parametrize(("ruleset", "scenario"), PZ_CASES)
def test_an_observation_does_not_show_another_seats_sealed_answer(ruleset: str, scenario: str) -> None:
    """Two games alike but for one seat's sealed answer: every other seat observes the same."""
    sc = encoded(ruleset, scenario)
    first, last = env(sc), env(sc)
    sealer = _seal(first, last=False)
    if sealer is None:
        pytest.skip("no prompt here is answered by several agents at once")
    assert _seal(last, last=True) == sealer
    assert first.game.sealed_by(sealer) is not None and first.game.sealed_by(sealer) != last.game.sealed_by(sealer)
    others = [a for a in first.agents if a != sealer]
    assert others
    for other in others:
        a, b = first.observe(other), last.observe(other)
        assert a["observation"].tobytes() == b["observation"].tobytes(), f"{other} sees {sealer}'s sealed answer"
        assert a["action_mask"].tobytes() == b["action_mask"].tobytes()


def test_a_rule_set_without_an_encoding_is_refused_by_name() -> None:
    for make_env in (env, parallel_env):
        with pytest.raises(Lacking, match="the rule set 'toy' has no PettingZoo encoding"):
            make_env(race())
        with pytest.raises(Lacking, match="the rule set 'toy' has no PettingZoo encoding"):
            make_env(ruleset="toy")
    assert isinstance(parallel_env(coded_race()), GrapeshotParallelEnv)


def test_every_shipped_rule_set_and_module_brings_its_auditor_with_its_checks_by_rule() -> None:
    """The referee is part of a rule set: every rule set and module the package ships has an
    auditor (the random play above runs it), and each of its checks names a rule of its own book
    (test-only rule sets, the toy and the harbour, are not held to it)."""
    from grapeshot.core.module import all_modules

    def shipped(x: object) -> bool:
        return type(x).__module__.startswith("grapeshot.rulesets.")

    held = [*(rs for rs in all_rulesets() if shipped(rs)), *(m for m in all_modules() if shipped(m))]
    assert {x.name for x in held} >= {"jimlad", "woodenships", "navalwarhammer", "collisions"}
    for x in held:
        auditor = x.auditor()
        assert auditor is not None, f"{x.name} ships no auditor"
        book = x.rulebook().entries
        assert auditor.checks, f"{x.name}'s auditor lists no checks"
        assert not set(auditor.checks) - set(book), f"{x.name}'s auditor checks rules not in its book: {sorted(set(auditor.checks) - set(book))}"


@pytest.mark.rules("WS-ARMS-1", "WS-MAGIC-1")
def test_the_island_raids_seed_1869_shot_after_a_ship_is_pushed_agrees_with_the_auditor() -> None:
    """A shaman's spell pushes a ship 8" with a man aboard (record 75); a shot at that man
    later that turn is measured from where the push left him, and the auditor follows him there."""
    conformance.random_play_keeps_the_invariants("woodenships", maker("island-raid", "woodenships"), 1869)
