"""Naval Warhammer's PettingZoo encoding: a catalogue of discrete actions for the ships' moves and
the shooting, and an observation vector of the table.

The generic environments (:mod:`grapeshot.adapters.pettingzoo`) build their spaces, masks and
rewards on this.  The catalogue covers the decisions that carry a fleet's fate turn by turn;
every other prompt (the crews' orders, charge reactions, moves on deck, boats, flyers, spells,
consolidation, cutting loose, shoving off, re-rolls) is answered by the helper player, the
heuristic, as the environments do for any prompt outside a catalogue.

**The catalogue**, made once per scenario from the game at its start:

* steering (``SteerPrompt``, NW-MOVE-1): for each of the prompt's five shares of the allowance
  (the least the ship must move, the quarters, the most) straight on, turning as far as it may
  to port, or to starboard (at the start of the move), each with or without a declared ram
  (NW-BOARD-1; a ram only where the course meets an enemy first).  The first template, the
  least move straight on, is the section's decline answer;
* shooting (``ShootPrompt``, NW-CREW-3): end the shooting, or a shooter slot (each unit with
  missiles or a war machine in the scenario at the start) at a ship slot (each ship at the
  start): the first shot the game lists for that shooter at that ship that it allows (a war
  machine's point short of her hull, small arms at her crew).

**The observation** (:attr:`NavalEncoder.features` names every entry): the turn, the phase,
the wind, the prompt's kind, the agent's seat, the ship the prompt concerns, then per ship slot
whose she is (from the agent's side), afloat, her place and heading, her hull's wounds and her
crew's models (each a share of the start), grappled and Shaken; then per shooter slot its models
left.  Nothing in the state is hidden from any seat.

**Material** for shaped rewards is the hull wounds and crew models a seat's ships have left,
each as a share of their start, minus everybody else's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import ActionTemplate, SeatView
from grapeshot.core.game import Game
from grapeshot.rulesets.navalwarhammer.actions import Shoot, Steer
from grapeshot.rulesets.navalwarhammer.courses import turns
from grapeshot.rulesets.navalwarhammer.prompts import SHARES, ShootPrompt, SteerPrompt, refusal, shots
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship

PHASES = ("setup", "wind", "start", "movement", "magic", "shooting", "combat")
PROMPTS = ("SteerPrompt", "ShootPrompt")
TURNING = ("straight", "port", "starboard")


@dataclass(frozen=True, slots=True)
class Template(ActionTemplate):
    """A catalogue entry: for steering a share index, a turning and a ram; for shooting a
    shooter slot and a ship slot (``-1``: end the shooting)."""

    share: int = 0
    turning: str = "straight"
    ram: bool = False
    shooter: int = -1
    target: int = -1


def _crew(sea: Sea, ship: str) -> int:
    return sum(u.models for u in sea.units.values() if u.home == ship and not u.is_machine)


class NavalEncoder:
    """The :class:`~grapeshot.core.capabilities.Encoder` of one scenario (see the module docstring)."""

    simultaneous: frozenset[str] = frozenset()
    helper = "heuristic"

    def __init__(self, game: Game) -> None:
        sea = cast(Sea, game.state)
        self.seats: tuple[str, ...] = tuple(sea.seats)
        self.ships: tuple[str, ...] = tuple(sea.ships)
        self.shooters: tuple[str, ...] = tuple(n for n, u in sea.units.items() if u.is_machine or u.missile is not None)
        self.hull0 = {n: max(1, s.parts["hull"].wounds_left) for n, s in sea.ships.items()}
        self.crew0 = {n: max(1, _crew(sea, n)) for n in sea.ships}
        self.models0 = {n: max(1, sea.units[n].models) for n in self.shooters}
        self.width, self.height = float(sea.table.width), float(sea.table.height)
        steer = [
            Template("SteerPrompt", "steer", f"{int(SHARES[k] * 100)}% of the allowance, {t}" + (", ramming" if ram else ""), share=k, turning=t, ram=ram)
            for k in range(len(SHARES))
            for t in TURNING
            for ram in (False, True)
        ]
        shoot = [Template("ShootPrompt", "end", "end the shooting")]
        shoot += [Template("ShootPrompt", "shoot", f"{u} at {s}", shooter=i, target=j) for i, u in enumerate(self.shooters) for j, s in enumerate(self.ships)]
        self._templates: tuple[Template, ...] = (*steer, *shoot)
        feats = ["turn", *(f"phase:{p}" for p in PHASES), "wind:cos", "wind:sin", *(f"prompt:{p}" for p in PROMPTS), *(f"seat:{s}" for s in self.seats)]
        feats += [f"focus:{s}" for s in self.ships]
        for s in self.ships:
            feats += [f"{s}:{k}" for k in ("mine", "afloat", "x", "y", "heading:cos", "heading:sin", "hull", "crew", "grappled", "shaken")]
        feats += [f"{u}:models" for u in self.shooters]
        self._features = tuple(feats)

    @property
    def templates(self) -> Sequence[ActionTemplate]:
        return self._templates

    @property
    def features(self) -> Sequence[str]:
        return self._features

    def steps(self, view: SeatView) -> int:
        return 1

    def action_for(self, view: SeatView, index: int) -> Action | None:
        t = self._templates[index]
        sea = cast(Sea, view.state)
        p = view.prompt
        if isinstance(p, SteerPrompt) and t.prompt == "SteerPrompt":
            ship = sea.ships[p.ship]
            d = p.least + (p.most - p.least) * SHARES[t.share]
            allowed = turns(ship, p.mode, d)
            turn = 0.0 if t.turning == "straight" else (max(allowed) if t.turning == "port" else min(allowed))
            if t.turning != "straight" and turn == 0.0:
                return None
            return Steer(p.ship, d, turn, "start", t.ram)
        if isinstance(p, ShootPrompt) and t.prompt == "ShootPrompt":
            if t.shooter < 0:
                return Shoot()
            name, target = self.shooters[t.shooter], self.ships[t.target]
            found = next((s for s in p.open() if s.unit == name), None)
            if found is None or target not in sea.ships:
                return None
            return next((a for a in shots(sea, found) if a.ship == target and refusal(sea, found, a) is None), None)
        return None

    def observe(self, view: SeatView) -> Sequence[float]:
        sea = cast(Sea, view.state)
        out = [min(1.0, sea.turn / 10.0)]
        out += [1.0 if view.phase == p else 0.0 for p in PHASES]
        out += [math.cos(math.radians(sea.wind)), math.sin(math.radians(sea.wind))]
        kind = view.prompt.kind if view.prompt is not None else ""
        out += [1.0 if kind == p else 0.0 for p in PROMPTS]
        out += [1.0 if view.seat == s else 0.0 for s in self.seats]
        focus = view.prompt.ship if isinstance(view.prompt, SteerPrompt) else None
        out += [1.0 if focus == s else 0.0 for s in self.ships]
        for name in self.ships:
            out += self._ship(sea, sea.ships.get(name), view.seat)
        out += [sea.units[u].models / self.models0[u] if u in sea.units else 0.0 for u in self.shooters]
        return [max(-1.0, min(1.0, v)) for v in out]

    def _ship(self, sea: Sea, ship: Ship | None, seat: str) -> list[float]:
        if ship is None:
            return [0.0] * 10
        h = ship.hull
        return [
            1.0 if ship.commander == seat else -1.0,
            1.0 if ship.afloat else 0.0,
            h.x / self.width,
            h.y / self.height,
            math.cos(math.radians(h.heading)),
            math.sin(math.radians(h.heading)),
            ship.parts["hull"].wounds_left / self.hull0[ship.name],
            _crew(sea, ship.name) / self.crew0[ship.name],
            1.0 if ship.grappled else 0.0,
            1.0 if ship.shaken else 0.0,
        ]

    def info(self, view: SeatView) -> Mapping[str, Any]:
        p = view.prompt
        if isinstance(p, SteerPrompt):
            return {"ship": p.ship}
        return {}

    def material(self, state: Any, seat: str) -> float | None:
        sea = cast(Sea, state)
        total = 0.0
        for name, ship in sea.ships.items():
            if name not in self.hull0:
                continue
            worth = (ship.parts["hull"].wounds_left / self.hull0[name] if ship.afloat else 0.0) + _crew(sea, name) / self.crew0[name]
            total += worth if ship.commander == seat else -worth
        return total


class NavalEncoding:
    """The :class:`~grapeshot.core.capabilities.Encoding` of Naval Warhammer."""

    def encoder(self, game: Game) -> NavalEncoder:
        return NavalEncoder(game)


ENCODING = NavalEncoding()
