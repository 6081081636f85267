"""Asking a rule set's odds: its questions from the command line, an action before it is taken.

A rule set offers its odds as an :class:`~grapeshot.core.capabilities.OddsQuestions`.  The
command line reads the question's parameters as ``--name value`` (``--name`` alone for a
flag), checks each against the question's :class:`~grapeshot.core.capabilities.Param` (never
clamping), and picks the question: the one named by ``--question``, else the one a given
parameter picks (``Question.picked_by``: ``--ram-strength 7`` asks about a ram), else the rule
set's first.  :func:`before` answers the odds of an action a seat proposes in a real game, once
the game's own prompt has accepted it, so an action the game refuses is refused with the
game's reason.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Effort, Lacking, OddsAnswer, OddsQuestions, Param, Question
from grapeshot.core.contract import ODDS
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.module import get_module
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Ruleset
from grapeshot.odds.errors import OddsError

#: the default effort of an answer (the exact budget, the Monte Carlo runs and their seed)
EFFORT = Effort()


def dashed(name: str) -> str:
    """A parameter as the command line writes it."""
    return f"--{name}"


def odds_of(ruleset: Ruleset) -> OddsQuestions:
    """The rule set's odds questions, or :class:`~grapeshot.core.capabilities.Lacking` ("the
    rule set 'x' has no odds questions")."""
    return ruleset.need(ODDS)


def odds_of_module(name: str) -> OddsQuestions:
    """A rule module's odds questions, or :class:`~grapeshot.core.capabilities.Lacking`."""
    module = get_module(name)  # a ValueError naming the installed modules
    odds = module.odds()
    if odds is None:
        raise Lacking(module.name, "odds questions", "rule module")
    return odds


def find_param(questions: Sequence[Question], name: str) -> Param | None:
    """The parameter of that name (or alias) in any of the questions."""
    return next((p for q in questions if (p := q.param(name)) is not None), None)


def parse_args(questions: Sequence[Question], args: Sequence[str], ruleset: str) -> dict[str, str | None]:
    """``--name value``, ``--name=value`` and ``--flag`` read into ``{name: text}`` (``None``
    for a flag given alone).  Whether a name takes a value is known from the questions, before
    the question is picked; a name no question takes is refused here."""
    out: dict[str, str | None] = {}
    seen: dict[str, str] = {}
    i = 0
    while i < len(args):
        token = args[i]
        if not token.startswith("--") or token == "--":
            raise OddsError(f"unexpected argument {token!r}: the rule set's parameters are written --name value")
        name, eq, text = token[2:].partition("=")
        p = find_param(questions, name)
        if p is None:
            raise OddsError(
                f"{dashed(name)} is not a parameter of any of {ruleset}'s odds questions (grapeshot odds --ruleset {ruleset} --questions lists them)"
            )
        value: str | None = text if eq else None
        if not eq and not p.flag:
            if i + 1 >= len(args):
                raise OddsError(f"{dashed(name)} needs a value: {p.allowed()}")
            i += 1
            value = args[i]
        if p.name in seen:
            raise OddsError(f"{dashed(p.name)} is given twice ({dashed(seen[p.name])} and {dashed(name)})")
        seen[p.name] = name
        out[name] = value
        i += 1
    return out


def pick(questions: Sequence[Question], named: str | None, given: Collection[str]) -> Question:
    """The question to ask (see the module's docstring)."""
    if not questions:
        raise OddsError("the rule set offers no odds questions")
    if named is not None:
        q = next((q for q in questions if q.name == named), None)
        if q is None:
            raise OddsError(f"no odds question {named!r}; the questions are {', '.join(q.name for q in questions)}")
        return q
    picks: dict[str, list[str]] = {}
    for q in questions:
        for name in given:
            p = q.param(name)
            if p is not None and p.name in q.picked_by:
                picks.setdefault(q.name, []).append(name)
    if len(picks) > 1:
        words = "; ".join(f"{' '.join(dashed(n) for n in names)} asks {q!r}" for q, names in picks.items())
        raise OddsError(f"the parameters pick more than one question ({words}): give the parameters of one, or name it with --question")
    if picks:
        return next(q for q in questions if q.name in picks)
    return questions[0]


def read(question: Question, texts: Mapping[str, str | None], questions: Sequence[Question] = ()) -> dict[str, object]:
    """Every parameter's value for ``question`` from the command line's text, each checked.  A
    parameter of another of ``questions`` is refused saying which question takes it."""
    parsed: dict[str, object] = {}
    for name, text in texts.items():
        p = question.param(name)
        if p is None:
            others = [q for q in questions if q.param(name) is not None]
            if others:
                how = " or ".join(f"--question {q.name}" + "".join(f" or {dashed(n)}" for n in q.picked_by) for q in others)
                raise ValueError(f"the question {question.name!r} takes no {dashed(name)}: it belongs to {', '.join(q.name for q in others)} (asked by {how})")
        parsed[name] = p.parse(text, dashed(name)) if p is not None else text  # a stranger: values() names it
    return question.values(parsed, dashed)


