"""Every rule the table plays says what it does, in the project's own words.

The rules panel shows each rule's ``says`` under its title; this holds every implemented rule of
every rule set and module to having one (short, more than its title) and, where the rule texts
are beside the checkout, to sharing no run of 8 words with them: a sentence pasted from a seed
fails here, and the checker's own test proves it would.
"""

from __future__ import annotations

import re
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from grapeshot.core.module import all_modules
from grapeshot.core.registry import RuleBook, RuleEntry
from grapeshot.core.ruleset import all_rulesets

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
RUN = 8  # words in a row that would make a phrase the seed's rather than ours
LONGEST = 400  # characters: one to three sentences


def words(text: str) -> list[str]:
    """The words of a text, case and punctuation set aside."""
    return re.findall(r"[a-z0-9]+", text.lower())


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``n`` consecutive words in a text."""
    w = words(text)
    return {tuple(w[i : i + n]) for i in range(len(w) - n + 1)}


def borrowed(says: dict[str, str], seed_runs: set[tuple[str, ...]]) -> dict[str, list[str]]:
    """The rules whose text shares a run of words with the seeds, with the runs shared."""
    out: dict[str, list[str]] = {}
    for rid, text in says.items():
        shared = sorted(" ".join(r) for r in runs(text) & seed_runs)
        if shared:
            out[rid] = shared
    return out


def books() -> list[RuleBook]:
    """The books of the rule sets and modules grapeshot ships (its entry points), not the tests' toys."""
    shipped = {ep.name for group in ("grapeshot.rulesets", "grapeshot.modules") for ep in entry_points(group=group)}
    return [*(rs.rulebook() for rs in all_rulesets() if rs.name in shipped), *(m.rulebook() for m in all_modules() if m.name in shipped)]


def implemented() -> list[RuleEntry]:
    return [e for book in books() for e in book.in_scope()]


def test_the_books_hold_every_shipped_rule() -> None:
    ids = {e.id for e in implemented()}
    assert len(ids) >= 223, len(ids)
    assert {i.split("-")[0] for i in ids} >= {"JL", "WS", "NW", "FB", "CG"}


def test_every_implemented_rule_says_what_it_does_in_a_few_sentences_beyond_its_title() -> None:
    missing = [e.id for e in implemented() if not e.says.strip()]
    assert not missing, f"rules with nothing to say: {missing}"
    long = {e.id: len(e.says) for e in implemented() if len(e.says) > LONGEST}
    assert not long, f"rules saying more than {LONGEST} characters: {long}"
    echo = [e.id for e in implemented() if words(e.says) == words(e.title)]
    assert not echo, f"rules whose text only repeats the title: {echo}"


def test_a_book_refuses_to_say_what_a_rule_it_lacks_does() -> None:
    entry = RuleEntry("JL-TEST-1", "a rule", ("x.y",))
    book = RuleBook("test", "JL", [entry], says={"JL-TEST-1": "it does a thing"})
    assert book.entries["JL-TEST-1"].says == "it does a thing"
    with pytest.raises(ValueError, match="JL-TEST-2"):
        RuleBook("test", "JL", [entry], says={"JL-TEST-2": "no such rule"})


def test_the_checker_finds_a_pasted_sentence_and_passes_our_own_words() -> None:
    seed = "Grot Riggers can repair any single point of damage in the Shooting Turn instead of manning the guns!"
    made_up = {
        "JL-PASTE-1": "Riggers: GROT riggers can repair any single point of damage, in the shooting turn.",
        "JL-OWN-1": "Instead of firing, the grots may try to mend one thing on a 4+.",
    }
    found = borrowed(made_up, runs(seed))
    assert list(found) == ["JL-PASTE-1"], found
    assert "grot riggers can repair any single point of" in found["JL-PASTE-1"]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds (the rule texts) is not beside this checkout (a user's own clone); CI has it")
def test_no_rule_borrows_a_run_of_eight_words_from_the_rule_texts() -> None:
    seed_runs: set[tuple[str, ...]] = set()
    for path in sorted(SEEDS.glob("*.txt")):
        seed_runs |= runs(path.read_text(encoding="utf-8"))
    assert len(seed_runs) > 10_000, "the seeds were not read"
    found = borrowed({e.id: e.says for e in implemented()}, seed_runs)
    assert not found, f"rules whose text is the seed's, not ours: {found}"
