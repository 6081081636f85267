"""Landing, treasure and the harbour (JL-LAND-1, JL-LAND-2, JL-PORT-1..3, the JL-NPC-3 rulings).

Geometry used throughout:

* ``Rock``: a square island, x 55..65, y 40..50.
* ``Dock``: Port Grotsby's dock on the top edge of the 120" x 72" table, x 50..70, y 68..72,
  with its harbour water in front of it (x 46..74, y 56..68).
* ``Red`` (10" x 4", Goffs unless said otherwise) starts heading east under the rock or the dock,
  ``gap`` inches short of it; ``Blue`` waits far away unless a test needs it close.

Procedures are driven on their own with scripted dice; the tests about whole turns play them
through ``Game.submit`` with dice given per rule ID (every other roll shows 1s).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from grapeshot.agents.random_player import RandomPlayer
from grapeshot.core.actions import Reroll
from grapeshot.core.errors import IllegalAction
from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.dice import Roll, RollRequest, ScriptedDice, ScriptItem
from grapeshot.geometry import Vec, flamer_template, hull_hits_polygon, hull_polygon_distance
from grapeshot.report import Words
from grapeshot.rulesets.jimlad import harbour, kannon, krew, torpedoes
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Sluggas, Torpedoes
from grapeshot.rulesets.jimlad.harbour import Land, LandPrompt, LeavePrompt, StayOrLeave, Trade, TradePrompt
from grapeshot.rulesets.jimlad.players import heuristic
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, shoot_prompt
from grapeshot.rulesets.jimlad.state import KrewModel, Ship
from tests.support import drive, game, scenario, sea, ship

ROCK = {"kind": "island", "name": "Rock", "polygon": [[55, 40], [65, 40], [65, 50], [55, 50]]}
SPIKE = {"kind": "island", "name": "Spike", "polygon": [[80, 42], [88, 50], [80, 58], [72, 50]]}
DOCK = {"kind": "dock", "name": "Dock", "polygon": [[50, 68], [70, 68], [70, 72], [50, 72]]}
WATER = {"kind": "harbour", "name": "Harbour", "polygon": [[46, 56], [74, 56], [74, 68], [46, 68]]}
FAR_BLUE = {"seat": "blue", "name": "Blue", "x": 110.0, "y": 10.0, "heading": 180.0}


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) | {"rule": e.rule, "game_turn": e.turn} for e in g.events if e.kind == kind]


def set_turn(g: Game, turn: int) -> None:
    """Step the clock on, for procedures driven on their own."""
    sea(g).turn = g.turn = turn


def spent(g: Game) -> None:
    assert isinstance(g.dice, ScriptedDice)
    assert g.dice.remaining == 0, "the scripted dice were not all used"


def at_rock(gap: float, *, treasure: bool = False, red: Mapping[str, Any] | None = None, others: Sequence[Mapping[str, Any]] = (), **options: Any) -> Game:
    """Red heading east with the top of its hull ``gap`` inches below the rock."""
    r = {"seat": "red", "name": "Red", "x": 60.0, "y": 38.0 - gap, "heading": 0.0, **(red or {})}
    rock = ROCK | {"treasure": treasure}
    return game(scenario([r, FAR_BLUE, *others], terrain=[rock, SPIKE, DOCK, WATER], options=options))


def at_dock(gap: float = 2.0, *, blue: Mapping[str, Any] | None = None, **options: Any) -> Game:
    """Red heading east with the top of its hull ``gap`` inches below the dock."""
    r = {"seat": "red", "name": "Red", "x": 60.0, "y": 66.0 - gap, "heading": 0.0}
    b = FAR_BLUE | dict(blue or {})
    return game(scenario([r, b], terrain=[DOCK, WATER], options=options))


def land_at(g: Game, place: str | None, script: Sequence[ScriptItem], name: str = "Red") -> list[Prompt]:
    """After its move the ship is offered the land in reach; answer with ``place``."""
    g.dice = ScriptedDice(script)
    seen: list[Prompt] = []
    proc = harbour.after_move(g, sea(g), ship(g, name))
    try:
        prompt = next(proc)
        while True:
            seen.append(prompt)
            prompt = proc.send(Land(place))
    except StopIteration:
        pass
    assert len(seen) <= 1
    spent(g)
    return seen


def dock_red(g: Game, roll: int = 3) -> Ship:
    land_at(g, "Dock", [roll])
    red = ship(g, "Red")
    assert harbour.in_harbour(sea(g), red)
    return red


# --------------------------------------------------------------------------- JL-LAND-1: landing


@pytest.mark.rules("JL-LAND-1")
def test_a_ship_within_6_inches_may_land_and_lies_alongside_without_turning() -> None:
    g = at_rock(4.0)
    red = ship(g, "Red")
    [prompt] = land_at(g, "Rock", [2])
    assert isinstance(prompt, LandPrompt) and prompt.seats == ("red",) and prompt.rule == "JL-LAND-1"
    assert prompt.places == [("Rock", "island", pytest.approx(4.0))]
    assert prompt.describe()["places"] == [{"name": "Rock", "what": "island", "inches": 4.0}]
    # slid straight north, heading and x unchanged, and left just clear of the rock
    assert (red.hull.x, red.hull.heading) == (60.0, 0.0)
    top = red.hull.y + 2.0
    assert 40.0 - 0.0075 - 1e-9 <= top <= 40.0 - 0.005
    assert not hull_hits_polygon(red.hull, harbour.place_of(sea(g), "Rock").shape)  # type: ignore[union-attr]
    assert (red.docked_at, red.docked_turn, red.standstill) == ("Rock", 1, True)
    [e] = events(g, "landing")
    assert (e["rule"], e["ship"], e["place"], e["what"], e["roll"], e["landed"], e["harbour"]) == ("JL-LAND-1", "Red", "Rock", "island", 2, True, False)
    assert e["start"] == [60.0, 34.0, 0.0] and e["end"] == [60.0, round(red.hull.y, 4), 0.0]
    assert e["point"][1] == 40.0 and 55.0 <= e["point"][0] <= 65.0
    assert events(g, "treasure") == []  # the rock holds no treasure


@pytest.mark.rules("JL-LAND-1")
def test_exactly_6_inches_is_in_reach_and_a_little_more_is_not() -> None:
    g = at_rock(6.0)
    [prompt] = land_at(g, None, [])
    assert isinstance(prompt, LandPrompt) and prompt.places[0][:2] == ("Rock", "island")
    far = at_rock(6.1)
    assert harbour.places_in_reach(sea(far), ship(far, "Red")) == []
    assert land_at(far, "Rock", []) == []  # no prompt at all
    assert ship(far, "Red").docked_at is None


@pytest.mark.rules("JL-LAND-1")
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_landing_fails_only_on_a_1(roll: int) -> None:
    g = at_rock(3.0)
    red = ship(g, "Red")
    before = red.hull
    land_at(g, "Rock", [roll])
    [e] = events(g, "landing")
    assert e["landed"] is (roll != 1) and e["roll"] == roll
    if roll == 1:
        assert red.hull is before and red.docked_at is None and e["end"] == e["start"]
    else:
        assert red.docked_at == "Rock" and red.hull.y > before.y


@pytest.mark.rules("JL-LAND-1")
def test_the_ship_comes_alongside_at_the_lands_closest_point_even_at_a_slant() -> None:
    # Red's hull (x 67..77, y 34..38) has its bow's port corner (77, 38) 5" from Spike's bottom
    # tip (80, 42): the hull is slid along that line (a 3-4-5 triangle), still heading east
    g = at_rock(10.0, red={"x": 72.0, "y": 36.0})
    red = ship(g, "Red")
    land_at(g, "Spike", [4])
    dx, dy = red.hull.x - 72.0, red.hull.y - 36.0
    assert red.hull.heading == 0.0
    assert dx / dy == pytest.approx(0.75, abs=1e-9)
    assert 5.0 - 0.02 <= (dx * dx + dy * dy) ** 0.5 < 5.0
    spike = harbour.place_of(sea(g), "Spike")
    assert spike is not None and spike.shape is not None
    assert 0.0 < hull_polygon_distance(red.hull, spike.shape) <= 0.01  # alongside, and never overlapping
    [e] = events(g, "landing")
    assert e["point"] == [80.0, 42.0]


@pytest.mark.rules("JL-LAND-1")
def test_sailing_on_makes_no_roll_and_an_unknown_place_is_refused() -> None:
    g = at_rock(3.0)
    red = ship(g, "Red")
    before = red.hull
    [prompt] = land_at(g, None, [])
    assert red.hull is before and red.docked_at is None and events(g, "landing") == []
    with pytest.raises(IllegalAction, match=r"cannot land at 'Skull Rock'; places within 6\": \['Rock'\]"):
        prompt.check("red", Land("Skull Rock"))


@pytest.mark.rules("JL-LAND-1", "JL-NPC-3")
def test_no_landing_for_a_ship_aground_a_hulk_or_one_whose_way_is_blocked() -> None:
    g = at_rock(3.0)
    s, red = sea(g), ship(g, "Red")
    red.grounded_on = "Rock"  # it ran into the rock during its move: a crash, not a landing
    assert land_at(g, "Rock", []) == []
    red.grounded_on = None
    del red.krew[1:]  # one Ork left: a drifting hulk cannot land
    assert land_at(g, "Rock", []) == []
    # a ship lying between Red and the rock: the land is within 6" but cannot be reached
    blocked = at_rock(6.0, others=[{"seat": "blue", "name": "Mate", "x": 60.0, "y": 37.0, "heading": 0.0}])
    assert [t.name for t, _ in harbour.places_in_reach(sea(blocked), ship(blocked, "Red"))] == []
    assert s.ships["Red"].docked_at is None


@pytest.mark.rules("JL-LAND-1")
def test_a_landed_ship_stays_held_or_leaves_turned_directly_away_from_the_land() -> None:
    g = at_rock(4.0)
    s, red = sea(g), ship(g, "Red")
    land_at(g, "Rock", [2])
    moored = red.hull
    set_turn(g, 2)
    seen: list[Prompt] = []
    drive(harbour.start_of_movement(g, s), [lambda p: seen.append(p) or StayOrLeave("stay")])
    [p] = seen
    assert isinstance(p, LeavePrompt) and p.seats == ("red",) and p.rule == "JL-LAND-1" and p.describe()["choices"] == ["stay", "leave"]
    assert red.held == (2, "stays at Rock") and red.docked_at == "Rock" and red.hull is moored
    set_turn(g, 3)
    drive(harbour.start_of_movement(g, s), [StayOrLeave("leave")])
    # lying broadside under the rock, it swings to face due south and is eased out just enough
    assert red.docked_at is None and red.held_this(3) is None and red.standstill
    assert red.hull.heading == pytest.approx(270.0)
    assert red.hull.x == pytest.approx(60.0) and red.hull.y == pytest.approx(40.0 - 5.0 - 0.005, abs=1e-6)
    [e] = events(g, "depart")
    assert (e["rule"], e["ship"], e["place"], e["turned"]) == ("JL-LAND-1", "Red", "Rock", True)
    assert e["eased"] == pytest.approx(moored.y - red.hull.y, abs=1e-4)


@pytest.mark.rules("JL-LAND-1")
def test_a_ship_that_cannot_swing_round_leaves_keeping_its_heading() -> None:
    # Mate lies just south of Red, where its stern would swing to
    g = at_rock(4.0, others=[{"seat": "blue", "name": "Mate", "x": 60.0, "y": 29.5, "heading": 0.0}])
    s, red = sea(g), ship(g, "Red")
    land_at(g, "Rock", [2])
    moored = red.hull
    set_turn(g, 2)
    drive(harbour.start_of_movement(g, s), [StayOrLeave("leave")])
    assert red.hull is moored and red.docked_at is None
    assert events(g, "depart")[0]["turned"] is False


@pytest.mark.rules("JL-LAND-1")
def test_a_ship_held_by_an_effect_or_unable_to_sail_stays_landed_without_being_asked() -> None:
    g = at_rock(4.0)
    s, red = sea(g), ship(g, "Red")
    land_at(g, "Rock", [2])
    set_turn(g, 2)
    red.held = (2, "an event")
    drive(harbour.start_of_movement(g, s))  # no prompt
    assert red.held == (2, "an event") and red.docked_at == "Rock"
    set_turn(g, 3)
    red.hull_points = 1  # becalmed
    drive(harbour.start_of_movement(g, s))
    assert red.held == (3, "moored at Rock and unable to sail") and red.docked_at == "Rock"


# --------------------------------------------------------------------------- whole turns


class ByRule:
    """Dice for whole turns: each rule ID in ``script`` takes its faces from its own list in
    order; every other roll shows 1s (the scatter die an arrow pointing north), so All Stop is
    the shortest move and no random event, mine or other rule's roll upsets the script."""

    def __init__(self, script: Mapping[str, list[int]]) -> None:
        self.script = {k: list(v) for k, v in script.items()}

    def roll(self, request: RollRequest) -> Roll:
        e = request.expr
        if request.rule in self.script:
            faces = self.script[request.rule]
            assert faces, f"no more scripted faces for {request.rule}: {request.purpose}"
            return e.result([faces.pop(0)])
        if e.kind == "scatter":
            return e.result((6,), 90.0)
        return e.result([1] * e.count)


