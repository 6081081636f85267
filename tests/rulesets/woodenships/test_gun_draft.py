"""Guns in the weapons pile (WS-SETUP-1): picked like any weapon, mounted by their side at a free
place of its ships or forts (sealed, round by round, cannons first), within what each vessel may
carry; then they serve, fire and show on the odds and the score sheets like the scenario's own."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.scenario import ScenarioError, load_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.odds import before
from grapeshot.rulesets.woodenships.actions import Act, Distribute, Hold, Mount, Move, Pick
from grapeshot.rulesets.woodenships.draft import DistributePrompt, PickPrompt
from grapeshot.rulesets.woodenships.mounts import MountPrompt, capacity, places
from grapeshot.rulesets.woodenships.sheets import page
from tests.rulesets.woodenships.harness import duel, kinds, scenario, script, ship, shore, to_figure

pytestmark = pytest.mark.rules("WS-SETUP-1")

PILES = {"red": {"cannon": 1, "sword": 1}, "blue": {"swivel": 1, "mounted-rifle": 1}}


def drafted(red: list[dict[str, Any]] | None = None, piles: Any = PILES, faces: tuple[int, ...] = (5, 2), **options: object) -> Game:
    """The harness's duel (red's ship below blue's, 10" apart) with these piles; red wins the roll-off."""
    sc = duel(red or [{"name": "Jack", "kind": "man"}], [{"name": "Bosun", "kind": "man"}], piles=piles, options=options)
    return Game("woodenships", sc, dice=ScriptedDice(faces))


def picks(g: Game, *order: tuple[str, str]) -> None:
    for seat, kind in order:
        assert isinstance(g.prompt, PickPrompt)
        g.submit(seat, Pick(kind))


def test_guns_are_picked_from_the_pile_then_mounted_at_a_place_of_the_side_s_ships() -> None:
    g = drafted()
    p = g.prompt
    assert isinstance(p, PickPrompt) and p.kinds() == ["sword", "cannon", "swivel", "mounted-rifle"]
    picks(g, ("red", "cannon"), ("blue", "swivel"), ("red", "sword"), ("blue", "mounted-rifle"))
    assert [(e["item"], e["weapon"]) for e in kinds(g, "draft-pick")][:2] == [("cannon", None), ("swivel", None)]
    m = g.prompt
    assert isinstance(m, MountPrompt) and m.simultaneous and m.guns == {"red": "cannon", "blue": "swivel"}
    assert [c.value.place for c in m.legal("red").parts[0].options] == [
        "Red/bow/port",
        "Red/bow/starboard",
        "Red/stern/port",
        "Red/stern/starboard",
        "Red/bow",
        "Red/stern",
    ]
    with pytest.raises(IllegalAction, match="cannot mount its cannon at 'Blue/bow'"):
        m.check("red", Mount("Blue/bow"))
    g.submit("red", Mount("Red/bow/port"))
    assert not kinds(g, "gun-mount")  # sealed until every side has answered
    g.submit("blue", Mount("Blue/bow"))
    m2 = g.prompt
    assert isinstance(m2, MountPrompt) and m2.seats == ("blue",) and m2.guns == {"blue": "mounted-rifle"}
    assert "Blue/bow" not in [c.value.place for c in m2.legal("blue").parts[0].options]  # a place holds one gun
    g.submit("blue", Mount("Blue/stern"))
    s = shore(g)
    cannon = s.guns["Red cannon 1"]
    assert (cannon.along, cannon.port, cannon.mount, cannon.facing) == (2.0, pytest.approx(1.6), 90.0, 90.0)
    assert cannon.wheels and cannon.loaded and cannon.drafted
    swivel, rifle = s.guns["Blue swivel 1"], s.guns["Blue mounted-rifle 1"]
    assert (swivel.along, swivel.mount, rifle.along, rifle.mount) == (pytest.approx(3.6), 0.0, pytest.approx(-3.6), 180.0)
    assert not swivel.wheels and swivel.drafted
    assert [(e["seat"], e["gun"], e["place"]) for e in kinds(g, "gun-mount")] == [
        ("blue", "Blue swivel 1", "Blue/bow"),
        ("red", "Red cannon 1", "Red/bow/port"),
        ("blue", "Blue mounted-rifle 1", "Blue/stern"),
    ]
    d = g.prompt
    assert isinstance(d, DistributePrompt) and d.weapons == {"red": ("sword 1",)}  # the guns are not shared out again


