"""The weapons draft: a roll-off for the first pick, alternate picks from the pooled pile, the
sharing out (sealed, all sides at once) to figures or stowed aboard, and the dealt variant."""

from __future__ import annotations

import pytest

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.dice import ScriptedDice
from grapeshot.geometry import Surface
from grapeshot.rulesets.woodenships.actions import Distribute, Hold, Pick
from grapeshot.rulesets.woodenships.draft import DistributePrompt, PickPrompt
from tests.rulesets.woodenships.harness import duel, kinds, shore

pytestmark = pytest.mark.rules("WS-SETUP-1")

PILES = {"red": {"pistol": 1, "sword": 1}, "blue": {"rifle": 1, "sword": 1}}


def drafted(faces: list[int], **options: object) -> Game:
    return Game(
        "woodenships", duel([{"name": "Jack", "kind": "man"}], [{"name": "Bosun", "kind": "man"}], piles=PILES, options=options), dice=ScriptedDice(faces)
    )


def test_the_first_pick_goes_to_the_roll_off_and_the_picks_alternate() -> None:
    g = drafted([2, 5])  # blue rolls higher
    assert kinds(g, "draft-order") == [{"order": ["blue", "red"], "pile": {"rifle": 1, "pistol": 1, "sword": 2}}]
    p = g.prompt
    assert isinstance(p, PickPrompt) and p.seats == ("blue",)
    assert [c.value for c in p.legal("blue").parts[0].options] == [Pick("rifle"), Pick("pistol"), Pick("sword")]
    with pytest.raises(IllegalAction, match="there is no axe left in the pile"):
        p.check("blue", Pick("axe"))
    g.submit("blue", Pick("rifle"))
    assert isinstance(g.prompt, PickPrompt) and g.prompt.seats == ("red",)
    assert [c.value for c in g.prompt.legal("red").parts[0].options] == [Pick("pistol"), Pick("sword")]
    g.submit("red", Pick("sword"))
    g.submit("blue", Pick("sword"))
    g.submit("red", Pick("pistol"))
    picks = [(e["seat"], e["item"]) for e in kinds(g, "draft-pick")]
    assert picks == [("blue", "rifle"), ("red", "sword"), ("blue", "sword"), ("red", "pistol")]
    assert isinstance(g.prompt, DistributePrompt) and g.prompt.simultaneous


def test_a_roll_off_tied_again_and_again_settles_in_the_end() -> None:
    """Ties are rolled again as often as they come (a person at the table may throw the same
    faces many times over): 1,500 ties, then blue higher, and the picks begin."""
    g = drafted([3] * 3000 + [2, 5])
    assert kinds(g, "draft-order")[0]["order"] == ["blue", "red"]
    assert len(kinds(g, "roll")) == 3002
    assert isinstance(g.prompt, PickPrompt) and g.prompt.seats == ("blue",)


def test_the_sharing_out_is_sealed_and_puts_each_weapon_in_hand_or_aboard() -> None:
    g = drafted([5, 2])
    for seat, kind in (("red", "rifle"), ("blue", "pistol"), ("red", "sword"), ("blue", "sword")):
        g.submit(seat, Pick(kind))
    p = g.prompt
    assert isinstance(p, DistributePrompt) and p.weapons == {"red": ("rifle 1", "sword 1"), "blue": ("pistol 1", "sword 2")}
    choices = p.legal("red")
    assert [part.key for part in choices.parts] == ["rifle 1", "sword 1"]
    assert [c.value.holder for c in choices.parts[0].options] == ["Red/bow", "Red/stern", "Red captain", "Jack"]
    with pytest.raises(IllegalAction, match="must give out each of its weapons once"):
        p.check("red", Distribute((Hold("rifle 1", "Jack"),)))
    with pytest.raises(IllegalAction, match="cannot go to 'Bosun'"):
        p.check("red", Distribute((Hold("rifle 1", "Bosun"), Hold("sword 1", "Jack"))))
    g.submit("red", Distribute((Hold("rifle 1", "Jack"), Hold("sword 1", "Red/bow"))))
    assert g.view("blue")["sealed"] is None and g.view("red")["sealed"] is not None  # sealed until all have shared out
    assert not kinds(g, "distribute")
    g.submit("blue", Distribute((Hold("pistol 1", "Bosun"), Hold("sword 2", "Bosun"))))
    s = shore(g)
    assert s.weapons["rifle 1"].holder == "Jack" and s.weapons["rifle 1"].loaded
    sword = s.weapons["sword 1"]
    assert sword.holder is None and sword.spot is not None and (sword.spot.surface, sword.spot.ident) == (Surface.DECK, "Red") and sword.spot.x > 0
    assert {w.name for w in s.carried("Bosun")} == {"pistol 1", "sword 2"}
    assert [e["seat"] for e in kinds(g, "distribute")] == ["blue", "red"]
    assert s.draft is not None and s.draft.done
    assert g.prompt is not None and g.prompt.kind == "SteerPrompt"  # the game begins


def test_the_dealt_draft_asks_no_picks() -> None:
    g = drafted([5, 2], draft="dealt")
    picks = [(e["seat"], e["item"], e["dealt"]) for e in kinds(g, "draft-pick")]
    assert picks == [("red", "rifle", True), ("blue", "pistol", True), ("red", "sword", True), ("blue", "sword", True)]
    assert isinstance(g.prompt, DistributePrompt)


def test_a_scenario_may_hand_out_weapons_and_have_no_draft() -> None:
    g = Game("woodenships", load_scenario("skull-island", "woodenships"), seed=4)
    assert shore(g).draft is None and not kinds(g, "draft-order")
    assert g.prompt is not None and g.prompt.kind == "SteerPrompt"
    assert {w.kind for w in shore(g).carried("Captain Silver")} == {"pistol", "sword"}
