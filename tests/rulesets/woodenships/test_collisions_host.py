"""Wooden Ships as the collisions module's host (``hosting.py``): the adapter against the
protocol, and the module's rules played on WS ships through real games with scripted dice."""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.geometry import Surface, bases_overlap, hull_distance
from grapeshot.rulesets.collisions.ports import IN_WATER, OVERBOARD, SHOOT_SWIMMER, CollisionsHost
from grapeshot.rulesets.collisions.prompts import Board, BoardPrompt, Grapple, GrapplePrompt, PlanPrompt, PlayPlan, Strike, StrikePrompt
from grapeshot.rulesets.collisions.state import state_of
from grapeshot.rulesets.woodenships import magic, victory
from grapeshot.rulesets.woodenships.actions import Next, Steer
from grapeshot.rulesets.woodenships.data import SHIP_TYPES
from grapeshot.rulesets.woodenships.hosting import HOST, SIZES, call, now, swimmers
from grapeshot.rulesets.woodenships.pieces import KEPT
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.prompts import NextPrompt, SteerPrompt
from tests.rulesets.woodenships.harness import boat, fig, game, kinds, put, scenario, ship, shore, until
from tests.support import ScriptedDice, drive

MEN = [{"kind": "man", "count": 3, "weapons": ["sword"]}]


def galley(name: str, x: float, y: float, heading: float, **fields: Any) -> dict[str, Any]:
    """A narrow war galley of two sections (8" x 4", 12 points) with sweeps and a ram."""
    return ship(name, x, y, heading, MEN, sweeps=True, ram=True, **fields)


def cg_game(red: list[dict[str, Any]], blue: list[dict[str, Any]], dice: list[int], **options: Any) -> Game:
    return game(scenario(red, blue, options=options), dice, modules=["collisions"])


def run(gen: Generator[Any, Any, Any]) -> Any:
    """Drive a step that asks nothing (scripted dice) to its end: its value."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return kinds(g, f"collisions.{kind}")


def test_the_adapter_satisfies_the_protocol_and_the_game_takes_the_module() -> None:
    assert isinstance(HOST, CollisionsHost)
    g = cg_game([galley("Red", 20, 20, 0)], [ship("Blue", 40, 20, 180, MEN)], [])
    assert "collisions" in g.modules and g.modules["collisions"].host is HOST
    assert set(SIZES) == set(SHIP_TYPES)  # every WS ship type has its size class
    assert [HOST.size_class(g, v) for v in HOST.vessels(g)] == ["middling"] * 2
    assert HOST.oared(g, "Red") and HOST.purpose_built_ram(g, "Red") and not HOST.oared(g, "Blue")
    assert HOST.allowance(g, "Red") == 4  # 12" of a narrow ship's move, 3" an MA


@pytest.mark.rules("CG-RAM-1", "CG-RAM-2", "CG-RAM-3", "CG-RAM-4")
def test_a_galley_rams_bow_first_with_chart_momentum_and_its_ram() -> None:
    """A narrow galley (middling) runs 4.5" of its 12" into a narrow ship lying across her
    course: 7.5" left is 2 MA of 3", x2 momentum; the chart's 1D6 and the ram's 3D6 on top; the
    galley's purpose-built ram spares her."""
    g = cg_game([galley("Red", 20, 20, 0)], [ship("Blue", 30.5, 20, 90, MEN)], [1] * 12)
    g.submit("red", Steer(0.0, 12.0))
    (ram,) = events(g, "ram")
    assert (ram["rammer"], ram["target"], ram["allowance_left"], ram["momentum"]) == ("Red", "Blue", 2, 4)
    assert ram["to_target"] == 1 + 4 + 3 and ram["to_rammer"] == 0
    assert boat(g, "Blue").lost == 8 and boat(g, "Red").lost == 0
    assert {(x.a, x.b) for x in state_of(g).grapples} in ({("Red", "Blue")}, {("Blue", "Red")})
    assert boat(g, "Red").spent == shore(g).serial  # the ram spent her momentum


