"""Boarding (CG-BOARD-1..5) through a real harbour game with scripted dice: boarding at once or
at the initiative, placing boarders, the host's mêlée, retreat, striking, prizes and prisoners,
and boats swarming aboard with the mishap table, the Cunning Plan and the Suspicious Beggar."""

from __future__ import annotations

from typing import Any

import pytest

from grapeshot.core.game import Game
from grapeshot.geometry import base_within, bases_overlap
from grapeshot.rulesets.collisions.prompts import Board, BoardPrompt, Free, FreePrompt, Grapple, PlanPrompt, PlayPlan, Strike, StrikePrompt
from tests.rulesets.collisions.harbour_host import HOST
from tests.rulesets.collisions.support import cg, craft, events, game, hand, helm, say, scenario

RED = {"seat": "red", "name": "Red", "size": "small", "x": 20, "y": 24, "heading": 0, "crew": 4}
#: 1.5" off Red's course: Red comes alongside it after 4" of its 10
BLUE = {"seat": "blue", "name": "Blue", "size": "small", "x": 27, "y": 28, "heading": 180, "crew": 3}


def grappled(*, go: float = 4.0, blue: dict[str, Any] | None = None, dice: list[int] | None = None, **kw: Any) -> Game:
    """Red sails ``go`` inches, comes within 2" of Blue and grapples it (a 4; the roll-off for
    who conforms a 2: Red)."""
    g = game(scenario([RED, {**BLUE, **(blue or {})}], **kw), [4, 2, *(dice or [])])
    helm(g, "Red", 0.0, go)
    say(g, Grapple("Red", "Blue", 2))
    return g


def on_deck(g: Game, vessel: str, figures: list[str]) -> None:
    hull = craft(g, vessel).hull
    bases = [HOST.base(g, f) for f in HOST.figures_on(g, vessel) if hand(g, f).station == "deck"]
    assert all(hand(g, f).vessel == vessel for f in figures)
    assert all(base_within(b, hull) for b in bases)
    assert not any(bases_overlap(a, b) for i, a in enumerate(bases) for b in bases[i + 1 :])


@pytest.mark.rules("CG-BOARD-1")
def test_a_grappler_that_used_less_than_half_its_ma_may_board_at_once() -> None:
    g = grappled(go=4.0)
    (ini,) = events(g, "initiative")
    assert (ini["used"], ini["allowance"], ini["at_once"]) == (4, 10, True)
    assert isinstance(g.prompt, BoardPrompt) and g.prompt.immediate and not g.prompt.may_cut and g.prompt.most == 4
    assert g.phase == "movement"


@pytest.mark.rules("CG-BOARD-1")
def test_a_grappler_that_used_half_or_more_waits_for_the_initiative() -> None:
    g = grappled(go=5.0, blue={"x": 28})
    (ini,) = events(g, "initiative")
    assert (ini["used"], ini["at_once"]) == (5, False)
    assert isinstance(g.prompt, BoardPrompt) and g.phase == "boarding" and not g.prompt.immediate and g.prompt.may_cut
    assert g.prompt.seats == ("red",)  # red has the initiative in turn 1


@pytest.mark.rules("CG-BOARD-1", "HB-BOARD-1")
def test_the_boardee_with_the_initiative_may_cut_loose_before_the_grappler_boards() -> None:
    """Turn 2: blue has the initiative.  Red grapples having used half its MA, so it must wait;
    at the boarding step blue acts first and cuts loose (the host's rule: 4+)."""
    g = game(scenario([RED, {**BLUE, "x": 28}]), [4, 2, 5])
    helm(g, "Red")
    helm(g, "Blue")
    assert g.turn == 2
    helm(g, "Blue")
    helm(g, "Red", 0.0, 5.0)
    say(g, Grapple("Red", "Blue", 2))
    assert isinstance(g.prompt, BoardPrompt) and g.prompt.seats == ("blue",) and g.prompt.vessel == "Blue"
    say(g, Board("Blue", "Red", cut=True))
    assert events(g, "cut-loose") == [{"vessel": "Blue", "other": "Red", "done": True}]
    assert cg(g).grapples == [] and g.turn == 3  # red was never asked: nothing to board from


@pytest.mark.rules("CG-BOARD-1", "CG-BOARD-2")
def test_the_boardee_may_board_first() -> None:
    g = game(scenario([RED, {**BLUE, "x": 28}]), [4, 2, *[1] * 6])
    helm(g, "Red")
    helm(g, "Blue")
    helm(g, "Blue")
    helm(g, "Red", 0.0, 5.0)
    say(g, Grapple("Red", "Blue", 2))
    say(g, Board("Blue", "Red", 2))
    (board,) = events(g, "board")
    assert board["seat"] == "blue" and board["target"] == "Red" and board["placed"] == ["Blue/1", "Blue/2"] and board["leader"] == "Blue/1"


