"""Jim Lad's exact odds (``rulesets/jimlad/odds``, on the engine of ``grapeshot.odds``): checked against brute force written here, against the plain
dice-path enumeration of ``dice.enumerate_paths``, and against seeded simulation."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
from collections.abc import Generator
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grapeshot import odds
from grapeshot.cli import app
from grapeshot.core.clone import clone
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D3, D6, SCATTER, TWO_D6, NotEnumerable, RollRequest, SeededDice, enumerate_paths, nd6
from grapeshot.geometry import Facing, Vec
from grapeshot.rulesets.jimlad import collisions, kannon
from grapeshot.rulesets.jimlad import odds as jl
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Sluggas, Torpedoes
from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import Klan
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt
from grapeshot.rulesets.jimlad.state import Fight, Kraken, Mine, Sea
from tests import support

# --------------------------------------------------------------------------- brute force, by hand

#: the rules' armour (JL-SHIP-3) and the klans that change it (JL-KLAN-5, JL-KLAN-6), restated here
BASE_ARMOUR = {"front": 12, "port": 12, "starboard": 12, "rear": 11}
KLAN_ARMOUR = {"evil-sunz": {"port": -1, "starboard": -1}, "bad-moons": {"front": 1, "port": 1, "starboard": 1}}
TABLE = {1: "no-grapeshot", 2: "no-krak", 3: "shaken", 4: "gun-damaged", 5: "rudder-damaged", 6: "engine-damaged"}
WHICH_GUN = {1: "fore", 2: "starboard", 3: "starboard", 4: "port", 5: "port", 6: "aft"}
KLANS = [k.value for k in Klan]
FACINGS = ["front", "port", "starboard", "rear"]
SIXTH = Fraction(1, 6)

Blow = tuple[int, bool, tuple[str, ...]]  # hull points lost, sunk, damage-table results


def armour(klan: str, facing: str) -> int:
    return BASE_ARMOUR[facing] + KLAN_ARMOUR.get(klan, {}).get(facing, 0)


def brute_blow(strength: int, armour_value: int, hull_points: int = 5) -> dict[Blow, Fraction]:
    """One blow, every face by hand: S + D6 against armour, the 6+ save, the damage table."""
    out: dict[Blow, Fraction] = {}

    def add(key: Blow, p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    for pen in range(1, 7):
        total = strength + pen
        if total < armour_value:
            add((0, False, ()), SIXTH)
            continue
        for save in range(1, 7):
            p = SIXTH * SIXTH
            if save == 6:
                add((0, False, ()), p)
                continue
            sunk = hull_points == 1
            if total == armour_value or sunk:  # glancing, or sunk: no damage table
                add((1, sunk, ()), p)
                continue
            for face in range(1, 7):
                if face == 4:
                    for g in range(1, 7):
                        add((1, False, (f"gun-damaged:{WHICH_GUN[g]}",)), p * SIXTH * SIXTH)
                else:
                    add((1, False, (TABLE[face],)), p * SIXTH)
    return out


def blow_of(o: jl.ShipOdds, ship: str) -> dict[Blow, Fraction]:
    def key(r: jl.Result) -> Blow:
        s = o.ship(ship, r)
        return (s.hull_lost, s.sunk, s.damage)

    return {k: v for k, v in o.marginal(key).items() if v}


# --------------------------------------------------------------------------- krak, every kannon, facing and klan


@pytest.mark.parametrize("klan", KLANS)
@pytest.mark.parametrize("facing", FACINGS)
@pytest.mark.parametrize(("gun", "strength"), [("fore", 9), ("port", 8), ("starboard", 8)])
def test_a_krak_shell_that_lands_matches_brute_force(gun: str, strength: int, facing: str, klan: str) -> None:
    shot = jl.describe_krak(jl.Description(target_klan=klan), gun, facing, 20.0)
    face, arm, given = shot.hulls[jl.TARGET]
    assert (face.value, arm, shot.strength) == (facing, armour(klan, facing), strength)
    assert given.exact and sum(given.dist.values()) == 1
    assert blow_of(given, jl.TARGET) == brute_blow(strength, arm)
    # the landing is numeric, and the shell always lands somewhere
    assert shot.landing.miss + sum(shot.landing.hulls.values()) + sum(shot.landing.models.values()) == pytest.approx(1.0, abs=1e-12)
    assert 0.0 < shot.landing.hulls[jl.TARGET] < 1.0


@pytest.mark.parametrize("hull_points", [1, 2])
def test_a_blow_on_a_ship_with_one_hull_point_left_sinks_it_and_rolls_no_damage_table(hull_points: int) -> None:
    given = jl.describe_strike(jl.Description(target_hull_points=hull_points), 9, "rear")
    assert blow_of(given, jl.TARGET) == brute_blow(9, 11, hull_points)
    lost = given.hull_points_lost(jl.TARGET)
    assert given.sunk(jl.TARGET) == (lost[1] if hull_points == 1 else 0)


def test_a_deff_skulls_broadside_fires_d3_shells_each_with_the_same_odds() -> None:
    shot = jl.describe_krak(jl.Description(shooter_klan="deff-skulls"), "port", "port", 15.0)
    assert shot.shots == "D3"
    assert blow_of(shot.hulls[jl.TARGET][2], jl.TARGET) == brute_blow(8, 12)
    with pytest.raises(odds.OddsError, match=r"grapeshot only \(JL-KLAN-3\)"):  # the fore gun fires no krak
        jl.describe_krak(jl.Description(shooter_klan="deff-skulls"), "fore", "port", 15.0)


def test_two_torpedoes_on_one_ship_roll_the_damage_table_once() -> None:
    """Both torpedoes of a salvo strike: two penetration rolls and saves, then one damage-table
    roll if either went through (JL-DMG-2)."""
    two = jl.describe_strike(jl.Description(), 9, "front", cause="torpedo", hits=2)
    expected: dict[Blow, Fraction] = {}

    def add(key: Blow, p: Fraction) -> None:
        expected[key] = expected.get(key, Fraction(0)) + p

    def outcomes() -> list[tuple[int, bool, Fraction]]:  # (hull point lost, penetrating, chance)
        out = []
        for pen in range(1, 7):
            total = 9 + pen
            if total < 12:
                out.append((0, False, SIXTH))
                continue
            out.append((0, False, SIXTH * SIXTH))  # saved on a 6
            out.append((1, total > 12, SIXTH * 5 * SIXTH))
        return out

    for (l1, p1, q1), (l2, p2, q2) in product(outcomes(), repeat=2):
        p = q1 * q2
        if not (p1 or p2):
            add((l1 + l2, False, ()), p)
            continue
        for face in range(1, 7):
            if face == 4:
                for g in range(1, 7):
                    add((l1 + l2, False, (f"gun-damaged:{WHICH_GUN[g]}",)), p * SIXTH * SIXTH)
            else:
                add((l1 + l2, False, (TABLE[face],)), p * SIXTH)
    assert blow_of(two, jl.TARGET) == {k: v for k, v in expected.items() if v}


# --------------------------------------------------------------------------- rams at each strength band


def brute_ram(strength: int, own: int, target_armour: int, mover_armour: int, ld: int = 8) -> dict[tuple[str, Blow, Blow], Fraction]:
    out: dict[tuple[str, Blow, Blow], Fraction] = {}
    hit_target, hit_mover = brute_blow(strength, target_armour), brute_blow(own, mover_armour)
    for a, b in product(range(1, 7), repeat=2):
        p = SIXTH * SIXTH
        if a + b <= ld:  # JL-RAM-2: the target's Kaptin slips aside (open water: there is room)
            key = ("evaded", (0, False, ()), (0, False, ()))
            out[key] = out.get(key, Fraction(0)) + p
            continue
        for t, pt in hit_target.items():
            for m, pm in hit_mover.items():
                key = ("evasion failed", t, m)
                out[key] = out.get(key, Fraction(0)) + p * pt * pm
    return out


def ram_of(o: jl.ShipOdds) -> dict[tuple[str, Blow, Blow], Fraction]:
    def key(r: jl.Result) -> tuple[str, Blow, Blow]:
        t, m = o.ship(jl.TARGET, r), o.ship(jl.SHOOTER, r)
        return (r.tags[0], (t.hull_lost, t.sunk, t.damage), (m.hull_lost, m.sunk, m.damage))

    return {k: v for k, v in o.marginal(key).items() if v}


STRENGTHS = sorted({band + mod for band in (6, 7, 8) for mod in (-1, 0, 1, 2)})  # bands and modifiers: 5..10


@pytest.mark.rules("JL-RAM-2", "JL-RAM-3", "JL-RAM-4")
@pytest.mark.parametrize("planned", [True, False])
@pytest.mark.parametrize("facing", FACINGS)
@pytest.mark.parametrize("strength", STRENGTHS)
def test_a_ram_at_each_strength_matches_brute_force(strength: int, facing: str, planned: bool) -> None:
    ram = jl.describe_ram(jl.Description(), strength, facing, planned=planned)
    assert ram.exact and sum(ram.dist.values()) == 1
    own = strength - 1 if planned else strength
    assert ram_of(ram) == brute_ram(strength, own, armour("goffs", facing), armour("goffs", "front"))


@pytest.mark.parametrize("klan", KLANS)
def test_a_ram_into_each_klan_matches_brute_force(klan: str) -> None:
    ram = jl.describe_ram(jl.Description(target_klan=klan, shooter_klan=klan), 8, "port")
    assert ram_of(ram) == brute_ram(8, 7, armour(klan, "port"), armour(klan, "front"))


def test_a_target_without_orks_cannot_evade() -> None:
    ram = jl.describe_ram(jl.Description(target_krew=0), 7, "front")
    assert ram.tags() == {"no evasion": 1}


@pytest.mark.parametrize(("facing", "moved"), [("front", 12.0), ("port", 20.0), ("rear", 30.0)])
def test_ram_odds_agree_with_collisions_ship_contact_run_whole(facing: str, moved: float) -> None:
    """The ram's odds (evasion, then the two blows, multiplied) against the real
    ``collisions.ship_contact`` enumerated as the movement rules call it, on the same stage."""
    game, sea = jl.Description(target_klan="evil-sunz").stage()
    stage = clone(sea)
    path, contact = jl.ram_stage(stage, jl.SHOOTER, jl.TARGET, Facing(facing), moved=moved)
    mover, target = stage.ships[jl.SHOOTER], stage.ships[jl.TARGET]
    target.moved_turn = stage.turn  # it has moved: a planned ram
    course = path.at(contact.at).heading
    strength, _, _ = collisions.strength_of(stage, mover, contact.at, course, target.hull.heading)

    def whole(g: Game, s: Sea) -> Generator[Prompt, Any, Any]:
        return (yield from collisions.ship_contact(g, s, s.ships[jl.SHOOTER], s.ships[jl.TARGET], contact, path, course, ram=True, compulsory=False))

    real = odds.solve(jl.ShipRunner(game, stage, whole, [jl.TARGET, jl.SHOOTER], jl.ram_tags), "ship_contact")
    t_face = target.hull.facing_towards(mover.hull.bow)
    m_face = mover.hull.facing_towards(target.hull.centre)
    assert t_face.value == facing and m_face is Facing.FRONT
    ours = jl.ram_odds(game, jl.SHOOTER, jl.TARGET, strength, planned=True, target_facing=t_face, mover_facing=m_face, sea=stage, stage=(path, contact))
    assert real.exact and ours.dist == real.dist
    assert collisions.impact_band(contact.at) == collisions.impact_band(moved)


def test_the_ram_multiplied_out_equals_the_ram_enumerated_in_sequence() -> None:
    game, sea = jl.Description(target_klan="bad-moons").stage()
    for strength, facing in ((9, "front"), (6, "rear")):
        fast = jl.ram_odds(game, jl.SHOOTER, jl.TARGET, strength, target_facing=facing, sea=sea)
        slow = jl.ram_odds(game, jl.SHOOTER, jl.TARGET, strength, target_facing=facing, sea=sea, sequential=True)
        assert fast.dist == slow.dist


# --------------------------------------------------------------------------- merged faces = every path


def every_path(runner: jl.ShipRunner) -> dict[jl.Result, Fraction]:
    out: dict[jl.Result, Fraction] = {}
    for result, weight, total in enumerate_paths(runner):
        assert isinstance(result, jl.Result)
        out[result] = out.get(result, Fraction(0)) + Fraction(weight, total)
    return out


@pytest.mark.parametrize("klan", ["goffs", "freebooterz"])
def test_merging_faces_gives_the_same_odds_as_walking_every_dice_path(klan: str) -> None:
    game, sea = jl.Description(target_klan=klan, shooter_klan=klan).stage()
    blow = jl.blow_proc(jl.TARGET, 9, Facing.FRONT, "red", jl.SHOOTER, "test", "JL-RAM-4")
    runner = jl.ShipRunner(game, sea, blow, [jl.TARGET])
    merged, runs = odds.enumerate_outcomes(runner)
    walked = every_path(runner)
    assert merged == walked
    assert runs < sum(1 for _ in enumerate_paths(runner))
    # a small ram, whole: 2D6 to evade, then each blow
    ram = jl.ram_odds(game, jl.SHOOTER, jl.TARGET, 6, target_facing="front", sea=sea, sequential=True)
    staged = clone(sea)
    path, contact = jl.ram_stage(staged, jl.SHOOTER, jl.TARGET, Facing.FRONT)

    def whole(g: Game, s: Sea) -> Generator[Prompt, Any, Any]:
        if (yield from collisions.evade(g, s, s.ships[jl.SHOOTER], s.ships[jl.TARGET], path, contact, True)):
            return
        yield from jl.blow_proc(jl.TARGET, 6, Facing.FRONT, "red", jl.SHOOTER, f"{jl.SHOOTER}'s ram", "JL-RAM-4")(g, s)
        yield from jl.blow_proc(jl.SHOOTER, 5, Facing.FRONT, None, None, "the impact", "JL-RAM-4")(g, s)

    assert every_path(jl.ShipRunner(game, staged, whole, [jl.TARGET, jl.SHOOTER], jl.ram_tags)) == ram.dist


def test_grapeshot_d3_hits_are_exact_and_agree_with_a_hand_count() -> None:
    """D3 hits, S4 against T4 (4+), the boyz' 5+ save, the Doc's 5+ Feel No Pain: each of the
    first three closest boyz dies with chance 1/2 * 2/3 * 2/3 = 2/9."""
    shot = jl.describe_grapeshot(jl.Description(), "port", 4.0)
    assert shot.exact
    die = Fraction(2, 9)
    expected: dict[int, Fraction] = {}
    for hits in (1, 2, 3):
        for kills in range(hits + 1):
            p = Fraction(math.comb(hits, kills)) * die**kills * (1 - die) ** (hits - kills) / 3
            expected[kills] = expected.get(kills, Fraction(0)) + p
    assert shot.krew_killed(jl.TARGET) == expected


def test_sluggas_with_few_orks_are_exact_and_match_a_hand_count() -> None:
    """A Kaptin and his Doc against a lone Kaptin: two shots at BS2 (5+), S4 against T4 (4+), the
    Kaptin's 4+ save (AP5 is no better); he has three wounds, so he cannot die.  His one shot back
    falls on the closest of the two (the Doc, before the Kaptin on the quarterdeck): 5+ to hit, 4+
    to wound, no save against AP5, Feel No Pain 5+.  (A ship with one Ork left shoots nothing:
    JL-KREW-5.)"""
    with pytest.raises(odds.OddsError, match="drifting hulk"):
        jl.describe_sluggas(jl.Description(shooter_krew=1, target_krew=1))
    o = jl.describe_sluggas(jl.Description(shooter_krew=2, target_krew=1))
    assert o.exact
    assert o.krew_killed(jl.TARGET) == {0: 1}
    assert o.krew_killed(jl.SHOOTER) == {0: 1 - Fraction(1, 3) * Fraction(1, 2) * Fraction(4, 6), 1: Fraction(1, 3) * Fraction(1, 2) * Fraction(4, 6)}
    o = jl.describe_sluggas(jl.Description(shooter_krew=3, target_krew=3))
    assert o.exact and sum(o.dist.values()) == 1


# --------------------------------------------------------------------------- enumeration against simulation


def test_the_whole_krak_shot_simulated_agrees_with_landing_times_the_exact_blow() -> None:
    """The real ``kannon.fire`` (scatter and all) with seeded dice, against the numeric landing
    chance times the exact chance that a shell on the hull costs a hull point."""
    desc = jl.Description(target_klan="evil-sunz")
    shot = jl.describe_krak(desc, "fore", "port", 18.0)
    game, sea, _ = jl.stage_krak(desc, "fore", "port", 18.0)
    aim = (sea.ships[jl.TARGET].hull.x, sea.ships[jl.TARGET].hull.y)
    assert aim == pytest.approx(shot.aim)

    def fire(g: Game, s: Sea) -> Generator[Prompt, Any, Any]:
        yield from kannon.fire(g, s, s.ships[jl.SHOOTER], Fire("fore", "krak", aim=aim))

    n = 20000
    sim = jl.ShipOdds("sim", "monte-carlo", odds.simulate(jl.ShipRunner(game, sea, fire, [jl.TARGET]), n, seed=11), samples=n)
    p_sim = 1 - sim.hull_points_lost(jl.TARGET).get(0, Fraction(0))
    p_num = shot.hull_point(jl.TARGET)
    ci = sim.interval(p_sim)
    assert ci is not None and ci[0] <= p_num <= ci[1], (p_num, ci)
    assert abs(float(p_sim) - p_num) < 4 * math.sqrt(p_num * (1 - p_num) / n)


def test_the_landing_arcs_agree_with_a_dense_sweep_of_directions() -> None:
    """Landing chances with a second hull, a mine and the Kraken in reach: the arc arithmetic
    against 20,000 evenly spaced arrow directions per scatter distance."""
    _, sea, _ = jl.stage_krak(jl.Description(), "fore", "port", 20.0)
    target = sea.ships[jl.TARGET]
    sea.mines.append(Mine("mine-1", target.hull.x + 6.0, target.hull.y + 1.0))
    sea.kraken = Kraken(target.hull.x - 3.0, target.hull.y - 7.0)
    aim = Vec(target.hull.x + 1.0, target.hull.y)
    landing = jl.landing_odds(sea, aim)
    assert set(landing.models) == {"mine-1", "Kraken"} and set(landing.hulls) == {jl.TARGET}
    spots = {0: Fraction(1, 3)}
    for d, p in jl.scatter_distances(3).items():
        spots[d] = spots.get(d, Fraction(0)) + Fraction(2, 3) * p
    n = 20000
    swept: dict[tuple[str, str], float] = {}
    for d, w in spots.items():
        for i in range(n if d else 1):
            a = 2 * math.pi * (i + 0.5) / n
            where = jl.lands_on(sea, Vec(aim.x + d * math.cos(a), aim.y + d * math.sin(a)))
            swept[where] = swept.get(where, 0.0) + float(w) / (n if d else 1)
    assert landing.hulls[jl.TARGET] == pytest.approx(swept[("hull", jl.TARGET)], abs=1e-4)
    assert landing.models["mine-1"] == pytest.approx(swept[("model", "mine-1")], abs=1e-4)
    assert landing.models["Kraken"] == pytest.approx(swept[("model", "Kraken")], abs=1e-4)
    assert landing.miss == pytest.approx(swept[("miss", "")], abs=1e-4)


@pytest.mark.parametrize("which", ["strike", "ram", "grapeshot"])
def test_monte_carlo_intervals_hold_the_exact_values(which: str) -> None:
    desc = jl.Description(target_klan="bad-moons")
    game, sea = desc.stage()
    runner: jl.ShipRunner
    if which == "strike":
        runner = jl.ShipRunner(game, sea, jl.blow_proc(jl.TARGET, 9, Facing.PORT, "red", jl.SHOOTER, "krak", "JL-SHOOT-3"), [jl.TARGET])
    elif which == "ram":
        staged = clone(sea)
        path, contact = jl.ram_stage(staged, jl.SHOOTER, jl.TARGET, Facing.FRONT)

        def ram(g: Game, s: Sea) -> Generator[Prompt, Any, Any]:
            if (yield from collisions.evade(g, s, s.ships[jl.SHOOTER], s.ships[jl.TARGET], path, contact, True)):
                return
            yield from jl.blow_proc(jl.TARGET, 9, Facing.FRONT, "red", jl.SHOOTER, "ram", "JL-RAM-4")(g, s)
            yield from jl.blow_proc(jl.SHOOTER, 8, Facing.FRONT, None, None, "the impact", "JL-RAM-4")(g, s)

        runner = jl.ShipRunner(game, staged, ram, [jl.TARGET, jl.SHOOTER], jl.ram_tags)
    else:
        sea = clone(sea)
        jl.alongside(sea, 4.0)

        def grape(g: Game, s: Sea) -> Generator[Prompt, Any, Any]:
            yield from kannon.grapeshot_d3(g, s, s.ships[jl.SHOOTER], "port", s.ships[jl.TARGET])

        runner = jl.ShipRunner(game, sea, grape, [jl.TARGET])
    exact = jl.ShipOdds.solve(runner, which)
    mc = jl.ShipOdds.solve(runner, which, exact=False, samples=3000, seed=5)
    assert exact.exact and not mc.exact and mc.samples == 3000 and "not enumerated exactly" in mc.note
    checks = {
        "lost a hull point": lambda o: 1 - o.hull_points_lost(jl.TARGET).get(0, Fraction(0)),
        "killed an Ork": lambda o: 1 - o.krew_killed(jl.TARGET).get(0, Fraction(0)),
        "evaded": lambda o: o.tags().get("evaded", Fraction(0)),
    }
    for what, f in checks.items():
        p, q = f(exact), f(mc)
        if p in (0, 1):
            assert q == p, what
            continue
        ci = mc.interval(q)
        assert ci is not None and ci[0] <= float(p) <= ci[1], (what, float(p), ci)


def test_over_the_budget_the_odds_fall_back_to_monte_carlo_and_say_so() -> None:
    o = jl.describe_sluggas(jl.Description(shooter_krew=3, target_krew=3), budget=50, samples=400)
    assert o.method == "monte-carlo" and not o.exact and o.samples == 400
    assert "budget" in o.note
    j = o.to_json()
    assert j["method"] == "monte-carlo" and "ci95" in j["ships"][jl.TARGET]["sunk"] and "samples" in j


def test_boarding_first_round_is_exact_when_small_and_the_whole_fight_is_simulated() -> None:
    # Kaptin against Kaptin: small enough to enumerate.  The game lets no ship with one Ork board
    # (JL-KREW-5, and describe_boarding refuses it); boarding_odds itself works out a fight once
    # the grapnels are thrown, whoever throws them
    game, sea = jl.Description(shooter_krew=1, target_krew=1).stage()
    jl.alongside(sea, 2.0)

    def small_fight(budget: int, samples: int, seed: int) -> jl.BoardingOdds:
        return jl.boarding_odds(game, jl.SHOOTER, jl.TARGET, sea=sea, budget=budget, samples=samples, seed=seed)

    small = small_fight(20000, 600, 3)
    first, whole = small.first_round, small.whole_fight
    assert first.exact and sum(first.dist.values()) == 1
    tags = first.tags()
    assert tags["grapnels missed"] == Fraction(1, 6)  # 2" apart: the grapnels need 2+
    assert set(tags) <= {"grapnels missed", "won", "lost", "undecided", "both wiped out"}
    assert not whole.exact and "whole fights" in whole.note
    assert "undecided" not in whole.tags() or whole.tags()["undecided"] < Fraction(1, 20)
    # the simulation's first-round frequencies sit within their intervals of the exact values
    sim = small_fight(10, 1500, 4).first_round
    assert not sim.exact
    for tag, p in tags.items():
        ci = sim.interval(sim.tags().get(tag, Fraction(0)))
        assert ci is not None and ci[0] <= float(p) <= ci[1], (tag, float(p), ci)
    big = jl.describe_boarding(jl.Description(), samples=200)
    assert big.first_round.method == "monte-carlo" and "over the exact budget" in big.first_round.note


# --------------------------------------------------------------------------- the machinery


def test_values_read_off_the_dice_pin_themselves_wherever_c_code_reads_an_int() -> None:
    for reads in (lambda v: list(range(v)), lambda v: [0, 1, 2, 3, 4, 5, 6][v], lambda v: {1: "a", 2: "b", 3: "c"}[v], lambda v: float(v), lambda v: int(v)):
        dice = odds.LazyDice([1])
        r = dice.roll(RollRequest(D3, "test", "T"))
        reads(r.total)
        assert dice.dice[0].mask == 0b010, reads  # only the face rolled (2) reads the same
    dice = odds.LazyDice([3])
    r = dice.roll(RollRequest(D6, "test", "T"))
    assert r.total >= 3 and not r.total > 5
    assert dice.dice[0].mask == 0b011100  # 3, 4 and 5 read the same so far
    assert 9 + r.total > 12 and max(0, r.total - 3) == 1
    assert dice.dice[0].mask == 0b001000  # now only the 4
    dice = odds.LazyDice([0])
    r = dice.roll(RollRequest(TWO_D6, "test", "T"))
    assert r.total <= 8 and str(r.total) == "2" and f"{r.total:>2}" == " 2"
    assert bin(dice.dice[0].mask).count("1") == 26  # every 2D6 of 8 or less
    dice = odds.LazyDice()
    r = dice.roll(RollRequest(nd6(5), "test", "T"))
    assert sum(1 for f in r.faces if f >= 5) == 0
    assert len(odds.candidates(nd6(5))[0]) == 252 and sum(w for _, w in odds.candidates(nd6(5))[0]) == 6**5
    hit = odds.LazyDice([0]).roll(RollRequest(SCATTER, "scatter", "T"))
    assert hit.direction is None
    with pytest.raises(NotEnumerable):
        odds.LazyDice([1]).roll(RollRequest(SCATTER, "scatter", "T"))


def test_a_cloned_state_equals_a_deep_copy_and_shares_nothing_mutable() -> None:
    g = Game(
        "jimlad",
        support.scenario(
            [
                {"seat": "red", "name": "R", "x": 30.0, "y": 20.0, "heading": 0.0},
                {"seat": "blue", "name": "B", "x": 80.0, "y": 50.0, "heading": 180.0, "klan": "bad-moons"},
            ],
            options={"random_events": True},
        ),
        seed=3,
    )
    sea = g.state
    assert isinstance(sea, Sea)
    sea.fights.append(Fight("R", "B", 1))
    copied, deep = clone(sea), copy.deepcopy(sea)
    assert copied.fights[0] is not sea.fights[0] and dataclasses.astuple(copied.fights[0]) == dataclasses.astuple(sea.fights[0])
    assert copied.describe() == deep.describe() == sea.describe()
    for name in sea.ships:
        a, b = copied.ships[name], sea.ships[name]
        assert a is not b and a.krew is not b.krew and a.effects is not b.effects and a.damaged_guns is not b.damaged_guns
        assert [(k.role, k.wounds) for k in a.krew] == [(k.role, k.wounds) for k in b.krew]
        assert all(x is not y for x, y in zip(a.krew, b.krew, strict=True))
    copied.ships["R"].hull_points = 1
    copied.ships["R"].krew.pop()
    copied.penetrated.append("R")
    copied.options["kannon_arc"] = 10.0
    assert sea.ships["R"].hull_points == 5 and len(sea.ships["R"].krew) == 7 and sea.penetrated == [] and sea.options["kannon_arc"] == 90.0


def test_a_freebooterz_re_roll_is_declined_by_the_policy() -> None:
    o = jl.describe_strike(jl.Description(target_klan="freebooterz", shooter_klan="freebooterz"), 9, "front")
    assert blow_of(o, jl.TARGET) == brute_blow(9, 12)
    assert o.to_json()["policy"] == jl.POLICY


def test_the_odds_are_kept_per_situation() -> None:
    odds.clear_cache()
    a = jl.describe_strike(jl.Description(), 9, "front")
    b = jl.describe_strike(jl.Description(), 9, "front")
    c = jl.describe_strike(jl.Description(target_hull_points=1), 9, "front")
    assert a is b and c is not a and c.sunk(jl.TARGET) > 0


# --------------------------------------------------------------------------- a saved game and the command line


def to_shooting(g: Game) -> ShootPrompt:
    """Sail a seeded game on (All Stop, the shortest distances) to its first shooting prompt."""
    while not isinstance(g.prompt, ShootPrompt):
        p = g.prompt
        if isinstance(p, OrdersPrompt):
            for seat, ships in p.choices.items():
                g.submit(seat, Orders(tuple(ManoeuvreOrder(n, 4) for n in ships)))
        elif isinstance(p, DistancePrompt):
            g.submit(p.seats[0], Distance(p.low))
        else:
            raise AssertionError(f"unexpected prompt {p!r}")
    return g.prompt


def test_the_odds_of_an_action_in_a_game(tmp_path: Path) -> None:
    # side by side, both heading north 20" apart: after the move a broadside bears
    g = Game("jimlad", support.duel(red={"x": 40.0, "y": 8.0, "heading": 90.0}, blue={"x": 60.0, "y": 8.0, "heading": 90.0}), seed=2)
    prompt = to_shooting(g)
    assert prompt.ship is not None
    seat, me = prompt.seats[0], prompt.ship
    sea = g.state
    assert isinstance(sea, Sea)
    enemy = next(s for s in sea.ships.values() if s.commander != seat)
    gun = "starboard" if me.name == "Red" else "port"
    prompt.check(seat, Fire(gun, "krak", aim=(enemy.hull.x, enemy.hull.y)))
    assert isinstance(g.dice, SeededDice)
    before, dice_before, rolls_before = g.view(None), g.dice.state_digest(), g.rolls
    shot = jl.action_odds(g, seat, Fire(gun, "krak", aim=(enemy.hull.x, enemy.hull.y)), samples=300)
    assert shot.krak is not None and enemy.name in shot.krak.hulls and shot.whole is not None and not shot.whole.exact
    facing, _, given = shot.krak.hulls[enemy.name]
    assert blow_of(given, enemy.name) == brute_blow(8, armour(enemy.klan.value, facing.value))
    pistols = jl.action_odds(g, seat, Sluggas(enemy.name), samples=200) if kannon.slugga_targets(sea, me) else None
    assert pistols is None or pistols.whole is not None
    torpedoes = jl.action_odds(g, seat, Torpedoes(), samples=200)
    assert torpedoes.whole is not None and torpedoes.whole.method == "monte-carlo" and "scatter direction" in torpedoes.whole.note
    # working out odds leaves the game as it was: state, log, dice
    assert g.view(None) == before and g.dice.state_digest() == dice_before and g.rolls == rolls_before
    with pytest.raises(odds.OddsError, match="not legal"):
        jl.action_odds(g, seat, Fire("aft", "krak", aim=(enemy.hull.x, enemy.hull.y)))
    with pytest.raises(odds.OddsError, match="not waiting"):
        jl.action_odds(g, "nobody", Fire(gun, "krak", aim=(enemy.hull.x, enemy.hull.y)))
    # the same through the command line, from the save
    path = tmp_path / "game.save.json"
    path.write_text(json.dumps(g.save()))
    action = json.dumps({"kind": "fire", "gun": gun, "shell": "krak", "aim": [enemy.hull.x, enemy.hull.y]})
    result = CliRunner().invoke(app, ["odds", "--save", str(path), "--seat", seat, "--action", action, "--samples", "200", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    target = next(t for t in data["krak"]["targets"] if t["ship"] == enemy.name)
    assert target["given_landing"]["exact"] is True and target["given_landing"]["method"] == "exact"
    assert data["krak"]["landing"]["exact"] is False and data["whole"]["method"] == "monte-carlo"
    assert sum(Fraction(v["fraction"]) for v in target["given_landing"]["ships"][enemy.name]["hull_points_lost"].values()) == 1
    shown = CliRunner().invoke(app, ["odds", "--save", str(path), "--seat", seat, "--action", action, "--samples", "100"])
    assert shown.exit_code == 0 and "given that the krak lands on" in " ".join(shown.stdout.split())


def test_the_odds_of_a_boarding_action_in_a_game() -> None:
    """Side by side 3" apart, both sailing on under All Stop: the boarding phase offers grapnels."""
    g = Game("jimlad", support.duel(red={"x": 40.0, "y": 8.0, "heading": 90.0}, blue={"x": 47.0, "y": 8.0, "heading": 90.0}), seed=2)
    to_shooting(g)
    while not isinstance(g.prompt, BoardPrompt):
        assert isinstance(g.prompt, ShootPrompt), g.prompt
        g.submit(g.prompt.seats[0], EndShooting())
    prompt = g.prompt
    option = prompt.options[0]
    answer = jl.action_odds(g, prompt.seats[0], Board(option.boarder, option.target), samples=150)
    assert answer.boarding is not None and answer.ship == option.boarder
    first = answer.boarding.first_round
    assert first.method == "monte-carlo" and first.samples == 150
    missed = Fraction(option.need - 1, 6)
    ci = first.interval(first.tags()["grapnels missed"])
    assert ci is not None and ci[0] <= float(missed) <= ci[1]
    assert set(answer.to_json()["boarding"]) == {"first_round", "whole_fight"}
    with pytest.raises(odds.OddsError, match="passing has no odds"):
        jl.action_odds(g, prompt.seats[0], Board())


