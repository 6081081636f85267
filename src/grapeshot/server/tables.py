"""Games being played on the server: the authority over every seat's actions.

A :class:`Table` holds a live :class:`~grapeshot.core.game.Game` rebuilt from the
store, checks each action against the game before anything is written, writes it,
then applies it and lets the AI seats answer until a person is needed.

Sealed orders are checkable: when a seat submits into a simultaneous prompt the
table publishes ``sha256(text + ":" + salt)`` of the action's canonical text; when
the prompt closes it publishes the text and the salt, so any page can verify that
nothing was changed after the fact.  The dice seed is committed the same way when
the game is created and revealed when it ends (:mod:`grapeshot.core.commitment`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from grapeshot.agents import Agent, factories, make
from grapeshot.agents.levels import LEVELS, levels
from grapeshot.agents.search import SearchPlayer, derive
from grapeshot.core.actions import Action
from grapeshot.core.commitment import commit, new_salt
from grapeshot.core.errors import IllegalAction, ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.printing import OF_A_GAME, pages_json
from grapeshot.core.prompts import Prompt
from grapeshot.core.rolls import read_roll
from grapeshot.core.ruleset import Ruleset
from grapeshot.core.saves import Tracer, read_start, rules_of
from grapeshot.core.scenario import parse_scenario
from grapeshot.core.snapshot import SnapshotError
from grapeshot.dice import DiceError
from grapeshot.server import views
from grapeshot.server.store import ActionRecord, GameRecord, GameStore, token_hash
from grapeshot.server.views import Fault, digest_of, web_of

__all__ = ["PEOPLE", "Denied", "Table", "ai_player", "digest_of", "levels_of", "players_of", "web_of"]

log = logging.getLogger("grapeshot.server")

#: who plays a seat that no AI plays: a person, at a private link
PEOPLE = "human"
THINK_SECONDS = 2.0  # the longest a search seat thinks over one decision at the table


def players_of(ruleset: Ruleset) -> list[str]:
    """Who may play a seat of this rule set's games: a person, one of the levels people choose
    from (easy, normal, hard), or one of its AI players by name (``agents.factories``: the generic
    random and search players and the rule set's own)."""
    known = factories(ruleset)
    return [PEOPLE, *(n for n in LEVELS if n in known), *(n for n in known if n not in LEVELS)]


def levels_of(ruleset: Ruleset) -> list[dict[str, str]]:
    """The levels as the lobby offers them: each one's name, its words in the rule set's voice
    (its phrasebook's ``level`` labels), the player it is and what that player's budget is."""
    book = ruleset.phrasebook()
    out = []
    for name, level in levels(ruleset).items():
        label = book.label("level", name) if book is not None else name
        out.append({"name": name, "label": label, "player": level.player, "about": level.about})
    return out


def ai_player(name: str, seed: int, ruleset: Ruleset) -> Agent:
    """An AI seat's player. A search seat gets a time budget: people are waiting for it, and its
    answers are stored like anyone's, so a choice that depends on the clock replays all the same."""
    agent = make(name, seed, ruleset)
    if isinstance(agent, SearchPlayer):
        agent.budget = dataclasses.replace(agent.budget, time_budget=THINK_SECONDS)
    return agent


def canonical(action: Action) -> str:
    """The exact text a sealed action is committed by."""
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


class Denied(Exception):
    """A request the table refuses: ``status`` is the HTTP status to answer with; ``field``, where
    one part of the request is to blame, names it as the request does (``options.turn_limit``), so
    a form can mark that field."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


@dataclass
class Commitment:
    """One sealed action: its hash now, its text and salt once the prompt has closed."""

    index: int
    seat: str
    hash: str
    text: str
    salt: str
    revealed: bool = False

    def public(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "seat": self.seat, "hash": self.hash, "revealed": self.revealed}
        if self.revealed:
            out.update(text=self.text, salt=self.salt)
        return out


def admitted(rec: GameRecord, token: str | None) -> list[str]:
    """The seats of a stored game a token sits at (none: the spectator's token); a request
    without a token, or with one of no seat and not the spectator's, is refused (401, 403)."""
    if not token:
        raise Denied(401, "this link needs its token (the ?token= part of the link)")
    h = token_hash(token)
    if secrets.compare_digest(h, rec.spectator):
        return []
    mine = [seat for seat, spec in rec.seats.items() if secrets.compare_digest(h, spec["token"])]
    if not mine:
        raise Denied(403, "that token does not belong to this game")
    return mine


@dataclass
class Table:
    """A live game with its seats, its commitments and the AI players at it."""

    rec: GameRecord
    store: GameStore
    game: Game = field(init=False)
    agents: dict[str, Agent] = field(default_factory=dict)
    commitments: list[Commitment] = field(default_factory=list)
    _open: list[Commitment] = field(default_factory=list)  # sealed into the prompt still open
    _unstored_outcome: dict[str, Any] | None = None
    #: the legal answers described, kept until the next action (:class:`~.views.Listings`)
    _listings: views.Listings = field(default_factory=views.Listings)
    #: the faults already logged, by part, source and the number of actions (a view that cannot
    #: be drawn is built again for every page watching: its error is logged once)
    _logged: set[tuple[str, str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.game = self._fresh()
        for i, (seat, spec) in enumerate(sorted(self.rec.seats.items())):
            if spec["player"] != PEOPLE:
                # from the seed and its secret salt: an AI's choices must not let anyone work the seed out
                self.agents[seat] = ai_player(spec["player"], derive("table-agent", self.rec.seed_salt, self.rec.seed, i), self.game.ruleset)
        stored = self.store.actions(self.rec.id)
        if self.rec.rules is None and not stored:  # a game being made: the rules it is played under
            self.rec = dataclasses.replace(self.rec, rules=rules_of(self.game))
        kept = self.store.snapshot(self.rec.id)
        self._snapshot_turn = -1 if kept is None else int(kept[1].get("turn", -1))
        differs = self._replay(stored)
        if differs is not None:
            self._carry_on(stored, differs)
        elif stored and self.rec.rules != (present := rules_of(self.game)):  # it replays under the present rules: played under them from now on
            self.rec = dataclasses.replace(self.rec, rules=present)
            self.store.set_rules(self.rec.id, present)
        if (outcome := self.outcome_to_store()) is not None:  # the server stopped before it could store the outcome
            self.store.finish(self.rec.id, outcome)

    def _fresh(self, base: dict[str, Any] | None = None) -> Game:
        """The game at its start: the scenario's set-up, or the snapshot it goes on from (``base``,
        by default the record's)."""
        scenario = parse_scenario(self.rec.scenario, f"game {self.rec.id} (scenario)")
        hands = self.people if self.rec.companion and len(self.people) < len(self.rec.seats) else ()
        rolls = [read_roll(r, f"game {self.rec.id}", f"rolls[{i}]") for i, r in enumerate(self.rec.rolls or [])]
        base = self.rec.base if base is None else base
        game = Game(
            self.rec.ruleset,
            scenario,
            self.rec.options,
            self.rec.seed,
            given=rolls,
            salt=self.rec.seed_salt,
            companion=self.rec.companion,
            hands=hands,
            options_source="house rules",
            start=None if base is None else read_start(base, f"game {self.rec.id}", "base"),
        )
        self.tracer = Tracer(game.events)
        self.commitments, self._open = [], []
        return game

    def _replay(self, stored: list[ActionRecord]) -> tuple[int, str] | None:
        """Apply the stored actions; where the present rules play one differently (its trace
        before it differs, or it is refused), that action's index and what differs."""
        for i, a in enumerate(stored):
            if a.trace is not None and a.trace != self.tracer.at():
                return i, f"the game as it stood before actions[{i}] is not the one stored"
            try:
                self._apply(a.seat, self.game.decode(a.action), a.salt)
            except (IllegalAction, DiceError) as err:
                return i, f"actions[{i}] is refused: {err}"
        return None

    def _carry_on(self, stored: list[ActionRecord], differs: tuple[int, str]) -> None:
        """A stored game the present rules play differently goes on (as :mod:`grapeshot.core.upgrade`
        carries a save on): from its latest snapshot where one is kept, as it was played, else
        from its replay under the present rules; what they refuse, and all after it, is dropped.
        The store then holds the game as it goes on, so it loads at once next time."""
        _, what = differs
        present = rules_of(self.game)
        was = self.rec.rules or {}
        if was == present:  # not a change of rules: a fault (a rule changed without its revision)
            log.error("game %s does not replay under the rules it was stored under (%s): %s; carried on", self.rec.id, present, what)
        kept = self.store.snapshot(self.rec.id)
        base, first, how = self.rec.base, 0, "from its actions replayed under them"
        if kept is not None and kept[0] <= len(stored):  # the state there as it was played, wherever the rules first differ
            earlier = list((self.rec.base or {}).get("history", []))
            history = [*earlier, *({"seat": a.seat, "action": a.action} for a in stored[: kept[0]])]
            note = f"played under {_revisions(was)}; the present rules ({_revisions(present)}) differ: {what}"
            base, first = {**kept[1], "history": history, "rules": was, "note": note}, kept[0]
            how = f"from its snapshot at turn {kept[1].get('turn')}, {kept[1].get('phase')}, as it was played"
        try:
            records = self._apply_while_accepted(base, stored[first:])
        except ScenarioError as err:  # a snapshot this release cannot read: the replay instead
            log.error("game %s: its snapshot was not used: %s", self.rec.id, err)
            base, first, how = self.rec.base, 0, "from its actions replayed under them"
            records = self._apply_while_accepted(base, stored)
        dropped = len(stored) - first - len(records)
        notice = f"This game was played under {_revisions(was)}; the present rules ({_revisions(present)}) differ ({what}). It goes on {how}" + (
            f"; {dropped} stored action(s) from there on were refused and dropped." if dropped else "."
        )
        self.rec = dataclasses.replace(self.rec, rules=present, base=base, notice=notice, outcome=self.game.outcome.to_json() if self.game.outcome else None)
        self._unstored_outcome = None
        self._snapshot_turn = -1
        self.store.carried_on(self.rec, records)
        log.warning("game %s: %s", self.rec.id, notice)

    def _apply_while_accepted(self, base: dict[str, Any] | None, stored: list[ActionRecord]) -> list[ActionRecord]:
        """A fresh game from ``base`` with the stored actions applied while it accepts them; the
        records of those it took, numbered anew and with their traces."""
        self.game = self._fresh(base)
        records: list[ActionRecord] = []
        for a in stored:
            before = self.tracer.at()
            try:
                self._apply(a.seat, self.game.decode(a.action), a.salt)
            except IllegalAction:
                break
            except DiceError:  # the rules asked for a roll the record does not have: the game stops short of it
                self.game = self._fresh(base)
                for r in records:
                    self._apply(r.seat, self.game.decode(r.action), r.salt)
                break
            records.append(ActionRecord(len(records), a.seat, a.action, a.salt, before))
        return records

    # ------------------------------------------------------------------ who is asking

    def seat_of(self, token: str | None) -> str | None:
        """The seat a token sits at, ``None`` for the spectator token; refuses anything else."""
        mine = admitted(self.rec, token)
        if not mine:
            return None
        # a hotseat link holds every person's seat: it speaks for whichever is being waited for
        waiting = [s for s in mine if s in self.game.waiting_for()]
        return (waiting or mine)[0]

    @property
    def people(self) -> list[str]:
        return [s for s, spec in self.rec.seats.items() if spec["player"] == PEOPLE]

    @property
    def solo(self) -> bool:
        """One person at the table (alone, or several seats passed round one screen: hotseat)."""
        return len({self.rec.seats[s]["token"] for s in self.people}) <= 1

    # ------------------------------------------------------------------ actions

    def submit(self, seat: str, data: object) -> None:
        """Check, store, then apply one action of a seat, all at once (for tools and tests; the
        server stores through its writer thread: ``check``, ``entry``, write, ``take``).  ``data``
        is the action's JSON, or an action request's picks with their digest."""
        action = self.choose(seat, list(data["picks"]), str(data.get("digest"))) if isinstance(data, dict) and "picks" in data else self.check(seat, data)
        entry = self.entry(seat, action)
        self.store.append(self.rec.id, entry)
        self.take(entry, action)
        if (outcome := self.outcome_to_store()) is not None:
            self.store.finish(self.rec.id, outcome)
        if (due := self.snapshot_due()) is not None:
            self.store.keep_snapshot(self.rec.id, *due)

    def check(self, seat: str, data: object) -> Action:
        """The action a person's request holds, if the game accepts it from that seat now (a 4xx otherwise)."""
        prompt = self._asking(seat)
        try:
            action = self.game.decode(data)
            self._checked(prompt, seat, action)
        except IllegalAction as err:
            raise Denied(422, str(err), "action") from None
        return action

    def _checked(self, prompt: Prompt, seat: str, action: Action) -> None:
        """``prompt.check``, where a check that breaks (a rule bug, not a refusal) refuses the
        answer as well, logged: nothing is stored, and the game goes on waiting."""
        try:
            prompt.check(seat, action)
        except IllegalAction:
            raise
        except Exception as err:
            self._log(Fault("check", f"the {prompt.namespace} prompt {prompt.kind}", err), seat)
            raise IllegalAction(f"the rules could not check this answer to {prompt.kind}, so it is refused (the server has logged why)") from None

    def choose(self, seat: str, picks: list[int], digest: str) -> Action:
        """The action built from a page's picks among the legal answers it was shown (one option
        index a part: the generic forms answer this way), if they are still the choices open."""
        prompt = self._asking(seat)
        try:
            listed = self._listed(seat)
        except Exception as err:
            self._log(Fault("legal", f"the {prompt.namespace} prompt {prompt.kind}", err), seat)
            raise Denied(422, f"picks: the answers to {prompt.kind} could not be listed (the server has logged why); send the action itself", "picks") from None
        if listed is None:
            raise Denied(422, f"picks: the {prompt.kind} lists no answers to pick from; send the action itself", "picks")
        choices, described = listed
        if digest != described["digest"]:
            raise Denied(409, "digest: the choices have changed since the page was drawn; look again and choose", "digest")
        if len(picks) != len(choices.parts):
            words = ", ".join(p.label for p in choices.parts)
            raise Denied(422, f"picks: one pick for each of the {len(choices.parts)} parts ({words}), got {len(picks)}", "picks")
        values = []
        for i, (k, part) in enumerate(zip(picks, choices.parts, strict=True)):
            if not 0 <= k < len(part.options):
                raise Denied(422, f"picks[{i}]: {part.label} has options 0 to {len(part.options) - 1}, not {k}", f"picks[{i}]")
            values.append(part.options[k].value)
        try:
            action = choices.build(values)
        except Exception as err:  # the listing's own parts that do not make an answer: a rule bug
            self._log(Fault("legal", f"the {prompt.namespace} prompt {prompt.kind}", err), seat)
            raise Denied(422, "picks: these picks do not make an answer (the server has logged why); send the action itself", "picks") from None
        try:
            self._checked(prompt, seat, action)
        except IllegalAction as err:
            raise Denied(422, f"picks: {err}", "picks") from None
        return action

    def _asking(self, seat: str) -> Prompt:
        """The prompt a person's seat may answer now (a 4xx if none)."""
        if seat in self.agents:
            raise Denied(409, f"{seat} is played by the {self.rec.seats[seat]['player']} AI")
        prompt = self.game.prompt
        if prompt is None:
            raise Denied(422, "the game is over; no more actions are accepted", "action")
        if seat not in self.game.waiting_for():
            raise Denied(422, f"it is not {seat}'s turn: the game is waiting for {', '.join(self.game.waiting_for()) or 'nobody'}: {prompt.text}", "action")
        return prompt

    def _listed(self, seat: str) -> views.Listed | None:
        """The legal answers of the prompt waiting on ``seat``, and their description for the page
        (with its digest); ``None`` when nothing waits on it or the prompt lists no answers.  Kept
        until the next action: the very prompt may come back after one with other answers open."""
        return self._listings.of(self.game, seat)

    def _log(self, fault: Fault, seat: str | None) -> None:
        """Log a part of a view (or a check) that broke, with the game and its traceback, once."""
        key = (fault.part, fault.source, len(self.game.actions))
        if key in self._logged:
            return
        self._logged.add(key)
        who = "the spectator" if seat is None else seat
        log.error(
            "game %s, action %d: %s of %s failed for %s (left out of the view)",
            self.rec.id,
            len(self.game.actions),
            fault.part,
            fault.source,
            who,
            exc_info=(type(fault.error), fault.error, fault.error.__traceback__),
        )

    def entry(self, seat: str, action: Action) -> ActionRecord:
        """The stored form of the next action (a sealed one with the salt of its commitment, and
        the log's trace before it); nothing changes yet."""
        salt = new_salt() if self.game.prompt is not None and self.game.prompt.simultaneous else None
        return ActionRecord(len(self.game.actions), seat, action.to_json(), salt, self.tracer.at() if self.game.logging else None)

    def snapshot_due(self) -> tuple[int, str] | None:
        """The game's snapshot to keep, once a turn (the actions before it, its JSON): what a later
        release goes on from if its rules play this game differently (``None``: none due)."""
        if self.game.outcome is not None:
            return None
        latest = self.game.latest_start(len(self.game.actions))
        if latest is None or latest[1].turn <= self._snapshot_turn:
            return None
        try:
            text = json.dumps(latest[1].to_json())
        except SnapshotError as err:  # never expected (the conformance suite snapshots every rule set): the game plays on without
            log.error("game %s: no snapshot: %s", self.rec.id, err)
            return None
        self._snapshot_turn = latest[1].turn
        return latest[0], text

    def take(self, entry: ActionRecord, action: Action) -> None:
        """Apply an action once it is stored."""
        self._apply(entry.seat, action, entry.salt)

    def catch_up(self, records: list[ActionRecord]) -> bool:
        """Apply the actions another process stored after this table's (a shared store), as a
        replay does; ``False``, with the table to be built anew, if they do not follow on from its
        own or the game refuses one."""
        try:
            for a in records:
                if a.seq != len(self.game.actions):
                    return False
                self._apply(a.seat, self.game.decode(a.action), a.salt)
        except (IllegalAction, DiceError):
            return False
        self._unstored_outcome = None  # the process that stored them stored the outcome with them
        return True

    def outcome_to_store(self) -> dict[str, Any] | None:
        """The outcome, the first time it is asked for after the game has ended (to be stored once)."""
        out, self._unstored_outcome = self._unstored_outcome, None
        return out

    def adopt(self, history: list[tuple[str, Action]]) -> list[ActionRecord]:
        """Apply the actions a continued save starts with (already replayed once in full), giving
        the records to store with the game; nothing is written here (the caller stores the game
        and its actions in one transaction)."""
        records = []
        for seat, action in history:
            records.append(self.entry(seat, action))
            self.take(records[-1], action)
        self._unstored_outcome = None  # it goes into the stored game itself
        return records

    def ai_to_act(self) -> str | None:
        """The AI seat the game waits on next, if any."""
        if self.game.prompt is None:
            return None
        return next((s for s in self.game.waiting_for() if s in self.agents), None)

    def thinking(self) -> list[dict[str, str]]:
        """The AI seats deciding now, for the pages to show while they wait: every AI seat the
        open prompt waits on (the table's AI turn is under way whenever one is: :meth:`ai_to_act`),
        with who plays it in the rule set's words."""
        if self.game.prompt is None or self.game.outcome is not None:
            return []
        return [
            {"seat": s, "player": self.rec.seats[s]["player"], "label": self.player_label(self.rec.seats[s]["player"])}
            for s in self.game.waiting_for()
            if s in self.agents
        ]

    def player_label(self, player: str) -> str:
        """A seat's player as people read it: a level in the rule set's words (its phrasebook's
        ``level`` labels), any other player by its name."""
        if player not in LEVELS:
            return player
        book = self.game.ruleset.phrasebook()
        return book.label("level", player) if book is not None else player

    def think(self, seat: str) -> Action:
        """An AI seat's answer to the open prompt. It only reads the game, so the server can run it
        in a worker thread (a search player thinks for a while) without blocking other tables."""
        assert self.game.prompt is not None
        return self.agents[seat].act(self.game, seat, self.game.prompt)

    def _apply(self, seat: str, action: Action, salt: str | None) -> None:
        prompt = self.game.prompt
        index = len(self.game.actions)
        self.game.submit(seat, action)
        if salt is not None:
            text = canonical(action)
            c = Commitment(index, seat, commit(text, salt), text, salt)
            self.commitments.append(c)
            self._open.append(c)
        if self.game.prompt is not prompt or self.game.prompt is None:
            for c in self._open:
                c.revealed = True
            self._open = []
        if self.game.outcome is not None and self.rec.outcome is None:
            self.rec = dataclasses.replace(self.rec, outcome=self.game.outcome.to_json())
            self._unstored_outcome = self.rec.outcome

    def _undo_from(self) -> int:
        """The index of the first action an undo takes back (the last person's decision), or a
        refusal saying why nothing can be."""
        if self.game.outcome is not None:
            raise Denied(409, "the game is over: its result stands, and no decision can be taken back")
        if not self.solo:
            raise Denied(409, "undo is for solo and hotseat games: other people have seen this game go on")
        last = max((i for i, (s, _) in enumerate(self.game.actions) if s not in self.agents), default=None)
        if last is None:
            raise Denied(409, "there is no decision of yours to take back")
        return last

    def undoer(self, token: str | None) -> str:
        """The seat a token asks to undo for (a spectator's token may not)."""
        seat = self.seat_of(token)
        if seat is None:
            raise Denied(403, "spectators cannot undo")
        return seat

    def undo_plan(self) -> dict[str, Any]:
        """What an undo would take back, for the page to say before it is asked to confirm: the
        person's decision it starts from (whose, its kind, the turn it is in now) and every action
        after it by seat, the AI's marked, and how many in all."""
        last = self._undo_from()
        removed = self.game.actions[last:]
        by: dict[str, int] = {}
        for s, _ in removed:
            by[s] = by.get(s, 0) + 1
        seat, first = removed[0]
        return {
            "count": len(removed),
            "from": {"seat": seat, "kind": first.kind, "action": first.to_json()},
            "seats": [{"seat": s, "ai": s in self.agents, "count": n} for s, n in by.items()],
            "turn": self.game.turn,
        }

    def undo(self, seat: str) -> int:
        """Take back the last decision of a person (and the AI moves after it), in a game with at
        most one person's seat or played hotseat; returns how many actions were removed."""
        last = self._undo_from()
        history = self.game.actions
        kept: list[ActionRecord] = self.store.actions(self.rec.id)[:last]
        self.store.truncate(self.rec.id, last)
        self.rec = dataclasses.replace(self.rec, outcome=None)
        self.game = self._fresh()
        self._snapshot_turn = -1
        for a in kept:
            self._apply(a.seat, self.game.decode(a.action), a.salt)
        return len(history) - last

    # ------------------------------------------------------------------ what a seat sees

    def view(self, seat: str | None, since: int = 0) -> dict[str, Any]:
        """The seat's (or the spectator's) view, with the log from event ``since`` on.  The prompt
        waiting on the seat carries its legal answers in words (``legal``: ``Choices.describe()``
        and its digest), from which the page builds a form where the rule set's plugin has none."""
        v, faults = views.build(self.game, seat, since, self._listings)
        for fault in faults:
            self._log(fault, seat)
        v["since"] = since
        v["game"] = self.rec.id
        v["title"] = self.rec.title
        v["me"] = seat
        # the seats this link plays: more than one at a hotseat, where one screen is passed round
        v["hands"] = [] if seat is None else [s for s, spec in self.rec.seats.items() if spec["token"] == self.rec.seats[seat]["token"]]
        v["seats"] = {s: {"player": spec["player"], "label": self.player_label(spec["player"])} for s, spec in self.rec.seats.items()}
        v["thinking"] = self.thinking()
        v["companion"] = self.rec.companion
        v["actions"] = len(self.game.actions)
        v["commitments"] = [c.public() for c in self.commitments]
        v["seed"] = {"hash": self.game.commitment}
        if self.rec.seed_chosen:  # whoever gave it knows every roll to come: the others should know that
            v["seed"]["chosen"] = True
        if self.game.given:  # a game continued from a save: its first rolls came with the save, the seed rolls the rest
            v["seed"]["rolls_given"] = len(self.game.given)
        if self.game.outcome is not None:
            v["seed"].update(seed=str(self.rec.seed), salt=self.rec.seed_salt)
        v["notice"] = self.rec.notice  # what became of the game when newer rules carried it on
        v["can_undo"] = seat is not None and seat not in self.agents and self.solo and self.game.outcome is None
        v["prints"] = pages_json(self.game.ruleset, OF_A_GAME)  # the table links the game's printable pages and its pieces''
        return v

    def save(self) -> dict[str, Any]:
        """The save anyone at this table may download: no secret in it (see ``Game.public_save``),
        with who played each seat (``players``: a person or which AI), so that continuing it keeps
        the same seats by default (the lobby reads them; the rules never do)."""
        return {**self.game.public_save(), "players": {s: spec["player"] for s, spec in self.rec.seats.items()}}

    def replay_view(self, upto: int) -> dict[str, Any]:
        """The spectator's view of this game after its first ``upto`` actions (replay stepping).
        Others' sealed orders still hidden at that step stay out of the public view."""
        if not 0 <= upto <= len(self.game.actions):
            raise Denied(400, f"step must be between 0 and {len(self.game.actions)}")
        g = self.game.copy(upto=upto)  # from the latest checkpoint before that step: not the whole game again
        v, faults = views.build(g, None)
        for fault in faults:
            self._log(fault, None)
        v["step"], v["steps"], v["game"], v["title"] = upto, len(self.game.actions), self.rec.id, self.rec.title
        return v


def _revisions(rules: dict[str, int]) -> str:
    return ", ".join(f"{k} revision {v}" for k, v in rules.items()) if rules else "rules from before revisions were recorded"
