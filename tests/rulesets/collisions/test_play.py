"""Whole games of the harbour brawl with the collisions module, played by seeded random players
(hypothesis over the seeds): the host's and the module's invariants after every action, no
figure lost track of, the module's words for every event it writes, its tallies."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.geometry import hull_gap
from grapeshot.report import Words, narrate
from grapeshot.rulesets.collisions import COLLISIONS
from grapeshot.rulesets.collisions.phrases import WORDS
from tests.rulesets.collisions.support import brawl, cg, hb

PACKAGE = Path(__file__).resolve().parents[3] / "src" / "grapeshot" / "rulesets" / "collisions"


def played(seed: int, **options: object) -> Game:
    g = Game("harbour", brawl(options=options), seed=seed)
    agents = {s: make("random", seed * 7 + k, "harbour") for k, s in enumerate(("red", "blue"))}

    def check(game: Game) -> None:
        problems = game.ruleset.invariants(game) + COLLISIONS.invariants(game)
        assert not problems, f"after action {len(game.actions)}: {problems}"
        accounted(game)

    play_out(g, agents, check)
    return g


def accounted(g: Game) -> None:
    """Every figure is in exactly one place: lost, aboard a vessel afloat, or in the water (the
    module's swimmers, which the host knows as out of any vessel)."""
    for h in hb(g).hands.values():
        swimming = h.ident in cg(g).swimmers
        if h.life <= 0:
            assert not swimming and h.vessel is None, h
        elif swimming:
            assert h.vessel is None and h.station == "water", h
        else:
            assert h.vessel in hb(g).crafts, h


@pytest.mark.rules("CG-SWIM-1", "CG-SIDE-1")
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_every_invariant_and_every_figure_accounted_for(seed: int) -> None:
    g = played(seed)
    assert g.outcome is not None
    # after the last move no swimmer is left under a hull
    for s in cg(g).swimmers.values():
        assert all(hull_gap(s.base, c.hull) >= -1e-6 for c in hb(g).crafts.values())


@pytest.mark.rules("CG-BOARD-3", "CG-RAM-1", "CG-GRAP-2")
def test_seeded_games_reach_every_part_of_the_module() -> None:
    """Forty seeded random games between them ram, sideswipe, grapple, board, take prizes and
    drown men: the parts work together, not only in the staged tests."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        g = played(seed, **{"collisions.cunning_plan": "red,blue"})
        seen.update(e.kind for e in g.events if e.kind.startswith("collisions."))
        words = Words.of(g)
        assert all(line for line in narrate(g.events, words))
    for kind in ("ram", "sideswipe", "oars", "grapple", "together", "board", "melee", "capture", "sink-or-swim", "swim", "swimmer-shot", "mishap", "afloat"):
        assert seen[f"collisions.{kind}"] > 0, f"no {kind} in 40 games: {sorted(seen)}"


def emitted_kinds() -> set[str]:
    """Every event kind the module's code writes (the literal first argument of ``emit``)."""
    out: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "emit" and len(node.args) >= 2:
                kind = node.args[1]
                assert isinstance(kind, ast.Constant) and isinstance(kind.value, str), f"{path.name}: an event kind that is not a literal"
                out.add(f"collisions.{kind.value}")
    return out


def test_the_phrasebook_words_every_kind_the_module_writes() -> None:
    assert emitted_kinds() == set(WORDS.kinds)


def test_the_tallies_count_what_happened() -> None:
    g = played(3)
    tallies = COLLISIONS.tallies(g.events)
    count = Counter(e.kind for e in g.events)
    assert tallies.get("rams", 0) == count["collisions.ram"]
    assert tallies.get("grapples tried", 0) == count["collisions.grapple"]
    assert tallies.get("captures", 0) == count["collisions.capture"]
    assert sum(tallies.values()) > 0


@pytest.mark.rules("HB-WIN-1")
def test_the_seat_with_most_men_free_wins_the_harbour_brawl() -> None:
    """The test host's own ending: after its turns, the most figures alive and not held."""
    for seed in (1, 2):
        g = played(seed)
        free = {s: sum(1 for h in hb(g).hands.values() if h.seat == s and h.life > 0 and h.prisoner_of is None) for s in ("red", "blue")}
        assert g.outcome is not None
        best = max(free.values())
        assert set(g.outcome.winners) == {s for s, n in free.items() if n == best and best > 0}
        assert g.outcome.objective == ("most-men" if len(g.outcome.winners) == 1 else "draw")
