"""How a game of Naval Warhammer ends, and who wins (a stand-in: the text gives only the prizes'
double victory points, NW-BOARD-7).

Victory points: the points of every enemy model slain, to the side whose blow slew it (a war
machine and its crew as one unit, scored once, :func:`~.damage.credit`); the value of
every enemy ship sunk (its hull, upgrades and boats), to the side whose blow sank it; and twice the
value of every enemy ship a side holds as a prize at the end (NW-BOARD-7).  The game ends when at
most one side still has a ship crewed by its own models ("last fleet afloat"), or after the turn
limit (option ``turn_limit``), on victory points; a tie is a draw.
"""

from __future__ import annotations

from grapeshot.core.game import Game
from grapeshot.core.ruleset import Outcome
from grapeshot.rulesets.navalwarhammer.state import Sea

OBJECTIVES = ("last-fleet-afloat", "victory-points")


def crewed(sea: Sea) -> set[str]:
    """The seats with a ship afloat crewed by at least one model of their own aboard her."""
    return {s.commander for s in sea.afloat() if any(u.seat == s.commander and not u.is_machine for u, _ in sea.aboard(s.name))}


def check(g: Game, sea: Sea) -> Outcome | None:
    left = crewed(sea)
    if len(left) > 1:
        return None
    return finish(g, sea, "last-fleet-afloat" if left else "draw", tuple(sorted(left)))


def prizes(sea: Sea) -> dict[str, int]:
    """NW-BOARD-7: twice the value of each enemy ship a seat holds."""
    return sea.prizes()


def final(g: Game, sea: Sea) -> Outcome:
    totals = score(sea)
    best = max(totals.values(), default=0)
    winners = tuple(sorted(s for s, v in totals.items() if v == best))
    if len(winners) != 1:
        return finish(g, sea, "draw", winners)
    return finish(g, sea, "victory-points", winners)


def score(sea: Sea) -> dict[str, int]:
    """The one score (:meth:`Sea.score`): victory points won and prizes held."""
    return sea.score()


def finish(g: Game, sea: Sea, objective: str, winners: tuple[str, ...]) -> Outcome:
    totals = score(sea)
    detail = ", ".join(f"{s} {v} VP" for s, v in sorted(totals.items()))
    g.emit("victory", "NW-BOARD-7", objective=objective, winners=list(winners), vp=totals, prizes=prizes(sea), detail=detail)
    return Outcome(winners, objective, sea.turn, detail)
