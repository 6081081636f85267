"""How a Wooden Ships game is won: a ruling, for the text gives no victory condition (WS-RULING-1).

* **Last side standing** (always): when only one side still has a figure alive (aboard, ashore or
  swimming: a swimmer may yet climb out), it wins at once; when none has, the game is drawn.
* At the turn limit (option ``turn_limit``), by option ``victory``: ``points`` (the default), the
  side with the most points wins (each enemy figure killed scores its life points, a man 1 and a
  hero 3; each enemy ship sunk scores its cost to the side that took its last point; each enemy
  ship held at the end scores its cost to the side holding it), equal points drawn among the
  best; or ``last_side``, the sides still standing draw.
"""

from __future__ import annotations

from grapeshot.core.game import Game
from grapeshot.core.ruleset import Outcome
from grapeshot.rulesets.woodenships.state import Shore


def standing(shore: Shore, side: str) -> bool:
    """Whether a side still has a living person (its animals keep no side standing)."""
    return any(not f.animal and f.name not in shore.prisoners for f in shore.living(side))


def points(shore: Shore) -> dict[str, int]:
    """Each side's points now: what it has scored, and the enemy ships it holds."""
    out = {s: shore.scored.get(s, 0) for s in shore.seats}
    for ship in shore.afloat():
        if ship.side != ship.owner:
            out[ship.side] = out.get(ship.side, 0) + ship.cost
    return out


def check(g: Game, shore: Shore) -> Outcome | None:
    """The game is over once at most one side stands."""
    if len(shore.seats) < 2:
        return None
    up = [s for s in shore.seats if standing(shore, s)]
    if len(up) > 1:
        return None
    if up:
        return _end(g, shore, tuple(up), "last-side-standing", f"only {up[0]} has figures left")
    return _end(g, shore, (), "draw", "no side has a figure left")


def final(g: Game, shore: Shore) -> Outcome:
    """The turn limit: points, or a draw among the sides still standing (option ``victory``)."""
    up = tuple(s for s in shore.seats if standing(shore, s))
    if shore.option("victory") == "last_side":
        return _end(g, shore, up, "draw", "the turn limit: the sides still standing share the draw")
    score = points(shore)
    best = max(score.values())
    top = tuple(s for s in shore.seats if score[s] == best)
    if len(top) == 1:
        return _end(g, shore, top, "points", f"{top[0]} has the most points: {score}")
    return _end(g, shore, top, "draw", f"equal points: {score}")


def _end(g: Game, shore: Shore, winners: tuple[str, ...], objective: str, detail: str) -> Outcome:
    g.emit("victory", "WS-RULING-1", winners=list(winners), objective=objective, detail=detail, points=points(shore))
    return Outcome(winners, objective, shore.turn, detail)