@pytest.mark.rules("WS-SETUP-1", "WS-SHIP-2")
def test_what_a_vessel_may_carry_one_gun_for_every_three_points_and_no_cannon_on_a_small_boat() -> None:
    sc = scenario(
        [ship("Red", 20, 10, 0, type="narrow", sections=3), ship("Wide", 20, 30, 0, type="wide", sections=3)],
        [ship("Canoe", 45, 10, 0, type="canoe"), ship("Raft", 45, 30, 0, type="raft", hit_points=9)],
    )
    s = Game("woodenships", sc).state
    assert [capacity(s.ships[n]) for n in ("Red", "Wide", "Canoe", "Raft")] == [6, 9, 1, 3]
    assert len(places(s.ships["Red"])) == 8 and len(places(s.ships["Wide"])) == 8
    with pytest.raises(ScenarioError, match="a cannon needs a vessel of 6"):
        Game("woodenships", scenario([ship("Red", 20, 10, 0, type="canoe", guns=[{"kind": "cannon", "place": "bow"}])], [ship("Blue", 45, 10, 0)]))
    five = [{"kind": "swivel", "place": p} for p in ("bow", "stern", "port", "starboard")] + [{"kind": "swivel", "place": "port", "section": "bow"}]
    with pytest.raises(ScenarioError, match="Red carries 4 guns already"):
        Game("woodenships", scenario([ship("Red", 20, 10, 0, guns=five)], [ship("Blue", 45, 10, 0)]))


def test_a_drafted_gun_with_no_place_left_stays_ashore() -> None:
    sc = scenario([ship("Red", 20, 10, 0, type="canoe")], [ship("Blue", 45, 10, 0)], piles={"red": {"cannon": 1, "swivel": 2}})
    g = Game("woodenships", sc, dice=ScriptedDice([5, 2]))
    picks(g, ("red", "cannon"), ("blue", "swivel"), ("red", "swivel"))
    m = g.prompt
    assert isinstance(m, MountPrompt) and m.guns == {"blue": "swivel"}  # the canoe takes no cannon
    assert [(e["seat"], e["arm"], e["gun"]) for e in kinds(g, "gun-mount")] == [("red", "cannon", None)]
    g.submit("blue", Mount("Blue/bow"))
    m2 = g.prompt
    assert isinstance(m2, MountPrompt) and m2.guns == {"red": "swivel"}
    g.submit("red", Mount("Red/stern"))
    assert shore(g).guns_on("Red")[0].name == "Red swivel 1" and len(shore(g).guns_on("Red")) == 1  # a canoe carries one gun
    assert g.prompt is not None and g.prompt.kind == "SteerPrompt"


def test_figures_standing_where_a_drafted_gun_goes_step_aside() -> None:
    g = drafted([{"name": "Jack", "kind": "man", "at": [2.0, 1.2]}], piles={"red": {"cannon": 1}})
    picks(g, ("red", "cannon"))
    g.submit("red", Mount("Red/bow/port"))
    s = shore(g)
    (mounted,) = kinds(g, "gun-mount")
    assert list(mounted["moved"]) == ["Jack"]
    jack, gun = s.base(s.figures["Jack"]), s.gun_point(s.guns["Red cannon 1"])
    assert ((jack.x - gun.x) ** 2 + (jack.y - gun.y) ** 2) ** 0.5 >= jack.radius + 0.4 - 1e-9
    assert not g.ruleset.invariants(g)


