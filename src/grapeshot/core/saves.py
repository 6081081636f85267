"""Saves: a game written as JSON data, read back, and replayed against what it records.

:func:`save` is the owner's file (everything, the seed and sealed orders included);
:func:`public_save` is what everyone at the table may know (while the game runs: no seed and no
sealed action not yet revealed, the rolls made so far instead; once it is over, everything).
:func:`load` rebuilds a game from either by replaying its actions, and :func:`replay` does the
same while checking the log, the dice, the outcome and the seed's commitment.  The format is in
``docs/events.md``.  ``Game.save``, ``Game.public_save`` and ``Game.load`` call these.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot.core.actions import Action, decode
from grapeshot.core.commitment import verify
from grapeshot.core.errors import IllegalAction, ReplayMismatch, RulesChanged, ScenarioError
from grapeshot.core.events import Event, digest
from grapeshot.core.game import READ_VERSIONS, SAVE_FORMAT, SAVE_VERSION, Game
from grapeshot.core.module import get_module
from grapeshot.core.revisions import Owner, between, newer, read_rules
from grapeshot.core.rolls import hex_field, read_roll, read_seed, roll_json
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import parse_scenario
from grapeshot.core.snapshot import SnapshotError, Start
from grapeshot.dice import ContinuedDice, DiceError, Roll, SeededDice


def save(game: Game) -> dict[str, Any]:
    """The whole game as JSON data: replaying its actions rebuilds it exactly.  It holds the
    seed and any sealed orders not yet revealed: the owner's file (see :meth:`public_save`)."""
    return _record(game, len(game.actions), len(game.events), _dice(game, reveal=True), reveal=True)


def public_save(game: Game) -> dict[str, Any]:
    """What everyone at the table may know, as a save.  While the game runs: neither the seed
    nor its salt (the rolls made so far and the seed's commitment instead) and no sealed action
    not yet revealed, not even the asker's own (a save is a file that is easily passed on);
    it replays what was revealed, and a table can continue it with dice of its own.  Once the
    game is over nothing is secret any more and this is :meth:`save`."""
    if game.over:
        return save(game)
    hidden = len(game._sealed)  # the sealed answers to the open prompt: the last actions, each with its `sealed` event
    return _record(game, len(game.actions) - hidden, len(game.events) - hidden, _dice(game, reveal=False), reveal=False)


def _dice(game: Game, *, reveal: bool) -> dict[str, Any]:
    if game.companion:
        return {"kind": "entered", "hands": list(game.hands)} if game.hands else {"kind": "entered"}
    if not isinstance(game.dice, SeededDice | ContinuedDice) or not game.replays_itself:
        raise ValueError("only games with seeded or entered dice can be saved")
    if not reveal or game.seed is None:
        out: dict[str, Any] = {"kind": "seeded", "rolls": [roll_json(r) for r in game.rolled]}
    else:
        out = {"kind": "seeded", "seed": game.seed, "state": game.dice.state_digest()}
        if game.given:
            out["rolls"] = [roll_json(r) for r in game.given]
        if game.salt is not None:
            out["salt"] = game.salt
    if game.commitment is not None:
        out["commitment"] = game.commitment
    return out


def _record(game: Game, upto: int, logged: int, dice: dict[str, Any], *, reveal: bool) -> dict[str, Any]:
    """A save of the game's first ``upto`` actions and ``logged`` events; ``reveal``: the owner's
    (the dice's state in its snapshots), else the public one."""
    events = game.events[:logged]
    out = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": game.ruleset.name,
        "events_version": game.ruleset.events_version,
        "rules": rules_of(game),
        "modules": list(game.modules),
        "scenario": dict(game.scenario.raw),
        "scenario_source": game.scenario.source,
        "options": game.options,
        "dice": dice,
        "actions": [{"seat": s, "action": a.to_json()} for s, a in game.actions[:upto]],
        "event_count": len(events) if game.logging else None,
        "events_digest": digest(events) if game.logging else None,
        "trace": trace(events, game.marks[:upto]) if game.logging else None,
        "outcome": game.outcome.to_json() if game.outcome else None,
    }
    if game.start is not None:
        out["base"] = game.start.to_json(dice=reveal)
    if game.outcome is None:
        out["snapshot"] = snapshot_of(game, upto, reveal=reveal)
    return out


