"""How a Jim Lad game is won (JL-WIN-*)."""

from __future__ import annotations

from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.ruleset import Outcome
from grapeshot.rulesets.jimlad.state import Sea, victory_points

#: the ways a game is won, in the order reports list them (a drawn game's objective is "draw")
OBJECTIVES = ("last-boat-afloat", "weez-da-only-fleet", "best-of-the-rest")


def check(g: Game, sea: Sea, *, after_repairs: bool = False) -> Outcome | None:
    """The game's result if it is decided now, else None.

    * one seat commands every ship afloat: "last boat afloat" (JL-WIN-1) if
      they are all its own, "Weez Da Only Fleet" (JL-WIN-2) if it captured some;
    * after the shooting phase's repairs (``after_repairs``): one seat alone has
      ships that can still manoeuvre and every other ship is down to one hull
      point: that seat wins, as the last boat afloat (JL-WIN-1).
    """
    afloat = list(sea.afloat())
    commanders = {s.commander for s in afloat}
    if not afloat:
        return _end(g, Outcome((), "draw", sea.turn, "every ship has sunk"), "JL-WIN-1")
    if len(commanders) == 1:
        seat = next(iter(commanders))
        if any(s.owner != seat for s in afloat):
            return _end(g, Outcome((seat,), "weez-da-only-fleet", sea.turn, "every ship still afloat sails under one Kaptin"), "JL-WIN-2")
        return _end(g, Outcome((seat,), "last-boat-afloat", sea.turn, "the last fleet afloat"), "JL-WIN-1")
    if after_repairs:
        movers = {s.commander for s in afloat if s.manoeuvrable}
        if len(movers) == 1:
            seat = next(iter(movers))
            if all(s.hull_points <= 1 for s in afloat if s.commander != seat):
                return _end(g, Outcome((seat,), "last-boat-afloat", sea.turn, "the only ships still able to manoeuvre"), "JL-WIN-1")
    return None


def final(g: Game, sea: Sea) -> Outcome:
    """JL-WIN-3 at the turn limit: most victory points; a tie goes to the most hull points
    remaining (the whole fleet's, or the best single ship's, per option ``tiebreak``)."""
    vp = victory_points(sea)
    best = max(vp.values())
    leaders = sorted(s for s, v in vp.items() if v == best)
    detail = f"victory points {vp}"
    if len(leaders) > 1:
        per_ship = sea.option("tiebreak") == "ship"

        def hull(seat: str) -> int:
            pts = [s.hull_points for s in sea.fleet(seat)]
            return (max(pts) if pts else 0) if per_ship else sum(pts)

        top = max(hull(s) for s in leaders)
        leaders = [s for s in leaders if hull(s) == top]
        how = "best ship" if per_ship else "fleet"
        if len(leaders) == 1:
            detail += f"; tie broken on hull points ({how}): {top}"
        else:
            detail += f"; still tied on hull points ({how}): {top} each"
    objective = "best-of-the-rest" if len(leaders) == 1 else "draw"
    return _end(g, Outcome(tuple(leaders), objective, sea.turn, detail), "JL-WIN-3", vp=vp)


def _end(g: Game, outcome: Outcome, rule: str, **extra: Any) -> Outcome:
    data: dict[str, Any] = {k: v for k, v in outcome.to_json().items() if k != "turn"}
    data.update(extra)
    g.emit("victory", rule, **data)
    return outcome
