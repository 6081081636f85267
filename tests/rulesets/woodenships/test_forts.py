"""Forts and gates: hit points from the fort cost table, damage by guns, gates of 3 hit points
with their excess, scaling walls and climbing levels by the fort's band, the own side's gates
and stairs, no blows across a wall, and the collapse that crushes those on it; the fort assault
scenario played on seeded dice."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface, Vec
from grapeshot.rulesets.woodenships import forts, guns, melee
from grapeshot.rulesets.woodenships.figures import Spaces, plan, resolve
from grapeshot.rulesets.woodenships.pieces import Fort, Gate
from grapeshot.rulesets.woodenships.places import obstructions, surfaces_at
from tests.rulesets.woodenships.harness import ISLE, fig, game, kinds, put, ship, shore
from tests.support import drive

#: a fort 12" x 10" at (30, 24) facing east on the big island: its walls' top spans x 24-36,
#: y 19-29; a gate in the south (right) wall at (30, 19); a tower at the back; a cannon on the
#: front wall
FORT: dict[str, Any] = {
    "name": "Keep",
    "land": "Isle",
    "x": 30,
    "y": 24,
    "length": 12,
    "width": 10,
    "levels": [{"name": "the tower", "at": [-3.5, 0]}],
    "gates": [{"side": "right"}],
    "guns": [{"kind": "cannon", "at": [5.5, 3], "facing": 0}],
    "garrison": [
        {"name": "Commander", "kind": "commander", "place": "the tower"},
        {"name": "Sentry", "kind": "man", "at": [30, 20]},
    ],
}


def fort_game(fort: dict[str, Any] | None = None, blue_ashore: list[dict[str, Any]] | None = None, **options: Any) -> Game:
    return game(fort_scenario(fort, blue_ashore, **options))


def fort_scenario(fort: dict[str, Any] | None = None, blue_ashore: list[dict[str, Any]] | None = None, **options: Any) -> Scenario:
    """Red's fort (:data:`FORT`) and ship; blue's ship in the water south of the fort, a cannon
    at its port rail pointing north through the gate, and blue figures ashore."""
    blue = ship("Blue", 30, 3.5, 0, [{"name": "Gunner", "kind": "man", "at": [1.0, 0.8]}], guns=[{"kind": "cannon", "place": "port"}], masts=[])
    data = {
        "name": "test",
        "ruleset": "woodenships",
        "table": {"width": 60, "height": 40},
        "terrain": [ISLE],
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [
            {"seat": "red", "ships": [ship("Red", 12, 3.5, 0)], "forts": [fort or FORT]},
            {"seat": "blue", "ships": [blue], "ashore": [{"land": "Isle", **a} for a in blue_ashore or []]},
        ],
        "options": {"initiative": "fixed", "equal_figures": False, "cost_margin": 1000, **options},
    }
    return parse_scenario(data, "fort test")


def keep(g: Game) -> Fort:
    return shore(g).forts["Keep"]


def gate(g: Game) -> Gate:
    return keep(g).gates[0]


def climb(g: Game, who: str, surface: Surface, ident: str, to: tuple[float, float], faces: list[int]) -> dict[str, Any]:
    """Move a figure onto a fort's place with the given dice; the move event."""
    s = shore(g)
    f = fig(g, who)
    made = plan(s, f, surface, ident, Vec(*to), Spaces(s, f))
    assert not isinstance(made, str), made
    g.dice = ScriptedDice(faces)
    drive(resolve(g, s, f, made, ()))
    return kinds(g, "move")[-1]


