"""Answers for the table: ``grapeshot odds`` (the exact odds of an action)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from grapeshot.cli.common import app, fail, out
from grapeshot.core.capabilities import Lacking
from grapeshot.core.errors import ScenarioError
from grapeshot.core.ruleset import default_ruleset, get


@app.command(name="odds", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def odds_cmd(
    ctx: typer.Context,
    ruleset: Annotated[str | None, typer.Option(help="the rule set asked (default: the first installed; with --save, the save's own)")] = None,
    question: Annotated[str | None, typer.Option(help="the rule set's question to ask (default: the one its parameters pick, else its first)")] = None,
    module: Annotated[str | None, typer.Option(help="ask a rule module's questions instead of the rule set's (see --questions --module NAME)")] = None,
    questions: Annotated[bool, typer.Option("--questions", help="list the rule set's questions and their parameters, and stop")] = False,
    save: Annotated[Path | None, typer.Option(help="a save file: the odds of --action by --seat at the point it was saved")] = None,
    seat: Annotated[str | None, typer.Option(help="with --save: the seat proposing the action")] = None,
    action: Annotated[
        str | None, typer.Option(help='with --save: the action as JSON, e.g. \'{"kind":"fire","gun":"fore","shell":"krak","aim":[60,36]}\'')
    ] = None,
    samples: Annotated[int, typer.Option(min=1, max=1_000_000, help="Monte Carlo runs where the odds cannot be enumerated")] = 2000,
    seed: Annotated[int, typer.Option(help="seed of the Monte Carlo dice")] = 1,
    budget: Annotated[int, typer.Option(min=1, max=10_000_000, help="rule runs an exact enumeration may take before it gives way to Monte Carlo")] = 4000,
    as_json: Annotated[bool, typer.Option("--json", help="print the odds as JSON (fractions as 'n/d' strings, and floats)")] = False,
) -> None:
    """The exact odds of one action: a question of the rule set's own, its parameters given as
    --name value (see --questions for a rule set's questions and their parameters), or an action proposed in a saved game (--save, --seat, --action)."""
    from grapeshot import odds as calc
    from grapeshot.core.capabilities import Effort

    effort = Effort(budget, samples, seed)
    try:
        rs = get(ruleset) if ruleset is not None else None
        if questions:
            rules = rs or default_ruleset()
            if as_json:
                asked = calc.odds_of(rules) if module is None else calc.odds_of_module(module)
                out.print_json(json.dumps({"ruleset": rules.name, "module": module, "questions": calc.questions_json(asked)}))
            else:
                calc.render_questions(out, rules, module)
            return
        if save is not None:
            if seat is None or action is None:
                raise calc.OddsError("--save needs --seat and --action")
            if ctx.args or question is not None or module is not None:
                raise calc.OddsError(f"--save asks about its --action; it takes no question or parameters ({' '.join([*ctx.args] or ['--question'])})")
            answer = calc.from_save(save, seat, action, effort, rs)
        else:
            if seat is not None or action is not None:
                raise calc.OddsError("--seat and --action go with --save")
            answer = calc.ask(rs or default_ruleset(), ctx.args, question, effort, module)
    except (calc.OddsError, Lacking, ScenarioError, ValueError) as e:
        raise fail(str(e)) from None
    if as_json:
        out.print_json(json.dumps(answer.to_json()))
    else:
        answer.render(out)
