"""What each answer of a prompt means, in the rule set's own words and with its rule IDs.

A newcomer at the table cannot know that a Naval Warhammer crew "at work" does not shoot, nor
what "grapple with 3" throws: the words of an option name it, they do not explain it.  Every
rule set (and every module) therefore brings an :data:`Explainer`: given the prompt, the part of
its answer and one listed option, it says in one line what picking that option does and which
of its numbered rules decide it.  The web table's listing carries the line and the IDs beside
each option (:func:`grapeshot.server.views.listing`), so the generic form, a plugin's own form
and the rules panel all show the same words, and a conformance test holds every rule set to an
explanation for every option it lists.

The core explains its own prompts here (a re-roll, dice typed at a companion table), naming the
rule the prompt serves: a re-roll's grant or the roll's prompt rule belongs to the rule set.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grapeshot.core.actions import Reroll
from grapeshot.core.choices import Choice

if TYPE_CHECKING:
    from grapeshot.core.game import Game
    from grapeshot.core.prompts import Prompt


@dataclass(frozen=True)
class Explained:
    """One option's meaning: a line of words and the rule IDs that decide what it does."""

    text: str
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"explain": self.text, "rules": list(self.rules)}


#: what a rule set or module brings: the option's meaning, or None where it has no words for it
Explainer = Callable[["Prompt", str, Choice], Explained | None]


def _rules(*ids: str | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys(i for i in ids if i))


def explain_core(prompt: Prompt, part: str, choice: Choice) -> Explained | None:
    """The core's own prompts: a re-roll offered by a rule set's grant, dice typed in by hand."""
    from grapeshot.core.prompts import DicePrompt, RerollPrompt

    if isinstance(prompt, RerollPrompt):
        grant = prompt.grant.rule if prompt.grant is not None else None
        rules = _rules(grant, prompt.rule)
        value = choice.value
        if isinstance(value, Reroll) and value.whole:
            return Explained("Throw every die of this roll again and take the new result, whatever it is; the grant is spent.", rules)
        if isinstance(value, Reroll) and value.die is not None:
            return Explained("Throw this one die again and keep the new face, even if it is worse; the grant is spent.", rules)
        return Explained("Accept the dice as they fell and keep the re-roll for a later roll.", rules)
    if isinstance(prompt, DicePrompt):
        return Explained("Enter what the real dice on the table show; the game checks the faces and goes on with them.", _rules(prompt.rule))
    return None


def explainers_of(game: Game, prompt: Prompt) -> tuple[Explainer, ...]:
    """Who explains the options of ``prompt``, asked in turn until one has words: the rule set
    or module whose prompt it is, then (for the core's prompts) the rule set and the core."""
    owner: Explainer | None = None
    if prompt.namespace == game.ruleset.namespace:
        owner = game.ruleset.explainer()
    elif prompt.namespace in game.modules:
        owner = game.modules[prompt.namespace].module.explainer()
    else:
        owner = game.ruleset.explainer()
    return (*((owner,) if owner is not None else ()), explain_core)


def explained(prompt: Prompt, part: str, choice: Any, explainers: tuple[Explainer, ...]) -> Explained | None:
    """The first explainer's words for one option (None when none has any: the conformance test
    fails on that)."""
    for explain in explainers:
        got = explain(prompt, part, choice)
        if got is not None:
            return got
    return None