def play_to(g: Game, want: type[Prompt], seen: list[Prompt]) -> Prompt:
    """Give every ship All Stop, end every shooting, until a prompt of kind ``want``."""
    while not isinstance(g.prompt, want):
        p = g.prompt
        assert p is not None, "the game ended"
        seen.append(p)
        if isinstance(p, OrdersPrompt):
            for seat in list(g.waiting_for()):
                g.submit(seat, Orders(tuple(ManoeuvreOrder(n, 4) for n in p.choices[seat])))
        elif isinstance(p, DistancePrompt):
            g.submit(p.seats[0], Distance(p.low))
        elif isinstance(p, ShootPrompt):
            g.submit(p.seats[0], EndShooting())
        elif isinstance(p, RerollPrompt):
            g.submit(p.seats[0], Reroll(None))
        else:
            raise AssertionError(f"unexpected prompt {p.describe()}")
    return g.prompt


def sailing_north(terrain: list[dict[str, Any]], y: float) -> Game:
    """Red (Deff Skulls, no speed dice) heading north from (60, y); Blue far off heading south."""
    sc = scenario(
        [
            {"seat": "red", "name": "Red", "x": 60.0, "y": y, "heading": 90.0, "klan": "deff-skulls"},
            {"seat": "blue", "name": "Blue", "x": 110.0, "y": 60.0, "heading": 270.0, "klan": "deff-skulls"},
        ],
        terrain=terrain,
        options={"torpedo_salvos": 0},
    )
    g = game(sc)
    sea(g).mines.clear()
    return g