@pytest.mark.rules("CG-RAM-1", "CG-RAM-3")
@pytest.mark.parametrize("inches", [3.0, 12.0])
def test_a_galley_already_touching_that_cannot_move_makes_no_contact_and_no_ram(inches: float) -> None:
    """CG-RAM-1 is bow contact *during* forward movement: a galley whose bow already lies against
    Blue's side, held at once (0", 0 degrees), came to touch nothing this move.  Before, she was
    charged a forward ram at full momentum (4 MA x2 from a standstill)."""
    g = cg_game([galley("Red", 24.4937, 20, 0)], [ship("Blue", 30.5, 20, 90, MEN)], [1] * 12)  # where her ram stopped her
    g.submit("red", Steer(0.0, inches))
    steer = kinds(g, "steer")[-1]
    assert (steer["turned"], steer["ahead"]) == (0.0, 0.0)
    assert steer["stopped_by"] == {"with": "Blue", "kind": "ship", "standing": True}
    assert not [e for e in g.events if e.kind in ("collisions.ram", "collisions.sideswipe", "collisions.grapple")]
    assert boat(g, "Blue").lost == 0 and boat(g, "Red").lost == 0


@pytest.mark.rules("CG-RAM-3")
def test_one_ma_is_option_ma_inches_of_the_ruler_move() -> None:
    g = cg_game([galley("Red", 20, 20, 0)], [ship("Blue", 30.5, 20, 90, MEN)], [1] * 12, ma_inches=1)
    g.submit("red", Steer(0.0, 12.0))
    (ram,) = events(g, "ram")
    assert ram["allowance_left"] == 7 and ram["momentum"] == 14


@pytest.mark.rules("CG-RAM-5", "CG-SWIM-1")
def test_a_rowboat_rammed_by_a_galley_goes_down_and_her_crew_sink_or_swim() -> None:
    rowboat = {
        "name": "Jolly",
        "type": "rowboat",
        "x": 28.0,
        "y": 20.0,
        "heading": 90.0,
        "crew": [{"name": "Cox", "kind": "captain"}, {"name": "Oar", "kind": "man"}],
    }
    g = cg_game([galley("Red", 20, 20, 0)], [rowboat], [1, 4] + [3] * 10)
    g.submit("red", Steer(0.0, 12.0))
    (ram,) = events(g, "ram")
    assert ram["sunk"] and not boat(g, "Jolly").afloat
    rolls = {e["figure"]: e["drowned"] for e in events(g, "sink-or-swim")}
    assert rolls == {"Cox": True, "Oar": False}
    assert not fig(g, "Cox").alive and fig(g, "Oar").kept and "Oar" in state_of(g).swimmers


@pytest.mark.rules("CG-SIDE-1", "CG-SIDE-2", "CG-SIDE-4")
def test_a_galley_that_sideswipes_while_turning_takes_2d6_and_loses_rowers_on_a_double() -> None:
    """Red turns hard to port into Blue lying alongside: a sideswipe; the galley's sweeps cost
    her 2D6 and, on a double 2, two rowers for the rest of the game (the first die is the
    roll-off of two middling ships, CG-SIDE-2: 2, the galley conforms)."""
    g = cg_game([galley("Red", 20, 20, 0)], [ship("Blue", 20, 25, 0, MEN)], [2, 2, 2] + [4] * 10)
    g.submit("red", Steer(90.0, 4.0))
    assert events(g, "sideswipe"), [e.kind for e in g.events if e.kind.startswith("collisions.")]
    (oars,) = events(g, "oars")
    assert oars["vessel"] == "Red" and oars["damage"] == 4
    assert len(shore(g).incapacitated) == 2 and all(fig(g, f).side == "red" and not fig(g, f).hero for f in shore(g).incapacitated)
    assert boat(g, "Red").lost == 4


