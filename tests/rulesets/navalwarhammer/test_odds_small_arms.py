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


def template(**given: object) -> odds.Odds[str]:
    q = next(x for x in QUESTIONS if x.name == "template")
    answer = ODDS.ask("template", q.values({k.replace("_", "-"): v for k, v in given.items()}), EXACT)
    assert answer.exact and sum(answer.dist.values()) == 1
    return answer


@pytest.mark.rules("FB-TMPL-1", "NW-TMPL-1", "NW-TMPL-2")
def test_a_flame_hits_every_model_under_it_one_specialty_target_and_the_hull_at_its_edge() -> None:
    """A S4 flame over eight T3 models: each slain on 3+ (no save); the rigging (T5) takes its one
    hit on 5+; the medium hull's T8 is beyond a S4 flame."""
    answer = template(template="flame", under=8, specialty="rigging")
    assert answer.p(lambda o: o.startswith("none slain")) == Fraction(1, 3) ** 8
    assert answer.p(lambda o: "rigging -1" in o) == Fraction(1, 3)
    assert answer.p(lambda o: "hull unharmed" in o) == 1
    assert answer.p(lambda o: o.startswith("8 slain")) == Fraction(2, 3) ** 8


@pytest.mark.rules("FB-TMPL-1", "NW-TMPL-2")
def test_a_stone_s_hole_strikes_harder_than_its_template() -> None:
    """One model under the hole takes the stone's higher strength: with the hole, more are slain."""
    with_hole, without = template(under=5), template(under=5, hole=False, hull=False)
    mean = lambda a: sum(p * int(o.split()[0]) for o, p in a.dist.items() if o[0].isdigit())  # noqa: E731
    assert mean(with_hole) > mean(without)