def orders_for(p: Prompt) -> set[str]:
    assert isinstance(p, OrdersPrompt)
    return {n for ships in p.choices.values() for n in ships}


@pytest.mark.rules("JL-LAND-1", "JL-TURN-3")
def test_a_landed_ship_takes_no_orders_while_it_stays_then_sails_on() -> None:
    g = sailing_north([ROCK], 10.0)  # All Stop (21" with the card and the hull) ends 4" short of the rock
    g.dice = ByRule({"JL-LAND-1": [5]})
    red = ship(g, "Red")
    seen: list[Prompt] = []
    play_to(g, LandPrompt, seen)
    assert g.turn == 1 and red.hull.y == pytest.approx(31.0)
    g.submit("red", Land("Rock"))
    moored = red.hull
    p = play_to(g, LeavePrompt, seen)
    assert g.turn == 2
    g.submit("red", StayOrLeave("stay"))
    p = play_to(g, LeavePrompt, seen)
    assert g.turn == 3 and red.hull is moored
    turn2 = [q for q in seen if isinstance(q, OrdersPrompt)][1]
    assert orders_for(turn2) == {"Blue"}
    [held] = [e for e in events(g, "no-move") if e["ship"] == "Red"]
    assert (held["game_turn"], held["why"]) == (2, "stays at Rock")
    g.submit("red", StayOrLeave("leave"))
    p = play_to(g, OrdersPrompt, seen)
    assert orders_for(p) == {"Red", "Blue"} and red.hull.heading == pytest.approx(270.0)
    play_to(g, ShootPrompt, seen)
    [move] = [e for e in events(g, "move") if e["ship"] == "Red" and e["game_turn"] == 3]
    assert move["start"][2] == 270.0 and move["end"][1] < moored.y  # it sailed away south


