"""Wooden Ships' odds of ship against ship: a ram (WS-RAM-1/2), a grapple thrown across and a
boarding party's crossing (WS-BOARD-1), each run through the rule's own procedure
(:func:`rams.ram`, :func:`boarding.grapple`, :func:`boarding.boarding_roll`) on a small staged
situation, as :mod:`.odds` does for shots and blows.

* ``ram``: a ship of one type runs into a ship of another (or rocks, a sea wall, a harbour),
  bow first or not; both take the other's ram value, and a bigger rammer sticks fast;
* ``grapple``: a figure at its gunwale throws a grapple at a ship alongside;
* ``board``: a figure crosses onto an enemy ship alongside.

With the collisions module in play its own ram and grapple questions apply instead
(``grapeshot odds --ruleset woodenships --module collisions``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from grapeshot.core.capabilities import Effort, Param, Question
from grapeshot.core.game import Game
from grapeshot.geometry import Contact
from grapeshot.odds import OddsError
from grapeshot.rulesets.woodenships import boarding, hosting, rams
from grapeshot.rulesets.woodenships.data import SHIP_TYPES
from grapeshot.rulesets.woodenships.odds_staging import WsOdds, solve, stage
from grapeshot.rulesets.woodenships.state import Shore

FIXED = tuple(rams.TERRAIN_RAMS)
HERO = Param("hero", "the one who acts is a hero (+1)", bool, False)
HERO_BOARDING = Param("hero-boarding", "heroes add their +1 to boarding and grappling", bool, True)

QUESTIONS: tuple[Question, ...] = (
    Question(
        "ram",
        "a ship running into another ship (or rocks, a sea wall, a harbour): each takes the other's ram value, a bigger rammer sticks fast (WS-RAM-1/2)",
        (
            Param("rammer", "the ramming ship's type", str, "narrow", tuple(SHIP_TYPES)),
            Param("rammed", "what it runs into: a ship's type, or a fixed object", str, "narrow", (*SHIP_TYPES, *FIXED)),
            Param("sideswipe", "some part of the rammer other than its bow strikes (no +1; running straight ahead the bow always does)", bool, False),
            Param("ship-table", "the copy of the ship table in force (WS-SHIP-3)", str, "main", ("main", "score_sheet")),
        ),
        picked_by=("rammer", "rammed", "sideswipe"),
    ),
    Question(
        "grapple",
        "a figure at its gunwale throwing a grapple at a ship alongside: 2-6 holds them (WS-BOARD-1)",
        (HERO, HERO_BOARDING),
    ),
    Question(
        "sink-or-swim",
        "a ship going down with the collisions module in play: each aboard rolls a D6, a 1 goes down with her (CG-SWIM-1)",
        (Param("aboard", "men aboard besides her captain", int, 5, bounds=(0, 8)),),
        picked_by=("aboard",),
    ),
    Question(
        "board",
        "a boarding party crossing onto an enemy ship alongside: 2-6 gets it across (WS-BOARD-1)",
        (HERO, HERO_BOARDING),
    ),
)


def _ship(name: str, kind: str, x: float, y: float, heading: float, crew: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": name, "type": kind, "x": x, "y": y, "heading": heading, "masts": [], "crew": crew}


def ram_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    """Red's ship at (50, 25) heading east (+x); what it rams lies ahead of its bow (a ship
    broadside on), or, for a sideswipe, astern, so that its bow section is or is not the part
    of it nearest (:func:`rams.bow_first`, the test the game makes)."""
    rammer, rammed, bow = str(v["rammer"]), str(v["rammed"]), not v["sideswipe"]
    x = 70.0 if bow else 26.0
    fleets: list[dict[str, Any]] = [{"seat": "red", "ships": [_ship("Red", rammer, 50, 25, 0, [{"kind": "captain"}])]}]
    terrain: list[dict[str, Any]] = []
    if rammed in SHIP_TYPES:
        fleets.append({"seat": "blue", "ships": [_ship("Blue", rammed, x + 2.0, 25, 90, [{"kind": "captain"}])]})
    else:
        fleets.append({"seat": "blue", "ships": [_ship("Blue", "narrow", 85, 50, 0, [{"kind": "captain"}])]})
        terrain.append({"kind": rammed, "name": "the " + rammed.replace("_", " "), "polygon": [[x, 5], [x + 4, 5], [x + 4, 45], [x, 45]]})
    g = stage(fleets, {"ship_table": v["ship-table"]}, terrain=terrain)
    s = cast(Shore, g.state)
    contact = Contact("Blue", "ship", 0.0) if rammed in SHIP_TYPES else Contact(terrain[0]["name"], rammed, 0.0)
    target = s.ships["Blue"].hull if rammed in SHIP_TYPES else next(o.shape for o in s.obstacles if o.ident == contact.ident)
    if rams.bow_first(s.ships["Red"], target) != bow:
        raise OddsError("that ram cannot be staged bow first as asked")

    def proc(game: Game, shore: Shore) -> Any:
        return rams.ram(game, shore, shore.ships["Red"], contact)

    what = _a(SHIP_TYPES[rammed].title) if rammed in SHIP_TYPES else "the " + rammed.replace("_", " ")
    return solve(g, proc, f"{_a(SHIP_TYPES[rammer].title)} rams {what}" + ("" if bow else " (a sideswipe, not bow first)"), effort)


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _alongside(v: Mapping[str, Any]) -> Game:
    """Red's and blue's narrow ships side by side 1.5" apart, red's figure at its rail nearest blue."""
    kind = "hero" if v["hero"] else "man"
    red = _ship("Red", "narrow", 20, 20, 0, [{"kind": "captain", "at": [-3, 0]}, {"name": "Sailor", "kind": kind, "at": [0, 1.4]}])
    blue = _ship("Blue", "narrow", 20, 25.5, 0, [{"kind": "captain", "at": [-3, 0]}])
    return stage([{"seat": "red", "ships": [red]}, {"seat": "blue", "ships": [blue]}], {"hero_boarding": v["hero-boarding"]})


