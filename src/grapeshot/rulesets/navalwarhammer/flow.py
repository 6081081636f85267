"""The turn: a stand-in for the naval supplement's (docs/navalwarhammer.md, "The turn").

A game turn is each side's turn in the seats' order (option ``turn_order``: ``fixed``, or
``rotate`` to move the first seat to the back each turn).  At the start of each game turn after the
first the wind may shift (a D6: 1 backs it 45 degrees, 6 veers it 45; the sailing moves depend on
it, NW-MOVE-1) and the sharks come for the swimmers.  A side's turn has five phases, in the order
the fantasy game keeps:

1. **start**: rallying, stupidity (NW-PSY-3), animosity, monsters and handlers (NW-PSY-2),
   swimmers swim or climb aboard (NW-SWIM-1);
2. **movement**: the crew set to work (NW-CREW-1/2), boats launched (NW-LAUNCH-1), flyers first
   (NW-FLY-1), wild beasts, then the ships one by one (NW-MOVE-*, NW-BOARD-1/2, NW-DOCK-1,
   NW-SHALLOW-1, NW-AGROUND-1, NW-RAM-1), then the units aboard grappled ships;
3. **magic**: wizards not working cast (NW-MOVE-5);
4. **shooting**: small arms, naval guns, templates (NW-CREW-3, NW-CANNON-*, NW-TMPL-*, NW-SHOOT-*);
5. **close combat**: every model in contact fights, whoever's turn it is (NW-BOARD-3 to
   NW-BOARD-10).

The flow checkpoints at the start of every phase (``Game.copy`` starts there).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.dice import D6, RollRequest
from grapeshot.rulesets.navalwarhammer import victory
from grapeshot.rulesets.navalwarhammer.closecombat import combat_phase
from grapeshot.rulesets.navalwarhammer.minds import start_phase
from grapeshot.rulesets.navalwarhammer.moving import movement_phase
from grapeshot.rulesets.navalwarhammer.shooting import shooting_phase
from grapeshot.rulesets.navalwarhammer.spells import magic_phase
from grapeshot.rulesets.navalwarhammer.state import Sea
from grapeshot.rulesets.navalwarhammer.water import sharks

Proc = Generator[Prompt, Any, Any]
Phase = Callable[[Game, Sea, str], Proc]

PHASES: tuple[Phase, ...] = (start_phase, movement_phase, magic_phase, shooting_phase, combat_phase)
#: NW-MOVE-1 (a stand-in): the wind's shift on a D6
WIND_SHIFT = {1: 45.0, 6: -45.0}


def order(sea: Sea, turn: int) -> tuple[str, ...]:
    seats = list(sea.seats)
    if sea.option("turn_order") == "rotate" and seats:
        k = (turn - 1) % len(seats)
        seats = seats[k:] + seats[:k]
    return tuple(seats)


def play(g: Game, start: tuple[int, int, int] | None = None) -> Generator[Prompt, Any, Outcome]:
    """The whole game; from ``start`` (turn, seat index, phase index) it resumes at a checkpoint."""
    sea = cast(Sea, g.state)
    if start is None:
        if g.logging:
            g.emit("setup", None, scenario=g.scenario.name, options=g.options, state=sea.describe())
            for ship in sea.ships.values():
                muster(g, sea, ship.name)
        start = (1, 0, 0)
    limit = int(sea.option("turn_limit"))
    t0, s0, p0 = start
    for turn in range(t0, limit + 1):
        sea.turn = g.turn = turn
        seats = order(sea, turn)
        for si in range(s0 if turn == t0 else 0, len(seats)):
            seat = seats[si]
            sea.active = seat
            for pi in range(p0 if (turn, si) == (t0, s0) else 0, len(PHASES)):
                g.checkpoint((turn, si, pi))
                if pi == 0 and si == 0 and turn > 1:
                    yield from new_turn(g, sea)
                if any(u.seat == seat for u in sea.alive()) or sea.fleet(seat):
                    yield from PHASES[pi](g, sea, seat)
                outcome = victory.check(g, sea)
                if outcome is not None:
                    return outcome
    return victory.final(g, sea)


def new_turn(g: Game, sea: Sea) -> Proc:
    """The wind shifts, and the sharks come (a stand-in, :mod:`.water`), in a phase of their own."""
    g.begin_phase("wind", "NW-MOVE-1")
    r = yield from g.roll(RollRequest(D6, "the wind: does it shift?", "NW-MOVE-1", None, None, None))
    shift = WIND_SHIFT.get(int(r.total), 0.0)
    sea.wind = (sea.wind + shift) % 360.0
    g.emit("wind", "NW-MOVE-1", roll=r.total, shift=shift, direction=round(sea.wind, 3))
    yield from sharks(g, sea)


def muster(g: Game, sea: Sea, name: str) -> None:
    """What a ship brings to the table, each number with its rule: logged once at the start."""
    s = sea.ships[name]
    spec = s.spec
    g.emit(
        "muster",
        "NW-SHIP-2",
        ship=s.name,
        seat=s.owner,
        size=s.size.value,
        points=spec.points,
        value=s.value,
        toughness=s.parts["hull"].profile.t,
        structure=s.parts["hull"].profile.w,
        capacity=s.capacity,
        minimum_crew=s.minimum_crew,
        propulsion=s.propulsion.value,
        upgrades=dict(s.upgrades),
        parts={k: [p.profile.t, p.profile.w] for k, p in s.parts.items()},
        crew={u.name: u.models for u in sea.crew(s.name)},
        rules={"points": "NW-SHIP-2", "toughness": "NW-SHIP-5", "structure": "NW-SHIP-5", "capacity": "NW-SHIP-3", "upgrades": "NW-UPG-*"},
    )