def rules_of(game: Game) -> dict[str, int]:
    """The revisions of the rules the game is played under: its rule set's and each module's."""
    return {o.name: o.revision for o in owners(game)}


def owners(game: Game) -> list[Owner]:
    return [Owner(game.ruleset.name, game.ruleset.revision, game.ruleset.changes)] + [
        Owner(run.module.name, run.module.revision, run.module.changes) for run in game.modules.values()
    ]


def trace(events: Sequence[Event], marks: Sequence[int]) -> list[str]:
    """After each action, the number of events so far and the start of the log's digest then
    (``"41:3f9a0c1e2b"``): a replay that differs is caught at the action where it first does."""
    tracer = Tracer(events)
    return [tracer.at(mark) for mark in marks]


TRACE_DIGITS = 10


class Tracer:
    """A log's trace as it grows: :meth:`at` is what a save's trace says once the log holds that
    many events (the replay follows a save's trace with one, the server stores it beside each action)."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events  # the game's own list, which grows as it plays
        self._hash = hashlib.sha256()
        self._done = 0

    def at(self, count: int | None = None) -> str:
        upto = len(self.events) if count is None else count
        for e in self.events[self._done : upto]:
            self._hash.update(e.line().encode())
            self._hash.update(b"\n")
        self._done = max(self._done, upto)
        return f"{self._done}:{self._hash.hexdigest()[:TRACE_DIGITS]}"


def snapshot_of(game: Game, upto: int, *, reveal: bool) -> dict[str, Any] | None:
    """The game's latest checkpoint among its first ``upto`` actions, as a save keeps it (the
    state there, so a later release can go on from what was played: docs/architecture.md (d));
    ``None`` where there is none, or the state holds what a public save may not show."""
    if not reveal and not (game.ruleset.open_state and all(run.module.open_state for run in game.modules.values())):
        return None
    start = game.latest_start(upto)
    if start is None:
        return None
    try:
        return {"at": start[0], "start": start[1].to_json(dice=reveal)}
    except SnapshotError:  # a state the codec cannot hold: the save is whole without it (a test asks every rule set)
        return None


def load(data: object, source: str = "save") -> Game:
    """Rebuild a game from :meth:`save` (or :meth:`public_save`) data by replaying its actions
    (each accepted, and where the save keeps a trace, each making the events it made).

    A save played under earlier rules that the present ones play differently goes on where it
    can (:func:`grapeshot.core.upgrade.carry_on`); one that differs under its own rules is an error."""
    read = from_save(data, source)
    assert isinstance(data, Mapping)
    try:
        return _replay(read, data, None, source, whole=False)
    except ReplayMismatch as err:
        if read.played_under_other_rules:
            from grapeshot.core.upgrade import carry_on

            return carry_on(data, source).game
        step = getattr(err, "step", None)
        if isinstance(err, _Refused) and "rolls" in (err.what or ""):
            raise ScenarioError(source, "dice.rolls", "the rolls the actions call for", str(err.got).removeprefix("rejected: ")) from None
        if isinstance(err, _Refused):
            raise ScenarioError(source, f"actions[{step}]", "an action the game accepts at that point", str(err.got).removeprefix("rejected: ")) from None
        raise ScenarioError(source, f"actions[{step}]" if step is not None else "trace", "what the save records of its events", str(err)) from None


@dataclass
class Read:
    """A save read: the game built at its start (the scenario's set-up, or the base it goes on
    from), the actions to replay, and what the save says of the rules and of itself."""

    game: Game
    actions: list[tuple[str, Action]]
    rules: dict[str, int]
    trace: list[str] | None
    rolls: list[Roll]

    @property
    def played_under_other_rules(self) -> bool:
        return self.rules != rules_of(self.game)


def from_save(data: object, source: str, *, start: Start | None = None, given: Sequence[Roll] | None = None) -> Read:
    """The game a save begins with (not yet replayed) and what it records.  ``start`` (and the
    rolls ``given`` from there) build it at that snapshot instead of the save's own beginning."""
    if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
        raise ScenarioError(
            source, "format", f"{SAVE_FORMAT!r} (a grapeshot save file)", data.get("format") if isinstance(data, Mapping) else type(data).__name__
        )
    if data.get("version") not in READ_VERSIONS:
        raise ScenarioError(source, "version", f"one of {list(READ_VERSIONS)}", data.get("version"))
    scenario = parse_scenario(data.get("scenario"), f"{source} (scenario)")
    dice = data.get("dice")
    if not isinstance(dice, Mapping) or dice.get("kind") not in ("seeded", "entered"):
        raise ScenarioError(source, "dice", "{'kind': 'seeded', 'seed': N} or {'kind': 'entered'}", dice)
    seeded = dice.get("kind") == "seeded"
    seed = read_seed(dice["seed"], source, "dice.seed") if "seed" in dice else None
    raw_rolls = dice.get("rolls", [])
    if not isinstance(raw_rolls, list):
        raise ScenarioError(source, "dice.rolls", "a list of rolls", raw_rolls)
    rolls = [read_roll(r, source, f"dice.rolls[{i}]") for i, r in enumerate(raw_rolls)]
    if seeded and seed is None and "rolls" not in dice:
        raise ScenarioError(source, "dice", "a 'seed' or the 'rolls' made so far", dict(dice))
    salt, commitment = (hex_field(dice, key, source) for key in ("salt", "commitment"))
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
    modules = data.get("modules", [])
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise ScenarioError(source, "modules", "a list of rule module names", modules)
    rules = read_rules(data.get("rules"), source)
    try:
        now = [Owner(rs.name, rs.revision, rs.changes)] + [Owner(m.name, m.revision, m.changes) for m in map(get_module, modules)]
    except ValueError as err:
        raise ScenarioError(source, "modules", "installed rule modules", str(err)) from None
    if ahead := newer(now, rules):
        raise ScenarioError(source, "rules", "rules this release plays (the save was made by a newer grapeshot: upgrade it)", "; ".join(ahead))
    namespaces = (rs.namespace, *(m.split(".")[0] for m in modules))
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise ScenarioError(source, "actions", "a list of {seat, action}", raw_actions)
    actions: list[tuple[str, Action]] = []
    for i, item in enumerate(raw_actions):
        if not isinstance(item, Mapping) or not isinstance(item.get("seat"), str):
            raise ScenarioError(source, f"actions[{i}]", "{'seat': ..., 'action': {...}}", item)
        try:
            actions.append((item["seat"], decode(item.get("action"), namespaces)))
        except IllegalAction as err:
            raise ScenarioError(source, f"actions[{i}].action", "a valid action", str(err)) from None
    hands = dice.get("hands", [])
    if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
        raise ScenarioError(source, "dice.hands", "a list of seat names", hands)
    raw_trace = data.get("trace")
    if raw_trace is not None and (not isinstance(raw_trace, list) or len(raw_trace) < len(actions) or not all(isinstance(t, str) for t in raw_trace)):
        raise ScenarioError(
            source, "trace", "one entry a saved action, each 'events:digest'", f"{len(raw_trace) if isinstance(raw_trace, list) else raw_trace}"
        )
    if raw_trace is not None:
        raw_trace = raw_trace[: len(actions)]  # a save cut short keeps the trace of the actions it has
    if start is None and data.get("base") is not None:
        start = read_start(data["base"], source, "base")
    if given is None:
        given = rolls
    try:  # the rules run to the first prompt at once, and may already roll
        if not seeded:
            game = Game(rs, scenario, options, 0, companion=True, hands=hands, modules=modules, start=start)
        else:
            game = Game(
                rs,
                scenario,
                options,
                seed,
                given=given,
                salt=salt if seed is not None else None,
                commitment=commitment if seed is None else None,
                modules=modules,
                start=start,
            )
    except DiceError as err:
        raise ScenarioError(source, "dice.rolls", "the rolls the game calls for", str(err)) from None
    return Read(game, actions, rules, raw_trace, rolls)


