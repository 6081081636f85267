"""Shooting at sea: small arms at crews and sails, naval guns' arcs, guessed and point-blank
cannonballs through hulls and parts, templates against hulls, shooting into combat, specialty
targets hit twice."""

from __future__ import annotations

import math

import pytest

from grapeshot.core.game import Game
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Hull, Vec, point_hull_distance
from grapeshot.rulesets.navalwarhammer.actions import Shoot
from grapeshot.rulesets.navalwarhammer.contact import grapple
from grapeshot.rulesets.navalwarhammer.prompts import ShootPrompt, refusal, shots
from grapeshot.rulesets.navalwarhammer.shooting import fire, line_path
from grapeshot.rulesets.navalwarhammer.state import Fig
from grapeshot.rulesets.navalwarhammer.targets import Shooter, gun_point, point_blank_at, shooters
from tests.rulesets.navalwarhammer.sea import HALBERDIERS, duel, events, game, run, sea, ship, the_ship, unit
from tests.support import drive

GUNNERS = {"unit": "Handgunners", "models": 10}
CANNON = {"unit": "Great Cannon", "mount": "port"}


def facing(red_crew: list[dict[str, object]], blue_crew: list[dict[str, object]] | None = None, gap: float = 16.0, **kw: object) -> Game:
    """Red at (30, 14) heading east with its port side to blue, whose hull lies ``gap`` north."""
    more = kw.pop("more", {})
    blue = ship("Target", kw.pop("blue_size", "medium"), blue_crew or [HALBERDIERS], **kw.pop("blue", {}))  # type: ignore[arg-type]
    places_b = [{"x": 30, "y": 14 + 4.5 + gap, "heading": 0}]
    return game(duel([ship("Shooter", "medium", red_crew, **kw)], [blue], red_places=[{"x": 30, "y": 14, "heading": 0}], blue_places=places_b, **more))  # type: ignore[arg-type]


@pytest.mark.rules("NW-CREW-3", "NW-CREW-1")
def test_small_arms_shoot_at_crews_and_sails_not_hulls_and_only_when_not_working() -> None:
    g = facing([GUNNERS, HALBERDIERS])
    s = sea(g)
    me = Shooter("Handgunners (Shooter)", "missiles")
    targets = {a.target for a in shots(s, me)}
    assert targets == {"Halberdiers (Target)", "rigging"}
    assert "only crew, oars and sails" in str(refusal(s, me, Shoot(me.unit, "Target", "hull")))
    unit(g, "Handgunners (Shooter)").working = True
    assert me.unit not in {x.unit for x in shooters(s, "red")}
    unit(g, "Handgunners (Shooter)").working = False
    for i in range(len(unit(g, "Halberdiers (Target)").figs)):
        f = unit(g, "Halberdiers (Target)").figs[i]
        unit(g, "Halberdiers (Target)").figs[i] = Fig(f.on, f.a, f.b, "below")
    assert "no model exposed" in str(refusal(s, me, Shoot(me.unit, "Target", "Halberdiers (Target)")))


@pytest.mark.rules("NW-CREW-3", "NW-CROWD-1")
def test_crew_aboard_are_in_cover_and_a_moving_ship_costs_no_penalty_but_an_overcrowded_crew_has_no_cover() -> None:
    g = facing([GUNNERS, HALBERDIERS], gap=10.0)
    g.dice = ScriptedDice([5] * 10 + [1] * 10)
    drive(fire(g, sea(g), Shoot("Handgunners (Shooter)", "Target", "Halberdiers (Target)")))
    mods = events(g, "shoots")[-1].data["modifiers"]
    assert mods == ["crew aboard a ship: in cover"]
    assert events(g, "to-hit")[-1].data["needed"] == 5  # BS3 at 4+, less 1 for cover
    crowded = facing([GUNNERS, HALBERDIERS], [{"unit": "Halberdiers", "models": 20}], gap=10.0, blue_size="small", blue={"overcrowded": True})
    crowded.dice = ScriptedDice([5] * 10 + [1] * 10)
    drive(fire(crowded, sea(crowded), Shoot("Handgunners (Shooter)", "Target", "Halberdiers (Target)")))
    assert events(crowded, "shoots")[-1].data["modifiers"] == [] and events(crowded, "to-hit")[-1].data["needed"] == 4


