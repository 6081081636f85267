"""Victory points for models slain (the stand-in the game ends on, NW-BOARD-7): a war machine and
its crew score once, as one unit worth the machine's points."""

from __future__ import annotations

import pytest

from grapeshot.rulesets.navalwarhammer import victory
from grapeshot.rulesets.navalwarhammer.damage import credit
from grapeshot.rulesets.navalwarhammer.state import Sea, Troops
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, game, sea, ship

GUNNED = [HALBERDIERS, {"unit": "Great Cannon", "mount": "port"}]


def gun_and_crew() -> tuple[Sea, Troops, Troops]:
    g = game(duel([ship("Red", "medium", GUNNED)], [ship("Blue", "medium", [HALBERDIERS])]))
    s = sea(g)
    gun = next(u for u in s.units.values() if u.is_machine and u.seat == "red")
    crew = next(u for u in s.units.values() if u.crew_of == gun.name)
    assert gun.points == 100 and crew.points == 0 and crew.models == 3
    return s, gun, crew


def slay(s: Sea, u: Troops, n: int, by: str) -> None:
    u.models -= n
    u.figs = u.figs[: u.models]
    credit(s, by, u, n)


@pytest.mark.rules("NW-BOARD-7")
def test_slaying_the_last_of_a_war_machines_crew_scores_the_machine() -> None:
    s, gun, crew = gun_and_crew()
    slay(s, crew, 2, "blue")
    assert victory.score(s)["blue"] == 0  # a crewman alone is worth nothing: the machine pays for him
    slay(s, crew, 1, "blue")
    assert victory.score(s)["blue"] == gun.points
    slay(s, gun, 1, "blue")  # destroying the silent machine afterwards scores nothing more
    assert victory.score(s)["blue"] == gun.points


@pytest.mark.rules("NW-BOARD-7")
def test_a_war_machine_destroyed_while_crewed_scores_once() -> None:
    s, gun, crew = gun_and_crew()
    slay(s, gun, 1, "blue")
    assert victory.score(s)["blue"] == gun.points
    slay(s, crew, 3, "blue")
    assert victory.score(s)["blue"] == gun.points
    other = next(u for u in s.units.values() if u.seat == "red" and u.kind == "Halberdiers")
    slay(s, other, 2, "blue")  # other models score their own points, as before
    assert victory.score(s)["blue"] == gun.points + 2 * other.points


def test_the_score_shown_is_the_score_that_decides() -> None:
    """Issue 25, item 12: the panel showed the points won while the banner added the prizes held
    (NW-BOARD-7): the state a seat sees carries the one score, and the outcome is decided by it."""
    from grapeshot.agents import make, play_out
    from grapeshot.core.game import Game
    from grapeshot.core.scenario import load_scenario

    g = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=4)
    play_out(g, {s: make("heuristic", i, g.ruleset) for i, s in enumerate(("red", "blue"))})
    s = g.state
    assert isinstance(s, Sea)
    taken = next(iter(s.afloat()))
    other = next(seat for seat in s.seats if seat != taken.owner)
    taken.commander = other  # she is held as a prize
    shown = s.describe()
    assert shown["prizes"] == {other: 2 * taken.value}
    assert shown["score"] == victory.score(s) == {seat: s.vp.get(seat, 0) + (2 * taken.value if seat == other else 0) for seat in s.seats}
    out = victory.final(g, s)
    assert out.detail == ", ".join(f"{seat} {v} VP" for seat, v in sorted(shown["score"].items()))