def read_start(data: object, source: str, field: str) -> Start:
    """A snapshot a save or the store keeps, read back (each problem a :class:`ScenarioError`)."""
    try:
        return Start.from_json(data, field)
    except SnapshotError as err:
        raise ScenarioError(source, err.where, "a snapshot this release can read", err.problem) from None


def _all_rolls_used(game: Game, source: str) -> None:
    dice = game.dice
    if isinstance(dice, ContinuedDice) and dice.then is None and dice.used != len(dice.given):
        raise ScenarioError(source, "dice.rolls", f"the {dice.used} rolls the actions call for", f"{len(dice.given)} rolls")


def log_comparable(data: Mapping[str, Any], ruleset: Ruleset) -> bool:
    """Whether a save's log was written in the rule set's present event schema (so it can be
    compared event by event); older saves replay to the same game, with a log that says more."""
    return bool(data.get("events_version", 1) == ruleset.events_version)


def replay(data: Mapping[str, Any], recorded: list[dict[str, Any]] | None = None, source: str = "save") -> Game:
    """Replay a save; raise :class:`ReplayMismatch` at the first thing that differs.

    ``recorded`` is the saved event log (JSON objects); without it the save's trace (after each
    action, the events so far and their digest), event count and digest are compared.  Then the
    dice's state, the outcome the save claims and, where the save reveals a committed seed, the
    commitment (``sha256(seed:salt)``) are checked.  A save whose log was written in an older
    event schema of its rule set (:func:`log_comparable`) is checked by what the schema cannot
    change: every action is accepted, the dice end in the same state and the game ends the same way.

    A save played under earlier revisions of the rules that differs is not corrupt: the
    difference is raised as :class:`RulesChanged`, with the step and the rules it concerns
    (:func:`grapeshot.core.upgrade.carry_on` goes on with such a save).
    """
    read = from_save(data, source)
    try:
        return _replay(read, data, recorded, source)
    except RulesChanged:
        raise
    except ReplayMismatch as err:
        if not read.played_under_other_rules:
            raise
        raise changed(read, err, data) from None


