"""Re-rolls granted by a rule, through a real Game: one die or the whole roll, on failure or not,
once or several times, logged, saved and replayed; and Jim Lad's Freebooterz re-roll unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grapeshot.agents.random_player import RandomPlayer
from grapeshot.core.actions import EnterDice, Reroll, decode
from grapeshot.core.errors import IllegalAction
from grapeshot.core.events import Event
from grapeshot.core.game import Game, replay
from grapeshot.core.prompts import DicePrompt, RerollPrompt
from grapeshot.dice import D6, TWO_D6, DiceError, RerollGrant, RollRequest, ScriptedDice
from grapeshot.rulesets.jimlad.players.heuristic import HeuristicPlayer
from tests.dice import drill
from tests.dice.drill import Drill

DATA = Path(__file__).parent / "data"


def drill_game(script: list[Any], **options: Any) -> Game:
    """A drill game with scripted dice (one turn unless asked), stopped at its first prompt."""
    return Game(drill.NAME, drill.scenario(**{"turns": 1, **options}), dice=ScriptedDice(script))


def kinds(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def offer(g: Game) -> RerollPrompt:
    assert isinstance(g.prompt, RerollPrompt), g.prompt
    return g.prompt


# red's turn without any re-roll offered: Ld 3+3, throttle 6 (engineer offered: keep), to-hit 5+5,
# artillery 8, damage 2sf (face 1, jam), lands: hit + 6
QUIET_RED = [3, 3, 6, 5, 5, 8, 1, "jam", "hit", 6]


@pytest.mark.usefixtures("drill")
def test_a_failed_test_is_offered_a_whole_re_roll_by_the_first_mate() -> None:
    g = drill_game([6, 5, 2, 3, 4])
    p = offer(g)
    assert p.seats == ("red",) and p.rule == "DRILL-MATE" and p.whole
    assert p.grant == RerollGrant("red", "DRILL-MATE", whole=True, on_failure=True)
    assert p.roll is not None and p.roll.faces == (6, 5) and p.roll.total == 11
    assert p.choices() == [Reroll(None), Reroll(whole=True)]
    d = p.describe()
    assert (d["whole"], d["granted_by"], d["on_failure"], d["total"]) == (True, "DRILL-MATE", True, 11)
    assert "(it failed)" in p.text and "DRILL-MATE" in p.text
    g.submit("red", Reroll(whole=True))
    (ev,) = kinds(g, "reroll")
    # the whole test is rolled again; the event names the granting rule, its own rule is the roll's
    assert (ev.rule, ev.data["granted_by"], ev.data["die"], ev.data["faces"], ev.data["total"]) == ("DRILL-LD", "DRILL-MATE", None, [2, 3], 5)
    assert ev.data["seat"] == "red" and ev.data["purpose"] == "turn 1: red's leadership test"
    assert g.state.spent == {"turn 1: red's leadership test": 1}
    # the re-roll was drawn as the same expression for the same seat
    assert isinstance(g.dice, ScriptedDice)
    again = g.dice.requests[1]
    assert (again.expr, again.purpose, again.seat, again.target) == (TWO_D6, "re-roll for turn 1: red's leadership test", "red", drill.LD)
    # the test passed on the re-roll: the next offer is the engineer's, on the throttle roll
    assert offer(g).rule == "DRILL-ENGINEER" and g.dice.remaining == 0


@pytest.mark.usefixtures("drill")
def test_a_passed_test_is_not_offered_an_on_failure_re_roll() -> None:
    g = drill_game([4, 3, 2])
    # straight to the engineer's offer: Ld 7 passed at 7
    p = offer(g)
    assert p.rule == "DRILL-ENGINEER" and kinds(g, "reroll") == []
    assert [e.data["total"] for e in kinds(g, "roll")] == [7, 2]


@pytest.mark.usefixtures("drill")
def test_declining_keeps_the_failure_and_spends_nothing() -> None:
    g = drill_game([6, 6, 1])
    g.submit("red", Reroll(None))
    assert kinds(g, "reroll") == [] and g.state.spent == {}
    assert offer(g).rule == "DRILL-ENGINEER"


@pytest.mark.usefixtures("drill")
def test_the_first_mate_re_rolls_a_test_once() -> None:
    g = drill_game([6, 6, 5, 6, 1])
    g.submit("red", Reroll(whole=True))
    # 5 + 6 fails again: no second offer, on to the throttle chart (the engineer's offer)
    assert offer(g).rule == "DRILL-ENGINEER"
    assert len(kinds(g, "reroll")) == 1


@pytest.mark.usefixtures("drill")
def test_an_engineer_may_re_roll_the_chart_whatever_it_shows() -> None:
    g = drill_game([1, 1, 6, 2, 3, 2])
    p = offer(g)
    assert p.rule == "DRILL-ENGINEER" and p.whole and not p.grant.on_failure  # type: ignore[union-attr]
    assert "(it failed)" not in p.text
    g.submit("red", Reroll(whole=True))
    (ev,) = kinds(g, "reroll")
    assert (ev.data["granted_by"], ev.data["faces"], ev.data["total"]) == ("DRILL-ENGINEER", [2], 2)


@pytest.mark.usefixtures("drill")
def test_a_gunner_re_rolls_one_die_of_a_miss() -> None:
    g = drill_game([1, 1, 6, 3, 2, 6, "misfire"])
    g.submit("red", Reroll(None))  # keep the throttle
    p = offer(g)
    assert p.rule == "DRILL-GUNNER" and not p.whole
    assert p.choices() == [Reroll(None), Reroll(0), Reroll(1)]
    assert p.text == "re-roll one die of 2D6 = [3, 2] for turn 1: red's to-hit?"
    g.submit("red", Reroll(1))
    (ev,) = kinds(g, "reroll")
    assert (ev.data["granted_by"], ev.data["die"], ev.data["faces"], ev.data["total"]) == ("DRILL-GUNNER", 1, [3, 6], 9)
    assert isinstance(g.dice, ScriptedDice)
    again = g.dice.requests[-2]  # the last is the cannon's
    assert again.expr == D6 and again.purpose == "re-roll for turn 1: red's to-hit" and again.seat == "red"


@pytest.mark.usefixtures("drill")
def test_answers_that_do_not_fit_the_grant_are_refused() -> None:
    g = drill_game([6, 6, 1])
    with pytest.raises(IllegalAction, match="whole roll"):
        g.submit("red", Reroll(0))
    with pytest.raises(IllegalAction, match="waiting for red"):
        g.submit("blue", Reroll(whole=True))
    g.submit("red", Reroll(None))
    g = drill_game([1, 1, 6, 3, 2])
    g.submit("red", Reroll(None))
    with pytest.raises(IllegalAction, match="one die"):
        g.submit("red", Reroll(whole=True))
    with pytest.raises(IllegalAction, match=r"0\.\.1"):
        g.submit("red", Reroll(2))


@pytest.mark.usefixtures("drill")
def test_a_cannon_re_rolls_a_miss_up_to_rr_times_and_stops_at_a_hit() -> None:
    # Ld pass, throttle kept, to-hit 6+6; artillery: misfire, 2, 4 (each a miss), then 8
    g = drill_game([3, 3, 6, 6, 6, "misfire", 4, 8, 3, 1, "hit", 2, 3, 3, 6], rr=3)
    g.submit("red", Reroll(None))
    for _ in range(2):
        p = offer(g)
        assert p.rule == "DRILL-GUN" and p.whole
        g.submit("red", Reroll(whole=True))
    rerolls = kinds(g, "reroll")
    assert [e.data["faces"] for e in rerolls] == [[4], [8]]
    assert [e.data["misfire"] for e in rerolls] == [False, False]
    (first,) = (e for e in kinds(g, "roll") if e.rule == "DRILL-GUN")
    assert first.data["misfire"] is True and first.data["total"] == 0
    # 8 hits: no third offer; the damage is rolled (2sf: 3 and 1) and the shot lands dead on
    assert g.state.spent["turn 1: red's cannon to hit"] == 2
    (damage,) = (e for e in kinds(g, "roll") if e.rule == "DRILL-DAMAGE")
    assert (damage.data["expr"], damage.data["faces"], damage.data["total"], damage.data["jams"]) == ("2sf", [3, 1], 4, 0)


@pytest.mark.usefixtures("drill")
def test_rr_zero_offers_nothing_and_rr_runs_out() -> None:
    g = drill_game([3, 3, 6, 6, 6, 2, "hit", 4, 3, 3, 6], rr=0)
    g.submit("red", Reroll(None))  # the engineer's
    # the miss (2) is not offered: on to where the shot lands, and blue's turn (its engineer)
    assert offer(g).seats == ("blue",) and offer(g).rule == "DRILL-ENGINEER" and kinds(g, "reroll") == []
    g = drill_game([3, 3, 6, 6, 6, 2, 2, "hit", 4, 3, 3, 6], rr=1)
    g.submit("red", Reroll(None))
    g.submit("red", Reroll(whole=True))
    # the one re-roll missed too (2): no more offers, no damage roll; the shot lands
    assert [e.data["faces"] for e in kinds(g, "reroll")] == [[2]]
    assert not any(e.rule == "DRILL-DAMAGE" for e in kinds(g, "roll"))


@pytest.mark.usefixtures("drill")
def test_the_roll_events_of_the_new_dice_say_what_they_read() -> None:
    g = drill_game([*QUIET_RED, 3, 3, 6])
    g.submit("red", Reroll(None))
    by_rule = {e.rule: e.data for e in kinds(g, "roll")}
    assert by_rule["DRILL-GUN"]["misfire"] is False and by_rule["DRILL-GUN"]["total"] == 8
    assert (by_rule["DRILL-DAMAGE"]["faces"], by_rule["DRILL-DAMAGE"]["total"], by_rule["DRILL-DAMAGE"]["jams"]) == ([1, 0], 1, 1)
    lands = by_rule["DRILL-SCATTER"]
    assert (lands["expr"], lands["faces"], lands["total"], lands["hit"], lands["direction"], lands["misfire"]) == (
        "scatter+artillery",
        [1, 6],
        6,
        True,
        None,
        False,
    )
    (turn,) = kinds(g, "drill")
    assert turn.data["score"] == 1 + 6 + 1 + 1 + 1 + 1


@pytest.mark.usefixtures("drill")
def test_a_grant_on_failure_for_a_roll_that_cannot_fail_is_an_error() -> None:
    grant = RerollGrant("red", "DRILL-MATE", whole=True, on_failure=True)
    request = RollRequest(TWO_D6, "no target", "DRILL-X", "red", None, "high")
    with pytest.raises(DiceError, match="no target to fail"):
        grant.applies(request, TWO_D6.result((1, 1)))
    assert RerollGrant("red").applies(request, TWO_D6.result((1, 1)))
    with pytest.raises(DiceError, match="must name the rule"):
        RerollGrant("red", whole=True)
    with pytest.raises(DiceError, match="must name the rule"):
        RerollGrant("red", on_failure=True)


@pytest.mark.usefixtures("drill")
def test_companion_play_rolls_the_re_roll_by_hand() -> None:
    g = Game(drill.NAME, drill.scenario(turns=1), companion=True)
    p = g.prompt
    assert isinstance(p, DicePrompt) and p.request is not None and p.request.purpose == "turn 1: red's leadership test"
    g.submit("red", EnterDice("6 6"))
    g.submit("red", Reroll(whole=True))
    p = g.prompt
    assert isinstance(p, DicePrompt) and p.request is not None
    assert p.request.purpose == "re-roll for turn 1: red's leadership test" and p.request.expr == TWO_D6
    g.submit("red", EnterDice("1 2"))
    assert kinds(g, "reroll")[0].data["faces"] == [1, 2]
    # typed faces of the new dice: the throttle, then a whole re-roll of it by hand
    g.submit("red", EnterDice("2"))
    g.submit("red", Reroll(None))
    g.submit("red", EnterDice("4 4"))
    assert isinstance(g.prompt, DicePrompt) and "'misfire'" in g.prompt.describe()["hint"]
    with pytest.raises(IllegalAction, match="cannot come up on the artillery die"):
        g.submit("red", EnterDice("5"))
    g.submit("red", EnterDice("misfire"))
    g.submit("red", Reroll(whole=True))
    g.submit("red", EnterDice("10"))
    g.submit("red", EnterDice("jam jam"))
    g.submit("red", EnterDice("arrow 90 misfire"))
    (turn,) = kinds(g, "drill")
    assert (turn.data["shot"], turn.data["damage"], turn.data["jams"], turn.data["lands"]) == ("hit", 0, 2, 0)


@pytest.mark.usefixtures("drill")
def test_a_game_with_granted_re_rolls_saves_and_replays_exactly() -> None:
    g = Game(drill.NAME, drill.scenario(turns=4), seed=11)
    agents = {"red": HeuristicPlayer(1), "blue": RandomPlayer(2)}
    while g.prompt is not None:
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))
    taken = [a for _, a in g.actions if isinstance(a, Reroll) and a.whole]
    assert taken, "the seed should see some whole re-rolls taken"
    data = json.loads(json.dumps(g.save()))
    assert {"kind": "reroll", "die": None, "whole": True} in [a["action"] for a in data["actions"]]
    again = replay(data)
    assert [e.line() for e in again.events] == [e.line() for e in g.events]
    loaded = Game.load(data).save()
    assert (loaded["actions"], loaded["events_digest"], loaded["outcome"]) == (data["actions"], data["events_digest"], data["outcome"])


@pytest.mark.usefixtures("drill")
@settings(max_examples=25)
@given(st.integers(0, 10_000), st.integers(0, 4))
def test_random_players_always_answer_offers_legally(seed: int, rr: int) -> None:
    g = Game(drill.NAME, drill.scenario(turns=3, rr=rr), seed=seed)
    players = {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)}
    offers = 0
    while g.prompt is not None:
        p = g.prompt
        assert isinstance(p, RerollPrompt)
        offers += 1
        seat = g.waiting_for()[0]
        g.submit(seat, players[seat].act(g, seat, p))  # an illegal answer would raise
        assert offers < 200
    spent = g.state.spent
    assert all(n <= max(rr, 1) for n in spent.values())
    assert g.outcome is not None and g.outcome.objective == "drill"


def test_a_drill_game_needs_its_rule_set_registered() -> None:
    with pytest.raises(Exception, match=drill.NAME):
        Game(Drill(), drill.scenario())


# --------------------------------------------------------------------------- the Reroll action's JSON


@pytest.mark.parametrize("raw", ['{"kind": "reroll", "die": 1}', '{"kind": "reroll", "die": null}', '{"kind": "reroll"}'])
def test_todays_reroll_json_decodes_and_encodes_as_before(raw: str) -> None:
    data = json.loads(raw)
    action = decode(data)
    assert isinstance(action, Reroll) and not action.whole
    assert action.to_json() == {"kind": "reroll", "die": data.get("die")}


def test_a_whole_re_roll_has_its_own_json() -> None:
    assert Reroll(whole=True).to_json() == {"kind": "reroll", "die": None, "whole": True}
    assert decode({"kind": "reroll", "die": None, "whole": True}) == Reroll(whole=True)
    with pytest.raises(IllegalAction, match="not both"):
        decode({"kind": "reroll", "die": 0, "whole": True})
    with pytest.raises(IllegalAction, match=r"reroll\.whole"):
        decode({"kind": "reroll", "whole": 1})
    assert not Reroll().takes and Reroll(0).takes and Reroll(whole=True).takes


# --------------------------------------------------------------------------- Jim Lad through the adapter


#: event kinds the log gained after the save below was written (docs/events.md: muster, reroll-spent)
ADDED_KINDS = {"muster", "reroll-spent", "straight-ahead", "phase-skipped"}


def projection_of(recorded: Any, now: Any) -> bool:
    """Whether an event as recorded is the event as logged now, less the fields added since
    (a ``basis``, new fields, a new option in the setup event): every recorded value is there."""
    if isinstance(recorded, dict):
        return isinstance(now, dict) and all(k in now and projection_of(v, now[k]) for k, v in recorded.items() if k != "seq")
    if isinstance(recorded, list):
        return isinstance(now, list) and len(recorded) == len(now) and all(projection_of(a, b) for a, b in zip(recorded, now, strict=True))
    return bool(recorded == now)


def moved_as_now(recorded: dict[str, Any], now: dict[str, Any], moved: dict[str, tuple[float, float]]) -> bool:
    """Whether a recorded event is the event logged now, a mine's places moved as its set-up place
    was (each within the log's rounding, 0.0002"), the place it was moved from named as now."""
    offset = moved.get(recorded.get("mine", ""))
    if offset is None or not recorded["kind"].startswith("mine-"):
        return projection_of(recorded, now)
    out = dict(recorded)
    for key in ("at", "start", "end"):
        if isinstance(out.get(key), list):
            want = (out[key][0] + offset[0], out[key][1] + offset[1])
            if not all(abs(w - n) <= 2e-4 for w, n in zip(want, now.get(key) or (), strict=True)):
                return False
            out[key] = now[key]
    if recorded["kind"] == "mine-placed":
        out["moved_from"] = recorded["at"]
    return projection_of(out, now)


@pytest.mark.rules("JL-KLAN-1")
def test_freebooterz_saves_written_before_grants_still_load_and_replay_the_same_game() -> None:
    """A seeded Freebooterz brawl saved (with its event log) before re-rolls were grants, and
    before the log explained its numbers: it loads and replays the same game, each recorded event
    is the event logged now with only fields (and the kinds ``ADDED_KINDS``) added, and it saves
    again to the same actions and outcome.  (Its events digest is not the one recorded, since the
    log gained fields: ``grapeshot replay`` reports that the log differs, at the first event that
    gained one, although the game is the same.)"""
    data = json.loads((DATA / "freebooterz.save.json").read_text())
    recorded = [json.loads(line) for line in (DATA / "freebooterz.events.jsonl").read_text().splitlines()]
    g = Game.load(data)
    now = [json.loads(e.line()) for e in g.events if e.kind not in ADDED_KINDS]
    assert len(now) == len(recorded)
    # Jim Lad's revision 3 keeps set-up mines 18" from every ship, moving a spot rolled closer
    # (no more dice): this brawl's Mine 2 lies a little further off, and drifts as it did from there
    moved = {e["mine"]: (e["at"][0] - e["moved_from"][0], e["at"][1] - e["moved_from"][1]) for e in now if e["kind"] == "mine-placed" and "moved_from" in e}
    assert list(moved) == ["Mine 2"]
    assert all(moved_as_now(a, b, moved) for a, b in zip(recorded, now, strict=True))
    rerolls = kinds(g, "reroll")
    assert len(rerolls) >= 5 and len(kinds(g, "reroll-spent")) == len(rerolls)  # each re-roll now says it is spent
    assert all("granted_by" not in e.data for e in rerolls)
    assert any(e.data["direction"] is not None for e in rerolls), "a scatter die re-rolled to an arrow"
    again = g.save()
    assert again["actions"] == data["actions"] and again["outcome"] == data["outcome"]


@pytest.mark.rules("JL-KLAN-1")
def test_jim_lads_re_roll_is_a_single_die_grant_naming_no_rule() -> None:
    from tests import support

    sc = support.duel({"klan": "freebooterz"})
    g = support.game(sc)
    sea = support.sea(g)
    ship = sea.ships["Red"]
    request = RollRequest(TWO_D6, "Red: a test roll", "JL-MOVE-1", "red", "Red", "high")
    grant = g.ruleset.reroll_grant(g, request, TWO_D6.result((1, 2)))
    assert grant == RerollGrant("red")
    g.ruleset.spend_reroll(g, request, grant)
    assert ship.reroll_turn == sea.turn
    assert g.ruleset.reroll_grant(g, request, TWO_D6.result((1, 2))) is None


@pytest.mark.usefixtures("drill")
def test_the_battle_report_tells_granted_re_rolls_and_the_new_dice() -> None:
    from grapeshot.report import Words, narrate

    g = drill_game([6, 6, 1, 2, 6, 4, 4, "misfire", 8, 1, "jam", "hit", 2, 3, 3, 6])
    g.submit("red", Reroll(whole=True))  # the First Mate's
    g.submit("red", Reroll(None))  # the engineer's
    g.submit("red", Reroll(whole=True))  # the cannon's misfire
    lines = list(narrate(g.events, Words.of(g), rolls=True))
    assert "  red re-rolls the whole roll (DRILL-MATE) for turn 1: red's leadership test: now [1, 2].  [DRILL-LD]" in lines
    assert "    roll artillery for turn 1: red's cannon to hit: [0] = 0 (misfire)  [DRILL-GUN]" in lines
    assert "    roll 2sf for turn 1: red's cannon damage: [1, 0] = 1 (1 jammed)  [DRILL-DAMAGE]" in lines
