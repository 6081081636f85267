"""The non-player models as one: floating mines, Da Kraken, Da Dred NoOrk and Da Chinork (JL-NPC-*).

This room holds what concerns all of them at once: their setting up before turn 1, what krak
landing on one does (on a mine: S + D6 against armour 11, glancing or penetrating destroys it
harmlessly, JL-NPC-1; on the Kraken: a wound roll, JL-NPC-2), and the checks that they stay on the
table clear of the ships.  Each model's own rules have a room of its own (:mod:`.mines`,
:mod:`.kraken`, :mod:`.submarine`, :mod:`.chinork`), the geometry of the round ones is in
:mod:`.discs`, and a ship sailing into one is :func:`.collisions.ship_meets`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Vec, distance, hull_hits_polygon, hulls_overlap
from grapeshot.rulesets.jimlad.basis import explained, single
from grapeshot.rulesets.jimlad.damage import penetration
from grapeshot.rulesets.jimlad.data import KRAKEN, KRAKEN_RADIUS, MINE_ARMOUR, MINE_RADIUS
from grapeshot.rulesets.jimlad.kraken import wound_kraken
from grapeshot.rulesets.jimlad.mines import lay_mine
from grapeshot.rulesets.jimlad.state import Sea, Ship

Proc = Generator[Prompt, Any, Any]


def setup_models(g: Game, sea: Sea) -> Proc:
    """Before the first turn: the mines (JL-NPC-1) and Da Chinork on a landing pad (JL-EVT-11);
    none of them with option ``random_events: false``."""
    if not sea.option("random_events"):
        return
    sea.mines_total = len(sea.seats)
    pads = [t for t in sea.terrain if t.kind == "landing_pad" and t.point is not None]
    sea.chinork_pad = pads[0].name if pads else None
    g.emit("models", "JL-NPC-3", mines=sea.mines_total, chinork_pad=sea.chinork_pad, landing_pads=[t.name for t in pads])
    for _ in range(sea.mines_total):
        yield from lay_mine(g, sea)


def model_at(sea: Sea, p: Vec) -> str | None:
    """The mine or Kraken under a point (a krak shell's landing point), if any."""
    for m in sea.mines:
        if distance(p, Vec(m.x, m.y)) <= MINE_RADIUS:
            return m.name
    if sea.kraken is not None and distance(p, Vec(sea.kraken.x, sea.kraken.y)) <= KRAKEN_RADIUS:
        return KRAKEN
    return None


def krak_hits_model(g: Game, sea: Sea, model: str, strength: int, *, by: Ship, cause: str) -> Proc:
    """JL-NPC-1, JL-NPC-2: krak landing on a mine or the Kraken strikes it against armour 11.
    A mine hit glancing or penetrating is destroyed without harm to anyone (ruling)."""
    if model == KRAKEN:
        yield from wound_kraken(
            g, sea, strength, cause=cause, by_seat=by.commander, by_actor=by.name, rule="JL-SHOOT-3", strength_basis=single("JL-SHOOT-2", "krak", strength)
        )
        return
    mine = next((m for m in sea.mines if m.name == model), None)
    if mine is None:
        return
    r = yield from g.roll(RollRequest(D6, f"{cause} against {mine.name}", "JL-NPC-1", by.commander, by.name, "high"))
    verdict = penetration(strength, r.total, MINE_ARMOUR)
    destroyed = verdict != "none"
    if destroyed:
        sea.mines.remove(mine)
    g.emit(
        "mine-shot",
        "JL-NPC-1",
        mine=mine.name,
        cause=cause,
        by=by.commander,
        strength=strength,
        roll=r.total,
        total=strength + r.total,
        armour=MINE_ARMOUR,
        verdict=verdict,
        destroyed=destroyed,
        **explained(g, {"strength": single("JL-SHOOT-2", "krak", strength), "armour": single("JL-NPC-1", "a mine's armour", MINE_ARMOUR)}),
    )


def invariants(sea: Sea) -> list[str]:
    """The models stay on the table and no ship overlaps them (checked after every action)."""
    problems: list[str] = []
    ships = list(sea.afloat())
    if len(sea.mines) > sea.mines_total:
        problems.append(f"{len(sea.mines)} mines on the table, but only {sea.mines_total} in the game")
    for m in sea.mines:
        if not sea.table.holds_point(Vec(m.x, m.y), MINE_RADIUS - 1e-6):
            problems.append(f"{m.name} is off the table at ({m.x:.3f}, {m.y:.3f})")
        shape = m.shape()
        problems.extend(f"{s.name} overlaps {m.name}" for s in ships if hull_hits_polygon(s.hull, shape))
    if sea.kraken is not None:
        kr = sea.kraken
        if not sea.table.holds_point(Vec(kr.x, kr.y), KRAKEN_RADIUS - 1e-6):
            problems.append(f"the Kraken is off the table at ({kr.x:.3f}, {kr.y:.3f})")
        if kr.wounds <= 0:
            problems.append("the Kraken is on the table with no wounds")
        shape = kr.shape()
        problems.extend(f"{s.name} overlaps the Kraken" for s in ships if hull_hits_polygon(s.hull, shape))
    if sea.sub is not None:
        h = sea.sub.hull
        if not sea.table.holds(h):
            problems.append(f"the sub is off the table at {h!r}")
        problems.extend(f"{s.name} overlaps the sub" for s in ships if hulls_overlap(s.hull, h))
    return problems