def changed(read: Read, err: ReplayMismatch, data: Mapping[str, Any]) -> RulesChanged:
    """A difference in a save played under other rules, said as the rule change it is: the first
    action that differs, where the game stood, the rules the present rules used there."""
    game = read.game
    step = getattr(err, "step", None)
    if step is not None and step < len(game.marks):
        lo = game.marks[step - 1] if step > 0 else 0
        used = [e.rule for e in game.events[lo : game.marks[step]] if e.rule]
    else:
        used = [game.prompt.rule] if step is not None and game.prompt is not None and game.prompt.rule else []
    where = "the end of the replay"
    if step is not None:
        where = f"turn {game.turn}, {game.phase}"
    elif isinstance(err, _Differs):
        where = "the set-up"
    return RulesChanged(err, step, where, tuple(dict.fromkeys(used)), between(owners(game), read.rules))


class _Refused(ReplayMismatch):
    """An action refused in a replay, with the index of that action."""

    def __init__(self, index: int, err: Exception, step: int, what: str) -> None:
        super().__init__(index, "accepted", f"rejected: {err}", what)
        self.step = step


class _Differs(ReplayMismatch):
    """Events that differ from the recorded log or the save's trace, made by the action ``step``
    (``None``: before any action, at the set-up)."""

    def __init__(self, index: int, want: object, got: object, step: int | None, what: str | None = None) -> None:
        super().__init__(index, want, got, what)
        self.step = step


