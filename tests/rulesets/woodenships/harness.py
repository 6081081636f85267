"""Helpers for the Wooden Ships rule tests: small scenarios built in code, games switched to
scripted dice, figures put where a test wants them, and the flow driven to a given prompt."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import ScriptedDice, ScriptItem
from grapeshot.geometry import Surface, Vec
from grapeshot.rulesets.woodenships.pieces import Figure, Ship
from grapeshot.rulesets.woodenships.places import spot_at
from grapeshot.rulesets.woodenships.state import Shore
from tests.support import game

__all__ = ["game"]

#: a narrow ship of two sections: 8" x 4", 12 hit points, cost 18
NARROW: dict[str, Any] = {"type": "narrow", "sections": 2}


def ship(name: str, x: float, y: float, heading: float, crew: Sequence[Mapping[str, Any]] | None = None, **fields: Any) -> dict[str, Any]:
    """A ship (a narrow one of two sections unless ``fields`` say) with its captain and ``crew``."""
    return {"name": name, **NARROW, "x": x, "y": y, "heading": heading, "crew": [{"name": f"{name} captain", "kind": "captain"}, *(crew or [])], **fields}


def scenario(
    red: Sequence[Mapping[str, Any]] = (),
    blue: Sequence[Mapping[str, Any]] = (),
    *,
    red_ashore: Sequence[Mapping[str, Any]] = (),
    blue_ashore: Sequence[Mapping[str, Any]] = (),
    terrain: Iterable[Mapping[str, Any]] = (),
    table: tuple[float, float] = (60.0, 40.0),
    options: Mapping[str, Any] | None = None,
    piles: Mapping[str, Mapping[str, int]] | None = None,
) -> Scenario:
    """A two-seat scenario; fleets of equal cost and figures are not required unless asked
    (``cost_margin`` is opened wide and ``equal_figures`` is off by default here) and the sides
    go in seat order (``initiative: fixed``), so a test scripts only the dice its rule rolls."""
    fleets = []
    for seat, ships, ashore in (("red", red, red_ashore), ("blue", blue, blue_ashore)):
        fleet: dict[str, Any] = {"seat": seat, "ships": [dict(s) for s in ships]}
        if ashore:
            fleet["ashore"] = [dict(a) for a in ashore]
        if piles and seat in piles:
            fleet["pile"] = dict(piles[seat])
        fleets.append(fleet)
    data = {
        "name": "test",
        "ruleset": "woodenships",
        "table": {"width": table[0], "height": table[1]},
        "terrain": list(terrain),
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": fleets,
        "options": {"initiative": "fixed", "equal_figures": False, "cost_margin": 1000, **(options or {})},
    }
    return parse_scenario(data, "test scenario")


def duel(red_crew: Sequence[Mapping[str, Any]] = (), blue_crew: Sequence[Mapping[str, Any]] = (), gap: float = 10.0, **kw: Any) -> Scenario:
    """Red's ship heading east at (20, 20), blue's heading west beside it, ``gap`` inches apart
    across (hull to hull)."""
    return scenario([ship("Red", 20.0, 20.0, 0.0, red_crew)], [ship("Blue", 20.0, 24.0 + gap, 180.0, blue_crew)], **kw)


def shore(g: Game) -> Shore:
    assert isinstance(g.state, Shore)
    return g.state


def fig(g: Game, name: str) -> Figure:
    return shore(g).figures[name]


def boat(g: Game, name: str) -> Ship:
    return shore(g).ships[name]


def put(g: Game, name: str, surface: Surface, ident: str, x: float, y: float) -> Figure:
    """Stand a figure at a point of the table on a surface (the test's own arrangement)."""
    s = shore(g)
    f = s.figures[name]
    f.spot = spot_at(s, surface, ident, Vec(x, y))
    return f


def script(g: Game, *faces: ScriptItem) -> None:
    g.dice = ScriptedDice(faces)


def until(g: Game, kind: str, limit: int = 400) -> Prompt:
    """Answer every prompt with its first legal answer until one of ``kind`` comes."""
    for _ in range(limit):
        p = g.prompt
        assert p is not None, "the game ended first"
        if p.kind == kind:
            return p
        seat = g.waiting_for()[0]
        g.submit(seat, p.legal(seat).first())
    raise AssertionError(f"no {kind} within {limit} prompts")


def kinds(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in g.events if e.kind == kind]


#: a big island over most of a 60" x 40" table, with a strip of water along the bottom for the ships
ISLE = {"kind": "island", "name": "Isle", "polygon": [[2, 8], [58, 8], [58, 38], [2, 38]]}


def ashore(red: Sequence[Mapping[str, Any]] = (), blue: Sequence[Mapping[str, Any]] = (), terrain: Sequence[Mapping[str, Any]] = (), **kw: Any) -> Scenario:
    """The big island (:data:`ISLE`) with figures of both sides on it, each side's ship in the
    water below (red's at (15, 3.5), blue's at (45, 3.5), both heading east)."""
    red_land = [{"land": "Isle", **r} for r in red]
    blue_land = [{"land": "Isle", **b} for b in blue]
    return scenario([ship("Red", 15, 3.5, 0)], [ship("Blue", 45, 3.5, 0)], red_ashore=red_land, blue_ashore=blue_land, terrain=[ISLE, *terrain], **kw)


def to_figure(g: Game, name: str) -> Prompt:
    """Run the flow to the figure's turn (every ship holding her course, other sides' figures
    standing fast) and choose it: the figure's move prompt."""
    f = shore(g).figures[name]
    from grapeshot.rulesets.woodenships.actions import Next, Steer

    for _ in range(100):
        p = g.prompt
        assert p is not None, "the game ended first"
        seat = g.waiting_for()[0]
        if p.kind == "SteerPrompt":
            g.submit(seat, Steer())
        elif p.kind == "NextPrompt":
            g.submit(seat, Next(name) if seat == f.side and name in getattr(p, "ready", ()) else Next())
            if seat == f.side and g.prompt is not None and g.prompt.kind == "MovePrompt":
                return g.prompt
        else:
            g.submit(seat, p.legal(seat).first())
    raise AssertionError(f"{name} never got its turn")
