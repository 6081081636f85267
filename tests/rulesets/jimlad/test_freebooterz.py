"""JL-KLAN-1 (and the JL-KLAN-8 ruling): the Freebooterz' single re-roll of one die a turn."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.actions import Reroll
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.geometry import Facing, Vec
from grapeshot.rulesets.jimlad import damage, kannon, movement
from grapeshot.rulesets.jimlad.actions import Distance, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.data import Card
from grapeshot.rulesets.jimlad.prompts import DistancePrompt
from grapeshot.rulesets.jimlad.state import Ship
from tests import support


def kinds(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def fleets(red_klan: str = "freebooterz", blue_klan: str = "goffs", **options: Any) -> Game:
    """Red has two ships of its klan, blue one."""
    sc = support.scenario(
        [
            {"seat": "red", "name": "R1", "klan": red_klan, "x": 20.0, "y": 12.0, "heading": 0.0},
            {"seat": "red", "name": "R2", "x": 20.0, "y": 36.0, "heading": 0.0},
            {"seat": "blue", "name": "B", "klan": blue_klan, "x": 20.0, "y": 60.0, "heading": 0.0},
        ],
        options=options,
    )
    return support.game(sc)


def roll_card(g: Game, name: str, answers: list[Any], card: Card = Card.FULL_AHEAD) -> tuple[movement.Allowance, list[Prompt]]:
    """Roll a ship's allowance, answering re-roll offers; the offers seen are returned."""
    seen: list[Prompt] = []

    def wrap(a: Any) -> Any:
        def answer(p: Prompt) -> Any:
            seen.append(p)
            return a

        return answer

    sea = support.sea(g)
    result = support.drive(movement.roll_allowance(g, sea, sea.ships[name], card, "none"), [wrap(a) for a in answers])
    assert isinstance(result, movement.Allowance)
    return result, seen


def script(g: Game, *items: Any) -> None:
    g.dice = type(g.dice)(list(items))


@pytest.mark.rules("JL-KLAN-1")
def test_a_freebooter_is_offered_a_re_roll_of_one_die_after_its_own_roll() -> None:
    g = fleets()
    script(g, 2, 3, 6)
    a, seen = roll_card(g, "R1", [Reroll(0)])
    (p,) = seen
    assert isinstance(p, RerollPrompt) and p.seats == ("red",)
    assert p.roll is not None and p.roll.faces == (2, 3)
    assert p.request is not None and p.request.actor == "R1" and p.request.rule == "JL-MOVE-1"
    # only the first die was rolled again: 6 + 3
    assert a.high == 24 + 9
    (ev,) = kinds(g, "reroll")
    assert (ev.rule, ev.data["seat"], ev.data["die"], ev.data["faces"], ev.data["total"]) == ("JL-MOVE-1", "red", 0, [6, 3], 9)
    assert support.ship(g, "R1").reroll_turn == support.sea(g).turn


@pytest.mark.rules("JL-KLAN-1")
def test_the_re_rolled_die_stands_even_if_worse() -> None:
    g = fleets()
    script(g, 5, 6, 1)
    a, _ = roll_card(g, "R1", [Reroll(1)])
    assert a.high == 24 + 5 + 1
    assert kinds(g, "reroll")[0].data["faces"] == [5, 1]


@pytest.mark.rules("JL-KLAN-1")
def test_declining_keeps_the_roll_and_the_re_roll() -> None:
    g = fleets()
    script(g, 2, 2, 4, 4, 1)
    a, seen = roll_card(g, "R1", [Reroll(None)])
    assert a.high == 28.0 and len(seen) == 1 and kinds(g, "reroll") == []
    a, seen = roll_card(g, "R1", [Reroll(1)])
    assert a.high == 24 + 4 + 1 and len(seen) == 1


@pytest.mark.rules("JL-KLAN-1", "JL-KLAN-8")
def test_once_per_turn_per_ship_by_default() -> None:
    g = fleets()
    sea = support.sea(g)
    script(g, 1, 1, 6, 1, 1, 2, 2, 1, 1, 6)
    a, seen = roll_card(g, "R1", [Reroll(0)])
    assert a.high == 24 + 7
    # the same ship's next roll this turn: no offer
    a, seen = roll_card(g, "R1", [])
    assert a.high == 26.0 and seen == []
    # her sister ship still has her own re-roll
    a, seen = roll_card(g, "R2", [Reroll(None)])
    assert len(seen) == 1
    # next turn R1 may re-roll again
    sea.turn += 1
    a, seen = roll_card(g, "R1", [Reroll(1)])
    assert len(seen) == 1 and a.high == 24 + 7


