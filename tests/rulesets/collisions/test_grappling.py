"""Grappling (CG-GRAP-1..3) through a real harbour game with scripted dice: after a sideswipe and
on closing within 2", two spare crew, the roll and its bonus, standing off, momentum spent, the
smaller conforming and the ships brought together."""

from __future__ import annotations

import pytest

from grapeshot.core.game import Game
from grapeshot.geometry import hull_distance
from grapeshot.rulesets.collisions.placement import STAND_OFF, TOGETHER
from grapeshot.rulesets.collisions.prompts import BoardPrompt, Grapple, GrapplePrompt
from tests.rulesets.collisions.harbour import HelmPrompt
from tests.rulesets.collisions.support import cg, craft, events, game, hand, helm, say, scenario
from tests.rulesets.collisions.test_sideswipes import CUTTER, HULK, swing

RED = {"seat": "red", "name": "Red", "size": "small", "x": 20, "y": 24, "heading": 0, "crew": 3}
#: 1.5" off Red's course, passing the other way
BLUE = {"seat": "blue", "name": "Blue", "size": "small", "x": 35, "y": 28, "heading": 180, "crew": 3}


def gap(g: Game, a: str, b: str) -> float:
    return hull_distance(craft(g, a).hull, craft(g, b).hull)


@pytest.mark.rules("CG-GRAP-1", "CG-GRAP-2", "CG-GRAP-3")
def test_after_a_sideswipe_two_spare_crew_grapple_and_the_ships_come_together() -> None:
    g = game(scenario([{**CUTTER, "crew": 4}, HULK]), [3])
    swing(g)
    assert isinstance(g.prompt, GrapplePrompt) and (g.prompt.vessel, g.prompt.spare) == ("Cutter", 4)
    assert [c.value.grapplers for c in g.prompt.legal("red").parts[0].options] == [0, 2, 3, 4]
    say(g, Grapple("Cutter", "Hulk", 2))
    (grapple,) = events(g, "grapple")
    assert (grapple["roll"], grapple["bonus"], grapple["total"], grapple["held"]) == (3, 0, 3, True)
    assert all(hand(g, f).acted for f in grapple["grapplers"]) and len(grapple["grapplers"]) == 2
    assert events(g, "momentum-spent") == [{"vessels": ["Cutter", "Hulk"]}]
    assert craft(g, "Cutter").left() == 0 and craft(g, "Hulk").left() == 0
    (together,) = events(g, "together")
    assert (together["larger"], together["conforming"], together["placed"], together["formation"]) == ("Hulk", "Cutter", True, "parallel")
    assert craft(g, "Cutter").heading == 0.0 and gap(g, "Cutter", "Hulk") == pytest.approx(TOGETHER, abs=1e-9)
    assert {(x.a, x.b, x.how) for x in cg(g).grapples} == {("Cutter", "Hulk", "grappled")}


@pytest.mark.rules("CG-GRAP-2")
@pytest.mark.parametrize(
    ("grapplers", "die", "extra", "bonus", "held"),
    [
        (2, 2, "beyond-two", 0, False),  # 1-2 stands off
        (2, 3, "beyond-two", 0, True),
        (4, 1, "beyond-two", 2, False),  # a natural 1 always fails
        (4, 2, "beyond-two", 2, True),  # 2 + 2 for the two beyond the required two
        (2, 2, "beyond-one", 1, True),  # the other reading: +1 for the second grappler already
        (3, 1, "beyond-one", 2, False),
    ],
)
def test_the_grapple_roll(grapplers: int, die: int, extra: str, bonus: int, held: bool) -> None:
    g = game(scenario([{**CUTTER, "crew": 4}, HULK], options={"collisions.grapple_extra": extra}), [die])
    swing(g)
    say(g, Grapple("Cutter", "Hulk", grapplers))
    (grapple,) = events(g, "grapple")
    assert (grapple["bonus"], grapple["total"], grapple["held"]) == (bonus, die + bonus, held)
    if not held:
        (off,) = events(g, "stand-off")
        assert off["placed"] and off["wanted"] == STAND_OFF and gap(g, "Cutter", "Hulk") == pytest.approx(STAND_OFF, abs=1e-6)
        assert craft(g, "Cutter").heading == 315.0 and cg(g).grapples == []  # slid straight back, not turned
        assert isinstance(g.prompt, GrapplePrompt) and g.prompt.vessel == "Hulk"  # the other side may try in its turn


@pytest.mark.rules("CG-GRAP-1")
def test_a_grapple_needs_two_spare_crew() -> None:
    """The Cutter has one man: its seat is not asked; the Hulk's is."""
    g = game(scenario([{**CUTTER, "crew": 1}, HULK]))
    swing(g)
    assert isinstance(g.prompt, GrapplePrompt) and g.prompt.vessel == "Hulk" and g.prompt.seats == ("blue",)
    with pytest.raises(Exception, match="a grapple needs 2 to 2 spare crew"):
        say(g, Grapple("Hulk", "Cutter", 1))
    say(g, Grapple("Hulk", "Cutter", 0))
    assert events(g, "grapple") == []


@pytest.mark.rules("CG-GRAP-1", "CG-GRAP-3")
def test_closing_within_two_inches_without_touching_allows_a_grapple_and_equals_roll_off() -> None:
    """Red passes 1.5" from Blue: at the end of its move it may grapple.  The two are the same
    size, so a roll-off says who conforms (2: Red), and Red turns to Blue's heading alongside."""
    g = game(scenario([RED, BLUE]), [4, 2])
    helm(g, "Red", 0.0, 10.0)
    assert events(g, "sideswipe") == [] and gap(g, "Red", "Blue") == pytest.approx(1.5)
    assert isinstance(g.prompt, GrapplePrompt) and g.prompt.vessel == "Red"
    say(g, Grapple("Red", "Blue", 2))
    (together,) = events(g, "together")
    assert (together["larger"], together["conforming"], together["formation"]) == ("Blue", "Red", "parallel")
    roll = [e for e in g.events if e.kind == "roll"][-1]
    assert roll.rule == "CG-GRAP-3" and roll.data["faces"] == [2]
    assert craft(g, "Red").heading == 180.0 and craft(g, "Blue").x == 35.0
    assert gap(g, "Red", "Blue") == pytest.approx(TOGETHER, abs=1e-9)
    # the momentum is used up: Blue, grappled before it moved, does not move; the boarding step is next
    assert isinstance(g.prompt, BoardPrompt) and g.phase == "boarding"


@pytest.mark.rules("CG-GRAP-1")
def test_each_side_gets_one_grapple_chance_a_turn_against_a_ship() -> None:
    g = game(scenario([RED, BLUE]), [])
    helm(g, "Red", 0.0, 10.0)
    say(g, Grapple("Red", "Blue", 0))
    assert isinstance(g.prompt, GrapplePrompt) and g.prompt.vessel == "Blue"
    say(g, Grapple("Blue", "Red", 0))
    helm(g, "Blue", 0.0, 0.0)  # Blue stays: no second chance at the end of its move
    # nothing grappled, so no boarding step decision: on to turn 2 (Blue moves first), where the
    # chances of turn 1 are forgotten and each may try again
    assert cg(g).grapples == [] and g.turn == 2 and isinstance(g.prompt, HelmPrompt) and g.prompt.vessel == "Blue"
    assert cg(g).offered == set()
    helm(g, "Blue")
    assert isinstance(g.prompt, GrapplePrompt) and g.prompt.vessel == "Blue"
