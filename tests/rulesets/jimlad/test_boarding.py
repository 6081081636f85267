"""Boarding actions (JL-BOARD-*): coming alongside, the melee, its result, locked ships, captures.

Geometry (``alongside``): Red's 10" x 4" hull is centred on (30, 36) heading east; Blue's lies
parallel off Red's port side, ``gap`` inches from hull to hull.  Both are Goffs (no re-rolls).

Profiles (JL-KREW-2/3): every Ork is WS4 T4, so every blow hits on a 4+.  A charging boy
(the boarders' first round) has I3, 4 attacks (2, +1 for the slugga, +1 for charging), S4
(Furious Charge); a defending boy I2, 3 attacks, S3.  The charging Kaptin has I4, 4 attacks
(3, no slugga bonus with the two-handed 'Uge Choppa, +1 charging), S6 (4, +1 choppa, +1
Furious Charge); a Kaptin not charging I3, 3 attacks, S5.  Against T4: S6 wounds on 2+, S5
on 3+, S4 on 4+, S3 on 5+.  Saves: the Kaptin 4+, the others 5+; then Feel No Pain on 5+
while the ship's Mad Doc lives.
"""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.agents.random_player import RandomPlayer
from grapeshot.core.errors import IllegalAction
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Hull
from grapeshot.report import Words, narrate
from grapeshot.rulesets.jimlad import boarding, flow, krew, melee, melee_result
from grapeshot.rulesets.jimlad.actions import Distance, Fire, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.boarding import Board, BoardingOption, BoardPrompt
from grapeshot.rulesets.jimlad.damage import sink
from grapeshot.rulesets.jimlad.data import PROFILES, Role
from grapeshot.rulesets.jimlad.kannon import can_shoot, check_fire, grapeshot_targets, slugga_targets
from grapeshot.rulesets.jimlad.melee import Blows
from grapeshot.rulesets.jimlad.melee_result import FREED, LOCKED
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.jimlad.prompts import OrdersPrompt
from grapeshot.rulesets.jimlad.state import KrewModel, Sea, Ship, victory_points
from tests import support


