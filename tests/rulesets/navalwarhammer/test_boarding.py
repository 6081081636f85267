"""Boarding and deck fighting: charge reactions, contact across the gunwale, the second rank, the
higher deck, boarders taking the places of the fallen, the combat result and break tests,
Abandon Ship, prizes, cutting loose, shoving off and consolidation."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import ScriptedDice
from grapeshot.rulesets.navalwarhammer import victory
from grapeshot.rulesets.navalwarhammer.aboard import enemy_contacts, touching
from grapeshot.rulesets.navalwarhammer.actions import CutLoose, DeckMoves, Reactions, ShoveOff
from grapeshot.rulesets.navalwarhammer.aftermath import abandon, consolidate, crew_prizes, cut_loose_phase, free_at_rail, results
from grapeshot.rulesets.navalwarhammer.boarding import boarded
from grapeshot.rulesets.navalwarhammer.contact import grapple
from grapeshot.rulesets.navalwarhammer.deckfight import Fought, deck_bonus, engagements, fight
from grapeshot.rulesets.navalwarhammer.prompts import AcrossPrompt, CutLoosePrompt, DeckMovesPrompt, ReactionsPrompt, ShoveOffPrompt
from grapeshot.rulesets.navalwarhammer.state import Fig, Ship, Troops
from tests.rulesets.navalwarhammer.sea import duel, events, game, run, sea, ship, the_ship, unit
from tests.support import drive

SWORDS = {"unit": "Swordsmen", "models": 10}
HALBERDS = {"unit": "Halberdiers", "models": 10}


def alongside(red: Sequence[dict[str, object]], blue: Sequence[dict[str, object]], red_size: str = "medium", blue_size: str = "medium", **kw: object) -> Game:
    """Red's ship at (30, 14) heading east; blue's alongside to port, hull to hull, grappled."""
    hw = {"dinghy": 1.0, "small": 1.75, "medium": 2.25, "large": 3.0}
    y = 14 + hw[red_size] + hw[blue_size] + 0.01
    g = game(
        duel(
            [ship("Red", red_size, list(red))],
            [ship("Blue", blue_size, list(blue))],
            red_places=[{"x": 30, "y": 14, "heading": 0}],
            blue_places=[{"x": 30, "y": y, "heading": 0}],
            **kw,  # type: ignore[arg-type]
        )
    )
    s = sea(g)
    grapple(s, the_ship(g, "Red"), the_ship(g, "Blue"))
    return g


def rail(s: Ship, u: Troops, alongs: Sequence[float], side: float) -> None:
    """Stand the first models of a unit at a ship's rail on one side (+1 port, -1 starboard) at
    these places along the keel, and the rest in a block at the bow."""
    port = side * (s.hull.hw - u.radius - 0.01)
    for i, a in enumerate(alongs):
        u.figs[i] = Fig(s.name, a, port, "deck")
    rest = [(s.hull.hl - 0.6 - 1.05 * (k // 3), -1.05 + 1.05 * (k % 3)) for k in range(len(u.figs) - len(alongs))]
    for i, (a, p) in enumerate(rest, start=len(alongs)):
        u.figs[i] = Fig(s.name, a, p, "deck")


def line_up(g: Game, red_at: Sequence[float], blue_at: Sequence[float]) -> tuple[Troops, Troops]:
    s = sea(g)
    r = next(u for u in s.crew("Red") if not u.is_machine)
    b = next(u for u in s.crew("Blue") if not u.is_machine)
    rail(the_ship(g, "Red"), r, red_at, 1.0)
    rail(the_ship(g, "Blue"), b, blue_at, -1.0)
    return r, b


@pytest.mark.rules("NW-BOARD-3")
def test_models_at_the_gunwale_fight_those_directly_across_the_gap() -> None:
    g = alongside([SWORDS], [HALBERDS])
    r, b = line_up(g, [0.0, 3.0], [0.0, -3.0])
    s = sea(g)
    assert touching(s, r, 0, [(b, 0), (b, 1)]) == [(b, 0)]
    assert enemy_contacts(s, r, 1) == []
    found, _ = engagements(s, set())
    pairs = {(e.attacker.name, e.target.name, e.models) for e in found}
    assert pairs == {("Swordsmen (Red)", "Halberdiers (Blue)", 1), ("Halberdiers (Blue)", "Swordsmen (Red)", 1)}


@pytest.mark.rules("NW-BOARD-3")
def test_spears_strike_from_behind_a_friend_in_contact() -> None:
    g = alongside([{"unit": "Spearmen", "models": 10}], [HALBERDS])
    r, b = line_up(g, [0.0], [0.0])
    s = sea(g)
    red = the_ship(g, "Red")
    r.figs[1] = Fig("Red", 0.0, red.hull.hw - r.radius - 0.01 - 2 * r.radius - 0.005, "deck")  # right behind the front man
    found, _ = engagements(s, set())
    spears = next(e for e in found if e.attacker is r)
    assert spears.models == 2 and spears.target is b


@pytest.mark.rules("NW-BOARD-3")
def test_a_model_on_the_enemy_deck_touching_no_enemy_strikes_the_mast_it_touches() -> None:
    g = alongside([SWORDS], [HALBERDS])
    r, b = line_up(g, [], [])
    s = sea(g)
    blue = the_ship(g, "Blue")
    mast = blue.mast_points()["mast 1"]
    r.figs[0] = Fig("Blue", mast.along + 0.3 + r.radius, 0.0, "deck")
    b.figs = [Fig("Blue", -5.5 + 1.05 * (k // 2), -0.6 if k % 2 else 0.6, "deck") for k in range(10)]
    found, _ = engagements(s, set())
    assert any(e.attacker is r and e.target is blue.parts["mast 1"] for e in found)


@pytest.mark.rules("NW-BOARD-4")
def test_a_deck_two_inches_higher_strikes_at_plus_one() -> None:
    g = alongside([SWORDS], [HALBERDS], red_size="large", blue_size="small")
    r, b = line_up(g, [0.0], [0.0])
    s = sea(g)
    red, blue = the_ship(g, "Red"), the_ship(g, "Blue")
    assert red.deck - blue.deck == 2.0
    assert deck_bonus(s, r.figs[0], b) == 1 and deck_bonus(s, b.figs[0], r) == 0
    found, _ = engagements(s, set())
    assert next(e for e in found if e.attacker is r).modifier == 1
    b.figs[5] = Fig("Red", 0.0, 0.0, "deck")  # one of them aboard red: not wholly on the other ship
    assert deck_bonus(s, r.figs[0], b) == 0


def answer_across(p: Prompt) -> Action:
    assert isinstance(p, AcrossPrompt)
    return p.answers[-1]


@pytest.mark.rules("NW-BOARD-3", "FB-INIT-1")
def test_boarders_take_the_places_of_the_models_they_slay() -> None:
    """Swordsmen (I4) strike before the halberdiers (I3): two of three slain, two swordsmen cross
    to where they stood, shoving the survivors aside."""
    g = alongside([SWORDS], [HALBERDS])
    r, b = line_up(g, [-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0])
    s = sea(g)
    # swordsmen: 3 to hit (3+): 6 6 1; to wound (4+): 6 6; halberdiers' saves (6+, S3): 1 1
    g.dice = ScriptedDice([6, 6, 1, 6, 6, 1, 1, *([1] * 20)])
    fought = drive(fight(g, s), [answer_across])
    a = events(g, "across")[-1].data
    assert (a["unit"], a["chose"], a["most"]) == ("Swordsmen (Red)", 2, 2) and a["moved"] == 2
    assert sum(1 for f in r.figs if f.on == "Blue") == 2 and b.models == 8
    assert fought.wounds[("Red", "Blue")] == 2


@pytest.mark.rules("NW-BOARD-3")
def test_striking_at_once_only_the_difference_crosses() -> None:
    g = alongside([HALBERDS], [HALBERDS])
    _r, _b = line_up(g, [-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0])
    s = sea(g)
    # both strike at I3 (blue's dice first, by name): blue hits once of three (4+) and wounds it (S4,
    # no save against a halberd); red hits and wounds all three: red slew three, blue one
    g.dice = ScriptedDice([6, 1, 1, 6, 6, 6, 6, 6, 6, 6, *([1] * 20)])
    drive(fight(g, s), [answer_across])
    a = events(g, "across")[-1].data
    assert a["unit"] == "Halberdiers (Red)" and a["most"] == 2  # red slew three, blue one


@pytest.mark.rules("NW-BOARD-5", "NW-BOARD-6")
def test_the_loser_tests_on_its_best_leadership_and_a_shaken_crew_that_fails_abandons_ship() -> None:
    g = alongside([SWORDS], [HALBERDS])
    r, b = line_up(g, [0.0], [0.0])
    s = sea(g)
    blue = the_ship(g, "Blue")
    fought = Fought()
    fought.pairs.add(("Blue", "Red"))
    fought.wounds[("Red", "Blue")] = 3
    fought.units.update({r.name, b.name})
    fought.seats.update({"Red": "red", "Blue": "blue"})
    g.dice = ScriptedDice([6, 5])  # Ld 7: 11 fails
    drive(results(g, s, fought))
    assert blue.shaken and events(g, "break-test")[-1].data["ld"] == 7
    g.dice = ScriptedDice([4, 4])  # shaken: Ld 7 less 3, 8 fails: abandon ship
    drive(results(g, s, fought))
    jump = events(g, "abandon-ship")[-1].data
    assert jump["into_the_water"] + jump["slain"] == 10 and not any(f.on == "Blue" for f in b.figs)


@pytest.mark.rules("NW-BOARD-6")
def test_a_crew_abandoning_ship_with_boarders_away_calls_them_home_instead() -> None:
    g = alongside([SWORDS], [HALBERDS])
    _r, b = line_up(g, [0.0], [0.0])
    s = sea(g)
    b.figs[9] = Fig("Red", -4.0, 0.0, "deck")
    g.dice = ScriptedDice([])
    run(g, abandon(g, s, the_ship(g, "Blue"), "red"))
    assert events(g, "abandon-ship")[-1].data["boarders_home"] == ["Halberdiers (Blue)"]
    assert all(f.on == "Blue" for f in b.figs) and b.models == 10


@pytest.mark.rules("NW-BOARD-7")
def test_a_ship_with_only_enemies_aboard_is_a_prize_worth_twice_its_points() -> None:
    g = alongside([SWORDS], [HALBERDS])
    r, b = line_up(g, [0.0], [0.0])
    s = sea(g)
    blue = the_ship(g, "Blue")
    b.models, b.figs = 0, []
    for i in range(3):
        r.figs[i] = Fig("Blue", -2.0 + 1.1 * i, 0.0, "deck")
    crew_prizes(g, s)
    assert blue.commander == "red" and events(g, "prize")[-1].data["by"] == "red"
    prize_crew = s.crew("Blue")
    assert [u.models for u in prize_crew if not u.is_machine] == [3] and r.models == 7
    assert victory.score(s)["red"] == 2 * blue.value


@pytest.mark.rules("NW-BOARD-8")
def test_cutting_loose_needs_two_free_models_at_the_rail_or_a_won_round() -> None:
    g = alongside([SWORDS], [HALBERDS])
    r, _b = line_up(g, [0.0, 3.0], [0.0, -4.0])
    s = sea(g)
    red = the_ship(g, "Red")
    assert free_at_rail(s, red) == 1  # the model across from an enemy is engaged
    g.dice = ScriptedDice([])
    run(g, cut_loose_phase(g, s, "red"))
    assert not events(g, "cut-loose") and red.grappled
    r.figs[2] = Fig("Red", -2.0, red.hull.hw - r.radius - 0.01, "deck")
    assert free_at_rail(s, red) == 2

    def attempt(p: Prompt) -> Action:
        assert isinstance(p, CutLoosePrompt)
        return CutLoose(red.name, True)

    def stay(p: Prompt) -> Action:
        assert isinstance(p, ShoveOffPrompt)
        return ShoveOff(red.name, 0.0, 0.0)

    g.dice = ScriptedDice([3])  # 4+ from a ship of its size: fails
    run(g, cut_loose_phase(g, s, "red"), [attempt])
    assert events(g, "cut-loose")[-1].data["needed"] == 4 and red.grappled
    g.dice = ScriptedDice([4])
    run(g, cut_loose_phase(g, s, "red"), [attempt, stay])
    assert not red.grappled and not the_ship(g, "Blue").grappled


@pytest.mark.rules("NW-BOARD-8", "NW-BOARD-9")
def test_from_a_smaller_ship_on_2_or_at_once_when_no_enemy_is_left_aboard_it_and_then_shove_off() -> None:
    g = alongside([SWORDS], [{"unit": "Master Engineer"}], blue_size="dinghy")
    s = sea(g)
    red = the_ship(g, "Red")
    red.won_round = True

    def attempt(p: Prompt) -> Action:
        return CutLoose(red.name, True)

    def shove(p: Prompt) -> Action:
        assert isinstance(p, ShoveOffPrompt)
        return ShoveOff(red.name, 270.0, 4.0)

    g.dice = ScriptedDice([2])
    run(g, cut_loose_phase(g, s, "red"), [attempt, shove])
    assert events(g, "cut-loose")[-1].data["needed"] == 2 and not red.grappled
    move = events(g, "move")[-1].data
    assert move["why"] == "shoving off" and move["end"][2] == move["start"][2] and move["end"][1] == pytest.approx(move["start"][1] - 4.0, abs=0.05)
    g2 = alongside([SWORDS], [HALBERDS])
    s2 = sea(g2)
    unit(g2, "Halberdiers (Blue)").figs = [Fig("Red", 4.0 - 1.1 * k, 0.0, "deck") for k in range(10)]
    red2 = the_ship(g2, "Red")
    g2.dice = ScriptedDice([])
    run(g2, cut_loose_phase(g2, s2, "red"), [lambda p: CutLoose("Red", True), lambda p: ShoveOff("Red", 0.0, 0.0)])
    assert events(g2, "cut-loose")[-1].data["automatic"] and not red2.grappled


@pytest.mark.rules("NW-BOARD-8")
def test_models_aboard_the_enemy_make_a_normal_move_home_before_cutting_loose() -> None:
    g = alongside([SWORDS], [HALBERDS])
    r, b = line_up(g, [], [])
    s = sea(g)
    red, blue = the_ship(g, "Red"), the_ship(g, "Blue")
    red.won_round = True
    b.figs = [Fig("Blue", 5.0 - 1.05 * (k // 2), 1.0 - 1.05 * (k % 2), "deck") for k in range(10)]
    r.figs[0] = Fig("Blue", -5.0, -blue.hull.hw + r.radius + 0.01, "deck")  # near the rail: home in one move
    r.figs[1] = Fig("Blue", -5.0, blue.hull.hw - r.radius - 0.01, "deck")  # the far side: too far
    g.dice = ScriptedDice([6])
    run(g, cut_loose_phase(g, s, "red"), [lambda p: CutLoose("Red", True), lambda p: ShoveOff("Red", 0.0, 0.0)])
    assert r.figs[0].on == "Red" and r.figs[1].on == "Blue"


@pytest.mark.rules("NW-BOARD-10")
def test_consolidation_brings_engaged_models_into_contact_with_more_enemies_never_fewer() -> None:
    g = alongside([SWORDS], [HALBERDS])
    r, b = line_up(g, [], [])
    s = sea(g)
    blue = the_ship(g, "Blue")
    b.figs = [Fig("Blue", -4.0 + 1.0 * k, -0.2, "deck") for k in range(3)] + [Fig("Blue", 4.5, -1.0 + 1.05 * (k % 3), "deck") for k in range(7)]
    r.figs[0] = Fig("Blue", -4.0, -0.2 - 1.0 - 0.005, "deck")  # touching the first halberdier only
    before = len(enemy_contacts(s, r, 0))
    assert before == 1
    moved = consolidate(s, [r])
    assert moved == 1 and len(enemy_contacts(s, r, 0)) > before
    assert blue.name == "Blue"


@pytest.mark.rules("NW-BOARD-2", "FB-PSY-3")
def test_charge_reactions_terror_stand_and_shoot_and_prepare_for_action() -> None:
    elves = [{"unit": "Corsairs", "models": 10}, {"unit": "War Hydra"}]
    g = alongside(elves, [{"unit": "Handgunners", "models": 10}, HALBERDS], red_size="large", red_army="dark-elves")
    s = sea(g)
    red, blue = the_ship(g, "Red"), the_ship(g, "Blue")
    seen: list[Prompt] = []

    def react(p: Prompt) -> Action:
        assert isinstance(p, ReactionsPrompt)
        seen.append(p)
        return Reactions(p.ship, tuple((u, "stand-and-shoot" if "stand-and-shoot" in o else "prepare-back") for u, o in p.options.items()))

    def line(p: Prompt) -> Action:
        assert isinstance(p, DeckMovesPrompt)
        return DeckMoves(p.ship, tuple((u, "rail") for u in p.options))

    # terror: the handgunners pass (7), the halberdiers fail (12): they take no reaction; the
    # handgunners stand and shoot at -1 (5+ for BS3 less cover less standing and shooting... 6+)
    g.dice = ScriptedDice([3, 4, 6, 6, *([1] * 10)])
    drive(boarded(g, s, red, blue), [react, line])
    r = events(g, "reactions")[-1].data
    assert r["terror_failed"] == ["Halberdiers (Blue)"] and [u for u, _ in r["picks"]] == ["Handgunners (Blue)"]
    assert "stand and shoot" in events(g, "to-hit")[-1].data["modifiers"]
    assert unit(g, "Halberdiers (Blue)").fleeing
    assert events(g, "line-up")


@pytest.mark.rules("NW-SWIM-2")
def test_swimmers_strike_the_hull_and_the_crew_strike_down_at_them() -> None:
    g = alongside([SWORDS], [HALBERDS])
    s = sea(g)
    red = the_ship(g, "Red")
    r, b = line_up(g, [0.0], [])
    from grapeshot.rulesets.navalwarhammer.damage import overboard

    g.dice = ScriptedDice([])
    overboard(g, s, b, [9], why="test")
    swimmer = next(u for u in s.units.values() if u.swimming)
    swimmer.figs[0] = Fig("", red.hull.x, red.hull.y - red.hull.hw - swimmer.radius - 0.01, "water")
    r.figs[0] = Fig("Red", 0.0, -(red.hull.hw - r.radius - 0.01), "deck")
    found, _ = engagements(s, set())
    hull_hit = next(e for e in found if e.attacker is swimmer)
    assert hull_hit.target is red.parts["hull"]
    down = next(e for e in found if e.attacker is r)
    assert down.target is swimmer and down.weapon is not None and down.weapon.name == "hand weapon"


@pytest.mark.rules("NW-SWIM-2", "NW-BOARD-5")
def test_a_fight_with_swimmers_is_no_boarding_action_and_has_no_combat_result() -> None:
    g = alongside([SWORDS], [HALBERDS])
    s = sea(g)
    red = the_ship(g, "Red")
    r, b = line_up(g, [0.0], [])
    from grapeshot.rulesets.navalwarhammer.damage import overboard

    g.dice = ScriptedDice([])
    overboard(g, s, b, [9], why="test")
    swimmer = next(u for u in s.units.values() if u.swimming)
    swimmer.figs[0] = Fig("", red.hull.x, red.hull.y - red.hull.hw - swimmer.radius - 0.01, "water")
    r.figs[0] = Fig("Red", 0.0, -(red.hull.hw - r.radius - 0.01), "deck")
    # the swordsman strikes down first (I4): hits, wounds, the swimmer's armour fails; it is slain
    # before it can strike the hull, yet no crew won a round
    g.dice = ScriptedDice([6, 6, 1])
    fought = run(g, fight(g, s))
    assert any(e.data["target"] == swimmer.name and e.data["slain"] for e in events(g, "wounds"))
    assert not fought.pairs and not fought.wounds
    run(g, results(g, s, fought))
    assert not events(g, "combat-result")