@pytest.mark.rules("CG-SWIM-4")
def test_a_shot_at_a_swimmer_takes_the_seas_light_cover() -> None:
    """A rifle at short range needs a 4; at a swimmer the sea's cover makes it a 5, so a 4 misses."""
    crew = [{"name": "Shot", "kind": "man", "weapons": ["rifle"], "at": [0, 1.4]}]
    g = cg_game([ship("Red", 20, 20, 0, crew)], [ship("Blue", 20, 28, 0, [{"name": "Swim", "kind": "man", "at": [0, -1.4]}])], [4] * 20)
    s = shore(g)
    swimmer = fig(g, "Swim")
    now(g, OVERBOARD, "Swim")
    assert swimmer.kept and swimmer.spot is not None and swimmer.spot.ident == KEPT
    assert "Swim" in swimmers(g)  # the module keeps him, where WS has him
    result = run(call(g, SHOOT_SWIMMER, "Shot", "Swim", s.carried("Shot")[0].name))
    (shot,) = kinds(g, "shot")
    assert shot["need"] == shot["base"] + 1 and any(m["rule"] == "CG-SWIM-4" for m in shot["mods"])
    assert (result == "missed") == (not shot["hit"]) and swimmer.spot.surface is Surface.WATER


@pytest.mark.rules("WS-MAGIC-1", "CG-SWIM-1")
def test_the_shamans_repel_drives_the_modules_swimmer_off_and_the_module_keeps_him_there() -> None:
    """A swimmer the module keeps goes 4" straight away from the shaman (as WS's own would), and
    the module's next step does not put him back where he was."""
    g = cg_game(
        [ship("Red", 20, 20, 0, [{"name": "Shaman", "kind": "shaman", "at": [0, 1.4]}])],
        [ship("Blue", 20, 10, 0, [{"name": "Swim", "kind": "man", "at": [0, -1.4]}])],
        [4] * 20,
    )
    s = shore(g)
    now(g, OVERBOARD, "Swim")  # he goes in on the far side of Blue, open water beyond
    swimmer = fig(g, "Swim")
    assert swimmer.kept and swimmer.spot is not None
    before = (swimmer.spot.x, swimmer.spot.y)
    caster = fig(g, "Shaman")
    assert magic.refused(s, obstructions(s), caster, "repel", None) is None
    g.dice = ScriptedDice([4])
    drive(magic.cast(g, s, obstructions(s), caster, "repel", None))
    (pushed,) = [p for p in kinds(g, "repel")[-1]["pushed"] if p["figure"] == "Swim"]
    assert pushed["travelled"] == pytest.approx(4.0) and not pushed["stopped"]
    now(g, IN_WATER)  # a step of the module: the figures go where the module has them
    assert swimmer.kept and swimmer.spot is not None
    after = (swimmer.spot.x, swimmer.spot.y)
    assert math.dist(before, after) == pytest.approx(pushed["travelled"], abs=1e-3)
    assert math.isclose(after[0], pushed["to"][0], abs_tol=1e-3) and math.isclose(after[1], pushed["to"][1], abs_tol=1e-3)
    kept = state_of(g).swimmers["Swim"]
    assert (kept.x, kept.y) == pytest.approx(after)


@pytest.mark.rules("CG-SIDE-1", "CG-SIDE-3")
def test_a_small_ship_sideswiping_a_wide_one_is_placed_off_it_and_knocks_a_rowboat_on() -> None:
    """The Cutter (a small ship) swings into the Hulk (a wide ship: large) and conforms to her 2"
    off her port side, where the Gig (a rowboat) lay: the Gig is knocked on, 2" beyond."""
    cutter = {**ship("Cutter", 30, 29.5, 0, [], type="small")}
    cutter.pop("sections")
    gig = {"name": "Gig", "type": "rowboat", "x": 31.0, "y": 33.5, "heading": 0.0, "crew": [{"name": "Cox", "kind": "captain"}]}
    g = cg_game([cutter], [ship("Hulk", 30, 24, 0, [], type="wide"), gig], [1] * 10)
    g.submit("red", Steer(-90.0, 3.0))
    (side,) = events(g, "sideswipe")
    assert (side["motion"], side["larger"], side["conforming"], side["formation"], side["gap"]) == ("turning", "Hulk", "Cutter", "parallel", 2.0)
    assert boat(g, "Cutter").hull.pose == pytest.approx((30.0, 31.0, 0.0))
    (knock,) = events(g, "knock-on")
    assert (knock["struck_by"], knock["vessel"], knock["gap"]) == ("Cutter", "Gig", 2.0)
    assert boat(g, "Gig").hull.pose == pytest.approx((31.0, 36.25, 0.0))
    assert fig(g, "Cox").spot is not None and fig(g, "Cox").spot.ident == "Gig"  # the crew goes with her
    assert not g.ruleset.invariants(g) and not g.modules["collisions"].module.invariants(g)