def ask(ruleset: Ruleset, args: Sequence[str], named: str | None = None, effort: Effort = EFFORT, module: str | None = None) -> OddsAnswer:
    """``grapeshot odds --ruleset R [--question Q] --name value ...``: the answer to one of the
    rule set's questions (with ``module``, ``--module M``: one of that rule module's)."""
    odds = odds_of(ruleset) if module is None else odds_of_module(module)
    questions = odds.questions()
    texts = parse_args(questions, args, ruleset.name if module is None else module)
    q = pick(questions, named, texts)
    try:
        values = read(q, texts, questions)
    except ValueError as err:
        raise OddsError(str(err)) from None
    return odds.ask(q.name, values, effort)


def checked_prompt(game: Game, seat: str, action: Action) -> Prompt:
    """The prompt waiting on ``seat``, once it has accepted ``action`` as :meth:`Game.submit`
    would (the action is never submitted); else an :class:`OddsError` with the game's reason."""
    prompt = game.prompt_for(seat)
    if prompt is None:
        waiting = ", ".join(game.waiting_for()) or "nobody (the game is over)"
        raise OddsError(f"the game is not waiting for {seat}; it is waiting for {waiting}")
    try:
        prompt.check(seat, action)
    except IllegalAction as err:
        raise OddsError(f"that action is not legal now: {err}") from None
    return prompt


def before(game: Game, seat: str, action: Action, effort: Effort = EFFORT) -> OddsAnswer:
    """The odds of ``seat`` answering the game's prompt with ``action``, from the game's rule set,
    or from the module in play whose action it is."""
    run = game.modules.get(action.namespace)
    odds = odds_of(game.ruleset) if run is None else odds_of_module(run.module.name)
    prompt = checked_prompt(game, seat, action)
    answer = odds.before(game, seat, prompt, action, effort)
    if answer is None:
        raise OddsError(f"{action.kind} has no odds to tell in {game.ruleset.title if run is None else run.module.title}")
    return answer


def from_save(path: str | Path, seat: str, action_json: str, effort: Effort = EFFORT, ruleset: Ruleset | None = None) -> OddsAnswer:
    """``grapeshot odds --save FILE --seat SEAT --action JSON``: the odds of an action at the point
    a game was saved.  The action is read in the game's namespaces (``Game.decode``); with
    ``ruleset`` the save must be a game of it."""
    from grapeshot.core.untrusted import MAX_SAVE_BYTES, loads_json, read_text

    game = Game.load(loads_json(read_text(path, str(path), MAX_SAVE_BYTES), str(path)), source=str(path))  # each problem a ScenarioError
    if ruleset is not None and game.ruleset.name != ruleset.name:
        raise OddsError(f"{path} is a game of {game.ruleset.name!r}, not of {ruleset.name!r}")
    try:
        action = game.decode(loads_json(action_json, "--action"))
    except IllegalAction as err:
        raise OddsError(f"--action: {err}") from None
    return before(game, seat, action, effort)


def questions_json(odds: OddsQuestions) -> list[dict[str, Any]]:
    return [q.to_json() for q in odds.questions()]


def render_questions(console: Any, ruleset: Ruleset, module: str | None = None) -> None:
    """``grapeshot odds --ruleset R --questions``: the rule set's questions and their parameters
    (with ``module``: the rule module's)."""
    questions = (odds_of(ruleset) if module is None else odds_of_module(module)).questions()
    title = ruleset.title if module is None else get_module(module).title
    console.print(f"[bold]{title}[/bold]: its odds questions (the first is asked when none is named or picked)", highlight=False)
    for i, q in enumerate(questions):
        how = [f"--question {q.name}"] + [dashed(n) for n in q.picked_by]
        console.print(f"\n[bold]{q.name}[/bold]{' (the default)' if i == 0 else ''}: {q.help}", highlight=False)
        console.print(f"  asked by {' or '.join(how)}", highlight=False)
        for p in q.params:
            names = " / ".join(dashed(n) for n in (p.name, *p.aliases))
            default = "required" if p.required else "" if p.default is None else f"default {str(p.default).lower() if p.flag else p.default}"
            console.print(f"  [bold]{names}[/bold]: {p.help} ({p.allowed()}{'; ' + default if default else ''})", highlight=False)