# --------------------------------------------------------------------------- JL-LAND-2: treasure


@pytest.mark.rules("JL-LAND-2")
@pytest.mark.parametrize("search", [1, 2, 3, 4, 5])
def test_treasure_needs_a_6(search: int) -> None:
    g = at_rock(3.0, treasure=True)
    land_at(g, "Rock", [2, search])
    [e] = events(g, "treasure")
    assert (e["rule"], e["island"], e["roll"], e["find"], e["result"], e["gold"]) == ("JL-LAND-2", "Rock", search, None, "nothing", 0)
    assert sea(g).treasure_found == set()


@pytest.mark.rules("JL-LAND-2")
@pytest.mark.parametrize(("find", "d3"), [(1, 1), (2, 2), (3, 3), (4, 2)])
def test_a_find_of_1_to_4_is_d3_plus_1_gold_stored_aboard(find: int, d3: int) -> None:
    g = at_rock(3.0, treasure=True)
    red = ship(g, "Red")
    land_at(g, "Rock", [2, 6, find, d3])
    assert red.gold == 5 + d3 + 1
    [e] = events(g, "treasure")
    assert (e["roll"], e["find"], e["result"], e["gold"], e["gold_aboard"]) == (6, find, "gold", d3 + 1, 5 + d3 + 1)
    assert [r.expr.sides for r in g.dice.requests] == [6, 6, 6, 3]  # type: ignore[attr-defined]


@pytest.mark.rules("JL-LAND-2")
def test_squig_brew_the_krew_miss_their_next_turn() -> None:
    g = at_rock(3.0, treasure=True)
    s, red = sea(g), ship(g, "Red")
    land_at(g, "Rock", [2, 6, 5])
    [e] = events(g, "treasure")
    assert (e["result"], e["gold"], e["in_force_on_turn"]) == ("squig-brew", 0, 2)
    assert red.gold == 5 and red.effects["drunk"] == 2
    assert kannon.can_shoot(s, red) is None  # this turn they are still sober
    set_turn(g, 2)
    assert red.held_this(2) == "the krew are drunk on squig brew (JL-LAND-2)"
    assert kannon.can_shoot(s, red) == "krew drunk on squig brew (JL-LAND-2)"
    assert red.describe(2)["effects"] == ["drunk"]
    drive(harbour.start_of_movement(g, s))  # not asked: it is going nowhere
    assert red.docked_at == "Rock"
    set_turn(g, 3)
    assert kannon.can_shoot(s, red) is None
    drive(harbour.start_of_movement(g, s), [StayOrLeave("leave")])
    assert red.docked_at is None


@pytest.mark.rules("JL-LAND-2")
def test_a_6_after_the_6_is_rocks_and_sand() -> None:
    g = at_rock(3.0, treasure=True)
    red = ship(g, "Red")
    land_at(g, "Rock", [2, 6, 6])
    [e] = events(g, "treasure")
    assert (e["result"], e["gold"]) == ("rocks", 0) and red.gold == 5 and red.held is None


@pytest.mark.rules("JL-LAND-2", "JL-NPC-3")
def test_an_islands_treasure_is_found_only_once_by_default() -> None:
    g = at_rock(3.0, treasure=True)
    s, red = sea(g), ship(g, "Red")
    land_at(g, "Rock", [2, 6, 6])  # rocks and sand: the secret is out all the same
    assert s.treasure_found == {"Rock"}
    red.docked_at = None
    land_at(g, "Rock", [3])  # only the landing roll: nothing left to search
    last = events(g, "treasure")[-1]
    assert (last["roll"], last["find"], last["result"], last["gold"], red.gold) == (None, None, "gone", 0, 5)
    # with the option off, every landing may search again
    again = at_rock(3.0, treasure=True, treasure_once=False)
    land_at(again, "Rock", [2, 6, 1, 3])
    ship(again, "Red").docked_at = None
    land_at(again, "Rock", [2, 6, 2, 1])
    assert ship(again, "Red").gold == 5 + 4 + 2 and sea(again).treasure_found == set()


