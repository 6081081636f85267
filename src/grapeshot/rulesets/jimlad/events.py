"""Random events (JL-EVT-*): the events phase, and what the events table does.

From turn 2, each player (option ``event_roll: player``, the first of its ships
afloat in scenario order rolling) or each ship (``ship``) rolls a D6 in turn
sequence; on a 6 it rolls on the events table (2D6, the lower die read as
tens) and the result applies to that ship or to the whole table.  A second
Kraken, or the sub while it is on the table, is rolled again.  Then the mines
drift and the sub, if it is already out, acts (JL-TURN-2).

Effects that last "this turn" are kept as the turn they are in force in:
``Ship.held`` (no orders, no move), ``Ship.forced`` (the mermorks' card) and
``Ship.effects`` entries ``snakes``, ``sand-banks``, ``skurvy``, ``calm`` and
``squidgeons``, read by the movement, shooting and boarding rules.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, TENS, RollRequest, nd6
from grapeshot.geometry import Hull, angle_diff, hull_hits_polygon, hulls_overlap, unit
from grapeshot.rulesets.jimlad import chinork, kraken, mines, submarine
from grapeshot.rulesets.jimlad.compass import roll_direction
from grapeshot.rulesets.jimlad.data import CARDS, KLANS, SKURVY_DICE, Card, Turn
from grapeshot.rulesets.jimlad.krew import remove_model
from grapeshot.rulesets.jimlad.movement import card_path, drift, legal_cards
from grapeshot.rulesets.jimlad.state import KrewModel, Sea, Ship

Proc = Generator[Prompt, Any, Any]

#: JL-EVT-2..16: the events table, 2D6 with the lower die as tens: (title, rule).
EVENTS: dict[int, tuple[str, str]] = {
    11: ("sudden squalls", "JL-EVT-3"),
    12: ("storm warning", "JL-EVT-4"),
    13: ("becalmed", "JL-EVT-5"),
    14: ("snakes on the boat", "JL-EVT-6"),
    15: ("shifting sand banks", "JL-EVT-7"),
    16: ("flying squidgeons", "JL-EVT-8"),
    22: ("whirlpool", "JL-EVT-9"),
    23: ("skurvy", "JL-EVT-10"),
    24: ("Chinork target practice", "JL-EVT-11"),
    25: ("mines", "JL-EVT-12"),
    26: ("Ork overboard", "JL-EVT-13"),
    33: ("sudden squalls", "JL-EVT-3"),
    34: ("storm warning", "JL-EVT-4"),
    35: ("grot rebellion", "JL-EVT-14"),
    36: ("Chinork target practice", "JL-EVT-11"),
    44: ("mermorks", "JL-EVT-15"),
    45: ("grot rebellion", "JL-EVT-14"),
    46: ("mines", "JL-EVT-12"),
    55: ("the Kraken awakes", "JL-EVT-16"),
    56: ("the Kraken awakes", "JL-EVT-16"),
    66: ("the Kraken awakes", "JL-EVT-16"),
}
KRAKEN_RESULTS = (55, 56, 66)
SUB_RESULTS = (35, 45)
EVENT_ROLL = 6  # JL-EVT-1: a random event on a 6

#: how the krew choose who goes overboard (JL-EVT-13 ruling): the least useful Ork first
OVERBOARD_ORDER = ("krew", "doc", "kaptin")
SIDE_ORDER: dict[str, int] = {"none": 0, "port": 1, "starboard": 2}


def events_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-2, JL-EVT-1: from turn 2, the event rolls in turn sequence, then the mines drift
    and the sub acts, all before the players move (nothing with option ``random_events: false``)."""
    if not sea.option("random_events"):
        return
    per_ship = sea.option("event_roll") == "ship"
    for seat in sea.order:
        fleet = sea.fleet(seat)
        for ship in fleet if per_ship else fleet[:1]:
            if not ship.afloat or ship.commander != seat:
                continue
            r = yield from g.roll(RollRequest(D6, f"{seat}: random event roll for {ship.name}", "JL-EVT-1", seat))
            happens = r.total == EVENT_ROLL
            g.emit("event-roll", "JL-EVT-1", seat=seat, ship=ship.name, roll=r.total, happens=happens)
            if happens:
                yield from random_event(g, sea, seat, ship)
    yield from mines.mines_drift(g, sea)
    yield from submarine.sub_acts(g, sea)


