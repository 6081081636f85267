"""The generic odds engine (``grapeshot.odds``) over a rule set that is not Jim Lad's: the toy
race with odds questions (tests/toy/odds.py), against brute force written here.  The engine runs
the toy's own rule procedure in its sandbox, merges or enumerates the faces, falls back to Monte
Carlo past its budget and says so, keeps answers per situation, and answers the odds of an
action in a game only once the game has accepted it."""

from __future__ import annotations

import io
import math
from collections.abc import Generator
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from rich.console import Console

from grapeshot import odds
from grapeshot.core.capabilities import Effort, Lacking, Param, Question
from grapeshot.core.game import Game
from grapeshot.core.module import all_modules
from grapeshot.core.ruleset import Ruleset, all_rulesets
from grapeshot.dice import D6, RollRequest, SeededDice
from tests.toy import CHEER, Drift, Pace, PacePrompt, race
from tests.toy.odds import CACHE, QUESTIONS, RECKONED, Rowed, reckoned_race, rows_odds

SIXTH = Fraction(1, 6)


def brute_rows(pace: int, rows: int) -> dict[Rowed, Fraction]:
    """Every face of every row by hand: pace + D6 inches each; pace 3 on a 1 capsizes."""
    out: dict[Rowed, Fraction] = {}
    for faces in product(range(1, 7), repeat=rows):
        key = Rowed(sum(pace + f for f in faces), pace == 3 and 1 in faces)
        out[key] = out.get(key, Fraction(0)) + SIXTH**rows
    return out


def game() -> Game:
    """A reckoned race at its first prompt: both seats seal their pace."""
    g = Game(RECKONED, reckoned_race(), seed=3)
    assert isinstance(g.prompt, PacePrompt)
    return g


@pytest.mark.parametrize("pace", [1, 2, 3])
def test_one_row_is_exact_and_matches_brute_force(pace: int) -> None:
    o = rows_odds(game(), "red", pace)
    assert o.exact and o.method == "exact" and 0 < o.runs <= 6
    assert o.dist == brute_rows(pace, 1)
    assert o.p(lambda r: r.capsized) == (SIXTH if pace == 3 else 0)  # the chance a pace-3 row capsizes


def test_rows_are_enumerated_within_the_budget_and_simulated_past_it_saying_so() -> None:
    two = rows_odds(game(), "blue", 3, 2)
    assert two.exact and two.dist == brute_rows(3, 2)
    assert two.p(lambda r: r.capsized) == 1 - Fraction(5, 6) ** 2
    many = rows_odds(game(), "red", 3, 5, Effort(budget=4000, samples=3000, seed=2))  # 6^5 runs: over the budget
    assert many.method == "monte-carlo" and not many.exact and many.samples == 3000 and "over the exact budget" in many.note
    exact = brute_rows(3, 5)
    for what, pred in (("capsized", lambda r: r.capsized), ("25 inches or more", lambda r: r.inches >= 25)):
        p = sum((q for r, q in exact.items() if pred(r)), Fraction(0))
        ci = many.interval(many.p(pred))
        assert ci is not None and ci[0] <= float(p) <= ci[1], (what, float(p), ci)
    assert many.prob(many.p(lambda r: r.capsized))["ci95"][0] > 0
    with pytest.raises(odds.OddsError, match="no Monte Carlo runs are allowed"):
        rows_odds(game(), "red", 3, 5, Effort(samples=0))


def test_asking_leaves_the_game_as_it_was_and_answers_are_kept_per_situation() -> None:
    g = game()
    dice = g.dice
    assert isinstance(dice, SeededDice)
    before, digest, rolls = g.view(None), dice.state_digest(), g.rolls
    odds.clear_cache()
    a = rows_odds(g, "red", 2)
    assert rows_odds(g, "red", 2) is a and len(CACHE) == 1
    assert g.view(None) == before and dice.state_digest() == digest and g.rolls == rolls
    odds.clear_cache()
    assert len(CACHE) == 0 and rows_odds(g, "red", 2) is not a


def test_an_answer_as_json_and_as_a_table() -> None:
    o = rows_odds(game(), "red", 3)
    data = o.to_json()
    assert (data["title"], data["method"], data["exact"], data["runs"]) == ("red rows 1 time at pace 3", "exact", True, o.runs)
    assert data["outcomes"]['4" rowed, capsized'] == {"fraction": "1/6", "p": round(1 / 6, 6)}
    assert sum(Fraction(p["fraction"]) for p in data["outcomes"].values()) == 1
    out = io.StringIO()
    o.render(Console(file=out, width=120))
    text = out.getvalue()
    assert "red rows 1 time at pace 3" in text and "exact (" in text and '4" rowed, capsized' in text and "1/6" in text and "16.67%" in text


