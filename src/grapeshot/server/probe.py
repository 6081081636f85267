"""Probing a game as the web table shows it, after every action: the fuzz of views and listings.

The conformance suite and the soak (``bench/soak.py --views``) play games with the players of
:mod:`grapeshot.agents`, call a :class:`Probe` on the game at the start and hand it to
``play_out`` as its check.  At the start and after every action it builds every seat's and the spectator's view exactly as the server does
(:func:`grapeshot.server.views.build`: shapes, listings and all) and encodes it as JSON, and for
each seat the game waits on it puts answers to ``prompt.check``:

* **listed answers**, which must be accepted: answers ``choices.build`` makes of one option of
  each part (every combination, or :data:`LISTED` random ones when there are more), and answers
  ``choices.sample`` draws where a part is continuous (its draw over the whole range);
* **near misses**: a listed combination with one part's value swapped for a value of another
  part (of this listing or of an earlier one) or for a perturbed one (a number moved, a word
  changed, a flag turned over); a listed answer with one leaf of its JSON perturbed; and the last
  answers given in the game (to other prompts, by other seats).  Each is sent through
  :meth:`Game.decode` as a request's JSON would be; what does not decode is no answer.

**Inside and outside.**  A listing is *closed* when none of its parts has a random draw (every
part's options are all the values it may take) and *enumerated* when, closed, it makes at most
:data:`ENUMERATED` answers.  An answer is *inside* an enumerated listing when its JSON, with every
list's items sorted (:func:`orderless`: naming a crew's units in another order is the same
answer), is that of one of the answers the listing makes, and *outside* it otherwise.  At an
enumerated listing, ``check`` must accept every near miss inside and refuse every one outside.
Elsewhere (a continuous part, or too many answers to enumerate) there is no telling a near miss
in or out by the listing, and ``check`` must only answer it: accept or refuse.

An answer's check may refuse (``IllegalAction``) or accept; anything else it raises is a fault,
and so is anything a listing, a draw or a view raises.  Every fault is counted by its kind, and
the first few of each kind are kept with the action they came after, the prompt and the error,
for the report.  The probe draws from its own generator; it never touches the game's dice, and
``check`` and ``legal`` only read the game, so the game it probes plays as it would unprobed.
"""

from __future__ import annotations

import contextlib
import json
import random
import traceback
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice, product
from typing import Any

from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt
from grapeshot.server import views

#: a closed listing with at most this many answers is enumerated, so any answer can be told in or out of it
ENUMERATED = 4096
#: the listed answers checked at each prompt (all of them when there are no more)
LISTED = 12
#: the random draws checked where a part is continuous
DRAWS = 3
#: the outside and foreign answers tried at each prompt
OUTSIDE = 8
#: the earlier answers and part values kept to swap in
POOL = 40
#: the examples kept of each kind of fault
EXAMPLES = 3


def canonical(action: Action) -> str:
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def orderless(action: Action) -> str:
    """The answer's canonical JSON with every list's items in sorted order: two answers that
    differ only in the order they name things (a ship's crew) are the same answer."""
    return json.dumps(_sorted(action.to_json()), sort_keys=True, separators=(",", ":"))


def _sorted(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _sorted(v) for k, v in data.items()}
    if isinstance(data, list):
        return sorted((_sorted(v) for v in data), key=lambda v: json.dumps(v, sort_keys=True))
    return data


@dataclass
class Tally:
    """What a probe did and found: the moments probed (``actions``: the start and after each
    action), views built, listings checked, answers put to ``check``, and faults by kind (with a
    few examples each)."""

    actions: int = 0
    views: int = 0
    listings: int = 0
    answers: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def fault(self, kind: str, where: str) -> None:
        self.faults[kind] += 1
        kept = self.examples.setdefault(kind, [])
        if len(kept) < EXAMPLES:
            kept.append(where)

    def add(self, other: Tally) -> None:
        self.actions += other.actions
        self.views += other.views
        self.listings += other.listings
        self.answers += other.answers
        self.faults.update(other.faults)
        for kind, kept in other.examples.items():
            mine = self.examples.setdefault(kind, [])
            mine += kept[: max(0, EXAMPLES - len(mine))]

    def lines(self) -> list[str]:
        """The tally in words, one line for the counts and one a kind of fault (with its examples)."""
        out = [
            f"{self.actions} actions probed, {self.views} views built, {self.listings} listings checked, "
            f"{self.answers} answers checked, {sum(self.faults.values())} faults"
        ]
        for kind, n in sorted(self.faults.items()):
            out.append(f"  {kind}: {n}")
            out += [f"    e.g. {e}" for e in self.examples.get(kind, [])]
        return out


