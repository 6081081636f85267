"""``grapeshot new-ruleset NAME``: a new rule set's package in the standard layout, working from
the start (:mod:`grapeshot.scaffold`): ``grapeshot simulate --ruleset NAME`` plays it and the
lobby lists it once it is installed, and its tests run grapeshot's conformance suite over it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grapeshot import scaffold
from grapeshot.cli.common import app, fail, out, out_folder


@app.command("new-ruleset")
def new_ruleset(
    name: Annotated[str, typer.Argument(help="the rule set's name, which names its package and entry point (lower-case letters, digits, underscores)")],
    into: Annotated[Path, typer.Option("--into", help="the folder to make the package's folder NAME in")] = Path("."),
) -> None:
    """Write a working rule set package: one ship type, one scenario, its rules and their tests."""
    why = scaffold.problem(name, into)
    if why is not None:
        raise fail(why)
    out_folder(into, "--into")
    try:
        made = scaffold.make(name, into)
    except ValueError as e:
        raise fail(str(e)) from None
    except OSError as e:
        raise fail(f"--into {into}: cannot write the package ({e.strerror or e})") from None
    out.print(f"made {made}: install it with `pip install -e {made}`, then `grapeshot simulate --ruleset {name}`", highlight=False, soft_wrap=True)
