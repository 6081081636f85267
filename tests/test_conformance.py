"""The conformance suite every registered rule set must pass, on each of its built-in scenarios
(the test-only toy rule set, with and without its module, the harbour with and without the
collisions module, and every Wooden Ships scenario with and without it): determinism, save/load round trip, replay equality, copies, and random-play
fuzzing with the rule set's and its modules' invariants checked after every action, and of the
web table's views and listings (every view renders, every listing is what check accepts); and for
every rule set with a PettingZoo encoding, PettingZoo's own API and seed tests and the secrecy
of each seat's observations (a rule set without one is skipped, saying so); and every rule set
and module the package ships brings its auditor, whose checks the random play runs."""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # type: ignore[import-untyped]

from grapeshot.adapters.pettingzoo import GrapeshotEnv, GrapeshotParallelEnv, env, parallel_env
from grapeshot.agents import make, play_out, play_until, rollout_player
from grapeshot.core import setups
from grapeshot.core.audit import audit_game
from grapeshot.core.capabilities import Lacking
from grapeshot.core.game import Game, replay
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.core.scenario import Scenario, builtin_scenarios, load_scenario, parse_scenario, with_modules
from grapeshot.report import Words, narrate, unworded
from grapeshot.server.probe import Probe
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


def _play(ruleset: str, scenario: str, seed: int, players: str = "fast", check: bool = False) -> Game:
    """A seeded game played by the rule set's fast (rollout) players, random ones, or both by turns ("mixed")."""
    sc = load(scenario, ruleset)
    g = Game(ruleset, sc, seed=seed)
    fast = rollout_player(ruleset)
    kinds = {"fast": [fast], "random": ["random"], "mixed": [fast, "random"]}[players]
    agents = {s.id: make(kinds[k % len(kinds)], seed * 7 + k, ruleset) for k, s in enumerate(sc.seats)}

    def invariants(game: Game) -> None:
        problems = game.broken()
        assert not problems, f"after action {len(game.actions)} ({game.actions[-1]}): {problems}"

    play_out(g, agents, invariants if check else None)
    return g


def test_there_is_something_to_check() -> None:
    assert ("jimlad", "duel") in CASES and ("jimlad", "brawl") in CASES


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_same_seed_same_game(ruleset: str, scenario: str) -> None:
    a = _play(ruleset, scenario, 11)
    b = _play(ruleset, scenario, 11)
    c = _play(ruleset, scenario, 12)
    assert [e.line() for e in a.events] == [e.line() for e in b.events]
    assert [e.line() for e in a.events] != [e.line() for e in c.events]


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_a_kept_set_up_starts_the_game_a_fresh_one_does(ruleset: str, scenario: str) -> None:
    """The lab's kept set-ups (core.setups): a game started from a copy of an earlier game's set-up
    plays as one built afresh, and what the first game does to its state leaves the kept one be."""
    sc = load(scenario, ruleset)

    def first_actions(g: Game) -> list[str]:
        agents = {s.id: make("random", 3 + k, ruleset) for k, s in enumerate(sc.seats)}
        play_until(g, agents, until=lambda game: len(game.actions) >= 60)
        return [e.line() for e in g.events]

    setups.forget()
    setups.enabled = False
    try:
        fresh = first_actions(Game(ruleset, sc, seed=4))
    finally:
        setups.enabled = True
    built = Game(ruleset, sc, seed=4)  # builds and keeps the set-up
    assert first_actions(built) == fresh
    for _ in range(2):  # the same data parsed again: a copy of the kept set-up, each game its own
        assert first_actions(Game(ruleset, load(scenario, ruleset), seed=4)) == fresh


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_save_load_and_replay_reproduce_the_log(ruleset: str, scenario: str) -> None:
    g = _play(ruleset, scenario, 5, players="mixed")
    data = json.loads(json.dumps(g.save()))
    loaded = Game.load(data)
    assert [e.line() for e in loaded.events] == [e.line() for e in g.events]
    assert loaded.outcome == g.outcome
    recorded = [json.loads(e.line()) for e in g.events]
    again = replay(data, recorded)
    assert again.outcome == g.outcome


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_a_game_half_played_saves_and_continues(ruleset: str, scenario: str) -> None:
    """A save taken mid-game loads at the same prompt, and the same answers finish it the same way."""
    whole = _play(ruleset, scenario, 21)
    half = len(whole.actions) // 2
    partial = Game(ruleset, load(scenario, ruleset), seed=21)
    for seat, action in whole.actions[:half]:
        partial.submit(seat, action)
    resumed = Game.load(json.loads(json.dumps(partial.save())))
    assert resumed.waiting_for() == partial.waiting_for()
    for seat, action in whole.actions[half:]:
        resumed.submit(seat, action)
    assert [e.line() for e in resumed.events] == [e.line() for e in whole.events]


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
@settings(max_examples=8)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_keeps_the_invariants(ruleset: str, scenario: str, seed: int) -> None:
    g = _play(ruleset, scenario, seed, players="random", check=True)
    assert g.outcome is not None
    assert g.outcome.turn >= 1
    found = audit_game(g)
    assert not found, f"seed {seed}: " + "; ".join(f.said() for f in found[:5])