def alongside(red_men: int, blue_men: int, dice: list[int]) -> Game:
    """Red's narrow ship 1.5" off Blue's port side, passing her the other way."""
    red = ship("Red", 20, 20, 0, [{"kind": "man", "count": red_men, "weapons": ["sword"]}])
    blue = ship("Blue", 26, 25.5, 180, [{"kind": "man", "count": blue_men, "weapons": ["sword"]}])
    return cg_game([red], [blue], dice)


@pytest.mark.rules("CG-GRAP-1", "CG-GRAP-2")
def test_closing_within_two_inches_two_spare_hands_grapple_and_a_2_stands_off_at_an_inch() -> None:
    g = alongside(4, 1, [2])
    g.submit("red", Steer(0.0, 3.0))
    assert isinstance(g.prompt, GrapplePrompt) and (g.prompt.vessel, g.prompt.spare) == ("Red", 5)  # the captain and four men
    g.submit("red", Grapple("Red", "Blue", 2))
    (grapple,) = events(g, "grapple")
    assert (grapple["roll"], grapple["bonus"], grapple["held"]) == (2, 0, False)
    (off,) = events(g, "stand-off")
    assert off["placed"] and hull_distance(boat(g, "Red").hull, boat(g, "Blue").hull) == pytest.approx(1.0, abs=1e-6)
    assert all(shore(g).engaged[f] == 1 for f in grapple["grapplers"])  # busy: they sit out the figures' turn
    assert isinstance(g.prompt, NextPrompt) and not set(grapple["grapplers"]) & set(g.prompt.ready)


@pytest.mark.rules("CG-GRAP-2", "CG-GRAP-3", "CG-BOARD-1", "CG-BOARD-2", "CG-BOARD-3", "CG-BOARD-4")
def test_a_grapple_that_holds_brings_the_ships_together_and_boards_at_once_to_a_prize() -> None:
    """Red used 1 MA of 4: she boards at once, leader first, and the round of WS hand to hand
    goes her way; Blue strikes her colours: a prize with her captain a prisoner."""
    g = alongside(4, 1, [3, 2] + [5] * 6 + [1] * 20)
    g.submit("red", Steer(0.0, 3.0))
    g.submit("red", Grapple("Red", "Blue", 2))
    assert events(g, "momentum-spent") == [{"vessels": ["Red", "Blue"]}]
    assert boat(g, "Red").spent == boat(g, "Blue").spent == shore(g).serial
    (together,) = events(g, "together")
    assert together["conforming"] == "Red" and hull_distance(boat(g, "Red").hull, boat(g, "Blue").hull) == pytest.approx(0.005, abs=1e-6)
    (init,) = events(g, "initiative")
    assert (init["used"], init["allowance"], init["at_once"]) == (1, 4, True)
    assert isinstance(g.prompt, BoardPrompt) and g.prompt.immediate
    g.submit("red", Board("Red", "Blue", 3))
    (board,) = events(g, "board")
    assert board["leader"] == "Red captain" and board["placed"][0] == "Red captain" and len(board["placed"]) == 3
    assert all(fig(g, f).spot is not None and fig(g, f).spot.ident == "Blue" for f in board["placed"] if fig(g, f).alive)
    (fight,) = kinds(g, "boarding-melee")
    assert fight["winner"] == "attackers" and fight["damage"]["attackers"] > fight["damage"]["defenders"]
    assert isinstance(g.prompt, StrikePrompt)
    g.submit("blue", Strike(True))
    (capture,) = events(g, "capture")
    assert capture["seat"] == "red" and capture["prize_captain"] == "Red captain" and capture["struck"]
    assert boat(g, "Blue").side == "red" and shore(g).prisoners == {"Blue captain": "red"}
    assert not victory.standing(shore(g), "blue")  # a prisoner keeps no side standing


