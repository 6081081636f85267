"""A game and the seats learning in it, over any rule set's encoding: what both PettingZoo
environments drive (:mod:`.pettingzoo`).

The :class:`Session` turns catalogue indices into engine actions through the rule set's
:class:`~grapeshot.core.capabilities.Encoder`, masks them with the open prompt's own ``check``,
lets built-in players answer what no agent does, and keeps the rewards.  It knows no rule
set: everything particular to one comes from its encoding.  Observations are built from a
:class:`~grapeshot.core.capabilities.SeatView`, which holds one seat's own part of the game
(the state as that seat sees it, the prompt it is asked, the picks it has made), never the
game itself, so no observation can show another seat's sealed answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from grapeshot.agents import Agent, AgentFactory, factories
from grapeshot.core.actions import Action
from grapeshot.core.capabilities import ActionTemplate, Encoder, Encoding, SeatView
from grapeshot.core.contract import ENCODING
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Ruleset, default_ruleset, get
from grapeshot.core.scenario import Scenario, default_scenario, load_scenario
from grapeshot.report import Words, narrate

IllegalMode = Literal["substitute", "raise"]
Mask = NDArray[np.int8]
Vector = NDArray[np.float32]
Observation = dict[str, NDArray[Any]]

#: the environments' own first action: the only legal one of an agent the game is not waiting for
WAIT = ActionTemplate("", "wait", "wait (the game is not waiting for you)")


def ruleset_of(ruleset: str | Ruleset | None, scenario: str | Scenario | None) -> Ruleset:
    """The rule set played: the one named, else the scenario's own, else the default."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    if ruleset is None:
        return get(scenario.ruleset) if isinstance(scenario, Scenario) else default_ruleset()
    return get(ruleset)


def encoding_of(ruleset: Ruleset) -> Encoding:
    """The rule set's PettingZoo encoding, or a clear "the rule set 'x' has no PettingZoo encoding"."""
    found = ruleset.need(ENCODING)
    return found


def players_of(ruleset: Ruleset) -> dict[str, AgentFactory]:
    """The built-in players that may sit at this rule set's table, by name."""
    return factories(ruleset)


def prompt_key(game: Game, prompt: Prompt) -> str:
    """A prompt's kind as the catalogue names it: bare for the core's and the rule set's own,
    ``<module>.<kind>`` for a rule module's (so a module and its host may both have one kind)."""
    if prompt.namespace in game.namespaces[1:]:
        return f"{prompt.namespace}.{prompt.kind}"
    return prompt.kind


def sections_of(templates: Sequence[ActionTemplate]) -> dict[str, tuple[int, ...]]:
    """The catalogue's indices for each prompt kind it answers (the wait action in none)."""
    out: dict[str, list[int]] = {}
    for i, t in enumerate(templates):
        if t.prompt:
            out.setdefault(t.prompt, []).append(i)
    return {k: tuple(v) for k, v in out.items()}


def delegated(delegate: str | Iterable[str], kinds: Sequence[str], simultaneous: frozenset[str]) -> frozenset[str]:
    """The prompt kinds handed to the built-in player: those listed, or with ``"sequential"``
    every kind but those several seats answer at once."""
    if delegate == "sequential":
        chosen: tuple[str, ...] = tuple(k for k in kinds if k not in simultaneous)
    else:
        chosen = (delegate,) if isinstance(delegate, str) else tuple(delegate)
    unknown = sorted(set(chosen) - set(kinds))
    if unknown:
        raise ValueError(f"cannot delegate {unknown}: delegate takes 'sequential' or prompt kinds from {list(kinds)}")
    return frozenset(chosen)


