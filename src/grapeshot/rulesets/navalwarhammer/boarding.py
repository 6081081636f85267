"""Boarding: the moment two ships are grappled, and moving about their decks (NW-BOARD-2,
NW-BOARD-7, NW-FLY-1).

When a ship grapples an enemy (:mod:`.contact`), the boarded crew react (NW-BOARD-2): if the
boarders' crew causes terror each unit type tests first (FB-PSY-3, NW-PSY-1) and those that fail
take no reaction (and flee); the others hold, stand and shoot (their missiles at the nearest
boarding unit, -1 to hit), or Prepare for Action (move up to 2", to the rail or back from it; war
machines too).  Then the boarders' units may move their M to line up at the gunwale.

In every movement phase the units aboard grappled ships that are not in combat may stay, line up
at the rail, charge into the fray (up to twice their M, across onto the enemy deck where there is
room), go home to their own ship, or cross to a prize their side holds (NW-BOARD-7).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import distance
from grapeshot.rulesets.navalwarhammer.aboard import charge, go_home, line_up, step_back
from grapeshot.rulesets.navalwarhammer.actions import DeckMoves, Reactions
from grapeshot.rulesets.navalwarhammer.crew import cross_to, deck_move_choices, movers, reacting_units, reaction_choices
from grapeshot.rulesets.navalwarhammer.damage import credit
from grapeshot.rulesets.navalwarhammer.data import PREPARE_MOVE
from grapeshot.rulesets.navalwarhammer.fantasy.charts import STAND_AND_SHOOT, shooting_modifiers
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Special
from grapeshot.rulesets.navalwarhammer.fantasy.psychology import Effect, Psychology, take_test
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import shoot
from grapeshot.rulesets.navalwarhammer.prompts import DeckMovesPrompt, ReactionsPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops

Proc = Generator[Prompt, Any, Any]


def reach(u: Troops) -> float:
    return float(max(1, u.profile.m))


def boarders_cause_terror(sea: Sea, ship: Ship) -> bool:
    """NW-BOARD-2: the charging crew (or ship) causes terror: a terror-causing unit aboard it."""
    return any(u.has(Special.TERROR) for u, _ in sea.aboard(ship.name) if u.seat == ship.commander)


def lent_ld(sea: Sea, ship: Ship) -> int | None:
    """NW-SHIP-4: the admiral's Ld, lent to crews whose hull lies within 12" of his ship's hull."""
    from grapeshot.geometry import hull_distance
    from grapeshot.rulesets.navalwarhammer.data import ADMIRAL_RANGE

    for u in sea.alive():
        if u.admiral and u.seat == ship.commander:
            at = next((f.on for f in u.figs if f.aboard), None)
            if at is not None and at in sea.ships and hull_distance(sea.ships[at].hull, ship.hull) <= ADMIRAL_RANGE:
                return u.profile.ld
    return None


def crew_ld(sea: Sea, ship: Ship, units: list[Troops]) -> int:
    own = max(u.profile.ld for u in units)
    lent = lent_ld(sea, ship)
    return max(own, lent) if lent is not None else own


def boarded(g: Game, sea: Sea, boarder: Ship, target: Ship) -> Proc:
    """NW-BOARD-2: the boarded crew's charge reactions, then the boarders line up."""
    failed: set[str] = set()
    if boarders_cause_terror(sea, boarder):
        for u in reacting_units(sea, target, set()):
            v = yield from take_test(g, Psychology.TERROR, [u], ld=crew_ld(sea, target, [u]), boat=target.name)
            if not v.passed and Effect.NO_CHARGE_REACTION in v.effects:
                failed.add(u.name)
                u.fleeing = True
                step_back(sea, u, boarder, 2.0 * reach(u))
    units = reacting_units(sea, target, failed)
    options = {u.name: reaction_choices(sea, target, u) for u in units}
    picks: tuple[tuple[str, str], ...] = ()
    if options:
        a = cast(
            Reactions,
            (
                yield ReactionsPrompt(
                    (target.commander,),
                    "NW-BOARD-2",
                    f"{target.name} is boarded by {boarder.name}: each unit's charge reaction",
                    (Reactions,),
                    ship=target.name,
                    options=options,
                    attacker=boarder.name,
                )
            ),
        )
        picks = a.picks
    g.emit("reactions", "NW-BOARD-2", ship=target.name, boarder=boarder.name, terror_failed=sorted(failed), picks=[list(p) for p in picks])
    for name, pick in picks:
        u = sea.units[name]
        if pick == "stand-and-shoot":
            yield from stand_and_shoot(g, sea, u, boarder)
        elif pick == "prepare-to-rail":
            line_up(sea, u, target, boarder, PREPARE_MOVE)
        elif pick == "prepare-back":
            step_back(sea, u, boarder, PREPARE_MOVE)
    yield from line_up_boarders(g, sea, boarder, target)