@pytest.mark.rules("CG-BOARD-1", "CG-BOARD-4")
def test_a_grappler_that_used_half_its_ma_waits_for_the_boarding_step_where_blue_may_cut_loose() -> None:
    """Red sails her whole 12" before she grapples: she waits.  At the boarding step each seat
    decides in the turn's order (red waits); Blue's two men at the gunwale with swords hack at
    the lines by WS-BOARD-2: two hits cut her loose."""
    red = ship("Red", 8, 20, 0, [{"kind": "man", "count": 3, "weapons": ["sword"]}])
    blue = ship("Blue", 26, 25.5, 180, [{"kind": "man", "count": 2, "weapons": ["sword"], "at": [0, 1.2]}])
    g = cg_game([red], [blue], [3, 2] + [6] * 20)
    g.submit("red", Steer(0.0, 12.0))
    g.submit("red", Grapple("Red", "Blue", 2))
    (init,) = events(g, "initiative")
    assert not init["at_once"]
    prompt = until(g, "BoardPrompt")
    assert isinstance(prompt, BoardPrompt) and not prompt.immediate and prompt.may_cut and g.phase == "boarding"
    for _ in range(2):
        assert isinstance(g.prompt, BoardPrompt)
        seat = g.prompt.seats[0]
        if seat == "blue":
            g.submit("blue", Board("Blue", "Red", cut=True))
            break
        g.submit(seat, Board(g.prompt.vessel, g.prompt.target))
    cuts = kinds(g, "cut")
    assert [c["hit"] for c in cuts] == [True, True] and cuts[-1]["hits"] == 2
    assert state_of(g).grapples == []


@pytest.mark.rules("WS-FIG-3", "WS-BOARD-2")
def test_a_man_who_took_his_figures_turn_does_not_hack_at_the_grapple_at_the_boarding_step() -> None:
    """One action a figure a turn, whoever asks: Blue's first man takes his turn in Blue's
    figures' turn (he only stands); at the boarding step the lines are hacked by the others alone.
    Before, the boarding step counted every figure as fresh and he hacked too."""
    red = ship("Red", 8, 20, 0, [{"kind": "man", "count": 3, "weapons": ["sword"]}])
    blue = ship("Blue", 26, 25.5, 180, [{"kind": "man", "count": 2, "weapons": ["sword"], "at": [0, 1.2]}])
    g = cg_game([red], [blue], [3, 2] + [1] * 20)
    g.submit("red", Steer(0.0, 12.0))
    g.submit("red", Grapple("Red", "Blue", 2))
    g.submit("red", Next(None))
    g.submit("blue", Next("Blue man 1"))
    assert until(g, "NextPrompt") is g.prompt
    g.submit("blue", Next(None))
    while isinstance(g.prompt, BoardPrompt) and g.prompt.seats == ("red",):
        g.submit("red", Board("Red", "Blue"))
    assert isinstance(g.prompt, BoardPrompt) and g.prompt.may_cut
    g.submit("blue", Board("Blue", "Red", cut=True))
    hackers = [c["figure"] for c in kinds(g, "cut")]
    assert hackers and "Blue man 1" not in hackers
    assert set(hackers) <= {"Blue captain", "Blue man 2"}


