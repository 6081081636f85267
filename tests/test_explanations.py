"""Every option of every prompt a shipped rule set (or module) lists carries a one-line
explanation and at least one rule ID of that rule set's or module's own registry, as the web
table's listing sends it (``grapeshot.server.views.listing``): seeded games of random players,
every waiting seat's listing looked at after every action, companion play (typed dice) too."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import pkgutil
from collections import defaultdict
from collections.abc import Callable

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.module import get_module
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import get
from grapeshot.server.views import Listings, explainers_of, listing
from tests.test_conformance import CASES, load

SHIPPED = [(rs, sc) for rs, sc in CASES if rs in ("jimlad", "woodenships", "navalwarhammer")]
#: the longest a game is looked at: enough to reach every kind of prompt its scenario has
STEPS = 1500


def _books(game: Game) -> set[str]:
    ids = set(get(game.ruleset.name).rulebook().entries)
    for name in game.modules:
        ids |= set(get_module(name).rulebook().entries)
    return ids


def kind_of(prompt: object) -> str:
    """A prompt's class by its module and name: two rule sets may each have a ``BoardPrompt``."""
    return f"{type(prompt).__module__}.{type(prompt).__name__}"


def missing_explanations(ruleset: str, scenario: str, seed: int, companion: bool = False) -> tuple[set[str], dict[str, list[str]]]:
    """The prompt classes seen (:func:`kind_of`), and the options seen without words or with a rule of no registry
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
            prompt = game.prompt_for(s.id)
            kind = type(prompt).__name__
            kinds.add(kind_of(prompt))
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
    promised = {k for k, case in REACHED.items() if case == (ruleset, scenario)}
    assert promised <= {k.removeprefix("grapeshot.rulesets.") for k in kinds}, "a prompt REACHED counts on is no longer reached"
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())


@pytest.mark.rules("JL-TURN-3")
def test_companion_play_s_typed_dice_are_explained_too() -> None:
    kinds, bad = missing_explanations("jimlad", "duel", 2, companion=True)
    assert "grapeshot.core.prompts.DicePrompt" in kinds
    assert not bad, bad


def test_an_option_left_without_words_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    from grapeshot.rulesets.jimlad import explain

    monkeypatch.setattr(explain, "CARDS", {})
    monkeypatch.setattr(explain, "explain", lambda prompt, part, choice: None)
    _, bad = missing_explanations("jimlad", "duel", 3)
    assert "OrdersPrompt" in bad


# ------------------------------------------------------------------ every kind of prompt, reached or brought about

#: for each prompt class a shipped rule set or module defines, one seeded game above that reaches it
#: (its case must keep reaching it: the test of that case fails if it no longer does)
REACHED = {
    "jimlad.prompts.OrdersPrompt": ("jimlad", "duel"),
    "jimlad.prompts.DistancePrompt": ("jimlad", "duel"),
    "jimlad.prompts.ShootPrompt": ("jimlad", "duel"),
    "jimlad.harbour.LandPrompt": ("jimlad", "brawl"),
    "jimlad.harbour.LeavePrompt": ("jimlad", "brawl"),
    "jimlad.boarding.BoardPrompt": ("jimlad", "euromeet"),
    "navalwarhammer.prompts.CrewPrompt": ("navalwarhammer", "duel"),
    "navalwarhammer.prompts.ShootPrompt": ("navalwarhammer", "duel"),
    "navalwarhammer.prompts.SteerPrompt": ("navalwarhammer", "duel"),
    "navalwarhammer.prompts.CastPrompt": ("navalwarhammer", "freeforall"),
    "navalwarhammer.prompts.PropelPrompt": ("navalwarhammer", "freeforall"),
    "navalwarhammer.prompts.AcrossPrompt": ("navalwarhammer", "raid"),
    "navalwarhammer.prompts.ConsolidatePrompt": ("navalwarhammer", "raid"),
    "navalwarhammer.prompts.CutLoosePrompt": ("navalwarhammer", "raid"),
    "navalwarhammer.prompts.DeckMovesPrompt": ("navalwarhammer", "raid"),
    "navalwarhammer.prompts.LaunchPrompt": ("navalwarhammer", "raid"),
    "navalwarhammer.prompts.ReactionsPrompt": ("navalwarhammer", "raid"),
    "navalwarhammer.prompts.ShoveOffPrompt": ("navalwarhammer", "raid"),
    "woodenships.prompts.ActPrompt": ("woodenships", "ship-duel"),
    "woodenships.prompts.MovePrompt": ("woodenships", "ship-duel"),
    "woodenships.prompts.NextPrompt": ("woodenships", "ship-duel"),
    "woodenships.prompts.SteerPrompt": ("woodenships", "ship-duel"),
    "woodenships.draft.DistributePrompt": ("woodenships", "ship-duel"),
    "woodenships.draft.PickPrompt": ("woodenships", "ship-duel"),
    "woodenships.mounts.MountPrompt": ("woodenships", "free-for-all"),
    "collisions.prompts.BoardPrompt": ("woodenships", "galley-fight"),
    "collisions.prompts.SwimPrompt": ("woodenships", "galley-fight"),
    "collisions.prompts.PlanPrompt": ("woodenships", "boat-swarm-plan"),
}


def _trade() -> tuple[Game, Prompt]:
    """Jim Lad: a ship that limped into a dock is offered repairs at the boarding step (JL-PORT-3)."""
    from grapeshot.rulesets.jimlad.harbour import Land, LandPrompt, TradePrompt
    from tests import support
    from tests.rulesets.jimlad.test_harbour import DOCK, WATER, ByRule, play_to, sailing_north

    g = sailing_north([DOCK, WATER], 40.0)
    g.dice = ByRule({"JL-LAND-1": [3], "JL-PORT-2": [2, 4]})
    play_to(g, LandPrompt, [])
    g.submit("red", Land("Dock"))
    support.ship(g, "Red").hull_points = 4
    return g, play_to(g, TradePrompt, [])


def _place() -> tuple[Game, Prompt]:
    """Jim Lad at a companion table: where does the model stand after its move (JL-TURN-3)."""
    from tests import support
    from tests.rulesets.jimlad.test_placing import until_placing

    g = Game("jimlad", support.duel(), seed=1, companion=True)
    return g, until_placing(g)


def _takeover() -> tuple[Game, Prompt]:
    """Jim Lad: a hulk drifting 2" off an enemy's beam may be taken over (JL-KREW-6)."""
    from grapeshot.rulesets.jimlad.actions import EndShooting
    from tests import support
    from tests.rulesets.jimlad.test_krew_and_victory import all_stop

    sc = support.duel(red={"klan": "deff-skulls", "hull_points": 1}, blue={"x": 30.0, "y": 42.0, "heading": 0.0})
    g = support.game(sc, script=[90.0, 1, 90.0, 90.0, 1])
    del support.ship(g, "Blue").krew[1:]
    g.submit("blue", all_stop("Blue"))
    g.submit("red", EndShooting())
    assert g.prompt is not None
    return g, g.prompt


