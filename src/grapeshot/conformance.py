"""The conformance suite as functions any rule set's own tests can call.

Every rule set must pass the same checks on each of its scenarios: the same seed plays the same
game, a kept set-up starts a game as a fresh one does, saves load and replay to the same log, a
game half played saves and goes on the same, copies are the games they copy (forward and back,
and without another seat's sealed orders), no seat learns another's sealed answer, random play
keeps the invariants and passes the auditor, every view renders and every listing is what
``check`` accepts, the report words every event; and its declared capabilities are there and
of their types, the undeclared ones absent (:func:`contract`).

grapeshot's own tests (``tests/test_conformance*.py``) run these over every installed rule set
and the test-only ones; they live in the package, not in the tests, so that a rule set published
as its own package (``grapeshot new-ruleset``) runs the very same checks from its tests, where
there is no grapeshot checkout.  Each check takes the rule set's name and a maker of the
scenario (a fresh one each call: some checks parse the same data again), raises
``AssertionError`` naming what broke, and answers ``None``, or the reason it does not apply to
this scenario (a test then skips, saying so).  Nothing here names a rule set.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from grapeshot.agents import make, play_out, play_until, rollout_player
from grapeshot.core import setups
from grapeshot.core.audit import audit_game
from grapeshot.core.capabilities import Lacking
from grapeshot.core.contract import CAPABILITIES, HOST, VIEW
from grapeshot.core.game import Game, replay
from grapeshot.core.module import Module, all_modules
from grapeshot.core.registry import RuleBook, scan_tests
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import Scenario, builtin_scenarios, load_scenario, parse_scenario
from grapeshot.report import Words, narrate, unworded
from grapeshot.server.probe import Probe

#: a maker of the scenario a check plays
Maker = Callable[[], Scenario]
#: what a check answers: ``None`` when it checked, else why it does not apply here
Skipped = str | None


def builtin(ruleset: str) -> Iterator[tuple[str, Maker]]:
    """Each built-in scenario of a rule set, by name, with its maker."""
    for name in builtin_scenarios(ruleset):
        yield name, lambda name=name: load_scenario(name, ruleset)  # type: ignore[misc]


def play(ruleset: str, scenario: Maker, seed: int, players: str = "fast", check: bool = False) -> Game:
    """A seeded game played by the rule set's fast (rollout) players, random ones, or both by turns
    ("mixed"); with ``check``, the invariants asserted after every action."""
    sc = scenario()
    g = Game(ruleset, sc, seed=seed)
    fast = rollout_player(ruleset)
    kinds = {"fast": [fast], "random": ["random"], "mixed": [fast, "random"]}[players]
    agents = {s.id: make(kinds[k % len(kinds)], seed * 7 + k, ruleset) for k, s in enumerate(sc.seats)}

    def invariants(game: Game) -> None:
        problems = game.broken()
        assert not problems, f"after action {len(game.actions)} ({game.actions[-1]}): {problems}"

    play_out(g, agents, invariants if check else None)
    return g


def lines(g: Game) -> list[str]:
    return [e.line() for e in g.events]


def same_seed_same_game(ruleset: str, scenario: Maker) -> Skipped:
    """The same seed plays the same game, another seed another."""
    a, b, c = (play(ruleset, scenario, seed) for seed in (11, 11, 12))
    assert lines(a) == lines(b), "the same seed played two games"
    assert lines(a) != lines(c), "two seeds played the same game"
    return None


def kept_set_up_starts_as_a_fresh_one(ruleset: str, scenario: Maker) -> Skipped:
    """The lab's kept set-ups (core.setups): a game started from a copy of an earlier game's set-up
    plays as one built afresh, and what the first game does to its state leaves the kept one be."""
    sc = scenario()

    def first_actions(g: Game) -> list[str]:
        agents = {s.id: make("random", 3 + k, ruleset) for k, s in enumerate(sc.seats)}
        play_until(g, agents, until=lambda game: len(game.actions) >= 60)
        return lines(g)

    setups.forget()
    setups.enabled = False
    try:
        fresh = first_actions(Game(ruleset, sc, seed=4))
    finally:
        setups.enabled = True
    built = Game(ruleset, sc, seed=4)  # builds and keeps the set-up
    assert first_actions(built) == fresh, "a kept set-up plays otherwise than a fresh one"
    for _ in range(2):  # the same data parsed again: a copy of the kept set-up, each game its own
        assert first_actions(Game(ruleset, scenario(), seed=4)) == fresh, "a copy of a kept set-up plays otherwise"
    return None


def save_load_and_replay(ruleset: str, scenario: Maker) -> Skipped:
    """A save loads to the same log and outcome, and replays against its recorded events."""
    g = play(ruleset, scenario, 5, players="mixed")
    data = json.loads(json.dumps(g.save()))
    loaded = Game.load(data)
    assert lines(loaded) == lines(g), "a loaded save's log differs"
    assert loaded.outcome == g.outcome
    recorded = [json.loads(e.line()) for e in g.events]
    assert replay(data, recorded).outcome == g.outcome
    return None


def half_played_saves_and_continues(ruleset: str, scenario: Maker) -> Skipped:
    """A save taken mid-game loads at the same prompt, and the same answers finish it the same way."""
    whole = play(ruleset, scenario, 21)
    half = len(whole.actions) // 2
    partial = Game(ruleset, scenario(), seed=21)
    for seat, action in whole.actions[:half]:
        partial.submit(seat, action)
    resumed = Game.load(json.loads(json.dumps(partial.save())))
    assert resumed.waiting_for() == partial.waiting_for()
    for seat, action in whole.actions[half:]:
        resumed.submit(seat, action)
    assert lines(resumed) == lines(whole), "a game saved half played goes on otherwise"
    return None


def random_play_keeps_the_invariants(ruleset: str, scenario: Maker, seed: int) -> Skipped:
    """Random players' game: the invariants hold after every action, the game ends in a turn, and
    the auditors of the rule set and its modules find nothing in its log."""
    g = play(ruleset, scenario, seed, players="random", check=True)
    assert g.outcome is not None and g.outcome.turn >= 1, f"seed {seed}: no outcome in a turn"
    found = audit_game(g)
    assert not found, f"seed {seed}: " + "; ".join(f.said() for f in found[:5])
    return None


#: the seed of the views' fuzz (bench/soak.py --views plays a thousand a scenario)
VIEWS_SEED = 1


def views_and_listings(ruleset: str, scenario: Maker) -> Skipped:
    """A seeded game of random players probed as the web table shows it, at the start and after
    every action (``grapeshot.server.probe``): every seat's and the spectator's view is built as
    the server builds it (shapes and listings included) without a part left out, and at every
    waiting seat's listing every listed answer passes ``check``, every near miss outside an
    enumerated listing is refused, and ``check`` never breaks."""
    sc = scenario()
    g = Game(ruleset, sc, seed=VIEWS_SEED)
    probe = Probe(VIEWS_SEED, f"{ruleset} {sc.name} seed {VIEWS_SEED}")
    probe(g)
    play_out(g, {s.id: make("random", VIEWS_SEED * 7 + k, ruleset) for k, s in enumerate(sc.seats)}, probe)
    t = probe.tally
    assert t.actions == len(g.actions) + 1 and t.views == t.actions * (len(sc.seats) + 1) and t.listings
    assert not t.faults, "\n".join(t.lines())
    return None


def same(a: Game, b: Game) -> None:
    """Two games stand alike: state, log, who is waited for, turn, phase and rolls."""
    assert json.dumps(a.ruleset.describe(a.state), sort_keys=True) == json.dumps(b.ruleset.describe(b.state), sort_keys=True)
    assert lines(a) == lines(b)
    assert a.waiting_for() == b.waiting_for() and a.turn == b.turn and a.phase == b.phase and a.rolls == b.rolls


def copies_are_the_game(ruleset: str, scenario: Maker) -> Skipped:
    """Copies taken all through a game (from its checkpoints, replaying only the actions since)
    match the game, and the same answers carry a copy on to the same end."""
    whole = play(ruleset, scenario, 31, players="mixed")
    g = Game(ruleset, scenario(), seed=31)
    step = max(1, len(whole.actions) // 15)
    middle = None
    longest = 0
    for i, (seat, action) in enumerate(whole.actions):
        if i % step == 0:
            c = g.copy()
            same(c, g)
            assert c.resumed_at is not None, "copies start from a checkpoint"
            longest = max(longest, i - c.resumed_at)
            if middle is None and i >= len(whole.actions) // 2:
                middle = (i, c)
        g.submit(seat, action)
    same(g.copy(), g)
    assert middle is not None
    i, c = middle
    for seat, action in whole.actions[i:]:
        c.submit(seat, action)
    same(c, whole)
    assert c.outcome == whole.outcome
    per_turn = len(whole.actions) / max(1, whole.turn)
    assert longest <= 3 * per_turn + 10, f"a copy replayed {longest} actions; a turn has about {per_turn:.0f}"
    return None


def copies_back_to_an_earlier_step(ruleset: str, scenario: Maker) -> Skipped:
    """A copy back to an earlier step (``copy(upto=n)``) is that game, with checkpoints kept or not."""
    whole = play(ruleset, scenario, 8)
    whole.keep_checkpoints = False
    kept = Game(ruleset, scenario(), seed=8)
    kept.keep_checkpoints = True
    for seat, action in whole.actions:
        kept.submit(seat, action)
    for upto in sorted({0, 1, len(whole.actions) // 3, len(whole.actions) // 2, len(whole.actions) - 1}):
        fresh = Game(ruleset, scenario(), seed=8)
        for seat, action in whole.actions[:upto]:
            fresh.submit(seat, action)
        same(kept.copy(upto=upto), fresh)
        same(whole.copy(upto=upto), fresh)  # only its last checkpoint: replayed from the start
    return None


def _fast_players(g: Game) -> dict[str, Any]:
    return {s: make(rollout_player(g.ruleset), k, g.ruleset) for k, s in enumerate(g.ruleset.seats_of(g.state))}


def copies_leave_out_sealed_orders(ruleset: str, scenario: Maker) -> Skipped:
    """The search player's copies leave out other seats' orders that are sealed but not revealed."""
    g = Game(ruleset, scenario(), seed=3)
    agents = _fast_players(g)
    while g.prompt is not None and not (g.prompt.simultaneous and len(g._sealed) >= 1):
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    if g.prompt is None:
        return "this scenario has no sealed orders"
    sealed = next(iter(g._sealed))
    c = g.copy(without_sealed_of={sealed})
    assert sealed in c.waiting_for() and sealed not in g.waiting_for()
    assert len(c.actions) == len(g.actions) - 1
    return None


def no_seat_learns_a_sealed_answer(ruleset: str, scenario: Maker) -> Skipped:
    """Two games that differ only in one seat's sealed answer look the same to every other seat
    and to a spectator, in the view, the log and the public save, until the answers are revealed;
    the seat itself sees its own answer."""
    g = Game(ruleset, scenario(), seed=5)
    agents = _fast_players(g)
    while g.prompt is not None and not g.prompt.simultaneous:
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    if g.prompt is None:
        return "this scenario has no sealed answers"
    sealer, *others = g.waiting_for()
    answers: dict[str, Any] = {}
    for a in g.prompt.legal(sealer).actions(limit=200):
        answers.setdefault(json.dumps(a.to_json(), sort_keys=True), a)
    if len(answers) < 2:
        return "the first sealed prompt offers a single answer"
    seen = []
    for a in list(answers.values())[:2]:
        c = g.copy()
        c.submit(sealer, a)
        assert c.view(sealer)["sealed"] == a.to_json()
        views = {str(o): json.dumps(c.view(o), sort_keys=True) for o in [*others, None]}
        seen.append((views, json.dumps(c.public_save(), sort_keys=True)))
    assert seen[0] == seen[1], "another seat's view, log or the public save shows a sealed answer"
    return None


def report_words_every_event(ruleset: str, scenario: Maker) -> Skipped:
    """No event is dropped from the battle report silently: each kind is worded by a phrasebook
    (or left silent there on purpose), and a rule set without one shows each event by its kind."""
    g = play(ruleset, scenario, 13, players="mixed")
    words = Words.of(g)
    if g.ruleset.phrasebook() is not None:
        assert unworded(g.events, words) == [], "add these kinds to the rule set's phrasebook"
    for e in g.events:
        text = words.describe(e)
        if not words.knows(e.kind):
            assert text is not None and e.kind in text
    assert list(narrate(g.events, words))
    return None


#: the checks of one scenario, by name (random play takes a seed besides: :data:`RANDOM_SEEDS`)
CHECKS: dict[str, Callable[[str, Maker], Skipped]] = {
    "same_seed_same_game": same_seed_same_game,
    "kept_set_up_starts_as_a_fresh_one": kept_set_up_starts_as_a_fresh_one,
    "save_load_and_replay": save_load_and_replay,
    "half_played_saves_and_continues": half_played_saves_and_continues,
    "views_and_listings": views_and_listings,
    "copies_are_the_game": copies_are_the_game,
    "copies_back_to_an_earlier_step": copies_back_to_an_earlier_step,
    "copies_leave_out_sealed_orders": copies_leave_out_sealed_orders,
    "no_seat_learns_a_sealed_answer": no_seat_learns_a_sealed_answer,
    "report_words_every_event": report_words_every_event,
}
#: the seeds a rule set's own suite plays random games with (grapeshot's draws them by hypothesis)
RANDOM_SEEDS = tuple(range(8))


# --------------------------------------------------------------------------- the declared contract


def _refused(ask: Callable[[], object], words: str) -> None:
    try:
        ask()
    except Lacking as err:
        assert words in str(err), f"refused as {str(err)!r}, not naming {words!r}"
    else:
        raise AssertionError(f"not refused: expected a Lacking error naming {words!r}")


def contract(owner: Ruleset | Module, game: Game | None) -> Skipped:
    """The contract (core/contract.py): a capability in ``offers`` is given by its method, of its
    declared type; one not declared answers ``None`` (the one way to be absent), and ``need``
    refuses it naming it.  The capabilities that take a game (a host, a seat's view) are asked
    of ``game``, one of the rule set's at its start (``None``: not asked)."""
    kind = "rule set" if isinstance(owner, Ruleset) else "module"
    offers = owner.offers
    for cap in CAPABILITIES:
        if kind not in cap.owners:
            assert cap not in offers
            continue
        if cap is HOST:
            assert isinstance(owner, Ruleset)
            if game is not None:
                hosted = {m.name: owner.host(m.name, game) for m in all_modules()}
                for m in all_modules():
                    found = hosted[m.name]
                    assert found is None or (HOST in offers and m.refusal(found) is None), f"{owner.name} hosts {m.name} undeclared"
                if HOST in offers:
                    assert any(v is not None for v in hosted.values()), f"{owner.name} declares it hosts modules but hosts none"
            _refused(lambda: owner.need(HOST, "no-such-module", game), "has no host for the module 'no-such-module'")
            continue
        if cap is VIEW:
            if isinstance(owner, Module):
                value = owner.view(None, None) if VIEW not in offers else None
                assert value is None, f"the module {owner.name} gives a view it does not declare"
            elif game is not None:
                for seat in (*owner.seats_of(game.state), None):
                    seen = owner.view(game.state, seat)
                    assert isinstance(seen, dict)
                    if VIEW not in offers:
                        assert seen == owner.describe(game.state), f"{owner.name} hides from {seat} but does not declare a view"
            if VIEW not in offers:
                _refused(lambda: owner.need(VIEW, None, None), f"'{owner.name}' has no view of its own")
            continue
        value = getattr(owner, cap.name)()
        if cap in offers:
            assert value is not None and cap.holds(value), f"{owner.name} declares {cap.name} but gives {value!r}"
            assert type(owner.need(cap)) is type(value) and type(owner.need(cap.name)) is type(value)
        else:
            assert value is None, f"{owner.name} gives {cap.name} without declaring it"
            _refused(lambda cap=cap: owner.need(cap), f"'{owner.name}' has no {cap.words}")  # type: ignore[misc]
            assert owner.offer(cap) is None
    return None


def seat_player(ruleset: str, scenario: Maker | None) -> Skipped:
    """The rule set's ``seat_player`` is one of its players (a rule set without a heuristic never
    gets one), and a scenario's seat that names none gets it."""
    from grapeshot.agents import factories

    rs = get(ruleset)
    assert rs.seat_player in factories(rs), f"{rs.name}'s seat_player {rs.seat_player!r} is none of its players"
    if rs.players() is None:
        assert rs.seat_player == "random"
    if scenario is not None:
        raw = dict(scenario().raw)
        raw["seats"] = [{"id": s["id"]} for s in raw["seats"]]
        assert {s.player for s in parse_scenario(raw, "test").seats} == {rs.seat_player}
    return None


def uncovered(book: RuleBook, tests: Path) -> list[str]:
    """The rules in play in ``book`` that no test under ``tests`` names (``@pytest.mark.rules``):
    the coverage check of ``grapeshot rules --coverage``, for a rule set's own tests folder."""
    covered = scan_tests(tests)
    return [e.id for e in book.in_scope() if not covered.get(e.id)]
