"""Naval Warhammer's PettingZoo encoding (PettingZoo's own API, seed and parallel tests run on
every scenario in tests/test_conformance.py): every prompt a seat is asked is in the catalogue,
its grid of answers round-trips through it (answer -> catalogue actions -> the same answer), the
mask is exactly what the engine accepts, and a random agent choosing among masked actions
finishes a game of every scenario."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import numpy as np
import pytest

from grapeshot.adapters.pettingzoo import GrapeshotEnv, env
from grapeshot.core.actions import Action
from grapeshot.core.capabilities import SeatView
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import Scenario
from grapeshot.rulesets.navalwarhammer.catalogue import PROMPT_KINDS, Answers
from grapeshot.rulesets.navalwarhammer.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.navalwarhammer.prompts import PartsPrompt
from tests.adapters.episodes import assert_mask_is_the_engines
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, ship

SCENARIOS = ("duel", "freeforall", "raid")
pytestmark = pytest.mark.filterwarnings("ignore:We recommend agents to be named")


def nw_env(scenario: str, **options: object) -> GrapeshotEnv:
    return env(scenario, ruleset="navalwarhammer", options=options or None)


def grid(p: Prompt, seat: str) -> list[Action]:
    """The prompt's own listed answers: its grid, and for a prompt answered unit by unit each
    unit's every choice with the others at their first."""
    choices = p.legal(seat)
    if not isinstance(p, PartsPrompt):
        return [c.value for c in choices.parts[0].options]
    first = [part.options[0].value for part in choices.parts]
    out = []
    for k, part in enumerate(choices.parts):
        for c in part.options:
            out.append(choices.build(tuple([*first[:k], c.value, *first[k + 1 :]])))
    return out


def replay(answers: Answers, view: SeatView, action: Action) -> Action | None:
    """The answer the catalogue gives back for ``action``'s templates, step by step."""
    steps = answers.indices_for(view, action)
    if steps is None:
        return None
    assert len(steps) == answers.steps(view)
    last = SeatView(view.seat, view.state, view.turn, view.phase, view.prompt, tuple(steps[:-1]))
    return answers.action_for(last, steps[-1])