@pytest.mark.rules("WS-FORT-1")
def test_a_fort_has_the_hit_points_of_its_cost_by_the_fort_cost_table() -> None:
    g = fort_game()
    k = keep(g)
    # 44" of wall round it: 8 runs of 6" at 3; the tower 6; the gate 3; the cannon 3
    assert k.costs == {"walls": 24, "levels": 6, "gates": 3, "guns": 3}
    assert k.points == k.cost == 36 and k.band == "full"
    assert [(x.life, x.max_life) for x in k.gates] == [(3, 3)]
    assert shore(g).describe()["forts"][0]["points"] == 36
    smaller = fort_game({**FORT, "length": 6, "width": 6, "levels": [], "guns": [], "gates": [], "garrison": [{"kind": "commander", "at": [30, 24]}]})
    assert keep(smaller).costs == {"walls": 12, "levels": 0, "gates": 0, "guns": 0} and keep(smaller).points == 12


@pytest.mark.rules("WS-FORT-1", "WS-FIG-2")
def test_a_fort_off_its_ground_or_without_one_commander_is_refused() -> None:
    with pytest.raises(ScenarioError, match="a fort wholly on Isle"):
        fort_game({**FORT, "y": 36})
    with pytest.raises(ScenarioError, match=r"exactly one commander for each fort \(WS-FIG-2\)"):
        fort_game({**FORT, "garrison": [{"name": "Sentry", "kind": "man", "at": [30, 20]}]})
    with pytest.raises(ScenarioError, match="a commander in a fort's garrison"):
        fort_game(blue_ashore=[{"kind": "commander", "at": [40, 12]}])


@pytest.mark.rules("WS-FORT-1")
def test_a_cannon_damages_a_fort_as_it_would_a_ship() -> None:
    g = fort_game()
    s = shore(g)
    guns.muster_crews(g, s, "blue")
    gun = s.guns["Blue cannon 1"]
    laid = guns.lay(s, obstructions(s), fig(g, "Gunner"), gun.name, "Keep")
    assert not isinstance(laid, str), laid
    assert laid.mods == () and laid.base == 3  # 13" or so: the 18" band, no -1 against a fort
    g.dice = ScriptedDice([3, 5])
    drive(guns.fire(g, s, fig(g, "Gunner"), laid))
    assert keep(g).lost == 5 and keep(g).band == "full"
    assert kinds(g, "fort-damage")[-1] == {**kinds(g, "fort-damage")[-1], "points": 5, "left": 31, "fort": "Keep"}


@pytest.mark.rules("WS-FORT-1", "WS-GUN-6")
def test_a_gate_is_shot_at_minus_one_and_its_damage_adds_up() -> None:
    g = fort_game()
    s = shore(g)
    guns.muster_crews(g, s, "blue")
    laid = guns.lay(s, obstructions(s), fig(g, "Gunner"), "Blue cannon 1", gate(g).name)
    assert not isinstance(laid, str), laid
    assert [m.what for m in laid.mods] == ["a cannon against a gate"] and laid.base - sum(m.value for m in laid.mods) == 4
    g.dice = ScriptedDice([4, 2])
    drive(guns.fire(g, s, fig(g, "Gunner"), laid))
    assert gate(g).life == 1 and not gate(g).broken and keep(g).lost == 0
    # the next blow of 4 breaks it: the 3 it had not left go on to the fort (gate_excess: spill)
    drive(forts.hit_gate(g, s, gate(g), 4, "blue", "a test"))
    assert gate(g).broken and keep(g).lost == 3
    assert kinds(g, "gate-hit")[-1]["spill"] == 3


@pytest.mark.rules("WS-FORT-1")
def test_a_gate_s_excess_may_be_read_as_for_a_cannon() -> None:
    g = fort_game(gate_excess="cannon")
    s = shore(g)
    drive(forts.hit_gate(g, s, gate(g), 4, "blue", "a test"))
    assert gate(g).broken and keep(g).lost == 0  # a 4 takes nothing off the fort
    g2 = fort_game(gate_excess="cannon")
    drive(forts.hit_gate(g2, shore(g2), gate(g2), 5, "blue", "a test"))
    assert gate(g2).broken and keep(g2).lost == 1


