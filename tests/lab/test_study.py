"""The plan of a study: every pairing, seats swapped, seeds from (study seed, index) only."""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any

import pytest

from grapeshot.core.capabilities import TableChange
from grapeshot.core.ruleset import get
from grapeshot.lab.records import derive_seed
from grapeshot.lab.study import BASELINE, Study, StudyError, parse_variant, scenario_for
from grapeshot.lab.study import plan as plan_study

LAB = get("jimlad").need("lab")


def plan(**kwargs: Any) -> Study:
    """A study of Jim Lad (the lab's subject in these tests)."""
    return plan_study(ruleset="jimlad", **kwargs)


def all_klans() -> tuple[str, ...]:
    return tuple(LAB.factions())


def test_all_klans_is_every_klan_of_the_rules() -> None:
    assert len(all_klans()) == 7
    assert plan(games_per_pair=1).factions == all_klans()


def test_every_pairing_with_seats_swapped() -> None:
    study = plan(factions="all", games_per_pair=4, seed=9)
    assert len(study.pairs) == 21 and study.total == 84
    specs = list(study.games())
    assert [s.index for s in specs] == list(range(84))
    seated = Counter(s.factions for s in specs)
    # every ordered pair of different klans sits each way round exactly twice
    assert set(seated) == set(permutations(all_klans(), 2))
    assert set(seated.values()) == {2}
    # and each pairing is played games_per_pair times
    assert Counter(frozenset(s.factions) for s in specs) == {frozenset(p): 4 for p in study.pairs}


def test_seats_alternate_round_by_round_and_odd_counts_favour_the_first_klan_once() -> None:
    study = plan(factions="goffs,bad-moons,evil-sunz", games_per_pair=3)
    rounds = [[study.spec(r * 3 + p).factions for p in range(3)] for r in range(3)]
    assert rounds[0] == [("goffs", "bad-moons"), ("goffs", "evil-sunz"), ("bad-moons", "evil-sunz")]
    assert rounds[1] == [(b, a) for a, b in rounds[0]]
    assert rounds[2] == rounds[0]


def test_seeds_derive_from_the_study_seed_and_the_index_alone() -> None:
    study = plan(factions="all", games_per_pair=4, seed=7)
    for spec in study.games():
        assert spec.seed == derive_seed(7, spec.index)  # the scheme grapeshot simulate seeds its games by too
    # other klans or another length change which game an index is, never its seed
    other = plan(factions="goffs,snake-bites", games_per_pair=10, seed=7)
    assert [s.seed for s in other.games()] == [derive_seed(7, i) for i in range(10)]
    assert len({s.seed for s in study.games()}) == study.total
    assert plan(games_per_pair=1, seed=8).spec(0).seed != study.spec(0).seed


def test_a_sweep_pairs_its_arms_same_seeds_and_seats_as_the_baseline() -> None:
    tournament = plan(factions="goffs,snake-bites,bad-moons", games_per_pair=4, seed=7)
    sweep = plan(kind="sweep", factions="goffs,snake-bites,bad-moons", games_per_pair=4, seed=7, variants=["grapeshot=d3", "klan.goffs.move_dice=0"])
    arms: dict[int, list[tuple[int, tuple[str, ...]]]] = {}
    for s in sweep.games():
        arms.setdefault(s.variant, []).append((s.seed, s.factions))
    assert arms[0] == arms[1] == arms[2] == [(s.seed, s.factions) for s in tournament.games()]
    assert sweep.identity()["arms"] == "paired" and "arms" not in tournament.identity()


def test_a_longer_study_extends_a_shorter_one() -> None:
    short, long = plan(games_per_pair=2, seed=3), plan(games_per_pair=6, seed=3)
    assert list(short.games()) == list(long.games())[: short.total]
    assert short.identity() == long.identity()


def test_sweep_variants_interleave_round_by_round() -> None:
    study = plan(kind="sweep", factions="goffs,bad-moons", games_per_pair=2, variants=[parse_variant("grapeshot=d3", "jimlad")])
    assert study.variants[0] == BASELINE
    assert [(s.variant, s.factions) for s in study.games()] == [
        (0, ("goffs", "bad-moons")),
        (1, ("goffs", "bad-moons")),
        (0, ("bad-moons", "goffs")),
        (1, ("bad-moons", "goffs")),
    ]


def test_parse_variant() -> None:
    v = parse_variant("grapeshot=d3", "jimlad")
    assert v.label == "grapeshot=d3" and v.options == (("grapeshot", "d3"),)
    v = parse_variant("slow:klan.goffs.move_dice=-2,turn_limit=8,klan.evil-sunz.armour.port=0", "jimlad")
    assert v.label == "slow"
    assert v.options == (("turn_limit", 8),)
    assert v.changes == (TableChange("klan.goffs.move_dice", -2), TableChange("klan.evil-sunz.armour.port", 0))
    assert parse_variant("riggers_repair_hull=false", "jimlad").options == (("riggers_repair_hull", False),)
    for bad in ("", "grapeshot", "x:", "klan.goffs=1"):
        with pytest.raises(StudyError):
            parse_variant(bad, "jimlad")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"factions": "goffs,orks"}, "unknown klan"),
        ({"factions": "goffs"}, "at least two"),
        ({"factions": "goffs,goffs"}, "at least two"),
        ({"scenario": "brawl"}, "two seats"),
        ({"scenario": "nowhere"}, "scenario"),
        ({"options": {"grapeshot": "d6"}}, "grapeshot"),
        ({"options": {"no_such_rule": 1}}, "no_such_rule"),
        ({"player": "oracle"}, "unknown player"),
        ({"games_per_pair": 0}, "at least 1"),
        ({"variants": ["klan.goffs.flying=true"]}, "changeable fields"),
        ({"variants": ["klan.goffs.move_dice=true"]}, "whole number"),
        ({"variants": ["klan.goffs.armour.top=1"]}, "facings"),
        ({"variants": ["klan.gretchin.ram_bonus=1"]}, "unknown klan"),
        ({"variants": ["turn_limit=500"]}, "turn_limit"),
        ({"variants": ["baseline:turn_limit=5"]}, "labels"),
    ],
)
def test_plan_refuses_what_it_cannot_play(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(StudyError, match=message):
        plan(**kwargs)


def test_the_scenario_takes_each_seats_klan() -> None:
    study = plan(games_per_pair=1)
    sc = scenario_for(study, ("deff-skulls", "blood-axes"))
    assert [(f["seat"], f["klan"]) for f in sc.fleets] == [("red", "deff-skulls"), ("blue", "blood-axes")]


def test_a_wrong_key_lists_only_the_modules_the_rule_set_can_host() -> None:
    with pytest.raises(StudyError) as e:
        parse_variant("nosuch=1", "jimlad")
    assert "collisions" not in str(e.value) and "none that jimlad can host" in str(e.value)
    with pytest.raises(StudyError) as e:
        parse_variant("nosuch=1", "woodenships")
    assert "a rule module (collisions)" in str(e.value)
