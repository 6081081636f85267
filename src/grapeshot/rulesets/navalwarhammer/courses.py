"""How far and how a ship may move: its ways of moving, the dice of each, its turns, its course,
and what leaves it Adrift or Out of Control (NW-MOVE-*, NW-CREW-1/2, NW-PSY-3, NW-UPG-1/2/3).

A ship moves by sail (NW-MOVE-1: 9", 9+D6" or 9+2D6" by the wind, the half-move minimum),
oars (NW-MOVE-3: 7" with every oar rowed by two), steam (NW-MOVE-4: 3" a steam point) or magic
(NW-MOVE-5: 9+D6" whatever the wind).  A ship with masts and oars or an engine chooses each turn
(NW-UPG-1).  Extra masts add 1" each to a sailing move while they stand; heavy timbers take 1" off
every move (NW-UPG-3).

A move is a course for the bow: straight on, with at most one turn (of up to 45 degrees under sail
or magic, 90 for small ships and dinghies under sail, rowed and steam ships), made at the start or
the end of the move over an arc half as long as the hull for a right angle (stand-ins for the
naval supplement's turning rules, docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest, nd6
from grapeshot.geometry import Path, Pose, Segment, wind_quarter
from grapeshot.rulesets.navalwarhammer.data import (
    MAGIC_BASE,
    MAGIC_DICE,
    MAST_INCHES,
    ROW_BASE,
    ROWERS_PER_OAR,
    SAIL_BASE,
    SAIL_DICE,
    SHOVE_OFF,
    SMALL_SAIL_TURN,
    STEAM_INCHES,
    TIMBER_INCHES,
    TURN_LIMIT,
    TURNS,
    Propulsion,
    Size,
)
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAPACITY
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops


def sector(heading: float, wind: float, width: float = 45.0) -> str:
    """NW-MOVE-1: ``with`` the wind when the ship sails within ``width`` degrees of the way it
    blows, ``against`` it within ``width`` of straight into it, else ``abeam``."""
    quarter = wind_quarter(heading, wind, width)
    return "abeam" if quarter == "across" else quarter


def can_sail(ship: Ship) -> bool:
    """A mast standing and rigging left (NW-UPG-1: the last mast lost, the ship cannot sail)."""
    return bool(ship.masts()) and ship.part_alive("rigging")


def modes(sea: Sea, ship: Ship) -> list[Propulsion]:
    """The ways a ship may move this turn (NW-UPG-1: a ship with masts and another way chooses)."""
    out: list[Propulsion] = []
    if ship.propulsion is Propulsion.MAGIC:
        return [Propulsion.MAGIC]
    if ship.propulsion is Propulsion.STEAM or ship.part_alive("engine"):
        out.append(Propulsion.STEAM)
    if "oars" in ship.parts:
        out.append(Propulsion.OARS)
    if ship.masts() or ship.propulsion is Propulsion.SAIL:
        out.append(Propulsion.SAIL)
    return out or [ship.propulsion]


def turn_limit(ship: Ship, mode: Propulsion) -> float:
    if mode is Propulsion.SAIL and ship.size in (Size.DINGHY, Size.SMALL):
        return SMALL_SAIL_TURN
    return TURN_LIMIT[mode]


def arc_length(ship: Ship, turn: float) -> float:
    """The inches of course a turn takes: half the hull's length for a right angle."""
    return ship.hull.length * abs(turn) / 180.0


def turns(ship: Ship, mode: Propulsion, inches: float) -> list[float]:
    """The turns a move of ``inches`` may make (an arc must fit in the move)."""
    limit = turn_limit(ship, mode)
    return [t for t in TURNS if abs(t) <= limit + 1e-9 and (t == 0.0 or arc_length(ship, t) <= inches + 1e-9)]