def _fly() -> tuple[Game, Prompt]:
    """Naval Warhammer: harpies aboard a dark elf ark fly before the ships move (NW-FLY-1)."""
    from grapeshot.rulesets.navalwarhammer.moving import fly
    from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, game, sea, ship, unit

    elves = [{"unit": "Corsairs", "models": 10}, {"unit": "Harpies", "models": 5}]
    g = game(
        duel(
            [ship("Ark", "large", elves)],
            [ship("Foe", "medium", [HALBERDIERS])],
            red_army="dark-elves",
            red_places=[{"x": 30, "y": 14, "heading": 0}],
            blue_places=[{"x": 30, "y": 23, "heading": 0}],
        )
    )
    return g, next(fly(g, sea(g), unit(g, "Harpies (Ark)")))


def _grapple() -> tuple[Game, Prompt]:
    """The collisions module: after a sideswipe the ship's spare crew may throw grapples (CG-GRAP-1)."""
    from tests.rulesets.collisions.support import game, scenario
    from tests.rulesets.collisions.test_sideswipes import CUTTER, HULK, swing

    g = game(scenario([{**CUTTER, "crew": 4}, HULK]), [3])
    swing(g)
    assert g.prompt is not None
    return g, g.prompt


def _strike() -> Game:
    """The collisions module: a crew that lost the round of the boarding may strike (CG-BOARD-4)."""
    from grapeshot.rulesets.collisions.prompts import Board
    from tests.rulesets.collisions.support import hand, say
    from tests.rulesets.collisions.test_boarding import grappled

    g = grappled(dice=[6, 1, 1, 1, 1, 6, 3])
    hand(g, "Blue/2").station, hand(g, "Blue/3").station = "aloft", "below"
    say(g, Board("Red", "Blue", 4))
    return g


