"""The wind, an option (``wind: on``; WS-WIND-1..3).  The wind's direction and its changes are
rulings (docs/rulings.md), for the text gives none (WS-RULING-1):

* **Direction.** It blows from option ``wind_from`` (degrees, the way it comes from; -1, the
  default, rolls it: a D6, each face a sixth of the compass, 60 degrees apart).  At the start of
  every game turn after the first a D6: on a 6 the wind shifts 60 degrees (a second D6: 1-3 one
  way, 4-6 the other).  Directions are as on the table (0 along +x, counter-clockwise).
* **Sailing** (WS-WIND-1).  Only ships with masts sail; boats without (rowboats, canoes, rafts)
  row and pay the wind no heed.  A sailing ship may not sail on a heading less than 30 degrees off
  the wind's eye (where it blows from); on any heading within 90 degrees of it she is tacking and
  goes at half her movement value.  The heading is the one she sails along after the ruler's
  turn; a spin, or holding still, is never refused.
* **Drifting** (WS-WIND-2).  At the start of its side's turn a ship that was stopped (its bow went
  nowhere in its side's last turn) drifts 1D6" downwind, without turning, swept like any move:
  it stops short of what it meets.  A grappled ship is held and does not drift.
* **Stealing the wind** (WS-WIND-3).  Each ship has a wind shadow: the water upwind of it, up to
  6" out and as wide as its hull is long.  A sailing ship that ends a movement phase (or is half
  way through it) in another's shadow has passed between it and the wind: if it is as long or
  longer, the other is stopped in its next movement; if shorter, the other goes at half speed
  then.  A ship that ends a phase in the lee of another (the other in its shadow) suffers the same
  in its own next movement, by the same comparison the other way round.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Hull, Vec, angle_diff, unit
from grapeshot.rulesets.woodenships.data import WIND_SHADOW, WIND_STEP, WIND_TACK, WIND_WEDGE
from grapeshot.rulesets.woodenships.pieces import Ship
from grapeshot.rulesets.woodenships.ships import course, shove_swimmers, slide
from grapeshot.rulesets.woodenships.state import Shore


def on(shore: Shore) -> bool:
    return shore.option("wind") == "on" and shore.wind is not None


def sails(ship: Ship) -> bool:
    """A ship with masts sails; one without is rowed or paddled (WS-WIND-1)."""
    return bool(ship.masts)


def eye(shore: Shore) -> float:
    """Where the wind comes from (degrees)."""
    assert shore.wind is not None
    return (shore.wind + 180.0) % 360.0


def begin(g: Game, shore: Shore) -> Generator[Prompt, Any, None]:
    """The wind at the start of the game (option ``wind_from``, or a D6 for it)."""
    if shore.option("wind") != "on":
        return
    given = int(shore.option("wind_from"))
    roll = None
    if given < 0:
        r = yield from g.roll(RollRequest(D6, "where the wind blows from", "WS-WIND-1"))
        roll = r.total
        given = (roll - 1) * int(WIND_STEP)
    shore.wind = (given + 180.0) % 360.0
    g.emit("wind", "WS-WIND-1", blows_from=float(given % 360), blows_to=shore.wind, roll=roll, shift=0)


def shift(g: Game, shore: Shore) -> Generator[Prompt, Any, None]:
    """At the start of a later game turn: on a 6 the wind shifts 60 degrees one way or the other."""
    if not on(shore) or shore.turn <= 1:
        return
    r = yield from g.roll(RollRequest(D6, "whether the wind shifts", "WS-WIND-1", None, None, "high", 6))
    if r.total < 6:
        return
    way = yield from g.roll(RollRequest(D6, "which way the wind shifts", "WS-WIND-1"))
    step = WIND_STEP if way.total <= 3 else -WIND_STEP
    assert shore.wind is not None
    shore.wind = (shore.wind + step) % 360.0
    g.emit("wind", "WS-WIND-1", blows_from=eye(shore), blows_to=shore.wind, roll=way.total, shift=step)


def off_the_wind(shore: Shore, heading: float) -> float:
    """Degrees between a heading and the wind's eye (0: straight into the wind)."""
    return abs(angle_diff(heading, eye(shore)))


