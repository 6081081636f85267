"""The read-only questions Naval Warhammer's table page asks while a person decides (the web
plugin's ``previews``): where a ship's move would take her.

The move preview runs the move's own code (``courses.course`` for the course, the sweep the move
makes against what ``moving.obstacles_for`` lists, the shallows' check of ``harbour``), so the
ghost the page draws ends where the move would stop, never on a straight line of its own.  It
only reads the game: what a contact then does (a ram, a grounding, a grapple) is for the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from grapeshot.core.capabilities import Param, Preview, Question
from grapeshot.core.game import Game
from grapeshot.geometry import Hull, sweep
from grapeshot.rulesets.navalwarhammer import harbour
from grapeshot.rulesets.navalwarhammer.courses import course, turns
from grapeshot.rulesets.navalwarhammer.data import TURNS
from grapeshot.rulesets.navalwarhammer.moving import obstacles_for
from grapeshot.rulesets.navalwarhammer.prompts import SteerPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea

#: the spacing of the points the course is drawn through, in inches
STEP = 0.5


def _pose(h: Hull) -> list[float]:
    return [round(h.x, 4), round(h.y, 4), round(h.heading % 360.0, 3)]


def _corners(h: Hull) -> list[list[float]]:
    return [[round(x, 4), round(y, 4)] for x, y in h.corners]


def move(game: Game, seat: str | None, values: Mapping[str, object]) -> dict[str, Any]:
    """What a move of ``inches`` turning ``turn`` degrees (port positive) at the ``at`` of the
    move would be for ``ship`` (the ship the waiting move asks about, unless named): the bow's
    course, the hull where she would stop, how far she would get and what she would meet first
    (a ship, a rock, the table's edge; ``stop``), or the shallows where she would have to roll.
    A turn or a distance the waiting move refuses is answered with the move's own reason."""
    sea = cast(Sea, game.state)
    prompt = game.prompt_for(seat) if seat is not None else None
    steering = prompt if isinstance(prompt, SteerPrompt) else None
    name = cast(str | None, values["ship"]) or (steering.ship if steering else None)
    if name is None:
        raise ValueError("ship: no move waits on this seat, so name the ship")
    ship = sea.ships.get(name)
    if ship is None or not ship.afloat:
        raise LookupError(f"no ship {name!r} afloat at this table")
    inches = cast(float, values["inches"])
    turn = cast(float, values["turn"])
    at = cast(str, values["at"])
    if turn not in TURNS:
        raise ValueError(f"turn: a ship turns one of {list(TURNS)} degrees, not {turn:g}")
    out: dict[str, Any] = {"ship": name, "inches": inches, "turn": turn, "at": at}
    if steering is not None and steering.ship == name:
        if not steering.least - 1e-9 <= inches <= steering.most + 1e-9:
            raise ValueError(f'inches: {name} moves between {steering.least:g}" and {steering.most:g}" this turn, not {inches:g}"')
        out["turns"] = allowed = turns(ship, steering.mode, inches)
        if turn not in allowed:
            words = ", ".join(f"{t:g}" for t in allowed)
            out.update(ok=False, why=f'on a move of {inches:g}" {name} may turn {words} degrees: a turn takes inches of the move (NW-MOVE-1)')
            return out
    path = course(ship, inches, turn, at)
    L, W = ship.hull.length, ship.hull.width
    sw = sweep(path, L, W, obstacles_for(sea, ship), sea.table, upto=inches)
    reach = sw.travelled
    hull = sw.hull
    stop: dict[str, Any] | None = None
    if sw.contact is not None:
        stop = {"with": sw.contact.ident, "kind": sw.contact.kind, "at": round(sw.contact.at, 3)}
    shallow = None if ship.in_shallows else harbour.shallow_point(sea, ship, path, 0.0, reach)
    if shallow is not None:
        stop = {"with": "shallow water", "kind": "shallows", "at": round(shallow, 3)}
        reach = shallow
        hull = path.hull_at(shallow, L, W)
    n = max(1, int(reach / STEP))
    points = [path.at(reach * i / n) for i in range(n + 1)]
    ram = steering.ram_target(inches, turn, at) if steering is not None and steering.ship == name else None
    out.update(
        ok=True,
        course=[[round(p.x, 4), round(p.y, 4)] for p in points],
        travelled=round(reach, 3),
        end=_pose(hull),
        corners=_corners(hull),
        stop=stop,
        ram=ram,
    )
    return out


MOVE_PREVIEW = Preview(
    Question(
        "move",
        "where a ship's move would take her: the bow's course, the hull where she stops, and what she meets first",
        (
            Param("ship", "the ship, by name (the ship whose move waits, unless named)"),
            Param("inches", "how far the move goes, inches", float, required=True, bounds=(0.0, 100.0)),
            Param("turn", "the turn, degrees (port positive)", float, default=0.0, bounds=(-90.0, 90.0)),
            Param("at", "where the turn is made", choices=("start", "end"), default="start"),
        ),
    ),
    move,
)