def _error(err: BaseException) -> str:
    where = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    at = f" ({where.filename.rsplit('/src/', 1)[-1]}:{where.lineno})" if where is not None else ""
    return f"{type(err).__name__}: {err}{at}"


class Probe:
    """Called on the game at the start and by ``play_out`` after every action (see the module
    docstring); ``tally`` holds what it found.  ``label`` names the game in the faults' examples
    (scenario, seed)."""

    def __init__(self, seed: int, label: str = "") -> None:
        self.rng = random.Random(seed)
        self.label = label
        self.tally = Tally()
        #: the listings kept from one view to the next, as the server's table keeps them
        self.listings = views.Listings()
        self._since: dict[str | None, int] = {}
        self._answers: list[Action] = []  # the last answers given in the game
        self._values: list[Any] = []  # part values of earlier listings

    def __call__(self, game: Game) -> None:
        self.tally.actions += 1
        if game.actions:
            self._keep(self._answers, game.actions[-1][1])
        for viewer in [*(s.id for s in game.scenario.seats), None]:
            self._view(game, viewer)
        prompt = game.prompt
        if prompt is None or isinstance(prompt, DicePrompt):
            return
        for seat in game.waiting_for():
            try:
                got = self.listings.of(game, seat)
            except Exception as err:
                self._fault(game, "legal raised", prompt, seat, _error(err))
                continue
            if got is not None:
                self._listing(game, prompt, seat, got[0])

    # ------------------------------------------------------------------ views

    def _view(self, game: Game, viewer: str | None) -> None:
        since = self._since.get(viewer, 0)
        self._since[viewer] = len(game.events)
        try:
            v, faults = views.build(game, viewer, since, self.listings)
            json.dumps(v)
        except Exception as err:
            self._fault(game, "view raised", game.prompt, viewer, _error(err))
            return
        self.tally.views += 1
        for f in faults:
            if f.part != "legal":  # a listing that raises is counted once, below
                self._fault(game, f"{f.part} raised", game.prompt, viewer, f"{f.source}: {_error(f.error)}")

    # ------------------------------------------------------------------ listings

    def _listing(self, game: Game, prompt: Prompt, seat: str, choices: Choices) -> None:
        self.tally.listings += 1
        try:
            parts = [list(p.options) for p in choices.parts]
        except Exception as err:
            self._fault(game, "legal raised", prompt, seat, f"its options: {_error(err)}")
            return
        if choices.empty:
            self._fault(game, "no legal answer", prompt, seat, "every part of its listing is empty")
            return
        closed = [p.sample is None for p in choices.parts]
        count = choices.count
        enumerated = self._enumerated(game, prompt, seat, choices, parts) if all(closed) and count <= ENUMERATED else None
        # listed answers: each combination of options, or a random sample of them
        combos = list(product(*parts)) if count <= LISTED else [tuple(self.rng.choice(o) for o in parts) for _ in range(LISTED)]
        for combo in combos:
            values = [c.value for c in combo]
            action = self._built(game, prompt, seat, choices, values, "a listed combination")
            if action is not None:
                self._expect(game, prompt, seat, action, True, "listed")
        if not all(closed):
            for _ in range(DRAWS):
                try:
                    drawn = choices.sample(self.rng)
                except Exception as err:
                    self._fault(game, "draw raised", prompt, seat, _error(err))
                    break
                self._expect(game, prompt, seat, drawn, True, "drawn")
        # near misses: one part's value swapped for another part's (of this listing or an earlier
        # one) or a perturbed one, listed answers with a leaf of their JSON perturbed, and the
        # last answers given in the game, each decoded as a request would be
        near = [a for _ in range(OUTSIDE) if (a := self._swapped(game, choices, parts)) is not None]
        for _ in range(OUTSIDE // 2 if all(parts) else 0):  # a continuous part may list no options
            base = self._built(game, prompt, seat, choices, [self.rng.choice(o).value for o in parts], "a listed combination")
            if base is not None:
                with contextlib.suppress(IllegalAction):  # a request the server refuses before any rule sees it
                    near.append(game.decode(_perturb(base.to_json(), self.rng)))
        near += self._answers[-3:]
        for action in near:
            if enumerated is not None:  # in or out of the listing: check must agree
                self._expect(game, prompt, seat, action, orderless(action) in enumerated, "near-miss")
            else:  # no telling whether it is legal: check must at least answer
                self._verdict(game, prompt, seat, action)
        for o in parts:
            if o:
                self._keep(self._values, self.rng.choice(o).value)

    def _enumerated(self, game: Game, prompt: Prompt, seat: str, choices: Choices, parts: list[list[Choice]]) -> set[str] | None:
        out: set[str] = set()
        for combo in islice(product(*parts), ENUMERATED):
            action = self._built(game, prompt, seat, choices, [c.value for c in combo], "a listed combination")
            if action is None:
                return None
            out.add(orderless(action))
        return out

    def _swapped(self, game: Game, choices: Choices, parts: list[list[Choice]]) -> Action | None:
        """A listed combination with one part's value replaced (see :meth:`_listing`), as a request
        would carry it; None when those values make no answer a request could hold."""
        filled = [i for i, o in enumerate(parts) if o]
        if not filled:
            return None
        i = self.rng.choice(filled)
        base = [self.rng.choice(o).value if o else None for o in parts]
        others = [c.value for j, o in enumerate(parts) if j != i for c in o] + self._values
        swapped = self.rng.random() < 0.5 and others
        value = self.rng.choice(others) if swapped else _perturb_value(self.rng.choice(parts[i]).value, self.rng)
        try:
            return game.decode(choices.with_part(base, i, value).to_json())
        except Exception:
            return None  # values that make no answer of this prompt (another part's kind), or no request the server would take

    def _built(self, game: Game, prompt: Prompt, seat: str, choices: Choices, values: Sequence[Any], what: str) -> Action | None:
        try:
            return choices.build(values)
        except Exception as err:
            self._fault(game, "build raised", prompt, seat, f"{what}: {_error(err)}")
            return None

    # ------------------------------------------------------------------ verdicts

    def _verdict(self, game: Game, prompt: Prompt, seat: str, action: Action) -> tuple[bool | None, str]:
        """Whether ``check`` accepts the answer, and why not (None, and a fault, when it breaks)."""
        self.tally.answers += 1
        try:
            prompt.check(seat, action)
        except IllegalAction as err:
            return False, str(err)
        except Exception as err:
            self._fault(game, "check raised", prompt, seat, f"{canonical(action)}: {_error(err)}")
            return None, ""
        return True, ""

    def _expect(self, game: Game, prompt: Prompt, seat: str, action: Action, accepted: bool, what: str) -> None:
        verdict, why = self._verdict(game, prompt, seat, action)
        if verdict is None or verdict == accepted:
            return
        if accepted:
            self._fault(game, f"{what} answer refused", prompt, seat, f"{canonical(action)}: {why}")
        else:
            self._fault(game, f"{what} answer accepted, though outside the listing", prompt, seat, canonical(action))

    def _fault(self, game: Game, kind: str, prompt: Prompt | None, seat: str | None, detail: str) -> None:
        asked = f"{prompt.namespace} {prompt.kind}" if prompt is not None else "no prompt"
        label = f"{self.label}, " if self.label else ""
        self.tally.fault(f"{kind} ({asked})", f"{label}after action {len(game.actions)}, {seat or 'spectator'}: {detail}"[:600])

    def _keep(self, pool: list[Any], item: Any) -> None:
        pool.append(item)
        del pool[:-POOL]


def _perturb_value(value: Any, rng: random.Random) -> Any:
    """A value near ``value`` of the same type: a number moved, a word changed, a flag turned over,
    one element of a tuple (or one field of a record) perturbed."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((-1, 1, 2, -7, 1000))
    if isinstance(value, float):
        return value + rng.choice((-1.0, 0.5, 3.25, -40.0, 1e6))
    if isinstance(value, str):
        return rng.choice((value + "?", value.upper() if value != value.upper() else value.lower(), "", "nobody"))
    if isinstance(value, tuple) and value:
        k = rng.randrange(len(value))
        return (*value[:k], _perturb_value(value[k], rng), *value[k + 1 :])
    if isinstance(value, Action):
        return value  # an action's fields are perturbed in its JSON (``_perturb``)
    return value


def _perturb(data: Any, rng: random.Random) -> Any:
    """JSON data with one leaf perturbed (never the action's ``kind``)."""
    leaves = list(_leaves(data, ()))
    if not leaves:
        return data
    path = rng.choice(leaves)
    return _replace(data, path, _perturb_value(_get(data, path), rng))


def _leaves(data: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for k, v in data.items():
            if path == () and k == "kind":
                continue
            yield from _leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, (*path, i))
    else:
        yield path


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        data = data[k]
    return data


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _replace(data[head], rest, value)}
    out = list(data)
    out[head] = _replace(data[head], rest, value)
    return out
