"""Which kinds of action a player takes, against the kinds the rules offered it: a census.

A heuristic that never boards, never opens a cage or never casts a spell leaves part of the
rulebook unplayed, and a balance study over its games says nothing about those rules.  The
census plays seeded games and, at every decision of the seats it watches, counts each *kind*
of answer the listing offered and the kind the player chose.

An answer's kind is the rule it plays, as the rule set's own explanations say (the rule IDs
each listed option carries, :mod:`grapeshot.core.explain`): "fire the stern chaser with
grapeshot" is one kind with every other grapeshot shot.  That asks nothing of a rule set it does
not already give the table.  A prompt whose answer is built of several parts (a seat's orders
for each of its ships) is counted part by part: an option is the one chosen when the player's
answer bears its mark (what changes in the answer when that part alone takes it), the part's
first option when none of the others' marks is borne.
The decline of a part (its first option, by the listings' convention, such as "hold fire")
counts like any other.

A kind offered at least ``offered`` times over the games and never chosen is *unplayed*.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grapeshot.agents import make, play_until
from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Player
from grapeshot.core.choices import Choices
from grapeshot.core.explain import Explainer, explained, explainers_of
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import Scenario

#: the most options of one part looked at for one decision (a continuous part's grid is cut)
MOST_OPTIONS = 400
#: the fewest offers a kind needs over the games before "never chosen" means anything
OFFERED = 5


@dataclass
class Census:
    """Counts over the games: each kind (rule ID) offered and chosen, by prompt class."""

    games: int = 0
    decisions: int = 0
    offered: Counter[str] = field(default_factory=Counter)
    chosen: Counter[str] = field(default_factory=Counter)
    #: the prompt classes each kind was offered at
    where: dict[str, set[str]] = field(default_factory=dict)

    def unplayed(self, offered: int = OFFERED) -> list[str]:
        """The kinds offered at least ``offered`` times and never chosen, most offered first."""
        return sorted((k for k, n in self.offered.items() if n >= offered and not self.chosen[k]), key=lambda k: (-self.offered[k], k))

    def rows(self) -> list[tuple[str, int, int, str]]:
        """(kind, times offered, times chosen, where) for every kind, most offered first."""
        return [(k, n, self.chosen[k], ", ".join(sorted(self.where.get(k, ())))) for k, n in sorted(self.offered.items(), key=lambda kv: (-kv[1], kv[0]))]


def _kinds(prompt: Prompt, part: str, choice: Any, explainers: tuple[Explainer, ...]) -> tuple[str, ...]:
    """An option's kind: the rules its explanation names (none where it has no words)."""
    got = explained(prompt, part, choice, explainers)
    return got.rules if got is not None else ()


def _count(census: Census, game: Game, seat: str, prompt: Prompt, choices: Choices, action: Action) -> None:
    kind = type(prompt).__name__
    census.decisions += 1
    if len(choices.parts) == 1:
        part = choices.parts[0]
        options = part.options[:MOST_OPTIONS]
        chosen = [c for c in options if _whole(choices, c.value) == action]
        _tally(census, game, prompt, part.key, options, chosen, kind)
        return
    # several parts: the player's pick of each part is the option whose own mark on the answer
    # (what changes in it when that part alone takes the option) the player's answer bears
    base = [p.options[0].value if p.options else None for p in choices.parts]
    mine = _leaves(action.to_json())
    for i, part in enumerate(choices.parts):
        options = part.options[:MOST_OPTIONS]
        if not options:
            continue
        plain = _built(choices, base, i, base[i])
        chosen = [c for c in options[1:] if _bears(mine, plain, _built(choices, base, i, c.value))]
        _tally(census, game, prompt, part.key, options, chosen or options[:1], kind)


def _whole(choices: Choices, value: Any) -> Action | None:
    try:
        return choices.build([value])
    except (AssertionError, ValueError, TypeError, KeyError, IndexError):
        return None


def _built(choices: Choices, base: Sequence[Any], index: int, value: Any) -> dict[str, Any]:
    try:
        return _leaves(choices.with_part(base, index, value).to_json())
    except (AssertionError, ValueError, TypeError, KeyError, IndexError):
        return {}


#: no value at a path
_NONE = object()


def _bears(mine: Mapping[str, Any], plain: Mapping[str, Any], built: Mapping[str, Any]) -> bool:
    """Whether the answer ``mine`` has what the option put into ``built`` (where it differs from
    the answer with that part's first option, ``plain``)."""
    mark = {k: v for k, v in built.items() if plain.get(k, _NONE) != v}
    return bool(mark) and all(mine.get(k, _NONE) == v for k, v in mark.items())


def _leaves(data: Any, at: str = "") -> dict[str, Any]:
    """A JSON value as its leaves by path (``orders.2.card``)."""
    if isinstance(data, Mapping):
        out: dict[str, Any] = {}
        for k, v in data.items():
            out.update(_leaves(v, f"{at}.{k}" if at else str(k)))
        return out
    if isinstance(data, list | tuple):
        out = {}
        for k, v in enumerate(data):
            out.update(_leaves(v, f"{at}.{k}" if at else str(k)))
        return out
    return {at: data}


def _tally(census: Census, game: Game, prompt: Prompt, part: str, options: Sequence[Any], chosen: Sequence[Any], where: str) -> None:
    explainers = explainers_of(game, prompt)  # asked once for all the part's options
    offered: set[str] = set()
    for c in options:
        offered.update(_kinds(prompt, part, c, explainers))
    for k in offered:
        census.offered[k] += 1
        census.where.setdefault(k, set()).add(where)
    taken: set[str] = set()
    for c in chosen[:1]:
        taken.update(_kinds(prompt, part, c, explainers))
    for k in taken:
        census.chosen[k] += 1


class Counting:
    """A seat's player whose answers, where the seat is watched, are counted against the listing
    it was offered (the player never sees the count)."""

    def __init__(self, census: Census, player: Player, watched: bool) -> None:
        self.census = census
        self.player = player
        self.watched = watched
        self.name = player.name

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        action = self.player.act(game, seat, prompt)
        if self.watched:
            try:
                choices = prompt.legal(seat)
            except NotImplementedError:
                return action
            _count(self.census, game, seat, prompt, choices, action)
        return action


def take(
    ruleset: str,
    scenario: Scenario,
    seeds: Iterable[int],
    player: str = "heuristic",
    *,
    watch: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 20_000,
) -> Census:
    """A census of ``player``'s answers (every seat playing it) over one game a seed."""
    census = Census()
    for seed in seeds:
        game = Game(ruleset, scenario, seed=seed, options=dict(options or {}))
        seats = [s.id for s in scenario.seats]
        agents = {s: Counting(census, make(player, seed * 31 + i, game.ruleset), watch is None or s in watch) for i, s in enumerate(seats)}
        play_until(game, agents, max_steps=max_steps)
        census.games += 1
    return census