@pytest.mark.rules("WS-FORT-2")
def test_scaling_the_walls_needs_a_six_then_four_then_three_as_the_fort_is_damaged() -> None:
    g = fort_game(blue_ashore=[{"name": "Jack", "at": [38, 30.5]}, {"name": "Hero", "kind": "hero", "at": [40, 30.5]}])
    put(g, "Jack", Surface.LAND, "Isle", 35, 29.6)  # at the foot of the north wall
    put(g, "Hero", Surface.LAND, "Isle", 33, 29.6)
    failed = climb(g, "Jack", Surface.WALL_TOP, "Keep", (35, 28), [5])
    assert failed["crossing"] == "scale" and not failed["across"] and fig(g, "Jack").spot.surface is Surface.LAND  # type: ignore[union-attr]
    assert kinds(g, "scale")[-1]["need"] == 6
    up = climb(g, "Hero", Surface.WALL_TOP, "Keep", (33, 28), [5])  # a hero's +1: 5 will do
    assert up["across"] and fig(g, "Hero").spot.surface is Surface.WALL_TOP  # type: ignore[union-attr]
    assert kinds(g, "scale")[-1]["need"] == 5 and kinds(g, "scale")[-1]["mods"][0]["rule"] == "WS-FIG-2"
    k = keep(g)
    k.lost = 12  # a third gone
    assert forts.scale_need(k) == 4
    k.lost = 24  # two thirds
    assert forts.scale_need(k) == 3
    fig(g, "Jack").moved = -1
    assert climb(g, "Jack", Surface.WALL_TOP, "Keep", (35, 28), [3])["across"]


@pytest.mark.rules("WS-FORT-2")
def test_levels_are_climbed_one_at_a_time_and_coming_down_is_free() -> None:
    g = fort_game(blue_ashore=[{"name": "Jack", "at": [38, 30.5]}])
    put(g, "Jack", Surface.WALL_TOP, "Keep", 29, 24)
    s = shore(g)
    jack = fig(g, "Jack")
    assert plan(s, jack, Surface.WALL_TOP, "Keep", Vec(26, 24), Spaces(s, jack)) is not None
    up = climb(g, "Jack", Surface.FORT_LEVEL, "the tower", (27, 23), [6])
    assert up["crossing"] == "climb" and kinds(g, "scale")[-1]["what"] == "climb to the tower"
    down = climb(g, "Jack", Surface.WALL_TOP, "Keep", (29, 24), [])
    assert down["crossing"] == "down" and not kinds(g, "scale")[1:]
    put(g, "Jack", Surface.LAND, "Isle", 35, 29.6)
    why = plan(s, jack, Surface.FORT_LEVEL, "the tower", Vec(27, 23), Spaces(s, jack))
    assert why == "a fort's raised levels are reached from the top of its walls"


@pytest.mark.rules("WS-FORT-2")
def test_the_fort_s_own_side_uses_its_gate_and_stairs_and_anyone_a_broken_gate() -> None:
    g = fort_game(blue_ashore=[{"name": "Jack", "at": [31, 17.5]}])
    s = shore(g)
    # the sentry goes out by the gate and back in, and up the tower, with no roll
    put(g, "Sentry", Surface.LAND, "Isle", 28, 17.5)
    back = climb(g, "Sentry", Surface.WALL_TOP, "Keep", (30, 21), [])
    assert back["crossing"] == "gate" and not kinds(g, "scale")
    assert climb(g, "Sentry", Surface.FORT_LEVEL, "the tower", (27.5, 23), [])["crossing"] == "up"
    # the enemy at the standing gate must scale; once it is broken he walks in
    jack = fig(g, "Jack")
    made = plan(s, jack, Surface.WALL_TOP, "Keep", Vec(31, 20.5), Spaces(s, jack))
    assert not isinstance(made, str) and made.crossing == "scale"
    gate(g).life = 0
    assert climb(g, "Jack", Surface.WALL_TOP, "Keep", (31, 20.5), [])["crossing"] == "gate"
    # with fort_climbing: everyone, the garrison rolls too
    g2 = fort_game(fort_climbing="everyone")
    put(g2, "Sentry", Surface.WALL_TOP, "Keep", 29.5, 24)
    assert climb(g2, "Sentry", Surface.FORT_LEVEL, "the tower", (28, 24), [6])["crossing"] == "climb"


