"""Players that answer a game's prompts: random-legal (for fuzzing) and search, for every rule set,
and each rule set's own (Jim Lad's heuristic player); and the levels people choose (:mod:`.levels`).

An agent sees the game and the prompt addressed to its seat and returns an action; it never
reads another seat's sealed orders (they are held outside the state until revealed).

The random and search players are generic: they work from what every prompt offers
(``prompt.legal(seat)``) and from what a rule set tells the search through its ``players()``
capability (:class:`~grapeshot.core.capabilities.Players`).  A rule set's own players come from
the same capability; :func:`factories` lists them all for one rule set, and a rule module's
prompts go to the module's players (:mod:`.modules`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from grapeshot.core.capabilities import Player, PlayerFactory
from grapeshot.core.game import Game
from grapeshot.core.ruleset import Outcome, Ruleset, get

#: anything that can answer a prompt for a seat (the core's ``Player``), and a maker of one from a seed
Agent = Player
AgentFactory = PlayerFactory


def factories(ruleset: Ruleset | str) -> dict[str, AgentFactory]:
    """The players of a rule set by name: the generic random and search players and the rule set's
    own (its ``players()``), then the levels people choose from (easy, normal, hard: :mod:`.levels`),
    each one of those players with a budget; each factory takes a seed for the player's own
    choices.  A rule set's own players hand the prompts of any rule module in play to the module's
    players."""
    from grapeshot.agents.levels import level_factory, levels
    from grapeshot.agents.modules import WithModules
    from grapeshot.agents.random_player import RandomPlayer
    from grapeshot.agents.search import SearchPlayer

    rs = get(ruleset) if isinstance(ruleset, str) else ruleset
    out: dict[str, AgentFactory] = {}
    own = rs.players()
    for name, factory in (own.factories if own is not None else {}).items():
        out[name] = WithModules.factory(name, factory, own.module_answer if own is not None else None)
    out.update(random=RandomPlayer, search=SearchPlayer)
    players = dict(out)
    for name, level in levels(rs).items():  # the levels people choose from, each one of the players above
        if name in players:
            raise ValueError(f"the rule set {rs.name!r} has a player named {name!r}, which is the name of a level")
        out[name] = level_factory(name, level, players)
    return out


def rollout_player(ruleset: Ruleset | str) -> str:
    """The player a rule set plays quick games with (the search's futures, fuzzing, benchmarks):
    the one its ``players()`` names for rollouts, else the random player."""
    rs = get(ruleset) if isinstance(ruleset, str) else ruleset
    own = rs.players()
    return own.rollout if own is not None else "random"


def make(name: str, seed: int, ruleset: Ruleset | str) -> Agent:
    """The player ``name`` of a rule set, seeded; a clear error naming the players it has otherwise."""
    known = factories(ruleset)
    if name not in known:
        rs = get(ruleset) if isinstance(ruleset, str) else ruleset
        mine = "" if rs.players() is not None else ", which has no players of its own"
        raise ValueError(f"unknown player {name!r}; known: {', '.join(sorted(known))} (the players of the rule set {rs.name!r}{mine})")
    return known[name](seed)


def play_until(
    game: Game,
    agents: Mapping[str, Agent],
    until: Callable[[Game], bool] | None = None,
    check: Callable[[Game], None] | None = None,
    max_steps: int = 100_000,
) -> None:
    """Let agents answer every prompt until the game ends or ``until(game)`` holds.

    ``check`` runs after each action; more than ``max_steps`` prompts raise ``RuntimeError``
    (a game that never ends is a bug, not a result).
    """
    steps = 0
    while game.prompt is not None and (until is None or not until(game)):
        prompt = game.prompt
        for seat in game.waiting_for():
            game.submit(seat, agents[seat].act(game, seat, prompt))
            if check is not None:
                check(game)
            if game.prompt is not prompt:
                break
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game did not get there in {max_steps} steps")


def play_out(game: Game, agents: Mapping[str, Agent], check: Callable[[Game], None] | None = None, max_steps: int = 100_000) -> Outcome:
    """Let agents answer every prompt until the game ends; ``check`` runs after each action."""
    play_until(game, agents, check=check, max_steps=max_steps)
    assert game.outcome is not None
    return game.outcome
