"""Every option of every prompt a shipped rule set (or module) lists carries a one-line
explanation and at least one rule ID of that rule set's or module's own registry, as the web
table's listing sends it (``grapeshot.server.views.listing``): seeded games of random players,
every waiting seat's listing looked at after every action, companion play (typed dice) too."""

from __future__ import annotations

import contextlib
from collections import defaultdict

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.module import get_module
from grapeshot.core.ruleset import get
from grapeshot.server.views import Listings
from tests.test_conformance import CASES, load

SHIPPED = [(rs, sc) for rs, sc in CASES if rs in ("jimlad", "woodenships", "navalwarhammer")]
#: the longest a game is looked at: enough to reach every kind of prompt its scenario has
STEPS = 1500


def _books(game: Game) -> set[str]:
    ids = set(get(game.ruleset.name).rulebook().entries)
    for name in game.modules:
        ids |= set(get_module(name).rulebook().entries)
    return ids


def missing_explanations(ruleset: str, scenario: str, seed: int, companion: bool = False) -> tuple[set[str], dict[str, list[str]]]:
    """The prompt kinds seen, and the options seen without words or with a rule of no registry
    (by prompt kind, a few labels each)."""
    sc = load(scenario, ruleset)
    g = Game(ruleset, sc, seed=seed, companion=companion) if companion else Game(ruleset, sc, seed=seed)
    known = _books(g)
    listings = Listings()
    kinds: set[str] = set()
    bad: dict[str, list[str]] = defaultdict(list)

    def look(game: Game) -> None:
        for s in sc.seats:
            listed = listings.of(game, s.id)
            if listed is None:
                continue
            kind = game.prompt_for(s.id).kind  # type: ignore[union-attr]
            kinds.add(kind)
            for part in listed[1]["parts"]:
                for o in part["options"]:
                    rules = o.get("rules") or []
                    if (not o.get("explain") or not rules or not set(rules) <= known) and len(bad[kind]) < 4:
                        bad[kind].append(f"{part['key']}: {o['label']} -> {o.get('explain')!r} {rules}")

    look(g)
    agents = {s.id: make("random", seed * 7 + k, ruleset) for k, s in enumerate(sc.seats)}
    # a game cut short at STEPS (or at dice a random player cannot roll): what it reached was looked at
    with contextlib.suppress(AssertionError, RuntimeError, ValueError):
        play_out(g, agents, look, max_steps=STEPS)
    return kinds, dict(bad)


@pytest.mark.rules("JL-TURN-3", "WS-MOVE-1", "NW-CREW-1", "CG-GRAP-1")
@pytest.mark.parametrize(("ruleset", "scenario"), SHIPPED)
def test_every_option_reached_is_explained_with_its_own_rules(ruleset: str, scenario: str) -> None:
    kinds, bad = missing_explanations(ruleset, scenario, 3)
    assert kinds
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())


@pytest.mark.rules("JL-TURN-3")
def test_companion_play_s_typed_dice_are_explained_too() -> None:
    kinds, bad = missing_explanations("jimlad", "duel", 2, companion=True)
    assert "DicePrompt" in kinds
    assert not bad, bad


def test_an_option_left_without_words_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    from grapeshot.rulesets.jimlad import explain

    monkeypatch.setattr(explain, "CARDS", {})
    monkeypatch.setattr(explain, "explain", lambda prompt, part, choice: None)
    _, bad = missing_explanations("jimlad", "duel", 3)
    assert "OrdersPrompt" in bad