@pytest.mark.rules("JL-LAND-2")
def test_docks_and_plain_islands_hold_no_treasure() -> None:
    g = at_dock(treasure_once=True)
    dock_red(g)  # one roll: the landing
    assert events(g, "treasure") == []


# --------------------------------------------------------------------------- JL-PORT-1: no shooting, no boarding


@pytest.mark.rules("JL-PORT-1")
def test_in_harbour_means_docked_at_a_dock() -> None:
    g = at_rock(3.0)
    land_at(g, "Rock", [2])
    assert ship(g, "Red").docked_at == "Rock" and not harbour.in_harbour(sea(g), ship(g, "Red"))
    d = at_dock()
    red = dock_red(d)
    [e] = events(d, "landing")
    assert (e["what"], e["harbour"]) == ("dock", True)
    red.afloat = False
    assert not harbour.in_harbour(sea(d), red)


@pytest.mark.rules("JL-PORT-1")
def test_a_ship_in_harbour_does_not_shoot() -> None:
    g = at_dock(blue={"x": 60.0, "y": 59.0, "heading": 0.0})
    s = sea(g)
    red = dock_red(g)
    assert kannon.can_shoot(s, red) == "in harbour (JL-PORT-1)"
    p = shoot_prompt(s, red)
    assert p.refresh() is False  # nothing to fire (and nothing to repair)
    red.hull_points = 4
    p = shoot_prompt(s, red)
    assert p.refresh() is True and p.guns() == {} and p.slugga_targets() == [] and not p.torpedoes() and p.repairs() == ["hull"]
    with pytest.raises(IllegalAction, match=r"cannot shoot this turn: in harbour \(JL-PORT-1\)"):
        p.check("red", Fire("fore", "krak", aim=(80.0, 66.0)))


@pytest.mark.rules("JL-PORT-1")
def test_no_weapon_may_be_aimed_at_a_ship_in_harbour() -> None:
    # Blue lies 3" below Red; its port kannon (60, 61) faces north across Red's hull
    g = at_dock(blue={"x": 60.0, "y": 59.0, "heading": 0.0})
    s, blue = sea(g), ship(g, "Blue")
    red = ship(g, "Red")
    assert kannon.slugga_targets(s, blue) == [red]  # before Red docks
    dock_red(g)
    with pytest.raises(IllegalAction, match=r"is on Red, which is in harbour: no shooting at it \(JL-PORT-1\)"):
        shoot_prompt(s, blue).check("blue", Fire("port", "krak", aim=(60.0, red.hull.y)))
    assert kannon.slugga_targets(s, blue) == []
    with pytest.raises(IllegalAction, match="not a slugga target"):
        kannon.check_sluggas(s, blue, Sluggas("Red"))
    d3 = at_dock(blue={"x": 60.0, "y": 59.0, "heading": 0.0}, grapeshot="d3")
    assert [t.name for t in kannon.grapeshot_targets(sea(d3), ship(d3, "Blue"), "port")] == ["Red"]
    dock_red(d3)
    assert kannon.grapeshot_targets(sea(d3), ship(d3, "Blue"), "port") == []
    with pytest.raises(IllegalAction, match="not a grapeshot target"):
        kannon.check_fire(sea(d3), ship(d3, "Blue"), Fire("port", "grapeshot", target="Red"))


@pytest.mark.rules("JL-PORT-1")
def test_krak_scattering_onto_a_ship_in_harbour_and_grapeshot_over_it_do_no_harm() -> None:
    g = at_dock(blue={"x": 60.0, "y": 59.0, "heading": 0.0})
    s, blue = sea(g), ship(g, "Blue")
    red = dock_red(g)
    # aimed at open water between the ships, the shell scatters 5 - 3 = 2" north onto Red's hull
    g.dice = ScriptedDice([90.0, 3, 2])
    drive(kannon.krak(g, s, blue, "port", Vec(60.0, 62.5)))
    [k] = events(g, "krak")
    assert red.hull.contains(Vec(*k["landing"])) and k["target"] is None
    assert events(g, "strike") == [] and red.hull_points == 5
    spent(g)
    # the template lies over Red's deck, but nobody aboard is hit
    tpl = flamer_template(kannon.mount(blue, "port"), 90.0)
    assert any(tpl.contains(spot) for _, spot in krew.deck_positions(red))
    g.dice = ScriptedDice([])
    drive(kannon.grapeshot_template(g, s, blue, "port", Vec(60.0, red.hull.y)))
    [gs] = events(g, "grapeshot")
    assert gs["hits"] == [] and len(red.krew) == 7


@pytest.mark.rules("JL-PORT-1")
def test_torpedoes_pass_a_ship_in_harbour_by() -> None:
    g = at_dock(blue={"x": 60.0, "y": 52.0, "heading": 90.0})
    s, blue = sea(g), ship(g, "Blue")
    red = dock_red(g)
    g.dice = ScriptedDice(["hit", "hit"])
    drive(torpedoes.launch(g, s, blue, Torpedoes()))
    assert [e["hit"] for e in events(g, "torpedo")] == [None, None]
    assert red.hull_points == 5 and events(g, "strike") == []


