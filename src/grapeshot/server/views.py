"""What a seat (or a spectator) sees of a game at the web table, built in one place.

The server's pages and websockets get their views from :func:`build`, and so do the tests and
the soak (:mod:`grapeshot.server.probe`), so what they check is exactly what a page is sent: the
game's own view, the battle report's words for its log, the outcome in words, the turn's plan,
the rule set's web plugin, the shapes its plugin and the modules in play draw, and the legal
answers of the prompt waiting on the seat (``prompt.legal``) with their digest.

**Degrading.**  Some parts of a view come from code that is a rule set's or a module's, not the
game's own state: the shapes a web plugin or a module draws, a prompt's listing of its legal
answers, and the phrases of the log and the outcome.  When one of those raises, the view is still
built and sent without that part: the shapes of that plugin or module are left out (``shapes`` is
``null`` when nothing is left), the listing is left out (the page falls back to typing the
action), an event whose phrase raises is told by its kind and rule, and ``degraded`` names each part
left out and whose it was, for the page to say so.  :func:`build` hands the errors themselves to
its caller as :class:`Fault` records: the server logs them with the game and the traceback, the
tests and the soak count each one as a fault.  A degrade is a safety net, never the fix: the
fault is a bug in the rule set or the module.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from grapeshot.core.choices import Choices
from grapeshot.core.contract import ODDS
from grapeshot.core.explain import Explainer, explained, explainers_of
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Ruleset
from grapeshot.report import Words, outcome_words

#: a prompt's legal answers for one seat, and their description for the page (with its digest)
Listed = tuple[Choices, dict[str, Any]]


def digest_of(described: dict[str, Any]) -> str:
    """The fingerprint of a prompt's described legal answers: a page's picks are taken only
    against the very choices it was shown."""
    return hashlib.sha256(json.dumps(described, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]


def web_of(ruleset: Ruleset) -> dict[str, Any] | None:
    """Where the page finds the rule set's web plugin (its script and style sheets, under
    ``/static/rulesets/<name>/``), or ``None``: the generic client alone then serves its games."""
    plugin = ruleset.web()
    if plugin is None:
        return None
    base = f"/static/rulesets/{ruleset.name}/"
    served = plugin.static is not None
    return {
        "script": base + plugin.script if served and plugin.script else None,
        "styles": [base + s for s in plugin.styles] if served else [],
        "words": f"/api/rulesets/{ruleset.name}/words",
        "odds": ruleset.has(ODDS),  # whether the page may ask the odds of an answer before it is sent
    }


def listing(prompt: Prompt, seat: str, explainers: tuple[Explainer, ...] = ()) -> Listed | None:
    """The legal answers of ``prompt`` for ``seat`` and their description with its digest;
    ``None`` for a prompt that lists no answers (its ``legal`` is not implemented).  Anything
    else ``legal`` raises is a rule bug, and is raised.  With ``explainers`` each option carries
    its meaning (``explain``) and the rule IDs that decide it (``rules``)."""
    try:
        choices = prompt.legal(seat)
    except NotImplementedError:
        return None
    described = choices.describe()
    if explainers:
        for part, shown in zip(choices.parts, described["parts"], strict=True):
            for choice, option in zip(part.options, shown["options"], strict=True):
                got = explained(prompt, part.key, choice, explainers)
                if got is not None:
                    option.update(got.to_json())
    described["digest"] = digest_of(described)
    return choices, described


class Listings:
    """The listings of the prompts a game waits on, one a seat, each kept until the next action.

    A listing is worked out once however often it is shown (every page watching a seat is sent
    it), and a page's picks are taken against the very listing it was shown (its digest).  It is
    kept for the prompt *and* the number of actions then: a rule set may yield the same prompt
    object again after an answer (Jim Lad's shooting, a kannon at a time), and every answer may
    change what is legal, so the listing must be what ``check`` accepts now."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Prompt, int, Listed | None]] = {}

    def of(self, game: Game, seat: str) -> Listed | None:
        """The listing of the prompt waiting on ``seat`` (None when none waits, or it lists none)."""
        prompt = game.prompt_for(seat)
        if prompt is None:
            return None
        moment = len(game.actions)
        kept = self._kept.get(seat)
        if kept is not None and kept[0] is prompt and kept[1] == moment:
            return kept[2]
        listed = listing(prompt, seat, explainers_of(game, prompt))
        self._kept[seat] = (prompt, moment, listed)
        return listed


@dataclass(frozen=True)
class Fault:
    """A part of a view that could not be built: which part (``shapes``, ``legal``), whose code
    failed (``source``, in words), and the error."""

    part: str
    source: str
    error: Exception

    def note(self) -> dict[str, str]:
        """What the page is told: the part and whose it was, not the error (which may speak of
        things the seat may not see; the server's log has it)."""
        return {"part": self.part, "source": self.source}


def build(game: Game, seat: str | None, since: int = 0, listings: Listings | None = None) -> tuple[dict[str, Any], list[Fault]]:
    """The seat's (or the spectator's, ``None``) view of the game with the log from event
    ``since`` on, as the web table sends it (see the module docstring), and the parts left out.
    ``listings`` keeps the prompts' listings from one view to the next (the server's table has
    its own); without it the listing is worked out afresh."""
    faults: list[Fault] = []
    v = game.view(seat, since)
    decorate(game, v, seat, faults)
    prompt = game.prompt_for(seat) if seat is not None else None
    if seat is not None and prompt is not None and v["prompt"] is not None:
        try:
            listed = (listings or Listings()).of(game, seat)
        except Exception as err:  # a rule bug: the form falls back to typing the action
            faults.append(Fault("legal", f"the {prompt.namespace} prompt {prompt.kind}", err))
            listed = None
        if listed is not None:
            v["prompt"]["legal"] = listed[1]
    v["degraded"] = [f.note() for f in faults]
    return v, faults


def _told(words: Words, game: Game, entry: dict[str, Any], faults: list[Fault]) -> str | None:
    """An event's words; where the phrase raises, its kind and rule instead (a fault noted)."""
    event = game.events[entry["seq"]]
    try:
        return words.describe(event)
    except Exception as err:
        faults.append(Fault("log", f"the words for a {event.kind} event", err))
        return event.kind if event.rule is None else f"{event.kind} ({event.rule})"


def decorate(game: Game, v: dict[str, Any], seat: str | None, faults: list[Fault]) -> None:
    """What every view of a game says beside the game's own: the log in the battle report's words
    (each entry's ``text``; null for machine-only events), the outcome in words, the turn's plan
    (its parts, and why this turn skips any), the rule set's web plugin and the generic shapes
    its plugin draws the view with (where it has them), with the shapes each module in play adds, and
    the modules in play by name and title.
    A plugin's or a module's shapes that raise are left out, with a :class:`Fault` in ``faults``."""
    words = Words.of(game)
    v["log"] = [dict(e, text=_told(words, game, e, faults)) for e in v["log"]]
    names = {s.id: s.name for s in game.scenario.seats if s.name}
    try:
        v["outcome_text"] = None if game.outcome is None else outcome_words(game.outcome.to_json(), words, names)
    except Exception as err:
        faults.append(Fault("outcome_text", "the words for the outcome", err))
        v["outcome_text"] = None
    v["phases"] = [p.to_json() for p in game.ruleset.turn_plan(game.state)]
    v["web"] = web_of(game.ruleset)
    # the rule modules in play, so the page can say which (a module changes how the game plays)
    v["modules"] = [{"name": name, "title": run.module.title} for name, run in game.modules.items()]
    v["measure"] = game.ruleset.may_measure(game.options)  # the page's tape measure, where the rules allow it
    plugin = game.ruleset.web()
    own = None
    if plugin is not None and plugin.shapes is not None:
        try:
            own = plugin.shapes(game, seat)
        except Exception as err:
            faults.append(Fault("shapes", f"the {game.ruleset.name} web plugin", err))
    # each module in play adds what only it knows (tagged with its name), drawn over the host's pieces
    added: list[dict[str, Any]] = []
    for name, run in game.modules.items():
        try:
            added += run.module.shapes(game, seat)
        except Exception as err:
            faults.append(Fault("shapes", f"the {name} module", err))
    v["shapes"] = None if own is None and not added else [*(own or []), *added]
