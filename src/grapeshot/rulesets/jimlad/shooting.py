"""A round of shooting: in turn sequence, each ship fires what bears or repairs (JL-TURN-4).

The shooting phase is one such round; becalmed sailing ships get another in the movement
phase (JL-EVT-5).  After each seat's turn, every ship it penetrated rolls once on the damage
table (JL-DMG-2).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.rulesets.jimlad import victory
from grapeshot.rulesets.jimlad.actions import EndShooting, Fire, Repair, Sluggas, Torpedoes
from grapeshot.rulesets.jimlad.damage import damage_table, repair
from grapeshot.rulesets.jimlad.kannon import can_shoot, fire, sluggas
from grapeshot.rulesets.jimlad.prompts import shoot_prompt
from grapeshot.rulesets.jimlad.state import Sea, Ship
from grapeshot.rulesets.jimlad.torpedoes import launch

Proc = Generator[Prompt, Any, Any]


def shooting_round(g: Game, sea: Sea, rule: str, *, who: Callable[[Ship], bool], decisive: bool) -> Generator[Prompt, Any, Outcome | None]:
    """Every ship ``who`` accepts gets its turn to shoot, seat by seat in the turn sequence.

    ``decisive``: the round may end the game (the shooting phase), so victory is checked after
    every shot; otherwise (a round inside another phase) it only stops once one fleet is left.
    """
    _fresh(sea)
    for seat in sea.order:
        sea.penetrated = []
        for ship in sea.fleet(seat):
            if not ship.afloat or not ship.krewed or not who(ship):
                continue
            why = can_shoot(sea, ship)
            if why is not None:
                g.emit("holds-fire", rule, ship=ship.name, why=why)
            prompt = shoot_prompt(sea, ship)
            while ship.afloat and ship.commander == seat and prompt.refresh():
                action = yield prompt
                if isinstance(action, EndShooting):
                    break
                yield from take_action(g, sea, ship, action)
                if decisive:
                    outcome = victory.check(g, sea)
                    if outcome is not None:
                        return outcome
                elif len({s.commander for s in sea.afloat()}) <= 1:
                    return None
        for name in sea.penetrated:
            target = sea.ships[name]
            if target.afloat:
                yield from damage_table(g, sea, target, seat)
        sea.penetrated = []
    return None


def take_action(g: Game, sea: Sea, ship: Ship, action: Any) -> Proc:
    """Resolve one answer to a ship's shooting prompt."""
    if isinstance(action, Fire):
        yield from fire(g, sea, ship, action)
    elif isinstance(action, Torpedoes):
        yield from launch(g, sea, ship, action)
    elif isinstance(action, Sluggas):
        yield from sluggas(g, sea, ship, sea.ships[action.target])
    elif isinstance(action, Repair):
        yield from repair(g, sea, ship, action.what)


def _fresh(sea: Sea) -> None:
    """No weapon has fired and no rigger has worked yet in this round."""
    for ship in sea.ships.values():
        ship.fired.clear()
        ship.repaired = False