@pytest.mark.rules("NW-CREW-3")
def test_a_war_machine_crew_fires_the_piece_or_their_own_weapons() -> None:
    g = game(
        duel(
            [ship("Gunboat", "medium", [{"unit": "Dwarf Warriors", "models": 10}, {"unit": "Cannon", "mount": "port"}])],
            [ship("Target", "medium", [HALBERDIERS])],
            red_army="dwarfs",
            red_places=[{"x": 30, "y": 14, "heading": 0}],
            blue_places=[{"x": 30, "y": 34, "heading": 0}],
        )
    )
    s = sea(g)
    both = {x.unit for x in shooters(s, "red")}
    assert both == {"Cannon 1 (Gunboat)", "Dwarf Gunners of Cannon 1 (Gunboat)"}
    g.dice = ScriptedDice([1] * 3)
    drive(fire(g, s, Shoot("Dwarf Gunners of Cannon 1 (Gunboat)", "Target", "Halberdiers (Target)")))
    assert {x.unit for x in shooters(s, "red")} == set()


@pytest.mark.rules("NW-SHIP-4")
def test_range_and_sight_are_measured_hull_to_hull() -> None:
    g = facing([{"unit": "Crossbowmen", "models": 10}, HALBERDIERS], gap=29.5, more={"table": (72.0, 72.0)})
    s = sea(g)
    me = Shooter("Crossbowmen (Shooter)", "missiles")
    assert refusal(s, me, Shoot(me.unit, "Target", "Halberdiers (Target)")) is None  # 29.5" hull to hull, the crossbow's 30"
    far = facing([{"unit": "Crossbowmen", "models": 10}, HALBERDIERS], gap=30.5, more={"table": (72.0, 72.0)})
    assert "beyond" in str(refusal(sea(far), me, Shoot(me.unit, "Target", "Halberdiers (Target)")))
    hidden = facing(
        [{"unit": "Crossbowmen", "models": 10}, HALBERDIERS],
        gap=20.0,
        more={"terrain": [{"kind": "island", "name": "the rock", "polygon": [[10, 26], [50, 26], [50, 30], [10, 30]]}]},
    )
    assert "out of sight" in str(refusal(sea(hidden), me, Shoot(me.unit, "Target", "Halberdiers (Target)")))


@pytest.mark.rules("NW-CANNON-2")
def test_a_naval_gun_aims_within_45_degrees_of_its_side() -> None:
    g = facing([CANNON, HALBERDIERS])
    s = sea(g)
    gun = unit(g, "Great Cannon 1 (Shooter)")
    me = Shooter(gun.name, "cannon")
    o = gun_point(s, gun)
    import math

    def aim(deg: float, d: float = 20.0) -> Shoot:
        return Shoot(gun.name, "Target", "", o.x + d * math.cos(math.radians(deg)), o.y + d * math.sin(math.radians(deg)))

    assert refusal(s, me, aim(90.0)) is None and refusal(s, me, aim(100.0)) is None and refusal(s, me, aim(80.0)) is None
    assert "45-degree arc" in str(refusal(s, me, aim(90.0 + 23.0))) and "45-degree arc" in str(refusal(s, me, aim(0.0)))
    assert "aims from" in str(refusal(s, me, aim(90.0, 49.0)))


@pytest.mark.rules("NW-CANNON-1", "NW-CANNON-3", "NW-TMPL-1")
def test_a_cannonball_holes_the_hull_only_where_its_line_crosses_the_edge() -> None:
    g = facing([CANNON, HALBERDIERS], gap=8.0)
    s = sea(g)
    gun = unit(g, "Great Cannon 1 (Shooter)")
    target = the_ship(g, "Target")
    assert point_blank_at(s, gun, target)
    o = gun_point(s, gun)
    path = line_path(s, o, 90.0, "Shooter", None)
    hull = [p for p in path if p.unit is target.parts["hull"]]
    near, far_edge = (target.hull.y - target.hull.hw) - o.y, (target.hull.y + target.hull.hw) - o.y
    assert [round(p.start, 3) for p in hull] == [round(near, 3), round(far_edge, 3)]
    # aimed 1" short of the near side, the ball lands 2" beyond (on the deck) and bounces 10": it
    # crosses the far side; struck once there (the near side is behind where it landed)
    g.dice = ScriptedDice([2, 10, *([2] * 40)])
    drive(fire(g, s, Shoot(gun.name, "Target", "", o.x, o.y + near - 1.0)))
    ball = events(g, "cannonball")[-1].data
    assert ball["point_blank"] and ball["landing"] == pytest.approx(near + 1.0)
    assert "Target hull" in ball["hit"] and ball["hit"].count("Target hull") == 1


