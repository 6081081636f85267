"""The crew: who works the ship, who stands below decks, and what units aboard grappled ships
may do (NW-CREW-1, NW-CREW-2, NW-BOARD-2, NW-BOARD-7).

Each turn, at the start of its movement phase, a ship's commander says which of its crew's units
work it (a unit works as a whole: NW-CREW-1's "unit" is one type of model aboard) and which stand
below decks on a medium or large ship.  Monsters, cavalry, beasts, swarms and gun crews never
work; stupid, squabbling or fleeing units cannot this turn (NW-PSY-3).  Only units that are not
working shoot or cast spells.  Below decks a unit is out of reach of missiles (NW-CREW-3) but not
of templates from above (NW-TMPL-1); a ship with fewer than half its crew on the upper deck
cannot be worked (NW-CREW-2, option ``upper_deck_rule``).
"""

from __future__ import annotations

from grapeshot.rulesets.navalwarhammer.aboard import enemy_models_near, engaged, place_on
from grapeshot.rulesets.navalwarhammer.data import BELOW_DECKS
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops


def on_own_deck(u: Troops, ship: Ship) -> bool:
    """Every model of the unit stands aboard its own ship."""
    return bool(u.figs) and all(f.on == ship.name and f.aboard for f in u.figs)


def workers(sea: Sea, ship: Ship) -> list[Troops]:
    """NW-CREW-1: the units of the crew that may work the ship this turn."""
    return [u for u in sea.crew(ship.name) if u.works and not u.busy(sea.turn) and on_own_deck(u, ship) and not u.is_machine and u.crew_of is None]


def may_go_below(sea: Sea, ship: Ship, u: Troops) -> bool:
    """NW-CREW-2 (a stand-in): infantry of the crew, all aboard and out of combat, may stand below
    the decks of a medium or large ship."""
    return ship.spec.lower_deck and u.troop in BELOW_DECKS and on_own_deck(u, ship) and not u.is_machine and u.crew_of is None and not engaged(sea, u)


def crew_choices(sea: Sea, ship: Ship) -> dict[str, list[str]]:
    """For each unit the commander decides for, its choices: work or not, on deck or below."""
    out: dict[str, list[str]] = {}
    can_work = {u.name for u in workers(sea, ship)}
    for u in sea.crew(ship.name):
        works = u.name in can_work
        below = may_go_below(sea, ship, u)
        if not works and not below:
            continue
        opts = ["free"]
        if works:
            opts.insert(0, "work")
        if below:
            opts += [f"{o} below" for o in list(opts)]
        out[u.name] = opts
    return out


def apply_crew(sea: Sea, ship: Ship, working: tuple[str, ...], below: tuple[str, ...]) -> list[str]:
    """Set the working crew and move units between the decks; returns the units that found no
    room on the deck they were sent to (they stay where they were)."""
    from grapeshot.rulesets.navalwarhammer.setup import place_unit

    stuck = []
    for u in sea.crew(ship.name):
        u.working = u.name in working
        if not may_go_below(sea, ship, u):
            continue
        want = "below" if u.name in below else "deck"
        if all(f.level == want for f in u.figs):
            continue
        saved = list(u.figs)
        if place_unit(sea, u, ship, want, ship.hull.centre) < len(u.figs):
            u.figs = saved
            stuck.append(u.name)
    return stuck


def reaction_choices(sea: Sea, ship: Ship, u: Troops) -> list[str]:
    """NW-BOARD-2: a boarded crew's unit may hold, stand and shoot (with missiles, not working) or
    Prepare for Action (move up to 2": to the rail, or back from it; war machines too)."""
    opts = ["hold", "prepare-to-rail", "prepare-back"]
    if u.missile is not None and not u.missile.flame and not u.working and not u.is_machine:
        opts.insert(1, "stand-and-shoot")
    return opts


def reacting_units(sea: Sea, ship: Ship, shaken_off: set[str]) -> list[Troops]:
    """The units aboard a boarded ship that may take a charge reaction: its commander's, not in
    combat, not busy, not failing a terror test (``shaken_off``)."""
    return [
        u
        for u in sea.alive()
        if u.seat == ship.commander
        and any(f.on == ship.name and f.level == "deck" for f in u.figs)
        and not engaged(sea, u)
        and not u.busy(sea.turn)
        and u.name not in shaken_off
        and u.crew_of is None
    ]


def deck_move_choices(sea: Sea, ship: Ship, u: Troops) -> list[str]:
    """What a unit aboard a grappled ship may do in its movement phase (not in combat): stay, line
    up at the rail facing an enemy, charge into the fray (across onto the enemy deck where there is
    room), go home to its own ship, or cross to a prize its side holds (NW-BOARD-7)."""
    opts = ["stay"]
    if u.is_machine or u.crew_of is not None or u.busy(sea.turn) or (u.swimming and u.home != ship.name):
        return opts
    enemies = [sea.ships[o] for o in ship.grappled if o in sea.ships and sea.ships[o].commander != u.seat]
    if enemies:
        opts.append("rail")
        near = enemy_models_near(sea, u)
        if near:
            opts.append("charge")
    if any(f.on != u.home for f in u.figs if f.aboard):
        opts.append("home")
    prizes = [sea.ships[o] for o in ship.grappled if o in sea.ships and sea.ships[o].commander == u.seat and sea.ships[o].owner != u.seat]
    if prizes and ship.name == u.home:
        opts.append("prize")
    return opts


def movers(sea: Sea, ship: Ship, seat: str) -> list[Troops]:
    """The seat's units with models on ``ship``'s deck that may move (not in combat, not busy)."""
    return [
        u
        for u in sea.alive()
        if u.seat == seat and any(f.on == ship.name and f.level == "deck" for f in u.figs) and not engaged(sea, u) and not u.busy(sea.turn) and not u.wild
    ]


def cross_to(sea: Sea, u: Troops, dest: Ship, reach: float) -> int:
    """Models of ``u`` cross to ``dest``'s deck (within ``reach``); returns how many did."""
    n = 0
    for i, f in enumerate(u.figs):
        if f.aboard and f.on != dest.name and place_on(sea, u, i, dest, dest.hull.centre, reach):
            n += 1
    return n