@pytest.mark.rules("CG-BOARD-2")
def test_boarders_go_one_at_a_time_leader_first_as_many_as_there_is_room() -> None:
    """Blue's deck has a hatch and four men: room for one more.  The party of four is led by its
    officer, Red/3 (officers go first whatever the order aboard); he alone crosses."""
    g = game(scenario([RED, {**BLUE, "crew": 4, "hatch": True}]), [4, 2, 6, 1, 1, 1, 1])
    hand(g, "Red/1").officer, hand(g, "Red/3").officer = False, True
    helm(g, "Red", 0.0, 4.0)
    say(g, Grapple("Red", "Blue", 2))
    say(g, Board("Red", "Blue", 4))
    (board,) = events(g, "board")
    assert board["party"][0] == "Red/3" and board["placed"] == ["Red/3"] and board["leader"] == "Red/3"
    assert board["left_behind"] == [f for f in board["party"] if f != "Red/3"]
    on_deck(g, "Blue", ["Red/3"])
    assert cg(g).boardings[0].leader == "Red/3"


@pytest.mark.rules("CG-BOARD-2")
@pytest.mark.parametrize(("deck", "placed"), [("model", 0), ("template", 4)])
def test_with_no_room_there_is_no_boarding_and_a_template_leaves_out_the_fittings(deck: str, placed: int) -> None:
    g = grappled(blue={"crew": 5, "hatch": True}, options={"collisions.boarding_deck": deck}, dice=[1] * 9)
    say(g, Board("Red", "Blue", 4))
    (board,) = events(g, "board")
    assert len(board["placed"]) == placed and board["template"] == (deck == "template")
    assert len(cg(g).boardings) == (1 if placed else 0)
    if placed:
        on_deck(g, "Blue", board["placed"])
        assert events(g, "melee")  # the boarding's round of mêlée was fought


@pytest.mark.rules("CG-BOARD-3", "HB-MELEE-1")
def test_beaten_boarders_retreat_to_their_own_ship() -> None:
    """Two board; the boarders hit nothing, the defenders once (the host's mêlée): Red/2 falls,
    Red/1 goes back aboard Red and the boarding is over."""
    g = grappled(dice=[1, 1, 5, 1, 1])
    say(g, Board("Red", "Blue", 2))
    (melee,) = events(g, "melee")
    assert (melee["attackers"], melee["winner"]) == (["Red/1", "Red/2"], "defenders")
    assert hand(g, "Red/2").life == 0
    (retreat,) = events(g, "retreat")
    assert retreat["back"] == ["Red/1"] and retreat["stuck"] == []
    assert hand(g, "Red/1").vessel == "Red" and events(g, "boarding-over") == [{"seat": "red", "target": "Blue", "why": "repelled"}]
    on_deck(g, "Red", ["Red/1"])


@pytest.mark.rules("CG-BOARD-3", "CG-BOARD-4", "HB-PRISON-1")
def test_a_beaten_crew_may_strike_and_the_ship_is_taken_with_its_prisoners() -> None:
    """Blue/2 is aloft and Blue/3 below: only Blue/1 defends the deck.  He loses the round and
    strikes; the four boarders are the prize crew under Red/1, and all three are prisoners.  At
    the prisoners step red frees the man below, and Blue/1 (a 6) turns his coat."""
    g = grappled(dice=[6, 1, 1, 1, 1, 6, 3])
    hand(g, "Blue/2").station, hand(g, "Blue/3").station = "aloft", "below"
    say(g, Board("Red", "Blue", 4))
    (melee,) = events(g, "melee")
    assert melee["defenders"] == ["Blue/1"] and melee["winner"] == "attackers"
    assert isinstance(g.prompt, StrikePrompt) and g.prompt.seats == ("blue",)
    say(g, Strike(True))
    (cap,) = events(g, "capture")
    assert (cap["vessel"], cap["seat"], cap["previous"], cap["prize_captain"], cap["struck"]) == ("Blue", "red", "blue", "Red/1", True)
    assert cap["prize_crew"] == ["Red/1", "Red/2", "Red/3", "Red/4"] and sorted(cap["prisoners"]) == ["Blue/1", "Blue/2", "Blue/3"]
    assert craft(g, "Blue").seat == "red" and cg(g).prizes == {"Blue": "Red/1"} and cg(g).boardings == []
    assert {p.figure: p.station for p in cg(g).prisoners.values()} == {"Blue/1": "deck", "Blue/2": "aloft", "Blue/3": "below"}
    # the boarding step: the two ships are both red's now; each may only cut loose or wait
    while isinstance(g.prompt, BoardPrompt):
        assert g.prompt.most == 0 and g.prompt.may_cut
        say(g, Board(g.prompt.vessel, g.prompt.target))
    assert isinstance(g.prompt, FreePrompt) and g.prompt.most == 1 and g.phase == "prisoners"
    say(g, Free(1))
    assert events(g, "freed") == [{"vessel": "Blue", "seat": "red", "figures": ["Blue/3"]}]
    assert [(t["figure"], t["turned"]) for t in events(g, "turncoat")] == [("Blue/1", True), ("Blue/2", False)]
    assert hand(g, "Blue/3").seat == hand(g, "Blue/1").seat == "red" and hand(g, "Blue/2").prisoner_of == "red"
    assert set(cg(g).prisoners) == {"Blue/2"}