@pytest.mark.rules("JL-PORT-1", "JL-KREW-6")
def test_no_boarding_of_or_from_a_ship_in_harbour() -> None:
    g = at_dock(blue={"x": 60.0, "y": 59.0, "heading": 0.0})
    s = sea(g)
    red, blue = ship(g, "Red"), ship(g, "Blue")
    del red.krew[1:]  # Red is a hulk; Blue, 3" off, could send krew across
    assert krew.takeover_options(s, "blue") == [("Red", "Blue")]
    red.krew = [KrewModel("kaptin", 3), KrewModel("krew", 1)]
    dock_red(g)
    del red.krew[1:]
    assert harbour.in_harbour(s, red) and krew.takeover_options(s, "blue") == []
    # nor can a ship in harbour send its krew out
    red.krew = [KrewModel("kaptin", 3), *(KrewModel("krew", 1) for _ in range(5))]
    del blue.krew[1:]
    assert krew.takeover_options(s, "red") == []
    red.docked_at = None
    assert krew.takeover_options(s, "red") == [("Blue", "Red")]


# --------------------------------------------------------------------------- JL-PORT-2: staying in harbour


@pytest.mark.rules("JL-PORT-2")
def test_a_ship_stays_the_turn_after_docking_then_leaves_on_a_3_plus() -> None:
    g = at_dock()
    s = sea(g)
    red = dock_red(g)
    assert red.docked_turn == 1
    set_turn(g, 2)
    g.dice = ScriptedDice([])
    drive(harbour.start_of_movement(g, s))  # the minimum stay: no roll, no choice
    assert red.held == (2, "in harbour at Dock: the minimum stay (JL-PORT-2)")
    set_turn(g, 3)
    g.dice = ScriptedDice([2])
    drive(harbour.start_of_movement(g, s))
    assert red.held == (3, "in harbour at Dock: not ready to leave (JL-PORT-2)") and red.docked_at == "Dock"
    set_turn(g, 4)
    g.dice = ScriptedDice([3])
    seen: list[Prompt] = []
    drive(harbour.start_of_movement(g, s), [lambda p: seen.append(p) or StayOrLeave("stay")])
    assert isinstance(seen[0], LeavePrompt) and seen[0].rule == "JL-PORT-2"
    assert red.held == (4, "stays at Dock") and harbour.in_harbour(s, red)
    set_turn(g, 5)
    g.dice = ScriptedDice([6])
    drive(harbour.start_of_movement(g, s), [StayOrLeave("leave")])
    assert not harbour.in_harbour(s, red) and red.held_this(5) is None
    assert red.hull.heading == pytest.approx(270.0)  # facing straight out of the harbour
    assert [(e["game_turn"], e["roll"], e["may_leave"]) for e in events(g, "harbour-leave")] == [(2, None, False), (3, 2, False), (4, 3, True), (5, 6, True)]
    assert all(e["rule"] == "JL-PORT-2" for e in events(g, "harbour-leave") + events(g, "depart"))


@pytest.mark.rules("JL-PORT-2")
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_the_roll_to_leave_harbour_needs_a_3(roll: int) -> None:
    g = at_dock()
    s = sea(g)
    red = dock_red(g)
    set_turn(g, 3)
    g.dice = ScriptedDice([roll])
    drive(harbour.start_of_movement(g, s), [StayOrLeave("leave")] if roll >= 3 else [])
    assert harbour.in_harbour(s, red) is (roll < 3)


@pytest.mark.rules("JL-PORT-1", "JL-PORT-2", "JL-PORT-3", "JL-TURN-5")
def test_a_turn_in_harbour_holds_fire_takes_no_orders_and_trades_after_boarding() -> None:
    g = sailing_north([DOCK, WATER], 40.0)  # All Stop ends 2" short of the dock
    g.dice = ByRule({"JL-LAND-1": [3], "JL-PORT-2": [2, 4]})
    red = ship(g, "Red")
    seen: list[Prompt] = []
    play_to(g, LandPrompt, seen)
    g.submit("red", Land("Dock"))
    red.hull_points = 4  # say it limped in
    p = play_to(g, TradePrompt, seen)
    assert (g.turn, g.phase) == (2, "boarding")
    assert isinstance(p, TradePrompt) and p.offers == [("hull", 1)] and p.describe()["gold"] == 5
    red_shots = [q for q in seen if isinstance(q, ShootPrompt) and q.ship is red]
    assert red_shots and not red_shots[0].may_shoot() and red_shots[0].guns() == {}
    assert [e["why"] for e in events(g, "holds-fire") if e["ship"] == "Red"] == ["in harbour (JL-PORT-1)"]
    assert orders_for([q for q in seen if isinstance(q, OrdersPrompt)][1]) == {"Blue"}
    g.submit("red", Trade("hull"))
    assert (red.hull_points, red.gold) == (5, 4)
    p = play_to(g, LeavePrompt, seen)  # turn 3: a 2, not ready; turn 4: a 4
    assert g.turn == 4 and [e["roll"] for e in events(g, "harbour-leave")] == [None, 2, 4]
    g.submit("red", StayOrLeave("leave"))
    p = play_to(g, OrdersPrompt, seen)
    assert orders_for(p) == {"Red", "Blue"} and not harbour.in_harbour(sea(g), red)