def _struck() -> tuple[Game, Prompt]:
    g = _strike()
    assert g.prompt is not None
    return g, g.prompt


def _free() -> tuple[Game, Prompt]:
    """The collisions module: at the prisoners step the captors may free their own men (CG-BOARD-4)."""
    from grapeshot.rulesets.collisions.prompts import Board, BoardPrompt, Strike
    from tests.rulesets.collisions.support import say

    g = _strike()
    say(g, Strike(True))
    while isinstance(g.prompt, BoardPrompt):
        say(g, Board(g.prompt.vessel, g.prompt.target))
    assert g.prompt is not None
    return g, g.prompt


#: the prompt classes seeded random games reach too seldom to count on: each brought about by a
#: scripted position, as the rule tests of its rules do
RARE: dict[str, Callable[[], tuple[Game, Prompt]]] = {
    "jimlad.harbour.TradePrompt": _trade,
    "jimlad.placing.PlacePrompt": _place,
    "jimlad.prompts.TakeoverPrompt": _takeover,
    "navalwarhammer.prompts.FlyPrompt": _fly,
    "collisions.prompts.GrapplePrompt": _grapple,
    "collisions.prompts.StrikePrompt": _struck,
    "collisions.prompts.FreePrompt": _free,
}


def defined_prompts() -> set[str]:
    """Every prompt class the shipped rule sets and modules define that a game can ask (a class
    other prompts only build on, such as a module's common base, is left out)."""
    import grapeshot.rulesets as shipped

    classes: set[type[Prompt]] = set()
    for info in pkgutil.walk_packages(shipped.__path__, "grapeshot.rulesets."):
        module = importlib.import_module(info.name)
        classes |= {c for c in vars(module).values() if inspect.isclass(c) and issubclass(c, Prompt) and c.__module__ == info.name}
    bases = {b for c in classes for b in c.__mro__[1:]}
    return {f"{c.__module__}.{c.__name__}".removeprefix("grapeshot.rulesets.") for c in classes if c not in bases}


@pytest.mark.rules("JL-TURN-3", "NW-FLY-1", "CG-GRAP-1")
def test_every_kind_of_prompt_is_reached_by_a_seeded_game_or_brought_about_for_this_test() -> None:
    defined = defined_prompts()
    assert len(defined) > 30
    assert defined - set(REACHED) - set(RARE) == set(), "a new prompt class: add a case that reaches it to REACHED or RARE"
    assert (set(REACHED) | set(RARE)) - defined == set(), "REACHED or RARE names a class that is gone"
    assert not set(REACHED) & set(RARE)


@pytest.mark.rules("JL-PORT-3", "JL-TURN-3", "JL-KREW-6", "NW-FLY-1", "CG-GRAP-1", "CG-BOARD-4")
@pytest.mark.parametrize("kind", sorted(RARE))
def test_a_rare_prompt_s_every_option_is_explained_with_its_own_rules(kind: str) -> None:
    g, prompt = RARE[kind]()
    assert kind_of(prompt) == "grapeshot.rulesets." + kind
    known = _books(g)
    listed = [listing(prompt, seat, explainers_of(g, prompt)) for seat in prompt.seats]
    options = [o for got in listed if got is not None for part in got[1]["parts"] for o in part["options"]]
    assert options, f"{kind} lists no answers"
    for o in options:
        assert o.get("explain"), f"{kind}: {o['label']} has no words"
        assert o.get("rules") and set(o["rules"]) <= known, f"{kind}: {o['label']} names {o.get('rules')}"
