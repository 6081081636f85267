"""Damage to ships: hull points, sinking, the damage table and its effects, grot riggers
(JL-DMG-1..10), with whole shooting phases driven through ``Game.submit`` where the rule
is about the turn (one table roll per shooting seat, the "next turn" window).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.dice import Roll, RollRequest, ScriptedDice, ScriptItem
from grapeshot.geometry import Facing, Vec
from grapeshot.rulesets.jimlad import damage, flow, kannon, torpedoes
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Sluggas, Torpedoes
from grapeshot.rulesets.jimlad.data import Card
from grapeshot.rulesets.jimlad.movement import legal_cards
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, orders_prompt, shoot_prompt
from grapeshot.rulesets.jimlad.state import MoveRecord, victory_points
from tests.support import drive, duel, game, scenario, sea, ship


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) | {"rule": e.rule, "game_turn": e.turn} for e in g.events if e.kind == kind]


def hit(g: Game, target: str, strength: int = 9, facing: Facing = Facing.FRONT, by: str = "red") -> str:
    """One blow against a hull, as every weapon that meets armour resolves it."""
    verdict: str = drive(damage.strike(g, sea(g), ship(g, target), strength, facing, by_seat=by, by_actor=None, cause="test", rule="JL-SHOOT-8"))
    return verdict


def table(g: Game, name: str, by: str = "red") -> None:
    drive(damage.damage_table(g, sea(g), ship(g, name), by))


class Ones:
    """Dice for sailing a game on to its shooting phase: every die shows 1 (so All Stop is the
    shortest move, with no distance to choose) and the scatter die points north (the wind)."""

    def roll(self, request: RollRequest) -> Roll:
        e = request.expr
        if e.kind == "scatter":
            return e.result((6,), 90.0)
        return e.result([1] * e.count)


def to_shooting(g: Game, cards: Mapping[str, int] | None = None) -> list[OrdersPrompt]:
    """Give every ship All Stop (or ``cards``) until turn 2's shooting phase asks its first
    question; return the orders prompts seen on the way."""
    g.dice = Ones()
    seen: list[OrdersPrompt] = []
    while not isinstance(g.prompt, ShootPrompt):
        p = g.prompt
        if isinstance(p, OrdersPrompt):
            seen.append(p)
            for seat, ships in p.choices.items():
                g.submit(seat, Orders(tuple(ManoeuvreOrder(n, (cards or {}).get(n, 4)) for n in ships)))
        elif isinstance(p, DistancePrompt):
            g.submit(p.seats[0], Distance(p.low))
        else:
            raise AssertionError(f"unexpected prompt {p!r}")
    assert g.turn == 2 and g.phase == "shooting"
    return seen


def script(g: Game, items: list[ScriptItem]) -> None:
    g.dice = ScriptedDice(items)


def shoot_prompt_of(g: Game) -> ShootPrompt:
    assert isinstance(g.prompt, ShootPrompt)
    return g.prompt


# --------------------------------------------------------------------------- JL-DMG-1


@pytest.mark.rules("JL-DMG-1")
def test_every_glancing_or_penetrating_hit_takes_exactly_one_hull_point() -> None:
    # 9+6 = 15 penetrates (save 1); 9+3 = 12 glances (save 1); 9+2 = 11 nothing; 9+6 saved on a 6
    g = game(duel(), script=[6, 1, 3, 1, 2, 6, 6])
    assert [hit(g, "Blue") for _ in range(4)] == ["penetrating", "glancing", "none", "saved"]
    assert ship(g, "Blue").hull_points == 3
    lost = events(g, "hull-point-lost")
    assert [(e["rule"], e["ship"], e["left"]) for e in lost] == [("JL-DMG-1", "Blue", 4), ("JL-DMG-1", "Blue", 3)]
    assert sea(g).penetrated == ["Blue"]  # only the penetrating hit calls for the damage table


@pytest.mark.rules("JL-DMG-1")
def test_at_0_hull_points_the_ship_sinks_with_her_krew_and_gold_and_the_sinker_scores() -> None:
    g = game(duel(blue={"hull_points": 1}), script=["hit", 4, 1, "hit"])
    s, red, blue = sea(g), ship(g, "Red"), ship(g, "Blue")
    drive(kannon.fire(g, s, red, Fire("fore", "krak", aim=(60.0, 36.0))))
    assert (blue.afloat, blue.hull_points, blue.krew, blue.gold, blue.sunk_by) == (False, 0, [], 0, "red")
    [sunk] = events(g, "sunk")
    assert (sunk["ship"], sunk["by"], sunk["vp_to"], sunk["krew_lost"], sunk["gold_lost"]) == ("Blue", "red", "red", 7, 5)
    assert s.sunk_vp == {"red": 1}
    assert victory_points(s) == {"red": 1, "blue": 0}
    assert s.penetrated == []  # a sunk ship rolls on no damage table
    # the wreck is gone: it is no longer afloat, no longer a target, and a shell on its old spot finds nothing
    assert blue not in list(s.afloat()) and s.enemies(red) == []
    drive(kannon.krak(g, s, red, "fore", Vec(60.0, 36.0)))
    assert events(g, "krak")[-1]["target"] is None


@pytest.mark.rules("JL-DMG-1")
def test_sinking_your_own_ship_scores_no_victory_point() -> None:
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
            {"seat": "red", "name": "Mate", "x": 30.0, "y": 24.0, "heading": 0.0, "hull_points": 1},
            {"seat": "blue", "name": "Blue", "x": 60.0, "y": 36.0, "heading": 180.0},
        ]
    )
    g = game(sc, script=["hit", 4, 1])
    drive(kannon.fire(g, sea(g), ship(g, "Red"), Fire("starboard", "krak", aim=(30.0, 24.0))))
    mate = ship(g, "Mate")
    assert not mate.afloat and mate.sunk_by == "red"
    [sunk] = events(g, "sunk")
    assert sunk["by"] == "red" and sunk["vp_to"] is None
    assert sea(g).sunk_vp == {} and victory_points(sea(g)) == {"red": 0, "blue": 0}


# --------------------------------------------------------------------------- JL-DMG-2 (a whole shooting phase)


def three_seats() -> Game:
    """Four ships bows-on to the top edge (they cannot move): Red1, Blue, Red2 and Green in a row
    from west to east, 12" apart; Red1's starboard, Red2's and Green's port kannons bear on Blue."""
    y = 66.9
    sc = scenario(
        [
            {"seat": "red", "name": "Red1", "x": 40.0, "y": y, "heading": 90.0},
            {"seat": "red", "name": "Red2", "x": 64.0, "y": y, "heading": 90.0},
            {"seat": "blue", "name": "Blue", "x": 52.0, "y": y, "heading": 90.0},
            {"seat": "green", "name": "Green", "x": 76.0, "y": y, "heading": 90.0},
        ],
        options={"turn_order": "fixed"},
    )
    return game(sc)


