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
"""

from __future__ import annotations

import json
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from grapeshot.core.actions import Action, EnterDice, Reroll, decode
from grapeshot.core.errors import IllegalAction, ReplayMismatch, ScenarioError
from grapeshot.core.events import Event, digest
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.core.ruleset import Outcome, Ruleset, get
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import (
    ARTILLERY_DIE,
    SCATTER_DIE,
    SUSTAINED_DIE,
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
SAVE_VERSION = 1

Proc = Generator[Prompt, Any, Any]


#: re-rolls of one roll after which a ruleset that keeps granting them is taken to be broken
MAX_REROLLS = 64


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
        seed: int = 0,
        *,
        dice: DiceSource | None = None,
        companion: bool = False,
        hands: Sequence[str] = (),
        log: bool = True,
    ) -> None:
        self.ruleset = get(ruleset) if isinstance(ruleset, str) else ruleset
        try:
            named: Ruleset | None = get(scenario.ruleset)
        except ValueError:
            named = None
        if named is not self.ruleset:
            raise ScenarioError(scenario.source, "ruleset", f"{self.ruleset.name!r} (the ruleset being played)", scenario.ruleset)
        self.scenario = scenario
        merged = dict(scenario.options)
        merged.update(options or {})
        self.options = self.ruleset.resolve_options(merged, scenario.source)
        self.seed = seed
        self.companion = companion
        # the people at a physical table; an AI seat's dice and models are handled by the first of them
        self.hands = tuple(hands)
        self.dice: DiceSource = dice if dice is not None else SeededDice(seed)
        self.logging = log
        self.events: list[Event] = []
        self.actions: list[tuple[str, Action]] = []
        self.turn = 0
        self.phase = "setup"
        self.rolls = 0
        self.steps = 0
        self.state = self.ruleset.setup(scenario, self.options)
        self.prompt: Prompt | None = None
        self.outcome: Outcome | None = None
        self._sealed: dict[str, Action] = {}
        self._flow = self.ruleset.play(self)
        self._advance(None)

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
        result = (yield from self._draw(request)) if self.companion else self.dice.roll(request)
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
            return self.dice.roll(request)
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

    def _log_roll(self, request: RollRequest, result: Roll) -> None:
        data: dict[str, Any] = {"expr": result.expr, "faces": list(result.faces), "total": result.total, "purpose": request.purpose}
        data.update(_reading(request.expr, result))
        if request.seat is not None:
            data["seat"] = request.seat
        self.emit("roll", request.rule, **data)

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
        self.emit("reroll", request.rule, **data)

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
                return
            answer: object = dict(self._sealed)
            self._sealed = {}
        else:
            answer = action
        self._advance(answer)

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

    def view(self, seat: str | None) -> dict[str, Any]:
        """What one seat (or a spectator, ``None``) may see: state, prompt, log; never others' sealed orders."""
        prompt = self.prompt_for(seat) if seat is not None else None
        own = self.sealed_by(seat) if seat is not None else None
        return {
            "ruleset": self.ruleset.name,
            "scenario": self.scenario.name,
            "turn": self.turn,
            "phase": self.phase,
            "state": self.ruleset.describe(self.state),
            "waiting_for": list(self.waiting_for()),
            "prompt": prompt.describe() if prompt is not None else None,
            "sealed": own.to_json() if own is not None else None,
            "outcome": self.outcome.to_json() if self.outcome else None,
            "log": [e.to_json() for e in self.events if e.visible(seat)],
        }

    # ------------------------------------------------------------------ saves

    def save(self) -> dict[str, Any]:
        """The whole game as JSON data: replaying its actions rebuilds it exactly."""
        dice: dict[str, Any]
        if self.companion:
            dice = {"kind": "entered", "hands": list(self.hands)} if self.hands else {"kind": "entered"}
        elif isinstance(self.dice, SeededDice):
            dice = {"kind": "seeded", "seed": self.seed, "state": self.dice.state_digest()}
        else:
            raise ValueError("only games with seeded or entered dice can be saved")
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": self.ruleset.name,
            "scenario": dict(self.scenario.raw),
            "scenario_source": self.scenario.source,
            "options": self.options,
            "dice": dice,
            "actions": [{"seat": s, "action": a.to_json()} for s, a in self.actions],
            "event_count": len(self.events) if self.logging else None,
            "events_digest": digest(self.events) if self.logging else None,
            "outcome": self.outcome.to_json() if self.outcome else None,
        }

    @classmethod
    def load(cls, data: object, source: str = "save") -> Game:
        """Rebuild a game from :meth:`save` data by replaying its actions."""
        game, actions = cls._from_save(data, source)
        for i, (seat, action) in enumerate(actions):
            try:
                game.submit(seat, action)
            except IllegalAction as err:
                raise ScenarioError(source, f"actions[{i}]", "an action the game accepts at that point", str(err)) from None
        return game

    @classmethod
    def _from_save(cls, data: object, source: str) -> tuple[Game, list[tuple[str, Action]]]:
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise ScenarioError(
                source, "format", f"{SAVE_FORMAT!r} (a grapeshot save file)", data.get("format") if isinstance(data, Mapping) else type(data).__name__
            )
        if data.get("version") != SAVE_VERSION:
            raise ScenarioError(source, "version", str(SAVE_VERSION), data.get("version"))
        scenario = parse_scenario(data.get("scenario"), f"{source} (scenario)")
        dice = data.get("dice")
        if not isinstance(dice, Mapping) or dice.get("kind") not in ("seeded", "entered"):
            raise ScenarioError(source, "dice", "{'kind': 'seeded', 'seed': N} or {'kind': 'entered'}", dice)
        seed = dice.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ScenarioError(source, "dice.seed", "a whole number", seed)
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise ScenarioError(source, "options", "a mapping of option names to values", options)
        ruleset = data.get("ruleset")
        if not isinstance(ruleset, str):
            raise ScenarioError(source, "ruleset", "a ruleset name", ruleset)
        try:
            rs = get(ruleset)  # also registers the ruleset's action kinds
        except ValueError as err:
            raise ScenarioError(source, "ruleset", "a known ruleset", str(err)) from None
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise ScenarioError(source, "actions", "a list of {seat, action}", raw_actions)
        actions: list[tuple[str, Action]] = []
        for i, item in enumerate(raw_actions):
            if not isinstance(item, Mapping) or not isinstance(item.get("seat"), str):
                raise ScenarioError(source, f"actions[{i}]", "{'seat': ..., 'action': {...}}", item)
            try:
                actions.append((item["seat"], decode(item.get("action"))))
            except IllegalAction as err:
                raise ScenarioError(source, f"actions[{i}].action", "a valid action", str(err)) from None
        hands = dice.get("hands", [])
        if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
            raise ScenarioError(source, "dice.hands", "a list of seat names", hands)
        game = cls(rs, scenario, options, seed, companion=dice.get("kind") == "entered", hands=hands)
        return game, actions