def blocked(sea: Sea, result: int) -> bool:
    """A result the table rolls again: a second Kraken, or the sub while it is out."""
    return (result in KRAKEN_RESULTS and sea.kraken is not None) or (result in SUB_RESULTS and sea.sub is not None)


def roll_table(g: Game, sea: Sea, seat: str | None) -> Generator[Prompt, Any, tuple[int, list[int]]]:
    """JL-EVT-2: 2D6, the lower die as tens; results that cannot happen now are rolled again."""
    rerolled: list[int] = []
    while True:
        r = yield from g.roll(RollRequest(TENS, "random events table", "JL-EVT-2", seat))
        if not blocked(sea, r.total):
            return r.total, rerolled
        rerolled.append(r.total)


def random_event(g: Game, sea: Sea, seat: str, ship: Ship) -> Proc:
    result, rerolled = yield from roll_table(g, sea, seat)
    yield from apply_event(g, sea, seat, ship, result, rerolled)


def apply_event(g: Game, sea: Sea, seat: str, ship: Ship, result: int, rerolled: list[int] | None = None) -> Proc:
    """Apply one result of the events table, rolled by ``seat`` for ``ship``."""
    title, rule = EVENTS[result]
    g.emit("event", rule, seat=seat, ship=ship.name, result=result, title=title, rerolled=list(rerolled or []))
    if result in (11, 33):
        yield from squalls(g, sea)
    elif result in (12, 34):
        yield from storm(g, sea)
    elif result == 13:
        becalmed(g, sea)
    elif result == 14:
        snakes(g, sea, ship)
    elif result == 15:
        sand_banks(g, sea, ship)
    elif result == 16:
        squidgeons(g, sea, ship)
    elif result == 22:
        yield from whirlpool(g, sea, ship)
    elif result == 23:
        skurvy(g, sea, ship)
    elif result in (24, 36):
        yield from chinork.chinork_flies(g, sea)
    elif result in (25, 46):
        yield from mines.mine_enters(g, sea)
    elif result == 26:
        yield from overboard(g, sea, ship)
    elif result in SUB_RESULTS:
        yield from submarine.sub_surfaces(g, sea, ship, same_facing=result == 45)
    elif result == 44:
        yield from mermorks(g, sea, ship)
    else:
        yield from kraken.kraken_enters(g, sea)


# --------------------------------------------------------------------------- the weather


def moored(ship: Ship) -> str | None:
    """Why a ship is out of the weather's reach (docked or grounded), if it is."""
    if ship.docked_at is not None:
        return f"docked at {ship.docked_at}"
    if ship.grounded_on is not None:
        return f"aground on {ship.grounded_on}"
    return None


def in_sequence(sea: Sea) -> list[Ship]:
    """Every ship afloat: the seats' fleets in turn sequence, each in scenario order."""
    out = [s for seat in sea.order for s in sea.fleet(seat)]
    out.extend(s for s in sea.afloat() if s not in out)
    return out


def squalls(g: Game, sea: Sea) -> Proc:
    """JL-EVT-3: every ship not docked or grounded drifts D6" in a scatter direction of its own
    (in turn sequence); what it runs into is a crash."""
    for ship in in_sequence(sea):
        if not ship.afloat:
            continue
        why = moored(ship)
        if why is not None:
            g.emit("no-effect", "JL-EVT-3", ship=ship.name, why=why)
            continue
        direction = yield from roll_direction(g, sea, f"{ship.name}: squall direction", "JL-EVT-3")
        r = yield from g.roll(RollRequest(D6, f"{ship.name}: squall distance", "JL-EVT-3"))
        yield from drift(g, sea, ship, direction, float(r.total), "JL-EVT-3", "sudden squalls")


