"""Forts and gates (WS-FORT-1..3).

* **Cost and hit points** (WS-FORT-1). A fort has as many hit points as it costs; the text gives
  no costs, so the fort cost table (:data:`~.data.FORT_COSTS`, a ruling) prices it from its
  walls (each started 6" round its footprint), its raised levels, its gates and the guns
  mounted in it.  Forts are damaged as ships are, by cannons and swivels firing at them.
* **Gates** (WS-FORT-1). Each gate has 3 hit points of its own; damage to a gate adds up. What a
  blow does beyond what the gate had left goes on to the fort (option ``gate_excess: spill``),
  or, read the other way, a damage roll of 5 or 6 also takes a point off the fort as it does for
  a cannon (``gate_excess: cannon``).  A broken gate lets anyone in; a fort's own side passes its
  gates freely while they stand.
* **Scaling** (WS-FORT-2). Getting onto the walls from outside (the ground at their foot, or a
  ship alongside) other than through a gate open to the figure, or climbing to a higher level,
  needs a 6; 4-6 once the fort has lost a third of its points, 3-6 at two thirds; heroes add
  their +1.  With option ``fort_climbing: enemies`` (the default) the fort's own side goes up
  and down its walls and levels freely (its ladders and stairs); ``everyone`` makes all roll.
  Climbing down is free.  A failed roll leaves the figure at the foot of the wall.
* **Collapse** (WS-FORT-3). At no points left the walls fall: everyone on the fort is set down
  on the ground among the ruins and rolls a D6, crushed on a 1 (heroes) or a 1-2 (others); the
  fort's guns and mounted weapons are lost; from then on its footprint is open ground anyone may
  walk over.  Its cost scores for the side that brought it down (the victory ruling,
  WS-RULING-1).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Surface, Vec
from grapeshot.rulesets.woodenships.checks import attempt, hero
from grapeshot.rulesets.woodenships.data import CRUSH_HERO, CRUSH_MAN, SCALE_NEED
from grapeshot.rulesets.woodenships.pieces import Figure, Fort, Gate
from grapeshot.rulesets.woodenships.places import space_for, spot_at
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import kill


def scale_need(fort: Fort) -> int:
    """The roll that scales this fort's walls or climbs its levels now (WS-FORT-2)."""
    return SCALE_NEED.get(fort.band, SCALE_NEED["two-thirds"])


def climbs_free(shore: Shore, figure: Figure, fort: Fort) -> bool:
    """Whether a figure goes up this fort's walls and levels without a roll: its own side's fort,
    unless option ``fort_climbing`` makes everyone roll."""
    return fort.side == figure.side and shore.option("fort_climbing") == "enemies"


def open_gates(fort: Fort, figure: Figure) -> list[Gate]:
    """The gates a figure may walk through: all of its own side's fort, and the broken ones."""
    return [g for g in fort.gates if g.broken or fort.side == figure.side]


def scale(g: Game, shore: Shore, figure: Figure, fort: Fort, what: str) -> Generator[Prompt, Any, bool]:
    """WS-FORT-2: the roll to scale the walls or climb a level (``what`` says which)."""
    base = scale_need(fort)
    mods = hero(figure)
    out = yield from attempt(g, figure, f"{figure.name}: {what} of {fort.name}", "WS-FORT-2", base, mods)
    g.emit(
        "scale",
        "WS-FORT-2",
        figure=figure.name,
        side=figure.side,
        fort=fort.name,
        what=what,
        band=fort.band,
        base=base,
        need=out.need,
        mods=[m.to_json() for m in mods],
        faces=list(out.faces),
        passed=out.passed,
    )
    return out.passed


def damage_fort(g: Game, shore: Shore, fort: Fort, points: int, by: str | None, cause: str, rule: str) -> Generator[Prompt, Any, None]:
    """Points off a fort (WS-FORT-1), its new band logged; at none left it collapses (WS-FORT-3)."""
    if fort.collapsed or points <= 0:
        return
    was = fort.band
    fort.lost = min(fort.points, fort.lost + points)
    g.emit("fort-damage", rule, fort=fort.name, points=points, lost=fort.lost, left=fort.left, band=fort.band, was=was, cause=cause, by=by)
    if fort.lost >= fort.points:
        yield from collapse(g, shore, fort, by)


def hit_gate(g: Game, shore: Shore, gate: Gate, harm: int, by: str | None, cause: str) -> Generator[Prompt, Any, None]:
    """WS-FORT-1: damage to a gate adds up to its 3 hit points; what goes on to the fort (option
    ``gate_excess``)."""
    fort = shore.forts[gate.fort]
    before = gate.life
    gate.life = max(0, gate.life - harm)
    spill = max(0, harm - before) if shore.option("gate_excess") == "spill" else (1 if harm >= 5 else 0)
    g.emit("gate-hit", "WS-FORT-1", gate=gate.name, fort=fort.name, damage=harm, life=gate.life, was=before, broken=gate.broken, spill=spill, by=by)
    if spill:
        yield from damage_fort(g, shore, fort, spill, by, f"{cause}: the blow to {gate.name}", "WS-FORT-1")


def on_fort(shore: Shore, fort: Fort) -> list[Figure]:
    """The living figures on a fort's walls and levels."""
    return [f for f in shore.living() if f.spot is not None and shore.fort_of(f.spot) is fort]


def collapse(g: Game, shore: Shore, fort: Fort, by: str | None) -> Generator[Prompt, Any, None]:
    """WS-FORT-3: the walls fall.  Those on the fort come down among the ruins and roll to be
    crushed; its guns are lost; what lay on it lies on the ground; its cost scores."""
    fort.collapsed = True
    fort.lost = fort.points
    inside = on_fort(shore, fort)
    for f in inside:  # each set down in turn, so the next finds the room the last has taken
        assert f.spot is not None
        p = shore.world(f.spot)
        q = space_for(shore, Surface.LAND, fort.ground, f.radius, f.name).nearest(p)
        f.spot = spot_at(shore, Surface.LAND, fort.ground, q if q is not None else p)
    for w in shore.weapons.values():
        if w.spot is not None and shore.fort_of(w.spot) is fort:
            w.spot = spot_at(shore, Surface.LAND, fort.ground, Vec(w.spot.x, w.spot.y))
    lost = []
    for gun in [x for x in shore.guns.values() if x.ship == fort.name and x.working]:
        gun.life, gun.loaded, gun.crew = 0, False, ()
        lost.append(gun.name)
    scored = fort.cost if by is not None and by != fort.owner else 0
    if scored and by is not None:
        shore.scored[by] = shore.scored.get(by, 0) + scored
    g.emit("fort-collapse", "WS-FORT-3", fort=fort.name, side=fort.side, figures=[f.name for f in inside], lost=lost, by=by, scored=scored)
    for f in inside:
        top = CRUSH_HERO if f.hero else CRUSH_MAN
        r = yield from g.roll(RollRequest(D6, f"is {f.name} crushed in the fall of {fort.name}?", "WS-FORT-3", f.side, f.name, "high", top + 1))
        crushed = r.total <= top
        g.emit("crushed", "WS-FORT-3", figure=f.name, side=f.side, fort=fort.name, roll=r.total, on=top, crushed=crushed)
        if crushed:
            kill(g, shore, f, by, f"crushed in the fall of {fort.name}", "WS-FORT-3")