@pytest.mark.rules("WS-SETUP-1", "WS-GUN-1", "WS-GUN-3", "WS-GUN-7")
def test_a_drafted_cannon_serves_and_fires_as_any_and_the_odds_show_it() -> None:
    crew = [{"name": "Gunner", "kind": "man", "at": [2.0, 0.4]}, {"name": "Mate", "kind": "man", "at": [-2.0, 0.0]}]
    g = drafted(crew, piles={"red": {"cannon": 1}})
    picks(g, ("red", "cannon"))
    g.submit("red", Mount("Red/bow/port"))
    to_figure(g, "Gunner")
    g.submit("red", Move())
    fire = Act("fire", "Red cannon 1", "Blue")
    answer = before(g, "red", fire)  # 10" from the gun's footing to Blue's hull: the 12" band, 2+
    assert answer.exact and answer.p(lambda o: "Blue loses" in o) == Fraction(5, 6)
    assert answer.p(lambda o: "Blue loses 3" in o) == Fraction(5, 36)
    script(g, 4, 3)
    g.submit("red", fire)
    (shot,) = kinds(g, "gun-fire")
    assert (shot["gun"], shot["need"], shot["hit"], shot["damage"]) == ("Red cannon 1", 2, True, 3)
    assert shore(g).ships["Blue"].lost == 3 and not shore(g).guns["Red cannon 1"].loaded


def test_the_score_sheets_show_the_guns_to_be_drafted_then_the_drafted_guns() -> None:
    g = drafted()
    sheet = page(shore(g), "test")
    assert "Guns to be drafted: 1 cannon, 1 swivel, 1 mounted-rifle" in sheet
    picks(g, ("red", "cannon"), ("blue", "swivel"), ("red", "sword"), ("blue", "mounted-rifle"))
    g.submit("red", Mount("Red/bow/port"))
    g.submit("blue", Mount("Blue/bow"))
    g.submit("blue", Mount("Blue/stern"))
    g.submit("red", Distribute((Hold("sword 1", "Jack"),)))
    sheet = page(shore(g), "test")
    assert "Red cannon 1 (drafted)" in sheet and "Blue mounted-rifle 1 (drafted)" in sheet and "Guns to be drafted" not in sheet


def test_a_copy_taken_while_the_guns_are_mounted_plays_on_the_same() -> None:
    sc = duel([{"name": "Jack", "kind": "man"}], [{"name": "Bosun", "kind": "man"}], piles=PILES)
    g = Game("woodenships", sc, seed=11)
    rounds = 0
    while rounds < 2:  # the picks, then the first round of mounting; the copy starts at the second
        p = g.prompt
        assert p is not None
        rounds += isinstance(p, MountPrompt)
        if rounds < 2:
            for seat in p.seats:
                g.submit(seat, p.legal(seat).first())
    c = g.copy()
    p = g.prompt
    assert isinstance(p, MountPrompt) and len(p.seats) == 1
    seat = p.seats[0]
    last = p.legal(seat).parts[0].options[-1].value
    for game in (g, c):
        game.submit(seat, last)
    assert [e.line() for e in c.events] == [e.line() for e in g.events] and isinstance(c.prompt, DistributePrompt)


@pytest.mark.rules("WS-SETUP-1", "WS-GUN-2")
def test_option_gun_draft_puts_the_ship_duel_s_guns_in_the_pile_and_the_heuristic_mounts_them_all() -> None:
    sc = load_scenario("ship-duel", "woodenships")
    g = Game("woodenships", sc, seed=4, options={"gun_draft": "pile"})
    s = shore(g)
    assert not s.guns and s.draft is not None and s.draft.pile.count("cannon") == 4 and s.draft.pile.count("swivel") == 4
    play_out(g, {seat.id: make("heuristic", k, "woodenships") for k, seat in enumerate(sc.seats)})
    mounted = kinds(g, "gun-mount")
    assert len(mounted) == 8 and all(e["gun"] is not None for e in mounted)
    assert {e["facing"] for e in mounted if e["arm"] == "cannon"} <= {90.0, -90.0}  # cannons to the broadsides
    assert kinds(g, "gun-fire") and g.outcome is not None


@pytest.mark.parametrize("players", [("random", "random"), ("heuristic", "random")])
def test_games_with_drafted_guns_finish_and_keep_the_invariants(players: tuple[str, str]) -> None:
    for name in ("ship-duel", "free-for-all", "fort-assault"):
        sc = load_scenario(name, "woodenships")
        for seed in range(2):
            g = Game("woodenships", sc, seed=seed, options={"gun_draft": "pile"})
            agents = {seat.id: make(players[k % 2], seed * 7 + k, "woodenships") for k, seat in enumerate(sc.seats)}

            def check(game: Game) -> None:
                assert not game.ruleset.invariants(game), game.actions[-1]

            play_out(g, agents, check)
            assert g.outcome is not None