def replay(data: Mapping[str, Any], recorded: list[dict[str, Any]] | None = None, source: str = "save") -> Game:
    """Replay a save; raise :class:`ReplayMismatch` at the first event that differs.

    ``recorded`` is the saved event log (JSON objects); without it the save's
    event count and digest are compared.
    """
    game, actions = Game._from_save(data, source)
    checked = 0

    def compare() -> None:
        nonlocal checked
        if recorded is None:
            return
        while checked < len(game.events):
            got = game.events[checked].to_json()
            if checked >= len(recorded):
                raise ReplayMismatch(checked, "(no more recorded events)", got)
            want = json.loads(json.dumps(recorded[checked]))
            if json.loads(game.events[checked].line()) != want:
                raise ReplayMismatch(checked, want, got)
            checked += 1

    compare()
    for i, (seat, action) in enumerate(actions):
        try:
            game.submit(seat, action)
        except IllegalAction as err:
            raise ReplayMismatch(len(game.events), f"action #{i} accepted", f"rejected: {err}") from None
        compare()
    if recorded is not None and len(recorded) != len(game.events):
        raise ReplayMismatch(len(game.events), recorded[len(game.events)] if len(recorded) > len(game.events) else "(end)", "(end of replayed log)")
    dice = data.get("dice")
    if isinstance(dice, Mapping) and dice.get("state") is not None and isinstance(game.dice, SeededDice) and dice["state"] != game.dice.state_digest():
        raise ReplayMismatch(len(game.events), f"dice state {dice['state']}", f"dice state {game.dice.state_digest()}")
    if recorded is None:
        if data.get("event_count") is not None and data["event_count"] != len(game.events):
            raise ReplayMismatch(min(len(game.events), int(data["event_count"])), f"{data['event_count']} events", f"{len(game.events)} events")
        if data.get("events_digest") is not None and data["events_digest"] != digest(game.events):
            raise ReplayMismatch(len(game.events), f"digest {data['events_digest']}", f"digest {digest(game.events)}")
    return game