def kinds(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def crew(*roles: Role, kaptin_wounds: int = 3) -> list[KrewModel]:
    return [KrewModel(r, kaptin_wounds if r == "kaptin" else PROFILES[r].w) for r in roles]


def roles(ship: Ship) -> list[str]:
    return [k.role for k in ship.krew]


def alongside(gap: float = 2.0, script: list[Any] | None = None, *, green: bool = False, **options: Any) -> Game:
    """Red and Blue side by side, ``gap`` inches apart, in turn 2's boarding phase; Red has sailed
    this turn.  With ``green``, a third ship lies 3" off Red's starboard side."""
    ships = [
        {"seat": "red", "name": "Red", "x": 30.0, "y": 36.0, "heading": 0.0},
        {"seat": "blue", "name": "Blue", "x": 30.0, "y": 40.0 + gap, "heading": 0.0},
    ]
    if green:
        ships.append({"seat": "green", "name": "Green", "x": 30.0, "y": 29.0, "heading": 0.0})
    g = support.game(support.scenario(ships, options=options), script=script or [])
    sea = support.sea(g)
    sea.turn = g.turn = 2
    sea.order = ("red", "blue", "green") if green else ("red", "blue")
    support.ship(g, "Red").sailed_turn = 2
    return g


def board(g: Game, boarder: str = "Red", target: str = "Blue") -> Any:
    """Launch one boarding action through :func:`boarding.attempt`; return its outcome."""
    sea = support.sea(g)
    option = next(o for o in boarding.boarding_options(sea, sea.ships[boarder].commander) if (o.boarder, o.target) == (boarder, target))
    return support.drive(boarding.attempt(g, sea, option, set()))


def spent(g: Game) -> bool:
    """Every scripted die was used: the rules rolled exactly what the test expects."""
    assert isinstance(g.dice, ScriptedDice)
    return g.dice.remaining == 0


def one(g: Game, kind: str) -> dict[str, Any]:
    """The one event of a kind, without its ``basis`` (the rules behind its numbers, checked apart)."""
    (e,) = kinds(g, kind)
    return support.plain(dict(e.data))


# --------------------------------------------------------------------------- JL-BOARD-1: coming alongside


@pytest.mark.rules("JL-BOARD-1")
@pytest.mark.parametrize(("gap", "need"), [(0.5, 2), (2.9, 2), (3.0, 2), (3.1, 3), (5.9, 3), (6.0, 3), (6.1, None)])
def test_grapnels_need_3_plus_within_6_inches_and_2_plus_within_3(gap: float, need: int | None) -> None:
    g = alongside(gap)
    options = boarding.boarding_options(support.sea(g), "red")
    if need is None:
        assert options == []
    else:
        assert [(o.boarder, o.target, o.need) for o in options] == [("Red", "Blue", need)]
        assert options[0].distance == pytest.approx(gap)


@pytest.mark.rules("JL-BOARD-1")
@pytest.mark.parametrize(("gap", "roll", "success"), [(4.0, 2, False), (4.0, 3, True), (2.0, 1, False), (2.0, 2, True)])
def test_the_grapnel_roll_decides_whether_the_boarders_cross(gap: float, roll: int, success: bool) -> None:
    g = alongside(gap, [roll])
    blue = support.ship(g, "Blue")
    blue.krew = []  # an empty deck: a boarding that holds wins at once, with no melee dice
    board(g)
    b = one(g, "boarding")
    assert b == {
        "boarder": "Red",
        "target": "Blue",
        "seat": "red",
        "distance": pytest.approx(gap),
        "need": 2 if gap <= 3 else 3,
        "roll": roll,
        "success": success,
    }
    [r] = [e for e in kinds(g, "roll") if e.rule == "JL-BOARD-1"]
    assert r.data["faces"] == [roll] and r.data["seat"] == "red"
    assert (blue.commander == "red") is success
    assert bool(kinds(g, "capture")) is success
    assert spent(g)


@pytest.mark.rules("JL-BOARD-1", "JL-DMG-5")
def test_only_a_ship_that_sailed_this_turn_unshaken_and_free_may_board() -> None:
    g = alongside(2.0)
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    assert boarding.cannot_board(sea, red) is None
    assert boarding.cannot_board(sea, blue) == "did not come alongside under a manoeuvre card this turn"
    assert [o.boarder for o in boarding.boarding_options(sea, "blue")] == []
    red.sailed_turn = 1  # sailed last turn, not this one
    assert boarding.boarding_options(sea, "red") == []
    red.sailed_turn = 2
    red.effects["shaken"] = 2
    assert boarding.cannot_board(sea, red) == "krew shaken (JL-DMG-5)"
    assert boarding.boarding_options(sea, "red") == []
    red.effects["shaken"] = 3  # shaken next turn only: free to board now
    assert [o.target for o in boarding.boarding_options(sea, "red")] == ["Blue"]
    red.grounded_on = "Rock"
    assert boarding.cannot_board(sea, red) == "aground on Rock"
    red.grounded_on = None
    red.docked_at = "Isle"
    assert boarding.cannot_board(sea, red) == "docked at Isle"
    red.docked_at = None
    red.krew = crew("kaptin")
    assert boarding.cannot_board(sea, red) == "too few Orks aboard (JL-KREW-5)"
    assert boarding.boarding_options(sea, "red") == []
    red.krew = crew("kaptin", "krew")
    blue.commander = "red"  # a friend is no target
    assert boarding.boarding_options(sea, "red") == []


@pytest.mark.rules("JL-BOARD-1", "JL-DMG-5", "JL-BOARD-2")
def test_a_shaken_ship_can_be_boarded_and_defends_in_full() -> None:
    # Blue is shaken; Red boards (2+), the Kaptins miss, Red's boy misses; Blue's boy still strikes
    g = alongside(2.0, [2, *[1] * 11, 4, 1, 1, 1])
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    blue.effects["shaken"] = 2
    blue.sailed_turn = 2
    red.krew, blue.krew = crew("kaptin", "krew"), crew("kaptin", "krew")
    assert boarding.cannot_board(support.sea(g), blue) == "krew shaken (JL-DMG-5)"
    board(g)
    m = one(g, "melee")
    assert m["steps"][-1] == {
        "initiative": 2,
        "strikes": [{"side": "defender", "fight": "mob", "ship": "Blue", "models": ["krew"], "attacks": 3, "strength": 3, "need": 4, "hits": 1, "caused": 0}],
    }
    assert spent(g)


@pytest.mark.rules("JL-BOARD-1")
def test_the_boarding_phase_offers_the_choice_and_checks_the_answer() -> None:
    g = alongside(4.0, [1])
    sea = support.sea(g)
    proc = boarding.boarding_phase(g, sea)
    prompt = next(proc)
    assert isinstance(prompt, BoardPrompt) and prompt.seats == ("red",) and prompt.rule == "JL-BOARD-1"
    assert prompt.describe()["options"] == [{"boarder": "Red", "target": "Blue", "distance": 4.0, "need": 3}]
    with pytest.raises(IllegalAction, match="possible: Red -> Blue"):
        prompt.check("red", Board("Blue", "Red"))
    with pytest.raises(IllegalAction):
        prompt.check("red", Board("Red", None))
    prompt.check("red", Board())
    prompt.check("red", Board("Red", "Blue"))
    # the grapnels fail on a 1; Red has had its try, so nothing more is offered
    with pytest.raises(StopIteration) as stop:
        proc.send(Board("Red", "Blue"))
    assert stop.value.value is None
    assert one(g, "boarding")["success"] is False
    assert support.ship(g, "Red").engaged is None


@pytest.mark.rules("JL-BOARD-1")
def test_passing_launches_nothing() -> None:
    g = alongside(2.0)
    assert support.drive(boarding.boarding_phase(g, support.sea(g)), [Board()]) is None
    assert kinds(g, "boarding") == []  # and no die was rolled: the script is empty


# --------------------------------------------------------------------------- JL-BOARD-2/3/8: the melee


@pytest.mark.rules("JL-BOARD-2", "JL-BOARD-8", "JL-KREW-2", "JL-KREW-3")
def test_blows_furious_charge_second_weapon_and_the_two_handed_choppa() -> None:
    boy, kaptin = KrewModel("krew", 1), KrewModel("kaptin", 3)
    assert melee.blows(boy, charging=True) == Blows(initiative=3, attacks=4, strength=4, ws=4)
    assert melee.blows(boy, charging=False) == Blows(initiative=2, attacks=3, strength=3, ws=4)
    assert melee.blows(kaptin, charging=True) == Blows(initiative=4, attacks=4, strength=6, ws=4)
    assert melee.blows(kaptin, charging=False) == Blows(initiative=3, attacks=3, strength=5, ws=4)
    assert melee.blows(KrewModel("doc", 1), charging=False) == Blows(2, 3, 3, 4)


@pytest.mark.rules("JL-BOARD-8")
@pytest.mark.parametrize(("ws", "enemy", "need"), [(4, 4, 4), (5, 4, 3), (4, 3, 3), (3, 4, 4), (4, 8, 4), (4, 9, 5), (2, 5, 5), (1, 2, 4), (1, 3, 5)])
def test_weapon_skill_chart(ws: int, enemy: int, need: int) -> None:
    assert melee.to_hit(ws, enemy) == need


# The big round: Red (Kaptin, Doc, boy) boards Blue (Kaptin with 3 wounds, two boyz; no Doc).
ROUND_ONE = [
    2,  # grapnels (need 2+ at 2")
    # I4: Red's charging Kaptin, 4 attacks: two hits on Blue's Kaptin (the rumble)
    4,
    3,
    6,
    1,
    2,
    3,  # wounds on 2+ (S6), his 4+ save fails on 3; no Doc aboard Blue: Blue's Kaptin loses a wound
    1,  # the second hit fails to wound
    # I3: Red's mob, Doc and boy, 8 attacks at S4: three hits on Blue's boyz, one each first
    5,
    5,
    5,
    1,
    1,
    1,
    1,
    1,
    4,
    5,  # first boy: wounded on 4, saved on 5
    6,
    2,  # second boy: wounded, save 2 fails: dead
    3,  # back to the first boy: 3 does not wound
    # I3 as well: Blue's Kaptin strikes Red's Kaptin, 3 attacks at S5
    6,
    6,
    2,
    3,
    1,
    5,  # wounded on 3, save 1 fails, Feel No Pain 5 (Red's Doc lives): shrugged off
    4,
    4,  # wounded on 4, saved on 4
    # I2: Blue's surviving boy, 3 attacks at S3, on Red's mob: the boy first, then the Doc
    4,
    4,
    1,
    5,
    1,
    2,  # Red's boy: wounded on 5, save 1, Feel No Pain 2: dead
    6,
    6,  # Red's Doc: wounded on 6, saved on 6
]


def big_round(ld_roll: tuple[int, int], **kw: Any) -> Game:
    g = alongside(2.0, [*ROUND_ONE, *ld_roll], **kw)
    support.ship(g, "Red").krew = crew("kaptin", "doc", "krew")
    support.ship(g, "Blue").krew = crew("kaptin", "krew", "krew")
    return g


@pytest.mark.rules("JL-BOARD-2", "JL-BOARD-3", "JL-BOARD-8", "JL-KREW-4")
def test_a_round_of_melee_strikes_in_initiative_order_with_exact_casualties() -> None:
    g = big_round((3, 4))
    board(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    assert roles(red) == ["kaptin", "doc"] and red.kaptin is not None and red.kaptin.wounds == 3
    assert roles(blue) == ["kaptin", "krew"] and blue.kaptin is not None and blue.kaptin.wounds == 2
    m = one(g, "melee")
    assert (m["attacker"], m["defender"], m["round"], m["charge"]) == ("Red", "Blue", 1, True)
    assert m["steps"] == [
        {
            "initiative": 4,
            "strikes": [
                {"side": "attacker", "fight": "rumble", "ship": "Red", "models": ["kaptin"], "attacks": 4, "strength": 6, "need": 4, "hits": 2, "caused": 1}
            ],
        },
        {
            "initiative": 3,
            "strikes": [
                {"side": "attacker", "fight": "mob", "ship": "Red", "models": ["doc", "krew"], "attacks": 8, "strength": 4, "need": 4, "hits": 3, "caused": 1},
                {"side": "defender", "fight": "rumble", "ship": "Blue", "models": ["kaptin"], "attacks": 3, "strength": 5, "need": 4, "hits": 2, "caused": 0},
            ],
        },
        {
            "initiative": 2,
            "strikes": [
                {"side": "defender", "fight": "mob", "ship": "Blue", "models": ["krew"], "attacks": 3, "strength": 3, "need": 4, "hits": 2, "caused": 1}
            ],
        },
    ]
    assert m["sides"] == {
        "attacker": {"ship": "Red", "attacks": 12, "hits": 5, "wounding": 3, "saved": 1, "fnp": 0, "caused": 2, "killed": ["krew"], "left": 2},
        "defender": {"ship": "Blue", "attacks": 6, "hits": 4, "wounding": 4, "saved": 2, "fnp": 1, "caused": 1, "killed": ["krew"], "left": 2},
    }
    assert m["rumble"] == {
        "attacker": {"attacks": 4, "hits": 2, "caused": 1, "wounds_left": 3},
        "defender": {"attacks": 3, "hits": 2, "caused": 0, "wounds_left": 2},
    }
    # the rolls: one to-hit roll per group, then each hit to wound, save and Feel No Pain on its own
    assert [e.data["expr"] for e in kinds(g, "roll") if e.rule == "JL-BOARD-3" and e.data["expr"] != "D6"] == ["4D6", "8D6", "3D6", "3D6"]
    w = [(e.data["model"], e.data["strength"], e.data["need"], e.data.get("save_need"), e.data["wounded"]) for e in kinds(g, "wound")]
    assert w == [
        ("kaptin", 6, 2, 4, True),
        ("kaptin", 6, 2, None, False),
        ("krew", 4, 4, 5, False),
        ("krew", 4, 4, 5, True),
        ("krew", 4, 4, None, False),
        ("kaptin", 5, 3, 4, False),
        ("kaptin", 5, 3, 4, False),
        ("krew", 3, 5, 5, True),
        ("doc", 3, 5, 5, False),
    ]
    assert all(e.rule == "JL-BOARD-3" for e in kinds(g, "wound"))
    assert spent(g)


@pytest.mark.rules("JL-BOARD-4", "JL-BOARD-6", "JL-BOARD-7", "JL-WIN-2")
def test_the_loser_fails_its_leadership_test_and_loses_ship_krew_and_gold() -> None:
    g = big_round((4, 4))
    outcome = board(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    c = one(g, "combat-result")
    assert c == {
        "attacker": "Red",
        "defender": "Blue",
        "round": 1,
        "wounds": {"attacker": 2, "defender": 1},
        "ld": 8,
        "difference": 1,
        "need": 7,
        "roll": 8,
        "passed": False,
        "result": "beaten",
        "loser": "Blue",
        "winner": "Red",
        "locked": False,
    }
    [ld] = [e for e in kinds(g, "roll") if e.rule == "JL-BOARD-4"]
    assert ld.data["expr"] == "2D6" and ld.data["faces"] == [4, 4] and ld.data["seat"] == "blue"
    # Blue, her Kaptin and her surviving boy now serve Red; her gold is in Red's hold
    assert blue.commander == "red" and blue.owner == "blue"
    assert roles(blue) == ["kaptin", "krew"] and roles(red) == ["kaptin", "doc"]
    assert (blue.gold, red.gold) == (0, 10)
    assert red.engaged is None and blue.engaged is None and support.sea(g).fights == []
    cap = one(g, "capture")
    assert cap == {
        "ship": "Blue",
        "by": "Red",
        "seat": "red",
        "was": "blue",
        "boarder_lost": False,
        "krew": ["kaptin", "krew"],
        "winner_krew": ["kaptin", "doc"],
        "moved": [],
    }
    assert one(g, "plunder") == {"ship": "Blue", "to": "Red", "gold": 5, "total": 10}
    assert [e.rule for e in g.events if e.kind in ("capture", "plunder")] == ["JL-BOARD-6", "JL-BOARD-7"]
    assert victory_points(support.sea(g)) == {"red": 1, "blue": 0}
    # the last enemy ship taken: Weez Da Only Fleet
    assert outcome is not None and (outcome.winners, outcome.objective) == (("red",), "weez-da-only-fleet")
    assert kinds(g, "victory")[-1].rule == "JL-WIN-2"
    assert spent(g)


@pytest.mark.rules("JL-BOARD-4", "JL-BOARD-5", "JL-BOARD-8", "JL-SHOOT-4", "JL-SHOOT-5")
def test_a_passed_leadership_test_keeps_the_ships_locked_and_out_of_the_shooting() -> None:
    g = big_round((3, 4), green=True, grapeshot="d3")
    sea = support.sea(g)
    red, blue, green = (support.ship(g, n) for n in ("Red", "Blue", "Green"))
    # before the fight, Green could sweep Red's deck and pistol her krew
    assert [t.name for t in grapeshot_targets(sea, green, "port")] == ["Red"]
    assert [t.name for t in slugga_targets(sea, green)] == ["Red"]
    assert board(g) is None
    c = one(g, "combat-result")
    assert (c["loser"], c["need"], c["roll"], c["passed"], c["result"], c["locked"]) == ("Blue", 7, 7, True, "held", True)
    assert blue.commander == "blue" and (red.gold, blue.gold) == (5, 5)
    assert (red.engaged, blue.engaged) == ("Blue", "Red")
    assert red.held == (3, LOCKED) and blue.held == (3, LOCKED)
    assert can_shoot(sea, red) == can_shoot(sea, blue) == "locked in a boarding action"
    assert grapeshot_targets(sea, green, "port") == [] and slugga_targets(sea, green) == []
    assert slugga_targets(sea, red) == []
    assert kinds(g, "capture") == []
    assert spent(g)


@pytest.mark.rules("JL-BOARD-4")
def test_a_draw_needs_no_leadership_test() -> None:
    # Red (Kaptin, boy) boards Blue (Kaptin, boy): every blow misses
    g = alongside(2.0, [2, *[1] * 4, *[1] * 4, *[1] * 3, *[1] * 3])
    support.ship(g, "Red").krew = crew("kaptin", "krew")
    support.ship(g, "Blue").krew = crew("kaptin", "krew")
    board(g)
    c = one(g, "combat-result")
    assert c == {
        "attacker": "Red",
        "defender": "Blue",
        "round": 1,
        "wounds": {"attacker": 0, "defender": 0},
        "result": "draw",
        "loser": None,
        "winner": None,
        "locked": True,
    }
    assert [e for e in kinds(g, "roll") if e.rule == "JL-BOARD-4"] == []
    assert support.ship(g, "Red").engaged == "Blue"
    assert spent(g)


# Round one of the rumble fight: Red (Kaptin, boy) boards Blue (Kaptin, boy); nobody has a Doc.
RUMBLE_ONE = [
    2,  # grapnels
    1,
    1,
    1,
    1,  # I4: Red's Kaptin misses Blue's
    4,
    4,
    1,
    1,  # I3: Red's boy hits twice: both on Blue's boy, none on Blue's Kaptin in the rumble
    1,
    1,  # neither wounds (S4 needs 4)
    5,
    5,
    5,  # I3: Blue's Kaptin hits Red's three times
    3,
    1,
    3,
    1,
    3,
    1,  # three wounds through his 4+ save: Red's Kaptin is dead
    1,
    1,
    1,  # I2: Blue's boy misses
    2,
    2,  # Red's best leadership is now a boy's 7, less 3: passes on 4
]
# Round two, a turn later: no charge; Red's Kaptin is gone, so Blue's joins the mob
RUMBLE_TWO = [
    1,
    1,
    1,  # I3: Blue's Kaptin, 3 attacks, misses Red's boy
    4,
    4,
    4,  # I2: Red's boy (3 attacks at S3): three hits on Blue's mob, the boy first
    5,
    1,  # Blue's boy: wounded on 5, save 1: dead (no Doc)
    6,
    1,  # then Blue's Kaptin, the last one left: wounded, save 1: 2 wounds left
    1,  # no wound
    1,
    1,
    1,  # I2 too: Blue's boy strikes as he falls, and misses
    6,
    6,  # Blue's leadership 8, less 2: fails on 12
]


@pytest.mark.rules("JL-BOARD-3", "JL-BOARD-4", "JL-BOARD-5", "JL-BOARD-6", "JL-BOARD-8")
def test_the_kaptins_rumble_then_a_second_round_next_turn() -> None:
    g = alongside(2.0, [*RUMBLE_ONE, *RUMBLE_TWO])
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew = crew("kaptin", "krew")
    blue.krew = crew("kaptin", "krew")
    assert board(g) is None
    m = one(g, "melee")
    assert [(s["initiative"], [(x["side"], x["fight"], x["hits"], x["caused"]) for x in s["strikes"]]) for s in m["steps"]] == [
        (4, [("attacker", "rumble", 0, 0)]),
        (3, [("attacker", "mob", 2, 0), ("defender", "rumble", 3, 3)]),
        (2, [("defender", "mob", 0, 0)]),
    ]
    assert [e.data["model"] for e in kinds(g, "wound")] == ["krew", "krew", "kaptin", "kaptin", "kaptin"]
    assert m["rumble"]["defender"] == {"attacks": 3, "hits": 3, "caused": 3, "wounds_left": 3}
    assert m["rumble"]["attacker"]["wounds_left"] == 0
    c = one(g, "combat-result")
    assert (c["loser"], c["ld"], c["difference"], c["need"], c["roll"], c["result"]) == ("Red", 7, 3, 4, 4, "held")
    assert roles(red) == ["krew"] and red.hulk  # one Ork left aboard: the ship is a hulk, but fights on
    assert sea.fights[0].rounds == 1

    # the next turn: the ships are held in the movement phase, and the fight goes on in the boarding phase
    sea.turn = g.turn = 3
    assert red.held_this(3) == blue.held_this(3) == LOCKED
    outcome = support.drive(boarding.boarding_phase(g, sea))
    melees = kinds(g, "melee")
    assert len(melees) == 2
    m2 = dict(melees[1].data)
    assert (m2["round"], m2["charge"], m2["rumble"]) == (2, False, None)
    assert [(s["initiative"], [(x["side"], x["models"], x["attacks"], x["strength"], x["hits"], x["caused"]) for x in s["strikes"]]) for s in m2["steps"]] == [
        (3, [("defender", ["kaptin"], 3, 5, 0, 0)]),
        (2, [("attacker", ["krew"], 3, 3, 3, 2), ("defender", ["krew"], 3, 3, 0, 0)]),
    ]
    c2 = kinds(g, "combat-result")[-1].data
    assert (c2["round"], c2["wounds"], c2["loser"], c2["need"], c2["roll"], c2["result"]) == (2, {"attacker": 2, "defender": 0}, "Blue", 6, 12, "beaten")
    # Blue, with her wounded Kaptin, is Red's; neither ship has two Orks, and Kaptins never change ships
    assert blue.commander == "red" and blue.kaptin is not None and blue.kaptin.wounds == 2
    assert roles(blue) == ["kaptin"] and roles(red) == ["krew"]
    assert outcome is not None and outcome.objective == "weez-da-only-fleet"
    assert spent(g)


@pytest.mark.rules("JL-BOARD-6", "JL-BOARD-2", "JL-BOARD-7", "JL-WIN-2")
def test_a_boarder_who_loses_loses_his_own_ship() -> None:
    # Red's two boyz (no Kaptin, no Doc) board Blue (Kaptin, Doc, two boyz): no rumble, so Blue's
    # Kaptin fights in the mob; at I3 he strikes together with the charging boyz
    g = alongside(2.0, [2, *[1] * 8, 6, 6, 6, 3, 1, 3, 1])
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew = crew("krew", "krew")
    blue.krew = crew("kaptin", "doc", "krew", "krew")
    outcome = board(g)
    m = one(g, "melee")
    assert m["rumble"] is None
    assert [(s["initiative"], [(x["side"], x["models"], x["attacks"], x["hits"]) for x in s["strikes"]]) for s in m["steps"]] == [
        (3, [("attacker", ["krew", "krew"], 8, 0), ("defender", ["kaptin"], 3, 3)]),
    ]
    c = one(g, "combat-result")
    assert (c["result"], c["loser"], c["winner"], c["wounds"]) == ("wiped-out", "Red", "Blue", {"attacker": 0, "defender": 2})
    assert "roll" not in c  # no Orks left: beaten at once, no test
    cap = one(g, "capture")
    assert (cap["ship"], cap["by"], cap["seat"], cap["was"], cap["boarder_lost"]) == ("Red", "Blue", "blue", "red", True)
    # Red's deck is empty: two of Blue's boyz stay aboard to work her
    assert roles(red) == ["krew", "krew"] and roles(blue) == ["kaptin", "doc"]
    assert cap["moved"] == [{"model": "krew", "from": "Blue", "to": "Red"}, {"model": "krew", "from": "Blue", "to": "Red"}]
    assert red.commander == "blue" and (red.gold, blue.gold) == (0, 10)
    assert outcome is not None and outcome.winners == ("blue",) and outcome.objective == "weez-da-only-fleet"
    assert spent(g)


@pytest.mark.rules("JL-BOARD-6", "JL-BOARD-8")
@pytest.mark.parametrize(
    ("winner", "captured", "after_winner", "after_captured"),
    [
        (("kaptin", "doc", "krew", "krew", "krew"), (), ["kaptin", "doc", "krew"], ["krew", "krew"]),
        (("kaptin", "doc", "krew"), (), ["kaptin", "doc"], ["krew"]),
        (("kaptin",), ("kaptin", "krew", "krew", "doc"), ["kaptin", "krew"], ["kaptin", "krew", "doc"]),
        (("krew",), ("krew",), ["krew", "krew"], []),
        (("kaptin", "krew"), ("kaptin", "doc"), ["kaptin", "krew"], ["kaptin", "doc"]),
    ],
)
def test_krew_are_shared_so_both_ships_are_worked_when_there_are_enough(
    winner: tuple[Role, ...], captured: tuple[Role, ...], after_winner: list[str], after_captured: list[str]
) -> None:
    g = alongside()
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew, blue.krew = crew(*winner), crew(*captured)
    melee_result.place_krew(blue, red)
    assert (roles(red), roles(blue)) == (after_winner, after_captured)


@pytest.mark.rules("JL-BOARD-4", "JL-BOARD-6")
def test_a_lone_kaptin_faces_the_mob_once_his_boyz_are_gone() -> None:
    # Red (Kaptin, boy) boards Blue (Kaptin alone): the rumble, and Red's boy, with no enemy mob
    # to fight, piles onto Blue's Kaptin
    g = alongside(2.0, [2, 1, 1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 1])
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew = crew("kaptin", "krew")
    blue.krew = crew("kaptin", kaptin_wounds=1)
    board(g)
    m = one(g, "melee")
    assert [(s["initiative"], [(x["fight"], x["hits"], x["caused"]) for x in s["strikes"]]) for s in m["steps"]] == [
        (4, [("rumble", 0, 0)]),
        (3, [("mob", 1, 1), ("rumble", 0, 0)]),
    ]
    assert blue.krew == [] and blue.commander == "red"
    assert one(g, "combat-result")["result"] == "wiped-out"
    assert spent(g)


# --------------------------------------------------------------------------- JL-BOARD-5: locked ships


@pytest.mark.rules("JL-BOARD-5", "JL-TURN-3", "JL-TURN-4")
def test_locked_ships_neither_move_nor_shoot_and_fight_on_in_the_turn_sequence() -> None:
    g = alongside(2.0, [2, *[1] * 14])
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew = crew("kaptin", "krew")
    blue.krew = crew("kaptin", "krew")
    board(g)
    assert one(g, "combat-result")["result"] == "draw"
    before = (red.hull, blue.hull)
    sea.turn = g.turn = 3
    sea.order = ("blue", "red")
    # movement: neither ship is given orders; both are held where they lie
    support.drive(flow.movement_phase(g, sea))
    assert (red.hull, blue.hull) == before
    assert [(e.data["ship"], e.data["why"]) for e in kinds(g, "no-move")] == [("Blue", LOCKED), ("Red", LOCKED)]
    assert kinds(g, "orders") == []
    # shooting: both hold fire
    support.drive(flow.shooting_phase(g, sea))
    assert sorted((e.data["ship"], e.data["why"]) for e in kinds(g, "holds-fire")) == [("Blue", LOCKED), ("Red", LOCKED)]
    # boarding: Blue's seat comes first in the sequence, so the second round is fought in its turn;
    # neither ship may launch another boarding action
    g.dice = ScriptedDice([*[1] * 3, *[1] * 3, *[1] * 3, *[1] * 3])
    assert support.drive(flow.boarding_phase(g, sea)) is None
    m = kinds(g, "melee")[-1]
    assert m.data["round"] == 2 and m.data["charge"] is False
    assert len(kinds(g, "boarding")) == 1
    assert boarding.first_seat(sea, sea.fights[0]) == "blue"
    assert red.held == (4, LOCKED) and blue.held == (4, LOCKED)
    assert spent(g)


@pytest.mark.rules("JL-BOARD-5")
def test_a_locked_ship_that_sinks_frees_the_other() -> None:
    g = alongside(2.0, [2, *[1] * 14])
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew = crew("kaptin", "krew")
    blue.krew = crew("kaptin", "krew")
    board(g)
    assert red.engaged == "Blue"
    sink(g, sea, blue, "green", "test")
    assert red.engaged is None and red.held is None and sea.fights == []
    assert one(g, "boarding-ends") == {"attacker": "Red", "defender": "Blue", "why": "Blue has gone down"}
    assert can_shoot(sea, red) is None


@pytest.mark.rules("JL-BOARD-5", "JL-TURN-3")
def test_a_ship_freed_before_the_movement_phase_is_ordered_and_sails() -> None:
    # Red and Blue fight a drawn round in turn 2's boarding phase: both are held for turn 3.
    # Blue goes down in turn 3's events phase (a mine, say): Red is free for that turn's
    # movement, so it is asked for its orders (the auditor found it held "locked" instead)
    g = alongside(2.0, [2, *[1] * 14])
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew = crew("kaptin", "krew")
    blue.krew = crew("kaptin", "krew")
    board(g)
    assert red.held == (3, LOCKED)
    sea.turn = g.turn = 3
    sea.order = ("red", "blue")
    sink(g, sea, blue, None, "a mine")
    assert red.engaged is None and red.held is None
    prompt = next(flow.movement_phase(g, sea))
    assert isinstance(prompt, OrdersPrompt) and list(prompt.choices) == ["red"] and list(prompt.choices["red"]) == ["Red"]


@pytest.mark.rules("JL-BOARD-5", "JL-TURN-3")
def test_a_ship_freed_after_the_orders_were_given_lies_still_that_turn() -> None:
    # Red and Blue are locked in turn 3; Green (moving first) crashes into Blue, down to her last
    # hull point, and sinks her.  Red, freed after the orders were given, has none: it does not move
    g = alongside(2.0, [2, *[1] * 14], green=True)
    sea = support.sea(g)
    red, blue, green = (support.ship(g, n) for n in ("Red", "Blue", "Green"))
    red.krew = crew("kaptin", "krew")
    blue.krew = crew("kaptin", "krew")
    board(g)
    sea.turn = g.turn = 3
    sea.order = ("green", "red", "blue")
    blue.hull_points = 1
    green.hull = Hull(30.0, 58.0, 270.0, green.length, green.width)  # bow 9" off Blue's port side, heading at her
    # All Stop: 3D6 less the Goffs' D6 (5"); the crash at S7 (6 for the distance, +1 Goffs; the
    # courses cross square): 6 penetrates Blue's 12, no save; Blue sinks; Green is struck, 1: nothing
    g.dice = ScriptedDice([2, 2, 2, 1, 6, 1, 1])
    orders = Orders((ManoeuvreOrder("Green", 4, "none", "start"),))
    support.drive(flow.movement_phase(g, sea), [orders, Distance(3.0)])
    assert not blue.afloat and red.engaged is None
    assert [(e.data["ship"], e.data["why"]) for e in kinds(g, "no-move")] == [("Red", FREED)]
    assert [e.data["ship"] for e in kinds(g, "move")] == ["Green"]


@pytest.mark.rules("JL-BOARD-5", "JL-KREW-6")
def test_a_locked_hulk_is_not_taken_over_from_outside_the_fight() -> None:
    g = alongside(2.0, [2, *[1] * 14], green=True)
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    red.krew = crew("kaptin", "krew")
    blue.krew = crew("kaptin", "krew")
    board(g)
    red.krew = crew("krew")  # Red is a hulk now, still locked
    sea.turn = g.turn = 3
    g.dice = ScriptedDice([1] * 9)  # the second round: every blow misses
    assert support.drive(boarding.boarding_phase(g, sea)) is None  # and no seat is asked anything
    assert krew.takeover_options(sea, "green") == [("Red", "Green")]  # Green could reach Red, were she free
    assert red.engaged == "Blue" and red.commander == "red"
    assert spent(g)


# --------------------------------------------------------------------------- the flow, and the players


@pytest.mark.rules("JL-BOARD-1", "JL-TURN-5", "JL-WIN-2")
def test_a_ship_that_sails_alongside_boards_in_the_boarding_phase_and_wins_the_game() -> None:
    # Red, astern of Blue, sails All Stop (3" + the card's 8" + her 10") to lie 2" off Blue's
    # side; Blue's deck is empty.  In the boarding phase, measured there, Red may board (2+):
    # the seat is asked, the grapnels hold on a 2 and the last enemy ship is taken.
    sc = support.duel(red={"x": 9.0, "klan": "deff-skulls"}, blue={"x": 30.0, "y": 42.0, "heading": 0.0})
    g = support.game(sc, script=[1, 1, 1, 2])
    sea = support.sea(g)
    sea.turn = g.turn = 2
    sea.order = ("red", "blue")
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    blue.krew = []
    blue.held = (2, "test: lies still")
    assert boarding.boarding_options(sea, "red") == []  # not yet sailed, and 13" off
    support.drive(flow.movement_phase(g, sea), [Orders((ManoeuvreOrder("Red", 4),))])
    assert red.sailed_turn == 2 and red.hull.x == pytest.approx(30.0)
    asked: list[BoardPrompt] = []

    def accept(p: Any) -> Board:
        asked.append(p)
        return Board("Red", "Blue")

    outcome = support.drive(flow.boarding_phase(g, sea), [accept])
    assert [(o.boarder, o.target, o.need) for o in asked[0].options] == [("Red", "Blue", 2)]
    assert one(g, "boarding")["distance"] == pytest.approx(2.0)
    assert blue.commander == "red" and roles(blue) == ["krew", "krew"]
    assert outcome is not None and outcome.objective == "weez-da-only-fleet"
    assert kinds(g, "victory")[-1].phase == "boarding"
    assert spent(g)


@pytest.mark.rules("JL-BOARD-1")
def test_the_heuristic_boards_with_the_odds_and_passes_against_them() -> None:
    g = alongside(2.0)
    sea = support.sea(g)
    red, blue = support.ship(g, "Red"), support.ship(g, "Blue")
    prompt = BoardPrompt(("red",), "JL-BOARD-1", "", (Board,), [BoardingOption("Red", "Blue", 2.0, 2)])
    assert HeuristicPlayer(0).act(g, "red", prompt) == Board("Red", "Blue")  # seven against seven, with the charge
    red.krew = crew("kaptin", "krew", "krew", "krew")
    assert HeuristicPlayer(0).act(g, "red", prompt) == Board()  # outnumbered
    blue.krew = crew("krew", "krew", "krew", "krew")
    assert HeuristicPlayer(0).act(g, "red", prompt) == Board("Red", "Blue")  # the Kaptin evens it
    blue.krew = crew("krew")  # a hulk is taken over later in the phase, without a fight
    assert HeuristicPlayer(0).act(g, "red", prompt) == Board()
    for seed in range(10):
        action = RandomPlayer(seed).act(g, "red", prompt)
        prompt.check("red", action)
    assert {RandomPlayer(s).act(g, "red", prompt) for s in range(20)} == {Board(), Board("Red", "Blue")}
    assert isinstance(sea, Sea)


@pytest.mark.rules("JL-BOARD-4", "JL-BOARD-6", "JL-BOARD-7")
def test_the_battle_report_tells_the_boarding() -> None:
    g = big_round((4, 4))
    board(g)
    lines = [line for line in narrate(g.events, Words.of(g)) if "BOARD" in line]
    assert lines == [
        'Red tries to board Blue, 2.0" off (needs 2+): rolls 2, the grapnels bite and the boyz swarm across.  [JL-BOARD-1]',
        "  Blue's krew is killed.  [JL-BOARD-3]",
        "  Red's krew is killed.  [JL-BOARD-3]",
        "  Boarding melee, the charge: Red 12 attacks, 5 hits, 2 wounds; Blue 6 attacks, 4 hits, 1 wound. Kaptin's rumble: 1 wound to 0.  [JL-BOARD-2]",
        "  Blue loses the melee by 1: leadership 8 against 7, the krew break.  [JL-BOARD-4]",
        "Red captures Blue for red; aboard her now: kaptin, krew.  [JL-BOARD-6]",
        "  5 gold is carried from Blue to Red.  [JL-BOARD-7]",
    ]


@pytest.mark.rules("JL-BOARD-5", "JL-SHOOT-4")
def test_no_grapeshot_template_over_the_decks_of_a_boarding_action() -> None:
    g = alongside(2.0, [2, *[1] * 14], green=True)
    sea = support.sea(g)
    support.ship(g, "Red").krew = crew("kaptin", "krew")
    support.ship(g, "Blue").krew = crew("kaptin", "krew")
    green = support.ship(g, "Green")
    sweep = Fire("port", "grapeshot", aim=(32.5, 36.0))  # from Green's port kannon over the boy on Red's deck
    check_fire(sea, green, sweep)
    board(g)
    assert one(g, "combat-result")["result"] == "draw"
    with pytest.raises(IllegalAction, match="boarding action"):
        check_fire(sea, green, sweep)
    assert spent(g)