@pytest.mark.rules("NW-CANNON-1")
def test_a_ship_part_stops_the_ball_only_on_a_1_to_wound() -> None:
    g = facing([CANNON, HALBERDIERS], gap=8.0)
    s = sea(g)
    gun = unit(g, "Great Cannon 1 (Shooter)")
    o = gun_point(s, gun)
    s.units["Halberdiers (Target)"].figs = [Fig("Target", 5.0, 0.0, "deck") for _ in range(10)]  # out of the line
    target = the_ship(g, "Target")
    target.parts["mast 1"].models = target.parts["rigging"].models = 0  # nothing aloft in the way
    near = (target.hull.y - target.hull.hw) - o.y
    # lands before the hull; the near side's to-wound a 2 (one wound, D6: 1): the ball bursts on
    # through; the far side's a 1: it stops there
    g.dice = ScriptedDice([2, 10, 2, 1, 1])
    drive(fire(g, s, Shoot(gun.name, "Target", "", o.x, o.y + near - 3.0)))
    ball = events(g, "cannonball")[-1].data
    assert ball["hit"] == ["Target hull", "Target hull"] and ball["stopped_by"] == "Target hull"
    assert events(g, "hit-twice")


@pytest.mark.rules("NW-SHOOT-2")
def test_a_part_struck_twice_by_one_ball_counts_the_worse() -> None:
    g = facing([CANNON, HALBERDIERS], gap=8.0)
    s = sea(g)
    gun = unit(g, "Great Cannon 1 (Shooter)")
    o = gun_point(s, gun)
    target = the_ship(g, "Target")
    s.units["Halberdiers (Target)"].figs = [Fig("Target", 5.0, 0.0, "deck") for _ in range(10)]
    target.parts["mast 1"].models = target.parts["rigging"].models = 0
    hull = target.parts["hull"]
    near = (target.hull.y - target.hull.hw) - o.y
    # lands before the hull: the near side wounds (a 5, then D6 wounds: 2); the far side wounds too
    # (a 6, then 5 wounds) but only the worse counts: 5 wounds, not 7
    g.dice = ScriptedDice([2, 10, 5, 2, 6, 5])
    drive(fire(g, s, Shoot(gun.name, "Target", "", o.x, o.y + near - 3.0)))
    assert hull.wounds_left == hull.profile.w - 5
    assert events(g, "hit-twice")[-1].data["kept"] == "second"


@pytest.mark.rules("NW-SHOOT-1")
def test_no_missiles_into_a_combat_but_named_parts_and_skaven_excepted() -> None:
    g = facing([GUNNERS, CANNON, HALBERDIERS], gap=8.0)
    s = sea(g)
    halberds = unit(g, "Halberdiers (Target)")
    mine = unit(g, "Halberdiers (Shooter)")
    target = the_ship(g, "Target")
    a = halberds.figs[0]
    mine.figs[0] = Fig("Target", a.a + 1.0, a.b, "deck")  # one of red's halberdiers touches theirs
    from grapeshot.rulesets.navalwarhammer.aboard import engaged

    assert engaged(s, halberds)
    me = Shooter("Handgunners (Shooter)", "missiles")
    assert "in combat" in str(refusal(s, me, Shoot(me.unit, "Target", "Halberdiers (Target)")))
    assert refusal(s, me, Shoot(me.unit, "Target", "rigging")) is None
    grapple(s, the_ship(g, "Shooter"), target)
    gun = Shooter("Great Cannon 1 (Shooter)", "cannon")
    o = gun_point(s, unit(g, gun.unit))
    assert "must name its target" in str(refusal(s, gun, Shoot(gun.unit, "Target", "", o.x, o.y + 12.0)))
    assert refusal(s, gun, Shoot(gun.unit, "Target", "hull", o.x, o.y + 12.0)) is None
    path = line_path(s, o, 90.0, "Shooter", ("Target", "hull"))
    assert {p.unit.name for p in path} == {"Target hull"}
    halberds.army = mine.army = "skaven"
    unit(g, "Handgunners (Shooter)").army = "skaven"
    assert refusal(s, me, Shoot(me.unit, "Target", "Halberdiers (Target)")) is None


@pytest.mark.rules("NW-SHOOT-1", "NW-TMPL-1", "NW-TMPL-2")
def test_a_stone_dropped_in_the_water_does_nothing_and_one_on_a_hull_hits_all_beneath_it_and_the_hull() -> None:
    stone = {"unit": "Stone Thrower", "mount": "port"}
    g = facing([stone, HALBERDIERS], [{"unit": "Halberdiers", "models": 10}, {"unit": "Spearmen", "models": 10, "deck": "lower"}], gap=20.0)
    s = sea(g)
    gun = unit(g, "Stone Thrower 1 (Shooter)")
    target = the_ship(g, "Target")
    o = gun_point(s, gun)
    water = Shoot(gun.name, "Target", "", o.x, target.hull.y - target.hull.hw - 4.0)
    assert refusal(s, Shooter(gun.name, "stone thrower"), water) is None
    g.dice = ScriptedDice(["hit", 4])
    run(g, fire(g, s, water))
    assert events(g, "no-effect")[-1].rule == "NW-TMPL-1" and not events(g, "template")
    gun.acted = -1
    crew = next(u for u in s.units.values() if u.crew_of == gun.name)
    crew.acted = -1
    on = Shoot(gun.name, "Target", "", target.hull.x, target.hull.y)
    g.dice = ScriptedDice(["hit", 4, *([1] * 60)])
    drive(fire(g, s, on))
    tmpl = events(g, "template")[-1].data
    hit = {u for u, _ in tmpl["units"]}
    assert "Halberdiers (Target)" in hit and "Spearmen (Target)" in hit  # the lower deck too, from above
    assert events(g, "hull-hit")[-1].rule == "NW-TMPL-2"
    assert len(events(g, "specialty")) <= 1
    s.options["template_into_combat"] = "refused"
    grapple(s, the_ship(g, "Shooter"), target)
    gun.acted = crew.acted = -1
    assert "locked in combat" in str(refusal(s, Shooter(gun.name, "stone thrower"), on))