def course(ship: Ship, inches: float, turn: float = 0.0, at: str = "start") -> Path:
    """The bow's course for a move of ``inches`` with a turn at its start or end."""
    bow = ship.hull.bow
    start = Pose(bow.x, bow.y, ship.hull.heading)
    if turn == 0.0 or inches <= 0.0:
        return Path(start, [Segment(max(0.0, inches))])
    arc = min(inches, arc_length(ship, turn))
    rest = max(0.0, inches - arc)
    legs = [Segment(arc, turn), Segment(rest)] if at == "start" else [Segment(rest), Segment(arc, turn)]
    return Path(start, legs)


# --------------------------------------------------------------------------- crew


def places(u: Troops) -> int:
    """NW-SHIP-3: the places a unit's models take (and how many rowers they count as)."""
    return u.models * CAPACITY[u.troop] if not u.is_machine and u.crew_of is None else 0


def aboard_own(sea: Sea, u: Troops, ship: Ship) -> int:
    """How many of the unit's models stand on ``ship``."""
    return sum(1 for f in u.figs if f.on == ship.name and f.aboard)


def working_places(sea: Sea, ship: Ship) -> int:
    """NW-CREW-1: the places of the ship's working crew aboard it (stupid, squabbling and fleeing
    models work nothing, NW-PSY-3)."""
    total = 0
    for u in sea.crew(ship.name):
        if u.working and u.works and not u.busy(sea.turn):
            total += aboard_own(sea, u, ship) * CAPACITY[u.troop]
    return total


def crew_models(sea: Sea, ship: Ship) -> int:
    """Models of the ship's crew aboard it (war machines aside)."""
    return sum(aboard_own(sea, u, ship) for u in sea.crew(ship.name) if not u.is_machine)


def upper_share(sea: Sea, ship: Ship) -> float:
    """NW-CREW-2: the share of the crew aboard that stands on the upper deck (aloft counts)."""
    total = upper = 0
    for u in sea.crew(ship.name):
        if u.is_machine:
            continue
        for f in u.figs:
            if f.on == ship.name and f.aboard:
                total += 1
                upper += f.level != "below"
    return upper / total if total else 1.0


def all_stupid(sea: Sea, ship: Ship) -> bool:
    """NW-PSY-3: every model of the crew aboard is stupid this turn."""
    crew = [u for u in sea.crew(ship.name) if not u.is_machine and aboard_own(sea, u, ship)]
    return bool(crew) and all(u.stupid_turn == sea.turn for u in crew)


def lacking(sea: Sea, ship: Ship) -> str | None:
    """Why the ship cannot be worked this turn for want of crew or rudder (NW-MOVE-2's causes):
    too few working crew (NW-CREW-1), too few of the crew on the upper deck (NW-CREW-2), every
    model stupid (NW-PSY-3), or the rudder destroyed."""
    if all_stupid(sea, ship):
        return "every model of the crew is stupid (NW-PSY-3)"
    if working_places(sea, ship) < ship.minimum_crew:
        return f"fewer than its minimum crew of {ship.minimum_crew} working (NW-CREW-1)"
    if sea.option("upper_deck_rule") and upper_share(sea, ship) < 0.5:
        return "fewer than half its crew on the upper deck (NW-CREW-2)"
    if not ship.part_alive("rudder"):
        return "its rudder is destroyed"
    return None


def cannot_move(sea: Sea, ship: Ship, mode: Propulsion) -> str | None:
    """Why the ship cannot move this way at all, its vital parts gone (it is Adrift, NW-MOVE-2:
    a sailing ship without masts or sails is Adrift at once)."""
    if mode is Propulsion.SAIL and not can_sail(ship):
        return "its masts or sails are destroyed"
    if mode is Propulsion.OARS and rowed_oars(sea, ship) == 0:
        return "no oar is rowed"
    if mode is Propulsion.STEAM and not ship.part_alive("engine"):
        return "its engine is destroyed"
    if mode is Propulsion.MAGIC:
        wizard = sea.units.get(ship.wizard or "")
        if wizard is None or not wizard.alive or aboard_own(sea, wizard, ship) == 0:
            return "no wizard crews it"
    return None