def test_the_odds_of_an_action_come_after_the_games_own_check() -> None:
    g = game()
    sealed = odds.before(g, "red", Pace(3))
    assert isinstance(sealed, odds.Odds) and sealed.p(lambda r: r.capsized) == SIXTH
    with pytest.raises(odds.OddsError) as err:
        odds.before(g, "red", Pace(4))
    assert str(err.value) == "that action is not legal now: pace must be 1, 2 or 3, not 4"  # the toy's own words
    with pytest.raises(odds.OddsError, match="not legal now"):
        odds.before(g, "red", Drift(1.0))  # not what the prompt asks for
    with pytest.raises(odds.OddsError, match="not waiting for green; it is waiting for red, blue"):
        odds.before(g, "green", Pace(2))
    toy = Game("toy", race(), seed=3)
    with pytest.raises(Lacking, match="the rule set 'toy' has no odds questions"):
        odds.before(toy, "red", Pace(2))


# --------------------------------------------------------------------------- questions and their parameters


def test_a_parameter_takes_what_it_allows_and_refuses_the_rest_naming_what_it_allows() -> None:
    n = Param("strength", "a strength", int, None, bounds=(4, 11))
    assert n.parse("7") == 7 and n.check(11) == 11
    for bad, shown in ((0, "0"), (12, "12"), (True, "True"), (7.0, "7.0")):
        with pytest.raises(ValueError, match=rf"strength must be a whole number from 4 to 11, not {shown}"):
            n.check(bad)
    with pytest.raises(ValueError, match=r"--strength must be a whole number from 4 to 11, not '7.5'"):
        n.parse("7.5", "--strength")
    x = Param("range", "inches", float, 20.0, bounds=(0.0, 100.0))
    assert x.check(3) == 3.0 and isinstance(x.check(3), float)
    for text in ("nan", "inf", "-inf"):
        with pytest.raises(ValueError, match="a finite number"):
            x.parse(text)
    assert not math.isnan(x.parse("99.5"))  # type: ignore[arg-type]
    unbounded = Param("drift", "inches", float)
    with pytest.raises(ValueError, match="a finite number"):
        unbounded.check(float("nan"))
    c = Param("facing", "a facing", str, "front", ("front", "rear"), aliases=("target-facing",))
    with pytest.raises(ValueError, match="facing must be one of front, rear, not 'port'"):
        c.check("port")
    flag = Param("crash", "a crash", bool, False)
    assert flag.parse(None) is True and flag.parse("no") is False and flag.allowed() == "a flag (no value)"
    with pytest.raises(ValueError):
        flag.check(1)
    q = Question("q", "a question", (n, c), ("strength",))
    assert q.param("target-facing") is c and q.param("nothing") is None
    assert q.values({"strength": 5}) == {"strength": 5, "facing": "front"}
    with pytest.raises(ValueError, match="takes no gun; it takes strength, facing"):
        q.values({"strength": 5, "gun": "fore"})
    with pytest.raises(ValueError, match="is given twice"):
        q.values({"strength": 5, "facing": "rear", "target-facing": "front"})
    required = Question("r", "a question", (Param("rows", "rows", int, required=True),))
    with pytest.raises(ValueError, match="the question 'r' needs rows"):
        required.values({})
    assert q.to_json()["params"][0] == {"name": "strength", "help": "a strength", "kind": "int", "allowed": "a whole number from 4 to 11", "bounds": [4, 11]}


def test_the_command_line_reads_parameters_and_picks_the_question() -> None:
    assert odds.parse_args(QUESTIONS, ["--pace", "3", "--rows=2"], "reckoned") == {"pace": "3", "rows": "2"}
    assert odds.pick(QUESTIONS, None, ["pace"]).name == "row"  # the first, unless picked
    assert odds.pick(QUESTIONS, None, ["pace", "rows"]).name == "rows"  # picked by --rows
    assert odds.pick(QUESTIONS, "rows", []).name == "rows"
    with pytest.raises(odds.OddsError, match="no odds question 'swim'; the questions are row, rows"):
        odds.pick(QUESTIONS, "swim", [])
    for args, words in (
        (["--pace"], "--pace needs a value: a whole number from 1 to 3"),
        (["--oars", "2"], "--oars is not a parameter of any of reckoned's odds questions"),
        (["3"], "unexpected argument '3'"),
        (["--pace", "1", "--pace", "2"], "--pace is given twice"),
    ):
        with pytest.raises(odds.OddsError, match=words):
            odds.parse_args(QUESTIONS, args, "reckoned")
    both = (Question("a", "a", (Param("x", "x", bool, False),), ("x",)), Question("b", "b", (Param("y", "y", bool, False),), ("y",)))
    with pytest.raises(odds.OddsError, match=r"pick more than one question \(--x asks 'a'; --y asks 'b'\)"):
        odds.pick(both, None, ["x", "y"])
    answer = odds.ask(RECKONED, ["--pace", "3", "--rows", "2"])
    assert isinstance(answer, odds.Odds) and answer.dist == brute_rows(3, 2)
    with pytest.raises(odds.OddsError, match="--pace must be a whole number from 1 to 3, not 4"):
        odds.ask(RECKONED, ["--pace", "4"])
    with pytest.raises(odds.OddsError, match="the question 'rows' needs --rows"):
        odds.ask(RECKONED, ["--pace", "2"], "rows")