@pytest.mark.rules("CG-BOARD-5")
@pytest.mark.parametrize("plan", [False, True])
def test_a_rowboat_alongside_an_enemy_swarms_aboard_with_the_mishap_table_unless_a_cunning_plan(plan: bool) -> None:
    """Red's rowboat (a captain and a man) spins, then rows into Blue's ship (four aboard):
    outnumbered, each boarder rolls: 2 into the water, 3-6 aboard.  With a Cunning Plan played
    (option cunning_plan) they board without mishap."""
    jolly = {
        "name": "Jolly",
        "type": "rowboat",
        "x": 22.0,
        "y": 20.0,
        "heading": 0.0,
        "crew": [{"name": "Cox", "kind": "captain"}, {"name": "Oar", "kind": "man"}],
    }
    blue = ship("Blue", 30, 20, 90, [{"kind": "man", "count": 3, "weapons": ["sword"]}])
    options = {"collisions.cunning_plan": "red"} if plan else {}
    g = cg_game([jolly], [blue], [2, 4] + [1] * 30, **options)
    g.submit("red", Steer())
    g.submit("red", Steer(0.0, 4.0))
    assert events(g, "alongside") == [{"vessel": "Jolly", "other": "Blue"}]
    assert isinstance(g.prompt, BoardPrompt) and g.prompt.immediate and g.prompt.most == 2
    g.submit("red", Board("Jolly", "Blue", 2))
    if plan:
        assert isinstance(g.prompt, PlanPrompt)
        g.submit("red", PlayPlan(True))
        (card,) = events(g, "cunning-plan")
        assert not card["thwarted"] and state_of(g).plans == {"red": 0}
        assert events(g, "mishap") == []
        (board,) = events(g, "board")
        assert board["placed"] == ["Cox", "Oar"]  # both aboard (the round of hand to hand then goes as it goes)
    else:
        (swarm,) = events(g, "swarm")
        assert swarm["outnumbered"] and swarm["mishaps"]
        assert {e["figure"]: e["result"] for e in events(g, "mishap")} == {"Cox": "in-the-water", "Oar": "aboard"}
        (board,) = events(g, "board")
        assert board["placed"] == ["Oar"]
        (wet,) = events(g, "in-water")
        assert wet["figure"] == "Cox"


@pytest.mark.rules("CG-SWIM-2", "CG-SWIM-3")
@pytest.mark.parametrize("flotsam", [False, True])
def test_a_swimmer_rolls_to_keep_afloat_from_his_third_turn_unless_he_clings_to_flotsam(flotsam: bool) -> None:
    """Option third_turn: on-third.  A man overboard in turn 1 first rolls at the start of turn 3
    (a 1 sinks him), but not while he clings to a piece of flotsam."""
    terrain = [{"kind": "flotsam", "name": "spar", "circle": {"center": [20, 31.5], "radius": 1.0}}] if flotsam else []
    red = ship("Red", 20, 20, 0, [{"name": "Wet", "kind": "man", "at": [0, 1.4]}])
    sc = scenario([red], [ship("Blue", 50, 10, 0)], terrain=terrain, options={"collisions.third_turn": "on-third", "collisions_sharks": "off"})
    g = game(sc, [1] * 60, modules=["collisions"])
    put(g, "Wet", Surface.WATER, "", 20.0, 30.0)
    now(g, OVERBOARD, "Wet")
    assert fig(g, "Wet").kept
    until_turn(g, 3)
    assert [e["turns"] for e in events(g, "afloat")] == ([] if flotsam else [3])
    assert fig(g, "Wet").alive == flotsam
    if flotsam:
        assert state_of(g).swimmers["Wet"].clinging == "spar"


@pytest.mark.rules("CG-SWIM-3")
def test_a_swimmer_touching_his_own_ship_is_taken_aboard_at_the_swimmers_step() -> None:
    red = ship("Red", 20, 20, 0, [{"name": "Wet", "kind": "man"}])
    g = cg_game([red], [ship("Blue", 50, 10, 0)], [6] * 40)
    put(g, "Wet", Surface.WATER, "", 20.0, 22.55)
    now(g, OVERBOARD, "Wet")
    until_turn(g, 2)
    assert len(events(g, "aboard")) == 1, [(e.kind, dict(e.data)) for e in g.events if e.kind.startswith("collisions")]
    (aboard,) = events(g, "aboard")
    assert aboard["vessel"] == "Red" and not aboard["prisoner"]
    assert fig(g, "Wet").spot is not None and fig(g, "Wet").spot.surface is Surface.DECK and fig(g, "Wet").spot.ident == "Red"


def until_turn(g: Game, turn: int) -> None:
    """Play on, every ship holding still and every answer the first, to the start of ``turn``'s sides' turns."""
    for _ in range(400):
        if g.turn >= turn and g.phase not in ("initiative", "swimmers", "setup"):
            return
        seat = g.waiting_for()[0]
        assert g.prompt is not None
        g.submit(seat, Steer() if isinstance(g.prompt, SteerPrompt) else g.prompt.legal(seat).first())
    raise AssertionError(f"turn {turn} never came")


