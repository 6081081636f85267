"""The non-player models (JL-NPC-1..3): floating mines, Da Kraken, Da Dred NoOrk and Da Chinork.

Geometry (``support.duel``): Red's hull is 10" x 4" centred on (30, 36) heading east (x 25..35,
y 34..38); Blue's on (60, 36) heading west (x 55..65, its bow at x 55); the table is 120" x 72".
A mine is a disc 1" across, the Kraken one 4" across, the sub a 6" x 2" hull.  Models that move
stop 0.005" (the clearance) short of what they meet.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import CLEARANCE, Hull, Vec, point_hull_distance
from grapeshot.report import Words
from grapeshot.rulesets.jimlad import chinork, discs, flow, kannon, kraken, mines, movement, npc, submarine, torpedoes
from grapeshot.rulesets.jimlad.actions import Fire, ManoeuvreOrder, Orders, Torpedoes
from grapeshot.rulesets.jimlad.data import KRAKEN_RADIUS, MINE_RADIUS, Card
from grapeshot.rulesets.jimlad.state import Kraken, Mine, Sub
from tests.support import drive, duel, game, plain, scenario, sea, ship


def ev(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) | {"rule": e.rule} for e in g.events if e.kind == kind]


def used_up(g: Game) -> None:
    assert isinstance(g.dice, ScriptedDice)
    assert g.dice.remaining == 0, "the scripted dice were not all used"


def run(g: Game, proc: Any, answers: Any = ()) -> Any:
    out = drive(proc, answers)
    used_up(g)
    return out


# --------------------------------------------------------------------------- JL-NPC-1: laying the mines


@pytest.mark.rules("JL-NPC-1", "JL-NPC-3")
def test_as_many_mines_as_seats_are_laid_on_a_grid_picked_by_dice() -> None:
    # two seats, two mines; the table less 18.5" all round is 83" x 35", cut into 36 x 36 steps.
    # Mine 1: column dice 6 6 (step 35), row dice 6 6 (step 35); Mine 2: column 5 6 (step 29), row 1 3 (step 2).
    # Then the wind of turn 1.
    sc = duel(options={"random_events": True})
    g = Game("jimlad", sc, dice=ScriptedDice([6, 6, 6, 6, 5, 6, 1, 3, 90.0]))
    s = sea(g)
    assert s.mines_total == 2
    x = lambda step: 18.5 + 83.0 * (step + 0.5) / 36.0  # noqa: E731
    y = lambda step: 18.5 + 35.0 * (step + 0.5) / 36.0  # noqa: E731
    assert [(m.name, pytest.approx((m.x, m.y))) for m in s.mines] == [("Mine 1", (x(35), y(35))), ("Mine 2", (x(29), y(2)))]
    placed = ev(g, "mine-placed")
    assert [(p["mine"], p["how"], p["tries"], p["rule"]) for p in placed] == [("Mine 1", "setup", 1, "JL-NPC-1"), ("Mine 2", "setup", 1, "JL-NPC-1")]
    assert ev(g, "models") == [{"mines": 2, "chinork_pad": None, "landing_pads": [], "rule": "JL-NPC-3"}]
    assert [m["name"] for m in g.view(None)["state"]["mines"]] == ["Mine 1", "Mine 2"]


@pytest.mark.rules("JL-NPC-1")
def test_a_spot_on_a_ship_or_near_a_dock_is_rolled_again() -> None:
    # a dock on the north edge.  Mine 1's first spot, column 1 5 (step 4: x 28.9) and row 3 6
    # (step 17: y 35.5), lies on Red; its second, column 4 2 (step 19: x 63.5) and row 6 6 (step 35:
    # y 53.0), 15" from the dock; the third, column 5 6 (step 29: x 86.5), row 1 3 (step 2: y 20.9),
    # is clear.  Mine 2: 6 6, 6 6 (x 100.4, y 52.5).
    dock = {"kind": "dock", "name": "Quay", "polygon": [[40, 68], [80, 68], [80, 72], [40, 72]]}
    sc = duel(options={"random_events": True}, terrain=[dock])
    g = Game("jimlad", sc, dice=ScriptedDice([1, 5, 3, 6, 4, 2, 6, 6, 5, 6, 1, 3, 6, 6, 6, 6, 0.0]))
    s = sea(g)
    tries = [p["tries"] for p in ev(g, "mine-placed")]
    assert tries == [3, 1]
    for m in s.mines:
        p = Vec(m.x, m.y)
        assert point_hull_distance(p, ship(g, "Red").hull) >= MINE_RADIUS + 18.0
        assert s.terrain[0].shape is not None and s.terrain[0].shape.distance_to(p) >= 18.0 + MINE_RADIUS


@pytest.mark.rules("JL-NPC-1")
def test_a_spot_within_18_inches_of_a_ship_is_moved_clear_so_no_card_is_forced_onto_a_mine() -> None:
    # ruling (revision 3): a mine lies 18" clear of every ship, as of the edges and docks.  Mine 1's
    # spot, column 4 2 (x 63.5) and row 1 3 (y 20.9), is a good spot 13" off Blue's hull (y 34..38):
    # it is moved, with no more dice, to the nearest grid point 18" clear of both ships.  Mine 2:
    # 6 6, 6 6 (x 100.4, y 52.5), clear.  Then the wind.
    sc = duel(options={"random_events": True})
    g = Game("jimlad", sc, dice=ScriptedDice([4, 2, 1, 3, 6, 6, 6, 6, 90.0]))
    s = sea(g)
    placed = ev(g, "mine-placed")
    assert [p["tries"] for p in placed] == [1, 1]
    x = lambda step: 18.5 + 83.0 * (step + 0.5) / 36.0  # noqa: E731
    y = lambda step: 18.5 + 35.0 * (step + 0.5) / 36.0  # noqa: E731
    assert placed[0]["moved_from"] == [pytest.approx(x(19), abs=1e-3), pytest.approx(y(2), abs=1e-3)]
    assert "moved_from" not in placed[1]
    for m in s.mines:
        assert all(point_hull_distance(Vec(m.x, m.y), sh.hull) >= MINE_RADIUS + 18.0 for sh in s.ships.values())
    first = s.mines[0]
    rolled = Vec(*placed[0]["moved_from"])
    # the nearest: no grid point closer to the rolled spot is 18" clear of both ships
    grid = [Vec(x(i), y(j)) for i in range(36) for j in range(36)]
    nearer = [c for c in grid if math.dist((c.x, c.y), (rolled.x, rolled.y)) < math.dist((first.x, first.y), (rolled.x, rolled.y)) - 1e-9]
    assert all(any(point_hull_distance(c, sh.hull) < MINE_RADIUS + 18.0 for sh in s.ships.values()) for c in nearer)
    said = Words.of(g).describe(next(e for e in g.events if e.kind == "mine-placed"))
    assert said is not None and "moved there from" in said and '18" clear of every ship' in said


@pytest.mark.rules("JL-NPC-1")
def test_mines_are_laid_at_least_18_inches_from_the_edges_docks_and_ships_and_clear_of_everything() -> None:
    sc = load_scenario("brawl", "jimlad")
    for seed in range(40):
        g = Game("jimlad", sc, seed=seed)
        s = sea(g)
        assert s.mines_total == 4 and len(s.mines) == 4
        for m in s.mines:
            p = Vec(m.x, m.y)
            assert s.table.edge_distance(p) >= 18.0 + MINE_RADIUS
            for t in s.terrain:
                if t.shape is not None:
                    need = 18.0 + MINE_RADIUS if t.kind in ("dock", "harbour") else 1.0 + MINE_RADIUS
                    assert t.shape.distance_to(p) >= need, (seed, m, t.name)
            assert all(point_hull_distance(p, sh.hull) >= 18.0 + MINE_RADIUS for sh in s.ships.values())
            assert all(math.dist((m.x, m.y), (o.x, o.y)) >= 2 * MINE_RADIUS + 1.0 for o in s.mines if o is not m)


@pytest.mark.rules("JL-NPC-1", "JL-TURN-2")
def test_mines_drift_every_turn_from_turn_two_only() -> None:
    sc = load_scenario("duel", "jimlad")
    g = Game("jimlad", sc, seed=3)
    play_out(g, {"red": make("heuristic", 1, "jimlad"), "blue": make("heuristic", 2, "jimlad")})
    drifts = [e for e in g.events if e.kind == "mine-drift"]
    assert drifts and min(e.turn for e in drifts) == 2
    assert all(e.phase == "events" for e in drifts)


# --------------------------------------------------------------------------- JL-NPC-1: drift and detonation


def with_mine(x: float, y: float, **kw: Any) -> Game:
    g = game(duel(**kw))
    s = sea(g)
    s.mines_total = 2
    s.mines.append(Mine("Mine 1", x, y))
    s.mines_named = 1
    return g


@pytest.mark.rules("JL-NPC-1")
def test_a_mine_drifts_d6_in_a_scatter_direction() -> None:
    g = with_mine(60.0, 60.0)
    g.dice = ScriptedDice(["hit", 90.0, 4])
    run(g, mines.mines_drift(g, sea(g)))
    m = sea(g).mines[0]
    assert (m.x, m.y) == pytest.approx((60.0, 64.0))
    assert ev(g, "mine-drift") == [
        {"mine": "Mine 1", "direction": 90.0, "inches": 4.0, "travelled": 4.0, "start": [60.0, 60.0], "end": [60.0, 64.0], "contact": None, "rule": "JL-NPC-1"}
    ]


@pytest.mark.rules("JL-NPC-1")
def test_a_mine_drifting_into_a_ship_detonates_at_s8_on_the_facing_towards_it() -> None:
    # 4" north of Red's port side: it drifts 6" south but meets the hull after 3.495";
    # S8 + 4 = 12 against the port armour 12: glancing; the ramshackle save fails
    g = with_mine(30.0, 42.0)
    g.dice = ScriptedDice([270.0, 6, 4, 2])
    run(g, mines.mines_drift(g, sea(g)))
    [d] = ev(g, "mine-drift")
    assert d["travelled"] == pytest.approx(42.0 - 38.0 - MINE_RADIUS - CLEARANCE, abs=1e-4)
    assert d["contact"] == {"with": "Red", "kind": "ship"}
    assert ev(g, "mine") == [{"mine": "Mine 1", "ship": "Red", "at": [30.0, 38.505], "rule": "JL-NPC-1"}]
    [st] = ev(g, "strike")
    assert (st["target"], st["strength"], st["facing"], st["verdict"], st["weapon_rule"]) == ("Red", 8, "port", "glancing", "JL-NPC-1")
    assert sea(g).mines == [] and ship(g, "Red").hull_points == 4


@pytest.mark.rules("JL-NPC-1", "JL-EVT-12")
def test_a_mine_laid_after_one_went_off_has_a_name_of_its_own() -> None:
    # Mine 1 drifts into Red and goes off (as above); a spare mine then enters from the edge at 90°:
    # it is Mine 2, so the log never speaks of two different mines by one name
    g = with_mine(30.0, 42.0)
    g.dice = ScriptedDice([270.0, 6, 4, 2])
    run(g, mines.mines_drift(g, sea(g)))
    assert sea(g).mines == []
    g.dice = ScriptedDice([90.0])
    run(g, mines.mine_enters(g, sea(g)))
    assert [m.name for m in sea(g).mines] == ["Mine 2"]
    assert [p["mine"] for p in ev(g, "mine-placed")] == ["Mine 2"]


@pytest.mark.rules("JL-NPC-1")
def test_a_penetrating_mine_rolls_on_the_damage_table_at_once() -> None:
    g = with_mine(30.0, 42.0)
    g.dice = ScriptedDice([270.0, 6, 6, 1, 5])  # 8 + 6 = 14: penetrating, save 1, damage roll 5 (rudder)
    run(g, mines.mines_drift(g, sea(g)))
    assert [d["result"] for d in ev(g, "damage")] == ["rudder-damaged"]
    assert ship(g, "Red").rudder_damaged and sea(g).penetrated == []


@pytest.mark.rules("JL-NPC-1")
def test_a_drifting_mine_stops_at_terrain_and_at_the_edge() -> None:
    rock = {"kind": "island", "name": "Rock", "polygon": [[70, 10], [80, 10], [80, 20], [70, 20]]}
    g = with_mine(65.0, 15.0, terrain=[rock])
    s = sea(g)
    s.mines.append(Mine("Mine 2", 60.0, 70.0))
    g.dice = ScriptedDice([0.0, 6, 90.0, 6])
    run(g, mines.mines_drift(g, s))
    one, two = s.mines
    assert (one.x, one.y) == pytest.approx((70.0 - MINE_RADIUS - CLEARANCE, 15.0))
    assert (two.x, two.y) == pytest.approx((60.0, 72.0 - MINE_RADIUS - CLEARANCE))
    assert [d["contact"] for d in ev(g, "mine-drift")] == [{"with": "Rock", "kind": "island"}, {"with": "edge", "kind": "edge"}]
    assert ev(g, "mine") == []


@pytest.mark.rules("JL-NPC-1")
def test_a_ship_sailing_into_a_mine_sets_it_off_and_sails_on() -> None:
    # Full Ahead with nothing beyond the card: the bow runs from x 35 to 53 and meets the mine at 44.5;
    # S8 + 3 = 11 against the front armour 12 does nothing
    g = with_mine(45.0, 36.0)
    g.dice = ScriptedDice([3])
    s = sea(g)
    result = run(g, movement.move_ship(g, s, ship(g, "Red"), Card.FULL_AHEAD, "none", "start", 0.0))
    assert ev(g, "mine")[0]["ship"] == "Red" and s.mines == []
    assert ev(g, "strike")[0]["verdict"] == "none"
    assert result.travelled == pytest.approx(18.0) and ship(g, "Red").hull.x == pytest.approx(48.0)


@pytest.mark.rules("JL-NPC-1", "JL-SHOOT-3")
@pytest.mark.parametrize(
    ("gun", "aim", "roll", "verdict"), [("fore", (45.0, 36.0), 2, "glancing"), ("fore", (45.0, 36.0), 1, "none"), ("port", (30.0, 45.0), 4, "penetrating")]
)
def test_krak_landing_on_a_mine_strikes_armour_11_and_a_hit_destroys_it_harmlessly(gun: str, aim: tuple[float, float], roll: int, verdict: str) -> None:
    g = with_mine(*aim)
    g.dice = ScriptedDice(["hit", roll])
    s, red = sea(g), ship(g, "Red")
    run(g, kannon.fire(g, s, red, Fire(gun, "krak", aim=aim)))  # type: ignore[arg-type]
    [k] = ev(g, "krak")
    assert (k["target"], k["npc"]) == (None, "Mine 1")
    [shot] = ev(g, "mine-shot")
    strength = 9 if gun == "fore" else 8
    assert (shot["strength"], shot["total"], shot["armour"], shot["verdict"]) == (strength, strength + roll, 11, verdict)
    assert shot["destroyed"] is (verdict != "none")
    assert len(s.mines) == (1 if verdict == "none" else 0)
    assert ev(g, "strike") == [] and all(sh.hull_points == 5 for sh in s.ships.values())


# --------------------------------------------------------------------------- JL-NPC-2: the Kraken


def with_kraken(x: float, y: float, **kw: Any) -> Game:
    g = game(duel(**kw))
    sea(g).kraken = Kraken(x, y)
    return g


@pytest.mark.rules("JL-NPC-2", "JL-NPC-3")
def test_the_kraken_enters_where_a_scatter_line_from_the_centre_meets_the_edge() -> None:
    g = game(duel())
    g.dice = ScriptedDice(["hit", 90.0])
    run(g, kraken.kraken_enters(g, sea(g)))
    kr = sea(g).kraken
    # due north the edge is at (60, 72); the 4" disc is moved in until it lies wholly on the table
    assert kr is not None and (kr.x, kr.y, kr.wounds) == (60.0, pytest.approx(69.75), 2)
    assert ev(g, "kraken-enters") == [{"at": [60.0, 69.75], "direction": 90.0, "wounds": 2, "rule": "JL-NPC-2"}]


@pytest.mark.rules("JL-NPC-2")
def test_the_kraken_moves_3d6_straight_at_the_nearest_ship() -> None:
    g = with_kraken(90.0, 36.0)
    g.dice = ScriptedDice([1, 2, 3])
    run(g, kraken.kraken_moves(g, sea(g)))
    kr = sea(g).kraken
    assert kr is not None and (kr.x, kr.y) == pytest.approx((84.0, 36.0))
    assert ev(g, "kraken-target")[0]["ship"] == "Blue"
    [mv] = ev(g, "kraken-move")
    assert (mv["target"], mv["inches"], mv["travelled"], mv["contact"]) == ("Blue", 6, 6.0, None)
    assert ev(g, "kraken-attack") == []


@pytest.mark.rules("JL-NPC-2")
def test_ships_equally_near_roll_off_and_the_lowest_is_hunted() -> None:
    # (45, 60) is as far from Red's corner (35, 38) as from Blue's (55, 38)
    g = with_kraken(45.0, 60.0)
    g.dice = ScriptedDice([3, 3, 5, 1, 1, 1, 1])
    run(g, kraken.kraken_moves(g, sea(g)))
    [t] = ev(g, "kraken-target")
    assert t["tied"] == ["Red", "Blue"] and t["tie_rolls"] == [{"Red": 3, "Blue": 3}, {"Red": 5, "Blue": 1}]
    assert t["ship"] == "Blue" and ev(g, "kraken-move")[0]["target"] == "Blue"
    rolls = [(r.rule, r.seat, str(r.expr)) for r in g.dice.requests]  # type: ignore[attr-defined]
    assert rolls[:4] == [("JL-NPC-2", "red", "D6"), ("JL-NPC-2", "blue", "D6")] * 2


@pytest.mark.rules("JL-NPC-2", "JL-DMG-10")
def test_in_contact_the_kraken_makes_three_s8_attacks_hitting_on_4_plus() -> None:
    # 5" off Blue's stern: it swims 6", stops on contact, and attacks her rear (armour 11):
    # 4, 1, 6 are two hits; the first glances (8 + 3) and is not saved, the second penetrates (8 + 5) and is saved
    g = with_kraken(72.0, 36.0)
    g.dice = ScriptedDice([2, 2, 2, 4, 1, 6, 3, 2, 5, 6])
    run(g, kraken.kraken_moves(g, sea(g)))
    kr = sea(g).kraken
    assert kr is not None and kr.x == pytest.approx(65.0 + KRAKEN_RADIUS + CLEARANCE)
    assert ev(g, "kraken-move")[0]["contact"] == {"with": "Blue", "kind": "ship"}
    assert plain(ev(g, "kraken-attack")) == [{"ship": "Blue", "facing": "rear", "faces": [4, 1, 6], "need": 4, "hits": 2, "rule": "JL-NPC-2"}]
    assert ev(g, "kraken-attack")[0]["basis"]["need"] == [{"rule": "JL-NPC-2", "what": "each attack hits on a 4+ (ruling)", "value": 4}]
    assert [(s["strength"], s["armour"], s["verdict"], s["cause"]) for s in ev(g, "strike")] == [
        (8, 11, "glancing", "the Kraken"),
        (8, 11, "saved", "the Kraken"),
    ]
    assert ship(g, "Blue").hull_points == 4
    # next movement phase: still in contact, it attacks again without moving (no dice for a move)
    g.dice = ScriptedDice([1, 2, 3])
    run(g, kraken.kraken_moves(g, sea(g)))
    assert len(ev(g, "kraken-move")) == 1 and ev(g, "kraken-attack")[-1]["hits"] == 0


@pytest.mark.rules("JL-NPC-2", "JL-TURN-3")
def test_the_kraken_acts_at_the_start_of_the_movement_phase_before_the_ships() -> None:
    sc = duel(red={"klan": "deff-skulls"}, blue={"klan": "deff-skulls", "heading": 90.0})
    g = game(sc)
    sea(g).kraken = Kraken(100.0, 10.0)
    g.dice = ScriptedDice([1, 1, 1, 1, 1, 1, 1, 1, 1])
    drive(flow.movement_phase(g, sea(g)), [{"red": Orders((ManoeuvreOrder("Red", 4),)), "blue": Orders((ManoeuvreOrder("Blue", 4),))}])
    used_up(g)
    kinds = [e.kind for e in g.events if e.kind in ("kraken-move", "orders", "move")]
    assert kinds == ["kraken-move", "orders", "move", "move"]


@pytest.mark.rules("JL-NPC-2", "JL-SHOOT-3")
def test_krak_wounds_the_kraken_on_a_glance_or_penetration_and_two_wounds_kill_it() -> None:
    g = with_kraken(50.0, 36.0)
    s, red = sea(g), ship(g, "Red")
    g.dice = ScriptedDice(["hit", 1])  # 9 + 1 = 10: nothing
    run(g, kannon.fire(g, s, red, Fire("fore", "krak", aim=(50.0, 36.0))))
    assert s.kraken is not None and s.kraken.wounds == 2
    red.fired.clear()
    g.dice = ScriptedDice(["hit", 2])  # 11: glancing, a wound
    run(g, kannon.fire(g, s, red, Fire("fore", "krak", aim=(51.0, 37.0))))
    assert s.kraken is not None and s.kraken.wounds == 1
    red.fired.clear()
    g.dice = ScriptedDice(["hit", 5])  # 14: penetrating, the last wound
    run(g, kannon.fire(g, s, red, Fire("fore", "krak", aim=(49.0, 35.0))))
    assert s.kraken is None
    assert [(h["total"], h["verdict"], h["wounds"]) for h in ev(g, "kraken-hit")] == [(10, "none", 2), (11, "glancing", 1), (14, "penetrating", 0)]
    assert ev(g, "kraken-slain") == [{"cause": "Red's fore krak", "by": "red", "rule": "JL-NPC-2"}]
    assert [k["npc"] for k in ev(g, "krak")] == ["Kraken"] * 3


@pytest.mark.rules("JL-NPC-2", "JL-SHOOT-6")
def test_a_torpedo_strikes_the_kraken_when_it_lies_first_on_the_track() -> None:
    g = with_kraken(45.0, 36.0)
    g.dice = ScriptedDice(["hit", "hit", 2, 3])  # 9 + 2 glancing, 9 + 3 penetrating: dead
    s, red = sea(g), ship(g, "Red")
    run(g, torpedoes.launch(g, s, red, Torpedoes()))
    one, two = ev(g, "torpedo")
    assert (one["hit"], two["hit"]) == ("Kraken", "Kraken")
    assert one["at"] == [pytest.approx(45.0 - math.sqrt(3.0), abs=1e-4), 37.0]
    assert s.kraken is None and ship(g, "Blue").hull_points == 5


@pytest.mark.rules("JL-NPC-2", "JL-RAM-3")
def test_a_ship_running_into_the_kraken_stops_and_its_impact_may_wound_it() -> None:
    # the bow meets the Kraken's 12-sided outline at x 48 after 13": under 18", S6, Goffs +1 = S7;
    # 7 + 4 = 11: glancing, a wound
    g = with_kraken(50.0, 36.0)
    g.dice = ScriptedDice([4])
    s = sea(g)
    result = run(g, movement.move_ship(g, s, ship(g, "Red"), Card.FULL_AHEAD, "none", "start", 0.0))
    assert result.contact is not None and result.contact.kind == "kraken"
    [r] = ev(g, "kraken-rammed")
    assert (r["ship"], r["strength"], r["band"], r["klan"]) == ("Red", 7, 6, 1)
    assert s.kraken is not None and s.kraken.wounds == 1
    assert ship(g, "Red").hull_points == 5


@pytest.mark.rules("JL-NPC-2")
def test_there_is_only_one_kraken_and_a_dead_one_can_be_replaced() -> None:
    from grapeshot.rulesets.jimlad import events

    g = with_kraken(50.0, 60.0)
    s = sea(g)
    assert events.blocked(s, 55) and events.blocked(s, 56) and events.blocked(s, 66) and not events.blocked(s, 44)
    s.kraken = None
    assert not events.blocked(s, 66)


# --------------------------------------------------------------------------- JL-EVT-14: the sub


@pytest.mark.rules("JL-EVT-14")
def test_the_sub_surfaces_fires_two_standard_torpedoes_at_the_closest_ship_in_its_arc_and_dives() -> None:
    # east, 4D6 = 12": centre (42, 36) facing east, bow (45, 36); Blue's hull is 10" ahead.
    # Both tracks run true into Blue's bow (front 12): 9 + 3 glances, not saved; 9 + 1 does nothing
    g = game(duel())
    g.dice = ScriptedDice([0.0, 3, 3, 3, 3, "hit", "hit", 3, 1, 1])
    s = sea(g)
    run(g, submarine.sub_surfaces(g, s, ship(g, "Red"), same_facing=True))
    [up] = ev(g, "sub-surfaces")
    assert (up["direction"], up["inches"], up["at"]) == (0.0, 12, [42.0, 36.0, 0.0])
    assert ev(g, "sub-fires") == [{"target": "Blue", "at": [42.0, 36.0, 0.0], "turned": True, "rule": "JL-EVT-14"}]
    tracks = ev(g, "torpedo")
    assert [(t["ship"], t["start"], t["hit"], t["at"], t["rule"]) for t in tracks] == [
        ("Da Dred NoOrk", [45.0, 37.0], "Blue", [55.0, 37.0], "JL-EVT-14"),
        ("Da Dred NoOrk", [45.0, 35.0], "Blue", [55.0, 35.0], "JL-EVT-14"),
    ]
    assert [(st["facing"], st["verdict"], st["weapon_rule"]) for st in ev(g, "strike")] == [("front", "glancing", "JL-EVT-14"), ("front", "none", "JL-EVT-14")]
    assert ship(g, "Blue").hull_points == 4
    assert s.sub is None and ev(g, "sub-dives") == [{"why": "its torpedoes are away", "rule": "JL-EVT-14"}]


@pytest.mark.rules("JL-EVT-14", "JL-DMG-10")
def test_penetrating_sub_torpedoes_roll_the_damage_table_once_at_once() -> None:
    # both tracks penetrate Blue's bow (9 + 4, 9 + 5), neither is saved: one damage roll (6, the engine)
    g = game(duel())
    g.dice = ScriptedDice([0.0, 3, 3, 3, 3, "hit", "hit", 4, 1, 5, 1, 6])
    s = sea(g)
    run(g, submarine.sub_surfaces(g, s, ship(g, "Red"), same_facing=True))
    assert [st["verdict"] for st in ev(g, "strike")] == ["penetrating", "penetrating"]
    assert [(d["ship"], d["result"], d["by"]) for d in ev(g, "damage")] == [("Blue", "engine-damaged", None)]
    assert ship(g, "Blue").hull_points == 3 and s.penetrated == []


@pytest.mark.rules("JL-EVT-14")
def test_the_sub_turns_to_face_its_target_before_firing() -> None:
    # it surfaces 20" north of Red, at (30, 56), facing north-east: Blue's hull (y 58..62) just
    # reaches into its arc; it turns to face Blue's centre and both tracks run into her
    g = game(duel(blue={"x": 60.0, "y": 60.0}))
    g.dice = ScriptedDice([90.0, 5, 5, 5, 5, 45.0, "hit", "hit", 1, 1])
    s = sea(g)
    run(g, submarine.sub_surfaces(g, s, ship(g, "Red"), same_facing=False))
    [fire] = ev(g, "sub-fires")
    heading = math.degrees(math.atan2(60.0 - 56.0, 60.0 - 30.0))
    assert fire["target"] == "Blue" and fire["turned"] is True and fire["at"][2] == pytest.approx(heading, abs=1e-4)
    assert [t["hit"] for t in ev(g, "torpedo")] == ["Blue", "Blue"]


@pytest.mark.rules("JL-EVT-14")
def test_a_sub_with_no_target_waits_then_closes_4d6_on_the_closest_ship_and_fires() -> None:
    g = game(duel())
    s = sea(g)
    s.sub = Sub(Hull(30.0, 60.0, 90.0, 6.0, 2.0), surfaced=1)  # facing north, nobody ahead
    s.turn = g.turn = 1
    g.dice = ScriptedDice([])
    run(g, submarine.sub_acts(g, s))  # it surfaced this turn: it has had its go
    assert ev(g, "sub-moves") == []
    s.turn = g.turn = 2
    # Red is closest (22" below): it turns south and closes 4D6 = 8"; Red is then dead ahead
    g.dice = ScriptedDice([2, 2, 2, 2, "hit", "hit", 1, 1])
    run(g, submarine.sub_acts(g, s))
    [mv] = ev(g, "sub-moves")
    assert (mv["target"], mv["direction"], mv["inches"], mv["travelled"], mv["end"]) == ("Red", 270.0, 8, 8.0, [30.0, 52.0, 270.0])
    assert ev(g, "sub-fires")[0]["target"] == "Red" and s.sub is None
    assert [t["hit"] for t in ev(g, "torpedo")] == ["Red", "Red"]


@pytest.mark.rules("JL-EVT-14")
def test_the_sub_stops_short_of_what_it_meets() -> None:
    g = game(duel())
    s = sea(g)
    s.sub = Sub(Hull(30.0, 48.0, 270.0, 6.0, 2.0), surfaced=1)
    s.turn = 2
    # Red is dead ahead, 7" off: the sub fires at once, without moving
    g.dice = ScriptedDice(["hit", "hit", 1, 1])
    run(g, submarine.sub_acts(g, s))
    assert ev(g, "sub-moves") == [] and ev(g, "sub-fires")[0]["target"] == "Red"
    # a sub facing away from Red, 4" off its side, closes and stops 0.005" short
    s.sub = Sub(Hull(30.0, 45.0, 90.0, 6.0, 2.0), surfaced=1)
    g.dice = ScriptedDice([6, 6, 6, 6, "hit", "hit", 1, 1])
    run(g, submarine.sub_acts(g, s))
    mv = ev(g, "sub-moves")[-1]
    assert mv["contact"]["with"] == "Red" and mv["travelled"] == pytest.approx(45.0 - 3.0 - 38.0, abs=0.02)


@pytest.mark.rules("JL-EVT-14")
def test_a_ship_running_into_the_sub_makes_it_crash_dive_and_sails_on() -> None:
    g = game(duel())
    s = sea(g)
    s.sub = Sub(Hull(45.0, 36.0, 90.0, 6.0, 2.0), surfaced=1)
    g.dice = ScriptedDice([])
    result = run(g, movement.move_ship(g, s, ship(g, "Red"), Card.FULL_AHEAD, "none", "start", 0.0))
    assert s.sub is None and result.travelled == pytest.approx(18.0)
    assert ev(g, "sub-dives")[0]["why"] == "Red bore down on it"


@pytest.mark.rules("JL-EVT-14")
def test_the_sub_surfaces_further_out_if_its_spot_is_taken() -> None:
    # 4D6 = 4" east of Red's centre would overlap Red: it comes up at the first clear inch beyond
    g = game(duel())
    g.dice = ScriptedDice([0.0, 1, 1, 1, 1, "hit", "hit", 1, 1])
    s = sea(g)
    run(g, submarine.sub_surfaces(g, s, ship(g, "Red"), same_facing=True))
    assert ev(g, "sub-surfaces")[0]["at"] == [39.0, 36.0, 0.0]


# --------------------------------------------------------------------------- JL-EVT-11: Da Chinork


PADS = [{"kind": "landing_pad", "name": "West Pad", "point": [6, 10]}, {"kind": "landing_pad", "name": "East Pad", "point": [114, 10]}]


@pytest.mark.rules("JL-EVT-11", "JL-NPC-3")
def test_the_chinork_starts_on_the_first_landing_pad() -> None:
    g = Game("jimlad", duel(options={"random_events": True}, terrain=PADS), seed=1)
    assert sea(g).chinork_pad == "West Pad"
    assert ev(g, "models")[0]["landing_pads"] == ["West Pad", "East Pad"]


@pytest.mark.rules("JL-EVT-11")
def test_the_chinork_flight_shoots_4_s7_at_every_ship_its_front_arc_sweeps_within_48() -> None:
    # flight along y = 10 from (6, 10) to (114, 10).  Red lies on the line (the shots come from the
    # take-off side: its rear, 11); Blue 20" off it (its port side faces the line, 12); Green 50" off: safe.
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 30.0, "y": 10.0, "heading": 0.0},
            {"seat": "blue", "name": "Blue", "x": 60.0, "y": 30.0, "heading": 180.0},
            {"seat": "green", "name": "Green", "x": 60.0, "y": 60.0, "heading": 0.0},
        ],
        terrain=PADS,
    )
    g = game(sc)
    s = sea(g)
    s.chinork_pad = "West Pad"
    # Red: 4, 4, 1, 1 = two hits: 7 + 4 = 11 glancing, unsaved; 7 + 5 penetrating, saved.
    # Blue: four hits: three times 7 + 1, then 7 + 5 = 12 glancing, unsaved
    g.dice = ScriptedDice([4, 4, 1, 1, 4, 2, 5, 6, 6, 6, 6, 6, 1, 1, 1, 5, 2])
    run(g, chinork.chinork_flies(g, s))
    assert ev(g, "chinork") == [{"start": "West Pad", "end": "East Pad", "path": [[6.0, 10.0], [114.0, 10.0]], "targets": ["Red", "Blue"], "rule": "JL-EVT-11"}]
    shots = ev(g, "chinork-shots")
    assert [(x["ship"], x["facing"], x["source"], x["hits"]) for x in shots] == [("Red", "rear", [6.0, 10.0], 2), ("Blue", "port", [60.0, 10.0], 4)]
    assert [(st["target"], st["strength"], st["verdict"], st["weapon_rule"]) for st in ev(g, "strike")] == [
        ("Red", 7, "glancing", "JL-EVT-11"),
        ("Red", 7, "saved", "JL-EVT-11"),
        ("Blue", 7, "none", "JL-EVT-11"),
        ("Blue", 7, "none", "JL-EVT-11"),
        ("Blue", 7, "none", "JL-EVT-11"),
        ("Blue", 7, "glancing", "JL-EVT-11"),
    ]
    assert (ship(g, "Red").hull_points, ship(g, "Blue").hull_points, ship(g, "Green").hull_points) == (4, 4, 5)
    assert s.chinork_pad == "East Pad"


@pytest.mark.rules("JL-EVT-11")
def test_the_chinork_front_arc_is_swept_along_its_flight() -> None:
    a, b = Vec(10.0, 10.0), Vec(110.0, 10.0)
    region = chinork.chinork_region(a, b)
    half = 48.0 / math.sqrt(2.0)
    assert region.contains(Vec(50.0, 10.0 + half - 0.2))  # beside the line, seen at 45 degrees earlier on
    assert not region.contains(Vec(50.0, 10.0 + half + 0.2))
    assert not region.contains(Vec(9.0, 10.0))  # behind the take-off point
    assert region.contains(Vec(30.0, 10.0 + 19.5))  # 20" on and 19.5" aside: inside the 45-degree cone from the start
    assert not region.contains(Vec(30.0, 10.0 + 21.0))  # 21" aside only 20" on: never within 45 degrees of the nose
    assert region.contains(Vec(110.0 + 47.5, 10.0))  # straight on beyond the landing pad, within 48"
    assert not region.contains(Vec(110.0 + 48.5, 10.0))


# --------------------------------------------------------------------------- invariants


@pytest.mark.rules("JL-NPC-1", "JL-NPC-2", "JL-EVT-14")
def test_invariants_keep_the_models_on_the_table_and_clear_of_the_ships() -> None:
    g = game(duel())
    s = sea(g)
    assert npc.invariants(s) == []
    s.mines.append(Mine("Mine 1", 30.0, 38.2))
    s.kraken = Kraken(1.0, 60.0)
    s.sub = Sub(Hull(60.0, 37.0, 0.0, 6.0, 2.0))
    problems = npc.invariants(s)
    assert "Red overlaps Mine 1" in problems and "Blue overlaps the sub" in problems
    assert any("Kraken is off the table" in p for p in problems)
    assert "0 in the game" in " ".join(problems)


@pytest.mark.rules("JL-NPC-1", "JL-NPC-2", "JL-EVT-11", "JL-EVT-14")
def test_seeded_brawls_see_every_model_act_and_keep_the_invariants() -> None:
    sc = load_scenario("brawl", "jimlad")
    seen: dict[str, int] = {}
    for seed in range(8):
        g = Game("jimlad", sc, seed=seed)
        agents = {st.id: make("heuristic", seed * 7 + k, "jimlad") for k, st in enumerate(sc.seats)}

        def check(game: Game) -> None:
            problems = game.ruleset.invariants(game)
            assert not problems, problems

        play_out(g, agents, check)
        for e in g.events:
            seen[e.kind] = seen.get(e.kind, 0) + 1
    for kind in ("event-roll", "event", "mine-drift", "mine"):
        assert seen.get(kind, 0) > 0, kind


# --------------------------------------------------------------------------- the heuristic player


@pytest.mark.rules("JL-NPC-1", "JL-NPC-2")
def test_the_heuristic_player_shoots_a_mine_in_its_way_or_a_close_kraken_when_it_has_nothing_better() -> None:
    from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
    from grapeshot.rulesets.jimlad.prompts import shoot_prompt

    g = with_mine(50.0, 36.5, blue={"x": 100.0, "y": 10.0, "heading": 0.0})
    s, red = sea(g), ship(g, "Red")
    player = HeuristicPlayer(1)
    assert player.act(g, "red", shoot_prompt(s, red)) == Fire("fore", "krak", aim=(50.0, 36.5))
    s.mines.clear()
    s.kraken = Kraken(30.0, 50.0)
    assert player.act(g, "red", shoot_prompt(s, red)) == Fire("port", "krak", aim=(30.0, 50.0))
    s.kraken = None
    assert player.act(g, "red", shoot_prompt(s, red)).kind == "end-shooting"


_coord = st.floats(-40.0, 40.0, allow_nan=False)


@pytest.mark.rules("JL-NPC-1")
@settings(max_examples=300, deadline=None)
@given(
    sx=_coord,
    sy=_coord,
    heading=st.floats(0.0, 360.0),
    dist=st.floats(0.0, 30.0),
    kind=st.sampled_from(["hull", "polygon", "disc"]),
    ox=_coord,
    oy=_coord,
    turn=st.floats(0.0, 180.0),
)
def test_the_broad_phase_never_skips_a_shape_the_exact_test_would_meet(
    sx: float, sy: float, heading: float, dist: float, kind: str, ox: float, oy: float, turn: float
) -> None:
    """A drifting disc skips the exact test only for shapes its swept circle cannot reach."""
    from grapeshot.geometry import Polygon, unit

    shape: discs.Shape
    if kind == "hull":
        shape = Hull(ox, oy, turn, 10.0, 4.0)
    elif kind == "polygon":
        shape = Polygon([(ox, oy), (ox + 8.0, oy + 1.0), (ox + 5.0, oy + 7.0)])
    else:
        shape = discs.Disc(Vec(ox, oy), 3.0)
    start, d, rho = Vec(sx, sy), unit(heading), MINE_RADIUS + CLEARANCE
    if discs._out_of_reach(start, d, dist, shape, rho):
        end = Vec(sx + d.x * dist, sy + d.y * dist)
        assert discs.shape_gap(start, shape) > rho
        assert discs._grown_entry(start, end, shape, rho) is None