def steer_refused(shore: Shore, ship: Ship, value: float, spin: bool, angle: float, inches: float) -> str | None:
    """WS-WIND-1: why a sailing ship may not take this ruler move against the wind (None: she may)."""
    if not on(shore) or not sails(ship) or spin or inches <= 1e-9:
        return None
    _, turn, _ = course(shore, ship, angle, inches, spin)
    heading = (ship.hull.heading + turn) % 360.0
    off = off_the_wind(shore, heading)
    if off < WIND_WEDGE - 1e-9:
        return f"{ship.name} would sail {off:.0f} degrees off the wind's eye: at least {WIND_WEDGE:g} (WS-WIND-1)"
    if off < WIND_TACK - 1e-9 and inches > value / 2.0 + 1e-9:
        return f'{ship.name} would be tacking ({off:.0f} degrees off the wind): at half speed, a mark of at most {value / 2.0:g}" (WS-WIND-1)'
    return None


def stolen(shore: Shore, ship: Ship) -> str | None:
    """WS-WIND-3: why the wind is stolen from a ship this movement (None: it is not)."""
    if ship.becalmed == "stopped" and ship.becalmed_at < shore.serial:
        return "her wind is stolen (WS-WIND-3)"
    return None


def phases(shore: Shore, ship: Ship, made: list[tuple[float, bool, str]]) -> list[tuple[float, bool, str]]:
    """A ship whose wind was half stolen goes at half her values this movement (WS-WIND-3)."""
    if ship.becalmed == "half" and ship.becalmed_at < shore.serial:
        return [(v / 2.0, spin, "WS-WIND-3") for v, spin, _ in made]
    return made


def moved(shore: Shore, ship: Ship) -> None:
    """After her movement: what was stolen is spent; she is stopped if her bow went nowhere."""
    if ship.becalmed_at < shore.serial:
        ship.becalmed = None
    ship.stopped = ship.travelled <= 0.05


def in_shadow(shore: Shore, of: Hull, p: Vec) -> bool:
    """Whether a point lies in the wind shadow of a ship's hull: upwind of it, within 6", as
    wide as it is long."""
    assert shore.wind is not None
    up = unit(eye(shore))
    c = of.centre
    dx, dy = p.x - c.x, p.y - c.y
    ahead = dx * up.x + dy * up.y
    across = abs(-dx * up.y + dy * up.x)
    half = max(of.length, of.width) / 2.0
    return half * 0.5 < ahead <= half * 0.5 + WIND_SHADOW + 1e-9 and across <= half + 1e-9


def after_phase(g: Game, shore: Shore, ship: Ship, before: Hull) -> None:
    """WS-WIND-3: a ship that has passed between another and the wind steals it; one that has
    passed into another's lee loses its own."""
    if not on(shore) or not sails(ship):
        return
    end = ship.hull.centre
    mid = Vec((before.x + end.x) / 2.0, (before.y + end.y) / 2.0)
    for other in shore.afloat():
        if other is ship or not sails(other):
            continue
        if in_shadow(shore, other.hull, end) or in_shadow(shore, other.hull, mid):
            _steal(g, shore, ship, other)
        elif in_shadow(shore, ship.hull, other.hull.centre):
            _steal(g, shore, other, ship)


def _steal(g: Game, shore: Shore, thief: Ship, victim: Ship) -> None:
    how = "stopped" if thief.hull.length >= victim.hull.length - 1e-9 else "half"
    if victim.becalmed == "stopped" and victim.becalmed_at == shore.serial:
        return
    victim.becalmed, victim.becalmed_at = how, shore.serial
    g.emit("wind-stolen", "WS-WIND-3", ship=victim.name, by=thief.name, effect=how)


def drift(g: Game, shore: Shore, side: str) -> Generator[Prompt, Any, None]:
    """WS-WIND-2: the side's stopped ships drift 1D6" downwind at the start of its turn."""
    if not on(shore):
        return
    for ship in shore.fleet(side):
        if not ship.stopped or ship.grappled:
            continue
        r = yield from g.roll(RollRequest(D6, f"{ship.name} drifts", "WS-WIND-2", side, ship.name))
        before = ship.hull
        assert shore.wind is not None
        run = slide(shore, ship, shore.wind, float(r.total))
        g.emit(
            "drift",
            "WS-WIND-2",
            ship=ship.name,
            side=side,
            inches=r.total,
            direction=round(shore.wind, 4),
            frm=[round(before.x, 4), round(before.y, 4)],
            to=[round(run.hull.x, 4), round(run.hull.y, 4)],
            travelled=round(run.travelled, 4),
            stopped_by=None if run.contact is None else {"with": run.contact.ident, "kind": run.contact.kind},
        )
        shove_swimmers(g, shore, ship)
