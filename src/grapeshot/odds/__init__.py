"""Exact odds: what one action can do, worked out from the rules' own code, for any rule set.

A rule never draws a random number; it asks the game for a roll (see :mod:`grapeshot.dice`).
So the chances of an action can be had by running the rule procedure that resolves it once for
every way the dice can fall, on a private copy of the game's state, and adding up what happened
on each path.  The probabilities are exact :class:`~fractions.Fraction` values, and they are
the odds of the code the game runs, not of a second model of the rules.

This package is the engine, and it names no rule set:

* :mod:`.lazy`: dice whose values remember how they were read, and :func:`enumerate_outcomes`,
  which runs each class of faces the rules cannot tell apart once (a D6 against 4+ takes two
  runs, not six), within a budget;
* :mod:`.pools`: pools of identical dice enumerated by what the rules count off them (24D6
  counted at 4+ is 25 outcomes), the classes of faces learned from the rules' own reads;
* :mod:`.sandbox`: :class:`Sandbox` (a game for private runs), :class:`Runner` (one procedure
  on fresh copies of a state, each run summed up as an outcome), the re-roll policies
  (:data:`DECLINE`, :data:`TAKE_ON_FAILURE`) and :func:`drive`;
* :mod:`.montecarlo`: seeded runs and Wilson intervals where enumeration cannot go (over the
  budget, or a continuous value such as a scatter arrow's direction);
* :mod:`.answers`: the answer record :class:`Odds` (``method``, ``given``, ``note``), its JSON
  with exact fractions, its printed table, and :func:`solve` (exact, else Monte Carlo);
* :mod:`.cache`: answers kept per situation (:class:`Cache`, :func:`clear_cache`);
* :mod:`.asking`: a rule set's questions from the command line, and :func:`before`, the odds of
  an action a seat proposes in a game, refused with the game's reason where the game refuses it.

What to ask is each rule set's: its :meth:`~grapeshot.core.ruleset.Ruleset.odds` capability
(an :class:`~grapeshot.core.capabilities.OddsQuestions`) names its questions and parameters,
stages them, and says what its outcomes are (each rule set's own package holds them).
"""

from __future__ import annotations

from grapeshot.core.capabilities import Effort, OddsAnswer, OddsCase, OddsQuestions, Param, Question
from grapeshot.odds.answers import Method, Odds, Row, fraction_text, percent, render_odds, solve
from grapeshot.odds.asking import (
    EFFORT,
    ask,
    before,
    checked_prompt,
    from_save,
    odds_of,
    odds_of_module,
    parse_args,
    pick,
    questions_json,
    read,
    render_questions,
)
from grapeshot.odds.cache import CACHE_SIZE, Cache, clear_cache
from grapeshot.odds.errors import OddsError, OverBudget
from grapeshot.odds.lazy import BUDGET, LazyDice, candidates, enumerate_outcomes
from grapeshot.odds.montecarlo import SAMPLES, Z95, simulate, wilson
from grapeshot.odds.pools import MAX_OUTCOMES
from grapeshot.odds.sandbox import DECLINE, POLICIES, TAKE_ON_FAILURE, Heard, Proc, RerollPolicy, Runner, Sandbox, drive

__all__ = [
    "BUDGET",
    "CACHE_SIZE",
    "DECLINE",
    "EFFORT",
    "MAX_OUTCOMES",
    "POLICIES",
    "SAMPLES",
    "TAKE_ON_FAILURE",
    "Z95",
    "Cache",
    "Effort",
    "Heard",
    "LazyDice",
    "Method",
    "Odds",
    "OddsAnswer",
    "OddsCase",
    "OddsError",
    "OddsQuestions",
    "OverBudget",
    "Param",
    "Proc",
    "Question",
    "RerollPolicy",
    "Row",
    "Runner",
    "Sandbox",
    "ask",
    "before",
    "candidates",
    "checked_prompt",
    "clear_cache",
    "drive",
    "enumerate_outcomes",
    "fraction_text",
    "from_save",
    "odds_of",
    "odds_of_module",
    "parse_args",
    "percent",
    "pick",
    "questions_json",
    "read",
    "render_odds",
    "render_questions",
    "simulate",
    "solve",
    "wilson",
]
