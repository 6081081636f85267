"""What the module draws at the table (``Module.shapes``, :mod:`grapeshot.rulesets.collisions.drawing`)
and how its log lines explain the geometry, on the harbour host: the shapes of a known state,
the shapes and sentences of real games with scripted dice, and the server's seam that merges a
module's shapes into any host's view."""

from __future__ import annotations

import math
from typing import Any

import pytest

from grapeshot.core.events import Event
from grapeshot.core.game import Game
from grapeshot.geometry import Polygon, Vec
from grapeshot.rulesets.collisions import COLLISIONS, NAME
from grapeshot.rulesets.collisions.phrases import WORDS
from grapeshot.rulesets.collisions.prompts import Board, Grapple
from grapeshot.rulesets.collisions.state import Boarding, Flotsam, Prisoner, Swimmer
from grapeshot.rulesets.collisions.state import Grapple as Held
from grapeshot.server.views import build
from tests.rulesets.collisions.harbour_host import HOST, harbour_of
from tests.rulesets.collisions.support import cg, craft, events, game, helm, say, scenario
from tests.rulesets.collisions.test_boarding import BLUE, RED, grappled
from tests.rulesets.collisions.test_sideswipes import CUTTER, HULK, swing

Shape = dict[str, Any]


def drawn(g: Game, kind: str, cls: str) -> list[Shape]:
    return [sh for sh in COLLISIONS.shapes(g, None) if sh["kind"] == kind and sh["class"] == f"{NAME}-{cls}"]


def sentence(g: Game, kind: str) -> str:
    (e,) = [e for e in g.events if e.kind == f"{NAME}.{kind}"]
    text = WORDS.sentence(e)
    assert text is not None
    return text


def known_state() -> Game:
    """Red and Blue with the module's state set by hand: grappled, entangled, a swimmer two turns
    in the water, wreckage, a prize with a prisoner aboard, and boarders on an enemy deck."""
    third = {"seat": "blue", "name": "Third", "size": "small", "x": 50, "y": 10, "heading": 0, "crew": 2}
    g = game(scenario([RED, BLUE, third]))
    st = cg(g)
    st.grapples += [Held("Red", "Blue", 1, "grappled"), Held("Red", "Third", 1, "entangled")]
    st.swimmers["Blue/3"] = Swimmer("Blue/3", "blue", 40.0, 30.0, 0.5, g.turn - 1, wounded=True, clinging="spars")
    st.flotsam.append(Flotsam("wreck of Hulk", Polygon.circle(Vec(44.0, 30.0), 1.0, 6).points, "wreckage"))
    st.boardings.append(Boarding("red", "Blue", "Red/1", {"Red/1": "Red", "Red/2": ""}, 1))
    for f in ("Red/1", "Red/2"):  # the boarders stand on the deck they boarded
        harbour_of(g).hands[f].vessel = "Blue"
    st.prizes["Third"] = "Third/1"
    st.prisoners["Third/2"] = Prisoner("Third/2", "Third", "red", "below")
    return g


@pytest.mark.rules("CG-GRAP-2", "CG-RAM-1")
def test_grapple_lines_join_the_hulls_and_a_ram_s_entanglement_is_dashed() -> None:
    g = known_state()
    (line,) = drawn(g, "line", "grappled")
    assert (line["from"], line["to"], line["dash"]) == ([20.0, 24.0], [27.0, 28.0], False)
    (ram,) = drawn(g, "line", "entangled")
    assert ram["dash"] is True and ram["to"] == [50.0, 10.0] and "entangled by a ram" in ram["title"]
    assert all(sh["module"] == NAME for sh in COLLISIONS.shapes(g, None))


@pytest.mark.rules("CG-SWIM-2", "CG-SWIM-3")
def test_swimmers_show_their_turns_in_the_water_and_flotsam_its_outline() -> None:
    g = known_state()
    (s,) = drawn(g, "base", "swimmer")
    assert (s["at"], s["radius"], s["seat"], s["label"]) == ([40.0, 30.0], 0.5, "blue", "2")
    assert "turn 2" in s["title"] and "wounded" in s["title"] and "clinging to spars" in s["title"]
    (w,) = drawn(g, "polygon", "wreckage")
    assert len(w["points"]) == 6 and all(math.dist(p, [44.0, 30.0]) == pytest.approx(1.0, abs=1e-3) for p in w["points"])


