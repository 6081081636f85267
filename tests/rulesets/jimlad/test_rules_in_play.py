"""Seeded play puts the rules into the log: the built-in ``kove`` sails the Freebooterz, the
Snake Bites (with the wind among others) and the Blood Axes' kommandos, with grapeshot as D3
hits, and a short mix of the built-in scenarios names rules that no log used to name.

The full count over 2,000 games is ``bench/rules_in_play.py``; these few dozen games keep the
test quick."""

from __future__ import annotations

from collections import Counter

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.registry import rules_named
from grapeshot.core.scenario import load_scenario
from grapeshot.rulesets.jimlad.rules import RULEBOOK


def what_happened(g: Game) -> tuple[set[str], Counter[str]]:
    """The rules a game's log names, and counts of what the rules issue 16 asked to see did
    (``bench/rules_in_play.py`` counts the same over many games)."""
    named: set[str] = set()
    seen: Counter[str] = Counter()
    for e in g.events:
        named |= rules_named(e.line(), RULEBOOK)
        d = e.data
        if e.kind == "reroll-spent":
            seen["Freebooterz re-rolls spent"] += 1
        elif e.kind == "allowance" and any(p["rule"] == "JL-KLAN-2" and p["what"] == "with the wind" for p in d["parts"]):
            seen["Snake Bites moves with the wind"] += 1
        elif e.kind == "torpedo" and d.get("manned"):
            seen["manned torpedoes run"] += 1
        elif e.kind == "strike" and d["weapon_rule"] == "JL-SHOOT-7":
            seen["manned torpedoes striking"] += 1
        elif e.kind == "grapeshot" and d["mode"] == "d3":
            seen["grapeshot volleys as D3 hits"] += 1
        elif e.kind == "wound" and e.rule == "JL-SHOOT-4":
            seen["grapeshot hits"] += 1
        elif e.kind == "evade" and d.get("passed"):
            seen["evasions passed"] += 1
            seen["evasions passed with no room"] += d["to"] is None
    return named, seen


def play(scenario: str, seeds: range) -> tuple[set[str], Counter[str]]:
    """Seeded games of a scenario with heuristic players: what their logs name and show."""
    named: set[str] = set()
    seen: Counter[str] = Counter()
    sc = load_scenario(scenario, "jimlad")
    for seed in seeds:
        g = Game("jimlad", sc, seed=seed)
        play_out(g, {s.id: make("heuristic", seed * 31 + k, "jimlad") for k, s in enumerate(sc.seats)})
        n, s = what_happened(g)
        named |= n
        seen.update(s)
    return named, seen


@pytest.mark.rules("JL-KLAN-1", "JL-KLAN-2", "JL-KLAN-7", "JL-KLAN-8", "JL-SHOOT-7", "JL-SHOOT-4", "JL-QA-1")
def test_seeded_kove_games_sail_freebooterz_snake_bites_with_the_wind_blood_axe_kommandos_and_d3_grapeshot() -> None:
    named, seen = play("kove", range(1, 25))
    assert {"JL-KLAN-1", "JL-KLAN-2", "JL-KLAN-7", "JL-KLAN-8", "JL-SHOOT-7", "JL-SHOOT-4", "JL-QA-1"} <= named
    for what in (
        "Freebooterz re-rolls spent",
        "Snake Bites moves with the wind",
        "manned torpedoes run",
        "manned torpedoes striking",
        "grapeshot volleys as D3 hits",
        "grapeshot hits",
    ):
        assert seen[what] > 0, (what, seen)


@pytest.mark.rules("JL-RAM-5", "JL-BOARD-8", "JL-SHIP-1", "JL-MOVE-7", "JL-MOVE-8", "JL-DMG-10")
def test_a_short_seeded_mix_names_rules_no_log_used_to_name() -> None:
    named: set[str] = set()
    for i, scenario in enumerate(("brawl", "euromeet", "kove")):
        named |= play(scenario, range(100 + 4 * i, 104 + 4 * i))[0]
    once_silent = {
        "JL-RAM-5",
        "JL-BOARD-8",
        "JL-SHIP-1",
        "JL-SHIP-2",
        "JL-SHIP-5",
        "JL-KREW-1",
        "JL-MOVE-7",
        "JL-MOVE-8",
        "JL-SHOOT-1",
        "JL-SHOOT-2",
        "JL-DMG-10",
        "JL-QA-1",
        "JL-KLAN-1",
        "JL-KLAN-8",
    }
    assert once_silent <= named, once_silent - named