@pytest.mark.rules("NW-TMPL-1", "NW-TMPL-2")
def test_a_flame_hurts_the_hull_only_where_it_touches_the_edge() -> None:
    """The breath's 8" teardrop, laid north from the Hydra at the Ark's port rail: it reaches a
    ship whose side lies 6" away, not one whose side lies 9" away."""
    elves = [{"unit": "Corsairs", "models": 10}, {"unit": "War Hydra"}]

    def breathe(y: float) -> Game:
        g = game(
            duel(
                [ship("Ark", "large", elves)],
                [ship("Target", "medium", [HALBERDIERS])],
                red_army="dark-elves",
                red_places=[{"x": 30, "y": 14, "heading": 0}],
                blue_places=[{"x": 30, "y": y, "heading": 0}],
            )
        )
        s = sea(g)
        beast = unit(g, "War Hydra (Ark)")
        ark = the_ship(g, "Ark")
        beast.figs[0] = Fig("Ark", 0.0, ark.hull.hw - beast.radius - 0.01, "deck")
        origin = s.where(beast.figs[0])
        a = Shoot(beast.name, "Target", "", origin.x, origin.y + 5.0)
        assert refusal(s, Shooter(beast.name, "flame"), a) is None
        g.dice = ScriptedDice([1] * 60)
        drive(fire(g, s, a))
        return g

    origin_y = 14 + 3.0 - 1.2 - 0.01
    far = breathe(origin_y + 9.0 + 2.25)
    assert not [e for e in events(far, "hull-hit") if e.data["ship"] == "Target"]
    near = breathe(origin_y + 6.0 + 2.25)
    assert [e for e in events(near, "hull-hit") if e.data["ship"] == "Target" and e.rule == "NW-TMPL-1"]


def test_the_shooting_prompt_lists_only_what_its_check_accepts() -> None:
    g = facing([GUNNERS, CANNON, HALBERDIERS], gap=10.0)
    s = sea(g)
    p = ShootPrompt(("red",), "NW-CREW-3", "", (Shoot,), seat="red", sea=s)
    listed = list(p.legal("red").actions())
    assert Shoot() in listed and len(listed) > 3
    for a in listed:
        p.check("red", a)


@pytest.mark.rules("NW-CANNON-1", "NW-SHOOT-1")
@pytest.mark.parametrize("gap", [14.0, 19.0, 24.0])
def test_a_stone_thrower_guessing_by_eye_is_offered_every_quarter_whatever_the_range_and_judged_by_its_bearing(gap: float) -> None:
    """The aims listed by eye are the same four guesses at any range (none dropped for lying far
    from the ship, which would tell the crew the range); an aim is refused only when its line
    passes wide of the ship, which the crew can see."""
    g = facing([{"unit": "Stone Thrower", "mount": "port"}, HALBERDIERS], gap=gap)
    s = sea(g)
    gun = unit(g, "Stone Thrower 1 (Shooter)")
    me = Shooter(gun.name, "stone thrower")
    o = gun_point(s, gun)
    accepted = [(round(a.x, 3), round(a.y, 3)) for a in shots(s, me, by_eye=True) if refusal(s, me, a) is None]
    assert [round(math.dist(o, p), 3) for p in accepted] == [24.0, 36.0, 48.0, 60.0]
    target = the_ship(g, "Target")
    short = Shoot(gun.name, "Target", "", o.x, o.y + 12.5)  # on her bearing, far short of her: a bad guess, not a refusal
    assert point_hull_distance(Vec(short.x or 0.0, short.y or 0.0), target.hull) > 0.0
    assert refusal(s, me, short) is None
    target.hull = Hull(target.hull.x + 36.0, target.hull.y, target.hull.heading, target.hull.length, target.hull.width)
    ahead = Shoot(gun.name, "Target", "", o.x, o.y + 30.0)  # straight off the beam: the line runs wide of her now
    assert "passes wide of Target" in str(refusal(s, me, ahead))