@pytest.mark.rules("JL-DMG-2", "JL-DMG-5", "JL-DMG-7", "JL-DMG-10")
def test_one_damage_table_roll_per_shooting_seat_however_many_penetrating_hits() -> None:
    g = three_seats()
    to_shooting(g)
    aim = (52.0, 67.0)
    script(
        g,
        [
            *["hit", 5, 1],  # Red1: 8 + 5 = 13 penetrates Blue's port side, save 1
            *["hit", 6, 2],  # Red2: 8 + 6 = 14 penetrates Blue's starboard side, save 2
            3,  # red's turn is over: ONE damage-table roll for Blue: 3, krew shaken
            *["hit", 5, 1],  # Green: 13 penetrates, save 1
            5,  # green's turn is over: a second roll: 5, rudder damaged
            45.0,  # turn 3's wind
        ],
    )
    assert shoot_prompt_of(g).ship is ship(g, "Red1")
    g.submit("red", Fire("starboard", "krak", aim=aim))
    g.submit("red", EndShooting())
    assert shoot_prompt_of(g).ship is ship(g, "Red2")
    assert events(g, "damage") == []  # not after Red1: only when the whole seat is done
    g.submit("red", Fire("port", "krak", aim=aim))
    assert events(g, "damage") == []
    g.submit("red", EndShooting())
    [first] = events(g, "damage")
    assert (first["ship"], first["by"], first["roll"], first["result"], first["rule"]) == ("Blue", "red", 3, "shaken", "JL-DMG-5")
    # "next turn": Blue, hit before it has shot this turn, still shoots this turn (JL-DMG-10)
    blue_turn = shoot_prompt_of(g)
    assert blue_turn.ship is ship(g, "Blue") and blue_turn.may_shoot()
    assert blue_turn.guns()["port"] == ["krak", "grapeshot"]
    g.submit("blue", EndShooting())
    assert shoot_prompt_of(g).ship is ship(g, "Green")
    g.submit("green", Fire("port", "krak", aim=aim))
    g.submit("green", EndShooting())
    rolls = events(g, "damage")
    assert [(d["by"], d["result"], d["rule"]) for d in rolls] == [("red", "shaken", "JL-DMG-5"), ("green", "rudder-damaged", "JL-DMG-7")]
    assert [s["verdict"] for s in events(g, "strike")] == ["penetrating"] * 3
    blue = ship(g, "Blue")
    assert blue.hull_points == 2
    assert blue.effects == {"shaken": 3} and blue.rudder_damaged
    # turn 3 has begun: Blue may only be ordered straight cards (JL-DMG-7) and is shaken (JL-DMG-5)
    assert g.turn == 3 and isinstance(g.prompt, OrdersPrompt)
    assert g.prompt.choices["blue"]["Blue"] == [(Card.FULL_AHEAD, "none"), (Card.ALL_STOP, "none"), (Card.FULL_ASTERN, "none")]
    assert kannon.can_shoot(sea(g), blue) == "krew shaken (JL-DMG-5)"


