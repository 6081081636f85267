"""A game: scenario + options + dice + the list of actions, and the flow that runs them.

The ruleset's ``play`` generator is the resolution stack: it resolves rules in
order and, whenever a seat must decide (or a person must type dice), yields a
:class:`~grapeshot.core.prompts.Prompt` and waits.  :meth:`Game.submit` is the
one way to change a game: it checks the action against the prompt, records
it, and runs the rules on to the next prompt.  So a game is fully given by
its scenario, options, seed and action list, which is what a save holds; a
load replays it to the identical event log.

Simultaneous prompts (sealed manoeuvre orders) collect one action per seat
and release them together; until then no seat's view holds another's.

A game may also carry rule modules (:mod:`grapeshot.core.module`) beside its rule
set, and be copied without replaying it from the start: the rule set's flow
marks the points where it can resume (:meth:`Game.checkpoint`), and
:meth:`Game.copy` starts a copy there and replays only the actions since.

A game that publishes a commitment to its seed (``salt``) has two saves:
:meth:`Game.save` holds everything and is the owner's, :meth:`Game.public_save` holds
what everyone at the table may know (while the game runs: no seed and no sealed action not
yet revealed, the rolls made so far instead; once it is over, everything).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar, cast

from grapeshot.core import setups
from grapeshot.core.actions import Action, EnterDice, Reroll, decode
from grapeshot.core.commitment import seed_commitment
from grapeshot.core.contract import HOST, VIEW
from grapeshot.core.errors import IllegalAction, ScenarioError
from grapeshot.core.events import Event
from grapeshot.core.module import Module, Procedure, get_module
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.core.ruleset import Outcome, Ruleset, get, resolve_options
from grapeshot.core.scenario import Scenario
from grapeshot.core.snapshot import Start
from grapeshot.dice import (
    ARTILLERY_DIE,
    SCATTER_DIE,
    SUSTAINED_DIE,
    ContinuedDice,
    DiceExpr,
    DiceSource,
    RerollGrant,
    Roll,
    RollRequest,
    SeededDice,
    apply_reroll,
    reroll_request,
)

SAVE_FORMAT = "grapeshot-save"
#: 2: saves name the modules in play (version 1 saves, which had none, load as they are)
#: 3: saves record the rules' revisions, a trace of the log, the latest snapshot and any base
#: (version 1 and 2 saves have none: revision 0, replayed as they are)
SAVE_VERSION = 3
READ_VERSIONS = (1, 2, 3)

Proc = Generator[Prompt, Any, Any]


@dataclass
class ModuleRun:
    """A module in play in one game: the module, its host adapter, its options and state."""

    module: Module
    host: object
    options: dict[str, object]
    state: Any = None


@dataclass(frozen=True)
class Checkpoint:
    """Where a game's flow can start again: the state there, and how far the game had got."""

    point: Hashable
    actions: int
    events: int
    turn: int
    phase: str
    rolls: int
    rolled: int  # len(Game.rolled) there
    steps: int
    state: Any
    modules: tuple[tuple[str, Any], ...]
    dice: object | None


#: re-rolls of one roll after which a ruleset that keeps granting them is taken to be broken
MAX_REROLLS = 64

P = ParamSpec("P")
R = TypeVar("R")


def _reroll_text(grant: RerollGrant, request: RollRequest, roll: Roll) -> str:
    if not grant.whole:
        return f"re-roll one die of {roll.expr} = {list(roll.faces)} for {request.purpose}?"
    why = " (it failed)" if grant.on_failure else ""
    return f"re-roll {roll.expr} = {list(roll.faces)}{why} for {request.purpose} ({grant.rule})?"


def _reading(expr: DiceExpr, roll: Roll) -> dict[str, Any]:
    """What a roll's event says beside its faces and total: for a scatter die hit or direction,
    for an artillery die whether it misfired, for sustained-fire dice how many jammed."""
    out: dict[str, Any] = {}
    if expr.kind == "sum" or expr.kind == "tens":
        return out
    dice = expr.dice()
    if SCATTER_DIE in dice:
        out["hit"] = roll.direction is None
        out["direction"] = None if roll.direction is None else round(roll.direction, 3)
    if ARTILLERY_DIE in dice:
        out["misfire"] = roll.misfire
    if SUSTAINED_DIE in dice:
        out["jams"] = roll.jams
    return out