# --------------------------------------------------------------------------- JL-PORT-3: trades


def trading(g: Game, answers: Sequence[str | None]) -> list[TradePrompt]:
    seen: list[TradePrompt] = []

    def answer(item: str | None) -> Any:
        def a(p: Prompt) -> Trade:
            assert isinstance(p, TradePrompt)
            seen.append(p)
            return Trade(item)

        return a

    g.dice = ScriptedDice([])
    drive(harbour.trades(g, sea(g)), [answer(i) for i in answers])
    return seen


@pytest.mark.rules("JL-PORT-3")
def test_each_trade_and_its_cost() -> None:
    g = at_dock()
    red = dock_red(g)
    red.hull_points, red.rudder_damaged, red.engine_damaged = 3, True, True
    red.damaged_guns = {"fore"}
    red.krew = [KrewModel("krew", 1), KrewModel("krew", 1)]  # no Kaptin, no Doc, two boyz
    red.gold = 20
    seen = trading(g, ["hull", "rudder", "engine", "gun:fore", "doc", "kaptin", "krew", None])
    assert seen[0].offers == [("hull", 1), ("rudder", 1), ("engine", 1), ("gun:fore", 1), ("krew", 1), ("doc", 2), ("kaptin", 3)]
    assert seen[0].describe()["offers"][-1] == {"item": "kaptin", "cost": 3} and seen[0].seats == ("red",)
    assert (red.hull_points, red.rudder_damaged, red.engine_damaged, red.damaged_guns) == (4, False, False, set())
    assert sorted(k.role for k in red.krew) == ["doc", "kaptin", "krew", "krew", "krew"]
    assert red.kaptin is not None and red.kaptin.wounds == 3  # a full-profile Kaptin
    assert red.gold == 20 - 4 - 2 - 3 - 1
    log = events(g, "trade")
    assert [(e["item"], e["cost"], e["gold_left"]) for e in log] == [
        ("hull", 1, 19),
        ("rudder", 1, 18),
        ("engine", 1, 17),
        ("gun:fore", 1, 16),
        ("doc", 2, 14),
        ("kaptin", 3, 11),
        ("krew", 1, 10),
    ]
    assert all(e["rule"] == "JL-PORT-3" for e in log) and log[0]["hull_points"] == 4 and log[-1]["krew"] == 5


@pytest.mark.rules("JL-PORT-3")
def test_hull_points_are_mended_up_to_5_and_trading_stops_when_the_gold_runs_out() -> None:
    g = at_dock()
    red = dock_red(g)
    red.hull_points, red.gold = 2, 2
    seen = trading(g, ["hull", "hull"])  # no third prompt: nothing left to pay with
    assert (red.hull_points, red.gold, len(seen)) == (4, 0, 2)
    red.gold = 3
    trading(g, ["hull"])  # once whole, there is nothing more to mend and nothing to hire
    assert (red.hull_points, red.gold) == (5, 2)
    assert trading(g, []) == []


@pytest.mark.rules("JL-PORT-3")
def test_only_ever_one_kaptin_and_one_mad_doc() -> None:
    g = at_dock()
    red = dock_red(g)
    red.hull_points, red.gold = 4, 9
    [p] = trading(g, [None])
    assert ("kaptin", 3) not in p.offers and ("doc", 2) not in p.offers
    with pytest.raises(IllegalAction, match="cannot buy 'kaptin': there is a Kaptin aboard already, and only ever one; it can buy: hull \\(1 gold\\)"):
        p.check("red", Trade("kaptin"))
    with pytest.raises(IllegalAction, match="there is a Mad Doc aboard already, and only ever one"):
        p.check("red", Trade("doc"))
    with pytest.raises(IllegalAction, match="the rudder is not damaged"):
        p.check("red", Trade("rudder"))
    with pytest.raises(IllegalAction, match="no such thing to buy"):
        p.check("red", Trade("grog"))


@pytest.mark.rules("JL-PORT-3")
def test_not_enough_gold_is_refused_with_the_price() -> None:
    g = at_dock()
    red = dock_red(g)
    red.krew = [k for k in red.krew if k.role != "kaptin"]
    red.gold = 2
    red.hull_points = 4
    [p] = trading(g, [None])
    assert p.offers == [("hull", 1)]  # the Kaptin is out of reach
    with pytest.raises(IllegalAction, match="'kaptin' costs 3 gold and Red has only 2 aboard"):
        p.check("red", Trade("kaptin"))


@pytest.mark.rules("JL-PORT-3")
def test_boyz_are_hired_up_to_option_krew_limit() -> None:
    g = at_dock()
    red = dock_red(g)
    red.gold = 5
    assert trading(g, []) == []  # five boyz aboard already: nothing to buy
    with pytest.raises(IllegalAction, match=r"5 boyz are aboard, the most option krew_limit allows \(5\)"):
        harbour.check_trade(sea(g), red, "krew")
    big = at_dock(krew_limit=7)
    red = dock_red(big)
    trading(big, ["krew", "krew"])  # then the limit is reached
    assert sum(k.role == "krew" for k in red.krew) == 7 and red.gold == 3


