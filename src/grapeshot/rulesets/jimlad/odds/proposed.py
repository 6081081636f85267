"""The odds of an action a seat proposes in a Jim Lad game, before it is taken.

The action has been accepted by the prompt waiting on the seat (as :meth:`Game.submit` would
check it; :func:`grapeshot.odds.checked_prompt`), and it is never submitted: shooting actions
run :func:`shooting.take_action` on copies of the game's state, every ship the action newly
penetrates rolls on the damage table as at the end of the seat's turn, and a boarding action
runs :func:`boarding.attempt`.  Krak always splits into where the shell lands (numeric) and the
blow on each hull (exact); a torpedo salvo, whose run needs the scatter arrow, is simulated,
with the exact blow on each hull the simulation saw it strike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from grapeshot.core.actions import Action
from grapeshot.core.clone import clone
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import SeededDice
from grapeshot.odds import BUDGET, SAMPLES, OddsError, Proc, Sandbox, checked_prompt, drive
from grapeshot.rulesets.jimlad import damage, shooting
from grapeshot.rulesets.jimlad.actions import Fire, Repair, Sluggas, Torpedoes
from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import TORPEDO_STRENGTH
from grapeshot.rulesets.jimlad.odds.blows import strike_odds
from grapeshot.rulesets.jimlad.odds.fights import BoardingOdds, boarding_odds
from grapeshot.rulesets.jimlad.odds.landing import KrakOdds, krak_odds
from grapeshot.rulesets.jimlad.odds.runs import HEARD, ShipOdds, ShipRunner, sea_of
from grapeshot.rulesets.jimlad.prompts import ShootPrompt
from grapeshot.rulesets.jimlad.state import Sea


@dataclass
class ActionOdds:
    """The odds of a proposed action in a game: the whole action (exact, or Monte Carlo where it
    cannot be enumerated), with the exact parts alongside (a krak shell's blow on each hull it
    may land on; a torpedo's on each hull it was seen to strike)."""

    action: dict[str, Any]
    ship: str
    whole: ShipOdds | None = None
    krak: KrakOdds | None = None
    given_hit: list[ShipOdds] = field(default_factory=list)
    boarding: BoardingOdds | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "ship": self.ship}
        if self.whole is not None:
            out["whole"] = self.whole.to_json()
        if self.krak is not None:
            out["krak"] = self.krak.to_json()
        if self.given_hit:
            out["given_hit"] = [o.to_json() for o in self.given_hit]
        if self.boarding is not None:
            out["boarding"] = self.boarding.to_json()
        return out

    def render(self, console: Any) -> None:
        console.print(f"[bold]{self.ship}[/bold]: {self.action}", highlight=False)
        if self.krak is not None:
            self.krak.render(console)
        if self.whole is not None:
            self.whole.render(console)
        for odds in self.given_hit:
            odds.render(console)
        if self.boarding is not None:
            self.boarding.render(console)


def action_odds(game: Game, seat: str, action: Action, *, samples: int = SAMPLES, seed: int = 1, budget: int = BUDGET) -> ActionOdds:
    """The odds of ``seat`` answering the game's current prompt with ``action`` (checked first,
    as :meth:`Game.submit` would check it, and never submitted)."""
    sea_of(game, None)
    prompt = checked_prompt(game, seat, action)
    return answer_action(game, seat, prompt, action, samples=samples, seed=seed, budget=budget)


def answer_action(game: Game, seat: str, prompt: Prompt, action: Action, *, samples: int = SAMPLES, seed: int = 1, budget: int = BUDGET) -> ActionOdds:
    """:func:`action_odds` once ``prompt`` has accepted the action."""
    sea = sea_of(game, None)
    if isinstance(prompt, BoardPrompt) and isinstance(action, Board):
        if action.boarder is None or action.target is None:
            raise OddsError("passing has no odds")
        option = prompt.option(action.boarder, action.target)
        odds = boarding_odds(game, option.boarder, option.target, need=option.need, samples=samples, seed=seed, budget=budget)
        return ActionOdds(action.to_json(), option.boarder, boarding=odds)
    if not isinstance(prompt, ShootPrompt) or prompt.ship is None:
        raise OddsError(f"odds are worked out for shooting and boarding actions; the game asks {prompt.kind}")
    if not isinstance(action, (Fire, Torpedoes, Sluggas, Repair)):
        raise OddsError(f"{action.kind} has no odds")
    name = prompt.ship.name

    def proc(g: Game, sea: Sea) -> Proc:
        before = set(sea.penetrated)
        yield from shooting.take_action(g, sea, sea.ships[name], action)
        for hit in list(sea.penetrated):
            ship = sea.ships[hit]
            if hit not in before and ship.afloat:
                sea.penetrated.remove(hit)
                yield from damage.damage_table(g, sea, ship, seat)

    watch = [s.name for s in sea.ships.values() if s.afloat]
    title = f"{name}: {action.kind} {action.to_json()}"
    out = ActionOdds(action.to_json(), name)
    if isinstance(action, Fire) and action.shell == "krak":
        assert action.aim is not None
        out.krak = krak_odds(game, name, action.gun, action.aim)
        if samples > 0:
            out.whole = ShipOdds.solve(ShipRunner(game, sea, proc, watch), title, exact=False, samples=samples, seed=seed)
        return out
    out.whole = ShipOdds.solve(ShipRunner(game, sea, proc, watch), title, budget=budget, samples=samples, seed=seed)
    if isinstance(action, Torpedoes) and not out.whole.exact:
        out.given_hit = given_hits(game, sea, name, action, samples, seed)
    return out


def given_hits(game: Game, sea: Sea, name: str, action: Action, samples: int, seed: int) -> list[ShipOdds]:
    """Exact odds of a torpedo on each (ship, facing) a simulation of the salvo saw it strike."""
    seen: dict[tuple[str, str], None] = {}
    g = Sandbox(game, hear=HEARD)
    dice = SeededDice(seed)
    for _ in range(min(samples, 500)):
        state = clone(sea)
        g.state, g.dice, g.heard = state, dice, []
        drive(shooting.take_action(g, state, state.ships[name], action))
        for kind, data in g.heard:
            if kind == "strike":
                seen.setdefault((str(data["target"]), str(data["facing"])), None)
    return [strike_odds(game, t, TORPEDO_STRENGTH, f, by=name, sea=sea, cause="torpedo") for t, f in seen]
