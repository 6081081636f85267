"""War machines with scripted dice: misfire charts, cannonballs that bounce and what stops them
(NW-CANNON-1), point blank (NW-CANNON-3), bolt throwers, stone throwers and template hits."""

from __future__ import annotations

import pytest

from grapeshot.dice import ScriptItem
from grapeshot.geometry import Vec
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import (
    CANNON,
    MISFIRE_CHARTS,
    STONE_THROWER,
    InPath,
    Misfire,
    bolt_shot,
    cannon_shot,
    check_guess,
    misfire,
    point_blank,
    stone_attacks,
    stone_shot,
    template_hits,
)
from grapeshot.rulesets.navalwarhammer.fantasy.charts import SOFT_COVER
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Troop
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit, ship_part
from tests.rulesets.navalwarhammer.harness import events, run, table, unit

# the misfire charts as written down: D6 -> result
BLACK_POWDER = {1: "destroyed", 2: "destroyed", 3: "disabled", 4: "disabled", 5: "no shot", 6: "no shot"}
TORSION = {1: "destroyed", 2: "crewman slain", 3: "crewman slain", 4: "no shot", 5: "no shot", 6: "no shot"}


def fig(start: float, u: Unit) -> InPath:
    """One model of ``u`` whose 1" base starts ``start`` inches along the line."""
    return InPath(start, start + 1.0, u)


@pytest.mark.rules("FB-ART-2")
@pytest.mark.parametrize(("chart", "written"), [("black powder", BLACK_POWDER), ("torsion", TORSION)])
def test_the_misfire_charts_face_by_face(chart: str, written: dict[int, str]) -> None:
    assert {k: v.value for k, v in MISFIRE_CHARTS[chart].items()} == written
    for face, result in written.items():
        g = table([face])
        assert run(g, misfire(g, "Great Cannon", "red", chart)).value == result
        (ev,) = events(g, "misfire")
        assert (ev.rule, ev.data["roll"], ev.data["result"]) == ("FB-ART-2", face, result)


@pytest.mark.rules("FB-CANNON-1", "NW-CANNON-1")
def test_the_ball_lands_beyond_the_guess_bounces_and_stops_at_a_survivor() -> None:
    orc = unit("Orc", "blue", t=4, models=1)
    troll = unit("Troll", "blue", t=4, w=3, models=1, troop=Troop.MONSTROUS_INFANTRY)
    goblin = unit("Goblin", "blue", models=1)
    # guess 20", artillery 4: lands at 24 on the orc; bounces 6 to 30; the orc dies (2+: 5, D6: 2);
    # the troll is wounded (3, D6: 1) and survives: the ball stops; the goblin is not reached
    g = table([4, 6, 5, 2, 3, 1])
    shot = run(g, cannon_shot(g, "Great Cannon", "red", 20, [fig(23, orc), fig(25.5, troll), fig(29, goblin)]))
    assert (shot.landing, shot.bounce, shot.end, shot.stopped_by) == (24, 6, 26.5, "Troll")
    assert orc.models == 0 and troll.wounded == 1 and goblin.models == 1
    assert [d.target for d in shot.hits] == ["Orc", "Troll"]
    (ev,) = events(g, "cannonball")
    assert (ev.rule, ev.data["aim"], ev.data["landing"], ev.data["bounce"], ev.data["hit"]) == ("NW-CANNON-1", 20, 24, 6, ["Orc", "Troll"])
    # figures short of the landing point are flown over
    g = table([10, 2])
    shot = run(g, cannon_shot(g, "Great Cannon", "red", 20, [fig(23, unit("Near", "blue", models=1))]))
    assert shot.hits == () and shot.end == 32


@pytest.mark.rules("FB-CANNON-1")
@pytest.mark.parametrize("face", [2, 4, 6, 8, 10, "misfire"])
def test_bounce_lengths_by_the_artillery_die(face: ScriptItem) -> None:
    g = table([6, face])
    shot = run(g, cannon_shot(g, "Cannon", "red", 12, []))
    length = 0 if face == "misfire" else face
    assert shot.landing == 18 and shot.bounce == length and shot.end == 18 + length  # type: ignore[operator]
    assert events(g, "cannonball")[0].data["bounce_misfire"] is (face == "misfire")