def test_each_run_copies_the_state_of_the_rule_modules_in_play_too() -> None:
    """A procedure may change a module's own state (the cheer module counts its cheers): the
    runs see it fresh each time, and the game keeps its own."""
    g = Game("toy", race(modules=[CHEER]), seed=3)
    seen: list[int] = []

    def proc(sb: Game, course: Any) -> Generator[Any, Any, int]:
        run = sb.modules[CHEER]
        seen.append(run.state["cheers"])
        r = yield from sb.roll(RollRequest(D6, "test", "TY-ROW-1", "red"))
        run.state["cheers"] += 1
        return r.total

    dist, _ = odds.enumerate_outcomes(odds.Runner[Any, int](g, g.state, proc))
    assert dist == {n: SIXTH for n in range(1, 7)}
    assert set(seen) == {0} and g.modules[CHEER].state == {"cheers": 0}


# --------------------------------------------------------------------------- every rule set's questions

#: the generic options of ``grapeshot odds``, which no rule set's parameter may take
GENERIC = {"ruleset", "question", "questions", "save", "seat", "action", "samples", "seed", "budget", "json", "help"}
WITH_ODDS = [rs for rs in all_rulesets() if rs.odds() is not None]


def test_there_are_rule_sets_with_odds_to_check() -> None:
    assert {"jimlad", "reckoned"} <= {rs.name for rs in WITH_ODDS}


@pytest.mark.parametrize("ruleset", WITH_ODDS, ids=lambda rs: rs.name)
def test_every_rule_sets_questions_are_well_formed_and_answer_with_their_defaults(ruleset: Ruleset) -> None:
    """Names unique; one name, one kind, in every question (the command line reads a name before
    it knows the question); defaults allowed by their own checks; ``picked_by`` among the
    question's parameters; no generic option taken; every question answers (JSON and text)."""
    questions = odds.odds_of(ruleset).questions()
    assert questions and len({q.name for q in questions}) == len(questions)
    kinds: dict[str, type] = {}
    for q in questions:
        names = [n for p in q.params for n in (p.name, *p.aliases)]
        assert len(names) == len(set(names)) and not set(names) & GENERIC, q.name
        assert set(q.picked_by) <= {p.name for p in q.params}, q.name
        for p in q.params:
            for n in (p.name, *p.aliases):
                assert kinds.setdefault(n, p.kind) is p.kind, n
            assert p.default is None or p.check(p.default) == p.default, p.name
            assert not (p.required and p.default is not None), p.name
        answer = odds.odds_of(ruleset).ask(q.name, q.values({p.name: least(p) for p in q.params if p.required}), Effort(samples=100))
        assert isinstance(answer.to_json(), dict)
        out = io.StringIO()
        answer.render(Console(file=out, width=120))
        assert out.getvalue().strip(), q.name


def least(p: Param) -> object:
    """The least value a required parameter allows (its first choice, its lower bound)."""
    if p.choices:
        return p.choices[0]
    if p.bounds:
        return p.kind(p.bounds[0])
    return True if p.flag else ""


SEAMS = [(rs.name, odds.odds_of(rs)) for rs in WITH_ODDS] + [(m.name, o) for m in all_modules() if (o := m.odds()) is not None]


@pytest.mark.parametrize(("name", "seam"), SEAMS, ids=[n for n, _ in SEAMS])
def test_every_question_has_cases_to_measure_and_each_case_is_a_question_it_takes(name: str, seam: odds.OddsQuestions) -> None:
    """bench/bench_odds.py measures the cases a rule set offers through its seam: every
    question has one, and each names a question and only parameters it takes, with values its
    checks allow."""
    cases = seam.cases()
    questions = {q.name: q for q in seam.questions()}
    assert {c.question for c in cases} == set(questions), name
    for c in cases:
        questions[c.question].values(c.given)
        assert c.label, c