@pytest.mark.rules("JL-KLAN-1", "JL-KLAN-8")
def test_option_player_allows_one_re_roll_per_seat_a_turn() -> None:
    g = fleets(freebooterz_reroll="player")
    sea = support.sea(g)
    script(g, 1, 1, 6, 3, 3, 1, 1, 6)
    roll_card(g, "R1", [Reroll(0)])
    assert sea.reroll_used == {"red": sea.turn}
    a, seen = roll_card(g, "R2", [])
    assert seen == [] and a.high == 30.0
    sea.turn += 1
    a, seen = roll_card(g, "R2", [Reroll(0)])
    assert len(seen) == 1 and a.high == 24 + 7


@pytest.mark.rules("JL-KLAN-1")
@pytest.mark.parametrize("klan", ["goffs", "snake-bites", "deff-skulls", "evil-sunz", "bad-moons", "blood-axes"])
def test_no_offer_for_other_klans(klan: str) -> None:
    g = fleets(red_klan=klan)
    support.sea(g).wind = 90.0  # abeam for the snake bites: no sail dice
    extra = [1] if klan in ("goffs", "evil-sunz", "bad-moons") else []
    script(g, 3, 3, *extra)
    _, seen = roll_card(g, "R1", [])
    assert seen == []


@pytest.mark.rules("JL-KLAN-1")
def test_no_offer_for_an_enemy_ships_roll() -> None:
    g = fleets()
    script(g, 3, 3, 1)
    _, seen = roll_card(g, "B", [])
    assert seen == []


@pytest.mark.rules("JL-KLAN-1", "JL-DMG-2")
def test_no_offer_for_the_damage_table_or_a_hulks_drift() -> None:
    g = fleets()
    sea = support.sea(g)
    r1 = support.ship(g, "R1")
    script(g, 3)
    support.drive(damage.damage_table(g, sea, r1, "blue"))
    assert r1.in_force("shaken", sea.turn + 1)
    del r1.krew[1:]
    script(g, 90.0, 2)
    support.drive(movement.hulk_drift(g, sea, r1))
    assert r1.hull.y == pytest.approx(14.0)
    assert kinds(g, "reroll") == []


@pytest.mark.rules("JL-KLAN-1")
def test_own_save_is_offered_but_the_enemys_penetration_roll_is_not() -> None:
    g = fleets()
    sea = support.sea(g)
    r1 = support.ship(g, "R1")
    seen: list[Prompt] = []

    def reroll_save(p: Prompt) -> Reroll:
        seen.append(p)
        return Reroll(0)

    script(g, 6, 1, 6)  # blue's S9 + 6 against red's front 12; red's save 1, re-rolled to 6
    verdict = support.drive(damage.strike(g, sea, r1, 9, Facing.FRONT, by_seat="blue", by_actor="B", cause="test", rule="JL-SHOOT-8"), [reroll_save])
    assert verdict == "saved" and r1.hull_points == 5
    (p,) = seen
    assert isinstance(p, RerollPrompt) and p.request is not None and p.request.rule == "JL-SHIP-3"


@pytest.mark.rules("JL-KLAN-1", "JL-SHOOT-3")
def test_a_freebooter_may_re_roll_its_own_krak_scatter() -> None:
    g = fleets()
    sea = support.sea(g)
    r1: Ship = support.ship(g, "R1")
    aim = Vec(45.0, 12.0)
    script(g, 90.0, "hit")
    support.drive(kannon.krak(g, sea, r1, "fore", aim), [Reroll(0)])
    (k,) = kinds(g, "krak")
    assert k.data["scatter"]["hit"] is True and k.data["landing"] == [45.0, 12.0]


@pytest.mark.rules("JL-KLAN-1", "JL-TURN-3")
def test_re_roll_offer_in_a_played_game() -> None:
    sc = support.duel(red={"klan": "freebooterz"}, blue={"klan": "deff-skulls", "x": 90.0, "y": 60.0})
    g = support.game(sc, script=[1, 1, 5, 1, 1, 1, 0.0])
    g.submit("red", Orders((ManoeuvreOrder("Red", 1),)))
    g.submit("blue", Orders((ManoeuvreOrder("Blue", 4),)))
    p = g.prompt
    assert isinstance(p, RerollPrompt) and p.seats == ("red",)
    g.submit("red", Reroll(1))
    p = g.prompt
    assert isinstance(p, DistancePrompt) and p.high == 24 + 1 + 5
    g.submit("red", Distance(30.0))
    assert support.ship(g, "Red").hull.x == pytest.approx(30.0 + 30.0 + 18.0)
    assert g.turn == 2 and [e.data["faces"] for e in kinds(g, "reroll")] == [[1, 5]]