@pytest.mark.rules("JL-DMG-2")
def test_a_ship_penetrated_twice_in_one_turn_is_listed_once_for_the_table() -> None:
    g = game(duel(), script=[5, 1, 6, 1])
    hit(g, "Blue")
    hit(g, "Blue")
    assert sea(g).penetrated == ["Blue"]


# --------------------------------------------------------------------------- JL-DMG-3..8: the table


@pytest.mark.rules("JL-DMG-3", "JL-DMG-4", "JL-DMG-5", "JL-DMG-6", "JL-DMG-7", "JL-DMG-8")
@pytest.mark.parametrize(
    ("roll", "result", "rule"),
    [
        (1, "no-grapeshot", "JL-DMG-3"),
        (2, "no-krak", "JL-DMG-4"),
        (3, "shaken", "JL-DMG-5"),
        (4, "gun-damaged", "JL-DMG-6"),
        (5, "rudder-damaged", "JL-DMG-7"),
        (6, "engine-damaged", "JL-DMG-8"),
    ],
)
def test_the_damage_table(roll: int, result: str, rule: str) -> None:
    g = game(duel(), script=[roll, 2] if roll == 4 else [roll])
    sea(g).turn = 2
    table(g, "Blue", by="red")
    [d] = events(g, "damage")
    assert (d["ship"], d["roll"], d["result"], d["rule"], d["by"]) == ("Blue", roll, result, rule, "red")
    blue = ship(g, "Blue")
    temporary = result in ("no-grapeshot", "no-krak", "shaken")
    assert blue.effects == ({result: 3} if temporary else {})
    assert d.get("in_force_on_turn") == (3 if temporary else None)
    assert blue.damaged_guns == ({"starboard"} if roll == 4 else set())
    assert blue.rudder_damaged is (roll == 5)
    assert blue.engine_damaged is (roll == 6)
    assert blue.hull_points == 5  # the table costs no hull point by itself


@pytest.mark.rules("JL-DMG-3", "JL-DMG-10")
def test_no_grapeshot_next_turn_only() -> None:
    g = game(duel(), script=[1])
    s, red = sea(g), ship(g, "Red")
    s.turn = 2
    table(g, "Red", by="blue")
    assert kannon.shells(s, red, "port") == ["krak", "grapeshot"]  # not this turn
    s.turn = 3
    assert {gun: kannon.shells(s, red, gun) for gun in ("fore", "port", "starboard", "aft")} == {
        "fore": ["krak"],
        "port": ["krak"],
        "starboard": ["krak"],
        "aft": [],
    }
    with pytest.raises(IllegalAction, match="port kannon cannot fire grapeshot now"):
        shoot_prompt(s, red).check("red", Fire("port", "grapeshot", aim=(30.0, 44.0)))
    assert red.describe(3)["effects"] == ["no-grapeshot"]
    s.turn = 4
    assert kannon.shells(s, red, "port") == ["krak", "grapeshot"] and red.describe(4)["effects"] == []


@pytest.mark.rules("JL-DMG-4", "JL-DMG-10")
def test_no_krak_next_turn_only() -> None:
    g = game(duel(), script=[2])
    s, red = sea(g), ship(g, "Red")
    s.turn = 2
    table(g, "Red", by="blue")
    assert kannon.shells(s, red, "fore") == ["krak"]
    s.turn = 3
    assert {gun: kannon.shells(s, red, gun) for gun in ("fore", "port", "starboard", "aft")} == {
        "fore": [],
        "port": ["grapeshot"],
        "starboard": ["grapeshot"],
        "aft": ["grapeshot"],
    }
    with pytest.raises(IllegalAction, match=r"fore kannon cannot fire krak now \(no krak this turn \(JL-DMG-4\)\); usable: port: grapeshot"):
        shoot_prompt(s, red).check("red", Fire("fore", "krak", aim=(60.0, 36.0)))
    s.turn = 4
    assert kannon.shells(s, red, "fore") == ["krak"]


