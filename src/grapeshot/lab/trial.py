"""A rule module's trial: the same games of one scenario played with the module off and on.

Where a :class:`~grapeshot.lab.study.Study` pairs a rule set's factions, a trial asks what a
rule module changes: ``games`` seeded games of a scenario as it is written (its own fleets on
its own seats, so any scenario of any rule set that can carry the module will do, lab factions
or not), each played twice, once in each *arm*, with the module switched off and on. Both
plays of a game have the same dice seed and the same players with the same seeds, so the arms
differ only by the module (and by what its rules make the dice and the players do after).

The plan follows the lab's scheme: game ``g`` of the trial has the dice seed
``derive_seed(seed, g)``, and its two plays are the indices ``2g`` (off) and ``2g + 1`` (on), so
an interrupted run holds about as many games of each arm, and a longer trial extends a shorter
one. The same runner, backends and store play and keep them (:class:`~grapeshot.lab.study.Plan`);
the seats stand where factions stand in a study's records.

Settings every game shares (``--option KEY=VALUE``) are the rule set's options, given to both
arms, and the module's own (``collisions.grapple_extra=beyond-one``), given to the arm it is on
in; a scenario's own settings of the module (a Cunning Plan dealt) are left out of the arm it is
off in. :mod:`.contrast` sums the records up and tests the differences.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from grapeshot.agents import factories, rollout_player
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.module import get_module
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import Scenario, default_scenario, load_scenario, modules_data, parse_scenario
from grapeshot.lab.records import GameRecord, derive_seed, play_seeded, record_of
from grapeshot.lab.study import GameSpec, Setting, StudyError, plan_identity, plan_json

#: the two arms, in the order their games alternate
ARMS = ("off", "on")


@dataclass(frozen=True)
class Trial:
    """A planned trial of a module. Build it with :func:`plan_trial`, which checks it first."""

    ruleset: str
    scenario: str  # the scenario's name, for people
    scenario_json: str  # the scenario as parsed data (canonical JSON), carried to every worker
    seats: tuple[str, ...]
    module: str
    games_per_arm: int
    seed: int
    player: str
    options: tuple[Setting, ...] = ()
    kind: str = "trial"

    @property
    def total(self) -> int:
        return 2 * self.games_per_arm

    def spec(self, index: int) -> GameSpec:
        if not 0 <= index < self.total:
            raise IndexError(index)
        game, arm = divmod(index, 2)
        return GameSpec(index, derive_seed(self.seed, game), arm, self.seats)

    def games(self) -> Iterator[GameSpec]:
        for i in range(self.total):
            yield self.spec(i)

    def modules_for(self, arm: int) -> list[str]:
        """The modules in play in an arm: the scenario's, with the trial's module taken out or put in."""
        modules = [m for m in json.loads(self.scenario_json).get("modules", []) if m != self.module]
        return [*modules, self.module] if ARMS[arm] == "on" else modules

    def options_for(self, arm: int) -> dict[str, Any]:
        """The rule set's options for both arms; the module's own only where it is on."""
        own = f"{self.module}."
        return {k: v for k, v in self.options if ARMS[arm] == "on" or not k.startswith(own)}

    def new_game(self, arm: int, seed: int, *, log: bool = True) -> Game:
        return Game(self.ruleset, _scenario(self, arm), self.options_for(arm), seed=seed, log=log)

    def play(self, spec: GameSpec) -> GameRecord:
        """Play one game in one arm and keep its record (the seats stand for the factions)."""
        game = self.new_game(spec.variant, spec.seed)
        outcome = play_seeded(game, self.player, spec.seed, self.seats)
        return record_of(spec.index, spec.seed, ARMS[spec.variant], self.seats, game, outcome, lambda seat: seat)

    def identity(self) -> dict[str, Any]:
        return plan_identity(self, {"module": self.module})

    def to_json(self) -> dict[str, Any]:
        return plan_json(self, {"games_per_arm": self.games_per_arm, "games": self.total, "arms": {arm: self.modules_for(k) for k, arm in enumerate(ARMS)}})


@lru_cache(maxsize=32)
def _scenario(trial: Trial, arm: int) -> Scenario:
    data = modules_data(json.loads(trial.scenario_json), trial.modules_for(arm))  # the module's settings go with it
    return parse_scenario(data, f"{trial.scenario} (module {trial.module} {ARMS[arm]})")


def plan_trial(
    *,
    ruleset: str | Ruleset,
    module: str,
    scenario: str | Scenario | None = None,
    games: int = 100,
    seed: int = 1,
    player: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Trial:
    """Check a trial's parts and plan it; raise :class:`StudyError` naming what is wrong.

    ``scenario`` defaults to the rule set's own (its lab's, else its first); ``player`` to its quick player (its rollout player, else the random
    one). One game of each arm is set up here, so that a rule set that cannot carry the module,
    or an option it refuses, is refused before any game is played."""
    try:
        rs = get(ruleset) if isinstance(ruleset, str) else ruleset
        mod = get_module(module)
    except ValueError as e:
        raise StudyError(str(e)) from None
    try:
        sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario or default_scenario(rs.name), rs.name)
    except (ValueError, ScenarioError) as e:
        raise StudyError(str(e)) from None
    if games < 1:
        raise StudyError("a trial needs at least 1 game an arm")
    player = player or rollout_player(rs)
    if player not in factories(rs):
        raise StudyError(f"unknown player {player!r}; known: {', '.join(sorted(factories(rs)))}")
    trial = Trial(
        ruleset=rs.name,
        scenario=sc.name,
        scenario_json=json.dumps(json.loads(json.dumps(dict(sc.raw))), sort_keys=True),
        seats=tuple(s.id for s in sc.seats),
        module=mod.name,
        games_per_arm=games,
        seed=seed,
        player=player,
        options=tuple(sorted((options or {}).items())),
    )
    for arm, name in enumerate(ARMS):
        try:
            trial.new_game(arm, 0, log=False)
        except (ScenarioError, ValueError) as e:
            raise StudyError(f"module {mod.name} {name}: {e}") from None
    return trial
