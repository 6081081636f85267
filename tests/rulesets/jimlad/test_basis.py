"""Every number in a verdict carries the rule that gave it (the events' ``basis``, docs/events.md).

Seeded games of the built-in scenarios are played with their logs, and each verdict's numbers
are checked against their terms: every term names a rule of the rulebook, and the terms of a
number add up to the number the event records.  Rule tests then pin the rules a few verdicts
must name: a ram's klan and wind (JL-RAM-5), close combat's procedure (JL-BOARD-8), the armour
a klan changes, the gunners' BS (JL-SHOOT-1).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.geometry import Facing
from grapeshot.rulesets.jimlad import damage
from grapeshot.rulesets.jimlad.basis import total
from grapeshot.rulesets.jimlad.rules import RULEBOOK
from tests import support
from tests.rulesets.jimlad.test_ramming import sail

#: per event kind, the numbers whose terms must add up to them, and the fields merely explained
SUMS: dict[str, tuple[str, ...]] = {
    "strike": ("strength", "armour"),
    "wound": ("strength", "toughness"),
    "krak": ("strength", "max_range", "scatter.inches", "arc.width"),
    "sluggas": ("shots", "need", "max_range"),
    "ram": ("strength", "own_strength"),
    "crash": ("strength", "own_strength"),
    "aground": ("strength",),
    "kraken-rammed": ("strength",),
    "allowance": ("high",),
    "move": ("planned",),
    "boarding": ("need",),
    "kraken-attack": ("need",),
    "chinork-shots": ("need",),
    "mine-shot": ("strength", "armour"),
    "kraken-hit": ("strength", "armour"),
    "muster": ("length", "width", "hull_points", "armour.front", "armour.port", "armour.starboard", "armour.rear", "gold"),
    "engine-repeat": ("distance",),
}
EXPLAINED: dict[str, tuple[str, ...]] = {
    "wound": ("need", "save_need"),
    "grapeshot": ("mode",),
    "damage": ("when",),
    "allowance": ("low", "whole"),
    "move": ("card_at",),
    "reroll-spent": ("per",),
}


def field(data: dict[str, Any], path: str) -> Any:
    value: Any = data
    for part in path.split("."):
        value = value[part]
    return value


def check_terms(kind: str, where: str, terms: list[dict[str, Any]]) -> None:
    assert terms, f"{kind}.{where}: no terms"
    for t in terms:
        assert set(t) == {"rule", "what", "value"}, (kind, where, t)
        assert t["rule"] in RULEBOOK.entries, f"{kind}.{where}: {t['rule']} is not a rule"
        assert isinstance(t["what"], str) and t["what"], (kind, where, t)


def check_event(e: Event) -> int:
    """Check one event's basis; return how many numbers it explained."""
    d = e.data
    basis = d.get("basis", {})
    checked = 0
    for where, terms in basis.items():
        check_terms(e.kind, where, terms)
    for where in SUMS.get(e.kind, ()):
        assert where in basis, f"{e.kind} explains no {where}: {e.line()}"
        want = field(d, where)
        assert math.isclose(total(basis[where]) if isinstance(want, int) else sum(t["value"] for t in basis[where]), want, abs_tol=1e-3), (
            e.kind,
            where,
            want,
            basis[where],
        )
        checked += 1
    for where in EXPLAINED.get(e.kind, ()):
        assert where in basis, (e.kind, where, e.line())
        checked += 1
    if e.kind == "melee":
        for step in d["steps"]:
            for s in step["strikes"]:
                b = s["basis"]
                for where in ("attacks", "strength", "initiative"):
                    check_terms("melee", where, b[where])
                assert total(b["attacks"]) == s["attacks"] and total(b["strength"]) == s["strength"] and total(b["initiative"]) == step["initiative"]
                if s["need"] is not None:
                    assert [t["rule"] for t in b["need"]] == ["JL-BOARD-8"] and b["need"][0]["value"] == s["need"]
                checked += 1
    if e.kind == "combat-result" and "ld" in d:
        assert total(basis["ld"]) == d["ld"] and total(basis["need"]) == d["need"]
        assert [t["rule"] for t in basis["need"]] == ["JL-BOARD-4", "JL-BOARD-8"]
        checked += 1
    if e.kind == "evade" and d["able"]:
        assert total(basis["ld"]) == d["ld"] and basis["ld"][0]["rule"] in ("JL-KREW-2", "JL-KREW-3")
        checked += 1
    return checked


