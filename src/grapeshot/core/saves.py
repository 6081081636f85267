"""Saves: a game written as JSON data, read back, and replayed against what it records.

:func:`save` is the owner's file (everything, the seed and sealed orders included);
:func:`public_save` is what everyone at the table may know (while the game runs: no seed and no
sealed action not yet revealed, the rolls made so far instead; once it is over, everything).
:func:`load` rebuilds a game from either by replaying its actions, and :func:`replay` does the
same while checking the log, the dice, the outcome and the seed's commitment.  The format is in
``docs/events.md``.  ``Game.save``, ``Game.public_save`` and ``Game.load`` call these.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from grapeshot.core.actions import Action, decode
from grapeshot.core.commitment import verify
from grapeshot.core.errors import IllegalAction, ReplayMismatch, ScenarioError
from grapeshot.core.events import Event, digest
from grapeshot.core.game import READ_VERSIONS, SAVE_FORMAT, SAVE_VERSION, Game
from grapeshot.core.rolls import hex_field, read_roll, read_seed, roll_json
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import parse_scenario
from grapeshot.dice import ContinuedDice, DiceError, SeededDice


def save(game: Game) -> dict[str, Any]:
    """The whole game as JSON data: replaying its actions rebuilds it exactly.  It holds the
    seed and any sealed orders not yet revealed: the owner's file (see :meth:`public_save`)."""
    return _record(game, game.actions, game.events, _dice(game, reveal=True))


def public_save(game: Game) -> dict[str, Any]:
    """What everyone at the table may know, as a save.  While the game runs: neither the seed
    nor its salt (the rolls made so far and the seed's commitment instead) and no sealed action
    not yet revealed, not even the asker's own (a save is a file that is easily passed on);
    it replays what was revealed, and a table can continue it with dice of its own.  Once the
    game is over nothing is secret any more and this is :meth:`save`."""
    if game.over:
        return save(game)
    hidden = len(game._sealed)  # the sealed answers to the open prompt: the last actions, each with its `sealed` event
    return _record(game, game.actions[: len(game.actions) - hidden], game.events[: len(game.events) - hidden], _dice(game, reveal=False))


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


def _record(game: Game, actions: Sequence[tuple[str, Action]], events: Sequence[Event], dice: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": game.ruleset.name,
        "events_version": game.ruleset.events_version,
        "modules": list(game.modules),
        "scenario": dict(game.scenario.raw),
        "scenario_source": game.scenario.source,
        "options": game.options,
        "dice": dice,
        "actions": [{"seat": s, "action": a.to_json()} for s, a in actions],
        "event_count": len(events) if game.logging else None,
        "events_digest": digest(events) if game.logging else None,
        "outcome": game.outcome.to_json() if game.outcome else None,
    }


def load(data: object, source: str = "save") -> Game:
    """Rebuild a game from :meth:`save` (or :meth:`public_save`) data by replaying its actions."""
    game, actions = from_save(data, source)
    for i, (seat, action) in enumerate(actions):
        try:
            game.submit(seat, action)
        except IllegalAction as err:
            raise ScenarioError(source, f"actions[{i}]", "an action the game accepts at that point", str(err)) from None
        except DiceError as err:
            raise ScenarioError(source, "dice.rolls", "the rolls the actions call for", str(err)) from None
    _all_rolls_used(game, source)
    return game


def from_save(data: object, source: str) -> tuple[Game, list[tuple[str, Action]]]:
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
    if not seeded:
        return Game(rs, scenario, options, 0, companion=True, hands=hands, modules=modules), actions
    try:  # the rules run to the first prompt at once, and may already roll
        game = Game(
            rs,
            scenario,
            options,
            seed,
            given=rolls,
            salt=salt if seed is not None else None,
            commitment=commitment if seed is None else None,
            modules=modules,
        )
    except DiceError as err:
        raise ScenarioError(source, "dice.rolls", "the rolls the game calls for", str(err)) from None
    return game, actions


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

    ``recorded`` is the saved event log (JSON objects); without it the save's event count and
    digest are compared.  Then the dice's state, the outcome the save claims and, where the save
    reveals a committed seed, the commitment (``sha256(seed:salt)``) are checked.  A save whose log
    was written in an older event schema of its rule set (:func:`log_comparable`) is checked by
    what the schema cannot change: every action is accepted, the dice end in the same state and
    the game ends the same way.
    """
    game, actions = from_save(data, source)
    if not log_comparable(data, game.ruleset):
        recorded = None
        data = {k: v for k, v in data.items() if k not in ("event_count", "events_digest")}
    count, claimed = data.get("event_count"), data.get("events_digest")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise ScenarioError(source, "event_count", "a whole number of events, or null", count)
    if claimed is not None and not isinstance(claimed, str):
        raise ScenarioError(source, "events_digest", "a SHA-256 digest in hexadecimal, or null", claimed)
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
            raise ReplayMismatch(len(game.events), "accepted", f"rejected: {err}", f"actions[{i}]") from None
        except DiceError as err:
            raise ReplayMismatch(len(game.events), "the rolls on record", str(err), f"the rolls for actions[{i}]") from None
        compare()
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
