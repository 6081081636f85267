"""PettingZoo environments over any rule set that has an encoding: one agent per seat,
discrete actions, masks.

:func:`env` gives an AEC environment (one decision at a time), :func:`parallel_env` a Parallel
one (the sealed answers of every seat in the same step).  Both are adapters over a
:class:`~grapeshot.core.game.Game`: every action an agent takes becomes an engine action that
goes through ``Game.submit``, and every "is this legal?" is answered by the engine's own
prompt (``prompt.check``).  Nothing here knows a rule the engine does not, nor any rule set:
what is particular to one comes from its encoding (``Ruleset.encoding()``, an
:class:`~grapeshot.core.capabilities.Encoding`; Jim Lad's is
its ``encoding.py``), and a rule set without one is refused with "the rule
set 'x' has no PettingZoo encoding".  The game logic shared by both environments is the
:class:`~grapeshot.adapters.session.Session`.

**Rule set and scenario.**  ``env(scenario, ruleset=...)``: a built-in scenario's name (or a
:class:`~grapeshot.core.scenario.Scenario`, whose own rule set is then played); without a
``ruleset``, a scenario named by a string is the default rule set's (the first installed); with
no scenario, the rule set's lab scenario (else its first built-in) is played.

**Agents.**  One per seat of the scenario, named by the seat id (``"red"``, ``"blue"``).
Seats listed in ``opponents`` are played inside the environment by a built-in player (a name:
``"heuristic"``, ``"search"``, ``"random"``; or a factory taking a seed) and are not agents;
this is how a learner is evaluated against the heuristic player.

**Actions.**  ``Discrete(n)`` over a catalogue of *action templates* made once per scenario
by the encoding.  Index 0 is ``wait``, the only legal action of an agent the game is not
waiting for (the Parallel environment steps every agent; the AEC one never selects such an
agent); the encoding's templates follow, in sections, one per kind of prompt, the first
template of each section by convention that prompt's decline answer.  An encoding may ask
for an answer in several steps (Jim Lad's orders, ship by ship): the environment keeps the
agent's picks and submits the whole answer when the last step is picked.

**Masks.**  ``action_mask[i]`` is 1 exactly when template ``i`` turns into an engine action
that the current prompt accepts (``prompt.check`` raises nothing) for this agent now; for an
answer of several steps, the whole answer (the picks so far, this one, the encoding's
defaults for the steps to come) must pass.  So every masked-in action is accepted by
``submit``.

**Observations.**  ``Dict({"observation": Box(-1, 1, (d,), float32), "action_mask":
Box(0, 1, (n,), int8)})``, PettingZoo's convention for masks.  The vector is the encoding's
(:meth:`Session.feature_names` names every entry), filled from a
:class:`~grapeshot.core.capabilities.SeatView`: the state as that seat may see it, the prompt
it is asked and its own picks, never the game, so no other seat's sealed answer or hidden
state can reach it.

**Rewards.**  ``reward="win"``: +1 to the winners, -1 to the others when the game ends; a draw
is 0 for the seats that share it (and for all when nobody is left), -1 for the rest.  In a
two-seat game the rewards sum to zero.  ``reward="material"`` (``"hull"`` is its older name,
from Jim Lad, whose material is hull points) adds shaping on every step: 0.1 per unit of
change in the agent's material balance as the encoding measures it (its own minus everybody
else's).  A game cut off by ``max_steps`` is truncated with no end reward.

**Illegal actions.**  ``illegal="substitute"`` (the default) replaces an action the mask rules
out (or ``None``) with the first legal one, i.e. the prompt's decline answer where it is legal,
and says so in ``infos[agent]["substituted"]``; ``illegal="raise"`` raises
:class:`~grapeshot.core.errors.IllegalAction` instead.  Substitution keeps PettingZoo's
``parallel_seed_test``, which samples without masks, playing real games.

**The Parallel environment.**  Each ``step`` answers the decision the game waits on: for a
prompt several seats answer at once (sealed orders) every waiting seat acts at once; for the
sequential prompts only the seat asked acts and the others send ``wait`` (anything they send
is ignored).  ``delegate="sequential"`` instead hands every prompt but the simultaneous ones
to the encoding's helper player (Jim Lad's heuristic), so that each step is one turn's orders:
a simultaneous-move game.  The same ``delegate`` option works for the AEC environment, and
also takes a list of prompt kinds.  Prompts outside the catalogue are always the helper's.

**Seeding.**  ``reset(seed=s)`` starts a new ``Game(..., seed=s)``, whose dice are seeded with
``s`` (the seed its save file records), and seeds the built-in players from ``s``; a later
``reset()`` without a seed draws the next seed from a generator seeded by ``s``.  Equal seeds
and equal actions give equal games, which ``seed_test`` checks.  ``reset``'s ``options`` are
not used: rule options are given when the environment is made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from grapeshot.adapters.session import IllegalMode, Mask, Observation, Session
from grapeshot.agents import AgentFactory
from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.ruleset import Ruleset
from grapeshot.core.scenario import Scenario

RewardMode = Literal["win", "material", "hull"]
SHAPING = 0.1  # reward per unit of change in the material balance, with reward="material"


def _reseed(seeder: np.random.Generator | None, seed: int | None) -> tuple[np.random.Generator, int]:
    """The game seed for a reset, and the generator that deals the seeds of later unseeded resets."""
    if seed is not None:
        return np.random.default_rng(seed), int(seed)
    gen = seeder if seeder is not None else np.random.default_rng()
    return gen, int(gen.integers(2**31))


# --------------------------------------------------------------------------- both environments


class _SessionEnv:
    """What the AEC and the Parallel environment share: set-up over a :class:`Session`, spaces,
    a new game on reset, rendering, masks and the action catalogue."""

    #: the environment's ``metadata`` but for its name, which is the rule set's: ``grapeshot_<ruleset><name_suffix>``
    METADATA: ClassVar[dict[str, Any]]
    name_suffix: ClassVar[str]

    def __init__(
        self,
        scenario: str | Scenario | None = None,
        *,
        ruleset: str | Ruleset | None = None,
        opponents: Mapping[str, str | AgentFactory] | None = None,
        delegate: str | Iterable[str] = (),
        reward: RewardMode = "win",
        illegal: IllegalMode = "substitute",
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        log: bool | None = None,
    ) -> None:
        """One constructor for both APIs; the arguments are described in the module documentation."""
        if reward not in ("win", "material", "hull"):
            raise ValueError(f"reward must be 'win' or 'material' ('hull' is its older name), not {reward!r}")
        if render_mode is not None and render_mode not in self.METADATA["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.METADATA['render_modes']} or None, not {render_mode!r}")
        self.session = Session(
            scenario,
            ruleset=ruleset,
            opponents=opponents,
            delegate=delegate,
            options=options,
            illegal=illegal,
            log=render_mode is not None if log is None else log,
        )
        self.shaped = reward != "win"
        if self.shaped and not self.session.has_material:
            raise ValueError(f"the {self.session.ruleset.name} encoding measures no material to shape rewards with: use reward='win'")
        self.metadata: dict[str, Any] = {**self.METADATA, "name": f"grapeshot_{self.session.ruleset.name}{self.name_suffix}"}
        self.reward_mode: RewardMode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self.session.learners)
        self.agents: list[str] = []
        self._observation_spaces = {a: self.session.observation_space() for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.session.n_actions) for a in self.possible_agents}
        self._seeder: np.random.Generator | None = None
        self._steps = 0
        self._fresh()

    def _fresh(self) -> None:
        """Set what the particular API keeps before the first reset (nothing, unless overridden)."""

    def _restart(self, seed: int | None) -> None:
        """A new game: its seed from ``seed`` (or the environment's own seeder), every agent in."""
        self._seeder, game_seed = _reseed(self._seeder, seed)
        self.session.start(game_seed)
        self._steps = 0
        self.agents = list(self.possible_agents)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    @property
    def game(self) -> Game:
        """The engine's game (for its log, outcome, save): read it, never submit to it."""
        return self.session.current

    def action_mask(self, agent: str) -> Mask:
        return self.session.mask(agent).copy()

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() called without a render_mode: make the environment with render_mode='ansi' or 'human'")
            return None
        text = self.session.report()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def action_label(self, index: int) -> str:
        return self.session.templates[index].label

    def action_for(self, agent: str, index: int) -> Action | None:
        return self.session.action_for(agent, index)


# --------------------------------------------------------------------------- AEC


class GrapeshotEnv(_SessionEnv, AECEnv):  # type: ignore[misc]
    """The AEC environment: ``agent_selection`` is the seat the game waits for.

    For sealed answers (a simultaneous prompt) the waiting seats take their turns one after
    another (each seat's answer stays sealed in the engine until all are in); an answer of
    several steps selects its seat once per step.  See the module documentation for spaces,
    masks and rewards."""

    METADATA: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}
    name_suffix: ClassVar[str] = "_v0"

    def _fresh(self) -> None:
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._restart(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = self.session.infos()
        self._skip_agent_selection = None
        self._settle()

    def observe(self, agent: str) -> Observation:
        return self.session.observe(agent)

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        before = self.session.balance()
        substituted = self.session.play(agent, None if action is None else int(action))
        self._steps += 1
        if self.shaped:
            after = self.session.balance()
            for a in self.agents:
                self.rewards[a] += SHAPING * (after[a] - before[a])
        self.infos = self.session.infos()
        if substituted:
            self.infos[agent]["substituted"] = True
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """After a reset or a step: end rewards and flags, or the next agent to act."""
        s = self.session
        if s.over:
            for a in self.agents:
                self.rewards[a] += s.result(a)
                self.terminations[a] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            asked = s.asked_seats()
            assert asked, "the game waits for no agent"
            self.agent_selection = asked[0]


# --------------------------------------------------------------------------- Parallel


class GrapeshotParallelEnv(_SessionEnv, ParallelEnv):  # type: ignore[misc]
    """The Parallel environment: every step answers the decision the game waits on, all the
    sealed answers at once.  Agents the game is not waiting for send ``wait`` (index 0)."""

    METADATA: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"]}
    name_suffix: ClassVar[str] = "_parallel_v0"

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._restart(seed)
        return {a: self.session.observe(a) for a in self.agents}, self.session.infos()

    def step(
        self, actions: Mapping[str, int | np.integer[Any] | None]
    ) -> tuple[dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        s = self.session
        live = list(self.agents)
        if not live:
            return {}, {}, {}, {}, {}
        before = s.balance()
        prompt = s.current.prompt
        substituted: set[str] = set()
        for seat in s.asked_seats():
            if s.asked(seat) is not prompt:  # the decision moved on (it cannot in one step; a guard)
                continue
            chosen = actions.get(seat)
            if s.play(seat, None if chosen is None else int(chosen)):
                substituted.add(seat)
        self._steps += 1
        rewards = dict.fromkeys(live, 0.0)
        if self.shaped:
            after = s.balance()
            for agent in live:
                rewards[agent] += SHAPING * (after[agent] - before[agent])
        terminations = dict.fromkeys(live, s.over)
        truncations = dict.fromkeys(live, not s.over and self.max_steps is not None and self._steps >= self.max_steps)
        if s.over:
            for agent in live:
                rewards[agent] += s.result(agent)
        infos = s.infos()
        for agent in substituted:
            infos[agent]["substituted"] = True
        observations = {agent: s.observe(agent) for agent in live}
        if s.over or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos


# --------------------------------------------------------------------------- factories


def env(
    scenario: str | Scenario | None = None,
    *,
    ruleset: str | Ruleset | None = None,
    opponents: Mapping[str, str | AgentFactory] | None = None,
    delegate: str | Iterable[str] = (),
    reward: RewardMode = "win",
    illegal: IllegalMode = "substitute",
    options: Mapping[str, object] | None = None,
    max_steps: int | None = None,
    render_mode: str | None = None,
    log: bool | None = None,
) -> GrapeshotEnv:
    """An AEC environment for a scenario (a built-in name or a :class:`Scenario`) of a rule set
    that has a PettingZoo encoding (``ruleset``; by default the scenario's own, or for a name the first
    installed).

    ``opponents`` maps seats to built-in players (``"heuristic"``, ``"random"`` or a factory
    taking a seed); ``delegate`` hands prompt kinds (or ``"sequential"``: all but the
    simultaneous ones) to the encoding's helper player; ``options`` overrides the scenario's
    rule options; ``log`` keeps the event log (on by default when rendering)."""
    return GrapeshotEnv(
        scenario,
        ruleset=ruleset,
        opponents=opponents,
        delegate=delegate,
        reward=reward,
        illegal=illegal,
        options=options,
        max_steps=max_steps,
        render_mode=render_mode,
        log=log,
    )


def parallel_env(
    scenario: str | Scenario | None = None,
    *,
    ruleset: str | Ruleset | None = None,
    opponents: Mapping[str, str | AgentFactory] | None = None,
    delegate: str | Iterable[str] = (),
    reward: RewardMode = "win",
    illegal: IllegalMode = "substitute",
    options: Mapping[str, object] | None = None,
    max_steps: int | None = None,
    render_mode: str | None = None,
    log: bool | None = None,
) -> GrapeshotParallelEnv:
    """A Parallel environment; the arguments are those of :func:`env`."""
    return GrapeshotParallelEnv(
        scenario,
        ruleset=ruleset,
        opponents=opponents,
        delegate=delegate,
        reward=reward,
        illegal=illegal,
        options=options,
        max_steps=max_steps,
        render_mode=render_mode,
        log=log,
    )


__all__ = ["GrapeshotEnv", "GrapeshotParallelEnv", "Session", "env", "parallel_env"]