@pytest.mark.rules("JL-DMG-5", "JL-DMG-9", "JL-DMG-10")
def test_a_shaken_krew_cannot_shoot_next_turn_but_may_repair() -> None:
    g = game(duel(blue={"x": 30.0, "y": 46.0, "heading": 0.0}), script=[3, 5])
    s, red = sea(g), ship(g, "Red")
    s.turn = 2
    table(g, "Red", by="blue")
    assert kannon.can_shoot(s, red) is None  # the rest of this turn is unaffected
    s.turn = 3
    red.rudder_damaged = True
    prompt = shoot_prompt(s, red)
    assert kannon.can_shoot(s, red) == "krew shaken (JL-DMG-5)"
    assert prompt.guns() == {} and prompt.torpedoes() is False and prompt.slugga_targets() == []
    for action in (Fire("fore", "krak", aim=(40.0, 36.0)), Torpedoes(), Sluggas("Blue")):
        with pytest.raises(IllegalAction, match="cannot shoot this turn: krew shaken"):
            prompt.check("red", action)
    assert prompt.repairs() == ["rudder"] and prompt.has_choices()
    prompt.check("red", Repair("rudder"))
    drive(damage.repair(g, s, red, "rudder"))
    assert red.rudder_damaged is False
    s.turn = 4
    assert kannon.can_shoot(s, red) is None


@pytest.mark.rules("JL-DMG-6", "JL-DMG-9")
@pytest.mark.parametrize(("face", "gun"), [(1, "fore"), (2, "starboard"), (3, "starboard"), (4, "port"), (5, "port"), (6, "aft")])
def test_gun_damage_picks_the_gun_by_a_second_d6_and_it_stays_silent_until_repaired(face: int, gun: str) -> None:
    g = game(duel(), script=[4, face])
    s, red = sea(g), ship(g, "Red")
    s.turn = 2
    table(g, "Red", by="blue")
    [d] = events(g, "damage")
    assert (d["gun"], d["already"]) == (gun, False)
    assert red.damaged_guns == {gun}
    assert isinstance(g.dice, ScriptedDice) and g.dice.requests[1].rule == "JL-DMG-6"
    for turn in (2, 3, 9):  # not a "next turn" effect: it lasts
        s.turn = turn
        assert kannon.shells(s, red, gun) == []
        others = [x for x in ("fore", "port", "starboard", "aft") if x != gun]
        assert all(kannon.shells(s, red, x) for x in others)
    with pytest.raises(IllegalAction, match=f"{gun} kannon cannot fire"):
        shoot_prompt(s, red).check("red", Fire(gun, "grapeshot" if gun == "aft" else "krak", aim=(0.0, 0.0)))
    assert shoot_prompt(s, red).repairs() == [f"gun:{gun}"]


@pytest.mark.rules("JL-DMG-7")
def test_a_damaged_rudder_allows_only_straight_cards() -> None:
    g = game(duel(), script=[5])
    s, red = sea(g), ship(g, "Red")
    assert (Card.VEER, "port") in legal_cards(red)
    table(g, "Red", by="blue")
    assert legal_cards(red) == [(Card.FULL_AHEAD, "none"), (Card.ALL_STOP, "none")]
    red.standstill = True
    assert legal_cards(red) == [(Card.FULL_AHEAD, "none"), (Card.ALL_STOP, "none"), (Card.FULL_ASTERN, "none")]
    with pytest.raises(IllegalAction, match=r"Red: Hard a-port/starboard! \(starboard\) is not allowed now"):
        orders_prompt(s, [red]).check("red", Orders((ManoeuvreOrder("Red", 3, "starboard"),)))