def grapple_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    g = _alongside(v)
    s = cast(Shore, g.state)
    why = boarding.grapple_refused(s, s.figures["Sailor"], "Blue")
    if why is not None:
        raise OddsError(why)

    def proc(game: Game, shore: Shore) -> Any:
        return boarding.grapple(game, shore, shore.figures["Sailor"], "Blue")

    return solve(g, proc, f"a {'hero' if v['hero'] else 'man'} throws a grapple at a ship alongside", effort)


def board_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    g = _alongside(v)

    def proc(game: Game, shore: Shore) -> Any:
        passed = yield from boarding.boarding_roll(game, shore, shore.figures["Sailor"], shore.ships["Blue"], "Red>Blue")
        return "across" if passed else "held back"

    return solve(g, proc, f"a {'hero' if v['hero'] else 'man'} boards an enemy ship alongside", effort)


def lost_count(before: Shore, after: Shore) -> str:
    """How many of those aboard were lost (the names do not matter to the odds)."""
    n = sum(1 for name, f in after.figures.items() if before.figures[name].alive and not f.alive)
    return f"{n} lost" if n else "none lost"


def sink_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    """Red's narrow ship goes down (WS-DMG-3 through :func:`hosting.go_down`, the module's
    ``collisions.sunk`` first): her captain and ``aboard`` men roll sink or swim."""
    n = int(v["aboard"])
    crew: list[dict[str, Any]] = [
        {"kind": "captain", "at": [-3, 0]},
        *({"name": f"Sailor {i + 1}", "kind": "man", "at": [-1.9 + (i // 2) * 1.1, 0.9 * (1 if i % 2 else -1)]} for i in range(n)),
    ]
    red = _ship("Red", "narrow", 30, 30, 0, crew)
    blue = _ship("Blue", "narrow", 70, 30, 0, [{"kind": "captain"}])
    g = stage([{"seat": "red", "ships": [red]}, {"seat": "blue", "ships": [blue]}], {}, modules=("collisions",))

    def proc(game: Game, shore: Shore) -> Any:
        return hosting.go_down(game, shore, shore.ships["Red"])

    return solve(g, proc, f"a ship going down with {n + 1} aboard", effort, read=lost_count)


ANSWERS: dict[str, Callable[[Mapping[str, Any], Effort], WsOdds]] = {"ram": ram_odds, "grapple": grapple_odds, "board": board_odds, "sink-or-swim": sink_odds}