class Session:
    """A game of one rule set and the seats learning in it: catalogue indices to engine actions,
    masks, observations, rewards.  Both environments drive one; use it directly to build others.

    Index 0 of the catalogue is ``wait``; index ``i > 0`` is the encoder's template ``i - 1``."""

    def __init__(
        self,
        scenario: str | Scenario | None = None,
        *,
        ruleset: str | Ruleset | None = None,
        opponents: Mapping[str, str | AgentFactory] | None = None,
        delegate: str | Iterable[str] = (),
        options: Mapping[str, object] | None = None,
        illegal: IllegalMode = "substitute",
        log: bool = False,
    ) -> None:
        self.ruleset = ruleset_of(ruleset, scenario)
        encoding = encoding_of(self.ruleset)
        if scenario is None:
            scenario = default_scenario(self.ruleset.name)
        self.scenario = load_scenario(scenario, self.ruleset.name) if isinstance(scenario, str) else scenario
        self.options = dict(options or {})
        probe = Game(self.ruleset, self.scenario, self.options, 0, log=False)  # checks the options, fixes the sizes
        self.seats: tuple[str, ...] = tuple(self.ruleset.seats_of(probe.state))
        self.encoder: Encoder = encoding.encoder(probe)
        #: whether the encoding measures material, so that rewards can be shaped by it
        self.has_material = self.encoder.material(probe.state, self.seats[0]) is not None
        known = players_of(self.ruleset)
        self.opponents: dict[str, AgentFactory] = {}
        for seat, who in (opponents or {}).items():
            if seat not in self.seats:
                raise ValueError(f"opponent seat {seat!r} is not a seat of {self.scenario.name}: {list(self.seats)}")
            if isinstance(who, str):
                if who not in known:
                    raise ValueError(f"unknown player {who!r}; known: {', '.join(sorted(known))}")
                self.opponents[seat] = known[who]
            else:
                self.opponents[seat] = who
        self.learners: tuple[str, ...] = tuple(s for s in self.seats if s not in self.opponents)
        if not self.learners:
            raise ValueError("every seat is an opponent: leave at least one seat to the agents")
        if self.encoder.helper not in known:
            raise ValueError(f"the {self.ruleset.name} encoding names a helper player {self.encoder.helper!r} that is not known: {', '.join(sorted(known))}")
        self.helper = known[self.encoder.helper]
        self.templates: tuple[ActionTemplate, ...] = (WAIT, *self.encoder.templates)
        self.sections = sections_of(self.templates)
        self.prompt_kinds: tuple[str, ...] = tuple(self.sections)
        self.delegate = delegated(delegate, self.prompt_kinds, self.encoder.simultaneous)
        if illegal not in ("substitute", "raise"):
            raise ValueError(f"illegal must be 'substitute' or 'raise', not {illegal!r}")
        self.illegal: IllegalMode = illegal
        self.log = log
        self.obs_size = len(self.encoder.features)
        self.game: Game | None = None
        self.players: dict[str, Agent] = {}
        self.version = 0
        self._pending: dict[str, list[int]] = {}
        self._pending_for: Prompt | None = None
        self._masks: dict[str, tuple[int, Mask]] = {}
        self._vectors: dict[str, tuple[int, Vector]] = {}
        self._shown = 0

    # ------------------------------------------------------------------ spaces

    @property
    def n_actions(self) -> int:
        return len(self.templates)

    def observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            }
        )

    def feature_names(self) -> list[str]:
        """The name of every entry of the observation vector, in order."""
        return list(self.encoder.features)

    # ------------------------------------------------------------------ the game

    def start(self, seed: int) -> None:
        """A new game with this seed; the built-in players are seeded from it too."""
        self.game = Game(self.ruleset, self.scenario, self.options, seed, log=self.log)
        streams = np.random.SeedSequence(seed).spawn(len(self.seats))
        player_seeds = {seat: int(s.generate_state(1)[0]) for seat, s in zip(self.seats, streams, strict=True)}
        self.players = {seat: self.opponents[seat](player_seeds[seat]) for seat in self.opponents}
        for seat in self.learners:
            self.players[seat] = self.helper(player_seeds[seat])  # answers the delegated prompts
        self._pending, self._pending_for = {}, None
        self._shown = 0
        self.version += 1
        self.autoplay()

    @property
    def current(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    @property
    def over(self) -> bool:
        return self.current.outcome is not None

    def _auto(self, seat: str, prompt: Prompt) -> Agent | None:
        """The built-in player that answers this seat's prompt, if an agent does not."""
        key = prompt_key(self.current, prompt)
        if seat in self.opponents or key in self.delegate or key not in self.sections:
            return self.players[seat]
        return None

    def autoplay(self) -> None:
        """Let the built-in players answer until the game waits for an agent (or ends)."""
        g = self.current
        while (p := g.prompt) is not None:
            auto = [(seat, player) for seat in g.waiting_for() if (player := self._auto(seat, p)) is not None]
            if not auto:
                break
            for seat, player in auto:
                g.submit(seat, player.act(g, seat, p))
                if g.prompt is not p:
                    break
        self.version += 1

    def asked(self, seat: str) -> Prompt | None:
        """The prompt this agent must answer now, or None."""
        g = self.current
        p = g.prompt
        if p is None or seat not in self.learners or seat not in g.waiting_for() or self._auto(seat, p) is not None:
            return None
        return p

    def asked_seats(self) -> list[str]:
        """The agents the game waits for now, in the prompt's order of seats."""
        p = self.current.prompt
        return [] if p is None else [s for s in p.seats if self.asked(s) is not None]

    def pending(self, seat: str, prompt: Prompt) -> list[int]:
        """The encoder's indices this seat has picked so far towards its answer to ``prompt``."""
        if self._pending_for is not prompt:
            self._pending, self._pending_for = {}, prompt
        return self._pending.setdefault(seat, [])

    def view(self, seat: str) -> SeatView:
        """What the encoding may read for this agent: its view of the state, its prompt, its picks."""
        g = self.current
        p = self.asked(seat)
        picks = tuple(self.pending(seat, p)) if p is not None else ()
        return SeatView(seat, g.state, g.turn, g.phase, p, picks)

    # ------------------------------------------------------------------ templates to actions

    def action_for(self, seat: str, index: int) -> Action | None:
        """The engine action catalogue entry ``index`` stands for now (None if it has no meaning now).

        For an answer given in several steps it is the whole answer as it would be submitted:
        the picks so far, this one, and the encoding's defaults for the steps still to come."""
        t = self.templates[index]
        p = self.asked(seat)
        if p is None or index == 0 or t.prompt != prompt_key(self.current, p):
            return None
        return self.encoder.action_for(self.view(seat), index - 1)

    def legal(self, seat: str, index: int) -> bool:
        """Whether the engine would accept catalogue entry ``index`` from this agent now."""
        p = self.asked(seat)
        if index == 0:
            return p is None
        return p is not None and self.templates[index].prompt == prompt_key(self.current, p) and self._accepts(p, self.view(seat), index)

    def _accepts(self, p: Prompt, view: SeatView, index: int) -> bool:
        """Whether the prompt asked of ``view.seat`` accepts the action of catalogue entry ``index``
        (which answers that prompt's kind)."""
        action = self.encoder.action_for(view, index - 1)
        if action is None:
            return False
        try:
            p.check(view.seat, action)
        except IllegalAction:
            return False
        return True

    def mask(self, seat: str) -> Mask:
        cached = self._masks.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        m = np.zeros(self.n_actions, dtype=np.int8)
        p = self.asked(seat)
        if p is None:
            m[0] = 1
        else:
            view = self.view(seat)
            for i in self.sections[prompt_key(self.current, p)]:
                m[i] = self._accepts(p, view, i)
        self._masks[seat] = (self.version, m)
        return m

    def play(self, seat: str, index: int | None) -> bool:
        """Take this agent's action; True if it was illegal and the first legal one stood in."""
        p = self.asked(seat)
        if p is None:
            raise RuntimeError(f"the game is not waiting for {seat}")
        m = self.mask(seat)
        substituted = False
        if index is None or not 0 <= index < self.n_actions or not m[index]:
            if self.illegal == "raise":
                what = "no action" if index is None or not 0 <= index < self.n_actions else repr(self.templates[index].label)
                allowed = "; ".join(self.templates[i].label for i in np.flatnonzero(m))
                raise IllegalAction(f"{seat}: {what} ({index}) is not legal now ({p.text}); legal: {allowed}")
            index, substituted = int(np.flatnonzero(m)[0]), True
        view = self.view(seat)
        picks = self.pending(seat, p)
        if len(picks) + 1 < self.encoder.steps(view):
            picks.append(index - 1)
        else:
            action = self.encoder.action_for(view, index - 1)
            assert action is not None
            picks.append(index - 1)
            self.current.submit(seat, action)
        self.version += 1
        self.autoplay()
        return substituted

    # ------------------------------------------------------------------ rewards

    def balance(self) -> dict[str, float]:
        """Per agent: its material balance (own minus everybody else's), for shaped rewards."""
        state = self.current.state
        out: dict[str, float] = {}
        for seat in self.learners:
            value = self.encoder.material(state, seat)
            if value is None:
                raise ValueError(f"the {self.ruleset.name} encoding has no material balance to shape rewards with: use reward='win'")
            out[seat] = value
        return out

    def result(self, seat: str) -> float:
        """The end reward: +1 a win, -1 a loss, 0 a shared draw (or when nobody is left)."""
        o = self.current.outcome
        if o is None:
            return 0.0
        if o.objective == "draw":
            return 0.0 if seat in o.winners or not o.winners else -1.0
        return 1.0 if seat in o.winners else -1.0

    # ------------------------------------------------------------------ observations

    def observe(self, seat: str) -> Observation:
        """The agent's observation: copies, so a caller may change them freely."""
        return {"observation": self.vector(seat).copy(), "action_mask": self.mask(seat).copy()}

    def vector(self, seat: str) -> Vector:
        cached = self._vectors.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        values = self.encoder.observe(self.view(seat))
        if len(values) != self.obs_size:
            raise ValueError(f"the {self.ruleset.name} encoding observed {len(values)} values for {seat}, not the {self.obs_size} its features name")
        v = np.clip(np.asarray(values, dtype=np.float32), -1.0, 1.0)
        self._vectors[seat] = (self.version, v)
        return v

    # ------------------------------------------------------------------ words

    def infos(self) -> dict[str, dict[str, Any]]:
        g = self.current
        out: dict[str, dict[str, Any]] = {}
        for seat in self.learners:
            view = self.view(seat)
            p = view.prompt
            info: dict[str, Any] = {"prompt": None if p is None else prompt_key(g, p), **self.encoder.info(view), "turn": g.turn}
            if g.outcome is not None:
                info["outcome"] = g.outcome.to_json()
            out[seat] = info
        return out

    def report(self) -> str:
        """The battle report since the last call (with ``log``), and where the game stands."""
        g = self.current
        lines = list(narrate(g.events[self._shown :], Words.of(g)))
        self._shown = len(g.events)
        if g.outcome is not None:
            o = g.outcome
            lines.append(f"Game over on turn {o.turn}: {o.objective}, won by {', '.join(o.winners) or 'nobody'} ({o.detail}).")
        else:
            lines.append(f"Turn {g.turn}, {g.phase} phase: waiting for {', '.join(g.waiting_for())} ({g.prompt.text if g.prompt else ''}).")
        return "\n".join(lines)
