"""Every prompt lists its legal answers from the rules' own checks: over seeded games of both
built-in scenarios, every listed answer and many random draws pass the prompt's check; of the
actions a figure could try (every weapon at every figure, every ship), the check accepts exactly
those listed; moves beyond reach are refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents import make
from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.woodenships.actions import Act, Move
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt
from grapeshot.rulesets.woodenships.state import Shore
from tests.support import accepts

SAMPLES = 6


def audit(g: Game, prompt: Prompt, seat: str, rng: random.Random, moves: bool) -> None:
    choices = prompt.legal(seat)
    if isinstance(prompt, MovePrompt) and not moves:
        listed: list[Action] = []
    else:
        listed = list(choices.actions(limit=400))
        assert listed, f"{prompt.kind} lists nothing"
        assert all(c.label.strip() for p in choices.parts for c in p.options)
    for a in listed:
        assert accepts(prompt, seat, a), f"{prompt.kind} lists {a}, which its check refuses"
    for _ in range(SAMPLES):
        drawn = choices.sample(rng)
        assert accepts(prompt, seat, drawn), f"{prompt.kind} drew {drawn}, which its check refuses"
    if isinstance(prompt, ActPrompt):
        shore = g.state
        assert isinstance(shore, Shore)
        figure = shore.figures[prompt.figure]
        tries = [Act()]
        for w in shore.carried(figure.name):
            for f in shore.figures:
                tries += [Act("shoot", w.name, f), Act("strike", w.name, f)]
            tries.append(Act("reload", w.name))
        tries += [Act(what, None, s) for s in shore.ships for what in ("grapple", "climb")]  # type: ignore[arg-type]
        for gun in shore.guns:
            tries.append(Act("load", gun))
            for t in [*shore.figures, *shore.ships, *shore.guns]:
                tries += [Act("fire", gun, t), Act("turn", gun, t)]
        offered = set(prompt.options())
        for a in tries:
            assert accepts(prompt, seat, a) == (a in offered), f"{a} is {'offered' if a in offered else 'not offered'}"
    if isinstance(prompt, MovePrompt):
        shore = g.state
        assert isinstance(shore, Shore)
        f = shore.figures[prompt.figure]
        b = shore.base(f)
        assert f.spot is not None
        surface = f.spot.surface.value
        assert not accepts(prompt, seat, Move((b.x + 9.0, b.y), surface, f.spot.ident))  # type: ignore[arg-type]
        assert not accepts(prompt, seat, Move(pick_up=("no such weapon",)))


@pytest.mark.rules("WS-FIG-3", "WS-MOVE-1", "WS-SETUP-1", "WS-ARMS-4")
@pytest.mark.parametrize("scenario", ["ship-duel", "skull-island"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_every_listed_and_drawn_answer_passes_the_check(scenario: str, seed: int) -> None:
    sc = load_scenario(scenario, "woodenships")
    g = Game("woodenships", sc, seed=seed)
    rng = random.Random(seed)
    kinds = ["heuristic", "random"]
    agents = {s.id: make(kinds[k % 2], seed + k, "woodenships") for k, s in enumerate(sc.seats)}
    moves = 0
    while g.prompt is not None:
        seat = g.waiting_for()[0]
        prompt = g.prompt
        if isinstance(prompt, MovePrompt):
            moves += 1
        audit(g, prompt, seat, rng, moves % 7 == 1)
        g.submit(seat, agents[seat].act(g, seat, prompt))
    assert g.outcome is not None
