"""Naval Warhammer's ``small-arms`` odds question (NW-CREW-3 at a ship part, NW-SHIP-5's parts,
NW-UPG-4's figurehead), against fractions worked out by hand: each model hits on its BS's score
(less the modifiers) and wounds by strength against the part's toughness, no armour save."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grapeshot import odds
from grapeshot.core.capabilities import Effort
from grapeshot.rulesets.navalwarhammer.odds import ODDS, QUESTIONS

EXACT = Effort(budget=200_000, samples=0)


def ask(**given: object) -> odds.Odds[str]:
    q = next(x for x in QUESTIONS if x.name == "small-arms")
    answer = ODDS.ask("small-arms", q.values({k.replace("_", "-"): v for k, v in given.items()}), EXACT)
    assert answer.exact and sum(answer.dist.values()) == 1
    return answer


@pytest.mark.rules("NW-CREW-3", "NW-SHIP-5")
def test_ten_bows_at_the_rigging() -> None:
    """BS3 hits on 4+, S3 against the rigging's T5 wounds on 6+: 1/12 a model, ten models."""
    answer = ask()
    assert answer.dist["no damage"] == Fraction(11, 12) ** 10
    assert answer.dist["rigging -1"] == 10 * Fraction(1, 12) * Fraction(11, 12) ** 9


@pytest.mark.rules("NW-CREW-3", "FB-HIT-2")
def test_long_range_at_the_oars_and_a_part_beyond_wounding() -> None:
    """Long range: BS3 needs 5+; S4 against the oars' T5 wounds on 5+: 1/9 a model.  S4 cannot
    wound a medium hull's T8."""
    assert ask(part="oars", models=20, strength=4, long_range=True).dist["no damage"] == Fraction(8, 9) ** 20
    assert ask(part="hull", models=60, strength=4).dist == {"no damage": Fraction(1)}


@pytest.mark.rules("NW-UPG-4")
def test_a_magical_figurehead_wards_its_parts_on_five_or_six() -> None:
    assert ask(models=5, figurehead=True).dist["no damage"] == (1 - Fraction(1, 12) * Fraction(2, 3)) ** 5


@pytest.mark.rules("NW-SHIP-5")
def test_a_part_with_one_wound_left_is_destroyed_by_any_wound() -> None:
    answer = ask(part_wounds=1, models=10)
    assert answer.dist["rigging destroyed"] == 1 - Fraction(11, 12) ** 10