@pytest.mark.rules("JL-DMG-7", "JL-MOVE-10", "JL-RAM-6")
def test_a_rudder_damaged_after_the_orders_sails_the_ordered_card_straight_ahead() -> None:
    # Blue moves first and crashes into Red's port side; the crash wrecks Red's rudder, and Red's
    # ordered Hard a-port becomes the same card straight ahead (JL-DMG-7 ruling)
    g = game(duel(blue={"x": 30.0, "y": 60.0, "heading": 270.0}, seats=["blue", "red"], options={"turn_order": "fixed"}))
    red = ship(g, "Red")
    assert isinstance(g.prompt, OrdersPrompt)
    g.submit("blue", Orders((ManoeuvreOrder("Blue", 1),)))
    g.dice = ScriptedDice([1, 1, 1])  # Blue: 24+2D6, Goffs -1D6
    g.submit("red", Orders((ManoeuvreOrder("Red", 3, "port"),)))
    # Red fails to evade (12 on 2D6); S7 on its port side: 6 penetrates, no save, table 5: rudder;
    # Blue takes S7 too and the 1 does nothing; then Red rolls 18+D6, Goffs -1D6, a hull point -1D6
    g.dice = ScriptedDice([6, 6, 6, 1, 5, 1, 1, 1, 1, 90.0])  # and the wind of turn 2
    g.submit("blue", Distance(9.0))
    [d] = events(g, "damage")
    assert (d["ship"], d["result"]) == ("Red", "rudder-damaged") and red.rudder_damaged
    assert isinstance(g.prompt, DistancePrompt) and g.prompt.ship == "Red" and g.prompt.turn == "none"
    g.submit("red", Distance(4.0))
    [straight] = events(g, "straight-ahead")
    assert (straight["rule"], straight["ship"], straight["card"], straight["side"], straight["at"]) == ("JL-DMG-7", "Red", 3, "port", 0.0)
    move = events(g, "move")[-1]
    assert (move["ship"], move["card"], move["side"]) == ("Red", 3, "none")
    # the bow runs 4" + the 8" card + the 10" hull, straight on
    assert (red.hull.x, red.hull.y, red.hull.heading) == pytest.approx((52.0, 36.0, 0.0))


@pytest.mark.rules("JL-DMG-7", "JL-NPC-1", "JL-DMG-10")
def test_a_rudder_wrecked_by_a_mine_during_the_move_takes_effect_at_once() -> None:
    from grapeshot.rulesets.jimlad.state import Mine

    g = game(duel(blue={"y": 66.0}), script=[1, 1, 6, 1, 5])
    s, red = sea(g), ship(g, "Red")
    s.mines.append(Mine("Mine 1", 40.0, 36.0))
    s.mines_total = 1
    # 18+D6 less Goffs' D6: 10" chosen, so the card lies after the mine 5" ahead of the bow;
    # the mine: 6 penetrates Red's front, no save, the table gives 5: rudder damaged
    drive(flow.ordered_move(g, s, red, ManoeuvreOrder("Red", 3, "port", "end")), [Distance(10.0)])
    assert red.rudder_damaged and [e["rule"] for e in events(g, "mine")] == ["JL-NPC-1"]
    [straight] = events(g, "straight-ahead")
    assert straight["at"] == pytest.approx(4.5, abs=0.01) and straight["side"] == "port"
    # the rest of the move (the turning card and the hull's length) goes straight on
    assert (red.hull.x, red.hull.y, red.hull.heading) == pytest.approx((58.0, 36.0, 0.0))


@pytest.mark.rules("JL-DMG-8")
def test_a_damaged_engine_repeats_last_turns_manoeuvre_and_takes_no_orders() -> None:
    g = game(duel(red={"x": 10.0}, blue={"x": 110.0, "y": 60.0}))
    red = ship(g, "Red")
    red.engine_damaged = True
    red.last_move = MoveRecord(Card.ALL_STOP, "none", "start", 2.0)
    seen = to_shooting(g, cards={"Red": 1})  # a Full Ahead order on turn 1 is ignored
    assert "Red" in seen[0].choices["red"]  # (that prompt was already out when the engine broke)
    assert "red" not in seen[1].choices and seen[1].seats == ("blue",)
    repeats = events(g, "engine-repeat")
    assert [(e["game_turn"], e["rule"], e["ship"], e["card"], e["side"], e["distance"]) for e in repeats] == [
        (1, "JL-DMG-8", "Red", 4, "none", 2.0),
        (2, "JL-DMG-8", "Red", 4, "none", 2.0),
    ]
    # each turn the bow runs 2" + the 8" card + the 10" hull: from x 10 to 50
    assert red.hull.x == pytest.approx(50.0) and red.hull.y == pytest.approx(36.0) and red.hull.heading == 0.0


@pytest.mark.rules("JL-DMG-8", "JL-DMG-7")
def test_an_engine_damaged_ship_repeats_a_turn_but_sails_it_straight_with_the_rudder_gone() -> None:
    g = game(duel(blue={"y": 60.0}), script=[])
    s, red = sea(g), ship(g, "Red")
    red.engine_damaged = True
    red.last_move = MoveRecord(Card.VEER, "port", "start", 6.0)
    drive(flow.repeat_move(g, s, red))
    assert red.hull.heading == pytest.approx(45.0)
    g = game(duel(blue={"y": 60.0}), script=[])
    s, red = sea(g), ship(g, "Red")
    red.engine_damaged = red.rudder_damaged = True
    red.last_move = MoveRecord(Card.VEER, "port", "start", 6.0)
    drive(flow.repeat_move(g, s, red))
    [e] = events(g, "engine-repeat")
    assert (e["card"], e["side"], e["distance"]) == (2, "none", 6.0)
    assert (red.hull.x, red.hull.y, red.hull.heading) == pytest.approx((54.0, 36.0, 0.0))