def stand_and_shoot(g: Game, sea: Sea, u: Troops, boarder: Ship) -> Proc:
    """NW-BOARD-2: the unit fires at the nearest boarding unit, -1 for standing and shooting."""
    assert u.missile is not None
    here = u.world(sea, 0)
    foes = [v for v in sea.alive() if v.seat != u.seat and any(f.on == boarder.name and f.level in ("deck", "aloft") for f in v.figs)]
    if not foes:
        return
    target = min(foes, key=lambda v: (min(distance(here, v.world(sea, i)) for i in range(len(v.figs))), v.name))
    mods = (*shooting_modifiers(shooter_aboard=True, target_aboard=True, target_overcrowded=boarder.overcrowded), STAND_AND_SHOOT)
    dmg = yield from shoot(g, u, target, u.missile, models=sum(1 for f in u.figs if f.level in ("deck", "aloft")), modifiers=mods)
    sea.sync(target, here)
    credit(sea, u.seat, target, dmg.slain)


def line_up_boarders(g: Game, sea: Sea, boarder: Ship, target: Ship) -> Proc:
    """NW-BOARD-2: after the reactions, the boarders' units may move their M to line up at the gunwales."""
    units = movers(sea, boarder, boarder.commander)
    options = {u.name: ["stay", "rail"] for u in units if not u.is_machine and u.crew_of is None}
    if not options:
        return
    a = cast(
        DeckMoves,
        (
            yield DeckMovesPrompt(
                (boarder.commander,),
                "NW-BOARD-2",
                f"{boarder.name} has grappled {target.name}: which units line up at the gunwale?",
                (DeckMoves,),
                ship=boarder.name,
                options=options,
            )
        ),
    )
    lined = {}
    for name, pick in a.picks:
        if pick == "rail":
            lined[name] = line_up(sea, sea.units[name], boarder, target, reach(sea.units[name]))
    g.emit("line-up", "NW-BOARD-2", ship=boarder.name, target=target.name, units=lined)


def deck_moves(g: Game, sea: Sea, seat: str) -> Proc:
    """Units of ``seat`` aboard grappled ships, not in combat, move (see the module docstring)."""
    decks = [s for s in sea.afloat() if s.grappled and any(u.seat == seat for u, _ in sea.aboard(s.name))]
    for ship in decks:
        if not ship.afloat:
            continue
        units = movers(sea, ship, seat)
        options = {u.name: deck_move_choices(sea, ship, u) for u in units}
        options = {k: v for k, v in options.items() if len(v) > 1}
        if not options:
            continue
        a = cast(
            DeckMoves,
            (
                yield DeckMovesPrompt(
                    (seat,),
                    "NW-BOARD-3",
                    f"units aboard {ship.name}: stay, line up, charge, go home or man a prize?",
                    (DeckMoves,),
                    ship=ship.name,
                    options=options,
                )
            ),
        )
        done: dict[str, list[Any]] = {}
        for name, pick in a.picks:
            u = sea.units[name]
            if pick == "rail":
                enemy = next(sea.ships[o] for o in ship.grappled if sea.ships[o].commander != seat)
                done[name] = [pick, line_up(sea, u, ship, enemy, reach(u))]
            elif pick == "charge":
                done[name] = [pick, charge(sea, u, 2.0 * reach(u))]
            elif pick == "home":
                done[name] = [pick, go_home(sea, u, reach(u))]
            elif pick == "prize":
                prize = next(sea.ships[o] for o in ship.grappled if sea.ships[o].commander == seat and sea.ships[o].owner != seat)
                done[name] = [pick, cross_to(sea, u, prize, reach(u))]
        g.emit("deck-moves", "NW-BOARD-3", ship=ship.name, seat=seat, moves=done)
        from grapeshot.rulesets.navalwarhammer.aftermath import crew_prizes

        crew_prizes(g, sea)
