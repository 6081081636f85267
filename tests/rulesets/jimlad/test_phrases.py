"""The Jim Lad log's words: what a person reads, not internal names (issue 17)."""

from __future__ import annotations

from typing import Any

from grapeshot.core.events import Event
from grapeshot.report import Words, outcome_words
from grapeshot.rulesets.jimlad.phrases import PHRASES


def said(kind: str, **data: Any) -> str:
    text = PHRASES.sentence(Event(1, 1, "movement", kind, None, data))
    assert text is not None
    return text


def test_the_table_edge_is_named_once_in_plain_words() -> None:
    assert said("contact", ship="Da Big Smasha", met="edge", what="edge", at=3.25) == "Da Big Smasha meets the table's edge after 3.2\"."
    assert "Skull Rock (island)" in said("contact", ship="Da Big Smasha", met="Skull Rock", what="island", at=1.0)
    assert "(edge)" not in said("contact", ship="Da Big Smasha", met="edge", what="edge", at=3.0)


def test_counts_agree_with_their_nouns() -> None:
    one = said("sluggas", ship="Da Big Smasha", target="Red Wunz Go Fasta", hits=1, shots=4, return_fire=False)
    assert "1 hit from 4 shots" in one, one
    many = said("sluggas", ship="Da Big Smasha", target="Red Wunz Go Fasta", hits=2, shots=1, return_fire=True)
    assert "2 hits from 1 shot." in many, many


def test_a_result_names_the_seats_and_the_objective_in_words() -> None:
    words = Words([PHRASES])
    outcome = {"winners": ["red"], "objective": "weez-da-only-fleet", "turn": 4}
    assert outcome_words(outcome, words, {"red": "Red Kaptin"}) == "won by Red Kaptin (Weez Da Only Fleet)"
    assert outcome_words({"winners": ["red", "blue"], "objective": "draw"}, words) == "a draw between red and blue"