def rowed_oars(sea: Sea, ship: Ship) -> int:
    """NW-MOVE-3: the oars rowed: two rowers each, from the working crew beyond the minimum crew."""
    oars = ship.parts.get("oars")
    if oars is None or not oars.alive:
        return 0
    rowers = max(0, working_places(sea, ship) - ship.minimum_crew)
    return min(oars.wounds_left, rowers // ROWERS_PER_OAR)


# --------------------------------------------------------------------------- the dice of a move


@dataclass(frozen=True)
class Allowance:
    """How far a ship may move this turn, the least it must, and how it came to that."""

    mode: Propulsion
    most: float
    least: float
    roll: int
    terms: tuple[tuple[str, float], ...]


def mast_bonus(ship: Ship) -> int:
    """NW-UPG-1: 1" for each extra mast still standing (the first mast is the ship's own)."""
    standing = len(ship.masts())
    return max(0, min(ship.upgrades.get("extra-mast", 0), standing - 1)) * MAST_INCHES


def upgrade_terms(ship: Ship, mode: Propulsion | None) -> list[tuple[str, float]]:
    """What the ship's upgrades do to a move she makes herself by ``mode`` (None: a move by no
    propulsion of hers, shoving off): extra masts add their inches under sail (NW-UPG-1), heavy
    timbers take an inch off every move (NW-UPG-3: "in all directions").  The one place these are
    reckoned: every allowance, the Out of Control speed and the shove off take them from here."""
    out: list[tuple[str, float]] = []
    if mode is Propulsion.SAIL and mast_bonus(ship):
        out.append(("extra masts (NW-UPG-1)", float(mast_bonus(ship))))
    if ship.upgrades.get("heavy-timbers"):
        out.append(("heavy timbers (NW-UPG-3)", -float(TIMBER_INCHES)))
    return out


def inches_of(terms: Sequence[tuple[str, float]]) -> float:
    """A move's inches from its terms (never less than nothing)."""
    return max(0.0, sum(v for _, v in terms))


def shove_off_most(ship: Ship) -> float:
    """NW-BOARD-9: how far the ship may shove off, her upgrades counted (NW-UPG-3)."""
    return inches_of([("shoving off (NW-BOARD-9)", SHOVE_OFF), *upgrade_terms(ship, None)])


def half_move_free(sea: Sea, ship: Ship) -> bool:
    """NW-MOVE-1: a ship that moved at most half its allowance last turn may move slower or stop;
    so may one that had no movement phase last game turn (a prize taken before her old side
    moved): what she made before that is no longer "last turn"."""
    if ship.moved_turn < sea.turn - 1:
        return True
    return ship.last_moved <= ship.last_allowance / 2.0 + 1e-9


def sail_dice(sea: Sea, ship: Ship) -> tuple[str, int]:
    wind = sector(ship.hull.heading, sea.wind, float(sea.option("wind_sector")))
    return wind, SAIL_DICE[wind]


#: the rule each way of moving is rolled under
MODE_RULES = {Propulsion.SAIL: "NW-MOVE-1", Propulsion.OARS: "NW-MOVE-3", Propulsion.STEAM: "NW-MOVE-4", Propulsion.MAGIC: "NW-MOVE-5"}


def move_terms(
    g: Game,
    sea: Sea,
    ship: Ship,
    mode: Propulsion,
    steam: int = 0,
    *,
    rule: str | None = None,
    purpose: str | None = None,
    want: Literal["high", "low", "hit"] | None = "high",
) -> Generator[Prompt, Any, tuple[list[tuple[str, float]], int]]:
    """The terms of a move by ``mode`` and the dice rolled for it: the way's own inches (sailing
    by the wind NW-MOVE-1, rowing NW-MOVE-3, steam points NW-MOVE-4, magic NW-MOVE-5), then the
    upgrades' (:func:`upgrade_terms`).  ``rule`` and ``purpose`` name the dice's roll (the
    allowance's by default; NW-MOVE-2's for a ship Out of Control)."""
    terms: list[tuple[str, float]] = []
    roll = 0
    if mode in (Propulsion.SAIL, Propulsion.MAGIC):
        if mode is Propulsion.SAIL:
            wind, dice = sail_dice(sea, ship)
            terms.append((f'sailing {wind} the wind: {SAIL_BASE}"' + (f" + {dice}D6" if dice else ""), SAIL_BASE))
        else:
            dice = MAGIC_DICE
            terms.append((f'moved by magic: {MAGIC_BASE}" + D6 whatever the wind', MAGIC_BASE))
        if dice:
            why = purpose or f"{ship.name}: its move {'under sail' if mode is Propulsion.SAIL else 'by magic'}"
            r = yield from g.roll(RollRequest(nd6(dice), why, rule or MODE_RULES[mode], ship.commander, ship.name, want))
            roll = r.total
            terms.append(("the dice", roll))
    elif mode is Propulsion.OARS:
        oars = ship.parts["oars"]
        rowed = rowed_oars(sea, ship)
        whole = oars.profile.w
        inches = int(2 * ROW_BASE * rowed / whole) / 2.0 if whole else 0.0
        terms.append((f'rowing: {ROW_BASE}" with all {whole} oars rowed, {rowed} rowed (two rowers an oar)', inches))
    else:
        terms.append((f'{steam} steam point(s) at {STEAM_INCHES}" each', steam * STEAM_INCHES))
    terms += upgrade_terms(ship, mode)
    return terms, roll


def roll_allowance(g: Game, sea: Sea, ship: Ship, mode: Propulsion, steam: int = 0) -> Generator[Prompt, Any, Allowance]:
    """The dice of a move by ``mode`` (``steam``: the steam points to spend, for a steam ship)."""
    terms, roll = yield from move_terms(g, sea, ship, mode, steam)
    most = inches_of(terms)
    least = 0.0
    if mode in (Propulsion.SAIL, Propulsion.MAGIC) and not half_move_free(sea, ship):
        least = most / 2.0
    g.emit(
        "allowance",
        MODE_RULES[mode],
        ship=ship.name,
        mode=mode.value,
        most=most,
        least=least,
        half_move_rule=least > 0,
        terms=[[t, v] for t, v in terms],
    )
    return Allowance(mode, most, least, roll, tuple(terms))


def out_of_control_mode(sea: Sea, ship: Ship) -> Propulsion | None:
    """The way an Out of Control ship keeps going (NW-MOVE-2): under sail if she can sail, by
    magic if she is a magic ship her wizard still crews; a ship that neither sails nor goes by
    magic (an overcrowded galley or steamer, NW-CROWD-1) by the oars or steam she has; None when
    she has no way left to move (she is Adrift)."""
    usable = [m for m in modes(sea, ship) if cannot_move(sea, ship, m) is None]
    for m in (Propulsion.SAIL, Propulsion.MAGIC, Propulsion.OARS, Propulsion.STEAM):
        if m in usable:
            return m
    return None


def out_of_control_distance(g: Game, sea: Sea, ship: Ship, mode: Propulsion) -> Generator[Prompt, Any, tuple[float, float, int, list[tuple[str, float]]]]:
    """NW-MOVE-2: an Out of Control ship keeps going at exactly half the roll for her move (the
    wind's for a sailing ship; her upgrades counted, as in every move of hers) and turns by the
    chart at half its move: (inches, turn, chart roll, the move's terms)."""
    from grapeshot.rulesets.navalwarhammer.data import OUT_OF_CONTROL

    steam = int(ship.spec.steam_points) if mode is Propulsion.STEAM else 0
    terms, _ = yield from move_terms(g, sea, ship, mode, steam, rule="NW-MOVE-2", purpose=f"{ship.name}: out of control, how far", want=None)
    inches = inches_of(terms) / 2.0
    c = yield from g.roll(RollRequest(D6, f"{ship.name}: out of control, which way", "NW-MOVE-2", ship.commander, ship.name, None))
    return inches, OUT_OF_CONTROL[int(c.total)], int(c.total), terms