@pytest.mark.rules("CG-BOARD-4")
def test_a_ship_with_no_defender_left_on_deck_is_taken() -> None:
    g = grappled(blue={"crew": 2, "officers": 0}, dice=[6, 6, 6, 6, 1, 1])
    say(g, Board("Red", "Blue", 4))
    (cap,) = events(g, "capture")
    assert not cap["struck"] and cap["prisoners"] == [] and craft(g, "Blue").seat == "red"


# --------------------------------------------------------------------------- boats, canoes, swimmers

GIG = {"seat": "red", "name": "Gig", "size": "boat", "x": 20, "y": 24, "heading": 0, "crew": 3}
#: a large ship lying across the Gig's course, 3" ahead of its bow
HULK = {"seat": "blue", "name": "Hulk", "size": "large", "x": 23.5 + 2, "y": 24, "heading": 90, "crew": 6}


def swarm(options: dict[str, Any] | None = None, dice: list[int] | None = None, hulk: dict[str, Any] | None = None) -> Game:
    g = game(scenario([GIG, {**HULK, **(hulk or {})}], options=options), dice or [])
    helm(g, "Gig", 0.0, 4.0)
    return g


@pytest.mark.rules("CG-BOARD-5", "CG-RAM-1")
def test_a_boat_comes_alongside_without_ramming_and_its_outnumbered_men_each_roll_a_mishap() -> None:
    """Three men from the Gig against a crew of six: 1 then a 6 to save, wounded in the water
    (and, lying against his own boat, hauled back into it: CG-SWIM-3); 1 then 2, lost; 4, aboard."""
    g = swarm(dice=[1, 6, 1, 2, 4, 1, *[1] * 6])
    assert events(g, "ram") == [] and events(g, "alongside") == [{"vessel": "Gig", "other": "Hulk"}]
    assert isinstance(g.prompt, BoardPrompt) and g.prompt.immediate and g.prompt.most == 3
    say(g, Board("Gig", "Hulk", 3))
    (sw,) = events(g, "swarm")
    assert (sw["crew"], sw["outnumbered"], sw["mishaps"]) == (6, True, True)
    assert [(m["figure"], m["result"], m.get("saved")) for m in events(g, "mishap")] == [
        ("Gig/1", "davy-jones", True),
        ("Gig/2", "davy-jones", False),
        ("Gig/3", "aboard", None),
    ]
    assert hand(g, "Gig/2").life == 0 and hand(g, "Gig/3").vessel == "Hulk"
    (wet,) = events(g, "in-water")
    assert wet["figure"] == "Gig/1" and wet["wounded"] and wet["clinging"] == "Gig"
    (back,) = events(g, "aboard")
    assert (back["figure"], back["vessel"], back["prisoner"]) == ("Gig/1", "Gig", False) and cg(g).swimmers == {}
    assert events(g, "board")[0]["placed"] == ["Gig/3"] and events(g, "melee")


