"""Private runs of a rule procedure: the sandbox game, its re-roll policies, and the runner.

The odds of an action come from running the rule procedure that resolves it, once per way the
dice can fall, on a private copy of the game's state.  :class:`Sandbox` is a
:class:`~grapeshot.core.game.Game` built once from the real one (no ``Game.__init__`` per
path): for each run it gets a fresh copy of the state (the rule set's own ``clone_state``, by
default :func:`grapeshot.core.clone.clone`, which copies what is mutable and shares what is
not), a dice source, and logging off.  The few events an outcome is read from (a rule set
names them: ``hear``) are kept as they are emitted.

Prompts inside a procedure: re-roll offers are answered by the sandbox's :class:`RerollPolicy`
(:data:`DECLINE`, the default, declines every offer; :data:`TAKE_ON_FAILURE` takes every
re-roll granted on a failed test, the whole roll or its worst die); any other prompt stops the
calculation with :class:`~grapeshot.odds.errors.OddsError`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from grapeshot.core.actions import Action, Reroll
from grapeshot.core.game import Game, ModuleRun
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.dice import DiceSource, worst_die
from grapeshot.odds.errors import OddsError

Proc = Generator[Prompt, Any, Any]
#: the events a run heard: (kind, data) in the order they were emitted
Heard = list[tuple[str, dict[str, Any]]]
S = TypeVar("S")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class RerollPolicy:
    """How a sandbox answers re-roll offers, with the sentence an answer states it under."""

    name: str
    text: str
    answer: Callable[[RerollPrompt], Reroll]


def _decline(prompt: RerollPrompt) -> Reroll:
    return Reroll(None)


def _take_on_failure(prompt: RerollPrompt) -> Reroll:
    roll, request = prompt.roll, prompt.request
    assert roll is not None and request is not None
    if prompt.grant is None or not prompt.grant.on_failure:
        return Reroll(None)
    return Reroll(whole=True) if prompt.whole else Reroll(worst_die(request, roll))


#: the default: no re-roll is taken
DECLINE = RerollPolicy("decline", "re-roll offers are declined", _decline)
#: a re-roll granted on a failed test is always taken: the whole roll, or its worst die
TAKE_ON_FAILURE = RerollPolicy("take-on-failure", "every re-roll granted on a failed test is taken", _take_on_failure)
POLICIES = {p.name: p for p in (DECLINE, TAKE_ON_FAILURE)}


class Sandbox(Game):
    """A game for private runs of rule procedures: shares the real game's rule set, options and
    modules, takes a state and a dice source per run, logs nothing, and keeps the events of the
    kinds in ``hear`` (in :attr:`heard`).  Built without ``Game.__init__`` (no setup, no flow).
    Re-roll offers inside a run are answered by its ``policy``."""

    def __init__(self, base: Game, policy: RerollPolicy = DECLINE, hear: Collection[str] = ()) -> None:  # deliberately not calling Game.__init__
        self.__dict__.update(base.__dict__)
        self.logging = False
        self.companion = False
        self.checkpointing = False
        self.events = []
        self.rolled = []  # the real game's record of its rolls is never written by private runs
        self.actions = []
        self.prompt = None
        self._sealed = {}
        self._checkpoints = []
        self.heard: Heard = []
        self.hear = frozenset(hear)
        self.policy = policy

    def emit(self, kind: str, rule: str | None = None, visible_to: tuple[str, ...] | None = None, **data: Any) -> None:
        if kind in self.hear:
            self.heard.append((kind, data))


def drive(proc: Proc, policy: RerollPolicy = DECLINE) -> Any:
    """Run a procedure to its end, answering its re-roll offers by ``policy``; any other prompt
    is an :class:`OddsError`."""
    try:
        prompt = next(proc)
        while True:
            if isinstance(prompt, RerollPrompt):
                answer: Action = policy.answer(prompt)
            else:
                raise OddsError(f"the procedure asked {prompt.kind} ({prompt.text!r}); the odds have no policy for it")
            prompt = proc.send(answer)
    except StopIteration as stop:
        return stop.value


class Runner(Generic[S, R]):
    """Runs one procedure on fresh copies of a base state (and of the state of each rule module in
    play), and sums up each run as an outcome.

    ``proc(game, state)`` is the procedure (run in the sandbox on the copy); :meth:`outcome`
    reads what a run did from the base state, the copy afterwards, the events heard and the
    procedure's return value (by default its return value alone).  A runner is what
    :func:`~grapeshot.odds.lazy.enumerate_outcomes` and :func:`~grapeshot.odds.montecarlo.solve`
    call with a dice source."""

    def __init__(self, game: Game, base: S, proc: Callable[[Game, S], Proc], *, policy: RerollPolicy = DECLINE, hear: Collection[str] = ()) -> None:
        self.sandbox = Sandbox(game, policy, hear)
        self.clone: Callable[[S], S] = game.ruleset.clone_state
        self.base = base
        self.proc = proc
        self.modules = dict(game.modules)

    def __call__(self, dice: DiceSource) -> R:
        state = self.clone(self.base)
        g = self.sandbox
        g.state = state
        g.dice = dice
        if self.modules:  # the modules in play keep state of their own: each run copies it too
            g.modules = {name: ModuleRun(run.module, run.host, run.options, run.module.clone_state(run.state)) for name, run in self.modules.items()}
        heard: Heard = []
        g.heard = heard
        g.rolled = []
        value = drive(self.proc(g, state), g.policy)
        return self.outcome(state, heard, value)

    def outcome(self, after: S, heard: Heard, value: Any) -> R:
        """What one run did; the default is the procedure's return value."""
        out: R = value
        return out