@lru_cache(maxsize=1)
def played() -> tuple[Game, ...]:
    out = []
    for i, name in enumerate(["brawl", "kove", "euromeet", "kove", "brawl", "duel"]):
        sc = load_scenario(name, "jimlad")
        g = Game("jimlad", sc, seed=500 + i)
        play_out(g, {s.id: make("heuristic", i * 7 + k, "jimlad") for k, s in enumerate(sc.seats)})
        out.append(g)
    return tuple(out)


@pytest.mark.rules("JL-SHOOT-8", "JL-SHIP-3", "JL-RAM-3", "JL-MOVE-9", "JL-BOARD-8")
def test_every_number_of_every_verdict_in_seeded_games_is_explained_rule_by_rule() -> None:
    seen: dict[str, int] = {}
    for g in played():
        for e in g.events:
            n = check_event(e)
            if n:
                seen[e.kind] = seen.get(e.kind, 0) + 1
    for kind in ("strike", "wound", "krak", "grapeshot", "sluggas", "allowance", "move", "melee", "damage", "muster", "evade", "boarding"):
        assert seen.get(kind, 0) > 0, f"no {kind} event was checked: {seen}"


# --------------------------------------------------------------------------- rules a verdict must name


def rules_of(terms: list[dict[str, Any]]) -> list[str]:
    return [t["rule"] for t in terms]


@pytest.mark.rules("JL-RAM-5", "JL-KLAN-4", "JL-RAM-3", "JL-RAM-4")
def test_a_goff_rams_strength_names_the_klan_rule_that_added_to_it() -> None:
    g = support.game(support.duel(blue={"x": 60.0}, red={"klan": "goffs"}), script=[6, 6, 1, 1])
    sail(g, 30.0)
    [crash] = [e.data for e in g.events if e.kind == "crash"]
    assert crash["strength"] == 9 and rules_of(crash["basis"]["strength"]) == ["JL-RAM-3", "JL-RAM-3", "JL-RAM-5"]
    assert [t["value"] for t in crash["basis"]["strength"]] == [7, 1, 1]
    assert rules_of(crash["basis"]["own_strength"])[-1] == "JL-RAM-6"  # a crash takes no -1
    target, own = [e.data for e in g.events if e.kind == "strike"]
    assert target["basis"]["strength"] == crash["basis"]["strength"] and own["basis"]["strength"] == crash["basis"]["own_strength"]
    assert target["save"] is None and "save" not in target["basis"]  # 6 + 7 = 13 > 12 ... the 1s: no effect, no save


@pytest.mark.rules("JL-RAM-5", "JL-KLAN-2", "JL-KLAN-8")
def test_a_snake_bites_ram_names_the_wind_rule_and_its_sector() -> None:
    g = support.game(support.duel(blue={"x": 60.0}, red={"klan": "snake-bites"}), script=[6, 6, 1, 1])
    support.sea(g).wind = 0.0  # blowing the way Red sails: with the wind
    sail(g, 30.0)
    [crash] = [e.data for e in g.events if e.kind == "crash"]
    wind = crash["basis"]["strength"][-1]
    assert (wind["rule"], wind["value"]) == ("JL-RAM-5", 1) and "JL-KLAN-8" in wind["what"]