@pytest.mark.rules("FB-CANNON-1", "FB-ART-2")
def test_a_misfire_on_the_first_die_goes_to_the_black_powder_chart() -> None:
    g = table(["misfire", 3])
    shot = run(g, cannon_shot(g, "Cannon", "red", 30, [fig(31, unit("Men", "blue"))]))
    assert shot.misfire is Misfire.DISABLED and shot.hits == () and shot.landing is None
    assert events(g, "cannonball")[0].data["misfire"] == "disabled"


@pytest.mark.rules("NW-CANNON-1")
def test_a_ship_part_stops_the_ball_only_on_a_to_wound_roll_of_one() -> None:
    def deck(toughness: int = 8) -> tuple[Unit, Unit, Unit]:
        return ship_part("Hull", "blue", toughness, 16), unit("Crew", "blue", models=5), unit("Gunners", "blue", models=2)

    # guess 18, artillery 4: lands on the hull's side at 22; bounces 8 to 30
    hull, crew, gunners = deck()
    path = [InPath(22, 28, hull), fig(25, crew), fig(27, gunners)]
    # the hull is wounded (2+ against T8: 3; D6: 4) and the ball bursts through to both crews (2, D6 1 each)
    g = table([4, 8, 3, 4, 2, 1, 6, 1])
    shot = run(g, cannon_shot(g, "Cannon", "red", 18, path))
    assert shot.stopped_by is None and [d.target for d in shot.hits] == ["Hull", "Crew", "Gunners"]
    assert hull.wounded == 4 and crew.models == 4 and gunners.models == 1
    # a large ship's hull (T9) is wounded on 3+: a 2 fails to wound it but does not stop the ball
    hull, crew, gunners = deck(9)
    g = table([4, 8, 2, 2, 1, 6, 1])
    shot = run(g, cannon_shot(g, "Cannon", "red", 18, [InPath(22, 28, hull), fig(25, crew), fig(27, gunners)]))
    assert shot.stopped_by is None and hull.wounded == 0 and crew.models == 4
    # a 1 stops it in the timbers
    hull, crew, gunners = deck()
    g = table([4, 8, 1])
    shot = run(g, cannon_shot(g, "Cannon", "red", 18, [InPath(22, 28, hull), fig(25, crew), fig(27, gunners)]))
    assert (shot.stopped_by, shot.end, crew.models) == ("Hull", 28, 5)
    # a model that fails to be wounded stops it as normal
    g = table([4, 8, 1])
    men = unit("Men", "blue", models=3)
    shot = run(g, cannon_shot(g, "Cannon", "red", 18, [fig(22, men), fig(24, unit("Behind", "blue"))]))
    assert shot.stopped_by == "Men"


@pytest.mark.rules("FB-CANNON-1")
def test_the_other_reading_lets_the_ball_run_on_past_a_survivor() -> None:
    troll = unit("Troll", "blue", t=4, w=3, models=1, troop=Troop.MONSTROUS_INFANTRY)
    goblin = unit("Goblin", "blue", models=1)
    g = table([4, 6, 3, 1, 4, 1])
    shot = run(g, cannon_shot(g, "Cannon", "red", 20, [fig(24, troll), fig(27, goblin)], stops_on_survivor=False))
    assert shot.stopped_by is None and troll.models == 1 and goblin.models == 0


@pytest.mark.rules("NW-CANNON-3", "FB-ART-1")
def test_point_blank_and_guessed_ranges() -> None:
    assert point_blank(12.0) and point_blank(3.5) and not point_blank(12.01)
    # point blank: the aim point is placed, the artillery die still rolled: misfire or overshoot
    g = table([2, 4])
    shot = run(g, cannon_shot(g, "Cannon", "red", 8, [], point_blank=True))
    assert shot.point_blank and shot.landing == 10 and shot.end == 14
    assert 'placed 8.0"' in events(g, "roll")[0].data["purpose"] and events(g, "cannonball")[0].data["point_blank"] is True
    g = table(["misfire", 6])
    assert run(g, cannon_shot(g, "Cannon", "red", 8, [], point_blank=True)).misfire is Misfire.NO_SHOT
    # a guess must lie within the engine's range
    check_guess(CANNON, 48)
    with pytest.raises(ValueError, match='a cannon may aim from 0" to 48", not 49"'):
        check_guess(CANNON, 49)
    with pytest.raises(ValueError, match="stone thrower may aim from 12"):
        check_guess(STONE_THROWER, 10)
    g = table([])
    with pytest.raises(ValueError, match="not 60"):
        run(g, cannon_shot(g, "Cannon", "red", 60, []))