class Sweep:
    """Heuristic play of every scenario through the catalogue: at each decision the heuristic's
    answer is turned into catalogue actions (a random masked action where it is off the grid),
    and every answer of the prompt's grid is round-tripped."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()
        self.round_trips: Counter[str] = Counter()
        self.failures: dict[str, list[str]] = defaultdict(list)
        self.played: Counter[str] = Counter()
        self.outcomes: list[Any] = []

    def play(self, scenario: str | Scenario, seed: int, **options: object) -> None:
        e = nw_env(scenario, **options) if isinstance(scenario, str) else env(scenario)
        e.reset(seed=seed)
        s = e.session
        answers = s.encoder.answers  # type: ignore[attr-defined]
        helper = HeuristicPlayer(seed)
        rng = np.random.default_rng(seed)
        plan: list[int] = []
        for agent in e.agent_iter(6000):
            _, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            p = s.asked(agent)
            assert p is not None
            view = s.view(agent)
            if not view.picks:
                self.seen[p.kind] += 1
                for a in grid(p, agent):
                    back = replay(answers, view, a)
                    if back == a:
                        self.round_trips[p.kind] += 1
                    else:
                        self.failures[p.kind].append(f"{a.to_json()} came back as {back and back.to_json()}")
                mine = answers.indices_for(view, helper.act(e.game, agent, p))
                plan = [i + 1 for i in mine] if mine is not None else []
            if plan:
                pick = plan[len(view.picks)]
                self.played[p.kind] += 1
            else:
                pick = int(rng.choice(np.flatnonzero(e.action_mask(agent))))
            assert e.action_mask(agent)[pick], f"{p.kind}: the heuristic's answer is masked out"
            e.step(pick)
        self.outcomes.append(e.game.outcome)


def flyers() -> Scenario:
    """Harpies aboard a Dark Elf ship in reach of an Empire one (no built-in fleet has a flyer)."""
    elves = [{"unit": "Corsairs", "models": 10}, {"unit": "Harpies", "models": 5}]
    return duel(
        [ship("Ark", "large", elves)],
        [ship("Foe", "medium", [HALBERDIERS])],
        red_army="dark-elves",
        red_places=[{"x": 30, "y": 14, "heading": 0}],
        blue_places=[{"x": 30, "y": 26, "heading": 0}],
    )


@pytest.fixture(scope="module")
def sweep() -> Sweep:
    out = Sweep()
    for scenario in SCENARIOS:
        for seed in (1, 2):
            out.play(scenario, seed)
            # the listing when the table pre-measures guessed ranges (aims measured off each hull)
            out.play(scenario, seed, pre_measure=True)
    out.play(flyers(), 1)
    return out


@pytest.mark.parametrize("kind", PROMPT_KINDS)
def test_every_prompt_kind_is_in_the_catalogue_and_its_answers_round_trip(sweep: Sweep, kind: str) -> None:
    sections = nw_env("raid").session.sections
    assert kind in sections and len(sections[kind]) >= 2
    assert sweep.seen[kind] > 0, f"no game of the sweep asked a {kind}: {dict(sweep.seen)}"
    assert sweep.round_trips[kind] > 0
    assert not sweep.failures[kind], sweep.failures[kind][:5]


def test_the_heuristic_plays_whole_games_through_the_catalogue(sweep: Sweep) -> None:
    assert all(o is not None for o in sweep.outcomes)
    for kind in ("CrewPrompt", "SteerPrompt", "ShootPrompt", "DeckMovesPrompt", "CutLoosePrompt"):
        assert sweep.played[kind] > 0, dict(sweep.played)


def test_every_kind_of_prompt_the_engine_raises_has_a_section() -> None:
    """The catalogue's kinds are the rule set's prompt classes (and the core's re-roll)."""
    from grapeshot.rulesets.navalwarhammer import prompts

    raised = {n for n in prompts.__all__ if n.endswith("Prompt") and n not in ("ListPrompt", "PartsPrompt")}
    assert raised | {"RerollPrompt"} == set(PROMPT_KINDS)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_mask_is_exactly_what_the_engine_accepts(scenario: str) -> None:
    """At each of the first decisions of a random game: every masked-in template is accepted by
    the prompt of a copy of the game, and submit takes one; every masked-out one has no action
    or is refused."""
    e = nw_env(scenario)
    e.reset(seed=7)
    s = e.session
    rng = np.random.default_rng(7)
    decisions = 0
    for agent in e.agent_iter(90):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask[0] == 0 and mask.sum() >= 1
        copy = e.game.copy()
        assert copy.prompt is not None and copy.prompt.kind == info["prompt"]
        assert_mask_is_the_engines(e, agent, mask, copy)
        pick = int(rng.choice(np.flatnonzero(mask)))
        if s.encoder.steps(s.view(agent)) == 1:
            fresh = e.game.copy()
            action = e.action_for(agent, pick)
            assert action is not None
            fresh.submit(agent, action)
        decisions += 1
        e.step(pick)
    assert decisions > 40


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_seeded_random_agent_on_the_mask_finishes_a_game(scenario: str) -> None:
    e = nw_env(scenario)
    e.reset(seed=21)
    enc = e.session.encoder
    rng = np.random.default_rng(21)
    kinds: Counter[str] = Counter()
    for _agent in e.agent_iter(20000):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        vec = obs["observation"]
        assert vec.shape == (len(enc.features),) and np.all(vec >= -1.0) and np.all(vec <= 1.0)
        kinds[info["prompt"]] += 1
        assert not info.get("substituted")
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.game.outcome is not None, "the game did not end"
    assert not e.agents or all(e.terminations.values())
    assert {"CrewPrompt", "SteerPrompt", "ShootPrompt"} <= set(kinds), kinds


def test_an_answer_in_parts_is_asked_unit_by_unit_and_submitted_whole() -> None:
    e = env("duel", ruleset="navalwarhammer", log=True)
    e.reset(seed=4)
    s = e.session
    agent = e.agent_selection
    p = s.asked(agent)
    assert p is not None and p.kind == "CrewPrompt" and isinstance(p, PartsPrompt)
    units = list(p.options)
    assert len(units) > 1
    words = s.encoder.answers.templates  # type: ignore[attr-defined]
    for k, unit in enumerate(units):
        assert e.infos[agent]["unit"] == unit and e.game.prompt is p
        obs = e.observe(agent)["observation"]
        assert obs[s.feature_names().index("step")] == pytest.approx(k / len(units))
        free = next(i for i in s.sections["CrewPrompt"] if words[i - 1].word == "free")
        e.step(free)
    assert e.game.prompt is not p
    crew = [ev for ev in e.game.events if ev.kind == "crew"]
    assert crew and crew[-1].data["working"] == [] and crew[-1].data["ship"] == p.ship