# --------------------------------------------------------------------------- JL-DMG-9: grot riggers


def battered(**kw: Any) -> Game:
    g = game(duel(blue={"x": 30.0, "y": 46.0, "heading": 0.0}, **kw))
    red = ship(g, "Red")
    red.damaged_guns = {"port"}
    red.rudder_damaged = red.engine_damaged = True
    red.hull_points = 3
    return g


@pytest.mark.rules("JL-DMG-9")
@pytest.mark.parametrize("what", ["gun:port", "rudder", "engine", "hull"])
@pytest.mark.parametrize("roll", [3, 4])
def test_grot_riggers_mend_one_point_of_damage_on_a_4_plus(what: str, roll: int) -> None:
    g = battered()
    s, red = sea(g), ship(g, "Red")
    prompt = shoot_prompt(s, red)
    assert prompt.repairs() == ["gun:port", "rudder", "engine", "hull"]
    prompt.check("red", Repair(what))
    script(g, [roll])
    drive(damage.repair(g, s, red, what))
    fixed = roll >= 4
    [r] = events(g, "repair")
    assert (r["rule"], r["what"], r["roll"], r["fixed"]) == ("JL-DMG-9", what, roll, fixed)
    assert (red.damaged_guns == set()) is (fixed and what == "gun:port")
    assert red.rudder_damaged is not (fixed and what == "rudder")
    assert red.engine_damaged is not (fixed and what == "engine")
    assert red.hull_points == (4 if fixed and what == "hull" else 3) == r["hull_points"]


@pytest.mark.rules("JL-DMG-9")
def test_repairing_replaces_the_kannons_and_torpedoes_but_not_the_sluggas() -> None:
    g = battered()
    s, red = sea(g), ship(g, "Red")
    script(g, [5])
    shoot_prompt(s, red).check("red", Repair("rudder"))
    drive(damage.repair(g, s, red, "rudder"))
    prompt = shoot_prompt(s, red)
    assert prompt.guns() == {} and prompt.torpedoes() is False
    with pytest.raises(IllegalAction, match=r"fore kannon cannot fire krak now \(its gun krews are repairing instead \(JL-DMG-9\)\); usable: none"):
        prompt.check("red", Fire("fore", "krak", aim=(40.0, 36.0)))
    with pytest.raises(IllegalAction, match="no torpedo salvo"):
        prompt.check("red", Torpedoes())
    with pytest.raises(IllegalAction, match="cannot repair 'hull' now"):  # one repair a turn
        prompt.check("red", Repair("hull"))
    assert prompt.repairs() == []
    prompt.check("red", Sluggas("Blue"))  # the Orks may still fire their pistols (ruling)


@pytest.mark.rules("JL-DMG-9")
def test_no_repair_once_a_kannon_or_torpedo_has_fired_but_sluggas_do_not_stop_it() -> None:
    g = battered()
    s, red = sea(g), ship(g, "Red")
    script(g, [1, 1, 1, 1, 1, 1, 1] + [1] * 7)
    drive(kannon.sluggas(g, s, red, ship(g, "Blue")))
    assert shoot_prompt(s, red).repairs() == ["gun:port", "rudder", "engine", "hull"]
    script(g, ["hit"])
    drive(kannon.fire(g, s, red, Fire("fore", "krak", aim=(45.0, 36.0))))
    prompt = shoot_prompt(s, red)
    assert prompt.repairs() == []
    with pytest.raises(IllegalAction, match="cannot repair 'rudder' now"):
        prompt.check("red", Repair("rudder"))
    g = battered()
    s, red = sea(g), ship(g, "Red")
    script(g, ["hit", "hit"])
    drive(torpedoes.launch(g, s, red, Torpedoes()))
    assert shoot_prompt(s, red).repairs() == []