@pytest.mark.rules("CG-RAM-1", "CG-BOARD-1", "CG-BOARD-4")
def test_the_heuristic_rams_boards_and_takes_prizes_in_the_galley_fight() -> None:
    """Three seeded galley fights, heuristic against heuristic: each ends, and between them the
    galleys ram, board and take prizes (the heuristic never stalls on a module prompt)."""
    counts: dict[str, int] = {}
    for seed in range(3):
        sc = load_scenario("galley-fight", "woodenships")
        g = Game("woodenships", sc, seed=seed)
        play_out(g, {s.id: make("heuristic", seed * 7 + k, "woodenships") for k, s in enumerate(sc.seats)})
        assert g.outcome is not None
        for e in g.events:
            counts[e.kind] = counts.get(e.kind, 0) + 1
    assert counts.get("collisions.ram", 0) >= 3 and counts.get("collisions.board", 0) >= 3 and counts.get("collisions.capture", 0) >= 1


@pytest.mark.rules("WS-MAGIC-1")
def test_a_repelled_swimmer_of_the_module_stops_short_of_a_swimmer_in_wss_own_water() -> None:
    """The module's swimmers and WS's own share the water: one driven off by the spell stops
    against the other instead of ending on top of him."""
    red = [{"name": "Shaman", "kind": "shaman", "at": [0, 1.4]}, {"name": "Other", "kind": "man", "at": [1.5, 0]}]
    g = cg_game([ship("Red", 20, 20, 0, red)], [ship("Blue", 20, 10, 0, [{"name": "Swim", "kind": "man", "at": [0, -1.4]}])], [4] * 20)
    s = shore(g)
    now(g, OVERBOARD, "Swim")  # the module's, at (20, 7.5)
    other = put(g, "Other", Surface.WATER, "", 20.0, 3.6)  # a friend of the shaman's in WS's own water, where a 4" push would end
    assert fig(g, "Swim").kept and not other.kept
    g.dice = ScriptedDice([4])
    drive(magic.cast(g, s, obstructions(s), fig(g, "Shaman"), "repel", None))
    (pushed,) = [p for p in kinds(g, "repel")[-1]["pushed"] if p["figure"] == "Swim"]
    assert pushed["stopped"] and pushed["travelled"] < 4.0 - 0.5
    now(g, IN_WATER)
    assert not bases_overlap(s.base(fig(g, "Swim")), s.base(other), 1e-6)
    assert not kinds(g, "repel-bump")  # stopped by a man, not dashed against something immovable


@pytest.mark.rules("CG-GRAP-3")
def test_ships_hauled_together_are_sent_to_the_table_as_the_rules_lay_them_hull_to_hull_not_overlapping() -> None:
    """The hull the table draws is the one the view sends (the browser tests check the drawn
    outline against it): after a real haul-in the two sent hulls lie 0.005" apart, parallel."""
    from grapeshot.geometry import Hull, hulls_overlap
    from grapeshot.server.views import build

    g = alongside(4, 1, [3, 2] + [5] * 6 + [1] * 20)
    g.submit("red", Steer(0.0, 3.0))
    g.submit("red", Grapple("Red", "Blue", 2))
    assert events(g, "together")
    for seat in (None, "red", "blue"):
        view, faults = build(g, seat)
        assert faults == []
        sent = {s["name"]: Hull(s["x"], s["y"], s["heading"], s["length"], s["width"]) for s in view["state"]["ships"]}
        assert not hulls_overlap(sent["Red"], sent["Blue"])
        assert hull_distance(sent["Red"], sent["Blue"]) == pytest.approx(0.005, abs=1e-3)
        assert abs((sent["Red"].heading - sent["Blue"].heading) % 180.0) == pytest.approx(0.0, abs=1e-6) or abs(
            (sent["Red"].heading - sent["Blue"].heading) % 180.0
        ) == pytest.approx(180.0, abs=1e-6)