@pytest.mark.rules("JL-BOARD-8", "JL-BOARD-2", "JL-BOARD-4", "JL-KREW-2", "JL-KREW-3", "JL-SHOOT-5")
def test_close_combat_names_its_procedure_and_each_modifier() -> None:
    from tests.rulesets.jimlad.test_boarding import big_round, board

    g = big_round((3, 4))  # Red's Kaptin, Doc and a boy board Blue's Kaptin and two boyz
    board(g)
    [melee] = [e.data for e in g.events if e.kind == "melee"]
    assert melee["procedure_rule"] == "JL-BOARD-8"
    first = melee["steps"][0]["strikes"][0]  # Red's Kaptin, charging, in the rumble
    b = first["basis"]
    assert rules_of(b["strength"]) == ["JL-KREW-2", "JL-KREW-2", "JL-BOARD-2"] and total(b["strength"]) == first["strength"] == 6
    assert rules_of(b["attacks"]) == ["JL-KREW-2", "JL-BOARD-2"] and total(b["attacks"]) == first["attacks"] == 4
    assert rules_of(b["initiative"]) == ["JL-KREW-2", "JL-BOARD-2"] and total(b["initiative"]) == melee["steps"][0]["initiative"] == 4
    assert rules_of(b["need"]) == ["JL-BOARD-8"] and b["need"][0]["value"] == first["need"] == 4
    mob = melee["steps"][1]["strikes"][0]  # Red's Doc and boy: A2, +1 for the slugga, +1 charging, each
    assert rules_of(mob["basis"]["attacks"]) == ["JL-KREW-3", "JL-SHOOT-5", "JL-BOARD-2"] * 2 and total(mob["basis"]["attacks"]) == mob["attacks"] == 8
    boy = melee["steps"][2]["strikes"][0]  # Blue's boy: no charge
    assert rules_of(boy["basis"]["attacks"]) == ["JL-KREW-3", "JL-SHOOT-5"] and rules_of(boy["basis"]["strength"]) == ["JL-KREW-3"]
    [result] = [e.data for e in g.events if e.kind == "combat-result"]
    if "ld" in result:
        assert rules_of(result["basis"]["need"]) == ["JL-BOARD-4", "JL-BOARD-8"] and total(result["basis"]["need"]) == result["need"]
    wounds = [e.data for e in g.events if e.kind == "wound" and e.rule == "JL-BOARD-3"]
    assert all(w["basis"]["need"][0]["rule"] == "JL-BOARD-8" for w in wounds)


@pytest.mark.rules("JL-KLAN-6", "JL-SHIP-3", "JL-DMG-10")
def test_a_strike_names_the_armour_of_the_facing_and_the_klan_that_changed_it() -> None:
    g = support.game(support.duel(blue={"klan": "bad-moons"}), script=[4, 2])
    verdict = support.drive(
        damage.strike(g, support.sea(g), support.ship(g, "Blue"), 9, Facing.FRONT, by_seat="red", by_actor=None, cause="test", rule="JL-SHOOT-3")
    )
    assert verdict == "glancing"
    [s] = [e.data for e in g.events if e.kind == "strike"]
    assert s["basis"]["armour"] == [{"rule": "JL-SHIP-3", "what": "front armour", "value": 12}, {"rule": "JL-KLAN-6", "what": "Bad Moons", "value": 1}]
    assert s["basis"]["strength"] == [{"rule": "JL-SHOOT-3", "what": "test", "value": 9}]
    assert rules_of(s["basis"]["save"]) == ["JL-SHIP-3"]  # struck in the shooting phase


@pytest.mark.rules("JL-SHOOT-1", "JL-SHOOT-3")
@pytest.mark.parametrize(("bs", "rule"), [(3, "JL-SHOOT-1"), (2, "JL-SHOOT-3")])
def test_the_krak_scatter_names_whose_bs_it_takes_off(bs: int, rule: str) -> None:
    from grapeshot.rulesets.jimlad import kannon
    from grapeshot.rulesets.jimlad.actions import Fire

    g = support.game(support.duel(options={"krak_scatter_bs": bs}), script=[90.0, 1, 1])
    support.drive(kannon.fire(g, support.sea(g), support.ship(g, "Red"), Fire("fore", "krak", aim=(50.0, 36.0))))
    [k] = [e.data for e in g.events if e.kind == "krak"]
    # 2 on 2D6, less the BS; with BS3 that is less than nothing, and it never goes below 0
    assert rules_of(k["basis"]["scatter.inches"]) == ["JL-SHOOT-3", rule, "JL-SHOOT-3"][: 3 if bs == 3 else 2]
    assert total(k["basis"]["scatter.inches"]) == k["scatter"]["inches"] == 0
