"""Sink or swim (CG-SWIM-1..4) through a real harbour game with scripted dice: a ship run down by
a galley's ram, its crew in the water, swimming, keeping afloat, flotsam, rescue, boarding from
the water, surrender, shooting at swimmers, irons and armour."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.geometry import bases_overlap, distance, hull_gap, polygon_gap
from grapeshot.rulesets.collisions.prompts import Board, BoardPrompt, Grapple, GrapplePrompt, Swim, SwimKind, SwimOrder, SwimPrompt
from grapeshot.rulesets.collisions.swimming import shootable
from tests.rulesets.collisions.harbour import Fire, FirePrompt, Helm, HelmPrompt
from tests.rulesets.collisions.support import cg, craft, events, game, hand, helm, say, scenario

#: a galley with a ram and muskets, a small ship 4.5" ahead across its course, a friend far off
RAM = {"seat": "red", "name": "Ram", "size": "large", "x": 20, "y": 24, "heading": 0, "ram": True, "crew": 4, "muskets": 2, "cannons": 1}
PREY = {"seat": "blue", "name": "Prey", "size": "small", "x": 31.75, "y": 24, "heading": 90, "crew": 4}
HAVEN = {"seat": "blue", "name": "Haven", "size": "middling", "x": 60, "y": 40, "heading": 0, "crew": 3}
#: the ram's dice: 2D6 from the chart and the ram's 3D6, 14 with the momentum: the Prey sinks
RUN_DOWN = [1, 1, 1, 1, 1]


def sunk(sink_or_swim: list[int], *, prey: dict[str, Any] | None = None, haven: dict[str, Any] | None = None, dice: list[int] | None = None, **kw: Any) -> Game:
    """The Ram sinks the Prey; then the Haven's helm (it stays): at red's shooting."""
    g = game(scenario([RAM, {**PREY, **(prey or {})}, {**HAVEN, **(haven or {})}], **kw), [*RUN_DOWN, *sink_or_swim, *(dice or [])])
    helm(g, "Ram", 0.0, 8.0)
    helm(g, "Haven")
    return g


def play_to_swimming(g: Game, turn: int) -> SwimPrompt:
    """Answer every other decision (helms: stay; fire: hold; grapples, boardings: no) until the
    swimmers of the given turn are asked."""
    while not (isinstance(g.prompt, SwimPrompt) and g.turn == turn):
        p = g.prompt
        assert p is not None and g.turn <= turn, "the game ended or went past the turn"
        if isinstance(p, HelmPrompt):
            say(g, Helm(p.vessel))
        elif isinstance(p, FirePrompt):
            say(g, Fire())
        elif isinstance(p, GrapplePrompt):
            say(g, Grapple(p.vessel, p.target, 0))
        elif isinstance(p, BoardPrompt):
            say(g, Board(p.vessel, p.target))
        elif isinstance(p, SwimPrompt):
            say(g, Swim(tuple(SwimOrder(f, "stay") for f, _ in p.swimmers)))
        else:
            raise AssertionError(f"unexpected {p.describe()}")
    assert isinstance(g.prompt, SwimPrompt)
    return g.prompt


def orders(prompt: SwimPrompt, **given: tuple[SwimKind, str]) -> Swim:
    """Every swimmer treads water but those given (figure with '/' as '_': (order, toward))."""
    wanted = {k.replace("_", "/"): v for k, v in given.items()}
    return Swim(tuple(SwimOrder(f, *wanted.get(f, ("stay", ""))) for f, _ in prompt.swimmers))


@pytest.mark.rules("CG-SWIM-1", "CG-SWIM-3")
def test_the_crew_of_a_sunk_ship_sink_or_swim_round_its_wreckage() -> None:
    g = sunk([1, 3, 4, 5])
    assert [(e["figure"], e["drowned"]) for e in events(g, "sink-or-swim")] == [("Prey/1", True), ("Prey/2", False), ("Prey/3", False), ("Prey/4", False)]
    assert hand(g, "Prey/1").life == 0 and sorted(cg(g).swimmers) == ["Prey/2", "Prey/3", "Prey/4"]
    assert "Prey" not in g.state.crafts and [f.ident for f in cg(g).flotsam] == ["wreck of Prey"]
    wreck = cg(g).flotsam[0].shape
    bases = [s.base for s in cg(g).swimmers.values()]
    assert not any(bases_overlap(a, b) for i, a in enumerate(bases) for b in bases[i + 1 :])
    assert all(polygon_gap(b, wreck) >= -1e-6 and hull_gap(b, craft(g, "Ram").hull) >= -1e-6 for b in bases)
    assert all(s.clinging == "wreck of Prey" and s.entered == 1 for s in cg(g).swimmers.values())  # the wreckage keeps them afloat


@pytest.mark.rules("CG-SWIM-1")
def test_a_swimmer_swims_two_inches_a_turn() -> None:
    g = sunk([1, 3, 4, 5])
    prompt = play_to_swimming(g, 2)
    assert prompt.seats == ("blue",) and [f for f, _ in prompt.swimmers] == ["Prey/2", "Prey/3", "Prey/4"]
    before = cg(g).swimmers["Prey/2"].base.centre
    say(g, orders(prompt, Prey_2=("swim", "Haven")))
    (swim,) = events(g, "swim")
    assert swim["toward"] == "Haven" and not swim["reached"]
    assert distance(before, cg(g).swimmers["Prey/2"].base.centre) == pytest.approx(2.0, abs=1e-6)
    assert cg(g).swimmers["Prey/2"].clinging is None


@pytest.mark.rules("CG-SWIM-2", "CG-SWIM-3")
@pytest.mark.parametrize(("third_turn", "first_roll"), [("after-third", 4), ("on-third", 3)])
def test_after_three_turns_in_the_water_a_swimmer_must_roll_to_keep_afloat(third_turn: str, first_roll: int) -> None:
    """Prey/2 swims away from the wreckage in turn 2; it went in in turn 1, so it rolls from turn
    4 (or 3 with ``on-third``).  Prey/3 and Prey/4 cling to the wreck and never roll."""
    g = sunk([1, 3, 4, 5], options={"collisions.third_turn": third_turn}, dice=[2, 2])
    say(g, Fire())
    say(g, orders(play_to_swimming(g, 2), Prey_2=("swim", "Haven")))
    play_to_swimming(g, first_roll)
    (afloat,) = events(g, "afloat")
    assert (afloat["figure"], afloat["turns"], afloat["roll"], afloat["need"], afloat["sank"]) == ("Prey/2", first_roll, 2, 2, False)
    assert [e.turn for e in g.events if e.kind == "collisions.afloat"] == [first_roll]


@pytest.mark.rules("CG-SWIM-2")
@pytest.mark.parametrize(("wounded", "sank"), [(False, False), (True, True)])
def test_a_wounded_swimmer_sinks_on_a_one_or_two(wounded: bool, sank: bool) -> None:
    g = game(scenario([RAM, PREY, HAVEN], options={"collisions.third_turn": "on-third"}), [*RUN_DOWN, 3, 3, 3, 3, 2])
    if wounded:
        hand(g, "Prey/1").life = 1  # the officer, hurt before she went down
    helm(g, "Ram", 0.0, 8.0)
    helm(g, "Haven")
    say(g, Fire())
    say(g, orders(play_to_swimming(g, 2), Prey_1=("swim", "Haven")))
    play_to_swimming(g, 3)  # the others are still in the water to be asked
    (afloat,) = events(g, "afloat")
    assert (afloat["figure"], afloat["wounded"], afloat["need"], afloat["sank"]) == ("Prey/1", wounded, 3 if wounded else 2, sank)
    assert (hand(g, "Prey/1").life == 0) == sank and ("Prey/1" in cg(g).swimmers) != sank


@pytest.mark.rules("CG-SWIM-3")
def test_swimmers_reaching_a_friendly_vessel_are_taken_aboard() -> None:
    g = sunk([1, 3, 4, 5], haven={"x": 35.5, "y": 30.0, "heading": 90.0})
    say(g, Fire())
    say(g, orders(play_to_swimming(g, 2), Prey_4=("swim", "Haven")))
    (aboard,) = events(g, "aboard")
    assert (aboard["figure"], aboard["vessel"], aboard["prisoner"]) == ("Prey/4", "Haven", False)
    assert hand(g, "Prey/4").vessel == "Haven" and hand(g, "Prey/4").station == "deck" and "Prey/4" not in cg(g).swimmers


@pytest.mark.rules("CG-SWIM-3")
def test_a_friendly_vessel_coming_alongside_picks_swimmers_up() -> None:
    """The Haven sails up to the wreck: the swimmers it lies against are hauled aboard at the end
    of its move (the others stay clinging to the wreckage)."""
    g = game(scenario([RAM, PREY, {**HAVEN, "x": 40.0, "y": 22.0, "heading": 180.0}]), [*RUN_DOWN, 1, 3, 4, 5])
    helm(g, "Ram", 0.0, 8.0)
    helm(g, "Haven", 0.0, 4.0)
    taken = [e["figure"] for e in events(g, "aboard")]
    assert taken and all(hand(g, f).vessel == "Haven" for f in taken) and not set(taken) & set(cg(g).swimmers)


@pytest.mark.rules("CG-SWIM-3", "CG-BOARD-5")
def test_a_swimmer_reaching_an_enemy_boards_with_the_mishap_table_or_surrenders() -> None:
    """Prey/2 swims for the Ram (one man against four: a mishap roll, 4: aboard, then a round of
    mêlée); Prey/3 swims to it and surrenders: a prisoner below decks."""
    g = sunk([1, 3, 4, 5], dice=[4, 1, 1, 1, 1, 1])
    say(g, Fire())
    say(g, orders(play_to_swimming(g, 2), Prey_2=("swim", "Ram"), Prey_3=("surrender", "Ram")))
    (m,) = events(g, "mishap")
    assert (m["figure"], m["result"]) == ("Prey/2", "aboard") and hand(g, "Prey/2").vessel == "Ram"
    (sw,) = events(g, "swarm")
    assert sw["outnumbered"] and sw["party"] == ["Prey/2"] and events(g, "melee")
    surrendered = [e for e in events(g, "aboard") if e["prisoner"]]
    assert [e["figure"] for e in surrendered] == ["Prey/3"]
    assert hand(g, "Prey/3").station == "below" and hand(g, "Prey/3").prisoner_of == "red" and cg(g).prisoners["Prey/3"].vessel == "Ram"


@pytest.mark.rules("CG-SWIM-3")
def test_scenario_flotsam_keeps_a_swimmer_afloat() -> None:
    barrel = {"kind": "flotsam", "name": "barrels", "circle": {"center": [32.0, 20.0], "radius": 0.75}}
    g = sunk([1, 3, 4, 5], terrain=[barrel], options={"collisions.wreckage": False})
    assert [f.ident for f in cg(g).flotsam] == ["barrels"] and all(s.clinging is None for s in cg(g).swimmers.values())
    say(g, Fire())
    prompt = play_to_swimming(g, 2)
    assert SwimOrder("Prey/3", "swim", "barrels") in dict(prompt.swimmers)["Prey/3"]
    say(g, orders(prompt, Prey_3=("swim", "barrels")))
    assert cg(g).swimmers["Prey/3"].clinging == "barrels"


@pytest.mark.rules("CG-SWIM-4", "HB-SHOOT-1")
@pytest.mark.parametrize(("die", "result"), [(4, "missed"), (5, "killed")])
def test_only_small_arms_may_fire_at_swimmers_and_the_sea_is_light_cover(die: int, result: str) -> None:
    g = sunk([1, 3, 4, 5], dice=[die])
    assert isinstance(g.prompt, FirePrompt)
    shots = [c.value for c in g.prompt.legal("red").parts[0].options if c.value != Fire()]
    assert shots and {s.weapon for s in shots} == {"musket"}
    assert shootable(g, "Prey/2", "cannon") == "only small arms may fire at a swimmer (CG-SWIM-4), not a cannon"
    with pytest.raises(IllegalAction, match="not a shot you may take"):
        say(g, Fire("Ram/3", "Prey/2", "cannon"))
    say(g, Fire("Ram/1", "Prey/2", "musket"))
    (shot,) = events(g, "swimmer-shot")
    assert (shot["cover"], shot["result"], shot["weapon"]) == ("light", result, "musket")
    roll = [e for e in g.events if e.kind == "roll"][-1]
    assert roll.data["faces"] == [die] and roll.rule == "HB-SHOOT-1"
    assert ("Prey/2" in cg(g).swimmers) == (result == "missed")


@pytest.mark.rules("CG-SWIM-4")
@pytest.mark.parametrize("heavy", ["sink", "struggle"])
def test_a_figure_in_armour_cannot_swim(heavy: str) -> None:
    """Prey/4 wears armour: by default he goes straight down; struggling, he may not swim and
    rolls to keep afloat from his first turn, sinking on 1-2."""
    options = {"collisions.heavy_swimmers": heavy, "collisions.wreckage": False}
    g = sunk([3, 3, 3] + ([3] if heavy == "struggle" else []), prey={"armoured": 1}, options=options, dice=[2])
    if heavy == "sink":
        assert events(g, "heavy") == [{"figure": "Prey/4", "heavy": "armour"}] and hand(g, "Prey/4").life == 0
        assert [e["figure"] for e in events(g, "sink-or-swim")] == ["Prey/1", "Prey/2", "Prey/3"]
        return
    assert cg(g).swimmers["Prey/4"].heavy == "armour"
    say(g, Fire())
    prompt = play_to_swimming(g, 2)
    assert "Prey/4" not in dict(prompt.swimmers)  # he cannot swim
    (afloat,) = events(g, "afloat")
    assert (afloat["figure"], afloat["turns"], afloat["need"], afloat["sank"]) == ("Prey/4", 2, 3, True)


@pytest.mark.rules("CG-SWIM-1", "CG-SWIM-4", "HB-SHOOT-1")
@pytest.mark.parametrize("armoured", [0, 3])
def test_a_man_knocked_overboard_swims_without_a_sink_or_swim_roll(armoured: int) -> None:
    """The harbour's cannon rolls a 6 against the Haven: its first man on deck goes into the water
    (``collisions.overboard``): no sink-or-swim roll, but in armour he goes straight down.  Beside
    his own ship, he is hauled back aboard at the next swimmers' step (CG-SWIM-3)."""
    g = game(scenario([RAM, {**HAVEN, "x": 40.0, "y": 24.0, "armoured": armoured}]), [6])
    helm(g, "Ram")
    helm(g, "Haven")
    say(g, Fire("Ram/3", "Haven", "cannon"))
    assert events(g, "sink-or-swim") == []
    if armoured:
        assert events(g, "heavy") == [{"figure": "Haven/1", "heavy": "armour"}] and hand(g, "Haven/1").life == 0
    else:
        (wet,) = events(g, "in-water")
        assert wet["figure"] == "Haven/1" and wet["clinging"] == "Haven"
        assert [e.rule for e in g.events if e.kind == "collisions.in-water"] == ["CG-SWIM-1"]
        (back,) = [e for e in g.events if e.kind == "collisions.aboard"]
        assert back.turn == 2 and back.data["vessel"] == "Haven" and hand(g, "Haven/1").vessel == "Haven"
    assert craft(g, "Haven").strength == 20 - 6