@pytest.mark.rules("FB-BOLT-1")
def test_a_bolt_goes_through_figure_after_figure_one_strength_less_each() -> None:
    crew = unit("Crew", bs=3, models=2)
    front, middle, back = (unit(n, "blue", models=1) for n in ("Front", "Middle", "Back"))
    # to hit 4+: 4; S6 (2+): 2, D3 1; S5 (2+): 3, D3 2; S4 against T3 (3+): 2 fails: the bolt stops
    g = table([4, 2, 1, 3, 2, 2])
    shot = run(g, bolt_shot(g, "Bolt Thrower", crew, [fig(10, front), fig(11, middle), fig(12, back)]))
    assert shot.hit and shot.stopped_by == "Back" and (front.models, middle.models, back.models) == (0, 0, 1)
    assert [e.data["strength"] for e in events(g, "to-wound")] == [6, 5, 4]
    assert events(g, "armour-save") == []  # no armour save against a bolt
    # a miss does nothing; a ship part stops the bolt
    g = table([3])
    assert not run(g, bolt_shot(g, "Bolt Thrower", crew, [fig(10, unit("X", "blue"))])).hit
    hull = ship_part("Hull", "blue", 7, 11)
    g = table([5, 5, 2])
    shot = run(g, bolt_shot(g, "Bolt Thrower", crew, [InPath(10, 14, hull), fig(12, unit("Crew", "blue"))]))
    assert shot.stopped_by == "Hull" and hull.wounded == 2
    # 7+ to hit: a 6, then 4+
    g = table([6, 3])
    assert not run(g, bolt_shot(g, "Bolt Thrower", unit("Slaves", bs=1), [fig(10, unit("X", "blue"))], modifiers=(SOFT_COVER,))).hit


@pytest.mark.rules("FB-STONE-1")
def test_the_stone_lands_on_the_guess_scatters_or_misfires() -> None:
    aim = Vec(30.0, 30.0)
    g = table(["hit", 6])
    landing = run(g, stone_shot(g, "Rock Lobber", "red", aim, 24))
    assert landing.point == aim and landing.scattered == 0 and landing.template is not None and landing.template.radius == 2.5
    g = table([90.0, 4])
    landing = run(g, stone_shot(g, "Rock Lobber", "red", aim, 24))
    assert landing.point is not None and landing.point.x == pytest.approx(30.0) and landing.point.y == pytest.approx(34.0) and landing.scattered == 4
    (ev,) = events(g, "stone-lands")
    assert (ev.rule, ev.data["hit"], ev.data["scattered"]) == ("FB-STONE-1", False, 4)
    # a misfire, whatever the scatter die shows, goes to the torsion chart
    g = table(["hit", "misfire", 2])
    landing = run(g, stone_shot(g, "Rock Lobber", "red", aim, 24))
    assert landing.point is None and landing.misfire is Misfire.CREW_SLAIN


@pytest.mark.rules("FB-STONE-1", "FB-TMPL-1")
def test_a_template_hits_every_model_under_it_and_the_hole_harder() -> None:
    men = unit("Men", "blue", models=5)
    trolls = unit("Trolls", "blue", t=4, w=3, models=2, troop=Troop.MONSTROUS_INFANTRY)
    under, hole = stone_attacks("Rock Lobber")
    assert (under.strength, hole.strength, under.template) == (3, 9, True)
    # three men under (S3, 4+: 4 4 1), one more troll (S3, 5+: 5), the troll under the hole (S9, 2+: 2; D6 wounds: 5)
    g = table([4, 4, 1, 5, 2, 5])
    out = run(g, template_hits(g, "red", [(men, 3), (trolls, 2)], under, centre=trolls, centre_attack=hole))
    assert [(d.target, d.hits, d.slain) for d in out] == [("Men", 3, 2), ("Trolls", 1, 0), ("Trolls", 1, 1)]
    assert men.models == 3 and trolls.models == 1
    assert events(g, "template")[0].data["centre"] == "Trolls"
