"""Jim Lad's prompts list their legal answers (``prompt.legal``) from the rules' own checks.

Over seeded games of every built-in scenario (and variants: D3 grapeshot, the Blood Axes' manned
torpedoes, companion play with typed dice and placed models), at every prompt: every answer
the finite choices build and many random draws pass ``prompt.check``; and of the discrete
answers a seat could try (every card, side and card position for a ship, every ship as a
boarding, slugga or D3 grapeshot target, every repair, every place, every purchase), the
check accepts exactly those offered.  Aim points are continuous: the grid's aims all pass, and
a gun that could hit something at all (any of a ring of aims around it passes) offers some aim.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents import Agent, make
from grapeshot.core.actions import Action, Reroll
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.core.scenario import Scenario, load_scenario
from grapeshot.geometry import Vec
from grapeshot.rulesets.jimlad import harbour
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Sluggas, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import GUNS, KLANS, Card
from grapeshot.rulesets.jimlad.harbour import ITEMS, REPAIR_ITEMS, Land, LandPrompt, LeavePrompt, StayOrLeave, Trade, TradePrompt
from grapeshot.rulesets.jimlad.kannon import mount
from grapeshot.rulesets.jimlad.placing import Place, PlacePrompt
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, TakeoverPrompt, shoot_prompt
from grapeshot.rulesets.jimlad.state import Sea
from tests import support
from tests.rulesets.jimlad.test_harbour import at_dock, dock_red
from tests.support import accepts

SAMPLES = 12  # random draws checked at each prompt
LIMIT = 3000  # finite answers checked at each prompt (a brawl seat's orders can list hundreds)


def offered(prompt: Prompt, seat: str) -> list[Action]:
    return list(prompt.legal(seat).actions(limit=LIMIT))


def audit(g: Game, prompt: Prompt, seat: str, rng: random.Random) -> None:
    """Everything offered passes; draws pass; the words are there; the check refuses nothing it offers not."""
    choices = prompt.legal(seat)
    assert not choices.empty, f"{prompt.kind} offers {seat} nothing"
    assert all(c.label.strip() for p in choices.parts for c in p.options)
    listed = offered(prompt, seat)
    for action in listed:
        assert accepts(prompt, seat, action), f"{prompt.kind} offers {action}, which its check refuses"
    for _ in range(SAMPLES):
        drawn = choices.sample(rng)
        assert accepts(prompt, seat, drawn), f"{prompt.kind} drew {drawn}, which its check refuses"
    for action, is_offered in universe(support.sea(g), prompt, seat, listed):
        assert accepts(prompt, seat, action) == is_offered, f"{prompt.kind}: {action} is {'offered' if is_offered else 'not offered'}"


def universe(sea: Sea, prompt: Prompt, seat: str, listed: list[Action]) -> Iterator[tuple[Action, bool]]:
    """Discrete answers a seat could try, each with whether it is offered."""
    names = [*sea.ships, "Nobody"]
    if isinstance(prompt, OrdersPrompt):
        choices = prompt.legal(seat)
        base = [p.options[0].value for p in choices.parts]
        for i, part in enumerate(choices.parts):
            mine = {c.value for c in part.options}
            for card in range(1, 6):
                for turn in ("none", "port", "starboard"):
                    for at in ("start", "end"):
                        order = ManoeuvreOrder(part.key, card, turn, at)  # type: ignore[arg-type]
                        # a straight card runs the same path wherever it is laid: listed once, at the start
                        same = ManoeuvreOrder(part.key, card, turn, "start") if turn == "none" else order  # type: ignore[arg-type]
                        yield choices.with_part(base, i, order), same in mine
    elif isinstance(prompt, DistancePrompt):
        for d in listed:
            assert isinstance(d, Distance)
            yield Distance(d.inches, ram=True), Distance(d.inches, ram=True) in listed
        yield Distance(prompt.low - 0.5), False
        yield Distance(prompt.high + 0.5), False
    elif isinstance(prompt, ShootPrompt):
        yield from shooting_universe(prompt, seat, listed, names)
    elif isinstance(prompt, (TakeoverPrompt, BoardPrompt)):
        kind = Takeover if isinstance(prompt, TakeoverPrompt) else Board
        yield kind(), True
        for a in names:
            for b in names:
                yield kind(a, b), kind(a, b) in listed
    elif isinstance(prompt, LandPrompt):
        yield Land(), True
        for name in ["Nowhere", *(t.name for t in sea.terrain)]:
            yield Land(name), Land(name) in listed
    elif isinstance(prompt, LeavePrompt):
        yield StayOrLeave("stay"), True
        yield StayOrLeave("leave"), True
    elif isinstance(prompt, TradePrompt):
        yield Trade(), True
        for item in ITEMS:
            yield Trade(item), Trade(item) in listed
    elif isinstance(prompt, RerollPrompt):
        assert prompt.roll is not None
        for die in (None, *range(len(prompt.roll.faces) + 1)):
            yield Reroll(die), Reroll(die) in listed
    elif isinstance(prompt, PlacePrompt):
        assert prompt.ship is not None
        h = prompt.ship.hull
        yield Place(), True
        yield Place(h.x + 10.0, h.y, h.heading), False


#: a ring of aims around a gun: bearings every 15 degrees, 2" to 35" out
RING = [(b, r) for b in range(0, 360, 15) for r in (2.0, 8.0, 20.0, 35.0)]


def shooting_universe(prompt: ShootPrompt, seat: str, listed: list[Action], names: list[str]) -> Iterator[tuple[Action, bool]]:
    sea, ship = prompt.sea, prompt.ship
    assert sea is not None and ship is not None
    yield EndShooting(), True
    for name in names:
        yield Sluggas(name), Sluggas(name) in listed
    for what in (*REPAIR_ITEMS, "sails"):
        yield Repair(what), Repair(what) in listed
    manned = KLANS[ship.klan].manned_torpedoes
    if not manned:
        yield Torpedoes(), Torpedoes() in listed
    for gun in GUNS:
        if sea.option("grapeshot") == "d3":
            for name in names:
                shot = Fire(gun, "grapeshot", target=name)
                yield shot, shot in listed
        m = mount(ship, gun)
        for shell in ("krak", "grapeshot") if sea.option("grapeshot") == "template" else ("krak",):
            ring = [Fire(gun, shell, aim=(m.x + r * math.cos(math.radians(b)), m.y + r * math.sin(math.radians(b)))) for b, r in RING]  # type: ignore[arg-type]
            some = any(accepts(prompt, seat, a) for a in ring)
            assert some == any(isinstance(a, Fire) and (a.gun, a.shell) == (gun, shell) for a in listed), (
                f"{gun} {shell}: aims offered only if any aim is accepted"
            )
    if manned:
        bow = ship.hull.bow
        ring_t = [Torpedoes(((bow.x + r * math.cos(math.radians(b)), bow.y + r * math.sin(math.radians(b))),) * 2) for b, r in RING]
        some = any(accepts(prompt, seat, a) for a in ring_t)
        assert some == any(isinstance(a, Torpedoes) for a in listed)


# --------------------------------------------------------------------------- games


def play_auditing(sc: Scenario, seed: int, *, companion: bool = False, turns: int = 99, options: dict[str, Any] | None = None) -> set[str]:
    """Play a seeded game with a random and a heuristic seat by turns, auditing every prompt; the kinds met."""
    g = Game("jimlad", sc, options, seed=seed, companion=companion, log=False)
    seats = list(g.ruleset.seats_of(g.state))
    players: dict[str, Agent] = {s: make("random" if (k + seed) % 2 else "heuristic", seed * 7 + k, "jimlad") for k, s in enumerate(seats)}
    rng = random.Random(seed)
    met: set[str] = set()
    while g.prompt is not None and g.turn <= turns:
        prompt = g.prompt
        for seat in g.waiting_for():
            audit(g, prompt, seat, rng)
            met.add(prompt.kind)
            # in companion play a person rolls the dice and places the models
            person = isinstance(prompt, (DicePrompt, PlacePrompt))
            action = prompt.legal(seat).sample(rng) if person else players[seat].act(g, seat, prompt)
            g.submit(seat, action)
            if g.prompt is not prompt:
                break
    return met


def test_every_prompt_of_seeded_games_offers_what_its_check_accepts() -> None:
    met: set[str] = set()
    met |= play_auditing(load_scenario("duel", "jimlad"), 1, options={"grapeshot": "d3"})
    met |= play_auditing(load_scenario("brawl", "jimlad"), 2)
    met |= play_auditing(load_scenario("euromeet", "jimlad"), 3)
    met |= play_auditing(support.duel(red={"klan": "blood-axes"}, blue={"klan": "freebooterz", "y": 44.0}), 4)
    met |= play_auditing(support.duel(), 5, companion=True, turns=2)
    assert {"OrdersPrompt", "DistancePrompt", "ShootPrompt", "BoardPrompt", "LandPrompt", "RerollPrompt", "DicePrompt", "PlacePrompt"} <= met


@settings(max_examples=6, deadline=None)
@given(scenario=st.sampled_from(["duel", "brawl", "euromeet"]), seed=st.integers(0, 2**31 - 1), d3=st.booleans())
def test_the_same_holds_over_random_seeds(scenario: str, seed: int, d3: bool) -> None:
    met = play_auditing(load_scenario(scenario, "jimlad"), seed, turns=4, options={"grapeshot": "d3" if d3 else "template"})
    assert "ShootPrompt" in met


def test_a_ship_in_harbour_is_offered_what_it_can_buy_and_nothing_else() -> None:
    g = at_dock()
    red = dock_red(g)
    rng = random.Random(0)
    for hull, gold in ((3, 9), (5, 1), (2, 0)):
        red.hull_points, red.gold = hull, gold
        p = harbour.trade_prompt(support.sea(g), red)
        audit(g, p, "red", rng)
        assert offered(p, "red") == [Trade(), *(Trade(i) for i, _ in harbour.offers(support.sea(g), red))]
    leave = LeavePrompt(seats=("red",), rule="JL-PORT-2", text="", accepts=(StayOrLeave,), ship="Red", place="Dock")
    audit(g, leave, "red", rng)


def test_takeovers_offer_each_hulk_and_crew_and_passing() -> None:
    g = support.game(support.duel())
    p = TakeoverPrompt(seats=("red",), rule="JL-KREW-6", text="", accepts=(Takeover,), options=[("Blue", "Red")])
    audit(g, p, "red", random.Random(1))
    assert offered(p, "red") == [Takeover(), Takeover("Blue", "Red")]
    assert g.prompt is not None


# --------------------------------------------------------------------------- what the choices say


def test_orders_are_one_part_per_ship_and_distances_the_ends_and_quarters() -> None:
    g = Game("jimlad", load_scenario("brawl", "jimlad"), seed=1)
    prompt = g.prompt
    assert isinstance(prompt, OrdersPrompt)
    seat = prompt.seats[0]
    choices = prompt.legal(seat)
    assert [p.key for p in choices.parts] == list(prompt.choices[seat])
    first = choices.parts[0]
    assert any("card at the end of the move" in c.label for c in first.options)
    assert {c.value.card for c in first.options} == {int(c) for c, _ in prompt.choices[seat][first.key]}
    assert choices.first() == Orders(tuple(p.options[0].value for p in choices.parts))
    while not isinstance(g.prompt, DistancePrompt):
        s = g.waiting_for()[0]
        assert g.prompt is not None
        g.submit(s, g.prompt.legal(s).first())
    d = g.prompt
    inches = [a.inches for a in offered(d, d.seats[0]) if isinstance(a, Distance) and not a.ram]
    assert inches == pytest.approx([d.low + (d.high - d.low) * f for f in (0.0, 0.25, 0.5, 0.75, 1.0)])
    assert d.legal(d.seats[0]).parts[0].sample is not None  # a draw over the whole range


def test_a_ram_is_offered_only_where_the_course_meets_a_ship_that_has_moved() -> None:
    # Blue has moved this turn and lies across Red's course 20" ahead
    g = support.game(support.duel(blue={"x": 56.0, "y": 36.0, "heading": 90.0}))
    s = support.sea(g)
    s.ships["Blue"].moved_turn = s.turn
    p = DistancePrompt(seats=("red",), rule="JL-MOVE-9", text="", accepts=(Distance,), ship="Red", card=Card.FULL_AHEAD, low=0.0, high=14.0, sea=s)
    rams = [a for a in offered(p, "red") if isinstance(a, Distance) and a.ram]
    assert rams and all(p.ram_target(a.inches) == "Blue" for a in rams)
    assert Distance(0.0, ram=True) not in offered(p, "red")  # the least distance stops short of Blue
    audit(g, p, "red", random.Random(2))


def test_the_aim_grid_covers_the_arc_and_each_ship_in_reach() -> None:
    # Blue 20" off the bow, 25 degrees to port: in the fore arc only
    x, y = 35.0 + 20.0 * math.cos(math.radians(25.0)), 36.0 + 20.0 * math.sin(math.radians(25.0))
    g = support.game(support.duel(blue={"x": x, "y": y, "heading": 90.0}))
    p = shoot_prompt(support.sea(g), support.ship(g, "Red"))
    listed = offered(p, "red")
    fore = [a for a in listed if isinstance(a, Fire) and a.gun == "fore" and a.shell == "krak"]
    assert len(fore) == 21  # 5 bearings x 4 ranges, and Blue
    blue = support.ship(g, "Blue").hull
    assert sum(1 for a in fore if a.aim is not None and blue.contains(Vec(*a.aim), margin=1e-6)) >= 1
    labels = [c.label for c in p.legal("red").parts[0].options]
    assert "fore kannon: krak at Blue" in labels and labels[0] == "end shooting"
    assert not [a for a in listed if isinstance(a, Fire) and a.gun == "aft" and a.shell == "krak"]  # the aft kannon fires no krak


def test_the_random_player_aims_anywhere_in_arc_and_range_not_only_at_ships() -> None:
    """Random play keeps visiting odd corners: most krak shells land their aim on open water."""
    aims = []
    for seed in range(3):
        sc = load_scenario("duel", "jimlad")
        g = Game("jimlad", sc, seed=seed, log=False)
        players = {s.id: make("random", seed * 3 + k, "jimlad") for k, s in enumerate(sc.seats)}
        while g.prompt is not None:
            seat = g.waiting_for()[0]
            action = players[seat].act(g, seat, g.prompt)
            if isinstance(action, Fire) and action.shell == "krak" and action.aim is not None:
                sea = g.state
                assert isinstance(sea, Sea)
                aims.append(any(s.hull.contains(Vec(*action.aim)) for s in sea.afloat()))
            g.submit(seat, action)
    assert len(aims) > 10 and aims.count(False) > len(aims) // 2


@pytest.mark.rules("JL-PORT-1")
def test_no_aim_is_offered_on_a_ship_in_harbour() -> None:
    # Blue lies 3" below Red; its port kannon (60, 61) faces north across Red's hull
    g = at_dock(blue={"x": 60.0, "y": 59.0, "heading": 0.0})
    blue = support.ship(g, "Blue")
    before = shoot_prompt(support.sea(g), blue)
    red_hull = support.ship(g, "Red").hull
    on_red = [a for a in offered(before, "blue") if isinstance(a, Fire) and a.shell == "krak" and a.aim is not None and red_hull.contains(Vec(*a.aim))]
    assert on_red, "before Red docks, some aims fall on it"
    red = dock_red(g)
    p = shoot_prompt(support.sea(g), blue)
    audit(g, p, "blue", random.Random(3))
    # krak may not be aimed at it; a grapeshot template may be pointed over it and does it no harm
    assert not [a for a in offered(p, "blue") if isinstance(a, Fire) and a.shell == "krak" and a.aim is not None and red.hull.contains(Vec(*a.aim))]