def storm(g: Game, sea: Sea) -> Proc:
    """JL-EVT-4: one scatter direction for the whole table; every ship not docked or grounded
    drifts D6" that way, the ship furthest downwind first (so a ship only runs into another if
    it catches it up)."""
    direction = yield from roll_direction(g, sea, "storm direction", "JL-EVT-4")
    g.emit("storm", "JL-EVT-4", direction=round(direction, 3))
    u = unit(direction)
    ships = sorted(in_sequence(sea), key=lambda s: -(s.hull.x * u.x + s.hull.y * u.y))
    for ship in ships:
        if not ship.afloat:
            continue
        why = moored(ship)
        if why is not None:
            g.emit("no-effect", "JL-EVT-4", ship=ship.name, why=why)
            continue
        r = yield from g.roll(RollRequest(D6, f"{ship.name}: storm drift", "JL-EVT-4"))
        yield from drift(g, sea, ship, direction, float(r.total), "JL-EVT-4", "storm warning")


def _effect(g: Game, sea: Sea, ship: Ship, effect: str, rule: str, *, hold: str | None = None) -> None:
    ship.add_effect(effect, sea.turn, sea.turn)
    if hold is not None:
        ship.held = (sea.turn, hold)
    g.emit("effect", rule, ship=ship.name, effect=effect, in_force_on_turn=sea.turn, held=hold is not None)


def becalmed(g: Game, sea: Sea) -> None:
    """JL-EVT-5: every sailing ship (Snake Bites) stays put this turn, and shoots an extra round
    in the movement phase (:func:`becalmed_shooting`)."""
    sailing = [s for s in in_sequence(sea) if KLANS[s.klan].sails]
    if not sailing:
        g.emit("no-effect", "JL-EVT-5", ship=None, why="no sailing ships")
    for ship in sailing:
        _effect(g, sea, ship, "calm", "JL-EVT-5", hold="becalmed, sails hanging slack (JL-EVT-5)")


def snakes(g: Game, sea: Sea, ship: Ship) -> None:
    """JL-EVT-6: the ship does nothing this turn: no orders or move, no shooting or repairs, no
    boarding started (effect ``snakes``); it still defends.  Snake Bites eat them."""
    if KLANS[ship.klan].sails:
        g.emit("no-effect", "JL-EVT-6", ship=ship.name, why="Snake Bites are immune: extra rations")
        return
    _effect(g, sea, ship, "snakes", "JL-EVT-6", hold="fighting off the snakes (JL-EVT-6)")


def sand_banks(g: Game, sea: Sea, ship: Ship) -> None:
    """JL-EVT-7: unless docked or grounded, the ship moves only half its card's minimum this turn."""
    why = moored(ship)
    if why is not None:
        g.emit("no-effect", "JL-EVT-7", ship=ship.name, why=why)
        return
    _effect(g, sea, ship, "sand-banks", "JL-EVT-7")


def squidgeons(g: Game, sea: Sea, ship: Ship) -> None:
    """JL-EVT-8: the krew spend this turn's movement phase scrubbing guano: no orders, no move."""
    _effect(g, sea, ship, "squidgeons", "JL-EVT-8", hold="scrubbing off squidgeon guano (JL-EVT-8)")


def skurvy(g: Game, sea: Sea, ship: Ship) -> None:
    """JL-EVT-10: this turn the ship moves 2D6" less and fires only half its working kannons."""
    _effect(g, sea, ship, "skurvy", "JL-EVT-10")