def test_the_command_line_gives_fractions_and_floats() -> None:
    run = CliRunner()
    result = run.invoke(
        app,
        ["odds", "--shooter-klan", "goffs", "--gun", "fore", "--shell", "krak", "--target-klan", "bad-moons", "--facing", "front", "--range", "20", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    given = data["targets"][0]["given_landing"]
    lost = given["ships"][jl.TARGET]["hull_points_lost"]
    # S9 against Bad Moons' front 13: 5+ glances or penetrates (1/3 + 1/6 ... ) then the save fails 5 in 6
    assert lost["1"] == {"fraction": "5/12", "p": round(5 / 12, 6)} and lost["0"]["fraction"] == "7/12"
    assert data["landing"]["exact"] is False and "numeric" in data["landing"]["method"]
    ram = json.loads(run.invoke(app, ["odds", "--ram-strength", "7", "--target-facing", "port", "--json"]).stdout)
    assert ram["method"] == "exact" and ram["results"]["evaded"]["fraction"] == "13/18"
    shown = run.invoke(app, ["odds", "--ram-strength", "7", "--target-facing", "port"])
    assert shown.exit_code == 0 and "13/18" in shown.stdout and "72.22%" in shown.stdout
    for args in (["--torpedo", "--facing", "rear"], ["--shell", "grapeshot", "--gun", "port"], ["--sluggas", "--shooter-krew", "2", "--target-krew", "2"]):
        r = run.invoke(app, ["odds", *args, "--json"])
        assert r.exit_code == 0, (args, r.output)
        assert json.loads(r.stdout)["method"] == "exact"
    board = run.invoke(app, ["odds", "--board", "--samples", "100", "--json"])
    assert board.exit_code == 0 and json.loads(board.stdout)["whole_fight"]["method"] == "monte-carlo"
    bad = run.invoke(app, ["odds", "--gun", "aft"])
    assert bad.exit_code == 2 and "fires no krak" in bad.output
    far = run.invoke(app, ["odds", "--gun", "port", "--range", "30"])
    assert far.exit_code == 2 and "range" in far.output


def test_the_krak_answer_the_web_table_shows_carries_the_exact_odds_given_a_landing() -> None:
    """What the table's "odds before you act" shows under ``krak`` (the route is tested in
    tests/server/test_api.py): the landing, numeric; the blow on each hull, exact."""
    g = Game("jimlad", support.duel(), seed=1)
    data = jl.krak_odds(g, "Red", "fore", (60.0, 36.0)).to_json()
    landing = data["landing"]
    assert landing["miss"] + sum(landing["models"].values()) + sum(t["land"] for t in data["targets"]) == pytest.approx(1.0, abs=1e-5)
    assert "numeric" in landing["method"] and landing["exact"] is False
    (blue,) = [t for t in data["targets"] if t["ship"] == "Blue"]
    given = blue["given_landing"]
    assert given["exact"] is True
    lost = {n: p["fraction"] for n, p in given["ships"]["Blue"]["hull_points_lost"].items()}
    assert lost == {"0": "4/9", "1": "5/9"}  # 3+ on S9 against 12, then 5 in 6 unsaved
    assert sum(Fraction(f) for f in lost.values()) == 1
    assert (blue["penetrating"]["fraction"], blue["glancing"]["fraction"]) == ("1/2", "1/6")  # 4+ penetrates, 3 glances
    assert blue["hull_point"] == pytest.approx(blue["land"] * 5 / 9, abs=1e-4)
    assert sum(Fraction(p["fraction"]) for p in given["ships"]["Blue"]["damage"].values()) == Fraction(3, 6) * Fraction(5, 6)


# --------------------------------------------------------------------------- the odds refuse what the game refuses


def game_refusal(sea: Sea, action: Any) -> str:
    """The reason the game itself gives for refusing ``action`` by the shooter."""
    from grapeshot.core.errors import IllegalAction
    from grapeshot.rulesets.jimlad.prompts import shoot_prompt

    with pytest.raises(IllegalAction) as err:
        shoot_prompt(sea, sea.ships[jl.SHOOTER]).check("red", action)
    return str(err.value)


@pytest.mark.rules("JL-KLAN-3", "JL-SHOOT-2")
def test_the_odds_refuse_krak_from_the_deff_skulls_fore_gun_with_the_games_reason() -> None:
    desc = jl.Description(shooter_klan="deff-skulls")
    _, sea, _ = jl.stage_krak(desc, "fore", "front", 20.0)
    target = sea.ships[jl.TARGET].hull
    reason = game_refusal(sea, Fire("fore", "krak", (target.x, target.y)))
    assert "fires grapeshot only (JL-KLAN-3)" in reason
    with pytest.raises(odds.OddsError) as err:
        jl.from_description(shooter_klan="deff-skulls", gun="fore")
    assert str(err.value) == f"that action is not legal now: {reason}"
    # krak_odds itself (the web table's preview) gives the same reason, whatever the moment
    with pytest.raises(odds.OddsError, match=r"fires grapeshot only \(JL-KLAN-3\)"):
        jl.krak_odds(jl.stage_game(), jl.SHOOTER, "fore", (target.x, target.y), sea=sea)
    shown = CliRunner().invoke(app, ["odds", "--shooter-klan", "deff-skulls", "--gun", "fore"])
    assert shown.exit_code == 2 and "JL-KLAN-3" in shown.output
    # its broadsides still fire krak, and its fore gun grapeshot
    assert isinstance(jl.from_description(shooter_klan="deff-skulls", gun="port"), jl.KrakOdds)
    assert jl.from_description(shooter_klan="deff-skulls", gun="fore", shell="grapeshot", gap=3.0).exact


@pytest.mark.parametrize(
    ("kw", "action", "words"),
    [
        ({"shooter_krew": 1}, Fire("fore", "krak", (0.0, 0.0)), "drifting hulk"),  # JL-KREW-5
        ({"gun": "fore", "shell": "grapeshot"}, Fire("fore", "grapeshot", None, jl.TARGET), "fires no grapeshot (JL-SHOOT-2)"),
        ({"gun": "port", "rng": 30.0}, Fire("port", "krak", (0.0, 0.0)), "range"),
        ({"sluggas": True, "gap": 7.0}, Sluggas(jl.TARGET), "not a slugga target"),
        ({"shell": "grapeshot", "gun": "port", "gap": 9.0}, Fire("port", "grapeshot", None, jl.TARGET), "not a grapeshot target"),
    ],
)
def test_the_odds_refuse_every_shot_the_game_refuses_with_its_reason(kw: dict[str, Any], action: Any, words: str) -> None:
    with pytest.raises(odds.OddsError) as err:
        jl.from_description(**kw)
    assert str(err.value).startswith("that action is not legal now: ") and words in str(err.value)


def test_the_odds_refuse_a_boarding_action_the_game_refuses() -> None:
    from grapeshot.rulesets.jimlad import boarding

    with pytest.raises(odds.OddsError, match=r"beyond the grapnels' 6\" \(JL-BOARD-1\)"):
        jl.from_description(board=True, gap=7.0)
    with pytest.raises(odds.OddsError, match=r"too few Orks aboard \(JL-KREW-5\)"):
        jl.from_description(board=True, shooter_krew=1)
    _, sea = jl.Description().stage()
    jl.alongside(sea, 7.0)
    sea.ships[jl.SHOOTER].sailed_turn = sea.turn
    assert "beyond the grapnels" in str(boarding.board_refused(sea, sea.ships[jl.SHOOTER], sea.ships[jl.TARGET]))


# --------------------------------------------------------------------------- the questions' parameters


@pytest.mark.rules("JL-RAM-3", "JL-RAM-5")
def test_the_ram_strengths_allowed_are_exactly_those_a_ram_can_have() -> None:
    """Every band, heading and wind for every klan: ``strength_of`` stays within RAM_STRENGTHS,
    and reaches both ends (so the command line refuses only what no ram can be)."""
    _, sea = jl.Description().stage()
    ship = sea.ships[jl.SHOOTER]
    seen = set()
    for klan in Klan:
        ship.klan = klan
        for moved, (course, other), wind in product((0.0, 20.0, 30.0), ((0.0, 180.0), (0.0, 0.0), (0.0, 90.0)), (0.0, 90.0, 180.0)):
            sea.wind = wind
            seen.add(collisions.strength_of(sea, ship, moved, course, other)[0])
    assert (min(seen), max(seen)) == jl.RAM_STRENGTHS


def test_the_command_line_refuses_what_no_question_allows_naming_the_allowed_range() -> None:
    run = CliRunner()
    for args, words in (
        (["--ram-strength", "0"], "--ram-strength must be a whole number from 4 to 10, not 0"),
        (["--ram-strength", "12", "--crash"], "--ram-strength must be a whole number from 4 to 10, not 12"),
        (["--target-krew", "1000"], "--target-krew must be a whole number from 0 to 7, not 1000"),
        (["--target-hull-points", "6"], "--target-hull-points must be a whole number from 1 to 5, not 6"),
        (["--range", "nan"], "--range must be a number from 0 to 100 (a finite number), not nan"),
        (["--range", "inf"], "(a finite number), not inf"),
        (["--gap", "-1", "--board"], "--gap must be a number from 0 to 48, not -1.0"),
        (["--target-klan", "gretchin"], "--target-klan must be one of freebooterz, snake-bites"),
        (["--hits", "2"], "the question 'kannon' takes no --hits: it belongs to torpedo (asked by --question torpedo or --torpedo)"),
        (["--torpedo", "--hits", "3"], "--hits must be a whole number from 1 to 2, not 3"),
        (["--torpedo", "--board"], "pick more than one question"),
        (["--question", "ram"], "the question 'ram' needs --ram-strength"),
        (["--facing", "port", "--target-facing", "rear"], "is given twice"),
    ):
        r = run.invoke(app, ["odds", *args])
        text = " ".join(r.output.split())
        assert r.exit_code == 2 and words in text, (args, text)
    # the Python call checks the same way: nothing is clamped
    with pytest.raises(odds.OddsError, match="target-krew must be a whole number from 0 to 7, not 1000"):
        jl.from_description(target_krew=1000)


def test_a_blow_that_has_landed_from_the_command_line() -> None:
    r = CliRunner().invoke(app, ["odds", "--strength", "9", "--facing", "rear", "--target-hull-points", "2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    lost = {int(n): Fraction(p["fraction"]) for n, p in data["ships"][jl.TARGET]["hull_points_lost"].items()}
    expected = brute_blow(9, 11, 2)
    assert lost == {n: sum((p for (h, _, _), p in expected.items() if h == n), Fraction(0)) for n in (0, 1)}