class Game:
    """One game in progress (or finished)."""

    def __init__(
        self,
        ruleset: Ruleset | str,
        scenario: Scenario,
        options: Mapping[str, object] | None = None,
        seed: int | None = 0,
        *,
        dice: DiceSource | None = None,
        given: Sequence[Roll] = (),
        salt: str | None = None,
        commitment: str | None = None,
        companion: bool = False,
        hands: Sequence[str] = (),
        log: bool = True,
        modules: Sequence[str] = (),
        checkpoints: bool = True,
        options_source: str = "options",
        start: Start | None = None,
    ) -> None:
        self.ruleset = get(ruleset) if isinstance(ruleset, str) else ruleset
        try:
            named: Ruleset | None = get(scenario.ruleset)
        except ValueError:
            named = None
        if named is not self.ruleset:
            raise ScenarioError(scenario.source, "ruleset", f"{self.ruleset.name!r} (the ruleset being played)", scenario.ruleset)
        self.scenario = scenario
        wanted = list(dict.fromkeys([*scenario.modules, *modules]))
        mods: dict[str, Module] = {}
        for name in wanted:
            try:
                mod = get_module(name)
            except ValueError as err:
                raise ScenarioError(scenario.source, "modules", "an installed rule module", str(err)) from None
            mods[mod.name] = mod
        # the scenario's options, then the caller's (house rules) over them, each checked against
        # its own source, so an error names the one it is in
        scenario_options = self._resolve_options(scenario.options, scenario.source, mods)
        self.options, by_module = self._resolve_options(options or {}, options_source, mods, scenario_options)
        self.modules: dict[str, ModuleRun] = {}
        for mod in mods.values():
            host = self.ruleset.offer(HOST, mod.name, self)
            refused = f"{self.ruleset.name} offers no host for it" if host is None else mod.refusal(host)
            if refused is not None:
                raise ScenarioError(scenario.source, "modules", f"a module {self.ruleset.name} can host ({mod.name}: {refused})", mod.name)
            self.modules[mod.name] = ModuleRun(mod, host, by_module[mod.name])
            self.options.update({f"{mod.name}.{k}": v for k, v in by_module[mod.name].items()})
        self.namespaces = (self.ruleset.namespace, *self.modules)
        # None: the seed is secret (a game rebuilt from a save of a game still running: it has the
        # rolls made so far, ``given``, and can roll no more)
        self.seed = seed
        self.given = tuple(given)
        self.salt = salt
        self.commitment = seed_commitment(seed, salt) if seed is not None and salt is not None else commitment
        self.companion = companion
        # the people at a physical table; an AI seat's dice and models are handled by the first of them
        self.hands = tuple(hands)
        built: SeededDice | ContinuedDice | None = None  # dice of the game's own seed and rolls (a source passed in is not)
        if dice is None:
            then = None if seed is None else SeededDice(seed)
            dice = built = then if then is not None and not self.given else ContinuedDice(self.given, then)
        if start is not None and start.dice is not None and built is not None:
            try:  # the dice stand where they stood at the snapshot
                dice = built = built.restored(start.dice)
            except (TypeError, ValueError, AssertionError) as err:
                raise ScenarioError(scenario.source, "snapshot.dice", "the dice's state where the snapshot was taken", str(err)) from None
        self.dice: DiceSource = dice
        self._own_dice = built
        self.rolled: list[Roll] = []  # every roll the dice made, in order (companion play types them as actions)
        self.logging = log
        self.events: list[Event] = []
        self.actions: list[tuple[str, Action]] = []
        #: the number of events in the log after each action (a save's trace is made from them)
        self.marks: list[int] = []
        #: where the game began, when it goes on from a snapshot rather than its scenario's set-up
        self.start = start
        self.turn = 0
        self.phase = "setup"
        self.rolls = 0
        self.steps = 0
        if start is None:
            self.state = setups.initial_state(self.ruleset, scenario, self.options)
            for run in self.modules.values():
                run.state = run.module.setup(self, run.host)
        else:
            self._take_over(start)
        self.prompt: Prompt | None = None
        self.outcome: Outcome | None = None
        self._sealed: dict[str, Action] = {}
        self.checkpointing = checkpoints
        #: the checkpoints kept: only the latest, unless ``keep_checkpoints`` (undo and replays at the table)
        self.keep_checkpoints = False
        self._checkpoints: list[Checkpoint] = []
        #: for a copy: the number of actions it took over from its checkpoint (``None``: replayed whole)
        self.resumed_at: int | None = None
        self._flow = self.ruleset.play(self) if start is None else self.ruleset.resume(self, start.point)
        self._advance(None)

    def _take_over(self, start: Start) -> None:
        """Stand where a snapshot says: its state, its modules' states, its counters (the flow
        then resumes at its point, and the log opens with a ``resumed`` event saying why)."""
        if set(start.modules) != set(self.modules):
            raise ScenarioError(self.scenario.source, "snapshot.modules", f"the states of the modules in play {sorted(self.modules)}", sorted(start.modules))
        self.state = self.ruleset.clone_state(start.state)
        for name, run in self.modules.items():
            run.state = run.module.clone_state(start.modules[name])
        self.turn, self.phase, self.rolls, self.steps = start.turn, start.phase, start.rolls, start.steps
        problems = self.broken()
        if problems:
            raise ScenarioError(self.scenario.source, "snapshot.state", "a state the rules hold to", "; ".join(problems[:3]))
        self.emit("resumed", None, played=len(start.history), rules=dict(start.rules), note=start.note)

    # ------------------------------------------------------------------ modules

    def _resolve_options(
        self, given: Mapping[str, object], source: str, mods: Mapping[str, Module], base: tuple[dict[str, object], dict[str, dict[str, object]]] | None = None
    ) -> tuple[dict[str, object], dict[str, dict[str, object]]]:
        """The rule set's options and each module's (``module.name`` keys) from ``given`` over the
        defaults (or ``base``, an earlier result), every given value checked against ``source``;
        refuses a key of neither."""
        own: dict[str, object] = {}
        by_module: dict[str, dict[str, object]] = {name: {} for name in mods}
        for key, value in given.items():
            prefix, dot, rest = key.partition(".")
            if not dot:
                own[key] = value
            elif prefix in by_module:
                by_module[prefix][rest] = value
            else:
                raise ScenarioError(source, f"options.{key}", f"an option of {self.ruleset.name} or of a module in play {list(mods)}", key)
        own_base, mod_base = base if base is not None else (None, {})
        resolved = self.ruleset.resolve_options(own, source, own_base)
        return resolved, {
            name: resolve_options(name, mod.options, by_module[name], source, prefix=f"{name}.", base=mod_base.get(name)) for name, mod in mods.items()
        }

    def broken(self) -> list[str]:
        """What the rule set's invariants and those of the modules in play find wrong now (empty
        when all holds): what the soak, ``grapeshot simulate --check`` and the conformance
        suite ask after every action."""
        return [*self.ruleset.invariants(self), *(p for run in self.modules.values() for p in run.module.invariants(self))]

    def procedure(self, handle: Procedure[P, R]) -> Callable[P, R] | None:
        """The step of a module in play that ``handle`` names and that takes over the host's rule
        there, typed as the handle declares it; ``None`` where no module in play answers (the
        host then runs its own rule)."""
        for run in self.modules.values():
            proc = run.module.procedures().get(handle.name)
            if proc is not None:
                return cast("Callable[P, R]", proc)
        return None

    def module(self, name: str) -> ModuleRun | None:
        return self.modules.get(name)

    def decode(self, data: object) -> Action:
        """An action from its JSON form, read in this game's namespaces (its rule set's, its modules')."""
        return decode(data, self.namespaces)

    # ------------------------------------------------------------------ the log

    def emit(self, kind: str, rule: str | None = None, visible_to: tuple[str, ...] | None = None, **data: Any) -> None:
        """Append an event (a no-op when logging is off, as in bulk simulation)."""
        if self.logging:
            self.events.append(Event(len(self.events), self.turn, self.phase, kind, rule, data, visible_to))

    def begin_phase(self, phase: str, rule: str | None = None) -> None:
        self.phase = phase
        self.emit("phase", rule, name=phase)

    # ------------------------------------------------------------------ dice

    def roll(self, request: RollRequest) -> Generator[Prompt, Any, Roll]:
        """Make a roll for a rule: from the dice source, or typed by a person in companion play.

        Every roll is logged with its expression, faces, total, purpose and rule.  Then the
        ruleset is asked for a re-roll grant (``reroll_grant``): one die or the whole roll,
        perhaps only when the roll failed its test.  The seat is offered it; a re-roll taken
        is drawn like any roll, stands, and is logged as a ``reroll`` event, and the ruleset
        is asked again (a rule may grant several), until it grants none or the seat keeps
        the roll.
        """
        self.rolls += 1
        if self.companion:
            result = yield from self._draw(request)
        else:
            result = self.dice.roll(request)
            self.rolled.append(result)
        if self.logging:
            self._log_roll(request, result)
        grant = self.ruleset.reroll_grant(self, request, result)
        offers = 0
        while grant is not None and grant.applies(request, result):
            offers += 1
            if offers > MAX_REROLLS:
                raise RuntimeError(f"{self.ruleset.name} granted more than {MAX_REROLLS} re-rolls of {request.purpose!r}: does spend_reroll record them?")
            choice = yield RerollPrompt(
                seats=(grant.seat,),
                rule=grant.rule,
                text=_reroll_text(grant, request, result),
                accepts=(Reroll,),
                roll=result,
                request=request,
                grant=grant,
            )
            assert isinstance(choice, Reroll)
            if not choice.takes:
                break
            self.ruleset.spend_reroll(self, request, grant)
            die = None if grant.whole else choice.die
            again = yield from self._draw(reroll_request(request, grant, die))
            result = apply_reroll(result, die, again)
            if self.logging:
                self._log_reroll(request, grant, die, result)
            grant = self.ruleset.reroll_grant(self, request, result)
        return result

    def _draw(self, request: RollRequest) -> Generator[Prompt, Any, Roll]:
        """The faces of one roll: from the dice source, or asked of a person in companion play."""
        if not self.companion:
            result = self.dice.roll(request)
            self.rolled.append(result)
            return result
        p = DicePrompt(
            seats=(self.hand_for(request.seat or self.ruleset.seats_of(self.state)[0]),),
            rule=request.rule,
            text=f"roll {request.expr} for {request.purpose}",
            accepts=(EnterDice,),
            request=request,
        )
        answer = yield p
        return p.parsed.pop(id(answer), None) or request.expr.parse_faces(answer.text)

    def hand_for(self, seat: str) -> str:
        """Whose hand does a physical job (rolling, placing a model) for ``seat`` in companion play.

        A person does their own; an AI seat has no hands, so the first person at the
        table does it for them. Without ``hands`` every seat is taken to be a person.
        """
        return seat if not self.hands or seat in self.hands else self.hands[0]

    @property
    def replays_itself(self) -> bool:
        """Whether replaying the actions (:meth:`copy`) rebuilds this game: its dice are typed in,
        or are the ones of its own seed and rolls (not scripted dice, nor a source swapped in)."""
        return self.companion or self.dice is self._own_dice

    def _log_roll(self, request: RollRequest, result: Roll) -> None:
        data: dict[str, Any] = {"expr": result.expr, "faces": list(result.faces), "total": result.total, "purpose": request.purpose}
        data.update(_reading(request.expr, result))
        if request.seat is not None:
            data["seat"] = request.seat
        self.emit("roll", request.rule, (request.seat,) if request.private and request.seat is not None else None, **data)

    def _log_reroll(self, request: RollRequest, grant: RerollGrant, die: int | None, result: Roll) -> None:
        data: dict[str, Any] = {
            "seat": grant.seat,
            "die": die,
            "expr": result.expr,
            "faces": list(result.faces),
            "total": result.total,
            "direction": None if result.direction is None else round(result.direction, 3),
            "purpose": request.purpose,
        }
        if grant.rule is not None:  # the older single-die hook's events (Jim Lad's) keep their form
            data["granted_by"] = grant.rule
            data.update(_reading(request.expr, result))
        self.emit("reroll", request.rule, (grant.seat,) if request.private else None, **data)

    # ------------------------------------------------------------------ decisions

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def waiting_for(self) -> tuple[str, ...]:
        """The seats the game is waiting for now (empty when over)."""
        if self.prompt is None:
            return ()
        return tuple(s for s in self.prompt.seats if s not in self._sealed)

    def prompt_for(self, seat: str) -> Prompt | None:
        return self.prompt if seat in self.waiting_for() else None

    def submit(self, seat: str, action: Action) -> None:
        """Take one seat's action: check it, record it, and run the rules on."""
        if self.prompt is None:
            raise IllegalAction("the game is over; no more actions are accepted")
        if seat in self._sealed:
            raise IllegalAction(f"{seat} has already submitted for this step; waiting for {', '.join(self.waiting_for())}")
        self.prompt.check(seat, action)
        self.actions.append((seat, action))
        if self.prompt.simultaneous:
            self._sealed[seat] = action
            self.emit("sealed", None, seat=seat, prompt=self.prompt.kind)
            if len(self._sealed) < len(self.prompt.seats):
                self.marks.append(len(self.events))
                return
            answer: object = dict(self._sealed)
            self._sealed = {}
        else:
            answer = action
        try:
            self._advance(answer)
        finally:
            self.marks.append(len(self.events))

    def sealed_by(self, seat: str) -> Action | None:
        """A seat's own sealed, not yet revealed action (only ever shown to that seat)."""
        return self._sealed.get(seat)

    def _advance(self, answer: object) -> None:
        try:
            self.prompt = self._flow.send(answer) if answer is not None else next(self._flow)
            self.steps += 1
        except StopIteration as stop:
            self.prompt = None
            self.outcome = stop.value
            ended = self.outcome.to_json() if self.outcome else {}
            self.emit("game-over", None, winners=ended.get("winners", []), objective=ended.get("objective"), detail=ended.get("detail", ""))

    # ------------------------------------------------------------------ views

    def view(self, seat: str | None, since: int = 0) -> dict[str, Any]:
        """What one seat (or a spectator, ``None``) may see: state, prompt, the log from event
        ``since`` on (a page that has the rest asks only for what is new); never others' sealed orders."""
        prompt = self.prompt_for(seat) if seat is not None else None
        own = self.sealed_by(seat) if seat is not None else None
        return {
            "ruleset": self.ruleset.name,
            "scenario": self.scenario.name,
            "turn": self.turn,
            "phase": self.phase,
            "state": self._state_view(seat),
            "waiting_for": list(self.waiting_for()),
            "prompt": prompt.describe() if prompt is not None else None,
            "sealed": own.to_json() if own is not None else None,
            "outcome": self.outcome.to_json() if self.outcome else None,
            "log": [e.to_json() for e in self.events[max(0, since) :] if e.visible(seat)],
        }

    def _state_view(self, seat: str | None) -> dict[str, Any]:
        state = self.ruleset.view(self.state, seat)
        if self.modules:
            state = {**state, "modules": {name: run.module.offer(VIEW, run.state, seat) or {} for name, run in self.modules.items()}}
        return state

    # ------------------------------------------------------------------ checkpoints and copies

    def checkpoint(self, point: Hashable) -> None:
        """The rule set's flow may start again from here (:meth:`Ruleset.resume` with ``point``).

        A flow calls it only where everything it will need is in the state (not in its local
        variables) and no answer is half used: at the start of a phase, say.
        """
        if not self.checkpointing:
            return
        snap = getattr(self.dice, "snapshot", None)
        cp = Checkpoint(
            point,
            len(self.actions),
            len(self.events),
            self.turn,
            self.phase,
            self.rolls,
            len(self.rolled),
            self.steps,
            self.ruleset.clone_state(self.state),
            tuple((name, run.module.clone_state(run.state)) for name, run in self.modules.items()),
            snap() if snap is not None else None,
        )
        if self.keep_checkpoints:
            self._checkpoints.append(cp)
        else:
            self._checkpoints = [cp]

    def latest_start(self, upto: int) -> tuple[int, Start] | None:
        """The latest checkpoint among the first ``upto`` actions, as a snapshot a save keeps
        (with how many actions lie before it); ``None`` without one the dice can start from."""
        cp = next((c for c in reversed(self._checkpoints) if c.actions <= upto and (c.dice is not None or self.companion)), None)
        if cp is None:
            return None
        return cp.actions, Start(cp.point, cp.turn, cp.phase, cp.rolls, cp.steps, cp.state, dict(cp.modules), cp.dice, cp.rolled)

    def copy(self, *, log: bool | None = None, upto: int | None = None, without_sealed_of: Collection[str] = ()) -> Game:
        """A new game where this one stands (or after its first ``upto`` actions).

        The copy starts from the latest checkpoint at or before that point and replays only the
        actions since, so its cost does not grow with the length of the game; a game without a
        usable checkpoint is replayed from the start instead.  ``without_sealed_of`` leaves out
        those seats' sealed orders not yet revealed (the copy then waits for them again).  The
        copy has the same dice source, standing where this one's stood.
        """
        if not (isinstance(self.dice, SeededDice | ContinuedDice) or self.companion):
            raise ValueError("only games with seeded or entered dice can be copied (scripted dice cannot be replayed)")
        end = len(self.actions) if upto is None else upto
        if not 0 <= end <= len(self.actions):
            raise ValueError(f"upto must be between 0 and {len(self.actions)}, not {end}")
        log = self.logging if log is None else log
        first_sealed = len(self.actions) - len(self._sealed)
        skip = {i for i in range(first_sealed, len(self.actions)) if self.actions[i][0] in without_sealed_of}
        cp = next((c for c in reversed(self._checkpoints) if c.actions <= end), None)
        usable = cp is not None and (cp.dice is not None or self.companion) and (self.logging or not log)
        if cp is None or not usable:
            return self._replayed(end, log, skip)
        g: Game = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.logging = log
        g.events = list(self.events[: cp.events]) if log else []
        g.actions = list(self.actions[: cp.actions])
        g.marks = list(self.marks[: cp.actions])
        g.turn, g.phase, g.rolls, g.steps = cp.turn, cp.phase, cp.rolls, cp.steps
        g.rolled = list(self.rolled[: cp.rolled])
        g.state = self.ruleset.clone_state(cp.state)
        g.modules = {name: ModuleRun(run.module, run.host, run.options, run.module.clone_state(dict(cp.modules)[name])) for name, run in self.modules.items()}
        if cp.dice is not None:
            dice = self.dice.restored(cp.dice)  # type: ignore[attr-defined]
            g.dice = dice
            g._own_dice = dice if self.dice is self._own_dice else None
        g.prompt, g.outcome, g._sealed = None, None, {}
        g._checkpoints = [c for c in self._checkpoints if c.actions <= cp.actions] if self.keep_checkpoints else [cp]
        g.resumed_at = cp.actions
        g._flow = self.ruleset.resume(g, cp.point)
        g._advance(None)
        for i in range(cp.actions, end):
            if i not in skip:
                g.submit(*self.actions[i])
        return g

    def _replayed(self, end: int, log: bool, skip: Collection[int]) -> Game:
        g = Game(
            self.ruleset,
            self.scenario,
            self.options,
            self.seed,
            given=self.given,
            salt=self.salt,
            commitment=self.commitment,
            companion=self.companion,
            hands=self.hands,
            log=log,
            modules=tuple(self.modules),
            checkpoints=self.checkpointing,
            start=self.start,
        )
        g.keep_checkpoints = self.keep_checkpoints
        for i, (seat, action) in enumerate(self.actions[:end]):
            if i not in skip:
                g.submit(seat, action)
        return g

    # ------------------------------------------------------------------ saves (core/saves.py)

    def save(self) -> dict[str, Any]:
        """The whole game as JSON data: replaying its actions rebuilds it exactly.  It holds the
        seed and any sealed orders not yet revealed: the owner's file (see :meth:`public_save`)."""
        from grapeshot.core import saves

        return saves.save(self)

    def public_save(self) -> dict[str, Any]:
        """What everyone at the table may know, as a save: while the game runs, no seed and no
        sealed order not yet revealed (:func:`grapeshot.core.saves.public_save`)."""
        from grapeshot.core import saves

        return saves.public_save(self)

    @classmethod
    def load(cls, data: object, source: str = "save") -> Game:
        """Rebuild a game from :meth:`save` (or :meth:`public_save`) data by replaying its actions."""
        from grapeshot.core import saves

        return saves.load(data, source)


def replay(data: Mapping[str, Any], recorded: list[dict[str, Any]] | None = None, source: str = "save") -> Game:
    """Replay a save and check it against what it records (:func:`grapeshot.core.saves.replay`)."""
    from grapeshot.core import saves

    return saves.replay(data, recorded, source)


def log_comparable(data: Mapping[str, Any], ruleset: Ruleset) -> bool:
    """Whether a save's log is in its rule set's present event schema (:func:`grapeshot.core.saves.log_comparable`)."""
    from grapeshot.core import saves

    return saves.log_comparable(data, ruleset)