#: the seed of the views' fuzz here (bench/soak.py --views plays a thousand a scenario)
VIEWS_SEED = 1


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_every_view_renders_and_every_listing_is_what_check_accepts(ruleset: str, scenario: str) -> None:
    """A seeded game of random players probed as the web table shows it, at the start and after
    every action (``grapeshot.server.probe``): every seat's and the spectator's view is built as
    the server builds it (shapes and listings included) without a part left out, and at every
    waiting seat's listing every listed answer passes ``check``, every near miss outside an
    enumerated listing is refused, and ``check`` never breaks.  The short version of
    ``bench/soak.py --views --each-module``."""
    sc = load(scenario, ruleset)
    g = Game(ruleset, sc, seed=VIEWS_SEED)
    probe = Probe(VIEWS_SEED, f"{ruleset} {scenario} seed {VIEWS_SEED}")
    probe(g)
    play_out(g, {s.id: make("random", VIEWS_SEED * 7 + k, ruleset) for k, s in enumerate(sc.seats)}, probe)
    t = probe.tally
    assert t.actions == len(g.actions) + 1 and t.views == t.actions * (len(sc.seats) + 1) and t.listings
    assert not t.faults, "\n".join(t.lines())


def _same(a: Game, b: Game) -> None:
    assert json.dumps(a.ruleset.describe(a.state), sort_keys=True) == json.dumps(b.ruleset.describe(b.state), sort_keys=True)
    assert [e.line() for e in a.events] == [e.line() for e in b.events]
    assert a.waiting_for() == b.waiting_for() and a.turn == b.turn and a.phase == b.phase and a.rolls == b.rolls


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_a_copy_is_the_game_it_copies(ruleset: str, scenario: str) -> None:
    """Copies taken all through a game (from its checkpoints, replaying only the actions since)
    match the game, and the same answers carry a copy on to the same end."""
    whole = _play(ruleset, scenario, 31, players="mixed")
    g = Game(ruleset, load(scenario, ruleset), seed=31)
    step = max(1, len(whole.actions) // 15)
    middle = None
    longest = 0
    for i, (seat, action) in enumerate(whole.actions):
        if i % step == 0:
            c = g.copy()
            _same(c, g)
            assert c.resumed_at is not None, "copies start from a checkpoint"
            longest = max(longest, i - c.resumed_at)
            if middle is None and i >= len(whole.actions) // 2:
                middle = (i, c)
        g.submit(seat, action)
    _same(g.copy(), g)
    assert middle is not None
    i, c = middle
    for seat, action in whole.actions[i:]:
        c.submit(seat, action)
    _same(c, whole)
    assert c.outcome == whole.outcome
    per_turn = len(whole.actions) / max(1, whole.turn)
    assert longest <= 3 * per_turn + 10, f"a copy replayed {longest} actions; a turn has about {per_turn:.0f}"


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_a_copy_back_to_an_earlier_step_is_that_game(ruleset: str, scenario: str) -> None:
    whole = _play(ruleset, scenario, 8)
    whole.keep_checkpoints = False
    kept = Game(ruleset, load(scenario, ruleset), seed=8)
    kept.keep_checkpoints = True
    for seat, action in whole.actions:
        kept.submit(seat, action)
    for upto in sorted({0, 1, len(whole.actions) // 3, len(whole.actions) // 2, len(whole.actions) - 1}):
        fresh = Game(ruleset, load(scenario, ruleset), seed=8)
        for seat, action in whole.actions[:upto]:
            fresh.submit(seat, action)
        _same(kept.copy(upto=upto), fresh)
        _same(whole.copy(upto=upto), fresh)  # only its last checkpoint: replayed from the start


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_a_copy_can_leave_out_sealed_orders(ruleset: str, scenario: str) -> None:
    """The search player's copies leave out other seats' orders that are sealed but not revealed."""
    g = Game(ruleset, load(scenario, ruleset), seed=3)
    agents = {s: make(rollout_player(ruleset), k, ruleset) for k, s in enumerate(g.ruleset.seats_of(g.state))}
    while g.prompt is not None and not (g.prompt.simultaneous and len(g._sealed) >= 1):
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    if g.prompt is None:
        pytest.skip("this scenario has no sealed orders")
    sealed = next(iter(g._sealed))
    c = g.copy(without_sealed_of={sealed})
    assert sealed in c.waiting_for() and sealed not in g.waiting_for()
    assert len(c.actions) == len(g.actions) - 1


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_no_seat_learns_another_seat_s_sealed_answer(ruleset: str, scenario: str) -> None:
    """Two games that differ only in one seat's sealed answer look the same to every other seat
    and to a spectator, in the view, the log and the public save, until the answers are revealed;
    the seat itself sees its own answer."""
    g = Game(ruleset, load(scenario, ruleset), seed=5)
    agents = {s: make(rollout_player(ruleset), k, ruleset) for k, s in enumerate(g.ruleset.seats_of(g.state))}
    while g.prompt is not None and not g.prompt.simultaneous:
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    if g.prompt is None:
        pytest.skip("this scenario has no sealed answers")
    sealer, *others = g.waiting_for()
    answers: dict[str, object] = {}
    for a in g.prompt.legal(sealer).actions(limit=200):
        answers.setdefault(json.dumps(a.to_json(), sort_keys=True), a)
    if len(answers) < 2:
        pytest.skip("the first sealed prompt offers a single answer")
    seen = []
    for a in list(answers.values())[:2]:
        c = g.copy()
        c.submit(sealer, a)  # type: ignore[arg-type]
        assert c.view(sealer)["sealed"] == a.to_json()  # type: ignore[attr-defined]
        views = {str(o): json.dumps(c.view(o), sort_keys=True) for o in [*others, None]}
        seen.append((views, json.dumps(c.public_save(), sort_keys=True)))
    assert seen[0] == seen[1], "another seat's view, log or the public save shows a sealed answer"


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_the_report_words_every_event_kind_that_occurs(ruleset: str, scenario: str) -> None:
    """No event is dropped from the battle report silently: each kind is worded by a phrasebook
    (or left silent there on purpose), and a rule set without one shows each event by its kind."""
    g = _play(ruleset, scenario, 13, players="mixed")
    words = Words.of(g)
    if g.ruleset.phrasebook() is not None:
        assert unworded(g.events, words) == [], "add these kinds to the rule set's phrasebook"
    for e in g.events:
        text = words.describe(e)
        if not words.knows(e.kind):
            assert text is not None and e.kind in text
    assert list(narrate(g.events, words))


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
