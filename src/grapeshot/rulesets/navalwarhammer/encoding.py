"""Naval Warhammer's PettingZoo encoding: every prompt a seat is asked is in the catalogue of
discrete actions (:mod:`.catalogue`), and the observation is a vector of the table.

The generic environments (:mod:`grapeshot.adapters.pettingzoo`) build their spaces, masks and
rewards on this; the helper player (the heuristic) answers only what a caller delegates.  The
engine itself makes no choice at set-up (the fleets deploy where the scenario puts them) and none
in a break test, an Out of Control move, Abandon Ship or docking (the dice and the rules decide
them), so those are not prompts.

**The catalogue**, made once per scenario from the game at its start, one section per prompt
kind, the first template of each its decline (or plainest) answer.  *Ship slots* are the ships
in scenario order, then the boats each may launch (``"<ship>'s boat 1"`` ...); *shooter slots*
the units with missiles and the war machines, then each boat's crew; *wizard slots* the wizards.

* the crew's work (``CrewPrompt``, NW-CREW-1/2), charge reactions and Prepare for Action
  (``ReactionsPrompt``, NW-BOARD-2), the moves on deck of grappled ships (``DeckMovesPrompt``,
  NW-BOARD-2/3/7): answered one unit per step, in the prompt's order (``info["unit"]``), each
  step a word: work, free, work below, free below; hold, stand-and-shoot, prepare-to-rail,
  prepare-back; stay, rail, charge, home, prize.  The units still to come take their first
  choice while masking, and the answer is submitted with the last unit's word;
* launching a boat (``LaunchPrompt``, NW-LAUNCH-1): none; or a side, the *n*-th unit of the crew
  that may man it (as the prompt lists them) and 2 to 5 models;
* a flyer's move (``FlyPrompt``, NW-FLY-1): stay; onto each ship slot's deck; 10" over the
  water towards each of the eight points of the compass (0, 45, ... 315 degrees);
* propulsion (``PropelPrompt``, NW-UPG-1, NW-DOCK-1, NW-MOVE-4): stay moored, cast off, sail,
  oars, steam, steam at full throttle (the chart's roll, its extra points and its risk), magic;
* steering (``SteerPrompt``, NW-MOVE-1, NW-BOARD-1): the least, the quarters and the most of the
  allowance (the roll for the wind, the oars or the steam points already made) times no turn,
  45 or 90 degrees to port or starboard at the start or the end of the move, each with or
  without a declared ram (legal only where the course meets an enemy first): 90 templates;
* boarders across (``AcrossPrompt``, NW-BOARD-3): 0 up to the largest unit's models;
* cutting loose (``CutLoosePrompt``, NW-BOARD-8): stay grappled, or try; shoving off
  (``ShoveOffPrompt``, NW-BOARD-9): stay, or half or all of the most she may shove off (4", 3"
  with heavy timbers, NW-UPG-3) towards each of the eight points from the bow; consolidation (``ConsolidatePrompt``, NW-BOARD-10): hold, or consolidate;
* magic (``CastPrompt``, FB-MAGIC-1): end the phase, or a wizard slot at a ship slot's rigging,
  hull, or the *n*-th enemy unit exposed aboard it (up to 8, as the prompt lists them);
* shooting (``ShootPrompt``, NW-CREW-3, NW-CANNON-*): end the shooting, or a shooter slot at a
  ship slot's part (each part key of the scenario), the *n*-th enemy unit it may target aboard
  her (up to 8), or, for a war machine, the *n*-th aim point of the prompt's grid (up to 4):
  the guess of range is the aim point, 4" short of her hull, 2" short, at the hull and at her
  centre along the line of fire (her centre alone where that line misses her);
* re-rolls a crew's officers grant (``RerollPrompt``, NW-UPG-7, NW-MOVE-4): keep, or re-roll the
  whole roll.

A template stands for the prompt's own answer with its key, or for none (masked out); the mask
is the prompt's own check, so a masked-in template is always accepted.

**The observation** (:attr:`NavalEncoder.features` names every entry): the turn, the phase, the
wind, the prompt's kind, the agent's seat, the ship the prompt concerns, the steering allowance
(least, most), the step of an answer in parts and the unit it concerns (as a shooter or wizard
slot where it is one), then per ship slot whose she is (from the agent's side), afloat, her place
and heading, her hull's wounds and her crew's models (each a share of the start), grappled and
Shaken; then per shooter slot its models left.  Nothing in the state is hidden from any seat.

**Material** for shaped rewards is the hull wounds and crew models a seat's ships have left,
each as a share of their start, minus everybody else's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import ActionTemplate, SeatView
from grapeshot.core.game import Game
from grapeshot.rulesets.navalwarhammer.catalogue import PROMPT_KINDS, Answers, focus_ship
from grapeshot.rulesets.navalwarhammer.prompts import SteerPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship

PHASES = ("setup", "wind", "start", "movement", "magic", "shooting", "combat")
#: inches the steering allowance in the observation is divided by (and clipped)
MOVE_SCALE = 24.0
SHIP_FEATURES = ("mine", "afloat", "x", "y", "heading:cos", "heading:sin", "hull", "crew", "grappled", "shaken")


def _crew(sea: Sea, ship: str) -> int:
    return sum(u.models for u in sea.units.values() if u.home == ship and not u.is_machine)


class NavalEncoder:
    """The :class:`~grapeshot.core.capabilities.Encoder` of one scenario (see the module docstring)."""

    simultaneous: frozenset[str] = frozenset()
    helper = "heuristic"

    def __init__(self, game: Game) -> None:
        sea = cast(Sea, game.state)
        self.answers = Answers(game)
        slots = self.answers.slots
        self.seats: tuple[str, ...] = tuple(sea.seats)
        self.ships: tuple[str, ...] = slots.ships
        self.shooters: tuple[str, ...] = slots.shooters
        self.wizards: tuple[str, ...] = slots.wizards
        self.hull0 = {n: max(1, s.parts["hull"].wounds_left) for n, s in sea.ships.items()}
        self.crew0 = {n: max(1, _crew(sea, n)) for n in sea.ships}
        self.models0 = {n: max(1, sea.units[n].models) for n in self.shooters}
        self.width, self.height = float(sea.table.width), float(sea.table.height)
        feats = ["turn", *(f"phase:{p}" for p in PHASES), "wind:cos", "wind:sin", *(f"prompt:{p}" for p in PROMPT_KINDS), *(f"seat:{s}" for s in self.seats)]
        feats += [f"focus:{s}" for s in self.ships]
        feats += ["steer:least", "steer:most", "step"]
        feats += [f"step-unit:{u}" for u in (*self.shooters, *self.wizards)]
        for s in self.ships:
            feats += [f"{s}:{k}" for k in SHIP_FEATURES]
        feats += [f"{u}:models" for u in self.shooters]
        self._features = tuple(feats)

    @property
    def templates(self) -> Sequence[ActionTemplate]:
        return self.answers.templates

    @property
    def features(self) -> Sequence[str]:
        return self._features

    def steps(self, view: SeatView) -> int:
        return self.answers.steps(view)

    def action_for(self, view: SeatView, index: int) -> Action | None:
        return self.answers.action_for(view, index)

    def observe(self, view: SeatView) -> Sequence[float]:
        sea = cast(Sea, view.state)
        p = view.prompt
        out = [min(1.0, sea.turn / 10.0)]
        out += [1.0 if view.phase == ph else 0.0 for ph in PHASES]
        out += [math.cos(math.radians(sea.wind)), math.sin(math.radians(sea.wind))]
        kind = p.kind if p is not None else ""
        out += [1.0 if kind == k else 0.0 for k in PROMPT_KINDS]
        out += [1.0 if view.seat == s else 0.0 for s in self.seats]
        focus = focus_ship(view)
        out += [1.0 if focus == s else 0.0 for s in self.ships]
        steer = p if isinstance(p, SteerPrompt) else None
        out += [steer.least / MOVE_SCALE, steer.most / MOVE_SCALE] if steer is not None else [0.0, 0.0]
        steps = self.answers.steps(view)
        out.append(len(view.picks) / steps if steps > 1 else 0.0)
        unit = self.answers.step_unit(view)
        out += [1.0 if unit == u else 0.0 for u in (*self.shooters, *self.wizards)]
        for name in self.ships:
            out += self._ship(sea, sea.ships.get(name), view.seat)
        out += [sea.units[u].models / self.models0[u] if u in sea.units else 0.0 for u in self.shooters]
        return [max(-1.0, min(1.0, v)) for v in out]

    def _ship(self, sea: Sea, ship: Ship | None, seat: str) -> list[float]:
        if ship is None:
            return [0.0] * len(SHIP_FEATURES)
        h = ship.hull
        return [
            1.0 if ship.commander == seat else -1.0,
            1.0 if ship.afloat else 0.0,
            h.x / self.width,
            h.y / self.height,
            math.cos(math.radians(h.heading)),
            math.sin(math.radians(h.heading)),
            ship.parts["hull"].wounds_left / self.hull0.get(ship.name, max(1, ship.parts["hull"].wounds_left)),
            _crew(sea, ship.name) / self.crew0.get(ship.name, max(1, _crew(sea, ship.name))),
            1.0 if ship.grappled else 0.0,
            1.0 if ship.shaken else 0.0,
        ]

    def info(self, view: SeatView) -> Mapping[str, Any]:
        out: dict[str, Any] = {}
        ship = focus_ship(view)
        if ship is not None:
            out["ship"] = ship
        unit = self.answers.step_unit(view)
        if unit is not None:
            out["unit"] = unit
        return out

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
