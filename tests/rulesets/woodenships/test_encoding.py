"""Wooden Ships' PettingZoo encoding: the catalogue by the scenario's pieces, templates that do
what they say (a charge ends in contact, a shot at a slot shoots that figure), an observation of
fixed size in [-1, 1], and whole games played by masked random picks to their end."""

from __future__ import annotations

import numpy as np
import pytest

from grapeshot.adapters.pettingzoo import env
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.woodenships.actions import Act, Move
from grapeshot.rulesets.woodenships.data import DRAFT_KINDS, GUNS
from grapeshot.rulesets.woodenships.encoding import WoodenShipsEncoder
from grapeshot.rulesets.woodenships.melee import in_contact
from tests.rulesets.woodenships.harness import duel, fig, game, shore, to_figure


@pytest.mark.parametrize("scenario", ["ship-duel", "skull-island", "fort-assault", "free-for-all"])
def test_the_catalogue_is_made_of_the_scenario_s_pieces(scenario: str) -> None:
    from grapeshot.core.game import Game

    g = Game("woodenships", load_scenario(scenario, "woodenships"), seed=1)
    s = shore(g)
    e = WoodenShipsEncoder(g)
    f, k = len(s.figures), len(s.ships)
    n = len(s.guns) + sum(1 for x in (s.draft.pile if s.draft is not None else []) if x in GUNS)  # a slot for each gun in the pile too
    assert len(e.templates) == len(DRAFT_KINDS) + 15 + (1 + f) + 18 + (2 + 2 * f + 3 * n + 2 * k)
    assert {t.prompt for t in e.templates} == {"PickPrompt", "SteerPrompt", "NextPrompt", "MovePrompt", "ActPrompt"}
    from grapeshot.core.capabilities import SeatView

    obs = e.observe(SeatView("red", s, g.turn, g.phase, g.prompt, ()))
    assert len(obs) == len(e.features) and all(-1.0 <= x <= 1.0 for x in obs)


@pytest.mark.rules("WS-FIG-3", "WS-FIG-4")
def test_a_charge_ends_in_contact_and_a_shot_at_a_slot_shoots_that_figure() -> None:
    g = game(duel([{"name": "Marksman", "kind": "man", "weapons": ["rifle", "sword"]}], [{"name": "Bosun", "kind": "man"}], gap=1.0))
    from grapeshot.core.capabilities import SeatView

    e = WoodenShipsEncoder(g)
    prompt = to_figure(g, "Marksman")
    view = SeatView("red", shore(g), g.turn, g.phase, prompt, ())
    charge = next(i for i, t in enumerate(e.templates) if t.prompt == "MovePrompt" and t.word == "charge")
    move = e.action_for(view, charge)
    assert isinstance(move, Move) and move.of == "Blue"
    stay = next(i for i, t in enumerate(e.templates) if t.prompt == "MovePrompt" and t.word == "stay")
    g.submit("red", e.action_for(view, stay))  # type: ignore[arg-type]
    act_view = SeatView("red", shore(g), g.turn, g.phase, g.prompt, ())
    slot = e.figures.index("Bosun")
    shoot = next(i for i, t in enumerate(e.templates) if t.prompt == "ActPrompt" and t.word == "shoot" and t.slot == slot)
    a = e.action_for(act_view, shoot)
    assert isinstance(a, Act) and (a.what, a.target) == ("shoot", "Bosun") and a.weapon is not None and a.weapon.startswith("rifle")
    assert not in_contact(shore(g), fig(g, "Marksman"), fig(g, "Bosun"))


@pytest.mark.rules("WS-SETUP-1")
def test_a_drafted_gun_fills_its_slot_once_mounted() -> None:
    from grapeshot.agents import make
    from grapeshot.core.capabilities import SeatView
    from grapeshot.core.game import Game

    g = Game("woodenships", load_scenario("free-for-all", "woodenships"), seed=2)
    e = WoodenShipsEncoder(g)
    s = shore(g)
    working = [e.features.index(f"gun{i}_working") for i in range(len(e.guns))]
    assert len(working) == 8 and not s.guns
    obs = e.observe(SeatView("red", s, g.turn, g.phase, g.prompt, ()))
    assert [obs[i] for i in working] == [0.0] * 8
    players = {seat: make("heuristic", 1, "woodenships") for seat in s.seats}
    while g.prompt is not None and g.prompt.kind != "SteerPrompt":
        for seat in g.waiting_for():
            g.submit(seat, players[seat].act(g, seat, g.prompt))
    obs = e.observe(SeatView("red", s, g.turn, g.phase, g.prompt, ()))
    assert [obs[i] for i in working] == [1.0] * len(s.guns) + [0.0] * (8 - len(s.guns)) and len(s.guns) >= 4


@pytest.mark.parametrize("scenario", ["ship-duel", "fort-assault", "free-for-all"])
def test_masked_random_picks_play_a_whole_game(scenario: str) -> None:
    e = env(scenario, ruleset="woodenships", options={"turn_limit": 3})
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for agent in e.agent_iter(max_iter=20000):
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0, f"no legal action for {agent}"
        e.step(int(rng.choice(legal)))
        steps += 1
    assert e.session.over and steps > 10