@pytest.mark.rules("JL-DMG-9", "JL-KREW-5")
def test_a_ship_with_fewer_than_two_orks_neither_shoots_nor_repairs() -> None:
    g = battered()
    s, red = sea(g), ship(g, "Red")
    red.krew = red.krew[:1]
    prompt = shoot_prompt(s, red)
    assert prompt.repairs() == [] and not prompt.has_choices()
    with pytest.raises(IllegalAction, match=r"cannot repair 'rudder' now \(too few Orks aboard to drive the grot riggers \(JL-KREW-5\)\)"):
        prompt.check("red", Repair("rudder"))


@pytest.mark.rules("JL-DMG-9", "JL-KREW-5", "JL-SHOOT-5")
def test_a_ship_that_loses_its_last_orks_to_return_fire_does_not_repair_that_phase() -> None:
    from grapeshot.rulesets.jimlad import shooting
    from grapeshot.rulesets.jimlad.data import PROFILES
    from grapeshot.rulesets.jimlad.state import KrewModel

    g = battered()
    s, red = sea(g), ship(g, "Red")
    red.krew = [KrewModel("krew", PROFILES["krew"].w) for _ in range(2)]
    s.order = ("red", "blue")
    # Red's two shots miss; Blue's seven answer with one hit, which wounds (S4 v T4, 4+; no save against AP5)
    script(g, [1, 1, 5, 1, 1, 1, 1, 1, 1, 6])
    seen: list[str] = []

    def end(prompt: Any) -> EndShooting:
        seen.append(prompt.ship.name)
        return EndShooting()

    drive(shooting.shooting_round(g, s, "JL-TURN-4", who=lambda _: True, decisive=False), [Sluggas("Blue"), end])
    assert red.hulk and red.rudder_damaged
    assert seen == ["Blue"]  # Red's turn ended with its Orks: no repair offered, no repair roll
    assert not [e for e in g.events if e.kind == "repair" or (e.kind == "roll" and e.rule == "JL-DMG-9")]


@pytest.mark.rules("JL-DMG-9")
def test_option_riggers_repair_hull_off_leaves_hull_points_alone() -> None:
    g = battered(options={"riggers_repair_hull": False})
    s, red = sea(g), ship(g, "Red")
    assert shoot_prompt(s, red).repairs() == ["gun:port", "rudder", "engine"]
    with pytest.raises(IllegalAction, match=r"cannot repair 'hull' now .*repairable: \['gun:port', 'rudder', 'engine'\]"):
        shoot_prompt(s, red).check("red", Repair("hull"))


@pytest.mark.rules("JL-DMG-9")
def test_nothing_to_repair_on_a_whole_ship_and_temporary_effects_cannot_be_repaired() -> None:
    g = game(duel())
    s, red = sea(g), ship(g, "Red")
    red.effects = {"no-krak": 1, "no-grapeshot": 1, "shaken": 1}
    assert damage.repairable(s, red) == []  # hull points full: never above 5
    with pytest.raises(IllegalAction, match="cannot repair 'hull' now"):
        shoot_prompt(s, red).check("red", Repair("hull"))
    with pytest.raises(IllegalAction, match="cannot repair 'shaken' now"):
        shoot_prompt(s, red).check("red", Repair("shaken"))


# --------------------------------------------------------------------------- JL-DMG-10


@pytest.mark.rules("JL-DMG-10")
def test_next_turn_means_the_whole_of_the_following_game_turn_only() -> None:
    g = game(duel(), script=[3])
    s, blue = sea(g), ship(g, "Blue")
    s.turn = 5
    table(g, "Blue", by="red")
    assert [blue.in_force("shaken", t) for t in (5, 6, 7)] == [False, True, False]
    assert blue.describe(5)["effects"] == ["shaken"] and blue.describe(7)["effects"] == []


@pytest.mark.rules("JL-DMG-3", "JL-DMG-4", "JL-DMG-5", "JL-DMG-10")
@pytest.mark.parametrize(("roll", "effect"), [(1, "no-grapeshot"), (2, "no-krak"), (3, "shaken")])
def test_a_result_for_next_turn_never_lifts_the_same_result_in_force_this_turn(roll: int, effect: str) -> None:
    # rolled in turn 4 (in force in turn 5), rolled again in turn 5 (for turn 6): in force in both
    g = game(duel(), script=[roll, roll])
    s, blue = sea(g), ship(g, "Blue")
    s.turn = 4
    table(g, "Blue", by="red")
    s.turn = 5
    assert blue.in_force(effect, 5)
    table(g, "Blue", by="red")
    assert [blue.in_force(effect, t) for t in (4, 5, 6, 7)] == [False, True, True, False]
    assert events(g, "damage")[-1]["in_force_on_turn"] == 6
    assert blue.describe(5)["effects"] == [effect] and blue.describe(6)["effects"] == [effect] and blue.describe(7)["effects"] == []
    if effect == "shaken":  # still shaken this turn: no shooting, no boarding (JL-DMG-5)
        assert kannon.can_shoot(s, blue) == "krew shaken (JL-DMG-5)"
    else:
        shell = "grapeshot" if effect == "no-grapeshot" else "krak"
        assert shell not in kannon.shells(s, blue, "port")
    # rolled again after it has run out, it is in force on the next turn only
    s.turn = 8
    g.dice = ScriptedDice([roll])
    table(g, "Blue", by="red")
    assert [blue.in_force(effect, t) for t in (8, 9, 10)] == [False, True, False]