def _replay(read: Read, data: Mapping[str, Any], recorded: list[dict[str, Any]] | None, source: str, *, whole: bool = True) -> Game:
    """Replay the actions read, checking each against the trace and ``recorded``; ``whole``: also
    what the save says of its end (the rolls used, the dice's state, the count and digest of its
    events, the outcome, the seed's commitment)."""
    game, actions = read.game, read.actions
    comparable = log_comparable(data, game.ruleset)
    if not comparable:
        recorded = None
        data = {k: v for k, v in data.items() if k not in ("event_count", "events_digest")}
    marks = read.trace if comparable and game.logging else None
    count, claimed = data.get("event_count"), data.get("events_digest")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise ScenarioError(source, "event_count", "a whole number of events, or null", count)
    if claimed is not None and not isinstance(claimed, str):
        raise ScenarioError(source, "events_digest", "a SHA-256 digest in hexadecimal, or null", claimed)
    checked = 0
    tracer = Tracer(game.events)

    def compare(step: int | None) -> None:
        nonlocal checked
        if recorded is None:
            return
        while checked < len(game.events):
            got = game.events[checked].to_json()
            if checked >= len(recorded):
                raise _Differs(checked, "(no more recorded events)", got, step)
            want = json.loads(json.dumps(recorded[checked]))
            if json.loads(game.events[checked].line()) != want:
                raise _Differs(checked, want, got, step)
            checked += 1

    def follow(i: int) -> None:
        if marks is None:
            return
        got = tracer.at()
        if got != marks[i]:
            raise _Differs(len(game.events), f"trace {marks[i]}", f"trace {got}", i, f"the events of actions[{i}]")

    compare(None)
    for i, (seat, action) in enumerate(actions):
        try:
            game.submit(seat, action)
        except IllegalAction as err:
            raise _Refused(len(game.events), err, i, f"actions[{i}]") from None
        except DiceError as err:
            raise _Refused(len(game.events), err, i, f"the rolls for actions[{i}]") from None
        compare(i)
        follow(i)
    if not whole:
        _all_rolls_used(game, source)
        return game
    if recorded is not None and len(recorded) != len(game.events):
        raise ReplayMismatch(len(game.events), recorded[len(game.events)] if len(recorded) > len(game.events) else "(end)", "(end of replayed log)")
    try:
        _all_rolls_used(game, source)
    except ScenarioError as err:
        raise ReplayMismatch(len(game.events), f"{len(game.given)} rolls on record used", str(err)) from None
    dice = data["dice"]
    state = getattr(game.dice, "state_digest", lambda: None)() if game.replays_itself and not game.companion else None
    if dice.get("state") is not None and state is not None and dice["state"] != state:
        raise ReplayMismatch(len(game.events), f"dice state {dice['state']}", f"dice state {state}")
    if recorded is None:
        if count is not None and count != len(game.events):
            raise ReplayMismatch(min(len(game.events), count), f"{count} events", f"{len(game.events)} events")
        if claimed is not None and claimed != digest(game.events):
            raise ReplayMismatch(len(game.events), f"digest {claimed}", f"digest {digest(game.events)}")
    reached = game.outcome.to_json() if game.outcome else None
    if "outcome" in data and json.loads(json.dumps(data["outcome"])) != json.loads(json.dumps(reached)):
        raise ReplayMismatch(len(game.events), data.get("outcome"), reached, "the outcome")
    if game.seed is not None and game.salt is not None and dice.get("commitment") is not None and not verify(dice["commitment"], str(game.seed), game.salt):
        raise ReplayMismatch(
            len(game.events), f"the seed committed to as {dice['commitment']}", f"sha256(seed:salt) = {game.commitment}", "the seed's commitment"
        )
    return game
