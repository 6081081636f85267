"""Boarding parties, grapples and climbing aboard from the water (WS-BOARD-1, WS-BOARD-3).

* A figure that crosses onto a ship another side holds, from a deck (or a quay) within 2" of it,
  is a boarding party: it must roll 2-6 to get across (WS-BOARD-1), one roll a figure or one a
  party (option ``boarding_roll``), and takes no further action that turn.
* A figure at its gunwale, within 2" of another ship, may try to grapple it instead of acting:
  2-6, and the two ships are held together (WS-BOARD-1); while grappled neither moves, until two
  edged hits cut the grapple free (WS-BOARD-2, :mod:`.grapples`).
* A swimmer beside a hull may climb aboard as its action: 3-6 if the ship is stationary, 4-6 at
  half speed, 5-6 at full speed (WS-BOARD-3).

Heroes add their +1 to these rolls as to every action (WS-FIG-2; option ``hero_boarding``).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Surface, Vec, hull_distance, hull_gap
from grapeshot.rulesets.woodenships.checks import Mod, attempt, hero
from grapeshot.rulesets.woodenships.data import BOARD_REACH, BOARD_ROLL, CLIMB_REACH
from grapeshot.rulesets.woodenships.pieces import Figure, Ship
from grapeshot.rulesets.woodenships.places import space_for, spot_at
from grapeshot.rulesets.woodenships.state import Shore

#: the roll to climb aboard from the water, by the ship's pace (WS-BOARD-3)
CLIMB_ROLLS = {"stationary": 3, "half": 4, "full": 5}


def hero_mods(shore: Shore, figure: Figure) -> list[Mod]:
    """A hero's +1 on boarding, grappling and climbing rolls, unless option ``hero_boarding`` is off."""
    return hero(figure) if shore.option("hero_boarding") else []


def boarding_roll(g: Game, shore: Shore, figure: Figure, ship: Ship, crossing: str) -> Generator[Prompt, Any, bool]:
    """WS-BOARD-1: whether a boarding party gets across onto ``ship`` (2-6).  With option
    ``boarding_roll: party`` the first figure's roll holds for every figure of its side making
    the same crossing this turn."""
    party = shore.option("boarding_roll") == "party"
    if party and crossing in shore.crossings:
        passed = shore.crossings[crossing]
        g.emit("boarding", "WS-BOARD-1", figure=figure.name, ship=ship.name, crossing=crossing, passed=passed, party=True, rolled=False)
        return passed
    mods = hero_mods(shore, figure)
    out = yield from attempt(g, figure, f"{figure.name} boards {ship.name}", "WS-BOARD-1", BOARD_ROLL, mods)
    if party:
        shore.crossings[crossing] = out.passed
    g.emit(
        "boarding",
        "WS-BOARD-1",
        figure=figure.name,
        ship=ship.name,
        crossing=crossing,
        passed=out.passed,
        party=party,
        rolled=True,
        need=out.need,
        mods=[m.to_json() for m in mods],
    )
    return out.passed


def ship_under(shore: Shore, figure: Figure) -> Ship | None:
    """The ship a figure stands on, if it stands on one."""
    if figure.spot is None or figure.spot.surface is not Surface.DECK:
        return None
    return shore.ships[figure.spot.ident]


def grapple_refused(shore: Shore, figure: Figure, target: str | None) -> str | None:
    """Why ``figure`` may not throw a grapple at the ship ``target`` (None: it may)."""
    own = ship_under(shore, figure)
    if own is None:
        return f"{figure.name} is not aboard a ship"
    if shore.hosting:
        return "with the collisions module, ships grapple as they close (CG-GRAP-1), not by a figure's action"
    other = shore.ships.get(target or "")
    if other is None or not other.afloat or other is own:
        return f"{target!r} is not another ship afloat"
    if other.name in own.grappled:
        return f"{own.name} is already grappled to {other.name}"
    if hull_distance(own.hull, other.hull) > BOARD_REACH:
        return f'{own.name} is more than {BOARD_REACH:g}" from {other.name} (WS-BOARD-1)'
    if hull_gap(shore.base(figure), other.hull) > BOARD_REACH:
        return f"{figure.name} stands more than {BOARD_REACH:g}\" from {other.name}'s side: go to the gunwale"
    return None


def grapple(g: Game, shore: Shore, figure: Figure, target: str) -> Generator[Prompt, Any, None]:
    """WS-BOARD-1: a grapple thrown across: on 2-6 the two ships are held together."""
    own = ship_under(shore, figure)
    other = shore.ships[target]
    assert own is not None
    mods = hero_mods(shore, figure)
    out = yield from attempt(g, figure, f"{figure.name} grapples {target}", "WS-BOARD-1", BOARD_ROLL, mods)
    if out.passed:
        own.grappled.add(other.name)
        other.grappled.add(own.name)
    g.emit("grapple", "WS-BOARD-1", figure=figure.name, ship=own.name, target=other.name, passed=out.passed, need=out.need, mods=[m.to_json() for m in mods])


def pace(shore: Shore, ship: Ship) -> str:
    """How fast a ship is going for a swimmer climbing aboard (WS-BOARD-3): stationary if its bow
    went nowhere in its side's last movement, else at the speed of its damage band."""
    if ship.travelled <= 0.0 or ship.band in ("dead", "sinking"):
        return "stationary"
    return "half" if ship.band == "half" else "full"


def climb_refused(shore: Shore, figure: Figure, target: str | None) -> str | None:
    """Why a figure may not try to climb aboard the ship ``target`` from the water."""
    if not figure.swimming:
        return f"{figure.name} is not in the water"
    ship = shore.ships.get(target or "")
    if ship is None or not ship.afloat:
        return f"{target!r} is not a ship afloat"
    if hull_gap(shore.base(figure), ship.hull) > CLIMB_REACH:
        return f"{figure.name} is more than {CLIMB_REACH:g}\" from {ship.name}'s side"
    if _landing(shore, figure, ship) is None:
        return f"there is no room aboard {ship.name}"
    return None


def _landing(shore: Shore, figure: Figure, ship: Ship) -> Vec | None:
    assert figure.spot is not None
    return space_for(shore, Surface.DECK, ship.name, figure.radius).nearest(shore.world(figure.spot))


def climb(g: Game, shore: Shore, figure: Figure, target: str) -> Generator[Prompt, Any, None]:
    """WS-BOARD-3: a swimmer climbs aboard: 3-6 onto a stationary ship, 4-6 at half speed, 5-6 at
    full; on a success it stands on the deck at the free spot nearest where it swam."""
    ship = shore.ships[target]
    speed = pace(shore, ship)
    mods = hero_mods(shore, figure)
    out = yield from attempt(g, figure, f"{figure.name} climbs aboard {ship.name}", "WS-BOARD-3", CLIMB_ROLLS[speed], mods)
    at = None
    if out.passed:
        p = _landing(shore, figure, ship)
        assert p is not None
        figure.spot = spot_at(shore, Surface.DECK, ship.name, p)
        at = [round(p.x, 4), round(p.y, 4)]
    g.emit("climb", "WS-BOARD-3", figure=figure.name, ship=ship.name, pace=speed, passed=out.passed, need=out.need, mods=[m.to_json() for m in mods], at=at)
