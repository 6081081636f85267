"""Animals (WS-ANIMAL-1..5, 7): monkeys at -1 with hand weapons, carnivorous monkeys let out of
their cages, parrots and falcons that hold a figure, sea dragons with their claws, teeth and
breath, sharks and crocodiles; the wild creatures' own turn by the rules or the referee's seat."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction, ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships import acts, animals, figures, melee, shooting, victory
from grapeshot.rulesets.woodenships.actions import Act, Move
from grapeshot.rulesets.woodenships.data import WILD
from grapeshot.rulesets.woodenships.flow import wild_turn
from grapeshot.rulesets.woodenships.pieces import Weapon
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.prompts import ActPrompt
from tests.rulesets.woodenships.harness import ISLE, boat, fig, game, kinds, put, ship, shore, until
from tests.support import accepts, drive

ISLAND = {**ISLE}


def sea(
    red_ashore: list[dict[str, Any]] | None = None,
    blue_ashore: list[dict[str, Any]] | None = None,
    wild: list[dict[str, Any]] | None = None,
    red_water: list[dict[str, Any]] | None = None,
    referee: bool = False,
    **options: Any,
) -> Scenario:
    """The big island with red's ship at (15, 3.5) and blue's at (45, 3.5) in the strip of water
    below it, the figures given ashore, wild creatures, and a referee seat if asked."""
    red: dict[str, Any] = {"seat": "red", "ships": [ship("Red", 15, 3.5, 0)], "ashore": [{"land": "Isle", **r} for r in red_ashore or []]}
    blue: dict[str, Any] = {"seat": "blue", "ships": [ship("Blue", 45, 3.5, 0)], "ashore": [{"land": "Isle", **b} for b in blue_ashore or []]}
    if wild:
        red["wild"] = wild
    if red_water:
        red["water"] = red_water
    seats = [{"id": "red"}, {"id": "blue"}] + ([{"id": "referee"}] if referee else [])
    data = {
        "name": "test",
        "ruleset": "woodenships",
        "table": {"width": 60, "height": 40},
        "terrain": [ISLAND],
        "seats": seats,
        "fleets": [red, blue],
        "options": {"initiative": "fixed", "equal_figures": False, "cost_margin": 1000, **options},
    }
    return parse_scenario(data, "test scenario")


def do(g: Game, who: str, act: Act, faces: list[int]) -> None:
    s = shore(g)
    ask = ActPrompt((fig(g, who).side,), "WS-FIG-3", "act", (Act,), s, who)
    assert act in ask.options() and accepts(ask, fig(g, who).side, act), acts.refused(s, fig(g, who), act, obstructions(s))
    g.dice = ScriptedDice(faces)
    drive(acts.resolve(g, s, fig(g, who), act, obstructions(s)))


def can_move(g: Game, who: str, to: tuple[float, float], surface: str = "land", of: str = "Isle") -> bool:
    s = shore(g)
    try:
        figures.check(s, fig(g, who), Move(to, surface, of), figures.Spaces(s, fig(g, who)))  # type: ignore[arg-type]
    except IllegalAction:
        return False
    return True


@pytest.mark.rules("WS-ANIMAL-1")
def test_a_monkey_fights_with_hand_weapons_at_minus_one() -> None:
    g = game(sea([{"name": "Jacko", "kind": "monkey", "at": [10, 20], "weapons": ["sword"]}], [{"name": "Tar", "kind": "man", "at": [11.05, 20]}]))
    assert fig(g, "Jacko").max_life == 1 and not fig(g, "Jacko").hero
    do(g, "Jacko", Act("strike", "sword 1", "Tar"), [5])
    blow = kinds(g, "strike")[-1]
    assert blow["need"] == 6 and not blow["hit"] and {"rule": "WS-ANIMAL-1", "what": "a monkey", "value": -1} in blow["mods"]
    do(g, "Jacko", Act("strike", "sword 1", "Tar"), [6])
    assert not fig(g, "Tar").alive


@pytest.mark.rules("WS-ANIMAL-1")
def test_a_monkey_shoots_nothing_carries_no_gun_and_is_no_crew() -> None:
    with pytest.raises(ScenarioError, match="hand-to-hand weapons only"):
        game(sea([{"name": "Jacko", "kind": "monkey", "weapons": ["pistol"]}]))
    red = [{"name": "Jacko", "kind": "monkey", "at": [10, 20]}, {"name": "Mate", "kind": "man", "at": [12, 20]}]
    g = game(sea(red, [{"name": "Tar", "kind": "man", "at": [20, 20]}], equal_figures=True))  # the monkey is no crew
    s = shore(g)
    s.weapons["pistol 9"] = Weapon("pistol 9", "pistol", None, fig(g, "Jacko").spot, loaded=True)
    assert not figures.can_carry(fig(g, "Jacko"), "pistol") and figures.can_carry(fig(g, "Jacko"), "axe")
    assert figures.pickups(s, fig(g, "Jacko"), figures.stay_plan(s, fig(g, "Jacko"))) == ()
    # equal figures counts people only; a side with only its monkey left is not standing
    for who in ("Red captain", "Mate"):
        fig(g, who).life, fig(g, who).spot = 0, None
    assert not victory.standing(s, "red")


@pytest.mark.rules("WS-ANIMAL-2")
def test_a_caged_beast_waits_until_let_out_then_goes_wild_for_the_nearest_person() -> None:
    red = [{"name": "Keeper", "kind": "man", "at": [10, 20]}, {"name": "Beast", "kind": "carnivorous-monkey", "caged": True, "at": [11.5, 20]}]
    g = game(sea(red, [{"name": "Tar", "kind": "man", "at": [19, 20]}]))
    s = shore(g)
    assert fig(g, "Beast").caged and fig(g, "Beast").side == "red"
    assert animals.release_refused(s, fig(g, "Tar"), "Beast") is not None
    do(g, "Keeper", Act("release", None, "Beast"), [])
    assert fig(g, "Beast").side == WILD and not fig(g, "Beast").caged and kinds(g, "release")
    # its own turn, by the rules: it makes for Keeper (nearest, 0.5" away) and bites twice at 6
    g.dice = ScriptedDice([5, 6])
    s.order = ("red", "blue")
    drive(wild_turn(g, s, 1))
    bites = kinds(g, "bite")
    assert [b["need"] for b in bites] == [6, 6] and [b["hit"] for b in bites] == [False, True]
    assert bites[0]["target"] == "Keeper" and not fig(g, "Keeper").alive
    assert kinds(g, "killed")[-1]["scored"] == 0  # a wild beast's kill scores for no side


@pytest.mark.rules("WS-ANIMAL-2", "WS-ANIMAL-7")
def test_a_wild_creature_out_of_reach_closes_as_far_as_it_goes() -> None:
    g = game(sea([{"name": "Beast", "kind": "carnivorous-monkey", "caged": True, "at": [10, 20]}], [{"name": "Tar", "kind": "man", "at": [26, 20]}]))
    s = shore(g)
    fig(g, "Beast").caged, fig(g, "Beast").side = False, WILD
    s.order = ("red", "blue")
    g.dice = ScriptedDice([])
    drive(wild_turn(g, s, 1))
    p = s.world(fig(g, "Beast").spot)  # type: ignore[arg-type]
    assert 17.5 <= p.x <= 18.0 + 1e-6 and kinds(g, "wild")[-1]["prey"] == "Tar" and not kinds(g, "bite")


@pytest.mark.rules("WS-ANIMAL-3")
def test_a_parrot_flies_16_and_holds_the_figure_it_attacks() -> None:
    g = game(sea([{"name": "Polly", "kind": "parrot", "at": [10, 20]}], [{"name": "Tar", "kind": "man", "at": [25.0, 20], "weapons": ["rifle"]}]))
    s = shore(g)
    assert can_move(g, "Polly", (24.05, 20.0)) and not can_move(g, "Polly", (27.5, 30.0))
    assert can_move(g, "Polly", (10.0, 5.0), "water", "")  # over the water, not swimming
    put(g, "Polly", Surface.LAND, "Isle", 24.05, 20.0)
    do(g, "Polly", Act("harry", None, "Tar"), [])
    assert kinds(g, "harry")[-1]["held"] and fig(g, "Tar").harried_by == "Polly"
    assert not can_move(g, "Tar", (26.0, 20.0))
    s.weapons["rifle 1"].loaded = False
    assert "held by Polly" in (shooting.reload_refused(s, fig(g, "Tar"), "rifle 1") or "")
    assert "cannot strike" in (acts.refused(s, fig(g, "Polly"), Act("strike", None, "Tar"), obstructions(s)) or "")  # a parrot cannot kill
    put(g, "Polly", Surface.LAND, "Isle", 15.0, 20.0)  # it leaves: the man is free
    assert melee.harried_by(s, fig(g, "Tar")) is None and can_move(g, "Tar", (26.0, 20.0))


@pytest.mark.rules("WS-ANIMAL-4")
def test_a_falcon_kills_a_parrot_on_4_to_6_and_holds_a_man_like_one() -> None:
    g = game(sea([{"name": "Hawk", "kind": "falcon", "at": [10, 20]}], [{"name": "Polly", "kind": "parrot", "at": [10.85, 20]}]))
    do(g, "Hawk", Act("harry", None, "Polly"), [3])
    assert not kinds(g, "harry")[-1]["killed"] and fig(g, "Polly").alive
    do(g, "Hawk", Act("harry", None, "Polly"), [4])
    assert kinds(g, "harry")[-1]["killed"] and not fig(g, "Polly").alive


@pytest.mark.rules("WS-ANIMAL-5")
def test_a_sea_dragon_claws_and_bites_a_ship_and_breathes_fire_at_4() -> None:
    g = game(sea(red_water=[{"name": "Smaug", "kind": "sea-dragon", "ridden": True, "at": [30, 4]}]))
    s = shore(g)
    assert fig(g, "Smaug").side == "red" and fig(g, "Smaug").max_life == 6
    put(g, "Smaug", Surface.WATER, "", 49.0 + 1.5 + 0.05, 3.5)  # against Blue's bow
    do(g, "Smaug", Act("bite", None, "Blue"), [5, 4, 4])  # claw hits, claw misses, teeth hit
    assert [b["attack"] for b in kinds(g, "bite")] == ["claw", "claw", "teeth"] and boat(g, "Blue").lost == 2
    put(g, "Blue captain", Surface.DECK, "Blue", 46.55, 3.5)
    assert animals.attack_refused(s, fig(g, "Smaug"), "breath", "Blue captain") is None  # 2" away across the rail
    put(g, "Blue captain", Surface.DECK, "Blue", 43.0, 3.5)
    assert "the breath reaches 4" in (animals.attack_refused(s, fig(g, "Smaug"), "breath", "Blue captain") or "")
    put(g, "Blue captain", Surface.DECK, "Blue", 46.55, 3.5)
    do(g, "Smaug", Act("breath", None, "Blue captain"), [6])
    assert kinds(g, "bite")[-1]["attack"] == "breath" and kinds(g, "bite")[-1]["need"] == 6 and fig(g, "Blue captain").life == 2
    assert not can_move(g, "Smaug", (30.0, 20.0))  # the water only


@pytest.mark.rules("WS-ANIMAL-5", "WS-ANIMAL-7")
def test_an_unridden_dragon_is_wild_and_a_ridden_one_its_sides() -> None:
    with pytest.raises(ScenarioError, match="ridden sea dragon"):
        game(sea(red_water=[{"name": "Smaug", "kind": "sea-dragon", "at": [30, 6]}]))
    g = game(sea(wild=[{"name": "Smaug", "kind": "sea-dragon", "at": [30, 6]}]))
    assert fig(g, "Smaug").wild and fig(g, "Smaug").seat is None


@pytest.mark.rules("WS-ANIMAL-7")
def test_a_shark_takes_a_swimmer_on_a_1_and_never_a_man_ashore() -> None:
    g = game(sea([{"name": "Tar", "kind": "man", "at": [10, 20]}], wild=[{"name": "Jaws", "kind": "shark", "at": [30, 5]}]))
    s = shore(g)
    assert not can_move(g, "Jaws", (10.0, 15.0))  # it keeps to the water
    assert not animals.is_prey(s, fig(g, "Jaws"), fig(g, "Tar"))
    put(g, "Tar", Surface.WATER, "", 30.0, 6.3)
    do(g, "Jaws", Act("bite", None, "Tar"), [2])
    assert fig(g, "Tar").alive and kinds(g, "bite")[-1]["need"] == 1
    do(g, "Jaws", Act("bite", None, "Tar"), [1])
    assert not fig(g, "Tar").alive and kinds(g, "killed")[-1]["cause"] == "taken by Jaws"


@pytest.mark.rules("WS-ANIMAL-7")
def test_a_crocodile_goes_10_in_the_water_and_6_ashore() -> None:
    g = game(sea(wild=[{"name": "Snap", "kind": "crocodile", "land": "Isle", "at": [30, 20]}]))
    assert can_move(g, "Snap", (35.9, 20.0)) and not can_move(g, "Snap", (36.5, 20.0))
    put(g, "Snap", Surface.WATER, "", 25.0, 6.0)
    assert can_move(g, "Snap", (34.9, 6.0), "water", "") and not can_move(g, "Snap", (35.5, 6.0), "water", "")


@pytest.mark.rules("WS-ANIMAL-7")
def test_the_referee_seat_moves_the_wild_creatures_and_is_no_side() -> None:
    sc = sea([{"name": "Tar", "kind": "man", "at": [10, 20]}], wild=[{"name": "Jaws", "kind": "shark", "at": [30, 5]}], referee=True, wild_animals="referee")
    g = game(sc)
    s = shore(g)
    assert s.seats == ("red", "blue") and tuple(g.ruleset.seats_of(s)) == ("red", "blue", "referee")
    p = until(g, "MovePrompt")
    while fig(g, p.figure).side != WILD:  # type: ignore[attr-defined]
        g.submit(g.waiting_for()[0], p.legal(g.waiting_for()[0]).first())
        p = until(g, "MovePrompt")
    assert p.seats == ("referee",)
    with pytest.raises(ScenarioError, match="referee"):
        game(sea(wild=[{"name": "Jaws", "kind": "shark", "at": [30, 5]}], wild_animals="referee"))