def whirlpool(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-EVT-9: unless docked or grounded, the ship is spun round in place to face a scatter
    direction; if that pose would touch anything or leave the table, the current lets it go
    and it keeps its heading."""
    why = moored(ship)
    if why is not None:
        g.emit("no-effect", "JL-EVT-9", ship=ship.name, why=why)
        return
    direction = yield from roll_direction(g, sea, f"{ship.name}: whirlpool", "JL-EVT-9")
    before = ship.hull.heading
    turned = ship.hull.moved(ship.hull.pose._replace(heading=direction))
    clear = sea.table.holds(turned) and not any(
        hulls_overlap(turned, ob.shape) if isinstance(ob.shape, Hull) else hull_hits_polygon(turned, ob.shape) for ob in sea.ship_obstacles(ship)
    )
    if clear:
        ship.hull = turned
    g.emit("whirlpool", "JL-EVT-9", ship=ship.name, direction=round(direction, 3), heading_before=round(before, 3), turned=clear)


def overboard(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-EVT-13: a D6; on a 1 an Ork is lost: the player gives up the least useful one (ruling):
    a boy, else the Mad Doc, else the Kaptin.  Down to one Ork, the ship is a hulk (JL-KREW-5)."""
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: saving the Ork overboard", "JL-EVT-13", ship.commander, ship.name, "high"))
    lost: KrewModel | None = None
    if r.total == 1:
        lost = next((k for role in OVERBOARD_ORDER for k in ship.krew if k.role == role), None)
    g.emit("overboard", "JL-EVT-13", ship=ship.name, roll=r.total, lost=None if lost is None else lost.role)
    if lost is not None:
        remove_model(g, sea, ship, lost, "washed overboard", "JL-EVT-13")


def mermorks_card(ship: Ship, direction: float) -> tuple[Card, Turn, float]:
    """JL-EVT-15: the legal card (and side) whose course at the end of the card lies closest to
    ``direction``; ties go to the lower card number (the faster card), then none/port/starboard."""
    best: tuple[tuple[float, int, int], Card, Turn, float] | None = None
    for card, side in legal_cards(ship):
        course = card_path(ship.hull, card, side, "start", 0.0).end.heading
        key = (round(abs(angle_diff(course, direction)), 6), int(card), SIDE_ORDER[side])
        if best is None or key < best[0]:
            best = (key, card, side, course)
    assert best is not None
    return best[1], best[2], best[3]


def mermorks(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-EVT-15: the krew must take the card that heads most nearly towards a scatter direction."""
    direction = yield from roll_direction(g, sea, f"{ship.name}: where the mermorks sing", "JL-EVT-15")
    card, side, course = mermorks_card(ship, direction)
    ship.forced = (sea.turn, card, side)
    g.emit("mermorks", "JL-EVT-15", ship=ship.name, direction=round(direction, 3), card=int(card), side=side, course=round(course, 3))


# --------------------------------------------------------------------------- hooks in other phases


def repeat_distance(g: Game, sea: Sea, ship: Ship, card: Card, inches: float) -> Generator[Prompt, Any, float]:
    """A ship repeating last turn's distance (engine damaged, JL-DMG-8) still feels the sand banks
    (half the card's minimum, JL-EVT-7) and the skurvy (2D6" less, JL-EVT-10)."""
    if ship.in_force("sand-banks", sea.turn):
        return CARDS[card].minimum / 2.0
    if ship.in_force("skurvy", sea.turn):
        r = yield from g.roll(RollRequest(nd6(SKURVY_DICE), f"{ship.name}: skurvy slows the ship", "JL-EVT-10", ship.commander, ship.name, "low"))
        return max(0.0, inches - r.total)
    return inches


def becalmed_shooting(g: Game, sea: Sea) -> Proc:
    """JL-EVT-5: becalmed sailing ships get a round of shooting at the end of the movement phase,
    in turn sequence, exactly like a turn of the shooting phase (kannons, torpedoes, sluggas or
    repairs; a damage-table roll after each seat's turn); the shooting phase follows as usual."""
    from grapeshot.rulesets.jimlad.shooting import shooting_round

    calm = [s for s in sea.afloat() if s.in_force("calm", sea.turn) and s.krewed]
    if not calm:
        return
    g.emit("becalmed-shooting", "JL-EVT-5", ships=[s.name for s in calm])
    yield from shooting_round(g, sea, "JL-EVT-5", who=lambda ship: ship in calm, decisive=False)
    for ship in sea.ships.values():  # the shooting phase starts afresh
        ship.fired.clear()
        ship.repaired = False