@pytest.mark.rules("JL-DMG-5", "JL-BOARD-1", "JL-DMG-10")
def test_a_shaken_ship_shaken_again_in_its_shaken_turn_still_cannot_board() -> None:
    from grapeshot.rulesets.jimlad import boarding

    g = game(duel(blue={"x": 30.0, "y": 42.0, "heading": 0.0}), script=[3])
    s, blue = sea(g), ship(g, "Blue")
    s.turn = 3
    blue.effects["shaken"] = 3  # rolled in turn 2
    blue.sailed_turn = 3
    table(g, "Blue", by="red")  # shaken again, for turn 4
    assert boarding.cannot_board(s, blue) == "krew shaken (JL-DMG-5)"


@pytest.mark.rules("JL-DMG-10")
def test_duplicate_results_change_nothing_and_the_log_says_already() -> None:
    g = game(duel(), script=[5, 5, 6, 6, 4, 2, 4, 3])
    s, blue = sea(g), ship(g, "Blue")
    s.turn = 2
    for _ in range(6):
        table(g, "Blue", by="red")
    rolls = events(g, "damage")
    assert [(d["result"], d.get("gun"), d.get("already")) for d in rolls] == [
        ("rudder-damaged", None, False),
        ("rudder-damaged", None, True),
        ("engine-damaged", None, False),
        ("engine-damaged", None, True),
        ("gun-damaged", "starboard", False),
        ("gun-damaged", "starboard", True),
    ]
    g.dice = ScriptedDice([4, 1, 2, 2])
    table(g, "Blue", by="red")  # a different gun is new damage
    table(g, "Blue", by="green")  # a temporary effect rolled twice in a turn is not extended
    table(g, "Blue", by="blue")
    assert events(g, "damage")[-3]["already"] is False
    assert blue.damaged_guns == {"starboard", "fore"}
    assert blue.effects == {"no-krak": 3}


@pytest.mark.rules("JL-DMG-10", "JL-SHOOT-6", "JL-DMG-2", "JL-DMG-4")
def test_torpedo_hits_get_the_ramshackle_save_and_roll_on_the_damage_table() -> None:
    # Red and Blue sail towards each other for two turns (20" each a turn): bows 10" apart on turn 2
    g = game(duel(red={"x": 10.0}, blue={"x": 110.0}, options={"turn_order": "fixed"}))
    to_shooting(g)
    red, blue = ship(g, "Red"), ship(g, "Blue")
    assert red.hull.bow == pytest.approx(Vec(55.0, 36.0)) and blue.hull.bow == pytest.approx(Vec(65.0, 36.0))
    script(g, ["hit", "hit", 6, 1, 6, 6, 2, 0.0])
    g.submit("red", Torpedoes())
    assert [(st["verdict"], st["save"]) for st in events(g, "strike")] == [("penetrating", 1), ("saved", 6)]
    assert blue.hull_points == 4
    assert isinstance(g.dice, ScriptedDice)
    assert [(r.rule, r.seat) for r in g.dice.requests if r.rule == "JL-SHIP-3"] == [("JL-SHIP-3", "blue")] * 2
    g.submit("red", EndShooting())
    [d] = events(g, "damage")
    assert (d["ship"], d["by"], d["result"], d["game_turn"]) == ("Blue", "red", "no-krak", 2)
    assert shoot_prompt_of(g).guns()["fore"] == ["krak"]  # Blue's own turn 2 is untouched
    g.submit("blue", EndShooting())
    assert g.turn == 3 and isinstance(g.prompt, OrdersPrompt)
    assert "fore" not in shoot_prompt(sea(g), blue).guns()  # no krak on turn 3


@pytest.mark.rules("JL-DMG-9")
def test_a_hull_repair_never_lifts_a_ship_above_five_hull_points() -> None:
    g = game(duel(), script=[6])
    red = ship(g, "Red")
    drive(damage.repair(g, sea(g), red, "hull"))
    assert red.hull_points == 5