@pytest.mark.rules("CG-BOARD-5")
@pytest.mark.parametrize(
    ("dice", "result", "where"),
    [([1, 5], "davy-jones", "water"), ([1, 4], "davy-jones", "lost"), ([2], "in-the-water", "water"), ([3], "aboard", "Hulk"), ([6], "aboard", "Hulk")],
)
def test_the_boarding_mishaps_table(dice: list[int], result: str, where: str) -> None:
    """One man climbs: 1, Davy Jones's locker (saved on 5-6, wounded in the water); 2, in the
    water; 3-6, aboard.  A man in the water beside his own boat is hauled back in."""
    g = swarm(dice=[*dice, *[1] * 7])
    say(g, Board("Gig", "Hulk", 1))
    (m,) = events(g, "mishap")
    assert m["result"] == result and m["roll"] == dice[0]
    h = hand(g, "Gig/1")
    wet = events(g, "in-water")
    assert {"water": len(wet) == 1 and h.vessel == "Gig", "lost": h.life == 0 and wet == [], "Hulk": h.vessel == "Hulk" and wet == []}[where]
    if where == "water":
        assert wet[0]["wounded"] == (dice[0] == 1) and h.life == 1


@pytest.mark.rules("CG-BOARD-5")
def test_boarders_not_outnumbered_go_aboard_without_mishaps() -> None:
    g = swarm(dice=[1] * 6, hulk={"crew": 3})
    say(g, Board("Gig", "Hulk", 3))
    (sw,) = events(g, "swarm")
    assert not sw["outnumbered"] and not sw["mishaps"] and events(g, "mishap") == []
    assert events(g, "board")[0]["placed"] == ["Gig/1", "Gig/2", "Gig/3"]


@pytest.mark.rules("CG-BOARD-5")
@pytest.mark.parametrize("beggar", [False, True])
def test_a_cunning_plan_gets_them_aboard_unless_a_suspicious_beggar_sees_through_it(beggar: bool) -> None:
    options = {"collisions.cunning_plan": "red", **({"collisions.suspicious_beggar": "blue"} if beggar else {})}
    g = swarm(options=options, dice=[4, 4, 4] * beggar + [1] * 9)
    say(g, Board("Gig", "Hulk", 3))
    assert isinstance(g.prompt, PlanPrompt) and g.prompt.seats == ("red",)
    say(g, PlayPlan(True))
    (plan,) = events(g, "cunning-plan")
    assert plan["thwarted"] == beggar and plan["beggar"] == ("blue" if beggar else None)
    assert len(events(g, "mishap")) == (3 if beggar else 0)
    assert cg(g).plans == {"red": 0} and cg(g).beggars == ({"blue": 0} if beggar else {})
    assert events(g, "board")[0]["placed"] == ["Gig/1", "Gig/2", "Gig/3"]


@pytest.mark.rules("CG-BOARD-2", "CG-BOARD-5")
def test_a_ship_boards_a_boat_alongside_at_the_boarding_step() -> None:
    """A canoe lies alongside Red: boats are not grappled, but at the boarding step Red may board
    it (a ship's boarders roll no mishaps), two of four finding room; then the canoe's man may
    swarm up Red's side."""
    canoe = {"seat": "blue", "name": "Canoe", "size": "canoe", "x": 23.0, "y": 24 + 1.25 + 0.55 + 0.05, "heading": 0, "crew": 1}
    g = game(scenario([RED, canoe]), [1, 1, 1])
    helm(g, "Red")
    helm(g, "Canoe")
    assert isinstance(g.prompt, BoardPrompt) and (g.prompt.vessel, g.prompt.target, g.prompt.may_cut) == ("Red", "Canoe", False)
    say(g, Board("Red", "Canoe", 4))
    (board,) = events(g, "board")
    assert board["placed"] == ["Red/1", "Red/2"] and board["left_behind"] == ["Red/3", "Red/4"]
    assert events(g, "swarm") == [] and events(g, "mishap") == []
    on_deck(g, "Canoe", ["Red/1", "Red/2"])
    assert isinstance(g.prompt, BoardPrompt) and (g.prompt.vessel, g.prompt.target, g.prompt.seats) == ("Canoe", "Red", ("blue",))


@pytest.mark.rules("CG-BOARD-3")
def test_casting_off_retreats_only_the_boarders_still_aboard() -> None:
    """Seeded random play found it: a boarder knocked into the water between rounds, then the
    ships cast off; only those still on the enemy's deck go back (the swimmer is no boarder)."""
    from tests.test_conformance import _play

    g = _play("harbour", "brawl+collisions", 258236, players="random", check=True)
    assert g.outcome is not None
    # Galley/1 goes into the water on turn 3 and is back aboard his galley on turn 4 (and may
    # then board and retreat again, rightly): the ships cast off while he swims on turn 3
    retreats = [e.data for e in g.events if e.kind == "collisions.retreat" and e.data["why"] == "cut loose" and e.turn == 3]
    assert retreats and all("Galley/1" not in r["back"] + r["stuck"] + r["swum"] for r in retreats)