@pytest.mark.rules("WS-FORT-2")
def test_no_blows_are_struck_across_a_wall() -> None:
    g = fort_game(blue_ashore=[{"name": "Jack", "at": [31, 18.4]}])
    put(g, "Sentry", Surface.WALL_TOP, "Keep", 31, 19.5)
    s = shore(g)
    assert melee.foes_in_contact(s, fig(g, "Jack")) == []
    put(g, "Jack", Surface.WALL_TOP, "Keep", 32.05, 19.5)
    assert melee.foes_in_contact(s, fig(g, "Jack")) == [fig(g, "Sentry")]


@pytest.mark.rules("WS-FORT-3")
def test_a_fort_with_no_points_collapses_crushing_heroes_on_a_one_and_men_on_one_or_two() -> None:
    fort = {
        **FORT,
        "garrison": [
            {"name": "Commander", "kind": "commander", "place": "the tower"},
            {"name": "Sentry", "kind": "man", "at": [30, 20]},
            {"name": "Lucky", "kind": "man", "at": [32, 20]},
            {"name": "Stout", "kind": "hero", "at": [34, 22]},
        ],
    }
    g = fort_game(fort)
    s = shore(g)
    drive(forts.damage_fort(g, s, keep(g), 30, "blue", "a test", "WS-GUN-3"))
    assert not keep(g).collapsed
    g.dice = ScriptedDice([2, 2, 3, 1])  # the commander (hero) 2: unhurt; Sentry 2: crushed; Lucky 3; Stout (hero) 1: crushed
    drive(forts.damage_fort(g, s, keep(g), 10, "blue", "a test", "WS-GUN-3"))
    k = keep(g)
    assert k.collapsed and k.lost == k.points and k.band == "collapsed"
    rolls = {d["figure"]: (d["roll"], d["on"], d["crushed"]) for d in kinds(g, "crushed")}
    assert rolls == {"Commander": (2, 1, False), "Sentry": (2, 2, True), "Lucky": (3, 2, False), "Stout": (1, 1, True)}
    assert not fig(g, "Sentry").alive and not fig(g, "Stout").alive
    assert fig(g, "Commander").spot.surface is Surface.LAND and fig(g, "Lucky").spot.surface is Surface.LAND  # type: ignore[union-attr]
    assert not s.guns["Keep cannon 1"].working and kinds(g, "fort-collapse")[0]["scored"] == 36
    assert s.scored["blue"] == 36 + 1 + 3
    assert g.ruleset.invariants(g) == []
    # its footprint is open ground now
    assert s.forts["Keep"] not in list(s.standing())
    assert surfaces_at(s, Vec(30, 24)) == [(Surface.LAND, "Isle")]


def _assault(seed: int, players: tuple[str, str]) -> Game:
    sc = load_scenario("fort-assault", "woodenships")
    g = Game("woodenships", sc, seed=seed)
    agents = {s.id: make(players[k], seed * 3 + k, "woodenships") for k, s in enumerate(sc.seats)}

    def check(game: Game) -> None:
        problems = game.ruleset.invariants(game)
        assert not problems, problems

    play_out(g, agents, check)
    return g


@pytest.mark.rules("WS-FORT-1", "WS-FORT-2", "WS-FORT-3")
def test_the_fort_assault_plays_to_a_result_with_the_fort_battered_scaled_and_brought_down() -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        g = _assault(seed, ("random", "heuristic"))
        assert g.outcome is not None
        seen.update(e.kind for e in g.events)
    assert seen["fort-damage"] > 0 and seen["scale"] > 0 and seen["fort-collapse"] > 0 and seen["crushed"] > 0
    a = _assault(5, ("heuristic", "heuristic"))
    b = _assault(5, ("heuristic", "heuristic"))
    assert [e.line() for e in a.events] == [e.line() for e in b.events]