@pytest.mark.rules("CG-BOARD-2", "CG-BOARD-4")
def test_prisoners_prize_crews_and_boarders_are_ringed_in_their_seat_s_colour() -> None:
    g = known_state()
    rings = {sh["name"]: sh for sh in COLLISIONS.shapes(g, None) if sh.get("hollow")}
    for f, cls, seat in (("Red/1", "boarder", "red"), ("Red/2", "boarder", "red"), ("Third/2", "prisoner", "red")):
        base = HOST.base(g, f)
        assert rings[f]["class"] == f"{NAME}-{cls}" and rings[f]["seat"] == seat
        assert rings[f]["at"] == [round(base.centre.x, 4), round(base.centre.y, 4)] and rings[f]["radius"] > base.radius
    assert rings["Red/1"]["label"] == "L" and "from Red" in rings["Red/1"]["title"] and "from the water" in rings["Red/2"]["title"]
    assert rings["Third/2"]["label"] == "P" and "below" in rings["Third/2"]["title"]
    (prize,) = [sh for sh in COLLISIONS.shapes(g, None) if sh.get("class") == f"{NAME}-prize"]
    assert prize["at"] == [50.0, 10.0] and "prize captain Third/1" in prize["title"]
    assert rings["Third/1"]["class"] == f"{NAME}-prize-crew" and rings["Third/1"]["label"] == "C"


@pytest.mark.rules("CG-BOARD-2")
def test_a_real_grapple_and_boarding_are_drawn_and_told_with_their_placing() -> None:
    g = grappled(go=4.0, dice=[1] * 9)  # the mêlée that follows: every blow misses
    (line,) = drawn(g, "line", "grappled")
    hulls = craft(g, "Red").hull.centre, craft(g, "Blue").hull.centre
    assert [line["from"], line["to"]] == [[round(p.x, 4), round(p.y, 4)] for p in hulls]
    assert "hauled in against" in sentence(g, "together")
    say(g, Board("Red", "Blue", 2))
    (board,) = events(g, "board")
    rings = {sh["name"]: sh for sh in drawn(g, "base", "boarder")}
    assert set(rings) == set(board["placed"]) and rings[board["leader"]]["label"] == "L"
    assert [rings[f]["at"] for f in board["placed"]] == board["at"]
    text = sentence(g, "board")
    assert text.startswith(f"red boards Blue: {board['placed'][0]} and {board['placed'][1]} cross, {board['leader']} leading")
    assert "placed one at a time" in text


@pytest.mark.rules("CG-SIDE-1", "CG-SIDE-2")
def test_the_sideswipe_sentence_gives_who_conformed_off_which_facing_how_and_the_gap() -> None:
    g = game(scenario([CUTTER, HULK]))
    swing(g)
    (side,) = events(g, "sideswipe")
    text = sentence(g, "sideswipe")
    lies = {"parallel": "parallel", "T": "in a T", "V": "in a V"}[side["formation"]]
    off = {"port": "off its port side", "starboard": "off its starboard side", "front": "off its bow", "rear": "off its stern"}[side["facing"]]
    assert text == f'Cutter sideswipes Hulk: Cutter conforms to Hulk (the smaller) and lies point blank, {lies} {off}, 2" hull to hull.'


@pytest.mark.rules("CG-GRAP-2")
def test_the_stand_off_sentence_gives_the_one_inch_it_was_slid_back_to() -> None:
    g = game(scenario([RED, BLUE]), [2])
    helm(g, "Red", 0.0, 4.0)
    say(g, Grapple("Red", "Blue", 2))
    (off,) = events(g, "stand-off")
    assert off["placed"] and off["gap"] == pytest.approx(1.0)
    assert sentence(g, "stand-off") == 'Red stands off from Blue, slid back along the line between them to 1" apart.'


@pytest.mark.rules("CG-SIDE-3")
def test_a_knock_on_is_told_with_its_placing() -> None:
    gig = {"seat": "blue", "name": "Gig", "size": "boat", "x": 35.2, "y": 32.8, "heading": 0, "crew": 1}
    g = game(scenario([CUTTER, HULK, gig]))
    swing(g)
    (knock,) = events(g, "knock-on")
    off = {"port": "off its port side", "starboard": "off its starboard side", "front": "off its bow", "rear": "off its stern"}[knock["facing"]]
    assert sentence(g, "knock-on") == f'Knock-on: Cutter strikes Gig, which conforms to it and lies in a V {off}, 2" hull to hull.'


def test_a_stand_off_without_room_is_told_as_such() -> None:
    stuck = Event(0, 1, "movement", f"{NAME}.stand-off", "CG-GRAP-2", {"vessel": "Red", "target": "Blue", "placed": False, "gap": 1.5})
    assert WORDS.sentence(stuck) == 'Red cannot stand off from Blue (no room), and stays 1.5" away.'


def test_the_table_s_view_merges_the_module_s_shapes_for_any_host_and_none_without_it() -> None:
    g = grappled(go=4.0)
    v, faults = build(g, "red")
    assert not faults
    assert v["shapes"] == COLLISIONS.shapes(g, "red") and v["shapes"]  # the harbour has no web plugin: the module's alone
    off = game(scenario([RED, BLUE], modules=()))
    w, _ = build(off, "red")
    assert w["shapes"] is None