@pytest.mark.rules("JL-PORT-3")
def test_only_ships_in_harbour_trade() -> None:
    g = at_rock(3.0)
    red = ship(g, "Red")
    land_at(g, "Rock", [2])
    red.hull_points = 3
    assert trading(g, []) == []
    with pytest.raises(IllegalAction, match="not in harbour"):
        harbour.check_trade(sea(g), red, "hull")


# --------------------------------------------------------------------------- the battle report


@pytest.mark.rules("JL-LAND-1", "JL-LAND-2", "JL-PORT-2", "JL-PORT-3")
def test_the_battle_report_tells_landings_finds_departures_and_trades() -> None:
    g = at_rock(3.0, treasure=True)
    land_at(g, "Rock", [2, 6, 1, 2])
    set_turn(g, 2)
    drive(harbour.start_of_movement(g, sea(g)), [StayOrLeave("leave")])
    d = at_dock()
    red = dock_red(d)
    red.hull_points = 4
    trading(d, ["hull"])
    set_turn(d, 2)
    drive(harbour.start_of_movement(d, sea(d)))
    mine: list[Event] = [e for e in [*g.events, *d.events] if e.kind in ("landing", "treasure", "depart", "harbour-leave", "trade")]
    lines = [Words.of(g).describe(e) for e in mine]
    assert lines == [
        "Red lands at Rock (2), alongside at (60.0, 40.0).",
        "  Red's krew dig on Rock and find a stash of 3 gold, stored aboard (8 in all).",
        "Red leaves Rock, turning to 270°.",
        "Red docks in harbour at Dock (3), alongside at (60.0, 68.0).",
        "Red buys hull in harbour for 1 gold (4 left).",
        "Red must stay in harbour at Dock this turn.",
    ]
    assert all(e.rule for e in mine)


# --------------------------------------------------------------------------- the players


def offer(g: Game, name: str = "Red") -> Prompt:
    """The landing offer a ship gets after its move (without answering it)."""
    p = next(harbour.after_move(g, sea(g), ship(g, name)))
    assert isinstance(p, LandPrompt)
    return p


@pytest.mark.rules("JL-LAND-1", "JL-LAND-2")
def test_the_heuristic_digs_on_a_treasure_island_only_with_no_enemy_near() -> None:
    g = at_rock(3.0, treasure=True)
    assert HeuristicPlayer(0).act(g, "red", offer(g)) == Land("Rock")
    sea(g).treasure_found.add("Rock")  # dug up already: not worth the stop
    assert HeuristicPlayer(0).act(g, "red", offer(g)) == Land()
    plain = at_rock(3.0)
    assert HeuristicPlayer(0).act(plain, "red", offer(plain)) == Land()
    near = at_rock(3.0, treasure=True, others=[{"seat": "blue", "name": "Near", "x": 80.0, "y": 30.0, "heading": 0.0}])
    assert HeuristicPlayer(0).act(near, "red", offer(near)) == Land()


@pytest.mark.rules("JL-PORT-2", "JL-PORT-3")
def test_the_heuristic_makes_for_port_when_hurt_and_spends_on_repairs_first() -> None:
    g = at_dock()
    s, red = sea(g), ship(g, "Red")
    player = HeuristicPlayer(0)
    assert heuristic.harbour_goal(s, red) is None and player.act(g, "red", offer(g)) == Land()
    red.hull_points = 3
    assert heuristic.harbour_goal(s, red) == (60.0, 62.0)  # the harbour water in front of the dock
    assert player.act(g, "red", offer(g)) == Land("Dock")
    red.gold = 0  # nothing to pay with: no reason to go in
    assert heuristic.harbour_goal(s, red) is None
    red.gold = 5
    dock_red(g)
    red.krew.pop()  # a boy short as well
    red.engine_damaged = True
    p = harbour.trade_prompt(s, red)
    assert player.act(g, "red", p) == Trade("engine")
    red.engine_damaged = False
    assert player.act(g, "red", harbour.trade_prompt(s, red)) == Trade("hull")
    red.hull_points = 5
    assert player.act(g, "red", harbour.trade_prompt(s, red)) == Trade("krew")
    leave = LeavePrompt(seats=("red",), rule="JL-PORT-2", text="", accepts=(StayOrLeave,), ship="Red", place="Dock")
    assert player.act(g, "red", leave) == StayOrLeave("stay")  # a boy still to hire
    red.gold = 0
    assert player.act(g, "red", leave) == StayOrLeave("leave")


@pytest.mark.rules("JL-LAND-1", "JL-PORT-3")
def test_the_random_player_answers_every_new_prompt_legally() -> None:
    g = at_dock()
    red = dock_red(g)
    red.hull_points, red.gold = 3, 9
    prompts = [
        offer(at_rock(3.0)),
        LeavePrompt(seats=("red",), rule="JL-PORT-2", text="", accepts=(StayOrLeave,), ship="Red", place="Dock"),
        harbour.trade_prompt(sea(g), red),
    ]
    for seed in range(20):
        player = RandomPlayer(seed)
        for p in prompts:
            p.check("red", player.act(g, "red", p))
